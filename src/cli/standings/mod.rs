//! `kifu standings`: per event and section, the points table of each two-player game
//! ([`points`]: the same tables the report and the site print) and
//! ChouChou's score sheet and standings ([`chouchou`]), as text, CSV or one JSON object.

mod chouchou;
mod points;

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use kifu_facts::GameKind;

use super::args::FilterArgs;

pub(super) fn run(db: &Path, flags: FilterArgs, json: bool, csv: bool) -> Result<ExitCode> {
    let (store, filter) = super::select::open(db, flags, false, "standings")?;
    let kinds: Vec<GameKind> = match filter.game {
        Some(g) => vec![g],
        None => store.kinds()?,
    };
    let mut out = String::new();
    let mut all_json = serde_json::Map::new();
    let terms = store.event_terms()?;
    // One header for all the two-player tables; ChouChou's sheets carry their own.
    if csv && kinds.iter().any(|&k| k != GameKind::ChouChou) {
        out.push_str(points::CSV_HEADER);
    }
    for &kind in &kinds {
        let rows = store.results_of(kind, &filter)?;
        if kind == GameKind::ChouChou {
            let sheets = kifu_analysis::standings::chouchou_standings(&rows);
            if json {
                all_json.insert(kind.to_string(), chouchou::json(&sheets));
            } else if csv {
                out.push_str(&chouchou::csv(&sheets));
            } else {
                out.push_str(&chouchou::text(&sheets));
            }
        } else {
            let tables = kifu_analysis::standings::points_tables(&rows, &terms);
            if json {
                all_json.insert(kind.to_string(), serde_json::to_value(&tables)?);
            } else if csv {
                out.push_str(&points::csv(kind, &tables));
            } else {
                out.push_str(&points::text(kind, &tables));
            }
        }
    }
    if json {
        out = serde_json::Value::Object(all_json).to_string();
        out.push('\n');
    }
    print!("{out}");
    Ok(ExitCode::SUCCESS)
}
