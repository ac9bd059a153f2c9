//! Results, terminations, game kinds, copy keys and an event's terms as SQLite values (the
//! `sql` feature, which the store turns on): written by their stored names (a key as its
//! bytes, the terms as one JSON text), read back typed, so that no result crosses the
//! store boundary as text.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::curation::EventTerms;
use crate::outcome::NotAResultName;
use crate::{CanonicalKey, GameKind, Names, ResultName, Termination, UnknownName};

impl ToSql for ResultName {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.name()))
    }
}

impl FromSql for ResultName {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        ResultName::parse(text)
            .ok_or_else(|| FromSqlError::Other(Box::new(NotAResultName(text.to_owned()))))
    }
}

impl ToSql for Termination {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.name()))
    }
}

impl ToSql for GameKind {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.name()))
    }
}

impl FromSql for GameKind {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        let text = value.as_str()?;
        text.parse::<GameKind>()
            .map_err(|e: UnknownName| FromSqlError::Other(Box::new(e)))
    }
}

/// A key as a blob; no key (a record without moves) as `NULL`, which no key equals.
impl ToSql for CanonicalKey {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(match self.bytes() {
            Some(bytes) => ToSqlOutput::from(bytes),
            None => ToSqlOutput::from(rusqlite::types::Null),
        })
    }
}

impl FromSql for CanonicalKey {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        match value {
            ValueRef::Null => Ok(CanonicalKey::default()),
            other => Ok(CanonicalKey::from(other.as_blob()?.to_vec())),
        }
    }
}

/// The terms whole, as their JSON text: a key added to [`EventTerms`] is stored with it, and
/// one a stored value lacks reads back as its default.
impl ToSql for EventTerms {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        let json = serde_json::to_string(self)
            .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
        Ok(ToSqlOutput::from(json))
    }
}

impl FromSql for EventTerms {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        serde_json::from_str(value.as_str()?).map_err(|e| FromSqlError::Other(Box::new(e)))
    }
}

/// A name in other languages, as its JSON object of language tag to name.
impl ToSql for Names {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        let json = serde_json::to_string(self)
            .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
        Ok(ToSqlOutput::from(json))
    }
}

impl FromSql for Names {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
        serde_json::from_str(value.as_str()?).map_err(|e| FromSqlError::Other(Box::new(e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::termination::XiangqiTermination;
    use rusqlite::Connection;

    #[test]
    fn results_and_kinds_go_in_by_name_and_come_back_typed() {
        let db = Connection::open_in_memory().unwrap();
        let (name, kind): (String, GameKind) = db
            .query_row("SELECT ?1, ?2", (ResultName::Red, GameKind::Xiangqi), |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!((name.as_str(), kind), ("red", GameKind::Xiangqi));
        let back: ResultName = db.query_row("SELECT 'P3'", [], |r| r.get(0)).unwrap();
        assert_eq!(back, ResultName::Seat(3));
        let t = Termination::Xiangqi(XiangqiTermination::Checkmate);
        let stored: String = db.query_row("SELECT ?1", [&t], |r| r.get(0)).unwrap();
        assert_eq!(stored, "checkmate");
        let bad = db.query_row("SELECT 'Ann wins'", [], |r| r.get::<_, ResultName>(0));
        let err = bad.unwrap_err().to_string();
        assert!(err.contains("`Ann wins` is not a result name"), "{err}");
    }

    #[test]
    fn a_key_is_a_blob_and_no_key_is_null() {
        let db = Connection::open_in_memory().unwrap();
        let key = CanonicalKey::from(vec![112, 97, 0]);
        let (kind, back): (String, CanonicalKey) = db
            .query_row("SELECT typeof(?1), ?1", [&key], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!((kind.as_str(), &back), ("blob", &key));
        let none = CanonicalKey::default();
        let (kind, back): (String, CanonicalKey) = db
            .query_row("SELECT typeof(?1), ?1", [&none], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!((kind.as_str(), back.is_empty()), ("null", true));
    }

    #[test]
    fn event_terms_go_in_whole_and_come_back_equal() {
        let db = Connection::open_in_memory().unwrap();
        let terms = crate::curation::tests::every_key_set();
        let (kind, back): (String, EventTerms) = db
            .query_row("SELECT typeof(?1), ?1", [&terms], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!((kind.as_str(), &back), ("text", &terms));
        // SQL reads a key of the stored value by its name.
        let rules: String = db
            .query_row("SELECT ?1 ->> '$.rules'", [&terms], |r| r.get(0))
            .unwrap();
        assert_eq!(rules, "chinese");
        let bad = db.query_row("SELECT '{\"tiebreaks\": [\"coin\"]}'", [], |r| {
            r.get::<_, EventTerms>(0)
        });
        let err = bad.unwrap_err().to_string();
        assert!(err.contains("unknown tie-break \"coin\""), "{err}");
    }
}
