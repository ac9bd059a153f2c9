//! Chess Territorial engine tests: hand-computed scores, placement legality rule by rule,
//! the record audit, and illegal verdicts under the colour-preserving symmetries.
//! (Properties of generated games: `generate/tests/territorial.rs`.)
//!
//! Diagrams: rank 8 on top, `K Q R B N P` White, `k q r b n p` Black, `.` empty. Colours:
//! a1 is dark; a square is light (White's) when file + rank is odd (a = 0, rank 1 = 0).

use kifu_facts::Seat;
use kifu_parser::raw::{CtGame, CtMoveText, Header, Outcome};
use kifu_rules::territorial::{
    decode_moves, encode_moves, parse_move, parse_moves, render_claims, replay, replay_from,
    replay_moves, score, DecidedBy, End, Kind, Move, PlaceError, Placement, Position, Side, Square,
    Symmetry, Termination,
};
use kifu_rules::Severity;

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn pl(s: &str) -> Placement {
    match parse_move(s).unwrap() {
        Move::Place(p) => p,
        Move::Pass => panic!("{s} is a pass"),
    }
}

fn diagram(d: &str, to_move: Side) -> Position {
    Position::from_diagram(d, to_move).unwrap()
}

fn play(moves: &str) -> Position {
    Position::from_moves(&parse_moves(moves).unwrap()).unwrap()
}

/// Sizes×multipliers of a side's territories, largest first (`Score::breakdown`).
fn breakdown(p: &Position, side: Side) -> String {
    score(p).breakdown(side)
}

// ---------------------------------------------------------------------------------------
// Scoring

/// The rules' worked example (Fig. 5): White 50 = 21×2 + 4×2, Black 58 = 17×2 + 12×2.
///
/// White (16 pieces): rank 1 full (K on e1), a2 b2 c2 d2 f2 h2, c3; Q on h6.
/// - Territory with the king: the 15 pieces on ranks 1-3, plus the empty light squares next
///   to them: e2 (next to e1), g2 (g1), b3 (b2), d3 (d2, c3), f3 (f2), h3 (h2) = 6; c4,
///   light and next to c3, holds Black's queen so is not claimed. 15 + 6 = 21, ×2 = 42.
/// - The queen on h6 (dark) claims g6, h5, h7 (light, empty): 4, ×2 = 8. Its claims touch
///   only dark squares, so it stays apart. White = 50.
///
/// Black (9 pieces): k a8, n c8, r b7, r d7, b f7, b a6 / q c4, n e4, p g4.
/// - King's territory: pieces a8 c8 b7 d7 f7 a6 (6) and the dark empty squares next to
///   them: b8 d8 f8, a7 c7 e7 g7, b6 d6 f6, a5 (11) = 17, ×2 = 34.
/// - Queen's territory: pieces c4 e4 g4 (3) and b4 d4 c5 (next to c4), e3 f4 e5 (e4), h4
///   g3 g5 (g4) = 9 claims; 12, ×2 = 24. Black = 58: Black wins.
///   (The two touch nowhere: a5/b4, c5/c6, d6/d5, f6/f5 are separated by empty light squares.)
#[test]
fn worked_example_of_the_rules() {
    let p = diagram(
        "
        8 k . n . . . . .
        7 . r . r . b . .
        6 b . . . . . . Q
        5 . . . . . . . .
        4 . . q . n . p .
        3 . . P . . . . .
        2 P P P P . P . P
        1 R N B P K B N R
          a b c d e f g h",
        Side::Black,
    );
    let s = score(&p);
    assert_eq!((s.white, s.black), (50, 58));
    assert_eq!(s.breakdown(Side::White), "21×2 + 4×2");
    assert_eq!(s.breakdown(Side::Black), "17×2 + 12×2");
    assert_eq!(s.winner, Some(Side::Black));
    assert_eq!(s.decided_by, DecidedBy::Score);
    assert_eq!(
        s.to_string(),
        "White 50 (21×2 + 4×2), Black 58 (17×2 + 12×2): Black wins"
    );
    let queen_w = s
        .territories
        .iter()
        .find(|t| t.side == Side::White && t.has_queen)
        .unwrap();
    assert_eq!(
        queen_w.squares,
        vec![sq("h5"), sq("g6"), sq("h6"), sq("h7")],
        "a1-first order"
    );
    assert!(!queen_w.has_king);
    assert_eq!(s.queen_territory, [Some(4), Some(12)]);
    assert_eq!(
        render_claims(&p),
        "8 k * n * . * . .\n\
         7 * r * r * b * +\n\
         6 b * . * . * + Q\n\
         5 * . * . * . * +\n\
         4 . * q * n * p *\n\
         3 . + P + * + * +\n\
         2 P P P P + P + P\n\
         1 R N B P K B N R\n\
        \x20 a b c d e f g h\n"
    );
}

