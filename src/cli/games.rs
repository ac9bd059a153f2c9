//! `kifu games`: the games a filter selects, one line each (an aligned table, JSON lines or
//! CSV), so a search is checked by eye before a report is made of it. The table shows the
//! recorded result beside the one that counts, marked `!` where the board decided
//! otherwise; `e/w/i` counts the game's errors, warnings and info remarks; an id `7=3` is
//! game 7, a linked copy of game 3. A game found by a name only a linked copy spells so
//! says which copy (`(found as 上海胡榮華 in copy 18326)`, the `found_through` column).

use std::process::ExitCode;

use anyhow::Result;
use clap::Args;
use kifu_store::search::{FoundThrough, GameListing, GameOrder, QuarantinedListing};
use kifu_store::{GameFilter, Store};
use serde_json::{json, Value};

use super::args::{parse_list_format, DbArg, FilterArgs, ListFormat};
use super::progress::summary;
use super::table::{capped, left, render, right};
use super::text::csv_line;
use crate::choice::unknown_name;
use crate::stdout;

/// Display cap of the event and players columns (JSON and CSV have the whole text).
const NAME_CAP: usize = 36;

/// `kifu games`'s flags.
#[derive(Args)]
pub(super) struct GamesArgs {
    #[command(flatten)]
    db: DbArg,
    #[command(flatten)]
    filter: FilterArgs,
    /// id, date, event (then round) or plies.
    #[arg(long, default_value = "id", value_parser = parse_game_order)]
    sort: GameOrder,
    /// At most this many lines (the total is said on standard error, with the --after of
    /// the next page).
    #[arg(long)]
    limit: Option<u64>,
    /// The games after game ID in --sort's order: the next page of a list whose last game
    /// was ID (pages stay in place while games are added).
    #[arg(long, value_name = "ID")]
    after: Option<i64>,
    /// table, json (one object per line) or csv.
    #[arg(long, default_value = "table", value_parser = parse_list_format)]
    format: ListFormat,
}

fn parse_game_order(s: &str) -> Result<GameOrder, String> {
    GameOrder::from_name(s).ok_or_else(|| unknown_name("order", s, GameOrder::NAMES.to_vec()))
}

pub(super) fn run(args: &GamesArgs) -> Result<ExitCode> {
    let (limit, format) = (args.limit, args.format);
    let (store, filter) = super::select::open(&args.db.db, &args.filter, false, "games")?;
    if filter.status == Some(kifu_store::filter::Status::Quarantined) {
        return quarantined(&store, &filter, limit, format);
    }
    let Page { games, total, next } = select(&store, &filter, args)?;
    let text = match format {
        ListFormat::Table if games.is_empty() => String::new(),
        ListFormat::Table => table(&games),
        ListFormat::Json => games
            .iter()
            .map(|g| json_line(g).to_string() + "\n")
            .collect(),
        ListFormat::Csv => csv(&games),
    };
    stdout::print(&text)?;
    if games.is_empty() {
        eprintln!("kifu games: {}", nothing_matches(&store, &filter)?);
    } else if let Some(next) = next {
        summary!(
            "kifu games: {} of {total} games shown (--limit; the next page: --after {next})",
            games.len()
        );
    } else if format == ListFormat::Table {
        let s = if total == 1 { "" } else { "s" };
        summary!("kifu games: {total} game{s}");
    }
    Ok(ExitCode::SUCCESS)
}

/// One page of the games a filter selects.
struct Page {
    games: Vec<GameListing>,
    /// How many games the filter selects, on every page.
    total: u64,
    /// The last game shown, when more follow: the next page's `--after`.
    next: Option<i64>,
}

/// The page of games `args` asks for: `--limit` games after `--after`, in `--sort`'s order.
fn select(store: &Store, filter: &GameFilter, args: &GamesArgs) -> Result<Page> {
    page(store, filter, args.sort, args.limit, args.after)
}

/// `limit` games after game `after`, in `order`.
fn page(
    store: &Store,
    filter: &GameFilter,
    order: GameOrder,
    limit: Option<u64>,
    after: Option<i64>,
) -> Result<Page> {
    // One more than asked: whether a next page follows.
    let asked = limit.map(|l| l.saturating_add(1));
    let mut games = store.list_games_after(filter, order, asked, after)?;
    let more = limit.is_some_and(|l| games.len() as u64 > l);
    if let Some(l) = limit {
        games.truncate(l as usize);
    }
    let total = if more || after.is_some() {
        store.count_games(filter)?
    } else {
        games.len() as u64
    };
    let next = if more {
        games.last().map(|g| g.id)
    } else {
        None
    };
    Ok(Page { games, total, next })
}

