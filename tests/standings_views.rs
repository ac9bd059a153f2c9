//! Issue 53: one standings model, every output a rendering of it. The 2015 World Xiangqi
//! Championship (dpxq) is tabled under the 1/½/0 default, then curated (2/1/0;
//! Sonneborn-Berger, Buchholz, wins, direct encounter), and each time every cell of its
//! standings and crosstables is checked in every output (CLI text, CSV, JSON, the report's
//! Markdown and HTML, the site, the PDF's text) against a computation of this file's own
//! from the games as `kifu games` lists them; with the cells a person checked by hand
//! (郑惟桐's row, the direct encounters, the deciding tie-breaks, the legend). A BDT title
//! match of two players is shown as a match, 3–1.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{copy_database, ingest_ok, kifu_ok, shared, world_championship_db};

const RECORDED_EVENT: &str = "2015年慕中杯第14届世界象棋锦标赛";
const CURATED_EVENT: &str = "第14届世界象棋锦标赛";

/// A scored game as `kifu games --format csv` lists it.
struct Game {
    round: String,
    /// First seat (Red) first.
    players: [String; 2],
    /// The first seat's outcome: 1 a win, 0 a draw, −1 a loss; `None` without a result.
    first: Option<i8>,
}

/// The event's games, linked copies left out.
fn games(db: &Path, event: &str) -> Vec<Game> {
    let csv = kifu_ok(&[
        "games",
        "--db",
        db.to_str().unwrap(),
        "--event",
        event,
        "--format",
        "csv",
    ]);
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (round, players, counted, copy) = (
        col("round"),
        col("players"),
        col("counted_result"),
        col("duplicate_of"),
    );
    lines
        .map(|l| l.split(',').collect::<Vec<&str>>())
        .filter(|f| f[copy].is_empty())
        .map(|f| {
            let (a, b) = f[players].split_once(" – ").unwrap();
            Game {
                round: f[round].to_owned(),
                players: [a.to_owned(), b.to_owned()],
                first: match f[counted] {
                    "red" => Some(1),
                    "black" => Some(-1),
                    "draw" => Some(0),
                    _ => None,
                },
            }
        })
        .collect()
}

/// `1½`, `73½`, `8¼`: points as every output writes them.
fn points(p: f64) -> String {
    let whole = p.trunc() as u64;
    let fraction = match p.fract() {
        0.0 => "",
        0.25 => "¼",
        0.5 => "½",
        0.75 => "¾",
        f => panic!("{p}: fraction {f}"),
    };
    match (whole, fraction) {
        (w, "") => w.to_string(),
        (0, f) => f.to_string(),
        (w, f) => format!("{w}{f}"),
    }
}

/// What this file expects of one line.
#[derive(Debug)]
struct Expected {
    player: String,
    games: u32,
    wins: u32,
    draws: u32,
    losses: u32,
    points: f64,
    /// The event's tie-breaks in order (curation names), each value (`None`: not applying).
    tiebreaks: Vec<(&'static str, Option<f64>)>,
    place: usize,
    /// `points`, a tie-break's curation name, or `shared-place`.
    decided_by: &'static str,
    /// One cell per round: `+34`, `=3`, `−1`, `bye`, `⚠`.
    marks: Vec<String>,
}

/// The terms under test: points for a win, draw and loss, and the tie-breaks in order.
struct Terms {
    scoring: [f64; 3],
    tiebreaks: &'static [&'static str],
}

