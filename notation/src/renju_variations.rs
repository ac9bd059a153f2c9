//! A Renju record's variations in RenjuPlain move text: `( … )` after the move each one
//! replaces, nested as deep as the record nests them, comments as `#` lines where the
//! record has them (a comment line ends the text line; the variation goes on after it).
//!
//! Moves are written as the record wrote them (a point's name, `--` for a pass): a Renju
//! move's name does not depend on the position, and a move kifu could not play is so
//! written again for the reader to meet and judge alike.

use kifu_facts::VariationMove;

use crate::variation_tree::VariationTree;

/// The variations of one record, ready to be written beside its main line.
pub(crate) struct Variations<'a> {
    tree: VariationTree<'a>,
}

impl<'a> Variations<'a> {
    pub(crate) fn new(moves: &'a [VariationMove]) -> Variations<'a> {
        Variations {
            tree: VariationTree::new(moves),
        }
    }

    /// Writes the variations that replace main-line ply `ply`; `on_line` counts the
    /// moves on the current text line (0 after a line break) and is kept up to date.
    pub(crate) fn write_off_main(&self, ply: u32, on_line: &mut usize, out: &mut String) {
        for &start in self.tree.off_main(ply) {
            self.write_line(start, on_line, out);
        }
    }

    /// `( n. move … )`: the line from move index `start`, each of its moves followed by
    /// its comment and the lines that replace it.
    fn write_line(&self, start: usize, on_line: &mut usize, out: &mut String) {
        space(out);
        out.push('(');
        if let Some(before) = &self.tree.moves[start].before {
            comment_lines(out, before, on_line);
        }
        let mut cur = start;
        let mut first = true;
        loop {
            let m = &self.tree.moves[cur];
            if *on_line >= 10 {
                out.push('\n');
                *on_line = 0;
            }
            space(out);
            out.push_str(&m.ply.to_string());
            out.push_str(". ");
            out.push_str(&m.text);
            crate::push_marks(out, m.mark.as_deref().into_iter());
            *on_line += 1;
            if let Some(c) = &m.comment {
                comment_lines(out, c, on_line);
            }
            if !first {
                for &alt in self.tree.alternatives(cur) {
                    self.write_line(alt, on_line, out);
                }
            }
            first = false;
            match self.tree.next(cur) {
                Some(next) => cur = next,
                None => break,
            }
        }
        space(out);
        out.push(')');
        // The `)` is on the text line: what follows is spaced from it.
        *on_line = (*on_line).max(1);
    }
}

/// A space before the next token, unless it starts a text line.
fn space(out: &mut String) {
    if !out.ends_with('\n') && !out.is_empty() {
        out.push(' ');
    }
}

/// Ends the text line and writes `text` as `#` comment lines.
fn comment_lines(out: &mut String, text: &str, on_line: &mut usize) {
    out.push('\n');
    crate::renju_comment::comment_lines(out, text);
    *on_line = 0;
}
