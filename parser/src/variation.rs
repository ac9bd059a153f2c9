//! The nodes of a record's variations, numbered once for every consumer.
//!
//! A record's variations are a tree of lines ([`Variation`]); the engine that checks
//! them, the store that keeps them and the writers that export them all need to name one
//! move of that tree. [`variation_nodes`] flattens the tree into nodes numbered from 1 in
//! one fixed order: each variation's moves in turn, then the variations inside it, depth
//! first, the variations of a line in record order. A node's `parent` is the node its move
//! follows; `None` when it follows the main line (after main-line ply `ply - 1`).

use crate::raw::{Comment, MoveMark, Variation};

/// One move of a variation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariationNode<'a, M> {
    /// 1-based, in the order of [`variation_nodes`].
    pub node: u32,
    /// The node this move follows; `None`: the main line's position after `ply - 1` plies.
    pub parent: Option<u32>,
    /// The move's ply (1-based, counted from the start of the game).
    pub ply: u32,
    pub mv: &'a M,
    /// The comment after the move (several comments at one place joined by a newline).
    pub comment: Option<String>,
    /// On the first move of a variation: the comment written before it, inside the
    /// variation.
    pub before: Option<String>,
    /// The move's marks as written (several joined by a space).
    pub mark: Option<String>,
}

/// The nodes of `variations`, in their numbering order.
pub fn variation_nodes<M>(variations: &[Variation<M>]) -> Vec<VariationNode<'_, M>> {
    let mut nodes = Vec::new();
    // The main line: every ply is its own (no node).
    walk(variations, &Line::MAIN, &mut nodes);
    nodes
}

/// Number of nodes under `variations` (their moves and those of the variations inside).
pub fn count_nodes<M>(variations: &[Variation<M>]) -> usize {
    variations
        .iter()
        .map(|v| v.moves.len() + count_nodes(&v.variations))
        .sum()
}

/// A line's nodes by ply: its own moves after `branch` plies of the line it branches
/// from. Looking a ply up climbs the lines a variation is nested in (a few levels), so
/// numbering costs no more than the moves, however long the line a variation leaves.
struct Line<'p> {
    outer: Option<&'p Line<'p>>,
    branch: u32,
    own: Vec<u32>,
}

impl Line<'_> {
    const MAIN: Line<'static> = Line {
        outer: None,
        branch: 0,
        own: Vec::new(),
    };

    /// The node of ply `p` (1-based) on this line; `None`: the main line's ply.
    fn node_at(&self, p: u32) -> Option<u32> {
        if p == 0 {
            None
        } else if p <= self.branch {
            self.outer.and_then(|o| o.node_at(p))
        } else {
            self.own.get((p - self.branch - 1) as usize).copied()
        }
    }
}

/// Adds the nodes of `variations`, which branch off `line`.
fn walk<'a, M>(
    variations: &'a [Variation<M>],
    line: &Line<'_>,
    nodes: &mut Vec<VariationNode<'a, M>>,
) {
    for v in variations {
        let branch = v.from_ply.saturating_sub(1);
        let mut own = Line {
            outer: Some(line),
            branch,
            own: Vec::with_capacity(v.moves.len()),
        };
        let mut parent = line.node_at(branch);
        let first = nodes.len();
        for (i, mv) in v.moves.iter().enumerate() {
            let node = nodes.len() as u32 + 1;
            nodes.push(VariationNode {
                node,
                parent,
                ply: v.from_ply + i as u32,
                mv,
                comment: None,
                before: None,
                mark: None,
            });
            own.own.push(node);
            parent = Some(node);
        }
        attach_comments(&v.comments, v.from_ply, &mut nodes[first..]);
        attach_marks(&v.marks, v.from_ply, &mut nodes[first..]);
        walk(&v.variations, &own, nodes);
    }
}

/// Puts a variation's comments on its nodes: ply `from_ply - 1` before the first move,
/// ply `p` after the move of ply `p` (past the last move: after the last move).
fn attach_comments<M>(comments: &[Comment], from_ply: u32, nodes: &mut [VariationNode<'_, M>]) {
    let Some(last) = nodes.len().checked_sub(1) else {
        return;
    };
    for c in comments {
        if c.ply < from_ply {
            append(&mut nodes[0].before, &c.text, '\n');
        } else {
            let i = ((c.ply - from_ply) as usize).min(last);
            append(&mut nodes[i].comment, &c.text, '\n');
        }
    }
}

/// Puts a variation's marks on its moves (ply `p`: the move of ply `p`, clamped to the
/// variation's moves).
fn attach_marks<M>(marks: &[MoveMark], from_ply: u32, nodes: &mut [VariationNode<'_, M>]) {
    let Some(last) = nodes.len().checked_sub(1) else {
        return;
    };
    for m in marks {
        let i = (m.ply.saturating_sub(from_ply) as usize).min(last);
        append(&mut nodes[i].mark, &m.text, ' ');
    }
}

/// `text` into `slot`, after what it holds and `separator`.
fn append(slot: &mut Option<String>, text: &str, separator: char) {
    match slot {
        Some(s) => {
            s.push(separator);
            s.push_str(text);
        }
        None => *slot = Some(text.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::raw::{Location, XqMove, XqMoveText, XqVariation};

    fn mv(name: &str) -> XqMove {
        XqMove {
            text: XqMoveText::Wxf(name.into()),
            written: name.into(),
            at: Location::default(),
            len: 1,
        }
    }

    fn var(from_ply: u32, names: &[&str], variations: Vec<XqVariation>) -> XqVariation {
        XqVariation {
            from_ply,
            moves: names.iter().map(|n| mv(n)).collect(),
            variations,
            ..XqVariation::default()
        }
    }

    #[test]
    fn nodes_are_numbered_depth_first_with_their_parents() {
        // Main line 1 2 3 4. Off ply 2: a b c, with (off its ply 3) x, and (off its own
        // first move, ply 2) y. Off ply 4: z.
        let nested = vec![var(3, &["x"], vec![]), var(2, &["y"], vec![])];
        let mut a = var(2, &["a", "b", "c"], nested);
        a.comments = vec![
            Comment {
                ply: 1,
                text: "before a".into(),
            },
            Comment {
                ply: 3,
                text: "after b".into(),
            },
            Comment {
                ply: 3,
                text: "again".into(),
            },
        ];
        let vars = vec![a, var(4, &["z"], vec![])];
        let nodes = variation_nodes(&vars);
        let got: Vec<(u32, Option<u32>, u32, &str)> = nodes
            .iter()
            .map(|n| (n.node, n.parent, n.ply, n.mv.written.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (1, None, 2, "a"),
                (2, Some(1), 3, "b"),
                (3, Some(2), 4, "c"),
                (4, Some(1), 3, "x"),
                (5, None, 2, "y"),
                (6, None, 4, "z"),
            ]
        );
        assert_eq!(nodes[0].before.as_deref(), Some("before a"));
        assert_eq!(nodes[1].comment.as_deref(), Some("after b\nagain"));
        assert_eq!(nodes[1].mark, None);
        assert_eq!(count_nodes(&vars), nodes.len());
    }
}
