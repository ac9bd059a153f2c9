//! Replays a raw record through its game's engine and turns the result into the store's
//! plain record, with every finding located in the source.

use kifu_facts::{
    Annotations, BySeat, CanonicalKey, ChouChouAnnotations, ChouChouCapture, ChouChouEntry,
    ChouChouStatedCount, GameKind, Outcome, PieceCounts, RenjuAnnotations, Ruleset, Seat, Severity,
    TerritorialAnnotations, TerritorialScore, Territory, VariationMove, XiangqiAnnotations,
    XiangqiCaptures,
};
use kifu_parser::raw::{AnyGame, CcGame, CtGame, Header, Note, RawError, RawGame, XqGame};
use kifu_parser::variation::{variation_nodes, VariationNode};
use kifu_parser::Location;
use kifu_rules::positions::{self, StoredGame, StoredSetup};
use kifu_rules::Finding;
use kifu_rules::{chouchou, renju, territorial, xiangqi};
use kifu_store::{FindingRecord, GameRecord, QuarantineRecord, Record, TextRecord};

/// Where the records of one member go.
#[derive(Clone, Debug)]
pub struct MemberContext {
    pub source_id: i64,
    pub member: String,
    /// Compute each game's positions for the position index (off for `--no-index` and
    /// for replays that store nothing).
    pub index: bool,
    /// The rules every Renju-board record of the member is replayed by (`--rule`), whatever
    /// its own rule tag says.
    pub ruleset: Option<Ruleset>,
    /// The rules the file's (or archive member's) name marks ([`Ruleset::from_file_name`]):
    /// for a record whose own rule tag says nothing.
    pub named_ruleset: Option<Ruleset>,
}

impl MemberContext {
    /// The rules a Renju-board record is replayed by: `--rule`, else the record's rule tag,
    /// else the file name's mark, else Renju.
    pub fn ruleset_of(&self, rule_tag: Option<&str>) -> Ruleset {
        self.ruleset
            .or_else(|| rule_tag.and_then(Ruleset::from_rule_tag))
            .or(self.named_ruleset)
            .unwrap_or_default()
    }
}

/// What one record came to, for the summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Valid,
    WithFindings,
    Quarantined,
    /// Not a game: a library's text (its remarks, a title card).
    Text,
}

