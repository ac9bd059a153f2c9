//! Raw records: what a parser read, before any rules engine looked at it.
//!
//! Every parser maps its file's coordinate convention to one internal one: a point is
//! `(column, row)`, both 0-based, column 0 = the left edge (`a`), row 0 = the bottom edge
//! (`1`). So `h8` is `(7, 7)`. Parsers do not judge whether a point is on a 15×15 board:
//! that is the rules engine's job, so `p16` parses to `(15, 15)` and is reported there.

use std::fmt;

/// A byte range in the source, absolute from the start of the (decompressed) input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: u64,
    pub end: u64,
}

impl Span {
    pub fn new(start: u64, end: u64) -> Span {
        Span { start, end }
    }
    pub fn len(&self) -> u64 {
        self.end - self.start
    }
    pub fn is_empty(&self) -> bool {
        self.end == self.start
    }
}

/// A position in a source: byte offset (0-based) and, for text formats, line and column
/// (both 1-based, column counted in bytes). Binary formats set line and column to 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Location {
    pub offset: u64,
    pub line: u32,
    pub column: u32,
}

impl Location {
    pub fn new(offset: u64, line: u32, column: u32) -> Location {
        Location {
            offset,
            line,
            column,
        }
    }

    /// The location `n` bytes further on the same line.
    pub fn advance(self, n: usize) -> Location {
        Location {
            offset: self.offset + n as u64,
            line: self.line,
            column: if self.line == 0 {
                0
            } else {
                self.column + n as u32
            },
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "byte {}", self.offset)
        } else {
            write!(f, "{}:{} (byte {})", self.line, self.column, self.offset)
        }
    }
}

/// The record notations kifu reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Renju move list(s) `h8 h9 i9 …` or `1. h8 2. h9 …`; games separated by blank lines.
    RenjuPlain,
    /// One Renju game per line: `RESULT mv mv …` (`black|white|draw|unknown`).
    RenjuLines,
    /// ShowRenju BDT: `YEAR,ID=[BLACK,WHITE,RESULT,HEXMOVES,F5,F6]`.
    Bdt,
    /// RenLib binary library (`.lib`): each root-to-leaf line is a record.
    RenLib,
    /// Piskvork `.psq`.
    Psq,
    /// RenjuNet / RIF XML database export.
    RifXml,
}

impl Format {
    pub const ALL: [Format; 6] = [
        Format::RenjuPlain,
        Format::RenjuLines,
        Format::Bdt,
        Format::RenLib,
        Format::Psq,
        Format::RifXml,
    ];

    /// The stable name used on the command line (`--format`) and in the database.
    pub fn name(self) -> &'static str {
        match self {
            Format::RenjuPlain => "renju-plain",
            Format::RenjuLines => "renju-lines",
            Format::Bdt => "bdt",
            Format::RenLib => "renlib",
            Format::Psq => "psq",
            Format::RifXml => "rif-xml",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The game these records belong to.
    pub fn game_kind(self) -> GameKind {
        GameKind::Renju
    }

    /// The coordinate convention of the file, said in findings and `kifu show`.
    pub fn coordinates(self) -> &'static str {
        match self {
            Format::RenjuPlain | Format::RenjuLines | Format::RifXml => {
                "letter a-o from the left, number 1-15 from the bottom"
            }
            Format::Bdt => "hex pair: column 1-F from the left, row 1-F from the bottom",
            Format::RenLib => "byte: low nibble column 1-15, high nibble row from the top",
            Format::Psq => "x,y 1-based, y from the top",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Renju,
}

impl GameKind {
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Renju => "renju",
        }
    }
}

/// A result as the record states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RawResult {
    BlackWin,
    WhiteWin,
    Draw,
    /// The record says explicitly that the result is unknown.
    Unknown,
}

impl RawResult {
    pub fn name(self) -> &'static str {
        match self {
            RawResult::BlackWin => "black",
            RawResult::WhiteWin => "white",
            RawResult::Draw => "draw",
            RawResult::Unknown => "unknown",
        }
    }
}

