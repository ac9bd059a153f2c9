//! One table of an export being written: rows gathered into a bounded batch, each full
//! batch written out as one row group of the current Parquet part file (or appended to the
//! table's CSV or JSON-lines file) and dropped, so memory stays bounded whatever the
//! table's size; a part file that reaches its size cap is closed and the next one begun.
//!
//! The rows are gathered on the caller's thread and each full batch is encoded (frame,
//! Parquet pages, zstd) and written on a thread of the table's own, so the caller, the
//! single writer stage of `ingest --to-parquet`, goes on with the next rows meanwhile.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{sync_channel, SyncSender};
use std::thread::JoinHandle;

use polars::prelude::*;

use crate::contract::{
    schema_json, ColumnType, TableDoc, BYTES_PER_PART, BYTES_PER_ROW_GROUP, KIFU_VERSION,
    ROWS_PER_ROW_GROUP, SCHEMA_VERSION,
};
use crate::usage::Usage;
use crate::{Error, Format, Result};

/// One value of a row, of its column's [`ColumnType`].
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Cell {
    Text(Option<String>),
    Int(Option<i64>),
    Float(Option<f64>),
    Bool(Option<bool>),
    Ints(Vec<i32>),
    Texts(Option<Vec<String>>),
}

impl Cell {
    fn bytes(&self) -> usize {
        match self {
            Cell::Text(t) => t.as_ref().map_or(0, String::len) + 8,
            Cell::Int(_) | Cell::Float(_) => 8,
            Cell::Bool(_) => 1,
            Cell::Ints(v) => v.len() * 4 + 8,
            Cell::Texts(v) => v.iter().flatten().map(|t| t.len() + 8).sum::<usize>() + 8,
        }
    }
}

/// A column's values so far: lists as polars list builders, or (for CSV) their items
/// joined by single spaces.
enum Buf {
    Text(Vec<Option<String>>),
    Int(Vec<Option<i64>>),
    Float(Vec<Option<f64>>),
    Bool(Vec<Option<bool>>),
    Ints(ListPrimitiveChunkedBuilder<Int32Type>),
    Texts(ListStringChunkedBuilder),
}

fn bad_cell(table: &'static str, column: &'static str) -> Error {
    Error::Usage(Usage::BadCell { table, column })
}

struct Batch {
    table: &'static TableDoc,
    lists: bool,
    bufs: Vec<Buf>,
    rows: usize,
    bytes: usize,
}

impl Batch {
    fn new(table: &'static TableDoc, lists: bool) -> Batch {
        let bufs = table
            .columns
            .iter()
            .map(|c| match (c.ty, lists) {
                (ColumnType::Text, _) | (ColumnType::IntList | ColumnType::TextList, false) => {
                    Buf::Text(Vec::new())
                }
                (ColumnType::Int, _) => Buf::Int(Vec::new()),
                (ColumnType::Float, _) => Buf::Float(Vec::new()),
                (ColumnType::Bool, _) => Buf::Bool(Vec::new()),
                (ColumnType::IntList, true) => Buf::Ints(ListPrimitiveChunkedBuilder::new(
                    c.name.into(),
                    1024,
                    16 * 1024,
                    DataType::Int32,
                )),
                (ColumnType::TextList, true) => Buf::Texts(ListStringChunkedBuilder::new(
                    c.name.into(),
                    1024,
                    16 * 1024,
                )),
            })
            .collect();
        Batch {
            table,
            lists,
            bufs,
            rows: 0,
            bytes: 0,
        }
    }

