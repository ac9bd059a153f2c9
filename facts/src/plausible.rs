//! The dates a game can have: none before its game's recorded history, none after today.
//! The ingest says of a record dated otherwise (`implausible-date`), and the tables by
//! year and decade leave such games out; both ask [`implausible_date`].

use std::time::{SystemTime, UNIX_EPOCH};

use crate::{GameKind, PartialDate};

/// The first year a game of `kind` can be dated: a record dated before is a slip (a year
/// of another calendar, a typing error), not a game of that year.
///
/// - Renju: 1899, the year the game was named Renju and Black's first restrictions were
///   set (Kuroiwa Ruikō's rules); the free-style games on its board kifu reads (Gomocup,
///   RenjuNet's gomoku) are all later.
/// - Xiangqi: 1400. The oldest surviving collections of Xiangqi games are the Ming
///   dynasty's manuals (《夢入神機》 of the Yongle era, 1403–1424, then 《適情雅趣》 1570 and
///   《橘中秘》 1632); no game record survives from before them (CCPD dates one game 1193).
/// - Chess Territorial and ChouChou: 2000. Both are designs of this century (ChouChou's
///   official rules: the 2022-11-25 edition; Chess Territorial: Kanare Abstract's), so
///   2000 is a bound safely before either.
pub fn first_recorded_year(kind: GameKind) -> u16 {
    match kind {
        GameKind::Renju => 1899,
        GameKind::Xiangqi => 1400,
        GameKind::Territorial | GameKind::ChouChou => 2000,
    }
}

/// Why a game's date cannot be when it was played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImplausibleDate {
    /// Before [`first_recorded_year`] of its game.
    BeforeHistory { first_year: u16 },
    /// After `today` (its first possible day is later).
    Future,
}

/// Whether `date`, of a game of `kind`, cannot be right: before the game's recorded
/// history, or wholly after `today` (days from 1970-01-01, as [`today`] gives it).
pub fn implausible_date(kind: GameKind, date: &PartialDate, today: i32) -> Option<ImplausibleDate> {
    let first_year = first_recorded_year(kind);
    if date.year() < first_year {
        Some(ImplausibleDate::BeforeHistory { first_year })
    } else if date.first_day_number() > today {
        Some(ImplausibleDate::Future)
    } else {
        None
    }
}

/// Today (UTC), counted in days from 1970-01-01.
pub fn today() -> i32 {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    (secs / 86_400) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_before_the_games_history_or_after_today_is_implausible() {
        let date = |text: &str| PartialDate::read_stored(text).unwrap();
        let today = date("2026-12-06").first_day_number();
        let xiangqi = |text: &str| implausible_date(GameKind::Xiangqi, &date(text), today);
        assert_eq!(
            xiangqi("1193"),
            Some(ImplausibleDate::BeforeHistory { first_year: 1400 })
        );
        assert_eq!(xiangqi("1882-05"), None);
        assert_eq!(xiangqi("2026-12-06"), None);
        // A year or month is implausible only when all of it is after today.
        assert_eq!(xiangqi("2026"), None);
        assert_eq!(xiangqi("2026-12-07"), Some(ImplausibleDate::Future));
        assert_eq!(xiangqi("2027"), Some(ImplausibleDate::Future));
        assert_eq!(
            implausible_date(GameKind::Renju, &date("1898-12-31"), today),
            Some(ImplausibleDate::BeforeHistory { first_year: 1899 })
        );
    }
}
