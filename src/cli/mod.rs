//! The command line: the commands, each with its arguments (in its own module; the flags
//! several share are in [`args`]), and one match sending each command to its module. A
//! command returns its exit code; an error becomes exit code 2 in `main`.

mod args;
mod audit;
mod check;
mod copies_disagree;
mod curate;
mod demo;
mod derived;
mod event;
mod explore;
mod export;
mod export_format;
mod export_records;
mod games;
mod index;
mod ingest;
mod names;
mod pdf;
mod player;
mod position;
mod presentation;
pub(crate) mod progress;
mod ratings;
mod report;
mod select;
mod serve;
mod show;
mod show_json;
mod site;
mod standings;
mod stats;
mod table;
mod text;

use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand};

/// The exit codes, as `kifu --help` lists them (and the README).
const EXIT_CODES: &str = "\
Exit codes:
  0  done (also a search that matched nothing: said on standard error)
  1  done, with something to look at: an input that gave no game, was cut short or
     damaged, or could not be read (ingest; the rest is stored), a position index
     that differs from the games (index --verify)
  2  nothing done: a usage error, an unknown name or a malformed value (with the
     valid names, closest first), a missing input, or a failure (said on standard error)";

#[derive(Parser)]
#[command(
    name = "kifu",
    version,
    about = "Record database and analytics pipeline for board-game records",
    after_help = EXIT_CODES
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// No progress bar and no routine summary on standard error (errors, and why an answer
    /// is empty, are still said). Progress is drawn only when standard error is a terminal.
    #[arg(long, short, global = true)]
    quiet: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Read record files (also .xz, .gz, .tar.xz, directories) into the database.
    Ingest(ingest::IngestArgs),
    /// List findings, one per line, in source order: those of the games (and quarantined
    /// records) the filter selects, of --severity or worse, with --code.
    Audit(audit::AuditArgs),
    /// List the games the filter selects, one line each: id, kind, date, event, round,
    /// players, recorded and counted result (`!` where they differ), opening, plies,
    /// findings (error/warning/info) and source:line.
    Games(games::GamesArgs),
    /// List the players of the games the filter selects, with their games, wins, draws
    /// and losses (with --player, only the names it matches).
    Players(names::PlayersArgs),
    /// List the events of the games the filter selects, with their games, players and
    /// first and last dates.
    Events(names::EventsArgs),
    /// One player's record: their names and spellings, results by year, event and game,
    /// rating and rating history in each game's stored list, and their games.
    Player(player::PlayerArgs),
    /// One event's record: its games, players and dates, its rounds and its standings
    /// (every section's table, crosstable and team tables).
    Event(event::EventArgs),
    /// Show a stored game: header, board, last move, Black's forbidden points, findings.
    Show(show::ShowArgs),
    /// Arbiter's check of a position.
    Check(check::CheckArgs),
    /// Apply a curation file (TOML: players and their spellings, events with their
    /// sections, scoring, tie-breaks and rules, result corrections, games without moves,
    /// decisions on findings) on top of the records, replacing the one applied before. The
    /// records are never changed: --remove restores every table. An entry that does not
    /// fit (an unknown game key, an alias claimed twice, an event that matches no game) is
    /// an error with its line, and nothing is applied (exit 2).
    Curate(curate::CurateArgs),
    /// Points tables per event (win 1, draw ½, loss 0; ChouChou: its score sheet and
    /// standings with the rule-5(2) tie-breaks), from the games the filter selects.
    Standings(standings::StandingsArgs),
    /// Rate the players of one game (Whole-History Rating or Elo) from their results: the
    /// list (rank, player, rating, ±, games, last game), or one player's history.
    Ratings(ratings::RatingsArgs),
    /// Write legal generated games in the game's own notation, grouped into tournaments,
    /// reproducible from the seed.
    Generate(crate::generate::GenerateArgs),
    /// Summary tables computed with polars: Renju opening balance (Wilson intervals),
    /// Xiangqi results, rulings and captures, Territorial scores, ChouChou captures,
    /// findings per source and event.
    Stats(stats::StatsArgs),
    /// Write the data contract's tables (games, players, moves, comments, findings,
    /// quarantine, sources) with `_schema.json`, for DuckDB, Spark or polars, or the games
    /// in a record notation (one file): every record, or what the filter selects.
    Export(export::ExportArgs),
    /// Write a self-contained HTML report (index.html), its Markdown version (report.md),
    /// the charts as SVG and PNG and the audit's board diagrams into a directory.
    Report(report::ReportArgs),
    /// Write a static event site (index and one replayable page per game) into a directory.
    ///
    /// index.html holds the event header, the standings and crosstables linking every game,
    /// the games with a search box, the audit and the report's charts; games/ID.html
    /// replays each game; assets/ and charts/ are shared. No server needed: it works from
    /// file://.
    Site(site::SiteArgs),
    /// Time each ingest stage (floor, parse, replay, full ingest) per input, with peak
    /// memory and thread and input-size scaling, and header search (player, event) on
    /// generated Renju games; writes the tables to bench/RESULTS.md.
    /// Run it from a release build.
    Bench(crate::bench::BenchArgs),
    /// The position index behind `position` and `explore` (a file beside the database):
    /// adds the games it does not cover yet and says its state and size; `--rebuild`
    /// makes it again, `--verify` checks it against the games.
    Index(index::IndexArgs),
    /// Every game that reaches a position at any ply, under every symmetry of its board,
    /// with the ply, the symmetry, the players and the result.
    Position(position::PositionArgs),
    /// The next moves seen from a position (in its orientation, transpositions merged)
    /// with their games, results and the first mover's score; --depth prints the tree.
    Explore(explore::ExploreArgs),
    /// One stage of `kifu bench`, run in its own process (prints one JSON line).
    #[command(hide = true)]
    BenchStage(crate::bench::BenchStageArgs),
    /// The copies-disagree findings of copy groups given as JSON lines on standard input
    /// (the Spark job's copies linked across shards), as JSON lines.
    #[command(hide = true)]
    CopiesDisagree(copies_disagree::CopiesDisagreeArgs),
    /// Serve the database over HTTP: the JSON API under /api/ (the commands' answers, the
    /// commands' flags as parameters) and the web UI, reading it read-only while ingest
    /// and curate write it; stops on SIGTERM or Ctrl-C once the requests in flight end.
    Serve(serve::ServeArgs),
    /// The tour: generate games of all four kinds, ingest them with the bundled samples
    /// into kifu-demo.db, print the summary and the audit, write the report into
    /// kifu-demo-report/.
    Demo(demo::DemoArgs),
}

