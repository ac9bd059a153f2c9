//! The first mover's advantage adjusted for the players' strength (`kifu stats --adjusted`,
//! `--compare`): a Bradley–Terry model of every game with a strength per player and an
//! advantage per group (an opening, a rule, a year, a decade; Xiangqi's ECCO family),
//! fitted together ([`kifu_rating::fit_advantage`]). A raw score mixes the opening's
//! balance with who chose it; the advantage is what is left once the players' strengths
//! explain what they can.
//!
//! The games are those of the raw tables (Renju: the balance's games, [`crate::renju`];
//! Xiangqi: every game), with a result, whose two seats name players. Games without named
//! players (most Renju collections give none) cannot tell strength from balance: they are
//! counted and left out.
//!
//! Honest about many groups: each fitted group has the p-value of "no advantage" (a Wald
//! test) and Holm's adjustment of it over the groups tested; groups with fewer than
//! [`AdjustedOptions::min_games`] games, and the games without an opening, are listed with
//! a flag and left out of the fit (their games inform no strength either). What a reader
//! should know beside the rows is [`Adjusted::notes`] (`adjusted_notes.rs`).

use std::collections::{BTreeMap, HashMap};

use kifu_facts::GameKind;
use kifu_rating::{chi_square_1_survival, Comparison, DrawModel, GroupedPairing};
use kifu_store::GroupingFact;
use polars::prelude::*;
use serde::Serialize;

use crate::frame::{opening_key, or_none, period_of, NONE};
use crate::renju::Balance;
use crate::standings::{first_seat_score, round_order};
use crate::usage::Usage;
use crate::{Dataset, Error, Game, Result, Z95};

/// The groupings `--adjusted` takes, per game.
pub fn adjusted_keys(kind: GameKind) -> &'static [&'static str] {
    match kind {
        GameKind::Renju => &["opening", "rule", "year", "decade"],
        GameKind::Xiangqi => &["family", "opening", "rule", "year", "decade"],
        _ => &[],
    }
}

/// The prior on each player's strength: WHR's default virtual wins and losses against an
/// average player, so a player who won every game has a finite strength.
fn prior_games() -> f64 {
    kifu_rating::WhrParams::default().prior_games
}

/// Groups with fewer games than this (with a result and both players named) are listed,
/// flagged `too-few-games`, and left out of the fit, unless `--min-games` says otherwise.
pub const DEFAULT_MIN_GAMES: u32 = 30;

/// A fitted group whose 95% interval is wider than this, in rating points, is flagged
/// `wide-interval`: ±200 points spans from a clear disadvantage to a clear advantage.
pub const WIDE_INTERVAL: f64 = 400.0;

/// How the adjusted advantage is fitted, and which groups it leaves out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdjustedOptions {
    /// How a draw counts: half a win, or an outcome of its own (Davidson).
    pub draws: DrawModel,
    /// Groups with fewer games are listed, flagged and left out of the fit.
    pub min_games: u32,
    /// Fit the games without an opening (by opening or ECCO family) as a group of their
    /// own, `(none)`, instead of listing them apart.
    pub with_no_opening: bool,
}

/// `kifu stats --adjusted`'s defaults, and the report's fit: the two show one model.
impl Default for AdjustedOptions {
    fn default() -> AdjustedOptions {
        AdjustedOptions {
            draws: DrawModel::Half,
            min_games: DEFAULT_MIN_GAMES,
            with_no_opening: false,
        }
    }
}

/// Why a group's row says to read it with care.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GroupFlag {
    /// Fewer games than `--min-games`: left out of the fit.
    TooFewGames,
    /// The games without an opening: left out of the fit unless `--with-no-opening`.
    NoOpening,
    /// The first movers won (or lost) every game: the estimate is at the model's bound,
    /// and the group is not tested.
    AtBound,
    /// Fitted and tested, but its interval is wider than [`WIDE_INTERVAL`].
    WideInterval,
}

