//! The spreadsheet-export reader (CSV, TSV).

use kifu_facts::Severity;

use super::actions::{normalize, read_moves, MoveState};
use super::{is_pairs_value, new_game, note, set_result};
use crate::line::LineStarts;
use crate::mapped_text;
use crate::plain::normalize_date;
use crate::raw::{raw_text, CcGame, Format, Location, RawError, Span};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Col {
    Round,
    Player,
    Move,
    Event,
    Game,
    Captured,
    Ply,
    Variant,
    Players,
    Teams,
    Date,
    Result,
    Termination,
}

fn column_kind(name: &str) -> Option<Col> {
    let n: String = normalize(name.trim())
        .text
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '_' | '-' | '.'))
        .collect();
    Some(match n.as_str() {
        "round" | "rd" | "rnd" | "回戦" | "ラウンド" | "回" => Col::Round,
        "player" | "name" | "playername" | "mover" | "対局者" | "プレイヤー" | "選手" | "氏名"
        | "名前" => Col::Player,
        "move" | "moves" | "action" | "指し手" | "指手" | "手" | "棋譜" | "着手" => {
            Col::Move
        }
        "event" | "tournament" | "大会" | "大会名" => Col::Event,
        "game" | "gameid" | "game#" | "table" | "board" | "match" | "対局" | "卓" | "テーブル" => {
            Col::Game
        }
        "captured" | "capture" | "captures" | "taken" | "取り" | "取った駒" | "取" | "取得" => {
            Col::Captured
        }
        "ply" | "no" | "#" | "手数" | "turn" | "moveno" | "movenumber" => Col::Ply,
        "variant" | "盤" => Col::Variant,
        "players" | "人数" => Col::Players,
        "teams" | "team" | "pairs" | "ペア" => Col::Teams,
        "date" | "日付" | "日時" => Col::Date,
        "result" | "winner" | "勝者" | "結果" => Col::Result,
        "termination" => Col::Termination,
        _ => return None,
    })
}

/// The delimiter of a header line: tab, comma or semicolon, whichever occurs most outside
/// quotes (tab on a tie).
fn delimiter(line: &str) -> char {
    let mut counts = [0usize; 3];
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            '\t' if !quoted => counts[0] += 1,
            ',' if !quoted => counts[1] += 1,
            ';' if !quoted => counts[2] += 1,
            _ => {}
        }
    }
    let best = (0..3).max_by_key(|&i| (counts[i], 3 - i)).unwrap_or(0);
    ['\t', ',', ';'][best]
}

/// One field: its text (quotes removed, `""` unescaped) and where its content starts.
#[derive(Debug)]
struct Field {
    text: String,
    /// Absolute offset of the content's first byte.
    start: usize,
    /// Source offset of every byte of `text` (quoted fields with escapes shift).
    map: Vec<usize>,
}

#[derive(Debug)]
struct Row {
    fields: Vec<Field>,
    start: usize,
    end: usize,
}

/// The sheet's text and, where it was decoded from Shift_JIS, the source offset of every
/// decoded byte: rows, fields and findings are placed in the file's bytes, not the text.
struct SheetText {
    text: String,
    /// `source[i]` is the offset in the body of the character holding decoded byte `i`, and
    /// `source[text.len()]` the body's length; `None` when the text is the body itself.
    source: Option<Vec<u32>>,
    /// The body's offset in the file (a byte-order mark before it).
    base: usize,
}

impl SheetText {
    fn new(body: &[u8], base: usize) -> (SheetText, bool) {
        match std::str::from_utf8(body) {
            Ok(t) => (
                SheetText {
                    text: t.to_string(),
                    source: None,
                    base,
                },
                false,
            ),
            Err(_) => {
                let (text, source, _) = mapped_text::decode(body, encoding_rs::SHIFT_JIS);
                (
                    SheetText {
                        text,
                        source: Some(source),
                        base,
                    },
                    true,
                )
            }
        }
    }

    /// The file offset of decoded byte `i`.
    fn at(&self, i: usize) -> usize {
        self.base
            + match &self.source {
                Some(map) => map[i.min(map.len() - 1)] as usize,
                None => i,
            }
    }
}

