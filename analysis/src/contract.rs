//! The data contract of `kifu export`: every table and column, with its type, meaning and
//! allowed values, the move encodings and the counting rules. One definition serves the
//! export's `_schema.json`, the Parquet files' key-value metadata and the frames the
//! writer builds (a column's type here is the type written), so they cannot disagree.

use serde_json::{json, Value};

/// The version of the contract: raised when a table or column changes meaning, is
/// renamed or removed (adding a column keeps it). 2: `games.event`, `players.name` and
/// `counted_result` are the curated ones (`kifu curate`), the recorded ones beside them,
/// and the `decisions` table.
pub const SCHEMA_VERSION: u32 = 2;

/// The kifu version writing the export.
pub const KIFU_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Rows per Parquet row group at most: the writer's batch, which bounds its memory.
pub const ROWS_PER_ROW_GROUP: usize = 50_000;
/// Bytes of cell data per row group at most, before encoding.
pub const BYTES_PER_ROW_GROUP: usize = 16 << 20;
/// A part file is closed once it holds this many bytes (a row group more at most).
pub const BYTES_PER_PART: usize = 128 << 20;

/// A column's type as written: Parquet `BYTE_ARRAY` (UTF-8), `INT64`, `DOUBLE`, `BOOLEAN`,
/// or a list of `INT32` or of UTF-8 strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnType {
    Text,
    Int,
    Float,
    Bool,
    IntList,
    TextList,
}

impl ColumnType {
    pub fn name(self) -> &'static str {
        match self {
            ColumnType::Text => "string",
            ColumnType::Int => "int64",
            ColumnType::Float => "double",
            ColumnType::Bool => "boolean",
            ColumnType::IntList => "list<int32>",
            ColumnType::TextList => "list<string>",
        }
    }
}

/// One column of a table.
#[derive(Clone, Copy, Debug)]
pub struct ColumnDoc {
    pub name: &'static str,
    pub ty: ColumnType,
    pub nullable: bool,
    pub about: &'static str,
    /// The only values the column takes (besides null), when it is an enumeration.
    pub values: &'static [&'static str],
}

/// One table of the export: a directory of Parquet part files (a CSV or JSON-lines file).
#[derive(Clone, Copy, Debug)]
pub struct TableDoc {
    pub name: &'static str,
    pub about: &'static str,
    pub columns: &'static [ColumnDoc],
}

const fn req(name: &'static str, ty: ColumnType, about: &'static str) -> ColumnDoc {
    ColumnDoc {
        name,
        ty,
        nullable: false,
        about,
        values: &[],
    }
}

const fn opt(name: &'static str, ty: ColumnType, about: &'static str) -> ColumnDoc {
    ColumnDoc {
        nullable: true,
        ..req(name, ty, about)
    }
}

const fn one_of(doc: ColumnDoc, values: &'static [&'static str]) -> ColumnDoc {
    ColumnDoc { values, ..doc }
}

use ColumnType::{Bool, Float, Int, IntList, Text, TextList};

/// The game kinds (`kifu_facts::GameKind` names).
pub const KINDS: &[&str] = &["renju", "xiangqi", "territorial", "chouchou"];
/// Results as kifu names them (`kifu_facts::ResultName`), `unknown` left out of `counted_result`.
const RESULTS: &[&str] = &["black", "white", "red", "draw", "P1", "P2", "P3", "P4"];
const STORED_RESULTS: &[&str] = &[
    "black", "white", "red", "draw", "P1", "P2", "P3", "P4", "unknown",
];
const SEVERITIES: &[&str] = &["info", "warning", "error"];
const RULESETS: &[&str] = &["renju", "freestyle"];
const FORBIDDEN: &[&str] = &["double-three", "double-four", "overline"];
/// The move encodings, by kind in [`KINDS`] order.
pub const ENCODINGS: &[&str] = &[
    "renju-idx8",
    "xiangqi-sq16",
    "territorial-drop16",
    "chouchou-act16",
];

const KEY: &str = "The game's stable key `<source_sha256>:<member>:<byte_offset>`: the same \
                   record has the same key in every database and export.";

