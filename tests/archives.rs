//! Cut and damaged archives (issue 27): every member read whole is stored, with its
//! records; the damage is one quarantined record where reading stopped and one line on
//! standard error; the exit status is 1. The expected records are counted here apart from
//! kifu's reader: the same cut bytes decompressed with xz2 or flate2, split with the `tar`
//! crate member by member, each whole member's records read by `kifu_ingest::check_bytes`.

use std::io::{Cursor, Read, Write};
use std::path::Path;

use crate::common::{count, kifu, shared};

#[derive(Clone, Copy, Debug)]
enum Packing {
    Xz,
    Gzip,
    None,
}

impl Packing {
    fn compress(self, bytes: &[u8]) -> Vec<u8> {
        match self {
            Packing::Xz => {
                let mut xz = xz2::write::XzEncoder::new(Vec::new(), 6);
                xz.write_all(bytes).unwrap();
                xz.finish().unwrap()
            }
            Packing::Gzip => {
                let mut gz =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                gz.write_all(bytes).unwrap();
                gz.finish().unwrap()
            }
            Packing::None => bytes.to_vec(),
        }
    }

    /// The bytes a decoder gives for `cut` before it fails.
    fn decompress_prefix(self, cut: &[u8]) -> Vec<u8> {
        let mut reader: Box<dyn Read> = match self {
            Packing::Xz => Box::new(xz2::read::XzDecoder::new_multi_decoder(cut)),
            Packing::Gzip => Box::new(flate2::read::MultiGzDecoder::new(cut)),
            Packing::None => Box::new(cut),
        };
        let mut out = Vec::new();
        let mut buf = vec![0u8; 1 << 16];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            out.extend_from_slice(&buf[..n]);
        }
        out
    }
}

/// The file members of a tar stream read whole (as long as their headers say), in order,
/// then the name of the member cut short, if one is.
fn whole_members(tar_bytes: &[u8]) -> (Vec<(String, Vec<u8>)>, Option<String>) {
    let mut whole = Vec::new();
    let mut archive = tar::Archive::new(Cursor::new(tar_bytes));
    let Ok(entries) = archive.entries() else {
        return (whole, None);
    };
    for entry in entries {
        let Ok(mut entry) = entry else { break };
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let name = entry.path().unwrap().to_string_lossy().into_owned();
        let mut bytes = Vec::new();
        let read = entry.read_to_end(&mut bytes);
        if read.is_err() || bytes.len() as u64 != entry.size() {
            return (whole, Some(name));
        }
        whole.push((name, bytes));
    }
    (whole, None)
}