/// The section's lines computed from its games: points, Sonneborn-Berger (the points of
/// those beaten plus the draw's share of those drawn with), Buchholz, wins, direct
/// encounter (the points against the others on the same points), ordered on them in turn,
/// then by name; the crosstable's marks from each game's outcome.
fn expected(
    all: &[Game],
    members: &BTreeSet<String>,
    terms: &Terms,
) -> (Vec<String>, Vec<Expected>) {
    let [win, draw, loss] = terms.scoring;
    let games: Vec<&Game> = all
        .iter()
        .filter(|g| g.players.iter().all(|p| members.contains(p)))
        .collect();
    let mut rounds: Vec<String> = games.iter().map(|g| g.round.clone()).collect();
    rounds.sort();
    rounds.dedup();
    // (player, round, opponent, outcome for the player)
    let mut played: Vec<(String, String, String, i8)> = Vec::new();
    for g in games.iter().filter(|g| g.first.is_some()) {
        let o = g.first.unwrap();
        played.push((
            g.players[0].clone(),
            g.round.clone(),
            g.players[1].clone(),
            o,
        ));
        played.push((
            g.players[1].clone(),
            g.round.clone(),
            g.players[0].clone(),
            -o,
        ));
    }
    let score = |o: i8| match o {
        1 => win,
        0 => draw,
        _ => loss,
    };
    let total = |p: &str| -> f64 { played.iter().filter(|x| x.0 == p).map(|x| score(x.3)).sum() };
    let scored: BTreeSet<String> = played.iter().map(|x| x.0.clone()).collect();
    let mut lines: Vec<Expected> = scored
        .iter()
        .map(|p| {
            let mine: Vec<_> = played.iter().filter(|x| &x.0 == p).collect();
            let count = |o: i8| mine.iter().filter(|x| x.3 == o).count() as u32;
            let pts = total(p);
            let tied: Vec<&String> = scored
                .iter()
                .filter(|q| *q != p && total(q) == pts)
                .collect();
            let share = |o: i8| (score(o) - loss) / (win - loss);
            let tiebreaks = terms
                .tiebreaks
                .iter()
                .map(|&tb| {
                    let value = match tb {
                        "sonneborn-berger" => {
                            Some(mine.iter().map(|x| share(x.3) * total(&x.2)).sum::<f64>())
                        }
                        "buchholz" => Some(mine.iter().map(|x| total(&x.2)).sum::<f64>()),
                        "wins" => Some(f64::from(count(1))),
                        "direct-encounter" if tied.is_empty() => None,
                        "direct-encounter" => Some(
                            mine.iter()
                                .filter(|x| tied.contains(&&x.2))
                                .map(|x| score(x.3))
                                .sum::<f64>(),
                        ),
                        other => panic!("{other}"),
                    };
                    // An empty sum is −0.
                    (tb, value.map(|v| v + 0.0))
                })
                .collect();
            Expected {
                player: p.clone(),
                games: mine.len() as u32,
                wins: count(1),
                draws: count(0),
                losses: count(-1),
                points: pts,
                tiebreaks,
                place: 0,
                decided_by: "",
                marks: Vec::new(),
            }
        })
        .collect();
    let key = |e: &Expected| -> Vec<f64> {
        std::iter::once(e.points)
            .chain(e.tiebreaks.iter().map(|t| t.1.unwrap_or(f64::NEG_INFINITY)))
            .collect()
    };
    lines.sort_by(|a, b| {
        let (ka, kb) = (key(a), key(b));
        kb.partial_cmp(&ka).unwrap().then(a.player.cmp(&b.player))
    });
    let keys: Vec<Vec<f64>> = lines.iter().map(key).collect();
    let names: Vec<&str> = std::iter::once("points")
        .chain(terms.tiebreaks.iter().copied())
        .collect();
    let n = lines.len();
    let mut place = 0;
    for i in 0..n {
        let above = i > 0 && keys[i] == keys[i - 1];
        let below = i + 1 < n && keys[i] == keys[i + 1];
        if !above {
            place = i + 1;
        }
        let other = if i > 0 { i - 1 } else { 1.min(n - 1) };
        lines[i].place = place;
        lines[i].decided_by = if above || below {
            "shared-place"
        } else {
            names[(0..keys[i].len())
                .find(|&k| keys[i][k] != keys[other][k])
                .unwrap_or(0)]
        };
    }
    let number: BTreeMap<String, usize> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| (l.player.clone(), i + 1))
        .collect();
    // A round only this player of an odd section sat out is a bye; any other absence is
    // a missing game.
    let in_round = |r: &str| -> BTreeSet<&str> {
        games
            .iter()
            .filter(|g| g.round == r)
            .flat_map(|g| g.players.iter().map(String::as_str))
            .collect()
    };
    for line in &mut lines {
        line.marks = rounds
            .iter()
            .map(|r| {
                let mine: Vec<String> = played
                    .iter()
                    .filter(|x| x.0 == line.player && &x.1 == r)
                    .map(|x| {
                        let sign = match x.3 {
                            1 => "+",
                            0 => "=",
                            _ => "−",
                        };
                        format!("{sign}{}", number[&x.2])
                    })
                    .collect();
                if !mine.is_empty() {
                    return mine.join(" ");
                }
                let present = in_round(r);
                if present.contains(line.player.as_str()) {
                    return "?".into();
                }
                let out: Vec<&String> = scored
                    .iter()
                    .filter(|p| !present.contains(p.as_str()))
                    .collect();
                if scored.len() % 2 == 1 && out.len() == 1 {
                    "bye".into()
                } else {
                    "⚠".into()
                }
            })
            .collect();
    }
    (rounds, lines)
}

