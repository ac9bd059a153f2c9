//! SQL functions kifu registers on every connection, so that a query filters by the same
//! rule the rest of kifu applies in Rust instead of a copy of it written in SQL:
//!
//! - `kifu_fold(name)`: [`kifu_facts::fold_name`], the search form of a person's name
//!   (`players.key`, `curated_names.key`);
//! - `kifu_fold_text(text)`: [`kifu_facts::fold_text`], the search form of any other text
//!   (`events.key`, rounds);
//! - `kifu_counted(kind, recorded, derived, termination, correction, rules)`: the result
//!   that counts ([`kifu_facts::counted_result_under`]: a curation's correction, then the
//!   rules in force, NULL for none of either), its name or NULL;
//! - `kifu_recorded(recorded)`: the recorded result when it is one (a win or a draw), else
//!   NULL (nothing, `unknown` or free text recorded), as `counted_result` reads it;
//! - `kifu_rule_key(rule)`: an opening rule's name compared loosely ([`rule_key`]);
//! - `kifu_date_within(date, from, to)`: whether a stored, possibly partial, date lies
//!   wholly within `from`–`to` ([`crate::filter::date`]).
//!
//! Each is deterministic, so SQLite may use it in an index or call it once per value.

pub use kifu_facts::rule_key;
use kifu_facts::{counted_result_under, fold_name, fold_text, GameKind, ResultName, RulesInForce};
use rusqlite::functions::{Context, FunctionFlags};
use rusqlite::Connection;

use crate::filter::date::PartialDate;

/// Registers kifu's functions on `conn` (before any migration: migration 3 uses one).
pub(crate) fn register(conn: &Connection) -> rusqlite::Result<()> {
    let flags = FunctionFlags::SQLITE_UTF8
        | FunctionFlags::SQLITE_DETERMINISTIC
        | FunctionFlags::SQLITE_INNOCUOUS;
    conn.create_scalar_function("kifu_fold", 1, flags, |ctx| {
        Ok(text(ctx, 0)?.map(|s| fold_name(&s)))
    })?;
    conn.create_scalar_function("kifu_fold_text", 1, flags, |ctx| {
        Ok(text(ctx, 0)?.map(|s| fold_text(&s)))
    })?;
    conn.create_scalar_function("kifu_counted", 6, flags, |ctx| {
        let kind = text(ctx, 0)?.and_then(|k| GameKind::from_name(&k));
        let Some(kind) = kind else {
            return Ok(None);
        };
        let (recorded, derived) = (text(ctx, 1)?, text(ctx, 2)?);
        let termination = text(ctx, 3)?.unwrap_or_default();
        let correction = text(ctx, 4)?.as_deref().and_then(ResultName::parse);
        let repetition_decides = text(ctx, 5)?
            .as_deref()
            .and_then(RulesInForce::from_name)
            .is_none_or(|r| r.repetition_decides());
        Ok(counted_result_under(
            kind,
            recorded.as_deref(),
            derived.as_deref(),
            &termination,
            correction,
            repetition_decides,
        )
        .map(|o| o.name().to_owned()))
    })?;
    conn.create_scalar_function("kifu_recorded", 1, flags, |ctx| {
        Ok(text(ctx, 0)?
            .as_deref()
            .and_then(ResultName::parse)
            .filter(|o| o.is_known())
            .map(|o| o.name().to_owned()))
    })?;
    conn.create_scalar_function("kifu_rule_key", 1, flags, |ctx| {
        Ok(text(ctx, 0)?.map(|s| rule_key(&s)))
    })?;
    conn.create_scalar_function("kifu_date_within", 3, flags, |ctx| {
        let Some(date) = text(ctx, 0)?.as_deref().and_then(PartialDate::read_stored) else {
            return Ok(false);
        };
        let from = text(ctx, 1)?;
        let to = text(ctx, 2)?;
        // The bounds are the filter's own, written by `PartialDate::first_day` and
        // `last_day` (`YYYY-MM-DD`), so plain string order is date order.
        Ok(from.is_none_or(|f| date.first_day() >= f) && to.is_none_or(|t| date.last_day() <= t))
    })?;
    Ok(())
}

/// Argument `i` as text (NULL as `None`; a number as its decimal text).
fn text(ctx: &Context<'_>, i: usize) -> rusqlite::Result<Option<String>> {
    use rusqlite::types::ValueRef;
    Ok(match ctx.get_raw(i) {
        ValueRef::Null => None,
        ValueRef::Integer(n) => Some(n.to_string()),
        ValueRef::Real(x) => Some(x.to_string()),
        ValueRef::Text(t) | ValueRef::Blob(t) => Some(String::from_utf8_lossy(t).into_owned()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn functions_apply_kifus_own_rules() {
        let conn = Connection::open_in_memory().unwrap();
        register(&conn).unwrap();
        let one = |sql: &str| -> Option<String> { conn.query_row(sql, [], |r| r.get(0)).unwrap() };
        assert_eq!(
            one("SELECT kifu_fold('Ｌｉ　Ｎａ')").as_deref(),
            Some("li na")
        );
        assert_eq!(one("SELECT kifu_fold(NULL)"), None);
        assert_eq!(
            one("SELECT kifu_fold('//上海 胡榮華.')").as_deref(),
            Some("上海胡荣华")
        );
        assert_eq!(
            one("SELECT kifu_fold_text('第16局 河北 李來群')").as_deref(),
            Some("第16局河北李来群")
        );
        // A five on the board beats a recorded contrary result; a claim keeps it.
        assert_eq!(
            one("SELECT kifu_counted('renju', 'black', 'white', 'five', NULL, NULL)").as_deref(),
            Some("white")
        );
        assert_eq!(
            one("SELECT kifu_counted('renju', 'white', 'black', 'forbidden-move', NULL, NULL)")
                .as_deref(),
            Some("white")
        );
        assert_eq!(
            one("SELECT kifu_counted('renju', 'unknown', NULL, 'unfinished', NULL, NULL)"),
            None
        );
        assert_eq!(one("SELECT kifu_recorded('unknown')"), None);
        assert_eq!(one("SELECT kifu_recorded('P2')").as_deref(), Some("P2"));
        assert_eq!(
            one("SELECT kifu_rule_key('Soosõrv-8')").as_deref(),
            Some("soosorv8")
        );
        let within = |date: &str, from: &str, to: &str| -> bool {
            conn.query_row(
                "SELECT kifu_date_within(?1, nullif(?2, ''), nullif(?3, ''))",
                [date, from, to],
                |r| r.get(0),
            )
            .unwrap()
        };
        assert!(within("1985-06-03", "1985-06-01", "1985-06-30"));
        assert!(within("1985", "1985-01-01", "1985-12-31"));
        // A date known only to the year is not known to lie in June.
        assert!(!within("1985", "1985-06-01", "1985-06-30"));
        assert!(within("1985-06", "1985-01-01", ""));
        assert!(!within("1984-12-31", "1985-01-01", ""));
        assert!(!within("someday", "", ""));
    }
}
