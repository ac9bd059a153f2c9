//! Unit tests of the record audit.

use kifu_facts::Seat;
use kifu_parser::raw::{Format, Location, Outcome, RawGame, RawMove};
use kifu_rules::renju::{replay, Replay, Termination, OPENINGS};
use kifu_rules::Severity;

fn raw_point(t: &str) -> Option<(u8, u8)> {
    if t == "--" {
        return None;
    }
    let col = t.as_bytes()[0] - b'a';
    let row: u8 = t[1..].parse().unwrap();
    Some((col, row - 1))
}

fn raw_moves(moves: &str) -> Vec<RawMove> {
    moves
        .split_whitespace()
        .map(|t| RawMove {
            point: raw_point(t),
            at: Location::default(),
            len: t.len() as u16,
        })
        .collect()
}

fn game(moves: &str, result: Option<Outcome>) -> RawGame {
    let mut g = RawGame::new(Format::RenjuLines, Location::default());
    g.moves = raw_moves(moves);
    g.header.result = result;
    g
}

fn codes(r: &Replay) -> Vec<&'static str> {
    r.findings.iter().map(|f| f.code).collect()
}

fn only(r: &Replay, code: &str) -> kifu_rules::Finding {
    let v: Vec<_> = r.findings.iter().filter(|f| f.code == code).collect();
    assert_eq!(v.len(), 1, "one {code} in {:#?}", r.findings);
    v[0].clone()
}

use Outcome::Draw as D;
/// Black's win (Black, Renju's first seat) and White's.
const B: Outcome = Outcome::Win(kifu_facts::Seat::FIRST);
const W: Outcome = Outcome::Win(kifu_facts::Seat::SECOND);

// Black h8 i8 j8 k8 + l8: exact five at move 9; white plays along row 1 far away.
const BLACK_FIVE: &str = "h8 h9 i8 i9 j8 a1 k8 a3 l8";

#[test]
fn black_five() {
    let r = replay(&game(BLACK_FIVE, Some(B)));
    assert_eq!(r.derived_result, Some(Outcome::Win(Seat::FIRST)));
    assert_eq!(r.termination, Termination::Five);
    assert_eq!(r.end_ply, Some(9));
    assert_eq!(r.plies, 9);
    assert_eq!(r.moves.len(), 9);
    assert_eq!(r.opening.map(|o| o.code), Some("D6"));
    assert_eq!(codes(&r), Vec::<&str>::new());
    assert_eq!(r.termination.name(), "five");
    assert_eq!(r.derived_result.unwrap(), Outcome::Win(Seat::FIRST));
}

#[test]
fn result_contradicts_board() {
    let r = replay(&game(BLACK_FIVE, Some(W)));
    let f = only(&r, "result-contradicts-board");
    assert_eq!(f.severity, Severity::Error);
    assert_eq!(f.ply, Some(9));
    assert_eq!(f.rule, "renju §8-8");
    assert_eq!(
        f.message,
        "the record gives the result `white`, but Black completes five with l8 at move 9, so \
         the board says `black`"
    );
    // Unknown / no result: no contradiction.
    for res in [None, Some(Outcome::Unknown)] {
        assert!(!codes(&replay(&game(BLACK_FIVE, res))).contains(&"result-contradicts-board"));
    }
    // A result the board does not show is accepted.
    let r = replay(&game("h8 h9 i8 i9", Some(W)));
    assert_eq!(r.termination, Termination::Unfinished);
    assert_eq!(r.derived_result, None);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
}

