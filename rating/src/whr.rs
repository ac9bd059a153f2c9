//! Whole-History Rating (Rémi Coulom, 2008): every player has one rating per
//! day he played, the ratings drift between days as a Wiener process, and all
//! of them are fitted jointly to every game.
//!
//! The model is the one of the Python package `whole-history-rating` 3.7.1
//! without handicap, komi or draw model: Bradley–Terry games with draws as
//! half a win, a Wiener prior of variance `w2 · |Δday|` between a player's
//! consecutive days, and `prior_games` virtual wins and losses against a
//! virtual player rated 0 on each player's first day. With
//! [`DrawModel::Davidson`] a draw is an outcome of its own instead, its
//! parameter ν fitted beside the ratings ([`draws`]).

use crate::advantage::draws::{tally_terms, Tally};
use crate::advantage::{DrawModel, DrawParameter};
use crate::pairing::{
    anchor_curvature, anchor_gradient, anchor_log_density, bradley_terry_log_likelihood,
    elo_from_natural, logistic, natural_from_elo, usable_prior_games, usable_score, Pairing,
    ELO_PER_NATURAL,
};
use common_shift::{DayShifts, ShiftScratch};
use std::ops::Range;

mod common_shift;
mod draws;

/// Settings of [`whole_history`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WhrParams {
    /// Variance of the rating drift, in Elo² per day. Values below `1e-6`
    /// (and NaN) are raised to `1e-6`, values above `1e12` lowered to it: a
    /// zero variance would pin the days together with an infinite weight,
    /// an infinite one would leave days after the first unanchored.
    pub w2: f64,
    /// Virtual wins, and as many virtual losses, against a player rated 0 on
    /// each player's first day. Values below `0.001` (and NaN) are raised to
    /// `0.001`: without the prior a player who won every game has no finite
    /// rating.
    pub prior_games: f64,
    /// The fit stops when no rating moved by more than this (Elo) in an
    /// iteration.
    pub tolerance: f64,
    /// The fit stops after this many iterations even if not converged.
    pub max_iterations: u32,
    /// How a draw counts: half a win (Bradley–Terry, the default) or an
    /// outcome of its own with Davidson's ν fitted beside the ratings.
    pub draws: DrawModel,
}

impl Default for WhrParams {
    /// `w2 = 14` (Coulom's value for Go, Elo² per day), `prior_games = 1`,
    /// `tolerance = 1e-6` Elo, `max_iterations = 10_000`, draws half a win.
    fn default() -> Self {
        WhrParams {
            w2: 14.0,
            prior_games: 1.0,
            tolerance: 1e-6,
            max_iterations: 10_000,
            draws: DrawModel::Half,
        }
    }
}

/// A player's rating on one day he played.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedDay {
    /// The day number.
    pub day: i32,
    /// The rating, in Elo (0 is the virtual opponent of the prior).
    pub rating: f64,
    /// Standard deviation of the rating, in Elo, with the opponents' ratings
    /// taken as known.
    pub sd: f64,
    /// How many games the player played that day.
    pub games: u32,
}

/// The result of [`whole_history`].
#[derive(Clone, Debug, PartialEq)]
pub struct WhrFit {
    /// Per player, the days he played in ascending order; empty for a player
    /// with no game.
    pub histories: Vec<Vec<RatedDay>>,
    /// How many passes over all players were made.
    pub iterations: u32,
    /// Whether the last pass moved no rating by `tolerance` or more.
    pub converged: bool,
    /// Davidson's draw parameter, when [`WhrParams::draws`] asked for it and
    /// the games have both draws and decisive results (with none of one or the
    /// other there is nothing to fit it from, and the model is Bradley–Terry).
    /// Its `log_sd` accounts for every rating's uncertainty (the Schur
    /// complement of the full information matrix).
    pub draw_parameter: Option<DrawParameter>,
}

const MIN_W2: f64 = 1e-6;
const MAX_W2: f64 = 1e12;
/// Newton steps (natural units) up to this long are taken without checking
/// the objective: near the optimum they are safe and the check would double
/// the cost. Longer ones can overshoot on the logistic's flat tails, so they
/// are halved until the player's conditional log-posterior does not drop.
const TRUSTED_STEP: f64 = 0.5;
const MAX_HALVINGS: u32 = 60;

