//! Charts a newsletter can print: every chart for zero, one and many rows (no negative
//! size, a “no data” panel for none), integer histogram ticks, the colours of each game's
//! sides, small groups pooled under a stated minimum (on the 2015 World Xiangqi
//! Championship when the shared data is there), and CJK names in PNG compared pixel by
//! pixel against the font's `.notdef` box.

use std::path::{Path, PathBuf};

use kifu_facts::{GameKind, ResultName};
use kifu_reports::*;
use polars::prelude::*;

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

// ---- SVG reading -------------------------------------------------------------------

/// One SVG element's attributes.
#[derive(Debug)]
struct Element {
    name: String,
    attrs: Vec<(String, String)>,
}

impl Element {
    fn get(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn num(&self, name: &str) -> Option<f64> {
        self.get(name).map(|v| {
            v.trim_end_matches("px")
                .parse::<f64>()
                .unwrap_or_else(|_| panic!("{name}=\"{v}\" is not a number in {self:?}"))
        })
    }
}

/// Every start tag of the SVG with its attributes (plotters writes `name="value"`).
fn elements(svg: &str) -> Vec<Element> {
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        if rest.starts_with('/') || rest.starts_with('?') || rest.starts_with('!') {
            continue;
        }
        let end = rest.find('>').expect("unclosed tag");
        let tag = &rest[..end];
        let name: String = tag.chars().take_while(|c| !c.is_whitespace()).collect();
        let mut attrs = Vec::new();
        let mut a = &tag[name.len()..];
        while let Some(eq) = a.find("=\"") {
            let key = a[..eq].trim().to_string();
            let after = &a[eq + 2..];
            let close = after.find('"').expect("unclosed attribute");
            attrs.push((key, after[..close].to_string()));
            a = &after[close + 1..];
        }
        out.push(Element {
            name: name.trim_end_matches('/').to_string(),
            attrs,
        });
        rest = &rest[end..];
    }
    out
}

/// The text of every `<text>` element.
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .map(|t| {
            let body = &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()];
            body.trim().to_string()
        })
        .collect()
}

/// Every width and height in the SVG is a finite number, none negative.
fn assert_no_negative_size(svg: &str, what: &str) {
    for el in elements(svg) {
        for attr in ["width", "height"] {
            if let Some(v) = el.num(attr) {
                assert!(
                    v.is_finite() && v >= 0.0,
                    "{what}: <{} {attr}=\"{v}\">",
                    el.name
                );
            }
        }
    }
}

/// The rectangles filled with `hex` (upper case, as plotters writes) with a positive area.
fn filled(svg: &str, hex: &str) -> Vec<(f64, f64)> {
    elements(svg)
        .into_iter()
        .filter(|el| {
            el.name == "rect" && el.get("fill").is_some_and(|f| f.eq_ignore_ascii_case(hex))
        })
        .map(|el| (el.num("width").unwrap(), el.num("height").unwrap()))
        .filter(|&(w, h)| w > 0.0 && h > 0.0)
        .collect()
}

// ---- frames ------------------------------------------------------------------------

fn names(n: usize) -> Vec<String> {
    ["許銀川", "吕钦", "中村", "Kagetsu (花月)", "RIF", "B05"]
        .iter()
        .cycle()
        .take(n)
        .enumerate()
        .map(|(i, s)| format!("{s} {i}"))
        .collect()
}

