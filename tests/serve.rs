//! `kifu serve`'s API over real records: every endpoint answers what the CLI answers for the
//! same flags, every bad parameter is `400` with the CLI's message, public requests write
//! nothing, answers follow an ingest (ETag, `/api/updates`) and SIGTERM stops the server.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{ingest_ok, kifu, shared};
use crate::served::{query, Served};

/// A Renju tournament archive (players with many games), a Xiangqi collection (events), and
/// the samples of all four kinds: ingested in about a second.
fn archive(dir: &Path) -> Option<PathBuf> {
    let renju = shared("renju/games/bdt/stefs92_rps.bdt")?;
    let xiangqi = shared("xiangqi/wxfca_xqdb/Liu_Dahua_1125_UCI_games.pgn.xz")?;
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let db = dir.join("k.db");
    ingest_ok(&db, &[&renju, &xiangqi, &samples]);
    Some(db)
}

/// `kifu COMMAND --db DB FLAGS…` (each pair a `--name value` flag, a switch without one),
/// which must succeed: its standard output.
fn cli(db: &Path, command: &str, pairs: &[(&str, &str)], extra: &[&str]) -> String {
    let mut args: Vec<String> = vec![command.into(), "--db".into(), db.display().to_string()];
    for (name, value) in pairs {
        args.push(format!("--{name}"));
        if !value.is_empty() {
            args.push((*value).into());
        }
    }
    args.extend(extra.iter().map(|s| s.to_string()));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = kifu(&refs);
    assert!(
        out.status.success(),
        "kifu {refs:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The API's answer, which must be 200, without its notices.
fn api(served: &Served, endpoint: &str, pairs: &[(&str, &str)]) -> Value {
    let reply = served.get(&format!("/api/{endpoint}?{}", query(pairs)));
    assert_eq!(
        reply.status,
        200,
        "/api/{endpoint} {pairs:?}: {}",
        reply.text()
    );
    let mut answer = reply.json();
    if let Some(object) = answer.as_object_mut() {
        object.remove("notices");
    }
    answer
}

#[test]
fn every_endpoint_answers_what_the_cli_answers() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = archive(dir.path()) else {
        return;
    };
    // The audit edition: the CLI's whole answer (the public one leaves out sources).
    let served = Served::start(&db, &["--edition", "audit"]);

    // Lists: the CLI's JSON lines are the answer's list.
    for (endpoint, list, pairs) in [
        (
            "games",
            "games",
            vec![
                ("game", "renju"),
                ("player", "renjustar"),
                ("sort", "date"),
                ("limit", "40"),
            ],
        ),
        (
            "games",
            "games",
            vec![
                ("game", "xiangqi"),
                ("event", "*League*"),
                ("result", "draw"),
                ("limit", "30"),
            ],
        ),
        ("games", "games", vec![("opening", "D4"), ("limit", "20")]),
        (
            "players",
            "players",
            vec![("game", "renju"), ("limit", "25")],
        ),
        (
            "events",
            "events",
            vec![("game", "xiangqi"), ("sort", "name"), ("limit", "50")],
        ),
    ] {
        let answer = api(&served, endpoint, &pairs);
        let lines = json_lines(&cli(&db, endpoint, &pairs, &["--format", "json"]));
        assert!(
            !lines.is_empty(),
            "{endpoint} {pairs:?}: the CLI lists nothing"
        );
        assert_eq!(answer[list], Value::from(lines), "{endpoint} {pairs:?}");
    }
    // The total is the CLI's count (said on standard error with --limit).
    let answer = api(&served, "games", &[("game", "renju"), ("limit", "5")]);
    let all = json_lines(&cli(
        &db,
        "games",
        &[("game", "renju")],
        &["--format", "json"],
    ));
    assert_eq!(answer["total"], Value::from(all.len()));

    // Pages: following `next` from page to page gives the CLI's whole list, in every order.
    for sort in ["id", "date", "event", "plies"] {
        let whole = json_lines(&cli(
            &db,
            "games",
            &[("game", "xiangqi"), ("sort", sort)],
            &["--format", "json"],
        ));
        let mut paged = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let mut pairs = vec![("game", "xiangqi"), ("sort", sort), ("limit", "97")];
            if let Some(a) = &after {
                pairs.push(("after", a));
            }
            let page = api(&served, "games", &pairs);
            assert_eq!(page["total"], Value::from(whole.len()));
            paged.extend(page["games"].as_array().unwrap().iter().cloned());
            match page["next"].as_i64() {
                Some(next) => after = Some(next.to_string()),
                None => break,
            }
        }
        assert_eq!(paged.len(), whole.len(), "--sort {sort}");
        assert!(paged == whole, "--sort {sort}: the pages are not the list");
    }

    // The name lists page so too: `next` is the page's last name, the next page's `after`.
    for (endpoint, sort) in [
        ("players", "games"),
        ("players", "name"),
        ("events", "games"),
        ("events", "name"),
    ] {
        let whole = json_lines(&cli(
            &db,
            endpoint,
            &[("sort", sort)],
            &["--format", "json"],
        ));
        let mut paged = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let mut pairs = vec![("sort", sort), ("limit", "37")];
            if let Some(a) = &after {
                pairs.push(("after", a));
            }
            let page = api(&served, endpoint, &pairs);
            paged.extend(page[endpoint].as_array().unwrap().iter().cloned());
            match page["next"].as_str() {
                Some(next) => after = Some(next.to_owned()),
                None => break,
            }
        }
        assert!(whole.len() > 37, "{endpoint}: one page");
        assert!(
            paged == whole,
            "{endpoint} --sort {sort}: the pages are not the list"
        );
    }
    let lost = served.get("/api/players?after=nobody%20at%20all");
    assert_eq!(lost.status, 404, "{}", lost.text());

    // One object: the CLI's --json object is the answer.
    for (endpoint, pairs, format) in [
        (
            "position",
            vec![("game", "renju"), ("moves", "h8 h9")],
            &["--json"][..],
        ),
        (
            "explore",
            vec![("game", "renju"), ("moves", "h8"), ("depth", "2")],
            &["--json"][..],
        ),
        ("explore", vec![("game", "xiangqi")], &["--json"][..]),
        (
            "stats",
            vec![("game", "renju"), ("by", "rule")],
            &["--format", "json"][..],
        ),
        (
            "stats",
            vec![("game", "xiangqi")],
            &["--format", "json"][..],
        ),
        (
            "standings",
            vec![("game", "xiangqi"), ("event", "*2004*")],
            &["--json"][..],
        ),
        ("standings", vec![("game", "chouchou")], &["--json"][..]),
        (
            "ratings",
            vec![("game", "renju"), ("top", "30")],
            &["--format", "json"][..],
        ),
        (
            "ratings",
            vec![("game", "renju"), ("player", "renjustar"), ("history", "")],
            &["--format", "json"][..],
        ),
    ] {
        let answer = api(&served, endpoint, &pairs);
        let cli: Value = serde_json::from_str(&cli(&db, endpoint, &pairs, format)).unwrap();
        assert_eq!(answer, cli, "{endpoint} {pairs:?}");
    }
    // One game: the line `kifu show ID --json` prints.
    for id in ["1", "200", "1150"] {
        let reply = served.get(&format!("/api/games/{id}"));
        assert_eq!(reply.status, 200, "{}", reply.text());
        let cli: Value = serde_json::from_str(&cli(&db, "show", &[], &[id, "--json"])).unwrap();
        assert_eq!(reply.json(), cli, "game {id}");
    }
    // One player's and one event's record: what `kifu player NAME --json` and `kifu event
    // NAME --json` print (the API pages the player's games as /api/games does).
    for (endpoint, command, name, pairs) in [
        ("players", "player", "renjustar", vec![("limit", "100")]),
        (
            "players",
            "player",
            "LIU DaHua",
            vec![("game", "xiangqi"), ("limit", "20"), ("result", "draw")],
        ),
        (
            "events",
            "event",
            "China National Xiangqi League 2004",
            vec![],
        ),
        (
            "events",
            "event",
            "china national xiangqi league 2004",
            vec![],
        ),
    ] {
        let path = format!("{endpoint}/{}", kifu_serve::query::escape(name));
        let answer = api(&served, &path, &pairs);
        let mut cli: Value =
            serde_json::from_str(&cli(&db, command, &pairs, &[name, "--json"])).unwrap();
        cli.as_object_mut().unwrap().remove("notices");
        assert_eq!(answer, cli, "{path} {pairs:?}");
    }
    let liu = api(&served, "players/LIU%20DaHua", &[("limit", "10")]);
    let listed = json_lines(&cli(
        &db,
        "players",
        &[("player", "LIU DaHua")],
        &["--format", "json"],
    ));
    assert_eq!(liu["listed"], Value::from(listed));
    // The results by year add up to the players list's line, and the games page to it.
    let sum = |key: &str| -> u64 {
        liu["by_year"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l[key].as_u64().unwrap())
            .sum()
    };
    assert_eq!(sum("games"), liu["listed"][0]["games"].as_u64().unwrap());
    assert_eq!(sum("wins"), liu["listed"][0]["wins"].as_u64().unwrap());
    assert_eq!(liu["total"], liu["listed"][0]["games"]);
    assert_eq!(liu["games"].as_array().unwrap().len(), 10);
    // Unknown names are 404 with the closest names; a pattern is no name.
    let nobody = served.get("/api/players/renjustarr");
    assert_eq!(nobody.status, 404, "{}", nobody.text());
    assert!(nobody.text().contains("renjustar"), "{}", nobody.text());
    assert_eq!(served.get("/api/events/No%20such%20event").status, 404);
    let pattern = served.get("/api/players/renju%2A");
    assert_eq!(pattern.status, 400, "{}", pattern.text());
    assert!(
        pattern.text().contains("not a pattern"),
        "{}",
        pattern.text()
    );
    assert_eq!(served.get("/api/games/99999").status, 404);
    assert_eq!(served.get("/api/games/x1").status, 400);
    assert_eq!(served.get("/api/games/1?ply=3").status, 400);
    let (code, log) = served.stop();
    assert_eq!(code, Some(0), "{log}");
    // One access-log line per request: method, path and query, status, time.
    assert!(
        log.lines()
            .any(|l| l.starts_with("GET /api/standings?game=chouchou 200 ") && l.ends_with(" ms")),
        "{log}"
    );
}