const GAMES: TableDoc = TableDoc {
    name: "games",
    about: "One row per readable record (linked copies included: see first_copy).",
    columns: &[
        req("game_key", Text, KEY),
        req(
            "game_id",
            Int,
            "The game's id in the exporting database, or in an `ingest --to-parquet` shard its \
             number from 1 in input order (local either way: join on game_key across \
             datasets).",
        ),
        one_of(req("kind", Text, "The game."), KINDS),
        req(
            "source_sha256",
            Text,
            "SHA-256 (hex) of the bytes of the file the record was read from.",
        ),
        req(
            "member",
            Text,
            "The path inside an archive ('' for a plain file).",
        ),
        opt(
            "record_id",
            Text,
            "The record's own id in its file, when the format has one.",
        ),
        req(
            "byte_offset",
            Int,
            "Offset of the record's first byte in the (decompressed) member.",
        ),
        req("line", Int, "Line (from 1) of the record's first byte."),
        req(
            "column_number",
            Int,
            "Column (from 1, in bytes) of the record's first byte.",
        ),
        req("byte_length", Int, "The record's length in bytes."),
        req(
            "format",
            Text,
            "The record format read (the names `kifu ingest --format` takes).",
        ),
        opt(
            "event",
            Text,
            "The event (tournament): the name of the curation's [[event]] that takes the game, \
             else as recorded (recorded_event).",
        ),
        opt("round", Text, "The round as recorded."),
        opt("date", Text, "The date as recorded."),
        opt(
            "year",
            Int,
            "The first four-digit year (1000-2999) in date: the year `kifu stats` groups by.",
        ),
        opt(
            "rule",
            Text,
            "The rule set as recorded (Renju: rif, yamaguchi, renjunet:5, ...).",
        ),
        opt(
            "rule_name",
            Text,
            "The rule's name: the curation's [[rule]] name for it, else the name the record's \
             source gives it (a RenjuNet XML export's <rules> table); null when neither names \
             it. kifu's tables show a named rule as `rule_name (rule)`.",
        ),
        one_of(
            opt(
                "recorded_result",
                Text,
                "The result the record states, in kifu's names.",
            ),
            STORED_RESULTS,
        ),
        opt("result_text", Text, "The result as written in the record."),
        one_of(
            opt(
                "derived_result",
                Text,
                "The result the board gives on replay (a five, checkmate, a repetition ruling...).",
            ),
            STORED_RESULTS,
        ),
        req(
            "termination",
            Text,
            "How the replay ended (five, overline, checkmate, resignation, unfinished, ...).",
        ),
        one_of(
            opt(
                "counted_result",
                Text,
                "THE result every kifu table counts: a curation's correction \
                 (corrected_result) if there is one; else the recorded result unless the board \
                 decided the game and shows another (a Xiangqi repetition verdict decides only \
                 under the world rules: an event curated with other rules in force keeps the \
                 recorded result), else the board's; null when neither is known. Count results \
                 with this column only.",
            ),
            RESULTS,
        ),
        req("plies", Int, "Moves (plies) in the record."),
        opt(
            "opening",
            Text,
            "The classified opening: Renju D1-D13, I1-I13 (null: unclassified), Xiangqi the \
             ECCO code.",
        ),
        opt(
            "opening_name",
            Text,
            "The opening name the record gives (trimmed; null when it gives none).",
        ),
        opt(
            "swapped",
            Bool,
            "Renju: whether the record says White swapped (null when it does not say).",
        ),
        opt(
            "canonical_hash",
            Text,
            "SHA-256 (hex) of the canonical key: the move sequence under the board symmetry \
             that makes it smallest. Games of one kind with the same hash are the same game.",
        ),
        req(
            "first_copy",
            Bool,
            "False for a linked copy (the same game as an earlier record up to symmetry, in \
             the database or, for an `ingest --to-parquet` shard, in the shard: dedupe shards \
             by kind and canonical_hash). kifu's tables count first copies only.",
        ),
        opt(
            "duplicate_of",
            Int,
            "For a linked copy, the game_id of the first copy (local to the database or shard).",
        ),
        opt(
            "duplicate_of_key",
            Text,
            "For a linked copy, the game_key of the first copy.",
        ),
        opt(
            "extra",
            Text,
            "Everything else the record carries, as JSON (headers, annotations).",
        ),
        one_of(
            opt(
                "ruleset",
                Text,
                "Renju-board games: the rules the replay judged by, renju or freestyle \
                 (free-style gomoku: no forbidden moves, five or more wins for either side; \
                 `kifu ingest --rule`); null for the other kinds.",
            ),
            RULESETS,
        ),
        opt(
            "header_key",
            Text,
            "For a record without moves: the header it is linked by (players by seat, date, \
             event, round and recorded result, names folded). Within one kind and ruleset, \
             the k-th record with a header key in each file is the same game as the k-th of \
             the earliest file with that key (a file never lists one game twice without its \
             moves). Null for a record with moves.",
        ),
        opt(
            "recorded_event",
            Text,
            "The event name as recorded (event may be a curated one).",
        ),
        one_of(
            opt(
                "corrected_result",
                Text,
                "A curation's correction of the result ([[result]]): it is counted_result. \
                 Null without one.",
            ),
            RESULTS,
        ),
        opt(
            "correction_reason",
            Text,
            "The correction's reason as the curation gives it.",
        ),
    ],
};

