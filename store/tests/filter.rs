//! The one game filter on a small hand-made database: each condition selects the games it
//! should (a table of filters and the ids they select), names fold across widths and ASCII
//! case, partial dates, opening codes, ranges and prefixes, the recorded and the counted
//! result, and the checks that tell an unknown value from a name that matches nothing.

use kifu_facts::termination::RenjuTermination;
use kifu_facts::{BySeat, GameKind, ResultName, Seat, Severity, Termination};
use kifu_store::filter::{parse_result, DateRange, GameSelector, PliesRange, Side, Status};
use kifu_store::search::{GameOrder, NameOrder};
use kifu_store::{
    FindingRecord, GameFilter, GameRecord, NewSource, QuarantineRecord, Record, Store,
};

struct Game {
    kind: GameKind,
    event: Option<&'static str>,
    players: [(&'static str, &'static str); 2],
    date: Option<&'static str>,
    round: Option<&'static str>,
    rule: Option<&'static str>,
    recorded: &'static str,
    derived: Option<&'static str>,
    termination: &'static str,
    opening: &'static str,
    plies: u32,
    key: &'static [u8],
    findings: &'static [(&'static str, Severity)],
}

/// Games 1–5 (3 a linked copy of 2) and one quarantined record.
fn games() -> Vec<Game> {
    vec![
        Game {
            kind: GameKind::Renju,
            event: Some("第１回　名人戦"),
            players: [("black", "中村 茂"), ("white", "Ｌｉ Ｎａ")],
            date: Some("1985-06-03"),
            round: Some("1"),
            rule: Some("RIF"),
            recorded: "black",
            derived: Some("white"),
            termination: "five",
            opening: "D4",
            plies: 30,
            key: &[1],
            findings: &[("result-contradicts-board", Severity::Error)],
        },
        Game {
            kind: GameKind::Renju,
            event: Some("第1回 名人戦"),
            players: [("black", "Li Na"), ("white", "Kenji Mori")],
            date: Some("1985"),
            round: Some("2"),
            rule: Some("soosorv-8"),
            recorded: "white",
            derived: Some("white"),
            termination: "five",
            opening: "I7",
            plies: 50,
            key: &[2],
            findings: &[],
        },
        Game {
            kind: GameKind::Renju,
            event: Some("Open 1990"),
            players: [("black", "Kenji Mori"), ("white", "Li Na")],
            date: Some("1990-01-15"),
            round: Some("1"),
            rule: None,
            recorded: "unknown",
            derived: Some("black"),
            termination: "five",
            opening: "I7",
            plies: 50,
            key: &[2],
            findings: &[],
        },
        Game {
            kind: GameKind::Xiangqi,
            event: Some("Open 1990"),
            players: [("red", "上海胡榮華"), ("black", "东北韩福德")],
            date: Some("1990-07"),
            round: Some("3"),
            rule: None,
            recorded: "draw",
            derived: None,
            termination: "unfinished",
            opening: "C25",
            plies: 80,
            key: &[4],
            findings: &[("nonstandard-notation", Severity::Info)],
        },
        Game {
            kind: GameKind::Xiangqi,
            event: None,
            players: [("red", "ﾅｶﾑﾗ"), ("black", "上海胡榮華")],
            date: None,
            round: None,
            rule: None,
            recorded: "red",
            derived: Some("red"),
            termination: "checkmate",
            opening: "A01",
            plies: 41,
            key: &[5],
            findings: &[("illegal-move", Severity::Warning)],
        },
    ]
}

fn finding(code: &str, severity: Severity) -> FindingRecord {
    FindingRecord {
        ply: Some(1),
        code: code.into(),
        severity,
        message: "m".into(),
        rule: String::new(),
        node: None,
        forbidden: None,
        offset: 0,
        line: 1,
        column: 1,
    }
}

