//! Players' ratings from their results (`kifu ratings`, the stored `ratings` table, the
//! reports): the games of one kind turned into rated pairings, rated by Whole-History Rating
//! or Elo ([`kifu_rating`]), and listed.
//!
//! Which games count: two seats, each named, with a result that counts (a draw is half a
//! win); a forfeit (a curated game scored without play, or a record with a
//! `forfeit-result` note) is left out, as rating lists leave unplayed games out. A date is
//! read as its first day (`1997` is 1997-01-01): the games of one date are one rating
//! period. When no game has a date, all are one period (Bradley–Terry with the prior); when
//! some have one, those without have no place in time: by default they are left out and
//! counted; [`UndatedResults::OwnPeriod`] rates them as one period of their own, the day
//! before the first dated day (before every dated game, so a player's current rating is
//! that of their last dated games; WHR links it to the player's first dated period by the
//! drift over the days between).
//!
//! The scale: a player's rating is 1500 plus the model's rating, whose zero is the virtual
//! opponent of WHR's prior (and Elo's start).

use std::collections::{BTreeMap, HashMap, HashSet};

use kifu_facts::{GameKind, RatingSystem, UndatedResults};
use kifu_rating::{DrawModel, EloParams, Pairing, WhrParams};
use kifu_store::filter::PartialDate;
use kifu_store::generation::{Derived, Freshness, Generation};
use kifu_store::query::ResultRow;
use kifu_store::ratings::{RatingList, RatingRun, StoredRating};
use serde::Serialize;

use crate::adjusted::DrawParameter;
use crate::standings::first_seat_score;

/// The rating of a newcomer (Elo's start, WHR's virtual opponent).
pub const ANCHOR: f64 = 1500.0;

/// How ratings are computed.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RatingTerms {
    pub system: RatingSystem,
    pub whr: WhrParams,
    pub elo: EloParams,
    /// Results without a date among dated ones: left out, or rated as a period of their own.
    pub undated: UndatedResults,
}

impl RatingTerms {
    /// Whether these are the terms of the stored lists (the defaults, by any system): a
    /// list under other terms (another drift, Davidson's draws, …) is computed, never read
    /// from or written to the stored ones.
    pub fn are_default(&self) -> bool {
        let default = RatingTerms::default();
        self.whr == default.whr && self.elo == default.elo && self.undated == default.undated
    }

    /// The terms in words, for headings and the `rating_runs` table.
    pub fn describe(&self) -> String {
        let terms = match self.system {
            RatingSystem::Whr => {
                let terms = format!(
                    "WHR: w² {} Elo² per day, prior {} virtual win(s) and loss(es) against {ANCHOR}",
                    self.whr.w2, self.whr.prior_games
                );
                // Draws as half a win say nothing, as the stored lists always read.
                match self.whr.draws {
                    DrawModel::Half => terms,
                    DrawModel::Davidson => format!(
                        "{terms}; a draw an outcome of its own (Davidson's model, ν fitted)"
                    ),
                }
            }
            RatingSystem::Elo => format!(
                "Elo: K {}, start {}, games in date order",
                self.elo.k, self.elo.initial
            ),
        };
        // The default says nothing, so the stored lists' terms read as they always have.
        match self.undated {
            UndatedResults::LeaveOut => terms,
            UndatedResults::OwnPeriod => format!(
                "{terms}; results without a date rated as one period, the day before the first dated day"
            ),
        }
    }
}

/// The games that were not rated, by reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct NotRated {
    /// More than two players (a ChouChou game of three or four).
    pub not_two_players: u64,
    /// Fewer than two named players: a seat without a name (a seat whose name is not
    /// recorded is not stored, so a game of two unnamed seats has none).
    pub unnamed: u64,
    /// No result that counts.
    pub no_result: u64,
    /// Scored without being played.
    pub forfeits: u64,
    /// Without a date, among games with dates, left out ([`UndatedResults::LeaveOut`]).
    pub undated: u64,
}

