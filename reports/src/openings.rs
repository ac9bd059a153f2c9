//! Opening names beside their codes in the report's tables: Renju's canonical openings
//! (`D1` Kansei 寒星) and Xiangqi's ECCO codes (`A13` 飞相对进左马) and families (`C`
//! 中炮对屏风马). A page shows an ECCO name in its language's script ([`opening_name_in`]):
//! Traditional on zh-Hant pages (`中炮對屏風馬`), the Japanese forms on ja pages
//! (`中炮対屏風馬`), the published Simplified elsewhere.

use kifu_facts::GameKind;
use kifu_rules::renju::Opening;
use kifu_rules::xiangqi::ecco::{self, Code, Family, Script};
use polars::prelude::*;

use crate::lang::Lang;
use crate::Error;

/// The name of an opening code of `kind`, if it names one.
pub(crate) fn opening_name(kind: GameKind, code: &str) -> Option<String> {
    match kind {
        GameKind::Renju => Opening::by_code(code).map(|o| format!("{} {}", o.romaji, o.kanji)),
        GameKind::Xiangqi => match code.chars().collect::<Vec<_>>()[..] {
            // A family letter alone: `C` 中炮对屏风马.
            [letter] => Family::from_letter(letter).map(|f| f.name().to_owned()),
            _ => ecco::name(code.parse::<Code>().ok()?).map(str::to_owned),
        },
        GameKind::Territorial | GameKind::ChouChou => None,
    }
}

/// The script a page in `lang` writes Chinese characters in: an English page keeps the
/// names as published.
fn script_of(lang: Lang) -> Script {
    match lang {
        Lang::ZhHant => Script::Traditional,
        Lang::Ja => Script::Japanese,
        Lang::En | Lang::ZhHans => Script::Simplified,
    }
}

/// [`opening_name`] as a page in `lang` shows it: an ECCO name in the page's script.
pub(crate) fn opening_name_in(kind: GameKind, code: &str, lang: Lang) -> Option<String> {
    let name = opening_name(kind, code)?;
    Some(match kind {
        GameKind::Xiangqi => ecco::written_in(&name, script_of(lang)),
        _ => name,
    })
}

/// An opening as the public reads it: its name first, the code after (`寒星 D1` in
/// Japanese and Chinese, `Kansei D1` in English; `中炮对屏风马 C42`, in zh-Hant
/// `中炮對屏風馬 C42`), the code alone when it names none.
pub(crate) fn opening_label(kind: GameKind, code: &str, lang: Lang) -> String {
    let name = match kind {
        GameKind::Renju => Opening::by_code(code).map(|o| match lang {
            Lang::En => o.romaji.to_owned(),
            _ => o.kanji.to_owned(),
        }),
        _ => opening_name_in(kind, code, lang),
    };
    match name {
        Some(name) => format!("{name} {code}"),
        None => code.to_owned(),
    }
}

/// An opening as the researchers read it: its code first, the name after as a page in
/// `lang` shows it (`A13 飛相對進左馬` in zh-Hant), the code alone when it names none.
pub(crate) fn code_and_name(kind: GameKind, code: &str, lang: Lang) -> String {
    match opening_name_in(kind, code, lang) {
        Some(name) => format!("{code} {name}"),
        None => code.to_owned(),
    }
}

/// `df` with a `name` column right after its code column `code` (unchanged without one),
/// the names as a page in `lang` shows them.
pub(crate) fn with_opening_names(
    df: DataFrame,
    kind: GameKind,
    code: &str,
    lang: Lang,
) -> Result<DataFrame, Error> {
    let Ok(codes) = df.column(code).and_then(|c| c.str().cloned()) else {
        return Ok(df);
    };
    let names: Vec<Option<String>> = codes
        .iter()
        .map(|c| c.and_then(|c| opening_name_in(kind, c, lang)))
        .collect();
    let at = df
        .get_column_names()
        .iter()
        .position(|n| n.as_str() == code)
        .map_or(0, |i| i + 1);
    let mut df = df;
    df.insert_column(at, Column::new("name".into(), names))?;
    Ok(df)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_their_codes() {
        assert_eq!(
            opening_name(GameKind::Renju, "D1").as_deref(),
            Some("Kansei 寒星")
        );
        assert_eq!(
            opening_name(GameKind::Xiangqi, "A13").as_deref(),
            Some("飞相对进左马")
        );
        assert_eq!(
            opening_name(GameKind::Xiangqi, "C").as_deref(),
            Some("中炮对屏风马")
        );
        assert_eq!(opening_name(GameKind::Xiangqi, "(none)"), None);
        assert_eq!(opening_name(GameKind::Xiangqi, "F"), None);
        assert_eq!(opening_label(GameKind::Renju, "D1", Lang::Ja), "寒星 D1");
        assert_eq!(opening_label(GameKind::Renju, "D1", Lang::En), "Kansei D1");
        assert_eq!(
            opening_label(GameKind::Xiangqi, "A13", Lang::En),
            "飞相对进左马 A13"
        );
        assert_eq!(opening_label(GameKind::Xiangqi, "Z9", Lang::En), "Z9");
        assert_eq!(
            opening_label(GameKind::Xiangqi, "A13", Lang::ZhHant),
            "飛相對進左馬 A13"
        );
        assert_eq!(
            opening_label(GameKind::Xiangqi, "A13", Lang::Ja),
            "飛相対進左馬 A13"
        );
        assert_eq!(
            code_and_name(GameKind::Xiangqi, "C", Lang::ZhHant),
            "C 中炮對屏風馬"
        );
        assert_eq!(code_and_name(GameKind::Xiangqi, "Z9", Lang::ZhHant), "Z9");
        let df = df!("opening" => ["A13", "?"], "games" => [2u32, 1]).unwrap();
        let named = with_opening_names(df, GameKind::Xiangqi, "opening", Lang::ZhHans).unwrap();
        assert_eq!(named.get_column_names(), ["opening", "name", "games"]);
        assert_eq!(
            named.column("name").unwrap().str().unwrap().get(0),
            Some("飞相对进左马")
        );
    }
}
