//! Who a game is credited to (issue 55): a search by name finds a game through the seats
//! of its holder, and through a linked copy's seat only where that copy names the same
//! person in the same seat (one folded name, or one curated identity), saying which copy;
//! the players listing counts a game once, under the holder's names; one player in both
//! seats counts once and as no result; the migration writes the finding the ingest writes;
//! one player's record (`Store::player_results`, by year, event, kind and spelling) adds
//! up to the players list.

use kifu_facts::curation::{Curation, PlayerEntry};
use kifu_facts::{BySeat, GameKind, ResultName};
use kifu_store::player::{ResultsBy, ResultsLine};
use kifu_store::search::{FoundThrough, GameOrder, NameOrder, PlayerListing};
use kifu_store::{GameFilter, GameRecord, NewSource, Record, Store};

/// A Xiangqi record of `moves` (records with one key are copies of one game).
fn record(source: i64, offset: u64, seats: [&str; 2], moves: &[u8]) -> Record {
    Record::Game(Box::new(GameRecord {
        source_id: source,
        offset,
        line: offset as u32 + 1,
        column: 1,
        players: BySeat::from(seats.map(str::to_owned)),
        recorded_result: Some(ResultName::Red),
        plies: moves.len() as u32,
        canonical_key: moves.to_vec().into(),
        moves: moves.to_vec(),
        ..GameRecord::empty(GameKind::Xiangqi)
    }))
}

/// Game 1 (胡榮華–呂欽) and its copies 2 (上海胡榮華–呂欽) and 3 (趙國榮–呂欽); game 4,
/// 上海胡榮華 against `上海胡榮華.` (one folded name); game 5 names no one and its copy 6
/// names 胡榮華–柳大華.
fn database(path: &std::path::Path) -> Store {
    let mut store = Store::open(path).unwrap();
    let source = store
        .begin_source(&NewSource {
            path: "games.pgn".into(),
            path_bytes: None,
            bytes: 1,
            content_hash: "h".into(),
            format: "xiangqi-pgn".into(),
            encoding: "utf-8".into(),
            rules: None,
        })
        .unwrap();
    let stats = store
        .write_batch(&[
            record(source, 0, ["胡榮華", "呂欽"], &[1, 2]),
            record(source, 1, ["上海胡榮華", "呂欽"], &[1, 2]),
            record(source, 2, ["趙國榮", "呂欽"], &[1, 2]),
            record(source, 3, ["上海胡榮華", "上海胡榮華."], &[3, 4]),
            record(source, 4, ["", ""], &[5, 6]),
            record(source, 5, ["胡榮華", "柳大華"], &[5, 6]),
        ])
        .unwrap();
    assert_eq!((stats.games, stats.duplicates), (6, 3));
    store
}

fn player(pattern: &str) -> GameFilter {
    GameFilter {
        player: Some(pattern.into()),
        ..GameFilter::default()
    }
}

fn found(store: &Store, filter: &GameFilter) -> Vec<(i64, Option<FoundThrough>)> {
    store
        .list_games(filter, GameOrder::Id, None)
        .unwrap()
        .into_iter()
        .map(|g| (g.id, g.found_through))
        .collect()
}

fn line<'a>(listing: &'a [PlayerListing], name: &str) -> &'a PlayerListing {
    listing
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("{name} in {listing:?}"))
}

