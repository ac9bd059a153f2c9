//! Writing frames, and `kifu export`: whole tables as Parquet, CSV or JSON.

use std::fs::File;
use std::path::{Path, PathBuf};

use kifu_facts::{counted_result, GameKind};
use kifu_store::Store;
use polars::prelude::*;

use crate::{Error, Filter, Format, Result};

/// Writes one frame to `path`: `Table` polars' text rendering, `Csv` with a header,
/// `Json` an array of row objects, `Parquet` one file.
pub fn write_frame(df: &mut DataFrame, format: Format, path: &Path) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut file = File::create(path)?;
    write_frame_to(df, format, &mut file)
}

/// [`write_frame`] to any writer (stdout, a buffer).
pub fn write_frame_to<W: std::io::Write>(
    df: &mut DataFrame,
    format: Format,
    out: &mut W,
) -> Result<()> {
    match format {
        Format::Table => writeln!(out, "{df}")?,
        Format::Csv => CsvWriter::new(out).include_header(true).finish(df)?,
        Format::Json => JsonWriter::new(out)
            .with_json_format(JsonFormat::Json)
            .finish(df)?,
        Format::Parquet => {
            ParquetWriter::new(out).finish(df)?;
        }
    }
    Ok(())
}

/// Named frames as one JSON object `{"name": [row objects], …}` in the given order.
pub fn frames_to_json(frames: &mut [(String, DataFrame)]) -> Result<String> {
    let mut s = String::from("{");
    for (i, (name, df)) in frames.iter_mut().enumerate() {
        let mut buf = Vec::new();
        write_frame_to(df, Format::Json, &mut buf)?;
        if i > 0 {
            s.push(',');
        }
        s.push_str(&serde_json::Value::from(name.as_str()).to_string());
        s.push(':');
        s.push_str(String::from_utf8_lossy(&buf).trim());
    }
    s.push('}');
    Ok(s)
}

/// What [`export`] wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportSummary {
    pub games: u64,
    pub moves: u64,
    pub findings: u64,
    /// Every file written.
    pub files: Vec<PathBuf>,
}

