//! The one list of statistics tables ([`REGISTRY`]): what each computes, for which game
//! kind, under which title, and where it is shown. `kifu stats` ([`crate::stats`]), the
//! report's sections and the site iterate it, so a table added here appears in all three.

use kifu_facts::GameKind;
use kifu_lang::Msg;
use polars::prelude::DataFrame;

use crate::{
    chouchou_captures_by_action, chouchou_captures_by_variant, chouchou_seat_wins,
    chouchou_summary, findings_by_event, findings_overview, first_capture_plies, game_lengths,
    renju_forbidden, renju_opening_balance, result_shares, territorial_margins,
    territorial_multipliers, territorial_scores, territorial_summary, xiangqi_captures,
    xiangqi_material_curve, xiangqi_results, xiangqi_results_by_family, xiangqi_rulings, Dataset,
    Result,
};

/// One statistics table and where it is shown.
#[derive(Clone, Copy, Debug)]
pub struct TableDef {
    /// Its name in `kifu stats` (the CSV file's stem, the JSON key).
    pub name: &'static str,
    /// The games it is computed from.
    pub scope: Scope,
    /// What its rows are grouped by (none: one row, or rows of another kind — bins, pieces,
    /// rulings). `kifu stats --by` takes these names ([`groupings`]).
    pub by: &'static [&'static str],
    pub compute: fn(&Dataset) -> Result<DataFrame>,
    /// Its title in every language (a report caption may fill slots in it).
    pub title: Msg,
    /// Whether it is left out when it has no row.
    pub keep: Keep,
    /// Whether `kifu stats` lists it (without `--by`).
    pub in_stats: bool,
    /// How the report shows it as a table (the researchers' edition), if it does.
    pub in_report: Option<ReportTable>,
    /// The chart drawn from it in the report and on the site, if any.
    pub chart: Option<ChartDef>,
}

/// The games a table is computed from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// One game kind's games: listed with that kind's tables, when the kind is present.
    Kind(GameKind),
    /// Every game: listed once, after the kinds' tables (the findings; the report's findings
    /// section is its own).
    AllKinds,
}

/// When a table is listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// Always, with its columns when it has no row.
    Always,
    /// Only when it has a row (a table by year when no date gives a year is left out).
    WhenRows,
}

/// How the report shows a table's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReportTable {
    pub rows: ReportRows,
    /// The column of opening codes that gets the openings' names beside it.
    pub opening_names: Option<&'static str>,
}

/// What the report does to a table's rows before it shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportRows {
    /// The rows as computed; the caption is the title.
    AsComputed,
    /// A Renju balance table: the scores blanked where too few games have a result (the
    /// counts stay); the title's `{scored}` slot says so.
    ScoresOverMinimum,
    /// Xiangqi results per opening: openings with too few results pooled by ECCO family,
    /// then into “other”; the title's `{note}` slot says what was pooled.
    PooledByEccoFamily,
}

/// The report shows the rows as computed.
const AS_COMPUTED: Option<ReportTable> = Some(ReportTable {
    rows: ReportRows::AsComputed,
    opening_names: None,
});

/// A chart of a table, drawn in the report and on the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChartDef {
    pub kind: ChartKind,
    /// The chart's title (its slots filled by the chart kind).
    pub title: Msg,
    /// The chart's file stem (`charts/STEM.svg`).
    pub stem: &'static str,
}

