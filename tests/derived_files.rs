//! Derived files never block the data they come from: a damaged position index file is
//! kept aside under its documented name and made again, the commands that do not need it
//! answer as before; and a database in a folder nobody can write is read as it is.

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::{assert_index_consistent, ingest_ok, kifu, kifu_ok, shared};

/// A small real collection: 50 Renju games.
fn collection() -> Option<PathBuf> {
    shared("renju/games/bdt/stefs92_MST-MM-40.bdt")
}

/// What the commands reading the games answer (`games`, `stats`, `players`, `show`).
fn game_answers(run: impl Fn(&[&str]) -> String, db: &str) -> Vec<String> {
    [
        vec!["games", "--db", db, "--ruleset", "all"],
        vec!["stats", "--db", db, "--ruleset", "all", "--format", "json"],
        vec!["players", "--db", db],
        vec!["show", "--db", db, "1"],
    ]
    .iter()
    .map(|args| run(args))
    .collect()
}

/// What the commands reading the position index answer.
fn index_answers(run: impl Fn(&[&str]) -> String, db: &str) -> Vec<String> {
    let position = [
        "--db", db, "--game", "renju", "--moves", "h8 h9 i9", "--json",
    ];
    ["position", "explore"]
        .iter()
        .map(|command| run(&[&[*command][..], &position[..]].concat()))
        .collect()
}

/// The damaged index files kept aside in `dir` (each with the `-wal` and `-shm` it had, if
/// any).
fn kept_aside(dir: &Path) -> Vec<String> {
    files_named(dir, "k.db-positions.damaged-")
        .into_iter()
        .filter(|n| !n.ends_with("-wal") && !n.ends_with("-shm"))
        .collect()
}

/// The names of the files in `dir` starting with `prefix`.
fn files_named(dir: &Path, prefix: &str) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(prefix))
        .collect();
    names.sort();
    names
}

/// Damages the index file as the reliability tester did: garbage bytes over it, or cut
/// to half its length. The bytes it holds after.
fn damage(index: &Path, how: &str) -> Vec<u8> {
    let bytes = std::fs::read(index).unwrap();
    let damaged = match how {
        "garbage" => bytes.iter().map(|b| b ^ 0xA5).collect(),
        "half" => bytes[..bytes.len() / 2].to_vec(),
        _ => unreachable!("{how}"),
    };
    std::fs::write(index, &damaged).unwrap();
    damaged
}

fn damaged_index_file_is_set_aside_and_made_again(how: &str) {
    let Some(games) = collection() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    let d = db.to_str().unwrap();
    let index = dir.path().join("k.db-positions");
    ingest_ok(&db, &[&games]);
    let before = game_answers(kifu_ok, d);
    let index_before = index_answers(kifu_ok, d);

    // `kifu index --rebuild` repairs it, keeping the damaged file under its name.
    let damaged = damage(&index, how);
    assert_eq!(game_answers(kifu_ok, d), before, "{how}");
    let out = kifu(&["index", "--rebuild", "--db", d]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{how}: {stderr}");
    let kept = kept_aside(dir.path());
    assert_eq!(kept.len(), 1, "{how}: {kept:?}");
    assert_eq!(std::fs::read(dir.path().join(&kept[0])).unwrap(), damaged);
    // Said once, naming both files.
    assert_eq!(stderr.matches("could not be read").count(), 1, "{stderr}");
    assert!(stderr.contains(index.to_str().unwrap()), "{stderr}");
    assert!(stderr.contains(&kept[0]), "{stderr}");
    assert_eq!(index_answers(kifu_ok, d), index_before, "{how}");
    assert_index_consistent(&db);

    // A command that needs the index sets it aside and makes it again by itself.
    damage(&index, how);
    assert_eq!(game_answers(kifu_ok, d), before, "{how}");
    assert_eq!(index_answers(kifu_ok, d), index_before, "{how}");
    assert_eq!(kept_aside(dir.path()).len(), 2, "{how}");
    assert_index_consistent(&db);
    assert_eq!(game_answers(kifu_ok, d), before, "{how}");
}

#[test]
fn an_index_file_of_garbage_is_set_aside_and_made_again() {
    damaged_index_file_is_set_aside_and_made_again("garbage");
}

#[test]
fn an_index_file_cut_to_half_is_set_aside_and_made_again() {
    damaged_index_file_is_set_aside_and_made_again("half");
}

/// The user the kifu binary reads a read-only folder as.
///
/// The folder is made read-only with `chmod 0555`. Root ignores that (a probe file is
/// created in it): then kifu runs as `nobody` (uid and gid 65534), checked to be unable to
/// create a file there, so the test runs the code path a user without write access takes.
/// When that is not possible either (no setuid), the test says so and runs kifu as root:
/// it then checks the answers, not the read-only path.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reader {
    /// This user, who cannot write there.
    Me,
    /// `nobody`, when this user is root.
    Nobody,
    /// Root, who can write there anyway.
    Root,
}

