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

use kifu_facts::{GameKind, Outcome, Severity};

use crate::raw::{
    raw_text, AnyGame, AnyItem, CcGame, CtGame, Format, Header, Location, Note, RawError, RawGame,
    RawResult, Span, XqGame,
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

/// Offsets to lines and byte columns (a byte-order mark is not in column 1's count).
struct Lines {
    starts: Vec<usize>,
}

impl Lines {
    fn new(bytes: &[u8]) -> Lines {
        let first = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
        let mut starts = vec![first];
        starts.extend(
            bytes
                .iter()
                .enumerate()
                .filter(|(_, &b)| b == b'\n')
                .map(|(i, _)| i + 1),
        );
        Lines { starts }
    }

    fn at(&self, offset: usize) -> Location {
        let k = self.starts.partition_point(|&s| s <= offset).max(1) - 1;
        Location::new(
            offset as u64,
            k as u32 + 1,
            (offset.saturating_sub(self.starts[k])) as u32 + 1,
        )
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

/// The header: each column's meaning (`Err`: a column kept as a tag, with its name).
struct Columns {
    columns: Vec<Result<Column, String>>,
}

impl Columns {
    fn find(&self, c: Column) -> Option<usize> {
        self.columns.iter().position(|k| *k == Ok(c))
    }
}

/// Reads a results CSV: one game per row, in file order, and an error for each row that
/// is not one.
pub fn parse(bytes: &[u8]) -> Vec<AnyItem> {
    let lines = Lines::new(bytes);
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
                if let Some(j) = columns.iter().position(|k| *k == Ok(c)) {
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
                columns.push(Ok(c));
            }
            None if name.is_empty() => columns.push(Err(format!("column{}", i + 1))),
            None => columns.push(Err(name.into_owned())),
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

/// The result of a seat's win as the records of `kind` state it (`RawResult::WhiteWin` is
/// Red's in Xiangqi).
fn seat_win(kind: GameKind, seat: usize) -> RawResult {
    match kind.seat_side(seat) {
        Some(Outcome::Black) => RawResult::BlackWin,
        Some(Outcome::White | Outcome::Red) => RawResult::WhiteWin,
        _ => RawResult::Unknown,
    }
}

/// What a row's `result` says: a seat's win (0-based), a draw, or nothing known.
enum RowResult {
    Seat(usize),
    Draw,
    Unknown,
}

fn row_result(kind: GameKind, seats: usize, value: &str) -> Result<RowResult, String> {
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
        let two = if seats == 2 { ", 1-0, 0-1" } else { "" };
        return Err(format!(
            "'{value}' is not a result of this {seats}-seat chouchou game: expected the \
             winning seat P1…P{seats}{two}, 1/2-1/2 (no winner) or * (not known)"
        ));
    }
    Err(format!(
        "'{value}' is not a result: expected 1-0 (player1 won), 0-1 (player2 won), 1/2-1/2 or \
         ½-½ (a draw) or * (not known)"
    ))
}

/// One row: a game of its `game` column's kind, without moves.
fn row(h: &Columns, record: &Record<'_>, lines: &Lines) -> Result<AnyGame, (usize, String)> {
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
    let result = row_result(kind, players.len(), result).map_err(|m| (result_at, m))?;
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
            Ok(Column::Board) => "board",
            Ok(Column::Forfeit) => "forfeit",
            Ok(_) => continue,
            Err(name) => name.as_str(),
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
                RowResult::Draw => Some(RawResult::Draw),
                RowResult::Unknown => Some(RawResult::Unknown),
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
                RowResult::Draw => RawResult::Draw,
                RowResult::Unknown => RawResult::Unknown,
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
mod tests {
    use super::*;
    use crate::detect::detect;

    fn games(file: &[u8]) -> Vec<AnyGame> {
        parse(file).into_iter().map(Result::unwrap).collect()
    }

    fn tags(h: &Header) -> Vec<(&str, &str)> {
        h.extra
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect()
    }

    #[test]
    fn every_column_of_the_four_games_with_quotes_a_bom_and_crlf() {
        // Header names in any order and case; an unknown column (Section) kept as a tag; a
        // quoted field with a comma, doubled quotes, a line break; a blank line; a last
        // line without its terminator.
        let file = "\u{FEFF}Result,Player2,GAME,Date,Event,Round,Board,Player1,player3,player4,\
                    Rule,Forfeit,Section\r\n\
                    1-0,Ben,renju,2024-05-03,Open Cup,1,1,Ana,,,rif,,A\r\n\
                    1/2-1/2,Mei,Xiangqi,2024.05,\"City League, Spring\",2,,\"Lee \"\"Tiger\"\" Wu\",,,,no,\r\n\
                    P2,Bo,chouchou,2024,\"Club\r\nnight\",3,,Aki,Chie,,,,\r\n\
                    \r\n\
                    0-1 , Dan ,territorial,,Open Cup,1,2, \"Cleo\" ,,,,yes,B\r\n\
                    *,Y,renju,,,,,X,,,gomoku,,";
        let bytes = file.as_bytes();
        assert!(looks_like(bytes));
        assert_eq!(detect(bytes, None), Some(Format::ResultsCsv));
        let gs = games(bytes);
        assert_eq!(gs.len(), 5);

        let AnyGame::Renju(g) = &gs[0] else {
            panic!("{:?}", gs[0])
        };
        let line2 = file.find("1-0,Ben").unwrap();
        assert_eq!(g.format, Format::ResultsCsv);
        assert_eq!(g.start, Location::new(line2 as u64, 2, 1));
        assert_eq!(
            g.span,
            Span::new(line2 as u64, file.find("A\r\n1/2").unwrap() as u64 + 1)
        );
        assert!(g.moves.is_empty());
        let h = &g.header;
        assert_eq!(
            (h.black.as_deref(), h.white.as_deref()),
            (Some("Ana"), Some("Ben"))
        );
        assert_eq!(h.result, Some(RawResult::BlackWin));
        assert_eq!(h.result_text.as_deref(), Some("1-0"));
        assert_eq!(h.date.as_deref(), Some("2024-05-03"));
        assert_eq!(h.event.as_deref(), Some("Open Cup"));
        assert_eq!(h.round.as_deref(), Some("1"));
        assert_eq!(h.rule.as_deref(), Some("rif"));
        assert_eq!(tags(h), [("board", "1"), ("Section", "A")]);
        assert!(g.notes.is_empty());

        // Xiangqi: seat 1 is Red, whose win RawResult calls WhiteWin; dots in the date
        // read as the other readers read them; `no` is kept as the forfeit tag.
        let AnyGame::Xiangqi(g) = &gs[1] else {
            panic!("{:?}", gs[1])
        };
        let h = &g.header;
        assert_eq!(
            (h.red.as_deref(), h.black.as_deref()),
            (Some("Lee \"Tiger\" Wu"), Some("Mei"))
        );
        assert_eq!(h.result, Some(RawResult::Draw));
        assert_eq!(h.date.as_deref(), Some("2024-05"));
        assert_eq!(h.event.as_deref(), Some("City League, Spring"));
        assert_eq!(tags(h), [("forfeit", "no")]);
        assert!(g.moves.is_empty() && g.notes.is_empty());
        assert_eq!(g.start.line, 3);

        // ChouChou: three seats, the winner's seat; a line break inside quotes.
        let AnyGame::ChouChou(g) = &gs[2] else {
            panic!("{:?}", gs[2])
        };
        assert_eq!(g.header.players, ["Aki", "Bo", "Chie"]);
        assert_eq!(g.player_count, Some(3));
        assert_eq!(g.header.result_text.as_deref(), Some("P2"));
        assert_eq!(g.header.event.as_deref(), Some("Club\r\nnight"));
        assert_eq!(g.header.date.as_deref(), Some("2024"));
        assert_eq!(g.start.line, 4);
        assert!(g.actions.is_empty());

        // Territorial: seat 1 is White; fields trimmed around their quotes; a forfeit.
        let AnyGame::Territorial(g) = &gs[3] else {
            panic!("{:?}", gs[3])
        };
        let line7 = file.find("0-1 ,").unwrap();
        assert_eq!(g.start, Location::new(line7 as u64, 7, 1));
        let h = &g.header;
        assert_eq!(
            (h.white.as_deref(), h.black.as_deref()),
            (Some("Cleo"), Some("Dan"))
        );
        assert_eq!(h.result, Some(RawResult::BlackWin));
        assert_eq!(h.result_text.as_deref(), Some("0-1"));
        assert_eq!(h.date, None);
        assert_eq!(
            tags(h),
            [("board", "2"), ("forfeit", "yes"), ("Section", "B")]
        );
        assert_eq!(g.notes.len(), 1);
        let note = &g.notes[0];
        assert_eq!(
            (note.code, note.severity),
            ("forfeit-result", Severity::Info)
        );
        let yes = file.find("yes").unwrap();
        assert_eq!(
            note.at,
            Location::new(yes as u64, 7, (yes - line7) as u32 + 1)
        );

        let AnyGame::Renju(g) = &gs[4] else {
            panic!("{:?}", gs[4])
        };
        assert_eq!(g.header.result, Some(RawResult::Unknown));
        assert_eq!(g.header.rule.as_deref(), Some("gomoku"));
        assert_eq!(g.span.end, file.len() as u64);
    }

    #[test]
    fn results_name_seats_in_moving_order() {
        let file = b"game,player1,player2,player3,player4,result\n\
                     renju,A,B,,,0-1\n\
                     xiangqi,A,B,,,1-0\n\
                     xiangqi,A,B,,,0-1\n\
                     territorial,A,B,,,1-0\n\
                     territorial,A,B,,,\xC2\xBD-\xC2\xBD\n\
                     chouchou,A,B,C,D,p4\n\
                     chouchou,A,B,,,0-1\n\
                     chouchou,A,B,C,,1/2-1/2\n\
                     chouchou,A,B,C,,*\n";
        let results: Vec<(Option<RawResult>, Option<String>)> = games(file)
            .into_iter()
            .map(|g| {
                let h = match g {
                    AnyGame::Renju(g) => g.header,
                    AnyGame::Xiangqi(g) => g.header,
                    AnyGame::Territorial(g) => g.header,
                    AnyGame::ChouChou(g) => g.header,
                };
                (h.result, h.result_text)
            })
            .collect();
        let r = |r: Option<RawResult>, t: &str| (r, Some(t.to_owned()));
        use RawResult::*;
        assert_eq!(
            results,
            [
                r(Some(WhiteWin), "0-1"),
                r(Some(WhiteWin), "1-0"),
                r(Some(BlackWin), "0-1"),
                r(Some(WhiteWin), "1-0"),
                r(Some(Draw), "½-½"),
                r(None, "P4"),
                r(None, "P2"),
                r(Some(Draw), "draw"),
                r(Some(Unknown), "*"),
            ]
        );
    }

    #[test]
    fn each_bad_row_is_an_error_at_its_field_and_the_rest_read() {
        let file: &[u8] = b"game,player1,player2,player3,player4,result,date,forfeit\n\
            go,A,B,,,1-0,,\n\
            renju,,B,,,1-0,,\n\
            renju,A,B,,,2-0,,\n\
            renju,A,B,,,1-0,2024-13-01,\n\
            renju,A,B,,,1-0,,maybe\n\
            renju,A,B,,,1-0\n\
            renju,A,B,,,1-0,,,x\n\
            xiangqi,A,B,C,,1-0,,\n\
            chouchou,A,B,,D,P1,,\n\
            chouchou,A,B,C,,P4,,\n\
            renju,A\"x,B,,,1-0,,\n\
            renju,\"A\"x,B,,,1-0,,\n\
            renju,A,B,,,1-0,2024-05-03,\n\
            renju,A,\xFF,,,1-0,,\n\
            renju,\"A,B,,,1-0,,";
        let items = parse(file);
        let errors: Vec<(u32, u32, u64, &str)> = items
            .iter()
            .filter_map(|i| i.as_ref().err())
            .map(|e| (e.at.line, e.at.column, e.at.offset, e.message.as_str()))
            .collect();
        assert_eq!(
            errors,
            [
                (
                    2,
                    1,
                    57,
                    "'go' is not a game: expected renju, xiangqi, territorial or chouchou"
                ),
                (
                    3,
                    7,
                    78,
                    "player1 is empty: a renju game needs player1 and player2"
                ),
                (
                    4,
                    13,
                    101,
                    "'2-0' is not a result: expected 1-0 (player1 won), 0-1 (player2 won), \
                     1/2-1/2 or ½-½ (a draw) or * (not known)"
                ),
                (
                    5,
                    17,
                    123,
                    "'2024-13-01' is not a date: expected YYYY-MM-DD, YYYY-MM or YYYY"
                ),
                (
                    6,
                    18,
                    152,
                    "'maybe' is not a forfeit value: expected yes, 1 or true (scored without \
                     play), or no, 0, false or empty (played)"
                ),
                (
                    7,
                    16,
                    173,
                    "the row has 6 fields, the header 8 (a row has one field per column, \
                     empty ones included)"
                ),
                (
                    8,
                    19,
                    192,
                    "the row has 9 fields, the header 8 (a row has one field per column, \
                     empty ones included)"
                ),
                (
                    9,
                    13,
                    206,
                    "a xiangqi game has two seats: player3 must be empty"
                ),
                (
                    10,
                    15,
                    229,
                    "player4 is given but player3 is empty: seats are filled in order"
                ),
                (
                    11,
                    17,
                    252,
                    "'P4' is not a result of this 3-seat chouchou game: expected the winning \
                     seat P1…P3, 1/2-1/2 (no winner) or * (not known)"
                ),
                (
                    12,
                    8,
                    264,
                    "a quote inside a field that does not start with one (quote the whole \
                     field and write the quote twice: \"\")"
                ),
                (
                    13,
                    10,
                    286,
                    "text after the closing quote of a field (a quote inside a field is \
                     written twice: \"\")"
                ),
                (
                    15,
                    9,
                    334,
                    "the bytes here are not UTF-8 text (a results CSV is UTF-8)"
                ),
                (
                    16,
                    7,
                    350,
                    "the quoted field is never closed (a quote opens it here and no quote \
                     ends it)"
                ),
            ]
        );
        // The good row read; each error keeps its line as its record.
        let good: Vec<u32> = items
            .iter()
            .filter_map(|i| i.as_ref().ok())
            .map(|g| match g {
                AnyGame::Renju(g) => g.start.line,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(good, [14]);
        let bad = items[1].as_ref().unwrap_err();
        assert_eq!(bad.start, Location::new(72, 3, 1));
        assert_eq!(bad.span, Span::new(72, 88));
        assert_eq!(bad.raw, "renju,,B,,,1-0,,");
        assert_eq!(bad.format, Some(Format::ResultsCsv));
        // A quote never closed ends its record with its line, and the next line reads.
        let items = parse(b"game,player1,player2,result\nrenju,\"A,B,1-0\nrenju,C,D,0-1\n");
        assert!(items[0].is_err());
        assert!(matches!(&items[1], Ok(AnyGame::Renju(g)) if g.start.line == 3));
    }

    #[test]
    fn a_header_without_the_required_columns_is_one_error() {
        let file = b"game,player1,result\nrenju,A,1-0\n";
        let items = parse(file);
        assert_eq!(items.len(), 1);
        let e = items[0].as_ref().unwrap_err();
        assert_eq!(
            e.message,
            "the header has no player2 column: a results CSV needs the columns game, player1, \
             player2 and result"
        );
        assert_eq!((e.at, e.span), (Location::new(0, 1, 1), Span::new(0, 32)));
        let items = parse(b"Game,Player1,date\n");
        let e = &items[0].as_ref().unwrap_err().message;
        assert!(
            e.starts_with("the header has no player2 and result columns: "),
            "{e}"
        );
        let items = parse(b"game,player1,player2,result,Game\nrenju,A,B,1-0,renju\n");
        let e = items[0].as_ref().unwrap_err();
        assert_eq!(
            e.message,
            "the header names the column 'game' twice (columns 1 and 5)"
        );
        assert_eq!(e.at, Location::new(28, 1, 29));
        assert!(parse(b"").is_empty());
        assert!(parse(b"\n\n").is_empty());
        assert!(parse(b"\"game,player1").len() == 1);
    }

    #[test]
    fn told_apart_from_the_chouchou_spreadsheet_both_ways() {
        use crate::chouchou::looks_like_sheet;
        let results = b"game,player1,player2,result\nchouchou,A,B,P1\n";
        let quoted = b"\xEF\xBB\xBF\"Game\",\"Player1\",\"Player2\",\"Result\"\r\n";
        // A results CSV that keeps a move-like column of its own is still one.
        let with_moves = b"round,game,player1,player2,result,move\n1,renju,A,B,1-0,h8\n";
        for head in [&results[..], quoted, with_moves] {
            assert!(looks_like(head));
            assert!(!looks_like_sheet(head));
            assert_eq!(detect(head, None), Some(Format::ResultsCsv));
        }
        // The spreadsheet export: one action per row, a player column, a game (table)
        // column and a result column, but no seats.
        let sheet = b"round,game,player,move,result\n1,1,Aki,3B,P1\n1,1,Bo,2C,P1\n";
        assert!(looks_like_sheet(sheet));
        assert!(!looks_like(sheet));
        assert_eq!(detect(sheet, None), Some(Format::ChouChouSheet));
        // Not a results CSV: a column missing, another separator, a RenjuNet row.
        for head in [
            &b"game,player1,player2,date\nrenju,A,B,2024\n"[..],
            b"game\tplayer1\tplayer2\tresult\n",
            b"game\tG1\t2596\t1\t1\t3557\t3556\tW\n",
        ] {
            assert!(!looks_like(head));
            assert_ne!(detect(head, None), Some(Format::ResultsCsv));
        }
    }

    #[test]
    fn a_results_only_format_without_a_game_of_its_own() {
        assert!(kifu_facts::is_results_only_format(
            Format::ResultsCsv.name()
        ));
        assert_eq!(Format::from_name("results-csv"), Some(Format::ResultsCsv));
        assert_eq!(Format::ResultsCsv.game_kind(), None);
        let items = crate::member::records(
            Format::ResultsCsv,
            "ascii",
            b"game,player1,player2,result\nxiangqi,A,B,1-0\n",
        );
        assert!(matches!(&items[..], [Ok(AnyGame::Xiangqi(_))]));
    }
}
