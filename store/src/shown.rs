//! The SQL every query shares for what a game shows: the result that counts and the rules
//! in force, its rule's name (curated, else the export's), its curated event's dates, a
//! finding's shown severity, a seat's shown name, its event (the curation's,
//! [`crate::curation`], over the records'), a value and the seats filled from a linked copy
//! ([`crate::copies`]), and how a name pattern matches a folded key.
//!
//! A game is a copy group, named by its first copy ([`group`]): every curated fact (a
//! correction, an event and its rules, a decision, the authoritative copy) is kept against
//! the group and looked up through it, so it holds for every copy. The game's facts come
//! from its holder: the copy a `[[copy]]` names authoritative, else the record itself (its
//! seats: else its earliest copy naming players, [`seats_holder`]).
//!
//! Expressions only, over the tables' aliases the caller names (and the two values read
//! from them a query finishes in Rust, [`shown_rule`] and [`last_day`]): the queries, the
//! filter and the curation all build on them, and this module on none of theirs.

use kifu_facts::{fold_name, fold_text};
use rusqlite::types::Value;

/// SQL: the game (copy group) the record `{g}` belongs to: its first copy's id.
pub(crate) fn group(g: &str) -> String {
    format!("coalesce({g}.duplicate_of, {g}.id)")
}

/// SQL: whether any `[[copy]]` is applied. Uncorrelated, so SQLite evaluates it once per
/// statement: the per-game lookup of an authoritative copy is taken only when there is one
/// (most databases have none, and every filter and listing reads [`counted`]).
const ANY_AUTHORITATIVE: &str = "EXISTS (SELECT 1 FROM authoritative_copies)";

/// SQL: the copy a `[[copy]]` names authoritative for the game of `{g}`, else NULL.
fn named_holder(g: &str) -> String {
    format!(
        "CASE WHEN {ANY_AUTHORITATIVE} THEN (SELECT ac.copy_id FROM authoritative_copies ac
                                             WHERE ac.game_id = {group}) END",
        group = group(g)
    )
}

/// SQL: the curated correction of the result of the game of `{g}`, else NULL.
pub(crate) fn correction(g: &str) -> String {
    format!(
        "(SELECT rc.result FROM result_corrections rc WHERE rc.game_id = {group})",
        group = group(g)
    )
}

/// SQL: the result that counts for the game `{g}`, with its game's correction and its
/// event's rules in force ([`kifu_facts::counted_result_under`]), from the authoritative
/// copy's record where a `[[copy]]` names one, else from `{g}`'s own.
pub(crate) fn counted(g: &str) -> String {
    let (correction, rules, holder) = (correction(g), rules(g), named_holder(g));
    format!(
        "CASE WHEN {holder} IS NULL
              THEN kifu_counted({g}.kind, {g}.recorded_result, {g}.derived_result,
                                {g}.termination, {correction}, {rules})
              ELSE (SELECT kifu_counted(h.kind, h.recorded_result, h.derived_result,
                                        h.termination, {correction}, {rules})
                    FROM games h WHERE h.id = {holder}) END"
    )
}

/// SQL: the name of the rule the record `{g}` gives: the curation's (`[[rule]]`), else the
/// one its source gives it ([`kifu_facts::recorded_rule_name`]: a RenjuNet XML export's,
/// kept in `extra` beside the normalized id in `rule`), else NULL. Either is shown the same
/// way, beside the id ([`shown_rule`]).
pub(crate) fn rule_name(g: &str) -> String {
    use kifu_facts::{RULE_NAME_FORMAT, RULE_NAME_TAG};
    format!(
        "coalesce((SELECT cr.name FROM curated_rules cr WHERE cr.rule = {g}.rule),
                  CASE WHEN {g}.rule IS NOT NULL AND {g}.format = '{RULE_NAME_FORMAT}'
                       THEN {g}.extra ->> '$.{RULE_NAME_TAG}' END)"
    )
}

