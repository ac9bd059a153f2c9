//! Repetition rulings as an arbiter makes them (`xiangqi.md`, "[decision, revised]"): a
//! verdict decides a game only when the record ends within the repeating cycle; play that
//! leaves the cycle is an info finding, and the result comes from how the record ends.

use crate::{shared_file, xq_game};
use kifu_facts::{GameKind, Seat};
use kifu_parser::raw::{Outcome, XqGame, XqMoveText};
use kifu_rules::xiangqi::classes::RULE_1;
use kifu_rules::xiangqi::{analyze, replay, Move, Side, Termination, VerdictKind};
use kifu_rules::Severity;
use std::io::Read;

fn moves(list: &[&str]) -> Vec<Move> {
    list.iter()
        .map(|s| Move::parse_iccs(s, false).unwrap_or_else(|| panic!("bad move {s}")))
        .collect()
}

/// The cycle `c` played `times` times, then `tail`.
fn line(c: &[&str], times: usize, tail: &[&str]) -> Vec<Move> {
    let mut v = Vec::new();
    for _ in 0..times {
        v.extend(moves(c));
    }
    v.extend(moves(tail));
    v
}

fn coord_game(fen: &str, ms: &[Move], result: Option<Outcome>) -> XqGame {
    let texts: Vec<XqMoveText> = ms
        .iter()
        .map(|m| XqMoveText::Coord {
            from: (m.from.file(), m.from.rank()),
            to: (m.to.file(), m.to.rank()),
        })
        .collect();
    let written: Vec<String> = ms.iter().map(|m| m.iccs()).collect();
    let mut g = xq_game(Some(fen), texts, &written);
    g.header.result = result;
    g
}

fn codes(r: &kifu_rules::xiangqi::XqReplay) -> Vec<(&'static str, Option<u32>)> {
    r.findings.iter().map(|f| (f.code, f.ply)).collect()
}

/// Red's rook checks from b9 and b8 in turn, Black's general steps between d9 and d8: Red
/// checks perpetually. The third occurrence of the start position is after ply 8.
const CHECKS: &str = "3k5/1R7/9/9/9/9/9/9/9/5K3 w";
const CHECK_CYCLE: [&str; 4] = ["b8b9", "d9d8", "b9b8", "d8d9"];

#[test]
fn a_game_that_ends_in_a_perpetual_check_is_decided_by_it() {
    // The record stops at the third occurrence.
    let g = coord_game(CHECKS, &line(&CHECK_CYCLE, 2, &[]), Some(Outcome::Draw));
    let r = replay(&g);
    assert_eq!(
        (r.termination, r.derived_result, r.end_ply),
        (
            Termination::PerpetualCheck,
            Some(Outcome::Win(Seat::SECOND)),
            Some(8)
        )
    );
    assert_eq!(
        codes(&r),
        [
            ("perpetual-check", Some(8)),
            ("result-contradicts-repetition-ruling", Some(8))
        ]
    );
    assert_eq!(r.findings[0].severity, Severity::Warning);
    assert_eq!(r.findings[1].severity, Severity::Error);
    // It goes on repeating the cycle, and stops inside it (after Red's check of ply 13):
    // still no new position, still decided at the third occurrence. No warning for the
    // repetitions past the threshold; the verdict's finding says how far they went.
    let g = coord_game(
        CHECKS,
        &line(&CHECK_CYCLE, 3, &["b8b9"]),
        Outcome::side_win(kifu_parser::GameKind::Xiangqi, "black"),
    );
    let r = replay(&g);
    assert_eq!(r.moves.len(), 13);
    assert_eq!(
        (r.termination, r.derived_result, r.end_ply),
        (
            Termination::PerpetualCheck,
            Some(Outcome::Win(Seat::SECOND)),
            Some(8)
        )
    );
    assert_eq!(codes(&r), [("perpetual-check", Some(8))]);
    let m = &r.findings[0].message;
    assert!(
        m.contains("third occurrence")
            && m.contains("repeats the cycle to its end at ply 13 (the position occurs 4 times)"),
        "{m}"
    );
    // `check xiangqi`: the sequence ends in the verdict.
    let a = analyze(CHECKS, &line(&CHECK_CYCLE, 3, &["b8b9"])).unwrap();
    assert_eq!(a.verdict.map(|v| v.kind), Some(VerdictKind::PerpetualCheck));
    assert!(a.passed.is_empty());
}

