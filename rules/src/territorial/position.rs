//! A position: board, hands, side to move, and the placement rules.
//!
//! The rules are those of `shared/rules/chess-territorial.md`: both kings first on edge
//! squares (White then Black), then alternate placements, White first; a high piece goes
//! where, moving as in chess (sliders blocked by any piece, knights jumping), it would reach
//! one of its owner's pieces; a pawn goes where one of its owner's high pieces on the board
//! reaches (the king: its 8 neighbours); Black may not leave the queen as its last piece in
//! hand; a pass only when no placement is legal; the game ends when both hands are empty or
//! after two passes in a row — or, for a record that stops where neither side can place any
//! more without writing its closing passes, where it stands
//! ([`Position::end_if_no_placement`]).

use super::piece::{Hand, Kind, Piece, Side};
use super::placement::{Move, Placement};
use super::square::{Square, AREA, DIAGONAL, KING_STEPS, KNIGHT_JUMPS, ORTHOGONAL};
use std::fmt;

/// Rule clauses cited in errors and findings.
pub mod clause {
    /// Kings first on edge squares, alternation, passes, the end of the game.
    pub const TURN_ORDER: &str = "territorial §turn-order";
    /// High pieces and pawns: where they may be placed.
    pub const PLACEMENT: &str = "territorial §placement";
    /// Black may not leave the queen as its last piece in hand.
    pub const QUEEN_RESTRICTION: &str = "territorial §placement (queen restriction)";
    /// The pieces each side holds.
    pub const PIECES: &str = "territorial §pieces";
    /// Claims, territories, score and tie-break.
    pub const SCORING: &str = "territorial §scoring";
}

/// How a game ended on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// Both sides placed all their pieces.
    AllPlaced,
    /// Two passes in a row: neither side can place any more.
    TwoPasses,
    /// Neither side can place any more, the closing passes not played: the end a record
    /// that stops there reaches ([`Position::end_if_no_placement`]).
    NoPlacement,
}

impl End {
    pub fn name(self) -> &'static str {
        match self {
            End::AllPlaced => "all-placed",
            End::TwoPasses => "two-passes",
            End::NoPlacement => "no-placement",
        }
    }

    /// Words for messages.
    pub fn describe(self) -> &'static str {
        match self {
            End::AllPlaced => "both sides placed every piece",
            End::TwoPasses => "two passes in a row",
            End::NoPlacement => "neither side can place any more",
        }
    }
}

/// Why a placement or pass is not allowed. Every variant names the move (ply, side, move);
/// [`PlaceError::reason`] gives the reason alone and [`PlaceError::rule`] the clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceError {
    /// The game had already ended at ply `ended_at`.
    GameOver {
        ply: u32,
        side: Side,
        mv: Move,
        ended_at: u32,
        end: End,
    },
    /// No piece of that kind left in the side's hand (a 3rd rook, a 9th pawn, a 2nd king).
    NotInHand {
        ply: u32,
        side: Side,
        placement: Placement,
    },
    /// The square holds a piece, placed at ply `placed_at` (0: set up).
    Occupied {
        ply: u32,
        side: Side,
        placement: Placement,
        by: Piece,
        placed_at: u32,
    },
    /// The side's king is still in hand: its first placement must be the king.
    KingFirst {
        ply: u32,
        side: Side,
        placement: Placement,
    },
    /// A king off the edge of the board.
    KingNotOnEdge {
        ply: u32,
        side: Side,
        square: Square,
    },
    /// A high piece that would reach none of its owner's pieces.
    NoReach {
        ply: u32,
        side: Side,
        placement: Placement,
    },
    /// A pawn on a square none of its owner's high pieces reaches.
    PawnNotReached {
        ply: u32,
        side: Side,
        square: Square,
    },
    /// A Black placement that would leave exactly the queen in hand.
    QueenLast { ply: u32, placement: Placement },
    /// A pass while `legal` placements exist (`example` is the first of them).
    IllegalPass {
        ply: u32,
        side: Side,
        legal: u32,
        example: Placement,
    },
}

