//! One event's rounds: the games under a filter grouped by the round they show (a linked
//! copy's where the first copy has none), with their players and dates, for an event's
//! record (`kifu event`, `/api/events/NAME`).

use rusqlite::params_from_iter;

use crate::{GameFilter, Result, Store};

/// The games of one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundLine {
    /// The round as the games show it (`None`: games that name none).
    pub round: Option<String>,
    pub games: u64,
    /// The distinct players seated in its games.
    pub players: u64,
    /// The earliest and latest dates its games show.
    pub first_date: Option<String>,
    pub last_date: Option<String>,
}

impl Store {
    /// The rounds of the games the filter selects, in the store's text order (the caller
    /// orders them as people read rounds).
    pub fn rounds(&self, filter: &GameFilter) -> Result<Vec<RoundLine>> {
        let c = filter.game_condition();
        // One row per seat of each game's holder (one with no player for a game naming
        // none), so a round counts its games and its distinct players at once.
        let sql = format!(
            "SELECT round, count(DISTINCT id) AS games, count(DISTINCT player) AS players,
                    min(date) AS first_date, max(date) AS last_date
             FROM (SELECT g.id, {round} AS round, {date} AS date, gp.player_id AS player
                   FROM games g LEFT JOIN game_players gp ON gp.game_id = {holder}
                   WHERE {cond})
             GROUP BY round ORDER BY round",
            round = crate::shown::filled("g", "round"),
            holder = crate::shown::seats_holder("g"),
            date = crate::shown::filled("g", "date"),
            cond = c.sql,
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map(params_from_iter(c.params), |r| {
            Ok(RoundLine {
                round: r.get("round")?,
                games: r.get::<_, i64>("games")? as u64,
                players: r.get::<_, i64>("players")? as u64,
                first_date: r.get("first_date")?,
                last_date: r.get("last_date")?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}
