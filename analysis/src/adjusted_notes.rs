//! What a reader of an adjusted table should know beside its rows, as typed values
//! ([`AdjustedNote`]): `kifu stats --adjusted` says them in English on standard error, the
//! report in its language. One list, so the two never say different things of one fit.

use kifu_facts::GameKind;
use kifu_rating::DrawModel;

use crate::adjusted::{group_order, Adjusted, DrawParameter, LeftOutGroup, WIDE_INTERVAL};

/// Why games in the raw tables' scope are not in the fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GamesLeftOutBecause {
    /// A seat names no player: strength cannot be told from balance.
    NoPlayers,
    /// No result to fit.
    NoResult,
    /// No value of the grouping (a year-less date, by year or decade).
    NoGroup,
}

/// One note of an adjusted fit, in the order they are said.
#[derive(Clone, Debug, PartialEq)]
pub enum AdjustedNote {
    /// The model: which game and grouping, how many players' strengths, how a draw counts.
    Model {
        kind: GameKind,
        by: String,
        players: usize,
        draws: DrawModel,
    },
    /// Davidson's draw parameter as fitted.
    DrawParameter(DrawParameter),
    /// Davidson's model asked for, but the fitted games have no draw or only draws.
    DrawParameterNotFitted,
    /// How many groups have a p-value (Holm's adjustment is over these), and what the
    /// flags of fitted groups mean (`wide_interval`: the width in rating points past which
    /// a group is flagged).
    Tested {
        by: String,
        tested: usize,
        wide_interval: f64,
    },
    /// Games left out of the fit, and why (only when there are any).
    GamesLeftOut {
        games: u64,
        because: GamesLeftOutBecause,
    },
    /// The groups listed in the table but left out of the fit (too few games, or the
    /// games without an opening), in the grouping's order.
    GroupsLeftOut {
        groups: Vec<LeftOutGroup>,
        min_games: u32,
    },
}

impl Adjusted {
    /// Everything a reader of [`Adjusted::frame`] should know, in the order it is said:
    /// the model, Davidson's ν (when that model was asked for), the groups tested, the
    /// games left out (each reason with games), the groups listed but not fitted.
    pub fn notes(&self) -> Vec<AdjustedNote> {
        let mut notes = vec![AdjustedNote::Model {
            kind: self.kind,
            by: self.by.clone(),
            players: self.players,
            draws: self.draw_model,
        }];
        match self.draw_parameter {
            Some(d) => notes.push(AdjustedNote::DrawParameter(d)),
            None if self.draw_model == DrawModel::Davidson => {
                notes.push(AdjustedNote::DrawParameterNotFitted)
            }
            None => {}
        }
        notes.push(AdjustedNote::Tested {
            by: self.by.clone(),
            tested: self.tested,
            wide_interval: WIDE_INTERVAL,
        });
        for (games, because) in [
            (self.without_players, GamesLeftOutBecause::NoPlayers),
            (self.without_result, GamesLeftOutBecause::NoResult),
            (self.without_group, GamesLeftOutBecause::NoGroup),
        ] {
            if games > 0 {
                notes.push(AdjustedNote::GamesLeftOut { games, because });
            }
        }
        if !self.left_out_groups.is_empty() {
            let mut groups = self.left_out_groups.clone();
            groups.sort_by(|a, b| group_order(&self.by, &a.group, &b.group));
            notes.push(AdjustedNote::GroupsLeftOut {
                groups,
                min_games: self.min_games,
            });
        }
        notes
    }
}
