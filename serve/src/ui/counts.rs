//! The home page's account of the archive: per game kind its games (linked copies left
//! out, as the API's lists leave them out), players and events.

use std::fmt::Write;

use kifu_facts::GameKind;
use kifu_lang::{Lang, Msg};
use kifu_reports::escape;
use kifu_store::search::NameOrder;
use kifu_store::{GameFilter, Store};

use crate::read::{store_error, ReadError};

/// One kind's counts.
pub(crate) struct KindCounts {
    pub(crate) kind: GameKind,
    pub(crate) games: u64,
    pub(crate) players: u64,
    pub(crate) events: u64,
}

/// The counts of every kind stored.
pub(crate) fn read(store: &Store) -> Result<Vec<KindCounts>, ReadError> {
    let overview = store
        .kind_overview(&GameFilter::default())
        .map_err(store_error)?;
    overview
        .into_iter()
        .map(|o| {
            let players = store
                .list_players(&GameFilter::game(o.kind), NameOrder::Games, None)
                .map_err(store_error)?
                .len() as u64;
            Ok(KindCounts {
                kind: o.kind,
                games: o.records - o.linked_copies,
                players,
                events: o.events,
            })
        })
        .collect()
}

/// `<li data-kind data-games data-players data-events>` per kind.
pub(crate) fn html(out: &mut String, counts: &[KindCounts], lang: Lang) {
    for c in counts {
        let _ = write!(
            out,
            "<li data-kind=\"{}\" data-games=\"{}\" data-players=\"{}\" data-events=\"{}\">\
             <strong>{}</strong> {} · {} · {}</li>",
            c.kind.name(),
            c.games,
            c.players,
            c.events,
            escape(lang.kind(c.kind)),
            escape(&lang.count(Msg::GameCount, c.games as usize)),
            escape(&lang.count(Msg::PlayerCount, c.players as usize)),
            escape(&lang.count(Msg::EventCount, c.events as usize)),
        );
    }
}
