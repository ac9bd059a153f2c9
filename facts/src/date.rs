//! Dates as records give them: often partial (a year, a year and month). Games are
//! stored with `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, the one text form of [`PartialDate`];
//! a filter's date is one of those too.
//!
//! Each format writes its dates its own way, so the type reads several shapes, one
//! function each; a reader picks the shapes its format uses and says at its call site
//! what it does with a text that is none of them.

use std::fmt;
use std::str::FromStr;

/// A calendar date known to the year, the month or the day: a month is 1–12, a day 1–31
/// and only with its month. Whether the month has that day is not part of it (records
/// keep `1999-02-30` as written); [`PartialDate::is_on_calendar`] says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PartialDate {
    year: u16,
    month: Option<u8>,
    day: Option<u8>,
}

/// A date a filter was given that is none of the accepted forms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DateError {
    /// Not `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, or a day the month does not have.
    Malformed { given: String },
}

impl fmt::Display for DateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DateError::Malformed { given } => write!(
                f,
                "malformed date `{given}`: expected {}",
                PartialDate::FORMS
            ),
        }
    }
}

impl std::error::Error for DateError {}

fn days_in_month(year: u16, month: u8) -> u8 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Whether every byte of `text` is an ASCII digit.
fn all_digits(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_digit())
}

impl PartialDate {
    /// What a date given to a filter may look like, for errors.
    pub const FORMS: &'static str =
        "YYYY, YYYY-MM or YYYY-MM-DD (such as 1985, 1985-06, 1985-06-03)";

    /// A date from its parts: `None` for a year past 9999, a month outside 1–12, a day
    /// outside 1–31 or a day without its month.
    pub fn new(year: u16, month: Option<u8>, day: Option<u8>) -> Option<PartialDate> {
        let month_ok = month.is_none_or(|m| (1..=12).contains(&m));
        let day_ok = match day {
            None => true,
            Some(d) => month.is_some() && (1..=31).contains(&d),
        };
        (year <= 9999 && month_ok && day_ok).then_some(PartialDate { year, month, day })
    }

    /// The date as far as its parts are real: a month outside 1–12 ends it at the year,
    /// a day outside 1–31 at the month. `None` for a year past 9999.
    pub fn known_part(year: u32, month: Option<u32>, day: Option<u32>) -> Option<PartialDate> {
        let year = u16::try_from(year).ok().filter(|&y| y <= 9999)?;
        let month = month.filter(|m| (1..=12).contains(m)).map(|m| m as u8);
        let day = day
            .filter(|d| month.is_some() && (1..=31).contains(d))
            .map(|d| d as u8);
        Some(PartialDate { year, month, day })
    }

    pub fn year(&self) -> u16 {
        self.year
    }

    pub fn month(&self) -> Option<u8> {
        self.month
    }

    pub fn day(&self) -> Option<u8> {
        self.day
    }

    /// Whether the month has the day (`1999-02-30` is a date records write, but no day).
    pub fn is_on_calendar(&self) -> bool {
        match (self.month, self.day) {
            (Some(m), Some(d)) => d <= days_in_month(self.year, m),
            _ => true,
        }
    }

    /// A date from its parts that is a real one: as [`PartialDate::new`], and the month
    /// has the day.
    fn on_calendar(year: u16, month: Option<u8>, day: Option<u8>) -> Option<PartialDate> {
        PartialDate::new(year, month, day).filter(PartialDate::is_on_calendar)
    }

    /// `YYYY`, `YYYY.MM` or `YYYY.MM.DD` (`/` or `-` may stand for the dots; month and
    /// day of two digits), where a part that is not a number (`??`) ends the date:
    /// `2001.05.??` is `2001-05`. Blanks around the text are left out. `None` for any
    /// other text (`2001.5.3`, `3.5.2001`, `2001.13.01`, `2001..05`).
    pub fn from_dotted(text: &str) -> Option<PartialDate> {
        let parts: Vec<&str> = text.trim().split(['.', '/', '-']).collect();
        if parts.iter().any(|p| p.is_empty()) {
            return None;
        }
        let known: Vec<&str> = parts
            .iter()
            .take_while(|p| all_digits(p))
            .copied()
            .collect();
        let (year, rest) = known.split_first()?;
        if year.len() != 4 || rest.len() > 2 || rest.iter().any(|p| p.len() != 2) {
            return None;
        }
        let number = |i: usize| rest.get(i).and_then(|p| p.parse::<u8>().ok());
        PartialDate::new(year.parse().ok()?, number(0), number(1))
    }

    /// The first numbers anywhere in the text (any other character separates them):
    /// year, month, day when the first has four digits (`1999.12.09`, `1963年8月15日`,
    /// `2014-06-05 13:00`, `1999.??.??`), else day, month, year when the third has
    /// (`24-12-2022`). A month or day out of range ends the date there (see
    /// [`PartialDate::known_part`]); a number too long to read is passed over.
    pub fn from_digit_runs(text: &str) -> Option<PartialDate> {
        let runs: Vec<&str> = text
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .collect();
        let first = runs.first()?;
        let (year, rest): (u32, Vec<u32>) = if first.len() == 4 {
            (
                first.parse().ok()?,
                runs[1..]
                    .iter()
                    .take(2)
                    .filter_map(|s| s.parse().ok())
                    .collect(),
            )
        } else if runs.len() >= 3 && runs[2].len() == 4 {
            let day: u32 = runs[0].parse().ok()?;
            let month: u32 = runs[1].parse().ok()?;
            (runs[2].parse().ok()?, vec![month, day])
        } else {
            return None;
        };
        PartialDate::known_part(year, rest.first().copied(), rest.get(1).copied())
    }

