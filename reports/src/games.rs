//! The games of a public report, as a bulletin prints them: each game's round, players and
//! customary result, its moves with the record's comments and variations (as written, in
//! parentheses after the move they replace), and the final position. Games are in event,
//! then round order (numbers in round names compared as numbers), then as stored.

use std::collections::HashMap;

use kifu_analysis::Filter;
use kifu_facts::{GameKind, VariationMove};
use kifu_store::query::GameRow;
use kifu_store::search::{GameListing, GameOrder};
use kifu_store::Store;

use crate::lang::{Lang, Msg};
use crate::notation::xiangqi_move;
use crate::replay;
use crate::results::customary_result;
use crate::site::frames::Frames;
use crate::Error;
use kifu_analysis::natural_cmp;
use kifu_analysis::shown_names::ShownIn;

/// The most games a report prints; more are counted (the site has every game).
pub const PRINTED_GAMES: usize = 300;

/// One game as the report prints it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameSheet {
    pub event: String,
    /// The game's number within its event, in the order printed.
    pub number: usize,
    pub round: Option<String>,
    pub date: Option<String>,
    /// The players in seat order.
    pub players: Vec<String>,
    pub result: String,
    /// The moves, numbered, with comments in braces and variations in parentheses.
    pub moves: String,
    /// The final position (a board diagram as SVG).
    pub diagram_svg: Option<String>,
}

/// The games under `filter` as printed: at most [`PRINTED_GAMES`], and how many there are.
pub(crate) fn game_sheets(
    store: &Store,
    filter: &Filter,
    shown: ShownIn,
) -> Result<(Vec<GameSheet>, usize), Error> {
    let mut games = store.list_games(filter, GameOrder::Id, None)?;
    let total = games.len();
    games.sort_by(|a, b| {
        a.event
            .cmp(&b.event)
            .then_with(|| {
                natural_cmp(
                    a.round.as_deref().unwrap_or(""),
                    b.round.as_deref().unwrap_or(""),
                )
            })
            .then_with(|| a.id.cmp(&b.id))
    });
    let mut numbers: HashMap<Option<String>, usize> = HashMap::new();
    let mut sheets = Vec::new();
    for g in games.iter().take(PRINTED_GAMES) {
        let number = numbers.entry(g.event.clone()).or_default();
        *number += 1;
        let row = store.game(g.id)?;
        sheets.push(sheet(g, &row, *number, shown));
    }
    Ok((sheets, total))
}

/// One game's sheet, its event, round and players named in the page's language.
fn sheet(g: &GameListing, row: &GameRow, number: usize, shown: ShownIn) -> GameSheet {
    let lang = shown.lang;
    let event = g.event.as_deref().unwrap_or_default();
    let moves = moves_in(row, lang)
        .map(|m| move_text(row, &m))
        .unwrap_or_default();
    GameSheet {
        event: shown.event(event).to_owned(),
        number,
        round: g
            .round
            .as_deref()
            .map(|r| shown.round(event, r).into_owned()),
        date: g.date.clone(),
        players: g
            .players
            .iter()
            .map(|(_, n)| shown.player(n).to_owned())
            .collect(),
        result: customary_result(g.kind, g.counted, lang),
        moves,
        diagram_svg: crate::audit::diagram(row, row.plies, lang).ok(),
    }
}

/// Each printed game's heading: `game 3 · 第01轮 · 2015-08-22`, its event first when the
/// games are of several events.
pub(crate) fn headings(games: &[GameSheet], lang: Lang) -> Vec<String> {
    let events: std::collections::BTreeSet<&str> = games.iter().map(|g| g.event.as_str()).collect();
    games
        .iter()
        .map(|g| {
            let mut head = vec![lang.fill(Msg::GameNumber, &[("n", &g.number.to_string())])];
            if events.len() > 1 && !g.event.is_empty() {
                head.insert(0, g.event.clone());
            }
            head.extend(g.round.clone());
            head.extend(g.date.clone());
            head.join(" · ")
        })
        .collect()
}

/// The main line's moves as `lang`'s readers write them (Xiangqi: [`xiangqi_move`]; the
/// other games: their notation); `None` when the moves cannot be replayed.
fn moves_in(game: &GameRow, lang: Lang) -> Option<Vec<String>> {
    if game.kind != GameKind::Xiangqi {
        return Frames::of(game, crate::lang::Edition::Public)
            .ok()
            .map(|f| f.moves);
    }
    let moves = replay::xiangqi_moves(game).ok()?;
    let mut position = replay::xiangqi_start(game).ok()?;
    let mut written = Vec::with_capacity(moves.len());
    for m in moves {
        written.push(xiangqi_move(&position, m, lang));
        position.make(m);
    }
    Some(written)
}

