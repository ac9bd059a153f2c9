//! ChouChou engine tests: hand-checked boards (written out in the comments), penalties,
//! capacities, move tokens and standings. (Properties over generated games and random
//! input: `generate/tests/chouchou.rs`.)
//!
//! Board comments show cell totals, rows A (far side) to C/D, columns 1-3/4; a cell's
//! pieces are written `a` (P1 / team P1+P3), `b` (P2 / team P2+P4), `c` (P3), `d` (P4).

use kifu_rules::chouchou::{
    check, check_annotated, decode_actions, encode_actions, lines, parse_moves, replay, standings,
    Board, CcActionText, CcReplay, GameResult, Variant,
};
use kifu_rules::Severity;

fn run(variant: Variant, players: u8, pairs: bool, moves: &str) -> CcReplay {
    let acts = parse_moves(moves).unwrap_or_else(|e| panic!("{moves}: {e}"));
    check_annotated(variant, players, pairs, &acts)
}

fn codes(r: &CcReplay) -> Vec<(Option<u32>, &'static str)> {
    r.findings.iter().map(|f| (f.ply, f.code)).collect()
}

fn cell(b: &Board, name: &str, colour: usize) -> u8 {
    let c = name.as_bytes();
    b.count(((c[0] - b'1'), (c[1] - b'A')), colour)
}

/// P1 places `a`, P2 `b`, P1 `c`: the line a-b-c becomes 1·1·1 at ply 3 and P1 takes P2's
/// piece on `b`. With three pieces on the board no other line can be level.
///   ply 3:  a=1(a)  b=1(b)  c=1(a)  → take 1 (b's piece), steps [1]
fn line_shape(variant: Variant, a: &str, b: &str, c: &str) {
    let r = run(variant, 2, false, &format!("{a} {b} {c}"));
    assert!(r.findings.is_empty(), "{a} {b} {c}: {:?}", r.findings);
    assert_eq!(r.captured, vec![1, 0], "{a} {b} {c}");
    assert_eq!(r.captures.len(), 1);
    assert_eq!((r.captures[0].ply, r.captures[0].player), (3, 0));
    assert_eq!(r.captures[0].steps, vec![1]);
    assert_eq!(cell(&r.board, b, 1), 0);
    assert_eq!(r.board.total_pieces(), 2);
}

#[test]
fn line_counts() {
    assert_eq!(lines(3).len(), 8);
    assert_eq!(lines(4).len(), 34);
    assert_eq!(lines(4).iter().filter(|l| l.len() == 4).count(), 10);
}

#[test]
fn every_line_shape_3x3() {
    line_shape(Variant::Standard, "1A", "2A", "3A"); // row
    line_shape(Variant::Standard, "2A", "2B", "2C"); // column
    line_shape(Variant::Standard, "1A", "2B", "3C"); // diagonal \
    line_shape(Variant::Standard, "3A", "2B", "1C"); // diagonal /
    line_shape(Variant::JuniorSenior, "1C", "2C", "3C");
}

#[test]
fn every_line_shape_4x4() {
    line_shape(Variant::FourByFour, "2B", "3B", "4B"); // row 3-run
    line_shape(Variant::FourByFour, "4A", "4B", "4C"); // column 3-run
    line_shape(Variant::FourByFour, "2A", "3B", "4C"); // diagonal \ 3-run
    line_shape(Variant::FourByFour, "4B", "3C", "2D"); // diagonal / 3-run
    line_shape(Variant::FourByFour, "1B", "2C", "3D"); // short diagonal
}

/// A 4-run: P2 levels 2A-3A-4A with its own pieces (nothing taken), then P1's 1A forms
/// 1A-3A and 1A-4A (2A-4A was already level): the union holds P2's 2A, 3A and 4A → 3.
/// The 3-run 1A-3A alone would give 2.
///   before ply 7      after ply 7        after the capture
///   A  0 1b 1b 1b     1a 1b 1b 1b        1a .  .  .
///   B  .  .  .  .
///   C  .  .  .  .
///   D  1a 1a .  1a
#[test]
fn four_run_4x4() {
    let r = run(Variant::FourByFour, 2, false, "1D 2A 4D 3A 2D 4A 1A");
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!(r.captures.len(), 1);
    assert_eq!(r.captures[0].ply, 7);
    assert_eq!(r.captures[0].steps, vec![3]);
    assert_eq!(r.captured, vec![3, 0]);
    assert_eq!(r.board.total_pieces(), 4);
}

