//! polars summaries and exports of a kifu database.
//!
//! A command opens one [`Dataset`] (a store and a [`Filter`], the store's one game filter);
//! each game kind's games are
//! read from the store once, typed ([`kifu_store::GameFacts`]), and every table of that
//! kind is computed from them with polars' lazy API. The store's typed queries do all the
//! SQL.
//!
//! Conventions shared by all the tables:
//! - **Linked copies are left out**: a game whose `duplicate_of` is set (the same game up
//!   to a board symmetry, stored again) is not counted, unless [`Filter::with_duplicates`]
//!   is set. [`export`] writes every row; [`export_filtered`] what a filter selects.
//! - **Results**: every table counts the result that counts
//!   ([`kifu_facts::counted_result`], the same rule as standings and exports): the
//!   recorded result, unless the board itself decided the game (a five, checkmate, a
//!   repetition verdict, the last placement…) and shows another; when nothing or `unknown`
//!   is recorded, the board's. A game without either counts in `games` but not in
//!   `results` and the shares. Result names are the game's own: Renju
//!   `black`/`white`/`draw`, Xiangqi `red`/`black`/`draw`, Chess Territorial
//!   `white`/`black`/`draw`, ChouChou `P1`…`P4`.
//! - A missing grouping value (no rule, no event, no opening) is the group `(none)`.
//!
//! The statistics tables are listed once, in [`REGISTRY`]: `kifu stats`, the report's
//! sections and the site iterate it.

mod adjusted;
mod adjusted_notes;
pub mod aliases;
mod batch;
mod chouchou;
pub mod contract;
pub mod curation_facts;
mod dataset;
pub mod event;
pub mod explored;
mod export;
mod findings;
mod frame;
mod games;
mod opening_tree;
mod order;
mod output;
mod periods;
pub mod player;
pub mod positions;
pub mod ratings;
pub mod registry;
mod renju;
mod score;
mod shard;
pub mod shown_names;
pub mod standings;
mod stats;
mod territorial;
mod usage;
mod xiangqi;

pub use adjusted::{
    adjusted_advantage, adjusted_keys, check_compare, compare_groups, Adjusted, AdjustedGroup,
    AdjustedOptions, DrawParameter, GroupComparison, GroupFlag, LeftOutGroup, DEFAULT_MIN_GAMES,
    WIDE_INTERVAL,
};
pub use adjusted_notes::{AdjustedNote, GamesLeftOutBecause};
pub use chouchou::{
    chouchou_captures_by_action, chouchou_captures_by_variant, chouchou_seat_wins, chouchou_summary,
};
pub use dataset::{Dataset, Game};
pub use export::{
    export, export_filtered, export_observed, remove_leftovers, sibling, ExportOptions,
    ExportSummary,
};
pub use findings::{findings_by_event, findings_overview, overview};
pub use frame::{NONE, Z95};
pub use games::{first_capture_plies, game_lengths, result_shares};
pub use kifu_rating::DrawModel;
pub use opening_tree::{explorer_frame, opening_trees};
pub use order::natural_cmp;
pub use output::{frame_cells, frames_to_json, write_frame, write_frame_to, TextCells};
pub use periods::{periods_left_out, PeriodsLeftOut};
pub use polars::prelude::DataFrame;
pub use registry::{ChartDef, ChartKind, Keep, ReportRows, ReportTable, Scope, TableDef, REGISTRY};
pub use renju::{renju_balance_left_out, renju_forbidden, renju_opening_balance, BalanceLeftOut};
pub use score::{score_columns, ChouChouSides};
pub use shard::{ingest_to_parquet, ShardSummary, ShardWriter};
pub use stats::{stats, stats_with};
pub use territorial::{
    territorial_margins, territorial_multipliers, territorial_scores, territorial_summary,
};
pub use usage::{Refusal, Usage};
pub use xiangqi::{
    xiangqi_captures, xiangqi_material_curve, xiangqi_results, xiangqi_results_by_family,
    xiangqi_rulings,
};

use polars::prelude::PolarsError;

#[derive(Debug)]
pub enum Error {
    Store(kifu_store::Error),
    Polars(PolarsError),
    Io(std::io::Error),
    /// A request the analysis cannot serve (an unknown `by` key, format…).
    Usage(Usage),
    /// The contract's `_schema.json` could not be written as JSON.
    Schema(serde_json::Error),
    /// An export's destination exists and the export may not replace it.
    OutputExists(std::path::PathBuf),
    /// `ingest --to-parquet` failed to read its inputs.
    Ingest(kifu_ingest::Error),
    /// A game the position index lists does not replay.
    Search(positions::SearchError),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Store(e) => e.fmt(f),
            Error::Polars(e) => write!(f, "analysis error: {e}"),
            Error::Io(e) => write!(f, "analysis output: {e}"),
            Error::Usage(u) => u.fmt(f),
            Error::Schema(e) => write!(f, "export: _schema.json: {e}"),
            Error::OutputExists(p) => write!(
                f,
                "export: {} exists (--overwrite replaces it)",
                p.display()
            ),
            Error::Ingest(e) => e.fmt(f),
            Error::Search(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(e) => Some(e),
            Error::Store(e) => Some(e),
            Error::Polars(e) => Some(e),
            Error::Ingest(e) => Some(e),
            // The usage's own text is this error's: its cause, if any, comes next.
            Error::Usage(u) => std::error::Error::source(u),
            Error::Schema(e) => Some(e),
            Error::OutputExists(_) => None,
            // The search error's own text is this error's.
            Error::Search(e) => std::error::Error::source(e),
        }
    }
}

impl From<kifu_store::Error> for Error {
    fn from(e: kifu_store::Error) -> Error {
        Error::Store(e)
    }
}

impl From<kifu_ingest::Error> for Error {
    fn from(e: kifu_ingest::Error) -> Error {
        Error::Ingest(e)
    }
}

impl From<PolarsError> for Error {
    fn from(e: PolarsError) -> Error {
        Error::Polars(e)
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::Io(e)
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// Which games a table covers: the store's one game filter ([`kifu_store::GameFilter`]),
/// under the name this crate has always given it.
pub use kifu_store::GameFilter as Filter;

/// Output formats of [`write_frame`] and [`export`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// polars' text rendering of the frame.
    Table,
    Csv,
    /// A JSON array of row objects.
    Json,
    Parquet,
}

impl Format {
    pub fn from_name(s: &str) -> Option<Format> {
        match s.to_ascii_lowercase().as_str() {
            "table" | "text" => Some(Format::Table),
            "csv" => Some(Format::Csv),
            "json" => Some(Format::Json),
            "parquet" => Some(Format::Parquet),
            _ => None,
        }
    }

    /// The name [`Format::from_name`] reads.
    pub fn name(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Parquet => "parquet",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Table => "txt",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Parquet => "parquet",
        }
    }
}
