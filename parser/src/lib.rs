//! kifu's record parsers: one module per notation, syntax only.
//!
//! Each parser turns bytes into [`raw::RawGame`]s with byte spans and locations, or
//! [`raw::RawError`]s that keep the unreadable record. Nothing here knows the rules of a
//! game, files, threads or databases.

pub mod bdt;
mod block;
pub mod cbf;
pub mod ccbridge;
pub mod chouchou;
pub mod coord;
pub mod curation;
pub mod dates;
pub mod detect;
pub mod dhtmlxq;
pub mod field_text;
pub mod line;
pub mod mapped_text;
pub mod member;
mod move_tree;
pub mod plain;
pub mod psq;
pub mod raw;
pub mod renjunet;
pub mod renlib;
pub mod results_csv;
pub mod rif;
pub mod tag;
pub mod territorial;
pub mod variation;
pub mod xiangqi_pgn;
pub mod xiangqi_wxf;
pub mod xq_text;
mod xq_tree;
pub mod xqf;

pub use raw::{
    AnyGame, AnyItem, CcAction, CcActionText, CcGame, CtGame, CtMove, CtMoveText, Format, GameKind,
    Location, RawError, RawGame, RawItem, RawMove, Span, XqGame, XqMove, XqMoveText, XqVariation,
};
