//! Pure-math core of player ratings: Whole-History Rating, sequential Elo,
//! the first mover's advantage, and the special functions they need.
//!
//! Internally every rating is in natural (logit) units, where
//! `P(i beats j) = 1 / (1 + exp(r_j - r_i))`; everything public is in Elo.

pub mod advantage;
pub mod elo;
pub mod pairing;
pub mod special;
#[cfg(test)]
mod test_rng;
pub mod whr;

pub use advantage::{
    compare, compare_with, fit_advantage, fit_advantage_with, AdvantageFit, Comparison, DrawModel,
    DrawParameter, GroupAdvantage, GroupedPairing,
};
pub use elo::{elo, expected_score, EloLine, EloParams};
pub use pairing::{elo_from_natural, natural_from_elo, Pairing, ELO_PER_NATURAL};
pub use special::{chi_square_1_survival, erfc, NORMAL_QUANTILE_975};
pub use whr::{
    davidson_log_posterior, log_posterior, whole_history, whole_history_from, RatedDay, WhrFit,
    WhrParams,
};
