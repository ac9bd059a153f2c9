//! polars summaries and exports of a kifu database. Only this crate depends on polars.
//!
//! Every table is read from SQLite with plain SQL (`store.conn()`), turned into a
//! [`DataFrame`] and grouped/aggregated with polars' lazy API.
//!
//! Conventions shared by all the tables:
//! - **Linked copies are left out**: a game whose `duplicate_of` is set (the same game up
//!   to a board symmetry, stored again) is not counted, unless [`Filter::with_duplicates`]
//!   is set. Exports ([`export`]) always write every row.
//! - **Results**: a game's result is its recorded result (`recorded_result`) when there
//!   is one other than `unknown`, else the result the board shows (`derived_result`), else
//!   none (the game counts in `games` but not in `results` and the shares). Result names
//!   are the game's own: Renju `black`/`white`/`draw`, Xiangqi `red`/`black`/`draw`, Chess
//!   Territorial `white`/`black`/`draw`, ChouChou `P1`…`P4`.
//! - **Renju** is stricter ([`renju_result`]): the recorded result is used unless the
//!   board itself decided the game (a five, White's overline, two passes, a full board)
//!   and says otherwise; then the board's result is used (the record is wrong, there is a
//!   `result-contradicts-board` finding). A result the board does not show (resignation,
//!   time, an unclaimed forbidden move) is accepted as recorded.
//! - A missing grouping value (no rule, no event, no opening) is the group `(none)`.

pub use kifu_store;
pub use polars;
pub use serde_json;

use kifu_store::rusqlite::{self, params};
use kifu_store::Store;
use polars::prelude::*;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs::File;
use std::path::{Path, PathBuf};

