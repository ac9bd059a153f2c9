//! How a query's row limit is written into its statement.

/// `LIMIT n` written into a statement's text (nothing for no limit). A bound `LIMIT ?`
/// makes SQLite (3.50) prepare the statement again at every run, since its plan depends
/// on the value: for one game's findings that cost ten times the query itself. Written
/// in, each limit is a statement of its own, kept prepared.
pub(crate) fn clause(limit: Option<u64>) -> String {
    limit.map_or(String::new(), |l| {
        format!("LIMIT {}", l.min(i64::MAX as u64))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_limit_is_written_in_and_no_limit_is_nothing() {
        assert_eq!(super::clause(Some(20)), "LIMIT 20");
        assert_eq!(super::clause(Some(u64::MAX)), format!("LIMIT {}", i64::MAX));
        assert_eq!(super::clause(None), "");
    }
}
