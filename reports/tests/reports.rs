//! Charts, board diagrams and the HTML/Markdown report, and the report opened in a real
//! headless Chromium when one is installed.

mod chromium;

use std::path::{Path, PathBuf};

use chromium::{attr, open_in_chromium, pixel_stats};

use kifu_facts::ResultName;
use kifu_reports::*;
use kifu_rules::{chouchou, renju, territorial, xiangqi};
use polars::prelude::*;

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

fn score_frame() -> DataFrame {
    df!(
        "opening" => ["Kagetsu (花月)", "Ugetsu (雨月)", "Hogetsu", "<script>alert(1)</script>"],
        "score" => [0.62, 0.55, 0.41, 0.5],
        "low" => [0.51, 0.40, 0.30, 0.2],
        "high" => [0.72, 0.68, 0.52, 0.8],
    )
    .unwrap()
}

fn shares_frame() -> DataFrame {
    df!(
        "rule" => ["RIF", "Soosõrv-8", "Taraguchi-10"],
        "black" => [0.5, 0.45, 0.4],
        "draw" => [0.1, 0.05, 0.2],
        "white" => [0.4, 0.5, 0.4],
    )
    .unwrap()
}

fn hist_frame() -> DataFrame {
    df!(
        "from" => [0i64, 20, 40, 60, 80],
        "to" => [19i64, 39, 59, 79, 99],
        "games" => [3u32, 12, 20, 9, 2],
    )
    .unwrap()
}

fn bars_frame() -> DataFrame {
    df!(
        "event" => ["名人戦 2023", "Open", "League"],
        "findings" => [14i64, 3, 7],
    )
    .unwrap()
}

fn line_frame() -> DataFrame {
    df!(
        "ply" => [0i64, 10, 20, 30, 40, 50],
        "material" => [0.0, 0.0, 2.0, -1.0, 3.0, 5.0],
    )
    .unwrap()
}

fn specs() -> Vec<(ChartSpec, DataFrame, &'static str)> {
    vec![
        (
            ChartSpec::ScoreBars {
                title: "Black's score per opening".into(),
                label: "opening".into(),
                value: "score".into(),
                low: "low".into(),
                high: "high".into(),
                side: ResultName::Black,
            },
            score_frame(),
            "score",
        ),
        (
            ChartSpec::StackedShares {
                title: "Results per opening rule".into(),
                label: "rule".into(),
                shares: vec![
                    ("black".into(), ResultName::Black),
                    ("draw".into(), ResultName::Draw),
                    ("white".into(), ResultName::White),
                ],
            },
            shares_frame(),
            "shares",
        ),
        (
            ChartSpec::Histogram {
                title: "Game length".into(),
                from: "from".into(),
                to: "to".into(),
                count: "games".into(),
                x_desc: "plies".into(),
                sides: None,
            },
            hist_frame(),
            "lengths",
        ),
        (
            ChartSpec::Bars {
                title: "Findings per event".into(),
                label: "event".into(),
                value: "findings".into(),
            },
            bars_frame(),
            "findings",
        ),
        (
            ChartSpec::Line {
                title: "Material balance".into(),
                x: "ply".into(),
                y: "material".into(),
                x_desc: "ply".into(),
                y_desc: "material (Red − Black)".into(),
                sides: Some((ResultName::Red, ResultName::Black)),
            },
            line_frame(),
            "material",
        ),
    ]
}