#[derive(Debug)]
pub enum Error {
    Store(kifu_store::Error),
    Polars(PolarsError),
    Io(std::io::Error),
    /// A request the analysis cannot serve (an unknown `by` key, format…).
    Usage(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Store(e) => e.fmt(f),
            Error::Polars(e) => write!(f, "analysis error: {e}"),
            Error::Io(e) => write!(f, "analysis output: {e}"),
            Error::Usage(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for Error {}

impl From<kifu_store::Error> for Error {
    fn from(e: kifu_store::Error) -> Error {
        Error::Store(e)
    }
}

impl From<PolarsError> for Error {
    fn from(e: PolarsError) -> Error {
        Error::Polars(e)
    }
}

impl From<rusqlite::Error> for Error {
    fn from(e: rusqlite::Error) -> Error {
        Error::Store(kifu_store::Error::Sqlite(e))
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::Io(e)
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// Which games a table covers.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Game kind: `renju`, `xiangqi`, `territorial`, `chouchou`.
    pub game: Option<String>,
    /// Event name, exactly as stored.
    pub event: Option<String>,
    /// Count linked copies (`duplicate_of` set) too; off by default.
    pub with_duplicates: bool,
}

impl Filter {
    /// All games of one kind.
    pub fn game(kind: &str) -> Filter {
        Filter {
            game: Some(kind.to_owned()),
            ..Filter::default()
        }
    }

    fn admits(&self, kind: &str) -> bool {
        self.game.as_deref().is_none_or(|g| g == kind)
    }
}

/// Output formats of [`write_frame`] and [`export`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// polars' text rendering of the frame.
    Table,
    Csv,
    /// A JSON array of row objects.
    Json,
    Parquet,
}

impl Format {
    pub fn from_name(s: &str) -> Option<Format> {
        match s.to_ascii_lowercase().as_str() {
            "table" | "text" => Some(Format::Table),
            "csv" => Some(Format::Csv),
            "json" => Some(Format::Json),
            "parquet" => Some(Format::Parquet),
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Table => "txt",
            Format::Csv => "csv",
            Format::Json => "json",
            Format::Parquet => "parquet",
        }
    }
}

const NONE: &str = "(none)";
/// The 97.5% quantile of the standard normal distribution (two-sided 95%).
pub const Z95: f64 = 1.959964;

// ---------------------------------------------------------------------------------------
// Loading

/// One game as the tables need it.
#[derive(Clone, Debug)]
struct Game {
    id: i64,
    event: Option<String>,
    rule: Option<String>,
    date: Option<String>,
    recorded: Option<String>,
    derived: Option<String>,
    termination: String,
    plies: u32,
    opening: Option<String>,
    extra: Option<Value>,
}

impl Game {
    /// Recorded result unless missing or `unknown`, else the board's.
    fn result(&self) -> Option<&str> {
        match self.recorded.as_deref() {
            Some(r) if !r.is_empty() && r != "unknown" => Some(r),
            _ => self.derived.as_deref(),
        }
    }

    fn extra(&self, key: &str) -> Option<&Value> {
        self.extra.as_ref().and_then(|e| e.get(key))
    }
}

/// Games of one kind passing the filter (none when the filter names another kind).
fn load_games(store: &Store, f: &Filter, kind: &str) -> Result<Vec<Game>> {
    if !f.admits(kind) {
        return Ok(Vec::new());
    }
    let mut stmt = store.conn().prepare(
        "SELECT g.id, e.name, g.rule, g.date, g.recorded_result, g.derived_result,
                g.termination, g.plies, g.opening, g.extra
         FROM games g LEFT JOIN events e ON e.id = g.event_id
         WHERE g.kind = ?1 AND (?2 OR g.duplicate_of IS NULL) AND (?3 IS NULL OR e.name = ?3)
         ORDER BY g.id",
    )?;
    let rows = stmt.query_map(params![kind, f.with_duplicates, f.event], |r| {
        let extra: Option<String> = r.get(9)?;
        Ok(Game {
            id: r.get(0)?,
            event: r.get(1)?,
            rule: r.get(2)?,
            date: r.get(3)?,
            recorded: r.get(4)?,
            derived: r.get(5)?,
            termination: r.get(6)?,
            plies: r.get(7)?,
            opening: r.get(8)?,
            extra: extra.and_then(|s| serde_json::from_str(&s).ok()),
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// Game kinds present under the filter, with their game counts.
fn kinds_present(store: &Store, f: &Filter) -> Result<Vec<(String, u64)>> {
    let mut stmt = store.conn().prepare(
        "SELECT g.kind, count(*) FROM games g LEFT JOIN events e ON e.id = g.event_id
         WHERE (?1 OR g.duplicate_of IS NULL) AND (?2 IS NULL OR e.name = ?2)
           AND (?3 IS NULL OR g.kind = ?3)
         GROUP BY g.kind ORDER BY g.kind",
    )?;
    let rows = stmt.query_map(params![f.with_duplicates, f.event, f.game], |r| {
        Ok((r.get(0)?, r.get::<_, i64>(1)? as u64))
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The first four-digit year (1000–2999) in a date as written.
fn year_of(date: &str) -> Option<String> {
    let b = date.as_bytes();
    (0..b.len().saturating_sub(3)).find_map(|i| {
        let w = &b[i..i + 4];
        let digits = w.iter().all(u8::is_ascii_digit);
        let bounded = (i == 0 || !b[i - 1].is_ascii_digit())
            && (i + 4 == b.len() || !b[i + 4].is_ascii_digit());
        (digits && bounded && (w[0] == b'1' || w[0] == b'2'))
            .then(|| String::from_utf8_lossy(w).into_owned())
    })
}

/// Sort key of a Renju opening code: D1..D13 then I1..I13, anything else after.
fn opening_key(code: &str) -> i32 {
    let n: i32 = code.get(1..).and_then(|s| s.parse().ok()).unwrap_or(99);
    match code.as_bytes().first() {
        Some(b'D') => n,
        Some(b'I') => 100 + n,
        _ => 1000,
    }
}

fn or_none(s: &Option<String>) -> String {
    match s.as_deref().map(str::trim) {
        Some(v) if !v.is_empty() => v.to_owned(),
        _ => NONE.to_owned(),
    }
}

fn u32_col(name: &str) -> Expr {
    col(name).cast(DataType::UInt32)
}

fn f64_col(name: &str) -> Expr {
    col(name).cast(DataType::Float64)
}

/// `num / den` as f64, null when `den` is 0.
fn ratio(num: Expr, den: &str) -> Expr {
    when(col(den).gt(lit(0)))
        .then(num.cast(DataType::Float64) / f64_col(den))
        .otherwise(lit(NULL).cast(DataType::Float64))
}

/// Lower and upper 95% Wilson score bounds of the proportion in `p` out of `n` trials:
/// `(p + z²/2n ± z·sqrt(p(1−p)/n + z²/4n²)) / (1 + z²/n)`, null when `n` is 0.
fn wilson(p: &str, n: &str) -> [Expr; 2] {
    let z2 = Z95 * Z95;
    let nn = f64_col(n);
    let pp = col(p);
    let denom = lit(1.0) + lit(z2) / nn.clone();
    let center = pp.clone() + lit(z2) / (lit(2.0) * nn.clone());
    let half = lit(Z95)
        * (pp.clone() * (lit(1.0) - pp) / nn.clone() + lit(z2) / (lit(4.0) * nn.clone() * nn))
            .sqrt();
    let bound = |e: Expr| {
        when(col(n).gt(lit(0)))
            .then(e / denom.clone())
            .otherwise(lit(NULL).cast(DataType::Float64))
    };
    [
        bound(center.clone() - half.clone()).alias("wilson_low"),
        bound(center + half).alias("wilson_high"),
    ]
}

/// Counts `plies` values into bins `[from, from + bin − 1]`, ascending.
fn bins(values: Vec<u32>, bin: u32) -> Result<DataFrame> {
    let bin = bin.max(1);
    let from: Vec<u32> = values.iter().map(|v| v / bin * bin).collect();
    let df = df!("plies_from" => from)?;
    Ok(df
        .lazy()
        .group_by([col("plies_from")])
        .agg([len().cast(DataType::UInt32).alias("games")])
        .select([
            col("plies_from"),
            (col("plies_from") + lit(bin - 1)).alias("plies_to"),
            col("games"),
        ])
        .sort(["plies_from"], SortMultipleOptions::default())
        .collect()?)
}

// ---------------------------------------------------------------------------------------
// Renju

/// The result a Renju game counts with in the opening balance: the recorded result
/// (`black`/`white`/`draw`) unless the board decided the game (termination `five`,
/// `overline`, `two-passes`, `board-full`) and shows another; then, and when nothing
/// (or `unknown`) is recorded, the board's result. `None`: no result at all.
pub fn renju_result<'a>(
    recorded: Option<&'a str>,
    derived: Option<&'a str>,
    termination: &str,
) -> Option<&'a str> {
    let board_decided = matches!(
        termination,
        "five" | "overline" | "two-passes" | "board-full"
    );
    match recorded {
        Some(r @ ("black" | "white" | "draw")) => match derived {
            Some(d) if board_decided && d != r => Some(d),
            _ => Some(r),
        },
        _ => derived,
    }
}

/// A recorded RIF `swap` value: `Some(true)` swapped, `Some(false)` not, `None` unknown.
fn swapped(v: &Value) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => n.as_f64().map(|x| x > 0.0),
        Value::String(s) => {
            let s = s.trim().to_ascii_lowercase();
            match s.as_str() {
                "" | "-" | "?" => None,
                "0" | "no" | "false" | "n" => Some(false),
                "yes" | "true" | "y" => Some(true),
                other => other.parse::<f64>().ok().map(|x| x > 0.0),
            }
        }
        _ => None,
    }
}

const BALANCE_KEYS: [&str; 3] = ["rule", "opening", "year"];

/// Renju opening balance: one row per group of `by` ⊆ {`rule`, `opening`, `year`} (empty:
/// one overall row).
///
/// Columns: the `by` columns (str), `games` (u32: games in the group), `results` (u32:
/// those with a result, see [`renju_result`]), `black_wins`, `white_wins`, `draws` (u32),
/// `black_score` (f64: `(black_wins + draws/2) / results`), `wilson_low`, `wilson_high`
/// (f64: the 95% Wilson score interval of `black_score`, z = 1.959964, n = `results`),
/// `swap_rate` (f64: swapped / games recording a swap decision; null when none does),
/// `mean_plies` (f64). With `opening` among `by`, unclassified games are left out; with
/// `year`, games without a year in their date. Rows are sorted by the `by` columns in the
/// order given, openings in D1..D13, I1..I13 order.
pub fn renju_opening_balance(store: &Store, f: &Filter, by: &[&str]) -> Result<DataFrame> {
    for k in by {
        if !BALANCE_KEYS.contains(k) {
            return Err(Error::Usage(format!(
                "renju opening balance: unknown grouping `{k}` (rule, opening, year)"
            )));
        }
    }
    let by_opening = by.contains(&"opening");
    let by_year = by.contains(&"year");
    let mut rule = Vec::new();
    let mut opening = Vec::new();
    let mut okey = Vec::new();
    let mut year = Vec::new();
    let (mut black, mut white, mut draw, mut scored) = (vec![], vec![], vec![], vec![]);
    let (mut swap_known, mut swap_yes, mut plies) = (vec![], vec![], vec![]);
    for g in load_games(store, f, "renju")? {
        if by_opening && g.opening.is_none() {
            continue;
        }
        let y = g.date.as_deref().and_then(year_of);
        if by_year && y.is_none() {
            continue;
        }
        let result = renju_result(g.recorded.as_deref(), g.derived.as_deref(), &g.termination);
        let swap = g.extra("swap").and_then(swapped);
        rule.push(or_none(&g.rule));
        okey.push(g.opening.as_deref().map_or(2000, opening_key));
        opening.push(or_none(&g.opening));
        year.push(y.unwrap_or_else(|| NONE.to_owned()));
        black.push((result == Some("black")) as u32);
        white.push((result == Some("white")) as u32);
        draw.push((result == Some("draw")) as u32);
        scored.push(result.is_some() as u32);
        swap_known.push(swap.is_some() as u32);
        swap_yes.push((swap == Some(true)) as u32);
        plies.push(g.plies);
    }
    let df = df!(
        "rule" => rule, "opening" => opening, "okey" => okey, "year" => year,
        "b" => black, "w" => white, "d" => draw, "scored" => scored,
        "swap_known" => swap_known, "swap_yes" => swap_yes, "plies" => plies,
    )?;
    let aggs = [
        len().cast(DataType::UInt32).alias("games"),
        u32_col("scored")
            .sum()
            .cast(DataType::UInt32)
            .alias("results"),
        col("b").sum().cast(DataType::UInt32).alias("black_wins"),
        col("w").sum().cast(DataType::UInt32).alias("white_wins"),
        col("d").sum().cast(DataType::UInt32).alias("draws"),
        col("swap_known")
            .sum()
            .cast(DataType::UInt32)
            .alias("swap_known"),
        col("swap_yes")
            .sum()
            .cast(DataType::UInt32)
            .alias("swap_yes"),
        f64_col("plies").mean().alias("mean_plies"),
        col("okey").first().alias("okey"),
    ];
    let lf = if by.is_empty() {
        df.lazy().select(aggs)
    } else {
        df.lazy()
            .group_by(by.iter().map(|k| col(*k)).collect::<Vec<_>>())
            .agg(aggs)
    };
    let sort_cols: Vec<PlSmallStr> = by
        .iter()
        .map(|k| if *k == "opening" { "okey" } else { k })
        .map(PlSmallStr::from)
        .collect();
    let mut out_cols: Vec<Expr> = by.iter().map(|k| col(*k)).collect();
    out_cols.extend([
        col("games"),
        col("results"),
        col("black_wins"),
        col("white_wins"),
        col("draws"),
        col("black_score"),
        col("wilson_low"),
        col("wilson_high"),
        col("swap_rate"),
        col("mean_plies"),
    ]);
    let lf = lf
        .with_column(
            ratio(
                f64_col("black_wins") + f64_col("draws") * lit(0.5),
                "results",
            )
            .alias("black_score"),
        )
        .with_columns(wilson("black_score", "results"))
        .with_column(ratio(col("swap_yes"), "swap_known").alias("swap_rate"));
    let lf = if sort_cols.is_empty() {
        lf
    } else {
        lf.sort(sort_cols, SortMultipleOptions::default())
    };
    Ok(lf.select(out_cols).collect()?)
}

/// The kind of forbidden move named in a finding's message.
fn forbidden_kind_in(message: &str) -> &'static str {
    ["double-three", "double-four", "overline"]
        .into_iter()
        .find(|k| message.contains(k))
        .unwrap_or("unknown")
}

/// The forbidden move White claimed in a game ending `forbidden-move`: the last move if
/// it is forbidden, else the overline left on the board (a late claim).
fn claimed_kind(moves: &[u8]) -> &'static str {
    use kifu_rules::renju::{decode_moves, Position};
    let Some(moves) = decode_moves(moves) else {
        return "unknown";
    };
    let mut pos = Position::new();
    for m in moves {
        if pos.play(m).is_err() {
            break;
        }
    }
    match pos.last_move_forbidden() {
        Some(k) => k.name(),
        None => "overline",
    }
}

/// Black's forbidden moves by kind (`double-three`, `double-four`, `overline`, and
/// `unknown` when one cannot be told).
///
/// Columns: `kind`, `unclaimed` (u32: forbidden moves White did not claim — findings
/// `forbidden-unclaimed`, `overline-unclaimed` and `forbidden-move`, the last move
/// forbidden but the record not giving White the win), `claimed_wins` (u32: games White
/// won by claiming, termination `forbidden-move` and White's [`renju_result`]), `total`.
/// An overline claimed late (after further moves) counts once in each column.
pub fn renju_forbidden(store: &Store, f: &Filter) -> Result<DataFrame> {
    let mut kind: Vec<&'static str> = Vec::new();
    let mut unclaimed: Vec<u32> = Vec::new();
    let mut claimed: Vec<u32> = Vec::new();
    for k in ["double-three", "double-four", "overline"] {
        kind.push(k);
        unclaimed.push(0);
        claimed.push(0);
    }
    if f.admits("renju") {
        let mut stmt = store.conn().prepare(
            "SELECT f.code, f.message FROM findings f JOIN games g ON g.id = f.game_id
             LEFT JOIN events e ON e.id = g.event_id
             WHERE g.kind = 'renju' AND (?1 OR g.duplicate_of IS NULL)
               AND (?2 IS NULL OR e.name = ?2)
               AND f.code IN ('forbidden-unclaimed', 'overline-unclaimed', 'forbidden-move')",
        )?;
        let mut rows = stmt.query(params![f.with_duplicates, f.event])?;
        while let Some(r) = rows.next()? {
            let code: String = r.get(0)?;
            let message: String = r.get(1)?;
            kind.push(if code == "overline-unclaimed" {
                "overline"
            } else {
                forbidden_kind_in(&message)
            });
            unclaimed.push(1);
            claimed.push(0);
        }
        let mut stmt = store.conn().prepare(
            "SELECT g.recorded_result, g.derived_result, g.termination, m.data
             FROM games g LEFT JOIN events e ON e.id = g.event_id
             LEFT JOIN moves m ON m.game_id = g.id
             WHERE g.kind = 'renju' AND g.termination = 'forbidden-move'
               AND (?1 OR g.duplicate_of IS NULL) AND (?2 IS NULL OR e.name = ?2)",
        )?;
        let mut rows = stmt.query(params![f.with_duplicates, f.event])?;
        while let Some(r) = rows.next()? {
            let rec: Option<String> = r.get(0)?;
            let der: Option<String> = r.get(1)?;
            let term: String = r.get(2)?;
            if renju_result(rec.as_deref(), der.as_deref(), &term) != Some("white") {
                continue;
            }
            let data: Option<Vec<u8>> = r.get(3)?;
            kind.push(claimed_kind(&data.unwrap_or_default()));
            unclaimed.push(0);
            claimed.push(1);
        }
    }
    let key: Vec<u32> = kind
        .iter()
        .map(|k| match *k {
            "double-three" => 0,
            "double-four" => 1,
            "overline" => 2,
            _ => 3,
        })
        .collect();
    let df = df!("kind" => kind, "key" => key, "u" => unclaimed, "c" => claimed)?;
    Ok(df
        .lazy()
        .group_by([col("kind")])
        .agg([
            col("key").first(),
            col("u").sum().cast(DataType::UInt32).alias("unclaimed"),
            col("c").sum().cast(DataType::UInt32).alias("claimed_wins"),
        ])
        .with_column((col("unclaimed") + col("claimed_wins")).alias("total"))
        .sort(["key"], SortMultipleOptions::default())
        .select([
            col("kind"),
            col("unclaimed"),
            col("claimed_wins"),
            col("total"),
        ])
        .collect()?)
}

// ---------------------------------------------------------------------------------------
// Every game kind

/// The side that moves first in each game kind and the name of its win.
fn first_side(kind: &str) -> &'static str {
    match kind {
        "renju" => "black",
        "xiangqi" => "red",
        "territorial" => "white",
        _ => "P1",
    }
}

fn effective_result<'a>(kind: &str, g: &'a Game) -> Option<&'a str> {
    if kind == "renju" {
        renju_result(g.recorded.as_deref(), g.derived.as_deref(), &g.termination)
    } else {
        g.result()
    }
}

/// Results of one game kind per `by` (`rule`, `opening`, `event`).
///
/// Columns: `<by>` (str), `games` (u32), `results` (u32: games with a result),
/// `first_wins` (u32: wins of the side moving first — Renju Black, Xiangqi Red,
/// Territorial White, ChouChou P1), `second_wins` (wins of any other side), `draws`,
/// `first_share`, `second_share`, `draw_share` (f64, of `results`). Most games first.
pub fn result_shares(store: &Store, f: &Filter, kind: &str, by: &str) -> Result<DataFrame> {
    if !["rule", "opening", "event"].contains(&by) {
        return Err(Error::Usage(format!(
            "result shares: unknown grouping `{by}` (rule, opening, event)"
        )));
    }
    let first = first_side(kind);
    let (mut key, mut fw, mut sw, mut dr, mut sc) = (vec![], vec![], vec![], vec![], vec![]);
    for g in load_games(store, f, kind)? {
        let r = effective_result(kind, &g);
        key.push(or_none(match by {
            "rule" => &g.rule,
            "opening" => &g.opening,
            _ => &g.event,
        }));
        fw.push((r == Some(first)) as u32);
        dr.push((r == Some("draw")) as u32);
        sw.push(r.is_some_and(|r| r != first && r != "draw") as u32);
        sc.push(r.is_some() as u32);
    }
    let df = df!(by => key, "f" => fw, "s" => sw, "d" => dr, "r" => sc)?;
    Ok(df
        .lazy()
        .group_by([col(by)])
        .agg([
            len().cast(DataType::UInt32).alias("games"),
            col("r").sum().cast(DataType::UInt32).alias("results"),
            col("f").sum().cast(DataType::UInt32).alias("first_wins"),
            col("s").sum().cast(DataType::UInt32).alias("second_wins"),
            col("d").sum().cast(DataType::UInt32).alias("draws"),
        ])
        .with_columns([
            ratio(col("first_wins"), "results").alias("first_share"),
            ratio(col("second_wins"), "results").alias("second_share"),
            ratio(col("draws"), "results").alias("draw_share"),
        ])
        .sort_by_exprs(
            [col("games"), col(by)],
            SortMultipleOptions::default().with_order_descending_multi([true, false]),
        )
        .collect()?)
}

/// Game lengths of one kind: columns `plies_from`, `plies_to` (u32, inclusive bin
/// bounds, `bin` plies wide), `games` (u32); ascending, empty bins left out.
pub fn game_lengths(store: &Store, f: &Filter, kind: &str, bin: u32) -> Result<DataFrame> {
    let plies = load_games(store, f, kind)?
        .into_iter()
        .map(|g| g.plies)
        .collect();
    bins(plies, bin)
}

// ---------------------------------------------------------------------------------------
// Xiangqi

const XQ_PIECES: [&str; 7] = [
    "rook", "cannon", "horse", "advisor", "elephant", "pawn", "king",
];

fn xq_opening(g: &Game) -> String {
    match g.opening.as_deref().map(str::trim) {
        Some(o) if !o.is_empty() => o.to_owned(),
        _ => match g
            .extra("opening_name")
            .and_then(Value::as_str)
            .map(str::trim)
        {
            Some(o) if !o.is_empty() => o.to_owned(),
            _ => NONE.to_owned(),
        },
    }
}

/// Xiangqi results per opening (the ECCO code, else the `Opening` tag, else `(none)`).
///
/// Columns: `opening`, `games`, `results`, `red_wins`, `black_wins`, `draws` (u32),
/// `red_score` (f64: `(red_wins + draws/2) / results`). Most games first.
pub fn xiangqi_results(store: &Store, f: &Filter) -> Result<DataFrame> {
    let (mut op, mut rw, mut bw, mut dr, mut sc) = (vec![], vec![], vec![], vec![], vec![]);
    for g in load_games(store, f, "xiangqi")? {
        let r = g.result();
        op.push(xq_opening(&g));
        rw.push((r == Some("red")) as u32);
        bw.push((r == Some("black")) as u32);
        dr.push((r == Some("draw")) as u32);
        sc.push(matches!(r, Some("red" | "black" | "draw")) as u32);
    }
    let df = df!("opening" => op, "r" => rw, "b" => bw, "d" => dr, "s" => sc)?;
    Ok(df
        .lazy()
        .group_by([col("opening")])
        .agg([
            len().cast(DataType::UInt32).alias("games"),
            col("s").sum().cast(DataType::UInt32).alias("results"),
            col("r").sum().cast(DataType::UInt32).alias("red_wins"),
            col("b").sum().cast(DataType::UInt32).alias("black_wins"),
            col("d").sum().cast(DataType::UInt32).alias("draws"),
        ])
        .with_column(
            ratio(f64_col("red_wins") + f64_col("draws") * lit(0.5), "results").alias("red_score"),
        )
        .sort_by_exprs(
            [col("games"), col("opening")],
            SortMultipleOptions::default().with_order_descending_multi([true, false]),
        )
        .collect()?)
}

/// Xiangqi repetition rulings: columns `kind` (`perpetual-check`, `perpetual-chase`,
/// `repetition-draw` — the game's termination), `games` (u32), `contradicted` (u32: of
/// those, games whose recorded result contradicts the ruling). All three kinds, always.
pub fn xiangqi_rulings(store: &Store, f: &Filter) -> Result<DataFrame> {
    let kinds = ["perpetual-check", "perpetual-chase", "repetition-draw"];
    let mut kind: Vec<&str> = kinds.to_vec();
    let mut key: Vec<u32> = vec![0, 1, 2];
    let mut one: Vec<u32> = vec![0; 3];
    let mut contra: Vec<u32> = vec![0; 3];
    if f.admits("xiangqi") {
        let mut stmt = store.conn().prepare(
            "SELECT g.termination, EXISTS (SELECT 1 FROM findings x WHERE x.game_id = g.id
                    AND x.code = 'result-contradicts-repetition-ruling')
             FROM games g LEFT JOIN events e ON e.id = g.event_id
             WHERE g.kind = 'xiangqi' AND (?1 OR g.duplicate_of IS NULL)
               AND (?2 IS NULL OR e.name = ?2)
               AND g.termination IN ('perpetual-check', 'perpetual-chase', 'repetition-draw')",
        )?;
        let mut rows = stmt.query(params![f.with_duplicates, f.event])?;
        while let Some(r) = rows.next()? {
            let t: String = r.get(0)?;
            let c: bool = r.get(1)?;
            let i = kinds.iter().position(|k| *k == t).unwrap_or(0);
            kind.push(kinds[i]);
            key.push(i as u32);
            one.push(1);
            contra.push(c as u32);
        }
    }
    let df = df!("kind" => kind, "key" => key, "one" => one, "c" => contra)?;
    Ok(df
        .lazy()
        .group_by([col("kind")])
        .agg([
            col("key").first(),
            col("one").sum().cast(DataType::UInt32).alias("games"),
            col("c").sum().cast(DataType::UInt32).alias("contradicted"),
        ])
        .sort(["key"], SortMultipleOptions::default())
        .select([col("kind"), col("games"), col("contradicted")])
        .collect()?)
}

/// Xiangqi pieces taken: columns `side` (the capturing side, `red`/`black`), `piece`
/// (`rook`, `cannon`, `horse`, `advisor`, `elephant`, `pawn`), `taken` (u32). Every side ×
/// piece, Red first, pieces by value.
pub fn xiangqi_captures(store: &Store, f: &Filter) -> Result<DataFrame> {
    let (mut side, mut piece, mut key, mut taken) = (vec![], vec![], vec![], vec![]);
    for (si, s) in ["red", "black"].into_iter().enumerate() {
        for (pi, p) in XQ_PIECES[..6].iter().enumerate() {
            side.push(s.to_owned());
            piece.push((*p).to_owned());
            key.push((si * 10 + pi) as u32);
            taken.push(0u32);
        }
    }
    for g in load_games(store, f, "xiangqi")? {
        let Some(c) = g.extra("captures") else {
            continue;
        };
        for (si, s) in ["red", "black"].into_iter().enumerate() {
            let Some(m) = c.get(s).and_then(Value::as_object) else {
                continue;
            };
            for (p, n) in m {
                let pi = XQ_PIECES.iter().position(|x| x == p).unwrap_or(9);
                side.push(s.to_owned());
                piece.push(p.clone());
                key.push((si * 10 + pi) as u32);
                taken.push(n.as_u64().unwrap_or(0) as u32);
            }
        }
    }
    let df = df!("side" => side, "piece" => piece, "key" => key, "n" => taken)?;
    Ok(df
        .lazy()
        .group_by([col("side"), col("piece")])
        .agg([
            col("key").first(),
            col("n").sum().cast(DataType::UInt32).alias("taken"),
        ])
        .sort(["key"], SortMultipleOptions::default())
        .select([col("side"), col("piece"), col("taken")])
        .collect()?)
}

/// The ply of a game's first capture: Xiangqi `extra.captures.first_capture_ply`,
/// ChouChou the smallest `ply` in `extra.captures`.
fn first_capture(kind: &str, g: &Game) -> Option<u32> {
    let c = g.extra("captures")?;
    match kind {
        "xiangqi" => c.get("first_capture_ply")?.as_u64().map(|p| p as u32),
        "chouchou" => c
            .as_array()?
            .iter()
            .filter_map(|e| e.get("ply")?.as_u64())
            .min()
            .map(|p| p as u32),
        _ => None,
    }
}

/// Distribution of the first-capture ply (`xiangqi` or `chouchou`): columns
/// `plies_from`, `plies_to`, `games` (u32); games without a capture are left out.
pub fn first_capture_plies(store: &Store, f: &Filter, kind: &str, bin: u32) -> Result<DataFrame> {
    let plies = load_games(store, f, kind)?
        .iter()
        .filter_map(|g| first_capture(kind, g))
        .collect();
    bins(plies, bin)
}

/// Xiangqi material balance (Red − Black, half-pawn units: rook 18, cannon 9, horse 8,
/// advisor 4, elephant 4, pawn 2) after each ply: columns `ply` (u32, 1-based),
/// `mean_balance` (f64), `games` (u32: games that reached the ply).
pub fn xiangqi_material_curve(store: &Store, f: &Filter) -> Result<DataFrame> {
    let (mut ply, mut bal) = (Vec::new(), Vec::new());
    for g in load_games(store, f, "xiangqi")? {
        let Some(m) = g
            .extra("captures")
            .and_then(|c| c.get("material"))
            .and_then(Value::as_array)
        else {
            continue;
        };
        for (i, v) in m.iter().enumerate() {
            if let Some(v) = v.as_i64() {
                ply.push(i as u32 + 1);
                bal.push(v);
            }
        }
    }
    let df = df!("ply" => ply, "b" => bal)?;
    Ok(df
        .lazy()
        .group_by([col("ply")])
        .agg([
            f64_col("b").mean().alias("mean_balance"),
            len().cast(DataType::UInt32).alias("games"),
        ])
        .sort(["ply"], SortMultipleOptions::default())
        .collect()?)
}

// ---------------------------------------------------------------------------------------
// Chess Territorial

fn num(v: Option<&Value>) -> Option<f64> {
    v.and_then(Value::as_f64)
}

/// Chess Territorial scores, one row per game with a score: `game` (i64), `white`,
/// `black` (i64), `margin` (i64: white − black), `result` (str, see the crate docs; null
/// when none). In game order.
pub fn territorial_scores(store: &Store, f: &Filter) -> Result<DataFrame> {
    let (mut id, mut w, mut b, mut res) = (vec![], vec![], vec![], vec![]);
    for g in load_games(store, f, "territorial")? {
        let Some(s) = g.extra("score") else { continue };
        let (Some(ws), Some(bs)) = (num(s.get("white")), num(s.get("black"))) else {
            continue;
        };
        id.push(g.id);
        w.push(ws as i64);
        b.push(bs as i64);
        res.push(g.result().map(str::to_owned));
    }
    let df = df!("game" => id, "white" => w, "black" => b, "result" => res)?;
    Ok(df
        .lazy()
        .select([
            col("game"),
            col("white"),
            col("black"),
            (col("white") - col("black")).alias("margin"),
            col("result"),
        ])
        .collect()?)
}

/// Chess Territorial in one row: `games`, `results`, `white_wins`, `black_wins`, `draws`
/// (u32), `white_score` (f64: White moves first; `(white_wins + draws/2) / results`),
/// `white_mean`, `black_mean`, `margin_mean` (f64, over games with a score),
/// `territories` (u32), `doubled_share` (f64: territories counting double, holding the
/// king or the queen).
pub fn territorial_summary(store: &Store, f: &Filter) -> Result<DataFrame> {
    let games = load_games(store, f, "territorial")?;
    let (mut ww, mut bw, mut dr, mut sc) = (vec![], vec![], vec![], vec![]);
    let (mut ws, mut bs) = (vec![], vec![]);
    let (mut terr, mut doubled) = (0u32, 0u32);
    for g in &games {
        let r = g.result();
        ww.push((r == Some("white")) as u32);
        bw.push((r == Some("black")) as u32);
        dr.push((r == Some("draw")) as u32);
        sc.push(matches!(r, Some("white" | "black" | "draw")) as u32);
        let s = g.extra("score");
        ws.push(num(s.and_then(|s| s.get("white"))));
        bs.push(num(s.and_then(|s| s.get("black"))));
        for t in s
            .and_then(|s| s.get("territories"))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            terr += 1;
            doubled += (num(t.get("multiplier")).unwrap_or(1.0) > 1.0) as u32;
        }
    }
    let df = df!(
        "w" => ww, "b" => bw, "d" => dr, "s" => sc, "ws" => ws, "bs" => bs,
    )?;
    Ok(df
        .lazy()
        .select([
            len().cast(DataType::UInt32).alias("games"),
            col("s").sum().cast(DataType::UInt32).alias("results"),
            col("w").sum().cast(DataType::UInt32).alias("white_wins"),
            col("b").sum().cast(DataType::UInt32).alias("black_wins"),
            col("d").sum().cast(DataType::UInt32).alias("draws"),
            col("ws").mean().alias("white_mean"),
            col("bs").mean().alias("black_mean"),
            (col("ws") - col("bs")).mean().alias("margin_mean"),
        ])
        .with_column(
            ratio(
                f64_col("white_wins") + f64_col("draws") * lit(0.5),
                "results",
            )
            .alias("white_score"),
        )
        .with_columns([
            lit(terr).cast(DataType::UInt32).alias("territories"),
            if terr > 0 {
                lit(doubled as f64 / terr as f64)
            } else {
                lit(NULL).cast(DataType::Float64)
            }
            .alias("doubled_share"),
        ])
        .select([
            col("games"),
            col("results"),
            col("white_wins"),
            col("black_wins"),
            col("draws"),
            col("white_score"),
            col("white_mean"),
            col("black_mean"),
            col("margin_mean"),
            col("territories"),
            col("doubled_share"),
        ])
        .collect()?)
}

