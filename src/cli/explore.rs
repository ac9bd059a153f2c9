//! `kifu explore`: the next moves seen from a position, in the query's orientation, with
//! games, wins of each side, draws, the first mover's score (95% Wilson interval), mean
//! length and the most common continuation; `--depth` prints the tree.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use kifu_analysis::positions::{explore, filtered_games, Explored, ExploredMove, ResultCounts};
use kifu_facts::{GameKind, Seat};
use kifu_reports::site::frames::{position_cells, position_forbidden};
use kifu_rules::positions::Board;

use super::args::{DbArg, FilterArgs};
use super::position::{counts_line, QueryArgs};
use super::table::{left, named, render, right};
use crate::stdout::Stdout;

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
    /// Below the first level, expand only moves played in at least this many games.
    #[arg(long, default_value_t = 1)]
    min_games: u64,
    #[command(flatten)]
    filter: FilterArgs,
    /// Print one JSON object (the tree).
    #[arg(long)]
    json: bool,
}

pub(super) fn run(a: &ExploreArgs) -> Result<ExitCode> {
    let (store, filter, board) = super::position::open(&a.db, &a.filter, &a.query, "explore")?;
    let found = explored(a, &store, &filter, &board)?;
    let mut out = Stdout::lock();
    if a.json {
        writeln!(out, "{}", json(&found, &board))?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "{} to move:", board.to_move())?;
    write!(out, "{}", board.render())?;
    if found.counts.games == 0 {
        writeln!(out, "no game reaches this position under any symmetry")?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{} game(s) reach this position ({}); {} end in it",
        found.counts.games,
        counts_line(found.kind, &found.counts),
        found.ended
    )?;
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
        named(format!("{first}'s score (95%)"), false, usize::MAX),
        right("plies"),
        left("continuation"),
    ];
    write!(out, "\n{}", render(&columns, &rows))?;
    Ok(ExitCode::SUCCESS)
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
    Ok(explore(
        store,
        board,
        games.selection(filter.with_duplicates),
        a.depth.max(1),
        a.min_games,
    )?)
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
    })
}
