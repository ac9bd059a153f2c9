//! Assembles a [`Report`] from a database: the analysis tables per game kind, their charts,
//! and the audit's serious findings with board diagrams.

use kifu_analysis::kifu_store::query::{FindingFilter, FindingRow, GameRow};
use kifu_analysis::kifu_store::Store;
use kifu_analysis::polars::prelude::*;
use kifu_analysis::{self as analysis, Filter};
use kifu_rules::renju;

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

impl From<kifu_analysis::kifu_store::Error> for Error {
    fn from(e: kifu_analysis::kifu_store::Error) -> Error {
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

fn renju_section(store: &Store, f: &Filter) -> Result<Section, Error> {
    let overall = readable(analysis::renju_opening_balance(store, f, &[])?);
    let by_rule = readable(analysis::renju_opening_balance(store, f, &["rule"])?);
    let by_opening = readable(analysis::renju_opening_balance(store, f, &["opening"])?);
    let by_year = readable(analysis::renju_opening_balance(store, f, &["year"])?);
    let shares = analysis::result_shares(store, f, "renju", "rule")?;
    let forbidden = analysis::renju_forbidden(store, f)?;
    let lengths = analysis::game_lengths(store, f, "renju", 10)?;
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

fn xiangqi_section(store: &Store, f: &Filter) -> Result<Section, Error> {
    let results = analysis::xiangqi_results(store, f)?;
    let shares = analysis::result_shares(store, f, "xiangqi", "opening")?;
    let rulings = analysis::xiangqi_rulings(store, f)?;
    let captures = analysis::xiangqi_captures(store, f)?;
    let first = analysis::first_capture_plies(store, f, "xiangqi", 5)?;
    let material = analysis::xiangqi_material_curve(store, f)?;
    let lengths = analysis::game_lengths(store, f, "xiangqi", 20)?;
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

fn territorial_section(store: &Store, f: &Filter) -> Result<Section, Error> {
    let summary = analysis::territorial_summary(store, f)?;
    let multipliers = analysis::territorial_multipliers(store, f)?;
    let margins = analysis::territorial_margins(store, f, 5)?;
    let shares = analysis::result_shares(store, f, "territorial", "event")?;
    let lengths = analysis::game_lengths(store, f, "territorial", 5)?;
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

fn chouchou_section(store: &Store, f: &Filter) -> Result<Section, Error> {
    let summary = analysis::chouchou_summary(store, f)?;
    let by_action = analysis::chouchou_captures_by_action(store, f)?;
    let first = analysis::first_capture_plies(store, f, "chouchou", 2)?;
    let lengths = analysis::game_lengths(store, f, "chouchou", 5)?;
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

fn findings_section(store: &Store, f: &Filter) -> Result<Section, Error> {
    let overview = analysis::findings_overview(store, f)?;
    let by_event = analysis::findings_by_event(store, f)?;
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

fn extra_json(game: &GameRow) -> kifu_analysis::serde_json::Value {
    game.extra
        .as_deref()
        .and_then(|e| kifu_analysis::serde_json::from_str(e).ok())
        .unwrap_or_default()
}

/// The board at the finding's move: Black's forbidden points shown for Renju when it is
/// Black's move that is concerned.
fn diagram(game: &GameRow, ply: u32) -> Option<String> {
    let ply = ply.min(game.plies.max(ply));
    Some(match game.kind.as_str() {
        "renju" => {
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
        "xiangqi" => {
            let extra = extra_json(game);
            xiangqi_diagram(extra["start_fen"].as_str(), &game.moves, ply)
        }
        "territorial" => territorial_diagram(&game.moves, ply),
        "chouchou" => {
            let extra = extra_json(game);
            chouchou_diagram(
                extra["variant"].as_str().unwrap_or("3x3"),
                extra["players"].as_u64().unwrap_or(2) as u8,
                extra["pairs"].as_bool().unwrap_or(false),
                &game.moves,
                ply,
            )
        }
        _ => return None,
    })
}

fn severity_rank(s: &str) -> u8 {
    match s {
        "error" => 0,
        "warning" => 1,
        _ => 2,
    }
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
        severity: f.severity.clone(),
        message: f.message.clone(),
        rule: f.rule.clone(),
        ..AuditItem::default()
    };
    if let Some(id) = f.game {
        let game = store.game(id)?;
        item.kind = game.kind.clone();
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
    let overview = analysis::overview(store, f)?;
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
    for kind in ["renju", "xiangqi", "territorial", "chouchou"] {
        if !kinds.iter().any(|k| k == kind) {
            continue;
        }
        match kind {
            "renju" => sections.push(renju_section(store, f)?),
            "xiangqi" => sections.push(xiangqi_section(store, f)?),
            "territorial" => sections.push(territorial_section(store, f)?),
            "chouchou" => sections.push(chouchou_section(store, f)?),
            _ => {}
        }
    }
    sections.push(findings_section(store, f)?);

    let mut serious = store.findings(&FindingFilter {
        min_severity: Some("warning".into()),
        kind: f.game.clone(),
        event: f.event.clone(),
        ..FindingFilter::default()
    })?;
    // Stable: errors first, each severity in source order.
    serious.sort_by_key(|x| severity_rank(&x.severity));
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