/// A chart of each kind with a frame of `n` rows.
fn charts(n: usize) -> Vec<(&'static str, ChartSpec, DataFrame)> {
    let labels = names(n);
    let frac = |k: usize| {
        (0..n)
            .map(|i| ((i + k) % 5) as f64 / 10.0 + 0.1)
            .collect::<Vec<_>>()
    };
    vec![
        (
            "score",
            ChartSpec::ScoreBars {
                title: "Black's score — openings with at least 5 games".into(),
                label: "opening".into(),
                value: "score".into(),
                low: "low".into(),
                high: "high".into(),
                side: ResultName::Black,
            },
            df!(
                "opening" => labels.clone(),
                "score" => frac(2),
                "low" => frac(0),
                "high" => frac(4),
            )
            .unwrap(),
        ),
        (
            "shares",
            ChartSpec::StackedShares {
                title: "Result shares".into(),
                label: "opening".into(),
                shares: vec![
                    ("red".into(), ResultName::Red),
                    ("draw".into(), ResultName::Draw),
                    ("black".into(), ResultName::Black),
                ],
            },
            df!(
                "opening" => labels.clone(),
                "red" => vec![0.5; n],
                "draw" => vec![0.2; n],
                "black" => vec![0.3; n],
            )
            .unwrap(),
        ),
        (
            "hist",
            ChartSpec::Histogram {
                title: "Game length".into(),
                from: "from".into(),
                to: "to".into(),
                count: "games".into(),
                x_desc: "plies".into(),
                sides: None,
            },
            df!(
                "from" => (0..n as i64).map(|i| 40 + 10 * i).collect::<Vec<_>>(),
                "to" => (0..n as i64).map(|i| 49 + 10 * i).collect::<Vec<_>>(),
                "games" => (0..n as u32).map(|i| 1 + i % 7).collect::<Vec<_>>(),
            )
            .unwrap(),
        ),
        (
            "bars",
            ChartSpec::Bars {
                title: "Findings per event".into(),
                label: "event".into(),
                value: "total".into(),
            },
            df!(
                "event" => labels.clone(),
                "total" => (0..n as u32).map(|i| 26 + i).collect::<Vec<_>>(),
            )
            .unwrap(),
        ),
        (
            "line",
            ChartSpec::Line {
                title: "Material — plies reached by at least 10 games".into(),
                x: "ply".into(),
                y: "balance".into(),
                x_desc: "ply".into(),
                y_desc: "Red − Black".into(),
                sides: Some((ResultName::Red, ResultName::Black)),
            },
            df!(
                "ply" => (1..=n as u32).collect::<Vec<_>>(),
                "balance" => (0..n).map(|i| (i as f64 * 0.7).sin() * 3.0).collect::<Vec<_>>(),
            )
            .unwrap(),
        ),
    ]
}

// ---- zero, one, many ---------------------------------------------------------------

#[test]
fn every_chart_for_zero_one_and_many_rows_has_no_negative_size() {
    let dir = tmp();
    for n in [0, 1, 2, 12, 150] {
        for (name, spec, df) in charts(n) {
            let what = format!("{name} with {n} rows");
            let (svg, png) = draw(&spec, &df, dir.path(), &format!("{name}-{n}")).unwrap();
            let svg = std::fs::read_to_string(svg).unwrap();
            assert_no_negative_size(&svg, &what);
            let no_data = texts(&svg).iter().any(|t| t == "no data");
            assert_eq!(no_data, n == 0, "{what}: “no data” panel");
            if n == 0 {
                // Why: a chart with a stated minimum blames it, the others the selection.
                let why = if spec.title().contains(" — ") {
                    "too few games for the minimum stated above"
                } else {
                    "nothing to show for the games selected"
                };
                assert!(texts(&svg).iter().any(|t| t == why), "{what}: {why}");
            }
            // A drawn bar (or the panel) has a positive area: never an empty frame.
            let shapes = elements(&svg)
                .into_iter()
                .filter(|e| e.name == "rect" || e.name == "polyline" || e.name == "path")
                .filter(|e| e.get("fill") != Some("#FFFFFF"))
                .count();
            assert!(shapes > 0, "{what}: nothing drawn");
            let (w, h) =
                png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()))
                    .read_info()
                    .map(|r| (r.info().width, r.info().height))
                    .unwrap();
            assert!(w >= 900 && h >= 150, "{what}: {w}×{h}");
        }
    }
}

