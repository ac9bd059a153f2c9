//! The 8 symmetries of the square board, and the edge-free shape symmetries of a stone
//! pattern used for 5th-move proposals (renju §9-6 a).

use super::point::{Move, Point};

/// One of the 8 symmetries of the board about its centre `h8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Symmetry {
    Identity,
    /// Quarter turn anticlockwise.
    Rotate90,
    Rotate180,
    /// Quarter turn clockwise.
    Rotate270,
    /// Mirror left–right (column `c` → `14 − c`).
    FlipColumns,
    /// Mirror top–bottom (row `r` → `14 − r`).
    FlipRows,
    /// Mirror in the a1–o15 diagonal (swap column and row).
    Transpose,
    /// Mirror in the a15–o1 diagonal.
    AntiTranspose,
}

impl Symmetry {
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipColumns,
        Symmetry::FlipRows,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
    ];

    /// Kebab-case name.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "identity",
            Symmetry::Rotate90 => "rotate-90",
            Symmetry::Rotate180 => "rotate-180",
            Symmetry::Rotate270 => "rotate-270",
            Symmetry::FlipColumns => "flip-columns",
            Symmetry::FlipRows => "flip-rows",
            Symmetry::Transpose => "transpose",
            Symmetry::AntiTranspose => "anti-transpose",
        }
    }

    /// The linear part applied to an offset `(dx, dy)` (x = column, y = row).
    #[inline]
    pub fn apply_offset(self, dx: i32, dy: i32) -> (i32, i32) {
        match self {
            Symmetry::Identity => (dx, dy),
            Symmetry::Rotate90 => (-dy, dx),
            Symmetry::Rotate180 => (-dx, -dy),
            Symmetry::Rotate270 => (dy, -dx),
            Symmetry::FlipColumns => (-dx, dy),
            Symmetry::FlipRows => (dx, -dy),
            Symmetry::Transpose => (dy, dx),
            Symmetry::AntiTranspose => (-dy, -dx),
        }
    }

    /// The image of a point under the symmetry about `h8`.
    #[inline]
    pub fn apply(self, p: Point) -> Point {
        let (x, y) = self.apply_offset(p.col() as i32 - 7, p.row() as i32 - 7);
        Point::new_i32(x + 7, y + 7).expect("board symmetries keep points on the board")
    }

    /// The image of a move (a pass stays a pass).
    #[inline]
    pub fn apply_move(self, m: Move) -> Move {
        m.map(|p| self.apply(p))
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            s => s,
        }
    }

    /// The symmetry `p ↦ self(first(p))`.
    pub fn compose(self, first: Symmetry) -> Symmetry {
        let (fx, fy) = first.apply_offset(1, 0);
        let (a, b) = self.apply_offset(fx, fy);
        let (gx, gy) = first.apply_offset(0, 1);
        let (c, d) = self.apply_offset(gx, gy);
        Symmetry::ALL
            .into_iter()
            .find(|s| s.apply_offset(1, 0) == (a, b) && s.apply_offset(0, 1) == (c, d))
            .expect("the symmetries of the square form a group")
    }
}

/// A symmetry of a stone pattern ignoring the board edge: `p ↦ L(p) + t` with `L` one of
/// the 8 linear symmetries and `t` a translation, mapping the black stones onto the black
/// stones and the white stones onto the white stones. Coordinates are unbounded (`i32`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShapeSymmetry {
    pub linear: Symmetry,
    pub translation: (i32, i32),
}

impl ShapeSymmetry {
    #[inline]
    pub fn apply_xy(self, x: i32, y: i32) -> (i32, i32) {
        let (a, b) = self.linear.apply_offset(x, y);
        (a + self.translation.0, b + self.translation.1)
    }

    /// The image of a point, if it stays on the board.
    pub fn apply(self, p: Point) -> Option<Point> {
        let (x, y) = self.apply_xy(p.col() as i32, p.row() as i32);
        Point::new_i32(x, y)
    }
}

fn xy(p: Point) -> (i32, i32) {
    (p.col() as i32, p.row() as i32)
}

fn maps_onto(g: ShapeSymmetry, set: &[Point]) -> bool {
    set.iter().all(|&p| {
        let q = g.apply_xy(p.col() as i32, p.row() as i32);
        set.iter().any(|&s| xy(s) == q)
    })
}

/// All shape symmetries of the pattern (black stones, white stones), the identity first.
/// Because the pattern is finite and the map is an isometry, "maps into itself" is "maps
/// onto itself"; the translation is fixed by where one stone goes, so at most 8 × n
/// candidates are tried. The board edge plays no part (renju §9-6 a: 盤端に関係なく).
/// With no stones at all, only the identity is returned (any translation would do).
pub fn shape_symmetries(black: &[Point], white: &[Point]) -> Vec<ShapeSymmetry> {
    let mut out = vec![ShapeSymmetry {
        linear: Symmetry::Identity,
        translation: (0, 0),
    }];
    let (anchor, same) = match (black.first(), white.first()) {
        (Some(&a), _) => (a, black),
        (None, Some(&a)) => (a, white),
        (None, None) => return out,
    };
    for linear in Symmetry::ALL {
        let (lx, ly) = linear.apply_offset(anchor.col() as i32, anchor.row() as i32);
        for &target in same {
            let g = ShapeSymmetry {
                linear,
                translation: (target.col() as i32 - lx, target.row() as i32 - ly),
            };
            if g.linear == Symmetry::Identity && g.translation == (0, 0) {
                continue;
            }
            if maps_onto(g, black) && maps_onto(g, white) && !out.contains(&g) {
                out.push(g);
            }
        }
    }
    out
}

/// Whether `a` and `b` are the same point up to a shape symmetry of the pattern
/// (equal points included).
pub fn equivalent_in_shape(symmetries: &[ShapeSymmetry], a: Point, b: Point) -> bool {
    symmetries
        .iter()
        .any(|g| g.apply_xy(a.col() as i32, a.row() as i32) == xy(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_laws() {
        for s in Symmetry::ALL {
            for p in Point::all() {
                assert_eq!(s.inverse().apply(s.apply(p)), p);
            }
            for t in Symmetry::ALL {
                let st = s.compose(t);
                for p in Point::all().step_by(7) {
                    assert_eq!(st.apply(p), s.apply(t.apply(p)));
                }
            }
        }
        let images: std::collections::HashSet<Point> = Symmetry::ALL
            .iter()
            .map(|s| s.apply("i9".parse().unwrap()))
            .collect();
        assert_eq!(images.len(), 4);
    }

    #[test]
    fn shape_symmetry_ignores_the_edge() {
        let p = |s: &str| s.parse::<Point>().unwrap();
        // D4 Kagetsu h8 h9 i9 plus white i8? black h8 i9, white h9 i8: symmetric in the
        // h8–i9 diagonal, also a half turn? No: the half turn swaps h8/i9 (black) and
        // h9/i8 (white), so it is a symmetry too.
        let syms = shape_symmetries(&[p("h8"), p("i9")], &[p("h9"), p("i8")]);
        assert_eq!(syms.len(), 4);
        // The same shape in the corner keeps its symmetries.
        let syms2 = shape_symmetries(&[p("a1"), p("b2")], &[p("a2"), p("b1")]);
        assert_eq!(syms2.len(), 4);
        assert!(equivalent_in_shape(&syms2, p("c3"), p("c3")));
    }
}
