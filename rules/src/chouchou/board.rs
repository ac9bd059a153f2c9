//! The board: variants, cells, lines, level lines, captures and a text render.

use std::sync::OnceLock;

/// A cell `(column, row)`: column 0-3 = digit `1`-`4` from the left, row 0-3 = letter
/// `A`-`D` from the far side (the record notation, rule 7(3)). `1A` = `(0, 0)`.
pub type Cell = (u8, u8);

/// At most four seats, so at most four colours.
pub const MAX_SEATS: usize = 4;

/// Board cells are stored in a 4-wide array whatever the variant: index `row * 4 + column`.
pub const CELLS: usize = 16;

/// The three boards of the official rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// `3x3` (3路盤, 普及盤): capacity 5, threshold 10.
    Standard,
    /// `js` (ジュニア&シニア盤): 3×3, capacity 3, threshold 10.
    JuniorSenior,
    /// `4x4` (4路盤, ウミン盤): capacity 5, threshold 15.
    FourByFour,
}

impl Variant {
    pub const ALL: [Variant; 3] = [
        Variant::Standard,
        Variant::JuniorSenior,
        Variant::FourByFour,
    ];

    /// `3x3`, `js` or `4x4`.
    pub fn id(self) -> &'static str {
        match self {
            Variant::Standard => "3x3",
            Variant::JuniorSenior => "js",
            Variant::FourByFour => "4x4",
        }
    }

    /// The variant a `[Variant]` value names: the ids, `3×3`, `J&S`, the Japanese board
    /// names (`3路盤`, `普及盤`, `ジュニア&シニア盤`, `4路盤`, `ウミン盤`), any case.
    pub fn from_id(text: &str) -> Option<Variant> {
        let t: String = text
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                '×' | '*' => 'x',
                '＆' => '&',
                c => c,
            })
            .collect();
        match t.as_str() {
            "3x3" | "3" | "3路" | "3路盤" | "普及盤" | "standard" | "classic" => {
                Some(Variant::Standard)
            }
            "js"
            | "j&s"
            | "j&s盤"
            | "junior"
            | "juniorsenior"
            | "junior&senior"
            | "ジュニア&シニア盤"
            | "ジュニア&シニア" => Some(Variant::JuniorSenior),
            "4x4" | "4" | "4路" | "4路盤" | "4路番" | "ウミン盤" | "umin" => {
                Some(Variant::FourByFour)
            }
            _ => None,
        }
    }

    /// Cells per side.
    pub fn size(self) -> u8 {
        match self {
            Variant::Standard | Variant::JuniorSenior => 3,
            Variant::FourByFour => 4,
        }
    }

    /// Most pieces (all colours) a cell may hold (rule 3 placing(3)).
    pub fn capacity(self) -> u8 {
        match self {
            Variant::JuniorSenior => 3,
            Variant::Standard | Variant::FourByFour => 5,
        }
    }

    /// Captured pieces that win (rule 4(1)).
    pub fn threshold(self) -> u32 {
        match self {
            Variant::Standard | Variant::JuniorSenior => 10,
            Variant::FourByFour => 15,
        }
    }
}

/// `3B` for `(2, 1)`. Columns past 9 or rows past `Z` are written with `?`.
pub fn cell_name(cell: Cell) -> String {
    let d = if cell.0 < 9 {
        (b'1' + cell.0) as char
    } else {
        '?'
    };
    let l = if cell.1 < 26 {
        (b'A' + cell.1) as char
    } else {
        '?'
    };
    format!("{d}{l}")
}

/// The storage index of a cell on a board of `size`, or `None` off the board.
pub fn cell_index(cell: Cell, size: u8) -> Option<usize> {
    (cell.0 < size && cell.1 < size).then_some(cell.1 as usize * 4 + cell.0 as usize)
}

/// The cell of a storage index.
pub fn index_cell(i: usize) -> Cell {
    ((i % 4) as u8, (i / 4) as u8)
}

/// The lines of a board of `size` (3 or 4): straight runs of 3 or more consecutive cells in
/// a row, column or diagonal, as storage indices, in reading order (by first cell in
/// row-major order, then row, column, `\` diagonal, `/` diagonal, then shorter first).
/// 3×3: 8 lines; 4×4: 34.
pub fn lines(size: u8) -> &'static [Vec<u8>] {
    static L3: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    static L4: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    let make = move || {
        let n = size as i32;
        let mut out = Vec::new();
        for r in 0..n {
            for c in 0..n {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
                    for len in 3..=n {
                        let (ec, er) = (c + dc * (len - 1), r + dr * (len - 1));
                        if (0..n).contains(&ec) && (0..n).contains(&er) {
                            out.push(
                                (0..len)
                                    .map(|k| ((r + dr * k) * 4 + c + dc * k) as u8)
                                    .collect(),
                            );
                        }
                    }
                }
            }
        }
        out
    };
    if size == 4 {
        L4.get_or_init(make)
    } else {
        L3.get_or_init(make)
    }
}

/// A line is level when every cell holds the same non-zero total.
pub fn is_level(totals: &[u8; CELLS], line: &[u8]) -> bool {
    let first = totals[line[0] as usize];
    first > 0 && line.iter().all(|&i| totals[i as usize] == first)
}

/// Pieces per cell and colour. Colours are seats (individual games) or teams (pairs: colour
/// 0 = seats 1 and 3, colour 1 = seats 2 and 4).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    variant: Variant,
    colours: u8,
    cells: [[u8; MAX_SEATS]; CELLS],
}

