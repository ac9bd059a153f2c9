//! Result names, and the one rule for the result that counts.
//!
//! A game has up to two results: the one its record states and the one its board (the
//! replay) shows. Standings, statistics, reports and exports all count the same one:
//!
//! **The recorded result counts, unless the board decided the game and shows another
//! result; when nothing (or `unknown`) is recorded, the board's result counts.**
//!
//! "The board decided the game" means the replay ended on a terminal position of the rules
//! themselves (see [`board_decides`] and [`Termination::board_decides`]): a five, checkmate, a repetition verdict that ends the
//! record, the last placement. A record that stops early, breaks off at an illegal move or
//! ends on a claim (Renju's forbidden-move claim) is decided by what was recorded.

use std::fmt;

use crate::termination::{Termination, XiangqiTermination};
use crate::{GameKind, Seat};

/// What a game came to: a seat's win, a draw, or unknown. The one outcome of the engines,
/// the readers and the tables; [`ResultName`] is how it is written and stored, which takes
/// the game's kind (Xiangqi's first seat is `red`, Renju's `black`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(Seat),
    Draw,
    Unknown,
}

impl Outcome {
    /// The result's stored name in `kind`'s words.
    pub fn name(self, kind: GameKind) -> ResultName {
        match self {
            Outcome::Win(seat) => kind.win(seat),
            Outcome::Draw => ResultName::Draw,
            Outcome::Unknown => ResultName::Unknown,
        }
    }

    /// A stored name read in `kind`'s words; `None` for a side the game does not have.
    pub fn of(kind: GameKind, name: ResultName) -> Option<Outcome> {
        Some(match name {
            ResultName::Draw => Outcome::Draw,
            ResultName::Unknown => Outcome::Unknown,
            side => Outcome::Win(kind.winner(side)?),
        })
    }

    /// The result in the score notation the formats with one share, first seat first:
    /// `1-0`, `0-1`, `1/2-1/2` or `½-½`, `*`.
    pub fn from_score(text: &str) -> Option<Outcome> {
        Some(match text.trim() {
            "1-0" => Outcome::Win(Seat::FIRST),
            "0-1" => Outcome::Win(Seat::SECOND),
            "1/2-1/2" | "½-½" => Outcome::Draw,
            "*" => Outcome::Unknown,
            _ => return None,
        })
    }

    /// The result in the score notation (`1-0`, `0-1`, `1/2-1/2`, `*`); `None` for the win
    /// of a seat past the second, which the notation cannot write.
    pub fn score(self) -> Option<&'static str> {
        match self {
            Outcome::Win(Seat::FIRST) => Some("1-0"),
            Outcome::Win(Seat::SECOND) => Some("0-1"),
            Outcome::Win(_) => None,
            Outcome::Draw => Some("1/2-1/2"),
            Outcome::Unknown => Some("*"),
        }
    }

    /// The win of the side `kind` calls `name` (`black`, `White`, `red`, `P2`; any case).
    pub fn side_win(kind: GameKind, name: &str) -> Option<Outcome> {
        kind.seat_named(name).map(Outcome::Win)
    }

    /// A win or a draw: a result a table can count.
    pub fn is_known(self) -> bool {
        self != Outcome::Unknown
    }
}

/// A result as stored: a side's win, a draw, or `unknown`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResultName {
    /// Renju Black, Xiangqi Black, Territorial Black.
    Black,
    /// Renju White, Territorial White.
    White,
    /// Xiangqi Red.
    Red,
    /// A ChouChou seat's win, 1-based (`P1`…`P4`).
    Seat(u8),
    Draw,
    /// The record says the result is unknown.
    Unknown,
}

impl ResultName {
    /// ChouChou's seats' names, seat 1 first.
    pub const SEATS: [ResultName; 4] = [
        ResultName::Seat(1),
        ResultName::Seat(2),
        ResultName::Seat(3),
        ResultName::Seat(4),
    ];
    /// Every stored result, in the order a list of them is shown.
    pub const ALL: [ResultName; 9] = [
        ResultName::Black,
        ResultName::White,
        ResultName::Red,
        ResultName::Draw,
        ResultName::Seat(1),
        ResultName::Seat(2),
        ResultName::Seat(3),
        ResultName::Seat(4),
        ResultName::Unknown,
    ];

    /// Every side's name, in [`ResultName::ALL`]'s order: the colours of the two-seat
    /// games, then ChouChou's seats.
    pub fn sides() -> impl Iterator<Item = ResultName> {
        ResultName::ALL
            .into_iter()
            .filter(|r| !matches!(r, ResultName::Draw | ResultName::Unknown))
    }

