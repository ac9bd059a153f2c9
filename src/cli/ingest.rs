//! `kifu ingest`: read record files into the database and print what was read.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;
use kifu_facts::Ruleset;
use kifu_parser::Format;

use super::args::DbArg;
use crate::choice::unknown_name;
use crate::stdout::Stdout;

/// `kifu ingest`'s flags.
#[derive(Args)]
pub(super) struct IngestArgs {
    #[command(flatten)]
    db: DbArg,
    /// Read every file as this format instead of detecting it.
    #[arg(long, value_parser = parse_format)]
    format: Option<Format>,
    /// Replay every Renju-board record by these rules: renju, or freestyle (free-style
    /// gomoku: no forbidden moves, five or more wins for either side). Without it a
    /// record's rule tag decides (gomoku or freestyle: free-style; a Renju opening rule:
    /// Renju), else its file's name (one containing `gomoku`, as Gomoku.bdt: free-style),
    /// else Renju. A file ingested before is skipped, whatever this says.
    #[arg(long, visible_alias = "ruleset", value_name = "RULES", value_parser = parse_ruleset)]
    rule: Option<Ruleset>,
    /// The Xiangqi rules in force for every game of the input: world (the default: a
    /// world-rules repetition verdict decides the game) or chinese (kifu judges
    /// repetition by the world rules only, so the verdict is information and the
    /// recorded result counts). A curated event's `rules` come first.
    #[arg(long, value_name = "RULES", value_parser = parse_xiangqi_rules)]
    xiangqi_rules: Option<kifu_facts::RulesInForce>,
    /// Replay threads (default: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Print the summary as one JSON object.
    #[arg(long)]
    json: bool,
    /// Leave the new games out of the position index (a bulk load): it stays behind
    /// until the next `kifu position`, `explore` or `index` adds them.
    #[arg(long)]
    no_index: bool,
    /// Write the data contract's tables (as `kifu export` writes them) into this new
    /// directory instead of the database: no SQLite. Ids and linked copies are then
    /// the shard's own; join shards on game_key, dedupe them on canonical_hash.
    #[arg(long, value_name = "DIR", conflicts_with = "db")]
    to_parquet: Option<PathBuf>,
    /// With --to-parquet: replace DIR if it exists (whole: no stale part files remain).
    #[arg(long, requires = "to_parquet")]
    overwrite: bool,
    /// Record files, compressed files (.xz, .gz), tar archives or directories (read
    /// recursively) to ingest.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,
}

impl IngestArgs {
    /// What the ingest is told: the format, the rules, threads, progress and the index.
    fn options(&self) -> kifu_ingest::Options {
        kifu_ingest::Options {
            format: self.format,
            threads: self.threads,
            progress: super::progress::shown(),
            no_index: self.no_index,
            ruleset: self.rule,
            xiangqi_rules: self.xiangqi_rules.clone(),
        }
    }
}

fn parse_ruleset(s: &str) -> Result<Ruleset, String> {
    Ruleset::from_name(s).ok_or_else(|| unknown_name("rules", s, Ruleset::ALL.map(Ruleset::name)))
}

fn parse_xiangqi_rules(s: &str) -> Result<kifu_facts::RulesInForce, String> {
    match kifu_facts::RulesInForce::from_name(s) {
        Some(
            r @ (kifu_facts::RulesInForce::XiangqiWorld | kifu_facts::RulesInForce::XiangqiChinese),
        ) => Ok(r),
        _ => Err(unknown_name("Xiangqi rules", s, ["world", "chinese"])),
    }
}

fn parse_format(s: &str) -> Result<Format, String> {
    Format::from_name(s)
        .ok_or_else(|| unknown_name("format", s, Format::ALL.iter().map(|f| f.name())))
}

/// Ingests the paths into the database, or into a new Parquet dataset with
/// `--to-parquet`; the exit code is [`exit_code`]'s.
pub(super) fn run(args: &IngestArgs) -> Result<ExitCode> {
    let options = args.options();
    match &args.to_parquet {
        Some(dir) => run_to_parquet(dir, args.overwrite, &options, args.json, &args.paths),
        None => run_to_db(&args.db.db, &options, args.json, &args.paths),
    }
}

