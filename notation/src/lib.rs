//! Records out: one writer per written notation, the inverse of `kifu_parser`'s readers.
//! What a writer writes, the reader of the same name (`kifu ingest --format`, or format
//! detection) reads back to the same moves, players, event and result.
//!
//! - [`renju_text`]: `renju-lines` (result and moves only) and `renju-plain` (PGN-like
//!   tags, numbered moves, `#` comment lines);
//! - [`rif`]: `rif-xml` (a RenjuNet database: tables of players, tournaments, rules and
//!   openings, then the games; no comments);
//! - [`xiangqi_pgn`]: `xiangqi-pgn` in Chinese (Simplified, the default), WXF or ICCS move
//!   text, xqbase tags;
//! - [`dhtmlxq`]: `dhtmlxq` blocks (`[DhtmlXQ]…[/DhtmlXQ]`);
//! - [`territorial_pgn`] writes `territorial-pgn`;
//! - [`chouchou`] writes `chouchou-ccn`.
//!
//! The input is a [`RecordOut`]: one game with its header facts and its moves as the rules
//! engines' typed moves. A [`Writer`] appends each game's text to a `String` (RIF XML, whose
//! tables come before the games, keeps the games until [`Writer::finish`]). A game a
//! notation cannot hold is a [`WriteError`], and nothing is written for it.

use std::borrow::Cow;
use std::fmt;

use kifu_facts::{
    ChouChouAnnotations, ChouChouEntry, ChouChouStatedCount, GameKind, RenjuAnnotations,
    ResultName, VariationMove,
};
use kifu_parser::raw::Format;
use kifu_parser::CcActionText;
use kifu_rules::chouchou::Variant;
use kifu_rules::{renju, territorial, xiangqi};

pub mod chouchou;
pub mod dhtmlxq;
mod renju_comment;
pub mod renju_text;
mod renju_variations;
pub mod rif;
pub mod territorial_pgn;
mod variation_tree;
mod xiangqi_move;
pub mod xiangqi_pgn;
mod xiangqi_variations;

pub use xiangqi_pgn::XqNotation;

/// The notations kifu writes, by the name `kifu ingest --format` takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    RenjuLines,
    RenjuPlain,
    RifXml,
    XiangqiPgn(XqNotation),
    DhtmlXq,
    TerritorialPgn,
    ChouChouCcn,
}

impl Notation {
    /// The formats with a writer.
    pub const FORMATS: [Format; 7] = [
        Format::RenjuLines,
        Format::RenjuPlain,
        Format::RifXml,
        Format::XiangqiPgn,
        Format::DhtmlXq,
        Format::TerritorialPgn,
        Format::ChouChouCcn,
    ];

    /// The writer of `format` (`xq` is the move notation of Xiangqi PGN); `None` for a
    /// format kifu only reads.
    pub fn of_format(format: Format, xq: XqNotation) -> Option<Notation> {
        Some(match format {
            Format::RenjuLines => Notation::RenjuLines,
            Format::RenjuPlain => Notation::RenjuPlain,
            Format::RifXml => Notation::RifXml,
            Format::XiangqiPgn => Notation::XiangqiPgn(xq),
            Format::DhtmlXq => Notation::DhtmlXq,
            Format::TerritorialPgn => Notation::TerritorialPgn,
            Format::ChouChouCcn => Notation::ChouChouCcn,
            _ => return None,
        })
    }

    /// The reader's format.
    pub fn format(self) -> Format {
        match self {
            Notation::RenjuLines => Format::RenjuLines,
            Notation::RenjuPlain => Format::RenjuPlain,
            Notation::RifXml => Format::RifXml,
            Notation::XiangqiPgn(_) => Format::XiangqiPgn,
            Notation::DhtmlXq => Format::DhtmlXq,
            Notation::TerritorialPgn => Format::TerritorialPgn,
            Notation::ChouChouCcn => Format::ChouChouCcn,
        }
    }

    /// The game the notation records.
    pub fn kind(self) -> GameKind {
        match self {
            Notation::RenjuLines | Notation::RenjuPlain | Notation::RifXml => GameKind::Renju,
            Notation::XiangqiPgn(_) | Notation::DhtmlXq => GameKind::Xiangqi,
            Notation::TerritorialPgn => GameKind::Territorial,
            Notation::ChouChouCcn => GameKind::ChouChou,
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notation::XiangqiPgn(n) => write!(f, "xiangqi-pgn ({})", n.name()),
            other => f.write_str(other.format().name()),
        }
    }
}

