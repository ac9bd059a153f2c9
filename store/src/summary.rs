//! The typed reads behind the statistics, the report and the exports: games of one kind
//! under a [`GameFilter`], findings and per-kind overviews. All SQL of those
//! lives here; callers get typed rows.

use std::collections::HashSet;

use kifu_facts::{Extra, ForbiddenKind, GameKind, ResultName, Ruleset, Severity, Termination};
use rusqlite::types::{Type, Value};
use rusqlite::{params, params_from_iter, Row, RowIndex};

use crate::filter::sql::Condition;
use crate::{Error, GameFilter, Result, Store};

/// The fact [`Store::distinct_facts`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupingFact {
    Rule,
    Date,
    Opening,
    /// The opening, and the extra facts of a game without one.
    OpeningElseExtra,
}

/// One stored game as the statistics need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFacts {
    pub id: i64,
    pub event: Option<String>,
    /// The rule as shown: the curated name with the recorded id beside it
    /// (`RIF (renjunet:1)`), else as recorded.
    pub rule: Option<String>,
    /// The rules a Renju-board game was replayed by (`None` for the other kinds).
    pub ruleset: Option<Ruleset>,
    /// The recorded date, else the last day of the game's curated event's `dates` (as
    /// the ratings date it, [`Store::results_of`]).
    pub date: Option<String>,
    pub recorded_result: Option<ResultName>,
    pub derived_result: Option<ResultName>,
    pub termination: Termination,
    pub plies: u32,
    pub opening: Option<String>,
    pub extra: Extra,
    /// The result that counts, with the curation's correction and rules in force
    /// ([`kifu_facts::counted_result_under`]).
    pub counted: Option<ResultName>,
    /// A record of a results file: a game whose moves were never recorded
    /// ([`kifu_facts::RESULTS_ONLY_FORMATS`]).
    pub results_only: bool,
}

/// One finding as the audit tables count it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindingFacts {
    /// The source path, `path!member` inside an archive.
    pub source: String,
    pub event: Option<String>,
    /// `None` for a quarantined record.
    pub kind: Option<GameKind>,
    pub code: String,
    pub severity: Severity,
    /// The game id, or minus the quarantine id.
    pub record: i64,
}

/// A forbidden-move finding of a Renju game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForbiddenFinding {
    pub game: i64,
    pub code: String,
    /// `None` only for rows whose kind was never stored.
    pub kind: Option<ForbiddenKind>,
}

/// One game kind's share of the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindOverview {
    pub kind: GameKind,
    /// Games stored, linked copies included.
    pub records: u64,
    pub linked_copies: u64,
    /// Games with a warning or error finding.
    pub with_findings: u64,
    pub events: u64,
}

fn corrupt(i: usize, what: &str, value: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        i,
        Type::Text,
        format!("unknown {what} `{value}`").into(),
    )
}

/// Column `i` (its position or its name) as a game kind.
pub(crate) fn kind_of(r: &Row<'_>, i: impl RowIndex) -> rusqlite::Result<GameKind> {
    let i = i.idx(r.as_ref())?;
    let s: String = r.get(i)?;
    GameKind::from_name(&s).ok_or_else(|| corrupt(i, "game kind", &s))
}

pub(crate) fn optional_kind_of(
    r: &Row<'_>,
    i: impl RowIndex,
) -> rusqlite::Result<Option<GameKind>> {
    let i = i.idx(r.as_ref())?;
    let s: Option<String> = r.get(i)?;
    s.map(|s| GameKind::from_name(&s).ok_or_else(|| corrupt(i, "game kind", &s)))
        .transpose()
}

/// Column `i` as how a game of `kind` ended.
pub(crate) fn termination_of(
    r: &Row<'_>,
    i: impl RowIndex,
    kind: GameKind,
) -> rusqlite::Result<Termination> {
    let i = i.idx(r.as_ref())?;
    let s: String = r.get(i)?;
    Termination::parse(kind, &s).ok_or_else(|| corrupt(i, "termination", &s))
}

