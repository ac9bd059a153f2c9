//! The columns of a points table, a team table and a ChouChou table, listed once: which columns a table
//! has (its event's tie-breaks among them) and each line's typed cell. The CLI's text, the
//! report and the site print these columns in this order; CSV and JSON carry the same
//! values by name.

use kifu_facts::Tiebreak;
use kifu_rules::chouchou::TableRow as ChouChouRow;

use super::decider::Decider;
use super::points::{Line, Table};
use super::teams::{TeamLine, TeamTable};

/// A column of a points table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StandingsColumn {
    Place,
    Player,
    Games,
    Wins,
    Draws,
    Losses,
    Points,
    /// One of the event's tie-breaks (wins has its own column).
    Tiebreak(Tiebreak),
    /// The criterion that set the line apart from its neighbour.
    DecidedBy,
    /// The rounds of the section without a game of the player.
    MissingRounds,
    /// The rounds the player sat out as the one left over of an odd number.
    Byes,
}

impl StandingsColumn {
    /// The column's name, as CSV headers and the reports' column labels know it.
    pub fn name(self) -> &'static str {
        match self {
            StandingsColumn::Place => "place",
            StandingsColumn::Player => "player",
            StandingsColumn::Games => "games",
            StandingsColumn::Wins => "wins",
            StandingsColumn::Draws => "draws",
            StandingsColumn::Losses => "losses",
            StandingsColumn::Points => "points",
            StandingsColumn::Tiebreak(tb) => tb.label(),
            StandingsColumn::DecidedBy => "decided by",
            StandingsColumn::MissingRounds => "missing rounds",
            StandingsColumn::Byes => "byes",
        }
    }

    /// Whether the column holds numbers (right-aligned).
    pub fn is_numeric(self) -> bool {
        !matches!(
            self,
            StandingsColumn::Player
                | StandingsColumn::DecidedBy
                | StandingsColumn::MissingRounds
                | StandingsColumn::Byes
        )
    }
}

/// One line's value in a column.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell<'a> {
    Count(u32),
    Text(&'a str),
    /// Points or a tie-break value; `None` where the tie-break does not apply (direct
    /// encounter for a player alone on their points).
    Points(Option<f64>),
    Decider(Decider),
    /// A criterion named in English (`match points`), as a team line's place was decided.
    Label(&'static str),
    /// Points written with their sign (`+5`, `-3`, `0`): ChouChou's.
    Signed(i32),
    /// Rounds, in the table's order.
    Rounds(&'a [String]),
}

impl Table {
    /// The table's columns in the order every output prints them: place, player, games,
    /// wins, draws, losses, points, the event's tie-breaks in order (wins excepted: it has
    /// its column), decided by, then missing rounds and byes where a line has any.
    pub fn columns(&self) -> Vec<StandingsColumn> {
        let mut out = vec![
            StandingsColumn::Place,
            StandingsColumn::Player,
            StandingsColumn::Games,
            StandingsColumn::Wins,
            StandingsColumn::Draws,
            StandingsColumn::Losses,
            StandingsColumn::Points,
        ];
        out.extend(
            self.tiebreaks
                .iter()
                .filter(|tb| **tb != Tiebreak::Wins)
                .map(|tb| StandingsColumn::Tiebreak(*tb)),
        );
        out.push(StandingsColumn::DecidedBy);
        if self.lines.iter().any(|l| !l.missing_rounds.is_empty()) {
            out.push(StandingsColumn::MissingRounds);
        }
        if self.lines.iter().any(|l| !l.byes.is_empty()) {
            out.push(StandingsColumn::Byes);
        }
        out
    }
}

impl Line {
    /// The line's value in `column`.
    pub fn cell(&self, column: StandingsColumn) -> Cell<'_> {
        match column {
            StandingsColumn::Place => Cell::Count(self.place as u32),
            StandingsColumn::Player => Cell::Text(&self.player),
            StandingsColumn::Games => Cell::Count(self.games),
            StandingsColumn::Wins => Cell::Count(self.wins),
            StandingsColumn::Draws => Cell::Count(self.draws),
            StandingsColumn::Losses => Cell::Count(self.losses),
            StandingsColumn::Points => Cell::Points(Some(self.points)),
            StandingsColumn::Tiebreak(tb) => Cell::Points(self.tiebreak(tb)),
            StandingsColumn::DecidedBy => Cell::Decider(self.decided_by),
            StandingsColumn::MissingRounds => Cell::Rounds(&self.missing_rounds),
            StandingsColumn::Byes => Cell::Rounds(&self.byes),
        }
    }

    /// The line's value of tie-break `tb` (`None`: not among the table's, or not applying).
    pub fn tiebreak(&self, tb: Tiebreak) -> Option<f64> {
        self.tiebreaks
            .iter()
            .find(|v| v.tiebreak == tb)
            .and_then(|v| v.value)
    }

    /// Whether `column` holds the criterion that placed this line (the cell to mark).
    pub fn decided_in(&self, column: StandingsColumn) -> bool {
        match (self.decided_by, column) {
            (Decider::Points, StandingsColumn::Points) => true,
            (Decider::Tiebreak(Tiebreak::Wins), StandingsColumn::Wins) => true,
            (Decider::Tiebreak(a), StandingsColumn::Tiebreak(b)) => a == b,
            _ => false,
        }
    }
}

/// A column of a team table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamColumn {
    Place,
    Team,
    Matches,
    Wins,
    Draws,
    Losses,
    MatchPoints,
    BoardPoints,
    DirectEncounter,
    DecidedBy,
    MissingRounds,
    Byes,
}