const PLAYERS: TableDoc = TableDoc {
    name: "players",
    about: "One row per seat of a game.",
    columns: &[
        req("game_key", Text, KEY),
        req("game_id", Int, "The game's local id."),
        one_of(req("kind", Text, "The game."), KINDS),
        req("seat", Int, "The seat, from 1 (seat 1 moves first)."),
        req(
            "side",
            Text,
            "The seat in the game's own terms: black/white (Renju), red/black (Xiangqi), \
             white/black (Chess Territorial), P1-P4 (ChouChou).",
        ),
        req(
            "name",
            Text,
            "The player's name: their curated identity's ([[player]]) where the curation \
             gives one, else as recorded.",
        ),
        req(
            "recorded_name",
            Text,
            "The player's name as the record spells it.",
        ),
    ],
};

const DECISIONS: TableDoc = TableDoc {
    name: "decisions",
    about: "An auditor's decision ([[decision]] of the curation) on a game's findings of one \
            code: one row per game and code decided.",
    columns: &[
        req("game_key", Text, KEY),
        req("game_id", Int, "The game's local id."),
        one_of(req("kind", Text, "The game."), KINDS),
        req(
            "code",
            Text,
            "The findings' code (join findings on game_key and code).",
        ),
        one_of(
            req("decision", Text, "What the auditor decided."),
            &["confirmed", "dismissed"],
        ),
        opt("reason", Text, "Why, as the curation gives it."),
        opt("decided_by", Text, "Who decided."),
        opt("decided_on", Text, "When (YYYY-MM-DD)."),
        req(
            "curation_line",
            Int,
            "The entry's line in the curation file.",
        ),
    ],
};

const MOVES: TableDoc = TableDoc {
    name: "moves",
    about: "One row per game: its moves as small integers and as text (see move_encodings).",
    columns: &[
        req("game_key", Text, KEY),
        req("game_id", Int, "The game's local id."),
        one_of(req("kind", Text, "The game."), KINDS),
        one_of(
            req("encoding", Text, "How move_codes encode a ply."),
            ENCODINGS,
        ),
        req(
            "plies",
            Int,
            "The number of moves: the length of both lists.",
        ),
        req(
            "move_codes",
            IntList,
            "One integer per ply, in the game's encoding.",
        ),
        opt(
            "move_texts",
            TextList,
            "One text per ply in the game's notation (null only for a move list that does \
             not replay).",
        ),
    ],
};

const COMMENTS: TableDoc = TableDoc {
    name: "comments",
    about: "The records' comments.",
    columns: &[
        req("game_key", Text, KEY),
        req("game_id", Int, "The game's local id."),
        one_of(req("kind", Text, "The game."), KINDS),
        req(
            "ply",
            Int,
            "The ply the comment follows (0: before the first move).",
        ),
        req("comment_text", Text, "The comment."),
    ],
};

const VARIATIONS: TableDoc = TableDoc {
    name: "variations",
    about: "The moves of the records' variations (annotators' alternative lines), with \
            their comments. The tables, the position index and the explorer count the main \
            line only.",
    columns: &[
        req("game_key", Text, KEY),
        req("game_id", Int, "The game's local id."),
        one_of(req("kind", Text, "The game."), KINDS),
        req(
            "node",
            Int,
            "The move's number in its game, from 1, depth first: each variation's moves, \
             then the variations inside it.",
        ),
        opt(
            "parent",
            Int,
            "The node this move follows; null: it follows the main line after ply - 1 plies.",
        ),
        req(
            "ply",
            Int,
            "The move's ply, from 1 at the start of the game.",
        ),
        opt(
            "move_code",
            Int,
            "The move's code in the game's moves encoding (see move_encodings); null when \
             kifu could not play it (an illegal move, or one after it: a finding says why).",
        ),
        req("move_text", Text, "The move as the record writes it."),
        opt("comment_text", Text, "The comment after the move."),
        opt(
            "comment_before",
            Text,
            "The comment written before a variation's first move.",
        ),
        opt(
            "move_mark",
            Text,
            "The move's marks as written (annotation glyphs: `!?`, `$14`; several joined \
             by a space).",
        ),
    ],
};

