//! The report's ratings section: the top of each game's rating list (Whole-History Rating,
//! the default terms), the first mover's advantage adjusted for the players' strengths per
//! rule and per opening (Renju) or ECCO family (Xiangqi) — the fit, table and notes of
//! `kifu stats --adjusted` under its defaults — and Renju's balance over time.

use kifu_analysis::ratings::{rate, rated_games, RatingTerms};
use kifu_analysis::{self as analysis, Adjusted, Dataset, Filter};
use kifu_facts::{GameKind, ResultName};
use kifu_store::Store;
use polars::prelude::*;

use crate::chart_spec::ChartSpec;
use crate::lang::{Lang, Msg};
use crate::{Error, Section};

/// Lines of each rating list the report shows.
pub const TOP: usize = 20;

/// A kind's top players: rank, player, rating, ± (one standard deviation), games, last game;
/// and how many results without a date the list leaves out.
fn top_players(
    store: &Store,
    filter: &Filter,
    kind: GameKind,
) -> Result<(Option<DataFrame>, u64), Error> {
    let terms = RatingTerms::default();
    let games = rated_games(store, kind, filter, terms.undated)?;
    let undated = games.not_rated.undated;
    let ratings = rate(kind, &games, &terms);
    if ratings.lines.is_empty() {
        return Ok((None, undated));
    }
    let lines = &ratings.lines[..TOP.min(ratings.lines.len())];
    Ok((
        Some(df!(
            "rank" => lines.iter().map(|l| l.rank as u32).collect::<Vec<_>>(),
            "player" => lines.iter().map(|l| l.player.clone()).collect::<Vec<_>>(),
            "rating" => lines.iter().map(|l| l.rating.round() as i64).collect::<Vec<_>>(),
            "sd" => lines.iter().map(|l| l.sd.map(|s| s.round() as i64)).collect::<Vec<_>>(),
            "games" => lines.iter().map(|l| l.games).collect::<Vec<_>>(),
            "last_game" => lines.iter().map(|l| l.last_game.clone()).collect::<Vec<_>>(),
        )?),
        undated,
    ))
}

/// The chart of an adjusted table: the first mover's score between equals with its
/// interval, one bar per fitted group (a group left out has no estimate). None when no
/// group was fitted, or the only one is the games without a value (`(none)`): one bar of
/// nothing in particular says nothing.
fn adjusted_chart(
    adjusted: &Adjusted,
    side: ResultName,
    title: &str,
    stem: &str,
) -> Result<Option<(ChartSpec, DataFrame, String)>, Error> {
    let g = &adjusted.groups;
    if g.iter().all(|r| r.group == analysis::NONE) {
        return Ok(None);
    }
    let chart = df!(
        adjusted.by.as_str() => g.iter().map(|r| r.group.clone()).collect::<Vec<_>>(),
        "score" => g.iter().map(|r| kifu_rating::expected_score(r.advantage)).collect::<Vec<_>>(),
        "low" => g.iter().map(|r| kifu_rating::expected_score(r.low)).collect::<Vec<_>>(),
        "high" => g.iter().map(|r| kifu_rating::expected_score(r.high)).collect::<Vec<_>>(),
    )?;
    Ok(Some((
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
    )))
}

/// Items listed in one sentence of `lang`: `a, b` in English, `a、b` in Japanese and
/// Chinese.
fn listed(items: &[String], lang: Lang) -> String {
    items.join(if lang == Lang::En { ", " } else { "、" })
}

