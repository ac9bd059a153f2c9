//! Generated Chess Territorial games: random play with a little sense, for `kifu generate`
//! and tests.
//!
//! Each turn the side to move scores every legal placement by how much it raises its own
//! score over the opponent's (the score of the position just after it), and plays one of
//! the best (within one point) most of the time, a random legal placement otherwise. Kings
//! go on a random edge square. Black places its queen once it holds four pieces or fewer,
//! so that the queen restriction rarely leaves it stuck. A game that would still draw a
//! finding (a `rules-silent` [decision] case) is thrown away and played again from the
//! same generator, so every generated game replays with no findings.
//!
//! Writer: [`write_pgn`] (Chess Territorial PGN with the board's result and scores).

use crate::random::Rng;
use crate::tournament::Scheduled;
use kifu_notation::{GameMoves, RecordOut};
use kifu_parser::raw::{CtMoveText, Header};
use kifu_rules::territorial::{
    replay_moves, score, Kind, Move, Outcome, Placement, Position, Side,
};

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

/// One game as `kifu generate` writes it: Chess Territorial PGN with tags `Event`, `Round`,
/// `Date`, `White`, `Black` from the schedule, and the result and the `WhiteScore` /
/// `BlackScore` tags the board gives (`kifu_notation::territorial_pgn`).
pub fn write_pgn(slot: &Scheduled, moves: &[CtMoveText]) -> String {
    // The recorded result and scores are the board's own.
    let replay = replay_moves(moves.iter().map(|m| (*m, "")), &Header::default());
    let typed: Vec<Move> = moves
        .iter()
        .map(|&m| Move::from_text(m).expect("generated moves are moves"))
        .collect();
    let round = slot.round.to_string();
    let tags = [
        ("WhiteScore".to_owned(), replay.score.white.to_string()),
        ("BlackScore".to_owned(), replay.score.black.to_string()),
    ];
    let mut record = RecordOut::new(GameMoves::Territorial(&typed));
    record.event = Some(&slot.event);
    record.round = Some(&round);
    record.date = Some(&slot.date);
    record.seat_players((0..2).map(|i| slot.players.get(i).map(String::as_str)));
    record.result = Some(
        replay
            .derived_result
            .unwrap_or(Outcome::Unknown)
            .name(kifu_facts::GameKind::Territorial),
    );
    record.tags = &tags;
    let mut out = String::new();
    kifu_notation::territorial_pgn::write_record(&record, &mut out);
    out
}
