//! The explorer's tree as a reader asks for it: its moves in an order ([`MoveOrder`]) and
//! as one table, a row per move ([`explored_frame`]), that every output format writes.

use std::cmp::Ordering;

use kifu_rules::positions::Board;
use polars::prelude::*;

use crate::natural_cmp;
use crate::positions::{Explored, ExploredMove};

/// The order of the moves at each level of the tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MoveOrder {
    /// Most played first (the explorer's own order).
    #[default]
    Games,
    /// The first mover's score, highest first; ties (and moves without a decided game,
    /// last) by games.
    Score,
    /// The move's text, as people read it (`h8` before `h10`).
    Name,
}

impl MoveOrder {
    /// The names `from_name` reads, in the order the help lists them.
    pub const NAMES: [&'static str; 3] = ["games", "score", "name"];

    pub fn from_name(s: &str) -> Option<MoveOrder> {
        match s.to_ascii_lowercase().as_str() {
            "games" => Some(MoveOrder::Games),
            "score" => Some(MoveOrder::Score),
            "name" => Some(MoveOrder::Name),
            _ => None,
        }
    }
}

/// Sorts `moves` and, below each, its children, in `order`. Equal moves keep the
/// explorer's order (most played first).
pub fn sort_moves(moves: &mut [ExploredMove], order: MoveOrder) {
    moves.sort_by(|a, b| compare(a, b, order));
    for m in moves {
        sort_moves(&mut m.children, order);
    }
}

fn compare(a: &ExploredMove, b: &ExploredMove, order: MoveOrder) -> Ordering {
    let by_games = || b.counts.games.cmp(&a.counts.games);
    match order {
        MoveOrder::Games => by_games(),
        MoveOrder::Score => {
            let score = |m: &ExploredMove| m.counts.first_mover_score().map(|s| s.0);
            match (score(a), score(b)) {
                (Some(x), Some(y)) => y.total_cmp(&x).then_with(by_games),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => by_games(),
            }
        }
        MoveOrder::Name => natural_cmp(&a.text, &b.text).then_with(by_games),
    }
}

/// One row of the frame, collected in the tree's preorder.
struct Row<'a> {
    depth: u32,
    path: String,
    m: &'a ExploredMove,
}

fn collect<'a>(
    from: &Board,
    moves: &'a [ExploredMove],
    depth: u32,
    line: &str,
    out: &mut Vec<Row<'a>>,
) {
    for m in moves {
        let play = from.move_query_text(m.code);
        let path = if line.is_empty() {
            play
        } else {
            format!("{line} {play}")
        };
        out.push(Row {
            depth,
            path: path.clone(),
            m,
        });
        collect(&m.board, &m.children, depth + 1, &path, out);
    }
}

