//! Agreement with the codes real records carry.

use std::collections::BTreeMap;

use kifu_rules::xiangqi::ecco::{self, Code, Family};
use kifu_rules::xiangqi::{move_to_chinese, Position};

use crate::corpus::{self, Corpus, Tagged};

/// Agreement over a corpus's tagged games.
struct Agreement {
    compared: usize,
    agreed: usize,
    /// (record's code, kifu's code) → the games.
    differ: BTreeMap<(Code, Option<Code>), Vec<usize>>,
    mine: Vec<Option<Code>>,
}

impl Agreement {
    fn of(corpus: &Corpus) -> Agreement {
        let mine: Vec<Option<Code>> = corpus
            .tagged
            .iter()
            .map(|t| ecco::classify_code(&t.moves))
            .collect();
        let mut differ: BTreeMap<(Code, Option<Code>), Vec<usize>> = BTreeMap::new();
        for (i, (t, m)) in corpus.tagged.iter().zip(&mine).enumerate() {
            if *m != Some(t.tag) {
                differ.entry((t.tag, *m)).or_default().push(i);
            }
        }
        let compared = corpus.tagged.len();
        let agreed = compared - differ.values().map(Vec::len).sum::<usize>();
        Agreement {
            compared,
            agreed,
            differ,
            mine,
        }
    }

    fn share(&self) -> f64 {
        self.agreed as f64 / self.compared.max(1) as f64
    }
}

/// The game's first plies in Chinese, as played.
fn line(t: &Tagged, plies: usize) -> String {
    let mut pos = Position::startpos();
    let mut out = Vec::new();
    for &m in t.moves.iter().take(plies) {
        out.push(move_to_chinese(&pos, m));
        pos.make(m);
    }
    out.join(" ")
}

fn code_text(c: Option<Code>) -> String {
    c.map_or_else(|| "-".to_owned(), |c| c.to_string())
}

/// `ECCO_SHOW=C46` (or `C45:C46`, record's code then kifu's): the games with that record
/// code (and kifu code), up to 40, with their first plies.
fn show(corpus: &Corpus, a: &Agreement) {
    let Ok(want) = std::env::var("ECCO_SHOW") else {
        return;
    };
    let (tag, mine) = want.split_once(':').unwrap_or((&want, ""));
    let mut shown = 0;
    for (t, m) in corpus.tagged.iter().zip(&a.mine) {
        if t.tag.to_string() == tag && (mine.is_empty() || code_text(*m) == mine) && shown < 40 {
            shown += 1;
            println!(
                "  tag {} kifu {} {}: {}",
                t.tag,
                code_text(*m),
                t.member,
                line(t, 30)
            );
        }
    }
}

fn report(label: &str, corpus: &Corpus, a: &Agreement) {
    show(corpus, a);
    if std::env::var("ECCO_COUNTS").is_ok() {
        let mut tags: BTreeMap<Code, (usize, usize)> = BTreeMap::new();
        for (t, m) in corpus.tagged.iter().zip(&a.mine) {
            tags.entry(t.tag).or_default().0 += 1;
            if let Some(m) = m {
                tags.entry(*m).or_default().1 += 1;
            }
        }
        let row: Vec<String> = tags
            .iter()
            .map(|(c, (t, m))| format!("{c}:{t}/{m}"))
            .collect();
        println!("per code, tags/kifu: {}", row.join(" "));
    }
    println!(
        "## {label}: {} distinct games ({} repeats left out), {} custom starts, {} untagged, {} without moves, {} compared",
        corpus.games, corpus.repeats, corpus.custom_start, corpus.untagged, corpus.empty, a.compared
    );
    println!(
        "agreement {} / {} = {:.2}%",
        a.agreed,
        a.compared,
        100.0 * a.share()
    );
    let mut pairs: Vec<_> = a.differ.iter().collect();
    pairs.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    for ((tag, mine), games) in pairs.iter().take(80) {
        let t = &corpus.tagged[games[0]];
        println!(
            "{:5} tag {} kifu {}  e.g. {}: {}",
            games.len(),
            tag,
            code_text(*mine),
            t.member,
            line(t, 24)
        );
    }
}

fn shares(codes: impl Iterator<Item = Code>) -> Vec<(Family, f64)> {
    let mut n = [0usize; 5];
    for c in codes {
        n[c.family as usize] += 1;
    }
    let total = n.iter().sum::<usize>().max(1) as f64;
    Family::ALL
        .into_iter()
        .map(|f| (f, 100.0 * n[f as usize] as f64 / total))
        .collect()
}

/// The floor under the measured agreement (95.2% over 27,949 tagged distinct games, see
/// the notes): the 98% is not reached because CCPD's tags follow another edition
/// of the numbering (never C25, C46, B56; C85 and C86 swapped; D03 for 顺炮顺横车 lines
/// D04–D05 define), which kifu does not copy.
#[test]
fn ccpd_tags_agree_at_least_as_measured() {
    let Some(corpus) = corpus::ccpd() else { return };
    let a = Agreement::of(&corpus);
    assert_eq!(corpus.games, 27_950);
    assert!(a.share() >= 0.952, "agreement {:.4}", a.share());
}

/// The same over dpxq's DhtmlXQ games (97.6% measured).
#[test]
fn dpxq_open_codes_agree_at_least_as_measured() {
    let Some(corpus) = corpus::dpxq() else { return };
    let a = Agreement::of(&corpus);
    assert!(a.compared >= 9_900, "{}", a.compared);
    assert!(a.share() >= 0.976, "agreement {:.4}", a.share());
}

/// Prints the agreement figures, the disagreements by pair with an example each, and the
/// family shares (kifu's and the tags') over CCPD.
#[test]
#[ignore = "prints the notes' tables; run by hand"]
fn disagreements() {
    for (label, corpus) in [("CCPD 對局", corpus::ccpd()), ("dpxq", corpus::dpxq())] {
        let Some(corpus) = corpus else { continue };
        let a = Agreement::of(&corpus);
        report(label, &corpus, &a);
        let fmt = |v: Vec<(Family, f64)>| {
            v.iter()
                .map(|(f, s)| format!("{f} {s:.1}%"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        println!(
            "family shares, kifu: {}",
            fmt(shares(a.mine.iter().flatten().copied()))
        );
        println!(
            "family shares, tags: {}",
            fmt(shares(corpus.tagged.iter().map(|t| t.tag)))
        );
    }
}
