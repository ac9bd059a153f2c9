//! Finding games: the games under a filter one line each (`kifu games`), the player and
//! event names with their game counts (`kifu players`, `kifu events`), the ids alone (for
//! any query that restricts itself to what a filter selects), and the checks that tell a
//! filter naming nothing apart from one that selects nothing ([`Store::check_filter`]).

use std::collections::HashSet;
use std::fmt;

use kifu_facts::{closest, is_finding_code, GameKind, ResultName, RENJU_OPENING_RULES};
use rusqlite::types::Value;
use rusqlite::{params_from_iter, OptionalExtension};

use crate::filter::sql::Condition;
use crate::filter::{FilterError, GameFilter};
use crate::functions::rule_key;
use crate::shown::{key_match, Fold};
use crate::summary::kind_of;
use crate::{Result, Store};

/// One game as `kifu games` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameListing {
    pub id: i64,
    pub kind: GameKind,
    pub date: Option<String>,
    pub event: Option<String>,
    pub round: Option<String>,
    /// `(side, name)` in seat order.
    pub players: Vec<(String, String)>,
    /// The recorded result as stored (`unknown`, a name, or nothing).
    pub recorded: Option<String>,
    /// The result that counts.
    pub counted: Option<ResultName>,
    /// The recorded result is a result and not the one that counts: the board decided the
    /// game otherwise.
    pub differs: bool,
    pub opening: Option<String>,
    pub plies: u32,
    /// Findings by severity: info, warning, error.
    pub findings: [u32; 3],
    /// The source path, `path!member` inside an archive.
    pub source: String,
    pub line: u32,
    /// The game this one is a linked copy of.
    pub duplicate_of: Option<i64>,
    /// The linked copy whose seat gave the name searched for, where the seats shown (the
    /// holder's) do not give it themselves: they name the same person otherwise spelled.
    pub found_through: Option<FoundThrough>,
}

/// A linked copy's seat a game was found through (`found as 上海胡榮華 in copy 18326`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundThrough {
    pub copy: i64,
    /// The name as that copy records it.
    pub name: String,
}

/// A quarantined record as `kifu games --status quarantined` lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuarantinedListing {
    pub id: i64,
    pub source: String,
    pub line: u32,
    pub column: u32,
    pub format: Option<String>,
    pub error: String,
}

/// The order of a game listing (ties by id).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GameOrder {
    #[default]
    Id,
    /// Undated games last.
    Date,
    /// Then round, as a number where it is one.
    Event,
    Plies,
}

impl GameOrder {
    pub const NAMES: [&'static str; 4] = ["id", "date", "event", "plies"];

    pub fn from_name(name: &str) -> Option<GameOrder> {
        Some(match name {
            "id" => GameOrder::Id,
            "date" => GameOrder::Date,
            "event" => GameOrder::Event,
            "plies" => GameOrder::Plies,
            _ => return None,
        })
    }

    /// The order's keys, last the id (so two games never tie), each never NULL: a page's
    /// last game and the games after it compare as row values ([`Store::list_games_after`]).
    /// A missing date or event sorts last, a missing round first.
    fn keys(self) -> &'static str {
        match self {
            GameOrder::Id => "g.id",
            GameOrder::Date => "g.date IS NULL, coalesce(g.date, ''), g.id",
            GameOrder::Event => {
                "e.name IS NULL, coalesce(e.name, ''), g.round IS NOT NULL, \
                 coalesce(CAST(g.round AS INTEGER), 0), coalesce(g.round, ''), g.id"
            }
            GameOrder::Plies => "g.plies, g.id",
        }
    }
}

/// The order of a name listing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NameOrder {
    /// Most games first, then by name.
    #[default]
    Games,
    Name,
}

impl NameOrder {
    pub const NAMES: [&'static str; 2] = ["games", "name"];

    pub fn from_name(name: &str) -> Option<NameOrder> {
        match name {
            "games" => Some(NameOrder::Games),
            "name" => Some(NameOrder::Name),
            _ => None,
        }
    }
}

/// A player with the games under a filter and their results from the player's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerListing {
    pub name: String,
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Games with no result that counts.
    pub unknown: u64,
    pub kinds: Vec<GameKind>,
}

/// An event with the games under a filter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventListing {
    pub name: String,
    pub games: u64,
    pub players: u64,
    /// The earliest and latest dates stored for its games.
    pub first_date: Option<String>,
    pub last_date: Option<String>,
    pub kinds: Vec<GameKind>,
}

