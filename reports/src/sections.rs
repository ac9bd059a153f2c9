//! The report's sections: the overview, one per game kind (its analysis tables and
//! charts), and the findings.

use kifu_analysis::positions::wilson;
use kifu_analysis::{self as analysis, Dataset};
use kifu_facts::{GameKind, Outcome};
use kifu_rules::xiangqi::ecco::Code;
use polars::prelude::*;

use crate::charts::ChartSpec;
use crate::openings::with_opening_names;
use crate::pooling::{
    at_least, drawn, largest, pool, share, FamilyOf, Pooling, MAX_BARS, MIN_CURVE_GAMES,
    MIN_RESULTS,
};
use crate::sides::{colour_key, sides};
use crate::{Error, Section};

/// The overview: records stored per game kind.
pub(crate) fn overview_section(overview: DataFrame) -> Section {
    Section {
        title: "Overview".into(),
        intro: "Records stored per game kind. A game is valid when it has no warning or \
                error finding; a linked copy is the same game as an earlier one up to a \
                board symmetry. Unreadable records are kept in quarantine with their text."
            .into(),
        tables: vec![("Records".into(), overview)],
        charts: Vec::new(),
    }
}

/// The opening explorer's trees (`kifu explore --depth`), one table each; the intro names
/// the kinds that have a tree (their captions start with the kind's name).
pub(crate) fn explorer_section(trees: Vec<(String, DataFrame)>) -> Section {
    let has = |kind: &str| trees.iter().any(|(caption, _)| caption.starts_with(kind));
    let from = match (has("Renju"), has("Xiangqi")) {
        (true, true) => {
            "the most played Renju canonical openings and from the Xiangqi start \
                         position"
        }
        (true, false) => "the most played Renju canonical openings",
        _ => "the Xiangqi start position",
    };
    Section {
        title: "Opening explorer".into(),
        intro: format!(
            "The next moves seen from {from}, read from the position index: every game that \
             reaches the position under a symmetry of the board counts, its moves written in \
             the position's orientation. Each line is the moves from the opening; the first \
             mover's score is (wins + draws / 2) / decided games with its 95% Wilson \
             interval; the continuation is the reply played most often."
        ),
        tables: trees,
        charts: Vec::new(),
    }
}

/// The section of one game kind.
pub(crate) fn kind_section(kind: GameKind, data: &Dataset) -> Result<Section, Error> {
    match kind {
        GameKind::Renju => renju_section(data),
        GameKind::Xiangqi => xiangqi_section(data),
        GameKind::Territorial => territorial_section(data),
        GameKind::ChouChou => chouchou_section(data),
    }
}

