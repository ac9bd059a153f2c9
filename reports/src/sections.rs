//! The report's sections: the overview, one per game kind (its analysis tables and
//! charts), and the findings.

use kifu_analysis::positions::wilson;
use kifu_analysis::{self as analysis, Dataset};
use kifu_facts::{GameKind, ResultName};
use kifu_rules::xiangqi::ecco::Code;
use polars::prelude::*;

use crate::chart_spec::ChartSpec;
use crate::lang::{Lang, Msg};
use crate::openings::with_opening_names;
use crate::pooling::{
    at_least, drawn, largest, pool, share, FamilyOf, Pooling, MAX_BARS, MIN_CURVE_GAMES,
    MIN_RESULTS,
};
use crate::sides::{colour_key, sides};
use crate::{Error, Section};

/// The overview: records stored per game kind.
pub(crate) fn overview_section(overview: DataFrame, lang: Lang) -> Section {
    Section {
        title: lang.text(Msg::Overview).into(),
        intro: lang.text(Msg::OverviewIntro).into(),
        tables: vec![(lang.text(Msg::RecordsCaption).into(), overview)],
        charts: Vec::new(),
    }
}

/// The opening explorer's trees (`kifu explore --depth`), one table each; the intro names
/// the kinds that have a tree (their captions start with the kind's name).
pub(crate) fn explorer_section(trees: Vec<(String, DataFrame)>, lang: Lang) -> Section {
    let has = |kind: &str| trees.iter().any(|(caption, _)| caption.starts_with(kind));
    let from = lang.text(match (has("Renju"), has("Xiangqi")) {
        (true, true) => Msg::ExplorerFromBoth,
        (true, false) => Msg::ExplorerFromRenju,
        _ => Msg::ExplorerFromXiangqi,
    });
    Section {
        title: lang.text(Msg::OpeningExplorer).into(),
        intro: lang.fill(Msg::ExplorerIntro, &[("from", from)]),
        tables: trees,
        charts: Vec::new(),
    }
}

/// The section of one game kind.
pub(crate) fn kind_section(kind: GameKind, data: &Dataset, lang: Lang) -> Result<Section, Error> {
    match kind {
        GameKind::Renju => renju_section(data, lang),
        GameKind::Xiangqi => xiangqi_section(data, lang),
        GameKind::Territorial => territorial_section(data, lang),
        GameKind::ChouChou => chouchou_section(data, lang),
    }
}

fn hist(
    title: &str,
    from: &str,
    to: &str,
    x_desc: &str,
    sides: Option<(ResultName, ResultName)>,
) -> ChartSpec {
    ChartSpec::Histogram {
        title: title.into(),
        from: from.into(),
        to: to.into(),
        count: "games".into(),
        x_desc: x_desc.into(),
        sides,
    }
}

fn lengths_chart(
    df: DataFrame,
    kind: GameKind,
    stem: &str,
    lang: Lang,
) -> (ChartSpec, DataFrame, String) {
    (
        hist(
            &lang.fill(Msg::GameLengthChart, &[("kind", lang.kind(kind))]),
            "plies_from",
            "plies_to",
            lang.text(Msg::AxisPlies),
            None,
        ),
        df,
        stem.into(),
    )
}

/// A section's introduction followed by its chart colour key.
fn with_key(kind: GameKind, intro: &str, lang: Lang) -> String {
    format!("{intro} {}", colour_key(kind, lang))
}

/// The first mover and the other side of a two-sided game.
fn two_sides(kind: GameKind) -> (ResultName, ResultName) {
    let s = sides(kind);
    (s[0], s[1])
}

/// What a chart of shares or scores says about its minimum, and about the rows it left
/// out when there were too many.
fn chart_note(note: &str, cut: Option<String>, lang: Lang) -> String {
    match cut {
        Some(cut) => format!("{}; {cut}", drawn_note(note, lang)),
        None => drawn_note(note, lang),
    }
}

