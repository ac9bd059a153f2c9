//! Which stored games are copies of one game: the writer links each new game to the first
//! stored game of its identity (`duplicate_of`), and [`relink`] brings the links of a
//! database written by an older kifu up to today's identity.
//!
//! A game's identity is its kind, its ruleset (a free-style game is never a copy of a Renju
//! game, whichever file came first) and
//! - for a record with moves, the canonical key of every move it records (a record cut
//!   short by an illegal move keys on all of them, not on the prefix the replay applied);
//! - for a record without moves, its header ([`header_key`]: the players, date, event,
//!   round and recorded result, names folded as a search folds them). One file never lists
//!   one game twice without its moves (`rps.bdt` lists four forfeits between the same two
//!   players in one year, with one header), so a move-less record is linked only to a first
//!   copy that no record of its own file is already linked to: two files that list the same
//!   games pair them off in order.
//!
//! Where the copies of a game record different headers, [`refresh_disagreements`] keeps a
//! finding of it on the first copy, in the transaction that links them.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use kifu_facts::{
    copy_place, fold_name, fold_text, named_seats, CanonicalKey, CopyHeader, GameKind, ResultName,
    Ruleset,
};
use rusqlite::{params, Transaction};

use crate::record::GameRecord;
use crate::{Result, Store};

/// The separator of a header key's fields (a control character no name holds).
const FIELD: char = '\u{1f}';
/// The separator of the seats in a header key's players.
const SEAT: char = '\u{1e}';

/// The header key of a record without moves: its seats (side and folded name, in seat
/// order), date, folded event and round, and recorded result, or `None` when the record
/// names no player (a header that names no one identifies no game).
pub fn header_key(
    players: &[(impl AsRef<str>, impl AsRef<str>)],
    date: Option<&str>,
    event: Option<&str>,
    round: Option<&str>,
    recorded_result: Option<&str>,
) -> Option<String> {
    if players
        .iter()
        .all(|(_, name)| name.as_ref().trim().is_empty())
    {
        return None;
    }
    let folded = |v: Option<&str>| v.map(fold_text).unwrap_or_default();
    let seats: Vec<String> = players
        .iter()
        .map(|(side, name)| format!("{}={}", side.as_ref(), fold_name(name.as_ref())))
        .collect();
    Some(
        [
            seats.join(&SEAT.to_string()),
            date.map(str::trim).unwrap_or_default().to_owned(),
            folded(event),
            folded(round),
            recorded_result.unwrap_or_default().to_owned(),
        ]
        .join(&FIELD.to_string()),
    )
}

/// The header key of a record to be written: `None` for a record with moves.
pub fn record_header_key(g: &GameRecord) -> Option<String> {
    if g.plies > 0 || !g.canonical_key.is_empty() {
        return None;
    }
    let players: Vec<(&str, &str)> = g.players_by_side().collect();
    header_key(
        &players,
        g.date.as_deref(),
        g.event.as_deref(),
        g.round.as_deref(),
        g.recorded_result.map(ResultName::name),
    )
}

/// A 64-bit hash of a move key with its kind and ruleset (`DefaultHasher::new` has fixed
/// keys: the same in every run).
pub(crate) fn key_hash(kind: GameKind, ruleset: Option<Ruleset>, key: &CanonicalKey) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    kind.name().hash(&mut h);
    ruleset.map(Ruleset::name).hash(&mut h);
    key.hash(&mut h);
    h.finish()
}

/// A first copy found by its header, with the files that hold a record of it.
struct HeaderGame {
    id: i64,
    sources: Vec<i64>,
}

/// What links a record without moves to its first copy: its kind, ruleset and header key.
pub type HeaderIdentity = (GameKind, Option<Ruleset>, String);

/// The first copies of the records without moves, by header: the k-th record with a
/// header in a file is a copy of the k-th first copy with that header that no earlier
/// record of the file is a copy of (a file never lists one game twice without its moves).
/// The store links by it, and so does `ingest --to-parquet`'s shard writer.
#[derive(Default)]
pub struct HeaderCopies {
    by_header: HashMap<HeaderIdentity, Vec<HeaderGame>>,
}

