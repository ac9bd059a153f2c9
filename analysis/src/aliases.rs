//! Likely identities among the stored player names (`kifu players --suggest-aliases`), as
//! `[[player]]` entries for a curator to review: the same name once folded (case, width,
//! Traditional and Simplified Chinese), a name with a team or city prefix (`上海胡榮華` for
//! `胡榮華`), and Latin names that differ by initials or word order (`HASEGAWA K.`,
//! `Hasegawa`, `Kenji Hasegawa`). Two names that sat at one game are never joined.

use std::collections::{BTreeMap, HashMap, HashSet};

use kifu_store::curation::{name_matches, NameSummary};
use kifu_store::{Result, Store};

/// Why a name is proposed as an alias.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The name the entry shows (the most games among the core names).
    Shown,
    /// The shown name once folded.
    SameFolded,
    /// A team, city or club prefix before another name.
    Prefix(String),
    /// Latin initials or word order.
    Initials,
}

/// One name of a suggested identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub name: String,
    pub games: u64,
    pub first_date: Option<String>,
    pub last_date: Option<String>,
    pub reason: Reason,
}

/// A likely identity: its names, the shown one first; or, where the curation has the
/// identity already (`identity`), the names it does not take yet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub identity: Option<String>,
    pub members: Vec<Member>,
}

impl Suggestion {
    pub fn games(&self) -> u64 {
        self.members.iter().map(|m| m.games).sum()
    }

    /// The first and last dates over every name.
    pub fn dates(&self) -> (Option<&str>, Option<&str>) {
        let first = self
            .members
            .iter()
            .filter_map(|m| m.first_date.as_deref())
            .min();
        let last = self
            .members
            .iter()
            .filter_map(|m| m.last_date.as_deref())
            .max();
        (first, last)
    }
}

/// Characters that join two players in one seat (`胡榮華、董波`, `A+B`): such a seat is a
/// pair, not a spelling.
const PAIR_MARKS: &[char] = &['、', '+', '＋', '/', '∕', '&', ',', '，'];

/// The longest prefix a team or city name takes, in characters.
const MAX_PREFIX: usize = 6;

/// The likely identities among the names not curated yet; with `pattern`, those with a name
/// it matches (a name pattern, as `--player` takes). Most games first.
pub fn suggest_aliases(store: &Store, pattern: Option<&str>) -> Result<Vec<Suggestion>> {
    // Curated names take part as anchors: a spelling not curated yet that belongs with an
    // identity is proposed for it.
    let names: Vec<NameSummary> = store.name_summaries()?;
    let mut sets = Sets::new(names.len());
    let mut reason: HashMap<usize, Reason> = HashMap::new();
    // The keys other names stand after a prefix (`胡荣华` of `上海胡榮華`): a spelling of
    // one is shown before a prefixed name.
    let mut core: HashSet<&str> = HashSet::new();
    // The same name once folded.
    let mut by_key: HashMap<&str, usize> = HashMap::new();
    for (i, n) in names.iter().enumerate() {
        match by_key.get(n.key.as_str()) {
            Some(&j) => {
                sets.union(i, j);
                reason.insert(i, Reason::SameFolded);
            }
            None => {
                by_key.insert(&n.key, i);
            }
        }
    }
    // A prefix before another stored name of two characters or more: each name's longest
    // such split.
    let splits: Vec<Option<(usize, String, usize)>> = names
        .iter()
        .map(|n| {
            if n.key.contains(PAIR_MARKS) || !n.key.chars().any(is_cjk) {
                return None;
            }
            let chars: Vec<char> = n.key.chars().collect();
            (1..=MAX_PREFIX.min(chars.len().saturating_sub(2))).find_map(|cut| {
                let prefix: String = chars[..cut].iter().collect();
                let rest: String = chars[cut..].iter().collect();
                let rest = rest.trim_start();
                (rest.chars().count() >= 2 && prefix.chars().any(is_cjk))
                    .then(|| {
                        by_key
                            .get(rest)
                            .map(|&j| (cut, prefix.trim().to_owned(), j))
                    })
                    .flatten()
            })
        })
        .collect();
    // How many names each prefix stands before: a team or city prefixes many players.
    let mut prefixes: HashMap<&str, usize> = HashMap::new();
    for (_, prefix, _) in splits.iter().flatten() {
        *prefixes.entry(prefix).or_default() += 1;
    }
    for (i, split) in splits.iter().enumerate() {
        let Some((cut, prefix, j)) = split else {
            continue;
        };
        let (n, j) = (&names[i], *j);
        // A "prefix" that is a player's own name, before few others, makes a pair
        // (`伍霞胡榮華`); a team's (`上海`) stands before many.
        let pair = by_key.contains_key(prefix.as_str()) && prefixes[prefix.as_str()] < 3;
        if !pair && !store.played_each_other(n.id, names[j].id)? {
            sets.union(i, j);
            let written: String = n.name.chars().take(*cut).collect();
            reason.insert(i, Reason::Prefix(written.trim().to_owned()));
            core.insert(names[j].key.as_str());
        }
    }
    // Latin names: initials and word order.
    latin_pairs(store, &names, &mut sets, &mut reason)?;

    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for i in 0..names.len() {
        groups.entry(sets.find(i)).or_default().push(i);
    }
    let mut out = Vec::new();
    for members in groups.into_values().filter(|m| m.len() > 1) {
        if let Some(p) = pattern {
            if !members.iter().any(|&i| name_matches(p, &names[i].name)) {
                continue;
            }
        }
        // The identity the curation already has for some of them, if any.
        let identity = members.iter().find_map(|&i| names[i].identity.clone());
        let members: Vec<usize> = match &identity {
            Some(_) => members
                .into_iter()
                .filter(|&i| names[i].identity.is_none())
                .collect(),
            None => members,
        };
        if members.is_empty() || (identity.is_none() && members.len() < 2) {
            continue;
        }
        // Shown: a name without a prefix that others prefix, with the most games; else
        // the most games of all.
        let shown = match identity {
            Some(_) => None,
            None => members.iter().copied().max_by_key(|&i| {
                let bare = !matches!(reason.get(&i), Some(Reason::Prefix(_)));
                let core = core.contains(names[i].key.as_str());
                (bare, core, names[i].games, std::cmp::Reverse(i))
            }),
        };
        let mut list: Vec<Member> = members
            .iter()
            .map(|&i| Member {
                name: names[i].name.clone(),
                games: names[i].games,
                first_date: names[i].first_date.clone(),
                last_date: names[i].last_date.clone(),
                reason: if Some(i) == shown {
                    Reason::Shown
                } else {
                    reason.get(&i).cloned().unwrap_or(Reason::SameFolded)
                },
            })
            .collect();
        list.sort_by(|a, b| {
            (a.reason != Reason::Shown)
                .cmp(&(b.reason != Reason::Shown))
                .then(b.games.cmp(&a.games))
                .then(a.name.cmp(&b.name))
        });
        out.push(Suggestion {
            identity,
            members: list,
        });
    }
    out.sort_by_key(|s| std::cmp::Reverse(s.games()));
    Ok(out)
}

