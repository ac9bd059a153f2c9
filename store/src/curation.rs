//! The curation applied to a database ([`kifu_facts::Curation`], `kifu curate`): kept in
//! tables of its own beside the games, never written into what the records gave, so that
//! removing it restores every table exactly.
//!
//! - `curation`: the file as applied (its path, SHA-256 and text), so each later ingest
//!   applies it again to the new games and every curated fact traces back to a line;
//! - `curated_players` (with each one's `names` in other languages) with `curated_names` (each name an identity answers to, folded), and
//!   `player_identity`: the stored `players` rows each identity takes;
//! - `curated_rules`: each `[[rule]]`'s name for a recorded rule;
//! - `curated_events`: each `[[event]]`'s terms, kept whole (one value, so a key added to
//!   [`kifu_facts::EventTerms`] is stored with no change here), and `event_games`: the
//!   games each matched;
//! - `result_corrections`, `curated_games` with `curated_game_seats`, and `decisions`.
//!
//! The SQL every query shares for a curated fact (the result that counts, a seat's shown
//! name, a game's event) is in [`crate::shown`].

use std::collections::BTreeMap;

use kifu_facts::curation::{
    CuratedGame, EventEntry, EventTerms, Provenance, SectionList, Sections,
};
use kifu_facts::{
    fold_name, fold_text, Curation, CurationError, GameKind, Names, ResultName, Seat, Verdict,
};
use rusqlite::types::Value;
use rusqlite::{params, params_from_iter, OptionalExtension, Transaction};

use crate::filter::DateRange;
use crate::game_curation::{self, fits, Errors};
use crate::shown::{key_match, player_name, Fold};
use crate::{GameFilter, Result, Store};

/// What applying a curation did, for `kifu curate` to report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Applied {
    /// Identities, and the stored player names they took.
    pub identities: usize,
    pub player_names: u64,
    /// `[[rule]]` entries: rules named.
    pub rules: usize,
    /// Each event's name and the games it matched.
    pub events: Vec<(String, u64)>,
    pub corrections: usize,
    /// `[[copy]]` entries: games whose authoritative copy is named.
    pub copies: usize,
    pub games: usize,
    pub decisions: usize,
    /// Entries that apply to nothing yet (a player no stored game names), kept for the
    /// games later ingests bring.
    pub notes: Vec<String>,
}

/// The curation as stored: where it was read from and its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredCuration {
    pub path: String,
    pub sha256: String,
    pub text: String,
    pub applied_at: String,
}

/// An auditor's decision on a game's findings of one code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecisionRow {
    pub game: i64,
    pub code: String,
    pub verdict: Verdict,
    pub provenance: Provenance,
    pub line: u32,
}

/// The columns [`decision_of`] reads, of `decisions d`, named apart from the columns of
/// the query they join (a finding's `code` and `line`).
pub(crate) const DECISION_COLUMNS: &str = "d.game_id AS decision_game,
    d.code AS decision_code, d.verdict AS decision_verdict, d.reason AS decision_reason,
    d.author AS decision_author, d.date AS decision_date, d.line AS decision_line";

/// A decision read from [`DECISION_COLUMNS`] (`None` where the join found none).
pub(crate) fn decision_of(r: &rusqlite::Row<'_>) -> rusqlite::Result<Option<DecisionRow>> {
    let Some(game) = r.get::<_, Option<i64>>("decision_game")? else {
        return Ok(None);
    };
    Ok(Some(DecisionRow {
        game,
        code: r.get("decision_code")?,
        verdict: Verdict::from_name(&r.get::<_, String>("decision_verdict")?)
            .unwrap_or(Verdict::Confirmed),
        provenance: Provenance {
            reason: r.get("decision_reason")?,
            by: r.get("decision_author")?,
            date: r.get("decision_date")?,
        },
        line: r.get("decision_line")?,
    }))
}

const CLEAR: &str = "
DELETE FROM decisions;
DELETE FROM authoritative_copies;
DELETE FROM curated_game_seats;
DELETE FROM curated_games;
DELETE FROM result_corrections;
DELETE FROM event_games;
DELETE FROM curated_events;
DELETE FROM player_identity;
DELETE FROM curated_names;
DELETE FROM curated_players;
DELETE FROM curated_rules;
DELETE FROM curation;
";

