//! Parser tests: real files from the shared data folder (exact counts), our own samples in
//! `samples/renju/`, and bad inputs with exact error locations.
//!
//! Shared data: `$KIFU_SHARED` or `<repo>/../shared`. When it is missing the real-file
//! tests print a skip notice and return, unless `KIFU_REQUIRE_SHARED=1`.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::PathBuf;

use kifu_parser::raw::{Comment, Outcome};
use kifu_parser::renlib::{self, TreeNode};
use kifu_parser::{bdt, detect, plain, psq, Format, Location, RawItem};

fn shared() -> Option<PathBuf> {
    kifu_testdata::shared("data/renju")
}

fn samples() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../samples/renju")
}

fn games(items: &[RawItem]) -> Vec<&kifu_parser::RawGame> {
    items.iter().filter_map(|i| i.as_ref().ok()).collect()
}

fn names(g: &kifu_parser::RawGame) -> Vec<String> {
    g.moves
        .iter()
        .map(|m| kifu_parser::coord::point_name(m.point))
        .collect()
}

// ---------------------------------------------------------------- real files

#[test]
fn dasimagin_train2_all_lines() {
    let Some(dir) = shared() else { return };
    let f = File::open(dir.join("games/dasimagin_renju_train-2.tar.xz")).unwrap();
    let mut ar = tar::Archive::new(xz2::read::XzDecoder::new(f));
    let mut seen = 0;
    for entry in ar.entries().unwrap() {
        let entry = entry.unwrap();
        let path = entry.path().unwrap().into_owned();
        if path.extension().and_then(|e| e.to_str()) != Some("renju") {
            continue;
        }
        seen += 1;
        let mut results: HashMap<Outcome, usize> = HashMap::new();
        let (mut n, mut errors, mut with_pass, mut moves) = (0, 0, 0, 0usize);
        let mut last_line = 0;
        for item in plain::LinesReader::new(BufReader::new(entry)) {
            match item {
                Ok(g) => {
                    n += 1;
                    *results.entry(g.header.result.unwrap()).or_default() += 1;
                    if g.moves.iter().any(|m| m.point.is_none()) {
                        with_pass += 1;
                    }
                    moves += g.moves.len();
                    assert!(g.start.line > last_line);
                    last_line = g.start.line;
                }
                Err(e) => {
                    errors += 1;
                    eprintln!("{e}");
                }
            }
        }
        assert_eq!(errors, 0);
        assert_eq!(n, 147_229);
        assert_eq!(
            results[&Outcome::of(kifu_parser::GameKind::Renju, kifu_facts::ResultName::Black)
                .unwrap()],
            94_935
        );
        assert_eq!(
            results[&Outcome::of(kifu_parser::GameKind::Renju, kifu_facts::ResultName::White)
                .unwrap()],
            45_976
        );
        assert_eq!(results[&Outcome::Draw], 120);
        assert_eq!(results[&Outcome::Unknown], 6_198);
        assert_eq!(with_pass, 222);
        assert_eq!(last_line, 147_229);
        eprintln!("train-2.renju: {n} games, {moves} moves");
    }
    assert_eq!(seen, 1);
}

struct BdtCount {
    records: usize,
    errors: usize,
    with_moves: usize,
    by_result: HashMap<String, usize>,
    lines: u32,
    notes: HashMap<&'static str, usize>,
}

fn read_bdt(path: PathBuf) -> BdtCount {
    let mut c = BdtCount {
        records: 0,
        errors: 0,
        with_moves: 0,
        by_result: HashMap::new(),
        lines: 0,
        notes: HashMap::new(),
    };
    for item in bdt::BdtReader::new(BufReader::new(File::open(&path).unwrap())) {
        match item {
            Ok(g) => {
                c.records += 1;
                c.lines = c.lines.max(g.start.line);
                if !g.moves.is_empty() {
                    c.with_moves += 1;
                }
                *c.by_result
                    .entry(g.header.result_text.clone().unwrap_or_default())
                    .or_default() += 1;
                for n in &g.notes {
                    *c.notes.entry(n.code).or_default() += 1;
                }
            }
            Err(e) => {
                c.errors += 1;
                eprintln!("{}: {e}", path.display());
            }
        }
    }
    c
}