/// `n` and the noun, singular for one (`1 game`, `2 games`).
fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl NotRated {
    pub fn total(&self) -> u64 {
        self.not_two_players + self.unnamed + self.no_result + self.forfeits + self.undated
    }

    /// Each reason but the missing date with its count, for notes (`3 games without a
    /// result`); the undated are said apart, with what to do about them.
    pub fn reasons(&self) -> Vec<String> {
        [
            (self.no_result, "without a result"),
            (self.unnamed, "without two named players"),
            (self.not_two_players, "of more than two players"),
            (self.forfeits, "forfeited (not played)"),
        ]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, why)| format!("{} {why}", counted(n, "game", "games")))
        .collect()
    }

    /// The results left out for want of a date, said with the two ways to include them
    /// (`None` when there are none).
    pub fn undated_note(&self) -> Option<String> {
        (self.undated > 0).then(|| {
            format!(
                "{} without a date left out: give their events dates ([[event]] dates = \"…\") \
                 or rate them as a period of their own with --undated {}",
                counted(self.undated, "result", "results"),
                UndatedResults::OwnPeriod.name()
            )
        })
    }
}

/// The rated games of one kind: players by index, pairings in date order (then in the order
/// the store lists them), and each pairing's date as written.
#[derive(Clone, Debug, Default)]
pub struct RatedGames {
    pub names: Vec<String>,
    pub pairings: Vec<Pairing>,
    pub dates: Vec<Option<String>>,
    pub not_rated: NotRated,
    /// Results without a date rated as a period of their own ([`UndatedResults::OwnPeriod`]
    /// among dated games).
    pub own_period: u64,
}

impl RatedGames {
    /// The games of `rows` that can be rated; `forfeits`: the ids of records with a
    /// `forfeit-result` note; `undated`: what becomes of the games without a date when
    /// others have one.
    pub fn of(rows: &[ResultRow], forfeits: &HashSet<i64>, undated: UndatedResults) -> RatedGames {
        let mut out = RatedGames::default();
        let mut index: HashMap<String, u32> = HashMap::new();
        let mut taken: Vec<(&ResultRow, f64, Option<i32>)> = Vec::new();
        for row in rows {
            let not = &mut out.not_rated;
            if row.players.len() > 2 {
                not.not_two_players += 1;
                continue;
            }
            if row.players.len() < 2 || row.players.iter().any(|(_, name)| name.trim().is_empty()) {
                not.unnamed += 1;
                continue;
            }
            if row.forfeit || forfeits.contains(&row.game) {
                not.forfeits += 1;
                continue;
            }
            // One player in both seats is no result for anyone (`same-player-both-seats`).
            let score =
                first_seat_score(row.kind, row.result).filter(|_| !row.names_one_player_twice());
            let Some(score) = score else {
                not.no_result += 1;
                continue;
            };
            let day = row
                .date
                .as_deref()
                .and_then(PartialDate::read_stored)
                .map(|d| d.first_day_number());
            taken.push((row, score, day));
        }
        let first_day = taken.iter().filter_map(|(_, _, day)| *day).min();
        if let Some(first_day) = first_day {
            let before = taken.len();
            match undated {
                UndatedResults::LeaveOut => {
                    taken.retain(|(_, _, day)| day.is_some());
                    out.not_rated.undated = (before - taken.len()) as u64;
                }
                UndatedResults::OwnPeriod => {
                    for (_, _, day) in taken.iter_mut().filter(|(_, _, day)| day.is_none()) {
                        *day = Some(first_day - 1);
                        out.own_period += 1;
                    }
                }
            }
        }
        // Stable: games of one day keep the store's order (event, round, game).
        taken.sort_by_key(|(_, _, day)| day.unwrap_or(0));
        for (row, score, day) in taken {
            let mut seat = |name: &str| -> u32 {
                if let Some(&i) = index.get(name) {
                    return i;
                }
                let i = out.names.len() as u32;
                index.insert(name.to_owned(), i);
                out.names.push(name.to_owned());
                i
            };
            let first = seat(&row.players[0].1);
            let second = seat(&row.players[1].1);
            out.pairings.push(Pairing {
                first,
                second,
                score,
                day: day.unwrap_or(0),
            });
            out.dates.push(row.date.clone());
        }
        out
    }

