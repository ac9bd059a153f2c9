use super::*;
use crate::pairing::{logistic, natural_from_elo};
use crate::test_rng::Lcg;

fn game(first: u32, second: u32, score: f64, group: u32) -> GroupedPairing {
    GroupedPairing {
        first,
        second,
        score,
        group,
    }
}

/// Random games; `first_edge[g]` is group g's true advantage (natural).
fn random_games(
    seed: u64,
    players: u32,
    count: usize,
    first_edge: &[f64],
    spread: f64,
) -> Vec<GroupedPairing> {
    let mut rng = Lcg(seed);
    let strengths: Vec<f64> = (0..players).map(|_| spread * (rng.unit() - 0.5)).collect();
    (0..count)
        .map(|_| {
            let first = rng.below(players);
            let second = (first + 1 + rng.below(players - 1)) % players;
            let group = rng.below(first_edge.len() as u32);
            let difference =
                strengths[first as usize] - strengths[second as usize] + first_edge[group as usize];
            let roll = rng.unit();
            let score = if roll < 0.05 {
                0.5
            } else if roll < 0.05 + 0.95 * logistic(difference) {
                1.0
            } else {
                0.0
            };
            game(first, second, score, group)
        })
        .collect()
}

fn dense_inverse(matrix: &[Vec<f64>]) -> Vec<Vec<f64>> {
    // Gauss–Jordan with partial pivoting.
    let n = matrix.len();
    let mut work: Vec<Vec<f64>> = matrix
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut extended = row.clone();
            extended.extend((0..n).map(|j| if i == j { 1.0 } else { 0.0 }));
            extended
        })
        .collect();
    for column in 0..n {
        let pivot_row = (column..n)
            .max_by(|&a, &b| work[a][column].abs().total_cmp(&work[b][column].abs()))
            .unwrap();
        work.swap(column, pivot_row);
        let pivot = work[column].clone();
        for (row, values) in work.iter_mut().enumerate() {
            let factor = if row == column {
                1.0 - 1.0 / pivot[column]
            } else {
                values[column] / pivot[column]
            };
            for (value, source) in values.iter_mut().zip(&pivot) {
                *value -= factor * source;
            }
        }
    }
    work.into_iter().map(|row| row[n..].to_vec()).collect()
}

/// The dense information matrix over players then the listed groups, at the fit.
fn dense_information(
    fit: &AdvantageFit,
    games: &[GroupedPairing],
    free: &[usize],
    prior_games: f64,
) -> Vec<Vec<f64>> {
    let players = fit.strengths.len();
    let n = players + free.len();
    let mut information = vec![vec![0.0; n]; n];
    for (player, &strength) in fit.strengths.iter().enumerate() {
        let p = logistic(natural_from_elo(strength));
        information[player][player] += 2.0 * prior_games * p * (1.0 - p);
    }
    for g in games {
        let Some(slot) = free.iter().position(|&f| f == g.group as usize) else {
            continue;
        };
        let (a, b, c) = (g.first as usize, g.second as usize, players + slot);
        let d = natural_from_elo(
            fit.strengths[a] - fit.strengths[b] + fit.groups[g.group as usize].advantage,
        );
        let w = logistic(d) * (1.0 - logistic(d));
        let design = [(a, 1.0), (b, -1.0), (c, 1.0)];
        for &(i, x) in &design {
            for &(j, y) in &design {
                information[i][j] += w * x * y;
            }
        }
    }
    information
}

fn gradient_norm(fit: &AdvantageFit, games: &[GroupedPairing], prior_games: f64) -> f64 {
    let mut strengths_gradient: Vec<f64> = fit
        .strengths
        .iter()
        .map(|&s| {
            let theta = natural_from_elo(s);
            prior_games * (1.0 - 2.0 * logistic(theta))
        })
        .collect();
    let mut group_gradient = vec![0.0; fit.groups.len()];
    for g in games {
        let (a, b) = (g.first as usize, g.second as usize);
        let d = natural_from_elo(
            fit.strengths[a] - fit.strengths[b] + fit.groups[g.group as usize].advantage,
        );
        let surprise = g.score - logistic(d);
        strengths_gradient[a] += surprise;
        strengths_gradient[b] -= surprise;
        group_gradient[g.group as usize] += surprise;
    }
    strengths_gradient
        .iter()
        .chain(&group_gradient)
        .fold(0.0, |acc: f64, x| acc.max(x.abs()))
}

