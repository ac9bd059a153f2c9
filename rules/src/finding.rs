//! Findings: what an engine says about a record.

pub use kifu_facts::{ForbiddenKind, Severity};

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
    /// The kind of forbidden move, on Renju findings about one (so no reader has to
    /// recover it from the message).
    pub forbidden: Option<ForbiddenKind>,
    /// The variation move it is about ([`kifu_parser::variation::VariationNode::node`]),
    /// or `None` for the main line.
    pub node: Option<u32>,
}

/// A finding about the main line at `ply` (`None`: the whole game), of no forbidden kind.
pub fn finding(
    ply: Option<u32>,
    code: &'static str,
    severity: Severity,
    rule: &'static str,
    message: String,
) -> Finding {
    Finding {
        ply,
        code,
        severity,
        message,
        rule,
        forbidden: None,
        node: None,
    }
}

impl Finding {
    /// This finding, about variation node `node` instead of the main line.
    pub fn in_variation(mut self, node: u32) -> Finding {
        self.node = Some(node);
        self
    }

    /// This finding, marked as about a forbidden move of kind `kind`.
    pub fn about_forbidden(mut self, kind: ForbiddenKind) -> Finding {
        self.forbidden = Some(kind);
        self
    }
}