impl TeamColumn {
    /// The column's name, as CSV headers and the reports' column labels know it.
    pub fn name(self) -> &'static str {
        match self {
            TeamColumn::Place => "place",
            TeamColumn::Team => "team",
            TeamColumn::Matches => "matches",
            TeamColumn::Wins => "wins",
            TeamColumn::Draws => "draws",
            TeamColumn::Losses => "losses",
            TeamColumn::MatchPoints => "match points",
            TeamColumn::BoardPoints => "board points",
            TeamColumn::DirectEncounter => "direct encounter",
            TeamColumn::DecidedBy => "decided by",
            TeamColumn::MissingRounds => "rounds without a match",
            TeamColumn::Byes => "byes",
        }
    }

    /// Whether the column holds numbers (right-aligned).
    pub fn is_numeric(self) -> bool {
        !matches!(
            self,
            TeamColumn::Team | TeamColumn::DecidedBy | TeamColumn::MissingRounds | TeamColumn::Byes
        )
    }
}

impl TeamTable {
    /// The table's columns in the order every output prints them; the rounds without a
    /// match and the byes where a team has any.
    pub fn columns(&self) -> Vec<TeamColumn> {
        let mut out = vec![
            TeamColumn::Place,
            TeamColumn::Team,
            TeamColumn::Matches,
            TeamColumn::Wins,
            TeamColumn::Draws,
            TeamColumn::Losses,
            TeamColumn::MatchPoints,
            TeamColumn::BoardPoints,
            TeamColumn::DirectEncounter,
            TeamColumn::DecidedBy,
        ];
        if self.lines.iter().any(|l| !l.missing_rounds.is_empty()) {
            out.push(TeamColumn::MissingRounds);
        }
        if self.lines.iter().any(|l| !l.byes.is_empty()) {
            out.push(TeamColumn::Byes);
        }
        out
    }
}

impl TeamLine {
    /// The team's value in `column`; what decided its place as [`Cell::Label`].
    pub fn cell(&self, column: TeamColumn) -> Cell<'_> {
        match column {
            TeamColumn::Place => Cell::Count(self.place as u32),
            TeamColumn::Team => Cell::Text(&self.team),
            TeamColumn::Matches => Cell::Count(self.matches),
            TeamColumn::Wins => Cell::Count(self.wins),
            TeamColumn::Draws => Cell::Count(self.draws),
            TeamColumn::Losses => Cell::Count(self.losses),
            TeamColumn::MatchPoints => Cell::Points(Some(self.match_points)),
            TeamColumn::BoardPoints => Cell::Points(Some(self.board_points)),
            TeamColumn::DirectEncounter => Cell::Points(self.direct_encounter),
            TeamColumn::DecidedBy => Cell::Label(self.decided_by),
            TeamColumn::MissingRounds => Cell::Rounds(&self.missing_rounds),
            TeamColumn::Byes => Cell::Rounds(&self.byes),
        }
    }
}

/// A column of a ChouChou standings table (rule 5(2)'s criteria in order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChouChouColumn {
    Place,
    Player,
    Wins,
    Points,
    BestBonus,
    WorstPenalty,
    DecidedBy,
}

impl ChouChouColumn {
    /// Every column, in the order every output prints them.
    pub const ALL: [ChouChouColumn; 7] = [
        ChouChouColumn::Place,
        ChouChouColumn::Player,
        ChouChouColumn::Wins,
        ChouChouColumn::Points,
        ChouChouColumn::BestBonus,
        ChouChouColumn::WorstPenalty,
        ChouChouColumn::DecidedBy,
    ];

    /// The column's name, as CSV headers and the reports' column labels know it.
    pub fn name(self) -> &'static str {
        match self {
            ChouChouColumn::Place => "place",
            ChouChouColumn::Player => "player",
            ChouChouColumn::Wins => "wins",
            ChouChouColumn::Points => "points",
            ChouChouColumn::BestBonus => "best bonus",
            ChouChouColumn::WorstPenalty => "worst penalty",
            ChouChouColumn::DecidedBy => "decided by",
        }
    }

    /// Whether the column holds numbers (right-aligned).
    pub fn is_numeric(self) -> bool {
        !matches!(self, ChouChouColumn::Player | ChouChouColumn::DecidedBy)
    }

    /// A standings row's value in this column.
    pub fn cell(self, row: &ChouChouRow) -> Cell<'_> {
        match self {
            ChouChouColumn::Place => Cell::Count(row.place),
            ChouChouColumn::Player => Cell::Text(&row.player),
            ChouChouColumn::Wins => Cell::Count(row.wins),
            ChouChouColumn::Points => Cell::Signed(row.points_sum),
            ChouChouColumn::BestBonus => Cell::Signed(row.best_bonus),
            ChouChouColumn::WorstPenalty => Cell::Signed(row.worst_penalty),
            ChouChouColumn::DecidedBy => Cell::Label(row.decided_by),
        }
    }
}