/// Kings alone in corners: White K a1 (dark) claims b1 and a2 (light): 3×2 = 6. Black k h1
/// (light) claims g1 and h2 (dark): 3×2 = 6. Tie; no queen on the board, queen territories
/// both 0: a draw.
#[test]
fn kings_in_corners_draw() {
    let p = diagram(
        "........\n........\n........\n........\n........\n........\n........\nK......k",
        Side::White,
    );
    let s = score(&p);
    assert_eq!((s.white, s.black), (6, 6));
    assert_eq!(s.winner, None);
    assert_eq!(s.decided_by, DecidedBy::Draw);
    assert_eq!(s.queen_territory, [None, None]);
}

/// Claims next to the opponent: White K e1 (dark) would claim d1 f1 e2 (light), but a
/// Black pawn stands on e2: White {e1 d1 f1} = 3×2 = 6. The Black pawn on e2 (light)
/// claims d2 f2 e3 (dark, empty); e1 is occupied: {e2 d2 f2 e3} = 4, no k/q, ×1 = 4.
#[test]
fn opponent_piece_blocks_a_claim() {
    let p = diagram(
        "........\n........\n........\n........\n........\n........\n....p...\n....K...",
        Side::White,
    );
    let s = score(&p);
    assert_eq!((s.white, s.black), (6, 4));
    assert_eq!(s.breakdown(Side::White), "3×2");
    assert_eq!(s.breakdown(Side::Black), "4");
    assert_eq!(s.winner, Some(Side::White));
}

/// Claims are of one's own colour only: a White knight on d5 (light) has only dark
/// orthogonal neighbours (c5 e5 d4 d6) and its light diagonal neighbours (c4 e4 c6 e6) are
/// not orthogonally adjacent: it claims nothing. {d5} = 1.
#[test]
fn piece_on_own_colour_claims_nothing() {
    let p = diagram(
        "........\n........\n........\n...N....\n........\n........\n........\n........",
        Side::White,
    );
    let s = score(&p);
    assert_eq!((s.white, s.black), (1, 0));
    assert_eq!(s.territories.len(), 1);
    assert_eq!(s.territories[0].squares, vec![sq("d5")]);
}

/// A rook on d4 (dark) claims c4 e4 d3 d5 (light): 5. A Black pawn on e5 (dark, Black's
/// colour) sits diagonally: it takes none of the rook's claims, and its orthogonal
/// neighbours d5 f5 e4 e6 are light, not Black's to claim: Black {e5} = 1.
#[test]
fn rook_in_the_middle() {
    let p = diagram(
        "........\n........\n........\n....p...\n...R....\n........\n........\n........",
        Side::White,
    );
    let s = score(&p);
    assert_eq!((s.white, s.black), (5, 1));
    let t = s.territories_of(Side::White).next().unwrap();
    assert_eq!(
        t.squares,
        vec![sq("d3"), sq("c4"), sq("d4"), sq("e4"), sq("d5")]
    );
    assert_eq!((t.multiplier, t.has_king, t.has_queen), (1, false, false));
}

/// Separate territories: White R a1 claims b1 a2 (3); White R h8 claims g8 h7 (3). Two
/// territories of 3, no king or queen: 3 + 3 = 6.
#[test]
fn separate_territories_add_up() {
    let p = diagram(
        ".......R\n........\n........\n........\n........\n........\n........\nR.......",
        Side::White,
    );
    let s = score(&p);
    assert_eq!(s.white, 6);
    assert_eq!(s.breakdown(Side::White), "3 + 3");
}

/// Territories join through a shared claim: rooks on d4 and e5 (both dark) claim c4 e4 d3
/// d5 and d5 f5 e4 e6; d5 and e4 are shared: one territory {d4 e5 c4 e4 d3 d5 f5 e6} = 8.
#[test]
fn claims_join_territories() {
    let p = diagram(
        "........\n........\n........\n....R...\n...R....\n........\n........\n........",
        Side::White,
    );
    let s = score(&p);
    assert_eq!(s.white, 8);
    assert_eq!(s.territories.len(), 1);
}

/// King and queen in one territory count double once: K a1 claims b1 a2; Q b2 (dark)
/// claims a2 c2 b1 b3: {a1 b2 a2 b1 c2 b3} = 6, ×2 = 12, not ×4.
#[test]
fn king_and_queen_territory_doubles_once() {
    let p = diagram(
        "........\n........\n........\n........\n........\n........\n.Q......\nK.......",
        Side::White,
    );
    let s = score(&p);
    assert_eq!(s.white, 12);
    let t = &s.territories[0];
    assert!(t.has_king && t.has_queen);
    assert_eq!((t.size, t.multiplier, t.value()), (6, 2, 12));
}

/// King and queen apart: K a1 {a1 b1 a2} = 3×2, Q h8 {h8 g8 h7} = 3×2: 12.
#[test]
fn king_and_queen_apart_double_each() {
    let p = diagram(
        ".......Q\n........\n........\n........\n........\n........\n........\nK.......",
        Side::White,
    );
    assert_eq!(score(&p).white, 12);
    assert_eq!(breakdown(&p, Side::White), "3×2 + 3×2");
}