impl Store {
    /// Applies `curation` (read from `path`, whose text is `text`), replacing the curation
    /// applied before, in one transaction. `Ok(Err(..))`: entries that do not fit the
    /// database (a game key that names no game, an event that matches none), every one
    /// of them; nothing is changed then. With `check_only` nothing is kept either way.
    pub fn apply_curation(
        &mut self,
        curation: &Curation,
        path: &str,
        sha256: &str,
        text: &str,
        check_only: bool,
    ) -> Result<std::result::Result<Applied, Vec<CurationError>>> {
        let tx = self.conn.transaction()?;
        let mut errors = Vec::new();
        let applied = apply(&tx, curation, path, sha256, text, &mut errors)?;
        if errors.is_empty() && !check_only {
            crate::generation::bump(&tx)?;
            tx.commit()?;
        }
        if errors.is_empty() {
            Ok(Ok(applied))
        } else {
            errors.sort_by_key(|e| e.line);
            Ok(Err(errors))
        }
    }

    /// Removes the applied curation; false when there was none.
    pub fn remove_curation(&mut self) -> Result<bool> {
        let tx = self.conn.transaction()?;
        let had: bool = tx.query_row("SELECT EXISTS (SELECT 1 FROM curation)", [], |r| r.get(0))?;
        tx.execute_batch(CLEAR)?;
        if had {
            crate::generation::bump(&tx)?;
        }
        tx.commit()?;
        Ok(had)
    }

    /// The curation applied, if any.
    pub fn stored_curation(&self) -> Result<Option<StoredCuration>> {
        stored_curation(&self.conn)
    }

    /// The SHA-256 of the curation applied (`None`: none is): what a copy of the
    /// curation's names and terms was read under is still current while it is the same
    /// (they come from its text alone), read without the text itself.
    pub fn curation_sha256(&self) -> Result<Option<String>> {
        Ok(self
            .conn
            .query_row("SELECT sha256 FROM curation WHERE id = 1", [], |r| r.get(0))
            .optional()?)
    }

    /// Game `id`'s seats with the names its record gave, where the curation shows another:
    /// `(seat side, recorded name)`.
    pub fn recorded_names(&self, id: i64) -> Result<Vec<(String, String, String)>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT gp.side, p.name AS recorded, {shown} AS shown FROM game_players gp
             JOIN players p ON p.id = gp.player_id
             WHERE gp.game_id = ?1 AND {shown} <> p.name ORDER BY gp.seat",
            shown = player_name("p")
        ))?;
        let rows = stmt.query_map(params![id], |r| {
            Ok((r.get("side")?, r.get("recorded")?, r.get("shown")?))
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The names of the curated events (`[[event]]`) that take games under `filter`, with
    /// how many of its games each takes, most games first (ties by name).
    pub fn curated_events_of(&self, filter: &GameFilter) -> Result<Vec<(String, u64)>> {
        let c = filter.game_condition();
        let mut stmt = self.conn.prepare(&format!(
            "SELECT ce.name, count(*) AS games FROM event_games eg
             JOIN curated_events ce ON ce.id = eg.event
             JOIN games g ON coalesce(g.duplicate_of, g.id) = eg.game_id
             WHERE {}
             GROUP BY ce.id ORDER BY count(*) DESC, ce.name",
            c.sql
        ))?;
        let rows = stmt.query_map(rusqlite::params_from_iter(c.params), |r| {
            Ok((r.get("name")?, r.get::<_, i64>("games")? as u64))
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The auditors' `[[decision]]`s on the findings of the game record `id` belongs to
    /// (whichever copy their keys named), in curation-file order.
    pub fn decisions(&self, id: i64) -> Result<Vec<DecisionRow>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {columns} FROM decisions d
             WHERE d.game_id = (SELECT coalesce(duplicate_of, id) FROM games WHERE id = ?1)
             ORDER BY d.line",
            columns = DECISION_COLUMNS,
        ))?;
        let rows = stmt.query_map(params![id], decision_of)?;
        let decisions = rows.collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(decisions.into_iter().flatten().collect())
    }

    /// Each `[[player]]` that gives its name in other languages: the name kifu shows and
    /// the others, in curation-file order.
    pub fn player_translations(&self) -> Result<Vec<(String, Names)>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT name, names FROM curated_players WHERE names <> '{}' ORDER BY line",
        )?;
        let rows = stmt.query_map([], |r| Ok((r.get("name")?, r.get("names")?)))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The curated event game `id` belongs to, if any.
    pub fn curated_event_of(&self, id: i64) -> Result<Option<(String, u32)>> {
        Ok(self
            .kept_row(
                "SELECT ce.name, ce.line FROM event_games eg JOIN curated_events ce
                 ON ce.id = eg.event
                 WHERE eg.game_id = (SELECT coalesce(duplicate_of, id) FROM games WHERE id = ?1)",
                params![id],
                |r| Ok((r.get("name")?, r.get("line")?)),
            )
            .optional()?)
    }
}

