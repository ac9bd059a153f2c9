//! How a Xiangqi record ends, as the board shows it: the replay ([`super::game`]) and the
//! arbiter's repetition rulings ([`super::arbiter`]) both name it.

use std::fmt;

/// How the record ends, as the board shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is in check with no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move (a loss too).
    Stalemate,
    /// A move matching no legal move stopped the replay.
    IllegalMove,
    /// A move with two legal readings stopped the replay.
    AmbiguousMove,
    /// The start FEN could not be read.
    BadFen,
    /// Nothing on the board ends the game.
    Unfinished,
    /// A repetition verdict: one side checked perpetually and loses (棋例1).
    PerpetualCheck,
    /// A repetition verdict: one side chased perpetually (forbidden chase) and loses.
    PerpetualChase,
    /// A repetition verdict: draw (mutual check, mutual chase, allowed repetition).
    RepetitionDraw,
}

impl Termination {
    pub const ALL: [Termination; 9] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::IllegalMove,
        Termination::AmbiguousMove,
        Termination::BadFen,
        Termination::Unfinished,
        Termination::PerpetualCheck,
        Termination::PerpetualChase,
        Termination::RepetitionDraw,
    ];

    /// Kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::IllegalMove => "illegal-move",
            Termination::AmbiguousMove => "ambiguous-move",
            Termination::BadFen => "bad-fen",
            Termination::Unfinished => "unfinished",
            Termination::PerpetualCheck => "perpetual-check",
            Termination::PerpetualChase => "perpetual-chase",
            Termination::RepetitionDraw => "repetition-draw",
        }
    }

    pub fn from_name(s: &str) -> Option<Termination> {
        Termination::ALL.into_iter().find(|t| t.name() == s)
    }

    /// Is this a repetition verdict?
    pub fn is_repetition(self) -> bool {
        matches!(
            self,
            Termination::PerpetualCheck | Termination::PerpetualChase | Termination::RepetitionDraw
        )
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
