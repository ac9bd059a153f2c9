//! The rules a five-in-a-row game on the 15×15 board was played under: Renju (Black's
//! forbidden moves, Black wins with exactly five) or free-style gomoku (no forbidden moves,
//! five or more in a row wins for either side). Both are stored as `GameKind::Renju`
//! records; this says which rules the engine replayed them by.

use std::fmt;
use std::str::FromStr;

use crate::UnknownName;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ruleset {
    /// Renju (RIF rules): Black's double-three, double-four and overline are forbidden.
    #[default]
    Renju,
    /// Free-style gomoku: no forbidden moves; an overline (six or more) wins, for Black and
    /// for White.
    Freestyle,
}

impl Ruleset {
    pub const ALL: [Ruleset; 2] = [Ruleset::Renju, Ruleset::Freestyle];

    const NAMES: [&'static str; 2] = ["renju", "freestyle"];

    /// The name stored in `games.ruleset` and used on the command line.
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    pub fn from_name(name: &str) -> Option<Ruleset> {
        Ruleset::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The rules a record's own rule tag names (any ASCII case; spaces, `-` and `_` alike):
    /// `gomoku` (RenjuNet's name for free-style), `freestyle`, `free-style` or
    /// `freestyle gomoku` are free-style; a Renju opening rule (or `renju`) is Renju;
    /// anything else (or no tag) says nothing.
    pub fn from_rule_tag(rule: &str) -> Option<Ruleset> {
        let key: String = rule
            .trim()
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c == ' ' || c == '_' { '-' } else { c })
            .collect();
        match key.as_str() {
            "gomoku" | "freestyle" | "free-style" | "freestyle-gomoku" | "free-style-gomoku" => {
                Some(Ruleset::Freestyle)
            }
            k if crate::RENJU_OPENING_RULES.contains(&k) => Some(Ruleset::Renju),
            _ => None,
        }
    }

    /// The rules a file's name marks: a name containing `gomoku` (any case) holds
    /// free-style games, as `Gomoku.bdt` does (its format has no header to say so).
    pub fn from_file_name(name: &str) -> Option<Ruleset> {
        name.to_ascii_lowercase()
            .contains("gomoku")
            .then_some(Ruleset::Freestyle)
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Ruleset {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Ruleset, UnknownName> {
        Ruleset::from_name(s).ok_or_else(|| UnknownName {
            what: "ruleset",
            given: s.to_owned(),
            known: &Ruleset::NAMES,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_tags_and_file_names() {
        for r in Ruleset::ALL {
            assert_eq!(r.name().parse::<Ruleset>(), Ok(r));
        }
        assert_eq!(Ruleset::from_rule_tag("gomoku"), Some(Ruleset::Freestyle));
        assert_eq!(
            Ruleset::from_rule_tag("freestyle"),
            Some(Ruleset::Freestyle)
        );
        assert_eq!(Ruleset::from_rule_tag("rif"), Some(Ruleset::Renju));
        assert_eq!(Ruleset::from_rule_tag("renju"), Some(Ruleset::Renju));
        assert_eq!(Ruleset::from_rule_tag("house-rule"), None);
        assert_eq!(
            Ruleset::from_file_name("stefs92_Gomoku.bdt"),
            Some(Ruleset::Freestyle)
        );
        assert_eq!(Ruleset::from_file_name("stefs92_rps.bdt"), None);
    }
}