/// What every chart of shares or scores says about its minimum.
fn drawn_note(note: &str, lang: Lang) -> String {
    lang.fill(
        Msg::ChartMinimumNote,
        &[("note", note), ("min", &MIN_RESULTS.to_string())],
    )
}

/// Result shares per group as a stacked bar, each share in its side's colour.
fn shares_chart(title: &str, label: &str, shares: [(&str, ResultName); 3]) -> ChartSpec {
    ChartSpec::StackedShares {
        title: title.into(),
        label: label.into(),
        shares: shares
            .into_iter()
            .map(|(c, side)| (c.to_string(), side))
            .collect(),
    }
}

/// `result_shares` by `by` with the groups under [`MIN_RESULTS`] pooled into “other”,
/// the shares recomputed; and the note saying so.
fn pooled_shares(df: &DataFrame, by: &str, lang: Lang) -> Result<(DataFrame, String), Error> {
    let pooled = pool(
        df,
        &Pooling {
            label: by,
            sample: "results",
            min: MIN_RESULTS,
            counts: &["games", "results", "first_wins", "second_wins", "draws"],
            family: None,
            noun: by,
            lang,
        },
    )?;
    let frame = pooled
        .frame
        .lazy()
        .with_columns([
            share("first_wins", "results").alias("first_share"),
            share("draws", "results").alias("draw_share"),
            share("second_wins", "results").alias("second_share"),
        ])
        .collect()?;
    Ok((frame, pooled.note))
}

/// The chart of [`pooled_shares`]: the rows reaching the minimum.
fn pooled_shares_chart(
    kind: GameKind,
    title: &str,
    by: &str,
    pooled: &(DataFrame, String),
    stem: &str,
    lang: Lang,
) -> Result<(ChartSpec, DataFrame, String), Error> {
    let (first, second) = two_sides(kind);
    let (frame, cut) = drawn(
        &pooled.0,
        "results",
        &format!("{by}s"),
        MIN_RESULTS,
        MAX_BARS,
        lang,
    )?;
    Ok((
        shares_chart(
            &format!("{title} — {}", chart_note(&pooled.1, cut, lang)),
            by,
            [
                ("first_share", first),
                ("draw_share", ResultName::Draw),
                ("second_share", second),
            ],
        ),
        frame,
        stem.into(),
    ))
}

/// Black's score and its 95% Wilson interval from the counts of a (pooled) Renju frame.
fn with_black_score(df: DataFrame) -> Result<DataFrame, Error> {
    let count = |name: &str| -> Result<Vec<f64>, Error> {
        let c = df.column(name)?.cast(&DataType::Float64)?;
        Ok(c.f64()?.iter().map(|v| v.unwrap_or(0.0)).collect())
    };
    let (wins, draws, results) = (count("black_wins")?, count("draws")?, count("results")?);
    let mut score = Vec::new();
    let (mut low, mut high) = (Vec::new(), Vec::new());
    for i in 0..df.height() {
        if results[i] > 0.0 {
            let p = (wins[i] + draws[i] / 2.0) / results[i];
            let (l, h) = wilson(p, results[i]);
            score.push(Some(p));
            low.push(Some(l));
            high.push(Some(h));
        } else {
            score.push(None);
            low.push(None);
            high.push(None);
        }
    }
    let mut df = df;
    df.with_column(Column::new("black_score".into(), score))?;
    df.with_column(Column::new("wilson_low".into(), low))?;
    df.with_column(Column::new("wilson_high".into(), high))?;
    Ok(df)
}

/// The scores of a Renju balance table blanked where fewer than [`MIN_RESULTS`] games
/// have a result (the counts stay).
fn blank_small_scores(df: DataFrame) -> Result<DataFrame, Error> {
    let keep = col("results")
        .cast(DataType::UInt64)
        .gt_eq(lit(u64::from(MIN_RESULTS)));
    Ok(df
        .lazy()
        .with_columns(["black_score", "wilson_low", "wilson_high"].map(|c| {
            when(keep.clone())
                .then(col(c))
                .otherwise(lit(NULL).cast(DataType::Float64))
                .alias(c)
        }))
        .collect()?)
}