pub(crate) fn apply(
    tx: &Transaction<'_>,
    curation: &Curation,
    path: &str,
    sha256: &str,
    text: &str,
    errors: &mut Vec<CurationError>,
) -> Result<Applied> {
    tx.execute_batch(CLEAR)?;
    tx.execute(
        "INSERT INTO curation (id, path, sha256, text) VALUES (1, ?1, ?2, ?3)",
        params![path, sha256, text],
    )?;
    let mut applied = Applied::default();
    let mut keyed = Errors(errors);
    // Before the events: a game's event, as `match` reads it, is its authoritative copy's.
    applied.copies = game_curation::apply_copies(tx, curation, &mut keyed)?;

    for p in &curation.players {
        tx.execute(
            "INSERT INTO curated_players (name, federation_id, country, female, team, line, names)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![p.name, p.id, p.country, p.female, p.team, p.line, p.names],
        )?;
        let identity = tx.last_insert_rowid();
        // The federation's id is a name too: a results file names players by id
        // (`renjunet:3557`).
        for name in std::iter::once(&p.name)
            .chain(&p.aliases)
            .chain(p.id.as_ref())
        {
            tx.execute(
                "INSERT OR IGNORE INTO curated_names (key, identity) VALUES (?1, ?2)",
                params![fold_name(name), identity],
            )?;
        }
        let linked = tx.execute(
            "INSERT OR IGNORE INTO player_identity (player_id, identity)
             SELECT p.id, n.identity FROM curated_names n JOIN players p ON p.key = n.key
             WHERE n.identity = ?1",
            params![identity],
        )?;
        applied.player_names += linked as u64;
        if linked == 0 {
            applied.notes.push(format!(
                "line {}: [[player]] {:?}: no stored game names them yet",
                p.line, p.name
            ));
        }
    }
    applied.identities = curation.players.len();

    for r in &curation.rules {
        tx.execute(
            "INSERT INTO curated_rules (rule, name, description, line) VALUES (?1, ?2, ?3, ?4)",
            params![r.id, r.name, r.description, r.line],
        )?;
        // As an event matching no game: a rule no game gives is a mistake (a wrong id).
        let given: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM games WHERE rule = ?1)",
            params![r.id],
            |row| row.get(0),
        )?;
        if given {
            applied.rules += 1;
        } else {
            keyed.push(
                r.line,
                format!("[[rule]] {:?}", r.id),
                "no stored game gives this rule".into(),
            );
        }
    }

    for e in &curation.events {
        let terms = &e.terms;
        let entry = format!("[[event]] {:?}", terms.name);
        tx.execute(
            "INSERT INTO curated_events (key, terms) VALUES (?1, ?2)",
            params![fold_text(&terms.name), stored_terms(terms)],
        )?;
        let event = tx.last_insert_rowid();
        let (cond, params) = match event_condition(e) {
            Ok(c) => c,
            Err(err) => {
                keyed.push(terms.line, entry, err.to_string());
                continue;
            }
        };
        let mut all = vec![Value::Integer(event)];
        all.extend(params);
        // Entries are tried in file order: a game goes to the first that matches any of
        // its copies (one naming the game's players), and holds it for every copy.
        let games = tx.execute(
            &format!(
                "INSERT INTO event_games (game_id, event, matched)
                 SELECT coalesce(g.duplicate_of, g.id), ?, min(g.id)
                 FROM games g JOIN sources s ON s.id = g.source_id
                 WHERE ({cond}) AND {same}
                   AND coalesce(g.duplicate_of, g.id) NOT IN (SELECT game_id FROM event_games)
                 GROUP BY coalesce(g.duplicate_of, g.id)",
                same = crate::shown::names_the_holders_players("g"),
            ),
            params_from_iter(all.clone()),
        )? as u64;
        if games == 0 {
            let matched: bool = tx.query_row(
                &format!(
                    "SELECT EXISTS (SELECT 1 FROM games g JOIN sources s ON s.id = g.source_id
                     WHERE {cond})"
                ),
                params_from_iter(all[1..].iter().cloned()),
                |r| r.get(0),
            )?;
            let message = if matched {
                "every game its `match` matches went to an earlier [[event]]"
            } else {
                "its `match` matches no stored game"
            };
            keyed.push(terms.line, entry, message.into());
            continue;
        }
        applied.events.push((terms.name.clone(), games));
    }

    applied.corrections = game_curation::apply_corrections(tx, curation, &mut keyed)?;

    for g in &curation.games {
        match curated_game(tx, g)? {
            Ok(()) => applied.games += 1,
            Err(err) => keyed.push(
                g.line,
                format!("[[game]] {:?}", g.players.join(" – ")),
                err.to_string(),
            ),
        }
    }

    applied.decisions = game_curation::apply_decisions(tx, curation, &mut keyed)?;
    Ok(applied)
}