impl PlaceError {
    pub fn ply(&self) -> u32 {
        match self {
            PlaceError::GameOver { ply, .. }
            | PlaceError::NotInHand { ply, .. }
            | PlaceError::Occupied { ply, .. }
            | PlaceError::KingFirst { ply, .. }
            | PlaceError::KingNotOnEdge { ply, .. }
            | PlaceError::NoReach { ply, .. }
            | PlaceError::PawnNotReached { ply, .. }
            | PlaceError::QueenLast { ply, .. }
            | PlaceError::IllegalPass { ply, .. } => *ply,
        }
    }

    pub fn side(&self) -> Side {
        match self {
            PlaceError::GameOver { side, .. }
            | PlaceError::NotInHand { side, .. }
            | PlaceError::Occupied { side, .. }
            | PlaceError::KingFirst { side, .. }
            | PlaceError::KingNotOnEdge { side, .. }
            | PlaceError::NoReach { side, .. }
            | PlaceError::PawnNotReached { side, .. }
            | PlaceError::IllegalPass { side, .. } => *side,
            PlaceError::QueenLast { .. } => Side::Black,
        }
    }

    /// The move refused.
    pub fn mv(&self) -> Move {
        match self {
            PlaceError::GameOver { mv, .. } => *mv,
            PlaceError::NotInHand { placement, .. }
            | PlaceError::Occupied { placement, .. }
            | PlaceError::KingFirst { placement, .. }
            | PlaceError::NoReach { placement, .. }
            | PlaceError::QueenLast { placement, .. } => Move::Place(*placement),
            PlaceError::KingNotOnEdge { square, .. } => Move::place(Kind::King, *square),
            PlaceError::PawnNotReached { square, .. } => Move::place(Kind::Pawn, *square),
            PlaceError::IllegalPass { .. } => Move::Pass,
        }
    }

    /// True for a refused pass (finding `illegal-pass`), false for a refused placement.
    pub fn is_pass(&self) -> bool {
        matches!(self, PlaceError::IllegalPass { .. })
    }

    /// The rule clause broken.
    pub fn rule(&self) -> &'static str {
        match self {
            PlaceError::GameOver { .. }
            | PlaceError::KingFirst { .. }
            | PlaceError::KingNotOnEdge { .. }
            | PlaceError::IllegalPass { .. } => clause::TURN_ORDER,
            PlaceError::NotInHand { .. } => clause::PIECES,
            PlaceError::Occupied { .. }
            | PlaceError::NoReach { .. }
            | PlaceError::PawnNotReached { .. } => clause::PLACEMENT,
            PlaceError::QueenLast { .. } => clause::QUEEN_RESTRICTION,
        }
    }

    /// The reason alone, e.g. `the rook on d5 reaches no white piece`.
    pub fn reason(&self) -> String {
        match self {
            PlaceError::GameOver { ended_at, end, .. } => {
                format!(
                    "the game already ended at move {ended_at} ({})",
                    end.describe()
                )
            }
            PlaceError::NotInHand {
                side, placement, ..
            } => format!(
                "no {} left in {side}'s hand (each side has {} {}{})",
                placement.kind.name(),
                placement.kind.full_count(),
                placement.kind.name(),
                if placement.kind.full_count() > 1 {
                    "s"
                } else {
                    ""
                }
            ),
            PlaceError::Occupied {
                placement,
                by,
                placed_at,
                ..
            } => {
                if *placed_at > 0 {
                    format!(
                        "square occupied: {} holds the {by} placed at move {placed_at}",
                        placement.square
                    )
                } else {
                    format!("square occupied: {} holds the {by}", placement.square)
                }
            }
            PlaceError::KingFirst { side, .. } => {
                format!("{side}'s king is still in hand: {side} must place its king first")
            }
            PlaceError::KingNotOnEdge { square, .. } => format!(
                "kings go on an edge square (a or h file, rank 1 or 8), and {square} is not one"
            ),
            PlaceError::NoReach {
                side, placement, ..
            } => format!(
                "the {} on {} reaches no {} piece",
                placement.kind.name(),
                placement.square,
                side.name()
            ),
            PlaceError::PawnNotReached { side, square, .. } => format!(
                "a pawn goes only where a {} high piece reaches, and none reaches {square}",
                side.name()
            ),
            PlaceError::QueenLast { placement, .. } => format!(
                "Black may not leave the queen as its last piece in hand, and {placement} \
                 would leave only Q"
            ),
            PlaceError::IllegalPass {
                side,
                legal,
                example,
                ..
            } => format!(
                "{side} may pass only when no placement is legal, and {legal} {} (e.g. {example})",
                if *legal == 1 { "is" } else { "are" }
            ),
        }
    }
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move {} ({} {}): {} ({})",
            self.ply(),
            self.side(),
            self.mv(),
            self.reason(),
            self.rule()
        )
    }
}

