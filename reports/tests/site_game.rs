//! The site's game pages (issue 17): the frames embedded in a page, replayed in Rust,
//! give at every ply the board the shared replay (`kifu show --ply N`) gives, read back from
//! the engine's own text boards; Renju forbidden points, Xiangqi move classes, Territorial
//! hands and score, ChouChou captures; escaping; page size; the pages' script run in
//! headless Chromium when it is installed.

mod chromium;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use kifu_facts::GameKind;
use kifu_generate::{write_set, GameSpec, RenjuNotation, SetSpec, XqNotation};
use kifu_reports::replay::{self, captured_totals, classes_text, ChouChouSetup};
use kifu_reports::site::frames::{self, expand, Cells};
use kifu_reports::site::game::{game_assets, game_page, GameLinks};
use kifu_rules::{chouchou, renju, territorial, xiangqi};
use kifu_store::query::{FindingRow, GameRow};
use kifu_store::{GameFilter, Store};
use serde_json::Value;

/// The hostile name in the handwritten Xiangqi record.
const HOSTILE: &str = "</script><b>";

/// Two Renju games. In the first Black builds g8 h8 and i9 i10 (White far off on the a
/// file), then plays the double-three i8 at move 9, a forbidden move. In the second Black
/// makes five at move 9 and the record goes on with two more moves.
const RENJU_FORBIDDEN: &str = "white h8 a1 g8 a3 i10 a5 i9 a7 i8 a9 b1\n\
                               black h8 a1 i8 a3 j8 a5 k8 a7 l8 a9 b1\n";

fn hostile_pgn() -> String {
    format!(
        "[Game \"Chinese Chess\"]\n[Event \"Site test\"]\n[Round \"1\"]\n[Date \"2024.03.16\"]\n\
         [Red \"{HOSTILE}\"]\n[Black \"a & b\"]\n[Result \"1/2-1/2\"]\n[Format \"ICCS\"]\n\n\
         1. h2-e2 h9-g7 2. h0-g2 i9-h9 3. i0-h0 b9-c7 4. c3-c4 c6-c5 1/2-1/2\n"
    )
}

/// A Xiangqi game from a set-up position: two kings step forward.
const XIANGQI_FEN: &str = "[Game \"Chinese Chess\"]\n[Event \"Site test\"]\n[Red \"R\"]\n\
    [Black \"B\"]\n[Result \"*\"]\n[FEN \"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n[Format \"ICCS\"]\n\n\
    1. e0-e1 d9-d8 *\n";

fn write_file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn generated(dir: &Path, name: &str, game: GameSpec, games: usize) -> PathBuf {
    let mut out = Vec::new();
    write_set(
        &SetSpec {
            game,
            games,
            seed: 17,
        },
        &mut out,
    )
    .unwrap();
    let path = dir.join(name);
    std::fs::write(&path, out).unwrap();
    path
}

/// The store every test reads: generated games of every kind and the handwritten records,
/// built once per run under the target's temporary folder.
fn store() -> Store {
    static DB: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    let db = DB.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("site_game");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        build_store(&dir)
    });
    Store::open_read_only(db).unwrap()
}

/// Writes the records into `dir` and ingests them; the database's path.
fn build_store(dir: &Path) -> PathBuf {
    let files = vec![
        write_file(dir, "forbidden.renju", RENJU_FORBIDDEN),
        write_file(dir, "hostile.pgn", &hostile_pgn()),
        write_file(dir, "fen.pgn", XIANGQI_FEN),
        generated(dir, "r.renju", GameSpec::Renju(RenjuNotation::Lines), 6),
        generated(dir, "x.pgn", GameSpec::Xiangqi(XqNotation::Chinese), 6),
        generated(dir, "t.pgn", GameSpec::Territorial, 6),
        generated(
            dir,
            "c.ccn",
            GameSpec::ChouChou {
                variant: chouchou::Variant::Standard,
                players: 4,
                pairs: true,
            },
            6,
        ),
        generated(
            dir,
            "c2.ccn",
            GameSpec::ChouChou {
                variant: chouchou::Variant::from_id("4x4").unwrap(),
                players: 2,
                pairs: false,
            },
            4,
        ),
    ];
    let db = dir.join("site.db");
    kifu_ingest::ingest(&db, &files, &kifu_ingest::Options::default()).unwrap();
    db
}

