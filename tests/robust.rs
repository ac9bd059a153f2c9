//! Robustness of the pipeline: an ingest killed at any point leaves a sound database that
//! a second run completes; readers work while an ingest writes; hostile inputs give clear
//! findings with bounded memory and time, and never cost the other games of the batch.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{
    assert_index_consistent, assert_index_follows_its_mark, count, game_table_counts, generate,
    ingest_json, kifu_ok,
};

fn spawn_ingest(db: &Path, input: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["ingest", "--json", "--db"])
        .arg(db)
        .arg(input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start kifu ingest")
}

fn integrity(db: &Path) -> String {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap()
}

/// The database holds only whole games: each stored game has its move list and both
/// players, and nothing refers to a game that is not there.
fn assert_whole_games(db: &Path) {
    assert_eq!(integrity(db), "ok");
    let games = count(db, "SELECT count(*) FROM games");
    assert_eq!(count(db, "SELECT count(*) FROM moves"), games);
    assert_eq!(count(db, "SELECT count(*) FROM game_players"), 2 * games);
    assert_eq!(
        count(
            db,
            "SELECT count(*) FROM games g WHERE NOT EXISTS
               (SELECT 1 FROM moves m WHERE m.game_id = g.id)"
        ),
        0
    );
    assert_eq!(
        count(
            db,
            "SELECT count(*) FROM findings f WHERE f.game_id IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM games g WHERE g.id = f.game_id)"
        ),
        0
    );
    assert_eq!(
        count(
            db,
            "SELECT count(*) FROM (SELECT source_id, member, offset FROM games
               GROUP BY 1, 2, 3 HAVING count(*) > 1)"
        ),
        0
    );
}

/// SIGKILL at several points of a large ingest (the points drawn from a fixed seed so a
/// failure can be replayed), each run resuming the last; then one run to the end gives the
/// same tables as an ingest that was never interrupted. After every kill the position
/// index holds exactly the entries of the games up to its mark (it may be behind the
/// games), and a catch-up (`kifu index`, or the next ingest before its own games) brings
/// it to every game.
#[test]
fn killed_ingest_leaves_whole_games_and_a_rerun_completes_it() {
    let dir = tempfile::tempdir().unwrap();
    let input = generate(
        dir.path(),
        &["--game", "renju", "--games", "60000", "--seed", "11"],
        "club.renju",
    );
    let reference = dir.path().join("reference.db");
    let clean = ingest_json(&reference, &[&input]);
    assert_eq!(clean["games"], 60_000, "{clean}");
    let expected = game_table_counts(&reference);
    assert_index_consistent(&reference);

    let db = dir.path().join("killed.db");
    let games_in = |db: &Path| -> i64 {
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .and_then(|c| c.query_row("SELECT count(*) FROM games", [], |r| r.get(0)))
            .unwrap_or(0)
    };
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut kills = 0;
    let mut left_behind = 0;
    for run in 0..4 {
        // Kill once the run has committed something new, a random 0-400 ms later (drawn
        // from a fixed seed, so a failure can be replayed): the kill lands mid-batch.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let delay = Duration::from_millis(state % 400);
        let before = if db.exists() { games_in(&db) } else { 0 };
        let mut child = spawn_ingest(&db, &input);
        let started = Instant::now();
        while child.try_wait().unwrap().is_none()
            && games_in(&db) <= before
            && started.elapsed() < Duration::from_secs(120)
        {
            std::thread::sleep(Duration::from_millis(10));
        }
        std::thread::sleep(delay);
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap(); // SIGKILL
            kills += 1;
        }
        child.wait().unwrap();
        if db.exists() {
            assert_whole_games(&db);
            assert!(games_in(&db) <= 60_000);
            if assert_index_follows_its_mark(&db) > 0 {
                left_behind += 1;
                // Every other time `kifu index` catches it up; else the next ingest does.
                if run % 2 == 1 {
                    kifu_ok(&["index", "--db", db.to_str().unwrap()]);
                    assert_index_consistent(&db);
                }
            }
        }
    }
    assert!(kills >= 2, "the ingest finished before it could be killed");
    assert!(left_behind >= 1, "no kill left the index behind the games");
    let finished_before = count(
        &db,
        "SELECT count(*) FROM sources WHERE status = 'complete'",
    ) == 1;
    let last = ingest_json(&db, &[&input]);
    if !finished_before {
        // The whole file is read again; what the killed runs committed is kept, the rest
        // added.
        assert_eq!(last["records"], 60_000, "{last}");
        let (inserted, present) = (
            last["inserted"].as_u64().unwrap(),
            last["already_present"].as_u64().unwrap(),
        );
        assert_eq!(inserted + present, 60_000, "{last}");
        assert!(present > 0, "{last}");
    }
    assert_whole_games(&db);
    assert_eq!(game_table_counts(&db), expected);
    assert_index_consistent(&db);
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM sources WHERE status = 'complete'"
        ),
        1
    );
    // Once complete, the file is skipped.
    let again = ingest_json(&db, &[&input]);
    assert_eq!(again["files_skipped"], 1);
    assert_eq!(game_table_counts(&db), expected);
}