    fn push(&mut self, row: Vec<Cell>) -> Result<()> {
        if row.len() != self.bufs.len() {
            return Err(Error::Usage(Usage::RowWidth {
                table: self.table.name,
                values: row.len(),
                columns: self.bufs.len(),
            }));
        }
        for ((buf, cell), doc) in self.bufs.iter_mut().zip(row).zip(self.table.columns) {
            self.bytes += cell.bytes();
            match (buf, cell) {
                (Buf::Text(v), Cell::Text(t)) => v.push(t),
                (Buf::Int(v), Cell::Int(i)) => v.push(i),
                (Buf::Float(v), Cell::Float(x)) => v.push(x),
                (Buf::Bool(v), Cell::Bool(b)) => v.push(b),
                (Buf::Ints(b), Cell::Ints(v)) => b.append_slice(&v),
                (Buf::Texts(b), Cell::Texts(Some(v))) => {
                    b.append_values_iter(v.iter().map(String::as_str))
                }
                (Buf::Texts(b), Cell::Texts(None)) => b.append_null(),
                (Buf::Text(v), Cell::Ints(items)) if !self.lists => v.push(Some(
                    items
                        .iter()
                        .map(i32::to_string)
                        .collect::<Vec<_>>()
                        .join(" "),
                )),
                (Buf::Text(v), Cell::Texts(items)) if !self.lists => {
                    v.push(items.map(|t| t.join(" ")))
                }
                _ => return Err(bad_cell(self.table.name, doc.name)),
            }
        }
        self.rows += 1;
        Ok(())
    }

    fn full(&self, limits: &Limits) -> bool {
        self.rows >= limits.group_rows || self.bytes >= limits.group_bytes
    }

    /// The batch as a frame.
    fn into_frame(self) -> Result<DataFrame> {
        let table = self.table;
        let columns = self
            .bufs
            .into_iter()
            .zip(table.columns)
            .map(|(buf, doc)| match buf {
                Buf::Text(v) => Column::new(doc.name.into(), v),
                Buf::Int(v) => Column::new(doc.name.into(), v),
                Buf::Float(v) => Column::new(doc.name.into(), v),
                Buf::Bool(v) => Column::new(doc.name.into(), v),
                Buf::Ints(mut b) => b.finish().into_series().into_column(),
                Buf::Texts(mut b) => b.finish().into_series().into_column(),
            })
            .collect();
        Ok(DataFrame::new(self.rows, columns)?)
    }
}

/// Where a table writer cuts its row groups and part files.
#[derive(Clone, Copy, Debug)]
struct Limits {
    group_rows: usize,
    group_bytes: usize,
    part_bytes: u64,
}

const LIMITS: Limits = Limits {
    group_rows: ROWS_PER_ROW_GROUP,
    group_bytes: BYTES_PER_ROW_GROUP,
    part_bytes: BYTES_PER_PART as u64,
};

/// The Parquet part file being written: its writer (on the file itself: polars writes whole
/// pages, and an error must not be lost in a buffer dropped unflushed) and its path.
struct Part {
    writer: polars::io::parquet::write::BatchedWriter<File>,
    path: PathBuf,
}

/// Writes one table under an export directory: Parquet part files
/// `<table>/part-<run>-<n>.parquet` (at least one, so an empty table still has its schema),
/// or one `<table>.csv` / `<table>.json` (JSON lines).
pub(crate) struct TableWriter {
    table: &'static TableDoc,
    lists: bool,
    batch: Batch,
    limits: Limits,
    /// Full batches go to the output thread through this; at most one waits.
    to_output: Option<SyncSender<Batch>>,
    /// The output thread: it writes the batches and answers the files it wrote.
    output: Option<JoinHandle<Result<Vec<PathBuf>>>>,
    /// Batches handed to the output thread.
    sent: usize,
    pub(crate) rows: u64,
}

impl TableWriter {
    /// `run` makes the part names unique (an append adds parts beside earlier ones).
    pub(crate) fn new(
        table: &'static TableDoc,
        format: Format,
        dir: &Path,
        run: &str,
    ) -> Result<TableWriter> {
        TableWriter::with_limits(table, format, dir, run, LIMITS)
    }