fn games(store: &Store) -> Vec<GameRow> {
    let ids = store.game_ids(&GameFilter::everything()).unwrap();
    ids.into_iter().map(|id| store.game(id).unwrap()).collect()
}

fn findings_of(store: &Store, id: i64) -> Vec<FindingRow> {
    store
        .findings(
            &GameFilter {
                id: Some(id),
                ..GameFilter::everything()
            },
            None,
        )
        .unwrap()
}

fn page(store: &Store, game: &GameRow) -> String {
    game_page(game, &findings_of(store, game.id), &GameLinks::default()).unwrap()
}

/// Whether every `<b>` of `page` is a move pair's number (`<b>12.</b>`, `<b>3…</b>`): a
/// record's `<b>` never reaches the page unescaped.
fn only_move_numbers_are_bold(page: &str) -> bool {
    page.split("<b>").skip(1).all(|rest| {
        rest.split_once("</b>").is_some_and(|(number, _)| {
            let digits = number.trim_end_matches(['.', '…']);
            !digits.is_empty()
                && digits.len() < number.len()
                && digits.bytes().all(|b| b.is_ascii_digit())
        })
    })
}

/// The page's embedded data, parsed.
fn page_data(page: &str) -> Value {
    let open = "<script type=\"application/json\" id=\"game-data\">";
    let start = page.find(open).unwrap() + open.len();
    let end = start + page[start..].find("</script>").unwrap();
    let json = &page[start..end];
    assert!(!json.contains('<'), "a raw < in the page data");
    serde_json::from_str(json).unwrap()
}

/// The boards at each ply, applying the page's changes.
fn page_boards(data: &Value) -> Vec<Cells> {
    let changes = strings(&data["changes"]);
    frames::page_boards(&changes.iter().map(String::as_str).collect::<Vec<_>>())
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_owned())
        .collect()
}

// ---- the engine's own text boards, read back --------------------------------------

/// Renju `Position::render` rows (row 15 first; `X`, `O`, `.`).
fn renju_text_cells(text: &str) -> Cells {
    let mut cells = Cells::new();
    for line in text.lines().take(15) {
        let row: u32 = line[..2].trim().parse().unwrap();
        for (col, c) in line[2..].chars().skip(1).step_by(2).enumerate() {
            if c == 'X' || c == 'O' {
                cells.insert(format!("{}{row}", (b'a' + col as u8) as char), c.into());
            }
        }
    }
    cells
}

/// The board part of a Xiangqi FEN (rank 9 first).
fn fen_cells(fen: &str) -> Cells {
    let mut cells = Cells::new();
    for (i, rank) in fen.split(' ').next().unwrap().split('/').enumerate() {
        let mut file = 0u8;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as u8;
            } else {
                cells.insert(format!("{}{}", (b'a' + file) as char, 9 - i), c.into());
                file += 1;
            }
        }
    }
    cells
}

/// Territorial `Position::render` rows (rank 8 first).
fn territorial_text_cells(text: &str) -> Cells {
    let mut cells = Cells::new();
    for line in text.lines().take(8) {
        let mut parts = line.split(' ');
        let rank = parts.next().unwrap();
        for (file, c) in parts.enumerate() {
            if c != "." {
                cells.insert(format!("{}{rank}", (b'a' + file as u8) as char), c.into());
            }
        }
    }
    cells
}

/// ChouChou `Board::render` rows (after the title and the column line).
fn chouchou_text_cells(text: &str) -> Cells {
    let mut cells = Cells::new();
    for line in text.lines().skip(2) {
        let mut parts = line.split_whitespace();
        let row = parts.next().unwrap();
        for (col, c) in parts.enumerate() {
            if c != "." {
                cells.insert(format!("{}{row}", col + 1), c.into());
            }
        }
    }
    cells
}

