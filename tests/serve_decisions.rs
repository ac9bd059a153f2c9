//! `kifu serve`'s only write: an auditor's decision POSTed to `/api/decisions` is appended
//! to the curation file and applied (`kifu audit` shows it) with the bearer token and the
//! CSRF token; without either, with a wrong one, from another origin, in the public edition
//! or with no `--token-file`, it is `403` and the file and the database are unchanged.

use std::path::{Path, PathBuf};

use crate::common::{audit_json, ingest_ok, kifu, kifu_ok, shared};
use crate::served::Served;

const SAMPLE: &str = "xiangqi/wxfca_xqdb/sample_xqdb_international.pgn";
const TOKEN: &str = "an-auditors-token-of-forty-bytes-at-least";

/// A database of the sample (one finding, on game 12), a curation applied to it, and the
/// auditor's token: the directory, the database, the curation file, the token file.
fn audited() -> Option<(tempfile::TempDir, PathBuf, PathBuf, PathBuf)> {
    let sample = shared(SAMPLE)?;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("k.db");
    ingest_ok(&db, &[&sample]);
    let curation = dir.path().join("curation.toml");
    std::fs::write(
        &curation,
        "# The federation's curation\n[[player]]\nname = \"Auditor's Friend\"\n",
    )
    .unwrap();
    kifu_ok(&["curate", "--db", s(&db), s(&curation)]);
    let token = dir.path().join("token");
    std::fs::write(&token, format!("{TOKEN}\n")).unwrap();
    Some((dir, db, curation, token))
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// What must not change on a refused write: the file's bytes and the audit.
fn state(db: &Path, curation: &Path) -> (Vec<u8>, Vec<serde_json::Value>) {
    (std::fs::read(curation).unwrap(), audit_json(db, &[]))
}

const DECISION: &str = r#"{"entry":"decision","game":12,"code":"repetition-draw-changed",
    "decision":"dismissed","reason":"the arbiter saw black change the cycle","by":"A. Auditor"}"#;

