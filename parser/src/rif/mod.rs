//! RenjuNet / RIF XML database export (`renjunet_v10_YYYYMMDD.rif`).
//!
//! # The schema, as far as public readers of the export show it
//!
//! No specification is published. This is what the readers of the real file agree on
//! (renju-note/renju-note `src/database/rif.ts`, wind23/whr_renju `game_base.py`,
//! commata/renju-alphazero `src/hybrid/renjunet.py`, quinstella.net "RenjuNet Database
//! 形式"; an example Rust reader shows `<tournament …/>` written as empty elements):
//!
//! ```text
//! <database>
//!   <countries> <country id name abbr/> …      <cities> <city id name country/> …
//!   <months> <month id name/> …                <rules> <rule id name category><info>…</info></rule> …
//!   <openings> <opening id name abbr/> …
//!   <players> <player id name surname country city gender native_name …/> …
//!   <tournaments> <tournament id name country city year month start end rule rated/> …
//!   <games>
//!     <game id publisher tournament round rule black white bresult btime wtime opening alt swap>
//!       <move>h8 h9 i9 …</move> <info>free text</info>
//!     </game> …
//! </database>
//! ```
//!
//! The tables precede `<games>` in the export; this reader keeps them as they stream by and
//! resolves a game's ids against them. How each game attribute is mapped:
//!
//! | attribute    | meaning (source)                                  | kifu                                    |
//! |--------------|---------------------------------------------------|-----------------------------------------|
//! | `id`         | game id                                           | `Header.id`                             |
//! | `tournament` | tournament id                                     | `event` = its name, `date` = its start (or year-month); `tournament_id` in extra |
//! | `round`      | round as text                                     | `round`                                 |
//! | `rule`       | rule id (`<rules>`; category 1 renju, 2 gomoku)   | `rule` = normalized name (see [`normalize_rule`]); `rule_id`, `rule_name` in extra |
//! | `black`/`white` | player ids                                     | `"Name Surname"`; `black_id`/`white_id` in extra |
//! | `bresult`    | Black's score: `1`, `0.5`, `0`                    | `result` Black's win / draw / White's; `result_text` as written |
//! | `btime`/`wtime` | time used (number, unit not documented)        | `black_time` / `white_time` as written  |
//! | `opening`    | opening id (`<openings>`, the 26 canonical names) | `opening` = its name; `opening_id` in extra |
//! | `alt`        | the 5th-move proposals (提示珠), a point list     | `OpeningData.proposals`; a bare number is taken as a declared count |
//! | `swap`       | result of the swap options (交替), text           | `OpeningData.swap` as written           |
//! | `publisher`  | id of the player who entered the game             | `publisher_id`, `publisher` in extra    |
//! | `<info>`     | free text, mostly opening-procedure notes         | `info` in extra                         |
//!
//! Any other attribute is kept in `extra` under its own name. An id that is not in its
//! table (or not a number) leaves the name empty, keeps the id in extra and adds the note
//! `unknown-reference`. An unrecognized `bresult` leaves `result` empty with the note
//! `unknown-result`.
//!
//! # Errors and locations
//!
//! Locations are absolute (byte offset from the start of the file, 1-based line and byte
//! column). A bad move token is reported where the token is (the `<move>` text is parsed by
//! [`crate::coord::move_list`]); a malformed or undecodable attribute, or an `alt` that is
//! not a point list, at the attribute's value; malformed XML where the XML parser stopped.
//! Each error keeps the raw text of the `<game>` element. After malformed XML the reader
//! skips to the next `<game` and carries on (the tables are not re-read: a break inside
//! them loses the rest of the tables).
//!
//! The file is streamed (quick-xml over a [`BufRead`]); names are decoded with the encoding
//! the XML declaration names (UTF-8 when it names none), via encoding_rs. Move text must be
//! ASCII-compatible, so UTF-16 files are refused.

use kifu_facts::GameKind;
use kifu_facts::Severity;
use std::io::BufRead;