/// What a chart draws from its table's rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartKind {
    /// Renju: Black's score per group of column `by` with its 95% interval, groups with too
    /// few results pooled (canonical openings by direct and indirect first).
    RenjuScore { by: &'static str },
    /// Result shares per group of column `by` (a [`result_shares`] table) as stacked bars
    /// in the sides' colours, groups with too few results pooled.
    PooledShares { by: &'static str },
    /// Xiangqi result shares per opening, pooled as [`ReportRows::PooledByEccoFamily`].
    XiangqiOpeningShares,
    /// A histogram of pre-binned rows (`from`, `to`, `games`) along an axis named by
    /// `axis`; `balance`: bins above and below zero in the colours of the sides ahead.
    Histogram {
        from: &'static str,
        to: &'static str,
        axis: Msg,
        balance: bool,
    },
    /// Xiangqi's material balance per ply, plies with too few games left out.
    MaterialCurve,
    /// ChouChou's wins per seat per table size, tables with too few results left out.
    SeatShares,
    /// Horizontal bars: a label and a value column.
    Bars {
        label: &'static str,
        value: &'static str,
    },
}

impl ChartKind {
    /// Whether the chart is for researchers (an interval to read, a curve of averages per
    /// ply): shown in the audit edition only, where the public reads results and lengths.
    pub fn is_research(self) -> bool {
        matches!(
            self,
            ChartKind::RenjuScore { .. } | ChartKind::MaterialCurve
        )
    }

    /// The column naming the chart's bars, when its rows are groups of one.
    pub fn group_column(self) -> Option<&'static str> {
        match self {
            ChartKind::RenjuScore { by } | ChartKind::PooledShares { by } => Some(by),
            ChartKind::Bars { label, .. } => Some(label),
            _ => None,
        }
    }
}

/// A histogram of game lengths (the title's `{kind}` slot is the kind).
const LENGTHS: ChartKind = ChartKind::Histogram {
    from: "plies_from",
    to: "plies_to",
    axis: Msg::AxisPlies,
    balance: false,
};