/// A name in a filter that matches no stored name, with the closest that exist.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unmatched {
    /// `player`, `opponent` or `event`.
    pub what: &'static str,
    pub given: String,
    pub closest: Vec<String>,
}

impl fmt::Display for Unmatched {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = if self.what == "opponent" {
            "player"
        } else {
            self.what
        };
        write!(f, "no {what} matches '{}'", self.given)?;
        if self.closest.is_empty() {
            write!(f, " (the database has no {what} names)")
        } else {
            write!(f, "; closest: {}", self.closest.join(", "))
        }
    }
}

/// Names suggested for a name that matches nothing.
const SUGGESTIONS: usize = 5;

const SOURCE: &str = "CASE WHEN g.member = '' THEN s.path ELSE s.path || '!' || g.member END";

/// `GROUP_CONCAT` of distinct kinds back to kinds.
fn kinds_of(list: Option<String>) -> Vec<GameKind> {
    let mut kinds: Vec<GameKind> = list
        .unwrap_or_default()
        .split(',')
        .filter_map(GameKind::from_name)
        .collect();
    kinds.sort();
    kinds
}

/// A page of a name listing (`listed`: one line per name, with `name` and `games`, and
/// `params` its parameters): in `order`, after the line named `after`, at most `limit`.
fn page_of_names(
    listed: &str,
    params: &[Value],
    order: NameOrder,
    limit: Option<u64>,
    after: Option<&str>,
) -> (String, Vec<Value>) {
    let (order, after_mark) = match order {
        NameOrder::Games => (
            "games DESC, name",
            "listed.games < mark.games OR (listed.games = mark.games AND listed.name > mark.name)",
        ),
        NameOrder::Name => ("name", "listed.name > mark.name"),
    };
    // `mark`: the line named `after`; no `after` (NULL): every line.
    let sql = format!(
        "WITH listed AS ({listed}),
              mark AS (SELECT games, name FROM listed WHERE name = ?)
         SELECT listed.* FROM listed
         WHERE ? IS NULL OR EXISTS (SELECT 1 FROM mark WHERE {after_mark})
         ORDER BY {order} {limit}",
        limit = crate::limit::clause(limit),
    );
    let after = after.map_or(Value::Null, |a| Value::Text(a.to_owned()));
    let mut params = params.to_vec();
    params.extend([after.clone(), after]);
    (sql, params)
}

impl Store {
    /// Checks what only the database can tell: a finding code must be one kifu emits or
    /// one the database holds, a rule one kifu knows or the database holds (else an
    /// error listing the valid ones, closest first). Names that match no stored name are
    /// returned with the closest ones, for the command to say so.
    pub fn check_filter(&self, filter: &GameFilter) -> Result<Vec<Unmatched>> {
        filter.validate()?;
        if filter.codes.iter().any(|c| !is_finding_code(c)) {
            let stored = self.strings("SELECT DISTINCT code FROM findings")?;
            for code in &filter.codes {
                if !is_finding_code(code) && !stored.contains(code) {
                    let mut valid: Vec<&str> = kifu_facts::FINDING_CODES.to_vec();
                    valid.extend(
                        stored
                            .iter()
                            .map(String::as_str)
                            .filter(|c| !is_finding_code(c)),
                    );
                    return Err(FilterError::unknown("finding code", code, valid).into());
                }
            }
        }
        if let Some(rule) = &filter.rule {
            let key = rule_key(rule);
            let known = RENJU_OPENING_RULES.iter().any(|r| rule_key(r) == key);
            if !known {
                // A rule's curated name is known as its recorded id is.
                let stored = self.strings(
                    "SELECT DISTINCT rule FROM games WHERE rule IS NOT NULL
                     UNION SELECT name FROM curated_rules",
                )?;
                if !stored.iter().any(|r| rule_key(r) == key) {
                    let mut valid: Vec<&str> = RENJU_OPENING_RULES.to_vec();
                    valid.extend(stored.iter().map(String::as_str).filter(|r| {
                        !RENJU_OPENING_RULES
                            .iter()
                            .any(|k| rule_key(k) == rule_key(r))
                    }));
                    return Err(FilterError::unknown("rule", rule, valid).into());
                }
            }
        }
        let mut unmatched = Vec::new();
        // A name is known when a record gives it or the curation does (a curated name,
        // alias or event).
        for (what, tables, pattern, fold) in [
            (
                "player",
                ["players", "curated_names"],
                &filter.player,
                Fold::Name,
            ),
            (
                "opponent",
                ["players", "curated_names"],
                &filter.opponent,
                Fold::Name,
            ),
            (
                "event",
                ["events", "curated_events"],
                &filter.event,
                Fold::Text,
            ),
        ] {
            let Some(pattern) = pattern else { continue };
            let (m, v) = key_match("key", pattern, fold);
            let found: bool = self.conn.query_row(
                &format!(
                    "SELECT EXISTS (SELECT 1 FROM {} WHERE {m}) OR EXISTS (SELECT 1 FROM {} WHERE {m})",
                    tables[0], tables[1]
                ),
                [v.clone(), v],
                |r| r.get(0),
            )?;
            if !found {
                let shown = if what == "event" {
                    "SELECT name FROM events UNION SELECT name FROM curated_events ORDER BY name"
                } else {
                    "SELECT name FROM players UNION SELECT name FROM curated_players ORDER BY name"
                };
                let names = self.strings(shown)?;
                unmatched.push(Unmatched {
                    what,
                    given: pattern.clone(),
                    closest: closest(pattern, names.iter().map(String::as_str), SUGGESTIONS)
                        .into_iter()
                        .map(str::to_owned)
                        .collect(),
                });
            }
        }
        Ok(unmatched)
    }