/// Splits the text into rows of fields, placed in the file. An unterminated quote is an
/// error at the quote.
fn rows(sheet: &SheetText, delim: char) -> Result<Vec<Row>, (usize, String)> {
    let mut out = Vec::new();
    let text = sheet.text.as_str();
    let src = |i: usize| sheet.at(i);
    let b = text.as_bytes();
    let d = delim as u8;
    let mut i = 0;
    while i < b.len() {
        let row_start = i;
        let mut fields = Vec::new();
        loop {
            // One field.
            if i < b.len() && b[i] == b'"' {
                let q = i;
                i += 1;
                let mut t = Vec::new();
                let mut map = Vec::new();
                loop {
                    if i >= b.len() {
                        return Err((src(q), "unterminated quoted field".to_string()));
                    }
                    if b[i] == b'"' {
                        if i + 1 < b.len() && b[i + 1] == b'"' {
                            t.push(b'"');
                            map.push(src(i));
                            i += 2;
                            continue;
                        }
                        i += 1;
                        break;
                    }
                    t.push(b[i]);
                    map.push(src(i));
                    i += 1;
                }
                // The content ends at the closing quote, or after anything between the
                // closing quote and the delimiter (kept as is).
                let mut content_end = i - 1;
                while i < b.len() && b[i] != d && b[i] != b'\n' && b[i] != b'\r' {
                    t.push(b[i]);
                    map.push(src(i));
                    i += 1;
                    content_end = i;
                }
                map.push(src(content_end));
                fields.push(Field {
                    text: String::from_utf8_lossy(&t).into_owned(),
                    start: src(q + 1),
                    map,
                });
            } else {
                let s = i;
                while i < b.len() && b[i] != d && b[i] != b'\n' && b[i] != b'\r' {
                    i += 1;
                }
                fields.push(Field {
                    text: text[s..i].to_string(),
                    start: src(s),
                    map: (s..=i).map(src).collect(),
                });
            }
            if i < b.len() && b[i] == d {
                i += 1;
                continue;
            }
            break;
        }
        let end = i;
        if i < b.len() && b[i] == b'\r' {
            i += 1;
        }
        if i < b.len() && b[i] == b'\n' {
            i += 1;
        }
        out.push(Row {
            fields,
            start: src(row_start),
            end: src(end),
        });
    }
    Ok(out)
}

fn sheet_error(at: Location, start: Location, span: Span, message: String, raw: &[u8]) -> RawError {
    RawError {
        format: Some(Format::ChouChouSheet),
        at,
        start,
        span,
        message,
        raw: raw_text(raw),
    }
}