#[test]
fn bdt_pbem() {
    let Some(dir) = shared() else { return };
    let c = read_bdt(dir.join("games/bdt/stefs92_PBeMSort.bdt"));
    assert_eq!((c.records, c.errors, c.with_moves), (7_266, 0, 7_266));
    assert_eq!(c.by_result["+"], 2_817);
    assert_eq!(c.by_result["-"], 2_541);
    assert_eq!(c.by_result["="], 508);
    assert_eq!(c.by_result["F"], 763);
    assert_eq!(c.by_result["f"], 637);
    assert_eq!(c.notes["forfeit-result"], 763 + 637);
    assert_eq!(c.notes["encoding-guess"], 20);
}

#[test]
fn bdt_rps_mst() {
    let Some(dir) = shared() else { return };
    let c = read_bdt(dir.join("games/bdt/stefs92_rps.bdt"));
    assert_eq!((c.records, c.errors, c.with_moves), (2_767, 0, 2_539));
    assert_eq!(c.notes["no-moves"], 2_767 - 2_539);
    assert_eq!(
        (c.by_result["+"], c.by_result["-"], c.by_result["="]),
        (1_397, 1_280, 90)
    );
    let c = read_bdt(dir.join("games/bdt/stefs92_MST-MM-40.bdt"));
    assert_eq!((c.records, c.errors, c.with_moves), (50, 0, 50));
    assert_eq!(
        (c.by_result["+"], c.by_result["-"], c.by_result["="]),
        (20, 21, 9)
    );
}

#[test]
fn bdt_gomoku_and_full() {
    let Some(dir) = shared() else { return };
    // SOURCES.md counts 786 records = 786 lines; one line holds two records run together,
    // which we split, so 787 records are read from 786 lines.
    let c = read_bdt(dir.join("games/bdt/stefs92_Gomoku.bdt"));
    assert_eq!((c.lines, c.errors), (786, 0));
    assert_eq!(c.records, 787);
    assert_eq!(c.notes["records-run-together"], 1);
    assert!(c.notes["bdt-corner-code"] >= 28);
    let total: usize = c.by_result.values().sum();
    assert_eq!(total, 787);
    // 11,179 lines (the four files plus 310 more games); again one line holds two records.
    let c = read_bdt(dir.join("games/bdt/stefs92_full_dataset.txt"));
    assert_eq!((c.lines, c.errors), (11_179, 0));
    assert_eq!(c.records, 11_180);
    assert_eq!(c.with_moves, 10_951 + 1);
    assert_eq!(c.notes["records-run-together"], 1);
}

#[test]
fn bdt_record_values() {
    let Some(dir) = shared() else { return };
    let mut r = bdt::BdtReader::new(BufReader::new(
        File::open(dir.join("games/bdt/stefs92_PBeMSort.bdt")).unwrap(),
    ));
    let g = r.next().unwrap().unwrap();
    assert_eq!(g.header.date.as_deref(), Some("1999"));
    assert_eq!(g.header.id.as_deref(), Some("0"));
    assert_eq!(g.header.black.as_deref(), Some("virag"));
    assert_eq!(g.header.white.as_deref(), Some("sydsad"));
    assert_eq!(
        g.header.result,
        Outcome::of(kifu_parser::GameKind::Renju, kifu_facts::ResultName::Black)
    );
    assert_eq!(names(&g)[..4], ["h8", "h9", "j9", "g8"]);
    assert_eq!(g.moves[0].at, Location::new(27, 1, 28));
    assert_eq!(
        g.header.extra,
        vec![
            ("F5".to_string(), "?".to_string()),
            ("F6".to_string(), "-".to_string())
        ]
    );
    // The run-together Gomoku line: both records are read, the second located mid-line.
    let items: Vec<_> = bdt::BdtReader::new(BufReader::new(
        File::open(dir.join("games/bdt/stefs92_Gomoku.bdt")).unwrap(),
    ))
    .collect();
    let second = games(&items)
        .into_iter()
        .find(|g| g.notes.iter().any(|n| n.code == "records-run-together"))
        .unwrap();
    assert_eq!(second.header.id.as_deref(), Some("852"));
    assert_eq!(second.header.black.as_deref(), Some("kim"));
    assert!(second.start.column > 1);
    let first_gomoku = games(&items)[0];
    assert_eq!(names(first_gomoku)[..3], ["h8", "o15", "o14"]);
    assert_eq!(
        first_gomoku
            .notes
            .iter()
            .filter(|n| n.code == "bdt-corner-code")
            .count(),
        2
    );
}