use encoding_rs::Encoding;
use quick_xml::events::{BytesStart, Event};
use quick_xml::Reader;

use crate::coord;
use crate::raw::{
    raw_text, Format, Location, Note, Outcome, RawError, RawGame, RawItem, RawMove, Span,
};

mod alt;
mod source;
mod tables;

pub use tables::normalize_rule;

use alt::{parse_alt, AltValue};
use source::Source;
use tables::{tournament_date, Tables, Tournament};

/// An attribute: name, decoded and trimmed value, absolute offset of the raw value.
type Attr = (String, String, u64);

/// Streams the games of a RenjuNet/RIF XML export as [`RawItem`]s.
pub struct RifReader<R: BufRead> {
    reader: Option<Reader<Source<R>>>,
    /// Where the current quick-xml reader started in the input (it is replaced after a
    /// resync) and the bytes of made-up prefix it read first, which are not in the input.
    base: u64,
    prefix: u64,
    encoding: &'static Encoding,
    tables: Tables,
    /// Names of the open elements.
    stack: Vec<Vec<u8>>,
    game: Option<GameState>,
    buf: Vec<u8>,
    done: bool,
}

/// A `<game>` being read.
struct GameState {
    game: RawGame,
    /// The first error met inside it; reported when `</game>` is reached.
    error: Option<(Location, String)>,
    /// Inside `<move>`: where its text starts and the text so far.
    move_text: Option<(Option<Location>, Vec<u8>)>,
    /// Inside `<info>`: the text so far.
    info: Option<String>,
    have_moves: bool,
}

// `Item` is large but a `Step` never outlives one call.
#[allow(clippy::large_enum_variant)]
enum Step {
    Continue,
    Item(RawItem),
    End,
}

impl<R: BufRead> RifReader<R> {
    pub fn new(input: R) -> Self {
        RifReader {
            reader: Some(Self::xml_reader(Source::new(input))),
            base: 0,
            prefix: 0,
            encoding: encoding_rs::UTF_8,
            tables: Tables::default(),
            stack: Vec::new(),
            game: None,
            buf: Vec::new(),
            done: false,
        }
    }

    fn xml_reader(source: Source<R>) -> Reader<Source<R>> {
        let mut reader = Reader::from_reader(source);
        let config = reader.config_mut();
        config.trim_text(false);
        config.expand_empty_elements = false;
        // End names are checked here, against `stack`, so that a resync can start mid-file.
        config.check_end_names = false;
        reader
    }

    fn reader(&self) -> &Reader<Source<R>> {
        self.reader.as_ref().expect("reader present")
    }

    fn offset_now(&self) -> u64 {
        self.offset(self.reader().buffer_position())
    }

    /// The input offset of the current reader's position `at`.
    fn offset(&self, at: u64) -> u64 {
        (self.base + at).saturating_sub(self.prefix)
    }

    fn location(&self, offset: u64) -> Location {
        self.reader().get_ref().location(offset)
    }

    fn decode(&self, raw: &[u8]) -> String {
        let (text, _, _) = self.encoding.decode(raw);
        text.into_owned()
    }

    /// Decodes and unescapes an attribute value or text.
    fn text_value(&self, raw: &[u8]) -> Result<String, quick_xml::escape::EscapeError> {
        let decoded = self.decode(raw);
        quick_xml::escape::unescape(&decoded).map(|text| text.into_owned())
    }