#[test]
fn black_overline_is_not_a_win() {
    // Black h8 i8 j8 l8 m8, then k8 makes six: forbidden (overline), the last move.
    let moves = "h8 h9 i8 i9 j8 a1 l8 a3 m8 a5 k8";
    let r = replay(&game(moves, Some(W)));
    assert_eq!(r.termination, Termination::ForbiddenMove);
    assert_eq!(r.derived_result, Some(Outcome::Win(Seat::SECOND)));
    assert!(r.findings.is_empty(), "won by claim: {:?}", r.findings);
    let r = replay(&game(moves, Some(B)));
    let f = only(&r, "forbidden-move");
    assert_eq!(f.severity, Severity::Warning);
    assert_eq!(f.ply, Some(11));
    assert!(!codes(&r).contains(&"result-contradicts-board"));
    // The game goes on: the overline stays claimable on every White turn.
    let r = replay(&game(&format!("{moves} a7 o15 a9"), Some(B)));
    let f = only(&r, "overline-unclaimed");
    assert_eq!(f.rule, "renju §8-9 a");
    assert_eq!(f.ply, Some(11));
    assert!(f.message.contains("plies 12, 14"), "{}", f.message);
    assert_eq!(r.termination, Termination::Unfinished);
    // … and a White result is then explained by a late claim.
    let r = replay(&game(&format!("{moves} a7 o15 a9"), Some(W)));
    assert_eq!(r.termination, Termination::ForbiddenMove);
    assert_eq!(r.derived_result, Some(Outcome::Win(Seat::SECOND)));
}

#[test]
fn white_overline_wins() {
    // White h9 i9 j9 l9 m9, then k9 makes six.
    let moves = "h8 h9 a1 i9 a3 j9 a5 l9 a7 m9 a9 k9";
    let r = replay(&game(moves, Some(W)));
    assert_eq!(r.termination, Termination::Overline);
    assert_eq!(r.derived_result, Some(Outcome::Win(Seat::SECOND)));
    assert_eq!(r.end_ply, Some(12));
    let r = replay(&game(moves, Some(B)));
    assert_eq!(
        only(&r, "result-contradicts-board").severity,
        Severity::Error
    );
}

#[test]
fn moves_after_five() {
    let r = replay(&game(&format!("{BLACK_FIVE} a5 b5"), Some(B)));
    let f = only(&r, "moves-after-five");
    assert_eq!(f.severity, Severity::Warning);
    assert_eq!(f.rule, "renju §8-8");
    assert_eq!(f.ply, Some(10));
    assert_eq!(
        f.message,
        "Black completes five at move 9 (l8), but the record goes on for 2 more moves; the \
         result is fixed at move 9"
    );
    assert_eq!(r.derived_result, Some(Outcome::Win(Seat::FIRST)));
    assert_eq!(r.moves.len(), 11);
}

#[test]
fn forbidden_unclaimed() {
    // Black g8, i8 (wait, not a line): g8 and i8 with h7, h9 black → h8 is 3-3.
    let moves = "g8 a1 i8 a3 h7 a5 h9 a7 h8 a9 b2";
    let r = replay(&game(moves, None));
    let f = only(&r, "forbidden-unclaimed");
    assert_eq!(f.severity, Severity::Info);
    assert_eq!(f.rule, "renju §8-9 b");
    assert_eq!(f.ply, Some(9));
    assert_eq!(
        f.message,
        "move 9 (black h8) is a double-three, a forbidden move, but White played on (move 10) \
         without claiming it, so it stands as a legal move"
    );
    assert_eq!(r.termination, Termination::Unfinished);
    assert!(codes(&r).contains(&"non-canonical-opening"));
    // Ending with the forbidden move and a White result: won by claim.
    let r = replay(&game("g8 a1 i8 a3 h7 a5 h9 a7 h8", Some(W)));
    assert_eq!(r.termination, Termination::ForbiddenMove);
    assert!(!codes(&r).contains(&"forbidden-unclaimed"));
}

#[test]
fn two_passes_draw() {
    let r = replay(&game("h8 h9 h10 -- --", Some(D)));
    assert_eq!(r.termination, Termination::TwoPasses);
    assert_eq!(r.derived_result, Some(Outcome::Draw));
    assert_eq!(r.end_ply, Some(5));
    assert_eq!(
        r.moves,
        vec![r.moves[0], r.moves[1], r.moves[2], None, None]
    );
    assert!(codes(&r).contains(&"pass-in-opening"));
    assert!(!codes(&r).contains(&"result-contradicts-board"));
    let r = replay(&game("h8 h9 h10 -- --", Some(B)));
    assert_eq!(only(&r, "result-contradicts-board").rule, "renju §8-7");
    // Passes that are not consecutive do not end the game.
    let r = replay(&game("h8 h9 h10 -- i9 -- j9", None));
    assert_eq!(r.termination, Termination::Unfinished);
    let r = replay(&game("h8 h9 h10 -- -- a1", None));
    assert_eq!(only(&r, "moves-after-end").rule, "renju §8-7");
}