/// The sections of the event's tables in `kifu standings --json` (the grouping is not
/// under test here: `tests/curation.rs` checks it), with their players.
fn sections(json: &Value) -> Vec<(String, BTreeSet<String>)> {
    json["xiangqi"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["section"].as_str().unwrap().to_owned(),
                t["lines"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|l| l["player"].as_str().unwrap().to_owned())
                    .collect(),
            )
        })
        .collect()
}

/// `kifu standings --json` of one event.
fn standings_json(db: &str, event: &str) -> Value {
    let out = kifu_ok(&["standings", "--db", db, "--event", event, "--json"]);
    serde_json::from_str(&out).unwrap()
}

/// A JSON crosstable cell as its marks.
fn json_marks(cell: &Value) -> String {
    match cell {
        Value::String(s) if s == "bye" => "bye".into(),
        Value::String(s) if s == "missing" => "⚠".into(),
        Value::String(s) if s == "unscored" => "?".into(),
        Value::Object(o) => o["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                let sign = match g["outcome"].as_str().unwrap() {
                    "win" => "+",
                    "draw" => "=",
                    _ => "−",
                };
                let f = if g["forfeit"].as_bool().unwrap() {
                    "F"
                } else {
                    ""
                };
                format!("{sign}{}{f}", g["opponent"])
            })
            .collect::<Vec<_>>()
            .join(" "),
        other => panic!("{other}"),
    }
}

/// Every cell of the JSON against the expectation.
fn check_json(table: &Value, rounds: &[String], lines: &[Expected]) {
    let got_rounds: Vec<&str> = table["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    assert_eq!(got_rounds, rounds);
    let got = table["lines"].as_array().unwrap();
    assert_eq!(got.len(), lines.len());
    for (g, e) in got.iter().zip(lines) {
        let who = &e.player;
        assert_eq!(g["player"], e.player.as_str());
        assert_eq!(g["place"], e.place, "{who}");
        assert_eq!(g["games"], e.games, "{who}");
        assert_eq!(
            (&g["wins"], &g["draws"], &g["losses"]),
            (&e.wins.into(), &e.draws.into(), &e.losses.into()),
            "{who}"
        );
        assert_eq!(g["points"].as_f64(), Some(e.points), "{who}");
        let tiebreaks: Vec<(&str, Option<f64>)> = g["tiebreaks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["name"].as_str().unwrap(), t["value"].as_f64()))
            .collect();
        assert_eq!(tiebreaks, e.tiebreaks, "{who}");
        assert_eq!(g["decided_by"], e.decided_by, "{who}");
        let marks: Vec<String> = g["crosstable"]
            .as_array()
            .unwrap()
            .iter()
            .map(json_marks)
            .collect();
        assert_eq!(marks, e.marks, "{who}");
    }
}

/// Every line of the CSV against the expectation.
fn check_csv(csv: &str, section: &str, rounds: &[String], lines: &[Expected]) {
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect::<Vec<_>>())
        .filter(|f| f[2] == section)
        .collect();
    assert_eq!(rows.len(), lines.len(), "{section}");
    for (f, e) in rows.iter().zip(lines) {
        assert_eq!(f[3], e.place.to_string());
        assert_eq!(f[4], e.player);
        assert_eq!(
            f[5..9],
            [
                e.games.to_string(),
                e.wins.to_string(),
                e.draws.to_string(),
                e.losses.to_string()
            ],
            "{}",
            e.player
        );
        let tiebreaks: Vec<String> = e
            .tiebreaks
            .iter()
            .map(|(n, v)| format!("{n}={}", v.map(|v| v.to_string()).unwrap_or_default()))
            .collect();
        assert_eq!(f[11], tiebreaks.join(";"), "{}", e.player);
        assert_eq!(f[12], e.decided_by, "{}", e.player);
        let crosstable: Vec<String> = rounds
            .iter()
            .zip(&e.marks)
            .map(|(r, m)| format!("{r}:{m}"))
            .collect();
        assert_eq!(f[15], crosstable.join(";"), "{}", e.player);
    }
}

/// The row of a text table that begins with `first` cells, as its cells (split on runs of
/// two or more spaces).
fn text_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| {
            l.split("  ")
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(str::to_owned)
                .collect()
        })
        .collect()
}

