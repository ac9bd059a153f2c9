//! A table of two players is a match: its score and its games, not a ranking with
//! tie-breaks (a title match's Sonneborn-Berger says nothing). Made with the table
//! (`points.rs`).

use serde::Serialize;

use super::crosstable::PlayerOutcome;

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