#[test]
fn a_bad_parameter_is_refused_with_the_clis_message() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = archive(dir.path()) else {
        return;
    };
    let served = Served::start(&db, &["--edition", "audit"]);
    for (endpoint, pairs) in [
        ("games", vec![("game", "rnju")]),
        ("games", vec![("date", "2015-13")]),
        ("games", vec![("sort", "colour")]),
        ("games", vec![("code", "no-such-finding")]),
        ("games", vec![("plies", "many")]),
        ("games", vec![("opening", "Z99")]),
        ("games", vec![("colour", "red")]),
        ("players", vec![("sort", "elo")]),
        ("explore", vec![("moves", "h8")]),
        ("explore", vec![("game", "renju"), ("moves", "h8 h8")]),
        ("explore", vec![("game", "renju"), ("sort", "elo")]),
        ("position", vec![("game", "xiangqi"), ("moves", "h2e9")]),
        ("stats", vec![("game", "renju"), ("by", "colour")]),
        ("ratings", vec![("game", "renju"), ("history", "")]),
        ("ratings", vec![("game", "renju"), ("system", "glicko")]),
    ] {
        let reply = served.get(&format!("/api/{endpoint}?{}", query(&pairs)));
        assert_eq!(reply.status, 400, "{endpoint} {pairs:?}: {}", reply.text());
        let message = reply.json()["error"].as_str().unwrap().to_owned();
        assert!(!message.is_empty());
        // The CLI refuses the same flags (exit 2) with the same message.
        let mut args: Vec<String> = vec![endpoint.into(), "--db".into(), db.display().to_string()];
        for (name, value) in &pairs {
            args.push(format!("--{name}"));
            if !value.is_empty() {
                args.push((*value).into());
            }
        }
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = kifu(&refs);
        assert_eq!(out.status.code(), Some(2), "kifu {refs:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let first = message.lines().next().unwrap();
        assert!(
            stderr.contains(first),
            "{endpoint} {pairs:?}: the API says {message:?}, the CLI {stderr:?}"
        );
    }
    // What the server owns, and what no flag is.
    for (path, says) in [
        ("/api/games?db=other.db", "the server sets it"),
        ("/api/games?format=csv", "the server sets it"),
        ("/api/games?limit=5000", "1 to 1000"),
        ("/api/explore?game=renju&depth=9", "at most 4 deep"),
        ("/api/explore?game=renju&format=csv", "the server sets it"),
        ("/api/explore?game=renju&out=tree.csv", "the server sets it"),
        ("/api/games?result-differs=maybe", "a switch"),
        ("/api/games?Game=renju", "no parameter name"),
        ("/api/games?game=%ZZ", "two hexadecimal digits"),
    ] {
        let reply = served.get(path);
        assert_eq!(reply.status, 400, "{path}: {}", reply.text());
        assert!(
            reply.json()["error"].as_str().unwrap().contains(says),
            "{path}: {}",
            reply.text()
        );
    }
    let long = format!("/api/games?player={}", "x".repeat(5000));
    assert_eq!(served.get(&long).status, 400);
    let reply = served.get("/api/moves");
    assert_eq!(reply.status, 404);
    assert!(reply.json()["error"]
        .as_str()
        .unwrap()
        .contains("/api/explore"));
    assert_eq!(
        served
            .request("POST", "/api/games", &[], Some(b"{}"))
            .status,
        405
    );
}

