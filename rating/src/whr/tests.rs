use super::*;
use crate::test_rng::Lcg;
use std::collections::BTreeMap;

fn game(first: u32, second: u32, score: f64, day: i32) -> Pairing {
    Pairing {
        first,
        second,
        score,
        day,
    }
}

/// Random games between players of spread strengths, with draws.
fn random_games(seed: u64, players: u32, count: usize, days: i32) -> Vec<Pairing> {
    let mut rng = Lcg(seed);
    let strength = |player: u32| f64::from(player) * 0.3 - 0.5;
    (0..count)
        .map(|_| {
            let first = rng.below(players);
            let second = (first + 1 + rng.below(players - 1)) % players;
            let p_first = logistic(strength(first) - strength(second));
            let roll = rng.unit();
            let score = if roll < 0.1 {
                0.5
            } else if roll < 0.1 + 0.9 * p_first {
                1.0
            } else {
                0.0
            };
            game(first, second, score, rng.below(days as u32) as i32 * 3)
        })
        .collect()
}

fn solve_dense(mut matrix: Vec<Vec<f64>>, mut rhs: Vec<f64>) -> Vec<f64> {
    let n = rhs.len();
    for column in 0..n {
        let pivot_row = (column..n)
            .max_by(|&a, &b| matrix[a][column].abs().total_cmp(&matrix[b][column].abs()))
            .unwrap();
        matrix.swap(column, pivot_row);
        rhs.swap(column, pivot_row);
        let pivot = matrix[column].clone();
        for row in column + 1..n {
            let factor = matrix[row][column] / pivot[column];
            for (target, source) in matrix[row][column..].iter_mut().zip(&pivot[column..]) {
                *target -= factor * source;
            }
            rhs[row] -= factor * rhs[column];
        }
    }
    let mut solution = vec![0.0; n];
    for row in (0..n).rev() {
        let tail: f64 = (row + 1..n).map(|k| matrix[row][k] * solution[k]).sum();
        solution[row] = (rhs[row] - tail) / matrix[row][row];
    }
    solution
}

fn dense_inverse(matrix: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = matrix.len();
    let mut columns = Vec::with_capacity(n);
    for j in 0..n {
        let unit: Vec<f64> = (0..n).map(|i| if i == j { 1.0 } else { 0.0 }).collect();
        columns.push(solve_dense(matrix.to_vec(), unit));
    }
    (0..n)
        .map(|i| (0..n).map(|j| columns[j][i]).collect())
        .collect()
}

/// The joint MAP over every (player, day) variable.
struct DenseJoint {
    variables: Vec<(u32, i32)>,
    /// Natural units.
    ratings: Vec<f64>,
    /// The negative Hessian of the log-posterior at the solution.
    information: Vec<Vec<f64>>,
}

/// The joint model written out densely over every (player, day), solved by
/// plain Newton: an independent check of the fit.
fn dense_joint_map(games: &[Pairing], params: &WhrParams) -> DenseJoint {
    let mut index: BTreeMap<(u32, i32), usize> = BTreeMap::new();
    for g in games {
        index.insert((g.first, g.day), 0);
        index.insert((g.second, g.day), 0);
    }
    let variables: Vec<(u32, i32)> = index.keys().copied().collect();
    for (position, key) in variables.iter().enumerate() {
        index.insert(*key, position);
    }
    let n = variables.len();
    let w2 = params.w2 / (ELO_PER_NATURAL * ELO_PER_NATURAL);
    let k = params.prior_games;
    let mut r = vec![0.0f64; n];
    let mut information = vec![vec![0.0; n]; n];
    for _ in 0..100 {
        let mut gradient = vec![0.0; n];
        information = vec![vec![0.0; n]; n];
        for g in games {
            let (a, b) = (index[&(g.first, g.day)], index[&(g.second, g.day)]);
            let p = 1.0 / (1.0 + (r[b] - r[a]).exp());
            gradient[a] += g.score - p;
            gradient[b] -= g.score - p;
            let w = p * (1.0 - p);
            information[a][a] += w;
            information[b][b] += w;
            information[a][b] -= w;
            information[b][a] -= w;
        }
        for v in 0..n {
            let is_first_day = v == 0 || variables[v - 1].0 != variables[v].0;
            if is_first_day {
                let p = 1.0 / (1.0 + (-r[v]).exp());
                gradient[v] += k * (1.0 - 2.0 * p);
                information[v][v] += 2.0 * k * p * (1.0 - p);
            } else {
                let lambda = 1.0 / (w2 * f64::from(variables[v].1 - variables[v - 1].1));
                let drift = r[v] - r[v - 1];
                gradient[v - 1] += lambda * drift;
                gradient[v] -= lambda * drift;
                information[v - 1][v - 1] += lambda;
                information[v][v] += lambda;
                information[v - 1][v] -= lambda;
                information[v][v - 1] -= lambda;
            }
        }
        let step = solve_dense(information.clone(), gradient);
        for (value, delta) in r.iter_mut().zip(&step) {
            *value += delta;
        }
        if step.iter().all(|delta| delta.abs() < 1e-14) {
            break;
        }
    }
    DenseJoint {
        variables,
        ratings: r,
        information,
    }
}

