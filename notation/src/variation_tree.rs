//! Where a record's stored variation moves branch, for the writers that nest them after
//! the move each one replaces (Xiangqi PGN, RenjuPlain).

use std::collections::HashMap;

use kifu_facts::VariationMove;

/// The variation moves of one record indexed by where they branch.
pub(crate) struct VariationTree<'a> {
    pub(crate) moves: &'a [VariationMove],
    /// The children of each node, in node order.
    children: HashMap<u32, Vec<usize>>,
    /// The variations that replace the main line's move at each ply.
    off_main: HashMap<u32, Vec<usize>>,
}

impl<'a> VariationTree<'a> {
    pub(crate) fn new(moves: &'a [VariationMove]) -> VariationTree<'a> {
        let mut children: HashMap<u32, Vec<usize>> = HashMap::new();
        let mut off_main: HashMap<u32, Vec<usize>> = HashMap::new();
        for (i, m) in moves.iter().enumerate() {
            match m.parent {
                Some(p) => children.entry(p).or_default().push(i),
                None => off_main.entry(m.ply).or_default().push(i),
            }
        }
        VariationTree {
            moves,
            children,
            off_main,
        }
    }

    /// The first moves (indexes) of the variations that replace main-line ply `ply`.
    pub(crate) fn off_main(&self, ply: u32) -> &[usize] {
        self.off_main.get(&ply).map_or(&[], Vec::as_slice)
    }

    /// The move (index) that continues the line after move `i`, if any.
    pub(crate) fn next(&self, i: usize) -> Option<usize> {
        self.children
            .get(&self.moves[i].node)
            .and_then(|c| c.first())
            .copied()
    }

    /// The alternatives to move `i` that start variations of their own: its later
    /// siblings, when `i` is its parent's first child (none otherwise, and none for a move
    /// off the main line, whose siblings are listed by [`Self::off_main`]).
    pub(crate) fn alternatives(&self, i: usize) -> &[usize] {
        match self.moves[i].parent.and_then(|p| self.children.get(&p)) {
            Some(siblings) if siblings.first() == Some(&i) => &siblings[1..],
            _ => &[],
        }
    }
}
