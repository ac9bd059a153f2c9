//! Issue 16's done-when "Screenshots" and "Standings": the reports of real events (a Renju
//! BDT event, the 2015 World Xiangqi Championship from the dpxq DhtmlXQ set, the 2006
//! computer championship's PGNs) and of `kifu demo`, opened in headless Chromium with a
//! full-page screenshot each; the page's own check script's verdict read from the DOM.
//! Screenshots and reports are kept under the target's tmp dir (paths printed). Also the
//! labels a report takes from its data (issue 55), without a browser.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::chromium::{attr, attr_text, open_full_page};

use crate::common::{ingest_ok, kifu_ok, shared, DPXQ, WORLD_CHAMPIONSHIP};

/// One report built and opened.
struct Page {
    name: &'static str,
    dir: PathBuf,
    dom: String,
    markdown: String,
}

fn out_root() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("report-pages")
}

/// `kifu ingest` of `paths` into `dir/kifu.db`, then `kifu report` with `filter` into
/// `dir/report`; the report's directory.
fn report(dir: &Path, paths: &[&Path], filter: &[&str]) -> PathBuf {
    let db = dir.join("kifu.db");
    let mut args = vec!["ingest", "--db", db.to_str().unwrap()];
    args.extend(paths.iter().map(|p| p.to_str().unwrap()));
    kifu_ok(&args);
    let out = dir.join("report");
    let mut args = vec![
        "report",
        "--db",
        db.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(filter);
    kifu_ok(&args);
    out
}

fn open(name: &'static str, out: PathBuf) -> Option<Page> {
    let html = out.join("index.html");
    let shot = out_root().join(format!("{name}.png"));
    let page = open_full_page(&html, &shot)?;
    let markdown = std::fs::read_to_string(out.join("report.md")).unwrap();
    Some(Page {
        name,
        dir: out,
        dom: page.dom,
        markdown,
    })
}

/// The four reports, built once for every test here; `None` when the shared data or
/// Chromium is missing (and not required).
fn pages() -> &'static Option<Vec<Page>> {
    static PAGES: OnceLock<Option<Vec<Page>>> = OnceLock::new();
    PAGES.get_or_init(|| {
        let bdt = shared("renju/games/bdt/stefs92_MST-MM-40.bdt")?;
        let dpxq = shared(DPXQ)?;
        let ccgc = shared("xiangqi/misc_dialects/eleeye_ccgc")?;
        let root = out_root();
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).unwrap();
        let mut pages = Vec::new();
        let dir = |name: &str| {
            let d = root.join(name);
            std::fs::create_dir_all(&d).unwrap();
            d
        };
        pages.push(open("renju-bdt", report(&dir("renju-bdt"), &[&bdt], &[]))?);
        let wc = dir("world-championship");
        pages.push(open(
            "world-championship",
            report(&wc, &[&dpxq], &["--event", WORLD_CHAMPIONSHIP]),
        )?);
        pages.push(open("ccgc-2006", report(&dir("ccgc-2006"), &[&ccgc], &[]))?);
        let demo = dir("demo");
        let db = demo.join("kifu-demo.db");
        let out = demo.join("report");
        kifu_ok(&[
            "demo",
            "--db",
            db.to_str().unwrap(),
            "--report",
            out.to_str().unwrap(),
        ]);
        pages.push(open("demo", out)?);
        eprintln!("reports and screenshots: {}", root.display());
        Some(pages)
    })
}

fn body(page: &Page, name: &str) -> i64 {
    attr(&page.dom, name).unwrap_or_else(|| panic!("{}: no {name} on <body>", page.name))
}

