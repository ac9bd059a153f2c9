//! `kifu export`: the tables of the data contract ([`crate::contract`]) as a dataset of
//! Parquet part files (or CSV / JSON-lines files), with `_schema.json`.
//!
//! The dataset is written into a hidden temporary directory beside the destination and
//! renamed into place only when complete, so a failed or killed export never leaves a
//! half-written dataset under the destination's name. An existing destination is an error
//! unless the export overwrites it (then it is replaced whole: no stale part survives).
//! Rows stream from the store in bounded batches ([`crate::batch`]).

use std::path::{Path, PathBuf};

use kifu_facts::{Annotations, Extra, GameKind, RenjuAnnotations};
use kifu_rules::positions::{stored_move_codes, stored_move_texts, with_stored};
use kifu_store::export::{
    ExportComment, ExportDecision, ExportFinding, ExportGame, ExportMarks, ExportMoves,
    ExportQuarantined, ExportSeat, ExportSource, ExportText, ExportVariation, IdWindow,
};
use kifu_store::Store;
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::batch::{Cell, TableWriter};
use crate::contract::{
    schema_json, TableDoc, COMMENTS_TABLE, DECISIONS_TABLE, DERIVED_TABLES, FINDINGS_TABLE,
    GAMES_TABLE, LIBRARY_TEXTS_TABLE, MOVES_TABLE, MOVE_MARKS_TABLE, PLAYERS_TABLE,
    QUARANTINE_TABLE, RATINGS_TABLE, SCHEMA_VERSION, SOURCES_TABLE, VARIATIONS_TABLE,
};
use crate::frame::year_of;
use crate::usage::{Refusal, Usage, STATE_FILE};
use crate::{Error, Filter, Format, Result};
use kifu_facts::RatingSystem;
use kifu_store::ratings::StoredRating;

/// How to write an export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExportOptions {
    pub format: Format,
    /// Replace an existing destination (otherwise it is an error).
    pub overwrite: bool,
    /// Add to an existing Parquet export of every record of the same database the records
    /// ingested since (recorded in its `_export.json`).
    pub append: bool,
}

impl ExportOptions {
    pub fn new(format: Format) -> ExportOptions {
        ExportOptions {
            format,
            overwrite: false,
            append: false,
        }
    }
}

/// What [`export`] wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportSummary {
    /// Rows per table, in [`crate::contract::TABLES`] order.
    pub tables: Vec<(&'static str, u64)>,
    /// Every file written, under the destination (`_schema.json` last).
    pub files: Vec<PathBuf>,
}

impl ExportSummary {
    /// The rows written to `table` (0 for a table not exported).
    pub fn rows(&self, table: &str) -> u64 {
        self.tables
            .iter()
            .find(|(t, _)| *t == table)
            .map_or(0, |(_, n)| *n)
    }
}

/// `kifu export` of every row (linked copies and quarantined records included) to a new
/// directory `dir`.
pub fn export(store: &Store, format: Format, dir: &Path) -> Result<ExportSummary> {
    export_filtered(
        store,
        &Filter::everything(),
        ExportOptions::new(format),
        dir,
    )
}

/// [`export`] of what `filter` selects: its games (with their players, moves and
/// comments), the findings it covers, the quarantined records it admits, and their sources.
pub fn export_filtered(
    store: &Store,
    filter: &Filter,
    options: ExportOptions,
    dir: &Path,
) -> Result<ExportSummary> {
    export_with(store, filter, options, dir, &mut |_, _| Ok(()))
}

/// [`export_filtered`] telling `progress(table, rows so far)` after each row written (for a
/// progress display).
pub fn export_observed(
    store: &Store,
    filter: &Filter,
    options: ExportOptions,
    dir: &Path,
    progress: &mut dyn FnMut(&str, u64),
) -> Result<ExportSummary> {
    export_with(store, filter, options, dir, &mut |table, rows| {
        progress(table, rows);
        Ok(())
    })
}

