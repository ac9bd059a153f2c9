//! One position of any of the four games, for the position search and the explorer: made
//! from a query (moves, stone sets, a FEN) or from a stored game, keyed, turned by a
//! symmetry, played on; and the symmetries of each game by index.

use std::fmt;

use kifu_facts::{Annotations, GameKind, MoveCode, PlyStep, PositionKey};

use super::move_error::MoveError;
use super::{chouchou, renju, territorial, xiangqi};
use crate::renju::{PlayError, Symmetry};
use crate::territorial::PlaceError;

/// A position of one of the games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    Renju(renju::Stones),
    Xiangqi(xiangqi::Snapshot),
    Territorial(territorial::Snapshot),
    ChouChou(chouchou::Snapshot),
}

/// Why a query is no position: its text cannot be read, or the rules refuse it (the
/// engines' own errors, each naming the move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryError {
    /// A Renju move or point that is not written in RIF notation.
    RenjuPoint(crate::renju::point::ParsePointError),
    /// A Renju move the board refuses (an occupied point, a move after the end).
    Renju(PlayError),
    /// Renju stone sets that are no position.
    Stones(renju::StonesError),
    Xiangqi(xiangqi::XiangqiQueryError),
    /// A Chess Territorial placement that is not written as one.
    TerritorialMove(crate::territorial::placement::ParseMoveError),
    Territorial(PlaceError),
    /// ChouChou actions that are not written as such.
    ChouChouMoves(crate::chouchou::MoveListError),
    /// A ChouChou action the rules refuse: the engine's error finding, at its ply.
    ChouChou(Box<crate::finding::Finding>),
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::RenjuPoint(e) => e.fmt(f),
            QueryError::Renju(e) => e.fmt(f),
            QueryError::Stones(e) => e.fmt(f),
            QueryError::Xiangqi(e) => e.fmt(f),
            QueryError::TerritorialMove(e) => e.fmt(f),
            QueryError::Territorial(e) => e.fmt(f),
            QueryError::ChouChouMoves(e) => e.fmt(f),
            QueryError::ChouChou(finding) => match finding.ply {
                Some(ply) => write!(f, "move {ply}: {}", finding.message),
                None => f.write_str(&finding.message),
            },
        }
    }
}

impl std::error::Error for QueryError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            QueryError::RenjuPoint(e) => Some(e),
            QueryError::Renju(e) => Some(e),
            QueryError::Stones(e) => Some(e),
            QueryError::Xiangqi(e) => Some(e),
            QueryError::TerritorialMove(e) => Some(e),
            QueryError::Territorial(e) => Some(e),
            QueryError::ChouChouMoves(e) => Some(e),
            QueryError::ChouChou(_) => None,
        }
    }
}

/// Symmetries per game: Renju and ChouChou 8, Chess Territorial 4, Xiangqi 2.
pub fn symmetry_count(kind: GameKind) -> u8 {
    match kind {
        GameKind::Renju | GameKind::ChouChou => 8,
        GameKind::Territorial => 4,
        GameKind::Xiangqi => 2,
    }
}

/// The symmetry's name (`rotate-90`, `mirror`, `half-turn`…).
pub fn symmetry_name(kind: GameKind, s: u8) -> &'static str {
    match kind {
        GameKind::Renju | GameKind::ChouChou => Symmetry::ALL[s as usize % 8].name(),
        GameKind::Territorial => crate::territorial::Symmetry::ALL[s as usize % 4].name(),
        GameKind::Xiangqi => xiangqi::SYMMETRY_NAMES[s as usize % 2],
    }
}

/// The symmetry with this name, if the game has it.
pub fn symmetry_by_name(kind: GameKind, name: &str) -> Option<u8> {
    (0..symmetry_count(kind)).find(|&s| symmetry_name(kind, s) == name)
}

/// `a ∘ b`: first `b`, then `a`.
pub fn compose(kind: GameKind, a: u8, b: u8) -> u8 {
    match kind {
        GameKind::Renju | GameKind::ChouChou => {
            let c = Symmetry::ALL[a as usize].compose(Symmetry::ALL[b as usize]);
            Symmetry::ALL.iter().position(|&s| s == c).expect("in ALL") as u8
        }
        // The identity, the half turn and the two diagonal mirrors: each undoes itself and
        // any two others make the third (the Klein four-group).
        GameKind::Territorial => match (a, b) {
            (0, x) | (x, 0) => x,
            (x, y) if x == y => 0,
            (x, y) => 6 - x - y,
        },
        GameKind::Xiangqi => a ^ b,
    }
}

