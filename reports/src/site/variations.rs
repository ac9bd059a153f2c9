//! A game's variations on its page: each variation move replayed from the position it
//! branches from, as the change list from the board before it (the main line's at
//! `ply - 1`, or its parent move's), so the page draws a variation's boards as it draws
//! the main line's ([`super::frames`]) without any rules of its own; and the nested move
//! lists written where each variation branches.
//!
//! Xiangqi and Renju-board records carry variations; a variation of another kind is listed
//! as written and marked as not replayed.

use std::collections::HashMap;
use std::fmt::Write;

use kifu_facts::{GameKind, VariationMove};
use kifu_rules::{renju, xiangqi};
use kifu_store::query::GameRow;
use serde_json::{json, Value};

use super::frames::{changes_text, xiangqi_cells, xiangqi_move_texts, Cells};
use crate::escape;
use crate::lang::{Lang, Msg};
use crate::replay;

/// The most variation moves a page lists and replays (in node order, so every parent of a
/// listed move is listed): a record with tens of thousands would make a page of megabytes.
/// The page says how many it leaves out.
pub const SHOWN_MOST: usize = 2_000;

/// One variation move as the page plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeFrame {
    /// The stored move's node number.
    pub node: u32,
    /// The node it follows; `None`: the main line after `ply - 1` plies.
    pub parent: Option<u32>,
    /// Its ply from the start of the game.
    pub ply: u32,
    /// The move in the game's notation (Xiangqi: Chinese and ICCS, as the main line), or
    /// the text as the record wrote it when kifu did not play it.
    pub text: String,
    /// Whether kifu played it; a move not played leaves the board as it was before it, and
    /// so does every move after it in its line.
    pub played: bool,
    /// The cells that differ from the board before it (`""`: emptied).
    pub changes: Vec<(String, String)>,
    /// The cells the move concerns (a Xiangqi move's origin and destination).
    pub marks: Vec<String>,
    /// The comment after it.
    pub comment: Option<String>,
    /// The comment written before its variation's first move.
    pub before: Option<String>,
}

/// The variations a page shows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VariationFrames {
    /// The moves shown, in node order: the first [`SHOWN_MOST`] of the record's.
    pub nodes: Vec<NodeFrame>,
    /// How many variation moves the record has.
    pub total: usize,
    /// Why no move was replayed, when none was for a reason of the whole game.
    pub not_replayed: Option<String>,
    /// Moves are numbered by pairs (Xiangqi: `3.` Red's, `3…` Black's), else by ply.
    pub numbered_by_pairs: bool,
    /// The language the page lists them in (their marks and tooltips).
    pub lang: Lang,
}

impl VariationFrames {
    /// The variations of `game`; `main_replayed`: whether its main line could be replayed
    /// (when not, its variations cannot be either).
    pub fn of(game: &GameRow, main_replayed: bool) -> VariationFrames {
        let shown = &game.variations[..game.variations.len().min(SHOWN_MOST)];
        let total = game.variations.len();
        if shown.is_empty() {
            return VariationFrames::default();
        }
        let numbered_by_pairs = game.kind == GameKind::Xiangqi;
        let replayed = if !main_replayed {
            Err("the main line cannot be replayed".to_owned())
        } else {
            match game.kind {
                GameKind::Xiangqi => xiangqi_nodes(game, shown).map_err(|e| e.to_string()),
                GameKind::Renju => renju_nodes(game, shown).map_err(|e| e.to_string()),
                other => Err(format!(
                    "kifu replays the variations of Xiangqi and Renju records only, not of \
                     {other}"
                )),
            }
        };
        match replayed {
            Ok(nodes) => VariationFrames {
                nodes,
                total,
                not_replayed: None,
                numbered_by_pairs,
                lang: Lang::default(),
            },
            Err(why) => VariationFrames {
                nodes: shown.iter().map(as_written).collect(),
                total,
                not_replayed: Some(why),
                numbered_by_pairs,
                lang: Lang::default(),
            },
        }
    }

    /// The page's data: one `[node, parent (0: the main line), ply, changes, marks,
    /// played (1 or 0)]` per move shown.
    pub fn to_json(&self) -> Value {
        Value::Array(
            self.nodes
                .iter()
                .map(|n| {
                    json!([
                        n.node,
                        n.parent.unwrap_or(0),
                        n.ply,
                        changes_text(&n.changes),
                        n.marks.join(" "),
                        u8::from(n.played)
                    ])
                })
                .collect(),
        )
    }

    /// Writes, as `<li class="branch">` items of the move list, the variations that
    /// replace main-line ply `ply`; whether there were any.
    pub fn write_off_main(&self, ply: u32, tree: &Tree, out: &mut String) -> bool {
        let starts = tree.off_main.get(&ply).map_or(&[][..], Vec::as_slice);
        for &start in starts {
            self.write_line(start, 1, tree, out);
        }
        !starts.is_empty()
    }