/// A full first rank: 8 White pieces, claims a2 c2 e2 g2 (light, above a1 c1 e1 g1): 12,
/// with the king ×2 = 24. (b2 d2 f2 h2 are dark.)
#[test]
fn full_rank_with_king() {
    let p = diagram(
        "........\n........\n........\n........\n........\n........\n........\nRNBQKBNR",
        Side::White,
    );
    assert_eq!(score(&p).white, 24);
    assert_eq!(breakdown(&p, Side::White), "12×2");
}

/// Tie broken by queen territory: White Q d4 (dark) claims c4 e4 d3 d5: 5×2 = 10. Black q
/// h1 (light) claims g1 h2 (dark): 3×2 = 6; r a8 (light) claims b8 a7: 3; n d8 (dark)
/// claims nothing: 1. 10 = 10; queen territories 5 > 3: White wins on the tie-break.
#[test]
fn tie_broken_by_queen_territory() {
    let p = diagram(
        "r..n....\n........\n........\n........\n...Q....\n........\n........\n.......q",
        Side::White,
    );
    let s = score(&p);
    assert_eq!((s.white, s.black), (10, 10));
    assert_eq!(s.queen_territory, [Some(5), Some(3)]);
    assert_eq!(s.winner, Some(Side::White));
    assert_eq!(s.decided_by, DecidedBy::QueenTerritory);
    assert!(s
        .to_string()
        .ends_with("White wins on the larger queen territory"));
}

/// Exact tie: White Q a1 {a1 b1 a2} = 3×2 = 6, Black q h1 {h1 g1 h2} = 3×2 = 6; queen
/// territories 3 = 3: a draw.
#[test]
fn exact_tie_is_a_draw() {
    let p = diagram(
        "........\n........\n........\n........\n........\n........\n........\nQ......q",
        Side::White,
    );
    let s = score(&p);
    assert_eq!((s.white, s.black), (6, 6));
    assert_eq!(s.queen_territory, [Some(3), Some(3)]);
    assert_eq!((s.winner, s.decided_by), (None, DecidedBy::Draw));
}

/// Tie with White's queen off the board: K a1 = 3×2 = 6 vs q h1 = 3×2 = 6; White's queen
/// territory counts 0 < 3: Black wins on the tie-break.
#[test]
fn tie_with_a_queen_in_hand() {
    let p = diagram(
        "........\n........\n........\n........\n........\n........\n........\nK......q",
        Side::White,
    );
    let s = score(&p);
    assert_eq!((s.white, s.black), (6, 6));
    assert_eq!(
        (s.winner, s.decided_by),
        (Some(Side::Black), DecidedBy::QueenTerritory)
    );
}

/// Pieces on their own colour claim nothing (their orthogonal neighbours have the other
/// colour): White P a4, P c4 (light) and Black p b4, p d4 (dark) are four territories of
/// one square: 2 - 2, no queens: a draw.
#[test]
fn pieces_on_own_colour_row() {
    let p = diagram(
        "........\n........\n........\n........\nPpPp....\n........\n........\n........",
        Side::White,
    );
    let s = score(&p);
    assert_eq!((s.white, s.black), (2, 2));
    assert_eq!(s.territories.len(), 4);
}

// ---------------------------------------------------------------------------------------
// Placement legality

#[test]
fn kings_first_on_edges() {
    let p = Position::new();
    // 28 edge squares.
    let legal = p.legal_placements();
    assert_eq!(legal.len(), 28);
    assert!(legal
        .iter()
        .all(|x| x.kind == Kind::King && x.square.is_edge()));
    let e = p.check(pl("Q@e1")).unwrap_err();
    assert!(matches!(e, PlaceError::KingFirst { .. }));
    assert_eq!(
        e.to_string(),
        "move 1 (White Q@e1): White's king is still in hand: White must place its king first \
         (territorial §turn-order)"
    );
    let e = p.check(pl("K@e4")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 1 (White K@e4): kings go on an edge square (a or h file, rank 1 or 8), and e4 is \
         not one (territorial §turn-order)"
    );
    let p = play("K@e1");
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(p.legal_placements().len(), 27);
    let e = p.check(pl("K@e1")).unwrap_err();
    assert!(
        matches!(e, PlaceError::Occupied { placed_at: 1, .. }),
        "{e}"
    );
    assert_eq!(
        e.reason(),
        "square occupied: e1 holds the white king placed at move 1"
    );
    let mut p2 = p.clone();
    let e = p2.pass().unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 2 (Black --): Black may pass only when no placement is legal, and 27 are (e.g. \
         K@a1) (territorial §turn-order)"
    );
    assert_eq!(p2, p, "a refused move changes nothing");
    // A second king is not in hand.
    let p = play("K@e1 K@e8");
    let e = p.check(pl("K@a1")).unwrap_err();
    assert!(matches!(e, PlaceError::NotInHand { .. }));
    assert_eq!(
        e.reason(),
        "no king left in White's hand (each side has 1 king)"
    );
}