/// All variations of `g`, at any depth.
fn all_variations(vs: &[kifu_parser::raw::RenjuVariation]) -> usize {
    vs.iter().map(|v| 1 + all_variations(&v.variations)).sum()
}

#[test]
fn renlib_real_files_are_one_tree_each() {
    let Some(dir) = shared() else { return };
    // (file, lines, nodes, comments, max depth): the counts of SOURCES.md's own walk.
    let expect = [
        ("Allrenjuopenings.lib", 4_223, 39_884, 953, 74),
        ("D4.lib", 350, 3_058, 145, 45),
        ("I7.lib", 262, 2_076, 93, 37),
        ("VCF.lib", 31, 741, 32, 77),
    ];
    for (file, lines, nodes, comments, depth) in expect {
        let bytes = std::fs::read(dir.join("renlib").join(file)).unwrap();
        let (s, err) = renlib::stats(&bytes).unwrap();
        assert!(err.is_none(), "{file}: {err:?}");
        assert_eq!(
            (s.leaves, s.nodes, s.comments, s.max_depth),
            (lines, nodes, comments, depth),
            "{file}"
        );
        assert_eq!(
            s.bytes_used,
            bytes.len(),
            "{file}: a full walk uses every byte"
        );
        let items = renlib::parse(&bytes).unwrap();
        assert_eq!(items.len(), 1, "{file}: one record");
        let g = items[0].as_ref().unwrap();
        assert!(g.notes.is_empty(), "{file}: {:?}", g.notes);
        // Every node is a move of the main line or of a variation (a leading 0x00 record
        // is the start position, not a move); every leaf ends the main line or one
        // variation.
        let root = usize::from(bytes[renlib::HEADER_LEN] == 0);
        let var_nodes = kifu_parser::variation::variation_nodes(&g.variations);
        assert_eq!(g.moves.len() + var_nodes.len() + root, nodes, "{file}");
        assert_eq!(1 + all_variations(&g.variations), lines, "{file}");
        let deepest = var_nodes.iter().map(|n| n.ply as usize).max().unwrap_or(0);
        assert_eq!(deepest.max(g.moves.len()), depth, "{file}");
        let kept_comments = g.comments.len()
            + var_nodes
                .iter()
                .filter(|n| n.comment.is_some() || n.before.is_some())
                .count();
        assert!(
            kept_comments <= comments,
            "{file}: empty comments are not kept"
        );
        assert_eq!((g.format, g.start.line), (Format::RenLib, 0));
        assert_eq!(g.moves[0].at.offset, 20);
        assert_eq!(g.moves[0].point, Some((7, 7)));
    }
    let bytes = std::fs::read(dir.join("renlib/Allrenjuopenings.lib")).unwrap();
    let items = renlib::parse(&bytes).unwrap();
    let g = games(&items)[0];
    // The D1 node (h8 h9 h10) names its opening: find h10 at ply 3 after h8 h9.
    let nodes = kifu_parser::variation::variation_nodes(&g.variations);
    let point_of = |n: u32| nodes[n as usize - 1].mv.point;
    let main_point = |ply: u32| g.moves[ply as usize - 1].point;
    let on_main = g.moves[..3].iter().map(|m| m.point).collect::<Vec<_>>()
        == [Some((7, 7)), Some((7, 8)), Some((7, 9))];
    let d1 = if on_main {
        g.comments
            .iter()
            .find(|c| c.ply == 3)
            .map(|c| c.text.clone())
    } else {
        nodes
            .iter()
            .find(|n| {
                n.ply == 3
                    && n.mv.point == Some((7, 9))
                    && n.parent.map_or(main_point(2), point_of) == Some((7, 8))
            })
            .and_then(|n| n.comment.clone())
    };
    assert!(d1.as_deref().unwrap_or("").contains("D1"), "{d1:?}");
    // The root comment names the source and decodes GBK.
    let root = &g.comments[0];
    assert_eq!(root.ply, 1);
    assert!(root.text.starts_with("Welcome to RenLib\n"));
    assert!(root.text.contains("AllRenjuOpening5thmoves"));
    assert!(root.text.contains("连珠") || root.text.chars().any(|c| c as u32 > 0x4e00));
    let vcf = renlib::parse(&std::fs::read(dir.join("renlib/VCF.lib")).unwrap()).unwrap();
    assert!(games(&vcf)[0].comments[0]
        .text
        .starts_with("31 VCF positions"));
}

