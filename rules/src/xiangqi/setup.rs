//! What a set-up position can hold: the pieces of one set, each on a point its own moves
//! reach from where it starts.
//!
//! Advisors never leave their palace's five points, elephants their side's seven, and
//! soldiers never step back nor sideways before the river (xiangqi §play). A record whose
//! start has an advisor on its opponent's palace, a third cannon or a soldier behind its
//! start cannot come from a game, and the rules do not say how such a piece would move:
//! it is not replayed (`bad-fen`), as a king outside its palace is not.

use super::board::{Board, FenError};
use super::piece::{Kind, Side};
use super::square::Square;

/// The rank `rank` (0-9 from Red's back rank) counted from `side`'s own back rank.
fn own_rank(side: Side, rank: u8) -> u8 {
    match side {
        Side::Red => rank,
        Side::Black => 9 - rank,
    }
}

/// Whether a piece of `side` and `kind` can stand on `square` in a game. Kings are checked
/// where the position is built ([`FenError::KingOutsidePalace`]); horses, rooks and cannons
/// go anywhere.
pub fn reachable(side: Side, kind: Kind, square: Square) -> bool {
    let (file, rank) = (square.file(), own_rank(side, square.rank()));
    match kind {
        // The palace's corners and centre: d0, f0, e1, d2, f2 from the side's own back rank.
        Kind::Advisor => matches!((file, rank), (3 | 5, 0 | 2) | (4, 1)),
        // c0, g0, a2, e2, i2, c4, g4: two points diagonally at a time, never over the river.
        Kind::Elephant => matches!((file, rank), (2 | 6, 0 | 4) | (0 | 4 | 8, 2)),
        // From its start (rank 3, an even file) it goes straight on until it crosses the river.
        Kind::Pawn => match rank {
            0..=2 => false,
            3 | 4 => file % 2 == 0,
            _ => true,
        },
        Kind::King | Kind::Horse | Kind::Rook | Kind::Cannon => true,
    }
}

/// Checks that `board` holds no more than one set a side, each piece on a point it can
/// reach ([`reachable`]), and no two pawns of a side on one file before the river (only
/// the one that starts there can be on it).
pub fn check_placement(board: &Board) -> Result<(), FenError> {
    let mut counts = [[0usize; Kind::ALL.len()]; 2];
    let mut before_river = [[false; 9]; 2];
    for (square, piece) in board.pieces() {
        let (side, kind) = (piece.side(), piece.kind());
        counts[side.index()][kind.index()] += 1;
        if !reachable(side, kind, square) {
            return Err(FenError::Unreachable { side, kind, square });
        }
        if kind == Kind::Pawn && own_rank(side, square.rank()) <= 4 {
            let seen = &mut before_river[side.index()][square.file() as usize];
            if *seen {
                return Err(FenError::PawnsOnOneFile {
                    side,
                    file: square.file(),
                });
            }
            *seen = true;
        }
    }
    for side in Side::BOTH {
        for kind in Kind::ALL {
            let count = counts[side.index()][kind.index()];
            // A missing or second king has an error of its own, where the kings are found.
            if kind != Kind::King && count > kind.set_count() {
                return Err(FenError::TooMany { side, kind, count });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::{Position, START_FEN};

    fn err(fen: &str) -> String {
        Position::from_fen(fen)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_else(|| format!("{fen} was accepted"))
    }

    #[test]
    fn the_start_and_its_pieces_points_are_reachable() {
        let start = Position::from_fen(START_FEN).unwrap();
        for (square, piece) in start.board().pieces() {
            assert!(reachable(piece.side(), piece.kind(), square), "{square:?}");
        }
        let points = |side, kind| {
            (0..90)
                .filter(|&i| reachable(side, kind, Square(i)))
                .count()
        };
        for side in Side::BOTH {
            assert_eq!(points(side, Kind::Advisor), 5);
            assert_eq!(points(side, Kind::Elephant), 7);
            // Five files times two ranks before the river, then the 45 points beyond it.
            assert_eq!(points(side, Kind::Pawn), 10 + 45);
        }
    }

    #[test]
    fn a_black_advisor_in_reds_palace_is_refused() {
        // Found by fuzzing: black advisors on e8, e7 and e2, so that 士5进4 could be
        // e8-d7 or e2-d1 (an advisor moving in the other side's palace).
        assert_eq!(
            err("4ka3/4a4/n1c1a1n1b/p1p1p3p/1rn3p2/5NPR1/P1cRP3P/B1N1aCC2/4A4/3AK4 w - - 0 1"),
            "black advisor on e2: advisors stay on their palace's five points"
        );
        assert_eq!(
            err("3ak4/9/9/9/9/9/9/4a4/9/4K4 w"),
            "black advisor on e2: advisors stay on their palace's five points"
        );
        // Inside its own palace but off the diagonal points.
        assert_eq!(
            err("3ak4/9/4a4/9/9/9/9/9/9/4K4 w"),
            "black advisor on e7: advisors stay on their palace's five points"
        );
    }

    #[test]
    fn each_impossible_placement_has_its_error() {
        assert_eq!(
            err("4k4/9/9/9/2B6/9/9/9/9/4K4 w"),
            "red elephant on c5: elephants stay on their side's seven points"
        );
        assert_eq!(
            err("4k4/9/9/9/9/9/9/9/4P4/4K4 w"),
            "red pawn on e1: pawns never step back, nor sideways before the river"
        );
        assert_eq!(
            err("4k4/9/9/9/9/9/1P7/9/9/4K4 w"),
            "red pawn on b3: pawns never step back, nor sideways before the river"
        );
        assert_eq!(
            err("4k4/9/9/9/9/4P4/4P4/9/9/4K4 w"),
            "red has two pawns on file e before the river: only the one that starts on it can be there"
        );
        assert_eq!(
            err("4k4/9/9/9/9/9/9/9/9/CCC1K4 w"),
            "red has 3 cannons: a set has 2"
        );
        assert_eq!(
            err("4k4/9/9/9/PPPPPP3/9/9/9/9/4K4 w"),
            "red has 6 pawns: a set has 5"
        );
    }

    #[test]
    fn what_a_game_can_reach_is_accepted() {
        for fen in [
            START_FEN,
            // Pawns across the river, side by side and on one file.
            "3k5/9/9/4P4/3PP4/9/9/9/9/4K4 w",
            // Black's elephants, advisors and pawns on their own points, seen from Red.
            "2bak4/9/b2a5/9/6p2/p8/9/9/9/3K5 b",
        ] {
            Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        }
    }
}
