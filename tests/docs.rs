//! The examples of the README and of `docs/` run as written: every line of a ```` ```sh ````
//! block that starts with `kifu ` is run by `sh`, with the binary under test first on
//! `PATH`, in order, in a temporary directory holding `samples/` (and, for a page of
//! `docs/`, the `kifu.db` that `kifu ingest samples/` makes). The convention is written
//! out in `docs/architecture.md` ("Tests"): `# exits N` in a command's comment is the code
//! it must end with (else 0), a block tagged `file=NAME` is written to `NAME` first, and a
//! ```` ```sh no-run ```` block opens with a `#` line saying why it is not run.

use std::path::Path;
use std::process::{Command, Stdio};

/// Every page with examples, and how many commands it runs: a page whose examples stop
/// being found fails here instead of passing with none run.
const PAGES: [(&str, usize); 13] = [
    ("README.md", 10),
    // Its requests are run by tests/api_docs.rs (a server), its one sh block is no-run.
    ("docs/api.md", 0),
    ("docs/architecture.md", 0),
    ("docs/commands.md", 34),
    ("docs/curation.md", 12),
    ("docs/data-contract.md", 7),
    ("docs/findings.md", 13),
    ("docs/formats.md", 9),
    ("docs/publishing.md", 8),
    ("docs/statistics.md", 30),
    // Beside their folders: only `no-run` blocks (a release build, AFL++, Spark), each
    // saying why.
    ("bench/README.md", 0),
    ("fuzz/README.md", 0),
    ("scale/spark/README.md", 0),
];

/// The README stays a front door.
const README_MAX_LINES: usize = 250;

/// One command of a page.
#[derive(Debug)]
struct Example {
    /// The page's line the command starts on.
    line: usize,
    command: String,
    /// The exit code it must end with.
    exit: i32,
}

/// What a page asks of the test: files to write, then commands to run.
#[derive(Debug, Default)]
struct Page {
    files: Vec<(String, String)>,
    examples: Vec<Example>,
}

/// How a fenced block is treated, from its info string.
enum Block {
    /// ```` ```sh ````: its `kifu` lines run.
    Run,
    /// ```` ```sh no-run ````: shown only; its first line says why.
    NoRun,
    /// ```` ```LANG file=NAME ````: written to `NAME` before the commands run.
    File(String),
    /// Any other block (`text` synopses, `sql`, `toml` shown for reading).
    Other,
}

fn block_kind(info: &str, page: &str, line: usize) -> Block {
    let mut words = info.split_whitespace();
    let lang = words.next().unwrap_or("");
    let rest: Vec<&str> = words.collect();
    if let Some(name) = rest.iter().find_map(|w| w.strip_prefix("file=")) {
        return Block::File(name.to_owned());
    }
    match (lang, rest.as_slice()) {
        ("sh", []) => Block::Run,
        ("sh", ["no-run"]) => Block::NoRun,
        ("sh", other) => panic!("{page}:{line}: unknown sh block tag {other:?}"),
        _ => Block::Other,
    }
}

/// The code a command's `# exits N` comment names, else 0.
fn expected_exit(command: &str, page: &str, line: usize) -> i32 {
    match command.split_once("# exits ") {
        Some((_, rest)) => rest
            .chars()
            .take_while(char::is_ascii_digit)
            .collect::<String>()
            .parse()
            .unwrap_or_else(|_| panic!("{page}:{line}: `# exits` without a code")),
        None => 0,
    }
}

fn parse(text: &str, page: &str) -> Page {
    let mut out = Page::default();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    while let Some((open_line, line)) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let kind = block_kind(info, page, open_line);
        let mut body: Vec<(usize, &str)> = Vec::new();
        for (n, l) in lines.by_ref() {
            if l.trim_end() == "```" {
                break;
            }
            body.push((n, l));
        }
        match kind {
            Block::Run => out.examples.extend(commands(&body, page)),
            Block::NoRun => assert!(
                body.first().is_some_and(|(_, l)| l.starts_with("# ")),
                "{page}:{open_line}: a no-run block opens with a `# ` line saying why"
            ),
            Block::File(name) => {
                let text: Vec<&str> = body.iter().map(|(_, l)| *l).collect();
                out.files.push((name, text.join("\n") + "\n"));
            }
            Block::Other => {}
        }
    }
    out
}

