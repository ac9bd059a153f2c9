//! XQF parser tests: the XQMagic collection (1,807 files), cchess and ElephantEye
//! fixtures, our own generated sample, and damaged inputs.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use kifu_parser::raw::{Outcome, XqGame, XqMoveText, XqVariation};
use kifu_parser::xqf;

/// `data/xiangqi` of the shared folder (see [`kifu_testdata::root`]).
fn xiangqi_data() -> PathBuf {
    kifu_testdata::root().join("data/xiangqi")
}

fn data(rel: &str) -> PathBuf {
    xiangqi_data().join(rel)
}

fn samples_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/xiangqi")
}

fn extra<'a>(g: &'a XqGame, key: &str) -> Option<&'a str> {
    g.header
        .extra
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// Board from the FEN: `[rank][file]`, 0 = empty, else the FEN letter.
fn board(fen: &str) -> (Board, bool) {
    let mut b = [[0u8; 9]; 10];
    let mut parts = fen.split(' ');
    let rows = parts.next().unwrap();
    for (i, row) in rows.split('/').enumerate() {
        let rank = 9 - i;
        let mut file = 0;
        for c in row.bytes() {
            if c.is_ascii_digit() {
                file += (c - b'0') as usize;
            } else {
                b[rank][file] = c;
                file += 1;
            }
        }
    }
    let red = parts.next() != Some("b");
    (b, red)
}

type Board = [[u8; 9]; 10];

/// The tiny occupancy check for one move: the from-square holds a piece of the side to
/// move, the to-square does not hold a piece of the same side. Plays it when good.
fn play(b: &mut Board, red: bool, text: &XqMoveText) -> bool {
    let XqMoveText::Coord { from, to } = *text else {
        panic!("XQF moves are coordinates");
    };
    let p = b[from.1 as usize][from.0 as usize];
    let q = b[to.1 as usize][to.0 as usize];
    let own = |c: u8| c != 0 && c.is_ascii_uppercase() == red;
    if !own(p) || own(q) || from == to {
        return false;
    }
    b[to.1 as usize][to.0 as usize] = p;
    b[from.1 as usize][from.0 as usize] = 0;
    true
}

/// First main-line ply (1-based) failing the occupancy check.
fn first_bad_ply(g: &XqGame) -> Option<usize> {
    let (mut b, mut red) = board(g.fen.as_deref().unwrap());
    for (i, m) in g.moves.iter().enumerate() {
        if !play(&mut b, red, &m.text) {
            return Some(i + 1);
        }
        red = !red;
    }
    None
}