/// The cells a table prints for line `e`: place, player, games, wins, draws, losses,
/// points, each tie-break but wins, decided by.
fn table_cells(e: &Expected, decided: &str) -> Vec<String> {
    let mut cells = vec![
        e.place.to_string(),
        e.player.clone(),
        e.games.to_string(),
        e.wins.to_string(),
        e.draws.to_string(),
        e.losses.to_string(),
        points(e.points),
    ];
    for (name, value) in &e.tiebreaks {
        if *name != "wins" {
            cells.push(value.map_or("–".to_owned(), points));
        }
    }
    cells.push(decided.to_owned());
    cells
}

/// The English label of a decided-by name.
fn decided_label(name: &str) -> &'static str {
    match name {
        "points" => "points",
        "sonneborn-berger" => "Sonneborn-Berger",
        "buchholz" => "Buchholz",
        "wins" => "wins",
        "direct-encounter" => "direct encounter",
        "shared-place" => "tie (shared place)",
        other => panic!("{other}"),
    }
}

/// The crosstable row of line `i`: number, player, a cell per round, points.
fn crosstable_cells(i: usize, e: &Expected) -> Vec<String> {
    let mut cells = vec![(i + 1).to_string(), e.player.clone()];
    cells.extend(e.marks.iter().cloned());
    cells.push(points(e.points));
    cells
}

/// The tables of an HTML page: each `<table>`'s caption and its body rows' cell texts
/// (tags dropped, entities read).
fn html_tables(html: &str) -> Vec<(String, Vec<Vec<String>>)> {
    fn text(s: &str) -> String {
        let mut out = String::new();
        let mut in_tag = false;
        for c in s.chars() {
            match c {
                '<' => in_tag = true,
                '>' => in_tag = false,
                c if !in_tag => out.push(c),
                _ => {}
            }
        }
        out.replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&")
            .trim()
            .to_owned()
    }
    html.split("<table")
        .skip(1)
        .map(|t| {
            let t = &t[..t.find("</table>").unwrap_or(t.len())];
            let caption = t
                .split_once("<caption>")
                .and_then(|(_, c)| c.split_once("</caption>"))
                .map(|(c, _)| text(c))
                .unwrap_or_default();
            let body = t.split_once("<tbody>").map_or("", |(_, b)| b);
            let rows = body
                .split("<tr")
                .skip(1)
                .map(|r| {
                    r.split("<td")
                        .skip(1)
                        .map(|c| text(&format!("<td{}", &c[..c.find("</td>").unwrap()])))
                        .collect()
                })
                .collect();
            (caption, rows)
        })
        .collect()
}

/// The rows of the Markdown table under the bold caption that starts with `caption`.
fn md_rows(md: &str, caption: &str) -> Vec<Vec<String>> {
    let at = md
        .find(&format!("**{caption}"))
        .unwrap_or_else(|| panic!("{caption}"));
    md[at..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().replace("\\|", "|"))
                .collect()
        })
        .collect()
}

/// `kifu report` (Markdown, HTML and, with Chromium, the PDF) and `kifu site` of the event.
struct Pages {
    markdown: String,
    report_html: String,
    site_html: String,
    pdf_text: Option<String>,
}

fn pages(db: &Path, dir: &Path, event: &str) -> Pages {
    let d = db.to_str().unwrap();
    let report = dir.join("report");
    let site = dir.join("site");
    let pdf = dir.join("report.pdf");
    let mut args = vec![
        "report",
        "-q",
        "--db",
        d,
        "--event",
        event,
        "--out",
        report.to_str().unwrap(),
    ];
    let chromium = crate::chromium::chromium();
    if let Some(c) = chromium {
        args.extend([
            "--pdf",
            pdf.to_str().unwrap(),
            "--chromium",
            c.to_str().unwrap(),
        ]);
    }
    kifu_ok(&args);
    kifu_ok(&[
        "site",
        "--db",
        d,
        "--event",
        event,
        "--out",
        site.to_str().unwrap(),
    ]);
    let read = |p: PathBuf| std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{p:?}: {e}"));
    let pdf_text = chromium.and_then(|_| {
        let out = std::process::Command::new("pdftotext")
            .args(["-layout", pdf.to_str().unwrap(), "-"])
            .output()
            .ok()?;
        assert!(out.status.success(), "pdftotext failed");
        Some(String::from_utf8(out.stdout).unwrap())
    });
    Pages {
        markdown: read(report.join("report.md")),
        report_html: read(report.join("index.html")),
        site_html: read(site.join("index.html")),
        pdf_text,
    }
}

