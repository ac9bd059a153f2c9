//! Writing frames to files and writers.

use std::fs::File;
use std::path::Path;

use polars::prelude::*;

use crate::{Format, Result};

/// Writes one frame to `path`: `Table` polars' text rendering, `Csv` with a header,
/// `Json` an array of row objects, `Parquet` one file.
pub fn write_frame(df: &mut DataFrame, format: Format, path: &Path) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut file = File::create(path)?;
    write_frame_to(df, format, &mut file)
}

/// [`write_frame`] to any writer (stdout, a buffer).
pub fn write_frame_to<W: std::io::Write>(
    df: &mut DataFrame,
    format: Format,
    out: &mut W,
) -> Result<()> {
    match format {
        Format::Table => writeln!(out, "{df}")?,
        Format::Csv => CsvWriter::new(out).include_header(true).finish(df)?,
        Format::Json => JsonWriter::new(out)
            .with_json_format(JsonFormat::Json)
            .finish(df)?,
        Format::Parquet => {
            ParquetWriter::new(out).finish(df)?;
        }
    }
    Ok(())
}

/// A frame as text cells for an aligned terminal table: the column names, whether each
/// column holds numbers (aligned right), and the rows. Floats keep three decimals (the
/// CSV, JSON and Parquet forms keep every digit); a missing value is an empty cell.
pub struct TextCells {
    pub columns: Vec<(String, bool)>,
    pub rows: Vec<Vec<String>>,
}

/// [`TextCells`] of `df`.
pub fn frame_cells(df: &DataFrame) -> Result<TextCells> {
    let columns: Vec<(String, bool)> = df
        .columns()
        .iter()
        .map(|c| (c.name().to_string(), c.dtype().is_primitive_numeric()))
        .collect();
    let mut rows = Vec::with_capacity(df.height());
    for i in 0..df.height() {
        let row = df
            .columns()
            .iter()
            .map(|c| c.get(i).map(|v| cell_text(&v)))
            .collect::<PolarsResult<Vec<String>>>()?;
        rows.push(row);
    }
    Ok(TextCells { columns, rows })
}

fn cell_text(v: &AnyValue) -> String {
    match v {
        AnyValue::Null => String::new(),
        AnyValue::String(s) => (*s).to_owned(),
        AnyValue::StringOwned(s) => s.to_string(),
        AnyValue::Float64(f) => format!("{f:.3}"),
        AnyValue::Float32(f) => format!("{f:.3}"),
        other => other.to_string(),
    }
}

/// Named frames as one JSON object `{"name": [row objects], …}` in the given order.
pub fn frames_to_json(frames: &mut [(String, DataFrame)]) -> Result<String> {
    let mut s = String::from("{");
    for (i, (name, df)) in frames.iter_mut().enumerate() {
        let mut buf = Vec::new();
        write_frame_to(df, Format::Json, &mut buf)?;
        if i > 0 {
            s.push(',');
        }
        s.push_str(&serde_json::Value::from(name.as_str()).to_string());
        s.push(':');
        s.push_str(String::from_utf8_lossy(&buf).trim());
    }
    s.push('}');
    Ok(s)
}