#[test]
fn renlib_truncated_real_file() {
    let Some(dir) = shared() else { return };
    let bytes = std::fs::read(dir.join("renlib/D4.lib")).unwrap();
    let full = renlib::parse(&bytes).unwrap();
    let tree_size = |g: &kifu_parser::RawGame| {
        g.moves.len() + kifu_parser::variation::count_nodes(&g.variations)
    };
    let full_size = tree_size(games(&full)[0]);
    let cut = &bytes[..bytes.len() / 2];
    let items = renlib::parse(cut).unwrap();
    // The tree read so far is the record; the cut is one error after it.
    assert_eq!(items.len(), 2);
    let part = tree_size(items[0].as_ref().unwrap());
    assert!(part > 0 && part < full_size, "{part} of {full_size}");
    let e = items.last().unwrap().as_ref().unwrap_err();
    assert!(e.at.offset as usize <= cut.len() && e.at.offset as usize >= cut.len() - 2);
    assert_eq!(e.at.line, 0);
    // Every prefix parses without panicking.
    for n in (0..bytes.len()).step_by(97) {
        let _ = renlib::parse(&bytes[..n]);
    }
}

#[test]
fn psq_real_file() {
    let Some(dir) = shared() else { return };
    let bytes = std::fs::read(dir.join("psq/gomocuponline_testdata_1x0-16_2.psq")).unwrap();
    let items = psq::parse(&bytes);
    assert_eq!(items.len(), 1);
    let g = items[0].as_ref().unwrap();
    assert_eq!((g.board_width, g.board_height), (20, 20));
    assert_eq!(g.moves.len(), 16);
    // 10,10 on a 20-row board: column 9, row 20 - 10 = 10.
    assert_eq!(g.moves[0].point, Some((9, 10)));
    assert_eq!(g.moves[0].at, Location::new(25, 2, 1));
    assert_eq!(g.moves[1].point, Some((10, 8)));
    let extra: HashMap<_, _> = g.header.extra.iter().cloned().collect();
    assert_eq!(extra["psq-engine-1"], "pisq7.exe");
    assert_eq!(extra["psq-engine-2"], "renjusolver.ZIP");
    assert_eq!(extra["psq-result-code"], "0");
    assert_eq!(extra["psq-levels"], "7:7");
}

