//! Results CSV ([`Format::ResultsCsv`]): tournament results without moves, of any of the
//! four games, as a federation keeps them in a spreadsheet. One row is one game.
//!
//! ```text
//! game,date,event,round,board,player1,player2,player3,player4,result,rule,forfeit
//! renju,2024-05-03,Open Cup,1,1,Ana,Ben,,,1-0,rif,
//! xiangqi,2024-05,"City League, Spring",2,,"Lee ""Tiger"" Wu",Mei,,,1/2-1/2,,
//! chouchou,2024,Club night,3,,Aki,Bo,Chie,,P2,,
//! territorial,2024-05-04,Open Cup,1,2,Cleo,Dan,,,0-1,,yes
//! ```
//!
//! **The file.** UTF-8 (a byte-order mark is skipped), fields as RFC 4180 has them: split
//! by commas, a field in double quotes may hold commas, line breaks and doubled quotes
//! (`""`); spaces around a field are trimmed (also around its quotes); lines end in CRLF or
//! LF. The first non-blank line is the header naming the columns, in any order, names
//! compared without case. Blank lines (also lines of empty fields) are skipped.
//!
//! **The columns.**
//! - `game` (required): `renju`, `xiangqi`, `territorial` or `chouchou`, the game of the
//!   row, so one file may hold several games.
//! - `player1` … `player4`: the players in seat order, seat 1 moving first: Renju Black
//!   then White, Xiangqi Red then Black, Chess Territorial White then Black, ChouChou P1
//!   … P4. `player1` and `player2` are required; a two-player game leaves `player3` and
//!   `player4` empty; ChouChou fills 2 to 4 seats, in order.
//! - `result` (required): `1-0` (seat 1 won), `0-1` (seat 2 won), `1/2-1/2` or `½-½` (a
//!   draw), `*` (not known); ChouChou names the winning seat, `P1` … `P4` (a two-seat game
//!   may also write `1-0`, `0-1`), or `1/2-1/2` for a game without a winner.
//! - `date`: `YYYY-MM-DD`, `YYYY-MM` or `YYYY` (dots or slashes between the parts are read
//!   as the other readers read them, [`crate::plain::normalize_date`]).
//! - `event`, `round`, `rule` (the opening rule, as the RenjuNet reader keeps it: for
//!   Renju, `gomoku` or `freestyle` marks a free-style game).
//! - `board`: the board or table number, kept as the tag `board`.
//! - `forfeit`: empty, `no`, `0` or `false` for a game played; `yes`, `1` or `true` for a
//!   result scored without play: the game gets the note `forfeit-result` (info), as a BDT
//!   forfeit does, so the Renju balance leaves it out. The value is kept as the tag
//!   `forfeit`.
//! - Any other column is kept as a header tag of each game (its name as the header writes
//!   it), so nothing is lost: `section` or `group` splits the standings, as in other
//!   formats.
//!
//! **Errors.** A header without the required columns (or naming a column twice) is one
//! [`RawError`] and nothing is read. Every other bad row is a [`RawError`] at the field it
//! concerns (line, byte column and byte offset): an unknown game, a missing player, a seat
//! the game does not have, a bad result, date or forfeit value, a row with another number
//! of fields than the header, an unterminated quote, a stray quote, bytes that are not
//! UTF-8; the other rows still read.

use std::borrow::Cow;

use kifu_facts::{GameKind, Seat, Severity};

use crate::line::LineStarts;
use crate::raw::{
    raw_text, AnyGame, AnyItem, CcGame, CtGame, Format, Header, Note, Outcome, RawError, RawGame,
    Span, XqGame,
};

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The columns kifu reads; any other is a tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    Game,
    Date,
    Event,
    Round,
    Board,
    /// `player1` … `player4` (0-based seat).
    Player(usize),
    Result,
    Rule,
    Forfeit,
}

impl Column {
    fn of(name: &str) -> Option<Column> {
        Some(match name.to_lowercase().as_str() {
            "game" => Column::Game,
            "date" => Column::Date,
            "event" => Column::Event,
            "round" => Column::Round,
            "board" => Column::Board,
            "player1" => Column::Player(0),
            "player2" => Column::Player(1),
            "player3" => Column::Player(2),
            "player4" => Column::Player(3),
            "result" => Column::Result,
            "rule" => Column::Rule,
            "forfeit" => Column::Forfeit,
            _ => return None,
        })
    }
}

