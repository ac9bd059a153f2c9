//! The requests of `docs/api.md` run as written: every ```` ```http ```` block's `GET` is
//! asked of `kifu serve` over the database `kifu ingest samples/` makes (public edition),
//! with the status its `# status N` line says (else 200); the ```` ```json ```` block that
//! follows is the beginning of the answer (each key shown has the value shown, each list
//! shown is the answer's first items); for `/api/updates`, the ```` ```text ```` block's
//! event and keys.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;

use serde_json::Value;

use crate::common::kifu_ok;
use crate::served::Served;

/// The examples the page holds: a page whose examples stop being found fails here.
const EXAMPLES: usize = 16;

/// One example: the request, the status, what the answer begins with.
#[derive(Debug)]
struct Example {
    line: usize,
    path: String,
    status: u16,
    shown: Option<(String, String)>,
}

fn examples(page: &str) -> Vec<Example> {
    let mut blocks: Vec<(usize, String, String)> = Vec::new();
    let mut lines = page.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let mut body = String::new();
        for (_, l) in lines.by_ref() {
            if l.starts_with("```") {
                break;
            }
            body.push_str(l);
            body.push('\n');
        }
        blocks.push((i + 1, info.trim().to_owned(), body));
    }
    let mut out = Vec::new();
    for (n, (line, info, body)) in blocks.iter().enumerate() {
        if info != "http" {
            continue;
        }
        let mut path = None;
        let mut status = 200;
        for l in body.lines() {
            if let Some(p) = l.strip_prefix("GET ") {
                path = Some(p.trim().to_owned());
            } else if let Some(s) = l.strip_prefix("# status ") {
                status = s.trim().parse().unwrap();
            }
        }
        let shown = blocks
            .get(n + 1)
            .filter(|(_, info, _)| info == "json" || info == "text")
            .map(|(_, info, body)| (info.clone(), body.clone()));
        out.push(Example {
            line: *line,
            path: path.unwrap_or_else(|| panic!("docs/api.md:{line}: no GET line")),
            status,
            shown,
        });
    }
    out
}

/// Whether `answer` begins with `shown`: each key of an object shown has its value shown, a
/// list shown is the answer's first items, a scalar is equal.
fn begins_with(shown: &Value, answer: &Value, at: &str) -> Result<(), String> {
    match (shown, answer) {
        (Value::Object(s), Value::Object(a)) => {
            for (key, value) in s {
                let Some(got) = a.get(key) else {
                    return Err(format!("{at}.{key}: not in the answer"));
                };
                begins_with(value, got, &format!("{at}.{key}"))?;
            }
            Ok(())
        }
        (Value::Array(s), Value::Array(a)) => {
            if s.len() > a.len() {
                return Err(format!(
                    "{at}: {} items shown, {} answered",
                    s.len(),
                    a.len()
                ));
            }
            for (i, (value, got)) in s.iter().zip(a).enumerate() {
                begins_with(value, got, &format!("{at}[{i}]"))?;
            }
            Ok(())
        }
        (Value::Number(s), Value::Number(a)) if s.as_f64() == a.as_f64() => Ok(()),
        (s, a) if s == a => Ok(()),
        (s, a) => Err(format!("{at}: shown {s}, answered {a}")),
    }
}

#[test]
fn every_request_of_the_api_page_answers_as_shown() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/api.md")).unwrap();
    let examples = examples(&page);
    assert_eq!(examples.len(), EXAMPLES, "{examples:#?}");

    // As the other pages' examples: `kifu ingest samples/` in a folder holding samples/.
    let dir = tempfile::tempdir().unwrap();
    let samples = dir.path().join("samples");
    copy_dir(&root.join("samples"), &samples);
    let db = dir.path().join("kifu.db");
    kifu_ok(&[
        "ingest",
        "-q",
        "--db",
        db.to_str().unwrap(),
        samples.to_str().unwrap(),
    ]);
    let served = Served::start(&db, &[]);

    let mut failures = Vec::new();
    for e in &examples {
        if e.path == "/api/updates" {
            if let Err(why) = first_update(&served, e) {
                failures.push(format!("docs/api.md:{}: {why}", e.line));
            }
            continue;
        }
        let reply = served.get(&e.path);
        if reply.status != e.status {
            failures.push(format!(
                "docs/api.md:{}: GET {} answered {} (not {}): {}",
                e.line,
                e.path,
                reply.status,
                e.status,
                reply.text()
            ));
            continue;
        }
        let Some((_, shown)) = &e.shown else { continue };
        let shown: Value = serde_json::from_str(shown)
            .unwrap_or_else(|err| panic!("docs/api.md:{}: the JSON shown: {err}", e.line));
        if let Err(why) = begins_with(&shown, &reply.json(), "") {
            failures.push(format!("docs/api.md:{}: GET {}: {why}", e.line, e.path));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The first event of `/api/updates`: the event's name and its data's keys as shown.
fn first_update(served: &Served, e: &Example) -> Result<(), String> {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", served.port)).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    write!(stream, "GET {} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", e.path).unwrap();
    let mut reader = BufReader::new(stream);
    let (mut event, mut data) = (None, None);
    let mut line = String::new();
    while data.is_none() {
        line.clear();
        if reader.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            return Err("the stream ended before its first event".into());
        }
        if let Some(name) = line.trim().strip_prefix("event: ") {
            event = Some(name.to_owned());
        } else if let Some(d) = line.trim().strip_prefix("data: ") {
            data = Some(serde_json::from_str::<Value>(d).map_err(|e| e.to_string())?);
        }
    }
    let (_, shown) = e.shown.as_ref().ok_or("no event shown")?;
    let shown_event = shown.lines().find_map(|l| l.strip_prefix("event: "));
    let shown_data: Value = shown
        .lines()
        .find_map(|l| l.strip_prefix("data: "))
        .and_then(|d| serde_json::from_str(d).ok())
        .ok_or("no data shown")?;
    if shown_event != event.as_deref() {
        return Err(format!("event {event:?}, shown {shown_event:?}"));
    }
    let keys = |v: &Value| -> Vec<String> {
        let mut k: Vec<String> = v
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default();
        k.sort();
        k
    };
    if keys(&shown_data) != keys(data.as_ref().unwrap()) {
        return Err(format!("data {:?}, shown {shown_data}", data));
    }
    Ok(())
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