fn database(dir: &std::path::Path) -> Store {
    let mut store = Store::open(&dir.join("k.db")).unwrap();
    let source = store
        .begin_source(&NewSource {
            path: "games.txt".into(),
            path_bytes: None,
            bytes: 1,
            content_hash: "h".into(),
            format: "renju-plain".into(),
            encoding: "utf-8".into(),
            rules: None,
        })
        .unwrap();
    let mut records: Vec<Record> = games()
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            // The table names each seat's side, seat 1 first, as the kind does.
            for (seat, (side, _)) in g.players.iter().enumerate() {
                assert_eq!(g.kind.seat_named(side), Seat::at(seat), "{side}");
            }
            Record::Game(Box::new(GameRecord {
                source_id: source,
                offset: i as u64 * 100,
                line: i as u32 + 1,
                column: 1,
                format: "renju-plain".into(),
                event: g.event.map(Into::into),
                round: g.round.map(Into::into),
                date: g.date.map(Into::into),
                players: BySeat::from(g.players.map(|(_, name)| name.to_owned())),
                rule: g.rule.map(Into::into),
                recorded_result: ResultName::parse(g.recorded),
                derived_result: g.derived.and_then(ResultName::parse),
                termination: Termination::parse(g.kind, g.termination).unwrap(),
                plies: g.plies,
                opening: Some(g.opening.into()),
                canonical_key: g.key.to_vec().into(),
                moves_encoding: "test".into(),
                moves: g.key.to_vec(),
                findings: g.findings.iter().map(|(c, s)| finding(c, *s)).collect(),
                ..GameRecord::empty(g.kind)
            }))
        })
        .collect();
    records.push(Record::Quarantined(Box::new(QuarantineRecord {
        source_id: source,
        member: String::new(),
        offset: 1000,
        line: 50,
        column: 1,
        length: 3,
        format: None,
        error: finding("unreadable-record", Severity::Error),
        raw: "???".into(),
    })));
    let stats = store.write_batch(&records).unwrap();
    assert_eq!(
        (stats.games, stats.duplicates, stats.quarantined),
        (5, 1, 1)
    );
    store
}