/// Simultaneous capture: P1's 2B forms row B and column 2 at once.
///   before ply 5        after ply 5          after the capture
///   A  .  1b .          .  1b .              .  .  .
///   B  1b .  1a         1b 1a 1a             .  1a 1a
///   C  .  1a .          .  1a .              .  1a .
/// → both P2 pieces in one step: steps [2]; no chain (no line is level afterwards).
#[test]
fn simultaneous_capture() {
    let r = run(Variant::Standard, 2, false, "3B 1B 2C 2A 2B x2");
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!(r.captures[0].steps, vec![2]);
    assert_eq!(r.captured, vec![2, 0]);
    // Annotated lower: rule 7(5), the first line in reading order (column 2, from 2A) only.
    let r = run(Variant::Standard, 2, false, "3B 1B 2C 2A 2B x1");
    assert_eq!(codes(&r), vec![(Some(5), "capture-forgotten")]);
    assert_eq!(r.findings[0].severity, Severity::Warning);
    assert_eq!(r.findings[0].rule, "chouchou rule 7(5)");
    assert_eq!(r.captured, vec![1, 0]);
    assert_eq!(cell(&r.board, "2A", 1), 0);
    assert_eq!(cell(&r.board, "1B", 1), 1);
    // Annotated higher: an error, the entitlement is taken.
    let r = run(Variant::Standard, 2, false, "3B 1B 2C 2A 2B x3");
    assert_eq!(codes(&r), vec![(Some(5), "capture-mismatch")]);
    assert_eq!(r.findings[0].severity, Severity::Error);
    assert_eq!(r.captured, vec![2, 0]);
}

/// Chain capture: P2's 1C levels column 1 at 2·2·2 and takes P1's three pieces there; only
/// then row A (2·1·1 before the removal) reads 1·1·1 and is formed: P1's 2A goes too.
///   before ply 8        after ply 8          after step 1        after step 2
///   A  ab 1a 1b         ab 1a 1b             1b 1a 1b            1b .  1b
///   B  ab .  .          ab .  .              1b .  .             1b .  .
///   C  1a .  .          ab .  .              1b .  .             1b .  .
/// Column 1 after step 1 (1·1·1) was already level before it: not formed again.
#[test]
fn chain_capture() {
    let r = run(Variant::Standard, 2, false, "1A 1A 2A 3A 1B 1B 1C 1C x4");
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!(r.captures.len(), 1);
    assert_eq!(r.captures[0].player, 1);
    assert_eq!(r.captures[0].steps, vec![3, 1]);
    assert_eq!(r.captured, vec![0, 4]);
    assert_eq!(r.board.pieces(0), 0);
    assert_eq!(r.board.pieces(1), 4);
}

/// Chains are judged only after all simultaneous captures: P1's 3C→1C② forms column 1
/// (2·2·2) and column 3 (1·1·1) at once. Removing column 1's P2 piece alone would leave
/// row A at 1·1·1 (1A 1, 2A 1, 3A 1) — but after both columns are cleared row A is
/// 1·1·0: no chain, and P2's 2A stays.
///   before ply 11       after ply 11         after the capture
///   A  ab 1b 1b         ab 1b 1b             1a 1b .
///   B  aa .  1b         aa .  1b             aa .  .
///   C  .  .  aab        aa .  1b             aa .  .
#[test]
fn chain_judged_after_simultaneous_removal() {
    let r = run(
        Variant::Standard,
        2,
        false,
        "3C 3C 3C 1A 1A 3A 1B 3B 1B 2A 3C→1C②",
    );
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!(r.captures.len(), 1);
    assert_eq!(r.captures[0].steps, vec![4]);
    assert_eq!(r.captured, vec![4, 0]);
    assert_eq!(cell(&r.board, "2A", 1), 1);
    assert_eq!(r.board.total(((0), (0))), 1);
}