/// The API's answer (`/api/games`): the lines `--format json` prints, as `games` (or
/// `quarantined` with `--status quarantined`), with the `total` the filter selects, the
/// `next` page's `after` (null on the last page), the `notices` the CLI says on standard
/// error, and, when nothing matches, why.
pub(super) fn answer(args: &GamesArgs, store: &Store) -> Result<Value> {
    let filter = args.filter.filter(false)?;
    let notices = super::select::notices(store, &filter)?;
    let mut answer = serde_json::Map::new();
    if filter.status == Some(kifu_store::filter::Status::Quarantined) {
        let records = store.list_quarantined(&filter, args.limit)?;
        answer.insert(
            "quarantined".into(),
            records.iter().map(quarantined_json).collect(),
        );
    } else {
        answer.extend(page_json(
            store, &filter, args.sort, args.limit, args.after,
        )?);
    }
    answer.insert(
        "notices".into(),
        notices.into_iter().map(|n| Value::from(n.text)).collect(),
    );
    Ok(Value::Object(answer))
}

/// A page of games as the API answers it: `games` (the lines `--format json` prints), the
/// `total` the filter selects, the `next` page's `after` (null on the last page) and, when
/// nothing matches, why (`nothing`). A player's and an event's records page their games so.
pub(super) fn page_json(
    store: &Store,
    filter: &GameFilter,
    order: GameOrder,
    limit: Option<u64>,
    after: Option<i64>,
) -> Result<serde_json::Map<String, Value>> {
    let page = page(store, filter, order, limit, after)?;
    let mut answer = serde_json::Map::new();
    if page.games.is_empty() {
        answer.insert("nothing".into(), nothing_matches(store, filter)?.into());
    }
    answer.insert("games".into(), page.games.iter().map(json_line).collect());
    answer.insert("total".into(), page.total.into());
    answer.insert("next".into(), page.next.into());
    Ok(answer)
}

/// Why a search that matched nothing did: said plainly, with the copies it left out.
fn nothing_matches(store: &Store, filter: &GameFilter) -> Result<String> {
    let mut text = "no games match".to_owned();
    if !filter.with_duplicates {
        let copies = store.count_games(&GameFilter {
            with_duplicates: true,
            ..filter.clone()
        })?;
        if copies > 0 {
            text.push_str(&format!(
                " ({copies} linked copies do: --duplicates include)"
            ));
        }
    }
    Ok(text)
}

/// `black–white` names in seat order.
fn players(g: &GameListing) -> String {
    let names: Vec<&str> = g.players.iter().map(|(_, n)| n.as_str()).collect();
    names.join(" – ")
}

/// The names, and where the game's names do not give the one searched for, the copy that
/// did: `(found as 上海胡榮華 in copy 18326)`.
fn players_found(g: &GameListing) -> String {
    match &g.found_through {
        None => players(g),
        Some(f) => format!("{} {}", players(g), found_text(f)),
    }
}

fn found_text(f: &FoundThrough) -> String {
    format!("(found as {} in copy {})", f.name, f.copy)
}

/// The counted result, marked `!` when the recorded one is another (the board decided).
fn counted_text(g: &GameListing) -> String {
    match (g.counted, g.differs) {
        (None, _) => "-".into(),
        (Some(c), true) => format!("{c} !"),
        (Some(c), false) => c.to_string(),
    }
}

fn source_text(g: &GameListing) -> String {
    format!("{}:{}", g.source, g.line)
}

pub(super) fn table(games: &[GameListing]) -> String {
    let columns = [
        right("id"),
        left("kind"),
        left("date"),
        capped("event", NAME_CAP),
        left("round"),
        capped("players", NAME_CAP),
        left("recorded"),
        left("counted"),
        left("opening"),
        right("plies"),
        right("e/w/i"),
        left("source"),
    ];
    let rows: Vec<Vec<String>> = games
        .iter()
        .map(|g| {
            let mut id = g.id.to_string();
            if let Some(first) = g.duplicate_of {
                id = format!("{id}={first}");
            }
            vec![
                id,
                g.kind.to_string(),
                g.date.clone().unwrap_or_default(),
                g.event.clone().unwrap_or_default(),
                g.round.clone().unwrap_or_default(),
                players_found(g),
                g.recorded.clone().unwrap_or_else(|| "-".into()),
                counted_text(g),
                g.opening.clone().unwrap_or_default(),
                g.plies.to_string(),
                format!("{}/{}/{}", g.findings[2], g.findings[1], g.findings[0]),
                source_text(g),
            ]
        })
        .collect();
    render(&columns, &rows)
}

