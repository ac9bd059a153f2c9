//! `kifu ingest --to-parquet`: the ingest pipeline writing the data contract directly, no
//! database. One run (a shard of input files) becomes one dataset in the export's layout:
//! the same tables, columns, `_schema.json`, key-value metadata and part files, written
//! into a hidden temporary directory and renamed into place at the end.
//!
//! The [`ShardWriter`] is the pipeline's writer stage ([`kifu_ingest::Sink`]): each batch
//! of replayed records becomes rows of the contract's tables, built by the same row
//! functions as `kifu export` ([`crate::export`]) from the same typed rows, so no column is
//! defined twice. It lives here, not in `kifu-ingest`, because the contract is this
//! crate's and dependencies point from ingest to analysis.
//!
//! What a database would give is defined within the shard: ids count from 1 in input
//! order, and a game is a linked copy of the first game of the shard with the same kind
//! and canonical key. Across shards the join keys are `game_key` (stable) and
//! `canonical_hash` (dedupe), never the ids.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use kifu_facts::{
    copy_place, count_result, disagreements, named_seats, CopyHeader, GameKind, RulesInForce,
    Ruleset,
};
use kifu_ingest::{Options, Sink, SourceStart, Summary};
use kifu_store::export::{
    record_key, ExportComment, ExportFinding, ExportGame, ExportQuarantined, ExportSeat,
    ExportSource, ExportText, ExportVariation,
};
use kifu_store::{
    FindingRecord, GameRecord, NewSource, QuarantineRecord, Record, TextRecord, WriteStats,
};
use rayon::prelude::*;
use sha2::{Digest, Sha256};

use crate::batch::TableWriter;
use crate::contract::TABLES;
use crate::export::{
    comment_row, finding_row, game_row, move_into_place, move_lists, moves_row_of, quarantined_row,
    remove_leftovers, replaceable, run_id, seat_row, sibling, source_row, text_row, variation_row,
    write_schema,
};
use crate::usage::Usage;
use crate::{Error, ExportSummary, Format, Result};

/// A file of the shard.
struct ShardSource {
    sha256: String,
    path: String,
    bytes: i64,
    format: String,
    encoding: String,
    /// Whether a world-rules repetition verdict decides its games (`--xiangqi-rules`).
    repetition_decides: bool,
    complete: bool,
    /// Games and quarantined records written from it.
    records: i64,
    /// Title cards read from it: records too (in its `records`), kept as its texts.
    cards: i64,
}

/// Where a record is: its source id, member number and byte offset (its key, compactly).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct RecordAt {
    source: u32,
    member: u32,
    offset: u64,
}

/// A first copy as its `copies-disagree` findings name it.
struct FirstCopy {
    kind: GameKind,
    source: i64,
    member: String,
    offset: u64,
    line: u32,
    column: u32,
    header: CopyHeader,
}

/// What links a game to its first copy in a shard: its kind, its ruleset and the SHA-256
/// of its canonical key.
type Identity = (GameKind, Option<Ruleset>, [u8; 32]);

/// The writer stage of `ingest --to-parquet`: the contract's tables of one shard, under
/// `dir`.
pub struct ShardWriter {
    dir: PathBuf,
    /// One writer per table, in [`TABLES`] order (taken when the shard ends).
    tables: Vec<TableWriter>,
    /// The shard's files by id - 1.
    sources: Vec<ShardSource>,
    /// Source ids by content hash: the same bytes twice are read once.
    by_hash: HashMap<String, i64>,
    /// Archive members by number, each name kept once: the maps below hold numbers, so
    /// their memory per game is a few fixed-size fields.
    members: Vec<String>,
    member_numbers: HashMap<String, u32>,
    /// The records of the file being written, by (source, member, offset): one row per
    /// record, as the database's unique keys make it. Emptied when a file is finished
    /// (its records all come before that; the next file's all after).
    seen_games: HashSet<RecordAt>,
    seen_quarantined: HashSet<RecordAt>,
    seen_texts: HashSet<RecordAt>,
    /// The library texts read, by source id: written at the end, for the sources written
    /// (as an export of a database writes the texts of the sources it lists).
    texts: Vec<(i64, ExportText)>,
    /// The first game of each (kind, ruleset, SHA-256 of the canonical key): its id and
    /// place (a free-style game is never a copy of a Renju game).
    first_copies: HashMap<Identity, (i64, RecordAt)>,
    /// The records without moves linked by their headers, as the store links them, and
    /// the place of each first copy among them.
    header_copies: kifu_store::HeaderCopies,
    header_firsts: HashMap<i64, RecordAt>,
    /// Each first copy's header and place, and the headers of the copies linked to it: the
    /// `copies-disagree` findings are known only when the shard ends (the store rewrites
    /// them in each batch instead).
    first_headers: HashMap<i64, FirstCopy>,
    linked_headers: HashMap<i64, Vec<CopyHeader>>,
    games: i64,
    findings: i64,
    quarantined: i64,
    library_texts: i64,
    /// When the shard was begun (UTC, ISO 8601): every source's `ingested_at`.
    started: String,
}

