//! Chess Territorial records: PGN with drops ([`Format::TerritorialPgn`]).
//!
//! A file holds one or more games, in either of two shapes, freely mixed:
//!
//! - **PGN**: tag lines `[Key "Value"]` (several tags may share a line), then move text up to
//!   the result token, a blank line after some move text, or the next tag line. A tag line
//!   after a blank line that follows tags (and no move text) starts a new game.
//! - **Move lists**: a line of move text with no tags before it is one game (it goes on
//!   to the next line only while a `{…}` comment is open).
//!
//! **Tags.** `White`, `Black`, `Event`, `Round`, `Date` (normalized to `YYYY[-MM[-DD]]` by
//! [`crate::plain::normalize_date`]) and `Result` fill the [`Header`]; every other tag
//! (`Game`, `Site`, `WhiteScore`, `BlackScore`, …) is kept in `header.extra` in file
//! order. A `Game` tag naming another game is a warning Note `other-game`. Results follow
//! chess: `1-0` White wins, `0-1` Black wins, `1/2-1/2` a draw, `*` unknown
//! (`result_text` keeps the text as written).
//!
//! **Move text.** A move is `<piece>@<square>`: piece `K Q R B N P` (lower case accepted),
//! omitted for a pawn (`@e3`), square `a1`-`h8`; `--` is a pass. Move numbers (`1.`,
//! `1...`, also glued: `1.K@e1`) are skipped, as are NAGs (`$1`) and `!`/`?` marks after a
//! move. Comments `{…}` (over several lines) and `;` to the end of the line become
//! [`Comment`]s at the ply reached; lines starting with `%` are skipped. A result token
//! `1-0 0-1 1/2-1/2 *` ends the game; it sets the result unless a `Result` tag did (a
//! disagreement is a warning Note `result-disagrees`).
//!
//! Anything else (a malformed move, a variation `(…)`, a `}` that closes no comment, text
//! after the result token, a comment never closed, a malformed tag line) makes the game a
//! [`RawError`] located at the offending byte (line, column, offset), and reading goes on
//! with the next game. The reader streams: one line at a time into a reused buffer.

use kifu_facts::GameKind;
use kifu_facts::Severity;
use std::io::BufRead;

use crate::block::RecordText;
use crate::line::{chomp, LineError, LineReader};
use crate::raw::{
    Comment, CtGame, CtMove, CtMoveText, Format, Header, Location, Note, Outcome, RawError, Span,
};
use crate::tag;

/// A result as written in a `Result` tag or as a result token (chess convention).
pub fn result_value(text: &str) -> Option<Outcome> {
    Outcome::from_score(text).or_else(|| match text.trim().to_ascii_lowercase().as_str() {
        "draw" => Some(Outcome::Draw),
        "?" | "unknown" => Some(Outcome::Unknown),
        side @ ("white" | "black") => Outcome::side_win(GameKind::Territorial, side),
        _ => None,
    })
}

fn is_result_token(tok: &[u8]) -> bool {
    matches!(tok, b"1-0" | b"0-1" | b"1/2-1/2" | b"*") || tok == "½-½".as_bytes()
}

/// Why a token is not a move: (byte index in the token, message).
type TokenError = (usize, String);

