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

use std::collections::{BTreeMap, HashMap};

use kifu_facts::GameKind;
use kifu_rating::{Comparison, GroupedPairing};
use polars::prelude::*;
use serde::Serialize;

use crate::frame::{opening_key, or_none, period_of};
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
}

/// The adjusted advantage of every group of one kind's games.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Adjusted {
    #[serde(skip)]
    pub kind: GameKind,
    pub by: String,
    pub groups: Vec<AdjustedGroup>,
    /// Players in the fit.
    pub players: usize,
    /// Games in the raw tables' scope left out: a seat names no player.
    pub without_players: u64,
    /// Games left out for want of a result, or of the grouping's value.
    pub without_result: u64,
    pub without_group: u64,
}

impl Adjusted {
    /// The table: `<by>`, `games`, `score`, `expected`, `advantage`, `advantage_low`,
    /// `advantage_high` (rating points), `at_bound`.
    pub fn frame(&self) -> Result<DataFrame> {
        let g = &self.groups;
        Ok(df!(
            self.by.as_str() => g.iter().map(|r| r.group.clone()).collect::<Vec<_>>(),
            "games" => g.iter().map(|r| r.games).collect::<Vec<_>>(),
            "score" => g.iter().map(|r| r.score).collect::<Vec<_>>(),
            "expected" => g.iter().map(|r| r.expected).collect::<Vec<_>>(),
            "advantage" => g.iter().map(|r| r.advantage).collect::<Vec<_>>(),
            "advantage_low" => g.iter().map(|r| r.low).collect::<Vec<_>>(),
            "advantage_high" => g.iter().map(|r| r.high).collect::<Vec<_>>(),
            "at_bound" => g.iter().map(|r| r.at_bound).collect::<Vec<_>>(),
        )?)
    }

    /// What was left out, in words, for notes.
    pub fn left_out(&self) -> Vec<String> {
        [
            (self.without_players, "without both players named"),
            (self.without_result, "without a result"),
            (self.without_group, "without a value to group by"),
        ]
        .into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, why)| format!("{n} game(s) {why}"))
        .collect()
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

/// The games of the fit: pairings, group names, and what was left out.
struct Fit {
    pairings: Vec<GroupedPairing>,
    groups: Vec<String>,
    players: usize,
    without_players: u64,
    without_result: u64,
    without_group: u64,
}

fn group_of(kind: GameKind, by: &str, g: &Game) -> Option<String> {
    let f = &g.facts;
    match by {
        "year" | "decade" => period_of(by, f.date.as_deref()),
        "rule" => Some(or_none(&f.rule)),
        "family" => Some(crate::xiangqi::xq_family(g)),
        "opening" if kind == GameKind::Xiangqi => Some(crate::xiangqi::xq_opening(g)),
        _ => f.opening.clone(),
    }
}

fn fit_games(data: &Dataset, kind: GameKind, by: &str) -> Result<Fit> {
    let keys = adjusted_keys(kind);
    if !keys.contains(&by) {
        return Err(Error::Usage(if keys.is_empty() {
            Usage::NoAdvantage { kind }
        } else {
            Usage::AdjustedGrouping {
                by: by.to_owned(),
                kind,
                valid: keys,
            }
        }));
    }
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
        players: 0,
        without_players: 0,
        without_result: 0,
        without_group: 0,
    };
    let mut player_index: HashMap<&str, u32> = HashMap::new();
    let mut group_index: BTreeMap<String, u32> = BTreeMap::new();
    let mut taken = Vec::new();
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
        let next = group_index.len() as u32;
        group_index.entry(group.clone()).or_insert(next);
        taken.push((first.as_str(), second.as_str(), score, group));
    }
    for (first, second, score, group) in taken {
        let mut seat = |name| {
            let next = player_index.len() as u32;
            *player_index.entry(name).or_insert(next)
        };
        let (first, second) = (seat(first), seat(second));
        fit.pairings.push(GroupedPairing {
            first,
            second,
            score,
            group: group_index[&group],
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
fn group_order(by: &str, a: &str, b: &str) -> std::cmp::Ordering {
    if by == "opening" {
        opening_key(a).cmp(&opening_key(b)).then_with(|| a.cmp(b))
    } else {
        round_order(a, b)
    }
}

/// The advantage of the first mover (Renju Black, Xiangqi Red) per group of `by`, adjusted
/// for the players' strengths.
pub fn adjusted_advantage(data: &Dataset, kind: GameKind, by: &str) -> Result<Adjusted> {
    let fit = fit_games(data, kind, by)?;
    let model =
        kifu_rating::fit_advantage(fit.players, fit.groups.len(), &fit.pairings, prior_games());
    let mut groups: Vec<AdjustedGroup> = fit
        .groups
        .iter()
        .zip(&model.groups)
        .map(|(name, g)| AdjustedGroup {
            group: name.clone(),
            games: g.games,
            score: g.score / f64::from(g.games.max(1)),
            expected: g.expected / f64::from(g.games.max(1)),
            advantage: g.advantage,
            low: g.advantage - Z95 * g.sd,
            high: g.advantage + Z95 * g.sd,
            at_bound: g.bounded,
        })
        .collect();
    groups.sort_by(|a, b| group_order(by, &a.group, &b.group));
    Ok(Adjusted {
        kind,
        by: by.to_owned(),
        groups,
        players: fit.players,
        without_players: fit.without_players,
        without_result: fit.without_result,
        without_group: fit.without_group,
    })
}

/// Compares the adjusted advantage of groups `a` and `b` of `by`: their difference with its
/// interval, and the likelihood-ratio test of their being equal.
pub fn compare_groups(
    data: &Dataset,
    kind: GameKind,
    by: &str,
    a: &str,
    b: &str,
) -> Result<GroupComparison> {
    let fit = fit_games(data, kind, by)?;
    let index = |name: &str| -> Result<u32> {
        // A curated rule is found by its name or id as well as by its label.
        let named = |g: &String| by == "rule" && kifu_facts::RuleEntry::answers_to(g, name);
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
    } = kifu_rating::compare(
        fit.players,
        fit.groups.len(),
        &fit.pairings,
        prior_games(),
        ia,
        ib,
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
