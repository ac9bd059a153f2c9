//! The score columns every table of results has, whatever the game and the grouping:
//! `games`, `results`, the first and second sides' wins, `draws`, the first mover's score
//! and its 95% Wilson interval (`wilson_low`, `wilson_high`), named as the Renju balance
//! tables name them. [`ResultTally`] counts each game's result, [`count_aggs`] sums the
//! counts per group, and [`with_score`] turns the counts into the score and its interval.
//! What those columns mean for ChouChou's two to four players is [`ChouChouSides`]'s
//! decision.

use kifu_facts::{Annotations, GameKind, ResultName, Seat};
use polars::prelude::*;

use crate::frame::{f64_col, ratio, wilson};

/// The names a game's score columns give its sides: its own (`black`/`white` for Renju,
/// `red`/`black` for Xiangqi, `white`/`black` for Chess Territorial); ChouChou's first
/// mover's side `p1` and the others `other` ([`ChouChouSides`]).
fn sides(kind: GameKind) -> (&'static str, &'static str) {
    match kind {
        GameKind::ChouChou => ("p1", "other"),
        _ => (kind.win(Seat::FIRST).name(), kind.win(Seat::SECOND).name()),
    }
}

/// The names of the score columns of `kind`'s tables, in their order: `games`, `results`,
/// `<first>_wins`, `<second>_wins`, `draws`, `<first>_score`, `wilson_low`, `wilson_high`
/// (Renju: `black_wins`, `white_wins`, `black_score`; Xiangqi: `red_wins`, `black_wins`,
/// `red_score`).
pub fn score_columns(kind: GameKind) -> [String; 8] {
    let (first, second) = sides(kind);
    [
        "games".to_owned(),
        "results".to_owned(),
        format!("{first}_wins"),
        format!("{second}_wins"),
        "draws".to_owned(),
        format!("{first}_score"),
        "wilson_low".to_owned(),
        "wilson_high".to_owned(),
    ]
}

/// The sides of a ChouChou game, as the score columns count them.
///
/// **[decision]** ChouChou is played by 2, 3 or 4 players, or by two pairs (the rules,
/// `chouchou.md`: partners sit apart, seats alternating teams, so P1 and P3 are one side),
/// where the shared columns speak of a first and a second side. Here the first side is the
/// first mover's — P1, with P3 in pairs — and the second every other seat: `p1_wins` are
/// the games the first side won, `other_wins` those any other seat won, `draws` the games
/// that ended without a winner (every player passing). The first mover's score `p1_score`
/// is the first side's share of the point: a win 1, a draw the point shared by every side
/// (1/[`ChouChouSides::sides`]), so an even game scores 1/2 between two sides, 1/3 among
/// three players, 1/4 among four; `wilson_low`, `wilson_high` are its 95% Wilson interval
/// over the games with a result. Per seat, [`crate::chouchou_seat_wins`] counts each seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChouChouSides {
    /// Players at the table (a record that names none counts as two).
    pub players: u32,
    /// Two pairs of partners (four players).
    pub pairs: bool,
}

impl ChouChouSides {
    /// The sides sharing the point of a game without a winner: two in pairs, else one per
    /// player.
    pub fn sides(self) -> u32 {
        if self.pairs {
            2
        } else {
            self.players.max(2)
        }
    }

    /// Whether `winner` is the first mover's side: P1, or in pairs P1's partner P3.
    pub fn first_side_won(self, winner: ResultName) -> bool {
        match winner {
            ResultName::Seat(1) => true,
            ResultName::Seat(3) => self.pairs,
            _ => false,
        }
    }

    /// What a game without a winner gives the first side: its share of the point.
    pub fn draw_share(self) -> f64 {
        1.0 / f64::from(self.sides())
    }
}

// The per-game columns a tally adds to a table's frame before it is grouped.
const FIRST: &str = "_first_win";
const SECOND: &str = "_second_win";
const DRAW: &str = "_draw";
const RESULT: &str = "_result";
/// The first side's share of the point in a drawn game (a half between two sides).
const DRAW_POINTS: &str = "_draw_points";

/// Each game's result that counts, as the counts the score columns sum.
pub(crate) struct ResultTally {
    kind: GameKind,
    first: Vec<u32>,
    second: Vec<u32>,
    draw: Vec<u32>,
    result: Vec<u32>,
    draw_points: Vec<f64>,
}

impl ResultTally {
    pub(crate) fn new(kind: GameKind) -> ResultTally {
        ResultTally {
            kind,
            first: Vec::new(),
            second: Vec::new(),
            draw: Vec::new(),
            result: Vec::new(),
            draw_points: Vec::new(),
        }
    }

