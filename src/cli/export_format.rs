//! What `kifu export --format` and `--notation` take.

use kifu_notation::{Notation, XqNotation};
use kifu_parser::Format;

use crate::choice::unknown_name;

/// What `kifu export --format` takes: the analysis tables, or a record notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    Tables(kifu_analysis::Format),
    Records(Format),
}

/// `parquet`, `csv`, `json`, or a record notation's format name.
pub fn parse_export_format(s: &str) -> Result<ExportFormat, String> {
    if let Some(f) = kifu_analysis::Format::from_name(s) {
        if f != kifu_analysis::Format::Table {
            return Ok(ExportFormat::Tables(f));
        }
    }
    match Format::from_name(s) {
        Some(f) if Notation::FORMATS.contains(&f) => Ok(ExportFormat::Records(f)),
        _ => Err(unknown_name(
            "export format",
            s,
            ["parquet", "csv", "json"]
                .into_iter()
                .chain(Notation::FORMATS.iter().map(|f| f.name())),
        )),
    }
}

/// `chinese`, `wxf` or `iccs`.
pub fn parse_xq_notation(s: &str) -> Result<XqNotation, String> {
    XqNotation::from_name(s)
        .ok_or_else(|| unknown_name("notation", s, XqNotation::ALL.map(XqNotation::name)))
}