#[test]
fn every_narrow_chart_is_320_wide_and_its_text_readable_on_a_phone() {
    // Shown at about 1:1 on a 375 px phone: no text under 11 CSS px (the SVG's font-size,
    // with a margin), and zero, one or many rows draw as the wide chart does.
    let dir = tmp();
    for n in [0, 1, 2, 12, 150] {
        for (name, spec, df) in charts(n) {
            let what = format!("narrow {name} with {n} rows");
            let path =
                draw_narrow(&spec, &df, dir.path(), &format!("{name}-{n}"), Lang::En).unwrap();
            assert_eq!(path, dir.path().join(format!("{name}-{n}-narrow.svg")));
            let svg = std::fs::read_to_string(path).unwrap();
            assert_no_negative_size(&svg, &what);
            let all = elements(&svg);
            assert_eq!(all[0].name, "svg", "{what}");
            assert_eq!(all[0].num("width"), Some(320.0), "{what}");
            let sizes: Vec<f64> = all
                .iter()
                .filter(|e| e.name == "text")
                .map(|e| e.num("font-size").unwrap())
                .collect();
            assert!(sizes.len() >= 2, "{what}: {sizes:?}");
            assert!(sizes.iter().all(|&s| s >= 11.5), "{what}: {sizes:?}");
            assert_eq!(
                texts(&svg).iter().any(|t| t == "no data"),
                n == 0,
                "{what}: “no data” panel"
            );
        }
    }
}

#[test]
fn a_single_event_draws_its_bar_with_a_positive_height() {
    // The bug of issue 16: the only bar of a one-event report had a negative height.
    let dir = tmp();
    let (_, spec, df) = charts(1).remove(3);
    let (svg, _) = draw(&spec, &df, dir.path(), "one-event").unwrap();
    let svg = std::fs::read_to_string(svg).unwrap();
    let bars = filled(&svg, "#2F6EBA");
    assert_eq!(bars.len(), 1, "{bars:?}");
    assert!(bars[0].0 > 300.0 && bars[0].1 > 20.0, "{bars:?}");
    assert!(texts(&svg).iter().any(|t| t == "26"));
}

#[test]
fn nothing_worth_drawing_is_no_data_too() {
    let dir = tmp();
    // Groups without any result: null shares.
    let spec = charts(2).remove(1).1;
    let df = df!(
        "opening" => ["A", "B"],
        "red" => [None::<f64>, None],
        "draw" => [None::<f64>, None],
        "black" => [None::<f64>, None],
    )
    .unwrap();
    let (svg, _) = draw(&spec, &df, dir.path(), "null-shares").unwrap();
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(texts(&svg).iter().any(|t| t == "no data"));
    assert!(texts(&svg)
        .iter()
        .any(|t| t == "no value to draw for the games selected"));
    assert_no_negative_size(&svg, "null shares");
}

// ---- histograms --------------------------------------------------------------------

/// The numbers among the SVG's texts.
fn numeric_texts(svg: &str) -> Vec<String> {
    texts(svg)
        .into_iter()
        .filter(|t| {
            !t.is_empty()
                && t.chars()
                    .all(|c| c.is_ascii_digit() || c == '.' || c == '-')
        })
        .collect()
}

