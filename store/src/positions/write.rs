//! Writing the index: [`PositionWriter`], its own connection to the index file, gathers
//! the entries of the games that follow its mark by kind and by part in memory
//! ([`Pending`]), and stores them as one segment per kind, moving the mark, in one
//! transaction.

use std::path::{Path, PathBuf};

use kifu_facts::{count_result, GameKind, Outcome, PlyStep};
use rusqlite::{params, Connection, Transaction, TransactionBehavior};

use super::file::{in_file, Check, SetAside};
use super::format::{flags, part_of, put_entry, EntryFields, MIN_PART_BITS};
use super::read::IndexSource;
use super::{PART_BITS, SEGMENT_ENTRIES, SEGMENT_GAMES};
use crate::{open_for_writing, Record, Result, Store};

/// One game's entries to add: its trail and what every entry repeats.
#[derive(Clone, Copy, Debug)]
struct GameEntries<'a> {
    kind: GameKind,
    game: i64,
    result: Outcome,
    duplicate: bool,
    length: u32,
    trail: &'a [PlyStep],
}

/// A segment being gathered: one kind's games of a batch.
struct Segment {
    kind: GameKind,
    first_game: i64,
    last_game: i64,
    games: u64,
    entries: u64,
    /// Per part: the bytes so far and the game of its last entry.
    parts: Vec<(Vec<u8>, i64)>,
}

/// The segments of the batch being written, one per kind (the part buffers are kept from
/// batch to batch, so a batch allocates nothing once they have grown).
struct Pending {
    part_bits: u32,
    segments: Vec<Segment>,
}

impl Pending {
    fn new(part_bits: u32) -> Pending {
        assert!(
            (MIN_PART_BITS..=16).contains(&part_bits),
            "part bits {part_bits} out of range"
        );
        Pending {
            part_bits,
            segments: Vec::new(),
        }
    }

    /// Adds a game's entries. Games must come in increasing id order.
    fn add(&mut self, g: &GameEntries<'_>) {
        if g.trail.is_empty() {
            return;
        }
        let parts = 1usize << self.part_bits;
        let segment = match self.segments.iter().position(|s| s.kind == g.kind) {
            Some(i) => &mut self.segments[i],
            None => {
                self.segments.push(Segment {
                    kind: g.kind,
                    first_game: g.game,
                    last_game: g.game,
                    games: 0,
                    entries: 0,
                    parts: vec![(Vec::new(), 0); parts],
                });
                self.segments.last_mut().expect("just pushed")
            }
        };
        if segment.games == 0 {
            segment.first_game = g.game;
            for part in &mut segment.parts {
                part.1 = g.game;
            }
        }
        segment.last_game = g.game;
        segment.games += 1;
        segment.entries += g.trail.len() as u64;
        for step in g.trail {
            let key = step.key.stored();
            let (data, last) = &mut segment.parts[part_of(key, self.part_bits) as usize];
            let gap = (g.game - *last) as u64;
            *last = g.game;
            put_entry(
                data,
                g.kind,
                self.part_bits,
                key,
                gap,
                &EntryFields {
                    flags: flags(step.symmetry, g.result, g.duplicate),
                    next: step.next,
                    reply: step.reply,
                    length: g.length,
                },
            );
        }
    }

    /// Games gathered since the last flush.
    fn games(&self) -> u64 {
        self.segments.iter().map(|s| s.games).sum()
    }

    /// Entries gathered since the last flush.
    fn entries(&self) -> u64 {
        self.segments.iter().map(|s| s.entries).sum()
    }

    /// Drops what was gathered.
    fn discard(&mut self) {
        for s in &mut self.segments {
            s.games = 0;
            s.entries = 0;
            s.parts.iter_mut().for_each(|(data, _)| data.clear());
        }
    }

