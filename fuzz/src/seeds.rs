//! The seeds of each target, from the real files: the bundled `samples/` and the shared
//! collections (`../shared/data`, or `$KIFU_SHARED/data`), archive members included, cut to
//! a size AFL++ handles. They are read from where they are at every use, never copied into
//! the repository.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use kifu_parser::Format;

use crate::library;
use crate::target::{name_byte, Target, NAMES};

/// Bytes of a file kept as a seed (a longer file gives its first bytes): small inputs run
/// fast, and a few records of a collection reach what all of them would.
pub const MAX_SEED: usize = 8 << 10;
/// Bytes of a library seed ([`crate::library::compact`]: the header, the index and whole
/// records, which a cut would break).
pub const MAX_LIBRARY_SEED: usize = 16 << 10;
/// Members taken from each archive (its first ones).
pub const MEMBERS_PER_ARCHIVE: usize = 40;
/// Seeds given to one target.
pub const SEEDS_PER_TARGET: usize = 48;

/// One real file, or the start of it.
#[derive(Clone, Debug)]
pub struct Seed {
    /// Where it comes from: `path` or `archive!member`.
    pub origin: String,
    /// Its file name (the member's, for a member).
    pub name: String,
    pub bytes: Vec<u8>,
    /// The format detection gives it.
    pub format: Option<Format>,
}

/// The workspace's folder.
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every seed: the samples, then the shared data's files and archive members, in path
/// order, then a few games of each notation kifu generates ([`generated`]). The shared
/// data is left out when it is missing (the caller decides whether that is an error:
/// [`kifu_testdata::shared`]).
pub fn all() -> Vec<Seed> {
    let mut seeds = Vec::new();
    for root in [
        workspace().join("samples"),
        kifu_testdata::root().join("data"),
    ] {
        for path in files_under(&root) {
            add_file(&path, &mut seeds);
        }
    }
    seeds.extend(generated());
    seeds
}

/// Games the engines play (`kifu-generate`), three of each notation and ChouChou board and
/// seating: the shared data holds few files of some formats (one Renju plain file, one
/// Territorial PGN, one ChouChou `.ccn`), and generated games are legal to the end, so
/// mutations start from deep positions.
pub fn generated() -> Vec<Seed> {
    use kifu_generate::{write_set, GameSpec, RenjuNotation, SetSpec, XqNotation};
    use kifu_rules::chouchou::Variant;
    let mut specs = vec![
        (
            "renju-plain",
            "games.txt",
            GameSpec::Renju(RenjuNotation::Plain),
        ),
        (
            "renju-lines",
            "games.renju",
            GameSpec::Renju(RenjuNotation::Lines),
        ),
        ("territorial", "game.pgn", GameSpec::Territorial),
    ];
    for (name, notation) in [
        ("xiangqi-chinese", XqNotation::Chinese),
        ("xiangqi-wxf", XqNotation::Wxf),
        ("xiangqi-iccs", XqNotation::Iccs),
    ] {
        specs.push((name, "game.pgn", GameSpec::Xiangqi(notation)));
    }
    for (name, variant, players, pairs) in [
        ("chouchou-3x3-2", Variant::Standard, 2, false),
        ("chouchou-js-3", Variant::JuniorSenior, 3, false),
        ("chouchou-4x4-4-pairs", Variant::FourByFour, 4, true),
        ("chouchou-4x4-4", Variant::FourByFour, 4, false),
    ] {
        let game = GameSpec::ChouChou {
            variant,
            players,
            pairs,
        };
        specs.push((name, "game.ccn", game));
    }
    specs
        .into_iter()
        .filter_map(|(origin, name, game)| {
            let mut bytes = Vec::new();
            let spec = SetSpec {
                game,
                games: 3,
                seed: 1,
            };
            write_set(&spec, &mut bytes).ok()?;
            Some(seed(format!("generated/{origin}"), name, bytes))
        })
        .collect()
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(files_under(&path));
        } else if path.file_name().is_some_and(|n| n != "SOURCES.md") {
            out.push(path);
        }
    }
    out
}

fn seed(origin: String, name: &str, mut bytes: Vec<u8>) -> Seed {
    bytes.truncate(MAX_SEED);
    let head = &bytes[..bytes.len().min(kifu_parser::member::HEAD)];
    let format = kifu_parser::member::identify(head, Some(name), None).0;
    Seed {
        origin,
        name: name.to_owned(),
        bytes,
        format,
    }
}

