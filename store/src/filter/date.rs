//! Dates as records give them: often partial (a year, a year and month). The parsers
//! store `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; a filter's date is one of those too.
//!
//! A partial date stands for every day it may be, so a game matches a date range only
//! when all of those days lie in it: a game dated `1985` is within `--date 1985` and
//! `--from 1984`, but not within `--date 1985-06` (it is not known to be in June).

use std::fmt;
use std::str::FromStr;

use super::FilterError;

/// A calendar date known to the year, the month or the day.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartialDate {
    pub year: u16,
    pub month: Option<u8>,
    pub day: Option<u8>,
}

/// What a filter's date may look like, for errors.
const DATE_FORMS: &str = "YYYY, YYYY-MM or YYYY-MM-DD (such as 1985, 1985-06, 1985-06-03)";

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

impl PartialDate {
    /// A date from its parts, checked against the calendar.
    fn new(year: u16, month: Option<u8>, day: Option<u8>) -> Option<PartialDate> {
        if let Some(m) = month {
            if !(1..=12).contains(&m) {
                return None;
            }
            if let Some(d) = day {
                if d == 0 || d > days_in_month(year, m) {
                    return None;
                }
            }
        }
        Some(PartialDate { year, month, day })
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
        PartialDate::new(year, month, day)
            .or_else(|| PartialDate::new(year, month, None))
            .or_else(|| PartialDate::new(year, None, None))
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
    type Err = FilterError;

    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` (`/` or `.` also separate the parts).
    fn from_str(s: &str) -> Result<PartialDate, FilterError> {
        let malformed = || FilterError::Malformed {
            what: "date",
            given: s.to_owned(),
            expected: DATE_FORMS,
        };
        let parts: Vec<&str> = s.trim().split(['-', '/', '.']).collect();
        let digits = |p: &str, n: usize| p.len() == n && p.bytes().all(|b| b.is_ascii_digit());
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
        PartialDate::new(year, numbers.first().copied(), numbers.get(1).copied())
            .ok_or_else(malformed)
    }
}

impl fmt::Display for PartialDate {
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

/// Games played within `from`–`to`, both ends included, either open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DateRange {
    pub from: Option<PartialDate>,
    pub to: Option<PartialDate>,
}

impl DateRange {
    pub fn is_open(&self) -> bool {
        self.from.is_none() && self.to.is_none()
    }

    /// The same range with the ends given by `--from`/`--to` put in (they narrow what a
    /// `--date` said).
    pub fn with_ends(self, from: Option<PartialDate>, to: Option<PartialDate>) -> DateRange {
        DateRange {
            from: from.or(self.from),
            to: to.or(self.to),
        }
    }

    /// An error when the range ends before it starts.
    pub fn check(&self) -> Result<(), FilterError> {
        if let (Some(from), Some(to)) = (self.from, self.to) {
            if from.first_day() > to.last_day() {
                return Err(FilterError::Reversed {
                    what: "date range",
                    given: self.to_string(),
                });
            }
        }
        Ok(())
    }
}

impl FromStr for DateRange {
    type Err = FilterError;

    /// `DATE` (that day, month or year), `FROM..TO`, `FROM..` or `..TO`.
    fn from_str(s: &str) -> Result<DateRange, FilterError> {
        let end = |p: &str| -> Result<Option<PartialDate>, FilterError> {
            let p = p.trim();
            if p.is_empty() {
                Ok(None)
            } else {
                p.parse().map(Some)
            }
        };
        let range = match s.split_once("..") {
            Some((from, to)) => DateRange {
                from: end(from)?,
                to: end(to)?,
            },
            None => {
                let day = s.parse::<PartialDate>()?;
                DateRange {
                    from: Some(day),
                    to: Some(day),
                }
            }
        };
        range.check()?;
        Ok(range)
    }
}

impl fmt::Display for DateRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from, self.to) {
            (Some(a), Some(b)) if a == b => write!(f, "{a}"),
            (a, b) => {
                if let Some(a) = a {
                    write!(f, "{a}")?;
                }
                f.write_str("..")?;
                if let Some(b) = b {
                    write!(f, "{b}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partial_dates_parse_and_bad_ones_say_what_is_expected() {
        let d: PartialDate = "1985-06".parse().unwrap();
        assert_eq!(
            (d.first_day(), d.last_day()),
            ("1985-06-01".into(), "1985-06-30".into())
        );
        let y: PartialDate = "1984".parse().unwrap();
        assert_eq!(y.last_day(), "1984-12-31");
        assert_eq!(
            "2000-02".parse::<PartialDate>().unwrap().last_day(),
            "2000-02-29"
        );
        assert_eq!(
            "1985/6/3".parse::<PartialDate>().unwrap().to_string(),
            "1985-06-03"
        );
        for bad in [
            "85",
            "1985-13",
            "1985-02-30",
            "June 1985",
            "1985-06-03-01",
            "",
        ] {
            let e = bad.parse::<PartialDate>().unwrap_err();
            assert!(e.to_string().contains(&format!("`{bad}`")), "{e}");
            assert!(e.to_string().contains("YYYY-MM-DD"), "{e}");
        }
        let r: DateRange = "1985..1990-06".parse().unwrap();
        assert_eq!(r.to_string(), "1985..1990-06");
        assert_eq!("..1990".parse::<DateRange>().unwrap().from, None);
        assert_eq!("1985".parse::<DateRange>().unwrap().to_string(), "1985");
        let e = "1990..1985".parse::<DateRange>().unwrap_err();
        assert!(e.to_string().contains("ends before it starts"), "{e}");
    }

    #[test]
    fn stored_dates_are_read_leniently() {
        let read = |s: &str| PartialDate::read_stored(s).map(|d| d.to_string());
        assert_eq!(read("1963-08-15").as_deref(), Some("1963-08-15"));
        assert_eq!(read("1999").as_deref(), Some("1999"));
        assert_eq!(read("1999.13.01").as_deref(), Some("1999"));
        assert_eq!(read("2001-02-30").as_deref(), Some("2001-02"));
        assert_eq!(read("unknown"), None);
        assert_eq!(read("85-06-01"), None);
    }

    #[test]
    fn day_numbers_count_from_1970_in_the_gregorian_calendar() {
        let n = |s: &str| s.parse::<PartialDate>().unwrap().first_day_number();
        assert_eq!(n("1970-01-01"), 0);
        assert_eq!(n("1970-01-02"), 1);
        assert_eq!(n("1969-12-31"), -1);
        assert_eq!(n("2000-03-01"), 11_017);
        assert_eq!(n("2000-02-29"), 11_016);
        assert_eq!(n("1997"), 9_862);
        assert_eq!(n("2026-11"), 20_758);
        assert_eq!(n("1600-01-01"), -135_140);
        let last = |s: &str| s.parse::<PartialDate>().unwrap().last_day_number();
        assert_eq!(last("1969"), -1);
        assert_eq!(last("2000-02"), 11_016);
    }
}
