//! Openings a filter can name: a Renju canonical opening (`D1`–`D13`, `I1`–`I13`), a
//! Xiangqi ECCO code (`A00`–`E99`), a range of either (`D3-D7`, `C20-C29`) or a prefix
//! (`D`, the direct openings; `C2`, ECCO `C20`–`C29`).
//!
//! Each game is matched in its own game's code system, so one value can mean something
//! in both: `D1` is Renju's D1 in a Renju game and ECCO `D10`–`D19` in a Xiangqi game
//! (with `--game` only one reading applies, and a value with none is an error).

use std::fmt;
use std::str::FromStr;

use kifu_facts::GameKind;

use super::FilterError;

/// What an opening value may look like, for errors.
pub(crate) const OPENING_FORMS: &str = "a Renju opening D1–D13 or I1–I13, a Xiangqi ECCO \
     code A00–E99, a range of either (D3-D7, C20-C29) or a prefix (D, I, C, C2)";

/// One opening value and the games it selects in each code system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningSelector {
    /// As given, upper-cased.
    pub text: String,
    /// Renju: the family (`D` direct, `I` indirect) and the numbers `from..=to` (1–13).
    pub renju: Option<(char, u8, u8)>,
    /// ECCO: the codes `from..=to`, each `A00`–`E99`.
    pub ecco: Option<(String, String)>,
}

impl OpeningSelector {
    /// The Renju codes it selects (`D3`, `D4`…), as kifu stores them.
    pub fn renju_codes(&self) -> impl Iterator<Item = String> + '_ {
        self.renju
            .into_iter()
            .flat_map(|(family, from, to)| (from..=to).map(move |n| format!("{family}{n}")))
    }

    /// The ECCO codes it selects (`C20`, `C21`…), as kifu stores them.
    pub fn ecco_codes(&self) -> impl Iterator<Item = String> + '_ {
        all_ecco_codes().filter(|code| {
            self.ecco
                .as_ref()
                .is_some_and(|(from, to)| (from.as_str()..=to.as_str()).contains(&code.as_str()))
        })
    }

    /// Whether the value means something for games of `kind`.
    pub fn applies_to(&self, kind: GameKind) -> bool {
        match kind {
            GameKind::Renju => self.renju.is_some(),
            GameKind::Xiangqi => self.ecco.is_some(),
            GameKind::Territorial | GameKind::ChouChou => false,
        }
    }
}

/// Every ECCO code, `A00`–`E99`, in order.
fn all_ecco_codes() -> impl Iterator<Item = String> {
    ('A'..='E').flat_map(|letter| (0..100).map(move |n| format!("{letter}{n:02}")))
}

/// A Renju code `D7` → (`D`, 7).
fn renju_code(s: &str) -> Option<(char, u8)> {
    let family = s.chars().next().filter(|c| matches!(c, 'D' | 'I'))?;
    let rest = &s[1..];
    if rest.is_empty() || rest.starts_with('0') || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u8 = rest.parse().ok()?;
    (1..=13).contains(&n).then_some((family, n))
}

/// An ECCO code `C20`, or a prefix of one (`C`, `C2`) as the range of codes it opens.
fn ecco_span(s: &str) -> Option<(String, String)> {
    let letter = s.chars().next().filter(|c| ('A'..='E').contains(c))?;
    let digits = &s[1..];
    if digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let from = format!("{letter}{digits:0<2}");
    let to = format!("{letter}{digits:9<2}");
    Some((from, to))
}

impl FromStr for OpeningSelector {
    type Err = FilterError;

