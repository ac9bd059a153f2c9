//! One player's record: their results under a filter grouped by year, event, game kind or
//! the spelling a record gave their name. The counting is `kifu players`'s
//! ([`Store::list_players`]): the seats of a game's holder, a win when the result that
//! counts is the player's side, and a game whose seats name the player twice counted as no
//! result; so a player's page and the players list never disagree.

use rusqlite::params_from_iter;

use crate::{GameFilter, Result, Store};

/// What a player's results are grouped by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultsBy {
    /// The year of the game's date (none where it has no date).
    Year,
    /// The game's event, as shown (its curated event's name, else the recorded one).
    Event,
    /// The game kind.
    Kind,
    /// The name as the game's record spells it, before any curated identity gathers it.
    Spelling,
}

/// A player's results in one group.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultsLine {
    /// The group's key (`None`: no year, no event).
    pub key: Option<String>,
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Games with no result that counts, or where both seats name the player.
    pub unknown: u64,
}

impl ResultsLine {
    /// The player's score over the games with a result: a win 1, a draw ½ (`None`: no
    /// game has one).
    pub fn score(&self) -> Option<f64> {
        let decided = self.decided();
        (decided > 0).then(|| (self.wins as f64 + self.draws as f64 / 2.0) / decided as f64)
    }

    /// The games with a result, which [`ResultsLine::score`] is taken over.
    pub fn decided(&self) -> u64 {
        self.wins + self.draws + self.losses
    }
}

impl Store {
    /// The results of the player the filter's `player` names, in the games the filter
    /// selects, one line per group of `by`, in the key's order (no key first). Every
    /// person the name matches counts as the player (the filter's name is compared folded,
    /// and through curated identities). Without a player in the filter there is no one to
    /// count: the answer is empty.
    pub fn player_results(&self, filter: &GameFilter, by: ResultsBy) -> Result<Vec<ResultsLine>> {
        let Some(pattern) = &filter.player else {
            return Ok(Vec::new());
        };
        let mut c = filter.game_condition();
        let (matching, values) = crate::shown::players_matching("p", pattern);
        c.and(&matching, values);
        if let Some(side) = filter.side {
            c.and(
                "gp.side = ?",
                [rusqlite::types::Value::Text(side.name().to_owned())],
            );
        }
        let key = match by {
            ResultsBy::Year => format!("substr({}, 1, 4)", crate::shown::filled("g", "date")),
            ResultsBy::Event => crate::shown::event_name("g", "e.name"),
            ResultsBy::Kind => "g.kind".to_owned(),
            ResultsBy::Spelling => "p.name".to_owned(),
        };
        // Per game and key: the player's outcome, none where two of the game's seats are
        // theirs (two rows, or another seat naming the same person).
        let sql = format!(
            "SELECT key, count(*) AS games, sum(outcome = 'win') AS wins,
                    sum(outcome = 'draw') AS draws, sum(outcome = 'loss') AS losses,
                    sum(outcome IS NULL) AS unknown
             FROM (SELECT id, key,
                          CASE WHEN count(*) > 1 OR max(twice) THEN NULL
                               ELSE max(CASE WHEN r IS NULL THEN NULL WHEN r = side THEN 'win'
                                             WHEN r = 'draw' THEN 'draw' ELSE 'loss' END)
                          END AS outcome
                   FROM (SELECT g.id, {key} AS key, gp.side, {counted} AS r,
                                EXISTS (SELECT 1 FROM game_players o
                                        JOIN players q ON q.id = o.player_id
                                        WHERE o.game_id = gp.game_id AND o.seat <> gp.seat
                                          AND {other} = {this}) AS twice
                         FROM games g JOIN game_players gp ON gp.game_id = {holder}
                         JOIN players p ON p.id = gp.player_id
                         LEFT JOIN events e ON e.id = {event}
                         WHERE {cond})
                   GROUP BY id, key)
             GROUP BY key ORDER BY key IS NOT NULL, key",
            counted = crate::shown::counted("g"),
            holder = crate::shown::seats_holder("g"),
            event = crate::shown::filled("g", "event_id"),
            other = crate::shown::seat_identity("q"),
            this = crate::shown::seat_identity("p"),
            cond = c.sql,
        );
        let params = c.params;
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map(params_from_iter(params), |r| {
            let n = |name: &str| -> rusqlite::Result<u64> {
                Ok(r.get::<_, Option<i64>>(name)?.unwrap_or(0) as u64)
            };
            Ok(ResultsLine {
                key: r.get("key")?,
                games: n("games")?,
                wins: n("wins")?,
                draws: n("draws")?,
                losses: n("losses")?,
                unknown: n("unknown")?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}