#[test]
fn high_pieces_must_reach_an_own_piece() {
    let p = play("K@e1 K@e8");
    // Rook on e4 reaches e1 down the file; d4 reaches nothing.
    assert!(p.check(pl("R@e4")).is_ok());
    let e = p.check(pl("R@d5")).unwrap_err();
    assert_eq!(e.reason(), "the rook on d5 reaches no white piece");
    assert_eq!(e.rule(), "territorial §placement");
    // Bishop on h4 reaches e1 along h4-g3-f2-e1; the rook on d1 reaches e1 along rank 1.
    assert!(p.check(pl("B@h4")).is_ok());
    assert!(p.check(pl("B@h5")).is_err());
    assert!(p.check(pl("R@a1")).is_ok());
    // Knight: from d3 or f3 or c2 or g2 it jumps to e1.
    for s in ["d3", "f3", "c2", "g2"] {
        assert!(p.check(Placement::new(Kind::Knight, sq(s))).is_ok(), "{s}");
    }
    assert!(p.check(pl("N@e3")).is_err());
    // Queen: lines of rook and bishop.
    assert!(p.check(pl("Q@a5")).is_ok()); // a5-b4-c3-d2-e1
    assert!(p.check(pl("Q@b5")).is_err());
    // A rook reaching only the Black king (e8) from e5? Upwards it meets k e8 first, but
    // downwards it meets K e1: legal. From a8 it reaches only the Black king: illegal.
    assert!(p.check(pl("R@e5")).is_ok());
    let e = p.check(pl("R@a8")).unwrap_err();
    assert!(matches!(e, PlaceError::NoReach { .. }));
}

#[test]
fn sliders_are_blocked_and_knights_jump() {
    // White K a1, Black n a3 between: a rook on a6 meets the knight first.
    let p = diagram(
        "k.......\n........\n........\n........\n........\nn.......\n........\nK.......",
        Side::White,
    );
    assert_eq!(
        p.check(pl("R@a6")).unwrap_err().reason(),
        "the rook on a6 reaches no white piece"
    );
    assert!(p.check(pl("R@a2")).is_ok());
    // Bishop from d4 to a1 through c3 b2: free. Block b2 with a White pawn: the bishop
    // then reaches the pawn, still legal (any own piece counts).
    assert!(p.check(pl("B@d4")).is_ok());
    // Knight jumps over anything: from b3 to a1.
    assert!(p.check(pl("N@b3")).is_ok());
    assert!(p.check(pl("N@b2")).is_err());
    // Blocked by an opponent on the diagonal.
    let p = diagram(
        "k.......\n........\n........\n........\n........\n........\n.n......\nK.......",
        Side::White,
    );
    assert!(p.check(pl("B@d4")).is_err());
    assert!(p.check(pl("Q@d4")).is_err());
    assert!(p.check(pl("Q@a4")).is_ok());
}

#[test]
fn pawns_go_where_own_high_pieces_reach() {
    let p = play("K@e1 K@e8");
    // The king reaches its 8 neighbours (5 on the board edge).
    let pawns: Vec<Square> = p
        .legal_placements()
        .into_iter()
        .filter(|x| x.kind == Kind::Pawn)
        .map(|x| x.square)
        .collect();
    assert_eq!(
        pawns,
        vec![sq("d1"), sq("f1"), sq("d2"), sq("e2"), sq("f2")]
    );
    let e = p.check(pl("P@e3")).unwrap_err();
    assert_eq!(
        e.reason(),
        "a pawn goes only where a white high piece reaches, and none reaches e3"
    );
    // A rook on e4 reaches along its file and rank up to the first piece; a White pawn
    // does not count as a high piece.
    let p = diagram(
        "....k...\n........\n........\n........\n....R...\n........\n.P......\nK.......",
        Side::White,
    );
    assert!(p.check(pl("@h4")).is_ok()); // rook along rank 4
    assert!(p.check(pl("@e7")).is_ok()); // rook up the file, stopping before e8
    assert!(p.check(pl("@c3")).is_err()); // only the pawn b2 is near: pawns do not count
    assert!(p.check(pl("@a2")).is_ok()); // the king's neighbour
                                         // Black pawns: only Black's high pieces count.
    let p = diagram(
        "....k...\n........\n........\n........\n....R...\n........\n.P......\nK.......",
        Side::Black,
    );
    assert!(p.check(pl("@d7")).is_ok());
    assert_eq!(
        p.check(pl("@h4")).unwrap_err().reason(),
        "a pawn goes only where a black high piece reaches, and none reaches h4"
    );
}

