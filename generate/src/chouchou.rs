//! Generated ChouChou games: random legal play with a little sense, for `kifu generate`
//! and property tests.
//!
//! Every generated action is fully legal (capacity, move tokens, no consecutive piece
//! moves); the player takes the largest capture on offer, else places (three times in
//! four) or moves. Swaps the record could not pin down (a destination with pieces of two
//! opponents) or that touch a level line with an opponent piece (`rules-silent`) are not
//! played, and neither is an action after which the next player would have to pass: the
//! record stops instead. So a generated game replays without findings. Games end at the
//! win, or after 400 actions.
//!
//! Writer: [`write_ccn`] (a game with its schedule, in `.ccn`, through `kifu_notation`).

use crate::random::Rng;
use crate::tournament::Scheduled;
use kifu_facts::ResultName as Recorded;
use kifu_notation::{GameMoves, RecordOut};
use kifu_rules::chouchou::{check, is_piece_move, CcActionText, Setup, State, Variant};

const MAX_ACTIONS: usize = 400;

fn shuffle<T>(rng: &mut Rng, v: &mut [T]) {
    for i in (1..v.len()).rev() {
        let j = rng.below(i + 1);
        v.swap(i, j);
    }
}

/// A random legal game. An invalid setup (players outside 2-4, pairs without 4) gives no
/// actions.
pub fn generate(rng: &mut Rng, variant: Variant, players: u8, pairs: bool) -> Vec<CcActionText> {
    let Ok(setup) = Setup::new(variant, players as usize, pairs) else {
        return Vec::new();
    };
    let mut st = State::new(setup.variant, setup.players, setup.pairs);
    let mut out = Vec::new();
    while st.winner.is_none() && out.len() < MAX_ACTIONS {
        let seat = st.to_move;
        // Score placements and two-piece moves (swaps never capture).
        let mut capturing: Vec<(u32, CcActionText, Option<State>)> = Vec::new();
        let mut quiet: Vec<(u32, CcActionText, Option<State>)> = Vec::new();
        for a in st.legal_actions(seat) {
            if matches!(a, CcActionText::SwapOne { .. }) {
                quiet.push((0, a, None));
                continue;
            }
            let mut next = st.clone();
            let taken = next.apply(seat, &a, None).taken();
            next.to_move = next.next_seat(seat);
            if taken > 0 {
                capturing.push((taken, a, Some(next)));
            } else {
                quiet.push((0, a, Some(next)));
            }
        }
        shuffle(rng, &mut capturing);
        capturing.sort_by_key(|c| std::cmp::Reverse(c.0));
        shuffle(rng, &mut quiet);
        let places_first = rng.chance(0.75);
        quiet.sort_by_key(|s| is_piece_move(&s.1) == places_first);
        let chosen = capturing.into_iter().chain(quiet).find_map(|(_, a, next)| {
            let next = match next {
                Some(n) => n,
                None => {
                    let mut n = st.clone();
                    let applied = n.apply(seat, &a, None);
                    if applied.silent.is_some() || applied.ambiguous.is_some() {
                        return None;
                    }
                    n.to_move = n.next_seat(seat);
                    n
                }
            };
            (next.winner.is_some() || next.has_legal_action(next.to_move)).then_some((a, next))
        });
        match chosen {
            Some((a, next)) => {
                out.push(a);
                st = next;
            }
            None => break,
        }
    }
    out
}

/// One game as `.ccn` (`kifu_notation::chouchou`): the seats named `P1`…, the result the
/// board gives, each action annotated with the pieces it took, followed by a blank line
/// when `slot` schedules it (its event, round, date and players), as `kifu generate`
/// writes it.
pub fn write_ccn_for(
    slot: Option<&Scheduled>,
    variant: Variant,
    players: u8,
    pairs: bool,
    actions: &[CcActionText],
) -> String {
    let r = check(variant, players, pairs, actions);
    let seats: Vec<String> = (1..=players).map(|p| format!("P{p}")).collect();
    let round = slot.map(|s| s.round.to_string());
    let mut record = RecordOut::new(GameMoves::ChouChou {
        variant,
        players,
        pairs,
        actions,
        not_applied: &[],
        stated_counts: &[],
        termination: None,
    });
    record.result = r.winner.map(|w| Recorded::Seat(w as u8 + 1));
    let names: Vec<&str> = match slot {
        Some(s) => s.players.iter().map(String::as_str).collect(),
        None => seats.iter().map(String::as_str).collect(),
    };
    record.seat_players(names.into_iter().take(seats.len()).map(Some));
    if let Some(s) = slot {
        record.event = Some(&s.event);
        record.round = round.as_deref();
        record.date = Some(&s.date);
    }
    let mut text = String::new();
    kifu_notation::chouchou::write_record(&record, &mut text);
    if slot.is_some() {
        text.push('\n');
    }
    text
}

/// One game as `kifu generate` writes it (see [`write_ccn_for`]).
pub fn write_ccn(
    slot: &Scheduled,
    variant: Variant,
    players: u8,
    pairs: bool,
    actions: &[CcActionText],
) -> String {
    write_ccn_for(Some(slot), variant, players, pairs, actions)
}