/// SQL: the `dates` of the curated event the game of `{g}` belongs to, else NULL (a game
/// without a date of its own is placed on their last day, [`last_day`]).
pub(crate) fn event_dates(g: &str) -> String {
    format!(
        "(SELECT ce.dates FROM event_games eg JOIN curated_events ce
          ON ce.id = eg.event WHERE eg.game_id = {group})",
        group = group(g)
    )
}

/// SQL: the rules in force for the game `{g}`: its game's curated event's, else those its
/// file was ingested under (`--xiangqi-rules`); NULL: the world rules.
pub(crate) fn rules(g: &str) -> String {
    format!(
        "coalesce((SELECT ce.rules FROM event_games eg JOIN curated_events ce
                   ON ce.id = eg.event WHERE eg.game_id = {group}),
                  (SELECT rs.rules FROM sources rs WHERE rs.id = {g}.source_id))",
        group = group(g)
    )
}

/// The findings a world-rules repetition verdict makes: under other rules in force they
/// are information only (kifu judges repetition by the world rules alone).
const REPETITION_CODES: &str = "'perpetual-check', 'perpetual-chase', 'repetition-draw', \
     'perpetual-check-changed', 'perpetual-chase-changed', 'repetition-draw-changed', \
     'result-contradicts-repetition-ruling'";

/// SQL: the severity a finding `{x}` of the game `{g}` is shown with: `info` for a
/// repetition verdict under rules in force that are not the world rules, else its own.
pub(crate) fn shown_severity(x: &str, g: &str) -> String {
    format!(
        "CASE WHEN {x}.code IN ({REPETITION_CODES}) AND {g}.id IS NOT NULL
                   AND {rules} = 'chinese' THEN 'info' ELSE {x}.severity END",
        rules = rules(g)
    )
}

/// SQL: the name a `players` row `{p}` is shown by: its curated identity's, else its own.
pub(crate) fn player_name(p: &str) -> String {
    format!(
        "coalesce((SELECT cp.name FROM player_identity pi JOIN curated_players cp
                   ON cp.id = pi.identity WHERE pi.player_id = {p}.id), {p}.name)"
    )
}

/// SQL: the event name of the game `{g}`: its game's curated event's, else `{recorded}`
/// (an SQL expression for the recorded name).
pub(crate) fn event_name(g: &str, recorded: &str) -> String {
    format!(
        "coalesce((SELECT ce.name FROM event_games eg JOIN curated_events ce ON ce.id = eg.event
                   WHERE eg.game_id = {group}), {recorded})",
        group = group(g)
    )
}

/// SQL: the `players` rows whose folded key matches `pattern`, or whose curated identity
/// answers to a name that does: every spelling of one person finds all of their games.
pub(crate) fn players_matching(p: &str, pattern: &str) -> (String, Vec<Value>) {
    let (own, v1) = key_match(&format!("{p}.key"), pattern, Fold::Name);
    let (alias, v2) = key_match("cn.key", pattern, Fold::Name);
    (
        format!(
            "({own} OR {p}.id IN (SELECT pi.player_id FROM player_identity pi
                                  JOIN curated_names cn ON cn.identity = pi.identity
                                  WHERE {alias}))"
        ),
        vec![v1, v2],
    )
}

/// SQL: the value of the column `column` for the game `{g}`: its authoritative copy's
/// where a `[[copy]]` names one and it has one, else its own, else that of its earliest
/// linked copy that has one.
pub(crate) fn filled(g: &str, column: &str) -> String {
    format!(
        "coalesce(CASE WHEN {ANY_AUTHORITATIVE} THEN
                      (SELECT h.{column} FROM authoritative_copies ac JOIN games h
                       ON h.id = ac.copy_id WHERE ac.game_id = {group}) END,
                  {g}.{column},
                  (SELECT hc.{column} FROM games hc WHERE hc.duplicate_of = {g}.id
                   AND hc.{column} IS NOT NULL ORDER BY hc.id LIMIT 1))",
        group = group(g)
    )
}

