//! The curation reader's unit tests: a whole file read into typed entries, and every kind
//! of error, each at its line, none hiding another.

use super::*;

const KEY: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef::120";

#[test]
fn a_whole_file_reads_into_typed_entries() {
    let text = format!(
        r#"
[[player]]
name = "胡荣华"
aliases = ["胡榮華", "上海胡榮華"]
id = "CXA-0001"
country = "CHN"
female = false

[[event]]
match = {{ event = "2015年慕中杯第14届世界象棋锦标赛" }}
name = "第14届世界象棋锦标赛"
sections = "group"
scoring = {{ win = 2, draw = 1, loss = 0 }}
tiebreaks = ["sonneborn-berger", "buchholz", "wins", "direct-encounter"]
rules = "world"
dates = "2015-08-22..2015-08-26"
venue = "Munich"

[[result]]
game = "{KEY}"
result = "draw"
reason = "the arbiter's score sheet"
by = "chief arbiter"
date = "2026-11-20"

[[game]]
event = "第14届世界象棋锦标赛"
round = "第08轮"
players = ["郑惟桐", "谢靖"]
result = "draw"

[[decision]]
game = "{KEY}"
code = "result-contradicts-board"
decision = "dismissed"
reason = "the score sheet"
by = "auditor"
date = "2026-11-27"
"#
    );
    let (c, errors) = read(&text);
    assert_eq!(errors, []);
    assert_eq!(c.players[0].aliases, ["胡榮華", "上海胡榮華"]);
    assert_eq!(c.players[0].line, 2);
    let e = &c.events[0].terms;
    assert_eq!(
        (e.line, e.sections.clone()),
        (9, Sections::Tag("group".into()))
    );
    assert_eq!(
        e.scoring,
        Scoring {
            win: 2.0,
            draw: 1.0,
            loss: 0.0
        }
    );
    assert_eq!(e.tiebreaks.len(), 4);
    assert_eq!(e.rules, Some(RulesInForce::XiangqiWorld));
    assert_eq!(c.results[0].result, ResultName::Draw);
    assert_eq!(c.results[0].attested.by, "chief arbiter");
    assert_eq!(c.decisions[0].attested.date, "2026-11-27");
    assert_eq!(c.games[0].players, ["郑惟桐", "谢靖"]);
    assert_eq!(
        (c.decisions[0].verdict, c.decisions[0].line),
        (Verdict::Dismissed, 32)
    );
    assert_eq!(parse_game_key(KEY).map(|k| k.2), Some(120));
}

#[test]
fn each_bad_entry_is_an_error_with_its_line() {
    let text = format!(
        r#"[[player]]
name = "A"
aliases = ["a b"]

[[player]]
name = "B"
aliases = ["Ａ"]

[[event]]
match = {{}}
name = "Cup"
scoring = {{ win = 1, draw = -1, loss = 0 }}
tiebreaks = ["coin-toss"]
rules = "house"
dates = "2015-02-30"

[[result]]
game = "38265"
result = "maybe"
by = "auditor"
date = "2026-11-27"

[[decision]]
game = "{KEY}"
code = "no-such-code"
decision = "perhaps"
by = "auditor"
date = "2026-11-27"
"#
    );
    let (curation, errors) = read(&text);
    // The entries in error are left out; the first player is not in error.
    assert_eq!(curation.players.len(), 1);
    assert!(curation.events.is_empty() && curation.results.is_empty());
    let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        [
            r#"line 5: [[player]] "B": "Ａ" is already a name of [[player]] "A" (line 1)"#,
            r#"line 9: [[event]] "Cup": `match` names no condition (event, source, date or players)"#,
            r#"line 9: [[event]] "Cup": `dates` "2015-02-30" is not a date range (A..B, A.., ..B or one date)"#,
            r#"line 9: [[event]] "Cup": scoring: a draw scores -1: points are not negative"#,
            r#"line 9: [[event]] "Cup": unknown tie-break "coin-toss" (known: sonneborn-berger, buchholz, buchholz-cut1, wins, direct-encounter)"#,
            "line 9: [[event]] \"Cup\": unknown rules \"house\" (Xiangqi: world, chinese; Renju: an opening rule: rif, yamaguchi, soosorv, soosorv-8, taraguchi, taraguchi-10, sakata, tarannikov, swap2, exclusion, renju, gomoku)",
            r#"line 17: [[result]] "38265": "38265" is not a game key (<source sha256>:<member>:<byte offset>)"#,
            r#"line 17: [[result]] "38265": result "maybe" is none of black, white, red, draw, P1…P4"#,
            r#"line 23: [[decision]] "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef::120": unknown finding code "no-such-code""#,
            r#"line 23: [[decision]] "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef::120": decision "perhaps" is neither confirmed nor dismissed"#,
        ]
    );
}

