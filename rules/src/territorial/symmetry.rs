//! The board symmetries that keep every square's colour: the identity, the half turn and
//! the two diagonal reflections. They also keep edges, orthogonal adjacency and chess
//! movement, so they map legal games to legal games with the same scores. (Quarter turns
//! and the file/rank mirrors swap the colours, and so White's and Black's squares.)

use super::placement::{Move, Placement};
use super::position::Position;
use super::square::Square;

/// A colour-preserving symmetry of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Symmetry {
    Identity,
    /// 180° rotation: `(f, r)` → `(7-f, 7-r)`.
    HalfTurn,
    /// Reflection in the a1-h8 diagonal: `(f, r)` → `(r, f)`.
    MainDiagonal,
    /// Reflection in the a8-h1 diagonal: `(f, r)` → `(7-r, 7-f)`.
    AntiDiagonal,
}

impl Symmetry {
    pub const ALL: [Symmetry; 4] = [
        Symmetry::Identity,
        Symmetry::HalfTurn,
        Symmetry::MainDiagonal,
        Symmetry::AntiDiagonal,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::HalfTurn => "half-turn",
            Symmetry::MainDiagonal => "main-diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
        }
    }

    pub fn apply(self, sq: Square) -> Square {
        let (f, r) = (sq.file(), sq.rank());
        let (f2, r2) = match self {
            Symmetry::Identity => (f, r),
            Symmetry::HalfTurn => (7 - f, 7 - r),
            Symmetry::MainDiagonal => (r, f),
            Symmetry::AntiDiagonal => (7 - r, 7 - f),
        };
        Square::new(f2, r2).expect("symmetries map the board onto itself")
    }

    pub fn apply_move(self, m: Move) -> Move {
        match m {
            Move::Pass => Move::Pass,
            Move::Place(p) => Move::Place(Placement::new(p.kind, self.apply(p.square))),
        }
    }

    /// The image of a whole position (board and hands; history is not kept: placement
    /// plies are those of the original).
    pub fn apply_position(self, pos: &Position) -> Position {
        let mut diagram = String::new();
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                // The square whose image is (file, rank): every symmetry is its own inverse.
                let src = self.apply(Square::new(file, rank).expect("on the board"));
                diagram.push(pos.at(src).map_or('.', |p| p.letter()));
            }
            diagram.push('\n');
        }
        Position::from_diagram(&diagram, pos.side_to_move())
            .expect("the image of a position is a position")
    }
}