/// [`export_filtered`] calling `check(table, rows so far)` after each row (the tests make it
/// fail midway).
fn export_with(
    store: &Store,
    filter: &Filter,
    options: ExportOptions,
    dir: &Path,
    check: &mut dyn FnMut(&str, u64) -> Result<()>,
) -> Result<ExportSummary> {
    if options.format == Format::Table {
        return Err(Error::Usage(Usage::NotADataFormat));
    }
    if options.append {
        return append(store, filter, options.format, dir, check);
    }
    if dir.exists() && !options.overwrite {
        return Err(Error::OutputExists(dir.to_owned()));
    }
    if dir.exists() && !replaceable(dir) {
        return Err(Error::Usage(Usage::NotAnExport {
            dir: dir.to_owned(),
        }));
    }
    remove_leftovers(dir);
    let temp = sibling(dir, "tmp")?;
    std::fs::create_dir_all(&temp)?;
    let written = (|| -> Result<ExportSummary> {
        let window = IdWindow::upto(store.export_marks()?);
        let mut summary = write_tables(
            store,
            filter,
            options.format,
            &temp,
            &window,
            &run_id(),
            check,
        )?;
        write_state(store, filter, options.format, &window.upto, &temp)?;
        summary.files.push(PathBuf::from(STATE_FILE));
        Ok(summary)
    })();
    let mut summary = match written {
        Ok(s) => s,
        Err(e) => {
            let _ = std::fs::remove_dir_all(&temp);
            return Err(e);
        }
    };
    if let Err(e) = move_into_place(&temp, dir, options.overwrite) {
        let _ = std::fs::remove_dir_all(&temp);
        return Err(e);
    }
    for f in &mut summary.files {
        *f = dir.join(&*f);
    }
    Ok(summary)
}

/// Whether `--overwrite` may delete `dir`: an earlier export (it has `_schema.json`) or an
/// empty directory, never a file or a directory of something else.
pub(crate) fn replaceable(dir: &Path) -> bool {
    dir.join("_schema.json").is_file()
        || std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_none())
}

/// A hidden path beside `dir` (a dataset's directory or a record file) for the export
/// being written (`tag` "tmp") or what it replaces ("old"), unique to this process and
/// moment: `.NAME.kifu-TAG-PID-NANOS`, which [`remove_leftovers`] knows.
pub fn sibling(dir: &Path, tag: &str) -> Result<PathBuf> {
    let name = dir.file_name().ok_or_else(|| {
        Error::Usage(Usage::NoDirectory {
            dir: dir.to_owned(),
        })
    })?;
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let hidden = format!(
        ".{}.kifu-{tag}-{}-{nanos}",
        name.to_string_lossy(),
        std::process::id()
    );
    Ok(parent.map_or_else(|| PathBuf::from(&hidden), |p| p.join(&hidden)))
}