/// The Renju score chart per `by`: groups under the minimum pooled (canonical openings by
/// direct and indirect), rows reaching it drawn.
fn renju_score_chart(
    by_frame: &DataFrame,
    by: &str,
    noun: &str,
    title: &str,
    stem: &str,
    lang: Lang,
) -> Result<(ChartSpec, DataFrame, String), Error> {
    fn direct_or_indirect(code: &str, lang: Lang) -> Option<String> {
        match code.as_bytes().first() {
            Some(b'D') => Some(lang.text(Msg::DirectOpenings).into()),
            Some(b'I') => Some(lang.text(Msg::IndirectOpenings).into()),
            _ => None,
        }
    }
    let pooled = pool(
        by_frame,
        &Pooling {
            label: by,
            sample: "results",
            min: MIN_RESULTS,
            counts: &["games", "results", "black_wins", "white_wins", "draws"],
            family: (by == "opening").then_some((
                direct_or_indirect as FamilyOf,
                "direct and indirect openings",
            )),
            noun,
            lang,
        },
    )?;
    let scored = with_black_score(pooled.frame)?;
    let (frame, cut) = drawn(
        &scored,
        "results",
        &format!("{noun}s"),
        MIN_RESULTS,
        MAX_BARS,
        lang,
    )?;
    Ok((
        ChartSpec::ScoreBars {
            title: format!(
                "{title} {} — {}",
                lang.text(Msg::WilsonInterval),
                chart_note(&pooled.note, cut, lang)
            ),
            label: by.into(),
            value: "black_score".into(),
            low: "wilson_low".into(),
            high: "wilson_high".into(),
            side: ResultName::Black,
        },
        frame,
        stem.into(),
    ))
}

fn renju_section(data: &Dataset, lang: Lang) -> Result<Section, Error> {
    let overall = analysis::renju_opening_balance(data, &[])?;
    let by_rule = analysis::renju_opening_balance(data, &["rule"])?;
    let by_opening = analysis::renju_opening_balance(data, &["opening"])?;
    let by_year = analysis::renju_opening_balance(data, &["year"])?;
    let shares = pooled_shares(
        &analysis::result_shares(data, GameKind::Renju, "rule")?,
        "rule",
        lang,
    )?;
    let forbidden = analysis::renju_forbidden(data)?;
    let lengths = analysis::game_lengths(data, GameKind::Renju, 10)?;
    let charts = vec![
        renju_score_chart(
            &by_opening,
            "opening",
            "opening",
            lang.text(Msg::RenjuScoreByOpening),
            "renju-score-by-opening",
            lang,
        )?,
        renju_score_chart(
            &by_rule,
            "rule",
            "rule",
            lang.text(Msg::RenjuScoreByRule),
            "renju-score-by-rule",
            lang,
        )?,
        pooled_shares_chart(
            GameKind::Renju,
            lang.text(Msg::RenjuSharesByRule),
            "rule",
            &shares,
            "renju-results-by-rule",
            lang,
        )?,
        lengths_chart(lengths, GameKind::Renju, "renju-lengths", lang),
    ];
    let scored = lang.fill(Msg::ScoresOnlyWhere, &[("min", &MIN_RESULTS.to_string())]);
    let scored = [("scored", scored.as_str())];
    let mut tables = vec![
        (lang.text(Msg::AllGames).to_string(), overall),
        (
            lang.fill(Msg::ByOpeningRule, &scored),
            blank_small_scores(by_rule)?,
        ),
        (
            lang.fill(Msg::ByCanonicalOpening, &scored),
            with_opening_names(blank_small_scores(by_opening)?, GameKind::Renju, "opening")?,
        ),
    ];
    if by_year.height() > 0 {
        tables.push((
            lang.fill(Msg::ByYear, &scored),
            blank_small_scores(by_year)?,
        ));
    }
    tables.push((lang.text(Msg::BlacksForbiddenMoves).to_string(), forbidden));
    let mut intro = lang.text(Msg::RenjuIntro).to_string();
    let left = analysis::renju_balance_left_out(data)?;
    if left.freestyle > 0 {
        intro.push(' ');
        intro.push_str(&lang.count(Msg::RenjuFreestyleLeftOut, left.freestyle as usize));
    }
    if left.short + left.forfeits > 0 {
        intro.push(' ');
        intro.push_str(&lang.fill(
            Msg::RenjuShortLeftOut,
            &[
                ("short", &left.short.to_string()),
                ("forfeits", &left.forfeits.to_string()),
            ],
        ));
    }
    if left.without_moves > 0 {
        intro.push(' ');
        intro.push_str(&lang.count(Msg::RenjuWithoutMovesCount, left.without_moves as usize));
    }
    Ok(Section {
        title: lang.text(Msg::RenjuTitle).into(),
        intro: with_key(GameKind::Renju, &intro, lang),
        tables,
        charts,
    })
}

