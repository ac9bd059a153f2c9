//! Notations: the same 15 games in ICCS, Chinese and WXF; XieXie WXF files; round trips.

use crate::{fw, move_text, shared_file, tokenize_pgn, xq_game};
use kifu_parser::raw::XqMoveText;
use kifu_rules::xiangqi::replay;
use kifu_rules::xiangqi::{
    move_to_chinese, move_to_wxf, resolve, resolve_chinese, resolve_san, resolve_wxf, Move,
    NotationError, Position,
};
use kifu_rules::Severity;

/// Resolves tokens from the start position; returns the moves (stops at the first error).
fn play_tokens(tokens: &[String]) -> (Vec<Move>, Option<NotationError>, u32) {
    let mut pos = Position::startpos();
    let mut moves = Vec::new();
    let mut nonstandard = 0;
    for t in tokens {
        match resolve(&pos, &move_text(t), false) {
            Ok(r) => {
                nonstandard += r.nonstandard.is_some() as u32;
                pos.make(r.mv);
                moves.push(r.mv);
            }
            Err(e) => return (moves, Some(e), nonstandard),
        }
    }
    (moves, None, nonstandard)
}

fn load(rel: &str) -> Option<Vec<crate::TokGame>> {
    let p = shared_file(rel)?;
    Some(tokenize_pgn(&std::fs::read_to_string(p).unwrap()))
}

#[test]
fn wxfca_three_notations_agree() {
    let (Some(iccs), Some(chinese), Some(wxf)) = (
        load("data/xiangqi/wxfca_xqdb/sample_bulk_games_uci.pgn"),
        load("data/xiangqi/wxfca_xqdb/sample_xqdb_traditional.pgn"),
        load("data/xiangqi/wxfca_xqdb/sample_xqdb_international.pgn"),
    ) else {
        return;
    };
    assert_eq!(iccs.len(), 15);
    assert_eq!(chinese.len(), 15);
    assert_eq!(wxf.len(), 15);
    let mut canon_diff = Vec::new();
    let mut total = 0;
    for i in 0..15 {
        let (a, ea, _) = play_tokens(&iccs[i].moves);
        let (b, eb, nb) = play_tokens(&chinese[i].moves);
        let (c, ec, nc) = play_tokens(&wxf[i].moves);
        assert!(ea.is_none(), "game {i} ICCS: {:?}", ea);
        assert!(eb.is_none(), "game {i} Chinese: {:?}", eb);
        assert!(ec.is_none(), "game {i} WXF: {:?}", ec);
        assert_eq!(a.len(), iccs[i].moves.len());
        assert_eq!(b, c, "game {i}: Chinese vs WXF");
        assert_eq!(a.len(), b.len(), "game {i}: ICCS vs Chinese length");
        // The ICCS sample disagrees with the Chinese and WXF samples at exactly one move:
        // game 2 (index 1) ply 71, 后兵进一 / -P+1 (the rear pawn e3e4; the front pawn is
        // on e5) is written e5e6 in ICCS. Both are legal; the game ends at ply 76.
        let diff: Vec<usize> = (0..a.len()).filter(|&k| a[k] != b[k]).collect();
        if i == 1 {
            assert_eq!(diff, vec![70], "game {i}");
            assert_eq!((a[70].iccs(), b[70].iccs()), ("e5e6".into(), "e3e4".into()));
        } else {
            assert!(
                diff.is_empty(),
                "game {i}: ICCS vs Chinese differ at {diff:?}"
            );
        }
        let a = &b;
        assert_eq!(
            (nb, nc),
            (0, 0),
            "game {i}: nonstandard moves in a canonical sample"
        );
        // canonical text equals what the samples wrote, and round-trips
        let mut pos = Position::startpos();
        for (k, &m) in a.iter().enumerate() {
            total += 1;
            let zh = move_to_chinese(&pos, m);
            let wx = move_to_wxf(&pos, m);
            assert_eq!(resolve_chinese(&pos, &zh).unwrap().mv, m, "{zh}");
            assert_eq!(
                resolve_chinese(&pos, &zh).unwrap().nonstandard,
                None,
                "{zh}"
            );
            assert_eq!(resolve_wxf(&pos, &wx).unwrap().mv, m, "{wx}");
            assert_eq!(resolve_wxf(&pos, &wx).unwrap().nonstandard, None, "{wx}");
            let written_zh = fw(&chinese[i].moves[k]);
            let written_wx = fw(&wxf[i].moves[k]);
            if zh != written_zh || wx != written_wx {
                canon_diff.push(format!(
                    "game {i} ply {}: {written_zh}/{zh} {written_wx}/{wx}",
                    k + 1
                ));
            }
            pos.make(m);
        }
    }
    assert!(
        canon_diff.is_empty(),
        "{total} moves; canonical text differs:\n{}",
        canon_diff.join("\n")
    );
}

