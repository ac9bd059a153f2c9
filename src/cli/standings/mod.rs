//! `kifu standings`: per event and section, the points table of each two-player game
//! ([`points`]: the same tables the report and the site print) and
//! ChouChou's score sheet and standings ([`chouchou`]), as text, CSV or one JSON object.

mod chouchou;
mod points;
mod teams;

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use kifu_analysis::standings::KindTables;
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
    let computed = compute(&store, &filter, teams)?;
    if teams && no_team_table(&computed) {
        eprintln!("{NO_TEAM_TABLE}");
        return Ok(ExitCode::from(1));
    }
    let mut out = String::new();
    if json {
        out = json_of(&computed, teams)?.to_string();
        out.push('\n');
        stdout::print(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    // One header for all the two-player tables; ChouChou's sheets carry their own.
    if csv && computed.iter().any(|(k, _)| *k != GameKind::ChouChou) {
        out.push_str(if teams {
            self::teams::CSV_HEADER
        } else {
            points::CSV_HEADER
        });
    }
    if !csv {
        out = text_of(&computed, teams);
    }
    for (kind, tables) in computed.iter().filter(|_| csv) {
        match tables {
            KindTables::ChouChou(sheets) => out.push_str(&chouchou::csv(sheets)),
            KindTables::Points(tables) if teams => out.push_str(&self::teams::csv(*kind, tables)),
            KindTables::Points(tables) => out.push_str(&points::csv(*kind, tables)),
        }
    }
    stdout::print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// The tables as text, one kind after another.
pub(super) fn text_of(computed: &[(GameKind, KindTables)], teams: bool) -> String {
    let mut out = String::new();
    for (kind, tables) in computed {
        match tables {
            KindTables::ChouChou(sheets) => out.push_str(&chouchou::text(sheets)),
            KindTables::Points(tables) => out.push_str(&points::text(*kind, tables, teams)),
        }
    }
    out
}

const NO_TEAM_TABLE: &str = "no team table: no scored game of the selection names a team for \
     each seat (the records' RedTeam/BlackTeam tags, or the curation's [[player]] team), or \
     the teams' games are not team matches (a team meets several teams in a round; an \
     [[event]] with team_matches = true says they are)";

/// The tables of each kind the filter selects (with `teams`, only the two-player games'
/// tables that have team tables).
pub(super) fn compute(
    store: &kifu_store::Store,
    filter: &kifu_store::GameFilter,
    teams: bool,
) -> Result<Vec<(GameKind, KindTables)>> {
    Ok(kifu_analysis::standings::of_games(store, filter, teams)?)
}

fn no_team_table(computed: &[(GameKind, KindTables)]) -> bool {
    computed.iter().all(|(_, t)| match t {
        KindTables::Points(tables) => tables.is_empty(),
        KindTables::ChouChou(_) => true,
    })
}

/// The one JSON object of `--json`: each kind's tables under its name.
pub(super) fn json_of(
    computed: &[(GameKind, KindTables)],
    teams: bool,
) -> Result<serde_json::Value> {
    let mut all = serde_json::Map::new();
    for (kind, tables) in computed {
        let value = match tables {
            KindTables::ChouChou(sheets) => chouchou::json(sheets),
            KindTables::Points(tables) if teams => serde_json::Value::Array(
                tables
                    .iter()
                    .map(|t| {
                        serde_json::json!({
                            "event": t.event,
                            "section": t.section,
                            "teams": t.teams,
                        })
                    })
                    .collect(),
            ),
            KindTables::Points(tables) => serde_json::to_value(tables)?,
        };
        all.insert(kind.to_string(), value);
    }
    Ok(serde_json::Value::Object(all))
}

/// The API's answer (`/api/standings`): the object `--json` prints, with the CLI's notices
/// as `notices` (and, with `teams`, why there is no team table).
pub(super) fn answer(args: &StandingsArgs, store: &kifu_store::Store) -> Result<serde_json::Value> {
    if args.csv {
        anyhow::bail!("the API answers standings as JSON: --csv is the CLI's");
    }
    let filter = args.filter.filter(false)?;
    let mut notices: Vec<String> = super::select::notices(store, &filter)?
        .into_iter()
        .map(|n| n.text)
        .collect();
    let computed = compute(store, &filter, args.teams)?;
    if args.teams && no_team_table(&computed) {
        notices.push(NO_TEAM_TABLE.to_owned());
    }
    let mut answer = json_of(&computed, args.teams)?;
    answer["notices"] = notices.into();
    Ok(answer)
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