#[test]
fn occupied_point() {
    let r = replay(&game("h8 h9 i9 h9 a1 a2", Some(B)));
    let f = only(&r, "illegal-move");
    assert_eq!(f.severity, Severity::Error);
    assert_eq!(f.ply, Some(4));
    assert_eq!(
        f.message,
        "move 4 (white h9) is on an occupied point: h9 already holds the white stone of move 2; \
         the replay stops here, 3 of 6 moves applied"
    );
    assert_eq!(r.termination, Termination::IllegalMove);
    assert_eq!(r.moves.len(), 3);
    assert_eq!(r.plies, 6);
    assert_eq!(r.derived_result, None);
}

#[test]
fn off_board() {
    let mut g = game("h8 h9", None);
    g.moves[1].point = Some((15, 3));
    let r = replay(&g);
    let f = only(&r, "off-board");
    assert_eq!(f.severity, Severity::Error);
    assert!(f.message.contains("column 16, row 4"), "{}", f.message);
    assert_eq!(r.termination, Termination::IllegalMove);
    assert_eq!(r.moves.len(), 1);
}

#[test]
fn not_renju_board() {
    let mut g = game("h8 h9 h10", None);
    g.board_width = 20;
    g.board_height = 20;
    let r = replay(&g);
    let f = only(&r, "not-renju-board");
    assert_eq!(f.severity, Severity::Error);
    assert!(f.message.contains("20×20"));
    assert_eq!(r.termination, Termination::NotRenju);
    assert!(r.moves.is_empty());
    assert_eq!(r.plies, 3);
}

#[test]
fn canonical_key_identifies_mirrors() {
    let a = replay(&game("h8 h9 j10 g7 k11", None));
    let b = replay(&game("h8 g8 f10 i7 e11", None)); // rotated and mirrored
    assert_eq!(a.canonical_key, b.canonical_key);
    assert_eq!(a.opening.map(|o| o.code), Some("D3"));
    assert_eq!(b.opening.map(|o| o.code), Some("D3"));
    let c = replay(&game("h8 h9 j10 g7 k12", None));
    assert_ne!(a.canonical_key, c.canonical_key);
    // Non-canonical opening reported, classification absent.
    let d = replay(&game("h8 h9 k11", None));
    assert_eq!(only(&d, "non-canonical-opening").severity, Severity::Info);
    assert!(d.opening.is_none());
    let e = replay(&game("h8 h9", None));
    assert!(e.findings.is_empty());
    assert_eq!(OPENINGS.len(), 26);
}

#[test]
fn a_record_cut_short_keys_on_every_recorded_move() {
    // Move 3 is on an occupied point: the replay applies 2 of 4 moves.
    let a = replay(&game("h8 h9 h8 j10", None));
    let b = replay(&game("h8 h9 h8 k11", None));
    assert_eq!(
        (a.moves.len(), a.termination),
        (2, Termination::IllegalMove)
    );
    assert_eq!(a.moves, b.moves);
    // The same played prefix, other records: other keys (each the smallest of the 8
    // images: h9 turned to h7 by the half turn, j10 to f6, k11 to e5).
    assert_eq!(a.canonical_key, [112, 97, 112, 80]);
    assert_eq!(b.canonical_key, [112, 97, 112, 64]);
    // A mirror image of a cut-short record is still its copy.
    let mirrored = replay(&game("h8 h7 h8 j6", None));
    assert_eq!(mirrored.canonical_key, a.canonical_key);
    // A complete record keys as before: the canonical key of its moves.
    let whole = replay(&game("h8 h9 j10", None));
    assert_eq!(whole.canonical_key, [112, 97, 80]);
}

