//! Generated Renju games, for the demo, benchmarks and property tests.
//!
//! [`generate_game`] plays one game from a seeded [`Rng`]:
//! - moves 1–3 are one of the 26 canonical openings ([`OPENINGS`]) under a random board
//!   symmetry (so the audit finds the opening and never says `non-canonical-opening`);
//! - then each side, in order of preference: completes a five if it can (Black only an
//!   exact five; White a five or an overline); blocks the opponent's five point (a four)
//!   — Black only where that is not forbidden; otherwise plays a random empty point within
//!   two lines (Chebyshev distance 2) of a stone — 60% of the time one next to one of the
//!   last two moves, so the games stay compact. Black never plays a forbidden move:
//!   [`Board::forbidden`] is asked only about the point Black is about to play, and a
//!   forbidden point is set aside and another one drawn.
//! - The game ends with a five (almost always), a full board (draw), or — if Black has no
//!   allowed point left on the whole board, which practically never happens — a draw by
//!   agreement ([`Termination::Unfinished`]: the board does not show it, and the audit
//!   accepts it).
//!
//! Five points are tracked incrementally: a point becomes a five point of a colour only
//! when a stone of that colour lands on one of its four lines within four cells, and the
//! lists are re-checked (still empty, still a win) before use. No allocation per move
//! beyond the move list.
//!
//! Writers: [`write_lines`] (RenjuLines, `black h8 h9 …`) and [`write_plain`]
//! (RenjuPlain with PGN-like tags), both through `kifu_notation` and read back by
//! `kifu_parser::plain`.

use crate::random::Rng;
use crate::tournament::Scheduled;
use kifu_facts::ResultName as Recorded;
use kifu_notation::{GameMoves, RecordOut};
use kifu_rules::renju::point::AREA;
use kifu_rules::renju::{
    Board, Move, Opening, Outcome, Point, Stone, Symmetry, Termination, OPENINGS,
};

/// One generated game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedRenju {
    pub moves: Vec<Point>,
    /// The result to record: the five's colour, or a draw.
    pub result: Outcome,
    /// How it ended: `Five` (or `Overline` for White), `BoardFull`, or `Unfinished` (a
    /// draw by agreement when Black had no allowed point).
    pub termination: Termination,
    /// The canonical opening of moves 1–3.
    pub opening: &'static Opening,
}

const NONE: u16 = u16::MAX;

/// How often a quiet move is played next to one of the last two moves (else anywhere
/// within two lines of a stone): keeps the games compact, as real games are.
const LOCAL: f64 = 0.6;

// A padded copy of the board for fast line scans: 4 wall cells around the 15×15 board,
// so any point within four cells of a board point is inside the array.
const PAD: usize = 4;
const W: usize = 15 + 2 * PAD;
const EMPTY: u8 = 0;
const WALL: u8 = 3;
/// Line directions as padded-index offsets: horizontal, vertical, two diagonals.
const OFFSETS: [isize; 4] = [1, W as isize, W as isize + 1, W as isize - 1];

fn code(s: Stone) -> u8 {
    match s {
        Stone::Black => 1,
        Stone::White => 2,
    }
}

fn padded(p: Point) -> usize {
    (p.row() as usize + PAD) * W + p.col() as usize + PAD
}

fn unpadded(q: usize) -> Point {
    Point::new((q % W - PAD) as u8, (q / W - PAD) as u8).expect("a board cell")
}

fn empty_grid() -> [u8; W * W] {
    let mut g = [WALL; W * W];
    for p in Point::all() {
        g[padded(p)] = EMPTY;
    }
    g
}

/// Length of the run of `c` through padded cell `q` along `off`, `q` counted as `c`.
#[inline]
fn run(grid: &[u8; W * W], q: usize, off: isize, c: u8) -> u32 {
    let mut n = 1;
    let mut j = q as isize - off;
    while grid[j as usize] == c {
        n += 1;
        j -= off;
    }
    let mut j = q as isize + off;
    while grid[j as usize] == c {
        n += 1;
        j += off;
    }
    n
}

/// A win: Black an exact five, White five or more.
#[inline]
fn is_five(colour: Stone, run: u32) -> bool {
    match colour {
        Stone::Black => run == 5,
        Stone::White => run >= 5,
    }
}

