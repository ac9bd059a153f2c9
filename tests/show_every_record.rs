//! `kifu show` gives back every stored game, the ones the rules could not replay included: a
//! start the rules refuse (CCPD's `bad-fen` set-ups) is drawn from its placement, with its
//! moves as written and its finding.

use std::path::Path;

use crate::common::{ccpd_db, ingest_json, kifu, shared};

/// `(id, what it is)` for the games selected by `sql` (an id and a label per row).
fn games(db: &Path, sql: &str) -> Vec<(i64, String)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn.prepare(sql).unwrap();
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap();
    rows.collect::<Result<_, _>>().unwrap()
}

/// `kifu show` of the game, which must succeed; its output.
fn show(db: &Path, id: i64, what: &str) -> String {
    let out = kifu(&["show", "--db", db.to_str().unwrap(), &id.to_string()]);
    assert!(
        out.status.success(),
        "show {id} ({what}): {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

#[test]
fn ccpd_starts_the_rules_refuse_are_shown_with_moves_and_finding() {
    let Some(db) = ccpd_db() else {
        return;
    };
    let unplayable = games(
        &db,
        "SELECT g.id, g.member || ': ' || f.message FROM games g
         JOIN findings f ON f.game_id = g.id AND f.code = 'bad-fen' ORDER BY g.member",
    );
    assert_eq!(unplayable.len(), 8, "{unplayable:?}");
    for (id, what) in &unplayable {
        let out = show(&db, *id, what);
        let message = what.split_once(": ").unwrap().1;
        assert!(
            out.contains("error bad-fen: ") && out.contains(message),
            "{out}"
        );
        // The placement drawn (its file numbers), the moves as the record wrote them.
        assert!(out.contains("九 八 七 六 五 四 三 二 一"), "{out}");
        assert!(out.contains("the rules cannot set it up"), "{out}");
        assert!(out.contains("\nmoves: 1."), "{out}");
    }
    // 中局/00002096 has no Black general: its board keeps every other piece where the FEN
    // put them, and its eleven moves are listed.
    let (id, what) = &unplayable[0];
    assert!(what.starts_with("Dataset/中局/00002096.pgn"), "{what}");
    let out = show(&db, *id, what);
    assert!(out.contains("0  ·  ·  ·  车 帅 仕 相 ·  ·   0"), "{out}");
    assert!(out.contains("11.仕五退六\n"), "{out}");
}

/// `show` on one game of each kind, format and ending, and of each finding code, in one real
/// collection of each kind (Renju's `.bdt` files, CCPD's PGN, the ChessBase/XQF samples,
/// DhtmlXQ and WXF pages). A sample, not every game: one `show` is a process (a full sweep of
/// CCPD alone would take over an hour in a debug build); the sample reaches every way a game
/// is stored.
#[test]
fn show_gives_back_a_game_of_every_kind_format_ending_and_finding() {
    let Some(ccpd) = ccpd_db() else {
        return;
    };
    let others = [
        "renju/games/bdt",
        "renju/renlib",
        "renju/psq",
        "xiangqi/xqf_cbl_samples",
        "xiangqi/dpxq_dhtmlxq",
        "xiangqi/wxfca_xqdb",
    ];
    let Some(inputs) = others
        .iter()
        .map(|rel| shared(rel))
        .collect::<Option<Vec<_>>>()
    else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("kinds.db");
    ingest_json(&db, &inputs.iter().map(|p| p.as_path()).collect::<Vec<_>>());
    let sample = "SELECT min(id), kind || ' ' || format || ' ' || termination FROM games
                  GROUP BY kind, format, termination
                  UNION SELECT min(game_id), 'finding ' || code FROM findings
                  WHERE game_id IS NOT NULL GROUP BY code";
    let mut kinds = std::collections::BTreeSet::new();
    for db in [&ccpd, &db] {
        for (id, what) in games(db, sample) {
            show(db, id, &what);
            kinds.insert(what.split(' ').next().unwrap().to_owned());
        }
    }
    assert!(
        kinds.contains("renju") && kinds.contains("xiangqi"),
        "{kinds:?}"
    );
}

/// `show` on every stored game of every collection in `../shared/data`, in chunks of ids
/// (one process shows many). Long in a debug build (some 300,000 games), so it runs only
/// with `KIFU_SHOW_ALL=1`; the closing notes give its run in a release build.
#[test]
fn show_gives_back_every_stored_game_of_the_shared_data() {
    if std::env::var_os("KIFU_SHOW_ALL").is_none() {
        return;
    }
    let Some(data) = shared("") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("all.db");
    let out = kifu(&[
        "ingest",
        "-q",
        "--db",
        db.to_str().unwrap(),
        data.to_str().unwrap(),
    ]);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    let ids: Vec<String> = games(&db, "SELECT id, '' FROM games ORDER BY id")
        .into_iter()
        .map(|(id, _)| id.to_string())
        .collect();
    assert!(!ids.is_empty());
    for chunk in ids.chunks(5_000) {
        let mut args = vec!["show", "--db", db.to_str().unwrap()];
        args.extend(chunk.iter().map(String::as_str));
        let shown = kifu(&args);
        assert!(
            shown.status.success(),
            "show {}..{}: {}",
            chunk[0],
            chunk[chunk.len() - 1],
            String::from_utf8_lossy(&shown.stderr)
        );
        let games = String::from_utf8_lossy(&shown.stdout)
            .lines()
            .filter(|l| l.starts_with("game "))
            .count();
        assert_eq!(games, chunk.len());
    }
}
