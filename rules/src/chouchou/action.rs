//! Actions: text, the compact 2-byte encoding and the move-list parser for `kifu check`.

use super::board::{cell_name, Cell};
pub use kifu_parser::raw::CcActionText;

/// `3B`, `3C→1A②`, `2B→3A①`.
pub fn action_text(a: &CcActionText) -> String {
    match *a {
        CcActionText::Place { cell } => cell_name(cell),
        CcActionText::MoveTwo { from, to } => format!("{}→{}②", cell_name(from), cell_name(to)),
        CcActionText::SwapOne { from, to } => format!("{}→{}①", cell_name(from), cell_name(to)),
    }
}

/// An action as [`action_text`] writes it, built only when shown: the replay names the
/// action of every ply in its findings' messages, and most plies have none.
#[derive(Clone, Copy, Debug)]
pub struct ActionText<'a>(pub &'a CcActionText);

impl std::fmt::Display for ActionText<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&action_text(self.0))
    }
}

/// Actions 2 and 3 (move two, swap one) use a move token and fall under the NEXT-zone rule.
pub fn is_piece_move(a: &CcActionText) -> bool {
    !matches!(a, CcActionText::Place { .. })
}

fn cell_nibble(c: Cell) -> Option<u8> {
    (c.0 < 4 && c.1 < 4).then_some(c.1 * 4 + c.0)
}

fn nibble_cell(n: u8) -> Cell {
    (n % 4, n / 4)
}

/// Two bytes per action: `kind << 4 | from`, then `to`, cells as `row * 4 + column`; kind 0
/// = place (both bytes name the cell), 1 = move two, 2 = swap one. `None` if a cell is off
/// the 4×4 grid.
pub fn encode_actions(actions: &[CcActionText]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(actions.len() * 2);
    for a in actions {
        out.extend_from_slice(&encode_action(a)?);
    }
    Some(out)
}

/// One action's two bytes (see [`encode_actions`]).
pub fn encode_action(a: &CcActionText) -> Option<[u8; 2]> {
    let (kind, from, to) = match *a {
        CcActionText::Place { cell } => (0u8, cell, cell),
        CcActionText::MoveTwo { from, to } => (1, from, to),
        CcActionText::SwapOne { from, to } => (2, from, to),
    };
    Some([kind << 4 | cell_nibble(from)?, cell_nibble(to)?])
}

/// Inverse of [`encode_actions`]; `None` for an odd length, an unknown kind or a bad cell.
pub fn decode_actions(bytes: &[u8]) -> Option<Vec<CcActionText>> {
    if !bytes.len().is_multiple_of(2) {
        return None;
    }
    bytes
        .chunks_exact(2)
        .map(|p| decode_action([p[0], p[1]]))
        .collect()
}

/// Inverse of [`encode_action`]; `None` for an unknown kind or a bad cell.
pub fn decode_action(bytes: [u8; 2]) -> Option<CcActionText> {
    let (kind, from, to) = (bytes[0] >> 4, bytes[0] & 15, bytes[1]);
    if to > 15 {
        return None;
    }
    let (from, to) = (nibble_cell(from), nibble_cell(to));
    match kind {
        0 if from == to => Some(CcActionText::Place { cell: from }),
        1 => Some(CcActionText::MoveTwo { from, to }),
        2 => Some(CcActionText::SwapOne { from, to }),
        _ => None,
    }
}

/// Parses a move list as typed on the command line (`"1A 2A 3C→1A② x3 …"`, every spelling
/// the `.ccn` reader takes) into actions and their annotated capture counts.
pub fn parse_moves(text: &str) -> Result<Vec<(CcActionText, Option<u32>)>, MoveListError> {
    kifu_parser::chouchou::parse_action_list(text)
        .map(|v| {
            v.into_iter()
                .map(|a| (a.text, a.annotated_captures))
                .collect()
        })
        .map_err(|e| MoveListError {
            column: e.at.column,
            error: e,
        })
}

/// A move list that does not read: where, and the reader's error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveListError {
    /// The column of the text, from 1.
    pub column: u32,
    pub error: kifu_parser::RawError,
}

impl std::fmt::Display for MoveListError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "column {}: {}", self.column, self.error.message)
    }
}

impl std::error::Error for MoveListError {}