/// Ingests `paths` into `db`; the exit code is [`exit_code`]'s.
fn run_to_db(
    db: &Path,
    options: &kifu_ingest::Options,
    json: bool,
    paths: &[PathBuf],
) -> Result<ExitCode> {
    check_paths(paths)?;
    let before = crate::seconds_since_start();
    let mut summary = kifu_ingest::ingest(db, paths, options)
        .with_context(|| format!("ingest into {}", db.display()))?;
    summary.began_earlier(before);
    if !super::progress::quiet() {
        let mut out = Stdout::lock();
        if json {
            writeln!(out, "{}", serde_json::to_string(&summary)?)?;
        } else {
            print_summary(&mut out, db, &summary)?;
        }
    }
    Ok(exit_code(&summary))
}

/// Says on standard error (`--quiet` or not) what of the inputs was not read or gave no
/// game, and gives the exit code: 0 when every input was read whole and gave a game, else
/// 1 (the rest was stored).
fn exit_code(summary: &kifu_ingest::Summary) -> ExitCode {
    say_problems(summary);
    if summary.all_read() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// The summary's problems on standard error, one line each.
pub(super) fn say_problems(summary: &kifu_ingest::Summary) {
    for line in summary.problems() {
        eprintln!("kifu: {line}");
    }
}

/// `ingest --to-parquet`: ingests `paths` into a new data-contract dataset `dir`; the exit
/// code is [`exit_code`]'s.
fn run_to_parquet(
    dir: &Path,
    overwrite: bool,
    options: &kifu_ingest::Options,
    json: bool,
    paths: &[PathBuf],
) -> Result<ExitCode> {
    check_paths(paths)?;
    let summary = kifu_analysis::ingest_to_parquet(dir, paths, options, overwrite)
        .with_context(|| format!("ingest into {}", dir.display()))?;
    let s = &summary.ingest;
    if super::progress::quiet() {
        return Ok(exit_code(s));
    }
    let mut out = Stdout::lock();
    if json {
        let mut value = serde_json::to_value(s)?;
        value["tables"] = summary
            .export
            .tables
            .iter()
            .map(|(t, n)| (t.to_string(), serde_json::Value::from(*n)))
            .collect::<serde_json::Map<_, _>>()
            .into();
        writeln!(out, "{value}")?;
    } else {
        print_summary(&mut out, dir, s)?;
        for (table, rows) in &summary.export.tables {
            writeln!(out, "{table:<17}{rows:>10} rows")?;
        }
    }
    Ok(exit_code(s))
}

/// Every path named on the command line exists, or an error naming each one that does not,
/// before the database or the directory is created and anything is printed. (A file that
/// cannot be read inside a directory or an archive is an input error of the batch instead.)
fn check_paths(paths: &[PathBuf]) -> Result<()> {
    let missing: Vec<String> = paths
        .iter()
        .filter_map(|p| match std::fs::metadata(p) {
            Ok(_) => None,
            Err(e) => Some(format!("{}: {e}", p.display())),
        })
        .collect();
    if !missing.is_empty() {
        anyhow::bail!("cannot read {} (nothing was ingested)", missing.join("; "));
    }
    Ok(())
}

/// The summary as `ingest` and `demo` print it (its problems go to standard error:
/// [`say_problems`]).
pub(super) fn print_summary(
    out: &mut impl Write,
    db: &Path,
    s: &kifu_ingest::Summary,
) -> Result<()> {
    writeln!(
        out,
        "{} file(s) read, {} skipped as already ingested, {:.1} MB into {}",
        s.files,
        s.files_skipped,
        s.bytes as f64 / 1e6,
        db.display()
    )?;
    writeln!(out, "records read     {:>10}", s.records)?;
    writeln!(out, "  games          {:>10}", s.games)?;
    writeln!(out, "    valid        {:>10}", s.valid)?;
    writeln!(out, "    with findings{:>10}", s.with_findings)?;
    writeln!(out, "  quarantined    {:>10}", s.quarantined)?;
    writeln!(out, "duplicates       {:>10}", s.duplicates)?;
    if s.already_present > 0 {
        writeln!(out, "already stored   {:>10}", s.already_present)?;
    }
    writeln!(out, "{:.2} s, {:.0} games/s", s.seconds, s.games_per_second)?;
    match s.position_index.as_str() {
        "" | "complete" => {}
        other => writeln!(
            out,
            "position index   {other}: the next `kifu position`, `explore` or `index` \
             indexes the games it does not cover"
        )?,
    }
    Ok(())
}
