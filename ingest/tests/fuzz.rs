//! A coverage-free, stable-Rust fuzz harness for every parser and the engines' move
//! application, through [`kifu_ingest::check_bytes`] (format detection, encoding detection,
//! every parser, every rules engine; no database).
//!
//! Each iteration builds one input, deterministically from (run seed, iteration number):
//! - a mutated seed: a bundled sample (`samples/`) or a small real file from the shared
//!   data (`../shared/data`, or `$KIFU_SHARED/data`; the first 200 members under 64 KiB of
//!   each `.tar.xz`), put through stacked mutations (bit flips, interesting bytes,
//!   truncation, inserted/deleted/duplicated ranges, splices of two seeds, tokens repeated
//!   thousands of times such as 10,000 nested parentheses, numbered templates repeated
//!   with distinct ids (20,000 DhtmlXQ variations each nested in the one before), numbers
//!   made huge, format keywords, binary integers set to extremes, line shuffles);
//! - or a synthetic record for one engine: a random walk of mostly legal moves (Renju,
//!   Xiangqi in ICCS, WXF or Chinese notation with repetition cycles and FEN starts, Chess
//!   Territorial drops, ChouChou actions), with garbage tokens, swapped, doubled and dropped
//!   moves mixed in.
//!
//! and runs it twice: with format detection (`format = None`, the seed's file name) and with
//! one format from `Format::ALL` forced, each under `catch_unwind`. A panic, a call slower
//! than the time limit (2 s release, 60 s debug) or a broken invariant on the output is
//! saved to `<target>/fuzz-crashes/<hash>.bin` (with `<hash>.txt` saying what happened) and
//! fails the test. A call that never returns is caught by a watchdog, which saves the input
//! and exits. A run that dies outright (a stack overflow aborts the process) leaves
//! `in-flight-<worker>.txt` markers; the next run regenerates those inputs and saves them as
//! `aborted-<hash>.bin`.
//!
//! Runs:
//! ```sh
//! # the brief run of the test suite (fixed seed, fixed iteration count):
//! CARGO_TARGET_DIR=/work/target-fuzz cargo test -p kifu-ingest --test fuzz
//! # a long run: ten minutes on every core, a fresh seed (printed) unless KIFU_FUZZ_SEED:
//! KIFU_FUZZ_SECONDS=600 cargo test --release -p kifu-ingest --test fuzz -- --nocapture
//! ```
//! Other knobs: `KIFU_FUZZ_SEED=N` (decimal or 0x hex), `KIFU_FUZZ_ITERATIONS=N`,
//! `KIFU_FUZZ_THREADS=N`, `KIFU_REQUIRE_SHARED=1` (fail when the shared data is missing),
//! `KIFU_FUZZ_REPLAY=FILE[:FILE…]` (`fuzz_regressions` replays those files instead, with
//! every call's time: `… --test fuzz fuzz_regressions -- --nocapture`).
//!
//! A crash, once fixed, becomes a small file in `ingest/tests/fuzz-regressions/` named for
//! what it broke (gzipped as `NAME.gz` when large); `fuzz_regressions` replays each with
//! detection and every format forced, with and without its name.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashSet};
use std::io::Read;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};

use kifu_ingest::check_bytes;
use kifu_ingest::convert::Verdict;
use kifu_ingest::invariants::check_records;
use kifu_parser::Format;

/// Iterations of the brief run (each is two `check_bytes` calls).
const BRIEF_ITERATIONS: u64 = 6_000;
/// The brief run's seed, so CI runs the same inputs every time.
const BRIEF_SEED: u64 = 0x6b69_6675_6675_7a7a;
/// Shared-data seeds: files (and archive members) up to this size are taken whole, larger
/// plain files by their first `PREFIX` bytes.
const MAX_SEED: usize = 64 << 10;
const PREFIX: usize = 32 << 10;
/// Members taken from each archive.
const MEMBERS_PER_ARCHIVE: usize = 200;
/// Mutated inputs are cut to this size.
const MAX_INPUT: usize = 1 << 20;
/// Crash files kept per distinct panic location.
const FILES_PER_LOCATION: usize = 3;

/// A call slower than this is reported as a hang. Debug builds on a loaded 2-core CI
/// machine run some inputs 20–50× slower than release, so the brief CI run only flags
/// real runaways there; the release long runs keep the tight limit.
/// `KIFU_FUZZ_SLOW_MS` overrides it.
fn slow_limit() -> Duration {
    if let Some(ms) = std::env::var("KIFU_FUZZ_SLOW_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        return Duration::from_millis(ms);
    }
    if cfg!(debug_assertions) {
        Duration::from_secs(60)
    } else {
        Duration::from_secs(2)
    }
}

/// A call running this long is stuck: the watchdog saves its input and ends the process.
fn stuck_limit() -> Duration {
    slow_limit() * 12
}

// ---------------------------------------------------------------------------------------
// Random numbers

/// SplitMix64.
#[derive(Clone)]
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        let mut r = Rng(seed);
        r.next();
        r
    }

    /// The generator of iteration `i` of a run: independent of the other iterations, so any
    /// iteration can be rebuilt alone (by any thread, or by the watchdog).
    fn for_iteration(seed: u64, i: u64) -> Rng {
        Rng::new(seed ^ i.wrapping_mul(0xD1B5_4A32_D192_ED03).rotate_left(17))
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// `0..n` (`n > 0`; the tiny modulo bias does not matter here).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn word(&mut self, words: &[&'static str]) -> &'static str {
        words[self.below(words.len())]
    }

    /// `0..m` for an `m` picked from `maxes`: short games and long ones.
    fn scaled(&mut self, maxes: &[usize]) -> usize {
        let m = *self.pick(maxes);
        self.below(m)
    }

    /// Small numbers mostly, large ones sometimes: `1..=max` on a log scale.
    fn size(&mut self, max: usize) -> usize {
        let bits = usize::BITS - max.leading_zeros();
        let b = self.below(bits as usize + 1);
        (self.next() as usize & ((1usize << b) - 1)).clamp(1, max)
    }
}

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

// ---------------------------------------------------------------------------------------
// Seeds

struct Seed {
    /// The file (or member) name, used for format detection.
    name: String,
    /// Where it came from, for reports.
    origin: String,
    bytes: Vec<u8>,
}

#[derive(Default)]
struct Corpus {
    seeds: Vec<Seed>,
    /// Seed indices by source file (an archive is one group): picking a group first gives a
    /// 14-line sample as much attention as a 200-member archive.
    sample_groups: Vec<Vec<usize>>,
    shared_groups: Vec<Vec<usize>>,
    shared_files: usize,
    seen: HashSet<u64>,
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the crate is inside the workspace")
        .to_path_buf()
}

/// `<shared>/data`; without it only the bundled samples are fuzzed.
fn shared_data() -> Option<PathBuf> {
    kifu_testdata::shared("data")
}

/// Every regular file under `dir`, sorted (so a seed means the same input on every run).
fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(p),
                Ok(t) if t.is_file() => out.push(p),
                _ => {}
            }
        }
    }
    out.sort();
    out
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