/// Removes what killed exports of `out` (a dataset's directory or a record file) left
/// beside it: hidden `tmp` and `old` siblings ([`sibling`]) whose process is gone, and the
/// `.NAME.PID.tmp` files record exports wrote before they used [`sibling`] (Linux: no
/// `/proc/<pid>`; elsewhere nothing is removed, since whether the writer still runs cannot
/// be told). A concurrent export's files are left alone. Returns what was removed.
pub fn remove_leftovers(out: &Path) -> Vec<PathBuf> {
    let mut removed = Vec::new();
    if !cfg!(target_os = "linux") {
        return removed;
    }
    let (Some(name), Some(parent)) = (out.file_name(), out.parent()) else {
        return removed;
    };
    let parent = if parent.as_os_str().is_empty() {
        Path::new(".")
    } else {
        parent
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(parent) else {
        return removed;
    };
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file.strip_prefix(&prefix) else {
            continue;
        };
        let pid = match rest.strip_prefix("kifu-") {
            // `kifu-tmp-<pid>-<nanos>` or `kifu-old-<pid>-<nanos>`.
            Some(sibling) => {
                let mut fields = sibling.splitn(3, '-');
                match (fields.next(), fields.next()) {
                    (Some("tmp" | "old"), Some(pid)) => pid,
                    _ => continue,
                }
            }
            // `<pid>.tmp`.
            None => match rest.strip_suffix(".tmp") {
                Some(pid) => pid,
                None => continue,
            },
        };
        let Ok(pid) = pid.parse::<u32>() else {
            continue;
        };
        if pid == std::process::id() || Path::new("/proc").join(pid.to_string()).exists() {
            continue;
        }
        let path = entry.path();
        let gone = if path.is_dir() {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
        if gone.is_ok() {
            removed.push(path);
        }
    }
    removed
}

/// Renames the finished `temp` to `dir`; an existing `dir` (with `overwrite`) is first
/// moved aside, then removed.
pub(crate) fn move_into_place(temp: &Path, dir: &Path, overwrite: bool) -> Result<()> {
    if dir.exists() {
        if !overwrite {
            return Err(Error::OutputExists(dir.to_owned()));
        }
        let old = sibling(dir, "old")?;
        std::fs::rename(dir, &old)?;
        std::fs::rename(temp, dir)?;
        if old.is_dir() {
            std::fs::remove_dir_all(&old)?;
        } else {
            std::fs::remove_file(&old)?;
        }
    } else {
        std::fs::rename(temp, dir)?;
    }
    Ok(())
}

/// A part-name prefix unique to this export.
pub(crate) fn run_id() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    format!("{nanos:x}-{}", std::process::id())
}

/// Where a table's rows come from: it hands each row to the sink it is given.
type RowSource<'a> = dyn FnMut(&mut dyn FnMut(Vec<Cell>) -> Result<()>) -> Result<()> + 'a;

/// `_export.json`: the schema version, the format, the database and the filter exported,
/// and the highest id of each table covered.
fn write_state(
    store: &Store,
    filter: &Filter,
    format: Format,
    upto: &ExportMarks,
    dir: &Path,
) -> Result<()> {
    let state = json!({
        "schema_version": SCHEMA_VERSION,
        "format": format.extension(),
        "database": store.database_identity()?,
        "every_record": *filter == Filter::everything(),
        "exported_through": {
            "games": upto.games,
            "findings": upto.findings,
            "quarantine": upto.quarantine,
            "sources": upto.sources,
            "library_texts": upto.library_texts,
        },
    });
    std::fs::write(dir.join(STATE_FILE), format!("{state:#}\n"))?;
    Ok(())
}

fn refuse(dir: &Path, refusal: Refusal) -> Error {
    Error::Usage(Usage::Append {
        dir: dir.to_owned(),
        refusal,
    })
}