/// A game's moves as the rules engines type them, with what each game needs to replay them.
#[derive(Clone, Copy, Debug)]
pub enum GameMoves<'a> {
    /// Points or passes (`None`), Black first.
    Renju(&'a [renju::Move]),
    Xiangqi {
        /// The start position when it is not the standard one (FEN).
        start_fen: Option<&'a str>,
        moves: &'a [xiangqi::Move],
    },
    Territorial(&'a [territorial::Move]),
    ChouChou {
        variant: Variant,
        /// 2, 3 or 4.
        players: u8,
        pairs: bool,
        /// The actions the replay applied (the stored moves).
        actions: &'a [CcActionText],
        /// The record's other entries (void moves, entries after the end), by ply.
        not_applied: &'a [ChouChouEntry],
        /// Capture counts the record states that the board does not imply, by ply.
        stated_counts: &'a [ChouChouStatedCount],
        /// The record's own `[Termination]` text.
        termination: Option<&'a str>,
    },
}

impl<'a> GameMoves<'a> {
    /// A ChouChou game's actions with the board, seating and termination its annotations
    /// record (a 3×3 board and two players where they record none).
    pub fn chouchou(
        annotations: Option<&'a ChouChouAnnotations>,
        actions: &'a [CcActionText],
    ) -> GameMoves<'a> {
        let c = annotations;
        GameMoves::ChouChou {
            variant: c
                .and_then(|c| Variant::from_id(&c.variant))
                .unwrap_or(Variant::Standard),
            players: c.map_or(2, |c| if c.players == 0 { 2 } else { c.players as u8 }),
            pairs: c.is_some_and(|c| c.pairs),
            actions,
            not_applied: c.map_or(&[], |c| &c.not_applied[..]),
            stated_counts: c.map_or(&[], |c| &c.stated_counts[..]),
            termination: c.and_then(|c| c.termination_tag.as_deref()),
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            GameMoves::Renju(_) => GameKind::Renju,
            GameMoves::Xiangqi { .. } => GameKind::Xiangqi,
            GameMoves::Territorial(_) => GameKind::Territorial,
            GameMoves::ChouChou { .. } => GameKind::ChouChou,
        }
    }
}

/// An opening a header names: a code (Renju `D11`, Xiangqi ECCO `A13`) and/or a name.
///
/// Xiangqi: `code` and `name` are kifu's ECCO code and that code's name, one pair, and
/// `record_code`/`record_name` the record's own `ECCO` tag and opening text, which may
/// name another code (`ecco-differs`); the writers keep the two apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpeningOut<'a> {
    pub code: Option<&'a str>,
    pub name: Option<&'a str>,
    pub record_code: Option<&'a str>,
    pub record_name: Option<&'a str>,
}

/// One game to write.
#[derive(Clone, Debug)]
pub struct RecordOut<'a> {
    /// `(side, name)` in seat order, sides as the store names them: `black`/`white`
    /// (Renju, Territorial), `red`/`black` (Xiangqi), `P1`…`P4` (ChouChou). A seat without
    /// a name is left out.
    pub players: Vec<(&'a str, &'a str)>,
    pub event: Option<&'a str>,
    pub round: Option<&'a str>,
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    pub date: Option<&'a str>,
    /// The opening rule (Renju: `rif`, `yamaguchi`, …).
    pub rule: Option<&'a str>,
    /// The result the record states (`None`: it states none).
    pub result: Option<ResultName>,
    pub opening: OpeningOut<'a>,
    pub moves: GameMoves<'a>,
    /// Comments at plies (0 = before the first move), in order.
    pub comments: &'a [(u32, String)],
    /// The main line's move marks (`!?`, `$14`) at their plies, in order (writers that
    /// cannot hold them leave them out).
    pub marks: &'a [(u32, String)],
    /// The record's variations, in node order (writers that cannot hold them leave them
    /// out).
    pub variations: &'a [VariationMove],
    /// kifu's findings as comment text at plies, written after the comments of the same ply.
    pub annotations: &'a [(u32, String)],
    /// Other header tags, as written; a writer keeps those it can write as tags and that do
    /// not clash with the ones it writes itself.
    pub tags: &'a [(String, String)],
    /// Renju: the times used and the opening procedure's data (swap, 5th-move proposals).
    pub renju: Option<&'a RenjuAnnotations>,
    /// The moves the record wrote after those the replay applied (after the game's end, an
    /// illegal move, or a start it could not set up), as the record wrote them: the second
    /// part of its canonical key ([`kifu_facts::CanonicalKey::parts`]). Xiangqi PGN writes
    /// them; the other writers leave them out.
    pub after_end: Vec<&'a str>,
}