/// The board `kifu show GAME --ply N` shows, through the shared replay, read from the
/// engine's text.
fn shown(game: &GameRow, ply: usize) -> Cells {
    match game.kind {
        GameKind::Renju => {
            let moves = replay::renju_moves(game).unwrap();
            let position = replay::renju_playable(&moves[..ply.min(moves.len())]);
            renju_text_cells(&position.render(&renju::Marks::default()))
        }
        GameKind::Xiangqi => {
            let moves = replay::xiangqi_moves(game).unwrap();
            let mut position = replay::xiangqi_start(game).unwrap();
            for &m in &moves[..ply] {
                position.make(m);
            }
            fen_cells(&position.to_fen())
        }
        GameKind::Territorial => {
            let moves = replay::territorial_moves(game).unwrap();
            let position = territorial::Position::from_moves(&moves[..ply]).unwrap();
            territorial_text_cells(&position.render())
        }
        GameKind::ChouChou => {
            let actions = replay::chouchou_actions(game).unwrap();
            let setup = ChouChouSetup::of(game).unwrap();
            chouchou_text_cells(&setup.replay(&actions[..ply]).board.render())
        }
    }
}

#[test]
fn every_ply_of_every_game_shows_the_shared_replays_board() {
    let store = store();
    let games = games(&store);
    let mut kinds = BTreeMap::new();
    for game in &games {
        let page = page(&store, game);
        let data = page_data(&page);
        let boards = page_boards(&data);
        assert_eq!(boards.len(), game.plies as usize + 1, "game {}", game.id);
        assert!(page.contains(&format!("data-plies=\"{}\"", game.plies)));
        for (ply, board) in boards.iter().enumerate() {
            assert_eq!(
                board,
                &shown(game, ply),
                "game {} ({}) at ply {ply}",
                game.id,
                game.kind
            );
        }
        // One item per ply in the list, in order, written bare (the script numbers them);
        // `second`: a pair's second move placed after a branch.
        let (start, end) = (
            page.find("<ol id=\"moves\"").unwrap(),
            page.find("</ol>").unwrap(),
        );
        let list = &page[start..end];
        let items = list.matches("<li>").count()
            + ["cycle", "second", "\"second cycle\""]
                .iter()
                .map(|class| list.matches(&format!("<li class={class}>")).count())
                .sum::<usize>();
        assert_eq!(items, game.plies as usize, "game {} moves", game.id);
        *kinds.entry(game.kind.to_string()).or_insert(0) += 1;
    }
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        vec![
            ("chouchou".to_owned(), 10),
            ("renju".to_owned(), 8),
            ("territorial".to_owned(), 6),
            ("xiangqi".to_owned(), 8),
        ]
    );
}

#[test]
fn renju_forbidden_points_and_the_record_after_the_end() {
    let store = store();
    let all = games(&store);
    let mut two = all.iter().filter(|g| g.source.ends_with("forbidden.renju"));
    let (game, five) = (two.next().unwrap(), two.next().unwrap());
    let findings = findings_of(&store, game.id);
    let page = page(&store, game);
    let data = page_data(&page);
    // Black to move at ply 8: i8 is a double-three; at no other ply is anything forbidden
    // (White to move, or the game over after the forbidden i8).
    let forbidden = data["forbidden"].as_object().unwrap();
    assert_eq!(
        forbidden.keys().collect::<Vec<_>>(),
        vec!["8"],
        "{forbidden:?}"
    );
    assert_eq!(forbidden["8"], serde_json::json!([["i8", "double-three"]]));
    let boards = page_boards(&data);
    assert_eq!(boards[9].get("i8").map(String::as_str), Some("X"));
    assert_eq!(data["stopped"], Value::Null);
    // After the five the position stops at move 9 (the game was over there), as
    // `kifu show` says.
    let data = page_data(&page_of(&store, five));
    assert_eq!(
        data["stopped"],
        serde_json::json!([
            9,
            "the position is shown at move 9: the game was over there"
        ])
    );
    let boards = page_boards(&data);
    assert_eq!(boards.len(), 12);
    assert_eq!(boards[11], boards[9]);
    assert_eq!(boards[9].get("l8").map(String::as_str), Some("X"));
    assert_eq!(boards[11].get("a9"), None);
    // The forbidden move's finding is listed at its ply with its rule clause.
    let f = findings
        .iter()
        .find(|f| f.ply == Some(9))
        .expect("a finding at move 9");
    assert!(
        page.contains(&format!(
            "<li class=\"finding\" data-ply=\"9\" data-code=\"{}\" data-severity=\"{}\">",
            f.code, f.severity
        )),
        "{page}"
    );
    assert!(page.contains(&format!("[{}]", f.rule)), "{}", f.rule);
    assert!(page.contains("data-kind=\"renju\""));
}

