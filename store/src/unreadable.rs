//! What a database holds that this build cannot read: each case names the value and where
//! it is, and keeps the reader's own error as the source.

use std::fmt;
use std::path::PathBuf;

use kifu_facts::BadExtra;

/// A stored value this build cannot read.
#[derive(Debug)]
pub enum Unreadable {
    /// A game's header tags and annotations (`games.extra`).
    Extra { game: i64, source: BadExtra },
    /// A curated game's (one without moves, from a curation file).
    CuratedExtra { game: i64, source: BadExtra },
    /// A stored Renju rule set name this build does not know.
    Ruleset(String),
    /// A stored game kind name this build does not know.
    Kind(String),
    /// A row of a position index segment.
    IndexRow { segment: i64 },
    /// Position index rows that no segment lists.
    OrphanIndexRows(u64),
    /// A position index file written for another database.
    ForeignIndexFile(PathBuf),
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unreadable::Extra { game, source } => write!(f, "game {game}: {source}"),
            Unreadable::CuratedExtra { game, source } => {
                write!(f, "curated game {game}: {source}")
            }
            Unreadable::Ruleset(name) => write!(f, "ruleset `{name}`"),
            Unreadable::Kind(name) => write!(f, "kind `{name}`"),
            Unreadable::IndexRow { segment } => {
                write!(f, "position index segment {segment} has an unreadable row")
            }
            Unreadable::OrphanIndexRows(n) => {
                write!(f, "{n} position index rows belong to no segment")
            }
            Unreadable::ForeignIndexFile(path) => write!(
                f,
                "position index file {} belongs to another database",
                path.display()
            ),
        }
    }
}

impl std::error::Error for Unreadable {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Unreadable::Extra { source, .. } | Unreadable::CuratedExtra { source, .. } => {
                Some(source)
            }
            _ => None,
        }
    }
}
