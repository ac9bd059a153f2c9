//! The curation's entries that name one game by its key (`[[result]]`, `[[decision]]`,
//! `[[copy]]`), applied against the game, not the record: a key may name any copy, and the
//! entry is kept against the copy group's first copy ([`crate::shown::group`]) with the
//! record it `matched`, so it holds for every copy. One game takes one correction, one
//! authoritative copy and one decision per code: two entries naming copies of one game are
//! an error naming both lines.

use std::collections::HashMap;

use kifu_facts::curation::{parse_game_key, Provenance};
use kifu_facts::{Curation, CurationError, GameKind, ResultName};
use rusqlite::{params, OptionalExtension, Transaction};

use crate::{Result, Store};

/// A stored record a game key named: its id, its game (copy group) and its kind.
pub(crate) struct Keyed {
    pub(crate) id: i64,
    pub(crate) group: i64,
    pub(crate) kind: GameKind,
}

/// The record a contract game key names, with its game and kind.
pub(crate) fn game_of_key(tx: &Transaction<'_>, key: &str) -> Result<Option<Keyed>> {
    let Some((hash, member, offset)) = parse_game_key(key) else {
        return Ok(None);
    };
    let row: Option<(i64, i64, String)> = tx
        .query_row(
            "SELECT g.id, coalesce(g.duplicate_of, g.id) AS grp, g.kind
             FROM games g JOIN sources s ON s.id = g.source_id
             WHERE s.content_hash = ?1 AND g.member = ?2 AND g.offset = ?3",
            params![hash.to_ascii_lowercase(), member, offset as i64],
            |r| Ok((r.get("id")?, r.get("grp")?, r.get("kind")?)),
        )
        .optional()?;
    Ok(row.and_then(|(id, group, kind)| {
        GameKind::from_name(&kind).map(|kind| Keyed { id, group, kind })
    }))
}

/// Whether `result` is one a game of `kind` can have.
pub(crate) fn fits(kind: GameKind, result: ResultName) -> bool {
    result == ResultName::Draw || kind.winner(result).is_some()
}

/// Collects the errors of the entries applied, each with its line.
pub(crate) struct Errors<'a>(pub(crate) &'a mut Vec<CurationError>);

impl Errors<'_> {
    pub(crate) fn push(&mut self, line: u32, entry: String, message: String) {
        self.0.push(CurationError {
            line,
            entry,
            message,
        });
    }
}

/// Which entry of a kind took each game first: a second naming a copy of the same game is
/// an error naming both.
#[derive(Default)]
struct Taken<K>(HashMap<K, u32>);

impl<K: std::hash::Hash + Eq> Taken<K> {
    /// The line of the entry that took `key` before, or `None` (then `line` takes it).
    fn take(&mut self, key: K, line: u32) -> Option<u32> {
        match self.0.get(&key) {
            Some(&first) => Some(first),
            None => {
                self.0.insert(key, line);
                None
            }
        }
    }
}

/// How a record matched is said: `game 17259` for the first copy, `copy 17300 of game
/// 17259` for a linked copy.
fn named(k: &Keyed) -> String {
    if k.id == k.group {
        format!("game {}", k.id)
    } else {
        format!("copy {} of game {}", k.id, k.group)
    }
}

/// `[[copy]]`: the authoritative copy of each game named; how many were applied.
pub(crate) fn apply_copies(
    tx: &Transaction<'_>,
    curation: &Curation,
    errors: &mut Errors<'_>,
) -> Result<usize> {
    let mut taken = Taken::default();
    let mut applied = 0;
    for c in &curation.copies {
        let entry = format!("[[copy]] {:?}", c.game);
        let Some(k) = game_of_key(tx, &c.game)? else {
            errors.push(c.line, entry, "no stored game has this key".into());
            continue;
        };
        if let Some(first) = taken.take(k.group, c.line) {
            errors.push(
                c.line,
                entry,
                format!(
                    "{} has its authoritative copy named at line {first} too",
                    named(&k)
                ),
            );
            continue;
        }
        tx.execute(
            "INSERT INTO authoritative_copies (game_id, copy_id, reason, author, date, line)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                k.group,
                k.id,
                c.attested.reason,
                c.attested.by,
                c.attested.date,
                c.line
            ],
        )?;
        applied += 1;
    }
    Ok(applied)
}