/// The columns a file must have.
const REQUIRED: [(Column, &str); 4] = [
    (Column::Game, "game"),
    (Column::Player(0), "player1"),
    (Column::Player(1), "player2"),
    (Column::Result, "result"),
];

/// One field: its text (quotes taken off, `""` made `"`, not trimmed) and the offset of
/// its first byte (its opening quote when quoted; spaces before it skipped).
struct Field<'a> {
    text: Cow<'a, [u8]>,
    at: usize,
}

/// One record (a row): its fields, or why it cannot be read.
struct Record<'a> {
    /// Offset of the record's first byte.
    start: usize,
    /// Offset just past its last byte (its line terminator left out).
    end: usize,
    fields: Result<Vec<Field<'a>>, (usize, String)>,
}

/// Splits the bytes (after a byte-order mark) into records, keeping offsets absolute.
struct Records<'a> {
    bytes: &'a [u8],
    pos: usize,
}

fn is_blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

impl<'a> Records<'a> {
    fn new(bytes: &'a [u8]) -> Records<'a> {
        let pos = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
        Records { bytes, pos }
    }

    /// Whether a line ends at `i` (`\n`, or `\r\n`).
    fn line_end_at(&self, i: usize) -> bool {
        match self.bytes.get(i) {
            Some(b'\n') => true,
            Some(b'\r') => self.bytes.get(i + 1) == Some(&b'\n'),
            _ => false,
        }
    }

    /// Past the line terminator at `i` (or the end of the input).
    fn past_line_end(&self, i: usize) -> usize {
        match self.bytes.get(i) {
            Some(b'\r') => i + 2,
            Some(b'\n') => i + 1,
            _ => i,
        }
    }

    /// The offset of the end of the line holding `i` (its terminator left out).
    fn end_of_line(&self, mut i: usize) -> usize {
        while i < self.bytes.len() && !self.line_end_at(i) {
            i += 1;
        }
        i
    }

    /// A record that cannot be read: it ends with the line of the error (a quote never
    /// closed: the line it opens on), and reading goes on after that line.
    fn failed(&mut self, start: usize, at: usize, message: String) -> Record<'a> {
        let end = self.end_of_line(at);
        self.pos = self.past_line_end(end);
        Record {
            start,
            end,
            fields: Err((at, message)),
        }
    }
}

impl<'a> Iterator for Records<'a> {
    type Item = Record<'a>;

    fn next(&mut self) -> Option<Record<'a>> {
        let b = self.bytes;
        if self.pos >= b.len() {
            return None;
        }
        let start = self.pos;
        let mut i = start;
        let mut fields = Vec::new();
        loop {
            while i < b.len() && is_blank(b[i]) {
                i += 1;
            }
            let at = i;
            if b.get(i) == Some(&b'"') {
                i += 1;
                let mut text: Cow<'a, [u8]> = Cow::Borrowed(&[]);
                let mut from = i;
                loop {
                    match b.get(i) {
                        None => {
                            return Some(
                                self.failed(
                                    start,
                                    at,
                                    "the quoted field is never closed (a quote opens it here and \
                                 no quote ends it)"
                                        .to_owned(),
                                ),
                            )
                        }
                        Some(b'"') if b.get(i + 1) == Some(&b'"') => {
                            // A doubled quote: one quote of the text.
                            text.to_mut().extend_from_slice(&b[from..=i]);
                            i += 2;
                            from = i;
                        }
                        Some(b'"') => break,
                        Some(_) => i += 1,
                    }
                }
                match &mut text {
                    Cow::Borrowed(_) => text = Cow::Borrowed(&b[from..i]),
                    Cow::Owned(t) => t.extend_from_slice(&b[from..i]),
                }
                i += 1;
                while i < b.len() && is_blank(b[i]) {
                    i += 1;
                }
                if i < b.len() && b[i] != b',' && !self.line_end_at(i) {
                    return Some(
                        self.failed(
                            start,
                            i,
                            "text after the closing quote of a field (a quote inside a field is \
                         written twice: \"\")"
                                .to_owned(),
                        ),
                    );
                }
                fields.push(Field { text, at });
            } else {
                while i < b.len() && b[i] != b',' && !self.line_end_at(i) {
                    if b[i] == b'"' {
                        return Some(
                            self.failed(
                                start,
                                i,
                                "a quote inside a field that does not start with one (quote the \
                             whole field and write the quote twice: \"\")"
                                    .to_owned(),
                            ),
                        );
                    }
                    i += 1;
                }
                fields.push(Field {
                    text: Cow::Borrowed(&b[at..i]),
                    at,
                });
            }
            if b.get(i) == Some(&b',') {
                i += 1;
                continue;
            }
            break;
        }
        self.pos = self.past_line_end(i);
        // Quotes and commas are ASCII: a record of UTF-8 text has fields of UTF-8 text.
        if let Err(e) = std::str::from_utf8(&b[start..i]) {
            return Some(Record {
                start,
                end: i,
                fields: Err((
                    start + e.valid_up_to(),
                    "the bytes here are not UTF-8 text (a results CSV is UTF-8)".to_owned(),
                )),
            });
        }
        Some(Record {
            start,
            end: i,
            fields: Ok(fields),
        })
    }
}