/// Every output of the event's standings against the expectation under `terms`; returns
/// the expected lines per section for the hand checks.
fn check_every_output(
    db: &Path,
    dir: &Path,
    event: &str,
    terms: &Terms,
    legend: &str,
) -> BTreeMap<String, Vec<Expected>> {
    let d = db.to_str().unwrap();
    let json = standings_json(d, event);
    let csv = kifu_ok(&["standings", "--db", d, "--event", event, "--csv"]);
    let text = kifu_ok(&["standings", "--db", d, "--event", event]);
    let cli_rows = text_rows(&text);
    let pages = pages(db, dir, event);
    let report_tables = html_tables(&pages.report_html);
    let site_tables = html_tables(&pages.site_html);
    let all = games(db, event);
    let mut out = BTreeMap::new();
    let sections = sections(&json);
    assert_eq!(sections.len(), 2, "the men's and the women's section");
    for (k, (section, members)) in sections.iter().enumerate() {
        let (rounds, lines) = expected(&all, members, terms);
        let table = &json["xiangqi"][k];
        check_json(table, &rounds, &lines);
        check_csv(&csv, section, &rounds, &lines);
        let scoring_note = if terms.scoring == [1.0, 0.5, 0.0] {
            String::new()
        } else {
            " (scoring 2/1/0)".to_owned()
        };
        let head = format!("Xiangqi · {event} · {section}{scoring_note}");
        // The CLI's text: the legend under the heading, each line's cells, each
        // crosstable row.
        let at = text
            .find(&format!(
                "xiangqi: {event} · {section}{scoring_note}\n  {legend}\n"
            ))
            .unwrap_or_else(|| panic!("{section}: heading and legend\n{text}"));
        assert!(at < text.len());
        for (i, e) in lines.iter().enumerate() {
            let cells = table_cells(e, decided_label(e.decided_by));
            assert!(
                cli_rows.iter().any(|r| r.starts_with(&cells)),
                "text: {cells:?}"
            );
            let cross = crosstable_cells(i, e);
            assert!(cli_rows.contains(&cross), "text crosstable: {cross:?}");
        }
        // The report: Markdown and HTML print the same rows.
        let standings_caption = format!("{head}: standings");
        let crosstable_caption = format!("{head}: crosstable");
        let md_standings = md_rows(&pages.markdown, &standings_caption);
        let md_crosstable = md_rows(&pages.markdown, &crosstable_caption);
        let html_of = |caption: &str| -> &Vec<Vec<String>> {
            &report_tables
                .iter()
                .find(|(c, _)| c.starts_with(caption))
                .unwrap_or_else(|| panic!("report HTML: {caption}"))
                .1
        };
        for rows in [&md_standings, html_of(&standings_caption)] {
            assert_eq!(rows.len(), lines.len(), "{standings_caption}");
            for (row, e) in rows.iter().zip(&lines) {
                let cells = table_cells(e, decided_label(e.decided_by));
                assert_eq!(row[..cells.len()], cells[..], "{standings_caption}");
            }
        }
        for rows in [&md_crosstable, html_of(&crosstable_caption)] {
            let expected: Vec<Vec<String>> = lines
                .iter()
                .enumerate()
                .map(|(i, e)| crosstable_cells(i, e))
                .collect();
            assert_eq!(rows, &expected, "{crosstable_caption}");
        }
        // The site: its standings table (the player's cell also holds a rating) and its
        // crosstable, in the same order as `kifu standings`.
        let site_standings = &site_tables
            .iter()
            .filter(|(c, _)| c == "Standings")
            .nth(k)
            .expect("site standings")
            .1;
        assert_eq!(site_standings.len(), lines.len());
        for (row, e) in site_standings.iter().zip(&lines) {
            let mut cells = table_cells(e, decided_label(e.decided_by));
            assert!(row[1].starts_with(&e.player), "{row:?}");
            cells[1] = row[1].clone();
            assert_eq!(row[..cells.len()], cells[..], "site");
        }
        let site_crosstable = &site_tables
            .iter()
            .find(|(c, _)| *c == format!("Crosstable · {section}"))
            .expect("site crosstable")
            .1;
        let expected: Vec<Vec<String>> = lines
            .iter()
            .enumerate()
            .map(|(i, e)| crosstable_cells(i, e))
            .collect();
        assert_eq!(site_crosstable, &expected, "site crosstable");
        // The PDF's text: each crosstable row's marks, in order.
        if let Some(pdf) = &pages.pdf_text {
            // pdftotext sets a cell apart by one space or more.
            let pdf_rows: Vec<String> = pdf
                .lines()
                .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect();
            for (i, e) in lines.iter().enumerate() {
                let cross = crosstable_cells(i, e).join(" ");
                assert!(
                    pdf_rows.iter().any(|r| r.ends_with(&cross)),
                    "PDF crosstable row: {cross:?}"
                );
            }
        }
        out.insert(section.clone(), lines);
    }
    // The legend, in the report's introduction and above each of the site's tables.
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat(&pages.markdown).contains(legend), "report legend");
    assert!(
        pages
            .site_html
            .replace("&#39;", "'")
            .contains(&format!("<p class=\"legend\">{legend}</p>")),
        "site legend"
    );
    if let Some(pdf) = &pages.pdf_text {
        assert!(flat(pdf).contains(&legend[..40]), "PDF legend");
    }
    out
}