impl std::error::Error for PlaceError {}

/// Why a diagram is not a position ([`Position::from_diagram`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiagramError(pub String);

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad diagram: {}", self.0)
    }
}

impl std::error::Error for DiagramError {}

/// A Chess Territorial position with its history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    board: [Option<Piece>; AREA],
    hands: [Hand; 2],
    /// Moves made (placements and passes).
    ply: u32,
    to_move: Side,
    last_was_pass: bool,
    /// Ply at which each square was filled (0: empty or set up).
    placed_at: [u16; AREA],
    end: Option<(u32, End)>,
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl Position {
    /// The empty board, both hands full, White to move.
    pub fn new() -> Position {
        Position {
            board: [None; AREA],
            hands: [Hand::full(); 2],
            ply: 0,
            to_move: Side::White,
            last_was_pass: false,
            placed_at: [0; AREA],
            end: None,
        }
    }

    /// Plays a move list from the empty board.
    pub fn from_moves(moves: &[Move]) -> Result<Position, PlaceError> {
        let mut pos = Position::new();
        for &m in moves {
            pos.play(m)?;
        }
        Ok(pos)
    }

    /// A position from a diagram: 8 rows of 8 cells, rank 8 first, `.` (or `-`, `:`, `+`,
    /// `*`) empty, `K Q R B N P` White, `k q r b n p` Black. Spaces are ignored; rank
    /// numbers at the start of a row and a file-letter line (`a b c … h`) are allowed, so
    /// [`Position::render`] output reads back. Hands are the full sets less the pieces on
    /// the board; `to_move` moves next; plies count the pieces on the board. No legality
    /// check beyond the piece counts: any arrangement can be scored.
    pub fn from_diagram(diagram: &str, to_move: Side) -> Result<Position, DiagramError> {
        let mut rows: Vec<Vec<char>> = Vec::new();
        for line in diagram.lines() {
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.is_empty() {
                continue;
            }
            let cells = if cells[0].is_ascii_digit() {
                cells[1..].to_vec()
            } else {
                cells
            };
            if cells.iter().collect::<String>() == "abcdefgh" {
                continue;
            }
            rows.push(cells);
        }
        if rows.len() != 8 {
            return Err(DiagramError(format!("{} rows, expected 8", rows.len())));
        }
        let mut pos = Position::new();
        let mut count = 0u32;
        for (i, row) in rows.iter().enumerate() {
            let rank = 7 - i as u8;
            if row.len() != 8 {
                return Err(DiagramError(format!(
                    "rank {} has {} cells, expected 8",
                    rank + 1,
                    row.len()
                )));
            }
            for (file, &c) in row.iter().enumerate() {
                let sq = Square::new(file as u8, rank).expect("on the board");
                if matches!(c, '.' | '-' | ':' | '+' | '*') {
                    continue;
                }
                let piece = Piece::from_letter(c).ok_or_else(|| {
                    DiagramError(format!("'{c}' on {sq} is neither a piece nor '.'"))
                })?;
                if !pos.hands[piece.side.index()].take(piece.kind) {
                    return Err(DiagramError(format!(
                        "too many {} {}s ({sq})",
                        piece.side.name(),
                        piece.kind.name()
                    )));
                }
                pos.board[sq.index() as usize] = Some(piece);
                count += 1;
            }
        }
        pos.ply = count;
        pos.to_move = to_move;
        if pos.hands.iter().all(Hand::is_empty) {
            pos.end = Some((count, End::AllPlaced));
        }
        Ok(pos)
    }

    /// The piece on a square.
    #[inline]
    pub fn at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index() as usize]
    }

    /// The ply at which the piece on `sq` was placed (0: empty or set up).
    pub fn placed_at(&self, sq: Square) -> u32 {
        self.placed_at[sq.index() as usize] as u32
    }

    pub fn hand(&self, side: Side) -> Hand {
        self.hands[side.index()]
    }

    pub fn side_to_move(&self) -> Side {
        self.to_move
    }

    /// Moves made so far (placements and passes).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The ply and manner of the end of the game, once over.
    pub fn end(&self) -> Option<(u32, End)> {
        self.end
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Whether the last move was a pass.
    pub fn last_was_pass(&self) -> bool {
        self.last_was_pass
    }

    /// The squares of a side's pieces of a kind.
    pub fn squares_of(&self, piece: Piece) -> impl Iterator<Item = Square> + '_ {
        Square::all().filter(move |&s| self.at(s) == Some(piece))
    }

    /// Whether a high piece of kind `kind` standing on the empty square `from` would reach a
    /// square holding one of `side`'s pieces: the first piece along a line for sliders
    /// (blocked by any piece), a jump target for the knight, a neighbour for the king.
    fn reaches_piece(&self, kind: Kind, from: Square, side: Side) -> bool {
        let own = |s: Square| self.at(s).is_some_and(|p| p.side == side);
        let slide = |dirs: &[(i8, i8)]| {
            dirs.iter().any(|&(df, dr)| {
                let mut s = from;
                while let Some(n) = s.offset(df, dr) {
                    if self.at(n).is_some() {
                        return own(n);
                    }
                    s = n;
                }
                false
            })
        };
        match kind {
            Kind::Queen => slide(&ORTHOGONAL) || slide(&DIAGONAL),
            Kind::Rook => slide(&ORTHOGONAL),
            Kind::Bishop => slide(&DIAGONAL),
            Kind::Knight => KNIGHT_JUMPS
                .iter()
                .any(|&(df, dr)| from.offset(df, dr).is_some_and(own)),
            Kind::King => KING_STEPS
                .iter()
                .any(|&(df, dr)| from.offset(df, dr).is_some_and(own)),
            Kind::Pawn => false,
        }
    }

    /// Whether one of `side`'s high pieces on the board reaches the (empty) square `to` by
    /// chess movement: the pawn rule.
    pub fn high_piece_reaches(&self, side: Side, to: Square) -> bool {
        let is = |s: Square, kinds: &[Kind]| {
            self.at(s)
                .is_some_and(|p| p.side == side && kinds.contains(&p.kind))
        };
        let slide = |dirs: &[(i8, i8)], kinds: &[Kind]| {
            dirs.iter().any(|&(df, dr)| {
                let mut s = to;
                while let Some(n) = s.offset(df, dr) {
                    if self.at(n).is_some() {
                        return is(n, kinds);
                    }
                    s = n;
                }
                false
            })
        };
        KING_STEPS
            .iter()
            .any(|&(df, dr)| to.offset(df, dr).is_some_and(|s| is(s, &[Kind::King])))
            || KNIGHT_JUMPS
                .iter()
                .any(|&(df, dr)| to.offset(df, dr).is_some_and(|s| is(s, &[Kind::Knight])))
            || slide(&ORTHOGONAL, &[Kind::Rook, Kind::Queen])
            || slide(&DIAGONAL, &[Kind::Bishop, Kind::Queen])
    }

    /// Whether the placement obeys the geometric rules (kings on edges first, reach for
    /// high pieces and pawns) and the hand, for `side` — ignoring the queen restriction.
    fn check_geometry(&self, side: Side, p: Placement) -> Result<(), PlaceError> {
        let ply = self.ply + 1;
        let hand = self.hands[side.index()];
        if hand.count(p.kind) == 0 {
            return Err(PlaceError::NotInHand {
                ply,
                side,
                placement: p,
            });
        }
        if let Some(by) = self.at(p.square) {
            return Err(PlaceError::Occupied {
                ply,
                side,
                placement: p,
                by,
                placed_at: self.placed_at(p.square),
            });
        }
        if hand.count(Kind::King) > 0 {
            if p.kind != Kind::King {
                return Err(PlaceError::KingFirst {
                    ply,
                    side,
                    placement: p,
                });
            }
            if !p.square.is_edge() {
                return Err(PlaceError::KingNotOnEdge {
                    ply,
                    side,
                    square: p.square,
                });
            }
            return Ok(());
        }
        match p.kind {
            Kind::Pawn => {
                if !self.high_piece_reaches(side, p.square) {
                    return Err(PlaceError::PawnNotReached {
                        ply,
                        side,
                        square: p.square,
                    });
                }
            }
            k => {
                if !self.reaches_piece(k, p.square, side) {
                    return Err(PlaceError::NoReach {
                        ply,
                        side,
                        placement: p,
                    });
                }
            }
        }
        Ok(())
    }

    /// Whether `side` could place `p` now if it were `side`'s turn (all rules).
    fn check_for(&self, side: Side, p: Placement) -> Result<(), PlaceError> {
        let ply = self.ply + 1;
        if let Some((ended_at, end)) = self.end {
            return Err(PlaceError::GameOver {
                ply,
                side,
                mv: Move::Place(p),
                ended_at,
                end,
            });
        }
        self.check_geometry(side, p)?;
        if side == Side::Black
            && self.hands[side.index()]
                .without(p.kind)
                .is_some_and(|h| h.is_lone_queen())
        {
            return Err(PlaceError::QueenLast { ply, placement: p });
        }
        Ok(())
    }

    /// Whether the side to move may make this placement.
    pub fn check(&self, p: Placement) -> Result<(), PlaceError> {
        self.check_for(self.to_move, p)
    }

    /// Whether the side to move may make this move (a pass only without legal placements).
    pub fn check_move(&self, m: Move) -> Result<(), PlaceError> {
        match m {
            Move::Place(p) => self.check(p),
            Move::Pass => {
                let ply = self.ply + 1;
                let side = self.to_move;
                if let Some((ended_at, end)) = self.end {
                    return Err(PlaceError::GameOver {
                        ply,
                        side,
                        mv: m,
                        ended_at,
                        end,
                    });
                }
                let legal = self.legal_placements();
                match legal.first() {
                    None => Ok(()),
                    Some(&example) => Err(PlaceError::IllegalPass {
                        ply,
                        side,
                        legal: legal.len() as u32,
                        example,
                    }),
                }
            }
        }
    }

    /// Every legal placement of the side to move, kinds in `K Q R B N P` order, squares in
    /// index order (a1, b1, …). Empty once the game is over.
    pub fn legal_placements(&self) -> Vec<Placement> {
        self.placements_for(self.to_move)
    }

    /// The legal placements `side` would have if it were to move now.
    pub fn placements_for(&self, side: Side) -> Vec<Placement> {
        let mut out = Vec::new();
        if self.end.is_some() {
            return out;
        }
        let hand = self.hands[side.index()];
        for kind in hand.kinds() {
            for sq in Square::all() {
                let p = Placement::new(kind, sq);
                if self.check_for(side, p).is_ok() {
                    out.push(p);
                }
            }
        }
        out
    }

    /// The placements that break only the queen restriction (Black's, with exactly one
    /// other piece beside the queen in hand): empty unless the restriction forbids something.
    pub fn queen_restricted(&self) -> Vec<Placement> {
        self.queen_restricted_for(self.to_move)
    }

    /// [`Position::queen_restricted`] for `side`, whether or not it is `side`'s turn.
    pub fn queen_restricted_for(&self, side: Side) -> Vec<Placement> {
        let hand = self.hands[side.index()];
        if side != Side::Black || self.end.is_some() || hand.count(Kind::Queen) != 1 {
            return Vec::new();
        }
        let mut out = Vec::new();
        for kind in hand.kinds() {
            if !hand.without(kind).is_some_and(|h| h.is_lone_queen()) {
                continue;
            }
            for sq in Square::all() {
                let p = Placement::new(kind, sq);
                if self.check_geometry(side, p).is_ok() {
                    out.push(p);
                }
            }
        }
        out
    }

    /// Whether the side to move has no legal placement (and so must pass).
    pub fn must_pass(&self) -> bool {
        self.end.is_none() && self.legal_placements().is_empty()
    }

    /// Whether the game is on and neither side has a legal placement: passes change
    /// nothing, so neither can place any more — the rules' end, before the closing passes
    /// are played.
    pub fn neither_can_place(&self) -> bool {
        self.end.is_none()
            && Side::BOTH
                .iter()
                .all(|&s| self.placements_for(s).is_empty())
    }

    /// Ends the game where it stands ([`End::NoPlacement`], at the current ply) when
    /// [`Position::neither_can_place`]: for a record that stops there without its closing
    /// passes. Returns whether it did.
    pub fn end_if_no_placement(&mut self) -> bool {
        let ends = self.neither_can_place();
        if ends {
            self.end = Some((self.ply, End::NoPlacement));
        }
        ends
    }

    /// Places a piece for the side to move.
    pub fn place(&mut self, kind: Kind, square: Square) -> Result<(), PlaceError> {
        let p = Placement::new(kind, square);
        self.check(p)?;
        let side = self.to_move;
        self.hands[side.index()].take(kind);
        self.board[square.index() as usize] = Some(Piece::new(side, kind));
        self.ply += 1;
        self.placed_at[square.index() as usize] = self.ply.min(u16::MAX as u32) as u16;
        self.to_move = side.other();
        self.last_was_pass = false;
        if self.hands.iter().all(Hand::is_empty) {
            self.end = Some((self.ply, End::AllPlaced));
        }
        Ok(())
    }

    /// Passes for the side to move: allowed only when no placement is legal.
    pub fn pass(&mut self) -> Result<(), PlaceError> {
        self.check_move(Move::Pass)?;
        self.ply += 1;
        self.to_move = self.to_move.other();
        if self.last_was_pass {
            self.end = Some((self.ply, End::TwoPasses));
        }
        self.last_was_pass = true;
        Ok(())
    }

    /// Plays a move for the side to move.
    pub fn play(&mut self, m: Move) -> Result<(), PlaceError> {
        match m {
            Move::Place(p) => self.place(p.kind, p.square),
            Move::Pass => self.pass(),
        }
    }

    /// The board as text, rank 8 at the top: `K Q R B N P` White, `k q r b n p` Black,
    /// `.` empty. Reads back with [`Position::from_diagram`].
    ///
    /// ```text
    /// 8 . . . k . . . .
    /// …
    /// 1 . . . . K . . .
    ///   a b c d e f g h
    /// ```
    pub fn render(&self) -> String {
        self.render_with(|_| '.')
    }

    /// Like [`Position::render`], with empty squares drawn by `empty(square)`.
    pub fn render_with(&self, empty: impl Fn(Square) -> char) -> String {
        let mut out = String::with_capacity(200);
        for rank in (0..8u8).rev() {
            out.push((b'1' + rank) as char);
            for file in 0..8u8 {
                let sq = Square::new(file, rank).expect("on the board");
                out.push(' ');
                out.push(self.at(sq).map_or_else(|| empty(sq), Piece::letter));
            }
            out.push('\n');
        }
        out.push_str("  a b c d e f g h\n");
        out
    }

    /// The board ([`Position::render`]) followed by both hands and the side to move (or
    /// how the game ended).
    pub fn to_text(&self) -> String {
        let mut out = self.render();
        out.push_str(&format!("White hand: {}\n", self.hand(Side::White)));
        out.push_str(&format!("Black hand: {}\n", self.hand(Side::Black)));
        match self.end {
            Some((ply, end)) => {
                out.push_str(&format!("Game over at move {ply} ({})\n", end.describe()))
            }
            None => out.push_str(&format!(
                "{} to move (move {})\n",
                self.to_move,
                self.ply + 1
            )),
        }
        out
    }
}
