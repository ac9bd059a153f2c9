//! `kifu stats`: the summary tables for the games in scope, as text tables, CSV, JSON or
//! Parquet, on standard output or into files.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::Args;

use super::args::{DbArg, FilterArgs};
use super::table::{named, render, Column};
use crate::choice::unknown_name;
use crate::stdout::{self, Stdout};

/// `kifu stats`'s flags: the games, what the tables are grouped by, whether the first
/// mover's advantage is adjusted for the players' strengths (and two groups compared), and
/// where the tables go.
#[derive(Args)]
pub(super) struct StatsArgs {
    #[command(flatten)]
    db: DbArg,
    #[command(flatten)]
    filter: FilterArgs,
    /// Only the tables grouped by these keys (Renju: rule, opening, year, decade,
    /// comma-separated; other games: rule, opening, event, year or decade, and Xiangqi's
    /// family, ChouChou's variant; with --adjusted one key: Renju opening, rule, year,
    /// decade; Xiangqi family, opening, rule, year, decade).
    #[arg(long)]
    by: Option<String>,
    /// The first mover's advantage per group of --by adjusted for the players'
    /// strengths (a Bradley–Terry model with an advantage per group), in rating points
    /// with its 95% interval, the p-value of no advantage and Holm's adjustment of it.
    #[arg(long, requires = "by")]
    adjusted: bool,
    /// Compare two groups of --by (two openings, rules or periods): the difference of
    /// their adjusted advantages and a likelihood-ratio test.
    #[arg(long, num_args = 2, value_names = ["A", "B"], requires = "by")]
    compare: Option<Vec<String>>,
    /// With --adjusted or --compare, how a draw counts: half (half a win, the default) or
    /// davidson (an outcome of its own, with a fitted draw parameter ν).
    #[arg(long, value_name = "MODEL", value_parser = parse_draws)]
    draws: Option<kifu_analysis::DrawModel>,
    /// With --adjusted or --compare, groups with fewer games (with a result and both
    /// players named) are listed, flagged too-few-games, and left out of the fit
    /// (default 30).
    #[arg(long, value_name = "N")]
    min_games: Option<u32>,
    /// With --adjusted or --compare by opening or family, fit the games without an
    /// opening as a group of their own, (none), instead of listing them apart.
    #[arg(long)]
    with_no_opening: bool,
    /// table, csv, json or parquet.
    #[arg(long, default_value = "table", value_parser = parse_stats_format)]
    format: kifu_analysis::Format,
    /// Write here instead of standard output: a file for table and json, a directory
    /// (one file per table) for csv and parquet.
    #[arg(long)]
    out: Option<PathBuf>,
}

fn parse_draws(s: &str) -> Result<kifu_analysis::DrawModel, String> {
    kifu_analysis::DrawModel::from_name(s)
        .ok_or_else(|| unknown_name("draws", s, kifu_analysis::DrawModel::NAMES))
}

fn parse_stats_format(s: &str) -> Result<kifu_analysis::Format, String> {
    kifu_analysis::Format::from_name(s)
        .ok_or_else(|| unknown_name("format", s, ["table", "csv", "json", "parquet"]))
}

impl StatsArgs {
    /// The adjusted fit's options, refused without --adjusted or --compare (they would
    /// change nothing).
    fn adjusted_options(&self) -> Result<kifu_analysis::AdjustedOptions> {
        let fits = self.adjusted || self.compare.is_some();
        let given = self.draws.is_some() || self.min_games.is_some() || self.with_no_opening;
        if given && !fits {
            bail!("--draws, --min-games and --with-no-opening shape --adjusted and --compare");
        }
        let defaults = kifu_analysis::AdjustedOptions::default();
        Ok(kifu_analysis::AdjustedOptions {
            draws: self.draws.unwrap_or(defaults.draws),
            min_games: self.min_games.unwrap_or(defaults.min_games),
            with_no_opening: self.with_no_opening,
        })
    }