type IngestResult<T> = std::result::Result<T, kifu_ingest::Error>;

fn sink_error(e: Error) -> kifu_ingest::Error {
    kifu_ingest::Error::Sink(Box::new(e))
}

impl ShardWriter {
    /// Begins the tables' part files under `dir` (an existing, empty directory).
    pub fn new(dir: &Path) -> Result<ShardWriter> {
        let run = run_id();
        let tables = TABLES
            .iter()
            .map(|t| TableWriter::new(t, Format::Parquet, dir, &run))
            .collect::<Result<_>>()?;
        Ok(ShardWriter {
            dir: dir.to_owned(),
            tables,
            sources: Vec::new(),
            by_hash: HashMap::new(),
            members: Vec::new(),
            member_numbers: HashMap::new(),
            seen_games: HashSet::new(),
            seen_quarantined: HashSet::new(),
            seen_texts: HashSet::new(),
            texts: Vec::new(),
            first_copies: HashMap::new(),
            header_copies: kifu_store::HeaderCopies::default(),
            header_firsts: HashMap::new(),
            first_headers: HashMap::new(),
            linked_headers: HashMap::new(),
            games: 0,
            findings: 0,
            quarantined: 0,
            library_texts: 0,
            started: utc_now(),
        })
    }

    /// The place of a record of source `source` in `member`, numbering the member when new.
    fn record_at(&mut self, source: i64, member: &str, offset: u64) -> RecordAt {
        let member = match self.member_numbers.get(member) {
            Some(&n) => n,
            None => {
                let n = self.members.len() as u32;
                self.members.push(member.to_owned());
                self.member_numbers.insert(member.to_owned(), n);
                n
            }
        };
        RecordAt {
            source: source as u32,
            member,
            offset,
        }
    }

    /// The stable key of the record at `at`.
    fn key_of(&self, at: RecordAt) -> Result<String> {
        let source = self.source(at.source.into())?;
        Ok(record_key(
            &source.sha256,
            &self.members[at.member as usize],
            at.offset,
        ))
    }

    fn source(&self, id: i64) -> Result<&ShardSource> {
        usize::try_from(id - 1)
            .ok()
            .and_then(|i| self.sources.get(i))
            .ok_or(Error::Usage(Usage::NoSource { id }))
    }

