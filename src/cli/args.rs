//! The flags: clap's types for every command, and their conversions into the typed values
//! the commands take (a game kind, a severity, a format, the one game filter).

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand};
use kifu_facts::{RatingSystem, ResultName, Ruleset, Severity};
use kifu_parser::Format;
use kifu_rules::xiangqi;
use kifu_store::filter::{
    parse_result, DateRange, FilterError, GameSelector, OpeningSelector, PartialDate, PliesRange,
    Side, Status,
};
use kifu_store::search::{GameOrder, NameOrder};
use kifu_store::{GameFilter, RulesetChoice, DEFAULT_DB};

use crate::choice::unknown_name;

/// The exit codes, as `kifu --help` lists them (and the README).
pub(super) const EXIT_CODES: &str = "\
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
pub(super) struct Cli {
    #[command(subcommand)]
    pub(super) command: Command,
    /// No progress bar and no routine summary on standard error (errors, and why an answer
    /// is empty, are still said). Progress is drawn only when standard error is a terminal.
    #[arg(long, short, global = true)]
    pub(super) quiet: bool,
}

#[derive(Args)]
pub(super) struct DbArg {
    /// The database file (created by `ingest` if missing).
    #[arg(long, default_value = DEFAULT_DB)]
    pub(super) db: PathBuf,
}

/// Which games a command covers: the one filter of `games`, `players`, `events`, `audit`,
/// `stats`, `report`, `standings` and `export`, turned once into a [`GameFilter`].
#[derive(Args, Clone)]
pub(super) struct FilterArgs {
    /// A game kind (renju, xiangqi, territorial, chouchou), or one game by its id.
    #[arg(long, value_name = "KIND|ID", help_heading = "Filter")]
    game: Option<GameSelector>,
    /// A player in any seat: the whole name, `*` for any run of characters (full- and
    /// half-width forms, ASCII case, and Traditional and Simplified Chinese are alike).
    #[arg(long, value_name = "NAME", help_heading = "Filter")]
    player: Option<String>,
    /// The side --player played: black, white, red or P1…P4.
    #[arg(long, value_name = "SIDE", help_heading = "Filter")]
    side: Option<Side>,
    /// A player in another seat than --player (or, alone, in any seat).
    #[arg(long, value_name = "NAME", help_heading = "Filter")]
    opponent: Option<String>,
    /// The event: the whole name, `*` for any run of characters (folded as --player).
    #[arg(long, value_name = "NAME", help_heading = "Filter")]
    event: Option<String>,
    /// Played on DATE (1985, 1985-06 or 1985-06-03: a game's partial date must lie
    /// wholly within) or within FROM..TO (either end may be left out).
    #[arg(long, value_name = "DATE|FROM..TO", help_heading = "Filter")]
    date: Option<DateRange>,
    /// Played on or after DATE.
    #[arg(long, value_name = "DATE", help_heading = "Filter")]
    from: Option<PartialDate>,
    /// Played on or before DATE.
    #[arg(long, value_name = "DATE", help_heading = "Filter")]
    to: Option<PartialDate>,
    /// The round, as recorded (full- and half-width forms, ASCII case, and Traditional and
    /// Simplified Chinese are alike).
    #[arg(long, help_heading = "Filter")]
    round: Option<String>,
    /// The result that counts: black, white, red, draw, P1…P4, or unknown (none counts).
    #[arg(long, value_parser = parse_result, value_name = "RESULT", help_heading = "Filter")]
    result: Option<ResultName>,
    /// The recorded result (unknown: nothing, or no result, recorded).
    #[arg(long, value_parser = parse_result, value_name = "RESULT", help_heading = "Filter")]
    recorded: Option<ResultName>,
    /// Only games whose recorded result is not the one that counts (the board decided).
    #[arg(long, help_heading = "Filter")]
    result_differs: bool,
    /// The Renju opening rule (rif, yamaguchi, soosorv, soosorv-8, taraguchi, …).
    #[arg(long, value_name = "RULE", help_heading = "Filter")]
    rule: Option<String>,
    /// The rules a Renju-board game was replayed by: renju (the default: free-style games
    /// are left out, and how many is said), freestyle (free-style gomoku only) or all
    /// (both; audit and export cover all by default).
    #[arg(long, value_name = "RULES", value_parser = parse_ruleset_choice, help_heading = "Filter")]
    ruleset: Option<RulesetChoice>,
    /// An opening: Renju D1–D13/I1–I13, ECCO A00–E99, a range (C20-C29) or a prefix (C2);
    /// repeat for any of several.
    #[arg(long, value_name = "CODE", help_heading = "Filter")]
    opening: Vec<OpeningSelector>,
    /// Games with a finding of this code; repeat for any of several.
    #[arg(long, value_name = "CODE", help_heading = "Filter")]
    code: Vec<String>,
    /// Games with a finding of this severity or worse (with --code: that finding); where
    /// findings are listed, only those.
    #[arg(long, value_parser = severity_parser(), help_heading = "Filter")]
    severity: Option<Severity>,
    /// The number of plies: N, MIN..MAX, MIN.. or ..MAX.
    #[arg(long, value_name = "N|MIN..MAX", help_heading = "Filter")]
    plies: Option<PliesRange>,
    /// valid (no warning or error), findings (a warning or error) or quarantined.
    #[arg(long, value_name = "STATUS", help_heading = "Filter")]
    status: Option<Status>,
    /// Linked copies (the same game under a board symmetry): include or exclude
    /// (default: exclude, but include for audit and export).
    #[arg(long, value_parser = ["include", "exclude"], help_heading = "Filter")]
    duplicates: Option<String>,
    /// The same as --duplicates include.
    #[arg(long, conflicts_with = "duplicates", help_heading = "Filter")]
    with_duplicates: bool,
}