#[test]
fn a_one_value_histogram_has_one_integer_bin_and_integer_ticks() {
    // Every game 33 plies long (a bin of 5: 30..=34): one bar, labels 0, 1 on the count
    // axis and whole plies on the other.
    let dir = tmp();
    for (from, to, games) in [(30i64, 34i64, 1u32), (30, 34, 65), (7, 7, 2), (-5, -1, 3)] {
        let spec = ChartSpec::Histogram {
            title: "Chess Territorial: game length".into(),
            from: "from".into(),
            to: "to".into(),
            count: "games".into(),
            x_desc: "plies".into(),
            sides: None,
        };
        let df = df!("from" => [from], "to" => [to], "games" => [games]).unwrap();
        let (svg, _) = draw(&spec, &df, dir.path(), "one-value").unwrap();
        let svg = std::fs::read_to_string(svg).unwrap();
        assert_no_negative_size(&svg, "one-value histogram");
        let ticks = numeric_texts(&svg);
        assert!(ticks.len() >= 4, "{ticks:?}");
        for t in &ticks {
            assert!(!t.contains('.'), "fractional tick {t} in {ticks:?}");
        }
        // The bin's own bounds are ticks, and the count axis reaches the count.
        assert!(ticks.contains(&from.to_string()), "{from} in {ticks:?}");
        assert!(
            ticks.contains(&(to + 1).to_string()),
            "{} in {ticks:?}",
            to + 1
        );
        let top: i64 = ticks
            .iter()
            .filter_map(|t| t.parse::<i64>().ok())
            .filter(|&v| v <= i64::from(games) + 10 && v >= 0)
            .max()
            .unwrap();
        assert!(top >= i64::from(games));
        let bars = filled(&svg, "#2F6EBA");
        assert_eq!(bars.len(), 1, "one bar: {bars:?}");
        let caption = texts(&svg);
        let width = to - from + 1;
        assert!(
            caption.contains(&format!("plies (bins of {width})")),
            "{caption:?}"
        );
    }
}

// ---- colours -----------------------------------------------------------------------

fn upper_hex(side: ResultName) -> String {
    side_colour(side).hex().to_ascii_uppercase()
}

#[test]
fn result_shares_are_drawn_in_each_games_side_colours() {
    let dir = tmp();
    for kind in [GameKind::Renju, GameKind::Xiangqi, GameKind::Territorial] {
        let s = sides(kind);
        let (first, second) = (s[0], s[1]);
        let spec = ChartSpec::StackedShares {
            title: format!("{kind}: result shares"),
            label: "group".into(),
            shares: vec![
                ("first".into(), first),
                ("draw".into(), ResultName::Draw),
                ("second".into(), second),
            ],
        };
        // Shares 0.6 / 0.1 / 0.3: each side's bar as wide as its share.
        let df = df!(
            "group" => ["all"],
            "first" => [0.6],
            "draw" => [0.1],
            "second" => [0.3],
        )
        .unwrap();
        let (svg, _) = draw(&spec, &df, dir.path(), kind.name()).unwrap();
        let svg = std::fs::read_to_string(svg).unwrap();
        let widths: Vec<f64> = [first, ResultName::Draw, second]
            .iter()
            .map(|&side| {
                let bars = filled(&svg, &upper_hex(side));
                // The bar and the legend swatch.
                assert_eq!(bars.len(), 2, "{kind} {side:?}: {bars:?}");
                bars.iter().map(|b| b.0).fold(0.0, f64::max)
            })
            .collect();
        let unit = widths[0] / 0.6;
        assert!((widths[1] - 0.1 * unit).abs() < 3.0, "{kind}: {widths:?}");
        assert!((widths[2] - 0.3 * unit).abs() < 3.0, "{kind}: {widths:?}");
        let legend = texts(&svg);
        for side in [first, second] {
            let name = format!("{} wins", side_name(side));
            assert!(legend.contains(&name), "{kind}: {name} in {legend:?}");
        }
        assert!(legend.contains(&"draw".to_string()));
        // No palette blue anywhere: the sides have their own colours.
        assert!(filled(&svg, "#2F6EBA").is_empty(), "{kind}: blue bars");
    }
    // Xiangqi red is red, Renju and Xiangqi black is near black, White is white with an
    // edge so it shows on paper.
    let red = side_colour(ResultName::Red).fill;
    assert!(red.0 > 150 && red.1 < 80 && red.2 < 80, "{red:?}");
    let white = side_colour(ResultName::White);
    assert!(white.fill.0 > 240 && white.edge.0 < 60);
}

