//! The embedded table against the published definitions (`data/xiangqi/ecco/ecco2004.txt`):
//! the same assigned codes, the same names, and the same moves — every move a code's text
//! writes is in the code's table lines, and every move of the table lines is written in the
//! code's group (heading and codes; for C also C0's heading) or the position it starts
//! from (`从C20局面开始`), save the readings the table's module documents.

use std::collections::{BTreeMap, BTreeSet};

use kifu_rules::xiangqi::ecco::{definitions, Code, Word};
use kifu_rules::xiangqi::Side;

use crate::shared_file;

/// One code's text in the definitions.
#[derive(Default)]
struct Text {
    name: String,
    /// The lines after the code's heading, up to the next heading.
    body: String,
}

/// The published text, cut into codes (assigned ones only) and group headings.
struct Published {
    codes: BTreeMap<Code, Text>,
    /// Group (`C2`) → the lines between its heading and its first code (X局面 lines).
    groups: BTreeMap<String, String>,
}

fn read_published() -> Option<Published> {
    let path = shared_file("data/xiangqi/ecco/ecco2004.txt")?;
    let text = std::fs::read_to_string(path).unwrap();
    let mut codes: BTreeMap<Code, Text> = BTreeMap::new();
    let mut groups: BTreeMap<String, String> = BTreeMap::new();
    enum Into {
        Nothing,
        Code(Code),
        Group(String),
    }
    let mut into = Into::Nothing;
    for line in text.lines() {
        let t = line.trim();
        let head: Vec<char> = t.chars().take(4).collect();
        let is_code = head.len() == 4
            && head[3] == '．'
            && ('A'..='E').contains(&head[0])
            && head[1].is_ascii_digit()
            && head[2].is_ascii_digit();
        let is_group = head.len() >= 3
            && head[2] == '．'
            && ('A'..='E').contains(&head[0])
            && head[1].is_ascii_digit();
        let is_anchor = head.len() == 4
            && head[..3].iter().all(char::is_ascii_alphanumeric)
            && t[3..].starts_with("局面 =");
        if is_anchor {
            // `C72局面 = …` belongs to its group, not to the code above it.
            into = Into::Group(t[..2].to_owned());
            let body = groups.entry(t[..2].to_owned()).or_default();
            body.push_str(t);
            body.push('\n');
        } else if is_code {
            let code: Code = t[..3].parse().unwrap();
            let name = t[3 + '．'.len_utf8()..].trim().to_owned();
            if name == "空" {
                into = Into::Nothing;
                continue;
            }
            into = Into::Code(code);
            codes.entry(code).or_default().name = name;
        } else if is_group {
            let group = t[..2].to_owned();
            groups.entry(group.clone()).or_default();
            into = Into::Group(group);
        } else {
            match &into {
                Into::Code(c) => {
                    let body = &mut codes.get_mut(c).unwrap().body;
                    body.push_str(t);
                    body.push('\n');
                }
                Into::Group(g) => {
                    let body = groups.get_mut(g).unwrap();
                    body.push_str(t);
                    body.push('\n');
                }
                Into::Nothing => {}
            }
        }
    }
    Some(Published { codes, groups })
}

/// The moves a text writes, each with its side (Red's files in Chinese numerals, Black's
/// in full-width digits).
fn moves_in(text: &str) -> BTreeSet<(bool, String)> {
    let cs: Vec<char> = text.chars().collect();
    let mut out = BTreeSet::new();
    for w in cs.windows(4) {
        let piece = "车马炮相象仕士帅将兵卒".contains(w[0]);
        let red = |c: char| "一二三四五六七八九".contains(c);
        let black = |c: char| ('１'..='９').contains(&c);
        let dir = "进退平".contains(w[2]);
        if piece && dir && (red(w[1]) && red(w[3]) || black(w[1]) && black(w[3])) {
            let red = red(w[1]);
            let word = Word::parse(&w.iter().collect::<String>()).unwrap();
            out.insert((red, word.text(if red { Side::Red } else { Side::Black })));
        }
    }
    out
}

/// The moves of a code's table lines.
fn moves_of_table(code: Code) -> BTreeSet<(bool, String)> {
    let def = definitions().iter().find(|d| d.code == code).unwrap();
    let mut out = BTreeSet::new();
    for line in &def.lines {
        for w in line.red.words() {
            out.insert((true, w.text(Side::Red)));
        }
        for w in line.black.words() {
            out.insert((false, w.text(Side::Black)));
        }
    }
    out
}

/// Moves the table writes that the code's own text does not, by the readings documented
/// in the table's module: (code, side is Red, move).
const READINGS: [(&str, bool, &str); 3] = [
    // B32 is a 反宫马: 马２进３ for the text's 马８进７.
    ("B32", false, "马２进３"),
    // C10 allows what its C11–C14 allow before 车一进一.
    ("C10", true, "马八进七"),
    // B45 allows the pawns B41–B44 of its group allow.
    ("B45", true, "兵三进一"),
];
const READINGS_MORE: [(&str, bool, &str); 1] = [("B45", true, "兵七进一")];
/// Moves of a code's text that the table leaves out: B32's misprinted 马８进７.
const DROPPED: [(&str, bool, &str); 1] = [("B32", false, "马８进７")];

#[test]
fn the_table_holds_the_published_codes_and_names() {
    let Some(published) = read_published() else {
        return;
    };
    let table: Vec<(Code, &str)> = definitions().iter().map(|d| (d.code, d.name)).collect();
    let text: Vec<(Code, &str)> = published
        .codes
        .iter()
        .map(|(c, t)| (*c, t.name.as_str()))
        .collect();
    assert_eq!(text.len(), 260);
    assert_eq!(table, text);
}

#[test]
fn the_table_names_the_published_moves() {
    let Some(published) = read_published() else {
        return;
    };
    let mut wrong = Vec::new();
    for (code, text) in &published.codes {
        let written = moves_in(&text.body);
        // A code's text goes on from its group's heading and the group's first codes
        // (D52–D55 from D51), and every C code from C0's 中炮对屏风马.
        let mut context = written.clone();
        let group = code.to_string()[..2].to_owned();
        context.extend(moves_in(&published.groups[&group]));
        for (other, t) in &published.codes {
            if other.to_string().starts_with(&group) {
                context.extend(moves_in(&t.body));
            }
        }
        if group.starts_with('C') {
            context.extend(moves_in(&published.groups["C0"]));
        }
        // 从C20局面开始 and the like: the anchor's group heading.
        for (i, _) in text.body.match_indices("局面开始") {
            let from = &text.body[..i];
            let anchor: String = from
                .chars()
                .rev()
                .take(3)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let anchor_group = anchor[..2].to_owned();
            if let Some(g) = published.groups.get(&anchor_group) {
                context.extend(moves_in(g));
            }
        }
        let table = moves_of_table(*code);
        let is = |list: &[(&str, bool, &str)], (red, m): &(bool, String)| {
            list.iter()
                .any(|(c, r, t)| *c == code.to_string() && r == red && t == m)
        };
        for m in written.difference(&table) {
            if !is(&DROPPED, m) {
                wrong.push(format!("{code}: the text's {} is not in the table", m.1));
            }
        }
        for m in table.difference(&context) {
            if !is(&READINGS, m) && !is(&READINGS_MORE, m) {
                wrong.push(format!("{code}: the table's {} is not in the text", m.1));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
