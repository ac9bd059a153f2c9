//! The 26 openings table against openings26.tsv, and classification under symmetry.

use kifu_rules::renju::{classify, Opening, Point, Symmetry, OPENINGS};

#[test]
fn table_equals_tsv() {
    let Some(path) = crate::shared_file("data/renju/openings26.tsv") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    assert!(lines
        .next()
        .unwrap()
        .starts_with("code\tromaji\tkanji\tmove1"));
    let rows: Vec<Vec<&str>> = lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), OPENINGS.len());
    for (row, o) in rows.iter().zip(OPENINGS.iter()) {
        let moves: Vec<String> = o.moves.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            (row[0], row[1], row[2], row[3], row[4], row[5]),
            (
                o.code,
                o.romaji,
                o.kanji,
                moves[0].as_str(),
                moves[1].as_str(),
                moves[2].as_str()
            )
        );
        assert_eq!(Opening::by_code(row[0]).map(|x| x.code), Some(o.code));
    }
}

#[test]
fn every_symmetric_image_classifies() {
    for o in OPENINGS.iter() {
        for s in Symmetry::ALL {
            let moves: Vec<Option<Point>> = o.moves.iter().map(|&p| Some(s.apply(p))).collect();
            let (got, t) = classify(&moves).unwrap_or_else(|| panic!("{} under {s:?}", o.code));
            assert_eq!(got.code, o.code, "{} under {s:?}", o.code);
            for (m, want) in moves.iter().zip(o.moves) {
                assert_eq!(t.apply(m.unwrap()), want);
            }
        }
        // A fourth move does not change the answer.
        let mut moves: Vec<Option<Point>> = o.moves.iter().map(|&p| Some(p)).collect();
        moves.push(None);
        assert_eq!(classify(&moves).unwrap().0.code, o.code);
    }
    // Every legal (h8, adjacent, within 5x5) triple is one of the 26.
    let h8 = Point::CENTER;
    let mut n = 0;
    for m2 in Point::all() {
        for m3 in Point::all() {
            let d = |p: Point| p.col().abs_diff(7).max(p.row().abs_diff(7));
            if d(m2) == 1 && d(m3) <= 2 && m3 != h8 && m3 != m2 {
                n += 1;
                assert!(classify(&[Some(h8), Some(m2), Some(m3)]).is_some());
            }
        }
    }
    assert_eq!(n, 8 * 23);
    assert!(classify(&[
        Some(h8),
        Some("h10".parse().unwrap()),
        Some("h9".parse().unwrap())
    ])
    .is_none());
    assert!(classify(&[Some(h8), None, Some("h9".parse().unwrap())]).is_none());
    assert!(classify(&[Some(h8), Some("h9".parse().unwrap())]).is_none());
}
