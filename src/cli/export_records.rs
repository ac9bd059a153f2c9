//! `kifu export --format F` for a record notation (`renju-lines`, `renju-plain`, `rif-xml`,
//! `xiangqi-pgn`, `dhtmlxq`, `territorial-pgn`, `chouchou-ccn`): the stored games under the
//! filter written back in that notation through `kifu_notation`, one file.
//!
//! - Only games are written: a quarantined record is no game.
//! - A game the notation cannot hold (another game's, or a start position it cannot state)
//!   is skipped and counted, never written.
//! - The file is written beside `--out` under a temporary name and renamed when complete,
//!   so a kill leaves no half-written file under the final name; the next export to the
//!   same file removes what killed runs left (not a running one's); an existing `--out` is
//!   an error without `--overwrite`.
//! - `--annotate` writes kifu's findings as comments at their plies.

use std::collections::BTreeMap;
use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use kifu_notation::{Notation, WriteError, Writer};
use kifu_reports::records::{record_out, StoredMoves};
use kifu_store::{GameFilter, Store};

use super::args::FilterArgs;
use super::progress::summary;
use crate::stdout;

/// The options of a record export, checked (`ExportArgs::target`).
pub(super) struct RecordExport<'a> {
    pub(super) notation: Notation,
    pub(super) out: &'a Path,
    pub(super) annotate: bool,
    pub(super) overwrite: bool,
}

/// Why games were not written, with how many.
#[derive(Default)]
struct Skipped(BTreeMap<String, u64>);

impl Skipped {
    fn add(&mut self, reason: String, n: u64) {
        *self.0.entry(reason).or_default() += n;
    }
    fn total(&self) -> u64 {
        self.0.values().sum()
    }
}

pub(super) fn run(db: &Path, flags: &FilterArgs, opts: RecordExport<'_>) -> Result<ExitCode> {
    let notation = opts.notation;
    if opts.out.exists() && !opts.overwrite {
        bail!(
            "{} exists: pass --overwrite to replace it",
            opts.out.display()
        );
    }
    let (store, mut filter) = super::select::open(db, flags, true, "export")?;
    let kind = notation.kind();
    // Games of other kinds are counted, not read.
    let mut skipped = Skipped::default();
    for (other, n) in store.kind_counts(&filter)? {
        if other != kind {
            let e = WriteError::WrongGame {
                notation,
                kind: other,
            };
            skipped.add(e.to_string(), n);
        }
    }
    let ids = if filter.game.is_some_and(|g| g != kind) {
        Vec::new()
    } else {
        filter.game = Some(kind);
        store.game_ids(&filter)?
    };
    // What killed runs to the same file left (their process gone) is removed.
    kifu_analysis::remove_leftovers(opts.out);
    let tmp = kifu_analysis::sibling(opts.out, "tmp")?;
    let written = write_games(&store, &ids, notation, opts.annotate, &tmp, &mut skipped);
    let written = match written {
        Ok(n) => n,
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            return Err(e);
        }
    };
    fs::rename(&tmp, opts.out).with_context(|| {
        let _ = fs::remove_file(&tmp);
        format!("cannot rename {} to {}", tmp.display(), opts.out.display())
    })?;
    report(&opts, notation, written, &skipped)?;
    Ok(ExitCode::SUCCESS)
}

fn report(
    opts: &RecordExport<'_>,
    notation: Notation,
    written: u64,
    skipped: &Skipped,
) -> std::io::Result<()> {
    stdout::line(opts.out.display())?;
    summary!(
        "kifu export: {written} games written in {notation} to {}{}",
        opts.out.display(),
        if written == 0 {
            " (the filter selects none the notation holds)"
        } else {
            ""
        }
    );
    if skipped.total() > 0 {
        eprintln!("kifu export: {} games skipped:", skipped.total());
        for (reason, n) in &skipped.0 {
            eprintln!("  {n} × {reason}");
        }
    }
    Ok(())
}

/// Writes the games `ids` to `path`; returns how many were written.
fn write_games(
    store: &Store,
    ids: &[i64],
    notation: Notation,
    annotate: bool,
    path: &Path,
    skipped: &mut Skipped,
) -> Result<u64> {
    let file = File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
    let mut file = BufWriter::new(file);
    let mut writer = Writer::new(notation);
    let mut text = String::new();
    let mut written = 0;
    let bar = super::progress::rows();
    if let Some(bar) = &bar {
        bar.set_length(ids.len() as u64);
    }
    for &id in ids {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
        let game = store.game(id)?;
        let findings = if annotate {
            finding_notes(store, id)?
        } else {
            Vec::new()
        };
        let extra = game.extra()?;
        let moves = StoredMoves::decode(&game)
            .ok_or_else(|| anyhow!("game {} has a corrupt move list", game.id))?;
        let record = record_out(&game, &extra, &moves, &findings);
        text.clear();
        match writer.write(&record, &mut text) {
            Ok(()) => {
                written += 1;
                file.write_all(text.as_bytes())?;
            }
            Err(e) => skipped.add(e.to_string(), 1),
        }
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    text.clear();
    writer.finish(&mut text);
    file.write_all(text.as_bytes())?;
    let file = file.into_inner().map_err(|e| e.into_error())?;
    file.sync_all()?;
    Ok(written)
}

/// kifu's findings of a game as comment texts at their plies (one without a ply at the
/// start).
fn finding_notes(store: &Store, id: i64) -> Result<Vec<(u32, String)>> {
    let filter = GameFilter {
        id: Some(id),
        ..GameFilter::everything()
    };
    Ok(store
        .findings(&filter, None)?
        .into_iter()
        .map(|f| {
            (
                f.ply.unwrap_or(0),
                format!("kifu {} {}: {}", f.severity, f.code, f.message),
            )
        })
        .collect())
}