/// Xiangqi results per opening with the openings under [`MIN_RESULTS`] pooled by ECCO
/// family, then into “other”; Red's score and the shares recomputed.
fn xiangqi_pooled_results(data: &Dataset, lang: Lang) -> Result<(DataFrame, String), Error> {
    fn ecco_family(opening: &str, _: Lang) -> Option<String> {
        opening
            .trim()
            .parse::<Code>()
            .ok()
            .map(|c| format!("ECCO {}", c.family))
    }
    let pooled = pool(
        &analysis::xiangqi_results(data)?,
        &Pooling {
            label: "opening",
            sample: "results",
            min: MIN_RESULTS,
            counts: &["games", "results", "red_wins", "black_wins", "draws"],
            family: Some((ecco_family, "ECCO family")),
            noun: "opening",
            lang,
        },
    )?;
    let frame = pooled
        .frame
        .lazy()
        .with_columns([
            share("red_wins", "results").alias("red_share"),
            share("draws", "results").alias("draw_share"),
            share("black_wins", "results").alias("black_share"),
        ])
        .with_column((col("red_share") + col("draw_share") * lit(0.5)).alias("red_score"))
        .collect()?;
    Ok((frame, pooled.note))
}

fn xiangqi_section(data: &Dataset, lang: Lang) -> Result<Section, Error> {
    let (results, note) = xiangqi_pooled_results(data, lang)?;
    let (shares_frame, cut) = drawn(&results, "results", "openings", MIN_RESULTS, MAX_BARS, lang)?;
    let families = analysis::xiangqi_results_by_family(data)?;
    let rulings = analysis::xiangqi_rulings(data)?;
    let captures = analysis::xiangqi_captures(data)?;
    let first = analysis::first_capture_plies(data, GameKind::Xiangqi, 5)?;
    let material = at_least(
        &analysis::xiangqi_material_curve(data)?,
        "games",
        MIN_CURVE_GAMES,
    )?;
    let lengths = analysis::game_lengths(data, GameKind::Xiangqi, 20)?;
    let table = results.select([
        "opening",
        "games",
        "results",
        "red_wins",
        "black_wins",
        "draws",
        "red_score",
        "openings",
    ])?;
    Ok(Section {
        title: lang.text(Msg::XiangqiTitle).into(),
        intro: with_key(GameKind::Xiangqi, lang.text(Msg::XiangqiIntro), lang),
        tables: vec![
            (
                lang.fill(Msg::ResultsByOpening, &[("note", &note)]),
                with_opening_names(table, GameKind::Xiangqi, "opening")?,
            ),
            (
                lang.text(Msg::ResultsByEccoFamily).into(),
                with_opening_names(families, GameKind::Xiangqi, "family")?,
            ),
            (lang.text(Msg::RepetitionRulings).into(), rulings),
            (lang.text(Msg::PiecesTaken).into(), captures),
        ],
        charts: vec![
            (
                shares_chart(
                    &format!(
                        "{} — {}",
                        lang.text(Msg::XiangqiSharesByOpening),
                        chart_note(&note, cut, lang)
                    ),
                    "opening",
                    [
                        ("red_share", ResultName::Red),
                        ("draw_share", ResultName::Draw),
                        ("black_share", ResultName::Black),
                    ],
                ),
                shares_frame,
                "xiangqi-results-by-opening".into(),
            ),
            (
                hist(
                    lang.text(Msg::XiangqiFirstCapture),
                    "plies_from",
                    "plies_to",
                    lang.text(Msg::AxisPly),
                    None,
                ),
                first,
                "xiangqi-first-capture".into(),
            ),
            (
                ChartSpec::Line {
                    title: lang.count(Msg::XiangqiMaterial, MIN_CURVE_GAMES as usize),
                    x: "ply".into(),
                    y: "mean_balance".into(),
                    x_desc: lang.text(Msg::AxisPly).into(),
                    y_desc: lang.text(Msg::RedMinusBlack).into(),
                    sides: Some((ResultName::Red, ResultName::Black)),
                },
                material,
                "xiangqi-material".into(),
            ),
            lengths_chart(lengths, GameKind::Xiangqi, "xiangqi-lengths", lang),
        ],
    })
}