/// One move as written: a point or a pass, and where its text is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawMove {
    /// `(column, row)`, 0-based from the bottom-left; `None` is a pass.
    pub point: Option<(u8, u8)>,
    /// Where the move's text starts.
    pub at: Location,
    /// Length of the move's text in bytes (2 for a RenLib record).
    pub len: u16,
}

/// A comment attached to a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// Number of moves played before the comment (0 = on the start position).
    pub ply: u32,
    pub text: String,
}

/// A remark a parser makes about a record it could still read (an unusual result code,
/// a skipped token, an encoding guess). The engine's findings come on top of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Kebab-case finding code, e.g. `forfeit-result`.
    pub code: &'static str,
    /// `info`, `warning` or `error`.
    pub severity: &'static str,
    pub message: String,
    pub at: Location,
    /// The ply the remark is about, if any (1-based).
    pub ply: Option<u32>,
}

/// Header facts a record may carry. Every field is as written, trimmed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    /// The record's own identifier (RIF game id, BDT id).
    pub id: Option<String>,
    pub event: Option<String>,
    pub round: Option<String>,
    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` when known.
    pub date: Option<String>,
    pub black: Option<String>,
    pub white: Option<String>,
    /// Opening rule as written (RIF rule name, `rif`, `yamaguchi`, …).
    pub rule: Option<String>,
    pub result: Option<RawResult>,
    /// The result text exactly as written (`+`, `F`, `0.5`, `black`).
    pub result_text: Option<String>,
    /// An opening the record names (RIF opening name or code).
    pub opening: Option<String>,
    pub black_time: Option<String>,
    pub white_time: Option<String>,
    /// Anything else worth keeping, in file order.
    pub extra: Vec<(String, String)>,
}

/// Opening-procedure data a record may carry (RIF `alt` and `swap`, Yamaguchi counts).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OpeningData {
    /// The 5th-move proposals offered (the one kept is the 5th move of the game).
    pub proposals: Vec<RawMove>,
    /// Number of 5th-move proposals declared (Yamaguchi, Soosõrv, Taraguchi).
    pub declared_proposals: Option<u8>,
    /// Swap decisions as written (RIF `swap` attribute).
    pub swap: Option<String>,
}

/// A record that parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawGame {
    pub format: Format,
    /// Where the record starts.
    pub start: Location,
    /// The whole record's bytes.
    pub span: Span,
    /// Board size the record declares (15×15 unless it says otherwise).
    pub board_width: u8,
    pub board_height: u8,
    pub header: Header,
    pub moves: Vec<RawMove>,
    pub opening: OpeningData,
    pub comments: Vec<Comment>,
    pub notes: Vec<Note>,
}

impl RawGame {
    pub fn new(format: Format, start: Location) -> RawGame {
        RawGame {
            format,
            start,
            span: Span::new(start.offset, start.offset),
            board_width: 15,
            board_height: 15,
            header: Header::default(),
            moves: Vec::new(),
            opening: OpeningData::default(),
            comments: Vec::new(),
            notes: Vec::new(),
        }
    }
}

/// A record that could not be read: kept whole, with the error and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawError {
    pub format: Option<Format>,
    /// Where the error is (not where the record starts).
    pub at: Location,
    /// Where the record starts and the bytes it covers.
    pub start: Location,
    pub span: Span,
    pub message: String,
    /// The record's raw text (lossy UTF-8 for text formats, hex for binary), capped in length.
    pub raw: String,
}

impl fmt::Display for RawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

impl std::error::Error for RawError {}

/// What a parser yields for each record.
pub type RawItem = Result<RawGame, RawError>;

/// Longest raw text kept for a quarantined record.
pub const MAX_RAW_KEPT: usize = 64 * 1024;

/// Raw text of a record for quarantine: lossy UTF-8, capped at [`MAX_RAW_KEPT`] bytes.
pub fn raw_text(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(MAX_RAW_KEPT)];
    String::from_utf8_lossy(cut).into_owned()
}