    /// Keeps the games played by `last_day` (a day number): `--as-of`, which the filter's
    /// date range alone does not ensure (it admits a game by any linked copy's date).
    pub fn until(self, last_day: i32) -> RatedGames {
        let (pairings, dates) = self
            .pairings
            .into_iter()
            .zip(self.dates)
            .filter(|(p, _)| p.day <= last_day)
            .unzip();
        RatedGames {
            pairings,
            dates,
            ..self
        }
    }

    /// The results without a date rated as a period of their own, said (`None` when none
    /// were).
    pub fn own_period_note(&self) -> Option<String> {
        (self.own_period > 0).then(|| {
            format!(
                "{} without a date rated as one period, the day before the first dated day",
                counted(self.own_period, "result", "results")
            )
        })
    }

    /// Whether the games have dates (several periods) rather than one undated period.
    pub fn dated(&self) -> bool {
        self.dates.iter().any(Option::is_some)
    }
}

/// One line of a rating list.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RatingLine {
    pub rank: usize,
    pub player: String,
    pub rating: f64,
    /// WHR's standard deviation of the rating; `None` for Elo.
    pub sd: Option<f64>,
    pub games: u32,
    /// The date of the player's last rated game (`None`: undated games).
    pub last_game: Option<String>,
}

/// A player's rating in one period of the history.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HistoryPoint {
    pub date: Option<String>,
    pub rating: f64,
    pub sd: Option<f64>,
    /// The player's games in the period.
    pub games: u32,
}

/// The ratings of one kind's players.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Ratings {
    #[serde(serialize_with = "kind_name")]
    pub kind: GameKind,
    pub system: RatingSystem,
    /// The terms in words.
    pub terms: String,
    /// Highest first; players with no rated game are not listed.
    pub lines: Vec<RatingLine>,
    /// Each listed player's history, oldest period first.
    #[serde(skip)]
    pub histories: BTreeMap<String, Vec<HistoryPoint>>,
    /// Games rated.
    pub games: usize,
    /// Rating periods (distinct dates; 1 when the games have none).
    pub periods: usize,
    pub not_rated: NotRated,
    /// WHR's iterations, and whether they met the tolerance (Elo: 0, true).
    pub iterations: u32,
    pub converged: bool,
    /// Davidson's draw parameter with its 95% interval, when the terms asked for
    /// Davidson's model and the games have both draws and decisive results (absent from
    /// the JSON otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw_parameter: Option<DrawParameter>,
}

fn kind_name<S: serde::Serializer>(kind: &GameKind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(kind.name())
}

impl Ratings {
    /// The stored form: one row per player and period.
    pub fn stored(&self) -> (RatingRun, Vec<StoredRating>) {
        let rows = self
            .histories
            .iter()
            .flat_map(|(player, points)| {
                points.iter().enumerate().map(|(i, p)| StoredRating {
                    player: player.clone(),
                    period: i as u32,
                    date: p.date.clone(),
                    rating: p.rating,
                    sd: p.sd,
                    games: p.games,
                })
            })
            .collect();
        let run = RatingRun {
            terms: self.terms.clone(),
            games: self.games as u64,
            players: self.lines.len() as u64,
        };
        (run, rows)
    }

    /// The line of `player` (as stored, or by folded name).
    pub fn line(&self, player: &str) -> Option<&RatingLine> {
        let folded = kifu_facts::fold_name(player);
        self.lines.iter().find(|l| l.player == player).or_else(|| {
            self.lines
                .iter()
                .find(|l| kifu_facts::fold_name(&l.player) == folded)
        })
    }
}

