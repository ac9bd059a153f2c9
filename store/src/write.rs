//! The write path: registering a source file, writing batches of records (games with
//! their seats, moves, comments, variations and findings; quarantined records, and the
//! findings of copies that disagree) in one transaction each with prepared statements,
//! and marking the source complete.

use std::collections::{BTreeSet, HashMap};

use kifu_facts::Ruleset;
use rusqlite::{params, OptionalExtension, Transaction};

use crate::copies;
use crate::first_copies::FirstCopies;
use crate::positions::IndexedGame;
use crate::{
    FindingRecord, GameRecord, NewSource, QuarantineRecord, Record, Result, SourceState, Store,
    WriteStats,
};

impl Store {
    /// Looks a file up by its content hash.
    pub fn source_state(&self, content_hash: &str) -> Result<Option<SourceState>> {
        let row: Option<(i64, String)> = self
            .conn
            .query_row(
                "SELECT id, status FROM sources WHERE content_hash = ?1",
                params![content_hash],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        Ok(row.map(|(id, status)| {
            if status == "complete" {
                SourceState::Complete(id)
            } else {
                SourceState::Partial(id)
            }
        }))
    }

    /// The number of games stored from source `id`.
    pub fn source_games(&self, id: i64) -> Result<u64> {
        Ok(self.conn.query_row(
            "SELECT count(*) FROM games WHERE source_id = ?1",
            params![id],
            |r| r.get(0),
        )?)
    }

    /// Registers a file about to be ingested (or finds its unfinished earlier entry).
    pub fn begin_source(&mut self, source: &NewSource) -> Result<i64> {
        if let Some(SourceState::Partial(id) | SourceState::Complete(id)) =
            self.source_state(&source.content_hash)?
        {
            return Ok(id);
        }
        self.conn.execute(
            "INSERT INTO sources (path, bytes, content_hash, format, encoding, rules, path_bytes)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                source.path,
                source.bytes as i64,
                source.content_hash,
                source.format,
                source.encoding,
                source.rules,
                source.path_bytes
            ],
        )?;
        Ok(self.conn.last_insert_rowid())
    }

    /// Marks a file as wholly ingested.
    pub fn finish_source(&mut self, id: i64, format: &str, encoding: &str) -> Result<()> {
        self.conn.execute(
            "UPDATE sources SET status = 'complete', format = ?2, encoding = ?3,
                records = (SELECT count(*) FROM games WHERE source_id = ?1)
                        + (SELECT count(*) FROM quarantine WHERE source_id = ?1)
                        + (SELECT count(*) FROM library_texts
                           WHERE source_id = ?1 AND place > 0)
             WHERE id = ?1",
            params![id, format, encoding],
        )?;
        Ok(())
    }

    /// Writes a batch of records in one transaction.
    pub fn write_batch(&mut self, records: &[Record]) -> Result<WriteStats> {
        let mut stats = WriteStats::default();
        // The write lock from the start: a deferred transaction that read first could not
        // take it after another writer's commit (SQLite fails that at once, unretried).
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        // Read inside the transaction: the games it inserts follow on from this one, and
        // any another writer stored since this one's last batch are linked to as first
        // copies, as a sequential run would.
        let newest: i64 =
            tx.query_row("SELECT coalesce(max(id), 0) FROM games", [], |r| r.get(0))?;
        self.first_copies.catch_up(&tx, newest)?;
        for record in records {
            if let Record::Game(g) = record {
                self.first_copies.prepare(&tx, g.kind)?;
            }
        }
        self.indexed.games.clear();
        if self.indexing {
            self.indexed.after = newest;
        }
        {
            let mut writer = BatchWriter {
                tx: &tx,
                statements: Statements::prepare(&tx)?,
                players: &mut self.players,
                events: &mut self.events,
                first_copies: &mut self.first_copies,
                indexed: self.indexing.then_some(&mut self.indexed.games),
                linked_into: BTreeSet::new(),
            };
            for (i, record) in records.iter().enumerate() {
                match record {
                    Record::Game(game) => writer.game(i, game, &mut stats)?,
                    Record::Quarantined(q) => writer.quarantined(q, &mut stats)?,
                    Record::Text(t) => {
                        if crate::texts::insert(&tx, t)? {
                            stats.texts += 1;
                        } else {
                            stats.already_present += 1;
                        }
                    }
                }
            }
            // In this transaction: a kill leaves the old links and findings or the new.
            copies::refresh_disagreements(&tx, writer.linked_into)?;
        }
        self.first_copies.written_up_to(tx.query_row(
            "SELECT coalesce(max(id), 0) FROM games",
            [],
            |r| r.get(0),
        )?);
        if stats.games > 0 {
            // What is derived from the games is stale from this commit on, not recomputed.
            crate::generation::bump(&tx)?;
        }
        tx.commit()?;
        Ok(stats)
    }
}