pub fn run() -> Result<ExitCode> {
    let cli = Cli::parse();
    progress::set_quiet(cli.quiet);
    match cli.command {
        Command::Ingest(args) => ingest::run(&args),
        Command::Audit(args) => audit::run(&args),
        Command::Games(args) => games::run(&args),
        Command::Players(args) => names::players(&args),
        Command::Events(args) => names::events(&args),
        Command::Player(args) => player::run(&args),
        Command::Event(args) => event::run(&args),
        Command::Show(args) => show::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Curate(args) => curate::run(&args),
        Command::Standings(args) => standings::run(&args),
        Command::Ratings(args) => ratings::run(&args),
        Command::Generate(args) => crate::generate::run(&args),
        Command::Stats(args) => stats::run(&args),
        Command::Export(args) => export::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Site(args) => site::run(&args),
        Command::Bench(args) => crate::bench::run(&args),
        Command::Index(args) => index::run(&args),
        Command::Position(args) => position::run(&args),
        Command::Explore(args) => explore::run(&args),
        Command::BenchStage(args) => crate::bench::run_stage(&args),
        Command::CopiesDisagree(args) => copies_disagree::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Demo(args) => demo::run(&args),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every argument of every command, hidden ones included, says what it is for.
    #[test]
    fn every_argument_has_help() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            if cmd.get_about().is_none() && !path.is_empty() {
                missing.push(format!("{path} (the command)"));
            }
            for arg in cmd.get_arguments() {
                if arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{path} {}", arg.get_id()));
                }
            }
            for sub in cmd.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), missing);
            }
        }
        let mut missing = Vec::new();
        walk(&super::Cli::command(), "", &mut missing);
        assert!(missing.is_empty(), "arguments without help: {missing:#?}");
    }
}
