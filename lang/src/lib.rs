//! The languages of the published pages: [`Lang`] (`en`, `ja`, `zh-Hans`, `zh-Hant`) and
//! one message table ([`Msg`], in `messages.rs`) that gives every label, caption, heading
//! and message in each language. A row holds all four texts, so a label cannot exist in
//! one language only; the tests check that no text is empty and that the Chinese and
//! Japanese texts are not English left untranslated.
//!
//! Texts may hold `{name}` slots ([`Lang::fill`]) and, in English, a singular and a plural
//! form split by `|` ([`Lang::count`]).

mod columns;
mod messages;
#[cfg(test)]
mod tests;

pub use columns::{column_label, column_msg, decided_label, severity_count, severity_label};
pub use messages::Msg;

/// A language of the published pages.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    #[default]
    En,
    Ja,
    /// Simplified Chinese.
    ZhHans,
    /// Traditional Chinese.
    ZhHant,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Ja, Lang::ZhHans, Lang::ZhHant];

    /// The BCP 47 tag, as the pages' `lang` attribute and `--lang` write it.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
            Lang::ZhHans => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
        }
    }

    /// A tag back (ASCII case ignored, as BCP 47 does; `zh-CN`/`zh-TW` are read as the
    /// scripts they use); `None` for a language the pages are not written in.
    pub fn parse(tag: &str) -> Option<Lang> {
        Some(match tag.to_ascii_lowercase().replace('_', "-").as_str() {
            "en" => Lang::En,
            "ja" => Lang::Ja,
            "zh-hans" | "zh-cn" | "zh-sg" => Lang::ZhHans,
            "zh-hant" | "zh-tw" | "zh-hk" | "zh-mo" => Lang::ZhHant,
            _ => return None,
        })
    }

    /// Whether the language's readers write Xiangqi moves and files in Chinese (`炮二平五`,
    /// the files 九…一 and 1…9): every language but English, whose readers use WXF and ICCS.
    pub fn writes_xiangqi_in_chinese(self) -> bool {
        self != Lang::En
    }

    /// Whether Xiangqi's characters are written in their Traditional forms (馬, 車): in
    /// Traditional Chinese and in Japanese.
    pub fn writes_traditional(self) -> bool {
        matches!(self, Lang::ZhHant | Lang::Ja)
    }

    /// A game kind's name.
    pub fn kind(self, kind: kifu_facts::GameKind) -> &'static str {
        use kifu_facts::GameKind;
        self.text(match kind {
            GameKind::Renju => Msg::KindRenju,
            GameKind::Xiangqi => Msg::KindXiangqi,
            GameKind::Territorial => Msg::KindTerritorial,
            GameKind::ChouChou => Msg::KindChouChou,
        })
    }

    /// A side's name: `Black`, `Red`, `P1`…, `draws`.
    pub fn side(self, side: kifu_facts::ResultName) -> String {
        use kifu_facts::ResultName;
        match side {
            ResultName::Black => self.text(Msg::SideBlack).into(),
            ResultName::White => self.text(Msg::SideWhite).into(),
            ResultName::Red => self.text(Msg::SideRed).into(),
            ResultName::Seat(n) => format!("P{n}"),
            ResultName::Draw => self.text(Msg::SideDraws).into(),
            ResultName::Unknown => self.text(Msg::NoResult).into(),
        }
    }

    /// Items of a list said in one sentence: `3 errors, 1 warning` in English, joined by
    /// the ideographic comma (、) in Japanese and Chinese, and closed by the language's
    /// full stop (`.`, `。`).
    pub fn sentence_of(self, items: &[String]) -> String {
        match self {
            Lang::En => format!("{}.", items.join(", ")),
            Lang::Ja | Lang::ZhHans | Lang::ZhHant => format!("{}。", items.join("、")),
        }
    }

    /// A date as the games store it (`2015-08-22`, `2015-08`, `2015`) in the language's
    /// form: ISO in English, `2015年8月22日` in Japanese and Chinese; a date that does not
    /// read so is left as written.
    pub fn date(self, date: &str) -> String {
        if self == Lang::En {
            return date.to_owned();
        }
        let parts: Vec<&str> = date.split('-').collect();
        let numbers: Option<Vec<u32>> = parts.iter().map(|p| p.parse().ok()).collect();
        match (parts.as_slice(), numbers.as_deref()) {
            ([y, ..], Some([_, m, d])) if y.len() == 4 => format!("{y}年{m}月{d}日"),
            ([y, ..], Some([_, m])) if y.len() == 4 => format!("{y}年{m}月"),
            ([y], Some([_])) if y.len() == 4 => format!("{y}年"),
            _ => date.to_owned(),
        }
    }

    /// A span of dates (`first..last` as a curation writes it, or the first and last
    /// game's), each in the language's form, joined by an en dash; one date when both are
    /// the same.
    pub fn dates(self, first: &str, last: &str) -> String {
        if first == last {
            self.date(first)
        } else {
            format!("{} – {}", self.date(first), self.date(last))
        }
    }

    /// A curation's dates (`2015-08-22..2015-08-26`, or one date) in the language's form.
    pub fn date_span(self, span: &str) -> String {
        match span.split_once("..") {
            Some((first, last)) => self.dates(first.trim(), last.trim()),
            None => self.date(span.trim()),
        }
    }

    /// The text of `msg`, slots unfilled (the plural form when English has two).
    pub fn text(self, msg: Msg) -> &'static str {
        let t = msg.texts()[self as usize];
        t.rsplit('|').next().unwrap_or(t)
    }

    /// The text of `msg` with each `{name}` slot replaced by its value.
    pub fn fill(self, msg: Msg, slots: &[(&str, &str)]) -> String {
        fill_slots(self.text(msg), slots)
    }

    /// `n` with its thousands grouped as the language writes Arabic numerals: `27,050` in
    /// each of the four (Japanese and Chinese group by three with a comma too).
    pub fn number(self, n: usize) -> String {
        let digits = n.to_string();
        let mut out = String::with_capacity(digits.len() + digits.len() / 3);
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    }

    /// The text of `msg` for a count `n` (`{n}` filled; English's singular for 1).
    pub fn count(self, msg: Msg, n: usize) -> String {
        self.count_fill(msg, n, &[])
    }

    /// [`Lang::count`] with other slots filled too.
    pub fn count_fill(self, msg: Msg, n: usize, slots: &[(&str, &str)]) -> String {
        let t = msg.texts()[self as usize];
        let form = match t.split_once('|') {
            Some((one, _)) if n == 1 => one,
            Some((_, many)) => many,
            None => t,
        };
        let n = n.to_string();
        let mut all = vec![("n", n.as_str())];
        all.extend_from_slice(slots);
        fill_slots(form, &all)
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.tag())
    }
}

fn fill_slots(text: &str, slots: &[(&str, &str)]) -> String {
    let mut out = text.to_owned();
    for (name, value) in slots {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// Who a page is written for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Edition {
    /// The event as the public reads it: no audit, no finding codes, no source paths, no
    /// move classes.
    Public,
    /// Everything kifu knows, for the federation.
    #[default]
    Audit,
}

impl Edition {
    pub fn name(self) -> &'static str {
        match self {
            Edition::Public => "public",
            Edition::Audit => "audit",
        }
    }

    pub fn parse(name: &str) -> Option<Edition> {
        match name {
            "public" => Some(Edition::Public),
            "audit" => Some(Edition::Audit),
            _ => None,
        }
    }

    pub fn is_public(self) -> bool {
        self == Edition::Public
    }
}