    /// What --out must be, checked before any work: a directory for csv and parquet (one
    /// file per table), needed for parquet; a file for table and json.
    fn check_out(&self) -> Result<()> {
        use kifu_analysis::Format as F;
        let wants_dir = matches!(self.format, F::Csv | F::Parquet);
        match &self.out {
            None if self.format == F::Parquet => bail!("--format parquet needs --out DIR"),
            None => {}
            Some(path) if wants_dir && path.exists() && !path.is_dir() => bail!(
                "--out {}: a file is there; csv and parquet are written into a directory \
                 (one file per table)",
                path.display()
            ),
            Some(path) if !wants_dir && path.is_dir() => bail!(
                "--out {}: a directory is there; table and json are written as one file",
                path.display()
            ),
            Some(_) => {}
        }
        Ok(())
    }
}

pub(super) fn run(args: &StatsArgs) -> Result<ExitCode> {
    args.check_out()?;
    let (format, out) = (args.format, args.out.as_deref());
    use kifu_analysis::Format as F;
    let (store, filter) = super::select::open(&args.db.db, &args.filter, false, "stats")?;
    let (mut tables, notes) = compute(args, &store, &filter)?;
    for note in notes {
        eprintln!("kifu stats: {note}");
    }
    match (format, out) {
        (F::Json, _) => {
            let text = kifu_analysis::frames_to_json(&mut tables)?;
            write_text(out, &(text + "\n"))?;
        }
        (F::Table, _) => {
            // An empty table is left out of the text (the other formats keep it, with its
            // columns, for programs that read them).
            let mut text = String::new();
            for (name, df) in &tables {
                let cells = kifu_analysis::frame_cells(df)?;
                if cells.rows.is_empty() {
                    continue;
                }
                if !text.is_empty() {
                    text.push('\n');
                }
                text.push_str(name);
                text.push('\n');
                text.push_str(&table_text(cells));
            }
            write_text(out, &text)?;
        }
        (F::Csv | F::Parquet, Some(dir)) => {
            std::fs::create_dir_all(dir).with_context(|| format!("create {}", dir.display()))?;
            for (name, df) in tables.iter_mut() {
                let path = dir.join(format!("{name}.{}", format.extension()));
                kifu_analysis::write_frame(df, format, &path)?;
                stdout::line(path.display())?;
            }
        }
        (F::Csv, None) => {
            // Several CSV tables on one stream: each under a `# name` line.
            let mut stdout = Stdout::lock();
            for (i, (name, df)) in tables.iter_mut().enumerate() {
                if i > 0 {
                    writeln!(stdout)?;
                }
                writeln!(stdout, "# {name}")?;
                kifu_analysis::write_frame_to(df, F::Csv, &mut stdout)?;
            }
        }
        (F::Parquet, None) => unreachable!("refused by StatsArgs::check_out"),
    }
    Ok(ExitCode::SUCCESS)
}

/// Named tables, in the order printed.
type Tables = Vec<(String, kifu_analysis::DataFrame)>;

/// The tables `args` asks for, and what a reader should know of them (said on standard
/// error by the CLI, as `notices` by the API): what was left out, and why a table is empty.
fn compute(
    args: &StatsArgs,
    store: &kifu_store::Store,
    filter: &kifu_store::GameFilter,
) -> Result<(Tables, Vec<String>)> {
    args.adjusted_options()?;
    let mut notes = Vec::new();
    let data = kifu_analysis::Dataset::new(store, filter);
    let tables = match (args.by.as_deref(), args.adjusted || args.compare.is_some()) {
        (Some(by), true) => adjusted_tables(store, filter, &data, by, args, &mut notes)?,
        (by, _) => kifu_analysis::stats(&data, by)?,
    };
    if tables.is_empty() || store.count_games(filter)? == 0 {
        notes.push("no games match".to_owned());
    }
    // What the Renju balance tables leave out, and why an empty table is empty: an answer
    // never passes for "nothing there" unexplained.
    let left = kifu_analysis::renju_balance_left_out(&data)?;
    // Under the default the free-style games are said left out already (`select`).
    let freestyle = if filter.ruleset == kifu_store::RulesetChoice::All {
        left.freestyle
    } else {
        0
    };
    for (n, what) in [
        (freestyle, "free-style gomoku game(s) (other rules: --ruleset freestyle gives their balance)"),
        (left.short, "game(s) that never reached an opening (fewer than 3 moves, move-less results among them)"),
        (left.forfeits, "forfeit(s) (a forfeit-result note: not played out)"),
    ] {
        if n > 0 {
            notes.push(format!("{n} {what} are left out of the Renju balance tables"));
        }
    }
    if left.without_moves > 0 {
        // Said as it is: those without a year are in no row by year or decade.
        let no_year = match left.without_moves_or_year {
            0 => String::new(),
            n => format!(
                "; {n} of them have no year in their date, so are in no row by year or decade"
            ),
        };
        notes.push(format!(
            "{} result(s) without moves (of a results file) count in the Renju balance \
             tables, except those by opening{no_year}",
            left.without_moves
        ));
    }
    notes.extend(period_notes(&data, &tables)?);
    for (name, df) in &tables {
        if df.height() == 0 && !tables.is_empty() {
            notes.push(format!(
                "table {name} is empty: {}",
                empty_because(name, filter)
            ));
        }
    }
    Ok((tables, notes))
}