#[test]
fn hostile_names_are_escaped_and_xiangqi_moves_carry_classes() {
    let store = store();
    let all = games(&store);
    let game = all
        .iter()
        .find(|g| g.source.ends_with("hostile.pgn"))
        .unwrap();
    let page = page(&store, game);
    assert!(!page.contains(HOSTILE));
    assert!(only_move_numbers_are_bold(&page));
    assert!(page.contains("&lt;/script&gt;&lt;b&gt;"));
    assert!(page.contains("a &amp; b"));
    // One <script> element with data, one with the script: the name closed neither.
    assert_eq!(page.matches("<script").count(), 2);
    assert_eq!(page.matches("</script>").count(), 2);
    let data = page_data(&page);
    // The central cannon attacks the e6 pawn: an allowed chase, as `kifu show` lists it;
    // the horse's answer is idle.
    let classes = classes_of(&data);
    assert_eq!(classes.len(), 8);
    assert_eq!(classes[0], "chase, chase e2 -> e6 (allowed, xiangqi 棋例3)");
    assert_eq!(classes[1], "idle");
    // Red's move and Black's answer are one numbered pair, in WXF with the ICCS (English,
    // the audit edition).
    assert!(page.contains("<li><b>1.</b> C2=5 h2e2<li>H8+7 h9g7<li>"));
    // Every Xiangqi game's classes are the engine's, move by move.
    let mut checks = 0;
    for game in all.iter().filter(|g| g.kind == GameKind::Xiangqi) {
        let data = page_data(&page_of(&store, game));
        let classes = classes_of(&data);
        let moves = replay::xiangqi_moves(game).unwrap();
        let mut position = replay::xiangqi_start(game).unwrap();
        assert_eq!(classes.len(), moves.len());
        for (i, &m) in moves.iter().enumerate() {
            let c = xiangqi::classify(&position, m);
            checks += c.is_check() as usize;
            assert_eq!(
                classes[i],
                classes_text(&c),
                "game {} move {}",
                game.id,
                i + 1
            );
            position.make(m);
        }
    }
    assert!(checks > 0, "no check in the generated games");
}

/// Each move's classes text, from the page's table of texts.
fn classes_of(data: &Value) -> Vec<String> {
    let texts = strings(&data["classTexts"]);
    data["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| expand(&texts[i.as_u64().unwrap() as usize]))
        .collect()
}

fn page_of(store: &Store, game: &GameRow) -> String {
    page(store, game)
}

#[test]
fn territorial_hands_and_score_at_the_end() {
    let store = store();
    for game in games(&store)
        .iter()
        .filter(|g| g.kind == GameKind::Territorial)
    {
        let data = page_data(&page(&store, game));
        let moves = replay::territorial_moves(game).unwrap();
        let hands = data["hands"].as_array().unwrap();
        assert_eq!(hands.len(), moves.len() + 1);
        for (ply, hand) in hands.iter().enumerate() {
            let position = territorial::Position::from_moves(&moves[..ply]).unwrap();
            let text = position.to_text();
            let lines: Vec<&str> = text.lines().skip(9).take(2).collect();
            assert_eq!(strings(hand), lines, "game {} ply {ply}", game.id);
        }
        let end = territorial::Position::from_moves(&moves).unwrap();
        let score = territorial::score(&end);
        assert_eq!(data["score"], Value::String(score.to_string()));
        let territories = data["territories"].as_array().unwrap();
        assert_eq!(territories.len(), score.territories.len());
        for (t, expected) in territories.iter().zip(&score.territories) {
            assert_eq!(t[0], expected.side.name());
            let squares: Vec<String> = expected.squares.iter().map(|s| s.to_string()).collect();
            assert_eq!(t[1], Value::String(squares.join(" ")));
            assert_eq!(t[2], expected.multiplier);
        }
    }
}

#[test]
fn chouchou_captured_totals_and_each_actions_captures() {
    let store = store();
    let mut captures_seen = 0;
    for game in games(&store)
        .iter()
        .filter(|g| g.kind == GameKind::ChouChou)
    {
        let data = page_data(&page(&store, game));
        let actions = replay::chouchou_actions(game).unwrap();
        let setup = ChouChouSetup::of(game).unwrap();
        let captured = strings(&data["captured"]);
        let captures = strings(&data["captures"]);
        assert_eq!(captured.len(), actions.len() + 1);
        assert_eq!(captures.len(), actions.len());
        for (ply, text) in captured.iter().enumerate() {
            let r = setup.replay(&actions[..ply]);
            assert_eq!(
                text,
                &captured_totals(&r.captured),
                "game {} ply {ply}",
                game.id
            );
            if ply > 0 {
                let before = setup.replay(&actions[..ply - 1]);
                let taken: u32 =
                    r.captured.iter().sum::<u32>() - before.captured.iter().sum::<u32>();
                let event = r.captures.iter().find(|c| c.ply == ply as u32);
                match event {
                    Some(c) => {
                        captures_seen += 1;
                        let steps: Vec<String> = c.steps.iter().map(|s| s.to_string()).collect();
                        let expected = format!(
                            "P{} captured {} ({})",
                            c.player + 1,
                            c.taken,
                            steps.join(" + ")
                        );
                        assert!(
                            captures[ply - 1].starts_with(&expected),
                            "{} / {expected}",
                            captures[ply - 1]
                        );
                        assert_eq!(c.taken, taken);
                    }
                    None => assert!(
                        !captures[ply - 1].contains("captured"),
                        "{}",
                        captures[ply - 1]
                    ),
                }
            }
        }
    }
    assert!(captures_seen > 0, "no capture in the generated games");
}

#[test]
fn assets_are_the_script_and_the_style() {
    let assets = game_assets();
    let names: Vec<&str> = assets.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, vec!["game.js", "game.css"]);
    let js = std::str::from_utf8(assets[0].1).unwrap();
    assert!(js.starts_with("// Generated by kifu"));
    for board in ["renju", "xiangqi", "territorial", "chouchou3", "chouchou4"] {
        assert!(js.contains(&format!("\"{board}\":")), "{board}");
    }
    // No request leaves the page: no URL in the assets but the SVG namespace.
    let css = std::str::from_utf8(assets[1].1).unwrap();
    assert!(!css.contains("url("));
    assert_eq!(
        js.matches("http").count(),
        js.matches("http://www.w3.org/2000/svg").count()
    );
    assert!(!js.contains("fetch(") && !js.contains("XMLHttpRequest"));
}