fn add_file(path: &Path, seeds: &mut Vec<Seed>) {
    let origin = path.display().to_string();
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let Ok(file) = std::fs::File::open(path) else {
        return;
    };
    if name.to_ascii_lowercase().ends_with(".cbl") {
        // A library's first record is about 100 KB in: its seeds are the library cut down
        // to its first records, in the `cbl` target's form (see [`crate::library`]).
        let Ok(library) = std::fs::read(path) else {
            return;
        };
        for entries in [1, 2, 3, 5] {
            if let Some(bytes) = library::compact(&library, entries) {
                if bytes.len() <= MAX_LIBRARY_SEED {
                    seeds.push(Seed {
                        origin: format!("{origin} (first {entries} records)"),
                        name: name.clone(),
                        bytes,
                        format: Some(Format::Cbl),
                    });
                }
            }
        }
    } else if name.ends_with(".tar.xz") {
        let mut archive = tar::Archive::new(xz2::read::XzDecoder::new(file));
        let Ok(entries) = archive.entries() else {
            return;
        };
        let mut taken = 0;
        for entry in entries {
            let Ok(mut entry) = entry else { break };
            if !entry.header().entry_type().is_file() {
                continue;
            }
            let member = entry
                .path()
                .map(|p| p.display().to_string())
                .unwrap_or_default();
            let member_name = member.rsplit('/').next().unwrap_or(&member).to_owned();
            let mut bytes = Vec::new();
            if (&mut entry)
                .take(MAX_SEED as u64)
                .read_to_end(&mut bytes)
                .is_err()
            {
                break;
            }
            seeds.push(seed(format!("{origin}!{member}"), &member_name, bytes));
            taken += 1;
            if taken == MEMBERS_PER_ARCHIVE {
                break;
            }
        }
    } else if let Some(inner) = name.strip_suffix(".xz") {
        let mut bytes = Vec::new();
        if xz2::read::XzDecoder::new(file)
            .take(MAX_SEED as u64)
            .read_to_end(&mut bytes)
            .is_ok()
        {
            seeds.push(seed(origin, inner, bytes));
        }
    } else {
        let mut bytes = Vec::new();
        if file.take(MAX_SEED as u64).read_to_end(&mut bytes).is_ok() {
            seeds.push(seed(origin, &name, bytes));
        }
    }
}

/// The entry of [`NAMES`] with `name`'s extension (`None`: no name has it).
fn name_like(name: &str) -> Option<&'static str> {
    let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase())?;
    NAMES
        .iter()
        .flatten()
        .find(|n| n.rsplit_once('.').is_some_and(|(_, e)| e == ext))
        .copied()
}

/// The inputs that seed `target` (a reader no real file is in: the README's example), at most [`SEEDS_PER_TARGET`], taken in turn from each
/// origin folder or archive so that one large collection does not fill the list:
/// - a reader: the files its format is detected in, as they are;
/// - `detect`: every file, after the byte that names it as its extension says;
/// - `ingest`: as `detect`, and small archives made of them (`.tar`, `.tar.xz`, `.xz`).
pub fn for_target(target: Target, seeds: &[Seed]) -> Vec<Vec<u8>> {
    let documented;
    let chosen: Vec<&Seed> = match target {
        Target::Reader(f) => {
            let real: Vec<&Seed> = seeds.iter().filter(|s| s.format == Some(f)).collect();
            documented = documented_example(f);
            if real.is_empty() {
                documented.iter().collect()
            } else {
                real
            }
        }
        Target::Detect | Target::Ingest => seeds.iter().collect(),
        Target::ApiQuery => return API_QUERIES.iter().map(|q| q.as_bytes().to_vec()).collect(),
    };
    // In turn from each origin (the archive, or the file's folder).
    let mut by_origin: BTreeMap<&str, Vec<&Seed>> = BTreeMap::new();
    for s in &chosen {
        let key = match s.origin.split_once('!') {
            Some((archive, _)) => archive,
            None => s.origin.rsplit_once('/').map_or("", |(dir, _)| dir),
        };
        by_origin.entry(key).or_default().push(s);
    }
    let mut picked = Vec::new();
    let mut round = 0;
    while picked.len() < SEEDS_PER_TARGET {
        let before = picked.len();
        for list in by_origin.values() {
            if let Some(s) = list.get(round) {
                picked.push(*s);
            }
        }
        if picked.len() == before {
            break;
        }
        round += 1;
    }
    picked.truncate(SEEDS_PER_TARGET);
    let named = |s: &Seed| {
        let mut input = vec![name_byte(name_like(&s.name))];
        input.extend_from_slice(&s.bytes);
        input
    };
    match target {
        Target::Reader(_) => picked.iter().map(|s| s.bytes.clone()).collect(),
        Target::Detect => picked.iter().map(|s| named(s)).collect(),
        Target::ApiQuery => unreachable!("seeded above"),
        Target::Ingest => {
            let mut inputs: Vec<Vec<u8>> = picked
                .iter()
                .take(SEEDS_PER_TARGET - 3)
                .map(|s| named(s))
                .collect();
            inputs.extend(archives(&picked));
            inputs
        }
    }
}

