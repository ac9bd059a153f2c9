//! `kifu event NAME`: one event's record ([`kifu_analysis::event`]): the event as the
//! events list has it, its rounds (games, players, dates) and its standings, the tables
//! `kifu standings --event NAME` prints, as text or one JSON object (the server's
//! `/api/events/NAME`).

use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::Args;
use kifu_analysis::event::{event_record, EventRecord};
use kifu_store::Store;
use serde_json::{json, Value};

use super::args::{DbArg, FilterArgs};
use super::table::{left, render, right};
use crate::stdout;

/// `kifu event`'s flags.
#[derive(Args)]
pub(super) struct EventArgs {
    #[command(flatten)]
    db: DbArg,
    /// The event's name (compared folded, and through the curation's events); `kifu
    /// events` lists the names.
    #[arg(value_name = "NAME")]
    name: String,
    #[command(flatten)]
    filter: FilterArgs,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The record's filter: the flags' (`--event` is the NAME).
fn filter(args: &EventArgs) -> Result<kifu_store::GameFilter> {
    let filter = args.filter.filter(false)?;
    if filter.event.is_some() {
        bail!("the event is NAME: --event is the list's (kifu events --event PATTERN)");
    }
    Ok(filter)
}

pub(super) fn run(args: &EventArgs) -> Result<ExitCode> {
    let filter = filter(args)?;
    let store = super::select::open_for(&args.db.db, &filter, "event")?;
    if args.json {
        stdout::print(&(answer(args, &store)?.to_string() + "\n"))?;
        return Ok(ExitCode::SUCCESS);
    }
    let record = event_record(&store, &args.name, &filter)?;
    stdout::print(&text(&record))?;
    Ok(ExitCode::SUCCESS)
}

/// The record as one JSON object (`--json`, `/api/events/NAME`): `listed` (the events
/// list's lines), `rounds`, `standings` (`kifu standings --json`'s object) and `notices`.
pub(super) fn answer(args: &EventArgs, store: &Store) -> Result<Value> {
    let filter = filter(args)?;
    let notices = super::select::notices(store, &filter)?;
    let record = event_record(store, &args.name, &filter)?;
    let rounds: Vec<Value> = record
        .rounds
        .iter()
        .map(|r| {
            json!({"round": r.round, "games": r.games, "players": r.players,
                   "from": r.first_date, "to": r.last_date})
        })
        .collect();
    Ok(json!({
        "event": record.name,
        "listed": record.listed.iter().map(super::names::event_json).collect::<Vec<_>>(),
        "rounds": rounds,
        "standings": super::standings::json_of(&record.standings, false)?,
        "notices": notices.into_iter().map(|n| n.text).collect::<Vec<_>>(),
    }))
}

/// The record as text: the events list's lines, the rounds, the standings.
fn text(record: &EventRecord) -> String {
    let mut out = String::new();
    for e in &record.listed {
        let dates = match (&e.first_date, &e.last_date) {
            (Some(a), Some(b)) if a != b => format!(", {a} to {b}"),
            (Some(a), _) => format!(", {a}"),
            _ => String::new(),
        };
        out.push_str(&format!(
            "{}: {} games, {} players{dates}\n",
            e.name, e.games, e.players
        ));
    }
    let rows: Vec<Vec<String>> = record
        .rounds
        .iter()
        .map(|r| {
            vec![
                r.round.clone().unwrap_or_else(|| "(none)".into()),
                r.games.to_string(),
                r.players.to_string(),
                r.first_date.clone().unwrap_or_default(),
                r.last_date.clone().unwrap_or_default(),
            ]
        })
        .collect();
    out.push_str("\nRounds\n");
    out.push_str(&render(
        &[
            left("round"),
            right("games"),
            right("players"),
            left("from"),
            left("to"),
        ],
        &rows,
    ));
    out.push('\n');
    out.push_str(&super::standings::text_of(&record.standings, false));
    out
}
