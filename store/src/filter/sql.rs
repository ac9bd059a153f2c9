//! A [`GameFilter`] as one parameterised SQL condition. Every query of the store that
//! selects games puts this condition in its `WHERE`, on the alias `g` for `games` (and `x`
//! for `findings` where findings are listed), so the filter means the same in every command.
//!
//! Values are always bound as parameters (`?`, in text order), never written into the
//! SQL. Header search goes through indexes: a name is matched on the folded `key` of
//! `players` and `events` (migration 3), exactly (`=`) or as a `GLOB` whose literal
//! prefix SQLite searches the index for, and the matching ids lead to the games through
//! `game_players_player` and `games_event`.

use std::collections::BTreeSet;

use kifu_facts::{fold_text, GameKind, ResultName, Ruleset, Severity};
use rusqlite::types::Value;

use super::{GameFilter, RulesetChoice, Status};
use crate::functions::rule_key;
use crate::shown::{key_match, Fold};

/// A piece of SQL and its parameters, in the order of the `?` in the text.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Condition {
    pub(crate) sql: String,
    pub(crate) params: Vec<Value>,
}

impl Condition {
    /// The condition that holds for every row.
    pub(crate) fn all() -> Condition {
        Condition {
            sql: "1".into(),
            params: Vec::new(),
        }
    }

    /// Adds `AND (sql)` with its parameters.
    pub(crate) fn and(&mut self, sql: &str, params: impl IntoIterator<Item = Value>) {
        if self.sql == "1" {
            self.sql.clear();
        } else {
            self.sql.push_str(" AND ");
        }
        self.sql.push('(');
        self.sql.push_str(sql);
        self.sql.push(')');
        self.params.extend(params);
    }

    /// Adds `AND (other)`.
    pub(crate) fn and_condition(&mut self, other: Condition) {
        self.and(&other.sql, other.params);
    }
}

fn text(s: impl Into<String>) -> Value {
    Value::Text(s.into())
}

/// The severities `min` and above, as stored.
fn severities_from(min: Severity) -> Vec<Value> {
    Severity::ALL
        .into_iter()
        .filter(|s| *s >= min)
        .map(|s| text(s.name()))
        .collect()
}

fn placeholders(n: usize) -> String {
    vec!["?"; n].join(", ")
}

/// The game's kind, with `+` so SQLite never searches the `(kind, canonical_key)` index for
/// it: a kind holds most of the games, and going through that index passes over every
/// game of the kind where a player, event or id leads to a few (`kifu bench --only
/// search`, 20,000 Renju games: an event's games counted in 24.7 ms through the kind
/// index, 0.02 ms through `games_event`). A condition on the kind alone reads the table in
/// id order instead, as fast.
pub(crate) const KIND: &str = "+g.kind = ?";

/// The games `u` without a result recorded (nothing, `unknown` or text: seat results are
/// left in, `kifu_recorded` decides), written as the partial index `games_unrecorded` is,
/// so SQLite reads them from it.
pub(crate) const UNRECORDED: &str =
    "u.recorded_result IS NULL OR u.recorded_result NOT IN ('black', 'white', 'red', 'draw')";

/// The games `u` whose board's result is not the recorded one, as the partial index
/// `games_board_differs` is written.
pub(crate) const BOARD_DIFFERS: &str = "u.derived_result <> u.recorded_result";

/// The games (copy groups) whose result the curation decides: a correction, or a
/// `[[copy]]` whose record gives the result.
const CURATED_RESULT: &str = "SELECT rc.game_id FROM result_corrections rc
     UNION ALL SELECT ac.game_id FROM authoritative_copies ac";

/// A result as the SQL functions return it: its name, or NULL for none.
fn result_value(o: ResultName) -> Value {
    if o.is_known() {
        text(o.name())
    } else {
        Value::Null
    }
}

