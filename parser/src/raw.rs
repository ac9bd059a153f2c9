//! Raw records: what a parser read, before any rules engine looked at it.
//!
//! Every parser maps its file's coordinate convention to one internal one: a point is
//! `(column, row)`, both 0-based, column 0 = the left edge (`a`), row 0 = the bottom edge
//! (`1`). So `h8` is `(7, 7)`. Parsers do not judge whether a point is on a 15×15 board:
//! that is the rules engine's job, so `p16` parses to `(15, 15)` and is reported there.

use kifu_facts::Severity;
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
    /// RenLib binary library (`.lib`): one tree, one record (its other lines are variations).
    RenLib,
    /// Piskvork `.psq`.
    Psq,
    /// RenjuNet / RIF XML database export.
    RifXml,
    /// Xiangqi PGN (xqbase convention): Chinese, WXF or ICCS move text.
    XiangqiPgn,
    /// XieXie-style `.wxf` files and bare WXF move lists.
    XiangqiWxf,
    /// XQ Wizard `.xqf` binary (versions 0x0A-0x12, encrypted ones included).
    Xqf,
    /// DhtmlXQ: `[DhtmlXQ]` blocks (HTML pages, UBB), dpxq dict-literal files, bare 4-digit strings.
    DhtmlXq,
    /// Chess Territorial PGN with drops (`1. K@e1 K@d8 …`), or one game per line.
    TerritorialPgn,
    /// ChouChou `.ccn` (PGN-style container: `[Variant "3x3"]`, `1. 2B 2. 3C→1A② x3 …`).
    ChouChouCcn,
    /// ChouChou spreadsheet export: CSV or TSV with round, player and move columns.
    ChouChouSheet,
    /// 象棋桥 (CCBridge) library `.cbl`: many binary records.
    Cbl,
    /// 象棋桥 (CCBridge) binary record `.cbr`.
    Cbr,
    /// 象棋桥 (CCBridge) XML record `.cbf`.
    Cbf,
    /// RenjuNet results: tab-separated `game`, `player`, `tournament`, … rows (wind23's
    /// supplement to the RenjuNet database): games without moves.
    RenjuNetResults,
    /// Results CSV: one game without moves per row, of any of the four games (its `game`
    /// column), as a federation keeps them in a spreadsheet.
    ResultsCsv,
}

