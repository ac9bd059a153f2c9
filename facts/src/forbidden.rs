//! The three kinds of move forbidden to Black in Renju (RIF rules).

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ForbiddenKind {
    DoubleThree,
    DoubleFour,
    Overline,
}

impl ForbiddenKind {
    pub const ALL: [ForbiddenKind; 3] = [
        ForbiddenKind::DoubleThree,
        ForbiddenKind::DoubleFour,
        ForbiddenKind::Overline,
    ];

    /// `double-three` / `double-four` / `overline`: the stored name.
    pub fn name(self) -> &'static str {
        match self {
            ForbiddenKind::DoubleThree => "double-three",
            ForbiddenKind::DoubleFour => "double-four",
            ForbiddenKind::Overline => "overline",
        }
    }

    /// `DoubleThree` / `DoubleFour` / `Overline`, as the test suites' JSON writes them.
    pub fn camel_name(self) -> &'static str {
        match self {
            ForbiddenKind::DoubleThree => "DoubleThree",
            ForbiddenKind::DoubleFour => "DoubleFour",
            ForbiddenKind::Overline => "Overline",
        }
    }

    /// Either name form.
    pub fn from_name(name: &str) -> Option<ForbiddenKind> {
        ForbiddenKind::ALL
            .into_iter()
            .find(|k| k.name() == name || k.camel_name() == name)
    }

    /// The diagram mark on a forbidden point: `3`, `4`, `6`.
    pub fn symbol(self) -> char {
        match self {
            ForbiddenKind::DoubleThree => '3',
            ForbiddenKind::DoubleFour => '4',
            ForbiddenKind::Overline => '6',
        }
    }
}

impl fmt::Display for ForbiddenKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