/// Rates the players of `games` (one kind's).
pub fn rate(kind: GameKind, games: &RatedGames, terms: &RatingTerms) -> Ratings {
    match terms.system {
        RatingSystem::Whr => {
            let fit = kifu_rating::whole_history(games.names.len(), &games.pairings, &terms.whr);
            ratings_of_whr(kind, games, terms, fit)
        }
        RatingSystem::Elo => rate_elo(kind, games, terms),
    }
}

/// The date each day number stands for, as the games write it (the first written).
fn date_of_day(games: &RatedGames) -> BTreeMap<i32, Option<String>> {
    let mut date_of_day: BTreeMap<i32, Option<String>> = BTreeMap::new();
    for (p, date) in games.pairings.iter().zip(&games.dates) {
        date_of_day.entry(p.day).or_insert_with(|| date.clone());
    }
    date_of_day
}

/// The ratings of a WHR fit of `games`.
fn ratings_of_whr(
    kind: GameKind,
    games: &RatedGames,
    terms: &RatingTerms,
    fit: kifu_rating::WhrFit,
) -> Ratings {
    let date_of_day = date_of_day(games);
    let mut histories: BTreeMap<String, Vec<HistoryPoint>> = BTreeMap::new();
    for (name, days) in games.names.iter().zip(fit.histories) {
        let points = days
            .into_iter()
            .map(|d| HistoryPoint {
                date: date_of_day.get(&d.day).cloned().flatten(),
                rating: to_fit_precision(ANCHOR + d.rating),
                sd: Some(to_fit_precision(d.sd)),
                games: d.games,
            })
            .collect();
        histories.insert(name.clone(), points);
    }
    Ratings {
        draw_parameter: fit.draw_parameter.map(DrawParameter::of),
        ..listed(
            kind,
            games,
            terms,
            histories,
            date_of_day.len(),
            (fit.iterations, fit.converged),
        )
    }
}

/// WHR's ratings to 10⁻⁴ Elo. The fit stops within 10⁻⁶ Elo of its maximum, so the digits
/// after are where it started from (0, or a stored list brought up to date), not the
/// games: rounded off, the same games give the same list, and players the model rates the
/// same (one game each against the same opponent) are listed by name.
fn to_fit_precision(elo: f64) -> f64 {
    (elo * 1e4).round() / 1e4
}

/// The Elo ratings of `games`, in date order.
fn rate_elo(kind: GameKind, games: &RatedGames, terms: &RatingTerms) -> Ratings {
    let date_of_day = date_of_day(games);
    let mut histories: BTreeMap<String, Vec<HistoryPoint>> = BTreeMap::new();
    let lines = kifu_rating::elo(games.names.len(), &games.pairings, &terms.elo);
    for (name, line) in games.names.iter().zip(lines) {
        // One point per date: the rating after the player's last game of it.
        let mut points: Vec<HistoryPoint> = Vec::new();
        let mut last_day = None;
        for (game, rating) in line.history {
            let day = games.pairings[game].day;
            match points.last_mut() {
                Some(last) if last_day == Some(day) => {
                    last.rating = rating;
                    last.games += 1;
                }
                _ => points.push(HistoryPoint {
                    date: date_of_day.get(&day).cloned().flatten(),
                    rating,
                    sd: None,
                    games: 1,
                }),
            }
            last_day = Some(day);
        }
        histories.insert(name.clone(), points);
    }
    listed(kind, games, terms, histories, date_of_day.len(), (0, true))
}

