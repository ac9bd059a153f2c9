//! The command line never misleads (issue 16): every argument has help, a wrong argument
//! is an error before any output or file, an unknown name comes with the closest valid
//! ones, a search that matches nothing says so, and the exit codes are the documented ones.

use std::path::Path;

use crate::common::{kifu, kifu_ok};

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The samples ingested into a fresh database in `dir`.
fn samples_db(dir: &Path) -> std::path::PathBuf {
    let db = dir.join("samples.db");
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    crate::common::ingest_json(&db, &[&samples]);
    db
}

#[test]
fn help_names_every_argument_and_the_exit_codes() {
    let top = kifu_ok(&["--help"]);
    for line in [
        "Exit codes:",
        "  0  done",
        "  1  done, with something",
        "  2  nothing done",
    ] {
        assert!(top.contains(line), "{line:?} missing:\n{top}");
    }
    // The three the issue found bare (the unit test in src/cli/args.rs walks them all).
    let ingest = kifu_ok(&["ingest", "--help"]);
    assert!(
        ingest.contains("<PATH>...") && ingest.contains("Record files"),
        "{ingest}"
    );
    let show = kifu_ok(&["show", "--help"]);
    assert!(show.contains("The game's id"), "{show}");
    for command in ["generate", "report", "export"] {
        // Its help follows `--out <VALUE>` on the same line or (when clap lays the flags
        // out long) on the next.
        let help = kifu_ok(&[command, "--help"]);
        let mut lines = help
            .lines()
            .skip_while(|l| !l.trim_start().starts_with("--out <"));
        let flag = lines.next().unwrap_or_default();
        let same = flag.split_once('>').map_or("", |(_, rest)| rest.trim());
        let text = if same.is_empty() {
            lines.next().unwrap_or_default().trim()
        } else {
            same
        };
        assert!(
            !text.is_empty() && !text.starts_with('-'),
            "{command}: {help}"
        );
    }
}

#[test]
fn generate_with_a_wrong_argument_writes_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games.txt");
    let o = out.to_str().unwrap();
    let cases: [(&[&str], &str); 4] = [
        (
            &["--game", "renjuu"],
            "unknown game `renjuu`; valid, closest first: renju, ",
        ),
        (
            &["--game", "renju", "--notation", "line"],
            "unknown Renju notation `line`; valid, closest first: lines, plain",
        ),
        (
            &["--game", "xiangqi", "--notation", "icss"],
            "unknown Xiangqi notation `icss`; valid, closest first: iccs, ",
        ),
        (
            &["--game", "chouchou", "--variant", "4x3"],
            "unknown variant `4x3`; valid, closest first: ",
        ),
    ];
    for (args, expected) in cases {
        // `--games 0` too: nothing would be written, and the arguments are still checked.
        for games in ["3", "0"] {
            let mut all = vec!["generate", "--out", o, "--games", games];
            all.extend_from_slice(args);
            let run = kifu(&all);
            assert_eq!(run.status.code(), Some(2), "{all:?}");
            assert!(stderr(&run).contains(expected), "{all:?}: {}", stderr(&run));
            assert!(run.stdout.is_empty());
            assert!(!out.exists(), "{all:?} left {}", out.display());
        }
    }
    kifu_ok(&["generate", "--out", o, "--games", "2", "--game", "renju"]);
    assert!(std::fs::metadata(&out).unwrap().len() > 0);
}