#[test]
fn board_diagrams_share_the_side_colours() {
    let svg = chouchou_diagram("2x2", 2, false, &[], 0);
    for seat in 1..=2 {
        assert!(
            svg.contains(&side_colour(ResultName::Seat(seat)).hex()),
            "P{seat} colour missing"
        );
    }
}

// ---- pooling on real data ----------------------------------------------------------

/// `<shared>/data/REL`, or `None` (test skipped) when missing.
fn shared(rel: &str) -> Option<PathBuf> {
    kifu_testdata::shared(&format!("data/{rel}"))
}

fn strs(df: &DataFrame, name: &str) -> Vec<String> {
    let c = df.column(name).unwrap().cast(&DataType::String).unwrap();
    c.str()
        .unwrap()
        .iter()
        .map(|v| v.unwrap_or("").to_string())
        .collect()
}

fn u32s(df: &DataFrame, name: &str) -> Vec<u32> {
    let c = df.column(name).unwrap().cast(&DataType::UInt32).unwrap();
    c.u32().unwrap().iter().map(|v| v.unwrap_or(0)).collect()
}

#[test]
fn world_championship_2015_pools_small_openings_by_ecco_family() {
    let Some(tar) = shared("xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz") else {
        return;
    };
    let work = tmp();
    let db = work.path().join("xq.db");
    kifu_ingest::ingest(&db, &[tar], &kifu_ingest::Options::default()).unwrap();
    let store = kifu_store::Store::open_read_only(&db).unwrap();
    let event = "2015年慕中杯第14届世界象棋锦标赛";
    let options = ReportOptions {
        filter: kifu_analysis::Filter {
            event: Some(event.into()),
            ..Default::default()
        },
        explorer_depth: 0,
        ..ReportOptions::default()
    };
    let report = build_report(&store, &options).unwrap();
    let xq = report
        .sections
        .iter()
        .find(|s| s.title.starts_with("Xiangqi"))
        .unwrap();

    // The table: every opening row reaches the minimum; the pools say how many openings
    // they hold and the caption says how the pooling went. The games add up to the
    // event's games as the store counts them.
    let (caption, table) = &xq.tables[0];
    assert!(caption.starts_with("Results by opening ("), "{caption}");
    assert!(
        caption.contains(&format!(
            "with fewer than {MIN_RESULTS} games with a result pooled by ECCO family"
        )),
        "{caption}"
    );
    let labels = strs(table, "opening");
    let results = u32s(table, "results");
    let openings = u32s(table, "openings");
    let games = u32s(table, "games");
    let event_games = store.count_games(&options.filter).unwrap() as usize;
    assert!(event_games > 200, "{event_games} games");
    assert_eq!(games.iter().sum::<u32>() as usize, event_games);
    assert!(labels.len() < 30, "{} rows: {labels:?}", labels.len());
    for (i, label) in labels.iter().enumerate() {
        if label.contains("(pooled: ") {
            assert!(openings[i] > 1 || label.starts_with("other"), "{label}");
        } else {
            assert_eq!(openings[i], 1, "{label}");
        }
        if !label.starts_with("other") {
            assert!(results[i] >= MIN_RESULTS, "{label}: {}", results[i]);
        }
    }
    assert!(labels.iter().any(|l| l.starts_with("ECCO ")), "{labels:?}");
    // No 1.000 or 0.000 score from a handful of games.
    let scores = table.column("red_score").unwrap().f64().unwrap();
    for (i, s) in scores.iter().enumerate() {
        let s = s.unwrap();
        assert!(s > 0.0 && s < 1.0, "{}: {s}", labels[i]);
    }

    // The shares chart: not empty, states the minimum, draws only rows reaching it.
    let (spec, frame, stem) = &xq.charts[0];
    assert_eq!(stem, "xiangqi-results-by-opening");
    assert!(spec.title().contains(&format!(
        "bars only for rows of at least {MIN_RESULTS} games with a result"
    )));
    assert!(frame.height() > 3);
    assert!(u32s(frame, "results").iter().all(|&r| r >= MIN_RESULTS));

    // The material curve stops where fewer than the minimum of games remain.
    let (spec, frame, _) = &xq.charts[2];
    assert!(spec
        .title()
        .contains(&format!("at least {MIN_CURVE_GAMES} games")));
    assert!(frame.height() > 50);
    assert!(u32s(frame, "games").iter().all(|&g| g >= MIN_CURVE_GAMES));

    // The single event's findings chart has its bar.
    let findings = report.sections.last().unwrap();
    let out = tmp();
    let (spec, frame, _) = &findings.charts[0];
    let (svg, _) = draw(spec, frame, out.path(), "findings").unwrap();
    let svg = std::fs::read_to_string(svg).unwrap();
    assert_no_negative_size(&svg, "findings per event");
    assert_eq!(filled(&svg, "#2F6EBA").len(), frame.height());
    // Every chart of the report has no negative size and the CJK event name is text.
    let files = write_report(&report, out.path()).unwrap();
    for f in files
        .charts
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "svg"))
    {
        assert_no_negative_size(
            &std::fs::read_to_string(f).unwrap(),
            &f.display().to_string(),
        );
    }
    assert!(
        std::fs::read_to_string(out.path().join("charts/findings-by-event.svg"))
            .unwrap()
            .contains(event)
    );
}

