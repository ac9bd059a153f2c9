//! kifu's repetition verdicts on the disputed chase cases collected from engine issue
//! threads (`data/xiangqi/rules/disputed_chase_cases_from_issues.json` in the shared data),
//! printed next to the verdicts reported there. The reports disagree with each other and
//! none is a ruling, so this is a report to read, not a test:
//!
//! ```text
//! cargo run -p kifu-rules --example disputed_probes
//! ```
//!
//! The shared data is found at `$KIFU_SHARED`, else `../shared` beside the workspace.

use std::path::PathBuf;
use std::process::ExitCode;

use kifu_rules::xiangqi::{analyze, Move};

fn shared_dir() -> PathBuf {
    match std::env::var_os("KIFU_SHARED") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
    }
}

fn strs(v: &serde_json::Value) -> Vec<&str> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect()
}

fn main() -> ExitCode {
    let path = shared_dir().join("data/xiangqi/rules/disputed_chase_cases_from_issues.json");
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{}: {e} (set KIFU_SHARED)", path.display());
            return ExitCode::FAILURE;
        }
    };
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    for c in v["cases"].as_array().unwrap() {
        let id = c["id"].as_str().unwrap();
        let fen = c["fen"].as_str().unwrap();
        let rfo = c["coords"].as_str().unwrap().contains("1-10");
        let ms: Vec<Move> = strs(&c["moves"])
            .iter()
            .map(|s| Move::parse_iccs(s, rfo).unwrap())
            .collect();
        // a single cycle (4 or 5 plies) is played out to the third occurrence, as in the
        // Pikafish harness
        let ms = if ms.len() == 4 || ms.len() == 5 {
            let mut v = ms[..4].to_vec();
            v.extend_from_slice(&ms[..4]);
            v
        } else {
            ms
        };
        let a = match analyze(fen, &ms) {
            Ok(a) => a,
            Err(e) => {
                println!("probe {id}: {e}");
                continue;
            }
        };
        let kifu = match &a.verdict {
            Some(v) => format!(
                "{} ({}; loser {}; {} at ply {}; cycle {})",
                v.result.name(kifu_facts::GameKind::Xiangqi),
                v.kind,
                v.loser.map_or("none", |s| s.name()),
                v.rule,
                v.ply,
                v.cycle_text()
            ),
            None => {
                let first: Vec<String> = a
                    .moves
                    .iter()
                    .take(1)
                    .map(|(m, c)| {
                        let ch: Vec<String> = c
                            .chases
                            .iter()
                            .map(|x| {
                                format!(
                                    "{}>{}{}",
                                    x.by,
                                    x.target,
                                    if x.forbidden { "" } else { " allowed" }
                                )
                            })
                            .collect();
                        format!("{} [{}] chases {{{}}}", m.iccs(), c.label(), ch.join(", "))
                    })
                    .collect();
                format!("no verdict; first move {}", first.join(""))
            }
        };
        println!("probe {id}: kifu {kifu}\n    reported {}", c["verdicts"]);
    }
    ExitCode::SUCCESS
}