/// Column `i` as a severity.
pub(crate) fn severity_of(r: &Row<'_>, i: impl RowIndex) -> rusqlite::Result<Severity> {
    let i = i.idx(r.as_ref())?;
    let s: String = r.get(i)?;
    Severity::from_name(&s).ok_or_else(|| corrupt(i, "severity", &s))
}

pub(crate) fn forbidden_of(
    r: &Row<'_>,
    i: impl RowIndex,
) -> rusqlite::Result<Option<ForbiddenKind>> {
    let i = i.idx(r.as_ref())?;
    let s: Option<String> = r.get(i)?;
    s.map(|s| ForbiddenKind::from_name(&s).ok_or_else(|| corrupt(i, "forbidden kind", &s)))
        .transpose()
}

fn extra_of(kind: GameKind, game: i64, json: Option<String>) -> Result<Extra> {
    Extra::parse(kind, json.as_deref())
        .map_err(|source| Error::Corrupt(crate::Unreadable::Extra { game, source }))
}

/// `condition` with `g.kind = kind` in front.
fn of_kind(kind: GameKind, condition: Condition) -> Condition {
    let mut c = Condition::all();
    c.and(crate::filter::sql::KIND, [Value::Text(kind.name().into())]);
    c.and_condition(condition);
    c
}