/// XieXie `.wxf` files (`START{ … }END`) and bare WXF lists.
fn wxf_tokens(text: &str) -> Vec<String> {
    let body = match (text.find("START{"), text.find("}END")) {
        (Some(a), Some(b)) => &text[a + 6..b],
        _ => text,
    };
    tokenize_pgn(body)
        .into_iter()
        .flat_map(|g| g.moves)
        .collect()
}

#[test]
fn elephantchess_wxf_fixtures() {
    let cases: [(&str, usize, &[&str]); 8] = [
        ("game1", 138, &["h2f2", "b7e7", "b0c2", "b9c7"]),
        ("game2", 101, &[]),
        ("game3", 86, &[]),
        ("game4", 99, &[]),
        ("game5", 122, &[]),
        ("no_tag_game1", 94, &["h2d2", "h9g7", "h0g2", "i9h9"]),
        ("no_tag_game2", 100, &[]),
        ("no_tag_game3", 99, &[]),
    ];
    for (name, plies, first) in cases {
        let Some(p) = shared_file(&format!(
            "data/xiangqi/misc_dialects/elephantchess_fixtures/wxf/{name}.wxf"
        )) else {
            return;
        };
        let toks = wxf_tokens(&std::fs::read_to_string(p).unwrap());
        let texts = toks.iter().map(|t| XqMoveText::Wxf(fw(t))).collect();
        let r = replay(&xq_game(None, texts, &toks));
        let errors: Vec<_> = r
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .collect();
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let moves = r.moves;
        assert_eq!(moves.len(), plies, "{name}");
        // game1 ply 122 `P3+1` and game5 ply 86 `P5+1` have two legal readings (two black
        // pawns on the file); the rest of the record settles them.
        let ns: Vec<u32> = r
            .findings
            .iter()
            .filter(|f| f.code == "nonstandard-notation")
            .filter_map(|f| f.ply)
            .collect();
        match name {
            "game1" => assert!(ns.contains(&122), "{name}: {ns:?}"),
            "game5" => assert!(ns.contains(&86), "{name}: {ns:?}"),
            _ => {}
        }
        let got: Vec<String> = moves.iter().take(first.len()).map(|m| m.iccs()).collect();
        assert_eq!(got, first, "{name}");
    }
}

#[test]
fn chinese_variants_and_errors() {
    let p = Position::startpos();
    let m = |s: &str| resolve_chinese(&p, s).map(|r| r.mv.iccs());
    assert_eq!(m("炮二平五").unwrap(), "h2e2");
    assert_eq!(m("砲二平五").unwrap(), "h2e2");
    assert_eq!(m("馬二進三").unwrap(), "h0g2");
    assert_eq!(m("傌八进七").unwrap(), "b0c2");
    assert_eq!(m("相三进五").unwrap(), "g0e2");
    assert_eq!(m("仕四进五").unwrap(), "f0e1");
    assert_eq!(m("兵七进一").unwrap(), "c3c4");
    assert!(matches!(
        resolve_chinese(&p, "车一进四"),
        Err(NotationError::Illegal { .. })
    ));
    assert!(matches!(
        resolve_chinese(&p, "xyz"),
        Err(NotationError::Unreadable { .. })
    ));
    let b = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")
        .unwrap();
    assert_eq!(resolve_chinese(&b, "马８进７").unwrap().mv.iccs(), "h9g7");
    assert_eq!(resolve_chinese(&b, "馬8進7").unwrap().mv.iccs(), "h9g7");
    assert_eq!(resolve_chinese(&b, "炮８平５").unwrap().mv.iccs(), "h7e7");
    // two rooks on a file, 前/后 omitted: resolved by legality, nonstandard
    let r = Position::from_fen("3k5/9/9/9/9/9/9/R8/9/R3K4 w").unwrap();
    let res = resolve_chinese(&r, "车九进五").unwrap();
    assert_eq!(res.mv.iccs(), "a2a7");
    assert!(res.nonstandard.is_some());
    assert_eq!(resolve_chinese(&r, "后车进一").unwrap().mv.iccs(), "a0a1");
    assert_eq!(resolve_chinese(&r, "前车退一").unwrap().mv.iccs(), "a2a1");
    assert!(matches!(
        resolve_chinese(&r, "车九平八"),
        Err(NotationError::Ambiguous { .. })
    ));
    assert_eq!(
        move_to_chinese(&r, Move::parse_iccs("a2a7", false).unwrap()),
        "前车进五"
    );
    assert_eq!(
        move_to_wxf(&r, Move::parse_iccs("a0b0", false).unwrap()),
        "-R=8"
    );
    // three pawns on a file, and pawns stacked on two files
    let t = Position::from_fen("3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w").unwrap();
    let mid = Move::parse_iccs("c6b6", false).unwrap();
    assert_eq!(move_to_chinese(&t, mid), "中七平八");
    assert_eq!(resolve_chinese(&t, "中七平八").unwrap().mv, mid);
    assert_eq!(resolve_wxf(&t, &move_to_wxf(&t, mid)).unwrap().mv, mid);
    let t1 = Position::from_fen("3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w").unwrap();
    assert_eq!(move_to_chinese(&t1, mid), "中兵平八");
    assert_eq!(move_to_wxf(&t1, mid), "2P=8");
    assert_eq!(resolve_chinese(&t1, "二兵平八").unwrap().mv, mid);
}