#[test]
fn each_condition_selects_its_games() {
    let dir = tempfile::tempdir().unwrap();
    let store = database(dir.path());
    let all = GameFilter::default;
    let date = |s: &str| s.parse::<DateRange>().unwrap();
    let opening = |s: &str| vec![s.parse().unwrap()];
    let cases: Vec<(&str, GameFilter, Vec<i64>)> = vec![
        ("default: linked copies left out", all(), vec![1, 2, 4, 5]),
        (
            "with duplicates",
            GameFilter::everything(),
            vec![1, 2, 3, 4, 5],
        ),
        ("kind", GameFilter::game(GameKind::Xiangqi), vec![4, 5]),
        (
            "id",
            GameFilter {
                id: Some(2),
                ..all()
            },
            vec![2],
        ),
        (
            "full-width name, any seat",
            GameFilter {
                player: Some("li na".into()),
                ..all()
            },
            vec![1, 2],
        ),
        (
            "and its copy",
            GameFilter {
                player: Some("LI NA".into()),
                ..GameFilter::everything()
            },
            vec![1, 2, 3],
        ),
        (
            // Game 3, a linked copy of game 2, names Li Na as White, where game 2 names
            // Kenji Mori: a copy's seat credits a game only where it names whom the game's
            // own seat names (issue 55), so game 2 is not her game as White.
            "side",
            GameFilter {
                player: Some("li na".into()),
                side: Some(Side::WHITE),
                ..all()
            },
            vec![1],
        ),
        (
            "wildcard",
            GameFilter {
                player: Some("*胡榮華*".into()),
                ..all()
            },
            vec![4, 5],
        ),
        (
            "wildcard and side",
            GameFilter {
                player: Some("*胡榮華".into()),
                side: Some(Side::RED),
                ..all()
            },
            vec![4],
        ),
        (
            "exact name is the whole name",
            GameFilter {
                player: Some("胡榮華".into()),
                ..all()
            },
            vec![],
        ),
        (
            "half-width kana",
            GameFilter {
                player: Some("ナカムラ".into()),
                ..all()
            },
            vec![5],
        ),
        (
            "opponent",
            GameFilter {
                player: Some("*胡榮華".into()),
                opponent: Some("ﾅｶﾑﾗ".into()),
                ..all()
            },
            vec![5],
        ),
        (
            "opponent alone",
            GameFilter {
                opponent: Some("kenji mori".into()),
                ..all()
            },
            vec![2],
        ),
        (
            "event, either width",
            GameFilter {
                event: Some("第1回 名人戦".into()),
                ..all()
            },
            vec![1, 2],
        ),
        (
            "event wildcard",
            GameFilter {
                event: Some("*名人戦".into()),
                ..all()
            },
            vec![1, 2],
        ),
        (
            "a partial event name is not the name",
            GameFilter {
                event: Some("名人戦".into()),
                ..all()
            },
            vec![],
        ),
        (
            "year",
            GameFilter {
                date: date("1985"),
                ..all()
            },
            vec![1, 2],
        ),
        (
            "month: a year-only date is not known to be in it",
            GameFilter {
                date: date("1985-06"),
                ..all()
            },
            vec![1],
        ),
        (
            // Game 2 is found by the date of its linked copy, game 3 (1990-01-15).
            "from",
            GameFilter {
                date: date("1986.."),
                ..all()
            },
            vec![2, 4],
        ),
        (
            "to",
            GameFilter {
                date: date("..1985-12"),
                ..all()
            },
            vec![1, 2],
        ),
        (
            "round",
            GameFilter {
                round: Some("2".into()),
                ..all()
            },
            vec![2],
        ),
        (
            "counted result: the board's five",
            GameFilter {
                result: Some(ResultName::White),
                ..all()
            },
            vec![1, 2],
        ),
        (
            "counted draw",
            GameFilter {
                result: Some(ResultName::Draw),
                ..all()
            },
            vec![4],
        ),
        (
            "counted from the board when nothing is recorded",
            GameFilter {
                result: Some(ResultName::Black),
                ..GameFilter::everything()
            },
            vec![3],
        ),
        (
            "no result counts: every game has one",
            GameFilter {
                result: Some(ResultName::Unknown),
                ..GameFilter::everything()
            },
            vec![],
        ),
        (
            "recorded result",
            GameFilter {
                recorded: Some(ResultName::Black),
                ..all()
            },
            vec![1],
        ),
        (
            "nothing recorded",
            GameFilter {
                recorded: Some(ResultName::Unknown),
                ..GameFilter::everything()
            },
            vec![3],
        ),
        (
            "recorded differs from the board",
            GameFilter {
                result_differs: true,
                ..GameFilter::everything()
            },
            vec![1],
        ),
        (
            "rule, any case",
            GameFilter {
                rule: Some("rif".into()),
                ..all()
            },
            vec![1],
        ),
        (
            "rule as written elsewhere",
            GameFilter {
                rule: Some("Soosõrv 8".into()),
                ..all()
            },
            vec![2],
        ),
        (
            "Renju code (not ECCO D40–D49 here)",
            GameFilter {
                openings: opening("D4"),
                ..all()
            },
            vec![1],
        ),
        (
            "Renju family",
            GameFilter {
                openings: opening("I"),
                ..GameFilter::everything()
            },
            vec![2, 3],
        ),
        (
            "ECCO range",
            GameFilter {
                openings: opening("C20-C29"),
                ..all()
            },
            vec![4],
        ),
        (
            "ECCO prefix",
            GameFilter {
                openings: opening("c2"),
                ..all()
            },
            vec![4],
        ),
        (
            "ECCO letter",
            GameFilter {
                openings: opening("A"),
                ..all()
            },
            vec![5],
        ),
        (
            "any of two openings",
            GameFilter {
                openings: vec!["D4".parse().unwrap(), "A01".parse().unwrap()],
                ..all()
            },
            vec![1, 5],
        ),
        (
            "repeated and overlapping openings",
            GameFilter {
                openings: ["D4", "D3-D5", "d4", "A", "A01", "C25", "I7"]
                    .iter()
                    .map(|s| s.parse().unwrap())
                    .collect(),
                ..all()
            },
            vec![1, 2, 4, 5],
        ),
        (
            "code",
            GameFilter {
                codes: vec!["result-contradicts-board".into()],
                ..all()
            },
            vec![1],
        ),
        (
            "severity or worse",
            GameFilter {
                severity: Some(Severity::Warning),
                ..all()
            },
            // Game 2's copy 3 names its players in swapped seats: `copies-disagree`.
            vec![1, 2, 5],
        ),
        (
            "code and severity on one finding",
            GameFilter {
                codes: vec!["nonstandard-notation".into()],
                severity: Some(Severity::Warning),
                ..all()
            },
            vec![],
        ),
        (
            "plies range",
            GameFilter {
                plies: "45..60".parse().unwrap(),
                ..all()
            },
            vec![2],
        ),
        (
            "plies at most",
            GameFilter {
                plies: PliesRange {
                    min: None,
                    max: Some(41),
                },
                ..all()
            },
            vec![1, 5],
        ),
        (
            "valid",
            GameFilter {
                status: Some(Status::Valid),
                ..all()
            },
            vec![4],
        ),
        (
            "with findings",
            GameFilter {
                status: Some(Status::WithFindings),
                ..all()
            },
            vec![1, 2, 5],
        ),
        (
            "quarantined: no games",
            GameFilter {
                status: Some(Status::Quarantined),
                ..all()
            },
            vec![],
        ),
    ];
    for (what, filter, ids) in cases {
        assert_eq!(store.game_ids(&filter).unwrap(), ids, "{what}");
        assert_eq!(
            store.count_games(&filter).unwrap(),
            ids.len() as u64,
            "{what}"
        );
        let listed: Vec<i64> = store
            .list_games(&filter, GameOrder::Id, None)
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect();
        assert_eq!(listed, ids, "{what}: listing");
    }
}

