//! Header fields in a second encoding: a field whose bytes are not text in its file's
//! encoding, read on its own.
//!
//! Collections are merged by tools that copy fields from other files byte for byte: CCPD's
//! Big5 files carry a GBK `Round` tag (`第22轮` in GBK bytes reads `菴22謫` in Big5). Both
//! legacy encodings map most byte pairs to some character, so a wrong reading is seldom a
//! decoding error; it is improbable text. [`read_field`] reads a field's bytes in the
//! file's encoding and in the others (UTF-8, GBK, Big5) and keeps another reading when:
//!
//! 1. **it is clean**: no decoding error, and every character belongs where that encoding
//!    puts text: a GBK reading only GB2312 characters (GBK's additions are the Traditional
//!    and rare characters a Big5 text read as GBK turns into), a Big5 reading only
//!    characters Big5 encodes back to the same (the Hong Kong additions are left out), a
//!    UTF-8 reading not Simplified-only and Traditional-only characters mixed; no
//!    character rarer than the [`frequency`] table lists, no symbol outside the CJK
//!    punctuation and full-width forms (kana and bopomofo are what a misreading makes);
//! 2. **it is more probable**: where the file's reading has decoding errors, any clean
//!    reading is; otherwise its cost (the sum of `-ln` of each character's frequency, see
//!    [`cost`]) is lower by at least [`MIN_GAIN`] nats in all (a field in a second
//!    encoding is rare: in CCPD 0.7% of the non-ASCII fields, odds of about e⁻⁵, and a
//!    name's characters are rarer than running text's) and [`MIN_GAIN_PER_CHAR`] per
//!    non-ASCII character (so a long field does not switch on a sum of small gains).
//!    Names are short and often use rare characters, and a wrong reading of them can
//!    happen to hit common ones (Big5 `趙碩` read as GBK is `化河`, 6 nats likelier): the
//!    margins keep such names. Other text (a round, an event, a site: [`FieldKind::Text`])
//!    is common words, so the margins there are lower, [`MIN_TEXT_GAIN`] and
//!    [`MIN_TEXT_GAIN_PER_CHAR`]: GBK `第1局` reads `菴1擁` in Big5, 5 nats (2.5 per
//!    character) less likely, and `16进8` reads `16輛8`, 3.5 nats less likely; both are
//!    read as GBK, while GBK `邯郸` (`漯策` in Big5, 1.5 per character likelier) stays.
//!
//! A field kept in the file's encoding stays as the file's reading, errors included.

mod frequency;
mod repertoire;

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use encoding_rs::{Encoding, BIG5, GBK, UTF_8};
use kifu_facts::Severity;

use crate::raw::{Location, Note};

use repertoire::{in_big5, in_gb2312, is_cjk};

/// The least a reading of another encoding must gain over the file's, in nats.
pub const MIN_GAIN: f64 = 7.0;
/// The least it must gain per non-ASCII character of its own, in nats.
pub const MIN_GAIN_PER_CHAR: f64 = 2.5;
/// [`MIN_GAIN`] for a field of [`FieldKind::Text`].
pub const MIN_TEXT_GAIN: f64 = 3.0;
/// [`MIN_GAIN_PER_CHAR`] for a field of [`FieldKind::Text`].
pub const MIN_TEXT_GAIN_PER_CHAR: f64 = 2.0;

/// What a field holds, which sets how much likelier another encoding's reading must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// A name (a player, a team, an annotator) or a field of unknown use: short, often of
    /// rare characters, so a wrong reading that hits common ones must not win.
    Name,
    /// A round, an event, a site, a title, an opening: words common in such text.
    Text,
}

impl FieldKind {
    /// The kind of the header field `key` (a PGN tag, a DhtmlXQ key; any case).
    pub fn of_key(key: &str) -> FieldKind {
        const TEXT: [&str; 7] = [
            "round",
            "event",
            "site",
            "title",
            "open",
            "opening",
            "variation",
        ];
        if TEXT.iter().any(|t| t.eq_ignore_ascii_case(key)) {
            FieldKind::Text
        } else {
            FieldKind::Name
        }
    }

