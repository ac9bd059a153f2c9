//! What a page gives those who share or take it away: the `og:` meta a link's preview
//! reads (written by [`share_meta`]; a page's description is its header's facts in words,
//! [`super::page::facts_text`]), the links to the record files written beside the pages,
//! and the counts of an archive's events said with what they count.

use std::fmt::Write;

use kifu_facts::GameKind;

use crate::escape::escape;
use crate::lang::{Lang, Msg};
pub(crate) use crate::share_meta::{share_meta, ShareMeta};
use kifu_notation::Writer;
use kifu_store::query::GameRow;

use crate::records::{download_notation, record_out, StoredMoves};

/// A stored game's record in its download notation; `None` for a game the notation cannot
/// hold or whose stored moves do not decode (its page then links no file).
pub(crate) fn record_text(game: &GameRow) -> Option<String> {
    let extra = game.extra().ok()?;
    let moves = StoredMoves::decode(game)?;
    let record = record_out(game, &extra, &moves, &[]);
    let mut text = String::new();
    // The download notations write each game whole as it comes (only RIF XML keeps its
    // games for `finish`), so one game's text is complete and texts concatenate.
    Writer::new(download_notation(game.kind).0)
        .write(&record, &mut text)
        .ok()?;
    Some(text)
}

/// The file a game's record is written to beside its page (`games/ID.pgn`).
pub(crate) fn record_file(id: i64, kind: GameKind) -> String {
    format!("{id}.{}", download_notation(kind).1)
}

/// The file every game of one kind is written to, in the site's `games/` folder.
pub(crate) fn event_records_file(kind: GameKind) -> String {
    format!("all-{}.{}", kind.name(), download_notation(kind).1)
}

/// The links to an event's record files, one per kind (`prefix` leads from the page to
/// the files and begins their names: `games/` from a one-event site's index, `N-` on an
/// archive's event page).
pub(crate) fn event_downloads_html(kinds: &[GameKind], prefix: &str, lang: Lang) -> String {
    if kinds.is_empty() {
        return String::new();
    }
    let mut out = String::from("<p class=\"downloads\">");
    for (i, &kind) in kinds.iter().enumerate() {
        if i > 0 {
            out.push_str(" · ");
        }
        let file = event_records_file(kind);
        let label = if kinds.len() == 1 {
            lang.text(Msg::DownloadEventRecords).to_owned()
        } else {
            format!(
                "{} ({})",
                lang.text(Msg::DownloadEventRecords),
                lang.kind(kind)
            )
        };
        let _ = write!(
            out,
            "<a class=\"download\" href=\"{prefix}{file}\" download>{}</a>",
            escape(&label)
        );
    }
    out.push_str("</p>\n");
    out
}

/// An archive's event count: `27,050 events, 26,131 of one game` (the events of one game
/// link straight to their game, having no page of their own).
pub(crate) fn event_count_text(events: usize, of_one_game: usize, lang: Lang) -> String {
    if of_one_game == 0 {
        return lang
            .count(Msg::EventCount, events)
            .replace(&events.to_string(), &lang.number(events));
    }
    lang.fill(
        Msg::EventCountOfOne,
        &[
            ("n", &lang.number(events)),
            ("one", &lang.number(of_one_game)),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_archives_count_says_what_it_counts_with_grouped_digits() {
        assert_eq!(
            event_count_text(27_050, 26_131, Lang::En),
            "27,050 events, 26,131 of one game"
        );
        assert_eq!(
            event_count_text(27_050, 26_131, Lang::ZhHans),
            "27,050 项赛事，其中 26,131 项仅一局"
        );
        assert_eq!(event_count_text(1_200, 0, Lang::En), "1,200 events");
    }
}
