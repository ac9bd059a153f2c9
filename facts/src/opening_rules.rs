//! The Renju opening rules (開局規定) by the names kifu stores in a game's `rule`: the RIF
//! export's rule names as the parser normalizes them, and the rules the engine checks.

/// Known opening rule names, as stored (a record naming another keeps its own spelling).
pub const RENJU_OPENING_RULES: &[&str] = &[
    "rif",
    "yamaguchi",
    "soosorv",
    "soosorv-8",
    "taraguchi",
    "taraguchi-10",
    "sakata",
    "tarannikov",
    "swap2",
    "exclusion",
    "renju",
    "gomoku",
];
