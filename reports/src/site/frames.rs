//! A game's positions at every ply 0..=P, replayed by the game's own rules engine through
//! the replay `kifu show` uses ([`crate::replay`]), as the compact per-ply changes a game
//! page embeds; the page's script only draws them.
//!
//! Cells and contents are the strings `kifu show` prints: Renju `h8` → `X`/`O`; Xiangqi the
//! ICCS square `e0` → the FEN letter; Chess Territorial `e1` → the board letter; ChouChou
//! `2B` → the counts per colour `2·0`.

use std::collections::BTreeMap;

use kifu_facts::{GameKind, Ruleset};
use kifu_rules::{chouchou, renju, territorial, xiangqi};
use kifu_store::query::GameRow;
use serde_json::{json, Value};

use crate::diagrams::chouchou_colour_label;
use crate::lang::Edition;
use crate::replay::{self, captured_totals, classes_text, ChouChouSetup, RenjuReplay};
use crate::Error;

/// Occupied cells: cell → content.
pub type Cells = BTreeMap<String, String>;

/// A ChouChou capture: the seat, the pieces it took, the steps (`2B + 3B`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Capture {
    pub seat: String,
    pub taken: u32,
    pub steps: String,
}

/// A game replayed ply by ply.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Frames {
    /// `changes[0]`: the start position's occupied cells; `changes[n]` (n ≥ 1): the cells
    /// that differ between ply n-1 and ply n, with their new content (`""`: emptied). The
    /// page writes each ply's as one string ([`changes_text`]).
    pub changes: Vec<Vec<(String, String)>>,
    /// Each move in the game's notation (`moves[n-1]` is move n).
    pub moves: Vec<String>,
    /// The cells each ply's move concerns (`marks[0]` is empty): the point placed, a
    /// Xiangqi move's origin and destination, a ChouChou action's cells.
    pub marks: Vec<Vec<String>>,
    /// Renju: Black's forbidden points at each ply as `kifu show --ply N` lists them
    /// (cell, `ForbiddenKind` name); empty for the other kinds and free-style games.
    pub forbidden: Vec<Vec<(String, String)>>,
    /// Xiangqi: each move's classes (`classes[n-1]` for move n) as `kifu show` prints them.
    pub classes: Vec<String>,
    /// Xiangqi: the plies of a judged repetition's cycle.
    pub cycle: Vec<u32>,
    /// Territorial: the two hand lines at each ply (`White hand: …`, `Black hand: …`).
    pub hands: Vec<[String; 2]>,
    /// Territorial: the territories at the last ply (side, squares, multiplier).
    pub territories: Vec<(String, Vec<String>, u32)>,
    /// Territorial: the score line at the last ply, as `kifu show` prints it.
    pub score: Option<String>,
    /// Territorial: that score, for pages in other languages.
    pub territorial_score: Option<territorial::Score>,
    /// ChouChou: the captured totals at each ply (`P1 0, P2 1`).
    pub captured: Vec<String>,
    /// ChouChou: what each colour of the board stands for (`P1`…, or `team 1`… in pairs).
    pub legend: Vec<String>,
    /// ChouChou: what each action captured (`captures[n-1]` for action n; empty: nothing).
    pub captures: Vec<String>,
    /// ChouChou: whether colours are teams (pairs) rather than seats; and per action its
    /// captures (seat, pieces taken, steps) and whether it was void, for pages in other
    /// languages.
    pub pairs: bool,
    pub capture_parts: Vec<(Vec<Capture>, bool)>,
    /// The ply from which the position no longer changes because the engine refused a
    /// move, and why (a Renju game going on after its end, an illegal placement).
    pub stopped: Option<(u32, String)>,
}

