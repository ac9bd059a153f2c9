//! ECCO 2004 opening classification (中国象棋开局编号), kifu's own.
//!
//! The 260 assigned codes A00–E99 with their names and defining moves are written out in
//! [`defs`] (kifu's own representation, derived by hand from the published definitions;
//! nothing is read at run time). A game from the standard start gets one code:
//!
//! 1. **Words.** The game's moves (the first [`MAX_SIDE_MOVES`] of each side) are replayed
//!    on the engine's [`Position`]; each becomes a [`Word`] — piece, the file it leaves,
//!    direction, number — the content of the definitions' own text (`马八进七`). Red's and
//!    Black's words form two sequences.
//! 2. **The mirrored wing.** When Red's first move leaves a file on Red's left (files
//!    六–九: `炮八平五`, `相七进五`, `兵七进一`, …) every word of both sides is mirrored
//!    (file `n` → `10 - n`), so an opening played on the other wing meets the definitions,
//!    which are all written on Red's right.
//! 3. **Matching.** Each definition line is a pattern for Red and one for Black
//!    ([`pattern`]); a line matches when each side's pattern consumes a prefix of that side's
//!    words. The patterns carry the definitions' rules: moves that may come earlier
//!    (`此前可以走…` — each listed move at most once, anywhere before the defining move),
//!    moves in either order (`不分先后`), position anchors (`X局面 =`: the listed moves of
//!    each side in any order), alternatives (`／`, between moves or whole lines), and the
//!    one "any moves but at least one other" rule of B30. The two sides are matched each
//!    on its own moves, so a transposition that reaches the same moves in another
//!    interleaving matches too.
//!    A game is tried only on the lines whose Red pattern its first move can start
//!    ([`index`]).
//! 4. **The most specific match.** Of the codes with a matching line, a code is dropped
//!    when another matching code is in its `不包括…` list (A10 gives way to A11–A39, the
//!    catch-all A00 to everything). Of the rest the code whose matching line names the
//!    most moves wins (C18, seven named moves, over C01, four); a tie goes to the later
//!    code (D20, the position 顺炮直车对横车, over D11, the same moves reached "with
//!    extras allowed" and none played).
//!
//! A game with no move has no code; so has a game from another start (the caller's
//! business: [`classify`] takes moves from the standard start). Everything is pure; the
//! definitions are read once, at first use.

mod code;
pub mod defs;
mod index;
pub mod pattern;
mod record;
mod script;
mod scripts;
mod word;

use std::sync::OnceLock;

pub use code::{BadCode, Code, Family};
pub use defs::{Def, TableError};
pub use pattern::MAX_SIDE_MOVES;
pub use record::{of_record, RecordOpening, DIFFERS};
pub use script::{written_in, Script};
pub use word::{Word, WordError};

use index::LineIndex;
use pattern::SideMoves;

use super::piece::Side;
use super::position::Position;
use super::square::Move;

/// The definitions, read once.
pub fn definitions() -> &'static [Def] {
    static DEFS: OnceLock<Vec<Def>> = OnceLock::new();
    DEFS.get_or_init(|| match defs::read() {
        Ok(d) => d,
        // The tables are constants checked by the tests: this cannot happen in a build
        // whose tests pass.
        Err(e) => panic!("the embedded ECCO table is broken: {e}"),
    })
}

/// The definition of an assigned code.
pub fn definition(code: Code) -> Option<&'static Def> {
    definitions()
        .binary_search_by(|d| d.code.cmp(&code))
        .ok()
        .map(|i| &definitions()[i])
}

/// The name of an assigned code (`飞相对进左马` for A13); `None` for an empty slot.
pub fn name(code: Code) -> Option<&'static str> {
    definition(code).map(|d| d.name)
}

/// Each side's words for the first [`MAX_SIDE_MOVES`] moves of each side from the
/// standard start, mirrored when Red opened on its left wing. Stops at a move with no
/// piece of the side to move on its square.
pub fn side_words(moves: &[Move]) -> (Vec<Word>, Vec<Word>) {
    let mut pos = Position::startpos();
    let mut words = (Vec::new(), Vec::new());
    for &m in moves.iter().take(2 * MAX_SIDE_MOVES) {
        let side = pos.side_to_move();
        let Some(piece) = pos.piece_at(m.from).filter(|p| p.side() == side) else {
            break;
        };
        let w = Word::of_move(side, piece.kind(), m);
        match side {
            Side::Red => words.0.push(w),
            Side::Black => words.1.push(w),
        }
        pos.make(m);
    }
    if words.0.first().is_some_and(|w| w.from >= 6) {
        for w in words.0.iter_mut().chain(words.1.iter_mut()) {
            *w = w.mirrored();
        }
    }
    words
}

