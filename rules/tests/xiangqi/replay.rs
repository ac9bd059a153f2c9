//! Replay and audit: wxfca games, mates, contradictions, bad FEN, encodings.

use crate::{move_text, shared_file, tokenize_pgn, xq_game};
use kifu_facts::Seat;
use kifu_parser::raw::{Location, Outcome, XqMove, XqMoveText, XqVariation};
use kifu_rules::xiangqi::{
    decode_moves, encode_moves, replay, CaptureStats, Kind, Side, Termination,
};
use kifu_rules::Severity;

fn texts(toks: &[String]) -> Vec<XqMoveText> {
    toks.iter().map(|t| move_text(t)).collect()
}

#[test]
fn wxfca_games_replay_fully() {
    for rel in [
        "data/xiangqi/wxfca_xqdb/sample_bulk_games_uci.pgn",
        "data/xiangqi/wxfca_xqdb/sample_xqdb_traditional.pgn",
        "data/xiangqi/wxfca_xqdb/sample_xqdb_international.pgn",
    ] {
        let Some(p) = shared_file(rel) else { return };
        let games = tokenize_pgn(&std::fs::read_to_string(p).unwrap());
        assert_eq!(games.len(), 15);
        for (i, g) in games.iter().enumerate() {
            let r = replay(&xq_game(None, texts(&g.moves), &g.moves));
            assert_eq!(
                r.moves.len(),
                g.moves.len(),
                "{rel} game {i}: {:?}",
                r.findings
            );
            // Nothing to report but one drawn repetition play went past (game 12, Black
            // varies at ply 116 after the third occurrence of ply 115): an info remark.
            let codes: Vec<_> = r.findings.iter().map(|f| (f.code, f.ply)).collect();
            let want: &[_] = if i == 11 {
                &[("repetition-draw-changed", Some(116))]
            } else {
                &[]
            };
            assert_eq!(codes, want, "{rel} game {i}: {:?}", r.findings);
            assert_eq!(r.captures.material.len(), r.moves.len());
            assert_eq!(r.hashes.len(), r.moves.len() + 1);
            assert_eq!(decode_moves(&encode_moves(&r.moves)).unwrap(), r.moves);
        }
    }
}

#[test]
fn mate_contradiction_and_moves_after() {
    let fen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 w";
    let toks = vec!["车八进九".to_string()];
    let mut g = xq_game(Some(fen), texts(&toks), &toks);
    let r = replay(&g);
    assert_eq!(r.termination, Termination::Checkmate);
    assert_eq!(r.derived_result, Some(Outcome::Win(Seat::FIRST)));
    assert!(r.findings.is_empty());
    g.header.result = Outcome::side_win(kifu_parser::GameKind::Xiangqi, "red"); // Red wins
    assert!(replay(&g).findings.is_empty());
    g.header.result = Some(Outcome::Draw);
    let r = replay(&g);
    assert_eq!(r.findings.len(), 1);
    assert_eq!(r.findings[0].code, "result-contradicts-board");
    assert_eq!(r.findings[0].severity, Severity::Error);
    // moves after mate
    let toks = vec!["车八进九".to_string(), "将4进1".to_string()];
    let g = xq_game(Some(fen), texts(&toks), &toks);
    let r = replay(&g);
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.findings[0].code, "moves-after-mate");
    assert_eq!(r.findings[0].ply, Some(2));
    // stalemate is a loss for the side to move
    let g = xq_game(Some("3k5/2P6/9/9/9/9/9/9/9/4K4 b"), vec![], &[]);
    let r = replay(&g);
    assert_eq!(r.termination, Termination::Stalemate);
    assert_eq!(r.derived_result, Some(Outcome::Win(Seat::FIRST)));
    assert_eq!(r.end_ply, Some(0));
}

