//! Names as people type them: one folding rule so that two spellings of a name that
//! differ only in character width, ASCII case, Traditional and Simplified Chinese
//! characters, spaces between CJK characters or the decoration a record adds compare
//! equal, and the closest names to a misspelt one.
//!
//! Records from East Asian sources write the same name with full-width Latin letters and
//! digits (`Ｌｉ　Ｎａ`, `１９８５`) or half-width katakana (`ﾅｶﾑﾗ`) as often as with the
//! usual forms; a search must find either way of writing it. The store keeps every name
//! as written and searches on its folded form (its `key` column), built by this one
//! function (and events by [`fold_text`], the same without a person's decoration), so a
//! pattern and a stored name are folded the same way.

/// The form two texts are compared in (an event's name, a round, any text but a person's
/// name: [`fold_name`] folds those). Each character is folded first:
///
/// - full-width ASCII (U+FF01–U+FF5E) becomes ASCII, the ideographic space (U+3000) a space;
/// - half-width katakana and CJK punctuation (U+FF61–U+FF9F) become their full-width forms,
///   a following half-width (semi-)voiced sound mark joined to its kana (`ｶﾞ` → `ガ`);
/// - full-width signs (U+FFE0–U+FFE6: `￥`, `￡`, …) become their usual forms;
/// - ASCII letters are lower-cased (non-ASCII case is left alone: `Ü` stays `Ü`, since
///   folding it would also need Unicode's locale-dependent rules);
/// - a Traditional Chinese character becomes its Simplified form (OpenCC's character
///   table: `胡榮華` is `胡荣华`), as records from Taiwan and Hong Kong (Big5) and from the
///   mainland (GBK) write the same people.
///
/// Then the text is trimmed, and whitespace (spaces, tabs, U+3000, any Unicode white space)
/// folded: a run that touches a CJK, kana or hangul character on either side is removed,
/// since those scripts do not space words (`吕 钦` → `吕钦`, `張  江` → `张江`, `河北 張　江`
/// → `河北张江`); any other run becomes one space, so Latin words stay apart (`Li  Na` →
/// `li na`).
///
/// Nothing else changes: a text keeps its order and punctuation. Folding a folded text
/// changes nothing.
pub fn fold_text(text: &str) -> String {
    join_words(fold_chars(text).trim())
}

/// The form two names of people are compared in: [`fold_text`]'s, without the decoration
/// records add around a name (each rule again until none applies, never leaving the name
/// empty; the spellings are CCPD's):
///
/// - a leading `//` or `#` (`//上海胡榮華` → `上海胡荣华`);
/// - a trailing `.` or `。` after a CJK, kana or hangul character (`上海胡榮華.` →
///   `上海胡荣华`; a Latin initial keeps its dot: `HASEGAWA K.`);
/// - list numbering before a name: digits and `.`, `)` or `、` (`12. 胡榮華`), digits in
///   parentheses (`(3) 胡榮華`), each followed by a space or a CJK character, and a game
///   number followed by a space (`第５５局 華東胡榮華` → `华东胡荣华`);
/// - a team-era prefix: Chinese numerals and `、` up to `十年代隊` (`五、六十年代隊胡榮華`
///   → `胡荣华`).
///
/// Identities beyond spelling (aliases, a city or team prefix: `上海胡榮華`) are the
/// curation's. Folding a folded name changes nothing. Event names keep their numbering
/// (`第16局 …` and `第31局 …` are two chapters), so they fold by [`fold_text`].
pub fn fold_name(name: &str) -> String {
    join_words(without_decoration(fold_chars(name).trim()))
}

/// Each character folded, sound marks joined ([`fold_text`]'s first step).
fn fold_chars(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let c = fold_char(c);
        if let Some(joined) = join_sound_mark(out.chars().next_back(), c) {
            out.pop();
            out.push(joined);
        } else {
            out.push(c);
        }
    }
    out
}

/// Whether `c` belongs to a script written without spaces between words: CJK ideographs
/// (and CJK punctuation), kana or hangul.
pub fn is_unspaced(c: char) -> bool {
    matches!(c,
        '\u{1100}'..='\u{11FF}'       // hangul jamo
        | '\u{3001}'..='\u{303F}'     // CJK punctuation (not the ideographic space)
        | '\u{3040}'..='\u{30FF}'     // hiragana, katakana
        | '\u{3130}'..='\u{318F}'     // hangul compatibility jamo
        | '\u{31F0}'..='\u{31FF}'     // katakana extensions
        | '\u{3400}'..='\u{4DBF}'     // CJK extension A
        | '\u{4E00}'..='\u{9FFF}'     // CJK unified ideographs
        | '\u{AC00}'..='\u{D7AF}'     // hangul syllables
        | '\u{F900}'..='\u{FAFF}'     // CJK compatibility ideographs
        | '\u{20000}'..='\u{3FFFF}' // CJK extensions B and beyond
    )
}