    /// Attributes of a start tag whose text starts at `tag_start` (the `<`), with the
    /// absolute offset of each value.
    fn attributes(&self, e: &BytesStart<'_>, tag_start: u64) -> Result<Vec<Attr>, (u64, String)> {
        let bytes: &[u8] = e;
        let mut out = Vec::new();
        for attr in e.attributes() {
            let attr = attr.map_err(|err| {
                let at = match &err {
                    quick_xml::events::attributes::AttrError::ExpectedEq(p)
                    | quick_xml::events::attributes::AttrError::ExpectedValue(p)
                    | quick_xml::events::attributes::AttrError::UnquotedValue(p)
                    | quick_xml::events::attributes::AttrError::ExpectedQuote(p, _)
                    | quick_xml::events::attributes::AttrError::Duplicated(p, _) => {
                        tag_start + 1 + *p as u64
                    }
                };
                (at, format!("malformed attribute: {err}"))
            })?;
            let value_at = match &attr.value {
                std::borrow::Cow::Borrowed(v) => {
                    let rel = v.as_ptr() as usize - bytes.as_ptr() as usize;
                    tag_start + 1 + rel as u64
                }
                std::borrow::Cow::Owned(_) => tag_start,
            };
            let key = self.decode(attr.key.as_ref());
            let value = self.text_value(&attr.value).map_err(|e| {
                let m = format!("attribute {key}: bad character or entity reference: {e}");
                (value_at, m)
            })?;
            out.push((key, value.trim().to_string(), value_at));
        }
        Ok(out)
    }

    fn table_entry(&mut self, e: &BytesStart<'_>, tag_start: u64) {
        let name = e.name().as_ref().to_vec();
        let parent = self.stack.last().map(|p| p.as_slice()).unwrap_or(b"");
        let table = match (parent, name.as_slice()) {
            (b"players", b"player")
            | (b"tournaments", b"tournament")
            | (b"rules", b"rule")
            | (b"openings", b"opening")
            | (b"countries", b"country")
            | (b"cities", b"city") => name,
            _ => return,
        };
        // A malformed table entry is skipped: games that refer to it get a note.
        let Ok(attrs) = self.attributes(e, tag_start) else {
            return;
        };
        let get = |k: &str| {
            attrs
                .iter()
                .find(|(key, _, _)| key == k)
                .map(|(_, v, _)| v.as_str())
                .unwrap_or("")
        };
        let id = get("id").to_string();
        if id.is_empty() {
            return;
        }
        match table.as_slice() {
            b"player" => {
                let full = format!("{} {}", get("name"), get("surname"));
                let full = full.split_whitespace().collect::<Vec<_>>().join(" ");
                self.tables.players.insert(id, full);
            }
            b"tournament" => {
                let t = Tournament {
                    name: get("name").to_string(),
                    date: tournament_date(get("start"), get("year"), get("month")),
                    city: get("city").to_string(),
                    country: get("country").to_string(),
                    rule: get("rule").to_string(),
                };
                self.tables.tournaments.insert(id, t);
            }
            b"rule" => {
                self.tables.rules.insert(id, get("name").to_string());
            }
            b"opening" => {
                self.tables.openings.insert(id, get("name").to_string());
            }
            b"country" => {
                self.tables.countries.insert(id, get("name").to_string());
            }
            _ => {
                self.tables.cities.insert(id, get("name").to_string());
            }
        }
    }

