//! The ECCO 2004 definitions, written out by hand in kifu's pattern language
//! ([`super::pattern`]) from the published definitions (xqbase.com, December 2004), and
//! read once, at first use.
//!
//! The table's layout, one block per assigned code:
//!
//! ```text
//! $NAME = pattern              a fragment, used as $NAME further down the same table
//! A14 | 飞相(其他)对进右马 | A15~A16
//!     相三进五 ; 马２进３        one line per alternative: Red's pattern ; Black's pattern
//! ```
//!
//! The third field lists the codes the definition's `不包括…` leaves out, as written (they
//! win over this code wherever both match). `#` starts a comment line.
//!
//! Readings of the text, beyond transcribing it:
//! - a trailing `……` (any further move) is not written: a definition asks for the moves it
//!   names, and the codes its `不包括` lists win over it wherever they match; a `……` with a
//!   named move after it on the same side is written `*`;
//! - `(不分先后)` after a written-out line lets the moves before it come in any order, as a
//!   `X局面` does (B54–B56, C52–C53, C55–C56, C85–C86);
//! - D34's `4. 马八进九` is read as the fifth move: D31–D36 are the continuations of
//!   `4. 兵三进一，炮２平５`, all fifth moves;
//! - C76's `从C73局面开始` is read as `从C72局面开始` (there is no C73 position);
//! - B21's `象七进九` is Red's elephant (相七进九), the piece on Red's file 7;
//! - B32's `1. 炮二平五，马８进７` is read `马２进３`: the code is a 反宫马 (its name), and
//!   `马８进７` with `炮８平６` is none;
//! - C10, the catch-all of C11–C14, allows before `车一进一` what they allow: `马八进七` too
//!   (C01 leaves C10–C19 out, so a 七路马 with a right 横车 belongs here);
//! - B45 allows `兵三进一` and `兵七进一` before its last move, as B41–B44 of its group do;
//! - D43 allows `马二进三` before, as B25 (which leaves D43 out) and D42 do: without it no
//!   game of B25's could ever be D43;
//! - A28's pawns (`此前可以走…兵三进一和兵七进一`) may come before its second move too: the
//!   code is the position 飞相转屏风马, whichever move the pawn came at;
//! - B21 leaves D40–D43 out: its group is `中炮对左三步虎(不包括转列炮)`, and B22–B25
//!   each name the D4 codes they leave out, B21 none.

mod a;
mod b;
mod c;
mod d;
mod e;

use std::fmt;

use super::code::Code;
use super::pattern::{Pattern, PatternError};

/// The tables, one per family.
const TABLES: [&str; 5] = [a::TABLE, b::TABLE, c::TABLE, d::TABLE, e::TABLE];

/// One way to reach a code: Red's moves and Black's moves.
#[derive(Debug)]
pub struct Line {
    pub red: Pattern,
    pub black: Pattern,
    /// The patterns as written in the table, fragments expanded.
    pub red_text: String,
    pub black_text: String,
}

/// One assigned code's definition.
#[derive(Debug)]
pub struct Def {
    pub code: Code,
    pub name: &'static str,
    pub lines: Vec<Line>,
    /// The codes the definition leaves out (`不包括…`), assigned codes only.
    pub excludes: Vec<Code>,
    /// The `不包括` list as written in the table (`A11~A39`, `C02~C04，C10~C19`).
    pub excludes_text: &'static str,
}

/// A table that is not in the layout above.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// A line of a table: which table (`A`…`E`), its line number, what is wrong.
    Line {
        table: char,
        line: usize,
        reason: String,
    },
    /// A code's pattern.
    Pattern { code: Code, error: PatternError },
    /// A `$NAME` used before it is defined.
    UnknownFragment { table: char, name: String },
    /// A code defined twice, or out of order.
    Order { code: Code },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Line {
                table,
                line,
                reason,
            } => write!(f, "ECCO table {table}, line {line}: {reason}"),
            TableError::Pattern { code, error } => write!(f, "ECCO {code}: {error}"),
            TableError::UnknownFragment { table, name } => {
                write!(
                    f,
                    "ECCO table {table}: fragment ${name} is not defined above"
                )
            }
            TableError::Order { code } => {
                write!(f, "ECCO {code}: defined twice or out of code order")
            }
        }
    }
}

impl std::error::Error for TableError {}

/// Replaces each `$NAME` by its fragment.
fn expand(text: &str, fragments: &[(String, String)], table: char) -> Result<String, TableError> {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let end = after
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(after.len());
        let name = &after[..end];
        let (_, body) = fragments.iter().find(|(n, _)| n == name).ok_or_else(|| {
            TableError::UnknownFragment {
                table,
                name: name.to_owned(),
            }
        })?;
        out.push_str(body);
        rest = &after[end..];
    }
    out.push_str(rest);
    Ok(out)
}

