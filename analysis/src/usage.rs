//! A request the analysis cannot serve, and why: an unknown grouping, a group no game is
//! in, an export or dataset folder that may not be written or appended to. Each says so
//! in the words the command line shows.

use std::fmt;
use std::path::PathBuf;

use kifu_facts::{closest, GameKind};

/// How the groupings of `kifu stats --by` combine.
const STATS_HOW: &str = "Renju's balance tables take any of rule, opening, year, decade, \
                         comma-separated; the others one";

/// A request the analysis cannot serve.
#[derive(Debug)]
pub enum Usage {
    /// `stats --by` names a grouping that is none; `valid`: the registry's groupings
    /// ([`crate::registry::groupings`]).
    StatsGrouping {
        wrong: String,
        valid: Vec<&'static str>,
    },
    /// `stats --by` names no grouping at all.
    NoStatsGrouping {
        by: String,
    },
    /// `stats --by` names groupings that do not go together.
    StatsGroupingsApart {
        by: String,
    },
    /// `stats --adjusted` on a game without a first mover's advantage to fit.
    NoAdvantage {
        kind: GameKind,
    },
    AdjustedGrouping {
        by: String,
        kind: GameKind,
        valid: &'static [&'static str],
    },
    /// `stats --compare` names a group no game is in.
    NoGameInGroup {
        kind: GameKind,
        by: String,
        name: String,
        groups: Vec<String>,
    },
    /// `stats --compare` names a group the fit leaves out (too few games, no opening).
    GroupLeftOut {
        by: String,
        name: String,
        games: u32,
        flag: &'static str,
    },
    /// `stats --compare` names one group twice.
    OneGroup {
        a: String,
        b: String,
    },
    SharesGrouping {
        by: String,
        valid: &'static [&'static str],
    },
    BalanceGrouping {
        key: String,
    },
    /// One player's or event's record asked by a pattern (`*`), which names many.
    NamePattern {
        what: &'static str,
        name: String,
    },
    /// An export asked for the table format.
    NotADataFormat,
    /// `--overwrite` of a folder that is no kifu export.
    NotAnExport {
        dir: PathBuf,
    },
    /// An export folder path without a last component.
    NoDirectory {
        dir: PathBuf,
    },
    /// `export --append` refused.
    Append {
        dir: PathBuf,
        refusal: Refusal,
    },
    /// A value of the wrong type for its column (a bug in a table's rows).
    BadCell {
        table: &'static str,
        column: &'static str,
    },
    /// A row with another number of values than its table's columns.
    RowWidth {
        table: &'static str,
        values: usize,
        columns: usize,
    },
    /// An export's writer thread is gone without an error of its own.
    WriterStopped {
        table: &'static str,
    },
    /// `ingest --to-parquet`: a game of a source the shard has not seen.
    NoSource {
        id: i64,
    },
    /// `ingest --to-parquet` into a folder that exists, without `--overwrite`.
    DatasetExists {
        dir: PathBuf,
    },
    /// `ingest --to-parquet --overwrite` of a folder that is no kifu dataset.
    NotADataset {
        dir: PathBuf,
    },
}

/// Why `export --append` cannot add to an export.
#[derive(Debug)]
pub enum Refusal {
    NotParquet,
    Filtered,
    NoState(std::io::Error),
    StateNotJson(serde_json::Error),
    SchemaVersion { found: serde_json::Value },
    OtherColumns,
    NotEveryRecord,
    OtherDatabase,
    NoMark { table: String },
}

/// The file beside `_schema.json` that says what an export covered, for `--append`.
pub(crate) const STATE_FILE: &str = "_export.json";

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotParquet => f.write_str("only a Parquet export can be appended to"),
            Refusal::Filtered => f.write_str(
                "an append adds every record ingested since the last export, so it takes no \
                 filter",
            ),
            Refusal::NoState(e) => write!(f, "no {STATE_FILE} to append after ({e})"),
            Refusal::StateNotJson(e) => write!(f, "{STATE_FILE} is not JSON ({e})"),
            Refusal::SchemaVersion { found } => write!(
                f,
                "it has schema version {found}, this kifu writes {} (export it again with \
                 --overwrite)",
                crate::contract::SCHEMA_VERSION
            ),
            Refusal::OtherColumns => f.write_str(
                "its tables have other columns than this kifu writes (export it again with \
                 --overwrite)",
            ),
            Refusal::NotEveryRecord => f.write_str("it is not a Parquet export of every record"),
            Refusal::OtherDatabase => f.write_str("it was exported from another database"),
            Refusal::NoMark { table } => write!(f, "{STATE_FILE} has no mark for {table}"),
        }
    }
}