/// The `kifu` commands of a runnable block, a line ending in `\` joined with the next.
fn commands(body: &[(usize, &str)], page: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut pending: Option<(usize, String)> = None;
    for &(n, l) in body {
        let (start, mut text) = pending.take().unwrap_or((n, String::new()));
        text.push_str(l);
        if let Some(head) = text.strip_suffix('\\') {
            pending = Some((start, format!("{head} ")));
            continue;
        }
        if text.starts_with("kifu ") {
            out.push(Example {
                line: start,
                exit: expected_exit(&text, page, start),
                command: text,
            });
        }
    }
    assert!(pending.is_none(), "{page}: a block ends in `\\`");
    out
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs every example of `page` in a fresh directory and checks each exit code.
fn run_page(page: &str) {
    let expected = PAGES
        .iter()
        .find(|(p, _)| *p == page)
        .unwrap_or_else(|| panic!("{page} is not in PAGES"))
        .1;
    let text = std::fs::read_to_string(repo().join(page)).unwrap();
    let parsed = parse(&text, page);
    assert_eq!(
        parsed.examples.len(),
        expected,
        "{page}: the commands found: {:#?}",
        parsed.examples
    );
    if parsed.examples.is_empty() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(repo().join("samples"), dir.path().join("samples")).unwrap();
    for (name, content) in &parsed.files {
        std::fs::write(dir.path().join(name), content).unwrap();
    }
    let binary = Path::new(env!("CARGO_BIN_EXE_kifu"));
    if page.starts_with("docs/") {
        let out = Command::new(binary)
            .args(["ingest", "-q", "samples/"])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{page}: kifu ingest samples/: {out:?}"
        );
    }
    let path = std::env::join_paths(
        std::iter::once(binary.parent().unwrap().to_path_buf()).chain(std::env::split_paths(
            &std::env::var_os("PATH").unwrap_or_default(),
        )),
    )
    .unwrap();
    for example in &parsed.examples {
        let out = Command::new("sh")
            .arg("-c")
            .arg(&example.command)
            .current_dir(dir.path())
            .env("PATH", &path)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(example.exit),
            "{page}:{}: `{}` ended with {}, not {}\n{}",
            example.line,
            example.command,
            out.status,
            example.exit,
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_readme_is_a_front_door_that_opens_with_the_two_commands_and_serve() {
    let text = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.len() <= README_MAX_LINES,
        "README.md has {} lines; the rest belongs in docs/",
        lines.len()
    );
    // CI runs the README's test command (.ci/run): the two commands come first, then the
    // demo's archive served.
    assert_eq!(lines[2], "```sh");
    assert!(
        lines[3].starts_with("cargo run --release -- demo"),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].starts_with("cargo test --workspace"),
        "{}",
        lines[4]
    );
    assert!(
        lines[5].starts_with("cargo run --release -- serve --db kifu-demo.db"),
        "{}",
        lines[5]
    );
    assert_eq!(lines[6], "```");
}

#[test]
fn every_page_of_docs_is_checked() {
    for entry in std::fs::read_dir(repo().join("docs")).unwrap() {
        let page = format!("docs/{}", entry.unwrap().file_name().to_string_lossy());
        assert!(
            PAGES.iter().any(|(p, _)| *p == page),
            "{page} is not in PAGES"
        );
    }
}

#[test]
fn readme_examples_run() {
    run_page("README.md");
}

#[test]
fn api_examples_say_why_they_are_not_run_here() {
    run_page("docs/api.md");
}

#[test]
fn architecture_examples_run() {
    run_page("docs/architecture.md");
}

#[test]
fn commands_examples_run() {
    run_page("docs/commands.md");
}

#[test]
fn curation_examples_run() {
    run_page("docs/curation.md");
}

#[test]
fn data_contract_examples_run() {
    run_page("docs/data-contract.md");
}

#[test]
fn findings_examples_run() {
    run_page("docs/findings.md");
}

#[test]
fn formats_examples_run() {
    run_page("docs/formats.md");
}

#[test]
fn publishing_examples_run() {
    run_page("docs/publishing.md");
}

#[test]
fn statistics_examples_run() {
    run_page("docs/statistics.md");
}

#[test]
fn folder_readmes_run_nothing_and_say_why() {
    for page in ["bench/README.md", "fuzz/README.md", "scale/spark/README.md"] {
        run_page(page);
    }
}
