//! Coverage-guided fuzzing of every reader, on stable Rust.
//!
//! A [`Target`] is one entry point into kifu with the properties that must hold after it,
//! whatever the bytes:
//! - **a reader** (one per [`kifu_parser::Format`]): the bytes read as that format, every
//!   record replayed ([`kifu_ingest::check_bytes`]); a 象棋桥 library without its 64 KiB
//!   of remarks, which the target puts back ([`library`]);
//! - **`detect`**: the format and encoding told from the bytes and a file name (the
//!   input's first byte picks the name from [`NAMES`]), then that format's reader;
//! - **`ingest`**: the whole ingest of the bytes as one file (named as for `detect`, which
//!   may make it a `.tar`, `.xz` or `.gz` archive) into a database on tmpfs.
//!
//! What must hold ([`Target::run`]): no panic; no allocation past a bound per input
//! ([`budget`], checked by the allocator itself); every record accounted for and placed
//! inside the input ([`kifu_ingest::invariants`]); for the notations kifu writes, a game
//! written and read back is the same game ([`round_trip`]); for `ingest`, the summary and
//! the database agree on every record. A broken property is a [`Failure`]; the AFL++ entry
//! point (`src/bin/kifu-fuzz.rs`) turns it into a crash.
//!
//! The seeds come from the real files ([`seeds`]); what fuzzing finds is kept in
//! `fuzz/corpus/TARGET/`, and the test suite replays seeds and corpus through every target
//! (`tests/corpus.rs`). `fuzz/run.sh TARGET [MINUTES]` runs one target under AFL++.

pub mod budget;
pub mod library;
pub mod round_trip;
pub mod seeds;
mod target;

pub use target::{Failure, Report, Target, NAMES};
