//! The facts every kifu crate shares, each with one typed home: the game kind, a finding's
//! severity, the forbidden-move kind, result names with the one rule for the result that
//! counts, and the per-game annotations stored beside each game.
//!
//! This crate sits at the bottom of the dependency graph (parser → rules → ingest/store →
//! analysis → reports → CLI all build on it) and knows nothing of files, engines or SQL.

pub mod annotation;
pub mod forbidden;
pub mod kind;
pub mod outcome;
pub mod position;
pub mod severity;

pub use annotation::{
    Annotations, BadExtra, ChouChouAnnotations, ChouChouCapture, Extra, PieceCounts,
    RenjuAnnotations, TerritorialAnnotations, TerritorialScore, Territory, XiangqiAnnotations,
    XiangqiCaptures,
};
pub use forbidden::ForbiddenKind;
pub use kind::{GameKind, UnknownName};
pub use outcome::{board_decides, counted_result, Outcome};
pub use position::{MoveCode, PlyStep, PositionKey, SeatResult};
pub use severity::Severity;
