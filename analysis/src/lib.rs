//! polars summaries of a kifu database. Only this crate depends on polars.

pub use polars;

use kifu_store::Store;
use polars::prelude::*;

#[derive(Debug)]
pub enum Error {
    Store(kifu_store::Error),
    Polars(PolarsError),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Store(e) => e.fmt(f),
            Error::Polars(e) => write!(f, "analysis error: {e}"),
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

impl From<kifu_store::rusqlite::Error> for Error {
    fn from(e: kifu_store::rusqlite::Error) -> Error {
        Error::Store(kifu_store::Error::Sqlite(e))
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// The audit overview: findings per game kind, code and severity, with the number of
/// distinct games they touch, most frequent first.
pub fn findings_overview(store: &Store) -> Result<DataFrame> {
    let mut stmt = store.conn().prepare(
        "SELECT coalesce(g.kind, 'unreadable'), f.code, f.severity, coalesce(f.game_id, -f.quarantine_id)
         FROM findings f LEFT JOIN games g ON g.id = f.game_id",
    )?;
    let (mut kind, mut code, mut severity, mut record) = (vec![], vec![], vec![], vec![]);
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        kind.push(r.get::<_, String>(0)?);
        code.push(r.get::<_, String>(1)?);
        severity.push(r.get::<_, String>(2)?);
        record.push(r.get::<_, i64>(3)?);
    }
    let df = df!(
        "kind" => kind,
        "code" => code,
        "severity" => severity,
        "record" => record,
    )?;
    let out = df
        .lazy()
        .group_by([col("kind"), col("code"), col("severity")])
        .agg([
            len().alias("findings"),
            col("record").n_unique().alias("records"),
        ])
        .sort_by_exprs(
            [col("findings"), col("code")],
            SortMultipleOptions::default().with_order_descending_multi([true, false]),
        )
        .collect()?;
    Ok(out)
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
