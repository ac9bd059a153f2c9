//! The ECCO names in the script of the reader's language: the names are published in
//! Simplified characters (ecco2004.txt); a Traditional Chinese reader reads them in
//! Traditional characters (`中炮对屏风马` → `中炮對屏風馬`) and a Japanese reader in the
//! Japanese forms (`中炮対屏風馬`), as Japanese Xiangqi books write them. The forms are
//! OpenCC's, for the names' characters only ([`super::scripts`]).

use super::scripts::ECCO_SCRIPTS;

/// How a reader writes Chinese characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Script {
    Simplified,
    Traditional,
    /// Japanese Shinjitai (`対`, `辺`, `単`), else Traditional.
    Japanese,
}

/// An ECCO name (or a family's, or any text made of them) written in `script`; characters
/// that are not the names' are kept as they are.
pub fn written_in(name: &str, script: Script) -> String {
    if script == Script::Simplified {
        return name.to_owned();
    }
    name.chars()
        .map(
            |c| match ECCO_SCRIPTS.binary_search_by_key(&c, |&(simplified, _, _)| simplified) {
                Ok(i) => {
                    let (_, traditional, japanese) = ECCO_SCRIPTS[i];
                    match script {
                        Script::Japanese => japanese,
                        _ => traditional,
                    }
                }
                Err(_) => c,
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::xiangqi::ecco::{definitions, Family};

    /// Every name in its Traditional and Japanese forms: each character the table writes
    /// another way folds back to its Simplified form in the OpenCC table kifu folds names
    /// with (`kifu_facts::names::traditional_pairs`), and each character the table keeps
    /// has no Traditional form there, but 局 and 拐, which OpenCC's `s2t` keeps too (侷 and
    /// 枴 are variants).
    #[test]
    fn every_ecco_name_converts() {
        let folded: BTreeMap<char, char> = kifu_facts::names::traditional_pairs().collect();
        let mut names: Vec<&str> = definitions().iter().map(|d| d.name).collect();
        names.extend(['A', 'B', 'C', 'D', 'E'].map(|l| Family::from_letter(l).unwrap().name()));
        assert_eq!(names.len(), 265);
        for name in names {
            let traditional = written_in(name, Script::Traditional);
            assert_eq!(traditional.chars().count(), name.chars().count());
            for (s, t) in name.chars().zip(traditional.chars()) {
                if s != t {
                    assert_eq!(folded.get(&t), Some(&s), "{t} in {traditional}");
                } else {
                    let forms: Vec<char> = folded
                        .iter()
                        .filter(|&(_, &to)| to == s)
                        .map(|(&from, _)| from)
                        .collect();
                    assert!(
                        forms.is_empty() || ['局', '拐'].contains(&s),
                        "{s} of {name} kept, but {forms:?} fold to it"
                    );
                }
            }
            assert_eq!(written_in(name, Script::Simplified), name);
        }
    }

    #[test]
    fn names_in_each_script() {
        let c = Family::C.name();
        assert_eq!(c, "中炮对屏风马");
        assert_eq!(written_in(c, Script::Traditional), "中炮對屏風馬");
        assert_eq!(written_in(c, Script::Japanese), "中炮対屏風馬");
        let a = Family::A.name();
        assert_eq!(written_in(a, Script::Traditional), "非中炮類開局");
        let d = Family::D.name();
        assert_eq!(written_in(d, Script::Traditional), "順炮局和列炮局");
        assert_eq!(written_in("边马局", Script::Japanese), "辺馬局");
        assert_eq!(written_in("边马局", Script::Traditional), "邊馬局");
    }
}
