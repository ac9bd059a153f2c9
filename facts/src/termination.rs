//! How a record ends, as the replay shows it, for each game: the one list of each game's
//! terminations and their stored names, and which of them the board decides (the rules
//! themselves end the game there, so the board's result overrides a recorded one; see
//! [`crate::counted_result`]). The engines (`kifu_rules`) produce them; the store keeps
//! their names.

use std::fmt;

use crate::GameKind;

/// How the record ends, as the board shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RenjuTermination {
    /// A five (Black exact five, or White five).
    Five,
    /// An overline (six or more) that wins: White's in Renju, either side's in free-style.
    Overline,
    /// White wins by claiming Black's forbidden move (the last move, or an overline still
    /// on the board when the record says White won).
    ForbiddenMove,
    /// Two passes in a row: draw (§8-7).
    TwoPasses,
    /// All 225 points filled: draw (§8-10).
    BoardFull,
    /// An off-board or occupied point stopped the replay.
    IllegalMove,
    /// The record is not on a 15×15 board.
    NotRenju,
    /// Nothing on the board ends the game (resignation, time, agreement, or unfinished).
    Unfinished,
}

impl RenjuTermination {
    pub const ALL: [RenjuTermination; 8] = [
        RenjuTermination::Five,
        RenjuTermination::Overline,
        RenjuTermination::ForbiddenMove,
        RenjuTermination::TwoPasses,
        RenjuTermination::BoardFull,
        RenjuTermination::IllegalMove,
        RenjuTermination::NotRenju,
        RenjuTermination::Unfinished,
    ];

    /// Kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            RenjuTermination::Five => "five",
            RenjuTermination::Overline => "overline",
            RenjuTermination::ForbiddenMove => "forbidden-move",
            RenjuTermination::TwoPasses => "two-passes",
            RenjuTermination::BoardFull => "board-full",
            RenjuTermination::IllegalMove => "illegal-move",
            RenjuTermination::NotRenju => "not-renju",
            RenjuTermination::Unfinished => "unfinished",
        }
    }

    pub fn from_name(s: &str) -> Option<RenjuTermination> {
        RenjuTermination::ALL.into_iter().find(|t| t.name() == s)
    }

    /// Whether the rules themselves end the game here, so the board's result overrides a
    /// recorded one: a five, a winning overline, two passes, a full board.
    pub fn board_decides(self) -> bool {
        matches!(
            self,
            RenjuTermination::Five
                | RenjuTermination::Overline
                | RenjuTermination::TwoPasses
                | RenjuTermination::BoardFull
        )
    }
}

impl fmt::Display for RenjuTermination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the record ends, as the board shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XiangqiTermination {
    /// The side to move is in check with no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move (a loss too).
    Stalemate,
    /// A move matching no legal move stopped the replay.
    IllegalMove,
    /// A move with two legal readings stopped the replay.
    AmbiguousMove,
    /// The start FEN could not be read.
    BadFen,
    /// Nothing on the board ends the game.
    Unfinished,
    /// A repetition verdict: one side checked perpetually and loses (棋例1).
    PerpetualCheck,
    /// A repetition verdict: one side chased perpetually (forbidden chase) and loses.
    PerpetualChase,
    /// A repetition verdict: draw (mutual check, mutual chase, allowed repetition).
    RepetitionDraw,
}

impl XiangqiTermination {
    pub const ALL: [XiangqiTermination; 9] = [
        XiangqiTermination::Checkmate,
        XiangqiTermination::Stalemate,
        XiangqiTermination::IllegalMove,
        XiangqiTermination::AmbiguousMove,
        XiangqiTermination::BadFen,
        XiangqiTermination::Unfinished,
        XiangqiTermination::PerpetualCheck,
        XiangqiTermination::PerpetualChase,
        XiangqiTermination::RepetitionDraw,
    ];

