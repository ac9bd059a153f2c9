//! For the notations kifu writes: each game read is written in its notation and read
//! back, and must come back as the same game: the same moves, recorded result, players,
//! event, round and date.

use std::fmt;

use kifu_facts::{Extra, GameKind, ResultName};
use kifu_ingest::convert::Verdict;
use kifu_notation::{GameMoves, Notation, RecordOut, Writer, XqNotation};
use kifu_parser::Format;
use kifu_rules::{chouchou, renju, territorial, xiangqi};
use kifu_store::{GameRecord, Record};

/// A game that did not come back as itself.
#[derive(Debug)]
pub struct RoundTripError {
    /// The game, by its place among the records read.
    pub record: usize,
    pub notation: Notation,
    pub what: String,
    /// The text written.
    pub written: String,
}

impl fmt::Display for RoundTripError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "record {} written as {}: {}; written:\n{}",
            self.record, self.notation, self.what, self.written
        )
    }
}

impl std::error::Error for RoundTripError {}

/// Writes each game of `out` in the notation of the format it was read from, when kifu
/// writes it, and reads it back; the number of games that went round. The Xiangqi PGN
/// games go round in Chinese, WXF and ICCS move text in turn.
pub fn check(out: &[(Record, Verdict)]) -> Result<usize, RoundTripError> {
    let mut went = 0;
    for (i, (record, _)) in out.iter().enumerate() {
        let Record::Game(game) = record else { continue };
        let xq = XqNotation::ALL[i % XqNotation::ALL.len()];
        let Some(notation) =
            Format::from_name(&game.format).and_then(|f| Notation::of_format(f, xq))
        else {
            continue;
        };
        if notation.kind() != game.kind {
            continue;
        }
        if one(i, notation, game)? {
            went += 1;
        }
    }
    Ok(went)
}

/// The facts compared.
#[derive(Debug, PartialEq, Eq)]
struct Facts<'a> {
    moves_encoding: &'a str,
    moves: &'a [u8],
    recorded_result: Option<&'a str>,
    players: Vec<(&'a str, &'a str)>,
    event: Option<&'a str>,
    round: Option<&'a str>,
    date: Option<&'a str>,
}

fn facts(g: &GameRecord) -> Facts<'_> {
    Facts {
        moves_encoding: &g.moves_encoding,
        moves: &g.moves,
        recorded_result: g.recorded_result.map(ResultName::name),
        players: g.players_by_side().collect(),
        event: g.event.as_deref(),
        round: g.round.as_deref(),
        date: g.date.as_deref(),
    }
}

/// Writes and reads back one game; false when the notation cannot hold it (the writer
/// says so) or its stored moves are not the engine's.
fn one(record: usize, notation: Notation, game: &GameRecord) -> Result<bool, RoundTripError> {
    let fail = |what: String, written: &str| RoundTripError {
        record,
        notation,
        what,
        written: written.to_owned(),
    };
    let Ok(extra) = Extra::parse(game.kind, game.extra.as_deref()) else {
        return Err(fail("its extra cannot be read back".into(), ""));
    };
    let decoded;
    let moves = match game.kind {
        GameKind::Renju => {
            decoded = Decoded::Renju(renju::decode_moves(&game.moves));
            match &decoded {
                Decoded::Renju(Some(m)) => GameMoves::Renju(m),
                _ => return Ok(false),
            }
        }
        GameKind::Xiangqi => {
            decoded = Decoded::Xiangqi(xiangqi::decode_moves(&game.moves));
            let start_fen = extra
                .annotations
                .xiangqi()
                .and_then(|x| x.start_fen.as_deref());
            match &decoded {
                Decoded::Xiangqi(Some(m)) => GameMoves::Xiangqi {
                    start_fen,
                    moves: m,
                },
                _ => return Ok(false),
            }
        }
        GameKind::Territorial => {
            decoded = Decoded::Territorial(territorial::decode_moves(&game.moves));
            match &decoded {
                Decoded::Territorial(Some(m)) => GameMoves::Territorial(m),
                _ => return Ok(false),
            }
        }
        GameKind::ChouChou => {
            decoded = Decoded::ChouChou(chouchou::decode_actions(&game.moves));
            match &decoded {
                Decoded::ChouChou(Some(actions)) => {
                    GameMoves::chouchou(extra.annotations.chouchou(), actions)
                }
                _ => return Ok(false),
            }
        }
    };
    let mut out = RecordOut::new(moves);
    out.players = game.players_by_side().collect();
    out.event = game.event.as_deref();
    out.round = game.round.as_deref();
    out.date = game.date.as_deref();
    out.rule = game.rule.as_deref();
    out.result = game.recorded_result;
    let mut writer = Writer::new(notation);
    let mut text = String::new();
    if writer.write(&out, &mut text).is_err() {
        return Ok(false);
    }
    writer.finish(&mut text);
    let back = kifu_ingest::check_bytes(text.as_bytes(), None, Some(notation.format()));
    let games: Vec<&GameRecord> = back
        .iter()
        .filter_map(|(r, _)| match r {
            Record::Game(g) => Some(g.as_ref()),
            Record::Quarantined(_) | Record::Text(_) => None,
        })
        .collect();
    let [again] = games.as_slice() else {
        return Err(fail(
            format!(
                "read back as {} games of {} records",
                games.len(),
                back.len()
            ),
            &text,
        ));
    };
    let (before, after) = (facts(game), facts(again));
    if before != after {
        return Err(fail(
            format!("read back as\n  {after:?}\ninstead of\n  {before:?}"),
            &text,
        ));
    }
    Ok(true)
}

/// The stored moves, decoded into the engine's type.
enum Decoded {
    Renju(Option<Vec<renju::Move>>),
    Xiangqi(Option<Vec<xiangqi::Move>>),
    Territorial(Option<Vec<territorial::Move>>),
    ChouChou(Option<Vec<kifu_parser::CcActionText>>),
}
