//! Reading one input file on the calling thread: register it with the writer, split it
//! into members, identify each member from its head and send its records (or the whole
//! member, when it is small) on to the replay stage in batches; a stream that fails part
//! way leaves one quarantined record where reading stopped.

use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crossbeam_channel::{bounded, Sender};
use kifu_facts::Ruleset;
use kifu_parser::member::RecordSink;
use kifu_parser::raw::AnyItem;
use kifu_parser::{Location, RawError, Span};
use kifu_store::NewSource;

use crate::convert::MemberContext;
use crate::damage::Damage;
use crate::input;
use crate::{Error, Options, SourceStart, Stage, Summary, ToReplay, ToWriter, Work, HEAD};

/// Records per batch handed to the replay pool and written in one transaction (4,096
/// measured as fast, with a third more memory in flight).
const BATCH: usize = 1024;
/// A batch is sent sooner when its unparsed work (member bytes, split games) reaches this
/// many bytes: games of 10 KB with comments must not hold hundreds of MB in flight.
const BATCH_BYTES: usize = 8 << 20;

/// Reads one input file: registers it, splits it into members and records, and sends the
/// records on in batches. A file whose stream fails part way (cut, damaged) keeps every
/// record read whole before the failure, and the failure is one quarantined record where
/// reading stopped (and a line of [`Summary::damaged`]).
pub(crate) fn read_file(
    path: &Path,
    file: usize,
    options: &Options,
    to_writer: &Sender<ToWriter>,
    to_replay: &Sender<ToReplay>,
    bytes_read: &Arc<AtomicU64>,
    summary: &mut Summary,
) -> Result<(), Error> {
    let stopped = || Error::Stopped(Stage::Replay);
    let (hash, size) = input::hash_file(path)?;
    let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let (reply_tx, reply_rx) = bounded(1);
    let source_path = kifu_facts::SourcePath::of(path);
    to_writer
        .send(ToWriter::Begin(
            NewSource {
                path: source_path.shown,
                path_bytes: source_path.bytes,
                bytes: size,
                content_hash: hash,
                format: options.format.map(|f| f.name()).unwrap_or("unknown").into(),
                encoding: "unknown".into(),
                rules: options.xiangqi_rules.as_ref().map(|r| r.name().to_owned()),
            },
            reply_tx,
        ))
        .map_err(|_| stopped())?;
    let source_id = match reply_rx.recv().map_err(|_| stopped())?? {
        SourceStart::Read(id) => id,
        SourceStart::Done { games, .. } => {
            summary.files_skipped += 1;
            // Skipped, it still gave no game: said again, as the first time.
            if games == Some(0) {
                summary.skipped_without_games.push(format!(
                    "{}: ingested before, and no game was read from it",
                    kifu_facts::shown_path(path)
                ));
            }
            return Ok(());
        }
    };
    summary.files += 1;
    summary.bytes += size;

    let read_before = bytes_read.load(Ordering::Relaxed);
    let (compression, stream) = input::open_decompressed(path, bytes_read.clone())?;
    let watch = Arc::new(input::Watch::default());
    let mut file_read = FileRead {
        formats: Vec::new(),
        encoding: None,
        last_legacy: None,
    };
    let context = |member: &str| {
        let name = if member.is_empty() {
            file_name.as_deref()
        } else {
            Some(member)
        };
        Arc::new(MemberContext {
            source_id,
            member: member.to_owned(),
            index: !options.no_index,
            ruleset: options.ruleset,
            named_ruleset: name.and_then(Ruleset::from_file_name),
        })
    };
    let mut sender = BatchSender {
        member: context(""),
        to_replay,
        watch: watch.clone(),
        batch: Vec::with_capacity(BATCH),
        batch_bytes: 0,
        stopped: false,
    };
    // Members read whole, the last of them, and the member being read when the stream
    // failed (its name and where its bytes start).
    let mut whole = 0u64;
    let mut last_whole: Option<String> = None;
    let mut cut: Option<(String, u64)> = None;
    let members = input::for_each_member(stream, &watch, |member| {
        let (name, offset) = (member.name.clone(), member.offset);
        sender.member = context(&name);
        let result = read_member(
            member,
            file_name.as_deref(),
            options,
            &mut sender,
            &mut file_read,
        );
        if watch.failure().is_some() {
            cut.get_or_insert((name, offset));
        } else if result.is_ok() {
            whole += 1;
            last_whole = Some(name);
        }
        result
    });
    if sender.stopped {
        return Err(stopped());
    }
    if let Err(e) = members {
        // Not the sink's (that stops the ingest): the stream or the archive failed.
        watch.fail(&e);
    }
    if let Some(failure) = watch.failure() {
        let damage = Damage {
            compression,
            file_bytes: size,
            file_read: bytes_read.load(Ordering::Relaxed) - read_before,
            failure,
            whole,
            last_whole: last_whole.as_deref(),
            cut: cut.as_ref().map(|(name, offset)| (name.as_str(), *offset)),
        };
        let (member, offset) = damage.location();
        sender.member = context(member);
        let message = damage.to_string();
        summary
            .damaged
            .push(format!("{}: {message}", kifu_facts::shown_path(path)));
        sender.append(Work::Record(
            sender.member.clone(),
            Err(RawError {
                format: None,
                at: Location::new(offset, 0, 0),
                start: Location::new(offset, 0, 0),
                span: Span::new(offset, offset),
                message,
                raw: String::new(),
            }),
        ));
    }
    sender.flush();
    if sender.stopped {
        return Err(stopped());
    }
    to_replay
        .send(ToReplay::Finish {
            source_id,
            file,
            format: if file_read.formats.is_empty() {
                "unknown".into()
            } else {
                file_read.formats.join(",")
            },
            encoding: file_read.encoding.unwrap_or("unknown").into(),
        })
        .map_err(|_| stopped())?;
    Ok(())
}