impl Frames {
    /// Replays `game` for a page of `edition`: only the audit edition reads each Xiangqi
    /// move's classes and the repetition cycles (most of a replay's time).
    pub fn of(game: &GameRow, edition: Edition) -> Result<Frames, Error> {
        match game.kind {
            GameKind::Renju => renju_frames(game),
            GameKind::Xiangqi => xiangqi_frames(game, edition == Edition::Audit),
            GameKind::Territorial => territorial_frames(game),
            GameKind::ChouChou => chouchou_frames(game),
        }
    }

    /// No moves: the empty board only (for a game whose moves cannot be replayed).
    pub fn start_only() -> Frames {
        Frames {
            changes: vec![Vec::new()],
            marks: vec![Vec::new()],
            ..Frames::default()
        }
    }

    /// The number of plies (moves recorded).
    pub fn plies(&self) -> u32 {
        self.moves.len() as u32
    }

    /// The occupied cells at each ply, by applying the changes.
    pub fn boards(&self) -> Vec<Cells> {
        apply_changes(&self.changes)
    }

    /// The page's data: JSON with short keys, sparse where most plies have nothing.
    pub fn to_json(&self) -> Value {
        let pairs = |v: &[(String, String)]| -> Value {
            Value::Array(v.iter().map(|(a, b)| json!([a, b])).collect())
        };
        // A page is mostly its plies: a ply that moves a piece is written as the move
        // (`h2>e2`), and a ply's marks only where they are not the cells its change names
        // (sparse, `h2 e2`).
        let mut board = Cells::new();
        let mut changes = Vec::with_capacity(self.changes.len());
        let mut marks = serde_json::Map::new();
        for (ply, change) in self.changes.iter().enumerate() {
            let mut text = page_changes_text(&board, change);
            if ply == 0 && text == xiangqi_start_text() {
                text = STANDARD_START.to_owned();
            }
            let mark = self
                .marks
                .get(ply)
                .map_or_else(String::new, |m| m.join(" "));
            if mark != natural_marks(&text).join(" ") {
                marks.insert(ply.to_string(), json!(mark));
            }
            apply(&mut board, change);
            changes.push(text);
        }
        let mut data = json!({ "changes": changes });
        let obj = data.as_object_mut().expect("an object");
        if !marks.is_empty() {
            obj.insert("marks".into(), Value::Object(marks));
        }
        if self.forbidden.iter().any(|f| !f.is_empty()) {
            let sparse: serde_json::Map<String, Value> = self
                .forbidden
                .iter()
                .enumerate()
                .filter(|(_, f)| !f.is_empty())
                .map(|(i, f)| (i.to_string(), pairs(f)))
                .collect();
            obj.insert("forbidden".into(), Value::Object(sparse));
        }
        if !self.classes.is_empty() {
            // Each distinct text once (most moves are idle or check), each move its index.
            let mut texts: Vec<&str> = Vec::new();
            let at: Vec<usize> = self
                .classes
                .iter()
                .map(|c| match texts.iter().position(|t| t == c) {
                    Some(i) => i,
                    None => {
                        texts.push(c);
                        texts.len() - 1
                    }
                })
                .collect();
            let texts: Vec<String> = texts.iter().map(|t| abbreviate(t)).collect();
            obj.insert("classTexts".into(), json!(texts));
            obj.insert("classes".into(), json!(at));
            obj.insert("cycle".into(), json!(self.cycle));
        }
        if !self.hands.is_empty() {
            obj.insert("hands".into(), json!(self.hands));
            let territories: Vec<Value> = self
                .territories
                .iter()
                .map(|(side, squares, multiplier)| json!([side, squares.join(" "), multiplier]))
                .collect();
            obj.insert("territories".into(), Value::Array(territories));
            obj.insert("score".into(), json!(self.score));
        }
        if !self.captured.is_empty() {
            obj.insert("captured".into(), json!(self.captured));
            obj.insert("captures".into(), json!(self.captures));
            obj.insert("legend".into(), json!(self.legend));
        }
        if let Some((ply, why)) = &self.stopped {
            obj.insert("stopped".into(), json!([ply, why]));
        }
        data
    }
}

