//! `kifu bench --only filters`: every option of the one filter on the header-search
//! database of generated Renju games (`--search-games`, built once by the search
//! benchmark), timed as the commands run it:
//!
//! - **games**: `kifu games --limit 20`: the filter checked against the database and the
//!   free-style games it leaves out counted (as `select::open_for` does) and the first page
//!   listed (when nothing matches, with the linked copies that would counted); then, timed
//!   apart, the count of all the games that follows a full page ("20 of N shown");
//! - **stats**: `kifu stats`: the same check, then every table computed
//!   ([`kifu_analysis::stats`]), the games counted and what the Renju balance leaves out,
//!   beside `kifu stats` without a filter.
//!
//! The bounds (issue 31): a search under 100 ms; `stats` with a filter at most 1.5× the
//! unfiltered time. Its section of the results file is replaced, the rest kept.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use kifu_facts::{GameKind, ResultName, Severity};
use kifu_store::filter::Status;
use kifu_store::search::GameOrder;
use kifu_store::{GameFilter, RulesetChoice, Store};

use super::search::{prefix, QueryNames};
use super::{write_section, BenchArgs};

/// The section's heading in the results file.
const HEADING: &str = "## Every filter on 1,000,000 games (`kifu bench --only filters`)";
/// The page of `kifu games --limit 20`.
const PAGE: u64 = 20;
/// Runs of each search, and of each `stats`; the median counts.
const GAMES_RUNS: usize = 7;
const STATS_RUNS: usize = 3;
/// The bounds.
const GAMES_MS: f64 = 100.0;
const STATS_RATIO: f64 = 1.5;

/// The median of `runs` timings of `f` after one warm-up run, and its answer.
fn median<T>(runs: usize, mut f: impl FnMut() -> Result<T>) -> Result<(Duration, T)> {
    let last = f()?;
    median_warm(runs, f, last)
}

