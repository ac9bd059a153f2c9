//! `kifu standings`: per event and section, the points table of each two-player game
//! ([`points`]: the same tables the report and the site print) and
//! ChouChou's score sheet and standings ([`chouchou`]), as text, CSV or one JSON object.

mod chouchou;
mod points;
mod teams;

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use kifu_facts::GameKind;

use super::args::{DbArg, FilterArgs};
use crate::stdout;

/// `kifu standings`'s flags: the games, and how the tables print.
#[derive(Args)]
pub(super) struct StandingsArgs {
    #[command(flatten)]
    db: DbArg,
    #[command(flatten)]
    filter: FilterArgs,
    /// JSON (one object) instead of text tables.
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// CSV (one table after another) instead of text tables.
    #[arg(long)]
    csv: bool,
    /// Only the team tables (where the records' RedTeam/BlackTeam tags or the curation's
    /// [[player]] team name each seat's team), with their matches.
    #[arg(long)]
    teams: bool,
}

pub(super) fn run(args: &StandingsArgs) -> Result<ExitCode> {
    let (json, csv, teams) = (args.json, args.csv, args.teams);
    let (store, filter) = super::select::open(&args.db.db, &args.filter, false, "standings")?;
    let kinds: Vec<GameKind> = match filter.game {
        Some(g) => vec![g],
        None => store.kinds()?,
    };
    let mut out = String::new();
    let mut all_json = serde_json::Map::new();
    let terms = store.event_terms()?;
    // One header for all the two-player tables; ChouChou's sheets carry their own.
    if csv && kinds.iter().any(|&k| k != GameKind::ChouChou) {
        out.push_str(if teams {
            self::teams::CSV_HEADER
        } else {
            points::CSV_HEADER
        });
    }
    let mut team_tables = 0;
    for &kind in &kinds {
        let rows = store.results_of(kind, &filter)?;
        if kind == GameKind::ChouChou {
            if teams {
                continue;
            }
            let sheets = kifu_analysis::standings::chouchou_standings(&rows);
            if json {
                all_json.insert(kind.to_string(), chouchou::json(&sheets));
            } else if csv {
                out.push_str(&chouchou::csv(&sheets));
            } else {
                out.push_str(&chouchou::text(&sheets));
            }
            continue;
        }
        let mut tables = kifu_analysis::standings::points_tables(&rows, &terms);
        if teams {
            tables.retain(|t| t.teams.is_some());
            team_tables += tables.len();
        }
        if json {
            let value = if teams {
                let only: Vec<serde_json::Value> = tables
                    .iter()
                    .map(|t| {
                        serde_json::json!({
                            "event": t.event,
                            "section": t.section,
                            "teams": t.teams,
                        })
                    })
                    .collect();
                serde_json::Value::Array(only)
            } else {
                serde_json::to_value(&tables)?
            };
            all_json.insert(kind.to_string(), value);
        } else if csv && teams {
            out.push_str(&self::teams::csv(kind, &tables));
        } else if csv {
            out.push_str(&points::csv(kind, &tables));
        } else {
            out.push_str(&points::text(kind, &tables, teams));
        }
    }
    if teams && team_tables == 0 {
        eprintln!(
            "no team table: no scored game of the selection names a team for each seat (the \
             records' RedTeam/BlackTeam tags, or the curation's [[player]] team), or the \
             teams' games are not team matches (a team meets several teams in a round; an \
             [[event]] with team_matches = true says they are)"
        );
        return Ok(ExitCode::from(1));
    }
    if json {
        out = serde_json::Value::Object(all_json).to_string();
        out.push('\n');
    }
    stdout::print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// A text table's column: `#` for the place, `+`, `=`, `-` for wins, draws and losses (a
/// terminal is narrow), else the report's heading (`full`).
fn heading(name: &str, full: impl FnOnce() -> String, numeric: bool) -> super::table::Column {
    let short = match name {
        "place" => Some("#"),
        "wins" => Some("+"),
        "draws" => Some("="),
        "losses" => Some("-"),
        _ => None,
    };
    let text = short.map_or_else(full, str::to_owned);
    super::table::named(text, numeric, 40)
}
