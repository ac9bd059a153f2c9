//! kifu's rules engines: positions, moves, legality and annotators. Pure, no I/O.

pub mod finding;
pub mod renju;
pub mod xiangqi;

pub use finding::{Finding, Severity};