/// The notes of an adjusted fit ([`Adjusted::notes`], the ones `kifu stats --adjusted`
/// says on standard error) in `lang`, each headed by the table's `title`.
fn adjusted_notes(adjusted: &Adjusted, title: &str, lang: Lang) -> Vec<String> {
    use analysis::{AdjustedNote as N, DrawModel, GamesLeftOutBecause as Because};
    let mut notes = Vec::new();
    let number = |x: f64| format!("{x:.3}");
    for note in adjusted.notes() {
        match note {
            N::Model { by, draws, .. } => {
                let model = match draws {
                    DrawModel::Half => Msg::AdjustedModelHalf,
                    DrawModel::Davidson => Msg::AdjustedModelDavidson,
                };
                let by = crate::lang::column_label(&by, lang);
                notes.push(lang.fill(
                    Msg::AdjustedModel,
                    &[("title", title), ("model", lang.text(model)), ("by", &by)],
                ));
            }
            N::DrawParameter(d) => notes.push(lang.fill(
                Msg::AdjustedDrawParameter,
                &[
                    ("title", title),
                    ("nu", &number(d.nu)),
                    ("low", &number(d.low)),
                    ("high", &number(d.high)),
                    ("p", &number(d.nu / (2.0 + d.nu))),
                ],
            )),
            N::DrawParameterNotFitted => {
                notes.push(lang.fill(Msg::AdjustedNoDrawParameter, &[("title", title)]))
            }
            N::Tested {
                tested,
                wide_interval,
                ..
            } => notes.push(lang.count_fill(
                Msg::AdjustedTested,
                tested,
                &[("title", title), ("points", &wide_interval.to_string())],
            )),
            N::GamesLeftOut { games, because } => {
                let msg = match because {
                    Because::NoPlayers => Msg::AdjustedWithoutPlayers,
                    Because::NoResult => Msg::AdjustedWithoutResult,
                    Because::NoGroup => Msg::AdjustedWithoutGroup,
                };
                notes.push(lang.fill(
                    Msg::AdjustedGamesLeftOut,
                    &[
                        ("title", title),
                        ("games", &lang.count(msg, games as usize)),
                    ],
                ));
            }
            N::GroupsLeftOut { groups, min_games } => {
                let each: Vec<String> = groups
                    .iter()
                    .map(|g| {
                        lang.fill(
                            Msg::AdjustedLeftOutGroup,
                            &[
                                ("group", &g.group),
                                ("games", &lang.count(Msg::GameCount, g.games as usize)),
                                ("flag", g.flag.name()),
                            ],
                        )
                    })
                    .collect();
                notes.push(lang.count_fill(
                    Msg::AdjustedGroupsLeftOut,
                    groups.len(),
                    &[
                        ("title", title),
                        ("min", &min_games.to_string()),
                        ("groups", &listed(&each, lang)),
                    ],
                ));
            }
        }
    }
    notes
}

/// The ratings section, when any game under the filter can be rated.
pub(crate) fn ratings_section(
    store: &Store,
    filter: &Filter,
    data: &Dataset,
    lang: Lang,
) -> Result<Option<Section>, Error> {
    let mut tables = Vec::new();
    let mut charts = Vec::new();
    let mut notes = Vec::new();
    for kind in GameKind::ALL {
        if filter.game.is_some_and(|k| k != kind) {
            continue;
        }
        let (top, undated) = top_players(store, filter, kind)?;
        if let Some(top) = top {
            let caption = lang.fill(
                Msg::TopPlayers,
                &[("kind", lang.kind(kind)), ("n", &TOP.to_string())],
            );
            tables.push((caption, top));
        }
        if undated > 0 {
            notes.push(lang.count_fill(
                Msg::RatingsUndated,
                undated as usize,
                &[("kind", lang.kind(kind))],
            ));
        }
    }
    if tables.is_empty() {
        return Ok(None);
    }
    let fits: [(GameKind, &str, ResultName); 3] = [
        (GameKind::Renju, "rule", ResultName::Black),
        (GameKind::Renju, "opening", ResultName::Black),
        (GameKind::Xiangqi, "family", ResultName::Red),
    ];
    for (kind, by, side) in fits {
        if filter.game.is_some_and(|k| k != kind) || data.games(kind)?.is_empty() {
            continue;
        }
        // `kifu stats --adjusted`'s fit and table, its defaults: one model, two views.
        let adjusted =
            analysis::adjusted_advantage(data, kind, by, &analysis::AdjustedOptions::default())?;
        if adjusted.groups.is_empty() && adjusted.left_out_groups.is_empty() {
            continue;
        }
        let by_label = crate::lang::column_label(by, lang);
        let title = lang.fill(
            Msg::AdjustedAdvantage,
            &[("kind", lang.kind(kind)), ("by", &by_label)],
        );
        tables.push((
            format!(
                "{title} ({})",
                lang.count(Msg::PlayerCount, adjusted.players)
            ),
            adjusted.frame()?,
        ));
        let stem = format!("{kind}-adjusted-by-{by}");
        charts.extend(adjusted_chart(&adjusted, side, &title, &stem)?);
        notes.extend(adjusted_notes(&adjusted, &title, lang));
    }
    if filter.game.is_none_or(|k| k == GameKind::Renju) && !data.games(GameKind::Renju)?.is_empty()
    {
        let by_decade = analysis::renju_opening_balance(data, &["decade"])?;
        if by_decade.height() > 1 {
            charts.push((
                ChartSpec::ScoreBars {
                    title: format!(
                        "{} {}",
                        lang.text(Msg::RenjuScoreByDecade),
                        lang.text(Msg::WilsonInterval)
                    ),
                    label: "decade".into(),
                    value: "black_score".into(),
                    low: "wilson_low".into(),
                    high: "wilson_high".into(),
                    side: ResultName::Black,
                },
                by_decade.clone(),
                "renju-score-by-decade".into(),
            ));
            tables.push((lang.text(Msg::RenjuScoreByDecade).into(), by_decade));
        }
    }
    let mut intro = lang.text(Msg::RatingsIntro).to_string();
    for n in notes {
        intro.push(' ');
        intro.push_str(&n);
    }
    Ok(Some(Section {
        title: lang.text(Msg::RatingsTitle).into(),
        intro,
        tables,
        charts,
    }))
}
