//! Renju: the opening balance and the forbidden moves.

use kifu_facts::termination::RenjuTermination;
use kifu_facts::{ForbiddenKind, GameKind, RenjuAnnotations, ResultName, Ruleset};
use kifu_store::RulesetChoice;
use polars::prelude::*;
use std::collections::HashSet;

use crate::frame::{f64_col, opening_key, or_none, ratio, Periods, NONE};
use crate::score::{count_aggs, score_selection, with_score, ResultTally};
use crate::usage::Usage;
use crate::{Dataset, Error, Result};

pub(crate) const BALANCE_KEYS: [&str; 4] = ["rule", "opening", "year", "decade"];

/// Which Renju-board games count in the opening balance: games that reached an opening (3
/// moves) and were played (not forfeits: no `forfeit-result` note), by the Renju rules, or
/// by the free-style rules when the filter selects only those (other rules, another
/// balance).
pub(crate) struct Balance {
    rules: Ruleset,
    forfeits: HashSet<i64>,
}

impl Balance {
    pub(crate) fn of(data: &Dataset) -> Result<Balance> {
        let filter = data.filter();
        let forfeits = data.store().game_ids(&crate::Filter {
            game: Some(GameKind::Renju),
            codes: vec!["forfeit-result".to_owned()],
            severity: None,
            ..filter.clone()
        })?;
        Ok(Balance {
            rules: if filter.ruleset == RulesetChoice::Freestyle {
                Ruleset::Freestyle
            } else {
                Ruleset::Renju
            },
            forfeits: forfeits.into_iter().collect(),
        })
    }

    /// A played game that reached an opening, or a result of a results file (a game whose
    /// moves were never recorded: it has no opening, so it counts in the tables by rule and
    /// year but not by opening).
    pub(crate) fn counts(&self, g: &crate::Game) -> bool {
        self.by_its_rules(g)
            && (g.facts.plies >= 3 || g.facts.results_only)
            && !self.forfeits.contains(&g.id())
    }

    /// Whether the game was replayed by the balance's rules (a Renju-board game stored
    /// without a ruleset was replayed by Renju's).
    fn by_its_rules(&self, g: &crate::Game) -> bool {
        (g.facts.ruleset == Some(Ruleset::Freestyle)) == (self.rules == Ruleset::Freestyle)
    }
}

/// What the Renju balance tables leave out of the Renju-board games under the filter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BalanceLeftOut {
    /// Free-style games (other rules), unless the filter selects only those: then the
    /// balance is theirs.
    pub freestyle: u64,
    /// Games of the balance's rules that never reached an opening (fewer than 3 moves:
    /// move-less results among them).
    pub short: u64,
    /// Forfeits (a `forfeit-result` note) that reached an opening, or results without
    /// moves scored as forfeits.
    pub forfeits: u64,
    /// Results without moves (of a results file): counted, except in tables by opening.
    pub without_moves: u64,
    /// Of those, the results without a year in their date (or with a date they cannot
    /// have): in no row of the tables by year or decade either.
    pub without_moves_or_year: u64,
}

/// The Renju-board games under the filter that the balance tables leave out, and why.
pub fn renju_balance_left_out(data: &Dataset) -> Result<BalanceLeftOut> {
    let balance = Balance::of(data)?;
    let filter = data.filter();
    let periods = Periods::new();
    let mut out = BalanceLeftOut::default();
    if filter.ruleset != RulesetChoice::Freestyle {
        // Counted whether or not the filter's default already left them out of the data.
        out.freestyle = data.store().count_games(&crate::Filter {
            ruleset: RulesetChoice::Freestyle,
            ..filter.clone()
        })?;
    }
    for g in data.games(GameKind::Renju)? {
        if balance.counts(g) && g.facts.results_only {
            out.without_moves += 1;
            let year = periods.year(GameKind::Renju, g.facts.date.as_deref());
            out.without_moves_or_year += year.is_none() as u64;
        }
        if balance.counts(g) || !balance.by_its_rules(g) {
            continue;
        }
        // A result without moves is left out only as a forfeit.
        if g.facts.plies < 3 && !g.facts.results_only {
            out.short += 1;
        } else {
            out.forfeits += 1;
        }
    }
    Ok(out)
}