    /// Numbers from the very start of the text, each closed by one of `年 月 - . /`
    /// (`1997年11月16日`, `2006-11-15`, `2007.3.2`, `1939年`, `1928年秋`): a year of four
    /// digits, then a month and a day of at most two, each ending the date when it is
    /// not one. `None` when the text does not start with a four-digit year.
    pub fn from_leading_numbers(text: &str) -> Option<PartialDate> {
        let mut numbers: Vec<(u32, usize)> = Vec::new(); // (value, digit count)
        let mut current: Option<(u32, usize)> = None;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                let (value, count) = current.unwrap_or((0, 0));
                current = Some((value.saturating_mul(10).saturating_add(d), count + 1));
            } else {
                if let Some(number) = current.take() {
                    numbers.push(number);
                } else if numbers.is_empty() {
                    return None;
                } else {
                    break;
                }
                if !matches!(c, '年' | '月' | '-' | '.' | '/') {
                    break;
                }
            }
        }
        numbers.extend(current);
        let &(year, count) = numbers.first()?;
        if count != 4 {
            return None;
        }
        let short = |i: usize| numbers.get(i).filter(|n| n.1 <= 2).map(|n| n.0);
        PartialDate::known_part(year, short(1), short(2))
    }

    /// Whether the text has the shape `YYYY-MM-DD`: ten characters, digits with `-` after
    /// the year and the month. The numbers are not checked (`2019-00-00` has the shape:
    /// rating sites' exports write `00` for an unknown month or day).
    pub fn is_iso_shaped(text: &str) -> bool {
        let b = text.as_bytes();
        b.len() == 10
            && b[4] == b'-'
            && b[7] == b'-'
            && b.iter()
                .enumerate()
                .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
    }

    /// A stored date: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, read leniently (any separator, a
    /// part the calendar lacks ends the date), as some formats keep a date as written.
    /// `None` when no four-digit year leads it.
    pub fn read_stored(text: &str) -> Option<PartialDate> {
        let mut parts = text
            .split(|c: char| !c.is_ascii_digit())
            .filter(|p| !p.is_empty());
        let year = parts.next().filter(|y| y.len() == 4)?.parse().ok()?;
        let month: Option<u8> = parts.next().and_then(|m| m.parse().ok());
        let day: Option<u8> = parts.next().and_then(|d| d.parse().ok());
        PartialDate::on_calendar(year, month, day)
            .or_else(|| PartialDate::on_calendar(year, month, None))
            .or_else(|| PartialDate::on_calendar(year, None, None))
    }

    /// The first day it may be, as `YYYY-MM-DD`.
    pub fn first_day(&self) -> String {
        format!(
            "{:04}-{:02}-{:02}",
            self.year,
            self.month.unwrap_or(1),
            self.day.unwrap_or(1)
        )
    }

    /// The first day it may be, counted in days from 1970-01-01 (the day numbers ratings
    /// keep time in).
    pub fn first_day_number(&self) -> i32 {
        day_number(
            i32::from(self.year),
            self.month.unwrap_or(1),
            self.day.unwrap_or(1),
        )
    }

    /// The last day it may be, counted in days from 1970-01-01.
    pub fn last_day_number(&self) -> i32 {
        let month = self.month.unwrap_or(12);
        let day = self.day.unwrap_or_else(|| days_in_month(self.year, month));
        day_number(i32::from(self.year), month, day)
    }

    /// The last day it may be, as `YYYY-MM-DD`.
    pub fn last_day(&self) -> String {
        let month = self.month.unwrap_or(12);
        let day = self.day.unwrap_or_else(|| days_in_month(self.year, month));
        format!("{:04}-{month:02}-{day:02}", self.year)
    }
}

/// Days from 1970-01-01 to a day of the proleptic Gregorian calendar (negative before):
/// the count of days in whole 400-year eras and the days into the era (H. Hinnant's
/// `days_from_civil`).
fn day_number(year: i32, month: u8, day: u8) -> i32 {
    let (month, day) = (i32::from(month), i32::from(day));
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let day_of_year = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

impl FromStr for PartialDate {
    type Err = DateError;

    /// A date given to a filter: `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (`/` or `.` also
    /// separate the parts; month and day of one or two digits), a day the month has.
    fn from_str(s: &str) -> Result<PartialDate, DateError> {
        let malformed = || DateError::Malformed {
            given: s.to_owned(),
        };
        let parts: Vec<&str> = s.trim().split(['-', '/', '.']).collect();
        let digits = |p: &str, n: usize| p.len() == n && all_digits(p);
        if parts.len() > 3 || !digits(parts[0], 4) {
            return Err(malformed());
        }
        let mut numbers = Vec::new();
        for p in &parts[1..] {
            if !(digits(p, 2) || digits(p, 1)) {
                return Err(malformed());
            }
            numbers.push(p.parse::<u8>().map_err(|_| malformed())?);
        }
        let year = parts[0].parse().map_err(|_| malformed())?;
        PartialDate::on_calendar(year, numbers.first().copied(), numbers.get(1).copied())
            .ok_or_else(malformed)
    }
}

impl fmt::Display for PartialDate {
    /// The stored form: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}", self.year)?;
        if let Some(m) = self.month {
            write!(f, "-{m:02}")?;
        }
        if let Some(d) = self.day {
            write!(f, "-{d:02}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
