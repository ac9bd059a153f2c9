//! The first mover's advantage beside the players' strengths.
//!
//! Model: `P(first wins) = σ(θ_first − θ_second + a_g)` in natural units, with
//! `g` the game's group (an opening, a rule, a period). Each strength `θ`
//! has the anchoring prior of WHR's first day (`prior_games` virtual wins and
//! losses against a player rated 0); each advantage `a_g` has a flat prior.
//! Draws count as half a win, or, with [`DrawModel::Davidson`], as an outcome
//! of their own with a fitted draw parameter ([`draws`]). The joint
//! log-posterior is maximised by Newton's method, each step solved by
//! conjugate gradients on the sparse information matrix.

use crate::pairing::{
    anchor_curvature, anchor_gradient, anchor_log_density, elo_from_natural, usable_prior_games,
    usable_score, ELO_PER_NATURAL,
};
use crate::special::chi_square_1_survival;
pub use draws::DrawModel;
use draws::{expected_score, game_terms};

pub(crate) mod draws;

/// One game to rate, with the group whose first-mover advantage it informs.
///
/// Games the [`crate::Pairing`] documentation calls unusable, and games whose
/// group is out of range, are ignored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroupedPairing {
    /// The player who moved first.
    pub first: u32,
    /// The player who moved second.
    pub second: u32,
    /// First's score: 1, 0.5 or 0.
    pub score: f64,
    /// The group, `0..groups`.
    pub group: u32,
}

/// One group's first-mover advantage.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupAdvantage {
    /// How many usable games the group has.
    pub games: u32,
    /// The first movers' points in them.
    pub score: f64,
    /// Sum over the group's games of the first mover's expected score from
    /// the strengths alone (`σ(θ_first − θ_second)` when draws count half).
    pub expected: f64,
    /// The advantage, in Elo. A group with no games has 0. A bounded group
    /// (see `bounded`) has the advantage that makes its expected score half a
    /// point short of the perfect one (`games − 0.5`, or `0.5` when the first
    /// movers lost everything), given the strengths.
    pub advantage: f64,
    /// Marginal standard deviation of the advantage, in Elo, accounting for
    /// the players' uncertainty (the Schur complement of the information
    /// matrix). `f64::INFINITY` for a group with no games or a bounded one.
    pub sd: f64,
    /// Whether the first movers won every game of the group, or lost every
    /// one: the advantage then has no finite maximum. Such a group's games
    /// are left out of the strengths' fit, which is exactly the limit as its
    /// advantage goes to ±∞, where they become certain.
    pub bounded: bool,
}

/// The result of [`fit_advantage`].
#[derive(Clone, Debug, PartialEq)]
pub struct AdvantageFit {
    /// Every player's strength, in Elo (0 is the prior's virtual opponent).
    pub strengths: Vec<f64>,
    /// Per group, its advantage.
    pub groups: Vec<GroupAdvantage>,
    /// groups × groups, Elo²: the marginal covariance of the advantages. The
    /// row and column of a group with no games or a bounded one are 0, except
    /// for `f64::INFINITY` on the diagonal.
    pub covariance: Vec<Vec<f64>>,
    /// Log-likelihood (natural log) of the games alone at the fit; a bounded
    /// group's games contribute their limit, 0.
    pub log_likelihood: f64,
    /// `log_likelihood` plus the strengths' priors: the maximised objective.
    pub log_posterior: f64,
    /// Newton iterations made.
    pub iterations: u32,
    /// Davidson's draw parameter ν, when the fit estimated one.
    pub draw_parameter: Option<DrawParameter>,
}

/// Davidson's fitted draw parameter: `P(draw)` between equals is `ν / (2 + ν)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DrawParameter {
    pub nu: f64,
    /// Standard deviation of `ln ν`, accounting for the other parameters'
    /// uncertainty; its 95% interval is `ν · e^(±1.96 sd)`.
    pub log_sd: f64,
}

/// The likelihood-ratio test of two groups having the same advantage.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comparison {
    /// `a_a − a_b`, Elo.
    pub difference: f64,
    /// Standard deviation of `difference`, Elo, from the covariance.
    pub sd: f64,
    /// Likelihood ratio `2 (lp_full − lp_restricted)`, from the log-posteriors.
    pub statistic: f64,
    /// Chi-square survival of `statistic`, one degree of freedom.
    pub p_value: f64,
}