#[test]
fn ingest_of_a_missing_file_creates_nothing_and_prints_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("new.db");
    let missing = dir.path().join("no-such-file.pgn");
    let present = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/renju");
    for extra in [&[][..], &["--json"][..]] {
        let mut args = vec!["ingest", "--db", db.to_str().unwrap()];
        args.extend_from_slice(extra);
        args.extend([present.to_str().unwrap(), missing.to_str().unwrap()]);
        let run = kifu(&args);
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert!(
            run.stdout.is_empty(),
            "{}",
            String::from_utf8_lossy(&run.stdout)
        );
        let err = stderr(&run);
        assert!(
            err.contains(&format!("cannot read {}", missing.display()))
                && err.contains("nothing was ingested"),
            "{err}"
        );
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(left.is_empty(), "{left:?}");
    }
    // The same for --to-parquet: no dataset directory.
    let shard = dir.path().join("shard");
    let run = kifu(&[
        "ingest",
        "--to-parquet",
        shard.to_str().unwrap(),
        missing.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(2));
    assert!(run.stdout.is_empty() && !shard.exists());
}

#[test]
fn unknown_names_are_errors_with_the_closest_valid_ones() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let d = db.to_str().unwrap();
    let out = dir.path().join("out");
    let o = out.to_str().unwrap();
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/renju/club.bdt");
    let s = sample.to_str().unwrap();
    let cases: [(&[&str], &str); 9] = [
        (
            &["ingest", "--db", d, "--format", "renju-plian", s],
            "unknown format `renju-plian`; valid, closest first: renju-plain, ",
        ),
        (
            &["export", "--db", d, "--format", "parqet", "--out", o],
            "unknown export format `parqet`; valid, closest first: parquet, ",
        ),
        (
            &[
                "export",
                "--db",
                d,
                "--format",
                "xiangqi-pgn",
                "--notation",
                "wfx",
                "--out",
                o,
            ],
            "unknown notation `wfx`; valid, closest first: wxf, ",
        ),
        (
            &["games", "--db", d, "--format", "tabel"],
            "unknown format `tabel`; valid, closest first: table, ",
        ),
        (
            &["games", "--db", d, "--sort", "plys"],
            "unknown order `plys`; valid, closest first: plies, ",
        ),
        (
            &["stats", "--db", d, "--format", "jsno"],
            "unknown format `jsno`; valid, closest first: json, ",
        ),
        (
            &["audit", "--db", d, "--code", "forbiden-move"],
            "unknown finding code `forbiden-move`; valid, closest first: forbidden-move, ",
        ),
        (
            &["stats", "--db", d, "--by", "openng"],
            "unknown grouping `openng`; valid, closest first: opening, ",
        ),
        (
            &["check", "chouchou", "--variant", "jss"],
            "unknown variant `jss`; valid, closest first: js, ",
        ),
    ];
    for (args, expected) in cases {
        let run = kifu(args);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {}", stderr(&run));
        assert!(
            stderr(&run).contains(expected),
            "{args:?}: {}",
            stderr(&run)
        );
        assert!(run.stdout.is_empty(), "{args:?}");
        assert!(!out.exists(), "{args:?}");
    }
}

#[test]
fn a_search_that_matches_nothing_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let d = db.to_str().unwrap();
    // A date no game has: nothing is printed, the message says why, and the exit is 0.
    for (command, said) in [
        ("games", "kifu games: no games match"),
        ("stats", "kifu stats: no games match"),
        (
            "players",
            "kifu players: no players in the games that match",
        ),
        ("events", "kifu events: no events in the games that match"),
    ] {
        let run = kifu(&[command, "--db", d, "--date", "1901"]);
        assert_eq!(run.status.code(), Some(0), "{command}");
        assert!(run.stdout.is_empty(), "{command}");
        assert!(stderr(&run).contains(said), "{command}: {}", stderr(&run));
    }
}

