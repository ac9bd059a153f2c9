//! How serious a finding is.

use std::fmt;
use std::str::FromStr;

use crate::UnknownName;

/// Ordered: `Info < Warning < Error`, so "this severity and worse" is `>=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    pub const ALL: [Severity; 3] = [Severity::Info, Severity::Warning, Severity::Error];

    const NAMES: [&'static str; 3] = ["info", "warning", "error"];

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    pub fn from_name(name: &str) -> Option<Severity> {
        Severity::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Warnings and errors make a game count as "with findings"; info remarks don't.
    pub fn is_serious(self) -> bool {
        self >= Severity::Warning
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Severity {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Severity, UnknownName> {
        Severity::from_name(s).ok_or_else(|| UnknownName {
            what: "severity",
            given: s.to_owned(),
            known: &Severity::NAMES,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordered_from_info_to_error() {
        assert!(Severity::Info < Severity::Warning && Severity::Warning < Severity::Error);
        assert!(!Severity::Info.is_serious());
        assert!(Severity::Warning.is_serious() && Severity::Error.is_serious());
        for s in Severity::ALL {
            assert_eq!(s.name().parse::<Severity>(), Ok(s));
        }
    }
}
