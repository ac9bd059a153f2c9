//! The 15×15 board, fives and overlines, and Black's forbidden moves (renju §6, §8-9).
//!
//! Definitions (renju.md, "Winning and forbidden moves"):
//! - a *five* is exactly five stones in a row, an *overline* six or more; White wins with
//!   either, Black with an exact five only;
//! - a *four* (through the new stone) is a line that one more stone turns into a five (for
//!   Black an exact five); a *straight four* has two such points and counts as one four;
//!   two completion points that are not the two ends of one straight four are two fours on
//!   one line (`X.XXX.X`, `XX.XX.XX`, …);
//! - a *three* is a line that one more stone turns into a straight four, and for Black it is
//!   *real* only if at least one of those straight-four points is not itself forbidden,
//!   judged on the board with the candidate stone added (recursively);
//! - a move that makes an exact five is never forbidden (five precedence, §6 禁手 附1); so a
//!   straight-four point that also completes a five keeps its three real (renju.md
//!   [decision], as realcore and quintet; Rapfi and Piskvork differ).
//!
//! The judgement works on 11-cell windows of each line through the point (five cells each
//! side are all an exact-five test can look at) and copies the 225-byte board once per
//! query; the recursion places and removes stones on that copy. No heap allocation.

use super::point::{Point, AREA};
use std::fmt;

/// A stone colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stone {
    Black,
    White,
}

impl Stone {
    /// The seat the colour sits in: Black moves first.
    pub fn seat(self) -> kifu_facts::Seat {
        match self {
            Stone::Black => kifu_facts::Seat::FIRST,
            Stone::White => kifu_facts::Seat::SECOND,
        }
    }

    /// Who sits in `seat`; `None` past the second.
    pub fn of_seat(seat: kifu_facts::Seat) -> Option<Stone> {
        match seat {
            kifu_facts::Seat::FIRST => Some(Stone::Black),
            kifu_facts::Seat::SECOND => Some(Stone::White),
            _ => None,
        }
    }

