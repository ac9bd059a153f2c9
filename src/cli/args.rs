//! The flags: clap's types for every command, and their conversions into the typed values
//! the commands take (a game kind, a severity, a format, an analysis filter).

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use kifu_facts::{GameKind, Severity};
use kifu_parser::Format;
use kifu_rules::xiangqi;
use kifu_store::DEFAULT_DB;

#[derive(Parser)]
#[command(
    name = "kifu",
    version,
    about = "Record database and analytics pipeline for board-game records"
)]
pub(super) struct Cli {
    #[command(subcommand)]
    pub(super) command: Command,
}

#[derive(Args)]
pub(super) struct DbArg {
    /// The database file (created by `ingest` if missing).
    #[arg(long, default_value = DEFAULT_DB)]
    pub(super) db: PathBuf,
}

/// Which games a summary covers.
#[derive(Args)]
pub(super) struct ScopeArgs {
    /// Only this game kind (renju, xiangqi, territorial, chouchou).
    #[arg(long)]
    game: Option<GameKind>,
    /// Only this event (exact name).
    #[arg(long)]
    event: Option<String>,
}

impl ScopeArgs {
    pub(super) fn filter(self, with_duplicates: bool) -> kifu_analysis::Filter {
        kifu_analysis::Filter {
            game: self.game,
            event: self.event,
            with_duplicates,
        }
    }
}

