//! Why a move cannot be played from a position.

use std::fmt;

use kifu_facts::{GameKind, MoveCode};

use crate::chouchou::IllegalAction;
use crate::territorial::PlaceError;
use crate::{renju, xiangqi};

/// A move a position does not allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The code names no move of the game.
    NotAMove { kind: GameKind, code: MoveCode },
    /// Renju: the point is taken.
    Occupied(renju::Point),
    /// Xiangqi: the move is not legal here.
    NotLegal(xiangqi::Move),
    /// Chess Territorial: the rules forbid the placement.
    Placement(Box<PlaceError>),
    /// ChouChou: the board does not allow the action.
    Action(IllegalAction),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NotAMove { kind, code } => {
                let what = match kind {
                    GameKind::Renju => "Renju move",
                    GameKind::Xiangqi => "Xiangqi move",
                    GameKind::Territorial => "placement",
                    GameKind::ChouChou => "action",
                };
                write!(f, "move code {} is no {what}", code.0)
            }
            MoveError::Occupied(p) => write!(f, "{p} is already occupied"),
            MoveError::NotLegal(m) => write!(f, "{} is not legal here", m.iccs()),
            MoveError::Placement(e) => f.write_str(&e.reason()),
            MoveError::Action(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for MoveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            MoveError::Action(e) => Some(e),
            _ => None,
        }
    }
}
