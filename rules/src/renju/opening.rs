//! The 26 canonical openings (基本26珠型) and the opening rules (開局規定) as far as a
//! record carries the data to check them.
//!
//! Clauses cited: `renju opening rule N (step)` refers to 開局規定N of
//! `renju-opening-rules.ja.txt` (1 = 2題打ち RIF, 2 = 題数打ち Yamaguchi, 3 = 四珠交替打ち
//! Soosõrv, 4 = 五珠交替打ち Taraguchi) and its numbered steps; `renju §9-6 a` is the
//! tournament rule that 5th-move proposals must not be the same shape "regardless of the
//! board edge".

use super::point::{Move, Point};
use super::symmetry::{equivalent_in_shape, shape_symmetries, Symmetry};
use crate::finding::{Finding, Severity};
use kifu_parser::raw::OpeningData;

/// One of the 26 canonical openings, in its standard orientation (`h8 h9 X` for the
/// direct openings D1–D13, `h8 i9 X` for the indirect ones I1–I13).
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Opening {
    /// `D1` … `D13`, `I1` … `I13`.
    pub code: &'static str,
    /// RIF romaji name (`Kansei`).
    pub romaji: &'static str,
    /// Japanese name (`寒星`).
    pub kanji: &'static str,
    /// Moves 1–3.
    pub moves: [Point; 3],
}

impl Opening {
    /// The number within its family, 1–13.
    pub fn number(&self) -> u8 {
        self.code[1..].parse().expect("table codes are D1..I13")
    }

    pub fn by_code(code: &str) -> Option<&'static Opening> {
        OPENINGS.iter().find(|o| o.code.eq_ignore_ascii_case(code))
    }
}

const H8: Point = Point::at(7, 7);
const H9: Point = Point::at(7, 8);
const I9: Point = Point::at(8, 8);

const fn o(
    code: &'static str,
    romaji: &'static str,
    kanji: &'static str,
    m2: Point,
    col: u8,
    row: u8,
) -> Opening {
    Opening {
        code,
        romaji,
        kanji,
        moves: [H8, m2, Point::at(col, row)],
    }
}

// Columns a=0 … o=14, rows 1=0 … 15=14 (h10 = (7, 9)).
/// The 26 canonical openings, D1–D13 then I1–I13 (rule knowledge from
/// `renju-opening-rules.ja.txt` 基本26珠型; checked against `openings26.tsv` by a test).
pub static OPENINGS: [Opening; 26] = [
    o("D1", "Kansei", "寒星", H9, 7, 9),     // h10
    o("D2", "Keigetsu", "渓月", H9, 8, 9),   // i10
    o("D3", "Sosei", "疎星", H9, 9, 9),      // j10
    o("D4", "Kagetsu", "花月", H9, 8, 8),    // i9
    o("D5", "Zangetsu", "残月", H9, 9, 8),   // j9
    o("D6", "Ugetsu", "雨月", H9, 8, 7),     // i8
    o("D7", "Kinsei", "金星", H9, 9, 7),     // j8
    o("D8", "Shogetsu", "松月", H9, 7, 6),   // h7
    o("D9", "Kyugetsu", "丘月", H9, 8, 6),   // i7
    o("D10", "Shingetsu", "新月", H9, 9, 6), // j7
    o("D11", "Zuisei", "瑞星", H9, 7, 5),    // h6
    o("D12", "Sangetsu", "山月", H9, 8, 5),  // i6
    o("D13", "Yusei", "遊星", H9, 9, 5),     // j6
    o("I1", "Chosei", "長星", I9, 9, 9),     // j10
    o("I2", "Kyogetsu", "峡月", I9, 9, 8),   // j9
    o("I3", "Kosei", "恒星", I9, 9, 7),      // j8
    o("I4", "Suigetsu", "水月", I9, 9, 6),   // j7
    o("I5", "Ryusei", "流星", I9, 9, 5),     // j6
    o("I6", "Ungetsu", "雲月", I9, 8, 7),    // i8
    o("I7", "Hogetsu", "浦月", I9, 8, 6),    // i7
    o("I8", "Rangetsu", "嵐月", I9, 8, 5),   // i6
    o("I9", "Gingetsu", "銀月", I9, 7, 6),   // h7
    o("I10", "Myojo", "明星", I9, 7, 5),     // h6
    o("I11", "Shagetsu", "斜月", I9, 6, 6),  // g7
    o("I12", "Meigetsu", "名月", I9, 6, 5),  // g6
    o("I13", "Suisei", "彗星", I9, 5, 5),    // f6
];

