//! A position reached by a move list: for the arbiter (`kifu check renju --moves …`) and
//! for diagrams (`kifu show`).

use super::board::{Board, ForbiddenKind, Stone};
use super::game::{Outcome, Termination};
use super::point::{move_text, Move, Point, AREA};
use std::fmt;

/// Why a move list cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The point already holds a stone, placed at ply `placed_at`.
    Occupied {
        ply: u32,
        point: Point,
        by: Stone,
        placed_at: u32,
    },
    /// The game had already ended at ply `ended_at`.
    GameOver {
        ply: u32,
        mv: Move,
        ended_at: u32,
        termination: Termination,
    },
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Occupied {
                ply,
                point,
                by,
                placed_at,
            } => write!(
                f,
                "move {ply} ({} {point}): {point} is already occupied by the {by} stone of move \
                 {placed_at} (renju §7)",
                Stone::of_ply(*ply).name()
            ),
            PlayError::GameOver {
                ply,
                mv,
                ended_at,
                termination,
            } => {
                let why = match termination {
                    Termination::Five => "a five (renju §8-8)",
                    Termination::Overline => "White's overline (renju §8-8)",
                    Termination::TwoPasses => "two passes in a row, a draw (renju §8-7)",
                    Termination::BoardFull => "a full board, a draw (renju §8-10)",
                    _ => "the end of the game",
                };
                write!(
                    f,
                    "move {ply} ({} {}): the game already ended at move {ended_at} with {why}",
                    Stone::of_ply(*ply).name(),
                    move_text(*mv)
                )
            }
        }
    }
}

impl std::error::Error for PlayError {}

/// A Renju position with its history.
#[derive(Clone, Debug)]
pub struct Position {
    board: Board,
    moves: Vec<Move>,
    /// Ply at which each point was played (0 = empty).
    placed: [u16; AREA],
    end: Option<(u32, Outcome, Termination)>,
    /// Black's forbidden moves played so far: (ply, point, kind).
    forbidden_played: Vec<(u32, Point, ForbiddenKind)>,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The empty board, Black to move.
    pub fn new() -> Position {
        Position {
            board: Board::new(),
            moves: Vec::new(),
            placed: [0; AREA],
            end: None,
            forbidden_played: Vec::new(),
        }
    }

    /// Plays the moves from the empty board. Black's forbidden moves are played (White may
    /// claim them, renju §8-9) and remembered; occupied points and moves after the end of
    /// the game are errors.
    pub fn from_moves(moves: &[Move]) -> Result<Position, PlayError> {
        let mut pos = Position::new();
        for &m in moves {
            pos.play(m)?;
        }
        Ok(pos)
    }