#[test]
fn a_game_that_goes_on_after_a_perpetual_check_is_not_decided_by_it() {
    // Red changes at ply 9: the rook leaves the b-file (b8 to a8). The record says draw.
    let g = coord_game(
        CHECKS,
        &line(&CHECK_CYCLE, 2, &["b8a8", "d9e9"]),
        Some(Outcome::Draw),
    );
    let r = replay(&g);
    assert_eq!(r.moves.len(), 10);
    assert_eq!(
        (r.termination, r.derived_result, r.end_ply),
        (Termination::Unfinished, None, None)
    );
    assert_eq!(codes(&r), [("perpetual-check-changed", Some(9))]);
    let f = &r.findings[0];
    assert_eq!((f.severity, f.rule), (Severity::Info, RULE_1));
    for part in [
        "red checks perpetually (third occurrence of the position at ply 8; cycle plies 5-8: b8b9 [check",
        "red had to change",
        "red left the cycle at ply 9 (b8a8)",
        "so the game was not decided there",
    ] {
        assert!(f.message.contains(part), "{part}: {}", f.message);
    }
    // The result then comes from how the record ends: here Red goes on to mate.
    let g = coord_game(
        "3k5/1R7/9/9/9/9/9/9/R8/4K4 w",
        &line(&CHECK_CYCLE, 2, &["a1a9"]),
        Outcome::side_win(kifu_parser::GameKind::Xiangqi, "red"),
    );
    let r = replay(&g);
    assert_eq!(
        (r.termination, r.derived_result, r.end_ply),
        (
            Termination::Checkmate,
            Some(Outcome::Win(Seat::FIRST)),
            Some(9)
        )
    );
    assert_eq!(codes(&r), [("perpetual-check-changed", Some(9))]);
    // `check xiangqi`: no verdict decides; the one play went past is listed.
    let a = analyze(CHECKS, &line(&CHECK_CYCLE, 2, &["b8a8"])).unwrap();
    assert!(a.verdict.is_none());
    assert_eq!(a.passed.len(), 1);
    let p = &a.passed[0];
    assert_eq!(
        (p.ruling.verdict.kind, p.left_at, p.left_by),
        (VerdictKind::PerpetualCheck, 9, Side::Red)
    );
}

#[test]
fn who_left_the_cycle_and_how_often_it_was_repeated() {
    // Black leaves instead: after three more plies of the cycle its general steps up to d7
    // (ply 12) instead of back to d9. Not decided either; the finding says Black was not
    // the side that had to change.
    let g = coord_game(
        CHECKS,
        &line(&CHECK_CYCLE, 2, &["b8b9", "d9d8", "b9b8", "d8d7"]),
        None,
    );
    let r = replay(&g);
    assert_eq!(
        (r.termination, r.derived_result),
        (Termination::Unfinished, None)
    );
    assert_eq!(codes(&r), [("perpetual-check-changed", Some(12))]);
    let m = &r.findings[0].message;
    assert!(
        m.contains("black left the cycle at ply 12 (d8d7) (not red, the side that had to change)"),
        "{m}"
    );
    // Red repeats the whole cycle twice more past the threshold (5th occurrence after ply
    // 16), then changes: still a game that went on, with the occurrences reached.
    let g = coord_game(CHECKS, &line(&CHECK_CYCLE, 4, &["b8a8"]), None);
    let r = replay(&g);
    assert_eq!(codes(&r), [("perpetual-check-changed", Some(17))]);
    let m = &r.findings[0].message;
    assert!(
        m.contains("at ply 8;") && m.contains("the cycle went on to the 5th occurrence"),
        "{m}"
    );
}

