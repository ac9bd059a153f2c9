//! `kifu check xiangqi --fen FEN --moves "h2e2 h9g7 …"`: the classes of each move and the
//! repetition rulings of a move sequence, as an arbiter makes them ([`super::arbiter`]): the
//! verdict the sequence ends in decides; the verdicts play went past are listed apart.

use super::arbiter::{Arbiter, PassedRuling};
use super::board::FenError;
use super::classes::{classify, MoveClasses};
use super::piece::Side;
use super::position::Position;
use super::repetition::{occurrences, RepetitionRules, Verdict};
use super::square::Move;
use std::fmt;

/// The analysis of a move sequence from a FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The side to move after all moves.
    pub to_move: Side,
    /// Its legal moves.
    pub legal_moves: Vec<Move>,
    /// Each move with its classes (in the position before it).
    pub moves: Vec<(Move, MoveClasses)>,
    /// The repetition verdict the sequence ends in (its last position is within the
    /// verdict's cycle): it decides the game.
    pub verdict: Option<Verdict>,
    /// The verdicts play went past (a later move left the cycle), in order.
    pub passed: Vec<PassedRuling>,
    /// The position after all moves.
    pub position: Position,
}

/// Why an analysis failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisError {
    Fen(FenError),
    /// The move at this index (0-based) is not legal.
    IllegalMove {
        index: usize,
        mv: Move,
    },
}

impl fmt::Display for AnalysisError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisError::Fen(e) => write!(f, "bad FEN: {e}"),
            AnalysisError::IllegalMove { index, mv } => {
                write!(f, "move {} ({}) is not legal", index + 1, mv.iccs())
            }
        }
    }
}

impl std::error::Error for AnalysisError {}

/// Analyzes `moves` from `fen` with the default [`RepetitionRules`].
pub fn analyze(fen: &str, moves: &[Move]) -> Result<Analysis, AnalysisError> {
    analyze_with(fen, moves, &RepetitionRules::default())
}

/// [`analyze`] with settings.
pub fn analyze_with(
    fen: &str,
    moves: &[Move],
    rules: &RepetitionRules,
) -> Result<Analysis, AnalysisError> {
    let mut pos = Position::from_fen(fen).map_err(AnalysisError::Fen)?;
    let mut hashes = vec![pos.hash()];
    let mut out = Vec::with_capacity(moves.len());
    let mut arbiter = Arbiter::new(*rules);
    let mut passed = Vec::new();
    for (i, &mv) in moves.iter().enumerate() {
        if !pos.is_legal(mv) {
            return Err(AnalysisError::IllegalMove { index: i, mv });
        }
        out.push((mv, classify(&pos, mv)));
        pos.make(mv);
        hashes.push(pos.hash());
        let window = (pos.halfmove_clock() as usize).min(i + 1);
        let (count, prev) = occurrences(&hashes, window);
        passed.extend(arbiter.after_ply(&pos, &moves[..=i], &hashes, count, prev));
    }
    Ok(Analysis {
        to_move: pos.side_to_move(),
        legal_moves: pos.legal_moves(),
        moves: out,
        verdict: arbiter.finish().map(|o| o.verdict),
        passed,
        position: pos,
    })
}