/// 2 players: P1's 2B→1A② right after its 1A→2B② is void; P2 receives 5; P1 plays again
/// (ply 8 is P1's 1C, ply 9 P2's 2A).
#[test]
fn consecutive_move_two_players() {
    let r = run(
        Variant::Standard,
        2,
        false,
        "1A 3C 1A 3C 1A→2B② 3A 2B→1A② 1C 2A",
    );
    assert_eq!(codes(&r), vec![(Some(7), "consecutive-move")]);
    let f = &r.findings[0];
    assert_eq!(f.severity, Severity::Warning);
    assert_eq!(f.rule, "chouchou rule 7(1)");
    assert!(f.message.contains("5 penalty pieces"), "{}", f.message);
    assert_eq!(r.captured, vec![0, 5]);
    assert_eq!(r.penalty, vec![0, 5]);
    assert!(r.moves[6].void);
    assert_eq!(r.moves[7].seat, 0);
    assert_eq!(r.moves[8].seat, 1);
    assert_eq!(r.tokens_used, vec![1, 0]);
    // The move was taken back: 2B still holds P1's two pieces.
    assert_eq!(cell(&r.board, "2B", 0), 2);
    assert_eq!(r.points, vec![-10, -5]);
}

/// 3 players: P2 and P3 receive 4 each; P1 plays again (ply 11), then P2 (ply 12).
#[test]
fn consecutive_move_three_players() {
    let r = run(
        Variant::Standard,
        3,
        false,
        "1A 3C 3A 1A 3C 3A 1A→2B② 1C 2A 2B→1A② 1B 3B",
    );
    assert_eq!(codes(&r), vec![(Some(10), "consecutive-move")]);
    assert_eq!(r.captured, vec![0, 4, 4]);
    assert_eq!(r.moves[10].seat, 0);
    assert_eq!(r.moves[11].seat, 1);
}

/// 4 players individual: 3 to each of P2, P3, P4; P1's replay 2B then forms row B
/// (1B 1b · 2B 1a · 3B 1d) and takes 2.
///   after ply 14
///   A  .  aa cc
///   B  1b 1a 1d
///   C  dd 1c bb
#[test]
fn consecutive_move_four_players() {
    let r = run(
        Variant::Standard,
        4,
        false,
        "1A 3C 3A 1C 1A 3C 3A 1C 1A→2A② 1B 2C 3B 2A→1A② 2B x2 1A",
    );
    assert_eq!(codes(&r), vec![(Some(13), "consecutive-move")]);
    assert_eq!(r.captured, vec![2, 3, 3, 3]);
    assert_eq!(r.moves[13].seat, 0);
    assert_eq!(r.moves[14].seat, 1);
}

/// Pairs (P1+P3 = a, P2+P4 = b): P2's consecutive move gives 3 to P1 and 3 to P3; P2's
/// replay 1B levels column 1 (2·2·2) and takes team a's three pieces there, not its
/// partner P4's two on 1C; then P3's 2B levels column 2 and takes P4's 2A.
///   after ply 15        after the capture
///   A  aa 1b aa         .  1b aa
///   B  ab .  bb         1b .  bb
///   C  bb 1a 1a         bb 1a 1a
#[test]
fn consecutive_move_pairs() {
    let r = run(
        Variant::Standard,
        4,
        true,
        "1A 3C 3A 1C 1A 3C 3A 1C 1B 3C→3B② 2C 2A 3C 3B→2B② 1B x3 2B x1",
    );
    assert_eq!(codes(&r), vec![(Some(14), "consecutive-move")]);
    assert!(r.findings[0].message.contains("3 penalty pieces"));
    assert_eq!(r.penalty, vec![3, 0, 3, 0]);
    assert_eq!(r.captured, vec![3, 3, 4, 0]);
    assert_eq!(r.moves[14].seat, 1);
    assert_eq!(r.moves[15].seat, 2);
    assert_eq!(cell(&r.board, "1C", 1), 2);
}