/// Why an `[[event]]` or `[[game]]` entry of a curation cannot be applied.
#[derive(Debug)]
enum EntryError {
    /// The event's `match.date` is no date range.
    Date(crate::filter::FilterError),
    /// A `[[game]]` names an event nothing describes.
    UnknownEvent(String),
    /// The stored games of the event are of a kind kifu does not know.
    StoredKind(String),
    SeveralKinds,
    Seats {
        kind: GameKind,
        seats: usize,
    },
    NotAResult {
        result: ResultName,
        kind: GameKind,
    },
}

impl std::fmt::Display for EntryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EntryError::Date(err) => write!(f, "match.date: {err}"),
            EntryError::UnknownEvent(event) => {
                write!(
                    f,
                    "no [[event]] and no stored game names the event {event:?}"
                )
            }
            EntryError::StoredKind(kind) => write!(f, "the event's games are of kind {kind:?}"),
            EntryError::SeveralKinds => {
                f.write_str("the event holds games of several kinds (or none): give `kind`")
            }
            EntryError::Seats { kind, seats } => write!(f, "a {kind} game has no {seats} seats"),
            EntryError::NotAResult { result, kind } => {
                write!(f, "{result} is not a result of a {kind} game")
            }
        }
    }
}

/// The SQL condition (on `g` and its source `s`) an `[[event]]`'s `match` makes.
fn event_condition(e: &EventEntry) -> std::result::Result<(String, Vec<Value>), EntryError> {
    let m = &e.matcher;
    let filter = GameFilter {
        date: match &m.date {
            Some(d) => d.parse::<DateRange>().map_err(EntryError::Date)?,
            None => DateRange::default(),
        },
        with_duplicates: true,
        ..GameFilter::default()
    };
    let mut c = filter.game_condition();
    // The record's own event (a first copy without one: its copy's, as it is shown), not
    // any linked copy's: a copy filed under another event stays in its own.
    if let Some(event) = &m.event {
        let (matches, param) = key_match("e.key", event, Fold::Text);
        c.and(
            &format!(
                "{} IN (SELECT e.id FROM events e WHERE {matches})",
                crate::shown::filled("g", "event_id")
            ),
            [param],
        );
    }
    if let Some(source) = &m.source {
        let glob = if source.starts_with('/') {
            source.clone()
        } else {
            format!("*{source}")
        };
        c.and(
            "(CASE WHEN g.member = '' THEN s.path ELSE s.path || '!' || g.member END) GLOB ?",
            [Value::Text(glob)],
        );
    }
    // Names as the records spell them (folded): an identity may join the players of two
    // events that its spellings tell apart.
    for name in &m.players {
        let (matches, param) = key_match("p.key", name, Fold::Name);
        c.and(
            &format!(
                "g.id IN (SELECT gp.game_id FROM game_players gp JOIN players p
                          ON p.id = gp.player_id WHERE {matches})"
            ),
            [param],
        );
    }
    Ok((c.sql, c.params))
}

