//! The `cbl` target's seeds: a real library cut down to its first records reads back, once
//! its remarks are put back, as those records, found by the index (not by a scan).

use kifu_fuzz::library::{compact, expand};
use kifu_parser::ccbridge::parse_cbl;

#[test]
fn a_compacted_library_reads_as_its_first_records() {
    let Some(data) = kifu_testdata::shared("data") else {
        return;
    };
    let dir = data.join("xiangqi/xqf_cbl_samples/walker8088_cchess");
    let mut libraries = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if !path
            .to_string_lossy()
            .to_ascii_lowercase()
            .ends_with(".cbl")
        {
            continue;
        }
        libraries += 1;
        let library = std::fs::read(&path).unwrap();
        // Its records: the remarks, a text at place 0, come first, and a seed leaves them out.
        let mut whole = parse_cbl(&library);
        let remarks = whole[0]
            .as_ref()
            .is_ok_and(|g| g.no_game.as_ref().is_some_and(|t| t.place == 0));
        assert!(remarks, "{}: its remarks first", path.display());
        let whole = whole.split_off(1);
        for entries in [1, 3] {
            let input = compact(&library, entries).unwrap();
            assert!(input.len() < library.len() / 4, "{}", path.display());
            let cut = parse_cbl(&expand(&input));
            assert_eq!(cut.len(), entries, "{}", path.display());
            for (a, b) in cut.iter().zip(&whole) {
                let (a, b) = (a.as_ref().unwrap(), b.as_ref().unwrap());
                // The same moves (at other offsets: the index is shorter).
                let moves = |g: &kifu_parser::XqGame| {
                    g.moves
                        .iter()
                        .map(|m| (m.text.clone(), m.written.clone()))
                        .collect::<Vec<_>>()
                };
                assert_eq!(moves(a), moves(b));
                assert_eq!(a.header, b.header);
                assert!(a.notes.iter().all(|n| n.code != "cbl-found-by-scan"));
            }
        }
        // More entries than the index holds, or than the file's records: no seed.
        assert!(compact(&library, 100_000).is_none());
    }
    assert_eq!(libraries, 2, "the two shared libraries");
}