    /// The plies with variations replacing a main-line move past `plies` (a record may
    /// branch after its last move): written after the main line so none is hidden.
    pub fn plies_after(&self, plies: u32, tree: &Tree) -> Vec<u32> {
        let mut after: Vec<u32> = tree
            .off_main
            .keys()
            .filter(|&&p| p > plies)
            .copied()
            .collect();
        after.sort_unstable();
        after
    }

    /// `<li class="branch"><ol class="variation" data-depth>`: the line from node index
    /// `start`, each of its moves followed by the lines that replace it.
    fn write_line(&self, start: usize, depth: u32, tree: &Tree, out: &mut String) {
        let _ = write!(
            out,
            "<li class=branch><ol class=variation data-depth={depth}>"
        );
        if let Some(before) = &self.nodes[start].before {
            let _ = write!(
                out,
                "<li class=\"variation-comment before\" data-node={}>{}</li>",
                self.nodes[start].node,
                escape(before)
            );
        }
        let mut cur = start;
        let mut first = true;
        loop {
            let n = &self.nodes[cur];
            // Xiangqi: Red moves on odd plies, `3.` before Red's move, `3…` before Black's;
            // the other games number every move.
            let (number, dots) = if !self.numbered_by_pairs {
                (n.ply, ".")
            } else if n.ply % 2 == 1 {
                (n.ply.div_ceil(2), ".")
            } else {
                (n.ply.div_ceil(2), "…")
            };
            if n.played {
                let _ = write!(
                    out,
                    "<li class=variation-move data-node={} data-ply={}><span class=n>{number}{dots}</span> <span class=t>{}</span>",
                    n.node,
                    n.ply,
                    escape(&n.text)
                );
            } else {
                let _ = write!(
                    out,
                    "<li class=\"variation-move unplayable\" data-node={} data-ply={} title=\"{}\"><span class=n>{number}{dots}</span> <span class=t>{}</span> <span class=np>({})</span>",
                    n.node,
                    n.ply,
                    escape(self.lang.text(Msg::NotPlayableTitle)),
                    escape(&n.text),
                    escape(self.lang.text(Msg::NotPlayable))
                );
            }
            if let Some(c) = &n.comment {
                let _ = write!(
                    out,
                    "<li class=variation-comment data-node={}>{}</li>",
                    n.node,
                    escape(c)
                );
            }
            // The lines that replace this move: its later siblings (a line's first move is
            // an alternative itself, written by the caller with its siblings).
            if !first {
                if let Some(siblings) = n.parent.and_then(|p| tree.children.get(&p)) {
                    for &alt in siblings.iter().skip(1) {
                        self.write_line(alt, depth + 1, tree, out);
                    }
                }
            }
            first = false;
            match tree.children.get(&n.node).and_then(|c| c.first()) {
                Some(&next) => cur = next,
                None => break,
            }
        }
        out.push_str("</ol></li>");
    }

    /// The shown moves' tree, for writing them.
    pub fn tree(&self) -> Tree {
        let mut tree = Tree::default();
        for (i, n) in self.nodes.iter().enumerate() {
            match n.parent {
                Some(p) => tree.children.entry(p).or_default().push(i),
                None => tree.off_main.entry(n.ply).or_default().push(i),
            }
        }
        tree
    }

    /// How many lines the shown moves form, for the page's summary.
    pub fn lines(&self) -> usize {
        let tree = self.tree();
        // A line starts at a move off the main line and at each later child of a move.
        tree.off_main.values().map(Vec::len).sum::<usize>()
            + tree
                .children
                .values()
                .map(|c| c.len().saturating_sub(1))
                .sum::<usize>()
    }
}

/// The shown moves' indexes by where they branch.
#[derive(Debug, Default)]
pub struct Tree {
    /// The children of each node, in node order.
    children: HashMap<u32, Vec<usize>>,
    /// The moves that replace the main line's move at each ply.
    off_main: HashMap<u32, Vec<usize>>,
}

/// A move listed as the record wrote it, not replayed.
fn as_written(m: &VariationMove) -> NodeFrame {
    NodeFrame {
        node: m.node,
        parent: m.parent,
        ply: m.ply,
        text: m.text.clone(),
        played: false,
        changes: Vec::new(),
        marks: Vec::new(),
        comment: m.comment.clone(),
        before: m.before.clone(),
    }
}

/// The main-line plies `moves` branch at (a variation's first move replacing that ply),
/// sorted, each once.
fn branch_plies(moves: &[VariationMove]) -> Vec<u32> {
    let mut plies: Vec<u32> = moves
        .iter()
        .filter(|m| m.parent.is_none())
        .map(|m| m.ply)
        .collect();
    plies.sort_unstable();
    plies.dedup();
    plies
}

