use super::*;

/// What a reading gives, as the stored text.
fn shown(date: Option<PartialDate>) -> Option<String> {
    date.map(|d| d.to_string())
}

#[test]
fn dotted_dates_keep_their_known_parts() {
    // The RenjuPlain reader's own cases first (`2001.05.??`, `2001`).
    let table: &[(&str, Option<&str>)] = &[
        ("2001.05.??", Some("2001-05")),
        ("2001", Some("2001")),
        ("2001.05.03", Some("2001-05-03")),
        ("2001/05/03", Some("2001-05-03")),
        ("2001-05-03", Some("2001-05-03")),
        (" 2001.05.03 ", Some("2001-05-03")),
        ("2001.??.??", Some("2001")),
        ("0000.01", Some("0000-01")),
        ("2001.5.3", None),
        ("3.5.2001", None),
        ("2001.13.01", None),
        ("2001.05.32", None),
        ("2001..05", None),
        ("2001.05.03.07", None),
        ("??.05.2001", None),
        ("2001年", None),
        ("", None),
    ];
    for &(text, stored) in table {
        let read = shown(PartialDate::from_dotted(text));
        assert_eq!(read.as_deref(), stored, "{text:?}");
    }
}

#[test]
fn digit_runs_read_year_first_or_day_first() {
    // The Xiangqi text readers' own cases first.
    let table: &[(&str, Option<&str>)] = &[
        ("1963年8月15日", Some("1963-08-15")),
        ("24-12-2022", Some("2022-12-24")),
        ("1999.??.??", Some("1999")),
        ("1999.12.09", Some("1999-12-09")),
        ("1999-12-09", Some("1999-12-09")),
        ("2014-06-05 13:00", Some("2014-06-05")),
        ("2001-02-30", Some("2001-02-30")),
        ("2001-13-05", Some("2001")),
        ("2001-05-32", Some("2001-05")),
        ("2001-0005-0003", Some("2001-05-03")),
        ("2001-99999999999-05", Some("2001-05")),
        ("24-13-2022", Some("2022")),
        ("0999-01-01", Some("0999-01-01")),
        ("99-12-24", None),
        ("未知", None),
        ("", None),
    ];
    for &(text, stored) in table {
        let read = shown(PartialDate::from_digit_runs(text));
        assert_eq!(read.as_deref(), stored, "{text:?}");
    }
}

#[test]
fn leading_numbers_start_with_a_four_digit_year() {
    // The XQF reader's own cases first.
    let table: &[(&str, Option<&str>)] = &[
        ("1997年11月16日", Some("1997-11-16")),
        ("2006-11-15", Some("2006-11-15")),
        ("1939年", Some("1939")),
        ("1928年秋", Some("1928")),
        ("10-10-2000", None),
        ("民国时期", None),
        ("2007.3.2", Some("2007-03-02")),
        ("2007.3.2 下午", Some("2007-03-02")),
        ("2007.003.2", Some("2007")),
        ("2007.13.2", Some("2007")),
        ("2007.12.32", Some("2007-12")),
        ("2007 12 01", Some("2007")),
        ("2007--12", Some("2007")),
        (" 2007", None),
        ("0000", Some("0000")),
        ("", None),
    ];
    for &(text, stored) in table {
        let read = shown(PartialDate::from_leading_numbers(text));
        assert_eq!(read.as_deref(), stored, "{text:?}");
    }
}

#[test]
fn known_parts_end_at_the_first_that_is_not_one() {
    type Parts = (u32, Option<u32>, Option<u32>);
    let table: &[(Parts, Option<&str>)] = &[
        ((1989, Some(7), None), Some("1989-07")),
        ((1989, Some(0), Some(5)), Some("1989")),
        ((1989, Some(13), None), Some("1989")),
        ((1989, None, Some(5)), Some("1989")),
        ((1989, Some(2), Some(30)), Some("1989-02-30")),
        ((1989, Some(2), Some(0)), Some("1989-02")),
        ((10_000, None, None), None),
    ];
    for &((year, month, day), stored) in table {
        let read = shown(PartialDate::known_part(year, month, day));
        assert_eq!(read.as_deref(), stored, "{year} {month:?} {day:?}");
    }
}