const MAX_NEWTON_ITERATIONS: u32 = 100;
/// The fit stops when no parameter moves by more than this (natural units).
const CONVERGED_STEP: f64 = 1e-9;
/// Conjugate gradients stop at this residual relative to the right side.
const CG_RELATIVE_RESIDUAL: f64 = 1e-12;
/// Newton steps this short are inside the quadratic region and taken whole;
/// checking them against the objective would only measure rounding.
const UNCHECKED_STEP: f64 = 1e-3;
const MAX_HALVINGS: u32 = 60;
/// Sufficient increase demanded of a checked step (Armijo's constant).
const ARMIJO: f64 = 1e-4;

/// Fits the strengths and the groups' advantages jointly (maximum a
/// posteriori), and the advantages' marginal covariance, a draw counting half
/// a win: [`fit_advantage_with`] under [`DrawModel::Half`].
pub fn fit_advantage(
    players: usize,
    groups: usize,
    games: &[GroupedPairing],
    prior_games: f64,
) -> AdvantageFit {
    fit_advantage_with(players, groups, games, prior_games, DrawModel::Half)
}

/// Fits the strengths and the groups' advantages jointly (maximum a
/// posteriori) under `draws`, and the advantages' marginal covariance.
///
/// Under [`DrawModel::Davidson`] the log draw parameter `ln ν` is one more
/// parameter with a flat prior, fitted when the games have both draws and
/// decisive results; with none of one or the other there is nothing to fit it
/// from, and the model is Bradley–Terry (`draw_parameter` is `None`).
///
/// `prior_games` is the strengths' prior weight; as in
/// [`crate::WhrParams::prior_games`], values below 0.001 (and NaN) are raised
/// to 0.001. The fit is Newton's method from zero with a backtracking line
/// search, until no parameter moves by 1e-9 (natural units) or 100
/// iterations; it is deterministic.
pub fn fit_advantage_with(
    players: usize,
    groups: usize,
    games: &[GroupedPairing],
    prior_games: f64,
    draws: DrawModel,
) -> AdvantageFit {
    let prior_games = usable_prior_games(prior_games);
    let usable: Vec<(usize, usize, f64, usize)> = games
        .iter()
        .filter(|game| (game.group as usize) < groups)
        .filter_map(|game| {
            usable_score(players, game.first, game.second, game.score).map(|score| {
                (
                    game.first as usize,
                    game.second as usize,
                    score,
                    game.group as usize,
                )
            })
        })
        .collect();
    let mut group_games = vec![0u32; groups];
    let mut group_score = vec![0.0; groups];
    for &(_, _, score, group) in &usable {
        group_games[group] += 1;
        group_score[group] += score;
    }
    let bounded: Vec<bool> = (0..groups)
        .map(|g| {
            group_games[g] > 0
                && (group_score[g] == 0.0 || group_score[g] == f64::from(group_games[g]))
        })
        .collect();
    // Free groups get a variable after the players', in group order.
    let mut variable_of_group = vec![None; groups];
    let mut free_groups = Vec::new();
    for group in 0..groups {
        if group_games[group] > 0 && !bounded[group] {
            variable_of_group[group] = Some(players + free_groups.len());
            free_groups.push(group);
        }
    }
    let fitted_games = || {
        usable
            .iter()
            .filter(|game| variable_of_group[game.3].is_some())
    };
    let drawn = fitted_games().filter(|game| game.2 == 0.5).count();
    let draw_variable =
        (draws == DrawModel::Davidson && drawn > 0 && drawn < fitted_games().count())
            .then_some(players + free_groups.len());
    let model = Model {
        players,
        variables: players + free_groups.len() + usize::from(draw_variable.is_some()),
        prior_games,
        draw_variable,
        games: usable
            .iter()
            .filter_map(|&(first, second, score, group)| {
                variable_of_group[group].map(|advantage| Game {
                    first,
                    second,
                    score,
                    advantage,
                })
            })
            .collect(),
    };
    let (parameters, iterations) = model.maximise();
    let free_covariance = model.advantage_covariance(&parameters);
    let log_nu = model.log_nu(&parameters);
    let draw_parameter = draw_variable.map(|variable| DrawParameter {
        nu: parameters[variable].exp(),
        log_sd: free_covariance[free_groups.len()][free_groups.len()].sqrt(),
    });

    let mut covariance = vec![vec![0.0; groups]; groups];
    for (group, row) in covariance.iter_mut().enumerate() {
        row[group] = f64::INFINITY;
    }
    for (i, &g) in free_groups.iter().enumerate() {
        for (j, &h) in free_groups.iter().enumerate() {
            covariance[g][h] = free_covariance[i][j] * ELO_PER_NATURAL * ELO_PER_NATURAL;
        }
    }

    let mut group_differences: Vec<Vec<f64>> = vec![Vec::new(); groups];
    for &(first, second, _, group) in &usable {
        group_differences[group].push(parameters[first] - parameters[second]);
    }
    let group_results = (0..groups)
        .map(|group| {
            let differences = &group_differences[group];
            let advantage = match variable_of_group[group] {
                Some(variable) => parameters[variable],
                None if bounded[group] => {
                    let perfect = group_score[group] > 0.0;
                    let target = if perfect {
                        f64::from(group_games[group]) - 0.5
                    } else {
                        0.5
                    };
                    advantage_for_expected_score(differences, target, log_nu)
                }
                None => 0.0,
            };
            GroupAdvantage {
                games: group_games[group],
                score: group_score[group],
                expected: differences.iter().map(|&d| expected_score(d, log_nu)).sum(),
                advantage: elo_from_natural(advantage),
                sd: covariance[group][group].sqrt(),
                bounded: bounded[group],
            }
        })
        .collect();

    let log_likelihood = model.log_likelihood(&parameters);
    AdvantageFit {
        strengths: parameters[..players]
            .iter()
            .map(|&theta| elo_from_natural(theta))
            .collect(),
        groups: group_results,
        covariance,
        log_likelihood,
        log_posterior: log_likelihood + model.log_prior(&parameters),
        iterations,
        draw_parameter,
    }
}