    /// One game's result that counts (`None`: no result, counted in `games` only); a
    /// ChouChou game's sides are read from its annotations ([`ChouChouSides`]).
    pub(crate) fn push_game(&mut self, game: &crate::Game) {
        match &game.extra().annotations {
            Annotations::ChouChou(a) if self.kind == GameKind::ChouChou => {
                let sides = ChouChouSides {
                    players: a.players,
                    pairs: a.pairs,
                };
                self.push_sides(game.result, |w| sides.first_side_won(w), sides.draw_share())
            }
            _ => self.push(game.result),
        }
    }

    /// One game's result that counts (`None`: no result, counted in `games` only), between
    /// the game's two sides (a ChouChou game without annotations: P1 against the rest).
    pub(crate) fn push(&mut self, result: Option<ResultName>) {
        let first = self.kind.win(Seat::FIRST);
        self.push_sides(result, |w| w == first, 0.5)
    }

    /// One game's result: `first_won` tells the first side's wins from the others',
    /// `draw_share` is what a draw gives the first side.
    fn push_sides(
        &mut self,
        result: Option<ResultName>,
        first_won: impl Fn(ResultName) -> bool,
        draw_share: f64,
    ) {
        let draw = result == Some(ResultName::Draw);
        let first = result.is_some_and(|r| !draw && first_won(r));
        self.first.push(first as u32);
        self.draw.push(draw as u32);
        self.second
            .push((result.is_some() && !draw && !first) as u32);
        self.result.push(result.is_some() as u32);
        self.draw_points.push(if draw { draw_share } else { 0.0 });
    }

    /// The tally's columns, one row per game pushed, to put beside the table's keys.
    pub(crate) fn columns(self) -> Vec<Column> {
        vec![
            Column::new(FIRST.into(), self.first),
            Column::new(SECOND.into(), self.second),
            Column::new(DRAW.into(), self.draw),
            Column::new(RESULT.into(), self.result),
            Column::new(DRAW_POINTS.into(), self.draw_points),
        ]
    }
}

/// The counts of a group of games' tallies: `games` (every row), `results`, the two sides'
/// wins and `draws` (u32), named as [`score_columns`] names them, and the first side's
/// points from draws (for [`with_score`]; no table selects it).
pub(crate) fn count_aggs(kind: GameKind) -> [Expr; 6] {
    let [games, results, first, second, draws, ..] = score_columns(kind);
    let sum = |c: &str, name: String| col(c).sum().cast(DataType::UInt32).alias(name);
    [
        len().cast(DataType::UInt32).alias(games),
        sum(RESULT, results),
        sum(FIRST, first),
        sum(SECOND, second),
        sum(DRAW, draws),
        col(DRAW_POINTS).sum().alias(DRAW_POINTS),
    ]
}

/// The first mover's score, `(first wins + draws/2) / results` (ChouChou: a draw gives
/// the first side its share, [`ChouChouSides`]), and its 95% Wilson interval (z =
/// [`crate::Z95`], n = `results`; null without a result), from the counts [`count_aggs`]
/// makes: the one place a table's score is computed.
pub(crate) fn with_score(counts: LazyFrame, kind: GameKind) -> LazyFrame {
    let [_, results, first, _, _, score, ..] = score_columns(kind);
    counts
        .with_column(ratio(f64_col(&first) + col(DRAW_POINTS), &results).alias(score.as_str()))
        .with_columns(wilson(&score, &results))
}

/// The score columns as expressions, to select them in order after a table's keys.
pub(crate) fn score_selection(kind: GameKind) -> Vec<Expr> {
    score_columns(kind)
        .iter()
        .map(|c| col(c.as_str()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chouchou_sides_count_p3_with_p1_in_pairs_and_share_a_draw_among_the_sides() {
        let two = ChouChouSides {
            players: 2,
            pairs: false,
        };
        let four = ChouChouSides {
            players: 4,
            pairs: false,
        };
        let pairs = ChouChouSides {
            players: 4,
            pairs: true,
        };
        assert!(two.first_side_won(ResultName::Seat(1)));
        assert!(!four.first_side_won(ResultName::Seat(3)));
        assert!(pairs.first_side_won(ResultName::Seat(3)));
        assert!(!pairs.first_side_won(ResultName::Seat(4)));
        assert!(!pairs.first_side_won(ResultName::Draw));
        assert_eq!(
            [two.draw_share(), four.draw_share(), pairs.draw_share()],
            [0.5, 0.25, 0.5]
        );
        // A record naming no players counts as two.
        let unnamed = ChouChouSides {
            players: 0,
            pairs: false,
        };
        assert_eq!(unnamed.sides(), 2);
    }
}