    /// The stored name: `black`, `white`, `red`, `P1`…, `draw`, `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            ResultName::Black => "black",
            ResultName::White => "white",
            ResultName::Red => "red",
            ResultName::Seat(1) => "P1",
            ResultName::Seat(2) => "P2",
            ResultName::Seat(3) => "P3",
            ResultName::Seat(4) => "P4",
            // No such seat: `Seat` holds 1–4, and a stored name reads only those.
            ResultName::Seat(_) => "unknown",
            ResultName::Draw => "draw",
            ResultName::Unknown => "unknown",
        }
    }

    /// A stored name back; `None` for anything else (free text some records carry).
    pub fn parse(name: &str) -> Option<ResultName> {
        ResultName::ALL.into_iter().find(|r| r.name() == name)
    }

    /// A win or a draw: a result a table can count.
    pub fn is_known(self) -> bool {
        self != ResultName::Unknown
    }
}

/// A stored result that is none of the names [`ResultName::parse`] reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotAResultName(pub String);

impl fmt::Display for NotAResultName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a result name (black, white, red, P1-P4, draw or unknown)",
            self.0
        )
    }
}

impl std::error::Error for NotAResultName {}

impl fmt::Display for ResultName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// True when the replay's termination (as stored) is a position the rules themselves end
/// the game on, so the board's result overrides a recorded one.
pub fn board_decides(kind: GameKind, termination: &str) -> bool {
    Termination::parse(kind, termination).is_some_and(|t| t.board_decides())
}

/// The result that counts (see the module documentation). `recorded` and `derived` are the
/// stored names; a recorded name that is not a result (empty, `unknown`, free text) counts
/// as nothing recorded.
pub fn counted_result(
    kind: GameKind,
    recorded: Option<&str>,
    derived: Option<&str>,
    termination: &str,
) -> Option<ResultName> {
    counted_result_under(kind, recorded, derived, termination, None, true)
}

/// Whether the replay ended on a repetition verdict of the (Xiangqi world) rules.
pub fn is_repetition_verdict(termination: &str) -> bool {
    XiangqiTermination::from_name(termination).is_some_and(|t| t.is_repetition())
}

/// The result that counts once a curation is applied:
/// - a `correction` (an arbiter's, entered in the curation) counts whatever the record
///   and the board say;
/// - where the event's rules in force are not the world rules (`repetition_decides` false),
///   a world-rules repetition verdict decides nothing: the recorded result counts, and a
///   record without one has none that counts;
/// - otherwise [`counted_result`]'s rule.
pub fn counted_result_under(
    kind: GameKind,
    recorded: Option<&str>,
    derived: Option<&str>,
    termination: &str,
    correction: Option<ResultName>,
    repetition_decides: bool,
) -> Option<ResultName> {
    count_result(
        recorded.and_then(ResultName::parse),
        derived.and_then(ResultName::parse),
        Termination::parse(kind, termination).as_ref(),
        correction,
        repetition_decides,
    )
}