#[derive(Subcommand)]
pub(super) enum Command {
    /// Read record files (also .xz, .gz, .tar.xz, directories) into the database.
    Ingest {
        #[command(flatten)]
        db: DbArg,
        /// Read every file as this format instead of detecting it.
        #[arg(long, value_parser = parse_format)]
        format: Option<Format>,
        /// Replay threads (default: one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// Print the summary as one JSON object.
        #[arg(long)]
        json: bool,
        /// Leave the new games out of the position index (a bulk load): the index is
        /// then missing until `kifu index --rebuild`.
        #[arg(long)]
        no_index: bool,
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// List findings, one per line, in source order.
    Audit {
        #[command(flatten)]
        db: DbArg,
        /// Only findings of this severity or worse.
        #[arg(long, value_parser = severity_parser())]
        severity: Option<Severity>,
        /// Only findings with this code.
        #[arg(long)]
        code: Option<String>,
        /// Only findings of this game.
        #[arg(long)]
        game: Option<i64>,
        /// Only findings of games of this event (exact name).
        #[arg(long)]
        event: Option<String>,
        /// JSON lines instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Show a stored game: header, board, last move, Black's forbidden points, findings.
    Show {
        #[command(flatten)]
        db: DbArg,
        game: i64,
        /// Show the position after this many moves (default: the end).
        #[arg(long)]
        ply: Option<u32>,
    },
    /// Arbiter's check of a position.
    Check {
        #[command(subcommand)]
        game: CheckGame,
    },
    /// Points tables per event (win 1, draw ½, loss 0; ChouChou: its score sheet and
    /// standings with the rule-5(2) tie-breaks).
    Standings {
        #[command(flatten)]
        db: DbArg,
        /// Only this event.
        #[arg(long)]
        event: Option<String>,
        /// Only this game (renju, xiangqi, territorial, chouchou); default: every game found.
        #[arg(long)]
        game: Option<GameKind>,
        #[arg(long, conflicts_with = "csv")]
        json: bool,
        #[arg(long)]
        csv: bool,
    },
    /// Write legal generated games in the game's own notation, grouped into tournaments,
    /// reproducible from the seed.
    Generate {
        /// renju, xiangqi, territorial or chouchou.
        #[arg(long)]
        game: String,
        #[arg(long, default_value_t = 100)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// ChouChou: 2, 3 or 4 players.
        #[arg(long, default_value_t = 2)]
        players: u8,
        /// ChouChou: four players as two pairs.
        #[arg(long)]
        pairs: bool,
        /// ChouChou: 3x3, js or 4x4.
        #[arg(long, default_value = "3x3")]
        variant: String,
        /// Renju: `plain` (tagged move lists) or `lines` (one game per line); Xiangqi:
        /// `chinese`, `iccs` or `wxf`.
        #[arg(long)]
        notation: Option<String>,
        #[arg(long)]
        out: PathBuf,
    },
    /// Summary tables computed with polars: Renju opening balance (Wilson intervals),
    /// Xiangqi results, rulings and captures, Territorial scores, ChouChou captures,
    /// findings per source and event.
    Stats {
        #[command(flatten)]
        db: DbArg,
        #[command(flatten)]
        scope: ScopeArgs,
        /// Only the tables grouped by these keys (Renju: rule, opening, year, event,
        /// comma-separated; other games: rule, opening or event).
        #[arg(long)]
        by: Option<String>,
        /// table, csv, json or parquet.
        #[arg(long, default_value = "table", value_parser = parse_stats_format)]
        format: kifu_analysis::Format,
        /// Write here instead of standard output: a file for table and json, a directory
        /// (one file per table) for csv and parquet.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Count linked copies (the same game under a board symmetry) too.
        #[arg(long)]
        with_duplicates: bool,
    },
    /// Write the games, moves and findings tables (Parquet partitioned by game kind, or
    /// CSV) for DuckDB, Spark or polars.
    Export {
        #[command(flatten)]
        db: DbArg,
        /// parquet or csv.
        #[arg(long, default_value = "parquet", value_parser = parse_stats_format)]
        format: kifu_analysis::Format,
        #[arg(long)]
        out: PathBuf,
    },
    /// Write a self-contained HTML report (index.html), its Markdown version (report.md),
    /// the charts as SVG and PNG and the audit's board diagrams into a directory.
    Report {
        #[command(flatten)]
        db: DbArg,
        #[command(flatten)]
        scope: ScopeArgs,
        /// The report's title.
        #[arg(long)]
        title: Option<String>,
        /// Most warning/error findings shown with a board diagram.
        #[arg(long, default_value_t = 60)]
        audit_limit: usize,
        /// Moves deep of the opening explorer's trees (0 leaves them out).
        #[arg(long, default_value_t = 2)]
        explorer_depth: u32,
        #[arg(long)]
        out: PathBuf,
    },
    /// Time each ingest stage (floor, parse, replay, full ingest) per input, with peak
    /// memory and thread and input-size scaling; writes the table to bench/RESULTS.md.
    /// Run it from a release build.
    Bench {
        /// Games in each large generated set (the small sets have a tenth).
        #[arg(long, default_value_t = 100_000)]
        games: usize,
        /// Leave out the real collections in ../shared/data.
        #[arg(long)]
        no_real: bool,
        /// Where generated inputs and the scratch database go.
        #[arg(long, default_value = "target/kifu-bench")]
        work: PathBuf,
        #[arg(long, default_value = "bench/RESULTS.md")]
        out: PathBuf,
        /// Only the position index benchmark (index cost on ingest, bytes per game,
        /// position search, explorer) on this many generated Renju games; its section of
        /// the results file is replaced, the rest kept.
        #[arg(long)]
        positions: Option<usize>,
    },
    /// The position index behind `position` and `explore`: its state and size;
    /// `--rebuild` makes it again, `--verify` checks it against the games.
    Index(super::index::IndexArgs),
    /// Every game that reaches a position at any ply, under every symmetry of its board,
    /// with the ply, the symmetry, the players and the result.
    Position(super::position::PositionArgs),
    /// The next moves seen from a position (in its orientation, transpositions merged)
    /// with their games, results and the first mover's score; --depth prints the tree.
    Explore(super::explore::ExploreArgs),
    /// One stage of `kifu bench`, run in its own process (prints one JSON line).
    #[command(hide = true)]
    BenchStage {
        #[arg(long, value_parser = |s: &str| crate::bench::Stage::from_name(s).ok_or("floor, parse, replay or ingest"))]
        stage: crate::bench::Stage,
        #[arg(long, default_value_t = 0)]
        threads: usize,
        #[arg(long)]
        db: PathBuf,
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// The tour: generate games of all four kinds, ingest them with the bundled samples
    /// into kifu-demo.db, print the summary and the audit, write the report into
    /// kifu-demo-report/.
    Demo {
        /// Where the demo database goes.
        #[arg(long, default_value = "kifu-demo.db")]
        db: PathBuf,
        /// Where the report goes.
        #[arg(long, default_value = "kifu-demo-report")]
        report: PathBuf,
    },
}

#[derive(Subcommand)]
pub(super) enum CheckGame {
    /// A Renju position: whose turn, Black's forbidden points and their kinds, the winner.
    Renju {
        /// Moves in RIF notation from the empty board, `--` for a pass.
        #[arg(long, default_value = "")]
        moves: String,
        #[arg(long)]
        json: bool,
    },
    /// A Xiangqi position: each move's classes (check, chase with chaser and target, …),
    /// the legal moves and any repetition verdict (棋例).
    Xiangqi {
        /// Start position (default: the standard one).
        #[arg(long, default_value = xiangqi::START_FEN)]
        fen: String,
        /// Moves in ICCS (`h2e2 h9g7 …`, ranks 0-9).
        #[arg(long, default_value = "")]
        moves: String,
        #[arg(long)]
        json: bool,
    },
    /// A Chess Territorial game: legality of each placement, whose turn, the territories
    /// (size, multiplier), each side's score and the winner.
    Territorial {
        /// Placements from the empty board: `K@e1 K@d8 Q@e2 @e3 --`.
        #[arg(long, default_value = "")]
        moves: String,
        #[arg(long)]
        json: bool,
    },
    /// A ChouChou game: each action's captures (simultaneous and chain steps), the
    /// findings, each player's captured total and the winner.
    Chouchou {
        /// 3x3, js or 4x4.
        #[arg(long, default_value = "3x3")]
        variant: String,
        #[arg(long, default_value_t = 2)]
        players: u8,
        /// Four players as two pairs.
        #[arg(long)]
        pairs: bool,
        /// Actions: `1A 2A 3C→1A② 2B→3A① …` (optionally `x3` after an action).
        #[arg(long, default_value = "")]
        moves: String,
        #[arg(long)]
        json: bool,
    },
}

/// `--severity`: one of [`Severity`]'s names, listed in the help.
fn severity_parser() -> impl TypedValueParser<Value = Severity> {
    PossibleValuesParser::new(Severity::ALL.map(Severity::name))
        .map(|name| Severity::from_name(&name).expect("a listed severity name"))
}

fn parse_stats_format(s: &str) -> Result<kifu_analysis::Format, String> {
    kifu_analysis::Format::from_name(s)
        .ok_or_else(|| format!("unknown format '{s}' (table, csv, json or parquet)"))
}

fn parse_format(s: &str) -> Result<Format, String> {
    Format::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        format!("unknown format '{s}' (one of: {})", names.join(", "))
    })
}