impl GroupFlag {
    pub fn name(self) -> &'static str {
        match self {
            GroupFlag::TooFewGames => "too-few-games",
            GroupFlag::NoOpening => "no-opening",
            GroupFlag::AtBound => "at-bound",
            GroupFlag::WideInterval => "wide-interval",
        }
    }
}

/// One group's adjusted advantage.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AdjustedGroup {
    pub group: String,
    /// Games fitted (with a result and both players named).
    pub games: u32,
    /// The first mover's raw score over those games.
    pub score: f64,
    /// The first mover's expected score from the players' strengths alone.
    pub expected: f64,
    /// The advantage in rating points, with its 95% interval.
    pub advantage: f64,
    pub low: f64,
    pub high: f64,
    /// The first movers won (or lost) every game: the estimate is at the model's bound.
    pub at_bound: bool,
    /// The p-value of "no advantage" (Wald: the advantage over its sd, two-sided), and
    /// Holm's adjustment of it over the groups tested; none for a group at the bound.
    pub p_value: Option<f64>,
    pub p_holm: Option<f64>,
    pub flag: Option<GroupFlag>,
}

/// A group listed but left out of the fit, with its games and the first mover's raw score
/// in them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LeftOutGroup {
    pub group: String,
    pub games: u32,
    pub score: f64,
    pub flag: GroupFlag,
}

/// Davidson's draw parameter ν with its 95% interval: between equals a draw has
/// probability ν / (2 + ν).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DrawParameter {
    pub nu: f64,
    pub low: f64,
    pub high: f64,
}

impl DrawParameter {
    /// A fitted ν with its 95% interval, `ν · e^(±1.96 sd)` from the sd of `ln ν`.
    pub fn of(fitted: kifu_rating::DrawParameter) -> DrawParameter {
        DrawParameter {
            nu: fitted.nu,
            low: fitted.nu * (-Z95 * fitted.log_sd).exp(),
            high: fitted.nu * (Z95 * fitted.log_sd).exp(),
        }
    }
}

/// The adjusted advantage of every group of one kind's games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Adjusted {
    #[serde(skip)]
    pub kind: GameKind,
    pub by: String,
    /// The draw model's name ([`DrawModel::name`]).
    pub draws: &'static str,
    #[serde(skip)]
    pub draw_model: DrawModel,
    /// The fitted groups.
    pub groups: Vec<AdjustedGroup>,
    /// The groups listed but left out of the fit.
    pub left_out_groups: Vec<LeftOutGroup>,
    /// How many groups have a p-value (Holm's adjustment is over these).
    pub tested: usize,
    pub min_games: u32,
    /// Davidson's ν, when the model has one and the games could fit it.
    pub draw_parameter: Option<DrawParameter>,
    /// Players in the fit.
    pub players: usize,
    /// Games in the raw tables' scope left out: a seat names no player.
    pub without_players: u64,
    /// Games left out for want of a result, or of the grouping's value.
    pub without_result: u64,
    pub without_group: u64,
}

