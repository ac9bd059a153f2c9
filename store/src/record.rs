//! What the ingest hands the store: plain data, independent of any parser or engine.

/// A file about to be ingested.
#[derive(Clone, Debug)]
pub struct NewSource {
    pub path: String,
    /// Size of the file on disk.
    pub bytes: u64,
    /// SHA-256 of the file's bytes, lower-case hex.
    pub content_hash: String,
    pub format: String,
    pub encoding: String,
}

/// A finding with the place in the source it points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindingRecord {
    pub ply: Option<u32>,
    pub code: String,
    /// `info`, `warning` or `error`.
    pub severity: String,
    pub message: String,
    pub rule: String,
    pub offset: u64,
    pub line: u32,
    pub column: u32,
}

/// A replayed game, ready to insert.
#[derive(Clone, Debug, Default)]
pub struct GameRecord {
    pub source_id: i64,
    pub member: String,
    pub record_id: Option<String>,
    pub offset: u64,
    pub line: u32,
    pub column: u32,
    pub length: u64,
    pub kind: String,
    pub format: String,
    pub event: Option<String>,
    pub round: Option<String>,
    pub date: Option<String>,
    /// Players in seat order (seat 1 moves first): `(side, name)`, e.g. `("black", "Ann")`.
    pub players: Vec<(String, String)>,
    pub rule: Option<String>,
    pub recorded_result: Option<String>,
    pub result_text: Option<String>,
    pub derived_result: Option<String>,
    pub termination: String,
    pub plies: u32,
    pub opening: Option<String>,
    /// Empty when the game has no moves (nothing to compare).
    pub canonical_key: Vec<u8>,
    pub moves_encoding: String,
    pub moves: Vec<u8>,
    /// Other header fields as a JSON object.
    pub extra: Option<String>,
    pub comments: Vec<(u32, String)>,
    pub findings: Vec<FindingRecord>,
}

/// A record that could not be read.
#[derive(Clone, Debug)]
pub struct QuarantineRecord {
    pub source_id: i64,
    pub member: String,
    pub offset: u64,
    pub line: u32,
    pub column: u32,
    pub length: u64,
    pub format: Option<String>,
    /// The parse error as a finding (code `unreadable-record`), located at the error.
    pub error: FindingRecord,
    pub raw: String,
}

#[derive(Clone, Debug)]
pub enum Record {
    Game(Box<GameRecord>),
    Quarantined(Box<QuarantineRecord>),
}