    /// `moves`: the game's [`move_lists`].
    fn game(
        &mut self,
        g: &GameRecord,
        moves: (Vec<i32>, Option<Vec<String>>),
        stats: &mut WriteStats,
    ) -> Result<()> {
        let at = self.record_at(g.source_id, &g.member, g.offset);
        if !self.seen_games.insert(at) {
            stats.already_present += 1;
            return Ok(());
        }
        let sha256 = self.source(g.source_id)?.sha256.clone();
        let repetition_decides = self.source(g.source_id)?.repetition_decides;
        self.sources[g.source_id as usize - 1].records += 1;
        self.games += 1;
        let id = self.games;
        let game_key = record_key(&sha256, &g.member, g.offset);
        // Games with moves are linked by their moves, records without by their headers.
        let moves_key = g.canonical_key.bytes();
        let header_key = kifu_store::record_header_key(g);
        let first = match moves_key {
            None => match &header_key {
                None => None,
                Some(key) => {
                    let identity = (g.kind, g.ruleset, key.clone());
                    let first = self.header_copies.first_copy(&identity, g.source_id);
                    self.header_copies.add(identity, id, first, g.source_id);
                    match first {
                        Some(first) => {
                            let first_at = self.header_firsts[&first];
                            Some((first, self.key_of(first_at)?))
                        }
                        None => {
                            self.header_firsts.insert(id, at);
                            None
                        }
                    }
                }
            },
            Some(key) => {
                let hash: [u8; 32] = Sha256::digest(key).into();
                match self.first_copies.get(&(g.kind, g.ruleset, hash)) {
                    Some(&(first, first_at)) => Some((first, self.key_of(first_at)?)),
                    None => {
                        self.first_copies
                            .insert((g.kind, g.ruleset, hash), (id, at));
                        None
                    }
                }
            }
        };
        stats.games += 1;
        if first.is_some() {
            stats.duplicates += 1;
        }
        let (duplicate_of, duplicate_of_key) = first.unzip();
        let header = self.copy_header(id, g)?;
        match duplicate_of {
            Some(first) => self.linked_headers.entry(first).or_default().push(header),
            None => {
                self.first_headers.insert(
                    id,
                    FirstCopy {
                        kind: g.kind,
                        source: g.source_id,
                        member: g.member.clone(),
                        offset: g.offset,
                        line: g.line,
                        column: g.column,
                        header,
                    },
                );
            }
        }
        // Names as the database stores them: trimmed, an empty one left out.
        let event = g
            .event
            .as_deref()
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .map(str::to_owned);
        let row = game_row(ExportGame {
            id,
            game_key: game_key.clone(),
            kind: g.kind,
            source_sha256: sha256.clone(),
            member: g.member.clone(),
            record_id: g.record_id.clone(),
            byte_offset: g.offset as i64,
            line: g.line.into(),
            column_number: g.column.into(),
            byte_length: g.length as i64,
            format: g.format.clone(),
            recorded_event: event.clone(),
            event,
            round: g.round.clone(),
            date: g.date.clone(),
            rule: g.rule.clone(),
            // A shard has no curation: the name the record's source gives, if any.
            rule_name: kifu_facts::recorded_rule_name(&g.format, g.extra.as_deref()),
            recorded_result: g.recorded_result,
            result_text: g.result_text.clone(),
            derived_result: g.derived_result,
            termination: g.termination.clone(),
            plies: g.plies.into(),
            opening: g.opening.clone(),
            // As the store keeps it, so an export and a shard agree.
            header_key,
            canonical_key: g.canonical_key.clone(),
            duplicate_of,
            duplicate_of_key,
            extra: g.extra.clone(),
            ruleset: g.ruleset,
            // A shard has no curation: the result that counts is the record's and board's,
            // under the rules its file was ingested by.
            counted: count_result(
                g.recorded_result,
                g.derived_result,
                Some(&g.termination),
                None,
                repetition_decides,
            )
            .map(|o| o.name().to_owned()),
            correction: None,
        });
        self.tables[0].push(row)?;
        for (seat, name) in g.players.iter() {
            let side = g.kind.side_name(seat).unwrap_or_default();
            let name = name.trim();
            if name.is_empty() {
                continue;
            }
            self.tables[1].push(seat_row(ExportSeat {
                game_id: id,
                game_key: game_key.clone(),
                kind: g.kind,
                seat: i64::from(seat.number()),
                side: side.to_owned(),
                name: name.to_owned(),
                recorded_name: name.to_owned(),
            }))?;
        }
        self.tables[2].push(moves_row_of(
            game_key.clone(),
            id,
            g.kind,
            g.moves_encoding.clone(),
            moves,
        ))?;
        for (ply, text) in &g.comments {
            self.tables[3].push(comment_row(ExportComment {
                game_id: id,
                game_key: game_key.clone(),
                kind: g.kind,
                ply: (*ply).into(),
                text: text.clone(),
            }))?;
        }
        for (ply, mark) in &g.marks {
            self.tables[8].push(comment_row(ExportComment {
                game_id: id,
                game_key: game_key.clone(),
                kind: g.kind,
                ply: (*ply).into(),
                text: mark.clone(),
            }))?;
        }
        for v in &g.variations {
            self.tables[7].push(variation_row(ExportVariation {
                game_id: id,
                game_key: game_key.clone(),
                kind: g.kind,
                variation: v.clone(),
            }))?;
        }
        for f in &g.findings {
            self.finding(
                f,
                &sha256,
                &g.member,
                &game_key,
                Some(g.kind),
                Some(id),
                None,
            )?;
        }
        Ok(())
    }