/// `<shared>/data/REL`, or `None` (test skipped) when missing.
fn shared(rel: &str) -> Option<PathBuf> {
    kifu_testdata::shared(&format!("data/{rel}"))
}

#[test]
fn world_championship_2015_pages_replay_and_fit_the_size_budget() {
    let Some(tar) = shared("xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("xq.db");
    kifu_ingest::ingest(&db, &[tar], &kifu_ingest::Options::default()).unwrap();
    let store = Store::open_read_only(&db).unwrap();
    let filter = GameFilter {
        event: Some("2015年慕中杯第14届世界象棋锦标赛".into()),
        ..GameFilter::everything()
    };
    let ids = store.game_ids(&filter).unwrap();
    let mut total = 0usize;
    let mut plies = 0usize;
    let mut max = (0usize, 0u32);
    let mut repetitions = 0;
    for id in &ids {
        let game = store.game(*id).unwrap();
        let page = page(&store, &game);
        // Every ply shows `kifu show`'s position.
        for (ply, board) in page_boards(&page_data(&page)).iter().enumerate() {
            assert_eq!(board, &shown(&game, ply), "game {id} ply {ply}");
        }
        // A repetition ruled on (perpetual check, repetition draw) has its cycle's moves
        // marked in the move list.
        if findings_of(&store, *id)
            .iter()
            .any(|f| f.code.starts_with("perpetual") || f.code.starts_with("repetition"))
        {
            repetitions += 1;
            assert!(
                page.contains("<li class=cycle") || page.contains("<li class=\"second cycle\""),
                "game {id}"
            );
        }
        // A page grows with its moves only: a fixed part and at most 100 bytes a ply.
        assert!(
            page.len() <= 3_000 + 100 * game.plies as usize,
            "game {id}: {} bytes for {} plies",
            page.len(),
            game.plies
        );
        total += page.len();
        plies += game.plies as usize;
        // SITE_DUMP=DIR keeps the pages for a look.
        if let Ok(d) = std::env::var("SITE_DUMP") {
            std::fs::write(format!("{d}/{id}.html"), &page).unwrap();
        }
        if page.len() > max.0 {
            max = (page.len(), game.plies);
        }
    }
    eprintln!(
        "{} games, {} plies, {total} bytes, {} bytes a game, largest {} bytes ({} plies); \
         {repetitions} with a repetition ruling",
        ids.len(),
        plies,
        total / ids.len(),
        max.0,
        max.1
    );
    assert_eq!(ids.len(), 241);
    assert!(
        repetitions > 5,
        "{repetitions} games with a repetition ruling"
    );
    // About 10 KB a page (the event's games average 78 plies): 2,000 such games stay well
    // under 20 MB with the index and the assets.
    assert!(
        total / ids.len() <= 10_000,
        "{} bytes a page",
        total / ids.len()
    );
    assert!(total * 2000 / ids.len() < 18_000_000);
}

/// Writes the game pages and their assets as the site lays them out (`games/ID.html`,
/// `assets/`), with an empty `site.css` standing in for the index's.
fn write_site(store: &Store, games: &[GameRow], dir: &Path) {
    std::fs::create_dir_all(dir.join("games")).unwrap();
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    for (name, bytes) in game_assets() {
        std::fs::write(dir.join("assets").join(name), bytes).unwrap();
    }
    std::fs::write(dir.join("assets/site.css"), "").unwrap();
    for game in games {
        std::fs::write(
            dir.join(format!("games/{}.html", game.id)),
            page(store, game),
        )
        .unwrap();
    }
}

/// The elements of `dom` with attribute `name`, as (its value, the tag's text).
fn tagged<'a>(dom: &'a str, name: &str) -> Vec<(String, &'a str)> {
    let key = format!(" {name}=\"");
    let mut out = Vec::new();
    let mut rest = dom;
    while let Some(at) = rest.find(&key) {
        let start = rest[..at].rfind('<').unwrap();
        let end = at + rest[at..].find('>').unwrap();
        let value = rest[at + key.len()..].split('"').next().unwrap().to_owned();
        out.push((value, &rest[start..=end]));
        rest = &rest[end..];
    }
    out
}

