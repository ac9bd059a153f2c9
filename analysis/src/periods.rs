//! The period (year, decade) of a game in the tables by year and decade, and the games
//! those tables leave out: no year in the date, or a date the game cannot have
//! ([`kifu_facts::implausible_date`]: before its game's recorded history, after today).

use kifu_facts::{GameKind, PartialDate};

use crate::frame::year_of;
use crate::renju::Balance;
use crate::{Dataset, Result};

/// The periods of games' dates, judged against one day.
pub(crate) struct Periods {
    today: i32,
}

impl Periods {
    /// Periods judged against today.
    pub(crate) fn new() -> Periods {
        Periods {
            today: kifu_facts::today(),
        }
    }

    /// The year of a game of `kind` dated `date` (the first four-digit year written), if
    /// its date has one and could be when the game was played.
    pub(crate) fn year(&self, kind: GameKind, date: Option<&str>) -> Option<String> {
        let date = date?;
        let year = year_of(date)?;
        (!self.implausible(kind, date)).then_some(year)
    }

    /// The period key `by` (`year`, or `decade` as `1990s`) of a game of `kind` dated
    /// `date`: `None` where [`Periods::year`] has none.
    pub(crate) fn of(&self, kind: GameKind, by: &str, date: Option<&str>) -> Option<String> {
        let year = self.year(kind, date)?;
        Some(match by {
            "decade" => format!("{}0s", &year[..3]),
            _ => year,
        })
    }

    /// Whether `date` (as stored) cannot be when a game of `kind` was played.
    fn implausible(&self, kind: GameKind, date: &str) -> bool {
        PartialDate::read_stored(date)
            .is_some_and(|d| kifu_facts::implausible_date(kind, &d, self.today).is_some())
    }
}

/// The games of one kind under the filter that the tables by year and decade leave out.
/// For Renju, of the games the balance tables count (the by-year and by-decade tables are
/// balance tables).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PeriodsLeftOut {
    /// No year in the date (or no date).
    pub undated: u64,
    /// A date the game cannot have (an `implausible-date` finding at ingest): before its
    /// game's recorded history ([`kifu_facts::first_recorded_year`]) or after today.
    pub implausible: u64,
}

/// What the tables of `kind` by year and decade leave out under the dataset's filter.
pub fn periods_left_out(data: &Dataset, kind: GameKind) -> Result<PeriodsLeftOut> {
    let periods = Periods::new();
    let balance = match kind {
        GameKind::Renju => Some(Balance::of(data)?),
        _ => None,
    };
    let mut out = PeriodsLeftOut::default();
    for g in data.games(kind)? {
        if balance.as_ref().is_some_and(|b| !b.counts(g)) {
            continue;
        }
        match g.facts.date.as_deref() {
            Some(date) if year_of(date).is_some() => {
                out.implausible += periods.implausible(kind, date) as u64;
            }
            _ => out.undated += 1,
        }
    }
    Ok(out)
}
