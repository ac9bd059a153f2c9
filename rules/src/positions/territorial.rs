//! Chess Territorial positions under the 4 colour-keeping symmetries of the board: keys
//! along a game, and a position given as placements.

use std::sync::LazyLock;

use kifu_facts::{GameKind, MoveCode, PlyStep, PositionKey};

use super::move_error::MoveError;
use super::{build_trail, smallest, SplitMix};
use crate::territorial::{Kind, Move, PlaceError, Position, Side, Square, Symmetry};

/// The code of a pass (placement codes are `kind * 64 + square`, below 384).
const PASS: u16 = 6 * 64;

struct Tables {
    /// `piece[side * 6 + kind][square]`.
    piece: [[u64; 64]; 12],
    black_to_move: u64,
    /// `image[symmetry][square]` under each of [`Symmetry::ALL`].
    image: [[u8; 64]; 4],
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut rng = SplitMix(0x0054_4552_5249_0001); // "TERRI" 1
    let mut piece = [[0; 64]; 12];
    for row in piece.iter_mut() {
        for z in row.iter_mut() {
            *z = rng.next();
        }
    }
    let mut image = [[0; 64]; 4];
    for (s, sym) in Symmetry::ALL.iter().enumerate() {
        for sq in Square::all() {
            image[s][sq.index() as usize] = sym.apply(sq).index();
        }
    }
    Tables {
        piece,
        black_to_move: rng.next(),
        image,
    }
});

const KINDS: [Kind; 6] = [
    Kind::King,
    Kind::Queen,
    Kind::Rook,
    Kind::Bishop,
    Kind::Knight,
    Kind::Pawn,
];

pub fn move_code(m: Move) -> MoveCode {
    match m {
        Move::Pass => MoveCode(PASS),
        Move::Place(p) => MoveCode(p.kind.index() as u16 * 64 + p.square.index() as u16),
    }
}

pub fn code_move(c: MoveCode) -> Option<Move> {
    match c.0 {
        PASS => Some(Move::Pass),
        n if n < PASS => Some(Move::place(
            KINDS[(n / 64) as usize],
            Square::from_index((n % 64) as u8)?,
        )),
        _ => None,
    }
}

pub fn apply_symmetry(symmetry: u8, c: MoveCode) -> MoveCode {
    match code_move(c) {
        Some(Move::Place(p)) => MoveCode(
            p.kind.index() as u16 * 64
                + TABLES.image[symmetry as usize][p.square.index() as usize] as u16,
        ),
        _ => c,
    }
}

fn images_of(position: &Position) -> [u64; 4] {
    let t = &*TABLES;
    let mut h = [0u64; 4];
    for sq in Square::all() {
        if let Some(p) = position.at(sq) {
            let z = &t.piece[p.side.index() * 6 + p.kind.index()];
            for (s, x) in h.iter_mut().enumerate() {
                *x ^= z[t.image[s][sq.index() as usize] as usize];
            }
        }
    }
    if position.side_to_move() == Side::Black {
        for x in h.iter_mut() {
            *x ^= t.black_to_move;
        }
    }
    h
}

/// The steps of a game through its (applied, legal) moves from the empty board.
pub fn trail(moves: &[Move]) -> Vec<PlyStep> {
    let t = &*TABLES;
    let mut h = [0u64; 4];
    let mut keys = Vec::with_capacity(moves.len() + 1);
    keys.push(smallest(&h));
    for (i, m) in moves.iter().enumerate() {
        if let Move::Place(p) = m {
            let z = &t.piece[Side::of_ply(i as u32 + 1).index() * 6 + p.kind.index()];
            for (s, x) in h.iter_mut().enumerate() {
                *x ^= z[t.image[s][p.square.index() as usize] as usize];
            }
        }
        for x in h.iter_mut() {
            *x ^= t.black_to_move;
        }
        keys.push(smallest(&h));
    }
    build_trail(&keys, moves, |s, m| apply_symmetry(s, move_code(m)))
}

/// A Chess Territorial position: the pieces on the board and the side to move (the
/// position keeps its history for legality; only board and turn are compared).
#[derive(Clone, Debug)]
pub struct Snapshot {
    position: Position,
}

impl PartialEq for Snapshot {
    fn eq(&self, other: &Snapshot) -> bool {
        let (a, b) = (&self.position, &other.position);
        a.side_to_move() == b.side_to_move() && Square::all().all(|s| a.at(s) == b.at(s))
    }
}

impl Eq for Snapshot {}

impl Snapshot {
    /// The position after placements from the empty board; an illegal one is the engine's
    /// error, which names the move, the reason and the clause.
    pub fn from_moves(moves: &[Move]) -> Result<Snapshot, PlaceError> {
        Ok(Snapshot {
            position: Position::from_moves(moves)?,
        })
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn key(&self) -> (PositionKey, u8) {
        smallest(&images_of(&self.position))
    }

    pub fn transformed(&self, symmetry: u8) -> Snapshot {
        Snapshot {
            position: Symmetry::ALL[symmetry as usize].apply_position(&self.position),
        }
    }

    pub fn play(&self, c: MoveCode) -> Result<Snapshot, MoveError> {
        let m = code_move(c).ok_or(MoveError::NotAMove {
            kind: GameKind::Territorial,
            code: c,
        })?;
        let mut next = self.position.clone();
        next.play(m)
            .map_err(|e| MoveError::Placement(Box::new(e)))?;
        Ok(Snapshot { position: next })
    }

    /// `Q@e2`, or `--` for a pass.
    pub fn move_text(c: MoveCode) -> String {
        code_move(c).map_or_else(|| "?".into(), |m| m.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::territorial::parse_moves;

    #[test]
    fn a_game_and_its_colour_keeping_images_have_the_same_keys() {
        let moves = parse_moves("K@e1 K@d8 Q@e2 Q@d7 P@f3 P@c6").unwrap();
        let base = trail(&moves);
        assert_eq!(base.len(), 7);
        for sym in Symmetry::ALL {
            let image: Vec<Move> = moves.iter().map(|&m| sym.apply_move(m)).collect();
            for (a, b) in base.iter().zip(trail(&image)) {
                let board = super::super::Board::Territorial(
                    Snapshot::from_moves(&moves[..a.ply as usize]).unwrap(),
                );
                assert!(
                    super::super::same_step(&board, a, &b),
                    "{sym:?} at {}",
                    a.ply
                );
            }
        }
        // From a snapshot, the same key and symmetry as along the game.
        for step in &base {
            let s = Snapshot::from_moves(&moves[..step.ply as usize]).unwrap();
            assert_eq!(s.key(), (step.key, step.symmetry));
            assert_eq!(s.transformed(step.symmetry).key().0, step.key);
        }
    }

    #[test]
    fn an_illegal_placement_is_refused_citing_the_move() {
        let moves = parse_moves("K@e1 K@e1").unwrap();
        let e = Snapshot::from_moves(&moves).unwrap_err();
        assert!(e.to_string().starts_with("move 2 (Black K@e1)"), "{e}");
    }
}
