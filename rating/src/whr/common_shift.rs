//! The per-day common shift of a connected group of players: WHR's slow direction.
//!
//! Adding the same `x(day)` to every rating of a group on each day changes no game's
//! likelihood (both players of a game move together), only the Wiener links between a
//! player's days and the first-day priors. Player-by-player Newton steps hold everyone else
//! fixed, so they move along this direction by tiny steps: on 1,000,000 games of 114 players
//! over 13,776 days a warm start crept along it for over a thousand passes. This module takes
//! the Newton step on `x` directly. Its negative Hessian is a weighted Laplacian over the
//! group's days (one edge per Wiener link) plus the priors' curvatures on the diagonal. It is
//! solved by conjugate gradients, preconditioned by the tridiagonal system in which each
//! link is replaced by the chain of links through the days between its ends, resistances in
//! series, which is the Hessian itself when every player plays every day. The step is
//! checked against the objective and halved if it overshoots, so it never lowers the
//! log-posterior, and it is zero at the joint maximum, so the fit's fixed point is unchanged.

use super::{solve_tridiagonal, Layout};
use crate::pairing::{anchor_curvature, anchor_gradient, anchor_log_density};

/// Conjugate-gradient iterations per step at most: the step need not be exact, the next
/// pass corrects what is left.
const MAX_CG_ITERATIONS: usize = 25;
/// The solve stops when the residual is this small relative to the gradient.
const CG_RELATIVE_RESIDUAL: f64 = 1e-9;
const MAX_HALVINGS: u32 = 40;

/// The days of one connected group of players and its preconditioner's chain.
struct DayChain {
    /// The group's players.
    members: Vec<usize>,
    /// The group's distinct days, ascending.
    days: usize,
    /// The chain's conductance between day `k` and day `k + 1`: the links spanning that
    /// interval, each as a resistance in series with its other intervals.
    conductance: Vec<f64>,
}

/// The day chains of all groups of a layout, and each slot's day within its group.
pub(super) struct DayShifts {
    chains: Vec<DayChain>,
    /// Index of the slot's day among its group's days.
    slot_day_index: Vec<u32>,
}

/// Buffers of one step, reused across groups and passes.
#[derive(Default)]
pub(super) struct ShiftScratch {
    gradient: Vec<f64>,
    anchor: Vec<f64>,
    solution: Vec<f64>,
    residual: Vec<f64>,
    preconditioned: Vec<f64>,
    direction: Vec<f64>,
    product: Vec<f64>,
    diagonal: Vec<f64>,
    pivots: Vec<f64>,
}

impl DayShifts {
    /// The chains of `layout`'s groups; `drift_variance`: natural units² per day.
    pub(super) fn new(layout: &Layout, drift_variance: f64) -> DayShifts {
        let mut slot_day_index = vec![0u32; layout.slot_day.len()];
        let mut chains = Vec::with_capacity(layout.components.len());
        for members in &layout.components {
            let mut days: Vec<i32> = members
                .iter()
                .flat_map(|&player| layout.slot_day[layout.slots(player)].iter().copied())
                .collect();
            days.sort_unstable();
            days.dedup();
            // How many links span each interval between consecutive days: +1 where a link
            // starts, -1 where it ends.
            let mut spanning = vec![0i64; days.len()];
            for &player in members {
                let slots = layout.slots(player);
                for slot in slots.clone() {
                    let index = days.partition_point(|&day| day < layout.slot_day[slot]);
                    slot_day_index[slot] = index as u32;
                }
                for slot in slots.start..slots.end.saturating_sub(1) {
                    spanning[slot_day_index[slot] as usize] += 1;
                    spanning[slot_day_index[slot + 1] as usize] -= 1;
                }
            }
            let mut covering = 0;
            let conductance = days
                .windows(2)
                .zip(&spanning)
                .map(|(pair, &change)| {
                    covering += change;
                    let apart = (i64::from(pair[1]) - i64::from(pair[0])) as f64;
                    covering as f64 / (drift_variance * apart)
                })
                .collect();
            chains.push(DayChain {
                members: members.clone(),
                days: days.len(),
                conductance,
            });
        }
        DayShifts {
            chains,
            slot_day_index,
        }
    }

    /// Shifts each group's ratings by its Newton step on the per-day common shift (halved
    /// until the log-posterior does not drop); returns the largest shift's size.
    pub(super) fn apply(
        &self,
        layout: &Layout,
        ratings: &mut [f64],
        scratch: &mut ShiftScratch,
    ) -> f64 {
        let mut largest: f64 = 0.0;
        for chain in self.chains.iter().filter(|chain| chain.days >= 2) {
            largest = largest.max(self.step(chain, layout, ratings, scratch));
        }
        largest
    }