/// Fits Whole-History Rating to the games: Coulom's algorithm, one Newton
/// step per player (all his days at once, opponents held fixed) in index
/// order, repeated until no rating moves by `params.tolerance` Elo or
/// `params.max_iterations` passes were made.
///
/// After each pass every group of connected players is also shifted, on each
/// day, by a common amount: first by the Newton step on one shift per day
/// ([`common_shift`]), then as a whole to its best common offset. Such shifts
/// change no game's likelihood, only the Wiener links and the first-day
/// priors, so the player-by-player steps correct them very slowly (thousands
/// of passes on a million games, and they stopped short of the maximum by up
/// to 4 Elo); both are zero at the joint maximum, so the fixed point is
/// unchanged.
///
/// Under [`DrawModel::Davidson`] each pass ends with a Newton step on
/// `ln ν`, the ratings held (the draws' likelihood is concave in it), and
/// the fit stops when neither the ratings nor `ln ν` (read in natural units)
/// moved by the tolerance: alternating maximisation of the one posterior.
///
/// Games the [`Pairing`] documentation calls unusable are ignored. The
/// result's `sd` is the square root of the diagonal of the inverse of the
/// player's negative Hessian (opponents fixed) at the fit.
pub fn whole_history(players: usize, games: &[Pairing], params: &WhrParams) -> WhrFit {
    whole_history_from(players, games, params, |_, _| None)
}

/// [`whole_history`] started from earlier ratings instead of 0: `start(player, day)` is the
/// player's rating (Elo) on that day in an earlier fit, if known. A day without one starts
/// from the player's day before it (else 0). The posterior has one maximum, so the fit
/// ends where [`whole_history`] ends (within the tolerance); from the fit of nearly the
/// same games it gets there in a few passes instead of hundreds, which is what lets a
/// stored rating list be brought up to date cheaply after a few games are added.
pub fn whole_history_from(
    players: usize,
    games: &[Pairing],
    params: &WhrParams,
    start: impl Fn(usize, i32) -> Option<f64>,
) -> WhrFit {
    let mut layout = Layout::new(players, games, params);
    let mut ratings = vec![0.0; layout.slot_day.len()];
    for player in 0..players {
        let mut previous = 0.0;
        for slot in layout.slots(player) {
            if let Some(elo) = start(player, layout.slot_day[slot]).filter(|r| r.is_finite()) {
                previous = natural_from_elo(elo);
            }
            ratings[slot] = previous;
        }
    }
    let shifts = DayShifts::new(&layout, drift_variance_per_day(params.w2));
    let mut scratch = Scratch::default();
    let mut shift_scratch = ShiftScratch::default();
    let mut iterations = 0;
    let mut converged = false;
    while iterations < params.max_iterations {
        let mut largest_change: f64 = 0.0;
        for player in 0..players {
            let change = layout.newton_step(player, &mut ratings, &mut scratch);
            largest_change = largest_change.max(change);
        }
        // A slot moved by its step and its group's shifts: bound it by all.
        largest_change += shifts.apply(&layout, &mut ratings, &mut shift_scratch);
        largest_change += layout.recentre_components(&mut ratings);
        largest_change = largest_change.max(layout.draw_step(&ratings));
        iterations += 1;
        if elo_from_natural(largest_change) < params.tolerance {
            converged = true;
            break;
        }
    }
    let histories = (0..players)
        .map(|player| layout.history(player, &ratings, &mut scratch))
        .collect();
    WhrFit {
        histories,
        iterations,
        converged,
        draw_parameter: layout.draw_parameter(&ratings),
    }
}

/// The log-posterior of the model at the ratings in `histories` (Elo, days
/// ascending, as [`whole_history`] returns them), up to an additive constant:
/// every game once, each player's first-day prior, and the Wiener prior's
/// `-(Δr)² / (2 w2 |Δday|)` terms, all in natural units.
///
/// Draws count half a win here whatever `params.draws` says: see
/// [`davidson_log_posterior`] for Davidson's.
///
/// Returns `None` when a player lacks a history entry for a day he played.
pub fn log_posterior(
    players: usize,
    games: &[Pairing],
    params: &WhrParams,
    histories: &[Vec<RatedDay>],
) -> Option<f64> {
    let half = WhrParams {
        draws: DrawModel::Half,
        ..*params
    };
    posterior_at(players, games, &half, histories, None)
}