/// The number before move `ply` (1-based), when one is written there: by pairs for
/// Xiangqi (`3.` before Red's, `3…` where a line starts with Black's), else per move.
fn number_before(kind: GameKind, ply: u32, line_start: bool) -> Option<String> {
    if kind != GameKind::Xiangqi {
        return Some(format!("{ply}."));
    }
    let n = ply.div_ceil(2);
    if ply % 2 == 1 {
        Some(format!("{n}."))
    } else if line_start {
        Some(format!("{n}…"))
    } else {
        None
    }
}

/// The main line with its comments and variations.
fn move_text(game: &GameRow, moves: &[String]) -> String {
    let kind = game.kind;
    let mut parts: Vec<String> = Vec::new();
    let comments: HashMap<u32, Vec<&str>> =
        game.comments
            .iter()
            .fold(HashMap::new(), |mut m, (ply, text)| {
                m.entry(*ply).or_insert_with(Vec::new).push(text.as_str());
                m
            });
    let comment = |ply: u32, parts: &mut Vec<String>| {
        for c in comments.get(&ply).into_iter().flatten() {
            parts.push(format!("{{{}}}", c.trim()));
        }
    };
    comment(0, &mut parts);
    let variations = &game.variations;
    let mut after_break = true;
    for (i, m) in moves.iter().enumerate() {
        let ply = i as u32 + 1;
        if let Some(n) = number_before(kind, ply, after_break) {
            parts.push(n);
        }
        parts.push(m.clone());
        after_break = false;
        if comments.contains_key(&ply) {
            comment(ply, &mut parts);
            after_break = true;
        }
        for start in variations
            .iter()
            .filter(|v| v.parent.is_none() && v.ply == ply)
        {
            parts.push(format!("({})", variation_text(kind, variations, start)));
            after_break = true;
        }
    }
    parts.join(" ")
}

/// A variation from its first move, as written: each move's alternatives (the other
/// moves that follow the same move) in parentheses after it, as PGN nests them.
fn variation_text(kind: GameKind, all: &[VariationMove], first: &VariationMove) -> String {
    let mut parts = Vec::new();
    if let Some(b) = &first.before {
        parts.push(format!("{{{}}}", b.trim()));
    }
    let mut line_start = true;
    let write = |v: &VariationMove, line_start: &mut bool, parts: &mut Vec<String>| {
        if let Some(n) = number_before(kind, v.ply, *line_start) {
            parts.push(n);
        }
        parts.push(v.text.clone());
        *line_start = false;
        if let Some(c) = &v.comment {
            parts.push(format!("{{{}}}", c.trim()));
            *line_start = true;
        }
    };
    write(first, &mut line_start, &mut parts);
    let mut current = first;
    loop {
        let children: Vec<&VariationMove> = all
            .iter()
            .filter(|c| c.parent == Some(current.node))
            .collect();
        let Some((next, alternatives)) = children.split_first() else {
            break;
        };
        write(next, &mut line_start, &mut parts);
        for alternative in alternatives {
            parts.push(format!("({})", variation_text(kind, all, alternative)));
            line_start = true;
        }
        current = next;
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(node: u32, parent: Option<u32>, ply: u32, text: &str) -> VariationMove {
        VariationMove {
            node,
            parent,
            ply,
            code: None,
            text: text.into(),
            comment: None,
            before: None,
            mark: None,
        }
    }

    #[test]
    fn variations_nest_after_the_move_they_replace() {
        // 2… 马2进3 3. 兵七进一 (3. 马二进三 {solid}) 3… 卒7进1
        let mut all = vec![
            v(1, None, 2, "马2进3"),
            v(2, Some(1), 3, "兵七进一"),
            v(3, Some(1), 3, "马二进三"),
            v(4, Some(2), 4, "卒7进1"),
        ];
        all[2].comment = Some("solid".into());
        assert_eq!(
            variation_text(GameKind::Xiangqi, &all, &all[0]),
            "1… 马2进3 2. 兵七进一 (2. 马二进三 {solid}) 2… 卒7进1"
        );
    }
}