    fn step(
        &self,
        chain: &DayChain,
        layout: &Layout,
        ratings: &mut [f64],
        scratch: &mut ShiftScratch,
    ) -> f64 {
        let n = chain.days;
        for buffer in [
            &mut scratch.gradient,
            &mut scratch.anchor,
            &mut scratch.solution,
            &mut scratch.residual,
            &mut scratch.preconditioned,
            &mut scratch.direction,
            &mut scratch.product,
            &mut scratch.diagonal,
            &mut scratch.pivots,
        ] {
            buffer.clear();
            buffer.resize(n, 0.0);
        }
        let day = |slot: usize| self.slot_day_index[slot] as usize;
        for &player in &chain.members {
            let slots = layout.slots(player);
            let first = slots.start;
            scratch.gradient[day(first)] += anchor_gradient(layout.prior_games, ratings[first]);
            scratch.anchor[day(first)] += anchor_curvature(layout.prior_games, ratings[first]);
            for slot in slots.start..slots.end - 1 {
                let pull = layout.link_precision[slot] * (ratings[slot + 1] - ratings[slot]);
                scratch.gradient[day(slot)] += pull;
                scratch.gradient[day(slot + 1)] -= pull;
            }
        }
        for k in 0..n {
            let left = if k > 0 { chain.conductance[k - 1] } else { 0.0 };
            let right = chain.conductance.get(k).copied().unwrap_or(0.0);
            scratch.diagonal[k] = scratch.anchor[k] + left + right;
        }

        // Preconditioned conjugate gradients on H x = g, from x = 0.
        let gradient_norm = norm(&scratch.gradient);
        if gradient_norm == 0.0 || !gradient_norm.is_finite() {
            return 0.0;
        }
        scratch.residual.copy_from_slice(&scratch.gradient);
        if !self.precondition(chain, scratch) {
            return 0.0;
        }
        scratch.direction.copy_from_slice(&scratch.preconditioned);
        let mut fit = dot(&scratch.residual, &scratch.preconditioned);
        for _ in 0..MAX_CG_ITERATIONS {
            self.hessian_times_direction(chain, layout, scratch);
            let curvature = dot(&scratch.direction, &scratch.product);
            if curvature <= 0.0 || !curvature.is_finite() {
                break;
            }
            let alpha = fit / curvature;
            for k in 0..n {
                scratch.solution[k] += alpha * scratch.direction[k];
                scratch.residual[k] -= alpha * scratch.product[k];
            }
            if norm(&scratch.residual) <= CG_RELATIVE_RESIDUAL * gradient_norm {
                break;
            }
            if !self.precondition(chain, scratch) {
                break;
            }
            let next_fit = dot(&scratch.residual, &scratch.preconditioned);
            let beta = next_fit / fit;
            fit = next_fit;
            for k in 0..n {
                scratch.direction[k] = scratch.preconditioned[k] + beta * scratch.direction[k];
            }
        }
        if !scratch.solution.iter().all(|x| x.is_finite()) {
            return 0.0;
        }

        // The objective along this direction changes only in the priors: halve the step
        // until it does not drop.
        let mut scale = 1.0;
        for _ in 0..MAX_HALVINGS {
            if self.gain(chain, layout, ratings, &scratch.solution, scale) >= 0.0 {
                let mut largest: f64 = 0.0;
                for &player in &chain.members {
                    for slot in layout.slots(player) {
                        let shift = scale * scratch.solution[day(slot)];
                        ratings[slot] += shift;
                        largest = largest.max(shift.abs());
                    }
                }
                return largest;
            }
            scale *= 0.5;
        }
        0.0
    }

    /// `preconditioned = M⁻¹ residual` for the chain's tridiagonal `M`; false when `M` is
    /// not positive definite in floating point.
    fn precondition(&self, chain: &DayChain, scratch: &mut ShiftScratch) -> bool {
        solve_tridiagonal(
            &scratch.diagonal,
            &chain.conductance,
            &scratch.residual,
            &mut scratch.preconditioned,
            &mut scratch.pivots,
        )
    }

    /// `product = H direction`, `H` the negative Hessian of the log-posterior along the
    /// per-day shifts.
    fn hessian_times_direction(
        &self,
        chain: &DayChain,
        layout: &Layout,
        scratch: &mut ShiftScratch,
    ) {
        for k in 0..chain.days {
            scratch.product[k] = scratch.anchor[k] * scratch.direction[k];
        }
        let day = |slot: usize| self.slot_day_index[slot] as usize;
        for &player in &chain.members {
            let slots = layout.slots(player);
            for slot in slots.start..slots.end - 1 {
                let (from, to) = (day(slot), day(slot + 1));
                let flow =
                    layout.link_precision[slot] * (scratch.direction[from] - scratch.direction[to]);
                scratch.product[from] += flow;
                scratch.product[to] -= flow;
            }
        }
    }

    /// How much the log-posterior rises when the group's ratings are shifted by
    /// `scale · shift(day)`.
    fn gain(
        &self,
        chain: &DayChain,
        layout: &Layout,
        ratings: &[f64],
        shift: &[f64],
        scale: f64,
    ) -> f64 {
        let day = |slot: usize| self.slot_day_index[slot] as usize;
        let mut gain = 0.0;
        for &player in &chain.members {
            let slots = layout.slots(player);
            let first = slots.start;
            let moved = ratings[first] + scale * shift[day(first)];
            gain += anchor_log_density(layout.prior_games, moved)
                - anchor_log_density(layout.prior_games, ratings[first]);
            for slot in slots.start..slots.end - 1 {
                let drift = ratings[slot + 1] - ratings[slot];
                let change = scale * (shift[day(slot + 1)] - shift[day(slot)]);
                gain -= 0.5 * layout.link_precision[slot] * change * (2.0 * drift + change);
            }
        }
        gain
    }
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

fn norm(a: &[f64]) -> f64 {
    dot(a, a).sqrt()
}
