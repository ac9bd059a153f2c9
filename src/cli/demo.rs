//! `kifu demo`: the tour — generate games of all four kinds, ingest them with the bundled
//! samples into a fresh database, print the summary, the audit and the overview, write the
//! report.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::Args;
use kifu_facts::Severity;
use kifu_generate::{GameSpec, RenjuNotation, SetSpec, XqNotation};
use kifu_rules::chouchou::Variant;
use kifu_store::GameFilter;
use kifu_store::Store;

use super::audit::finding_line;
use super::ingest::print_summary;
use super::report::write_report;
use crate::stdout::Stdout;

/// One file of games the demo generates.
struct DemoSet {
    game: GameSpec,
    games: usize,
    /// The file name in the generated directory.
    file: &'static str,
}

const fn chouchou(variant: Variant, players: u8, pairs: bool) -> GameSpec {
    GameSpec::ChouChou {
        variant,
        players,
        pairs,
    }
}

/// The games the demo generates; set `i` is generated from seed 2026 + `i`.
const DEMO_SETS: [DemoSet; 6] = [
    DemoSet {
        game: GameSpec::Renju(RenjuNotation::Plain),
        games: 240,
        file: "renju-club.renju",
    },
    DemoSet {
        game: GameSpec::Xiangqi(XqNotation::Chinese),
        games: 90,
        file: "xiangqi-open.pgn",
    },
    DemoSet {
        game: GameSpec::Territorial,
        games: 60,
        file: "territorial-cup.pgn",
    },
    DemoSet {
        game: chouchou(Variant::Standard, 2, false),
        games: 40,
        file: "chouchou-3x3.ccn",
    },
    DemoSet {
        game: chouchou(Variant::JuniorSenior, 3, false),
        games: 30,
        file: "chouchou-js.ccn",
    },
    DemoSet {
        game: chouchou(Variant::FourByFour, 4, true),
        games: 24,
        file: "chouchou-pairs.ccn",
    },
];

/// The bundled samples: `samples/` beside the working directory, else the source tree's.
fn samples_dir() -> Result<PathBuf> {
    let here = PathBuf::from("samples");
    if here.is_dir() {
        return Ok(here);
    }
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    if built.is_dir() {
        return Ok(built);
    }
    bail!("cannot find the samples directory (run from the kifu source tree)")
}

/// Removes a database and the files beside it, so the demo starts from nothing.
fn remove_db(db: &Path) -> Result<()> {
    kifu_store::remove_database(db).with_context(|| format!("remove {}", db.display()))
}

/// `kifu demo`'s flags.
#[derive(Args)]
pub(super) struct DemoArgs {
    /// Where the demo database goes.
    #[arg(long, default_value = "kifu-demo.db")]
    db: PathBuf,
    /// Where the report goes.
    #[arg(long, default_value = "kifu-demo-report")]
    report: PathBuf,
}

pub(super) fn run(args: &DemoArgs) -> Result<ExitCode> {
    let (db, report_dir) = (args.db.as_path(), args.report.as_path());
    remove_db(db)?;
    let samples = samples_dir()?;
    let generated = PathBuf::from(format!("{}-generated", db.with_extension("").display()));
    std::fs::create_dir_all(&generated)
        .with_context(|| format!("create {}", generated.display()))?;
    for (i, set) in DEMO_SETS.iter().enumerate() {
        let spec = SetSpec {
            game: set.game,
            games: set.games,
            seed: 2026 + i as u64,
        };
        crate::generate::write(&spec, &generated.join(set.file))?;
    }
    let summary = kifu_ingest::ingest(
        db,
        &[samples.clone(), generated.clone()],
        &kifu_ingest::Options {
            progress: super::progress::shown(),
            ..Default::default()
        },
    )?;
    let mut out = Stdout::lock();
    writeln!(
        out,
        "kifu demo: ingested {} and the generated games in {}",
        samples.display(),
        generated.display()
    )?;
    print_summary(&mut out, db, &summary)?;
    super::ingest::say_problems(&summary);
    let store = Store::open_read_only(db)?;
    writeln!(out, "\naudit (warnings and errors):")?;
    let serious = GameFilter {
        severity: Some(Severity::Warning),
        ..GameFilter::everything()
    };
    for f in store.findings(&serious, None)? {
        writeln!(out, "  {}", finding_line(&f))?;
    }
    let overview = kifu_analysis::overview(&kifu_analysis::Dataset::new(
        &store,
        &kifu_analysis::Filter::default(),
    ))?;
    // Aligned as `kifu stats` aligns its tables: no polars frame shape.
    let overview = super::stats::table_text(kifu_analysis::frame_cells(&overview)?);
    writeln!(out, "\n{overview}")?;
    let files = write_report(
        &store,
        &kifu_reports::ReportOptions {
            title: Some("kifu demo: statistics and audit".into()),
            ..Default::default()
        },
        report_dir,
    )?;
    writeln!(
        out,
        "\nreport: {} ({} charts as SVG and PNG, {} board diagrams; Markdown: {})",
        files.html.display(),
        files.charts.len() / 3,
        files.diagrams.len(),
        files.markdown.display()
    )?;
    writeln!(
        out,
        "try: kifu show --db {db} 1    kifu audit --db {db}    kifu stats --db {db} --game renju --by opening",
        db = db.display()
    )?;
    Ok(ExitCode::SUCCESS)
}