/// The formats and the first encoding met in a file's members.
struct FileRead {
    formats: Vec<&'static str>,
    encoding: Option<&'static str>,
    /// The last legacy encoding (GBK, Big5) met: the next member's likelier one (members
    /// of an archive mostly share one), which format detection decodes first.
    last_legacy: Option<&'static str>,
}

/// Reads one member: identifies it from its head and sends its records (or the whole
/// member, when it is small) on through `sender`.
fn read_member(
    member: input::Member<'_>,
    file_name: Option<&str>,
    options: &Options,
    sender: &mut BatchSender<'_>,
    file_read: &mut FileRead,
) -> io::Result<()> {
    let name = if member.name.is_empty() {
        file_name
    } else {
        Some(member.name.as_str())
    };
    let (head, reader) = input::peek(member.reader, HEAD);
    // The member is cut within its head: not whole, so it is read as a stream, which meets
    // the failure where it happened.
    let cut_in_head = reader.failed();
    let reader = input::WatchedMember::new(reader, sender.watch.clone());
    let (format, member_encoding) =
        kifu_parser::member::identify_in_file(&head, name, options.format, file_read.last_legacy);
    file_read.encoding.get_or_insert(member_encoding);
    if matches!(member_encoding, "gbk" | "big5") {
        file_read.last_legacy = Some(member_encoding);
    }
    match format {
        Some(format) => {
            if !file_read.formats.contains(&format.name()) {
                file_read.formats.push(format.name());
            }
            if head.len() < HEAD && !cut_in_head {
                // The whole member is in the head: the replay pool parses it, so the
                // many small files of a collection are read on every core.
                return sender.push_work(Work::Member {
                    ctx: sender.member.clone(),
                    format,
                    encoding: member_encoding,
                    bytes: head,
                });
            }
            kifu_parser::member::read(format, member_encoding, io::BufReader::new(reader), sender)
        }
        None => {
            // Only what quarantine keeps is held in memory.
            let mut reader = reader;
            let (raw, len) = kifu_parser::member::read_capped(
                &mut reader,
                kifu_parser::raw::MAX_RAW_KEPT as u64,
            )?;
            sender.push(Err(RawError {
                format: None,
                at: Location::new(0, 1, 1),
                start: Location::new(0, 1, 1),
                span: Span::new(0, len),
                message: if len == 0 {
                    format!(
                        "empty file{}: no records",
                        name.map(|n| format!(" {n}")).unwrap_or_default()
                    )
                } else {
                    format!(
                        "unrecognised record format{} (use --format to name it)",
                        name.map(|n| format!(" in {n}")).unwrap_or_default()
                    )
                },
                raw: kifu_parser::member::unrecognised_text(&raw),
            }))
        }
    }
}

