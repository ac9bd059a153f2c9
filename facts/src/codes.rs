//! Every finding code kifu emits, in one list.
//!
//! The parsers (notes), the engines (findings), the ingest (quarantine) and the store
//! (copies that disagree) each write their codes as `&'static str` where they arise, which
//! keeps a finding beside the check that makes it. This list is their one index: a filter naming a code is checked against it
//! (and against the codes a database holds, which a newer build may have written), so a
//! typo is an error instead of an empty audit. A test reads the sources of the crates that
//! emit findings and fails on a code missing here, or listed here and emitted nowhere.

/// The finding codes, sorted.
pub const FINDING_CODES: &[&str] = &[
    "ambiguous-move",
    "bad-binit",
    "bad-fen",
    "bad-setup",
    "bad-tag",
    "bad-variation-key",
    "bdt-corner-code",
    "capture-forgotten",
    "capture-mismatch",
    "cbf-bad-move",
    "cbf-moves-after-end",
    "cbf-unknown-result",
    "cbf-variations-dropped",
    "cbl-deleted-entry",
    "cbl-found-by-scan",
    "cbl-remarks",
    "cbr-bad-encoding",
    "cbr-damaged",
    "cbr-empty-record",
    "cbr-side-from-first-move",
    "cbr-unknown-piece",
    "cbr-unknown-result",
    "cbr-unknown-side",
    "cbr-variation-too-deep",
    "closing-passes-missing",
    "consecutive-move",
    "copies-disagree",
    "dhtmlxq-y-from-bottom",
    "ecco-differs",
    "encoding-errors",
    "encoding-guess",
    "field-encoding",
    "forbidden-move",
    "forbidden-unclaimed",
    "forfeit-result",
    "iccs-ranks-1-10",
    "illegal-action",
    "illegal-move",
    "illegal-pass",
    "illegal-placement",
    "implausible-date",
    "move-limit",
    "movelist-junk",
    "movelist-trailing-digits",
    "moves-after-end",
    "moves-after-five",
    "moves-after-mate",
    "moves-after-win",
    "no-legal-action",
    "no-moves",
    "non-canonical-opening",
    "nonstandard-notation",
    "not-chouchou",
    "not-renju-board",
    "off-board",
    "opening-rule-violation",
    "other-game",
    "overline-unclaimed",
    "pass-in-opening",
    "perpetual-chase",
    "perpetual-chase-changed",
    "perpetual-check",
    "perpetual-check-changed",
    "records-run-together",
    "renlib-bad-position",
    "repetition-draw",
    "repetition-draw-changed",
    "result-contradicts-board",
    "result-contradicts-repetition-ruling",
    "result-disagrees",
    "result-mismatch",
    "rules-silent",
    "same-player-both-seats",
    "score-mismatch",
    "score-tag-unreadable",
    "trailer-skipped",
    "unclosed-variation",
    "unknown-reference",
    "unknown-result",
    "unreadable-record",
    "unterminated-comment",
    "unterminated-moves",
    "variation-forbidden-move",
    "variations-not-checked",
    "variations-too-deep",
    "wrong-player",
    "xqf-bad-encoding",
    "xqf-bad-string",
    "xqf-damaged",
    "xqf-piece-overlap",
    "xqf-result-4",
    "xqf-root-variation",
    "xqf-side-from-first-move",
    "xqf-trailing-bytes",
    "xqf-unknown-result",
    "xqf-unknown-side",
    "xqf-unknown-type",
    "xqf-unknown-version",
    "xqf-variation-too-deep",
];

/// Whether `code` is one of [`FINDING_CODES`].
pub fn is_finding_code(code: &str) -> bool {
    FINDING_CODES.binary_search(&code).is_ok()
}

/// The codes of findings about the result a game records: a curated correction of the
/// result answers them (it says which result counts).
const RESULT_CODES: &[&str] = &[
    "result-contradicts-board",
    "result-contradicts-repetition-ruling",
    "result-disagrees",
    "result-mismatch",
];

