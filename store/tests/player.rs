//! One player's record (`Store::player_results`): the counting of `kifu players`, grouped
//! by year, event, kind or the spelling a record gives the name, over every spelling a
//! curated identity gathers.

use kifu_facts::curation::{Curation, PlayerEntry};
use kifu_facts::{BySeat, GameKind, ResultName};
use kifu_store::player::{ResultsBy, ResultsLine};
use kifu_store::search::NameOrder;
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
    let mut store = database(&dir.path().join("k.db"));
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
