//! Charts, board diagrams and the HTML/Markdown report, drawn from the analysis tables.
//!
//! - [`build_report`]: a [`Report`] from a database — the analysis tables of each game kind
//!   present with their charts (one table regrouped here with polars: findings per code),
//!   and the audit's serious findings with board diagrams.
//! - [`draw`]: one chart ([`ChartSpec`]) from a polars `DataFrame`, as SVG and PNG with
//!   plotters: sides in their game's colours ([`side_colour`]), small groups pooled under a
//!   stated minimum ([`MIN_RESULTS`]), a “no data” panel when there is nothing to draw, PNG
//!   text in a CJK font ([`chart_font`]: the system's through fontconfig, else a bundled
//!   subset of Noto Sans CJK SC).
//! - [`renju_diagram`], [`xiangqi_diagram`], [`territorial_diagram`], [`chouchou_diagram`]:
//!   board diagrams as standalone SVG, the move concerned marked.
//! - [`write_report`]: a self-contained `index.html`, a Markdown `report.md`, the charts and
//!   diagrams as files.
//! - [`replay`]: the one replay of a stored game that `kifu show --ply N` and the site's
//!   game pages share (and the texts both print).
//! - [`site`]: the event site of `kifu site`: an index and one replayable page per game.
//!
//! Modules: `build` (assembly) from `sections`, `standings` and `audit`; the game kinds'
//! sections show the analysis registry's tables (`kifu_analysis::REGISTRY`: a table added
//! there is shown with no change here) through `kind_tables` and `kind_charts`; `model`
//! (what a report holds); `write` (the files) with the `html` and `markdown` writers;
//! `charts` (the rows of a chart) drawn by `plot` (PNG through `raster`), with `sides`
//! (colours), `pooling` (minimum samples) and `fonts`; `openings` (names beside codes);
//! `diagrams`.

mod audit;
mod base_url;
mod build;
mod chart_error;
mod chart_spec;
mod charts;
mod diagrams;
mod escape;
mod figures;
mod fonts;
mod games;
mod html;
mod kind_charts;
mod kind_tables;
mod markdown;
mod masthead;
mod model;
mod notation;
mod openings;
mod plot;
mod pooling;
pub mod presentation;
mod raster;
mod ratings;
pub mod records;
pub mod replay;
mod results;
mod sections;
mod share_meta;
mod sides;
pub mod site;
pub mod standings;
mod write;

/// The languages and the message table, a crate of their own so that `analysis` can name
/// titles by message id; kept under this name so `crate::lang::…` paths read as before.
pub use kifu_lang as lang;

use std::path::PathBuf;

pub use base_url::{BaseUrl, BaseUrlError};
pub use build::{build_report, ReportOptions};
pub use chart_error::ChartError;
pub use chart_spec::ChartSpec;
pub use charts::{draw, draw_narrow, draw_png_with};
pub use diagrams::{chouchou_diagram, renju_diagram, territorial_diagram, xiangqi_diagram};
pub use escape::escape;
pub use fonts::{chart_font, system_cjk_font, ChartFont};
pub use games::{GameSheet, PRINTED_GAMES};
pub use kifu_analysis::natural_cmp;
pub use lang::{column_msg, Edition, Lang, Msg};
pub use markdown::md_escape;
pub use masthead::Masthead;
pub use model::{AuditItem, Report, Section};
pub use notation::xiangqi_move;
pub use pooling::{MIN_CURVE_GAMES, MIN_RESULTS};
pub use presentation::{Logo, Paper, Presentation};
pub use results::customary_result;
pub use sides::{side_colour, side_name, sides, SideColour};
pub use write::{write_report, ReportFiles};

use polars::prelude::*;

/// Why a report, a site or a chart could not be made.
#[derive(Debug)]
pub enum Error {
    /// Plotters could not draw a chart, or no usable font was found.
    Chart(ChartError),
    /// The games could not be read from the database.
    Store(kifu_store::Error),
    /// A summary could not be computed.
    Analysis(kifu_analysis::Error),
    /// A table could not be computed.
    Polars(PolarsError),
    /// A stored game's move list does not decode.
    CorruptMoves {
        game: i64,
    },
    /// A stored Xiangqi game's start position is not a position.
    StartPosition {
        game: i64,
        error: kifu_rules::xiangqi::FenError,
    },
    Io(PathBuf, std::io::Error),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Chart(e) => write!(f, "chart error: {e}"),
            Error::Store(e) => write!(f, "report data error: {e}"),
            Error::Analysis(e) => write!(f, "report data error: {e}"),
            Error::Polars(e) => write!(f, "report data error: {e}"),
            Error::CorruptMoves { game } => {
                write!(f, "report data error: game {game} has a corrupt move list")
            }
            Error::StartPosition { game, error } => {
                write!(f, "report data error: game {game}: start position: {error}")
            }
            Error::Io(p, e) => write!(f, "{}: {e}", p.display()),
        }
    }
}

impl Error {
    /// What the request names that is not there, in words: a game no game is, a name no
    /// record gives (with the closest that do), a name that is a pattern (no one's name).
    /// `None` for every other error. A server answers it `404`.
    pub fn not_found(&self) -> Option<String> {
        match self {
            Error::Store(kifu_store::Error::NotFound(missing))
            | Error::Analysis(kifu_analysis::Error::Store(kifu_store::Error::NotFound(missing))) => {
                Some(missing.to_string())
            }
            Error::Analysis(e @ kifu_analysis::Error::Usage(_)) => Some(e.to_string()),
            _ => None,
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Store(e) => Some(e),
            Error::Analysis(e) => Some(e),
            Error::Polars(e) => Some(e),
            Error::StartPosition { error, .. } => Some(error),
            Error::Io(_, e) => Some(e),
            Error::Chart(e) => Some(e),
            Error::CorruptMoves { .. } => None,
        }
    }
}

impl From<PolarsError> for Error {
    fn from(e: PolarsError) -> Error {
        Error::Polars(e)
    }
}

impl From<kifu_analysis::Error> for Error {
    fn from(e: kifu_analysis::Error) -> Error {
        Error::Analysis(e)
    }
}

impl From<kifu_store::Error> for Error {
    fn from(e: kifu_store::Error) -> Error {
        Error::Store(e)
    }
}
