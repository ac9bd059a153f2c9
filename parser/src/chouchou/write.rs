//! The canonical text of an action (the `.ccn` writer is `kifu_notation::chouchou`).

use crate::raw::CcActionText;

fn cell_text(c: (u8, u8)) -> String {
    format!(
        "{}{}",
        (b'1' + c.0.min(8)) as char,
        (b'A' + c.1.min(8)) as char
    )
}

/// The canonical text of an action: `3B`, `3C→1A②`, `2B→3A①`.
pub fn action_text(a: &CcActionText) -> String {
    match *a {
        CcActionText::Place { cell } => cell_text(cell),
        CcActionText::MoveTwo { from, to } => format!("{}→{}②", cell_text(from), cell_text(to)),
        CcActionText::SwapOne { from, to } => format!("{}→{}①", cell_text(from), cell_text(to)),
    }
}
