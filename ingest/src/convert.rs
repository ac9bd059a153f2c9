//! Replays a raw record through its game's engine and turns the result into the store's
//! plain record, with every finding located in the source.

use kifu_parser::raw::{AnyGame, RawError, RawGame};
use kifu_parser::Location;
use kifu_rules::renju;
use kifu_rules::{Finding, Severity};
use kifu_store::{FindingRecord, GameRecord, QuarantineRecord, Record};

/// Where the records of one member go.
#[derive(Clone, Debug)]
pub struct MemberContext {
    pub source_id: i64,
    pub member: String,
}

/// What one record came to, for the summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Valid,
    WithFindings,
    Quarantined,
}

/// True when a finding makes a game count as "with findings" (info remarks don't).
pub fn is_serious(severity: &str) -> bool {
    severity == "warning" || severity == "error"
}

pub fn convert(ctx: &MemberContext, item: Result<AnyGame, RawError>) -> (Record, Verdict) {
    match item {
        Ok(game) => {
            let record = match game {
                AnyGame::Renju(mut game) => {
                    complete_rif_proposals(&mut game);
                    renju_record(ctx, &game)
                }
                AnyGame::Xiangqi(_) => unreachable!("xiangqi records are not produced yet"),
            };
            let verdict = if record.findings.iter().any(|f| is_serious(&f.severity)) {
                Verdict::WithFindings
            } else {
                Verdict::Valid
            };
            (Record::Game(Box::new(record)), verdict)
        }
        Err(error) => (
            Record::Quarantined(Box::new(quarantine(ctx, error))),
            Verdict::Quarantined,
        ),
    }
}

/// RIF `alt` lists the *alternative* 5th moves offered beside the one played, so the 5th
/// move itself is one of the proposals: add it so the opening checks see the full set.
fn complete_rif_proposals(game: &mut RawGame) {
    if game.format != kifu_parser::Format::RifXml || game.opening.proposals.is_empty() {
        return;
    }
    if let Some(fifth) = game.moves.get(4).copied() {
        if fifth.point.is_some()
            && !game
                .opening
                .proposals
                .iter()
                .any(|p| p.point == fifth.point)
        {
            game.opening.proposals.push(fifth);
        }
    }
}

fn quarantine(ctx: &MemberContext, e: RawError) -> QuarantineRecord {
    QuarantineRecord {
        source_id: ctx.source_id,
        member: ctx.member.clone(),
        offset: e.start.offset,
        line: e.start.line,
        column: e.start.column,
        length: e.span.len(),
        format: e.format.map(|f| f.name().to_owned()),
        error: FindingRecord {
            ply: None,
            code: "unreadable-record".into(),
            severity: "error".into(),
            message: e.message,
            rule: String::new(),
            offset: e.at.offset,
            line: e.at.line,
            column: e.at.column,
        },
        raw: e.raw,
    }
}

/// The source location a finding points at: its ply's move text, else the record start.
fn locate(game: &RawGame, ply: Option<u32>) -> Location {
    match ply {
        Some(p) if p >= 1 && !game.moves.is_empty() => {
            let i = (p as usize - 1).min(game.moves.len() - 1);
            game.moves[i].at
        }
        _ => game.start,
    }
}

fn finding_record(game: &RawGame, f: &Finding) -> FindingRecord {
    let at = locate(game, f.ply);
    FindingRecord {
        ply: f.ply,
        code: f.code.to_owned(),
        severity: f.severity.name().to_owned(),
        message: f.message.clone(),
        rule: f.rule.to_owned(),
        offset: at.offset,
        line: at.line,
        column: at.column,
    }
}

/// Players in seat order; a seat whose name the record does not give has an empty name
/// (the store leaves it out but keeps the other seats' numbers).
fn seats(sides: &[(&str, &Option<String>)]) -> Vec<(String, String)> {
    sides
        .iter()
        .map(|(side, name)| {
            let name = name.as_deref().map(str::trim).unwrap_or_default();
            ((*side).to_owned(), name.to_owned())
        })
        .collect()
}

fn renju_record(ctx: &MemberContext, game: &RawGame) -> GameRecord {
    let replay = renju::replay(game);
    let h = &game.header;
    let mut findings: Vec<FindingRecord> = game
        .notes
        .iter()
        .map(|n| FindingRecord {
            ply: n.ply,
            code: n.code.to_owned(),
            severity: Severity::from_name(n.severity)
                .unwrap_or(Severity::Warning)
                .name()
                .to_owned(),
            message: n.message.clone(),
            rule: String::new(),
            offset: n.at.offset,
            line: n.at.line,
            column: n.at.column,
        })
        .collect();
    findings.extend(replay.findings.iter().map(|f| finding_record(game, f)));

    let mut extra = serde_json::Map::new();
    for (k, v) in &h.extra {
        extra.insert(k.clone(), v.clone().into());
    }
    let mut put = |k: &str, v: &Option<String>| {
        if let Some(v) = v {
            extra.insert(k.to_owned(), v.clone().into());
        }
    };
    put("opening_name", &h.opening);
    put("black_time", &h.black_time);
    put("white_time", &h.white_time);
    put("swap", &game.opening.swap);
    if let Some(n) = game.opening.declared_proposals {
        extra.insert("declared_proposals".into(), n.into());
    }
    if !game.opening.proposals.is_empty() {
        let text: Vec<String> = game
            .opening
            .proposals
            .iter()
            .map(|m| match m.point {
                Some((c, r)) => format!("{}{}", (b'a' + c) as char, r as u32 + 1),
                None => "--".into(),
            })
            .collect();
        extra.insert("proposals".into(), text.join(" ").into());
    }
    let moves = renju::encode_moves(&replay.moves);
    GameRecord {
        source_id: ctx.source_id,
        member: ctx.member.clone(),
        record_id: h.id.clone(),
        offset: game.start.offset,
        line: game.start.line,
        column: game.start.column,
        length: game.span.len(),
        kind: "renju".into(),
        format: game.format.name().into(),
        event: h.event.clone(),
        round: h.round.clone(),
        date: h.date.clone(),
        players: seats(&[("black", &h.black), ("white", &h.white)]),
        rule: h.rule.clone(),
        recorded_result: h.result.map(|r| r.name().to_owned()),
        result_text: h.result_text.clone(),
        derived_result: replay.derived_result.map(|o| o.name().to_owned()),
        termination: replay.termination.name().into(),
        plies: replay.plies,
        opening: replay.opening.map(|o| o.code.to_owned()),
        canonical_key: replay.canonical_key,
        moves_encoding: "renju-idx8".into(),
        moves,
        extra: if extra.is_empty() {
            None
        } else {
            Some(serde_json::Value::Object(extra).to_string())
        },
        comments: game
            .comments
            .iter()
            .map(|c| (c.ply, c.text.clone()))
            .collect(),
        findings,
    }
}