/// A field's text, trimmed (a record's bytes are checked to be UTF-8 when it is read).
fn text<'t>(field: &'t Field<'_>) -> Cow<'t, str> {
    match String::from_utf8_lossy(&field.text) {
        Cow::Borrowed(t) => Cow::Borrowed(t.trim()),
        Cow::Owned(t) => Cow::Owned(t.trim().to_owned()),
    }
}

/// Whether the header `names` (as written) have the required columns.
fn has_required(names: &[String]) -> bool {
    REQUIRED
        .iter()
        .all(|(c, _)| names.iter().any(|n| Column::of(n.trim()) == Some(*c)))
}

/// Whether the first non-blank line is a results CSV header: comma-separated names that
/// include `game`, `player1`, `player2` and `result` (without case).
pub fn looks_like(head: &[u8]) -> bool {
    let Some(header) = Records::new(head).find(|r| !is_blank_record(r)) else {
        return false;
    };
    let Ok(fields) = &header.fields else {
        return false;
    };
    let names: Vec<String> = fields
        .iter()
        .map(|f| String::from_utf8_lossy(&f.text).into_owned())
        .collect();
    has_required(&names)
}

fn is_blank_record(r: &Record<'_>) -> bool {
    matches!(&r.fields, Ok(fields) if fields.iter().all(|f| f.text.trim_ascii().is_empty()))
}

/// A header column: one kifu reads, or another, kept as a tag of its name.
#[derive(Clone, Debug, PartialEq, Eq)]
enum HeaderColumn {
    Read(Column),
    Tag(String),
}

/// The header: each column's meaning.
struct Columns {
    columns: Vec<HeaderColumn>,
}

impl Columns {
    fn find(&self, c: Column) -> Option<usize> {
        self.columns
            .iter()
            .position(|k| *k == HeaderColumn::Read(c))
    }
}

/// Reads a results CSV: one game per row, in file order, and an error for each row that
/// is not one.
pub fn parse(bytes: &[u8]) -> Vec<AnyItem> {
    // A byte-order mark is not in column 1's count.
    let first = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
    let lines = LineStarts::new(bytes, 0, first);
    let mut records = Records::new(bytes).filter(|r| !is_blank_record(r));
    let error = |at: usize, start: usize, end: usize, message: String| RawError {
        format: Some(Format::ResultsCsv),
        at: lines.at(at),
        start: lines.at(start),
        span: Span::new(start as u64, end as u64),
        message,
        raw: raw_text(&bytes[start..end]),
    };
    let Some(first) = records.next() else {
        return Vec::new();
    };
    let header = match header(&first) {
        Ok(h) => h,
        Err((at, message)) => {
            // Nothing can be read without the header: the whole file is the one record.
            return vec![Err(error(at, first.start, bytes.len(), message))];
        }
    };
    records
        .map(|r| {
            row(&header, &r, &lines).map_err(|(at, message)| error(at, r.start, r.end, message))
        })
        .collect()
}

/// The header record read: its columns, or the one error that stops the file.
fn header(record: &Record<'_>) -> Result<Columns, (usize, String)> {
    let fields = record.fields.as_ref().map_err(Clone::clone)?;
    let mut columns = Vec::new();
    for (i, f) in fields.iter().enumerate() {
        let name = text(f);
        match Column::of(&name) {
            Some(c) => {
                if let Some(j) = columns.iter().position(|k| *k == HeaderColumn::Read(c)) {
                    return Err((
                        f.at,
                        format!(
                            "the header names the column '{}' twice (columns {} and {})",
                            name.to_lowercase(),
                            j + 1,
                            i + 1
                        ),
                    ));
                }
                columns.push(HeaderColumn::Read(c));
            }
            None if name.is_empty() => columns.push(HeaderColumn::Tag(format!("column{}", i + 1))),
            None => columns.push(HeaderColumn::Tag(name.into_owned())),
        }
    }
    let h = Columns { columns };
    let missing: Vec<&str> = REQUIRED
        .iter()
        .filter(|(c, _)| h.find(*c).is_none())
        .map(|(_, name)| *name)
        .collect();
    let what = match missing.as_slice() {
        [] => return Ok(h),
        [one] => format!("{one} column"),
        [first @ .., last] => format!("{} and {last} columns", first.join(", ")),
    };
    Err((
        record.start,
        format!(
            "the header has no {what}: a results CSV needs the columns game, player1, player2 \
             and result"
        ),
    ))
}