impl Corpus {
    fn load() -> Corpus {
        let mut c = Corpus::default();
        let root = workspace_root();
        for p in walk(&root.join("samples")) {
            if let Ok(bytes) = std::fs::read(&p) {
                let origin = p.strip_prefix(&root).unwrap_or(&p).display().to_string();
                let i = c.push(file_name(&p), origin, bytes);
                c.sample_groups.push(i.into_iter().collect());
            }
        }
        assert!(
            !c.sample_groups.is_empty(),
            "no samples under {}",
            root.join("samples").display()
        );
        if let Some(data) = shared_data() {
            for p in walk(&data) {
                let origin = p.strip_prefix(&data).unwrap_or(&p).display().to_string();
                let group = c.load_shared(&p, &origin);
                if !group.is_empty() {
                    c.shared_files += 1;
                    c.shared_groups.push(group);
                }
            }
        }
        c
    }

    /// Adds a seed unless the same bytes are already a seed.
    fn push(&mut self, name: String, origin: String, bytes: Vec<u8>) -> Option<usize> {
        if !self.seen.insert(fnv1a(&bytes)) {
            return None;
        }
        self.seeds.push(Seed {
            name,
            origin,
            bytes,
        });
        Some(self.seeds.len() - 1)
    }

    fn load_shared(&mut self, p: &Path, origin: &str) -> Vec<usize> {
        let name = file_name(p);
        let lower = name.to_ascii_lowercase();
        let mut group = Vec::new();
        let Ok(file) = std::fs::File::open(p) else {
            return group;
        };
        if lower.ends_with(".tar.xz") || lower.ends_with(".txz") {
            let mut archive = tar::Archive::new(xz2::read::XzDecoder::new(file));
            let Ok(entries) = archive.entries() else {
                return group;
            };
            let mut taken = 0;
            // Bounded scan: a few thousand headers at most, whatever the archive holds.
            for entry in entries.take(20 * MEMBERS_PER_ARCHIVE) {
                let Ok(mut entry) = entry else { break };
                if !entry.header().entry_type().is_file() || entry.size() as usize >= MAX_SEED {
                    continue;
                }
                let member = entry
                    .path()
                    .map(|m| m.display().to_string())
                    .unwrap_or_default();
                let mut bytes = Vec::new();
                if entry.read_to_end(&mut bytes).is_err() {
                    break;
                }
                let member_name = Path::new(&member)
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                if let Some(i) = self.push(member_name, format!("{origin}!{member}"), bytes) {
                    group.push(i);
                }
                taken += 1;
                if taken == MEMBERS_PER_ARCHIVE {
                    break;
                }
            }
        } else if let Some(inner) = lower.strip_suffix(".xz") {
            // A compressed single file: its first bytes.
            let mut bytes = Vec::new();
            let _ = xz2::read::XzDecoder::new(file)
                .take(PREFIX as u64)
                .read_to_end(&mut bytes);
            let inner = name[..inner.len()].to_string();
            group.extend(self.push(inner, origin.to_string(), bytes));
        } else {
            let len = file.metadata().map(|m| m.len() as usize).unwrap_or(0);
            let keep = if len <= MAX_SEED { len } else { PREFIX };
            let mut bytes = Vec::new();
            let _ = file.take(keep as u64).read_to_end(&mut bytes);
            group.extend(self.push(name, origin.to_string(), bytes));
        }
        group
    }

    fn pick_seed(&self, rng: &mut Rng) -> &Seed {
        let groups = if self.shared_groups.is_empty() || rng.chance(50) {
            &self.sample_groups
        } else {
            &self.shared_groups
        };
        let group = rng.pick(groups);
        &self.seeds[*rng.pick(group)]
    }
}

// ---------------------------------------------------------------------------------------
// Mutations

const INTERESTING_BYTES: &[u8] = &[
    0, 0xFF, 0x7F, 0x80, 0xFE, 0x01, b'0', b'1', b'9', b'[', b']', b'(', b')', b'"', b'\n', b'\r',
    b'{', b'}', b'<', b'>', b'/', b'\\', b',', b';', b'=', b'@', b'-', b'.', b' ', b'\t', b'x',
    b'#', b'%', b'&', b'*', b'+', b'|', 0xA1, 0xE3, 0x81,
];

#[rustfmt::skip]
const INTERESTING_INTS: &[u32] = &[
    0, 1, 2, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF, 0x1_0000, 0x7FFF_FFFF,
    0x8000_0000, 0xFFFF_FFFE, 0xFFFF_FFFF,
];

#[rustfmt::skip]
const HUGE_NUMBERS: &[&str] = &[
    "0", "-1", "255", "256", "65535", "65536", "2147483647", "2147483648", "4294967295",
    "4294967296", "9223372036854775807", "18446744073709551616",
    "99999999999999999999999999999999999999", "1e400",
];

/// Format keywords and fragments worth inserting.
#[rustfmt::skip]
const DICTIONARY: &[&str] = &[
    "[", "]", "(", ")", "{", "}", "\"", "\n", "\r\n", "\n\n", " ", "1. ", "1...", "12.", "--",
    "@", "K@e1", "Q@d8", "@h8", "P@a1", "h8", "a1", "o15", "p16", "z99", "a0", "h2e2", "h2-e2",
    "a10a9", "i9i0", "1-0", "0-1", "1/2-1/2", "*", "½-½", "black ", "white ", "draw ",
    "unknown ", "[Event \"", "[Result \"", "[Result \"1-0\"]\n", "[FEN \"", "[Format \"ICCS\"]",
    "[Format \"WXF\"]", "[Game \"Chinese Chess\"]\n", "[Game \"Chess Territorial\"]\n",
    "[Game \"ChouChou\"]\n", "[Variant \"4x4\"]", "[Variant \"js\"]", "[Players \"4\"]",
    "[Players \"9\"]", "[Teams \"pairs\"]", "[Rule \"RIF\"]", "[Rule \"Soosorv-8\"]",
    "[Rule \"Taraguchi-10\"]", "[Opening \"D4\"]", "[Date \"2024.05.11\"]", "[DhtmlXQ]",
    "[/DhtmlXQ]", "[DhtmlXQ_movelist]", "[/DhtmlXQ_movelist]", "[DhtmlXQ_binit]",
    "[DhtmlXQ_move_0_1_1]", "[DhtmlXQ_comment1]", "7747", "<?xml version=\"1.0\"?>",
    "<database>", "<game ", "</game>", "<move>", "</move>", "<player id=\"1\"/>", "id=\"",
    "alt=\"", "<![CDATA[", "]]>", "&amp;", "&#x10FFFF;", "&#0;", "&lt;", "→", "->", "②", "①",
    "(2)", "×", "x3", "x99", "３Ｃ－＞１Ａ（２）", "2B→3A①", "炮二平五", "马8进7", "車九進一", "前炮", "C2.5",
    "H8+7", "R1=2", "+", "=", "；", "\t", ",", ";", "\u{FEFF}", "\u{FFFD}", "\0", "\x1a", "$1",
    "!?", "%", "#", "Piskvorky 15x15, 11:11, 0\n", "Piskvorky 20x20, 1:1, 0\n", "-1,-1,0\n",
    "8,8,120\n", "2024,    1=[", "=[Alice,Bob,+,", ",?,-]",
    "Event,Round,Game,Ply,Player,Move\n", ",\"\"\"", "\u{3000}", "RenLib", "XQ", "\\u0000",
    "\\", "//", "/*", "'", "ply", "move",
];

/// Byte sequences of other encodings and broken UTF-8.
#[rustfmt::skip]
const RAW_WORDS: &[&[u8]] = &[
    b"\xa1\xa1", b"\x81\x40", b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf", b"\xc0\x80",
    b"\xed\xa0\x80", b"\xe3\x81", b"\xf4\x90\x80\x80", b"\xa4\x40", b"\x82\xa0",
];