/// [`log_posterior`] with Davidson's likelihood for the games, draw
/// parameter `nu` (the fit's [`WhrFit::draw_parameter`]).
pub fn davidson_log_posterior(
    players: usize,
    games: &[Pairing],
    params: &WhrParams,
    histories: &[Vec<RatedDay>],
    nu: f64,
) -> Option<f64> {
    let davidson = WhrParams {
        draws: DrawModel::Davidson,
        ..*params
    };
    posterior_at(players, games, &davidson, histories, Some(nu.ln()))
}

/// The log-posterior of `params`'s model at `histories`, `ln ν` given.
fn posterior_at(
    players: usize,
    games: &[Pairing],
    params: &WhrParams,
    histories: &[Vec<RatedDay>],
    log_nu: Option<f64>,
) -> Option<f64> {
    let mut layout = Layout::new(players, games, params);
    layout.log_nu = log_nu;
    let mut ratings = vec![0.0; layout.slot_day.len()];
    for (slot, rating) in ratings.iter_mut().enumerate() {
        let history = histories.get(layout.slot_player[slot])?;
        let day = layout.slot_day[slot];
        let index = history.binary_search_by_key(&day, |rated| rated.day).ok()?;
        *rating = natural_from_elo(history[index].rating);
    }
    Some(layout.log_posterior(&ratings))
}

/// The drift variance in natural units² per day.
fn drift_variance_per_day(w2_elo: f64) -> f64 {
    let w2 = if w2_elo.is_nan() {
        MIN_W2
    } else {
        w2_elo.clamp(MIN_W2, MAX_W2)
    };
    w2 / (ELO_PER_NATURAL * ELO_PER_NATURAL)
}

/// The games of one player-day against one opponent-day, merged.
#[derive(Clone, Copy, Debug)]
struct Edge {
    /// The opponent's slot.
    opponent: usize,
    /// How many games.
    games: f64,
    /// This side's points in them.
    points: f64,
}

/// The games laid out for the fit: one slot per (player, day) played, slots
/// of a player contiguous and ascending by day, and each slot's games merged
/// per opponent slot in a flat array.
struct Layout {
    /// The slots of player `p` are `player_start[p]..player_start[p + 1]`.
    player_start: Vec<usize>,
    slot_player: Vec<usize>,
    slot_day: Vec<i32>,
    slot_games: Vec<u32>,
    /// Precision (1 / variance) of the drift from a slot to the player's
    /// next slot; 0 at a player's last slot.
    link_precision: Vec<f64>,
    /// The edges of slot `s` are `edge_start[s]..edge_start[s + 1]`.
    edge_start: Vec<usize>,
    edges: Vec<Edge>,
    /// Players with games, grouped by connected component.
    components: Vec<Vec<usize>>,
    /// The usable `WhrParams::prior_games`.
    prior_games: f64,
    /// Under Davidson's model, per edge (aligned with `edges`) how many of
    /// its games were drawn; empty when draws count half.
    edge_draws: Vec<f64>,
    /// Davidson's `ln ν` as the fit stands; `None` when draws count half (or
    /// the games leave nothing to fit ν from).
    log_nu: Option<f64>,
}

/// Buffers of one player's Newton step, reused across players.
#[derive(Default)]
struct Scratch {
    gradient: Vec<f64>,
    /// Diagonal of the negative Hessian.
    diagonal: Vec<f64>,
    step: Vec<f64>,
    pivots: Vec<f64>,
    original: Vec<f64>,
}

impl Scratch {
    fn resize(&mut self, days: usize) {
        for buffer in [
            &mut self.gradient,
            &mut self.diagonal,
            &mut self.step,
            &mut self.pivots,
            &mut self.original,
        ] {
            buffer.clear();
            buffer.resize(days, 0.0);
        }
    }
}