impl HeaderCopies {
    /// The first copy of a move-less record of `source` with this header: the earliest one
    /// that no record of `source` is a copy of.
    pub fn first_copy(&self, identity: &HeaderIdentity, source: i64) -> Option<i64> {
        self.by_header
            .get(identity)?
            .iter()
            .find(|g| !g.sources.contains(&source))
            .map(|g| g.id)
    }

    /// Registers a move-less record `id` of `source`: a new first copy, or a copy of
    /// `duplicate_of`.
    pub fn add(
        &mut self,
        identity: HeaderIdentity,
        id: i64,
        duplicate_of: Option<i64>,
        source: i64,
    ) {
        let games = self.by_header.entry(identity).or_default();
        match duplicate_of.and_then(|first| games.iter_mut().find(|g| g.id == first)) {
            Some(first) => first.sources.push(source),
            None => games.push(HeaderGame {
                id,
                sources: vec![source],
            }),
        }
    }
}

pub(crate) fn ruleset_of(stored: Option<String>) -> Result<Option<Ruleset>> {
    stored
        .map(|name| {
            Ruleset::from_name(&name)
                .ok_or_else(|| crate::Error::Corrupt(crate::Unreadable::Ruleset(name.clone())))
        })
        .transpose()
}

/// What [`relink`] changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Relinked {
    /// Records cut short whose key an older kifu took from the played prefix: their whole
    /// record is not stored, so their key is dropped and they are linked to nothing (a new
    /// ingest of their files links them by the whole record).
    pub cut_short: u64,
    /// Games whose link changed.
    pub links: u64,
}

/// Brings the links of a database written by an older kifu up to today's identity, inside
/// the migration's transaction: records cut short lose their prefix key, the ruleset
/// becomes part of a move key's identity, and move-less records get their header key and
/// are linked by it. A changed link of a game with moves makes the position index (which
/// stores whether each game is a copy) `missing` until `kifu index --rebuild`.
pub(crate) fn relink(tx: &Transaction<'_>) -> Result<Relinked> {
    // Stored moves shorter than the record: one byte a Renju ply, two a Xiangqi or
    // Territorial ply (ChouChou records have no key).
    let cut_short = tx.execute(
        "UPDATE games SET canonical_key = NULL
         WHERE canonical_key IS NOT NULL
           AND (SELECT length(m.data) FROM moves m WHERE m.game_id = games.id)
               < plies * CASE kind WHEN 'renju' THEN 1 ELSE 2 END",
        [],
    )? as u64;
    let first = "(SELECT min(f.id) FROM games f
                  WHERE f.kind = games.kind AND f.canonical_key = games.canonical_key
                    AND f.ruleset IS games.ruleset AND f.id < games.id)";
    let moves_links = tx.execute(
        &format!(
            "UPDATE games SET duplicate_of = {first}
             WHERE duplicate_of IS NOT {first}
               AND (canonical_key IS NOT NULL OR duplicate_of IS NOT NULL)"
        ),
        [],
    )? as u64;
    if moves_links > 0 {
        tx.execute(
            "UPDATE position_index SET state = 'missing' WHERE id = 1 AND state = 'complete'",
            [],
        )?;
    }
    Ok(Relinked {
        cut_short,
        links: moves_links + relink_headers(tx)?,
    })
}