/// The statements of one batch, prepared once per transaction.
struct Statements<'a> {
    insert_game: rusqlite::Statement<'a>,
    insert_seat: rusqlite::Statement<'a>,
    insert_moves: rusqlite::Statement<'a>,
    insert_comment: rusqlite::Statement<'a>,
    insert_mark: rusqlite::Statement<'a>,
    insert_variation: rusqlite::Statement<'a>,
    insert_finding: rusqlite::Statement<'a>,
    insert_quarantine: rusqlite::Statement<'a>,
    stored_key: rusqlite::Statement<'a>,
}

impl<'a> Statements<'a> {
    fn prepare(tx: &'a Transaction<'a>) -> Result<Statements<'a>> {
        Ok(Statements {
            insert_game: tx.prepare(
                "INSERT INTO games (source_id, member, record_id, offset, line, \"column\", length,
                    kind, format, event_id, round, date, rule,
                    recorded_result, result_text, derived_result, termination, plies, opening,
                    canonical_key, duplicate_of, extra, ruleset, header_key)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16,
                    ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24)
                 ON CONFLICT (source_id, member, offset) DO NOTHING",
            )?,
            insert_seat: tx.prepare(
                "INSERT INTO game_players (game_id, seat, side, player_id) VALUES (?1, ?2, ?3, ?4)",
            )?,
            insert_moves: tx
                .prepare("INSERT INTO moves (game_id, encoding, data) VALUES (?1, ?2, ?3)")?,
            insert_comment: tx
                .prepare("INSERT INTO comments (game_id, ply, text) VALUES (?1, ?2, ?3)")?,
            insert_mark: tx
                .prepare("INSERT INTO move_marks (game_id, ply, mark) VALUES (?1, ?2, ?3)")?,
            insert_variation: tx.prepare(
                "INSERT INTO variations (game_id, node, parent, ply, move, text, comment, before,
                    mark)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?,
            insert_finding: tx.prepare(
                "INSERT INTO findings (source_id, game_id, quarantine_id, ply, code, severity,
                    message, rule, offset, line, \"column\", forbidden_kind, node)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            )?,
            insert_quarantine: tx.prepare(
                "INSERT OR IGNORE INTO quarantine (source_id, member, offset, line, \"column\",
                    length, format, error, raw)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?,
            stored_key: tx
                .prepare("SELECT kind, ruleset, canonical_key FROM games WHERE id = ?1")?,
        })
    }
}

struct BatchWriter<'a> {
    tx: &'a Transaction<'a>,
    statements: Statements<'a>,
    players: &'a mut HashMap<String, i64>,
    events: &'a mut HashMap<String, i64>,
    first_copies: &'a mut FirstCopies,
    /// The games inserted, for the position index (`None`: not indexing).
    indexed: Option<&'a mut Vec<IndexedGame>>,
    /// The first copies the batch linked a record to: their `copies-disagree` findings
    /// are rewritten before it commits.
    linked_into: BTreeSet<i64>,
}