impl Board {
    /// An empty board for `colours` colours (2-4).
    pub fn new(variant: Variant, colours: u8) -> Board {
        Board {
            variant,
            colours: colours.clamp(1, MAX_SEATS as u8),
            cells: [[0; MAX_SEATS]; CELLS],
        }
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn colours(&self) -> u8 {
        self.colours
    }

    pub fn size(&self) -> u8 {
        self.variant.size()
    }

    pub fn contains(&self, cell: Cell) -> bool {
        cell_index(cell, self.size()).is_some()
    }

    /// Pieces of `colour` on `cell` (0 off the board).
    pub fn count(&self, cell: Cell, colour: usize) -> u8 {
        match cell_index(cell, self.size()) {
            Some(i) if colour < MAX_SEATS => self.cells[i][colour],
            _ => 0,
        }
    }

    /// Pieces of all colours on `cell` (0 off the board).
    pub fn total(&self, cell: Cell) -> u8 {
        cell_index(cell, self.size()).map_or(0, |i| self.total_at(i))
    }

    pub(crate) fn total_at(&self, i: usize) -> u8 {
        self.cells[i].iter().sum()
    }

    pub(crate) fn at(&self, i: usize) -> &[u8; MAX_SEATS] {
        &self.cells[i]
    }

    pub(crate) fn add(&mut self, i: usize, colour: usize, n: u8) {
        self.cells[i][colour] += n;
    }

    pub(crate) fn remove(&mut self, i: usize, colour: usize, n: u8) {
        self.cells[i][colour] -= n;
    }

    /// Totals per storage index.
    pub fn totals(&self) -> [u8; CELLS] {
        let mut t = [0; CELLS];
        for (i, c) in self.cells.iter().enumerate() {
            t[i] = c.iter().sum();
        }
        t
    }

    /// Pieces of `colour` on the board.
    pub fn pieces(&self, colour: usize) -> u32 {
        if colour >= MAX_SEATS {
            return 0;
        }
        self.cells.iter().map(|c| c[colour] as u32).sum()
    }

    /// All pieces on the board.
    pub fn total_pieces(&self) -> u32 {
        self.cells
            .iter()
            .map(|c| c.iter().map(|&n| n as u32).sum::<u32>())
            .sum()
    }

    /// This board's lines (see [`lines`]).
    pub fn lines(&self) -> &'static [Vec<u8>] {
        lines(self.size())
    }

    /// Removes the opponents' pieces standing on lines formed since `before` (level now,
    /// not level in `before`), then chain captures judged on the board after each complete
    /// removal (rule 3 capturing(2)). `opponents` are the colours that may be taken, in the
    /// order pieces are taken from a cell. With `budget`, at most that many pieces are taken,
    /// lines in reading order (rule 7(5)). Returns the pieces taken per step (steps taking
    /// nothing are not listed).
    pub(crate) fn resolve_captures(
        &mut self,
        before: [u8; CELLS],
        opponents: &[usize],
        mut budget: Option<u32>,
    ) -> Vec<u32> {
        let mut prev = before;
        let mut steps = Vec::new();
        loop {
            if budget == Some(0) {
                break;
            }
            let now = self.totals();
            let mut cells: Vec<usize> = Vec::new();
            for l in self.lines() {
                if is_level(&now, l) && !is_level(&prev, l) {
                    for &i in l {
                        if !cells.contains(&(i as usize)) {
                            cells.push(i as usize);
                        }
                    }
                }
            }
            let mut taken = 0u32;
            'cells: for &i in &cells {
                for &c in opponents {
                    let mut n = self.cells[i][c] as u32;
                    if let Some(b) = budget.as_mut() {
                        n = n.min(*b);
                        *b -= n;
                    }
                    self.cells[i][c] -= n as u8;
                    taken += n;
                    if budget == Some(0) {
                        break 'cells;
                    }
                }
            }
            if taken == 0 {
                break;
            }
            steps.push(taken);
            prev = now;
        }
        steps
    }

    /// A cell's counts per colour joined by `·` (`2·0`), as [`Board::render`] shows it;
    /// `None` when the cell is empty or off the board.
    pub fn cell_text(&self, cell: Cell) -> Option<String> {
        if !self.contains(cell) {
            return None;
        }
        self.text_at(cell.1 as usize * 4 + cell.0 as usize)
    }

    fn text_at(&self, i: usize) -> Option<String> {
        if self.total_at(i) == 0 {
            return None;
        }
        let texts: Vec<String> = self.cells[i][..self.colours as usize]
            .iter()
            .map(|c| c.to_string())
            .collect();
        Some(texts.join("·"))
    }

    /// A text render: one row per letter, one column per digit; each cell shows its counts
    /// per colour joined by `·` (`P1·P2…`, or team 1·team 2 in pairs), `.` when empty.
    pub fn render(&self) -> String {
        let n = self.size() as usize;
        let texts: Vec<String> = (0..CELLS)
            .map(|i| self.text_at(i).unwrap_or_else(|| ".".to_string()))
            .collect();
        let w = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1);
        let mut out = format!(
            "{} board, capacity {}, counts per colour\n  ",
            self.variant.id(),
            self.variant.capacity()
        );
        for c in 0..n {
            out.push_str(&format!(" {:^w$}", c + 1));
        }
        out.push('\n');
        for r in 0..n {
            out.push((b'A' + r as u8) as char);
            out.push(' ');
            for c in 0..n {
                out.push_str(&format!(" {:^w$}", texts[r * 4 + c]));
            }
            out.push('\n');
        }
        out
    }
}