const NOBODY: u32 = 65534;

/// Makes `folder` read-only (and its parent searchable by `nobody`) and says who cannot
/// write in it.
fn make_read_only(folder: &Path) -> Reader {
    let parent = folder.parent().unwrap();
    std::fs::set_permissions(parent, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o555)).unwrap();
    let probe = folder.join("probe");
    if std::fs::write(&probe, b"").is_err() {
        return Reader::Me;
    }
    std::fs::remove_file(&probe).unwrap();
    let blocked = Command::new("sh")
        .arg("-c")
        .arg("touch \"$1\"")
        .arg("sh")
        .arg(&probe)
        .uid(NOBODY)
        .gid(NOBODY)
        .output()
        .is_ok_and(|o| !o.status.success() && !probe.exists());
    let runs = Command::new(env!("CARGO_BIN_EXE_kifu"))
        .arg("--version")
        .uid(NOBODY)
        .gid(NOBODY)
        .output()
        .is_ok_and(|o| o.status.success());
    if blocked && runs {
        Reader::Nobody
    } else {
        eprintln!(
            "derived_files: running as root and unable to run kifu as another user: the \
             read-only folder is read as root (its answers are checked, not the read-only \
             path)"
        );
        Reader::Root
    }
}

/// Runs kifu as `reader`, asserting success; its standard output.
fn kifu_as(reader: Reader) -> impl Fn(&[&str]) -> String {
    move |args: &[&str]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_kifu"));
        command.args(args);
        if reader == Reader::Nobody {
            command.uid(NOBODY).gid(NOBODY);
        }
        let out: Output = command.output().expect("run kifu");
        assert!(
            out.status.success(),
            "kifu {args:?} failed: {}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).expect("utf-8 output")
    }
}

/// Gives the folder write access back, so the temporary directory can be removed.
struct Writable<'a>(&'a Path);

impl Drop for Writable<'_> {
    fn drop(&mut self) {
        let _ = std::fs::set_permissions(self.0, std::fs::Permissions::from_mode(0o755));
    }
}

/// `games` ingested into `k.db` in the folder `rw` of a new temporary directory.
fn ingested_in_a_folder(games: &Path) -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let writable = dir.path().join("rw");
    std::fs::create_dir(&writable).unwrap();
    let db = writable.join("k.db");
    ingest_ok(&db, &[games]);
    (dir, writable, db)
}

fn copy_files(from: &Path, to: &Path, names: &[&str]) {
    std::fs::create_dir(to).unwrap();
    for name in names {
        std::fs::copy(from.join(name), to.join(name)).unwrap();
    }
}