fn rating_on(fit: &WhrFit, player: u32, day: i32) -> RatedDay {
    *fit.histories[player as usize]
        .iter()
        .find(|rated| rated.day == day)
        .unwrap()
}

/// Root of an increasing function by bisection.
fn bisect(f: impl Fn(f64) -> f64, mut low: f64, mut high: f64) -> f64 {
    for _ in 0..200 {
        let middle = 0.5 * (low + high);
        if f(middle) < 0.0 {
            low = middle;
        } else {
            high = middle;
        }
    }
    0.5 * (low + high)
}

fn tight() -> WhrParams {
    WhrParams {
        tolerance: 1e-10,
        ..WhrParams::default()
    }
}

#[test]
fn two_players_one_period_matches_the_hand_solution() {
    // A beats B three times and loses once. Adding the two stationarity
    // equations gives σ(rA) + σ(rB) = 1, so rB = -rA = -x, and A's equation
    // reads 3 - 4σ(2x) + (1 - 2σ(x)) = 0.
    let games = [
        game(0, 1, 1.0, 5),
        game(1, 0, 0.0, 5),
        game(0, 1, 1.0, 5),
        game(1, 0, 1.0, 5),
    ];
    let fit = whole_history(2, &games, &tight());
    let x = bisect(
        |x| -(4.0 - 4.0 * logistic(2.0 * x) - 2.0 * logistic(x)),
        0.0,
        5.0,
    );
    let a = fit.histories[0][0];
    let b = fit.histories[1][0];
    assert!(fit.converged);
    assert!(
        (a.rating - elo_from_natural(x)).abs() < 1e-8,
        "{a:?} vs {x}"
    );
    assert!((b.rating + elo_from_natural(x)).abs() < 1e-8);
    assert_eq!((a.day, a.games, b.games), (5, 4, 4));
    // Opponent fixed, A's precision is 4σ(2x)(1-σ(2x)) + 2σ(x)(1-σ(x)).
    let (p2, p1) = (logistic(2.0 * x), logistic(x));
    let precision = 4.0 * p2 * (1.0 - p2) + 2.0 * p1 * (1.0 - p1);
    assert!((a.sd - ELO_PER_NATURAL / precision.sqrt()).abs() < 1e-8);
}

#[test]
fn a_long_winning_streak_takes_checked_steps_to_the_hand_solution() {
    // 200 straight wins: far from zero, where plain Newton can overshoot.
    let games = vec![game(0, 1, 1.0, 0); 200];
    let fit = whole_history(2, &games, &tight());
    let x = bisect(
        |x| -(200.0 * (1.0 - logistic(2.0 * x)) + 1.0 - 2.0 * logistic(x)),
        0.0,
        50.0,
    );
    assert!(fit.converged);
    assert!((fit.histories[0][0].rating - elo_from_natural(x)).abs() < 1e-7);
    assert!((fit.histories[1][0].rating + elo_from_natural(x)).abs() < 1e-7);
}