/// Reads a spreadsheet export (CSV or TSV): one item per game.
pub fn parse_sheet(bytes: &[u8]) -> Vec<Result<CcGame, RawError>> {
    let (bom, body) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(b) => (3, b),
        None => (0, bytes),
    };
    let mut notes = Vec::new();
    let (sheet, guessed) = SheetText::new(body, bom);
    if guessed {
        notes.push(note(
            "encoding-guess",
            Severity::Info,
            "the file is not UTF-8: read as Shift_JIS".to_string(),
            Location::new(0, 1, 1),
        ));
    }
    let text = sheet.text.as_str();
    let lines = LineStarts::new(body, bom, 0);
    let whole = Span::new(bom as u64, bytes.len() as u64);
    let first = Location::new(bom as u64, 1, bom as u32 + 1);
    let header_line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let delim = delimiter(header_line);
    let all = match rows(&sheet, delim) {
        Ok(r) => r,
        Err((off, m)) => return vec![Err(sheet_error(lines.at(off), first, whole, m, bytes))],
    };
    let mut all = all
        .into_iter()
        .filter(|r| r.fields.iter().any(|f| !f.text.trim().is_empty()));
    let Some(header) = all.next() else {
        return Vec::new();
    };
    let cols: Vec<Option<Col>> = header.fields.iter().map(|f| column_kind(&f.text)).collect();
    let find = |c: Col| cols.iter().position(|&k| k == Some(c));
    let Some(move_col) = find(Col::Move) else {
        return vec![Err(sheet_error(
            lines.at(header.start),
            lines.at(header.start),
            Span::new(header.start as u64, bytes.len() as u64),
            "no move column in the header row (expected columns such as round, player, move)"
                .to_string(),
            bytes,
        ))];
    };
    let (round_col, player_col, event_col, game_col) = (
        find(Col::Round),
        find(Col::Player),
        find(Col::Event),
        find(Col::Game),
    );
    let get = |r: &Row, c: Option<usize>| -> String {
        c.and_then(|c| r.fields.get(c))
            .map_or(String::new(), |f| f.text.trim().to_string())
    };
    // Group rows by (event, round, game), in order of first appearance (indexed: a sheet
    // of thousands of one-row games must not compare every row with every game).
    let mut keys: Vec<(String, String, String)> = Vec::new();
    let mut groups: Vec<Vec<Row>> = Vec::new();
    let mut index: std::collections::HashMap<(String, String, String), usize> =
        std::collections::HashMap::new();
    for r in all {
        if get(&r, Some(move_col)).is_empty() {
            continue;
        }
        let key = (get(&r, event_col), get(&r, round_col), get(&r, game_col));
        match index.get(&key) {
            Some(&i) => groups[i].push(r),
            None => {
                index.insert(key.clone(), keys.len());
                keys.push(key);
                groups.push(vec![r]);
            }
        }
    }
    let mut out = Vec::new();
    for (key, mut rows) in keys.into_iter().zip(groups) {
        if let Some(pc) = find(Col::Ply) {
            let plies: Vec<Option<u32>> =
                rows.iter().map(|r| get(r, Some(pc)).parse().ok()).collect();
            if plies.iter().all(Option::is_some) {
                let mut idx: Vec<usize> = (0..rows.len()).collect();
                idx.sort_by_key(|&i| plies[i]);
                let mut taken: Vec<Option<Row>> = rows.into_iter().map(Some).collect();
                rows = idx.into_iter().filter_map(|i| taken[i].take()).collect();
            }
        }
        let start_off = rows.iter().map(|r| r.start).min().unwrap_or(0);
        let end_off = rows.iter().map(|r| r.end).max().unwrap_or(0);
        let start = lines.at(start_off);
        let span = Span::new(start_off as u64, end_off as u64);
        let mut game = new_game(Format::ChouChouSheet, start);
        game.span = span;
        game.notes = notes.clone();
        if !key.0.is_empty() {
            game.header.event = Some(key.0.clone());
        }
        if !key.1.is_empty() {
            game.header.round = Some(key.1.clone());
        }
        if !key.2.is_empty() {
            game.header.extra.push(("Game".to_string(), key.2.clone()));
        }
        let first_value = |c: Col| {
            find(c).and_then(|c| rows.iter().map(|r| get(r, Some(c))).find(|v| !v.is_empty()))
        };
        game.variant = first_value(Col::Variant);
        game.player_count = first_value(Col::Players).and_then(|v| v.parse().ok());
        game.pairs = first_value(Col::Teams)
            .and_then(|v| is_pairs_value(&v))
            .unwrap_or(false);
        game.header.date = first_value(Col::Date).map(|d| normalize_date(&d));
        if let Some(r) = first_value(Col::Result) {
            set_result(&mut game, r, start);
        }
        game.termination = first_value(Col::Termination);
        let mut error = None;
        let mut seen = std::collections::HashSet::new();
        for r in &rows {
            let player = get(r, player_col);
            if !player.is_empty() && seen.insert(player.clone()) {
                game.header.players.push(player.clone());
            }
            let Some(f) = r.fields.get(move_col) else {
                continue;
            };
            let before = game.actions.len();
            let mut st = MoveState::default();
            let lead = f.text.len() - f.text.trim_start().len();
            let field_at = lines.at(f.map.get(lead).copied().unwrap_or(f.start));
            let res = read_moves(
                f.text.trim(),
                field_at,
                &mut game,
                &mut st,
                (!player.is_empty()).then_some(player.as_str()),
            );
            // Locations inside a quoted field with escapes: remap through the field's map.
            let res = res.map_err(|(loc, m)| {
                let i = (loc.offset - field_at.offset) as usize + lead;
                (
                    lines.at(f.map.get(i).copied().unwrap_or(loc.offset as usize)),
                    m,
                )
            });
            let res = res.and_then(|()| match game.actions.len() - before {
                1 => Ok(()),
                0 => Err((field_at, format!("'{}' holds no action", f.text.trim()))),
                _ => Err((
                    game.actions[before + 1].at,
                    "more than one action in one move cell".to_string(),
                )),
            });
            if let Err(e) = res {
                error = Some(e);
                break;
            }
            for a in &mut game.actions[before..] {
                let i = (a.at.offset - field_at.offset) as usize + lead;
                a.at = lines.at(f.map.get(i).copied().unwrap_or(a.at.offset as usize));
            }
            if let Some(c) = find(Col::Captured) {
                let v = get(r, Some(c));
                if let (Ok(k), Some(a)) = (v.parse::<u32>(), game.actions.last_mut()) {
                    if a.annotated_captures.is_none() {
                        a.annotated_captures = Some(k);
                    }
                }
            }
        }
        out.push(match error {
            Some((at, m)) => {
                // The quarantine keeps the game's rows as text (decoded when not UTF-8).
                let rows = &bytes[start_off.min(bytes.len())..end_off.min(bytes.len())];
                let raw = match sheet.source {
                    None => std::borrow::Cow::Borrowed(rows),
                    Some(_) => encoding_rs::SHIFT_JIS
                        .decode_without_bom_handling(rows)
                        .0
                        .into_owned()
                        .into_bytes()
                        .into(),
                };
                Err(sheet_error(at, start, span, m, &raw))
            }
            None => Ok(game),
        });
    }
    out
}

/// Whether the start of a file looks like a ChouChou spreadsheet export: a header row with
/// a move column and a round or player column, and not the header of a results CSV
/// (`player1`, `player2`: one game a row, whatever other columns it keeps).
pub fn looks_like_sheet(head: &[u8]) -> bool {
    if crate::results_csv::looks_like(head) {
        return false;
    }
    let text = String::from_utf8_lossy(head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head));
    let Some(line) = text.lines().find(|l| !l.trim().is_empty()) else {
        return false;
    };
    let d = delimiter(line);
    let kinds: Vec<Option<Col>> = line
        .split(d)
        .map(|f| column_kind(f.trim().trim_matches('"')))
        .collect();
    kinds.contains(&Some(Col::Move))
        && (kinds.contains(&Some(Col::Round)) || kinds.contains(&Some(Col::Player)))
}
