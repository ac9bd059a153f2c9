//! Why an action cannot be made on the board, with the rule it breaks.

use std::fmt;

use super::board::{cell_name, Cell, Variant};

/// An action the board does not allow (move tokens and the NEXT-zone rule aside).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    /// A cell the board does not have (rule 7(3)).
    OffBoard { cell: Cell, variant: Variant },
    /// A placement on a full cell (rule 3 placing(3)).
    CellFull {
        cell: Cell,
        pieces: u8,
        variant: Variant,
    },
    /// Two pieces moved to the cell they stand on (rule 3 moving(1)①).
    MoveToItsOwnCell,
    /// Fewer than two own pieces on the cell to move from (rule 3 moving(1)①).
    TooFewOwnPieces { cell: Cell, own: u8 },
    /// Two more pieces would exceed the destination's capacity (rule 3 moving(1)①).
    OverCapacity {
        cell: Cell,
        pieces: u8,
        capacity: u8,
    },
    /// A swap within one cell (rule 3 moving(1)②).
    SwapInItsOwnCell,
    /// No own piece on the cell to swap from (rule 3 moving(1)②).
    NoOwnPieceToSwap { cell: Cell },
    /// No opponent piece on the cell to swap with (rule 3 moving(1)②).
    NoOpponentPieceToSwap { cell: Cell },
}

impl IllegalAction {
    /// Whether the action names a cell off the board: a notation error (rule 7(3)) more
    /// than an illegal move.
    pub fn is_off_board(self) -> bool {
        matches!(self, IllegalAction::OffBoard { .. })
    }
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            IllegalAction::OffBoard { cell, variant } => write!(
                f,
                "{} is off the {} board (rule 7(3))",
                cell_name(cell),
                variant.id()
            ),
            IllegalAction::CellFull {
                cell,
                pieces,
                variant,
            } => write!(
                f,
                "{} already holds {pieces} pieces, the capacity of the {} board (rule 3 placing(3))",
                cell_name(cell),
                variant.id()
            ),
            IllegalAction::MoveToItsOwnCell => {
                f.write_str("moves two pieces to the cell they stand on (rule 3 moving(1)①)")
            }
            IllegalAction::TooFewOwnPieces { cell, own } => write!(
                f,
                "{} holds {own} own piece{}, two are needed (rule 3 moving(1)①)",
                cell_name(cell),
                if own == 1 { "" } else { "s" }
            ),
            IllegalAction::OverCapacity {
                cell,
                pieces,
                capacity,
            } => write!(
                f,
                "{} holds {pieces} pieces: two more exceed the capacity {capacity} (rule 3 moving(1)①)",
                cell_name(cell)
            ),
            IllegalAction::SwapInItsOwnCell => {
                f.write_str("swaps a piece with one on the same cell (rule 3 moving(1)②)")
            }
            IllegalAction::NoOwnPieceToSwap { cell } => write!(
                f,
                "{} holds no own piece to swap (rule 3 moving(1)②)",
                cell_name(cell)
            ),
            IllegalAction::NoOpponentPieceToSwap { cell } => write!(
                f,
                "{} holds no opponent piece to swap with (rule 3 moving(1)②)",
                cell_name(cell)
            ),
        }
    }
}

impl std::error::Error for IllegalAction {}