#[test]
fn every_chart_draws_svg_and_png() {
    let dir = tmp();
    for (spec, df, name) in specs() {
        let (svg, png) = draw(&spec, &df, dir.path(), name).unwrap();
        assert_eq!(svg, dir.path().join(format!("{name}.svg")));
        assert_eq!(png, dir.path().join(format!("{name}.png")));
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.contains("<svg"), "{name}: {text}");
        assert!(
            text.contains(&spec.title().replace('\'', "&apos;")),
            "{name}: title missing"
        );
        let (total, non_white, dark) = pixel_stats(&png);
        assert!(
            non_white > total / 50,
            "{name}: PNG nearly blank ({non_white} of {total})"
        );
        // Text (title, labels) is drawn in dark ink with the embedded font.
        assert!(dark > 200, "{name}: no text drawn in the PNG ({dark})");
    }
    // Labels are escaped in the SVG and CJK text is kept.
    let svg = std::fs::read_to_string(dir.path().join("score.svg")).unwrap();
    assert!(svg.contains("花月"));
    assert!(!svg.contains("<script>"));
    assert!(svg.contains("&lt;script&gt;"));
    let svg = std::fs::read_to_string(dir.path().join("findings.svg")).unwrap();
    assert!(svg.contains("名人戦 2023"));
}

#[test]
fn single_row_frames_draw() {
    let dir = tmp();
    for (spec, df, name) in specs() {
        let one = df.head(Some(1));
        let (svg, png) = draw(&spec, &one, dir.path(), name).unwrap();
        assert!(!std::fs::read_to_string(&svg).unwrap().contains("no data"));
        let (total, non_white, _) = pixel_stats(&png);
        assert!(non_white > total / 100, "{name}");
    }
}

#[test]
fn empty_frames_draw_no_data() {
    let dir = tmp();
    for (spec, df, name) in specs() {
        let empty = df.head(Some(0));
        let (svg, png) = draw(&spec, &empty, dir.path(), name).unwrap();
        let text = std::fs::read_to_string(&svg).unwrap();
        assert!(text.contains("no data"), "{name}");
        let (total, non_white, dark) = pixel_stats(&png);
        assert!(non_white > 0 && non_white < total);
        assert!(dark > 50, "{name}: title not drawn");
    }
}

#[test]
fn missing_column_is_an_error() {
    let dir = tmp();
    let spec = ChartSpec::Bars {
        title: "x".into(),
        label: "nope".into(),
        value: "findings".into(),
    };
    assert!(draw(&spec, &bars_frame(), dir.path(), "x").is_err());
}

fn assert_svg(svg: &str) {
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.ends_with("</svg>"));
    // Balanced open/close tags (a cheap well-formedness check).
    let opens = svg.matches("<g").count() - svg.matches("<g/").count();
    assert_eq!(opens, svg.matches("</g>").count());
    assert_eq!(svg.matches("<text").count(), svg.matches("</text>").count());
}

fn renju_blob(moves: &str) -> Vec<u8> {
    renju::encode_moves(&renju::parse_moves(moves).unwrap())
}

#[test]
fn renju_diagram_marks_the_move() {
    // A Kagetsu start; black's 7th move at h10 (a classic double-three shape nearby).
    let blob = renju_blob("h8 h9 i9 g9 i7 i8 g7");
    let svg = renju_diagram(&blob, 5, &[(9 * 15 + 7, "double-three")]);
    assert_svg(&svg);
    // 5 stones numbered 1..5, the 5th (i7) ringed.
    assert_eq!(svg.matches("r=\"12.9\" fill=").count(), 5);
    assert!(svg.contains(">5</text>"));
    assert!(svg.contains("class=\"mark\""));
    assert!(svg.contains("move 5: i7"));
    assert!(svg.contains("forbidden: double-three"));
    // Coordinates labelled.
    assert!(svg.contains(">o</text>") && svg.contains(">15</text>"));
    // A pass is reported as such; ply 0 marks nothing.
    let svg = renju_diagram(&[112, 255], 2, &[]);
    assert!(svg.contains("move 2: pass"));
    let svg = renju_diagram(&blob, 0, &[]);
    assert!(!svg.contains("class=\"mark\""));
    // Garbage never panics.
    assert_svg(&renju_diagram(&[250, 7, 7, 7], 99, &[(240, "?")]));
}

