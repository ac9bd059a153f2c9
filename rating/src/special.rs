//! Special functions for the tests on ratings: the complementary error
//! function and the chi-square(1) survival function built on it.

/// The 0.975 quantile of the standard normal distribution: a two-sided 95 %
/// interval is `estimate ± NORMAL_QUANTILE_975 * sd`.
pub const NORMAL_QUANTILE_975: f64 = 1.959963984540054;

/// Below this argument `erfc` is `1 - erf` from the series (the subtraction
/// then loses at most two digits); above it the continued fraction converges
/// quickly.
const SERIES_LIMIT: f64 = 2.0;
/// Beyond this argument `erfc` underflows to zero.
const UNDERFLOW_LIMIT: f64 = 27.3;
/// Enough terms for full precision at the slowest point of each expansion.
const MAX_TERMS: usize = 500;

/// The complementary error function `erfc(x) = 1 - erf(x)`, to about 1e-13
/// relative accuracy for every finite `x`.
///
/// `erfc(NaN)` is NaN, `erfc(+inf) = 0` and `erfc(-inf) = 2`.
pub fn erfc(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x < 0.0 {
        return 2.0 - erfc(-x);
    }
    if x < SERIES_LIMIT {
        1.0 - erf_series(x)
    } else if x < UNDERFLOW_LIMIT {
        erfc_continued_fraction(x)
    } else {
        0.0
    }
}

/// `erf(x)` for `0 <= x < SERIES_LIMIT` from the all-positive series
/// `erf x = 2/√π e^(-x²) Σ (2x²)^n x / (1·3·…·(2n+1))`, which has no
/// cancellation, unlike the alternating Taylor series.
fn erf_series(x: f64) -> f64 {
    let two_x_squared = 2.0 * x * x;
    let mut term = x;
    let mut sum = x;
    for n in 1..MAX_TERMS {
        term *= two_x_squared / (2 * n + 1) as f64;
        sum += term;
        if term <= sum * f64::EPSILON * 0.25 {
            break;
        }
    }
    std::f64::consts::FRAC_2_SQRT_PI * (-x * x).exp() * sum
}

/// `erfc(x)` for `x >= SERIES_LIMIT` from Laplace's continued fraction
/// `erfc x = e^(-x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …))))`,
/// evaluated forward with the modified Lentz method.
fn erfc_continued_fraction(x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    // f = x + a_1/(x + a_2/(x + …)) with a_n = n/2.
    let mut f = x;
    let mut c = x;
    let mut d = 0.0;
    for n in 1..MAX_TERMS {
        let a = n as f64 / 2.0;
        d = x + a * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = x + a / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < f64::EPSILON {
            break;
        }
    }
    let inverse_sqrt_pi = std::f64::consts::FRAC_2_SQRT_PI / 2.0;
    (-x * x).exp() * inverse_sqrt_pi / f
}

/// The survival function of the chi-square distribution with one degree of
/// freedom: `P(X >= statistic) = erfc(sqrt(statistic / 2))`.
///
/// A statistic of zero or less gives 1; NaN gives NaN.
pub fn chi_square_1_survival(statistic: f64) -> f64 {
    if statistic.is_nan() {
        f64::NAN
    } else if statistic <= 0.0 {
        1.0
    } else {
        erfc((statistic / 2.0).sqrt())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assert_relative(actual: f64, expected: f64, tolerance: f64) {
        let error = ((actual - expected) / expected).abs();
        assert!(
            error <= tolerance,
            "{actual:e} vs {expected:e}: relative error {error:e}"
        );
    }

    #[test]
    fn erfc_matches_the_briefs_values() {
        assert_eq!(erfc(0.0), 1.0);
        assert_relative(erfc(0.5), 0.4795001221869535, 1e-14);
        assert_relative(erfc(1.0), 0.15729920705028513, 1e-14);
        assert_relative(erfc(2.0), 0.004677734981047266, 1e-13);
        assert_relative(erfc(5.0), 1.537459794428035e-12, 1e-13);
    }

    #[test]
    fn erfc_matches_high_precision_values_across_both_expansions() {
        // Reference values from mpmath at 30 digits.
        let cases = [
            (0.001, 0.9988716212090307),
            (0.1, 0.8875370839817152),
            (1.5, 0.033894853524689273),
            (1.9, 0.00720957076474253),
            (1.999_999_999, 0.004677735001714251),
            (2.1, 0.0029794666563329855),
            (2.5, 0.0004069520174449589),
            (3.0, 2.209_049_699_858_544e-5),
            (4.0, 1.541_725_790_028_002e-8),
            (6.0, 2.1519736712498913e-17),
            (10.0, 2.088487583762545e-45),
            (20.0, 5.395865611607901e-176),
            (26.0, 5.663192408856143e-296),
        ];
        for (x, expected) in cases {
            assert_relative(erfc(x), expected, 2e-13);
        }
    }

    #[test]
    fn erfc_handles_negative_and_extreme_arguments() {
        assert_relative(erfc(-0.5), 1.5204998778130465, 1e-15);
        assert_relative(erfc(-1.0), 1.842700792949715, 1e-15);
        assert_relative(erfc(-3.0), 1.9999779095030014, 1e-15);
        assert_eq!(erfc(30.0), 0.0);
        assert_eq!(erfc(f64::INFINITY), 0.0);
        assert_eq!(erfc(f64::NEG_INFINITY), 2.0);
        assert!(erfc(f64::NAN).is_nan());
    }

    #[test]
    fn erfc_is_continuous_where_the_expansions_meet() {
        let below = erfc(SERIES_LIMIT - 1e-12);
        let at = erfc(SERIES_LIMIT);
        assert_relative(below, at, 1e-10);
    }

    #[test]
    fn chi_square_survival_matches_known_quantiles() {
        // 3.841458820694124 is the 0.95 quantile of chi-square(1).
        assert_relative(chi_square_1_survival(3.841458820694124), 0.05, 1e-13);
        assert_relative(chi_square_1_survival(1.0), 0.3173105078629141, 1e-13);
        assert_relative(chi_square_1_survival(10.0), 0.0015654022580025497, 1e-13);
        assert_relative(chi_square_1_survival(50.0), 1.537459794428035e-12, 1e-13);
        assert_eq!(chi_square_1_survival(0.0), 1.0);
        assert_eq!(chi_square_1_survival(-1.0), 1.0);
        assert!(chi_square_1_survival(f64::NAN).is_nan());
        // The named quantile squared is the chi-square(1) 0.95 quantile.
        let squared = NORMAL_QUANTILE_975 * NORMAL_QUANTILE_975;
        assert_relative(chi_square_1_survival(squared), 0.05, 1e-12);
    }
}
