//! One stored game as one JSON value: what `kifu show` prints, typed (its header, players,
//! result, moves with their comments, variations as a tree, findings, copies and curation).
//! `show --json` prints it; the coming server's `/api/games/ID` is to answer it. The fields
//! are listed in docs/commands.md ("show --json").

use anyhow::Result;
use kifu_facts::{
    variation_lines, Annotations, GameKind, ResultName, VariationLine, VariationMove,
};
use kifu_reports::replay::opening_title;
use kifu_rules::positions::{stored_move_codes, stored_move_texts, with_stored};
use kifu_rules::{renju, territorial, xiangqi};
use kifu_store::query::GameRow;
use kifu_store::{GameFilter, Store};
use serde_json::{json, Value};

use super::audit::{authoritative_copy_json, correction_json, decision_json, finding_json};

/// Game `id` of `store` as one JSON object. Reads only, prints nothing.
///
/// An id that is no game fails with the store's own error,
/// `kifu_store::Error::NotFound(kifu_store::Missing::Game(id))`, which
/// `error.downcast_ref::<kifu_store::Error>()` finds (a server answers it 404).
pub(super) fn game_json(store: &Store, id: i64) -> Result<Value> {
    let game = store.game(id)?;
    let filled = store.filled_header(id)?;
    let extra = game.extra()?;
    let section = store.section_of(id)?;
    let line = main_line(&game);
    let (players, players_from_copy) = match &filled.players {
        Some((copy, seats)) => (seats, Some(*copy)),
        None => (&game.players, None),
    };
    let (event, event_from_copy) = own_or_copy(&game.event, &filled.event);
    let (date, date_from_copy) = own_or_copy(&game.date, &filled.date);
    let findings = store.findings(
        &GameFilter {
            id: Some(id),
            ..GameFilter::everything()
        },
        None,
    )?;
    Ok(json!({
        "id": game.id,
        "kind": game.kind.name(),
        "format": game.format,
        "source": game.source,
        "line": game.line,
        "column": game.column,
        "offset": game.offset,
        "record_id": game.record_id,
        "section": section.map(|s| json!({"title": s.title, "place": s.place})),
        "event": event,
        "event_from_copy": event_from_copy,
        "round": game.round,
        "date": date,
        "date_from_copy": date_from_copy,
        "rule": game.rule,
        "rule_name": game.rule_name,
        "ruleset": game.ruleset.map(|r| r.name()),
        "tags": extra.tags.iter()
            .map(|(name, value)| json!({"name": name, "value": value}))
            .collect::<Vec<_>>(),
        "annotations": annotations_json(&extra.annotations)?,
        "players": players.iter().enumerate()
            .map(|(i, (side, name))| json!({"seat": i + 1, "side": side, "name": name}))
            .collect::<Vec<_>>(),
        "players_from_copy": players_from_copy,
        "result": result_json(&game),
        "opening": game.opening.as_deref().map(|code| json!({
            "code": code,
            "name": opening_title(game.kind, code),
        })),
        "plies": game.plies,
        "moves": moves_json(&game, &line),
        "other_comments": off_move_notes(&game.comments, line.len(), "text"),
        "other_marks": off_move_notes(&game.marks, line.len(), "mark"),
        "variations": variations_json(game.kind, &game.variations),
        "findings": findings.iter().map(|f| {
            let mut v = finding_json(f);
            v["id"] = json!(f.id);
            v
        }).collect::<Vec<_>>(),
        "duplicate_of": game.duplicate_of,
        "copies": copies_json(store, &game)?,
        "curation": curation_json(store, &game)?,
    }))
}

/// The record's own value (and no copy), else a linked copy's with that copy's id.
fn own_or_copy(
    own: &Option<String>,
    copy: &Option<(i64, String)>,
) -> (Option<String>, Option<i64>) {
    match (own, copy) {
        (Some(v), _) => (Some(v.clone()), None),
        (None, Some((id, v))) => (Some(v.clone()), Some(*id)),
        (None, None) => (None, None),
    }
}

/// The stored annotations of the game's kind, as the store keeps them.
fn annotations_json(a: &Annotations) -> Result<Value> {
    Ok(match a {
        Annotations::Renju(a) => serde_json::to_value(a)?,
        Annotations::Xiangqi(a) => serde_json::to_value(a)?,
        Annotations::Territorial(a) => serde_json::to_value(a)?,
        Annotations::ChouChou(a) => serde_json::to_value(a)?,
    })
}