/// The median of `runs` timings of `f` (the database warm already), and its answer.
fn median_warm<T>(
    runs: usize,
    mut f: impl FnMut() -> Result<T>,
    mut last: T,
) -> Result<(Duration, T)> {
    let mut times = Vec::with_capacity(runs);
    for _ in 0..runs {
        let started = Instant::now();
        last = f()?;
        times.push(started.elapsed());
    }
    times.sort();
    Ok((times[runs / 2], last))
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// What every command that selects games does first (`select::open_for`): the filter
/// checked against the database, and under the Renju default the free-style games it
/// leaves out counted.
fn check(store: &Store, filter: &GameFilter) -> Result<()> {
    store.check_filter(filter)?;
    if filter.ruleset == RulesetChoice::Renju && filter.admits_kind(GameKind::Renju) {
        store.count_games(&GameFilter {
            ruleset: RulesetChoice::Freestyle,
            ..filter.clone()
        })?;
    }
    Ok(())
}

/// `kifu games --limit 20` without its printing, up to the first page: the filter checked
/// and the page listed (and, for an empty page, the linked copies that would match counted:
/// "no games match (N linked copies do)"). Returns the games listed.
fn first_page(store: &Store, filter: &GameFilter) -> Result<u64> {
    check(store, filter)?;
    if filter.status == Some(Status::Quarantined) {
        return Ok(store.list_quarantined(filter, Some(PAGE))?.len() as u64);
    }
    let games = store.list_games(filter, GameOrder::Id, Some(PAGE))?;
    if games.is_empty() && !filter.with_duplicates {
        store.count_games(&GameFilter {
            with_duplicates: true,
            ..filter.clone()
        })?;
    }
    Ok(games.len() as u64)
}

/// `kifu stats` without its printing.
fn stats_command(store: &Store, filter: &GameFilter) -> Result<()> {
    check(store, filter)?;
    let data = kifu_analysis::Dataset::new(store, filter);
    let tables = kifu_analysis::stats(&data, None)?;
    if !tables.is_empty() {
        store.count_games(filter)?;
    }
    kifu_analysis::renju_balance_left_out(&data)?;
    Ok(())
}

/// The filters measured: each option alone (as `kifu games` builds it, the Renju ruleset
/// default included), then a few together; named by their flags.
fn filters(store: &Store) -> Result<Vec<(String, GameFilter)>> {
    let base = GameFilter {
        ruleset: RulesetChoice::Renju,
        ..GameFilter::default()
    };
    let QueryNames {
        busiest,
        middling,
        event,
    } = QueryNames::of(store)?;
    let middle_id = store.counts()?.games as i64 / 2;
    let with = |f: &dyn Fn(&mut GameFilter)| {
        let mut filter = base.clone();
        f(&mut filter);
        filter
    };
    let date = |s: &str| s.parse().expect("a date range");
    let out = vec![
        ("(none)".to_owned(), base.clone()),
        (
            "--game renju".into(),
            with(&|f| f.game = Some(GameKind::Renju)),
        ),
        (
            format!("--game {middle_id}"),
            with(&|f| f.id = Some(middle_id)),
        ),
        (
            format!("--player '{busiest}'"),
            with(&|f| f.player = Some(busiest.clone())),
        ),
        (
            format!("--player '{}'", prefix(&middling)),
            with(&|f| f.player = Some(prefix(&middling))),
        ),
        (
            format!("--player '{middling}' --side white"),
            with(&|f| {
                f.player = Some(middling.clone());
                f.side = Some(kifu_store::filter::Side::WHITE);
            }),
        ),
        (
            format!("--opponent '{middling}'"),
            with(&|f| f.opponent = Some(middling.clone())),
        ),
        (
            format!("--player '{busiest}' --opponent '{middling}'"),
            with(&|f| {
                f.player = Some(busiest.clone());
                f.opponent = Some(middling.clone());
            }),
        ),
        (
            "--player 'Nobody At All' (no match)".into(),
            with(&|f| f.player = Some("Nobody At All".into())),
        ),
        (
            format!("--event '{event}'"),
            with(&|f| f.event = Some(event.clone())),
        ),
        (
            format!("--event '{}'", prefix(&event)),
            with(&|f| f.event = Some(prefix(&event))),
        ),
        ("--date 2004".into(), with(&|f| f.date = date("2004"))),
        ("--date 2004-06".into(), with(&|f| f.date = date("2004-06"))),
        (
            "--date 2000..2009".into(),
            with(&|f| f.date = date("2000..2009")),
        ),
        ("--from 2020".into(), with(&|f| f.date = date("2020.."))),
        ("--to 1990".into(), with(&|f| f.date = date("..1990"))),
        ("--round 3".into(), with(&|f| f.round = Some("3".into()))),
        (
            "--result black".into(),
            with(&|f| f.result = Some(ResultName::Black)),
        ),
        (
            "--result draw".into(),
            with(&|f| f.result = Some(ResultName::Draw)),
        ),
        (
            "--result unknown".into(),
            with(&|f| f.result = Some(ResultName::Unknown)),
        ),
        (
            "--recorded white".into(),
            with(&|f| f.recorded = Some(ResultName::White)),
        ),
        (
            "--recorded unknown".into(),
            with(&|f| f.recorded = Some(ResultName::Unknown)),
        ),
        (
            "--result-differs".into(),
            with(&|f| f.result_differs = true),
        ),
        ("--rule rif".into(), with(&|f| f.rule = Some("rif".into()))),
        (
            "--ruleset freestyle".into(),
            with(&|f| f.ruleset = RulesetChoice::Freestyle),
        ),
        (
            "--ruleset all".into(),
            with(&|f| f.ruleset = RulesetChoice::All),
        ),
        (
            "--opening D4".into(),
            with(&|f| f.openings = vec!["D4".parse().expect("D4")]),
        ),
        (
            "--opening I".into(),
            with(&|f| f.openings = vec!["I".parse().expect("I")]),
        ),
        (
            "--opening D4 --opening D5 --opening I2 --opening D7".into(),
            with(&|f| {
                f.openings = ["D4", "D5", "I2", "D7"]
                    .iter()
                    .map(|c| c.parse().expect("code"))
                    .collect();
            }),
        ),
        (
            "--code forbidden-unclaimed".into(),
            with(&|f| f.codes = vec!["forbidden-unclaimed".into()]),
        ),
        (
            "--code forbidden-unclaimed --severity error".into(),
            with(&|f| {
                f.codes = vec!["forbidden-unclaimed".into()];
                f.severity = Some(Severity::Error);
            }),
        ),
        (
            "--severity info".into(),
            with(&|f| f.severity = Some(Severity::Info)),
        ),
        (
            "--severity warning".into(),
            with(&|f| f.severity = Some(Severity::Warning)),
        ),
        (
            "--severity error".into(),
            with(&|f| f.severity = Some(Severity::Error)),
        ),
        (
            "--plies 40..80".into(),
            with(&|f| f.plies = "40..80".parse().expect("plies")),
        ),
        (
            "--plies 100..".into(),
            with(&|f| f.plies = "100..".parse().expect("plies")),
        ),
        (
            "--plies ..9".into(),
            with(&|f| f.plies = "..9".parse().expect("plies")),
        ),
        (
            "--status valid".into(),
            with(&|f| f.status = Some(Status::Valid)),
        ),
        (
            "--status findings".into(),
            with(&|f| f.status = Some(Status::WithFindings)),
        ),
        (
            "--status quarantined".into(),
            with(&|f| f.status = Some(Status::Quarantined)),
        ),
        (
            "--with-duplicates".into(),
            with(&|f| f.with_duplicates = true),
        ),
        (
            format!("--player '{busiest}' --from 2010 --result black"),
            with(&|f| {
                f.player = Some(busiest.clone());
                f.date = date("2010..");
                f.result = Some(ResultName::Black);
            }),
        ),
        (
            format!("--event '{}' --opening D4 --plies 20..", prefix(&event)),
            with(&|f| {
                f.event = Some(prefix(&event));
                f.openings = vec!["D4".parse().expect("D4")];
                f.plies = "20..".parse().expect("plies");
            }),
        ),
        (
            "--date 2000..2009 --result white --status valid".into(),
            with(&|f| {
                f.date = date("2000..2009");
                f.result = Some(ResultName::White);
                f.status = Some(Status::Valid);
            }),
        ),
        (
            "--game renju --result-differs --severity warning --with-duplicates".into(),
            with(&|f| {
                f.game = Some(GameKind::Renju);
                f.result_differs = true;
                f.severity = Some(Severity::Warning);
                f.with_duplicates = true;
            }),
        ),
    ];
    for (name, filter) in &out {
        if let Err(e) = filter.validate() {
            bail!("{name}: {e}");
        }
    }
    Ok(out)
}

fn met(ok: bool) -> &'static str {
    if ok {
        "met"
    } else {
        "**not met**"
    }
}

