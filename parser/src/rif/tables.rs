//! The tables of the export (players, tournaments, rules, openings, places) that games
//! refer to by id.

use std::collections::HashMap;

use kifu_facts::PartialDate;

#[derive(Default)]
pub(super) struct Tables {
    pub(super) players: HashMap<String, String>,
    pub(super) tournaments: HashMap<String, Tournament>,
    pub(super) rules: HashMap<String, String>,
    pub(super) openings: HashMap<String, String>,
    pub(super) countries: HashMap<String, String>,
    pub(super) cities: HashMap<String, String>,
}

#[derive(Default)]
pub(super) struct Tournament {
    pub(super) name: String,
    pub(super) date: Option<String>,
    pub(super) city: String,
    pub(super) country: String,
    pub(super) rule: String,
}

/// `YYYY-MM-DD` from `start` when it has that shape, else `YYYY-MM` / `YYYY` from `year`
/// and `month`, whichever says more.
pub(super) fn tournament_date(start: &str, year: &str, month: &str) -> Option<String> {
    if PartialDate::is_iso_shaped(start) && !start.starts_with("0000") {
        // `00` is an unknown month or day, and the date ends before it; other numbers
        // are kept as written, as they always were, even when no month has them.
        return Some(match (&start[5..7], &start[8..10]) {
            ("00", _) => start[..4].to_string(),
            (_, "00") => start[..7].to_string(),
            _ => start.to_string(),
        });
    }
    let year = year.trim();
    if year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit()) || year == "0000" {
        return None;
    }
    // A month outside 1–12 (`0` for none) leaves the year alone.
    let date = PartialDate::known_part(year.parse().ok()?, month.trim().parse().ok(), None)?;
    Some(date.to_string())
}

/// Maps a RenjuNet rule name to kifu's rule id: `rif`, `yamaguchi`, `soosorv`,
/// `soosorv-8`, `taraguchi`, `taraguchi-10`, `sakata`, `tarannikov`, `swap2`, `renju`,
/// `gomoku`, … Anything else is lower-cased with blanks turned into `-`.
pub fn normalize_rule(name: &str) -> String {
    let lower = name.trim().to_lowercase();
    let has = |s: &str| lower.contains(s);
    let folded: String = lower
        .chars()
        .map(|c| match c {
            'õ' | 'ö' | 'ó' | 'ò' | 'ô' => 'o',
            'ü' | 'ú' | 'ù' | 'û' => 'u',
            'ä' | 'á' | 'à' | 'â' => 'a',
            _ => c,
        })
        .collect();
    let number = |n: &str| {
        folded
            .split(|c: char| !c.is_ascii_digit())
            .any(|part| part == n)
    };
    if has("rif") {
        "rif".into()
    } else if has("yamaguchi") {
        "yamaguchi".into()
    } else if folded.contains("soosorv") || folded.contains("soosyrv") {
        if number("8") {
            "soosorv-8".into()
        } else {
            "soosorv".into()
        }
    } else if has("taraguchi") {
        if number("10") {
            "taraguchi-10".into()
        } else {
            "taraguchi".into()
        }
    } else if has("sakata") {
        "sakata".into()
    } else if has("tarannikov") {
        "tarannikov".into()
    } else if has("swap2") || has("swap-2") || has("swap 2") {
        "swap2".into()
    } else if has("gomoku") {
        "gomoku".into()
    } else if lower == "renju" {
        "renju".into()
    } else {
        lower.split_whitespace().collect::<Vec<_>>().join("-")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_names() {
        assert_eq!(normalize_rule("RIF"), "rif");
        assert_eq!(normalize_rule("Yamaguchi"), "yamaguchi");
        assert_eq!(normalize_rule("Soosõrv-8"), "soosorv-8");
        assert_eq!(normalize_rule("Soosorv"), "soosorv");
        assert_eq!(normalize_rule("Taraguchi-10"), "taraguchi-10");
        assert_eq!(normalize_rule("Gomoku"), "gomoku");
        assert_eq!(normalize_rule("Renju"), "renju");
        assert_eq!(normalize_rule("Some New Rule"), "some-new-rule");
    }

    #[test]
    fn dates() {
        assert_eq!(
            tournament_date("2019-08-03", "2019", "8").as_deref(),
            Some("2019-08-03")
        );
        assert_eq!(
            tournament_date("0000-00-00", "1989", "7").as_deref(),
            Some("1989-07")
        );
        assert_eq!(tournament_date("", "1989", "0").as_deref(), Some("1989"));
        assert_eq!(tournament_date("", "", ""), None);
        assert_eq!(
            tournament_date("2019-05-00", "", "").as_deref(),
            Some("2019-05")
        );
        assert_eq!(
            tournament_date("2019-13-45", "", "").as_deref(),
            Some("2019-13-45")
        );
        assert_eq!(
            tournament_date("", "1989", "+7").as_deref(),
            Some("1989-07")
        );
        assert_eq!(tournament_date("", "1989", "13").as_deref(), Some("1989"));
    }
}
