//! Standings of an event, the one implementation `kifu standings` and the reports share:
//! the points tables of two-player games ([`points_tables`]: win 1, draw ½, loss 0, with
//! Sonneborn-Berger) and ChouChou's score sheet and standings ([`chouchou_standings`]).
//!
//! Grouped by event, or (the `_by_section` forms the reports use) by event and the record's
//! section or group tag, so a men's and a women's section are tabled apart. Each line names
//! the tie-break that placed it and the rounds of its section it has no game in.

mod chouchou;
mod columns;
mod crosstable;
mod decider;
mod duel;
mod points;
mod teams;

pub use chouchou::{chouchou_standings, chouchou_standings_by_section, game_result, ChouChouTable};
pub use columns::{Cell, ChouChouColumn, StandingsColumn, TeamColumn};
pub use crosstable::{CrossCell, CrossGame, PlayerOutcome, MISSING_MARK, UNSCORED_MARK};
pub use decider::Decider;
pub use duel::{Duel, DuelGame};
pub(crate) use points::first_seat_score;
pub use points::{points_tables, points_text, Line, Pairing, Table, TiebreakValue};
pub use teams::{TeamLine, TeamMatch, TeamTable};

use std::collections::{BTreeMap, BTreeSet};

use kifu_facts::{GameKind, ResultName};
use kifu_store::query::ResultRow;

/// One kind's standings: ChouChou's score sheets, or the points tables of a two-player
/// game.
#[derive(Clone, Debug)]
pub enum KindTables {
    ChouChou(Vec<ChouChouTable>),
    Points(Vec<Table>),
}

/// The standings of each kind the filter selects, read from `store` once: what `kifu
/// standings`, `kifu event` and the server's event answers render. With `teams`, only the
/// two-player games' tables that have team tables (ChouChou has none).
pub fn of_games(
    store: &kifu_store::Store,
    filter: &crate::Filter,
    teams: bool,
) -> crate::Result<Vec<(GameKind, KindTables)>> {
    let kinds: Vec<GameKind> = match filter.game {
        Some(g) => vec![g],
        None => store.kinds()?,
    };
    let terms = store.event_terms()?;
    let mut computed = Vec::new();
    for kind in kinds {
        let rows = store.results_of(kind, filter)?;
        if kind == GameKind::ChouChou {
            if !teams {
                computed.push((kind, KindTables::ChouChou(chouchou_standings(&rows))));
            }
            continue;
        }
        let mut tables = points_tables(&rows, &terms);
        if teams {
            tables.retain(|t| t.teams.is_some());
        }
        computed.push((kind, KindTables::Points(tables)));
    }
    Ok(computed)
}

/// Which seat won a two-player game, from its result that counts: `Some(Some(0))` first seat,
/// `Some(Some(1))` second seat, `Some(None)` draw, `None` no result.
fn winner(kind: GameKind, result: Option<ResultName>) -> Option<Option<usize>> {
    match result? {
        ResultName::Draw => Some(None),
        r => kind
            .winner(r)
            .filter(|seat| seat.index() < 2)
            .map(|seat| Some(seat.index())),
    }
}

/// The event the games that name none are tabled under.
pub const NO_EVENT: &str = "(no event)";

/// The event a game is tabled under: games without one go under [`NO_EVENT`].
pub fn event_name(row: &ResultRow) -> String {
    row.event.clone().unwrap_or_else(|| NO_EVENT.into())
}

/// The tags that name a record's section of an event (dpxq writes `group`: 男子组, 女子组).
const SECTION_TAGS: [&str; 2] = ["section", "group"];

/// The record's section or group tag, if it has one that is not empty.
pub fn section_name(row: &ResultRow) -> Option<String> {
    SECTION_TAGS
        .iter()
        .filter_map(|t| row.extra.tag(t))
        .map(str::trim)
        .find(|s| !s.is_empty())
        .map(str::to_owned)
}

/// The order rounds are listed in: by their first number (`第02轮` before `第10轮`), then
/// as written.
pub fn round_order(a: &str, b: &str) -> std::cmp::Ordering {
    fn number(s: &str) -> Option<u64> {
        let digits: String = s
            .chars()
            .skip_while(|c| !c.is_ascii_digit())
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    }
    match (number(a), number(b)) {
        (Some(x), Some(y)) => x.cmp(&y).then_with(|| a.cmp(b)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.cmp(b),
    }
}

/// The rounds named in `rounds`, each once, in [`round_order`].
pub(crate) fn sorted_rounds<'a>(rounds: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let mut v: Vec<String> = rounds.into_iter().map(str::to_owned).collect();
    v.sort_by(|a, b| round_order(a, b));
    v.dedup();
    v
}

/// The rounds of `rounds` each member of a table (a player, a team) has no game in, as
/// `(byes, missing)`: a round that only it sat out, of an odd number of members, is its
/// bye; any other is a game missing from the records. `played`: each member's rounds.
pub(crate) fn absences(
    rounds: &[String],
    played: &BTreeMap<String, BTreeSet<String>>,
) -> BTreeMap<String, (Vec<String>, Vec<String>)> {
    let bye: BTreeMap<&str, &str> = if played.len() % 2 == 1 {
        rounds
            .iter()
            .filter_map(|r| {
                let mut out = played.iter().filter(|(_, s)| !s.contains(r));
                match (out.next(), out.next()) {
                    (Some((member, _)), None) => Some((r.as_str(), member.as_str())),
                    _ => None,
                }
            })
            .collect()
    } else {
        BTreeMap::new()
    };
    played
        .iter()
        .map(|(member, have)| {
            let absent = rounds
                .iter()
                .filter(|r| !have.contains(*r))
                .cloned()
                .partition(|r| bye.get(r.as_str()) == Some(&member.as_str()));
            (member.clone(), absent)
        })
        .collect()
}

/// The places of `n` lines in their final order, and what set each apart from its
/// neighbour: lines `same` on every criterion share a place (`shared`), any other is
/// `decide`d against the line above it (the first against the second; a lone line by
/// `lone`).
pub(crate) fn places<D: Copy>(
    n: usize,
    same: impl Fn(usize, usize) -> bool,
    decide: impl Fn(usize, usize) -> D,
    lone: D,
    shared: D,
) -> Vec<(usize, D)> {
    let mut out = Vec::with_capacity(n);
    let mut place = 0;
    for i in 0..n {
        let tied_above = i > 0 && same(i, i - 1);
        let tied_below = i + 1 < n && same(i, i + 1);
        if !tied_above {
            place = i + 1;
        }
        let decided_by = if tied_above || tied_below {
            shared
        } else if i > 0 {
            decide(i, i - 1)
        } else if n > 1 {
            decide(0, 1)
        } else {
            lone
        };
        out.push((place, decided_by));
    }
    out
}