#[test]
fn one_period_equals_a_direct_bradley_terry_solve() {
    let games: Vec<Pairing> = random_games(7, 6, 120, 1);
    assert!(games.iter().all(|g| g.day == 0));
    // Plain Bradley–Terry with the prior, over players, by dense Newton.
    let k = 1.0;
    let mut r = [0.0f64; 6];
    for _ in 0..50 {
        let mut gradient = vec![0.0; 6];
        let mut information = vec![vec![0.0; 6]; 6];
        for g in &games {
            let (a, b) = (g.first as usize, g.second as usize);
            let p = 1.0 / (1.0 + (r[b] - r[a]).exp());
            let w = p * (1.0 - p);
            gradient[a] += g.score - p;
            gradient[b] += p - g.score;
            information[a][a] += w;
            information[b][b] += w;
            information[a][b] -= w;
            information[b][a] -= w;
        }
        for player in 0..6 {
            let p = 1.0 / (1.0 + (-r[player]).exp());
            gradient[player] += k * (1.0 - 2.0 * p);
            information[player][player] += 2.0 * k * p * (1.0 - p);
        }
        let step = solve_dense(information, gradient);
        for (value, delta) in r.iter_mut().zip(&step) {
            *value += delta;
        }
    }
    let fit = whole_history(6, &games, &tight());
    for (player, history) in fit.histories.iter().enumerate() {
        assert_eq!(history.len(), 1);
        assert!((history[0].rating - elo_from_natural(r[player])).abs() < 1e-7);
    }
}

#[test]
fn dated_fit_equals_the_dense_joint_map() {
    let games = random_games(11, 5, 80, 6);
    let params = tight();
    let DenseJoint {
        variables,
        ratings: r,
        information,
    } = dense_joint_map(&games, &params);
    let fit = whole_history(5, &games, &params);
    assert!(fit.converged);
    let total_days: usize = fit.histories.iter().map(Vec::len).sum();
    assert_eq!(total_days, variables.len());
    for (v, &(player, day)) in variables.iter().enumerate() {
        let rated = rating_on(&fit, player, day);
        assert!(
            (rated.rating - elo_from_natural(r[v])).abs() < 1e-7,
            "player {player} day {day}: {} vs {}",
            rated.rating,
            elo_from_natural(r[v])
        );
    }
    // Each sd is from the player's own block of the negative Hessian.
    for player in 0..5u32 {
        let own: Vec<usize> = (0..variables.len())
            .filter(|&v| variables[v].0 == player)
            .collect();
        let block: Vec<Vec<f64>> = own
            .iter()
            .map(|&i| own.iter().map(|&j| information[i][j]).collect())
            .collect();
        let inverse = dense_inverse(&block);
        for (position, &v) in own.iter().enumerate() {
            let expected_sd = elo_from_natural(inverse[position][position].sqrt());
            let rated = rating_on(&fit, player, variables[v].1);
            assert!(
                (rated.sd - expected_sd).abs() < 1e-8,
                "{} vs {expected_sd}",
                rated.sd
            );
        }
    }
}

#[test]
fn the_fit_maximises_the_log_posterior() {
    let games = random_games(3, 8, 150, 10);
    let params = tight();
    let fit = whole_history(8, &games, &params);
    let best = log_posterior(8, &games, &params, &fit.histories).unwrap();
    for player in 0..8 {
        for day in 0..fit.histories[player].len() {
            for nudge in [-0.05, 0.05] {
                let mut moved = fit.histories.clone();
                moved[player][day].rating += nudge;
                let value = log_posterior(8, &games, &params, &moved).unwrap();
                assert!(value < best, "player {player} day {day} nudge {nudge}");
            }
        }
    }
    let mut missing = fit.histories.clone();
    missing[0].pop();
    assert_eq!(log_posterior(8, &games, &params, &missing), None);
    assert_eq!(log_posterior(8, &games, &params, &[]), None);
}

