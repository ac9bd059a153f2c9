//! Generated games: random play with a little sense, for `kifu generate` and tests.
//!
//! Each turn the side to move scores every legal placement by how much it raises its own
//! score over the opponent's (the score of the position just after it), and plays one of
//! the best (within one point) most of the time, a random legal placement otherwise. Kings
//! go on a random edge square. Black places its queen once it holds four pieces or fewer,
//! so that the queen restriction rarely leaves it stuck. A game that would still draw a
//! finding (a `rules-silent` [decision] case) is thrown away and played again from the
//! same generator, so every generated game replays with no findings.

use super::game::replay_moves;
use super::piece::{Kind, Side};
use super::placement::{Move, Placement};
use super::position::Position;
use super::score::score;
use crate::random::Rng;
use kifu_parser::raw::{CtMoveText, Header};

/// One complete legal game (ended by both hands empty or by two passes) that replays with
/// no findings.
pub fn generate(rng: &mut Rng) -> Vec<CtMoveText> {
    let mut last = Vec::new();
    for _ in 0..100 {
        let moves = play_out(rng);
        let r = replay_moves(moves.iter().map(|m| (*m, "")), &Header::default());
        if r.findings.is_empty() {
            return moves;
        }
        last = moves;
    }
    last
}

fn margin(pos: &Position, side: Side) -> i64 {
    let s = score(pos);
    s.of(side) as i64 - s.of(side.other()) as i64
}

fn choose(pos: &Position, rng: &mut Rng) -> Move {
    let legal = pos.legal_placements();
    if legal.is_empty() {
        return Move::Pass;
    }
    let side = pos.side_to_move();
    if legal[0].kind == Kind::King {
        return Move::Place(*rng.pick(&legal).expect("not empty"));
    }
    let hand = pos.hand(side);
    let mut candidates: Vec<Placement> = legal.clone();
    if side == Side::Black && hand.count(Kind::Queen) == 1 && hand.total() <= 4 {
        let queens: Vec<Placement> = legal
            .iter()
            .copied()
            .filter(|p| p.kind == Kind::Queen)
            .collect();
        if !queens.is_empty() {
            candidates = queens;
        }
    }
    if rng.chance(0.15) {
        return Move::Place(*rng.pick(&candidates).expect("not empty"));
    }
    let valued: Vec<(i64, Placement)> = candidates
        .iter()
        .map(|&p| {
            let mut next = pos.clone();
            next.place(p.kind, p.square).expect("a legal placement");
            (margin(&next, side), p)
        })
        .collect();
    let best = valued.iter().map(|v| v.0).max().expect("not empty");
    let top: Vec<Placement> = valued
        .into_iter()
        .filter(|v| v.0 >= best - 1)
        .map(|v| v.1)
        .collect();
    Move::Place(*rng.pick(&top).expect("not empty"))
}

fn play_out(rng: &mut Rng) -> Vec<CtMoveText> {
    let mut pos = Position::new();
    let mut out = Vec::new();
    while !pos.is_over() {
        let m = choose(&pos, rng);
        pos.play(m).expect("generated moves are legal");
        out.push(m.to_text());
    }
    out
}