/// Every statistics table, in the order `kifu stats` lists them; the report shows its
/// tables and charts in the same order.
pub const REGISTRY: &[TableDef] = &[
    // ---- Renju ----------------------------------------------------------------------
    TableDef {
        name: "renju_balance",
        scope: Scope::Kind(GameKind::Renju),
        by: &[],
        compute: renju_balance,
        title: Msg::AllGames,
        keep: Keep::Always,
        in_stats: true,
        in_report: AS_COMPUTED,
        chart: None,
    },
    // Only its chart: the report draws the openings' scores before the rules'.
    TableDef {
        name: "renju_score_by_opening",
        scope: Scope::Kind(GameKind::Renju),
        by: &["opening"],
        compute: renju_balance_by_opening,
        title: Msg::RenjuScoreByOpening,
        keep: Keep::Always,
        in_stats: false,
        in_report: None,
        chart: Some(ChartDef {
            kind: ChartKind::RenjuScore { by: "opening" },
            title: Msg::RenjuScoreByOpening,
            stem: "renju-score-by-opening",
        }),
    },
    TableDef {
        name: "renju_balance_by_rule",
        scope: Scope::Kind(GameKind::Renju),
        by: &["rule"],
        compute: renju_balance_by_rule,
        title: Msg::ByOpeningRule,
        keep: Keep::Always,
        in_stats: true,
        in_report: Some(ReportTable {
            rows: ReportRows::ScoresOverMinimum,
            opening_names: None,
        }),
        chart: Some(ChartDef {
            kind: ChartKind::RenjuScore { by: "rule" },
            title: Msg::RenjuScoreByRule,
            stem: "renju-score-by-rule",
        }),
    },
    TableDef {
        name: "renju_balance_by_opening",
        scope: Scope::Kind(GameKind::Renju),
        by: &["opening"],
        compute: renju_balance_by_opening,
        title: Msg::ByCanonicalOpening,
        keep: Keep::Always,
        in_stats: true,
        in_report: Some(ReportTable {
            rows: ReportRows::ScoresOverMinimum,
            opening_names: Some("opening"),
        }),
        chart: None,
    },
    TableDef {
        name: "renju_balance_by_rule_opening",
        scope: Scope::Kind(GameKind::Renju),
        by: &["rule", "opening"],
        compute: renju_balance_by_rule_opening,
        title: Msg::ByOpeningRuleAndOpening,
        keep: Keep::Always,
        in_stats: true,
        in_report: None,
        chart: None,
    },
    TableDef {
        name: "renju_balance_by_year",
        scope: Scope::Kind(GameKind::Renju),
        by: &["year"],
        compute: renju_balance_by_year,
        title: Msg::ByYear,
        keep: Keep::WhenRows,
        in_stats: true,
        in_report: Some(ReportTable {
            rows: ReportRows::ScoresOverMinimum,
            opening_names: None,
        }),
        chart: None,
    },
    TableDef {
        name: "renju_forbidden",
        scope: Scope::Kind(GameKind::Renju),
        by: &[],
        compute: renju_forbidden,
        title: Msg::BlacksForbiddenMoves,
        keep: Keep::Always,
        in_stats: true,
        in_report: AS_COMPUTED,
        chart: None,
    },
    TableDef {
        name: "renju_results_by_rule",
        scope: Scope::Kind(GameKind::Renju),
        by: &["rule"],
        compute: renju_results_by_rule,
        title: Msg::RenjuSharesByRule,
        keep: Keep::Always,
        in_stats: false,
        in_report: None,
        chart: Some(ChartDef {
            kind: ChartKind::PooledShares { by: "rule" },
            title: Msg::RenjuSharesByRule,
            stem: "renju-results-by-rule",
        }),
    },
    TableDef {
        name: "renju_lengths",
        scope: Scope::Kind(GameKind::Renju),
        by: &[],
        compute: renju_lengths,
        title: Msg::GameLengthChart,
        keep: Keep::Always,
        in_stats: true,
        in_report: None,
        chart: Some(ChartDef {
            kind: LENGTHS,
            title: Msg::GameLengthChart,
            stem: "renju-lengths",
        }),
    },
    // ---- Xiangqi --------------------------------------------------------------------
    TableDef {
        name: "xiangqi_results",
        scope: Scope::Kind(GameKind::Xiangqi),
        by: &["opening"],
        compute: xiangqi_results,
        title: Msg::ResultsByOpening,
        keep: Keep::Always,
        in_stats: true,
        in_report: Some(ReportTable {
            rows: ReportRows::PooledByEccoFamily,
            opening_names: Some("opening"),
        }),
        chart: Some(ChartDef {
            kind: ChartKind::XiangqiOpeningShares,
            title: Msg::XiangqiSharesByOpening,
            stem: "xiangqi-results-by-opening",
        }),
    },
    TableDef {
        name: "xiangqi_results_by_family",
        scope: Scope::Kind(GameKind::Xiangqi),
        by: &["family"],
        compute: xiangqi_results_by_family,
        title: Msg::ResultsByEccoFamily,
        keep: Keep::Always,
        in_stats: true,
        in_report: Some(ReportTable {
            rows: ReportRows::AsComputed,
            opening_names: Some("family"),
        }),
        chart: None,
    },
    TableDef {
        name: "xiangqi_rulings",
        scope: Scope::Kind(GameKind::Xiangqi),
        by: &[],
        compute: xiangqi_rulings,
        title: Msg::RepetitionRulings,
        keep: Keep::Always,
        in_stats: true,
        in_report: AS_COMPUTED,
        chart: None,
    },
    TableDef {
        name: "xiangqi_captures",
        scope: Scope::Kind(GameKind::Xiangqi),
        by: &[],
        compute: xiangqi_captures,
        title: Msg::PiecesTaken,
        keep: Keep::Always,
        in_stats: true,
        in_report: AS_COMPUTED,
        chart: None,
    },
    TableDef {
        name: "xiangqi_first_capture",
        scope: Scope::Kind(GameKind::Xiangqi),
        by: &[],
        compute: xiangqi_first_capture,
        title: Msg::XiangqiFirstCapture,
        keep: Keep::Always,
        in_stats: true,
        in_report: None,
        chart: Some(ChartDef {
            kind: ChartKind::Histogram {
                from: "plies_from",
                to: "plies_to",
                axis: Msg::AxisPly,
                balance: false,
            },
            title: Msg::XiangqiFirstCapture,
            stem: "xiangqi-first-capture",
        }),
    },
    TableDef {
        name: "xiangqi_material",
        scope: Scope::Kind(GameKind::Xiangqi),
        by: &[],
        compute: xiangqi_material_curve,
        title: Msg::XiangqiMaterial,
        keep: Keep::Always,
        in_stats: true,
        in_report: None,
        chart: Some(ChartDef {
            kind: ChartKind::MaterialCurve,
            title: Msg::XiangqiMaterial,
            stem: "xiangqi-material",
        }),
    },
    TableDef {
        name: "xiangqi_lengths",
        scope: Scope::Kind(GameKind::Xiangqi),
        by: &[],
        compute: xiangqi_lengths,
        title: Msg::GameLengthChart,
        keep: Keep::Always,
        in_stats: true,
        in_report: None,
        chart: Some(ChartDef {
            kind: LENGTHS,
            title: Msg::GameLengthChart,
            stem: "xiangqi-lengths",
        }),
    },
    // ---- Chess Territorial ----------------------------------------------------------
    TableDef {
        name: "territorial_summary",
        scope: Scope::Kind(GameKind::Territorial),
        by: &[],
        compute: territorial_summary,
        title: Msg::Summary,
        keep: Keep::Always,
        in_stats: true,
        in_report: AS_COMPUTED,
        chart: None,
    },
    TableDef {
        name: "territorial_scores",
        scope: Scope::Kind(GameKind::Territorial),
        by: &[],
        compute: territorial_scores,
        title: Msg::TerritorialScores,
        keep: Keep::Always,
        in_stats: true,
        in_report: None,
        chart: None,
    },
    TableDef {
        name: "territorial_multipliers",
        scope: Scope::Kind(GameKind::Territorial),
        by: &[],
        compute: territorial_multipliers,
        title: Msg::TerritoriesByMultiplier,
        keep: Keep::Always,
        in_stats: true,
        in_report: AS_COMPUTED,
        chart: None,
    },
    TableDef {
        name: "territorial_margins",
        scope: Scope::Kind(GameKind::Territorial),
        by: &[],
        compute: territorial_margins_by_point,
        title: Msg::TerritorialMargin,
        keep: Keep::Always,
        in_stats: false,
        in_report: None,
        chart: Some(ChartDef {
            kind: ChartKind::Histogram {
                from: "margin_from",
                to: "margin_to",
                axis: Msg::AxisPoints,
                balance: true,
            },
            title: Msg::TerritorialMargin,
            stem: "territorial-margins",
        }),
    },
    TableDef {
        name: "territorial_results_by_event",
        scope: Scope::Kind(GameKind::Territorial),
        by: &["event"],
        compute: territorial_results_by_event,
        title: Msg::TerritorialSharesByEvent,
        keep: Keep::Always,
        in_stats: false,
        in_report: None,
        chart: Some(ChartDef {
            kind: ChartKind::PooledShares { by: "event" },
            title: Msg::TerritorialSharesByEvent,
            stem: "territorial-results-by-event",
        }),
    },
    TableDef {
        name: "territorial_lengths",
        scope: Scope::Kind(GameKind::Territorial),
        by: &[],
        compute: territorial_lengths,
        title: Msg::GameLengthChart,
        keep: Keep::Always,
        in_stats: true,
        in_report: None,
        chart: Some(ChartDef {
            kind: LENGTHS,
            title: Msg::GameLengthChart,
            stem: "territorial-lengths",
        }),
    },
    // ---- ChouChou -------------------------------------------------------------------
    TableDef {
        name: "chouchou_summary",
        scope: Scope::Kind(GameKind::ChouChou),
        // One row per ChouChou table: a variant, split by its players and pairs (a game
        // of three is not one of two), asked for as `--by variant`.
        by: &["variant"],
        compute: chouchou_summary,
        title: Msg::SummaryByVariant,
        keep: Keep::Always,
        in_stats: true,
        in_report: AS_COMPUTED,
        chart: None,
    },
    TableDef {
        name: "chouchou_captures_by_variant",
        scope: Scope::Kind(GameKind::ChouChou),
        by: &["variant"],
        compute: chouchou_captures_by_variant,
        title: Msg::CapturesByVariant,
        keep: Keep::Always,
        in_stats: true,
        in_report: AS_COMPUTED,
        chart: None,
    },
    TableDef {
        name: "chouchou_wins_by_seat",
        scope: Scope::Kind(GameKind::ChouChou),
        by: &[],
        compute: chouchou_seat_wins,
        title: Msg::ChouChouWinsBySeat,
        keep: Keep::Always,
        in_stats: false,
        in_report: None,
        chart: Some(ChartDef {
            kind: ChartKind::SeatShares,
            title: Msg::ChouChouWinsBySeat,
            stem: "chouchou-wins-by-seat",
        }),
    },
    TableDef {
        name: "chouchou_captures",
        scope: Scope::Kind(GameKind::ChouChou),
        by: &[],
        compute: chouchou_captures_by_action,
        title: Msg::CapturesByAction,
        keep: Keep::Always,
        in_stats: true,
        in_report: AS_COMPUTED,
        chart: Some(ChartDef {
            kind: ChartKind::Bars {
                label: "action",
                value: "captures",
            },
            title: Msg::ChouChouCapturesByAction,
            stem: "chouchou-captures-by-action",
        }),
    },
    TableDef {
        name: "chouchou_first_capture",
        scope: Scope::Kind(GameKind::ChouChou),
        by: &[],
        compute: chouchou_first_capture,
        title: Msg::ChouChouFirstCapture,
        keep: Keep::Always,
        in_stats: true,
        in_report: None,
        chart: Some(ChartDef {
            kind: ChartKind::Histogram {
                from: "plies_from",
                to: "plies_to",
                axis: Msg::AxisAction,
                balance: false,
            },
            title: Msg::ChouChouFirstCapture,
            stem: "chouchou-first-capture",
        }),
    },
    TableDef {
        name: "chouchou_lengths",
        scope: Scope::Kind(GameKind::ChouChou),
        by: &[],
        compute: chouchou_lengths,
        title: Msg::GameLengthChart,
        keep: Keep::Always,
        in_stats: true,
        in_report: None,
        chart: Some(ChartDef {
            kind: LENGTHS,
            title: Msg::GameLengthChart,
            stem: "chouchou-lengths",
        }),
    },
    // ---- every kind: the findings (the report's findings section shows them) ---------
    TableDef {
        name: "findings_overview",
        scope: Scope::AllKinds,
        by: &[],
        compute: findings_overview,
        title: Msg::FindingsBySource,
        keep: Keep::Always,
        in_stats: true,
        in_report: None,
        chart: None,
    },
    TableDef {
        name: "findings_by_event",
        scope: Scope::AllKinds,
        by: &["event"],
        compute: findings_by_event,
        title: Msg::FindingsPerEvent,
        keep: Keep::Always,
        in_stats: true,
        in_report: None,
        chart: None,
    },
];