/// Reads one move token: `K@e1`, `@e3`, `P@e3`, `--`.
pub fn parse_move(token: &[u8]) -> Result<CtMoveText, TokenError> {
    let show = String::from_utf8_lossy(token);
    if token == b"--" {
        return Ok(CtMoveText::Pass);
    }
    let Some(at) = token.iter().position(|&b| b == b'@') else {
        return Err((
            0,
            format!(
                "'{show}' is not a move: expected <piece>@<square> (K@e1, @e3) or -- for a pass"
            ),
        ));
    };
    let piece = match &token[..at] {
        [] => b'P',
        [c] => match c.to_ascii_uppercase() {
            p @ (b'K' | b'Q' | b'R' | b'B' | b'N' | b'P') => p,
            _ => {
                return Err((
                    0,
                    format!(
                        "'{show}' is not a move: '{}' is not a piece letter (K, Q, R, B, N or P)",
                        String::from_utf8_lossy(&token[..1])
                    ),
                ))
            }
        },
        _ => {
            let msg = "expected one piece letter (K, Q, R, B, N or P) before '@'";
            return Err((0, format!("'{show}' is not a move: {msg}")));
        }
    };
    let sq = &token[at + 1..];
    let Some(&f) = sq.first() else {
        return Err((
            at + 1,
            format!("'{show}' is not a move: expected a square (a1-h8) after '@'"),
        ));
    };
    let file = f.to_ascii_lowercase();
    if !(b'a'..=b'h').contains(&file) {
        return Err((
            at + 1,
            format!(
                "'{show}' is not a move: file '{}' is not a-h",
                f.escape_ascii()
            ),
        ));
    }
    let Some(&r) = sq.get(1) else {
        return Err((
            at + 2,
            format!("'{show}' is not a move: expected a rank 1-8 after the file"),
        ));
    };
    if !(b'1'..=b'8').contains(&r) {
        return Err((
            at + 2,
            format!(
                "'{show}' is not a move: rank '{}' is not 1-8",
                r.escape_ascii()
            ),
        ));
    }
    if sq.len() > 2 {
        return Err((
            at + 3,
            format!("'{show}' is not a move: unexpected text after the square"),
        ));
    }
    Ok(CtMoveText::Drop {
        piece,
        square: (file - b'a', r - b'1'),
    })
}

/// Length of a move-number prefix (`12.`, `12...`) of a token, if it has one.
fn move_number_prefix(tok: &[u8]) -> Option<usize> {
    let digits = tok.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 4 {
        return None;
    }
    let dots = tok[digits..].iter().take_while(|&&b| b == b'.').count();
    (dots > 0).then_some(digits + dots)
}

/// Whether the first bytes of a file look like Chess Territorial: a `[Game "Chess
/// Territorial"]` tag, or at least two drop tokens (`K@e1`, `@e3`) among the first lines.
pub fn looks_like(head: &[u8]) -> bool {
    let lower = head.to_ascii_lowercase();
    if lower
        .windows(b"chess territorial\"]".len())
        .any(|w| w == b"chess territorial\"]")
        && lower.windows(5).any(|w| w == b"[game")
    {
        return true;
    }
    let mut drops = 0;
    for line in head.split(|&b| b == b'\n').take(40) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.first() == Some(&b'[') {
            continue;
        }
        for tok in line
            .split(|b| b.is_ascii_whitespace())
            .filter(|t| !t.is_empty())
        {
            let t = match move_number_prefix(tok) {
                Some(n) => &tok[n..],
                None => tok,
            };
            if t.contains(&b'@') && matches!(parse_move(t), Ok(CtMoveText::Drop { .. })) {
                drops += 1;
            }
        }
    }
    drops >= 2
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Reading tags; `blank` once a blank line followed them.
    Tags { blank: bool },
    /// Reading move text.
    Moves,
}

/// What a line did to the game being read.
enum Step {
    /// The line belongs to the game; go on.
    More,
    /// The line ended the game (result token, or the end of a tagless line).
    Done,
    /// The line is not part of this game: finish it and read the line again.
    Again,
}

/// A game being read.
struct Block {
    text: RecordText,
    game: CtGame,
    tagged: bool,
    phase: Phase,
    has_moves: bool,
    result_from_tag: bool,
    /// An open `{` comment: where it started and its text so far.
    brace: Option<(Location, String)>,
}

impl Block {
    fn new(start: Location) -> Block {
        Block {
            text: RecordText::new(start),
            game: CtGame {
                format: Format::TerritorialPgn,
                start,
                span: Span::new(start.offset, start.offset),
                header: Header::default(),
                moves: Vec::new(),
                comments: Vec::new(),
                notes: Vec::new(),
            },
            tagged: false,
            phase: Phase::Tags { blank: false },
            has_moves: false,
            result_from_tag: false,
            brace: None,
        }
    }

    fn fail(&mut self, at: Location, msg: String) {
        self.text.fail(at, msg);
    }

    fn keep(&mut self, full: &[u8], at: Location) {
        self.text.keep(full, at);
    }