impl GameFilter {
    /// The filter's conditions on the game `g` (a `games` row), findings included.
    pub(crate) fn game_condition(&self) -> Condition {
        let mut c = Condition::all();
        if let Some(kind) = self.game {
            c.and(KIND, [text(kind.name())]);
        }
        if let Some(id) = self.id {
            c.and("g.id = ?", [Value::Integer(id)]);
        }
        if !self.with_duplicates {
            c.and("g.duplicate_of IS NULL", []);
        }
        if let Some(event) = &self.event {
            let (m, v) = key_match("key", event, Fold::Text);
            c.and_condition(self.any_copy(Condition {
                sql: format!(
                    "SELECT k.id FROM games k WHERE k.event_id IN (SELECT id FROM events WHERE {m})
                     UNION ALL SELECT eg.game_id FROM event_games eg
                     WHERE eg.event IN (SELECT id FROM curated_events WHERE {m})"
                ),
                params: vec![v.clone(), v],
            }));
        }
        self.players_condition(&mut c);
        if !self.date.is_open() {
            let (years, mut params) = self.date_years();
            params.push(self.date.from.map_or(Value::Null, |d| text(d.first_day())));
            params.push(self.date.to.map_or(Value::Null, |d| text(d.last_day())));
            c.and_condition(self.any_copy(Condition {
                sql: format!(
                    "SELECT k.id FROM games k WHERE ({years}) AND kifu_date_within(k.date, ?, ?)"
                ),
                params,
            }));
        }
        if let Some(round) = &self.round {
            c.and("kifu_fold_text(g.round) = ?", [text(fold_text(round))]);
        }
        if let Some(r) = self.result {
            if !r.is_known() {
                // No result counts only where none is corrected in and none recorded.
                c.and(
                    &format!(
                        "(coalesce(g.duplicate_of, g.id) IN ({CURATED_RESULT})
                          OR g.id IN (SELECT u.id FROM games u WHERE {UNRECORDED}))"
                    ),
                    [],
                );
            }
            let counted = crate::shown::counted("g");
            c.and(&format!("{counted} IS ?"), [result_value(r)]);
        }
        if let Some(r) = self.recorded {
            if !r.is_known() {
                c.and(
                    &format!("g.id IN (SELECT u.id FROM games u WHERE {UNRECORDED})"),
                    [],
                );
            }
            c.and("kifu_recorded(g.recorded_result) IS ?", [result_value(r)]);
        }
        if self.result_differs {
            // The result that counts is another than the recorded one only where a
            // correction says so or the board's differs.
            c.and(
                &format!(
                    "(coalesce(g.duplicate_of, g.id) IN ({CURATED_RESULT})
                      OR g.id IN (SELECT u.id FROM games u WHERE {BOARD_DIFFERS}))
                     AND kifu_recorded(g.recorded_result) IS NOT NULL
                     AND {counted} IS NOT kifu_recorded(g.recorded_result)",
                    counted = crate::shown::counted("g")
                ),
                [],
            );
        }
        if let Some(rule) = &self.rule {
            // The stored spellings of the rules (a few), read from the rule index one after
            // the other, those that compare equal to the one given, and their games; and
            // the rules the curation names so (`[[rule]]`).
            c.and(
                "g.id IN (SELECT r.id FROM games r WHERE r.rule IN (
                    WITH RECURSIVE spelling(rule) AS (
                        SELECT min(rule) FROM games
                        UNION ALL SELECT (SELECT min(s.rule) FROM games s WHERE s.rule > spelling.rule)
                        FROM spelling WHERE spelling.rule IS NOT NULL)
                    SELECT rule FROM spelling WHERE kifu_rule_key(rule) = ?
                    UNION SELECT cr.rule FROM curated_rules cr WHERE kifu_rule_key(cr.name) = ?))",
                [text(rule_key(rule)), text(rule_key(rule))],
            );
        }
        // The ruleset written into the SQL, not bound: SQLite uses a partial index only for
        // a condition it can read as the index's own (`games_freestyle`), and every command
        // that selects games counts the free-style games its Renju default leaves out
        // (`kifu bench --only filters`, 1M games: a scan of the table, 180 ms, before).
        let freestyle = Ruleset::Freestyle.name();
        match self.ruleset {
            RulesetChoice::Renju => c.and(&format!("g.ruleset IS NOT '{freestyle}'"), []),
            RulesetChoice::Freestyle => c.and(&format!("g.ruleset = '{freestyle}'"), []),
            RulesetChoice::All => {}
        }
        self.openings_condition(&mut c);
        if let Some(min) = self.plies.min {
            c.and("g.plies >= ?", [Value::Integer(min.into())]);
        }
        if let Some(max) = self.plies.max {
            c.and("g.plies <= ?", [Value::Integer(max.into())]);
        }
        self.findings_condition(&mut c);
        c
    }

    /// The stored dates `k.date` that can lie within the filter's range, as ranges of the
    /// `games_date` index, with their parameters: a stored date the range can hold begins
    /// with its four-digit year (`1985`, `1985-06-03`, `1985/06/03`), which is between the
    /// range's years, or with no digit at all (`c. 1985`: before `0` or after `9`), since
    /// a date is read by its first run of digits, which must be four long
    /// ([`crate::filter::PartialDate::read_stored`]). `kifu_date_within` then decides; the
    /// ranges only spare it the dates of other years (`--date 2004` on 1M games: the games
    /// of 2004 read through the index instead of every game).
    fn date_years(&self) -> (String, Vec<Value>) {
        let from = self.date.from.map(|d| format!("{:04}", d.year()));
        let to = self
            .date
            .to
            .filter(|d| d.year() < 9999)
            .map(|d| format!("{:04}", d.year() + 1));
        let mut params = Vec::new();
        let years = match (from, to) {
            (Some(from), Some(to)) => {
                params.extend([text(from), text(to)]);
                "(k.date >= ? AND k.date < ?) OR k.date < '0' OR k.date >= ':'"
            }
            (Some(from), None) => {
                params.push(text(from));
                "k.date >= ? OR k.date < '0'"
            }
            (None, Some(to)) => {
                params.push(text(to));
                "k.date < ? OR k.date >= ':'"
            }
            (None, None) => "k.date IS NOT NULL",
        };
        (years.to_owned(), params)
    }

    /// The games `g` one of whose linked copies (itself included) is among `ids` (a SELECT
    /// of game ids): a date or event filter finds a game by any copy's header, since the
    /// first copy may lack a date or an event another copy gives (names go by the seats
    /// that credit a game instead: [`credited_seats`]). The ids lead to their
    /// first copies by row id, and, where copies are listed too, to those copies through
    /// `games_duplicate`.
    fn any_copy(&self, ids: Condition) -> Condition {
        let firsts = format!(
            "SELECT coalesce(c.duplicate_of, c.id) FROM games c WHERE c.id IN ({})",
            ids.sql
        );
        if !self.with_duplicates {
            return Condition {
                sql: format!("g.id IN ({firsts})"),
                params: ids.params,
            };
        }
        Condition {
            sql: format!("g.id IN ({firsts}) OR g.duplicate_of IN ({firsts})"),
            params: [ids.params.clone(), ids.params].concat(),
        }
    }

    /// The games `g` among `firsts` (a SELECT of first copies' ids) and, where copies are
    /// listed too, their copies (through `games_duplicate`).
    fn of_games(&self, firsts: Condition) -> Condition {
        if !self.with_duplicates {
            return Condition {
                sql: format!("g.id IN ({})", firsts.sql),
                params: firsts.params,
            };
        }
        Condition {
            sql: format!("g.id IN ({0}) OR g.duplicate_of IN ({0})", firsts.sql),
            params: [firsts.params.clone(), firsts.params].concat(),
        }
    }

    /// `player` (in `side`) and `opponent` in another seat of the same game, each in a
    /// seat that credits the game to them ([`credited_seats`]).
    fn players_condition(&self, c: &mut Condition) {
        let side = self.side.map(|s| s.name());
        match (&self.player, &self.opponent) {
            (Some(p), None) => {
                let seats = credited_seats(p, side);
                c.and_condition(self.of_games(Condition {
                    sql: format!("SELECT game FROM ({})", seats.sql),
                    params: seats.params,
                }));
            }
            (None, Some(o)) => {
                let seats = credited_seats(o, None);
                c.and_condition(self.of_games(Condition {
                    sql: format!("SELECT game FROM ({})", seats.sql),
                    params: seats.params,
                }));
            }
            (Some(p), Some(o)) => {
                // The player's seats (through the key index), then the opponent's of the
                // same games.
                let mine = credited_seats(p, side);
                let theirs = credited_seats(o, None);
                c.and_condition(self.of_games(Condition {
                    sql: format!(
                        "SELECT a.game FROM ({}) a JOIN ({}) b
                         ON b.game = a.game AND b.seat <> a.seat",
                        mine.sql, theirs.sql
                    ),
                    params: [mine.params, theirs.params].concat(),
                }));
            }
            (None, None) => {}
        }
    }

    /// Any of the openings, each read in the code system of the game's kind: the codes
    /// they select, as one set per code system, so a repeated or overlapping value costs
    /// nothing more. Each kind is tested with `+` (see [`KIND`]): an OR of branches on
    /// `g.kind = ?` made SQLite read the kind index once per branch, the cost growing
    /// with every `--opening`.
    fn openings_condition(&self, c: &mut Condition) {
        if self.openings.is_empty() {
            return;
        }
        let renju: BTreeSet<String> = self.openings.iter().flat_map(|o| o.renju_codes()).collect();
        let ecco: BTreeSet<String> = self.openings.iter().flat_map(|o| o.ecco_codes()).collect();
        let mut any = Vec::new();
        let mut params = Vec::new();
        for (kind, codes) in [(GameKind::Renju, renju), (GameKind::Xiangqi, ecco)] {
            if codes.is_empty() {
                continue;
            }
            any.push(format!(
                "{KIND} AND g.opening IN ({})",
                placeholders(codes.len())
            ));
            params.push(text(kind.name()));
            params.extend(codes.into_iter().map(Value::Text));
        }
        let sql = any
            .iter()
            .map(|branch| format!("({branch})"))
            .collect::<Vec<_>>()
            .join(" OR ");
        c.and(&sql, params);
    }

    /// Codes and severity (the same finding has both) and the status.
    fn findings_condition(&self, c: &mut Condition) {
        let severities = self.severity.map(severities_from);
        if !self.codes.is_empty() {
            // Through the code index: few games have a given code.
            let mut sql = format!(
                "g.id IN (SELECT x.game_id FROM findings x WHERE x.code IN ({})",
                placeholders(self.codes.len())
            );
            let mut params: Vec<Value> = self.codes.iter().map(|s| text(s.clone())).collect();
            if let Some(sev) = &severities {
                sql.push_str(&format!(" AND x.severity IN ({})", placeholders(sev.len())));
                params.extend(sev.iter().cloned());
            }
            sql.push(')');
            c.and(&sql, params);
        } else if let Some(sev) = severities {
            // Through the severity index (`findings_severity`): the games with such a
            // finding, however few, instead of a look at every game's findings.
            c.and(
                &format!(
                    "g.id IN (SELECT x.game_id FROM findings x WHERE x.severity IN ({}))",
                    placeholders(sev.len())
                ),
                sev,
            );
        }
        let serious = "EXISTS (SELECT 1 FROM findings x WHERE x.game_id = g.id
                               AND x.severity IN ('warning', 'error'))";
        match self.status {
            Some(Status::Valid) => c.and(&format!("NOT {serious}"), []),
            Some(Status::WithFindings) => c.and(
                "g.id IN (SELECT x.game_id FROM findings x
                          WHERE x.severity IN ('warning', 'error'))",
                [],
            ),
            Some(Status::Quarantined) => c.and("0", []),
            None => {}
        }
    }

    /// The filter's conditions on one finding `x` itself: its code and severity.
    pub(crate) fn finding_condition(&self) -> Condition {
        let mut c = Condition::all();
        if !self.codes.is_empty() {
            c.and(
                &format!("x.code IN ({})", placeholders(self.codes.len())),
                self.codes.iter().map(|s| text(s.clone())),
            );
        }
        if let Some(min) = self.severity {
            let sev = severities_from(min);
            c.and(&format!("x.severity IN ({})", placeholders(sev.len())), sev);
        }
        c
    }

    /// Which findings `x` a listing covers, with `g` the finding's game (LEFT JOINed):
    /// those of the games under the filter and, when it admits them, of quarantined
    /// records; each finding itself meeting [`GameFilter::finding_condition`]. A finding
    /// of the whole game, on its first copy (`copies-disagree`), is covered where the
    /// filter selects any copy of it: `audit --game N` of a copy lists it.
    pub(crate) fn finding_record_condition(&self) -> Condition {
        let mut c = self.own_finding_condition();
        if !self.with_duplicates {
            // Copies are not listed: the first copy's findings are its own.
            return c;
        }
        // Codes, severity and status are the finding's own (above), not the copy's.
        let copies = GameFilter {
            codes: Vec::new(),
            severity: None,
            status: None,
            ..self.clone()
        }
        .game_condition();
        let mut finding = self.finding_condition();
        if let Some(id) = self.id {
            // One game (`show`, `audit --game`): both sides of the OR name the finding's
            // game by id, so each is looked up through `findings_game` instead of the OR
            // reading every finding. The unary `+` keeps SQLite from reading every
            // copies-disagree finding through `findings_code` instead (2.3 ms a game on
            // CCPD's 14,102, against 0.02 ms).
            c.and("x.game_id = ?", [Value::Integer(id)]);
            finding.and(
                &format!(
                    "+x.code = 'copies-disagree' AND x.game_id IN (SELECT g.duplicate_of
                     FROM games g WHERE {})",
                    copies.sql
                ),
                copies.params,
            );
        } else {
            finding.and(
                &format!(
                    "x.code = 'copies-disagree' AND EXISTS (SELECT 1 FROM games g
                     WHERE g.duplicate_of = x.game_id AND {})",
                    copies.sql
                ),
                copies.params,
            );
        }
        c.sql = format!("({}) OR ({})", c.sql, finding.sql);
        c.params.extend(finding.params);
        c
    }

    /// The findings of the records under the filter, as [`Self::finding_record_condition`]
    /// covers them, but a game's only where that game is itself selected (an export writes
    /// a finding beside its game).
    pub(crate) fn own_finding_condition(&self) -> Condition {
        let game = self.game_condition();
        let mut records = Condition {
            sql: format!("x.game_id IS NOT NULL AND {}", game.sql),
            params: game.params,
        };
        if self.admits_quarantined() {
            // Not a game's: a quarantined record's (or, written by hand, the source's).
            records.sql = format!("({}) OR x.game_id IS NULL", records.sql);
        }
        let mut c = Condition::all();
        c.and_condition(records);
        c.and_condition(self.finding_condition());
        c
    }
}