/// Line `player` of `section`.
fn line<'a>(
    lines: &'a BTreeMap<String, Vec<Expected>>,
    section: &str,
    player: &str,
) -> &'a Expected {
    lines[section].iter().find(|l| l.player == player).unwrap()
}

#[test]
fn the_world_championship_standings_are_the_same_in_every_output_under_both_scorings() {
    let Some(shared_db) = world_championship_db() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    // Curated below: a copy.
    copy_database(shared_db, &db);

    // The default: 1/½/0, Sonneborn-Berger then wins.
    let default = Terms {
        scoring: [1.0, 0.5, 0.0],
        tiebreaks: &["sonneborn-berger", "wins"],
    };
    let legend = "A win scores 1, a draw ½, a loss 0. Places by points, then \
                  Sonneborn-Berger, then wins. Sonneborn-Berger: the points of the opponents \
                  beaten plus half the points of those drawn with.";
    let d1 = dir.path().join("default");
    let lines = check_every_output(&db, &d1, RECORDED_EVENT, &default, legend);
    let zheng = line(&lines, "男子组", "郑惟桐");
    assert_eq!((zheng.wins, zheng.draws, zheng.points), (6, 3, 7.5));

    // Curated: 2/1/0 and four tie-breaks.
    let curation = dir.path().join("curation.toml");
    std::fs::write(
        &curation,
        format!(
            "[[event]]\nmatch = {{ event = \"{RECORDED_EVENT}\" }}\nname = \"{CURATED_EVENT}\"\n\
             sections = \"group\"\nscoring = {{ win = 2, draw = 1, loss = 0 }}\n\
             tiebreaks = [\"sonneborn-berger\", \"buchholz\", \"wins\", \"direct-encounter\"]\n"
        ),
    )
    .unwrap();
    kifu_ok(&[
        "curate",
        "--db",
        db.to_str().unwrap(),
        curation.to_str().unwrap(),
    ]);
    let curated = Terms {
        scoring: [2.0, 1.0, 0.0],
        tiebreaks: &["sonneborn-berger", "buchholz", "wins", "direct-encounter"],
    };
    let legend = "A win scores 2, a draw 1, a loss 0. Places by points, then \
                  Sonneborn-Berger, then Buchholz, then wins, then direct encounter. \
                  Sonneborn-Berger: the points of the opponents beaten plus half the points \
                  of those drawn with. Buchholz: the sum of the opponents' points. Direct \
                  encounter: the points scored against the others on the same points (– for \
                  a player alone on their points).";
    let d2 = dir.path().join("curated");
    let lines = check_every_output(&db, &d2, CURATED_EVENT, &curated, legend);

    // By hand, from the games. 郑惟桐: six wins and three draws (round 1 a win over
    // 邓明高, line 34; round 4 a draw with 庄宏明, line 11): 15 points.
    let zheng = line(&lines, "男子组", "郑惟桐");
    assert_eq!(
        zheng.marks,
        ["+34", "+17", "+32", "=11", "+18", "+7", "=3", "=2", "+8"]
    );
    assert_eq!((zheng.wins, zheng.draws, zheng.points), (6, 3, 15.0));
    let men = &lines["男子组"];
    assert_eq!(men[33].player, "邓明高");
    assert_eq!(men[10].player, "庄宏明");
    // 王琳娜 drew 胡氏清红 (line 3) in round 2.
    let wang = line(&lines, "女子组", "王琳娜");
    assert_eq!(wang.marks[1], "=3");
    assert_eq!(lines["女子组"][2].player, "胡氏清红");
    // On 12 points: 黄学谦 and 陈发佐 drew each other (1 each); 陈有发 and 赖理兄 scored
    // nothing against the other three. 郑惟桐 is alone on 15: no direct encounter.
    let de = |p: &str| line(&lines, "男子组", p).tiebreaks[3];
    assert_eq!(de("黄学谦"), ("direct-encounter", Some(1.0)));
    assert_eq!(de("陈发佐"), ("direct-encounter", Some(1.0)));
    assert_eq!(de("陈有发"), ("direct-encounter", Some(0.0)));
    assert_eq!(de("赖理兄"), ("direct-encounter", Some(0.0)));
    assert_eq!(de("郑惟桐"), ("direct-encounter", None));
    // Which criterion placed them: 陈发佐 after 黄学谦 by Sonneborn-Berger (55½ to 56),
    // 赖理兄 after 陈有发 by Buchholz (79 to 85, both 53 Sonneborn-Berger).
    let decided = |p: &str| line(&lines, "男子组", p).decided_by;
    assert_eq!(decided("陈发佐"), "sonneborn-berger");
    assert_eq!(decided("赖理兄"), "buchholz");
    assert_eq!(decided("谢靖"), "points");
}

