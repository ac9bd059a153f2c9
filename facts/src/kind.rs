//! The four games kifu knows.

use std::fmt;
use std::str::FromStr;

/// A name that is not one of a typed fact's names, with the names that are (listed
/// closest to the given one first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// What the fact is (`game`, `severity`, …).
    pub what: &'static str,
    pub given: String,
    pub known: &'static [&'static str],
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let known = crate::closest(&self.given, self.known.iter().copied(), self.known.len());
        write!(
            f,
            "unknown {} `{}` (one of: {})",
            self.what,
            self.given,
            known.join(", ")
        )
    }
}

impl std::error::Error for UnknownName {}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GameKind {
    Renju,
    Xiangqi,
    Territorial,
    ChouChou,
}

impl GameKind {
    pub const ALL: [GameKind; 4] = [
        GameKind::Renju,
        GameKind::Xiangqi,
        GameKind::Territorial,
        GameKind::ChouChou,
    ];

    const NAMES: [&'static str; 4] = ["renju", "xiangqi", "territorial", "chouchou"];

    /// The name stored in the database and used on the command line.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// The game's name in headings: `Renju`, `Xiangqi`, `Chess Territorial`, `ChouChou`.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Renju => "Renju",
            GameKind::Xiangqi => "Xiangqi",
            GameKind::Territorial => "Chess Territorial",
            GameKind::ChouChou => "ChouChou",
        }
    }

    pub fn from_name(name: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<GameKind, UnknownName> {
        GameKind::from_name(s).ok_or_else(|| UnknownName {
            what: "game",
            given: s.to_owned(),
            known: &GameKind::NAMES,
        })
    }
}

/// The stored format names (`games.format`) of files that hold results without moves: each
/// of their records is a game whose moves were never recorded. They count where a result
/// does (standings, result tables by rule, year or event) and never where moves are needed
/// (openings, the position index).
pub const RESULTS_ONLY_FORMATS: [&str; 2] = ["renjunet-results", "results-csv"];

/// Whether records of the stored format `name` are results without moves.
pub fn is_results_only_format(name: &str) -> bool {
    RESULTS_ONLY_FORMATS.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_say_what_is_known() {
        for k in GameKind::ALL {
            assert_eq!(k.name().parse::<GameKind>(), Ok(k));
        }
        let e = "renjuu".parse::<GameKind>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown game `renjuu` (one of: renju, xiangqi, chouchou, territorial)"
        );
        // Closest first: a typo of the last name lists it first.
        let e = "chouchuo".parse::<GameKind>().unwrap_err();
        assert!(e.to_string().contains("(one of: chouchou, "), "{e}");
    }
}
