//! Xiangqi positions under the left-right mirror: keys along a game, and a position given
//! as a FEN and moves in any notation the engine reads (ICCS, Chinese, WXF).

use std::fmt;
use std::sync::LazyLock;

use kifu_facts::{GameKind, MoveCode, PlyStep, PositionKey};
use kifu_parser::raw::XqMoveText;
use kifu_parser::xq_text;

use super::move_error::MoveError;
use super::{build_trail, smallest, SplitMix};
use crate::xiangqi::{
    move_to_chinese, resolve, Board, FenError, Move, NotationError, Position, Side, Square,
};

/// The symmetries: 0 the identity, 1 the mirror (file `f` ↔ `8 − f`).
pub const SYMMETRY_NAMES: [&str; 2] = ["identity", "mirror"];

struct Tables {
    /// `piece[code][square]` for the packed piece codes 1–15.
    piece: [[u64; 90]; 16],
    black_to_move: u64,
}

static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut rng = SplitMix(0x0058_4941_4E47_0001); // "XIANG" 1
    let mut piece = [[0; 90]; 16];
    for row in piece.iter_mut().skip(1) {
        for z in row.iter_mut() {
            *z = rng.next();
        }
    }
    Tables {
        piece,
        black_to_move: rng.next(),
    }
});

/// A square's mirror image.
pub fn mirror(s: Square) -> Square {
    Square(s.rank() * 9 + (8 - s.file()))
}

fn image(symmetry: u8, s: Square) -> Square {
    if symmetry == 1 {
        mirror(s)
    } else {
        s
    }
}

pub fn move_code(m: Move) -> MoveCode {
    MoveCode(m.from.0 as u16 * 90 + m.to.0 as u16)
}

pub fn code_move(c: MoveCode) -> Option<Move> {
    (c.0 < 90 * 90).then(|| Move::new(Square((c.0 / 90) as u8), Square((c.0 % 90) as u8)))
}

pub fn apply_symmetry(symmetry: u8, c: MoveCode) -> MoveCode {
    match code_move(c) {
        Some(m) => move_code(Move::new(image(symmetry, m.from), image(symmetry, m.to))),
        None => c,
    }
}

/// The hashes of the position and of its mirror image.
fn images(position: &Position) -> [u64; 2] {
    let t = &*TABLES;
    let mut h = [0u64; 2];
    for (s, p) in position.board().pieces() {
        let z = &t.piece[p.code() as usize];
        h[0] ^= z[s.index()];
        h[1] ^= z[mirror(s).index()];
    }
    if position.side_to_move() == Side::Black {
        h[0] ^= t.black_to_move;
        h[1] ^= t.black_to_move;
    }
    h
}

/// The steps of a game from its start position through its (applied, legal) moves.
pub fn trail(start: &Position, moves: &[Move]) -> Vec<PlyStep> {
    let t = &*TABLES;
    let mut position = start.clone();
    let mut h = images(&position);
    let mut keys = Vec::with_capacity(moves.len() + 1);
    keys.push(smallest(&h));
    for &m in moves.iter().take(super::MAX_TRAIL_PLIES) {
        let (Some(piece), captured) = (position.piece_at(m.from), position.piece_at(m.to)) else {
            break; // not a stored game's move: the trail stops where the moves stop making sense
        };
        let z = &t.piece[piece.code() as usize];
        h[0] ^= z[m.from.index()] ^ z[m.to.index()] ^ t.black_to_move;
        h[1] ^= z[mirror(m.from).index()] ^ z[mirror(m.to).index()] ^ t.black_to_move;
        if let Some(c) = captured {
            let zc = &t.piece[c.code() as usize];
            h[0] ^= zc[m.to.index()];
            h[1] ^= zc[mirror(m.to).index()];
        }
        position.make(m);
        keys.push(smallest(&h));
    }
    build_trail(&keys, moves, |s, m| apply_symmetry(s, move_code(m)))
}

/// A Xiangqi position: the board and the side to move (the move counters are kept for
/// display, not compared).
#[derive(Clone, Debug)]
pub struct Snapshot {
    position: Position,
}

impl PartialEq for Snapshot {
    fn eq(&self, other: &Snapshot) -> bool {
        self.position.board() == other.position.board()
            && self.position.side_to_move() == other.position.side_to_move()
    }
}

impl Eq for Snapshot {}

/// Why a FEN and moves are not a Xiangqi position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XiangqiQueryError {
    /// The FEN cannot be read or is no position (a missing general, one in check on the
    /// wrong turn…).
    Fen(FenError),
    /// A move (1-based ply, as written) cannot be read or played.
    Move {
        ply: u32,
        written: String,
        /// `None`: the text is a move in none of the notations.
        reason: Option<NotationError>,
    },
}

impl fmt::Display for XiangqiQueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XiangqiQueryError::Fen(e) => write!(f, "the start position: {e}"),
            XiangqiQueryError::Move {
                ply,
                written,
                reason,
            } => match reason {
                Some(reason) => write!(f, "move {ply} ({written}): {reason}"),
                None => write!(
                    f,
                    "move {ply} ({written}): not a move in ICCS, Chinese or WXF notation"
                ),
            },
        }
    }
}

impl std::error::Error for XiangqiQueryError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            XiangqiQueryError::Fen(e) => Some(e),
            XiangqiQueryError::Move { reason, .. } => reason
                .as_ref()
                .map(|e| e as &(dyn std::error::Error + 'static)),
        }
    }
}