#[test]
fn a_symmetric_round_robin_gives_the_exact_advantage() {
    // Every ordered pair plays five games, the first mover winning three:
    // all strengths are equal, hence 0, and σ(a) = 0.6 exactly.
    let mut games = Vec::new();
    for first in 0..6 {
        for second in 0..6 {
            if first != second {
                for score in [1.0, 0.0, 1.0, 0.0, 1.0] {
                    games.push(game(first, second, score, 0));
                }
            }
        }
    }
    let fit = fit_advantage(6, 1, &games, 1.0);
    let expected = 400.0 * (0.6f64 / 0.4).log10();
    assert!((expected - 70.436_503_622_272_5).abs() < 1e-9);
    assert!((fit.groups[0].advantage - expected).abs() < 1e-7);
    assert!(fit.strengths.iter().all(|s| s.abs() < 1e-7));
    assert_eq!(fit.groups[0].games, 150);
    assert_eq!(fit.groups[0].score, 90.0);
    assert!((fit.groups[0].expected - 75.0).abs() < 1e-9);
    assert!(!fit.groups[0].bounded);
    // Independently: ll = 150 (0.6 ln 0.6 + 0.4 ln 0.4), prior 6 · 2 ln(1/2).
    let ll = 150.0 * (0.6 * 0.6f64.ln() + 0.4 * 0.4f64.ln());
    assert!((fit.log_likelihood - ll).abs() < 1e-9);
    assert!((fit.log_posterior - (ll + 12.0 * 0.5f64.ln())).abs() < 1e-9);
}

#[test]
fn equal_players_scoring_sixty_percent_first_give_seventy_elo() {
    let mut rng = Lcg(99);
    let games: Vec<GroupedPairing> = (0..20_000)
        .map(|_| {
            let first = rng.below(200);
            let second = (first + 1 + rng.below(199)) % 200;
            game(first, second, if rng.unit() < 0.6 { 1.0 } else { 0.0 }, 0)
        })
        .collect();
    let fit = fit_advantage(200, 1, &games, 1.0);
    let advantage = &fit.groups[0];
    assert!((advantage.advantage - 70.44).abs() < 5.0, "{advantage:?}");
    // sd ≈ 1 / sqrt(n p (1 − p)) natural units = 2.507 Elo, a bit more for the players.
    assert!(advantage.sd > 2.5 && advantage.sd < 2.6, "{advantage:?}");
}

#[test]
fn the_fit_is_stationary_and_its_sd_is_the_dense_inverse() {
    let prior_games = 1.5;
    let games = random_games(5, 7, 120, &[0.4, -0.2, 0.1], 2.0);
    let fit = fit_advantage(7, 3, &games, prior_games);
    assert!(gradient_norm(&fit, &games, prior_games) < 1e-9);
    let information = dense_information(&fit, &games, &[0, 1, 2], prior_games);
    let inverse = dense_inverse(&information);
    for g in 0..3 {
        for h in 0..3 {
            let dense = inverse[7 + g][7 + h] * ELO_PER_NATURAL * ELO_PER_NATURAL;
            assert!(
                (fit.covariance[g][h] - dense).abs() < 1e-7 * dense.abs().max(1.0),
                "{g} {h}"
            );
        }
        let dense_sd = inverse[7 + g][7 + g].sqrt() * ELO_PER_NATURAL;
        assert!((fit.groups[g].sd - dense_sd).abs() < 1e-8 * dense_sd);
    }
}