impl Adjusted {
    /// The table, fitted and left-out groups in the grouping's order: `<by>`, `games`,
    /// `score`, `expected`, `advantage`, `advantage_low`, `advantage_high` (rating points),
    /// `at_bound`, `p_value`, `p_holm`, `flag`; a left-out group has no values from the
    /// fit (null).
    pub fn frame(&self) -> Result<DataFrame> {
        struct Row<'a> {
            group: &'a str,
            games: u32,
            score: f64,
            fitted: Option<&'a AdjustedGroup>,
            flag: Option<GroupFlag>,
        }
        let mut rows: Vec<Row> = self
            .groups
            .iter()
            .map(|g| Row {
                group: &g.group,
                games: g.games,
                score: g.score,
                fitted: Some(g),
                flag: g.flag,
            })
            .chain(self.left_out_groups.iter().map(|g| Row {
                group: &g.group,
                games: g.games,
                score: g.score,
                fitted: None,
                flag: Some(g.flag),
            }))
            .collect();
        rows.sort_by(|a, b| group_order(&self.by, a.group, b.group));
        let fitted = |f: fn(&AdjustedGroup) -> f64| -> Vec<Option<f64>> {
            rows.iter().map(|r| r.fitted.map(f)).collect()
        };
        Ok(df!(
            self.by.as_str() => rows.iter().map(|r| r.group).collect::<Vec<_>>(),
            "games" => rows.iter().map(|r| r.games).collect::<Vec<_>>(),
            "score" => rows.iter().map(|r| r.score).collect::<Vec<_>>(),
            "expected" => fitted(|g| g.expected),
            "advantage" => fitted(|g| g.advantage),
            "advantage_low" => fitted(|g| g.low),
            "advantage_high" => fitted(|g| g.high),
            "at_bound" => rows.iter().map(|r| r.fitted.map(|g| g.at_bound)).collect::<Vec<_>>(),
            "p_value" => rows.iter().map(|r| r.fitted.and_then(|g| g.p_value)).collect::<Vec<_>>(),
            "p_holm" => rows.iter().map(|r| r.fitted.and_then(|g| g.p_holm)).collect::<Vec<_>>(),
            "flag" => rows.iter().map(|r| r.flag.map(GroupFlag::name)).collect::<Vec<_>>(),
        )?)
    }
}

/// Two groups' advantages compared.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GroupComparison {
    pub a: String,
    pub b: String,
    /// A's advantage less B's, in rating points, with its 95% interval.
    pub difference: f64,
    pub low: f64,
    pub high: f64,
    /// The likelihood-ratio statistic of "A's advantage equals B's" and its p-value.
    pub statistic: f64,
    pub p_value: f64,
    pub test: &'static str,
}

impl GroupComparison {
    /// One row: `a`, `b`, `difference`, `difference_low`, `difference_high` (rating
    /// points), `statistic`, `p_value`.
    pub fn frame(&self) -> Result<DataFrame> {
        Ok(df!(
            "a" => [self.a.as_str()],
            "b" => [self.b.as_str()],
            "difference" => [self.difference],
            "difference_low" => [self.low],
            "difference_high" => [self.high],
            "statistic" => [self.statistic],
            "p_value" => [self.p_value],
        )?)
    }
}

/// The games of the fit: pairings, group names, the groups left out, and what else was
/// left out.
struct Fit {
    pairings: Vec<GroupedPairing>,
    groups: Vec<String>,
    left_out_groups: Vec<LeftOutGroup>,
    players: usize,
    without_players: u64,
    without_result: u64,
    without_group: u64,
}

/// Whether `by` groups by opening, where the games without one are a group apart.
fn by_opening(by: &str) -> bool {
    by == "opening" || by == "family"
}

fn group_of(kind: GameKind, by: &str, g: &Game) -> Option<String> {
    let f = &g.facts;
    match by {
        "year" | "decade" => period_of(by, f.date.as_deref()),
        "rule" => Some(or_none(&f.rule)),
        "family" => Some(crate::xiangqi::xq_family(g)),
        "opening" if kind == GameKind::Xiangqi => Some(crate::xiangqi::xq_opening(g)),
        _ => Some(or_none(&f.opening)),
    }
}

/// `by` checked against the groupings `kind` takes.
fn check_grouping(kind: GameKind, by: &str) -> Result<()> {
    let keys = adjusted_keys(kind);
    if keys.contains(&by) {
        return Ok(());
    }
    Err(Error::Usage(if keys.is_empty() {
        Usage::NoAdvantage { kind }
    } else {
        Usage::AdjustedGrouping {
            by: by.to_owned(),
            kind,
            valid: keys,
        }
    }))
}