#[test]
fn log_posterior_has_the_documented_terms() {
    // Two players, one game on day 0 and one on day 10.
    let games = [game(0, 1, 1.0, 0), game(0, 1, 0.5, 10)];
    let params = WhrParams::default();
    let day = |day, rating| RatedDay {
        day,
        rating,
        sd: 0.0,
        games: 1,
    };
    let histories = vec![
        vec![day(0, 100.0), day(10, 50.0)],
        vec![day(0, -20.0), day(10, 0.0)],
    ];
    let n = |elo: f64| elo / ELO_PER_NATURAL;
    let anchor = |r: f64| r - 2.0 * (1.0 + r.exp()).ln();
    let ln_p = |d: f64| -(1.0 + (-d).exp()).ln();
    let lambda = 1.0 / (14.0 / (ELO_PER_NATURAL * ELO_PER_NATURAL) * 10.0);
    let expected = anchor(n(100.0)) + anchor(n(-20.0))
        - 0.5 * lambda * n(-50.0) * n(-50.0)
        - 0.5 * lambda * n(20.0) * n(20.0)
        + ln_p(n(120.0))
        + 0.5 * (ln_p(n(50.0)) + ln_p(n(-50.0)));
    let value = log_posterior(2, &games, &params, &histories).unwrap();
    assert!((value - expected).abs() < 1e-12);
}

#[test]
fn degenerate_inputs_give_finite_results() {
    let params = WhrParams::default();
    let empty = whole_history(3, &[], &params);
    assert!(empty.converged);
    assert_eq!(empty.histories, vec![Vec::<RatedDay>::new(); 3]);
    assert!(whole_history(0, &[game(0, 1, 1.0, 0)], &params)
        .histories
        .is_empty());

    // All wins, all losses, all draws, an idle player, a separate pair,
    // unusable games, and days at both ends of i32.
    let games = [
        game(0, 1, 1.0, i32::MIN),
        game(0, 1, 1.0, i32::MAX),
        game(0, 1, 1.0, 0),
        game(3, 4, 0.5, 0),
        game(4, 3, 0.5, 1),
        game(2, 2, 1.0, 0),
        game(0, 9, 1.0, 0),
        game(0, 1, f64::NAN, 0),
    ];
    let odd_params = [
        params,
        WhrParams { w2: 0.0, ..params },
        WhrParams {
            w2: f64::NAN,
            prior_games: f64::NAN,
            ..params
        },
        WhrParams {
            w2: f64::INFINITY,
            prior_games: 0.0,
            ..params
        },
        WhrParams {
            prior_games: f64::INFINITY,
            tolerance: f64::NAN,
            max_iterations: 50,
            ..params
        },
        WhrParams {
            max_iterations: 0,
            ..params
        },
    ];
    for odd in odd_params {
        let fit = whole_history(5, &games, &odd);
        assert!(fit.histories[2].is_empty());
        assert_eq!(fit.histories[0].len(), 3);
        assert_eq!(fit.histories[0][0].day, i32::MIN);
        for rated in fit.histories.iter().flatten() {
            assert!(
                rated.rating.is_finite() && rated.sd.is_finite() && rated.sd > 0.0,
                "{odd:?} {rated:?}"
            );
        }
        // Draws only, symmetric: both stay at exactly the prior's centre.
        for rated in fit.histories[3].iter().chain(&fit.histories[4]) {
            assert!(rated.rating.abs() < 1e-9);
        }
        assert!(fit.histories[0].iter().all(|rated| rated.rating > 0.0) || odd.max_iterations == 0);
    }
    let unfitted = whole_history(
        5,
        &games,
        &WhrParams {
            max_iterations: 0,
            ..params
        },
    );
    assert_eq!((unfitted.iterations, unfitted.converged), (0, false));
    let capped = whole_history(
        5,
        &games,
        &WhrParams {
            tolerance: f64::NAN,
            max_iterations: 7,
            ..params
        },
    );
    assert_eq!((capped.iterations, capped.converged), (7, false));
}

#[test]
fn games_are_counted_per_day() {
    let games = [
        game(0, 1, 1.0, 3),
        game(1, 0, 1.0, 3),
        game(0, 2, 0.0, 3),
        game(2, 0, 0.5, 8),
    ];
    let fit = whole_history(3, &games, &WhrParams::default());
    let summary: Vec<Vec<(i32, u32)>> = fit
        .histories
        .iter()
        .map(|history| {
            history
                .iter()
                .map(|rated| (rated.day, rated.games))
                .collect()
        })
        .collect();
    assert_eq!(
        summary,
        vec![vec![(3, 3), (8, 1)], vec![(3, 2)], vec![(3, 1), (8, 1)]]
    );
}

