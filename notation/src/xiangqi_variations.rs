//! A Xiangqi record's variations in PGN move text: `( … )` after the move each one replaces,
//! nested as deep as the record nests them, comments in `{…}` where the record has them.
//!
//! Moves are written in the export's notation from the moves kifu played; a move kifu could
//! not play (an illegal one, and every one after it in its line) is written as the record
//! wrote it, so the reader meets it again and says the same of it.

use kifu_facts::VariationMove;
use kifu_rules::xiangqi::{decode_moves, Move, Position};

use crate::brace;
use crate::variation_tree::VariationTree;
use crate::xiangqi_move::{push_move, XqNotation};

/// The variations of one record, ready to be written beside its main line.
pub(crate) struct Variations<'a> {
    tree: VariationTree<'a>,
    notation: XqNotation,
}

impl<'a> Variations<'a> {
    pub(crate) fn new(moves: &'a [VariationMove], notation: XqNotation) -> Variations<'a> {
        Variations {
            tree: VariationTree::new(moves),
            notation,
        }
    }

    /// Writes the variations that replace main-line ply `ply`, played from `before` (the
    /// position before that ply; `None` when kifu has none).
    pub(crate) fn write_off_main(&self, ply: u32, before: Option<&Position>, out: &mut String) {
        for &start in self.tree.off_main(ply) {
            self.write_line(start, before.cloned(), out);
        }
    }

    /// `( n. move {comment} … )`: the line from node index `start`, each of its moves
    /// followed by the variations that replace it.
    fn write_line(&self, start: usize, mut pos: Option<Position>, out: &mut String) {
        out.push_str(" (");
        if let Some(before) = &self.tree.moves[start].before {
            out.push(' ');
            out.push_str(&brace(before));
        }
        let mut cur = start;
        let mut first = true;
        loop {
            let m = &self.tree.moves[cur];
            let before_move = pos.clone();
            // Red moves on odd plies: `3.` before Red's move; `3...` when a line starts
            // with Black's.
            let number = m.ply.div_ceil(2);
            if m.ply % 2 == 1 {
                out.push_str(&format!(" {number}."));
            } else if first {
                out.push_str(&format!(" {number}..."));
            }
            out.push(' ');
            let playable = |p: &Position, mv: Move| {
                p.piece_at(mv.from).map(|x| x.side()) == Some(p.side_to_move())
            };
            match (played(m), pos.as_mut()) {
                (Some(mv), Some(p)) if playable(p, mv) => {
                    push_move(out, self.notation, p, mv);
                    p.make(mv);
                }
                _ => {
                    // Not played by kifu: as written, and the line goes on as text.
                    out.push_str(&m.text);
                    pos = None;
                }
            }
            crate::push_marks(out, m.mark.as_deref().into_iter());
            if let Some(c) = &m.comment {
                out.push(' ');
                out.push_str(&brace(c));
            }
            // The variations that replace this move: its later siblings (this line's
            // first move is an alternative itself, written by the caller).
            if !first {
                for &alt in self.tree.alternatives(cur) {
                    self.write_line(alt, before_move.clone(), out);
                }
            }
            first = false;
            match self.tree.next(cur) {
                Some(next) => cur = next,
                None => break,
            }
        }
        out.push_str(" )");
    }
}

/// The move kifu played for `m`, if it played one.
fn played(m: &VariationMove) -> Option<Move> {
    let code = m.code.as_deref()?;
    decode_moves(code)?.first().copied()
}
