//! The `.ccn` reader.

use kifu_facts::{GameKind, Severity};
use std::io::BufRead;

use super::actions::{pieces, read_moves, read_token, MoveState, Piece, Token};
use super::{is_pairs_value, new_game, note, set_result};
use crate::block::RecordText;
use crate::line::{chomp, LineError, LineReader};
use crate::raw::{CcGame, Comment, Format, Location, RawError};
use crate::tag;

fn set_tag(game: &mut CcGame, st: &mut MoveState, key: &str, value: String, at: Location) {
    match key.to_ascii_lowercase().as_str() {
        "game" => {
            let v = value.to_lowercase().replace([' ', '-', '_'], "");
            if !matches!(v.as_str(), "chouchou" | "珠取" | "シュシュ" | "shushu") {
                game.notes.push(note(
                    "not-chouchou",
                    Severity::Warning,
                    format!("[Game \"{value}\"] is not ChouChou; read as ChouChou"),
                    at,
                ));
            }
        }
        "variant" => game.variant = Some(value),
        "players" => match value.trim().parse::<u8>() {
            Ok(n) => game.player_count = Some(n),
            Err(_) => game.notes.push(note(
                "bad-tag",
                Severity::Warning,
                format!("[Players \"{value}\"] is not a number; ignored"),
                at,
            )),
        },
        "teams" => match is_pairs_value(&value) {
            Some(p) => game.pairs = p,
            None => game.notes.push(note(
                "bad-tag",
                Severity::Warning,
                format!("[Teams \"{value}\"] is not understood (expected \"pairs\"); ignored"),
                at,
            )),
        },
        "result" => {
            set_result(game, value, at);
            st.result_from_tag = true;
        }
        "termination" => game.termination = Some(value),
        _ => {
            let h = &mut game.header;
            if let Some(value) = h.apply_tag(GameKind::ChouChou, key, value) {
                h.extra.push((key.to_string(), value));
            }
        }
    }
}

/// A game being read.
struct Block {
    text: RecordText,
    game: CcGame,
    st: MoveState,
    has_content: bool,
    has_moves: bool,
}

impl Block {
    fn new(start: Location) -> Block {
        Block {
            text: RecordText::new(start),
            game: new_game(Format::ChouChouCcn, start),
            st: MoveState::default(),
            has_content: false,
            has_moves: false,
        }
    }

    fn fail(&mut self, at: Location, msg: String) {
        self.text.fail(at, msg);
    }

    /// Tag line(s), possibly followed by a comment or move text.
    fn tags(&mut self, body: &[u8], at: Location) {
        let mut rest = body;
        loop {
            let i = body.len() - rest.len();
            let trimmed = rest.iter().take_while(|b| b.is_ascii_whitespace()).count();
            let r = &rest[trimmed..];
            if r.is_empty() {
                return;
            }
            if r[0] != b'[' {
                let i = i + trimmed;
                match std::str::from_utf8(&body[i..]) {
                    Ok(text) => {
                        let t = text.trim();
                        if !t.is_empty() && !t.starts_with(';') {
                            self.has_moves = true;
                        }
                        if let Err((loc, m)) =
                            read_moves(text, at.advance(i), &mut self.game, &mut self.st, None)
                        {
                            self.fail(loc, m);
                        }
                    }
                    Err(e) => self.fail(
                        at.advance(i + e.valid_up_to()),
                        "the text is not UTF-8".to_string(),
                    ),
                }
                return;
            }
            match tag::scan(rest) {
                Ok((t, r2)) => {
                    let key = t.name();
                    set_tag(
                        &mut self.game,
                        &mut self.st,
                        &key,
                        t.value_text(),
                        at.advance(i),
                    );
                    rest = r2;
                }
                Err(k) => {
                    self.fail(
                        at.advance(i + k),
                        "malformed tag: expected [Key \"Value\"]".to_string(),
                    );
                    return;
                }
            }
        }
    }

    fn finish(mut self) -> Result<CcGame, RawError> {
        self.game.span = self.text.finish(Format::ChouChouCcn)?;
        Ok(self.game)
    }
}

/// Streams `.ccn` games.
pub struct CcnReader<R: BufRead> {
    src: LineReader<R>,
    done: bool,
}

impl<R: BufRead> CcnReader<R> {
    /// Starts at offset 0, line 1.
    pub fn new(reader: R) -> Self {
        CcnReader {
            src: LineReader::new(reader),
            done: false,
        }
    }