/// [`compare_with`], a draw counting half a win.
pub fn compare(
    players: usize,
    groups: usize,
    games: &[GroupedPairing],
    prior_games: f64,
    a: u32,
    b: u32,
) -> Comparison {
    compare_with(players, groups, games, prior_games, a, b, DrawModel::Half)
}

/// Fits the model under `draws` twice: as given, and with groups a and b made
/// one; the likelihood-ratio test of a_a = a_b.
///
/// When `a == b` the result is a zero difference with zero sd, statistic 0
/// and p-value 1. When `a` or `b` is out of range there is nothing to
/// compare: difference 0, sd `f64::INFINITY`, statistic 0, p-value 1. When
/// either group has no games or is bounded, `sd` is `f64::INFINITY`.
pub fn compare_with(
    players: usize,
    groups: usize,
    games: &[GroupedPairing],
    prior_games: f64,
    a: u32,
    b: u32,
    draws: DrawModel,
) -> Comparison {
    let nothing = |sd| Comparison {
        difference: 0.0,
        sd,
        statistic: 0.0,
        p_value: 1.0,
    };
    let (a_index, b_index) = (a as usize, b as usize);
    if a_index >= groups || b_index >= groups {
        return nothing(f64::INFINITY);
    }
    if a == b {
        return nothing(0.0);
    }
    let full = fit_advantage_with(players, groups, games, prior_games, draws);
    let merged: Vec<GroupedPairing> = games
        .iter()
        .map(|game| GroupedPairing {
            group: if game.group == b { a } else { game.group },
            ..*game
        })
        .collect();
    let restricted = fit_advantage_with(players, groups, &merged, prior_games, draws);
    let (group_a, group_b) = (&full.groups[a_index], &full.groups[b_index]);
    let variance = full.covariance[a_index][a_index] + full.covariance[b_index][b_index]
        - 2.0 * full.covariance[a_index][b_index];
    let statistic = (2.0 * (full.log_posterior - restricted.log_posterior)).max(0.0);
    Comparison {
        difference: group_a.advantage - group_b.advantage,
        sd: variance.max(0.0).sqrt(),
        statistic,
        p_value: chi_square_1_survival(statistic),
    }
}

/// A game as the model sees it: `advantage` is the index of its group's
/// variable.
#[derive(Clone, Copy, Debug)]
struct Game {
    first: usize,
    second: usize,
    score: f64,
    advantage: usize,
}

