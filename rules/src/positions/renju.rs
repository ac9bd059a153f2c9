//! Renju positions under the 8 symmetries of the board: keys along a game, and a position
//! given as moves or as stone sets.

use std::fmt;
use std::sync::LazyLock;

use kifu_facts::{GameKind, MoveCode, PlyStep, PositionKey};

use super::move_error::MoveError;
use super::{build_trail, smallest, SplitMix, MAX_TRAIL_PLIES};
use crate::renju::point::{move_text, AREA};
use crate::renju::{Move, PlayError, Point, Position, Stone, Symmetry};

/// The code of a pass (point codes are the point indices 0–224).
const PASS: u16 = AREA as u16;

struct Tables {
    /// `stone[colour][point][symmetry]`: the hash a stone of `colour` (0 Black, 1 White)
    /// on `point` adds to the image under each of [`Symmetry::ALL`] (the hash of the
    /// point's image), laid out so a move updates the 8 image hashes from one row.
    stone: [[[u64; 8]; AREA]; 2],
    /// XORed in while White is to move.
    white_to_move: u64,
    /// `image[symmetry][point]`: the point's index under each of [`Symmetry::ALL`].
    image: [[u8; AREA]; 8],
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut rng = SplitMix(0x0052_454E_4A55_0001); // "RENJU" 1
                                                   // Drawn in this order (colour, then point) in every build: stored keys depend on it.
    let mut by_point = [[0; AREA]; 2];
    for row in by_point.iter_mut() {
        for z in row.iter_mut() {
            *z = rng.next();
        }
    }
    let mut image = [[0; AREA]; 8];
    for (s, sym) in Symmetry::ALL.iter().enumerate() {
        for p in Point::all() {
            image[s][p.index() as usize] = sym.apply(p).index();
        }
    }
    let mut stone = [[[0; 8]; AREA]; 2];
    for colour in 0..2 {
        for p in 0..AREA {
            for s in 0..8 {
                stone[colour][p][s] = by_point[colour][image[s][p] as usize];
            }
        }
    }
    Tables {
        stone,
        white_to_move: rng.next(),
        image,
    }
});

fn colour_index(s: Stone) -> usize {
    match s {
        Stone::Black => 0,
        Stone::White => 1,
    }
}

/// The hashes of a position's 8 images.
#[derive(Clone, Copy)]
struct Images([u64; 8]);

impl Images {
    /// The empty board, Black to move.
    fn empty() -> Images {
        Images([0; 8])
    }

    fn place(&mut self, p: Point, colour: Stone) {
        let z = &TABLES.stone[colour_index(colour)][p.index() as usize];
        for (h, z) in self.0.iter_mut().zip(z) {
            *h ^= z;
        }
    }

    /// The turn passes to the other side.
    fn turn(&mut self) {
        let w = TABLES.white_to_move;
        for h in self.0.iter_mut() {
            *h ^= w;
        }
    }
}

/// The code of a move (as played, no symmetry).
pub fn move_code(m: Move) -> MoveCode {
    MoveCode(m.map_or(PASS, |p| p.index() as u16))
}

/// The move of a code; `None` for [`MoveCode::NONE`] or a code that is no move.
pub fn code_move(c: MoveCode) -> Option<Move> {
    match c.0 {
        PASS => Some(None),
        i if i < PASS => Point::from_index(i as u8).map(Some),
        _ => None,
    }
}

/// A code under a symmetry (a pass and "no move" stay).
pub fn apply_symmetry(symmetry: u8, c: MoveCode) -> MoveCode {
    match code_move(c) {
        Some(Some(p)) => MoveCode(TABLES.image[symmetry as usize][p.index() as usize] as u16),
        _ => c,
    }
}

/// The steps of a game through its positions (the moves as stored: the applied moves).
pub fn trail(moves: &[Move]) -> Vec<PlyStep> {
    if moves.iter().any(Option::is_none) {
        return trail_with_passes(moves);
    }
    // Without a pass every move adds a stone, so no position comes back: each is a first
    // visit, and the steps are made in one pass with no set of seen keys.
    let code = |symmetry: u8, i: usize| {
        moves
            .get(i)
            .map_or(MoveCode::NONE, |&m| apply_symmetry(symmetry, move_code(m)))
    };
    let plies = moves.len().min(MAX_TRAIL_PLIES);
    let mut steps = Vec::with_capacity(plies + 1);
    let mut images = Images::empty();
    for ply in 0..=plies {
        let (key, symmetry) = smallest(&images.0);
        steps.push(PlyStep {
            key,
            ply: ply as u32,
            symmetry,
            next: code(symmetry, ply),
            reply: code(symmetry, ply + 1),
        });
        if let Some(&Some(p)) = moves.get(ply) {
            images.place(p, Stone::of_ply(ply as u32 + 1));
            images.turn();
        }
    }
    steps
}