/// A matching code and the number of moves its matching line names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub code: Code,
    pub weight: u32,
}

/// The definition lines indexed by Red's first move, built once.
fn line_index() -> &'static LineIndex {
    static INDEX: OnceLock<LineIndex> = OnceLock::new();
    INDEX.get_or_init(|| LineIndex::new(definitions()))
}

/// Every code with a line matching the words, in code order: of each code the heaviest
/// matching line. Only the lines Red's first move can start are tried ([`index`]).
pub fn candidates(red: &[Word], black: &[Word]) -> Vec<Candidate> {
    let (red, black) = (SideMoves::new(red), SideMoves::new(black));
    let defs = definitions();
    let mut out: Vec<Candidate> = Vec::new();
    let mut last_def = None;
    for at in line_index().lines(red.first_key()) {
        let (d, l) = (&defs[at.def], &defs[at.def].lines[at.line]);
        if !(l.red.matches_side(&red) && l.black.matches_side(&black)) {
            continue;
        }
        let weight = l.red.weight() + l.black.weight();
        match out.last_mut() {
            Some(c) if last_def == Some(at.def) => c.weight = c.weight.max(weight),
            _ => out.push(Candidate {
                code: d.code,
                weight,
            }),
        }
        last_def = Some(at.def);
    }
    out
}

/// The most specific of the candidates (step 4 of the module doc).
pub fn choose(candidates: &[Candidate]) -> Option<Code> {
    let matched = |c: &Code| candidates.iter().any(|k| k.code == *c);
    candidates
        .iter()
        .filter(|k| definition(k.code).is_some_and(|d| !d.excludes.iter().any(matched)))
        .max_by_key(|k| (k.weight, k.code))
        .map(|k| k.code)
}

/// A game's opening: its ECCO code and the code's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ecco {
    pub code: Code,
    /// The definitions' name (`飞相对进左马` for A13).
    pub name: &'static str,
}

/// The ECCO code of a game from the standard start (`None` when it has no move).
pub fn classify_code(moves: &[Move]) -> Option<Code> {
    let (red, black) = side_words(moves);
    if red.is_empty() {
        return None;
    }
    choose(&candidates(&red, &black))
}

/// The opening of a game from the standard start, code and name (`None` when it has no
/// move). Games from another start are the caller's to leave out.
pub fn classify(moves: &[Move]) -> Option<Ecco> {
    let code = classify_code(moves)?;
    Some(Ecco {
        code,
        name: name(code)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Vec<Move> {
        let mut pos = Position::startpos();
        text.split_whitespace()
            .map(|t| {
                let m = crate::xiangqi::resolve_chinese(&pos, t).unwrap().mv;
                pos.make(m);
                m
            })
            .collect()
    }

    fn code(text: &str) -> String {
        classify(&line(text))
            .map(|e| e.code.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn plain_lines_and_catch_alls() {
        assert_eq!(code("相三进五 马８进７"), "A13");
        assert_eq!(code("相三进五 马２进３ 兵三进一"), "A15");
        assert_eq!(code("相三进五 马２进３ 马二进三"), "A14");
        assert_eq!(code("兵五进一"), "A00");
        assert_eq!(code(""), "");
    }

    #[test]
    fn the_other_wing_is_the_same_code() {
        assert_eq!(code("相七进五 马８进７ 兵七进一"), "A15");
        assert_eq!(code("相七进五 马２进３ 兵七进一"), "A13");
        assert_eq!(
            code("炮八平五 马２进３ 马八进七 车１平２ 车九平八 马８进７"),
            code("炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３")
        );
    }

    #[test]
    fn names_of_codes() {
        assert_eq!(name("A13".parse().unwrap()), Some("飞相对进左马"));
        assert_eq!(name("A17".parse().unwrap()), None);
    }
}