/// Header keys and links of the move-less records, in id order as the writer makes them,
/// and the disagreements of the games whose copies changed; how many links changed.
pub(crate) fn relink_headers(tx: &Transaction<'_>) -> Result<u64> {
    let mut games = Vec::new();
    {
        let mut stmt = tx.prepare(
            "SELECT g.id, g.kind, g.ruleset, g.source_id, g.date, e.name, g.round,
                    g.recorded_result, g.duplicate_of
             FROM games g LEFT JOIN events e ON e.id = g.event_id
             WHERE g.plies = 0 AND g.canonical_key IS NULL ORDER BY g.id",
        )?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            let id: i64 = r.get(0)?;
            let kind: String = r.get(1)?;
            let kind = GameKind::from_name(&kind)
                .ok_or_else(|| crate::Error::Corrupt(crate::Unreadable::Kind(kind.clone())))?;
            let players = crate::query::recorded_seats(tx, id)?;
            let date: Option<String> = r.get(4)?;
            let event: Option<String> = r.get(5)?;
            let round: Option<String> = r.get(6)?;
            let result: Option<String> = r.get(7)?;
            let key = header_key(
                &players,
                date.as_deref(),
                event.as_deref(),
                round.as_deref(),
                result.as_deref(),
            );
            let old: Option<i64> = r.get(8)?;
            games.push((
                id,
                kind,
                ruleset_of(r.get(2)?)?,
                r.get::<_, i64>(3)?,
                key,
                old,
            ));
        }
    }
    let mut firsts = HeaderCopies::default();
    let mut changed = 0;
    // The games a record left or joined: their copies' disagreements change.
    let mut regrouped = std::collections::BTreeSet::new();
    for (id, kind, ruleset, source, key, old) in games {
        let linked = key
            .as_ref()
            .and_then(|k| firsts.first_copy(&(kind, ruleset, k.clone()), source));
        tx.prepare_cached("UPDATE games SET header_key = ?2 WHERE id = ?1")?
            .execute(params![id, key])?;
        if linked != old {
            tx.prepare_cached("UPDATE games SET duplicate_of = ?2 WHERE id = ?1")?
                .execute(params![id, linked])?;
            changed += 1;
            regrouped.extend(old.into_iter().chain(linked));
        }
        if let Some(k) = key {
            firsts.add((kind, ruleset, k), id, linked, source);
        }
    }
    refresh_disagreements(tx, regrouped)?;
    Ok(changed)
}

/// The code of the findings [`refresh_disagreements`] writes.
const COPIES_DISAGREE: &str = "copies-disagree";

/// Rewrites the `copies-disagree` findings of each game in `groups` (first copies' ids),
/// inside the caller's transaction: one finding per field its copies record differently
/// ([`kifu_facts::copies::disagreements`]), on the first copy (its source and place, no
/// ply). The cost is the groups' copies: the writer passes the groups a batch linked a
/// record into, the migration every group. Each lookup goes through an index a bulk load
/// keeps ([`crate::schema::KEPT_IN_BULK`]). How many findings it wrote.
pub(crate) fn refresh_disagreements(
    tx: &Transaction<'_>,
    groups: impl IntoIterator<Item = i64>,
) -> Result<u64> {
    let mut delete =
        tx.prepare_cached("DELETE FROM findings WHERE code = 'copies-disagree' AND game_id = ?1")?;
    let mut insert = tx.prepare_cached(
        "INSERT INTO findings (source_id, game_id, code, severity, message, offset, line,
            \"column\")
         SELECT source_id, id, ?2, ?3, ?4, offset, line, \"column\" FROM games WHERE id = ?1",
    )?;
    let mut written = 0;
    for group in groups {
        delete.execute(params![group])?;
        for d in kifu_facts::disagreements(&copy_headers(tx, group)?) {
            insert.execute(params![
                group,
                COPIES_DISAGREE,
                d.severity().name(),
                d.message()
            ])?;
            written += 1;
        }
    }
    Ok(written)
}

/// [`refresh_disagreements`] over every game with a linked copy (a migration's backfill).
pub(crate) fn refresh_every_group(tx: &Transaction<'_>) -> Result<u64> {
    let groups: Vec<i64> = tx
        .prepare("SELECT DISTINCT duplicate_of FROM games WHERE duplicate_of IS NOT NULL")?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    refresh_disagreements(tx, groups)
}