/// Pages of two, each after the last game of the page before, give the whole list in every
/// order (undated games and games without an event last, as the list has them).
#[test]
fn pages_after_a_game_continue_the_list_in_every_order() {
    let dir = tempfile::tempdir().unwrap();
    let store = database(dir.path());
    let all = GameFilter::everything();
    for order in [
        GameOrder::Id,
        GameOrder::Date,
        GameOrder::Event,
        GameOrder::Plies,
    ] {
        let whole: Vec<i64> = store
            .list_games(&all, order, None)
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect();
        let mut paged = Vec::new();
        let mut after = None;
        loop {
            let page = store.list_games_after(&all, order, Some(2), after).unwrap();
            if page.is_empty() {
                break;
            }
            after = page.last().map(|g| g.id);
            paged.extend(page.iter().map(|g| g.id));
        }
        assert_eq!(paged, whole, "{order:?}");
    }
    let e = store
        .list_games_after(&all, GameOrder::Id, Some(2), Some(999))
        .unwrap_err();
    assert!(e.to_string().contains("999"), "{e}");
}

#[test]
fn listings_show_both_results_findings_players_and_events() {
    let dir = tempfile::tempdir().unwrap();
    let store = database(dir.path());
    let games = store
        .list_games(&GameFilter::everything(), GameOrder::Date, Some(10))
        .unwrap();
    let ids: Vec<i64> = games.iter().map(|g| g.id).collect();
    assert_eq!(ids, [2, 1, 3, 4, 5], "by date, undated last");
    let first = games.iter().find(|g| g.id == 1).unwrap();
    assert_eq!(first.recorded.as_deref(), Some("black"));
    assert_eq!(first.counted, Some(ResultName::White));
    assert!(first.differs);
    assert_eq!(first.findings, [0, 0, 1]);
    assert_eq!(first.players[1], ("white".into(), "Ｌｉ Ｎａ".into()));
    assert_eq!((first.source.as_str(), first.line), ("games.txt", 1));
    let copy = games.iter().find(|g| g.id == 3).unwrap();
    assert_eq!(
        (copy.counted, copy.differs),
        (Some(ResultName::Black), false)
    );
    assert_eq!(copy.duplicate_of, Some(2));

    let hu = store
        .list_players(
            &GameFilter {
                player: Some("*胡榮華*".into()),
                ..GameFilter::default()
            },
            NameOrder::Games,
            None,
        )
        .unwrap();
    assert_eq!(hu.len(), 1, "only the names the pattern matches: {hu:?}");
    let hu = &hu[0];
    assert_eq!(
        (hu.name.as_str(), hu.games, hu.wins, hu.draws, hu.losses),
        ("上海胡榮華", 2, 0, 1, 1)
    );
    let players = store
        .list_players(&GameFilter::default(), NameOrder::Name, None)
        .unwrap();
    assert_eq!(players.len(), 7);
    let events = store
        .list_events(&GameFilter::default(), NameOrder::Name, None)
        .unwrap();
    let names: Vec<(&str, u64, u64)> = events
        .iter()
        .map(|e| (e.name.as_str(), e.games, e.players))
        .collect();
    assert_eq!(
        names,
        [
            ("Open 1990", 1, 2),
            ("第1回 名人戦", 1, 2),
            ("第１回　名人戦", 1, 2)
        ]
    );
    let quarantined = store
        .list_quarantined(&GameFilter::default(), None)
        .unwrap();
    assert_eq!((quarantined.len(), quarantined[0].line), (1, 50));
}