#[test]
fn a_record_off_the_board_keys_on_its_moves_as_written() {
    // Move 2 (p16: column 16, row 16) is off the board.
    let r = replay(&game("h8 p16 --", None));
    assert_eq!(r.moves.len(), 1);
    assert_eq!(r.canonical_key, [0xFE, 15, 15, 7, 7, 15, 15, 255, 255]);
    let mut small = game("h8", None);
    small.board_width = 13;
    small.board_height = 13;
    assert_eq!(replay(&small).canonical_key, [0xFE, 13, 13, 7, 7]);
    assert!(replay(&game("", None)).canonical_key.is_empty());
}

fn with_proposals(moves: &str, rule: &str, proposals: &str, declared: Option<u8>) -> RawGame {
    let mut g = game(moves, None);
    g.header.rule = Some(rule.to_string());
    g.opening.proposals = raw_moves(proposals);
    g.opening.declared_proposals = declared;
    g
}

fn violations(r: &Replay) -> Vec<(String, &'static str)> {
    r.findings
        .iter()
        .filter(|f| f.code == "opening-rule-violation")
        .map(|f| (f.message.clone(), f.rule))
        .collect()
}

#[test]
fn symmetric_proposals() {
    // D4 Kagetsu h8 h9 i9 with white 4 at i8: black h8 i9, white h9 i8. The shape has four
    // symmetries: the identity, the mirror in the h8-i9 diagonal ((c,r) -> (r,c)), the
    // mirror in the h9-i8 diagonal ((c,r) -> (15-r,15-c)) and the half turn about its
    // centre ((c,r) -> (15-c,15-r)). k7 = (10,6) maps to g11, j6 and f10; k8 to h11, i6, f9.
    let ok = with_proposals("h8 h9 i9 i8 k7", "RIF", "k7 k8", None);
    assert!(
        violations(&replay(&ok)).is_empty(),
        "{:?}",
        violations(&replay(&ok))
    );
    let bad = with_proposals("h8 h9 i9 i8 k7", "RIF", "k7 g11", None);
    let v = violations(&replay(&bad));
    assert_eq!(v.len(), 1, "{v:?}");
    assert_eq!(v[0].1, "renju §9-6 a");
    assert!(
        v[0].0.contains("k7 and g11 are the same shape"),
        "{}",
        v[0].0
    );
    for other in ["j6", "f10"] {
        let bad2 = with_proposals("h8 h9 i9 i8 k7", "RIF", &format!("k7 {other}"), None);
        assert_eq!(violations(&replay(&bad2)).len(), 1, "k7 {other}");
    }
    // Symmetry is judged ignoring the board edge: the same shape in a corner-near place.
    // D1 Kansei h8 h9 h10 with white 4 at h7? black h8 h10, white h9 h7: symmetric only in
    // the h column: g12 and i12 are mirror images.
    let bad3 = with_proposals("h8 h9 h10 h7 g12", "yamaguchi", "g12 i12 j13", Some(3));
    assert_eq!(violations(&replay(&bad3)).len(), 1);
    // Count, occupied point, kept move.
    let bad4 = with_proposals("h8 h9 i9 i8 k7", "RIF", "k7 h9 k8", None);
    let v = violations(&replay(&bad4));
    assert_eq!(v.len(), 2, "{v:?}"); // count 3 ≠ 2, h9 occupied
    let bad5 = with_proposals("h8 h9 i9 i8 a1", "RIF", "k7 k8", None);
    let v = violations(&replay(&bad5));
    assert_eq!(v.len(), 1, "{v:?}");
    assert_eq!(v[0].1, "renju opening rule 1 (5)");
    let bad6 = with_proposals("h8 h9 i9 i8 k7", "soosorv", "k7 k8", Some(5));
    let v = violations(&replay(&bad6));
    assert_eq!(v.len(), 2, "{v:?}"); // 5 > 4 declared, 5 ≠ 2
                                     // Unknown rule: no validation.
    let none = with_proposals("h8 h9 i9 i8 k7", "gomoku", "k7 g11", None);
    assert!(violations(&replay(&none)).is_empty());
    // Non-canonical opening under RIF.
    let v = violations(&replay(&with_proposals("h8 h9 k11", "rif", "", None)));
    assert_eq!(v.len(), 1);
    // Taraguchi square rule.
    let v = violations(&replay(&with_proposals(
        "h8 h9 k11 h11 l8",
        "taraguchi",
        "",
        None,
    )));
    assert_eq!(v.len(), 1, "{v:?}"); // move 3 k11 is 3 lines from h8 (> 2)
    assert_eq!(v[0].1, "renju opening rule 4 (3-a)");
    let v = violations(&replay(&with_proposals(
        "h8 h9 j10 h12 m8",
        "taraguchi",
        "",
        None,
    )));
    assert_eq!(v.len(), 2, "{v:?}"); // h12 is 4 lines away (> 3), m8 5 (> 4)
}