/// Openers repeated thousands of times (with their closers sometimes).
#[rustfmt::skip]
const NESTERS: &[(&str, &str)] = &[
    ("(", ")"), ("[", "]"), ("{", "}"), ("<", ">"), ("<a>", "</a>"), ("<game>", "</game>"),
    ("( 1. h8 ", ")"), ("(1. h2e2 ", ")"), ("[DhtmlXQ]", "[/DhtmlXQ]"),
    ("[DhtmlXQ_move_0_1_1]", "[/DhtmlXQ_move_0_1_1]"), ("\"", "\""), ("{{", "}}"), ("1. ", ""),
    ("h8 ", ""), ("--", ""), ("\n", ""), ("[a \"b\"]", ""), ("x", ""), ("0", ""), ("\\", ""),
    ("→", ""), ("&amp;", ""), ("\u{FEFF}", ""),
];

/// Templates repeated with `{k}` = 1, 2, 3… and `{p}` = `{k}` − 1.
const COUNTED: &[&str] = &[
    "[DhtmlXQ_move_{p}_1_{k}]7062[/DhtmlXQ_move_{p}_1_{k}]\n",
    "[DhtmlXQ_move_{p}_2_{k}]7967",
    "[DhtmlXQ_move_0_{k}_{k}]7747[/DhtmlXQ_move_0_{k}_{k}]",
    "[DhtmlXQ_comment{k}]c[/DhtmlXQ_comment{k}]",
    "[DhtmlXQ_comment{p}_{k}]c",
    "{k}. h8 ",
    "{k}. h2e2 h9g7 ",
    "{k}. K@e1 ",
    "{k}. 2B x{k} ",
    "[Tag{k} \"v{k}\"]\n",
    "<move id=\"{k}\" parent=\"{p}\">h8</move>",
    "<game id=\"{k}\" black=\"{p}\"/>\n",
    "{k},{p},{k}\n",
    "E,{k},1,1,P{k},1A\n",
    "E,1,1,{k},P{k},2B\n",
    "2024,{k}=[A,B,+,8889,?,-]\n",
    "({k}. h2e2 ",
    "h2e2 ({k}. h2e2) ",
];

/// A position in `data`: anywhere, or just after a delimiter (token and line starts are
/// where parsers make decisions).
fn position(rng: &mut Rng, data: &[u8]) -> usize {
    if data.is_empty() {
        return 0;
    }
    if rng.chance(50) {
        for _ in 0..8 {
            let i = rng.below(data.len());
            if matches!(
                data[i],
                b' ' | b'\n'
                    | b'\t'
                    | b'['
                    | b']'
                    | b'('
                    | b')'
                    | b'{'
                    | b'}'
                    | b'"'
                    | b','
                    | b'<'
                    | b'>'
                    | b'.'
            ) {
                return i + 1;
            }
        }
    }
    rng.below(data.len() + 1)
}

fn insert(data: &mut Vec<u8>, at: usize, what: &[u8]) {
    let at = at.min(data.len());
    data.splice(at..at, what.iter().copied());
}

fn mutate_once(rng: &mut Rng, data: &mut Vec<u8>, corpus: &Corpus) {
    let len = data.len();
    match rng.below(18) {
        // Bit flip.
        0 if len > 0 => {
            let i = rng.below(len);
            data[i] ^= 1 << rng.below(8);
        }
        // A byte set to an interesting value.
        1 if len > 0 => {
            let i = position(rng, data).min(len - 1);
            data[i] = *rng.pick(INTERESTING_BYTES);
        }
        // Truncation.
        2 => {
            let at = rng.below(len + 1);
            data.truncate(at);
        }
        // Random bytes inserted.
        3 => {
            let n = rng.size(64);
            let bytes: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
            let at = position(rng, data);
            insert(data, at, &bytes);
        }
        // A range deleted.
        4 if len > 0 => {
            let start = rng.below(len);
            let n = rng.size(len - start);
            data.drain(start..start + n);
        }
        // A range duplicated, one or more times.
        5 if len > 0 => {
            let start = rng.below(len);
            let n = rng.size((len - start).min(4096));
            let chunk = data[start..start + n].to_vec();
            let times = rng.size(16);
            let at = position(rng, data);
            insert(data, at, &chunk.repeat(times));
        }
        // Splice: the head of this input, the tail of another seed.
        6 => {
            let other = &corpus.pick_seed(rng).bytes;
            let keep = rng.below(len + 1);
            let from = rng.below(other.len() + 1);
            data.truncate(keep);
            data.extend_from_slice(&other[from..]);
        }
        // A token repeated thousands of times: deep nesting, long runs.
        7 => {
            let (open, close) = *rng.pick(NESTERS);
            let depth = *rng.pick(&[10usize, 100, 1000, 10_000, 10_000, 50_000]);
            let at = position(rng, data);
            let mut block = open.repeat(depth).into_bytes();
            if !close.is_empty() && rng.chance(50) {
                if rng.chance(50) {
                    block.extend_from_slice(b"h8 h2e2 K@e1 2B ");
                }
                block.extend_from_slice(close.repeat(depth).as_bytes());
            }
            insert(data, at, &block);
        }
        // A number made huge (or zero, or negative).
        8 => {
            let starts: Vec<usize> = (0..len)
                .filter(|&i| data[i].is_ascii_digit() && (i == 0 || !data[i - 1].is_ascii_digit()))
                .collect();
            let replacement = rng.pick(HUGE_NUMBERS).as_bytes();
            if starts.is_empty() {
                let at = position(rng, data);
                insert(data, at, replacement);
            } else {
                let s = *rng.pick(&starts);
                let e = (s..len).find(|&i| !data[i].is_ascii_digit()).unwrap_or(len);
                data.splice(s..e, replacement.iter().copied());
            }
        }
        // A format keyword inserted or written over.
        9 => {
            let word = if rng.chance(85) {
                rng.pick(DICTIONARY).as_bytes()
            } else {
                rng.pick(RAW_WORDS)
            };
            let at = position(rng, data);
            if rng.chance(30) && at + word.len() <= len {
                data[at..at + word.len()].copy_from_slice(word);
            } else {
                insert(data, at, word);
            }
        }
        // A binary integer (u8/u16/u32, either endianness) set to an extreme: headers,
        // counts and offsets of the binary formats.
        10 if len > 0 => {
            let v = *rng.pick(INTERESTING_INTS);
            let width = *rng.pick(&[1usize, 2, 4]);
            let bytes = if rng.chance(80) {
                v.to_le_bytes()
            } else {
                v.to_be_bytes()
            };
            let at = if rng.chance(50) {
                rng.below(len.min(64))
            } else {
                rng.below(len)
            };
            let w = width.min(len - at);
            data[at..at + w].copy_from_slice(&bytes[..w]);
        }
        // Line shuffles: a line deleted, duplicated or moved.
        11 => {
            let mut lines: Vec<Vec<u8>> = data.split(|&b| b == b'\n').map(|l| l.to_vec()).collect();
            let n = lines.len();
            let i = rng.below(n);
            match rng.below(3) {
                0 if n > 1 => {
                    lines.remove(i);
                }
                1 => {
                    let l = lines[i].clone();
                    let times = rng.size(64);
                    for _ in 0..times {
                        lines.insert(i, l.clone());
                    }
                }
                _ => {
                    let l = lines.remove(i);
                    let j = rng.below(lines.len() + 1);
                    lines.insert(j, l);
                }
            }
            *data = lines.join(&b'\n');
        }
        // Byte arithmetic.
        12 if len > 0 => {
            let i = rng.below(len);
            data[i] = data[i].wrapping_add((rng.range(0, 70) as i32 - 35) as u8);
        }
        // A chunk copied over another place.
        13 if len > 1 => {
            let from = rng.below(len);
            let n = rng.size(len - from);
            let to = rng.below(len);
            let n = n.min(len - to);
            let chunk = data[from..from + n].to_vec();
            data[to..to + n].copy_from_slice(&chunk);
        }
        // A line or the whole input made very long.
        14 => {
            let at = position(rng, data);
            let c = *rng.pick(INTERESTING_BYTES);
            insert(data, at, &vec![c; rng.size(200_000)]);
        }
        // CR/LF games: line ends converted or removed.
        15 => {
            let out: Vec<u8> = match rng.below(3) {
                0 => data
                    .iter()
                    .flat_map(|&b| {
                        if b == b'\n' {
                            vec![b'\r', b'\n']
                        } else {
                            vec![b]
                        }
                    })
                    .collect(),
                1 => data
                    .iter()
                    .map(|&b| if b == b'\n' { b'\r' } else { b })
                    .collect(),
                _ => data.iter().copied().filter(|&b| b != b'\r').collect(),
            };
            *data = out;
        }
        // A numbered template repeated: distinct keys, ids and parents (`move_{p}_1_{k}`
        // nests each variation in the one before), ply numbers, tags.
        16 => {
            let template = *rng.pick(COUNTED);
            let n = *rng.pick(&[10usize, 100, 1000, 5000, 20_000]);
            let mut block = String::new();
            for k in 1..=n {
                block.push_str(
                    &template
                        .replace("{p}", &(k - 1).to_string())
                        .replace("{k}", &k.to_string()),
                );
            }
            let at = position(rng, data);
            insert(data, at, block.as_bytes());
        }
        // Case flipped on a range (`H8`, `K@E1`, tag names).
        _ if len > 0 => {
            let start = rng.below(len);
            let n = rng.size(len - start);
            for b in &mut data[start..start + n] {
                if b.is_ascii_alphabetic() {
                    *b ^= 0x20;
                }
            }
        }
        _ => data.push(rng.next() as u8),
    }
    data.truncate(MAX_INPUT);
}

