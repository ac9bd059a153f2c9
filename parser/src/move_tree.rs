//! The move tree of the formats that store one (XQF, 象棋桥 CBR/CBL and CBF, RenLib), and
//! its mapping to a record's main line, variations and comments.
//!
//! These formats write the tree in preorder, one record a move, each with two flags: *next*
//! (the record's continuation follows) and *alternative* (once the whole subtree of this
//! record is read, an alternative to it follows: another child of the same parent). A root
//! record for the start position comes first; it carries the comment on the start position
//! and the *next* flag of the first move (RenLib has such a record only when its first
//! position byte is 0; [`TreeReader::new`] with `has_next` true stands for it otherwise). [`TreeReader`] takes the records in that order;
//! [`TreeReader::finish`] gives the lines.
//!
//! **Mapping.** The main line follows first children. Every other child becomes a
//! [`Variation`] whose `from_ply` is the absolute (1-based) ply of its first move, nested
//! under the line it branches from (nesting capped at [`MAX_VARIATION_DEPTH`]; deeper ones
//! are counted in [`Lines::dropped`]). Comments are [`Comment`]s (ply = moves played
//! along their line; the root's is ply 0) of the line their node is on: the main line's,
//! or the variation's own.

use crate::raw::{Comment, Variation};

/// Deepest variation nesting kept (deeper alternatives are dropped and counted).
pub const MAX_VARIATION_DEPTH: usize = 64;

/// One tree node: a move record (the root has none).
struct Node<M> {
    mv: Option<M>,
    ply: u32,
    parent: usize,
    comment: Option<String>,
    children: Vec<usize>,
}

/// Builds the tree from records read in preorder.
pub(crate) struct TreeReader<M> {
    nodes: Vec<Node<M>>,
    /// Parents whose alternative child is still to come, the latest last.
    pending: Vec<usize>,
    /// Parent of the next record; `None` once the tree is complete.
    expect: Option<usize>,
}

impl<M: Clone> TreeReader<M> {
    /// A tree whose root record (the start position) has `comment`; `has_next`: a first
    /// move follows.
    pub(crate) fn new(comment: Option<String>, has_next: bool) -> TreeReader<M> {
        TreeReader {
            nodes: vec![Node {
                mv: None,
                ply: 0,
                parent: 0,
                comment,
                children: Vec::new(),
            }],
            pending: Vec::new(),
            expect: has_next.then_some(0),
        }
    }

    /// With `yes`, the root record has an alternative (RenLib's root record with the
    /// sibling flag): once the root's own subtree is read, more first moves follow.
    pub(crate) fn with_root_alternative(mut self, yes: bool) -> TreeReader<M> {
        if yes {
            match self.expect {
                Some(_) => self.pending.push(0),
                None => self.expect = Some(0),
            }
        }
        self
    }

    /// The absolute ply of the next record, or `None` when the tree is complete.
    pub(crate) fn next_ply(&self) -> Option<u32> {
        self.expect.map(|p| self.nodes[p].ply + 1)
    }

    /// Adds the next record (call only while [`Self::next_ply`] is `Some`).
    pub(crate) fn push(
        &mut self,
        mv: M,
        comment: Option<String>,
        has_next: bool,
        has_alternative: bool,
    ) {
        let Some(parent) = self.expect else {
            return;
        };
        let index = self.nodes.len();
        self.nodes.push(Node {
            mv: Some(mv),
            ply: self.nodes[parent].ply + 1,
            parent,
            comment,
            children: Vec::new(),
        });
        self.nodes[parent].children.push(index);
        if has_alternative {
            self.pending.push(parent);
        }
        self.expect = if has_next {
            Some(index)
        } else {
            self.pending.pop()
        };
    }

    /// The main line, its variations and its comments.
    pub(crate) fn finish(self) -> Lines<M> {
        let mut lines = Lines::default();
        if let Some(c) = &self.nodes[0].comment {
            lines.comments.push(Comment {
                ply: 0,
                text: c.clone(),
            });
        }
        let mut b = Builder {
            nodes: &self.nodes,
            dropped: 0,
        };
        if let Some(&first) = self.nodes[0].children.first() {
            let (m, v) = b.line(first, true, 0, &mut lines.comments);
            lines.moves = m;
            lines.variations = v;
        }
        lines.dropped = b.dropped;
        lines
    }
}