impl FilterArgs {
    /// The typed filter; linked copies are included when the flags say so, else when
    /// `copies_by_default` (audit and export list every record).
    pub(super) fn filter(self, copies_by_default: bool) -> Result<GameFilter, FilterError> {
        let (game, id) = match self.game {
            Some(GameSelector::Kind(k)) => (Some(k), None),
            Some(GameSelector::Id(id)) => (None, Some(id)),
            None => (None, None),
        };
        let with_duplicates = match (self.duplicates.as_deref(), self.with_duplicates) {
            (Some("include"), _) | (_, true) => true,
            (Some(_), _) => false,
            (None, false) => copies_by_default,
        };
        let filter = GameFilter {
            game,
            id,
            player: self.player,
            side: self.side,
            opponent: self.opponent,
            event: self.event,
            date: self.date.unwrap_or_default().with_ends(self.from, self.to),
            round: self.round,
            result: self.result,
            recorded: self.recorded,
            result_differs: self.result_differs,
            rule: self.rule,
            // One default for every command that selects games, but those that cover
            // every record (audit, export): a free-style game is not a Renju game.
            ruleset: self.ruleset.unwrap_or(if copies_by_default {
                RulesetChoice::All
            } else {
                RulesetChoice::Renju
            }),
            openings: self.opening,
            codes: self.code,
            severity: self.severity,
            plies: self.plies.unwrap_or_default(),
            status: self.status,
            with_duplicates,
        };
        filter.validate()?;
        unassigned_ecco(&filter)?;
        Ok(filter)
    }
}

/// An exact ECCO code that ECCO 2004 leaves empty (`空`, 240 of the 500 slots) names no
/// opening kifu's classifier gives: an error listing the assigned codes, closest first.
/// The store checks only the form of a code; the table of assigned ones is the rules'.
fn unassigned_ecco(filter: &GameFilter) -> Result<(), FilterError> {
    use kifu_facts::GameKind;
    if filter.game.is_some_and(|k| k != GameKind::Xiangqi) {
        return Ok(());
    }
    for o in &filter.openings {
        let Some((from, to)) = &o.ecco else { continue };
        // `D10` is also Renju's D10 unless the filter is for Xiangqi games only.
        let renju_too = o.renju.is_some() && filter.game.is_none();
        if from != to || renju_too {
            continue;
        }
        let assigned = from
            .parse::<xiangqi::ecco::Code>()
            .ok()
            .and_then(xiangqi::ecco::name)
            .is_some();
        if !assigned {
            let codes: Vec<String> = xiangqi::ecco::definitions()
                .iter()
                .map(|d| d.code.to_string())
                .collect();
            return Err(FilterError::unknown(
                "ECCO opening",
                from,
                codes.iter().map(String::as_str),
            ));
        }
    }
    Ok(())
}