#[test]
fn a_copys_other_name_credits_no_one() {
    let dir = tempfile::tempdir().unwrap();
    let store = database(&dir.path().join("k.db"));
    // Copy 3 names 趙國榮 where game 1's holder names 胡榮華: not his game.
    assert!(found(&store, &player("趙國榮")).is_empty());
    // Copy 2's 上海胡榮華 is another folded name than 胡榮華 (uncurated): not found by it.
    assert_eq!(found(&store, &player("上海胡榮華")), [(4, None)]);
    // Game 5 names no one: its copy 6 holds its seats, and credits it.
    assert_eq!(
        found(&store, &player("*胡榮華*")),
        [(1, None), (4, None), (5, None)]
    );
    let with_opponent = GameFilter {
        opponent: Some("呂欽".into()),
        ..player("*胡榮華*")
    };
    assert_eq!(found(&store, &with_opponent), [(1, None)]);
    let opponent_only = GameFilter {
        opponent: Some("趙國榮".into()),
        ..GameFilter::default()
    };
    assert!(found(&store, &opponent_only).is_empty());
    // The listing counts each game once, under the holder's names only.
    let listing = store
        .list_players(&GameFilter::default(), NameOrder::Name, None)
        .unwrap();
    assert!(listing.iter().all(|p| p.name != "趙國榮"), "{listing:?}");
    let hu = line(&listing, "胡榮華");
    assert_eq!((hu.games, hu.wins), (2, 2));
    let lu = line(&listing, "呂欽");
    assert_eq!((lu.games, lu.losses), (1, 1));
}

#[test]
fn one_player_in_both_seats_counts_once_and_as_no_result() {
    let dir = tempfile::tempdir().unwrap();
    let store = database(&dir.path().join("k.db"));
    let listing = store
        .list_players(&player("上海胡榮華"), NameOrder::Name, None)
        .unwrap();
    // Game 4's two spellings are two stored names: each counts the game once, unscored.
    let counts: Vec<(&str, u64, u64, u64, u64, u64)> = listing
        .iter()
        .map(|p| {
            (
                p.name.as_str(),
                p.games,
                p.wins,
                p.draws,
                p.losses,
                p.unknown,
            )
        })
        .collect();
    assert_eq!(
        counts,
        [
            ("上海胡榮華", 1, 0, 0, 0, 1),
            ("上海胡榮華.", 1, 0, 0, 0, 1)
        ]
    );
}

/// [`database`] with a curation that names 胡榮華 and gives him the alias 上海胡榮華.
fn database_naming_hu(path: &std::path::Path) -> Store {
    let mut store = database(path);
    let curation = Curation {
        players: vec![PlayerEntry {
            line: 1,
            name: "胡榮華".into(),
            aliases: vec!["上海胡榮華".into()],
            ..PlayerEntry::default()
        }],
        ..Curation::default()
    };
    store
        .apply_curation(&curation, "c.toml", "h", "", false)
        .unwrap()
        .unwrap();
    store
}

#[test]
fn a_copy_naming_the_same_identity_credits_the_game_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let store = database_naming_hu(&dir.path().join("k.db"));
    // Game 1 shows 胡榮華; its copy 2 spells him 上海胡榮華 in the same seat.
    let copy = FoundThrough {
        copy: 2,
        name: "上海胡榮華".into(),
    };
    assert_eq!(
        found(&store, &player("上海胡榮華")),
        [(1, Some(copy)), (4, None), (5, None)]
    );
    // Found by the name the holder gives, nothing more to say.
    assert_eq!(
        found(&store, &player("胡榮華")),
        [(1, None), (4, None), (5, None)]
    );
    // One person in game 4's two seats (by the curation, as by the fold): one line, one
    // game, no result.
    let listing = store
        .list_players(&player("胡榮華"), NameOrder::Name, None)
        .unwrap();
    assert_eq!(listing.len(), 1, "{listing:?}");
    let hu = &listing[0];
    assert_eq!(
        (hu.games, hu.wins, hu.draws, hu.losses, hu.unknown),
        (3, 2, 0, 0, 1)
    );
}