#[test]
fn the_log_posterior_drops_away_from_the_fit() {
    let games = random_games(8, 5, 60, &[0.3, 0.0], 1.0);
    let fit = fit_advantage(5, 2, &games, 1.0);
    let log_posterior = |strengths: &[f64], advantages: &[f64]| -> f64 {
        let mut total: f64 = strengths
            .iter()
            .map(|&s| {
                let theta = natural_from_elo(s);
                theta - 2.0 * theta.exp().ln_1p()
            })
            .sum();
        for g in &games {
            let d = natural_from_elo(
                strengths[g.first as usize] - strengths[g.second as usize]
                    + advantages[g.group as usize],
            );
            let p = logistic(d);
            total += g.score * p.ln() + (1.0 - g.score) * (1.0 - p).ln();
        }
        total
    };
    let advantages: Vec<f64> = fit.groups.iter().map(|g| g.advantage).collect();
    let best = log_posterior(&fit.strengths, &advantages);
    assert!((best - fit.log_posterior).abs() < 1e-9);
    for i in 0..5 {
        for nudge in [-0.1, 0.1] {
            let mut moved = fit.strengths.clone();
            moved[i] += nudge;
            assert!(log_posterior(&moved, &advantages) < best);
        }
    }
    for g in 0..2 {
        let mut moved = advantages.clone();
        moved[g] += 0.1;
        assert!(log_posterior(&fit.strengths, &moved) < best);
    }
}

#[test]
fn compare_tells_equal_groups_from_different_ones() {
    // Groups 0 and 1 are the same games twice over: no evidence of a difference.
    let base = random_games(21, 30, 1_500, &[0.4], 1.5);
    let mut twins = base.clone();
    twins.extend(base.iter().map(|g| GroupedPairing { group: 1, ..*g }));
    let same = compare(30, 2, &twins, 1.0, 0, 1);
    assert!(same.difference.abs() < 1e-6, "{same:?}");
    assert!(same.statistic < 1e-6 && same.p_value > 0.999, "{same:?}");

    let different = random_games(22, 30, 6_000, &[0.4, -0.1], 1.5);
    let result = compare(30, 2, &different, 1.0, 0, 1);
    assert!(result.p_value < 1e-8, "{result:?}");
    assert!((result.difference - elo_from_natural(0.5)).abs() < 4.0 * result.sd);
    // For this much data the likelihood ratio is close to the Wald statistic.
    let wald = (result.difference / result.sd).powi(2);
    assert!(
        (result.statistic / wald - 1.0).abs() < 0.1,
        "{result:?} wald {wald}"
    );
    assert!((result.p_value - chi_square_1_survival(result.statistic)).abs() == 0.0);
    // The sd is the covariance's.
    let fit = fit_advantage(30, 2, &different, 1.0);
    let c = &fit.covariance;
    assert!((result.sd - (c[0][0] + c[1][1] - 2.0 * c[0][1]).sqrt()).abs() < 1e-12);
}

#[test]
fn compare_handles_degenerate_requests() {
    let games = random_games(3, 4, 40, &[0.2, 0.0], 1.0);
    let same = compare(4, 2, &games, 1.0, 1, 1);
    assert_eq!(
        (same.difference, same.sd, same.statistic, same.p_value),
        (0.0, 0.0, 0.0, 1.0)
    );
    let outside = compare(4, 2, &games, 1.0, 0, 5);
    assert_eq!(outside.sd, f64::INFINITY);
    assert_eq!(outside.p_value, 1.0);
    // An empty group: merging it changes nothing.
    let empty = compare(4, 3, &games, 1.0, 0, 2);
    assert!(empty.statistic < 1e-9 && empty.sd == f64::INFINITY);
}