fn is_cjk(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{2FFFF}')
}

/// A Latin name's words (lower case, dots and commas dropped): `("hasegawa", ["k"])` style
/// split into full words and initials. `None` for a name with other letters.
fn latin_words(key: &str) -> Option<(Vec<String>, Vec<char>)> {
    if !key
        .chars()
        .all(|c| c.is_ascii_alphabetic() || " .,-'".contains(c))
    {
        return None;
    }
    let mut full = Vec::new();
    let mut initials = Vec::new();
    for w in key.split([' ', '.', ',']).filter(|w| !w.is_empty()) {
        match w.len() {
            1 => initials.push(w.chars().next().expect("one letter")),
            _ => full.push(w.to_owned()),
        }
    }
    (!full.is_empty()).then_some((full, initials))
}

/// Whether two Latin names may be one person: a word in common, and every other word of
/// each matched by the other's word or initial (or the other has nothing else).
fn latin_compatible(a: &(Vec<String>, Vec<char>), b: &(Vec<String>, Vec<char>)) -> bool {
    if !a.0.iter().any(|w| b.0.contains(w)) {
        return false;
    }
    let rest = |x: &(Vec<String>, Vec<char>), y: &(Vec<String>, Vec<char>)| -> bool {
        let x_other: Vec<&String> = x.0.iter().filter(|w| !y.0.contains(w)).collect();
        let y_other: Vec<&String> = y.0.iter().filter(|w| !x.0.contains(w)).collect();
        if y_other.is_empty() && y.1.is_empty() {
            return true;
        }
        x_other.iter().all(|w| {
            let first = w.chars().next().expect("a word");
            y.1.contains(&first) || y_other.iter().any(|v| v == w)
        }) && x
            .1
            .iter()
            .all(|c| y.1.contains(c) || y_other.iter().any(|v| v.starts_with(*c)))
    };
    rest(a, b) && rest(b, a)
}

