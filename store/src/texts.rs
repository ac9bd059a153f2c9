//! A library's texts: what its records say that is not a game (its remarks, its title
//! cards), written beside its games and read back in the library's order.

use rusqlite::{params, Connection, OptionalExtension, Row};

use crate::{Result, Store, TextRecord};

/// A stored library text and the file it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryText {
    pub id: i64,
    /// The file's path, with `!member` when it came from an archive.
    pub source: String,
    /// Its place in the library: 0 the library's remarks, N its N-th record.
    pub place: u32,
    pub offset: u64,
    pub line: u32,
    pub title: Option<String>,
    pub text: String,
}

/// Columns of a [`LibraryText`], read by [`library_text`].
const COLUMNS: &str = "t.id,
    CASE WHEN t.member = '' THEN s.path ELSE s.path || '!' || t.member END AS source,
    t.place, t.offset, t.line, t.title, t.text";

fn library_text(r: &Row<'_>) -> rusqlite::Result<LibraryText> {
    Ok(LibraryText {
        id: r.get("id")?,
        source: r.get("source")?,
        place: r.get("place")?,
        offset: r.get::<_, i64>("offset")? as u64,
        line: r.get("line")?,
        title: r.get("title")?,
        text: r.get("text")?,
    })
}

/// Inserts a text unless the same record (source, member, offset) is stored: whether it
/// was inserted (a resumed ingest skips what an interrupted one wrote).
pub(crate) fn insert(conn: &Connection, t: &TextRecord) -> Result<bool> {
    let changed = conn
        .prepare_cached(
            "INSERT OR IGNORE INTO library_texts
                (source_id, member, place, offset, line, length, title, text)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![
            t.source_id,
            t.member,
            t.place,
            t.offset as i64,
            t.line,
            t.length as i64,
            t.title,
            t.text
        ])?;
    Ok(changed > 0)
}

impl Store {
    /// The texts of the files whose path (or archive member) matches the `GLOB` pattern
    /// `source`, in order: file by file as ingested, each in its library's order.
    pub fn library_texts(&self, source: &str) -> Result<Vec<LibraryText>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM library_texts t JOIN sources s ON s.id = t.source_id
             WHERE s.path GLOB ?1 OR t.member GLOB ?1
             ORDER BY t.source_id, t.member, t.place, t.offset"
        );
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt.query_map([source], library_text)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// The title card game `id` comes under in its library: the last card before it in
    /// the same file, if any (the remarks head the library, not a section).
    pub fn section_of(&self, id: i64) -> Result<Option<LibraryText>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM games g
             JOIN library_texts t ON t.source_id = g.source_id AND t.member = g.member
                 AND t.place > 0 AND t.offset < g.offset
             JOIN sources s ON s.id = t.source_id
             WHERE g.id = ?1 ORDER BY t.offset DESC LIMIT 1"
        );
        Ok(self.kept_row(&sql, [id], library_text).optional()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameRecord, Record};
    use kifu_facts::GameKind;

    fn text(source_id: i64, place: u32, offset: u64, title: &str, text: &str) -> Record {
        Record::Text(Box::new(TextRecord {
            source_id,
            member: String::new(),
            place,
            offset,
            line: 0,
            length: 10,
            title: (!title.is_empty()).then(|| title.to_owned()),
            text: text.to_owned(),
        }))
    }

    #[test]
    fn texts_read_back_in_order_and_a_game_names_its_section() {
        let dir = tempfile::tempdir().unwrap();
        let (mut store, source) = crate::test_store::with_a_source(&dir);
        let mut game = GameRecord::empty(GameKind::Xiangqi);
        game.source_id = source;
        game.offset = 300;
        let records = [
            text(source, 2, 200, "Second", ""),
            text(source, 0, 50, "", "The book's preface"),
            text(source, 1, 100, "First", "About the first section"),
            Record::Game(Box::new(game)),
        ];
        let stats = store.write_batch(&records).unwrap();
        assert_eq!((stats.texts, stats.games), (3, 1));
        // Written again (a resumed ingest): nothing doubles.
        let again = store.write_batch(&records[..3]).unwrap();
        assert_eq!((again.texts, again.already_present), (0, 3));

        let texts = store.library_texts("*").unwrap();
        let got: Vec<(u32, Option<&str>, &str)> = texts
            .iter()
            .map(|t| (t.place, t.title.as_deref(), t.text.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (0, None, "The book's preface"),
                (1, Some("First"), "About the first section"),
                (2, Some("Second"), ""),
            ]
        );
        assert!(store.library_texts("no such file").unwrap().is_empty());
        let game_id: i64 = store
            .conn
            .query_row("SELECT id FROM games", [], |r| r.get(0))
            .unwrap();
        let section = store.section_of(game_id).unwrap().expect("a section");
        assert_eq!(section.title.as_deref(), Some("Second"));
    }
}
