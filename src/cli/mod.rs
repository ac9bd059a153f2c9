//! The command line: the flags ([`args`]) and one match sending each command to its
//! module. A command returns its exit code; an error becomes exit code 2 in `main`.

mod args;
mod audit;
mod check;
mod demo;
mod explore;
mod export;
mod index;
mod ingest;
mod position;
mod report;
mod show;
mod standings;
mod stats;
mod text;

use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;
use kifu_store::query::FindingFilter;

use args::{Cli, Command};

pub fn run() -> Result<ExitCode> {
    match Cli::parse().command {
        Command::Ingest {
            db,
            format,
            threads,
            json,
            no_index,
            paths,
        } => ingest::run(
            &db.db,
            &kifu_ingest::Options {
                format,
                threads,
                progress: true,
                no_index,
            },
            json,
            &paths,
        ),
        Command::Audit {
            db,
            severity,
            code,
            game,
            event,
            json,
        } => audit::run(
            &db.db,
            &FindingFilter {
                min_severity: severity,
                code,
                game,
                event,
                ..FindingFilter::default()
            },
            json,
        ),
        Command::Show { db, game, ply } => show::run(&db.db, game, ply),
        Command::Check { game } => check::run(game),
        Command::Standings {
            db,
            event,
            game,
            json,
            csv,
        } => standings::run(&db.db, event.as_deref(), game, json, csv),
        Command::Generate {
            game,
            games,
            seed,
            players,
            pairs,
            variant,
            notation,
            out,
        } => crate::generate::run(&crate::generate::Request {
            game,
            games,
            seed,
            players,
            pairs,
            variant,
            notation,
            out,
        }),
        Command::Stats {
            db,
            scope,
            by,
            format,
            out,
            with_duplicates,
        } => stats::run(
            &db.db,
            &scope.filter(with_duplicates),
            by.as_deref(),
            format,
            out.as_deref(),
        ),
        Command::Export { db, format, out } => export::run(&db.db, format, &out),
        Command::Report {
            db,
            scope,
            title,
            audit_limit,
            explorer_depth,
            out,
        } => report::run(
            &db.db,
            scope.filter(false),
            title,
            audit_limit,
            explorer_depth,
            &out,
        ),
        Command::Bench {
            games,
            no_real,
            work,
            out,
            positions,
        } => crate::bench::run(&crate::bench::Request {
            games,
            no_real,
            work,
            out,
            positions,
        }),
        Command::BenchStage {
            stage,
            threads,
            db,
            paths,
        } => crate::bench::run_stage(stage, threads, &db, &paths),
        Command::Demo { db, report } => demo::run(&db, &report),
        Command::Index(a) => index::run(&a),
        Command::Position(a) => position::run(&a),
        Command::Explore(a) => explore::run(&a),
    }
}