#[test]
fn refused_king_later_and_hand_limits() {
    let e = Position::from_moves(&parse_moves("K@e1 K@e8 R@e4 K@a8").unwrap()).unwrap_err();
    assert!(matches!(e, PlaceError::NotInHand { ply: 4, .. }), "{e}");
    // A third rook, a ninth pawn.
    let p = diagram(
        "....k...\n........\n........\n........\n........\n........\nPPPPPPPP\nRR..K...",
        Side::White,
    );
    assert_eq!(p.hand(Side::White).to_string(), "Q B×2 N×2");
    let e = p.check(pl("R@c1")).unwrap_err();
    assert_eq!(
        e.reason(),
        "no rook left in White's hand (each side has 2 rooks)"
    );
    assert_eq!(e.rule(), "territorial §pieces");
    assert_eq!(
        p.check(pl("P@d3")).unwrap_err().reason(),
        "no pawn left in White's hand (each side has 8 pawns)"
    );
    let e = p.check(pl("Q@a2")).unwrap_err();
    assert!(matches!(e, PlaceError::Occupied { placed_at: 0, .. }));
}

/// Black's hand {Q, N}: placing the knight would leave only the queen: refused; the queen
/// may go.
#[test]
fn black_may_not_leave_the_queen_last() {
    // Black: k a8 and all but Q, N on ranks 7-8; White K h1.
    let p = diagram(
        "krrbbnpp\npppppp..\n........\n........\n........\n........\n........\n.......K",
        Side::Black,
    );
    assert_eq!(p.hand(Side::Black).to_string(), "Q N");
    let e = p.check(pl("N@c6")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "move 16 (Black N@c6): Black may not leave the queen as its last piece in hand, and \
         N@c6 would leave only Q (territorial §placement (queen restriction))"
    );
    assert!(p.check(pl("Q@g7")).is_ok());
    let legal = p.legal_placements();
    assert!(!legal.is_empty());
    assert!(legal.iter().all(|x| x.kind == Kind::Queen));
    assert!(!p.queen_restricted().is_empty());
    // White has no such restriction: White with {Q, N} may place the knight.
    let w = diagram(
        "k.......\n........\n........\n........\n........\n........\nPPPPPP..\nKRRBBNPP",
        Side::White,
    );
    assert_eq!(w.hand(Side::White).to_string(), "Q N");
    assert!(w.check(pl("N@e3")).is_ok());
}

/// The [decision]: Black holds {Q, P}; every pawn square (reached only by Black's knights
/// jumping over a White wall) would leave the queen last, and the queen reaches no Black
/// piece from any empty square (every line into Black's corner meets the wall). Black
/// must pass; the replay notes it as `rules-silent`.
#[test]
fn queen_restriction_forces_a_pass() {
    let p = diagram(
        "
        8 k r b r K . . .
        7 p p p p P . . .
        6 p p b n P . . .
        5 p n P P P . . .
        4 P P P . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 . . . . . . . .",
        Side::Black,
    );
    assert_eq!(p.hand(Side::Black).to_string(), "Q P");
    assert!(p.legal_placements().is_empty());
    let restricted = p.queen_restricted();
    // Knight d6 jumps to e4, f5, f7; knight b5 to a3, c3, d4.
    let squares: Vec<String> = restricted.iter().map(|x| x.square.to_string()).collect();
    assert_eq!(squares, vec!["a3", "c3", "d4", "e4", "f5", "f7"]);
    assert!(restricted.iter().all(|x| x.kind == Kind::Pawn));
    assert!(matches!(
        p.check(pl("@e4")).unwrap_err(),
        PlaceError::QueenLast { .. }
    ));
    assert!(p.must_pass());
    let mut q = p.clone();
    q.pass().unwrap();
    assert_eq!(q.side_to_move(), Side::White);
    // The audit notes the decision.
    let r = replay_from(p.clone(), [(CtMoveText::Pass, "--")], &Header::default());
    let silent: Vec<_> = r
        .findings
        .iter()
        .filter(|f| f.code == "rules-silent")
        .collect();
    assert_eq!(silent.len(), 1, "{:?}", r.findings);
    assert_eq!(silent[0].severity, Severity::Info);
    assert_eq!(silent[0].ply, Some(p.ply() + 1));
    assert_eq!(silent[0].rule, "territorial §placement (queen restriction)");
    assert!(
        silent[0].message.contains("Black must pass"),
        "{}",
        silent[0].message
    );
    // Placing the pawn anyway is an illegal placement.
    let r = replay_from(
        p,
        [(
            CtMoveText::Drop {
                piece: b'P',
                square: (4, 3),
            },
            "@e4",
        )],
        &Header::default(),
    );
    assert!(r
        .findings
        .iter()
        .any(|f| f.code == "illegal-placement" && f.message.contains("leave the queen")));
}

#[test]
fn a_side_with_an_empty_hand_must_pass() {
    // White has placed everything: White must pass while Black still places.
    let p = diagram(
        "
        k . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P P P P P
        R N B Q K B N R",
        Side::White,
    );
    assert!(p.hand(Side::White).is_empty());
    assert!(p.must_pass());
    let mut q = p.clone();
    q.pass().unwrap();
    assert!(q.last_was_pass() && !q.is_over());
    // Black has legal placements (a rook next to its king): its pass is refused.
    let e = q.clone().pass().unwrap_err();
    assert!(
        matches!(
            e,
            PlaceError::IllegalPass {
                side: Side::Black,
                ..
            }
        ),
        "{e}"
    );
    q.place(Kind::Rook, sq("b8")).unwrap();
    assert!(!q.last_was_pass());
    q.pass().unwrap();
    assert!(
        !q.is_over(),
        "a pass, a placement, a pass: not two in a row"
    );
}