/// The canonical opening of a game's first three moves, under the 8 board symmetries.
/// Returns the opening and the symmetry `s` with `s.apply(move_k) == opening.moves[k]`.
/// `None` if there are fewer than three moves, a pass among them, or no match.
pub fn classify(moves: &[Move]) -> Option<(&'static Opening, Symmetry)> {
    let (m1, m2, m3) = match moves {
        [Some(a), Some(b), Some(c), ..] => (*a, *b, *c),
        _ => return None,
    };
    if m1 != H8 {
        return None; // every symmetry fixes h8
    }
    for s in Symmetry::ALL {
        let family = match s.apply(m2) {
            p if p == H9 => &OPENINGS[..13],
            p if p == I9 => &OPENINGS[13..],
            _ => continue,
        };
        let t = s.apply(m3);
        if let Some(o) = family.iter().find(|o| o.moves[2] == t) {
            return Some((o, s));
        }
    }
    None
}

/// An opening rule a record can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OpeningRule {
    /// 2題打ち (RIF rule): canonical opening, exactly 2 proposals.
    Rif,
    /// 題数打ち: canonical opening, N proposals declared with it.
    Yamaguchi,
    /// 四珠交替打ち: canonical opening, N ∈ 1..=max proposals declared with move 4
    /// (`max` 4, or 8 for Soosõrv-8).
    Soosorv { max: u8 },
    /// 五珠交替打ち: move k within the (2k−1)×(2k−1) square around h8; 1 proposal, or 5
    /// with the option.
    Taraguchi,
    /// Taraguchi-10: moves 1–4 as Taraguchi, 10 proposals.
    Taraguchi10,
    /// 除外システム: the rule actually played is not named; only the general proposal
    /// rules are checked.
    Exclusion,
}