    /// A library's text, numbered as the database numbers it, kept for the end.
    fn text(&mut self, t: &TextRecord, stats: &mut WriteStats) -> Result<()> {
        let at = self.record_at(t.source_id, &t.member, t.offset);
        if !self.seen_texts.insert(at) {
            stats.already_present += 1;
            return Ok(());
        }
        let source_sha256 = self.source(t.source_id)?.sha256.clone();
        if t.place > 0 {
            self.sources[t.source_id as usize - 1].cards += 1;
        }
        self.library_texts += 1;
        stats.texts += 1;
        self.texts.push((
            t.source_id,
            ExportText {
                id: self.library_texts,
                source_sha256,
                member: t.member.clone(),
                place: t.place.into(),
                byte_offset: t.offset as i64,
                line: t.line.into(),
                byte_length: t.length as i64,
                title: t.title.clone(),
                text: t.text.clone(),
            },
        ));
        Ok(())
    }

    fn quarantined(&mut self, q: &QuarantineRecord, stats: &mut WriteStats) -> Result<()> {
        let at = self.record_at(q.source_id, &q.member, q.offset);
        if !self.seen_quarantined.insert(at) {
            stats.already_present += 1;
            return Ok(());
        }
        let sha256 = self.source(q.source_id)?.sha256.clone();
        self.sources[q.source_id as usize - 1].records += 1;
        self.quarantined += 1;
        stats.quarantined += 1;
        let id = self.quarantined;
        let record_key = record_key(&sha256, &q.member, q.offset);
        self.tables[5].push(quarantined_row(ExportQuarantined {
            id,
            record_key: record_key.clone(),
            source_sha256: sha256.clone(),
            member: q.member.clone(),
            byte_offset: q.offset as i64,
            line: q.line.into(),
            column_number: q.column.into(),
            byte_length: q.length as i64,
            format: q.format.clone(),
            error: q.error.message.clone(),
            raw: q.raw.clone(),
        }))?;
        self.finding(
            &q.error,
            &sha256,
            &q.member,
            &record_key,
            None,
            None,
            Some(id),
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn finding(
        &mut self,
        f: &FindingRecord,
        sha256: &str,
        member: &str,
        record_key: &str,
        kind: Option<GameKind>,
        game_id: Option<i64>,
        quarantine_id: Option<i64>,
    ) -> Result<()> {
        self.findings += 1;
        self.tables[4].push(finding_row(ExportFinding {
            id: self.findings,
            kind,
            source_sha256: sha256.to_owned(),
            member: member.to_owned(),
            game_id,
            quarantine_id,
            record_key: Some(record_key.to_owned()),
            ply: f.ply.map(i64::from),
            code: f.code.clone(),
            severity: f.severity,
            message: f.message.clone(),
            rule: f.rule.clone(),
            byte_offset: f.offset as i64,
            line: f.line.into(),
            column_number: f.column.into(),
            forbidden_kind: f.forbidden,
            variation_node: f.node.map(i64::from),
        }))
    }

    /// The header of game `id` as the store reads it back for [`disagreements`]: names
    /// trimmed, an empty seat named by no one, the event trimmed.
    fn copy_header(&self, id: i64, g: &GameRecord) -> Result<CopyHeader> {
        Ok(CopyHeader {
            game: id,
            at: copy_place(&self.source(g.source_id)?.path, &g.member, g.line.into()),
            result: g.recorded_result,
            seats: named_seats(
                g.players
                    .iter()
                    .map(|(seat, name)| (seat.number(), name.as_str())),
            ),
            date: g.date.clone(),
            event: g
                .event
                .as_deref()
                .map(str::trim)
                .filter(|e| !e.is_empty())
                .map(str::to_owned),
            round: g.round.clone(),
        })
    }

    /// The `copies-disagree` findings of every game with linked copies, on its first copy.
    fn copies_findings(&mut self) -> Result<()> {
        let mut groups: Vec<(i64, Vec<CopyHeader>)> = std::mem::take(&mut self.linked_headers)
            .into_iter()
            .collect();
        groups.sort_unstable_by_key(|(first, _)| *first);
        for (first, linked) in groups {
            let Some(copy) = self.first_headers.remove(&first) else {
                continue;
            };
            let mut headers = Vec::with_capacity(linked.len() + 1);
            headers.push(copy.header);
            headers.extend(linked);
            let sha256 = self.source(copy.source)?.sha256.clone();
            let game_key = record_key(&sha256, &copy.member, copy.offset);
            for d in disagreements(&headers) {
                let finding = FindingRecord {
                    ply: None,
                    code: "copies-disagree".to_owned(),
                    severity: d.severity(),
                    message: d.message(),
                    rule: String::new(),
                    offset: copy.offset,
                    line: copy.line,
                    column: copy.column,
                    forbidden: None,
                    node: None,
                };
                self.finding(
                    &finding,
                    &sha256,
                    &copy.member,
                    &game_key,
                    Some(copy.kind),
                    Some(first),
                    None,
                )?;
            }
        }
        self.first_headers.clear();
        Ok(())
    }

    /// Writes the sources with a record (as an export of a database lists them), closes
    /// every table and writes `_schema.json`.
    fn finish_tables(&mut self) -> Result<ExportSummary> {
        self.copies_findings()?;
        for (source, t) in std::mem::take(&mut self.texts) {
            if self.sources[source as usize - 1].records > 0 {
                self.tables[10].push(text_row(t))?;
            }
        }
        let sources = std::mem::take(&mut self.sources);
        for (i, s) in sources.into_iter().enumerate() {
            if s.records == 0 {
                continue;
            }
            self.tables[6].push(source_row(ExportSource {
                id: i as i64 + 1,
                sha256: s.sha256,
                path: s.path,
                bytes: s.bytes,
                format: s.format,
                encoding: s.encoding,
                status: if s.complete { "complete" } else { "ingesting" }.into(),
                records: s.records + s.cards,
                ingested_at: self.started.clone(),
            }))?;
        }
        let mut summary = ExportSummary::default();
        for (w, doc) in std::mem::take(&mut self.tables).into_iter().zip(TABLES) {
            let (rows, files) = w.finish()?;
            summary.tables.push((doc.name, rows));
            summary.files.extend(files);
        }
        write_schema(&self.dir)?;
        summary.files.push(PathBuf::from("_schema.json"));
        Ok(summary)
    }
}

impl Sink for ShardWriter {
    fn begin_source(&mut self, source: &NewSource) -> IngestResult<SourceStart> {
        if let Some(&id) = self.by_hash.get(&source.content_hash) {
            // The same bytes earlier in this run: their games are in the shard once.
            return Ok(SourceStart::Done { id, games: None });
        }
        self.sources.push(ShardSource {
            sha256: source.content_hash.clone(),
            path: source.path.clone(),
            bytes: source.bytes as i64,
            format: source.format.clone(),
            encoding: source.encoding.clone(),
            repetition_decides: source
                .rules
                .as_deref()
                .and_then(RulesInForce::from_name)
                .is_none_or(|r| r.repetition_decides()),
            complete: false,
            records: 0,
            cards: 0,
        });
        let id = self.sources.len() as i64;
        self.by_hash.insert(source.content_hash.clone(), id);
        Ok(SourceStart::Read(id))
    }

    fn write_batch(&mut self, records: &[Record]) -> IngestResult<WriteStats> {
        let mut stats = WriteStats::default();
        // The move texts take a replay of each game: on every core, not this thread alone.
        let mut moves: Vec<_> = records
            .par_iter()
            .map(|r| match r {
                Record::Game(g) => Some(move_lists(g.kind, &g.moves, g.extra.as_deref())),
                Record::Quarantined(_) | Record::Text(_) => None,
            })
            .collect();
        for (record, moves) in records.iter().zip(&mut moves) {
            match record {
                Record::Game(g) => self.game(g, moves.take().unwrap_or_default(), &mut stats),
                Record::Quarantined(q) => self.quarantined(q, &mut stats),
                Record::Text(t) => self.text(t, &mut stats),
            }
            .map_err(sink_error)?;
        }
        Ok(stats)
    }

    fn finish_source(&mut self, id: i64, format: &str, encoding: &str) -> IngestResult<()> {
        self.source(id).map_err(sink_error)?;
        let s = &mut self.sources[id as usize - 1];
        s.complete = true;
        s.format = format.to_owned();
        s.encoding = encoding.to_owned();
        self.seen_games.clear();
        self.seen_quarantined.clear();
        self.seen_texts.clear();
        Ok(())
    }

    fn end(&mut self) -> IngestResult<()> {
        Ok(())
    }
}

/// What `ingest --to-parquet` did: the ingest's counts and the tables written.
#[derive(Clone, Debug)]
pub struct ShardSummary {
    pub ingest: Summary,
    pub export: ExportSummary,
}

/// `kifu ingest --to-parquet DIR PATHS...`: ingests `paths` into a new dataset `dir`
/// (an existing one is an error unless `overwrite`, which replaces it whole). The games
/// are not replayed for a position index (there is none).
pub fn ingest_to_parquet(
    dir: &Path,
    paths: &[PathBuf],
    options: &Options,
    overwrite: bool,
) -> Result<ShardSummary> {
    if dir.exists() && !overwrite {
        return Err(Error::Usage(Usage::DatasetExists {
            dir: dir.to_owned(),
        }));
    }
    if dir.exists() && !replaceable(dir) {
        return Err(Error::Usage(Usage::NotADataset {
            dir: dir.to_owned(),
        }));
    }
    remove_leftovers(dir);
    let temp = sibling(dir, "tmp")?;
    std::fs::create_dir_all(&temp)?;
    let written = (|| -> Result<ShardSummary> {
        let mut writer = ShardWriter::new(&temp)?;
        let options = Options {
            no_index: true,
            ..options.clone()
        };
        let ingest = kifu_ingest::ingest_into(&mut writer, paths, &options)?;
        let export = writer.finish_tables()?;
        Ok(ShardSummary { ingest, export })
    })();
    let mut summary = match written {
        Ok(s) => s,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&temp);
            return Err(e);
        }
    };
    if let Err(e) = move_into_place(&temp, dir, overwrite) {
        let _ = std::fs::remove_dir_all(&temp);
        return Err(e);
    }
    for f in &mut summary.export.files {
        *f = dir.join(&*f);
    }
    Ok(summary)
}