#[test]
fn findings_follow_the_filter_and_quarantined_records_only_an_unrestricted_one() {
    let dir = tempfile::tempdir().unwrap();
    let store = database(dir.path());
    let codes = |f: &GameFilter| -> Vec<String> {
        store
            .findings(f, None)
            .unwrap()
            .into_iter()
            .map(|x| x.code)
            .collect()
    };
    assert_eq!(
        codes(&GameFilter::default()),
        [
            "result-contradicts-board",
            "nonstandard-notation",
            "illegal-move",
            "unreadable-record",
            // Game 2 and its copy 3 differ in players, date, event and round.
            "copies-disagree",
            "copies-disagree",
            "copies-disagree",
            "copies-disagree"
        ]
    );
    assert_eq!(
        codes(&GameFilter::game(GameKind::Xiangqi)),
        ["nonstandard-notation", "illegal-move"]
    );
    let errors = GameFilter {
        severity: Some(Severity::Error),
        ..GameFilter::default()
    };
    assert_eq!(
        codes(&errors),
        ["result-contradicts-board", "unreadable-record"]
    );
    assert_eq!(store.quarantined_count(&errors).unwrap(), 1);
    let quarantined = GameFilter {
        status: Some(Status::Quarantined),
        ..GameFilter::default()
    };
    assert_eq!(codes(&quarantined), ["unreadable-record"]);
    let warnings_only = GameFilter {
        codes: vec!["illegal-move".into()],
        ..GameFilter::default()
    };
    assert_eq!(store.quarantined_count(&warnings_only).unwrap(), 0);
}

#[test]
fn unknown_values_are_errors_and_unmatched_names_get_suggestions() {
    let dir = tempfile::tempdir().unwrap();
    let store = database(dir.path());
    let check = |f: GameFilter| store.check_filter(&f);
    let e = check(GameFilter {
        codes: vec!["ilegal-move".into()],
        ..GameFilter::default()
    })
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with("unknown finding code `ilegal-move`; valid, closest first: illegal-move, "),
        "{e}"
    );
    let e = check(GameFilter {
        rule: Some("yamaguci".into()),
        ..GameFilter::default()
    })
    .unwrap_err()
    .to_string();
    assert!(
        e.starts_with("unknown rule `yamaguci`; valid, closest first: yamaguchi, "),
        "{e}"
    );
    // A known rule no game has, and a code only the database holds, are fine.
    assert!(check(GameFilter {
        rule: Some("Taraguchi-10".into()),
        ..GameFilter::default()
    })
    .unwrap()
    .is_empty());
    let unmatched = check(GameFilter {
        player: Some("胡榮華".into()),
        event: Some("名人戦".into()),
        ..GameFilter::default()
    })
    .unwrap();
    assert_eq!(unmatched.len(), 2);
    assert_eq!(unmatched[0].closest[0], "上海胡榮華");
    assert_eq!(
        unmatched[0].to_string(),
        format!(
            "no player matches '胡榮華'; closest: {}",
            unmatched[0].closest.join(", ")
        )
    );
    assert!(unmatched[1]
        .to_string()
        .starts_with("no event matches '名人戦'; closest: 第"));
    assert!(check(GameFilter {
        player: Some("*NA".into()),
        ..GameFilter::default()
    })
    .unwrap()
    .is_empty());
}

#[test]
fn flag_values_parse_into_the_filter_types() {
    assert_eq!("xiangqi".parse(), Ok(GameSelector::Kind(GameKind::Xiangqi)));
    assert_eq!(parse_result("White"), Ok(ResultName::White));
    assert!("1985-13".parse::<DateRange>().is_err());
}