impl OpeningRule {
    /// Lenient match of a rule name as written (`RIF`, `renju`, `Soosõrv-8`, `sooosorv`,
    /// `Taraguchi-10`, …); `None` for a name it does not know.
    pub fn from_name(name: &str) -> Option<OpeningRule> {
        let key: String = name
            .chars()
            .map(|c| match c {
                'õ' | 'ö' | 'ó' | 'ô' | 'ò' | 'Õ' | 'Ö' | 'Ó' => 'o',
                c => c.to_ascii_lowercase(),
            })
            .filter(|c| c.is_ascii_alphanumeric())
            .collect();
        Some(match key.as_str() {
            "rif" | "renju" | "rifrule" | "rifrules" => OpeningRule::Rif,
            "yamaguchi" => OpeningRule::Yamaguchi,
            "soosorv" | "sooosorv" | "soosorv4" | "sooosorv4" => OpeningRule::Soosorv { max: 4 },
            "soosorv8" | "sooosorv8" => OpeningRule::Soosorv { max: 8 },
            "taraguchi" => OpeningRule::Taraguchi,
            "taraguchi10" => OpeningRule::Taraguchi10,
            "exclusion" => OpeningRule::Exclusion,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::Rif => "rif",
            OpeningRule::Yamaguchi => "yamaguchi",
            OpeningRule::Soosorv { max: 8 } => "soosorv-8",
            OpeningRule::Soosorv { .. } => "soosorv",
            OpeningRule::Taraguchi => "taraguchi",
            OpeningRule::Taraguchi10 => "taraguchi-10",
            OpeningRule::Exclusion => "exclusion",
        }
    }

    /// 開局規定 number in `renju-opening-rules.ja.txt` (0 for the exclusion system).
    fn number(self) -> u8 {
        match self {
            OpeningRule::Rif => 1,
            OpeningRule::Yamaguchi => 2,
            OpeningRule::Soosorv { .. } => 3,
            OpeningRule::Taraguchi | OpeningRule::Taraguchi10 => 4,
            OpeningRule::Exclusion => 0,
        }
    }
}

/// Chebyshev distance from h8.
fn dist_h8(p: Point) -> u8 {
    p.col().abs_diff(7).max(p.row().abs_diff(7))
}

fn violation(ply: Option<u32>, rule: &'static str, message: String) -> Finding {
    Finding {
        ply,
        code: "opening-rule-violation",
        severity: Severity::Warning,
        message,
        rule,
        forbidden: None,
        node: None,
    }
}

fn mv(m: Move) -> String {
    super::point::move_text(m)
}

/// Checks a record against its opening rule: moves 1–3 (or 1–5 for Taraguchi), the number
/// of 5th-move proposals against the rule and the declared number, and the proposals
/// themselves (empty distinct points, pairwise not the same shape under the symmetries of
/// the 4-stone position ignoring the board edge, §9-6 a; the 5th move kept among them).
/// `moves` are the moves of the game as applied (valid points, passes as `None`).
/// Every finding has the code `opening-rule-violation` (warning).
pub fn validate(rule: OpeningRule, moves: &[Move], data: &OpeningData) -> Vec<Finding> {
    let mut out = Vec::new();
    let rname = rule.name();

    // Moves 1..: position limits.
    match rule {
        OpeningRule::Rif | OpeningRule::Yamaguchi | OpeningRule::Soosorv { .. } => {
            let clause = match rule.number() {
                1 => "renju opening rule 1 (1)",
                2 => "renju opening rule 2 (1)",
                _ => "renju opening rule 3 (1)",
            };
            // Canonical: 1 at h8, 2 adjacent to h8, 3 within the 5×5 square around h8.
            for (k, &m) in moves.iter().take(3).enumerate() {
                let ply = k as u32 + 1;
                let ok = match m {
                    None => false,
                    Some(p) => dist_h8(p) == k as u8 || (k == 2 && dist_h8(p) == 1),
                };
                if !ok {
                    let need = match k {
                        0 => "must be h8",
                        1 => "must be next to h8",
                        _ => "must be within two lines of h8 (the 5×5 square)",
                    };
                    out.push(violation(
                        Some(ply),
                        clause,
                        format!(
                            "under the {rname} rule moves 1-3 must form one of the 26 canonical \
                             openings: move {ply} {} {need}",
                            mv(m)
                        ),
                    ));
                    break;
                }
            }
        }
        OpeningRule::Taraguchi | OpeningRule::Taraguchi10 => {
            let last = if rule == OpeningRule::Taraguchi { 5 } else { 4 };
            const STEPS: [&str; 5] = [
                "renju opening rule 4 (1-a)",
                "renju opening rule 4 (2-a)",
                "renju opening rule 4 (3-a)",
                "renju opening rule 4 (4-a)",
                "renju opening rule 4 (5-a)",
            ];
            for (k, &m) in moves.iter().take(last).enumerate() {
                let ply = k as u32 + 1;
                let ok = matches!(m, Some(p) if dist_h8(p) as usize <= k);
                if !ok {
                    let side = 2 * k + 1;
                    out.push(violation(
                        Some(ply),
                        STEPS[k],
                        if k == 0 {
                            format!("under the {rname} rule move 1 must be h8, not {}", mv(m))
                        } else {
                            format!(
                                "under the {rname} rule move {ply} must be within the \
                                 {side}×{side} square centred on h8, not {}",
                                mv(m)
                            )
                        },
                    ));
                }
            }
        }
        OpeningRule::Exclusion => {}
    }

    // Proposals.
    let props = &data.proposals;
    let n = props.len();
    if n == 0 && data.declared_proposals.is_none() {
        return out;
    }
    let count_clause = match rule {
        OpeningRule::Rif => "renju opening rule 1 (4)",
        OpeningRule::Yamaguchi => "renju opening rule 2 (4)",
        OpeningRule::Soosorv { .. } => "renju opening rule 3 (4)",
        OpeningRule::Taraguchi | OpeningRule::Taraguchi10 => "renju opening rule 4 (option-2)",
        OpeningRule::Exclusion => "renju §9-6",
    };
    if let OpeningRule::Soosorv { max } = rule {
        if let Some(d) = data.declared_proposals {
            if d < 1 || d > max {
                out.push(violation(
                    Some(4),
                    "renju opening rule 3 (3-a)",
                    format!(
                        "under the {rname} rule the number of 5th-move proposals declared with \
                         move 4 must be 1 to {max}, not {d}"
                    ),
                ));
            }
        }
    }
    let expected: Option<String> = match rule {
        OpeningRule::Rif => (n != 2).then(|| "exactly 2".to_string()),
        OpeningRule::Taraguchi => {
            (n != 1 && n != 5).then(|| "1, or 5 with the option declared after move 4".into())
        }
        OpeningRule::Taraguchi10 => (n != 10).then(|| "10".to_string()),
        _ => None,
    };
    if let Some(e) = expected {
        if n > 0 {
            out.push(violation(
                Some(5),
                count_clause,
                format!("the {rname} rule asks for {e} 5th-move proposals; the record has {n}"),
            ));
        }
    }
    if let Some(d) = data.declared_proposals {
        if n > 0 && d as usize != n {
            out.push(violation(
                Some(5),
                count_clause,
                format!("{d} 5th-move proposals were declared but the record gives {n}"),
            ));
        }
    }
    if n == 0 {
        return out;
    }

    // Each proposal: a point of the board, empty after move 4.
    let first4: Vec<Point> = moves.iter().take(4).flatten().copied().collect();
    let mut points: Vec<Point> = Vec::with_capacity(n);
    for (i, raw) in props.iter().enumerate() {
        let k = i + 1;
        let text = match raw.point {
            None => "a pass".to_string(),
            Some((c, r)) => match Point::new(c, r) {
                Some(p) => p.to_string(),
                None => format!("({c},{r}) off the board"),
            },
        };
        match raw.point.and_then(|(c, r)| Point::new(c, r)) {
            None => out.push(violation(
                Some(5),
                count_clause,
                format!("5th-move proposal {k} is {text}, not an empty point of the board"),
            )),
            Some(p) if first4.contains(&p) => out.push(violation(
                Some(5),
                count_clause,
                format!("5th-move proposal {k} ({p}) is on a stone of moves 1-4"),
            )),
            Some(p) => points.push(p),
        }
    }

    // Pairwise distinct and not the same shape (§9-6 a).
    if points.len() >= 2 {
        let (black, white): (Vec<Point>, Vec<Point>) = {
            let mut b = Vec::new();
            let mut w = Vec::new();
            for (i, m) in moves.iter().take(4).enumerate() {
                if let Some(p) = m {
                    if i % 2 == 0 {
                        b.push(*p)
                    } else {
                        w.push(*p)
                    }
                }
            }
            (b, w)
        };
        let syms = if moves.len() >= 4 {
            shape_symmetries(&black, &white)
        } else {
            shape_symmetries(&[], &[])
        };
        for i in 0..points.len() {
            for j in 0..i {
                let (a, b) = (points[j], points[i]);
                if a == b {
                    out.push(violation(
                        Some(5),
                        "renju §9-6 a",
                        format!("5th-move proposal {b} is given twice"),
                    ));
                } else if equivalent_in_shape(&syms, a, b) {
                    out.push(violation(
                        Some(5),
                        "renju §9-6 a",
                        format!(
                            "5th-move proposals {a} and {b} are the same shape: a symmetry of \
                             the position after move 4 (ignoring the board edge) maps one onto \
                             the other"
                        ),
                    ));
                }
            }
        }
    }

    // The 5th move kept is one of the proposals.
    if let Some(&fifth) = moves.get(4) {
        let ok = matches!(fifth, Some(p) if points.contains(&p));
        if !ok && !points.is_empty() {
            let clause = match rule.number() {
                1 => "renju opening rule 1 (5)",
                2 => "renju opening rule 2 (5)",
                3 => "renju opening rule 3 (5)",
                4 => "renju opening rule 4 (option-3)",
                _ => "renju §9-6",
            };
            let list: Vec<String> = points.iter().map(|p| p.to_string()).collect();
            out.push(violation(
                Some(5),
                clause,
                format!(
                    "move 5 {} is not one of the 5th-move proposals ({})",
                    mv(fifth),
                    list.join(", ")
                ),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_names() {
        for (s, r) in [
            ("RIF", OpeningRule::Rif),
            ("renju", OpeningRule::Rif),
            ("Yamaguchi", OpeningRule::Yamaguchi),
            ("Soosõrv", OpeningRule::Soosorv { max: 4 }),
            ("sooosorv", OpeningRule::Soosorv { max: 4 }),
            ("Soosorv-8", OpeningRule::Soosorv { max: 8 }),
            ("taraguchi", OpeningRule::Taraguchi),
            ("Taraguchi-10", OpeningRule::Taraguchi10),
            ("exclusion", OpeningRule::Exclusion),
        ] {
            assert_eq!(OpeningRule::from_name(s), Some(r), "{s}");
        }
        assert_eq!(OpeningRule::from_name("gomoku"), None);
    }

    #[test]
    fn classify_basic() {
        let m = super::super::point::parse_moves("h8 g7 f6").unwrap();
        let (o, s) = classify(&m).unwrap();
        assert_eq!(o.code, "I1");
        assert_eq!(s.apply(m[2].unwrap()), o.moves[2]);
        assert!(classify(&super::super::point::parse_moves("h8 h9 h11").unwrap()).is_none());
    }
}