/// The recorded, board and counted results: `differs` where a result is recorded and is
/// not the one that counts (`games` marks it `!`).
fn result_json(game: &GameRow) -> Value {
    let recorded = game.recorded_result;
    let counted = game.counted_result();
    json!({
        "recorded": recorded.map(ResultName::name),
        "board": game.derived_result.map(ResultName::name),
        "counted": counted.map(ResultName::name),
        "differs": recorded.is_some_and(|r| r.is_known() && Some(r) != counted),
        "termination": game.termination.name(),
    })
}

/// One main-line move: as `show` writes it (the game's notation), its coordinates and its
/// stored code (as the data contract's `move_codes`), each where there is one.
struct MainMove {
    text: Option<String>,
    coordinate: Option<String>,
    code: Option<i32>,
}

/// The main line's moves, in order.
fn main_line(game: &GameRow) -> Vec<MainMove> {
    let codes = stored_move_codes(game.kind, &game.moves);
    let mut texts = with_stored(game.kind, &game.moves, game.extra.as_deref(), |g| {
        stored_move_texts(g).ok()
    });
    if codes.is_empty() && game.kind == GameKind::Xiangqi {
        // A start the rules cannot set up plays no move: the moves as written, as `show`.
        let (_, written) = game.canonical_key.parts();
        texts = Some(written.into_iter().map(str::to_owned).collect());
    }
    let texts = texts.unwrap_or_default();
    let coordinates = coordinates(game.kind, &game.moves).unwrap_or_default();
    (0..codes.len().max(texts.len()))
        .map(|i| MainMove {
            text: texts.get(i).cloned(),
            coordinate: coordinates.get(i).cloned(),
            code: codes.get(i).copied(),
        })
        .collect()
}

/// The main line, one object a ply, with the comments and marks at that ply.
fn moves_json(game: &GameRow, line: &[MainMove]) -> Vec<Value> {
    line.iter()
        .enumerate()
        .map(|(i, m)| {
            let ply = i as u32 + 1;
            json!({
                "ply": ply,
                "move": m.text,
                "coordinate": m.coordinate,
                "code": m.code,
                "comments": notes_at(&game.comments, ply),
                "marks": notes_at(&game.marks, ply),
            })
        })
        .collect()
}

/// The texts of `notes` (comments or marks) at `ply`, in record order.
fn notes_at(notes: &[(u32, String)], ply: u32) -> Vec<&str> {
    notes
        .iter()
        .filter(|(p, _)| *p == ply)
        .map(|(_, t)| t.as_str())
        .collect()
}

/// The notes at a ply none of the `listed` moves has (0: before the first move, or past
/// the last stored move), as `{"ply", field}`.
fn off_move_notes(notes: &[(u32, String)], listed: usize, field: &str) -> Vec<Value> {
    notes
        .iter()
        .filter(|(p, _)| *p == 0 || *p as usize > listed)
        .map(|(p, t)| json!({"ply": p, field: t}))
        .collect()
}

/// Stored moves in a coordinate form: Renju points (`h8`, `--` a pass), Xiangqi ICCS
/// (`h2e2`), Chess Territorial placements (`K@e1`); ChouChou has none but its notation.
fn coordinates(kind: GameKind, moves: &[u8]) -> Option<Vec<String>> {
    match kind {
        GameKind::Renju => Some(
            renju::decode_moves(moves)?
                .into_iter()
                .map(renju::point::move_text)
                .collect(),
        ),
        GameKind::Xiangqi => Some(
            xiangqi::decode_moves(moves)?
                .into_iter()
                .map(|m| m.iccs())
                .collect(),
        ),
        GameKind::Territorial => Some(
            territorial::decode_moves(moves)?
                .iter()
                .map(ToString::to_string)
                .collect(),
        ),
        GameKind::ChouChou => None,
    }
}