/// An event's terms as the store keeps them: a section list's players folded, as names are
/// compared, each in the last section that lists them; sections by name, players by key
/// (no player listed: one table).
fn stored_terms(terms: &EventTerms) -> EventTerms {
    let Sections::Lists(lists) = &terms.sections else {
        return terms.clone();
    };
    let mut section_of: BTreeMap<String, &str> = BTreeMap::new();
    for list in lists {
        for name in &list.players {
            section_of.insert(fold_name(name), &list.name);
        }
    }
    let mut players_of: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for (key, section) in section_of {
        players_of.entry(section).or_default().push(key);
    }
    let sections = if players_of.is_empty() {
        Sections::None
    } else {
        Sections::Lists(
            players_of
                .into_iter()
                .map(|(name, players)| SectionList {
                    name: name.to_owned(),
                    players,
                })
                .collect(),
        )
    };
    EventTerms {
        sections,
        ..terms.clone()
    }
}

/// Stores a `[[game]]`: its event (a curated one by name, else a recorded one) gives its
/// kind where the entry does not.
fn curated_game(
    tx: &Transaction<'_>,
    g: &CuratedGame,
) -> Result<std::result::Result<(), EntryError>> {
    let key = fold_text(&g.event);
    let curated: Option<i64> = tx
        .query_row(
            "SELECT id FROM curated_events WHERE key = ?1",
            params![key],
            |r| r.get(0),
        )
        .optional()?;
    let kinds: Vec<String> = {
        let sql = if curated.is_some() {
            "SELECT DISTINCT g.kind FROM event_games eg JOIN games g ON g.id = eg.game_id
             WHERE eg.event = ?1"
        } else {
            "SELECT DISTINCT g.kind FROM games g JOIN events e ON e.id = g.event_id
             WHERE e.key = ?1"
        };
        let mut stmt = tx.prepare(sql)?;
        let param: Value = match curated {
            Some(id) => Value::Integer(id),
            None => Value::Text(key.clone()),
        };
        let rows = stmt.query_map([param], |r| r.get(0))?;
        rows.collect::<rusqlite::Result<_>>()?
    };
    if curated.is_none() && kinds.is_empty() {
        return Ok(Err(EntryError::UnknownEvent(g.event.clone())));
    }
    let kind = match (g.kind, kinds.as_slice()) {
        (Some(k), _) => k,
        (None, [one]) => match GameKind::from_name(one) {
            Some(k) => k,
            None => return Ok(Err(EntryError::StoredKind(one.clone()))),
        },
        (None, _) => return Ok(Err(EntryError::SeveralKinds)),
    };
    let seats = g.players.len();
    let fits_seats = match kind {
        GameKind::ChouChou => (2..=4).contains(&seats),
        _ => seats == 2,
    };
    if !fits_seats {
        return Ok(Err(EntryError::Seats { kind, seats }));
    }
    if !fits(kind, g.result) {
        return Ok(Err(EntryError::NotAResult {
            result: g.result,
            kind,
        }));
    }
    tx.execute(
        "INSERT INTO curated_games (event, event_name, kind, round, date, result, forfeit,
             reason, author, line)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            curated,
            g.event,
            kind.name(),
            g.round,
            g.date,
            g.result.name(),
            g.forfeit,
            g.provenance.reason,
            g.provenance.by,
            g.line
        ],
    )?;
    let id = tx.last_insert_rowid();
    for (seat, name) in g.players.iter().enumerate() {
        let side = Seat::at(seat).and_then(|s| kind.side_name(s));
        tx.execute(
            "INSERT INTO curated_game_seats (game, seat, side, name) VALUES (?1, ?2, ?3, ?4)",
            params![id, seat as i64 + 1, side, name],
        )?;
    }
    Ok(Ok(()))
}