/// Absolute plies of bad moves anywhere in the tree (each line checked up to its first
/// bad move): `(ply, "main" or "variation")`.
fn bad_in_tree(g: &XqGame) -> Vec<(u32, &'static str)> {
    fn walk(
        start: Board,
        red0: bool,
        first_ply: u32,
        moves: &[kifu_parser::raw::XqMove],
        vars: &[XqVariation],
        kind: &'static str,
        out: &mut Vec<(u32, &'static str)>,
    ) {
        // Positions before each ply of this line.
        let mut before = vec![(start, red0)];
        let (mut b, mut red) = (start, red0);
        let mut ok = moves.len();
        for (i, m) in moves.iter().enumerate() {
            if !play(&mut b, red, &m.text) {
                out.push((first_ply + i as u32, kind));
                ok = i;
                break;
            }
            red = !red;
            before.push((b, red));
        }
        for v in vars {
            let idx = (v.from_ply - first_ply) as usize;
            if idx <= ok {
                let (pb, pr) = before[idx];
                walk(
                    pb,
                    pr,
                    v.from_ply,
                    &v.moves,
                    &v.variations,
                    "variation",
                    out,
                );
            }
        }
    }
    let (b, red) = board(g.fen.as_deref().unwrap());
    let mut out = Vec::new();
    walk(b, red, 1, &g.moves, &g.variations, "main", &mut out);
    out
}

fn count_variations(vs: &[XqVariation]) -> usize {
    vs.iter().map(|v| 1 + count_variations(&v.variations)).sum()
}

fn parse_ok(bytes: &[u8], name: &str) -> XqGame {
    let mut items = xqf::parse(bytes);
    assert_eq!(items.len(), 1, "{name}");
    match items.remove(0) {
        Ok(g) => g,
        Err(e) => panic!("{name}: {e}"),
    }
}

#[test]
fn collection_counts() {
    let file =
        std::fs::File::open(data("xqf_collections/walker8088_XQMagic_Books_xqf.tar.xz")).unwrap();
    let mut archive = tar::Archive::new(xz2::read::XzDecoder::new(file));
    let mut versions = BTreeMap::new();
    let mut kinds = BTreeMap::new();
    let mut results = BTreeMap::new();
    let mut files = 0;
    let mut plies_all = 0;
    let mut plies_good = 0;
    let mut bad = Vec::new();
    let mut with_variations = 0;
    let mut errors = 0;
    let mut shown = 0;
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        let path = entry.path().unwrap().to_string_lossy().into_owned();
        if !path.to_ascii_lowercase().ends_with(".xqf") {
            continue;
        }
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).unwrap();
        files += 1;
        let g = parse_ok(&bytes, &path);
        let severe: Vec<_> = g
            .notes
            .iter()
            .filter(|n| n.severity != kifu_facts::Severity::Info)
            .collect();
        if !severe.is_empty() {
            errors += 1;
            eprintln!("{path}: {severe:?}");
        }
        *versions
            .entry(extra(&g, "XqfVersion").unwrap().to_string())
            .or_insert(0) += 1;
        *kinds
            .entry(extra(&g, "GameType").unwrap().to_string())
            .or_insert(0) += 1;
        *results
            .entry(
                g.header
                    .result
                    .unwrap()
                    .name(kifu_parser::GameKind::Xiangqi)
                    .name(),
            )
            .or_insert(0) += 1;
        assert_eq!(g.header.result_text.as_deref().map(|t| t.len()), Some(1));
        plies_all += g.moves.len();
        if !g.variations.is_empty() {
            with_variations += 1;
        }
        match first_bad_ply(&g) {
            None => plies_good += g.moves.len(),
            Some(p) => {
                let m = &g.moves[p - 1];
                eprintln!(
                    "bad move: {path} ply {p} ({} at byte {}), version {}",
                    m.written,
                    m.at.offset,
                    extra(&g, "XqfVersion").unwrap()
                );
                bad.push((path.clone(), p));
            }
        }
        if shown < 3 && g.header.red.is_some() && g.header.event.is_some() {
            shown += 1;
            eprintln!(
                "{path}: red {:?} black {:?} event {:?} date {:?} extra {:?}",
                g.header.red, g.header.black, g.header.event, g.header.date, g.header.extra
            );
        }
    }
    eprintln!(
        "files {files}, versions {versions:?}, kinds {kinds:?}, results {results:?}, \
         plies {plies_all} (consistent files {plies_good}), with variations {with_variations}"
    );
    assert_eq!(files, 1807);
    assert_eq!(errors, 0);
    let v: Vec<_> = versions.into_iter().collect();
    assert_eq!(
        v,
        vec![
            ("0x0A".to_string(), 984),
            ("0x0C".to_string(), 212),
            ("0x0D".to_string(), 41),
            ("0x12".to_string(), 570)
        ]
    );
    assert_eq!(kinds["全局"], 1147);
    assert_eq!(kinds["布局"], 357);
    assert_eq!(kinds["中局"], 43);
    assert_eq!(kinds["残局"], 260);
    assert_eq!(kinds.len(), 4);
    assert_eq!(results["unknown"], 1147);
    assert_eq!(results["red"], 479);
    assert_eq!(results["black"], 150);
    assert_eq!(results["draw"], 31);
    // SOURCES.md's 74,006 is the main-line total over all 1,807 files; the 1,805
    // consistent files hold 73,940 of them (the two bad files have 37 and 29 plies).
    assert_eq!(plies_all, 74_006);
    assert_eq!(plies_good, 73_940);
    assert_eq!(bad.len(), 2, "{bad:?}");
    assert!(bad
        .iter()
        .any(|(p, ply)| p.contains("顺炮直车两头蛇攻法 例29") && *ply == 35));
    assert!(bad
        .iter()
        .any(|(p, ply)| p.contains("第79局 黑右正马式") && *ply == 23));
}

fn cchess(name: &str) -> XqGame {
    let path = data("xqf_cbl_samples/walker8088_cchess").join(name);
    let bytes = std::fs::read(&path).unwrap();
    parse_ok(&bytes, name)
}

