//! `kifu show`: a stored game's header, its board at a move (Black's forbidden points for
//! Renju, the last moves' classes for Xiangqi, the score for Chess Territorial, the
//! captured totals for ChouChou), its moves, comments and findings; with `--json`, the
//! game as [`super::show_json`] gives it.

use std::process::ExitCode;

use anyhow::{anyhow, Result};
use clap::Args;
use kifu_facts::curation::Provenance;
use kifu_facts::{variation_lines, GameKind, ResultName, Ruleset, VariationLine, VariationMove};
use kifu_reports::replay::{
    self, captured_totals, classes_text, opening_name, upto, ChouChouSetup,
};
use kifu_rules::renju::{self, Marks};
use kifu_rules::{chouchou, territorial, xiangqi};
use kifu_store::query::{GameRow, Resolution};
use kifu_store::GameFilter;
use kifu_store::Store;

use super::args::DbArg;
use super::audit::{finding_head, finding_line};
use crate::stdout;

/// `show --texts`: the texts of the libraries matching `source`, in order, each under a
/// heading with its file, place and title. Exits 1 when no file matches, as a search that
/// finds nothing.
fn show_texts(store: &Store, source: &str) -> Result<ExitCode> {
    let texts = store.library_texts(source)?;
    if texts.is_empty() {
        eprintln!("no library text from a file matching {source:?}");
        return Ok(ExitCode::from(1));
    }
    let mut out = String::new();
    for text in &texts {
        let what = match (text.place, &text.title) {
            (0, _) => "the library's remarks".to_owned(),
            (n, Some(title)) => format!("record {n}: {title}"),
            (n, None) => format!("record {n}"),
        };
        out.push_str(&format!(
            "== {} byte {}: {what}\n",
            text.source, text.offset
        ));
        if !text.text.is_empty() {
            out.push_str(&text.text);
            out.push('\n');
        }
        out.push('\n');
    }
    stdout::print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `kifu show`'s flags.
#[derive(Args)]
pub(super) struct ShowArgs {
    #[command(flatten)]
    db: DbArg,
    /// The game's id (as `kifu games` lists it); several ids show each game in turn,
    /// separated by a blank line.
    #[arg(value_name = "ID", required_unless_present = "texts")]
    games: Vec<i64>,
    /// Print the texts of the libraries `--source` names instead of a game: each
    /// library's remarks and title cards, in its order.
    #[arg(long, requires = "source", conflicts_with_all = ["games", "ply", "variations"])]
    texts: bool,
    /// The files whose texts `--texts` prints: a pattern (`*` any characters, `?` one)
    /// matched against each file's path, or its member in an archive.
    #[arg(long, value_name = "GLOB", requires = "texts")]
    source: Option<String>,
    /// Show the position after this many moves (default: the end).
    #[arg(long)]
    ply: Option<u32>,
    /// List the record's variations (its annotators' alternative lines), with their
    /// comments, each under the line it branches from.
    #[arg(long)]
    variations: bool,
    /// Each game as one JSON object a line instead of text: header, players, result,
    /// every move with its comments, the variations as a tree, findings, copies and
    /// curation (docs/commands.md lists the fields). It always holds the whole game, so
    /// `--ply` and `--variations`, which shape the text, do not go with it.
    #[arg(long, conflicts_with_all = ["texts", "ply", "variations"])]
    json: bool,
}

pub(super) fn run(args: &ShowArgs) -> Result<ExitCode> {
    let store = Store::open_read_only(&args.db.db)?;
    if let Some(source) = args.source.as_deref() {
        return show_texts(&store, source);
    }
    if args.json {
        for &id in &args.games {
            let mut line = super::show_json::game_json(&store, id)?.to_string();
            line.push('\n');
            stdout::print(&line)?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    for (i, &id) in args.games.iter().enumerate() {
        let mut out = if i > 0 {
            "\n".to_owned()
        } else {
            String::new()
        };
        show_game(&mut out, &store, id, args.ply, args.variations)?;
        stdout::print(&out)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// One game as `show` prints it: its header, curation, findings, moves and board.
fn show_game(
    out: &mut String,
    store: &Store,
    id: i64,
    ply: Option<u32>,
    variations: bool,
) -> Result<()> {
    let game = store.game(id)?;
    // What the record lacks and a linked copy gives, marked with the copy that gives it.
    let filled = store.filled_header(id)?;
    out.push_str(&format!(
        "game {} ({} {}) from {} line {} byte {}\n",
        game.id, game.kind, game.format, game.source, game.line, game.offset
    ));
    if let Some(card) = store.section_of(id)? {
        out.push_str(&format!(
            "section: {} (the library's record {}; show --texts lists its texts)\n",
            card.title.as_deref().unwrap_or("(untitled)"),
            card.place
        ));
    }
    let (players, players_from) = match &filled.players {
        Some((copy, seats)) => (seats, Some(*copy)),
        None => (&game.players, None),
    };
    if !players.is_empty() {
        let seats: Vec<String> = players
            .iter()
            .map(|(side, name)| format!("{}: {name}", title_case(side)))
            .collect();
        out.push_str(&seats.join("   "));
        out.push_str(&from_copy(players_from));
        out.push('\n');
    }
    let event = filled_value(&game.event, &filled.event);
    let date = filled_value(&game.date, &filled.date);
    let rule = game.shown_rule();
    for (label, value) in [
        ("event", &event),
        ("round", &game.round),
        ("date", &date),
        ("rule", &rule),
        (
            "rules",
            &(game.ruleset == Some(Ruleset::Freestyle)).then(|| {
                "free-style gomoku (no forbidden moves; five or more in a row wins)".to_owned()
            }),
        ),
        ("opening", &opening_name(game.kind, game.opening.as_deref())),
    ] {
        if let Some(v) = value {
            out.push_str(&format!("{label}: {v}\n"));
        }
    }
    out.push_str(&format!(
        "result: recorded {}, board {} ({}), {} moves\n",
        game.recorded_result.map_or("?", ResultName::name),
        game.derived_result.map_or("none", ResultName::name),
        game.termination,
        game.plies
    ));
    if let Some(d) = game.duplicate_of {
        out.push_str(&format!("duplicate of game {d}\n"));
        // What the curation says below holds for the game, whichever copy it named.
        out.push_str(&format!(
            "game {d}'s facts (this record is copy {})\n",
            game.id
        ));
    }
    curation_lines(out, store, &game)?;
    match game.kind {
        GameKind::Renju => show_renju(out, &game, ply)?,
        GameKind::Xiangqi => show_xiangqi(out, &game, ply)?,
        GameKind::Territorial => show_territorial(out, &game, ply)?,
        GameKind::ChouChou => show_chouchou(out, &game, ply)?,
    }
    for (ply, text) in &game.comments {
        out.push_str(&format!("comment at move {ply}: {text}\n"));
    }
    for (ply, mark) in &game.marks {
        out.push_str(&format!("mark at move {ply}: {mark}\n"));
    }
    let lines = variation_lines(&game.variations);
    if !lines.is_empty() {
        out.push_str(&format!(
            "\nvariations: {} line(s), {} move(s){}\n",
            lines.len(),
            game.variations.len(),
            if variations {
                ":"
            } else {
                " (--variations lists them)"
            }
        ));
        if variations {
            for line in &lines {
                out.push_str(&variation_text(&game.variations, line));
            }
        }
    }
    let findings = store.findings(
        &GameFilter {
            id: Some(id),
            ..GameFilter::everything()
        },
        None,
    )?;
    if findings.is_empty() {
        out.push_str("\nno findings\n");
    } else {
        out.push_str("\nfindings:\n");
        for f in &findings {
            // A correction or an authoritative copy is said once, above: a finding it
            // answers points to it.
            let line = match &f.resolution {
                Some(Resolution::Corrected { line, .. }) => format!(
                    "{} (answered by the correction, curation line {line})",
                    finding_head(f)
                ),
                Some(Resolution::Authoritative { line, .. }) => format!(
                    "{} (answered by the authoritative copy, curation line {line})",
                    finding_head(f)
                ),
                _ => finding_line(f),
            };
            out.push_str(&format!("  {line}\n"));
        }
    }
    Ok(())
}

/// What the curation says of the game, each with its provenance: the names the record
/// gave where it shows others, the curated event, the rules in force, a correction.
fn curation_lines(out: &mut String, store: &Store, game: &GameRow) -> Result<()> {
    for (side, recorded, shown) in store.recorded_names(game.id)? {
        out.push_str(&format!(
            "curated: {} {shown}, recorded as {recorded}\n",
            title_case(&side)
        ));
    }
    if let Some((event, line)) = store.curated_event_of(game.id)? {
        out.push_str(&format!("curated: event {event} (curation line {line})\n"));
    }
    if let Some(rules) = &game.rules {
        out.push_str(&format!("rules in force: {}\n", rules.name()));
    }
    if let Some(c) = store.correction(game.id)? {
        let mut text = format!("corrected: result {} (curation line {}", c.value, c.line);
        text.push_str(&matched_through(game, c.matched));
        text.push(')');
        text.push_str(&provenance_text(&c.provenance));
        out.push_str(&text);
        out.push('\n');
    }
    if let Some(c) = store.authoritative_copy(game.id)? {
        let mut text = format!(
            "authoritative copy: game {} (curation line {})",
            c.value, c.line
        );
        text.push_str(&provenance_text(&c.provenance));
        out.push_str(&text);
        out.push('\n');
    }
    out.push_str(&format!(
        "counted: {}\n",
        game.counted_result()
            .map_or_else(|| "none".to_owned(), |o| o.to_string())
    ));
    Ok(())
}

/// `; reason: …; by: …; date: …`, as far as the entry gives them.
fn provenance_text(p: &Provenance) -> String {
    let mut text = String::new();
    for (label, value) in [("reason", &p.reason), ("by", &p.by), ("date", &p.date)] {
        if let Some(v) = value {
            text.push_str(&format!("; {label}: {v}"));
        }
    }
    text
}

/// `, matched through copy N` where an entry's key named another record of the game than
/// the one shown.
fn matched_through(game: &GameRow, matched: Option<i64>) -> String {
    match matched {
        Some(m) if m != game.id => format!(", matched through copy {m}"),
        _ => String::new(),
    }
}

/// One variation line, indented by its depth: `  from move 4: 4.h2e2 [mark !?] {comment}
/// 5.h9g7`; the first move the engine could not play is marked, and so is every move
/// after it.
fn variation_text(moves: &[VariationMove], line: &VariationLine) -> String {
    let mut text = String::new();
    let first = &moves[line.moves[0]];
    text.push_str(&"  ".repeat(line.depth as usize));
    text.push_str(&format!("from move {}:", first.ply));
    let mut unplayable = false;
    for &i in &line.moves {
        let m = &moves[i];
        if let Some(before) = &m.before {
            text.push_str(&format!(" {{{before}}}"));
        }
        text.push_str(&format!(" {}.{}", m.ply, m.text));
        if let Some(mark) = &m.mark {
            text.push_str(&format!(" [mark {mark}]"));
        }
        if m.code.is_none() && !unplayable {
            unplayable = true;
            text.push_str(" [not playable: the line is not replayed from here]");
        }
        if let Some(comment) = &m.comment {
            text.push_str(&format!(" {{{comment}}}"));
        }
    }
    text.push('\n');
    text
}

/// The record's own value, else a linked copy's, marked with that copy.
fn filled_value(own: &Option<String>, copy: &Option<(i64, String)>) -> Option<String> {
    own.clone().or_else(|| {
        copy.as_ref()
            .map(|(id, v)| format!("{v}{}", from_copy(Some(*id))))
    })
}

fn from_copy(copy: Option<i64>) -> String {
    copy.map(|id| format!(" (not in this record: from its copy, game {id})"))
        .unwrap_or_default()
}

fn title_case(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `\nmoves: 1.a 2.b …\n`: a game's moves numbered from 1.
fn numbered_moves(texts: impl Iterator<Item = String>) -> String {
    let text: Vec<String> = texts
        .enumerate()
        .map(|(i, t)| format!("{}.{t}", i + 1))
        .collect();
    format!("\nmoves: {}\n", text.join(" "))
}

fn show_renju(out: &mut String, game: &GameRow, ply: Option<u32>) -> Result<()> {
    let moves = replay::renju_moves(game)?;
    let upto = upto(ply, moves.len());
    let position = replay::renju_playable(&moves[..upto]);
    if position.ply() < upto as u32 {
        out.push_str(&format!(
            "(the position is shown at move {}: the game was over there)\n",
            position.ply()
        ));
    }
    out.push('\n');
    // Free-style gomoku has no forbidden points.
    let renju_rules = game.ruleset != Some(Ruleset::Freestyle);
    out.push_str(&position.render(&Marks {
        forbidden: renju_rules,
        ..Marks::standard()
    }));
    let forbidden = if renju_rules {
        position.forbidden_points()
    } else {
        Vec::new()
    };
    if !forbidden.is_empty() {
        let list: Vec<String> = forbidden.iter().map(|(p, k)| format!("{p} {k}")).collect();
        out.push_str(&format!("Black's forbidden points: {}\n", list.join(", ")));
    }
    out.push_str(&numbered_moves(
        moves.iter().map(|m| renju::point::move_text(*m)),
    ));
    Ok(())
}

/// How many of the last moves `show` lists with their classes.
const CLASSIFIED_TAIL: usize = 8;

fn show_xiangqi(out: &mut String, game: &GameRow, ply: Option<u32>) -> Result<()> {
    let start_fen = replay::xiangqi_start_fen(game)?;
    let Ok(mut position) = xiangqi::Position::from_fen(&start_fen) else {
        show_xiangqi_unplayable(out, game, &start_fen);
        return Ok(());
    };
    let moves = replay::xiangqi_moves(game)?;
    let upto = upto(ply, moves.len());
    let mut written = Vec::with_capacity(upto);
    let mut tail = Vec::new();
    for (i, &m) in moves[..upto].iter().enumerate() {
        let text = xiangqi::move_to_chinese(&position, m);
        if i + CLASSIFIED_TAIL >= upto {
            tail.push((i + 1, m, text.clone(), xiangqi::classify(&position, m)));
        }
        written.push(text);
        position.make(m);
    }
    out.push('\n');
    out.push_str(&position.render(moves[..upto].last().copied()));
    out.push_str(&format!("after move {upto}; FEN {}\n", position.to_fen()));
    if !tail.is_empty() {
        out.push_str("\nlast moves and their classes:\n");
        for (n, m, text, classes) in &tail {
            out.push_str(&format!(
                "  {n:>3}. {text} ({}): {}\n",
                m.iccs(),
                classes_text(classes)
            ));
        }
    }
    out.push_str(&numbered_moves(written.into_iter()));
    Ok(())
}

/// A game whose start the rules cannot set up (no king, a piece where none can stand: its
/// `bad-fen` finding says which): the start drawn from its placement alone, and the moves as
/// the record wrote them, none played.
fn show_xiangqi_unplayable(out: &mut String, game: &GameRow, start_fen: &str) {
    out.push('\n');
    match xiangqi::Board::from_fen_placement(start_fen) {
        Ok(board) => out.push_str(&board.render(None)),
        Err(e) => out.push_str(&format!("(the start cannot be drawn: {e})\n")),
    }
    out.push_str(&format!(
        "start FEN {start_fen}: the rules cannot set it up, so no move is played\n"
    ));
    let (_, written) = game.canonical_key.parts();
    if !written.is_empty() {
        out.push_str(&numbered_moves(written.into_iter().map(str::to_owned)));
    }
}

fn show_territorial(out: &mut String, game: &GameRow, ply: Option<u32>) -> Result<()> {
    let moves = replay::territorial_moves(game)?;
    let upto = upto(ply, moves.len());
    let position = territorial::Position::from_moves(&moves[..upto])
        .map_err(|e| anyhow!("game {}: {e}", game.id))?;
    out.push('\n');
    out.push_str(&position.to_text());
    out.push_str(&format!("{}\n", territorial::score(&position)));
    out.push_str(&numbered_moves(moves.iter().map(|m| m.to_string())));
    Ok(())
}

fn show_chouchou(out: &mut String, game: &GameRow, ply: Option<u32>) -> Result<()> {
    let actions = replay::chouchou_actions(game)?;
    let setup = ChouChouSetup::of(game)?;
    let upto = upto(ply, actions.len());
    let replayed = setup.replay(&actions[..upto]);
    out.push_str(&format!(
        "\n{} board, {} players{}\n",
        setup.variant.id(),
        setup.players,
        if setup.pairs { " (pairs)" } else { "" }
    ));
    out.push_str(&replayed.board.render());
    out.push_str(&format!(
        "captured after {upto} actions: {}\n",
        captured_totals(&replayed.captured)
    ));
    out.push_str(&numbered_moves(actions.iter().map(chouchou::action_text)));
    Ok(())
}