fn mutate(rng: &mut Rng, data: &mut Vec<u8>, corpus: &Corpus) {
    let n = 1 << rng.below(4);
    for _ in 0..n {
        mutate_once(rng, data, corpus);
    }
}

// ---------------------------------------------------------------------------------------
// Synthetic records for the engines

/// Token-level damage to a move list: garbage in place of a move, moves swapped, doubled or
/// dropped. Mostly a few, sometimes none (a clean game gets all the way to the end).
fn damage_moves(
    rng: &mut Rng,
    moves: &mut Vec<String>,
    garbage: &mut dyn FnMut(&mut Rng) -> String,
) {
    let rate = *rng.pick(&[0usize, 0, 1, 3, 10]);
    if moves.is_empty() {
        if rng.chance(50) {
            moves.push(garbage(rng));
        }
        return;
    }
    let n = moves.len();
    for _ in 0..(n * rate).div_ceil(100) {
        let i = rng.below(moves.len());
        match rng.below(5) {
            0 | 1 => moves[i] = garbage(rng),
            2 => {
                let j = rng.below(moves.len());
                moves.swap(i, j);
            }
            3 => {
                let m = moves[i].clone();
                moves.insert(i, m);
            }
            _ => {
                moves.remove(i);
                if moves.is_empty() {
                    return;
                }
            }
        }
    }
}

/// Numbered move pairs `1. a b 2. c d`, sometimes bare, a few per line.
fn numbered(rng: &mut Rng, moves: &[String]) -> String {
    let style = rng.below(4);
    let mut out = String::new();
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            out.push(if i % 12 == 0 { '\n' } else { ' ' });
        }
        match style {
            0 => {}
            1 if i % 2 == 0 => out.push_str(&format!("{}. ", i / 2 + 1)),
            2 if i % 2 == 0 => out.push_str(&format!("{}.", i / 2 + 1)),
            3 => out.push_str(&format!("{}. ", i + 1)),
            _ => {}
        }
        out.push_str(m);
    }
    out
}

fn renju_point(x: usize, y: usize) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

fn renju_garbage(rng: &mut Rng) -> String {
    match rng.below(4) {
        0 => (*rng.pick(&[
            "z99",
            "a0",
            "--",
            "o15",
            "p16",
            "a16",
            "p1",
            "A1",
            "h08",
            "pass",
            "0",
            "h",
            "8h",
            "ｈ８",
            "h-8",
            "h8h9",
            "i10",
            "o1",
            "a1",
            "h99999999999",
            "x",
            "*",
            "1-0",
        ]))
        .to_string(),
        1 => format!("{}{}", (b'a' + rng.below(26) as u8) as char, rng.below(30)),
        2 => format!("{}.", rng.below(300)),
        _ => renju_point(rng.below(15), rng.below(15)),
    }
}

/// Mostly stones near earlier stones (lines, threes, fours, overlines: the forbidden-move
/// checks), some random points, repeats and off-board points.
fn renju_moves(rng: &mut Rng) -> Vec<String> {
    let n = rng.scaled(&[8, 40, 120, 240]);
    let mut taken = [[false; 15]; 15];
    let mut stones: Vec<(usize, usize)> = Vec::new();
    let mut out = Vec::new();
    while out.len() < n {
        let r = rng.below(100);
        if r < 90 {
            let (x, y) = if stones.is_empty() {
                if rng.chance(80) {
                    (7, 7)
                } else {
                    (rng.below(15), rng.below(15))
                }
            } else if rng.chance(85) {
                let &(sx, sy) = rng.pick(&stones);
                let dx = rng.range(0, 4) as isize - 2;
                let dy = rng.range(0, 4) as isize - 2;
                let x = (sx as isize + dx).clamp(0, 14) as usize;
                let y = (sy as isize + dy).clamp(0, 14) as usize;
                (x, y)
            } else {
                (rng.below(15), rng.below(15))
            };
            if taken[x][y] {
                if stones.len() >= 225 {
                    break;
                }
                continue;
            }
            taken[x][y] = true;
            stones.push((x, y));
            out.push(renju_point(x, y));
        } else if r < 94 && !stones.is_empty() {
            let &(x, y) = rng.pick(&stones);
            out.push(renju_point(x, y));
        } else if r < 97 {
            out.push("--".into());
        } else {
            out.push(renju_garbage(rng));
        }
    }
    out
}