/// `stats`, `audit` and `report` open the database read-only and work while an ingest
/// is writing to it.
#[test]
fn readers_work_while_an_ingest_writes() {
    let dir = tempfile::tempdir().unwrap();
    let input = generate(
        dir.path(),
        &["--game", "renju", "--games", "120000", "--seed", "12"],
        "club.renju",
    );
    let db = dir.path().join("live.db");
    let mut child = spawn_ingest(&db, &input);
    let started = Instant::now();
    // Wait for the first committed batch.
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no batch committed"
        );
        if db.exists() {
            let conn = rusqlite::Connection::open_with_flags(
                &db,
                rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
            );
            let n: i64 = conn
                .and_then(|c| c.query_row("SELECT count(*) FROM games", [], |r| r.get(0)))
                .unwrap_or(0);
            if n > 0 {
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let d = db.to_str().unwrap();
    // Each reader counts when it ran from start to end while the ingest was running (the
    // ingest is fast: the quick `stats` is tried first and between the others).
    let mut overlapped = 0;
    let out = dir.path().join("report");
    let readers: [&[&str]; 3] = [
        &["audit", "--db", d, "--severity", "error"],
        &["report", "--db", d, "--out", out.to_str().unwrap()],
        &["audit", "--db", d, "--severity", "warning"],
    ];
    for other in readers {
        let running = child.try_wait().unwrap().is_none();
        let stats = kifu_ok(&["stats", "--db", d, "--game", "renju", "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&stats).unwrap();
        assert!(v["renju_balance"][0]["games"].as_u64().unwrap() > 0);
        if running && child.try_wait().unwrap().is_none() {
            overlapped += 1;
        }
        let running = child.try_wait().unwrap().is_none();
        kifu_ok(other);
        if running && child.try_wait().unwrap().is_none() {
            overlapped += 1;
        }
    }
    assert!(overlapped > 0, "the ingest ended before the readers ran");
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["games"], 120_000);
    assert_eq!(integrity(&db), "ok");
}

/// Runs `cmd` to its end: its output and its own peak RSS in bytes, the largest `VmHWM`
/// of `/proc/PID/status` seen while it runs (sampled every 10 ms). `wait4`'s `ru_maxrss`
/// would not do: a child started from this test process (which other tests running at the
/// same time make large) keeps that process's high-water mark through its `exec`.
fn output_with_peak_rss(cmd: &mut Command) -> (std::process::Output, u64) {
    use std::io::Read;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::sync::Arc;
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let done = Arc::new(AtomicBool::new(false));
    let peak = Arc::new(AtomicU64::new(0));
    let sampler = {
        let (done, peak) = (done.clone(), peak.clone());
        std::thread::spawn(move || {
            while !done.load(Ordering::Relaxed) {
                let status = std::fs::read_to_string(format!("/proc/{pid}/status"));
                let kb = status.ok().and_then(|s| {
                    s.lines()
                        .find_map(|l| l.strip_prefix("VmHWM:"))
                        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                });
                if let Some(kb) = kb {
                    peak.fetch_max(kb * 1024, Ordering::Relaxed);
                }
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        })
    };
    let mut stderr = child.stderr.take().unwrap();
    let stderr_reader = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        stderr.read_to_end(&mut bytes).unwrap();
        bytes
    });
    let mut stdout = Vec::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_end(&mut stdout)
        .unwrap();
    let stderr = stderr_reader.join().unwrap();
    // Both streams closed: the child is ending. Stop sampling before it is reaped, so its
    // pid is never read again once another process may have it.
    done.store(true, Ordering::Relaxed);
    sampler.join().unwrap();
    let status = child.wait().unwrap();
    let output = std::process::Output {
        status,
        stdout,
        stderr,
    };
    (output, peak.load(Ordering::Relaxed))
}

/// One finding of `kifu audit --json`, by source file name.
fn findings_of<'a>(all: &'a [serde_json::Value], file: &str) -> Vec<&'a serde_json::Value> {
    all.iter()
        .filter(|f| {
            f["source"]
                .as_str()
                .is_some_and(|s| s.ends_with(&format!("/{file}")))
        })
        .collect()
}

fn has(all: &[serde_json::Value], file: &str, code: &str, text: &str) -> serde_json::Value {
    let found = findings_of(all, file);
    found
        .iter()
        .find(|f| f["code"] == code && f["message"].as_str().unwrap().contains(text))
        .map(|f| (*f).clone())
        .unwrap_or_else(|| panic!("{file}: no {code} finding with {text:?} in {found:#?}"))
}