/// `name` (trimmed) without the decoration [`fold_name`] drops, trimmed.
fn without_decoration(mut name: &str) -> &str {
    while let Some(rest) = [leading_mark, trailing_stop, list_number, era_team]
        .iter()
        .find_map(|rule| rule(name).map(str::trim).filter(|rest| !rest.is_empty()))
    {
        name = rest;
    }
    name
}

/// `//上海胡荣华`, `#胡荣华`.
fn leading_mark(name: &str) -> Option<&str> {
    name.strip_prefix("//").or_else(|| name.strip_prefix('#'))
}

/// `上海胡荣华.`, `胡荣华。` (not `hasegawa k.`).
fn trailing_stop(name: &str) -> Option<&str> {
    let rest = name.strip_suffix(['.', '。'])?;
    rest.chars()
        .next_back()
        .is_some_and(is_unspaced)
        .then_some(rest)
}

/// `12. 胡荣华`, `3、胡荣华`, `(3) 胡荣华`, `第55局 华东胡荣华`.
fn list_number(name: &str) -> Option<&str> {
    if let Some(game) = name.strip_prefix('第') {
        let rest = after_digits(game)?.strip_prefix('局')?;
        return rest.starts_with(char::is_whitespace).then_some(rest);
    }
    let rest = match name.strip_prefix('(') {
        Some(inner) => after_digits(inner)?.strip_prefix(')')?,
        None => after_digits(name)?.strip_prefix(['.', ')', '、'])?,
    };
    rest.starts_with(|c: char| c.is_whitespace() || is_unspaced(c))
        .then_some(rest)
}

/// What follows the ASCII digits `text` starts with; `None` when it starts with none.
fn after_digits(text: &str) -> Option<&str> {
    let rest = text.trim_start_matches(|c: char| c.is_ascii_digit());
    (rest.len() < text.len()).then_some(rest)
}

/// `五、六十年代队胡荣华`, `七十年代队胡荣华` (folded: `隊` is `队` by then).
fn era_team(name: &str) -> Option<&str> {
    let rest = name.trim_start_matches(|c: char| "一二三四五六七八九十、".contains(c));
    let mut numerals = name[..name.len() - rest.len()].chars();
    // At least one numeral before the tens: `六十`, `五、六十`.
    let decade = numerals.next_back() == Some('十') && numerals.next().is_some();
    decade.then_some(rest)?.strip_prefix("年代队")
}

/// Whitespace runs removed beside a CJK, kana or hangul character, else one space.
fn join_words(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut pending_space = false;
    for c in name.chars() {
        if c.is_whitespace() {
            pending_space = true;
            continue;
        }
        if pending_space && !is_unspaced(c) && !out.chars().next_back().is_some_and(is_unspaced) {
            out.push(' ');
        }
        pending_space = false;
        out.push(c);
    }
    out
}

/// One character's folded form (before sound marks are joined).
fn fold_char(c: char) -> char {
    let u = c as u32;
    let folded = match u {
        0xFF01..=0xFF5E => u - 0xFEE0,
        0x3000 => 0x20,
        0xFF61..=0xFF9F => HALF_WIDTH_KANA[(u - 0xFF61) as usize] as u32,
        0xFFE0 => 0xA2,
        0xFFE1 => 0xA3,
        0xFFE2 => 0xAC,
        0xFFE3 => 0xAF,
        0xFFE4 => 0xA6,
        0xFFE5 => 0xA5,
        0xFFE6 => 0x20A9,
        _ => u,
    };
    let c = char::from_u32(folded).unwrap_or(c).to_ascii_lowercase();
    simplified(c)
}

/// The Simplified form of a Traditional Chinese character; any other character as it is.
pub fn simplified(c: char) -> char {
    use crate::simplified::TRADITIONAL_TO_SIMPLIFIED as TABLE;
    if (c as u32) < 0x3400 {
        return c;
    }
    match TABLE.binary_search_by_key(&c, |&(t, _)| t) {
        Ok(i) => TABLE[i].1,
        Err(_) => c,
    }
}

/// Every Traditional character [`simplified`] folds, with its Simplified form (for a
/// search that folds in another language, such as a site's script).
pub fn traditional_pairs() -> impl Iterator<Item = (char, char)> {
    crate::simplified::TRADITIONAL_TO_SIMPLIFIED.iter().copied()
}