/// Query strings as the API's clients send them (docs/api.md's and the tests'), to seed
/// `api-query`.
const API_QUERIES: [&str; 8] = [
    "game=renju&player=renjustar&sort=date&limit=40",
    "game=xiangqi&event=*League*&result=draw&limit=30",
    "game=renju&moves=h8+h9+i9&depth=2",
    "game=xiangqi&fen=rnbakabnr%2F9%2F1c5c1%2Fp1p1p1p1p%2F9%2F9%2FP1P1P1P1P%2F1C5C1%2F9%2FRNBAKABNR+w&moves=h2e2",
    "game=renju&by=rule&adjusted&compare=rif,yamaguchi",
    "player=%E7%8E%8B%E5%A4%A9%E4%B8%80&side=red&date=2015..2016&opening=C2&opening=D1",
    "game=renju&player=renjustar&history=true&system=whr",
    "result-differs&&with-duplicates=false&plies=20..&limit=1000",
];

/// The README's example of a format no real file here is in (the results CSV), as a seed.
fn documented_example(format: Format) -> Option<Seed> {
    let text: &str = match format {
        Format::ResultsCsv => concat!(
            "game,date,event,round,board,player1,player2,player3,player4,result,rule,forfeit\n",
            "renju,2024-05-03,Open Cup,1,1,Ana,Ben,,,1-0,rif,\n",
            "xiangqi,2024-05,\"City League, Spring\",2,,\"Lee \"\"Tiger\"\" Wu\",Mei,,,1/2-1/2,,\n",
            "territorial,2024-05-04,Open Cup,1,2,Cleo,Dan,,,0-1,,yes\n",
            "chouchou,2024,Club night,3,,Aki,Bo,Chie,,P2,,\n",
        ),
        _ => return None,
    };
    Some(seed(
        "README.md (results-csv)".into(),
        "results.csv",
        text.as_bytes().to_vec(),
    ))
}

/// Three small archives of the first seeds: a tar, a tar.xz, an xz of one file.
fn archives(picked: &[&Seed]) -> Vec<Vec<u8>> {
    let small: Vec<&&Seed> = picked
        .iter()
        .filter(|s| s.bytes.len() <= 4096)
        .take(3)
        .collect();
    if small.is_empty() {
        return Vec::new();
    }
    let mut tar = tar::Builder::new(Vec::new());
    for s in &small {
        let mut header = tar::Header::new_gnu();
        header.set_size(s.bytes.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        if tar.append_data(&mut header, &s.name, &s.bytes[..]).is_err() {
            return Vec::new();
        }
    }
    let Ok(tar) = tar.into_inner() else {
        return Vec::new();
    };
    let xz = |bytes: &[u8]| {
        let mut encoder = xz2::write::XzEncoder::new(Vec::new(), 6);
        encoder.write_all(bytes).ok()?;
        encoder.finish().ok()
    };
    let mut out = Vec::new();
    let named = |name: &str, bytes: &[u8]| {
        let mut input = vec![name_byte(Some(name))];
        input.extend_from_slice(bytes);
        input
    };
    out.push(named("games.tar", &tar));
    if let Some(packed) = xz(&tar) {
        out.push(named("games.tar.xz", &packed));
    }
    if let Some(packed) = xz(&small[0].bytes) {
        out.push(named("games.xz", &packed));
    }
    out
}
