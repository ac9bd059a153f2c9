//! The real records that carry ECCO codes: CCPD's full games (tag `ECCO`) and dpxq's
//! DhtmlXQ games (field `open`, code and name), read with kifu's own parsers.

use std::collections::HashSet;
use std::io::Read;

use kifu_parser::member::{identify, records, HEAD};
use kifu_parser::raw::{AnyGame, XqGame};
use kifu_rules::xiangqi::ecco::Code;
use kifu_rules::xiangqi::{resolve, Move, Position, START_FEN};

use crate::shared_file;

/// A tagged game from the standard start.
pub struct Tagged {
    /// The member it came from.
    pub member: String,
    /// The code the record gives.
    pub tag: Code,
    /// The moves, up to the first that does not resolve.
    pub moves: Vec<Move>,
}

/// What a collection held.
#[derive(Default)]
pub struct Corpus {
    /// Distinct games read: a game whose start and moves repeat an earlier game's (the
    /// same game filed under a player and under an event) is counted once.
    pub games: usize,
    /// Games left out as repeats of an earlier game.
    pub repeats: usize,
    /// Games from another start (no code).
    pub custom_start: usize,
    /// Games whose record gives no readable code.
    pub untagged: usize,
    /// Games with no move.
    pub empty: usize,
    pub tagged: Vec<Tagged>,
}

/// The first moves of a game (enough for any definition), from the standard start only.
fn opening_moves(game: &XqGame) -> Option<Vec<Move>> {
    let start = match game.fen.as_deref() {
        None => Position::startpos(),
        Some(f) => Position::from_fen(f).ok()?,
    };
    if start.to_fen() != START_FEN {
        return None;
    }
    let mut pos = start;
    let mut moves = Vec::new();
    for m in game.moves.iter().take(64) {
        let Ok(r) = resolve(&pos, &m.text, game.ranks_from_one) else {
            break;
        };
        pos.make(r.mv);
        moves.push(r.mv);
    }
    Some(moves)
}

/// Reads the Xiangqi games of an archive's members whose path passes `keep`, each distinct
/// member once; `tag` picks the record's code.
fn read(
    rel: &str,
    keep: impl Fn(&str) -> bool,
    tag: impl Fn(&XqGame) -> Option<Code>,
) -> Option<Corpus> {
    let path = shared_file(rel)?;
    let file = std::fs::File::open(path).unwrap();
    let mut archive = tar::Archive::new(xz2::read::XzDecoder::new(file));
    let mut seen = HashSet::new();
    let mut seen_games: HashSet<(Option<String>, Vec<String>)> = HashSet::new();
    let mut corpus = Corpus::default();
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        let member = entry.path().unwrap().to_string_lossy().into_owned();
        if !keep(&member) {
            continue;
        }
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).unwrap();
        if !seen.insert(bytes.clone()) {
            continue;
        }
        let (format, encoding) = identify(&bytes[..bytes.len().min(HEAD)], Some(&member), None);
        let Some(format) = format else { continue };
        for item in records(format, encoding, &bytes) {
            let Ok(AnyGame::Xiangqi(game)) = item else {
                continue;
            };
            let key = (
                game.fen.clone(),
                game.moves.iter().map(|m| format!("{:?}", m.text)).collect(),
            );
            if !seen_games.insert(key) {
                corpus.repeats += 1;
                continue;
            }
            corpus.games += 1;
            let Some(moves) = opening_moves(&game) else {
                corpus.custom_start += 1;
                continue;
            };
            let Some(code) = tag(&game) else {
                corpus.untagged += 1;
                continue;
            };
            if moves.is_empty() {
                corpus.empty += 1;
                continue;
            }
            corpus.tagged.push(Tagged {
                member: member.clone(),
                tag: code,
                moves,
            });
        }
    }
    Some(corpus)
}

/// CCPD's full games (`Dataset/對局/`), tag `ECCO`.
pub fn ccpd() -> Option<Corpus> {
    read(
        "data/xiangqi/ccpd/ccpd_dataset_big5.tar.xz",
        |m| m.contains("Dataset/對局/") && m.to_ascii_lowercase().ends_with(".pgn"),
        |g| {
            g.header
                .extra
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case("ecco"))
                .and_then(|(_, v)| Code::leading(v))
        },
    )
}

/// dpxq's DhtmlXQ games, the code that starts `open`.
pub fn dpxq() -> Option<Corpus> {
    read(
        "data/xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz",
        |m| m.ends_with(".txt"),
        |g| g.header.opening.as_deref().and_then(Code::leading),
    )
}
