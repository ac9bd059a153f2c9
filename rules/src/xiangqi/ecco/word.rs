//! A move as the ECCO definitions write it: piece, the file it leaves (counted from the
//! mover's right), direction and number — the content of `马八进七` or `炮８平５` without
//! the characters. Game moves become words on the engine's positions; the definitions'
//! move texts become words through the engine's Chinese notation reader.

use std::fmt;

use super::super::notation::{parse_chinese, Direction, NotationError, Source};
use super::super::piece::{Kind, Side};
use super::super::square::{chinese_numeral, Move};

/// One move in the definitions' terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word {
    pub kind: Kind,
    /// File the piece leaves, 1-9 from the mover's right.
    pub from: u8,
    pub direction: Direction,
    /// A distance (rook, cannon, pawn, king moving along a file) or a file number 1-9
    /// from the mover's right (any piece moving sideways; horse, advisor and elephant).
    pub number: u8,
}

/// How many keys words have ([`Word::key`]): kinds, files, directions, numbers.
pub const KEYS: usize = 8 * 16 * 4 * 16;

/// Why a definition's move text is not a word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WordError {
    /// The engine's Chinese notation reader refused it.
    Unreadable { text: String, reason: NotationError },
    /// 前/后 and the like: the definitions name every piece by its file.
    NoFile { text: String },
}

impl fmt::Display for WordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WordError::Unreadable { text, reason } => {
                write!(f, "move {text:?} is not Chinese notation: {reason}")
            }
            WordError::NoFile { text } => {
                write!(
                    f,
                    "move {text:?} names no file (前/后 are not used in definitions)"
                )
            }
        }
    }
}

impl std::error::Error for WordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WordError::Unreadable { reason, .. } => Some(reason),
            WordError::NoFile { .. } => None,
        }
    }
}

/// The same move on the other wing: every file number `n` becomes `10 - n`.
fn flip(n: u8) -> u8 {
    10 - n
}

impl Word {
    /// Reads a definition's move text (`马八进七`, `炮８平５`).
    pub fn parse(text: &str) -> Result<Word, WordError> {
        let spec = parse_chinese(text).map_err(|reason| WordError::Unreadable {
            text: text.to_owned(),
            reason,
        })?;
        let (Some(kind), Source::File(from)) = (spec.kind, spec.source) else {
            return Err(WordError::NoFile {
                text: text.to_owned(),
            });
        };
        Ok(Word {
            kind,
            from,
            direction: spec.direction,
            number: spec.number,
        })
    }

    /// The word of move `m` made by a `side` piece of `kind`.
    pub fn of_move(side: Side, kind: Kind, m: Move) -> Word {
        let file = |f: u8| match side {
            Side::Red => 9 - f,
            Side::Black => f + 1,
        };
        let rise = (m.to.rank() as i8 - m.from.rank() as i8) * side.forward();
        let direction = match rise {
            0 => Direction::Traverse,
            r if r > 0 => Direction::Forward,
            _ => Direction::Backward,
        };
        let diagonal = matches!(kind, Kind::Horse | Kind::Advisor | Kind::Elephant);
        let number = if direction == Direction::Traverse || diagonal {
            file(m.to.file())
        } else {
            rise.unsigned_abs()
        };
        Word {
            kind,
            from: file(m.from.file()),
            direction,
            number,
        }
    }

    /// A number of the word's own below [`KEYS`], for sets of words as bits; `None` for a
    /// file or number past 15, which no move and no definition has.
    pub fn key(self) -> Option<usize> {
        (self.from < 16 && self.number < 16).then(|| {
            ((self.kind.index() * 16 + usize::from(self.from)) * 4 + self.direction as usize) * 16
                + usize::from(self.number)
        })
    }

    /// Whether `number` is a file (and so mirrors with the board).
    fn number_is_file(&self) -> bool {
        self.direction == Direction::Traverse
            || matches!(self.kind, Kind::Horse | Kind::Advisor | Kind::Elephant)
    }

    /// The same move played on the other wing (`炮八平五` for `炮二平五`).
    pub fn mirrored(self) -> Word {
        Word {
            from: flip(self.from),
            number: if self.number_is_file() {
                flip(self.number)
            } else {
                self.number
            },
            ..self
        }
    }

    /// The definitions' text of the word for `side` (`马八进七`, `炮８平５`).
    pub fn text(&self, side: Side) -> String {
        let num = |n: u8| match side {
            Side::Red => chinese_numeral(n),
            Side::Black => char::from_u32('０' as u32 + u32::from(n)).unwrap_or('?'),
        };
        let direction = match self.direction {
            Direction::Forward => '进',
            Direction::Backward => '退',
            Direction::Traverse => '平',
        };
        [
            self.kind.chinese(side),
            num(self.from),
            direction,
            num(self.number),
        ]
        .into_iter()
        .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::square::Square;

    fn mv(iccs: &str) -> Move {
        Move::parse_iccs(iccs, false).unwrap()
    }

    #[test]
    fn game_moves_and_texts_give_the_same_words() {
        let cases = [
            (Side::Red, Kind::Cannon, "h2e2", "炮二平五"),
            (Side::Red, Kind::Horse, "b0c2", "马八进七"),
            (Side::Red, Kind::Rook, "h0h6", "车二进六"),
            (Side::Red, Kind::Elephant, "g0e2", "相三进五"),
            (Side::Black, Kind::Horse, "h9g7", "马８进７"),
            (Side::Black, Kind::Cannon, "b7e7", "炮２平５"),
            (Side::Black, Kind::Pawn, "g6g5", "卒７进１"),
            (Side::Black, Kind::Cannon, "i7i8", "炮９退１"),
        ];
        for (side, kind, iccs, text) in cases {
            let w = Word::of_move(side, kind, mv(iccs));
            assert_eq!(w, Word::parse(text).unwrap(), "{text}");
            assert_eq!(w.text(side), text);
        }
    }

    #[test]
    fn mirroring_flips_files_not_distances() {
        let w = Word::parse("炮二平五").unwrap().mirrored();
        assert_eq!(w.text(Side::Red), "炮八平五");
        let w = Word::parse("马二进三").unwrap().mirrored();
        assert_eq!(w.text(Side::Red), "马八进七");
        let w = Word::parse("车１进１").unwrap().mirrored();
        assert_eq!(w.text(Side::Black), "车９进１");
        assert_eq!(Square::new(4, 0).unwrap().iccs(), "e0");
    }

    #[test]
    fn texts_without_a_file_are_refused() {
        assert!(matches!(
            Word::parse("前马进七"),
            Err(WordError::NoFile { .. })
        ));
        assert!(matches!(
            Word::parse("马"),
            Err(WordError::Unreadable { .. })
        ));
    }
}
