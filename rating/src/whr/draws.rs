//! Davidson's draw parameter in Whole-History Rating: where `ln ν` starts, its Newton step
//! with the ratings held, and its standard deviation at the fit.
//!
//! A game between slot ratings `r_i` and `r_j` (natural units: `γ = e^r`, which is
//! `10^(R/400)` for an Elo rating `R`) is Davidson's game of the advantage's fit with no
//! advantage term: with `x = (r_i − r_j) / 2` and `Z = e^x + e^−x + ν`,
//! `P(i wins) = e^x / Z`, `P(j wins) = e^−x / Z`, `P(draw) = ν / Z` (the task's
//! `γ_i / (γ_i + γ_j + ν√(γ_i γ_j))`, divided through by `√(γ_i γ_j)`). With `y` +1, −1
//! or 0 for i's win, loss or draw and `δ = 1 − |y|`, a game's log-likelihood is
//! `ℓ = y x + δ λ − ln Z` (`λ = ln ν`), and with `d = r_i − r_j`, `w, l, p` the three
//! probabilities:
//!
//! - `∂ℓ/∂d = (y − (w − l)) / 2`, so `∂ℓ/∂r_i = ∂ℓ/∂d` and `∂ℓ/∂r_j = −∂ℓ/∂d`;
//! - `−∂²ℓ/∂d² = (w + l − (w − l)²) / 4`, the variance of `y/2` under the model, so the
//!   likelihood is concave in the ratings and every Newton system stays positive definite
//!   (each game adds it to both players' diagonals and subtracts it off the diagonal);
//! - `∂ℓ/∂λ = δ − p`, `−∂²ℓ/∂λ² = p (1 − p)`, `−∂²ℓ/∂d∂λ = −(w − l) p / 2`.
//!
//! These are [`crate::advantage::draws`]'s terms (one likelihood for both fits), summed
//! over an edge's games by its tally. The players' first-day anchor and the Wiener links
//! are WHR's as with draws counted half: the prior does not depend on the draw model.

use super::Layout;
use crate::advantage::conjugate_gradient;
use crate::advantage::draws::{tally_terms, GameTerms};
use crate::advantage::DrawParameter;
use crate::pairing::anchor_curvature;

/// Steps on `ln ν` up to this long are taken without checking the likelihood.
const TRUSTED_STEP: f64 = 0.5;
const MAX_HALVINGS: u32 = 60;

/// Where `ln ν` starts: the draw rate of the games between equals, `ν / (2 + ν)` equal to
/// the share drawn. `None` when the games have no draw or nothing but draws: nothing to fit
/// ν from (the model is then Bradley–Terry, as the advantage's fit reads it).
pub(super) fn starting_log_nu(scores: impl Iterator<Item = f64>) -> Option<f64> {
    let (mut games, mut drawn) = (0.0, 0.0);
    for score in scores {
        games += 1.0;
        drawn += 1.0 - (2.0 * score - 1.0).abs();
    }
    let share = drawn / games;
    (drawn > 0.0 && share < 1.0).then(|| (2.0 * share / (1.0 - share)).ln())
}