#[test]
fn wxf_and_san_forms() {
    let p = Position::startpos();
    for (t, want) in [
        ("C2=5", "h2e2"),
        ("C2.5", "h2e2"),
        ("Ｃ２＝５", "h2e2"),
        ("H2+3", "h0g2"),
        ("c2=5", "h2e2"),
    ] {
        assert_eq!(resolve_wxf(&p, t).unwrap().mv.iccs(), want, "{t}");
    }
    for (t, want) in [
        ("Cbe2", "b2e2"),
        ("Che2", "h2e2"),
        ("c4", "c3c4"),
        ("Hc2", "b0c2"),
        ("Ege2", "g0e2"),
    ] {
        assert_eq!(resolve_san(&p, t, false).unwrap().mv.iccs(), want, "{t}");
    }
    assert!(matches!(
        resolve_san(&p, "Ce2", false),
        Err(NotationError::Ambiguous { .. })
    ));
    assert_eq!(resolve_san(&p, "Cbe3", true).unwrap().mv.iccs(), "b2e2");
    let r = Position::from_fen("3k5/9/9/9/9/9/9/R8/9/R3K4 w").unwrap();
    assert_eq!(resolve_wxf(&r, "+R+5").unwrap().mv.iccs(), "a2a7");
    assert_eq!(resolve_wxf(&r, "R++5").unwrap().mv.iccs(), "a2a7");
    assert_eq!(resolve_wxf(&r, "R-=8").unwrap().mv.iccs(), "a0b0");
    assert!(resolve_wxf(&r, "R9+5").unwrap().nonstandard.is_some());
}

/// pgn0 / pgn1 SAN fixtures (WinBoard ranks 0-9, pychess ranks 1-10).
#[test]
fn san_fixtures() {
    for (rel, from_one) in [
        ("data/xiangqi/misc_dialects/elephantchess_fixtures/pgn0/Cyclone_v6.2_[develop_091218]_(UCI2WB)-ElephantEye_3.1_(UCCI2WB)_13.pgn", false),
        ("data/xiangqi/misc_dialects/elephantchess_fixtures/pgn1/davide2022.pgn", true),
    ] {
        let Some(games) = load(rel) else { return };
        for (gi, g) in games.iter().enumerate() {
            let mut pos = match g.tag("FEN") {
                Some(f) => Position::from_fen(f).unwrap(),
                None => Position::startpos(),
            };
            for (k, t) in g.moves.iter().enumerate() {
                match resolve_san(&pos, t, from_one) {
                    Ok(r) => {
                        pos.make(r.mv);
                    }
                    Err(e) => panic!("{rel} game {gi} ply {}: {e}", k + 1),
                }
            }
        }
    }
}

/// Pawns stacked on two files, in WXF: the file stands for the piece (`27=8`, `+3+1`, as
/// Chinese writes `中七平八`, `前三进一`). A PGN record written so, as kifu's own generator
/// writes it, reads and replays.
#[test]
fn wxf_stacked_pawns_on_two_files_read_from_pgn() {
    let fen = "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1";
    let pos = Position::from_fen(fen).unwrap();
    let mid = Move::parse_iccs("c6b6", false).unwrap();
    assert_eq!(move_to_wxf(&pos, mid), "27=8");
    let text = format!(
        "[Game \"Chinese Chess\"]\n[FEN \"{fen}\"]\n[Format \"WXF\"]\n\n1. 27=8 K4+1\n2. +3+1 *\n"
    );
    let games: Vec<_> =
        kifu_parser::xiangqi_pgn::PgnReader::new(text.as_bytes(), "utf-8").collect();
    assert_eq!(games.len(), 1);
    let game = games[0].as_ref().expect("the record reads");
    let written: Vec<&str> = game.moves.iter().map(|m| m.written.as_str()).collect();
    assert_eq!(written, ["27=8", "K4+1", "+3+1"]);
    let r = replay(game);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    let iccs: Vec<String> = r.moves.iter().map(|m| m.iccs()).collect();
    assert_eq!(iccs, ["c6b6", "d9d8", "g6g7"]);
}
