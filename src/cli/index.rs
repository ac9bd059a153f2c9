//! `kifu index`: catches the position index up with the stored games (the games after its
//! mark) and says its state and size; `--rebuild` makes it again from nothing, `--compact`
//! merges its small segments, `--verify` checks it against the games.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::Args;
use kifu_store::Store;

use super::args::DbArg;
use crate::stdout::Stdout;

/// `kifu index`'s flags.
#[derive(Args)]
pub(super) struct IndexArgs {
    #[command(flatten)]
    db: DbArg,
    /// Empty the position index and make it again from every stored game.
    #[arg(long)]
    rebuild: bool,
    /// Merge the small segments many small ingests leave (one per ingest and kind) into large ones,
    /// without replaying any game: a lookup then reads one row per 65,536 games.
    #[arg(long)]
    compact: bool,
    /// Check that the index holds exactly the entries the stored games' moves give
    /// (exit code 1 when it does not).
    #[arg(long)]
    verify: bool,
    /// Replay threads (default: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Print one JSON object per step.
    #[arg(long)]
    json: bool,
}

pub(super) fn run(a: &IndexArgs) -> Result<ExitCode> {
    let db = &a.db.db;
    // Every step works on a database that exists: none creates an empty one.
    if !db.exists() {
        return Err(
            kifu_store::Error::NotFound(kifu_store::Missing::Database(db.to_owned())).into(),
        );
    }
    let mut out = Stdout::lock();
    if !a.rebuild && !a.verify {
        let s = kifu_ingest::index::catch_up(db, a.threads)
            .with_context(|| format!("catch up the position index of {}", db.display()))?;
        super::select::say_set_aside("index", s.set_aside.as_ref());
        if s.games > 0 {
            if a.json {
                writeln!(out, "{}", serde_json::json!({ "caught_up": s }))?;
            } else {
                writeln!(
                    out,
                    "position index caught up: {} games, {} positions, {:.2} s",
                    s.games, s.entries, s.seconds
                )?;
            }
        }
    }
    if a.rebuild {
        let s = kifu_ingest::index::rebuild(db, a.threads)
            .with_context(|| format!("rebuild the position index of {}", db.display()))?;
        super::select::say_set_aside("index", s.set_aside.as_ref());
        if a.json {
            writeln!(out, "{}", serde_json::to_string(&s)?)?;
        } else {
            writeln!(
                out,
                "position index rebuilt: {} games, {} positions, {:.2} s",
                s.games, s.entries, s.seconds
            )?;
        }
    }
    if a.compact {
        let mut store = Store::open(db)?;
        let c = store
            .compact_index()
            .with_context(|| format!("compact the position index of {}", db.display()))?;
        if a.json {
            let v = serde_json::json!({
                "segments_before": c.segments_before,
                "segments_after": c.segments_after,
            });
            writeln!(out, "{v}")?;
        } else {
            writeln!(
                out,
                "position index compacted: {} segments → {}",
                c.segments_before, c.segments_after
            )?;
        }
    }
    let mut code = ExitCode::SUCCESS;
    if a.verify {
        // A file that cannot be read holds nothing to check against the games.
        if let Some(cause) = Store::open_read_only(db)?.index_unreadable() {
            return Err(kifu_store::Error::IndexUnreadable {
                path: kifu_store::positions::index_path(db),
                cause: cause.to_owned(),
            }
            .into());
        }
        let v = kifu_ingest::index::verify(db, a.threads)
            .with_context(|| format!("verify the position index of {}", db.display()))?;
        if a.json {
            writeln!(out, "{}", serde_json::to_string(&v)?)?;
        } else if v.consistent() {
            writeln!(
                out,
                "position index {}: consistent with the {} games ({} positions)",
                v.state,
                v.games - v.not_indexed,
                v.expected_entries
            )?;
            if v.not_indexed > 0 {
                writeln!(
                    out,
                    "{} newer games are not indexed yet: `kifu index` adds them",
                    v.not_indexed
                )?;
            }
        } else {
            writeln!(
                out,
                "position index {}: {} of {} games differ (e.g. {:?}); {} entries of absent \
                 games: rebuild it with `kifu index --rebuild`",
                v.state, v.differing, v.games, v.differing_games, v.entries_of_absent_games
            )?;
        }
        if !v.consistent() {
            code = ExitCode::from(1);
        }
    }
    if !a.rebuild && !a.verify && !a.compact {
        print_state(&mut out, db, a.json)?;
    }
    Ok(code)
}

fn print_state(out: &mut impl Write, db: &Path, json: bool) -> Result<()> {
    let store = Store::open_read_only(db)?;
    let state = store.position_index_state()?;
    let size = store.position_index_size()?;
    let games = store.counts()?.games;
    let file_bytes = std::fs::metadata(store.index_file())
        .map(|m| m.len())
        .unwrap_or(0);
    if json {
        let v = serde_json::json!({
            "state": state.name(),
            "games": games,
            "segments": size.segments,
            "rows": size.rows,
            "entries": size.entries,
            "data_bytes": size.data_bytes,
            "file": store.index_file(),
            "unreadable": store.index_unreadable(),
            "file_bytes": file_bytes,
        });
        writeln!(out, "{v}")?;
        return Ok(());
    }
    writeln!(
        out,
        "position index {state} ({}, {:.1} MB)",
        store.index_file().display(),
        file_bytes as f64 / 1e6
    )?;
    if let Some(cause) = store.index_unreadable() {
        writeln!(
            out,
            "its file cannot be read ({cause}): `kifu index --rebuild` makes it again"
        )?;
    }
    writeln!(
        out,
        "{} games, {} positions in {} segments ({} rows), {:.1} MB of entries",
        games,
        size.entries,
        size.segments,
        size.rows,
        size.data_bytes as f64 / 1e6
    )?;
    if games > 0 {
        writeln!(
            out,
            "{:.1} bytes of entries per game, {:.1} per position",
            size.data_bytes as f64 / games as f64,
            size.data_bytes as f64 / size.entries.max(1) as f64
        )?;
    }
    Ok(())
}
