//! Findings: what an engine says about a record.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Info,
    Warning,
    Error,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    pub fn from_name(name: &str) -> Option<Severity> {
        match name {
            "info" => Some(Severity::Info),
            "warning" => Some(Severity::Warning),
            "error" => Some(Severity::Error),
            _ => None,
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One thing wrong with, or worth saying about, a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The ply (1-based move number) it is about, or `None` for the whole game.
    pub ply: Option<u32>,
    /// Kebab-case code, stable across versions (`forbidden-unclaimed`, `illegal-move`, …).
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    /// The rule clause cited, e.g. `renju §8-9 b`; empty when no clause applies.
    pub rule: &'static str,
}
