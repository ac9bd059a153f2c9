//! The crosstable's cells of a points table: for each line and round, the player's games
//! of that round by their outcome for the player (never by the points they scored, which
//! the event's scoring sets), or why there is none. Filled once with the table
//! (`points.rs`); every output writes the same marks.

use serde::Serialize;

/// The mark of a round in which a player has no game recorded.
pub const MISSING_MARK: &str = "⚠";

/// The mark of a game recorded without a result (not scored).
pub const UNSCORED_MARK: &str = "?";

/// A game's outcome for one of its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerOutcome {
    Win,
    Draw,
    Loss,
}

impl PlayerOutcome {
    /// The crosstable's sign: `+` a win, `=` a draw, `−` a loss.
    pub fn sign(self) -> &'static str {
        match self {
            PlayerOutcome::Win => "+",
            PlayerOutcome::Draw => "=",
            PlayerOutcome::Loss => "−",
        }
    }

    /// The same game seen from the other seat.
    pub fn reversed(self) -> PlayerOutcome {
        match self {
            PlayerOutcome::Win => PlayerOutcome::Loss,
            PlayerOutcome::Draw => PlayerOutcome::Draw,
            PlayerOutcome::Loss => PlayerOutcome::Win,
        }
    }
}

/// One game in a crosstable cell.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CrossGame {
    pub outcome: PlayerOutcome,
    /// The opponent's line number in the table (1 the first line).
    pub opponent: usize,
    /// The game's id (negative for a curated game without moves).
    pub game: i64,
    /// Scored without being played.
    pub forfeit: bool,
}

impl CrossGame {
    /// `+34`, `=17`, `−3`; a forfeit `+5F`.
    pub fn mark(&self) -> String {
        let forfeit = if self.forfeit { "F" } else { "" };
        format!("{}{}{forfeit}", self.outcome.sign(), self.opponent)
    }
}

/// A player's cell of one round.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CrossCell {
    /// The games of the round (usually one).
    Games(Vec<CrossGame>),
    /// No game recorded in a round of the section.
    Missing,
    /// The round the one player left over of an odd number sat out.
    Bye,
    /// A game recorded without a result.
    Unscored,
}

impl CrossCell {
    /// The cell's marks, its words (a bye) given by `bye` in the page's language.
    pub fn text(&self, bye: &str) -> String {
        match self {
            CrossCell::Games(games) => games
                .iter()
                .map(CrossGame::mark)
                .collect::<Vec<_>>()
                .join(" "),
            CrossCell::Missing => MISSING_MARK.to_owned(),
            CrossCell::Bye => bye.to_owned(),
            CrossCell::Unscored => UNSCORED_MARK.to_owned(),
        }
    }
}
