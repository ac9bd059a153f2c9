//! `kifu player NAME`: one player's record ([`kifu_analysis::player`]): who the name is in
//! the players list, the spellings records give it, the results by year, event and game,
//! the rating in each game's stored list with its history, and the games, as text or one
//! JSON object (the server's `/api/players/NAME`).

use std::process::ExitCode;

use anyhow::{bail, Result};
use clap::Args;
use kifu_analysis::player::{player_record, PlayerRating, PlayerRecord};
use kifu_store::player::ResultsLine;
use kifu_store::search::GameOrder;
use kifu_store::Store;
use serde_json::{json, Value};

use super::args::{DbArg, FilterArgs};
use super::table::{left, render, right};
use crate::stdout;

/// `kifu player`'s flags.
#[derive(Args)]
pub(super) struct PlayerArgs {
    #[command(flatten)]
    db: DbArg,
    /// The player's name (compared folded, and through the curation's identities: every
    /// spelling of one person); `kifu players` lists the names.
    #[arg(value_name = "NAME")]
    name: String,
    #[command(flatten)]
    filter: FilterArgs,
    /// At most this many of the player's games (by date), after the summary.
    #[arg(long)]
    limit: Option<u64>,
    /// The games after game ID in date order: the next page of the player's games.
    #[arg(long, value_name = "ID")]
    after: Option<i64>,
    /// One JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// The record's filter: the flags' (`--player` is the NAME).
fn filter(args: &PlayerArgs) -> Result<kifu_store::GameFilter> {
    let filter = args.filter.filter(false)?;
    if filter.player.is_some() {
        bail!("the player is NAME: --player is the list's (kifu players --player PATTERN)");
    }
    Ok(filter)
}

pub(super) fn run(args: &PlayerArgs) -> Result<ExitCode> {
    let filter = filter(args)?;
    let store = super::select::open_for(&args.db.db, &filter, "player")?;
    if args.json {
        stdout::print(&(answer(args, &store)?.to_string() + "\n"))?;
        return Ok(ExitCode::SUCCESS);
    }
    let record = player_record(&store, &args.name, &filter)?;
    let games = store.list_games_after(
        &games_filter(&record, &filter),
        GameOrder::Date,
        args.limit,
        args.after,
    )?;
    if record.total()[0] == 0 {
        eprintln!("kifu player: no games of {} match", record.name);
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = text(&record);
    if !games.is_empty() {
        out.push_str("\nGames\n");
        out.push_str(&super::games::table(&games));
    }
    stdout::print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// The player's games: the filter's, with the player's name.
fn games_filter(record: &PlayerRecord, filter: &kifu_store::GameFilter) -> kifu_store::GameFilter {
    kifu_store::GameFilter {
        player: Some(record.name.clone()),
        ..filter.clone()
    }
}

/// The record as one JSON object (`--json`, `/api/players/NAME`): `listed` (the players
/// list's lines), `spellings`, `by_year`, `by_event`, `by_kind`, `ratings` (each game's
/// line and `history`), the games page (`games`, `total`, `next`) and the `notices`.
pub(super) fn answer(args: &PlayerArgs, store: &Store) -> Result<Value> {
    let filter = filter(args)?;
    let notices = super::select::notices(store, &filter)?;
    let record = player_record(store, &args.name, &filter)?;
    let results = |lines: &[ResultsLine], key: &str| -> Vec<Value> {
        lines
            .iter()
            .map(|l| {
                json!({key: l.key, "games": l.games, "wins": l.wins, "draws": l.draws,
                       "losses": l.losses, "no_result": l.unknown, "score": l.score()})
            })
            .collect()
    };
    let mut answer = json!({
        "player": record.name,
        "listed": record.listed.iter().map(super::names::player_json).collect::<Vec<_>>(),
        "spellings": results(&record.spellings, "spelling"),
        "by_year": results(&record.by_year, "year"),
        "by_event": results(&record.by_event, "event"),
        "by_kind": results(&record.by_kind, "kind"),
        "ratings": record.ratings.iter().map(rating_json).collect::<Vec<_>>(),
    });
    let page = super::games::page_json(
        store,
        &games_filter(&record, &filter),
        GameOrder::Date,
        args.limit,
        args.after,
    )?;
    let object = answer.as_object_mut().expect("an object");
    object.extend(page);
    object.insert(
        "notices".into(),
        notices.into_iter().map(|n| Value::from(n.text)).collect(),
    );
    Ok(answer)
}

fn rating_json(r: &PlayerRating) -> Value {
    json!({"kind": r.kind.name(), "terms": r.terms, "rank": r.line.rank,
           "rating": r.line.rating, "sd": r.line.sd, "games": r.line.games,
           "last_game": r.line.last_game, "history": r.history})
}

/// The record as text: a heading line, the spellings, the ratings and the results tables.
fn text(record: &PlayerRecord) -> String {
    let [games, wins, draws, losses, unknown] = record.total();
    let kinds: Vec<String> = record
        .by_kind
        .iter()
        .filter_map(|l| l.key.clone())
        .collect();
    let mut out = format!(
        "{}: {games} games ({}): {wins} wins, {draws} draws, {losses} losses, {unknown} \
         without a result\n",
        record.name,
        kinds.join(", ")
    );
    if record.listed.len() > 1 {
        let names: Vec<&str> = record.listed.iter().map(|p| p.name.as_str()).collect();
        out.push_str(&format!(
            "listed under {} names (no curated identity joins them): {}\n",
            names.len(),
            names.join(", ")
        ));
    }
    if record.spellings.len() > 1 {
        let spellings: Vec<String> = record
            .spellings
            .iter()
            .map(|l| format!("{} ({})", l.key.as_deref().unwrap_or(""), l.games))
            .collect();
        out.push_str(&format!("spelled {}\n", spellings.join(", ")));
    }
    for r in &record.ratings {
        let sd = r.line.sd.map(|s| format!(" ±{s:.0}")).unwrap_or_default();
        out.push_str(&format!(
            "{} rating {:.0}{sd}: rank {}, {} rated games, last {}, {} periods ({})\n",
            r.kind,
            r.line.rating,
            r.line.rank,
            r.line.games,
            r.line.last_game.as_deref().unwrap_or("undated"),
            r.history.len(),
            r.terms
        ));
    }
    for (title, lines) in [
        ("By year", &record.by_year),
        ("By event", &record.by_event),
        ("By game", &record.by_kind),
    ] {
        out.push('\n');
        out.push_str(title);
        out.push('\n');
        out.push_str(&results_table(lines));
    }
    out
}

fn results_table(lines: &[ResultsLine]) -> String {
    let rows: Vec<Vec<String>> = lines
        .iter()
        .map(|l| {
            let score = l
                .score()
                .map(|s| format!("{:.1}%", s * 100.0))
                .unwrap_or_default();
            vec![
                l.key.clone().unwrap_or_else(|| "(none)".into()),
                l.games.to_string(),
                l.wins.to_string(),
                l.draws.to_string(),
                l.losses.to_string(),
                l.unknown.to_string(),
                score,
            ]
        })
        .collect();
    render(
        &[
            left(""),
            right("games"),
            right("wins"),
            right("draws"),
            right("losses"),
            right("no result"),
            right("score"),
        ],
        &rows,
    )
}