impl Store {
    /// The game kinds stored, in name order.
    pub fn kinds(&self) -> Result<Vec<GameKind>> {
        let mut stmt = self
            .conn
            .prepare("SELECT DISTINCT kind FROM games ORDER BY kind")?;
        let rows = stmt.query_map([], |r| kind_of(r, 0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Game kinds present under the filter, with their game counts, in name order.
    pub fn kind_counts(&self, filter: &GameFilter) -> Result<Vec<(GameKind, u64)>> {
        let c = filter.game_condition();
        let mut stmt = self.conn.prepare(&format!(
            "SELECT g.kind, count(*) FROM games g WHERE {} GROUP BY g.kind ORDER BY g.kind",
            c.sql
        ))?;
        let rows = stmt.query_map(params_from_iter(c.params), |r| {
            Ok((kind_of(r, 0)?, r.get::<_, i64>(1)? as u64))
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The games of `kind` under the filter (none when it cannot admit `kind`), by id.
    pub fn game_facts(&self, kind: GameKind, filter: &GameFilter) -> Result<Vec<GameFacts>> {
        if !filter.admits_kind(kind) {
            return Ok(Vec::new());
        }
        let c = of_kind(kind, filter.game_condition());
        let mut stmt = self.conn.prepare(&format!(
            "SELECT g.id, {event}, g.rule, g.date, g.recorded_result, g.derived_result,
                    g.termination, g.plies, g.opening, g.extra, g.ruleset, {counted}, g.format,
                    {rule_name}, CASE WHEN g.date IS NULL THEN {event_dates} END
             FROM games g LEFT JOIN events e ON e.id = g.event_id
             WHERE {} ORDER BY g.id",
            c.sql,
            event = crate::shown::event_name("g", "e.name"),
            counted = crate::shown::counted("g"),
            rule_name = crate::shown::rule_name("g"),
            event_dates = crate::shown::event_dates("g"),
        ))?;
        let mut rows = stmt.query(params_from_iter(c.params))?;
        let mut out = Vec::new();
        while let Some(r) = rows.next()? {
            let id: i64 = r.get(0)?;
            let rule: Option<String> = r.get(2)?;
            let rule_name: Option<String> = r.get(13)?;
            let event_dates: Option<String> = r.get(14)?;
            out.push(GameFacts {
                id,
                event: r.get(1)?,
                rule: crate::shown::shown_rule(rule.as_deref(), rule_name.as_deref()),
                date: r
                    .get::<_, Option<String>>(3)?
                    .or_else(|| event_dates.as_deref().and_then(crate::shown::last_day)),
                recorded_result: r.get(4)?,
                derived_result: r.get(5)?,
                termination: termination_of(r, 6, kind)?,
                plies: r.get(7)?,
                opening: r.get(8)?,
                extra: extra_of(kind, id, r.get(9)?)?,
                ruleset: r
                    .get::<_, Option<String>>(10)?
                    .as_deref()
                    .and_then(Ruleset::from_name),
                counted: r.get(11)?,
                results_only: kifu_facts::is_results_only_format(&r.get::<_, String>(12)?),
            });
        }
        Ok(out)
    }

    /// The distinct values of one grouping fact over the games of `kind` under the filter
    /// (a missing one as `None`): a cheap look at the groups there are, before any table
    /// is computed. With [`GroupingFact::OpeningElseExtra`], a game without an opening
    /// gives its extra facts beside, where a tag may name its opening.
    pub fn distinct_facts(
        &self,
        kind: GameKind,
        filter: &GameFilter,
        fact: GroupingFact,
    ) -> Result<Vec<(Option<String>, Option<Extra>)>> {
        if !filter.admits_kind(kind) {
            return Ok(Vec::new());
        }
        // The value, the extra facts, and what the games' facts take beside the value
        // ([`Store::game_facts`]): a rule's name (curated, else the export's), the curated
        // event's dates of a game without its own; so the groups are the tables'
        // (`RIF (renjunet:1)`).
        let rule_name = crate::shown::rule_name("g");
        let event_dates = crate::shown::event_dates("g");
        let columns = match fact {
            GroupingFact::Rule => format!("g.rule, NULL, {rule_name}"),
            GroupingFact::Date => {
                format!("g.date, NULL, CASE WHEN g.date IS NULL THEN {event_dates} END")
            }
            GroupingFact::Opening => "g.opening, NULL, NULL".to_owned(),
            GroupingFact::OpeningElseExtra => {
                "g.opening, CASE WHEN trim(coalesce(g.opening, '')) = '' THEN g.extra END, NULL"
                    .to_owned()
            }
        };
        let c = of_kind(kind, filter.game_condition());
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {columns}, min(g.id) FROM games g WHERE {} GROUP BY 1, 2, 3",
            c.sql
        ))?;
        let mut rows = stmt.query(params_from_iter(c.params))?;
        let mut out = Vec::new();
        while let Some(r) = rows.next()? {
            let extra: Option<String> = r.get(1)?;
            let extra = match extra {
                Some(json) => Some(extra_of(kind, r.get(3)?, Some(json))?),
                None => None,
            };
            let value: Option<String> = r.get(0)?;
            let beside: Option<String> = r.get(2)?;
            let value = match fact {
                GroupingFact::Rule => crate::shown::shown_rule(value.as_deref(), beside.as_deref()),
                GroupingFact::Date => {
                    value.or_else(|| beside.as_deref().and_then(crate::shown::last_day))
                }
                _ => value,
            };
            out.push((value, extra));
        }
        Ok(out)
    }

    /// Ids of the games of `kind` under the filter that have a finding with `code`.
    pub fn games_with_finding(
        &self,
        kind: GameKind,
        code: &str,
        filter: &GameFilter,
    ) -> Result<HashSet<i64>> {
        let mut c = of_kind(kind, filter.game_condition());
        c.and("x.code = ?", [Value::Text(code.into())]);
        let mut stmt = self.conn.prepare(&format!(
            "SELECT DISTINCT x.game_id FROM findings x JOIN games g ON g.id = x.game_id
             WHERE {}",
            c.sql
        ))?;
        let rows = stmt.query_map(params_from_iter(c.params), |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Findings about forbidden moves (`forbidden-unclaimed`, `overline-unclaimed`,
    /// `forbidden-move`) of the Renju games under the filter (each meeting its code and
    /// severity).
    pub fn forbidden_findings(&self, filter: &GameFilter) -> Result<Vec<ForbiddenFinding>> {
        if !filter.admits_kind(GameKind::Renju) {
            return Ok(Vec::new());
        }
        let mut c = of_kind(GameKind::Renju, filter.game_condition());
        c.and_condition(filter.finding_condition());
        let mut stmt = self.conn.prepare(&format!(
            "SELECT x.game_id, x.code, x.forbidden_kind FROM findings x
             JOIN games g ON g.id = x.game_id
             WHERE {}
               AND x.code IN ('forbidden-unclaimed', 'overline-unclaimed', 'forbidden-move')
             ORDER BY x.id",
            c.sql
        ))?;
        let rows = stmt.query_map(params_from_iter(c.params), |r| {
            Ok(ForbiddenFinding {
                game: r.get(0)?,
                code: r.get(1)?,
                kind: forbidden_of(r, 2)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// A game's encoded moves (empty when none are stored).
    pub fn moves_of(&self, game: i64) -> Result<Vec<u8>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT data FROM moves WHERE game_id = ?1")?;
        let mut rows = stmt.query(params![game])?;
        Ok(match rows.next()? {
            Some(r) => r.get(0)?,
            None => Vec::new(),
        })
    }

    /// The findings under the filter, for the audit tables: those of its games and, when
    /// it admits them ([`GameFilter::admits_quarantined`]), of quarantined records; each
    /// meeting the filter's code and severity.
    pub fn finding_facts(&self, filter: &GameFilter) -> Result<Vec<FindingFacts>> {
        let c = filter.finding_record_condition();
        let mut stmt = self.conn.prepare(&format!(
            "SELECT CASE WHEN coalesce(g.member, q.member, '') = '' THEN s.path
                         ELSE s.path || '!' || coalesce(g.member, q.member) END,
                    {event}, g.kind, x.code, x.severity, coalesce(x.game_id, -x.quarantine_id)
             FROM findings x
             JOIN sources s ON s.id = x.source_id
             LEFT JOIN games g ON g.id = x.game_id
             LEFT JOIN quarantine q ON q.id = x.quarantine_id
             LEFT JOIN events e ON e.id = g.event_id
             WHERE {}",
            c.sql,
            event = crate::shown::event_name("g", "e.name"),
        ))?;
        let rows = stmt.query_map(params_from_iter(c.params), |r| {
            Ok(FindingFacts {
                source: r.get(0)?,
                event: r.get(1)?,
                kind: optional_kind_of(r, 2)?,
                code: r.get(3)?,
                severity: severity_of(r, 4)?,
                record: r.get(5)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Per game kind under the filter, linked copies always included (as `kifu ingest`
    /// counts them): games, linked copies, games with a warning or error, events.
    pub fn kind_overview(&self, filter: &GameFilter) -> Result<Vec<KindOverview>> {
        let c = GameFilter {
            with_duplicates: true,
            ..filter.clone()
        }
        .game_condition();
        let mut stmt = self.conn.prepare(&format!(
            "SELECT g.kind, count(*), sum(g.duplicate_of IS NOT NULL),
                    sum(EXISTS (SELECT 1 FROM findings x WHERE x.game_id = g.id
                                 AND x.severity IN ('warning', 'error'))),
                    count(DISTINCT g.event_id)
             FROM games g WHERE {}
             GROUP BY g.kind ORDER BY g.kind",
            c.sql
        ))?;
        let rows = stmt.query_map(params_from_iter(c.params), |r| {
            Ok(KindOverview {
                kind: kind_of(r, 0)?,
                records: r.get::<_, i64>(1)? as u64,
                linked_copies: r.get::<_, i64>(2)? as u64,
                with_findings: r.get::<_, i64>(3)? as u64,
                events: r.get::<_, i64>(4)? as u64,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// Quarantined records under the filter: none when it does not admit them; with a code
    /// or severity, those with such a finding.
    pub fn quarantined_count(&self, filter: &GameFilter) -> Result<u64> {
        if !filter.admits_quarantined() {
            return Ok(0);
        }
        let c = filter.finding_condition();
        let sql = if filter.codes.is_empty() && filter.severity.is_none() {
            "SELECT count(*) FROM quarantine".to_owned()
        } else {
            format!(
                "SELECT count(DISTINCT x.quarantine_id) FROM findings x
                 WHERE x.quarantine_id IS NOT NULL AND {}",
                c.sql
            )
        };
        let n: i64 = self
            .conn
            .query_row(&sql, params_from_iter(c.params), |r| r.get(0))?;
        Ok(n as u64)
    }
}