impl Format {
    pub const ALL: [Format; 18] = [
        Format::RenjuPlain,
        Format::RenjuLines,
        Format::Bdt,
        Format::RenLib,
        Format::Psq,
        Format::RifXml,
        Format::XiangqiPgn,
        Format::XiangqiWxf,
        Format::Xqf,
        Format::DhtmlXq,
        Format::TerritorialPgn,
        Format::ChouChouCcn,
        Format::ChouChouSheet,
        Format::Cbl,
        Format::Cbr,
        Format::Cbf,
        Format::RenjuNetResults,
        Format::ResultsCsv,
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
            Format::XiangqiPgn => "xiangqi-pgn",
            Format::XiangqiWxf => "xiangqi-wxf",
            Format::Xqf => "xqf",
            Format::DhtmlXq => "dhtmlxq",
            Format::TerritorialPgn => "territorial-pgn",
            Format::ChouChouCcn => "chouchou-ccn",
            Format::ChouChouSheet => "chouchou-sheet",
            Format::Cbl => "cbl",
            Format::Cbr => "cbr",
            Format::Cbf => "cbf",
            Format::RenjuNetResults => "renjunet-results",
            Format::ResultsCsv => "results-csv",
        }
    }

    pub fn from_name(name: &str) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The game these records belong to; `None` for a format whose records each name
    /// their game (`results-csv`).
    pub fn game_kind(self) -> Option<GameKind> {
        Some(match self {
            Format::RenjuPlain
            | Format::RenjuLines
            | Format::Bdt
            | Format::RenLib
            | Format::Psq
            | Format::RifXml
            | Format::RenjuNetResults => GameKind::Renju,
            Format::XiangqiPgn
            | Format::XiangqiWxf
            | Format::Xqf
            | Format::DhtmlXq
            | Format::Cbl
            | Format::Cbr
            | Format::Cbf => GameKind::Xiangqi,
            Format::TerritorialPgn => GameKind::Territorial,
            Format::ChouChouCcn | Format::ChouChouSheet => GameKind::ChouChou,
            Format::ResultsCsv => return None,
        })
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
            Format::XiangqiPgn | Format::XiangqiWxf => {
                "Chinese / WXF files 1-9 from each side's right; ICCS a-i, ranks 0-9 from Red"
            }
            Format::Xqf => "byte x*10+y: x 0-8 from Red's left, y 0-9 from Red's side",
            Format::DhtmlXq => "digits x y: x 0-8 from Red's left, y 0-9 from the top",
            Format::Cbl | Format::Cbr => "byte 9*y+x: x 0-8 from Red's left, y 0-9 from the top",
            Format::Cbf => "digits xy-xy: x 0-8 from Red's left, y 0-9 from the top",
            Format::TerritorialPgn => "chess squares a1-h8 (a1 dark, bottom left from White)",
            Format::ChouChouCcn | Format::ChouChouSheet => {
                "digit column 1-4 from the left, letter row A-D from the far side"
            }
            Format::RenjuNetResults | Format::ResultsCsv => "none: results without moves",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

pub use kifu_facts::GameKind;
/// A result as the record states it is an [`Outcome`], by seat: a Xiangqi record's `1-0`
/// is `Win(Seat::FIRST)`, Red's win, as a Renju record's is Black's.
pub use kifu_facts::Outcome;
use kifu_facts::{ResultName, Seat};

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

/// A mark an annotator put on a move, as written: a PGN annotation glyph (`!`, `?`, `!?`,
/// `??`, …) or a numeric annotation glyph (`$14`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveMark {
    /// The ply of the move it marks (1-based; along its line for a variation's).
    pub ply: u32,
    pub text: String,
}

/// A remark a parser makes about a record it could still read (an unusual result code,
/// a skipped token, an encoding guess). The engine's findings come on top of these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Kebab-case finding code, e.g. `forfeit-result`.
    pub code: &'static str,
    pub severity: Severity,
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
    /// Xiangqi's first player (Red); Renju records leave it empty.
    pub red: Option<String>,
    /// Players in seat order for games of more than two seats (ChouChou `P1`..`P4`).
    pub players: Vec<String>,
    /// Opening rule as written (RIF rule name, `rif`, `yamaguchi`, …).
    pub rule: Option<String>,
    pub result: Option<Outcome>,
    /// The result text exactly as written (`+`, `F`, `0.5`, `black`).
    pub result_text: Option<String>,
    /// An opening the record names (RIF opening name or code).
    pub opening: Option<String>,
    pub black_time: Option<String>,
    pub white_time: Option<String>,
    /// Anything else worth keeping, in file order.
    pub extra: Vec<(String, String)>,
}

impl Header {
    /// The name the record gives the player of `seat` in a game of `kind`: the tag its
    /// side is named by (`Red` is Xiangqi's first seat, `Black` Renju's), or for ChouChou
    /// the seat's place in `players`.
    pub fn seat_name(&self, kind: GameKind, seat: Seat) -> Option<&str> {
        kind.side_name(seat)?;
        match kind.win(seat) {
            ResultName::Black => self.black.as_deref(),
            ResultName::White => self.white.as_deref(),
            ResultName::Red => self.red.as_deref(),
            _ => self.players.get(seat.index()).map(String::as_str),
        }
    }

