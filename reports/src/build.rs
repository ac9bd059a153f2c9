//! Assembles a [`Report`] from a database: the analysis tables per game kind, their charts,
//! and the audit's serious findings with board diagrams.

use kifu_analysis::{self as analysis, Dataset, Filter};
use kifu_facts::{GameKind, Severity};
use kifu_rules::renju;
use kifu_store::query::{FindingFilter, FindingRow, GameRow};
use kifu_store::Store;
use polars::prelude::*;

use crate::charts::ChartSpec;
use crate::diagrams::{chouchou_diagram, renju_diagram, territorial_diagram, xiangqi_diagram};
use crate::html::{AuditItem, Report, Section};
use crate::Error;

/// What goes into a report.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    pub title: String,
    /// The games covered (kind, event).
    pub filter: Filter,
    /// Most serious findings shown with a diagram; the rest are counted.
    pub audit_limit: usize,
}

impl Default for ReportOptions {
    fn default() -> Self {
        ReportOptions {
            title: "kifu statistics and audit report".into(),
            filter: Filter::default(),
            audit_limit: 60,
        }
    }
}

impl From<analysis::Error> for Error {
    fn from(e: analysis::Error) -> Error {
        Error::Data(e.to_string())
    }
}

impl From<kifu_store::Error> for Error {
    fn from(e: kifu_store::Error) -> Error {
        Error::Data(e.to_string())
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

/// Drops the helper columns a reader does not need (`okey`, the sort key of openings).
fn readable(df: DataFrame) -> DataFrame {
    let names: Vec<String> = df
        .get_column_names()
        .iter()
        .map(|s| s.to_string())
        .collect();
    let keep: Vec<&str> = names
        .iter()
        .map(String::as_str)
        .filter(|n| !["okey", "swap_known", "swap_yes"].contains(n))
        .collect();
    df.select(keep).unwrap_or_default()
}

fn renju_section(data: &Dataset) -> Result<Section, Error> {
    let overall = readable(analysis::renju_opening_balance(data, &[])?);
    let by_rule = readable(analysis::renju_opening_balance(data, &["rule"])?);
    let by_opening = readable(analysis::renju_opening_balance(data, &["opening"])?);
    let by_year = readable(analysis::renju_opening_balance(data, &["year"])?);
    let shares = analysis::result_shares(data, GameKind::Renju, "rule")?;
    let forbidden = analysis::renju_forbidden(data)?;
    let lengths = analysis::game_lengths(data, GameKind::Renju, 10)?;
    let mut tables = vec![
        ("All games".to_string(), overall),
        ("By opening rule".to_string(), by_rule.clone()),
        (
            "By canonical opening (D1–D13 direct, I1–I13 indirect)".to_string(),
            by_opening.clone(),
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
    let shares = analysis::result_shares(data, GameKind::Xiangqi, "opening")?;
    let rulings = analysis::xiangqi_rulings(data)?;
    let captures = analysis::xiangqi_captures(data)?;
    let first = analysis::first_capture_plies(data, GameKind::Xiangqi, 5)?;
    let material = analysis::xiangqi_material_curve(data)?;
    let lengths = analysis::game_lengths(data, GameKind::Xiangqi, 20)?;
    Ok(Section {
        title: "Xiangqi: results, repetition rulings, captures".into(),
        intro: "Results by ECCO code or opening tag; repetition rulings of the World Xiangqi \
                Federation rules (棋例) found in the replay; pieces taken by type and side; \
                the ply of the first capture and the mean material balance (Red − Black, \
                half-pawn units) after each ply."
            .into(),
        tables: vec![
            ("Results by opening".into(), results),
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

fn findings_section(data: &Dataset) -> Result<Section, Error> {
    let overview = analysis::findings_overview(data)?;
    let by_event = analysis::findings_by_event(data)?;
    let by_code = overview
        .clone()
        .lazy()
        .group_by([col("code")])
        .agg([col("findings").sum().alias("findings")])
        .sort(
            ["findings"],
            SortMultipleOptions::default().with_order_descending(true),
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

/// The board at the finding's move: Black's forbidden points shown for Renju when it is
/// Black's move that is concerned.
fn diagram(game: &GameRow, ply: u32) -> Option<String> {
    let ply = ply.min(game.plies.max(ply));
    let extra = game.extra().ok()?;
    Some(match game.kind {
        GameKind::Renju => {
            let moves = renju::decode_moves(&game.moves)?;
            let before = (ply.max(1) as usize - 1).min(moves.len());
            let mut position = renju::Position::new();
            for &m in &moves[..before] {
                if position.play(m).is_err() {
                    break;
                }
            }
            let forbidden: Vec<(u8, &str)> = if position.to_move() == renju::Stone::Black {
                position
                    .forbidden_points()
                    .into_iter()
                    .map(|(p, k)| (p.index(), k.name()))
                    .collect()
            } else {
                Vec::new()
            };
            renju_diagram(&game.moves, ply, &forbidden)
        }
        GameKind::Xiangqi => {
            let start = extra.annotations.xiangqi()?.start_fen.as_deref();
            xiangqi_diagram(start, &game.moves, ply)
        }
        GameKind::Territorial => territorial_diagram(&game.moves, ply),
        GameKind::ChouChou => {
            let a = extra.annotations.chouchou()?;
            let variant = if a.variant.is_empty() {
                "3x3"
            } else {
                &a.variant
            };
            let players = if a.players == 0 { 2 } else { a.players as u8 };
            chouchou_diagram(variant, players, a.pairs, &game.moves, ply)
        }
    })
}

fn audit_item(store: &Store, f: &FindingRow) -> Result<AuditItem, Error> {
    let mut item = AuditItem {
        game: f.game.unwrap_or(0),
        kind: "unreadable".into(),
        source: f.source.clone(),
        line: f.line,
        column: f.column,
        ply: f.ply,
        code: f.code.clone(),
        severity: f.severity.name().to_owned(),
        message: f.message.clone(),
        rule: f.rule.clone(),
        ..AuditItem::default()
    };
    if let Some(id) = f.game {
        let game = store.game(id)?;
        item.kind = game.kind.name().to_owned();
        item.players = game
            .players
            .iter()
            .map(|(_, name)| name.as_str())
            .collect::<Vec<_>>()
            .join(" – ");
        item.diagram_svg = diagram(&game, f.ply.unwrap_or(game.plies));
    }
    Ok(item)
}

/// The report for the games under `options.filter`: an overview, a section per game kind
/// present, the findings, and the audit (errors first, then warnings, in source order; at
/// most `options.audit_limit`, the rest counted in `audit_omitted`).
pub fn build_report(store: &Store, options: &ReportOptions) -> Result<Report, Error> {
    let f = &options.filter;
    // Every table below reads each kind's games from this one dataset.
    let dataset = Dataset::new(store, f);
    let data = &dataset;
    let overview = analysis::overview(data)?;
    let kinds: Vec<String> = overview
        .column("kind")?
        .str()?
        .iter()
        .flatten()
        .map(str::to_owned)
        .collect();
    let mut sections = vec![Section {
        title: "Overview".into(),
        intro: "Records stored per game kind. A game is valid when it has no warning or \
                error finding; a linked copy is the same game as an earlier one up to a \
                board symmetry. Unreadable records are kept in quarantine with their text."
            .into(),
        tables: vec![("Records".into(), overview)],
        charts: Vec::new(),
    }];
    // The games in a fixed order, not the table's alphabetical one.
    for kind in GameKind::ALL {
        if !kinds.iter().any(|k| k == kind.name()) {
            continue;
        }
        sections.push(match kind {
            GameKind::Renju => renju_section(data)?,
            GameKind::Xiangqi => xiangqi_section(data)?,
            GameKind::Territorial => territorial_section(data)?,
            GameKind::ChouChou => chouchou_section(data)?,
        });
    }
    sections.push(findings_section(data)?);

    let mut serious = store.findings(&FindingFilter {
        min_severity: Some(Severity::Warning),
        kind: f.game,
        event: f.event.clone(),
        ..FindingFilter::default()
    })?;
    // Stable: errors first, each severity in source order.
    serious.sort_by_key(|x| std::cmp::Reverse(x.severity));
    let omitted = serious.len().saturating_sub(options.audit_limit);
    let audit = serious
        .iter()
        .take(options.audit_limit)
        .map(|x| audit_item(store, x))
        .collect::<Result<Vec<_>, Error>>()?;

    let mut scope = Vec::new();
    if let Some(g) = &f.game {
        scope.push(format!("game {g}"));
    }
    if let Some(e) = &f.event {
        scope.push(format!("event {e}"));
    }
    Ok(Report {
        title: options.title.clone(),
        subtitle: if scope.is_empty() {
            "All games in the database".into()
        } else {
            scope.join(" · ")
        },
        sections,
        audit,
        audit_omitted: omitted,
    })
}
