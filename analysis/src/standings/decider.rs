//! What set a line of a points table apart from the line next to it: points, one of the
//! event's tie-breaks, or nothing (a shared place). Typed once here; the CLI, the report
//! and the site each name it in their own words.

use kifu_facts::Tiebreak;
use serde::{Serialize, Serializer};

/// The criterion that placed a line against its neighbour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Decider {
    /// More or fewer points.
    #[default]
    Points,
    /// Equal on points and the tie-breaks before it; this one differs.
    Tiebreak(Tiebreak),
    /// Equal on points and every tie-break: the place is shared.
    SharedPlace,
}

impl Decider {
    /// The name JSON and CSV write: `points`, the tie-break's curation name
    /// (`sonneborn-berger`), `shared-place`.
    pub fn name(self) -> &'static str {
        match self {
            Decider::Points => "points",
            Decider::Tiebreak(tb) => tb.name(),
            Decider::SharedPlace => "shared-place",
        }
    }

    /// The English label the text table prints: `points`, the tie-break's label,
    /// `tie (shared place)`.
    pub fn label(self) -> &'static str {
        match self {
            Decider::Points => "points",
            Decider::Tiebreak(tb) => tb.label(),
            Decider::SharedPlace => "tie (shared place)",
        }
    }

    /// The tie-break it names, if it is one.
    pub fn tiebreak(self) -> Option<Tiebreak> {
        match self {
            Decider::Tiebreak(tb) => Some(tb),
            _ => None,
        }
    }
}

impl Serialize for Decider {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}