/// The result of a seat's win (0-based); unknown for a seat `kind` does not have.
fn seat_win(kind: GameKind, seat: usize) -> Outcome {
    match Seat::at(seat).filter(|s| kind.seats().contains(s)) {
        Some(seat) => Outcome::Win(seat),
        None => Outcome::Unknown,
    }
}

/// What a row's `result` says: a seat's win (0-based), a draw, or nothing known.
enum RowResult {
    Seat(usize),
    Draw,
    Unknown,
}

/// A `result` that is none of the game's: what the row says.
#[derive(Debug)]
struct NotAResult<'a> {
    value: &'a str,
    kind: GameKind,
    seats: usize,
}

impl std::fmt::Display for NotAResult<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (value, seats) = (self.value, self.seats);
        if self.kind == GameKind::ChouChou {
            let two = if seats == 2 { ", 1-0, 0-1" } else { "" };
            return write!(
                f,
                "'{value}' is not a result of this {seats}-seat chouchou game: expected the \
                 winning seat P1…P{seats}{two}, 1/2-1/2 (no winner) or * (not known)"
            );
        }
        write!(
            f,
            "'{value}' is not a result: expected 1-0 (player1 won), 0-1 (player2 won), 1/2-1/2 \
             or ½-½ (a draw) or * (not known)"
        )
    }
}

fn row_result(kind: GameKind, seats: usize, value: &str) -> Result<RowResult, NotAResult<'_>> {
    let lower = value.to_lowercase();
    match lower.as_str() {
        "1-0" if seats == 2 => return Ok(RowResult::Seat(0)),
        "0-1" if seats == 2 => return Ok(RowResult::Seat(1)),
        "1/2-1/2" | "½-½" => return Ok(RowResult::Draw),
        "*" => return Ok(RowResult::Unknown),
        _ => {}
    }
    if kind == GameKind::ChouChou {
        if let Some(n) = lower
            .strip_prefix('p')
            .and_then(|n| n.parse::<usize>().ok())
        {
            if (1..=seats).contains(&n) {
                return Ok(RowResult::Seat(n - 1));
            }
        }
    }
    Err(NotAResult { value, kind, seats })
}