fn renju_record(rng: &mut Rng) -> (Vec<u8>, &'static str, Format) {
    let games = rng.range(1, 3);
    let mut out = String::new();
    if rng.chance(50) {
        for _ in 0..games {
            let mut moves = renju_moves(rng);
            damage_moves(rng, &mut moves, &mut renju_garbage);
            let result = rng.pick(&["black", "white", "draw", "unknown", "Black", "draw?"]);
            out.push_str(&format!("{result} {}\n", moves.join(" ")));
        }
        (out.into_bytes(), "fuzz.renju", Format::RenjuLines)
    } else {
        for g in 0..games {
            if g > 0 {
                out.push('\n');
            }
            if rng.chance(80) {
                let rule = rng.pick(&[
                    "RIF",
                    "Yamaguchi",
                    "Soosorv",
                    "Soosorv-8",
                    "Taraguchi",
                    "Taraguchi-10",
                    "exclusion",
                    "gomoku",
                    "",
                ]);
                let opening = format!("{}{}", rng.pick(&["D", "I", "X"]), rng.below(15));
                let result = rng.pick(&["1-0", "0-1", "1/2-1/2", "*", "2-0"]);
                out.push_str(&format!(
                    "[Event \"Fuzz\"]\n[Black \"B\"]\n[White \"W\"]\n[Rule \"{rule}\"]\n\
                     [Opening \"{opening}\"]\n[Result \"{result}\"]\n"
                ));
            }
            let mut moves = renju_moves(rng);
            damage_moves(rng, &mut moves, &mut renju_garbage);
            out.push_str(&numbered(rng, &moves));
            out.push('\n');
            if rng.chance(50) {
                out.push_str(rng.word(&["1-0\n", "0-1\n", "1/2-1/2\n", "*\n"]));
            }
        }
        (out.into_bytes(), "fuzz.txt", Format::RenjuPlain)
    }
}

fn xiangqi_garbage(rng: &mut Rng) -> String {
    const FILES: &[u8] = b"abcdefghijk";
    const PIECES: &[&str] = &[
        "K", "A", "E", "B", "H", "N", "R", "C", "P", "+", "-", "S", "M",
    ];
    const CN_PIECES: &[&str] = &[
        "車", "馬", "相", "象", "仕", "士", "帥", "將", "炮", "砲", "兵", "卒", "车", "马", "帅",
        "将", "前", "后", "後", "中",
    ];
    const CN_NUM: &[&str] = &[
        "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "1", "5", "9", "０", "１",
    ];
    match rng.below(6) {
        0 => format!(
            "{}{}{}{}",
            *rng.pick(FILES) as char,
            rng.below(11),
            *rng.pick(FILES) as char,
            rng.below(11)
        ),
        1 => format!(
            "{}{}-{}{}",
            *rng.pick(FILES) as char,
            rng.below(10),
            *rng.pick(FILES) as char,
            rng.below(10)
        ),
        2 => format!(
            "{}{}{}{}",
            rng.pick(PIECES),
            rng.below(10),
            rng.pick(&[".", "+", "-", "="]),
            rng.below(10)
        ),
        3 => format!(
            "{}{}{}{}",
            rng.pick(CN_PIECES),
            rng.pick(CN_NUM),
            rng.pick(&["进", "進", "退", "平", "="]),
            rng.pick(CN_NUM)
        ),
        4 => (*rng.pick(&[
            "z9z9", "h2h2", "0000", "--", "a10a9", "i0i10", "e0e1", "h2e2", "x",
        ]))
        .to_string(),
        _ => format!("{}.", rng.below(500)),
    }
}

fn xiangqi_record(rng: &mut Rng) -> (Vec<u8>, &'static str, Format) {
    use kifu_rules::xiangqi::{move_to_chinese, move_to_wxf, Move, Position};
    let notation = *rng.pick(&["ICCS", "ICCS", "ICCS", "WXF", "Chinese"]);
    let mut pos = Position::startpos();
    let mut fen = None;
    let mut out = String::new();
    if rng.chance(25) {
        // Start from a position reached by random play (or a damaged FEN).
        for _ in 0..rng.below(60) {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            pos.make(*rng.pick(&legal));
        }
        let mut f = pos.to_fen();
        if rng.chance(15) {
            let mut b = f.into_bytes();
            let len = b.len();
            let i = rng.below(len);
            b[i] = *rng.pick(b"0123456789rnbakcpRNBAKCP/ wb-x");
            f = String::from_utf8_lossy(&b).into_owned();
        }
        fen = Some(f);
    }
    // Repetition cycles: a move that undoes the side's previous move brings positions back
    // (perpetual check and chase, the 棋例 rulings).
    let repeat = *rng.pick(&[0usize, 0, 30, 90]);
    let plies = rng.scaled(&[10, 60, 200, 400]);
    let mut played: Vec<Move> = Vec::new();
    let mut moves = Vec::new();
    for ply in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mut m = *rng.pick(&legal);
        if ply >= 2 && rng.chance(repeat) {
            let back = Move::new(played[ply - 2].to, played[ply - 2].from);
            if legal.contains(&back) {
                m = back;
            }
        }
        let text = match notation {
            "WXF" => move_to_wxf(&pos, m),
            "Chinese" => move_to_chinese(&pos, m),
            _ => match rng.below(10) {
                0 => format!("{}-{}", m.from, m.to),
                1 => m.to_string().to_ascii_uppercase(),
                _ => m.to_string(),
            },
        };
        moves.push(text);
        played.push(m);
        pos.make(m);
    }
    damage_moves(rng, &mut moves, &mut xiangqi_garbage);
    let result = rng.pick(&["1-0", "0-1", "1/2-1/2", "*", "2-0"]);
    out.push_str("[Game \"Chinese Chess\"]\n[Event \"Fuzz\"]\n[Red \"R\"]\n[Black \"B\"]\n");
    out.push_str(&format!("[Result \"{result}\"]\n"));
    if rng.chance(80) {
        out.push_str(&format!("[Format \"{notation}\"]\n"));
    }
    if let Some(f) = fen {
        out.push_str(&format!("[FEN \"{f}\"]\n"));
    }
    out.push('\n');
    out.push_str(&numbered(rng, &moves));
    if rng.chance(70) {
        out.push(' ');
        out.push_str(result);
    }
    out.push('\n');
    (out.into_bytes(), "fuzz.pgn", Format::XiangqiPgn)
}

fn territorial_garbage(rng: &mut Rng) -> String {
    match rng.below(4) {
        0 => (*rng.pick(&[
            "K@z9",
            "@h8",
            "Q@e1",
            "--",
            "X@e4",
            "K@",
            "@",
            "k@e1",
            "P@i9",
            "K@e0",
            "@@",
            "K@e1e2",
            "Q@h9",
            "R@a0",
            "K@e99999999999",
        ]))
        .to_string(),
        1 => format!(
            "{}@{}{}",
            rng.pick(&["K", "Q", "R", "B", "N", "P", "", "k", "p", "Z"]),
            (b'a' + rng.below(10) as u8) as char,
            rng.below(11)
        ),
        2 => "--".to_string(),
        _ => format!("{}.", rng.below(100)),
    }
}

fn territorial_record(rng: &mut Rng) -> (Vec<u8>, &'static str, Format) {
    use kifu_rules::territorial::{Move, Position};
    let mut pos = Position::new();
    let mut moves = Vec::new();
    let limit = rng.scaled(&[6, 40, 81]);
    while moves.len() < limit {
        let legal = pos.legal_placements();
        let m = if legal.is_empty() || rng.chance(2) {
            Move::Pass
        } else {
            Move::Place(*rng.pick(&legal))
        };
        let text = m.to_string();
        moves.push(if rng.chance(5) && text.starts_with("P@") {
            text[1..].to_string()
        } else {
            text
        });
        if (pos.play(m).is_err() || pos.is_over()) && rng.chance(70) {
            break;
        }
    }
    damage_moves(rng, &mut moves, &mut territorial_garbage);
    let mut out = String::new();
    let result = rng.pick(&["1-0", "0-1", "1/2-1/2", "*"]);
    if rng.chance(85) {
        out.push_str(&format!(
            "[Game \"Chess Territorial\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"{result}\"]\n\
             [WhiteScore \"{}\"]\n[BlackScore \"{}\"]\n\n",
            rng.below(70),
            rng.below(70)
        ));
    }
    out.push_str(&numbered(rng, &moves));
    if rng.chance(60) {
        out.push(' ');
        out.push_str(result);
    }
    out.push('\n');
    (
        out.into_bytes(),
        "fuzz-territorial.pgn",
        Format::TerritorialPgn,
    )
}