/// Whether the person's name `name` matches the name pattern `pattern` as a filter
/// compares names (folded; `*` any run of characters).
pub fn name_matches(pattern: &str, name: &str) -> bool {
    folded_matches(pattern, name, Fold::Name)
}

/// Whether `text` (an event's name) matches `pattern` as a filter compares events.
pub fn text_matches(pattern: &str, text: &str) -> bool {
    folded_matches(pattern, text, Fold::Text)
}

fn folded_matches(pattern: &str, text: &str, fold: Fold) -> bool {
    fn glob(p: &[char], s: &[char]) -> bool {
        match p.split_first() {
            None => s.is_empty(),
            Some(('*', rest)) => (0..=s.len()).any(|i| glob(rest, &s[i..])),
            Some((c, rest)) => s.first() == Some(c) && glob(rest, &s[1..]),
        }
    }
    let p: Vec<char> = fold.apply(pattern).chars().collect();
    let s: Vec<char> = fold.apply(text).chars().collect();
    glob(&p, &s)
}

/// One stored player name with its games and dates, for alias suggestions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameSummary {
    pub id: i64,
    pub name: String,
    /// The folded name.
    pub key: String,
    /// Games naming it (linked copies each count).
    pub games: u64,
    pub first_date: Option<String>,
    pub last_date: Option<String>,
    /// The curated identity that takes it already, if one does.
    pub identity: Option<String>,
}

impl Store {
    /// Every stored player name with its game count and first and last dates.
    pub fn name_summaries(&self) -> Result<Vec<NameSummary>> {
        let mut stmt = self.conn.prepare(
            "SELECT p.id, p.name, p.key, count(gp.game_id) AS games, min(g.date) AS first_date,
                    max(g.date) AS last_date,
                    (SELECT cp.name FROM player_identity pi JOIN curated_players cp
                     ON cp.id = pi.identity WHERE pi.player_id = p.id) AS identity
             FROM players p JOIN game_players gp ON gp.player_id = p.id
             JOIN games g ON g.id = gp.game_id
             GROUP BY p.id ORDER BY p.id",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok(NameSummary {
                id: r.get("id")?,
                name: r.get("name")?,
                key: r.get("key")?,
                games: r.get::<_, i64>("games")? as u64,
                first_date: r.get("first_date")?,
                last_date: r.get("last_date")?,
                identity: r.get("identity")?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Whether players `a` and `b` (stored ids) sat at one game: then they are two people.
    pub fn played_each_other(&self, a: i64, b: i64) -> Result<bool> {
        Ok(self.conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM game_players x JOIN game_players y
                            ON y.game_id = x.game_id AND y.seat <> x.seat
                            WHERE x.player_id = ?1 AND y.player_id = ?2)",
            params![a, b],
            |r| r.get(0),
        )?)
    }
}

/// The curation applied on `conn`, if any: for a store and for a writer inside its
/// transaction ([`crate::curation_writer`]).
pub(crate) fn stored_curation(conn: &rusqlite::Connection) -> Result<Option<StoredCuration>> {
    Ok(conn
        .query_row(
            "SELECT path, sha256, text, applied_at FROM curation WHERE id = 1",
            [],
            |r| {
                Ok(StoredCuration {
                    path: r.get("path")?,
                    sha256: r.get("sha256")?,
                    text: r.get("text")?,
                    applied_at: r.get("applied_at")?,
                })
            },
        )
        .optional()?)
}

#[cfg(test)]
mod tests {
    use kifu_facts::curation::{EventMatch, TeamRanking, Tiebreak};
    use kifu_facts::{BySeat, RulesInForce, Scoring};
    use rusqlite::Connection;

    use super::*;
    use crate::{GameRecord, Record};

    /// A database with one Xiangqi game of the recorded event `Cup`, from `cup.pgn`.
    fn store_with_a_game(dir: &tempfile::TempDir) -> Store {
        let (mut store, source) = crate::test_store::with_a_source(dir);
        let game = GameRecord {
            source_id: source,
            event: Some("Cup".into()),
            players: BySeat::from(["Ann".to_owned(), "Bo".to_owned()]),
            ..GameRecord::empty(GameKind::Xiangqi)
        };
        store.write_batch(&[Record::Game(Box::new(game))]).unwrap();
        store
    }

