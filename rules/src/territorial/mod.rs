//! Chess Territorial (チェス・テリトリアル, Kato Kanare): a placement game with a chess set.
//! Board, hands, placement legality, scoring, symmetries and the record audit (generated
//! games: `kifu_generate::territorial`).
//!
//! The rules implemented are those of `shared/rules/chess-territorial.md` (a formalization
//! of `chess-territorial-rules.ja.txt`); clauses are cited as `territorial §turn-order`,
//! `territorial §placement`, `territorial §placement (queen restriction)`,
//! `territorial §pieces` and `territorial §scoring` (see [`position::clause`]).

pub mod game;
pub mod piece;
pub mod placement;
pub mod position;
pub mod score;
pub mod square;
pub mod symmetry;

pub use game::{replay, replay_from, replay_moves, CtReplay, Outcome, Termination};
pub use piece::{Hand, Kind, Piece, Side};
pub use placement::{
    decode_moves, encode_moves, parse_move, parse_moves, Move, MoveTextError, Placement,
};
pub use position::{clause, DiagramError, End, PlaceError, Position};
pub use score::{claimant, claims, render_claims, score, DecidedBy, Score, Territory};
pub use square::Square;
pub use symmetry::Symmetry;
