//! The fuzz targets and what each checks.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use kifu_ingest::convert::Verdict;
use kifu_ingest::invariants::{check_records, Broken};
use kifu_parser::Format;
use kifu_store::Record;

use crate::budget::Budget;
use crate::library;
use crate::round_trip::{self, RoundTripError};

/// The file names `detect` and `ingest` give their input, picked by its first byte
/// (modulo the length): no name, then a name for each format's usual extension, then the
/// archive and compressed names the ingest opens.
pub const NAMES: [Option<&str>; 26] = [
    None,
    Some("game.pgn"),
    Some("games.txt"),
    Some("library.lib"),
    Some("game.psq"),
    Some("games.bdt"),
    Some("database.xml"),
    Some("game.wxf"),
    Some("game.xqf"),
    Some("library.cbl"),
    Some("game.cbr"),
    Some("game.cbf"),
    Some("page.html"),
    Some("game.ccn"),
    Some("sheet.csv"),
    Some("sheet.tsv"),
    Some("results.tsv"),
    Some("games.renju"),
    Some("game.ubb"),
    Some("games.freestyle.txt"),
    Some("games.tar"),
    Some("games.tar.xz"),
    Some("games.tar.gz"),
    Some("game.pgn.xz"),
    Some("game.pgn.gz"),
    Some("games.xz"),
];

/// One entry point into kifu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// One reader: the bytes read as its format, every record replayed.
    Reader(Format),
    /// Format and encoding detection from the bytes and a name, then the reader.
    Detect,
    /// The whole ingest of the bytes as one file into a database on tmpfs.
    Ingest,
    /// The query string of an API request (`kifu serve`), decoded and bounded.
    ApiQuery,
}

/// What a run read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub records: usize,
    pub games: usize,
    pub quarantined: usize,
    /// Games written in their notation and read back.
    pub round_trips: usize,
}

/// A property that did not hold.
#[derive(Debug)]
pub enum Failure {
    /// A record of the output broke an invariant of [`kifu_ingest::invariants`].
    Invariant(Broken),
    /// A game written in its notation read back as another game.
    RoundTrip(RoundTripError),
    /// The ingest failed as a whole (it must turn every bad input into findings).
    IngestFailed(String),
    /// The ingest's summary and its database disagree, or the summary with itself.
    Unaccounted(String),
    /// A query string's pairs broke their bounds, or did not read back the same once
    /// written again.
    Query(String),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Invariant(b) => write!(f, "broken invariant: {b}"),
            Failure::RoundTrip(e) => write!(f, "round trip: {e}"),
            Failure::IngestFailed(e) => write!(f, "the ingest failed: {e}"),
            Failure::Unaccounted(e) => write!(f, "records not accounted for: {e}"),
            Failure::Query(e) => write!(f, "query string: {e}"),
        }
    }
}

impl std::error::Error for Failure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Failure::Invariant(b) => Some(b),
            Failure::RoundTrip(e) => Some(e),
            Failure::IngestFailed(_) | Failure::Unaccounted(_) | Failure::Query(_) => None,
        }
    }
}

impl Target {
    /// Every target: the readers in [`Format::ALL`]'s order, then `detect`, `ingest` and
    /// `api-query`.
    pub fn all() -> Vec<Target> {
        Format::ALL
            .into_iter()
            .map(Target::Reader)
            .chain([Target::Detect, Target::Ingest, Target::ApiQuery])
            .collect()
    }

    /// The target's name: the format's (`xqf`, `xiangqi-pgn`, …), `detect` or `ingest`.
    pub fn name(self) -> &'static str {
        match self {
            Target::Reader(f) => f.name(),
            Target::Detect => "detect",
            Target::Ingest => "ingest",
            Target::ApiQuery => "api-query",
        }
    }

    pub fn from_name(name: &str) -> Option<Target> {
        match name {
            "detect" => Some(Target::Detect),
            "ingest" => Some(Target::Ingest),
            "api-query" => Some(Target::ApiQuery),
            other => Format::from_name(other).map(Target::Reader),
        }
    }

    /// Whether the input's first byte picks a file name ([`NAMES`]).
    pub fn takes_name(self) -> bool {
        matches!(self, Target::Detect | Target::Ingest)
    }

    /// Runs the target on one input, within its memory budget. A panic is the caller's to
    /// catch (AFL++ counts it as a crash).
    pub fn run(self, data: &[u8]) -> Result<Report, Failure> {
        let _budget = Budget::start(data.len());
        match self {
            Target::Reader(Format::Cbl) => read(&library::expand(data), None, Some(Format::Cbl)),
            Target::Reader(format) => read(data, None, Some(format)),
            Target::Detect => {
                let (name, bytes) = split_name(data);
                read(bytes, name, None)
            }
            Target::Ingest => {
                let (name, bytes) = split_name(data);
                ingest(bytes, name.unwrap_or("input"))
            }
            Target::ApiQuery => api_query(data),
        }
    }
}

