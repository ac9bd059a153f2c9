//! The stored ratings (`ratings`, `rating_runs`): what `kifu ratings` computes with the
//! default terms, kept so the data contract and the reports read them without recomputing.

use kifu_facts::{GameKind, RatingSystem};
use rusqlite::{params, Connection};

use crate::generation::{self, Derived, Generation};
use crate::{Result, Store};

/// One player's rating in one rating period.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredRating {
    pub player: String,
    /// The period's place in the player's history, from 0.
    pub period: u32,
    /// The period's date as the games write it; `None`: the one period of undated games.
    pub date: Option<String>,
    pub rating: f64,
    /// WHR's standard deviation; `None` for Elo.
    pub sd: Option<f64>,
    /// The player's games in the period.
    pub games: u32,
}

/// What one stored rating list was computed from.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRun {
    /// The terms, as `kifu ratings` prints them (`w2 14 Elo²/day, prior 1 win 1 loss`).
    pub terms: String,
    pub games: u64,
    pub players: u64,
}

/// One system's rating list, as computed for storing.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingList {
    pub system: RatingSystem,
    pub run: RatingRun,
    pub rows: Vec<StoredRating>,
}

impl Store {
    /// Replaces the ratings of one game, by every system in `lists`, with the lists computed
    /// from the games of `generation`, in one transaction: a reader (or a kill) sees the old
    /// lists or the new, never a mix, and each marked with what it was computed from. Only
    /// the rows that differ are written: a list brought up to date after a few games
    /// changes few of them (Elo: the players of the new games; WHR: those whose rating
    /// moved by its precision).
    pub fn replace_ratings(
        &mut self,
        kind: GameKind,
        generation: Generation,
        lists: &[RatingList],
    ) -> Result<()> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "DELETE FROM rating_runs WHERE kind = ?1",
            params![kind.name()],
        )?;
        for system in RatingSystem::ALL {
            if !lists.iter().any(|l| l.system == system) {
                tx.execute(
                    "DELETE FROM ratings WHERE kind = ?1 AND system = ?2",
                    params![kind.name(), system.name()],
                )?;
            }
        }
        for RatingList { system, run, rows } in lists {
            tx.execute(
                "INSERT INTO rating_runs (kind, system, terms, games, players)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![
                    kind.name(),
                    system.name(),
                    run.terms,
                    run.games,
                    run.players
                ],
            )?;
            let stored = read_ratings(&tx, kind, *system)?;
            write_differences(&tx, kind, *system, &stored, rows)?;
        }
        generation::mark(&tx, Derived::Ratings(kind), generation)?;
        tx.commit()?;
        Ok(())
    }

    /// The stored ratings of one game and system, by player then period.
    pub fn stored_ratings(
        &self,
        kind: GameKind,
        system: RatingSystem,
    ) -> Result<Vec<StoredRating>> {
        read_ratings(&self.conn, kind, system)
    }

    /// What the stored ratings of one game and system were computed from, if they are.
    pub fn rating_run(&self, kind: GameKind, system: RatingSystem) -> Result<Option<RatingRun>> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT terms, games, players FROM rating_runs WHERE kind = ?1 AND system = ?2",
        )?;
        let mut rows = stmt.query(params![kind.name(), system.name()])?;
        Ok(match rows.next()? {
            Some(r) => Some(RatingRun {
                terms: r.get(0)?,
                games: r.get(1)?,
                players: r.get(2)?,
            }),
            None => None,
        })
    }
}