/// Chess Territorial territories by side and multiplier: `side`, `multiplier` (i64),
/// `territories` (u32), `cells` (i64: their total size), `points` (i64: size × multiplier).
pub fn territorial_multipliers(store: &Store, f: &Filter) -> Result<DataFrame> {
    let (mut side, mut mult, mut size) = (Vec::<String>::new(), vec![], vec![]);
    for g in load_games(store, f, "territorial")? {
        let ts = g
            .extra("score")
            .and_then(|s| s.get("territories"))
            .and_then(Value::as_array);
        for t in ts.into_iter().flatten() {
            side.push(
                t.get("side")
                    .and_then(Value::as_str)
                    .unwrap_or(NONE)
                    .to_owned(),
            );
            mult.push(num(t.get("multiplier")).unwrap_or(1.0) as i64);
            size.push(num(t.get("size")).unwrap_or(0.0) as i64);
        }
    }
    let df = df!("side" => side, "multiplier" => mult, "size" => size)?;
    Ok(df
        .lazy()
        .group_by([col("side"), col("multiplier")])
        .agg([
            len().cast(DataType::UInt32).alias("territories"),
            col("size").sum().alias("cells"),
            (col("size") * col("multiplier")).sum().alias("points"),
        ])
        .sort(["side", "multiplier"], SortMultipleOptions::default())
        .collect()?)
}