impl Layout {
    fn new(players: usize, games: &[Pairing], params: &WhrParams) -> Layout {
        let drift_variance = drift_variance_per_day(params.w2);
        let usable: Vec<(u32, u32, f64, i32)> = games
            .iter()
            .filter_map(|game| {
                usable_score(players, game.first, game.second, game.score)
                    .map(|score| (game.first, game.second, score, game.day))
            })
            .collect();

        let mut player_days: Vec<(u32, i32)> = usable
            .iter()
            .flat_map(|&(first, second, _, day)| [(first, day), (second, day)])
            .collect();
        player_days.sort_unstable();
        player_days.dedup();

        let mut player_start = vec![0usize; players + 1];
        for &(player, _) in &player_days {
            player_start[player as usize + 1] += 1;
        }
        for player in 0..players {
            player_start[player + 1] += player_start[player];
        }
        let slot_player: Vec<usize> = player_days
            .iter()
            .map(|&(player, _)| player as usize)
            .collect();
        let slot_day: Vec<i32> = player_days.iter().map(|&(_, day)| day).collect();
        let slot_count = slot_day.len();

        let mut link_precision = vec![0.0; slot_count];
        for player in 0..players {
            let slots = player_start[player]..player_start[player + 1];
            for slot in slots.start..slots.end.saturating_sub(1) {
                let days_apart = (i64::from(slot_day[slot + 1]) - i64::from(slot_day[slot])) as f64;
                link_precision[slot] = 1.0 / (drift_variance * days_apart);
            }
        }

        let slot_of = |player: u32, day: i32| -> usize {
            let start = player_start[player as usize];
            let end = player_start[player as usize + 1];
            // Every usable game's player-days were inserted above.
            start + slot_day[start..end].partition_point(|&known| known < day)
        };
        let mut slot_games = vec![0u32; slot_count];
        let mut half_edges: Vec<(usize, usize, f64)> = Vec::with_capacity(2 * usable.len());
        for &(first, second, score, day) in &usable {
            let first_slot = slot_of(first, day);
            let second_slot = slot_of(second, day);
            slot_games[first_slot] += 1;
            slot_games[second_slot] += 1;
            half_edges.push((first_slot, second_slot, score));
            half_edges.push((second_slot, first_slot, 1.0 - score));
        }
        half_edges.sort_unstable_by_key(|&(slot, opponent, _)| (slot, opponent));

        let davidson = params.draws == DrawModel::Davidson;
        let mut edge_start = vec![0; slot_count + 1];
        let mut edges: Vec<Edge> = Vec::with_capacity(half_edges.len());
        let mut edge_draws: Vec<f64> = Vec::new();
        for merged in half_edges.chunk_by(|a, b| (a.0, a.1) == (b.0, b.1)) {
            let (slot, opponent, _) = merged[0];
            let points = merged.iter().map(|&(_, _, points)| points).sum();
            let games = merged.len() as f64;
            edges.push(Edge {
                opponent,
                games,
                points,
            });
            if davidson {
                let draws = merged.iter().map(|&(_, _, p)| Tally::of_score(p).draws);
                edge_draws.push(draws.sum());
            }
            edge_start[slot + 1] += 1;
        }
        for slot in 0..slot_count {
            edge_start[slot + 1] += edge_start[slot];
        }

        let components = connected_components(players, &usable, &player_start);
        let log_nu = if davidson {
            draws::starting_log_nu(usable.iter().map(|&(_, _, score, _)| score))
        } else {
            None
        };
        Layout {
            player_start,
            slot_player,
            slot_day,
            slot_games,
            link_precision,
            edge_start,
            edges,
            components,
            prior_games: usable_prior_games(params.prior_games),
            edge_draws,
            log_nu,
        }
    }

    /// Shifts each connected component's ratings by the offset that
    /// maximises the log-posterior (only the first-day priors depend on it);
    /// returns the largest shift's size.
    fn recentre_components(&self, ratings: &mut [f64]) -> f64 {
        let mut largest_shift: f64 = 0.0;
        for members in &self.components {
            let first_ratings = members
                .iter()
                .map(|&player| ratings[self.player_start[player]]);
            let shift = best_common_shift(first_ratings, self.prior_games);
            if shift == 0.0 {
                continue;
            }
            largest_shift = largest_shift.max(shift.abs());
            for &player in members {
                for rating in &mut ratings[self.slots(player)] {
                    *rating += shift;
                }
            }
        }
        largest_shift
    }