    /// The least gain in all and per non-ASCII character, in nats.
    fn margins(self) -> (f64, f64) {
        match self {
            FieldKind::Name => (MIN_GAIN, MIN_GAIN_PER_CHAR),
            FieldKind::Text => (MIN_TEXT_GAIN, MIN_TEXT_GAIN_PER_CHAR),
        }
    }
}

/// The encodings a field may come in, by the names the readers use.
const ENCODINGS: [(&str, &Encoding); 3] = [("utf-8", UTF_8), ("gbk", GBK), ("big5", BIG5)];

/// Cost of a character the table does not list: rarer than its last band.
const RARE: f64 = 12.0;
/// Cost of a character no text in these scripts would hold (and of U+FFFD).
const FOREIGN: f64 = 14.0;
/// Cost of CJK punctuation and full-width forms: as a character of middling frequency.
const PUNCTUATION: f64 = 6.0;

/// How a header field reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldReading {
    /// The field read in another encoding than the file's, when it reads better so.
    pub other: Option<OtherEncoding>,
    /// The reading kept has decoding errors (replaced by U+FFFD).
    pub errors: bool,
}

/// A field read in another encoding than its file's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherEncoding {
    /// `utf-8`, `gbk` or `big5`.
    pub encoding: &'static str,
    pub text: String,
    /// The field as the file's encoding reads it.
    pub file_reading: String,
}

impl OtherEncoding {
    /// The info note on a field (`what`: "Round tag", "DhtmlXQ_red field") read as
    /// `value` in this encoding, at `at`.
    pub fn note(&self, what: &str, value: &str, file_encoding: &str, at: Location) -> Note {
        Note {
            code: "field-encoding",
            severity: Severity::Info,
            message: format!(
                "the {what} is {} text in a {file_encoding} file: read as '{value}' \
                 (as {file_encoding} it reads '{}')",
                self.encoding, self.file_reading
            ),
            at,
            ply: None,
        }
    }
}

/// Reads a field's `bytes` (as written, escapes and all) from a file in `file_encoding`
/// (`utf-8`, `gbk`, `big5`; another name is read as the file's only), with the margins of
/// its `kind`.
pub fn read_field(bytes: &[u8], file_encoding: &str, kind: FieldKind) -> FieldReading {
    let Some(file) = ENCODINGS.iter().find(|(name, _)| *name == file_encoding) else {
        return FieldReading {
            other: None,
            errors: false,
        };
    };
    if bytes.is_ascii() {
        return FieldReading {
            other: None,
            errors: false,
        };
    }
    let (file_text, file_errors) = read(bytes, file.1);
    // Valid UTF-8 beyond ASCII is its own evidence: legacy text seldom is.
    if file.1 == UTF_8 && !file_errors {
        return FieldReading {
            other: None,
            errors: false,
        };
    }
    let file_cost = cost(&file_text);
    let (min_gain, min_gain_per_char) = kind.margins();
    let mut best: Option<(f64, &'static str, String)> = None;
    for &(name, encoding) in ENCODINGS.iter().filter(|(name, _)| *name != file.0) {
        // Checked before anything is decoded: most legacy fields are no UTF-8.
        if encoding == UTF_8 && std::str::from_utf8(bytes).is_err() {
            continue;
        }
        let (text, errors) = read(bytes, encoding);
        if errors || !is_clean(&text, encoding) {
            continue;
        }
        let c = cost(&text);
        let wide = text.chars().filter(|c| !c.is_ascii()).count().max(1) as f64;
        let gain = file_cost - c;
        let better = file_errors || (gain >= min_gain && gain >= min_gain_per_char * wide);
        if better && best.as_ref().is_none_or(|(b, _, _)| c < *b) {
            best = Some((c, name, text.into_owned()));
        }
    }
    match best {
        Some((_, encoding, text)) => FieldReading {
            other: Some(OtherEncoding {
                encoding,
                text,
                file_reading: file_text.into_owned(),
            }),
            errors: false,
        },
        None => FieldReading {
            other: None,
            errors: file_errors,
        },
    }
}

/// `bytes` in `encoding`, and whether some could not be read.
fn read<'a>(bytes: &'a [u8], encoding: &'static Encoding) -> (Cow<'a, str>, bool) {
    encoding.decode_without_bom_handling(bytes)
}