/// [`trail`] of a game with passes: two passes in a row bring a position back.
fn trail_with_passes(moves: &[Move]) -> Vec<PlyStep> {
    let mut images = Images::empty();
    let mut keys = Vec::with_capacity(moves.len() + 1);
    keys.push(smallest(&images.0));
    for (i, m) in moves.iter().enumerate() {
        if let Some(p) = m {
            images.place(*p, Stone::of_ply(i as u32 + 1));
        }
        images.turn();
        keys.push(smallest(&images.0));
    }
    build_trail(&keys, moves, |s, m| apply_symmetry(s, move_code(m)))
}

/// A Renju position: the stones and the side to move.
#[derive(Clone, PartialEq, Eq)]
pub struct Stones {
    cells: [Option<Stone>; AREA],
    to_move: Stone,
}

impl fmt::Debug for Stones {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (black, white) = self.lists();
        write!(
            f,
            "Stones {{ black: {black:?}, white: {white:?}, to_move: {} }}",
            self.to_move
        )
    }
}

/// Why stone sets are not a Renju position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StonesError {
    /// A point is given twice (in one set or in both).
    Twice(Point),
    /// The counts fit no turn: Black moves first, so Black has as many stones as White
    /// (Black to move) or one more (White to move).
    Counts { black: usize, white: usize },
}

impl fmt::Display for StonesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StonesError::Twice(p) => write!(f, "{p} is given twice: a point holds one stone"),
            StonesError::Counts { black, white } => write!(
                f,
                "{black} black and {white} white stones: Black moves first, so Black has as \
                 many stones as White (Black to move) or one more (White to move)"
            ),
        }
    }
}

impl std::error::Error for StonesError {}

impl Stones {
    /// The position after `moves` from the empty board; an occupied point or a move after
    /// the end of the game is the engine's error, which names the move.
    pub fn from_moves(moves: &[Move]) -> Result<Stones, PlayError> {
        Ok(Stones::of(&Position::from_moves(moves)?))
    }

    /// The stones of a position with its side to move.
    pub fn of(position: &Position) -> Stones {
        let mut cells = [None; AREA];
        for (p, s) in position.board().stones() {
            cells[p.index() as usize] = Some(s);
        }
        Stones {
            cells,
            to_move: position.to_move(),
        }
    }

    /// A position from its stones; the side to move follows from the counts.
    pub fn from_sets(black: &[Point], white: &[Point]) -> Result<Stones, StonesError> {
        let mut cells = [None; AREA];
        for (set, stone) in [(black, Stone::Black), (white, Stone::White)] {
            for &p in set {
                let cell = &mut cells[p.index() as usize];
                if cell.is_some() {
                    return Err(StonesError::Twice(p));
                }
                *cell = Some(stone);
            }
        }
        let to_move = match black.len().checked_sub(white.len()) {
            Some(0) => Stone::Black,
            Some(1) => Stone::White,
            _ => {
                return Err(StonesError::Counts {
                    black: black.len(),
                    white: white.len(),
                })
            }
        };
        Ok(Stones { cells, to_move })
    }

    pub fn to_move(&self) -> Stone {
        self.to_move
    }

    pub fn get(&self, p: Point) -> Option<Stone> {
        self.cells[p.index() as usize]
    }

    /// Black's and White's points in index order.
    pub fn lists(&self) -> (Vec<Point>, Vec<Point>) {
        let of =
            |s: Stone| -> Vec<Point> { Point::all().filter(|&p| self.get(p) == Some(s)).collect() };
        (of(Stone::Black), of(Stone::White))
    }

    /// The key and the symmetry onto the canonical orientation.
    pub fn key(&self) -> (PositionKey, u8) {
        let mut images = Images::empty();
        for p in Point::all() {
            if let Some(s) = self.get(p) {
                images.place(p, s);
            }
        }
        if self.to_move == Stone::White {
            images.turn();
        }
        smallest(&images.0)
    }

    /// The image under a symmetry.
    pub fn transformed(&self, symmetry: u8) -> Stones {
        let image = &TABLES.image[symmetry as usize];
        let mut cells = [None; AREA];
        for (i, &c) in self.cells.iter().enumerate() {
            cells[image[i] as usize] = c;
        }
        Stones {
            cells,
            to_move: self.to_move,
        }
    }

    /// The position after a move (a point must be empty).
    pub fn play(&self, c: MoveCode) -> Result<Stones, MoveError> {
        let m = code_move(c).ok_or(MoveError::NotAMove {
            kind: GameKind::Renju,
            code: c,
        })?;
        let mut next = self.clone();
        if let Some(p) = m {
            if self.get(p).is_some() {
                return Err(MoveError::Occupied(p));
            }
            next.cells[p.index() as usize] = Some(self.to_move);
        }
        next.to_move = self.to_move.opponent();
        Ok(next)
    }

