//! `kifu position`: every game that reaches a position at any ply, under every symmetry of
//! its board; and the position a query describes (shared with `kifu explore`).

use std::io::Write;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::Args;
use kifu_analysis::positions::{filtered_games, search_listing, PositionSearch, ResultCounts};
use kifu_facts::{GameKind, ResultName};
use kifu_rules::chouchou::Variant;
use kifu_rules::positions::{chouchou::Setup, Board};
use kifu_store::{GameFilter, Store};

use super::args::{DbArg, FilterArgs};
use super::select;
use super::table::{left, render, right};
use crate::stdout::Stdout;

/// A position of the game `--game` names: its moves from the start (or, for Renju, its stone sets; for
/// Xiangqi, a FEN and moves from it).
#[derive(Args)]
pub(super) struct QueryArgs {
    /// Moves from the start: Renju `h8 h9 i9`, Xiangqi ICCS `h2e2`, Chinese `炮二平五` or
    /// WXF, Territorial `K@e1 K@d8`, ChouChou `1A 2B 1A→2A②`.
    #[arg(long, allow_hyphen_values = true)]
    moves: Option<String>,
    /// Renju: Black's stones (`h8 i9`), with --white; the side to move follows from the
    /// counts.
    #[arg(long)]
    black: Option<String>,
    /// Renju: White's stones.
    #[arg(long)]
    white: Option<String>,
    /// Xiangqi: the position as a FEN (--moves are played from it).
    #[arg(long)]
    fen: Option<String>,
    /// ChouChou: the board (3x3, js, 4x4).
    #[arg(long, default_value = "3x3")]
    variant: String,
    /// ChouChou: players (2-4).
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// ChouChou: players play in pairs.
    #[arg(long)]
    pairs: bool,
}

/// `kifu position`'s flags.
#[derive(Args)]
pub(super) struct PositionArgs {
    #[command(flatten)]
    db: DbArg,
    #[command(flatten)]
    query: QueryArgs,
    #[command(flatten)]
    filter: FilterArgs,
    /// List at most this many games (the counts cover all).
    #[arg(long, default_value_t = 200)]
    limit: usize,
    /// Print one JSON object: the matches and the counts.
    #[arg(long)]
    json: bool,
}

impl QueryArgs {
    /// The position the flags describe; an impossible one is an error naming the reason
    /// and the move.
    pub(super) fn board(&self, game: GameKind) -> Result<Board> {
        let moves = self.moves.as_deref().unwrap_or("");
        let board = match game {
            GameKind::Renju => match (&self.black, &self.white) {
                (None, None) => Board::renju_moves(moves),
                (black, white) => {
                    if self.moves.is_some() {
                        bail!("give a Renju position as --moves or as --black/--white, not both");
                    }
                    Board::renju_stones(
                        black.as_deref().unwrap_or(""),
                        white.as_deref().unwrap_or(""),
                    )
                }
            },
            GameKind::Xiangqi => Board::xiangqi(
                self.fen
                    .as_deref()
                    .unwrap_or(kifu_rules::xiangqi::START_FEN),
                moves,
            ),
            GameKind::Territorial => Board::territorial(moves),
            GameKind::ChouChou => {
                let Some(variant) = Variant::from_id(&self.variant) else {
                    bail!("unknown ChouChou board `{}`: 3x3, js or 4x4", self.variant);
                };
                if !(2..=4).contains(&self.players) {
                    bail!("ChouChou has 2 to 4 players, not {}", self.players);
                }
                Board::chouchou(
                    Setup {
                        variant,
                        players: self.players,
                        pairs: self.pairs,
                    },
                    moves,
                )
            }
        };
        if game != GameKind::Renju && (self.black.is_some() || self.white.is_some()) {
            bail!(
                "--black and --white give Renju stones; use --moves for {}",
                game
            );
        }
        if game != GameKind::Xiangqi && self.fen.is_some() {
            bail!("--fen gives a Xiangqi position; use --moves for {}", game);
        }
        board.with_context(|| format!("impossible {} position", game))
    }
}