/// The symmetry that undoes `s`.
pub fn inverse(kind: GameKind, s: u8) -> u8 {
    (0..symmetry_count(kind))
        .find(|&t| compose(kind, t, s) == 0)
        .expect("a group")
}

impl Board {
    /// A Renju position from moves in RIF notation (`h8 h9 i9`, `--` for a pass).
    pub fn renju_moves(text: &str) -> Result<Board, QueryError> {
        let moves = crate::renju::parse_moves(text).map_err(QueryError::RenjuPoint)?;
        renju::Stones::from_moves(&moves)
            .map(Board::Renju)
            .map_err(QueryError::Renju)
    }

    /// A Renju position from Black's and White's points (`h8 i9`, `h9`).
    pub fn renju_stones(black: &str, white: &str) -> Result<Board, QueryError> {
        let points = |t: &str| -> Result<Vec<crate::renju::Point>, QueryError> {
            t.split(|c: char| c.is_whitespace() || c == ',')
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().map_err(QueryError::RenjuPoint))
                .collect()
        };
        renju::Stones::from_sets(&points(black)?, &points(white)?)
            .map(Board::Renju)
            .map_err(QueryError::Stones)
    }

    /// A Xiangqi position: `moves` (ICCS, Chinese or WXF) from `fen`.
    pub fn xiangqi(fen: &str, moves: &str) -> Result<Board, QueryError> {
        xiangqi::Snapshot::from_query(fen, moves)
            .map(Board::Xiangqi)
            .map_err(QueryError::Xiangqi)
    }

    /// A Chess Territorial position from placements (`K@e1 K@d8 Q@e2`, `--` a pass).
    pub fn territorial(text: &str) -> Result<Board, QueryError> {
        let moves = crate::territorial::parse_moves(text).map_err(QueryError::TerritorialMove)?;
        territorial::Snapshot::from_moves(&moves)
            .map(Board::Territorial)
            .map_err(QueryError::Territorial)
    }

    /// A ChouChou position from actions (`1A 2A 3C→1A②`) on a setup.
    pub fn chouchou(setup: chouchou::Setup, text: &str) -> Result<Board, QueryError> {
        let actions = crate::chouchou::parse_moves(text).map_err(QueryError::ChouChouMoves)?;
        chouchou::Snapshot::from_actions(setup, &actions)
            .map(Board::ChouChou)
            .map_err(|f| QueryError::ChouChou(Box::new(f)))
    }

    pub fn kind(&self) -> GameKind {
        match self {
            Board::Renju(_) => GameKind::Renju,
            Board::Xiangqi(_) => GameKind::Xiangqi,
            Board::Territorial(_) => GameKind::Territorial,
            Board::ChouChou(_) => GameKind::ChouChou,
        }
    }

    /// The key and the symmetry that maps this position onto the canonical orientation.
    pub fn key(&self) -> (PositionKey, u8) {
        match self {
            Board::Renju(b) => b.key(),
            Board::Xiangqi(b) => b.key(),
            Board::Territorial(b) => b.key(),
            Board::ChouChou(b) => b.key(),
        }
    }

    /// The image of the position under a symmetry.
    pub fn transformed(&self, s: u8) -> Board {
        match self {
            Board::Renju(b) => Board::Renju(b.transformed(s)),
            Board::Xiangqi(b) => Board::Xiangqi(b.transformed(s)),
            Board::Territorial(b) => Board::Territorial(b.transformed(s)),
            Board::ChouChou(b) => Board::ChouChou(b.transformed(s)),
        }
    }

    /// The symmetries that map the position onto itself (the identity first).
    pub fn stabilizer(&self) -> Vec<u8> {
        (0..symmetry_count(self.kind()))
            .filter(|&s| s == 0 || self.transformed(s) == *self)
            .collect()
    }

    /// A move code under a symmetry of this position's board.
    pub fn apply_symmetry(&self, s: u8, c: MoveCode) -> MoveCode {
        match self {
            Board::Renju(_) => renju::apply_symmetry(s, c),
            Board::Xiangqi(_) => xiangqi::apply_symmetry(s, c),
            Board::Territorial(_) => territorial::apply_symmetry(s, c),
            Board::ChouChou(b) => chouchou::apply_symmetry(b.setup.variant, s, c),
        }
    }

    /// The position after a move (in this position's orientation).
    pub fn play(&self, c: MoveCode) -> Result<Board, MoveError> {
        Ok(match self {
            Board::Renju(b) => Board::Renju(b.play(c)?),
            Board::Xiangqi(b) => Board::Xiangqi(b.play(c)?),
            Board::Territorial(b) => Board::Territorial(b.play(c)?),
            Board::ChouChou(b) => Board::ChouChou(b.play(c)?),
        })
    }

    /// A move from this position in its game's notation (Xiangqi: Chinese, then ICCS).
    pub fn move_text(&self, c: MoveCode) -> String {
        match self {
            Board::Renju(_) => renju::Stones::move_text(c),
            Board::Xiangqi(b) => b.move_text(c),
            Board::Territorial(_) => territorial::Snapshot::move_text(c),
            Board::ChouChou(_) => chouchou::Snapshot::move_text(c),
        }
    }

    /// A move from this position as a query writes it (`kifu explore --moves`): Xiangqi
    /// in ICCS (`h2e2`, the coordinates a board click gives), the others as
    /// [`Board::move_text`] writes them.
    pub fn move_query_text(&self, c: MoveCode) -> String {
        match self {
            Board::Xiangqi(_) => xiangqi::code_move(c).map_or_else(|| "?".into(), |m| m.iccs()),
            _ => self.move_text(c),
        }
    }

    /// The side (or seat) to move: `Black`, `Red`, `P2`.
    pub fn to_move(&self) -> String {
        match self {
            Board::Renju(b) => b.to_move().title().to_owned(),
            Board::Xiangqi(b) => match b.position().side_to_move() {
                crate::xiangqi::Side::Red => "Red".to_owned(),
                crate::xiangqi::Side::Black => "Black".to_owned(),
            },
            Board::Territorial(b) => b.position().side_to_move().title().to_owned(),
            Board::ChouChou(b) => format!("P{}", b.to_move() + 1),
        }
    }

    /// A text diagram of the position.
    pub fn render(&self) -> String {
        match self {
            Board::Renju(b) => b.render(),
            Board::Xiangqi(b) => b.position().render(None),
            Board::Territorial(b) => b.position().render(),
            Board::ChouChou(b) => b.board().render(),
        }
    }
}