    fn from_str(s: &str) -> Result<OpeningSelector, FilterError> {
        let text = s.trim().to_ascii_uppercase();
        let malformed = || FilterError::Malformed {
            what: "opening",
            given: s.to_owned(),
            expected: OPENING_FORMS,
        };
        let (renju, ecco) = match text.split_once('-') {
            Some((a, b)) => {
                let renju = match (renju_code(a), renju_code(b)) {
                    (Some((fa, na)), Some((fb, nb))) if fa == fb => Some((fa, na, nb)),
                    _ => None,
                };
                // A range joins two full codes (C20-C29), not prefixes.
                let ecco = match (ecco_span(a), ecco_span(b)) {
                    (Some((from, _)), Some((to, _))) if a.len() == 3 && b.len() == 3 => {
                        Some((from, to))
                    }
                    _ => None,
                };
                let reversed = renju.is_some_and(|(_, x, y)| x > y)
                    || ecco.as_ref().is_some_and(|(x, y)| x > y);
                if reversed {
                    return Err(FilterError::Reversed {
                        what: "opening range",
                        given: s.to_owned(),
                    });
                }
                (renju, ecco)
            }
            None => {
                let renju = match text.as_str() {
                    "D" | "I" => text.chars().next().map(|f| (f, 1, 13)),
                    code => renju_code(code).map(|(f, n)| (f, n, n)),
                };
                (renju, ecco_span(&text))
            }
        };
        if renju.is_none() && ecco.is_none() {
            return Err(malformed());
        }
        Ok(OpeningSelector { text, renju, ecco })
    }
}

impl fmt::Display for OpeningSelector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> OpeningSelector {
        s.parse().unwrap()
    }

    #[test]
    fn codes_ranges_and_prefixes_in_either_system() {
        assert_eq!(parse("d4").renju, Some(('D', 4, 4)));
        // D4 is also the ECCO prefix D40–D49.
        assert_eq!(parse("D4").ecco, Some(("D40".into(), "D49".into())));
        assert_eq!(parse("I13").renju, Some(('I', 13, 13)));
        assert_eq!(parse("I13").ecco, None);
        assert_eq!(parse("D").renju, Some(('D', 1, 13)));
        assert_eq!(parse("C").ecco, Some(("C00".into(), "C99".into())));
        assert_eq!(parse("C20").ecco, Some(("C20".into(), "C20".into())));
        assert_eq!(parse("C20").renju, None);
        assert_eq!(parse("C20-C29").ecco, Some(("C20".into(), "C29".into())));
        assert_eq!(parse("D3-D7").renju, Some(('D', 3, 7)));
        assert_eq!(parse("D3-D7").ecco, None);
        assert!(parse("D4").applies_to(GameKind::Renju));
        assert!(!parse("C20").applies_to(GameKind::Renju));
    }

    #[test]
    fn values_list_the_codes_they_select() {
        let codes = |s: &str| {
            let o = parse(s);
            (
                o.renju_codes().collect::<Vec<_>>(),
                o.ecco_codes().collect::<Vec<_>>(),
            )
        };
        let ecco = |from: u8, to: u8, letter: char| -> Vec<String> {
            (from..=to).map(|n| format!("{letter}{n:02}")).collect()
        };
        assert_eq!(codes("D4"), (vec!["D4".to_owned()], ecco(40, 49, 'D')));
        assert_eq!(
            codes("D3-D5"),
            (vec!["D3".into(), "D4".into(), "D5".into()], vec![])
        );
        assert_eq!(codes("I13"), (vec!["I13".to_owned()], vec![]));
        assert_eq!(codes("I").0.len(), 13);
        assert_eq!(
            codes("C98-D01"),
            (
                vec![],
                vec!["C98".into(), "C99".into(), "D00".into(), "D01".into()]
            )
        );
        assert_eq!(codes("E").1, ecco(0, 99, 'E'));
        assert_eq!(codes("A05").1, vec!["A05".to_owned()]);
    }

    #[test]
    fn bad_openings_name_the_value_and_the_forms() {
        for bad in ["I14", "I0", "F00", "C200", "D3-I5", "C2-C29", "x", ""] {
            let e = bad.parse::<OpeningSelector>().unwrap_err().to_string();
            assert!(e.contains(&format!("`{bad}`")), "{e}");
            assert!(e.contains("A00–E99"), "{e}");
        }
        let e = "C29-C20"
            .parse::<OpeningSelector>()
            .unwrap_err()
            .to_string();
        assert!(e.contains("ends before it starts"), "{e}");
    }
}