#[test]
fn junior_senior_capacity() {
    // 2B holds 3 after ply 3: the 4th piece is illegal on J&S, legal on 3x3.
    let r = run(Variant::JuniorSenior, 2, false, "2B 2B 2B 2B");
    assert_eq!(codes(&r), vec![(Some(4), "illegal-action")]);
    assert!(
        r.findings[0].message.contains("capacity"),
        "{}",
        r.findings[0].message
    );
    assert_eq!(r.findings[0].rule, "chouchou rule 3 placing(3)");
    assert!(run(Variant::Standard, 2, false, "2B 2B 2B 2B")
        .findings
        .is_empty());
    // Two more on a cell holding 2 exceeds 3.
    let r = run(Variant::JuniorSenior, 2, false, "1A 2B 1A 2B 1A→2B②");
    assert_eq!(codes(&r), vec![(Some(5), "illegal-action")]);
    let r = run(Variant::Standard, 2, false, "1A 2B 1A 2B 1A→2B②");
    assert!(r.findings.is_empty(), "{:?}", r.findings);
}

/// Nine piece moves each, then P1's 10th: `move-limit`. P1 shuttles a pair between 1A and
/// 2A and places on 1B/2B; P2 shuttles between 4D and 4C and places on 3D/4C/4D. No line
/// can be level (3A, 3B, 3C, 1C, 2C, 4B, 2D stay empty).
#[test]
fn tenth_piece_move() {
    let p1 = [
        "1A",
        "1A",
        "1A→2A②",
        "1B",
        "2A→1A②",
        "2B",
        "1A→2A②",
        "1B",
        "2A→1A②",
        "2B",
        "1A→2A②",
        "1B",
        "2A→1A②",
        "2B",
        "1A→2A②",
        "1B",
        "2A→1A②",
        "2B",
        "1A→2A②",
        "1B",
        "2A→1A②",
    ];
    let p2 = [
        "4D",
        "4D",
        "4D→4C②",
        "3D",
        "4C→4D②",
        "3D",
        "4D→4C②",
        "3D",
        "4C→4D②",
        "3D",
        "4D→4C②",
        "3D",
        "4C→4D②",
        "4C",
        "4D→4C②",
        "4D",
        "4C→4D②",
        "4C",
        "4D→4C②",
        "4D",
    ];
    let mut moves = Vec::new();
    for (i, m1) in p1.iter().enumerate() {
        moves.push(*m1);
        if let Some(m) = p2.get(i) {
            moves.push(m);
        }
    }
    let r = run(Variant::FourByFour, 2, false, &moves.join(" "));
    assert_eq!(codes(&r), vec![(Some(41), "move-limit")]);
    assert_eq!(r.findings[0].severity, Severity::Error);
    assert_eq!(r.findings[0].rule, "chouchou rule 3 moving(3)");
    assert_eq!(r.tokens_used, vec![9, 9]);
    assert!(r.captures.is_empty());
}

/// A swap changes no count: it forms nothing. P1's swap 1C↔1A touches row A (1·1·1, P2's
/// pieces) and row C (1·1·1, now holding P2's piece): `rules-silent`, nothing taken, and an
/// annotation claiming 2 is a mismatch.
#[test]
fn swap_never_captures() {
    let r = run(Variant::Standard, 2, false, "1C 1A 3C 2A 2C 3A 1C→1A① x2");
    assert_eq!(
        codes(&r),
        vec![(Some(7), "rules-silent"), (Some(7), "capture-mismatch")]
    );
    assert_eq!(r.findings[0].severity, Severity::Info);
    assert_eq!(r.captured, vec![0, 0]);
    assert_eq!(cell(&r.board, "1A", 0), 1);
    assert_eq!(cell(&r.board, "1C", 1), 1);
}

#[test]
fn illegal_actions() {
    let r = run(Variant::Standard, 2, false, "4A");
    assert_eq!(codes(&r), vec![(Some(1), "illegal-action")]);
    assert!(r.findings[0].message.contains("off the 3x3 board"));
    let r = run(Variant::Standard, 2, false, "1A 2B 1A→2A②");
    assert_eq!(codes(&r), vec![(Some(3), "illegal-action")]);
    let r = run(Variant::Standard, 2, false, "1A 2B 2B→1A①");
    assert_eq!(codes(&r), vec![(Some(3), "illegal-action")]); // 2B is P2's
    let r = run(Variant::Standard, 2, false, "1A 2B 1A→2B① 3C 2C");
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    // Replay stops at the error: later plies are counted, not applied.
    let r = run(Variant::Standard, 2, false, "1A 1A 1A 1A 1A 1A 2B");
    assert_eq!(codes(&r), vec![(Some(6), "illegal-action")]);
    assert_eq!(r.plies, 7);
    assert_eq!(r.moves.len(), 5);
    assert_eq!(r.termination.name(), "illegal-action");
    let r = check(Variant::Standard, 5, false, &[]);
    assert_eq!(codes(&r), vec![(None, "bad-setup")]);
}

