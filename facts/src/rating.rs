//! Rating systems and the choices of what they rate: the one name each has on the command
//! line, in the `ratings` table and in the data contract.

use std::fmt;

/// How players' ratings are computed from their results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatingSystem {
    /// Whole-History Rating (Coulom 2008): each player's rating over time, all games at once.
    #[default]
    Whr,
    /// Elo: one update per game, in date order, with a fixed K.
    Elo,
}

impl RatingSystem {
    pub const ALL: [RatingSystem; 2] = [RatingSystem::Whr, RatingSystem::Elo];

    /// The stored and command-line name.
    pub fn name(self) -> &'static str {
        match self {
            RatingSystem::Whr => "whr",
            RatingSystem::Elo => "elo",
        }
    }

    pub fn from_name(name: &str) -> Option<RatingSystem> {
        RatingSystem::ALL.into_iter().find(|s| s.name() == name)
    }
}

impl fmt::Display for RatingSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a rating does with results that have no date when others have one (a dated game has
/// its place in time; these have none).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum UndatedResults {
    /// Not rated, and counted (the stored lists' choice).
    #[default]
    LeaveOut,
    /// Rated as one period of their own, the day before the first dated day.
    OwnPeriod,
}

impl UndatedResults {
    pub const ALL: [UndatedResults; 2] = [UndatedResults::LeaveOut, UndatedResults::OwnPeriod];

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            UndatedResults::LeaveOut => "leave-out",
            UndatedResults::OwnPeriod => "own-period",
        }
    }

    pub fn from_name(name: &str) -> Option<UndatedResults> {
        UndatedResults::ALL.into_iter().find(|u| u.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undated_choices_round_trip() {
        for u in UndatedResults::ALL {
            assert_eq!(UndatedResults::from_name(u.name()), Some(u));
        }
        assert_eq!(UndatedResults::from_name("drop"), None);
    }

    #[test]
    fn names_round_trip() {
        for s in RatingSystem::ALL {
            assert_eq!(RatingSystem::from_name(s.name()), Some(s));
        }
        assert_eq!(RatingSystem::from_name("glicko"), None);
    }
}