/// What a stored game needs to be replayed: its kind, its move blob and, for Xiangqi, a
/// start position other than the standard one, for ChouChou its setup.
#[derive(Clone, Copy, Debug)]
pub struct StoredGame<'a> {
    pub kind: GameKind,
    pub moves: &'a [u8],
    pub setup: StoredSetup<'a>,
}

/// The part of a stored game's annotations its replay needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoredSetup<'a> {
    /// Renju and Chess Territorial start from the empty board.
    None,
    /// A Xiangqi start position other than the standard one.
    XiangqiStart(Option<&'a str>),
    ChouChou(chouchou::Setup),
}

impl<'a> StoredSetup<'a> {
    /// The setup a game's stored annotations give (the defaults where they say nothing,
    /// as `kifu show` reads them).
    pub fn of(kind: GameKind, annotations: &'a Annotations) -> StoredSetup<'a> {
        match kind {
            GameKind::Renju | GameKind::Territorial => StoredSetup::None,
            GameKind::Xiangqi => StoredSetup::XiangqiStart(
                annotations.xiangqi().and_then(|a| a.start_fen.as_deref()),
            ),
            GameKind::ChouChou => {
                let a = annotations.chouchou();
                StoredSetup::ChouChou(chouchou::Setup {
                    variant: a
                        .and_then(|a| crate::chouchou::Variant::from_id(&a.variant))
                        .unwrap_or(crate::chouchou::Variant::Standard),
                    players: a.map_or(2, |a| if a.players == 0 { 2 } else { a.players as u8 }),
                    pairs: a.is_some_and(|a| a.pairs),
                })
            }
        }
    }
}

/// Why a stored game cannot be replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredError {
    /// The move blob does not decode as the game's moves.
    Corrupt(GameKind),
    /// The stored Xiangqi start position is no position.
    BadStart(crate::xiangqi::FenError),
    /// The game does not reach the ply asked for.
    TooShort { ply: u32 },
}

