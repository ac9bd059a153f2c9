//! Why a chart could not be drawn: plotters' own failure, rows that are not the chart's,
//! or no font to draw it with.

use std::error::Error as StdError;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// Why a chart could not be drawn. Shared (`Arc`) where it holds another error, so the
/// font chosen once per process can hand its failure to every chart.
#[derive(Clone, Debug)]
pub enum ChartError {
    /// Plotters could not draw (the backend's error: its type depends on the backend).
    Draw(Arc<dyn StdError + Send + Sync>),
    /// A chart given rows of another kind of chart.
    RowsOfAnotherChart { title: String },
    /// Plotters cannot read the font registered as `family`.
    UnreadableFont { family: String },
    /// The font draws no CJK names.
    NoCjk { font: String },
    /// `KIFU_CHART_FONT` names a font that cannot be read or draws no CJK names; `probe`
    /// holds the characters tried.
    ChartFontVariable { font: String, probe: String },
    /// A font file that cannot be read.
    FontFile {
        path: PathBuf,
        error: Arc<std::io::Error>,
    },
}

impl ChartError {
    /// Plotters' failure to draw.
    pub(crate) fn draw<E: StdError + Send + Sync + 'static>(error: E) -> ChartError {
        ChartError::Draw(Arc::new(error))
    }
}

impl fmt::Display for ChartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChartError::Draw(e) => write!(f, "{e}"),
            ChartError::RowsOfAnotherChart { title } => {
                write!(f, "{title}: rows of another kind of chart")
            }
            ChartError::UnreadableFont { family } => {
                write!(f, "{family}: not a font plotters can read")
            }
            ChartError::NoCjk { font } => write!(f, "{font}: no CJK glyphs"),
            ChartError::ChartFontVariable { font, probe } => write!(
                f,
                "KIFU_CHART_FONT: {font} is not a readable font with CJK glyphs ({probe})"
            ),
            ChartError::FontFile { path, error } => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl StdError for ChartError {
    fn source(&self) -> Option<&(dyn StdError + 'static)> {
        match self {
            ChartError::Draw(e) => Some(e.as_ref()),
            ChartError::FontFile { error, .. } => Some(error.as_ref()),
            ChartError::RowsOfAnotherChart { .. }
            | ChartError::UnreadableFont { .. }
            | ChartError::NoCjk { .. }
            | ChartError::ChartFontVariable { .. } => None,
        }
    }
}
