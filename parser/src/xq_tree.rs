//! Helpers the Xiangqi binary readers share (XQF, 象棋桥 CBR/CBL): their result byte,
//! byte locations and notes (and the start placement, which DhtmlXQ's builder shares). Their move tree is [`crate::move_tree`].

use crate::raw::{Location, Note, Outcome};
use kifu_facts::GameKind;
use kifu_facts::Severity;

/// FEN placement of the Xiangqi start, from Black's back rank.
pub(crate) const START_BOARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

/// The result byte both binary formats share (XQF and 象棋桥 use the same codes): 0
/// unknown, 1 Red won, 2 Black won, 3 draw; `None` for any other code, which each
/// reader judges on its own.
pub(crate) fn result_code(code: u8) -> Option<Outcome> {
    match code {
        0 => Some(Outcome::Unknown),
        1 => Some(Outcome::of(GameKind::Xiangqi, kifu_facts::ResultName::Red)?),
        2 => Some(Outcome::of(
            GameKind::Xiangqi,
            kifu_facts::ResultName::Black,
        )?),
        3 => Some(Outcome::Draw),
        _ => None,
    }
}

pub(crate) fn loc(offset: usize) -> Location {
    Location::new(offset as u64, 0, 0)
}

/// A note of a binary record's reader at byte `at`, on no particular ply.
pub(crate) fn note(code: &'static str, severity: Severity, message: String, at: usize) -> Note {
    Note {
        code,
        severity,
        message,
        at: loc(at),
        ply: None,
    }
}
