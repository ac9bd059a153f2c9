use super::*;

/// Texts a Chinese or Japanese table may keep in Latin letters (abbreviations and names
/// read the same in every language).
const LATIN_EVERYWHERE: &[&str] = &["SB", "PNG", "SVG", "PDF", "ECCO", "WHR", "Elo", "kifu"];

fn latin_only(text: &str) -> bool {
    let mut rest = text.to_owned();
    for keep in LATIN_EVERYWHERE {
        rest = rest.replace(keep, "");
    }
    // Slots are names, not words.
    while let (Some(a), Some(b)) = (rest.find('{'), rest.find('}')) {
        if b < a {
            break;
        }
        rest.replace_range(a..=b, "");
    }
    rest.chars().any(|c| c.is_ascii_alphabetic()) && !rest.chars().any(|c| c as u32 >= 0x3000)
}

#[test]
fn every_message_has_a_text_in_every_language() {
    let mut missing = Vec::new();
    for &msg in Msg::ALL {
        for lang in Lang::ALL {
            let t = msg.texts()[lang as usize];
            if t.trim().is_empty() {
                missing.push(format!("{msg:?} has no {lang} text"));
            } else if lang != Lang::En && latin_only(t) {
                missing.push(format!("{msg:?} in {lang} is still English: {t:?}"));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn every_slot_is_in_every_language() {
    let slots = |t: &str| {
        let mut names: Vec<String> = t
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(n, _)| n.to_owned()))
            .collect();
        names.sort();
        names.dedup();
        names
    };
    for &msg in Msg::ALL {
        let en = slots(msg.texts()[0]);
        for lang in Lang::ALL {
            assert_eq!(slots(msg.texts()[lang as usize]), en, "{msg:?} in {lang}");
        }
    }
}

#[test]
fn tags_read_back_and_counts_choose_their_form() {
    for lang in Lang::ALL {
        assert_eq!(Lang::parse(lang.tag()), Some(lang));
    }
    assert_eq!(Lang::parse("ZH-hans"), Some(Lang::ZhHans));
    assert_eq!(Lang::parse("fr"), None);
    assert_eq!(Lang::En.count(Msg::GameCount, 1), "1 game");
    assert_eq!(Lang::En.count(Msg::GameCount, 3), "3 games");
    assert_eq!(Lang::ZhHans.count(Msg::GameCount, 3), "3 局");
}

#[test]
fn english_kind_names_are_the_kinds_titles() {
    for kind in kifu_facts::GameKind::ALL {
        assert_eq!(Lang::En.kind(kind), kind.title());
    }
}

#[test]
fn dates_are_written_in_the_languages_form() {
    assert_eq!(
        Lang::En.dates("2015-08-22", "2015-08-26"),
        "2015-08-22 – 2015-08-26"
    );
    assert_eq!(
        Lang::ZhHans.dates("2015-08-22", "2015-08-26"),
        "2015年8月22日 – 2015年8月26日"
    );
    assert_eq!(Lang::Ja.date("2015-08"), "2015年8月");
    assert_eq!(Lang::ZhHant.dates("1997", "1997"), "1997年");
    assert_eq!(Lang::Ja.date("about 1997"), "about 1997");
    assert_eq!(
        Lang::Ja.date_span("2015-08-22..2015-08-26"),
        "2015年8月22日 – 2015年8月26日"
    );
}

#[test]
fn numbers_group_their_thousands() {
    for lang in Lang::ALL {
        assert_eq!(lang.number(27_050), "27,050");
        assert_eq!(lang.number(950), "950");
        assert_eq!(lang.number(1_000_000), "1,000,000");
    }
}