    pub fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// `black` / `white`.
    pub fn name(self) -> &'static str {
        match self {
            Stone::Black => "black",
            Stone::White => "white",
        }
    }

    /// `Black` / `White`, for messages.
    pub fn title(self) -> &'static str {
        match self {
            Stone::Black => "Black",
            Stone::White => "White",
        }
    }

    /// The diagram character: `X` black, `O` white.
    pub fn symbol(self) -> char {
        match self {
            Stone::Black => 'X',
            Stone::White => 'O',
        }
    }

    /// The colour that plays ply `ply` (1-based): odd plies Black.
    pub fn of_ply(ply: u32) -> Stone {
        if ply % 2 == 1 {
            Stone::Black
        } else {
            Stone::White
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

pub use kifu_facts::ForbiddenKind;

const EMPTY: u8 = 0;
const BLACK: u8 = 1;
const WHITE: u8 = 2;
const WALL: u8 = 3;

/// The four line directions `(dcol, drow)`: horizontal, vertical, diagonal, anti-diagonal.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The judged point's index in an 11-cell line window: cells 0..5 and 6..11 are the five
/// cells on each side (see [`Line`]).
const C: usize = 5;

fn code(s: Stone) -> u8 {
    match s {
        Stone::Black => BLACK,
        Stone::White => WHITE,
    }
}

/// A 15×15 Renju board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [u8; AREA],
    stones: u16,
}

impl Default for Board {
    fn default() -> Board {
        Board::new()
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {{")?;
        for row in (0..15u8).rev() {
            let line: String = (0..15u8)
                .map(|col| match self.get(Point::at(col, row)) {
                    Some(s) => s.symbol(),
                    None => '.',
                })
                .collect();
            writeln!(f, "  {line}")?;
        }
        write!(f, "}}")
    }
}

impl Board {
    pub fn new() -> Board {
        Board {
            cells: [EMPTY; AREA],
            stones: 0,
        }
    }

    /// A board with the given black and white stones (later duplicates overwrite).
    pub fn with_stones(black: &[Point], white: &[Point]) -> Board {
        let mut b = Board::new();
        for &p in black {
            b.place(p, Stone::Black);
        }
        for &p in white {
            b.place(p, Stone::White);
        }
        b
    }

    #[inline]
    pub fn get(&self, p: Point) -> Option<Stone> {
        match self.cells[p.index() as usize] {
            BLACK => Some(Stone::Black),
            WHITE => Some(Stone::White),
            _ => None,
        }
    }

    #[inline]
    pub fn is_empty(&self, p: Point) -> bool {
        self.cells[p.index() as usize] == EMPTY
    }

    /// Puts a stone on `p` (replacing whatever was there).
    pub fn place(&mut self, p: Point, s: Stone) {
        let c = &mut self.cells[p.index() as usize];
        if *c == EMPTY {
            self.stones += 1;
        }
        *c = code(s);
    }

    /// Takes the stone off `p`, returning it.
    pub fn remove(&mut self, p: Point) -> Option<Stone> {
        let old = self.get(p);
        if old.is_some() {
            self.cells[p.index() as usize] = EMPTY;
            self.stones -= 1;
        }
        old
    }

    /// Number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.stones as usize
    }

    pub fn is_full(&self) -> bool {
        self.stones as usize == AREA
    }

    /// All stones, in point-index order.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Stone)> + '_ {
        Point::all().filter_map(move |p| self.get(p).map(|s| (p, s)))
    }

    #[inline]
    fn cell(&self, col: i32, row: i32) -> u8 {
        match Point::new_i32(col, row) {
            Some(p) => self.cells[p.index() as usize],
            None => WALL,
        }
    }

    /// The line of direction `d` through `p` (the five cells each side) as bit masks, `p`
    /// counted black.
    #[inline]
    fn black_line(&self, p: Point, d: usize) -> Line {
        let (dc, dr) = DIRECTIONS[d];
        let (c0, r0) = (p.col() as i32, p.row() as i32);
        let (mut black, mut empty) = (1u32 << C, 0u32);
        for i in (0..11).filter(|&i| i != C) {
            let k = i as i32 - C as i32;
            match self.cell(c0 + k * dc, r0 + k * dr) {
                BLACK => black |= 1 << i,
                EMPTY => empty |= 1 << i,
                _ => {}
            }
        }
        Line { black, empty }
    }

    /// Length of the run of `stone` through `p` in direction `d` (at least 1), counting `p`
    /// as `stone` whatever is on it.
    pub fn run_length(&self, p: Point, stone: Stone, d: usize) -> u32 {
        let (dc, dr) = DIRECTIONS[d];
        let s = code(stone);
        let (c0, r0) = (p.col() as i32, p.row() as i32);
        let mut n = 1;
        for sign in [1, -1] {
            let mut k = 1;
            while self.cell(c0 + sign * k * dc, r0 + sign * k * dr) == s {
                n += 1;
                k += 1;
            }
        }
        n
    }

    /// The longest run of `stone` through `p` over the four directions (`p` counted).
    pub fn longest_run(&self, p: Point, stone: Stone) -> u32 {
        (0..4)
            .map(|d| self.run_length(p, stone, d))
            .max()
            .unwrap_or(1)
    }

    /// Whether a stone of `stone` on `p` makes (or, if already there, is part of) a win:
    /// an exact five for Black in some direction, five or more for White.
    pub fn is_win_at(&self, p: Point, stone: Stone) -> bool {
        match stone {
            Stone::Black => (0..4).any(|d| self.run_length(p, stone, d) == 5),
            Stone::White => (0..4).any(|d| self.run_length(p, stone, d) >= 5),
        }
    }

    /// The forbidden kind of a Black move on the empty point `p`, or `None` if Black may
    /// play there (or `p` is occupied). A move making an exact five is never forbidden.
    /// Overline is reported before double-four before double-three.
    pub fn forbidden(&self, p: Point) -> Option<ForbiddenKind> {
        if !self.is_empty(p) {
            return None;
        }
        if !self.needs_judging(p) {
            return None;
        }
        let mut scratch = self.clone();
        scratch.judge(p)
    }

    /// All empty points forbidden for Black, in point-index order (row by row from the
    /// bottom, left to right).
    pub fn forbidden_points(&self) -> Vec<(Point, ForbiddenKind)> {
        let mut scratch = self.clone();
        let mut out = Vec::new();
        for p in Point::all() {
            if self.is_empty(p) && self.needs_judging(p) {
                if let Some(k) = scratch.judge(p) {
                    out.push((p, k));
                }
            }
        }
        out
    }

    /// Cheap filter: an overline or a double-four on one line needs four black stones
    /// within four cells on one line; anything else needs two such lines with two.
    fn needs_judging(&self, p: Point) -> bool {
        let (c0, r0) = (p.col() as i32, p.row() as i32);
        let mut lines_with_two = 0;
        for &(dc, dr) in &DIRECTIONS {
            let mut n = 0;
            for k in 1..=4 {
                n += (self.cell(c0 + k * dc, r0 + k * dr) == BLACK) as u32;
                n += (self.cell(c0 - k * dc, r0 - k * dr) == BLACK) as u32;
            }
            if n >= 4 {
                return true;
            }
            if n >= 2 {
                lines_with_two += 1;
            }
        }
        lines_with_two >= 2
    }

    /// The judgement proper, on a scratch board it may modify temporarily (it restores it).
    fn judge(&mut self, p: Point) -> Option<ForbiddenKind> {
        let mut lines = [Line { black: 0, empty: 0 }; 4];
        let mut overline = false;
        for (d, l) in lines.iter_mut().enumerate() {
            *l = self.black_line(p, d);
            let run = run_through_center(*l);
            if run == 5 {
                return None; // five precedence
            }
            if run >= 6 {
                overline = true;
            }
        }
        if overline {
            return Some(ForbiddenKind::Overline);
        }

        let mut fours = 0;
        let mut has_four = [false; 4];
        for (d, &l) in lines.iter().enumerate() {
            let n = four_count(l);
            has_four[d] = n > 0;
            fours += n;
        }
        if fours >= 2 {
            return Some(ForbiddenKind::DoubleFour);
        }

        // Straight-four points of the threes, per direction (at most 7 per line).
        let mut candidates = [[0u8; 7]; 4];
        let mut counts = [0usize; 4];
        let mut three_lines = 0;
        for d in 0..4 {
            if has_four[d] {
                continue;
            }
            let l = lines[d];
            for j in C - 3..=C + 3 {
                if l.empty & (1 << j) == 0 {
                    continue;
                }
                if is_straight_four(l.with_black(j)) {
                    candidates[d][counts[d]] = j as u8;
                    counts[d] += 1;
                }
            }
            if counts[d] > 0 {
                three_lines += 1;
            }
        }
        if three_lines < 2 {
            return None;
        }

        // Real-three test: recursive, on the board with p added.
        let idx = p.index() as usize;
        self.cells[idx] = BLACK;
        self.stones += 1;
        let mut real = 0;
        let (c0, r0) = (p.col() as i32, p.row() as i32);
        for d in 0..4 {
            let (dc, dr) = DIRECTIONS[d];
            let is_real = candidates[d][..counts[d]].iter().any(|&j| {
                let k = j as i32 - C as i32;
                let q = Point::new_i32(c0 + k * dc, r0 + k * dr)
                    .expect("candidate points are on the board");
                self.judge(q).is_none()
            });
            if is_real {
                real += 1;
                if real >= 2 {
                    break;
                }
            }
        }
        self.cells[idx] = EMPTY;
        self.stones -= 1;
        if real >= 2 {
            Some(ForbiddenKind::DoubleThree)
        } else {
            None
        }
    }
}

/// An 11-cell window of a line as bit masks: bit `i` of `black` / `empty` says what cell
/// `i` holds (off-board cells and white stones are in neither). The judgement works on
/// these: a handful of bit operations per test instead of copying and scanning cells.
#[derive(Clone, Copy)]
struct Line {
    black: u32,
    empty: u32,
}

impl Line {
    /// The line with a black stone added on the empty cell `j`.
    #[inline]
    fn with_black(self, j: usize) -> Line {
        Line {
            black: self.black | 1 << j,
            empty: self.empty & !(1 << j),
        }
    }
}

/// Length of the black run through the centre (the centre counted as black): the ones
/// above bit `C` plus the ones below it (7+ is reported as at least 6).
#[inline]
fn run_bits(black: u32) -> u32 {
    let up = (black >> (C + 1)).trailing_ones();
    let down = (black << (32 - C)).leading_ones();
    1 + up + down
}

/// Length of the black run through the centre of a line.
#[inline]
fn run_through_center(l: Line) -> u32 {
    run_bits(l.black)
}

/// The empty cells of the window that would complete an exact black five through the
/// centre: at most two (one each side of the centre). Returns their count and positions.
#[inline]
fn five_points(l: Line) -> (usize, [usize; 2]) {
    let mut out = [0usize; 2];
    let mut n = 0;
    let centre = l.black | 1 << C;
    for j in C - 4..=C + 4 {
        if l.empty & (1 << j) == 0 {
            continue;
        }
        if run_bits(centre | 1 << j) == 5 {
            if n < 2 {
                out[n] = j;
            }
            n += 1;
        }
    }
    (n, out)
}

/// Number of fours through the centre in this line: a straight four counts once, two
/// completion points that are not its two ends are two fours on one line.
#[inline]
fn four_count(l: Line) -> u32 {
    match five_points(l) {
        (0, _) => 0,
        (1, _) => 1,
        (_, [a, b]) => {
            if b - a == 5 {
                1
            } else {
                2
            }
        }
    }
}

/// Whether the line through the centre is a straight four (two completion points, five
/// apart, i.e. the two ends of four stones in a row).
#[inline]
fn is_straight_four(l: Line) -> bool {
    matches!(five_points(l), (2, [a, b]) if b - a == 5)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pts(s: &str) -> Vec<Point> {
        s.split_whitespace().map(|t| t.parse().unwrap()).collect()
    }

    #[test]
    fn simple_kinds() {
        let b = Board::with_stones(&pts("h8 i8 j8 l8 m8"), &[]);
        assert_eq!(
            b.forbidden("k8".parse().unwrap()),
            Some(ForbiddenKind::Overline)
        );
        let b = Board::with_stones(&pts("h8 i8 j8 l8"), &[]);
        assert_eq!(b.forbidden("k8".parse().unwrap()), None); // exact five
        let b = Board::with_stones(&pts("g8 i8 h7 h9"), &[]);
        assert_eq!(
            b.forbidden("h8".parse().unwrap()),
            Some(ForbiddenKind::DoubleThree)
        );
        let b = Board::with_stones(&pts("e8 g8 h8 k8"), &[]);
        // e8 . g8 h8 [i8] . k8 : one line, two fours
        assert_eq!(
            b.forbidden("i8".parse().unwrap()),
            Some(ForbiddenKind::DoubleFour)
        );
    }
}