#[test]
fn drawn_repetitions_and_chases_play_went_past() {
    // One check, one idle move (棋例2): drawn if neither side changes. Red changes.
    let r = replay(&coord_game(
        "3k5/9/9/9/9/9/9/9/9/1R2K4 w",
        &line(&["b0b9", "d9d8", "b9b0", "d8d9"], 2, &["b0b1"]),
        Outcome::side_win(kifu_parser::GameKind::Xiangqi, "red"),
    ));
    assert_eq!(
        (r.termination, r.derived_result),
        (Termination::Unfinished, None)
    );
    assert_eq!(codes(&r), [("repetition-draw-changed", Some(9))]);
    let m = &r.findings[0].message;
    assert!(
        m.contains("drawn only if neither side changes")
            && m.contains("red left the cycle at ply 9"),
        "{m}"
    );
    // Fairy-Stockfish case 1 (棋例5): the red cannon chases the rook on every move; at the
    // third occurrence Red would lose; Red's cannon then goes elsewhere.
    let fen = "2bakabnr/9/r1n1c4/2p1p1p1p/PP7/9/4P1P1P/2C3NC1/9/1NBAKAB1R w - - 0 1";
    let chase = [
        "c2a2", "a7b7", "a2b2", "b7a7", "b2a2", "a7b7", "a2b2", "b7a7", "b2a2",
    ];
    let r = replay(&coord_game(
        fen,
        &moves(&chase),
        Outcome::side_win(kifu_parser::GameKind::Xiangqi, "black"),
    ));
    assert_eq!(r.termination, Termination::PerpetualChase);
    assert_eq!(codes(&r), [("perpetual-chase", Some(9))]);
    let mut ms = moves(&chase);
    ms.extend(moves(&["a7b7", "a2c2"]));
    let r = replay(&coord_game(fen, &ms, Some(Outcome::Draw)));
    assert_eq!(
        (r.termination, r.derived_result),
        (Termination::Unfinished, None)
    );
    assert_eq!(codes(&r), [("perpetual-chase-changed", Some(11))]);
    assert!(
        r.findings[0].message.contains("target rook"),
        "{}",
        r.findings[0].message
    );
}

#[test]
fn a_record_that_breaks_off_inside_the_cycle_goes_on_past_it() {
    // kifu's decision: an unreadable move after the verdict is no repetition of the
    // cycle; the record does not end within it, so the ruling is passed at that ply.
    let mut g = coord_game(CHECKS, &line(&CHECK_CYCLE, 2, &[]), Some(Outcome::Draw));
    g.moves.push(kifu_parser::raw::XqMove {
        text: XqMoveText::Coord {
            from: (0, 0),
            to: (0, 1),
        },
        written: "a0a1".into(),
        at: Default::default(),
        len: 4,
    });
    let r = replay(&g);
    assert_eq!(
        (r.termination, r.derived_result),
        (Termination::IllegalMove, None)
    );
    assert_eq!(
        codes(&r),
        [
            ("illegal-move", Some(9)),
            ("perpetual-check-changed", Some(9))
        ]
    );
    assert!(
        r.findings[1]
            .message
            .contains("the record goes on at ply 9 with a move of red the replay cannot apply"),
        "{}",
        r.findings[1].message
    );
}

// ------------------------------------------------------------------ shared data

/// The 2015 World Championship (慕中杯第14届世界象棋锦标赛) in the dpxq DhtmlXQ set.
const WORLD_2015: &str = "2015年慕中杯第14届世界象棋锦标赛";

