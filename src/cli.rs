//! The command line: argument parsing and the commands.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use kifu_facts::{GameKind, Severity};
use kifu_parser::Format;
use kifu_rules::renju::{self, Marks, Position, Stone};
use kifu_rules::{chouchou, territorial, xiangqi};
use kifu_store::query::{FindingFilter, FindingRow, GameRow};
use kifu_store::{Store, DEFAULT_DB};
use serde_json::json;

#[derive(Parser)]
#[command(
    name = "kifu",
    version,
    about = "Record database and analytics pipeline for board-game records"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Args)]
struct DbArg {
    /// The database file (created by `ingest` if missing).
    #[arg(long, default_value = DEFAULT_DB)]
    db: PathBuf,
}

/// Which games a summary covers.
#[derive(Args)]
struct ScopeArgs {
    /// Only this game kind (renju, xiangqi, territorial, chouchou).
    #[arg(long)]
    game: Option<GameKind>,
    /// Only this event (exact name).
    #[arg(long)]
    event: Option<String>,
}

impl ScopeArgs {
    fn filter(self, with_duplicates: bool) -> kifu_analysis::Filter {
        kifu_analysis::Filter {
            game: self.game,
            event: self.event,
            with_duplicates,
        }
    }
}

#[derive(Subcommand)]
enum Command {
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
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// List findings, one per line, in source order.
    Audit {
        #[command(flatten)]
        db: DbArg,
        /// Only findings of this severity or worse.
        #[arg(long)]
        severity: Option<SeverityArg>,
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
    },
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
enum CheckGame {
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

#[derive(Clone, Copy, ValueEnum)]
enum SeverityArg {
    Info,
    Warning,
    Error,
}

impl SeverityArg {
    fn severity(self) -> Severity {
        match self {
            SeverityArg::Info => Severity::Info,
            SeverityArg::Warning => Severity::Warning,
            SeverityArg::Error => Severity::Error,
        }
    }
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

pub fn run() -> Result<ExitCode> {
    let cli = Cli::parse();
    match cli.command {
        Command::Ingest {
            db,
            format,
            threads,
            json,
            paths,
        } => ingest(&db.db, format, threads, json, &paths),
        Command::Audit {
            db,
            severity,
            code,
            game,
            event,
            json,
        } => audit(
            &db.db,
            &FindingFilter {
                min_severity: severity.map(SeverityArg::severity),
                code,
                game,
                event,
                ..FindingFilter::default()
            },
            json,
        ),
        Command::Show { db, game, ply } => show(&db.db, game, ply),
        Command::Check {
            game: CheckGame::Renju { moves, json },
        } => check_renju(&moves, json),
        Command::Check {
            game: CheckGame::Xiangqi { fen, moves, json },
        } => check_xiangqi(&fen, &moves, json),
        Command::Demo { db, report } => demo(&db, &report),
        Command::Stats {
            db,
            scope,
            by,
            format,
            out,
            with_duplicates,
        } => stats(
            &db.db,
            &scope.filter(with_duplicates),
            by.as_deref(),
            format,
            out.as_deref(),
        ),
        Command::Export { db, format, out } => export(&db.db, format, &out),
        Command::Bench {
            games,
            no_real,
            work,
            out,
        } => crate::bench::run(&crate::bench::Request {
            games,
            no_real,
            work,
            out,
        }),
        Command::BenchStage {
            stage,
            threads,
            db,
            paths,
        } => crate::bench::run_stage(stage, threads, &db, &paths),
        Command::Report {
            db,
            scope,
            title,
            audit_limit,
            out,
        } => report(&db.db, scope.filter(false), title, audit_limit, &out),
        Command::Check {
            game: CheckGame::Territorial { moves, json },
        } => check_territorial(&moves, json),
        Command::Check {
            game:
                CheckGame::Chouchou {
                    variant,
                    players,
                    pairs,
                    moves,
                    json,
                },
        } => check_chouchou(&variant, players, pairs, &moves, json),
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
        Command::Standings {
            db,
            event,
            game,
            json,
            csv,
        } => standings(&db.db, event.as_deref(), game, json, csv),
    }
}

fn ingest(
    db: &Path,
    format: Option<Format>,
    threads: usize,
    json: bool,
    paths: &[PathBuf],
) -> Result<ExitCode> {
    let options = kifu_ingest::Options {
        format,
        threads,
        progress: true,
    };
    let summary = kifu_ingest::ingest(db, paths, &options)
        .with_context(|| format!("ingest into {}", db.display()))?;
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", serde_json::to_string(&summary)?)?;
    } else {
        print_summary(&mut out, db, &summary)?;
    }
    Ok(if summary.input_errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn print_summary(out: &mut impl Write, db: &Path, s: &kifu_ingest::Summary) -> Result<()> {
    writeln!(
        out,
        "{} file(s) read, {} skipped as already ingested, {:.1} MB into {}",
        s.files,
        s.files_skipped,
        s.bytes as f64 / 1e6,
        db.display()
    )?;
    writeln!(out, "records read     {:>10}", s.records)?;
    writeln!(out, "  games          {:>10}", s.games)?;
    writeln!(out, "    valid        {:>10}", s.valid)?;
    writeln!(out, "    with findings{:>10}", s.with_findings)?;
    writeln!(out, "  quarantined    {:>10}", s.quarantined)?;
    writeln!(out, "duplicates       {:>10}", s.duplicates)?;
    if s.already_present > 0 {
        writeln!(out, "already stored   {:>10}", s.already_present)?;
    }
    writeln!(out, "{:.2} s, {:.0} games/s", s.seconds, s.games_per_second)?;
    for e in &s.input_errors {
        writeln!(out, "input error: {e}")?;
    }
    Ok(())
}

fn finding_line(f: &FindingRow) -> String {
    let game = match (f.game, f.quarantine) {
        (Some(g), _) => format!("game {g}"),
        (None, Some(q)) => format!("quarantined {q}"),
        _ => "-".into(),
    };
    let ply = f.ply.map(|p| format!(" ply {p}")).unwrap_or_default();
    let rule = if f.rule.is_empty() {
        String::new()
    } else {
        format!(" [{}]", f.rule)
    };
    format!(
        "{}:{}:{}: @{} {game}{ply}: {} {}: {}{rule}",
        f.source, f.line, f.column, f.offset, f.severity, f.code, f.message
    )
}

fn finding_json(f: &FindingRow) -> serde_json::Value {
    json!({
        "source": f.source,
        "line": f.line,
        "column": f.column,
        "offset": f.offset,
        "game": f.game,
        "quarantined": f.quarantine,
        "ply": f.ply,
        "code": f.code,
        "severity": f.severity.name(),
        "message": f.message,
        "rule": f.rule,
    })
}

fn audit(db: &Path, filter: &FindingFilter, json: bool) -> Result<ExitCode> {
    let store = Store::open_read_only(db)?;
    let findings = store.findings(filter)?;
    let mut out = std::io::stdout().lock();
    for f in &findings {
        let line = if json {
            finding_json(f).to_string()
        } else {
            finding_line(f)
        };
        if writeln!(out, "{line}").is_err() {
            break; // a closed pipe (`| head`) is not an error
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn show(db: &Path, id: i64, ply: Option<u32>) -> Result<ExitCode> {
    let store = Store::open_read_only(db)?;
    let game = store.game(id)?;
    let mut out = String::new();
    let names = |n: &Option<String>| n.clone().unwrap_or_else(|| "?".into());
    out.push_str(&format!(
        "game {} ({} {}) from {} line {} byte {}\n",
        game.id, game.kind, game.format, game.source, game.line, game.offset
    ));
    if !game.players.is_empty() {
        let seats: Vec<String> = game
            .players
            .iter()
            .map(|(side, name)| format!("{}: {name}", title_case(side)))
            .collect();
        out.push_str(&seats.join("   "));
        out.push('\n');
    }
    for (label, value) in [
        ("event", &game.event),
        ("round", &game.round),
        ("date", &game.date),
        ("rule", &game.rule),
        ("opening", &opening_name(game.kind, &game.opening)),
    ] {
        if let Some(v) = value {
            out.push_str(&format!("{label}: {v}\n"));
        }
    }
    out.push_str(&format!(
        "result: recorded {}, board {} ({}), {} moves\n",
        names(&game.recorded_result),
        game.derived_result.as_deref().unwrap_or("none"),
        game.termination,
        game.plies
    ));
    if let Some(d) = game.duplicate_of {
        out.push_str(&format!("duplicate of game {d}\n"));
    }
    match game.kind {
        GameKind::Renju => show_renju(&mut out, &game, ply)?,
        GameKind::Xiangqi => show_xiangqi(&mut out, &game, ply)?,
        GameKind::Territorial => show_territorial(&mut out, &game, ply)?,
        GameKind::ChouChou => show_chouchou(&mut out, &game, ply)?,
    }
    for (ply, text) in &game.comments {
        out.push_str(&format!("comment at move {ply}: {text}\n"));
    }
    let findings = store.findings(&FindingFilter {
        game: Some(id),
        ..FindingFilter::default()
    })?;
    if findings.is_empty() {
        out.push_str("\nno findings\n");
    } else {
        out.push_str("\nfindings:\n");
        for f in &findings {
            out.push_str(&format!("  {}\n", finding_line(f)));
        }
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

fn show_renju(out: &mut String, game: &GameRow, ply: Option<u32>) -> Result<()> {
    let id = game.id;
    let moves = renju::decode_moves(&game.moves)
        .ok_or_else(|| anyhow!("game {id} has a corrupt move list"))?;
    let upto = ply
        .map(|p| (p as usize).min(moves.len()))
        .unwrap_or(moves.len());
    let position = playable(&moves[..upto]);
    if position.ply() < upto as u32 {
        out.push_str(&format!(
            "(the position is shown at move {}: the game was over there)\n",
            position.ply()
        ));
    }
    out.push('\n');
    out.push_str(&position.render(&Marks::standard()));
    let forbidden = position.forbidden_points();
    if !forbidden.is_empty() {
        let list: Vec<String> = forbidden.iter().map(|(p, k)| format!("{p} {k}")).collect();
        out.push_str(&format!("Black's forbidden points: {}\n", list.join(", ")));
    }
    out.push_str(&numbered_moves(
        moves.iter().map(|m| renju::point::move_text(*m)),
    ));
    Ok(())
}

/// `\nmoves: 1.a 2.b …\n`: a game's moves numbered from 1.
fn numbered_moves(texts: impl Iterator<Item = String>) -> String {
    let text: Vec<String> = texts
        .enumerate()
        .map(|(i, t)| format!("{}.{t}", i + 1))
        .collect();
    format!("\nmoves: {}\n", text.join(" "))
}

fn show_territorial(out: &mut String, game: &GameRow, ply: Option<u32>) -> Result<()> {
    let moves = territorial::decode_moves(&game.moves)
        .ok_or_else(|| anyhow!("game {} has a corrupt move list", game.id))?;
    let upto = ply
        .map(|p| (p as usize).min(moves.len()))
        .unwrap_or(moves.len());
    let position = territorial::Position::from_moves(&moves[..upto])
        .map_err(|e| anyhow!("game {}: {e}", game.id))?;
    out.push('\n');
    out.push_str(&position.to_text());
    out.push_str(&format!("{}\n", territorial::score(&position)));
    out.push_str(&numbered_moves(moves.iter().map(|m| m.to_string())));
    Ok(())
}

fn show_chouchou(out: &mut String, game: &GameRow, ply: Option<u32>) -> Result<()> {
    let actions = chouchou::decode_actions(&game.moves)
        .ok_or_else(|| anyhow!("game {} has a corrupt move list", game.id))?;
    let extra = game.extra()?;
    let a = extra.annotations.chouchou().cloned().unwrap_or_default();
    let variant = chouchou::Variant::from_id(&a.variant).unwrap_or(chouchou::Variant::Standard);
    let players = if a.players == 0 { 2 } else { a.players as u8 };
    let pairs = a.pairs;
    let upto = ply
        .map(|p| (p as usize).min(actions.len()))
        .unwrap_or(actions.len());
    let replay = chouchou::check(variant, players, pairs, &actions[..upto]);
    out.push_str(&format!(
        "\n{} board, {players} players{}\n",
        variant.id(),
        if pairs { " (pairs)" } else { "" }
    ));
    out.push_str(&replay.board.render());
    let totals: Vec<String> = replay
        .captured
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} {n}", chouchou::CcReplay::seat_label(i)))
        .collect();
    out.push_str(&format!(
        "captured after {upto} actions: {}\n",
        totals.join(", ")
    ));
    out.push_str(&numbered_moves(actions.iter().map(chouchou::action_text)));
    Ok(())
}

/// How many of the last moves `show` lists with their classes.
const CLASSIFIED_TAIL: usize = 8;

fn show_xiangqi(out: &mut String, game: &GameRow, ply: Option<u32>) -> Result<()> {
    let moves = xiangqi::decode_moves(&game.moves)
        .ok_or_else(|| anyhow!("game {} has a corrupt move list", game.id))?;
    let start_fen = game
        .extra()?
        .annotations
        .xiangqi()
        .and_then(|a| a.start_fen.clone())
        .unwrap_or_else(|| xiangqi::START_FEN.to_owned());
    let mut position = xiangqi::Position::from_fen(&start_fen)
        .map_err(|e| anyhow!("game {}: start position: {e}", game.id))?;
    let upto = ply
        .map(|p| (p as usize).min(moves.len()))
        .unwrap_or(moves.len());
    let mut written = Vec::with_capacity(upto);
    let mut tail = Vec::new();
    for (i, &m) in moves[..upto].iter().enumerate() {
        written.push(format!(
            "{}.{}",
            i + 1,
            xiangqi::move_to_chinese(&position, m)
        ));
        if i + CLASSIFIED_TAIL >= upto {
            tail.push((
                i + 1,
                m,
                xiangqi::move_to_chinese(&position, m),
                xiangqi::classify(&position, m),
            ));
        }
        position.make(m);
    }
    out.push('\n');
    out.push_str(&position.render(moves[..upto].last().copied()));
    out.push_str(&format!("after move {upto}; FEN {}\n", position.to_fen()));
    if !tail.is_empty() {
        out.push_str("\nlast moves and their classes:\n");
        for (n, m, text, classes) in &tail {
            out.push_str(&format!(
                "  {n:>3}. {text} ({}): {}\n",
                m.iccs(),
                classes_text(classes)
            ));
        }
    }
    out.push_str(&format!("\nmoves: {}\n", written.join(" ")));
    Ok(())
}

/// `check, chase (cannon h7 -> rook h3, forbidden: 棋例…)`.
fn classes_text(c: &xiangqi::MoveClasses) -> String {
    let mut parts: Vec<String> = c.classes.iter().map(|k| k.name().to_owned()).collect();
    for chase in &c.chases {
        parts.push(format!(
            "chase {} -> {} ({}{})",
            chase.by.iccs(),
            chase.target.iccs(),
            if chase.forbidden {
                "forbidden, "
            } else {
                "allowed, "
            },
            chase.reason
        ));
    }
    parts.join(", ")
}

fn check_xiangqi(fen: &str, moves: &str, json: bool) -> Result<ExitCode> {
    let mut parsed = Vec::new();
    for (i, token) in moves.split_whitespace().enumerate() {
        let m = xiangqi::Move::parse_iccs(token, false).ok_or_else(|| {
            anyhow!(
                "--moves: move {} `{token}` is not an ICCS move like h2e2",
                i + 1
            )
        })?;
        parsed.push(m);
    }
    let analysis = xiangqi::analyze(fen, &parsed).map_err(|e| anyhow!("{e}"))?;
    let verdict = analysis.verdict.as_ref().map(|v| {
        json!({
            "result": v.result.name(),
            "loser": v.loser.map(|s| s.name()),
            "rule": v.rule,
            "kind": v.kind.name(),
            "ply": v.ply,
            "cycle": v.cycle_text(),
        })
    });
    if json {
        let value = json!({
            "to_move": analysis.to_move.name(),
            "legal_moves": analysis.legal_moves.iter().map(|m| m.iccs()).collect::<Vec<_>>(),
            "moves": analysis.moves.iter().map(|(m, c)| json!({
                "move": m.iccs(),
                "classes": c.classes.iter().map(|k| k.name()).collect::<Vec<_>>(),
                "chases": c.chases.iter().map(|ch| json!({
                    "by": ch.by.iccs(),
                    "target": ch.target.iccs(),
                    "forbidden": ch.forbidden,
                    "rule": ch.reason,
                })).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "verdict": verdict,
            "fen": analysis.position.to_fen(),
        });
        println!("{value}");
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = analysis.position.render(parsed.last().copied());
    out.push_str(&format!(
        "{} to move, {} legal moves; FEN {}\n",
        analysis.to_move.name(),
        analysis.legal_moves.len(),
        analysis.position.to_fen()
    ));
    for (i, (m, c)) in analysis.moves.iter().enumerate() {
        out.push_str(&format!(
            "{:>3}. {}: {}\n",
            i + 1,
            m.iccs(),
            classes_text(c)
        ));
    }
    match &analysis.verdict {
        Some(v) => out.push_str(&format!(
            "verdict: {} ({}) at move {}, {}; cycle: {}\n",
            v.result.name(),
            v.kind.name(),
            v.ply,
            v.rule,
            v.cycle_text()
        )),
        None => out.push_str("no repetition verdict\n"),
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

fn title_case(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `D11 Zuisei 瑞星` for a Renju opening code.
fn opening_name(kind: GameKind, code: &Option<String>) -> Option<String> {
    let code = code.as_deref()?;
    match (kind, renju::Opening::by_code(code)) {
        (GameKind::Renju, Some(o)) => Some(format!("{} {} {}", o.code, o.romaji, o.kanji)),
        _ => Some(code.to_owned()),
    }
}

/// The position after as many of `moves` as can be played (a stored game may go on after
/// its end, e.g. moves after a five, which `Position` refuses).
fn playable(moves: &[renju::Move]) -> Position {
    let mut position = Position::new();
    for &m in moves {
        if position.play(m).is_err() {
            break;
        }
    }
    position
}

fn check_renju(moves: &str, json: bool) -> Result<ExitCode> {
    let moves = renju::parse_moves(moves).map_err(|e| anyhow!("--moves: {e}"))?;
    let position = Position::from_moves(&moves).map_err(|e| anyhow!("--moves: {e}"))?;
    let forbidden = position.forbidden_points();
    let winner = position.winner();
    if json {
        let value = json!({
            "to_move": position.to_move().name(),
            "forbidden": forbidden
                .iter()
                .map(|(p, k)| json!({"point": p.to_string(), "kind": k.name()}))
                .collect::<Vec<_>>(),
            "winner": winner.map(Stone::name),
            "last_move_forbidden": position.last_move_forbidden().map(|k| k.name()),
            "plies": position.ply(),
        });
        println!("{value}");
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = position.render(&Marks::standard());
    if forbidden.is_empty() {
        if position.to_move() == Stone::Black && !position.is_over() {
            out.push_str("no forbidden points for Black\n");
        }
    } else {
        for (p, k) in &forbidden {
            out.push_str(&format!("forbidden {p}: {k}\n"));
        }
    }
    match winner {
        Some(s) => out.push_str(&format!("won: {} has made five\n", s.name())),
        None if position.is_over() => out.push_str("game over: draw\n"),
        None => out.push_str("not yet won\n"),
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

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

/// Games the demo generates: (game, games, players, pairs, variant, notation, file).
const DEMO_SETS: [(&str, usize, u8, bool, &str, &str, &str); 6] = [
    ("renju", 240, 2, false, "3x3", "plain", "renju-club.renju"),
    (
        "xiangqi",
        90,
        2,
        false,
        "3x3",
        "chinese",
        "xiangqi-open.pgn",
    ),
    (
        "territorial",
        60,
        2,
        false,
        "3x3",
        "",
        "territorial-cup.pgn",
    ),
    ("chouchou", 40, 2, false, "3x3", "", "chouchou-3x3.ccn"),
    ("chouchou", 30, 3, false, "js", "", "chouchou-js.ccn"),
    ("chouchou", 24, 4, true, "4x4", "", "chouchou-pairs.ccn"),
];

fn remove_db(db: &Path) -> Result<()> {
    for suffix in ["", "-wal", "-shm"] {
        let p = PathBuf::from(format!("{}{suffix}", db.display()));
        if p.exists() {
            std::fs::remove_file(&p).with_context(|| format!("remove {}", p.display()))?;
        }
    }
    Ok(())
}

fn demo(db: &Path, report_dir: &Path) -> Result<ExitCode> {
    remove_db(db)?;
    let samples = samples_dir()?;
    let generated = PathBuf::from(format!("{}-generated", db.with_extension("").display()));
    std::fs::create_dir_all(&generated)
        .with_context(|| format!("create {}", generated.display()))?;
    for (i, (game, games, players, pairs, variant, notation, file)) in DEMO_SETS.iter().enumerate()
    {
        crate::generate::run(&crate::generate::Request {
            game: (*game).into(),
            games: *games,
            seed: 2026 + i as u64,
            players: *players,
            pairs: *pairs,
            variant: (*variant).into(),
            notation: (!notation.is_empty()).then(|| (*notation).into()),
            out: generated.join(file),
        })?;
    }
    let summary = kifu_ingest::ingest(
        db,
        &[samples.clone(), generated.clone()],
        &kifu_ingest::Options {
            progress: true,
            ..Default::default()
        },
    )?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "kifu demo: ingested {} and the generated games in {}",
        samples.display(),
        generated.display()
    )?;
    print_summary(&mut out, db, &summary)?;
    let store = Store::open_read_only(db)?;
    writeln!(out, "\naudit (warnings and errors):")?;
    for f in store.findings(&FindingFilter {
        min_severity: Some(Severity::Warning),
        ..FindingFilter::default()
    })? {
        writeln!(out, "  {}", finding_line(&f))?;
    }
    let overview = kifu_analysis::overview(&kifu_analysis::Dataset::new(
        &store,
        &kifu_analysis::Filter::default(),
    ))?;
    writeln!(out, "\n{overview}")?;
    let files = write_report(
        &store,
        &kifu_reports::ReportOptions {
            title: "kifu demo: statistics and audit".into(),
            ..Default::default()
        },
        report_dir,
    )?;
    writeln!(
        out,
        "\nreport: {} ({} charts as SVG and PNG, {} board diagrams; Markdown: {})",
        files.html.display(),
        files.charts.len() / 2,
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

/// Builds and writes a report; replaces the charts and diagrams of an earlier one.
fn write_report(
    store: &Store,
    options: &kifu_reports::ReportOptions,
    dir: &Path,
) -> Result<kifu_reports::ReportFiles> {
    for sub in ["charts", "diagrams"] {
        let p = dir.join(sub);
        if p.is_dir() {
            std::fs::remove_dir_all(&p).with_context(|| format!("remove {}", p.display()))?;
        }
    }
    let report = kifu_reports::build_report(store, options)?;
    Ok(kifu_reports::write_report(&report, dir)?)
}

fn report(
    db: &Path,
    filter: kifu_analysis::Filter,
    title: Option<String>,
    audit_limit: usize,
    out: &Path,
) -> Result<ExitCode> {
    let store = Store::open_read_only(db)?;
    let mut options = kifu_reports::ReportOptions {
        filter,
        audit_limit,
        ..Default::default()
    };
    if let Some(t) = title {
        options.title = t;
    }
    let files = write_report(&store, &options, out)?;
    println!("{}", files.html.display());
    println!("{}", files.markdown.display());
    eprintln!(
        "kifu report: {} charts (SVG and PNG) in {}, {} board diagrams",
        files.charts.len() / 2,
        out.join("charts").display(),
        files.diagrams.len()
    );
    Ok(ExitCode::SUCCESS)
}

fn stats(
    db: &Path,
    filter: &kifu_analysis::Filter,
    by: Option<&str>,
    format: kifu_analysis::Format,
    out: Option<&Path>,
) -> Result<ExitCode> {
    use kifu_analysis::Format as F;
    // polars' text tables: every row and column (a statistics table is read whole).
    for (key, value) in [
        ("POLARS_FMT_MAX_ROWS", "200"),
        ("POLARS_FMT_MAX_COLS", "-1"),
        ("POLARS_TABLE_WIDTH", "250"),
        ("POLARS_FMT_STR_LEN", "60"),
    ] {
        if std::env::var_os(key).is_none() {
            std::env::set_var(key, value);
        }
    }
    let store = Store::open_read_only(db)?;
    let mut tables = kifu_analysis::stats(&kifu_analysis::Dataset::new(&store, filter), by)?;
    if tables.is_empty() {
        eprintln!("kifu stats: no games match");
    }
    match (format, out) {
        (F::Json, _) => {
            let text = kifu_analysis::frames_to_json(&mut tables)?;
            match out {
                Some(path) => std::fs::write(path, text + "\n")
                    .with_context(|| format!("write {}", path.display()))?,
                None => println!("{text}"),
            }
        }
        (F::Table, _) => {
            let mut text = String::new();
            for (name, df) in &tables {
                text.push_str(&format!("{name}\n{df}\n\n"));
            }
            match out {
                Some(path) => std::fs::write(path, text)
                    .with_context(|| format!("write {}", path.display()))?,
                None => print!("{text}"),
            }
        }
        (F::Csv | F::Parquet, Some(dir)) => {
            std::fs::create_dir_all(dir).with_context(|| format!("create {}", dir.display()))?;
            for (name, df) in tables.iter_mut() {
                let path = dir.join(format!("{name}.{}", format.extension()));
                kifu_analysis::write_frame(df, format, &path)?;
                println!("{}", path.display());
            }
        }
        (F::Csv, None) => {
            // Several CSV tables on one stream: each under a `# name` line.
            let mut stdout = std::io::stdout().lock();
            for (i, (name, df)) in tables.iter_mut().enumerate() {
                if i > 0 {
                    writeln!(stdout)?;
                }
                writeln!(stdout, "# {name}")?;
                kifu_analysis::write_frame_to(df, F::Csv, &mut stdout)?;
            }
        }
        (F::Parquet, None) => bail!("--format parquet needs --out DIR"),
    }
    Ok(ExitCode::SUCCESS)
}

fn export(db: &Path, format: kifu_analysis::Format, out: &Path) -> Result<ExitCode> {
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

fn standings(
    db: &Path,
    event: Option<&str>,
    game: Option<GameKind>,
    json: bool,
    csv: bool,
) -> Result<ExitCode> {
    let store = Store::open_read_only(db)?;
    let kinds: Vec<GameKind> = match game {
        Some(g) => vec![g],
        None => store.kinds()?,
    };
    let mut out = String::new();
    let mut all_json = serde_json::Map::new();
    if csv {
        out.push_str("game,event,place,player,games,wins,draws,losses,points,sonneborn_berger\n");
    }
    for &kind in &kinds {
        let rows = store.results(kind, event)?;
        if kind == GameKind::ChouChou {
            let sheets = crate::standings::chouchou_standings(&rows);
            if json {
                all_json.insert(kind.to_string(), crate::standings::chouchou_json(&sheets));
            } else if csv {
                out.push_str(&crate::standings::chouchou_csv(&sheets));
            } else {
                out.push_str(&crate::standings::chouchou_text(&sheets));
            }
            continue;
        }
        let tables = crate::standings::two_player_tables(&rows);
        if json {
            all_json.insert(kind.to_string(), serde_json::to_value(&tables)?);
            continue;
        }
        for t in &tables {
            if csv {
                for l in &t.lines {
                    out.push_str(&format!(
                        "{kind},{},{},{},{},{},{},{},{},{}\n",
                        csv_field(&t.event),
                        l.place,
                        csv_field(&l.player),
                        l.games,
                        l.wins,
                        l.draws,
                        l.losses,
                        l.points,
                        l.sonneborn_berger
                    ));
                }
                continue;
            }
            out.push_str(&format!("{kind}: {}\n", t.event));
            out.push_str("  #  player                      games  +   =   -   points  SB\n");
            for l in &t.lines {
                out.push_str(&format!(
                    "  {:<2} {:<27} {:>5} {:>3} {:>3} {:>3} {:>7}  {}\n",
                    l.place,
                    l.player,
                    l.games,
                    l.wins,
                    l.draws,
                    l.losses,
                    crate::standings::points_text(l.points),
                    crate::standings::points_text(l.sonneborn_berger)
                ));
            }
            if t.unscored > 0 {
                out.push_str(&format!(
                    "  ({} game(s) without a result left out)\n",
                    t.unscored
                ));
            }
            out.push('\n');
        }
    }
    if json {
        out = serde_json::Value::Object(all_json).to_string();
        out.push('\n');
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

/// A CSV field, quoted when it needs to be.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

fn check_territorial(moves: &str, json: bool) -> Result<ExitCode> {
    let header = kifu_parser::raw::Header::default();
    let parsed = territorial::parse_moves(moves).map_err(|e| anyhow!("--moves: {e}"))?;
    let texts: Vec<(kifu_parser::CtMoveText, String)> = parsed
        .iter()
        .map(|m| (m.to_text(), m.to_string()))
        .collect();
    let replay = territorial::replay_moves(texts.iter().map(|(t, w)| (*t, w.as_str())), &header);
    let score = &replay.score;
    let winner = if replay.position.is_over() {
        Some(score.winner.map(|s| s.name()).unwrap_or("draw"))
    } else {
        None
    };
    if json {
        let value = json!({
            "findings": replay.findings.iter().map(|f| json!({
                "ply": f.ply, "code": f.code, "severity": f.severity.name(),
                "message": f.message, "rule": f.rule,
            })).collect::<Vec<_>>(),
            "score": {"white": score.white, "black": score.black},
            "territories": score.territories.iter().map(|t| json!({
                "side": t.side.name(),
                "size": t.size,
                "multiplier": t.multiplier,
                "king": t.has_king,
                "queen": t.has_queen,
                "squares": t.squares.iter().map(|q| q.to_string()).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "to_move": if replay.position.is_over() { None } else { Some(replay.position.side_to_move().name()) },
            "winner": winner,
        });
        println!("{value}");
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = replay.position.to_text();
    out.push('\n');
    for f in &replay.findings {
        let ply = f.ply.map(|p| format!("move {p}: ")).unwrap_or_default();
        out.push_str(&format!(
            "{} {}: {ply}{} [{}]\n",
            f.severity, f.code, f.message, f.rule
        ));
    }
    for t in &score.territories {
        out.push_str(&format!(
            "{} territory of {}{}{} ×{}\n",
            t.side.name(),
            t.size,
            if t.has_king { ", king" } else { "" },
            if t.has_queen { ", queen" } else { "" },
            t.multiplier
        ));
    }
    out.push_str(&format!("{score}\n"));
    if winner.is_none() {
        out.push_str("the game is not over: the score above is the current count\n");
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}

fn check_chouchou(
    variant: &str,
    players: u8,
    pairs: bool,
    moves: &str,
    json: bool,
) -> Result<ExitCode> {
    let variant = chouchou::Variant::from_id(variant)
        .ok_or_else(|| anyhow!("--variant: `{variant}` is not 3x3, js or 4x4"))?;
    let actions = chouchou::parse_moves(moves).map_err(|e| anyhow!("--moves: {e}"))?;
    let replay = chouchou::check_annotated(variant, players, pairs, &actions);
    if json {
        println!("{}", replay.check_json());
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = replay.board.render();
    out.push('\n');
    for c in &replay.captures {
        let steps: Vec<String> = c.steps.iter().map(u32::to_string).collect();
        out.push_str(&format!(
            "move {}: {} takes {} (simultaneous {}{})\n",
            c.ply,
            chouchou::CcReplay::seat_label(c.player),
            c.taken,
            steps.first().cloned().unwrap_or_default(),
            if steps.len() > 1 {
                format!(", then chains {}", steps[1..].join(", "))
            } else {
                String::new()
            }
        ));
    }
    for f in &replay.findings {
        let ply = f.ply.map(|p| format!("move {p}: ")).unwrap_or_default();
        out.push_str(&format!(
            "{} {}: {ply}{} [{}]\n",
            f.severity, f.code, f.message, f.rule
        ));
    }
    let totals: Vec<String> = replay
        .captured
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} {n}", chouchou::CcReplay::seat_label(i)))
        .collect();
    out.push_str(&format!(
        "captured: {} (threshold {})\n",
        totals.join(", "),
        variant.threshold()
    ));
    match replay.winner {
        Some(w) => out.push_str(&format!("winner: {}\n", chouchou::CcReplay::seat_label(w))),
        None => out.push_str("no winner yet\n"),
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}
