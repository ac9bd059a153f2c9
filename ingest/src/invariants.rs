//! What every output of [`crate::check_bytes`] must satisfy, whatever the input: the
//! properties the fuzz harnesses (the blind one in `tests/fuzz.rs` and the coverage-guided
//! targets of `kifu-fuzz`) check after each call. One home, so the two check the same.

use std::fmt;

use crate::convert::Verdict;
use kifu_store::{FindingRecord, Record};

/// A broken property: which record (by its place in the output) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub record: usize,
    pub what: Violation,
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Violation {
    /// A quarantined record whose verdict says otherwise.
    QuarantineVerdict(Verdict),
    /// A library text whose verdict says otherwise.
    TextVerdict(Verdict),
    EmptyQuarantineMessage,
    EmptyQuarantineCode,
    /// A game whose verdict is not the one its findings give.
    GameVerdict {
        verdict: Verdict,
        expected: Verdict,
    },
    /// A finding (by code) with an empty code or message.
    EmptyFinding(String),
    /// The stored `extra` as it is.
    ExtraNotAnObject(String),
    /// A line or column not counted from 1 (or both 0 in a binary format).
    Place {
        line: u32,
        column: u32,
    },
    /// A span reaching past the input.
    SpanPastInput {
        offset: u64,
        length: u64,
        bound: u64,
    },
    /// A finding placed past the input.
    FindingPastInput {
        code: String,
        offset: u64,
        bound: u64,
    },
    /// A finding (by code) at a line or column not counted from 1.
    FindingPlace {
        code: String,
        line: u32,
        column: u32,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::QuarantineVerdict(v) => write!(f, "quarantined with verdict {v:?}"),
            Violation::TextVerdict(v) => write!(f, "a library text with verdict {v:?}"),
            Violation::EmptyQuarantineMessage => {
                f.write_str("quarantined with an empty error message")
            }
            Violation::EmptyQuarantineCode => f.write_str("quarantined with an empty error code"),
            Violation::GameVerdict { verdict, expected } => {
                write!(
                    f,
                    "game with verdict {verdict:?}, findings say {expected:?}"
                )
            }
            Violation::EmptyFinding(code) => {
                write!(f, "finding {code:?} with an empty code or message")
            }
            Violation::ExtraNotAnObject(extra) => {
                write!(f, "extra is not a JSON object: {extra:?}")
            }
            Violation::Place { line, column } => {
                write!(f, "placed at line {line}, column {column} (counted from 1)")
            }
            Violation::SpanPastInput {
                offset,
                length,
                bound,
            } => write!(
                f,
                "span {offset}+{length} reaches past the input's {bound} bytes"
            ),
            Violation::FindingPastInput {
                code,
                offset,
                bound,
            } => write!(
                f,
                "finding {code:?} at byte {offset} of an input of {bound} bytes"
            ),
            Violation::FindingPlace { code, line, column } => write!(
                f,
                "finding {code:?} placed at line {line}, column {column} (counted from 1)"
            ),
        }
    }
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "record {}: {}", self.record, self.what)
    }
}

impl std::error::Error for Broken {}