impl fmt::Display for StoredError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoredError::Corrupt(kind) => write!(f, "the stored {kind} moves do not decode"),
            StoredError::BadStart(e) => write!(f, "the stored start position: {e}"),
            StoredError::TooShort { ply } => write!(f, "the game does not reach ply {ply}"),
        }
    }
}

impl std::error::Error for StoredError {}

fn xiangqi_start(fen: Option<&str>) -> Result<crate::xiangqi::Position, StoredError> {
    match fen {
        Some(fen) => crate::xiangqi::Position::from_fen(fen).map_err(StoredError::BadStart),
        None => Ok(crate::xiangqi::Position::startpos()),
    }
}

/// A stored Xiangqi game's start position (its stored start, else the standard one) and
/// its moves.
fn xiangqi_stored(
    g: &StoredGame<'_>,
) -> Result<(crate::xiangqi::Position, Vec<crate::xiangqi::Move>), StoredError> {
    let moves =
        crate::xiangqi::decode_moves(g.moves).ok_or(StoredError::Corrupt(GameKind::Xiangqi))?;
    let fen = match g.setup {
        StoredSetup::XiangqiStart(f) => f,
        _ => None,
    };
    Ok((xiangqi_start(fen)?, moves))
}

fn chouchou_setup(setup: StoredSetup<'_>) -> chouchou::Setup {
    match setup {
        StoredSetup::ChouChou(s) => s,
        _ => chouchou::Setup {
            variant: crate::chouchou::Variant::Standard,
            players: 2,
            pairs: false,
        },
    }
}

/// The steps of a stored game through its positions: what the index holds for it.
///
/// A record without moves (a result, a forfeit) reached no position that tells anything:
/// every game of its kind starts there. So it has no steps, unless it is a Xiangqi record
/// of a start of its own (a diagram: that position is what the record is about).
pub fn stored_trail(g: &StoredGame<'_>) -> Result<Vec<PlyStep>, StoredError> {
    let corrupt = || StoredError::Corrupt(g.kind);
    match g.kind {
        GameKind::Renju => {
            let moves = crate::renju::decode_moves(g.moves).ok_or_else(corrupt)?;
            if moves.is_empty() {
                return Ok(Vec::new());
            }
            Ok(renju::trail(&moves))
        }
        GameKind::Xiangqi => {
            let (start, moves) = xiangqi_stored(g)?;
            if moves.is_empty() && !matches!(g.setup, StoredSetup::XiangqiStart(Some(_))) {
                return Ok(Vec::new());
            }
            Ok(xiangqi::trail(&start, &moves))
        }
        GameKind::Territorial => {
            let moves = crate::territorial::decode_moves(g.moves).ok_or_else(corrupt)?;
            if moves.is_empty() {
                return Ok(Vec::new());
            }
            Ok(territorial::trail(&moves))
        }
        GameKind::ChouChou => {
            let actions = crate::chouchou::decode_actions(g.moves).ok_or_else(corrupt)?;
            if actions.is_empty() {
                return Ok(Vec::new());
            }
            Ok(chouchou::trail(chouchou_setup(g.setup), &actions))
        }
    }
}

/// A stored game's moves as small integers, one per ply: Renju's one byte (the point index
/// `row * 15 + column`, 255 a pass), every other kind's two bytes read high byte first
/// (`first * 256 + second`); a trailing odd byte of a two-byte encoding is left out.
pub fn stored_move_codes(kind: GameKind, moves: &[u8]) -> Vec<i32> {
    match kind {
        GameKind::Renju => moves.iter().map(|&b| i32::from(b)).collect(),
        _ => moves
            .chunks_exact(2)
            .map(|p| i32::from(p[0]) << 8 | i32::from(p[1]))
            .collect(),
    }
}