/// `[[result]]`: each game's correction; how many were applied.
pub(crate) fn apply_corrections(
    tx: &Transaction<'_>,
    curation: &Curation,
    errors: &mut Errors<'_>,
) -> Result<usize> {
    let mut taken = Taken::default();
    let mut applied = 0;
    for r in &curation.results {
        let entry = format!("[[result]] {:?}", r.game);
        let Some(k) = game_of_key(tx, &r.game)? else {
            errors.push(r.line, entry, "no stored game has this key".into());
            continue;
        };
        if !fits(k.kind, r.result) {
            let message = format!("{} is not a result of a {} game", r.result, k.kind);
            errors.push(r.line, entry, message);
            continue;
        }
        if let Some(first) = taken.take(k.group, r.line) {
            errors.push(
                r.line,
                entry,
                format!("{} has its result corrected at line {first} too", named(&k)),
            );
            continue;
        }
        tx.execute(
            "INSERT INTO result_corrections (game_id, matched, result, reason, author, date, line)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                k.group,
                k.id,
                r.result.name(),
                r.attested.reason,
                r.attested.by,
                r.attested.date,
                r.line
            ],
        )?;
        applied += 1;
    }
    Ok(applied)
}

/// `[[decision]]`: each game's decision on its findings of one code, where any copy of the
/// game has one; how many were applied.
pub(crate) fn apply_decisions(
    tx: &Transaction<'_>,
    curation: &Curation,
    errors: &mut Errors<'_>,
) -> Result<usize> {
    let mut taken = Taken::default();
    let mut applied = 0;
    for d in &curation.decisions {
        let entry = format!("[[decision]] {:?}", d.game);
        let Some(k) = game_of_key(tx, &d.game)? else {
            errors.push(d.line, entry, "no stored game has this key".into());
            continue;
        };
        let has: bool = tx.query_row(
            "SELECT EXISTS (SELECT 1 FROM games c JOIN findings f ON f.game_id = c.id
                            WHERE (c.id = ?1 OR c.duplicate_of = ?1) AND f.code = ?2)",
            params![k.group, d.code],
            |r| r.get(0),
        )?;
        if !has {
            let message = format!("the game has no `{}` finding (in any copy)", d.code);
            errors.push(d.line, entry, message);
            continue;
        }
        if let Some(first) = taken.take((k.group, d.code.clone()), d.line) {
            errors.push(
                d.line,
                entry,
                format!(
                    "{} has its `{}` findings decided at line {first} too",
                    named(&k),
                    d.code
                ),
            );
            continue;
        }
        tx.execute(
            "INSERT INTO decisions (game_id, matched, code, verdict, reason, author, date, line)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                k.group,
                k.id,
                d.code,
                d.verdict.name(),
                d.attested.reason,
                d.attested.by,
                d.attested.date,
                d.line
            ],
        )?;
        applied += 1;
    }
    Ok(applied)
}

/// An entry that names one game by key, as `kifu show` lists it: what it says, who made it
/// and when, its line, and the record its key named (`matched`: another copy than the
/// record shown, or `None` for an entry applied before games were curated as one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyedEntry<T> {
    pub value: T,
    pub provenance: Provenance,
    pub line: u32,
    pub matched: Option<i64>,
}

impl Store {
    /// The correction of the result of the game record `id` belongs to, if the curation
    /// makes one (whichever copy its key named).
    pub fn correction(&self, id: i64) -> Result<Option<KeyedEntry<ResultName>>> {
        Ok(self
            .kept_row(
                "SELECT result, reason, author, date, line, matched FROM result_corrections
                 WHERE game_id = (SELECT coalesce(duplicate_of, id) FROM games WHERE id = ?1)",
                params![id],
                |r| {
                    Ok(KeyedEntry {
                        value: ResultName::parse(&r.get::<_, String>("result")?)
                            .unwrap_or(ResultName::Unknown),
                        provenance: provenance(r)?,
                        line: r.get("line")?,
                        matched: r.get("matched")?,
                    })
                },
            )
            .optional()?)
    }

    /// The authoritative copy a `[[copy]]` names for the game record `id` belongs to.
    pub fn authoritative_copy(&self, id: i64) -> Result<Option<KeyedEntry<i64>>> {
        Ok(self
            .kept_row(
                "SELECT copy_id, reason, author, date, line FROM authoritative_copies
                 WHERE game_id = (SELECT coalesce(duplicate_of, id) FROM games WHERE id = ?1)",
                params![id],
                |r| {
                    let copy = r.get("copy_id")?;
                    Ok(KeyedEntry {
                        value: copy,
                        provenance: provenance(r)?,
                        line: r.get("line")?,
                        matched: Some(copy),
                    })
                },
            )
            .optional()?)
    }
}