/// A game as `--format json` prints it (one line) and the API lists it.
fn json_line(g: &GameListing) -> Value {
    json!({
        "id": g.id,
        "kind": g.kind.name(),
        "date": g.date,
        "event": g.event,
        "round": g.round,
        "players": g.players.iter().map(|(side, name)| json!({"side": side, "name": name})).collect::<Vec<_>>(),
        "recorded_result": g.recorded,
        "counted_result": g.counted.map(|o| o.name().to_owned()),
        "result_differs": g.differs,
        "opening": g.opening,
        "plies": g.plies,
        "findings": {"error": g.findings[2], "warning": g.findings[1], "info": g.findings[0]},
        "source": g.source,
        "line": g.line,
        "duplicate_of": g.duplicate_of,
        "found_through": g.found_through.as_ref().map(|f| json!({"copy": f.copy, "name": f.name})),
    })
}

fn csv(games: &[GameListing]) -> String {
    let mut out = String::from(
        "id,kind,date,event,round,players,recorded_result,counted_result,result_differs,\
         opening,plies,errors,warnings,info,source,line,duplicate_of,found_through\n",
    );
    for g in games {
        let fields = [
            g.id.to_string(),
            g.kind.to_string(),
            g.date.clone().unwrap_or_default(),
            g.event.clone().unwrap_or_default(),
            g.round.clone().unwrap_or_default(),
            players(g),
            g.recorded.clone().unwrap_or_default(),
            g.counted.map(|o| o.name().to_owned()).unwrap_or_default(),
            g.differs.to_string(),
            g.opening.clone().unwrap_or_default(),
            g.plies.to_string(),
            g.findings[2].to_string(),
            g.findings[1].to_string(),
            g.findings[0].to_string(),
            g.source.clone(),
            g.line.to_string(),
            g.duplicate_of.map(|d| d.to_string()).unwrap_or_default(),
            g.found_through.as_ref().map(found_text).unwrap_or_default(),
        ];
        out.push_str(&csv_line(&fields));
    }
    out
}

/// A quarantined record as `--format json` prints it.
fn quarantined_json(q: &QuarantinedListing) -> Value {
    json!({"quarantined": q.id, "source": q.source, "line": q.line,
           "column": q.column, "format": q.format, "error": q.error})
}

/// `--status quarantined`: the records that could not be read, with their errors.
fn quarantined(
    store: &Store,
    filter: &GameFilter,
    limit: Option<u64>,
    format: ListFormat,
) -> Result<ExitCode> {
    let records = store.list_quarantined(filter, limit)?;
    let location = |q: &QuarantinedListing| format!("{}:{}:{}", q.source, q.line, q.column);
    let text = match format {
        ListFormat::Table if records.is_empty() => String::new(),
        ListFormat::Table => render(
            &[
                right("quarantined"),
                left("source"),
                left("format"),
                left("error"),
            ],
            &records
                .iter()
                .map(|q| {
                    vec![
                        q.id.to_string(),
                        location(q),
                        q.format.clone().unwrap_or_default(),
                        q.error.clone(),
                    ]
                })
                .collect::<Vec<_>>(),
        ),
        ListFormat::Json => records
            .iter()
            .map(|q| quarantined_json(q).to_string() + "\n")
            .collect(),
        ListFormat::Csv => {
            let mut out = String::from("quarantined,source,line,column,format,error\n");
            for q in &records {
                out.push_str(&csv_line(&[
                    q.id.to_string(),
                    q.source.clone(),
                    q.line.to_string(),
                    q.column.to_string(),
                    q.format.clone().unwrap_or_default(),
                    q.error.clone(),
                ]));
            }
            out
        }
    };
    stdout::print(&text)?;
    if records.is_empty() {
        eprintln!("kifu games: no quarantined records match");
    }
    Ok(ExitCode::SUCCESS)
}