fn territorial_section(data: &Dataset, lang: Lang) -> Result<Section, Error> {
    let summary = analysis::territorial_summary(data)?;
    let multipliers = analysis::territorial_multipliers(data)?;
    // Margins of 1 point: the chart widens the bins and splits each by the side ahead.
    let margins = analysis::territorial_margins(data, 1)?;
    let shares = pooled_shares(
        &analysis::result_shares(data, GameKind::Territorial, "event")?,
        "event",
        lang,
    )?;
    let lengths = analysis::game_lengths(data, GameKind::Territorial, 5)?;
    Ok(Section {
        title: lang.text(Msg::TerritorialTitle).into(),
        intro: with_key(
            GameKind::Territorial,
            lang.text(Msg::TerritorialIntro),
            lang,
        ),
        tables: vec![
            (lang.text(Msg::Summary).into(), summary),
            (lang.text(Msg::TerritoriesByMultiplier).into(), multipliers),
        ],
        charts: vec![
            (
                hist(
                    lang.text(Msg::TerritorialMargin),
                    "margin_from",
                    "margin_to",
                    lang.text(Msg::AxisPoints),
                    Some(two_sides(GameKind::Territorial)),
                ),
                margins,
                "territorial-margins".into(),
            ),
            pooled_shares_chart(
                GameKind::Territorial,
                lang.text(Msg::TerritorialSharesByEvent),
                "event",
                &shares,
                "territorial-results-by-event",
                lang,
            )?,
            lengths_chart(lengths, GameKind::Territorial, "territorial-lengths", lang),
        ],
    })
}

