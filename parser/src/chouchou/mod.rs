//! ChouChou (珠取) records.
//!
//! **`.ccn`** ([`Format::ChouChouCcn`]): a PGN-style container. Tag lines `[Key "Value"]`
//! (several may share a line; a `;` comment may follow): `Game`, `Variant` (`3x3`, `js`,
//! `4x4`), `Players` (2-4), `Teams` (`pairs` for 2 vs 2), `Event`, `Round`, `Date`,
//! `P1`..`P4` (seat order = play order), `Result` (`P1`…, `draw`, `*`), `Termination`;
//! others go to `Header::extra`. Then the actions, ply numbers optional (`1. 2B`, `1.2B`):
//! - place `3B`; move two `3C→1A②`; swap one `2B→3A①`;
//! - arrows `→` (also `⇒`), `->`, `>`, `-`; counts `②`/`①`, `(2)`/`(1)`, a trailing `2`/`1`;
//! - full-width digits, letters and signs (`３Ｃ－＞１Ａ（２）`), lower case (`3c`);
//! - a capture annotation `x4` / `×4`, glued to the action or as the next token;
//! - a result token `*`, `draw`, `P1`…`P4` may end the move text (unless `[Result]` said).
//!
//! `;` starts a comment to the end of the line, `{…}` an inline comment, and a line
//! starting with `#` is a comment line; comments are kept at the ply reached so far. A game
//! ends at a blank line after its actions, or where a tag line follows actions. One bad
//! token makes the whole game a [`RawError`] located at the offending byte; reading goes on
//! with the next game. Cells are digit (column, 1 = left) then letter (row, A = far side);
//! digits 1-9 and letters A-I are read (the engine judges which are on the board).
//!
//! **Spreadsheet export** ([`Format::ChouChouSheet`]): CSV (comma or semicolon) or TSV with
//! a header row; column names are matched case-insensitively (English or Japanese):
//! `move` (required), `round`, `player`, and optionally `event`, `game`/`table`, `ply`,
//! `captured`, `variant`, `players`, `teams`, `date`, `result`/`winner`, `termination`;
//! other columns are ignored. Rows are grouped into games by (event, round, game); seats
//! are the players in order of first appearance. Quoted fields (with `""` escapes and line
//! breaks) are read. Files that are not UTF-8 are read as Shift_JIS; locations stay in the
//! file's bytes.
//!
//! The move text both read is in `actions`; `ccn` reads `.ccn`, `sheet` the spreadsheet
//! exports and `write` writes `.ccn`.
//!
//! [`RawError`]: crate::RawError

use kifu_facts::{ResultName, Severity};

use crate::raw::{CcGame, Format, Header, Location, Note, Outcome, Span};

mod actions;
mod ccn;
mod sheet;
mod write;

pub use actions::parse_action_list;
pub use ccn::{looks_like_ccn, parse_ccn, CcnReader};
pub use sheet::{looks_like_sheet, parse_sheet};
pub use write::action_text;

fn result_code(text: &str) -> Option<Outcome> {
    match text.trim().to_ascii_lowercase().as_str() {
        "draw" => Some(Outcome::Draw),
        "*" | "?" | "unknown" => Some(Outcome::Unknown),
        _ => None,
    }
}

/// The result a ChouChou record states, from its text (tag, sheet column or result token,
/// any case): `P1`…`P4` a seat's win, `draw`, `?` or `unknown` an unknown result; `*`,
/// nothing, or a text that names no result ([`names_a_result`]) state none.
pub fn stated_result(text: &str) -> Option<ResultName> {
    read_result(text).flatten()
}

/// Whether a result text is one [`stated_result`] reads (`*` and nothing included).
pub fn names_a_result(text: &str) -> bool {
    read_result(text).is_some()
}

/// `None`: the text names no result; `Some(None)`: it states none.
fn read_result(text: &str) -> Option<Option<ResultName>> {
    let t = text.trim().to_ascii_lowercase();
    Some(match t.as_str() {
        "" | "*" => None,
        "draw" => Some(ResultName::Draw),
        "?" | "unknown" => Some(ResultName::Unknown),
        _ => match t.strip_prefix('p')?.parse::<u8>().ok()? {
            n @ 1..=4 => Some(ResultName::Seat(n)),
            _ => return None,
        },
    })
}

/// Keeps a stated result's text and what it means; a text that names no result is kept
/// with a warning `unknown-result` and counts as none.
fn set_result(game: &mut CcGame, text: String, at: Location) {
    game.header.result = result_code(&text);
    if !names_a_result(&text) {
        game.notes.push(note(
            "unknown-result",
            Severity::Warning,
            format!(
                "result '{}' is not P1–P4, draw or unknown; no result taken",
                text.trim()
            ),
            at,
        ));
    }
    game.header.result_text = Some(text);
}

/// An empty record.
fn new_game(format: Format, start: Location) -> CcGame {
    CcGame {
        format,
        start,
        span: Span::new(start.offset, start.offset),
        header: Header::default(),
        variant: None,
        player_count: None,
        pairs: false,
        termination: None,
        actions: Vec::new(),
        comments: Vec::new(),
        notes: Vec::new(),
    }
}

/// `[Teams]` values meaning 2 vs 2.
fn is_pairs_value(v: &str) -> Option<bool> {
    let t: String = v
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    match t.as_str() {
        "pairs" | "pair" | "2v2" | "2vs2" | "2-2" | "ペア" | "ペア戦" | "yes" | "true" | "1" => {
            Some(true)
        }
        "" | "individual" | "none" | "no" | "false" | "0" | "個人戦" => Some(false),
        _ => None,
    }
}

fn note(code: &'static str, severity: Severity, message: String, at: Location) -> Note {
    Note {
        code,
        severity,
        message,
        at,
        ply: None,
    }
}