/// What a tree gives a record.
#[derive(Debug)]
pub(crate) struct Lines<M> {
    pub moves: Vec<M>,
    pub variations: Vec<Variation<M>>,
    pub comments: Vec<Comment>,
    /// Alternatives nested deeper than [`MAX_VARIATION_DEPTH`] (not kept).
    pub dropped: usize,
}

impl<M> Default for Lines<M> {
    fn default() -> Self {
        Lines {
            moves: Vec::new(),
            variations: Vec::new(),
            comments: Vec::new(),
            dropped: 0,
        }
    }
}

struct Builder<'a, M> {
    nodes: &'a [Node<M>],
    dropped: usize,
}

impl<M: Clone> Builder<'_, M> {
    /// The line starting at node `start` (following first children), with the
    /// alternatives met on the way; `siblings_of_start` adds `start`'s own alternatives.
    /// The comments of the line's nodes go to `comments`.
    fn line(
        &mut self,
        start: usize,
        siblings_of_start: bool,
        depth: usize,
        comments: &mut Vec<Comment>,
    ) -> (Vec<M>, Vec<Variation<M>>) {
        let mut moves = Vec::new();
        let mut vars = Vec::new();
        let mut cur = start;
        loop {
            let node = &self.nodes[cur];
            if let Some(mv) = &node.mv {
                moves.push(mv.clone());
            }
            if let Some(text) = &node.comment {
                comments.push(Comment {
                    ply: node.ply,
                    text: text.clone(),
                });
            }
            if cur != start || siblings_of_start {
                for &alt in &self.nodes[node.parent].children[1..] {
                    if depth + 1 > MAX_VARIATION_DEPTH {
                        self.dropped += 1;
                        continue;
                    }
                    let mut own = Vec::new();
                    let (m, v) = self.line(alt, false, depth + 1, &mut own);
                    vars.push(Variation {
                        from_ply: self.nodes[alt].ply,
                        moves: m,
                        comments: own,
                        marks: Vec::new(),
                        variations: v,
                    });
                }
            }
            match node.children.first() {
                Some(&c) => cur = c,
                None => break,
            }
        }
        (moves, vars)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::{Location, XqMove, XqMoveText};

    fn mv(n: u8) -> XqMove {
        XqMove {
            text: XqMoveText::Coord {
                from: (n, 0),
                to: (n, 1),
            },
            written: n.to_string(),
            at: Location::new(n as u64, 0, 0),
            len: 4,
        }
    }

    #[test]
    fn preorder_records_make_a_main_line_and_nested_variations() {
        // 1 2 3 (2' 3' (3'') ) : main 1-2-3; at ply 2 the alternative 2'-3', whose
        // ply 3 has the alternative 3''.
        let mut t: TreeReader<XqMove> = TreeReader::new(Some("start".into()), true);
        assert_eq!(t.next_ply(), Some(1));
        t.push(mv(1), None, true, false);
        t.push(mv(2), Some("main 2".into()), true, true);
        t.push(mv(3), None, false, false);
        assert_eq!(t.next_ply(), Some(2));
        t.push(mv(20), Some("in a variation".into()), true, false);
        t.push(mv(30), None, false, true);
        assert_eq!(t.next_ply(), Some(3));
        t.push(mv(31), None, false, false);
        assert_eq!(t.next_ply(), None);
        let lines = t.finish();
        let names = |ms: &[XqMove]| ms.iter().map(|m| m.written.clone()).collect::<Vec<_>>();
        assert_eq!(names(&lines.moves), ["1", "2", "3"]);
        assert_eq!(lines.variations.len(), 1);
        let v = &lines.variations[0];
        assert_eq!(
            (v.from_ply, names(&v.moves)),
            (2, vec!["20".into(), "30".into()])
        );
        assert_eq!(v.variations.len(), 1);
        assert_eq!(v.variations[0].from_ply, 3);
        assert_eq!(names(&v.variations[0].moves), ["31"]);
        assert_eq!(
            lines.comments,
            vec![
                Comment {
                    ply: 0,
                    text: "start".into()
                },
                Comment {
                    ply: 2,
                    text: "main 2".into()
                }
            ]
        );
        assert_eq!(
            v.comments,
            vec![Comment {
                ply: 2,
                text: "in a variation".into()
            }]
        );
    }

    #[test]
    fn a_root_without_next_has_no_moves() {
        let t: TreeReader<XqMove> = TreeReader::new(None, false);
        assert_eq!(t.next_ply(), None);
        let lines = t.finish();
        assert!(lines.moves.is_empty() && lines.comments.is_empty());
    }
}