impl<'a> RecordOut<'a> {
    /// A record with moves only.
    pub fn new(moves: GameMoves<'a>) -> RecordOut<'a> {
        RecordOut {
            players: Vec::new(),
            event: None,
            round: None,
            date: None,
            rule: None,
            result: None,
            opening: OpeningOut::default(),
            moves,
            comments: &[],
            marks: &[],
            variations: &[],
            annotations: &[],
            tags: &[],
            renju: None,
            after_end: Vec::new(),
        }
    }

    pub fn kind(&self) -> GameKind {
        self.moves.kind()
    }

    /// Names the players seat by seat, seat 1 first, under the sides' names of the record's
    /// kind: `None` leaves a seat unnamed, and names past the kind's seats are left out.
    pub fn seat_players(&mut self, names: impl IntoIterator<Item = Option<&'a str>>) {
        let kind = self.kind();
        self.players = kind
            .seats()
            .iter()
            .zip(names)
            .filter_map(|(&seat, name)| Some((kind.side_name(seat)?, name?)))
            .collect();
    }

    /// The name of the player on `side`.
    pub fn player(&self, side: &str) -> Option<&'a str> {
        self.players
            .iter()
            .find(|(s, _)| *s == side)
            .map(|(_, n)| *n)
    }

    /// Comment texts at `ply`: the record's, then kifu's annotations; those at plies past
    /// the last move are at the last move (a note after the game's end stays at its end).
    pub fn notes_at(&self, ply: u32) -> impl Iterator<Item = &'a str> + '_ {
        self.notes_up_to(ply, self.last_ply())
    }

    /// Comment texts at `ply` when the record's text ends at ply `last` (a writer that
    /// writes more than the applied moves: those at plies past `last` are at `last`).
    pub fn notes_up_to(&self, ply: u32, last: u32) -> impl Iterator<Item = &'a str> + '_ {
        let (comments, annotations) = (self.comments, self.annotations);
        comments
            .iter()
            .chain(annotations.iter())
            .filter(move |(p, _)| (*p).min(last) == ply)
            .map(|(_, t)| t.as_str())
    }

    /// The marks of the move at `ply`.
    pub fn marks_at(&self, ply: u32) -> impl Iterator<Item = &'a str> + '_ {
        self.marks
            .iter()
            .filter(move |(p, _)| *p == ply)
            .map(|(_, m)| m.as_str())
    }

    /// The number of moves.
    fn last_ply(&self) -> u32 {
        match self.moves {
            GameMoves::Renju(m) => m.len() as u32,
            GameMoves::Xiangqi { moves, .. } => moves.len() as u32,
            GameMoves::Territorial(m) => m.len() as u32,
            GameMoves::ChouChou {
                actions,
                not_applied,
                ..
            } => (actions.len() + not_applied.len()) as u32,
        }
    }

    /// A header tag to keep: writable as a tag, and none of `own` (ignoring ASCII case);
    /// line breaks in its value become spaces (a tag is one line).
    pub fn extra_tags<'s>(
        &'s self,
        own: &'s [&'s str],
    ) -> impl Iterator<Item = (&'a str, Cow<'a, str>)> + 's {
        self.tags
            .iter()
            .filter(move |(k, _)| {
                kifu_parser::tag::is_tag_name(k) && !own.iter().any(|o| o.eq_ignore_ascii_case(k))
            })
            .map(|(k, v)| {
                let v = if v.contains(['\n', '\r']) {
                    Cow::Owned(v.replace("\r\n", " ").replace(['\n', '\r'], " "))
                } else {
                    Cow::Borrowed(v.as_str())
                };
                (k.as_str(), v)
            })
    }
}

/// A comment as a PGN-style `{…}` token: braces inside dropped (they would end it), line
/// breaks kept, each one `\n` (CRLF and a lone CR too): the Xiangqi PGN reader reads a
/// comment over several lines.
pub fn brace(text: &str) -> String {
    format!(
        "{{{}}}",
        text.replace(['{', '}'], "")
            .replace("\r\n", "\n")
            .replace('\r', "\n")
    )
}