#[test]
fn a_decision_with_both_tokens_is_written_and_applied_and_every_other_write_changes_nothing() {
    let Some((_dir, db, curation, token)) = audited() else {
        return;
    };
    let server = Served::launch(&[
        "--db",
        s(&db),
        "--edition",
        "audit",
        "--token-file",
        s(&token),
        "--curation",
        s(&curation),
    ]);
    let bearer = format!("Bearer {TOKEN}");
    let (status, body) = server.send("GET", "/api/csrf", &[("Authorization", &bearer)], "");
    assert_eq!(status, 200, "{body}");
    let csrf = serde_json::from_str::<serde_json::Value>(&body).unwrap()["csrf"]
        .as_str()
        .unwrap()
        .to_owned();
    let json = ("Content-Type", "application/json");
    let before = state(&db, &curation);
    assert_eq!(before.1.len(), 1);
    assert_eq!(before.1[0]["resolution"], serde_json::Value::Null);
    let wrong_token = format!("Bearer {}", TOKEN.replace('a', "b"));
    let refused: [(&str, Vec<(&str, &str)>); 6] = [
        ("no token", vec![("X-CSRF-Token", &csrf), json]),
        (
            "a wrong token",
            vec![
                ("Authorization", &wrong_token),
                ("X-CSRF-Token", &csrf),
                json,
            ],
        ),
        ("no CSRF token", vec![("Authorization", &bearer), json]),
        (
            "a wrong CSRF token",
            vec![("Authorization", &bearer), ("X-CSRF-Token", TOKEN), json],
        ),
        (
            "another origin",
            vec![
                ("Authorization", &bearer),
                ("X-CSRF-Token", &csrf),
                ("Origin", "http://elsewhere.test"),
                json,
            ],
        ),
        (
            "another site",
            vec![
                ("Authorization", &bearer),
                ("X-CSRF-Token", &csrf),
                ("Sec-Fetch-Site", "cross-site"),
                json,
            ],
        ),
    ];
    for (why, headers) in &refused {
        let (status, body) = server.send("POST", "/api/decisions", headers, DECISION);
        assert_eq!(status, 403, "{why}: {body}");
        assert_eq!(state(&db, &curation), before, "{why} changed something");
    }
    let (status, _) = server.send("GET", "/api/csrf", &[], "");
    assert_eq!(status, 403, "the CSRF token is the auditor's only");

    // An entry that does not fit: kifu curate's message, nothing written.
    let all = [
        ("Authorization", bearer.as_str()),
        ("X-CSRF-Token", csrf.as_str()),
        ("Origin", &format!("http://127.0.0.1:{}", server.port)),
        json,
    ]
    .map(|(k, v)| (k, v.to_owned()));
    let all: Vec<(&str, &str)> = all.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let misfit = DECISION.replace("repetition-draw-changed", "moves-after-five");
    let (status, body) = server.send("POST", "/api/decisions", &all, &misfit);
    assert_eq!(status, 400, "{body}");
    assert!(
        body.contains("curation.toml:5: [[decision]]") && body.contains("nothing applied"),
        "{body}"
    );
    assert_eq!(state(&db, &curation), before);

    // The decision: in the file, and in the audit.
    let (status, body) = server.send("POST", "/api/decisions", &all, DECISION);
    assert_eq!(status, 200, "{body}");
    let written: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(written["line"], 5);
    let text = std::fs::read_to_string(&curation).unwrap();
    assert!(text.starts_with(std::str::from_utf8(&before.0).unwrap()));
    let (read, errors) = kifu_parser::curation::read(&text);
    assert!(errors.is_empty(), "{errors:?}");
    let decision = &read.decisions[0];
    let key = written["game"].as_str().unwrap();
    assert!(key.ends_with("::16021"), "game 12's key: {key}");
    assert_eq!(
        (
            decision.game.as_str(),
            decision.code.as_str(),
            decision.line
        ),
        (key, "repetition-draw-changed", 5)
    );
    assert_eq!(decision.attested.by, "A. Auditor");
    assert_eq!(written["date"], decision.attested.date.as_str());
    let audit = audit_json(&db, &[]);
    assert_eq!(audit[0]["resolution"], "decided");
    assert_eq!(audit[0]["decision"]["decision"], "dismissed");
    assert_eq!(audit[0]["decision"]["by"], "A. Auditor");
    assert_eq!(
        audit[0]["decision"]["reason"],
        "the arbiter saw black change the cycle"
    );
    assert_eq!(audit[0]["decision"]["line"], 5);

    // A correction by the game's key, then the same finding decided twice: kifu curate's
    // error, the file as the first two entries left it.
    let correction =
        format!(r#"{{"entry":"result","game":"{key}","result":"draw","by":"A. Auditor"}}"#);
    let (status, body) = server.send("POST", "/api/decisions", &all, &correction);
    assert_eq!(status, 200, "{body}");
    let after = state(&db, &curation);
    let (status, body) = server.send("POST", "/api/decisions", &all, DECISION);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("decided at line 5 too"), "{body}");
    assert_eq!(state(&db, &curation), after);
    let show = kifu_ok(&["show", "--db", s(&db), "12"]);
    assert!(show.contains("counted: draw"), "{show}");
    // And `kifu curate` takes the file the server wrote as its own.
    kifu_ok(&["curate", "--db", s(&db), "--check", s(&curation)]);
}