/// A stored game's moves as text in its own notation, one per ply: Renju points as RIF
/// writes them (`h8`, `--` a pass), Xiangqi in Chinese notation (`炮二平五`, from the
/// game's start position), Chess Territorial placements (`K@e1`, `--`), ChouChou actions
/// (`3B`, `3C→1A②`).
pub fn stored_move_texts(g: &StoredGame<'_>) -> Result<Vec<String>, StoredError> {
    let corrupt = || StoredError::Corrupt(g.kind);
    match g.kind {
        GameKind::Renju => {
            let moves = crate::renju::decode_moves(g.moves).ok_or_else(corrupt)?;
            Ok(moves
                .into_iter()
                .map(crate::renju::point::move_text)
                .collect())
        }
        GameKind::Xiangqi => {
            let (mut position, moves) = xiangqi_stored(g)?;
            Ok(moves
                .into_iter()
                .map(|m| {
                    let text = crate::xiangqi::move_to_chinese(&position, m);
                    position.make(m);
                    text
                })
                .collect())
        }
        GameKind::Territorial => {
            let moves = crate::territorial::decode_moves(g.moves).ok_or_else(corrupt)?;
            Ok(moves.iter().map(ToString::to_string).collect())
        }
        GameKind::ChouChou => {
            let actions = crate::chouchou::decode_actions(g.moves).ok_or_else(corrupt)?;
            Ok(actions.iter().map(crate::chouchou::action_text).collect())
        }
    }
}

