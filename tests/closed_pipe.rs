//! Every command whose standard output is a closed pipe (`kifu … | head -0`) exits 0
//! without a panic: the one standard-output writer (`src/stdout.rs`) returns the closed
//! pipe as an error, and `main` ends quietly on it.

use std::path::Path;
use std::process::{Command, Stdio};

use super::common::{ingest_ok, kifu_ok};

/// Runs `kifu ARGS` with its standard output a pipe whose reader is already gone.
fn into_closed_pipe(args: &[&str]) {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .args(args)
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("run kifu");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked"),
        "kifu {args:?} panicked: {stderr}"
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "kifu {args:?} into a closed pipe: {stderr}"
    );
}

/// The commands to try, their files written under `to` (a fresh folder each time: a
/// command that writes files refuses to replace them).
fn commands(samples: &Path, db: &Path, to: &Path) -> Vec<Vec<String>> {
    std::fs::create_dir_all(to).unwrap();
    let d = db.to_str().unwrap();
    let out = |name: &str| to.join(name).to_str().unwrap().to_owned();
    let copy = out("again.db");
    std::fs::copy(db, &copy).unwrap();
    let renju = samples.join("renju/games.renju");
    let renju = renju.to_str().unwrap();
    let cmd = |args: &[&str]| -> Vec<String> { args.iter().map(|a| a.to_string()).collect() };
    vec![
        cmd(&["ingest", "--db", &copy, renju]),
        cmd(&["ingest", "--json", "--db", &copy, renju]),
        cmd(&["audit", "--db", d]),
        cmd(&["games", "--db", d]),
        cmd(&["games", "--db", d, "--format", "csv"]),
        cmd(&["players", "--db", d]),
        cmd(&["events", "--db", d]),
        cmd(&["show", "--db", d, "1"]),
        cmd(&["check", "renju", "--moves", "h8 h9 i9"]),
        cmd(&["check", "xiangqi", "--moves", "h2e2 h9g7"]),
        cmd(&["check", "territorial", "--moves", "K@e1 K@d8"]),
        cmd(&["check", "chouchou", "--moves", "1A 2B"]),
        cmd(&["curate", "--db", &copy, "--remove"]),
        cmd(&["standings", "--db", d]),
        cmd(&["standings", "--db", d, "--csv"]),
        cmd(&["ratings", "--db", d, "--game", "renju"]),
        cmd(&[
            "generate",
            "--out",
            &out("generated"),
            "--games",
            "2",
            "--game",
            "renju",
        ]),
        cmd(&["stats", "--db", d]),
        cmd(&["stats", "--db", d, "--format", "csv"]),
        cmd(&[
            "stats",
            "--db",
            d,
            "--format",
            "csv",
            "--out",
            &out("stats"),
        ]),
        cmd(&["export", "--db", d, "--out", &out("contract")]),
        cmd(&[
            "export",
            "--db",
            d,
            "--format",
            "xiangqi-pgn",
            "--out",
            &out("games.pgn"),
        ]),
        cmd(&["report", "--db", d, "--out", &out("report")]),
        cmd(&["site", "--db", d, "--out", &out("site")]),
        cmd(&["index", "--db", d]),
        cmd(&["position", "--db", d, "--game", "renju", "--moves", "h8"]),
        cmd(&["explore", "--db", d, "--game", "renju", "--moves", "h8"]),
    ]
}

#[test]
fn every_command_into_a_closed_pipe_exits_quietly() {
    let dir = tempfile::tempdir().unwrap();
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    let db = dir.path().join("k.db");
    ingest_ok(&db, &[&samples]);
    // Each command first runs with a reader, so that one that cannot run here fails as
    // itself, not as a closed pipe.
    for args in commands(&samples, &db, &dir.path().join("read")) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        kifu_ok(&args);
    }
    for args in commands(&samples, &db, &dir.path().join("closed")) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        into_closed_pipe(&args);
    }
    // `bench`, `bench-stage` and `demo` take minutes; they write through the same writer.
}
