//! The one replay of a stored game that `kifu show --ply N` and the site's game pages both
//! use, so that both show the same position at ply N: the moves decoded from the store, the
//! Renju rule for a record that goes on after the game's end, the Xiangqi start position and
//! the ChouChou setup from the annotations; and the texts both print (opening names, move
//! classes, captured totals).

use kifu_facts::GameKind;
use kifu_rules::chouchou::{self, CcReplay};
use kifu_rules::renju::{self, Position};
use kifu_rules::{territorial, xiangqi};
use kifu_store::query::GameRow;

use crate::Error;

fn corrupt(game: &GameRow) -> Error {
    Error::CorruptMoves { game: game.id }
}

/// How many of a game's `len` moves to play for `--ply` (default: all of them).
pub fn upto(ply: Option<u32>, len: usize) -> usize {
    ply.map(|p| (p as usize).min(len)).unwrap_or(len)
}

/// A Renju-board game's moves.
pub fn renju_moves(game: &GameRow) -> Result<Vec<renju::Move>, Error> {
    renju::decode_moves(&game.moves).ok_or_else(|| corrupt(game))
}

/// A Renju-board replay that plays as many moves as can be played: a stored game may go on
/// after its end (moves after a five, which `Position` refuses); from the first refused
/// move on, the position stays where it was.
#[derive(Clone, Debug, Default)]
pub struct RenjuReplay {
    position: Position,
    stopped: bool,
}

impl RenjuReplay {
    pub fn new() -> RenjuReplay {
        RenjuReplay {
            position: Position::new(),
            stopped: false,
        }
    }

    /// Plays `m` unless an earlier move was refused or `m` is.
    pub fn step(&mut self, m: renju::Move) {
        if !self.stopped && self.position.play(m).is_err() {
            self.stopped = true;
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn into_position(self) -> Position {
        self.position
    }
}

/// The position after as many of `moves` as can be played ([`RenjuReplay`]).
pub fn renju_playable(moves: &[renju::Move]) -> Position {
    let mut replay = RenjuReplay::new();
    for &m in moves {
        replay.step(m);
    }
    replay.into_position()
}

/// A Xiangqi game's moves.
pub fn xiangqi_moves(game: &GameRow) -> Result<Vec<xiangqi::Move>, Error> {
    xiangqi::decode_moves(&game.moves).ok_or_else(|| corrupt(game))
}

/// A Xiangqi game's start position: its annotations' start FEN, else the standard one. The
/// moves are then made as recorded (`Position::make`), without judging them.
pub fn xiangqi_start(game: &GameRow) -> Result<xiangqi::Position, Error> {
    xiangqi::Position::from_fen(&xiangqi_start_fen(game)?).map_err(|error| Error::StartPosition {
        game: game.id,
        error,
    })
}

/// A Xiangqi game's start FEN as stored (the standard one when it names none), whether or
/// not the rules can set it up.
pub fn xiangqi_start_fen(game: &GameRow) -> Result<String, Error> {
    Ok(game
        .extra()?
        .annotations
        .xiangqi()
        .and_then(|a| a.start_fen.clone())
        .unwrap_or_else(|| xiangqi::START_FEN.to_owned()))
}

/// A Chess Territorial game's moves.
pub fn territorial_moves(game: &GameRow) -> Result<Vec<territorial::Move>, Error> {
    territorial::decode_moves(&game.moves).ok_or_else(|| corrupt(game))
}

/// A ChouChou game's setup, from its annotations (standard board and 2 players when they
/// say nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChouChouSetup {
    pub variant: chouchou::Variant,
    pub players: u8,
    pub pairs: bool,
}

impl ChouChouSetup {
    pub fn of(game: &GameRow) -> Result<ChouChouSetup, Error> {
        let extra = game.extra()?;
        let a = extra.annotations.chouchou().cloned().unwrap_or_default();
        Ok(ChouChouSetup {
            variant: chouchou::Variant::from_id(&a.variant).unwrap_or(chouchou::Variant::Standard),
            players: if a.players == 0 { 2 } else { a.players as u8 },
            pairs: a.pairs,
        })
    }

    /// The engine's replay of the first actions (the board after them, captures applied).
    pub fn replay(&self, actions: &[chouchou::CcActionText]) -> CcReplay {
        chouchou::check(self.variant, self.players, self.pairs, actions)
    }
}

/// A ChouChou game's actions.
pub fn chouchou_actions(game: &GameRow) -> Result<Vec<chouchou::CcActionText>, Error> {
    chouchou::decode_actions(&game.moves).ok_or_else(|| corrupt(game))
}

/// `D11 Zuisei 瑞星` for a Renju opening code, `A13 飞相对进左马` for a Xiangqi ECCO code,
/// the code alone when it has no name.
pub fn opening_name(kind: GameKind, code: Option<&str>) -> Option<String> {
    let code = code?;
    Some(match opening_title(kind, code) {
        Some(name) => format!("{code} {name}"),
        None => code.to_owned(),
    })
}

/// The name of an opening code of `kind` alone (`Kansei 寒星` for `D1`), if it names one.
pub fn opening_title(kind: GameKind, code: &str) -> Option<String> {
    crate::openings::opening_name(kind, code)
}

/// `check, chase (cannon h7 -> rook h3, forbidden: 棋例…)`.
pub fn classes_text(c: &xiangqi::MoveClasses) -> String {
    let mut parts: Vec<String> = c.classes.iter().map(|k| k.name().to_owned()).collect();
    for chase in &c.chases {
        parts.push(format!(
            "chase {} -> {} ({}{})",
            chase.by.iccs(),
            chase.target.iccs(),
            if chase.forbidden {
                "forbidden, "
            } else {
                "allowed, "
            },
            chase.reason
        ));
    }
    parts.join(", ")
}

/// `P1 3, P2 5`: the pieces each ChouChou seat has captured.
pub fn captured_totals(captured: &[u32]) -> String {
    let totals: Vec<String> = captured
        .iter()
        .enumerate()
        .map(|(i, n)| format!("{} {n}", CcReplay::seat_label(i)))
        .collect();
    totals.join(", ")
}