fn latin_pairs(
    store: &Store,
    names: &[NameSummary],
    sets: &mut Sets,
    reason: &mut HashMap<usize, Reason>,
) -> Result<()> {
    let words: Vec<Option<(Vec<String>, Vec<char>)>> =
        names.iter().map(|n| latin_words(&n.key)).collect();
    let mut by_word: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, w) in words.iter().enumerate() {
        for word in w.iter().flat_map(|w| &w.0) {
            by_word.entry(word).or_default().push(i);
        }
    }
    for (i, w) in words.iter().enumerate() {
        let Some(w) = w else { continue };
        // Every other name sharing a word with it and compatible with it.
        let mut matches: Vec<usize> =
            w.0.iter()
                .flat_map(|word| by_word[word.as_str()].iter().copied())
                .filter(|&j| j != i && names[j].key != names[i].key)
                .filter(|&j| words[j].as_ref().is_some_and(|v| latin_compatible(w, v)))
                .collect();
        matches.sort_unstable();
        matches.dedup();
        // A bare surname compatible with two people who are not one (`Hasegawa` beside
        // `HASEGAWA K.` and `HASEGAWA T.`) is left alone.
        let consistent = matches.iter().all(|&a| {
            matches.iter().all(|&b| {
                a == b || latin_compatible(words[a].as_ref().unwrap(), words[b].as_ref().unwrap())
            })
        });
        if matches.is_empty() || !consistent || matches.len() > 8 {
            continue;
        }
        for j in matches {
            if !store.played_each_other(names[i].id, names[j].id)? {
                sets.union(i, j);
                reason.entry(i).or_insert(Reason::Initials);
                reason.entry(j).or_insert(Reason::Initials);
            }
        }
    }
    Ok(())
}

/// Union-find over the names.
struct Sets {
    parent: Vec<usize>,
}

impl Sets {
    fn new(n: usize) -> Sets {
        Sets {
            parent: (0..n).collect(),
        }
    }

    fn find(&mut self, mut i: usize) -> usize {
        while self.parent[i] != i {
            self.parent[i] = self.parent[self.parent[i]];
            i = self.parent[i];
        }
        i
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.parent[a.max(b)] = a.min(b);
        }
    }
}

/// The suggestions as `[[player]]` entries, each alias with its games and dates and why it
/// is proposed, for a curator to review and paste into the curation file.
pub fn as_toml(suggestions: &[Suggestion]) -> String {
    let mut out = String::new();
    for s in suggestions {
        let (first, last) = s.dates();
        if let Some(identity) = &s.identity {
            out.push_str(&format!(
                "# {} more names for the curated [[player]] {}: add them to its aliases\n\
                 # aliases = [\n",
                s.members.len(),
                toml_string(identity)
            ));
            for m in &s.members {
                out.push_str(&format!(
                    "#     {},  # {}\n",
                    toml_string(&m.name),
                    about(m)
                ));
            }
            out.push_str("# ]\n\n");
            continue;
        }
        let shown = &s.members[0];
        out.push_str(&format!(
            "# {} names in {} records ({}..{}): review before use\n[[player]]\nname = {}\naliases = [\n",
            s.members.len(),
            s.games(),
            first.unwrap_or("?"),
            last.unwrap_or("?"),
            toml_string(&shown.name)
        ));
        for m in &s.members[1..] {
            out.push_str(&format!("    {},  # {}\n", toml_string(&m.name), about(m)));
        }
        out.push_str(&format!(
            "]  # the shown name: {} records, {}..{}\n\n",
            shown.games,
            shown.first_date.as_deref().unwrap_or("?"),
            shown.last_date.as_deref().unwrap_or("?"),
        ));
    }
    out
}

/// `12 records, 1962..2014: prefix 上海`.
fn about(m: &Member) -> String {
    let why = match &m.reason {
        Reason::Shown => String::new(),
        Reason::SameFolded => "the same name folded".into(),
        Reason::Prefix(p) => format!("prefix {p}"),
        Reason::Initials => "initials or word order".into(),
    };
    format!(
        "{} records, {}..{}: {why}",
        m.games,
        m.first_date.as_deref().unwrap_or("?"),
        m.last_date.as_deref().unwrap_or("?"),
    )
}

/// A TOML basic string.
fn toml_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_names_differing_by_initials_or_order_are_compatible() {
        let w = |s: &str| latin_words(s).unwrap();
        assert!(latin_compatible(&w("hasegawa"), &w("hasegawa k.")));
        assert!(latin_compatible(&w("hasegawa k."), &w("kenji hasegawa")));
        assert!(latin_compatible(&w("hasegawa kenji"), &w("kenji hasegawa")));
        assert!(!latin_compatible(&w("hasegawa k."), &w("hasegawa t.")));
        assert!(!latin_compatible(&w("iio j."), &w("isobe t.")));
        assert!(!latin_compatible(&w("kenji hasegawa"), &w("taro hasegawa")));
        assert!(latin_words("胡榮華").is_none());
        assert_eq!(toml_string("a\"b"), "\"a\\\"b\"");
    }
}
