//! A record's variations as stored: one [`VariationMove`] per move, numbered depth first
//! (each variation's moves, then the variations inside it), and the lines they form.
//!
//! The ingest writes them, the store keeps them (table `variations`), and `kifu show`, the
//! notation writers, the site and the data contract read them: one type for all.

/// One move of a record's variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariationMove {
    /// 1-based, depth first.
    pub node: u32,
    /// The node this move follows; `None`: the main line after `ply - 1` plies.
    pub parent: Option<u32>,
    /// The move's ply (1-based, from the start of the game).
    pub ply: u32,
    /// The move in the game's moves encoding; `None` when the engine could not play it (an
    /// illegal move, or one after it).
    pub code: Option<Vec<u8>>,
    /// The move as written.
    pub text: String,
    /// The comment after the move.
    pub comment: Option<String>,
    /// The comment written before a variation's first move.
    pub before: Option<String>,
    /// The move's marks as written (annotation glyphs: `!?`, `$14`; several joined by a
    /// space).
    pub mark: Option<String>,
}

/// A variation line: moves that follow one another, each the first continuation of the one
/// before, from a move that is an alternative (to a main-line move, or to another
/// variation's move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariationLine {
    /// Indexes into the moves given to [`variation_lines`], in playing order.
    pub moves: Vec<usize>,
    /// How deep it branches: 1 off the main line, 2 off a line of depth 1, …
    pub depth: u32,
    /// The line it branches from (an index into the lines), `None` for the main line.
    pub parent_line: Option<usize>,
}

/// The lines of `moves` (in node order, as stored), in the order a reader meets them:
/// each line before the lines that branch from it.
///
/// A node whose parent is the main line always starts a line; otherwise it continues its
/// parent's line when it is the parent's first child, and starts a line of its own when it
/// is a later one.
pub fn variation_lines(moves: &[VariationMove]) -> Vec<VariationLine> {
    use std::collections::HashMap;
    let index: HashMap<u32, usize> = moves.iter().enumerate().map(|(i, m)| (m.node, i)).collect();
    // The first child of each node (by node order).
    let mut first_child: HashMap<u32, usize> = HashMap::new();
    for (i, m) in moves.iter().enumerate() {
        if let Some(p) = m.parent {
            first_child.entry(p).or_insert(i);
        }
    }
    let mut line_of: Vec<Option<usize>> = vec![None; moves.len()];
    let mut lines: Vec<VariationLine> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        if line_of[i].is_some() {
            continue;
        }
        let parent_line = m
            .parent
            .and_then(|p| index.get(&p))
            .and_then(|&pi| line_of[pi]);
        let depth = parent_line.map_or(1, |l| lines[l].depth + 1);
        let id = lines.len();
        let mut line = VariationLine {
            moves: Vec::new(),
            depth,
            parent_line,
        };
        let mut cur = i;
        loop {
            line.moves.push(cur);
            line_of[cur] = Some(id);
            match first_child.get(&moves[cur].node) {
                Some(&c) if line_of[c].is_none() => cur = c,
                _ => break,
            }
        }
        lines.push(line);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(node: u32, parent: Option<u32>, ply: u32) -> VariationMove {
        VariationMove {
            node,
            parent,
            ply,
            code: None,
            text: format!("m{node}"),
            comment: None,
            before: None,
            mark: None,
        }
    }

    #[test]
    fn lines_follow_first_children_and_nest() {
        // Off main ply 2: 1-2-3; off node 1: 4 (an alternative to 2); off the main line
        // again at ply 2: 5; off ply 4: 6.
        let moves = [
            mv(1, None, 2),
            mv(2, Some(1), 3),
            mv(3, Some(2), 4),
            mv(4, Some(1), 3),
            mv(5, None, 2),
            mv(6, None, 4),
        ];
        let lines = variation_lines(&moves);
        let got: Vec<(Vec<usize>, u32, Option<usize>)> = lines
            .into_iter()
            .map(|l| (l.moves, l.depth, l.parent_line))
            .collect();
        assert_eq!(
            got,
            [
                (vec![0, 1, 2], 1, None),
                (vec![3], 2, Some(0)),
                (vec![4], 1, None),
                (vec![5], 1, None),
            ]
        );
    }
}
