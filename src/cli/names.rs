//! `kifu players` and `kifu events`: the names in the games a filter selects, with their
//! game counts, so people find the exact spelling to search by (and a player's results:
//! wins, draws and losses by the result that counts).

use std::path::Path;
use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use kifu_facts::GameKind;
use kifu_store::search::{EventListing, NameOrder, PlayerListing};
use kifu_store::{GameFilter, Store};
use serde_json::{json, Value};

use super::args::{parse_list_format, DbArg, FilterArgs, ListFormat};
use super::table::{left, render, right};
use super::text::csv_line;
use crate::choice::unknown_name;
use crate::stdout;

fn kinds(kinds: &[GameKind]) -> String {
    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    names.join(",")
}

/// `kifu players`'s flags.
#[derive(Args)]
pub(super) struct PlayersArgs {
    #[command(flatten)]
    db: DbArg,
    #[command(flatten)]
    filter: FilterArgs,
    /// Instead of the list: likely identities among the names not curated yet (the
    /// same name folded, a team or city prefix, Latin initials and word order), as
    /// `[[player]]` entries with each name's games and dates, to review and paste into
    /// a curation file; --player narrows them to identities with a name it matches.
    #[arg(long)]
    suggest_aliases: bool,
    /// games (most first) or name.
    #[arg(long, default_value = "games", value_parser = parse_name_order)]
    sort: NameOrder,
    /// At most this many lines (the next page's --after is said on standard error).
    #[arg(long)]
    limit: Option<u64>,
    /// The lines after player NAME in --sort's order: the next page of a list whose last
    /// line was NAME.
    #[arg(long, value_name = "NAME")]
    after: Option<String>,
    /// table, json (one object per line) or csv.
    #[arg(long, default_value = "table", value_parser = parse_list_format)]
    format: ListFormat,
}

/// `kifu events`'s flags.
#[derive(Args)]
pub(super) struct EventsArgs {
    #[command(flatten)]
    db: DbArg,
    #[command(flatten)]
    filter: FilterArgs,
    /// games (most first) or name.
    #[arg(long, default_value = "games", value_parser = parse_name_order)]
    sort: NameOrder,
    /// At most this many lines (the next page's --after is said on standard error).
    #[arg(long)]
    limit: Option<u64>,
    /// The lines after event NAME in --sort's order: the next page of a list whose last
    /// line was NAME.
    #[arg(long, value_name = "NAME")]
    after: Option<String>,
    /// table, json (one object per line) or csv.
    #[arg(long, default_value = "table", value_parser = parse_list_format)]
    format: ListFormat,
}

/// One page of a name list: its lines, and the name the next page follows (`None`: the
/// last page).
struct Page<T> {
    lines: Vec<T>,
    next: Option<String>,
}

/// The page `limit` lines long from `list` (which lists at most the limit it is given),
/// asking one line more to know whether a next page follows.
fn page<T>(
    limit: Option<u64>,
    list: impl FnOnce(Option<u64>) -> kifu_store::Result<Vec<T>>,
    name: impl Fn(&T) -> &str,
) -> Result<Page<T>> {
    let mut lines = list(limit.map(|l| l.saturating_add(1)))?;
    let more = limit.is_some_and(|l| lines.len() as u64 > l);
    if let Some(l) = limit {
        lines.truncate(l as usize);
    }
    let next = if more {
        lines.last().map(|l| name(l).to_owned())
    } else {
        None
    };
    Ok(Page { lines, next })
}

/// Says where the next page starts, if one follows.
fn say_next(command: &str, next: &Option<String>) {
    if let Some(next) = next {
        crate::cli::progress::summary!(
            "kifu {command}: more follow (--limit; the next page: --after '{next}')"
        );
    }
}

fn parse_name_order(s: &str) -> Result<NameOrder, String> {
    NameOrder::from_name(s).ok_or_else(|| unknown_name("order", s, NameOrder::NAMES.to_vec()))
}

/// `kifu players`: the list, or with `--suggest-aliases` likely identities.
pub(super) fn players(args: &PlayersArgs) -> Result<ExitCode> {
    if args.suggest_aliases {
        return suggest_aliases(&args.db.db, &args.filter);
    }
    let (store, filter) = super::select::open(&args.db.db, &args.filter, false, "players")?;
    let Page { lines: rows, next } = players_page(&store, &filter, args)?;
    let fields = |p: &PlayerListing| {
        vec![
            p.name.clone(),
            p.games.to_string(),
            p.wins.to_string(),
            p.draws.to_string(),
            p.losses.to_string(),
            p.unknown.to_string(),
            kinds(&p.kinds),
        ]
    };
    let text = match args.format {
        ListFormat::Table if rows.is_empty() => String::new(),
        ListFormat::Table => render(
            &[
                left("player"),
                right("games"),
                right("wins"),
                right("draws"),
                right("losses"),
                right("no result"),
                left("kinds"),
            ],
            &rows.iter().map(fields).collect::<Vec<_>>(),
        ),
        ListFormat::Json => rows
            .iter()
            .map(|p| player_json(p).to_string() + "\n")
            .collect(),
        ListFormat::Csv => {
            std::iter::once("player,games,wins,draws,losses,no_result,kinds\n".into())
                .chain(rows.iter().map(|p| csv_line(&fields(p))))
                .collect()
        }
    };
    stdout::print(&text)?;
    if rows.is_empty() {
        eprintln!("kifu players: no players in the games that match");
    }
    say_next("players", &next);
    Ok(ExitCode::SUCCESS)
}

