//! Xiangqi (Chinese chess): board, legal moves, notations, perft and the record audit.
//!
//! The rules implemented are those of `shared/rules/xiangqi.md` (World Xiangqi rules; the
//! authority is the Japanese text `xiangqi-world-rules.ja.txt`). Clauses are cited as:
//! - `xiangqi §play` — the basic rules of movement (palace, river, horse leg, elephant
//!   eye, cannon screen, flying general, no self-check): [`game::RULE_PLAY`];
//! - `xiangqi §play: no legal move = loss` — mate and stalemate: [`game::RULE_NO_MOVE`];
//! - `xiangqi §notation` — how moves are written: [`game::RULE_NOTATION`];
//! - `xiangqi 棋例N` — the ten basic repetition rulings (棋例1–10), used by the
//!   repetition rulings ([`repetition`], with the move classes of [`classes`]).
//!
//! Squares are `rank * 9 + file` (file 0-8 = ICCS a-i from Red's left, rank 0-9 from Red's
//! back rank), as in `kifu_parser::raw`.

pub mod analysis;
pub mod arbiter;
pub mod board;
pub mod classes;
pub mod ecco;
pub mod game;
mod geometry;
pub mod notation;

pub mod perft;
pub mod piece;
pub mod position;
pub mod repetition;
pub mod setup;
pub mod square;
pub mod termination;

pub use analysis::{analyze, analyze_with, Analysis, AnalysisError};
pub use arbiter::{Arbiter, OpenRuling, PassedRuling};
pub use board::{Board, FenError};
pub use classes::{classify, Chase, Class, MoveClasses};
pub use game::{replay, CaptureStats, Termination, XqReplay};
pub use kifu_facts::Outcome;
pub use notation::{
    move_to_chinese, move_to_wxf, parse_chinese, parse_wxf, resolve, resolve_chinese, resolve_iccs,
    resolve_san, resolve_wxf, NotationError, Resolved,
};
pub use perft::{perft, perft_divide, perft_parallel};
pub use piece::{Kind, Piece, Side};
pub use position::{MoveList, Position, Undo, START_FEN};
pub use repetition::{
    judge, judge_counted, judge_with, RepetitionIndex, RepetitionRules, Verdict, VerdictKind,
};
pub use square::{decode_moves, encode_moves, Move, Square};