#[test]
fn report_pages_fit_render_cjk_and_print_no_absolute_path() {
    let Some(pages) = pages() else {
        return;
    };
    for page in pages {
        let n = page.name;
        let charts = body(page, "data-charts");
        assert!(charts > 0, "{n}: no chart");
        assert_eq!(
            body(page, "data-charts-ok"),
            charts,
            "{n}: a chart not drawn"
        );
        assert!(body(page, "data-tables") > 0, "{n}: no table");
        assert_eq!(
            body(page, "data-tables-overflow"),
            0,
            "{n}: tables wider than their container: {}",
            attr_text(&page.dom, "data-overflow-list").unwrap_or_default()
        );
        assert_eq!(body(page, "data-cjk"), 1, "{n}: CJK text draws boxes");
        // report.md: no absolute path (sources are relative to the folder they share).
        for absolute in [
            out_root().to_str().unwrap().to_owned(),
            shared("").unwrap().to_str().unwrap().to_owned(),
            "](/".to_owned(),
        ] {
            assert!(
                !page.markdown.contains(&absolute),
                "{n}: report.md prints {absolute}"
            );
        }
        assert!(page.dir.join("index.html").is_file());
    }
    // Names from the records come out as text in the page.
    let wc = &pages[1];
    assert!(wc.dom.contains("郑惟桐"), "a player of the championship");
    assert!(
        pages[2].dom.contains("相眼竞技"),
        "a program of the 2006 championship"
    );
}

/// The chart half of the page check: no chart without a mark of data, no SVG shape of
/// negative size.
#[test]
fn report_pages_have_no_empty_chart_and_no_negative_svg() {
    let Some(pages) = pages() else {
        return;
    };
    for page in pages {
        let n = page.name;
        assert_eq!(
            body(page, "data-charts-empty"),
            0,
            "{n}: empty charts: {}",
            attr_text(&page.dom, "data-empty-list").unwrap_or_default()
        );
        assert_eq!(
            body(page, "data-svg-negative"),
            0,
            "{n}: SVG of negative size"
        );
    }
}

/// One record of the championship, as the test reads it from the archive itself.
struct Game {
    group: String,
    round: String,
    red: String,
    black: String,
}

/// A field of a dpxq record (a Python dict literal): `'key': 'value'`.
fn field(text: &str, key: &str) -> Option<String> {
    let at = text.find(&format!("'{key}': '"))? + key.len() + 5;
    Some(text[at..].split('\'').next()?.to_string())
}

fn championship_games(archive: &Path) -> Vec<Game> {
    let file = std::fs::File::open(archive).unwrap();
    let mut tar = tar::Archive::new(xz2::read::XzDecoder::new(file));
    let mut games = Vec::new();
    for entry in tar.entries().unwrap() {
        let mut entry = entry.unwrap();
        let mut text = String::new();
        if entry.read_to_string(&mut text).is_err() {
            continue;
        }
        if field(&text, "event").as_deref() != Some(WORLD_CHAMPIONSHIP) {
            continue;
        }
        let name = |short: &str, long: &str| {
            field(&text, short)
                .filter(|s| !s.is_empty())
                .or_else(|| field(&text, long))
                .unwrap()
        };
        games.push(Game {
            group: field(&text, "group").unwrap(),
            round: field(&text, "round").unwrap(),
            red: name("redname", "red"),
            black: name("blackname", "black"),
        });
    }
    games
}

/// `⚠ 第01轮–第02轮, 第05轮`: rounds of `all` (in order), consecutive ones as ranges, as
/// the report writes the rounds a player misses.
fn as_ranges(rounds: &[&str], all: &BTreeSet<&str>) -> String {
    if rounds.is_empty() {
        return String::new();
    }
    let all: Vec<&str> = all.iter().copied().collect();
    let mut parts: Vec<(usize, usize)> = Vec::new();
    for i in (0..all.len()).filter(|&i| rounds.contains(&all[i])) {
        match parts.last_mut() {
            Some((_, end)) if *end + 1 == i => *end = i,
            _ => parts.push((i, i)),
        }
    }
    let text: Vec<String> = parts
        .iter()
        .map(|&(a, b)| {
            if a == b {
                all[a].to_string()
            } else {
                format!("{}–{}", all[a], all[b])
            }
        })
        .collect();
    format!("⚠ {}", text.join(", "))
}

/// A group's rounds, and the rounds each of its players has a game in.
type Group<'a> = (BTreeSet<&'a str>, BTreeMap<&'a str, BTreeSet<&'a str>>);