/// The quarantined record of the damage: (member, offset, message).
fn damage_rows(db: &Path) -> Vec<(String, i64, String)> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT member, offset, error FROM quarantine
             WHERE error LIKE '%cut short or damaged%' ORDER BY id",
        )
        .unwrap();
    stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Ingests `bytes` as the file `name` in `dir`: the records stored (games and quarantined,
/// the damage's record left out), the damage's rows, and the lines on stderr.
fn ingest_cut(dir: &Path, name: &str, bytes: &[u8]) -> (i64, Vec<(String, i64, String)>, String) {
    let input = dir.join(name);
    std::fs::write(&input, bytes).unwrap();
    let db = dir.join(format!("{name}.db"));
    let run = kifu(&[
        "ingest",
        "--db",
        db.to_str().unwrap(),
        input.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    assert_eq!(run.status.code(), Some(1), "{name}: {stderr}");
    let damage = damage_rows(&db);
    let records = count(&db, "SELECT count(*) FROM games")
        + count(&db, "SELECT count(*) FROM quarantine")
        - damage.len() as i64;
    // Member by member: the members stored are the whole ones (checked by the callers).
    (records, damage, stderr)
}

/// Distinct members of the stored records, the damage's record left out.
fn stored_members(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT member FROM games UNION SELECT member FROM quarantine
             WHERE error NOT LIKE '%cut short or damaged%' ORDER BY member",
        )
        .unwrap();
    stmt.query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Cuts a packed tar archive at each of `cuts` and checks that kifu stores exactly the
/// records of the members read whole, and reports the damage once.
fn check_cut_tar(packing: Packing, packed: &[u8], cuts: &[usize], stem: &str) {
    let dir = tempfile::tempdir().unwrap();
    let suffix = match packing {
        Packing::Xz => "tar.xz",
        Packing::Gzip => "tar.gz",
        Packing::None => "tar",
    };
    for &cut in cuts {
        assert!(cut < packed.len(), "{stem}: cut {cut} of {}", packed.len());
        let bytes = &packed[..cut];
        let (whole, cut_member) = whole_members(&packing.decompress_prefix(bytes));
        assert!(
            !whole.is_empty(),
            "{stem} cut at {cut}: no whole member to check"
        );
        let expected: usize = whole
            .iter()
            .map(|(name, data)| kifu_ingest::check_bytes(data, Some(name), None).len())
            .sum();
        let name = format!("{stem}-{cut}.{suffix}");
        let (records, damage, stderr) = ingest_cut(dir.path(), &name, bytes);
        eprintln!("{name}: {} whole members, {records} records", whole.len());
        assert_eq!(records, expected as i64, "{name}");
        let db = dir.path().join(format!("{name}.db"));
        let mut names: Vec<String> = whole.iter().map(|(n, _)| n.clone()).collect();
        names.sort();
        assert_eq!(stored_members(&db), names, "{name}");
        assert_eq!(damage.len(), 1, "{name}: {damage:?}");
        let (member, _, message) = &damage[0];
        // Filed under the member being read (none when the cut fell between two).
        assert_eq!(
            Some(member.clone()).filter(|m| !m.is_empty()),
            cut_member,
            "{name}"
        );
        assert!(
            message.contains(&format!("the {} members before it are kept", whole.len())),
            "{name}: {message}"
        );
        let said: Vec<&str> = stderr
            .lines()
            .filter(|l| l.starts_with("kifu: damaged: "))
            .collect();
        assert_eq!(said.len(), 1, "{name}: {stderr}");
        assert!(said[0].ends_with(message.as_str()), "{name}: {stderr}");
    }
}

/// The dpxq collection (small DhtmlXQ members) cut at several points of its `.tar.xz`.
#[test]
fn a_cut_tar_xz_keeps_every_whole_member() {
    let Some(path) = shared("xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz") else {
        return;
    };
    let packed = std::fs::read(path).unwrap();
    // Among them the user's cut (100,000 bytes: 464 whole members).
    check_cut_tar(Packing::Xz, &packed, &[20_000, 100_000, 433_333], "dpxq");
}

/// The first 300 members of the dpxq collection packed again as `.tar.gz` and `.tar`,
/// each cut at several points (in a member's data, in a header).
#[test]
fn a_cut_tar_gz_and_tar_keep_every_whole_member() {
    let Some(path) = shared("xiangqi/dpxq_dhtmlxq/dpxq_chess_manual_66394-76490.tar.xz") else {
        return;
    };
    let mut source = tar::Archive::new(xz2::read::XzDecoder::new(
        std::fs::File::open(path).unwrap(),
    ));
    let mut builder = tar::Builder::new(Vec::new());
    for entry in source.entries().unwrap().take(300) {
        let mut entry = entry.unwrap();
        let mut header = entry.header().clone();
        let mut data = Vec::new();
        entry.read_to_end(&mut data).unwrap();
        header.set_cksum();
        builder.append(&header, data.as_slice()).unwrap();
    }
    let tar_bytes = builder.into_inner().unwrap();
    let gz = Packing::Gzip.compress(&tar_bytes);
    let cuts = [gz.len() / 5, gz.len() / 2, gz.len() - 100];
    check_cut_tar(Packing::Gzip, &gz, &cuts, "dpxq300");
    // 512-byte blocks: a cut in a member's data, one in a header.
    let cuts = [
        tar_bytes.len() / 3 / 512 * 512 + 700,
        tar_bytes.len() / 2 / 512 * 512 + 100,
    ];
    check_cut_tar(Packing::None, &tar_bytes, &cuts, "dpxq300");
}

/// The lines of `text` ended by a newline, blank ones left out: the records of a
/// line-based text cut anywhere that were read whole.
fn whole_lines(text: &[u8]) -> i64 {
    let end = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    text[..end]
        .split(|&b| b == b'\n')
        .filter(|l| !l.iter().all(u8::is_ascii_whitespace))
        .count() as i64
}

/// train-2's one large member (Renju, a game per line) read as a stream: a cut in it keeps
/// the games whose lines were read whole, and the damage is at the byte of the member
/// where the decompressed data ends.
#[test]
fn a_cut_in_a_large_member_keeps_its_lines_read_whole() {
    let Some(path) = shared("renju/games/dasimagin_renju_train-2.tar.xz") else {
        return;
    };
    let packed = std::fs::read(path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for cut in [150_000, 400_000] {
        let bytes = &packed[..cut];
        let prefix = Packing::Xz.decompress_prefix(bytes);
        let (whole, cut_member) = whole_members(&prefix);
        assert!(whole.is_empty());
        assert_eq!(cut_member.as_deref(), Some("train-2.renju"));
        // The member's data starts after its 512-byte header.
        let data = &prefix[512..];
        let name = format!("train-2-{cut}.tar.xz");
        let (records, damage, _) = ingest_cut(dir.path(), &name, bytes);
        assert_eq!(records, whole_lines(data), "{name}");
        assert!(records > 1000, "{name}: {records}");
        assert_eq!(damage.len(), 1);
        assert_eq!(
            (damage[0].0.as_str(), damage[0].1),
            ("train-2.renju", data.len() as i64),
            "{name}"
        );
    }
}

/// A single `.xz` or `.gz` text cut short keeps the records of the text decompressed so
/// far (the line being read at the cut is not one), with the damage at its end.
#[test]
fn a_cut_compressed_text_keeps_its_records_read_so_far() {
    let Some(path) = shared("renju/games/dasimagin_renju_train-2.tar.xz") else {
        return;
    };
    let mut text = Vec::new();
    let mut archive = tar::Archive::new(xz2::read::XzDecoder::new(
        std::fs::File::open(path).unwrap(),
    ));
    let entry = archive.entries().unwrap().next().unwrap().unwrap();
    entry.take(1 << 20).read_to_end(&mut text).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (packing, suffix) in [(Packing::Xz, "xz"), (Packing::Gzip, "gz")] {
        let packed = packing.compress(&text);
        for cut in [packed.len() / 10, packed.len() / 2, packed.len() - 1] {
            let bytes = &packed[..cut];
            let prefix = packing.decompress_prefix(bytes);
            let name = format!("games-{cut}.renju.{suffix}");
            let (records, damage, stderr) = ingest_cut(dir.path(), &name, bytes);
            assert_eq!(records, whole_lines(&prefix), "{name}");
            assert_eq!(damage.len(), 1, "{name}");
            assert_eq!(
                (damage[0].0.as_str(), damage[0].1),
                ("", prefix.len() as i64),
                "{name}"
            );
            assert!(
                damage[0]
                    .2
                    .contains("the records read whole before it are kept"),
                "{name}"
            );
            assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        }
    }
}