#[test]
fn tridiagonal_helpers_match_dense_algebra() {
    let diagonal = [3.0, 5.0, 4.0, 2.5];
    let couplings = [1.0, 2.0, 0.5];
    let rhs = [1.0, -2.0, 0.5, 3.0];
    let dense: Vec<Vec<f64>> = (0..4)
        .map(|i| {
            (0..4)
                .map(|j| match (i as i32 - j as i32).abs() {
                    0 => diagonal[i],
                    1 => -couplings[i.min(j)],
                    _ => 0.0,
                })
                .collect()
        })
        .collect();
    let mut solution = [0.0; 4];
    let mut pivots = [0.0; 4];
    assert!(solve_tridiagonal(
        &diagonal,
        &couplings,
        &rhs,
        &mut solution,
        &mut pivots
    ));
    let expected = solve_dense(dense.clone(), rhs.to_vec());
    for (a, b) in solution.iter().zip(&expected) {
        assert!((a - b).abs() < 1e-14);
    }
    let (mut forward, mut backward, mut variances) = ([0.0; 4], [0.0; 4], [0.0; 4]);
    tridiagonal_inverse_diagonal(
        &diagonal,
        &couplings,
        &mut forward,
        &mut backward,
        &mut variances,
    );
    let inverse = dense_inverse(&dense);
    for (i, variance) in variances.iter().enumerate() {
        assert!((variance - inverse[i][i]).abs() < 1e-14);
    }
    // A matrix that is not positive definite is refused, not divided by zero.
    assert!(!solve_tridiagonal(
        &[1.0, 1.0],
        &[2.0],
        &[1.0, 1.0],
        &mut [0.0; 2],
        &mut [0.0; 2]
    ));
}

#[test]
fn perfectly_ordered_results_converge_to_the_dense_map() {
    // The higher index always wins: only the priors keep ratings finite,
    // and Newton steps start far from the optimum.
    let mut rng = Lcg(5);
    let games: Vec<Pairing> = (0..60)
        .map(|_| {
            let a = rng.below(6);
            let b = (a + 1 + rng.below(5)) % 6;
            game(
                a,
                b,
                if a > b { 1.0 } else { 0.0 },
                rng.below(4) as i32 * 10,
            )
        })
        .collect();
    for (w2, prior_games) in [(14.0, 1.0), (1e4, 0.01), (1e-3, 0.05)] {
        let params = WhrParams {
            w2,
            prior_games,
            tolerance: 1e-10,
            ..WhrParams::default()
        };
        let fit = whole_history(6, &games, &params);
        assert!(fit.converged, "{params:?}");
        let dense = dense_joint_map(&games, &params);
        for (v, &(player, day)) in dense.variables.iter().enumerate() {
            let rated = rating_on(&fit, player, day);
            let expected = elo_from_natural(dense.ratings[v]);
            assert!(
                (rated.rating - expected).abs() < 1e-6 * expected.abs().max(1.0),
                "{params:?} {rated:?} {expected}"
            );
        }
    }
}

#[test]
fn a_warm_start_ends_where_a_cold_fit_ends_in_fewer_passes() {
    let players = 40;
    let games = random_games(11, players, 3000, 60);
    let params = WhrParams::default();
    let before = whole_history(players as usize, &games[..2990], &params);
    let cold = whole_history(players as usize, &games, &params);
    // Started from the fit of all but the last ten games, as a stored list is brought up
    // to date after an ingest of ten games.
    let warm = whole_history_from(players as usize, &games, &params, |player, day| {
        before.histories[player]
            .iter()
            .find(|rated| rated.day == day)
            .map(|rated| rated.rating)
    });
    assert!(cold.converged && warm.converged);
    assert!(
        warm.iterations < cold.iterations,
        "warm {} passes, cold {}",
        warm.iterations,
        cold.iterations
    );
    for (w, c) in warm.histories.iter().zip(&cold.histories) {
        assert_eq!(w.len(), c.len());
        for (w, c) in w.iter().zip(c) {
            assert_eq!((w.day, w.games), (c.day, c.games));
            assert!((w.rating - c.rating).abs() < 1e-3, "{w:?} against {c:?}");
            assert!((w.sd - c.sd).abs() < 1e-3, "{w:?} against {c:?}");
        }
    }
}

