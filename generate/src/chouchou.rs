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
//! Writer: [`write_ccn`] (the [`record`] of a game with its schedule, in `.ccn`).

use crate::random::Rng;
use crate::tournament::Scheduled;
use kifu_parser::raw::{CcAction, CcGame, Format, Header, Location, Span};
use kifu_rules::chouchou::{
    action_text, check, is_piece_move, CcActionText, Setup, State, Variant,
};

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

/// A record of bare actions: header (`P1`… as names, result from the board) and each
/// action annotated with the pieces it took — what `kifu generate` writes with
/// `kifu_parser::chouchou::write_ccn`.
pub fn record(variant: Variant, players: u8, pairs: bool, actions: &[CcActionText]) -> CcGame {
    let r = check(variant, players, pairs, actions);
    let mut taken = vec![0u32; actions.len()];
    for c in &r.captures {
        if let Some(t) = taken.get_mut(c.ply as usize - 1) {
            *t = c.taken;
        }
    }
    let header = Header {
        players: (1..=players).map(|p| format!("P{p}")).collect(),
        result_text: Some(r.winner.map_or("*".to_string(), |w| format!("P{}", w + 1))),
        ..Header::default()
    };
    CcGame {
        format: Format::ChouChouCcn,
        start: Location::default(),
        span: Span::default(),
        header,
        variant: Some(variant.id().to_string()),
        player_count: Some(players),
        pairs,
        termination: None,
        actions: actions
            .iter()
            .zip(&taken)
            .map(|(a, &t)| CcAction {
                text: *a,
                annotated_captures: (t > 0).then_some(t),
                player: None,
                written: action_text(a),
                at: Location::default(),
                len: 0,
            })
            .collect(),
        comments: Vec::new(),
        notes: Vec::new(),
    }
}

/// One game as `kifu generate` writes it: the [`record`] of `actions` with the event,
/// round, date and players of the schedule, in `.ccn` (`kifu_parser::chouchou::write_ccn`),
/// followed by a blank line.
pub fn write_ccn(
    slot: &Scheduled,
    variant: Variant,
    players: u8,
    pairs: bool,
    actions: &[CcActionText],
) -> String {
    let mut game = record(variant, players, pairs, actions);
    game.header.event = Some(slot.event.clone());
    game.header.round = Some(slot.round.to_string());
    game.header.date = Some(slot.date.clone());
    game.header.players = slot.players.clone();
    let mut text = kifu_parser::chouchou::write_ccn(&game);
    text.push('\n');
    text
}