fn games_table(store: &Store, filter: &Filter) -> Result<DataFrame> {
    let games = store.export_games(filter)?;
    let n = games.len();
    let mut c: [Vec<Option<String>>; 16] = Default::default();
    let (mut id, mut offset, mut line, mut column, mut plies, mut dup) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    let mut players = Vec::with_capacity(n);
    for g in games {
        let counted = counted_result(
            g.kind,
            g.recorded_result.as_deref(),
            g.derived_result.as_deref(),
            &g.termination,
        );
        id.push(g.id);
        offset.push(g.offset);
        line.push(g.line);
        column.push(g.column);
        plies.push(g.plies);
        dup.push(g.duplicate_of);
        players.push((!g.players.is_empty()).then(|| {
            g.players
                .iter()
                .map(|(side, name)| format!("{side}:{name}"))
                .collect::<Vec<_>>()
                .join("; ")
        }));
        let texts = [
            Some(g.kind.name().to_owned()),
            Some(g.source),
            Some(g.member),
            g.record_id,
            Some(g.format),
            g.event,
            g.round,
            g.date,
            g.rule,
            g.recorded_result,
            g.result_text,
            g.derived_result,
            counted.map(|r| r.name().into_owned()),
            Some(g.termination),
            g.opening,
            g.extra,
        ];
        for (slot, v) in c.iter_mut().zip(texts) {
            slot.push(v);
        }
    }
    let [kind, source, member, record_id, format, event, round, date, rule, recorded, result_text, derived, counted, termination, opening, extra] =
        c;
    Ok(df!(
        "id" => id, "kind" => kind, "source" => source, "member" => member,
        "record_id" => record_id, "offset" => offset, "line" => line, "column" => column,
        "format" => format, "event" => event, "round" => round, "date" => date,
        "players" => players, "rule" => rule, "recorded_result" => recorded,
        "result_text" => result_text, "derived_result" => derived,
        "counted_result" => counted, "termination" => termination, "plies" => plies,
        "opening" => opening, "duplicate_of" => dup, "extra" => extra,
    )?)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn moves_table(store: &Store, filter: &Filter, binary: bool) -> Result<DataFrame> {
    let (mut id, mut kind, mut enc, mut plies) = (vec![], vec![], vec![], vec![]);
    let (mut data, mut data_hex) = (Vec::<Vec<u8>>::new(), Vec::<String>::new());
    for m in store.export_moves(filter)? {
        id.push(m.game_id);
        kind.push(m.kind.name());
        enc.push(m.encoding);
        plies.push(m.plies);
        if binary {
            data.push(m.data);
        } else {
            data_hex.push(hex(&m.data));
        }
    }
    let mut df = df!("game_id" => id, "kind" => kind, "encoding" => enc, "plies" => plies)?;
    if binary {
        let s = Series::new(
            "data".into(),
            data.iter().map(Vec::as_slice).collect::<Vec<_>>(),
        );
        df.with_column(s.into_column())?;
    } else {
        df.with_column(Column::new("data".into(), data_hex))?;
    }
    Ok(df)
}

fn findings_table(store: &Store, filter: &Filter) -> Result<DataFrame> {
    let mut t: [Vec<String>; 7] = Default::default();
    let (mut id, mut game, mut quar, mut ply) = (vec![], vec![], vec![], vec![]);
    let (mut offset, mut line, mut column, mut forbidden) = (vec![], vec![], vec![], vec![]);
    for x in store.export_findings(filter)? {
        id.push(x.id);
        game.push(x.game_id);
        quar.push(x.quarantine_id);
        ply.push(x.ply);
        offset.push(x.offset);
        line.push(x.line);
        column.push(x.column);
        forbidden.push(x.forbidden_kind.map(|k| k.name()));
        let texts = [
            x.kind.map_or("unreadable", GameKind::name).to_owned(),
            x.source,
            x.member,
            x.code,
            x.severity.name().to_owned(),
            x.message,
            x.rule,
        ];
        for (slot, v) in t.iter_mut().zip(texts) {
            slot.push(v);
        }
    }
    let [kind, source, member, code, severity, message, rule] = t;
    Ok(df!(
        "id" => id, "kind" => kind, "source" => source, "member" => member,
        "game_id" => game, "quarantine_id" => quar, "ply" => ply, "code" => code,
        "severity" => severity, "message" => message, "rule" => rule,
        "offset" => offset, "line" => line, "column" => column,
        "forbidden_kind" => forbidden,
    )?)
}

/// Writes `df` partitioned by its `kind` column, hive style: `DIR/kind=<k>/part-0.parquet`
/// without the `kind` column (readers take it from the path).
fn write_partitioned(df: &DataFrame, dir: &Path, files: &mut Vec<PathBuf>) -> Result<()> {
    let kinds = df
        .column("kind")?
        .as_materialized_series()
        .unique_stable()?;
    let kinds: Vec<String> = kinds.str()?.iter().flatten().map(str::to_owned).collect();
    for k in kinds {
        let mut part = df
            .clone()
            .lazy()
            .filter(col("kind").eq(lit(k.clone())))
            .collect()?
            .drop("kind")?;
        let path = dir.join(format!("kind={k}")).join("part-0.parquet");
        write_frame(&mut part, Format::Parquet, &path)?;
        files.push(path);
    }
    Ok(())
}

/// `kifu export`: the `games`, `moves` and `findings` tables, every row (linked copies and
/// findings of quarantined records included).
///
/// - `Parquet`: `DIR/games/kind=<kind>/part-0.parquet`, likewise `moves` and `findings`
///   (quarantined records' findings under `kind=unreadable`), hive partitioning as DuckDB
///   (`read_parquet('DIR/games/*/*.parquet', hive_partitioning = true)`), Spark and polars
///   (`scan_parquet` with hive partitioning) read it; `moves.data` is the binary blob.
/// - `Csv`: `DIR/games.csv`, `DIR/moves.csv` (`data` as hex), `DIR/findings.csv`, each with
///   a `kind` column.
///
/// `games.players` is `side:name; side:name` in seat order; `games.counted_result` the
/// result that counts ([`kifu_facts::counted_result`]); `games.extra` the JSON text;
/// `findings.forbidden_kind` the kind of forbidden move a Renju finding is about.
pub fn export(store: &Store, format: Format, dir: &Path) -> Result<ExportSummary> {
    export_filtered(store, &Filter::everything(), format, dir)
}

/// [`export`] of what `filter` selects: the games under it, their move lists, and the
/// findings it covers (those of its games, each meeting its code and severity, and of
/// quarantined records when it admits them).
pub fn export_filtered(
    store: &Store,
    filter: &Filter,
    format: Format,
    dir: &Path,
) -> Result<ExportSummary> {
    std::fs::create_dir_all(dir)?;
    let binary = format == Format::Parquet;
    let mut tables = [
        ("games", games_table(store, filter)?),
        ("moves", moves_table(store, filter, binary)?),
        ("findings", findings_table(store, filter)?),
    ];
    let mut summary = ExportSummary {
        games: tables[0].1.height() as u64,
        moves: tables[1].1.height() as u64,
        findings: tables[2].1.height() as u64,
        files: Vec::new(),
    };
    for (name, df) in tables.iter_mut() {
        match format {
            Format::Parquet => write_partitioned(df, &dir.join(*name), &mut summary.files)?,
            Format::Csv | Format::Json => {
                let path = dir.join(format!("{name}.{}", format.extension()));
                write_frame(df, format, &path)?;
                summary.files.push(path);
            }
            Format::Table => {
                return Err(Error::Usage(
                    "export: the format is parquet, csv or json".into(),
                ))
            }
        }
    }
    Ok(summary)
}