#[test]
fn a_database_in_a_read_only_folder_is_read_as_in_a_writable_one() {
    let Some(games) = collection() else {
        return;
    };
    let (dir, writable, db) = ingested_in_a_folder(&games);
    // A clean close leaves neither a -wal nor a -shm: the folder holds the two files.
    assert_eq!(files_named(&writable, "k.db"), ["k.db", "k.db-positions"]);
    let read_only = dir.path().join("ro");
    copy_files(&writable, &read_only, &["k.db", "k.db-positions"]);
    let d = db.to_str().unwrap();
    let expected = game_answers(kifu_ok, d);
    let expected_index = index_answers(kifu_ok, d);

    let _writable = Writable(&read_only);
    let reader = make_read_only(&read_only);
    let ro = read_only.join("k.db");
    let r = ro.to_str().unwrap();
    assert_eq!(game_answers(kifu_as(reader), r), expected);
    // The position index is read there too (nothing to catch up).
    assert_eq!(index_answers(kifu_as(reader), r), expected_index);
    if reader != Reader::Root {
        assert_eq!(files_named(&read_only, "k.db"), ["k.db", "k.db-positions"]);
    }
}

#[test]
fn a_database_in_a_read_only_folder_is_read_with_the_log_a_writer_left() {
    let Some(games) = collection() else {
        return;
    };
    let (dir, writable, db) = ingested_in_a_folder(&games);
    // A reader's open transaction keeps a second ingest's pages in the -wal (a checkpoint
    // cannot copy them past it): the copy taken meanwhile is what a writer killed then
    // leaves, its newest games in the log alone.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("BEGIN").unwrap();
    let _: i64 = conn
        .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
        .unwrap();
    let more = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples/renju/tournament.rif");
    ingest_ok(&db, &[&more]);
    let read_only = dir.path().join("ro");
    let files = ["k.db", "k.db-wal", "k.db-shm", "k.db-positions"];
    copy_files(&writable, &read_only, &files);
    conn.execute_batch("COMMIT").unwrap();
    drop(conn);
    let ro = read_only.join("k.db");
    let games_in = |uri: &str| -> i64 {
        let c = rusqlite::Connection::open_with_flags(
            uri,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_URI,
        )
        .unwrap();
        c.query_row("SELECT count(*) FROM games", [], |r| r.get(0))
            .unwrap()
    };
    // The file alone lacks the newest games: reading it without its log would be wrong.
    let in_the_file = games_in(&format!("file:{}?immutable=1", ro.display()));
    let d = db.to_str().unwrap();
    let expected = game_answers(kifu_ok, d);

    let _writable = Writable(&read_only);
    let reader = make_read_only(&read_only);
    let r = ro.to_str().unwrap();
    assert_eq!(game_answers(kifu_as(reader), r), expected);
    assert!(in_the_file < games_in(r), "{in_the_file}");
}

#[test]
fn a_damaged_index_in_a_read_only_folder_blocks_only_the_index_commands() {
    let Some(games) = collection() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("ro");
    std::fs::create_dir(&folder).unwrap();
    let db = folder.join("k.db");
    let d = db.to_str().unwrap();
    ingest_ok(&db, &[&games]);
    damage(&folder.join("k.db-positions"), "garbage");
    let expected = game_answers(kifu_ok, d);
    // What the readers above left (empty: nothing was written since the ingest closed).
    for name in [
        "k.db-wal",
        "k.db-shm",
        "k.db-positions-wal",
        "k.db-positions-shm",
    ] {
        let _ = std::fs::remove_file(folder.join(name));
    }

    let _writable = Writable(&folder);
    let reader = make_read_only(&folder);
    assert_eq!(game_answers(kifu_as(reader), d), expected);
    if reader != Reader::Root {
        let mut command = Command::new(env!("CARGO_BIN_EXE_kifu"));
        command.args(["position", "--db", d, "--game", "renju", "--moves", "h8"]);
        if reader == Reader::Nobody {
            command.uid(NOBODY).gid(NOBODY);
        }
        let out = command.output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(&format!("{d}-positions")), "{stderr}");
        assert!(stderr.contains("kifu index --rebuild"), "{stderr}");
    }
}