/// SQL: whether the seat `{gp}` (a `game_players` row of any copy, its player the
/// `players` row `{p}`) credits the game whose first copy is `{f}` (a `games` alias): a
/// seat of the game's holder ([`crate::shown::seats_holder`]) does; a seat of another copy
/// only where the holder's same seat names the same person
/// ([`crate::shown::seat_identity`]). A copy's names never credit a game to a player its
/// holder does not name (issue 55: 呂欽–趙國榮 is not 胡榮華's game though a copy of it
/// names him).
pub(crate) fn credits(gp: &str, p: &str, f: &str) -> String {
    let holder = crate::shown::seats_holder(f);
    format!(
        "({gp}.game_id = {holder} OR EXISTS (
            SELECT 1 FROM game_players hp JOIN players hq ON hq.id = hp.player_id
            WHERE hp.game_id = {holder} AND hp.seat = {gp}.seat
              AND {held} = {named}))",
        held = crate::shown::seat_identity("hq"),
        named = crate::shown::seat_identity(p),
    )
}

/// The seats credited to a player matching `pattern` (in `side`, if given), as rows
/// `(game, seat)`: `game` a first copy, `seat` a seat number of it ([`credits`]). The
/// matching players lead through `game_players_player` to the seats of any copy, each
/// to its first copy by row id.
pub(crate) fn credited_seats(pattern: &str, side: Option<&str>) -> Condition {
    let (m, v) = crate::shown::players_matching("p", pattern);
    let mut c = Condition {
        sql: format!(
            "SELECT f.id AS game, gp.seat AS seat FROM game_players gp
             JOIN players p ON p.id = gp.player_id
             JOIN games c ON c.id = gp.game_id
             JOIN games f ON f.id = coalesce(c.duplicate_of, c.id)
             WHERE {m}"
        ),
        params: v,
    };
    if let Some(side) = side {
        c.sql.push_str(" AND gp.side = ?");
        c.params.push(text(side));
    }
    c.sql.push_str(&format!(" AND {}", credits("gp", "p", "f")));
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_exactly_or_as_an_escaped_glob() {
        assert_eq!(
            key_match("p.key", "Ｌｉ Na", Fold::Name),
            ("p.key = ?".to_owned(), text("li na"))
        );
        assert_eq!(
            key_match("p.key", "*[A]?*", Fold::Name),
            ("p.key GLOB ?".to_owned(), text("*[[]a][?]*"))
        );
    }

    #[test]
    fn repeated_openings_make_one_set_per_code_system() {
        let openings = |values: &[&str]| {
            GameFilter {
                openings: values.iter().map(|s| s.parse().unwrap()).collect(),
                ..GameFilter::everything()
            }
            .game_condition()
        };
        let once = openings(&["D4"]);
        assert_eq!(
            once.sql,
            format!(
                "(({KIND} AND g.opening IN (?)) OR ({KIND} AND g.opening IN ({})))",
                placeholders(10)
            )
        );
        assert_eq!(once.params.len(), 1 + 1 + 1 + 10);
        assert_eq!(openings(&["D4", "d4", "D4-D4", "D40-D49"]), once);
        let renju_only = openings(&["I1", "I2", "I13"]);
        assert_eq!(
            renju_only.sql,
            format!("(({KIND} AND g.opening IN (?, ?, ?)))")
        );
        assert_eq!(
            renju_only.params,
            ["renju", "I1", "I13", "I2"].map(text).to_vec()
        );
    }

    #[test]
    fn the_default_leaves_out_linked_copies_only() {
        let c = GameFilter::default().game_condition();
        assert_eq!(c.sql, "(g.duplicate_of IS NULL)");
        assert!(c.params.is_empty());
        assert_eq!(GameFilter::everything().game_condition(), Condition::all());
    }
}