/// The game being generated.
struct Gen {
    board: Board,
    grid: [u8; W * W],
    moves: Vec<Point>,
    /// Empty points within distance 2 of a stone, and each point's index in it.
    cand: Vec<u16>,
    slot: [u16; W * W],
    /// Five points per colour (Black 0, White 1); may hold stale entries.
    fives: [Vec<Point>; 2],
}

fn ci(s: Stone) -> usize {
    match s {
        Stone::Black => 0,
        Stone::White => 1,
    }
}

impl Gen {
    fn new() -> Gen {
        Gen {
            board: Board::new(),
            grid: empty_grid(),
            moves: Vec::with_capacity(64),
            cand: Vec::with_capacity(AREA),
            slot: [NONE; W * W],
            fives: [Vec::with_capacity(8), Vec::with_capacity(8)],
        }
    }

    fn cand_remove(&mut self, p: usize) {
        let i = self.slot[p];
        if i == NONE {
            return;
        }
        let i = i as usize;
        let last = *self.cand.last().expect("p is in the list");
        self.cand.swap_remove(i);
        if last as usize != p {
            self.slot[last as usize] = i as u16;
        }
        self.slot[p] = NONE;
    }

    fn cand_swap(&mut self, i: usize, j: usize) {
        self.cand.swap(i, j);
        self.slot[self.cand[i] as usize] = i as u16;
        self.slot[self.cand[j] as usize] = j as u16;
    }

    /// Plays `p` for `colour`; returns whether it wins.
    fn play(&mut self, p: Point, colour: Stone) -> bool {
        let c = code(colour);
        let pp = padded(p);
        self.board.place(p, colour);
        self.grid[pp] = c;
        self.moves.push(p);
        self.cand_remove(pp);
        for dr in -2..=2isize {
            for dc in -2..=2isize {
                let q = (pp as isize + dr * W as isize + dc) as usize;
                if self.grid[q] == EMPTY && self.slot[q] == NONE {
                    self.slot[q] = self.cand.len() as u16;
                    self.cand.push(q as u16);
                }
            }
        }
        let win = self.wins_at(pp, colour);
        if !win {
            // Only the lines through `p` changed: a point on one within four cells becomes
            // a five point if the run through it along that line is a five.
            let list = &mut self.fives[ci(colour)];
            for off in OFFSETS {
                for k in [-4, -3, -2, -1, 1, 2, 3, 4] {
                    let q = (pp as isize + k * off) as usize;
                    if self.grid[q] == EMPTY && is_five(colour, run(&self.grid, q, off, c)) {
                        let qp = unpadded(q);
                        if !list.contains(&qp) {
                            list.push(qp);
                        }
                    }
                }
            }
        }
        win
    }

    /// Whether a stone of `colour` on padded cell `q` (whatever is there) wins.
    fn wins_at(&self, q: usize, colour: Stone) -> bool {
        let c = code(colour);
        OFFSETS
            .iter()
            .any(|&off| is_five(colour, run(&self.grid, q, off, c)))
    }

    /// The still valid five points of `colour`.
    fn refresh_fives(&mut self, colour: Stone) {
        let mut list = std::mem::take(&mut self.fives[ci(colour)]);
        list.retain(|&q| {
            let pq = padded(q);
            self.grid[pq] == EMPTY && self.wins_at(pq, colour)
        });
        self.fives[ci(colour)] = list;
    }

    /// A random empty point next to (distance 1) one of the last two moves, allowed for
    /// `colour`; `None` if there is none.
    fn local_point(&mut self, rng: &mut Rng, colour: Stone) -> Option<Point> {
        let mut near = [0usize; 16];
        let mut n = 0;
        for &p in self.moves.iter().rev().take(2) {
            let pp = padded(p);
            for off in OFFSETS {
                for q in [pp as isize - off, pp as isize + off] {
                    let q = q as usize;
                    if self.grid[q] == EMPTY && !near[..n].contains(&q) {
                        near[n] = q;
                        n += 1;
                    }
                }
            }
        }
        while n > 0 {
            let i = rng.below(n);
            let p = unpadded(near[i]);
            if colour == Stone::White || self.board.forbidden(p).is_none() {
                return Some(p);
            }
            near[i] = near[n - 1];
            n -= 1;
        }
        None
    }