#[test]
fn detect_real_files() {
    let Some(dir) = shared() else { return };
    let cases = [
        ("renlib/Allrenjuopenings.lib", Format::RenLib),
        ("games/bdt/stefs92_PBeMSort.bdt", Format::Bdt),
        ("games/bdt/stefs92_full_dataset.txt", Format::Bdt),
        ("psq/gomocuponline_testdata_1x0-16_2.psq", Format::Psq),
    ];
    for (p, f) in cases {
        let mut head = vec![0; 4096];
        let n = File::open(dir.join(p)).unwrap().read(&mut head).unwrap();
        assert_eq!(detect::detect(&head[..n], None), Some(f), "{p}");
        assert_eq!(detect::detect(&head[..n], Some(p)), Some(f), "{p}");
    }
    let head = std::fs::read(dir.join("renlib/Allrenjuopenings.lib")).unwrap();
    assert_eq!(detect::detect_encoding(&head[22..200]), "gbk");
}

// ---------------------------------------------------------------- samples

/// The tree written to `samples/renju/opening-tree.lib`.
fn sample_tree() -> Vec<TreeNode> {
    fn n(p: (u8, u8), comment: Option<&str>, children: Vec<TreeNode>) -> TreeNode {
        TreeNode {
            point: Some(p),
            comment: comment.map(str::to_string),
            children,
        }
    }
    vec![n(
        (7, 7),
        Some("kifu sample opening tree\nA few direct and indirect openings."),
        vec![
            n(
                (7, 8),
                None,
                vec![
                    n((7, 9), Some("D1 Kansei"), vec![]),
                    n(
                        (8, 8),
                        Some("D4 Kagetsu"),
                        vec![n(
                            (6, 9),
                            None,
                            vec![n((9, 9), Some("strong for Black"), vec![])],
                        )],
                    ),
                    n((9, 9), Some("D3 Sosei"), vec![]),
                ],
            ),
            n(
                (8, 8),
                Some("indirect"),
                vec![n((9, 9), Some("I1 Chosei"), vec![])],
            ),
        ],
    )]
}

#[test]
fn sample_opening_tree_lib() {
    let path = samples().join("opening-tree.lib");
    let want = renlib::write(&sample_tree());
    if std::env::var("KIFU_WRITE_SAMPLES").as_deref() == Ok("1") {
        std::fs::write(&path, &want).unwrap();
    }
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes, want, "opening-tree.lib differs from sample_tree()");
    assert_eq!(detect::detect(&bytes, None), Some(Format::RenLib));
    let items = renlib::parse(&bytes).unwrap();
    let gs = games(&items);
    assert_eq!(gs.len(), 1, "one tree, one record");
    let g = gs[0];
    assert_eq!(names(g).join(" "), "h8 h9 h10");
    let text = |c: &[Comment]| -> Vec<(u32, String)> {
        c.iter().map(|c| (c.ply, c.text.clone())).collect()
    };
    assert_eq!(
        text(&g.comments),
        [
            (
                1,
                "kifu sample opening tree\nA few direct and indirect openings.".to_string()
            ),
            (3, "D1 Kansei".to_string()),
        ]
    );
    // The other lines are variations, in the order of their branch points: one
    // alternative to h9, two to h10.
    let line = |v: &kifu_parser::raw::RenjuVariation| {
        v.moves
            .iter()
            .map(|m| kifu_parser::coord::point_name(m.point))
            .collect::<Vec<_>>()
            .join(" ")
    };
    type Line = (u32, String, Vec<(u32, String)>);
    let got: Vec<Line> = g
        .variations
        .iter()
        .map(|v| (v.from_ply, line(v), text(&v.comments)))
        .collect();
    assert_eq!(
        got,
        [
            (
                2,
                "i9 j10".to_string(),
                vec![(2, "indirect".to_string()), (3, "I1 Chosei".to_string())]
            ),
            (
                3,
                "i9 g10 j10".to_string(),
                vec![
                    (3, "D4 Kagetsu".to_string()),
                    (5, "strong for Black".to_string())
                ]
            ),
            (3, "j10".to_string(), vec![(3, "D3 Sosei".to_string())]),
        ]
    );
    let (s, e) = renlib::stats(&bytes).unwrap();
    assert!(e.is_none());
    assert_eq!((s.nodes, s.leaves, s.comments, s.max_depth), (9, 4, 7, 5));
}