// ---- CJK in PNG --------------------------------------------------------------------

/// RGB pixels of a PNG.
fn pixels(path: &Path) -> (u32, u32, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let bpp = info.color_type.samples();
    let px = buf[..info.buffer_size()]
        .chunks(bpp)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    (info.width, info.height, px)
}

/// A one-row bar chart labelled `label`, as PNG in `font`.
fn label_chart(label: &str, font: &ChartFont, path: &Path) {
    let spec = ChartSpec::Bars {
        title: "Players".into(),
        label: "player".into(),
        value: "games".into(),
    };
    let df = df!("player" => [label], "games" => [9u32]).unwrap();
    draw_png_with(&spec, &df, font, path).unwrap();
}

/// Pixels where two same-sized PNGs differ, and the bounding box (x0, y0, x1, y1) of them.
fn difference(a: &Path, b: &Path) -> (usize, (u32, u32, u32, u32)) {
    let (w, h, pa) = pixels(a);
    let (w2, h2, pb) = pixels(b);
    assert_eq!((w, h), (w2, h2));
    let mut n = 0;
    let mut bbox = (u32::MAX, u32::MAX, 0, 0);
    for (i, (p, q)) in pa.iter().zip(&pb).enumerate() {
        if p != q {
            n += 1;
            let (x, y) = (i as u32 % w, i as u32 / w);
            bbox = (bbox.0.min(x), bbox.1.min(y), bbox.2.max(x), bbox.3.max(y));
        }
    }
    (n, bbox)
}

/// The fonts to check: the bundled one always, the system's CJK font when fontconfig
/// finds one.
fn fonts() -> Vec<ChartFont> {
    let mut fonts = vec![ChartFont::Bundled];
    match system_cjk_font() {
        Some(font) => fonts.push(font),
        None => {
            if std::env::var("KIFU_REQUIRE_CJK_FONT").as_deref() == Ok("1") {
                panic!("KIFU_REQUIRE_CJK_FONT=1 but fontconfig finds no CJK font");
            }
            eprintln!("note: no system CJK font through fontconfig; bundled font only");
        }
    }
    fonts
}