/// Free-style gomoku: the same records, other rules (no forbidden moves, five or more wins
/// for either side, no Renju opening judged).
mod freestyle {
    use super::*;
    use kifu_facts::Ruleset;
    use kifu_rules::renju::replay_with;

    fn freestyle(moves: &str, result: Option<Outcome>) -> Replay {
        replay_with(&game(moves, result), Ruleset::Freestyle)
    }

    #[test]
    fn black_overline_wins_and_stands() {
        // The record Renju judges a forbidden overline (black_overline_is_not_a_win).
        let moves = "h8 h9 i8 i9 j8 a1 l8 a3 m8 a5 k8";
        let r = freestyle(moves, Some(B));
        assert_eq!(r.termination, Termination::Overline);
        assert_eq!(r.derived_result, Some(Outcome::Win(Seat::FIRST)));
        assert_eq!(r.end_ply, Some(11));
        assert_eq!(codes(&r), Vec::<&str>::new());
        // A White result is then contradicted by the board, citing free-style's rule.
        let r = freestyle(moves, Some(W));
        let f = only(&r, "result-contradicts-board");
        assert_eq!(f.rule, "free-style gomoku: five or more in a row wins");
        assert_eq!(
            f.message,
            "the record gives the result `white`, but Black makes an overline (a Black win) \
             with k8 at move 11, so the board says `black`"
        );
    }

    #[test]
    fn white_overline_and_fives_win_as_in_renju() {
        let r = freestyle("h8 h9 a1 i9 a3 j9 a5 l9 a7 m9 a9 k9", Some(W));
        assert_eq!(r.termination, Termination::Overline);
        assert_eq!(r.derived_result, Some(Outcome::Win(Seat::SECOND)));
        let r = freestyle(BLACK_FIVE, Some(B));
        assert_eq!(r.termination, Termination::Five);
        assert_eq!(r.derived_result, Some(Outcome::Win(Seat::FIRST)));
        // No Renju opening: not classified, no non-canonical-opening note.
        assert_eq!(r.opening, None);
        assert_eq!(codes(&r), Vec::<&str>::new());
    }

    #[test]
    fn no_forbidden_move_findings() {
        // Renju: a double-three played on (forbidden-unclaimed), and one as the last move
        // (won by claim); free-style: ordinary moves.
        let r = freestyle("g8 a1 i8 a3 h7 a5 h9 a7 h8 a9 b2", None);
        assert_eq!(codes(&r), Vec::<&str>::new());
        assert_eq!(r.termination, Termination::Unfinished);
        let r = freestyle("g8 a1 i8 a3 h7 a5 h9 a7 h8", Some(B));
        assert_eq!(r.termination, Termination::Unfinished);
        assert_eq!(r.derived_result, None);
        assert_eq!(codes(&r), Vec::<&str>::new());
        // A pass in the opening is Renju's rule, not free-style's.
        let r = freestyle("h8 -- i8", None);
        assert!(!codes(&r).contains(&"pass-in-opening"), "{:?}", codes(&r));
    }
}
