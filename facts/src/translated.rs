//! A curated name in the languages the pages are written in (`names = { en = "Zheng
//! Weitong", ja = "鄭惟桐" }`): one [`Names`] value per player, event, section and round
//! pattern, keyed by the language's tag as `kifu_lang::Lang::tag` writes it (`en`, `ja`,
//! `zh-Hans`, `zh-Hant`; the curation reader checks each tag and writes it so). What a
//! page shows for a name in a language is `kifu_analysis::shown_names`' to say: the
//! translation where there is one, else the name itself.

use std::collections::BTreeMap;

/// A name by language tag. Stored as a JSON object of tag to name (its serde form).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct Names(BTreeMap<String, String>);

impl Names {
    /// The name in the language of `tag`, where one is given.
    pub fn get(&self, tag: &str) -> Option<&str> {
        self.0.get(tag).map(String::as_str)
    }

    /// Gives the name in the language of `tag` (a tag as `kifu_lang::Lang::tag` writes it).
    pub fn insert(&mut self, tag: &str, name: String) {
        self.0.insert(tag.to_owned(), name);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Each language's tag and name, by tag.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(t, n)| (t.as_str(), n.as_str()))
    }
}

impl<'a> FromIterator<(&'a str, &'a str)> for Names {
    fn from_iter<I: IntoIterator<Item = (&'a str, &'a str)>>(items: I) -> Names {
        Names(
            items
                .into_iter()
                .map(|(t, n)| (t.to_owned(), n.to_owned()))
                .collect(),
        )
    }
}

/// Where a round pattern (`rounds = { en = "Round {n}" }`) puts the round's number.
pub const ROUND_NUMBER: &str = "{n}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_stored_as_an_object_of_tags() {
        let names: Names = [("en", "Zheng Weitong"), ("zh-Hant", "鄭惟桐")]
            .into_iter()
            .collect();
        let json = serde_json::to_value(&names).unwrap();
        assert_eq!(
            json,
            serde_json::json!({"en": "Zheng Weitong", "zh-Hant": "鄭惟桐"})
        );
        assert_eq!(serde_json::from_value::<Names>(json).unwrap(), names);
        assert_eq!(names.get("en"), Some("Zheng Weitong"));
        assert_eq!(names.get("ja"), None);
    }
}