/// The filters table (Markdown) on `games` generated Renju games, as its section of the
/// results file.
pub fn run(req: &BenchArgs, games: usize) -> Result<String> {
    std::fs::create_dir_all(&req.work)?;
    let db = super::search::database(&req.work, games)?;
    let store = Store::open_read_only(&db)?;
    let queries = filters(&store)?;
    eprintln!("kifu bench: stats without a filter");
    let (unfiltered, _) = median(STATS_RUNS, || stats_command(&store, &queries[0].1))?;
    let mut table = String::new();
    writeln!(
        table,
        "| filter | games | check + first {PAGE} ms | bound | met | count ms | `stats` ms | × unfiltered | bound | met |"
    )?;
    writeln!(table, "|---|---:|---:|---:|---|---:|---:|---:|---:|---|")?;
    let (mut searches_met, mut stats_met) = (0, 0);
    for (name, filter) in &queries {
        eprintln!("kifu bench: filter {name}");
        let (search, listed) = median(GAMES_RUNS, || first_page(&store, filter))?;
        // A full page is followed by the count of all the games ("20 of N shown").
        let (count, n) = if listed >= PAGE && filter.status != Some(Status::Quarantined) {
            let (t, n) = median(GAMES_RUNS, || Ok(store.count_games(filter)?))?;
            (format!("{:.1}", ms(t)), n)
        } else {
            ("—".to_owned(), listed)
        };
        let stats = if name == "(none)" {
            unfiltered
        } else {
            median_warm(STATS_RUNS, || stats_command(&store, filter), ())?.0
        };
        let ratio = ms(stats) / ms(unfiltered).max(1e-9);
        let (search_ok, stats_ok) = (ms(search) < GAMES_MS, ratio <= STATS_RATIO);
        searches_met += usize::from(search_ok);
        stats_met += usize::from(stats_ok);
        writeln!(
            table,
            "| `{name}` | {n} | {:.1} | {GAMES_MS:.0} | {} | {count} | {:.0} | {ratio:.2}× | {STATS_RATIO}× | {} |",
            ms(search),
            met(search_ok),
            ms(stats),
            met(stats_ok),
        )?;
    }
    let section = format!(
        "{HEADING}\n\n{} · `kifu bench --only filters --search-games {games}`: each \
         filter on the header-search database ({games} generated Renju games), as the \
         commands run it in one process on a warm database: `kifu games --limit {PAGE}` \
         up to its first page (the filter checked, the free-style games left out counted, \
         the first page listed with players and findings), median of {GAMES_RUNS} runs, \
         and, where the page is full, the count of all the games that follows it \
         (\"20 of N shown\"; not under the bound: a count of most of a million games \
         reads most of them); \
         `kifu stats` (the same check, every table computed), median of {STATS_RUNS} runs, \
         beside `kifu stats` without a filter ({:.0} ms). **games** is what `kifu games` \
         says it found (for a page that is not full: the games listed).\n\n{table}\n\
         Searches under {GAMES_MS:.0} ms: {searches_met} of {n}; `stats` within \
         {STATS_RATIO}× the unfiltered time: {stats_met} of {n}.\n",
        super::machine_line(),
        ms(unfiltered),
        n = queries.len(),
    );
    write_section(&req.out, HEADING, &section)?;
    Ok(section)
}