#[test]
fn names_stored_before_the_search_keys_are_folded_by_the_migration() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    {
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        let tx = conn.transaction().unwrap();
        for m in &kifu_store::schema::MIGRATIONS[..2] {
            tx.execute_batch(m).unwrap();
        }
        tx.pragma_update(None, "user_version", 2).unwrap();
        tx.execute_batch(
            "INSERT INTO sources (id, path, bytes, content_hash, format, encoding)
             VALUES (1, 'a', 1, 'h', 'renju-lines', 'ascii');
             INSERT INTO players (id, name) VALUES (1, 'Ｌｉ Ｎａ');
             INSERT INTO events (id, name) VALUES (1, '第１回');
             INSERT INTO games (id, source_id, offset, line, \"column\", length, kind, format,
                event_id, termination, plies)
             VALUES (1, 1, 0, 1, 1, 1, 'renju', 'renju-lines', 1, 'five', 9);
             INSERT INTO game_players VALUES (1, 1, 'black', 1);",
        )
        .unwrap();
        tx.commit().unwrap();
    }
    let store = Store::open_read_only(&path).unwrap();
    let f = GameFilter {
        player: Some("li na".into()),
        event: Some("第1回".into()),
        ..GameFilter::default()
    };
    assert_eq!(store.game_ids(&f).unwrap(), [1]);
}

/// A database whose keys were folded before Traditional Chinese folded to Simplified is
/// folded again by its migration: `胡荣华` then finds the game `胡榮華` played.
#[test]
fn keys_folded_before_chinese_folding_are_folded_again() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let before = kifu_store::schema::MIGRATIONS
        .iter()
        .position(|m| *m == kifu_store::schema::MIGRATION_FOLD_CHINESE)
        .unwrap();
    {
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        conn.create_scalar_function(
            "kifu_fold",
            1,
            rusqlite::functions::FunctionFlags::SQLITE_DETERMINISTIC,
            |ctx| Ok(ctx.get::<String>(0)?.to_lowercase()),
        )
        .unwrap();
        let tx = conn.transaction().unwrap();
        for m in &kifu_store::schema::MIGRATIONS[..before] {
            tx.execute_batch(m).unwrap();
        }
        tx.pragma_update(None, "user_version", before as i64)
            .unwrap();
        tx.execute_batch(
            "INSERT INTO sources (id, path, bytes, content_hash, format, encoding)
             VALUES (1, 'a', 1, 'h', 'xiangqi-pgn', 'big5');
             INSERT INTO players (id, name, key) VALUES (1, '胡榮華', '胡榮華');
             INSERT INTO events (id, name, key) VALUES (1, '全國賽', '全國賽');
             INSERT INTO games (id, source_id, offset, line, \"column\", length, kind, format,
                event_id, termination, plies)
             VALUES (1, 1, 0, 1, 1, 1, 'xiangqi', 'xiangqi-pgn', 1, 'unfinished', 0);
             INSERT INTO game_players VALUES (1, 1, 'red', 1);",
        )
        .unwrap();
        tx.commit().unwrap();
    }
    let store = Store::open(&path).unwrap();
    let f = GameFilter {
        player: Some("胡荣华".into()),
        event: Some("全国赛".into()),
        ..GameFilter::default()
    };
    assert_eq!(store.game_ids(&f).unwrap(), [1]);
}