    /// Puts a tag every tag-pair reader reads alike into its field: `Event`, `Round`,
    /// `Date` and the names of the game's sides (`Black`/`White`, `Red`/`Black`,
    /// `White`/`Black`, `P1`…`P4`), the key in any case. Any other tag's value comes back
    /// for the reader to keep, and so does a Xiangqi date that is none: Xiangqi readers
    /// keep it among the extras, where the others store the text as their date.
    pub fn apply_tag(&mut self, kind: GameKind, key: &str, value: String) -> Option<String> {
        let lower = key.to_ascii_lowercase();
        match lower.as_str() {
            "event" => self.event = Some(value),
            "round" => self.round = Some(value),
            "date" if kind == GameKind::Xiangqi => match crate::dates::xiangqi_date(&value) {
                Some(date) => self.date = Some(date),
                None => return Some(value),
            },
            "date" => self.date = Some(crate::dates::tag_date(&value)),
            _ => {
                let Some(seat) = kind.seat_named(&lower) else {
                    return Some(value);
                };
                match kind.win(seat) {
                    ResultName::Black => self.black = Some(value),
                    ResultName::White => self.white = Some(value),
                    ResultName::Red => self.red = Some(value),
                    _ => {
                        if self.players.len() <= seat.index() {
                            self.players.resize(seat.index() + 1, String::new());
                        }
                        self.players[seat.index()] = value;
                    }
                }
            }
        }
        None
    }
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
    /// Alternatives to the main line's moves (RenLib trees, RenjuPlain).
    pub variations: Vec<RenjuVariation>,
    pub opening: OpeningData,
    pub comments: Vec<Comment>,
    /// The main line's move marks.
    pub marks: Vec<MoveMark>,
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
            variations: Vec::new(),
            opening: OpeningData::default(),
            comments: Vec::new(),
            marks: Vec::new(),
            notes: Vec::new(),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Xiangqi
//
// Squares: file 0-8 = ICCS `a`-`i` from Red's left, rank 0-9 from Red's back rank (ICCS
// ranks). Board-dependent notations (Chinese, WXF, SAN) are kept as text and resolved by
// the rules engine; coordinate notations (ICCS, XQF, DhtmlXQ) are mapped here.

/// A Xiangqi move as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XqMoveText {
    /// A move given by its squares: `(file, rank)` from and to.
    Coord { from: (u8, u8), to: (u8, u8) },
    /// Chinese notation, normalized: Traditional characters mapped to Simplified
    /// (馬→马, 進→进, 帥→帅 …), full-width digits to ASCII, spaces removed: `炮二平五`,
    /// `马8进7`, `前卒进1`.
    Chinese(String),
    /// WXF notation, normalized to ASCII upper-case piece letters: `C2=5`, `H8+7`, `+R=1`,
    /// `R+=1`; the side is implied by the ply.
    Wxf(String),
    /// WinBoard/pychess SAN (`Cbe2`, `Rxb9`): ranks as written, see [`XqGame::ranks_from_one`].
    San(String),
}

/// One Xiangqi move and where its text is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XqMove {
    pub text: XqMoveText,
    /// The move exactly as written (decoded to UTF-8), for findings.
    pub written: String,
    pub at: Location,
    pub len: u16,
}

/// A variation: moves that replace the line it branches from (the main line, or the
/// variation that holds it) from ply `from_ply` (1-based, absolute) on. `M` is the game's
/// move as written ([`XqMove`], [`RawMove`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation<M> {
    pub from_ply: u32,
    pub moves: Vec<M>,
    /// The comments inside this variation, in order: `ply` counts the plies played before
    /// the comment along this line (absolute, as on the main line), so `from_ply - 1` is a
    /// comment before the variation's first move.
    pub comments: Vec<Comment>,
    /// The marks on this variation's moves (`ply` absolute, as its moves').
    pub marks: Vec<MoveMark>,
    /// Variations inside this one.
    pub variations: Vec<Variation<M>>,
}