/// Stretches of Xiangqi class texts the page writes short (a page's chases repeat them):
/// (short form, text). The texts never hold `@` otherwise; the script expands them.
pub const CLASS_ABBREVIATIONS: [(&str, &str); 3] = [
    ("@a", " (allowed, xiangqi 棋例"),
    ("@f", " (forbidden, xiangqi 棋例"),
    ("@c", "chase "),
];

fn abbreviate(text: &str) -> String {
    CLASS_ABBREVIATIONS
        .iter()
        .fold(text.to_owned(), |t, (short, long)| t.replace(long, short))
}

/// A class text as the page wrote it, expanded.
pub fn expand(text: &str) -> String {
    CLASS_ABBREVIATIONS
        .iter()
        .fold(text.to_owned(), |t, (short, long)| t.replace(short, long))
}

/// A ply's changes as the page writes them: `cell=content` separated by spaces, an emptied
/// cell as `cell=` (`e2=C h2=`). Neither cells nor contents hold a space or `=`.
pub fn changes_text(changes: &[(String, String)]) -> String {
    let parts: Vec<String> = changes.iter().map(|(c, v)| format!("{c}={v}")).collect();
    parts.join(" ")
}

/// The changes [`changes_text`] wrote.
pub fn parse_changes(text: &str) -> Vec<(String, String)> {
    text.split(' ')
        .filter(|p| !p.is_empty())
        .filter_map(|p| p.split_once('='))
        .map(|(c, v)| (c.to_owned(), v.to_owned()))
        .collect()
}

/// A page's `changes[0]` when its game starts from Xiangqi's standard position: the
/// script reads the cells from the shared `KIFU_BOARDS.xiangqiStart` ([`xiangqi_start_text`]).
pub const STANDARD_START: &str = "*";

/// Xiangqi's standard start as a page's changes from the empty board.
pub fn xiangqi_start_text() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| {
        changes_text(&diff(
            &Cells::new(),
            &xiangqi_cells(&xiangqi::Position::startpos()),
        ))
    })
}

/// A main-line ply's changes as the page's data writes them, from the board `before` it:
/// a piece moved from one cell to another (a capture included) as `from>to`, anything
/// else as [`changes_text`]. Cells never hold `>`.
fn page_changes_text(before: &Cells, changes: &[(String, String)]) -> String {
    if let [a, b] = changes {
        let (from, to) = if a.1.is_empty() { (a, b) } else { (b, a) };
        if from.1.is_empty() && !to.1.is_empty() && before.get(&from.0) == Some(&to.1) {
            return format!("{}>{}", from.0, to.0);
        }
    }
    changes_text(changes)
}

/// The cells a page marks at a ply unless its data says otherwise: a move's two cells, the
/// one cell a placement fills.
fn natural_marks(text: &str) -> Vec<&str> {
    if let Some((from, to)) = text.split_once('>') {
        return vec![from, to];
    }
    match text.split_once('=') {
        Some((cell, content)) if !content.is_empty() && !text.contains(' ') => vec![cell],
        _ => Vec::new(),
    }
}

/// The boards at each ply from a page's `changes` (moves `from>to` and `cell=content`
/// changes, as [`Frames::to_json`] writes them).
pub fn page_boards(texts: &[&str]) -> Vec<Cells> {
    let mut board = Cells::new();
    let mut boards = Vec::with_capacity(texts.len());
    for &text in texts {
        let text = if text == STANDARD_START {
            xiangqi_start_text()
        } else {
            text
        };
        match text.split_once('>') {
            Some((from, to)) => {
                if let Some(piece) = board.remove(from) {
                    board.insert(to.to_owned(), piece);
                }
            }
            None => apply(&mut board, &parse_changes(text)),
        }
        boards.push(board.clone());
    }
    boards
}

fn apply(board: &mut Cells, change: &[(String, String)]) {
    for (cell, content) in change {
        if content.is_empty() {
            board.remove(cell);
        } else {
            board.insert(cell.clone(), content.clone());
        }
    }
}

