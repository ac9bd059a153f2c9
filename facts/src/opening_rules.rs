//! The Renju opening rules (開局規定) by the names kifu stores in a game's `rule`: the RIF
//! export's rule names as the parser normalizes them, and the rules the engine checks; and
//! how two spellings of a rule's name are compared ([`rule_key`]).

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

/// An opening rule's name as it is compared: folded ([`crate::fold_text`]), accents dropped from
/// the vowels rule names carry (`Soosõrv`), and only letters and digits kept, so `RIF`,
/// `rif`, `Soosõrv-8` and `soosorv 8` each find the others.
pub fn rule_key(name: &str) -> String {
    crate::fold_text(name)
        .chars()
        .map(|c| match c {
            'õ' | 'ö' | 'ó' | 'ò' | 'ô' | 'Õ' | 'Ö' | 'Ó' | 'Ò' | 'Ô' => 'o',
            'ü' | 'ú' | 'ù' | 'û' | 'Ü' | 'Ú' | 'Ù' | 'Û' => 'u',
            'ä' | 'á' | 'à' | 'â' | 'Ä' | 'Á' | 'À' | 'Â' => 'a',
            c => c,
        })
        .filter(|c| c.is_alphanumeric())
        .collect()
}
