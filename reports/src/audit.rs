//! The audit part of a report: the serious findings, errors first, each with the board
//! at the move concerned.

use kifu_analysis::Filter;
use kifu_facts::{GameKind, Severity};
use kifu_rules::{renju, xiangqi};
use kifu_store::query::{FindingRow, GameRow, Resolution};
use kifu_store::Store;

use crate::diagrams::{
    chouchou_diagram_in, renju_diagram_in, territorial_diagram_in, xiangqi_diagram_with,
    XiangqiCoordinates,
};
use crate::lang::{Lang, Msg};
use crate::{AuditItem, Error};

/// The warning and error findings under `filter`, as `kifu audit` with the same filter
/// lists them (info left out): a linked copy's findings too, since each copy is a record of
/// its own, located in its own file. Errors first, each severity in source order, at most
/// `limit` of them; and how many more there are.
pub(crate) fn serious_findings(
    store: &Store,
    filter: &Filter,
    limit: usize,
    lang: Lang,
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
        .map(|x| audit_item(store, x, lang))
        .collect::<Result<Vec<_>, Error>>()?;
    Ok((audit, omitted))
}

/// A finding with its game's kind, players and board diagram.
fn audit_item(store: &Store, f: &FindingRow, lang: Lang) -> Result<AuditItem, Error> {
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
        resolution: f.resolution.as_ref().map(|r| resolution_sentence(r, lang)),
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
        match diagram(&game, f.ply.unwrap_or(game.plies), lang) {
            Ok(svg) => item.diagram_svg = Some(svg),
            Err(why) => item.no_diagram = Some(why.sentence(lang)),
        }
    }
    Ok(item)
}

/// How the curation answers a finding, in `lang`: `Corrected: draw → red (curation line
/// 3) — the arbiter's sheet, by X, 2026-12-01`. The reason, author and date are shown as
/// written.
pub(crate) fn resolution_sentence(r: &Resolution, lang: Lang) -> String {
    let (head, provenance, line) = match r {
        Resolution::Decided(d) => (
            (
                Msg::FindingDecided,
                vec![("verdict", d.verdict.name().to_owned())],
            ),
            &d.provenance,
            d.line,
        ),
        Resolution::Corrected {
            from,
            to,
            provenance,
            line,
        } => (
            (
                Msg::FindingCorrected,
                vec![
                    ("from", from.map_or("?", |f| f.name()).to_owned()),
                    ("to", to.name().to_owned()),
                ],
            ),
            provenance,
            *line,
        ),
        Resolution::Authoritative {
            copy,
            provenance,
            line,
        } => (
            (
                Msg::FindingAuthoritativeCopy,
                vec![("game", copy.to_string())],
            ),
            provenance,
            *line,
        ),
    };
    let (msg, mut slots) = head;
    slots.push(("line", line.to_string()));
    let slots: Vec<(&str, &str)> = slots.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut text = lang.fill(msg, &slots);
    let said: Vec<&str> = [&provenance.reason, &provenance.by, &provenance.date]
        .into_iter()
        .filter_map(|v| v.as_deref())
        .collect();
    if !said.is_empty() {
        text.push_str(" — ");
        text.push_str(&said.join(", "));
    }
    text
}

/// Why a record's board cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum NoBoard {
    /// The stored details (`extra`) cannot be read.
    Details,
    Moves,
    /// The record's start position is a FEN that is no position.
    StartFen {
        fen: String,
        error: xiangqi::FenError,
    },
    /// A ChouChou record that does not say its board.
    ChouChouVariant,
}

impl NoBoard {
    /// The sentence saying why there is no board, in `lang`.
    pub(crate) fn sentence(&self, lang: Lang) -> String {
        let (english, msg) = match self {
            NoBoard::Details => (
                "No board: the record's stored details cannot be read.",
                Msg::NoBoardDetails,
            ),
            NoBoard::Moves => (
                "No board: the record's moves cannot be read.",
                Msg::NoBoardMoves,
            ),
            NoBoard::ChouChouVariant => (
                "No board: the record does not say which ChouChou board it was played on.",
                Msg::NoBoardChouChouVariant,
            ),
            NoBoard::StartFen { fen, error } => {
                return match lang {
                    Lang::En => {
                        let e = error.to_string();
                        let e = e.trim_end_matches('.');
                        format!(
                            "No board: the record's start position (FEN {fen:?}) cannot be \
                             read: {e}."
                        )
                    }
                    // The engine's reason is English: the FEN is named, the reason left out.
                    lang => lang.fill(Msg::NoBoardFen, &[("fen", fen)]),
                };
            }
        };
        match lang {
            Lang::En => english.to_owned(),
            lang => lang.text(msg).to_owned(),
        }
    }
}

/// The board at the finding's move: Black's forbidden points shown for Renju when it is
/// Black's move that is concerned. Only the record's own position: when it cannot be
/// drawn, why (no other position in its place).
pub(crate) fn diagram(game: &GameRow, ply: u32, lang: Lang) -> Result<String, NoBoard> {
    let extra = game.extra().map_err(|_| NoBoard::Details)?;
    let unreadable_moves = || NoBoard::Moves;
    Ok(match game.kind {
        GameKind::Renju => {
            let moves = renju::decode_moves(&game.moves).ok_or_else(unreadable_moves)?;
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
            renju_diagram_in(&game.moves, ply, &forbidden, lang)
        }
        GameKind::Xiangqi => {
            let start = extra
                .annotations
                .xiangqi()
                .and_then(|a| a.start_fen.as_deref());
            xiangqi_start_readable(start)?;
            let coordinates = if lang.writes_xiangqi_in_chinese() {
                XiangqiCoordinates::Chinese
            } else {
                XiangqiCoordinates::Iccs
            };
            xiangqi_diagram_with(start, &game.moves, ply, coordinates, lang)
        }
        GameKind::Territorial => territorial_diagram_in(&game.moves, ply, lang),
        GameKind::ChouChou => {
            let a = extra
                .annotations
                .chouchou()
                .ok_or(NoBoard::ChouChouVariant)?;
            let variant = if a.variant.is_empty() {
                "3x3"
            } else {
                &a.variant
            };
            let players = if a.players == 0 { 2 } else { a.players as u8 };
            chouchou_diagram_in(variant, players, a.pairs, &game.moves, ply, lang)
        }
    })
}

/// `Ok` when the record starts from the standard position or from a FEN that can be read
/// (a diagram from the standard start would show a position the record never had).
fn xiangqi_start_readable(start_fen: Option<&str>) -> Result<(), NoBoard> {
    match start_fen {
        Some(fen) => xiangqi::Position::from_fen(fen)
            .map(|_| ())
            .map_err(|error| NoBoard::StartFen {
                fen: fen.to_owned(),
                error,
            }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unreadable_start_fen_gives_no_board_and_says_why() {
        assert_eq!(xiangqi_start_readable(None), Ok(()));
        assert_eq!(xiangqi_start_readable(Some(xiangqi::START_FEN)), Ok(()));
        let why = xiangqi_start_readable(Some("rnbakabnr/9/9 w"))
            .unwrap_err()
            .sentence(Lang::En);
        assert!(
            why.starts_with(
                "No board: the record's start position (FEN \"rnbakabnr/9/9 w\") cannot be read: "
            ),
            "{why}"
        );
    }
}
