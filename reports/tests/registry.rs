//! A table added to the statistics registry appears in `kifu stats`' tables, in the report
//! (its table and its chart) and on the site (its chart), with nothing else changed.

use std::path::Path;

use kifu_analysis::{
    game_lengths, stats, stats_with, ChartDef, ChartKind, Dataset, Filter, Keep, ReportRows,
    ReportTable, Scope, TableDef, REGISTRY,
};
use kifu_facts::GameKind;
use kifu_reports::site::{write_site, SiteOptions};
use kifu_reports::{build_report, write_report, Msg, ReportOptions};

/// ChouChou's game lengths in bins of ten actions (the registry's are of five).
fn chouchou_lengths_by_ten(data: &Dataset) -> kifu_analysis::Result<kifu_analysis::DataFrame> {
    game_lengths(data, GameKind::ChouChou, 10)
}

const STEM: &str = "chouchou-lengths-by-ten";

/// The registry's tables and one more, at the end of ChouChou's. Its caption (a message no
/// ChouChou table shows) and its chart's stem mark it in the report and on the site.
fn with_extra_table() -> &'static [TableDef] {
    let extra = TableDef {
        name: "chouchou_lengths_by_ten",
        scope: Scope::Kind(GameKind::ChouChou),
        by: &[],
        compute: chouchou_lengths_by_ten,
        title: Msg::ByOpeningRuleAndOpening,
        keep: Keep::Always,
        in_stats: true,
        in_report: Some(ReportTable {
            rows: ReportRows::AsComputed,
            opening_names: None,
        }),
        chart: Some(ChartDef {
            kind: ChartKind::Histogram {
                from: "plies_from",
                to: "plies_to",
                axis: Msg::AxisAction,
                balance: false,
            },
            title: Msg::GameLengthChart,
            stem: STEM,
        }),
    };
    let mut tables = REGISTRY.to_vec();
    let after = tables
        .iter()
        .rposition(|t| t.scope == Scope::Kind(GameKind::ChouChou))
        .unwrap();
    tables.insert(after + 1, extra);
    tables.leak()
}

#[test]
fn a_table_added_to_the_registry_appears_in_stats_the_report_and_the_site() {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/chouchou");
    let work = tempfile::tempdir().unwrap();
    let db = work.path().join("chouchou.db");
    kifu_ingest::ingest(&db, &[samples], &kifu_ingest::Options::default()).unwrap();
    let store = kifu_store::Store::open_read_only(&db).unwrap();
    let tables = with_extra_table();

    // `kifu stats`: listed after ChouChou's own tables, its rows as computed.
    let data = Dataset::new(&store, &Filter::default());
    let names = |listed: &[(String, kifu_analysis::DataFrame)]| -> Vec<String> {
        listed.iter().map(|(name, _)| name.clone()).collect()
    };
    let standard = stats(&data, None).unwrap();
    let extended = stats_with(&data, None, tables).unwrap();
    let mut expected = names(&standard);
    let findings = expected
        .iter()
        .position(|n| n.starts_with("findings"))
        .unwrap();
    expected.insert(findings, "chouchou_lengths_by_ten".into());
    assert_eq!(names(&extended), expected);
    let (_, rows) = &extended[findings];
    assert!(rows.equals_missing(&chouchou_lengths_by_ten(&data).unwrap()));
    assert!(rows.height() > 0);

    // The report: its caption and its rows in ChouChou's section, its chart drawn.
    let caption = "By opening rule and canonical opening";
    let report = |tables: &'static [TableDef], dir: &str| {
        let options = ReportOptions {
            explorer_depth: 0,
            tables,
            ..ReportOptions::default()
        };
        let report = build_report(&store, &options).unwrap();
        let files = write_report(&report, &work.path().join(dir)).unwrap();
        let md = std::fs::read_to_string(&files.markdown).unwrap();
        (md, files.charts)
    };
    let (md, charts) = report(tables, "report");
    let section = &md[md.find("## ChouChou (珠取)").unwrap()..];
    assert!(section[..section.find("## Standings").unwrap()].contains(caption));
    assert!(md.contains(&format!("(charts/{STEM}.png)")));
    assert!(charts.iter().any(|c| c.ends_with(format!("{STEM}.svg"))));
    let (md, _) = report(REGISTRY, "report-standard");
    assert!(!md.contains(caption) && !md.contains(STEM));

    // The site: its chart on the index.
    let site = work.path().join("site");
    let options = SiteOptions {
        tables,
        ..SiteOptions::default()
    };
    write_site(&store, &options, &site, &mut |_, _| {}).unwrap();
    assert!(site.join("charts").join(format!("{STEM}.svg")).is_file());
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains(&format!("charts/{STEM}.png")));
}