// ---------------------------------------------------------------------------------------
// ChouChou

fn sum_u64(v: Option<&Value>) -> u64 {
    v.and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_u64).sum())
        .unwrap_or(0)
}

/// ChouChou per `variant` (`3x3`, `js`, `4x4`) × `players` (u32) × `pairs` (bool):
/// `games`, `results` (u32: games with a winner), `first_player_wins` (u32: P1 won),
/// `first_player_share` (f64, of `results`), `mean_plies` (f64), `captures_per_game`
/// (f64: capture events per game), `simultaneous_share` (f64: capture events whose
/// simultaneous step took more than one piece — the store keeps pieces per step, not the
/// lines formed), `chain_share` (f64: capture events with at least one chain step),
/// `penalties` (u32: penalty pieces received, all games), `penalty_games` (u32: games
/// with a penalty). Sorted by variant, players, pairs.
pub fn chouchou_summary(store: &Store, f: &Filter) -> Result<DataFrame> {
    let (mut variant, mut players, mut pairs) = (vec![], vec![], vec![]);
    let (mut p1, mut sc, mut plies, mut caps) = (vec![], vec![], vec![], vec![]);
    let (mut simul, mut chain, mut pen) = (vec![], vec![], vec![]);
    for g in load_games(store, f, "chouchou")? {
        let r = g.result();
        variant.push(
            g.extra("variant")
                .and_then(Value::as_str)
                .unwrap_or(NONE)
                .to_owned(),
        );
        players.push(g.extra("players").and_then(Value::as_u64).unwrap_or(0) as u32);
        pairs.push(g.extra("pairs").and_then(Value::as_bool).unwrap_or(false));
        p1.push((r == Some("P1")) as u32);
        sc.push(r.is_some() as u32);
        plies.push(g.plies);
        let events: &[Value] = g
            .extra("captures")
            .and_then(Value::as_array)
            .map_or(&[], |v| v.as_slice());
        caps.push(events.len() as u32);
        let steps = |e: &Value| -> Vec<u64> {
            e.get("steps")
                .and_then(Value::as_array)
                .map(|s| s.iter().filter_map(Value::as_u64).collect())
                .unwrap_or_default()
        };
        simul.push(
            events
                .iter()
                .filter(|e| steps(e).first().is_some_and(|&n| n > 1))
                .count() as u32,
        );
        chain.push(events.iter().filter(|e| steps(e).len() > 1).count() as u32);
        pen.push(sum_u64(g.extra("penalty")) as u32);
    }
    let df = df!(
        "variant" => variant, "players" => players, "pairs" => pairs, "p1" => p1,
        "sc" => sc, "plies" => plies, "caps" => caps, "simul" => simul, "chain" => chain,
        "pen" => pen,
    )?;
    Ok(df
        .lazy()
        .group_by([col("variant"), col("players"), col("pairs")])
        .agg([
            len().cast(DataType::UInt32).alias("games"),
            col("sc").sum().cast(DataType::UInt32).alias("results"),
            col("p1")
                .sum()
                .cast(DataType::UInt32)
                .alias("first_player_wins"),
            f64_col("plies").mean().alias("mean_plies"),
            col("caps")
                .sum()
                .cast(DataType::UInt32)
                .alias("capture_events"),
            col("simul").sum().alias("simul"),
            col("chain").sum().alias("chain"),
            col("pen").sum().cast(DataType::UInt32).alias("penalties"),
            col("pen")
                .gt(lit(0))
                .cast(DataType::UInt32)
                .sum()
                .cast(DataType::UInt32)
                .alias("penalty_games"),
        ])
        .with_columns([
            ratio(col("first_player_wins"), "results").alias("first_player_share"),
            ratio(col("capture_events"), "games").alias("captures_per_game"),
            ratio(col("simul"), "capture_events").alias("simultaneous_share"),
            ratio(col("chain"), "capture_events").alias("chain_share"),
        ])
        .sort(
            ["variant", "players", "pairs"],
            SortMultipleOptions::default(),
        )
        .select([
            col("variant"),
            col("players"),
            col("pairs"),
            col("games"),
            col("results"),
            col("first_player_wins"),
            col("first_player_share"),
            col("mean_plies"),
            col("captures_per_game"),
            col("simultaneous_share"),
            col("chain_share"),
            col("penalties"),
            col("penalty_games"),
        ])
        .collect()?)
}

