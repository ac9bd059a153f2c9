//! A curation rewritten while the write lock is held (`kifu serve`'s decisions): the
//! applied curation read, a new text applied, and the caller's file written, all inside one
//! transaction that took the write lock at its start, so no other writer (`kifu curate`,
//! `ingest`, another decision) comes between reading the curation and committing the new
//! one. Dropped without [`CurationWriter::commit`], nothing is kept.

use kifu_facts::{Curation, CurationError};
use rusqlite::{params, OptionalExtension, Transaction, TransactionBehavior};

use crate::curation::{Applied, StoredCuration};
use crate::{Result, Store};

/// One rewrite of the applied curation, holding the database's write lock.
pub struct CurationWriter<'s> {
    tx: Transaction<'s>,
}

impl Store {
    /// Takes the write lock (waiting for another writer as long as the busy timeout
    /// allows) for a rewrite of the applied curation.
    pub fn curation_writer(&mut self) -> Result<CurationWriter<'_>> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        Ok(CurationWriter { tx })
    }
}

impl CurationWriter<'_> {
    /// The curation applied, if any (as [`Store::stored_curation`] reads it).
    pub fn stored(&self) -> Result<Option<StoredCuration>> {
        crate::curation::stored_curation(&self.tx)
    }

    /// The key a curation file names game `id`'s record by (`<source SHA-256>:<member>:<byte
    /// offset>`, [`crate::export::record_key`]), or `None` when no game has the id.
    pub fn game_key(&self, id: i64) -> Result<Option<String>> {
        let row: Option<(String, String, i64)> = self
            .tx
            .query_row(
                "SELECT s.content_hash, g.member, g.offset FROM games g
                 JOIN sources s ON s.id = g.source_id WHERE g.id = ?1",
                params![id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        Ok(row
            .map(|(hash, member, offset)| crate::export::record_key(&hash, &member, offset as u64)))
    }

    /// Today's date in UTC, `YYYY-MM-DD`, as the database's clock says (the date an entry
    /// is attested on).
    pub fn today(&self) -> Result<String> {
        Ok(self.tx.query_row("SELECT date('now')", [], |r| r.get(0))?)
    }

    /// Applies `curation` in place of the applied one, as [`Store::apply_curation`] does;
    /// `Ok(Err(..))`: the entries that do not fit the database (then the rewrite is to be
    /// dropped: what was applied stays until the writer is dropped).
    pub fn apply(
        &mut self,
        curation: &Curation,
        path: &str,
        sha256: &str,
        text: &str,
    ) -> Result<std::result::Result<Applied, Vec<CurationError>>> {
        let mut errors = Vec::new();
        let applied = crate::curation::apply(&self.tx, curation, path, sha256, text, &mut errors)?;
        if errors.is_empty() {
            Ok(Ok(applied))
        } else {
            errors.sort_by_key(|e| e.line);
            Ok(Err(errors))
        }
    }

    /// Keeps the curation applied: the games' generation moves on (readers see a new
    /// state) and the lock is let go.
    pub fn commit(self) -> Result<()> {
        crate::generation::bump(&self.tx)?;
        self.tx.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use kifu_facts::curation::{Attested, ResultCorrection};
    use kifu_facts::ResultName;

    use crate::Store;

    #[test]
    fn a_rewrite_applies_only_when_committed_and_names_games_by_their_key() {
        let dir = tempfile::tempdir().unwrap();
        let hash = "ab".repeat(32);
        let mut store = Store::open(&dir.path().join("k.db")).unwrap();
        store
            .conn
            .execute_batch(&format!(
                "INSERT INTO sources (id, path, bytes, content_hash, format, encoding)
                 VALUES (1, 'a', 1, '{hash}', 'xiangqi-pgn', 'utf-8');
                 INSERT INTO games (id, source_id, member, offset, line, \"column\", length,
                     kind, format, recorded_result, termination, plies)
                 VALUES (7, 1, 'm.pgn', 40, 1, 1, 1, 'xiangqi', 'xiangqi-pgn', 'red',
                     'unfinished', 2);"
            ))
            .unwrap();
        let id = 7;
        let key = {
            let writer = store.curation_writer().unwrap();
            assert_eq!(writer.stored().unwrap(), None);
            assert_eq!(writer.game_key(id + 1000).unwrap(), None);
            writer.game_key(id).unwrap().unwrap()
        };
        assert_eq!(key, format!("{hash}:m.pgn:40"));
        let correction = ResultCorrection {
            line: 1,
            game: key,
            result: ResultName::Draw,
            attested: Attested {
                reason: Some("checked".into()),
                by: "A. Auditor".into(),
                date: "2026-12-06".into(),
            },
        };
        let curation = kifu_facts::Curation {
            results: vec![correction],
            ..Default::default()
        };
        // Dropped: nothing kept.
        {
            let mut writer = store.curation_writer().unwrap();
            assert!(writer.today().unwrap().len() == 10);
            writer
                .apply(&curation, "c.toml", "h1", "text")
                .unwrap()
                .unwrap();
        }
        assert_eq!(store.stored_curation().unwrap(), None);
        let generation = store.generation().unwrap();
        let mut writer = store.curation_writer().unwrap();
        let applied = writer.apply(&curation, "c.toml", "h2", "text").unwrap();
        assert_eq!(applied.unwrap().corrections, 1);
        writer.commit().unwrap();
        assert_eq!(store.stored_curation().unwrap().unwrap().sha256, "h2");
        assert!(store.generation().unwrap().0 > generation.0);
    }
}
