//! How the advantage model reads a draw: as half a win (Bradley–Terry, the default) or as
//! an outcome of its own (Davidson 1970), and one game's (or a tally of games')
//! log-likelihood with its derivatives under each: the one likelihood both the advantage's
//! fit and Whole-History Rating ([`crate::whr`]) read draws by.
//!
//! Davidson's model, with `π = e^θ` and the first mover's strength multiplied by the
//! group's advantage: `P(first wins) = π_f / (π_f + π_s + ν√(π_f π_s))`,
//! `P(draw) = ν√(π_f π_s) / (…)`. Divided through by `√(π_f π_s)` and with
//! `x = (θ_f − θ_s + a_g) / 2`, the denominator is `e^x + e^−x + ν`; the draw parameter
//! is fitted as `λ = ln ν`. Without draws (`ν = 0`) it is Bradley–Terry.

use crate::pairing::{bradley_terry_log_likelihood, logistic};

/// How a draw counts in the advantage's fit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DrawModel {
    /// A draw is half a win and half a loss (Bradley–Terry on the score).
    #[default]
    Half,
    /// A draw is an outcome of its own, with a fitted draw parameter ν (Davidson 1970).
    Davidson,
}

impl DrawModel {
    pub const NAMES: [&'static str; 2] = ["half", "davidson"];

    pub fn name(self) -> &'static str {
        match self {
            DrawModel::Half => "half",
            DrawModel::Davidson => "davidson",
        }
    }

    pub fn from_name(name: &str) -> Option<DrawModel> {
        match name {
            "half" => Some(DrawModel::Half),
            "davidson" => Some(DrawModel::Davidson),
            _ => None,
        }
    }
}

/// One game's log-likelihood and its first and second derivatives in `d` (the first
/// mover's edge, natural units) and `λ` (the log draw parameter). The `information_*`
/// terms are the negative second derivatives.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct GameTerms {
    pub log_likelihood: f64,
    pub gradient_edge: f64,
    pub gradient_draw: f64,
    pub information_edge: f64,
    pub information_cross: f64,
    pub information_draw: f64,
}

/// The terms of a game the first mover scored `score` in (1, 0.5 or 0) with edge `d`.
/// `log_nu` is `None` when draws count half: the Bradley–Terry terms, `λ`'s zero.
pub(crate) fn game_terms(score: f64, d: f64, log_nu: Option<f64>) -> GameTerms {
    tally_terms(Tally::of_score(score), d, log_nu)
}

/// Games between the same two sides at the same edge, summed: how many, the side's
/// points, and how many were drawn. A score `s` is `(1 + y) / 2` with `y` +1 for a win, −1
/// for a loss and 0 for a draw; a score between (a forfeit scored ¾, say) is read as the
/// mixture of outcomes with that score, its draw weight `1 − |2s − 1|`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Tally {
    pub games: f64,
    pub points: f64,
    pub draws: f64,
}

impl Tally {
    /// One game the side scored `score` in.
    pub fn of_score(score: f64) -> Tally {
        Tally {
            games: 1.0,
            points: score,
            draws: 1.0 - (2.0 * score - 1.0).abs(),
        }
    }
}

/// The terms of the games of `tally`, the side's edge `d`: the sum of each game's
/// [`game_terms`]. Davidson's log-likelihood is linear in each game's `y` and draw weight,
/// so the games' sums are all it needs: `Σy · d/2 + draws · λ − games · ln(e^x + e^−x + ν)`.
pub(crate) fn tally_terms(tally: Tally, d: f64, log_nu: Option<f64>) -> GameTerms {
    let Tally {
        games,
        points,
        draws,
    } = tally;
    let Some(lambda) = log_nu else {
        let expected = logistic(d);
        return GameTerms {
            log_likelihood: bradley_terry_log_likelihood(points, games, d),
            gradient_edge: points - games * expected,
            information_edge: games * expected * (1.0 - expected),
            ..GameTerms::default()
        };
    };
    let (win, loss, draw, log_denominator) = davidson_outcomes(d, lambda);
    // Σy: the wins less the losses.
    let y = 2.0 * points - games;
    let edge = win - loss;
    GameTerms {
        log_likelihood: y * d / 2.0 + draws * lambda - games * log_denominator,
        gradient_edge: 0.5 * (y - games * edge),
        gradient_draw: draws - games * draw,
        information_edge: games * 0.25 * (win + loss - edge * edge),
        information_cross: -games * 0.5 * edge * draw,
        information_draw: games * draw * (1.0 - draw),
    }
}

/// The first mover's expected score, `P(win) + P(draw) / 2`, at edge `d`.
pub(crate) fn expected_score(d: f64, log_nu: Option<f64>) -> f64 {
    match log_nu {
        None => logistic(d),
        Some(lambda) => {
            let (win, _, draw) = davidson_probabilities(d, lambda);
            win + 0.5 * draw
        }
    }
}

