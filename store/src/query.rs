//! Read queries for the CLI and the analysis.

use kifu_facts::curation::Provenance;
use kifu_facts::{
    CanonicalKey, EventTerms, GameKind, ResultName, RulesInForce, Ruleset, Severity, Termination,
    VariationMove,
};
use rusqlite::{params, OptionalExtension, Row};
use std::collections::{HashMap, HashSet};

use crate::curation::DecisionRow;
use crate::summary::{kind_of, severity_of, termination_of};
use crate::Unreadable;
use crate::{Error, GameFilter, Result, Store};

/// A finding with where it is, as `kifu audit` prints it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindingRow {
    /// Its row in the findings table: the store's name for it while it stands (a
    /// `copies-disagree` finding is written anew when an ingest links another copy).
    pub id: i64,
    /// Source path, with `!member` appended for a file inside an archive.
    pub source: String,
    pub line: u32,
    pub column: u32,
    pub offset: u64,
    /// The game id, or `None` for a quarantined record.
    pub game: Option<i64>,
    pub quarantine: Option<i64>,
    pub ply: Option<u32>,
    pub code: String,
    pub severity: Severity,
    pub message: String,
    pub rule: String,
    /// The variation move it is about (`None`: the main line or the record).
    pub variation_node: Option<u32>,
    /// What the curation says of it: a decision on the game's findings of this code, a
    /// correction of the game's result that answers it, or an authoritative copy that
    /// answers copies that disagree; `None`: it is open.
    pub resolution: Option<Resolution>,
}

/// How the curation answers a finding, for every copy of the game ([`crate::shown`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// An auditor's `[[decision]]` on the game's findings of this code.
    Decided(DecisionRow),
    /// A `[[result]]` says which result counts, for a finding about the result
    /// ([`kifu_facts::answered_by_correction`]): `from` is what the record says.
    Corrected {
        from: Option<ResultName>,
        to: ResultName,
        provenance: Provenance,
        line: u32,
    },
    /// A `[[copy]]` names the copy whose record gives the game's facts, for copies that
    /// disagree.
    Authoritative {
        copy: i64,
        provenance: Provenance,
        line: u32,
    },
}

impl FindingRow {
    /// The auditor's decision on it, if one is its resolution.
    pub fn decision(&self) -> Option<&DecisionRow> {
        match &self.resolution {
            Some(Resolution::Decided(d)) => Some(d),
            _ => None,
        }
    }
}

/// The columns [`resolution_of`] reads besides the decision's: the game's correction
/// (`rc`), its authoritative copy (`ac`) and what the finding's record `g` says.
const RESOLUTION_COLUMNS: &str = "rc.result AS correction_result,
    rc.reason AS correction_reason, rc.author AS correction_author,
    rc.date AS correction_date, rc.line AS correction_line,
    kifu_recorded(g.recorded_result) AS recorded_result,
    ac.copy_id AS authoritative_copy, ac.reason AS authoritative_reason,
    ac.author AS authoritative_author, ac.date AS authoritative_date,
    ac.line AS authoritative_line";

/// A finding's resolution: its decision first (it names the code), else a correction
/// that answers it, else an authoritative copy for copies that disagree.
fn resolution_of(r: &Row<'_>, code: &str, message: &str) -> rusqlite::Result<Option<Resolution>> {
    if let Some(d) = crate::curation::decision_of(r)? {
        return Ok(Some(Resolution::Decided(d)));
    }
    let provenance = |prefix: &str| -> rusqlite::Result<Provenance> {
        Ok(Provenance {
            reason: r.get(format!("{prefix}_reason").as_str())?,
            by: r.get(format!("{prefix}_author").as_str())?,
            date: r.get(format!("{prefix}_date").as_str())?,
        })
    };
    if let Some(to) = r.get::<_, Option<String>>("correction_result")? {
        if kifu_facts::answered_by_correction(code, message) {
            return Ok(Some(Resolution::Corrected {
                from: r
                    .get::<_, Option<String>>("recorded_result")?
                    .as_deref()
                    .and_then(ResultName::parse),
                to: ResultName::parse(&to).unwrap_or(ResultName::Unknown),
                provenance: provenance("correction")?,
                line: r.get("correction_line")?,
            }));
        }
    }
    if let Some(copy) = r.get::<_, Option<i64>>("authoritative_copy")? {
        if code == COPIES_DISAGREE {
            return Ok(Some(Resolution::Authoritative {
                copy,
                provenance: provenance("authoritative")?,
                line: r.get("authoritative_line")?,
            }));
        }
    }
    Ok(None)
}