    fn comment(&mut self, text: &str) {
        let text = text.trim();
        if !text.is_empty() {
            let ply = self.game.moves.len() as u32;
            self.game.comments.push(Comment {
                ply,
                text: text.to_string(),
            });
        }
    }

    fn set_tag(&mut self, key: &[u8], value: String, at: Location) {
        let h = &mut self.game.header;
        let key_s = String::from_utf8_lossy(key).into_owned();
        match key_s.to_ascii_lowercase().as_str() {
            "result" => {
                h.result = result_value(&value);
                if h.result.is_none() {
                    self.game.notes.push(Note {
                        code: "unknown-result",
                        severity: Severity::Warning,
                        message: format!("result '{value}' is not understood; read as no result"),
                        at,
                        ply: None,
                    });
                }
                h.result_text = Some(value);
                self.result_from_tag = true;
            }
            "game" => {
                let v = value.to_ascii_lowercase();
                if !matches!(
                    v.as_str(),
                    "chess territorial" | "chess-territorial" | "territorial"
                ) {
                    self.game.notes.push(Note {
                        code: "other-game",
                        severity: Severity::Warning,
                        message: format!(
                            "the Game tag says '{value}', not 'Chess Territorial'; read as Chess \
                             Territorial"
                        ),
                        at,
                        ply: None,
                    });
                }
                h.extra.push((key_s, value));
            }
            _ => {
                if let Some(value) = h.apply_tag(GameKind::Territorial, &key_s, value) {
                    if !value.is_empty() {
                        h.extra.push((key_s, value));
                    }
                }
            }
        }
    }

    /// A line of tags `[A "x"] [B "y"]`.
    fn tag_line(&mut self, body: &[u8], at: Location) {
        let mut rest = body;
        while !rest.is_empty() {
            let here = at.advance(body.len() - rest.len());
            match tag::scan(rest) {
                Ok((t, after)) => {
                    self.set_tag(t.name, t.value_text(), here);
                    rest = after;
                }
                Err(k) => {
                    // Point at the first non-blank byte that failed.
                    let mut i = body.len() - rest.len() + k;
                    while i < body.len() && body[i].is_ascii_whitespace() {
                        i += 1;
                    }
                    self.fail(
                        at.advance(i),
                        "malformed tag: expected [Key \"Value\"]".to_string(),
                    );
                    return;
                }
            }
        }
    }