    fn apply(store: &mut Store, terms: EventTerms) -> Applied {
        let curation = Curation {
            events: vec![EventEntry {
                matcher: EventMatch {
                    source: Some("cup.pgn".into()),
                    ..EventMatch::default()
                },
                terms,
            }],
            ..Curation::default()
        };
        store
            .apply_curation(&curation, "c.toml", "h", "", false)
            .unwrap()
            .unwrap()
    }

    // The keys of today are set here; a key added to `EventTerms` later takes its default,
    // and facts' own test sets it and sends it through SQLite: the store keeps the terms
    // whole and names none of their keys.
    #[allow(clippy::needless_update)]
    #[test]
    fn an_events_terms_come_back_whole() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = store_with_a_game(&dir);
        let terms = EventTerms {
            line: 7,
            name: "第14届 Cup".into(),
            sections: Sections::Lists(vec![
                SectionList {
                    name: "A".into(),
                    players: vec!["ann".into()],
                },
                SectionList {
                    name: "B".into(),
                    players: vec!["bo".into(), "cy".into()],
                },
            ]),
            scoring: Scoring {
                win: 3.0,
                draw: 1.0,
                loss: 0.1,
            },
            tiebreaks: vec![Tiebreak::Buchholz, Tiebreak::Wins],
            rules: Some(RulesInForce::XiangqiChinese),
            dates: Some("2015-08-22..2015-08-26".into()),
            venue: Some("Macau".into()),
            team_scoring: Scoring {
                win: 2.0,
                draw: 0.5,
                loss: 0.0,
            },
            team_ranking: TeamRanking::BoardPoints,
            team_matches: Some(true),
            ..EventTerms::default()
        };
        let applied = apply(&mut store, terms.clone());
        assert_eq!(applied.events, [(terms.name.clone(), 1)]);
        assert_eq!(store.event_terms().unwrap(), std::slice::from_ref(&terms));
        // What SQL reads of the terms, read from the one stored value.
        assert_eq!(
            store.curated_event_of(1).unwrap(),
            Some((terms.name.clone(), 7))
        );
        let (rules, dates): (String, String) = store
            .conn
            .query_row("SELECT rules, dates FROM curated_events", [], |r| {
                Ok((r.get("rules")?, r.get("dates")?))
            })
            .unwrap();
        assert_eq!(
            (rules.as_str(), dates.as_str()),
            ("chinese", "2015-08-22..2015-08-26")
        );
    }

    #[test]
    fn section_players_are_kept_folded_each_in_the_last_section_listing_them() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = store_with_a_game(&dir);
        let list = |name: &str, players: &[&str]| SectionList {
            name: name.into(),
            players: players.iter().map(|&p| p.to_owned()).collect(),
        };
        let terms = EventTerms {
            name: "Cup".into(),
            sections: Sections::Lists(vec![
                list("B", &["Ｃｙ", "Ann"]),
                list("A", &["Dee", "ANN"]),
            ]),
            ..EventTerms::default()
        };
        apply(&mut store, terms.clone());
        let stored = EventTerms {
            sections: Sections::Lists(vec![list("A", &["ann", "dee"]), list("B", &["cy"])]),
            ..terms.clone()
        };
        assert_eq!(store.event_terms().unwrap(), [stored]);
        // Lists that name no one are one table.
        let empty = EventTerms {
            sections: Sections::Lists(vec![list("A", &[])]),
            ..terms
        };
        apply(&mut store, empty.clone());
        let one_table = EventTerms {
            sections: Sections::None,
            ..empty
        };
        assert_eq!(store.event_terms().unwrap(), [one_table]);
    }

    #[test]
    fn an_older_databases_event_columns_become_the_terms() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        {
            // As the build before MIGRATION_EVENT_TERMS left them: a column a key, and a
            // section's players (folded) a row each.
            let before = crate::schema::MIGRATIONS
                .iter()
                .position(|m| *m == crate::schema::MIGRATION_EVENT_TERMS)
                .unwrap();
            let mut conn = Connection::open(&path).unwrap();
            crate::functions::register(&conn).unwrap();
            let tx = conn.transaction().unwrap();
            for sql in &crate::schema::MIGRATIONS[..before] {
                tx.execute_batch(sql).unwrap();
            }
            tx.pragma_update(None, "user_version", before as i64)
                .unwrap();
            tx.execute_batch(
                "INSERT INTO sources (id, path, bytes, content_hash, format, encoding)
                 VALUES (1, 'cup.pgn', 1, 'c', 'xiangqi-pgn', 'utf-8');
                 INSERT INTO games (id, source_id, offset, line, \"column\", length, kind,
                     format, termination, plies)
                 VALUES (1, 1, 0, 1, 1, 1, 'xiangqi', 'xiangqi-pgn', 'unknown', 0);
                 INSERT INTO curated_events (id, name, key, sections, win, draw, loss,
                     tiebreaks, rules, dates, venue, line, team_win, team_draw, team_loss,
                     team_ranking, team_matches)
                 VALUES
                     (1, 'Cup', 'cup', 'group', 2, 1, 0, 'buchholz-cut1,direct-encounter',
                      'chinese', '2015-08-22..2015-08-26', 'Macau', 9, 3, 1.5, 0,
                      'board-points', 1),
                     (2, 'League', 'league', NULL, 1, 0.5, 0, '', NULL, NULL, NULL, 20, 2, 1,
                      0, 'match-points', NULL),
                     (3, 'Open', 'open', NULL, 1, 0.5, 0, 'wins', 'rif', '2020', NULL, 30,
                      2, 1, 0, 'match-points', 0);
                 INSERT INTO curated_sections (event, key, name)
                 VALUES (2, 'dee', 'B'), (2, 'ann', 'A'), (2, 'cy', 'B');
                 INSERT INTO event_games (game_id, event) VALUES (1, 1);
                 INSERT INTO curated_games (id, event, event_name, kind, round, result,
                     forfeit, line)
                 VALUES (1, 3, 'Open', 'renju', '1', 'black', 1, 40);",
            )
            .unwrap();
            tx.commit().unwrap();
        }
        let store = Store::open(&path).unwrap();
        let sections = |lists: &[(&str, &[&str])]| {
            Sections::Lists(
                lists
                    .iter()
                    .map(|(name, players)| SectionList {
                        name: (*name).into(),
                        players: players.iter().map(|&p| p.to_owned()).collect(),
                    })
                    .collect(),
            )
        };
        assert_eq!(
            store.event_terms().unwrap(),
            [
                EventTerms {
                    line: 9,
                    name: "Cup".into(),
                    sections: Sections::Tag("group".into()),
                    scoring: Scoring::TEAM_MATCH,
                    tiebreaks: vec![Tiebreak::BuchholzCut1, Tiebreak::DirectEncounter],
                    rules: Some(RulesInForce::XiangqiChinese),
                    dates: Some("2015-08-22..2015-08-26".into()),
                    venue: Some("Macau".into()),
                    team_scoring: Scoring {
                        win: 3.0,
                        draw: 1.5,
                        loss: 0.0,
                    },
                    team_ranking: TeamRanking::BoardPoints,
                    team_matches: Some(true),
                    ..EventTerms::default()
                },
                EventTerms {
                    line: 20,
                    name: "League".into(),
                    sections: sections(&[("A", &["ann"]), ("B", &["cy", "dee"])]),
                    ..EventTerms::default()
                },
                EventTerms {
                    line: 30,
                    name: "Open".into(),
                    tiebreaks: vec![Tiebreak::Wins],
                    rules: RulesInForce::from_name("rif"),
                    dates: Some("2020".into()),
                    team_matches: Some(false),
                    ..EventTerms::default()
                },
            ]
        );
        // The games each event took, and what SQL reads of the terms, stay.
        assert_eq!(store.curated_event_of(1).unwrap(), Some(("Cup".into(), 9)));
        let open = store.results(GameKind::Renju, Some("Open")).unwrap();
        assert_eq!(
            (open[0].event.as_deref(), open[0].date.as_deref()),
            (Some("Open"), Some("2020"))
        );
        let gone: bool = store
            .conn
            .query_row(
                "SELECT NOT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'curated_sections')",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert!(gone);
    }
}