#[test]
fn a_two_player_title_match_is_shown_as_a_match_in_every_output() {
    let Some(bdt) = shared("renju/games/bdt/stefs92_MST-MM-40.bdt") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let d = db.to_str().unwrap();
    ingest_ok(&db, &[&bdt]);
    let curation = dir.path().join("curation.toml");
    std::fs::write(
        &curation,
        "[[event]]\nmatch = { source = \"stefs92_MST-MM-40.bdt\", players = [\"Hasegawa\", \
         \"Yamaguchi\"] }\nname = \"Meijin match 2002\"\n",
    )
    .unwrap();
    kifu_ok(&["curate", "--db", d, curation.to_str().unwrap()]);
    let event = "Meijin match 2002";
    let json = standings_json(d, event);
    let duel = &json["renju"][0]["match"];
    assert_eq!(
        duel["players"],
        serde_json::json!(["Yamaguchi", "Hasegawa"])
    );
    assert_eq!(duel["score"], serde_json::json!([3.0, 1.0]));
    let outcomes: Vec<&str> = duel["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["outcome"].as_str().unwrap())
        .collect();
    // MM-40-1 to 4: Hasegawa (Black) lost, lost, won, lost.
    assert_eq!(outcomes, ["win", "win", "loss", "win"]);
    let text = kifu_ok(&["standings", "--db", d, "--event", event]);
    assert!(
        text.contains("Yamaguchi 3–1 Hasegawa (a win 1, a draw ½ to each).\n  match games:"),
        "{text}"
    );
    assert!(!text.contains("Sonneborn-Berger"), "{text}");
    let pages = pages(&db, dir.path(), event);
    let caption = "Renju · Meijin match 2002: match Yamaguchi 3–1 Hasegawa";
    let rows = md_rows(&pages.markdown, caption);
    assert_eq!(
        rows,
        [
            ["Yamaguchi", "3", "0", "1", "3"],
            ["Hasegawa", "1", "0", "3", "1"]
        ]
    );
    let games = md_rows(&pages.markdown, "Renju · Meijin match 2002: match games");
    let results: Vec<&str> = games.iter().map(|r| r[2].as_str()).collect();
    assert_eq!(results, ["1–0", "1–0", "0–1", "1–0"]);
    let site = html_tables(&pages.site_html);
    let (caption, rows) = site
        .iter()
        .find(|(c, _)| c.starts_with("match"))
        .expect("the site's match");
    assert_eq!(caption, "match: Yamaguchi 3–1 Hasegawa");
    assert_eq!(rows.len(), 2);
    assert!(!pages.markdown.contains("Meijin match 2002: standings"));
    if let Some(pdf) = &pages.pdf_text {
        assert!(pdf.contains("Yamaguchi 3–1 Hasegawa"), "PDF");
    }
}