/// ChouChou captures per action type: `action` (`place`, `move-two`, `swap-one`,
/// `penalty`), `captures` (u32: capture events), `pieces` (u32: pieces taken),
/// `chains` (u32: events with a chain step). Most captures first.
pub fn chouchou_captures_by_action(store: &Store, f: &Filter) -> Result<DataFrame> {
    let (mut action, mut taken, mut chain) = (vec![], vec![], vec![]);
    for g in load_games(store, f, "chouchou")? {
        for e in g
            .extra("captures")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            action.push(
                e.get("action")
                    .and_then(Value::as_str)
                    .unwrap_or(NONE)
                    .to_owned(),
            );
            taken.push(e.get("taken").and_then(Value::as_u64).unwrap_or(0) as u32);
            chain.push(
                e.get("steps")
                    .and_then(Value::as_array)
                    .is_some_and(|s| s.len() > 1) as u32,
            );
        }
    }
    let df = df!("action" => action, "t" => taken, "c" => chain)?;
    Ok(df
        .lazy()
        .group_by([col("action")])
        .agg([
            len().cast(DataType::UInt32).alias("captures"),
            col("t").sum().cast(DataType::UInt32).alias("pieces"),
            col("c").sum().cast(DataType::UInt32).alias("chains"),
        ])
        .sort_by_exprs(
            [col("captures"), col("action")],
            SortMultipleOptions::default().with_order_descending_multi([true, false]),
        )
        .collect()?)
}

