//! How a page shows a name in its language: the one function per kind of name (a player,
//! an event, a section, a round) that the site, the report and its PDF call wherever they
//! write one. A name is the curation's translation in that language where it gives one
//! (`[[player]] names`, `[[event]] names`, `[[event.section]] names`, `[[event]] rounds`),
//! else the name the database shows (the curated canonical name, else the record's):
//! never a blank. Links and file names keep the name the database shows; only the text
//! changes.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use kifu_facts::translated::ROUND_NUMBER;
use kifu_facts::{EventTerms, Names};
use kifu_lang::Lang;
use kifu_store::Store;

use crate::Error;

/// Every name the curation gives in other languages, read once from the store.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShownNames {
    /// By the player's name as the database shows it (the curated one).
    players: HashMap<String, Names>,
    /// By the curated event's name.
    events: HashMap<String, EventNames>,
}

/// What an `[[event]]` names in other languages.
#[derive(Clone, Debug, Default, PartialEq)]
struct EventNames {
    name: Names,
    sections: BTreeMap<String, Names>,
    rounds: Names,
}

impl ShownNames {
    /// The translations of the curation applied to `store` (none without one).
    pub fn load(store: &Store) -> Result<ShownNames, Error> {
        Ok(ShownNames::new(
            store.player_translations()?,
            &store.event_terms()?,
        ))
    }

    /// From each `[[player]]`'s shown name with its translations and the events' terms.
    pub fn new(players: Vec<(String, Names)>, terms: &[EventTerms]) -> ShownNames {
        ShownNames {
            players: players.into_iter().collect(),
            events: terms
                .iter()
                .map(|t| {
                    let names = EventNames {
                        name: t.names.clone(),
                        sections: t.section_names.clone(),
                        rounds: t.rounds.clone(),
                    };
                    (t.name.clone(), names)
                })
                .collect(),
        }
    }

    /// The names as a page in `lang` shows them.
    pub fn in_lang(&self, lang: Lang) -> ShownIn<'_> {
        ShownIn { names: self, lang }
    }
}

/// The names of a page in one language: each method gives the translation, else the
/// name it is given.
#[derive(Clone, Copy, Debug)]
pub struct ShownIn<'n> {
    names: &'n ShownNames,
    pub lang: Lang,
}

impl<'n> ShownIn<'n> {
    /// A player's name (`name`: as the database shows it).
    pub fn player<'a>(&self, name: &'a str) -> &'a str
    where
        'n: 'a,
    {
        translated(self.names.players.get(name), self.lang).unwrap_or(name)
    }

    /// An event's name (`event`: as the database shows it).
    pub fn event<'a>(&self, event: &'a str) -> &'a str
    where
        'n: 'a,
    {
        let names = self.names.events.get(event).map(|e| &e.name);
        translated(names, self.lang).unwrap_or(event)
    }

    /// A section's name in `event` (`section`: the listed one's, or the records' tag's).
    pub fn section<'a>(&self, event: &str, section: &'a str) -> &'a str
    where
        'n: 'a,
    {
        let names = self
            .names
            .events
            .get(event)
            .and_then(|e| e.sections.get(section));
        translated(names, self.lang).unwrap_or(section)
    }

    /// A round of `event` as its pattern in the page's language names it, the number
    /// taken from the record's round (`第01轮` → `Round 1`); the record's round where the
    /// event has no pattern in the language or the round no number.
    pub fn round<'a>(&self, event: &str, round: &'a str) -> Cow<'a, str> {
        let pattern = translated(self.names.events.get(event).map(|e| &e.rounds), self.lang);
        match (pattern, round_number(round)) {
            (Some(p), Some(n)) => Cow::Owned(p.replace(ROUND_NUMBER, &n.to_string())),
            _ => Cow::Borrowed(round),
        }
    }
}

/// The name in `lang`, where one is given and not blank.
fn translated(names: Option<&Names>, lang: Lang) -> Option<&str> {
    names
        .and_then(|n| n.get(lang.tag()))
        .filter(|n| !n.trim().is_empty())
}

/// The first number written in a round's name (ASCII or full-width digits): `第01轮` 1,
/// `Round 10` 10.
fn round_number(round: &str) -> Option<u64> {
    let digit = |c: char| match c {
        '0'..='9' => c.to_digit(10),
        '０'..='９' => Some(c as u32 - '０' as u32),
        _ => None,
    };
    let digits: String = round
        .chars()
        .skip_while(|&c| digit(c).is_none())
        .map_while(|c| digit(c).and_then(|d| char::from_digit(d, 10)))
        .collect();
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names() -> ShownNames {
        let terms = EventTerms {
            name: "2015年世界象棋锦标赛".into(),
            names: [("en", "2015 World Xiangqi Championship")]
                .into_iter()
                .collect(),
            section_names: [("男子组".to_owned(), [("en", "Men")].into_iter().collect())]
                .into_iter()
                .collect(),
            rounds: [("en", "Round {n}")].into_iter().collect(),
            ..EventTerms::default()
        };
        let zheng = [("en", "Zheng Weitong"), ("ja", " ")].into_iter().collect();
        ShownNames::new(vec![("郑惟桐".into(), zheng)], &[terms])
    }

    #[test]
    fn a_name_is_its_translation_else_the_name_itself() {
        let names = names();
        let en = names.in_lang(Lang::En);
        assert_eq!(en.player("郑惟桐"), "Zheng Weitong");
        assert_eq!(en.player("许银川"), "许银川");
        assert_eq!(
            en.event("2015年世界象棋锦标赛"),
            "2015 World Xiangqi Championship"
        );
        assert_eq!(en.section("2015年世界象棋锦标赛", "男子组"), "Men");
        assert_eq!(en.section("2015年世界象棋锦标赛", "女子组"), "女子组");
        assert_eq!(en.round("2015年世界象棋锦标赛", "第01轮"), "Round 1");
        assert_eq!(en.round("2015年世界象棋锦标赛", "第１０轮"), "Round 10");
        assert_eq!(en.round("2015年世界象棋锦标赛", "决赛"), "决赛");
        assert_eq!(en.round("another event", "第01轮"), "第01轮");
        // A language the curation gives nothing (or a blank) in shows the name itself.
        let zh = names.in_lang(Lang::ZhHans);
        assert_eq!(zh.player("郑惟桐"), "郑惟桐");
        assert_eq!(zh.event("2015年世界象棋锦标赛"), "2015年世界象棋锦标赛");
        assert_eq!(names.in_lang(Lang::Ja).player("郑惟桐"), "郑惟桐");
    }
}
