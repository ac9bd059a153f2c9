//! Renju: board, Black's forbidden moves, openings, symmetries and the record audit.
//!
//! The rules implemented are those of `shared/rules/renju.md` (a formalization of the
//! Japanese Renju Federation tournament and opening rules); clauses are cited as
//! `renju §8-9 b` (tournament rules) and `renju opening rule N (step)` (開局規定N).

pub mod board;
pub mod game;
pub mod opening;
pub mod point;
pub mod position;
pub mod symmetry;
pub mod variations;

pub use board::{Board, ForbiddenKind, Stone};
pub use game::{canonical_key, record_key, replay, replay_with, Outcome, Replay, Termination};
pub use opening::{classify, Opening, OpeningRule, OPENINGS};
pub use point::{decode_moves, encode_moves, parse_move, parse_moves, Move, Point};
pub use position::{Marks, PlayError, Position};
pub use symmetry::{shape_symmetries, ShapeSymmetry, Symmetry};