fn attr_of(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    Some(tag[at..].split('"').next()?.to_owned())
}

/// Each kind's page opened at a ply in headless Chromium: the script ran without a console
/// message, `data-ply` is the ply of the link, and the board holds one `data-piece` element
/// per occupied cell of the shared replay's board, with its content.
#[test]
fn pages_draw_the_shared_replays_board_in_chromium() {
    let dir = tempfile::tempdir().unwrap();
    let store = store();
    let all = games(&store);
    let site = dir.path().join("site");
    let mut picked: Vec<GameRow> = Vec::new();
    for kind in [
        GameKind::Renju,
        GameKind::Xiangqi,
        GameKind::Territorial,
        GameKind::ChouChou,
    ] {
        picked.push(
            all.iter()
                .find(|g| g.kind == kind && g.plies > 20)
                .unwrap()
                .clone(),
        );
    }
    // The Renju game with the forbidden point at ply 8.
    let forbidden = all
        .iter()
        .find(|g| g.source.ends_with("forbidden.renju"))
        .unwrap();
    picked.push(forbidden.clone());
    write_site(&store, &picked, &site);
    for game in &picked {
        let ply = if game.id == forbidden.id { 8 } else { 17 };
        let url = format!(
            "{}#ply={ply}",
            chromium::file_url(&site.join(format!("games/{}.html", game.id)))
        );
        let Some((dom, console)) = chromium::dom_and_console(&url) else {
            return;
        };
        assert_eq!(console, "", "game {}", game.id);
        assert_eq!(
            chromium::attr(&dom, "data-ply"),
            Some(ply as i64),
            "game {}",
            game.id
        );
        let drawn: Cells = tagged(&dom, "data-piece")
            .into_iter()
            .map(|(piece, tag)| (attr_of(tag, "data-at").unwrap(), piece))
            .collect();
        assert_eq!(drawn, shown(game, ply), "game {} ({})", game.id, game.kind);
        // The move list marks the current move.
        assert!(
            dom.contains(&format!("data-ply=\"{ply}\" class=\"move current\""))
                || dom.contains(&format!("class=\"move current\" data-ply=\"{ply}\"")),
            "game {}",
            game.id
        );
        // The kind's text beside the board, as `kifu show --ply N` prints it.
        let text_of = |id: &str| {
            let open = format!("id=\"{id}\">");
            let at = dom.find(&open).unwrap() + open.len();
            dom[at..].split('<').next().unwrap().to_owned()
        };
        match game.kind {
            GameKind::Xiangqi => {
                let moves = replay::xiangqi_moves(game).unwrap();
                let mut position = replay::xiangqi_start(game).unwrap();
                for &m in &moves[..ply - 1] {
                    position.make(m);
                }
                let expected = classes_text(&xiangqi::classify(&position, moves[ply - 1]));
                assert_eq!(text_of("classes"), expected.replace('>', "&gt;"));
            }
            GameKind::Territorial => {
                let moves = replay::territorial_moves(game).unwrap();
                let text = territorial::Position::from_moves(&moves[..ply])
                    .unwrap()
                    .to_text();
                let lines: Vec<&str> = text.lines().skip(9).take(2).collect();
                assert_eq!(text_of("hands"), lines.join("\n"));
            }
            GameKind::ChouChou => {
                let actions = replay::chouchou_actions(game).unwrap();
                let setup = ChouChouSetup::of(game).unwrap();
                let totals = captured_totals(&setup.replay(&actions[..ply]).captured);
                assert_eq!(text_of("captured"), totals);
            }
            GameKind::Renju => {}
        }
        if game.id == forbidden.id {
            assert_eq!(
                text_of("forbidden"),
                "Black's forbidden points: i8 double-three"
            );
            let points: Vec<(String, Option<String>)> = tagged(&dom, "data-forbidden")
                .into_iter()
                .map(|(p, tag)| (p, attr_of(tag, "data-forbidden-kind")))
                .collect();
            assert_eq!(
                points,
                vec![("i8".to_owned(), Some("double-three".to_owned()))]
            );
        }
    }
}