    /// Kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            XiangqiTermination::Checkmate => "checkmate",
            XiangqiTermination::Stalemate => "stalemate",
            XiangqiTermination::IllegalMove => "illegal-move",
            XiangqiTermination::AmbiguousMove => "ambiguous-move",
            XiangqiTermination::BadFen => "bad-fen",
            XiangqiTermination::Unfinished => "unfinished",
            XiangqiTermination::PerpetualCheck => "perpetual-check",
            XiangqiTermination::PerpetualChase => "perpetual-chase",
            XiangqiTermination::RepetitionDraw => "repetition-draw",
        }
    }

    pub fn from_name(s: &str) -> Option<XiangqiTermination> {
        XiangqiTermination::ALL.into_iter().find(|t| t.name() == s)
    }

    /// Is this a repetition verdict?
    pub fn is_repetition(self) -> bool {
        matches!(
            self,
            XiangqiTermination::PerpetualCheck
                | XiangqiTermination::PerpetualChase
                | XiangqiTermination::RepetitionDraw
        )
    }

    /// Whether the rules themselves end the game here: checkmate, stalemate or a
    /// repetition verdict.
    pub fn board_decides(self) -> bool {
        matches!(
            self,
            XiangqiTermination::Checkmate | XiangqiTermination::Stalemate
        ) || self.is_repetition()
    }
}

impl fmt::Display for XiangqiTermination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the record ends, as the board shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TerritorialTermination {
    /// Both sides placed every piece.
    AllPlaced,
    /// Two passes in a row.
    TwoPasses,
    /// The record stops where neither side can place any more, its closing passes not
    /// written.
    NoPlacement,
    /// An illegal move stopped the replay.
    IllegalMove,
    /// The record stops before the end of the game.
    Unfinished,
}

impl TerritorialTermination {
    pub const ALL: [TerritorialTermination; 5] = [
        TerritorialTermination::AllPlaced,
        TerritorialTermination::TwoPasses,
        TerritorialTermination::NoPlacement,
        TerritorialTermination::IllegalMove,
        TerritorialTermination::Unfinished,
    ];

    /// Kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            TerritorialTermination::AllPlaced => "all-placed",
            TerritorialTermination::TwoPasses => "two-passes",
            TerritorialTermination::NoPlacement => "no-placement",
            TerritorialTermination::IllegalMove => "illegal-move",
            TerritorialTermination::Unfinished => "unfinished",
        }
    }

    pub fn from_name(s: &str) -> Option<TerritorialTermination> {
        TerritorialTermination::ALL
            .into_iter()
            .find(|t| t.name() == s)
    }

    /// Whether the rules themselves end the game here: every piece placed, two passes, or
    /// no placement left.
    pub fn board_decides(self) -> bool {
        matches!(
            self,
            TerritorialTermination::AllPlaced
                | TerritorialTermination::TwoPasses
                | TerritorialTermination::NoPlacement
        )
    }
}

impl fmt::Display for TerritorialTermination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How the record ends, as the replay sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChouChouTermination {
    /// A player reached the threshold.
    Threshold,
    /// Every player in turn was left without a legal action [decision].
    NoLegalAction,
    /// An illegal action stopped the replay.
    IllegalAction,
    /// A 10th piece move stopped the replay.
    MoveLimit,
    /// The header could not be played.
    BadSetup,
    /// The record's `[Termination]` (`time`, …), when the board decided nothing.
    Recorded(String),
    /// Nothing ends the game (unfinished record, or a result the board does not show).
    Unfinished,
}

impl ChouChouTermination {
    pub fn name(&self) -> &str {
        match self {
            ChouChouTermination::Threshold => "threshold",
            ChouChouTermination::NoLegalAction => "no-legal-action",
            ChouChouTermination::IllegalAction => "illegal-action",
            ChouChouTermination::MoveLimit => "move-limit",
            ChouChouTermination::BadSetup => "bad-setup",
            ChouChouTermination::Recorded(t) => t,
            ChouChouTermination::Unfinished => "unfinished",
        }
    }

    /// The termination a stored name names: a recorded one for any name the replay does
    /// not give.
    pub fn from_name(name: &str) -> ChouChouTermination {
        match name {
            "threshold" => ChouChouTermination::Threshold,
            "no-legal-action" => ChouChouTermination::NoLegalAction,
            "illegal-action" => ChouChouTermination::IllegalAction,
            "move-limit" => ChouChouTermination::MoveLimit,
            "bad-setup" => ChouChouTermination::BadSetup,
            "unfinished" => ChouChouTermination::Unfinished,
            other => ChouChouTermination::Recorded(other.to_owned()),
        }
    }

    /// Whether the rules themselves end the game here: a player reached the threshold, or
    /// no one has a legal action.
    pub fn board_decides(&self) -> bool {
        matches!(
            self,
            ChouChouTermination::Threshold | ChouChouTermination::NoLegalAction
        )
    }
}