/// U+FF61–U+FF9F in their full-width forms, in code point order.
const HALF_WIDTH_KANA: [char; 63] = [
    '。', '「', '」', '、', '・', 'ヲ', 'ァ', 'ィ', 'ゥ', 'ェ', 'ォ', 'ャ', 'ュ', 'ョ', 'ッ',
    'ー', //
    'ア', 'イ', 'ウ', 'エ', 'オ', 'カ', 'キ', 'ク', 'ケ', 'コ', 'サ', 'シ', 'ス', 'セ', 'ソ',
    'タ', //
    'チ', 'ツ', 'テ', 'ト', 'ナ', 'ニ', 'ヌ', 'ネ', 'ノ', 'ハ', 'ヒ', 'フ', 'ヘ', 'ホ', 'マ',
    'ミ', //
    'ム', 'メ', 'モ', 'ヤ', 'ユ', 'ヨ', 'ラ', 'リ', 'ル', 'レ', 'ロ', 'ワ', 'ン', '゛', '゜',
];

/// A kana and a following (semi-)voiced sound mark as one character (`カ` + `゛` → `ガ`),
/// as the full-width form writes it; `None` when they do not combine.
fn join_sound_mark(previous: Option<char>, mark: char) -> Option<char> {
    let base = previous? as u32;
    let offset = match mark {
        '゛' => 1,
        '゜' => 2,
        _ => return None,
    };
    let joined = match base {
        // カ…ト: each voiceable kana is followed by its voiced form (ッ and the small
        // forms are not voiced; the table below lists the ones that are).
        0x30AB..=0x30C8 if offset == 1 && VOICEABLE_KA_TO.contains(&base) => base + 1,
        // ハ…ホ: each is followed by its voiced and then its semi-voiced form.
        0x30CF..=0x30DB if (base - 0x30CF).is_multiple_of(3) => base + offset,
        0x30A6 if offset == 1 => 0x30F4, // ウ゛ → ヴ
        _ => return None,
    };
    char::from_u32(joined)
}

/// カ キ ク ケ コ サ シ ス セ ソ タ チ ツ テ ト.
const VOICEABLE_KA_TO: [u32; 15] = [
    0x30AB, 0x30AD, 0x30AF, 0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF, 0x30C1,
    0x30C4, 0x30C6, 0x30C8,
];

/// The edit distance between two strings, counted in characters (insert, delete or
/// replace one).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let replace = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = replace.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

/// How far `candidate` is from what was typed (both folded): a name that contains the
/// typed text, or is contained in it, comes before any that does not (someone who typed
/// `胡榮華` looks for `上海胡榮華`), then the fewer edits the closer.
fn distance(typed: &str, candidate: &str) -> (bool, usize) {
    let contains = !typed.is_empty() && (candidate.contains(typed) || typed.contains(candidate));
    (!contains, edit_distance(typed, candidate))
}