/// What a file holds, to compare before and after.
fn file_bytes(path: &Path) -> Option<Vec<u8>> {
    std::fs::read(path).ok()
}

#[test]
fn public_requests_write_nothing_and_answers_follow_an_ingest() {
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = archive(dir.path()) else {
        return;
    };
    // Curate nothing, but make the stored ratings stale: a reader must compute, not store.
    let more = shared("renju/games/bdt/stefs92_MST-MM-40.bdt").unwrap();
    let served = Served::start(&db, &[]);
    let index = kifu_store::positions::index_path(&db);
    let wal = PathBuf::from(format!("{}-wal", db.display()));
    let before = (file_bytes(&db), file_bytes(&wal), file_bytes(&index));
    for path in [
        "/api/games?game=renju&limit=1000",
        "/api/players",
        "/api/events",
        "/api/position?game=renju&moves=h8",
        "/api/explore?game=xiangqi&depth=2",
        "/api/stats",
        "/api/standings",
        "/api/ratings?game=renju",
        "/api/ratings?game=xiangqi",
    ] {
        assert_eq!(served.get(path).status, 200, "{path}");
    }
    assert_eq!(
        (file_bytes(&db), file_bytes(&wal), file_bytes(&index)),
        before,
        "a public request wrote to the database"
    );

    // The public edition leaves out where records came from, and the findings.
    let games = served.get("/api/games?game=renju&limit=3").json();
    assert!(games["games"][0].get("source").is_none(), "{games}");
    let game = served.get("/api/games/1").text();
    for field in ["\"source\"", "\"findings\"", "\"offset\""] {
        assert!(
            !game.contains(field),
            "{field} in the public edition: {game}"
        );
    }
    assert!(game.contains("\"moves\""), "{game}");

    // An unchanged database answers a repeated question 304; an ingest changes the tag.
    let first = served.get("/api/games?game=renju&limit=3");
    let tag = first.header("etag").unwrap().to_owned();
    assert_eq!(first.header("cache-control"), Some("no-cache"));
    assert!(first
        .header("content-security-policy")
        .unwrap()
        .contains("default-src 'none'"));
    let again = served.request(
        "GET",
        "/api/games?game=renju&limit=3",
        &[&format!("If-None-Match: {tag}")],
        None,
    );
    assert_eq!(again.status, 304);
    // The binary's scripts and styles are tagged by their contents: revalidated, 304.
    for asset in [
        "/ui/ui.css",
        "/assets/tables.js",
        "/assets/site.css",
        "/explore/assets/explorer.js",
    ] {
        let first = served.get(asset);
        assert_eq!(first.status, 200, "{asset}");
        assert_eq!(first.header("cache-control"), Some("no-cache"), "{asset}");
        let tag = first.header("etag").expect("a tag").to_owned();
        let again = served.request("GET", asset, &[&format!("If-None-Match: {tag}")], None);
        assert_eq!(again.status, 304, "{asset}");
    }
    let players_before = served.get("/api/players?game=renju&limit=1000").json();
    ingest_ok(&db, &[&more]);
    let after = served.request(
        "GET",
        "/api/games?game=renju&limit=3",
        &[&format!("If-None-Match: {tag}")],
        None,
    );
    assert_eq!(after.status, 200, "an ingest must change the answer's tag");
    assert_ne!(after.header("etag").unwrap(), tag);
    let players_after = served.get("/api/players?game=renju&limit=1000").json();
    assert_ne!(
        players_before, players_after,
        "the new games are served at once"
    );

    let (code, _) = served.stop();
    assert_eq!(code, Some(0));
}