    /// Plays one move (a point or a pass) for the side to move.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        let ply = self.moves.len() as u32 + 1;
        if let Some((ended_at, _, termination)) = self.end {
            return Err(PlayError::GameOver {
                ply,
                mv: m,
                ended_at,
                termination,
            });
        }
        let colour = Stone::of_ply(ply);
        match m {
            None => {
                if self.moves.last() == Some(&None) {
                    self.end = Some((ply, Outcome::Draw, Termination::TwoPasses));
                }
            }
            Some(p) => {
                if let Some(by) = self.board.get(p) {
                    return Err(PlayError::Occupied {
                        ply,
                        point: p,
                        by,
                        placed_at: self.placed[p.index() as usize] as u32,
                    });
                }
                let forbidden = if colour == Stone::Black {
                    self.board.forbidden(p)
                } else {
                    None
                };
                self.board.place(p, colour);
                self.placed[p.index() as usize] = ply as u16;
                if self.board.is_win_at(p, colour) {
                    let t = if colour == Stone::White && self.board.longest_run(p, colour) > 5 {
                        Termination::Overline
                    } else {
                        Termination::Five
                    };
                    self.end = Some((ply, Outcome::Win(colour.seat()), t));
                } else if let Some(k) = forbidden {
                    self.forbidden_played.push((ply, p, k));
                }
                if self.end.is_none() && self.board.is_full() {
                    self.end = Some((ply, Outcome::Draw, Termination::BoardFull));
                }
            }
        }
        self.moves.push(m);
        Ok(())
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of moves played (passes included).
    pub fn ply(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The side to move.
    pub fn to_move(&self) -> Stone {
        Stone::of_ply(self.ply() + 1)
    }

    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// The winner by a five on the board (White also by an overline); `None` otherwise.
    /// A win by claim of Black's forbidden move is not included: see
    /// [`Position::last_move_forbidden`].
    pub fn winner(&self) -> Option<Stone> {
        match self.end {
            Some((_, Outcome::Win(seat), _)) => Stone::of_seat(seat),
            _ => None,
        }
    }

    /// How the board ended the game, if it did: (ply, outcome, termination).
    pub fn end(&self) -> Option<(u32, Outcome, Termination)> {
        self.end
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// If the last move was a forbidden move of Black's, its kind: White may claim a win
    /// now (renju §8-9).
    pub fn last_move_forbidden(&self) -> Option<ForbiddenKind> {
        match self.forbidden_played.last() {
            Some(&(ply, _, k)) if ply == self.ply() => Some(k),
            _ => None,
        }
    }

    /// Black's forbidden moves played so far: (ply, point, kind).
    pub fn forbidden_played(&self) -> &[(u32, Point, ForbiddenKind)] {
        &self.forbidden_played
    }

    /// The points forbidden for Black, in point-index order; empty when White is to move
    /// or the game is over.
    pub fn forbidden_points(&self) -> Vec<(Point, ForbiddenKind)> {
        if self.to_move() != Stone::Black || self.is_over() {
            return Vec::new();
        }
        self.board.forbidden_points()
    }

    /// A text diagram: row 15 at the top, columns `a`–`o` below, `X` black, `O` white,
    /// `.` empty; the last move in parentheses `(X)`, Black's forbidden points (when Black
    /// is to move) as `3` double-three, `4` double-four, `6` overline; `marks.extra`
    /// characters on top of empty points.
    pub fn render(&self, marks: &Marks) -> String {
        let mut grid = [' '; AREA];
        for p in Point::all() {
            grid[p.index() as usize] = match self.board.get(p) {
                Some(s) => s.symbol(),
                None => '.',
            };
        }
        let forbidden = if marks.forbidden {
            self.forbidden_points()
        } else {
            Vec::new()
        };
        for &(p, k) in &forbidden {
            grid[p.index() as usize] = k.symbol();
        }
        for &(p, c) in &marks.extra {
            if self.board.is_empty(p) {
                grid[p.index() as usize] = c;
            }
        }
        let last = if marks.last_move {
            self.last_move().flatten()
        } else {
            None
        };
        let mut out = String::new();
        for row in (0..15u8).rev() {
            out.push_str(&format!("{:>2}", row + 1));
            for col in 0..15u8 {
                let p = Point::at(col, row);
                let sep = if Some(p) == last {
                    '('
                } else if col > 0 && Some(Point::at(col - 1, row)) == last {
                    ')'
                } else {
                    ' '
                };
                out.push(sep);
                out.push(grid[p.index() as usize]);
            }
            if Some(Point::at(14, row)) == last {
                out.push(')');
            }
            out.push('\n');
        }
        out.push_str("  ");
        for col in 0..15u8 {
            out.push(' ');
            out.push((b'a' + col) as char);
        }
        out.push('\n');
        if marks.legend {
            let mut legend = format!("move {}, {} to move", self.ply(), self.to_move().name());
            if let Some(m) = self.last_move() {
                legend.push_str(&format!("; last move {}", move_text(m)));
            }
            if let Some(k) = self.last_move_forbidden() {
                legend.push_str(&format!(" (a forbidden {k}: White may claim, renju §8-9)"));
            }
            if let Some((ply, outcome, t)) = self.end {
                legend = format!(
                    "move {}; game over at move {ply}: {} ({})",
                    self.ply(),
                    outcome.name(kifu_facts::GameKind::Renju),
                    t.name()
                );
            }
            out.push_str(&legend);
            out.push('\n');
            if !forbidden.is_empty() {
                out.push_str("forbidden for Black: 3 double-three, 4 double-four, 6 overline\n");
            }
        }
        out
    }
}

/// What [`Position::render`] marks.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Bracket the last move: `(X)`.
    pub last_move: bool,
    /// Show Black's forbidden points (only when Black is to move).
    pub forbidden: bool,
    /// Add a legend line (move number, side to move, game end).
    pub legend: bool,
    /// Extra characters on empty points.
    pub extra: Vec<(Point, char)>,
}

impl Marks {
    /// Last move, forbidden points and legend.
    pub fn standard() -> Marks {
        Marks {
            last_move: true,
            forbidden: true,
            legend: true,
            extra: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::renju::point::parse_moves;

    #[test]
    fn play_and_render() {
        let pos = Position::from_moves(&parse_moves("h8 h9 i8 i9 g8 g9").unwrap()).unwrap();
        assert_eq!(pos.to_move(), Stone::Black);
        let text = pos.render(&Marks::standard());
        assert!(text.contains(" 9 . . . . . .(O)O O"), "{text}");
        let err = Position::from_moves(&parse_moves("h8 h9 h8").unwrap()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "move 3 (black h8): h8 is already occupied by the black stone of move 1 (renju §7)"
        );
        let pos =
            Position::from_moves(&parse_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8").unwrap()).unwrap();
        assert_eq!(pos.winner(), Some(Stone::Black));
        assert!(
            Position::from_moves(&parse_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8 a5").unwrap()).is_err()
        );
        let pos = Position::from_moves(&parse_moves("h8 -- --").unwrap()).unwrap();
        assert_eq!(pos.end().map(|e| e.2), Some(Termination::TwoPasses));
    }
}