impl fmt::Display for Usage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Usage::StatsGrouping { wrong, valid } => write!(
                f,
                "stats: unknown grouping `{wrong}`; valid, closest first: {} ({STATS_HOW})",
                closest(wrong, valid.iter().copied(), valid.len()).join(", ")
            ),
            Usage::NoStatsGrouping { by } => {
                write!(f, "stats: `--by {by}` names no grouping ({STATS_HOW})")
            }
            Usage::StatsGroupingsApart { by } => {
                write!(
                    f,
                    "stats: the groupings `{by}` do not go together ({STATS_HOW})"
                )
            }
            Usage::NoAdvantage { kind } => write!(
                f,
                "stats --adjusted: {kind} has no first mover's advantage to fit (Renju and \
                 Xiangqi have)"
            ),
            Usage::AdjustedGrouping { by, kind, valid } => write!(
                f,
                "stats --adjusted: unknown grouping `{by}` for {kind}; valid, closest first: {}",
                closest(by, valid.iter().copied(), valid.len()).join(", ")
            ),
            Usage::NoGameInGroup {
                kind,
                by,
                name,
                groups,
            } => write!(
                f,
                "stats --compare: no game of {kind} is in the {by} `{name}`; valid, closest \
                 first: {}",
                closest(name, groups.iter().map(String::as_str), 8).join(", ")
            ),
            Usage::GroupLeftOut {
                by,
                name,
                games,
                flag,
            } => write!(
                f,
                "stats --compare: the {by} `{name}` ({games} game(s), {flag}) is left out of \
                 the fit; --min-games or --with-no-opening fits it"
            ),
            Usage::OneGroup { a, b } => {
                write!(f, "stats --compare: `{a}` and `{b}` are one group")
            }
            Usage::SharesGrouping { by, valid } => write!(
                f,
                "result shares: unknown grouping `{by}` ({})",
                valid.join(", ")
            ),
            Usage::BalanceGrouping { key } => write!(
                f,
                "renju opening balance: unknown grouping `{key}` (rule, opening, year, decade)"
            ),
            Usage::NamePattern { what, name } => write!(
                f,
                "'{name}': one {what}'s record takes a name, not a pattern (`*`); find the \
                 names with `kifu {what}s --{what} '{name}'`"
            ),
            Usage::NotADataFormat => f.write_str("export: the format is parquet, csv or json"),
            Usage::NotAnExport { dir } => write!(
                f,
                "export: {} is not a kifu export (no _schema.json in it): --overwrite replaces \
                 only an export or an empty directory",
                dir.display()
            ),
            Usage::NoDirectory { dir } => {
                write!(f, "export: {} names no directory", dir.display())
            }
            Usage::Append { dir, refusal } => {
                write!(f, "export --append to {}: {refusal}", dir.display())
            }
            Usage::BadCell { table, column } => write!(
                f,
                "export: a value of {table}.{column} does not have the column's type"
            ),
            Usage::RowWidth {
                table,
                values,
                columns,
            } => write!(
                f,
                "export: a {table} row has {values} values for {columns} columns"
            ),
            Usage::WriterStopped { table } => write!(f, "export: the writer of {table} stopped"),
            Usage::NoSource { id } => write!(f, "ingest --to-parquet: no source {id}"),
            Usage::DatasetExists { dir } => write!(
                f,
                "ingest --to-parquet: {} exists (--overwrite replaces it)",
                dir.display()
            ),
            Usage::NotADataset { dir } => write!(
                f,
                "ingest --to-parquet: {} is not a kifu dataset (no _schema.json in it): \
                 --overwrite replaces only a dataset or an empty directory",
                dir.display()
            ),
        }
    }
}

impl std::error::Error for Usage {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Usage::Append {
                refusal: Refusal::NoState(e),
                ..
            } => Some(e),
            Usage::Append {
                refusal: Refusal::StateNotJson(e),
                ..
            } => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_request_says_what_is_wrong_in_the_command_lines_words() {
        let said = |u: Usage| u.to_string();
        let grouping = said(Usage::StatsGrouping {
            wrong: "openng".into(),
            valid: vec!["rule", "opening", "family"],
        });
        assert!(
            grouping
                .starts_with("stats: unknown grouping `openng`; valid, closest first: opening, "),
            "{grouping}"
        );
        assert!(
            grouping.ends_with(
                " (Renju's balance tables take any of rule, opening, year, decade, \
                 comma-separated; the others one)"
            ),
            "{grouping}"
        );
        assert_eq!(
            said(Usage::NoAdvantage {
                kind: GameKind::Territorial
            }),
            "stats --adjusted: territorial has no first mover's advantage to fit (Renju and \
             Xiangqi have)"
        );
        assert_eq!(
            said(Usage::Append {
                dir: "out".into(),
                refusal: Refusal::SchemaVersion {
                    found: serde_json::json!(1)
                }
            }),
            format!(
                "export --append to out: it has schema version 1, this kifu writes {} (export \
                 it again with --overwrite)",
                crate::contract::SCHEMA_VERSION
            )
        );
        assert_eq!(
            said(Usage::Append {
                dir: "out".into(),
                refusal: Refusal::Filtered
            }),
            "export --append to out: an append adds every record ingested since the last \
             export, so it takes no filter"
        );
        assert_eq!(
            said(Usage::RowWidth {
                table: "games",
                values: 3,
                columns: 4
            }),
            "export: a games row has 3 values for 4 columns"
        );
    }
}