/// The errors of `text`, as printed.
#[test]
fn a_copy_names_the_authoritative_record_with_who_and_when() {
    let (c, e) = read(&format!(
        "[[copy]]\ngame = \"{KEY}\"\nreason = \"the score sheet\"\nby = \"auditor\"\n\
         date = \"2026-12-01\"\n"
    ));
    assert!(e.is_empty(), "{e:?}");
    assert_eq!(
        c.copies,
        [CopyChoice {
            line: 1,
            game: KEY.into(),
            attested: Attested {
                reason: Some("the score sheet".into()),
                by: "auditor".into(),
                date: "2026-12-01".into(),
            },
        }]
    );
    // `by` and `date` are required; a copy named twice is an error at its second entry.
    assert_eq!(
        errors(&format!(
            "[[copy]]\ngame = \"{KEY}\"\nby = \"a\"\ndate = \"2026\"\n\
             [[copy]]\ngame = \"{KEY}\"\nby = \"a\"\ndate = \"2026\"\n\
             [[copy]]\ngame = \"x\"\n"
        )),
        [
            format!(r#"line 5: [[copy]] "{KEY}": this copy is named at line 1 too"#),
            r#"line 9: [[copy]] "x": `by` is missing"#.to_owned(),
            r#"line 9: [[copy]] "x": `date` is missing"#.to_owned(),
        ]
    );
}

fn errors(text: &str) -> Vec<String> {
    read(text).1.iter().map(ToString::to_string).collect()
}

#[test]
fn a_syntax_error_or_an_unknown_key_names_its_line() {
    let e = read("[[player]]\nname = \"A\"\nnickname = \"B\"\n").1;
    assert_eq!(e[0].line, 3, "{}", e[0]);
    assert!(e[0].message.contains("nickname"), "{}", e[0]);
    let e = read("[[player]]\nname = \n").1;
    assert_eq!(e[0].line, 2, "{}", e[0]);
    assert_eq!(read(""), (Curation::default(), Vec::new()));
}

#[test]
fn every_unknown_key_is_an_error_at_its_line_naming_the_known_keys() {
    let known = "(known: name, aliases, id, country, female, team, names)";
    assert_eq!(
        errors(
            "[[player]]\nname = \"A\"\nnickname = \"B\"\n\n[[player]]\nname = \"C\"\n\
             born = 1945\nhandle = \"c\"\n"
        ),
        [
            format!(r#"line 3: [[player]] "A": unknown key `nickname` {known}"#),
            format!(r#"line 7: [[player]] "C": unknown key `born` {known}"#),
            format!(r#"line 8: [[player]] "C": unknown key `handle` {known}"#),
        ]
    );
    // Inside an entry's tables too, and at the top of the file.
    assert_eq!(
        errors(
            "title = \"x\"\n[[event]]\nname = \"Cup\"\n\
             match = { evnt = \"Cup\", source = \"cup.pgn\" }\n\
             scoring = { win = 1, draw = 0.5, los = 0 }\n"
        ),
        [
            "line 1: unknown key `title` (known: [[player]], [[rule]], [[event]], [[result]], \
             [[game]], [[decision]], [[copy]])",
            r#"line 4: [[event]] "Cup": unknown key `match.evnt` (known: event, source, date, players)"#,
            r#"line 5: [[event]] "Cup": `scoring.loss` is missing"#,
            r#"line 5: [[event]] "Cup": unknown key `scoring.los` (known: win, draw, loss)"#,
        ]
    );
}

#[test]
fn a_missing_key_a_wrong_type_and_the_content_errors_of_other_entries_are_all_reported() {
    let text = format!(
        r#"[[player]]
aliases = ["A"]

[[player]]
name = "B"
female = "no"
aliases = ["b", 3]

[[player]]
name = "C"
aliases = ["Ｂ"]

[[result]]
game = "{KEY}"
result = "maybe"
date = 2026-11-27

[[decision]]
game = "38265"
code = "no-such-code"
decision = "dismissed"
by = ""
date = "2026-13"
"#
    );
    assert_eq!(
        errors(&text),
        [
            "line 1: [[player]]: `name` is missing",
            r#"line 6: [[player]] "B": `female` must be true or false (it is a string)"#,
            r#"line 7: [[player]] "B": `aliases` must be a list of strings (it is an integer)"#,
            r#"line 9: [[player]] "C": "Ｂ" is already a name of [[player]] "B" (line 4)"#,
            &format!(r#"line 13: [[result]] "{KEY}": `by` is missing"#),
            &format!(
                r#"line 16: [[result]] "{KEY}": `date` must be a string (it is a TOML date: quote it)"#
            ),
            r#"line 18: [[decision]] "38265": "38265" is not a game key (<source sha256>:<member>:<byte offset>)"#,
            r#"line 18: [[decision]] "38265": unknown finding code "no-such-code""#,
            r#"line 18: [[decision]] "38265": `by` is empty"#,
            r#"line 18: [[decision]] "38265": `date` "2026-13" is not a date (YYYY, YYYY-MM or YYYY-MM-DD)"#,
        ]
    );
    assert_eq!(read(&text).0, Curation::default());
}

#[test]
fn a_syntax_error_hides_no_other_entry() {
    let text = "[[player]]\nname = \"A\" B\nnickname = \"a\"\n\n\
                [[player]]\nname = \"C\"\nname = \"D\"\n\n\
                [[player]]\nname = \"E\"\nnickname = \"e\"\n\n\
                [[player]]\nname = \"F\"\n";
    let (curation, errors) = read(text);
    let lines: Vec<u32> = errors.iter().map(|e| e.line).collect();
    assert_eq!(lines, [2, 7, 11], "{errors:?}");
    assert!(errors[0].message.starts_with("TOML: "), "{}", errors[0]);
    assert_eq!(errors[1].message, "TOML: duplicate key `name`");
    assert!(errors[2].message.contains("`nickname`"), "{}", errors[2]);
    let names: Vec<&str> = curation.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["F"]);
}

#[test]
fn a_string_over_its_size_is_an_error_at_its_line() {
    let name = "胡".repeat(kifu_facts::curation::MAX_NAME_CHARS + 1);
    let reason = "x".repeat(kifu_facts::curation::MAX_TEXT_CHARS + 1);
    let text = format!(
        "[[player]]\nname = \"{name}\"\n\n[[player]]\nname = \"B\"\naliases = [\"b\", \"{name}\"]\n\n\
         [[game]]\nevent = \"Cup\"\nplayers = [\"A\", \"B\"]\nresult = \"draw\"\nreason = \"{reason}\"\n"
    );
    assert_eq!(
        errors(&text),
        [
            "line 2: [[player]]: `name` is 201 characters long: at most 200 are read",
            r#"line 6: [[player]] "B": `aliases` is 201 characters long: at most 200 are read"#,
            r#"line 12: [[game]] "A – B": `reason` is 4001 characters long: at most 4000 are read"#,
        ]
    );
    let right = "胡".repeat(kifu_facts::curation::MAX_NAME_CHARS);
    let (curation, errors) = read(&format!("[[player]]\nname = \"{right}\"\n"));
    assert_eq!((curation.players.len(), errors), (1, Vec::new()));
}

#[test]
fn dates() {
    for good in ["2015", "2015-08", "2015-08-26", "2016-02-29"] {
        assert!(is_date(good), "{good}");
    }
    for bad in [
        "15",
        "2015-13",
        "2015-02-30",
        "2015-8-1",
        "2015-08-26-1",
        "2015/08",
    ] {
        assert!(!is_date(bad), "{bad}");
    }
}

#[test]
fn a_kind_that_is_no_list_of_tables_is_an_error_and_a_game_waits_for_its_event() {
    assert_eq!(
        errors("player = \"胡荣华\"\n"),
        ["line 1: `player` must be a list of [[player]] tables (it is a string)"]
    );
    // The event is in error: its game is left out with it (the database would not know
    // the event), the game of a recorded event is kept.
    let (curation, errors) = read(
        "[[event]]\nmatch = { event = \"Cup*\" }\nname = \"Cup\"\nrules = \"house\"\n\n\
         [[game]]\nevent = \"Cup\"\nplayers = [\"A\", \"B\"]\nresult = \"draw\"\n\n\
         [[game]]\nevent = \"Open\"\nplayers = [\"A\", \"B\"]\nresult = \"draw\"\n",
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
    let events: Vec<&str> = curation.games.iter().map(|g| g.event.as_str()).collect();
    assert_eq!(events, ["Open"]);
    // So it does when the event did not read at all (no `match`).
    let (curation, errors) = read(
        "[[event]]\nname = \"Cup\"\n\n\
         [[game]]\nevent = \"Cup\"\nplayers = [\"A\", \"B\"]\nresult = \"draw\"\n",
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(curation.games.is_empty());
}

#[test]
fn a_rule_is_named_once_and_a_name_finds_one_rule() {
    let text = "[[rule]]\nid = \"renjunet:1\"\nname = \"RIF\"\ndescription = \"the RIF rule\"\n\n\
                [[rule]]\nid = \"renjunet:5\"\nname = \"Yamaguchi\"\n\n\
                [[rule]]\nid = \"renjunet:1\"\nname = \"Other\"\n\n\
                [[rule]]\nid = \"renjunet:8\"\nname = \"r.i.f\"\n\n\
                [[rule]]\nid = \"renjunet:2\"\n";
    let (curation, errors) = read(text);
    let kept: Vec<(u32, &str, &str, Option<&str>)> = curation
        .rules
        .iter()
        .map(|r| {
            (
                r.line,
                r.id.as_str(),
                r.name.as_str(),
                r.description.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        kept,
        [
            (1, "renjunet:1", "RIF", Some("the RIF rule")),
            (6, "renjunet:5", "Yamaguchi", None)
        ]
    );
    let errors: Vec<String> = errors.iter().map(ToString::to_string).collect();
    assert_eq!(
        errors,
        [
            r#"line 10: [[rule]] "renjunet:1": the rule "renjunet:1" is already named at line 1"#,
            r#"line 14: [[rule]] "renjunet:8": "r.i.f" is already the name of "renjunet:1" (line 1)"#,
            r#"line 18: [[rule]] "renjunet:2": `name` is missing"#,
        ]
    );
}

#[test]
fn names_in_other_languages_read_keyed_by_the_languages_tag() {
    let (c, errors) = read(
        r#"
[[player]]
name = "郑惟桐"
names = { en = "Zheng Weitong", ja = "鄭惟桐", zh-tw = "鄭惟桐" }

[[event]]
match = { event = "2015年慕中杯第14届世界象棋锦标赛" }
name = "2015年慕中杯第14届世界象棋锦标赛"
names = { en = "14th World Xiangqi Championship" }
rounds = { en = "Round {n}", ja = "第{n}回戦" }

[[event.section]]
name = "男子组"
names = { en = "Men" }
"#,
    );
    assert_eq!(errors, []);
    let names = &c.players[0].names;
    assert_eq!(names.get("en"), Some("Zheng Weitong"));
    // A tag is kept as the pages write it.
    assert_eq!(names.get("zh-Hant"), Some("鄭惟桐"));
    let terms = &c.events[0].terms;
    assert_eq!(
        terms.names.get("en"),
        Some("14th World Xiangqi Championship")
    );
    assert_eq!(terms.rounds.get("ja"), Some("第{n}回戦"));
    // A section that lists no players names one the records' tag makes.
    assert_eq!(terms.sections, Sections::None);
    assert_eq!(terms.section_names["男子组"].get("en"), Some("Men"));
}

#[test]
fn a_name_in_an_unknown_language_an_empty_one_or_a_round_without_its_number_is_an_error() {
    assert_eq!(
        errors(
            "[[player]]\nname = \"A\"\nnames = { eng = \"A\", ja = \"\", en = \"A\", EN = \"B\" }\n\n\
             [[event]]\nmatch = { event = \"Cup\" }\nname = \"Cup\"\nrounds = { en = \"Round\" }\n\
             names = { fr = \"Coupe\" }\n\n[[event.section]]\nname = \"S\"\n\
             names = { en = \"\" }\n\n[[player]]\nname = \"B\"\nnames = \"B\"\n"
        ),
        [
            r#"line 1: [[player]] "A": names: "en" names the language of "EN" again"#,
            r#"line 1: [[player]] "A": names: unknown language "eng" (known: en, ja, zh-Hans, zh-Hant)"#,
            r#"line 1: [[player]] "A": names: the "ja" name is empty"#,
            r#"line 5: [[event]] "Cup": section "S": `names`: the "en" name is empty"#,
            r#"line 5: [[event]] "Cup": names: unknown language "fr" (known: en, ja, zh-Hans, zh-Hant)"#,
            r#"line 5: [[event]] "Cup": `rounds.en` "Round" has no {n} (where the round's number goes)"#,
            r#"line 17: [[player]] "B": `names` must be a table of strings (it is a string)"#,
        ]
    );
}

#[test]
fn sections_listed_and_sections_only_named_do_not_mix() {
    assert_eq!(
        errors(
            "[[event]]\nmatch = { event = \"Cup\" }\nname = \"Cup\"\n\n[[event.section]]\n\
             name = \"A\"\nplayers = [\"a\"]\n\n[[event.section]]\nname = \"B\"\n\
             names = { en = \"Bee\" }\n"
        ),
        [
            r#"line 1: [[event]] "Cup": section "B" lists no `players`: list every section's players, or none (to name the sections a record tag makes)"#,
        ]
    );
    // A section that names nothing must list its players.
    assert_eq!(
        errors(
            "[[event]]\nmatch = { event = \"Cup\" }\nname = \"Cup\"\n\n[[event.section]]\n\
             name = \"C\"\n"
        ),
        [r#"line 5: [[event]] "Cup": `section.players` is missing"#]
    );
}