#[test]
fn sample_games_renju() {
    let path = samples().join("games.renju");
    let items: Vec<_> =
        plain::LinesReader::new(BufReader::new(File::open(&path).unwrap())).collect();
    let gs = games(&items);
    assert_eq!(gs.len(), 4);
    assert_eq!(
        gs[0].header.result,
        Outcome::of(kifu_parser::GameKind::Renju, kifu_facts::ResultName::Black)
    );
    assert_eq!(
        names(gs[0]),
        ["h8", "h9", "i9", "g10", "j10", "g8", "k11", "l12", "g7"]
    );
    assert_eq!(gs[2].header.result, Some(Outcome::Draw));
    assert_eq!(gs[2].moves.iter().filter(|m| m.point.is_none()).count(), 2);
    assert_eq!(gs[3].header.result, Some(Outcome::Unknown));
    assert_eq!(gs[1].start, Location::new(37, 2, 1));
    let head = std::fs::read(&path).unwrap();
    assert_eq!(
        detect::detect(&head, Some("games.renju")),
        Some(Format::RenjuLines)
    );
}

#[test]
fn sample_game_txt() {
    let path = samples().join("game.txt");
    let items: Vec<_> =
        plain::PlainReader::new(BufReader::new(File::open(&path).unwrap())).collect();
    assert_eq!(items.len(), 2, "{items:?}");
    let gs = games(&items);
    assert_eq!(gs.len(), 2);
    let h = &gs[0].header;
    assert_eq!(h.event.as_deref(), Some("Kifu Club Championship"));
    assert_eq!(h.date.as_deref(), Some("2024-05-11"));
    assert_eq!(h.black.as_deref(), Some("Alice Example"));
    assert_eq!(h.rule.as_deref(), Some("RIF"));
    assert_eq!(h.opening.as_deref(), Some("D4"));
    assert_eq!(
        h.result,
        Outcome::of(kifu_parser::GameKind::Renju, kifu_facts::ResultName::Black)
    );
    assert_eq!(h.result_text.as_deref(), Some("1-0"));
    assert_eq!(
        names(gs[0]),
        ["h8", "h9", "i9", "g10", "j10", "g8", "k11", "l12", "g7"]
    );
    assert_eq!(
        gs[0].comments[0].text,
        "kifu sample: two numbered RenjuPlain games"
    );
    assert_eq!(gs[0].moves[0].at, Location::new(202, 10, 4));
    assert_eq!(
        gs[1].header.result,
        Outcome::of(kifu_parser::GameKind::Renju, kifu_facts::ResultName::White)
    );
    assert_eq!(gs[1].moves.len(), 10);
    assert_eq!(
        gs[1].comments,
        vec![Comment {
            ply: 0,
            text: "White won on time".into()
        }]
    );
    assert_eq!(gs[1].start.line, 14);
    let head = std::fs::read(&path).unwrap();
    assert_eq!(
        detect::detect(&head, Some("game.txt")),
        Some(Format::RenjuPlain)
    );
}

#[test]
fn sample_club_bdt() {
    let path = samples().join("club.bdt");
    let items: Vec<_> = bdt::BdtReader::new(BufReader::new(File::open(&path).unwrap())).collect();
    let gs = games(&items);
    assert_eq!(gs.len(), 4);
    assert_eq!(
        names(gs[0]),
        ["h8", "h9", "i9", "g10", "j10", "g8", "k11", "l12", "g7"]
    );
    assert_eq!(
        gs[1].header.result,
        Outcome::of(kifu_parser::GameKind::Renju, kifu_facts::ResultName::White)
    );
    assert_eq!(
        gs[2].header.result,
        Outcome::of(kifu_parser::GameKind::Renju, kifu_facts::ResultName::Black)
    );
    assert_eq!(gs[2].notes[0].code, "forfeit-result");
    assert_eq!(gs[2].notes[0].at, Location::new(132, 3, 24));
    assert!(gs[3].moves.is_empty());
    assert_eq!(gs[3].notes[0].code, "no-moves");
    assert_eq!(
        detect::detect(&std::fs::read(&path).unwrap(), None),
        Some(Format::Bdt)
    );
}