/// A comment as a `{…}` token on one line, line breaks made spaces: for readers that take
/// a comment on one line only (ChouChou CCN, Territorial PGN).
pub fn brace_on_one_line(text: &str) -> String {
    format!(
        "{{{}}}",
        text.replace(['{', '}'], "").replace(['\n', '\r'], " ")
    )
}

/// Appends move marks after a move's text, as the PGN-like readers read them back: an
/// annotation glyph (`!?`) right after the move, a numeric one (`$14`) as a word of its own.
pub(crate) fn push_marks<'m>(out: &mut String, marks: impl Iterator<Item = &'m str>) {
    for mark in marks.flat_map(str::split_whitespace) {
        if mark.starts_with('$') {
            out.push(' ');
        }
        out.push_str(mark);
    }
}

/// Why a game was not written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteError {
    /// The notation records another game.
    WrongGame { notation: Notation, kind: GameKind },
    /// The notation cannot state the game's start position.
    StartPosition {
        notation: Notation,
        fen: String,
        /// The FEN's own error; `None`: there is no position to name the moves from.
        reason: Option<kifu_rules::xiangqi::FenError>,
    },
    /// A stored move that is no legal move of its position (the notation needs the
    /// position to write it).
    IllegalMove {
        notation: Notation,
        ply: u32,
        text: String,
    },
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::WrongGame { notation, kind } => write!(
                f,
                "{notation} records {} games, not a {kind} game",
                notation.kind()
            ),
            WriteError::StartPosition {
                notation,
                fen,
                reason,
            } => match reason {
                Some(reason) => write!(
                    f,
                    "{notation} cannot state the start position {fen}: {reason}"
                ),
                None => write!(
                    f,
                    "{notation} cannot state the start position {fen}: no position to name \
                     the moves from"
                ),
            },
            WriteError::IllegalMove {
                notation,
                ply,
                text,
            } => write!(
                f,
                "{notation}: move {ply} ({text}) is not legal in its position"
            ),
        }
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WriteError::StartPosition {
                reason: Some(e), ..
            } => Some(e),
            _ => None,
        }
    }
}

/// Writes games in one notation, one after another.
pub struct Writer {
    notation: Notation,
    rif: rif::RifDatabase,
}

impl Writer {
    pub fn new(notation: Notation) -> Writer {
        Writer {
            notation,
            rif: rif::RifDatabase::default(),
        }
    }

    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// Appends `record` to `out` (RIF XML: keeps it for [`Writer::finish`]). On an error
    /// nothing is appended.
    pub fn write(&mut self, record: &RecordOut<'_>, out: &mut String) -> Result<(), WriteError> {
        let kind = record.kind();
        if kind != self.notation.kind() {
            return Err(WriteError::WrongGame {
                notation: self.notation,
                kind,
            });
        }
        let start = out.len();
        let written = match self.notation {
            Notation::RenjuLines => {
                renju_text::write_lines_record(record, out);
                Ok(())
            }
            Notation::RenjuPlain => {
                renju_text::write_plain_record(record, out);
                Ok(())
            }
            Notation::RifXml => {
                self.rif.add(record);
                Ok(())
            }
            Notation::XiangqiPgn(n) => xiangqi_pgn::write_record(record, n, out),
            Notation::DhtmlXq => dhtmlxq::write_record(record, out),
            Notation::TerritorialPgn => {
                territorial_pgn::write_record(record, out);
                Ok(())
            }
            Notation::ChouChouCcn => {
                chouchou::write_record(record, out);
                Ok(())
            }
        };
        if written.is_err() {
            out.truncate(start);
        }
        written
    }

    /// Appends what is still to write: the whole RIF XML database; nothing otherwise.
    pub fn finish(self, out: &mut String) {
        if self.notation == Notation::RifXml {
            self.rif.write(out);
        }
    }
}

/// Writes `records` in `notation` into one text; the errors of the games left out, with
/// their index.
pub fn write_all<'a>(
    notation: Notation,
    records: impl IntoIterator<Item = RecordOut<'a>>,
) -> (String, Vec<(usize, WriteError)>) {
    let mut writer = Writer::new(notation);
    let mut out = String::new();
    let mut errors = Vec::new();
    for (i, r) in records.into_iter().enumerate() {
        if let Err(e) = writer.write(&r, &mut out) {
            errors.push((i, e));
        }
    }
    writer.finish(&mut out);
    (out, errors)
}
