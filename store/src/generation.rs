//! The generation of the games, and the generation each piece of derived data was computed
//! from: a write that changes what the games say bumps the first, and makes derived data
//! stale without recomputing it; the command that needs it brings it up to date.

use kifu_facts::GameKind;
use rusqlite::{params, Connection, OptionalExtension};

use crate::{Result, Store};

/// A piece of data kifu derives from the games as a whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Derived {
    /// The stored ratings of one game's players (`ratings`, `rating_runs`), by every
    /// rating system.
    Ratings(GameKind),
}

impl Derived {
    /// Every piece of derived data.
    pub fn all() -> impl Iterator<Item = Derived> {
        GameKind::ALL.into_iter().map(Derived::Ratings)
    }

    /// The name it is stored under (`derived.name`).
    pub fn name(self) -> String {
        match self {
            Derived::Ratings(kind) => format!("ratings/{}", kind.name()),
        }
    }
}

impl std::fmt::Display for Derived {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Derived::Ratings(kind) => write!(f, "the {kind} ratings"),
        }
    }
}

/// A generation of the games: how many writes have changed them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Generation(pub i64);

/// Whether derived data is up to date with the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Freshness {
    /// Computed from the games as they are.
    Current,
    /// Computed from an older generation, or never: the games have changed since.
    Stale,
}

impl Store {
    /// The games' generation now.
    pub fn generation(&self) -> Result<Generation> {
        Ok(Generation(self.conn.query_row(
            "SELECT games FROM generation WHERE id = 1",
            [],
            |r| r.get(0),
        )?))
    }

    /// The generation `derived` was computed from; `None`: never computed.
    pub fn derived_generation(&self, derived: Derived) -> Result<Option<Generation>> {
        Ok(self
            .conn
            .query_row(
                "SELECT generation FROM derived WHERE name = ?1",
                params![derived.name()],
                |r| r.get(0),
            )
            .optional()?
            .map(Generation))
    }

    /// Whether `derived` is up to date with the games.
    pub fn freshness(&self, derived: Derived) -> Result<Freshness> {
        Ok(
            if self.derived_generation(derived)? == Some(self.generation()?) {
                Freshness::Current
            } else {
                Freshness::Stale
            },
        )
    }
}

/// Bumps the games' generation, inside the transaction that changes them.
pub(crate) fn bump(conn: &Connection) -> Result<()> {
    conn.prepare_cached("UPDATE generation SET games = games + 1 WHERE id = 1")?
        .execute([])?;
    Ok(())
}

/// Records that `derived` is now what the games of `generation` give, inside the
/// transaction that stores it.
pub(crate) fn mark(conn: &Connection, derived: Derived, generation: Generation) -> Result<()> {
    conn.execute(
        "INSERT INTO derived (name, generation) VALUES (?1, ?2)
         ON CONFLICT (name) DO UPDATE SET generation = excluded.generation",
        params![derived.name(), generation.0],
    )?;
    Ok(())
}