#[test]
fn exit_codes_are_the_documented_ones() {
    let dir = tempfile::tempdir().unwrap();
    let inputs = dir.path().join("in");
    std::fs::create_dir(&inputs).unwrap();
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/renju/club.bdt"),
        inputs.join("club.bdt"),
    )
    .unwrap();
    let db = dir.path().join("k.db");
    let d = db.to_str().unwrap();
    let i = inputs.to_str().unwrap();
    // 0: done.
    assert_eq!(kifu(&["ingest", "--db", d, i]).status.code(), Some(0));
    // 1: done, but an input inside the directory could not be read (the rest is stored).
    std::os::unix::fs::symlink("/nonexistent/x.pgn", inputs.join("dangling.pgn")).unwrap();
    std::fs::write(inputs.join("more.renju"), "h8 h9 i9 i8 g7\n").unwrap();
    let run = kifu(&["ingest", "--db", d, i]);
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    assert!(
        stderr(&run).contains("kifu: input error: "),
        "{}",
        stderr(&run)
    );
    assert!(!String::from_utf8_lossy(&run.stdout).contains("input error"));
    // 2: a usage error, an unknown name, a missing database.
    assert_eq!(
        kifu(&["games", "--db", d, "--no-such-flag"]).status.code(),
        Some(2)
    );
    assert_eq!(
        kifu(&["games", "--db", d, "--game", "go"]).status.code(),
        Some(2)
    );
    // A missing database is never created by a command that reads it.
    let missing = dir.path().join("none.db");
    let m = missing.to_str().unwrap();
    for args in [
        &["games"][..],
        &["index", "--rebuild"],
        &["index", "--compact"],
        &["index", "--verify"],
        &["standings"],
        &["position", "--game", "renju", "--moves", "h8"],
    ] {
        let mut all = args.to_vec();
        all.extend(["--db", m]);
        let run = kifu(&all);
        assert_eq!(run.status.code(), Some(2), "{all:?}");
        assert!(
            stderr(&run).contains(&format!("not found: database {m}")),
            "{all:?}: {}",
            stderr(&run)
        );
        assert!(!missing.exists(), "{all:?} created {m}");
    }
}

/// `ingest` exits 0 only when every input gave a game; otherwise 1, with the reason on
/// standard error, whatever else was stored.
#[test]
fn ingest_exits_1_unless_every_input_gives_a_game() {
    let dir = tempfile::tempdir().unwrap();
    let put = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_owned()
    };
    let good = put("good.renju", b"black h8 h9 i9 i8 g7\n");
    // 500 KB of noise (a fixed generator, so the run is the same each time).
    let mut state: u32 = 27;
    let noise: Vec<u8> = (0..500_000)
        .map(|_| {
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (state >> 16) as u8
        })
        .collect();
    let random = put("random.bin", &noise);
    // Two records, neither readable ('a0' is off the board).
    let quarantined = put("bad.renju", b"black a0 h8\nwhite h8 a0\n");
    let empty_dir = dir.path().join("empty");
    std::fs::create_dir(&empty_dir).unwrap();
    let empty = empty_dir.to_str().unwrap();
    let cases: [(&[&str], i32, &[&str]); 5] = [
        (&[&good], 0, &[]),
        (
            &[&random],
            1,
            &[
                "kifu: no game read: ",
                "random.bin: its one record is quarantined",
            ],
        ),
        (
            &[&quarantined],
            1,
            &[
                "kifu: no game read: ",
                "bad.renju: all its 2 records are quarantined",
            ],
        ),
        (
            &[empty],
            1,
            &[
                "kifu: input error: ",
                "empty: no file to read in this directory",
            ],
        ),
        (
            &[&good, &quarantined],
            1,
            &["bad.renju: all its 2 records are quarantined"],
        ),
    ];
    for (i, (paths, code, said)) in cases.iter().enumerate() {
        let db = dir.path().join(format!("{i}.db"));
        let mut args = vec!["ingest", "--db", db.to_str().unwrap()];
        args.extend_from_slice(paths);
        let run = kifu(&args);
        let err = stderr(&run);
        assert_eq!(run.status.code(), Some(*code), "{paths:?}: {err}");
        // The summary on stdout, the problems on stderr: one line each.
        assert!(
            String::from_utf8_lossy(&run.stdout).contains("records read"),
            "{paths:?}"
        );
        assert_eq!(
            err.lines().count(),
            usize::from(*code == 1),
            "{paths:?}: {err}"
        );
        for text in *said {
            assert!(err.contains(text), "{paths:?}: {text:?} not in {err}");
        }
        // `-q`: no summary; the problem is still said, and the status is the same.
        let db = dir.path().join(format!("{i}-quiet.db"));
        let mut args = vec!["ingest", "-q", "--db", db.to_str().unwrap()];
        args.extend_from_slice(paths);
        let quiet = kifu(&args);
        assert_eq!(quiet.status.code(), Some(*code), "-q {paths:?}");
        assert!(quiet.stdout.is_empty(), "-q {paths:?}");
        assert_eq!(stderr(&quiet), err, "-q {paths:?}");
    }
    // The good file stored all the same beside the bad one.
    assert_eq!(
        crate::common::count(&dir.path().join("4.db"), "SELECT count(*) FROM games"),
        1
    );
    // Again into the same database: the good file is skipped (exit 0), the bad one is
    // skipped too but still gave no game (exit 1, said again).
    let db = dir.path().join("4.db");
    let again = kifu(&["ingest", "--db", db.to_str().unwrap(), &good]);
    assert_eq!(again.status.code(), Some(0), "{}", stderr(&again));
    let again = kifu(&["ingest", "--db", db.to_str().unwrap(), &quarantined]);
    assert_eq!(again.status.code(), Some(1));
    assert!(
        stderr(&again).contains("bad.renju: ingested before, and no game was read from it"),
        "{}",
        stderr(&again)
    );
}

