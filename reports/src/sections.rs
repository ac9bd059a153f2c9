//! The report's sections: the overview, one per game kind (the tables and charts of the
//! analysis registry's tables of that kind), and the findings.

use kifu_analysis::{self as analysis, Dataset, Scope, TableDef};
use kifu_facts::GameKind;
use polars::prelude::*;

use crate::chart_spec::ChartSpec;
use crate::kind_charts::{kind_chart, only_none};
use crate::kind_tables::report_table;
use crate::lang::{Lang, Msg};
use crate::pooling::{largest, MAX_BARS};
use crate::sides::colour_key;
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

/// The section of one game kind: its title and introduction, then the tables and charts of
/// its registry tables (`tables`), in their order.
pub(crate) fn kind_section(
    kind: GameKind,
    data: &Dataset,
    tables: &[TableDef],
    public: bool,
    lang: Lang,
) -> Result<Section, Error> {
    let (title, intro) = match kind {
        GameKind::Renju => (Msg::RenjuTitle, renju_intro(data, lang)?),
        GameKind::Xiangqi => (Msg::XiangqiTitle, lang.text(Msg::XiangqiIntro).into()),
        GameKind::Territorial => (
            Msg::TerritorialTitle,
            lang.text(Msg::TerritorialIntro).into(),
        ),
        GameKind::ChouChou => (Msg::ChouChouTitle, lang.text(Msg::ChouChouIntro).into()),
    };
    let mut section = Section {
        title: lang.text(title).into(),
        // The introduction followed by the charts' colour key.
        intro: format!("{intro} {}", colour_key(kind, lang)),
        tables: Vec::new(),
        charts: Vec::new(),
    };
    let shown = tables
        .iter()
        .filter(|t| t.scope == Scope::Kind(kind) && (t.in_report.is_some() || t.chart.is_some()));
    for table in shown {
        let Some(rows) = table.rows(data)? else {
            continue;
        };
        // The public edition leaves the researchers' charts out, and no edition draws a
        // chart whose only bar is the games without a value (`(none)`).
        if let Some(chart) = table.chart.filter(|c| {
            let research = public && c.kind.is_research();
            !research && !only_none(c, &rows)
        }) {
            section
                .charts
                .push(kind_chart(kind, &chart, &rows, public, lang)?);
        }
        if let Some(view) = &table.in_report {
            section
                .tables
                .push(report_table(kind, table.title, view, rows, lang)?);
        }
    }
    Ok(section)
}

/// Renju's introduction, with the games its balance tables leave out counted.
fn renju_intro(data: &Dataset, lang: Lang) -> Result<String, Error> {
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
    Ok(intro)
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
