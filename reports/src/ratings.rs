//! The report's ratings section: the top of each game's rating list (Whole-History Rating,
//! the default terms), the first mover's advantage adjusted for the players' strengths per
//! rule and per opening (Renju) or ECCO family (Xiangqi), and Renju's balance over time.

use kifu_analysis::ratings::{rate, rated_games, RatingTerms};
use kifu_analysis::{self as analysis, Adjusted, Dataset, Filter};
use kifu_facts::{GameKind, Outcome};
use kifu_store::Store;
use polars::prelude::*;

use crate::charts::ChartSpec;
use crate::{Error, Section};

/// Lines of each rating list the report shows.
pub const TOP: usize = 20;

/// A kind's top players: rank, player, rating, ± (one standard deviation), games, last game.
fn top_players(store: &Store, filter: &Filter, kind: GameKind) -> Result<Option<DataFrame>, Error> {
    let games = rated_games(store, kind, filter)?;
    let ratings = rate(kind, &games, &RatingTerms::default());
    if ratings.lines.is_empty() {
        return Ok(None);
    }
    let lines = &ratings.lines[..TOP.min(ratings.lines.len())];
    Ok(Some(df!(
        "rank" => lines.iter().map(|l| l.rank as u32).collect::<Vec<_>>(),
        "player" => lines.iter().map(|l| l.player.clone()).collect::<Vec<_>>(),
        "rating" => lines.iter().map(|l| l.rating.round() as i64).collect::<Vec<_>>(),
        "sd" => lines.iter().map(|l| l.sd.map(|s| s.round() as i64)).collect::<Vec<_>>(),
        "games" => lines.iter().map(|l| l.games).collect::<Vec<_>>(),
        "last_game" => lines.iter().map(|l| l.last_game.clone()).collect::<Vec<_>>(),
    )?))
}

/// The adjusted table, and its chart: the first mover's score between equals with its
/// interval, per group.
fn adjusted_parts(
    adjusted: &Adjusted,
    side: Outcome,
    title: &str,
    stem: &str,
) -> Result<(DataFrame, (ChartSpec, DataFrame, String)), Error> {
    let g = &adjusted.groups;
    let chart = df!(
        adjusted.by.as_str() => g.iter().map(|r| r.group.clone()).collect::<Vec<_>>(),
        "score" => g.iter().map(|r| kifu_rating::expected_score(r.advantage)).collect::<Vec<_>>(),
        "low" => g.iter().map(|r| kifu_rating::expected_score(r.low)).collect::<Vec<_>>(),
        "high" => g.iter().map(|r| kifu_rating::expected_score(r.high)).collect::<Vec<_>>(),
    )?;
    Ok((
        adjusted.frame()?,
        (
            ChartSpec::ScoreBars {
                title: format!("{title}: the score between equals it means (95% interval)"),
                label: adjusted.by.clone(),
                value: "score".into(),
                low: "low".into(),
                high: "high".into(),
                side,
            },
            chart,
            stem.into(),
        ),
    ))
}

/// The ratings section, when any game under the filter can be rated.
pub(crate) fn ratings_section(
    store: &Store,
    filter: &Filter,
    data: &Dataset,
) -> Result<Option<Section>, Error> {
    let mut tables = Vec::new();
    let mut charts = Vec::new();
    let mut notes = Vec::new();
    for kind in GameKind::ALL {
        if filter.game.is_some_and(|k| k != kind) {
            continue;
        }
        if let Some(top) = top_players(store, filter, kind)? {
            tables.push((format!("{kind}: the top {TOP} players (WHR)"), top));
        }
    }
    if tables.is_empty() {
        return Ok(None);
    }
    let fits: [(GameKind, &str, Outcome); 3] = [
        (GameKind::Renju, "rule", Outcome::Black),
        (GameKind::Renju, "opening", Outcome::Black),
        (GameKind::Xiangqi, "family", Outcome::Red),
    ];
    for (kind, by, side) in fits {
        if filter.game.is_some_and(|k| k != kind) || data.games(kind)?.is_empty() {
            continue;
        }
        let adjusted = analysis::adjusted_advantage(data, kind, by)?;
        if adjusted.groups.is_empty() {
            continue;
        }
        let title = format!("{kind}: advantage by {by} adjusted for strength");
        let (table, chart) =
            adjusted_parts(&adjusted, side, &title, &format!("{kind}-adjusted-by-{by}"))?;
        tables.push((format!("{title} ({} players)", adjusted.players), table));
        charts.push(chart);
        let left = adjusted.left_out();
        if !left.is_empty() {
            notes.push(format!("{title}: {} left out.", left.join(", ")));
        }
    }
    if filter.game.is_none_or(|k| k == GameKind::Renju) && !data.games(GameKind::Renju)?.is_empty()
    {
        let by_decade = analysis::renju_opening_balance(data, &["decade"])?;
        if by_decade.height() > 1 {
            charts.push((
                ChartSpec::ScoreBars {
                    title: "Renju: Black's score per decade (95% Wilson interval)".into(),
                    label: "decade".into(),
                    value: "black_score".into(),
                    low: "wilson_low".into(),
                    high: "wilson_high".into(),
                    side: Outcome::Black,
                },
                by_decade.clone(),
                "renju-score-by-decade".into(),
            ));
            tables.push(("Renju: Black's score per decade".into(), by_decade));
        }
    }
    let mut intro = "Players rated by Whole-History Rating (Coulom 2008: a rating per period, \
                     w² 14 Elo² per day, one virtual win and loss against 1500 on a player's \
                     first day; ± is one standard deviation) from the games with both players \
                     named and a result; a draw is half a win, forfeits are left out. The \
                     adjusted advantage is fitted beside the players' strengths (a \
                     Bradley–Terry model with one advantage per group): +35 points means the \
                     first mover plays as if 35 points stronger, a 55% score between equals; \
                     an interval containing 0 shows no advantage. The commands kifu ratings \
                     and kifu stats --adjusted print the same."
        .to_string();
    for n in notes {
        intro.push(' ');
        intro.push_str(&n);
    }
    Ok(Some(Section {
        title: "Ratings and the balance adjusted for strength".into(),
        intro,
        tables,
        charts,
    }))
}