/// Players who meet nearly every day: the per-day common shift is the slow direction of the
/// player-by-player steps.
fn daily_games(seed: u64, players: u32, days: i32, per_day: usize) -> Vec<Pairing> {
    let mut rng = Lcg(seed);
    let strength = |player: u32| f64::from(player) * 0.2 - 0.4;
    (0..days)
        .flat_map(|day| (0..per_day).map(move |_| day))
        .map(|day| {
            let first = rng.below(players);
            let second = (first + 1 + rng.below(players - 1)) % players;
            let p_first = logistic(strength(first) - strength(second));
            game(
                first,
                second,
                f64::from(u8::from(rng.unit() < p_first)),
                day,
            )
        })
        .collect()
}

#[test]
fn players_meeting_every_day_converge_in_few_passes_to_the_dense_map() {
    let games = daily_games(17, 3, 300, 6);
    let params = tight();
    let fit = whole_history(3, &games, &params);
    // Without the per-day shift step this took 59 passes (1,219 on a million games).
    assert!(
        fit.converged && fit.iterations <= 20,
        "{} passes",
        fit.iterations
    );
    let dense = dense_joint_map(&games, &params);
    for (v, &(player, day)) in dense.variables.iter().enumerate() {
        let rated = rating_on(&fit, player, day);
        let expected = elo_from_natural(dense.ratings[v]);
        assert!(
            (rated.rating - expected).abs() < 1e-6,
            "{rated:?} {expected}"
        );
    }
}

#[test]
fn the_per_day_shift_step_undoes_a_common_shift_and_never_lowers_the_posterior() {
    let games = daily_games(23, 6, 80, 5);
    let params = tight();
    let layout = Layout::new(6, &games, &params);
    let shifts = common_shift::DayShifts::new(&layout, drift_variance_per_day(params.w2));
    let fit = whole_history(6, &games, &params);
    let optimum: Vec<f64> = (0..layout.slot_day.len())
        .map(|slot| {
            let rated = rating_on(&fit, layout.slot_player[slot] as u32, layout.slot_day[slot]);
            natural_from_elo(rated.rating)
        })
        .collect();
    // Every player moved by the same smooth offset on each day.
    let mut ratings: Vec<f64> = optimum
        .iter()
        .zip(&layout.slot_day)
        .map(|(rating, &day)| rating + 0.3 * (f64::from(day) / 9.0).sin() + 0.1)
        .collect();
    let before = layout.log_posterior(&ratings);
    let mut scratch = common_shift::ShiftScratch::default();
    let moved = shifts.apply(&layout, &mut ratings, &mut scratch);
    assert!(moved > 0.1, "{moved}");
    assert!(layout.log_posterior(&ratings) > before);
    for (rating, best) in ratings.iter().zip(&optimum) {
        assert!((rating - best).abs() < 1e-3, "{rating} against {best}");
    }

    // From anywhere else the step may help little, but never hurts.
    let mut rng = Lcg(3);
    for _ in 0..20 {
        let mut ratings: Vec<f64> = optimum.iter().map(|r| r + rng.unit() - 0.5).collect();
        let before = layout.log_posterior(&ratings);
        shifts.apply(&layout, &mut ratings, &mut scratch);
        assert!(layout.log_posterior(&ratings) >= before);
    }
    // At the maximum it stays put.
    let mut ratings = optimum.clone();
    assert!(shifts.apply(&layout, &mut ratings, &mut scratch) < 1e-9);
}

fn davidson() -> WhrParams {
    WhrParams {
        draws: DrawModel::Davidson,
        ..tight()
    }
}