#[test]
fn a_group_won_every_time_is_bounded_and_left_out_of_the_strengths() {
    let normal = random_games(4, 6, 200, &[0.2], 1.0);
    let mut games = normal.clone();
    games.extend([game(0, 1, 1.0, 1), game(2, 3, 1.0, 1), game(5, 4, 1.0, 1)]);
    games.extend([game(1, 0, 0.0, 2), game(3, 2, 0.0, 2)]);
    let fit = fit_advantage(6, 4, &games, 1.0);
    let without = fit_advantage(6, 1, &normal, 1.0);
    for (a, b) in fit.strengths.iter().zip(&without.strengths) {
        assert!((a - b).abs() < 1e-7);
    }
    assert!((fit.log_posterior - without.log_posterior).abs() < 1e-9);
    let (won, lost, empty) = (&fit.groups[1], &fit.groups[2], &fit.groups[3]);
    assert!(won.bounded && lost.bounded && !empty.bounded);
    assert_eq!(
        (won.games, won.score, lost.games, lost.score),
        (3, 3.0, 2, 0.0)
    );
    assert_eq!(
        (won.sd, lost.sd, empty.sd),
        (f64::INFINITY, f64::INFINITY, f64::INFINITY)
    );
    assert_eq!(empty.advantage, 0.0);
    // Half a point short of perfect, given the strengths.
    let expected_at = |group: u32, advantage: f64| -> f64 {
        games
            .iter()
            .filter(|g| g.group == group)
            .map(|g| {
                logistic(natural_from_elo(
                    fit.strengths[g.first as usize] - fit.strengths[g.second as usize] + advantage,
                ))
            })
            .sum()
    };
    assert!((expected_at(1, won.advantage) - 2.5).abs() < 1e-9 && won.advantage > 0.0);
    assert!((expected_at(2, lost.advantage) - 0.5).abs() < 1e-9 && lost.advantage < 0.0);
    assert!((expected_at(1, 0.0) - won.expected).abs() < 1e-12);
    for g in 1..4 {
        for h in 0..4 {
            let expected = if g == h { f64::INFINITY } else { 0.0 };
            assert_eq!(fit.covariance[g][h], expected);
            assert_eq!(fit.covariance[h][g], expected);
        }
    }
    assert!(fit.covariance[0][0].is_finite() && fit.covariance[0][0] > 0.0);
}

#[test]
fn degenerate_inputs_give_finite_results() {
    let empty = fit_advantage(0, 0, &[], 1.0);
    assert!(empty.strengths.is_empty() && empty.groups.is_empty() && empty.covariance.is_empty());
    assert_eq!(empty.log_posterior, 0.0);

    let idle = fit_advantage(3, 2, &[], 1.0);
    assert_eq!(idle.strengths, vec![0.0; 3]);
    assert!(idle
        .groups
        .iter()
        .all(|g| g.advantage == 0.0 && g.sd == f64::INFINITY && g.games == 0));

    // Unusable games only: unknown players, self-play, NaN, unknown group.
    let junk = [
        game(0, 7, 1.0, 0),
        game(1, 1, 1.0, 0),
        game(0, 1, f64::NAN, 0),
        game(0, 1, 1.0, 9),
    ];
    let ignored = fit_advantage(3, 1, &junk, 1.0);
    assert_eq!(ignored.groups[0].games, 0);

    // All draws; two separate pairs; odd priors.
    let games = [
        game(0, 1, 0.5, 0),
        game(1, 0, 0.5, 0),
        game(2, 3, 1.0, 0),
        game(3, 2, 0.0, 0),
    ];
    for prior in [1.0, 0.0, f64::NAN, f64::INFINITY, -3.0] {
        let fit = fit_advantage(5, 1, &games, prior);
        assert!(fit.strengths.iter().all(|s| s.is_finite()));
        assert!(fit.log_posterior.is_finite() && fit.log_likelihood.is_finite());
        let g = &fit.groups[0];
        assert!(
            g.advantage.is_finite() && g.sd.is_finite() && g.expected.is_finite(),
            "{prior} {g:?}"
        );
        assert!(fit.iterations <= MAX_NEWTON_ITERATIONS);
    }
}

