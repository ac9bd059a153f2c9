//! The command line: the flags ([`args`]) and one match sending each command to its
//! module. A command returns its exit code; an error becomes exit code 2 in `main`.

mod args;
mod audit;
mod check;
mod curate;
mod demo;
mod explore;
mod export;
mod export_format;
mod export_records;
mod games;
mod index;
mod ingest;
mod names;
mod pdf;
mod position;
mod presentation;
pub(crate) mod progress;
mod ratings;
mod report;
mod select;
mod show;
mod site;
mod standings;
mod stats;
mod table;
mod text;

use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;

use args::{Cli, Command};

pub fn run() -> Result<ExitCode> {
    let cli = Cli::parse();
    progress::set_quiet(cli.quiet);
    match cli.command {
        Command::Ingest {
            db,
            format,
            rule,
            xiangqi_rules,
            threads,
            json,
            no_index,
            to_parquet,
            overwrite,
            paths,
        } => {
            let options = kifu_ingest::Options {
                format,
                threads,
                progress: progress::shown(),
                no_index,
                ruleset: rule,
                xiangqi_rules,
            };
            match to_parquet {
                Some(dir) => ingest::run_to_parquet(&dir, overwrite, &options, json, &paths),
                None => ingest::run(&db.db, &options, json, &paths),
            }
        }
        Command::Audit {
            db,
            filter,
            json,
            open,
        } => audit::run(&db.db, filter, json, open),
        Command::Games {
            db,
            filter,
            sort,
            limit,
            format,
        } => games::run(&db.db, filter, sort, limit, format),
        Command::Players {
            db,
            filter,
            suggest_aliases: true,
            ..
        } => names::suggest_aliases(&db.db, filter),
        Command::Players {
            db,
            filter,
            sort,
            limit,
            format,
            ..
        } => names::players(&db.db, filter, sort, limit, format),
        Command::Events {
            db,
            filter,
            sort,
            limit,
            format,
        } => names::events(&db.db, filter, sort, limit, format),
        Command::Show {
            db,
            game,
            ply,
            variations,
        } => show::run(&db.db, game, ply, variations),
        Command::Check { game } => check::run(game),
        Command::Curate {
            db,
            check,
            remove,
            facts,
            file,
        } => match facts {
            Some(dir) => curate::facts(&db.db, &dir),
            None => curate::run(&db.db, file.as_deref(), check, remove),
        },
        Command::Standings {
            db,
            filter,
            json,
            csv,
            teams,
        } => standings::run(&db.db, filter, standings::Shape { json, csv, teams }),
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
            filter,
            by,
            adjusted,
            compare,
            format,
            out,
        } => stats::run(
            &db.db,
            filter,
            stats::Grouping {
                by: by.as_deref(),
                adjusted,
                compare: compare.as_deref(),
            },
            format,
            out.as_deref(),
        ),
        Command::Ratings {
            db,
            filter,
            request,
        } => ratings::run(&db.db, filter, request),
        Command::Export {
            db,
            filter,
            format,
            out,
            overwrite,
            append,
            annotate,
            notation,
        } => match format {
            export_format::ExportFormat::Tables(format) => {
                if annotate || notation.is_some() {
                    anyhow::bail!(
                        "--annotate and --notation are for record notations, not {}",
                        format.extension()
                    );
                }
                export::run(
                    &db.db,
                    filter,
                    &out,
                    kifu_analysis::ExportOptions {
                        format,
                        overwrite,
                        append,
                    },
                )
            }
            export_format::ExportFormat::Records(format) => {
                if append {
                    anyhow::bail!(
                        "--append adds to a Parquet export; a {} file is written whole",
                        format.name()
                    );
                }
                export_records::run(
                    &db.db,
                    filter,
                    export_records::RecordExport {
                        format,
                        out: &out,
                        annotate,
                        notation,
                        overwrite,
                    },
                )
            }
        },
        Command::Report {
            db,
            filter,
            title,
            audit_limit,
            explorer_depth,
            out,
            presentation,
            pdf,
        } => report::run(
            &db.db,
            filter,
            title,
            audit_limit,
            explorer_depth,
            &out,
            presentation::presentation(presentation)?,
            &pdf,
        ),
        Command::Site {
            db,
            filter,
            title,
            out,
            presentation,
        } => site::run(
            &db.db,
            filter,
            title,
            &out,
            presentation::presentation(presentation)?,
        ),
        Command::Bench {
            games,
            no_real,
            only,
            search_games,
            work,
            out,
            positions,
            export,
            ratings,
            site,
        } => crate::bench::run(&crate::bench::Request {
            games,
            only,
            search_games,
            no_real,
            work,
            out,
            positions,
            export,
            ratings,
            site,
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