/// The list of `histories`: highest rating first.
fn listed(
    kind: GameKind,
    games: &RatedGames,
    terms: &RatingTerms,
    histories: BTreeMap<String, Vec<HistoryPoint>>,
    periods: usize,
    (iterations, converged): (u32, bool),
) -> Ratings {
    let mut lines: Vec<RatingLine> = histories
        .iter()
        .filter_map(|(player, points)| {
            let last = points.last()?;
            Some(RatingLine {
                rank: 0,
                player: player.clone(),
                rating: last.rating,
                sd: last.sd,
                games: points.iter().map(|p| p.games).sum(),
                last_game: last.date.clone(),
            })
        })
        .collect();
    lines.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then_with(|| a.player.cmp(&b.player))
    });
    for (i, line) in lines.iter_mut().enumerate() {
        line.rank = i + 1;
    }
    Ratings {
        kind,
        system: terms.system,
        terms: terms.describe(),
        lines,
        histories,
        games: games.pairings.len(),
        periods,
        not_rated: games.not_rated,
        iterations,
        converged,
        draw_parameter: None,
    }
}

/// The rated games of `kind` under `filter`.
pub fn rated_games(
    store: &kifu_store::Store,
    kind: GameKind,
    filter: &crate::Filter,
    undated: UndatedResults,
) -> crate::Result<RatedGames> {
    let rows = store.results_of(kind, filter)?;
    let forfeits = store.game_ids(&crate::Filter {
        game: Some(kind),
        codes: vec!["forfeit-result".to_owned()],
        severity: None,
        ..filter.clone()
    })?;
    Ok(RatedGames::of(
        &rows,
        &forfeits.into_iter().collect(),
        undated,
    ))
}

/// The games the stored rating lists are of: every game of a kind, over the first copies
/// (Renju-board games by the Renju rules, as every command's default).
pub fn stored_filter(kind: GameKind) -> crate::Filter {
    crate::Filter {
        game: Some(kind),
        ruleset: kifu_store::RulesetChoice::Renju,
        ..crate::Filter::default()
    }
}

/// Where a fit starts: each player's rating (WHR, Elo, the anchor's 0) by day number, from
/// an earlier list.
#[derive(Clone, Debug, Default)]
pub struct StartingPoint {
    days: HashMap<String, Vec<(i32, f64)>>,
}

impl StartingPoint {
    /// The stored WHR list of `kind`, if any: the fit of nearly the same games, when a few
    /// were added since (the day of a stored period read as [`RatedGames::of`] reads it).
    pub fn stored(store: &kifu_store::Store, kind: GameKind) -> crate::Result<StartingPoint> {
        let mut days: HashMap<String, Vec<(i32, f64)>> = HashMap::new();
        for r in store.stored_ratings(kind, RatingSystem::Whr)? {
            let day = r
                .date
                .as_deref()
                .and_then(PartialDate::read_stored)
                .map_or(0, |d| d.first_day_number());
            days.entry(r.player)
                .or_default()
                .push((day, r.rating - ANCHOR));
        }
        for points in days.values_mut() {
            points.sort_by_key(|&(day, _)| day);
        }
        Ok(StartingPoint { days })
    }

    fn is_empty(&self) -> bool {
        self.days.is_empty()
    }
}

/// [`rate`], with WHR started from `start` instead of from 0: the same fixed point (the
/// posterior has one maximum), reached in fewer passes when `start` is the fit of nearly
/// the same games. Elo does not iterate and ignores it.
pub fn rate_from(
    kind: GameKind,
    games: &RatedGames,
    terms: &RatingTerms,
    start: &StartingPoint,
) -> Ratings {
    if terms.system != RatingSystem::Whr || start.is_empty() {
        return rate(kind, games, terms);
    }
    let by_index: Vec<Option<&Vec<(i32, f64)>>> = games
        .names
        .iter()
        .map(|name| start.days.get(name))
        .collect();
    let fit = kifu_rating::whole_history_from(
        games.names.len(),
        &games.pairings,
        &terms.whr,
        |player, day| {
            let points = by_index[player]?;
            let at = points.partition_point(|&(d, _)| d < day);
            points.get(at).filter(|&&(d, _)| d == day).map(|&(_, r)| r)
        },
    );
    ratings_of_whr(kind, games, terms, fit)
}

