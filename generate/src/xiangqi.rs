//! Generated Xiangqi games, for the demo, benchmarks and property tests.
//!
//! [`generate_game`] plays random legal moves from the standard position with a little
//! sense, in this order:
//! 1. a mating move (a check after which the opponent has no legal move) when there is one;
//! 2. the best capture: worth the victim's value when the capturing piece is not attacked
//!    on its new square, else the victim's value minus the capturer's (values of
//!    [`Kind::value`]); a gain is taken (90%), an even trade sometimes (30%);
//! 3. otherwise a random move, where a move putting a piece worth more than a pawn on an
//!    attacked square is usually (85%) drawn again — a crude way to avoid giving pieces
//!    away.
//!
//! **No position is ever repeated** (a move that would recreate a position seen since the
//! last capture is never played), so no repetition ruling (perpetual check or chase,
//! 棋例1–10) can fire and the audit's result is the board's.
//!
//! **Ending.** Mate or stalemate (the side to move has no legal move and loses:
//! [`XqEnd::Checkmate`] / [`XqEnd::Stalemate`]); otherwise, at the ply cap, **[decision]**
//! the game is adjudicated like a real game that stops: the side a rook or more behind in
//! material ([`material`], 18 half-pawns) resigns ([`XqEnd::Resignation`]), else the
//! players agree a draw ([`XqEnd::Agreement`], `1/2-1/2`). Neither is shown by the board,
//! which the audit accepts. (The rare case where every legal move would repeat a position
//! is also ended by agreement.) Every generated game thus has a definite result; none is
//! written `*`.
//!
//! Writers: [`write_pgn`] — Xiangqi PGN with tags and the moves in ICCS (`h2e2`), Chinese
//! (`炮二平五`) or WXF (`C2.5`), through `kifu_notation::xiangqi_pgn`, read back by
//! `kifu_parser::xiangqi_pgn::PgnReader`.

use crate::random::Rng;
use crate::tournament::Scheduled;
use kifu_notation::{GameMoves, RecordOut};
use kifu_rules::xiangqi::game::material;
use kifu_rules::xiangqi::{Kind, Move, MoveList, Outcome, Position, Side};

/// The default ply cap (100 moves each).
pub const DEFAULT_MAX_PLIES: u32 = 200;

/// How a generated game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XqEnd {
    /// The side to move is in check with no legal move (the board decides).
    Checkmate,
    /// The side to move has no legal move, not in check (a loss too; the board decides).
    Stalemate,
    /// Ply cap reached; the side a rook or more behind resigned.
    Resignation,
    /// Ply cap reached with material close (or no non-repeating move): draw agreed.
    Agreement,
}

impl XqEnd {
    /// Whether the board itself shows the result (mate or stalemate).
    pub fn board_decides(self) -> bool {
        matches!(self, XqEnd::Checkmate | XqEnd::Stalemate)
    }
}

/// One generated game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedXiangqi {
    pub moves: Vec<Move>,
    pub result: Outcome,
    pub end: XqEnd,
}

/// Material (half pawns) behind which a side resigns at the ply cap: a rook.
const RESIGN_MARGIN: i32 = 18;