#[test]
fn cchess_fixtures() {
    let dir = data("xqf_cbl_samples/walker8088_cchess");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.to_ascii_lowercase().ends_with(".xqf"))
        .collect();
    names.sort();
    for n in &names {
        let g = cchess(n);
        eprintln!(
            "{n}: {} moves, {} variations ({} nested), bad {:?}, fen {}, notes {:?}",
            g.moves.len(),
            g.variations.len(),
            count_variations(&g.variations),
            bad_in_tree(&g),
            g.fen.as_deref().unwrap(),
            g.notes.iter().map(|n| n.code).collect::<Vec<_>>()
        );
    }

    let g = cchess("NoMove.xqf");
    assert!(g.moves.is_empty());
    assert!(g.variations.is_empty());

    let g = cchess("EmptyTest.xqf");
    assert!(g.moves.is_empty());

    // cchess counts lines (leaves): game_varations 6, test_5_variations 5, WildHouse 139.
    let g = cchess("game_varations.xqf");
    assert_eq!(g.moves.len(), 8);
    assert_eq!(count_variations(&g.variations), 5);
    let written: Vec<_> = g.moves.iter().map(|m| m.written.as_str()).collect();
    assert_eq!(
        written,
        ["h2e2", "h7e7", "h0g2", "h9g7", "i0h0", "i9i8", "b0c2", "b9c7"]
    );
    let g = cchess("test_5_variations.xqf");
    assert_eq!(g.moves.len(), 6);
    assert_eq!(count_variations(&g.variations), 4);
    let g = cchess("WildHouse.xqf");
    assert_eq!(count_variations(&g.variations), 138);
    // WildHouse has one variation move from an empty square (cchess skips its check).
    assert_eq!(bad_in_tree(&g), vec![(74, "variation")]);

    // BadMoveTest3's main line plays from an empty square at ply 10; 1, 2 and 4 pass
    // the occupancy check (their faults, if any, are for the rules engine).
    assert_eq!(bad_in_tree(&cchess("BadMoveTest3.xqf")), vec![(10, "main")]);
    for n in ["BadMoveTest1.xqf", "BadMoveTest2.xqf", "BadMoveTest4.xqf"] {
        assert!(bad_in_tree(&cchess(n)).is_empty(), "{n}");
    }

    // test1.xqf against cchess's own expectation file.
    let txt =
        std::fs::read_to_string(data("xqf_cbl_samples/walker8088_cchess").join("test1_move.txt"))
            .unwrap();
    let lines: Vec<_> = txt.lines().map(str::trim).collect();
    let g = cchess("test1.xqf");
    assert_eq!(g.fen.as_deref(), Some(lines[0]));
    assert_eq!(g.moves.len(), lines.len() - 2);
    assert_eq!(
        g.header.result,
        Outcome::of(
            kifu_parser::GameKind::Xiangqi,
            kifu_facts::ResultName::Black
        )
    );
    assert_eq!(lines[lines.len() - 1], "黑胜");
    // 兵七进一 马８进７
    assert_eq!(g.moves[0].written, "c3c4");
    assert_eq!(g.moves[1].written, "h9g7");
}

#[test]
fn eleeye_samples() {
    let dir = data("xqf_cbl_samples/eleeye_xqftools");
    for n in ["SAMPLE.XQF", "XQFEXAMB.XQF"] {
        let bytes = std::fs::read(dir.join(n)).unwrap();
        let g = parse_ok(&bytes, n);
        eprintln!(
            "{n}: version {:?}, {} moves, red {:?} black {:?} event {:?} title {:?}, \
             comments {}, fen {:?}, notes {:?}",
            extra(&g, "XqfVersion"),
            g.moves.len(),
            g.header.red,
            g.header.black,
            g.header.event,
            extra(&g, "Title"),
            g.comments.len(),
            g.fen,
            g.notes
        );
        assert_eq!(first_bad_ply(&g), None, "{n}");
        assert!(
            g.notes
                .iter()
                .all(|n| n.severity == kifu_facts::Severity::Info),
            "{n}"
        );
    }
}

/// Our own sample: a short game written by `xqf::write_plain` (version 0x0A).
fn sample_bytes() -> Vec<u8> {
    let h = xqf::PlainHeader {
        title: "kifu 自制样例",
        event: "kifu 测试赛",
        date: "2024年5月1日",
        site: "本地",
        red: "红方甲",
        black: "黑方乙",
        result: 3,
        kind: 0,
        side: 0,
    };
    // 炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３
    let moves = [
        (72, 42, Some("中炮开局")),
        (79, 67, None),
        (70, 62, None),
        (89, 79, None),
        (80, 70, None),
        (19, 27, Some("屏风马")),
    ]
    .map(|(from, to, comment)| xqf::PlainMove { from, to, comment });
    xqf::write_plain(&h, &xqf::STANDARD_PIECES, &moves)
}