pub fn convert(ctx: &MemberContext, item: Result<AnyGame, RawError>) -> (Record, Verdict) {
    match item {
        Ok(AnyGame::Xiangqi(game)) if game.no_game.is_some() => (
            Record::Text(Box::new(library_text(ctx, &game))),
            Verdict::Text,
        ),
        Ok(game) => {
            let mut record = match game {
                AnyGame::Renju(mut game) => {
                    complete_rif_proposals(&mut game);
                    renju_record(ctx, &game)
                }
                AnyGame::Xiangqi(game) => xiangqi_record(ctx, &game),
                AnyGame::Territorial(game) => territorial_record(ctx, &game),
                AnyGame::ChouChou(game) => chouchou_record(ctx, &game),
            };
            record.findings.extend(one_player_in_two_seats(&record));
            record
                .findings
                .extend(implausible_date(&record, kifu_facts::today()));
            let verdict = if record.findings.iter().any(|f| f.severity.is_serious()) {
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

/// The code of a record whose two seats name one player.
const SAME_PLAYER_BOTH_SEATS: &str = "same-player-both-seats";

/// A warning for each two seats of `record` whose names fold to one
/// ([`kifu_facts::fold_name`], the store's key of a player): nobody plays themselves, so
/// the record misnames a seat (CCPD `…/胡榮華/00002089.pgn`: 上海胡榮華 in both). Said of
/// the whole record, at its start. The store's migration `MIGRATION_SAME_PLAYER` writes the
/// same findings, worded alike, for records stored before.
fn one_player_in_two_seats(record: &GameRecord) -> Vec<FindingRecord> {
    let named: Vec<(Seat, &str, String)> = record
        .players
        .iter()
        .map(|(seat, name)| (seat, name.trim(), kifu_facts::fold_name(name.trim())))
        .filter(|(_, name, key)| !name.is_empty() && !key.is_empty())
        .collect();
    let side = |seat: Seat| record.kind.side_name(seat).unwrap_or_default();
    let mut out = Vec::new();
    for (i, (seat_a, name_a, key_a)) in named.iter().enumerate() {
        for (seat_b, name_b, key_b) in &named[i + 1..] {
            if key_a != key_b {
                continue;
            }
            let names = if name_a == name_b {
                (*name_a).to_owned()
            } else {
                format!("{name_a} and {name_b}")
            };
            out.push(FindingRecord {
                ply: None,
                code: SAME_PLAYER_BOTH_SEATS.to_owned(),
                severity: Severity::Warning,
                message: format!(
                    "the {} and {} seats name one player: {names}",
                    side(*seat_a),
                    side(*seat_b)
                ),
                rule: String::new(),
                forbidden: None,
                node: None,
                offset: record.offset,
                line: record.line,
                column: record.column,
            });
        }
    }
    out
}

/// The code of a record dated before its game's recorded history or after the ingest.
const IMPLAUSIBLE_DATE: &str = "implausible-date";

/// An info finding for a record whose date cannot be when it was played
/// ([`kifu_facts::implausible_date`]: before the game's first recorded year, or after
/// `today`, the ingest's day): the date is kept as written, and the tables by year and
/// decade leave the game out. Said of the whole record, at its start.
fn implausible_date(record: &GameRecord, today: i32) -> Option<FindingRecord> {
    use kifu_facts::ImplausibleDate;
    let written = record.date.as_deref()?;
    let date = kifu_facts::PartialDate::read_stored(written)?;
    let message = match kifu_facts::implausible_date(record.kind, &date, today)? {
        ImplausibleDate::BeforeHistory { first_year } => format!(
            "the date {written} is before {}'s recorded history (its first recorded year: \
             {first_year}): left out of the tables by year and decade",
            record.kind.title()
        ),
        ImplausibleDate::Future => format!(
            "the date {written} is after the day of the ingest: left out of the tables by \
             year and decade"
        ),
    };
    Some(FindingRecord {
        ply: None,
        code: IMPLAUSIBLE_DATE.to_owned(),
        severity: Severity::Info,
        message,
        rule: String::new(),
        forbidden: None,
        node: None,
        offset: record.offset,
        line: record.line,
        column: record.column,
    })
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

/// A record that parsed but holds no game (a library's remarks or title card): its title
/// and comments, kept as the library's text, one comment a paragraph.
fn library_text(ctx: &MemberContext, game: &XqGame) -> TextRecord {
    let title = game
        .header
        .extra
        .iter()
        .find(|(name, _)| name == "Title")
        .map(|(_, title)| title.clone());
    let text: Vec<&str> = game.comments.iter().map(|c| c.text.as_str()).collect();
    TextRecord {
        source_id: ctx.source_id,
        member: ctx.member.clone(),
        place: game.no_game.as_ref().map_or(0, |t| t.place),
        offset: game.start.offset,
        line: game.start.line,
        length: game.span.len(),
        title,
        text: text.join("\n"),
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
            severity: Severity::Error,
            message: e.message,
            rule: String::new(),
            forbidden: None,
            node: None,
            offset: e.at.offset,
            line: e.at.line,
            column: e.at.column,
        },
        raw: e.raw,
    }
}

/// The positions a game reaches, for the position index: computed from the moves as
/// stored, by the function `kifu index --rebuild` runs on them, so both build the same
/// index. A game that cannot be replayed from its stored moves (a Xiangqi start position
/// that is no position) has none.
fn trail(
    ctx: &MemberContext,
    kind: GameKind,
    moves: &[u8],
    setup: StoredSetup<'_>,
) -> Vec<kifu_facts::PlyStep> {
    if !ctx.index {
        return Vec::new();
    }
    positions::stored_trail(&StoredGame { kind, moves, setup }).unwrap_or_default()
}

/// The source location a finding points at: its ply's move text, else the record start.
fn locate(start: Location, moves: &[Location], ply: Option<u32>) -> Location {
    match ply {
        Some(p) if p >= 1 && !moves.is_empty() => moves[(p as usize - 1).min(moves.len() - 1)],
        _ => start,
    }
}

fn finding_record(start: Location, moves: &[Location], f: &Finding) -> FindingRecord {
    let at = locate(start, moves, f.ply);
    finding_at(at, f)
}

/// A finding of a record with variations: one about a variation move (`f.node`) points at
/// that move's text (`nodes`, by node number − 1), any other as [`finding_record`].
fn tree_finding_record(
    start: Location,
    moves: &[Location],
    nodes: &[Location],
    f: &Finding,
) -> FindingRecord {
    match f.node.and_then(|n| nodes.get((n as usize).checked_sub(1)?)) {
        Some(&at) => finding_at(at, f),
        None => finding_record(start, moves, f),
    }
}

/// A finding located at `at`.
fn finding_at(at: Location, f: &Finding) -> FindingRecord {
    FindingRecord {
        ply: f.ply,
        code: f.code.to_owned(),
        severity: f.severity,
        message: f.message.clone(),
        rule: f.rule.to_owned(),
        forbidden: f.forbidden,
        node: f.node,
        offset: at.offset,
        line: at.line,
        column: at.column,
    }
}

/// The engine's findings on a record: none for a record of a results-only format
/// ([`kifu_facts::is_results_only_format`]). Its moves were never recorded, so what an
/// engine says of the empty board it replayed (a game unfinished at move 0, a winner who
/// captured nothing) says nothing of the game that was played; the parser's notes stay.
fn judged(format: kifu_parser::Format, findings: &[Finding]) -> &[Finding] {
    if kifu_facts::is_results_only_format(format.name()) {
        &[]
    } else {
        findings
    }
}

/// A parser's remarks as findings, located where the parser said.
fn note_records(notes: &[Note]) -> Vec<FindingRecord> {
    notes.iter().map(note_record).collect()
}

fn note_record(n: &Note) -> FindingRecord {
    FindingRecord {
        ply: n.ply,
        code: n.code.to_owned(),
        severity: n.severity,
        message: n.message.clone(),
        rule: String::new(),
        forbidden: None,
        node: None,
        offset: n.at.offset,
        line: n.at.line,
        column: n.at.column,
    }
}

/// The stored `extra`: the header tags without a column and the replay's annotations.
fn extra_json(tags: &[(String, String)], annotations: Annotations) -> Option<String> {
    kifu_facts::annotation::stored_json(tags, &annotations)
}

/// The players of the first `count` seats of a game of `kind`; a seat whose name the
/// record does not give has an empty name (the store leaves it out but keeps the other
/// seats' numbers).
fn seats(kind: GameKind, h: &Header, count: usize) -> BySeat<String> {
    let count = count.min(kind.seats().len());
    BySeat::first(count, |seat| {
        h.seat_name(kind, seat)
            .map(str::trim)
            .unwrap_or_default()
            .to_owned()
    })
}

fn renju_record(ctx: &MemberContext, game: &RawGame) -> GameRecord {
    let ruleset = ctx.ruleset_of(game.header.rule.as_deref());
    let replay = renju::replay_with(game, ruleset);
    let h = &game.header;
    let at: Vec<Location> = game.moves.iter().map(|m| m.at).collect();
    let nodes = variation_nodes(&game.variations);
    let node_at: Vec<Location> = nodes.iter().map(|n| n.mv.at).collect();
    let mut findings = note_records(&game.notes);
    findings.extend(
        judged(game.format, &replay.findings)
            .iter()
            .map(|f| tree_finding_record(game.start, &at, &node_at, f)),
    );
    let proposals: Vec<String> = game
        .opening
        .proposals
        .iter()
        .map(|m| match m.point {
            Some((c, r)) => format!("{}{}", (b'a' + c) as char, r as u32 + 1),
            None => "--".into(),
        })
        .collect();
    let extra = extra_json(
        &h.extra,
        Annotations::Renju(RenjuAnnotations {
            opening_name: h.opening.clone(),
            black_time: h.black_time.clone(),
            white_time: h.white_time.clone(),
            swap: game.opening.swap.clone(),
            declared_proposals: game.opening.declared_proposals,
            proposals: (!proposals.is_empty()).then(|| proposals.join(" ")),
        }),
    );
    let moves = renju::encode_moves(&replay.moves);
    GameRecord {
        source_id: ctx.source_id,
        member: ctx.member.clone(),
        record_id: h.id.clone(),
        offset: game.start.offset,
        line: game.start.line,
        column: game.start.column,
        length: game.span.len(),
        kind: GameKind::Renju,
        format: game.format.name().into(),
        event: h.event.clone(),
        round: h.round.clone(),
        date: h.date.clone(),
        players: seats(GameKind::Renju, h, 2),
        rule: h.rule.clone(),
        ruleset: Some(ruleset),
        recorded_result: h.result.map(|r| r.name(GameKind::Renju)),
        result_text: h.result_text.clone(),
        derived_result: replay.derived_result.map(|o| o.name(GameKind::Renju)),
        termination: replay.termination.into(),
        plies: replay.plies,
        opening: replay.opening.map(|o| o.code.to_owned()),
        canonical_key: replay.canonical_key,
        moves_encoding: "renju-idx8".into(),
        trail: trail(ctx, GameKind::Renju, &moves, StoredSetup::None),
        moves,
        extra,
        comments: game
            .comments
            .iter()
            .map(|c| (c.ply, c.text.clone()))
            .collect(),
        marks: game.marks.iter().map(|m| (m.ply, m.text.clone())).collect(),
        variations: stored_variations(
            &nodes,
            &replay.variation_moves,
            |&m| renju::encode_moves(&[m]),
            |mv| kifu_parser::coord::point_name(mv.point),
        ),
        findings,
    }
}

fn xiangqi_record(ctx: &MemberContext, game: &XqGame) -> GameRecord {
    let replay = xiangqi::replay(game);
    let h = &game.header;
    let at: Vec<Location> = game.moves.iter().map(|m| m.at).collect();
    let nodes = variation_nodes(&game.variations);
    let node_at: Vec<Location> = nodes.iter().map(|n| n.mv.at).collect();
    let mut findings = note_records(&game.notes);
    findings.extend(
        judged(game.format, &replay.findings)
            .iter()
            .map(|f| tree_finding_record(game.start, &at, &node_at, f)),
    );
    // The opening is kifu's ECCO code; the record's own tag stays among its tags, and a
    // record whose code differs gets an info finding.
    let opening = xiangqi::ecco::of_record(h, &replay);
    findings.extend(
        judged(game.format, opening.finding.as_slice())
            .iter()
            .map(|f| finding_record(game.start, &at, f)),
    );
    let moves = xiangqi::encode_moves(&replay.moves);
    let standard_start = replay.start_fen == xiangqi::START_FEN;
    // Same start and same moves = the same game (collections file one game under several
    // categories); a non-standard start is part of the key.
    let played_key = if moves.is_empty() {
        Vec::new()
    } else if standard_start {
        moves.clone()
    } else {
        let mut key = replay.start_fen.clone().into_bytes();
        key.push(0xFF);
        key.extend_from_slice(&moves);
        key
    };
    let canonical_key = CanonicalKey::whole_record(
        played_key,
        game.moves[replay.moves.len().min(game.moves.len())..]
            .iter()
            .map(|m| m.written.as_str()),
    );
    let c = &replay.captures;
    let side_taken = |side: xiangqi::Side| {
        PieceCounts(
            xiangqi::Kind::ALL
                .into_iter()
                .map(|kind| (kind.name().to_owned(), u32::from(c.taken_by(side, kind))))
                .filter(|(_, n)| *n > 0)
                .collect(),
        )
    };
    let extra = extra_json(
        &h.extra,
        Annotations::Xiangqi(XiangqiAnnotations {
            opening_name: h.opening.clone(),
            ecco_name: opening.ecco.map(|e| e.name.to_owned()),
            start_fen: (!standard_start).then(|| replay.start_fen.clone()),
            encoding: game.encoding.to_owned(),
            captures: XiangqiCaptures {
                red: side_taken(xiangqi::Side::Red),
                black: side_taken(xiangqi::Side::Black),
                first_capture_ply: c.first_capture_ply,
                material: c.material.clone(),
            },
            variations: (replay.variations_checked > 0).then_some(replay.variations_checked),
        }),
    );
    GameRecord {
        source_id: ctx.source_id,
        member: ctx.member.clone(),
        record_id: h.id.clone(),
        offset: game.start.offset,
        line: game.start.line,
        column: game.start.column,
        length: game.span.len(),
        kind: GameKind::Xiangqi,
        format: game.format.name().into(),
        event: h.event.clone(),
        round: h.round.clone(),
        date: h.date.clone(),
        players: seats(GameKind::Xiangqi, h, 2),
        rule: h.rule.clone(),
        ruleset: None,
        recorded_result: h.result.map(|r| r.name(GameKind::Xiangqi)),
        result_text: h.result_text.clone(),
        derived_result: replay.derived_result.map(|o| o.name(GameKind::Xiangqi)),
        termination: replay.termination.into(),
        plies: replay.plies,
        opening: opening.ecco.map(|e| e.code.to_string()),
        canonical_key,
        moves_encoding: "xiangqi-sq16".into(),
        variations: stored_variations(
            &nodes,
            &replay.variation_moves,
            |&m| xiangqi::encode_moves(&[m]),
            |mv| mv.written.clone(),
        ),
        trail: trail(
            ctx,
            GameKind::Xiangqi,
            &moves,
            StoredSetup::XiangqiStart((!standard_start).then_some(replay.start_fen.as_str())),
        ),
        moves,
        extra,
        comments: game
            .comments
            .iter()
            .map(|c| (c.ply, c.text.clone()))
            .collect(),
        marks: game.marks.iter().map(|m| (m.ply, m.text.clone())).collect(),
        findings,
    }
}

/// A record's variation moves as stored: every node is kept, and one the replay could not
/// play (or never reached: a start position that is no position) has no code. `played` is
/// the replay's move of each node (by node number − 1); `encode` gives a move's code,
/// `written` a move's text as the record wrote it.
fn stored_variations<M, P>(
    nodes: &[VariationNode<'_, M>],
    played: &[Option<P>],
    encode: impl Fn(&P) -> Vec<u8>,
    written: impl Fn(&M) -> String,
) -> Vec<VariationMove> {
    nodes
        .iter()
        .map(|n| VariationMove {
            node: n.node,
            parent: n.parent,
            ply: n.ply,
            code: played
                .get(n.node as usize - 1)
                .and_then(Option::as_ref)
                .map(&encode),
            text: written(n.mv),
            comment: n.comment.clone(),
            before: n.before.clone(),
            mark: n.mark.clone(),
        })
        .collect()
}

/// The fields a Territorial or ChouChou record fills from its source and header (Renju and
/// Xiangqi fill theirs in full, with their own ids and result names).
fn base_record(
    ctx: &MemberContext,
    kind: GameKind,
    start: Location,
    span_len: u64,
    format: kifu_parser::Format,
    h: &kifu_parser::raw::Header,
) -> GameRecord {
    GameRecord {
        source_id: ctx.source_id,
        member: ctx.member.clone(),
        record_id: h.id.clone(),
        offset: start.offset,
        line: start.line,
        column: start.column,
        length: span_len,
        format: format.name().into(),
        event: h.event.clone(),
        round: h.round.clone(),
        date: h.date.clone(),
        rule: h.rule.clone(),
        result_text: h.result_text.clone(),
        ..GameRecord::empty(kind)
    }
}

fn territorial_record(ctx: &MemberContext, game: &CtGame) -> GameRecord {
    let replay = territorial::replay(game);
    let h = &game.header;
    let at: Vec<Location> = game.moves.iter().map(|m| m.at).collect();
    let mut findings = note_records(&game.notes);
    findings.extend(
        judged(game.format, &replay.findings)
            .iter()
            .map(|f| finding_record(game.start, &at, f)),
    );
    let moves = territorial::encode_moves(&replay.moves);
    let score = &replay.score;
    let extra = extra_json(
        &h.extra,
        Annotations::Territorial(TerritorialAnnotations {
            score: TerritorialScore {
                white: score.white,
                black: score.black,
                territories: score
                    .territories
                    .iter()
                    .map(|t| Territory {
                        side: t.side.name().to_owned(),
                        size: t.size,
                        multiplier: t.multiplier,
                        king: t.has_king,
                        queen: t.has_queen,
                    })
                    .collect(),
            },
        }),
    );
    GameRecord {
        players: seats(GameKind::Territorial, h, 2),
        recorded_result: h.result.map(|r| r.name(GameKind::Territorial)),
        derived_result: replay.derived_result.map(|o| o.name(GameKind::Territorial)),
        termination: replay.termination.into(),
        plies: replay.plies,
        canonical_key: CanonicalKey::whole_record(
            moves.clone(),
            game.moves[replay.moves.len().min(game.moves.len())..]
                .iter()
                .map(|m| m.written.as_str()),
        ),
        moves_encoding: "territorial-drop16".into(),
        trail: trail(ctx, GameKind::Territorial, &moves, StoredSetup::None),
        moves,
        extra,
        comments: game
            .comments
            .iter()
            .map(|c| (c.ply, c.text.clone()))
            .collect(),
        marks: Vec::new(),
        findings,
        ..base_record(
            ctx,
            GameKind::Territorial,
            game.start,
            game.span.len(),
            game.format,
            h,
        )
    }
}

fn chouchou_record(ctx: &MemberContext, game: &CcGame) -> GameRecord {
    let replay = chouchou::replay(game);
    let h = &game.header;
    let at: Vec<Location> = game.actions.iter().map(|m| m.at).collect();
    let mut findings = note_records(&game.notes);
    findings.extend(
        judged(game.format, &replay.findings)
            .iter()
            .map(|f| finding_record(game.start, &at, f)),
    );
    let applied: Vec<_> = replay
        .moves
        .iter()
        .filter(|p| !p.void)
        .map(|p| p.action)
        .collect();
    let moves = chouchou::encode_actions(&applied).unwrap_or_default();
    let seats_named = seats(GameKind::ChouChou, h, replay.players);
    let captures = replay
        .captures
        .iter()
        .map(|c| {
            let action = replay
                .moves
                .iter()
                .find(|m| m.ply == c.ply)
                .map(|m| match m.action {
                    kifu_parser::CcActionText::Place { .. } => "place",
                    kifu_parser::CcActionText::MoveTwo { .. } => "move-two",
                    kifu_parser::CcActionText::SwapOne { .. } => "swap-one",
                })
                .unwrap_or("penalty");
            ChouChouCapture {
                ply: c.ply,
                player: chouchou::CcReplay::seat_label(c.player),
                taken: c.taken,
                steps: c.steps.clone(),
                action: action.to_owned(),
            }
        })
        .collect();
    let (not_applied, stated_counts) = chouchou_entries_beyond_moves(game, &replay);
    let extra = extra_json(
        &h.extra,
        Annotations::ChouChou(ChouChouAnnotations {
            variant: replay.variant.id().to_owned(),
            players: replay.players as u32,
            pairs: replay.pairs,
            threshold: replay.variant.threshold(),
            captured: replay.captured.clone(),
            penalty: replay.penalty.clone(),
            points: replay.points.clone(),
            winner: replay.winner.map(chouchou::CcReplay::seat_label),
            termination_tag: game.termination.clone(),
            captures,
            not_applied,
            stated_counts,
        }),
    );
    // The stated result by its stored name (`P2`, `draw`, `unknown`); a text naming none
    // (the reader's `unknown-result` says so) is no result, kept as `result_text`.
    let recorded = h
        .result_text
        .as_deref()
        .and_then(kifu_parser::chouchou::stated_result);
    GameRecord {
        players: seats_named,
        recorded_result: recorded,
        derived_result: replay
            .winner
            .and_then(Seat::at)
            .map(|s| Outcome::Win(s).name(GameKind::ChouChou)),
        termination: replay.termination.clone().into(),
        plies: replay.plies,
        canonical_key: CanonicalKey::default(),
        moves_encoding: "chouchou-act16".into(),
        trail: trail(
            ctx,
            GameKind::ChouChou,
            &moves,
            StoredSetup::ChouChou(positions::chouchou::Setup {
                variant: replay.variant,
                players: replay.players as u8,
                pairs: replay.pairs,
            }),
        ),
        moves,
        extra,
        comments: game
            .comments
            .iter()
            .map(|c| (c.ply, c.text.clone()))
            .collect(),
        marks: Vec::new(),
        findings,
        ..base_record(
            ctx,
            GameKind::ChouChou,
            game.start,
            game.span.len(),
            game.format,
            h,
        )
    }
}

/// What a ChouChou record holds beyond its applied actions (the stored moves), so that
/// the record can be written back whole: the entries not applied (void moves, entries
/// after the end) and the stated counts the board does not imply.
fn chouchou_entries_beyond_moves(
    game: &CcGame,
    replay: &chouchou::CcReplay,
) -> (Vec<ChouChouEntry>, Vec<ChouChouStatedCount>) {
    // A setup the engine cannot play (5 players, an unknown board) replays nothing, and
    // no writer can state that setup again: its entries stay in the source only.
    if replay.termination == chouchou::CcTermination::BadSetup {
        return (Vec::new(), Vec::new());
    }
    let mut applied = replay.moves.iter().filter(|m| !m.void).peekable();
    let mut not_applied = Vec::new();
    let mut stated = Vec::new();
    for (i, entry) in game.actions.iter().enumerate() {
        let ply = i as u32 + 1;
        let entitled = match applied.next_if(|m| m.ply == ply) {
            Some(m) => Some(m.entitled),
            None => {
                not_applied.push(ChouChouEntry {
                    ply,
                    action: chouchou::action_text(&entry.text),
                });
                None
            }
        };
        if let Some(count) = entry.annotated_captures {
            if entitled != Some(count) {
                stated.push(ChouChouStatedCount { ply, count });
            }
        }
    }
    (not_applied, stated)
}
