//! The report's sections: the overview, one per game kind (its analysis tables and
//! charts), and the findings.

use kifu_analysis::{self as analysis, Dataset};
use kifu_facts::GameKind;
use polars::prelude::*;

use crate::charts::ChartSpec;
use crate::openings::with_opening_names;
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

/// The opening explorer's trees (`kifu explore --depth`), one table each.
pub(crate) fn explorer_section(trees: Vec<(String, DataFrame)>) -> Section {
    Section {
        title: "Opening explorer".into(),
        intro: "The next moves seen from the most played Renju canonical openings and from \
                the Xiangqi start position, read from the position index: every game that \
                reaches the position under a symmetry of the board counts, its moves written \
                in the position's orientation. Each line is the moves from the opening; the \
                first mover's score is (wins + draws / 2) / decided games with its 95% Wilson \
                interval; the continuation is the reply played most often."
            .into(),
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

fn hist(title: &str, from: &str, to: &str, x_desc: &str) -> ChartSpec {
    ChartSpec::Histogram {
        title: title.into(),
        from: from.into(),
        to: to.into(),
        count: "games".into(),
        x_desc: x_desc.into(),
    }
}

fn lengths_chart(df: DataFrame, kind: &str, stem: &str) -> (ChartSpec, DataFrame, String) {
    (
        hist(
            &format!("{kind}: game length"),
            "plies_from",
            "plies_to",
            "plies",
        ),
        df,
        stem.into(),
    )
}

fn score_bars(title: &str, label: &str, value: &str, low: &str, high: &str) -> ChartSpec {
    ChartSpec::ScoreBars {
        title: title.into(),
        label: label.into(),
        value: value.into(),
        low: low.into(),
        high: high.into(),
    }
}

/// Result shares per group as a stacked bar: `first`, `draw`, `second` named for the game.
fn shares_chart(title: &str, label: &str, first: &str, second: &str) -> ChartSpec {
    ChartSpec::StackedShares {
        title: title.into(),
        label: label.into(),
        shares: vec![
            ("first_share".into(), first.into()),
            ("draw_share".into(), "draw".into()),
            ("second_share".into(), second.into()),
        ],
    }
}

fn renju_section(data: &Dataset) -> Result<Section, Error> {
    let overall = analysis::renju_opening_balance(data, &[])?;
    let by_rule = analysis::renju_opening_balance(data, &["rule"])?;
    let by_opening = analysis::renju_opening_balance(data, &["opening"])?;
    let by_year = analysis::renju_opening_balance(data, &["year"])?;
    let shares = analysis::result_shares(data, GameKind::Renju, "rule")?;
    let forbidden = analysis::renju_forbidden(data)?;
    let lengths = analysis::game_lengths(data, GameKind::Renju, 10)?;
    let mut tables = vec![
        ("All games".to_string(), overall),
        ("By opening rule".to_string(), by_rule.clone()),
        (
            "By canonical opening (D1–D13 direct, I1–I13 indirect)".to_string(),
            with_opening_names(by_opening.clone(), GameKind::Renju, "opening")?,
        ),
    ];
    if by_year.height() > 0 {
        tables.push(("By year".to_string(), by_year));
    }
    tables.push(("Black's forbidden moves".to_string(), forbidden));
    Ok(Section {
        title: "Renju: opening balance".into(),
        intro: "Black's score is (Black wins + draws/2) / games with a result, with its 95% \
                Wilson interval. A game counts with its recorded result unless the board \
                itself decided it otherwise (a five, two passes, a full board). Copies of a \
                game under a board symmetry are counted once."
            .into(),
        tables,
        charts: vec![
            (
                score_bars(
                    "Renju: Black's score per canonical opening (95% Wilson interval)",
                    "opening",
                    "black_score",
                    "wilson_low",
                    "wilson_high",
                ),
                by_opening,
                "renju-score-by-opening".into(),
            ),
            (
                score_bars(
                    "Renju: Black's score per opening rule (95% Wilson interval)",
                    "rule",
                    "black_score",
                    "wilson_low",
                    "wilson_high",
                ),
                by_rule,
                "renju-score-by-rule".into(),
            ),
            (
                shares_chart(
                    "Renju: result shares per opening rule",
                    "rule",
                    "Black wins",
                    "White wins",
                ),
                shares,
                "renju-results-by-rule".into(),
            ),
            lengths_chart(lengths, "Renju", "renju-lengths"),
        ],
    })
}

fn xiangqi_section(data: &Dataset) -> Result<Section, Error> {
    let results = analysis::xiangqi_results(data)?;
    let families = analysis::xiangqi_results_by_family(data)?;
    let shares = analysis::result_shares(data, GameKind::Xiangqi, "opening")?;
    let rulings = analysis::xiangqi_rulings(data)?;
    let captures = analysis::xiangqi_captures(data)?;
    let first = analysis::first_capture_plies(data, GameKind::Xiangqi, 5)?;
    let material = analysis::xiangqi_material_curve(data)?;
    let lengths = analysis::game_lengths(data, GameKind::Xiangqi, 20)?;
    Ok(Section {
        title: "Xiangqi: results, repetition rulings, captures".into(),
        intro: "Results by ECCO code (kifu's classifier; the opening tag for a game from \
                another start) and by ECCO family A–E; repetition rulings of the World Xiangqi \
                Federation rules (棋例) found in the replay, as an arbiter makes them: \
                `games` decided by one (the record ends within the repeating cycle), \
                `changed` the rulings play went past (a move left the cycle, so they \
                decided nothing); pieces taken by type and side; the ply of the first \
                capture and the mean material balance (Red − Black, half-pawn units) after \
                each ply."
            .into(),
        tables: vec![
            (
                "Results by opening".into(),
                with_opening_names(results, GameKind::Xiangqi, "opening")?,
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
                    "Xiangqi: result shares per opening",
                    "opening",
                    "Red wins",
                    "Black wins",
                ),
                shares,
                "xiangqi-results-by-opening".into(),
            ),
            (
                hist(
                    "Xiangqi: ply of the first capture",
                    "plies_from",
                    "plies_to",
                    "ply",
                ),
                first,
                "xiangqi-first-capture".into(),
            ),
            (
                ChartSpec::Line {
                    title: "Xiangqi: mean material balance after each ply".into(),
                    x: "ply".into(),
                    y: "mean_balance".into(),
                    x_desc: "ply".into(),
                    y_desc: "Red − Black (half pawns)".into(),
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
    let margins = analysis::territorial_margins(data, 5)?;
    let shares = analysis::result_shares(data, GameKind::Territorial, "event")?;
    let lengths = analysis::game_lengths(data, GameKind::Territorial, 5)?;
    Ok(Section {
        title: "Chess Territorial: scores and territories".into(),
        intro: "Scores as the rules count them (territory cells, doubled for a territory \
                holding the king or the queen); White places first."
            .into(),
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
                ),
                margins,
                "territorial-margins".into(),
            ),
            (
                shares_chart(
                    "Chess Territorial: result shares per event",
                    "event",
                    "White wins",
                    "Black wins",
                ),
                shares,
                "territorial-results-by-event".into(),
            ),
            lengths_chart(lengths, "Chess Territorial", "territorial-lengths"),
        ],
    })
}

fn chouchou_section(data: &Dataset) -> Result<Section, Error> {
    let summary = analysis::chouchou_summary(data)?;
    let by_action = analysis::chouchou_captures_by_action(data)?;
    let first = analysis::first_capture_plies(data, GameKind::ChouChou, 2)?;
    let lengths = analysis::game_lengths(data, GameKind::ChouChou, 5)?;
    Ok(Section {
        title: "ChouChou (珠取): captures and penalties".into(),
        intro: "Per variant and number of players: the first player's share of the wins, \
                capture events per game, how often a capture was simultaneous or a chain, \
                and the penalties for consecutive moves."
            .into(),
        tables: vec![
            ("Summary by variant and players".into(), summary),
            ("Captures by action type".into(), by_action.clone()),
        ],
        charts: vec![
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
            (
                ChartSpec::Bars {
                    title: "Findings per event".into(),
                    label: "event".into(),
                    value: "total".into(),
                },
                by_event,
                "findings-by-event".into(),
            ),
            (
                ChartSpec::Bars {
                    title: "Findings per code".into(),
                    label: "code".into(),
                    value: "findings".into(),
                },
                by_code,
                "findings-by-code".into(),
            ),
        ],
    })
}