fn fit_games(data: &Dataset, kind: GameKind, by: &str, options: &AdjustedOptions) -> Result<Fit> {
    check_grouping(kind, by)?;
    let players_of: HashMap<i64, (String, String)> = data
        .store()
        .results_of(kind, data.filter())?
        .into_iter()
        .filter(|r| r.players.len() == 2 && r.players.iter().all(|(_, n)| !n.trim().is_empty()))
        .map(|r| {
            let mut seats = r.players.into_iter().map(|(_, n)| n);
            let first = seats.next().unwrap_or_default();
            (r.game, (first, seats.next().unwrap_or_default()))
        })
        .collect();
    let balance = if kind == GameKind::Renju {
        Some(Balance::of(data)?)
    } else {
        None
    };
    let mut fit = Fit {
        pairings: Vec::new(),
        groups: Vec::new(),
        left_out_groups: Vec::new(),
        players: 0,
        without_players: 0,
        without_result: 0,
        without_group: 0,
    };
    let mut taken = Vec::new();
    // Per group: games and the first movers' points, to decide which are fitted.
    let mut tally: BTreeMap<String, (u32, f64)> = BTreeMap::new();
    for g in data.games(kind)? {
        if balance.as_ref().is_some_and(|b| !b.counts(g)) {
            continue;
        }
        let Some(group) = group_of(kind, by, g) else {
            fit.without_group += 1;
            continue;
        };
        let Some((first, second)) = players_of.get(&g.id()) else {
            fit.without_players += 1;
            continue;
        };
        let Some(score) = first_seat_score(kind, g.result) else {
            fit.without_result += 1;
            continue;
        };
        let entry = tally.entry(group.clone()).or_default();
        entry.0 += 1;
        entry.1 += score;
        taken.push((first.as_str(), second.as_str(), score, group));
    }
    let mut group_index: BTreeMap<String, u32> = BTreeMap::new();
    for (group, (games, points)) in tally {
        let flag = if by_opening(by) && group == NONE && !options.with_no_opening {
            Some(GroupFlag::NoOpening)
        } else if games < options.min_games {
            Some(GroupFlag::TooFewGames)
        } else {
            None
        };
        match flag {
            Some(flag) => fit.left_out_groups.push(LeftOutGroup {
                group,
                games,
                score: points / f64::from(games.max(1)),
                flag,
            }),
            None => {
                let next = group_index.len() as u32;
                group_index.insert(group, next);
            }
        }
    }
    let mut player_index: HashMap<&str, u32> = HashMap::new();
    for (first, second, score, group) in taken {
        let Some(&group) = group_index.get(&group) else {
            continue;
        };
        let mut seat = |name| {
            let next = player_index.len() as u32;
            *player_index.entry(name).or_insert(next)
        };
        let (first, second) = (seat(first), seat(second));
        fit.pairings.push(GroupedPairing {
            first,
            second,
            score,
            group,
        });
    }
    fit.players = player_index.len();
    fit.groups = vec![String::new(); group_index.len()];
    for (name, i) in group_index {
        fit.groups[i as usize] = name;
    }
    Ok(fit)
}

/// The order groups are listed in: openings D1..D13, I1..I13; others by their first number,
/// then as written.
pub(crate) fn group_order(by: &str, a: &str, b: &str) -> std::cmp::Ordering {
    if by == "opening" {
        opening_key(a).cmp(&opening_key(b)).then_with(|| a.cmp(b))
    } else {
        round_order(a, b)
    }
}

/// Holm's step-down adjustment of `p_values` (in any order), each capped at 1 and never
/// below the one before it in increasing order.
fn holm(p_values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..p_values.len()).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]));
    let m = p_values.len();
    let mut adjusted = vec![0.0; m];
    let mut running = 0.0f64;
    for (rank, &i) in order.iter().enumerate() {
        running = running.max(((m - rank) as f64 * p_values[i]).min(1.0));
        adjusted[i] = running;
    }
    adjusted
}

