//! The rows behind `kifu export`, streamed: each function walks one prepared statement and
//! hands its rows one at a time to a callback, so an export of any size holds one row (plus
//! the caller's batch) in memory. All SQL of the export lives here.
//!
//! Records are named by a key stable across databases, `<source SHA-256>:<member>:<byte
//! offset>` (the file's content hash, the path inside its archive, '' for a plain file, and
//! the record's first byte there: the unique key of `games` and of `quarantine`), built
//! once in [`record_key_sql`].

use kifu_facts::{
    CanonicalKey, ForbiddenKind, GameKind, ResultName, Ruleset, Severity, Termination,
    VariationMove,
};
use rusqlite::types::Value;
use rusqlite::{params_from_iter, Row};

use crate::filter::sql::Condition;
use crate::query::variation_move;
use crate::summary::{forbidden_of, kind_of, optional_kind_of, severity_of, termination_of};
use crate::{Error, GameFilter, Store};

/// The SQL of a record's stable key, given the aliases of its `sources` row and of the
/// `games` or `quarantine` row: the same text as [`record_key`].
fn record_key_sql(source: &str, record: &str) -> String {
    format!("{source}.content_hash || ':' || {record}.member || ':' || {record}.offset")
}

/// A record's stable key (`game_key`, `record_key` in the data contract): its source's
/// SHA-256, its member and its byte offset, as [`record_key_sql`] builds it in SQL.
pub fn record_key(source_sha256: &str, member: &str, offset: u64) -> String {
    format!("{source_sha256}:{member}:{offset}")
}

/// The highest id of each table an export reads by id: what an export covered, so an
/// append exports only what came after.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExportMarks {
    pub games: i64,
    pub findings: i64,
    pub quarantine: i64,
    pub sources: i64,
    pub library_texts: i64,
}

/// The rows an export covers: ids after `after`, up to `upto` (rows written while it runs
/// are left to the next append).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct IdWindow {
    pub after: ExportMarks,
    pub upto: ExportMarks,
}

impl IdWindow {
    /// Every row up to `upto`.
    pub fn upto(upto: ExportMarks) -> IdWindow {
        IdWindow {
            after: ExportMarks::default(),
            upto,
        }
    }

    fn on(&self, column: &str, mark: fn(&ExportMarks) -> i64) -> Condition {
        Condition {
            sql: format!("{column} > ? AND {column} <= ?"),
            params: vec![
                Value::Integer(mark(&self.after)),
                Value::Integer(mark(&self.upto)),
            ],
        }
    }

    fn games(&self, column: &str) -> Condition {
        self.on(column, |m| m.games)
    }
}

/// `condition AND window`.
fn within(mut condition: Condition, window: Condition) -> Condition {
    condition.and_condition(window);
    condition
}

/// A `games` row for export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportGame {
    pub id: i64,
    pub game_key: String,
    pub kind: GameKind,
    pub source_sha256: String,
    pub member: String,
    pub record_id: Option<String>,
    pub byte_offset: i64,
    pub line: i64,
    pub column_number: i64,
    pub byte_length: i64,
    pub format: String,
    pub event: Option<String>,
    pub round: Option<String>,
    pub date: Option<String>,
    pub rule: Option<String>,
    /// The rule's name as shown beside it: the curation's (`[[rule]]`), else the one the
    /// record's source gives ([`kifu_facts::recorded_rule_name`]).
    pub rule_name: Option<String>,
    pub recorded_result: Option<ResultName>,
    pub result_text: Option<String>,
    pub derived_result: Option<ResultName>,
    pub termination: Termination,
    pub plies: i64,
    pub opening: Option<String>,
    /// The key two copies of one game share (empty when the game has none).
    pub canonical_key: CanonicalKey,
    /// The header a record without moves is linked by (`None` for a record with moves).
    pub header_key: Option<String>,
    pub duplicate_of: Option<i64>,
    /// The stable key of the first copy, for a linked copy.
    pub duplicate_of_key: Option<String>,
    /// The stored JSON of the game's [`kifu_facts::Extra`].
    pub extra: Option<String>,
    /// The rules a Renju-board game was replayed by (`None` for the other kinds).
    pub ruleset: Option<Ruleset>,
    /// The result that counts, the curation's correction and rules in force applied.
    pub counted: Option<String>,
    /// The event as the record names it (`event` is the curated event's name, if any).
    pub recorded_event: Option<String>,
    /// The curation's correction of the result, and its reason.
    pub correction: Option<(String, Option<String>)>,
}

