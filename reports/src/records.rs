//! A stored game as a record to write back out (`kifu_notation`'s [`RecordOut`]): what
//! `kifu export` writes for every game and the site writes beside each game page, so
//! both downloads are one export.

use kifu_facts::{Extra, GameKind};
use kifu_notation::{GameMoves, Notation, OpeningOut, RecordOut, XqNotation};
use kifu_rules::{chouchou, renju, territorial, xiangqi};
use kifu_store::query::GameRow;

/// A stored game's moves, decoded.
pub enum StoredMoves {
    Renju(Vec<renju::Move>),
    Xiangqi(Vec<xiangqi::Move>),
    Territorial(Vec<territorial::Move>),
    ChouChou(Vec<chouchou::CcActionText>),
}

impl StoredMoves {
    /// The game's moves; `None` when the stored move list does not decode.
    pub fn decode(game: &GameRow) -> Option<StoredMoves> {
        let m = &game.moves;
        Some(match game.kind {
            GameKind::Renju => StoredMoves::Renju(renju::decode_moves(m)?),
            GameKind::Xiangqi => StoredMoves::Xiangqi(xiangqi::decode_moves(m)?),
            GameKind::Territorial => StoredMoves::Territorial(territorial::decode_moves(m)?),
            GameKind::ChouChou => StoredMoves::ChouChou(chouchou::decode_actions(m)?),
        })
    }
}

/// The notation a game's download is written in, with its file extension: the one
/// `kifu ingest` detects for each kind (PGN for Xiangqi, in Chinese move text).
pub fn download_notation(kind: GameKind) -> (Notation, &'static str) {
    match kind {
        GameKind::Renju => (Notation::RenjuPlain, "txt"),
        GameKind::Xiangqi => (Notation::XiangqiPgn(XqNotation::Chinese), "pgn"),
        GameKind::Territorial => (Notation::TerritorialPgn, "pgn"),
        GameKind::ChouChou => (Notation::ChouChouCcn, "ccn"),
    }
}

/// The record to write of a stored game.
pub fn record_out<'a>(
    game: &'a GameRow,
    extra: &'a Extra,
    moves: &'a StoredMoves,
    findings: &'a [(u32, String)],
) -> RecordOut<'a> {
    let a = &extra.annotations;
    let (moves, opening) = match moves {
        StoredMoves::Renju(m) => {
            let name = a
                .renju()
                .and_then(|r| r.opening_name.as_deref())
                .or_else(|| {
                    game.opening
                        .as_deref()
                        .and_then(renju::Opening::by_code)
                        .map(|o| o.romaji)
                });
            let code = game.opening.as_deref();
            (
                GameMoves::Renju(m),
                OpeningOut {
                    code,
                    name,
                    ..OpeningOut::default()
                },
            )
        }
        StoredMoves::Xiangqi(m) => {
            let x = a.xiangqi();
            // kifu's code and its name as one pair; the record's own code and opening
            // text apart, so that a code that is not kifu's stays visible (and
            // `ecco-differs` comes back).
            let opening = OpeningOut {
                code: game.opening.as_deref(),
                name: x.and_then(|x| x.ecco_name.as_deref()),
                record_code: extra.tag("ECCO"),
                record_name: x.and_then(|x| x.opening_name.as_deref()),
            };
            let start_fen = x.and_then(|x| x.start_fen.as_deref());
            (
                GameMoves::Xiangqi {
                    start_fen,
                    moves: m,
                },
                opening,
            )
        }
        StoredMoves::Territorial(m) => (GameMoves::Territorial(m), OpeningOut::default()),
        StoredMoves::ChouChou(actions) => (
            GameMoves::chouchou(a.chouchou(), actions),
            OpeningOut::default(),
        ),
    };
    let mut record = RecordOut::new(moves);
    record.players = game
        .players
        .iter()
        .map(|(side, name)| (side.as_str(), name.as_str()))
        .collect();
    record.event = game.event.as_deref();
    record.round = game.round.as_deref();
    record.date = game.date.as_deref();
    record.rule = game.rule.as_deref();
    record.result = game.recorded_result;
    record.opening = opening;
    record.comments = &game.comments;
    record.variations = &game.variations;
    record.marks = &game.marks;
    record.annotations = findings;
    record.tags = &extra.tags;
    record.renju = a.renju();
    // Stored moves stop where the replay did; the key keeps what the record wrote after.
    record.after_end = game.canonical_key.parts().1;
    record
}