    /// A random candidate allowed for `colour` (Black: not forbidden), or a random allowed
    /// empty point anywhere if no candidate is.
    fn random_point(&mut self, rng: &mut Rng, colour: Stone) -> Option<Point> {
        let mut n = self.cand.len();
        while n > 0 {
            let i = rng.below(n);
            let p = unpadded(self.cand[i] as usize);
            if colour == Stone::White || self.board.forbidden(p).is_none() {
                return Some(p);
            }
            self.cand_swap(i, n - 1);
            n -= 1;
        }
        // Every candidate is forbidden for Black (or there is none): anywhere else.
        let mut rest: Vec<Point> = Point::all().filter(|&p| self.board.is_empty(p)).collect();
        while !rest.is_empty() {
            let i = rng.below(rest.len());
            let p = rest.swap_remove(i);
            if colour == Stone::White || self.board.forbidden(p).is_none() {
                return Some(p);
            }
        }
        None
    }
}

/// Plays one game (see the module documentation).
pub fn generate_game(rng: &mut Rng) -> GeneratedRenju {
    let mut g = Gen::new();
    let opening = &OPENINGS[rng.below(OPENINGS.len())];
    let sym = Symmetry::ALL[rng.below(8)];
    for (k, &p) in opening.moves.iter().enumerate() {
        g.play(sym.apply(p), Stone::of_ply(k as u32 + 1));
    }
    let (result, termination) = loop {
        let colour = Stone::of_ply(g.moves.len() as u32 + 1);
        let me = ci(colour);
        let them = colour.opponent();
        g.refresh_fives(colour);
        let choice = if let Some(&p) = rng.pick(&g.fives[me]) {
            Some(p)
        } else {
            g.refresh_fives(them);
            let threats = &g.fives[ci(them)];
            let block = match colour {
                Stone::White => rng.pick(threats).copied(),
                Stone::Black => {
                    let n = threats.len();
                    let start = if n > 0 { rng.below(n) } else { 0 };
                    (0..n)
                        .map(|k| threats[(start + k) % n])
                        .find(|&p| g.board.forbidden(p).is_none())
                }
            };
            block
                .or_else(|| {
                    if rng.chance(LOCAL) {
                        g.local_point(rng, colour)
                    } else {
                        None
                    }
                })
                .or_else(|| g.random_point(rng, colour))
        };
        let Some(p) = choice else {
            break (Outcome::Draw, Termination::Unfinished);
        };
        if g.play(p, colour) {
            let t = if colour == Stone::White && g.board.longest_run(p, colour) > 5 {
                Termination::Overline
            } else {
                Termination::Five
            };
            break (Outcome::Win(colour.seat()), t);
        }
        if g.board.is_full() {
            break (Outcome::Draw, Termination::BoardFull);
        }
    };
    GeneratedRenju {
        moves: g.moves,
        result,
        termination,
        opening,
    }
}

/// One RenjuLines record (`RESULT mv mv …`, `RESULT` = `black` / `white` / `draw`),
/// newline-terminated ([`kifu_notation::renju_text`]).
pub fn write_lines(result: Outcome, moves: &[Point]) -> String {
    kifu_notation::renju_text::write_lines(result, moves)
}

/// The stated result of a generated game.
fn stated(result: Outcome) -> Recorded {
    result.name(kifu_facts::GameKind::Renju)
}

/// Appends one RenjuPlain game ([`kifu_notation::renju_text::write_plain_record`]): tags
/// `Event`, `Round`, `Date`, `Black`, `White`, `Result`, then `1. h8 2. h9 …` (ten moves a
/// line) ending with the result token, then a blank line.
pub fn write_plain_into(out: &mut String, s: &Scheduled, game: &GeneratedRenju) {
    let round = s.round.to_string();
    let moves: Vec<Move> = game.moves.iter().map(|&p| Some(p)).collect();
    let mut record = RecordOut::new(GameMoves::Renju(&moves));
    record.event = Some(&s.event);
    record.round = Some(&round);
    record.date = Some(&s.date);
    record.seat_players((0..2).map(|i| Some(s.players.get(i).map_or("?", String::as_str))));
    record.result = Some(stated(game.result));
    kifu_notation::renju_text::write_plain_record(&record, out);
}

/// One RenjuPlain game (see [`write_plain_into`]).
pub fn write_plain(s: &Scheduled, game: &GeneratedRenju) -> String {
    let mut out = String::with_capacity(200 + 8 * game.moves.len());
    write_plain_into(&mut out, s, game);
    out
}