#[test]
fn sample_psq_files() {
    let bytes = std::fs::read(samples().join("engine-match.psq")).unwrap();
    let items = psq::parse(&bytes);
    let g = items[0].as_ref().unwrap();
    assert_eq!((g.board_width, g.board_height), (15, 15));
    assert_eq!(
        names(g),
        ["h8", "h9", "i9", "g10", "j10", "g8", "k11", "l12", "g7"]
    );
    let bytes = std::fs::read(samples().join("gomoku-20x20.psq")).unwrap();
    let items = psq::parse(&bytes);
    let g = items[0].as_ref().unwrap();
    assert_eq!((g.board_width, g.board_height), (20, 20));
    assert_eq!(g.moves.len(), 7);
    assert_eq!(g.moves[0].point, Some((9, 10)));
    assert_eq!(
        detect::detect(&bytes, Some("gomoku-20x20.psq")),
        Some(Format::Psq)
    );
}

// ---------------------------------------------------------------- bad inputs

#[test]
fn lines_reader_garbage_and_crlf() {
    let text = b"black h8 h9\r\n\r\nwhite h8 zz9 i9\r\nnonsense\nunknown h8\n";
    let items: Vec<_> = plain::LinesReader::new(&text[..]).collect();
    assert_eq!(items.len(), 4);
    assert!(items[0].is_ok());
    let e = items[1].as_ref().unwrap_err();
    // `zz9`: the second z (line 3, column 11, byte 25) should be a digit.
    assert_eq!(e.at, Location::new(25, 3, 11));
    assert_eq!(e.start, Location::new(15, 3, 1));
    assert_eq!(e.raw, "white h8 zz9 i9");
    assert_eq!(e.span.len(), 15);
    let e = items[2].as_ref().unwrap_err();
    assert_eq!(e.at, Location::new(32, 4, 1));
    assert!(e.message.contains("not a result"));
    let g = items[3].as_ref().unwrap();
    assert_eq!(g.start, Location::new(41, 5, 1));
}

#[test]
fn plain_reader_errors_and_forms() {
    let text = b"[Black \"A\"]\n1) h8 2) h9\n3) i9 *\n\n\n# only a comment\n\nh8 h9 q\n\n[Bad tag]\nh8\n\nh8 h9 1-0 h10\n";
    let items: Vec<_> = plain::PlainReader::new(&text[..]).collect();
    assert_eq!(items.len(), 4, "{items:#?}");
    let g = items[0].as_ref().unwrap();
    assert_eq!(g.moves.len(), 3);
    assert_eq!(g.header.result, Some(Outcome::Unknown));
    assert_eq!(g.span, kifu_parser::Span::new(0, 32));
    let e = items[1].as_ref().unwrap_err();
    assert_eq!(e.at, Location::new(59, 8, 8));
    assert_eq!(e.raw, "h8 h9 q\n");
    let e = items[2].as_ref().unwrap_err();
    assert_eq!(e.at, Location::new(66, 10, 6));
    let e = items[3].as_ref().unwrap_err();
    assert_eq!(e.at.line, 13);
    assert_eq!(e.at.column, 11);
}

#[test]
fn bdt_bad_inputs() {
    let text = b"2001,1=[a,b,+,8889,?,-]\ngarbage line\n2001,2=[a,b,+,88Z9,?,-]\n2001,3=[a,b,+,880,?,-]\n2001,4=[a,b,+,88";
    let items: Vec<_> = bdt::BdtReader::new(&text[..]).collect();
    assert_eq!(items.len(), 5);
    assert!(items[0].is_ok());
    let e = items[1].as_ref().unwrap_err();
    assert_eq!(e.at, Location::new(24, 2, 1));
    assert_eq!(e.raw, "garbage line");
    let e = items[2].as_ref().unwrap_err();
    assert_eq!(e.at, Location::new(53, 3, 17));
    assert!(e.message.contains("'Z'"));
    let e = items[3].as_ref().unwrap_err();
    assert_eq!(e.at, Location::new(77, 4, 17));
    let e = items[4].as_ref().unwrap_err();
    assert_eq!(e.at, Location::new(100, 5, 17));
}