/// The occupied cells at each ply from per-ply changes (`changes[0]` from the empty board).
pub fn apply_changes(changes: &[Vec<(String, String)>]) -> Vec<Cells> {
    let mut board = Cells::new();
    let mut boards = Vec::with_capacity(changes.len());
    for change in changes {
        apply(&mut board, change);
        boards.push(board.clone());
    }
    boards
}

/// The changes from `before` to `after`, in cell order.
pub(super) fn diff(before: &Cells, after: &Cells) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = before
        .keys()
        .filter(|c| !after.contains_key(*c))
        .map(|c| (c.clone(), String::new()))
        .collect();
    for (cell, content) in after {
        if before.get(cell) != Some(content) {
            out.push((cell.clone(), content.clone()));
        }
    }
    out.sort();
    out
}

/// Builds `changes` from the boards at each ply.
struct Recorder {
    last: Cells,
    changes: Vec<Vec<(String, String)>>,
}

impl Recorder {
    fn new() -> Recorder {
        Recorder {
            last: Cells::new(),
            changes: Vec::new(),
        }
    }

    fn push(&mut self, board: Cells) {
        self.changes.push(diff(&self.last, &board));
        self.last = board;
    }
}

/// Renju stones as `kifu show`'s board: `h8` → `X` (black) or `O` (white).
pub fn renju_cells(position: &renju::Position) -> Cells {
    position
        .board()
        .stones()
        .map(|(p, s)| (p.to_string(), s.symbol().to_string()))
        .collect()
}

fn renju_frames(game: &GameRow) -> Result<Frames, Error> {
    let moves = replay::renju_moves(game)?;
    // Free-style gomoku has no forbidden points.
    let renju_rules = game.ruleset != Some(Ruleset::Freestyle);
    let mut frames = Frames::default();
    let mut recorder = Recorder::new();
    let mut replay = RenjuReplay::new();
    let mut record = |replay: &RenjuReplay, frames: &mut Frames| {
        let position = replay.position();
        recorder.push(renju_cells(position));
        let forbidden = if renju_rules {
            position
                .forbidden_points()
                .into_iter()
                .map(|(p, k)| (p.to_string(), k.to_string()))
                .collect()
        } else {
            Vec::new()
        };
        frames.forbidden.push(forbidden);
    };
    record(&replay, &mut frames);
    frames.marks.push(Vec::new());
    for (i, &m) in moves.iter().enumerate() {
        replay.step(m);
        let position = replay.position();
        if position.ply() < i as u32 + 1 && frames.stopped.is_none() {
            frames.stopped = Some((
                position.ply(),
                format!(
                    "the position is shown at move {}: the game was over there",
                    position.ply()
                ),
            ));
        }
        frames.marks.push(
            position
                .last_move()
                .flatten()
                .map(|p| vec![p.to_string()])
                .unwrap_or_default(),
        );
        frames.moves.push(renju::point::move_text(m));
        record(&replay, &mut frames);
    }
    frames.changes = recorder.changes;
    Ok(frames)
}

/// Xiangqi pieces as `kifu show`'s FEN: the ICCS square `e0` → the FEN letter.
pub fn xiangqi_cells(position: &xiangqi::Position) -> Cells {
    (0..90)
        .map(xiangqi::Square::from_index)
        .filter_map(|s| {
            position
                .piece_at(s)
                .map(|p| (s.iccs(), p.fen_char().to_string()))
        })
        .collect()
}

/// A Xiangqi move in the three notations a page may list it in, `炮二平五 C2=5 h2e2`
/// (Chinese, WXF, ICCS): the page keeps the one its language and edition read
/// ([`super::frame_texts`]).
pub fn xiangqi_move_texts(position: &xiangqi::Position, m: xiangqi::Move) -> String {
    format!(
        "{} {} {}",
        xiangqi::move_to_chinese(position, m),
        xiangqi::move_to_wxf(position, m),
        m.iccs()
    )
}