    /// Keeps at most `limit` bytes of a line (default [`crate::line::MAX_LINE`]).
    pub fn with_line_limit(mut self, limit: usize) -> Self {
        self.src = self.src.with_limit(limit);
        self
    }

    /// Bytes consumed so far.
    pub fn offset(&self) -> u64 {
        self.src.offset()
    }
}

impl<R: BufRead> Iterator for CcnReader<R> {
    type Item = Result<CcGame, RawError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            if let Some(item) = self.next_block() {
                return Some(item);
            }
        }
        None
    }
}

impl<R: BufRead> CcnReader<R> {
    /// Reads one block; `None` when it held no game.
    fn next_block(&mut self) -> Option<Result<CcGame, RawError>> {
        let mut block: Option<Block> = None;
        loop {
            let (full, at) = match self.src.next_line() {
                None => {
                    self.done = true;
                    break;
                }
                Some(Err(LineError::TooLong { at, len, kept })) => {
                    // Move text of the game being read (or the start of one); never read cut.
                    let b = block.get_or_insert_with(|| Block::new(at));
                    b.text.keep_too_long(at, len, kept);
                    b.has_content = true;
                    b.has_moves = true;
                    continue;
                }
                Some(Err(e)) => {
                    self.done = true;
                    let at = e.at();
                    let b = block.get_or_insert_with(|| Block::new(at));
                    b.has_content = true;
                    b.fail(at, e.message());
                    break;
                }
                Some(Ok(line)) => (line.bytes, line.at),
            };
            let line = chomp(full);
            let indent = line.iter().take_while(|c| c.is_ascii_whitespace()).count();
            let body = &line[indent..];
            let body_at = at.advance(indent);
            if body.is_empty() {
                match &block {
                    Some(b) if b.has_moves => break,
                    _ => continue,
                }
            }
            if body[0] == b'[' && block.as_ref().is_some_and(|b| b.has_moves) {
                self.src.unread();
                break;
            }
            let b = block.get_or_insert_with(|| Block::new(at));
            b.text.keep(full, at);
            match body[0] {
                b'#' => {
                    let text = String::from_utf8_lossy(&body[1..]).trim().to_string();
                    let ply = b.game.actions.len() as u32;
                    b.game.comments.push(Comment { ply, text });
                }
                b'[' => {
                    b.has_content = true;
                    b.tags(body, body_at);
                }
                _ => match std::str::from_utf8(body) {
                    Ok(text) => {
                        let only_comment = text.starts_with(';')
                            || (text.starts_with('{') && text.trim_end().ends_with('}'));
                        if !only_comment {
                            b.has_content = true;
                            b.has_moves = true;
                        }
                        if let Err((loc, m)) =
                            read_moves(text, body_at, &mut b.game, &mut b.st, None)
                        {
                            b.fail(loc, m);
                        }
                    }
                    Err(e) => {
                        b.has_content = true;
                        b.has_moves = true;
                        b.fail(
                            body_at.advance(e.valid_up_to()),
                            "the text is not UTF-8".to_string(),
                        );
                    }
                },
            }
        }
        match block {
            Some(b) if b.has_content => Some(b.finish()),
            _ => None,
        }
    }
}

/// Reads every `.ccn` game of a byte slice.
pub fn parse_ccn(bytes: &[u8]) -> Vec<Result<CcGame, RawError>> {
    CcnReader::new(bytes).collect()
}

/// Whether the start of a file looks like `.ccn`: a `[Game "ChouChou"]` tag, or move text
/// made of ChouChou actions.
pub fn looks_like_ccn(head: &[u8]) -> bool {
    let text = String::from_utf8_lossy(head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head));
    let mut actions = 0;
    let mut other = 0;
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(30)
    {
        if line.starts_with('[') {
            let l = line.to_lowercase().replace(' ', "");
            if l.contains("[game\"chouchou\"]") || l.contains("[game\"珠取\"]") {
                return true;
            }
            continue;
        }
        if line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        let Ok(ps) = pieces(line) else {
            other += 1;
            continue;
        };
        for p in ps {
            if let Piece::Token(t, _) = p {
                match read_token(t) {
                    Ok(Token::Action { .. }) => actions += 1,
                    Ok(_) => {}
                    Err(_) => other += 1,
                }
            }
        }
    }
    actions >= 2 && actions >= 4 * other
}