#[test]
fn own_sample() {
    let bytes = sample_bytes();
    let path = samples_dir().join("kifu_sample_v0a.xqf");
    if !path.exists() {
        std::fs::create_dir_all(samples_dir()).unwrap();
        std::fs::write(&path, &bytes).unwrap();
    }
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "sample is stale");
    let g = parse_ok(&bytes, "sample");
    let written: Vec<_> = g.moves.iter().map(|m| m.written.as_str()).collect();
    assert_eq!(written, ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"]);
    assert_eq!(g.moves[0].at.offset, 0x408);
    assert_eq!(g.moves[0].len, 4);
    assert_eq!(
        g.moves[0].text,
        XqMoveText::Coord {
            from: (7, 2),
            to: (4, 2)
        }
    );
    assert_eq!(
        g.fen.as_deref(),
        Some("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
    );
    assert_eq!(g.header.red.as_deref(), Some("红方甲"));
    assert_eq!(g.header.black.as_deref(), Some("黑方乙"));
    assert_eq!(g.header.event.as_deref(), Some("kifu 测试赛"));
    assert_eq!(g.header.date.as_deref(), Some("2024-05-01"));
    assert_eq!(extra(&g, "Date"), Some("2024年5月1日"));
    assert_eq!(extra(&g, "Title"), Some("kifu 自制样例"));
    assert_eq!(extra(&g, "Site"), Some("本地"));
    assert_eq!(extra(&g, "GameType"), Some("全局"));
    assert_eq!(g.header.result, Some(Outcome::Draw));
    assert_eq!(g.comments.len(), 2);
    assert_eq!(g.comments[1].ply, 6);
    assert_eq!(first_bad_ply(&g), None);
    assert!(g.notes.is_empty(), "{:?}", g.notes);
}

#[test]
fn damaged_inputs_never_panic() {
    let mut inputs = vec![sample_bytes()];
    for n in [
        "test_5_variations.xqf",
        "game_varations.xqf",
        "BadMoveTest1.xqf",
    ] {
        inputs.push(std::fs::read(data("xqf_cbl_samples/walker8088_cchess").join(n)).unwrap());
    }
    inputs.push(std::fs::read(data("xqf_cbl_samples/eleeye_xqftools/SAMPLE.XQF")).unwrap());
    for bytes in &inputs {
        for cut in 0..bytes.len() {
            let r = xqf::parse(&bytes[..cut]);
            assert_eq!(r.len(), 1);
            match &r[0] {
                Err(e) => {
                    assert!(cut < 0x400, "cut {cut}: {e}");
                    assert!(e.raw.len() <= 2 * cut);
                }
                Ok(g) => {
                    assert!(cut >= 0x400);
                    assert!(
                        g.notes.iter().any(|n| n.code == "xqf-damaged"),
                        "cut {cut} gave no damage note"
                    );
                }
            }
        }
        // Bit flips everywhere (a few bits per byte for speed).
        let mut seed = 0x2545_f491_u32;
        for i in 0..bytes.len() {
            let mut b = bytes.clone();
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            b[i] ^= 1 << (seed % 8);
            let _ = xqf::parse(&b);
        }
    }
    // Garbage after a valid header.
    let mut b = sample_bytes();
    b.truncate(0x400);
    b.extend((0..5000u32).map(|i| (i * 7919 % 251) as u8));
    let _ = xqf::parse(&b);
    assert!(xqf::parse(b"XQ").remove(0).is_err());
    assert!(xqf::parse(b"").remove(0).is_err());
    assert!(xqf::looks_like(b"XQ\x0a\x00"));
    assert!(!xqf::looks_like(b"[Game \"Chinese Chess\"]"));
}

#[test]
fn truncated_stream_keeps_moves() {
    let bytes = sample_bytes();
    // Cut inside the 4th move record.
    let cut = 0x400 + 8 + 16 + 8 + 8 + 2;
    let g = parse_ok(&bytes[..cut], "cut");
    assert_eq!(g.moves.len(), 3);
    let n = g.notes.iter().find(|n| n.code == "xqf-damaged").unwrap();
    assert_eq!(n.severity, kifu_facts::Severity::Error);
    assert_eq!(n.ply, Some(4));
    assert_eq!(n.at.offset as usize, cut - 2);
}