fn xiangqi_frames(game: &GameRow, audit: bool) -> Result<Frames, Error> {
    let moves = replay::xiangqi_moves(game)?;
    let mut position = replay::xiangqi_start(game)?;
    let mut frames = Frames::default();
    frames
        .changes
        .push(diff(&Cells::new(), &xiangqi_cells(&position)));
    frames.marks.push(Vec::new());
    let mut hashes = vec![position.hash()];
    for (i, &m) in moves.iter().enumerate() {
        frames.moves.push(xiangqi_move_texts(&position, m));
        if audit {
            frames
                .classes
                .push(classes_text(&xiangqi::classify(&position, m)));
        }
        frames.marks.push(vec![m.from.iccs(), m.to.iccs()]);
        // A move empties its origin and puts its piece on its destination (a capture
        // included): the change is that, in cell order, as a diff of the boards gives it.
        let piece = position
            .piece_at(m.from)
            .map_or_else(String::new, |p| p.fen_char().to_string());
        let mut change = vec![(m.from.iccs(), String::new()), (m.to.iccs(), piece)];
        change.sort();
        position.make(m);
        if audit {
            hashes.push(position.hash());
            if let Some(verdict) = xiangqi::judge(&position, &moves[..=i], &hashes) {
                frames.cycle.extend(verdict.cycle.iter().map(|c| c.ply));
            }
        }
        frames.changes.push(change);
    }
    frames.cycle.sort_unstable();
    frames.cycle.dedup();
    Ok(frames)
}

/// Chess Territorial pieces as `kifu show`'s board: `e1` → `K` (White) / `k` (Black).
pub fn territorial_cells(position: &territorial::Position) -> Cells {
    territorial::Square::all()
        .filter_map(|s| {
            position
                .at(s)
                .map(|p| (s.to_string(), p.letter().to_string()))
        })
        .collect()
}

/// The two hand lines of `kifu show`'s Territorial position.
pub fn territorial_hands(position: &territorial::Position) -> [String; 2] {
    [
        format!("White hand: {}", position.hand(territorial::Side::White)),
        format!("Black hand: {}", position.hand(territorial::Side::Black)),
    ]
}

fn territorial_frames(game: &GameRow) -> Result<Frames, Error> {
    let moves = replay::territorial_moves(game)?;
    let mut position = territorial::Position::new();
    let mut frames = Frames::default();
    let mut recorder = Recorder::new();
    recorder.push(territorial_cells(&position));
    frames.hands.push(territorial_hands(&position));
    frames.marks.push(Vec::new());
    for &m in &moves {
        if frames.stopped.is_none() {
            if let Err(e) = position.play(m) {
                frames.stopped =
                    Some((position.ply(), format!("move {}: {e}", position.ply() + 1)));
            }
        }
        frames.moves.push(m.to_string());
        frames.marks.push(match m {
            territorial::Move::Place(p) if frames.stopped.is_none() => vec![p.square.to_string()],
            _ => Vec::new(),
        });
        recorder.push(territorial_cells(&position));
        frames.hands.push(territorial_hands(&position));
    }
    let score = territorial::score(&position);
    frames.territories = score
        .territories
        .iter()
        .map(|t| {
            (
                t.side.name().to_owned(),
                t.squares.iter().map(|s| s.to_string()).collect(),
                t.multiplier,
            )
        })
        .collect();
    frames.score = Some(score.to_string());
    frames.territorial_score = Some(score);
    frames.changes = recorder.changes;
    Ok(frames)
}