/// The log-posterior over `variables` parameters: the players' strengths,
/// then the free groups' advantages, then Davidson's `ln ν` when fitted.
struct Model {
    players: usize,
    variables: usize,
    prior_games: f64,
    /// The index of `ln ν`; `None` when draws count half.
    draw_variable: Option<usize>,
    games: Vec<Game>,
}

/// The information matrix (negative Hessian) at a point, in sparse form:
/// each game adds its 2×2 block over (edge, `ln ν`) through its design
/// vector `x` (the edge is `x·θ`), each player his prior's curvature on the
/// diagonal.
struct Information {
    /// Per game: (edge, edge), (edge, `ln ν`), (`ln ν`, `ln ν`).
    game_weights: Vec<[f64; 3]>,
    prior_curvatures: Vec<f64>,
}

impl Model {
    fn difference(&self, parameters: &[f64], game: &Game) -> f64 {
        parameters[game.first] - parameters[game.second] + parameters[game.advantage]
    }

    fn log_nu(&self, parameters: &[f64]) -> Option<f64> {
        self.draw_variable.map(|variable| parameters[variable])
    }

    fn log_likelihood(&self, parameters: &[f64]) -> f64 {
        let log_nu = self.log_nu(parameters);
        self.games
            .iter()
            .map(|game| {
                game_terms(game.score, self.difference(parameters, game), log_nu).log_likelihood
            })
            .sum()
    }

    fn log_prior(&self, parameters: &[f64]) -> f64 {
        parameters[..self.players]
            .iter()
            .map(|&theta| anchor_log_density(self.prior_games, theta))
            .sum()
    }

    fn log_posterior(&self, parameters: &[f64]) -> f64 {
        self.log_likelihood(parameters) + self.log_prior(parameters)
    }

    fn gradient_and_information(&self, parameters: &[f64], gradient: &mut [f64]) -> Information {
        gradient.fill(0.0);
        let log_nu = self.log_nu(parameters);
        let mut game_weights = Vec::with_capacity(self.games.len());
        for game in &self.games {
            let terms = game_terms(game.score, self.difference(parameters, game), log_nu);
            let surprise = terms.gradient_edge;
            gradient[game.first] += surprise;
            gradient[game.second] -= surprise;
            gradient[game.advantage] += surprise;
            if let Some(variable) = self.draw_variable {
                gradient[variable] += terms.gradient_draw;
            }
            game_weights.push([
                terms.information_edge,
                terms.information_cross,
                terms.information_draw,
            ]);
        }
        let mut prior_curvatures = Vec::with_capacity(self.players);
        for (player, &theta) in parameters[..self.players].iter().enumerate() {
            gradient[player] += anchor_gradient(self.prior_games, theta);
            prior_curvatures.push(anchor_curvature(self.prior_games, theta));
        }
        Information {
            game_weights,
            prior_curvatures,
        }
    }

    /// `out = I v` over all variables, or over the players' block only.
    fn apply_information(
        &self,
        information: &Information,
        players_only: bool,
        v: &[f64],
        out: &mut [f64],
    ) {
        for ((value, &curvature), &input) in
            out.iter_mut().zip(&information.prior_curvatures).zip(v)
        {
            *value = curvature * input;
        }
        out[self.players..].fill(0.0);
        let draw = self.draw_variable.filter(|_| !players_only);
        let draw_input = draw.map_or(0.0, |variable| v[variable]);
        for (game, &[edge, cross, draw_weight]) in self.games.iter().zip(&information.game_weights)
        {
            let advantage = if players_only { 0.0 } else { v[game.advantage] };
            let design = v[game.first] - v[game.second] + advantage;
            let product = edge * design + cross * draw_input;
            out[game.first] += product;
            out[game.second] -= product;
            if !players_only {
                out[game.advantage] += product;
            }
            if let Some(variable) = draw {
                out[variable] += cross * design + draw_weight * draw_input;
            }
        }
    }

    fn information_diagonal(&self, information: &Information) -> Vec<f64> {
        let mut diagonal = vec![0.0; self.variables];
        diagonal[..self.players].copy_from_slice(&information.prior_curvatures);
        for (game, &[edge, _, draw_weight]) in self.games.iter().zip(&information.game_weights) {
            diagonal[game.first] += edge;
            diagonal[game.second] += edge;
            diagonal[game.advantage] += edge;
            if let Some(variable) = self.draw_variable {
                diagonal[variable] += draw_weight;
            }
        }
        diagonal
    }