/// A termination of any game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    Renju(RenjuTermination),
    Xiangqi(XiangqiTermination),
    Territorial(TerritorialTermination),
    ChouChou(ChouChouTermination),
}

/// The stored name (`five`, `perpetual-check`, a ChouChou record's own).
impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl From<RenjuTermination> for Termination {
    fn from(t: RenjuTermination) -> Termination {
        Termination::Renju(t)
    }
}

impl From<XiangqiTermination> for Termination {
    fn from(t: XiangqiTermination) -> Termination {
        Termination::Xiangqi(t)
    }
}

impl From<TerritorialTermination> for Termination {
    fn from(t: TerritorialTermination) -> Termination {
        Termination::Territorial(t)
    }
}

impl From<ChouChouTermination> for Termination {
    fn from(t: ChouChouTermination) -> Termination {
        Termination::ChouChou(t)
    }
}

impl Termination {
    /// The termination a game of `kind` stores as `name`; `None` for a name the game's
    /// replay never gives (ChouChou keeps any name: a recorded termination).
    pub fn parse(kind: GameKind, name: &str) -> Option<Termination> {
        Some(match kind {
            GameKind::Renju => Termination::Renju(RenjuTermination::from_name(name)?),
            GameKind::Xiangqi => Termination::Xiangqi(XiangqiTermination::from_name(name)?),
            GameKind::Territorial => {
                Termination::Territorial(TerritorialTermination::from_name(name)?)
            }
            GameKind::ChouChou => Termination::ChouChou(ChouChouTermination::from_name(name)),
        })
    }

    /// A game of `kind` that nothing ends: an unfinished record.
    pub fn unfinished(kind: GameKind) -> Termination {
        match kind {
            GameKind::Renju => Termination::Renju(RenjuTermination::Unfinished),
            GameKind::Xiangqi => Termination::Xiangqi(XiangqiTermination::Unfinished),
            GameKind::Territorial => Termination::Territorial(TerritorialTermination::Unfinished),
            GameKind::ChouChou => Termination::ChouChou(ChouChouTermination::Unfinished),
        }
    }

    /// The stored name (`five`, `checkmate`, `threshold`, a recorded ChouChou one…).
    pub fn name(&self) -> &str {
        match self {
            Termination::Renju(t) => t.name(),
            Termination::Xiangqi(t) => t.name(),
            Termination::Territorial(t) => t.name(),
            Termination::ChouChou(t) => t.name(),
        }
    }

    /// Whether the rules themselves end the game here.
    pub fn board_decides(&self) -> bool {
        match self {
            Termination::Renju(t) => t.board_decides(),
            Termination::Xiangqi(t) => t.board_decides(),
            Termination::Territorial(t) => t.board_decides(),
            Termination::ChouChou(t) => t.board_decides(),
        }
    }

    /// Whether it is a repetition verdict of the (Xiangqi world) rules.
    pub fn is_repetition_verdict(&self) -> bool {
        matches!(self, Termination::Xiangqi(t) if t.is_repetition())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_the_board_decides_the_rules_own_ends() {
        for t in RenjuTermination::ALL {
            assert_eq!(RenjuTermination::from_name(t.name()), Some(t));
        }
        for t in XiangqiTermination::ALL {
            assert_eq!(XiangqiTermination::from_name(t.name()), Some(t));
        }
        for t in TerritorialTermination::ALL {
            assert_eq!(TerritorialTermination::from_name(t.name()), Some(t));
        }
        let decided = |kind, name| Termination::parse(kind, name).map(|t| t.board_decides());
        assert_eq!(decided(GameKind::Renju, "five"), Some(true));
        assert_eq!(decided(GameKind::Renju, "forbidden-move"), Some(false));
        assert_eq!(decided(GameKind::Renju, "checkmate"), None);
        assert_eq!(decided(GameKind::Xiangqi, "perpetual-chase"), Some(true));
        assert_eq!(decided(GameKind::Xiangqi, "illegal-move"), Some(false));
        assert_eq!(decided(GameKind::Territorial, "no-placement"), Some(true));
        assert_eq!(decided(GameKind::ChouChou, "threshold"), Some(true));
        assert_eq!(decided(GameKind::ChouChou, "time"), Some(false));
        assert_eq!(
            ChouChouTermination::from_name("time"),
            ChouChouTermination::Recorded("time".into())
        );
        for name in ["move-limit", "bad-setup", "unfinished"] {
            assert_eq!(ChouChouTermination::from_name(name).name(), name);
        }
    }
}
