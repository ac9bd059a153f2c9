//! kifu's rules engines: positions, moves, legality and annotators. Pure, no I/O.

pub mod chouchou;
pub mod finding;
pub mod positions;
pub mod renju;
pub mod territorial;
pub mod xiangqi;

pub use finding::{Finding, Severity};
