//! `kifu bench --serve N`: `kifu serve` under a bounded load, on a database of N generated
//! Renju games (the growth benchmark's, built once per size) and on CCPD (the site
//! benchmark's). For each, the questions are found first by a server of their own (the
//! explorer walked from the start for positions, players and pages for the lists, game
//! ids), then a fresh server answers them at 1, 8 and 64 concurrent clients for a fixed
//! time per endpoint: requests per second, p50 and p99 latency, errors, and the server's
//! peak memory, beside issue 56's targets. Its table replaces the "Server" section of the
//! results file.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use kifu_generate::{GameSpec, RenjuNotation};
use serde_json::Value;

use super::load::{self, Client};
use super::{build_and_cores, generated, ingest_once, mb, shared_data, write_section, BenchArgs};

const HEADING: &str = "## Server under load (`kifu bench --serve N`)";
const CCPD: &str = "xiangqi/ccpd/ccpd_dataset_big5.tar.xz";
/// The concurrent clients of each load.
const CLIENTS: [usize; 3] = [1, 8, 64];
/// How long each load lasts.
const LOAD: Duration = Duration::from_secs(10);
/// Distinct questions per endpoint, at most.
const QUESTIONS: usize = 2000;
/// Issue 56's targets on 2 cores.
const EXPLORE_P99_MS: f64 = 100.0;
const GAME_P99_MS: f64 = 20.0;
const GAME_RPS_64: f64 = 2000.0;
const MEMORY_BYTES: u64 = 500_000_000;

/// A `kifu serve` child of the benchmark.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    /// `kifu serve` on `db`; `extra` its further flags.
    fn start(db: &Path, extra: &[&str]) -> Result<Server> {
        let exe = std::env::current_exe().context("locate the kifu binary")?;
        let mut child = Command::new(exe)
            .args(["serve", "--addr", "127.0.0.1:0", "--db"])
            .arg(db)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .context("start kifu serve")?;
        let mut line = String::new();
        BufReader::new(child.stdout.take().context("its output")?).read_line(&mut line)?;
        let port = line
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .and_then(|p| p.parse().ok())
            .with_context(|| format!("kifu serve said {line:?}"))?;
        Ok(Server { child, port })
    }

    /// SIGTERM, then its peak resident memory.
    fn stop(self) -> Result<u64> {
        // SAFETY: kill(2) on our own child's pid.
        unsafe {
            libc::kill(self.child.id() as libc::pid_t, libc::SIGTERM);
        }
        let (ok, peak, _) = super::wait_with_peak(&self.child)?;
        if !ok {
            bail!("kifu serve did not stop cleanly");
        }
        Ok(peak)
    }
}

/// The questions of each endpoint.
struct Questions {
    games: Vec<String>,
    game: Vec<String>,
    position: Vec<String>,
    explore: Vec<String>,
}

/// A deterministic pick (xorshift), so every run asks the same questions.
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

fn ask(client: &mut Client, path: &str) -> Result<Value> {
    let (status, body) = client.get(path)?;
    if status != 200 {
        bail!("{path}: {status} {}", String::from_utf8_lossy(&body));
    }
    Ok(serde_json::from_slice(&body)?)
}

/// The move a question's `moves` takes, from an explorer row's text: Xiangqi rows read
/// `炮二平五 (h2e2)`, the coordinates in parentheses.
fn move_of(text: &str) -> String {
    match text.rsplit_once(" (") {
        Some((_, coords)) => coords.trim_end_matches(')').to_owned(),
        None => text.to_owned(),
    }
}