#[test]
fn xiangqi_diagram_marks_the_move() {
    let moves: Vec<xiangqi::Move> = ["h2e2", "h9g7", "h0g2"]
        .iter()
        .map(|m| xiangqi::Move::parse_iccs(m, false).unwrap())
        .collect();
    let blob = xiangqi::encode_moves(&moves);
    let svg = xiangqi_diagram(None, &blob, 2);
    assert_svg(&svg);
    assert!(svg.contains("move 2: h9g7"));
    assert!(svg.contains("class=\"mark\"") && svg.contains("class=\"from\""));
    // Red's cannon now on e2 (the central cannon), 32 pieces.
    assert_eq!(svg.matches("<title>").count(), 1 + 32);
    assert!(svg.contains("炮") || svg.contains("砲"));
    assert!(svg.contains("帥") || svg.contains("帅"));
    // A custom start.
    let svg = xiangqi_diagram(Some("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"), &[], 0);
    assert_svg(&svg);
    assert_eq!(svg.matches("<title>").count(), 1 + 2);
}

#[test]
fn territorial_diagram_marks_the_move() {
    let moves = territorial::parse_moves("K@e1 K@d8 Q@e2").unwrap();
    let blob = territorial::encode_moves(&moves);
    let svg = territorial_diagram(&blob, 3);
    assert_svg(&svg);
    assert!(svg.contains("move 3: Q@e2"));
    assert!(svg.contains("class=\"mark\""));
    assert_eq!(svg.matches(">K</text>").count(), 2);
    assert_eq!(svg.matches(">Q</text>").count(), 1);
    let svg = territorial_diagram(&[b'K', 4, 255, 255], 2);
    assert!(svg.contains("move 2: pass"));
}

#[test]
fn chouchou_diagram_marks_the_move() {
    let actions: Vec<_> = chouchou::parse_moves("1A 2A 3A")
        .unwrap()
        .into_iter()
        .map(|(a, _)| a)
        .collect();
    let blob = chouchou::encode_actions(&actions).unwrap();
    let svg = chouchou_diagram("3x3", 2, false, &blob, 3);
    assert_svg(&svg);
    assert!(svg.contains("action 3: P1 3A"), "{svg}");
    assert!(svg.contains("class=\"mark\""));
    assert!(svg.contains(">P2</text>"));
    // A move of two pieces is drawn as an arrow.
    let actions: Vec<_> = chouchou::parse_moves("1A 2A 1B 2B 1A→1C②")
        .unwrap()
        .into_iter()
        .map(|(a, _)| a)
        .collect();
    let blob = chouchou::encode_actions(&actions).unwrap();
    let svg = chouchou_diagram("4x4", 4, true, &blob, 5);
    assert_svg(&svg);
    assert!(svg.contains("marker-end"));
    assert!(svg.contains("team 2"));
}

