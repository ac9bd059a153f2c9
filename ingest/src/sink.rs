//! Where the writer thread puts the replayed records: the SQLite [`Store`], or any other
//! [`Sink`] (`kifu ingest --to-parquet` writes the data contract's part files through one
//! defined in `kifu-analysis`, which depends on this crate, not this crate on it).

use kifu_store::positions::IndexedBatch;
use kifu_store::{NewSource, Record, SourceState, Store, WriteStats};

use crate::Error;

/// What [`Sink::begin_source`] says of a file about to be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceStart {
    /// Read it: its records go under this source id.
    Read(i64),
    /// The same bytes were wholly written before, so the file is skipped; `games` is how
    /// many games they gave, when the sink knows.
    Done { id: i64, games: Option<u64> },
}

/// The writer stage of an ingest. Its calls come from one thread, in input order: per
/// file, [`Sink::begin_source`], the file's batches, [`Sink::finish_source`]; then
/// [`Sink::end`] once.
pub trait Sink: Send {
    /// Before the first file.
    fn start(&mut self) -> Result<(), Error> {
        Ok(())
    }

    /// Registers a file about to be read: its id for the records' `source_id`, or that the
    /// same bytes were wholly written before (then the file is skipped).
    fn begin_source(&mut self, source: &NewSource) -> Result<SourceStart, Error>;

    /// Writes a batch of records (in the order read).
    fn write_batch(&mut self, records: &[Record]) -> Result<WriteStats, Error>;

    /// Every record of file `id` has been written.
    fn finish_source(&mut self, id: i64, format: &str, encoding: &str) -> Result<(), Error>;

    /// What the position index needs of the batch written last, for a sink that keeps it
    /// (an ingest into the database adds it to the index on a thread of its own).
    fn take_indexed(&mut self) -> IndexedBatch {
        IndexedBatch::default()
    }

    /// After the last file.
    fn end(&mut self) -> Result<(), Error>;
}

impl Sink for Store {
    fn start(&mut self) -> Result<(), Error> {
        Ok(self.begin_bulk()?)
    }

    fn begin_source(&mut self, source: &NewSource) -> Result<SourceStart, Error> {
        Ok(match self.source_state(&source.content_hash)? {
            Some(SourceState::Complete(id)) => SourceStart::Done {
                id,
                games: Some(self.source_games(id)?),
            },
            _ => SourceStart::Read(Store::begin_source(self, source)?),
        })
    }

    fn write_batch(&mut self, records: &[Record]) -> Result<WriteStats, Error> {
        Ok(Store::write_batch(self, records)?)
    }

    fn finish_source(&mut self, id: i64, format: &str, encoding: &str) -> Result<(), Error> {
        Ok(Store::finish_source(self, id, format, encoding)?)
    }

    fn take_indexed(&mut self) -> IndexedBatch {
        Store::take_indexed(self)
    }

    fn end(&mut self) -> Result<(), Error> {
        Ok(self.end_bulk()?)
    }
}