fn chouchou_garbage(rng: &mut Rng) -> String {
    let cell = |rng: &mut Rng| {
        format!(
            "{}{}",
            rng.range(0, 10),
            (b'A' + rng.below(11) as u8) as char
        )
    };
    match rng.below(6) {
        0 => cell(rng),
        1 => format!(
            "{}{}{}{}",
            cell(rng),
            rng.pick(&["→", "->", ">", "-", "⇒", "＞"]),
            cell(rng),
            rng.pick(&["②", "①", "(2)", "(1)", "2", "1", "", "(3)"])
        ),
        2 => format!("{}{}", rng.pick(&["x", "×", "X"]), rng.pick(HUGE_NUMBERS)),
        3 => (*rng.pick(&[
            "10A",
            "0Z",
            "3C→",
            "→1A",
            "x",
            "3c",
            "３Ｃ",
            "P1",
            "P5",
            "draw",
            "*",
            "1A→1A②",
            "4D",
            "9I",
            "3C→1A②x3",
        ]))
        .to_string(),
        4 => format!("x{}", rng.below(40)),
        _ => format!("{}.", rng.below(500)),
    }
}

fn chouchou_record(rng: &mut Rng) -> (Vec<u8>, &'static str, Format) {
    use kifu_generate::chouchou::generate;
    use kifu_rules::chouchou::{self, Variant};
    let variant = *rng.pick(&Variant::ALL);
    let players = rng.range(2, 4) as u8;
    let pairs = players == 4 && rng.chance(40);
    let mut g = kifu_generate::Rng::new(rng.next());
    let mut actions = generate(&mut g, variant, players, pairs);
    actions.truncate(rng.scaled(&[10, 80, 401]));
    let entries: Vec<_> = actions.iter().map(|&a| (a, None)).collect();
    let counts = kifu_notation::chouchou::counts_per_entry(variant, players, pairs, &entries);
    let mut moves: Vec<String> = actions
        .iter()
        .zip(counts)
        .map(|(a, count)| {
            let taken = count.unwrap_or(0);
            let mut t = chouchou::action_text(a);
            if rng.chance(10) {
                t = t.replace('→', rng.word(&["->", ">", "-", "⇒"]));
                t = t.replace('②', rng.word(&["(2)", "2"]));
                t = t.replace('①', rng.word(&["(1)", "1"]));
            }
            match (taken > 0).then_some(taken) {
                Some(n) if rng.chance(90) => format!("{t} x{n}"),
                _ if rng.chance(2) => format!("{t} x{}", rng.below(20)),
                _ => t,
            }
        })
        .collect();
    damage_moves(rng, &mut moves, &mut chouchou_garbage);
    let variant_tag = if rng.chance(90) {
        variant.id().to_string()
    } else {
        rng.pick(&["5x5", "", "JS", "3×3", "ウミン盤", "4x4x4"])
            .to_string()
    };
    let players_tag = if rng.chance(90) {
        players.to_string()
    } else {
        rng.pick(&["0", "1", "5", "9", "-1", "300", "two"])
            .to_string()
    };
    let mut out =
        format!("[Game \"ChouChou\"]\n[Variant \"{variant_tag}\"]\n[Players \"{players_tag}\"]\n");
    if pairs || rng.chance(3) {
        out.push_str("[Teams \"pairs\"]\n");
    }
    for p in 1..=players {
        out.push_str(&format!("[P{p} \"Player {p}\"]\n"));
    }
    if rng.chance(70) {
        let result = chouchou::check(variant, players, pairs, &actions)
            .winner
            .map_or("*".to_string(), |w| format!("P{}", w + 1));
        let result = if rng.chance(90) {
            result
        } else {
            rng.pick(&["P1", "P4", "draw", "*", "P9"]).to_string()
        };
        out.push_str(&format!("[Result \"{result}\"]\n"));
    }
    out.push('\n');
    out.push_str(&numbered(rng, &moves));
    out.push('\n');
    (out.into_bytes(), "fuzz.ccn", Format::ChouChouCcn)
}

// ---------------------------------------------------------------------------------------
// Cases

struct Case {
    bytes: Vec<u8>,
    name: Option<String>,
    forced: Format,
    origin: String,
}

fn make_case(seed: u64, iteration: u64, corpus: &Corpus) -> Case {
    let mut rng = Rng::for_iteration(seed, iteration);
    if rng.chance(65) {
        let s = corpus.pick_seed(&mut rng);
        let mut bytes = s.bytes.clone();
        mutate(&mut rng, &mut bytes, corpus);
        let name = match rng.below(20) {
            0 => None,
            1 => Some(format!(
                "fuzz.{}",
                rng.pick(&[
                    "pgn", "lib", "bdt", "psq", "rif", "xml", "txt", "renju", "xqf", "ccn", "csv",
                    "html", "wxf", "tsv", "cbl", "cbr", "cbf"
                ])
            )),
            _ => Some(s.name.clone()),
        };
        let forced = *rng.pick(&Format::ALL);
        Case {
            bytes,
            name,
            forced,
            origin: format!("mutated {}", s.origin),
        }
    } else {
        let engine = rng.below(4);
        let (mut bytes, name, natural) = match engine {
            0 => renju_record(&mut rng),
            1 => xiangqi_record(&mut rng),
            2 => territorial_record(&mut rng),
            _ => chouchou_record(&mut rng),
        };
        let damaged = rng.chance(20);
        if damaged {
            let n = rng.range(1, 2);
            for _ in 0..n {
                mutate_once(&mut rng, &mut bytes, corpus);
            }
        }
        let forced = if rng.chance(60) {
            natural
        } else {
            *rng.pick(&Format::ALL)
        };
        Case {
            bytes,
            name: Some(name.to_string()),
            forced,
            origin: format!(
                "synthetic {}{}",
                natural.name(),
                if damaged { " (byte-mutated)" } else { "" }
            ),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Running one input

thread_local! {
    /// Set while a fuzz input runs: the panic hook then records instead of printing.
    static QUIET: Cell<bool> = const { Cell::new(false) };
    static LAST_PANIC: RefCell<Option<(String, String)>> = const { RefCell::new(None) };
}

fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if QUIET.with(|q| q.get()) {
                let message = if let Some(s) = info.payload().downcast_ref::<&str>() {
                    s.to_string()
                } else if let Some(s) = info.payload().downcast_ref::<String>() {
                    s.clone()
                } else {
                    "(non-string panic payload)".to_string()
                };
                let location = info
                    .location()
                    .map(|l| format!("{}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = Some((message, location)));
            } else {
                default(info);
            }
        }));
    });
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Kind {
    Panic,
    Hang,
    Invariant,
}

struct Problem {
    kind: Kind,
    /// Panic location or invariant, for grouping.
    place: String,
    message: String,
    file: Option<PathBuf>,
}

fn format_label(format: Option<Format>) -> String {
    format.map_or("detected".to_string(), |f| f.name().to_string())
}