    /// Writes the gathered segments in `tx` and empties the buffers.
    fn flush(&mut self, tx: &Transaction<'_>) -> Result<()> {
        let mut insert_segment = tx.prepare_cached(
            "INSERT INTO position_segments (kind, first_game, last_game, games, entries,
                part_bits) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        let mut insert_part =
            tx.prepare_cached("INSERT INTO position_postings (id, data) VALUES (?1, ?2)")?;
        for s in &mut self.segments {
            if s.games == 0 {
                continue;
            }
            insert_segment.execute(params![
                s.kind.name(),
                s.first_game,
                s.last_game,
                s.games as i64,
                s.entries as i64,
                self.part_bits
            ])?;
            let id = tx.last_insert_rowid();
            for (part, (data, _)) in s.parts.iter_mut().enumerate() {
                if !data.is_empty() {
                    insert_part.execute(params![id << 16 | part as i64, &data[..]])?;
                    data.clear();
                }
            }
            s.games = 0;
            s.entries = 0;
        }
        Ok(())
    }
}

/// A game a batch of the games writer inserted: its place in the batch, its id and
/// whether it is a linked copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexedGame {
    pub record: usize,
    pub id: i64,
    pub duplicate: bool,
}

/// What the index needs of a written batch besides its records: the newest game before
/// it (the games inserted follow on from it when no other writer came between) and the
/// games it inserted, in id order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IndexedBatch {
    pub after: i64,
    pub games: Vec<IndexedGame>,
}

/// The index file's writer: adds the entries of the games that follow its mark.
///
/// Entries are gathered in memory and written, with the mark, when a segment is full
/// ([`SEGMENT_GAMES`] games or [`SEGMENT_ENTRIES`] entries) and at [`PositionWriter::finish`].
/// Games that do not follow on from what it holds (another writer moved the mark, or an
/// ingest wrote games it was not given) stop it: it writes what it has and leaves the rest
/// behind for a catch-up, never a hole or an entry twice.
pub struct PositionWriter {
    conn: Connection,
    /// The index file, named in its errors.
    path: PathBuf,
    pending: Pending,
    /// The newest game the file or the pending entries hold.
    through: i64,
    /// The mark as this writer last wrote or read it.
    committed: i64,
    stopped: bool,
    set_aside: Option<SetAside>,
}

impl Store {
    /// A writer of this database's index file, made ready first (created, emptied when it
    /// belongs to other games, or set aside and made again when it cannot be read: the
    /// writer's [`PositionWriter::set_aside`] says so). A store opened read-only will do:
    /// the index is another file, and a reader that catches it up must not touch the
    /// games' file (a second writer there would rebuild the indexes a bulk load dropped).
    pub fn position_writer(&self) -> Result<PositionWriter> {
        self.writer_checking(Check::Header)
    }

    /// [`Store::position_writer`] for a rebuild: every page of the file is checked first,
    /// so a file damaged deep inside is set aside too, not cleared in place.
    pub fn position_writer_to_rebuild(&self) -> Result<PositionWriter> {
        self.writer_checking(Check::Whole)
    }

    fn writer_checking(&self, check: Check) -> Result<PositionWriter> {
        let token = self.identity()?;
        let set_aside = super::file::prepare_or_set_aside(
            &self.index_path,
            &token,
            || self.newest_game(),
            check,
        )?;
        let mut writer = PositionWriter::open(&self.index_path, &token)
            .map_err(|e| in_file(&self.index_path, e))?;
        writer.set_aside = set_aside;
        Ok(writer)
    }
}