/// The tree `found` from `query` as a frame, a row per move in the tree's preorder:
/// `depth` (1 = a next move of the query), `path` (the moves from the query to this one,
/// as `--moves` reads them), `move` (its text), `games`, the wins of each seat the game
/// has (`black_wins`…, named for the game), `draws`, `no_result`, `first_mover_score`,
/// `wilson_low`, `wilson_high`, `mean_plies`, `continuation` and `continuation_games`.
/// A row's games are its wins, draws and no-result summed.
pub fn explored_frame(found: &Explored, query: &Board) -> crate::Result<DataFrame> {
    let mut rows = Vec::new();
    collect(query, &found.moves, 1, "", &mut rows);
    let score =
        |r: &Row, part: fn((f64, f64, f64)) -> f64| r.m.counts.first_mover_score().map(part);
    let mut columns = vec![
        Column::new(
            "depth".into(),
            rows.iter().map(|r| r.depth).collect::<Vec<_>>(),
        ),
        Column::new(
            "path".into(),
            rows.iter().map(|r| r.path.as_str()).collect::<Vec<_>>(),
        ),
        Column::new(
            "move".into(),
            rows.iter().map(|r| r.m.text.as_str()).collect::<Vec<_>>(),
        ),
        Column::new(
            "games".into(),
            rows.iter().map(|r| r.m.counts.games).collect::<Vec<_>>(),
        ),
    ];
    for &seat in found.kind.seats() {
        let name = format!("{}_wins", found.kind.win(seat).name());
        columns.push(Column::new(
            name.into(),
            rows.iter()
                .map(|r| r.m.counts.wins[seat.index()])
                .collect::<Vec<_>>(),
        ));
    }
    columns.extend([
        Column::new(
            "draws".into(),
            rows.iter().map(|r| r.m.counts.draws).collect::<Vec<_>>(),
        ),
        Column::new(
            "no_result".into(),
            rows.iter().map(|r| r.m.counts.unknown).collect::<Vec<_>>(),
        ),
        Column::new(
            "first_mover_score".into(),
            rows.iter().map(|r| score(r, |s| s.0)).collect::<Vec<_>>(),
        ),
        Column::new(
            "wilson_low".into(),
            rows.iter().map(|r| score(r, |s| s.1)).collect::<Vec<_>>(),
        ),
        Column::new(
            "wilson_high".into(),
            rows.iter().map(|r| score(r, |s| s.2)).collect::<Vec<_>>(),
        ),
        Column::new(
            "mean_plies".into(),
            rows.iter().map(|r| r.m.mean_length).collect::<Vec<_>>(),
        ),
        Column::new(
            "continuation".into(),
            rows.iter()
                .map(|r| r.m.continuation.as_ref().map(|(t, _)| t.as_str()))
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "continuation_games".into(),
            rows.iter()
                .map(|r| r.m.continuation.as_ref().map(|(_, n)| *n))
                .collect::<Vec<_>>(),
        ),
    ]);
    Ok(DataFrame::new(rows.len(), columns)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::positions::{leave_out_rare, LeftOut, ResultCounts};
    use kifu_facts::{GameKind, Outcome, Seat};
    use kifu_rules::positions::renju::move_code;
    use kifu_rules::renju::Point;

    /// A Renju move from `from` with these results (first-mover wins, second's, draws,
    /// no result).
    fn renju_move(from: &Board, point: &str, [b, w, d, u]: [u64; 4]) -> ExploredMove {
        let code = move_code(Some(point.parse::<Point>().unwrap()));
        let mut counts = ResultCounts::default();
        for (n, r) in [
            (b, Outcome::Win(Seat::FIRST)),
            (w, Outcome::Win(Seat::SECOND)),
            (d, Outcome::Draw),
            (u, Outcome::Unknown),
        ] {
            (0..n).for_each(|_| counts.add(r));
        }
        ExploredMove {
            code,
            text: from.move_text(code),
            counts,
            mean_length: 20.0,
            continuation: None,
            board: from.play(code).unwrap(),
            children: Vec::new(),
        }
    }

    fn texts(moves: &[ExploredMove]) -> Vec<&str> {
        moves.iter().map(|m| m.text.as_str()).collect()
    }

    /// The empty board's moves: h8 most played, i9 best for Black, j10 without a result.
    fn root_moves(empty: &Board) -> Vec<ExploredMove> {
        vec![
            renju_move(empty, "h8", [5, 5, 0, 2]),
            renju_move(empty, "h10", [3, 1, 0, 0]),
            renju_move(empty, "i9", [3, 0, 0, 1]),
            renju_move(empty, "j10", [0, 0, 0, 3]),
            renju_move(empty, "a1", [1, 1, 0, 0]),
        ]
    }

    #[test]
    fn rare_moves_are_left_out_and_counted() {
        let empty = Board::renju_moves("").unwrap();
        let mut moves = root_moves(&empty);
        let mut left_out = LeftOut::default();
        leave_out_rare(&mut moves, 4, &mut left_out);
        assert_eq!(texts(&moves), ["h8", "h10", "i9"]);
        assert_eq!(left_out, LeftOut { moves: 2, games: 5 });
        // Below a listed move too: the counts add up over the depths.
        let h8 = &mut moves[0];
        h8.children = vec![
            renju_move(&h8.board, "h9", [4, 0, 0, 0]),
            renju_move(&h8.board, "i8", [0, 1, 0, 0]),
        ];
        leave_out_rare(&mut h8.children, 4, &mut left_out);
        assert_eq!(texts(&moves[0].children), ["h9"]);
        assert_eq!(left_out, LeftOut { moves: 3, games: 6 });
        // At most 1 game asked: nothing goes.
        let mut all = root_moves(&empty);
        let mut none = LeftOut::default();
        leave_out_rare(&mut all, 1, &mut none);
        assert_eq!((all.len(), none), (5, LeftOut::default()));
    }

    #[test]
    fn moves_sort_by_games_score_or_name_at_every_level() {
        let empty = Board::renju_moves("").unwrap();
        let mut moves = root_moves(&empty);
        let h8 = moves[0].board.clone();
        moves[0].children = vec![
            renju_move(&h8, "i9", [1, 1, 0, 0]),
            renju_move(&h8, "h10", [2, 0, 0, 0]),
            renju_move(&h8, "h9", [0, 3, 0, 0]),
        ];
        sort_moves(&mut moves, MoveOrder::Games);
        assert_eq!(texts(&moves), ["h8", "h10", "i9", "j10", "a1"]);
        assert_eq!(texts(&moves[0].children), ["h9", "i9", "h10"]);
        // Score: i9 1.0 (4 games) before h10 0.75, h8 and a1 0.5 by games, j10 none last.
        sort_moves(&mut moves, MoveOrder::Score);
        assert_eq!(texts(&moves), ["i9", "h10", "h8", "a1", "j10"]);
        let h8 = moves.iter().find(|m| m.text == "h8").unwrap();
        assert_eq!(texts(&h8.children), ["h10", "i9", "h9"]);
        // Name: numbers within a move compare as numbers.
        sort_moves(&mut moves, MoveOrder::Name);
        assert_eq!(texts(&moves), ["a1", "h8", "h10", "i9", "j10"]);
        assert_eq!(texts(&moves[1].children), ["h9", "h10", "i9"]);
        assert_eq!(MoveOrder::from_name("Score"), Some(MoveOrder::Score));
        assert_eq!(MoveOrder::from_name("elo"), None);
    }

    #[test]
    fn the_frame_has_a_row_per_move_in_preorder_whose_results_add_up() {
        let empty = Board::renju_moves("").unwrap();
        let mut moves = root_moves(&empty);
        let h8 = moves[0].board.clone();
        moves[0].children = vec![renju_move(&h8, "h9", [4, 0, 0, 1])];
        let found = Explored {
            kind: GameKind::Renju,
            counts: ResultCounts::default(),
            ended: 0,
            moves,
            left_out: LeftOut::default(),
        };
        let df = explored_frame(&found, &empty).unwrap();
        let names: Vec<&str> = df.get_column_names().iter().map(|n| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "depth",
                "path",
                "move",
                "games",
                "black_wins",
                "white_wins",
                "draws",
                "no_result",
                "first_mover_score",
                "wilson_low",
                "wilson_high",
                "mean_plies",
                "continuation",
                "continuation_games"
            ]
        );
        let path = df.column("path").unwrap().str().unwrap();
        let paths: Vec<&str> = path.iter().map(Option::unwrap).collect();
        assert_eq!(paths, ["h8", "h8 h9", "h10", "i9", "j10", "a1"]);
        let u = |c: &str| -> Vec<u64> {
            df.column(c)
                .unwrap()
                .u64()
                .unwrap()
                .into_no_null_iter()
                .collect()
        };
        let summed: Vec<u64> = (0..df.height())
            .map(|i| u("black_wins")[i] + u("white_wins")[i] + u("draws")[i] + u("no_result")[i])
            .collect();
        assert_eq!(summed, u("games"));
        assert_eq!(u("no_result"), [2, 1, 0, 1, 3, 0]);
        // A move without a decided game has no score.
        let score = df.column("first_mover_score").unwrap().f64().unwrap();
        assert_eq!(score.get(4), None);
        assert_eq!(score.get(1), Some(1.0));
    }
}
