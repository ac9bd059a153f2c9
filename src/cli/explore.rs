//! `kifu explore`: the next moves seen from a position, in the query's orientation, with
//! games, wins of each side, draws, games without a result, the first mover's score (95%
//! Wilson interval), mean length and the most common continuation; `--depth` prints the
//! tree, `--min-games` leaves out the rarely played moves, `--sort` orders each level, and
//! `--format` writes it as a table, JSON, CSV or Parquet.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::Args;
use kifu_analysis::explored::{explored_frame, sort_moves, MoveOrder};
use kifu_analysis::positions::{explore, filtered_games, Explored, ExploredMove, ResultCounts};
use kifu_analysis::Format;
use kifu_facts::{GameKind, Seat};
use kifu_reports::site::frames::{position_cells, position_forbidden};
use kifu_rules::positions::Board;

use super::args::{DbArg, FilterArgs};
use super::position::{counts_line, QueryArgs};
use super::table::{left, named, render, right};
use crate::choice::unknown_name;
use crate::stdout::{self, Stdout};

/// `kifu explore`'s flags.
#[derive(Args)]
pub(super) struct ExploreArgs {
    #[command(flatten)]
    db: DbArg,
    #[command(flatten)]
    query: QueryArgs,
    /// Levels of next moves to print (1 = the next moves only).
    #[arg(long, default_value_t = 1)]
    depth: u32,
    /// List only moves played in at least this many games, at every depth (how many
    /// moves are left out is said: on standard error, or as `left_out` in JSON).
    #[arg(long, default_value_t = 1)]
    min_games: u64,
    /// The order of the moves at each level: games (most played first), score (the
    /// first mover's score, highest first, ties by games) or name (the move's text).
    #[arg(long, default_value = "games", value_parser = parse_sort)]
    sort: MoveOrder,
    #[command(flatten)]
    filter: FilterArgs,
    /// Print one JSON object (the tree): the same as --format json.
    #[arg(long)]
    json: bool,
    /// table (the default), json (the tree, as --json), csv or parquet (a row per move).
    #[arg(long, value_parser = parse_format)]
    format: Option<Format>,
    /// Write into this file instead of standard output (needed for parquet).
    #[arg(long)]
    out: Option<PathBuf>,
}

fn parse_sort(s: &str) -> Result<MoveOrder, String> {
    MoveOrder::from_name(s).ok_or_else(|| unknown_name("sort", s, MoveOrder::NAMES))
}

fn parse_format(s: &str) -> Result<Format, String> {
    Format::from_name(s)
        .ok_or_else(|| unknown_name("format", s, ["table", "json", "csv", "parquet"]))
}

impl ExploreArgs {
    /// The format asked for, by --format or --json (which must agree), and where it goes:
    /// checked before any work.
    fn format(&self) -> Result<Format> {
        let format = match (self.json, self.format) {
            (false, format) => format.unwrap_or(Format::Table),
            (true, None | Some(Format::Json)) => Format::Json,
            (true, Some(other)) => bail!(
                "--json is --format json: it disagrees with --format {}",
                other.name()
            ),
        };
        match &self.out {
            None if format == Format::Parquet => bail!("--format parquet needs --out FILE"),
            Some(path) if path.is_dir() => bail!(
                "--out {}: a directory is there; explore writes one file",
                path.display()
            ),
            _ => Ok(format),
        }
    }
}