#[test]
fn the_state_streams_and_sigterm_ends_the_streams() {
    use std::io::{BufRead, BufReader, Write};
    let dir = tempfile::tempdir().unwrap();
    let Some(db) = archive(dir.path()) else {
        return;
    };
    let served = Served::start(&db, &[]);
    assert_eq!(served.get("/healthz").text(), "ok\n");
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", served.port)).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(20)))
        .unwrap();
    stream
        .write_all(b"GET /api/updates HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .unwrap();
    let mut reader = BufReader::new(stream);
    let mut generations = Vec::new();
    let mut line = String::new();
    let mut ingested = false;
    while generations.len() < 2 {
        line.clear();
        if reader.read_line(&mut line).unwrap() == 0 {
            break;
        }
        if let Some(data) = line.trim().strip_prefix("data: ") {
            let state: Value = serde_json::from_str(data).unwrap();
            generations.push(state["generation"].as_i64().unwrap());
            if !ingested {
                ingested = true;
                let more = shared("renju/games/bdt/stefs92_MST-MM-40.bdt").unwrap();
                ingest_ok(&db, &[&more]);
            }
        }
    }
    assert_eq!(generations.len(), 2, "a new state after the ingest");
    assert!(generations[1] > generations[0], "{generations:?}");
    // The stream is open: SIGTERM still stops the server, and the stream ends.
    let (code, _) = served.stop();
    assert_eq!(code, Some(0));
    let mut rest = String::new();
    while reader.read_line(&mut rest).map(|n| n > 0).unwrap_or(false) {}
}

/// While an ingest writes, every answer is read from one committed state: a page of the
/// last games and the total beside it agree (the games up to the page's start never
/// change, so total − listed is their count, whatever the ingest has committed), and no
/// request fails.
#[test]
fn answers_during_an_ingest_are_each_of_one_committed_state() {
    use crate::common::generate;
    let dir = tempfile::tempdir().unwrap();
    let first = generate(
        dir.path(),
        &["--game", "renju", "--games", "300", "--seed", "1"],
        "a.renju",
    );
    let more = generate(
        dir.path(),
        &["--game", "renju", "--games", "3000", "--seed", "2"],
        "b.renju",
    );
    let db = dir.path().join("k.db");
    ingest_ok(&db, &[&first]);
    let served = Served::start(&db, &[]);
    let start = served
        .get("/api/games?game=renju&ruleset=all&limit=1&sort=id")
        .json();
    let before = start["total"].as_u64().unwrap();
    // The page starts after game `from`: the games up to it are `before - 100` of them.
    let page = served
        .get("/api/games?game=renju&ruleset=all&sort=id&limit=100")
        .json();
    let from = page["games"][99]["id"].as_i64().unwrap();
    let up_to_from = 100;
    let ingest = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args([
            "ingest",
            "-q",
            "--db",
            db.to_str().unwrap(),
            more.to_str().unwrap(),
        ])
        .spawn()
        .unwrap();
    let mut ingest = ingest;
    let mut asked = 0;
    let mut totals = Vec::new();
    loop {
        let done = ingest.try_wait().unwrap().is_some();
        let reply = served.get(&format!(
            "/api/games?game=renju&ruleset=all&sort=id&limit=1000&after={from}"
        ));
        assert_eq!(reply.status, 200, "{}", reply.text());
        let answer = reply.json();
        let total = answer["total"].as_u64().unwrap();
        let listed = answer["games"].as_array().unwrap().len() as u64;
        if answer["next"].is_null() {
            assert_eq!(
                total - listed,
                up_to_from,
                "an answer of two states: {total} total, {listed} listed after game {from}"
            );
        }
        let explore = served.get("/api/explore?game=renju&ruleset=all");
        assert_eq!(explore.status, 200, "{}", explore.text());
        totals.push(total);
        asked += 1;
        if done {
            break;
        }
    }
    assert!(ingest.wait().unwrap().success());
    assert!(totals.windows(2).all(|w| w[0] <= w[1]), "{totals:?}");
    assert!(*totals.last().unwrap() > before, "{totals:?}");
    assert!(asked > 1, "the ingest ended before a question was asked");
    let (code, _) = served.stop();
    assert_eq!(code, Some(0));
}
