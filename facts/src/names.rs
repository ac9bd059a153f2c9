//! Names as people type them: one folding rule so that two spellings of a name that
//! differ only in character width, ASCII case or Traditional and Simplified Chinese
//! characters compare equal, and the closest names to a misspelt one.
//!
//! Records from East Asian sources write the same name with full-width Latin letters and
//! digits (`Ｌｉ　Ｎａ`, `１９８５`) or half-width katakana (`ﾅｶﾑﾗ`) as often as with the
//! usual forms; a search must find either way of writing it. The store keeps every name
//! as written and searches on its folded form (its `key` column), built by this one
//! function, so a pattern and a stored name are folded the same way.

/// The form two names are compared in:
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
/// Nothing else changes: a name keeps its order, spaces and punctuation, and identities
/// beyond spelling (aliases, a city or team prefix) are the curation's.
pub fn fold_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
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

/// The names closest to `typed` (compared folded, `*` wildcards ignored), closest first,
/// ties in the order given; at most `limit` of them.
pub fn closest<'a, I>(typed: &str, names: I, limit: usize) -> Vec<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let typed = fold_name(&typed.replace('*', ""));
    let mut ranked: Vec<((bool, usize), usize, &'a str)> = names
        .into_iter()
        .enumerate()
        .map(|(i, name)| (distance(&typed, &fold_name(name)), i, name))
        .collect();
    ranked.sort();
    ranked
        .into_iter()
        .take(limit)
        .map(|(_, _, name)| name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn width_and_ascii_case_fold_away() {
        assert_eq!(fold_name("Ｌｉ　Ｎａ"), "li na");
        assert_eq!(fold_name("Li Na"), "li na");
        assert_eq!(fold_name("第１回　名人戦"), "第1回 名人戦");
        assert_eq!(fold_name("ﾅｶﾑﾗ ｼｹﾞﾙ"), "ナカムラ シゲル");
        assert_eq!(fold_name("ﾊﾟﾌﾞﾛ ｳﾞｨ"), "パブロ ヴィ");
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

    #[test]
    fn closest_names_come_first() {
        assert_eq!(edit_distance("renjuu", "renju"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("胡榮華", "胡荣华"), 2);
        let names = ["Zhang Hui", "上海胡榮華", "Li Na", "胡荣华"];
        assert_eq!(closest("胡榮華", names, 2), ["胡荣华", "上海胡榮華"]);
        assert_eq!(closest("ｌｉ ｎａ", names, 1), ["Li Na"]);
        assert_eq!(closest("*hui*", names, 1), ["Zhang Hui"]);
    }
}