impl TableDef {
    /// The table's rows under the dataset's filter; `None` when it is left out (no row and
    /// [`Keep::WhenRows`]).
    pub fn rows(&self, data: &Dataset) -> Result<Option<DataFrame>> {
        let df = (self.compute)(data)?;
        Ok((self.keep == Keep::Always || df.height() > 0).then_some(df))
    }
}

/// The groupings `kifu stats --by` takes: those of the registry's tables, in registry
/// order, each once; a table by `year` is also asked by `decade` (the years' decades,
/// counted alike).
pub fn groupings() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for key in REGISTRY.iter().flat_map(|t| t.by.iter().copied()) {
        let keys: &[&'static str] = if key == "year" {
            &["year", "decade"]
        } else {
            std::slice::from_ref(&key)
        };
        for &k in keys {
            if !out.contains(&k) {
                out.push(k);
            }
        }
    }
    out
}

// The registry's computations that take more than the dataset: their groupings and bins.

fn renju_balance(data: &Dataset) -> Result<DataFrame> {
    renju_opening_balance(data, &[])
}

fn renju_balance_by_rule(data: &Dataset) -> Result<DataFrame> {
    renju_opening_balance(data, &["rule"])
}

fn renju_balance_by_opening(data: &Dataset) -> Result<DataFrame> {
    renju_opening_balance(data, &["opening"])
}

