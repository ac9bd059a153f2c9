//! `kifu bench --only search`: header search (player, event, opening) on a database of generated
//! Renju games, as `kifu games` runs it: the filter checked against the database
//! ([`Store::check_filter`]), the first page of games listed, and the games counted.
//!
//! The database is built once per size (generate, then ingest) and kept in the work
//! folder, so a second run measures the search alone. Each query runs a few times and the
//! median is reported: the first run warms SQLite's page cache like any search after the
//! first does.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use kifu_facts::GameKind;
use kifu_generate::{GameSpec, RenjuNotation, SetSpec};
use kifu_store::search::{GameOrder, NameOrder};
use kifu_store::{GameFilter, Store};

/// Runs of each query; the median counts.
const RUNS: usize = 7;
/// The page `kifu games --limit` would show.
const PAGE: u64 = 50;

/// The database of `games` generated Renju games in `work`, built when missing.
pub(super) fn database(work: &Path, games: usize) -> Result<PathBuf> {
    let db = work.join(format!("search-renju-{games}.db"));
    // The generated file is named apart from the ingest bench's `lines` sets.
    if db.is_file() {
        return Ok(db);
    }
    let file = work.join(format!("search-renju-{games}.renju"));
    let spec = SetSpec {
        // RenjuPlain: with Event, Round, Date, Black and White tags.
        game: GameSpec::Renju(RenjuNotation::Plain),
        games,
        seed: 2026,
    };
    crate::generate::write(&spec, &file)?;
    eprintln!("kifu bench: ingesting {games} generated Renju games for the search benchmark");
    super::ingest_once(&db, &[file], &kifu_ingest::Options::default())?;
    Ok(db)
}

/// ASCII letters and digits as their full-width forms (`Ａ`…), which a search folds back.
fn full_width(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            '!'..='~' => char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap_or(c),
            ' ' => '\u{3000}',
            c => c,
        })
        .collect()
}

/// The median of `RUNS` timings of `f`, and its last answer.
fn median<T>(mut f: impl FnMut() -> Result<T>) -> Result<(Duration, T)> {
    let mut times = Vec::with_capacity(RUNS);
    let mut last = None;
    for _ in 0..RUNS {
        let started = Instant::now();
        let answer = f()?;
        times.push(started.elapsed());
        last = Some(answer);
    }
    times.sort();
    Ok((times[RUNS / 2], last.expect("RUNS > 0")))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// The names the searches look for in the generated Renju games: the busiest and a median
/// player, and the middle event by name.
pub(super) struct QueryNames {
    pub busiest: String,
    pub middling: String,
    pub event: String,
}

impl QueryNames {
    pub(super) fn of(store: &Store) -> Result<QueryNames> {
        let renju = GameFilter::game(GameKind::Renju);
        let players = store.list_players(&renju, NameOrder::Games, None)?;
        let events = store.list_events(&renju, NameOrder::Name, None)?;
        let (Some(first), Some(event)) = (players.first(), events.get(events.len() / 2)) else {
            bail!("the generated database has no players or events");
        };
        Ok(QueryNames {
            busiest: first.name.clone(),
            middling: players[players.len() / 2].name.clone(),
            event: event.name.clone(),
        })
    }
}

/// A name's first four characters as a prefix pattern (`Ирин*`).
pub(super) fn prefix(name: &str) -> String {
    let cut: String = name.chars().take(4).collect();
    format!("{cut}*")
}

/// The search table (Markdown) for `games` generated Renju games.
pub fn run(work: &Path, games: usize) -> Result<String> {
    let db = database(work, games)?;
    let store = Store::open_read_only(&db)?;
    // The queries: the busiest and a median player, an event, and the same names as
    // patterns and in full-width form.
    let QueryNames {
        busiest,
        middling,
        event,
    } = QueryNames::of(&store)?;
    let player = |name: String| GameFilter {
        player: Some(name),
        ..GameFilter::game(GameKind::Renju)
    };
    let event_filter = |name: String| GameFilter {
        event: Some(name),
        ..GameFilter::game(GameKind::Renju)
    };
    let openings = |codes: &[&str]| -> GameFilter {
        GameFilter {
            openings: codes.iter().filter_map(|c| c.parse().ok()).collect(),
            ..GameFilter::game(GameKind::Renju)
        }
    };
    let queries: Vec<(String, GameFilter)> = vec![
        (
            format!("--player '{busiest}' (busiest)"),
            player(busiest.clone()),
        ),
        (
            format!("--player '{middling}' (median)"),
            player(middling.clone()),
        ),
        (
            format!("--player '{}' (full-width)", full_width(&middling)),
            player(full_width(&middling)),
        ),
        (
            format!("--player '{}'", prefix(&middling)),
            player(prefix(&middling)),
        ),
        (
            format!("--player '{busiest}' --opponent '{middling}'"),
            GameFilter {
                opponent: Some(middling.clone()),
                ..player(busiest.clone())
            },
        ),
        (format!("--event '{event}'"), event_filter(event.clone())),
        (
            format!("--event '{}'", prefix(&event)),
            event_filter(prefix(&event)),
        ),
        (
            "--player 'Nobody At All' (no match)".into(),
            player("Nobody At All".into()),
        ),
        // A repeated filter costs what one does (issue 27: each `--opening` used to add a
        // pass over the kind's index).
        ("--opening D4".into(), openings(&["D4"])),
        (
            "--opening D4 --opening D5 --opening I2 --opening D7".into(),
            openings(&["D4", "D5", "I2", "D7"]),
        ),
    ];

    let mut table = String::new();
    writeln!(
        table,
        "| header search ({games} generated Renju games) | games | check + first {PAGE} ms | count ms |"
    )?;
    writeln!(table, "|---|---:|---:|---:|")?;
    for (name, filter) in &queries {
        eprintln!("kifu bench: search {name}");
        let (page, _) = median(|| {
            store.check_filter(filter)?;
            Ok(store.list_games(filter, GameOrder::Id, Some(PAGE))?.len())
        })?;
        let (count, n) = median(|| Ok(store.count_games(filter)?))?;
        writeln!(
            table,
            "| `{name}` | {n} | {:.2} | {:.2} |",
            ms(page),
            ms(count)
        )?;
    }
    Ok(table)
}