/// Renju opening balance: one row per group of `by` ⊆ {`rule`, `opening`, `year`,
/// `decade` (`1990s`)} (empty: one overall row).
///
/// Columns: the `by` columns (str), `games` (u32: games in the group), `results` (u32:
/// those with a result, see the crate docs), `black_wins`, `white_wins`, `draws` (u32),
/// `black_score` (f64: `(black_wins + draws/2) / results`), `wilson_low`, `wilson_high`
/// (f64: the 95% Wilson score interval of `black_score`, z = 1.959964, n = `results`),
/// `swap_rate` (f64: swapped / games recording a swap decision; null when none does),
/// `mean_plies` (f64: of the games with moves). Results without moves (of a results file)
/// count where no opening is asked for. With `opening` among `by`, unclassified games are
/// left out; with
/// `year` or `decade`, games without a year in their date or with a date they cannot have
/// (see [`crate::periods_left_out`]). Rows are sorted by the `by` columns in the
/// order given, openings in D1..D13, I1..I13 order. Free-style gomoku games are left out
/// unless the filter asks for them.
pub fn renju_opening_balance(data: &Dataset, by: &[&str]) -> Result<DataFrame> {
    for k in by {
        if !BALANCE_KEYS.contains(k) {
            return Err(Error::Usage(Usage::BalanceGrouping {
                key: (*k).to_owned(),
            }));
        }
    }
    let by_opening = by.contains(&"opening");
    let by_year = by.contains(&"year") || by.contains(&"decade");
    let mut rule = Vec::new();
    let mut opening = Vec::new();
    let mut okey = Vec::new();
    let mut year = Vec::new();
    let mut decade = Vec::new();
    let mut tally = ResultTally::new(GameKind::Renju);
    let periods = Periods::new();
    let (mut swap_known, mut swap_yes, mut plies) = (vec![], vec![], vec![]);
    let balance = Balance::of(data)?;
    for g in data.games(GameKind::Renju)? {
        let facts = &g.facts;
        if !balance.counts(g) {
            continue;
        }
        if by_opening && facts.opening.is_none() {
            continue;
        }
        let y = periods.year(GameKind::Renju, facts.date.as_deref());
        if by_year && y.is_none() {
            continue;
        }
        let result = g.result;
        let swap = g
            .extra()
            .annotations
            .renju()
            .and_then(RenjuAnnotations::swapped);
        rule.push(or_none(&facts.rule));
        okey.push(facts.opening.as_deref().map_or(2000, opening_key));
        opening.push(or_none(&facts.opening));
        decade.push(
            periods
                .of(GameKind::Renju, "decade", facts.date.as_deref())
                .unwrap_or_else(|| NONE.to_owned()),
        );
        year.push(y.unwrap_or_else(|| NONE.to_owned()));
        tally.push(result);
        swap_known.push(swap.is_some() as u32);
        swap_yes.push((swap == Some(true)) as u32);
        // A result without moves has no length.
        plies.push((!facts.results_only).then_some(facts.plies));
    }
    let mut df = df!(
        "rule" => rule, "opening" => opening, "okey" => okey, "year" => year, "decade" => decade,
        "swap_known" => swap_known, "swap_yes" => swap_yes, "plies" => plies,
    )?;
    for column in tally.columns() {
        df.with_column(column)?;
    }
    let mut aggs = count_aggs(GameKind::Renju).to_vec();
    aggs.extend([
        col("swap_known")
            .sum()
            .cast(DataType::UInt32)
            .alias("swap_known"),
        col("swap_yes")
            .sum()
            .cast(DataType::UInt32)
            .alias("swap_yes"),
        f64_col("plies").mean().alias("mean_plies"),
        col("okey").first().alias("okey"),
    ]);
    let lf = if by.is_empty() {
        df.lazy().select(aggs)
    } else {
        df.lazy()
            .group_by(by.iter().map(|k| col(*k)).collect::<Vec<_>>())
            .agg(aggs)
    };
    let sort_cols: Vec<PlSmallStr> = by
        .iter()
        .map(|k| if *k == "opening" { "okey" } else { k })
        .map(PlSmallStr::from)
        .collect();
    let mut out_cols: Vec<Expr> = by.iter().map(|k| col(*k)).collect();
    out_cols.extend(score_selection(GameKind::Renju));
    out_cols.extend([col("swap_rate"), col("mean_plies")]);
    let lf = with_score(lf, GameKind::Renju)
        .with_column(ratio(col("swap_yes"), "swap_known").alias("swap_rate"));
    let lf = if sort_cols.is_empty() {
        lf
    } else {
        lf.sort(sort_cols, SortMultipleOptions::default())
    };
    Ok(lf.select(out_cols).collect()?)
}