#[test]
fn helpers_match_direct_computations() {
    let matrix = vec![
        vec![4.0, 1.0, 0.5],
        vec![1.0, 3.0, 0.2],
        vec![0.5, 0.2, 2.0],
    ];
    let inverse = invert_positive_definite(&matrix).unwrap();
    let dense = dense_inverse(&matrix);
    for i in 0..3 {
        for j in 0..3 {
            assert!((inverse[i][j] - dense[i][j]).abs() < 1e-14);
        }
    }
    assert!(invert_positive_definite(&[vec![1.0, 2.0], vec![2.0, 1.0]]).is_none());
    let apply = |v: &[f64], out: &mut [f64]| {
        for (o, row) in out.iter_mut().zip(&matrix) {
            *o = row.iter().zip(v).map(|(a, b)| a * b).sum();
        }
    };
    let mut solution = [0.0; 3];
    conjugate_gradient(apply, &[4.0, 3.0, 2.0], &[1.0, 2.0, 3.0], &mut solution);
    for (i, value) in solution.iter().enumerate() {
        let expected: f64 = (0..3).map(|j| dense[i][j] * [1.0, 2.0, 3.0][j]).sum();
        assert!((value - expected).abs() < 1e-12);
    }
    // Σ σ(d + a) = 1.5 over d = (0, 0, 0) means σ(a) = 1/2.
    assert!(advantage_for_expected_score(&[0.0; 3], 1.5, None).abs() < 1e-12);
    let a = advantage_for_expected_score(&[1.0, -2.0], 0.5, None);
    assert!((logistic(1.0 + a) + logistic(-2.0 + a) - 0.5).abs() < 1e-12);
}

/// Games drawn from Davidson's model: `first_edge[g]` is group g's true
/// advantage (natural), `nu` the draw parameter.
fn davidson_games(
    seed: u64,
    players: u32,
    count: usize,
    first_edge: &[f64],
    nu: f64,
) -> Vec<GroupedPairing> {
    let mut rng = Lcg(seed);
    let strengths: Vec<f64> = (0..players).map(|_| 1.5 * (rng.unit() - 0.5)).collect();
    (0..count)
        .map(|_| {
            let first = rng.below(players);
            let second = (first + 1 + rng.below(players - 1)) % players;
            let group = rng.below(first_edge.len() as u32);
            let first_strength = (strengths[first as usize] + first_edge[group as usize]).exp();
            let second_strength = strengths[second as usize].exp();
            let tie = nu * (first_strength * second_strength).sqrt();
            let total = first_strength + second_strength + tie;
            let roll = rng.unit() * total;
            let score = if roll < first_strength {
                1.0
            } else if roll < first_strength + tie {
                0.5
            } else {
                0.0
            };
            game(first, second, score, group)
        })
        .collect()
}

/// Davidson's log-posterior written from its definition: parameters are the
/// strengths, the groups' advantages and ln ν, natural units; each strength
/// with a virtual win and loss (`prior_games` each) against a player rated 0.
fn davidson_log_posterior(
    parameters: &[f64],
    players: usize,
    games: &[GroupedPairing],
    prior_games: f64,
) -> f64 {
    let nu = parameters[parameters.len() - 1].exp();
    let mut total = 0.0;
    for &theta in &parameters[..players] {
        total += prior_games * (logistic(theta).ln() + logistic(-theta).ln());
    }
    for g in games {
        let first = (parameters[g.first as usize] + parameters[players + g.group as usize]).exp();
        let second = parameters[g.second as usize].exp();
        let tie = nu * (first * second).sqrt();
        let outcome = match g.score {
            1.0 => first,
            0.0 => second,
            _ => tie,
        };
        total += (outcome / (first + second + tie)).ln();
    }
    total
}

