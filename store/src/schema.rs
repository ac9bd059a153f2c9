//! The schema, as an ordered list of migrations tracked by `pragma user_version`.
//!
//! Migrations are applied in order and never edited once released: a change to the
//! schema is a new entry at the end of [`MIGRATIONS`].

/// The secondary indexes of the schema (as the migrations create them), by name. A bulk
/// load into an empty database drops them and builds each once at the end, sorted, which
/// is several times cheaper than keeping them up to date row by row; [`crate::Store::open`]
/// recreates any that an interrupted load left missing. The unique keys stay: resuming an
/// interrupted ingest relies on them.
pub const SECONDARY_INDEXES: &[(&str, &str)] = &[
    (
        "games_canonical",
        "CREATE INDEX games_canonical ON games(kind, canonical_key)",
    ),
    ("games_event", "CREATE INDEX games_event ON games(event_id)"),
    (
        "game_players_player",
        "CREATE INDEX game_players_player ON game_players(player_id)",
    ),
    (
        "comments_game",
        "CREATE INDEX comments_game ON comments(game_id)",
    ),
    (
        "findings_game",
        "CREATE INDEX findings_game ON findings(game_id)",
    ),
    (
        "findings_code",
        "CREATE INDEX findings_code ON findings(code)",
    ),
    ("players_key", "CREATE INDEX players_key ON players(key)"),
    ("events_key", "CREATE INDEX events_key ON events(key)"),
    (
        "games_duplicate",
        "CREATE INDEX games_duplicate ON games(duplicate_of) WHERE duplicate_of IS NOT NULL",
    ),
    (
        "move_marks_game",
        "CREATE INDEX move_marks_game ON move_marks(game_id)",
    ),
    (
        "games_freestyle",
        "CREATE INDEX games_freestyle ON games(duplicate_of) WHERE ruleset = 'freestyle'",
    ),
    ("games_date", "CREATE INDEX games_date ON games(date)"),
    (
        "findings_severity",
        "CREATE INDEX findings_severity ON findings(severity, game_id)",
    ),
    ("games_rule", "CREATE INDEX games_rule ON games(rule)"),
    (
        "games_unrecorded",
        "CREATE INDEX games_unrecorded ON games(duplicate_of) WHERE recorded_result IS NULL OR recorded_result NOT IN ('black', 'white', 'red', 'draw')",
    ),
    (
        "games_board_differs",
        "CREATE INDEX games_board_differs ON games(duplicate_of) WHERE derived_result <> recorded_result",
    ),
    (
        "games_header",
        "CREATE INDEX games_header ON games(kind, header_key) WHERE header_key IS NOT NULL",
    ),
    (
        "findings_copies",
        "CREATE INDEX findings_copies ON findings(game_id) WHERE code = 'copies-disagree'",
    ),
];

/// The secondary indexes a bulk load keeps: the writer reads them in every batch (the
/// copies of each game it links a record into, and their `copies-disagree` findings,
/// [`crate::copies::refresh_disagreements`]), and they hold only linked copies and those
/// findings, so keeping them up to date costs little.
pub const KEPT_IN_BULK: &[&str] = &["games_duplicate", "findings_copies"];

/// Migration `i` takes the database from `user_version = i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    MIGRATION_1,
    MIGRATION_2,
    MIGRATION_3,
    MIGRATION_4,
    MIGRATION_5,
    MIGRATION_6,
    MIGRATION_COPIES,
    MIGRATION_MARKS,
    MIGRATION_FOLD_CHINESE,
    MIGRATION_CURATION,
    MIGRATION_TEAMS,
    MIGRATION_RATINGS,
    MIGRATION_POSITIONS_APART,
    MIGRATION_FILTER_INDEXES,
    MIGRATION_RESULT_NAMES,
    MIGRATION_EVENT_TERMS,
    MIGRATION_GENERATIONS,
    MIGRATION_HEADER_INDEX,
    MIGRATION_FOLD_SPACES,
    MIGRATION_COPY_FINDINGS,
    MIGRATION_GAME_CURATION,
    MIGRATION_LIBRARY_TEXTS,
    MIGRATION_SAME_PLAYER,
    MIGRATION_SOURCE_PATHS,
    MIGRATION_CURATED_RULES,
    MIGRATION_PLAYER_NAMES,
];