/// Collects records into batches for the replay stage.
struct BatchSender<'a> {
    /// The member the records being read come from.
    member: Arc<MemberContext>,
    to_replay: &'a Sender<ToReplay>,
    /// The file's stream: once a reader has met its failure, no record is whole.
    watch: Arc<input::Watch>,
    batch: Vec<Work>,
    /// Heap bytes of the unparsed work in `batch`.
    batch_bytes: usize,
    /// The replay stage has stopped (its error explains why): nothing more is sent.
    stopped: bool,
}

impl BatchSender<'_> {
    fn push(&mut self, item: AnyItem) -> io::Result<()> {
        self.push_work(Work::Record(self.member.clone(), item))
    }

    /// Adds a piece of work read from the file, unless it was read after the file's
    /// stream failed: then it is cut or the reader's own note of the failure, and the
    /// failure is reported once, by [`read_file`].
    fn push_work(&mut self, work: Work) -> io::Result<()> {
        if !self.watch.reached() {
            self.append(work);
        }
        if self.stopped {
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "replay stage stopped",
            ));
        }
        Ok(())
    }

    fn append(&mut self, work: Work) {
        self.batch_bytes += match &work {
            Work::Record(..) => 0,
            Work::XqChunk(_, chunk) => chunk.heap_bytes(),
            Work::Member { bytes, .. } => bytes.len(),
        };
        self.batch.push(work);
        if self.batch.len() >= BATCH || self.batch_bytes >= BATCH_BYTES {
            self.flush();
        }
    }

    /// Sends the batch on (it is dropped once the replay stage has stopped).
    fn flush(&mut self) {
        if self.batch.is_empty() || self.stopped {
            return;
        }
        let batch = std::mem::replace(&mut self.batch, Vec::with_capacity(BATCH));
        self.batch_bytes = 0;
        self.stopped = self.to_replay.send(ToReplay::Batch(batch)).is_err();
    }
}

impl RecordSink for BatchSender<'_> {
    fn push(&mut self, item: AnyItem) -> io::Result<()> {
        BatchSender::push(self, item)
    }

    /// Parsed by the replay pool: the reader thread only splits the stream.
    fn push_xq_chunk(
        &mut self,
        item: Result<kifu_parser::xiangqi_pgn::PgnChunk, RawError>,
    ) -> io::Result<()> {
        match item {
            Ok(chunk) => self.push_work(Work::XqChunk(self.member.clone(), chunk)),
            Err(e) => self.push(Err(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::IN_FLIGHT;
    use kifu_parser::raw::AnyGame;
    use kifu_parser::Format;

    fn member(len: usize) -> Work {
        Work::Member {
            ctx: Arc::new(MemberContext {
                source_id: 1,
                member: "m".into(),
                index: true,
                ruleset: None,
                named_ruleset: None,
            }),
            format: Format::XiangqiPgn,
            encoding: "utf-8",
            bytes: vec![b' '; len],
        }
    }

    #[test]
    fn a_batch_goes_when_its_unparsed_bytes_reach_the_bound() {
        let (tx, rx) = bounded(IN_FLIGHT);
        let mut sender = BatchSender {
            member: Arc::new(MemberContext {
                source_id: 1,
                member: String::new(),
                index: true,
                ruleset: None,
                named_ruleset: None,
            }),
            to_replay: &tx,
            watch: Arc::new(input::Watch::default()),
            batch: Vec::new(),
            batch_bytes: 0,
            stopped: false,
        };
        sender.push_work(member(BATCH_BYTES / 2)).unwrap();
        assert!(rx.try_recv().is_err(), "half the bound: kept");
        sender.push_work(member(BATCH_BYTES / 2)).unwrap();
        match rx.try_recv() {
            Ok(ToReplay::Batch(work)) => assert_eq!(work.len(), 2),
            _ => panic!("a full batch by bytes is sent at once"),
        }
        assert_eq!(sender.batch_bytes, 0);
        // Records without unparsed bytes go by count only.
        for _ in 0..BATCH - 1 {
            sender
                .push(Ok(AnyGame::Renju(kifu_parser::RawGame::new(
                    Format::RenjuLines,
                    Location::default(),
                ))))
                .unwrap();
        }
        assert!(rx.try_recv().is_err());
        sender
            .push(Ok(AnyGame::Renju(kifu_parser::RawGame::new(
                Format::RenjuLines,
                Location::default(),
            ))))
            .unwrap();
        assert!(matches!(rx.try_recv(), Ok(ToReplay::Batch(w)) if w.len() == BATCH));
    }
}
