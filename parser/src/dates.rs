//! The dates the tag readers store, each reader's way: one home for both, below the
//! readers and [`crate::raw::Header`] alike (the date shapes themselves are
//! [`PartialDate`]'s).

use kifu_facts::PartialDate;

/// `2001.05.03` / `2001/05/03` → `2001-05-03`; unknown parts (`??`) end the date
/// ([`PartialDate::from_dotted`]). A text that is no such date is kept: its leading digit
/// groups joined by `-` (`2001.5.3` → `2001-5-3`), else the text as written.
pub fn tag_date(value: &str) -> String {
    let written = value.trim();
    match PartialDate::from_dotted(written) {
        Some(date) => date.to_string(),
        // Not a date (`2001.5.3`): kept in the shape this reader has always stored.
        None => dashed_digit_groups(written).unwrap_or_else(|| written.to_string()),
    }
}

/// The leading all-digit groups of `2001.5.3`-like text joined by `-`; `None` for a text of
/// one group, with an empty one, or not starting with digits.
fn dashed_digit_groups(written: &str) -> Option<String> {
    let parts: Vec<&str> = written.split(['.', '/', '-']).collect();
    if parts.len() < 2 || parts.iter().any(|p| p.is_empty()) {
        return None;
    }
    let known: Vec<&str> = parts
        .iter()
        .take_while(|p| p.bytes().all(|b| b.is_ascii_digit()))
        .copied()
        .collect();
    (!known.is_empty()).then(|| known.join("-"))
}

/// Normalizes a date as written: `1999.12.09`, `1999-12-09`, `1963年8月15日`,
/// `2014-06-05 13:00`, `24-12-2022` (day first), `1999.??.??` → `YYYY[-MM[-DD]]`
/// ([`PartialDate::from_digit_runs`]). `None` when no year can be read, or the year is
/// outside 1000–2999 (a number such records hold that is no year).
pub fn xiangqi_date(text: &str) -> Option<String> {
    PartialDate::from_digit_runs(text)
        .filter(|date| (1000..=2999).contains(&date.year()))
        .map(|date| date.to_string())
}