pub(super) fn run(a: &ExploreArgs) -> Result<ExitCode> {
    let format = a.format()?;
    let (store, filter, board) = super::position::open(&a.db, &a.filter, &a.query, "explore")?;
    let found = explored(a, &store, &filter, &board)?;
    if format != Format::Json && found.left_out.moves > 0 {
        eprintln!("kifu explore: {}", left_out_line(a, &found));
    }
    match format {
        Format::Json => write_text(a, &format!("{}\n", json(&found, &board))),
        Format::Table => write_text(a, &table_text(&found, &board)),
        Format::Csv | Format::Parquet => {
            let mut frame = explored_frame(&found, &board)?;
            match &a.out {
                Some(path) => {
                    kifu_analysis::write_frame(&mut frame, format, path)?;
                    stdout::line(path.display())?;
                }
                None => kifu_analysis::write_frame_to(&mut frame, format, &mut Stdout::lock())?,
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// What `--min-games` left out, in words.
fn left_out_line(a: &ExploreArgs, found: &Explored) -> String {
    format!(
        "{} move(s) played in fewer than {} games left out ({} games in all)",
        found.left_out.moves, a.min_games, found.left_out.games
    )
}

/// `text` into `--out`, or on standard output.
fn write_text(a: &ExploreArgs, text: &str) -> Result<ExitCode> {
    match &a.out {
        Some(path) => {
            std::fs::write(path, text).with_context(|| format!("write {}", path.display()))?
        }
        None => stdout::print(text)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The position, what reaches it, and the tree as an aligned table.
fn table_text(found: &Explored, board: &Board) -> String {
    let mut out = format!("{} to move:\n{}", board.to_move(), board.render());
    if found.counts.games == 0 {
        out.push_str("no game reaches this position under any symmetry\n");
        return out;
    }
    out.push_str(&format!(
        "{} game(s) reach this position ({}); {} end in it\n",
        found.counts.games,
        counts_line(found.kind, &found.counts),
        found.ended
    ));
    let first = found.kind.win(Seat::FIRST).name();
    let second = found.kind.win(Seat::SECOND).name();
    // Aligned in display columns: a Chinese move (炮二平五) takes two per character.
    let mut rows = Vec::new();
    for m in &found.moves {
        move_rows(&mut rows, found.kind, m, 0);
    }
    let columns = [
        left("move"),
        right("games"),
        named(first.to_string(), true, usize::MAX),
        named(second.to_string(), true, usize::MAX),
        right("draws"),
        right("no result"),
        named(format!("{first}'s score (95%)"), false, usize::MAX),
        right("plies"),
        left("continuation"),
    ];
    out.push('\n');
    out.push_str(&render(&columns, &rows));
    out
}

/// The API's answer (`/api/explore`): the object `--json` prints, with the CLI's notices.
pub(super) fn answer(a: &ExploreArgs, store: &kifu_store::Store) -> Result<serde_json::Value> {
    let (filter, board) = super::position::question(&a.filter, &a.query, "explore")?;
    let mut notices: Vec<String> = super::select::notices(store, &filter)?
        .into_iter()
        .map(|n| n.text)
        .collect();
    notices.extend(super::select::index_behind_notice(store)?);
    let found = explored(a, store, &filter, &board)?;
    if found.left_out.moves > 0 {
        notices.push(left_out_line(a, &found));
    }
    let mut answer = json(&found, &board);
    answer["notices"] = notices.into();
    Ok(answer)
}

/// The tree `a` asks for from `board`, over the games `filter` selects.
fn explored(
    a: &ExploreArgs,
    store: &kifu_store::Store,
    filter: &kifu_store::GameFilter,
    board: &kifu_rules::positions::Board,
) -> Result<Explored> {
    let games = filtered_games(store, filter, board.kind())?;
    let mut found = explore(
        store,
        board,
        games.selection(filter.with_duplicates),
        a.depth.max(1),
        a.min_games,
    )?;
    sort_moves(&mut found.moves, a.sort);
    Ok(found)
}

fn score_text(c: &ResultCounts) -> String {
    match c.first_mover_score() {
        Some((p, low, high)) => format!("{:.3} [{:.3}, {:.3}]", p, low, high),
        None => "-".into(),
    }
}

/// The row of `m` (indented by its depth in the tree), then its children's.
fn move_rows(rows: &mut Vec<Vec<String>>, kind: GameKind, m: &ExploredMove, level: usize) {
    let others: u64 = m.counts.wins[2..].iter().sum();
    let second = if kind == GameKind::ChouChou && others > 0 {
        format!("{}+{others}", m.counts.wins[1])
    } else {
        m.counts.wins[1].to_string()
    };
    rows.push(vec![
        format!("{}{}", "  ".repeat(level), m.text),
        m.counts.games.to_string(),
        m.counts.wins[0].to_string(),
        second,
        m.counts.draws.to_string(),
        m.counts.unknown.to_string(),
        score_text(&m.counts),
        format!("{:.1}", m.mean_length),
        m.continuation
            .as_ref()
            .map_or_else(|| "-".into(), |(t, n)| format!("{t} ({n})")),
    ]);
    for c in &m.children {
        move_rows(rows, kind, c, level + 1);
    }
}

/// `from`: the position the move is played from (its query text is written from it).
fn move_json(kind: GameKind, from: &Board, m: &ExploredMove) -> serde_json::Value {
    let score = m.counts.first_mover_score();
    serde_json::json!({
        "move": m.text,
        "play": from.move_query_text(m.code),
        "games": m.counts.games,
        "by_result": m.counts.named(kind).into_iter()
            .map(|(k, v)| (k, serde_json::Value::from(v))).collect::<serde_json::Map<_, _>>(),
        "first_mover_score": score.map(|s| s.0),
        "wilson_low": score.map(|s| s.1),
        "wilson_high": score.map(|s| s.2),
        "mean_plies": m.mean_length,
        "continuation": m.continuation.as_ref().map(|(t, n)| serde_json::json!({"move": t, "games": n})),
        "children": m.children.iter().map(|c| move_json(kind, &m.board, c)).collect::<Vec<_>>(),
    })
}

/// The tree, and the queried position as a board draws it: the side to move, the occupied
/// cells (as the game pages' frames write them) and, for Renju, Black's forbidden points.
fn json(found: &Explored, board: &Board) -> serde_json::Value {
    serde_json::json!({
        "kind": found.kind.name(),
        "to_move": board.to_move(),
        "cells": position_cells(board),
        "forbidden": position_forbidden(board),
        "games": found.counts.games,
        "ended": found.ended,
        "by_result": found.counts.named(found.kind).into_iter()
            .map(|(k, v)| (k, serde_json::Value::from(v))).collect::<serde_json::Map<_, _>>(),
        "moves": found.moves.iter().map(|m| move_json(found.kind, board, m)).collect::<Vec<_>>(),
        "left_out": {"moves": found.left_out.moves, "games": found.left_out.games},
    })
}