    /// `i10`, or `--` for a pass.
    pub fn move_text(c: MoveCode) -> String {
        code_move(c).map_or_else(|| "?".into(), move_text)
    }

    /// The stones as a diagram (row 15 on top, `X` Black, `O` White).
    pub fn render(&self) -> String {
        let mut out = String::new();
        for row in (0..15u8).rev() {
            out.push_str(&format!("{:>2} ", row + 1));
            for col in 0..15u8 {
                let p = Point::new(col, row).expect("on the board");
                out.push(match self.get(p) {
                    Some(s) => s.symbol(),
                    None => '.',
                });
                out.push(' ');
            }
            out.push('\n');
        }
        out.push_str("   a b c d e f g h i j k l m n o\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::renju::parse_moves;

    fn moves(s: &str) -> Vec<Move> {
        parse_moves(s).unwrap()
    }

    #[test]
    fn a_game_without_passes_gets_the_steps_of_the_general_path() {
        // The one-pass trail is the general one with nothing to drop, key for key.
        for game in [
            "",
            "h8",
            "h8 h9 i9 i8 g7",
            "h8 i9 h10 g9 i6 k6 j5 k8 l8 l7 m8 m6 g5 m7 n6 h9 f11 i10 j9 h3",
            "a1 o15 a15 o1 h8 b2",
        ] {
            let game = moves(game);
            assert_eq!(trail(&game), trail_with_passes(&game), "{game:?}");
        }
        let long: Vec<Move> = Point::all().map(Some).collect();
        let steps = trail(&long);
        assert_eq!(steps.len(), long.len() + 1);
        assert_eq!(steps, trail_with_passes(&long));
        // Keys are stored in databases: they must never change from build to build.
        let keys: Vec<u64> = trail(&moves("h8 h9 i9")).iter().map(|s| s.key.0).collect();
        assert_eq!(keys, PINNED_KEYS);
    }

    const PINNED_KEYS: [u64; 4] = [
        0,
        16_570_046_539_870_479_013,
        588_212_768_798_547_560,
        196_693_548_124_591_513,
    ];

    #[test]
    fn every_image_of_a_game_has_the_same_keys_and_symmetries_compose() {
        let game = moves("h8 h9 i9 i8 g7 j10 -- k11");
        let base = trail(&game);
        assert_eq!(base.len(), game.len() + 1);
        for s in Symmetry::ALL {
            let image: Vec<Move> = game.iter().map(|&m| s.apply_move(m)).collect();
            let t = trail(&image);
            for (a, b) in base.iter().zip(&t) {
                // Both orientations map onto the same canonical board, so the next moves
                // read the same there, up to the position's own symmetries.
                let board = super::super::Board::Renju(
                    Stones::from_moves(&game[..a.ply as usize]).unwrap(),
                );
                assert!(
                    super::super::same_step(&board, a, b),
                    "{s:?} at ply {}",
                    a.ply
                );
            }
        }
    }

    #[test]
    fn keys_from_moves_and_from_stones_agree_and_map_onto_the_canonical_board() {
        let game = moves("h8 h9 i9 i8 g7");
        let steps = trail(&game);
        for step in &steps {
            let stones = Stones::from_moves(&game[..step.ply as usize]).unwrap();
            assert_eq!(stones.key(), (step.key, step.symmetry));
            // The canonical image hashes to the key under the identity.
            let canonical = stones.transformed(step.symmetry);
            assert_eq!(canonical.key().0, step.key);
        }
        let (black, white) = Stones::from_moves(&game).unwrap().lists();
        assert_eq!(
            Stones::from_sets(&black, &white).unwrap(),
            Stones::from_moves(&game).unwrap()
        );
    }

    #[test]
    fn the_side_to_move_is_part_of_the_position() {
        let a = Stones::from_moves(&moves("h8 h9 i9")).unwrap();
        let b = Stones::from_moves(&moves("h8 h9 i9 -- --")).unwrap();
        assert_eq!(a.key(), b.key());
        let c = Stones::from_moves(&moves("h8 h9 i9 --")).unwrap();
        assert_ne!(a.key().0, c.key().0);
    }

    #[test]
    fn impossible_stone_sets_are_refused_with_the_reason() {
        let p = |s: &str| s.parse::<Point>().unwrap();
        assert_eq!(
            Stones::from_sets(&[p("h8"), p("i9")], &[p("h8")]).unwrap_err(),
            StonesError::Twice(p("h8"))
        );
        let e = Stones::from_sets(&[p("h8"), p("i9"), p("j10")], &[p("h9")]).unwrap_err();
        assert_eq!(e, StonesError::Counts { black: 3, white: 1 });
        assert!(e.to_string().contains("3 black and 1 white stones"));
        let e = Stones::from_moves(&moves("h8 h9 h8")).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("move 3 (black h8): h8 is already occupied"),
            "{e}"
        );
    }
}