/// The time now, UTC, as SQLite's `strftime('%Y-%m-%dT%H:%M:%SZ', 'now')` writes it.
fn utc_now() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    utc_text(secs)
}

/// Seconds since 1970 as `YYYY-MM-DDTHH:MM:SSZ` (the proleptic Gregorian calendar: days
/// to a civil date as in H. Hinnant's `civil_from_days`).
fn utc_text(secs: i64) -> String {
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_text_is_sqlites() {
        assert_eq!(utc_text(0), "1970-01-01T00:00:00Z");
        // 2024-02-29 23:59:59 UTC (a leap day) and 2000-03-01 00:00:00.
        assert_eq!(utc_text(1_709_251_199), "2024-02-29T23:59:59Z");
        assert_eq!(utc_text(951_868_800), "2000-03-01T00:00:00Z");
    }

    #[test]
    fn an_existing_destination_needs_overwrite_and_nothing_is_left_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("shard");
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("keep.txt"), "mine").unwrap();
        let samples = [Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples")];
        let err = ingest_to_parquet(&out, &samples, &Options::default(), false);
        assert_eq!(
            err.unwrap_err().to_string(),
            format!(
                "ingest --to-parquet: {} exists (--overwrite replaces it)",
                out.display()
            )
        );
        let err = ingest_to_parquet(&out, &samples, &Options::default(), true);
        assert!(err
            .unwrap_err()
            .to_string()
            .contains("is not a kifu dataset"));
        assert_eq!(
            std::fs::read_to_string(out.join("keep.txt")).unwrap(),
            "mine"
        );
        std::fs::remove_dir_all(&out).unwrap();

        let first = ingest_to_parquet(&out, &samples, &Options::default(), false).unwrap();
        assert!(first.export.rows("games") > 0);
        assert!(first.export.files.iter().all(|f| f.is_file()));
        // Replaced whole: the earlier run's parts are gone.
        let second = ingest_to_parquet(&out, &samples, &Options::default(), true).unwrap();
        assert_eq!(second.export.tables, first.export.tables);
        assert!(first
            .export
            .files
            .iter()
            .all(|f| f.ends_with("_schema.json") || !f.exists()));
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, [std::ffi::OsString::from("shard")]);
    }
}