/// Brings the stored ratings of `kind` up to date when the games have changed since they
/// were computed (else does nothing): both systems with the default terms, WHR started from
/// the stored list, stored in one transaction marked with the generation of the games
/// read. Returns what it found.
pub fn bring_up_to_date(store: &mut kifu_store::Store, kind: GameKind) -> crate::Result<Freshness> {
    if store.freshness(Derived::Ratings(kind))? == Freshness::Current {
        return Ok(Freshness::Current);
    }
    let (generation, lists) = compute_lists(store, kind)?;
    store.replace_ratings(kind, generation, &lists)?;
    Ok(Freshness::Stale)
}

/// The stored lists of `kind` as the games are now, computed from `store` (and the
/// generation they are of: read before the games, so a write in between leaves them
/// stale, never marked newer than they are).
pub fn compute_lists(
    store: &kifu_store::Store,
    kind: GameKind,
) -> crate::Result<(Generation, Vec<RatingList>)> {
    let generation = store.generation()?;
    let games = rated_games(store, kind, &stored_filter(kind), UndatedResults::default())?;
    let start = StartingPoint::stored(store, kind)?;
    Ok((generation, stored_lists(kind, &games, &start, None)))
}

/// The stored lists of `games` (the games of [`stored_filter`]): every system with the
/// default terms, `computed` (such a list, by one system) taken as it is.
pub fn stored_lists(
    kind: GameKind,
    games: &RatedGames,
    start: &StartingPoint,
    computed: Option<&Ratings>,
) -> Vec<RatingList> {
    RatingSystem::ALL
        .into_iter()
        .map(|system| {
            let (run, rows) = match computed.filter(|r| r.system == system) {
                Some(ratings) => ratings.stored(),
                None => {
                    let terms = RatingTerms {
                        system,
                        ..RatingTerms::default()
                    };
                    rate_from(kind, games, &terms, start).stored()
                }
            };
            RatingList { system, run, rows }
        })
        .collect()
}

/// The stored list of `kind` by `system` as a rating list, when it is current (else
/// `None`): what [`rate`] gives for `games` (the games of [`stored_filter`]) with the
/// default terms, read instead of fitted again. `iterations` is 0: no pass was made.
pub fn read_current(
    store: &kifu_store::Store,
    kind: GameKind,
    system: RatingSystem,
    games: &RatedGames,
) -> crate::Result<Option<Ratings>> {
    if store.freshness(Derived::Ratings(kind))? != Freshness::Current {
        return Ok(None);
    }
    let mut histories: BTreeMap<String, Vec<HistoryPoint>> = BTreeMap::new();
    // By player then period: each player's history in order.
    for r in store.stored_ratings(kind, system)? {
        histories.entry(r.player).or_default().push(HistoryPoint {
            date: r.date,
            rating: r.rating,
            sd: r.sd,
            games: r.games,
        });
    }
    let terms = RatingTerms {
        system,
        ..RatingTerms::default()
    };
    let periods = date_of_day(games).len();
    Ok(Some(listed(
        kind,
        games,
        &terms,
        histories,
        periods,
        (0, true),
    )))
}

/// The ratings of `kind`'s stored list (the default terms over [`stored_filter`]'s
/// games): read when current, else computed from the stored starting point, as `kifu
/// ratings --game KIND` shows them, without being stored (a read-only reader can call it).
pub fn of_stored_list(store: &kifu_store::Store, kind: GameKind) -> crate::Result<Ratings> {
    let terms = RatingTerms::default();
    let games = rated_games(store, kind, &stored_filter(kind), terms.undated)?;
    if let Some(ratings) = read_current(store, kind, terms.system, &games)? {
        return Ok(ratings);
    }
    let start = StartingPoint::stored(store, kind)?;
    Ok(rate_from(kind, &games, &terms, &start))
}