#[test]
fn illegal_ambiguous_bad_fen() {
    let toks = vec![
        "炮二平五".to_string(),
        "马8进7".to_string(),
        "车一进四".to_string(),
    ];
    let r = replay(&xq_game(None, texts(&toks), &toks));
    assert_eq!(r.termination, Termination::IllegalMove);
    assert_eq!(r.moves.len(), 2);
    assert_eq!(r.plies, 3);
    assert_eq!(r.findings[0].code, "illegal-move");
    assert_eq!(r.findings[0].ply, Some(3));
    assert!(r.findings[0].message.contains("车一进四"));
    let r = replay(&xq_game(Some("rnbakabnr/9/1c5c1 w"), vec![], &[]));
    assert_eq!(r.termination, Termination::BadFen);
    assert_eq!(r.findings[0].code, "bad-fen");
    // ambiguous with no continuation to settle it
    let toks = vec!["车九平八".to_string()];
    let r = replay(&xq_game(
        Some("3k5/9/9/9/9/9/9/R8/9/R3K4 w"),
        texts(&toks),
        &toks,
    ));
    assert_eq!(r.termination, Termination::AmbiguousMove);
    assert_eq!(r.findings[0].code, "ambiguous-move");
    // omitted 前/后, settled by legality
    let toks = vec!["车九进五".to_string()];
    let r = replay(&xq_game(
        Some("3k5/9/9/9/9/9/9/R8/9/R3K4 w"),
        texts(&toks),
        &toks,
    ));
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.findings[0].code, "nonstandard-notation");
    assert_eq!(r.findings[0].severity, Severity::Info);
}

#[test]
fn captures_and_variations() {
    let toks: Vec<String> = ["h2e2", "h9g7", "e2e6", "b9c7"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut g = xq_game(None, texts(&toks), &toks);
    let mv = |t: &str| XqMove {
        text: move_text(t),
        written: t.to_string(),
        at: Location::default(),
        len: t.len() as u16,
    };
    g.variations.push(XqVariation {
        from_ply: 4,
        moves: vec![mv("g6g5"), mv("e6e9")],
        ..XqVariation::default()
    });
    let r = replay(&g);
    let c: &CaptureStats = &r.captures;
    assert_eq!(c.first_capture_ply, Some(3));
    assert_eq!(c.taken_by(Side::Red, Kind::Pawn), 1);
    assert_eq!(c.material, vec![0, 0, 2, 2]);
    assert_eq!(r.variations_checked, 1);
    let f: Vec<_> = r.findings.iter().map(|f| (f.code, f.ply, f.node)).collect();
    assert_eq!(f, vec![("illegal-move", Some(5), Some(2))]);
    // The variation's first move is played and kept for its node; the illegal one is not.
    let played: Vec<Option<String>> = r
        .variation_moves
        .iter()
        .map(|m| m.map(|m| m.iccs()))
        .collect();
    assert_eq!(played, [Some("g6g5".to_string()), None]);
}

/// Variations off a long line are reached in one walk along it; a record whose variations
/// would need more than the budget of replayed plies has the rest left unchecked, said so.
#[test]
fn many_variations_off_a_long_line() {
    let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    let toks: Vec<String> = (0..4000).map(|i| cycle[i % 4].to_string()).collect();
    let mv = |t: &str| XqMove {
        text: move_text(t),
        written: t.to_string(),
        at: Location::default(),
        len: t.len() as u16,
    };
    // Ascending branch points (the parsers' order): one walk, every variation checked.
    let mut g = xq_game(None, texts(&toks), &toks);
    for _ in 0..3000 {
        g.variations.push(XqVariation {
            from_ply: 4000,
            moves: vec![mv("a9a8")],
            ..XqVariation::default()
        });
    }
    let r = replay(&g);
    assert_eq!(r.variations_checked, 3000);
    assert!(r
        .findings
        .iter()
        .all(|f| f.code != "variations-not-checked"));
    // Descending branch points: each variation walks the line again, until the budget.
    let mut g = xq_game(None, texts(&toks), &toks);
    for k in 0..600 {
        g.variations.push(XqVariation {
            from_ply: 4000 - 2 * k,
            moves: vec![mv("a9a8")],
            ..XqVariation::default()
        });
    }
    let r = replay(&g);
    assert!(r.variations_checked < 600, "{}", r.variations_checked);
    let f: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.code == "variations-not-checked")
        .collect();
    assert_eq!(f.len(), 1, "{:?}", r.findings);
    assert_eq!(f[0].severity, Severity::Warning);
}