/// The date ranges of `--date`, `--from` and `--to` go through the date index: they must
/// select exactly the games whose stored date lies within (as `kifu_date_within` reads
/// it), whatever the stored date looks like, and the severity and status conditions
/// through the severity index the games the filter selected before.
#[test]
fn indexed_dates_and_severities_select_what_the_conditions_say() {
    use kifu_store::filter::PartialDate;
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("d.db")).unwrap();
    let source = store
        .begin_source(&NewSource {
            path: "dates.txt".into(),
            path_bytes: None,
            bytes: 1,
            content_hash: "d".into(),
            format: "renju-plain".into(),
            encoding: "utf-8".into(),
            rules: None,
        })
        .unwrap();
    let dates = [
        "1985-06-03",
        "1985-06",
        "1985",
        "1985/06/30",
        "1985.07.01",
        "c. 1985",
        "(1986)",
        "June 1984",
        "0985",
        "1984-12-31",
        "1986-01-01",
        "2004-02-29",
        "9999-12-31",
        "85-06-03",
        "198506",
        "someday",
        "",
        "二〇〇四 2004",
    ];
    let severities = [
        None,
        Some(Severity::Info),
        Some(Severity::Warning),
        Some(Severity::Error),
    ];
    let records: Vec<Record> = dates
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let severity = severities[i % severities.len()];
            Record::Game(Box::new(GameRecord {
                source_id: source,
                offset: i as u64 * 10,
                line: i as u32 + 1,
                column: 1,
                format: "renju-plain".into(),
                date: Some(d.to_string()),
                recorded_result: Some(ResultName::Black),
                // The first game's board says otherwise.
                derived_result: (i == 0).then_some(ResultName::White),
                termination: if i == 0 {
                    RenjuTermination::Five
                } else {
                    RenjuTermination::Unfinished
                }
                .into(),
                plies: 5,
                canonical_key: vec![i as u8 + 1].into(),
                moves_encoding: "test".into(),
                moves: vec![i as u8 + 1],
                findings: severity
                    .map(|s| finding("illegal-move", s))
                    .into_iter()
                    .collect(),
                ..GameRecord::empty(GameKind::Renju)
            }))
        })
        .chain(std::iter::once(Record::Game(Box::new(GameRecord {
            source_id: source,
            offset: 1000,
            line: 100,
            column: 1,
            format: "renju-plain".into(),
            recorded_result: Some(ResultName::Unknown),
            plies: 5,
            canonical_key: vec![200].into(),
            moves_encoding: "test".into(),
            moves: vec![200],
            ..GameRecord::empty(GameKind::Renju)
        }))))
        .collect();
    store.write_batch(&records).unwrap();
    let within = |stored: &str, range: &DateRange| -> bool {
        PartialDate::read_stored(stored).is_some_and(|d| {
            range.from.is_none_or(|f| d.first_day() >= f.first_day())
                && range.to.is_none_or(|t| d.last_day() <= t.last_day())
        })
    };
    for range in [
        "1985",
        "1985-06",
        "1985-06-03",
        "1984..1985",
        "1985..",
        "..1985",
        "1986..",
        "..1984-12",
        "2004",
        "0985",
        "9999",
        "9999..",
        "..0985",
    ] {
        let range: DateRange = range.parse().unwrap();
        let filter = GameFilter {
            date: range,
            ..GameFilter::default()
        };
        let want: Vec<i64> = dates
            .iter()
            .enumerate()
            .filter(|(_, d)| within(d, &range))
            .map(|(i, _)| i as i64 + 1)
            .collect();
        assert_eq!(store.game_ids(&filter).unwrap(), want, "--date {range}");
    }
    let with_severity = |min: Option<Severity>| -> Vec<i64> {
        (1..=dates.len() as i64)
            .filter(|&id| {
                let s = severities[(id as usize - 1) % severities.len()];
                s.is_some() && s >= min
            })
            .collect()
    };
    for min in Severity::ALL {
        let filter = GameFilter {
            severity: Some(min),
            ..GameFilter::default()
        };
        assert_eq!(
            store.game_ids(&filter).unwrap(),
            with_severity(Some(min)),
            "{min}"
        );
    }
    let serious = with_severity(Some(Severity::Warning));
    let status = |s: Status| {
        store
            .game_ids(&GameFilter {
                status: Some(s),
                ..GameFilter::default()
            })
            .unwrap()
    };
    assert_eq!(status(Status::WithFindings), serious);
    let valid: Vec<i64> = (1..=dates.len() as i64 + 1)
        .filter(|id| !serious.contains(id))
        .collect();
    assert_eq!(status(Status::Valid), valid);
    // Through the partial indexes of results: the undated game has none recorded and none
    // counts; the first game's board differs from its record.
    let undated = dates.len() as i64 + 1;
    let results = |f: GameFilter| store.game_ids(&f).unwrap();
    let all = GameFilter::default;
    for (filter, want) in [
        (
            GameFilter {
                result: Some(ResultName::Unknown),
                ..all()
            },
            vec![undated],
        ),
        (
            GameFilter {
                recorded: Some(ResultName::Unknown),
                ..all()
            },
            vec![undated],
        ),
        (
            GameFilter {
                result_differs: true,
                ..all()
            },
            vec![1],
        ),
        (
            GameFilter {
                result: Some(ResultName::White),
                ..all()
            },
            vec![1],
        ),
        (
            GameFilter {
                rule: Some("rif".into()),
                ..all()
            },
            vec![],
        ),
    ] {
        assert_eq!(
            results(filter.clone()),
            want,
            "{:?}",
            filter.describe(&GameKind::ALL)
        );
    }
}
