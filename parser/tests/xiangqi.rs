//! Xiangqi text parsers: PGN (Chinese, WXF, ICCS, SAN; UTF-8, GBK, Big5), XieXie WXF and
//! DhtmlXQ, on the real collections in the shared data directory and our own samples.
//! Tests that need the shared data print a skip notice when it is missing, unless
//! `KIFU_REQUIRE_SHARED=1`.

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, HashSet};
use std::hash::{Hash, Hasher};
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

use kifu_parser::raw::{Comment, Outcome, RawError, XqGame, XqMoveText};
use kifu_parser::{dhtmlxq, xiangqi_pgn, xiangqi_wxf, xq_text};

fn data(rel: &str) -> Option<PathBuf> {
    kifu_testdata::shared(&format!("data/xiangqi/{rel}"))
}

fn samples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/xiangqi")
}

fn ok(items: Vec<Result<XqGame, RawError>>) -> Vec<XqGame> {
    items
        .into_iter()
        .map(|r| r.unwrap_or_else(|e| panic!("{e}\n{}", e.raw)))
        .collect()
}

fn pgn_file(path: &Path) -> Vec<XqGame> {
    let f = std::fs::File::open(path).unwrap();
    ok(xiangqi_pgn::PgnReader::detect(BufReader::new(f)).collect())
}

fn xz_bytes(path: &Path) -> Vec<u8> {
    let mut out = Vec::new();
    xz2::read::XzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_end(&mut out)
        .unwrap();
    out
}

/// Every regular file of a `.tar.xz`: (path, bytes).
fn tar_entries(path: &Path, mut f: impl FnMut(&str, &[u8])) {
    let dec = xz2::read::XzDecoder::new(std::fs::File::open(path).unwrap());
    let mut ar = tar::Archive::new(dec);
    let mut buf = Vec::new();
    for e in ar.entries().unwrap() {
        let mut e = e.unwrap();
        if !e.header().entry_type().is_file() {
            continue;
        }
        let name = e.path().unwrap().to_string_lossy().into_owned();
        buf.clear();
        e.read_to_end(&mut buf).unwrap();
        f(&name, &buf);
    }
}

fn extra<'a>(g: &'a XqGame, key: &str) -> Option<&'a str> {
    g.header
        .extra
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map(|(_, v)| v.as_str())
}