/// A `不包括` list's codes: single codes and `X~Y` ranges, separated by `，`, `,` or `和`.
fn excluded(text: &str, assigned: &[Code]) -> Result<Vec<Code>, super::code::BadCode> {
    let mut out = Vec::new();
    for part in text.split(['，', ',', '和']).map(str::trim) {
        if part.is_empty() {
            continue;
        }
        let (lo, hi) = part.split_once('~').unwrap_or((part, part));
        let lo: Code = lo.trim().parse()?;
        let hi: Code = hi.trim().parse()?;
        out.extend(assigned.iter().filter(|c| (lo..=hi).contains(c)));
    }
    Ok(out)
}

/// Reads every table.
pub fn read() -> Result<Vec<Def>, TableError> {
    struct Raw {
        code: Code,
        name: &'static str,
        excludes: &'static str,
        lines: Vec<(String, String)>,
    }
    let mut raws: Vec<Raw> = Vec::new();
    for (table, text) in "ABCDE".chars().zip(TABLES) {
        let mut fragments: Vec<(String, String)> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let bad = |reason: &str| TableError::Line {
                table,
                line: n + 1,
                reason: reason.to_owned(),
            };
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            if line.starts_with(char::is_whitespace) {
                let raw = raws
                    .last_mut()
                    .ok_or_else(|| bad("a line of moves before any code"))?;
                let (red, black) = t
                    .split_once(';')
                    .ok_or_else(|| bad("moves need `red ; black`"))?;
                raw.lines.push((
                    expand(red.trim(), &fragments, table)?,
                    expand(black.trim(), &fragments, table)?,
                ));
            } else if let Some(def) = t.strip_prefix('$') {
                let (name, body) = def
                    .split_once('=')
                    .ok_or_else(|| bad("a fragment needs `= pattern`"))?;
                let body = expand(body.trim(), &fragments, table)?;
                fragments.push((name.trim().to_owned(), body));
            } else {
                let mut fields = t.split('|').map(str::trim);
                let (Some(code), Some(name), Some(excludes), None) =
                    (fields.next(), fields.next(), fields.next(), fields.next())
                else {
                    return Err(bad("a code needs `CODE | name | excludes`"));
                };
                let code: Code = code
                    .parse()
                    .map_err(|e: super::code::BadCode| bad(&e.to_string()))?;
                if code.family.letter() != table || raws.last().is_some_and(|r| r.code >= code) {
                    return Err(TableError::Order { code });
                }
                raws.push(Raw {
                    code,
                    name,
                    excludes,
                    lines: Vec::new(),
                });
            }
        }
    }
    let assigned: Vec<Code> = raws.iter().map(|r| r.code).collect();
    raws.into_iter()
        .map(|raw| {
            let pattern = |text: &str| {
                Pattern::parse(text).map_err(|error| TableError::Pattern {
                    code: raw.code,
                    error,
                })
            };
            if raw.lines.is_empty() {
                return Err(TableError::Line {
                    table: raw.code.family.letter(),
                    line: 0,
                    reason: format!("{} has no line of moves", raw.code),
                });
            }
            let lines = raw
                .lines
                .iter()
                .map(|(red, black)| {
                    Ok(Line {
                        red: pattern(red)?,
                        black: pattern(black)?,
                        red_text: red.clone(),
                        black_text: black.clone(),
                    })
                })
                .collect::<Result<_, TableError>>()?;
            let excludes =
                excluded(raw.excludes, &assigned).map_err(|reason| TableError::Line {
                    table: raw.code.family.letter(),
                    line: 0,
                    reason: format!("{}: {reason}", raw.code),
                })?;
            Ok(Def {
                code: raw.code,
                name: raw.name,
                lines,
                excludes,
                excludes_text: raw.excludes,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_read_and_hold_the_260_assigned_codes() {
        let defs = read().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(defs.len(), 260);
        let per_family: Vec<usize> = "ABCDE"
            .chars()
            .map(|f| defs.iter().filter(|d| d.code.family.letter() == f).count())
            .collect();
        assert_eq!(per_family, [53, 39, 85, 39, 44]);
    }

    #[test]
    fn ranges_expand_over_assigned_codes_only() {
        let defs = read().unwrap();
        let a10 = defs.iter().find(|d| d.code.to_string() == "A10").unwrap();
        let names: Vec<String> = a10.excludes.iter().map(|c| c.to_string()).collect();
        assert_eq!(names.first().map(String::as_str), Some("A11"));
        assert_eq!(names.last().map(String::as_str), Some("A39"));
        assert!(!names.contains(&"A17".to_owned()));
        let c01 = defs.iter().find(|d| d.code.to_string() == "C01").unwrap();
        assert_eq!(c01.excludes.len(), 3 + 10 + 1);
    }

    #[test]
    fn fragments_must_be_defined_first() {
        assert_eq!(
            expand("炮二平五 $X", &[], 'C'),
            Err(TableError::UnknownFragment {
                table: 'C',
                name: "X".into()
            })
        );
        let f = [("R".to_owned(), "炮二平五".to_owned())];
        assert_eq!(expand("$R 马二进三", &f, 'C').unwrap(), "炮二平五 马二进三");
    }
}
