//! `kifu export`: the games, moves and findings tables as Parquet (partitioned by game
//! kind) or CSV files.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Result};
use kifu_store::Store;

pub(super) fn run(db: &Path, format: kifu_analysis::Format, out: &Path) -> Result<ExitCode> {
    if format == kifu_analysis::Format::Table {
        bail!("kifu export: --format is parquet, csv or json");
    }
    let store = Store::open_read_only(db)?;
    let summary = kifu_analysis::export(&store, format, out)?;
    for f in &summary.files {
        println!("{}", f.display());
    }
    eprintln!(
        "kifu export: {} games, {} move lists, {} findings into {}",
        summary.games,
        summary.moves,
        summary.findings,
        out.display()
    );
    Ok(ExitCode::SUCCESS)
}
