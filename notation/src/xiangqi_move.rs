//! How a Xiangqi move is written: the notations ([`XqNotation`]) that Xiangqi PGN's main
//! line ([`crate::xiangqi_pgn`]) and its variations ([`crate::xiangqi_variations`]) write.

use kifu_rules::xiangqi::{move_to_chinese, move_to_wxf, Move, Position, Square};

/// How moves are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XqNotation {
    /// `h2e2` (`[Format "ICCS"]`).
    Iccs,
    /// `炮二平五` / `马8进7` (`[Format "Chinese"]`).
    Chinese,
    /// `C2.5` / `H8+7` (`[Format "WXF"]`).
    Wxf,
}

impl XqNotation {
    pub const ALL: [XqNotation; 3] = [XqNotation::Chinese, XqNotation::Wxf, XqNotation::Iccs];

    /// `chinese` / `iccs` / `wxf`, as `--notation` takes them.
    pub fn from_name(name: &str) -> Option<XqNotation> {
        XqNotation::ALL.into_iter().find(|n| n.name() == name)
    }

    /// The name `--notation` takes.
    pub fn name(self) -> &'static str {
        match self {
            XqNotation::Iccs => "iccs",
            XqNotation::Chinese => "chinese",
            XqNotation::Wxf => "wxf",
        }
    }

    /// The `Format` tag value.
    pub fn tag(self) -> &'static str {
        match self {
            XqNotation::Iccs => "ICCS",
            XqNotation::Chinese => "Chinese",
            XqNotation::Wxf => "WXF",
        }
    }
}

/// `mv` in `notation`, played from `pos` (which names its piece in Chinese and WXF).
pub(crate) fn push_move(out: &mut String, notation: XqNotation, pos: &Position, mv: Move) {
    match notation {
        XqNotation::Iccs => push_iccs(out, mv),
        XqNotation::Chinese => out.push_str(&move_to_chinese(pos, mv)),
        XqNotation::Wxf => out.push_str(&move_to_wxf(pos, mv)),
    }
}

/// `h2e2`.
pub(crate) fn push_iccs(out: &mut String, m: Move) {
    push_square(out, m.from);
    push_square(out, m.to);
}

fn push_square(out: &mut String, s: Square) {
    out.push((b'a' + s.file()) as char);
    out.push((b'0' + s.rank()) as char);
}
