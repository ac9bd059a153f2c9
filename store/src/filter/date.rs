//! Dates as records give them: often partial (a year, a year and month). The parsers
//! store `YYYY`, `YYYY-MM` or `YYYY-MM-DD`; a filter's date is one of those too.
//!
//! A partial date stands for every day it may be, so a game matches a date range only
//! when all of those days lie in it: a game dated `1985` is within `--date 1985` and
//! `--from 1984`, but not within `--date 1985-06` (it is not known to be in June).

use std::fmt;
use std::str::FromStr;

use kifu_facts::DateError;
pub use kifu_facts::PartialDate;

use super::FilterError;

impl From<DateError> for FilterError {
    fn from(e: DateError) -> FilterError {
        match e {
            DateError::Malformed { given } => FilterError::Malformed {
                what: "date",
                given,
                expected: PartialDate::FORMS,
            },
        }
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
                Ok(Some(p.parse::<PartialDate>()?))
            }
        };
        let range = match s.split_once("..") {
            Some((from, to)) => DateRange {
                from: end(from)?,
                to: end(to)?,
            },
            None => {
                let day: PartialDate = s.parse()?;
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
    fn ranges_parse_and_bad_dates_say_what_is_expected() {
        for bad in [
            "85",
            "1985-13",
            "1985-02-30",
            "June 1985",
            "1985-06-03-01",
            "",
        ] {
            let expected = format!(
                "malformed date `{bad}`: expected YYYY, YYYY-MM or YYYY-MM-DD \
                 (such as 1985, 1985-06, 1985-06-03)"
            );
            // A date alone (`--from`) and one in a range (`--date`) say the same.
            let alone = bad.parse::<PartialDate>().unwrap_err();
            assert_eq!(alone.to_string(), expected);
            assert_eq!(FilterError::from(alone).to_string(), expected);
            if !bad.is_empty() {
                let in_range = format!("{bad}..1990").parse::<DateRange>().unwrap_err();
                assert_eq!(in_range.to_string(), expected);
            }
        }
        let r: DateRange = "1985..1990-06".parse().unwrap();
        assert_eq!(r.to_string(), "1985..1990-06");
        assert_eq!("..1990".parse::<DateRange>().unwrap().from, None);
        assert_eq!("1985".parse::<DateRange>().unwrap().to_string(), "1985");
        let e = "1990..1985".parse::<DateRange>().unwrap_err();
        assert!(e.to_string().contains("ends before it starts"), "{e}");
    }
}