const MOVE_MARKS: TableDoc = TableDoc {
    name: "move_marks",
    about: "The marks annotators put on the main lines' moves, as written: PGN annotation \
            glyphs (`!`, `?`, `!?`, `??`, …) and numeric ones (`$14`). A variation move's \
            marks are in the variations table.",
    columns: &[
        req("game_key", Text, KEY),
        req("game_id", Int, "The game's local id."),
        one_of(req("kind", Text, "The game."), KINDS),
        req("ply", Int, "The ply of the move marked (from 1)."),
        req("mark_text", Text, "The mark."),
    ],
};

const FINDINGS: TableDoc = TableDoc {
    name: "findings",
    about: "Everything kifu found wrong with, or worth saying about, a game or a \
            quarantined record, located in the source.",
    columns: &[
        req("finding_id", Int, "The finding's local id."),
        opt(
            "record_key",
            Text,
            "The stable key of the game (its game_key) or quarantined record (its \
             record_key); null for a finding about a whole file.",
        ),
        opt("game_id", Int, "The game's local id (null: not a game's)."),
        opt(
            "quarantine_id",
            Int,
            "The quarantined record's local id (null: not a quarantined record's).",
        ),
        one_of(
            opt(
                "kind",
                Text,
                "The game (null for a quarantined record's finding).",
            ),
            KINDS,
        ),
        req("source_sha256", Text, "SHA-256 of the source file."),
        req(
            "member",
            Text,
            "The path inside an archive ('' for a plain file).",
        ),
        opt("ply", Int, "The ply the finding is about."),
        req(
            "code",
            Text,
            "The finding's code (`kifu audit --codes` lists them).",
        ),
        one_of(req("severity", Text, "How bad it is."), SEVERITIES),
        req("message", Text, "What is wrong, in words."),
        req(
            "rule",
            Text,
            "The rule text's section the finding rests on ('' if none).",
        ),
        req(
            "byte_offset",
            Int,
            "Offset of the offending text in the member.",
        ),
        req("line", Int, "Its line, from 1."),
        req("column_number", Int, "Its column, from 1."),
        one_of(
            opt(
                "forbidden_kind",
                Text,
                "Renju: the kind of forbidden move the finding is about.",
            ),
            FORBIDDEN,
        ),
        opt(
            "variation_node",
            Int,
            "The variation move the finding is about (its node in the variations table); \
             null: the main line or the whole record.",
        ),
    ],
};

const QUARANTINE: TableDoc = TableDoc {
    name: "quarantine",
    about: "Records that could not be read, kept whole with the error.",
    columns: &[
        req("quarantine_id", Int, "The record's local id."),
        req(
            "record_key",
            Text,
            "The record's stable key `<source_sha256>:<member>:<byte_offset>`.",
        ),
        req("source_sha256", Text, "SHA-256 of the source file."),
        req(
            "member",
            Text,
            "The path inside an archive ('' for a plain file).",
        ),
        req("byte_offset", Int, "Offset of the record's first byte."),
        req("line", Int, "Its line, from 1."),
        req("column_number", Int, "Its column, from 1."),
        req("byte_length", Int, "The record's length in bytes."),
        opt("format", Text, "The format it was read as, if known."),
        req("error", Text, "Why it could not be read."),
        req("raw", Text, "The record's text."),
    ],
};

const LIBRARY_TEXTS: TableDoc = TableDoc {
    name: "library_texts",
    about: "What a library holds that is not a game: its remarks and its title cards \
            (section headings, prefaces), in the library's order.",
    columns: &[
        req("text_id", Int, "The text's local id."),
        req("source_sha256", Text, "SHA-256 of the source file."),
        req(
            "member",
            Text,
            "The path inside an archive ('' for a plain file).",
        ),
        req(
            "place",
            Int,
            "Its place in the library: 0 the library's remarks (its header), N its N-th \
             record.",
        ),
        req("byte_offset", Int, "Offset of its first byte."),
        req("line", Int, "Its line (0 in a binary file)."),
        req("byte_length", Int, "Its length in bytes."),
        opt("title", Text, "The card's title, if it has one."),
        req(
            "text",
            Text,
            "Its text, one comment a line ('' for a title alone).",
        ),
    ],
};