/// The rows of the Markdown table under the caption starting `caption`: the cells of each.
fn md_rows(md: &str, caption: &str) -> Vec<Vec<String>> {
    let at = md
        .find(&format!("**{caption}"))
        .unwrap_or_else(|| panic!("no table {caption}"));
    md[at..]
        .lines()
        .skip(2)
        .skip(2) // header and rule
        .take_while(|l| l.starts_with('|'))
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn world_championship_standings_are_split_by_group_and_flag_missing_games() {
    let Some(pages) = pages() else {
        return;
    };
    let md = &pages[1].markdown;
    let games = championship_games(&shared(DPXQ).unwrap());
    assert_eq!(games.len(), 241);
    // Per group: each player's rounds, and the group's rounds.
    let mut groups: BTreeMap<&str, Group> = BTreeMap::new();
    for g in &games {
        let (rounds, players) = groups.entry(&g.group).or_default();
        rounds.insert(&g.round);
        for p in [&g.red, &g.black] {
            players.entry(p).or_default().insert(&g.round);
        }
    }
    assert_eq!(
        groups.keys().copied().collect::<Vec<_>>(),
        ["女子组", "男子组"]
    );
    for (group, (rounds, players)) in &groups {
        // A round only one player of an odd number sits out is that player's bye; any
        // other round a player has no game in is a missing game.
        let mut byes: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        let mut missing: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for round in rounds {
            let out: Vec<&str> = players
                .iter()
                .filter(|(_, played)| !played.contains(round))
                .map(|(p, _)| *p)
                .collect();
            let bye = players.len() % 2 == 1 && out.len() == 1;
            for p in out {
                if bye { &mut byes } else { &mut missing }
                    .entry(p)
                    .or_default()
                    .push(round);
            }
        }
        let incomplete = missing.len();
        if *group == "男子组" {
            // The observation: men play 6 to 9 of 9 rounds in the records.
            assert!(incomplete > 0, "{group}: every player has every round");
        } else {
            // Seven women, one bye each round.
            assert_eq!((players.len(), byes.len(), incomplete), (7, 7, 0));
        }
        let caption = format!("Xiangqi · {WORLD_CHAMPIONSHIP} · {group}: standings");
        let expected_caption = if incomplete > 0 {
            format!(
                "**{caption} — ⚠ {incomplete} of {} players have no game in some round**",
                players.len()
            )
        } else {
            format!("**{caption}**")
        };
        assert!(md.contains(&expected_caption), "{expected_caption}");
        let rows = md_rows(md, &caption);
        assert_eq!(rows.len(), players.len(), "{group}: one line per player");
        // place, player, games, wins, draws, losses, points, SB, decided by, then missing
        // rounds and byes where a line of the table has any.
        let missing_at = (incomplete > 0).then_some(9);
        let byes_at = (!byes.is_empty()).then_some(9 + usize::from(incomplete > 0));
        let cell =
            |row: &Vec<String>, at: Option<usize>| at.map(|i| row[i].clone()).unwrap_or_default();
        for row in &rows {
            let player = row[1].as_str();
            let none = Vec::new();
            let want = as_ranges(missing.get(player).unwrap_or(&none), rounds);
            assert_eq!(
                cell(row, missing_at),
                want,
                "{group}: {player}'s missing rounds"
            );
            let want = byes.get(player).unwrap_or(&none).join(", ");
            assert_eq!(cell(row, byes_at), want, "{group}: {player}'s byes");
            assert!(
                ["points", "Sonneborn-Berger", "wins", "tie (shared place)"]
                    .contains(&row[8].as_str()),
                "{group}: {player} decided by {}",
                row[8]
            );
            let played: u32 = row[2].parse().unwrap();
            assert_eq!(
                played as usize,
                players[player].len(),
                "{group}: {player}'s games"
            );
        }
    }
}

/// Opening names stand beside their codes: each ECCO code of the championship's results
/// table with its ECCO 2004 name.
#[test]
fn world_championship_openings_are_named() {
    let Some(pages) = pages() else {
        return;
    };
    let rows = md_rows(&pages[1].markdown, "Results by opening");
    assert!(!rows.is_empty());
    let mut named = 0;
    for row in &rows {
        // A row of pooled small openings has no code of its own.
        let Ok(code) = row[0].parse::<kifu_rules::xiangqi::ecco::Code>() else {
            assert!(row[1].is_empty(), "{row:?}");
            continue;
        };
        let name = kifu_rules::xiangqi::ecco::name(code).unwrap_or_default();
        assert_eq!(row[1], name, "{row:?}");
        named += 1;
    }
    assert!(named > 0, "no ECCO code in {rows:?}");
}

/// The dpxq set's illegal moves in report.md: every move named in a notation (Chinese and
/// ICCS), never as the record's DhtmlXQ digits.
#[test]
fn dhtmlxq_findings_name_moves_not_digits() {
    let Some(pages) = pages() else {
        return;
    };
    let wc = &pages[1];
    let db = wc.dir.parent().unwrap().join("kifu.db");
    let out = wc.dir.parent().unwrap().join("illegal-moves");
    kifu_ok(&[
        "report",
        "--db",
        db.to_str().unwrap(),
        "--code",
        "illegal-move",
        "--out",
        out.to_str().unwrap(),
    ]);
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    let audit: Vec<&str> = md.lines().filter(|l| l.starts_with("- **")).collect();
    assert!(audit.len() >= 26, "{} findings", audit.len());
    for line in &audit {
        // A quoted run of four digits is a DhtmlXQ move as written.
        let digits = line
            .split('"')
            .skip(1)
            .step_by(2)
            .any(|q| q.len() == 4 && q.bytes().all(|b| b.is_ascii_digit()));
        assert!(!digits, "a move as DhtmlXQ digits: {line}");
    }
    // 66412 move 72: Black's elephant e7–c5 uncovers its general (送将).
    assert!(
        md.contains("象5进3 (e7c5) leaves black's own general in check"),
        "{md}"
    );
}

/// Two Xiangqi games of one error each (a move that is not legal), written beside the 1956
/// library.
const TWO_ERRORS: &str = "[Game \"Chinese Chess\"]\n[Event \"Test\"]\n[Red \"A\"]\n\
[Black \"B\"]\n[Result \"1-0\"]\n1. h2e2 h9g7 2. h0g2 i9h9 3. h2h9 *\n\n\
[Game \"Chinese Chess\"]\n[Event \"Test\"]\n[Red \"C\"]\n[Black \"D\"]\n\
[Result \"1-0\"]\n1. h2e2 h9g7 2. e2e9 1-0\n";

/// Issue 55's labels on a Xiangqi-only selection (the 1956 library and two games with an
/// error each): no Renju rules named, a title of what was selected rather than a count of
/// its many "events", and the audit's counts in words that read, in every language.
#[test]
fn a_xiangqi_report_names_no_renju_rules_and_counts_in_words() {
    let Some(library) =
        shared("xiangqi/xqf_cbl_samples/walker8088_cchess/1956年全国象棋锦标赛93局.CBL")
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("errors.pgn");
    std::fs::write(&pgn, TWO_ERRORS).unwrap();
    let db = dir.path().join("kifu.db");
    ingest_ok(&db, &[&library, &pgn]);
    let report = |name: &str, args: &[&str]| -> (String, String) {
        let out = dir.path().join(name);
        let mut all = vec![
            "report",
            "-q",
            "--db",
            db.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ];
        all.extend_from_slice(args);
        kifu_ok(&all);
        (
            std::fs::read_to_string(out.join("report.md")).unwrap(),
            std::fs::read_to_string(out.join("index.html")).unwrap(),
        )
    };
    // (lang, two errors, one error, full stop), as the heading writes them.
    let counts = [
        ("en", "2 errors", "1 error", "."),
        ("ja", "エラー 2 件", "エラー 1 件", "。"),
        ("zh-Hans", "2 项错误", "1 项错误", "。"),
        ("zh-Hant", "2 項錯誤", "1 項錯誤", "。"),
    ];
    for (lang, two, one, stop) in counts {
        let (md, html) = report(&format!("all-{lang}"), &["--lang", lang]);
        let (md_one, html_one) = report(&format!("a-{lang}"), &["--lang", lang, "--player", "A"]);
        for text in [&md, &html, &md_one, &html_one] {
            assert!(!text.contains("rules renju"), "{lang}: {text}");
        }
        assert!(md.contains(&format!("\n{two}{stop}\n")), "{lang}: {md}");
        assert!(html.contains(&format!(">{two}</span>")), "{lang}");
        assert!(
            md_one.contains(&format!("\n{one}{stop}\n")),
            "{lang}: {md_one}"
        );
        assert!(html_one.contains(&format!(">{one}</span>")), "{lang}");
        assert!(md_one.contains("_player A_"), "{lang}: {md_one}");
    }
    // The library's events are many: the title says what was selected.
    let (md, _) = report("title", &[]);
    assert!(md.starts_with("# Xiangqi · 95 games\n"), "{md}");
}