// ---------------------------------------------------------------------------------------
// Findings

/// Findings rows `(source, event, kind, code, severity, record)` under the filter. A
/// quarantined record has kind `unreadable` and no event; it is kept only when the filter
/// names no game kind and no event. Findings of linked copies follow `with_duplicates`.
fn finding_rows(store: &Store, f: &Filter) -> Result<DataFrame> {
    let mut stmt = store.conn().prepare(
        "SELECT CASE WHEN coalesce(g.member, q.member, '') = '' THEN s.path
                     ELSE s.path || '!' || coalesce(g.member, q.member) END,
                e.name, coalesce(g.kind, 'unreadable'), x.code, x.severity,
                coalesce(x.game_id, -x.quarantine_id)
         FROM findings x
         JOIN sources s ON s.id = x.source_id
         LEFT JOIN games g ON g.id = x.game_id
         LEFT JOIN quarantine q ON q.id = x.quarantine_id
         LEFT JOIN events e ON e.id = g.event_id
         WHERE (x.game_id IS NULL OR ?1 OR g.duplicate_of IS NULL)
           AND (?2 IS NULL OR e.name = ?2)
           AND (?3 IS NULL OR g.kind = ?3)",
    )?;
    let (mut source, mut event, mut kind) = (vec![], vec![], vec![]);
    let (mut code, mut severity, mut record) = (vec![], vec![], vec![]);
    let mut rows = stmt.query(params![f.with_duplicates, f.event, f.game])?;
    while let Some(r) = rows.next()? {
        source.push(r.get::<_, String>(0)?);
        event.push(or_none(&r.get::<_, Option<String>>(1)?));
        kind.push(r.get::<_, String>(2)?);
        code.push(r.get::<_, String>(3)?);
        severity.push(r.get::<_, String>(4)?);
        record.push(r.get::<_, i64>(5)?);
    }
    Ok(df!(
        "source" => source, "event" => event, "kind" => kind, "code" => code,
        "severity" => severity, "record" => record,
    )?)
}

/// The audit overview: findings per source file (with `!member` inside an archive),
/// event, game kind (`unreadable` for quarantined records), code and severity.
///
/// Columns: `source`, `event`, `kind`, `code`, `severity` (str), `findings` (u32),
/// `records` (u32: distinct games or quarantined records touched). Most findings first.
pub fn findings_overview(store: &Store, f: &Filter) -> Result<DataFrame> {
    Ok(finding_rows(store, f)?
        .lazy()
        .group_by([
            col("source"),
            col("event"),
            col("kind"),
            col("code"),
            col("severity"),
        ])
        .agg([
            len().cast(DataType::UInt32).alias("findings"),
            col("record")
                .n_unique()
                .cast(DataType::UInt32)
                .alias("records"),
        ])
        .sort_by_exprs(
            [
                col("findings"),
                col("source"),
                col("event"),
                col("kind"),
                col("code"),
                col("severity"),
            ],
            SortMultipleOptions::default()
                .with_order_descending_multi([true, false, false, false, false, false]),
        )
        .collect()?)
}