/// SQL: the id of the game whose seats stand for the game `{g}` (a `games` alias): the
/// authoritative copy's where a `[[copy]]` names one, else its own when it names any
/// player, else those of its earliest linked copy that does (a first copy without names
/// shows the names a copy gives; what each record said stays its own).
pub(crate) fn seats_holder(g: &str) -> String {
    format!(
        "coalesce({holder}, CASE WHEN EXISTS (SELECT 1 FROM game_players WHERE game_id = {g}.id) THEN {g}.id
         ELSE coalesce((SELECT min(hc.id) FROM games hc WHERE hc.duplicate_of = {g}.id
                        AND EXISTS (SELECT 1 FROM game_players WHERE game_id = hc.id)), {g}.id)
         END)",
        holder = named_holder(g)
    )
}

/// How a `key` column is folded: a person's name (`players`, `curated_names`) or another
/// text (`events`, `curated_events`). A pattern is folded as the column it matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fold {
    Name,
    Text,
}

impl Fold {
    pub(crate) fn apply(self, s: &str) -> String {
        match self {
            Fold::Name => fold_name(s),
            Fold::Text => fold_text(s),
        }
    }
}

/// How a folded `key` column matches a name pattern: `= ?` for a plain name, `GLOB ?` for
/// one with `*` (every other GLOB special escaped, so it stands for itself).
pub(crate) fn key_match(column: &str, pattern: &str, fold: Fold) -> (String, Value) {
    let folded = fold.apply(pattern);
    if !folded.contains('*') {
        return (format!("{column} = ?"), Value::Text(folded));
    }
    let mut glob = String::with_capacity(folded.len() + 8);
    for c in folded.chars() {
        match c {
            '?' => glob.push_str("[?]"),
            '[' => glob.push_str("[[]"),
            c => glob.push(c),
        }
    }
    (format!("{column} GLOB ?"), Value::Text(glob))
}

/// SQL: who the `players` row `{p}` is when two seats are compared: its curated identity
/// (`#` and its number), else its folded key. Two seats name one person when these are
/// equal: a copy's seat credits a game only where it names whom the holder's names.
pub(crate) fn seat_identity(p: &str) -> String {
    format!(
        "coalesce((SELECT '#' || pi.identity FROM player_identity pi WHERE pi.player_id = {p}.id),
                  {p}.key)"
    )
}

/// SQL: whether the record `{c}` (a `games` alias, any copy) names the people its game's
/// holder names, seat by seat ([`seat_identity`]; a seat it leaves empty says nothing).
/// Records alike by their moves alone can be two games (two short draws of one line, a
/// year apart): such a "copy" does not bring its first copy's game into an event that
/// matched it.
pub(crate) fn names_the_holders_players(c: &str) -> String {
    format!(
        "({c}.duplicate_of IS NULL OR EXISTS (
            SELECT 1 FROM games nf WHERE nf.id = {c}.duplicate_of AND NOT EXISTS (
                SELECT 1 FROM game_players cp JOIN players cq ON cq.id = cp.player_id
                WHERE cp.game_id = {c}.id AND NOT EXISTS (
                    SELECT 1 FROM game_players hp JOIN players hq ON hq.id = hp.player_id
                    WHERE hp.game_id = {holder} AND hp.seat = cp.seat
                      AND {held} = {named}))))",
        holder = seats_holder("nf"),
        held = seat_identity("hq"),
        named = seat_identity("cq"),
    )
}

/// A rule as shown: `name (id)` where the curation or the export names it ([`rule_name`]),
/// else as recorded.
pub(crate) fn shown_rule(rule: Option<&str>, name: Option<&str>) -> Option<String> {
    match (rule, name) {
        (Some(rule), Some(name)) => Some(kifu_facts::RuleEntry::label(name, rule)),
        (rule, _) => rule.map(str::to_owned),
    }
}

/// The last day of a curated event's `dates` (`2015-08-22..2015-08-26`, or one date), the
/// day its games without a date of their own are placed on (as the Renju rating site dates
/// a tournament's games).
pub(crate) fn last_day(dates: &str) -> Option<String> {
    let last = dates.rsplit("..").next().unwrap_or(dates).trim();
    (!last.is_empty()).then(|| last.to_owned())
}
