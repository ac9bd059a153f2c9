//! The definition lines by the first move Red's pattern lets a game start with: a game is
//! tried only on the lines its own first move can start, in table order. The others' Red
//! pattern would refuse it at its first test ([`Pattern::first_keys`]), so the codes found
//! are the same as when every line is tried.

use std::collections::HashMap;

use super::defs::Def;
use super::pattern::Pattern;

/// A line of the table: its definition's place in the table, its place in the definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LineAt {
    pub def: usize,
    pub line: usize,
}

/// The lines each first move of Red can start.
pub(super) struct LineIndex {
    /// By the key ([`super::Word::key`]) of Red's first move: the lines whose Red pattern
    /// allows it, with the lines that allow any first move, in table order.
    by_first: HashMap<usize, Vec<LineAt>>,
    /// The lines whose Red pattern allows any first move (or none): all a first move no
    /// pattern names, or a side without a keyed first move, can start.
    open: Vec<LineAt>,
}

impl LineIndex {
    pub(super) fn new(defs: &[Def]) -> LineIndex {
        let lines: Vec<(LineAt, &Pattern)> = defs
            .iter()
            .enumerate()
            .flat_map(|(d, def)| {
                def.lines
                    .iter()
                    .enumerate()
                    .map(move |(l, line)| (LineAt { def: d, line: l }, &line.red))
            })
            .collect();
        let open: Vec<LineAt> = lines
            .iter()
            .filter(|(_, red)| red.first_keys().is_none())
            .map(|&(at, _)| at)
            .collect();
        let mut by_first: HashMap<usize, Vec<LineAt>> = HashMap::new();
        for &(_, red) in &lines {
            for &k in red.first_keys().unwrap_or_default() {
                by_first.entry(k).or_insert_with(|| {
                    lines
                        .iter()
                        .filter(|(_, r)| r.first_keys().is_none_or(|ks| ks.contains(&k)))
                        .map(|&(at, _)| at)
                        .collect()
                });
            }
        }
        LineIndex { by_first, open }
    }

    /// The lines a side whose first move has key `first` (`None`: no move, or one
    /// without a key) can match, in table order.
    pub(super) fn lines(&self, first: Option<usize>) -> &[LineAt] {
        first
            .and_then(|k| self.by_first.get(&k))
            .unwrap_or(&self.open)
    }
}

#[cfg(test)]
mod tests {
    use super::super::pattern::{SideMoves, MAX_SIDE_MOVES};
    use super::super::{candidates, definitions, Candidate, Word};

    /// [`candidates`] as it was before the index: every line of every definition tried.
    fn every_line(red: &[Word], black: &[Word]) -> Vec<Candidate> {
        let (red, black) = (SideMoves::new(red), SideMoves::new(black));
        definitions()
            .iter()
            .filter_map(|d| {
                d.lines
                    .iter()
                    .filter(|l| l.red.matches_side(&red) && l.black.matches_side(&black))
                    .map(|l| l.red.weight() + l.black.weight())
                    .max()
                    .map(|weight| Candidate {
                        code: d.code,
                        weight,
                    })
            })
            .collect()
    }

    #[test]
    fn the_index_finds_what_trying_every_line_finds() {
        // Each line's own words, in the order written, and shifted by one (another first
        // move): sides that match that line and its neighbours, and sides that miss.
        let mut tried = 0;
        let mut matched = 0;
        for def in definitions() {
            for line in &def.lines {
                let (red, black) = (line.red.words(), line.black.words());
                let red = &red[..red.len().min(MAX_SIDE_MOVES)];
                let black = &black[..black.len().min(MAX_SIDE_MOVES)];
                for (r, b) in [(red, black), (red.get(1..).unwrap_or_default(), black)] {
                    let indexed = candidates(r, b);
                    assert_eq!(indexed, every_line(r, b), "{} {r:?} {b:?}", def.code);
                    tried += 1;
                    matched += usize::from(!indexed.is_empty());
                }
            }
        }
        assert!(
            matched > tried / 2,
            "{matched} of {tried} sides matched a line"
        );
    }
}
