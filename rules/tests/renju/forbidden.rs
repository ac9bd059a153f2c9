//! Every case of the shared forbidden-move suites.

use kifu_rules::renju::{Board, ForbiddenKind, Point, Position, Stone};
use serde_json::Value;

fn pt(s: &str) -> Point {
    s.parse()
        .unwrap_or_else(|e| panic!("bad point {s:?} in the test data: {e}"))
}

fn pts(v: &Value) -> Vec<Point> {
    v.as_array()
        .map(|a| a.iter().map(|x| pt(x.as_str().unwrap())).collect())
        .unwrap_or_default()
}

fn kind_ok(got: Option<ForbiddenKind>, expected: &str) -> bool {
    match expected {
        "forbidden" => got.is_some(),
        "legal" => got.is_none(),
        k => got == Some(ForbiddenKind::from_name(k).expect("known kind")),
    }
}

fn show(k: Option<ForbiddenKind>) -> &'static str {
    k.map_or("legal", ForbiddenKind::camel_name)
}

/// Sorted as the suite sorts (plain string order).
fn names(points: impl IntoIterator<Item = Point>) -> Vec<String> {
    let mut v: Vec<String> = points.into_iter().map(|p| p.to_string()).collect();
    v.sort();
    v
}

#[test]
fn forbidden_cases_json() {
    let Some(path) = crate::shared_file("data/renju/forbidden/forbidden_cases.json") else {
        return;
    };
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = doc["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 46, "the suite keeps 46 cases");
    let mut failures = Vec::new();
    let mut checks = 0;
    for case in cases {
        let id = case["id"].as_str().unwrap();
        let black = pts(&case["black"]);
        let white = pts(&case["white"]);
        let board = Board::with_stones(&black, &white);
        assert_eq!(board.stone_count(), black.len() + white.len(), "{id}");

        // The move order, when given, reaches the same board (Black to move).
        if let Some(moves) = case["moves"].as_array() {
            let moves: Vec<_> = moves
                .iter()
                .map(|m| kifu_rules::renju::parse_move(m.as_str().unwrap()).unwrap())
                .collect();
            match Position::from_moves(&moves) {
                Ok(pos) => {
                    if pos.board() != &board || pos.to_move() != Stone::Black {
                        failures.push(format!("{id}: the moves do not give the stone lists"));
                    }
                }
                Err(e) => failures.push(format!("{id}: moves do not play: {e}")),
            }
        }

        // The rows diagram agrees too.
        if let Some(rows) = case["board_rows_top_to_bottom"].as_array() {
            for (i, row) in rows.iter().enumerate() {
                for (col, ch) in row.as_str().unwrap().chars().enumerate() {
                    let p = Point::new(col as u8, 14 - i as u8).unwrap();
                    let want = match ch {
                        'X' => Some(Stone::Black),
                        'O' => Some(Stone::White),
                        _ => None,
                    };
                    if board.get(p) != want {
                        failures.push(format!("{id}: diagram disagrees at {p}"));
                    }
                }
            }
        }

        if let Some(exact) = case["expected_forbidden_exact"].as_array() {
            checks += 1;
            let want: Vec<String> = names(exact.iter().map(|x| pt(x.as_str().unwrap())));
            let got_pairs = board.forbidden_points();
            let got = names(got_pairs.iter().map(|&(p, _)| p));
            if got != want {
                failures.push(format!(
                    "{id}: forbidden set {got:?}, expected {want:?} (kinds {:?})",
                    got_pairs
                        .iter()
                        .map(|(p, k)| format!("{p}:{}", k.camel_name()))
                        .collect::<Vec<_>>()
                ));
            }
            // forbidden() agrees with forbidden_points() everywhere.
            for p in Point::all() {
                let single = board.forbidden(p);
                let listed = got_pairs.iter().find(|x| x.0 == p).map(|x| x.1);
                if single != listed {
                    failures.push(format!(
                        "{id}: forbidden({p}) = {single:?}, listed {listed:?}"
                    ));
                }
            }
        }
        if let Some(pc) = case["expected_point_checks"].as_array() {
            for c in pc {
                checks += 1;
                let p = pt(c["point"].as_str().unwrap());
                let exp = c["expected"].as_str().unwrap();
                let got = board.forbidden(p);
                if !kind_ok(got, exp) {
                    failures.push(format!("{id}: {p} is {}, expected {exp}", show(got)));
                }
            }
        }
        if let Some(kinds) = case["expected_kinds"].as_object() {
            for (p, k) in kinds {
                checks += 1;
                let p = pt(p);
                let exp = k.as_str().unwrap();
                let got = board.forbidden(p);
                if !kind_ok(got, exp) {
                    failures.push(format!("{id}: {p} is {}, expected kind {exp}", show(got)));
                }
            }
        }
        if let Some(dc) = case["derived_checks"].as_array() {
            for c in dc {
                checks += 1;
                let mut b = board.clone();
                for p in pts(&c["extra_black"]) {
                    b.place(p, Stone::Black);
                }
                let p = pt(c["point"].as_str().unwrap());
                let exp = c["expected"].as_str().unwrap();
                let got = b.forbidden(p);
                if !kind_ok(got, exp) {
                    failures.push(format!(
                        "{id} (derived, extra black {:?}): {p} is {}, expected {exp}",
                        c["extra_black"],
                        show(got)
                    ));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failure(s) in forbidden_cases.json:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!("forbidden_cases.json: 46 cases, {checks} checks passed");
}

/// GTP letters: A–H, J–P (no I).
fn gtp(s: &str) -> Point {
    let mut cs = s.chars();
    let c = cs.next().unwrap().to_ascii_uppercase();
    let col = "ABCDEFGHJKLMNOP"
        .find(c)
        .unwrap_or_else(|| panic!("bad GTP column in {s}"));
    let row: u8 = cs.as_str().parse().unwrap();
    Point::new(col as u8, row - 1).unwrap()
}

#[test]
fn famegon_cases_json() {
    let Some(path) = crate::shared_file("data/renju/forbidden/famegon_renju_forbidden_cases.json")
    else {
        return;
    };
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = doc["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 6);
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let mut pos = Position::new();
        for m in case["moves"].as_array().unwrap() {
            let colour = match m[0].as_str().unwrap() {
                "B" => Stone::Black,
                _ => Stone::White,
            };
            assert_eq!(colour, pos.to_move(), "{name}: moves alternate");
            pos.play(Some(gtp(m[1].as_str().unwrap()))).unwrap();
        }
        let next = match case["nextPlayer"].as_str().unwrap() {
            "B" => Stone::Black,
            _ => Stone::White,
        };
        assert_eq!(pos.to_move(), next, "{name}");
        let forbidden = pos.forbidden_points();
        for p in case["mustBeForbidden"].as_array().unwrap() {
            let p = gtp(p.as_str().unwrap());
            if !forbidden.iter().any(|x| x.0 == p) {
                failures.push(format!(
                    "{name}: {p} should be forbidden, got {forbidden:?}"
                ));
            }
        }
        for p in case["mustBeLegal"].as_array().unwrap() {
            let p = gtp(p.as_str().unwrap());
            if forbidden.iter().any(|x| x.0 == p) {
                failures.push(format!("{name}: {p} should be legal"));
            }
            if next == Stone::Black && pos.board().forbidden(p).is_some() {
                failures.push(format!("{name}: {p} should be legal for Black"));
            }
        }
        if next == Stone::White && !forbidden.is_empty() {
            failures.push(format!(
                "{name}: White to move, yet forbidden points {forbidden:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A slow, independent re-statement of the definitions on the whole board (no windows,
/// no filter), compared with the engine on random crowded positions.
fn naive(b: &mut Board, p: Point) -> Option<ForbiddenKind> {
    const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let line_pts = |p: Point, d: usize| -> Vec<Point> {
        let (dc, dr) = DIRS[d];
        (-4..=4)
            .filter(|&k| k != 0)
            .filter_map(|k| Point::new_i32(p.col() as i32 + k * dc, p.row() as i32 + k * dr))
            .collect()
    };
    // Completion points of exact fives through p in direction d (p on the board).
    let fives = |b: &mut Board, d: usize| -> Vec<Point> {
        let mut out = Vec::new();
        for q in line_pts(p, d) {
            if b.is_empty(q) {
                b.place(q, Stone::Black);
                if b.run_length(p, Stone::Black, d) == 5 {
                    out.push(q);
                }
                b.remove(q);
            }
        }
        out
    };
    let dist = |a: Point, c: Point| {
        (a.col() as i32 - c.col() as i32)
            .abs()
            .max((a.row() as i32 - c.row() as i32).abs())
    };
    let straight = |s: &[Point]| s.len() == 2 && dist(s[0], s[1]) == 5;
    b.place(p, Stone::Black);
    let runs: Vec<u32> = (0..4).map(|d| b.run_length(p, Stone::Black, d)).collect();
    let result = if runs.contains(&5) {
        None
    } else if runs.iter().any(|&r| r >= 6) {
        Some(ForbiddenKind::Overline)
    } else {
        let mut fours = 0;
        let mut four_dir = [false; 4];
        for (d, fd) in four_dir.iter_mut().enumerate() {
            let s = fives(b, d);
            let n = if straight(&s) { 1 } else { s.len() };
            *fd = n > 0;
            fours += n;
        }
        if fours >= 2 {
            Some(ForbiddenKind::DoubleFour)
        } else {
            let mut real = 0;
            for (d, &has_four) in four_dir.iter().enumerate() {
                if has_four {
                    continue;
                }
                let mut is_real = false;
                for q in line_pts(p, d) {
                    if !b.is_empty(q) {
                        continue;
                    }
                    b.place(q, Stone::Black);
                    let s = fives(b, d);
                    b.remove(q);
                    if straight(&s) && naive(b, q).is_none() {
                        is_real = true;
                        break;
                    }
                }
                real += is_real as u32;
            }
            (real >= 2).then_some(ForbiddenKind::DoubleThree)
        }
    };
    b.remove(p);
    result
}

#[test]
fn engine_matches_naive_definition_on_random_positions() {
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: u32| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as u32
    };
    let mut compared = 0;
    let mut forbidden_seen = [0usize; 3];
    for _ in 0..400 {
        let mut b = Board::new();
        let stones = 10 + next(40);
        let span = 5 + next(6); // crowd the stones into a square of this size
        let lo = 7 - span / 2;
        for i in 0..stones {
            let p = Point::new((lo + next(span)) as u8, (lo + next(span)) as u8).unwrap();
            if b.is_empty(p) {
                // Black-heavy, so that forbidden shapes are common.
                let s = if i % 3 == 0 {
                    Stone::White
                } else {
                    Stone::Black
                };
                b.place(p, s);
            }
        }
        for p in Point::all().filter(|&p| b.is_empty(p)) {
            let mut scratch = b.clone();
            let want = naive(&mut scratch, p);
            let got = b.forbidden(p);
            assert_eq!(got, want, "at {p} on {b:?}");
            compared += 1;
            if let Some(k) = got {
                forbidden_seen[k as usize] += 1;
            }
        }
    }
    eprintln!("naive cross-check: {compared} points, forbidden {forbidden_seen:?}");
    assert!(forbidden_seen.iter().all(|&n| n > 20), "{forbidden_seen:?}");
}