/// The bytes as a request's query string (as the HTTP stack hands it over: text): refused
/// with a reason, or pairs within their bounds that, written again, read back the same.
fn api_query(data: &[u8]) -> Result<Report, Failure> {
    use kifu_serve::query::{self, MAX_NAME_BYTES, MAX_PAIRS, MAX_VALUE_BYTES};
    let text = String::from_utf8_lossy(data);
    let Ok(params) = query::parse(&text) else {
        return Ok(Report::default());
    };
    let pairs = params.pairs();
    if pairs.len() > MAX_PAIRS {
        return Err(Failure::Query(format!("{} pairs", pairs.len())));
    }
    for (name, value) in pairs {
        if name.is_empty() || name.len() > MAX_NAME_BYTES || value.len() > MAX_VALUE_BYTES {
            return Err(Failure::Query(format!("out of bounds: {name:?}={value:?}")));
        }
    }
    let written: Vec<String> = pairs
        .iter()
        .map(|(n, v)| format!("{}={}", query::escape(n), query::escape(v)))
        .collect();
    let again = query::parse(&written.join("&"))
        .map_err(|e| Failure::Query(format!("written again, refused: {e}")))?;
    if again.pairs() != pairs {
        return Err(Failure::Query(format!(
            "read back as {:?}, not {pairs:?}",
            again.pairs()
        )));
    }
    Ok(Report {
        records: pairs.len(),
        ..Report::default()
    })
}

/// The name the first byte picks, and the rest of the input.
fn split_name(data: &[u8]) -> (Option<&'static str>, &[u8]) {
    match data.split_first() {
        Some((&pick, rest)) => (NAMES[pick as usize % NAMES.len()], rest),
        None => (None, data),
    }
}

/// The byte that picks `name` (`None`: no name) for `detect` and `ingest`.
pub fn name_byte(name: Option<&str>) -> u8 {
    NAMES
        .iter()
        .position(|n| *n == name)
        .expect("a name of NAMES") as u8
}

fn read(bytes: &[u8], name: Option<&str>, format: Option<Format>) -> Result<Report, Failure> {
    let out = kifu_ingest::check_bytes(bytes, name, format);
    check_records(bytes.len() as u64, &out).map_err(Failure::Invariant)?;
    let mut report = tally(&out);
    report.round_trips = round_trip::check(&out).map_err(Failure::RoundTrip)?;
    Ok(report)
}

fn tally(out: &[(Record, Verdict)]) -> Report {
    let quarantined = out
        .iter()
        .filter(|(r, _)| matches!(r, Record::Quarantined(_)))
        .count();
    Report {
        records: out.len(),
        games: out.len() - quarantined,
        quarantined,
        round_trips: 0,
    }
}

/// The folder this process ingests in: on tmpfs where there is one, so the database
/// stays in memory.
fn scratch() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let shm = Path::new("/dev/shm");
        let base = if shm.is_dir() {
            shm.to_path_buf()
        } else {
            std::env::temp_dir()
        };
        let dir = base.join(format!("kifu-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create the fuzz scratch folder");
        dir
    })
}

fn ingest(bytes: &[u8], name: &str) -> Result<Report, Failure> {
    let dir = scratch();
    let file = dir.join(name);
    let db = dir.join("fuzz.db");
    kifu_store::remove_database(&db)
        .map_err(|e| Failure::IngestFailed(format!("clear the scratch database: {e}")))?;
    std::fs::write(&file, bytes)
        .map_err(|e| Failure::IngestFailed(format!("write {}: {e}", file.display())))?;
    let options = kifu_ingest::Options {
        threads: 1,
        ..Default::default()
    };
    let result = kifu_ingest::ingest(&db, std::slice::from_ref(&file), &options);
    let _ = std::fs::remove_file(&file);
    let summary = result.map_err(|e| Failure::IngestFailed(format!("{e:#}")))?;
    let counts = kifu_store::Store::open_read_only(&db)
        .and_then(|s| s.counts())
        .map_err(|e| Failure::IngestFailed(format!("read the database back: {e}")))?;
    let _ = kifu_store::remove_database(&db);
    let s = &summary;
    let checks = [
        (
            s.games + s.quarantined == s.records,
            "games + quarantined = records",
        ),
        (
            s.valid + s.with_findings == s.games,
            "valid + with findings = games",
        ),
        (s.inserted == s.games, "every game read is inserted"),
        (
            counts.games == s.inserted,
            "the games table holds every game inserted",
        ),
        (
            counts.quarantined == s.quarantined,
            "the quarantine holds every record quarantined",
        ),
        (counts.sources <= s.files, "a source row per file at most"),
    ];
    if let Some((_, what)) = checks.iter().find(|(holds, _)| !holds) {
        return Err(Failure::Unaccounted(format!(
            "{what}: summary {s:?}, database {counts:?}"
        )));
    }
    Ok(Report {
        records: s.records as usize,
        games: s.games as usize,
        quarantined: s.quarantined as usize,
        round_trips: 0,
    })
}