/// Real Renju records (a Japanese tournament, and free-style gomoku): at every ply the
/// board and Black's forbidden points are the shared replay's, as `kifu show --ply N` lists
/// them (none for free-style games).
#[test]
fn real_renju_pages_show_the_boards_and_forbidden_points_of_show() {
    let (Some(tournament), Some(gomoku)) = (
        shared("renju/games/bdt/stefs92_MST-MM-40.bdt"),
        shared("renju/games/bdt/stefs92_Gomoku.bdt"),
    ) else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    kifu_ingest::ingest(&db, &[tournament, gomoku], &kifu_ingest::Options::default()).unwrap();
    let store = Store::open_read_only(&db).unwrap();
    let (mut pages, mut forbidden_plies, mut freestyle) = (0, 0, 0);
    for game in games(&store) {
        let data = page_data(&page(&store, &game));
        let boards = page_boards(&data);
        let moves = replay::renju_moves(&game).unwrap();
        let renju_rules = game.ruleset != Some(kifu_facts::Ruleset::Freestyle);
        freestyle += !renju_rules as usize;
        for (ply, board) in boards.iter().enumerate() {
            let position = replay::renju_playable(&moves[..ply]);
            assert_eq!(
                board,
                &renju_text_cells(&position.render(&renju::Marks::default())),
                "game {} ply {ply}",
                game.id
            );
            let expected: Vec<Value> = if renju_rules {
                position
                    .forbidden_points()
                    .iter()
                    .map(|(p, k)| serde_json::json!([p.to_string(), k.to_string()]))
                    .collect()
            } else {
                Vec::new()
            };
            let shown = data["forbidden"]
                .get(ply.to_string())
                .cloned()
                .unwrap_or(Value::Array(Vec::new()));
            assert_eq!(
                shown,
                Value::Array(expected.clone()),
                "game {} ply {ply}",
                game.id
            );
            forbidden_plies += !expected.is_empty() as usize;
        }
        pages += 1;
    }
    eprintln!(
        "{pages} pages, {freestyle} free-style, {forbidden_plies} plies with forbidden points"
    );
    // SOURCES.md: 50 tournament games; 786 gomoku lines, one holding two records.
    assert_eq!(pages, 50 + 787);
    assert_eq!(freestyle, 787);
    assert!(forbidden_plies > 0);
}