fn is_punctuation(c: char) -> bool {
    ('\u{3000}'..='\u{3011}').contains(&c) || ('\u{FF01}'..='\u{FF5E}').contains(&c)
}

/// Whether `text`, read in `encoding`, holds only characters that encoding's text would.
fn is_clean(text: &str, encoding: &'static Encoding) -> bool {
    let listed = text
        .chars()
        .all(|c| c.is_ascii() || is_punctuation(c) || (is_cjk(c) && frequency_cost(c).is_some()));
    if !listed {
        return false;
    }
    let mut cjk = text.chars().filter(|&c| is_cjk(c));
    if encoding == GBK {
        cjk.all(in_gb2312)
    } else if encoding == BIG5 {
        cjk.all(in_big5)
    } else {
        let (mut simplified, mut traditional) = (false, false);
        for c in cjk {
            match (in_gb2312(c), in_big5(c)) {
                (true, false) => simplified = true,
                (false, true) => traditional = true,
                _ => {}
            }
        }
        !(simplified && traditional)
    }
}

/// The cost of `c` from the frequency table, if it lists `c`.
fn frequency_cost(c: char) -> Option<u8> {
    static TABLE: OnceLock<HashMap<char, u8>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        frequency::BANDS
            .iter()
            .enumerate()
            .flat_map(|(band, chars)| chars.chars().map(move |c| (c, band as u8)))
            .collect()
    });
    table.get(&c).copied()
}

