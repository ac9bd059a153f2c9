//! The Renju opening rules (開局規定) by the names kifu stores in a game's `rule`: the RIF
//! export's rule names as the parser normalizes them, and the rules the engine checks; how
//! two spellings of a rule's name are compared ([`rule_key`]); and where a record keeps the
//! name its source gives the rule ([`recorded_rule_name`]).

/// Known opening rule names, as stored (a record naming another keeps its own spelling).
pub const RENJU_OPENING_RULES: &[&str] = &[
    "rif",
    "yamaguchi",
    "soosorv",
    "soosorv-8",
    "taraguchi",
    "taraguchi-10",
    "sakata",
    "tarannikov",
    "swap2",
    "exclusion",
    "renju",
    "gomoku",
];

/// The record format that names its rules: a RenjuNet XML export names each rule in its
/// `<rules>` table, and its reader keeps that name as the tag [`RULE_NAME_TAG`] beside the
/// normalized id it stores in `rule` (`Yamaguchi` beside `yamaguchi`).
pub const RULE_NAME_FORMAT: &str = "rif-xml";
/// The tag a [`RULE_NAME_FORMAT`] record keeps its rule's name under.
pub const RULE_NAME_TAG: &str = "rule_name";

/// The name a record's source gives its rule: the [`RULE_NAME_TAG`] of a
/// [`RULE_NAME_FORMAT`] record's stored `extra` (its JSON object), else `None`. Where no
/// curation names the rule (`[[rule]]`), it is shown beside the id as a curated name is.
pub fn recorded_rule_name(format: &str, extra: Option<&str>) -> Option<String> {
    if format != RULE_NAME_FORMAT {
        return None;
    }
    let extra: serde_json::Value = serde_json::from_str(extra?).ok()?;
    extra.get(RULE_NAME_TAG)?.as_str().map(str::to_owned)
}

/// An opening rule's name as it is compared: folded ([`crate::fold_text`]), accents dropped from
/// the vowels rule names carry (`Soosõrv`), and only letters and digits kept, so `RIF`,
/// `rif`, `Soosõrv-8` and `soosorv 8` each find the others.
pub fn rule_key(name: &str) -> String {
    crate::fold_text(name)
        .chars()
        .map(|c| match c {
            'õ' | 'ö' | 'ó' | 'ò' | 'ô' | 'Õ' | 'Ö' | 'Ó' | 'Ò' | 'Ô' => 'o',
            'ü' | 'ú' | 'ù' | 'û' | 'Ü' | 'Ú' | 'Ù' | 'Û' => 'u',
            'ä' | 'á' | 'à' | 'â' | 'Ä' | 'Á' | 'À' | 'Â' => 'a',
            c => c,
        })
        .filter(|c| c.is_alphanumeric())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_renjunet_export_names_its_rule_in_extra() {
        let extra = Some(r#"{"rule_id":"5","rule_name":"Yamaguchi"}"#);
        assert_eq!(
            recorded_rule_name("rif-xml", extra).as_deref(),
            Some("Yamaguchi")
        );
        assert_eq!(recorded_rule_name("results-csv", extra), None);
        assert_eq!(
            recorded_rule_name("rif-xml", Some(r#"{"rule_id":"5"}"#)),
            None
        );
        assert_eq!(recorded_rule_name("rif-xml", None), None);
    }
}