/// One token as the engine's notations read it: ICCS, Chinese or WXF.
fn move_text(token: &str) -> Option<XqMoveText> {
    if let Some((from, to)) = xq_text::parse_iccs(token) {
        return Some(XqMoveText::Coord { from, to });
    }
    let chinese = xq_text::normalize_chinese(token);
    if xq_text::is_chinese_move(&chinese) {
        return Some(XqMoveText::Chinese(chinese));
    }
    let wxf = xq_text::normalize_wxf(token);
    xq_text::is_wxf_move(&wxf).then_some(XqMoveText::Wxf(wxf))
}

impl Snapshot {
    pub fn of(position: &Position) -> Snapshot {
        Snapshot {
            position: position.clone(),
        }
    }

    /// The position after `moves` (whitespace-separated, ICCS `h2e2`, Chinese `炮二平五` or
    /// WXF `C2=5`) from `fen`; an illegal move is refused with the engine's reason.
    pub fn from_query(fen: &str, moves: &str) -> Result<Snapshot, XiangqiQueryError> {
        let mut position = Position::from_fen(fen).map_err(XiangqiQueryError::Fen)?;
        for (i, token) in moves.split_whitespace().enumerate() {
            let err = |reason: Option<NotationError>| XiangqiQueryError::Move {
                ply: i as u32 + 1,
                written: token.to_owned(),
                reason,
            };
            let text = move_text(token).ok_or_else(|| err(None))?;
            let resolved = resolve(&position, &text, false).map_err(|e| err(Some(e)))?;
            position.make(resolved.mv);
        }
        Ok(Snapshot { position })
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    pub fn key(&self) -> (PositionKey, u8) {
        smallest(&images(&self.position))
    }

    pub fn transformed(&self, symmetry: u8) -> Snapshot {
        if symmetry == 0 {
            return self.clone();
        }
        let mut board = Board::empty();
        for (s, p) in self.position.board().pieces() {
            board.set(mirror(s), Some(p));
        }
        let p = &self.position;
        let fen = format!(
            "{} {}",
            board.placement(),
            if p.side_to_move() == Side::Red {
                'w'
            } else {
                'b'
            }
        );
        Snapshot {
            position: Position::from_fen(&fen).expect("the mirror of a position is a position"),
        }
    }

    pub fn play(&self, c: MoveCode) -> Result<Snapshot, MoveError> {
        let m = code_move(c).ok_or(MoveError::NotAMove {
            kind: GameKind::Xiangqi,
            code: c,
        })?;
        if !self.position.is_legal(m) {
            return Err(MoveError::NotLegal(m));
        }
        Ok(Snapshot {
            position: self.position.play(m),
        })
    }

    /// `炮二平五 (h2e2)`: Chinese notation from this position, then ICCS.
    pub fn move_text(&self, c: MoveCode) -> String {
        match code_move(c) {
            Some(m) if self.position.piece_at(m.from).is_some() => {
                format!("{} ({})", move_to_chinese(&self.position, m), m.iccs())
            }
            Some(m) => m.iccs(),
            None => "?".into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::START_FEN;

    fn game(moves: &str) -> (Position, Vec<Move>) {
        let start = Position::from_fen(START_FEN).unwrap();
        let mut p = start.clone();
        let mut out = Vec::new();
        for t in moves.split_whitespace() {
            let m = Move::parse_iccs(t, false).unwrap();
            assert!(p.is_legal(m), "{t}");
            p.make(m);
            out.push(m);
        }
        (start, out)
    }

    #[test]
    fn a_game_and_its_mirror_have_the_same_keys() {
        let (start, moves) = game("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7");
        let mirrored: Vec<Move> = moves
            .iter()
            .map(|m| Move::new(mirror(m.from), mirror(m.to)))
            .collect();
        let a = trail(&start, &moves);
        let b = trail(&start, &mirrored);
        assert_eq!(a.len(), 7);
        let mut position = start.clone();
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            let board = super::super::Board::Xiangqi(Snapshot::of(&position));
            assert!(super::super::same_step(&board, x, y), "ply {i}");
            if let Some(&m) = moves.get(i) {
                position.make(m);
            }
        }
        // The start position is its own mirror: both symmetries give its key.
        assert_eq!(a[0].symmetry, 0);
        let after = Snapshot::from_query(START_FEN, "h2e2 h9g7").unwrap();
        let mirror_query = Snapshot::from_query(START_FEN, "炮八平五 马2进3").unwrap();
        assert_eq!(after.key().0, a[2].key);
        assert_eq!(mirror_query.key().0, a[2].key);
        assert_eq!(after.transformed(1), mirror_query);
        assert_ne!(after, mirror_query);
    }

    #[test]
    fn repeated_positions_are_one_step() {
        let (start, moves) = game("h0g2 h9g7 g2h0 g7h9 h0g2");
        let t = trail(&start, &moves);
        assert_eq!(t.iter().map(|s| s.ply).collect::<Vec<_>>(), [0, 1, 2, 3]);
    }

    #[test]
    fn impossible_positions_are_refused_citing_the_move() {
        let e = Snapshot::from_query(START_FEN, "h2e2 h9g7 e2e9").unwrap_err();
        assert!(matches!(&e, XiangqiQueryError::Move { ply: 3, .. }), "{e}");
        assert!(e.to_string().starts_with("move 3 (e2e9): "), "{e}");
        let e = Snapshot::from_query(
            "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "the start position: black has 0 kings, expected 1"
        );
    }
}