    /// Starts a game from its start tag.
    fn start_game(&mut self, e: &BytesStart<'_>, tag_start: u64) -> GameState {
        let start = self.location(tag_start);
        let mut game = RawGame::new(Format::RifXml, start);
        let mut state = GameState {
            game: RawGame::new(Format::RifXml, start),
            error: None,
            move_text: None,
            info: None,
            have_moves: false,
        };
        let attrs = match self.attributes(e, tag_start) {
            Ok(a) => a,
            Err((at, message)) => {
                state.error = Some((self.location(at), message));
                return state;
            }
        };
        let mut notes: Vec<Note> = Vec::new();
        let mut note = |code: &'static str, message: String, at: Location| {
            notes.push(Note {
                code,
                severity: Severity::Warning,
                message,
                at,
                ply: None,
            });
        };
        let mut game_rule: Option<(String, u64)> = None;
        let mut tournament_rule = String::new();
        let mut extra: Vec<(String, String)> = Vec::new();
        let header = &mut game.header;
        for (key, value, at) in &attrs {
            let loc = self.location(*at);
            let some = |v: &str| (!v.is_empty()).then(|| v.to_string());
            match key.as_str() {
                "id" => header.id = some(value),
                "round" => header.round = some(value),
                "btime" => header.black_time = some(value),
                "wtime" => header.white_time = some(value),
                "swap" => game.opening.swap = some(value),
                "black" | "white" | "publisher" => {
                    if value.is_empty() {
                        continue;
                    }
                    extra.push((format!("{key}_id"), value.clone()));
                    let name = self.tables.players.get(value).filter(|n| !n.is_empty());
                    match (key.as_str(), name) {
                        ("black", Some(n)) => header.black = Some(n.clone()),
                        ("white", Some(n)) => header.white = Some(n.clone()),
                        (_, Some(n)) => extra.push(("publisher".into(), n.clone())),
                        (_, None) => note(
                            "unknown-reference",
                            format!("{key} player id {value:?} is not in <players>"),
                            loc,
                        ),
                    }
                }
                "tournament" => {
                    if value.is_empty() {
                        continue;
                    }
                    extra.push(("tournament_id".into(), value.clone()));
                    match self.tables.tournaments.get(value) {
                        Some(t) => {
                            header.event = some(&t.name);
                            header.date = t.date.clone();
                            tournament_rule = t.rule.clone();
                            let city = self.tables.cities.get(&t.city);
                            let country = self.tables.countries.get(&t.country);
                            let site: Vec<&str> = [city, country]
                                .into_iter()
                                .flatten()
                                .map(|s| s.as_str())
                                .filter(|s| !s.is_empty())
                                .collect();
                            if !site.is_empty() {
                                extra.push(("site".into(), site.join(", ")));
                            }
                        }
                        None => note(
                            "unknown-reference",
                            format!("tournament id {value:?} is not in <tournaments>"),
                            loc,
                        ),
                    }
                }
                "rule" => {
                    if !value.is_empty() {
                        game_rule = Some((value.clone(), *at));
                    }
                }
                "opening" => {
                    if value.is_empty() || value == "0" {
                        continue;
                    }
                    extra.push(("opening_id".into(), value.clone()));
                    match self.tables.openings.get(value) {
                        Some(name) if !name.is_empty() => header.opening = Some(name.clone()),
                        _ => note(
                            "unknown-reference",
                            format!("opening id {value:?} is not in <openings>"),
                            loc,
                        ),
                    }
                }
                "bresult" => {
                    if value.is_empty() {
                        continue;
                    }
                    header.result_text = Some(value.clone());
                    let score = value.parse::<f64>().ok();
                    header.result = if score == Some(1.0) {
                        Outcome::of(GameKind::Renju, kifu_facts::ResultName::Black)
                    } else if score == Some(0.0) {
                        Outcome::of(GameKind::Renju, kifu_facts::ResultName::White)
                    } else if score == Some(0.5) {
                        Some(Outcome::Draw)
                    } else {
                        note(
                            "unknown-result",
                            format!("bresult {value:?} is not 1, 0.5 or 0"),
                            loc,
                        );
                        None
                    };
                }
                "alt" => {
                    if value.is_empty() {
                        continue;
                    }
                    // The raw value maps byte for byte onto the file unless it held
                    // references or non-ASCII text; then proposals point at the value.
                    let exact = self.encoding.is_ascii_compatible()
                        && value.is_ascii()
                        && !attrs_raw_has_amp(e, (*at).saturating_sub(tag_start + 1));
                    match parse_alt(value) {
                        Ok(AltValue::Count(n)) => game.opening.declared_proposals = Some(n),
                        Ok(AltValue::Points(points)) => {
                            let lead = raw_leading_blanks(e, (*at).saturating_sub(tag_start + 1));
                            for (offset, point, len) in points {
                                let at = if exact {
                                    self.location(*at + (lead + offset) as u64)
                                } else {
                                    loc
                                };
                                game.opening.proposals.push(RawMove {
                                    point,
                                    at,
                                    len: len as u16,
                                });
                            }
                        }
                        Err(offset) => {
                            let lead = raw_leading_blanks(e, (*at).saturating_sub(tag_start + 1));
                            let at = if exact {
                                self.location(*at + (lead + offset) as u64)
                            } else {
                                loc
                            };
                            state.error = Some((
                                at,
                                format!("attribute alt: {value:?} is not a list of points"),
                            ));
                        }
                    }
                }
                _ => extra.push((key.clone(), value.clone())),
            }
        }
        // The rule: the game's own, else the tournament's.
        let rule = game_rule
            .clone()
            .map(|(id, at)| (id, Some(at)))
            .or_else(|| (!tournament_rule.is_empty()).then(|| (tournament_rule.clone(), None)));
        if let Some((id, at)) = rule {
            extra.push(("rule_id".into(), id.clone()));
            match self.tables.rules.get(&id) {
                Some(name) if !name.is_empty() => {
                    game.header.rule = Some(normalize_rule(name));
                    extra.push((kifu_facts::RULE_NAME_TAG.into(), name.clone()));
                }
                _ => note(
                    "unknown-reference",
                    format!("rule id {id:?} is not in <rules>"),
                    at.map(|a| self.location(a)).unwrap_or(start),
                ),
            }
        }
        game.header.extra = extra;
        game.notes = notes;
        state.game = game;
        state
    }

    /// The item for a game that ends at `end` (exclusive).
    fn finish_game(&mut self, mut state: GameState, end: u64) -> RawItem {
        let start = state.game.start;
        let span = Span::new(start.offset, end);
        if let Some(info) = state.info.take() {
            let info = info.trim().to_string();
            if !info.is_empty() {
                state.game.header.extra.push(("info".into(), info));
            }
        }
        match state.error {
            Some((at, message)) => Err(RawError {
                format: Some(Format::RifXml),
                at,
                start,
                span,
                message,
                raw: raw_text(self.reader().get_ref().captured(start.offset, end)),
            }),
            None => {
                state.game.span = span;
                Ok(state.game)
            }
        }
    }

    fn end_move(&mut self, state: &mut GameState, end: u64) {
        let Some((at, text)) = state.move_text.take() else {
            return;
        };
        if state.error.is_some() {
            return;
        }
        let at = at.unwrap_or_else(|| self.location(end));
        if state.have_moves {
            state.error = Some((at, "a second <move> in one game".into()));
            return;
        }
        state.have_moves = true;
        match coord::move_list(&text, at) {
            Ok(moves) => state.game.moves = moves,
            Err((loc, message)) => state.error = Some((loc, message)),
        }
    }

    /// A syntax error: reports it and skips to the next `<game`.
    fn syntax_error(&mut self, message: String) -> RawItem {
        let reader = self.reader.take().expect("reader present");
        let err_at = self.offset(reader.error_position());
        let source = reader.into_inner();
        let at = source.location(err_at.max(source.mark));
        let (start, start_offset) = match self.game.take() {
            Some(g) => (g.game.start, g.game.start.offset),
            None => (at, err_at.max(source.mark)),
        };
        let end = source.pos;
        let raw = raw_text(source.captured(start_offset, end));
        let item = RawError {
            format: Some(Format::RifXml),
            at,
            start,
            span: Span::new(start_offset, end),
            message,
            raw,
        };
        self.resync(source);
        Err(item)
    }

    fn step(&mut self) -> Step {
        let before = self.offset_now();
        if self.game.is_none() {
            self.reader
                .as_mut()
                .expect("reader present")
                .get_mut()
                .set_mark(before);
        }
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        let event = self
            .reader
            .as_mut()
            .expect("reader present")
            .read_event_into(&mut buf);
        let step = match event {
            Err(e) => Step::Item(self.syntax_error(format!("malformed XML: {e}"))),
            Ok(event) => self.handle(event, before),
        };
        self.buf = buf;
        step
    }

    fn handle(&mut self, event: Event<'_>, before: u64) -> Step {
        let after = self.offset_now();
        match event {
            Event::Decl(d) => {
                if let Some(Ok(label)) = d.encoding() {
                    match Encoding::for_label(label.as_ref()) {
                        Some(enc) if enc.is_ascii_compatible() => self.encoding = enc,
                        Some(_) => {
                            self.done = true;
                            let at = self.location(before);
                            return Step::Item(Err(RawError {
                                format: Some(Format::RifXml),
                                at,
                                start: at,
                                span: Span::new(before, after),
                                message: format!(
                                    "encoding {:?} is not supported (not ASCII-compatible)",
                                    String::from_utf8_lossy(&label)
                                ),
                                raw: raw_text(self.reader().get_ref().captured(before, after)),
                            }));
                        }
                        None => {} // unknown label: keep UTF-8
                    }
                }
                Step::Continue
            }
            Event::Start(e) => {
                let name = e.name().as_ref().to_vec();
                if let Some(mut state) = self.game.take() {
                    match name.as_slice() {
                        b"move" if state.move_text.is_none() => {
                            state.move_text = Some((None, Vec::new()));
                        }
                        b"info" => state.info = Some(String::new()),
                        _ => {}
                    }
                    self.game = Some(state);
                } else if name == b"game" {
                    self.game = Some(self.start_game(&e, before));
                } else {
                    self.table_entry(&e, before);
                }
                self.stack.push(name);
                Step::Continue
            }
            Event::Empty(e) => {
                let qname = e.name();
                let name = qname.as_ref();
                if self.game.is_some() {
                    if name == b"move" {
                        let mut state = self.game.take().expect("game");
                        state.move_text = Some((Some(self.location(after)), Vec::new()));
                        self.end_move(&mut state, after);
                        self.game = Some(state);
                    }
                    Step::Continue
                } else if name == b"game" {
                    let state = self.start_game(&e, before);
                    Step::Item(self.finish_game(state, after))
                } else {
                    self.table_entry(&e, before);
                    Step::Continue
                }
            }
            Event::End(e) => {
                let name = e.name().as_ref().to_vec();
                match self.stack.last() {
                    Some(open) if *open == name => {}
                    other => {
                        let expected = other
                            .map(|o| format!("</{}>", String::from_utf8_lossy(o)))
                            .unwrap_or_else(|| "no end tag".into());
                        let message = format!(
                            "malformed XML: found </{}>, expected {expected}",
                            String::from_utf8_lossy(&name)
                        );
                        return Step::Item(self.mismatch(message, before));
                    }
                }
                self.stack.pop();
                if let Some(mut state) = self.game.take() {
                    match name.as_slice() {
                        b"game" => return Step::Item(self.finish_game(state, after)),
                        b"move" => self.end_move(&mut state, before),
                        b"info" => {}
                        _ => {}
                    }
                    self.game = Some(state);
                }
                Step::Continue
            }
            Event::Text(t) => {
                let here = self.location(before);
                if let Some(state) = self.game.as_mut() {
                    if let Some((at, text)) = state.move_text.as_mut() {
                        if at.is_none() {
                            *at = Some(here);
                        }
                        text.extend_from_slice(&t);
                    } else if state.info.is_some() {
                        let piece = self.decode(&t);
                        if let Some(info) = self.game.as_mut().and_then(|s| s.info.as_mut()) {
                            info.push_str(&piece);
                        }
                    }
                }
                Step::Continue
            }
            Event::CData(t) => {
                if let Some(state) = self.game.as_mut() {
                    if state.move_text.is_some() {
                        if state.error.is_none() {
                            let at = self.location(before);
                            let state = self.game.as_mut().expect("game");
                            state.error = Some((at, "CDATA inside <move>".into()));
                        }
                    } else if state.info.is_some() {
                        let piece = self.decode(&t);
                        if let Some(info) = self.game.as_mut().and_then(|s| s.info.as_mut()) {
                            info.push_str(&piece);
                        }
                    }
                }
                Step::Continue
            }
            Event::GeneralRef(r) => {
                if let Some(state) = self.game.as_ref() {
                    let in_move = state.move_text.is_some();
                    let in_info = state.info.is_some();
                    let raw = format!("&{};", String::from_utf8_lossy(&r));
                    let resolved = quick_xml::escape::unescape(&raw)
                        .map(|s| s.into_owned())
                        .ok();
                    let at = self.location(before);
                    let state = self.game.as_mut().expect("game");
                    if in_move && state.error.is_none() {
                        state.error = Some((at, format!("entity reference {raw} inside <move>")));
                    } else if in_info {
                        match resolved {
                            Some(s) => state.info.as_mut().expect("info").push_str(&s),
                            None if state.error.is_none() => {
                                state.error = Some((at, format!("unknown entity {raw}")))
                            }
                            None => {}
                        }
                    }
                }
                Step::Continue
            }
            Event::Eof => {
                if let Some(state) = self.game.take() {
                    let end = self.offset_now();
                    let mut item = self.finish_game(state, end);
                    let at = self.location(end);
                    if let Err(e) = &mut item {
                        e.message = format!("end of file inside <game> ({})", e.message);
                    } else if let Ok(g) = item {
                        item = Err(RawError {
                            format: Some(Format::RifXml),
                            at,
                            start: g.start,
                            span: g.span,
                            message: "end of file inside <game>".into(),
                            raw: raw_text(self.reader().get_ref().captured(g.start.offset, end)),
                        });
                    }
                    self.done = true;
                    return Step::Item(item);
                }
                Step::End
            }
            _ => Step::Continue,
        }
    }

    /// Skips to the next `<game` and restarts the XML reader there, as if inside
    /// `<database><games>` (quick-xml checks end tags against the tags it saw open).
    fn resync(&mut self, mut source: Source<R>) {
        self.game = None;
        match source.skip_to_game() {
            Ok(true) => {
                source.set_mark(source.pos);
                source.prefix = b"<database><games>".to_vec();
                // A `<game` in the input's first bytes is as far in as the prefix is long.
                self.base = source.pos;
                self.prefix = source.prefix.len() as u64;
                self.stack.clear();
            }
            _ => self.done = true,
        }
        self.reader = Some(Self::xml_reader(source));
    }

    /// A mismatched end tag: reported like malformed XML, then resync.
    fn mismatch(&mut self, message: String, at_offset: u64) -> RawItem {
        let at = self.location(at_offset);
        let end = self.offset_now();
        let (start, start_offset) = match self.game.take() {
            Some(g) => (g.game.start, g.game.start.offset),
            None => (at, at_offset),
        };
        let raw = raw_text(self.reader().get_ref().captured(start_offset, end));
        let reader = self.reader.take().expect("reader present");
        self.resync(reader.into_inner());
        Err(RawError {
            format: Some(Format::RifXml),
            at,
            start,
            span: Span::new(start_offset, end),
            message,
            raw,
        })
    }
}

