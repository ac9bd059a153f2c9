//! `kifu curate`: checks a curation file and applies it on top of the records
//! ([`kifu_store::curation`]), or removes the one applied.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;
use kifu_facts::{Curation, CurationError};
use kifu_store::curation::Applied;
use kifu_store::Store;

use super::args::DbArg;
use crate::stdout;

/// `kifu curate`'s flags.
#[derive(Args)]
pub(super) struct CurateArgs {
    #[command(flatten)]
    db: DbArg,
    /// Only check the file (against the database, when there is one): apply nothing.
    #[arg(long)]
    check: bool,
    /// Remove the applied curation.
    #[arg(long, conflicts_with_all = ["check", "file"])]
    remove: bool,
    /// Write the applied curation's facts by game key (curated_games, curated_players,
    /// decisions) and the rules it names (curated_rules) as Parquet into DIR, for a dataset built without this database to
    /// join on (the Spark job's --curation).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["check", "remove", "file"])]
    facts: Option<PathBuf>,
    /// The curation file.
    #[arg(required_unless_present_any = ["remove", "facts"], value_name = "FILE")]
    file: Option<PathBuf>,
}

/// Applies (or with `--check` checks) the curation file, or removes the applied one, or
/// with `--facts` writes its facts.
pub(super) fn run(args: &CurateArgs) -> Result<ExitCode> {
    let db = &args.db.db;
    if let Some(dir) = &args.facts {
        return facts(db, dir);
    }
    let check = args.check;
    if args.remove {
        let mut store = Store::open(db)?;
        if store.remove_curation()? {
            stdout::line(format_args!(
                "curation removed: every table is as the records alone make it"
            ))?;
        } else {
            stdout::line(format_args!("no curation was applied"))?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let Some(file) = args.file.as_deref() else {
        anyhow::bail!("name the curation file");
    };
    let bytes = std::fs::read(file).with_context(|| format!("reading {}", file.display()))?;
    let text = String::from_utf8(bytes)
        .map_err(|e| anyhow::anyhow!("{}: not UTF-8 text ({e})", file.display()))?;
    // The file is read whole: every entry that reads is checked against the database too,
    // so an error in one entry hides none in another.
    let (curation, errors) = kifu_parser::curation::read(&text);
    // `--check` without a database checks the file alone; a file in error creates none.
    if !db.exists() && (check || !errors.is_empty()) {
        if !errors.is_empty() {
            return Ok(failed(file, &errors));
        }
        stdout::line(format_args!(
            "{}: {} player(s), {} rule(s), {} event(s), {} correction(s), {} game(s), {} \
             decision(s), {} authoritative cop(ies): the file is well formed (no database to \
             check it against)",
            file.display(),
            curation.players.len(),
            curation.rules.len(),
            curation.events.len(),
            curation.results.len(),
            curation.games.len(),
            curation.decisions.len(),
            curation.copies.len()
        ))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut store = Store::open(db)?;
    let (sha256, _) = kifu_ingest::input::hash_file(file)?;
    let path = file.display().to_string();
    let applied = match applying(curation, errors, |curation, check_only| {
        store.apply_curation(curation, &path, &sha256, &text, check || check_only)
    })? {
        Ok(applied) => applied,
        Err(errors) => return Ok(failed(file, &errors)),
    };
    let verb = if check { "would apply" } else { "applied" };
    stdout::line(format_args!(
        "{verb} {}: {} identit(ies) taking {} stored name(s), {} event(s), {} correction(s), \
         {} game(s) without moves, {} decision(s), {} authoritative cop(ies)",
        file.display(),
        applied.identities,
        applied.player_names,
        applied.events.len(),
        applied.corrections,
        applied.games,
        applied.decisions,
        applied.copies
    ))?;
    if applied.rules > 0 {
        stdout::line(format_args!("  {} rule(s) named", applied.rules))?;
    }
    for (name, games) in &applied.events {
        stdout::line(format_args!("  event {name}: {games} game(s)"))?;
    }
    for note in &applied.notes {
        stdout::line(format_args!("  note: {note}"))?;
    }
    if applied.corrections > 0 && !check {
        stdout::line(format_args!(
            "  (the position index keeps the results it was built with: `kifu index --rebuild` \
             counts the corrections in `position` and `explore`)"
        ))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `kifu curate --facts DIR`: the applied curation by game key, as Parquet.
fn facts(db: &Path, dir: &Path) -> Result<ExitCode> {
    let store = Store::open_read_only(db)?;
    if store.stored_curation()?.is_none() {
        anyhow::bail!(
            "{}: no curation is applied (kifu curate FILE applies one)",
            db.display()
        );
    }
    if dir.exists() && std::fs::read_dir(dir)?.next().is_some() {
        anyhow::bail!("{}: exists and is not empty", dir.display());
    }
    for (table, rows) in kifu_analysis::curation_facts::write_curation_facts(&store, dir)? {
        stdout::line(format_args!("{table:<16}{rows:>10} rows"))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A curation read from its file (`curation`, with the `errors` the reading found) checked
/// against the database and applied by `apply` (`kifu curate` and `kifu serve`'s decisions
/// both apply a file this way): with errors in the file `apply` is asked to check only
/// (`true`), and the file's errors and the database's come back together, in line order.
pub(super) fn applying(
    curation: Curation,
    mut errors: Vec<CurationError>,
    apply: impl FnOnce(&Curation, bool) -> kifu_store::Result<Result<Applied, Vec<CurationError>>>,
) -> kifu_store::Result<Result<Applied, Vec<CurationError>>> {
    match apply(&curation, !errors.is_empty())? {
        Ok(applied) if errors.is_empty() => Ok(Ok(applied)),
        Ok(_) => Ok(Err(errors)),
        Err(found) => {
            errors.extend(found);
            errors.sort_by_key(|e| e.line);
            Ok(Err(errors))
        }
    }
}

/// Every error as `FILE:LINE: [[entry]] …: what`, then how many: nothing was applied.
pub(super) fn error_lines(file: &Path, errors: &[CurationError]) -> Vec<String> {
    let mut lines: Vec<String> = errors
        .iter()
        .map(|e| {
            let entry = if e.entry.is_empty() {
                String::new()
            } else {
                format!("{}: ", e.entry)
            };
            format!("{}:{}: {entry}{}", file.display(), e.line, e.message)
        })
        .collect();
    lines.push(format!(
        "{} error(s) in {}: nothing applied",
        errors.len(),
        file.display()
    ));
    lines
}

/// Every error on standard error ([`error_lines`]), and exit 2: nothing was applied.
fn failed(file: &Path, errors: &[CurationError]) -> ExitCode {
    for line in error_lines(file, errors) {
        eprintln!("kifu curate: {line}");
    }
    ExitCode::from(2)
}