/// The advantage of the first mover (Renju Black, Xiangqi Red) per group of `by`, adjusted
/// for the players' strengths.
pub fn adjusted_advantage(
    data: &Dataset,
    kind: GameKind,
    by: &str,
    options: &AdjustedOptions,
) -> Result<Adjusted> {
    let fit = fit_games(data, kind, by, options)?;
    let model = kifu_rating::fit_advantage_with(
        fit.players,
        fit.groups.len(),
        &fit.pairings,
        prior_games(),
        options.draws,
    );
    let mut groups: Vec<AdjustedGroup> = fit
        .groups
        .iter()
        .zip(&model.groups)
        .map(|(name, g)| {
            let (low, high) = (g.advantage - Z95 * g.sd, g.advantage + Z95 * g.sd);
            let p_value = (!g.bounded && g.sd.is_finite() && g.sd > 0.0)
                .then(|| chi_square_1_survival((g.advantage / g.sd).powi(2)));
            let flag = if g.bounded {
                Some(GroupFlag::AtBound)
            } else if high - low > WIDE_INTERVAL || (high - low).is_nan() {
                Some(GroupFlag::WideInterval)
            } else {
                None
            };
            AdjustedGroup {
                group: name.clone(),
                games: g.games,
                score: g.score / f64::from(g.games.max(1)),
                expected: g.expected / f64::from(g.games.max(1)),
                advantage: g.advantage,
                low,
                high,
                at_bound: g.bounded,
                p_value,
                p_holm: None,
                flag,
            }
        })
        .collect();
    let tested: Vec<usize> = (0..groups.len())
        .filter(|&i| groups[i].p_value.is_some())
        .collect();
    let raw: Vec<f64> = tested.iter().filter_map(|&i| groups[i].p_value).collect();
    for (&i, adjusted) in tested.iter().zip(holm(&raw)) {
        groups[i].p_holm = Some(adjusted);
    }
    groups.sort_by(|a, b| group_order(by, &a.group, &b.group));
    Ok(Adjusted {
        kind,
        by: by.to_owned(),
        draws: options.draws.name(),
        draw_model: options.draws,
        groups,
        left_out_groups: fit.left_out_groups,
        tested: tested.len(),
        min_games: options.min_games,
        draw_parameter: model.draw_parameter.map(DrawParameter::of),
        players: fit.players,
        without_players: fit.without_players,
        without_result: fit.without_result,
        without_group: fit.without_group,
    })
}

/// The groups of `by` among the games of `kind` under the filter, found by one cheap query
/// (the distinct stored values, no game read whole), in the grouping's order.
fn group_names(data: &Dataset, kind: GameKind, by: &str) -> Result<Vec<String>> {
    let fact = match by {
        "rule" => GroupingFact::Rule,
        "year" | "decade" => GroupingFact::Date,
        "opening" if kind == GameKind::Xiangqi => GroupingFact::OpeningElseExtra,
        _ => GroupingFact::Opening,
    };
    let values = data.store().distinct_facts(kind, data.filter(), fact)?;
    let mut names: Vec<String> = values
        .into_iter()
        .filter_map(|(value, extra)| match by {
            "rule" => Some(or_none(&value)),
            "opening" if kind == GameKind::Renju => Some(or_none(&value)),
            "year" | "decade" => period_of(by, value.as_deref()),
            "family" => Some(crate::xiangqi::family_of(value.as_deref())),
            _ => Some(crate::xiangqi::opening_of(value.as_deref(), extra.as_ref())),
        })
        .collect();
    names.sort_by(|a, b| group_order(by, a, b));
    names.dedup();
    Ok(names)
}

/// Whether the group labelled `group` of `by` answers to `name` otherwise than by its
/// label: a curated rule, by its name or its id.
fn answers_to(by: &str, group: &str, name: &str) -> bool {
    by == "rule" && kifu_facts::RuleEntry::answers_to(group, name)
}

