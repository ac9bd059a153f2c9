//! A database written before names folded whitespace and decoration
//! (`MIGRATION_FOLD_SPACES`) is folded again when opened: players', events' and curated
//! keys, each identity's players, and the header links of records without moves.

use kifu_store::schema::{MIGRATIONS, MIGRATION_FOLD_SPACES};
use kifu_store::Store;
use rusqlite::functions::FunctionFlags;
use rusqlite::Connection;

/// `(id, name, key as the fold before it)`.
const PLAYERS: [(i64, &str, &str); 6] = [
    (1, "吕 钦", "吕 钦"),
    (2, "吕钦", "吕钦"),
    (3, "//上海胡榮華", "//上海胡荣华"),
    (4, "上海胡榮華.", "上海胡荣华."),
    (5, "Li  Na", "li  na"),
    (6, "HASEGAWA K.", "hasegawa k."),
];

/// Builds the database as the build before the migration left it, with the keys that
/// build folded.
fn old_database(path: &std::path::Path) {
    let before = MIGRATIONS
        .iter()
        .position(|m| *m == MIGRATION_FOLD_SPACES)
        .unwrap();
    let mut conn = Connection::open(path).unwrap();
    // The migrations before need the functions to exist; every key is written by hand.
    for name in ["kifu_fold", "kifu_fold_text"] {
        conn.create_scalar_function(name, 1, FunctionFlags::SQLITE_UTF8, |ctx| {
            ctx.get::<Option<String>>(0)
        })
        .unwrap();
    }
    let tx = conn.transaction().unwrap();
    for sql in &MIGRATIONS[..before] {
        tx.execute_batch(sql).unwrap();
    }
    tx.pragma_update(None, "user_version", before as i64)
        .unwrap();
    for (id, name, key) in PLAYERS {
        tx.execute(
            "INSERT INTO players (id, name, key) VALUES (?1, ?2, ?3)",
            rusqlite::params![id, name, key],
        )
        .unwrap();
    }
    tx.execute_batch(
        "INSERT INTO sources (id, path, bytes, content_hash, format, encoding)
         VALUES (1, 'a.pgn', 1, 'a', 'xiangqi-pgn', 'utf-8'),
                (2, 'b.pgn', 1, 'b', 'xiangqi-pgn', 'utf-8');
         INSERT INTO events (id, name, key) VALUES (1, '第16局 河北  李來群', '第16局 河北  李来群');
         -- One game without moves in each file, its names spelt two ways: one game.
         INSERT INTO games (id, source_id, offset, line, \"column\", length, kind, format,
             event_id, date, recorded_result, termination, plies, header_key)
         VALUES (1, 1, 0, 1, 1, 1, 'xiangqi', 'xiangqi-pgn', 1, '1981', 'red', 'unfinished', 0,
                 'old key 1'),
                (2, 2, 0, 1, 1, 1, 'xiangqi', 'xiangqi-pgn', 1, '1981', 'red', 'unfinished', 0,
                 'old key 2');
         INSERT INTO game_players (game_id, seat, side, player_id)
         VALUES (1, 1, 'red', 1), (1, 2, 'black', 3), (2, 1, 'red', 2), (2, 2, 'black', 4);
         -- Two identities whose names now fold alike: the first keeps the name.
         INSERT INTO curated_players (id, name, line) VALUES (1, '呂欽', 1), (2, 'Li Na', 5);
         INSERT INTO curated_names (key, identity)
         VALUES ('吕 钦', 1), ('吕钦', 2), ('li  na', 2);
         INSERT INTO player_identity (player_id, identity) VALUES (1, 1), (2, 2), (5, 2);
         INSERT INTO curated_events (id, key, terms)
         VALUES (1, 'cup  2009', json_object('name', 'Ｃｕｐ  2009', 'line', 9));",
    )
    .unwrap();
    tx.commit().unwrap();
}

fn rows<T: rusqlite::types::FromSql>(conn: &Connection, sql: &str) -> Vec<(T, String)> {
    conn.prepare(sql)
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap()
}

#[test]
fn opening_an_older_database_folds_its_keys_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    old_database(&path);
    let generation_before: i64 = Connection::open(&path)
        .unwrap()
        .query_row("SELECT games FROM generation", [], |r| r.get(0))
        .unwrap();

    let store = Store::open(&path).unwrap();
    assert!(store.generation().unwrap().0 > generation_before);
    // The header key holds folded names: the two records are one game now.
    assert_eq!(store.game(1).unwrap().duplicate_of, None);
    assert_eq!(store.game(2).unwrap().duplicate_of, Some(1));
    drop(store);

    let conn = Connection::open(&path).unwrap();
    let players: Vec<(i64, String)> = rows(&conn, "SELECT id, key FROM players ORDER BY id");
    let want = [
        (1, "吕钦"),
        (2, "吕钦"),
        (3, "上海胡荣华"),
        (4, "上海胡荣华"),
        (5, "li na"),
        (6, "hasegawa k."),
    ];
    assert_eq!(players, want.map(|(id, key)| (id, key.to_owned())));
    // Events fold whitespace, and keep their numbering.
    let events: Vec<(i64, String)> = rows(&conn, "SELECT id, key FROM events");
    assert_eq!(events, [(1, "第16局河北李来群".to_owned())]);
    let curated_events: Vec<(i64, String)> = rows(&conn, "SELECT id, key FROM curated_events");
    assert_eq!(curated_events, [(1, "cup 2009".to_owned())]);
    let names: Vec<(i64, String)> = rows(
        &conn,
        "SELECT identity, key FROM curated_names ORDER BY identity, key",
    );
    assert_eq!(
        names,
        [(1, "吕钦".to_owned()), (2, "li na".to_owned())],
        "the first identity keeps a name two now share"
    );
    let taken: Vec<(i64, String)> = rows(
        &conn,
        "SELECT player_id, CAST(identity AS TEXT) FROM player_identity ORDER BY player_id",
    );
    assert_eq!(
        taken,
        [
            (1, "1".to_owned()),
            (2, "1".to_owned()),
            (5, "2".to_owned())
        ]
    );
}
