//! The audit part of a report: the serious findings, errors first, each with the board
//! at the move concerned.

use kifu_analysis::Filter;
use kifu_facts::{GameKind, Severity};
use kifu_rules::renju;
use kifu_store::query::{FindingRow, GameRow};
use kifu_store::Store;

use crate::diagrams::{chouchou_diagram, renju_diagram, territorial_diagram, xiangqi_diagram};
use crate::{AuditItem, Error};

/// The warning and error findings under `filter`, as `kifu audit` with the same filter
/// lists them (info left out): a linked copy's findings too, since each copy is a record of
/// its own, located in its own file. Errors first, each severity in source order, at most
/// `limit` of them; and how many more there are.
pub(crate) fn serious_findings(
    store: &Store,
    filter: &Filter,
    limit: usize,
) -> Result<(Vec<AuditItem>, usize), Error> {
    let serious_only = Filter {
        severity: Some(
            filter
                .severity
                .unwrap_or(Severity::Warning)
                .max(Severity::Warning),
        ),
        with_duplicates: true,
        ..filter.clone()
    };
    let mut serious = store.findings(&serious_only, None)?;
    // Stable: errors first, each severity in source order.
    serious.sort_by_key(|x| std::cmp::Reverse(x.severity));
    let omitted = serious.len().saturating_sub(limit);
    let audit = serious
        .iter()
        .take(limit)
        .map(|x| audit_item(store, x))
        .collect::<Result<Vec<_>, Error>>()?;
    Ok((audit, omitted))
}

/// A finding with its game's kind, players and board diagram.
fn audit_item(store: &Store, f: &FindingRow) -> Result<AuditItem, Error> {
    let mut item = AuditItem {
        game: f.game.unwrap_or(0),
        kind: "unreadable".into(),
        source: f.source.clone(),
        line: f.line,
        column: f.column,
        ply: f.ply,
        code: f.code.clone(),
        severity: f.severity.name().to_owned(),
        message: f.message.clone(),
        rule: f.rule.clone(),
        ..AuditItem::default()
    };
    if let Some(id) = f.game {
        let game = store.game(id)?;
        item.kind = game.kind.name().to_owned();
        item.players = game
            .players
            .iter()
            .map(|(_, name)| name.as_str())
            .collect::<Vec<_>>()
            .join(" – ");
        item.diagram_svg = diagram(&game, f.ply.unwrap_or(game.plies));
    }
    Ok(item)
}

/// The board at the finding's move: Black's forbidden points shown for Renju when it is
/// Black's move that is concerned.
pub(crate) fn diagram(game: &GameRow, ply: u32) -> Option<String> {
    let extra = game.extra().ok()?;
    Some(match game.kind {
        GameKind::Renju => {
            let moves = renju::decode_moves(&game.moves)?;
            let before = (ply.max(1) as usize - 1).min(moves.len());
            let mut position = renju::Position::new();
            for &m in &moves[..before] {
                if position.play(m).is_err() {
                    break;
                }
            }
            let forbidden: Vec<(u8, &str)> = if position.to_move() == renju::Stone::Black {
                position
                    .forbidden_points()
                    .into_iter()
                    .map(|(p, k)| (p.index(), k.name()))
                    .collect()
            } else {
                Vec::new()
            };
            renju_diagram(&game.moves, ply, &forbidden)
        }
        GameKind::Xiangqi => {
            let start = extra.annotations.xiangqi()?.start_fen.as_deref();
            xiangqi_diagram(start, &game.moves, ply)
        }
        GameKind::Territorial => territorial_diagram(&game.moves, ply),
        GameKind::ChouChou => {
            let a = extra.annotations.chouchou()?;
            let variant = if a.variant.is_empty() {
                "3x3"
            } else {
                &a.variant
            };
            let players = if a.players == 0 { 2 } else { a.players as u8 };
            chouchou_diagram(variant, players, a.pairs, &game.moves, ply)
        }
    })
}