    /// Move text on one line (`line` without its terminator, `at` its location). Returns
    /// whether a result token ended the game.
    fn moves_line(&mut self, line: &[u8], at: Location) -> bool {
        let mut i = 0;
        let mut ended = false;
        while i < line.len() {
            if let Some((_, text)) = &mut self.brace {
                match line[i..].iter().position(|&b| b == b'}') {
                    Some(p) => {
                        text.push_str(&String::from_utf8_lossy(&line[i..i + p]));
                        let (_, text) = self.brace.take().expect("open comment");
                        self.comment(&text);
                        i += p + 1;
                    }
                    None => {
                        text.push_str(&String::from_utf8_lossy(&line[i..]));
                        text.push('\n');
                        i = line.len();
                    }
                }
                continue;
            }
            let c = line[i];
            if c.is_ascii_whitespace() {
                i += 1;
                continue;
            }
            match c {
                b'{' => {
                    self.brace = Some((at.advance(i), String::new()));
                    i += 1;
                    continue;
                }
                b';' => {
                    let text = String::from_utf8_lossy(&line[i + 1..]).into_owned();
                    self.comment(&text);
                    break;
                }
                b'%' if i == 0 => break,
                // A stray closing brace: an error (and step over it: it ends no token).
                b'}' => {
                    self.fail(
                        at.advance(i),
                        "'}' closes no comment: expected '{' before it".to_string(),
                    );
                    i += 1;
                    continue;
                }
                b'(' | b')' => {
                    self.fail(
                        at.advance(i),
                        "variations '( … )' are not supported in Chess Territorial records"
                            .to_string(),
                    );
                    i += 1;
                    continue;
                }
                _ => {}
            }
            let j = line[i..]
                .iter()
                .position(|&b| b.is_ascii_whitespace() || b"{};()".contains(&b))
                .map_or(line.len(), |p| i + p);
            let tok = &line[i..j];
            let tok_at = at.advance(i);
            i = j;
            if ended {
                self.fail(
                    tok_at,
                    format!(
                        "'{}' after the result token: moves must come before the result",
                        String::from_utf8_lossy(tok)
                    ),
                );
                continue;
            }
            if is_result_token(tok) {
                let text = String::from_utf8_lossy(tok).into_owned();
                let r = result_value(&text);
                if self.result_from_tag {
                    let tagged = self.game.header.result;
                    if r != tagged && r != Some(Outcome::Unknown) {
                        self.game.notes.push(Note {
                            code: "result-disagrees",
                            severity: Severity::Warning,
                            message: format!(
                                "the result token '{text}' disagrees with the Result tag '{}'; \
                                 the tag is kept",
                                self.game.header.result_text.as_deref().unwrap_or("")
                            ),
                            at: tok_at,
                            ply: None,
                        });
                    }
                } else {
                    self.game.header.result = r;
                    self.game.header.result_text = Some(text);
                }
                ended = true;
                continue;
            }
            let (skip, body) = match move_number_prefix(tok) {
                Some(n) => (n, &tok[n..]),
                None => (0, tok),
            };
            if body.is_empty() {
                continue;
            }
            if body[0] == b'$' && body.len() > 1 && body[1..].iter().all(u8::is_ascii_digit) {
                continue;
            }
            let marks = body.len()
                - body
                    .iter()
                    .rposition(|&b| b != b'!' && b != b'?')
                    .map_or(0, |p| p + 1);
            let mv = &body[..body.len() - marks];
            if mv.is_empty() {
                continue;
            }
            let mv_at = tok_at.advance(skip);
            match parse_move(mv) {
                Ok(text) => {
                    self.has_moves = true;
                    self.game.moves.push(CtMove {
                        text,
                        written: String::from_utf8_lossy(mv).into_owned(),
                        at: mv_at,
                        len: mv.len().min(u16::MAX as usize) as u16,
                    });
                }
                Err((k, msg)) => self.fail(mv_at.advance(k), msg),
            }
        }
        ended
    }

    /// Takes one line (`full` with its terminator, located at `at`).
    fn step(&mut self, full: &[u8], at: Location) -> Step {
        let line = chomp(full);
        if self.brace.is_some() {
            self.keep(full, at);
            let ended = self.moves_line(line, at);
            return if ended || (!self.tagged && self.brace.is_none()) {
                Step::Done
            } else {
                Step::More
            };
        }
        let indent = line.iter().take_while(|b| b.is_ascii_whitespace()).count();
        let body = &line[indent..];
        let body_at = at.advance(indent);
        if body.is_empty() {
            return match self.phase {
                Phase::Tags { .. } => {
                    self.phase = Phase::Tags { blank: true };
                    Step::More
                }
                Phase::Moves => Step::Done,
            };
        }
        if body[0] == b'[' {
            match self.phase {
                Phase::Tags { blank: false } => {
                    self.keep(full, at);
                    self.tagged = true;
                    self.tag_line(body, body_at);
                    return Step::More;
                }
                _ => return Step::Again,
            }
        }
        if body[0] == b'%' {
            self.keep(full, at);
            return Step::More;
        }
        self.keep(full, at);
        self.phase = Phase::Moves;
        let ended = self.moves_line(body, body_at);
        if ended || (!self.tagged && self.brace.is_none()) {
            Step::Done
        } else {
            Step::More
        }
    }

    /// A line over the length limit (`len` bytes, `kept` the start of it): it fails the
    /// game and counts as move text. Returns whether it ended the game (as a line of move
    /// text ends a game without tags).
    fn too_long(&mut self, at: Location, len: u64, kept: &[u8]) -> bool {
        self.text.keep_too_long(at, len, kept);
        self.phase = Phase::Moves;
        !self.tagged && self.brace.is_none()
    }

    /// Whether the block holds anything (tags, moves, or an error).
    fn has_content(&self) -> bool {
        self.tagged || self.has_moves || self.text.failed() || self.brace.is_some()
    }