#[test]
fn cjk_names_render_as_glyphs_not_notdef_boxes_in_png() {
    let dir = tmp();
    for font in fonts() {
        for name in ["许银川", "吕钦", "中村", "許銀川", "ひらがな"] {
            // The same number of characters from the Private Use Area: no font here has
            // them, so each draws as the `.notdef` box, at the same places.
            let notdef: String = (0..name.chars().count())
                .map(|k| char::from_u32(0xE000 + k as u32).unwrap())
                .collect();
            let real = dir.path().join("real.png");
            let boxes = dir.path().join("boxes.png");
            label_chart(name, &font, &real);
            label_chart(&notdef, &font, &boxes);
            // The boxes are drawn (the comparison is not against a blank).
            let (_, _, px) = pixels(&boxes);
            assert!(px.iter().any(|p| p.iter().all(|&c| c < 128)));
            let (n, (x0, y0, x1, y1)) = difference(&real, &boxes);
            assert!(
                n > 60,
                "{font}: {name} draws like .notdef boxes ({n} pixels differ)"
            );
            // The difference is the label's glyph area: left of the plot, one text line.
            assert!(
                x1 < 300 && y1 - y0 < 30,
                "{font}: {name}: {x0},{y0}–{x1},{y1}"
            );
        }
    }
}

#[test]
fn the_chart_font_draws_cjk_and_svg_keeps_names_as_text() {
    let font = chart_font().unwrap();
    assert!(font.draws_cjk(), "{font}");
    let dir = tmp();
    let spec = ChartSpec::Bars {
        title: "Players".into(),
        label: "player".into(),
        value: "games".into(),
    };
    let real = df!("player" => ["许银川"], "games" => [9u32]).unwrap();
    let boxes = df!("player" => ["\u{E000}\u{E001}\u{E002}"], "games" => [9u32]).unwrap();
    let (svg, real_png) = draw(&spec, &real, dir.path(), "real").unwrap();
    let (_, boxes_png) = draw(&spec, &boxes, dir.path(), "boxes").unwrap();
    let (n, _) = difference(&real_png, &boxes_png);
    assert!(n > 60, "{font}: {n} pixels differ");
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(texts(&svg).contains(&"许银川".to_string()));
    assert!(
        svg.contains("Noto Sans CJK SC"),
        "CJK fonts in the SVG font-family"
    );
}

/// The value of a PGN tag (ASCII tags in a GBK file).
fn pgn_tag(text: &[u8], tag: &str) -> Option<String> {
    let text = String::from_utf8_lossy(text);
    let start = text.find(&format!("[{tag} \""))? + tag.len() + 3;
    let len = text[start..].find('"')?;
    Some(text[start..start + len].to_string())
}

#[test]
fn computer_championship_2006_shares_pool_the_pgn_ecco_tags_by_family() {
    let Some(dir) = shared("xiangqi/misc_dialects/eleeye_ccgc") else {
        return;
    };
    // The expected table, from the records' own ECCO and Result tags: openings under the
    // minimum pooled by family, families still under it into “other”.
    let mut by_code: Vec<(String, u32)> = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if !path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
        {
            continue;
        }
        let text = std::fs::read(&path).unwrap();
        let code = pgn_tag(&text, "ECCO").unwrap();
        let result = pgn_tag(&text, "Result").unwrap();
        assert!(["1-0", "0-1", "1/2-1/2"].contains(&result.as_str()));
        match by_code.iter_mut().find(|(c, _)| *c == code) {
            Some(row) => row.1 += 1,
            None => by_code.push((code, 1)),
        }
    }
    let mut expected: Vec<(String, u32)> = by_code
        .iter()
        .filter(|(_, n)| *n >= MIN_RESULTS)
        .cloned()
        .collect();
    let (mut other_games, mut other_openings) = (0, 0);
    for family in ["A", "B", "C", "D", "E"] {
        let small: Vec<_> = by_code
            .iter()
            .filter(|(c, n)| c.starts_with(family) && *n < MIN_RESULTS)
            .collect();
        let games: u32 = small.iter().map(|(_, n)| n).sum();
        if games >= MIN_RESULTS {
            expected.push((
                format!("ECCO {family} (pooled: {} openings)", small.len()),
                games,
            ));
        } else {
            other_games += games;
            other_openings += small.len();
        }
    }
    if other_openings > 0 {
        expected.push((
            format!("other (pooled: {other_openings} openings)"),
            other_games,
        ));
    }

    let work = tmp();
    let db = work.path().join("cc.db");
    kifu_ingest::ingest(&db, &[dir], &kifu_ingest::Options::default()).unwrap();
    let store = kifu_store::Store::open_read_only(&db).unwrap();
    let options = ReportOptions {
        explorer_depth: 0,
        ..ReportOptions::default()
    };
    let report = build_report(&store, &options).unwrap();
    let xq = report
        .sections
        .iter()
        .find(|s| s.title.starts_with("Xiangqi"))
        .unwrap();
    let table = &xq.tables[0].1;
    let got: Vec<(String, u32)> = strs(table, "opening")
        .into_iter()
        .zip(u32s(table, "results"))
        .collect();
    // Big groups in the table's order (most games first); compare as sets of rows.
    let mut sorted_got = got.clone();
    sorted_got.sort();
    expected.sort();
    assert_eq!(sorted_got, expected);
    // The chart draws the rows that reach the minimum: never empty here.
    let (_, frame, _) = &xq.charts[0];
    let drawn: Vec<u32> = u32s(frame, "results");
    assert_eq!(
        drawn.len(),
        expected.iter().filter(|(_, n)| *n >= MIN_RESULTS).count()
    );
    assert!(!drawn.is_empty());
}