fn coords(g: &XqGame) -> Vec<String> {
    g.moves
        .iter()
        .map(|m| match m.text {
            XqMoveText::Coord { from, to } => format!(
                "{}{}{}{}",
                (b'a' + from.0) as char,
                from.1,
                (b'a' + to.0) as char,
                to.1
            ),
            _ => panic!("not a coordinate move: {}", m.written),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// PGN

#[test]
fn ccpd_all_files_big5() {
    let Some(path) = data("ccpd/ccpd_dataset_big5.tar.xz") else {
        return;
    };
    let mut files = 0;
    let mut errors = Vec::new();
    let mut seen = HashSet::new();
    let mut results: BTreeMap<String, usize> = BTreeMap::new();
    let mut plies = 0usize;
    let mut checked_name = false;
    // Tags read in another encoding than the file's, by tag and encoding.
    let mut other_encoding: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut round_22 = None;
    tar_entries(&path, |name, bytes| {
        if !name.ends_with(".pgn") {
            return;
        }
        files += 1;
        let enc = xq_text::detect_encoding(bytes);
        assert_eq!(enc, "big5", "{name}");
        let items: Vec<_> = xiangqi_pgn::PgnReader::new(bytes, enc).collect();
        assert_eq!(items.len(), 1, "{name}: one game per file");
        match &items[0] {
            Err(e) => errors.push(format!("{name}: {e}")),
            Ok(g) => {
                assert!(g.fen.is_some(), "{name}: FEN always present");
                for m in &g.moves {
                    assert!(matches!(m.text, XqMoveText::Chinese(_)), "{name}");
                }
                let mut h = DefaultHasher::new();
                bytes.hash(&mut h);
                if seen.insert(h.finish()) {
                    *results
                        .entry(g.header.result_text.clone().unwrap_or_default())
                        .or_default() += 1;
                    plies += g.moves.len();
                }
                for n in g.notes.iter().filter(|n| n.code == "field-encoding") {
                    let tag = n.message.split(' ').nth(1).unwrap_or_default();
                    let encoding = n.message.split(' ').nth(4).unwrap_or_default();
                    *other_encoding
                        .entry((tag.to_owned(), encoding.to_owned()))
                        .or_default() += 1;
                }
                if name.ends_with("以棋手分類/許銀川/00003516.pgn") {
                    round_22 = g.header.round.clone();
                }
                if name.ends_with("全盤戰術/00000042.pgn") {
                    checked_name = true;
                    assert_eq!(g.header.red.as_deref(), Some("東北韓福德"));
                    assert_eq!(g.header.black.as_deref(), Some("上海胡榮華"));
                    assert_eq!(g.header.date.as_deref(), Some("1963-08-15"));
                    assert_eq!(extra(g, "Site"), Some("哈爾濱"));
                    assert_eq!(
                        g.header.result,
                        Outcome::of(kifu_parser::GameKind::Xiangqi, kifu_facts::ResultName::Red)
                    );
                    assert_eq!(g.moves.len(), 101);
                    assert_eq!(g.moves[0].written, "炮八平五");
                    assert_eq!(g.moves[1].text, XqMoveText::Chinese("炮2平5".into()));
                    assert_eq!(g.moves[3].text, XqMoveText::Chinese("马2进3".into()));
                    // Line 15 holds move 1; Big5 is 2 bytes per character.
                    assert_eq!(g.moves[1].at.line, 14);
                    assert_eq!(g.moves[1].at.column, 13);
                    assert_eq!(g.moves[1].len, 8);
                }
            }
        }
    });
    eprintln!(
        "CCPD: {files} files, {} distinct, {plies} plies, results {results:?}",
        seen.len()
    );
    assert!(checked_name);
    assert_eq!(files, 58_468);
    // 1,568 Round tags are GBK, all read so, the 17 shortest (第1局, which reads 菴1擁 in
    // Big5; 16进8, 16輛8) by the margins of text fields. No name is read as GBK.
    assert_eq!(
        other_encoding,
        BTreeMap::from([(("Round".to_owned(), "gbk".to_owned()), 1_568)])
    );
    // The 17,259th game when the archive is ingested alone.
    assert_eq!(round_22.as_deref(), Some("第22轮"));
    assert!(
        errors.is_empty(),
        "{} errors: {:?}",
        errors.len(),
        &errors[..errors.len().min(20)]
    );
    assert_eq!(seen.len(), 46_569);
    assert_eq!(results.get("1-0"), Some(&18_157));
    assert_eq!(results.get("1/2-1/2"), Some(&14_800));
    assert_eq!(results.get("0-1"), Some(&12_648));
    assert_eq!(results.get("*"), Some(&964));
}

#[test]
fn wxfca_three_notations_same_games() {
    let (Some(t), Some(i), Some(u)) = (
        data("wxfca_xqdb/sample_xqdb_traditional.pgn"),
        data("wxfca_xqdb/sample_xqdb_international.pgn"),
        data("wxfca_xqdb/sample_bulk_games_uci.pgn"),
    ) else {
        return;
    };
    let (t, i, u) = (pgn_file(&t), pgn_file(&i), pgn_file(&u));
    assert_eq!((t.len(), i.len(), u.len()), (15, 15, 15));
    for k in 0..15 {
        assert_eq!(t[k].moves.len(), i[k].moves.len(), "game {k}");
        assert_eq!(t[k].moves.len(), u[k].moves.len(), "game {k}");
        assert_eq!(t[k].header.red, u[k].header.red);
        assert!(t[k]
            .moves
            .iter()
            .all(|m| matches!(m.text, XqMoveText::Chinese(_))));
        assert!(i[k]
            .moves
            .iter()
            .all(|m| matches!(m.text, XqMoveText::Wxf(_))));
        assert!(!u[k].ranks_from_one);
    }
    assert_eq!(t[0].header.red.as_deref(), Some("ZHAO GuoRong"));
    assert_eq!(i[0].moves[0].text, XqMoveText::Wxf("C2=5".into()));
    assert_eq!(i[0].moves[0].written, "Ｃ２＝５");
    assert_eq!(t[0].moves[1].text, XqMoveText::Chinese("马8进7".into()));
    assert_eq!(&coords(&u[0])[..2], ["h2e2", "h9g7"]);
    // Tandem pieces in full-width WXF.
    let tandem: Vec<&str> = i
        .iter()
        .flat_map(|g| g.moves.iter())
        .filter_map(|m| match &m.text {
            XqMoveText::Wxf(w) if w.starts_with(['+', '-']) => Some(w.as_str()),
            _ => None,
        })
        .collect();
    assert!(
        tandem.contains(&"+P+1") && tandem.contains(&"-P+1"),
        "{tandem:?}"
    );
}

#[test]
fn wxfca_big_iccs_files() {
    for (rel, n) in [
        ("wxfca_xqdb/Hu_Ronghua_1391_UCI_games.pgn.xz", 1391),
        ("wxfca_xqdb/Liu_Dahua_1125_UCI_games.pgn.xz", 1125),
    ] {
        let Some(p) = data(rel) else { return };
        let bytes = xz_bytes(&p);
        let games = ok(xiangqi_pgn::PgnReader::new(&bytes[..], "utf-8").collect());
        assert_eq!(games.len(), n, "{rel}");
        let plies: usize = games.iter().map(|g| g.moves.len()).sum();
        eprintln!("{rel}: {n} games, {plies} plies");
        for g in &games {
            assert!(g.header.red.is_some() && g.header.black.is_some());
            assert!(!g.ranks_from_one);
            coords(g);
        }
        // Spans tile the file in order.
        for w in games.windows(2) {
            assert!(w[0].span.end <= w[1].span.start);
        }
    }
}

#[test]
fn eleeye_ccgc_gbk_crlf() {
    let Some(dir) = data("misc_dialects/eleeye_ccgc") else {
        return;
    };
    let mut n = 0;
    let mut results = BTreeMap::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let bytes = std::fs::read(&p).unwrap();
        assert_eq!(xq_text::detect_encoding(&bytes), "gbk");
        let games = pgn_file(&p);
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert_eq!(g.encoding, "gbk");
        assert!(g.moves.len() > 10);
        assert!(extra(g, "ECCO").is_some() && extra(g, "Opening").is_some());
        *results
            .entry(g.header.result_text.clone().unwrap())
            .or_insert(0) += 1;
        // The file name says who played Red: "NN.RED(先X)BLACK(...)".
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let red = name.split('.').nth(1).unwrap().split('(').next().unwrap();
        assert_eq!(g.header.red.as_deref(), Some(red), "{name}");
        assert!(
            g.notes.iter().any(|n| n.code == "trailer-skipped"),
            "{name}"
        );
        n += 1;
    }
    assert_eq!(n, 20);
    eprintln!("eleeye_ccgc results: {results:?}");
    assert_eq!(results.values().sum::<usize>(), 20);
}

#[test]
fn xqbase_sample_pgn_comments() {
    let Some(p) = data("xqf_cbl_samples/eleeye_xqftools/SAMPLE.PGN") else {
        return;
    };
    let games = pgn_file(&p);
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.header.red.as_deref(), Some("许银川"));
    assert_eq!(g.header.black.as_deref(), Some("聂卫平"));
    assert_eq!(g.header.date.as_deref(), Some("1999-12-09"));
    assert_eq!(
        g.header.result,
        Outcome::of(kifu_parser::GameKind::Xiangqi, kifu_facts::ResultName::Red)
    );
    assert_eq!(g.moves.len(), 75);
    assert_eq!(g.moves[4].written, "炮二平五");
    assert_eq!(g.moves[5].written, "马８进７");
    assert!(g.comments.len() >= 10);
    assert_eq!(g.comments[0].ply, 0);
    assert!(g.comments[0].text.contains("象棋让九子"));
    assert_eq!(g.comments[1].ply, 2);
    assert!(g.fen.as_deref().unwrap().starts_with("rnbakabnr/9/1c5c1"));
}

#[test]
fn cchess_gbk_pgns() {
    let Some(dir) = data("xqf_cbl_samples/walker8088_cchess") else {
        return;
    };
    for (name, plies, result) in [
        ("test.pgn", 25, Some(Outcome::Unknown)),
        ("中炮对列炮黑先平士角炮.pgn", 23, Some(Outcome::Unknown)),
    ] {
        let games = pgn_file(&dir.join(name));
        assert_eq!(games.len(), 1, "{name}");
        assert_eq!(games[0].encoding, "gbk");
        assert_eq!(games[0].moves.len(), plies, "{name}");
        assert_eq!(games[0].header.result, result, "{name}");
    }
    let g = &pgn_file(&dir.join("test.pgn"))[0];
    assert_eq!(g.header.red.as_deref(), Some("象棋巫师(大师)"));
    assert_eq!(g.header.opening.as_deref(), Some("中炮对单提马"));
    for name in ["test2.pgn", "endgame_test.pgn"] {
        let games = pgn_file(&dir.join(name));
        assert_eq!(games.len(), 1, "{name}");
        assert!(!games[0].moves.is_empty());
    }
}

#[test]
fn san_winboard_and_pychess() {
    let Some(dir) = data("misc_dialects/elephantchess_fixtures") else {
        return;
    };
    for e in std::fs::read_dir(dir.join("pgn0")).unwrap() {
        let games = pgn_file(&e.unwrap().path());
        assert_eq!(games.len(), 1);
        let g = &games[0];
        assert!(!g.ranks_from_one);
        assert!(g.moves.iter().all(|m| matches!(m.text, XqMoveText::San(_))));
        assert_eq!(g.moves[0].written, "Cbe2");
        assert!(g.comments.len() > 20);
        assert!(g.header.red.is_some());
    }
    let games = pgn_file(&dir.join("pgn1/davide2022.pgn"));
    assert_eq!(games.len(), 26);
    for g in &games {
        assert!(g.ranks_from_one, "pychess writes ranks 1-10");
        assert!(g.notes.iter().any(|n| n.code == "iccs-ranks-1-10"));
        assert!(g.moves.iter().all(|m| matches!(m.text, XqMoveText::San(_))));
    }
    assert_eq!(games[0].header.red.as_deref(), Some("davide2022"));
    assert_eq!(games[0].moves[0].written, "Cbe3");
    assert_eq!(games[0].moves.len(), 80);
    assert_eq!(
        games[0].header.result,
        Outcome::of(
            kifu_parser::GameKind::Xiangqi,
            kifu_facts::ResultName::Black
        )
    );
}

#[test]
fn uci_example_list() {
    let Some(p) = data("misc_dialects/elephantchess_fixtures/uci/example1.uci") else {
        return;
    };
    let games = pgn_file(&p);
    assert_eq!(games.len(), 1);
    assert_eq!(&coords(&games[0])[..2], ["b2e2", "b9c7"]);
}

#[test]
fn iccs_ranks_one_to_ten() {
    let text = "[Event \"x\"]\n[Variant \"xiangqi\"]\n1. h3e3 h10g8 2. h1g3 *\n";
    let g = &ok(xiangqi_pgn::parse(text.as_bytes()))[0];
    assert!(g.ranks_from_one);
    assert_eq!(coords(g), ["h2e2", "h9g7", "h0g2"]);
    let note = g
        .notes
        .iter()
        .find(|n| n.code == "iccs-ranks-1-10")
        .unwrap();
    assert!(note.message.contains("rank 10"));
    // Without rank 10 and 0, the Variant tag decides.
    let g = &ok(xiangqi_pgn::parse(b"[Variant \"xiangqi\"]\n1. h3e3 h8e8\n"))[0];
    assert!(g.ranks_from_one);
    assert_eq!(coords(g), ["h2e2", "h7e7"]);
    // Hyphen and upper case, ranks 0-9.
    let g = &ok(xiangqi_pgn::parse(b"[Red \"a\"]\n1. H2-E2 H9-G7 1-0\n"))[0];
    assert!(!g.ranks_from_one);
    assert_eq!(coords(g), ["h2e2", "h9g7"]);
    assert_eq!(
        g.header.result,
        Outcome::of(kifu_parser::GameKind::Xiangqi, kifu_facts::ResultName::Red)
    );
    // Both 0 and 10: an error at the token.
    let r = xiangqi_pgn::parse(b"[Red \"a\"]\n1. h0g2 h10g8\n");
    let e = r[0].as_ref().unwrap_err();
    assert_eq!((e.at.line, e.at.column), (2, 4));
}

#[test]
fn pgn_errors_and_quirks() {
    // A bad token quarantines the game, located at it; the next game still reads.
    let text = "[Red \"a\"]\n1. 炮二平五 马８进７\n2. 炮二平X 1-0\n\n[Red \"b\"]\n1. 炮二平五 *\n";
    let r = xiangqi_pgn::parse(text.as_bytes());
    assert_eq!(r.len(), 2);
    let e = r[0].as_ref().unwrap_err();
    assert_eq!((e.at.line, e.at.column), (3, 4));
    assert!(e.message.contains("炮二平X"));
    assert!(e.raw.contains("[Red \"a\"]"));
    assert_eq!(r[1].as_ref().unwrap().moves.len(), 1);
    // CCPD Black-first quirk and nested variations.
    let text = "[FEN \"4k4/9/9/9/9/9/9/9/4r4/3K5 b - - 0 1\"]\n1. 车５平４\n2. 帅四平五 车４平５ (2... 将５平４ (2... 将５进１)) 0-1\n";
    let g = &ok(xiangqi_pgn::parse(text.as_bytes()))[0];
    assert_eq!(g.moves.len(), 3);
    assert_eq!(g.variations.len(), 1);
    assert_eq!(g.variations[0].from_ply, 3);
    assert_eq!(g.variations[0].variations.len(), 1);
    assert_eq!(g.variations[0].variations[0].from_ply, 3);
    assert_eq!(
        g.header.result,
        Outcome::of(
            kifu_parser::GameKind::Xiangqi,
            kifu_facts::ResultName::Black
        )
    );
    // Result mismatch is a note.
    let g = &ok(xiangqi_pgn::parse(b"[Result \"1-0\"]\n1. h2e2 0-1\n"))[0];
    assert!(g.notes.iter().any(|n| n.code == "result-mismatch"));
    assert_eq!(
        g.header.result,
        Outcome::of(kifu_parser::GameKind::Xiangqi, kifu_facts::ResultName::Red)
    );
}

// ---------------------------------------------------------------------------------------
// WXF

#[test]
fn xiexie_wxf_files() {
    let Some(dir) = data("misc_dialects/elephantchess_fixtures/wxf") else {
        return;
    };
    for (name, plies) in [
        ("game1.wxf", 138),
        ("game2.wxf", 101),
        ("game3.wxf", 86),
        ("game4.wxf", 99),
        ("game5.wxf", 122),
        ("no_tag_game1.wxf", 94),
        ("no_tag_game2.wxf", 100),
        ("no_tag_game3.wxf", 99),
    ] {
        let bytes = std::fs::read(dir.join(name)).unwrap();
        assert!(xiangqi_wxf::looks_like(&bytes), "{name}");
        assert!(!dhtmlxq::looks_like(&bytes), "{name}");
        let games = ok(xiangqi_wxf::parse(&bytes));
        assert_eq!(games.len(), 1, "{name}");
        assert_eq!(games[0].moves.len(), plies, "{name}");
        assert!(games[0]
            .moves
            .iter()
            .all(|m| matches!(m.text, XqMoveText::Wxf(_))));
    }
    let g = &ok(xiangqi_wxf::parse(
        &std::fs::read(dir.join("game1.wxf")).unwrap(),
    ))[0];
    let first: Vec<&XqMoveText> = g.moves.iter().take(4).map(|m| &m.text).collect();
    assert_eq!(
        first,
        [
            &XqMoveText::Wxf("C2=4".into()),
            &XqMoveText::Wxf("C2=5".into()),
            &XqMoveText::Wxf("H8+7".into()),
            &XqMoveText::Wxf("H2+3".into())
        ]
    );
    assert_eq!(g.moves[0].written, "C2.4");
    assert_eq!(g.header.red.as_deref(), Some("XieXieMaster"));
    assert_eq!(g.header.black.as_deref(), Some("Fairy Stockfish Winboard"));
    assert_eq!(g.header.date.as_deref(), Some("2022-12-24"));
    assert_eq!((g.moves[0].at.line, g.moves[0].at.column), (8, 6));
    let g5 = &ok(xiangqi_wxf::parse(
        &std::fs::read(dir.join("game5.wxf")).unwrap(),
    ))[0];
    assert!(g5.comments[0].text.contains("Time control"));
    let g = &ok(xiangqi_wxf::parse(
        &std::fs::read(dir.join("no_tag_game1.wxf")).unwrap(),
    ))[0];
    assert_eq!(g.moves[1].written, "h8+7");
    assert_eq!(g.moves[1].text, XqMoveText::Wxf("H8+7".into()));
    assert!(g.moves.iter().any(|m| m.written == "R++2"));
    assert!(g.moves.iter().any(|m| m.written == "p++1"));
}

// ---------------------------------------------------------------------------------------
// DhtmlXQ

#[test]
fn dpxq_dict_literals() {
    let Some(p) = data("dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz") else {
        return;
    };
    let mut files = 0;
    let mut errors = Vec::new();
    let mut results: BTreeMap<String, usize> = BTreeMap::new();
    let mut plies = 0;
    let mut with_fen = 0;
    let mut comments = 0;
    tar_entries(&p, |name, bytes| {
        if !name.ends_with(".txt") {
            return;
        }
        files += 1;
        assert!(dhtmlxq::looks_like(bytes), "{name}");
        let mut r = dhtmlxq::parse(bytes);
        assert_eq!(r.len(), 1, "{name}");
        match r.pop().unwrap() {
            Err(e) => errors.push(format!("{name}: {e}")),
            Ok(g) => {
                *results
                    .entry(g.header.result_text.clone().unwrap_or_default())
                    .or_default() += 1;
                plies += g.moves.len();
                with_fen += g.fen.is_some() as usize;
                comments += g.comments.len();
                assert!(g.header.red.is_some(), "{name}");
                if name.ends_with("/74481.txt") {
                    assert_eq!(g.header.red.as_deref(), Some("何文哲"));
                    assert_eq!(g.header.black.as_deref(), Some("张学潮"));
                    assert_eq!(
                        g.header.event.as_deref(),
                        Some("2016年天天象棋全国象棋甲级联赛")
                    );
                    assert_eq!(g.header.date.as_deref(), Some("2016-08-20"));
                    assert_eq!(g.header.id.as_deref(), Some("74481"));
                    assert_eq!(g.header.result, Some(Outcome::Draw));
                    assert_eq!(g.header.opening.as_deref(), Some("A13 飞相对进左马"));
                    assert_eq!(extra(&g, "redteam"), Some("杭州市象棋协会"));
                    assert_eq!(&coords(&g)[..2], ["g0e2", "h9g7"]);
                    assert_eq!(g.moves[1].at.offset, g.moves[0].at.offset + 4);
                }
                if name.ends_with("/72646.txt") {
                    let fen = g.fen.as_deref().unwrap();
                    assert!(fen.ends_with(" - - 0 1"), "{fen}");
                }
            }
        }
    });
    eprintln!(
        "dpxq: {files} files, {plies} plies, {with_fen} with FEN, {comments} comments, {results:?}"
    );
    assert_eq!(files, 10_021);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(results.get("和棋"), Some(&4_063));
    assert_eq!(results.get("红胜"), Some(&3_480));
    assert_eq!(results.get("黑胜"), Some(&2_478));
}

#[test]
fn wxfca_html_pages() {
    let Some(p) = data("wxfca_xqdb/sample_games_html_dhtmlxq.tar.xz") else {
        return;
    };
    let mut n = 0;
    tar_entries(&p, |name, bytes| {
        if !name.ends_with(".html") {
            return;
        }
        n += 1;
        assert!(dhtmlxq::looks_like(bytes), "{name}");
        assert!(!xiangqi_pgn::looks_like(bytes), "{name}");
        let games = ok(dhtmlxq::parse(bytes));
        assert_eq!(games.len(), 1, "{name}");
        let g = &games[0];
        assert!(g.moves.len() > 10, "{name}");
        assert!(g.header.red.is_some() && g.header.black.is_some());
        assert!(g.header.result.is_some(), "{name}");
        if name.ends_with("/73.html") {
            assert_eq!(g.header.red.as_deref(), Some("KONG Vong"));
            assert_eq!(
                g.header.result,
                Outcome::of(kifu_parser::GameKind::Xiangqi, kifu_facts::ResultName::Red)
            );
            assert_eq!(g.header.result_text.as_deref(), Some("W"));
            assert_eq!(&coords(g)[..2], ["h2e2", "h9g7"]);
            assert_eq!(g.moves[0].at.line, 17);
        }
    });
    assert_eq!(n, 15);
}

#[test]
fn bare_ubb_move_string() {
    let Some(p) = data("misc_dialects/elephantchess_fixtures/game1.ubb") else {
        return;
    };
    let bytes = std::fs::read(p).unwrap();
    assert!(dhtmlxq::looks_like(&bytes));
    let games = ok(dhtmlxq::parse(&bytes));
    assert_eq!(games.len(), 1);
    let digits = bytes.iter().filter(|b| b.is_ascii_digit()).count();
    assert_eq!(games[0].moves.len(), digits / 4);
    assert_eq!(&coords(&games[0])[..1], ["h2e2"]);
}

#[test]
fn dhtmlxq_variations_binit_and_errors() {
    let text = "[DhtmlXQ][DhtmlXQ_red]甲[/DhtmlXQ_red][DhtmlXQ_result]黑胜[/DhtmlXQ_result]\
        [DhtmlXQ_binit]9999999949999999999999999999999999999999409999999999999999999999[/DhtmlXQ_binit]\
        [DhtmlXQ_movelist]40414948[/DhtmlXQ_movelist]\
        [DhtmlXQ_move_0_2_1]4939[/DhtmlXQ_move_0_2_1][DhtmlXQ_move_1_2_2]4959[/DhtmlXQ_move_1_2_2]\
        [DhtmlXQ_comment1]a||b[/DhtmlXQ_comment1][DhtmlXQ_comment1_2]v[/DhtmlXQ_comment1_2][/DhtmlXQ]";
    let g = &ok(dhtmlxq::parse(text.as_bytes()))[0];
    assert_eq!(g.fen.as_deref(), Some("4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1"));
    assert_eq!(coords(g), ["e9e8", "e0e1"]);
    assert_eq!(g.variations.len(), 1);
    assert_eq!(g.variations[0].from_ply, 2);
    assert_eq!(g.variations[0].variations.len(), 1);
    assert_eq!(g.comments[0].text, "a\nb");
    assert_eq!(g.comments.len(), 1);
    assert_eq!(
        g.variations[0].comments,
        [Comment {
            ply: 2,
            text: "v".into()
        }]
    );
    assert_eq!(
        g.header.result,
        Outcome::of(
            kifu_parser::GameKind::Xiangqi,
            kifu_facts::ResultName::Black
        )
    );
    let r = dhtmlxq::parse(b"[DhtmlXQ_movelist]77479x67[/DhtmlXQ_movelist]");
    let e = r[0].as_ref().unwrap_err();
    assert_eq!(e.at.offset, 18 + 5);
    let r = dhtmlxq::parse(b"{'movelist': '7747', 'red': 'oops}");
    assert!(r[0].is_err());
}

// ---------------------------------------------------------------------------------------
// Our samples and detection

#[test]
fn own_samples() {
    let dir = samples();
    let read = |n: &str| std::fs::read(dir.join(n)).unwrap();
    let gbk = read("chinese_gbk.pgn");
    assert_eq!(xq_text::detect_encoding(&gbk), "gbk");
    assert!(xiangqi_pgn::looks_like(&gbk));
    let g = ok(xiangqi_pgn::parse(&gbk));
    assert_eq!(g.len(), 2);
    assert_eq!(g[0].header.red.as_deref(), Some("李明"));
    assert_eq!(g[0].header.opening.as_deref(), Some("中炮过河车对屏风马"));
    assert_eq!(extra(&g[0], "RedTeam"), Some("东队"));
    assert_eq!(g[0].header.result, Some(Outcome::Draw));
    assert_eq!(g[0].variations.len(), 1);
    assert_eq!(g[0].variations[0].from_ply, 10);
    assert_eq!(g[0].variations[0].variations[0].from_ply, 11);
    assert_eq!(g[0].comments.len(), 2);
    assert_eq!(g[0].comments[1].ply, 8);
    assert!(g[0].notes.iter().any(|n| n.code == "trailer-skipped"));
    assert_eq!(g[1].header.red.as_deref(), Some("陳一"));
    assert_eq!(g[1].moves[0].text, XqMoveText::Chinese("车5平4".into()));
    assert_eq!(
        g[1].header.result,
        Outcome::of(
            kifu_parser::GameKind::Xiangqi,
            kifu_facts::ResultName::Black
        )
    );
    let wxf = ok(xiangqi_pgn::parse(&read("wxf.pgn")));
    let iccs = ok(xiangqi_pgn::parse(&read("iccs.pgn")));
    assert_eq!(wxf.len(), 1);
    assert_eq!(iccs.len(), 1);
    assert_eq!(wxf[0].moves.len(), iccs[0].moves.len());
    assert_eq!(g[0].moves.len(), iccs[0].moves.len());
    let html = read("dhtmlxq.html");
    assert!(dhtmlxq::looks_like(&html));
    let d = ok(dhtmlxq::parse(&html));
    assert_eq!(coords(&d[0]), coords(&iccs[0]));
    assert_eq!(d[0].header.red, iccs[0].header.red);
    assert_eq!(d[0].header.result, Some(Outcome::Draw));
    assert_eq!(d[0].variations[0].from_ply, 12);
    assert_eq!(d[0].comments[1].text, "Or\nthe cannon stays.");
    // WXF and Chinese say the same moves.
    for (w, c) in wxf[0].moves.iter().zip(&g[0].moves) {
        assert!(matches!(w.text, XqMoveText::Wxf(_)) && matches!(c.text, XqMoveText::Chinese(_)));
    }
}

#[test]
fn detection_does_not_cross() {
    let Some(dir) = data("misc_dialects/elephantchess_fixtures") else {
        return;
    };
    let pgn = std::fs::read(dir.join("pgn1/davide2022.pgn")).unwrap();
    assert!(xiangqi_pgn::looks_like(&pgn));
    assert!(!xiangqi_wxf::looks_like(&pgn));
    assert!(!dhtmlxq::looks_like(&pgn));
    let ubb = std::fs::read(dir.join("game1.ubb")).unwrap();
    assert!(!xiangqi_pgn::looks_like(&ubb));
    assert!(!xiangqi_wxf::looks_like(&ubb));
    let uci = std::fs::read(dir.join("uci/example1.uci")).unwrap();
    assert!(xiangqi_pgn::looks_like(&uci));
    // Renju move lists are not Xiangqi.
    assert!(!xiangqi_pgn::looks_like(b"1. h8 2. h9 3. i9 4. g7\n"));
    assert!(!xiangqi_wxf::looks_like(b"h8 h9 i9 g7 j10\n"));
    assert!(!dhtmlxq::looks_like(b"h8 h9 i9 g7\n"));
}

#[test]
fn no_panic_on_truncation_and_noise() {
    let mut inputs: Vec<Vec<u8>> = Vec::new();
    let dir = samples();
    for n in ["chinese_gbk.pgn", "wxf.pgn", "iccs.pgn", "dhtmlxq.html"] {
        inputs.push(std::fs::read(dir.join(n)).unwrap());
    }
    if let Some(p) = data("misc_dialects/elephantchess_fixtures/wxf/game5.wxf") {
        inputs.push(std::fs::read(p).unwrap());
    }
    inputs.push(
        br#"{'movelist': '7747\u12', 'red': "a\"b", 'x': -1.5e3, 'comments': '[DhtmlXQ_comment'}"#
            .to_vec(),
    );
    // A simple deterministic byte soup.
    let mut x: u32 = 12345;
    let mut soup = Vec::new();
    for _ in 0..4000 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let alphabet = b"[]{}()\"'1.-0 \n\r\\\xA4\x40\xB0\xA1\xE9\xA9\xACh2e2C+.=DhtmlXQ_";
        soup.push(alphabet[(x >> 16) as usize % alphabet.len()]);
    }
    inputs.push(soup);
    for bytes in &inputs {
        let step = (bytes.len() / 97).max(1);
        for cut in (0..=bytes.len()).step_by(step) {
            let b = &bytes[..cut];
            let _ = xiangqi_pgn::parse(b);
            let _ = xiangqi_wxf::parse(b);
            let _ = dhtmlxq::parse(b);
            let _ = (
                xiangqi_pgn::looks_like(b),
                xiangqi_wxf::looks_like(b),
                dhtmlxq::looks_like(b),
                xq_text::detect_encoding(b),
            );
        }
    }
}

#[test]
fn annotation_glyphs_are_kept_as_move_marks() {
    let text = "[Event \"x\"]\n1. 炮二平五!? 马8进7 $14 2. !马二进三 (2. 兵七进一?! 车9平8 ?? ) 车9平8 *\n";
    let g = &ok(xiangqi_pgn::parse(text.as_bytes()))[0];
    assert_eq!(g.moves.len(), 4);
    let marks: Vec<(u32, &str)> = g.marks.iter().map(|m| (m.ply, m.text.as_str())).collect();
    assert_eq!(marks, [(1, "!?"), (2, "$14"), (3, "!")]);
    let v = &g.variations[0];
    let marks: Vec<(u32, &str)> = v.marks.iter().map(|m| (m.ply, m.text.as_str())).collect();
    assert_eq!(marks, [(3, "?!"), (4, "??")]);
    // The moves themselves are read without their marks.
    assert_eq!(g.moves[0].written, "炮二平五");
    assert_eq!(v.moves[0].written, "兵七进一");
}