    fn finish(mut self) -> Result<CtGame, RawError> {
        if let Some((at, _)) = self.brace.take() {
            self.fail(
                at,
                "comment '{' is never closed: expected '}' before the end of the input".to_string(),
            );
        }
        self.game.span = self.text.finish(Format::TerritorialPgn)?;
        Ok(self.game)
    }
}

/// Streams Chess Territorial games (PGN games and one-line move lists).
pub struct PgnReader<R: BufRead> {
    src: LineReader<R>,
    done: bool,
}

impl<R: BufRead> PgnReader<R> {
    /// Starts at offset 0, line 1.
    pub fn new(reader: R) -> Self {
        PgnReader {
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

impl<R: BufRead> Iterator for PgnReader<R> {
    type Item = Result<CtGame, RawError>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut block: Option<Block> = None;
        loop {
            if self.done {
                break;
            }
            let (full, at) = match self.src.next_line() {
                None => {
                    self.done = true;
                    break;
                }
                Some(Err(LineError::TooLong { at, len, kept })) => {
                    // Part of the game being read (or the start of one); never read cut.
                    let b = block.get_or_insert_with(|| Block::new(at));
                    if b.too_long(at, len, kept) {
                        let b = block.take().expect("a block");
                        return Some(b.finish());
                    }
                    continue;
                }
                Some(Err(e)) => {
                    self.done = true;
                    let at = e.at();
                    let b = block.get_or_insert_with(|| Block::new(at));
                    b.fail(at, e.message());
                    break;
                }
                Some(Ok(line)) => (line.bytes, line.at),
            };
            let step = match &mut block {
                None => {
                    let line = chomp(full);
                    let trimmed: &[u8] = {
                        let s = line.iter().take_while(|b| b.is_ascii_whitespace()).count();
                        &line[s..]
                    };
                    if trimmed.is_empty() || trimmed[0] == b'%' {
                        continue;
                    }
                    let b = block.insert(Block::new(at));
                    b.step(full, at)
                }
                Some(b) => b.step(full, at),
            };
            match step {
                Step::More => {}
                Step::Done => {
                    let b = block.take().expect("a block");
                    if b.has_content() {
                        return Some(b.finish());
                    }
                }
                Step::Again => {
                    self.src.unread();
                    let b = block.take().expect("a block");
                    if b.has_content() {
                        return Some(b.finish());
                    }
                }
            }
        }
        match block {
            Some(b) if b.has_content() => Some(b.finish()),
            _ => None,
        }
    }
}

/// Reads every game of a text (for tests and small inputs).
pub fn parse_str(text: &str) -> Vec<Result<CtGame, RawError>> {
    PgnReader::new(text.as_bytes()).collect()
}

/// A move in record notation: `K@e1`, `P@e3`, `--`.
pub fn move_text(m: CtMoveText) -> String {
    match m {
        CtMoveText::Pass => "--".to_string(),
        CtMoveText::Drop { piece, square } => format!(
            "{}@{}{}",
            piece as char,
            (b'a'.wrapping_add(square.0)) as char,
            (b'1'.wrapping_add(square.1)) as char
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        assert_eq!(
            parse_move(b"K@e1"),
            Ok(CtMoveText::Drop {
                piece: b'K',
                square: (4, 0)
            })
        );
        assert_eq!(
            parse_move(b"@h8"),
            Ok(CtMoveText::Drop {
                piece: b'P',
                square: (7, 7)
            })
        );
        assert_eq!(parse_move(b"--"), Ok(CtMoveText::Pass));
        assert_eq!(parse_move(b"X@e1").unwrap_err().0, 0);
        assert_eq!(parse_move(b"K@i1").unwrap_err().0, 2);
        assert_eq!(parse_move(b"K@e9").unwrap_err().0, 3);
        assert_eq!(parse_move(b"K@e").unwrap_err().0, 3);
        assert_eq!(parse_move(b"K@").unwrap_err().0, 2);
        assert_eq!(parse_move(b"K@e12").unwrap_err().0, 4);
        assert_eq!(parse_move(b"e4").unwrap_err().0, 0);
    }
}
