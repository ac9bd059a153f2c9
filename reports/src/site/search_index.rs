//! The compact index of every game the events index's search box looks through. Pages are
//! read from `file://`, where `fetch()` of a local file is refused, so the index is
//! JavaScript: `assets/search-events.js` (each event's name and dates, by its page number)
//! and `assets/search-K.js` shards of game rows, loaded by `assets/archive.js` as
//! `<script>` elements the first time the box is used. A row is
//! `[id, event page, round, players, result, opening]`; an event is `[name, dates]`, with
//! a third item `0` when it has no page of its own.

use kifu_store::search::GameListing;
use serde_json::{json, Value};

use crate::lang::{Edition, Lang};
use crate::site::events::EventGroup;
use crate::site::games_table::{opening_text, table_result};

/// Games per shard: a few hundred kilobytes each, so a browser parses each quickly.
const SHARD_GAMES: usize = 8000;

/// The files of the search index: (file name in `assets/`, text).
pub(crate) fn search_files(
    groups: &[EventGroup],
    own_pages: &[bool],
    edition: Edition,
    lang: Lang,
) -> Vec<(String, String)> {
    // `[name, dates]`, and a third item `0` for an event without a page of its own (its
    // name links to its one game).
    let events: Vec<Value> = groups
        .iter()
        .zip(own_pages)
        .map(|(g, &own)| {
            let name = g.name.unwrap_or("");
            let dates =
                crate::site::page::dates_text(g.first_date, g.last_date, lang).unwrap_or_default();
            if own {
                json!([name, dates])
            } else {
                json!([name, dates, 0])
            }
        })
        .collect();
    let mut files = vec![(
        "search-events.js".to_string(),
        format!("kifuSearch.events({});\n", Value::Array(events)),
    )];
    let rows: Vec<Value> = groups
        .iter()
        .flat_map(|g| {
            g.games
                .iter()
                .map(move |game| row(game, g.number, edition, lang))
        })
        .collect();
    for (k, chunk) in rows.chunks(SHARD_GAMES).enumerate() {
        files.push((
            format!("search-{}.js", k + 1),
            format!("kifuSearch.games({});\n", Value::Array(chunk.to_vec())),
        ));
    }
    files
}

/// The number of game shards [`search_files`] writes for `games` games.
pub(crate) fn shard_count(games: usize) -> usize {
    games.div_ceil(SHARD_GAMES)
}

fn row(g: &GameListing, event: usize, edition: Edition, lang: Lang) -> Value {
    let players: Vec<&str> = g.players.iter().map(|(_, n)| n.as_str()).collect();
    let result = match edition {
        Edition::Public => table_result(g, lang),
        Edition::Audit => g.counted.map(|c| c.to_string()).unwrap_or_default(),
    };
    json!([
        g.id,
        event,
        g.round.as_deref().unwrap_or(""),
        players.join(" – "),
        result,
        opening_text(g, edition, lang)
    ])
}