/// What the tables by year or decade shown leave out, per game: the games without a year
/// in their date, and those dated implausibly (an `implausible-date` finding).
fn period_notes(data: &kifu_analysis::Dataset, tables: &Tables) -> Result<Vec<String>> {
    let mut notes = Vec::new();
    for kind in kifu_facts::GameKind::ALL {
        let by_period = tables.iter().any(|(name, _)| {
            name.starts_with(&format!("{kind}_"))
                && (name.contains("_year") || name.contains("_decade"))
        });
        if !by_period {
            continue;
        }
        let left = kifu_analysis::periods_left_out(data, kind)?;
        if left.implausible > 0 {
            notes.push(format!(
                "{} {kind} game(s) dated before {}'s recorded history (its first recorded \
                 year: {}) or after today (an implausible-date finding) are left out of the \
                 tables by year and decade",
                left.implausible,
                kind.title(),
                kifu_facts::first_recorded_year(kind)
            ));
        }
        if left.undated > 0 {
            notes.push(format!(
                "{} {kind} game(s) without a year in their date are left out of the tables \
                 by year and decade",
                left.undated
            ));
        }
    }
    Ok(notes)
}

/// The API's answer (`/api/stats`): the tables `--format json` prints (the same object),
/// with the notes the CLI says on standard error as `notices`.
pub(super) fn answer(args: &StatsArgs, store: &kifu_store::Store) -> Result<serde_json::Value> {
    if args.out.is_some() || args.format != kifu_analysis::Format::Json {
        bail!("the API answers stats as JSON: --out and --format are the CLI's");
    }
    let filter = args.filter.filter(false)?;
    let mut notices: Vec<String> = super::select::notices(store, &filter)?
        .into_iter()
        .map(|n| n.text)
        .collect();
    let (mut tables, notes) = compute(args, store, &filter)?;
    notices.extend(notes);
    let mut answer: serde_json::Value =
        serde_json::from_str(&kifu_analysis::frames_to_json(&mut tables)?)?;
    answer["notices"] = notices.into();
    Ok(answer)
}

/// The first mover's advantage per group, adjusted for the players' strengths, and the
/// comparison of two groups: for the one game with a first mover's advantage selected.
fn adjusted_tables(
    store: &kifu_store::Store,
    filter: &kifu_store::GameFilter,
    data: &kifu_analysis::Dataset,
    by: &str,
    args: &StatsArgs,
    notes: &mut Vec<String>,
) -> Result<Tables> {
    use kifu_facts::GameKind;
    let kind = match filter.game {
        Some(kind) => kind,
        None => {
            let present: Vec<GameKind> = store
                .kinds()?
                .into_iter()
                .filter(|k| !kifu_analysis::adjusted_keys(*k).is_empty())
                .collect();
            match present.as_slice() {
                [one] => *one,
                _ => bail!(
                    "--adjusted and --compare fit one game's first mover: give --game renju \
                     or --game xiangqi"
                ),
            }
        }
    };
    let options = args.adjusted_options()?;
    // The names first, by one cheap query: a wrong one is said before any fit.
    if let Some([a, b]) = args.compare.as_deref() {
        kifu_analysis::check_compare(data, kind, by, a, b)?;
    }
    let adjusted = kifu_analysis::adjusted_advantage(data, kind, by, &options)?;
    for note in adjusted.notes() {
        // The tests of many groups are said with the table they are columns of.
        if args.adjusted || !matches!(note, kifu_analysis::AdjustedNote::Tested { .. }) {
            notes.push(adjusted_note(&note));
        }
    }
    let mut tables = Vec::new();
    if args.adjusted {
        tables.push((format!("{kind}_adjusted_by_{by}"), adjusted.frame()?));
    }
    if let Some([a, b]) = args.compare.as_deref() {
        let comparison = kifu_analysis::compare_groups(data, kind, by, [a, b], &options)?;
        notes.push(format!("the test: {}", comparison.test));
        tables.push((format!("{kind}_compare_by_{by}"), comparison.frame()?));
    }
    Ok(tables)
}