/// Findings per event and severity: `event`, `info`, `warning`, `error` (u32), `total`.
/// Sorted by event.
pub fn findings_by_event(store: &Store, f: &Filter) -> Result<DataFrame> {
    let sev = |s: &str| {
        col("severity")
            .eq(lit(s.to_owned()))
            .cast(DataType::UInt32)
            .sum()
            .cast(DataType::UInt32)
            .alias(s)
    };
    Ok(finding_rows(store, f)?
        .lazy()
        .group_by([col("event")])
        .agg([
            sev("info"),
            sev("warning"),
            sev("error"),
            len().cast(DataType::UInt32).alias("total"),
        ])
        .sort(["event"], SortMultipleOptions::default())
        .collect()?)
}

/// The database in one table: per game kind, `records` (games stored, linked copies
/// included), `linked_copies`, `valid` and `with_findings` (games without / with a warning
/// or error finding; linked copies included, as `kifu ingest` counts them), `events`; and
/// a row `unreadable` with the quarantined records when the filter names no kind or event.
pub fn overview(store: &Store, f: &Filter) -> Result<DataFrame> {
    let mut stmt = store.conn().prepare(
        "SELECT g.kind, count(*), sum(g.duplicate_of IS NOT NULL),
                sum(EXISTS (SELECT 1 FROM findings x WHERE x.game_id = g.id
                             AND x.severity IN ('warning', 'error'))),
                count(DISTINCT g.event_id)
         FROM games g LEFT JOIN events e ON e.id = g.event_id
         WHERE (?1 IS NULL OR e.name = ?1) AND (?2 IS NULL OR g.kind = ?2)
         GROUP BY g.kind ORDER BY g.kind",
    )?;
    let (mut kind, mut records, mut copies, mut valid, mut flagged, mut events) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    let mut rows = stmt.query(params![f.event, f.game])?;
    while let Some(r) = rows.next()? {
        let n = r.get::<_, i64>(1)? as u32;
        let bad = r.get::<_, i64>(3)? as u32;
        kind.push(r.get::<_, String>(0)?);
        records.push(n);
        copies.push(r.get::<_, i64>(2)? as u32);
        valid.push(n - bad);
        flagged.push(bad);
        events.push(r.get::<_, i64>(4)? as u32);
    }
    if f.game.is_none() && f.event.is_none() {
        let quarantined: i64 =
            store
                .conn()
                .query_row("SELECT count(*) FROM quarantine", [], |r| r.get(0))?;
        if quarantined > 0 {
            kind.push("unreadable".into());
            records.push(quarantined as u32);
            copies.push(0);
            valid.push(0);
            flagged.push(quarantined as u32);
            events.push(0);
        }
    }
    Ok(df!(
        "kind" => kind, "records" => records, "linked_copies" => copies, "valid" => valid,
        "with_findings" => flagged, "events" => events,
    )?)
}

/// Chess Territorial score margins (White − Black) in bins of `bin` points: columns
/// `margin_from`, `margin_to` (i64), `games` (u32), ascending.
pub fn territorial_margins(store: &Store, f: &Filter, bin: i64) -> Result<DataFrame> {
    let bin = bin.max(1);
    let scores = territorial_scores(store, f)?;
    let from: Vec<i64> = scores
        .column("margin")?
        .i64()?
        .iter()
        .flatten()
        .map(|m| m.div_euclid(bin) * bin)
        .collect();
    let df = df!("margin_from" => from)?;
    Ok(df
        .lazy()
        .group_by([col("margin_from")])
        .agg([len().cast(DataType::UInt32).alias("games")])
        .select([
            col("margin_from"),
            (col("margin_from") + lit(bin - 1)).alias("margin_to"),
            col("games"),
        ])
        .sort(["margin_from"], SortMultipleOptions::default())
        .collect()?)
}

/// Games per opening code for one game kind, with their share of the classified games.
pub fn opening_counts(store: &Store, kind: &str) -> Result<DataFrame> {
    let counts = store.opening_counts(kind)?;
    let (opening, games): (Vec<Option<String>>, Vec<u64>) = counts.into_iter().unzip();
    let df = df!("opening" => opening, "games" => games)?;
    let out = df
        .lazy()
        .filter(col("opening").is_not_null())
        .with_column(
            (col("games").cast(DataType::Float64) / col("games").sum().cast(DataType::Float64))
                .alias("share"),
        )
        .collect()?;
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// kifu stats

/// The tables of `kifu stats`, named, for the game kinds present under the filter.
///
/// Without `by`: per kind present — Renju `renju_balance` (overall), `renju_balance_by_rule`,
/// `renju_balance_by_opening`, `renju_balance_by_rule_opening`, `renju_balance_by_year`
/// (when dates give years), `renju_forbidden`, `renju_lengths`; Xiangqi `xiangqi_results`,
/// `xiangqi_rulings`, `xiangqi_captures`, `xiangqi_first_capture`, `xiangqi_material`,
/// `xiangqi_lengths`; Territorial `territorial_summary`, `territorial_scores`,
/// `territorial_multipliers`, `territorial_lengths`; ChouChou `chouchou_summary`,
/// `chouchou_captures`, `chouchou_first_capture`, `chouchou_lengths`; then
/// `findings_overview` and `findings_by_event`.
///
/// With `by` (a comma-separated list for Renju, e.g. `rule,opening`): only the grouped
/// tables — `renju_balance_by_<keys>` for Renju, `<kind>_results_by_<by>`
/// ([`result_shares`]) for the other kinds when `by` is `rule`, `opening` or `event`,
/// and `findings_by_event` when `by` is `event`.
pub fn stats(store: &Store, f: &Filter, by: Option<&str>) -> Result<Vec<(String, DataFrame)>> {
    let kinds = kinds_present(store, f)?;
    let mut out: Vec<(String, DataFrame)> = Vec::new();
    if let Some(by) = by {
        let keys: Vec<&str> = by
            .split(',')
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .collect();
        let shares_key =
            (keys.len() == 1 && ["rule", "opening", "event"].contains(&keys[0])).then(|| keys[0]);
        let balance_ok = !keys.is_empty() && keys.iter().all(|k| BALANCE_KEYS.contains(k));
        if shares_key.is_none() && !balance_ok {
            return Err(Error::Usage(format!(
                "stats: unknown grouping `{by}` (rule, opening, year, event)"
            )));
        }
        for (kind, _) in &kinds {
            if kind == "renju" && balance_ok {
                out.push((
                    format!("renju_balance_by_{}", keys.join("_")),
                    renju_opening_balance(store, f, &keys)?,
                ));
            } else if let Some(k) = shares_key {
                out.push((
                    format!("{kind}_results_by_{k}"),
                    result_shares(store, f, kind, k)?,
                ));
            }
        }
        if shares_key == Some("event") {
            out.push(("findings_by_event".into(), findings_by_event(store, f)?));
        }
        return Ok(out);
    }
    for (kind, _) in &kinds {
        match kind.as_str() {
            "renju" => {
                out.push((
                    "renju_balance".into(),
                    renju_opening_balance(store, f, &[])?,
                ));
                for keys in [&["rule"][..], &["opening"][..], &["rule", "opening"][..]] {
                    out.push((
                        format!("renju_balance_by_{}", keys.join("_")),
                        renju_opening_balance(store, f, keys)?,
                    ));
                }
                let by_year = renju_opening_balance(store, f, &["year"])?;
                if by_year.height() > 0 {
                    out.push(("renju_balance_by_year".into(), by_year));
                }
                out.push(("renju_forbidden".into(), renju_forbidden(store, f)?));
                out.push(("renju_lengths".into(), game_lengths(store, f, kind, 10)?));
            }
            "xiangqi" => {
                out.push(("xiangqi_results".into(), xiangqi_results(store, f)?));
                out.push(("xiangqi_rulings".into(), xiangqi_rulings(store, f)?));
                out.push(("xiangqi_captures".into(), xiangqi_captures(store, f)?));
                out.push((
                    "xiangqi_first_capture".into(),
                    first_capture_plies(store, f, kind, 5)?,
                ));
                out.push(("xiangqi_material".into(), xiangqi_material_curve(store, f)?));
                out.push(("xiangqi_lengths".into(), game_lengths(store, f, kind, 20)?));
            }
            "territorial" => {
                out.push(("territorial_summary".into(), territorial_summary(store, f)?));
                out.push(("territorial_scores".into(), territorial_scores(store, f)?));
                out.push((
                    "territorial_multipliers".into(),
                    territorial_multipliers(store, f)?,
                ));
                out.push((
                    "territorial_lengths".into(),
                    game_lengths(store, f, kind, 5)?,
                ));
            }
            "chouchou" => {
                out.push(("chouchou_summary".into(), chouchou_summary(store, f)?));
                out.push((
                    "chouchou_captures".into(),
                    chouchou_captures_by_action(store, f)?,
                ));
                out.push((
                    "chouchou_first_capture".into(),
                    first_capture_plies(store, f, kind, 2)?,
                ));
                out.push(("chouchou_lengths".into(), game_lengths(store, f, kind, 5)?));
            }
            _ => {}
        }
    }
    out.push(("findings_overview".into(), findings_overview(store, f)?));
    out.push(("findings_by_event".into(), findings_by_event(store, f)?));
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// Output

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
        s.push_str(&Value::from(name.as_str()).to_string());
        s.push(':');
        s.push_str(String::from_utf8_lossy(&buf).trim());
    }
    s.push('}');
    Ok(s)
}