    fn with_limits(
        table: &'static TableDoc,
        format: Format,
        dir: &Path,
        run: &str,
        limits: Limits,
    ) -> Result<TableWriter> {
        if format == Format::Parquet {
            std::fs::create_dir_all(dir.join(table.name))?;
        }
        let mut output = Output {
            table,
            format,
            dir: dir.to_owned(),
            run: run.to_owned(),
            limits,
            parts: 0,
            part: None,
            files: Vec::new(),
            text: None,
        };
        let (to_output, batches) = sync_channel::<Batch>(1);
        let thread = std::thread::Builder::new()
            .name(format!("kifu-out-{}", table.name))
            .spawn(move || {
                for batch in batches {
                    output.write(batch)?;
                }
                output.finish()
            })?;
        let lists = format != Format::Csv;
        Ok(TableWriter {
            table,
            lists,
            batch: Batch::new(table, lists),
            limits,
            to_output: Some(to_output),
            output: Some(thread),
            sent: 0,
            rows: 0,
        })
    }

    pub(crate) fn push(&mut self, row: Vec<Cell>) -> Result<()> {
        self.batch.push(row)?;
        self.rows += 1;
        if self.batch.full(&self.limits) {
            self.send()?;
        }
        Ok(())
    }

    /// Hands the batch so far to the output thread (waiting while it is still busy with
    /// the one before last: memory stays bounded).
    fn send(&mut self) -> Result<()> {
        let batch = std::mem::replace(&mut self.batch, Batch::new(self.table, self.lists));
        self.sent += 1;
        let sent = self
            .to_output
            .as_ref()
            .is_some_and(|to| to.send(batch).is_ok());
        if !sent {
            // The thread stopped on an error: that error is the answer.
            self.join()?;
            return Err(self.stopped());
        }
        Ok(())
    }

    /// The error of an output thread that is gone without one of its own.
    fn stopped(&self) -> Error {
        Error::Usage(Usage::WriterStopped {
            table: self.table.name,
        })
    }

    /// Waits for the output thread to write all it was sent: the files it wrote.
    fn join(&mut self) -> Result<Vec<PathBuf>> {
        self.to_output = None;
        match self.output.take().map(JoinHandle::join) {
            Some(Ok(files)) => files,
            // A panic there is a bug: carried on here, as if it had happened here.
            Some(Err(panic)) => std::panic::resume_unwind(panic),
            None => Err(self.stopped()),
        }
    }

    /// Writes what is left (an empty table: one part file or a header-only CSV file).
    pub(crate) fn finish(mut self) -> Result<(u64, Vec<PathBuf>)> {
        if self.batch.rows > 0 || self.sent == 0 {
            self.send()?;
        }
        let files = self.join()?;
        Ok((self.rows, files))
    }
}

impl Drop for TableWriter {
    /// A writer dropped unfinished (an error elsewhere) still waits for its thread, so no
    /// file is written after the caller has cleaned up.
    fn drop(&mut self) {
        self.to_output = None;
        if let Some(thread) = self.output.take() {
            let _ = thread.join();
        }
    }
}

/// The output side of a table writer, on its own thread: the part file being written (or
/// the text file) and the files begun.
struct Output {
    table: &'static TableDoc,
    format: Format,
    dir: PathBuf,
    run: String,
    limits: Limits,
    /// Part files begun.
    parts: usize,
    part: Option<Part>,
    /// Files written, relative to the export directory.
    files: Vec<PathBuf>,
    text: Option<BufWriter<File>>,
}