#[test]
fn davidson_is_reproduced_by_an_independent_dense_newton_fit() {
    let (players, groups, prior_games) = (5, 2, 1.0);
    let games = davidson_games(17, players as u32, 400, &[0.35, -0.15], 0.8);
    let draws = games.iter().filter(|g| g.score == 0.5).count();
    assert!(draws > 40 && draws < 200, "{draws}");
    let fit = fit_advantage_with(players, groups, &games, prior_games, DrawModel::Davidson);

    // Newton's method on the dense log-posterior, its gradient and Hessian by
    // central differences: nothing shared with the fit but the games.
    let n = players + groups + 1;
    let objective = |p: &[f64]| davidson_log_posterior(p, players, &games, prior_games);
    let gradient = |p: &[f64]| -> Vec<f64> {
        let h = 1e-6;
        (0..n)
            .map(|i| {
                let (mut up, mut down) = (p.to_vec(), p.to_vec());
                up[i] += h;
                down[i] -= h;
                (objective(&up) - objective(&down)) / (2.0 * h)
            })
            .collect()
    };
    let hessian = |p: &[f64]| -> Vec<Vec<f64>> {
        let h = 1e-4;
        let columns: Vec<Vec<f64>> = (0..n)
            .map(|j| {
                let (mut up, mut down) = (p.to_vec(), p.to_vec());
                up[j] += h;
                down[j] -= h;
                let (gu, gd) = (gradient(&up), gradient(&down));
                (0..n).map(|i| (gu[i] - gd[i]) / (2.0 * h)).collect()
            })
            .collect();
        (0..n)
            .map(|i| {
                (0..n)
                    .map(|j| 0.5 * (columns[j][i] + columns[i][j]))
                    .collect()
            })
            .collect()
    };
    let mut parameters = vec![0.0; n];
    for _ in 0..50 {
        let g = gradient(&parameters);
        let negative_hessian: Vec<Vec<f64>> = hessian(&parameters)
            .into_iter()
            .map(|row| row.into_iter().map(|x| -x).collect())
            .collect();
        let inverse = dense_inverse(&negative_hessian);
        let step: Vec<f64> = (0..n)
            .map(|i| (0..n).map(|j| inverse[i][j] * g[j]).sum())
            .collect();
        for (p, s) in parameters.iter_mut().zip(&step) {
            *p += s;
        }
        if step.iter().all(|s| s.abs() < 1e-10) {
            break;
        }
    }
    for (player, &theta) in parameters[..players].iter().enumerate() {
        let independent = elo_from_natural(theta);
        assert!(
            (fit.strengths[player] - independent).abs() < 1e-3,
            "{player}: {} vs {independent}",
            fit.strengths[player]
        );
    }
    let covariance = {
        let negative_hessian: Vec<Vec<f64>> = hessian(&parameters)
            .into_iter()
            .map(|row| row.into_iter().map(|x| -x).collect())
            .collect();
        dense_inverse(&negative_hessian)
    };
    for group in 0..groups {
        let independent = elo_from_natural(parameters[players + group]);
        let ours = &fit.groups[group];
        assert!(
            (ours.advantage - independent).abs() < 1e-3,
            "{group}: {} vs {independent}",
            ours.advantage
        );
        let sd = covariance[players + group][players + group].sqrt() * ELO_PER_NATURAL;
        assert!(
            (ours.sd - sd).abs() < 1e-3 * sd,
            "{group}: {} vs {sd}",
            ours.sd
        );
    }
    let draw = fit
        .draw_parameter
        .expect("draws and decisive games: ν fitted");
    let nu = parameters[n - 1].exp();
    assert!((draw.nu - nu).abs() < 1e-3, "{} vs {nu}", draw.nu);
    let log_sd = covariance[n - 1][n - 1].sqrt();
    assert!((draw.log_sd - log_sd).abs() < 1e-3 * log_sd);
    assert!((fit.log_posterior - objective(&parameters)).abs() < 1e-6);
}

#[test]
fn davidson_without_draws_is_bradley_terry() {
    let decisive: Vec<GroupedPairing> = random_games(3, 6, 200, &[0.2, -0.1], 1.0)
        .into_iter()
        .filter(|g| g.score != 0.5)
        .collect();
    let half = fit_advantage(6, 2, &decisive, 1.0);
    let davidson = fit_advantage_with(6, 2, &decisive, 1.0, DrawModel::Davidson);
    assert_eq!(davidson.draw_parameter, None);
    assert_eq!(half.groups, davidson.groups);
    // With draws, the expected scores use P(win) + P(draw)/2, and the fit has a ν.
    let games = davidson_games(4, 6, 300, &[0.2], 1.2);
    let fit = fit_advantage_with(6, 1, &games, 1.0, DrawModel::Davidson);
    assert!(
        fit.draw_parameter.is_some_and(|d| d.nu > 0.5 && d.nu < 3.0),
        "{:?}",
        fit.draw_parameter
    );
    assert_eq!(fit.groups[0].games, 300);
}
