//! A Xiangqi game's opening is kifu's ECCO code, with its name beside it; the record's own
//! `ECCO` tag is kept among its tags, and an info finding says where the two differ.

use kifu_ingest::check_bytes;
use kifu_store::Record;

const C46: &str = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 马２进３ \
    4. 兵七进一 卒７进１ 5. 车二进六 炮８平９ 6. 车二平三 炮９退１ \
    7. 马八进七 士４进５ 8. 炮八平九 车１平２";

fn game(text: &str) -> kifu_store::GameRecord {
    let records = check_bytes(text.as_bytes(), Some("t.pgn"), None);
    assert_eq!(records.len(), 1, "{text}");
    match &records[0].0 {
        Record::Game(g) => (**g).clone(),
        Record::Quarantined(q) => panic!("quarantined: {:?}", q.error),
        Record::Text(t) => panic!("a library text: {t:?}"),
    }
}

#[test]
fn the_opening_is_kifus_code_and_a_differing_tag_is_an_info_finding() {
    let g = game(&format!(
        "[Game \"Chinese Chess\"]\n[Red \"a\"]\n[Black \"b\"]\n[ECCO \"C45\"]\n\n{C46}\n"
    ));
    assert_eq!(g.opening.as_deref(), Some("C46"));
    let extra = g.extra.as_deref().unwrap();
    assert!(
        extra.contains(
            "\"ecco_name\":\"中炮过河车互进七兵对屏风马平炮兑车——红左边炮对黑退边炮上右士右直车\""
        ),
        "{extra}"
    );
    assert!(extra.contains("\"ECCO\":\"C45\""), "{extra}");
    let differs: Vec<_> = g
        .findings
        .iter()
        .filter(|f| f.code == "ecco-differs")
        .collect();
    assert_eq!(differs.len(), 1, "{:?}", g.findings);
    assert_eq!(differs[0].severity.name(), "info");
    assert_eq!(differs[0].ply, None);
    assert!(differs[0]
        .message
        .starts_with("the record's ECCO code C45 is not C46 ("));
}

#[test]
fn a_matching_tag_says_nothing_and_another_start_has_no_code() {
    let g = game(&format!(
        "[Game \"Chinese Chess\"]\n[ECCO \"C46\"]\n\n{C46}\n"
    ));
    assert_eq!(g.opening.as_deref(), Some("C46"));
    assert!(g.findings.iter().all(|f| f.code != "ecco-differs"));

    let g = game(
        "[Game \"Chinese Chess\"]\n[ECCO \"A10\"]\n\
         [FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w - - 0 1\"]\n\n\
         1. 相三进五 马８进７\n",
    );
    assert_eq!(g.opening, None);
    assert!(g.findings.iter().all(|f| f.code != "ecco-differs"));
    assert!(g.extra.as_deref().unwrap().contains("\"ECCO\":\"A10\""));
}