/// The forbidden move White claimed in a game ending `forbidden-move`: the last move if
/// it is forbidden, else the overline left on the board (a late claim).
fn claimed_kind(moves: &[u8]) -> Option<ForbiddenKind> {
    use kifu_rules::renju::{decode_moves, Position};
    let moves = decode_moves(moves)?;
    let mut pos = Position::new();
    for m in moves {
        if pos.play(m).is_err() {
            break;
        }
    }
    Some(pos.last_move_forbidden().unwrap_or(ForbiddenKind::Overline))
}

/// Black's forbidden moves by kind (`double-three`, `double-four`, `overline`, and
/// `unknown` when one cannot be told).
///
/// Columns: `kind`, `unclaimed` (u32: forbidden moves White did not claim — findings
/// `forbidden-unclaimed`, `overline-unclaimed` and `forbidden-move`, the last move
/// forbidden but the record not giving White the win), `claimed_wins` (u32: games White
/// won by claiming, termination `forbidden-move` and White's result that counts), `total`.
/// An overline claimed late (after further moves) counts once in each column.
pub fn renju_forbidden(data: &Dataset) -> Result<DataFrame> {
    let name = |k: Option<ForbiddenKind>| k.map_or("unknown", ForbiddenKind::name);
    let mut kind: Vec<&'static str> = Vec::new();
    let mut unclaimed: Vec<u32> = Vec::new();
    let mut claimed: Vec<u32> = Vec::new();
    for k in ForbiddenKind::ALL {
        kind.push(k.name());
        unclaimed.push(0);
        claimed.push(0);
    }
    if data.filter().admits_kind(GameKind::Renju) {
        for f in data.store().forbidden_findings(data.filter())? {
            kind.push(name(f.kind));
            unclaimed.push(1);
            claimed.push(0);
        }
        for g in data.games(GameKind::Renju)? {
            let on_claim = g.facts.termination == RenjuTermination::ForbiddenMove.into();
            if !on_claim || g.result != Some(ResultName::White) {
                continue;
            }
            kind.push(name(claimed_kind(&data.store().moves_of(g.id())?)));
            unclaimed.push(0);
            claimed.push(1);
        }
    }
    let key: Vec<u32> = kind
        .iter()
        .map(|k| match *k {
            "double-three" => 0,
            "double-four" => 1,
            "overline" => 2,
            _ => 3,
        })
        .collect();
    let df = df!("kind" => kind, "key" => key, "u" => unclaimed, "c" => claimed)?;
    Ok(df
        .lazy()
        .group_by([col("kind")])
        .agg([
            col("key").first(),
            col("u").sum().cast(DataType::UInt32).alias("unclaimed"),
            col("c").sum().cast(DataType::UInt32).alias("claimed_wins"),
        ])
        .with_column((col("unclaimed") + col("claimed_wins")).alias("total"))
        .sort(["key"], SortMultipleOptions::default())
        .select([
            col("kind"),
            col("unclaimed"),
            col("claimed_wins"),
            col("total"),
        ])
        .collect()?)
}
