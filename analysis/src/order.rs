//! The order people read names in: runs of digits compare as numbers (`第9轮` before
//! `第10轮`, `R2` before `R10`), so rounds and boards sort as a tournament lists them.

use std::cmp::Ordering;

/// Text order in which runs of ASCII digits compare as numbers.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a, b);
    loop {
        match (x.chars().next(), y.chars().next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let (m, rest_x) = split_digits(x);
                let (n, rest_y) = split_digits(y);
                let (m0, n0) = (m.trim_start_matches('0'), n.trim_start_matches('0'));
                let by_value = m0.len().cmp(&n0.len()).then_with(|| m0.cmp(n0));
                if by_value != Ordering::Equal {
                    return by_value;
                }
                (x, y) = (rest_x, rest_y);
            }
            (Some(c), Some(d)) => {
                if c != d {
                    return c.cmp(&d);
                }
                (x, y) = (&x[c.len_utf8()..], &y[d.len_utf8()..]);
            }
        }
    }
}

fn split_digits(s: &str) -> (&str, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    s.split_at(end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_inside_names_compare_as_numbers() {
        let mut rounds = vec!["第10轮", "第09轮", "第1轮", "第08轮", "第2轮"];
        rounds.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(rounds, ["第1轮", "第2轮", "第08轮", "第09轮", "第10轮"]);
        let mut mixed = vec!["R10", "R2", "final"];
        mixed.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(mixed, ["R2", "R10", "final"]);
        assert_eq!(natural_cmp("R2.10", "R2.9"), Ordering::Greater);
        assert_eq!(natural_cmp("007", "7"), Ordering::Equal);
        assert_eq!(natural_cmp("", "a"), Ordering::Less);
    }
}