#[test]
fn stats_tables_are_aligned_in_display_columns_without_frame_shapes() {
    use unicode_width::UnicodeWidthStr;
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let text = kifu_ok(&["stats", "--db", db.to_str().unwrap()]);
    assert!(!text.contains("shape:") && !text.contains('┌'), "{text}");
    // findings_by_event: the samples' events include 示例繁體 and 示例邀请赛; every count
    // column ends in the same terminal column on every line.
    let table: Vec<&str> = text
        .split("\n\n")
        .find(|t| t.starts_with("findings_by_event\n"))
        .unwrap()
        .lines()
        .skip(1)
        .collect();
    assert_eq!(
        table[0].split_whitespace().collect::<Vec<_>>(),
        ["event", "info", "warning", "error", "total"]
    );
    assert!(
        table.iter().any(|l| l.starts_with("示例邀请赛")),
        "{table:?}"
    );
    let width = table[0].width();
    for line in &table {
        assert_eq!(line.width(), width, "{line:?} in {table:#?}");
        // The numbers are right-aligned: the line ends in a digit or the heading.
        assert!(line.ends_with(|c: char| c.is_ascii_digit()) || line.ends_with("total"));
    }
}

/// Runs kifu with standard error on a pseudo-terminal (as in an interactive shell) and
/// returns what it drew there.
fn stderr_on_a_terminal(args: &[&str]) -> String {
    use std::io::Read;
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut master, mut slave) = (0, 0);
    // SAFETY: openpty writes the two descriptors it opens; the others may be null.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            std::ptr::null(),
        )
    };
    assert_eq!(rc, 0, "openpty");
    // SAFETY: both descriptors were just opened and are owned here alone.
    let (master, slave) = unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(slave)
        .spawn()
        .unwrap();
    let mut reader = std::fs::File::from(master);
    let reading = std::thread::spawn(move || {
        let mut out = Vec::new();
        // The read ends with EIO once the child (the only holder of the slave) exits.
        let _ = reader.read_to_end(&mut out);
        out
    });
    assert!(child.wait().unwrap().success(), "{args:?}");
    String::from_utf8_lossy(&reading.join().unwrap()).into_owned()
}

