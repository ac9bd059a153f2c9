//! `kifu serve`'s server: an HTTP/1.1 service (axum on tokio) answering the JSON API under
//! `/api/` and the web UI, over a pool of read-only SQLite connections, so `ingest` and
//! `curate` can run beside it and what they commit is served at the next request.
//!
//! This crate knows HTTP, not kifu's commands: what each endpoint answers is the binary's
//! [`Answers`], which parses the query's pairs with the CLI's own flag parsers, so the API
//! and the CLI have one vocabulary and one set of errors.

mod app;
mod decide;
mod explorer;
mod http;
mod live;
mod pool;
pub mod query;
pub(crate) mod read;
mod response;
mod signal;
mod ui;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

pub use decide::{Decisions, Entry, GameRef, TokenError, Writes, MIN_TOKEN_BYTES};
pub use kifu_lang::{Edition, Lang};
pub use query::{Params, QueryError};

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The database served (opened read-only).
    pub db: PathBuf,
    /// Where to listen; port 0 takes a free port (the one taken is printed).
    pub addr: SocketAddr,
    pub edition: Edition,
    /// The UI's language.
    pub lang: Lang,
    /// The longest an API request may take before it is cut (its query interrupted).
    pub timeout: Duration,
    /// How many requests read the database at once; more wait their turn.
    pub readers: usize,
    /// At most this many bytes of computed answers kept to answer a repeated question
    /// (0: every answer is computed).
    pub kept_bytes: usize,
    /// The audit edition's decisions (`POST /api/decisions`), the server's only write;
    /// `None`: every write is refused.
    pub writes: Option<Writes>,
}

/// One question of the API: the endpoint (`/api/NAME` or `/api/NAME/KEY`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Endpoint {
    /// `/api/games`: the games a filter selects.
    Games,
    /// `/api/games/ID`: one game.
    Game(String),
    /// `/api/players`.
    Players,
    /// `/api/players/NAME`: one player's record.
    Player(String),
    /// `/api/events`.
    Events,
    /// `/api/events/NAME`: one event's record.
    Event(String),
    /// `/api/position`: the games reaching a position.
    Position,
    /// `/api/explore`: the next moves from a position.
    Explore,
    /// `/api/stats`.
    Stats,
    /// `/api/standings`.
    Standings,
    /// `/api/ratings`.
    Ratings,
}

impl Endpoint {
    /// The endpoints' names under `/api/`, as the API documents them.
    pub const NAMES: [&'static str; 8] = [
        "games",
        "players",
        "events",
        "position",
        "explore",
        "stats",
        "standings",
        "ratings",
    ];

    /// The endpoints that answer for one thing a list names.
    pub const ONE_OF: [&'static str; 3] = ["games/ID", "players/NAME", "events/NAME"];

    /// Every endpoint's path, for a message naming them.
    pub fn listed() -> String {
        let paths: Vec<String> = Endpoint::NAMES
            .iter()
            .chain(&Endpoint::ONE_OF)
            .map(|n| format!("/api/{n}"))
            .collect();
        paths.join(", ")
    }

    /// The endpoint of `/api/{name}` or `/api/{name}/{key}`.
    pub fn from_path(name: &str, key: Option<&str>) -> Option<Endpoint> {
        Some(match (name, key) {
            ("games", None) => Endpoint::Games,
            ("games", Some(id)) => Endpoint::Game(id.to_owned()),
            ("players", None) => Endpoint::Players,
            ("players", Some(name)) => Endpoint::Player(name.to_owned()),
            ("events", None) => Endpoint::Events,
            ("events", Some(name)) => Endpoint::Event(name.to_owned()),
            ("position", None) => Endpoint::Position,
            ("explore", None) => Endpoint::Explore,
            ("stats", None) => Endpoint::Stats,
            ("standings", None) => Endpoint::Standings,
            ("ratings", None) => Endpoint::Ratings,
            _ => return None,
        })
    }
}

/// Why a question got no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The question is malformed (a parameter the endpoint has not, a value that is none
    /// of the valid ones): `400`, with the message the CLI gives for the same flags.
    BadRequest(String),
    /// What it names is not there (a game id no game has, a player or event no stored
    /// name is): `404`.
    NotFound(String),
    /// The server could not answer (the database failed): `500`.
    Failed(String),
}

impl Refusal {
    pub fn message(&self) -> &str {
        match self {
            Refusal::BadRequest(m) | Refusal::NotFound(m) | Refusal::Failed(m) => m,
        }
    }
}

/// What the binary answers to each endpoint, reading one snapshot of the database.
pub trait Answers: Send + Sync + 'static {
    /// The JSON answer to `endpoint` asked with `params`, read from `store` (a read-only
    /// connection inside one read transaction).
    fn answer(
        &self,
        store: &kifu_store::Store,
        endpoint: &Endpoint,
        params: &Params,
    ) -> Result<serde_json::Value, Refusal>;
}

/// Serves `config.db` until SIGTERM or SIGINT, then lets the requests in flight finish.
/// `ready` gets the address listened on once the socket is bound (port 0 resolved).
pub fn run(
    config: Config,
    answers: impl Answers,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(config.readers.max(1) + 4)
        .build()?;
    runtime.block_on(http::serve(config, Box::new(answers), ready))
}