impl<M> Default for Variation<M> {
    fn default() -> Self {
        Variation {
            from_ply: 0,
            moves: Vec::new(),
            comments: Vec::new(),
            marks: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// A Xiangqi variation.
pub type XqVariation = Variation<XqMove>;
/// A Renju-board variation (RenLib trees).
pub type RenjuVariation = Variation<RawMove>;

/// A Xiangqi record that parsed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XqGame {
    pub format: Format,
    pub start: Location,
    pub span: Span,
    /// `header.red` and `header.black` are the players; `header.extra` keeps RedTeam,
    /// BlackTeam, ECCO, Opening, Variation, Site and the like.
    pub header: Header,
    /// The start position (FEN), when the record gives one.
    pub fen: Option<String>,
    pub moves: Vec<XqMove>,
    pub variations: Vec<XqVariation>,
    pub comments: Vec<Comment>,
    /// The main line's move marks.
    pub marks: Vec<MoveMark>,
    pub notes: Vec<Note>,
    /// The record writes SAN/ICCS ranks 1-10 (Fairy-Stockfish, pychess) instead of 0-9;
    /// coordinates in `XqMoveText::Coord` are already mapped to 0-9.
    pub ranks_from_one: bool,
    /// The text encoding the record was decoded from (`utf-8`, `gbk`, `big5`, `binary`).
    pub encoding: &'static str,
    /// Why the record holds no game, when it holds none (a library's title card, or its
    /// own remarks): the ingest stores its title and comments as the library's text
    /// instead of a game that cannot be played.
    pub no_game: Option<NoGame>,
}

/// A record that holds text, not a game: why, and where it stands in its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoGame {
    /// The parser's note saying why it holds no game.
    pub why: Note,
    /// Its place in its file: 0 the library's own remarks (its header), N its N-th record.
    pub place: u32,
}

impl XqGame {
    pub fn new(format: Format, start: Location) -> XqGame {
        XqGame {
            format,
            start,
            span: Span::new(start.offset, start.offset),
            header: Header::default(),
            fen: None,
            moves: Vec::new(),
            variations: Vec::new(),
            comments: Vec::new(),
            marks: Vec::new(),
            notes: Vec::new(),
            ranks_from_one: false,
            encoding: "utf-8",
            no_game: None,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Chess Territorial
//
// Squares: `(file, rank)`, file 0-7 = `a`-`h`, rank 0-7 = `1`-`8`.

/// A Chess Territorial move as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CtMoveText {
    /// `K@e1`, `@e3` (a pawn): piece letter `K Q R B N P`, upper case.
    Drop { piece: u8, square: (u8, u8) },
    /// `--`.
    Pass,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CtMove {
    pub text: CtMoveText,
    pub written: String,
    pub at: Location,
    pub len: u16,
}

/// A Chess Territorial record that parsed. `header.white` / `header.black` are the
/// players; `header.extra` keeps `WhiteScore` and `BlackScore` as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CtGame {
    pub format: Format,
    pub start: Location,
    pub span: Span,
    pub header: Header,
    pub moves: Vec<CtMove>,
    pub comments: Vec<Comment>,
    pub notes: Vec<Note>,
}

// ---------------------------------------------------------------------------------------
// ChouChou
//
// Cells: `(column, row)`, column 0-3 = digit `1`-`4` from the left, row 0-3 = letter
// `A`-`D` from the far side. `1A` = (0, 0).

/// A ChouChou action as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CcActionText {
    /// `3B`: place one own piece.
    Place { cell: (u8, u8) },
    /// `3C→1A②`: move two own pieces.
    MoveTwo { from: (u8, u8), to: (u8, u8) },
    /// `2B→3A①`: swap one own piece on `from` with one opponent piece on `to`.
    SwapOne { from: (u8, u8), to: (u8, u8) },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CcAction {
    pub text: CcActionText,
    /// The capture count annotated after the action (`x3`, `×3`), if any.
    pub annotated_captures: Option<u32>,
    /// The player the record names for this action (spreadsheet `player` column), if any.
    pub player: Option<String>,
    pub written: String,
    pub at: Location,
    pub len: u16,
}

/// A ChouChou record that parsed. `header.players` holds the seats in play order;
/// `header.result_text` the winner's seat (`P1`), `draw` or `*`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CcGame {
    pub format: Format,
    pub start: Location,
    pub span: Span,
    pub header: Header,
    /// `3x3`, `js` or `4x4` as written in `[Variant]` (default `3x3`).
    pub variant: Option<String>,
    /// `[Players]`, when given (else the number of named seats).
    pub player_count: Option<u8>,
    /// `[Teams "pairs"]`: 2 vs 2.
    pub pairs: bool,
    /// `[Termination]` as written (`time`, …).
    pub termination: Option<String>,
    pub actions: Vec<CcAction>,
    pub comments: Vec<Comment>,
    pub notes: Vec<Note>,
}

/// A record of any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyGame {
    Renju(RawGame),
    Xiangqi(XqGame),
    Territorial(CtGame),
    ChouChou(CcGame),
}

/// What a parser of any game yields for each record.
pub type AnyItem = Result<AnyGame, RawError>;

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

/// Raw bytes of a binary record for quarantine: lower-case hex, capped at
/// [`MAX_RAW_KEPT`] characters.
pub fn raw_hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let cut = &bytes[..bytes.len().min(MAX_RAW_KEPT / 2)];
    let mut s = String::with_capacity(cut.len() * 2);
    for b in cut {
        let _ = write!(s, "{b:02x}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_tags_fill_the_header_and_others_come_back() {
        let mut h = Header::default();
        assert_eq!(h.apply_tag(GameKind::Renju, "EVENT", "Cup".into()), None);
        assert_eq!(h.apply_tag(GameKind::Renju, "Round", "3".into()), None);
        assert_eq!(
            h.apply_tag(GameKind::Renju, "Date", "2001.05.??".into()),
            None
        );
        assert_eq!(h.apply_tag(GameKind::Renju, "Black", "A".into()), None);
        assert_eq!(h.apply_tag(GameKind::Renju, "white", "B".into()), None);
        assert_eq!(
            h.apply_tag(GameKind::Renju, "Red", "C".into()).as_deref(),
            Some("C")
        );
        assert_eq!(
            h.apply_tag(GameKind::Renju, "Result", "1-0".into())
                .as_deref(),
            Some("1-0")
        );
        assert_eq!(
            (h.event.as_deref(), h.round.as_deref(), h.date.as_deref()),
            (Some("Cup"), Some("3"), Some("2001-05"))
        );
        assert_eq!(
            (h.black.as_deref(), h.white.as_deref()),
            (Some("A"), Some("B"))
        );

        // Xiangqi: Red and Black are its sides; a date that is none comes back.
        let mut x = Header::default();
        assert_eq!(x.apply_tag(GameKind::Xiangqi, "Red", "R".into()), None);
        assert_eq!(
            x.apply_tag(GameKind::Xiangqi, "White", "W".into())
                .as_deref(),
            Some("W")
        );
        assert_eq!(
            x.apply_tag(GameKind::Xiangqi, "Date", "民国时期".into())
                .as_deref(),
            Some("民国时期")
        );
        assert_eq!(
            x.apply_tag(GameKind::Xiangqi, "Date", "24-12-2022".into()),
            None
        );
        assert_eq!(
            (x.red.as_deref(), x.date.as_deref()),
            (Some("R"), Some("2022-12-24"))
        );

        // ChouChou: seats by number, filled in order with blanks between.
        let mut c = Header::default();
        assert_eq!(c.apply_tag(GameKind::ChouChou, "p3", "Z".into()), None);
        assert_eq!(c.apply_tag(GameKind::ChouChou, "P1", "X".into()), None);
        assert_eq!(c.players, ["X", "", "Z"]);
        assert_eq!(
            c.apply_tag(GameKind::ChouChou, "Black", "B".into())
                .as_deref(),
            Some("B")
        );
        // The RenjuPlain readers keep a date text that is none.
        assert_eq!(c.apply_tag(GameKind::ChouChou, "Date", "soon".into()), None);
        assert_eq!(c.date.as_deref(), Some("soon"));
    }
}