#[test]
fn without_the_audit_edition_and_a_token_file_nothing_writes() {
    let Some((dir, db, curation, token)) = audited() else {
        return;
    };
    let before = state(&db, &curation);
    let bearer = format!("Bearer {TOKEN}");
    for args in [
        vec!["--db", s(&db)],
        vec!["--db", s(&db), "--edition", "audit"],
    ] {
        let server = Served::launch(&args);
        let (status, body) = server.send("GET", "/api/csrf", &[("Authorization", &bearer)], "");
        assert_eq!(status, 403, "{args:?}: {body}");
        let headers = [
            ("Authorization", bearer.as_str()),
            ("X-CSRF-Token", "0"),
            ("Content-Type", "application/json"),
        ];
        let (status, body) = server.send("POST", "/api/decisions", &headers, DECISION);
        assert_eq!(status, 403, "{args:?}: {body}");
        assert!(body.contains("takes no decisions"), "{body}");
        assert_eq!(state(&db, &curation), before);
    }
    // Refused at the start: a public edition with a token, a short token, a curation file
    // other than the one applied, a token without its curation file.
    let short = dir.path().join("short");
    std::fs::write(&short, "too-short").unwrap();
    let other = dir.path().join("other.toml");
    std::fs::write(&other, "# another\n").unwrap();
    let refusals: [(Vec<&str>, &str); 4] = [
        (
            vec!["--token-file", s(&token), "--curation", s(&curation)],
            "audit edition only",
        ),
        (
            vec![
                "--edition",
                "audit",
                "--token-file",
                s(&short),
                "--curation",
                s(&curation),
            ],
            "32 at least",
        ),
        (
            vec![
                "--edition",
                "audit",
                "--token-file",
                s(&token),
                "--curation",
                s(&other),
            ],
            "not the curation applied",
        ),
        (
            vec!["--edition", "audit", "--token-file", s(&token)],
            "--curation",
        ),
    ];
    for (args, message) in refusals {
        let mut all = vec!["serve", "--db", s(&db), "--addr", "127.0.0.1:0"];
        all.extend(args);
        let out = kifu(&all);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{all:?} started");
        assert!(stderr.contains(message), "{all:?}: {stderr}");
    }
    assert_eq!(state(&db, &curation), before);
}

/// The forms of `/ui/decide.js` on a page of findings (a minimal one: the game pages are
/// another module's): the token entered once, a finding dismissed with a reason, and the
/// entry written is on the page, in the file and in the audit.
#[test]
fn a_decision_entered_in_the_browser_is_in_the_file_and_the_audit() {
    let Some((_dir, db, curation, token)) = audited() else {
        return;
    };
    let Some(mut browser) = crate::cdp::Browser::launch(1000, 800) else {
        return;
    };
    let server = Served::launch(&[
        "--db",
        s(&db),
        "--edition",
        "audit",
        "--token-file",
        s(&token),
        "--curation",
        s(&curation),
    ]);
    // The game's page: the site's page with the auditors' forms (decide.js) on its
    // findings, in the audit edition of a server that takes decisions.
    browser.open_url(&format!("http://127.0.0.1:{}/games/12", server.port));
    assert!(browser.wait_for("document.querySelector('input[name=token]')"));
    assert_eq!(
        browser.eval(
            "document.querySelectorAll('.finding[data-code=repetition-draw-changed] \
             .decide-finding button').length"
        ),
        2
    );
    // Before the token: the form says to enter it, and nothing is sent.
    browser.click(".decide-finding button[data-decision=dismissed]");
    assert!(browser.wait_for(
        "document.querySelector('.decide-finding .decide-status').textContent.includes('token')"
    ));
    browser.type_into("input[name=token]", TOKEN);
    browser.click("button.decide-use");
    assert!(browser.wait_for("document.querySelector('button.decide-forget')"));
    browser.type_into("input[name=by]", "B. Browser");
    browser.eval("document.querySelector('input[name=by]').dispatchEvent(new Event('change'))");
    browser.type_into(".decide-finding input[name=reason]", "seen on the board");
    browser.click(".decide-finding button[data-decision=dismissed]");
    assert!(
        browser.wait_for("document.querySelector('[data-decide-state=written]')"),
        "{}",
        browser.eval("document.body.innerText")
    );
    let shown = browser.eval("document.querySelector('.decide-entry').textContent");
    assert!(
        shown.as_str().unwrap().contains("decision = \"dismissed\""),
        "{shown}"
    );
    assert_eq!(
        browser.eval("document.querySelector('.finding').dataset.decided"),
        "dismissed"
    );
    let (read, errors) = kifu_parser::curation::read(&std::fs::read_to_string(&curation).unwrap());
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(read.decisions[0].attested.by, "B. Browser");
    let audit = audit_json(&db, &[]);
    assert_eq!(audit[0]["decision"]["reason"], "seen on the board");
    // The harness counts every request as leaving the page (it checks file:// pages): the
    // server's own are not, and a browser asks for a favicon the server has not.
    let origin = format!("http://127.0.0.1:{}/", server.port);
    let problems: Vec<String> = browser
        .problems()
        .into_iter()
        .filter(|p| !(p.starts_with("request leaves the page: ") && p.contains(&origin)))
        .filter(|p| !p.contains("/favicon.ico"))
        .collect();
    assert!(problems.is_empty(), "{problems:?}");
}