/// The stored lists of `kind` as the games are now, every system's: read when current,
/// else computed without being stored (a database that cannot be written, as in a
/// read-only folder, still shows current ratings; the commands that can write bring the
/// lists up to date first).
pub fn current_lists(store: &kifu_store::Store, kind: GameKind) -> crate::Result<Vec<RatingList>> {
    if store.freshness(Derived::Ratings(kind))? == Freshness::Current {
        return RatingSystem::ALL
            .into_iter()
            .map(|system| {
                Ok(RatingList {
                    system,
                    run: store.rating_run(kind, system)?.unwrap_or(RatingRun {
                        terms: String::new(),
                        games: 0,
                        players: 0,
                    }),
                    rows: store.stored_ratings(kind, system)?,
                })
            })
            .collect();
    }
    Ok(compute_lists(store, kind)?.1)
}

/// Each player's rating history by one system's stored list (the default terms over
/// [`stored_filter`]'s games), to read a player's rating as of a day: what a page of one
/// event shows beside a name, and a player's chart over time.
#[derive(Clone, Debug, Default)]
pub struct RatingHistory {
    /// By player, the rated periods oldest first.
    days: HashMap<String, Vec<RatedDay>>,
}

/// One rated period of a player's history.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedDay {
    /// The period's day number ([`RatingHistory::day_number`]); the one period of undated
    /// games (when no game has a date) is `i32::MIN`.
    pub day: i32,
    /// The period's date as the games write it; `None`: undated.
    pub date: Option<String>,
    /// The rating after the period.
    pub rating: f64,
}

impl RatingHistory {
    /// The history of `kind`'s stored WHR list (read when current, else computed as
    /// [`current_lists`] does, without being stored).
    pub fn whr(store: &kifu_store::Store, kind: GameKind) -> crate::Result<RatingHistory> {
        let lists = current_lists(store, kind)?;
        let rows = lists
            .into_iter()
            .find(|l| l.system == RatingSystem::Whr)
            .map(|l| l.rows)
            .unwrap_or_default();
        Ok(RatingHistory::of_rows(&rows))
    }

    /// The history the stored rows give (by player then period, as the store lists them).
    pub fn of_rows(rows: &[StoredRating]) -> RatingHistory {
        let mut days: HashMap<String, Vec<RatedDay>> = HashMap::new();
        for r in rows {
            days.entry(r.player.clone()).or_default().push(RatedDay {
                day: day_of(r.date.as_deref()),
                date: r.date.clone(),
                rating: r.rating,
            });
        }
        for points in days.values_mut() {
            points.sort_by_key(|p| p.day);
        }
        RatingHistory { days }
    }

    /// The day number a stored date is rated at: its first day, counted from 1970-01-01
    /// as [`RatedGames::of`] reads it; `None` for a date that does not read.
    pub fn day_number(date: &str) -> Option<i32> {
        PartialDate::read_stored(date).map(|d| d.first_day_number())
    }

    /// `player`'s rating after the last rated period on or before `date` (a stored date,
    /// as the games write it; `None`: the one period of undated games), `None` when the
    /// player had no rated game by then: never the anchor for a player not yet rated.
    pub fn as_of(&self, player: &str, date: Option<&str>) -> Option<f64> {
        let day = day_of(date);
        let points = self.days.get(player)?;
        let before = points.partition_point(|p| p.day <= day);
        before.checked_sub(1).map(|i| points[i].rating)
    }

    /// `player`'s history, oldest first.
    pub fn points(&self, player: &str) -> &[RatedDay] {
        self.days.get(player).map_or(&[], Vec::as_slice)
    }
}

/// The day number a stored date is rated at ([`RatingHistory::day_number`]); the undated
/// period (and a date that does not read) comes before every dated day.
fn day_of(date: Option<&str>) -> i32 {
    date.and_then(RatingHistory::day_number).unwrap_or(i32::MIN)
}

#[cfg(test)]
mod tests {
    use super::*;
    use kifu_facts::ResultName;