/// Runs `check_bytes` once: the number of records read and how many were quarantined, or
/// `Err((kind, place, message))` for a panic, a slow call or a broken invariant.
fn run_one(
    bytes: &[u8],
    name: Option<&str>,
    format: Option<Format>,
) -> Result<(u64, u64), (Kind, String, String)> {
    let started = Instant::now();
    QUIET.with(|q| q.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(|| check_bytes(bytes, name, format)));
    QUIET.with(|q| q.set(false));
    let elapsed = started.elapsed();
    let label = format_label(format);
    let out = match result {
        Ok(out) => out,
        Err(_) => {
            let (message, place) = LAST_PANIC
                .with(|p| p.borrow_mut().take())
                .unwrap_or_else(|| ("(no message)".into(), "(unknown)".into()));
            return Err((Kind::Panic, place, format!("[{label}] panicked: {message}")));
        }
    };
    if elapsed > slow_limit() {
        return Err((
            Kind::Hang,
            format!("slow {label}"),
            format!("[{label}] took {elapsed:.2?} (limit {:?})", slow_limit()),
        ));
    }
    check_records(bytes.len() as u64, &out).map_err(|e| {
        (
            Kind::Invariant,
            format!("invariant {label}"),
            format!("[{label}] {e}"),
        )
    })?;
    let quarantined = out
        .iter()
        .filter(|(_, v)| *v == Verdict::Quarantined)
        .count();
    Ok((out.len() as u64, quarantined as u64))
}

// ---------------------------------------------------------------------------------------
// Crash files

fn crash_dir() -> PathBuf {
    let target = option_env!("CARGO_TARGET_TMPDIR")
        .and_then(|t| Path::new(t).parent().map(Path::to_path_buf))
        .unwrap_or_else(|| workspace_root().join("target"));
    let dir = target.join("fuzz-crashes");
    std::fs::create_dir_all(&dir).expect("create the crash directory");
    dir
}

/// Saves an input and what happened to it; the path of the input.
fn save(prefix: &str, bytes: &[u8], about: &str) -> PathBuf {
    let dir = crash_dir();
    let hash = format!("{prefix}{:016x}", fnv1a(bytes));
    let path = dir.join(format!("{hash}.bin"));
    let _ = std::fs::write(&path, bytes);
    let _ = std::fs::write(dir.join(format!("{hash}.txt")), about);
    path
}

// ---------------------------------------------------------------------------------------
// The fuzz loop

struct Slot {
    /// The iteration running + 1 (0: idle).
    current: AtomicU64,
    /// When it started, in ms since the run started.
    since: AtomicU64,
}

struct Run {
    seed: u64,
    corpus: Corpus,
    next: AtomicU64,
    limit: Option<u64>,
    deadline: Option<Instant>,
    started: Instant,
    stop: AtomicBool,
    calls: AtomicU64,
    iterations: AtomicU64,
    slots: Vec<Slot>,
    problems: Mutex<Vec<Problem>>,
    per_place: Mutex<BTreeMap<(Kind, String), usize>>,
    /// Records read as games and quarantined, to show what the run reached.
    games: AtomicU64,
    quarantined: AtomicU64,
}

impl Run {
    fn record(&self, case: &Case, iteration: u64, (kind, place, message): (Kind, String, String)) {
        let mut per_place = self.per_place.lock().unwrap();
        let n = per_place.entry((kind.clone(), place.clone())).or_insert(0);
        *n += 1;
        let file = (*n <= FILES_PER_LOCATION).then(|| {
            let about = format!(
                "{message}\nat: {place}\ninput: {} ({} bytes), name {:?}, forced format {}\n\
                 run seed {:#x}, iteration {iteration}\n",
                case.origin,
                case.bytes.len(),
                case.name,
                case.forced.name(),
                self.seed
            );
            save("", &case.bytes, &about)
        });
        drop(per_place);
        self.problems.lock().unwrap().push(Problem {
            kind,
            place,
            message: format!("{message} (input: {}, iteration {iteration})", case.origin),
            file,
        });
    }

    fn worker(&self, w: usize) {
        let marker = InFlight::new(w);
        loop {
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    break;
                }
            }
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if self.limit.is_some_and(|l| i >= l) {
                break;
            }
            let case = make_case(self.seed, i, &self.corpus);
            marker.set(self.seed, i);
            self.slots[w]
                .since
                .store(self.started.elapsed().as_millis() as u64, Ordering::Relaxed);
            self.slots[w].current.store(i + 1, Ordering::Relaxed);
            let name = case.name.as_deref();
            for format in [None, Some(case.forced)] {
                let r = run_one(&case.bytes, name, format);
                self.calls.fetch_add(1, Ordering::Relaxed);
                match r {
                    Ok((records, quarantined)) => {
                        self.games
                            .fetch_add(records - quarantined, Ordering::Relaxed);
                        self.quarantined.fetch_add(quarantined, Ordering::Relaxed);
                    }
                    Err(p) => self.record(&case, i, p),
                }
            }
            self.slots[w].current.store(0, Ordering::Relaxed);
            self.iterations.fetch_add(1, Ordering::Relaxed);
        }
        marker.clear();
    }

    /// Executions, speed, problems found.
    fn summary(&self) -> String {
        let elapsed = self.started.elapsed();
        let calls = self.calls.load(Ordering::Relaxed);
        let problems = self.problems.lock().unwrap();
        let count = |k: Kind| problems.iter().filter(|p| p.kind == k).count();
        format!(
            "fuzz: {} iterations, {calls} executions in {:.1?}: {:.0} execs/s; {} crashes, {} \
             hangs, {} invariant violations (records read: {} games, {} quarantined)",
            self.iterations.load(Ordering::Relaxed),
            elapsed,
            calls as f64 / elapsed.as_secs_f64().max(1e-9),
            count(Kind::Panic),
            count(Kind::Hang),
            count(Kind::Invariant),
            self.games.load(Ordering::Relaxed),
            self.quarantined.load(Ordering::Relaxed),
        )
    }

    /// Watches the workers until they finish; a call stuck past [`stuck_limit`] is saved
    /// and ends the process (a thread cannot be stopped from outside).
    fn watch(&self, workers: &[std::thread::ScopedJoinHandle<'_, ()>]) {
        while workers.iter().any(|h| !h.is_finished()) {
            std::thread::sleep(Duration::from_millis(100));
            let now = self.started.elapsed().as_millis() as u64;
            for slot in &self.slots {
                let current = slot.current.load(Ordering::Relaxed);
                if current == 0 {
                    continue;
                }
                let since = slot.since.load(Ordering::Relaxed);
                if now.saturating_sub(since) > stuck_limit().as_millis() as u64 {
                    let i = current - 1;
                    let case = make_case(self.seed, i, &self.corpus);
                    let path = save(
                        "stuck-",
                        &case.bytes,
                        &format!(
                            "stuck for over {:?} (detected or forced {})\ninput: {}, name {:?}\n\
                             run seed {:#x}, iteration {i}\n",
                            stuck_limit(),
                            case.forced.name(),
                            case.origin,
                            case.name,
                            self.seed
                        ),
                    );
                    InFlight::clear_all();
                    eprintln!("{}", self.summary());
                    eprintln!(
                        "fuzz: a call has run for over {:?}: input saved to {} (run seed {:#x}, \
                         iteration {i}); stopping the process",
                        stuck_limit(),
                        path.display(),
                        self.seed
                    );
                    std::process::exit(101);
                }
            }
        }
    }
}

/// `in-flight-<worker>.txt`: the seed and iteration a worker is running, rewritten in place
/// for every input, so that a run that dies (stack overflow) can be traced to its input.
struct InFlight {
    file: Option<std::fs::File>,
    path: PathBuf,
}