/// Each of `moves` played from the position it branches from.
fn xiangqi_nodes(game: &GameRow, moves: &[VariationMove]) -> Result<Vec<NodeFrame>, crate::Error> {
    let main = replay::xiangqi_moves(game)?;
    let mut position = replay::xiangqi_start(game)?;
    // The main line's position before each ply that has a variation (ply p: after p - 1).
    let wanted = branch_plies(moves);
    let mut main_before: HashMap<u32, xiangqi::Position> = HashMap::new();
    for (i, &m) in main.iter().enumerate() {
        let ply = i as u32 + 1;
        if wanted.binary_search(&ply).is_ok() {
            main_before.insert(ply, position.clone());
        }
        position.make(m);
    }
    let last = main.len() as u32 + 1;
    if wanted.binary_search(&last).is_ok() {
        main_before.insert(last, position);
    }
    // After each played node: its position and board.
    let mut after: HashMap<u32, (xiangqi::Position, Cells)> = HashMap::new();
    let mut nodes = Vec::with_capacity(moves.len());
    for m in moves {
        let before: Option<(xiangqi::Position, Cells)> = match m.parent {
            None => main_before
                .get(&m.ply)
                .map(|p| (p.clone(), xiangqi_cells(p))),
            Some(parent) => after.get(&parent).cloned(),
        };
        let mv = m
            .code
            .as_deref()
            .and_then(xiangqi::decode_moves)
            .and_then(|d| d.first().copied());
        match (before, mv) {
            // A move kifu played at ingest; checked again so a changed record cannot make
            // the board move the other side's piece.
            (Some((mut position, cells)), Some(mv))
                if position.piece_at(mv.from).map(|p| p.side())
                    == Some(position.side_to_move()) =>
            {
                let text = xiangqi_move_texts(&position, mv);
                position.make(mv);
                let board = xiangqi_cells(&position);
                nodes.push(NodeFrame {
                    node: m.node,
                    parent: m.parent,
                    ply: m.ply,
                    text,
                    played: true,
                    changes: super::frames::diff(&cells, &board),
                    marks: vec![mv.from.iccs(), mv.to.iccs()],
                    comment: m.comment.clone(),
                    before: m.before.clone(),
                });
                after.insert(m.node, (position, board));
            }
            _ => nodes.push(as_written(m)),
        }
    }
    Ok(nodes)
}

/// Each of `moves` (of a Renju-board record) played from the board it branches from: a
/// stone of its ply's colour on an empty point, or a pass. The ingest judged the moves by
/// the rules; the page only draws them, so a point already taken (a changed record) is
/// not played.
fn renju_nodes(game: &GameRow, moves: &[VariationMove]) -> Result<Vec<NodeFrame>, crate::Error> {
    let main = replay::renju_moves(game)?;
    let stone = |ply: u32| renju::Stone::of_ply(ply).symbol().to_string();
    // The main line's board before each ply that has a variation (ply p: after p - 1).
    let wanted = branch_plies(moves);
    let mut main_before: HashMap<u32, Cells> = HashMap::new();
    let mut cells = Cells::new();
    for ply in 1..=main.len() as u32 + 1 {
        if wanted.binary_search(&ply).is_ok() {
            main_before.insert(ply, cells.clone());
        }
        if let Some(Some(p)) = main.get(ply as usize - 1) {
            cells.insert(p.to_string(), stone(ply));
        }
    }
    let mut after: HashMap<u32, Cells> = HashMap::new();
    let mut nodes = Vec::with_capacity(moves.len());
    for m in moves {
        let before = match m.parent {
            None => main_before.get(&m.ply),
            Some(parent) => after.get(&parent),
        };
        let mv = m
            .code
            .as_deref()
            .and_then(renju::decode_moves)
            .and_then(|d| d.first().copied());
        let (Some(before), Some(mv)) = (before, mv) else {
            nodes.push(as_written(m));
            continue;
        };
        let mut board = before.clone();
        let marks = match mv {
            Some(p) if board.contains_key(&p.to_string()) => {
                nodes.push(as_written(m));
                continue;
            }
            Some(p) => {
                board.insert(p.to_string(), stone(m.ply));
                vec![p.to_string()]
            }
            None => Vec::new(),
        };
        nodes.push(NodeFrame {
            node: m.node,
            parent: m.parent,
            ply: m.ply,
            text: renju::point::move_text(mv),
            played: true,
            changes: super::frames::diff(before, &board),
            marks,
            comment: m.comment.clone(),
            before: m.before.clone(),
        });
        after.insert(m.node, board);
    }
    Ok(nodes)
}