/// How improbable `text` is: the sum over its characters of `-ln` of their frequency (per
/// million, in whole nats); ASCII costs nothing.
pub fn cost(text: &str) -> f64 {
    text.chars()
        .map(|c| {
            if c.is_ascii() {
                0.0
            } else if is_punctuation(c) {
                PUNCTUATION
            } else if is_cjk(c) {
                frequency_cost(c).map_or(RARE, |half_nats| f64::from(half_nats) / 2.0)
            } else {
                FOREIGN
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encode(text: &str, encoding: &'static Encoding) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding.encode(text);
        assert!(!unmappable, "{text} in {}", encoding.name());
        bytes.into_owned()
    }

    const KINDS: [FieldKind; 2] = [FieldKind::Name, FieldKind::Text];

    /// The other reading of `bytes`, the same for either kind of field.
    fn other(bytes: &[u8], file: &str) -> Option<(&'static str, String)> {
        let [name, text] = KINDS.map(|kind| read_field(bytes, file, kind).other);
        assert_eq!(name, text, "{bytes:?}");
        name.map(|o| (o.encoding, o.text))
    }

    #[test]
    fn a_gbk_field_in_a_big5_file_reads_as_gbk() {
        for round in ["第22轮", "第01轮", "B组第3轮", "冠亚军第一盘", "（快棋2）"]
        {
            let bytes = encode(round, GBK);
            assert_eq!(
                other(&bytes, "big5"),
                Some(("gbk", round.to_owned())),
                "{round}"
            );
        }
        let reading = read_field(&encode("第22轮", GBK), "big5", FieldKind::Text);
        assert_eq!(reading.other.unwrap().file_reading, "菴22謫");
        assert!(!reading.errors);
    }

    #[test]
    fn a_short_round_in_gbk_reads_as_gbk_where_a_name_would_not_switch() {
        // CCPD's Big5 files hold these Round tags in GBK: `第3局` and `16进8`.
        for (bytes, gbk, big5) in [
            (b"\xB5\xDA3\xBE\xD6".as_slice(), "第3局", "菴3擁"),
            (b"16\xBD\xF88".as_slice(), "16进8", "16輛8"),
        ] {
            let round = read_field(bytes, "big5", FieldKind::of_key("Round"));
            let other = round.other.expect(gbk);
            assert_eq!((other.encoding, other.text.as_str()), ("gbk", gbk));
            assert_eq!(other.file_reading, big5);
            // The same bytes as a name: too short a gain to take another encoding on.
            let name = read_field(bytes, "big5", FieldKind::of_key("Red"));
            assert_eq!(name.other, None, "{gbk}");
        }
        assert_eq!(FieldKind::of_key("EVENT"), FieldKind::Text);
        assert_eq!(FieldKind::of_key("RedTeam"), FieldKind::Name);
    }

    #[test]
    fn a_big5_field_in_a_gbk_file_reads_as_big5() {
        // 許 ends in 0x5C; 棋賽 has trail bytes below 0x80, which GBK reads as rare
        // Traditional characters.
        for event in ["全國象棋個人賽", "許銀川", "第五屆棋王賽"] {
            let bytes = encode(event, BIG5);
            assert_eq!(
                other(&bytes, "gbk"),
                Some(("big5", event.to_owned())),
                "{event}"
            );
        }
    }

    #[test]
    fn a_utf8_field_in_a_legacy_file_reads_as_utf8() {
        for (text, file) in [
            ("胡荣华", "gbk"),
            ("全国象棋个人赛", "big5"),
            ("呂欽", "gbk"),
        ] {
            let bytes = text.as_bytes();
            assert_eq!(
                other(bytes, file),
                Some(("utf-8", text.to_owned())),
                "{text} in {file}"
            );
        }
    }

    #[test]
    fn a_legacy_field_in_a_utf8_file_is_read_where_utf8_fails() {
        let bytes = encode("胡荣华", GBK);
        assert_eq!(other(&bytes, "utf-8"), Some(("gbk", "胡荣华".to_owned())));
    }

    #[test]
    fn text_in_the_files_own_encoding_stays() {
        // Names with rare characters, whose other reading happens to be common ones (as
        // a round or an event, `趙碩` would read `化河`: the margins are the names').
        let stays = |text: &str, kind: FieldKind| {
            assert_eq!(
                read_field(&encode(text, BIG5), "big5", kind),
                FieldReading {
                    other: None,
                    errors: false
                },
                "{text} as {kind:?}"
            );
        };
        for name in ["趙碩", "郭莉萍", "黃薇", "陳懋煌"] {
            stays(name, FieldKind::Name);
        }
        for text in ["第22輪", "16進8", "邯鄲", "第3局", "全國象棋個人賽"] {
            stays(text, FieldKind::Name);
            stays(text, FieldKind::Text);
        }
        // GBK `邯郸` reads as Big5 `漯策`, 3 nats likelier but only 1.5 a character.
        for name in ["胡荣华", "吕钦", "许银川", "第22轮", "邯郸", "象棋"] {
            assert_eq!(other(&encode(name, GBK), "gbk"), None, "{name}");
        }
        // Traditional text written in GBK stays GBK.
        assert_eq!(other(&encode("呂欽", GBK), "gbk"), None);
        assert_eq!(other("胡荣华".as_bytes(), "utf-8"), None);
        assert_eq!(other(b"Hu Ronghua", "big5"), None);
    }

    #[test]
    fn bytes_no_encoding_reads_cleanly_keep_the_files_reading_with_its_errors() {
        for kind in KINDS {
            let reading = read_field(b"\xFF\xFE\xFF", "gbk", kind);
            assert_eq!(reading.other, None);
            assert!(reading.errors);
        }
    }

    #[test]
    fn common_characters_cost_less_than_rare_ones() {
        assert_eq!(cost("abc"), 0.0);
        assert!(cost("第") < cost("菴"));
        assert!(cost("轮") < cost("謫"));
        // A Traditional character costs what its Simplified form does.
        assert_eq!(cost("輪"), cost("轮"));
        assert_eq!(cost("め"), FOREIGN);
    }
}
