//! A generated set: `games` games of one kind, scheduled into tournaments and written one
//! after another, game `i` played from `Rng::fork(seed, i)`.

use std::io::{self, Write};

use kifu_facts::GameKind;
use kifu_rules::chouchou::Variant;
use rayon::prelude::*;

use crate::random::Rng;
use crate::tournament::{schedule, Scheduled};
use crate::xiangqi::XqNotation;
use crate::{chouchou, renju, territorial, xiangqi};

/// How generated Renju games are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RenjuNotation {
    /// RenjuPlain: PGN-like tags, numbered moves ([`renju::write_plain`]).
    Plain,
    /// RenjuLines: one game a line, no tags ([`renju::write_lines`]).
    Lines,
}

impl RenjuNotation {
    pub const ALL: [RenjuNotation; 2] = [RenjuNotation::Plain, RenjuNotation::Lines];

    /// `plain` / `lines`, as `--notation` takes them.
    pub fn name(self) -> &'static str {
        match self {
            RenjuNotation::Plain => "plain",
            RenjuNotation::Lines => "lines",
        }
    }

    pub fn from_name(name: &str) -> Option<RenjuNotation> {
        RenjuNotation::ALL.into_iter().find(|n| n.name() == name)
    }
}

/// The game of a set, with its own options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameSpec {
    Renju(RenjuNotation),
    Xiangqi(XqNotation),
    Territorial,
    ChouChou {
        variant: Variant,
        /// 2, 3 or 4.
        players: u8,
        /// Two pairs (needs 4 players).
        pairs: bool,
    },
}

impl GameSpec {
    pub fn kind(&self) -> GameKind {
        match self {
            GameSpec::Renju(_) => GameKind::Renju,
            GameSpec::Xiangqi(_) => GameKind::Xiangqi,
            GameSpec::Territorial => GameKind::Territorial,
            GameSpec::ChouChou { .. } => GameKind::ChouChou,
        }
    }

    /// The extension a file of the set usually has, by which the ingest detects its format.
    pub fn extension(&self) -> &'static str {
        match self {
            GameSpec::Renju(_) => "renju",
            GameSpec::Xiangqi(_) | GameSpec::Territorial => "pgn",
            GameSpec::ChouChou { .. } => "ccn",
        }
    }

    /// Players per game: 2, or the ChouChou player count.
    pub fn seats(&self) -> usize {
        match self {
            GameSpec::ChouChou { players, .. } => *players as usize,
            _ => 2,
        }
    }
}

/// A set to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetSpec {
    pub game: GameSpec,
    pub games: usize,
    pub seed: u64,
}

/// Games one task of the pool plays and writes into one text.
const BLOCK: usize = 256;
/// Blocks in flight per thread of the pool: the memory held is a window of the set.
const BLOCKS_PER_THREAD: usize = 4;

/// Writes the set's games to `out`, one after another (see the module documentation).
///
/// The games are played on every thread of rayon's pool, in blocks, and written in order:
/// game `i` depends only on the seed and `i`, so the bytes are the same on any number of
/// threads.
pub fn write_set(spec: &SetSpec, out: &mut impl Write) -> io::Result<()> {
    let window = BLOCK * BLOCKS_PER_THREAD * rayon::current_num_threads();
    let mut slots = schedule(spec.seed, spec.games, spec.game.seats()).enumerate();
    loop {
        let batch: Vec<(usize, Scheduled)> = slots.by_ref().take(window).collect();
        if batch.is_empty() {
            return Ok(());
        }
        let texts: Vec<String> = batch
            .par_chunks(BLOCK)
            .map(|block| {
                let mut text = String::with_capacity(block.len() * 512);
                for (i, slot) in block {
                    let mut rng = Rng::fork(spec.seed, *i as u64);
                    write_game(&spec.game, slot, &mut rng, &mut text);
                }
                text
            })
            .collect();
        for text in texts {
            out.write_all(text.as_bytes())?;
        }
    }
}

/// Plays one game of `game` for the scheduled `slot` and appends its record to `text`.
pub fn write_game(game: &GameSpec, slot: &Scheduled, rng: &mut Rng, text: &mut String) {
    match *game {
        GameSpec::Renju(notation) => {
            let g = renju::generate_game(rng);
            match notation {
                RenjuNotation::Plain => text.push_str(&renju::write_plain(slot, &g)),
                RenjuNotation::Lines => text.push_str(&renju::write_lines(g.result, &g.moves)),
            }
        }
        GameSpec::Xiangqi(notation) => {
            let g = xiangqi::generate_game(rng, xiangqi::DEFAULT_MAX_PLIES);
            text.push_str(&xiangqi::write_pgn(slot, &g, notation));
        }
        GameSpec::Territorial => {
            let moves = territorial::generate(rng);
            text.push_str(&territorial::write_pgn(slot, &moves));
        }
        GameSpec::ChouChou {
            variant,
            players,
            pairs,
        } => {
            let actions = chouchou::generate(rng, variant, players, pairs);
            text.push_str(&chouchou::write_ccn(
                slot, variant, players, pairs, &actions,
            ));
        }
    }
}
