//! The games the tables by year and decade leave out: no year in the date, or a date the
//! game cannot have ([`kifu_facts::implausible_date`]: before its game's recorded
//! history, after today; [`Periods`] gives the others their period).

use kifu_facts::GameKind;

use crate::frame::{year_of, Periods};
use crate::renju::Balance;
use crate::{Dataset, Result};

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