/// Walks the explorer from the start (the most played moves first, then at random) for
/// move sequences up to 6 moves, and lists players, pages and game ids.
fn find_questions(db: &Path, kind: &str) -> Result<Questions> {
    let server = Server::start(db, &[])?;
    let mut client = Client::connect(server.port)?;
    let mut pick = Pick(0x9e37_79b9_7f4a_7c15);
    let mut prefixes: BTreeSet<String> = BTreeSet::new();
    prefixes.insert(String::new());
    let mut frontier = vec![String::new()];
    while let Some(prefix) = frontier.pop() {
        if prefixes.len() >= QUESTIONS || prefix.split(' ').count() > 6 {
            continue;
        }
        let answer = ask(
            &mut client,
            &format!(
                "/api/explore?game={kind}&moves={}",
                prefix.replace(' ', "+")
            ),
        )?;
        let moves = answer["moves"].as_array().cloned().unwrap_or_default();
        // The three most played, and one at random.
        let mut next: Vec<&Value> = moves.iter().take(3).collect();
        if !moves.is_empty() {
            next.push(&moves[pick.below(moves.len())]);
        }
        for m in next {
            let text = move_of(m["move"].as_str().unwrap_or_default());
            let seq = if prefix.is_empty() {
                text
            } else {
                format!("{prefix} {text}")
            };
            if prefixes.insert(seq.clone()) {
                frontier.insert(0, seq);
            }
        }
    }
    let explore: Vec<String> = prefixes
        .iter()
        .map(|p| format!("/api/explore?game={kind}&moves={}", p.replace(' ', "+")))
        .collect();
    let position: Vec<String> = prefixes
        .iter()
        .filter(|p| p.split(' ').count() >= 2)
        .map(|p| {
            format!(
                "/api/position?game={kind}&moves={}&limit=20",
                p.replace(' ', "+")
            )
        })
        .collect();
    let players = ask(&mut client, &format!("/api/players?game={kind}&limit=500"))?;
    let mut games: Vec<String> = players["players"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["player"].as_str())
        .map(|name| {
            format!(
                "/api/games?game={kind}&player={}&limit=50",
                kifu_serve::query::escape(name)
            )
        })
        .collect();
    let first = ask(
        &mut client,
        &format!("/api/games?game={kind}&limit=1&sort=id"),
    )?;
    let total = first["total"].as_u64().unwrap_or(0) as usize;
    let low = first["games"][0]["id"].as_u64().unwrap_or(1) as usize;
    let mut game = Vec::new();
    for _ in 0..QUESTIONS {
        let id = low + pick.below(total);
        games.push(format!("/api/games?game={kind}&limit=50&after={id}"));
        game.push(format!("/api/games/{id}"));
    }
    games.truncate(QUESTIONS);
    // Only the ids that are games of the kind (a quarantined record has none).
    game.retain(|path| matches!(client.get(path), Ok((200, _))));
    drop(client);
    server.stop()?;
    Ok(Questions {
        games,
        game,
        position,
        explore,
    })
}

/// One endpoint's row for `clients`, with its target.
fn row(
    t: &mut String,
    database: &str,
    endpoint: &str,
    clients: usize,
    distinct: usize,
    m: &load::Measured,
) -> Result<()> {
    let (p50, p99, rps) = (m.quantile_ms(0.5), m.quantile_ms(0.99), m.per_second());
    let target = match (endpoint, clients) {
        ("position" | "explore", 8) => Some((
            format!("p99 < {EXPLORE_P99_MS:.0} ms"),
            p99 < EXPLORE_P99_MS,
        )),
        ("one game", 8) => Some((format!("p99 < {GAME_P99_MS:.0} ms"), p99 < GAME_P99_MS)),
        ("one game", 64) => Some((format!("≥ {GAME_RPS_64:.0} requests/s"), rps >= GAME_RPS_64)),
        _ => None,
    };
    let target = match target {
        Some((what, met)) if m.errors == 0 => {
            format!("{what}: {}", if met { "met" } else { "**not met**" })
        }
        Some((what, _)) => format!("{what}: **errors**"),
        None if m.errors > 0 => "**errors**".into(),
        None => String::new(),
    };
    writeln!(
        t,
        "| {database} | {endpoint} | {clients} | {distinct} | {} | {rps:.0} | {p50:.1} ms | {p99:.1} ms | {} | {target} |",
        m.requests, m.errors
    )?;
    Ok(())
}

/// Games the live load's ingest adds.
const ADDED_LIVE: usize = 100_000;

/// 8 clients ask a served database of 1,000 games while `kifu ingest` adds
/// [`ADDED_LIVE`] more: the requests, the failed ones, the latencies, the ingest's time.
fn live(req: &BenchArgs, t: &mut String) -> Result<()> {
    let base = generated(req, GameSpec::Renju(RenjuNotation::Plain), 1000)?;
    let added = req.work.join(format!("serve-added-{ADDED_LIVE}.renju"));
    if !added.exists() {
        crate::generate::write(
            &kifu_generate::SetSpec {
                game: GameSpec::Renju(RenjuNotation::Plain),
                games: ADDED_LIVE,
                seed: 7,
            },
            &added,
        )?;
    }
    let db = req.work.join("serve-live.db");
    kifu_store::remove_database(&db)?;
    ingest_once(&db, &base.paths, &kifu_ingest::Options::default())?;
    let server = Server::start(&db, &[])?;
    let questions: Vec<String> = (1..=1000)
        .flat_map(|id| {
            [
                format!("/api/games?game=renju&ruleset=all&sort=id&limit=100&after={id}"),
                format!("/api/games/{id}"),
                "/api/explore?game=renju&ruleset=all".to_owned(),
                "/api/position?game=renju&ruleset=all&moves=h8+h9&limit=20".to_owned(),
            ]
        })
        .collect();
    let questions = Arc::new(questions);
    let exe = std::env::current_exe()?;
    let started = std::time::Instant::now();
    let mut ingest = Command::new(exe)
        .args(["ingest", "-q", "--db"])
        .arg(&db)
        .arg(&added)
        .spawn()
        .context("start kifu ingest")?;
    let mut total = load::Measured::default();
    let mut rounds = Vec::new();
    while ingest.try_wait()?.is_none() {
        let m = load::run(server.port, &questions, 8, Duration::from_secs(2))?;
        rounds.push(m);
    }
    let ingest_seconds = started.elapsed().as_secs_f64();
    if !ingest.wait()?.success() {
        bail!("kifu ingest of {} failed", added.display());
    }
    for m in rounds {
        total.merge(m);
    }
    let peak = server.stop()?;
    writeln!(
        t,
        "\nWhile `kifu ingest` added {ADDED_LIVE} generated Renju games to a served database \
         of 1,000 ({ingest_seconds:.0} s), 8 clients asked pages, games, the explorer and a \
         position: {} requests ({:.0}/s), {} failed, p50 {:.1} ms, p99 {:.1} ms; the \
         server's peak memory {:.0} MB. (That each answer is of one committed state is \
         checked by the test `serve::answers_during_an_ingest_are_each_of_one_committed_state`.)",
        total.requests,
        total.per_second(),
        total.errors,
        total.quantile_ms(0.5),
        total.quantile_ms(0.99),
        mb(peak),
    )?;
    Ok(())
}