/// `--compare`'s names checked before any fit: the grouping is one `kind` takes, both
/// names are groups of the games under the filter, and they are two. A name that is no
/// group is refused with the valid ones, closest first.
pub fn check_compare(data: &Dataset, kind: GameKind, by: &str, a: &str, b: &str) -> Result<()> {
    check_grouping(kind, by)?;
    let names = group_names(data, kind, by)?;
    for name in [a, b] {
        if !names.iter().any(|n| n == name || answers_to(by, n, name)) {
            return Err(Error::Usage(Usage::NoGameInGroup {
                kind,
                by: by.to_owned(),
                name: name.to_owned(),
                groups: names,
            }));
        }
    }
    if a == b {
        return Err(Error::Usage(Usage::OneGroup {
            a: a.to_owned(),
            b: b.to_owned(),
        }));
    }
    Ok(())
}

/// Compares the adjusted advantage of groups `a` and `b` of `by`: their difference with its
/// interval, and the likelihood-ratio test of their being equal.
pub fn compare_groups(
    data: &Dataset,
    kind: GameKind,
    by: &str,
    [a, b]: [&str; 2],
    options: &AdjustedOptions,
) -> Result<GroupComparison> {
    let fit = fit_games(data, kind, by, options)?;
    let index = |name: &str| -> Result<u32> {
        // A curated rule is found by its name or id as well as by its label.
        let named = |g: &String| g == name || answers_to(by, g, name);
        if let Some(left) = fit.left_out_groups.iter().find(|g| named(&g.group)) {
            return Err(Error::Usage(Usage::GroupLeftOut {
                by: by.to_owned(),
                name: name.to_owned(),
                games: left.games,
                flag: left.flag.name(),
            }));
        }
        let found = fit.groups.iter().position(|g| g == name);
        match found.or_else(|| fit.groups.iter().position(named)) {
            Some(i) => Ok(i as u32),
            None => Err(Error::Usage(Usage::NoGameInGroup {
                kind,
                by: by.to_owned(),
                name: name.to_owned(),
                groups: fit.groups.clone(),
            })),
        }
    };
    let (ia, ib) = (index(a)?, index(b)?);
    if ia == ib {
        return Err(Error::Usage(Usage::OneGroup {
            a: a.to_owned(),
            b: b.to_owned(),
        }));
    }
    let Comparison {
        difference,
        sd,
        statistic,
        p_value,
    } = kifu_rating::compare_with(
        fit.players,
        fit.groups.len(),
        &fit.pairings,
        prior_games(),
        ia,
        ib,
        options.draws,
    );
    Ok(GroupComparison {
        // As the tables show the groups (a curated rule by its label).
        a: fit.groups[ia as usize].clone(),
        b: fit.groups[ib as usize].clone(),
        difference,
        low: difference - Z95 * sd,
        high: difference + Z95 * sd,
        statistic,
        p_value,
        test: "likelihood-ratio test (chi-square, 1 degree of freedom) of equal advantages, \
               the players' strengths fitted in both models",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holm_multiplies_by_the_ranks_left_and_keeps_the_order() {
        // Sorted 0.01, 0.02, 0.04, 0.30 times 4, 3, 2, 1: 0.04, 0.06, 0.08, 0.30.
        let adjusted = holm(&[0.04, 0.01, 0.30, 0.02]);
        let expected = [0.08, 0.04, 0.30, 0.06];
        for (a, e) in adjusted.iter().zip(expected) {
            assert!((a - e).abs() < 1e-12, "{adjusted:?}");
        }
        // Never below an earlier one, never above 1.
        assert_eq!(holm(&[0.5, 0.4]), vec![0.8, 0.8]);
        assert_eq!(holm(&[0.9, 0.8, 0.7]), vec![1.0, 1.0, 1.0]);
        assert!(holm(&[]).is_empty());
    }
}