    /// Newton's method from zero with a backtracking line search; returns the
    /// maximiser and the iterations made.
    fn maximise(&self) -> (Vec<f64>, u32) {
        let mut parameters = vec![0.0; self.variables];
        let mut gradient = vec![0.0; self.variables];
        let mut step = vec![0.0; self.variables];
        let mut trial = vec![0.0; self.variables];
        let mut iterations = 0;
        while iterations < MAX_NEWTON_ITERATIONS {
            iterations += 1;
            let information = self.gradient_and_information(&parameters, &mut gradient);
            let diagonal = self.information_diagonal(&information);
            conjugate_gradient(
                |v, out| self.apply_information(&information, false, v, out),
                &diagonal,
                &gradient,
                &mut step,
            );
            let longest = step.iter().fold(0.0f64, |acc, s| acc.max(s.abs()));
            let mut scale = 1.0;
            if longest > UNCHECKED_STEP {
                let before = self.log_posterior(&parameters);
                let slope: f64 = gradient.iter().zip(&step).map(|(g, s)| g * s).sum();
                let mut accepted = false;
                for _ in 0..MAX_HALVINGS {
                    for ((t, p), s) in trial.iter_mut().zip(&parameters).zip(&step) {
                        *t = p + scale * s;
                    }
                    if self.log_posterior(&trial) >= before + ARMIJO * scale * slope {
                        accepted = true;
                        break;
                    }
                    scale *= 0.5;
                }
                if !accepted {
                    break;
                }
            }
            for (p, s) in parameters.iter_mut().zip(&step) {
                *p += scale * s;
            }
            if scale * longest < CONVERGED_STEP {
                break;
            }
        }
        (parameters, iterations)
    }

    /// The marginal covariance (natural units²) of the variables after the
    /// players' (the free groups' advantages, then `ln ν` when fitted):
    /// `(I_bb − I_bp I_pp⁻¹ I_pb)⁻¹`, each `I_pp⁻¹ I_pb` column by conjugate
    /// gradients. Infinite variances if that matrix is not positive definite.
    fn advantage_covariance(&self, parameters: &[f64]) -> Vec<Vec<f64>> {
        let block = self.variables - self.players;
        let mut gradient = vec![0.0; self.variables];
        let information = self.gradient_and_information(parameters, &mut gradient);
        let mut player_diagonal = information.prior_curvatures.clone();
        for (game, &[edge, _, _]) in self.games.iter().zip(&information.game_weights) {
            player_diagonal[game.first] += edge;
            player_diagonal[game.second] += edge;
        }
        let mut schur = vec![vec![0.0; block]; block];
        let mut unit = vec![0.0; self.variables];
        let mut column = vec![0.0; self.variables];
        let mut solved = vec![0.0; self.players];
        let mut lifted = vec![0.0; self.variables];
        for (h, schur_column) in schur.iter_mut().enumerate() {
            // Column h of the information: I_pb's column above I_bb's.
            unit.fill(0.0);
            unit[self.players + h] = 1.0;
            self.apply_information(&information, false, &unit, &mut column);
            conjugate_gradient(
                |v, out| self.apply_information(&information, true, v, out),
                &player_diagonal,
                &column[..self.players],
                &mut solved,
            );
            // Minus I_bp I_pp⁻¹ I_pb's column; the matrix is symmetric, so the
            // column is stored as a row.
            lifted[..self.players].copy_from_slice(&solved);
            lifted[self.players..].fill(0.0);
            let mut coupled = vec![0.0; self.variables];
            self.apply_information(&information, false, &lifted, &mut coupled);
            for (g, value) in schur_column.iter_mut().enumerate() {
                *value = column[self.players + g] - coupled[self.players + g];
            }
        }
        // Symmetrise away the solves' rounding.
        let symmetric: Vec<Vec<f64>> = (0..block)
            .map(|g| {
                (0..block)
                    .map(|h| 0.5 * (schur[g][h] + schur[h][g]))
                    .collect()
            })
            .collect();
        invert_positive_definite(&symmetric).unwrap_or_else(|| {
            (0..block)
                .map(|g| {
                    (0..block)
                        .map(|h| if g == h { f64::INFINITY } else { 0.0 })
                        .collect()
                })
                .collect()
        })
    }
}