#[test]
fn the_migration_writes_the_finding_for_records_stored_before() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("k.db");
    let store = database(&path);
    let before = store.generation().unwrap();
    drop(store);
    // The store's writer leaves findings to the ingest: the records hold none yet. Open the
    // database as one the last migration has not reached.
    let conn = rusqlite::Connection::open(&path).unwrap();
    let last = kifu_store::schema::MIGRATIONS
        .iter()
        .position(|m| *m == kifu_store::schema::MIGRATION_SAME_PLAYER)
        .unwrap();
    // The migrations after it run again: undo those that cannot (a column each adds).
    conn.execute_batch(
        "ALTER TABLE sources DROP COLUMN path_bytes;
         ALTER TABLE curated_players DROP COLUMN names;",
    )
    .unwrap();
    conn.pragma_update(None, "user_version", last as i64)
        .unwrap();
    drop(conn);
    let store = Store::open(&path).unwrap();
    assert!(store.generation().unwrap() > before);
    let rows = store
        .findings(&GameFilter::everything(), None)
        .unwrap()
        .into_iter()
        .filter(|f| f.code == "same-player-both-seats")
        .map(|f| (f.game, f.message))
        .collect::<Vec<_>>();
    assert_eq!(
        rows,
        [(
            Some(4),
            "the red and black seats name one player: 上海胡榮華 and 上海胡榮華.".to_owned()
        )]
    );
    drop(store);
    // Run again, it writes nothing twice.
    let conn = rusqlite::Connection::open(&path).unwrap();
    // The migrations after it run again: undo those that cannot (a column each adds).
    conn.execute_batch(
        "ALTER TABLE sources DROP COLUMN path_bytes;
         ALTER TABLE curated_players DROP COLUMN names;",
    )
    .unwrap();
    conn.pragma_update(None, "user_version", last as i64)
        .unwrap();
    drop(conn);
    let store = Store::open(&path).unwrap();
    let same: usize = store
        .findings(&GameFilter::everything(), None)
        .unwrap()
        .iter()
        .filter(|f| f.code == "same-player-both-seats")
        .count();
    assert_eq!(same, 1);
}

fn lines(store: &Store, filter: &GameFilter, by: ResultsBy) -> Vec<(Option<String>, [u64; 5])> {
    store
        .player_results(filter, by)
        .unwrap()
        .into_iter()
        .map(
            |ResultsLine {
                 key,
                 games,
                 wins,
                 draws,
                 losses,
                 unknown,
             }| { (key, [games, wins, draws, losses, unknown]) },
        )
        .collect()
}

#[test]
fn a_players_record_adds_up_to_the_players_list() {
    let dir = tempfile::tempdir().unwrap();
    let store = database_naming_hu(&dir.path().join("k.db"));
    let hu = player("胡榮華");
    let listed = store.list_players(&hu, NameOrder::Name, None).unwrap();
    let total = [
        listed[0].games,
        listed[0].wins,
        listed[0].draws,
        listed[0].losses,
        listed[0].unknown,
    ];
    assert_eq!(total, [3, 2, 0, 0, 1]);
    // No game has a date or an event: one line without a key, the list's.
    assert_eq!(lines(&store, &hu, ResultsBy::Year), [(None, total)]);
    assert_eq!(lines(&store, &hu, ResultsBy::Event), [(None, total)]);
    assert_eq!(
        lines(&store, &hu, ResultsBy::Kind),
        [(Some("xiangqi".into()), total)]
    );
    // Games 1 and 5 (through copy 6) spell him 胡榮華; game 4 seats him twice, under two
    // spellings: each counts it, as no result.
    assert_eq!(
        lines(&store, &hu, ResultsBy::Spelling),
        [
            (Some("上海胡榮華".into()), [1, 0, 0, 0, 1]),
            (Some("上海胡榮華.".into()), [1, 0, 0, 0, 1]),
            (Some("胡榮華".into()), [2, 2, 0, 0, 0]),
        ]
    );
    // The loser's side of game 1.
    assert_eq!(
        lines(&store, &player("呂欽"), ResultsBy::Kind),
        [(Some("xiangqi".into()), [1, 0, 0, 1, 0])]
    );
    // No player named: no one to count.
    assert!(store
        .player_results(&GameFilter::default(), ResultsBy::Year)
        .unwrap()
        .is_empty());
}