const SOURCES: TableDoc = TableDoc {
    name: "sources",
    about: "The input files the exported records come from.",
    columns: &[
        req(
            "source_id",
            Int,
            "The file's local id (in a shard, its number from 1 in input order).",
        ),
        req(
            "sha256",
            Text,
            "SHA-256 (hex) of the file's bytes: its identity.",
        ),
        req("path", Text, "The path it was ingested from."),
        req("byte_count", Int, "Its size in bytes."),
        req("format", Text, "The format it was read as."),
        req("encoding", Text, "The text encoding it was read in."),
        one_of(
            req("status", Text, "Whether every record of it was written."),
            &["ingesting", "complete"],
        ),
        req("record_count", Int, "Records read from it."),
        req(
            "ingested_at",
            Text,
            "When (UTC, ISO 8601; in an `ingest --to-parquet` shard, when the shard was begun).",
        ),
    ],
};

/// `curated_games` of `kifu curate --facts`: a curated database's values by game key, for
/// a dataset built without one (the Spark job's `--curation`).
const CURATED_GAMES: TableDoc = TableDoc {
    name: "curated_games",
    about: "One row per game the curation changes (its event, its result that counts, or \
            both): what `kifu export` of the curated database writes in these columns.",
    columns: &[
        req("game_key", Text, KEY),
        opt(
            "event",
            Text,
            "games.event: the curated event's name, else as recorded.",
        ),
        one_of(
            opt(
                "counted_result",
                Text,
                "games.counted_result under the curation.",
            ),
            RESULTS,
        ),
        one_of(
            opt("corrected_result", Text, "games.corrected_result."),
            RESULTS,
        ),
        opt("correction_reason", Text, "games.correction_reason."),
    ],
};

/// The stored ratings (`kifu ratings` with the default terms, recomputed by every ingest
/// and curation): derived from the whole database, not per game, so `kifu export` writes
/// them whole whatever its filter, and `ingest --to-parquet` (no database) writes none.
const RATINGS: TableDoc = TableDoc {
    name: "ratings",
    about: "One row per player and rating period, by game and rating system: the ratings \
            of every player of the database (first copies, the Renju rules, two named seats, \
            a result, no forfeit), as `kifu ratings` computes them with the default terms \
            (WHR: w² 14 Elo² per day, one virtual win and loss against 1500; Elo: K 20 from \
            1500). A player's current rating is the row of the highest period.",
    columns: &[
        one_of(req("kind", Text, "The game."), KINDS),
        one_of(req("system", Text, "The rating system."), &["whr", "elo"]),
        req(
            "player",
            Text,
            "The player's name (their curated identity's where the curation gives one).",
        ),
        req(
            "period",
            Int,
            "The period's place in the player's history, from 0.",
        ),
        opt(
            "date",
            Text,
            "The period's date as the games write it (1997, 1997-06, 1997-06-03); null: the \
             one period of games without a date.",
        ),
        req(
            "rating",
            Float,
            "The rating in the period (1500 is a newcomer's).",
        ),
        opt(
            "sd",
            Float,
            "WHR: the rating's standard deviation; null for Elo.",
        ),
        req("games", Int, "The player's games in the period."),
    ],
};

/// What `kifu export` writes besides the per-game [`TABLES`]: tables derived from the whole
/// database, written whole (an `--append` rewrites them).
pub const DERIVED_TABLES: &[TableDoc] = &[RATINGS];

/// `curated_players` of `kifu curate --facts`.
const CURATED_PLAYERS: TableDoc = TableDoc {
    name: "curated_players",
    about: "One row per seat whose player a curated identity names: players.name.",
    columns: &[
        req("game_key", Text, KEY),
        req("seat", Int, "The seat, from 1."),
        req("name", Text, "The identity's name."),
    ],
};

const CURATED_RULES: TableDoc = TableDoc {
    name: "curated_rules",
    about: "One row per rule the curation names ([[rule]]): every game whose rule it is \
            takes the name as games.rule_name.",
    columns: &[
        req("rule", Text, "games.rule, compared exactly."),
        req(
            "name",
            Text,
            "games.rule_name: the name kifu shows for the rule.",
        ),
    ],
};