    fn game(id: i64, players: &[&str], date: Option<&str>) -> ResultRow {
        ResultRow {
            game: id,
            kind: GameKind::Renju,
            event: None,
            round: None,
            players: ["black", "white"]
                .iter()
                .zip(players)
                .map(|(side, name)| ((*side).to_owned(), (*name).to_owned()))
                .collect(),
            teams: Vec::new(),
            result: Some(ResultName::Black),
            date: date.map(str::to_owned),
            extra: kifu_facts::Extra::parse(GameKind::Renju, None).unwrap(),
            forfeit: false,
        }
    }

    #[test]
    fn one_player_in_both_seats_is_not_rated() {
        let rows = vec![
            game(1, &["a", "b"], Some("2001-05-02")),
            // `Ａ` folds to `a`: one player twice (`same-player-both-seats`).
            game(2, &["a", "Ａ"], Some("2001-05-03")),
        ];
        let rated = RatedGames::of(&rows, &HashSet::new(), UndatedResults::LeaveOut);
        assert_eq!(rated.pairings.len(), 1);
        assert_eq!(rated.not_rated.no_result, 1);
        assert_eq!(rated.names, ["a", "b"]);
    }

    #[test]
    fn unnamed_seats_and_undated_results_are_counted_as_what_they_are() {
        let rows = vec![
            game(1, &["a", "b"], Some("2001-05-02")),
            game(2, &["b", "c"], Some("2001-05-03")),
            game(3, &["a", "d"], None),
            // Two seats whose names were not recorded: no seat is stored.
            game(4, &[], Some("2001-05-02")),
        ];
        let left_out = RatedGames::of(&rows, &HashSet::new(), UndatedResults::LeaveOut);
        assert_eq!(left_out.pairings.len(), 2);
        assert_eq!(left_out.not_rated.unnamed, 1);
        assert_eq!(left_out.not_rated.not_two_players, 0);
        assert_eq!(left_out.not_rated.undated, 1);
        assert_eq!(
            left_out.not_rated.reasons(),
            ["1 game without two named players"]
        );
        assert!(left_out
            .not_rated
            .undated_note()
            .unwrap()
            .starts_with("1 result without a date left out: "));

        let own = RatedGames::of(&rows, &HashSet::new(), UndatedResults::OwnPeriod);
        assert_eq!(own.not_rated.undated, 0);
        assert_eq!(own.own_period, 1);
        assert_eq!(
            own.own_period_note().unwrap(),
            "1 result without a date rated as one period, the day before the first dated day"
        );
        // The undated period comes first, the day before the first dated day.
        let first = PartialDate::read_stored("2001-05-02")
            .unwrap()
            .first_day_number();
        assert_eq!(own.pairings[0].day, first - 1);
        assert_eq!(own.dates[0], None);
        assert_eq!(own.names, ["a", "d", "b", "c"]);
    }

    #[test]
    fn a_rating_as_of_a_day_is_the_last_period_by_then_and_none_before_the_first() {
        let row = |period, date: &str, rating| StoredRating {
            player: "a".into(),
            period,
            date: Some(date.into()),
            rating,
            sd: Some(50.0),
            games: 2,
        };
        let history = RatingHistory::of_rows(&[
            row(0, "2015-08-22", 1520.0),
            row(1, "2015-08-26", 1540.0),
            row(2, "2016-03", 1600.0),
        ]);
        assert_eq!(history.as_of("a", Some("2015-08-21")), None);
        assert_eq!(history.as_of("a", Some("2015-08-22")), Some(1520.0));
        assert_eq!(history.as_of("a", Some("2015-08-25")), Some(1520.0));
        assert_eq!(history.as_of("a", Some("2015-08-26")), Some(1540.0));
        assert_eq!(history.as_of("a", Some("2016-03-01")), Some(1600.0));
        // An undated event reads only the undated period, which this history has not.
        assert_eq!(history.as_of("a", None), None);
        assert_eq!(history.as_of("b", Some("2020")), None);
        assert_eq!(history.points("a").len(), 3);
    }
}