fn chouchou_section(data: &Dataset, lang: Lang) -> Result<Section, Error> {
    let summary = analysis::chouchou_summary(data)?;
    let by_action = analysis::chouchou_captures_by_action(data)?;
    let first = analysis::first_capture_plies(data, GameKind::ChouChou, 2)?;
    let lengths = analysis::game_lengths(data, GameKind::ChouChou, 5)?;
    let seats = analysis::chouchou_seat_wins(data)?;
    // The seats and the draw, each in its colour; a column nobody won is left out.
    let mut shares = Vec::new();
    for side in sides(GameKind::ChouChou)
        .into_iter()
        .chain([ResultName::Draw])
    {
        let (wins, share) = match side {
            ResultName::Seat(n) => (format!("p{n}_wins"), format!("p{n}_share")),
            _ => ("draws".to_string(), "draw_share".to_string()),
        };
        let total = seats.column(&wins)?.as_materialized_series().sum::<u64>()?;
        if total > 0 {
            shares.push((share, side));
        }
    }
    let seat_chart = (
        ChartSpec::StackedShares {
            title: lang.count(Msg::ChouChouWinsBySeat, MIN_RESULTS as usize),
            label: "table".into(),
            shares,
        },
        at_least(&seats, "results", MIN_RESULTS)?,
        "chouchou-wins-by-seat".to_string(),
    );
    Ok(Section {
        title: lang.text(Msg::ChouChouTitle).into(),
        intro: with_key(GameKind::ChouChou, lang.text(Msg::ChouChouIntro), lang),
        tables: vec![
            (lang.text(Msg::SummaryByVariant).into(), summary),
            (lang.text(Msg::CapturesByAction).into(), by_action.clone()),
        ],
        charts: vec![
            seat_chart,
            (
                ChartSpec::Bars {
                    title: lang.text(Msg::ChouChouCapturesByAction).into(),
                    label: "action".into(),
                    value: "captures".into(),
                },
                by_action,
                "chouchou-captures-by-action".into(),
            ),
            (
                hist(
                    lang.text(Msg::ChouChouFirstCapture),
                    "plies_from",
                    "plies_to",
                    lang.text(Msg::AxisAction),
                    None,
                ),
                first,
                "chouchou-first-capture".into(),
            ),
            lengths_chart(lengths, GameKind::ChouChou, "chouchou-lengths", lang),
        ],
    })
}

/// Findings per event and per code, and per source, code and severity.
pub(crate) fn findings_section(data: &Dataset, lang: Lang) -> Result<Section, Error> {
    let overview = analysis::findings_overview(data)?;
    let by_event = analysis::findings_by_event(data)?;
    let by_code = overview
        .clone()
        .lazy()
        .group_by([col("code")])
        .agg([col("findings").sum().alias("findings")])
        // Ties are ordered by code: group_by's order varies from run to run.
        .sort(
            ["findings", "code"],
            SortMultipleOptions::default().with_order_descending_multi([true, false]),
        )
        .collect()?;
    Ok(Section {
        title: lang.text(Msg::Findings).into(),
        intro: lang.text(Msg::FindingsIntro).into(),
        tables: vec![
            (lang.text(Msg::FindingsPerEvent).into(), by_event.clone()),
            (lang.text(Msg::FindingsBySource).into(), overview),
        ],
        charts: vec![
            bars_chart(
                &by_event,
                lang.text(Msg::FindingsPerEvent),
                "event",
                "total",
                "event",
                lang,
            )?,
            bars_chart(
                &by_code,
                lang.text(Msg::FindingsPerCode),
                "code",
                "findings",
                "code",
                lang,
            )?,
        ],
    })
}

/// A bar chart of findings, at most [`MAX_BARS`] bars (the rest counted in the title), its
/// file named `findings-by-<noun>`.
fn bars_chart(
    df: &DataFrame,
    title: &str,
    label: &str,
    value: &str,
    noun: &str,
    lang: Lang,
) -> Result<(ChartSpec, DataFrame, String), Error> {
    let (frame, note) = largest(df, label, value, MAX_BARS, noun, "findings", lang)?;
    let title = match note {
        Some(note) => format!("{title} — {note}"),
        None => title.to_string(),
    };
    Ok((
        ChartSpec::Bars {
            title,
            label: label.into(),
            value: value.into(),
        },
        frame,
        format!("findings-by-{noun}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_explorer_intro_names_only_the_kinds_it_shows() {
        let tree = |caption: &str| (caption.to_string(), DataFrame::empty());
        let xiangqi = explorer_section(
            vec![tree("Xiangqi explorer from the start position")],
            Lang::En,
        );
        assert!(xiangqi
            .intro
            .starts_with("The next moves seen from the Xiangqi start position, read"));
        assert!(!xiangqi.intro.contains("Renju"));
        let renju = explorer_section(vec![tree("Renju explorer from D4 Kagetsu")], Lang::En);
        assert!(renju.intro.starts_with(
            "The next moves seen from the most played Renju canonical openings, read"
        ));
        assert!(!renju.intro.contains("Xiangqi"));
    }
}