#[test]
fn chouchou_wins_by_seat_are_drawn_in_the_player_colours() {
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples/chouchou");
    let work = tmp();
    let db = work.path().join("cc.db");
    kifu_ingest::ingest(&db, &[samples], &kifu_ingest::Options::default()).unwrap();
    let store = kifu_store::Store::open_read_only(&db).unwrap();
    // Expected wins per seat, from the store's result rows (not the analysis tables).
    let rows = store.results(GameKind::ChouChou, None).unwrap();
    let mut wins = [0u32; 5];
    for r in &rows {
        if let Some(ResultName::Seat(n)) = r.result {
            wins[usize::from(n)] += 1;
        }
    }
    assert!(wins[1] > 0 && wins[2] > 0, "{wins:?}");
    let report = build_report(&store, &ReportOptions::default()).unwrap();
    let cc = report
        .sections
        .iter()
        .find(|s| s.title.starts_with("ChouChou"))
        .unwrap();
    let (spec, frame, stem) = &cc.charts[0];
    assert_eq!(stem, "chouchou-wins-by-seat");
    let ChartSpec::StackedShares { shares, .. } = spec else {
        panic!("{spec:?}");
    };
    let seats: Vec<ResultName> = shares.iter().map(|s| s.1).collect();
    let expected: Vec<ResultName> = (1..=4u8)
        .filter(|&n| wins[usize::from(n)] > 0)
        .map(ResultName::Seat)
        .collect();
    assert_eq!(&seats[..expected.len()], &expected[..]);
    // The tables of the chart reach the minimum; their wins add up to at most the store's.
    assert!(u32s(frame, "results").iter().all(|&r| r >= MIN_RESULTS));
    let out = tmp();
    let (svg, _) = draw(spec, frame, out.path(), "seats").unwrap();
    let svg = std::fs::read_to_string(svg).unwrap();
    assert_no_negative_size(&svg, "wins by seat");
    // The samples hold one table of six 3x3 games: drawn, each seat in its colour.
    assert!(frame.height() > 0);
    for &seat in &expected {
        assert!(
            !filled(&svg, &upper_hex(seat)).is_empty(),
            "{seat:?} colour missing"
        );
        assert!(texts(&svg).contains(&format!("{} wins", side_name(seat))));
    }
    let all = kifu_analysis::chouchou_seat_wins(&kifu_analysis::Dataset::new(
        &store,
        &kifu_analysis::Filter::default(),
    ))
    .unwrap();
    for (n, &expected) in wins.iter().enumerate().skip(1) {
        let got: u32 = u32s(&all, &format!("p{n}_wins")).iter().sum();
        assert_eq!(got, expected, "P{n}");
    }
}