/// The names closest to `typed` (compared folded, `*` wildcards ignored), closest first;
/// names that fold alike, the closer as written first (`胡榮華` before
/// `五、六十年代隊胡榮華` for `胡榮華華`), then in the order given; at most `limit` of them.
pub fn closest<'a, I>(typed: &str, names: I, limit: usize) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let written = typed.replace('*', "");
    let typed = fold_name(&written);
    let mut ranked: Vec<((bool, usize), usize, usize, &'a str)> = names
        .into_iter()
        .enumerate()
        .map(|(i, name)| {
            let folded = distance(&typed, &fold_name(name));
            (folded, edit_distance(&written, name), i, name)
        })
        .collect();
    ranked.sort();
    ranked
        .into_iter()
        .take(limit)
        .map(|(_, _, _, name)| name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn width_and_ascii_case_fold_away() {
        assert_eq!(fold_name("Ｌｉ　Ｎａ"), "li na");
        assert_eq!(fold_name("Li Na"), "li na");
        assert_eq!(fold_name("第１回　名人戦"), "第1回名人戦");
        assert_eq!(fold_name("ﾅｶﾑﾗ ｼｹﾞﾙ"), "ナカムラシゲル");
        assert_eq!(fold_name("ﾊﾟﾌﾞﾛ ｳﾞｨ"), "パブロヴィ");
        assert_eq!(fold_name("￥１００"), "¥100");
        // Traditional is folded to Simplified; non-ASCII case stays.
        assert_eq!(fold_name("胡榮華"), "胡荣华");
        assert_eq!(fold_name("上海胡榮華"), "上海胡荣华");
        assert_eq!(fold_name("呂欽"), "吕钦");
        assert_eq!(fold_name("趙國榮"), fold_name("赵国荣"));
        assert_eq!(fold_name("長谷川"), "长谷川");
        assert_eq!(fold_name("Ülle Saar"), "Ülle saar");
        // A sound mark with nothing to join stays a mark.
        assert_eq!(fold_name("ﾞｱﾞ"), "゛ア゛");
    }

    /// Spellings of one player as CCPD writes them (`players.name`), and the key each
    /// folds to.
    const CCPD_SPELLINGS: &[(&str, &str)] = &[
        ("胡榮華", "胡荣华"),
        ("胡荣华", "胡荣华"),
        ("//上海胡榮華", "上海胡荣华"),
        ("上海胡榮華.", "上海胡荣华"),
        ("五、六十年代隊胡榮華", "胡荣华"),
        ("第５５局 華東胡榮華", "华东胡荣华"),
        ("上海 胡榮華", "上海胡荣华"),
        ("上海  胡榮華", "上海胡荣华"),
        ("上海　胡榮華", "上海胡荣华"),
        ("上海     胡榮華", "上海胡荣华"),
        ("上  海 胡榮華", "上海胡荣华"),
        ("中國 胡榮華", "中国胡荣华"),
        ("上海棋院 胡榮華", "上海棋院胡荣华"),
        ("張江", "张江"),
        ("張  江", "张江"),
        ("河北 張江", "河北张江"),
        ("河北  張江", "河北张江"),
        ("河北 張　江", "河北张江"),
        ("河北　張　江", "河北张江"),
        ("中國-河北 張江", "中国-河北张江"),
        ("吕 钦", "吕钦"),
        ("呂欽", "吕钦"),
    ];

    #[test]
    fn ccpd_spellings_fold_to_one_key() {
        for (written, key) in CCPD_SPELLINGS {
            assert_eq!(fold_name(written), *key, "{written}");
        }
    }

    #[test]
    fn decoration_is_dropped_and_latin_words_kept() {
        let cases = [
            (" 胡荣华\t", "胡荣华"),
            ("#胡荣华", "胡荣华"),
            ("胡荣华。", "胡荣华"),
            ("12. 胡荣华", "胡荣华"),
            ("12.胡荣华", "胡荣华"),
            ("3、胡荣华", "胡荣华"),
            ("(3) 胡荣华", "胡荣华"),
            ("（３）胡荣华", "胡荣华"),
            ("七十年代队胡荣华", "胡荣华"),
            ("//12. 上海胡荣华.", "上海胡荣华"),
            ("ナカムラ シゲル", "ナカムラシゲル"),
            ("김 철수", "김철수"),
            // Latin names: words kept apart, one space between them.
            ("Li Na", "li na"),
            ("Li  Na", "li na"),
            ("Li\tNa ", "li na"),
            ("HASEGAWA K.", "hasegawa k."),
            ("Yang Frank C.", "yang frank c."),
            ("12. Li Na", "li na"),
            // What is not decoration stays: a name made only of it, a number alone, a
            // game number without a name after it, parenthesised places.
            ("//", "//"),
            ("12.", "12."),
            ("(3)", "(3)"),
            ("第3局", "第3局"),
            ("十年代队胡荣华", "十年代队胡荣华"),
            ("(香港)趙汝權", "(香港)赵汝权"),
            ("1950", "1950"),
            ("", ""),
        ];
        for (written, key) in cases {
            assert_eq!(fold_name(written), key, "{written:?}");
        }
    }

    #[test]
    fn texts_keep_their_numbering() {
        assert_eq!(
            fold_text("第16局 河北李来群 胜 湖北柳大华"),
            "第16局河北李来群胜湖北柳大华"
        );
        assert_eq!(fold_text("1. Bundesliga  2009"), "1. bundesliga 2009");
        assert_eq!(fold_text("  (3)疾進如風。"), "(3)疾进如风。");
        assert_eq!(fold_name("(3)疾進如風。"), "疾进如风");
    }

    #[test]
    fn folding_a_folded_name_changes_nothing() {
        let names = CCPD_SPELLINGS.iter().map(|(written, _)| *written).chain([
            "Ｌｉ　Ｎａ",
            "ﾊﾟﾌﾞﾛ ｳﾞｨ",
            "12. 12. 胡荣华",
            "HASEGAWA K.",
            "12. .",
        ]);
        for name in names {
            let once = fold_name(name);
            assert_eq!(fold_name(&once), once, "{name:?}");
            let once = fold_text(name);
            assert_eq!(fold_text(&once), once, "{name:?}");
        }
    }

    #[test]
    fn closest_names_come_first() {
        assert_eq!(edit_distance("renjuu", "renju"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("胡榮華", "胡荣华"), 2);
        let names = ["Zhang Hui", "上海胡榮華", "Li Na", "胡荣华"];
        assert_eq!(closest("胡榮華", names, 2), ["胡荣华", "上海胡榮華"]);
        assert_eq!(closest("ｌｉ ｎａ", names, 1), ["Li Na"]);
        assert_eq!(closest("*hui*", names, 1), ["Zhang Hui"]);
        let decorated = ["五、六十年代隊胡榮華", "//胡榮華", "胡榮華"];
        assert_eq!(closest("胡榮華華", decorated, 1), ["胡榮華"]);
    }
}