// ---------------------------------------------------------------------------------------
// kifu export

/// What [`export`] wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExportSummary {
    pub games: u64,
    pub moves: u64,
    pub findings: u64,
    /// Every file written.
    pub files: Vec<PathBuf>,
}

fn games_table(store: &Store) -> Result<DataFrame> {
    let mut players: BTreeMap<i64, String> = BTreeMap::new();
    {
        let mut stmt = store.conn().prepare(
            "SELECT gp.game_id, gp.side, p.name FROM game_players gp
             JOIN players p ON p.id = gp.player_id ORDER BY gp.game_id, gp.seat",
        )?;
        let mut rows = stmt.query([])?;
        while let Some(r) = rows.next()? {
            let e = players.entry(r.get(0)?).or_default();
            if !e.is_empty() {
                e.push_str("; ");
            }
            e.push_str(&r.get::<_, String>(1)?);
            e.push(':');
            e.push_str(&r.get::<_, String>(2)?);
        }
    }
    let mut stmt = store.conn().prepare(
        "SELECT g.id, g.kind, s.path, g.member, g.record_id, g.offset, g.line, g.\"column\",
                g.format, e.name, g.round, g.date, g.rule, g.recorded_result, g.result_text,
                g.derived_result, g.termination, g.plies, g.opening, g.duplicate_of, g.extra
         FROM games g JOIN sources s ON s.id = g.source_id
         LEFT JOIN events e ON e.id = g.event_id ORDER BY g.id",
    )?;
    let mut c: [Vec<Option<String>>; 15] = Default::default();
    let (mut id, mut offset, mut line, mut column, mut plies, mut dup) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    let mut pl = Vec::new();
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let gid: i64 = r.get(0)?;
        id.push(gid);
        offset.push(r.get::<_, i64>(5)?);
        line.push(r.get::<_, i64>(6)?);
        column.push(r.get::<_, i64>(7)?);
        plies.push(r.get::<_, i64>(17)?);
        dup.push(r.get::<_, Option<i64>>(19)?);
        let text_cols = [1, 2, 3, 4, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20];
        for (slot, &i) in c.iter_mut().zip(text_cols.iter()) {
            slot.push(r.get::<_, Option<String>>(i)?);
        }
        pl.push(players.get(&gid).cloned());
    }
    let [kind, source, member, record_id, format, event, round, date, rule, recorded, result_text, derived, termination, opening, extra] =
        c;
    Ok(df!(
        "id" => id, "kind" => kind, "source" => source, "member" => member,
        "record_id" => record_id, "offset" => offset, "line" => line, "column" => column,
        "format" => format, "event" => event, "round" => round, "date" => date,
        "players" => pl, "rule" => rule, "recorded_result" => recorded,
        "result_text" => result_text, "derived_result" => derived,
        "termination" => termination, "plies" => plies, "opening" => opening,
        "duplicate_of" => dup, "extra" => extra,
    )?)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn moves_table(store: &Store, binary: bool) -> Result<DataFrame> {
    let mut stmt = store.conn().prepare(
        "SELECT m.game_id, g.kind, m.encoding, g.plies, m.data FROM moves m
         JOIN games g ON g.id = m.game_id ORDER BY m.game_id",
    )?;
    let (mut id, mut kind, mut enc, mut plies) = (vec![], vec![], vec![], vec![]);
    let (mut data, mut data_hex) = (Vec::<Vec<u8>>::new(), Vec::<String>::new());
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        id.push(r.get::<_, i64>(0)?);
        kind.push(r.get::<_, String>(1)?);
        enc.push(r.get::<_, String>(2)?);
        plies.push(r.get::<_, i64>(3)?);
        let d: Vec<u8> = r.get(4)?;
        if binary {
            data.push(d);
        } else {
            data_hex.push(hex(&d));
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

fn findings_table(store: &Store) -> Result<DataFrame> {
    let mut stmt = store.conn().prepare(
        "SELECT x.id, coalesce(g.kind, 'unreadable'), s.path,
                coalesce(g.member, q.member, ''), x.game_id, x.quarantine_id, x.ply, x.code,
                x.severity, x.message, x.rule, x.offset, x.line, x.\"column\"
         FROM findings x JOIN sources s ON s.id = x.source_id
         LEFT JOIN games g ON g.id = x.game_id
         LEFT JOIN quarantine q ON q.id = x.quarantine_id ORDER BY x.id",
    )?;
    let mut t: [Vec<String>; 7] = Default::default();
    let (mut id, mut game, mut quar, mut ply) = (vec![], vec![], vec![], vec![]);
    let (mut offset, mut line, mut column) = (vec![], vec![], vec![]);
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        id.push(r.get::<_, i64>(0)?);
        game.push(r.get::<_, Option<i64>>(4)?);
        quar.push(r.get::<_, Option<i64>>(5)?);
        ply.push(r.get::<_, Option<i64>>(6)?);
        offset.push(r.get::<_, i64>(11)?);
        line.push(r.get::<_, i64>(12)?);
        column.push(r.get::<_, i64>(13)?);
        for (slot, i) in t.iter_mut().zip([1, 2, 3, 7, 8, 9, 10]) {
            slot.push(r.get::<_, String>(i)?);
        }
    }
    let [kind, source, member, code, severity, message, rule] = t;
    Ok(df!(
        "id" => id, "kind" => kind, "source" => source, "member" => member,
        "game_id" => game, "quarantine_id" => quar, "ply" => ply, "code" => code,
        "severity" => severity, "message" => message, "rule" => rule,
        "offset" => offset, "line" => line, "column" => column,
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
/// `games.players` is `side:name; side:name` in seat order; `games.extra` the JSON text.
pub fn export(store: &Store, format: Format, dir: &Path) -> Result<ExportSummary> {
    std::fs::create_dir_all(dir)?;
    let binary = format == Format::Parquet;
    let mut tables = [
        ("games", games_table(store)?),
        ("moves", moves_table(store, binary)?),
        ("findings", findings_table(store)?),
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