/// Whether a correction of the game's result answers the finding `code` with `message`:
/// the findings on the recorded result, and copies that disagree on the result.
pub fn answered_by_correction(code: &str, message: &str) -> bool {
    match code {
        "copies-disagree" => {
            crate::CopyField::of_message(message) == Some(crate::CopyField::Result)
        }
        code => RESULT_CODES.contains(&code),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_correction_answers_the_result_findings_and_copies_disagreeing_on_the_result() {
        assert!(answered_by_correction(
            "result-contradicts-repetition-ruling",
            ""
        ));
        assert!(answered_by_correction(
            "copies-disagree",
            "copies disagree on the result: red in game 1 (a.pgn:3), black in game 2 (b.pgn:3)"
        ));
        assert!(!answered_by_correction(
            "copies-disagree",
            "copies disagree on the players (seats swapped): A–B in game 1 (a.pgn:3)"
        ));
        assert!(!answered_by_correction("moves-after-mate", ""));
        for code in RESULT_CODES {
            assert!(is_finding_code(code), "{code}");
        }
    }
    use std::collections::BTreeSet;
    use std::path::Path;

    /// Kebab-case names in the emitting crates that are not finding codes: formats,
    /// encodings, terminations, move classes, symmetries, rule names, stored encodings and
    /// Piskvork tags. A new kebab-case literal must be put in one list or the other.
    const OTHER_NAMES: &[&str] = &[
        "all-placed",
        "big-5",
        "anti-diagonal",
        "anti-transpose",
        "board-full",
        "chess-territorial",
        "chouchou-act16",
        "chouchou-ccn",
        "chouchou-sheet",
        "exchange-offer",
        "flip-columns",
        "flip-rows",
        "half-turn",
        // The ingest pipeline's thread names.
        "kifu-dispatch",
        "kifu-index",
        "kifu-writer",
        "main-diagonal",
        "mate-threat",
        "move-two",
        "mutual-chase",
        "mutual-check",
        "no-placement",
        "not-renju",
        "psq-engine-1",
        "psq-engine-2",
        "psq-first-player",
        "psq-levels",
        "psq-result-code",
        "queen-territory",
        "renju-idx8",
        "renju-lines",
        "renju-plain",
        "renjunet-results",
        "results-csv",
        "rif-xml",
        "rotate-180",
        "rotate-270",
        "rotate-90",
        "soosorv-8",
        "swap-2",
        "swap-one",
        "taraguchi-10",
        "territorial-drop16",
        "territorial-pgn",
        "two-passes",
        "utf-16be",
        "utf-16le",
        "utf-8",
        "utf-8-bom",
        // A `--status` value the store reads.
        "with-findings",
        "windows-1252",
        "xiangqi-pgn",
        "xiangqi-sq16",
        "xiangqi-wxf",
    ];

    /// The string literals of Rust source text, comments skipped (a small lexer: enough
    /// for char literals such as `'"'`, escapes, raw strings and lifetimes).
    fn string_literals(text: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        let at = |i: usize| chars.get(i).copied().unwrap_or('\0');
        let mut out = Vec::new();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let after_ident = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
            if c == '/' && at(i + 1) == '/' {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            } else if c == '/' && at(i + 1) == '*' {
                i += 2;
                while i < chars.len() && !(chars[i] == '*' && at(i + 1) == '/') {
                    i += 1;
                }
                i += 2;
            } else if c == '\'' {
                // A char literal ('x', '\n', '"') or a lifetime ('a).
                if at(i + 1) == '\\' {
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                    i += 1;
                } else if at(i + 2) == '\'' {
                    i += 3;
                } else {
                    i += 1;
                }
            } else if c == 'r' && !after_ident && (at(i + 1) == '"' || at(i + 1) == '#') {
                let mut hashes = 0;
                i += 1;
                while at(i) == '#' {
                    hashes += 1;
                    i += 1;
                }
                if at(i) != '"' {
                    continue; // an identifier such as r#type
                }
                i += 1;
                let start = i;
                while i < chars.len()
                    && !(chars[i] == '"' && (1..=hashes).all(|k| at(i + k) == '#'))
                {
                    i += 1;
                }
                out.push(chars[start..i.min(chars.len())].iter().collect());
                i += 1 + hashes;
            } else if c == '"' {
                i += 1;
                let mut literal = String::new();
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    literal.push(at(i));
                    i += 1;
                }
                out.push(literal);
                i += 1;
            } else {
                i += 1;
            }
        }
        out
    }

    /// Every kebab-case string literal (`"a-b…"`) outside the test modules of the `.rs`
    /// files under `dir`.
    fn kebab_literals(dir: &Path, out: &mut BTreeSet<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                kebab_literals(&path, out);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for literal in string_literals(code) {
                let kebab = literal.contains('-')
                    && literal.starts_with(|c: char| c.is_ascii_lowercase())
                    && literal
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                    && !literal.ends_with('-')
                    && !literal.contains("--");
                if kebab {
                    out.insert(literal);
                }
            }
        }
    }

    #[test]
    fn the_list_is_sorted_and_matches_what_the_sources_emit() {
        assert!(
            FINDING_CODES.windows(2).all(|w| w[0] < w[1]),
            "sorted, no repeats"
        );
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut literals = BTreeSet::new();
        for krate in ["parser", "rules", "ingest", "store"] {
            kebab_literals(&root.join(krate).join("src"), &mut literals);
        }
        let unclassified: Vec<&String> = literals
            .iter()
            .filter(|l| !is_finding_code(l) && !OTHER_NAMES.contains(&l.as_str()))
            .collect();
        assert!(
            unclassified.is_empty(),
            "new kebab-case names in parser/rules/ingest/store: add each finding code to \
             FINDING_CODES, any other name to OTHER_NAMES: {unclassified:?}"
        );
        let never_emitted: Vec<&&str> = FINDING_CODES
            .iter()
            .filter(|c| !literals.contains(**c))
            .collect();
        assert!(
            never_emitted.is_empty(),
            "listed, emitted nowhere: {never_emitted:?}"
        );
    }
}