/// An entry's reason, author and date, from the columns every keyed table names alike.
fn provenance(r: &rusqlite::Row<'_>) -> rusqlite::Result<Provenance> {
    Ok(Provenance {
        reason: r.get("reason")?,
        by: r.get("author")?,
        date: r.get("date")?,
    })
}

#[cfg(test)]
mod tests {
    use rusqlite::Connection;

    use crate::schema::{MIGRATIONS, MIGRATION_GAME_CURATION};
    use crate::Store;

    #[test]
    fn the_migration_moves_each_entry_to_its_game_keeping_the_first_in_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        let before = MIGRATIONS
            .iter()
            .position(|m| *m == MIGRATION_GAME_CURATION)
            .unwrap();
        {
            let mut conn = Connection::open(&path).unwrap();
            crate::functions::register(&conn).unwrap();
            let tx = conn.transaction().unwrap();
            for sql in &MIGRATIONS[..before] {
                tx.execute_batch(sql).unwrap();
            }
            tx.pragma_update(None, "user_version", before as i64)
                .unwrap();
            // Game 1 with its copies 2 and 3, and game 4 alone; entries as an older kifu
            // kept them, by the record each key named.
            tx.execute_batch(
                "INSERT INTO sources (id, path, bytes, content_hash, format, encoding)
                 VALUES (1, 'a', 1, 'abc', 'xiangqi-pgn', 'utf-8');
                 INSERT INTO games (id, source_id, offset, line, \"column\", length, kind,
                     format, recorded_result, termination, plies, duplicate_of)
                 VALUES (1, 1, 1, 1, 1, 1, 'xiangqi', 'xiangqi-pgn', 'red', 'unfinished', 2, NULL),
                        (2, 1, 2, 1, 1, 1, 'xiangqi', 'xiangqi-pgn', 'red', 'unfinished', 2, 1),
                        (3, 1, 3, 1, 1, 1, 'xiangqi', 'xiangqi-pgn', 'black', 'unfinished', 2, 1),
                        (4, 1, 4, 1, 1, 1, 'xiangqi', 'xiangqi-pgn', 'draw', 'unfinished', 2, NULL);
                 INSERT INTO result_corrections (game_id, result, author, date, line)
                 VALUES (2, 'black', 'a', '2026', 9), (3, 'draw', 'a', '2026', 5),
                        (4, 'red', 'a', '2026', 7);
                 INSERT INTO decisions (game_id, code, verdict, author, date, line)
                 VALUES (3, 'copies-disagree', 'confirmed', 'a', '2026', 12),
                        (1, 'copies-disagree', 'dismissed', 'a', '2026', 11);
                 INSERT INTO curated_events (id, key, terms)
                 VALUES (1, 'cup', '{\"name\": \"Cup\", \"line\": 1}'),
                        (2, 'open', '{\"name\": \"Open\", \"line\": 4}');
                 INSERT INTO event_games (game_id, event) VALUES (3, 1), (2, 2), (4, 2);",
            )
            .unwrap();
            tx.commit().unwrap();
        }
        let generation = {
            let conn = Connection::open(&path).unwrap();
            conn.query_row("SELECT games FROM generation", [], |r| r.get::<_, i64>(0))
                .unwrap()
        };
        let store = Store::open(&path).unwrap();
        let rows = |sql: &str| -> Vec<(i64, i64, i64)> {
            let mut stmt = store.conn.prepare(sql).unwrap();
            stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .unwrap()
                .map(Result::unwrap)
                .collect()
        };
        // (game, matched, line or event): the entry written first in the file is kept.
        assert_eq!(
            rows("SELECT game_id, matched, line FROM result_corrections ORDER BY game_id"),
            [(1, 3, 5), (4, 4, 7)]
        );
        assert_eq!(
            rows("SELECT game_id, matched, line FROM decisions ORDER BY game_id"),
            [(1, 1, 11)]
        );
        assert_eq!(
            rows("SELECT game_id, matched, event FROM event_games ORDER BY game_id"),
            [(1, 3, 1), (4, 4, 2)]
        );
        assert_eq!(
            store
                .conn
                .query_row("SELECT count(*) FROM authoritative_copies", [], |r| r
                    .get::<_, i64>(0))
                .unwrap(),
            0
        );
        assert!(store.generation().unwrap().0 > generation);
        // Every copy of game 1 shows its correction, through whichever copy.
        for id in [1, 2, 3] {
            let c = store.correction(id).unwrap().unwrap();
            assert_eq!(
                (c.value, c.line, c.matched),
                (kifu_facts::ResultName::Draw, 5, Some(3))
            );
            assert_eq!(store.curated_event_of(id).unwrap().unwrap().0, "Cup");
        }
    }
}
