//! Generated games for `kifu generate`, the demo, benchmarks and property tests: legal
//! random play with a little sense in each game (through the rules engines), grouped into
//! tournaments and written in each game's own notation, reproducible from a seed (game `i`
//! of a set depends only on the seed and `i`).
//!
//! - [`random`]: the seeded generator ([`Rng`]) every game draws from;
//! - [`tournament`]: events, rounds, dates and players ([`schedule`]);
//! - [`renju`], [`xiangqi`], [`territorial`], [`chouchou`]: one game's play and writers;
//! - [`set`]: a whole set, as `kifu generate` writes it ([`write_set`]).

pub mod chouchou;
pub mod random;
pub mod renju;
pub mod set;
pub mod territorial;
pub mod tournament;
pub mod xiangqi;

pub use random::Rng;
pub use set::{write_game, write_set, GameSpec, RenjuNotation, SetSpec};
pub use tournament::{schedule, Schedule, Scheduled};
pub use xiangqi::XqNotation;