#[test]
fn iso_shape_is_checked_without_the_calendar() {
    for (text, shaped) in [
        ("2019-08-03", true),
        ("0000-00-00", true),
        ("2019-13-45", true),
        ("2019-8-3", false),
        ("2019/08/03", false),
        ("2019-08-03 ", false),
        ("", false),
    ] {
        assert_eq!(PartialDate::is_iso_shaped(text), shaped, "{text:?}");
    }
}

#[test]
fn parts_are_checked_when_made() {
    assert!(PartialDate::new(1985, Some(6), Some(31)).is_some());
    assert!(!PartialDate::new(1985, Some(6), Some(31))
        .unwrap()
        .is_on_calendar());
    assert_eq!(PartialDate::new(1985, None, Some(3)), None);
    assert_eq!(PartialDate::new(1985, Some(0), None), None);
    assert_eq!(PartialDate::new(10_000, None, None), None);
    let d = PartialDate::new(1985, Some(6), Some(3)).unwrap();
    assert_eq!((d.year(), d.month(), d.day()), (1985, Some(6), Some(3)));
}

#[test]
fn filter_dates_parse_and_bad_ones_say_what_is_expected() {
    let d: PartialDate = "1985-06".parse().unwrap();
    assert_eq!(
        (d.first_day(), d.last_day()),
        ("1985-06-01".into(), "1985-06-30".into())
    );
    let y: PartialDate = "1984".parse().unwrap();
    assert_eq!(y.last_day(), "1984-12-31");
    assert_eq!(
        "2000-02".parse::<PartialDate>().unwrap().last_day(),
        "2000-02-29"
    );
    assert_eq!(
        "1985/6/3".parse::<PartialDate>().unwrap().to_string(),
        "1985-06-03"
    );
    for bad in [
        "85",
        "1985-13",
        "1985-02-30",
        "June 1985",
        "1985-06-03-01",
        "",
    ] {
        let e = bad.parse::<PartialDate>().unwrap_err();
        assert_eq!(
            e.to_string(),
            format!(
                "malformed date `{bad}`: expected YYYY, YYYY-MM or YYYY-MM-DD \
                 (such as 1985, 1985-06, 1985-06-03)"
            )
        );
    }
}

#[test]
fn stored_dates_are_read_leniently() {
    let table: &[(&str, Option<&str>)] = &[
        ("1963-08-15", Some("1963-08-15")),
        ("1999", Some("1999")),
        ("1999.13.01", Some("1999")),
        ("2001-02-30", Some("2001-02")),
        // A month that is no number ends the date, whatever follows.
        ("2001-300-05", Some("2001")),
        ("unknown", None),
        ("85-06-01", None),
    ];
    for &(text, stored) in table {
        let read = shown(PartialDate::read_stored(text));
        assert_eq!(read.as_deref(), stored, "{text:?}");
    }
}

#[test]
fn day_numbers_count_from_1970_in_the_gregorian_calendar() {
    let n = |s: &str| s.parse::<PartialDate>().unwrap().first_day_number();
    assert_eq!(n("1970-01-01"), 0);
    assert_eq!(n("1970-01-02"), 1);
    assert_eq!(n("1969-12-31"), -1);
    assert_eq!(n("2000-03-01"), 11_017);
    assert_eq!(n("2000-02-29"), 11_016);
    assert_eq!(n("1997"), 9_862);
    assert_eq!(n("2026-11"), 20_758);
    assert_eq!(n("1600-01-01"), -135_140);
    let last = |s: &str| s.parse::<PartialDate>().unwrap().last_day_number();
    assert_eq!(last("1969"), -1);
    assert_eq!(last("2000-02"), 11_016);
}