fn hist(
    title: &str,
    from: &str,
    to: &str,
    x_desc: &str,
    sides: Option<(Outcome, Outcome)>,
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

fn lengths_chart(df: DataFrame, kind: &str, stem: &str) -> (ChartSpec, DataFrame, String) {
    (
        hist(
            &format!("{kind}: game length"),
            "plies_from",
            "plies_to",
            "plies",
            None,
        ),
        df,
        stem.into(),
    )
}

/// A section's introduction followed by its chart colour key.
fn with_key(kind: GameKind, intro: &str) -> String {
    format!("{intro} {}", colour_key(kind))
}

/// The first mover and the other side of a two-sided game.
fn two_sides(kind: GameKind) -> (Outcome, Outcome) {
    let s = sides(kind);
    (s[0], s[1])
}

/// What a chart of shares or scores says about its minimum, and about the rows it left
/// out when there were too many.
fn chart_note(note: &str, cut: Option<String>) -> String {
    match cut {
        Some(cut) => format!("{}; {cut}", drawn_note(note)),
        None => drawn_note(note),
    }
}

/// What every chart of shares or scores says about its minimum.
fn drawn_note(note: &str) -> String {
    format!("{note}; bars only for rows of at least {MIN_RESULTS} games with a result")
}

/// Result shares per group as a stacked bar, each share in its side's colour.
fn shares_chart(title: &str, label: &str, shares: [(&str, Outcome); 3]) -> ChartSpec {
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
fn pooled_shares(df: &DataFrame, by: &str) -> Result<(DataFrame, String), Error> {
    let pooled = pool(
        df,
        &Pooling {
            label: by,
            sample: "results",
            min: MIN_RESULTS,
            counts: &["games", "results", "first_wins", "second_wins", "draws"],
            family: None,
            noun: by,
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
) -> Result<(ChartSpec, DataFrame, String), Error> {
    let (first, second) = two_sides(kind);
    let (frame, cut) = drawn(
        &pooled.0,
        "results",
        &format!("{by}s"),
        MIN_RESULTS,
        MAX_BARS,
    )?;
    Ok((
        shares_chart(
            &format!("{title} — {}", chart_note(&pooled.1, cut)),
            by,
            [
                ("first_share", first),
                ("draw_share", Outcome::Draw),
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
) -> Result<(ChartSpec, DataFrame, String), Error> {
    fn direct_or_indirect(code: &str) -> Option<String> {
        match code.as_bytes().first() {
            Some(b'D') => Some("direct (D)".into()),
            Some(b'I') => Some("indirect (I)".into()),
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
        },
    )?;
    let scored = with_black_score(pooled.frame)?;
    let (frame, cut) = drawn(
        &scored,
        "results",
        &format!("{noun}s"),
        MIN_RESULTS,
        MAX_BARS,
    )?;
    Ok((
        ChartSpec::ScoreBars {
            title: format!(
                "{title} (95% Wilson interval) — {}",
                chart_note(&pooled.note, cut)
            ),
            label: by.into(),
            value: "black_score".into(),
            low: "wilson_low".into(),
            high: "wilson_high".into(),
            side: Outcome::Black,
        },
        frame,
        stem.into(),
    ))
}

fn renju_section(data: &Dataset) -> Result<Section, Error> {
    let overall = analysis::renju_opening_balance(data, &[])?;
    let by_rule = analysis::renju_opening_balance(data, &["rule"])?;
    let by_opening = analysis::renju_opening_balance(data, &["opening"])?;
    let by_year = analysis::renju_opening_balance(data, &["year"])?;
    let shares = pooled_shares(
        &analysis::result_shares(data, GameKind::Renju, "rule")?,
        "rule",
    )?;
    let forbidden = analysis::renju_forbidden(data)?;
    let lengths = analysis::game_lengths(data, GameKind::Renju, 10)?;
    let charts = vec![
        renju_score_chart(
            &by_opening,
            "opening",
            "opening",
            "Renju: Black's score per canonical opening",
            "renju-score-by-opening",
        )?,
        renju_score_chart(
            &by_rule,
            "rule",
            "rule",
            "Renju: Black's score per opening rule",
            "renju-score-by-rule",
        )?,
        pooled_shares_chart(
            GameKind::Renju,
            "Renju: result shares per opening rule",
            "rule",
            &shares,
            "renju-results-by-rule",
        )?,
        lengths_chart(lengths, "Renju", "renju-lengths"),
    ];
    let scored = format!("scores only where at least {MIN_RESULTS} games have a result");
    let mut tables = vec![
        ("All games".to_string(), overall),
        (
            format!("By opening rule ({scored})"),
            blank_small_scores(by_rule)?,
        ),
        (
            format!("By canonical opening (D1–D13 direct, I1–I13 indirect; {scored})"),
            with_opening_names(blank_small_scores(by_opening)?, GameKind::Renju, "opening")?,
        ),
    ];
    if by_year.height() > 0 {
        tables.push((format!("By year ({scored})"), blank_small_scores(by_year)?));
    }
    tables.push(("Black's forbidden moves".to_string(), forbidden));
    let mut intro = "Black's score is (Black wins + draws/2) / games with a result, with its \
                     95% Wilson interval. A game counts with its recorded result unless the \
                     board itself decided it otherwise (a five, two passes, a full board). \
                     Copies of a game under a board symmetry are counted once."
        .to_string();
    let left = analysis::renju_balance_left_out(data)?;
    if left.freestyle > 0 {
        intro.push_str(&format!(
            " {} free-style gomoku game(s) (no forbidden moves, an overline wins) \
             are left out of the balance: other rules.",
            left.freestyle
        ));
    }
    if left.short + left.forfeits > 0 {
        intro.push_str(&format!(
            " {} game(s) that never reached an opening (fewer than 3 moves) and {} \
             forfeit(s) are left out: they were not played out.",
            left.short, left.forfeits
        ));
    }
    if left.without_moves > 0 {
        intro.push_str(&format!(
            " {} result(s) without moves (of a results file) count, except by opening.",
            left.without_moves
        ));
    }
    Ok(Section {
        title: "Renju: opening balance".into(),
        intro: with_key(GameKind::Renju, &intro),
        tables,
        charts,
    })
}

/// Xiangqi results per opening with the openings under [`MIN_RESULTS`] pooled by ECCO
/// family, then into “other”; Red's score and the shares recomputed.
fn xiangqi_pooled_results(data: &Dataset) -> Result<(DataFrame, String), Error> {
    fn ecco_family(opening: &str) -> Option<String> {
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

fn xiangqi_section(data: &Dataset) -> Result<Section, Error> {
    let (results, note) = xiangqi_pooled_results(data)?;
    let (shares_frame, cut) = drawn(&results, "results", "openings", MIN_RESULTS, MAX_BARS)?;
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
        title: "Xiangqi: results, repetition rulings, captures".into(),
        intro: with_key(
            GameKind::Xiangqi,
            "Results by ECCO code (kifu's classifier; the opening tag for a game from \
                another start) and by ECCO family A–E; repetition rulings of the World Xiangqi \
                Federation rules (棋例) found in the replay, as an arbiter makes them: \
                `games` decided by one (the record ends within the repeating cycle), \
                `changed` the rulings play went past (a move left the cycle, so they \
                decided nothing); pieces taken by type and side; the ply of the first \
                capture and the mean material balance (Red − Black, half-pawn units) after \
                each ply.",
        ),
        tables: vec![
            (
                format!("Results by opening ({note})"),
                with_opening_names(table, GameKind::Xiangqi, "opening")?,
            ),
            (
                "Results by ECCO family".into(),
                with_opening_names(families, GameKind::Xiangqi, "family")?,
            ),
            ("Repetition rulings".into(), rulings),
            ("Pieces taken".into(), captures),
        ],
        charts: vec![
            (
                shares_chart(
                    &format!(
                        "Xiangqi: result shares per opening — {}",
                        chart_note(&note, cut)
                    ),
                    "opening",
                    [
                        ("red_share", Outcome::Red),
                        ("draw_share", Outcome::Draw),
                        ("black_share", Outcome::Black),
                    ],
                ),
                shares_frame,
                "xiangqi-results-by-opening".into(),
            ),
            (
                hist(
                    "Xiangqi: ply of the first capture",
                    "plies_from",
                    "plies_to",
                    "ply",
                    None,
                ),
                first,
                "xiangqi-first-capture".into(),
            ),
            (
                ChartSpec::Line {
                    title: format!(
                        "Xiangqi: mean material balance after each ply — plies reached by at \
                         least {MIN_CURVE_GAMES} games"
                    ),
                    x: "ply".into(),
                    y: "mean_balance".into(),
                    x_desc: "ply".into(),
                    y_desc: "Red − Black (half pawns)".into(),
                    sides: Some((Outcome::Red, Outcome::Black)),
                },
                material,
                "xiangqi-material".into(),
            ),
            lengths_chart(lengths, "Xiangqi", "xiangqi-lengths"),
        ],
    })
}

fn territorial_section(data: &Dataset) -> Result<Section, Error> {
    let summary = analysis::territorial_summary(data)?;
    let multipliers = analysis::territorial_multipliers(data)?;
    // Margins of 1 point: the chart widens the bins and splits each by the side ahead.
    let margins = analysis::territorial_margins(data, 1)?;
    let shares = pooled_shares(
        &analysis::result_shares(data, GameKind::Territorial, "event")?,
        "event",
    )?;
    let lengths = analysis::game_lengths(data, GameKind::Territorial, 5)?;
    Ok(Section {
        title: "Chess Territorial: scores and territories".into(),
        intro: with_key(
            GameKind::Territorial,
            "Scores as the rules count them (territory cells, doubled for a territory \
                holding the king or the queen); White places first.",
        ),
        tables: vec![
            ("Summary".into(), summary),
            ("Territories by multiplier".into(), multipliers),
        ],
        charts: vec![
            (
                hist(
                    "Chess Territorial: score margin (White − Black)",
                    "margin_from",
                    "margin_to",
                    "points",
                    Some(two_sides(GameKind::Territorial)),
                ),
                margins,
                "territorial-margins".into(),
            ),
            pooled_shares_chart(
                GameKind::Territorial,
                "Chess Territorial: result shares per event",
                "event",
                &shares,
                "territorial-results-by-event",
            )?,
            lengths_chart(lengths, "Chess Territorial", "territorial-lengths"),
        ],
    })
}

fn chouchou_section(data: &Dataset) -> Result<Section, Error> {
    let summary = analysis::chouchou_summary(data)?;
    let by_action = analysis::chouchou_captures_by_action(data)?;
    let first = analysis::first_capture_plies(data, GameKind::ChouChou, 2)?;
    let lengths = analysis::game_lengths(data, GameKind::ChouChou, 5)?;
    let seats = analysis::chouchou_seat_wins(data)?;
    // The seats and the draw, each in its colour; a column nobody won is left out.
    let mut shares = Vec::new();
    for side in sides(GameKind::ChouChou).into_iter().chain([Outcome::Draw]) {
        let (wins, share) = match side {
            Outcome::Seat(n) => (format!("p{n}_wins"), format!("p{n}_share")),
            _ => ("draws".to_string(), "draw_share".to_string()),
        };
        let total = seats.column(&wins)?.as_materialized_series().sum::<u64>()?;
        if total > 0 {
            shares.push((share, side));
        }
    }
    let seat_chart = (
        ChartSpec::StackedShares {
            title: format!(
                "ChouChou: wins by seat per table (P1 moves first) — tables of at least \
                 {MIN_RESULTS} games with a result"
            ),
            label: "table".into(),
            shares,
        },
        at_least(&seats, "results", MIN_RESULTS)?,
        "chouchou-wins-by-seat".to_string(),
    );
    Ok(Section {
        title: "ChouChou (珠取): captures and penalties".into(),
        intro: with_key(
            GameKind::ChouChou,
            "Per variant and number of players: the first player's share of the wins, \
                capture events per game, how often a capture was simultaneous or a chain, \
                and the penalties for consecutive moves.",
        ),
        tables: vec![
            ("Summary by variant and players".into(), summary),
            ("Captures by action type".into(), by_action.clone()),
        ],
        charts: vec![
            seat_chart,
            (
                ChartSpec::Bars {
                    title: "ChouChou: captures by action type".into(),
                    label: "action".into(),
                    value: "captures".into(),
                },
                by_action,
                "chouchou-captures-by-action".into(),
            ),
            (
                hist(
                    "ChouChou: action of the first capture",
                    "plies_from",
                    "plies_to",
                    "action",
                    None,
                ),
                first,
                "chouchou-first-capture".into(),
            ),
            lengths_chart(lengths, "ChouChou", "chouchou-lengths"),
        ],
    })
}

/// Findings per event and per code, and per source, code and severity.
pub(crate) fn findings_section(data: &Dataset) -> Result<Section, Error> {
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
        title: "Findings".into(),
        intro: "Every finding by source file, event, game kind, code and severity \
                (`kifu audit` lists them one by one, with line, column and byte offset)."
            .into(),
        tables: vec![
            ("Findings per event".into(), by_event.clone()),
            ("Findings by source, code and severity".into(), overview),
        ],
        charts: vec![
            bars_chart(&by_event, "Findings per event", "event", "total", "event")?,
            bars_chart(&by_code, "Findings per code", "code", "findings", "code")?,
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
) -> Result<(ChartSpec, DataFrame, String), Error> {
    let (frame, note) = largest(df, label, value, MAX_BARS, noun, "findings")?;
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
        let xiangqi = explorer_section(vec![tree("Xiangqi explorer from the start position")]);
        assert!(xiangqi
            .intro
            .starts_with("The next moves seen from the Xiangqi start position, read"));
        assert!(!xiangqi.intro.contains("Renju"));
        let renju = explorer_section(vec![tree("Renju explorer from D4 Kagetsu")]);
        assert!(renju.intro.starts_with(
            "The next moves seen from the most played Renju canonical openings, read"
        ));
        assert!(!renju.intro.contains("Xiangqi"));
    }
}
