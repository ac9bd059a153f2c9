//! The game record every rating model reads, the Elo/natural unit
//! conversions, and the Bradley–Terry pieces the models share.

/// One game to rate: `first` moved first (Black in Renju, Red in Xiangqi).
///
/// Players are indices `0..players`. A game naming a player out of range,
/// a player against himself, or a non-finite score is ignored by every model;
/// a finite score outside `0..=1` is clamped into it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pairing {
    /// The player who moved first.
    pub first: u32,
    /// The player who moved second.
    pub second: u32,
    /// First's score: 1, 0.5 or 0.
    pub score: f64,
    /// The rating period: a day number (days since 1970-01-01); games of one
    /// period share it.
    pub day: i32,
}

/// Elo points per natural unit: `400 / ln 10`.
pub const ELO_PER_NATURAL: f64 = 400.0 / std::f64::consts::LN_10;

/// Converts a rating (or difference) from natural units to Elo.
pub fn elo_from_natural(natural: f64) -> f64 {
    natural * ELO_PER_NATURAL
}

/// Converts a rating (or difference) from Elo to natural units.
pub fn natural_from_elo(elo: f64) -> f64 {
    elo / ELO_PER_NATURAL
}

/// The smallest prior weight used: without a prior, a player who won every
/// game would have no finite rating.
pub(crate) const MIN_PRIOR_GAMES: f64 = 1e-3;
/// The largest prior weight used, so that the prior's terms stay finite.
pub(crate) const MAX_PRIOR_GAMES: f64 = 1e12;

/// The prior weight actually used: NaN and values below
/// [`MIN_PRIOR_GAMES`] become it, values above [`MAX_PRIOR_GAMES`] become that.
pub(crate) fn usable_prior_games(prior_games: f64) -> f64 {
    if prior_games.is_nan() {
        MIN_PRIOR_GAMES
    } else {
        prior_games.clamp(MIN_PRIOR_GAMES, MAX_PRIOR_GAMES)
    }
}

/// First's score clamped into `0..=1`, or `None` when the game carries no
/// usable information (unknown player, self-play, non-finite score).
pub(crate) fn usable_score(players: usize, first: u32, second: u32, score: f64) -> Option<f64> {
    let known = |player: u32| (player as usize) < players;
    if known(first) && known(second) && first != second && score.is_finite() {
        Some(score.clamp(0.0, 1.0))
    } else {
        None
    }
}

/// The logistic function `1 / (1 + e^-x)`, without overflow for any `x`.
pub(crate) fn logistic(x: f64) -> f64 {
    if x >= 0.0 {
        1.0 / (1.0 + (-x).exp())
    } else {
        let e = x.exp();
        e / (1.0 + e)
    }
}

/// `ln(logistic(x))`, accurate in both tails.
pub(crate) fn log_logistic(x: f64) -> f64 {
    if x >= 0.0 {
        -(-x).exp().ln_1p()
    } else {
        x - x.exp().ln_1p()
    }
}

/// Bradley–Terry log-likelihood of `points` out of `games` for the side whose
/// rating exceeds the other's by `difference` (draws count as half a win).
pub(crate) fn bradley_terry_log_likelihood(points: f64, games: f64, difference: f64) -> f64 {
    let losses = games - points;
    // Skip zero weights so that an infinite log never meets a zero count.
    let mut total = 0.0;
    if points != 0.0 {
        total += points * log_logistic(difference);
    }
    if losses != 0.0 {
        total += losses * log_logistic(-difference);
    }
    total
}

/// The anchoring prior: `prior_games` virtual wins and as many virtual losses
/// against a virtual opponent rated 0, i.e. `k (r - 2 ln(1 + e^r))`.
pub(crate) fn anchor_log_density(prior_games: f64, rating: f64) -> f64 {
    prior_games * (log_logistic(rating) + log_logistic(-rating))
}

/// First derivative of [`anchor_log_density`].
pub(crate) fn anchor_gradient(prior_games: f64, rating: f64) -> f64 {
    prior_games * (1.0 - 2.0 * logistic(rating))
}

/// Minus the second derivative of [`anchor_log_density`].
pub(crate) fn anchor_curvature(prior_games: f64, rating: f64) -> f64 {
    let p = logistic(rating);
    2.0 * prior_games * p * (1.0 - p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_conversions_round_trip() {
        assert!((ELO_PER_NATURAL - 173.717_792_761_300_73).abs() < 1e-12);
        assert!((elo_from_natural(10f64.ln()) - 400.0).abs() < 1e-12);
        assert!((natural_from_elo(400.0) - 10f64.ln()).abs() < 1e-15);
    }

    #[test]
    fn logistic_is_stable_in_both_tails() {
        assert_eq!(logistic(0.0), 0.5);
        assert!((logistic(2.0) - 1.0 / (1.0 + (-2.0f64).exp())).abs() < 1e-16);
        assert!((logistic(-2.0) + logistic(2.0) - 1.0).abs() < 1e-15);
        assert_eq!(logistic(1e6), 1.0);
        assert_eq!(logistic(-1e6), 0.0);
        assert!((log_logistic(0.0) + 2f64.ln()).abs() < 1e-16);
        assert!((log_logistic(-800.0) + 800.0).abs() < 1e-12);
        assert_eq!(log_logistic(800.0), 0.0);
    }

    #[test]
    fn bradley_terry_counts_a_draw_as_half_a_win() {
        let x = 0.7;
        let draw = bradley_terry_log_likelihood(0.5, 1.0, x);
        let expected = 0.5 * (logistic(x).ln() + (1.0 - logistic(x)).ln());
        assert!((draw - expected).abs() < 1e-15);
        // A certain loss weighs nothing when no loss happened.
        assert_eq!(bradley_terry_log_likelihood(1.0, 1.0, 1e9), 0.0);
    }

    #[test]
    fn anchor_matches_its_closed_form_and_derivatives() {
        let (k, r) = (1.5, 0.8);
        let gamma = f64::exp(r);
        let closed_form = k * (gamma.ln() - 2.0 * (1.0 + gamma).ln());
        assert!((anchor_log_density(k, r) - closed_form).abs() < 1e-14);
        let h = 1e-5;
        let numeric_gradient =
            (anchor_log_density(k, r + h) - anchor_log_density(k, r - h)) / (2.0 * h);
        assert!((anchor_gradient(k, r) - numeric_gradient).abs() < 1e-9);
        let numeric_curvature =
            -(anchor_gradient(k, r + h) - anchor_gradient(k, r - h)) / (2.0 * h);
        assert!((anchor_curvature(k, r) - numeric_curvature).abs() < 1e-9);
    }

    #[test]
    fn unusable_games_and_priors_are_recognised() {
        assert_eq!(usable_score(2, 0, 1, 1.0), Some(1.0));
        assert_eq!(usable_score(2, 0, 1, 1.5), Some(1.0));
        assert_eq!(usable_score(2, 0, 1, -0.5), Some(0.0));
        assert_eq!(usable_score(2, 0, 2, 1.0), None);
        assert_eq!(usable_score(2, 1, 1, 1.0), None);
        assert_eq!(usable_score(2, 0, 1, f64::NAN), None);
        assert_eq!(usable_prior_games(f64::NAN), MIN_PRIOR_GAMES);
        assert_eq!(usable_prior_games(0.0), MIN_PRIOR_GAMES);
        assert_eq!(usable_prior_games(2.0), 2.0);
        assert_eq!(usable_prior_games(f64::INFINITY), MAX_PRIOR_GAMES);
    }
}