impl BatchWriter<'_> {
    fn name_id(&mut self, table: Table, name: &str) -> Result<i64> {
        let cache = match table {
            Table::Players => &mut *self.players,
            Table::Events => &mut *self.events,
        };
        if let Some(&id) = cache.get(name) {
            return Ok(id);
        }
        let (insert, select, key) = match table {
            Table::Players => (
                "INSERT OR IGNORE INTO players (name, key) VALUES (?1, ?2)",
                "SELECT id FROM players WHERE name = ?1",
                kifu_facts::fold_name(name),
            ),
            Table::Events => (
                "INSERT OR IGNORE INTO events (name, key) VALUES (?1, ?2)",
                "SELECT id FROM events WHERE name = ?1",
                kifu_facts::fold_text(name),
            ),
        };
        // The search key (migration 3), folded by the same function as a pattern is.
        self.tx
            .prepare_cached(insert)?
            .execute(params![name, key])?;
        let id: i64 = self
            .tx
            .prepare_cached(select)?
            .query_row(params![name], |r| r.get(0))?;
        cache.insert(name.to_owned(), id);
        Ok(id)
    }

    /// The first stored copy of the game `g`, if any (identity: [`copies`]).
    fn first_copy(&mut self, g: &GameRecord, header: Option<&String>) -> Result<Option<i64>> {
        match header {
            Some(h) => {
                self.first_copies
                    .by_header(self.tx, &(g.kind, g.ruleset, h.clone()), g.source_id)
            }
            None if g.canonical_key.is_empty() => Ok(None),
            None => self
                .first_copies
                .by_moves(self.tx, &mut self.statements.stored_key, g),
        }
    }

    fn optional_name(&mut self, table: Table, name: &Option<String>) -> Result<Option<i64>> {
        match name.as_deref().map(str::trim) {
            Some(n) if !n.is_empty() => Ok(Some(self.name_id(table, n)?)),
            _ => Ok(None),
        }
    }

    fn game(&mut self, record: usize, g: &GameRecord, stats: &mut WriteStats) -> Result<()> {
        let event_id = self.optional_name(Table::Events, &g.event)?;
        let header = copies::record_header_key(g);
        let duplicate_of = self.first_copy(g, header.as_ref())?;
        let inserted = self.statements.insert_game.execute(params![
            g.source_id,
            g.member,
            g.record_id,
            g.offset as i64,
            g.line,
            g.column,
            g.length as i64,
            g.kind.name(),
            g.format,
            event_id,
            g.round,
            g.date,
            g.rule,
            g.recorded_result,
            g.result_text,
            g.derived_result,
            g.termination,
            g.plies,
            g.opening,
            g.canonical_key,
            duplicate_of,
            g.extra,
            g.ruleset.map(Ruleset::name),
            header,
        ])?;
        if inserted == 0 {
            // The same record (source, member, offset) is stored already: an earlier,
            // interrupted ingest of this file got this far.
            stats.already_present += 1;
            return Ok(());
        }
        let game_id = self.tx.last_insert_rowid();
        stats.games += 1;
        self.first_copies.add(g, header, game_id, duplicate_of);
        for (seat, name) in g.players.iter() {
            let side = g.kind.side_name(seat).unwrap_or_default();
            let name = name.trim();
            if name.is_empty() {
                continue;
            }
            let player_id = self.name_id(Table::Players, name)?;
            self.statements.insert_seat.execute(params![
                game_id,
                seat.number(),
                side,
                player_id
            ])?;
        }
        if let Some(first) = duplicate_of {
            stats.duplicates += 1;
            self.linked_into.insert(first);
        }
        self.statements
            .insert_moves
            .execute(params![game_id, g.moves_encoding, g.moves])?;
        for (ply, text) in &g.comments {
            self.statements
                .insert_comment
                .execute(params![game_id, ply, text])?;
        }
        for (ply, mark) in &g.marks {
            self.statements
                .insert_mark
                .execute(params![game_id, ply, mark])?;
        }
        for v in &g.variations {
            self.statements.insert_variation.execute(params![
                game_id, v.node, v.parent, v.ply, v.code, v.text, v.comment, v.before, v.mark
            ])?;
        }
        for f in &g.findings {
            self.finding(g.source_id, Some(game_id), None, f)?;
        }
        if let Some(indexed) = self.indexed.as_deref_mut() {
            indexed.push(IndexedGame {
                record,
                id: game_id,
                duplicate: duplicate_of.is_some(),
            });
        }
        Ok(())
    }

    fn quarantined(&mut self, q: &QuarantineRecord, stats: &mut WriteStats) -> Result<()> {
        let changed = self.statements.insert_quarantine.execute(params![
            q.source_id,
            q.member,
            q.offset as i64,
            q.line,
            q.column,
            q.length as i64,
            q.format,
            q.error.message,
            q.raw,
        ])?;
        if changed == 0 {
            stats.already_present += 1;
            return Ok(());
        }
        let id = self.tx.last_insert_rowid();
        stats.quarantined += 1;
        self.finding(q.source_id, None, Some(id), &q.error)
    }

    fn finding(
        &mut self,
        source_id: i64,
        game_id: Option<i64>,
        quarantine_id: Option<i64>,
        f: &FindingRecord,
    ) -> Result<()> {
        self.statements.insert_finding.execute(params![
            source_id,
            game_id,
            quarantine_id,
            f.ply,
            f.code,
            f.severity.name(),
            f.message,
            f.rule,
            f.offset as i64,
            f.line,
            f.column,
            f.forbidden.map(|k| k.name()),
            f.node,
        ])?;
        Ok(())
    }
}

#[derive(Clone, Copy)]
enum Table {
    Players,
    Events,
}