#[test]
fn progress_is_drawn_on_a_terminal_only_and_quiet_silences_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let d = db.to_str().unwrap();
    let out = dir.path().join("report");
    let o = out.to_str().unwrap();
    // The report's stages, on a terminal.
    let drawn = stderr_on_a_terminal(&["report", "--db", d, "--out", o]);
    assert!(
        drawn.contains("stage 1/2: tables, charts and diagrams"),
        "{drawn:?}"
    );
    assert!(drawn.contains("kifu report: "), "{drawn:?}");
    // --quiet: no bar, no summary.
    let drawn = stderr_on_a_terminal(&["report", "--quiet", "--db", d, "--out", o]);
    assert!(
        !drawn.contains("stage") && !drawn.contains("kifu report"),
        "{drawn:?}"
    );
    // Not a terminal: the summary, no bar.
    let piped = kifu(&["report", "--db", d, "--out", o]);
    let said = stderr(&piped);
    assert!(
        said.contains("kifu report: ") && !said.contains("stage"),
        "{said}"
    );
    // Export counts rows per table on a terminal; --quiet says nothing, errors still.
    let export = dir.path().join("export");
    let drawn = stderr_on_a_terminal(&["export", "--db", d, "--out", export.to_str().unwrap()]);
    assert!(
        drawn.contains("games: ") && drawn.contains(" rows"),
        "{drawn:?}"
    );
    assert!(drawn.contains("kifu export: "), "{drawn:?}");
    let run = kifu(&["export", "-q", "--db", d, "--out", export.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2));
    assert!(stderr(&run).contains("exists"), "{}", stderr(&run));
}

#[test]
fn an_out_of_the_wrong_kind_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let d = db.to_str().unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "kept").unwrap();
    let f = file.to_str().unwrap();
    let folder = dir.path().to_str().unwrap();
    for (args, said) in [
        (
            &["report", "--db", d, "--out", f][..],
            "a file is there; the report is written into a directory",
        ),
        (
            &["stats", "--db", d, "--format", "csv", "--out", f],
            "a file is there; csv and parquet are written into a directory",
        ),
        (
            &["stats", "--db", d, "--format", "json", "--out", folder],
            "a directory is there; table and json are written as one file",
        ),
    ] {
        let run = kifu(args);
        assert_eq!(run.status.code(), Some(2), "{args:?}");
        assert!(stderr(&run).contains(said), "{args:?}: {}", stderr(&run));
        assert!(run.stdout.is_empty(), "{args:?}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "kept");
    }
}

/// An export written before a column was added (the contract's version unchanged) is not
/// appended to: the new part files would have other columns than the old ones.
#[test]
fn append_refuses_an_export_with_other_columns() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let d = db.to_str().unwrap();
    let out = dir.path().join("export");
    let o = out.to_str().unwrap();
    kifu_ok(&["export", "--db", d, "--out", o]);
    let append = || kifu(&["export", "--db", d, "--out", o, "--append"]);
    assert_eq!(append().status.code(), Some(0), "{}", stderr(&append()));
    // The games table as an older kifu wrote it (without its last column).
    let path = out.join("_schema.json");
    let mut schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let games = &mut schema["tables"][0];
    assert_eq!(games["name"], "games");
    let columns = games["columns"].as_array_mut().unwrap();
    assert_eq!(columns.pop().unwrap()["name"], "correction_reason");
    std::fs::write(&path, schema.to_string()).unwrap();
    let run = append();
    assert_eq!(run.status.code(), Some(2));
    assert!(
        stderr(&run).contains("its tables have other columns than this kifu writes"),
        "{}",
        stderr(&run)
    );
}

/// A reader that goes away (`kifu games | head`) is no error: exit 0, nothing said.
#[test]
fn a_closed_pipe_is_not_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let db = samples_db(dir.path());
    let d = db.to_str().unwrap();
    for command in [
        &["games", "--db", d][..],
        &["explore", "--db", d, "--game", "renju", "--moves", "h8"],
        &["position", "--db", d, "--game", "renju", "--moves", "h8"],
        &["audit", "--db", d],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(command)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{command:?}: {}", stderr(&out));
        assert!(
            !stderr(&out).contains("Broken pipe"),
            "{command:?}: {}",
            stderr(&out)
        );
    }
}