/// A Xiangqi game set up from a FEN starts from it, as `kifu show` does.
#[test]
fn xiangqi_starts_from_the_records_position() {
    let store = store();
    let game = games(&store)
        .into_iter()
        .find(|g| g.source.ends_with("fen.pgn"))
        .unwrap();
    let boards = page_boards(&page_data(&page(&store, &game)));
    let cells = |pairs: &[(&str, &str)]| -> Cells {
        pairs
            .iter()
            .map(|(c, p)| (c.to_string(), p.to_string()))
            .collect()
    };
    assert_eq!(
        boards,
        vec![
            cells(&[("d9", "k"), ("e0", "K")]),
            cells(&[("d9", "k"), ("e1", "K")]),
            cells(&[("d8", "k"), ("e1", "K")]),
        ]
    );
}

/// A game whose moves cannot be replayed gets a page that says so, with the empty board.
#[test]
fn an_unreplayable_game_gets_a_page_saying_so() {
    let store = store();
    let mut game = games(&store)
        .into_iter()
        .find(|g| g.kind == GameKind::Xiangqi)
        .unwrap();
    game.moves = vec![200, 3, 7];
    let page = page(&store, &game);
    assert!(
        page.contains(&format!(
            "<p class=\"stopped\">the moves cannot be replayed: report data error: game {} has a corrupt move list</p>",
            game.id
        )),
        "{page}"
    );
    assert!(page.contains("data-plies=\"0\" data-ply=\"0\""));
    let data = page_data(&page);
    assert_eq!(page_boards(&data), vec![Cells::new()]);
}

/// A Territorial record with comments: each is listed at its ply, escaped.
#[test]
fn comments_are_listed_at_their_ply() {
    let dir = tempfile::tempdir().unwrap();
    let text = "[Game \"Chess Territorial\"]\n[Event \"Comments\"]\n[White \"A\"]\n[Black \"B\"]\n\
                [Result \"*\"]\n\n1. K@e1 {Kings first <b>} K@a2 2. Q@c3 {and a queen} *\n";
    let file = write_file(dir.path(), "c.pgn", text);
    let db = dir.path().join("c.db");
    kifu_ingest::ingest(&db, &[file], &kifu_ingest::Options::default()).unwrap();
    let store = Store::open_read_only(&db).unwrap();
    let game = &games(&store)[0];
    assert_eq!(
        game.comments,
        vec![
            (1, "Kings first <b>".to_owned()),
            (3, "and a queen".to_owned())
        ]
    );
    let page = page(&store, game);
    for (ply, text) in &game.comments {
        assert!(
            page.contains(&format!(
                "<li class=\"comment\" data-ply=\"{ply}\"><span class=\"where\">move {ply}</span> \
                 <span class=\"text\">{}</span></li>",
                kifu_reports::escape(text)
            )),
            "{page}"
        );
    }
    assert!(only_move_numbers_are_bold(&page));
    assert!(page.contains("<span class=\"text\">Kings first &lt;b&gt;</span>"));
    assert!(page.contains("<p id=\"comment-now\"></p>"));
}

/// A record without names, event or date shows those its linked copy gives, each said to
/// be the copy's.
#[test]
fn a_game_page_shows_the_header_its_copy_gives() {
    let dir = tempfile::tempdir().unwrap();
    let bare = write_file(dir.path(), "bare.txt", "1. h8 2. h9 3. i9 4. h10 5. j10\n");
    let named = write_file(
        dir.path(),
        "named.txt",
        "[Event \"Copy Cup\"]\n[Date \"2001-05-03\"]\n[Black \"Ann\"]\n[White \"Bob\"]\n\
         1. h8 2. h9 3. i9 4. h10 5. j10\n",
    );
    let db = dir.path().join("copies.db");
    kifu_ingest::ingest(&db, &[bare, named], &kifu_ingest::Options::default()).unwrap();
    let store = Store::open(&db).unwrap();
    let first = store.game(1).unwrap();
    assert!(first.players.is_empty() && first.event.is_none());
    assert_eq!(store.game(2).unwrap().duplicate_of, Some(1));
    let filled = kifu_reports::site::game::with_copies_header(
        first,
        store.filled_header(1).unwrap(),
        kifu_reports::Lang::En,
    );
    let html = page(&store, &filled);
    for text in [
        "<dt>black (from its copy, game 2)</dt><dd>Ann</dd>",
        "<dd>Copy Cup (from its copy, game 2)</dd>",
        "<dd>2001-05-03 (from its copy, game 2)</dd>",
        "<title>Ann – Bob",
    ] {
        assert!(html.contains(text), "{text}");
    }
}