/// Davidson's `(P(win), P(loss), P(draw))` for the first mover at edge `d`.
fn davidson_probabilities(d: f64, lambda: f64) -> (f64, f64, f64) {
    let (win, loss, draw, _) = davidson_outcomes(d, lambda);
    (win, loss, draw)
}

/// [`davidson_probabilities`] and `ln Z = ln(e^x + e^−x + e^λ)` (`x = d/2`), from three
/// exponentials and one logarithm: each term is scaled by the largest, so none overflows
/// (a fit calls this for every game in every pass).
fn davidson_outcomes(d: f64, lambda: f64) -> (f64, f64, f64, f64) {
    let x = d / 2.0;
    let top = x.abs().max(lambda);
    let (win, loss, draw) = ((x - top).exp(), (-x - top).exp(), (lambda - top).exp());
    let sum = win + loss + draw;
    (win / sum, loss / sum, draw / sum, top + sum.ln())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in DrawModel::NAMES {
            assert_eq!(DrawModel::from_name(name).unwrap().name(), name);
        }
        assert_eq!(DrawModel::from_name("third"), None);
    }

    #[test]
    fn davidson_terms_are_the_derivatives_of_its_likelihood() {
        let h = 1e-5;
        for score in [0.0, 0.5, 1.0] {
            for (d, lambda) in [(0.3, -0.7), (-1.2, 0.4), (2.5, -2.0)] {
                let at = |d, l| game_terms(score, d, Some(l)).log_likelihood;
                let t = game_terms(score, d, Some(lambda));
                let numeric_d = (at(d + h, lambda) - at(d - h, lambda)) / (2.0 * h);
                let numeric_l = (at(d, lambda + h) - at(d, lambda - h)) / (2.0 * h);
                assert!((t.gradient_edge - numeric_d).abs() < 1e-8);
                assert!((t.gradient_draw - numeric_l).abs() < 1e-8);
                let grad_d = |d, l| game_terms(score, d, Some(l)).gradient_edge;
                let grad_l = |d, l| game_terms(score, d, Some(l)).gradient_draw;
                let dd = -(grad_d(d + h, lambda) - grad_d(d - h, lambda)) / (2.0 * h);
                let dl = -(grad_d(d, lambda + h) - grad_d(d, lambda - h)) / (2.0 * h);
                let ll = -(grad_l(d, lambda + h) - grad_l(d, lambda - h)) / (2.0 * h);
                assert!((t.information_edge - dd).abs() < 1e-8);
                assert!((t.information_cross - dl).abs() < 1e-8);
                assert!((t.information_draw - ll).abs() < 1e-8);
            }
        }
        // The three outcomes' probabilities sum to one; with ν → 0 it is Bradley–Terry.
        let (w, l, dr) = davidson_probabilities(0.8, 0.3);
        assert!((w + l + dr - 1.0).abs() < 1e-15);
        assert!((expected_score(0.8, Some(-60.0)) - logistic(0.8)).abs() < 1e-12);
    }

    #[test]
    fn a_tally_has_the_sum_of_its_games_terms() {
        let scores = [1.0, 0.5, 0.5, 0.0, 1.0, 0.75];
        let tally = scores.iter().fold(Tally::default(), |sum, &score| {
            let one = Tally::of_score(score);
            Tally {
                games: sum.games + one.games,
                points: sum.points + one.points,
                draws: sum.draws + one.draws,
            }
        });
        assert_eq!(tally.draws, 2.5);
        for log_nu in [None, Some(-1.3)] {
            let d = 0.4;
            let whole = tally_terms(tally, d, log_nu);
            let summed = scores.iter().fold(GameTerms::default(), |sum, &score| {
                let t = game_terms(score, d, log_nu);
                GameTerms {
                    log_likelihood: sum.log_likelihood + t.log_likelihood,
                    gradient_edge: sum.gradient_edge + t.gradient_edge,
                    gradient_draw: sum.gradient_draw + t.gradient_draw,
                    information_edge: sum.information_edge + t.information_edge,
                    information_cross: sum.information_cross + t.information_cross,
                    information_draw: sum.information_draw + t.information_draw,
                }
            });
            for (a, b) in [
                (whole.log_likelihood, summed.log_likelihood),
                (whole.gradient_edge, summed.gradient_edge),
                (whole.gradient_draw, summed.gradient_draw),
                (whole.information_edge, summed.information_edge),
                (whole.information_cross, summed.information_cross),
                (whole.information_draw, summed.information_draw),
            ] {
                assert!((a - b).abs() < 1e-12, "{log_nu:?}: {a} against {b}");
            }
            // From the other side the edge is −d: the same likelihood, the edge's terms
            // negated where they are odd in it.
            let reversed = Tally {
                points: tally.games - tally.points,
                ..tally
            };
            let other = tally_terms(reversed, -d, log_nu);
            assert!((other.log_likelihood - whole.log_likelihood).abs() < 1e-12);
            assert!((other.gradient_edge + whole.gradient_edge).abs() < 1e-12);
            assert!((other.information_cross + whole.information_cross).abs() < 1e-12);
        }
    }
}