/// Every game of the event with a repetition ruling: id, termination, derived result, the
/// ruling findings (`code@ply`). Before the revised decision the six games with a
/// `*-changed` perpetual check or chase were judged lost at the verdict (a
/// `moves-after-ruling` warning, 18 to 74 more plies); 72535 was derived a Black win
/// against its recorded draw. The four drawn rulings the records end in were reported at
/// the record's last ply before, at the third occurrence now.
const WORLD_2015_RULINGS: [(&str, &str, &str, &str); 14] = [
    ("72332", "unfinished", "-", "repetition-draw-changed@64"),
    ("72346", "repetition-draw", "draw", "repetition-draw@98"),
    ("72363", "repetition-draw", "draw", "repetition-draw@32"),
    ("72400", "unfinished", "-", "repetition-draw-changed@90"),
    ("72406", "unfinished", "-", "perpetual-chase-changed@76"),
    ("72417", "unfinished", "-", "perpetual-check-changed@72"),
    ("72432", "repetition-draw", "draw", "repetition-draw@81"),
    (
        "72437",
        "unfinished",
        "-",
        "perpetual-check-changed@60 repetition-draw-changed@65",
    ),
    ("72474", "unfinished", "-", "repetition-draw-changed@110"),
    ("72485", "unfinished", "-", "perpetual-check-changed@201"),
    (
        "72511",
        "unfinished",
        "-",
        "repetition-draw-changed@51 repetition-draw-changed@129",
    ),
    (
        "72535",
        "unfinished",
        "-",
        "perpetual-check-changed@125 perpetual-check-changed@142",
    ),
    (
        "72538",
        "unfinished",
        "-",
        "perpetual-check-changed@67 perpetual-check-changed@113",
    ),
    ("72540", "repetition-draw", "draw", "repetition-draw@99"),
];

#[test]
fn world_championship_2015_no_result_from_a_ruling_play_went_past() {
    let Some(p) = shared_file("data/xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz")
    else {
        return;
    };
    let mut ar = tar::Archive::new(xz2::read::XzDecoder::new(std::fs::File::open(p).unwrap()));
    let mut games = 0;
    let mut seen = Vec::new();
    for e in ar.entries().unwrap() {
        let mut e = e.unwrap();
        let name = e.path().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".txt") {
            continue;
        }
        let mut bytes = Vec::new();
        e.read_to_end(&mut bytes).unwrap();
        let Some(Ok(g)) = kifu_parser::dhtmlxq::parse(&bytes).pop() else {
            continue;
        };
        if g.header.event.as_deref() != Some(WORLD_2015) {
            continue;
        }
        games += 1;
        let r = replay(&g);
        let id = name.rsplit('/').next().unwrap().trim_end_matches(".txt");
        assert_eq!(r.moves.len() as u32, r.plies, "{id}: {:?}", r.findings);
        // A result derived from a verdict: the record ends within its cycle, so no
        // position after the verdict's is new.
        if r.termination.is_repetition() {
            let at = r.end_ply.unwrap() as usize;
            let before = &r.hashes[..=at];
            assert!(
                r.hashes[at..].iter().all(|h| before.contains(h)),
                "{id}: a new position after the verdict at ply {at}"
            );
        }
        assert!(
            r.findings.iter().all(|f| f.code != "moves-after-ruling"
                && f.code != "result-contradicts-repetition-ruling"),
            "{id}: {:?}",
            r.findings
        );
        let rulings: Vec<String> = r
            .findings
            .iter()
            .filter(|f| f.rule.contains("棋例"))
            .map(|f| format!("{}@{}", f.code, f.ply.unwrap_or(0)))
            .collect();
        if rulings.is_empty() {
            continue;
        }
        let derived = r
            .derived_result
            .map_or("-", |o| o.name(GameKind::Xiangqi).name());
        seen.push((
            id.to_owned(),
            r.termination.name(),
            derived,
            rulings.join(" "),
        ));
        // The game whose record says draw, judged a Black win before: the draw counts.
        if id == "72535" {
            assert_eq!(g.header.result, Some(Outcome::Draw));
            assert_eq!(
                kifu_facts::counted_result(
                    kifu_facts::GameKind::Xiangqi,
                    Some("draw"),
                    r.derived_result.map(|o| o.name(GameKind::Xiangqi).name()),
                    r.termination.name()
                ),
                Some(kifu_facts::ResultName::Draw)
            );
        }
    }
    assert_eq!(games, 241);
    seen.sort();
    let want: Vec<(String, &str, &str, String)> = WORLD_2015_RULINGS
        .iter()
        .map(|(a, b, c, d)| (a.to_string(), *b, *c, d.to_string()))
        .collect();
    assert_eq!(seen, want);
}