/// A move illegal only because it leaves the mover's general attacked (送将) is an error,
/// but the record goes on and so does the replay; taking the general stops it.
#[test]
fn move_into_check_is_reported_and_the_replay_goes_on() {
    // Red general e0, Black general f9, Black rook d5 watching the d-file.
    let fen = "5k3/9/9/9/3r5/9/9/9/9/4K4 w";
    for first in ["e0d0", "帅五平六"] {
        let toks: Vec<String> = [first, "f9f8", "d0e0"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let r = replay(&xq_game(Some(fen), texts(&toks), &toks));
        assert_eq!(r.moves.len(), 3, "{first}: {:?}", r.findings);
        assert_eq!(r.termination, Termination::Unfinished);
        let f: Vec<_> = r
            .findings
            .iter()
            .map(|f| (f.code, f.ply, f.severity))
            .collect();
        assert_eq!(
            f,
            vec![("illegal-move", Some(1), Severity::Error)],
            "{first}"
        );
        assert!(r.findings[0].message.contains("own general in check"));
        // The move in Chinese notation, whatever the record wrote.
        assert!(
            r.findings[0].message.starts_with("帅五平六 (e0d0) leaves"),
            "{}",
            r.findings[0].message
        );
    }
    // The rook takes the general left en prise: nothing more can be replayed.
    let toks: Vec<String> = ["e0d0", "d5d0", "f9f8"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let r = replay(&xq_game(Some(fen), texts(&toks), &toks));
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.termination, Termination::IllegalMove);
    let f: Vec<_> = r.findings.iter().map(|f| (f.code, f.ply)).collect();
    assert_eq!(
        f,
        vec![("illegal-move", Some(1)), ("illegal-move", Some(2))]
    );
    assert!(r.findings[1].message.contains("captures the general"));
    assert!(
        r.findings[1].message.starts_with("车4进5 (d5d0)"),
        "{}",
        r.findings[1].message
    );
    // A move no piece can make at all still stops the replay.
    let toks: Vec<String> = ["e0e2"].iter().map(|s| s.to_string()).collect();
    let r = replay(&xq_game(Some(fen), texts(&toks), &toks));
    assert_eq!(r.termination, Termination::IllegalMove);
    assert!(r.moves.is_empty());
}

/// Pawns doubled on two files are written with position and file, the piece left out
/// (`前一平二`): the front pawn of file 1 moves to file 2.
#[test]
fn doubled_pawns_on_two_files() {
    let fen = "3k5/9/7P1/8P/7PP/9/9/9/9/4K4 w";
    let toks = vec!["前一平二".to_string()];
    let r = replay(&xq_game(Some(fen), texts(&toks), &toks));
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.moves[0].iccs(), "i6h6");
}

#[test]
fn an_illegal_move_given_by_squares_is_named_in_iccs() {
    // DhtmlXQ `7967` is h0 to g2, a horse's move; this start has no horse on h0.
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKAB1R w";
    let coord = XqMoveText::Coord {
        from: (7, 0),
        to: (6, 2),
    };
    let r = replay(&xq_game(Some(fen), vec![coord], &["7967".to_string()]));
    let illegal: Vec<&str> = r
        .findings
        .iter()
        .filter(|f| f.code == "illegal-move")
        .map(|f| f.message.as_str())
        .collect();
    assert_eq!(illegal, ["h0g2 is not a legal move"]);
}