/// What `kifu curate --facts DIR` writes: the applied curation by game key, the
/// decisions table as the export writes it, and the rules named (by rule, for every game).
pub const CURATION_FACTS: &[TableDoc] = &[CURATED_GAMES, CURATED_PLAYERS, DECISIONS, CURATED_RULES];

/// Every table of an export, in the order written.
pub const TABLES: &[TableDoc] = &[
    GAMES,
    PLAYERS,
    MOVES,
    COMMENTS,
    FINDINGS,
    QUARANTINE,
    SOURCES,
    VARIATIONS,
    MOVE_MARKS,
    DECISIONS,
    LIBRARY_TEXTS,
];

pub(crate) const GAMES_TABLE: &TableDoc = &TABLES[0];
pub(crate) const PLAYERS_TABLE: &TableDoc = &TABLES[1];
pub(crate) const MOVES_TABLE: &TableDoc = &TABLES[2];
pub(crate) const COMMENTS_TABLE: &TableDoc = &TABLES[3];
pub(crate) const FINDINGS_TABLE: &TableDoc = &TABLES[4];
pub(crate) const QUARANTINE_TABLE: &TableDoc = &TABLES[5];
pub(crate) const SOURCES_TABLE: &TableDoc = &TABLES[6];
pub(crate) const VARIATIONS_TABLE: &TableDoc = &TABLES[7];
pub(crate) const MOVE_MARKS_TABLE: &TableDoc = &TABLES[8];
pub(crate) const DECISIONS_TABLE: &TableDoc = &TABLES[9];
pub(crate) const LIBRARY_TEXTS_TABLE: &TableDoc = &TABLES[10];
pub(crate) const RATINGS_TABLE: &TableDoc = &DERIVED_TABLES[0];

fn move_encodings() -> Value {
    json!({
        "renju-idx8": {
            "kind": "renju",
            "code": "row * 15 + column (0-224; row 0 is line 1, column 0 is file a), 255 a pass",
            "text": "the point as RIF writes it: file a-o then line 1-15 (h8); a pass is --",
            "sql": "CASE WHEN c = 255 THEN '--' ELSE chr(97 + c % 15) || (c // 15 + 1) END",
        },
        "xiangqi-sq16": {
            "kind": "xiangqi",
            "code": "from * 256 + to, a square being rank * 9 + file (rank 0 is Red's back rank, file 0 is file a)",
            "text": "Chinese notation (炮二平五), from the game's start position",
            "sql": "chr(97 + (c // 256) % 9) || ((c // 256) // 9) || chr(97 + (c % 256) % 9) || ((c % 256) // 9)  -- ICCS, h2e2",
        },
        "territorial-drop16": {
            "kind": "territorial",
            "code": "piece letter (ASCII K Q R B N P) * 256 + square (rank * 8 + file, 0 = a1); 65535 a pass",
            "text": "piece@square (K@e1); a pass is --",
            "sql": "CASE WHEN c = 65535 THEN '--' ELSE chr(c // 256) || '@' || chr(97 + (c % 256) % 8) || ((c % 256) // 8 + 1) END",
        },
        "chouchou-act16": {
            "kind": "chouchou",
            "code": "(action * 16 + from) * 256 + to; action 0 place (from = to), 1 move two, 2 swap one; a cell is (letter - A) * 4 + (digit - 1), so 1A = 0, 4D = 15",
            "text": "the cell (3B), or from→to with ② (move two) or ① (swap one)",
        },
    })
}