/// A batch of hostile inputs beside good ones: each gives a clear finding at its place,
/// memory and time stay bounded, nothing crashes, and the good games all arrive.
#[test]
fn hostile_inputs_give_located_findings_and_spare_the_batch() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("hostile");
    std::fs::create_dir(&input).unwrap();
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let put = |name: &str, bytes: &[u8]| std::fs::write(input.join(name), bytes).unwrap();

    // Good records on either side of the bad ones.
    put(
        "a-good.renju",
        &std::fs::read(samples.join("renju/games.renju")).unwrap(),
    );
    put(
        "z-good.pgn",
        &std::fs::read(samples.join("xiangqi/iccs.pgn")).unwrap(),
    );
    // Binary files cut short and with flipped bits.
    let xqf = std::fs::read(samples.join("xiangqi/kifu_sample_v0a.xqf")).unwrap();
    put("truncated.xqf", &xqf[..xqf.len() / 2]);
    let mut flipped = xqf.clone();
    for (i, bit) in [(1030, 3), (1050, 5), (1077, 0), (1090, 7), (1100, 2)] {
        if i < flipped.len() {
            flipped[i] ^= 1 << bit;
        }
    }
    put("bitflip.xqf", &flipped);
    let lib = std::fs::read(samples.join("renju/opening-tree.lib")).unwrap();
    put("truncated.lib", &lib[..lib.len() * 2 / 3]);
    let mut flipped = lib.clone();
    let n = flipped.len();
    for (i, bit) in [(n / 2, 1), (n / 2 + 3, 6), (n - 5, 4)] {
        flipped[i] ^= 1 << bit;
    }
    put("bitflip.lib", &flipped);
    // Encodings: a Big5 file with one GBK-only character in a tag; Latin-1 in UTF-8.
    let big5 = |s: &str| -> Vec<u8> { encoding_rs::BIG5.encode(s).0.into_owned() };
    let mut mixed = big5("[Game \"Chinese Chess\"]\n[Event \"測試賽\"]\n[Red \"胡榮華\"]\n");
    mixed.extend_from_slice(b"[Site \"\x81\x40\"]\n"); // GBK extension: not Big5
    mixed.extend(big5(
        "[Black \"呂欽\"]\n[Result \"1-0\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 1-0\n",
    ));
    put("big5-with-gbk.pgn", &mixed);
    put(
        "latin1-in-utf8.renju",
        b"[Event \"Caf\xe9 Cup\"]\n[Black \"Ann\"]\n[White \"Bob\"]\n1. h8 2. h9 3. i9\n",
    );
    // Garbage under a record's name; an empty file.
    let mut state: u32 = 7;
    let garbage: Vec<u8> = (0..20_000)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (state >> 16) as u8
        })
        .collect();
    put("garbage.pgn", &garbage);
    put("empty.pgn", b"");
    // Coordinates off the board.
    put("offboard.renju", b"black h8 z99 p16\nwhite h8 a0\n");
    put(
        "offboard.pgn",
        b"[Game \"Chinese Chess\"]\n[Result \"*\"]\n1. h2e2 j0k9 2. h9g7 *\n",
    );
    // A 100 MB line, a Renju record of a million moves, a Xiangqi game of a million plies.
    {
        let mut f = std::fs::File::create(input.join("long-line.renju")).unwrap();
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..100 {
            f.write_all(&chunk).unwrap();
        }
        f.write_all(b"\nblack h8 h9 i9\n").unwrap();
    }
    put(
        "million.renju",
        &[
            b"unknown ".to_vec(),
            b"h8 h9 ".repeat(500_000),
            b"\n".to_vec(),
        ]
        .concat(),
    );
    put(
        "million-plies.pgn",
        &[
            b"[Game \"Chinese Chess\"]\n[Event \"shuffle\"]\n[Result \"*\"]\n".to_vec(),
            b"h0g2 h9g7 g2h0 g7h9 ".repeat(250_000),
            b"*\n".to_vec(),
        ]
        .concat(),
    );
    // Variations nested 100,000 deep.
    put(
        "nested.pgn",
        &[
            b"[Game \"Chinese Chess\"]\n[Result \"*\"]\n1. h2e2 ".to_vec(),
            b"(1. h2e2 ".repeat(100_000),
            b")".repeat(100_000),
            b" h9g7 *\n".to_vec(),
        ]
        .concat(),
    );
    // An .xz that expands ten-thousandfold (100 MB of zeros).
    {
        let f = std::fs::File::create(input.join("bomb.renju.xz")).unwrap();
        let mut xz = xz2::write::XzEncoder::new(f, 6);
        let zeros = vec![0u8; 1 << 20];
        for _ in 0..100 {
            xz.write_all(&zeros).unwrap();
        }
        xz.finish().unwrap();
    }
    // A symlink loop, a dangling link, a FIFO (as root every file is readable: the
    // dangling link stands for a file that cannot be opened).
    std::os::unix::fs::symlink(".", input.join("loop")).unwrap();
    std::os::unix::fs::symlink("/nonexistent/x.pgn", input.join("dangling.pgn")).unwrap();
    let fifo = std::ffi::CString::new(input.join("fifo.pgn").to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);

    let db = dir.path().join("hostile.db");
    let started = Instant::now();
    let (out, peak) = output_with_peak_rss(
        Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(["ingest", "--json", "--db"])
            .arg(&db)
            .arg(&input),
    );
    let took = started.elapsed();
    // Input errors make the exit status 1, but the batch is written.
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("{}", String::from_utf8_lossy(&out.stderr)));
    assert!(took < Duration::from_secs(150), "took {took:?}");
    assert!(peak < 600 << 20, "peak RSS {} MB", peak >> 20);
    eprintln!(
        "hostile batch: {took:?}, peak RSS {} MB: {summary}",
        peak >> 20
    );

    // Nothing lost: every record is a game or in quarantine.
    let n = |k: &str| summary[k].as_u64().unwrap();
    assert_eq!(n("records"), n("games") + n("quarantined"));
    assert_eq!(
        n("records"),
        n("valid") + n("with_findings") + n("quarantined")
    );
    assert_eq!(n("games") as i64, count(&db, "SELECT count(*) FROM games"));
    assert_eq!(
        n("quarantined") as i64,
        count(&db, "SELECT count(*) FROM quarantine")
    );
    let errors: Vec<String> = summary["input_errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap().to_owned())
        .collect();
    for (what, text) in [
        ("loop", "loop"),
        ("dangling.pgn", "No such file"),
        ("fifo.pgn", "not a regular file"),
    ] {
        assert!(
            errors.iter().any(|e| e.contains(what) && e.contains(text)),
            "{what}: {errors:?}"
        );
    }
    // The good files arrive whole.
    let per_file = |file: &str| {
        count(
            &db,
            &format!("SELECT count(*) FROM games g JOIN sources s ON s.id = g.source_id WHERE s.path LIKE '%/{file}'"),
        )
    };
    assert_eq!(per_file("a-good.renju"), 4);
    assert!(per_file("z-good.pgn") >= 1);

    let all: Vec<serde_json::Value> = kifu_ok(&["audit", "--json", "--db", db.to_str().unwrap()])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    has(&all, "truncated.xqf", "unreadable-record", "truncated XQF");
    assert!(!findings_of(&all, "bitflip.xqf").is_empty() || per_file("bitflip.xqf") > 0);
    has(&all, "truncated.lib", "unreadable-record", "truncated");
    assert!(per_file("bitflip.lib") + findings_of(&all, "bitflip.lib").len() as i64 > 0);
    let f = has(
        &all,
        "big5-with-gbk.pgn",
        "encoding-errors",
        "not valid big5",
    );
    assert_eq!(f["line"], 4, "{f}");
    assert_eq!(
        count(
            &db,
            "SELECT count(*) FROM players WHERE name IN ('胡榮華', '呂欽')"
        ),
        2
    );
    has(&all, "latin1-in-utf8.renju", "encoding-guess", "Café Cup");
    has(
        &all,
        "garbage.pgn",
        "unreadable-record",
        "unrecognised record format",
    );
    has(&all, "empty.pgn", "unreadable-record", "empty file");
    let f = has(&all, "offboard.renju", "off-board", "column 26, row 99");
    assert_eq!(
        (f["line"].as_u64(), f["column"].as_u64()),
        (Some(1), Some(10))
    );
    let f = has(&all, "offboard.renju", "unreadable-record", "'a0'");
    assert_eq!(
        (f["line"].as_u64(), f["column"].as_u64()),
        (Some(2), Some(11))
    );
    let f = has(&all, "offboard.pgn", "unreadable-record", "'j0k9'");
    assert_eq!(
        (f["line"].as_u64(), f["column"].as_u64()),
        (Some(3), Some(9))
    );
    let f = has(
        &all,
        "long-line.renju",
        "unreadable-record",
        "longer than the",
    );
    assert_eq!(f["line"], 1);
    // The record after the long line is read.
    assert_eq!(per_file("long-line.renju"), 1);
    has(
        &all,
        "million.renju",
        "illegal-move",
        "2 of 1000000 moves applied",
    );
    assert_eq!(count(&db, "SELECT max(plies) FROM games"), 1_000_000);
    has(&all, "million-plies.pgn", "repetition-draw", "cycle");
    assert!(per_file("nested.pgn") + findings_of(&all, "nested.pgn").len() as i64 > 0);
    has(
        &all,
        "bomb.renju.xz",
        "unreadable-record",
        "unrecognised record format",
    );
}