/// One note of an adjusted fit in English, as `kifu stats` says it on standard error (the
/// report says the same notes in its language).
fn adjusted_note(note: &kifu_analysis::AdjustedNote) -> String {
    use kifu_analysis::{AdjustedNote as N, DrawModel, GamesLeftOutBecause as Because};
    match note {
        N::Model {
            kind,
            by,
            players,
            draws,
        } => {
            let model = match draws {
                DrawModel::Half => "a Bradley–Terry model, a draw half a win",
                DrawModel::Davidson => "Davidson's model, a draw an outcome of its own",
            };
            format!(
                "{kind} first mover's advantage by {by}, adjusted for the strengths of \
                 {players} players ({model}: a strength per player, an advantage per {by}; \
                 advantages in rating points with 95% intervals)"
            )
        }
        N::DrawParameter(d) => format!(
            "Davidson's draw parameter ν = {:.3} (95% interval {:.3} to {:.3}): between \
             equals a draw has probability ν/(2+ν) = {:.3}",
            d.nu,
            d.low,
            d.high,
            d.nu / (2.0 + d.nu)
        ),
        N::DrawParameterNotFitted => "Davidson's draw parameter not fitted: the fitted games \
                                      have no draw, or only draws (the model is then \
                                      Bradley–Terry)"
            .to_owned(),
        N::Tested {
            by,
            tested,
            wide_interval,
        } => format!(
            "{tested} {by} group(s) tested for no advantage (p_value: the advantage over its \
             standard deviation, two-sided; p_holm: Holm's adjustment over those {tested}); \
             flag: at-bound (not tested), wide-interval (wider than {wide_interval} points)"
        ),
        N::GamesLeftOut { games, because } => {
            let why = match because {
                Because::NoPlayers => "without both players named",
                Because::NoResult => "without a result",
                Because::NoGroup => "without a value to group by",
            };
            format!("{games} game(s) {why} left out of the adjusted fit")
        }
        N::GroupsLeftOut { groups, min_games } => {
            let listed: Vec<String> = groups
                .iter()
                .map(|g| format!("{} ({} game(s), {})", g.group, g.games, g.flag.name()))
                .collect();
            format!(
                "{} group(s) listed but left out of the fit (fewer than {min_games} games, or \
                 no opening: --min-games and --with-no-opening change that): {}",
                groups.len(),
                listed.join(", ")
            )
        }
    }
}

/// Why a table under the filter has no row (the games that match have no value to group by).
fn empty_because(table: &str, filter: &kifu_store::GameFilter) -> &'static str {
    let freestyle = filter.ruleset == kifu_store::RulesetChoice::Freestyle;
    if table.starts_with("renju_balance") && freestyle && table.contains("opening") {
        "free-style gomoku games have no Renju opening (the 26 openings are not judged \
         under other rules)"
    } else if table.starts_with("renju_balance") {
        "no game in it reached an opening and was played (see the counts left out above), \
         or none has the value grouped by (an opening, a year in its date)"
    } else {
        "no game under the filter has the value grouped by"
    }
}

/// One statistics table, whole, aligned in display columns (CJK names take two), under
/// its column names: no frame shape or column types, which are polars' own.
pub(super) fn table_text(cells: kifu_analysis::TextCells) -> String {
    let columns: Vec<Column> = cells
        .columns
        .into_iter()
        .map(|(name, numeric)| named(name, numeric, LONGEST_CELL))
        .collect();
    render(&columns, &cells.rows)
}

/// The widest a text cell grows (an event or source name) before it is cut with `…`.
const LONGEST_CELL: usize = 60;

/// `text` into the file `out`, or on standard output.
fn write_text(out: Option<&Path>, text: &str) -> Result<()> {
    match out {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("write {}", path.display()))?
        }
        None => stdout::print(text)?,
    }
    Ok(())
}
