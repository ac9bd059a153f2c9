//! Hand-checked games and lines (`ecco/lines.txt`): each line's moves from the standard
//! start and the code the definitions give them, with the kinds the table must handle —
//! catch-alls, transpositions, the mirrored wing, and the codes where the collections'
//! tags differ from the definitions.

use kifu_rules::xiangqi::ecco::{self, Code};
use kifu_rules::xiangqi::{resolve_chinese, Position};

const LINES: &str = include_str!("lines.txt");

/// The table's rows: (line number, expected code, moves).
fn rows() -> Vec<(usize, Option<Code>, &'static str)> {
    LINES
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(n, l)| {
            let mut fields = l.split('|').map(str::trim);
            let code = fields.next().unwrap();
            let moves = fields
                .next()
                .unwrap_or_else(|| panic!("line {}: no moves", n + 1));
            let code = (code != "-").then(|| {
                code.parse()
                    .unwrap_or_else(|e| panic!("line {}: {e}", n + 1))
            });
            (n + 1, code, moves)
        })
        .collect()
}

#[test]
fn the_table_has_the_kinds_it_promises() {
    let kinds = |word: &str| LINES.lines().filter(|l| l.contains(word)).count();
    assert!(rows().len() >= 60);
    assert!(kinds("catch-all") >= 20);
    assert!(kinds("mirrored") >= 10);
    assert!(kinds("transposition") >= 5);
}

#[test]
fn each_line_gets_its_hand_checked_code() {
    let mut wrong = Vec::new();
    for (n, want, text) in rows() {
        let mut pos = Position::startpos();
        let moves: Vec<_> = text
            .split_whitespace()
            .map(|t| {
                let m = resolve_chinese(&pos, t)
                    .unwrap_or_else(|e| panic!("line {n}: {t}: {e}"))
                    .mv;
                pos.make(m);
                m
            })
            .collect();
        let got = ecco::classify(&moves);
        if got.map(|e| e.code) != want {
            let show = |c: Option<Code>| c.map_or("-".to_owned(), |c| c.to_string());
            wrong.push(format!(
                "line {n}: want {}, got {}: {text}",
                show(want),
                show(got.map(|e| e.code))
            ));
        }
        if let Some(e) = got {
            assert_eq!(Some(e.name), ecco::name(e.code));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