/// What an earlier export of `dir` covered, checked to be one `--append` can add to.
fn appendable(store: &Store, filter: &Filter, format: Format, dir: &Path) -> Result<ExportMarks> {
    if format != Format::Parquet {
        return Err(refuse(dir, Refusal::NotParquet));
    }
    if *filter != Filter::everything() {
        return Err(refuse(dir, Refusal::Filtered));
    }
    let text = std::fs::read_to_string(dir.join(STATE_FILE))
        .map_err(|e| refuse(dir, Refusal::NoState(e)))?;
    let state: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| refuse(dir, Refusal::StateNotJson(e)))?;
    if state["schema_version"] != SCHEMA_VERSION {
        return Err(refuse(
            dir,
            Refusal::SchemaVersion {
                found: state["schema_version"].clone(),
            },
        ));
    }
    // A column added since (the contract's version stays) would make the new parts
    // disagree with the old ones.
    let written = std::fs::read_to_string(dir.join("_schema.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok());
    if written.as_ref().map(columns) != Some(columns(&schema_json())) {
        return Err(refuse(dir, Refusal::OtherColumns));
    }
    if state["format"] != "parquet" || state["every_record"] != true {
        return Err(refuse(dir, Refusal::NotEveryRecord));
    }
    if state["database"] != json!(store.database_identity()?) {
        return Err(refuse(dir, Refusal::OtherDatabase));
    }
    let mark = |table: &str| {
        state["exported_through"][table].as_i64().ok_or_else(|| {
            refuse(
                dir,
                Refusal::NoMark {
                    table: table.to_owned(),
                },
            )
        })
    };
    Ok(ExportMarks {
        games: mark("games")?,
        findings: mark("findings")?,
        quarantine: mark("quarantine")?,
        sources: mark("sources")?,
        library_texts: mark("library_texts")?,
    })
}

/// Each table's column names in a `_schema.json`.
fn columns(schema: &serde_json::Value) -> Vec<Vec<String>> {
    let names = |t: &serde_json::Value| -> Vec<String> {
        t["columns"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| c["name"].as_str().unwrap_or_default().to_owned())
            .collect()
    };
    schema["tables"]
        .as_array()
        .into_iter()
        .flatten()
        .map(names)
        .collect()
}

/// `--append`: the rows after the dataset's marks are written as new part files into a
/// temporary directory, moved into the dataset's table directories, and the marks moved on
/// last. The parts are named by the marks appended after, so rerunning an interrupted
/// append writes the same names again instead of adding copies.
fn append(
    store: &Store,
    filter: &Filter,
    format: Format,
    dir: &Path,
    check: &mut dyn FnMut(&str, u64) -> Result<()>,
) -> Result<ExportSummary> {
    let after = appendable(store, filter, format, dir)?;
    let window = IdWindow {
        after,
        upto: store.export_marks()?,
    };
    let run = format!(
        "after-{}-{}-{}-{}-{}",
        after.games, after.findings, after.quarantine, after.sources, after.library_texts
    );
    remove_leftovers(dir);
    let temp = sibling(dir, "tmp")?;
    std::fs::create_dir_all(&temp)?;
    let result = (|| -> Result<ExportSummary> {
        let mut summary = write_tables(store, filter, format, &temp, &window, &run, check)?;
        // Only the new rows' parts move (no empty part for a table with nothing new); the
        // dataset keeps its _schema.json, of the same version.
        let rows: Vec<(&str, u64)> = summary.tables.clone();
        let derived = |table: &str| DERIVED_TABLES.iter().any(|d| d.name == table);
        // A derived table (the ratings) is written whole, and only when the games changed.
        let games_changed = rows.iter().any(|(t, n)| !derived(t) && *n > 0);
        summary.files.retain(|f| {
            let table = f.iter().next().and_then(|t| t.to_str()).unwrap_or("");
            f.extension().is_some_and(|e| e == "parquet")
                && rows.iter().any(|(t, n)| *t == table && *n > 0)
                && (games_changed || !derived(table))
        });
        for doc in DERIVED_TABLES {
            let replaced = rows.iter().any(|(t, n)| *t == doc.name && *n > 0);
            if games_changed && replaced {
                if let Ok(parts) = std::fs::read_dir(dir.join(doc.name)) {
                    for part in parts.flatten() {
                        std::fs::remove_file(part.path())?;
                    }
                }
            }
        }
        for f in &summary.files {
            std::fs::rename(temp.join(f), dir.join(f))?;
        }
        write_state(store, filter, format, &window.upto, &temp)?;
        std::fs::rename(temp.join(STATE_FILE), dir.join(STATE_FILE))?;
        summary.files.push(PathBuf::from(STATE_FILE));
        Ok(summary)
    })();
    let _ = std::fs::remove_dir_all(&temp);
    let mut summary = result?;
    for f in &mut summary.files {
        *f = dir.join(&*f);
    }
    Ok(summary)
}

fn write_tables(
    store: &Store,
    filter: &Filter,
    format: Format,
    dir: &Path,
    window: &IdWindow,
    run: &str,
    check: &mut dyn FnMut(&str, u64) -> Result<()>,
) -> Result<ExportSummary> {
    let mut summary = ExportSummary::default();
    let mut table = |doc: &'static TableDoc, rows: &mut RowSource<'_>| -> Result<()> {
        let mut w = TableWriter::new(doc, format, dir, run)?;
        rows(&mut |cells| {
            w.push(cells)?;
            check(doc.name, w.rows)
        })?;
        let (n, files) = w.finish()?;
        summary.tables.push((doc.name, n));
        summary.files.extend(files);
        Ok(())
    };
    table(GAMES_TABLE, &mut |push| {
        store.each_export_game(filter, window, |g| push(game_row(g)))
    })?;
    table(PLAYERS_TABLE, &mut |push| {
        store.each_export_seat(filter, window, |s| push(seat_row(s)))
    })?;
    table(MOVES_TABLE, &mut |push| {
        store.each_export_moves(filter, window, |m| push(moves_row(m)))
    })?;
    table(COMMENTS_TABLE, &mut |push| {
        store.each_export_comment(filter, window, |c| push(comment_row(c)))
    })?;
    table(FINDINGS_TABLE, &mut |push| {
        store.each_export_finding(filter, window, |x| push(finding_row(x)))
    })?;
    table(QUARANTINE_TABLE, &mut |push| {
        store.each_export_quarantined(filter, window, |q| push(quarantined_row(q)))
    })?;
    table(SOURCES_TABLE, &mut |push| {
        store.each_export_source(filter, window, |s| push(source_row(s)))
    })?;
    table(VARIATIONS_TABLE, &mut |push| {
        store.each_export_variation(filter, window, |v| push(variation_row(v)))
    })?;
    table(MOVE_MARKS_TABLE, &mut |push| {
        store.each_export_move_mark(filter, window, |m| push(comment_row(m)))
    })?;
    table(DECISIONS_TABLE, &mut |push| {
        store.each_export_decision(filter, window, |d| push(decision_row(d)))
    })?;
    table(LIBRARY_TEXTS_TABLE, &mut |push| {
        store.each_export_text(filter, window, |t| push(text_row(t)))
    })?;
    // Derived from the whole database: written whole, whatever the filter and the window.
    table(RATINGS_TABLE, &mut |push| {
        for kind in GameKind::ALL {
            for list in crate::ratings::current_lists(store, kind)? {
                for r in list.rows {
                    push(rating_row(kind, list.system, r))?;
                }
            }
        }
        Ok(())
    })?;
    write_schema(dir)?;
    summary.files.push(PathBuf::from("_schema.json"));
    Ok(summary)
}

fn text(s: impl Into<String>) -> Cell {
    Cell::Text(Some(s.into()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The games columns, in [`crate::contract`] order.
/// Writes the contract as `_schema.json` into `dir`.
pub(crate) fn write_schema(dir: &Path) -> Result<()> {
    let schema = serde_json::to_string_pretty(&schema_json()).map_err(Error::Schema)?;
    std::fs::write(dir.join("_schema.json"), schema + "\n")?;
    Ok(())
}

pub(crate) fn game_row(g: ExportGame) -> Vec<Cell> {
    let extra = Extra::parse(g.kind, g.extra.as_deref()).ok();
    let annotations = extra.as_ref().map(|e| &e.annotations);
    let opening_name = annotations
        .and_then(|a| match a {
            Annotations::Renju(r) => r.opening_name.as_deref(),
            Annotations::Xiangqi(x) => x.opening_name.as_deref(),
            _ => None,
        })
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_owned);
    let swapped = annotations
        .and_then(Annotations::renju)
        .and_then(RenjuAnnotations::swapped);
    let year = g
        .date
        .as_deref()
        .and_then(year_of)
        .and_then(|y| y.parse().ok());
    vec![
        text(g.game_key),
        Cell::Int(Some(g.id)),
        text(g.kind.name()),
        text(g.source_sha256),
        text(g.member),
        Cell::Text(g.record_id),
        Cell::Int(Some(g.byte_offset)),
        Cell::Int(Some(g.line)),
        Cell::Int(Some(g.column_number)),
        Cell::Int(Some(g.byte_length)),
        text(g.format),
        Cell::Text(g.event),
        Cell::Text(g.round),
        Cell::Text(g.date),
        Cell::Int(year),
        Cell::Text(g.rule),
        Cell::Text(g.rule_name),
        Cell::Text(g.recorded_result.map(|r| r.name().to_owned())),
        Cell::Text(g.result_text),
        Cell::Text(g.derived_result.map(|r| r.name().to_owned())),
        text(g.termination.name()),
        Cell::Text(g.counted),
        Cell::Int(Some(g.plies)),
        Cell::Text(g.opening),
        Cell::Text(opening_name),
        Cell::Bool(swapped),
        Cell::Text(g.canonical_key.bytes().map(|k| hex(&Sha256::digest(k)))),
        Cell::Bool(Some(g.duplicate_of.is_none())),
        Cell::Int(g.duplicate_of),
        Cell::Text(g.duplicate_of_key),
        Cell::Text(g.extra),
        Cell::Text(g.ruleset.map(|r| r.name().to_owned())),
        Cell::Text(g.header_key),
        Cell::Text(g.recorded_event),
        Cell::Text(g.correction.as_ref().map(|c| c.0.clone())),
        Cell::Text(g.correction.and_then(|c| c.1)),
    ]
}

pub(crate) fn seat_row(s: ExportSeat) -> Vec<Cell> {
    vec![
        text(s.game_key),
        Cell::Int(Some(s.game_id)),
        text(s.kind.name()),
        Cell::Int(Some(s.seat)),
        text(s.side),
        text(s.name),
        text(s.recorded_name),
    ]
}

fn rating_row(kind: GameKind, system: RatingSystem, r: StoredRating) -> Vec<Cell> {
    vec![
        text(kind.name()),
        text(system.name()),
        text(r.player),
        Cell::Int(Some(i64::from(r.period))),
        Cell::Text(r.date),
        Cell::Float(Some(r.rating)),
        Cell::Float(r.sd),
        Cell::Int(Some(i64::from(r.games))),
    ]
}

pub(crate) fn decision_row(d: ExportDecision) -> Vec<Cell> {
    vec![
        text(d.game_key),
        Cell::Int(Some(d.game_id)),
        text(d.kind.name()),
        text(d.code),
        text(d.decision),
        Cell::Text(d.reason),
        Cell::Text(d.by),
        Cell::Text(d.date),
        Cell::Int(Some(d.line)),
    ]
}

pub(crate) fn moves_row(m: ExportMoves) -> Vec<Cell> {
    let lists = move_lists(m.kind, &m.data, m.extra.as_deref());
    moves_row_of(m.game_key, m.game_id, m.kind, m.encoding, lists)
}

/// A game's moves as the moves table lists them: one code per ply, and the plies' texts
/// (which take a replay: the costly part of the row).
pub(crate) fn move_lists(
    kind: GameKind,
    data: &[u8],
    extra: Option<&str>,
) -> (Vec<i32>, Option<Vec<String>>) {
    let codes = stored_move_codes(kind, data);
    let texts = with_stored(kind, data, extra, |g| stored_move_texts(g).ok());
    (codes, texts)
}

/// The moves columns, in [`crate::contract`] order, from [`move_lists`].
pub(crate) fn moves_row_of(
    game_key: String,
    game_id: i64,
    kind: GameKind,
    encoding: String,
    (codes, texts): (Vec<i32>, Option<Vec<String>>),
) -> Vec<Cell> {
    vec![
        text(game_key),
        Cell::Int(Some(game_id)),
        text(kind.name()),
        text(encoding),
        Cell::Int(Some(codes.len() as i64)),
        Cell::Ints(codes),
        Cell::Texts(texts),
    ]
}

/// A `comments` row, or a `move_marks` row (same columns: the text is the mark).
pub(crate) fn comment_row(c: ExportComment) -> Vec<Cell> {
    vec![
        text(c.game_key),
        Cell::Int(Some(c.game_id)),
        text(c.kind.name()),
        Cell::Int(Some(c.ply)),
        text(c.text),
    ]
}

pub(crate) fn variation_row(x: ExportVariation) -> Vec<Cell> {
    let v = x.variation;
    let code = v
        .code
        .as_deref()
        .and_then(|c| stored_move_codes(x.kind, c).first().copied());
    vec![
        text(x.game_key),
        Cell::Int(Some(x.game_id)),
        text(x.kind.name()),
        Cell::Int(Some(v.node.into())),
        Cell::Int(v.parent.map(i64::from)),
        Cell::Int(Some(v.ply.into())),
        Cell::Int(code.map(i64::from)),
        text(v.text),
        Cell::Text(v.comment),
        Cell::Text(v.before),
        Cell::Text(v.mark),
    ]
}

pub(crate) fn finding_row(x: ExportFinding) -> Vec<Cell> {
    vec![
        Cell::Int(Some(x.id)),
        Cell::Text(x.record_key),
        Cell::Int(x.game_id),
        Cell::Int(x.quarantine_id),
        Cell::Text(x.kind.map(|k| k.name().to_owned())),
        text(x.source_sha256),
        text(x.member),
        Cell::Int(x.ply),
        text(x.code),
        text(x.severity.name()),
        text(x.message),
        text(x.rule),
        Cell::Int(Some(x.byte_offset)),
        Cell::Int(Some(x.line)),
        Cell::Int(Some(x.column_number)),
        Cell::Text(x.forbidden_kind.map(|k| k.name().to_owned())),
        Cell::Int(x.variation_node),
    ]
}

pub(crate) fn quarantined_row(q: ExportQuarantined) -> Vec<Cell> {
    vec![
        Cell::Int(Some(q.id)),
        text(q.record_key),
        text(q.source_sha256),
        text(q.member),
        Cell::Int(Some(q.byte_offset)),
        Cell::Int(Some(q.line)),
        Cell::Int(Some(q.column_number)),
        Cell::Int(Some(q.byte_length)),
        Cell::Text(q.format),
        text(q.error),
        text(q.raw),
    ]
}

pub(crate) fn text_row(t: ExportText) -> Vec<Cell> {
    vec![
        Cell::Int(Some(t.id)),
        text(t.source_sha256),
        text(t.member),
        Cell::Int(Some(t.place)),
        Cell::Int(Some(t.byte_offset)),
        Cell::Int(Some(t.line)),
        Cell::Int(Some(t.byte_length)),
        Cell::Text(t.title),
        text(t.text),
    ]
}

pub(crate) fn source_row(s: ExportSource) -> Vec<Cell> {
    vec![
        Cell::Int(Some(s.id)),
        text(s.sha256),
        text(s.path),
        Cell::Int(Some(s.bytes)),
        text(s.format),
        text(s.encoding),
        text(s.status),
        Cell::Int(Some(s.records)),
        text(s.ingested_at),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_midway_leaves_nothing_under_the_final_name() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("samples.db");
        let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("../samples");
        kifu_ingest::ingest(&db, &[samples], &kifu_ingest::Options::default()).unwrap();
        let store = Store::open(&db).unwrap();
        let out = dir.path().join("export");
        // Fail at the third row of the moves table: games and players are written by then.
        let mut fail = |table: &str, rows: u64| {
            if table == "moves" && rows == 3 {
                Err(Error::Usage(Usage::WriterStopped { table: "moves" }))
            } else {
                Ok(())
            }
        };
        let options = ExportOptions::new(Format::Parquet);
        let err = export_with(&store, &Filter::everything(), options, &out, &mut fail);
        assert_eq!(
            err.unwrap_err().to_string(),
            "export: the writer of moves stopped"
        );
        assert!(!out.exists());
        // Nor is the temporary directory left behind.
        // Only the database and the files SQLite and kifu keep beside it remain.
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| !name.starts_with("samples.db"))
            .collect();
        assert!(left.is_empty(), "{left:?}");

        // With an earlier export in place and --overwrite, a failure keeps the earlier one.
        let first = export(&store, Format::Parquet, &out).unwrap();
        let options = ExportOptions {
            overwrite: true,
            ..ExportOptions::new(Format::Parquet)
        };
        assert!(export_with(&store, &Filter::everything(), options, &out, &mut fail).is_err());
        assert!(first.files.iter().all(|f| f.is_file()));
    }
}