/// Under Davidson's model the fit is the maximum of the posterior in the ratings and ν
/// together (a finite-difference gradient of zero), and `ln ν`'s sd is the dense one: the
/// square root of the corner of the inverse of the finite-difference negative Hessian over
/// every rating and `ln ν`.
#[test]
fn davidson_fit_is_the_joint_maximum_and_its_nu_sd_the_dense_one() {
    let games = random_games(11, 5, 160, 3);
    let params = davidson();
    let fit = whole_history(5, &games, &params);
    assert!(fit.converged);
    let draw = fit
        .draw_parameter
        .expect("draws and decisive games: ν fitted");
    // The variables: every rated day (Elo), then ln ν.
    let places: Vec<(usize, usize)> = (0..5)
        .flat_map(|p| (0..fit.histories[p].len()).map(move |d| (p, d)))
        .collect();
    let mut at: Vec<f64> = places
        .iter()
        .map(|&(p, d)| fit.histories[p][d].rating)
        .collect();
    at.push(draw.nu.ln());
    let posterior = |x: &[f64]| {
        let mut histories = fit.histories.clone();
        for (&(p, d), &rating) in places.iter().zip(x) {
            histories[p][d].rating = rating;
        }
        davidson_log_posterior(5, &games, &params, &histories, x[x.len() - 1].exp()).unwrap()
    };
    // Steps: 0.05 Elo for a rating, the same in natural units for ln ν.
    let n = at.len();
    let step = |i: usize| {
        if i + 1 == n {
            0.05 / ELO_PER_NATURAL
        } else {
            0.05
        }
    };
    let moved = |moves: &[(usize, f64)]| {
        let mut x = at.clone();
        for &(i, by) in moves {
            x[i] += by * step(i);
        }
        posterior(&x)
    };
    // Per natural unit: a rating's variable is in Elo.
    let scale = |i: usize| if i + 1 == n { 1.0 } else { ELO_PER_NATURAL };
    for i in 0..n {
        let slope = (moved(&[(i, 1.0)]) - moved(&[(i, -1.0)])) / (2.0 * step(i)) * scale(i);
        assert!(slope.abs() < 1e-5, "variable {i}: slope {slope}");
    }
    // The negative Hessian in natural units.
    let information: Vec<Vec<f64>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| {
                    let second = (moved(&[(i, 1.0), (j, 1.0)])
                        - moved(&[(i, 1.0), (j, -1.0)])
                        - moved(&[(i, -1.0), (j, 1.0)])
                        + moved(&[(i, -1.0), (j, -1.0)]))
                        / (4.0 * step(i) * step(j));
                    -second * scale(i) * scale(j)
                })
                .collect()
        })
        .collect();
    let dense_sd = dense_inverse(&information)[n - 1][n - 1].sqrt();
    assert!(
        (draw.log_sd - dense_sd).abs() < 1e-3 * dense_sd,
        "{} against {dense_sd}",
        draw.log_sd
    );
    // About 10% of the games are drawn (random_games' rate): between equals ν/(2+ν).
    let share = games.iter().filter(|g| g.score == 0.5).count() as f64 / games.len() as f64;
    assert!((draw.nu / (2.0 + draw.nu) - share).abs() < 0.05, "{draw:?}");
}

/// Without a draw there is no ν to fit: Davidson's model is Bradley–Terry and the fit is
/// the half model's, to the bit; with draws counted half nothing is reported.
#[test]
fn davidson_without_draws_is_the_half_model() {
    let games: Vec<Pairing> = random_games(3, 6, 120, 4)
        .into_iter()
        .map(|g| Pairing {
            score: if g.score == 0.5 { 1.0 } else { g.score },
            ..g
        })
        .collect();
    let half = whole_history(6, &games, &tight());
    assert_eq!(half.draw_parameter, None);
    assert_eq!(whole_history(6, &games, &davidson()), half);
    let with_draws = random_games(3, 6, 120, 4);
    assert_eq!(whole_history(6, &with_draws, &tight()).draw_parameter, None);
    // Only draws: nothing to fit ν from either.
    let all_drawn: Vec<Pairing> = with_draws
        .iter()
        .map(|g| Pairing { score: 0.5, ..*g })
        .collect();
    assert_eq!(
        whole_history(6, &all_drawn, &davidson()).draw_parameter,
        None
    );
}