    fn slots(&self, player: usize) -> Range<usize> {
        self.player_start[player]..self.player_start[player + 1]
    }

    fn edges_of(&self, slot: usize) -> &[Edge] {
        &self.edges[self.edge_range(slot)]
    }

    /// The indices of slot `slot`'s edges.
    fn edge_range(&self, slot: usize) -> Range<usize> {
        self.edge_start[slot]..self.edge_start[slot + 1]
    }

    /// The log-posterior at `ratings` (natural units, one per slot), up to a constant.
    fn log_posterior(&self, ratings: &[f64]) -> f64 {
        let mut total = 0.0;
        for player in (0..self.player_start.len() - 1).filter(|&p| !self.slots(p).is_empty()) {
            total += self.prior_log_density(self.slots(player), ratings);
        }
        for (slot, rating) in ratings.iter().enumerate() {
            // Each game appears once from each side: count it from the lower slot.
            for index in self.edge_range(slot) {
                let opponent = self.edges[index].opponent;
                if opponent > slot {
                    total += self.edge_log_likelihood(index, rating - ratings[opponent]);
                }
            }
        }
        total
    }

    /// The player's first-day anchor and Wiener prior, in natural units.
    fn prior_log_density(&self, slots: Range<usize>, ratings: &[f64]) -> f64 {
        let mut total = anchor_log_density(self.prior_games, ratings[slots.start]);
        for slot in slots.start..slots.end - 1 {
            let drift = ratings[slot + 1] - ratings[slot];
            total -= 0.5 * self.link_precision[slot] * drift * drift;
        }
        total
    }

    /// The log-posterior as a function of one player's ratings, the
    /// opponents' held fixed.
    fn conditional_log_posterior(&self, slots: Range<usize>, ratings: &[f64]) -> f64 {
        let mut total = self.prior_log_density(slots.clone(), ratings);
        for slot in slots {
            for index in self.edge_range(slot) {
                let difference = ratings[slot] - ratings[self.edges[index].opponent];
                total += self.edge_log_likelihood(index, difference);
            }
        }
        total
    }

    /// The games of edge `index`, from its slot's side, counted as Davidson
    /// counts them.
    fn tally(&self, index: usize) -> Tally {
        let edge = &self.edges[index];
        Tally {
            games: edge.games,
            points: edge.points,
            draws: self.edge_draws[index],
        }
    }

    /// The log-likelihood of edge `index`'s games, its slot's rating above its
    /// opponent's by `difference`.
    fn edge_log_likelihood(&self, index: usize, difference: f64) -> f64 {
        match self.log_nu {
            None => {
                let edge = &self.edges[index];
                bradley_terry_log_likelihood(edge.points, edge.games, difference)
            }
            Some(lambda) => tally_terms(self.tally(index), difference, Some(lambda)).log_likelihood,
        }
    }

    /// Fills `scratch.gradient` and `scratch.diagonal` (of the negative
    /// Hessian) of the player's conditional log-posterior.
    fn local_terms(&self, slots: Range<usize>, ratings: &[f64], scratch: &mut Scratch) {
        let first = slots.start;
        let last = slots.end - 1;
        for slot in slots {
            let rating = ratings[slot];
            let mut gradient = 0.0;
            let mut curvature = 0.0;
            match self.log_nu {
                None => {
                    for edge in self.edges_of(slot) {
                        let expected = logistic(rating - ratings[edge.opponent]);
                        gradient += edge.points - edge.games * expected;
                        curvature += edge.games * expected * (1.0 - expected);
                    }
                }
                // Davidson's terms in the slot's rating: the edge is `r − r_opponent`, so
                // they are the edge's own (derived in [`draws`]).
                Some(lambda) => {
                    for index in self.edge_range(slot) {
                        let difference = rating - ratings[self.edges[index].opponent];
                        let terms = tally_terms(self.tally(index), difference, Some(lambda));
                        gradient += terms.gradient_edge;
                        curvature += terms.information_edge;
                    }
                }
            }
            if slot == first {
                gradient += anchor_gradient(self.prior_games, rating);
                curvature += anchor_curvature(self.prior_games, rating);
            }
            if slot < last {
                let precision = self.link_precision[slot];
                gradient -= precision * (rating - ratings[slot + 1]);
                curvature += precision;
            }
            if slot > first {
                let precision = self.link_precision[slot - 1];
                gradient -= precision * (rating - ratings[slot - 1]);
                curvature += precision;
            }
            scratch.gradient[slot - first] = gradient;
            scratch.diagonal[slot - first] = curvature;
        }
    }