pub(super) fn run(a: &PositionArgs) -> Result<ExitCode> {
    let (store, filter, board) = open(&a.db, &a.filter, &a.query, "position")?;
    let games = filtered_games(&store, &filter, board.kind())?;
    let found = search_listing(
        &store,
        &board,
        games.selection(filter.with_duplicates),
        Some(a.limit),
    )?;
    let mut out = Stdout::lock();
    if a.json {
        writeln!(out, "{}", json(&found, a.limit))?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(out, "{} to move:", board.to_move())?;
    write!(out, "{}", board.render())?;
    if found.counts.games == 0 {
        writeln!(
            out,
            "no game reaches this position under any symmetry{}",
            copies_note(found.copies_left_out)
        )?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        out,
        "{} game(s) reach this position{}",
        found.counts.games,
        copies_note(found.copies_left_out)
    )?;
    writeln!(out, "by result: {}", counts_line(found.kind, &found.counts))?;
    writeln!(out)?;
    // Aligned in display columns: a CJK name takes two.
    let rows: Vec<Vec<String>> = found
        .matches
        .iter()
        .take(a.limit)
        .map(|m| {
            let players: Vec<&str> = m.game.players.iter().map(|(_, n)| n.as_str()).collect();
            vec![
                m.game.id.to_string(),
                m.ply.to_string(),
                m.symmetry_name.to_string(),
                m.game.date.clone().unwrap_or_else(|| "-".into()),
                players.join(" - "),
                format!(
                    "{}{}",
                    m.result.name(found.kind).name(),
                    if m.game.duplicate_of.is_some() {
                        " (copy)"
                    } else {
                        ""
                    }
                ),
            ]
        })
        .collect();
    let columns = [
        right("game"),
        right("ply"),
        left("symmetry"),
        left("date"),
        left("players"),
        left("result"),
    ];
    write!(out, "{}", render(&columns, &rows))?;
    let more = found.counts.games - found.matches.len() as u64;
    if more > 0 {
        writeln!(out, "… {more} more (--limit)")?;
    }
    Ok(ExitCode::SUCCESS)
}

fn copies_note(n: u64) -> String {
    if n == 0 {
        String::new()
    } else {
        format!(" ({n} linked copies left out: --with-duplicates counts them)")
    }
}

/// `black 40, white 30, draw 2, unknown 4`.
pub(super) fn counts_line(kind: GameKind, c: &ResultCounts) -> String {
    c.named(kind)
        .into_iter()
        .map(|(name, n)| format!("{name} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn json(found: &PositionSearch, limit: usize) -> serde_json::Value {
    let counts: serde_json::Map<String, serde_json::Value> = found
        .counts
        .named(found.kind)
        .into_iter()
        .map(|(k, v)| (k, v.into()))
        .collect();
    let matches: Vec<serde_json::Value> = found
        .matches
        .iter()
        .take(limit)
        .map(|m| {
            let g = &m.game;
            serde_json::json!({
                "game": g.id,
                "ply": m.ply,
                "symmetry": m.symmetry_name,
                "players": g.players.iter().map(|(side, name)| {
                    serde_json::json!({"side": side, "name": name})
                }).collect::<Vec<_>>(),
                "date": g.date,
                "event": g.event,
                "result": m.result.name(found.kind).name(),
                "recorded_result": g.recorded_result.map(ResultName::name),
                "counted_result": g.counted.map(|o| o.name()),
                "duplicate_of": g.duplicate_of,
            })
        })
        .collect();
    serde_json::json!({
        "kind": found.kind.name(),
        "games": found.counts.games,
        "copies_left_out": found.copies_left_out,
        "by_result": counts,
        "matches": matches,
    })
}

/// The filter, the queried position (checked before the database is opened, so an
/// impossible position is refused even without one) and the database: `--game` must name
/// the kind whose position the query gives.
pub(super) fn open(
    db: &DbArg,
    flags: &FilterArgs,
    query: &QueryArgs,
    command: &str,
) -> Result<(Store, GameFilter, Board)> {
    let (filter, board) = question(flags, query, command)?;
    select::catch_up_index(&db.db, command)?;
    let store = select::open_for(&db.db, &filter, command)?;
    Ok((store, filter, board))
}

/// The filter and the queried position of `position` and `explore`.
pub(super) fn question(
    flags: &FilterArgs,
    query: &QueryArgs,
    command: &str,
) -> Result<(GameFilter, Board)> {
    let filter = flags.filter(false)?;
    let Some(kind) = filter.game else {
        bail!(
            "kifu {command} needs --game with a game kind (renju, xiangqi, territorial, chouchou)"
        );
    };
    let board = query.board(kind)?;
    Ok((filter, board))
}

/// The API's answer (`/api/position`): the object `--json` prints, with the CLI's notices.
pub(super) fn answer(a: &PositionArgs, store: &Store) -> Result<serde_json::Value> {
    let (filter, board) = question(&a.filter, &a.query, "position")?;
    let mut notices: Vec<String> = select::notices(store, &filter)?
        .into_iter()
        .map(|n| n.text)
        .collect();
    notices.extend(select::index_behind_notice(store)?);
    let games = filtered_games(store, &filter, board.kind())?;
    let found = search_listing(
        store,
        &board,
        games.selection(filter.with_duplicates),
        Some(a.limit),
    )?;
    let mut answer = json(&found, a.limit);
    answer["notices"] = notices.into();
    Ok(answer)
}