fn renju_balance_by_rule_opening(data: &Dataset) -> Result<DataFrame> {
    renju_opening_balance(data, &["rule", "opening"])
}

fn renju_balance_by_year(data: &Dataset) -> Result<DataFrame> {
    renju_opening_balance(data, &["year"])
}

fn renju_results_by_rule(data: &Dataset) -> Result<DataFrame> {
    result_shares(data, GameKind::Renju, "rule")
}

fn renju_lengths(data: &Dataset) -> Result<DataFrame> {
    game_lengths(data, GameKind::Renju, 10)
}

fn xiangqi_first_capture(data: &Dataset) -> Result<DataFrame> {
    first_capture_plies(data, GameKind::Xiangqi, 5)
}

fn xiangqi_lengths(data: &Dataset) -> Result<DataFrame> {
    game_lengths(data, GameKind::Xiangqi, 20)
}

/// Margins of 1 point: the chart widens the bins and splits each by the side ahead.
fn territorial_margins_by_point(data: &Dataset) -> Result<DataFrame> {
    territorial_margins(data, 1)
}

fn territorial_results_by_event(data: &Dataset) -> Result<DataFrame> {
    result_shares(data, GameKind::Territorial, "event")
}

fn territorial_lengths(data: &Dataset) -> Result<DataFrame> {
    game_lengths(data, GameKind::Territorial, 5)
}