/// Two void moves give P2 10 penalty pieces: P2 wins at ply 8 without a capture; P1's next
/// entry is `moves-after-win`, and a `[Result "P1"]` contradicts the board.
#[test]
fn penalty_win_and_result() {
    let text = "[Game \"ChouChou\"]\n[Variant \"3x3\"]\n[P1 \"Sato\"]\n[P2 \"Suzuki\"]\n\
                [Result \"P1\"]\n\n1. 1A 2. 3C 3. 1A 4. 3A 5. 1A→2B② 6. 1C 7. 2B→1A② \
                8. 2B→2A② 9. 1B *\n";
    let games = kifu_parser::chouchou::parse_ccn(text.as_bytes());
    let g = games[0].as_ref().unwrap();
    let r = replay(g);
    assert_eq!(
        codes(&r),
        vec![
            (Some(7), "consecutive-move"),
            (Some(8), "consecutive-move"),
            (Some(9), "moves-after-win"),
            (None, "result-contradicts-board"),
        ]
    );
    assert_eq!(r.winner, Some(1));
    assert_eq!(r.captured, vec![0, 10]);
    assert_eq!(r.points, vec![-10, 0]);
    assert_eq!(r.termination.name(), "threshold");
    // A claimed win without the pieces and without a [Termination]: capture-mismatch.
    let text = "[Players \"2\"]\n[Result \"P2\"]\n1A 2B\n";
    let r = replay(
        kifu_parser::chouchou::parse_ccn(text.as_bytes())[0]
            .as_ref()
            .unwrap(),
    );
    assert_eq!(codes(&r), vec![(None, "capture-mismatch")]);
    assert_eq!(r.winner, None);
    // With [Termination "time"] the recorded winner stands.
    let text = "[Players \"2\"]\n[Result \"P2\"]\n[Termination \"time\"]\n1A 2B\n";
    let r = replay(
        kifu_parser::chouchou::parse_ccn(text.as_bytes())[0]
            .as_ref()
            .unwrap(),
    );
    assert!(r.findings.is_empty());
    assert_eq!(r.winner, Some(1));
    assert_eq!(r.termination.name(), "time");
    assert_eq!(r.points, vec![-10, 0]);
}

#[test]
fn check_json_shape() {
    let r = run(Variant::Standard, 2, false, "3B 1B 2C 2A 2B");
    assert_eq!(
        r.check_json(),
        "{\"findings\":[],\"captured\":{\"P1\":2,\"P2\":0},\"captures\":[{\"ply\":5,\"player\":\"P1\",\"taken\":2,\"steps\":[2]}],\"winner\":null}"
    );
    let text = r.board.render();
    assert!(text.contains("1·0"), "{text}");
}

#[test]
fn encoding_round_trip() {
    let acts: Vec<CcActionText> = parse_moves("1A 4D 3C→1A② 2B→3A① 4A")
        .unwrap()
        .into_iter()
        .map(|a| a.0)
        .collect();
    let bytes = encode_actions(&acts).unwrap();
    assert_eq!(bytes.len(), 10);
    assert_eq!(&bytes[4..6], &[0x1A, 0x00]);
    assert_eq!(decode_actions(&bytes).unwrap(), acts);
    assert!(decode_actions(&[0x30, 0]).is_none());
    assert!(decode_actions(&[0x01]).is_none());
}

fn game(round: &str, players: &[&str], winner: Option<usize>, captured: &[u32]) -> GameResult {
    GameResult {
        event: Some("Cup".to_string()),
        round: round.to_string(),
        players: players.iter().map(|s| s.to_string()).collect(),
        pairs: false,
        winner,
        captured: captured.to_vec(),
        threshold: 10,
    }
}