/// Runs `f` on a stored game given its kind, move blob and stored annotations (the
/// `extra` JSON; unreadable annotations, never written by kifu, replay from the defaults:
/// the standard Xiangqi start, a two-player 3×3 ChouChou).
pub fn with_stored<R>(
    kind: GameKind,
    moves: &[u8],
    extra: Option<&str>,
    f: impl FnOnce(&StoredGame<'_>) -> R,
) -> R {
    // Only Xiangqi and ChouChou need their annotations: the others skip the JSON.
    let annotations = match kind {
        GameKind::Xiangqi | GameKind::ChouChou => kifu_facts::Extra::parse(kind, extra)
            .map(|e| e.annotations)
            .ok(),
        _ => None,
    };
    let setup = annotations
        .as_ref()
        .map_or(StoredSetup::None, |a| StoredSetup::of(kind, a));
    f(&StoredGame { kind, moves, setup })
}

/// A stored game's position after `ply` of its moves.
pub fn stored_board(g: &StoredGame<'_>, ply: u32) -> Result<Board, StoredError> {
    let corrupt = || StoredError::Corrupt(g.kind);
    let short = || StoredError::TooShort { ply };
    let n = ply as usize;
    match g.kind {
        GameKind::Renju => {
            let moves = crate::renju::decode_moves(g.moves).ok_or_else(corrupt)?;
            let played = moves.get(..n).ok_or_else(short)?;
            // Stored moves may go on after a five (the record did): play them on the board
            // without the end-of-game check, as the index did.
            let mut stones = renju::Stones::from_moves(&[]).expect("the empty board");
            for &m in played {
                stones = stones.play(renju::move_code(m)).map_err(|_| corrupt())?;
            }
            Ok(Board::Renju(stones))
        }
        GameKind::Xiangqi => {
            let (mut position, moves) = xiangqi_stored(g)?;
            for &m in moves.get(..n).ok_or_else(short)? {
                position.make(m);
            }
            Ok(Board::Xiangqi(xiangqi::Snapshot::of(&position)))
        }
        GameKind::Territorial => {
            let moves = crate::territorial::decode_moves(g.moves).ok_or_else(corrupt)?;
            territorial::Snapshot::from_moves(moves.get(..n).ok_or_else(short)?)
                .map(Board::Territorial)
                .map_err(|_| corrupt())
        }
        GameKind::ChouChou => {
            let actions = crate::chouchou::decode_actions(g.moves).ok_or_else(corrupt)?;
            chouchou::Snapshot::after(chouchou_setup(g.setup), &actions, ply)
                .map(Board::ChouChou)
                .ok_or_else(short)
        }
    }
}

/// A move code under a symmetry of a game whose board size the code alone fixes (every
/// game but ChouChou, whose codes need the position: [`Board::apply_symmetry`]).
pub fn apply_symmetry(kind: GameKind, s: u8, c: MoveCode) -> MoveCode {
    match kind {
        GameKind::Renju => renju::apply_symmetry(s, c),
        GameKind::Xiangqi => xiangqi::apply_symmetry(s, c),
        GameKind::Territorial => territorial::apply_symmetry(s, c),
        GameKind::ChouChou => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_form_groups_with_inverses() {
        for kind in GameKind::ALL {
            let n = symmetry_count(kind);
            for a in 0..n {
                assert_eq!(compose(kind, inverse(kind, a), a), 0, "{kind} {a}");
                for b in 0..n {
                    assert!(compose(kind, a, b) < n);
                }
                assert_eq!(symmetry_by_name(kind, symmetry_name(kind, a)), Some(a));
            }
        }
    }

    /// A position shown in the query's orientation: the game's position under
    /// `inverse(query) ∘ game` is the query position, for every image of a game.
    #[test]
    fn a_game_position_maps_onto_the_query_by_the_composed_symmetry() {
        let query = Board::renju_moves("h8 h9 i9 i8 g7").unwrap();
        let (qkey, qs) = query.key();
        for s in 0..8u8 {
            let image = query.transformed(s);
            let (key, gs) = image.key();
            assert_eq!(key, qkey);
            let to_query = compose(GameKind::Renju, inverse(GameKind::Renju, qs), gs);
            assert_eq!(image.transformed(to_query), query);
        }
        let after_one = Board::renju_moves("h8").unwrap();
        assert_eq!(after_one.stabilizer().len(), 8);
        assert_eq!(Board::renju_moves("h8 h9").unwrap().stabilizer(), [0, 4]);
    }

    #[test]
    fn a_stored_game_replays_to_the_positions_of_its_trail() {
        let moves = crate::renju::encode_moves(&crate::renju::parse_moves("h8 h9 i9 i8").unwrap());
        let g = StoredGame {
            kind: GameKind::Renju,
            moves: &moves,
            setup: StoredSetup::None,
        };
        let trail = stored_trail(&g).unwrap();
        for step in &trail {
            assert_eq!(
                stored_board(&g, step.ply).unwrap().key(),
                (step.key, step.symmetry)
            );
        }
        assert_eq!(stored_board(&g, 5), Err(StoredError::TooShort { ply: 5 }));
    }

    #[test]
    fn a_stored_game_without_moves_is_in_no_position_but_a_start_of_its_own() {
        let chouchou = StoredSetup::ChouChou(chouchou::Setup {
            variant: crate::chouchou::Variant::Standard,
            players: 3,
            pairs: false,
        });
        for (kind, setup) in [
            (GameKind::Renju, StoredSetup::None),
            (GameKind::Xiangqi, StoredSetup::XiangqiStart(None)),
            (GameKind::Xiangqi, StoredSetup::None),
            (GameKind::Territorial, StoredSetup::None),
            (GameKind::ChouChou, chouchou),
        ] {
            let g = StoredGame {
                kind,
                moves: &[],
                setup,
            };
            assert_eq!(stored_trail(&g), Ok(Vec::new()), "{kind}");
        }
        // A Xiangqi diagram: its start is the position the record is about.
        let diagram = StoredGame {
            kind: GameKind::Xiangqi,
            moves: &[],
            setup: StoredSetup::XiangqiStart(Some("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1")),
        };
        assert_eq!(stored_trail(&diagram).unwrap().len(), 1);
    }

    #[test]
    fn stored_moves_read_back_as_codes_and_as_text_in_each_notation() {
        let stored = |kind, moves: &[u8]| {
            let texts = stored_move_texts(&StoredGame {
                kind,
                moves,
                setup: StoredSetup::None,
            })
            .unwrap();
            (stored_move_codes(kind, moves), texts)
        };
        let renju = crate::renju::encode_moves(&crate::renju::parse_moves("h8 -- a1").unwrap());
        assert_eq!(
            stored(GameKind::Renju, &renju),
            (
                vec![7 * 15 + 7, 255, 0],
                vec!["h8".into(), "--".into(), "a1".into()]
            )
        );
        // h2e2 h9g7: squares rank * 9 + file, from * 256 + to.
        let xiangqi = [2 * 9 + 7, 2 * 9 + 4, 9 * 9 + 7, 7 * 9 + 6];
        assert_eq!(
            stored(GameKind::Xiangqi, &xiangqi),
            (
                vec![25 * 256 + 22, 88 * 256 + 69],
                vec!["炮二平五".into(), "马8进7".into()]
            )
        );
        let territorial =
            crate::territorial::encode_moves(&crate::territorial::parse_moves("K@e1 --").unwrap());
        assert_eq!(
            stored(GameKind::Territorial, &territorial),
            (
                vec![i32::from(b'K') * 256 + 4, 65535],
                vec!["K@e1".into(), "--".into()]
            )
        );
        assert_eq!(
            stored_move_texts(&StoredGame {
                kind: GameKind::Xiangqi,
                moves: &[200, 1],
                setup: StoredSetup::None,
            }),
            Err(StoredError::Corrupt(GameKind::Xiangqi))
        );
    }
}