fn sample_report() -> Report {
    let charts = specs()
        .into_iter()
        .map(|(spec, df, name)| (spec, df, name.to_string()))
        .collect();
    let standings = df!(
        "place" => [1u32, 2, 3],
        "player" => ["胡榮華", "<script>alert(1)</script>", "Ann & Bob"],
        "points" => [2.5, 1.5, 1.0],
        "sb" => [3.25, 1.0, 0.5],
    )
    .unwrap();
    let blob = renju_blob("h8 h9 i9 g9 i7 i8 g7");
    let xq: Vec<xiangqi::Move> = ["h2e2", "h9g7"]
        .iter()
        .map(|m| xiangqi::Move::parse_iccs(m, false).unwrap())
        .collect();
    Report {
        title: "Federation season report 2024".into(),
        subtitle: "All events · generated from kifu.db".into(),
        sections: vec![
            Section {
                title: "Standings".into(),
                intro: "Points and Sonneborn-Berger per player.".into(),
                tables: vec![("Event 名人戦".into(), standings)],
                charts: Vec::new(),
            },
            Section {
                title: "Openings and results".into(),
                intro: "Scores with 95% intervals.".into(),
                tables: vec![("Scores".into(), score_frame())],
                charts,
            },
            Section {
                title: "Empty".into(),
                intro: String::new(),
                tables: vec![("nothing".into(), bars_frame().head(Some(0)))],
                charts: vec![(
                    ChartSpec::Bars {
                        title: "Nothing yet".into(),
                        label: "event".into(),
                        value: "findings".into(),
                    },
                    bars_frame().head(Some(0)),
                    "empty".into(),
                )],
            },
        ],
        audit: vec![
            AuditItem {
                game: 12,
                kind: "renju".into(),
                source: "games/2024.txt".into(),
                line: 4,
                column: 17,
                players: "胡榮華 – <script>alert(1)</script>".into(),
                ply: Some(7),
                code: "forbidden-move".into(),
                severity: "warning".into(),
                message: "Black's g7 is a double-three".into(),
                rule: "renju §8-9 b".into(),
                diagram_svg: Some(renju_diagram(&blob, 7, &[(7 * 15 + 6, "double-three")])),
                resolution: None,
                no_diagram: None,
            },
            AuditItem {
                game: 40,
                kind: "xiangqi".into(),
                source: "xq.pgn".into(),
                line: 20,
                column: 3,
                players: "許銀川 – 呂欽".into(),
                ply: Some(2),
                code: "perpetual-check".into(),
                severity: "error".into(),
                message: "Red checks perpetually".into(),
                rule: "xiangqi 棋例1".into(),
                diagram_svg: Some(xiangqi_diagram(None, &xiangqi::encode_moves(&xq), 2)),
                resolution: None,
                no_diagram: None,
            },
            AuditItem {
                game: 77,
                kind: "territorial".into(),
                source: "ct.pgn".into(),
                line: 9,
                column: 12,
                players: "Kato – Sato".into(),
                ply: Some(3),
                code: "illegal-placement".into(),
                severity: "error".into(),
                message: "Q@e2 is not reachable".into(),
                rule: "territorial §placement (queen restriction)".into(),
                diagram_svg: Some(territorial_diagram(
                    &territorial::encode_moves(
                        &territorial::parse_moves("K@e1 K@d8 Q@e2").unwrap(),
                    ),
                    3,
                )),
                resolution: None,
                no_diagram: None,
            },
            AuditItem {
                game: 78,
                kind: "chouchou".into(),
                source: "cc.ccn".into(),
                line: 3,
                column: 5,
                players: "たろう – はなこ – P3 – P4".into(),
                ply: Some(5),
                code: "capture-mismatch".into(),
                severity: "error".into(),
                message: "recorded x3, the board gives 2".into(),
                rule: "chouchou rule 3 capturing(1)-(2)".into(),
                diagram_svg: Some(chouchou_diagram(
                    "4x4",
                    4,
                    false,
                    &chouchou::encode_actions(
                        &chouchou::parse_moves("1A 2A 1B 2B 1A→1C② 3C 4D")
                            .unwrap()
                            .into_iter()
                            .map(|(a, _)| a)
                            .collect::<Vec<_>>(),
                    )
                    .unwrap(),
                    5,
                )),
                resolution: None,
                no_diagram: None,
            },
            AuditItem {
                game: 41,
                kind: "chouchou".into(),
                source: "cc.ccn".into(),
                line: 1,
                column: 1,
                players: "P1 – P2".into(),
                ply: None,
                code: "bad-setup".into(),
                severity: "error".into(),
                message: "no diagram here".into(),
                rule: String::new(),
                diagram_svg: None,
                resolution: None,
                no_diagram: None,
            },
        ],
        audit_omitted: 3,
        ..Default::default()
    }
}