fn chouchou_first_capture(data: &Dataset) -> Result<DataFrame> {
    first_capture_plies(data, GameKind::ChouChou, 2)
}

fn chouchou_lengths(data: &Dataset) -> Result<DataFrame> {
    game_lengths(data, GameKind::ChouChou, 5)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_and_chart_stem_is_listed_once() {
        let mut names: Vec<&str> = REGISTRY.iter().map(|t| t.name).collect();
        let mut stems: Vec<&str> = REGISTRY
            .iter()
            .filter_map(|t| Some(t.chart?.stem))
            .collect();
        let (tables, charts) = (names.len(), stems.len());
        names.sort_unstable();
        names.dedup();
        stems.sort_unstable();
        stems.dedup();
        assert_eq!((names.len(), stems.len()), (tables, charts));
    }

    #[test]
    fn every_grouping_a_table_is_computed_by_is_one_stats_takes() {
        let takes = groupings();
        for key in crate::games::SHARES_KEYS
            .iter()
            .chain(&crate::renju::BALANCE_KEYS)
        {
            assert!(
                takes.contains(key),
                "{key} is in no registry table's grouping"
            );
        }
        assert_eq!(
            takes,
            ["opening", "rule", "year", "decade", "family", "event", "variant"]
        );
    }

    #[test]
    fn every_table_is_shown_somewhere() {
        let unseen: Vec<&str> = REGISTRY
            .iter()
            .filter(|t| !t.in_stats && t.in_report.is_none() && t.chart.is_none())
            .map(|t| t.name)
            .collect();
        assert_eq!(unseen, Vec::<&str>::new());
    }
}