/// Per player (round points): A R1 +1, R2 +1 (2 wins); B R1 +5; C R1 +6, R3 −3;
/// D R1 −1, R2 +5, R3 −1; E R2 −2, R3 +5; F R1 −4, R3 −3; G R1 −4, R2 −3.
/// A above B by wins; C below B by points (3 < 5); D below C by best bonus (5 < 6);
/// E below D by worst penalty (−2 vs −1); F and G tie on everything: janken.
#[test]
fn standings_tie_breaks() {
    let games = vec![
        game("1", &["A", "F"], Some(0), &[11, 6]),
        game("1", &["B", "G"], Some(0), &[15, 6]),
        game("1", &["C", "D"], Some(0), &[16, 9]),
        game("2", &["A", "G"], Some(0), &[11, 7]),
        game("2", &["D", "E"], Some(0), &[15, 8]),
        game("3", &["E", "C"], Some(0), &[15, 7]),
        game("3", &["D", "F"], None, &[9, 7]),
    ];
    let s = standings(&games);
    assert_eq!(s.rounds, vec!["1", "2", "3"]);
    let rows: Vec<(u32, &str, u32, i32, i32, i32, &str)> = s
        .table
        .iter()
        .map(|r| {
            (
                r.place,
                r.player.as_str(),
                r.wins,
                r.points_sum,
                r.best_bonus,
                r.worst_penalty,
                r.decided_by,
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            (1, "A", 2, 2, 1, 0, "wins"),
            (2, "B", 1, 5, 5, 0, "wins"),
            (3, "C", 1, 3, 6, -3, "points"),
            (4, "D", 1, 3, 5, -1, "best bonus"),
            (5, "E", 1, 3, 5, -2, "worst penalty"),
            (6, "F", 0, -7, 0, -4, "tie (janken)"),
            (6, "G", 0, -7, 0, -4, "tie (janken)"),
        ]
    );
    let d = s.sheet.iter().find(|r| r.player == "D").unwrap();
    let marks: Vec<(&str, i32)> = d
        .rounds
        .iter()
        .map(|e| e.map_or(("", 0), |e| (e.mark(), e.points)))
        .collect();
    assert_eq!(marks, vec![("×", -1), ("○", 5), ("×", -1)]);
}

/// Pairs: the pair wins when a member wins; its round points are the sum of its members'.
/// A 16 (winner, +6), C 4 (−6) → A / C +0; B 9 (−1), D 9 (−1) → B / D −2.
#[test]
fn standings_pairs() {
    let mut g = game("1", &["A", "B", "C", "D"], Some(0), &[16, 9, 4, 9]);
    g.pairs = true;
    let s = standings(&[g]);
    assert_eq!(s.table[0].player, "A / C");
    assert_eq!((s.table[0].wins, s.table[0].points_sum), (1, 0));
    assert_eq!(s.table[1].player, "B / D");
    assert_eq!((s.table[1].wins, s.table[1].points_sum), (0, -2));
}

#[test]
fn samples_replay() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/chouchou");
    let text = std::fs::read(dir.join("tournament.ccn")).unwrap();
    let games = kifu_parser::chouchou::parse_ccn(&text);
    assert!(games.len() >= 4);
    let mut results = Vec::new();
    for g in &games {
        let g = g.as_ref().unwrap();
        let r = replay(g);
        assert!(
            r.findings.iter().all(|f| f.severity != Severity::Error),
            "{:?}: {:?}",
            g.header.round,
            r.findings
        );
        results.push(GameResult {
            event: g.header.event.clone(),
            round: g.header.round.clone().unwrap_or_default(),
            players: g.header.players.clone(),
            pairs: g.pairs,
            winner: r.winner,
            captured: r.captured.clone(),
            threshold: r.variant.threshold(),
        });
    }
    assert!(games.iter().any(|g| g.as_ref().unwrap().pairs));
    let s = standings(&results);
    assert!(!s.table.is_empty());
    let sheet = std::fs::read(dir.join("league.csv")).unwrap();
    let games = kifu_parser::chouchou::parse_sheet(&sheet);
    assert!(games.len() >= 2);
    for g in &games {
        let g = g.as_ref().unwrap();
        let r = replay(g);
        assert!(
            r.findings.iter().all(|f| f.severity != Severity::Error),
            "{:?}",
            r.findings
        );
    }
}
