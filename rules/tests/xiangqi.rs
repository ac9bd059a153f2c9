//! Xiangqi engine tests against the shared data (`$KIFU_SHARED`, else `../shared` next to
//! the workspace). Missing data: skipped with a note, or a panic when
//! `KIFU_REQUIRE_SHARED=1`.
//!
//! The move texts are extracted with small ad-hoc tokenizers (not the real parsers).

use kifu_parser::raw::{Format, Location, XqGame, XqMove, XqMoveText};
use std::path::PathBuf;

#[path = "xiangqi/ccbridge.rs"]
mod ccbridge;
#[path = "xiangqi/ccpd.rs"]
mod ccpd;
#[path = "xiangqi/check_oracle.rs"]
mod check_oracle;
#[path = "xiangqi/notation.rs"]
mod notation;
#[path = "xiangqi/perft.rs"]
mod perft;
#[path = "xiangqi/repetition.rs"]
mod repetition;
#[path = "xiangqi/replay.rs"]
mod replay;
#[path = "xiangqi/replay_cost.rs"]
mod replay_cost;
#[path = "xiangqi/rulings.rs"]
mod rulings;

/// The shared data directory, if present.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = kifu_testdata::root();
    dir.is_dir().then_some(dir)
}

pub fn require_shared() -> bool {
    kifu_testdata::required()
}

/// A file under the shared data directory, or `None` (after a skip note) when it is
/// missing and the data is not required.
pub fn shared_file(rel: &str) -> Option<PathBuf> {
    kifu_testdata::shared(rel)
}

/// Full-width ASCII to ASCII, ideographic space to space.
pub fn fw(s: &str) -> String {
    kifu_rules::xiangqi::notation::fullwidth_to_ascii(s)
}

/// A PGN-ish game: tags and move tokens.
#[derive(Debug, Default, Clone)]
pub struct TokGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
}

impl TokGame {
    pub fn tag(&self, k: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(a, _)| a.eq_ignore_ascii_case(k))
            .map(|(_, v)| v.as_str())
    }
}

fn is_move_number(t: &str) -> bool {
    let t = t.trim_start_matches(['!', '?']);
    !t.is_empty() && t.trim_end_matches('.').bytes().all(|b| b.is_ascii_digit()) && t.ends_with('.')
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "*" | "½-½")
}

/// Splits PGN text into games: `[Tag "v"]` lines, then move tokens (move numbers, results,
/// `{comments}` and annotation marks removed; full-width ASCII mapped to ASCII).
pub fn tokenize_pgn(text: &str) -> Vec<TokGame> {
    let mut games = Vec::new();
    let mut cur = TokGame::default();
    let mut in_moves = false;
    let mut in_comment = false;
    for line in text.lines() {
        let l = line.trim();
        if l.starts_with('[') && !in_comment {
            if in_moves {
                games.push(std::mem::take(&mut cur));
                in_moves = false;
            }
            let inner = l.trim_start_matches('[').trim_end_matches(']');
            if let Some((k, v)) = inner.split_once(' ') {
                cur.tags
                    .push((k.to_string(), v.trim().trim_matches('"').to_string()));
            }
            continue;
        }
        let l = fw(l);
        for tok in l.split_whitespace() {
            if in_comment {
                if tok.contains('}') {
                    in_comment = false;
                }
                continue;
            }
            if tok.starts_with('{') {
                in_comment = !tok.contains('}');
                continue;
            }
            in_moves = true;
            if is_move_number(tok) || is_result(tok) {
                continue;
            }
            // "1.h2e2" glued
            let tok = match tok.find('.') {
                Some(i) if tok[..i].bytes().all(|b| b.is_ascii_digit()) && i > 0 => &tok[i + 1..],
                _ => tok,
            };
            let tok = tok.trim_matches(['!', '?']);
            if tok.is_empty() || tok.starts_with("...") {
                continue;
            }
            cur.moves.push(tok.to_string());
        }
    }
    if in_moves || !cur.tags.is_empty() {
        games.push(cur);
    }
    games
}

/// An `XqGame` with the given move texts.
pub fn xq_game(fen: Option<&str>, moves: Vec<XqMoveText>, written: &[String]) -> XqGame {
    let mut g = XqGame::new(Format::XiangqiPgn, Location::default());
    g.fen = fen.map(str::to_string);
    g.moves = moves
        .into_iter()
        .zip(written)
        .map(|(text, w)| XqMove {
            text,
            written: w.clone(),
            at: Location::default(),
            len: w.len() as u16,
        })
        .collect();
    g
}

/// Classifies a token: ICCS, WXF, SAN or Chinese.
pub fn move_text(tok: &str) -> XqMoveText {
    let t = fw(tok);
    if !t.is_ascii() {
        return XqMoveText::Chinese(t);
    }
    let b = t.as_bytes();
    if b.len() >= 4
        && b[0].is_ascii_alphabetic()
        && b[0].to_ascii_lowercase() <= b'i'
        && b[1].is_ascii_digit()
        && !t.contains(['+', '=', '.'])
    {
        if let Some(m) = kifu_rules::xiangqi::Move::parse_iccs(&t, false) {
            return XqMoveText::Coord {
                from: (m.from.file(), m.from.rank()),
                to: (m.to.file(), m.to.rank()),
            };
        }
    }
    XqMoveText::Wxf(t)
}