    /// One Newton step on all the player's days; returns the largest rating
    /// change (natural units), 0 if no step was taken.
    fn newton_step(&self, player: usize, ratings: &mut [f64], scratch: &mut Scratch) -> f64 {
        let slots = self.slots(player);
        if slots.is_empty() {
            return 0.0;
        }
        scratch.resize(slots.len());
        self.local_terms(slots.clone(), ratings, scratch);
        let couplings = &self.link_precision[slots.start..slots.end - 1];
        let solved = solve_tridiagonal(
            &scratch.diagonal,
            couplings,
            &scratch.gradient,
            &mut scratch.step,
            &mut scratch.pivots,
        );
        if !solved {
            return 0.0;
        }
        let longest = scratch
            .step
            .iter()
            .fold(0.0f64, |acc, step| acc.max(step.abs()));
        if longest <= TRUSTED_STEP {
            for (rating, step) in ratings[slots.clone()].iter_mut().zip(&scratch.step) {
                *rating += step;
            }
            return longest;
        }

        let before = self.conditional_log_posterior(slots.clone(), ratings);
        scratch.original.copy_from_slice(&ratings[slots.clone()]);
        let mut scale = 1.0;
        for _ in 0..MAX_HALVINGS {
            for ((rating, original), step) in ratings[slots.clone()]
                .iter_mut()
                .zip(&scratch.original)
                .zip(&scratch.step)
            {
                *rating = original + scale * step;
            }
            if self.conditional_log_posterior(slots.clone(), ratings) >= before {
                return scale * longest;
            }
            scale *= 0.5;
        }
        ratings[slots].copy_from_slice(&scratch.original);
        0.0
    }

    /// The player's rated days at the fit, with their standard deviations.
    fn history(&self, player: usize, ratings: &[f64], scratch: &mut Scratch) -> Vec<RatedDay> {
        let slots = self.slots(player);
        if slots.is_empty() {
            return Vec::new();
        }
        scratch.resize(slots.len());
        self.local_terms(slots.clone(), ratings, scratch);
        let couplings = &self.link_precision[slots.start..slots.end - 1];
        // The forward pivots go to `pivots`, the backward ones to `step`.
        tridiagonal_inverse_diagonal(
            &scratch.diagonal,
            couplings,
            &mut scratch.pivots,
            &mut scratch.step,
            &mut scratch.gradient,
        );
        slots
            .enumerate()
            .map(|(index, slot)| RatedDay {
                day: self.slot_day[slot],
                rating: elo_from_natural(ratings[slot]),
                sd: elo_from_natural(scratch.gradient[index].sqrt()),
                games: self.slot_games[slot],
            })
            .collect()
    }
}

/// The players with games grouped by connected component (players linked by
/// games), components ordered by their lowest player.
fn connected_components(
    players: usize,
    usable: &[(u32, u32, f64, i32)],
    player_start: &[usize],
) -> Vec<Vec<usize>> {
    fn root(parent: &mut [usize], mut node: usize) -> usize {
        while parent[node] != node {
            parent[node] = parent[parent[node]];
            node = parent[node];
        }
        node
    }
    let mut parent: Vec<usize> = (0..players).collect();
    for &(first, second, _, _) in usable {
        let a = root(&mut parent, first as usize);
        let b = root(&mut parent, second as usize);
        // The lower index becomes the root, so that the result is deterministic.
        parent[a.max(b)] = a.min(b);
    }
    let mut component_of_root = vec![usize::MAX; players];
    let mut members_per_component: Vec<Vec<usize>> = Vec::new();
    for player in 0..players {
        if player_start[player] == player_start[player + 1] {
            continue;
        }
        let top = root(&mut parent, player);
        if component_of_root[top] == usize::MAX {
            component_of_root[top] = members_per_component.len();
            members_per_component.push(Vec::new());
        }
        members_per_component[component_of_root[top]].push(player);
    }
    members_per_component
}