/// The code of copies that disagree ([`crate::copies`]), which an authoritative copy
/// answers whatever the field.
const COPIES_DISAGREE: &str = "copies-disagree";

/// One stored game with its names resolved.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub source: String,
    pub record_id: Option<String>,
    pub offset: u64,
    pub line: u32,
    pub column: u32,
    pub kind: GameKind,
    pub format: String,
    pub event: Option<String>,
    pub round: Option<String>,
    pub date: Option<String>,
    /// Players in seat order: `(side, name)`.
    pub players: Vec<(String, String)>,
    /// The rule as the record gives it.
    pub rule: Option<String>,
    /// The name of `rule`: the curation's (`[[rule]]`), else a RenjuNet XML export's
    /// (`rule_name` in extra). Read the rule as shown with [`GameRow::shown_rule`].
    pub rule_name: Option<String>,
    /// The rules a Renju-board game was replayed by (`None` for the other kinds).
    pub ruleset: Option<Ruleset>,
    pub recorded_result: Option<ResultName>,
    pub derived_result: Option<ResultName>,
    pub termination: Termination,
    pub plies: u32,
    pub opening: Option<String>,
    pub duplicate_of: Option<i64>,
    /// The key two copies of one game share (empty when the game has none).
    pub canonical_key: CanonicalKey,
    /// The stored annotations: read them with [`GameRow::extra`].
    pub extra: Option<String>,
    pub moves_encoding: String,
    pub moves: Vec<u8>,
    pub comments: Vec<(u32, String)>,
    /// The main line's move marks as `(ply, mark)`, in record order.
    pub marks: Vec<(u32, String)>,
    /// The moves of the record's variations, in node order.
    pub variations: Vec<VariationMove>,
    /// The curation's correction of the result ([`crate::curation`]).
    pub correction: Option<ResultName>,
    /// The rules in force the curation names for the game's event.
    pub rules: Option<RulesInForce>,
    /// The result that counts, as every query counts it: read it with
    /// [`GameRow::counted_result`].
    counted: Option<ResultName>,
}

/// One record of a copy group, where it was read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CopyRecord {
    pub id: i64,
    /// The source path, `path!member` inside an archive.
    pub source: String,
    pub line: u32,
}

/// Table sizes, for summaries and tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub sources: u64,
    pub games: u64,
    pub moves: u64,
    pub findings: u64,
    pub quarantined: u64,
    pub duplicates: u64,
    pub players: u64,
    pub events: u64,
}

impl GameRow {
    /// The game's rule as every table shows it: its name with the recorded id
    /// beside it (`RIF (renjunet:1)`, [`kifu_facts::RuleEntry::label`]), else as recorded.
    pub fn shown_rule(&self) -> Option<String> {
        crate::shown::shown_rule(self.rule.as_deref(), self.rule_name.as_deref())
    }

    /// The header tags and the replay's annotations, typed.
    pub fn extra(&self) -> Result<kifu_facts::Extra> {
        kifu_facts::Extra::parse(self.kind, self.extra.as_deref()).map_err(|source| {
            Error::Corrupt(Unreadable::Extra {
                game: self.id,
                source,
            })
        })
    }

    /// The result that counts ([`kifu_facts::counted_result`]): the game's, from its
    /// authoritative copy's record where a `[[copy]]` names one ([`crate::shown::counted`]).
    pub fn counted_result(&self) -> Option<ResultName> {
        self.counted
    }
}

const SOURCE_NAME: &str =
    "CASE WHEN {t}.member = '' THEN s.path ELSE s.path || '!' || {t}.member END";