/// Plays one game of at most `max_plies` plies (see the module documentation).
pub fn generate_game(rng: &mut Rng, max_plies: u32) -> GeneratedXiangqi {
    let mut pos = Position::startpos();
    let mut list = MoveList::new();
    let mut pool: Vec<Move> = Vec::with_capacity(160);
    let mut moves: Vec<Move> = Vec::with_capacity(max_plies.min(400) as usize);
    // Positions since the last capture (earlier ones cannot recur).
    let mut seen: Vec<u64> = Vec::with_capacity(128);
    seen.push(pos.hash());
    let (result, end) = loop {
        pos.legal_moves_into(&mut list);
        if list.is_empty() {
            let winner = Outcome::Win(pos.side_to_move().opp().seat());
            let how = if pos.in_check() {
                XqEnd::Checkmate
            } else {
                XqEnd::Stalemate
            };
            break (winner, how);
        }
        if moves.len() as u32 >= max_plies {
            break adjudicate(&pos);
        }

        // Mates and captures.
        let mut mate: Option<Move> = None;
        let mut mates = 0u32;
        let mut best: Option<(i32, Move)> = None;
        let mut ties = 0u32;
        for &m in list.as_slice() {
            let mover = pos.piece_at(m.from).map_or(Kind::Pawn, |p| p.kind());
            let victim = pos.piece_at(m.to).map(|p| p.kind());
            let u = pos.make(m);
            if pos.in_check() && !pos.has_legal_move() {
                mates += 1;
                if rng.below(mates as usize) == 0 {
                    mate = Some(m);
                }
            }
            if let Some(v) = victim {
                let safe = !pos.is_attacked(m.to, pos.side_to_move());
                let score = if safe {
                    v.value()
                } else {
                    v.value() - mover.value()
                };
                match best {
                    Some((b, _)) if score < b => {}
                    Some((b, _)) if score == b => {
                        ties += 1;
                        if rng.below(ties as usize) == 0 {
                            best = Some((score, m));
                        }
                    }
                    _ => {
                        ties = 1;
                        best = Some((score, m));
                    }
                }
            }
            pos.unmake(m, u);
        }
        let capture = match best {
            Some((s, m)) if s > 0 && rng.chance(0.9) => Some(m),
            Some((0, m)) if rng.chance(0.3) => Some(m),
            _ => None,
        };
        let chosen = mate
            .or(capture)
            .or_else(|| pick_random(&mut pos, rng, list.as_slice(), &mut pool, &seen));
        let Some(m) = chosen else {
            break (Outcome::Draw, XqEnd::Agreement);
        };
        let u = pos.make(m);
        if u.captured().is_some() {
            seen.clear();
        }
        seen.push(pos.hash());
        moves.push(m);
    };
    GeneratedXiangqi { moves, result, end }
}

/// A random legal move that repeats no position in `seen`, usually not putting a piece
/// worth more than a pawn on an attacked square.
fn pick_random(
    pos: &mut Position,
    rng: &mut Rng,
    legal: &[Move],
    pool: &mut Vec<Move>,
    seen: &[u64],
) -> Option<Move> {
    pool.clear();
    pool.extend_from_slice(legal);
    let mut tries = 0;
    while !pool.is_empty() {
        let i = rng.below(pool.len());
        let m = pool[i];
        let mover = pos.piece_at(m.from).map_or(Kind::Pawn, |p| p.kind());
        let u = pos.make(m);
        let repeats = u.captured().is_none() && seen.contains(&pos.hash());
        let hanging = !repeats
            && mover.value() > Kind::Pawn.value()
            && pos.is_attacked(m.to, pos.side_to_move());
        pos.unmake(m, u);
        if repeats {
            pool.swap_remove(i);
            continue;
        }
        tries += 1;
        if hanging && tries < 8 && rng.chance(0.85) {
            continue;
        }
        return Some(m);
    }
    None
}

/// The result at the ply cap: resignation of the side a rook behind, else a draw.
fn adjudicate(pos: &Position) -> (Outcome, XqEnd) {
    let m = material(pos);
    if m >= RESIGN_MARGIN {
        (Outcome::Win(Side::Red.seat()), XqEnd::Resignation)
    } else if m <= -RESIGN_MARGIN {
        (Outcome::Win(Side::Black.seat()), XqEnd::Resignation)
    } else {
        (Outcome::Draw, XqEnd::Agreement)
    }
}

pub use kifu_notation::XqNotation;

/// Appends one Xiangqi PGN game ([`kifu_notation::xiangqi_pgn`]): tags `Game`, `Event`,
/// `Round`, `Date`, `Red`, `Black`, `Result`, `Format`, then one numbered move pair a line
/// (`1. h2e2 h9g7`), the result token, and a blank line.
pub fn write_pgn_into(
    out: &mut String,
    s: &Scheduled,
    game: &GeneratedXiangqi,
    notation: XqNotation,
) {
    let round = s.round.to_string();
    let mut record = RecordOut::new(GameMoves::Xiangqi {
        start_fen: None,
        moves: &game.moves,
    });
    record.event = Some(&s.event);
    record.round = Some(&round);
    record.date = Some(&s.date);
    record.seat_players((0..2).map(|i| Some(s.players.get(i).map_or("?", String::as_str))));
    record.result = Some(game.result.name(kifu_facts::GameKind::Xiangqi));
    kifu_notation::xiangqi_pgn::write_record(&record, notation, out)
        .expect("generated moves are legal from the standard start");
}

/// One Xiangqi PGN game (see [`write_pgn_into`]).
pub fn write_pgn(s: &Scheduled, game: &GeneratedXiangqi, notation: XqNotation) -> String {
    let mut out = String::with_capacity(300 + 10 * game.moves.len());
    write_pgn_into(&mut out, s, game, notation);
    out
}