/// Runs the benchmark and writes its section into `req.out`.
pub fn run(req: &BenchArgs, games: usize) -> Result<String> {
    std::fs::create_dir_all(&req.work)?;
    let renju = req.work.join(format!("grow-{games}.db"));
    if !renju.exists() {
        eprintln!("kifu bench: ingest of {games} Renju games (once per size)");
        let base = generated(req, GameSpec::Renju(RenjuNotation::Plain), games)?;
        ingest_once(&renju, &base.paths, &kifu_ingest::Options::default())?;
    }
    let mut databases = vec![(format!("{games} Renju games"), renju, "renju")];
    match shared_data() {
        Some(data) => {
            let ccpd = req.work.join("site-ccpd.db");
            if !ccpd.exists() {
                eprintln!("kifu bench: ingest of CCPD (once)");
                ingest_once(&ccpd, &[data.join(CCPD)], &kifu_ingest::Options::default())?;
            }
            databases.push(("CCPD".into(), ccpd, "xiangqi"));
        }
        None => eprintln!("kifu bench: no ../shared/data: CCPD left out"),
    }
    let mut t = String::new();
    writeln!(t, "{HEADING}\n")?;
    writeln!(
        t,
        "`kifu serve` on 127.0.0.1 ({}), its clients on the same machine: each load is C \
         clients, each a thread on one keep-alive connection, asking the endpoint's questions \
         in turn for {} s. The questions were found first by another server process (the \
         explorer walked from the start, the players' game lists and pages after random games, \
         random game ids). The measured server keeps no answer (`--keep-mb 0`): every request \
         is computed from the database, repeats too (a server with its default keeps answers \
         and gives a repeat from memory). No client sends If-None-Match.\n",
        build_and_cores(),
        LOAD.as_secs()
    )?;
    writeln!(
        t,
        "| database | endpoint | clients | distinct questions | requests | requests/s | p50 | p99 | errors | target |"
    )?;
    writeln!(t, "|---|---|---:|---:|---:|---:|---:|---:|---:|---|")?;
    let mut peaks = Vec::new();
    for (name, db, kind) in &databases {
        eprintln!("kifu bench: finding the questions on {name}");
        let q = find_questions(db, kind)?;
        // Every answer computed: a repeated question is asked again of the database.
        let server = Server::start(db, &["--keep-mb", "0"])?;
        for (endpoint, questions) in [
            ("games", &q.games),
            ("one game", &q.game),
            ("position", &q.position),
            ("explore", &q.explore),
        ] {
            if questions.is_empty() {
                writeln!(
                    t,
                    "| {name} | {endpoint} | — | 0 | | | | | | no question found |"
                )?;
                continue;
            }
            let questions = Arc::new(questions.clone());
            for clients in CLIENTS {
                eprintln!("kifu bench: {name}, {endpoint}, {clients} clients");
                let m = load::run(server.port, &questions, clients, LOAD)?;
                row(&mut t, name, endpoint, clients, questions.len(), &m)?;
            }
        }
        peaks.push((name.clone(), server.stop()?));
    }
    writeln!(t)?;
    for (name, peak) in peaks {
        writeln!(
            t,
            "Peak memory of the server on {name}: {:.0} MB (target < {:.0} MB: {}).",
            mb(peak),
            mb(MEMORY_BYTES),
            if peak < MEMORY_BYTES {
                "met"
            } else {
                "**not met**"
            }
        )?;
    }
    eprintln!("kifu bench: the load while an ingest adds {ADDED_LIVE} games");
    live(req, &mut t)?;
    write_section(&req.out, HEADING, &t)?;
    Ok(t)
}