    fn strings(&self, sql: &str) -> Result<Vec<String>> {
        let mut stmt = self.conn.prepare(sql)?;
        let rows = stmt.query_map([], |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The ids of the games under the filter, ascending: for a query elsewhere in the
    /// store (a position search, an explorer) that covers what a filter selects.
    pub fn game_ids(&self, filter: &GameFilter) -> Result<Vec<i64>> {
        let c = filter.game_condition();
        let mut stmt = self.conn.prepare(&format!(
            "SELECT g.id FROM games g WHERE {} ORDER BY g.id",
            c.sql
        ))?;
        let rows = stmt.query_map(params_from_iter(c.params), |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The ids of the games the filter selects, as a set: read in no order, so SQLite may
    /// take them from a partial index (the free-style games' from `games_freestyle`) where
    /// the id order of [`Store::game_ids`] made it read the whole table.
    pub fn game_id_set(&self, filter: &GameFilter) -> Result<HashSet<i64>> {
        let c = filter.game_condition();
        let mut stmt = self
            .conn
            .prepare(&format!("SELECT g.id FROM games g WHERE {}", c.sql))?;
        let rows = stmt.query_map(params_from_iter(c.params), |r| r.get(0))?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// How many games the filter selects.
    pub fn count_games(&self, filter: &GameFilter) -> Result<u64> {
        let c = filter.game_condition();
        let n: i64 = self.conn.query_row(
            &format!("SELECT count(*) FROM games g WHERE {}", c.sql),
            params_from_iter(c.params),
            |r| r.get(0),
        )?;
        Ok(n as u64)
    }

    /// The games under the filter, one row each, in `order`; at most `limit`.
    pub fn list_games(
        &self,
        filter: &GameFilter,
        order: GameOrder,
        limit: Option<u64>,
    ) -> Result<Vec<GameListing>> {
        self.list_games_after(filter, order, limit, None)
    }

    /// [`Store::list_games`] from the game after `after` in `order` on: the next page of a
    /// list whose last game was `after` (a page stays where it is however many games are
    /// added meanwhile). An `after` that is no game is
    /// [`Missing::Game`](crate::Missing::Game).
    pub fn list_games_after(
        &self,
        filter: &GameFilter,
        order: GameOrder,
        limit: Option<u64>,
        after: Option<i64>,
    ) -> Result<Vec<GameListing>> {
        let mut c = filter.game_condition();
        if let Some(after) = after {
            self.game_exists(after)?;
            c.sql = format!(
                "({cond}) AND ({keys}) > (SELECT {keys} FROM games g \
                 LEFT JOIN events e ON e.id = {event} WHERE g.id = ?)",
                cond = c.sql,
                keys = order.keys(),
                event = crate::shown::filled("g", "event_id"),
            );
            c.params.push(Value::Integer(after));
        }
        let count = |severity: &str| {
            format!("(SELECT count(*) FROM findings x WHERE x.game_id = g.id AND x.severity = '{severity}')")
        };
        // Where the first copy lacks its players, date or event, the game shows a linked
        // copy's (`games --player` finds it by any copy's header).
        let sql = format!(
            "SELECT g.id, g.kind, {date} AS shown_date, {event_name} AS shown_event, g.round,
                    g.recorded_result, {counted} AS counted,
                    kifu_recorded(g.recorded_result) AS recorded_name, g.opening, g.plies,
                    {info} AS infos, {warning} AS warnings, {error} AS errors,
                    {SOURCE} AS source, g.line, g.duplicate_of, {seats} AS seats_holder
             FROM games g JOIN sources s ON s.id = g.source_id
             LEFT JOIN events e ON e.id = {event}
             WHERE {cond} ORDER BY {order} {limit}",
            limit = crate::limit::clause(limit),
            date = crate::shown::filled("g", "date"),
            event = crate::shown::filled("g", "event_id"),
            seats = crate::shown::seats_holder("g"),
            counted = crate::shown::counted("g"),
            event_name = crate::shown::event_name("g", "e.name"),
            info = count("info"),
            warning = count("warning"),
            error = count("error"),
            cond = c.sql,
            order = order.keys(),
        );
        let params = c.params;
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let rows = stmt.query_map(params_from_iter(params), |r| {
            let counted: Option<String> = r.get("counted")?;
            let recorded_result: Option<String> = r.get("recorded_name")?;
            let counted = counted.as_deref().and_then(ResultName::parse);
            Ok(GameListing {
                id: r.get("id")?,
                kind: kind_of(r, "kind")?,
                date: r.get("shown_date")?,
                event: r.get("shown_event")?,
                round: r.get("round")?,
                players: Vec::new(),
                recorded: r.get("recorded_result")?,
                differs: recorded_result.is_some()
                    && recorded_result.as_deref().and_then(ResultName::parse) != counted,
                counted,
                opening: r.get("opening")?,
                plies: r.get("plies")?,
                findings: [r.get("infos")?, r.get("warnings")?, r.get("errors")?],
                source: r.get("source")?,
                line: r.get("line")?,
                duplicate_of: r.get("duplicate_of")?,
                found_through: None,
            })
            .map(|g| (g, r.get::<_, i64>("seats_holder")))
        })?;
        let mut out = Vec::new();
        let mut holders = Vec::new();
        for row in rows {
            let (g, holder) = row?;
            out.push(g);
            holders.push(holder?);
        }
        for (g, holder) in out.iter_mut().zip(holders) {
            g.players = crate::query::seats(&self.conn, holder)?;
            g.found_through = self.found_through(filter, g.id, holder)?;
        }
        Ok(out)
    }

    /// [`Missing::Game`](crate::Missing::Game) unless a game has the id `id`.
    fn game_exists(&self, id: i64) -> Result<()> {
        self.conn
            .query_row("SELECT 1 FROM games WHERE id = ?1", [id], |_| Ok(()))
            .optional()?
            .ok_or(crate::Error::NotFound(crate::Missing::Game(id)))
    }

    /// The copy of the game `game` (its seats held by `holder`) whose seat gave the player
    /// or opponent searched for, where the holder's own names do not: the copy's seat
    /// credits the game ([`crate::filter::sql::credits`]), so it names the same person.
    /// None where the holder gives the name, or only the curation does (an alias).
    fn found_through(
        &self,
        filter: &GameFilter,
        game: i64,
        holder: i64,
    ) -> Result<Option<FoundThrough>> {
        let side = filter.side.map(|s| s.name().to_owned());
        let searched = [(&filter.player, side), (&filter.opponent, None)];
        for (pattern, side) in searched {
            let Some(pattern) = pattern else { continue };
            let (m, v) = key_match("p.key", pattern, Fold::Name);
            let mut params = vec![Value::Integer(game), v];
            let side_sql = match side {
                Some(side) => {
                    params.push(Value::Text(side));
                    " AND gp.side = ?"
                }
                None => "",
            };
            params.push(Value::Integer(holder));
            // The holder's seat first: where it gives the name, nothing else need be said.
            // From the game to its copies to their seats (CROSS JOIN keeps that order):
            // from the name, SQLite read every seat of a player of many games, per game.
            let sql = format!(
                "SELECT gp.game_id, p.name FROM games f
                 CROSS JOIN games c CROSS JOIN game_players gp CROSS JOIN players p
                 WHERE f.id = ? AND (c.id = f.id OR c.duplicate_of = f.id)
                   AND gp.game_id = c.id AND p.id = gp.player_id
                   AND {m}{side_sql} AND {credits}
                 ORDER BY gp.game_id <> ?, gp.game_id, gp.seat LIMIT 1",
                credits = crate::filter::sql::credits("gp", "p", "f"),
            );
            let found: Option<(i64, String)> = self
                .conn
                .query_row(&sql, params_from_iter(params), |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .optional()?;
            match found {
                Some((copy, _)) if copy == holder => return Ok(None),
                Some((copy, name)) => return Ok(Some(FoundThrough { copy, name })),
                None => {}
            }
        }
        Ok(None)
    }

    /// The quarantined records under the filter (none unless it admits them), in source
    /// order; at most `limit`.
    pub fn list_quarantined(
        &self,
        filter: &GameFilter,
        limit: Option<u64>,
    ) -> Result<Vec<QuarantinedListing>> {
        if !filter.admits_quarantined() {
            return Ok(Vec::new());
        }
        let mut c = Condition::all();
        if !filter.codes.is_empty() || filter.severity.is_some() {
            let f = filter.finding_condition();
            c.and(
                &format!(
                    "EXISTS (SELECT 1 FROM findings x WHERE x.quarantine_id = q.id AND {})",
                    f.sql
                ),
                f.params,
            );
        }
        let sql = format!(
            "SELECT q.id,
                    CASE WHEN q.member = '' THEN s.path ELSE s.path || '!' || q.member END
                        AS source,
                    q.line, q.\"column\", q.format, q.error
             FROM quarantine q JOIN sources s ON s.id = q.source_id
             WHERE {} ORDER BY q.source_id, q.offset {}",
            c.sql,
            crate::limit::clause(limit),
        );
        let params = c.params;
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map(params_from_iter(params), |r| {
            Ok(QuarantinedListing {
                id: r.get("id")?,
                source: r.get("source")?,
                line: r.get("line")?,
                column: r.get("column")?,
                format: r.get("format")?,
                error: r.get("error")?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The players of the games under the filter with their game counts and results (a
    /// win when the result that counts is their side's); with a player pattern in the
    /// filter, only the players it matches (in its side, if one is given). A game counts
    /// under the names of its holder's seats ([`crate::shown::seats_holder`]: its own, or
    /// those of the earliest copy naming players when it names none), once per person: a
    /// copy's other names never credit it to anyone else. A game whose seats name one
    /// person twice (`same-player-both-seats`) counts once for them, as no win, draw or
    /// loss (in `unknown`).
    pub fn list_players(
        &self,
        filter: &GameFilter,
        order: NameOrder,
        limit: Option<u64>,
    ) -> Result<Vec<PlayerListing>> {
        self.list_players_after(filter, order, limit, None)
    }

    /// [`Store::list_players`]'s lines after the player named `after` in `order`: the next
    /// page of a list whose last line was theirs. A name that is no line of the list is
    /// [`Missing::Name`](crate::Missing::Name).
    pub fn list_players_after(
        &self,
        filter: &GameFilter,
        order: NameOrder,
        limit: Option<u64>,
        after: Option<&str>,
    ) -> Result<Vec<PlayerListing>> {
        let mut c = filter.game_condition();
        if let Some(pattern) = &filter.player {
            let (m, v) = crate::shown::players_matching("p", pattern);
            c.and(&m, v);
            if let Some(side) = filter.side {
                c.and("gp.side = ?", [Value::Text(side.name().to_owned())]);
            }
        }
        // One line per person: a curated identity (`who` < 0) gathers every spelling of
        // its name, and counts a game once however many seats name them.
        let listed = format!(
            "SELECT coalesce((SELECT cp.name FROM curated_players cp WHERE cp.id = -who),
                             (SELECT p.name FROM players p WHERE p.id = who)) AS name,
                    count(*) AS games, sum(r = gp.side) AS wins, sum(r = 'draw') AS draws,
                    sum(r IS NOT NULL AND r <> gp.side AND r <> 'draw') AS losses,
                    sum(r IS NULL) AS unknown, group_concat(DISTINCT kind) AS kinds
             FROM (SELECT id, who, side, kind,
                          CASE WHEN max(twice) THEN NULL ELSE r END AS r
                   FROM (SELECT g.id,
                                coalesce((SELECT -pi.identity FROM player_identity pi
                                          WHERE pi.player_id = gp.player_id),
                                         gp.player_id) AS who,
                                gp.side, g.kind, {counted} AS r,
                                EXISTS (SELECT 1 FROM game_players o
                                        JOIN players q ON q.id = o.player_id
                                        WHERE o.game_id = gp.game_id AND o.seat <> gp.seat
                                          AND {other} = {this}) AS twice
                         FROM games g JOIN game_players gp ON gp.game_id = {holder}
                         JOIN players p ON p.id = gp.player_id
                         WHERE {cond})
                   GROUP BY id, who) gp
             GROUP BY who",
            cond = c.sql,
            counted = crate::shown::counted("g"),
            holder = crate::shown::seats_holder("g"),
            other = crate::shown::seat_identity("q"),
            this = crate::shown::seat_identity("p"),
        );
        let (sql, params) = page_of_names(&listed, &c.params, order, limit, after);
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map(params_from_iter(params), |r| {
            let n = |name: &str| -> rusqlite::Result<u64> {
                Ok(r.get::<_, Option<i64>>(name)?.unwrap_or(0) as u64)
            };
            Ok(PlayerListing {
                name: r.get("name")?,
                games: n("games")?,
                wins: n("wins")?,
                draws: n("draws")?,
                losses: n("losses")?,
                unknown: n("unknown")?,
                kinds: kinds_of(r.get("kinds")?),
            })
        })?;
        let lines: Vec<PlayerListing> = rows.collect::<rusqlite::Result<_>>()?;
        if lines.is_empty() {
            self.listed_name(&listed, c.params, after, "player")?;
        }
        Ok(lines)
    }

    /// The events of the games under the filter with their game and player counts and
    /// first and last dates.
    pub fn list_events(
        &self,
        filter: &GameFilter,
        order: NameOrder,
        limit: Option<u64>,
    ) -> Result<Vec<EventListing>> {
        self.list_events_after(filter, order, limit, None)
    }

    /// [`Store::list_events`]'s lines after the event named `after` in `order`: the next
    /// page of a list whose last line was it. A name that is no line of the list is
    /// [`Missing::Name`](crate::Missing::Name).
    pub fn list_events_after(
        &self,
        filter: &GameFilter,
        order: NameOrder,
        limit: Option<u64>,
        after: Option<&str>,
    ) -> Result<Vec<EventListing>> {
        let c = filter.game_condition();
        // A curated event (`ev` < 0) gathers the games its `match` took, under its name.
        let listed = format!(
            "SELECT coalesce(ce.name, e.name) AS name, count(DISTINCT g.id) AS games,
                    count(DISTINCT gp.player_id) AS players, min(g.date) AS first_date,
                    max(g.date) AS last_date, group_concat(DISTINCT g.kind) AS kinds
             FROM games g LEFT JOIN event_games eg ON eg.game_id = coalesce(g.duplicate_of, g.id)
             LEFT JOIN curated_events ce ON ce.id = eg.event
             LEFT JOIN events e ON e.id = g.event_id
             LEFT JOIN game_players gp ON gp.game_id = g.id
             WHERE coalesce(ce.id, e.id) IS NOT NULL AND {cond}
             GROUP BY coalesce(-ce.id, e.id)",
            cond = c.sql
        );
        let (sql, params) = page_of_names(&listed, &c.params, order, limit, after);
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map(params_from_iter(params), |r| {
            Ok(EventListing {
                name: r.get("name")?,
                games: r.get::<_, i64>("games")? as u64,
                players: r.get::<_, i64>("players")? as u64,
                first_date: r.get("first_date")?,
                last_date: r.get("last_date")?,
                kinds: kinds_of(r.get("kinds")?),
            })
        })?;
        let lines: Vec<EventListing> = rows.collect::<rusqlite::Result<_>>()?;
        if lines.is_empty() {
            self.listed_name(&listed, c.params, after, "event")?;
        }
        Ok(lines)
    }

    /// Unless `after` is none or a line of `listed` (a name listing's query, `params` its
    /// parameters): [`Missing::Name`](crate::Missing::Name), so a page after a name
    /// the list has not is an error, not an empty page.
    fn listed_name(
        &self,
        listed: &str,
        mut params: Vec<Value>,
        after: Option<&str>,
        what: &'static str,
    ) -> Result<()> {
        let Some(after) = after else {
            return Ok(());
        };
        params.push(Value::Text(after.to_owned()));
        let sql = format!("WITH listed AS ({listed}) SELECT count(*) FROM listed WHERE name = ?");
        let found: i64 = self
            .conn
            .query_row(&sql, params_from_iter(params), |r| r.get(0))?;
        if found == 0 {
            return Err(crate::Error::NotFound(crate::Missing::Name(Unmatched {
                what,
                given: after.to_owned(),
                closest: Vec::new(),
            })));
        }
        Ok(())
    }
}