/// The shift `c` maximising `Σ anchor(rᵢ + c)` over the given first-day
/// ratings: the root of the decreasing `Σ k (1 − 2σ(rᵢ + c))`, which lies
/// between `−max rᵢ` and `−min rᵢ`. Newton steps, falling back to bisection
/// when one leaves the bracket.
fn best_common_shift(first_ratings: impl Iterator<Item = f64> + Clone, prior_games: f64) -> f64 {
    let (low_rating, high_rating) = first_ratings
        .clone()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), r| {
            (low.min(r), high.max(r))
        });
    if low_rating > high_rating {
        return 0.0;
    }
    let (mut low, mut high) = (-high_rating, -low_rating);
    // Start from no shift, or the nearer end of the bracket.
    let mut shift = 0.0f64.max(low).min(high);
    for _ in 0..100 {
        let (mut gradient, mut curvature) = (0.0, 0.0);
        for rating in first_ratings.clone() {
            gradient += anchor_gradient(prior_games, rating + shift);
            curvature += anchor_curvature(prior_games, rating + shift);
        }
        if gradient == 0.0 {
            break;
        }
        if gradient > 0.0 {
            low = shift;
        } else {
            high = shift;
        }
        let newton = shift + gradient / curvature;
        let next = if newton > low && newton < high {
            newton
        } else {
            0.5 * (low + high)
        };
        if (next - shift).abs() <= 1e-15 * (1.0 + shift.abs()) {
            shift = next;
            break;
        }
        shift = next;
    }
    shift
}

/// Solves `A x = rhs` for the symmetric positive definite tridiagonal `A`
/// with `diagonal` and off-diagonal `-couplings` (the Thomas algorithm, i.e.
/// an LDLᵀ factorisation). Returns false, leaving `solution` unspecified,
/// when a pivot is not positive and finite.
fn solve_tridiagonal(
    diagonal: &[f64],
    couplings: &[f64],
    rhs: &[f64],
    solution: &mut [f64],
    pivots: &mut [f64],
) -> bool {
    let n = diagonal.len();
    let usable = |pivot: f64| pivot > 0.0 && pivot.is_finite();
    pivots[0] = diagonal[0];
    solution[0] = rhs[0];
    for i in 1..n {
        if !usable(pivots[i - 1]) {
            return false;
        }
        let factor = couplings[i - 1] / pivots[i - 1];
        pivots[i] = diagonal[i] - factor * couplings[i - 1];
        solution[i] = rhs[i] + factor * solution[i - 1];
    }
    if !usable(pivots[n - 1]) {
        return false;
    }
    solution[n - 1] /= pivots[n - 1];
    for i in (0..n - 1).rev() {
        solution[i] = (solution[i] + couplings[i] * solution[i + 1]) / pivots[i];
    }
    solution.iter().all(|value| value.is_finite())
}

/// The diagonal of the inverse of the tridiagonal `A` of
/// [`solve_tridiagonal`], in O(n): with forward pivots `f` and backward
/// pivots `b`, `(A⁻¹)ᵢᵢ = 1 / (fᵢ + bᵢ − Aᵢᵢ)` (Coulom's recursion in
/// symmetric form). An entry whose denominator is not positive is infinite.
fn tridiagonal_inverse_diagonal(
    diagonal: &[f64],
    couplings: &[f64],
    forward: &mut [f64],
    backward: &mut [f64],
    variances: &mut [f64],
) {
    let n = diagonal.len();
    forward[0] = diagonal[0];
    for i in 1..n {
        forward[i] = diagonal[i] - couplings[i - 1] * couplings[i - 1] / forward[i - 1];
    }
    backward[n - 1] = diagonal[n - 1];
    for i in (0..n - 1).rev() {
        backward[i] = diagonal[i] - couplings[i] * couplings[i] / backward[i + 1];
    }
    for i in 0..n {
        let precision = forward[i] + backward[i] - diagonal[i];
        variances[i] = if precision > 0.0 {
            1.0 / precision
        } else {
            f64::INFINITY
        };
    }
}

#[cfg(test)]
mod tests;