/// A `--db` whose name is not UTF-8 (byte 0xFF) works end to end: SQLite is given the
/// path's bytes, the position index's file too (it was attached by a UTF-8 name, so the
/// ingest created both files and then failed). A refused command there creates nothing.
#[cfg(unix)]
#[test]
fn a_database_named_with_a_byte_that_is_not_utf8_works_end_to_end() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join(OsStr::from_bytes(b"db_\xff.db"));
    let run = |args: &[&OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
            .args(args)
            .output()
            .expect("run kifu")
    };
    let os = |s: &'static str| OsStr::new(s);
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/renju");

    // Refused (a value no flag takes): nothing is created.
    let refused = run(&[
        os("ingest"),
        os("--db"),
        db.as_os_str(),
        os("--format"),
        os("nonsense"),
        samples.as_os_str(),
    ]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");

    let ingest = run(&[
        os("ingest"),
        os("-q"),
        os("--db"),
        db.as_os_str(),
        samples.as_os_str(),
    ]);
    assert!(ingest.status.success(), "{}", stderr(&ingest));
    let games = run(&[os("games"), os("--db"), db.as_os_str()]);
    assert!(games.status.success(), "{}", stderr(&games));
    assert!(String::from_utf8_lossy(&games.stdout).contains("renju"));
    // The position index is read through the same name.
    let position = run(&[
        os("position"),
        os("--db"),
        db.as_os_str(),
        os("--game"),
        os("renju"),
        os("--moves"),
        os("h8"),
    ]);
    assert!(position.status.success(), "{}", stderr(&position));
    // The database and its index, each maybe with SQLite's WAL files: under the bytes
    // given, none under a name with a replacement character.
    let mut names: Vec<Vec<u8>> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().as_bytes().to_vec())
        .filter(|n| !n.ends_with(b"-wal") && !n.ends_with(b"-shm"))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [b"db_\xff.db".to_vec(), b"db_\xff.db-positions".to_vec()]
    );
}

/// An input file whose name is not UTF-8 is stored with its bytes (`sources.path_bytes`) and
/// a text that shows them (`\xb2`), never with a replacement character that could make two
/// names one; messages name it the same way.
#[cfg(unix)]
#[test]
fn an_input_named_with_bytes_that_are_not_utf8_keeps_them() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/renju");
    let first = samples.join("club.bdt");
    let inputs = dir.path().join("in");
    std::fs::create_dir(&inputs).unwrap();
    let name = b"\xb2\xe2\xca\xd4.bdt";
    let input = inputs.join(OsStr::from_bytes(name));
    std::fs::copy(&first, &input).unwrap();
    // A file that reads as no record, named alike: the message shows the escaped name.
    std::fs::write(
        inputs.join(OsStr::from_bytes(b"\xff.txt")),
        "no records here\n",
    )
    .unwrap();
    let db = dir.path().join("k.db");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(["ingest", "--db"])
        .arg(&db)
        .arg(&inputs)
        .output()
        .unwrap();
    let said = stderr(&out);
    assert!(said.contains("\\xff.txt"), "{said}");
    assert!(!said.contains('\u{fffd}'), "{said}");
    let conn = rusqlite::Connection::open(&db).unwrap();
    let (path, bytes): (String, Vec<u8>) = conn
        .query_row(
            "SELECT path, path_bytes FROM sources WHERE path LIKE '%.bdt'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(path.ends_with("\\xb2\\xe2\\xca\\xd4.bdt"), "{path}");
    assert_eq!(bytes, input.as_os_str().as_bytes());
    // A UTF-8 path has no bytes kept: its text says it exactly.
    let utf8: i64 = conn
        .query_row(
            "SELECT count(*) FROM sources WHERE path_bytes IS NULL",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(utf8, 0, "both inputs here are named by bytes");
}