impl Layout {
    /// Every game's terms once (from its lower slot's side), at `ratings` and `ln ν`.
    fn games_terms<'a>(
        &'a self,
        ratings: &'a [f64],
        lambda: f64,
    ) -> impl Iterator<Item = GameTerms> + 'a {
        (0..ratings.len()).flat_map(move |slot| {
            self.edge_range(slot)
                .filter(move |&index| self.edges[index].opponent > slot)
                .map(move |index| {
                    let difference = ratings[slot] - ratings[self.edges[index].opponent];
                    tally_terms(self.tally(index), difference, Some(lambda))
                })
        })
    }

    /// The games' log-likelihood in `ln ν` (the ratings held): `Σ δ λ − ln Z`.
    fn draws_log_likelihood(&self, ratings: &[f64], lambda: f64) -> f64 {
        self.games_terms(ratings, lambda)
            .map(|terms| terms.log_likelihood)
            .sum()
    }

    /// One Newton step on `ln ν` with the ratings held; a step longer than
    /// [`TRUSTED_STEP`] is halved until the likelihood does not drop. Returns its length
    /// (0 when draws count half).
    pub(super) fn draw_step(&mut self, ratings: &[f64]) -> f64 {
        let Some(lambda) = self.log_nu else {
            return 0.0;
        };
        let (gradient, information) = self
            .games_terms(ratings, lambda)
            .fold((0.0, 0.0), |(g, i), terms| {
                (g + terms.gradient_draw, i + terms.information_draw)
            });
        if !(information > 0.0 && information.is_finite()) {
            return 0.0;
        }
        let step = gradient / information;
        if step.abs() <= TRUSTED_STEP {
            self.log_nu = Some(lambda + step);
            return step.abs();
        }
        let before = self.draws_log_likelihood(ratings, lambda);
        let mut scale = 1.0;
        for _ in 0..MAX_HALVINGS {
            if self.draws_log_likelihood(ratings, lambda + scale * step) >= before {
                self.log_nu = Some(lambda + scale * step);
                return (scale * step).abs();
            }
            scale *= 0.5;
        }
        0.0
    }

    /// ν at the fit with the standard deviation of `ln ν` over every rating's
    /// uncertainty: `1 / √(I_λλ − I_λr I_rr⁻¹ I_rλ)`, `I` the negative Hessian of the
    /// log-posterior in all the slots' ratings and `λ` (the Laplace approximation with a
    /// flat prior on `λ`). `I_rr⁻¹ I_rλ` is solved by conjugate gradients on the sparse
    /// `I_rr` (games, anchors and Wiener links); an information that is not positive
    /// leaves the sd infinite. `None` when draws count half.
    pub(super) fn draw_parameter(&self, ratings: &[f64]) -> Option<DrawParameter> {
        let lambda = self.log_nu?;
        let slots = ratings.len();
        // Per edge its games' curvature in the edge; per slot the coupling to λ and the
        // diagonal of I_rr.
        let mut edge_curvature = vec![0.0; self.edges.len()];
        let mut coupling = vec![0.0; slots];
        let mut diagonal = vec![0.0; slots];
        let mut draw_information = 0.0;
        for slot in 0..slots {
            for index in self.edge_range(slot) {
                let opponent = self.edges[index].opponent;
                let terms = tally_terms(
                    self.tally(index),
                    ratings[slot] - ratings[opponent],
                    Some(lambda),
                );
                edge_curvature[index] = terms.information_edge;
                coupling[slot] += terms.information_cross;
                diagonal[slot] += terms.information_edge;
                if opponent > slot {
                    draw_information += terms.information_draw;
                }
            }
        }
        for player in 0..self.player_start.len() - 1 {
            let player_slots = self.slots(player);
            if player_slots.is_empty() {
                continue;
            }
            diagonal[player_slots.start] +=
                anchor_curvature(self.prior_games, ratings[player_slots.start]);
            for slot in player_slots.start..player_slots.end - 1 {
                diagonal[slot] += self.link_precision[slot];
                diagonal[slot + 1] += self.link_precision[slot];
            }
        }
        let apply = |v: &[f64], out: &mut [f64]| {
            for slot in 0..slots {
                let mut value = diagonal[slot] * v[slot];
                for index in self.edge_range(slot) {
                    value -= edge_curvature[index] * v[self.edges[index].opponent];
                }
                let player_slots = self.slots(self.slot_player[slot]);
                if slot + 1 < player_slots.end {
                    value -= self.link_precision[slot] * v[slot + 1];
                }
                if slot > player_slots.start {
                    value -= self.link_precision[slot - 1] * v[slot - 1];
                }
                out[slot] = value;
            }
        };
        let mut solved = vec![0.0; slots];
        conjugate_gradient(apply, &diagonal, &coupling, &mut solved);
        let explained: f64 = coupling.iter().zip(&solved).map(|(c, z)| c * z).sum();
        let information = draw_information - explained;
        let log_sd = if information > 0.0 && information.is_finite() {
            information.sqrt().recip()
        } else {
            f64::INFINITY
        };
        Some(DrawParameter {
            nu: lambda.exp(),
            log_sd,
        })
    }
}