fn counting_rules() -> Value {
    json!({
        "result": "Count counted_result only: null is a game without a result (it counts in games, not in results or shares).",
        "copies": "kifu's tables count first copies only (first_copy = true); a linked copy is the same game as an earlier record up to a board symmetry.",
        "unclassified": "Renju tables by opening leave out games whose opening is null; the Xiangqi results table groups by coalesce(opening, opening_name, '(none)').",
        "renju_opening_table": "SELECT opening, count(*) AS games, count(counted_result) AS results, count(*) FILTER (WHERE counted_result = 'black') AS black_wins, count(*) FILTER (WHERE counted_result = 'white') AS white_wins, count(*) FILTER (WHERE counted_result = 'draw') AS draws, avg(plies) AS mean_plies FROM games WHERE kind = 'renju' AND ruleset = 'renju' AND first_copy AND opening IS NOT NULL GROUP BY opening",
        "xiangqi_results_table": "SELECT coalesce(opening, opening_name, '(none)') AS opening, count(*) AS games, count(counted_result) AS results, count(*) FILTER (WHERE counted_result = 'red') AS red_wins, count(*) FILTER (WHERE counted_result = 'black') AS black_wins, count(*) FILTER (WHERE counted_result = 'draw') AS draws FROM games WHERE kind = 'xiangqi' AND first_copy GROUP BY 1",
        "year": "Tables by year leave out games whose year is null.",
        "balance": "The Renju balance tables count first copies by the Renju rules that reached an opening (plies >= 3) or are results without moves (format in results_only_formats), without a forfeit-result finding; mean_plies is over the games with moves; tables by opening leave out the games whose opening is null.",
        "results_only_formats": kifu_facts::RESULTS_ONLY_FORMATS,
        "rules": "The Renju balance tables count Renju games only (ruleset = 'renju'): free-style gomoku (ruleset = 'freestyle') has other rules and its own balance (`kifu stats --ruleset freestyle`).",
    })
}

/// One table's description as `_schema.json` gives it.
pub fn table_json(t: &TableDoc) -> Value {
    json!({
        "name": t.name,
        "about": t.about,
        "columns": t.columns.iter().map(|c| {
            let mut v = json!({
                "name": c.name,
                "type": c.ty.name(),
                "nullable": c.nullable,
                "about": c.about,
            });
            if !c.values.is_empty() {
                v["values"] = json!(c.values);
            }
            v
        }).collect::<Vec<_>>(),
    })
}

/// The whole contract: `_schema.json`, and the `kifu.schema` key of every Parquet file.
pub fn schema_json() -> Value {
    json!({
        "kifu_version": KIFU_VERSION,
        "schema_version": SCHEMA_VERSION,
        "layout": "<table>/part-<run>-<n>.parquet: one directory per table, every one with at \
                   least one part file (an empty table gets one with no rows); a part file \
                   holds row groups of at most 50,000 rows and is closed at 128 MB; CSV and JSON \
                   exports write <table>.csv or <table>.json (JSON lines), list columns in \
                   CSV as their items joined by single spaces.",
        "shards": "`kifu ingest --to-parquet` writes one dataset per shard of input files, no \
                   database: the same tables and columns, with game_id, finding_id, \
                   quarantine_id, source_id, text_id and duplicate_of numbered within the shard (from 1, \
                   in input order), first_copy and duplicate_of_key within the shard, and \
                   ingested_at the time the shard was begun. Across shards join on game_key \
                   (record_key) and dedupe by kind and canonical_hash. A shard has no \
                   derived_tables.",
        "tables": TABLES.iter().map(table_json).collect::<Vec<_>>(),
        "derived_tables": DERIVED_TABLES.iter().map(table_json).collect::<Vec<_>>(),
        "move_encodings": move_encodings(),
        "counting_rules": counting_rules(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use kifu_facts::{GameKind, ResultName, Severity};

    #[test]
    fn enumerations_match_the_typed_facts() {
        let kinds: Vec<String> = GameKind::ALL.iter().map(|k| k.name().to_owned()).collect();
        assert_eq!(kinds, KINDS);
        // The contract lists every name the facts have, in their order, no more.
        let stored = ResultName::ALL.map(ResultName::name);
        assert_eq!(STORED_RESULTS, stored);
        let known: Vec<&str> = ResultName::ALL
            .into_iter()
            .filter(|r| r.is_known())
            .map(ResultName::name)
            .collect();
        assert_eq!(RESULTS, known);
        for s in SEVERITIES {
            assert_eq!(Severity::from_name(s).unwrap().name(), *s);
        }
        for f in FORBIDDEN {
            assert_eq!(kifu_facts::ForbiddenKind::from_name(f).unwrap().name(), *f);
        }
    }

    #[test]
    fn names_are_unique_per_table() {
        for t in TABLES {
            let mut names: Vec<_> = t.columns.iter().map(|c| c.name).collect();
            names.sort();
            names.dedup();
            assert_eq!(names.len(), t.columns.len(), "{}", t.name);
        }
        let v = schema_json();
        assert_eq!(v["schema_version"], SCHEMA_VERSION);
        assert_eq!(v["tables"].as_array().unwrap().len(), TABLES.len());
    }
}