#[test]
fn write_report_writes_html_markdown_charts_and_diagrams() {
    let dir = tmp();
    let files = write_report(&sample_report(), dir.path()).unwrap();
    assert_eq!(files.html, dir.path().join("index.html"));
    assert_eq!(files.markdown, dir.path().join("report.md"));
    // Six charts: wide SVG and PNG, narrow SVG.
    assert_eq!(files.charts.len(), 18);
    assert!(files.charts.iter().all(|p| p.exists()));
    assert_eq!(files.diagrams.len(), 4);
    assert!(files.diagrams.iter().all(|p| p.exists()));

    let html = std::fs::read_to_string(&files.html).unwrap();
    for expected in [
        "<!DOCTYPE html>",
        "Federation season report 2024",
        "href=\"#s1-standings\"",
        "id=\"s2-openings-and-results\"",
        "id=\"audit\"",
        "Figure 1.",
        "Rule cited",
        "renju §8-9 b",
        "xiangqi 棋例1",
        "games/2024.txt:4:17",
        "胡榮華",
        "Ann &amp; Bob",
        "data-charts=\"10\"",
        "class=\"num\"",
    ] {
        assert!(html.contains(expected), "index.html lacks {expected}");
    }
    // The player called <script> is text, never markup: the only <script> tags are ours.
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert_eq!(html.matches("<script>").count(), 2);
    assert!(!html.contains("<script>alert"));
    // Self-contained: no external resources.
    for external in ["http://", "https://", "<link", "src=\""] {
        let n = html.matches(external).count();
        let allowed = html.matches("http://www.w3.org/").count();
        if external == "http://" {
            assert_eq!(n, allowed, "external reference in index.html");
        } else {
            assert_eq!(n, 0, "{external} in index.html");
        }
    }
    assert!(html.contains("no data"));

    let md = std::fs::read_to_string(&files.markdown).unwrap();
    for expected in [
        "# Federation season report 2024",
        "## Standings",
        "## Openings and results",
        "## Audit",
        "| place | player | points | sb |",
        "| ---: | --- | ---: | ---: |",
        "![Black's score per opening](charts/score.png)",
        "胡榮華",
        "&lt;script&gt;alert(1)&lt;/script&gt;",
        "`forbidden-move`",
        "renju §8-9 b",
        "(diagrams/001-game-12-ply-7.svg)",
    ] {
        assert!(md.contains(expected), "report.md lacks {expected}\n{md}");
    }
    assert!(!md.contains("<script>"));
    // Findings over the report's limit are counted, not dropped silently.
    assert!(md.contains("3 more warning/error findings not shown here"));
    let html = std::fs::read_to_string(&files.html).unwrap();
    assert!(html.contains("3 more warning/error findings not shown here"));
}

