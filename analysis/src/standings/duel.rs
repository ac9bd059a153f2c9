//! A table of two players is a match: its score and its games, not a ranking with
//! tie-breaks (a title match's Sonneborn-Berger says nothing). Computed with the table.

use serde::Serialize;

use super::crosstable::PlayerOutcome;
use super::points::Line;

/// A match between two players: the table's two lines, the leader first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Duel {
    /// The players, the one with more points first (the table's order).
    pub players: [String; 2],
    /// The match score: games won, a draw a half each, whatever the event's scoring.
    pub score: [f64; 2],
    /// The scored games in round order, each with its outcome for the first player.
    pub games: Vec<DuelGame>,
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DuelGame {
    pub round: Option<String>,
    pub game: i64,
    /// The outcome for [`Duel::players`]`[0]`.
    pub outcome: PlayerOutcome,
    pub forfeit: bool,
}

/// The match of a table whose every scored game is between the same two players.
pub(crate) fn duel(lines: &[Line]) -> Option<Duel> {
    let [a, b] = lines else {
        return None;
    };
    Some(Duel {
        players: [a.player.clone(), b.player.clone()],
        score: [match_score(a), match_score(b)],
        games: a
            .pairings
            .iter()
            .map(|p| DuelGame {
                round: p.round.clone(),
                game: p.game,
                outcome: p.outcome,
                forfeit: p.forfeit,
            })
            .collect(),
    })
}

/// Games won plus half the games drawn.
fn match_score(line: &Line) -> f64 {
    f64::from(line.wins) + f64::from(line.draws) / 2.0
}
