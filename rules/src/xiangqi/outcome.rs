//! A game's result: Red's win, Black's win or a draw — what the replay derives and a
//! repetition verdict rules.

use super::piece::Side;
use kifu_facts::GameKind;
use kifu_parser::raw::RawResult;
use std::fmt;

/// A game's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XqOutcome {
    RedWin,
    BlackWin,
    Draw,
}

impl XqOutcome {
    /// `red` / `black` / `draw`.
    pub fn name(self) -> &'static str {
        match self {
            XqOutcome::RedWin => "red",
            XqOutcome::BlackWin => "black",
            XqOutcome::Draw => "draw",
        }
    }

    pub fn from_name(s: &str) -> Option<XqOutcome> {
        [XqOutcome::RedWin, XqOutcome::BlackWin, XqOutcome::Draw]
            .into_iter()
            .find(|o| o.name() == s)
    }

    pub fn win_for(s: Side) -> XqOutcome {
        match s {
            Side::Red => XqOutcome::RedWin,
            Side::Black => XqOutcome::BlackWin,
        }
    }

    /// The recorded result (the first seat is Red); `None` for `unknown`.
    pub fn from_raw(r: RawResult) -> Option<XqOutcome> {
        match r {
            RawResult::Win(seat) => match GameKind::Xiangqi.win(seat) {
                kifu_facts::ResultName::Red => Some(XqOutcome::RedWin),
                kifu_facts::ResultName::Black => Some(XqOutcome::BlackWin),
                _ => None,
            },
            RawResult::Draw => Some(XqOutcome::Draw),
            RawResult::Unknown => None,
        }
    }
}

impl fmt::Display for XqOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
