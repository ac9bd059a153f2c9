//! A line over the real line limit (`kifu_parser::line::MAX_LINE`) makes its record a
//! quarantined one, located at the line: it is never read cut as if whole.

use kifu_ingest::check_bytes;
use kifu_ingest::convert::Verdict;
use kifu_parser::line::{too_long, MAX_LINE};
use kifu_store::Record;

#[test]
fn a_record_with_a_line_over_the_cap_is_quarantined() {
    for (head, move_line) in [
        ("[Game \"Chess Territorial\"]\n[White \"a\"]\n\n", "K@e1 "),
        ("[Game \"Chinese Chess\"]\n[Red \"a\"]\n\n", "h2e2 "),
        ("[Game \"ChouChou\"]\n\n", "2B "),
    ] {
        let long = move_line.repeat(MAX_LINE / move_line.len() + 1);
        let text = format!("{head}{long}\n");
        let records = check_bytes(text.as_bytes(), None, None);
        assert_eq!(records.len(), 1, "{head}");
        let (record, verdict) = &records[0];
        assert_eq!(*verdict, Verdict::Quarantined, "{head}");
        let Record::Quarantined(q) = record else {
            panic!("{head}: not quarantined");
        };
        let line = head.lines().count() as u32 + 1;
        assert_eq!((q.line, q.column, q.offset), (1, 1, 0), "{head}");
        assert_eq!(q.length, text.len() as u64, "{head}");
        assert_eq!(q.error.message, too_long(long.len() + 1), "{head}");
        let at = (q.error.line, q.error.column, q.error.offset);
        assert_eq!(at, (line, 1, head.len() as u64), "{head}");
    }
}
