//! Sequential Elo: each game moves both players' ratings by `k` times the
//! first player's surprise, in the order the games are given.

use crate::pairing::{usable_score, Pairing};

/// Settings of the sequential Elo update.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloParams {
    /// Points moved per unit of surprise (actual score − expected score).
    pub k: f64,
    /// Every player's rating before his first game.
    pub initial: f64,
}

impl Default for EloParams {
    /// `k = 20`, `initial = 1500`.
    fn default() -> Self {
        EloParams {
            k: 20.0,
            initial: 1500.0,
        }
    }
}

/// One player's Elo after all the games.
#[derive(Clone, Debug, PartialEq)]
pub struct EloLine {
    /// The rating after the player's last game (`initial` if he has none).
    pub rating: f64,
    /// How many games were rated for the player.
    pub games: u32,
    /// (index into the games slice, rating after it)
    pub history: Vec<(usize, f64)>,
}

/// The expected score of a player `difference` rating points above the opponent, by the
/// textbook formula `1 / (1 + 10^(−difference / 400))` as federations compute it (so a
/// reference computation agrees to the last bit); a huge difference gives 0 or 1.
pub fn expected_score(difference: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-difference / 400.0))
}

/// Rates the games in the order given (the caller sorts by date): the
/// expected score is `1 / (1 + 10^((Rb - Ra) / 400))`, both players are
/// updated from the ratings before the game, and a draw scores 0.5.
///
/// Returns one line per player `0..players`. Games the
/// [`Pairing`] documentation calls unusable are skipped and appear in no
/// history. Non-finite parameters propagate into the ratings.
pub fn elo(players: usize, games: &[Pairing], params: &EloParams) -> Vec<EloLine> {
    let mut lines = vec![
        EloLine {
            rating: params.initial,
            games: 0,
            history: Vec::new(),
        };
        players
    ];
    for (index, game) in games.iter().enumerate() {
        let Some(score) = usable_score(players, game.first, game.second, game.score) else {
            continue;
        };
        let (first, second) = (game.first as usize, game.second as usize);
        let difference = lines[first].rating - lines[second].rating;
        let expected = expected_score(difference);
        let change = params.k * (score - expected);
        for (player, signed_change) in [(first, change), (second, -change)] {
            let line = &mut lines[player];
            line.rating += signed_change;
            line.games += 1;
            line.history.push((index, line.rating));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(first: u32, second: u32, score: f64) -> Pairing {
        Pairing {
            first,
            second,
            score,
            day: 0,
        }
    }

    #[test]
    fn three_games_worked_by_hand() {
        // Game 0: equal ratings, expected 0.5, so the winner takes k/2 = 10.
        // Game 1: 1490 v 1500 draw; expected 1/(1 + 10^(10/400)) = 0.485612815834,
        //         so player 1 gains 20 * 0.014387184166 = 0.28774368332.
        // Game 2: 1510 v 1499.71225631668; expected 1/(1 + 10^(-10.28774368332/400))
        //         = 0.514800927802 and player 0 lost: he drops 10.2960185560382.
        let games = [game(0, 1, 1.0), game(1, 2, 0.5), game(0, 2, 0.0)];
        let lines = elo(3, &games, &EloParams::default());
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        assert!(close(lines[0].rating, 1499.7039814439618));
        assert!(close(lines[1].rating, 1490.28774368332));
        assert!(close(lines[2].rating, 1510.0082748727183));
        assert_eq!(lines[0].games, 2);
        assert_eq!(lines[1].games, 2);
        assert_eq!(lines[2].games, 2);
        assert_eq!(lines[0].history.len(), 2);
        assert_eq!(lines[0].history[0], (0, 1510.0));
        assert_eq!(lines[0].history[1].0, 2);
        assert!(close(lines[0].history[1].1, 1499.7039814439618));
        assert_eq!(lines[1].history[0], (0, 1490.0));
        assert_eq!(lines[2].history[0].0, 1);
        assert!(close(lines[2].history[0].1, 1499.71225631668));
    }

    #[test]
    fn rating_points_are_conserved() {
        let games = [
            game(0, 1, 1.0),
            game(2, 1, 0.5),
            game(1, 0, 0.0),
            game(0, 2, 0.5),
        ];
        let params = EloParams {
            k: 32.0,
            initial: 1200.0,
        };
        let lines = elo(3, &games, &params);
        let total: f64 = lines.iter().map(|line| line.rating).sum();
        assert!((total - 3600.0).abs() < 1e-9);
    }

    #[test]
    fn unusable_games_and_idle_players_are_left_alone() {
        let games = [
            game(0, 5, 1.0),
            game(1, 1, 1.0),
            game(0, 1, f64::NAN),
            game(0, 1, 1.0),
        ];
        let lines = elo(3, &games, &EloParams::default());
        assert_eq!(lines[0].history, vec![(3, 1510.0)]);
        assert_eq!(lines[1].history, vec![(3, 1490.0)]);
        assert_eq!(lines[2].rating, 1500.0);
        assert_eq!(lines[2].games, 0);
        assert!(lines[2].history.is_empty());
        assert!(elo(0, &games, &EloParams::default()).is_empty());
    }

    #[test]
    fn lopsided_ratings_stay_finite() {
        // 10^((Rb - Ra)/400) overflows a double here; the update must not.
        let params = EloParams {
            k: 20.0,
            initial: 0.0,
        };
        let mut games = vec![game(0, 1, 1.0); 3];
        games.push(game(1, 0, 1.0));
        let lines = elo(2, &games, &params);
        assert!(lines.iter().all(|line| line.rating.is_finite()));
        let huge = EloParams {
            k: 1e6,
            initial: 0.0,
        };
        let lines = elo(2, &games, &huge);
        assert!(lines.iter().all(|line| line.rating.is_finite()));
    }
}