// ---------------------------------------------------------------------------------------
// Notation and compact bytes

#[test]
fn notation_and_bytes() {
    assert_eq!(parse_move("@e3").unwrap().to_string(), "P@e3");
    assert_eq!(parse_move("--").unwrap(), Move::Pass);
    assert!(parse_move("K@i1").is_err());
    assert!(parse_move("X@e1").is_err());
    let moves = parse_moves("K@e1 K@d8 Q@e2 -- @e3").unwrap();
    let bytes = encode_moves(&moves);
    assert_eq!(bytes, vec![b'K', 4, b'K', 59, b'Q', 12, 255, 255, b'P', 20]);
    assert_eq!(decode_moves(&bytes), Some(moves));
    assert_eq!(decode_moves(b"K"), None);
    assert_eq!(decode_moves(&[b'X', 4]), None);
    assert_eq!(decode_moves(&[b'K', 64]), None);
    assert_eq!(decode_moves(&[b'k', 4]), None);
}

#[test]
fn render_and_text() {
    let p = play("K@e1 K@d8 Q@e2");
    assert_eq!(
        p.to_text(),
        "8 . . . k . . . .\n\
         7 . . . . . . . .\n\
         6 . . . . . . . .\n\
         5 . . . . . . . .\n\
         4 . . . . . . . .\n\
         3 . . . . . . . .\n\
         2 . . . . Q . . .\n\
         1 . . . . K . . .\n\
        \x20 a b c d e f g h\n\
         White hand: R×2 B×2 N×2 P×8\n\
         Black hand: Q R×2 B×2 N×2 P×8\n\
         Black to move (move 4)\n"
    );
    let back = Position::from_diagram(&p.render(), Side::Black).unwrap();
    assert_eq!(back.render(), p.render());
    assert_eq!(back.hand(Side::White), p.hand(Side::White));
}

// ---------------------------------------------------------------------------------------
// The record audit

fn ct_game(text: &str) -> CtGame {
    let games = kifu_parser::territorial::parse_str(text);
    assert_eq!(games.len(), 1, "{games:?}");
    games.into_iter().next().unwrap().unwrap()
}

#[test]
fn audit_of_bad_records() {
    // Illegal placement: the rook on d5 reaches no white piece; the replay stops.
    let r = replay(&ct_game("1. K@e1 K@e8 2. R@d5 R@d4 3. Q@e2 *\n"));
    assert_eq!(r.termination, Termination::IllegalMove);
    assert_eq!(r.plies, 5);
    assert_eq!(r.moves.len(), 2);
    assert_eq!(r.findings.len(), 1);
    let f = &r.findings[0];
    assert_eq!(
        (f.ply, f.code, f.severity),
        (Some(3), "illegal-placement", Severity::Error)
    );
    assert_eq!(f.rule, "territorial §placement");
    assert_eq!(
        f.message,
        "move 3 (White R@d5): the rook on d5 reaches no white piece; the replay stops here"
    );
    assert_eq!(r.derived_result, None);

    // An illegal pass.
    let r = replay(&ct_game("1. K@e1 -- *\n"));
    assert_eq!(r.findings[0].code, "illegal-pass");
    assert_eq!(r.findings[0].ply, Some(2));
    assert!(r.findings[0].message.contains("27 are (e.g. K@a1)"));

    // Kings go on an edge square.
    let r = replay(&ct_game("K@e4\n"));
    assert_eq!(r.findings[0].code, "illegal-placement");
    assert!(r.findings[0].message.contains("kings go on an edge square"));

    // Unfinished.
    let r = replay(&ct_game("[WhiteScore \"3\"]\n1. K@e1 K@e8 *\n"));
    assert_eq!(r.termination, Termination::Unfinished);
    assert_eq!(r.findings.len(), 1);
    assert_eq!(
        (r.findings[0].code, r.findings[0].severity),
        ("unfinished", Severity::Info)
    );
    assert!(r.findings[0]
        .message
        .ends_with("no result is derived and WhiteScore not checked"));
}

// ---------------------------------------------------------------------------------------
// The end where neither side can place, closing passes not written

/// White has placed everything; Black holds its eight pawns, and its high pieces stand
/// walled in the corner: every line from them meets a piece at once (k a7: a8 b8 b7 a6 b6;
/// q b7, b c8, r d8, b c7, r d7: own pieces or White's wall e8 e7 e6 a6-d6), and the
/// knights' jumps (a8: b6 c7; b8: a6 c6 d7) land on pieces. No square is left for a pawn:
/// neither side can place any more.
const NEITHER_CAN_PLACE: &str = "
    8 n n b r K . . .
    7 k q b r P . . .
    6 P P P P P . . .
    5 . . . . . . . .
    4 . . . . . . . .
    3 . . . . . . . .
    2 P P . . . . . .
    1 R N B Q . B N R";