const MIGRATION_1: &str = r#"
-- One row per input file on disk. A file is identified by the SHA-256 of its bytes, so
-- ingesting the same file again (under any path) adds nothing. `status` is 'ingesting'
-- until every record of the file is written, then 'complete'.
CREATE TABLE sources (
    id           INTEGER PRIMARY KEY,
    path         TEXT    NOT NULL,
    bytes        INTEGER NOT NULL,
    content_hash TEXT    NOT NULL UNIQUE,
    format       TEXT    NOT NULL,
    encoding     TEXT    NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'ingesting',
    records      INTEGER NOT NULL DEFAULT 0,
    ingested_at  TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

CREATE TABLE events (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE players (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

-- One row per readable record. `member` is the path inside an archive ('' for a plain
-- file); offset/line/column locate the record's first byte in that (decompressed) member.
-- `canonical_key` is the move sequence under the board symmetry that makes it smallest:
-- mirrored or rotated copies share it, and a later copy points at the first through
-- `duplicate_of` instead of being dropped.
CREATE TABLE games (
    id              INTEGER PRIMARY KEY,
    source_id       INTEGER NOT NULL REFERENCES sources(id),
    member          TEXT    NOT NULL DEFAULT '',
    record_id       TEXT,
    offset          INTEGER NOT NULL,
    line            INTEGER NOT NULL,
    "column"        INTEGER NOT NULL,
    length          INTEGER NOT NULL,
    kind            TEXT    NOT NULL,
    format          TEXT    NOT NULL,
    event_id        INTEGER REFERENCES events(id),
    round           TEXT,
    date            TEXT,
    rule            TEXT,
    recorded_result TEXT,
    result_text     TEXT,
    derived_result  TEXT,
    termination     TEXT    NOT NULL,
    plies           INTEGER NOT NULL,
    opening         TEXT,
    canonical_key   BLOB,
    duplicate_of    INTEGER REFERENCES games(id),
    extra           TEXT,
    UNIQUE (source_id, member, offset)
);
CREATE INDEX games_canonical ON games(kind, canonical_key);
CREATE INDEX games_event ON games(event_id);

-- Who played: one row per seat, seat 1 moving first. `side` names the seat in the game's
-- own terms ('black'/'white' in Renju, 'red'/'black' in Xiangqi, 'P1'..'P4' in ChouChou),
-- so games of two to four players (and pairs) fit one table.
CREATE TABLE game_players (
    game_id   INTEGER NOT NULL REFERENCES games(id),
    seat      INTEGER NOT NULL,
    side      TEXT    NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players(id),
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX game_players_player ON game_players(player_id);

-- Moves, one row per game: `data` holds one fixed-width code per ply in `encoding`.
-- For Renju ('renju-idx8') a ply is one byte: the point index row*15+column (0..224), or
-- 255 for a pass. A 30-move game is a 30-byte blob instead of 30 rows of
-- (game, ply, point) with their index entries: ~10x smaller, one insert per game, and a
-- game is always read whole anyway (replay, show, export). Other games add encodings.
CREATE TABLE moves (
    game_id  INTEGER PRIMARY KEY REFERENCES games(id),
    encoding TEXT NOT NULL,
    data     BLOB NOT NULL
);

CREATE TABLE comments (
    game_id INTEGER NOT NULL REFERENCES games(id),
    ply     INTEGER NOT NULL,
    text    TEXT    NOT NULL
);
CREATE INDEX comments_game ON comments(game_id);

-- Records that could not be read: kept whole with the error, never dropped.
CREATE TABLE quarantine (
    id        INTEGER PRIMARY KEY,
    source_id INTEGER NOT NULL REFERENCES sources(id),
    member    TEXT    NOT NULL DEFAULT '',
    offset    INTEGER NOT NULL,
    line      INTEGER NOT NULL,
    "column"  INTEGER NOT NULL,
    length    INTEGER NOT NULL,
    format    TEXT,
    error     TEXT    NOT NULL,
    raw       TEXT    NOT NULL,
    UNIQUE (source_id, member, offset)
);

-- Everything wrong with, or worth saying about, a game or a quarantined record.
-- offset/line/column point at the offending text in the source member.
CREATE TABLE findings (
    id            INTEGER PRIMARY KEY,
    source_id     INTEGER NOT NULL REFERENCES sources(id),
    game_id       INTEGER REFERENCES games(id),
    quarantine_id INTEGER REFERENCES quarantine(id),
    ply           INTEGER,
    code          TEXT    NOT NULL,
    severity      TEXT    NOT NULL CHECK (severity IN ('info', 'warning', 'error')),
    message       TEXT    NOT NULL,
    rule          TEXT    NOT NULL DEFAULT '',
    offset        INTEGER NOT NULL,
    line          INTEGER NOT NULL,
    "column"      INTEGER NOT NULL
);
CREATE INDEX findings_game ON findings(game_id);
CREATE INDEX findings_code ON findings(code);
"#;

/// Findings about a forbidden Renju move say which kind it was (`double-three`,
/// `double-four`, `overline`) in a column of their own, so no reader parses the message.
/// Rows written before this migration are filled once here from what they say.
const MIGRATION_2: &str = r#"
ALTER TABLE findings ADD COLUMN forbidden_kind TEXT
    CHECK (forbidden_kind IN ('double-three', 'double-four', 'overline'));
UPDATE findings SET forbidden_kind = CASE
        WHEN code = 'overline-unclaimed' THEN 'overline'
        WHEN message LIKE '%double-three%' THEN 'double-three'
        WHEN message LIKE '%double-four%' THEN 'double-four'
        WHEN message LIKE '%overline%' THEN 'overline'
    END
WHERE code IN ('forbidden-unclaimed', 'overline-unclaimed', 'forbidden-move');
"#;

/// Header search: each player and event name also stored folded (`key`: full- and
/// half-width forms alike, ASCII lower case; [`kifu_facts::fold_name`] through the SQL
/// function `kifu_fold`, which [`crate::Store`] registers on every connection before it
/// migrates) and indexed, so `--player` and `--event` find a name however it was written
/// through an index instead of folding every name of the table. Names stored before are
/// folded here; the writer folds new ones.
const MIGRATION_3: &str = r#"
ALTER TABLE players ADD COLUMN key TEXT;
ALTER TABLE events ADD COLUMN key TEXT;
UPDATE players SET key = kifu_fold(name);
UPDATE events SET key = kifu_fold(name);
CREATE INDEX players_key ON players(key);
CREATE INDEX events_key ON events(key);
"#;

/// The position index behind `kifu position` and `kifu explore` (layout and costs:
/// [`crate::positions`]). A database that already holds games gets an empty index marked
/// `missing`: `kifu index --rebuild` fills it (an ingest leaves a missing index missing and
/// says so); a database without games starts `complete`, and every ingest keeps it so.
const MIGRATION_4: &str = r#"
-- Whether the position index covers every game: 'complete' (it does, and each ingested
-- batch adds its games' entries in its own transaction), 'missing' (built never, or an
-- ingest ran with --no-index) or 'building' (a rebuild is running, or was interrupted).
CREATE TABLE position_index (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    state TEXT    NOT NULL CHECK (state IN ('complete', 'missing', 'building'))
);
INSERT INTO position_index (id, state)
    SELECT 1, CASE WHEN EXISTS (SELECT 1 FROM games) THEN 'missing' ELSE 'complete' END;

-- A segment: the index entries of the games of one kind that one batch (or one chunk of a
-- rebuild) wrote, with the range of their ids. Its entries are split by the top
-- `part_bits` bits of their position key into rows of position_postings.
CREATE TABLE position_segments (
    id         INTEGER PRIMARY KEY,
    kind       TEXT    NOT NULL,
    first_game INTEGER NOT NULL,
    last_game  INTEGER NOT NULL,
    games      INTEGER NOT NULL,
    entries    INTEGER NOT NULL,
    part_bits  INTEGER NOT NULL
);

-- The entries of one segment whose keys share their top bits: row id = segment * 65536 +
-- part, so a lookup reads one row per segment, found by its row id; `data` packs the
-- entries (key bits, game, symmetry, result, next move, reply, game length).
CREATE TABLE position_postings (
    id   INTEGER PRIMARY KEY,
    data BLOB    NOT NULL
);
"#;

/// The rules a game on the Renju board was replayed by ([`kifu_facts::Ruleset`]): `renju`,
/// or `freestyle` (free-style gomoku: no forbidden moves, an overline wins), so the Renju
/// tables never count a free-style game silently. Null for the other kinds. Every Renju
/// game stored before was replayed by the Renju rules.
const MIGRATION_5: &str = r#"
ALTER TABLE games ADD COLUMN ruleset TEXT CHECK (ruleset IN ('renju', 'freestyle'));
UPDATE games SET ruleset = 'renju' WHERE kind = 'renju';
"#;

/// The whole record: the moves of its variations, with their comments, beside the main
/// line (which stays in `moves` and `comments`, and alone feeds the tables, the position
/// index and the explorer). A finding about a variation move names its node.
const MIGRATION_6: &str = r#"
-- One row per variation move. Nodes are numbered from 1 per game, depth first: each
-- variation's moves, then the variations inside it (kifu_parser::variation). `parent` is
-- the node the move follows; NULL when it follows the main line after `ply - 1` plies.
-- `move` is the move's code in the game's moves encoding, NULL when the engine could not
-- play it (an illegal move, or one after it: a finding says why); `text` is the move as
-- written. `comment` follows the move; `before` is written before a variation's first move.
CREATE TABLE variations (
    game_id INTEGER NOT NULL REFERENCES games(id),
    node    INTEGER NOT NULL,
    parent  INTEGER,
    ply     INTEGER NOT NULL,
    move    BLOB,
    text    TEXT    NOT NULL,
    comment TEXT,
    before  TEXT,
    PRIMARY KEY (game_id, node)
) WITHOUT ROWID;

ALTER TABLE findings ADD COLUMN node INTEGER;
"#;

/// Copies that are copies (issue 27): the header key that links records without moves
/// ([`crate::copies::header_key`]), and an index from a first copy to its copies, so a
/// header filter finds a game by any copy's header. [`crate::Store`] runs
/// [`crate::copies::relink`] right after this migration (in its transaction): records cut
/// short lose their prefix key, the ruleset becomes part of the identity, and move-less
/// records are linked by their headers.
pub const MIGRATION_COPIES: &str = r#"
ALTER TABLE games ADD COLUMN header_key TEXT;
CREATE INDEX games_duplicate ON games(duplicate_of) WHERE duplicate_of IS NOT NULL;
"#;

/// Move marks (issue 27): the annotation glyphs a record puts on its moves (`!?`, `$14`),
/// the main line's in `move_marks`, a variation move's beside it.
const MIGRATION_MARKS: &str = r#"
-- One row per mark of a main-line move, as written; several on one move in record order.
CREATE TABLE move_marks (
    game_id INTEGER NOT NULL REFERENCES games(id),
    ply     INTEGER NOT NULL,
    mark    TEXT    NOT NULL
);
CREATE INDEX move_marks_game ON move_marks(game_id);

-- A variation move's marks, joined by a space.
ALTER TABLE variations ADD COLUMN mark TEXT;
"#;

/// Names fold Traditional Chinese to Simplified ([`kifu_facts::fold_name`]), so `胡荣华`
/// finds `胡榮華`: the stored keys are folded again here. [`crate::Store`] then recomputes
/// the move-less records' header keys and their links
/// ([`crate::copies::relink_headers`]), in the migration's transaction.
pub const MIGRATION_FOLD_CHINESE: &str = r#"
UPDATE players SET key = kifu_fold(name);
UPDATE events SET key = kifu_fold(name);
"#;

/// The curation (issue 28, [`crate::curation`]): what a federation knows beyond its files,
/// kept beside the games and applied on top of them. Source rows are never changed: every
/// table here is emptied and filled again when a curation is applied, and emptied when it
/// is removed.
const MIGRATION_CURATION: &str = r#"
-- The rules in force an ingest set for a whole file (`--xiangqi-rules`); NULL: the world
-- rules (a curated event's rules come first).
ALTER TABLE sources ADD COLUMN rules TEXT;

-- The curation file as applied: ingest applies it again to the games it adds.
CREATE TABLE curation (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    path       TEXT NOT NULL,
    sha256     TEXT NOT NULL,
    text       TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- [[player]]: one person; `line` is the entry's line in the file.
CREATE TABLE curated_players (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL,
    federation_id TEXT,
    country       TEXT,
    female        INTEGER,
    line          INTEGER NOT NULL
);

-- Every name (folded) an identity answers to: its own and its aliases.
CREATE TABLE curated_names (
    key      TEXT    PRIMARY KEY,
    identity INTEGER NOT NULL REFERENCES curated_players(id)
) WITHOUT ROWID;

-- The stored player names each identity takes.
CREATE TABLE player_identity (
    player_id INTEGER PRIMARY KEY REFERENCES players(id),
    identity  INTEGER NOT NULL REFERENCES curated_players(id)
);

-- [[event]]: `sections` is the record tag that splits it (or curated_sections lists the
-- players of each section); `tiebreaks` their names, comma-separated, in order.
CREATE TABLE curated_events (
    id        INTEGER PRIMARY KEY,
    name      TEXT    NOT NULL,
    key       TEXT    NOT NULL,
    sections  TEXT,
    win       REAL    NOT NULL,
    draw      REAL    NOT NULL,
    loss      REAL    NOT NULL,
    tiebreaks TEXT    NOT NULL,
    rules     TEXT,
    dates     TEXT,
    venue     TEXT,
    line      INTEGER NOT NULL
);

CREATE TABLE curated_sections (
    event INTEGER NOT NULL REFERENCES curated_events(id),
    key   TEXT    NOT NULL,
    name  TEXT    NOT NULL,
    PRIMARY KEY (event, key)
) WITHOUT ROWID;

-- The games each [[event]] matched.
CREATE TABLE event_games (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    event   INTEGER NOT NULL REFERENCES curated_events(id)
);

-- [[result]]: a correction; it counts over what the record and the board say.
CREATE TABLE result_corrections (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    result  TEXT    NOT NULL,
    reason  TEXT,
    author  TEXT,
    date    TEXT,
    line    INTEGER NOT NULL
);

-- [[game]]: a game without moves (a forfeit, a game not recorded), with its seats.
CREATE TABLE curated_games (
    id         INTEGER PRIMARY KEY,
    event      INTEGER REFERENCES curated_events(id),
    event_name TEXT    NOT NULL,
    kind       TEXT    NOT NULL,
    round      TEXT,
    date       TEXT,
    result     TEXT    NOT NULL,
    forfeit    INTEGER NOT NULL,
    reason     TEXT,
    author     TEXT,
    line       INTEGER NOT NULL
);

CREATE TABLE curated_game_seats (
    game INTEGER NOT NULL REFERENCES curated_games(id),
    seat INTEGER NOT NULL,
    side TEXT    NOT NULL,
    name TEXT    NOT NULL,
    PRIMARY KEY (game, seat)
) WITHOUT ROWID;

-- [[decision]]: an auditor's decision on a game's findings of one code.
CREATE TABLE decisions (
    game_id INTEGER NOT NULL REFERENCES games(id),
    code    TEXT    NOT NULL,
    verdict TEXT    NOT NULL CHECK (verdict IN ('confirmed', 'dismissed')),
    reason  TEXT,
    author  TEXT,
    date    TEXT,
    line    INTEGER NOT NULL,
    PRIMARY KEY (game_id, code)
) WITHOUT ROWID;
"#;

/// Teams: a curated player's team (where the records name none) and an event's team
/// scoring and ranking.
const MIGRATION_TEAMS: &str = r#"
ALTER TABLE curated_players ADD COLUMN team TEXT;
ALTER TABLE curated_events ADD COLUMN team_win REAL NOT NULL DEFAULT 2;
ALTER TABLE curated_events ADD COLUMN team_draw REAL NOT NULL DEFAULT 1;
ALTER TABLE curated_events ADD COLUMN team_loss REAL NOT NULL DEFAULT 0;
ALTER TABLE curated_events ADD COLUMN team_ranking TEXT NOT NULL DEFAULT 'match-points';
ALTER TABLE curated_events ADD COLUMN team_matches INTEGER;
"#;

/// Ratings: each player's rating per rating period, by game and rating system, as `kifu
/// ratings` computes them with the default terms over the first copies (recomputed when an
/// ingest or a curation changes the games). `date` is the period's date as the games write
/// it (NULL: the one period of games without a date); `sd` is WHR's standard deviation
/// (NULL for Elo); `games` the player's games in the period. `rating_runs` says what each
/// was computed from.
const MIGRATION_RATINGS: &str = r#"
CREATE TABLE ratings (
    kind    TEXT    NOT NULL,
    system  TEXT    NOT NULL,
    player  TEXT    NOT NULL,
    period  INTEGER NOT NULL,
    date    TEXT,
    rating  REAL    NOT NULL,
    sd      REAL,
    games   INTEGER NOT NULL,
    PRIMARY KEY (kind, system, player, period)
) WITHOUT ROWID;
CREATE TABLE rating_runs (
    kind     TEXT    NOT NULL,
    system   TEXT    NOT NULL,
    terms    TEXT    NOT NULL,
    games    INTEGER NOT NULL,
    players  INTEGER NOT NULL,
    PRIMARY KEY (kind, system)
) WITHOUT ROWID;
"#;

/// The position index moves to a file of its own beside the database
/// ([`crate::positions::index_path`]): it is data derived from the games, written by a
/// second connection off the games writer's path, with a mark of the games it covers.
/// What an older file held of it is dropped (the first command that needs it builds it
/// again). `identity.token` names this file's games, so an index file is never read
/// against another database's games.
const MIGRATION_POSITIONS_APART: &str = r#"
DROP TABLE position_postings;
DROP TABLE position_segments;
DROP TABLE position_index;
CREATE TABLE identity (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    token TEXT    NOT NULL
);
INSERT INTO identity (id, token) VALUES (1, lower(hex(randomblob(16))));
"#;

/// Every filter fast on a million games (issue 31, `kifu bench --only filters`): the
/// free-style games a partial index of their own (every command counts those its Renju
/// default leaves out), the dates indexed for `--date`, `--from` and `--to`, and the
/// findings by severity for `--severity` and `--status findings`, the rules' spellings for
/// `--rule`, and two partial indexes of the few games a result filter may select where
/// no result is recorded (`--result unknown`, `--recorded unknown`) or the board's differs
/// (`--result-differs`).
const MIGRATION_FILTER_INDEXES: &str = r#"
CREATE INDEX IF NOT EXISTS games_freestyle ON games(duplicate_of) WHERE ruleset = 'freestyle';
CREATE INDEX IF NOT EXISTS games_date ON games(date);
CREATE INDEX IF NOT EXISTS findings_severity ON findings(severity, game_id);
CREATE INDEX IF NOT EXISTS games_rule ON games(rule);
CREATE INDEX IF NOT EXISTS games_unrecorded ON games(duplicate_of) WHERE recorded_result IS NULL OR recorded_result NOT IN ('black', 'white', 'red', 'draw');
CREATE INDEX IF NOT EXISTS games_board_differs ON games(duplicate_of) WHERE derived_result <> recorded_result;
"#;

/// Results are read back typed ([`kifu_facts::ResultName`]), so every stored result is one
/// of the names kifu writes. Older builds stored a ChouChou record's stated result as
/// written (`Draw`, `?`): a name in another case becomes the name, `?` is `unknown`, and
/// any other text is no result, kept in `result_text` (where the record's own text is
/// kept) when that holds nothing yet, as a new ingest keeps it. A board's result is only
/// ever a name: anything else there is no result.
pub const MIGRATION_RESULT_NAMES: &str = r#"
UPDATE games SET
    result_text = CASE
        WHEN lower(recorded_result) IN ('black', 'white', 'red', 'draw', 'unknown')
          OR upper(recorded_result) IN ('P1', 'P2', 'P3', 'P4')
          OR recorded_result = '?'
        THEN result_text
        ELSE coalesce(result_text, recorded_result) END,
    recorded_result = CASE
        WHEN lower(recorded_result) IN ('black', 'white', 'red', 'draw', 'unknown')
        THEN lower(recorded_result)
        WHEN upper(recorded_result) IN ('P1', 'P2', 'P3', 'P4') THEN upper(recorded_result)
        WHEN recorded_result = '?' THEN 'unknown'
        END
WHERE recorded_result NOT IN ('black', 'white', 'red', 'draw', 'unknown', 'P1', 'P2', 'P3', 'P4');
UPDATE games SET
    derived_result = CASE
        WHEN lower(derived_result) IN ('black', 'white', 'red', 'draw', 'unknown')
        THEN lower(derived_result)
        WHEN upper(derived_result) IN ('P1', 'P2', 'P3', 'P4') THEN upper(derived_result)
        END
WHERE derived_result NOT IN ('black', 'white', 'red', 'draw', 'unknown', 'P1', 'P2', 'P3', 'P4');
"#;

/// An `[[event]]`'s terms are kept whole, as one value (`terms`: [`kifu_facts::EventTerms`]
/// as its JSON text), so a key added to them needs no column: the columns a key each, and
/// `curated_sections` (a section's players, folded), are moved into it and dropped. What
/// SQL reads of the terms (the name, the rules in force, the dates, the line) are columns
/// generated from `terms`, never stored twice; `key` stays, the folded name the store
/// looks an event up by. (Tie-breaks were stored by name, comma-separated; sections as
/// the tag, or as one row a player, each player in one section.)
pub const MIGRATION_EVENT_TERMS: &str = r#"
-- The default only lets the column be added: every row is filled next.
ALTER TABLE curated_events ADD COLUMN terms TEXT NOT NULL DEFAULT '{}';
UPDATE curated_events SET terms = json_object(
    'line', line,
    'name', name,
    'sections', json(CASE
        WHEN sections IS NOT NULL THEN json_object('tag', sections)
        WHEN EXISTS (SELECT 1 FROM curated_sections cs WHERE cs.event = curated_events.id)
        THEN json_object('lists', (
            SELECT json_group_array(
                       json_object('name', s.name, 'players', json(s.players)) ORDER BY s.name)
            FROM (SELECT cs.name, json_group_array(cs.key ORDER BY cs.key) AS players
                  FROM curated_sections cs WHERE cs.event = curated_events.id
                  GROUP BY cs.name) s))
        ELSE '"none"' END),
    'scoring', json_object('win', win, 'draw', draw, 'loss', loss),
    'tiebreaks', json(CASE tiebreaks WHEN '' THEN '[]'
                      ELSE '["' || replace(tiebreaks, ',', '","') || '"]' END),
    'rules', rules,
    'dates', dates,
    'venue', venue,
    'team_scoring', json_object('win', team_win, 'draw', team_draw, 'loss', team_loss),
    'team_ranking', team_ranking,
    'team_matches', json(CASE team_matches WHEN 0 THEN 'false' WHEN 1 THEN 'true'
                         ELSE 'null' END)
);
DROP TABLE curated_sections;
ALTER TABLE curated_events DROP COLUMN name;
ALTER TABLE curated_events DROP COLUMN sections;
ALTER TABLE curated_events DROP COLUMN win;
ALTER TABLE curated_events DROP COLUMN draw;
ALTER TABLE curated_events DROP COLUMN loss;
ALTER TABLE curated_events DROP COLUMN tiebreaks;
ALTER TABLE curated_events DROP COLUMN rules;
ALTER TABLE curated_events DROP COLUMN dates;
ALTER TABLE curated_events DROP COLUMN venue;
ALTER TABLE curated_events DROP COLUMN line;
ALTER TABLE curated_events DROP COLUMN team_win;
ALTER TABLE curated_events DROP COLUMN team_draw;
ALTER TABLE curated_events DROP COLUMN team_loss;
ALTER TABLE curated_events DROP COLUMN team_ranking;
ALTER TABLE curated_events DROP COLUMN team_matches;
ALTER TABLE curated_events ADD COLUMN name TEXT GENERATED ALWAYS AS (terms ->> '$.name');
ALTER TABLE curated_events ADD COLUMN rules TEXT GENERATED ALWAYS AS (terms ->> '$.rules');
ALTER TABLE curated_events ADD COLUMN dates TEXT GENERATED ALWAYS AS (terms ->> '$.dates');
ALTER TABLE curated_events ADD COLUMN line INTEGER GENERATED ALWAYS AS (terms ->> '$.line');
"#;

/// Derived data is derived lazily. `generation` counts the writes that change what the
/// games say (a batch of games, a curation applied or removed): every such transaction
/// bumps it (a migration that changes games must too). `derived` says which generation
/// each piece of derived data (the ratings of one game, …: [`crate::Derived`]) was computed
/// from; a write only makes them stale, and the first command that needs one brings it up
/// to date. The ratings stored before this migration were computed by every write, but
/// nothing says from what: they count as stale.
pub const MIGRATION_GENERATIONS: &str = r#"
CREATE TABLE generation (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    games INTEGER NOT NULL
);
INSERT INTO generation (id, games) VALUES (1, 1);
CREATE TABLE derived (
    name       TEXT    PRIMARY KEY,
    generation INTEGER NOT NULL
) WITHOUT ROWID;
"#;

/// The records without moves by header key: a small ingest into a large database finds a
/// record's first copy by this index instead of loading every header of its game
/// ([`crate::copies`]).
const MIGRATION_HEADER_INDEX: &str = r#"
CREATE INDEX IF NOT EXISTS games_header ON games(kind, header_key) WHERE header_key IS NOT NULL;
"#;

/// Names fold whitespace and record decoration (issue 55, [`kifu_facts::fold_name`]:
/// `吕 钦` is `吕钦`, `//上海胡榮華.` is `上海胡荣华`); events fold whitespace only
/// ([`kifu_facts::fold_text`], SQL `kifu_fold_text`: `第16局 …` and `第31局 …` stay two
/// events). Every stored key is folded again: players', events', curated events' and
/// the curated names (folding an old key gives the new one, since the new fold only adds
/// steps). Two curated names of different identities that now fold alike keep the first
/// identity's (a `kifu curate --check` of the file names the clash); each identity takes
/// its players again. A section list's players are folded again where they are compared
/// (`analysis::standings`), so `curated_events.terms` stays. [`crate::Store`] then
/// recomputes the move-less records' header keys and their links
/// ([`crate::copies::relink_headers`]), in the migration's transaction; the games say
/// something new (who played), so the generation moves on.
pub const MIGRATION_FOLD_SPACES: &str = r#"
UPDATE players SET key = kifu_fold(name);
UPDATE events SET key = kifu_fold_text(name);
UPDATE curated_events SET key = kifu_fold_text(name);
CREATE TEMP TABLE refolded_names AS SELECT kifu_fold(key) AS key, identity FROM curated_names;
DELETE FROM curated_names;
INSERT OR IGNORE INTO curated_names (key, identity)
    SELECT key, identity FROM temp.refolded_names ORDER BY identity, key;
DROP TABLE temp.refolded_names;
DELETE FROM player_identity;
INSERT OR IGNORE INTO player_identity (player_id, identity)
    SELECT p.id, n.identity FROM curated_names n JOIN players p ON p.key = n.key
    ORDER BY n.identity, p.id;
UPDATE generation SET games = games + 1 WHERE id = 1;
"#;

/// Copies of one game that record different headers are a `copies-disagree` finding on the
/// first copy, one per field ([`crate::copies::refresh_disagreements`], which the writer
/// runs in each batch through this index). The Rust hook writes them for the games already
/// stored and bumps the generation.
pub const MIGRATION_COPY_FINDINGS: &str = r#"
CREATE INDEX findings_copies ON findings(game_id) WHERE code = 'copies-disagree';
"#;

/// Curated facts hold for the game, not the record (issue 55): a correction, a decision and
/// an event's game are kept against the game's group, its first copy (`coalesce(duplicate_of,
/// id)`), and looked up through it ([`crate::shown`]), so they hold for every copy whichever
/// copy's key or `match` named it; `matched` keeps the record that was named. Where two
/// entries named copies of one game, the one written first in the file (lowest `line`; for
/// an event, the first `[[event]]`) is kept, as `kifu curate` now keeps one per game.
/// `authoritative_copies` holds the `[[copy]]` entries: the copy whose record gives the
/// game's facts. The games say something new, so the generation moves on.
pub const MIGRATION_GAME_CURATION: &str = r#"
ALTER TABLE result_corrections ADD COLUMN matched INTEGER;
DELETE FROM result_corrections WHERE EXISTS (
    SELECT 1 FROM result_corrections o
    WHERE coalesce((SELECT duplicate_of FROM games WHERE id = o.game_id), o.game_id)
        = coalesce((SELECT duplicate_of FROM games WHERE id = result_corrections.game_id),
                   result_corrections.game_id)
      AND o.line < result_corrections.line);
UPDATE result_corrections SET matched = game_id,
    game_id = coalesce((SELECT duplicate_of FROM games WHERE id = game_id), game_id);

ALTER TABLE decisions ADD COLUMN matched INTEGER;
DELETE FROM decisions WHERE EXISTS (
    SELECT 1 FROM decisions o
    WHERE o.code = decisions.code
      AND coalesce((SELECT duplicate_of FROM games WHERE id = o.game_id), o.game_id)
        = coalesce((SELECT duplicate_of FROM games WHERE id = decisions.game_id),
                   decisions.game_id)
      AND o.line < decisions.line);
UPDATE decisions SET matched = game_id,
    game_id = coalesce((SELECT duplicate_of FROM games WHERE id = game_id), game_id);

ALTER TABLE event_games ADD COLUMN matched INTEGER;
DELETE FROM event_games WHERE EXISTS (
    SELECT 1 FROM event_games o
    WHERE coalesce((SELECT duplicate_of FROM games WHERE id = o.game_id), o.game_id)
        = coalesce((SELECT duplicate_of FROM games WHERE id = event_games.game_id),
                   event_games.game_id)
      AND (o.event < event_games.event
           OR (o.event = event_games.event AND o.game_id < event_games.game_id)));
UPDATE event_games SET matched = game_id,
    game_id = coalesce((SELECT duplicate_of FROM games WHERE id = game_id), game_id);

-- [[copy]]: the copy whose record gives the game's facts (its result, seats, date).
CREATE TABLE authoritative_copies (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    copy_id INTEGER NOT NULL REFERENCES games(id),
    reason  TEXT,
    author  TEXT NOT NULL,
    date    TEXT NOT NULL,
    line    INTEGER NOT NULL
);
UPDATE generation SET games = games + 1 WHERE id = 1;
"#;

/// What undoes [`MIGRATION_GAME_CURATION`]'s schema, for a test that runs an earlier
/// migration again (its rows are left where they are).
#[cfg(test)]
pub(crate) const UNDO_GAME_CURATION: &str = "
ALTER TABLE result_corrections DROP COLUMN matched;
ALTER TABLE decisions DROP COLUMN matched;
ALTER TABLE event_games DROP COLUMN matched;
DROP TABLE authoritative_copies;
";

/// What a library holds that is not a game: its remarks (place 0) and its title cards
/// (place N, the N-th record), kept as its text ([`crate::texts`]). Title cards an older
/// build kept in quarantine (`cbr-empty-record`) stay there until the file is ingested
/// anew into a new database. (`IF NOT EXISTS`: a test replays the migrations before it.)
pub const MIGRATION_LIBRARY_TEXTS: &str = r#"
CREATE TABLE IF NOT EXISTS library_texts (
    id        INTEGER PRIMARY KEY,
    source_id INTEGER NOT NULL REFERENCES sources(id),
    member    TEXT NOT NULL,
    place     INTEGER NOT NULL,
    offset    INTEGER NOT NULL,
    line      INTEGER NOT NULL,
    length    INTEGER NOT NULL,
    title     TEXT,
    text      TEXT NOT NULL,
    UNIQUE (source_id, member, offset)
);
"#;

/// A record whose two seats name one player (their keys are one folded name,
/// [`kifu_facts::fold_name`]) has a `same-player-both-seats` warning, at the record's
/// start, as the ingest writes it (`ingest::convert`, worded alike): written here for the
/// records stored before, once each (CCPD: 45 records). The findings change what the
/// games say (the players listing counts such a game as no result for them), so the
/// generation moves on where any was written. Keys are compared as migration 19
/// (`MIGRATION_FOLD_SPACES`) folded them.
pub const MIGRATION_SAME_PLAYER: &str = r#"
INSERT INTO findings (source_id, game_id, code, severity, message, offset, line, "column")
SELECT g.source_id, g.id, 'same-player-both-seats', 'warning',
       'the ' || a.side || ' and ' || b.side || ' seats name one player: '
           || CASE WHEN pa.name = pb.name THEN pa.name ELSE pa.name || ' and ' || pb.name END,
       g.offset, g.line, g."column"
FROM game_players a
JOIN game_players b ON b.game_id = a.game_id AND b.seat > a.seat
JOIN players pa ON pa.id = a.player_id
JOIN players pb ON pb.id = b.player_id
JOIN games g ON g.id = a.game_id
WHERE pa.key = pb.key AND pa.key <> ''
  AND NOT EXISTS (SELECT 1 FROM findings x
                  WHERE x.game_id = g.id AND x.code = 'same-player-both-seats')
ORDER BY g.id, a.seat, b.seat;
UPDATE generation SET games = games + 1
WHERE id = 1 AND EXISTS (SELECT 1 FROM findings WHERE code = 'same-player-both-seats');
"#;

/// A source's path as the system gave it, where it is not UTF-8: `path` keeps a text that
/// shows it (each other byte written `\xNN`, [`kifu_facts::SourcePath`]), `path_bytes` the
/// bytes themselves (NULL for a UTF-8 path, which `path` says exactly).
pub const MIGRATION_SOURCE_PATHS: &str = r#"
ALTER TABLE sources ADD COLUMN path_bytes BLOB;
"#;

/// The curation's `[[rule]]` entries ([`kifu_facts::RuleEntry`]): a recorded rule
/// (`games.rule`, compared exactly) and the name shown for it. (`IF NOT EXISTS`: a test
/// replays the migrations before it.)
pub const MIGRATION_CURATED_RULES: &str = r#"
CREATE TABLE IF NOT EXISTS curated_rules (
    rule        TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    description TEXT,
    line        INTEGER NOT NULL
);
"#;

/// A `[[player]]`'s name in other languages (`names = { en = "Zheng Weitong" }`,
/// [`kifu_facts::Names`] as its JSON object of language tag to name; `{}`: none). An
/// event's, its sections' and its rounds' are in `curated_events.terms`.
pub const MIGRATION_PLAYER_NAMES: &str = r#"
ALTER TABLE curated_players ADD COLUMN names TEXT NOT NULL DEFAULT '{}';
"#;

/// Undoes [`MIGRATION_SOURCE_PATHS`] (tests that replay the migrations after an earlier one).
#[cfg(test)]
pub(crate) const UNDO_SOURCE_PATHS: &str = "ALTER TABLE sources DROP COLUMN path_bytes;";

/// Undoes [`MIGRATION_PLAYER_NAMES`] (tests that replay the migrations after an earlier one).
#[cfg(test)]
pub(crate) const UNDO_PLAYER_NAMES: &str = "ALTER TABLE curated_players DROP COLUMN names;";