/// One row: a game of its `game` column's kind, without moves.
fn row(h: &Columns, record: &Record<'_>, lines: &LineStarts) -> Result<AnyGame, (usize, String)> {
    let fields = record.fields.as_ref().map_err(Clone::clone)?;
    if fields.len() != h.columns.len() {
        let at = fields.get(h.columns.len()).map_or(record.end, |f| f.at);
        return Err((
            at,
            format!(
                "the row has {} fields, the header {} (a row has one field per column, empty \
                 ones included)",
                fields.len(),
                h.columns.len()
            ),
        ));
    }
    let values: Vec<Cow<'_, str>> = fields.iter().map(text).collect();
    let value = |c: Column| h.find(c).map(|i| (&*values[i], fields[i].at));
    let optional = |c: Column| {
        value(c)
            .map(|(v, _)| v)
            .filter(|v| !v.is_empty())
            .map(str::to_owned)
    };
    let (game, game_at) = value(Column::Game).expect("a required column");
    let kind = GameKind::from_name(&game.to_lowercase()).ok_or_else(|| {
        (
            game_at,
            format!("'{game}' is not a game: expected renju, xiangqi, territorial or chouchou"),
        )
    })?;
    let max_seats = if kind == GameKind::ChouChou { 4 } else { 2 };
    let mut players: Vec<String> = Vec::new();
    for seat in 0..4 {
        let Some((name, at)) = value(Column::Player(seat)) else {
            continue;
        };
        let column = format!("player{}", seat + 1);
        if name.is_empty() {
            if seat < 2 {
                return Err((
                    at,
                    format!("{column} is empty: a {kind} game needs player1 and player2"),
                ));
            }
            continue;
        }
        if seat >= max_seats {
            return Err((
                at,
                format!("a {kind} game has two seats: {column} must be empty"),
            ));
        }
        if players.len() < seat {
            return Err((
                at,
                format!(
                    "{column} is given but player{} is empty: seats are filled in order",
                    seat
                ),
            ));
        }
        players.push(name.to_owned());
    }
    let (result, result_at) = value(Column::Result).expect("a required column");
    let result = row_result(kind, players.len(), result).map_err(|e| (result_at, e.to_string()))?;
    let date = match value(Column::Date) {
        Some((d, at)) if !d.is_empty() => {
            let stored = crate::plain::normalize_date(d);
            if !crate::curation::is_date(&stored) {
                return Err((
                    at,
                    format!("'{d}' is not a date: expected YYYY-MM-DD, YYYY-MM or YYYY"),
                ));
            }
            Some(stored)
        }
        _ => None,
    };
    let mut notes = Vec::new();
    if let Some((v, at)) = value(Column::Forfeit) {
        match v.to_lowercase().as_str() {
            "" | "no" | "0" | "false" => {}
            "yes" | "1" | "true" => notes.push(Note {
                code: "forfeit-result",
                severity: Severity::Info,
                message: format!("'{v}' in the forfeit column: the result was scored without play"),
                at: lines.at(at),
                ply: None,
            }),
            _ => {
                return Err((
                    at,
                    format!(
                        "'{v}' is not a forfeit value: expected yes, 1 or true (scored without \
                         play), or no, 0, false or empty (played)"
                    ),
                ))
            }
        }
    }

    let mut header = Header {
        event: optional(Column::Event),
        round: optional(Column::Round),
        date,
        rule: optional(Column::Rule),
        ..Header::default()
    };
    for (i, c) in h.columns.iter().enumerate() {
        let tag = match c {
            HeaderColumn::Read(Column::Board) => "board",
            HeaderColumn::Read(Column::Forfeit) => "forfeit",
            HeaderColumn::Read(_) => continue,
            HeaderColumn::Tag(name) => name.as_str(),
        };
        if !values[i].is_empty() {
            header.extra.push((tag.to_owned(), values[i].to_string()));
        }
    }
    let start = lines.at(record.start);
    let span = Span::new(record.start as u64, record.end as u64);
    let written = value(Column::Result).expect("a required column").0;
    let seat = |i: usize| Some(players[i].clone());
    Ok(match kind {
        GameKind::ChouChou => {
            header.result_text = Some(match result {
                RowResult::Seat(s) => format!("P{}", s + 1),
                RowResult::Draw => "draw".to_owned(),
                RowResult::Unknown => "*".to_owned(),
            });
            header.result = match result {
                RowResult::Seat(_) => None,
                RowResult::Draw => Some(Outcome::Draw),
                RowResult::Unknown => Some(Outcome::Unknown),
            };
            header.players = players.clone();
            AnyGame::ChouChou(CcGame {
                format: Format::ResultsCsv,
                start,
                span,
                header,
                variant: None,
                player_count: Some(players.len() as u8),
                pairs: false,
                termination: None,
                actions: Vec::new(),
                comments: Vec::new(),
                notes,
            })
        }
        two => {
            header.result = Some(match result {
                RowResult::Seat(s) => seat_win(two, s),
                RowResult::Draw => Outcome::Draw,
                RowResult::Unknown => Outcome::Unknown,
            });
            header.result_text = Some(written.to_owned());
            match two {
                GameKind::Renju => {
                    header.black = seat(0);
                    header.white = seat(1);
                    let mut g = RawGame::new(Format::ResultsCsv, start);
                    g.span = span;
                    g.header = header;
                    g.notes = notes;
                    AnyGame::Renju(g)
                }
                GameKind::Xiangqi => {
                    header.red = seat(0);
                    header.black = seat(1);
                    let mut g = XqGame::new(Format::ResultsCsv, start);
                    g.span = span;
                    g.header = header;
                    g.notes = notes;
                    AnyGame::Xiangqi(g)
                }
                _ => {
                    header.white = seat(0);
                    header.black = seat(1);
                    AnyGame::Territorial(CtGame {
                        format: Format::ResultsCsv,
                        start,
                        span,
                        header,
                        moves: Vec::new(),
                        comments: Vec::new(),
                        notes,
                    })
                }
            }
        }
    })
}

#[cfg(test)]
mod tests;