/// The stored ratings of one game and system, by player then period (byte order, as
/// Rust orders strings).
fn read_ratings(
    conn: &Connection,
    kind: GameKind,
    system: RatingSystem,
) -> Result<Vec<StoredRating>> {
    let mut stmt = conn.prepare_cached(
        "SELECT player, period, date, rating, sd, games FROM ratings
         WHERE kind = ?1 AND system = ?2 ORDER BY player, period",
    )?;
    let rows = stmt
        .query_map(params![kind.name(), system.name()], |r| {
            Ok(StoredRating {
                player: r.get(0)?,
                period: r.get(1)?,
                date: r.get(2)?,
                rating: r.get(3)?,
                sd: r.get(4)?,
                games: r.get(5)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(rows)
}

/// Writes what turns `stored` into `rows` (both by player then period): the rows gone
/// deleted, the new and the changed written.
fn write_differences(
    conn: &Connection,
    kind: GameKind,
    system: RatingSystem,
    stored: &[StoredRating],
    rows: &[StoredRating],
) -> Result<()> {
    let mut delete_row = conn.prepare_cached(
        "DELETE FROM ratings WHERE kind = ?1 AND system = ?2 AND player = ?3 AND period = ?4",
    )?;
    let mut delete = |gone: &StoredRating| -> Result<()> {
        delete_row.execute(params![
            kind.name(),
            system.name(),
            gone.player,
            gone.period
        ])?;
        Ok(())
    };
    let mut upsert = conn.prepare_cached(
        "INSERT OR REPLACE INTO ratings (kind, system, player, period, date, rating, sd, games)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    let mut wanted: Vec<&StoredRating> = rows.iter().collect();
    wanted.sort_by(|a, b| (&a.player, a.period).cmp(&(&b.player, b.period)));
    fn key(r: &StoredRating) -> (&str, u32) {
        (r.player.as_str(), r.period)
    }
    let mut old = stored.iter().peekable();
    for new in wanted {
        // The stored rows before this one are gone from the list.
        while let Some(gone) = old.next_if(|o| key(o) < key(new)) {
            delete(gone)?;
        }
        if old.next_if(|o| *o == new).is_some() {
            continue;
        }
        upsert.execute(params![
            kind.name(),
            system.name(),
            new.player,
            new.period,
            new.date,
            new.rating,
            new.sd,
            new.games
        ])?;
        // A stored row of the same key, changed, is replaced.
        old.next_if(|o| key(o) == key(new));
    }
    for gone in old {
        delete(gone)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generation::Freshness;

    #[test]
    fn ratings_are_replaced_whole_marked_with_their_generation_and_read_back_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("r.db")).unwrap();
        let row = |player: &str, period, rating| StoredRating {
            player: player.into(),
            period,
            date: Some("1997".into()),
            rating,
            sd: Some(50.0),
            games: 3,
        };
        let run = RatingRun {
            terms: "t".into(),
            games: 3,
            players: 2,
        };
        let kind = GameKind::Renju;
        let derived = Derived::Ratings(kind);
        assert_eq!(store.freshness(derived).unwrap(), Freshness::Stale);
        let now = store.generation().unwrap();
        let whr = |rows| RatingList {
            system: RatingSystem::Whr,
            run: run.clone(),
            rows,
        };
        let elo = RatingList {
            system: RatingSystem::Elo,
            run: run.clone(),
            rows: vec![row("a", 0, 1400.0)],
        };
        store
            .replace_ratings(
                kind,
                Generation(now.0 - 1),
                &[whr(vec![row("b", 0, 1510.0), row("a", 1, 1490.0)]), elo],
            )
            .unwrap();
        assert_eq!(store.freshness(derived).unwrap(), Freshness::Stale);
        store
            .replace_ratings(
                kind,
                now,
                &[whr(vec![row("b", 0, 1520.0), row("a", 0, 1480.0)])],
            )
            .unwrap();
        assert_eq!(store.freshness(derived).unwrap(), Freshness::Current);
        let stored = store.stored_ratings(kind, RatingSystem::Whr).unwrap();
        assert_eq!(stored, vec![row("a", 0, 1480.0), row("b", 0, 1520.0)]);
        assert_eq!(
            store.rating_run(kind, RatingSystem::Whr).unwrap(),
            Some(run.clone())
        );
        // The list of a system the new run left out is gone with the old run.
        assert_eq!(store.rating_run(kind, RatingSystem::Elo).unwrap(), None);
        assert!(store
            .stored_ratings(kind, RatingSystem::Elo)
            .unwrap()
            .is_empty());
        assert_eq!(
            store
                .freshness(Derived::Ratings(GameKind::Xiangqi))
                .unwrap(),
            Freshness::Stale
        );
        // Only what differs is written: the unchanged row stays, the last player goes.
        store
            .replace_ratings(kind, now, &[whr(vec![row("a", 0, 1480.0)])])
            .unwrap();
        assert_eq!(
            store.stored_ratings(kind, RatingSystem::Whr).unwrap(),
            vec![row("a", 0, 1480.0)]
        );
    }
}