/// Checks the records `check_bytes` made of an input of `input_len` bytes:
/// - a quarantined record has the verdict `Quarantined` and an error with a code and a
///   message; a library text has the verdict `Text`;
/// - a game's verdict agrees with its findings (`WithFindings` exactly when one is a
///   warning or an error), and each finding has a code and a message;
/// - a game's `extra` is a JSON object;
/// - every record, and every finding, is placed inside the input (its byte offset and
///   length), at a line and column counted from 1 (both 0 in a binary format): a record
///   that cannot be found in its file is not accounted for.
pub fn check_records(input_len: u64, out: &[(Record, Verdict)]) -> Result<(), Broken> {
    for (i, (record, verdict)) in out.iter().enumerate() {
        let broken = |what: Violation| Broken { record: i, what };
        match record {
            Record::Quarantined(q) => {
                if *verdict != Verdict::Quarantined {
                    return Err(broken(Violation::QuarantineVerdict(*verdict)));
                }
                if q.error.message.trim().is_empty() {
                    return Err(broken(Violation::EmptyQuarantineMessage));
                }
                if q.error.code.is_empty() {
                    return Err(broken(Violation::EmptyQuarantineCode));
                }
                let frame = frame(input_len, q.format.as_deref().unwrap_or(""));
                frame
                    .record(q.offset, q.length, q.line, q.column)
                    .map_err(broken)?;
                frame.finding(&q.error).map_err(broken)?;
            }
            Record::Game(g) => {
                let serious = g.findings.iter().any(|f| f.severity.is_serious());
                let expected = if serious {
                    Verdict::WithFindings
                } else {
                    Verdict::Valid
                };
                if *verdict != expected {
                    return Err(broken(Violation::GameVerdict {
                        verdict: *verdict,
                        expected,
                    }));
                }
                // Kind and severity are typed: the compiler checks they are known ones.
                let frame = frame(input_len, &g.format);
                for f in &g.findings {
                    if f.code.is_empty() || f.message.trim().is_empty() {
                        return Err(broken(Violation::EmptyFinding(f.code.clone())));
                    }
                    frame.finding(f).map_err(broken)?;
                }
                if let Some(extra) = &g.extra {
                    match serde_json::from_str::<serde_json::Value>(extra) {
                        Ok(v) if v.is_object() => {}
                        _ => return Err(broken(Violation::ExtraNotAnObject(extra.clone()))),
                    }
                }
                frame
                    .record(g.offset, g.length, g.line, g.column)
                    .map_err(broken)?;
            }
            Record::Text(t) => {
                if *verdict != Verdict::Text {
                    return Err(broken(Violation::TextVerdict(*verdict)));
                }
                // Texts come from the binary 象棋桥 readers: places are byte offsets.
                let frame = Frame {
                    binary: true,
                    bound: input_len,
                };
                frame
                    .record(t.offset, t.length, t.line, 0)
                    .map_err(broken)?;
            }
        }
    }
    Ok(())
}

/// Whether `format` (by name) is a binary one, read without lines: its places are byte
/// offsets with line and column 0 ([`kifu_parser::Location`]).
fn is_binary(format: &str) -> bool {
    is_format(format, |f| {
        kifu_parser::member::encoding(f, b"", None) == "binary"
    })
}

/// Whether `format` (by name) passes `test`.
fn is_format(format: &str, test: impl Fn(kifu_parser::Format) -> bool) -> bool {
    kifu_parser::Format::from_name(format).is_some_and(test)
}

/// How a record of `format` (by name) is placed in an input of `input_len` bytes.
fn frame(input_len: u64, format: &str) -> Frame {
    Frame {
        binary: is_binary(format),
        bound: input_len,
    }
}

/// What a place must fit: line and column 0 allowed (binary), the input's length.
#[derive(Clone, Copy)]
struct Frame {
    binary: bool,
    bound: u64,
}

impl Frame {
    /// Line and column counted from 1, or both 0 in a binary format.
    fn line_and_column(self, line: u32, column: u32) -> Result<(), Violation> {
        if (line >= 1 && column >= 1) || (self.binary && line == 0 && column == 0) {
            Ok(())
        } else {
            Err(Violation::Place { line, column })
        }
    }

    /// A record's span `offset..offset + length` inside the input.
    fn record(self, offset: u64, length: u64, line: u32, column: u32) -> Result<(), Violation> {
        let bound = self.bound;
        if offset.checked_add(length).is_none_or(|end| end > bound) {
            return Err(Violation::SpanPastInput {
                offset,
                length,
                bound,
            });
        }
        self.line_and_column(line, column)
    }

    /// A finding's place inside the input.
    fn finding(self, f: &FindingRecord) -> Result<(), Violation> {
        if f.offset > self.bound {
            return Err(Violation::FindingPastInput {
                code: f.code.clone(),
                offset: f.offset,
                bound: self.bound,
            });
        }
        self.line_and_column(f.line, f.column)
            .map_err(|_| Violation::FindingPlace {
                code: f.code.clone(),
                line: f.line,
                column: f.column,
            })
    }
}