impl Store {
    pub fn counts(&self) -> Result<Counts> {
        let c = &self.conn;
        let one =
            |sql: &str| -> Result<u64> { Ok(c.query_row(sql, [], |r| r.get::<_, i64>(0))? as u64) };
        Ok(Counts {
            sources: one("SELECT count(*) FROM sources")?,
            games: one("SELECT count(*) FROM games")?,
            moves: one("SELECT count(*) FROM moves")?,
            findings: one("SELECT count(*) FROM findings")?,
            quarantined: one("SELECT count(*) FROM quarantine")?,
            duplicates: one("SELECT count(*) FROM games WHERE duplicate_of IS NOT NULL")?,
            players: one("SELECT count(*) FROM players")?,
            events: one("SELECT count(*) FROM events")?,
        })
    }

    /// The findings of the records under `filter` (each meeting its code and severity),
    /// in source order (source, offset); at most `limit`.
    pub fn findings(&self, filter: &GameFilter, limit: Option<u64>) -> Result<Vec<FindingRow>> {
        let covered = filter.finding_record_condition();
        let sql = format!(
            "SELECT x.id AS finding_id, {src} AS source, x.line, x.\"column\", x.offset,
                    x.game_id, x.quarantine_id, x.ply, x.code, {severity} AS severity,
                    x.message, x.rule, x.node, {decision}, {resolution}
             FROM findings x
             JOIN sources s ON s.id = x.source_id
             LEFT JOIN games g ON g.id = x.game_id
             LEFT JOIN decisions d ON d.game_id = {group} AND d.code = x.code
             LEFT JOIN result_corrections rc ON rc.game_id = {group}
             LEFT JOIN authoritative_copies ac ON ac.game_id = {group}
             LEFT JOIN quarantine q ON q.id = x.quarantine_id
             WHERE {covered}
             ORDER BY x.source_id, x.offset, x.id
             {limit}",
            src = "CASE WHEN coalesce(g.member, q.member, '') = '' THEN s.path \
                   ELSE s.path || '!' || coalesce(g.member, q.member) END",
            covered = covered.sql,
            severity = crate::shown::shown_severity("x", "g"),
            decision = crate::curation::DECISION_COLUMNS,
            resolution = RESOLUTION_COLUMNS,
            group = crate::shown::group("g"),
            limit = crate::limit::clause(limit),
        );
        let params = covered.params;
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let rows = stmt.query_map(rusqlite::params_from_iter(params), |r| {
            let code: String = r.get("code")?;
            let message: String = r.get("message")?;
            Ok(FindingRow {
                id: r.get("finding_id")?,
                resolution: resolution_of(r, &code, &message)?,
                source: r.get("source")?,
                line: r.get("line")?,
                column: r.get("column")?,
                offset: r.get::<_, i64>("offset")? as u64,
                game: r.get("game_id")?,
                quarantine: r.get("quarantine_id")?,
                ply: r.get("ply")?,
                code,
                severity: severity_of(r, "severity")?,
                message,
                rule: r.get("rule")?,
                variation_node: r.get("node")?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    /// The moves of game `id`'s variations, in node order (none for a game without).
    pub fn variations(&self, id: i64) -> Result<Vec<VariationMove>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT node, parent, ply, move, text, comment, before, mark FROM variations
             WHERE game_id = ?1 ORDER BY node",
        )?;
        let rows = stmt.query_map(params![id], variation_move)?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    /// The records of the game record `id` belongs to (its copy group): the first copy,
    /// then its linked copies, in id order.
    pub fn copy_group(&self, id: i64) -> Result<Vec<CopyRecord>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "WITH f(id) AS (SELECT {group} FROM games o WHERE o.id = ?1)
             SELECT g.id, {src} AS source, g.line FROM games g
             JOIN sources s ON s.id = g.source_id
             WHERE g.id = (SELECT id FROM f)
                OR (g.duplicate_of IS NOT NULL AND g.duplicate_of = (SELECT id FROM f))
             ORDER BY g.duplicate_of IS NOT NULL, g.id",
            src = SOURCE_NAME.replace("{t}", "g"),
            group = crate::shown::group("o"),
        ))?;
        let rows = stmt.query_map(params![id], |r| {
            Ok(CopyRecord {
                id: r.get("id")?,
                source: r.get("source")?,
                line: r.get("line")?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    /// One game with its names, moves, comments and variations.
    pub fn game(&self, id: i64) -> Result<GameRow> {
        let sql = format!(
            "SELECT g.id, {src} AS source, g.record_id, g.offset, g.line, g.\"column\", g.kind,
                    g.format, {event} AS event, g.round, g.date, g.rule,
                    {rule_name} AS rule_name, g.recorded_result,
                    g.derived_result, g.termination, g.plies, g.opening, g.duplicate_of,
                    m.encoding, m.data, g.extra, g.canonical_key, g.ruleset,
                    {correction} AS correction,
                    {rules} AS rules, {counted} AS counted
             FROM games g
             JOIN sources s ON s.id = g.source_id
             LEFT JOIN events e ON e.id = g.event_id
             LEFT JOIN moves m ON m.game_id = g.id
             WHERE g.id = ?1",
            src = SOURCE_NAME.replace("{t}", "g"),
            event = crate::shown::event_name("g", "e.name"),
            rules = crate::shown::rules("g"),
            rule_name = crate::shown::rule_name("g"),
            correction = crate::shown::correction("g"),
            counted = crate::shown::counted("g"),
        );
        let row = self
            .kept_row(&sql, params![id], game_row)
            .optional()?
            .ok_or(Error::NotFound(crate::Missing::Game(id)))?;
        let mut stmt = self
            .conn
            .prepare_cached("SELECT ply, text FROM comments WHERE game_id = ?1 ORDER BY rowid")?;
        let comments = stmt
            .query_map(params![id], |r| Ok((r.get("ply")?, r.get("text")?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut stmt = self
            .conn
            .prepare_cached("SELECT ply, mark FROM move_marks WHERE game_id = ?1 ORDER BY rowid")?;
        let marks = stmt
            .query_map(params![id], |r| Ok((r.get("ply")?, r.get("mark")?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let players = seats(&self.conn, id)?;
        let variations = self.variations(id)?;
        Ok(GameRow {
            comments,
            marks,
            players,
            variations,
            ..row
        })
    }
}

/// The seats of game `id` as `(side, name)`, in seat order, each name its curated
/// identity's where the curation gives one (a seat without a name is not stored).
pub(crate) fn seats(conn: &rusqlite::Connection, id: i64) -> Result<Vec<(String, String)>> {
    seats_named(conn, id, &crate::shown::player_name("p"))
}

/// The seats of game `id` with the names its record gives (what links copies by header).
pub(crate) fn recorded_seats(
    conn: &rusqlite::Connection,
    id: i64,
) -> Result<Vec<(String, String)>> {
    seats_named(conn, id, "p.name")
}

/// The seats of many games: looked up game by game, or, when the games are a large part of
/// the database, read in one pass over every seat (a list of every game of a kind: a million
/// lookups took seconds, the pass a fraction of one).
enum Seats {
    ByGame,
    Read(HashMap<i64, SeatsAndTeams>),
}

type SeatsAndTeams = (Vec<(String, String)>, Vec<Option<String>>);

impl Seats {
    /// Below this many games, one lookup each.
    const READ_ALL_FROM: usize = 20_000;

    fn for_games(conn: &rusqlite::Connection, holders: &[i64]) -> Result<Seats> {
        let games: i64 =
            conn.query_row("SELECT coalesce(max(id), 0) FROM games", [], |r| r.get(0))?;
        if holders.len() < Self::READ_ALL_FROM || (holders.len() as i64) * 4 < games {
            return Ok(Seats::ByGame);
        }
        Self::read_all(conn, holders)
    }

    /// The seats of `holders` read in one pass over every seat.
    fn read_all(conn: &rusqlite::Connection, holders: &[i64]) -> Result<Seats> {
        // Each player's shown name and curated team once, then the seats as bare ids: the
        // expressions are the same as the lookups', evaluated per player, not per seat.
        let mut players = conn.prepare(&format!(
            "SELECT p.id, {name}, {team} FROM players p",
            name = crate::shown::player_name("p"),
            team = curated_team("p.id"),
        ))?;
        let shown: HashMap<i64, (String, Option<String>)> = players
            .query_map([], |r| Ok((r.get(0)?, (r.get(1)?, r.get(2)?))))?
            .collect::<rusqlite::Result<_>>()?;
        let wanted: HashSet<i64> = holders.iter().copied().collect();
        let mut seats = conn
            .prepare("SELECT game_id, side, player_id FROM game_players ORDER BY game_id, seat")?;
        let mut read: HashMap<i64, SeatsAndTeams> = HashMap::with_capacity(wanted.len());
        let mut rows = seats.query([])?;
        while let Some(r) = rows.next()? {
            let game: i64 = r.get(0)?;
            if !wanted.contains(&game) {
                continue;
            }
            let player: i64 = r.get(2)?;
            // As the lookup's join: a seat whose player row is missing is no seat.
            let Some((name, team)) = shown.get(&player) else {
                continue;
            };
            let (players, teams) = read.entry(game).or_default();
            players.push((r.get(1)?, name.clone()));
            teams.push(team.clone());
        }
        Ok(Seats::Read(read))
    }

    /// The seats of game `holder` and their curated teams; a game without seats has none.
    fn of(&mut self, conn: &rusqlite::Connection, holder: i64) -> Result<SeatsAndTeams> {
        match self {
            Seats::ByGame => seats_and_curated_teams(conn, holder),
            Seats::Read(read) => Ok(read.remove(&holder).unwrap_or_default()),
        }
    }
}

/// SQL: the curated team of the player whose id is the expression `player` (their
/// identity's `team`).
fn curated_team(player: &str) -> String {
    format!(
        "(SELECT cp.team FROM player_identity pi JOIN curated_players cp
          ON cp.id = pi.identity WHERE pi.player_id = {player})"
    )
}

/// The seats of game `id` as [`seats`] gives them, each with its curated team (its
/// player's identity's `team`): one statement per game, which a list of every game of a
/// kind runs a million times.
fn seats_and_curated_teams(conn: &rusqlite::Connection, id: i64) -> Result<SeatsAndTeams> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT gp.side, {name} AS name, {team} AS team
         FROM game_players gp JOIN players p ON p.id = gp.player_id
         WHERE gp.game_id = ?1 ORDER BY gp.seat",
        name = crate::shown::player_name("p"),
        team = curated_team("gp.player_id"),
    ))?;
    let rows = stmt.query_map(params![id], |r| {
        Ok(((r.get("side")?, r.get("name")?), r.get("team")?))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Each seat's team: the record's `<side>team` tag where it names one, else `curated`.
fn seat_teams(
    extra: &kifu_facts::Extra,
    players: &[(String, String)],
    curated: Vec<Option<String>>,
) -> Vec<Option<String>> {
    players
        .iter()
        .zip(curated.into_iter().chain(std::iter::repeat(None)))
        .map(|((side, _), curated)| {
            extra
                .tag(&format!("{side}team"))
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_owned)
                .or(curated)
        })
        .collect()
}

fn seats_named(conn: &rusqlite::Connection, id: i64, name: &str) -> Result<Vec<(String, String)>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT gp.side, {name} AS name FROM game_players gp
         JOIN players p ON p.id = gp.player_id
         WHERE gp.game_id = ?1 ORDER BY gp.seat"
    ))?;
    let rows = stmt.query_map(params![id], |r| Ok((r.get("side")?, r.get("name")?)))?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// A `variations` row read from its columns `node, parent, ply, move, text, comment,
/// before, mark`, by name.
pub(crate) fn variation_move(r: &Row<'_>) -> rusqlite::Result<VariationMove> {
    Ok(VariationMove {
        node: r.get("node")?,
        parent: r.get("parent")?,
        ply: r.get("ply")?,
        code: r.get("move")?,
        text: r.get("text")?,
        comment: r.get("comment")?,
        before: r.get("before")?,
        mark: r.get("mark")?,
    })
}

fn game_row(r: &Row<'_>) -> rusqlite::Result<GameRow> {
    let kind = kind_of(r, "kind")?;
    Ok(GameRow {
        id: r.get("id")?,
        source: r.get("source")?,
        record_id: r.get("record_id")?,
        offset: r.get::<_, i64>("offset")? as u64,
        line: r.get("line")?,
        column: r.get("column")?,
        kind,
        format: r.get("format")?,
        event: r.get("event")?,
        round: r.get("round")?,
        date: r.get("date")?,
        players: Vec::new(),
        rule: r.get("rule")?,
        rule_name: r.get("rule_name")?,
        recorded_result: r.get("recorded_result")?,
        derived_result: r.get("derived_result")?,
        termination: termination_of(r, "termination", kind)?,
        plies: r.get("plies")?,
        opening: r.get("opening")?,
        duplicate_of: r.get("duplicate_of")?,
        moves_encoding: r.get::<_, Option<String>>("encoding")?.unwrap_or_default(),
        moves: r.get::<_, Option<Vec<u8>>>("data")?.unwrap_or_default(),
        extra: r.get("extra")?,
        canonical_key: r.get("canonical_key")?,
        ruleset: r
            .get::<_, Option<String>>("ruleset")?
            .as_deref()
            .and_then(Ruleset::from_name),
        comments: Vec::new(),
        marks: Vec::new(),
        variations: Vec::new(),
        correction: r
            .get::<_, Option<String>>("correction")?
            .as_deref()
            .and_then(ResultName::parse),
        rules: r
            .get::<_, Option<String>>("rules")?
            .as_deref()
            .and_then(RulesInForce::from_name),
        counted: r
            .get::<_, Option<String>>("counted")?
            .as_deref()
            .and_then(ResultName::parse),
    })
}

/// One finished game for a standings table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRow {
    /// The game's id; a curation's `[[game]]` (a game without moves) has the negative of its
    /// entry's id, and no record to link to.
    pub game: i64,
    pub kind: GameKind,
    /// The event: its curated name where an `[[event]]` took the game.
    pub event: Option<String>,
    pub round: Option<String>,
    /// `(side, name)` in seat order, curated names where the curation gives them.
    pub players: Vec<(String, String)>,
    /// Each seat's team, in seat order: the record's `<side>team` tag (`RedTeam`,
    /// `BlackTeam`, `WhiteTeam`), else the curated player's `team`.
    pub teams: Vec<Option<String>>,
    /// The result that counts ([`kifu_facts::counted_result_under`]: a correction first).
    pub result: Option<ResultName>,
    /// When it was played, as stored (`1997`, `1997-06`, `1997-06-03`): the record's date,
    /// else its earliest linked copy's, else the last day of its curated event's `dates`.
    pub date: Option<String>,
    pub extra: kifu_facts::Extra,
    /// A curated game scored without being played (a forfeit).
    pub forfeit: bool,
}

impl ResultRow {
    /// Whether the row is a curation's `[[game]]` rather than a stored record.
    pub fn is_curated(&self) -> bool {
        self.game < 0
    }

    /// Whether two of its seats name one player (their names fold alike,
    /// [`kifu_facts::fold_name`], as `same-player-both-seats` says of a record; curated
    /// names are one identity's): nobody plays themselves, so the game is no result for
    /// anyone, as the players listing counts it.
    pub fn names_one_player_twice(&self) -> bool {
        let keys: Vec<String> = self
            .players
            .iter()
            .map(|(_, name)| kifu_facts::fold_name(name))
            .filter(|key| !key.is_empty())
            .collect();
        keys.iter()
            .enumerate()
            .any(|(i, key)| keys[i + 1..].contains(key))
    }
}

impl Store {
    /// Games of one kind (optionally one event, as a name pattern) with their players and
    /// the result that counts, in event, round and game order. Duplicates (linked copies)
    /// are left out.
    pub fn results(&self, kind: GameKind, event: Option<&str>) -> Result<Vec<ResultRow>> {
        self.results_of(
            kind,
            &GameFilter {
                event: event.map(str::to_owned),
                ..GameFilter::default()
            },
        )
    }

    /// The games of one kind under `filter` with their players and the result that counts,
    /// in event, round and game order. A field the game's record lacks (its event, round or
    /// players) is taken from its earliest linked copy that gives it, as `kifu games` shows.
    /// The curation's games without moves follow, where the filter names nothing but the
    /// kind and the event.
    pub fn results_of(&self, kind: GameKind, filter: &GameFilter) -> Result<Vec<ResultRow>> {
        if !filter.admits_kind(kind) {
            return Ok(Vec::new());
        }
        let covered = filter.game_condition();
        let mut stmt = self.conn.prepare(&format!(
            "SELECT g.id, {event_name} AS shown_event, {round} AS shown_round,
                    {counted} AS counted, g.extra, {seats} AS seats_holder, {date} AS shown_date,
                    {event_dates} AS event_dates
             FROM games g LEFT JOIN events e ON e.id = {event}
             WHERE {kind} AND {}
             ORDER BY shown_event, CAST(shown_round AS INTEGER), shown_round, g.id",
            covered.sql,
            kind = crate::filter::sql::KIND,
            round = crate::shown::filled("g", "round"),
            event = crate::shown::filled("g", "event_id"),
            event_name = crate::shown::event_name("g", "e.name"),
            counted = crate::shown::counted("g"),
            seats = crate::shown::seats_holder("g"),
            date = crate::shown::filled("g", "date"),
            event_dates = crate::shown::event_dates("g"),
        ))?;
        let mut params = vec![rusqlite::types::Value::Text(kind.name().into())];
        params.extend(covered.params);
        // The games and their seats from one snapshot, and one read lock instead of one per
        // game's seats.
        let _snapshot = if self.conn.is_autocommit() {
            Some(self.conn.unchecked_transaction()?)
        } else {
            None
        };
        let mut rows = stmt.query(rusqlite::params_from_iter(params))?;
        let mut out = Vec::new();
        let mut seats_of = Vec::new();
        while let Some(r) = rows.next()? {
            let game: i64 = r.get("id")?;
            seats_of.push(r.get::<_, i64>("seats_holder")?);
            let counted: Option<String> = r.get("counted")?;
            let extra: Option<String> = r.get("extra")?;
            let event_dates: Option<String> = r.get("event_dates")?;
            out.push(ResultRow {
                game,
                kind,
                event: r.get("shown_event")?,
                round: r.get("shown_round")?,
                players: Vec::new(),
                teams: Vec::new(),
                result: counted.as_deref().and_then(ResultName::parse),
                date: r
                    .get::<_, Option<String>>("shown_date")?
                    .or_else(|| event_dates.as_deref().and_then(crate::shown::last_day)),
                extra: kifu_facts::Extra::parse(kind, extra.as_deref())
                    .map_err(|source| Error::Corrupt(Unreadable::Extra { game, source }))?,
                forfeit: false,
            });
        }
        let mut seats = Seats::for_games(&self.conn, &seats_of)?;
        for (row, holder) in out.iter_mut().zip(seats_of) {
            let (players, curated) = seats.of(&self.conn, holder)?;
            row.teams = seat_teams(&row.extra, &players, curated);
            row.players = players;
        }
        if filter.names_only_kind_and_event() {
            out.extend(self.curated_results(kind, filter.event.as_deref())?);
        }
        Ok(out)
    }

    /// The curation's games without moves of one kind (in one event, a name pattern).
    fn curated_results(&self, kind: GameKind, event: Option<&str>) -> Result<Vec<ResultRow>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT cg.id, coalesce(ce.name, cg.event_name) AS event_name, cg.round, cg.result,
                    cg.forfeit, ce.dates
             FROM curated_games cg LEFT JOIN curated_events ce ON ce.id = cg.event
             WHERE cg.kind = ?1 ORDER BY cg.id",
        )?;
        type Row = (i64, String, Option<String>, String, bool, Option<String>);
        let rows: Vec<Row> = stmt
            .query_map(params![kind.name()], |r| {
                Ok((
                    r.get("id")?,
                    r.get("event_name")?,
                    r.get("round")?,
                    r.get("result")?,
                    r.get("forfeit")?,
                    r.get("dates")?,
                ))
            })?
            .collect::<rusqlite::Result<_>>()?;
        let mut seats = self.conn.prepare_cached(
            "SELECT s.side, s.name,
                    (SELECT cp.team FROM curated_names n JOIN curated_players cp
                     ON cp.id = n.identity WHERE n.key = kifu_fold(s.name)) AS team
             FROM curated_game_seats s WHERE s.game = ?1 ORDER BY s.seat",
        )?;
        let mut out = Vec::new();
        for (id, event_name, round, result, forfeit, dates) in rows {
            if event.is_some_and(|p| !crate::curation::text_matches(p, &event_name)) {
                continue;
            }
            let (players, teams) = seats
                .query_map(params![id], |r| {
                    Ok(((r.get("side")?, r.get("name")?), r.get("team")?))
                })?
                .collect::<rusqlite::Result<(Vec<(String, String)>, Vec<Option<String>>)>>()?;
            out.push(ResultRow {
                game: -id,
                kind,
                event: Some(event_name),
                round,
                players,
                teams,
                result: ResultName::parse(&result).filter(|o| o.is_known()),
                date: dates.as_deref().and_then(crate::shown::last_day),
                extra: kifu_facts::Extra::parse(kind, None).map_err(|source| {
                    Error::Corrupt(Unreadable::CuratedExtra { game: id, source })
                })?,
                forfeit,
            });
        }
        Ok(out)
    }

    /// The curated events' terms, in the curation file's order.
    pub fn event_terms(&self) -> Result<Vec<EventTerms>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT terms FROM curated_events ORDER BY id")?;
        let rows = stmt.query_map([], |r| r.get("terms"))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameRecord, Record};
    use kifu_facts::BySeat;

    #[test]
    fn seats_read_in_one_pass_equal_seats_looked_up_by_game() {
        let dir = tempfile::tempdir().unwrap();
        let (mut store, source) = crate::test_store::with_a_source(&dir);
        let game = |players: Option<[&str; 2]>, offset: u64| {
            Record::Game(Box::new(GameRecord {
                source_id: source,
                offset,
                players: players.map_or_else(BySeat::default, |[a, b]| {
                    BySeat::from([a.to_owned(), b.to_owned()])
                }),
                ..GameRecord::empty(GameKind::Xiangqi)
            }))
        };
        store
            .write_batch(&[
                game(Some(["Ann", "Bo"]), 0),
                game(None, 10),
                game(Some(["Cy", "Ann"]), 20),
            ])
            .unwrap();
        // Ann's identity plays for a team.
        store
            .conn
            .execute_batch(
                "INSERT INTO curated_players (id, name, line, team) VALUES (1, 'Ann Lee', 3, 'Reds');
                 INSERT INTO player_identity (player_id, identity)
                 SELECT id, 1 FROM players WHERE name = 'Ann';",
            )
            .unwrap();
        let ids: Vec<i64> = store
            .conn
            .prepare("SELECT id FROM games ORDER BY id")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        let by_game: Vec<SeatsAndTeams> = ids
            .iter()
            .map(|&id| seats_and_curated_teams(&store.conn, id).unwrap())
            .collect();
        let mut read = Seats::read_all(&store.conn, &ids).unwrap();
        let in_one_pass: Vec<SeatsAndTeams> = ids
            .iter()
            .map(|&id| read.of(&store.conn, id).unwrap())
            .collect();
        assert_eq!(by_game, in_one_pass);
        assert_eq!(by_game[1], (vec![], vec![]));
        assert_eq!(by_game[0].0[0].1, "Ann Lee");
        assert_eq!(by_game[2].0[1].1, "Ann Lee");
        assert_eq!(by_game[2].1, vec![None, Some("Reds".to_owned())]);
    }
}
