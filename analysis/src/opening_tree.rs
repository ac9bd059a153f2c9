//! The explorer's tree as tables, for the report: the most played Renju canonical
//! openings and the Xiangqi start position, a few moves deep.

use kifu_facts::{GameKind, Seat};
use kifu_rules::positions::Board;
use kifu_rules::renju::opening::OPENINGS;
use kifu_store::positions::IndexState;
use kifu_store::Store;
use polars::prelude::*;

use crate::positions::{explore, filtered_games, SearchError, Selection};
use crate::{Error, Filter};

/// Renju openings given a tree: the most played.
const RENJU_OPENINGS: usize = 3;
/// Moves of a level shown below the first: the most played.
const BRANCHES: usize = 5;

fn search_error(e: SearchError) -> Error {
    match e {
        SearchError::Store(e) => Error::Store(e),
        other => Error::Search(other),
    }
}

/// Rows of the tree from `board` in preorder: every next move at the first level, the
/// [`BRANCHES`] most played below it; the `depth` levels below the most played are
/// expanded.
fn grow(
    store: &Store,
    board: &Board,
    select: Selection<'_>,
    depth: u32,
    line: &str,
    out: &mut Vec<Row>,
) -> Result<(), Error> {
    let e = explore(store, board, select, 1, 1).map_err(search_error)?;
    for (i, m) in e.moves.iter().enumerate() {
        if !line.is_empty() && i >= BRANCHES {
            break;
        }
        let path = if line.is_empty() {
            m.text.clone()
        } else {
            format!("{line} {}", m.text)
        };
        let score = m.counts.first_mover_score();
        out.push(Row {
            line: path.clone(),
            games: m.counts.games,
            first: m.counts.wins[0],
            second: m.counts.wins[1..].iter().sum(),
            draws: m.counts.draws,
            score: score.map(|s| s.0),
            low: score.map(|s| s.1),
            high: score.map(|s| s.2),
            plies: m.mean_length,
            continuation: m.continuation.as_ref().map(|(t, _)| t.clone()),
        });
        if depth > 1 && i < BRANCHES {
            grow(store, &m.board, select, depth - 1, &path, out)?;
        }
    }
    Ok(())
}

struct Row {
    line: String,
    games: u64,
    first: u64,
    second: u64,
    draws: u64,
    score: Option<f64>,
    low: Option<f64>,
    high: Option<f64>,
    plies: f64,
    continuation: Option<String>,
}

/// The tree from `board`, `depth` moves deep ([`grow`]), as a frame: `line`, `games`, wins of each
/// side (named for the game), `draws`, `first_mover_score`, `wilson_low`, `wilson_high`,
/// `mean_plies`, `continuation`.
pub fn explorer_frame(
    store: &Store,
    board: &Board,
    select: Selection<'_>,
    depth: u32,
) -> Result<DataFrame, Error> {
    let kind = board.kind();
    let mut out = Vec::new();
    grow(store, board, select, depth.max(1), "", &mut out)?;
    let first = format!("{}_wins", kind.win(Seat::FIRST).name());
    let second = format!("{}_wins", kind.win(Seat::SECOND).name());
    Ok(df!(
        "line" => out.iter().map(|r| r.line.clone()).collect::<Vec<_>>(),
        "games" => out.iter().map(|r| r.games).collect::<Vec<_>>(),
        first.as_str() => out.iter().map(|r| r.first).collect::<Vec<_>>(),
        second.as_str() => out.iter().map(|r| r.second).collect::<Vec<_>>(),
        "draws" => out.iter().map(|r| r.draws).collect::<Vec<_>>(),
        "first_mover_score" => out.iter().map(|r| r.score).collect::<Vec<_>>(),
        "wilson_low" => out.iter().map(|r| r.low).collect::<Vec<_>>(),
        "wilson_high" => out.iter().map(|r| r.high).collect::<Vec<_>>(),
        "mean_plies" => out.iter().map(|r| r.plies).collect::<Vec<_>>(),
        "continuation" => out.iter().map(|r| r.continuation.clone()).collect::<Vec<_>>(),
    )?)
}

/// The report's trees under `filter`, `depth` moves deep: `(caption, frame)` for the
/// most played Renju canonical openings and the Xiangqi start position. Empty when the
/// position index is not complete or no game of those kinds is covered.
pub fn opening_trees(
    store: &Store,
    filter: &Filter,
    depth: u32,
) -> Result<Vec<(String, DataFrame)>, Error> {
    if depth == 0 || store.position_index_state()? != IndexState::Complete {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for kind in [GameKind::Renju, GameKind::Xiangqi] {
        if !filter.admits_kind(kind) {
            continue;
        }
        let ids = filtered_games(store, filter, kind)?;
        let select = ids.selection(filter.with_duplicates);
        match kind {
            GameKind::Renju => {
                let mut played = Vec::new();
                for o in &OPENINGS {
                    let moves: Vec<String> = o.moves.iter().map(|p| p.to_string()).collect();
                    let board = Board::renju_moves(&moves.join(" "))
                        .expect("each canonical opening is a position");
                    let e = explore(store, &board, select, 1, 1).map_err(search_error)?;
                    if e.counts.games > 0 {
                        played.push((e.counts.games, o, board));
                    }
                }
                played.sort_by_key(|p| std::cmp::Reverse(p.0));
                for (games, o, board) in played.into_iter().take(RENJU_OPENINGS) {
                    out.push((
                        format!(
                            "Renju explorer from {} {} ({} games, moves {} deep, the {BRANCHES} most played below the first)",
                            o.code, o.romaji, games, depth
                        ),
                        explorer_frame(store, &board, select, depth)?,
                    ));
                }
            }
            _ => {
                let board = Board::xiangqi(kifu_rules::xiangqi::START_FEN, "")
                    .expect("the start position reads");
                let frame = explorer_frame(store, &board, select, depth)?;
                if frame.height() > 0 {
                    out.push((
                        format!(
                            "Xiangqi explorer from the start position (moves {depth} deep, the {BRANCHES} most played below the first)"
                        ),
                        frame,
                    ));
                }
            }
        }
    }
    Ok(out)
}