/// A `moves` row for export, with what replaying it needs (the game's `extra`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportMoves {
    pub game_id: i64,
    pub game_key: String,
    pub kind: GameKind,
    pub encoding: String,
    pub data: Vec<u8>,
    pub extra: Option<String>,
}

/// One seat of a game: `seat` 1 moves first, `side` names it in the game's own terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportSeat {
    pub game_id: i64,
    pub game_key: String,
    pub kind: GameKind,
    pub seat: i64,
    pub side: String,
    /// The curated identity's name, else as recorded.
    pub name: String,
    pub recorded_name: String,
}

/// An auditor's decision on a game's findings of one code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportDecision {
    pub game_id: i64,
    pub game_key: String,
    pub kind: GameKind,
    pub code: String,
    pub decision: String,
    pub reason: Option<String>,
    pub by: Option<String>,
    pub date: Option<String>,
    pub line: i64,
}

/// A text at a ply of a game: a comment, or a move mark (`each_export_move_mark`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportComment {
    pub game_id: i64,
    pub game_key: String,
    pub kind: GameKind,
    pub ply: i64,
    pub text: String,
}

/// A variation move for export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportVariation {
    pub game_id: i64,
    pub game_key: String,
    pub kind: GameKind,
    pub variation: VariationMove,
}

/// A library's text (its remarks, a title card) for export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportText {
    pub id: i64,
    pub source_sha256: String,
    pub member: String,
    pub place: i64,
    pub byte_offset: i64,
    pub line: i64,
    pub byte_length: i64,
    pub title: Option<String>,
    pub text: String,
}

/// A `findings` row for export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportFinding {
    pub id: i64,
    /// `None` for a quarantined record's finding.
    pub kind: Option<GameKind>,
    pub source_sha256: String,
    pub member: String,
    pub game_id: Option<i64>,
    pub quarantine_id: Option<i64>,
    /// The stable key of the game or quarantined record (`None` for a finding about the
    /// source as a whole).
    pub record_key: Option<String>,
    pub ply: Option<i64>,
    pub code: String,
    pub severity: Severity,
    pub message: String,
    pub rule: String,
    pub byte_offset: i64,
    pub line: i64,
    pub column_number: i64,
    pub forbidden_kind: Option<ForbiddenKind>,
    /// The variation move it is about (`None`: the main line or the whole record).
    pub variation_node: Option<i64>,
}

/// A `sources` row for export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportSource {
    pub id: i64,
    pub sha256: String,
    pub path: String,
    pub bytes: i64,
    pub format: String,
    pub encoding: String,
    pub status: String,
    pub records: i64,
    pub ingested_at: String,
}

/// A `quarantine` row for export.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportQuarantined {
    pub id: i64,
    pub record_key: String,
    pub source_sha256: String,
    pub member: String,
    pub byte_offset: i64,
    pub line: i64,
    pub column_number: i64,
    pub byte_length: i64,
    pub format: Option<String>,
    pub error: String,
    pub raw: String,
}

impl Store {
    /// The highest id of each table now.
    pub fn export_marks(&self) -> Result<ExportMarks, Error> {
        Ok(self.conn.query_row(
            "SELECT (SELECT coalesce(max(id), 0) FROM games) AS games,
                    (SELECT coalesce(max(id), 0) FROM findings) AS findings,
                    (SELECT coalesce(max(id), 0) FROM quarantine) AS quarantine,
                    (SELECT coalesce(max(id), 0) FROM sources) AS sources,
                    (SELECT coalesce(max(id), 0) FROM library_texts) AS library_texts",
            [],
            |r| {
                Ok(ExportMarks {
                    games: r.get("games")?,
                    findings: r.get("findings")?,
                    quarantine: r.get("quarantine")?,
                    sources: r.get("sources")?,
                    library_texts: r.get("library_texts")?,
                })
            },
        )?)
    }