#[test]
fn renlib_bad_inputs() {
    assert!(renlib::parse(b"").is_err());
    let e = renlib::parse(b"\xFFRenLiX\xFF\x03\x00").unwrap_err();
    assert_eq!(e.at, Location::new(6, 0, 0));
    let e = renlib::parse(b"\xFFRenLib\xFF\x03\x00").unwrap_err();
    assert!(e.message.contains("truncated"));
    let good = renlib::write(&sample_tree());
    // Cut inside a comment.
    let cut = &good[..26];
    let items = renlib::parse(cut).unwrap();
    assert_eq!(items.len(), 1);
    let e = items[0].as_ref().unwrap_err();
    assert!(e.message.contains("comment"), "{}", e.message);
    assert_eq!(e.start, Location::new(20, 0, 0));
    assert_eq!(e.at, Location::new(26, 0, 0));
    // Trailing garbage after a complete tree.
    let mut extra = good.clone();
    extra.extend_from_slice(&[0x78, 0x40]);
    let items = renlib::parse(&extra).unwrap();
    assert_eq!(items.len(), 2, "the tree, then the error");
    let e = items[1].as_ref().unwrap_err();
    assert_eq!(e.at.offset as usize, good.len());
    // One odd byte at the end of the records.
    let mut odd = good[..good.len() - 2].to_vec();
    odd.push(0x78);
    let items = renlib::parse(&odd).unwrap();
    let e = items.last().unwrap().as_ref().unwrap_err();
    assert_eq!(e.at.offset as usize, odd.len() - 1);
}

#[test]
fn psq_bad_inputs() {
    let e = psq::parse(b"Hello 15x15\n")[0].clone().unwrap_err();
    assert_eq!(e.at, Location::new(0, 1, 1));
    let e = psq::parse(b"Piskvorky 15x15, 1:1, 0\n8,8,1\n8,16,1\n")[0]
        .clone()
        .unwrap_err();
    assert_eq!(e.at, Location::new(32, 3, 3));
    assert!(psq::parse(b"")[0].is_err());
}

/// Deterministic mutations of valid inputs: nothing may panic.
#[test]
fn no_panics_on_mutated_input() {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut rnd = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let base: Vec<Vec<u8>> = vec![
        renlib::write(&sample_tree()),
        std::fs::read(samples().join("club.bdt")).unwrap(),
        std::fs::read(samples().join("game.txt")).unwrap(),
        std::fs::read(samples().join("games.renju")).unwrap(),
        std::fs::read(samples().join("engine-match.psq")).unwrap(),
    ];
    let alphabet = b"\x00\x08\x40\x80\xFF\n\r []\",=0123456789aAfFhH-.)#;x\xC3";
    for _ in 0..3000 {
        let b = &base[(rnd() % base.len() as u64) as usize];
        let mut m = b.clone();
        for _ in 0..(1 + rnd() % 4) {
            if m.is_empty() {
                break;
            }
            let i = (rnd() % m.len() as u64) as usize;
            match rnd() % 3 {
                0 => m[i] = alphabet[(rnd() % alphabet.len() as u64) as usize],
                1 => m.truncate(i),
                _ => {
                    m.remove(i);
                }
            }
        }
        let _ = renlib::parse(&m);
        let _ = psq::parse(&m);
        let _: Vec<_> = bdt::BdtReader::new(&m[..]).collect();
        let _: Vec<_> = plain::LinesReader::new(&m[..]).collect();
        let _: Vec<_> = plain::PlainReader::new(&m[..]).collect();
        let _ = detect::detect(&m, Some("x.txt"));
        let _ = detect::decode_text(&m);
        let _ = kifu_parser::coord::move_list(&m, Location::new(0, 1, 1));
    }
}
