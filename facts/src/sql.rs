//! Results, terminations and game kinds as SQLite values (the `sql` feature, which the
//! store turns on): written by their stored names, read back typed, so that no result
//! crosses the store boundary as text.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};

use crate::outcome::NotAResultName;
use crate::{GameKind, ResultName, Termination, UnknownName};

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
}