fn pass() -> (CtMoveText, &'static str) {
    (CtMoveText::Pass, "--")
}

fn result_header(result: Outcome) -> Header {
    Header {
        result: Some(result),
        ..Header::default()
    }
}

#[test]
fn a_record_stopping_where_neither_can_place_is_scored() {
    let p = diagram(NEITHER_CAN_PLACE, Side::Black);
    assert!(p.hand(Side::White).is_empty());
    assert_eq!(p.hand(Side::Black).to_string(), "P×8");
    assert!(p.must_pass() && p.neither_can_place());
    let sc = score(&p);
    // Black: the walled block of 8 with the king, no empty square beside it: 8×2 = 16.
    // White: the wall (e8 e7 e6 a6-d6, king) with the light squares f7 b5 d5: 10×2;
    // a1-d1 a2 b2 (queen) with c2 b3: 8×2; f1 g1 h1 with g2: 4. White 40: White wins.
    assert_eq!((sc.white, sc.black), (40, 16));
    assert_eq!(sc.breakdown(Side::White), "10×2 + 8×2 + 4");
    assert_eq!(sc.winner, Some(Side::White));
    let derived = Outcome::Win(Seat::FIRST);

    // The record stops here, both closing passes left out: scored, and noted.
    let r = replay_from(p.clone(), [], &Header::default());
    assert_eq!(r.termination, Termination::NoPlacement);
    assert_eq!(r.termination.name(), "no-placement");
    assert_eq!(r.derived_result, Some(derived));
    assert_eq!(r.score, sc);
    assert_eq!(r.end_ply, Some(p.ply()));
    assert_eq!(r.position.end(), Some((p.ply(), End::NoPlacement)));
    assert_eq!(r.findings.len(), 1, "{:?}", r.findings);
    let f = &r.findings[0];
    assert_eq!(
        (f.ply, f.code, f.severity, f.rule),
        (
            None,
            "closing-passes-missing",
            Severity::Info,
            "territorial §turn-order"
        )
    );
    assert_eq!(
        f.message,
        format!(
            "the record stops after move {} where neither side can place any more (White \
             holds (empty), Black holds P×8): the game is over and scored, but its two closing \
             passes are not written",
            p.ply()
        )
    );
    assert!(r.position.to_text().ends_with(&format!(
        "Game over at move {} (neither side can place any more)\n",
        p.ply()
    )));

    // One closing pass written, the other left out.
    let r = replay_from(p.clone(), [pass()], &Header::default());
    assert_eq!(r.termination, Termination::NoPlacement);
    assert_eq!(r.derived_result, Some(derived));
    assert_eq!(r.end_ply, Some(p.ply() + 1));
    let codes: Vec<_> = r.findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, vec!["closing-passes-missing"]);
    assert!(r.findings[0]
        .message
        .ends_with("but its closing pass is not written"));

    // Both written: the end by two passes, as before, and nothing to note.
    let r = replay_from(p.clone(), [pass(), pass()], &Header::default());
    assert_eq!(r.termination, Termination::TwoPasses);
    assert_eq!(r.derived_result, Some(derived));
    assert_eq!(r.findings, vec![]);

    // The result and score tags are audited as at any other end.
    let wrong = if derived == Outcome::Draw {
        Outcome::side_win(kifu_parser::GameKind::Territorial, "white").unwrap()
    } else {
        Outcome::Draw
    };
    let r = replay_from(p.clone(), [], &result_header(wrong));
    let codes: Vec<_> = r.findings.iter().map(|f| (f.code, f.ply)).collect();
    assert_eq!(
        codes,
        vec![
            ("closing-passes-missing", None),
            ("score-mismatch", Some(p.ply()))
        ]
    );
}

#[test]
fn a_record_stopping_while_a_side_can_place_is_unfinished() {
    // d6 empty (its pawn on c2 instead): Black's bishop c7 and rook d7 reach it, so Black
    // can place pawns; White, its hand empty, cannot. The game goes on.
    let p = diagram(
        "
        8 n n b r K . . .
        7 k q b r P . . .
        6 P P P . P . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 P P P . . . . .
        1 R N B Q . B N R",
        Side::White,
    );
    assert!(p.hand(Side::White).is_empty());
    assert!(!p.placements_for(Side::Black).is_empty());
    assert!(!p.neither_can_place());
    for moves in [vec![], vec![pass()]] {
        let r = replay_from(p.clone(), moves, &Header::default());
        assert_eq!(r.termination, Termination::Unfinished);
        assert_eq!(r.derived_result, None);
        let codes: Vec<_> = r.findings.iter().map(|f| f.code).collect();
        assert_eq!(codes, vec!["unfinished"]);
    }

    // White still holds a rook (h1 empty), which goes next to its pieces; Black cannot
    // place. The game goes on too.
    let p = diagram(
        "
        8 n n b r K . . .
        7 k q b r P . . .
        6 P P P P P . . .
        5 . . . . . . . .
        4 . . . . . . . .
        3 . . . . . . . .
        2 P P . . . . . .
        1 R N B Q . B N .",
        Side::Black,
    );
    assert_eq!(p.hand(Side::White).to_string(), "R");
    assert!(p.must_pass() && !p.neither_can_place());
    let r = replay_from(p.clone(), [], &Header::default());
    assert_eq!(r.termination, Termination::Unfinished);
    assert_eq!(r.derived_result, None);
    // Black passes, White places its rook: now neither can place.
    let r = replay_from(
        p,
        [
            pass(),
            (
                CtMoveText::Drop {
                    piece: b'R',
                    square: (7, 0),
                },
                "R@h1",
            ),
        ],
        &Header::default(),
    );
    assert_eq!(r.findings.len(), 1, "{:?}", r.findings);
    assert_eq!(r.termination, Termination::NoPlacement);
    assert!(r.derived_result.is_some());
}