/// Solves `A x = rhs` for a symmetric positive definite `A` given as a
/// product, by conjugate gradients preconditioned with `A`'s diagonal, from
/// zero, to a residual of `CG_RELATIVE_RESIDUAL · |rhs|`.
pub(crate) fn conjugate_gradient(
    apply: impl Fn(&[f64], &mut [f64]),
    diagonal: &[f64],
    rhs: &[f64],
    solution: &mut [f64],
) {
    let n = rhs.len();
    solution.fill(0.0);
    let dot = |a: &[f64], b: &[f64]| -> f64 { a.iter().zip(b).map(|(x, y)| x * y).sum() };
    let rhs_norm = dot(rhs, rhs).sqrt();
    if rhs_norm == 0.0 || !rhs_norm.is_finite() {
        return;
    }
    let precondition = |residual: &[f64], out: &mut [f64]| {
        for ((o, r), d) in out.iter_mut().zip(residual).zip(diagonal) {
            *o = if *d > 0.0 { r / d } else { *r };
        }
    };
    let mut residual = rhs.to_vec();
    let mut preconditioned = vec![0.0; n];
    precondition(&residual, &mut preconditioned);
    let mut direction = preconditioned.clone();
    let mut product = vec![0.0; n];
    let mut residual_dot = dot(&residual, &preconditioned);
    // In exact arithmetic n steps suffice; rounding may need a few more.
    for _ in 0..4 * n + 100 {
        apply(&direction, &mut product);
        let curvature = dot(&direction, &product);
        if !(curvature > 0.0 && curvature.is_finite()) {
            break;
        }
        let alpha = residual_dot / curvature;
        for ((x, r), (d, p)) in solution
            .iter_mut()
            .zip(residual.iter_mut())
            .zip(direction.iter().zip(&product))
        {
            *x += alpha * d;
            *r -= alpha * p;
        }
        if dot(&residual, &residual).sqrt() <= CG_RELATIVE_RESIDUAL * rhs_norm {
            break;
        }
        precondition(&residual, &mut preconditioned);
        let next_dot = dot(&residual, &preconditioned);
        let beta = next_dot / residual_dot;
        residual_dot = next_dot;
        for (d, z) in direction.iter_mut().zip(&preconditioned) {
            *d = z + beta * *d;
        }
    }
}

/// The inverse of a small symmetric positive definite matrix by Cholesky
/// factorisation, or `None` if it is not positive definite.
fn invert_positive_definite(matrix: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = matrix.len();
    let mut lower = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..=i {
            let partial: f64 = (0..j).map(|k| lower[i][k] * lower[j][k]).sum();
            let value = matrix[i][j] - partial;
            if i == j {
                if !(value > 0.0 && value.is_finite()) {
                    return None;
                }
                lower[i][i] = value.sqrt();
            } else {
                lower[i][j] = value / lower[j][j];
            }
        }
    }
    // Column j of the inverse solves L Lᵀ x = e_j; the inverse is symmetric,
    // so the columns serve as rows.
    let column = |j: usize| -> Vec<f64> {
        let mut y = vec![0.0; n];
        for i in 0..n {
            let known: f64 = (0..i).map(|k| lower[i][k] * y[k]).sum();
            y[i] = (if i == j { 1.0 } else { 0.0 } - known) / lower[i][i];
        }
        let mut x = vec![0.0; n];
        for i in (0..n).rev() {
            let known: f64 = (i + 1..n).map(|k| lower[k][i] * x[k]).sum();
            x[i] = (y[i] - known) / lower[i][i];
        }
        x
    };
    Some((0..n).map(column).collect())
}

/// The advantage `a` (natural units) with `Σ E(dᵢ + a) = target` (E the expected score), for
/// `0 < target < n`: the sum increases from 0 to n, so bisection finds it.
fn advantage_for_expected_score(differences: &[f64], target: f64, log_nu: Option<f64>) -> f64 {
    let reach = differences.iter().fold(0.0f64, |acc, d| acc.max(d.abs())) + 50.0;
    let (mut low, mut high) = (-reach, reach);
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if middle <= low || middle >= high {
            break;
        }
        let expected: f64 = differences
            .iter()
            .map(|&d| expected_score(d + middle, log_nu))
            .sum();
        if expected < target {
            low = middle;
        } else {
            high = middle;
        }
    }
    0.5 * (low + high)
}

#[cfg(test)]
mod tests;