/// A player as `--format json` prints it (one line) and the API lists it.
pub(super) fn player_json(p: &PlayerListing) -> Value {
    json!({"player": p.name, "games": p.games, "wins": p.wins, "draws": p.draws,
           "losses": p.losses, "no_result": p.unknown,
           "kinds": p.kinds.iter().map(|k| k.name()).collect::<Vec<_>>()})
}

/// An event as `--format json` prints it (one line) and the API lists it.
pub(super) fn event_json(e: &EventListing) -> Value {
    json!({"event": e.name, "games": e.games, "players": e.players,
           "from": e.first_date, "to": e.last_date,
           "kinds": e.kinds.iter().map(|k| k.name()).collect::<Vec<_>>()})
}

/// The API's answer (`/api/players`): the lines `--format json` prints, as `players`,
/// the `next` page's `after` (null on the last page) and the CLI's notices. `--suggest-aliases` is the curator's, not the API's.
pub(super) fn players_answer(args: &PlayersArgs, store: &Store) -> Result<Value> {
    if args.suggest_aliases {
        anyhow::bail!("--suggest-aliases writes a curation file's entries: ask the CLI");
    }
    let filter = args.filter.filter(false)?;
    let notices = super::select::notices(store, &filter)?;
    let Page { lines: rows, next } = players_page(store, &filter, args)?;
    Ok(json!({
        "players": rows.iter().map(player_json).collect::<Vec<_>>(),
        "next": next,
        "notices": notices.into_iter().map(|n| n.text).collect::<Vec<_>>(),
    }))
}

/// The API's answer (`/api/events`): the lines `--format json` prints, as `events`, and
/// the `next` page's `after`.
pub(super) fn events_answer(args: &EventsArgs, store: &Store) -> Result<Value> {
    let filter = args.filter.filter(false)?;
    let notices = super::select::notices(store, &filter)?;
    let Page { lines: rows, next } = events_page(store, &filter, args)?;
    Ok(json!({
        "events": rows.iter().map(event_json).collect::<Vec<_>>(),
        "next": next,
        "notices": notices.into_iter().map(|n| n.text).collect::<Vec<_>>(),
    }))
}

fn players_page(
    store: &Store,
    filter: &GameFilter,
    args: &PlayersArgs,
) -> Result<Page<PlayerListing>> {
    page(
        args.limit,
        |limit| store.list_players_after(filter, args.sort, limit, args.after.as_deref()),
        |p| &p.name,
    )
}

fn events_page(
    store: &Store,
    filter: &GameFilter,
    args: &EventsArgs,
) -> Result<Page<EventListing>> {
    page(
        args.limit,
        |limit| store.list_events_after(filter, args.sort, limit, args.after.as_deref()),
        |e| &e.name,
    )
}

/// `kifu players --suggest-aliases`: likely identities as `[[player]]` entries.
fn suggest_aliases(db: &Path, flags: &FilterArgs) -> Result<ExitCode> {
    let (store, filter) = super::select::open(db, flags, false, "players")?;
    let suggestions = kifu_analysis::aliases::suggest_aliases(&store, filter.player.as_deref())?;
    if suggestions.is_empty() {
        eprintln!("kifu players: no likely identities among the names not curated yet");
    } else {
        stdout::print(&kifu_analysis::aliases::as_toml(&suggestions))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `kifu events`.
pub(super) fn events(args: &EventsArgs) -> Result<ExitCode> {
    let (store, filter) = super::select::open(&args.db.db, &args.filter, false, "events")?;
    let Page { lines: rows, next } = events_page(&store, &filter, args)?;
    let fields = |e: &EventListing| {
        vec![
            e.name.clone(),
            e.games.to_string(),
            e.players.to_string(),
            e.first_date.clone().unwrap_or_default(),
            e.last_date.clone().unwrap_or_default(),
            kinds(&e.kinds),
        ]
    };
    let text = match args.format {
        ListFormat::Table if rows.is_empty() => String::new(),
        ListFormat::Table => render(
            &[
                left("event"),
                right("games"),
                right("players"),
                left("from"),
                left("to"),
                left("kinds"),
            ],
            &rows.iter().map(fields).collect::<Vec<_>>(),
        ),
        ListFormat::Json => rows
            .iter()
            .map(|e| event_json(e).to_string() + "\n")
            .collect(),
        ListFormat::Csv => std::iter::once("event,games,players,from,to,kinds\n".into())
            .chain(rows.iter().map(|e| csv_line(&fields(e))))
            .collect(),
    };
    stdout::print(&text)?;
    if rows.is_empty() {
        eprintln!("kifu events: no events in the games that match");
    }
    say_next("events", &next);
    Ok(ExitCode::SUCCESS)
}
