//! ChouChou (珠取): board, actions, captures, the record audit and standings (generated
//! games: `kifu_generate::chouchou`).
//!
//! The rules implemented are those of `shared/rules/chouchou.md`, an exact reading of the
//! official rules (2022-11-25 edition). Clauses are cited as `chouchou rule 3 placing(3)`,
//! `chouchou rule 3 moving(1)`, `chouchou rule 3 moving(3)`, `chouchou rule 3
//! capturing(1)-(2)` (section 3 of the official rules: placing, moving, capturing),
//! `chouchou rule 4(1)` (winning), `chouchou rule 5(2)` (standings), `chouchou rule 6(1)`
//! (seats), `chouchou rule 7(1)` … `7(5)` (supplementary rules); the md's decisions carry
//! `[decision]`.
//!
//! Finding codes: `illegal-action` (error), `move-limit` (error), `consecutive-move`
//! (warning), `capture-mismatch` (error), `capture-forgotten` (warning), `rules-silent`
//! (info), `moves-after-win` (warning), `result-contradicts-board` (error),
//! `no-legal-action` (info), `wrong-player` (warning), `bad-setup` (error).

pub mod action;
pub mod board;
pub mod game;
mod illegal;
pub mod standings;
mod state;

pub use action::{
    action_text, decode_actions, encode_actions, is_piece_move, parse_moves, CcActionText,
    MoveListError,
};
pub use board::{cell_name, lines, Board, Cell, Variant};
pub use game::{
    check, check_annotated, game_points, replay, run, setup_of, CaptureEvent, CcPly, CcReplay,
    CcTermination, Entry, Setup, SetupError,
};
pub use illegal::IllegalAction;
pub use standings::{
    entry_names, standings, GameResult, RoundEntry, SheetRow, Standings, TableRow,
};
pub use state::{penalty_per_opponent, Applied, State, MOVE_TOKENS};
