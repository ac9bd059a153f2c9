//! What the ingest hands the store: plain data, independent of any parser or engine.

use kifu_facts::{
    BySeat, CanonicalKey, ForbiddenKind, GameKind, PlyStep, ResultName, Ruleset, Severity,
    Termination, VariationMove,
};

/// A file about to be ingested.
#[derive(Clone, Debug)]
pub struct NewSource {
    /// The path as text ([`kifu_facts::SourcePath::shown`]).
    pub path: String,
    /// The path's bytes where the text cannot say them (not UTF-8).
    pub path_bytes: Option<Vec<u8>>,
    /// Size of the file on disk.
    pub bytes: u64,
    /// SHA-256 of the file's bytes, lower-case hex.
    pub content_hash: String,
    pub format: String,
    pub encoding: String,
    /// The rules in force for every game of the file (`ingest --xiangqi-rules`), by name
    /// ([`kifu_facts::RulesInForce`]); `None`: the world rules, or an event's curation.
    pub rules: Option<String>,
}

/// A finding with the place in the source it points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FindingRecord {
    pub ply: Option<u32>,
    pub code: String,
    pub severity: Severity,
    pub message: String,
    pub rule: String,
    /// The kind of forbidden move a Renju finding is about.
    pub forbidden: Option<ForbiddenKind>,
    /// The variation node it is about (`None`: the main line or the whole game).
    pub node: Option<u32>,
    pub offset: u64,
    pub line: u32,
    pub column: u32,
}

/// A replayed game, ready to insert.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub source_id: i64,
    pub member: String,
    pub record_id: Option<String>,
    pub offset: u64,
    pub line: u32,
    pub column: u32,
    pub length: u64,
    pub kind: GameKind,
    pub format: String,
    pub event: Option<String>,
    pub round: Option<String>,
    pub date: Option<String>,
    /// The players' names by seat (seat 1 moves first); an empty name is a seat the record
    /// names no one for. Their sides are the kind's ([`GameRecord::players_by_side`]).
    pub players: BySeat<String>,
    pub rule: Option<String>,
    /// The rules a Renju-board game was replayed by; `None` for the other kinds.
    pub ruleset: Option<Ruleset>,
    /// The result the record states, in the game's names.
    pub recorded_result: Option<ResultName>,
    pub result_text: Option<String>,
    /// The result the replay shows, when the board decided one.
    pub derived_result: Option<ResultName>,
    pub termination: Termination,
    pub plies: u32,
    pub opening: Option<String>,
    /// The key its copies share; empty when the game has no moves (nothing to compare).
    pub canonical_key: CanonicalKey,
    pub moves_encoding: String,
    pub moves: Vec<u8>,
    /// The header tags without a column and the replay's annotations: the JSON of a
    /// [`kifu_facts::Extra`].
    pub extra: Option<String>,
    pub comments: Vec<(u32, String)>,
    /// The main line's move marks as `(ply, mark)`, in record order.
    pub marks: Vec<(u32, String)>,
    /// The moves of the record's variations, in node order.
    pub variations: Vec<VariationMove>,
    pub findings: Vec<FindingRecord>,
    /// The positions the game reaches, for the position index
    /// (`kifu_rules::positions::stored_trail` of `moves`); empty adds nothing.
    pub trail: Vec<PlyStep>,
}

impl GameRecord {
    /// The players under their sides' stored names (`("black", "Ann")`), in seat order.
    pub fn players_by_side(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.players
            .iter()
            .map(|(seat, name)| (self.kind.side_name(seat).unwrap_or_default(), name.as_str()))
    }

    /// A game of `kind` with every other field empty, to fill in.
    pub fn empty(kind: GameKind) -> GameRecord {
        GameRecord {
            source_id: 0,
            member: String::new(),
            record_id: None,
            offset: 0,
            line: 0,
            column: 0,
            length: 0,
            kind,
            format: String::new(),
            event: None,
            round: None,
            date: None,
            players: BySeat::default(),
            rule: None,
            ruleset: None,
            recorded_result: None,
            result_text: None,
            derived_result: None,
            termination: Termination::unfinished(kind),
            plies: 0,
            opening: None,
            canonical_key: CanonicalKey::default(),
            moves_encoding: String::new(),
            moves: Vec::new(),
            extra: None,
            comments: Vec::new(),
            marks: Vec::new(),
            variations: Vec::new(),
            findings: Vec::new(),
            trail: Vec::new(),
        }
    }
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
    /// Why the record is kept aside, as a finding: its parse error (`unreadable-record`,
    /// located at the error), or the note of a record that holds no game.
    pub error: FindingRecord,
    pub raw: String,
}

/// A record that holds text, not a game: a library's remarks or one of its title cards,
/// kept as the library's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextRecord {
    pub source_id: i64,
    pub member: String,
    /// Its place in the library: 0 the library's remarks, N its N-th record.
    pub place: u32,
    pub offset: u64,
    pub line: u32,
    /// Bytes the record takes in its file.
    pub length: u64,
    pub title: Option<String>,
    /// Its comments, one paragraph each (empty when the card is a title alone).
    pub text: String,
}

#[derive(Clone, Debug)]
pub enum Record {
    Game(Box<GameRecord>),
    Quarantined(Box<QuarantineRecord>),
    Text(Box<TextRecord>),
}