/// The record's variations as a tree: the lines off the main line, each holding the lines
/// that branch from it ([`variation_lines`], as `show --variations` lists them).
fn variations_json(kind: GameKind, moves: &[VariationMove]) -> Vec<Value> {
    let lines = variation_lines(moves);
    // Each line's branches, and the lines off the main line, in the order read.
    let mut branches: Vec<Vec<usize>> = vec![Vec::new(); lines.len()];
    let mut roots = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        match line.parent_line {
            Some(p) => branches[p].push(i),
            None => roots.push(i),
        }
    }
    let tree = Tree {
        kind,
        moves,
        lines: &lines,
        branches: &branches,
    };
    roots.into_iter().map(|i| tree.line_json(i)).collect()
}

/// The variation lines of one record, with each line's branches.
struct Tree<'a> {
    kind: GameKind,
    moves: &'a [VariationMove],
    lines: &'a [VariationLine],
    branches: &'a [Vec<usize>],
}

impl Tree<'_> {
    /// Line `i` with the lines branching from it, nested.
    fn line_json(&self, i: usize) -> Value {
        let line = &self.lines[i];
        let first = &self.moves[line.moves[0]];
        json!({
            "from_ply": first.ply,
            "from_node": first.parent,
            "depth": line.depth,
            "moves": line.moves.iter()
                .map(|&m| variation_move_json(self.kind, &self.moves[m]))
                .collect::<Vec<_>>(),
            "variations": self.branches[i].iter()
                .map(|&b| self.line_json(b))
                .collect::<Vec<_>>(),
        })
    }
}

/// One variation move: as written, with its code and coordinates where the engine played
/// it (`playable` false from the first move it could not play on).
fn variation_move_json(kind: GameKind, m: &VariationMove) -> Value {
    let code = m.code.as_deref();
    json!({
        "node": m.node,
        "ply": m.ply,
        "move": m.text,
        "coordinate": code.and_then(|c| coordinates(kind, c)).and_then(|c| c.into_iter().next()),
        "code": code.and_then(|c| stored_move_codes(kind, c).first().copied()),
        "playable": code.is_some(),
        "before": m.before,
        "comment": m.comment,
        "mark": m.mark,
    })
}

/// The game's copy group: its first copy, every record (id, `source:line`) and the one a
/// `[[copy]]` names authoritative.
fn copies_json(store: &Store, game: &GameRow) -> Result<Value> {
    let records = store.copy_group(game.id)?;
    let authoritative = store.authoritative_copy(game.id)?.map(|c| c.value);
    Ok(json!({
        "first": game.duplicate_of.unwrap_or(game.id),
        "authoritative": authoritative,
        "records": records.iter().map(|r| json!({
            "id": r.id,
            "source": r.source,
            "line": r.line,
        })).collect::<Vec<_>>(),
    }))
}

/// What the curation says of the game, with each entry's provenance and curation line.
fn curation_json(store: &Store, game: &GameRow) -> Result<Value> {
    let names: Vec<Value> = store
        .recorded_names(game.id)?
        .into_iter()
        .map(|(side, recorded, shown)| json!({"side": side, "recorded": recorded, "shown": shown}))
        .collect();
    let event = store
        .curated_event_of(game.id)?
        .map(|(name, line)| json!({"name": name, "line": line}));
    let correction = store.correction(game.id)?.map(|c| {
        let mut v = correction_json(game.recorded_result, c.value, &c.provenance, c.line);
        v["matched"] = json!(c.matched);
        v
    });
    let authoritative = store
        .authoritative_copy(game.id)?
        .map(|c| authoritative_copy_json(c.value, &c.provenance, c.line));
    let decisions: Vec<Value> = store
        .decisions(game.id)?
        .iter()
        .map(|d| {
            let mut v = decision_json(d);
            v["code"] = json!(d.code);
            v
        })
        .collect();
    Ok(json!({
        "names": names,
        "event": event,
        "rules_in_force": game.rules.as_ref().map(|r| r.name()),
        "correction": correction,
        "authoritative_copy": authoritative,
        "decisions": decisions,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An id that is no game fails with the store's typed error, which a caller tells
    /// apart from a failure (the server's 404) by downcasting.
    #[test]
    fn a_missing_game_is_the_stores_not_found() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("k.db")).unwrap();
        let err = game_json(&store, 7).unwrap_err();
        assert!(
            matches!(
                err.downcast_ref::<kifu_store::Error>(),
                Some(kifu_store::Error::NotFound(kifu_store::Missing::Game(7)))
            ),
            "{err:?}"
        );
    }
}