/// The header of each copy of the game `group` (a first copy), the first copy first.
fn copy_headers(tx: &Transaction<'_>, group: i64) -> Result<Vec<CopyHeader>> {
    let columns = "g.id, s.path, g.member, g.line, g.recorded_result, g.date, e.name, g.round
                   FROM games g JOIN sources s ON s.id = g.source_id
                   LEFT JOIN events e ON e.id = g.event_id";
    // Two lookups, by row id and through `games_duplicate`, not one OR.
    let mut copies = tx.prepare_cached(&format!(
        "SELECT {columns} WHERE g.id = ?1
         UNION ALL SELECT {columns} WHERE g.duplicate_of = ?1 ORDER BY 1"
    ))?;
    let mut seats = tx.prepare_cached(
        "SELECT gp.seat, p.name FROM game_players gp JOIN players p ON p.id = gp.player_id
         WHERE gp.game_id = ?1 ORDER BY gp.seat",
    )?;
    let mut out = Vec::new();
    let mut rows = copies.query(params![group])?;
    while let Some(r) = rows.next()? {
        let game: i64 = r.get(0)?;
        let path: String = r.get(1)?;
        let member: String = r.get(2)?;
        let line: i64 = r.get(3)?;
        let named: Vec<(u8, String)> = seats
            .query_map(params![game], |s| Ok((s.get(0)?, s.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        out.push(CopyHeader {
            game,
            at: copy_place(&path, &member, line),
            result: r
                .get::<_, Option<String>>(4)?
                .as_deref()
                .and_then(ResultName::parse),
            seats: named_seats(named.iter().map(|(seat, name)| (*seat, name.as_str()))),
            date: r.get(5)?,
            event: r.get(6)?,
            round: r.get(7)?,
        });
    }
    Ok(out)
}

/// The header fields a first copy lacks and one of its linked copies gives: each with the id
/// of the copy that gives it (the earliest), so a reader can say which copy said what.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FilledHeader {
    pub players: Option<(i64, Vec<(String, String)>)>,
    pub date: Option<(i64, String)>,
    pub event: Option<(i64, String)>,
}

impl Store {
    /// What the linked copies of game `id` give that it lacks (nothing for a copy itself).
    pub fn filled_header(&self, id: i64) -> Result<FilledHeader> {
        let holder: i64 = self.kept_row(
            &format!(
                "SELECT {} FROM games g WHERE g.id = ?1",
                crate::shown::seats_holder("g")
            ),
            params![id],
            |r| r.get(0),
        )?;
        let mut filled = FilledHeader::default();
        if holder != id {
            filled.players = Some((holder, crate::query::seats(&self.conn, holder)?));
        }
        let mut stmt = self.conn.prepare_cached(
            "SELECT c.id, c.date, e.name FROM games g JOIN games c ON c.duplicate_of = g.id
             LEFT JOIN events e ON e.id = c.event_id
             WHERE g.id = ?1 ORDER BY c.id",
        )?;
        let (own_date, own_event): (Option<String>, Option<i64>) = self.kept_row(
            "SELECT date, event_id FROM games WHERE id = ?1",
            params![id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let mut rows = stmt.query(params![id])?;
        while let Some(r) = rows.next()? {
            let copy: i64 = r.get(0)?;
            if own_date.is_none() && filled.date.is_none() {
                filled.date = r.get::<_, Option<String>>(1)?.map(|d| (copy, d));
            }
            if own_event.is_none() && filled.event.is_none() {
                filled.event = r.get::<_, Option<String>>(2)?.map(|e| (copy, e));
            }
        }
        Ok(filled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kifu_facts::BySeat;
    use rusqlite::Connection;

    /// Every game's id and link, in id order.
    fn links(store: &Store) -> Vec<(i64, Option<i64>)> {
        store
            .conn
            .prepare("SELECT id, duplicate_of FROM games ORDER BY id")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap()
    }

    fn seats(black: &str, white: &str) -> Vec<(String, String)> {
        vec![
            ("black".to_owned(), black.to_owned()),
            ("white".to_owned(), white.to_owned()),
        ]
    }

    #[test]
    fn an_older_database_is_relinked_when_migrated() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        {
            // A version-5 database as an older kifu wrote it.
            let mut conn = Connection::open(&path).unwrap();
            crate::functions::register(&conn).unwrap();
            let tx = conn.transaction().unwrap();
            for sql in &crate::schema::MIGRATIONS[..5] {
                tx.execute_batch(sql).unwrap();
            }
            tx.pragma_update(None, "user_version", 5).unwrap();
            tx.execute_batch(
                "UPDATE position_index SET state = 'complete';
                 INSERT INTO sources (id, path, bytes, content_hash, format, encoding)
                 VALUES (1, 'a.bdt', 1, 'a', 'bdt', 'ascii'), (2, 'b.bdt', 1, 'b', 'bdt', 'ascii');
                 INSERT INTO players (id, name, key) VALUES (1, 'Ann', 'ann'), (2, 'Bob', 'bob');",
            )
            .unwrap();
            // (id, source, ruleset, plies, stored moves, old key, old link)
            type OldGame<'a> = (
                i64,
                i64,
                &'a str,
                i64,
                &'a [u8],
                Option<&'a [u8]>,
                Option<i64>,
            );
            let games: [OldGame; 8] = [
                // A free-style game and a Renju game with its moves, linked by the old key.
                (1, 1, "freestyle", 3, &[1, 2, 3], Some(&[1, 2, 3]), None),
                (2, 2, "renju", 3, &[1, 2, 3], Some(&[1, 2, 3]), Some(1)),
                // Two records cut short alike (2 of 4 and of 5 moves applied).
                (3, 1, "renju", 4, &[5, 6], Some(&[5, 6]), None),
                (4, 2, "renju", 5, &[5, 6], Some(&[5, 6]), Some(3)),
                // Four move-less records with one header, two in each file.
                (5, 1, "renju", 0, &[], None, None),
                (6, 1, "renju", 0, &[], None, None),
                (7, 2, "renju", 0, &[], None, None),
                (8, 2, "renju", 0, &[], None, None),
            ];
            for (id, source, ruleset, plies, moves, key, link) in games {
                tx.execute(
                    "INSERT INTO games (id, source_id, offset, line, \"column\", length, kind,
                        format, date, recorded_result, termination, plies, canonical_key,
                        duplicate_of, ruleset)
                     VALUES (?1, ?2, ?1, 1, 1, 1, 'renju', 'bdt', '2002', 'white', 'x', ?3, ?4,
                        ?5, ?6)",
                    params![id, source, plies, key, link, ruleset],
                )
                .unwrap();
                tx.execute(
                    "INSERT INTO moves (game_id, encoding, data) VALUES (?1, 'renju-idx8', ?2)",
                    params![id, moves],
                )
                .unwrap();
                tx.execute(
                    "INSERT INTO game_players (game_id, seat, side, player_id)
                     VALUES (?1, 1, 'black', 1), (?1, 2, 'white', 2)",
                    params![id],
                )
                .unwrap();
            }
            tx.commit().unwrap();
        }
        let store = Store::open(&path).unwrap();
        let links = links(&store);
        assert_eq!(
            links,
            [
                (1, None),
                (2, None), // another ruleset
                (3, None), // cut short: the whole record is not stored
                (4, None),
                (5, None),
                (6, None), // the same file's: another game
                (7, Some(5)),
                (8, Some(6)),
            ]
        );
        // The index stores which games are copies: it must be rebuilt.
        assert_eq!(
            store.position_index_state().unwrap(),
            crate::positions::IndexState::Missing
        );
        // A new record of the same header in a third file pairs with the first game.
        let mut store = store;
        let id = store
            .begin_source(&crate::NewSource {
                path: "c.bdt".into(),
                path_bytes: None,
                bytes: 1,
                content_hash: "c".into(),
                format: "bdt".into(),
                encoding: "ascii".into(),
                rules: None,
            })
            .unwrap();
        let g = GameRecord {
            source_id: id,
            date: Some("2002".into()),
            recorded_result: Some(ResultName::White),
            ruleset: Some(Ruleset::Renju),
            players: BySeat::from(["ANN".into(), "bob".into()]),
            ..GameRecord::empty(GameKind::Renju)
        };
        let stats = store
            .write_batch(&[crate::Record::Game(Box::new(g))])
            .unwrap();
        assert_eq!(stats.duplicates, 1);
        assert_eq!(store.game(9).unwrap().duplicate_of, Some(5));
    }

    /// A Xiangqi record of `file` (line 3) with the moves `key`, its seats and result.
    fn xiangqi(store: &mut Store, file: &str, key: &[u8], result: ResultName) -> crate::Record {
        let source_id = store
            .begin_source(&crate::NewSource {
                path: file.into(),
                path_bytes: None,
                bytes: 1,
                content_hash: file.into(),
                format: "xiangqi-pgn".into(),
                encoding: "utf-8".into(),
                rules: None,
            })
            .unwrap();
        crate::Record::Game(Box::new(GameRecord {
            source_id,
            line: 3,
            column: 1,
            format: "xiangqi-pgn".into(),
            recorded_result: Some(result),
            players: BySeat::from(["董文淵".into(), "楊官璘".into()]),
            plies: key.len() as u32 / 2,
            canonical_key: CanonicalKey::from(key.to_vec()),
            ..GameRecord::empty(GameKind::Xiangqi)
        }))
    }

    fn disagreeing(store: &Store) -> Vec<(i64, String, String)> {
        store
            .conn
            .prepare(
                "SELECT game_id, severity, message FROM findings
                 WHERE code = 'copies-disagree' ORDER BY id",
            )
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap()
    }

    /// Two writers on one database, their batches taking turns: each links to the first
    /// copies the other stored, as one writer after the other would (each had loaded the
    /// kind while the database was small, before the other wrote).
    #[test]
    fn two_writers_at_once_link_as_one_after_the_other() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.db");
        let mut first = Store::open(&path).unwrap();
        let mut second = Store::open(&path).unwrap();
        let (a, b) = (&[1, 2, 3, 4][..], &[5, 6, 7, 8][..]);
        let a1 = xiangqi(&mut first, "a1.pgn", a, ResultName::Red);
        let b1 = xiangqi(&mut second, "b1.pgn", b, ResultName::Red);
        // Each writer's first batch loads the kind (an empty database).
        first.write_batch(std::slice::from_ref(&a1)).unwrap();
        second.write_batch(&[b1]).unwrap();
        // Each then stores a copy of the game the other stored.
        let b2 = xiangqi(&mut first, "b2.pgn", b, ResultName::Red);
        let a2 = xiangqi(&mut second, "a2.pgn", a, ResultName::Red);
        assert_eq!(first.write_batch(&[b2]).unwrap().duplicates, 1);
        assert_eq!(second.write_batch(&[a2]).unwrap().duplicates, 1);
        let links = links(&first);
        assert_eq!(links, [(1, None), (2, None), (3, Some(2)), (4, Some(1))]);
    }

    #[test]
    fn copies_that_disagree_are_one_finding_on_the_first_copy() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k.db");
        let mut store = Store::open(&path).unwrap();
        let red = xiangqi(&mut store, "a.pgn", &[1, 2, 3, 4], ResultName::Red);
        let black = xiangqi(&mut store, "b.pgn", &[1, 2, 3, 4], ResultName::Black);
        store.write_batch(&[red]).unwrap();
        let generation = store.generation().unwrap();
        store.write_batch(std::slice::from_ref(&black)).unwrap();
        assert_eq!(store.game(2).unwrap().duplicate_of, Some(1));
        let expected = vec![(
            1,
            "warning".to_owned(),
            "copies disagree on the result: red in game 1 (a.pgn:3), black in game 2 (b.pgn:3)"
                .to_owned(),
        )];
        assert_eq!(disagreeing(&store), expected);
        assert!(store.generation().unwrap() > generation);
        // Written again (an interrupted ingest resumed): the same one finding.
        store.write_batch(&[black]).unwrap();
        assert_eq!(disagreeing(&store), expected);
        // A third copy: the finding is rewritten, counting it too.
        let third = xiangqi(&mut store, "c.pgn", &[1, 2, 3, 4], ResultName::Red);
        store.write_batch(&[third]).unwrap();
        let found = disagreeing(&store);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].2,
            "copies disagree on the result: red in game 1 (a.pgn:3) and 1 other copy, \
             black in game 2 (b.pgn:3)"
        );
        // Copies that agree: nothing.
        let same = [
            xiangqi(&mut store, "d.pgn", &[5, 6], ResultName::Draw),
            xiangqi(&mut store, "e.pgn", &[5, 6], ResultName::Draw),
        ];
        store.write_batch(&same).unwrap();
        assert_eq!(store.game(5).unwrap().duplicate_of, Some(4));
        assert_eq!(disagreeing(&store).len(), 1);
        // `audit --game 2`, a copy: the game's finding is listed with it.
        let audited = |id: i64| {
            store
                .findings(
                    &crate::GameFilter {
                        id: Some(id),
                        ..crate::GameFilter::everything()
                    },
                    None,
                )
                .unwrap()
        };
        for id in [1, 2, 3] {
            let rows = audited(id);
            assert_eq!(rows.len(), 1, "game {id}");
            assert_eq!(
                (rows[0].game, rows[0].code.as_str()),
                (Some(1), "copies-disagree")
            );
        }
        assert!(audited(5).is_empty());
        // Without copies, a copy is not selected, nor is its game's finding.
        let firsts = crate::GameFilter {
            id: Some(2),
            with_duplicates: false,
            ..crate::GameFilter::everything()
        };
        assert!(store.findings(&firsts, None).unwrap().is_empty());
        // The migration writes them for a database that has none yet (the migrations after
        // it undone, so that they run again).
        let at = crate::schema::MIGRATIONS
            .iter()
            .position(|m| *m == crate::schema::MIGRATION_COPY_FINDINGS)
            .unwrap();
        store
            .conn
            .execute_batch(&format!(
                "DELETE FROM findings WHERE code = 'copies-disagree';
                 DROP INDEX findings_copies;
                 {}
                 {}
                 {}
                 PRAGMA user_version = {at}",
                crate::schema::UNDO_GAME_CURATION,
                crate::schema::UNDO_SOURCE_PATHS,
                crate::schema::UNDO_PLAYER_NAMES
            ))
            .unwrap();
        let before = store.generation().unwrap();
        drop(store);
        let store = Store::open(&path).unwrap();
        assert_eq!(disagreeing(&store), found);
        assert!(store.generation().unwrap() > before);
    }

    #[test]
    fn a_header_key_folds_names_as_a_search_does_and_needs_a_player() {
        let a = header_key(
            &seats("ＮＯＥＩ", " sosei"),
            Some("2002"),
            None,
            None,
            Some("white"),
        );
        let b = header_key(
            &seats("noei", "Sosei "),
            Some("2002"),
            None,
            None,
            Some("white"),
        );
        assert_eq!(a, b);
        assert_eq!(
            a.as_deref(),
            Some("black=noei\u{1e}white=sosei\u{1f}2002\u{1f}\u{1f}\u{1f}white")
        );
        // Another result, another seat order: another game.
        assert_ne!(
            a,
            header_key(
                &seats("noei", "sosei"),
                Some("2002"),
                None,
                None,
                Some("black")
            )
        );
        assert_ne!(
            a,
            header_key(
                &seats("sosei", "noei"),
                Some("2002"),
                None,
                None,
                Some("white")
            )
        );
        assert_eq!(
            header_key(&seats("", " "), Some("2002"), Some("x"), None, None),
            None
        );
    }
}
