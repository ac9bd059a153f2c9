//! Scoring: claimed squares, territories, score and the tie-break.
//!
//! A square is *claimed* by a side when it is empty, of the side's colour (light for White,
//! dark for Black) and orthogonally adjacent to one of the side's pieces. A side's
//! territories are the orthogonally connected components of its pieces' squares and its
//! claimed squares; a territory holding the side's king or queen counts double (both: still
//! double). Higher score wins; on a tie the larger queen territory (its size, not doubled;
//! 0 when the queen is not on the board) wins; then a draw.

use super::piece::{Kind, Piece, Side};
use super::position::Position;
use super::square::{Square, AREA};
use std::fmt;

/// One territory of one side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Territory {
    pub side: Side,
    /// Its squares in index order (a1, b1, …).
    pub squares: Vec<Square>,
    /// `squares.len()`.
    pub size: u32,
    /// 2 when it holds the side's king or queen, else 1.
    pub multiplier: u32,
    pub has_king: bool,
    pub has_queen: bool,
}

impl Territory {
    /// `size * multiplier`.
    pub fn value(&self) -> u32 {
        self.size * self.multiplier
    }
}

/// What decided the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecidedBy {
    /// One side scored more.
    Score,
    /// Equal scores; the larger queen territory won.
    QueenTerritory,
    /// Equal scores and equal queen territories.
    Draw,
}

impl DecidedBy {
    /// `score` / `queen-territory` / `draw`.
    pub fn name(self) -> &'static str {
        match self {
            DecidedBy::Score => "score",
            DecidedBy::QueenTerritory => "queen-territory",
            DecidedBy::Draw => "draw",
        }
    }
}

impl fmt::Display for DecidedBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The score of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    pub white: u32,
    pub black: u32,
    /// White's territories then Black's, each side's in order of its first square.
    pub territories: Vec<Territory>,
    /// Size (not doubled) of the territory holding each side's queen; `None` when the queen
    /// is not on the board. Index by [`Side::index`].
    pub queen_territory: [Option<u32>; 2],
    /// `None`: a draw.
    pub winner: Option<Side>,
    pub decided_by: DecidedBy,
}

impl Score {
    pub fn of(&self, side: Side) -> u32 {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }

    /// A side's territories.
    pub fn territories_of(&self, side: Side) -> impl Iterator<Item = &Territory> {
        self.territories.iter().filter(move |t| t.side == side)
    }

    /// `21×2 + 4×2` (largest first), or `0` without territories.
    pub fn breakdown(&self, side: Side) -> String {
        let mut ts: Vec<&Territory> = self.territories_of(side).collect();
        if ts.is_empty() {
            return "0".to_string();
        }
        ts.sort_by(|a, b| {
            (b.multiplier, b.size, a.squares[0]).cmp(&(a.multiplier, a.size, b.squares[0]))
        });
        ts.iter()
            .map(|t| {
                if t.multiplier == 1 {
                    t.size.to_string()
                } else {
                    format!("{}×{}", t.size, t.multiplier)
                }
            })
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

impl fmt::Display for Score {
    /// `White 50 (21×2 + 4×2), Black 58 (17×2 + 12×2): Black wins`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "White {} ({}), Black {} ({}): ",
            self.white,
            self.breakdown(Side::White),
            self.black,
            self.breakdown(Side::Black)
        )?;
        match (self.winner, self.decided_by) {
            (Some(w), DecidedBy::QueenTerritory) => {
                write!(f, "{w} wins on the larger queen territory")
            }
            (Some(w), _) => write!(f, "{w} wins"),
            (None, _) => f.write_str("draw"),
        }
    }
}

/// Whether `side` claims `sq` (empty, of its colour, orthogonally next to its piece).
pub fn claims(pos: &Position, side: Side, sq: Square) -> bool {
    pos.at(sq).is_none()
        && sq.owner() == side
        && sq
            .orthogonal_neighbours()
            .any(|n| pos.at(n).is_some_and(|p| p.side == side))
}

/// The side claiming an empty square, if any (a square has one colour, so at most one).
pub fn claimant(pos: &Position, sq: Square) -> Option<Side> {
    Side::BOTH.into_iter().find(|&s| claims(pos, s, sq))
}

/// Scores a position (normally a finished one; any position can be scored).
pub fn score(pos: &Position) -> Score {
    let mut territories = Vec::new();
    let mut totals = [0u32; 2];
    let mut queen_territory = [None; 2];
    for side in Side::BOTH {
        let member: Vec<bool> = Square::all()
            .map(|s| pos.at(s).is_some_and(|p| p.side == side) || claims(pos, side, s))
            .collect();
        let mut seen = [false; AREA];
        for start in Square::all() {
            let i = start.index() as usize;
            if !member[i] || seen[i] {
                continue;
            }
            seen[i] = true;
            let mut stack = vec![start];
            let mut squares = Vec::new();
            while let Some(s) = stack.pop() {
                squares.push(s);
                for n in s.orthogonal_neighbours() {
                    let j = n.index() as usize;
                    if member[j] && !seen[j] {
                        seen[j] = true;
                        stack.push(n);
                    }
                }
            }
            squares.sort();
            let has = |k: Kind| {
                squares
                    .iter()
                    .any(|&s| pos.at(s) == Some(Piece::new(side, k)))
            };
            let has_king = has(Kind::King);
            let has_queen = has(Kind::Queen);
            let size = squares.len() as u32;
            let multiplier = if has_king || has_queen { 2 } else { 1 };
            if has_queen {
                queen_territory[side.index()] = Some(size);
            }
            totals[side.index()] += size * multiplier;
            territories.push(Territory {
                side,
                squares,
                size,
                multiplier,
                has_king,
                has_queen,
            });
        }
    }
    let [white, black] = totals;
    let (winner, decided_by) = if white != black {
        (
            Some(if white > black {
                Side::White
            } else {
                Side::Black
            }),
            DecidedBy::Score,
        )
    } else {
        let wq = queen_territory[0].unwrap_or(0);
        let bq = queen_territory[1].unwrap_or(0);
        if wq != bq {
            (
                Some(if wq > bq { Side::White } else { Side::Black }),
                DecidedBy::QueenTerritory,
            )
        } else {
            (None, DecidedBy::Draw)
        }
    };
    Score {
        white,
        black,
        territories,
        queen_territory,
        winner,
        decided_by,
    }
}

/// The board with claims drawn: White's claimed squares `+`, Black's `*`, unclaimed empty
/// squares `.`. Reads back with [`Position::from_diagram`] (claims are read as empty).
pub fn render_claims(pos: &Position) -> String {
    pos.render_with(|sq| match claimant(pos, sq) {
        Some(Side::White) => '+',
        Some(Side::Black) => '*',
        None => '.',
    })
}