#[test]
fn report_opens_in_headless_chromium() {
    // Kept after the test (target/tmp) so the screenshot can be looked at.
    let out: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join("kifu-report");
    let _ = std::fs::remove_dir_all(&out);
    let files = write_report(&sample_report(), &out).unwrap();
    let Some(page) = open_in_chromium(&files.html, 2000) else {
        return;
    };
    let charts = attr(&page.dom, "data-charts").unwrap();
    assert_eq!(charts, 10, "5 + 1 charts and 4 diagrams");
    assert_eq!(attr(&page.dom, "data-charts-ok"), Some(charts));
    assert!(page.dom.contains("胡榮華"));
    assert!(page.dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(page.screenshot.is_file());
}

/// The report `kifu report` writes for the bundled samples of all four games (built from a
/// real database, as the command does), opened in Chromium.
#[test]
fn report_of_the_samples_database_opens_in_headless_chromium() {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples");
    let work = tmp();
    let db = work.path().join("samples.db");
    kifu_ingest::ingest(&db, &[samples], &kifu_ingest::Options::default()).unwrap();
    let store = kifu_store::Store::open_read_only(&db).unwrap();
    let report = build_report(&store, &ReportOptions::default()).unwrap();

    // Every kind's section, the findings and the audit with a diagram per game finding.
    let titles: Vec<&str> = report.sections.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(
        titles,
        [
            "Overview",
            "Renju: opening balance",
            "Xiangqi: results, repetition rulings, captures",
            "Chess Territorial: scores and territories",
            "ChouChou (珠取): captures and penalties",
            "Standings",
            "Ratings and the balance adjusted for strength",
            "Opening explorer",
            "Findings"
        ]
    );
    // The explorer's trees: Renju openings first, the Xiangqi start last.
    // Standings of every kind's events: ChouChou's as the federation's score sheet, each
    // round a player has no game in flagged (the samples' ChouChou event has games of
    // different players in different rounds).
    let standings: Vec<&str> = report.sections[5]
        .tables
        .iter()
        .map(|(caption, _)| caption.as_str())
        .collect();
    for kind in ["Renju", "Chess Territorial"] {
        assert!(
            standings
                .iter()
                .any(|c| c.starts_with(&format!("{kind} · ")) && c.contains(": standings")),
            "{kind}: {standings:?}"
        );
    }
    // The samples' Xiangqi events are of two players each: matches, with their score.
    assert!(
        standings.contains(&"Xiangqi · 示例邀请赛: match 张强 ½–½ 李明"),
        "{standings:?}"
    );
    // The Osaka league (samples/chouchou): Suzuki and Tanaka have no game in round 2.
    let (caption, sheet) = report.sections[5]
        .tables
        .iter()
        .find(|(c, _)| c.starts_with("ChouChou · Spring League, Osaka: score sheet"))
        .expect("the Osaka score sheet");
    assert!(caption.ends_with("⚠ 2 of 4 players have no game in some round"));
    let rows: Vec<(&str, &str)> = sheet
        .column("player")
        .unwrap()
        .str()
        .unwrap()
        .iter()
        .zip(
            sheet
                .column("missing rounds")
                .unwrap()
                .str()
                .unwrap()
                .iter(),
        )
        .map(|(p, m)| (p.unwrap(), m.unwrap()))
        .collect();
    assert_eq!(
        rows,
        [
            ("Sato", ""),
            ("Suzuki", "⚠ 2"),
            ("Tanaka", "⚠ 2"),
            ("Ito", "")
        ]
    );
    let section = |title: &str| {
        &report
            .sections
            .iter()
            .find(|s| s.title == title)
            .unwrap_or_else(|| panic!("{title}"))
            .tables
    };
    // The samples' named players are rated; the list is headed by its game.
    let ratings = section("Ratings and the balance adjusted for strength");
    assert!(
        ratings
            .iter()
            .any(|(caption, df)| caption == "Renju: the top 20 players (WHR)" && df.height() > 0),
        "{:?}",
        ratings.iter().map(|(c, _)| c).collect::<Vec<_>>()
    );
    let trees = section("Opening explorer");
    assert!(
        trees[0].0.starts_with("Renju explorer from "),
        "{}",
        trees[0].0
    );
    assert!(
        trees
            .last()
            .unwrap()
            .0
            .starts_with("Xiangqi explorer from the start position"),
        "{}",
        trees.last().unwrap().0
    );
    let errors = report
        .audit
        .iter()
        .filter(|a| a.severity == "error")
        .count();
    let warnings = report.audit.len() - errors;
    assert!(errors > 0 && warnings > 0);
    // Errors come first.
    assert!(report.audit[..errors].iter().all(|a| a.severity == "error"));
    let with_diagram = report
        .audit
        .iter()
        .filter(|a| a.diagram_svg.is_some())
        .count();
    let of_games = report.audit.iter().filter(|a| a.game > 0).count();
    assert!(of_games > 0);
    // A game on a board that is not Renju's (20×20 PSQ) has no moves to draw but still
    // a diagram of the empty board; quarantined records have none.
    assert_eq!(with_diagram, of_games);
    assert_eq!(report.audit_omitted, 0);

    let out: PathBuf = Path::new(env!("CARGO_TARGET_TMPDIR")).join("kifu-report-samples");
    let _ = std::fs::remove_dir_all(&out);
    let files = write_report(&report, &out).unwrap();
    let n_charts: usize = report.sections.iter().map(|s| s.charts.len()).sum();
    assert_eq!(files.charts.len(), 3 * n_charts);
    assert_eq!(files.diagrams.len(), with_diagram);
    for f in files.charts.iter().chain(&files.diagrams) {
        assert!(std::fs::metadata(f).unwrap().len() > 500, "{}", f.display());
    }
    // Info-level findings are folded away under their count (summed here from the
    // findings table), and source paths are shown from the samples folder: the full path
    // only in the HTML's tooltips, never in report.md.
    let (_, by_source) = report
        .sections
        .iter()
        .flat_map(|s| &s.tables)
        .find(|(c, _)| c == "Findings by source, code and severity")
        .unwrap();
    let severity = by_source.column("severity").unwrap().str().unwrap();
    let findings = by_source
        .column("findings")
        .unwrap()
        .cast(&DataType::UInt64)
        .unwrap();
    let info: u64 = (0..by_source.height())
        .filter(|&i| severity.get(i) == Some("info"))
        .map(|i| findings.u64().unwrap().get(i).unwrap())
        .sum();
    assert!(info > 0);
    let html = std::fs::read_to_string(&files.html).unwrap();
    let md = std::fs::read_to_string(&files.markdown).unwrap();
    assert!(
        html.contains(&format!(
            "<details class=\"info\"><summary>{info} info-level findings ("
        )),
        "no folded info findings"
    );
    assert!(md.contains(&format!("_{info} info-level findings (")));
    let sources = by_source.column("source").unwrap().str().unwrap();
    for (i, full) in sources.iter().enumerate() {
        let full = full.unwrap();
        assert!(full.starts_with('/'), "{full}");
        assert!(!md.contains(full), "report.md prints {full}");
        // Rows of warnings and errors are listed (info rows are folded away).
        if severity.get(i) != Some("info") {
            let short = &full[full.rfind("/samples/").unwrap() + "/samples/".len()..];
            assert!(md.contains(&format!("| {} |", md_escape(short))), "{short}");
        }
    }
    let full = sources.get(0).unwrap();
    assert!(
        html.contains(&format!(" title=\"{}\"", escape(full))),
        "{full}"
    );
    let Some(page) = open_in_chromium(&files.html, 4000) else {
        return;
    };
    let shown = attr(&page.dom, "data-charts").unwrap();
    assert_eq!(shown as usize, n_charts + with_diagram);
    assert_eq!(attr(&page.dom, "data-charts-ok"), Some(shown));
    // Names from the GBK and Big5 samples come out as text.
    assert!(page.dom.contains("示例邀请赛"), "GBK event name");
}

/// Every column a report's tables name has its label in every language (a column named by
/// data, a round or a line number, holds a digit), and in Chinese or Japanese no section
/// title, caption or column of the report is left in English.
#[test]
fn every_report_label_is_translated() {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples");
    let work = tmp();
    let db = work.path().join("samples.db");
    kifu_ingest::ingest(&db, &[samples], &kifu_ingest::Options::default()).unwrap();
    let store = kifu_store::Store::open_read_only(&db).unwrap();
    let english = |text: &str| {
        // Names from the records and abbreviations are not labels.
        let mut rest = text.to_owned();
        for keep in [
            "WHR", "ECCO", "SB", "P1", "P2", "P3", "P4", "D1", "I1", "D13", "I13",
        ] {
            rest = rest.replace(keep, "");
        }
        rest.split(|c: char| !c.is_ascii_alphabetic())
            .any(|w| w.len() > 2 && w.chars().all(|c| c.is_ascii_lowercase()))
    };
    for lang in Lang::ALL {
        for edition in [Edition::Audit, Edition::Public] {
            let options = ReportOptions {
                explorer_depth: 0,
                presentation: Presentation {
                    lang,
                    edition,
                    ..Presentation::default()
                },
                ..ReportOptions::default()
            };
            let report = build_report(&store, &options).unwrap();
            for section in &report.sections {
                if lang != Lang::En {
                    assert!(!english(&section.title), "{lang}: {}", section.title);
                }
                for (caption, df) in &section.tables {
                    for name in df.get_column_names() {
                        let name = name.as_str();
                        assert!(
                            column_msg(name).is_some() || name.chars().any(|c| c.is_ascii_digit()),
                            "{lang}: column {name:?} of {caption:?} has no label"
                        );
                    }
                }
            }
        }
    }
}