    /// What tells this database from another for an append: its first source's content
    /// hash and ingest time (`None` while it has no source).
    pub fn database_identity(&self) -> Result<Option<String>, Error> {
        use rusqlite::OptionalExtension;
        Ok(self
            .conn
            .query_row(
                "SELECT content_hash || '@' || ingested_at FROM sources ORDER BY id LIMIT 1",
                [],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Runs `sql` and hands each row, as `map` reads it, to `f`; stops at `f`'s first
    /// error.
    fn each_row<T, E: From<Error>>(
        &self,
        sql: &str,
        params: Vec<Value>,
        map: impl Fn(&Row<'_>) -> rusqlite::Result<T>,
        mut f: impl FnMut(T) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut stmt = self.conn.prepare(sql).map_err(Error::from)?;
        let mut rows = stmt.query(params_from_iter(params)).map_err(Error::from)?;
        while let Some(r) = rows.next().map_err(Error::from)? {
            f(map(r).map_err(Error::from)?)?;
        }
        Ok(())
    }

    /// The games under the filter, by id.
    pub fn each_export_game<E: From<Error>>(
        &self,
        filter: &GameFilter,
        window: &IdWindow,
        f: impl FnMut(ExportGame) -> Result<(), E>,
    ) -> Result<(), E> {
        let c = within(filter.game_condition(), window.games("g.id"));
        let sql = format!(
            "SELECT g.id, {key} AS game_key, g.kind, s.content_hash, g.member, g.record_id,
                    g.offset, g.line, g.\"column\", g.length, g.format,
                    e.name AS recorded_event, g.round, g.date, g.rule,
                    {rule_name} AS rule_name, g.recorded_result,
                    g.result_text, g.derived_result, g.termination, g.plies, g.opening,
                    g.canonical_key, g.duplicate_of,
                    CASE WHEN d.id IS NOT NULL THEN {dkey} END AS duplicate_of_key, g.extra,
                    g.ruleset, g.header_key, {counted} AS counted, {event} AS event,
                    rc.result AS correction, rc.reason AS correction_reason
             FROM games g JOIN sources s ON s.id = g.source_id
             LEFT JOIN result_corrections rc ON rc.game_id = coalesce(g.duplicate_of, g.id)
             LEFT JOIN events e ON e.id = g.event_id
             LEFT JOIN games d ON d.id = g.duplicate_of
             LEFT JOIN sources ds ON ds.id = d.source_id
             WHERE {} ORDER BY g.id",
            c.sql,
            key = record_key_sql("s", "g"),
            dkey = record_key_sql("ds", "d"),
            counted = crate::shown::counted("g"),
            event = crate::shown::event_name("g", "e.name"),
            rule_name = crate::shown::rule_name("g"),
        );
        self.each_row(
            &sql,
            c.params,
            |r| {
                let kind = kind_of(r, "kind")?;
                Ok(ExportGame {
                    id: r.get("id")?,
                    game_key: r.get("game_key")?,
                    kind,
                    source_sha256: r.get("content_hash")?,
                    member: r.get("member")?,
                    record_id: r.get("record_id")?,
                    byte_offset: r.get("offset")?,
                    line: r.get("line")?,
                    column_number: r.get("column")?,
                    byte_length: r.get("length")?,
                    format: r.get("format")?,
                    event: r.get("event")?,
                    recorded_event: r.get("recorded_event")?,
                    round: r.get("round")?,
                    date: r.get("date")?,
                    rule: r.get("rule")?,
                    rule_name: r.get("rule_name")?,
                    recorded_result: r.get("recorded_result")?,
                    result_text: r.get("result_text")?,
                    derived_result: r.get("derived_result")?,
                    termination: termination_of(r, "termination", kind)?,
                    plies: r.get("plies")?,
                    opening: r.get("opening")?,
                    canonical_key: r.get("canonical_key")?,
                    header_key: r.get("header_key")?,
                    duplicate_of: r.get("duplicate_of")?,
                    duplicate_of_key: r.get("duplicate_of_key")?,
                    extra: r.get("extra")?,
                    ruleset: r
                        .get::<_, Option<String>>("ruleset")?
                        .as_deref()
                        .and_then(Ruleset::from_name),
                    counted: r.get("counted")?,
                    correction: r
                        .get::<_, Option<String>>("correction")?
                        .map(|c| Ok::<_, rusqlite::Error>((c, r.get("correction_reason")?)))
                        .transpose()?,
                })
            },
            f,
        )
    }

    /// The rows of a table that holds rows of games (its alias `t`, its `game_id`), under
    /// the filter: `columns` are the table's own, read by name by `map`, which is given the
    /// game's id, key and kind (read here as `game_id`, `game_key` and `kind`); `from` the table with any other joins; `order` the rows'
    /// order (empty: as stored).
    #[allow(clippy::too_many_arguments)]
    fn each_game_row<T, E: From<Error>>(
        &self,
        filter: &GameFilter,
        window: &IdWindow,
        columns: &str,
        from: &str,
        order: &str,
        map: impl Fn(i64, String, GameKind, &Row<'_>) -> rusqlite::Result<T>,
        f: impl FnMut(T) -> Result<(), E>,
    ) -> Result<(), E> {
        let c = within(filter.game_condition(), window.games("g.id"));
        let order = if order.is_empty() {
            String::new()
        } else {
            format!(" ORDER BY {order}")
        };
        let sql = format!(
            "SELECT t.game_id, {key} AS game_key, g.kind, {columns}
             FROM {from} JOIN games g ON g.id = t.game_id
             JOIN sources s ON s.id = g.source_id
             WHERE {}{order}",
            c.sql,
            key = record_key_sql("s", "g"),
        );
        self.each_row(
            &sql,
            c.params,
            |r| {
                map(
                    r.get("game_id")?,
                    r.get("game_key")?,
                    kind_of(r, "kind")?,
                    r,
                )
            },
            f,
        )
    }

    /// The move lists of the games under the filter, by game id.
    pub fn each_export_moves<E: From<Error>>(
        &self,
        filter: &GameFilter,
        window: &IdWindow,
        f: impl FnMut(ExportMoves) -> Result<(), E>,
    ) -> Result<(), E> {
        self.each_game_row(
            filter,
            window,
            "t.encoding, t.data, g.extra",
            "moves t",
            "t.game_id",
            |game_id, game_key, kind, r| {
                Ok(ExportMoves {
                    game_id,
                    game_key,
                    kind,
                    encoding: r.get("encoding")?,
                    data: r.get("data")?,
                    extra: r.get("extra")?,
                })
            },
            f,
        )
    }

    /// The seats of the games under the filter, by game and seat.
    pub fn each_export_seat<E: From<Error>>(
        &self,
        filter: &GameFilter,
        window: &IdWindow,
        f: impl FnMut(ExportSeat) -> Result<(), E>,
    ) -> Result<(), E> {
        self.each_game_row(
            filter,
            window,
            &format!(
                "t.seat, t.side, {} AS name, p.name AS recorded_name",
                crate::shown::player_name("p")
            ),
            "game_players t JOIN players p ON p.id = t.player_id",
            "t.game_id, t.seat",
            |game_id, game_key, kind, r| {
                Ok(ExportSeat {
                    game_id,
                    game_key,
                    kind,
                    seat: r.get("seat")?,
                    side: r.get("side")?,
                    name: r.get("name")?,
                    recorded_name: r.get("recorded_name")?,
                })
            },
            f,
        )
    }

    /// The games the curation changes (an event, a correction, rules in force), as
    /// `(game_key, event, counted_result, corrected_result, correction_reason)`.
    #[allow(clippy::type_complexity)]
    pub fn each_curated_game<E: From<Error>>(
        &self,
        f: impl FnMut(
            (
                String,
                Option<String>,
                Option<String>,
                Option<String>,
                Option<String>,
            ),
        ) -> Result<(), E>,
    ) -> Result<(), E> {
        let sql = format!(
            "SELECT {key} AS game_key, {event} AS event, {counted} AS counted,
                    rc.result AS correction, rc.reason AS correction_reason
             FROM games g JOIN sources s ON s.id = g.source_id
             LEFT JOIN events e ON e.id = g.event_id
             LEFT JOIN result_corrections rc ON rc.game_id = coalesce(g.duplicate_of, g.id)
             WHERE coalesce(g.duplicate_of, g.id) IN (SELECT game_id FROM event_games)
                OR rc.game_id IS NOT NULL OR s.rules IS NOT NULL
             ORDER BY g.id",
            key = record_key_sql("s", "g"),
            event = crate::shown::event_name("g", "e.name"),
            counted = crate::shown::counted("g"),
        );
        self.each_row(
            &sql,
            Vec::new(),
            |r| {
                Ok((
                    r.get("game_key")?,
                    r.get("event")?,
                    r.get("counted")?,
                    r.get("correction")?,
                    r.get("correction_reason")?,
                ))
            },
            f,
        )
    }

    /// The seats a curated identity names, as `(game_key, seat, name)`.
    pub fn each_curated_seat<E: From<Error>>(
        &self,
        f: impl FnMut((String, i64, String)) -> Result<(), E>,
    ) -> Result<(), E> {
        let sql = format!(
            "SELECT {key} AS game_key, gp.seat, cp.name FROM game_players gp
             JOIN player_identity pi ON pi.player_id = gp.player_id
             JOIN curated_players cp ON cp.id = pi.identity
             JOIN games g ON g.id = gp.game_id JOIN sources s ON s.id = g.source_id
             ORDER BY gp.game_id, gp.seat",
            key = record_key_sql("s", "g"),
        );
        self.each_row(
            &sql,
            Vec::new(),
            |r| Ok((r.get("game_key")?, r.get("seat")?, r.get("name")?)),
            f,
        )
    }

    /// The rules the curation names (`[[rule]]`), as `(rule, name)`: a recorded rule,
    /// compared exactly, and the name kifu shows for it (`games.rule_name` of every game
    /// giving that rule).
    pub fn each_curated_rule<E: From<Error>>(
        &self,
        f: impl FnMut((String, String)) -> Result<(), E>,
    ) -> Result<(), E> {
        self.each_row(
            "SELECT rule, name FROM curated_rules ORDER BY rule",
            Vec::new(),
            |r| Ok((r.get("rule")?, r.get("name")?)),
            f,
        )
    }

    /// The curation's decisions on the findings of the games under the filter.
    pub fn each_export_decision<E: From<Error>>(
        &self,
        filter: &GameFilter,
        window: &IdWindow,
        f: impl FnMut(ExportDecision) -> Result<(), E>,
    ) -> Result<(), E> {
        self.each_game_row(
            filter,
            window,
            "t.code, t.verdict, t.reason, t.author, t.date, t.line",
            "decisions t",
            "t.game_id, t.code",
            |game_id, game_key, kind, r| {
                Ok(ExportDecision {
                    game_id,
                    game_key,
                    kind,
                    code: r.get("code")?,
                    decision: r.get("verdict")?,
                    reason: r.get("reason")?,
                    by: r.get("author")?,
                    date: r.get("date")?,
                    line: r.get("line")?,
                })
            },
            f,
        )
    }

    /// The comments of the games under the filter, as stored.
    pub fn each_export_comment<E: From<Error>>(
        &self,
        filter: &GameFilter,
        window: &IdWindow,
        f: impl FnMut(ExportComment) -> Result<(), E>,
    ) -> Result<(), E> {
        self.each_ply_text("comments", "text", filter, window, f)
    }

    /// The main-line move marks of the games under the filter, as stored (`text` is the
    /// mark).
    pub fn each_export_move_mark<E: From<Error>>(
        &self,
        filter: &GameFilter,
        window: &IdWindow,
        f: impl FnMut(ExportComment) -> Result<(), E>,
    ) -> Result<(), E> {
        self.each_ply_text("move_marks", "mark", filter, window, f)
    }

    /// The rows of `table` (`game_id`, `ply` and the text `column`) of the games under the
    /// filter, in stored order.
    fn each_ply_text<E: From<Error>>(
        &self,
        table: &str,
        column: &str,
        filter: &GameFilter,
        window: &IdWindow,
        f: impl FnMut(ExportComment) -> Result<(), E>,
    ) -> Result<(), E> {
        self.each_game_row(
            filter,
            window,
            &format!("t.ply, t.{column} AS text"),
            &format!("{table} t"),
            "",
            |game_id, game_key, kind, r| {
                Ok(ExportComment {
                    game_id,
                    game_key,
                    kind,
                    ply: r.get("ply")?,
                    text: r.get("text")?,
                })
            },
            f,
        )
    }

    /// The variation moves of the games under the filter, in node order.
    pub fn each_export_variation<E: From<Error>>(
        &self,
        filter: &GameFilter,
        window: &IdWindow,
        f: impl FnMut(ExportVariation) -> Result<(), E>,
    ) -> Result<(), E> {
        self.each_game_row(
            filter,
            window,
            "t.node, t.parent, t.ply, t.move, t.text, t.comment, t.before, t.mark",
            "variations t",
            "t.game_id, t.node",
            |game_id, game_key, kind, r| {
                Ok(ExportVariation {
                    game_id,
                    game_key,
                    kind,
                    variation: variation_move(r)?,
                })
            },
            f,
        )
    }

    /// The findings under the filter (those of the records it selects: a game's finding
    /// of its copies only with that game), by id.
    pub fn each_export_finding<E: From<Error>>(
        &self,
        filter: &GameFilter,
        window: &IdWindow,
        f: impl FnMut(ExportFinding) -> Result<(), E>,
    ) -> Result<(), E> {
        let c = within(
            filter.own_finding_condition(),
            window.on("x.id", |m| m.findings),
        );
        let sql = format!(
            "SELECT x.id, g.kind, s.content_hash, coalesce(g.member, q.member, '') AS member,
                    x.game_id, x.quarantine_id,
                    CASE WHEN g.id IS NOT NULL THEN {gkey}
                         WHEN q.id IS NOT NULL THEN {qkey} END AS record_key,
                    x.ply, x.code, x.severity, x.message, x.rule, x.offset,
                    x.line, x.\"column\", x.forbidden_kind, x.node
             FROM findings x JOIN sources s ON s.id = x.source_id
             LEFT JOIN games g ON g.id = x.game_id
             LEFT JOIN quarantine q ON q.id = x.quarantine_id WHERE {} ORDER BY x.id",
            c.sql,
            gkey = record_key_sql("s", "g"),
            qkey = record_key_sql("s", "q"),
        );
        self.each_row(
            &sql,
            c.params,
            |r| {
                Ok(ExportFinding {
                    id: r.get("id")?,
                    kind: optional_kind_of(r, "kind")?,
                    source_sha256: r.get("content_hash")?,
                    member: r.get("member")?,
                    game_id: r.get("game_id")?,
                    quarantine_id: r.get("quarantine_id")?,
                    record_key: r.get("record_key")?,
                    ply: r.get("ply")?,
                    code: r.get("code")?,
                    severity: severity_of(r, "severity")?,
                    message: r.get("message")?,
                    rule: r.get("rule")?,
                    byte_offset: r.get("offset")?,
                    line: r.get("line")?,
                    column_number: r.get("column")?,
                    forbidden_kind: forbidden_of(r, "forbidden_kind")?,
                    variation_node: r.get("node")?,
                })
            },
            f,
        )
    }

    /// The quarantined records under the filter (none when it does not admit them; with a
    /// code or severity, those with such a finding), by id.
    pub fn each_export_quarantined<E: From<Error>>(
        &self,
        filter: &GameFilter,
        window: &IdWindow,
        f: impl FnMut(ExportQuarantined) -> Result<(), E>,
    ) -> Result<(), E> {
        if !filter.admits_quarantined() {
            return Ok(());
        }
        let c = within(
            quarantine_condition(filter),
            window.on("q.id", |m| m.quarantine),
        );
        let sql = format!(
            "SELECT q.id, {key} AS record_key, s.content_hash, q.member, q.offset, q.line,
                    q.\"column\", q.length, q.format, q.error, q.raw
             FROM quarantine q JOIN sources s ON s.id = q.source_id
             WHERE {} ORDER BY q.id",
            c.sql,
            key = record_key_sql("s", "q"),
        );
        self.each_row(
            &sql,
            c.params,
            |r| {
                Ok(ExportQuarantined {
                    id: r.get("id")?,
                    record_key: r.get("record_key")?,
                    source_sha256: r.get("content_hash")?,
                    member: r.get("member")?,
                    byte_offset: r.get("offset")?,
                    line: r.get("line")?,
                    column_number: r.get("column")?,
                    byte_length: r.get("length")?,
                    format: r.get("format")?,
                    error: r.get("error")?,
                    raw: r.get("raw")?,
                })
            },
            f,
        )
    }

    /// The sources of the exported records: those in the window with a game under the
    /// filter or, when it admits them, a quarantined record it covers; by id. (A source an
    /// earlier export wrote is not written again when a resumed ingest adds to it.)
    pub fn each_export_source<E: From<Error>>(
        &self,
        filter: &GameFilter,
        window: &IdWindow,
        f: impl FnMut(ExportSource) -> Result<(), E>,
    ) -> Result<(), E> {
        let c = within(exported_sources(filter), window.on("s.id", |m| m.sources));
        let sql = format!(
            "SELECT s.id, s.content_hash, s.path, s.bytes, s.format, s.encoding, s.status,
                    s.records, s.ingested_at
             FROM sources s
             WHERE {} ORDER BY s.id",
            c.sql
        );
        let params = c.params;
        self.each_row(
            &sql,
            params,
            |r| {
                Ok(ExportSource {
                    id: r.get("id")?,
                    sha256: r.get("content_hash")?,
                    path: r.get("path")?,
                    bytes: r.get("bytes")?,
                    format: r.get("format")?,
                    encoding: r.get("encoding")?,
                    status: r.get("status")?,
                    records: r.get("records")?,
                    ingested_at: r.get("ingested_at")?,
                })
            },
            f,
        )
    }

    /// The texts of the libraries among the exported sources (their remarks and title
    /// cards, [`crate::texts`]) in the window, by id.
    pub fn each_export_text<E: From<Error>>(
        &self,
        filter: &GameFilter,
        window: &IdWindow,
        f: impl FnMut(ExportText) -> Result<(), E>,
    ) -> Result<(), E> {
        let c = within(
            exported_sources(filter),
            window.on("t.id", |m| m.library_texts),
        );
        let sql = format!(
            "SELECT t.id, s.content_hash, t.member, t.place, t.offset, t.line, t.length,
                    t.title, t.text
             FROM library_texts t JOIN sources s ON s.id = t.source_id
             WHERE {} ORDER BY t.id",
            c.sql
        );
        self.each_row(
            &sql,
            c.params,
            |r| {
                Ok(ExportText {
                    id: r.get("id")?,
                    source_sha256: r.get("content_hash")?,
                    member: r.get("member")?,
                    place: r.get("place")?,
                    byte_offset: r.get("offset")?,
                    line: r.get("line")?,
                    byte_length: r.get("length")?,
                    title: r.get("title")?,
                    text: r.get("text")?,
                })
            },
            f,
        )
    }
}

/// Which sources `s` an export covers: those of the games and quarantined records it
/// admits.
fn exported_sources(filter: &GameFilter) -> Condition {
    let games = filter.game_condition();
    let mut sql = format!(
        "(EXISTS (SELECT 1 FROM games g WHERE g.source_id = s.id AND {})",
        games.sql
    );
    let mut params = games.params;
    if filter.admits_quarantined() {
        let q = quarantine_condition(filter);
        sql.push_str(&format!(
            " OR EXISTS (SELECT 1 FROM quarantine q WHERE q.source_id = s.id AND {})",
            q.sql
        ));
        params.extend(q.params);
    }
    sql.push(')');
    Condition { sql, params }
}

/// Which quarantined records `q` a filter that admits them covers: all, or with a code or
/// severity those with such a finding (as [`Store::quarantined_count`] counts them).
fn quarantine_condition(filter: &GameFilter) -> Condition {
    let x = filter.finding_condition();
    if filter.codes.is_empty() && filter.severity.is_none() {
        return Condition::all();
    }
    Condition {
        sql: format!(
            "EXISTS (SELECT 1 FROM findings x WHERE x.quarantine_id = q.id AND {})",
            x.sql
        ),
        params: x.params,
    }
}