impl PositionWriter {
    fn open(path: &Path, token: &str) -> Result<PositionWriter> {
        let conn = open_for_writing(path)?;
        let (database, through): (String, i64) = conn.query_row(
            "SELECT database, through FROM coverage WHERE id = 1",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        if database != token {
            return Err(crate::Error::Corrupt(crate::Unreadable::ForeignIndexFile(
                path.to_path_buf(),
            )));
        }
        Ok(PositionWriter {
            conn,
            path: path.to_owned(),
            pending: Pending::new(PART_BITS),
            through,
            committed: through,
            stopped: false,
            set_aside: None,
        })
    }

    /// The damaged file this writer's making set aside, if it did: for the command to say.
    pub fn set_aside(&self) -> Option<&SetAside> {
        self.set_aside.as_ref()
    }

    /// The newest game the index holds (or will hold once the pending entries are
    /// written).
    pub fn through(&self) -> i64 {
        self.through
    }

    /// Whether games stopped following on, so the rest is left to a catch-up.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Empties the index (a rebuild starts from nothing).
    pub fn clear(&mut self) -> Result<()> {
        self.clear_unnamed().map_err(|e| in_file(&self.path, e))
    }

    fn clear_unnamed(&mut self) -> Result<()> {
        self.pending.discard();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let token: String =
            tx.query_row("SELECT database FROM coverage WHERE id = 1", [], |r| {
                r.get(0)
            })?;
        super::file::clear(&tx, &token)?;
        tx.commit()?;
        self.through = 0;
        self.committed = 0;
        self.stopped = false;
        Ok(())
    }

    /// Adds the games of a batch the games writer committed (`records` as written).
    pub fn add_batch(&mut self, records: &[Record], batch: &IndexedBatch) -> Result<()> {
        let games = batch.games.iter().filter_map(|g| match &records[g.record] {
            Record::Game(r) => Some(GameEntries {
                kind: r.kind,
                game: g.id,
                result: Outcome::counted(
                    r.kind,
                    count_result(
                        r.recorded_result,
                        r.derived_result,
                        Some(&r.termination),
                        None,
                        true,
                    ),
                ),
                duplicate: g.duplicate,
                length: r.plies,
                trail: &r.trail,
            }),
            Record::Quarantined(_) | Record::Text(_) => None,
        });
        self.add(batch.after, games)
    }

    /// Adds stored games read after `after` (in id order, with their trails), as a
    /// catch-up reads them.
    pub fn add_stored(&mut self, after: i64, games: &[(IndexSource, Vec<PlyStep>)]) -> Result<()> {
        let games = games.iter().map(|(g, trail)| GameEntries {
            kind: g.kind,
            game: g.id,
            result: g.result,
            duplicate: g.duplicate,
            length: g.length,
            trail,
        });
        self.add(after, games)
    }

    fn add<'a>(&mut self, after: i64, games: impl Iterator<Item = GameEntries<'a>>) -> Result<()> {
        if self.stopped {
            return Ok(());
        }
        if after != self.through {
            // A hole before these games (or games held already): leave them to a catch-up.
            self.flush()?;
            self.stopped = true;
            return Ok(());
        }
        for g in games {
            self.pending.add(&g);
            self.through = g.game;
        }
        if self.pending.games() >= SEGMENT_GAMES as u64 || self.pending.entries() >= SEGMENT_ENTRIES
        {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the pending entries and moves the mark, in one transaction; when another
    /// writer moved the mark meanwhile, drops them instead and stops.
    fn flush(&mut self) -> Result<()> {
        self.flush_unnamed().map_err(|e| in_file(&self.path, e))
    }

    fn flush_unnamed(&mut self) -> Result<()> {
        if self.through == self.committed {
            return Ok(());
        }
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mark: i64 = tx.query_row("SELECT through FROM coverage WHERE id = 1", [], |r| {
            r.get(0)
        })?;
        if mark != self.committed {
            drop(tx);
            self.pending.discard();
            self.stopped = true;
            return Ok(());
        }
        self.pending.flush(&tx)?;
        tx.execute(
            "UPDATE coverage SET through = ?1 WHERE id = 1",
            params![self.through],
        )?;
        tx.commit()?;
        self.committed = self.through;
        Ok(())
    }

    /// Writes what is pending.
    pub fn finish(mut self) -> Result<()> {
        self.flush()
    }
}