/// [`counted_result_under`]'s rule on typed values: the results recorded and derived,
/// how the replay ended (`None`: a termination the game's replay never gives), the
/// curation's correction and whether a repetition verdict decides.
pub fn count_result(
    recorded: Option<ResultName>,
    derived: Option<ResultName>,
    termination: Option<&Termination>,
    correction: Option<ResultName>,
    repetition_decides: bool,
) -> Option<ResultName> {
    if let Some(c) = correction {
        return c.is_known().then_some(c);
    }
    let recorded = recorded.filter(|o| o.is_known());
    let mut derived = derived.filter(|o| o.is_known());
    if !repetition_decides && termination.is_some_and(Termination::is_repetition_verdict) {
        derived = None;
    }
    match recorded {
        Some(r) => match derived {
            Some(d) if d != r && termination.is_some_and(Termination::board_decides) => Some(d),
            _ => Some(r),
        },
        None => derived,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outcome_is_named_in_its_games_words() {
        use GameKind::*;
        let first = Outcome::Win(Seat::FIRST);
        assert_eq!(first.name(Renju), ResultName::Black);
        assert_eq!(first.name(Xiangqi), ResultName::Red);
        assert_eq!(first.name(Territorial), ResultName::White);
        assert_eq!(first.name(ChouChou), ResultName::Seat(1));
        assert_eq!(Outcome::Win(Seat::SECOND).name(Xiangqi), ResultName::Black);
        for kind in GameKind::ALL {
            for &seat in kind.seats() {
                let o = Outcome::Win(seat);
                assert_eq!(Outcome::of(kind, o.name(kind)), Some(o), "{kind} {seat}");
            }
            assert_eq!(Outcome::of(kind, ResultName::Draw), Some(Outcome::Draw));
            assert_eq!(
                Outcome::of(kind, ResultName::Unknown),
                Some(Outcome::Unknown)
            );
        }
        assert_eq!(Outcome::of(Renju, ResultName::Red), None);
        assert_eq!(Outcome::of(Xiangqi, ResultName::White), None);
        assert_eq!(Outcome::of(Renju, ResultName::Seat(3)), None);
    }

    #[test]
    fn the_score_notation_reads_and_writes_first_seat_first() {
        for text in ["1-0", "0-1", "1/2-1/2", "*"] {
            let o = Outcome::from_score(text).unwrap();
            assert_eq!(o.score(), Some(text));
        }
        assert_eq!(Outcome::from_score(" ½-½ "), Some(Outcome::Draw));
        assert_eq!(Outcome::from_score("1-1"), None);
        assert_eq!(Outcome::Win(Seat::ALL[2]).score(), None);
        assert_eq!(
            Outcome::side_win(GameKind::Xiangqi, "Black"),
            Some(Outcome::Win(Seat::SECOND))
        );
        assert_eq!(Outcome::side_win(GameKind::Renju, "red"), None);
    }

    #[test]
    fn names_round_trip() {
        for o in [
            ResultName::Black,
            ResultName::White,
            ResultName::Red,
            ResultName::Seat(1),
            ResultName::Seat(4),
            ResultName::Draw,
            ResultName::Unknown,
        ] {
            assert_eq!(ResultName::parse(o.name()), Some(o));
        }
        assert_eq!(ResultName::parse("P0"), None);
        assert_eq!(ResultName::parse("P5"), None);
        assert_eq!(ResultName::parse("Ann"), None);
        // Only the names themselves: not another spelling of a seat's number or case.
        assert_eq!(ResultName::parse("P01"), None);
        assert_eq!(ResultName::parse("P+1"), None);
        assert_eq!(ResultName::parse("Draw"), None);
        for r in ResultName::ALL {
            assert_eq!(ResultName::parse(r.name()), Some(r));
        }
    }

    #[test]
    fn the_board_overrides_the_record_only_when_it_decided_the_game() {
        use GameKind::*;
        // A five on the board beats a recorded contrary result.
        assert_eq!(
            counted_result(Renju, Some("black"), Some("white"), "five"),
            Some(ResultName::White)
        );
        // A record that stops early keeps its result.
        assert_eq!(
            counted_result(Renju, Some("black"), None, "unfinished"),
            Some(ResultName::Black)
        );
        // White's forbidden-move claim is a recorded decision.
        assert_eq!(
            counted_result(Renju, Some("white"), Some("black"), "forbidden-move"),
            Some(ResultName::White)
        );
        // Nothing or `unknown` recorded: the board's.
        assert_eq!(
            counted_result(Renju, Some("unknown"), Some("draw"), "board-full"),
            Some(ResultName::Draw)
        );
        assert_eq!(counted_result(Renju, None, None, "unfinished"), None);
        assert_eq!(
            counted_result(Xiangqi, Some("draw"), Some("red"), "checkmate"),
            Some(ResultName::Red)
        );
        assert_eq!(
            counted_result(Xiangqi, Some("draw"), Some("red"), "illegal-move"),
            Some(ResultName::Draw)
        );
        assert_eq!(
            counted_result(ChouChou, Some("P2"), Some("P1"), "threshold"),
            Some(ResultName::Seat(1))
        );
        assert_eq!(
            counted_result(ChouChou, Some("Ann wins"), Some("P1"), "unfinished"),
            Some(ResultName::Seat(1))
        );
        // A correction counts over the board; under other rules than the world rules a
        // repetition verdict decides nothing.
        let under = |rec, term, corr, world| {
            counted_result_under(Xiangqi, rec, Some("red"), term, corr, world)
        };
        assert_eq!(
            under(Some("black"), "checkmate", Some(ResultName::Draw), true),
            Some(ResultName::Draw)
        );
        assert_eq!(
            under(Some("black"), "perpetual-chase", None, true),
            Some(ResultName::Red)
        );
        assert_eq!(
            under(Some("black"), "perpetual-chase", None, false),
            Some(ResultName::Black)
        );
        assert_eq!(under(None, "perpetual-check", None, false), None);
        assert_eq!(
            under(Some("black"), "checkmate", None, false),
            Some(ResultName::Red)
        );
        assert_eq!(
            counted_result(ChouChou, Some("Ann wins"), Some("P1"), "unfinished"),
            Some(ResultName::Seat(1))
        );
    }
}