/// The occupied cells of a queried position (the explorer's board), as the game pages'
/// frames write them.
pub fn position_cells(board: &kifu_rules::positions::Board) -> Cells {
    use kifu_rules::positions::Board;
    match board {
        Board::Renju(stones) => {
            let (black, white) = stones.lists();
            let symbol = |stone: renju::Stone| stone.symbol().to_string();
            black
                .into_iter()
                .map(|p| (p.to_string(), symbol(renju::Stone::Black)))
                .chain(
                    white
                        .into_iter()
                        .map(|p| (p.to_string(), symbol(renju::Stone::White))),
                )
                .collect()
        }
        Board::Xiangqi(snapshot) => xiangqi_cells(snapshot.position()),
        Board::Territorial(snapshot) => territorial_cells(snapshot.position()),
        Board::ChouChou(snapshot) => chouchou_cells(snapshot.board()),
    }
}

/// Renju: the points of a queried position forbidden to Black when Black is to move
/// (cell, `ForbiddenKind` name), as a game page's frames list them; empty otherwise.
pub fn position_forbidden(board: &kifu_rules::positions::Board) -> Vec<(String, String)> {
    let kifu_rules::positions::Board::Renju(stones) = board else {
        return Vec::new();
    };
    if stones.to_move() != renju::Stone::Black {
        return Vec::new();
    }
    let (black, white) = stones.lists();
    renju::Board::with_stones(&black, &white)
        .forbidden_points()
        .into_iter()
        .map(|(p, k)| (p.to_string(), k.to_string()))
        .collect()
}

/// ChouChou cells as `kifu show`'s board: `2B` → the counts per colour `2·0`.
pub fn chouchou_cells(board: &chouchou::Board) -> Cells {
    let n = board.size();
    let mut cells = Cells::new();
    for r in 0..n {
        for c in 0..n {
            if let Some(text) = board.cell_text((c, r)) {
                cells.insert(chouchou::cell_name((c, r)), text);
            }
        }
    }
    cells
}

fn chouchou_frames(game: &GameRow) -> Result<Frames, Error> {
    let actions = replay::chouchou_actions(game)?;
    let setup = ChouChouSetup::of(game)?;
    let mut frames = Frames::default();
    let mut recorder = Recorder::new();
    frames.marks.push(Vec::new());
    // The board at ply n is the engine's replay of the first n actions, as `kifu show`
    // replays them.
    for n in 0..=actions.len() {
        let replayed = setup.replay(&actions[..n]);
        recorder.push(chouchou_cells(&replayed.board));
        frames.captured.push(captured_totals(&replayed.captured));
    }
    let whole = setup.replay(&actions);
    frames.pairs = whole.pairs;
    frames.legend = (0..whole.board.colours() as usize)
        .map(|k| chouchou_colour_label(whole.pairs, k))
        .collect();
    for (i, a) in actions.iter().enumerate() {
        let ply = i as u32 + 1;
        frames.moves.push(chouchou::action_text(a));
        frames.marks.push(match *a {
            chouchou::CcActionText::Place { cell } => vec![chouchou::cell_name(cell)],
            chouchou::CcActionText::MoveTwo { from, to }
            | chouchou::CcActionText::SwapOne { from, to } => {
                vec![chouchou::cell_name(from), chouchou::cell_name(to)]
            }
        });
        let parts: Vec<Capture> = whole
            .captures
            .iter()
            .filter(|c| c.ply == ply)
            .map(|c| {
                let steps: Vec<String> = c.steps.iter().map(|s| s.to_string()).collect();
                Capture {
                    seat: chouchou::CcReplay::seat_label(c.player),
                    taken: c.taken,
                    steps: steps.join(" + "),
                }
            })
            .collect();
        let void = whole.moves.iter().any(|m| m.ply == ply && m.void);
        let mut texts: Vec<String> = parts
            .iter()
            .map(|c| format!("{} captured {} ({})", c.seat, c.taken, c.steps))
            .collect();
        if void {
            texts.push("void (taken back)".to_owned());
        }
        frames.captures.push(texts.join("; "));
        frames.capture_parts.push((parts, void));
    }
    frames.changes = recorder.changes;
    Ok(frames)
}