impl Output {
    fn write(&mut self, batch: Batch) -> Result<()> {
        let mut df = batch.into_frame()?;
        match self.format {
            Format::Parquet => {
                if self.part.is_none() {
                    let rel = Path::new(self.table.name)
                        .join(format!("part-{}-{:05}.parquet", self.run, self.parts));
                    let path = self.dir.join(&rel);
                    let writer = ParquetWriter::new(File::create(&path)?)
                        .with_key_value_metadata(Some(key_value_metadata(self.table)))
                        .batched(df.schema())?;
                    self.part = Some(Part { writer, path });
                    self.files.push(rel);
                    self.parts += 1;
                }
                let part = self.part.as_mut().expect("begun above");
                part.writer.write_batch(&df)?;
                if std::fs::metadata(&part.path)?.len() >= self.limits.part_bytes {
                    self.close_part()?;
                }
            }
            Format::Csv | Format::Json => {
                let first = self.text.is_none();
                if first {
                    self.parts += 1;
                    let rel =
                        PathBuf::from(format!("{}.{}", self.table.name, self.format.extension()));
                    let file = OpenOptions::new()
                        .create_new(true)
                        .write(true)
                        .open(self.dir.join(&rel))?;
                    self.text = Some(BufWriter::new(file));
                    self.files.push(rel);
                }
                let out = self.text.as_mut().expect("opened above");
                if self.format == Format::Csv {
                    CsvWriter::new(&mut *out)
                        .include_header(first)
                        .finish(&mut df)?;
                } else {
                    JsonWriter::new(&mut *out)
                        .with_json_format(JsonFormat::JsonLines)
                        .finish(&mut df)?;
                }
            }
            Format::Table => return Err(Error::Usage(Usage::NotADataFormat)),
        }
        Ok(())
    }

    /// Writes the current part file's footer.
    fn close_part(&mut self) -> Result<()> {
        if let Some(part) = self.part.take() {
            part.writer.finish()?;
        }
        Ok(())
    }

    /// Closes the part file and flushes the text file: the files written.
    fn finish(mut self) -> Result<Vec<PathBuf>> {
        self.close_part()?;
        if let Some(mut out) = self.text.take() {
            out.flush()?;
        }
        Ok(self.files)
    }
}

/// The Parquet key-value metadata of a part file: the kifu and schema versions, the table
/// and the whole contract (`_schema.json`).
fn key_value_metadata(table: &TableDoc) -> KeyValueMetadata {
    KeyValueMetadata::from_static(vec![
        ("kifu.version".into(), KIFU_VERSION.into()),
        ("kifu.schema_version".into(), SCHEMA_VERSION.to_string()),
        ("kifu.table".into(), table.name.into()),
        ("kifu.schema".into(), schema_json().to_string()),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::COMMENTS_TABLE;

    #[test]
    fn parts_are_cut_at_their_cap_and_named_apart() {
        let dir = tempfile::tempdir().unwrap();
        // Row groups of 100 rows, and a part closed after every row group.
        let limits = Limits {
            group_rows: 100,
            group_bytes: usize::MAX,
            part_bytes: 1,
        };
        let mut w =
            TableWriter::with_limits(COMMENTS_TABLE, Format::Parquet, dir.path(), "r", limits)
                .unwrap();
        for i in 0..250 {
            w.push(vec![
                Cell::Text(Some(format!("k:{i}"))),
                Cell::Int(Some(i)),
                Cell::Text(Some("renju".into())),
                Cell::Int(Some(1)),
                Cell::Text(Some(format!("comment {i}"))),
            ])
            .unwrap();
        }
        let (rows, files) = w.finish().unwrap();
        assert_eq!(rows, 250);
        let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
        assert_eq!(
            names,
            [
                "comments/part-r-00000.parquet",
                "comments/part-r-00001.parquet",
                "comments/part-r-00002.parquet"
            ]
        );
        let heights: Vec<usize> = files
            .iter()
            .map(|f| {
                ParquetReader::new(File::open(dir.path().join(f)).unwrap())
                    .finish()
                    .unwrap()
                    .height()
            })
            .collect();
        assert_eq!(heights, [100, 100, 50]);
    }

    #[test]
    fn a_value_of_the_wrong_type_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut w = TableWriter::new(COMMENTS_TABLE, Format::Parquet, dir.path(), "r").unwrap();
        let bad = vec![
            Cell::Int(Some(1)),
            Cell::Int(Some(1)),
            Cell::Text(None),
            Cell::Int(None),
            Cell::Text(None),
        ];
        assert_eq!(
            w.push(bad).unwrap_err().to_string(),
            "export: a value of comments.game_key does not have the column's type"
        );
    }
}