/// The [decision] of the queen restriction at the end: White has placed everything, Black
/// holds {Q, P}, every pawn square would leave the queen last and the queen reaches nothing
/// (the position of `queen_restriction_forces_a_pass`, White's last seven pieces on rank
/// 1). Black cannot place, so neither can: a record stopping here has ended, and the
/// decision is noted.
#[test]
fn the_queen_restriction_can_end_the_game() {
    let p = diagram(
        "
        8 k r b r K . . .
        7 p p p p P . . .
        6 p p b n P . . .
        5 p n P P P . . .
        4 P P P . . . . .
        3 . . . . . . . .
        2 . . . . . . . .
        1 Q R R B B N N .",
        Side::Black,
    );
    assert!(p.hand(Side::White).is_empty());
    assert_eq!(p.hand(Side::Black).to_string(), "Q P");
    assert_eq!(p.queen_restricted().len(), 6);
    assert!(p.neither_can_place());
    let r = replay_from(p.clone(), [], &Header::default());
    assert_eq!(r.termination, Termination::NoPlacement);
    let found: Vec<_> = r.findings.iter().map(|f| (f.code, f.ply)).collect();
    assert_eq!(
        found,
        vec![("rules-silent", None), ("closing-passes-missing", None)]
    );
    assert!(
        r.findings[0]
            .message
            .ends_with("kifu decides that Black cannot place ([decision] of chess-territorial.md), so neither side can place any more"),
        "{}",
        r.findings[0].message
    );
    // Black's pass written: the decision is noted at that pass, once.
    let r = replay_from(p.clone(), [pass()], &Header::default());
    assert_eq!(r.termination, Termination::NoPlacement);
    let found: Vec<_> = r.findings.iter().map(|f| (f.code, f.ply)).collect();
    assert_eq!(
        found,
        vec![
            ("rules-silent", Some(p.ply() + 1)),
            ("closing-passes-missing", None)
        ]
    );
}

// ---------------------------------------------------------------------------------------
// Symmetries and the sample file

/// Illegal records stay illegal under the symmetries, with the same finding codes.
#[test]
fn symmetries_keep_illegal_verdicts() {
    let games = [
        "K@e1 K@e8 R@d5",
        "K@e1 K@e8 @e3",
        "K@e4",
        "K@a1 K@h8 N@b2",
        "K@a1 K@h8 B@c3 B@g7 @h6",
        "K@e1 --",
    ];
    for g in games {
        let moves = parse_moves(g).unwrap();
        for sym in Symmetry::ALL {
            let mapped: Vec<CtMoveText> =
                moves.iter().map(|m| sym.apply_move(*m).to_text()).collect();
            let orig: Vec<CtMoveText> = moves.iter().map(|m| m.to_text()).collect();
            let ra = replay_moves(orig.iter().map(|m| (*m, "")), &Header::default());
            let rb = replay_moves(mapped.iter().map(|m| (*m, "")), &Header::default());
            let codes = |r: &kifu_rules::territorial::CtReplay| {
                r.findings
                    .iter()
                    .map(|f| (f.code, f.ply))
                    .collect::<Vec<_>>()
            };
            assert_eq!(codes(&ra), codes(&rb), "{g} {sym:?}");
            assert_eq!(ra.moves.len(), rb.moves.len());
        }
    }
}

#[test]
fn the_sample_file() {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../samples/territorial/club.pgn");
    let text = std::fs::read_to_string(path).unwrap();
    let games: Vec<CtGame> = kifu_parser::territorial::parse_str(&text)
        .into_iter()
        .map(|g| g.unwrap())
        .collect();
    assert!(games.len() >= 3);
    let mut wrong = 0;
    for g in &games {
        let r = replay(g);
        let codes: Vec<&str> = r.findings.iter().map(|f| f.code).collect();
        if codes.is_empty() {
            continue;
        }
        assert!(codes.iter().all(|c| *c == "score-mismatch"), "{codes:?}");
        wrong += 1;
    }
    assert_eq!(wrong, 1, "exactly one sample game has a wrong score");
}