/// Whether the raw value starting `rel` bytes into the tag holds a `&`.
fn attrs_raw_has_amp(e: &BytesStart<'_>, rel: u64) -> bool {
    let bytes: &[u8] = e;
    let rest = &bytes[(rel as usize).min(bytes.len())..];
    let end = rest
        .iter()
        .position(|&b| b == b'"' || b == b'\'')
        .unwrap_or(rest.len());
    rest[..end].contains(&b'&')
}

/// Blanks at the start of the raw value (the value handed to the parsers is trimmed).
fn raw_leading_blanks(e: &BytesStart<'_>, rel: u64) -> usize {
    let bytes: &[u8] = e;
    let rest = &bytes[(rel as usize).min(bytes.len())..];
    rest.iter().take_while(|b| b.is_ascii_whitespace()).count()
}

impl<R: BufRead> Iterator for RifReader<R> {
    type Item = RawItem;

    fn next(&mut self) -> Option<RawItem> {
        while !self.done {
            match self.step() {
                Step::Continue => {}
                Step::Item(item) => return Some(item),
                Step::End => self.done = true,
            }
        }
        None
    }
}

/// Reads every record of an in-memory export.
pub fn parse_bytes(input: &[u8]) -> Vec<RawItem> {
    RifReader::new(input).collect()
}