/// `--format` of the listings: an aligned table, JSON lines or CSV.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ListFormat {
    Table,
    Json,
    Csv,
}

fn parse_list_format(s: &str) -> Result<ListFormat, String> {
    match s {
        "table" => Ok(ListFormat::Table),
        "json" => Ok(ListFormat::Json),
        "csv" => Ok(ListFormat::Csv),
        _ => Err(unknown_name("format", s, ["table", "json", "csv"])),
    }
}

fn parse_game_order(s: &str) -> Result<GameOrder, String> {
    GameOrder::from_name(s).ok_or_else(|| unknown_name("order", s, GameOrder::NAMES.to_vec()))
}

fn parse_name_order(s: &str) -> Result<NameOrder, String> {
    NameOrder::from_name(s).ok_or_else(|| unknown_name("order", s, NameOrder::NAMES.to_vec()))
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
    },
    /// List findings, one per line, in source order: those of the games (and quarantined
    /// records) the filter selects, of --severity or worse, with --code.
    Audit {
        #[command(flatten)]
        db: DbArg,
        #[command(flatten)]
        filter: FilterArgs,
        /// JSON lines instead of text.
        #[arg(long)]
        json: bool,
        /// Only the findings no `[[decision]]` of the curation has decided.
        #[arg(long)]
        open: bool,
    },
    /// List the games the filter selects, one line each: id, kind, date, event, round,
    /// players, recorded and counted result (`!` where they differ), opening, plies,
    /// findings (error/warning/info) and source:line.
    Games {
        #[command(flatten)]
        db: DbArg,
        #[command(flatten)]
        filter: FilterArgs,
        /// id, date, event (then round) or plies.
        #[arg(long, default_value = "id", value_parser = parse_game_order)]
        sort: GameOrder,
        /// At most this many lines (the total is said on standard error).
        #[arg(long)]
        limit: Option<u64>,
        /// table, json (one object per line) or csv.
        #[arg(long, default_value = "table", value_parser = parse_list_format)]
        format: ListFormat,
    },
    /// List the players of the games the filter selects, with their games, wins, draws
    /// and losses (with --player, only the names it matches).
    Players {
        #[command(flatten)]
        db: DbArg,
        #[command(flatten)]
        filter: FilterArgs,
        /// Instead of the list: likely identities among the names not curated yet (the
        /// same name folded, a team or city prefix, Latin initials and word order), as
        /// `[[player]]` entries with each name's games and dates, to review and paste into
        /// a curation file; --player narrows them to identities with a name it matches.
        #[arg(long)]
        suggest_aliases: bool,
        /// games (most first) or name.
        #[arg(long, default_value = "games", value_parser = parse_name_order)]
        sort: NameOrder,
        /// At most this many lines.
        #[arg(long)]
        limit: Option<u64>,
        /// table, json (one object per line) or csv.
        #[arg(long, default_value = "table", value_parser = parse_list_format)]
        format: ListFormat,
    },
    /// List the events of the games the filter selects, with their games, players and
    /// first and last dates.
    Events {
        #[command(flatten)]
        db: DbArg,
        #[command(flatten)]
        filter: FilterArgs,
        /// games (most first) or name.
        #[arg(long, default_value = "games", value_parser = parse_name_order)]
        sort: NameOrder,
        /// At most this many lines.
        #[arg(long)]
        limit: Option<u64>,
        /// table, json (one object per line) or csv.
        #[arg(long, default_value = "table", value_parser = parse_list_format)]
        format: ListFormat,
    },
    /// Show a stored game: header, board, last move, Black's forbidden points, findings.
    Show {
        #[command(flatten)]
        db: DbArg,
        /// The game's id (as `kifu games` lists it).
        #[arg(value_name = "ID")]
        game: i64,
        /// Show the position after this many moves (default: the end).
        #[arg(long)]
        ply: Option<u32>,
        /// List the record's variations (its annotators' alternative lines), with their
        /// comments, each under the line it branches from.
        #[arg(long)]
        variations: bool,
    },
    /// Arbiter's check of a position.
    Check {
        #[command(subcommand)]
        game: CheckGame,
    },
    /// Apply a curation file (TOML: players and their spellings, events with their
    /// sections, scoring, tie-breaks and rules, result corrections, games without moves,
    /// decisions on findings) on top of the records, replacing the one applied before. The
    /// records are never changed: --remove restores every table. An entry that does not
    /// fit (an unknown game key, an alias claimed twice, an event that matches no game) is
    /// an error with its line, and nothing is applied (exit 2).
    Curate {
        #[command(flatten)]
        db: DbArg,
        /// Only check the file (against the database, when there is one): apply nothing.
        #[arg(long)]
        check: bool,
        /// Remove the applied curation.
        #[arg(long, conflicts_with_all = ["check", "file"])]
        remove: bool,
        /// Write the applied curation's facts by game key (curated_games, curated_players,
        /// decisions) as Parquet into DIR, for a dataset built without this database to
        /// join on (the Spark job's --curation).
        #[arg(long, value_name = "DIR", conflicts_with_all = ["check", "remove", "file"])]
        facts: Option<PathBuf>,
        /// The curation file.
        #[arg(required_unless_present_any = ["remove", "facts"], value_name = "FILE")]
        file: Option<PathBuf>,
    },
    /// Points tables per event (win 1, draw ½, loss 0; ChouChou: its score sheet and
    /// standings with the rule-5(2) tie-breaks), from the games the filter selects.
    Standings {
        #[command(flatten)]
        db: DbArg,
        #[command(flatten)]
        filter: FilterArgs,
        /// JSON (one object) instead of text tables.
        #[arg(long, conflicts_with = "csv")]
        json: bool,
        /// CSV (one table after another) instead of text tables.
        #[arg(long)]
        csv: bool,
        /// Only the team tables (where the records' RedTeam/BlackTeam tags or the curation's
        /// [[player]] team name each seat's team), with their matches.
        #[arg(long)]
        teams: bool,
    },
    /// Rate the players of one game (Whole-History Rating or Elo) from their results: the
    /// list (rank, player, rating, ±, games, last game), or one player's history.
    Ratings {
        #[command(flatten)]
        db: DbArg,
        /// The games rated (--player instead names the player whose line to show).
        #[command(flatten)]
        filter: FilterArgs,
        #[command(flatten)]
        request: RatingsRequest,
    },
    /// Write legal generated games in the game's own notation, grouped into tournaments,
    /// reproducible from the seed.
    Generate {
        /// renju, xiangqi, territorial or chouchou.
        #[arg(long)]
        game: String,
        /// How many games to write.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// The seed: the same seed writes the same games.
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
        /// The record file to write (not created when an argument is wrong).
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
    },
    /// Summary tables computed with polars: Renju opening balance (Wilson intervals),
    /// Xiangqi results, rulings and captures, Territorial scores, ChouChou captures,
    /// findings per source and event.
    Stats {
        #[command(flatten)]
        db: DbArg,
        #[command(flatten)]
        filter: FilterArgs,
        /// Only the tables grouped by these keys (Renju: rule, opening, year, decade,
        /// comma-separated; other games: rule, opening, event, year or decade; with
        /// --adjusted one key: Renju opening, rule, year, decade; Xiangqi family, opening,
        /// rule, year, decade).
        #[arg(long)]
        by: Option<String>,
        /// The first mover's advantage per group of --by adjusted for the players'
        /// strengths (a Bradley–Terry model with an advantage per group), in rating points
        /// with its 95% interval.
        #[arg(long, requires = "by")]
        adjusted: bool,
        /// Compare two groups of --by (two openings, rules or periods): the difference of
        /// their adjusted advantages and a likelihood-ratio test.
        #[arg(long, num_args = 2, value_names = ["A", "B"], requires = "by")]
        compare: Option<Vec<String>>,
        /// table, csv, json or parquet.
        #[arg(long, default_value = "table", value_parser = parse_stats_format)]
        format: kifu_analysis::Format,
        /// Write here instead of standard output: a file for table and json, a directory
        /// (one file per table) for csv and parquet.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Write the data contract's tables (games, players, moves, comments, findings,
    /// quarantine, sources) with `_schema.json`, for DuckDB, Spark or polars, or the games
    /// in a record notation (one file): every record, or what the filter selects.
    Export {
        #[command(flatten)]
        db: DbArg,
        #[command(flatten)]
        filter: FilterArgs,
        /// parquet (a directory of part files per table), csv or json (JSON lines); or a
        /// record notation: renju-lines, renju-plain, rif-xml, xiangqi-pgn, dhtmlxq,
        /// territorial-pgn, chouchou-ccn (one file).
        #[arg(long, default_value = "parquet", value_parser = super::export_format::parse_export_format)]
        format: super::export_format::ExportFormat,
        /// The dataset's directory, or the record file: written under a temporary name,
        /// then renamed.
        #[arg(long)]
        out: PathBuf,
        /// Replace `--out` if it exists (whole: no stale part files remain).
        #[arg(long)]
        overwrite: bool,
        /// Add to the Parquet export in `--out` (of every record of this database) the
        /// records ingested since it was written or last appended to.
        #[arg(long, conflicts_with = "overwrite")]
        append: bool,
        /// Record notations: write kifu's findings as comments at their plies.
        #[arg(long)]
        annotate: bool,
        /// xiangqi-pgn: the move notation, chinese (Simplified, the default), wxf or iccs.
        #[arg(long, value_parser = super::export_format::parse_xq_notation)]
        notation: Option<kifu_notation::XqNotation>,
    },
    /// Write a self-contained HTML report (index.html), its Markdown version (report.md),
    /// the charts as SVG and PNG and the audit's board diagrams into a directory.
    Report {
        #[command(flatten)]
        db: DbArg,
        #[command(flatten)]
        filter: FilterArgs,
        /// The report's title.
        #[arg(long)]
        title: Option<String>,
        /// Most warning/error findings shown with a board diagram.
        #[arg(long, default_value_t = 60)]
        audit_limit: usize,
        /// Moves deep of the opening explorer's trees (0 leaves them out).
        #[arg(long, default_value_t = 2)]
        explorer_depth: u32,
        /// The report's directory (created if missing).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        #[command(flatten)]
        presentation: PresentationArgs,
        #[command(flatten)]
        pdf: super::pdf::PdfArgs,
    },
    /// Write a static event site (index and one replayable page per game) into a directory.
    ///
    /// index.html holds the event header, the standings and crosstables linking every game,
    /// the games with a search box, the audit and the report's charts; games/ID.html
    /// replays each game; assets/ and charts/ are shared. No server needed: it works from
    /// file://.
    Site {
        #[command(flatten)]
        db: DbArg,
        #[command(flatten)]
        filter: FilterArgs,
        /// The site's title (by default the event, or events, of its games).
        #[arg(long)]
        title: Option<String>,
        /// The site's directory (created if missing; an earlier site's pages, charts and
        /// assets are replaced once the new site is built).
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        #[command(flatten)]
        presentation: PresentationArgs,
    },
    /// Time each ingest stage (floor, parse, replay, full ingest) per input, with peak
    /// memory and thread and input-size scaling, and header search (player, event) on
    /// generated Renju games; writes the tables to bench/RESULTS.md.
    /// Run it from a release build.
    Bench {
        /// Games in each large generated set (the small sets have a tenth).
        #[arg(long, default_value_t = 100_000)]
        games: usize,
        /// Leave out the real collections in ../shared/data.
        #[arg(long)]
        no_real: bool,
        /// Only one part: ingest (the stages and scaling), stages (busy time per pipeline stage and the scaling model), search (header search) or filters (every filter option with `games` and `stats`, alone).
        #[arg(long, value_parser = |s: &str| crate::bench::Part::from_name(s).ok_or("ingest, stages, search or filters"))]
        only: Option<crate::bench::Part>,
        /// Generated Renju games in the header-search database (built once per size in
        /// --work).
        #[arg(long, default_value_t = 1_000_000)]
        search_games: usize,
        /// Where generated inputs and the scratch database go.
        #[arg(long, default_value = "target/kifu-bench")]
        work: PathBuf,
        /// The results file (Markdown) the tables are written to.
        #[arg(long, default_value = "bench/RESULTS.md")]
        out: PathBuf,
        /// Only the position index benchmark (index cost on ingest, bytes per game,
        /// position search, explorer) on this many generated Renju games; its section of
        /// the results file is replaced, the rest kept.
        #[arg(long)]
        positions: Option<usize>,
        /// Only the export benchmark: `kifu export` of this many generated Renju games
        /// (the database built once per size in --work), its time and peak RSS; its section
        /// of the results file is replaced, the rest kept.
        #[arg(long)]
        export: Option<usize>,
        /// Only the ratings benchmark: `kifu ratings` (WHR, Elo) of this many generated
        /// dated results among 1,000 players; its section of the results file is replaced,
        /// the rest kept.
        #[arg(long)]
        ratings: Option<usize>,
        /// Only the site benchmark: `kifu site` of all of CCPD (from ../shared/data), its
        /// time, memory and size; its section of the results file is replaced, the rest
        /// kept.
        #[arg(long)]
        site: bool,
    },
    /// The position index behind `position` and `explore` (a file beside the database):
    /// adds the games it does not cover yet and says its state and size; `--rebuild`
    /// makes it again, `--verify` checks it against the games.
    Index(IndexArgs),
    /// Every game that reaches a position at any ply, under every symmetry of its board,
    /// with the ply, the symmetry, the players and the result.
    Position(PositionArgs),
    /// The next moves seen from a position (in its orientation, transpositions merged)
    /// with their games, results and the first mover's score; --depth prints the tree.
    Explore(ExploreArgs),
    /// One stage of `kifu bench`, run in its own process (prints one JSON line).
    #[command(hide = true)]
    BenchStage {
        /// The stage: floor, parse, replay, ingest or ingest-no-index.
        #[arg(long, value_parser = |s: &str| crate::bench::Stage::from_name(s).ok_or("floor, parse, replay, ingest or ingest-no-index"))]
        stage: crate::bench::Stage,
        /// Replay threads (default: one per core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// The scratch database of the ingest stage.
        #[arg(long)]
        db: PathBuf,
        /// The inputs to time.
        #[arg(required = true, value_name = "PATH")]
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
        /// The answer as one JSON object.
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
        /// The answer as one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// A Chess Territorial game: legality of each placement, whose turn, the territories
    /// (size, multiplier), each side's score and the winner.
    Territorial {
        /// Placements from the empty board: `K@e1 K@d8 Q@e2 @e3 --`.
        #[arg(long, default_value = "")]
        moves: String,
        /// The answer as one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// A ChouChou game: each action's captures (simultaneous and chain steps), the
    /// findings, each player's captured total and the winner.
    Chouchou {
        /// 3x3, js or 4x4.
        #[arg(long, default_value = "3x3")]
        variant: String,
        /// 2, 3 or 4 players.
        #[arg(long, default_value_t = 2)]
        players: u8,
        /// Four players as two pairs.
        #[arg(long)]
        pairs: bool,
        /// Actions: `1A 2A 3C→1A② 2B→3A① …` (optionally `x3` after an action).
        #[arg(long, default_value = "")]
        moves: String,
        /// The answer as one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// `--severity`: one of [`Severity`]'s names, listed in the help.
fn severity_parser() -> impl TypedValueParser<Value = Severity> {
    PossibleValuesParser::new(Severity::ALL.map(Severity::name))
        .map(|name| Severity::from_name(&name).expect("a listed severity name"))
}

/// What `kifu ratings` computes and prints.
#[derive(Args, Clone, Debug)]
pub(super) struct RatingsRequest {
    /// whr (Whole-History Rating: each player's rating over time) or elo.
    #[arg(long, default_value = "whr", value_parser = parse_rating_system)]
    pub(super) system: RatingSystem,
    /// Ratings as of this date: only the games played by then (YYYY, YYYY-MM, YYYY-MM-DD).
    #[arg(long, value_name = "DATE")]
    pub(super) as_of: Option<String>,
    /// With --player: the player's rating in each rating period.
    #[arg(long)]
    pub(super) history: bool,
    /// WHR: the variance of a rating's drift, in Elo² per day (Coulom's 14).
    #[arg(long, default_value_t = 14.0)]
    pub(super) w2: f64,
    /// WHR: the prior's virtual wins and losses (as many of each) against a 1500 player
    /// on the player's first day.
    #[arg(long, default_value_t = 1.0)]
    pub(super) prior_games: f64,
    /// Elo: the K factor (the most a game moves a rating, times two).
    #[arg(long, default_value_t = 20.0)]
    pub(super) k: f64,
    /// Only the first N lines of the list (0: all).
    #[arg(long, default_value_t = 0)]
    pub(super) top: usize,
    /// Also write the games rated, in the order rated, as CSV (first, second, score,
    /// date, day), to check the ratings with another program.
    #[arg(long, value_name = "FILE")]
    pub(super) rated_games: Option<PathBuf>,
    /// table, json or csv.
    #[arg(long, default_value = "table", value_parser = parse_text_format)]
    pub(super) format: TextFormat,
}

/// A listing's output: aligned text, JSON or CSV.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TextFormat {
    Table,
    Json,
    Csv,
}

fn parse_text_format(s: &str) -> Result<TextFormat, String> {
    match s {
        "table" => Ok(TextFormat::Table),
        "json" => Ok(TextFormat::Json),
        "csv" => Ok(TextFormat::Csv),
        _ => Err(unknown_name("format", s, ["table", "json", "csv"])),
    }
}

fn parse_rating_system(s: &str) -> Result<RatingSystem, String> {
    RatingSystem::from_name(s).ok_or_else(|| {
        unknown_name(
            "rating system",
            s,
            RatingSystem::ALL.map(RatingSystem::name),
        )
    })
}

fn parse_stats_format(s: &str) -> Result<kifu_analysis::Format, String> {
    kifu_analysis::Format::from_name(s)
        .ok_or_else(|| unknown_name("format", s, ["table", "csv", "json", "parquet"]))
}

fn parse_ruleset_choice(s: &str) -> Result<RulesetChoice, String> {
    RulesetChoice::from_name(s).ok_or_else(|| unknown_name("rules", s, RulesetChoice::NAMES))
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

/// `kifu index`.
#[derive(Args)]
pub(super) struct IndexArgs {
    #[command(flatten)]
    pub(super) db: DbArg,
    /// Empty the position index and make it again from every stored game.
    #[arg(long)]
    pub(super) rebuild: bool,
    /// Merge the small segments many small ingests leave (one per ingest and kind) into large ones,
    /// without replaying any game: a lookup then reads one row per 65,536 games.
    #[arg(long)]
    pub(super) compact: bool,
    /// Check that the index holds exactly the entries the stored games' moves give
    /// (exit code 1 when it does not).
    #[arg(long)]
    pub(super) verify: bool,
    /// Replay threads (default: one per core).
    #[arg(long, default_value_t = 0)]
    pub(super) threads: usize,
    /// Print one JSON object per step.
    #[arg(long)]
    pub(super) json: bool,
}

/// A position of the game `--game` names: its moves from the start (or, for Renju, its stone sets; for
/// Xiangqi, a FEN and moves from it).
#[derive(Args)]
pub(super) struct QueryArgs {
    /// Moves from the start: Renju `h8 h9 i9`, Xiangqi ICCS `h2e2`, Chinese `炮二平五` or
    /// WXF, Territorial `K@e1 K@d8`, ChouChou `1A 2B 1A→2A②`.
    #[arg(long, allow_hyphen_values = true)]
    pub(super) moves: Option<String>,
    /// Renju: Black's stones (`h8 i9`), with --white; the side to move follows from the
    /// counts.
    #[arg(long)]
    pub(super) black: Option<String>,
    /// Renju: White's stones.
    #[arg(long)]
    pub(super) white: Option<String>,
    /// Xiangqi: the position as a FEN (--moves are played from it).
    #[arg(long)]
    pub(super) fen: Option<String>,
    /// ChouChou: the board (3x3, js, 4x4).
    #[arg(long, default_value = "3x3")]
    pub(super) variant: String,
    /// ChouChou: players (2-4).
    #[arg(long, default_value_t = 2)]
    pub(super) players: u8,
    /// ChouChou: players play in pairs.
    #[arg(long)]
    pub(super) pairs: bool,
}

#[derive(Args)]
pub(super) struct PositionArgs {
    #[command(flatten)]
    pub(super) db: DbArg,
    #[command(flatten)]
    pub(super) query: QueryArgs,
    #[command(flatten)]
    pub(super) filter: FilterArgs,
    /// List at most this many games (the counts cover all).
    #[arg(long, default_value_t = 200)]
    pub(super) limit: usize,
    /// Print one JSON object: the matches and the counts.
    #[arg(long)]
    pub(super) json: bool,
}

#[derive(Args)]
pub(super) struct ExploreArgs {
    #[command(flatten)]
    pub(super) db: DbArg,
    #[command(flatten)]
    pub(super) query: QueryArgs,
    /// Levels of next moves to print (1 = the next moves only).
    #[arg(long, default_value_t = 1)]
    pub(super) depth: u32,
    /// Below the first level, expand only moves played in at least this many games.
    #[arg(long, default_value_t = 1)]
    pub(super) min_games: u64,
    #[command(flatten)]
    pub(super) filter: FilterArgs,
    /// Print one JSON object (the tree).
    #[arg(long)]
    pub(super) json: bool,
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

/// How `kifu report` and `kifu site` present their pages: edition, language, branding.
#[derive(Args, Clone, Debug)]
pub(super) struct PresentationArgs {
    /// public (the event as the public reads it: no audit, finding codes, source paths or
    /// move classes) or audit (everything kifu knows, for the federation).
    #[arg(long, default_value = "audit", value_parser = parse_edition, help_heading = "Presentation")]
    pub(super) edition: kifu_reports::Edition,
    /// The pages' language: en, ja, zh-Hans or zh-Hant.
    #[arg(long, default_value = "en", value_parser = parse_lang, help_heading = "Presentation")]
    pub(super) lang: kifu_reports::Lang,
    /// An image (PNG, JPEG, GIF, WebP or SVG) shown in every page's header, embedded.
    #[arg(long, value_name = "FILE", help_heading = "Presentation")]
    pub(super) logo: Option<PathBuf>,
    /// A CSS file setting the pages' custom properties (colours and fonts), applied after
    /// the built-in style; it may not fetch anything (no @import, no remote url()).
    #[arg(long, value_name = "FILE", help_heading = "Presentation")]
    pub(super) theme: Option<PathBuf>,
}

fn parse_edition(s: &str) -> Result<kifu_reports::Edition, String> {
    kifu_reports::Edition::parse(s).ok_or_else(|| unknown_name("edition", s, ["public", "audit"]))
}

fn parse_lang(s: &str) -> Result<kifu_reports::Lang, String> {
    kifu_reports::Lang::parse(s).ok_or_else(|| {
        unknown_name(
            "language",
            s,
            kifu_reports::Lang::ALL.map(kifu_reports::Lang::tag),
        )
    })
}
