//! How a site names its player pages' files (`players/NAME.html` or, in an archive,
//! `players/N.html`) and links them: one home for the page files that the game pages,
//! the games tables and the player pages themselves all link.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use kifu_facts::fold_name;
use kifu_store::search::GameListing;

use crate::escape::path_segment;

/// The folder of the player pages, below the site's root.
pub(crate) const PLAYERS_DIR: &str = "players";

/// A player's page's file name in [`PLAYERS_DIR`].
pub(crate) fn page_file(name: &str) -> String {
    format!("{}.html", path_segment(name))
}

/// How a site names its player pages' files in [`PLAYERS_DIR`].
pub(crate) enum PlayerFiles {
    /// By the percent-encoded name ([`page_file`]), every player's (a site of one event).
    Named,
    /// By number, `N.html` (an archive's: a short link on each of its thousands of game
    /// pages), for the players numbered here (those of at least [`ARCHIVE_MIN_GAMES`]).
    Numbered(Arc<HashMap<String, usize>>),
}

/// The fewest games of an archive's player with a page. CCPD's 6,621 players' pages,
/// lean as they are, come to 35 MB, and the rest of its site to 140 MB of the 150 MB it
/// must stay under; its 287 players of at least 30 games (spellings counted together)
/// take 7.0 MB. The others' games are found through the index's search, each game's page
/// naming its players.
pub(crate) const ARCHIVE_MIN_GAMES: u64 = 30;

impl PlayerFiles {
    /// An archive's numbering: the players `games` seat in at least [`ARCHIVE_MIN_GAMES`]
    /// games, from 1 in the order of their folded names. Spellings the fold makes one
    /// (呂欽 and `呂  欽`), which a player's record counts together, share one page: their
    /// games are counted together, each game once.
    pub(crate) fn numbered(games: &[GameListing]) -> PlayerFiles {
        let mut counts: std::collections::BTreeMap<String, u64> = Default::default();
        let mut spellings: HashMap<&str, String> = HashMap::new();
        for g in games {
            // A name with a `*` has no page (a filter would read it as a pattern).
            let seated: BTreeSet<&str> = g
                .players
                .iter()
                .map(|(_, n)| n.as_str())
                .filter(|n| !n.contains('*'))
                .collect();
            let mut folded = BTreeSet::new();
            for name in seated {
                let key = spellings.entry(name).or_insert_with(|| fold_name(name));
                folded.insert(key.clone());
            }
            for key in folded {
                *counts.entry(key).or_default() += 1;
            }
        }
        let pages: HashMap<String, usize> = counts
            .into_iter()
            .filter(|&(_, n)| n >= ARCHIVE_MIN_GAMES)
            .enumerate()
            .map(|(i, (key, _))| (key, i + 1))
            .collect();
        let numbers = spellings
            .into_iter()
            .filter_map(|(name, key)| Some((name.to_owned(), *pages.get(&key)?)))
            .collect();
        PlayerFiles::Numbered(Arc::new(numbers))
    }

    /// `name`'s page's file, if it has one (a name with a `*` has none: a filter would
    /// read it as a pattern).
    pub(crate) fn file(&self, name: &str) -> Option<String> {
        match self {
            _ if name.contains('*') => None,
            PlayerFiles::Named => Some(page_file(name)),
            PlayerFiles::Numbered(numbers) => numbers.get(name).map(|n| format!("{n}.html")),
        }
    }

    /// The link to `name`'s page from a page `base` below the site's root: a named
    /// file's name percent-encoded once more, since a browser decodes a link once before
    /// it asks for the file.
    pub(crate) fn href(&self, base: &str, name: &str) -> Option<String> {
        let file = self.file(name)?;
        Some(format!("{base}{PLAYERS_DIR}/{}", path_segment(&file)))
    }
}