impl InFlight {
    fn path(w: usize) -> PathBuf {
        crash_dir().join(format!("in-flight-{w}.txt"))
    }

    fn new(w: usize) -> InFlight {
        let path = InFlight::path(w);
        InFlight {
            file: std::fs::File::create(&path).ok(),
            path,
        }
    }

    fn set(&self, seed: u64, i: u64) {
        #[cfg(unix)]
        if let Some(f) = &self.file {
            use std::os::unix::fs::FileExt;
            let _ = f.write_at(format!("{seed:016x} {i:016x}\n").as_bytes(), 0);
        }
        #[cfg(not(unix))]
        let _ = (seed, i);
    }

    fn clear(self) {
        drop(self.file);
        let _ = std::fs::remove_file(&self.path);
    }

    fn clear_all() {
        for p in walk(&crash_dir()) {
            if file_name(&p).starts_with("in-flight-") {
                let _ = std::fs::remove_file(p);
            }
        }
    }

    /// Inputs a previous run was running when it died: saved as `aborted-<hash>.bin`.
    fn recover(corpus: &Corpus) {
        for p in walk(&crash_dir()) {
            if !file_name(&p).starts_with("in-flight-") {
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            let mut parts = text.split_whitespace();
            let seed = parts.next().and_then(|s| u64::from_str_radix(s, 16).ok());
            let i = parts.next().and_then(|s| u64::from_str_radix(s, 16).ok());
            if let (Some(seed), Some(i)) = (seed, i) {
                let case = make_case(seed, i, corpus);
                let path = save(
                    "aborted-",
                    &case.bytes,
                    &format!(
                        "a previous run ended abruptly (stack overflow, abort or kill) while \
                         running this input\ninput: {}, name {:?}, forced format {}\n\
                         run seed {seed:#x}, iteration {i}\n",
                        case.origin,
                        case.name,
                        case.forced.name()
                    ),
                );
                eprintln!(
                    "fuzz: WARNING: a previous run died while running seed {seed:#x} iteration \
                     {i} ({}): input saved to {}",
                    case.origin,
                    path.display()
                );
            }
            let _ = std::fs::remove_file(p);
        }
    }
}

fn env_u64(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    let v = v.trim();
    let parsed = match v.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => v.parse(),
    };
    Some(parsed.unwrap_or_else(|_| panic!("{name}={v:?} is not a number")))
}

#[test]
fn fuzz_every_parser_briefly() {
    install_panic_hook();
    let loaded = Instant::now();
    let corpus = Corpus::load();
    InFlight::recover(&corpus);
    let seconds = env_u64("KIFU_FUZZ_SECONDS");
    let seed = env_u64("KIFU_FUZZ_SEED").unwrap_or(if seconds.is_some() {
        fnv1a(format!("{:?}", std::time::SystemTime::now()).as_bytes())
    } else {
        BRIEF_SEED
    });
    let limit = match (seconds, env_u64("KIFU_FUZZ_ITERATIONS")) {
        (_, Some(n)) => Some(n),
        (Some(_), None) => None,
        (None, None) => Some(BRIEF_ITERATIONS),
    };
    let threads = env_u64("KIFU_FUZZ_THREADS").map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n.max(1) as usize,
    );
    eprintln!(
        "fuzz: {} seeds ({} sample files, {} shared files and archives) loaded in {:.1?}; \
         seed {seed:#x}, {}, {threads} thread(s)",
        corpus.seeds.len(),
        corpus.sample_groups.len(),
        corpus.shared_files,
        loaded.elapsed(),
        match (seconds, limit) {
            (_, Some(n)) => format!("{n} iterations"),
            (Some(s), None) => format!("{s} s"),
            _ => unreachable!(),
        }
    );
    let started = Instant::now();
    let run = Run {
        seed,
        corpus,
        next: AtomicU64::new(0),
        limit,
        deadline: seconds.map(|s| started + Duration::from_secs(s)),
        started,
        stop: AtomicBool::new(false),
        calls: AtomicU64::new(0),
        iterations: AtomicU64::new(0),
        slots: (0..threads)
            .map(|_| Slot {
                current: AtomicU64::new(0),
                since: AtomicU64::new(0),
            })
            .collect(),
        problems: Mutex::new(Vec::new()),
        per_place: Mutex::new(BTreeMap::new()),
        games: AtomicU64::new(0),
        quarantined: AtomicU64::new(0),
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|w| {
                let run = &run;
                std::thread::Builder::new()
                    .name(format!("fuzz-{w}"))
                    // The default stack of a spawned thread (rayon's replay threads, test
                    // threads): deep recursion must be bounded well within it.
                    .stack_size(2 << 20)
                    .spawn_scoped(scope, move || run.worker(w))
                    .expect("spawn a fuzz worker")
            })
            .collect();
        run.watch(&handles);
    });
    eprintln!("{}", run.summary());
    let problems = run.problems.lock().unwrap();
    if !problems.is_empty() {
        let mut report = String::new();
        for ((kind, place), n) in run.per_place.lock().unwrap().iter() {
            report.push_str(&format!("  {n} × {kind:?} at {place}\n"));
        }
        report.push_str("first of each:\n");
        let mut shown = HashSet::new();
        for p in problems.iter() {
            if shown.insert((p.kind.clone(), p.place.clone())) {
                report.push_str(&format!(
                    "  {:?} at {}: {}\n    saved: {}\n",
                    p.kind,
                    p.place,
                    p.message,
                    p.file
                        .as_ref()
                        .map_or("(not saved)".into(), |f| f.display().to_string())
                ));
            }
        }
        panic!(
            "fuzzing found {} problem(s) (run seed {seed:#x}):\n{report}",
            problems.len()
        );
    }
}

/// Every saved reproducer of a fixed crash, with detection and every format forced.
/// `KIFU_FUZZ_REPLAY=FILE[:FILE…]` replays those files instead, printing each call's time.
#[test]
fn fuzz_regressions() {
    install_panic_hook();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-regressions");
    let replay = std::env::var_os("KIFU_FUZZ_REPLAY");
    let files = match &replay {
        Some(list) => std::env::split_paths(list).collect(),
        None => walk(&dir),
    };
    assert!(!files.is_empty(), "no reproducers in {}", dir.display());
    let mut failures = Vec::new();
    for path in &files {
        let mut bytes = std::fs::read(path).expect("read a reproducer");
        let mut name = file_name(path);
        // Large reproducers are kept gzipped: `x.pgn.gz` is the input `x.pgn`.
        if let Some(inner) = name.strip_suffix(".gz") {
            let mut plain = Vec::new();
            flate2::read::GzDecoder::new(&bytes[..])
                .read_to_end(&mut plain)
                .expect("gunzip a reproducer");
            bytes = plain;
            name = inner.to_string();
        }
        let formats = std::iter::once(None).chain(Format::ALL.into_iter().map(Some));
        for format in formats {
            for name in [Some(name.as_str()), None] {
                let started = Instant::now();
                let result = run_one(&bytes, name, format);
                if replay.is_some() {
                    eprintln!(
                        "{} {name:?} {}: {:.2?} {:?}",
                        path.display(),
                        format_label(format),
                        started.elapsed(),
                        result.as_ref().map_err(|e| &e.2)
                    );
                }
                if let Err((kind, place, message)) = result {
                    failures.push(format!("{name:?}: {kind:?} at {place}: {message}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} reproducers fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}
