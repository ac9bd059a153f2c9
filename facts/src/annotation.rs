//! The per-game annotations stored beside each game (the `extra` column): the record's
//! header tags that have no column of their own, and what the replay found, typed per game.
//!
//! Stored as one JSON object (keys in serde_json's map order, sorted): the header tags and
//! the annotation fields, an annotation field winning over a header tag of the same name. Every reader goes through
//! [`Extra::parse`]; nothing outside this module reads a key by its string.

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::GameKind;

/// Renju: header facts with no column, and the opening's declared fifth-move proposals.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RenjuAnnotations {
    /// The opening's name as the record writes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_time: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_time: Option<String>,
    /// The recorded swap value as written (RIF `swap`), see [`RenjuAnnotations::swapped`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swap: Option<String>,
    /// How many fifth-move proposals the record declares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_proposals: Option<u8>,
    /// The fifth-move proposals, space-separated points (`--` for a pass).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proposals: Option<String>,
}

impl RenjuAnnotations {
    /// The recorded swap: `Some(true)` swapped, `Some(false)` not, `None` unknown.
    pub fn swapped(&self) -> Option<bool> {
        let s = self.swap.as_deref()?.trim().to_ascii_lowercase();
        match s.as_str() {
            "" | "-" | "?" => None,
            "0" | "no" | "false" | "n" => Some(false),
            "yes" | "true" | "y" => Some(true),
            other => other.parse::<f64>().ok().map(|x| x > 0.0),
        }
    }
}

/// Pieces taken, by piece name (only those taken).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PieceCounts(pub Vec<(String, u32)>);

impl PieceCounts {
    pub fn total(&self) -> u32 {
        self.0.iter().map(|(_, n)| n).sum()
    }

    pub fn get(&self, piece: &str) -> u32 {
        self.0
            .iter()
            .find(|(p, _)| p == piece)
            .map_or(0, |(_, n)| *n)
    }
}

impl Serialize for PieceCounts {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl<'de> Deserialize<'de> for PieceCounts {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PieceCounts, D::Error> {
        struct CountsVisitor;
        impl<'de> Visitor<'de> for CountsVisitor {
            type Value = PieceCounts;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map of piece names to counts")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<PieceCounts, A::Error> {
                let mut v = Vec::new();
                while let Some((k, n)) = a.next_entry::<String, u32>()? {
                    v.push((k, n));
                }
                Ok(PieceCounts(v))
            }
        }
        d.deserialize_map(CountsVisitor)
    }
}

/// Xiangqi captures over the main line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct XiangqiCaptures {
    /// Pieces Red took.
    pub red: PieceCounts,
    /// Pieces Black took.
    pub black: PieceCounts,
    /// The first ply that took a piece (stored as `null` when none did).
    pub first_capture_ply: Option<u32>,
    /// Material balance Red − Black after each applied ply.
    #[serde(default)]
    pub material: Vec<i32>,
}

impl XiangqiCaptures {
    /// The pieces the side in `seat` took (Red is the first seat); `None` past the second.
    pub fn by(&self, seat: crate::Seat) -> Option<&PieceCounts> {
        match seat {
            crate::Seat::FIRST => Some(&self.red),
            crate::Seat::SECOND => Some(&self.black),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct XiangqiAnnotations {
    /// The opening the record names (its `Opening` tag, DhtmlXQ's `open` text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_name: Option<String>,
    /// The name of the game's ECCO code (the game's `opening`), by kifu's classifier.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ecco_name: Option<String>,
    /// The start position when it is not the standard one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_fen: Option<String>,
    /// The text encoding the record was read in.
    #[serde(default)]
    pub encoding: String,
    #[serde(default)]
    pub captures: XiangqiCaptures,
    /// Variation lines checked beside the main line (absent when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variations: Option<u32>,
}

/// One territory of the final position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Territory {
    /// `white` or `black`.
    pub side: String,
    pub size: u32,
    pub multiplier: u32,
    pub king: bool,
    pub queen: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerritorialScore {
    pub white: u32,
    pub black: u32,
    #[serde(default)]
    pub territories: Vec<Territory>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerritorialAnnotations {
    pub score: TerritorialScore,
}

/// One ChouChou capture.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChouChouCapture {
    pub ply: u32,
    /// The capturing seat, `P1`…`P4`.
    pub player: String,
    pub taken: u32,
    /// Stack heights taken at each step of a chain.
    #[serde(default)]
    pub steps: Vec<u32>,
    /// `place`, `move-two`, `swap-one` or `penalty`.
    pub action: String,
}

/// Fields an older or hand-made record leaves out read as their defaults.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChouChouAnnotations {
    /// `3x3`, `js` or `4x4`.
    pub variant: String,
    pub players: u32,
    pub pairs: bool,
    /// Pieces a seat must capture to win.
    pub threshold: u32,
    /// Pieces captured per seat (penalties included).
    #[serde(default)]
    pub captured: Vec<u32>,
    /// Penalty pieces received per seat.
    #[serde(default)]
    pub penalty: Vec<u32>,
    /// Points per seat.
    #[serde(default)]
    pub points: Vec<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// The record's own termination text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_tag: Option<String>,
    #[serde(default)]
    pub captures: Vec<ChouChouCapture>,
    /// The record's entries the replay did not apply, which the stored moves (the applied
    /// actions) leave out: moves void under rule 7(1) and entries after the game ended.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub not_applied: Vec<ChouChouEntry>,
    /// The capture counts the record states (`x2`) that the board does not imply: below
    /// or above the mover's entitlement, or on an entry not applied.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stated_counts: Vec<ChouChouStatedCount>,
}

/// A ChouChou record entry by its ply (the record's entry number, from 1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChouChouEntry {
    pub ply: u32,
    /// The action in the record notation (`2B`, `3C→1A②`), which also holds what the
    /// stored moves' encoding cannot: a cell off every board (`1F`).
    pub action: String,
}

/// A capture count a ChouChou record states for the entry at `ply`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChouChouStatedCount {
    pub ply: u32,
    pub count: u32,
}

/// The annotations of one game, by kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Annotations {
    Renju(RenjuAnnotations),
    Xiangqi(XiangqiAnnotations),
    Territorial(TerritorialAnnotations),
    ChouChou(ChouChouAnnotations),
}

impl Annotations {
    pub fn kind(&self) -> GameKind {
        match self {
            Annotations::Renju(_) => GameKind::Renju,
            Annotations::Xiangqi(_) => GameKind::Xiangqi,
            Annotations::Territorial(_) => GameKind::Territorial,
            Annotations::ChouChou(_) => GameKind::ChouChou,
        }
    }

    fn empty(kind: GameKind) -> Annotations {
        match kind {
            GameKind::Renju => Annotations::Renju(Default::default()),
            GameKind::Xiangqi => Annotations::Xiangqi(Default::default()),
            GameKind::Territorial => Annotations::Territorial(Default::default()),
            GameKind::ChouChou => Annotations::ChouChou(Default::default()),
        }
    }

    fn to_value(&self) -> Value {
        let v = match self {
            Annotations::Renju(a) => serde_json::to_value(a),
            Annotations::Xiangqi(a) => serde_json::to_value(a),
            Annotations::Territorial(a) => serde_json::to_value(a),
            Annotations::ChouChou(a) => serde_json::to_value(a),
        };
        v.expect("annotations are plain data")
    }

    fn from_value(kind: GameKind, v: Value) -> Result<Annotations, serde_json::Error> {
        Ok(match kind {
            GameKind::Renju => Annotations::Renju(serde_json::from_value(v)?),
            GameKind::Xiangqi => Annotations::Xiangqi(serde_json::from_value(v)?),
            GameKind::Territorial => Annotations::Territorial(serde_json::from_value(v)?),
            GameKind::ChouChou => Annotations::ChouChou(serde_json::from_value(v)?),
        })
    }

    pub fn renju(&self) -> Option<&RenjuAnnotations> {
        match self {
            Annotations::Renju(a) => Some(a),
            _ => None,
        }
    }

    pub fn xiangqi(&self) -> Option<&XiangqiAnnotations> {
        match self {
            Annotations::Xiangqi(a) => Some(a),
            _ => None,
        }
    }

    pub fn territorial(&self) -> Option<&TerritorialAnnotations> {
        match self {
            Annotations::Territorial(a) => Some(a),
            _ => None,
        }
    }

    pub fn chouchou(&self) -> Option<&ChouChouAnnotations> {
        match self {
            Annotations::ChouChou(a) => Some(a),
            _ => None,
        }
    }
}

/// Everything stored in a game's `extra` column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extra {
    /// Header tags without a column of their own, as written, in record order.
    pub tags: Vec<(String, String)>,
    pub annotations: Annotations,
}

/// An `extra` value that is not what its game kind stores.
#[derive(Debug)]
pub struct BadExtra {
    pub kind: GameKind,
    pub error: String,
}

impl std::fmt::Display for BadExtra {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "stored {} annotations unreadable: {}",
            self.kind, self.error
        )
    }
}

impl std::error::Error for BadExtra {}

impl Extra {
    pub fn new(tags: Vec<(String, String)>, annotations: Annotations) -> Extra {
        Extra { tags, annotations }
    }

    /// The stored JSON object: the tags, overridden by the annotation fields. `None` when
    /// both are empty.
    pub fn to_json(&self) -> Option<String> {
        stored_json(&self.tags, &self.annotations)
    }

    /// A stored value back (`None` stored: no tags, empty annotations).
    pub fn parse(kind: GameKind, json: Option<&str>) -> Result<Extra, BadExtra> {
        let bad = |e: &dyn std::fmt::Display| BadExtra {
            kind,
            error: e.to_string(),
        };
        let Some(json) = json else {
            return Ok(Extra::new(Vec::new(), Annotations::empty(kind)));
        };
        let value: Value = serde_json::from_str(json).map_err(|e| bad(&e))?;
        let Value::Object(map) = value else {
            return Err(bad(&"not a JSON object"));
        };
        let fields = Annotations::empty(kind).to_value();
        let typed = |k: &str| {
            matches!(&fields, Value::Object(f) if f.contains_key(k)) || optional_field(kind, k)
        };
        let tags = map
            .iter()
            .filter(|(k, _)| !typed(k))
            .map(|(k, v)| {
                let text = match v {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                (k.clone(), text)
            })
            .collect();
        let annotations = Annotations::from_value(kind, Value::Object(map)).map_err(|e| bad(&e))?;
        Ok(Extra { tags, annotations })
    }

    /// A header tag by name, ignoring ASCII case.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// The stored JSON object of a game's `tags` and `annotations` ([`Extra::to_json`]),
/// written straight from them: the object a `serde_json::Value` map of the tags, then the
/// annotation fields, would write (keys sorted at every level, an annotation field
/// winning over a tag of the same name). `None` when both are empty.
pub fn stored_json(tags: &[(String, String)], annotations: &Annotations) -> Option<String> {
    let json = crate::sorted_json::to_string(&Stored {
        tags: Tags(tags),
        annotations: AnnotationFields(annotations),
    });
    (json != "{}").then_some(json)
}

/// What [`stored_json`] writes: the tags, then the annotation fields, in one object.
#[derive(Serialize)]
struct Stored<'a> {
    #[serde(flatten)]
    tags: Tags<'a>,
    #[serde(flatten)]
    annotations: AnnotationFields<'a>,
}

struct Tags<'a>(&'a [(String, String)]);

impl Serialize for Tags<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// The annotations' own fields (no tag naming the kind).
struct AnnotationFields<'a>(&'a Annotations);

impl Serialize for AnnotationFields<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Annotations::Renju(a) => a.serialize(s),
            Annotations::Xiangqi(a) => a.serialize(s),
            Annotations::Territorial(a) => a.serialize(s),
            Annotations::ChouChou(a) => a.serialize(s),
        }
    }
}

/// Annotation fields left out of the stored object when empty (so not in an empty
/// annotation's value): they are still annotation fields, never tags.
fn optional_field(kind: GameKind, key: &str) -> bool {
    match kind {
        GameKind::Renju => matches!(
            key,
            "opening_name"
                | "black_time"
                | "white_time"
                | "swap"
                | "declared_proposals"
                | "proposals"
        ),
        GameKind::Xiangqi => matches!(
            key,
            "opening_name" | "ecco_name" | "start_fen" | "variations"
        ),
        GameKind::Territorial => false,
        GameKind::ChouChou => matches!(
            key,
            "winner" | "termination_tag" | "not_applied" | "stated_counts"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_with_keys_in_serde_json_order() {
        let extra = Extra::new(
            vec![("Site".into(), "Tokyo".into())],
            Annotations::Renju(RenjuAnnotations {
                opening_name: Some("Kagetsu".into()),
                swap: Some("yes".into()),
                declared_proposals: Some(2),
                ..Default::default()
            }),
        );
        let json = extra.to_json().unwrap();
        assert_eq!(
            json,
            r#"{"Site":"Tokyo","declared_proposals":2,"opening_name":"Kagetsu","swap":"yes"}"#
        );
        let back = Extra::parse(GameKind::Renju, Some(&json)).unwrap();
        assert_eq!(back, extra);
        assert_eq!(back.annotations.renju().unwrap().swapped(), Some(true));
    }

    #[test]
    fn optional_xiangqi_fields_are_read_back_as_annotations_never_as_tags() {
        let extra = Extra::new(
            vec![("ECCO".into(), "D03".into())],
            Annotations::Xiangqi(XiangqiAnnotations {
                opening_name: Some("D03 顺炮横车对缓开车".into()),
                ecco_name: Some("顺炮横车对直车巡河".into()),
                start_fen: Some("4k4/9/9/9/9/9/9/9/9/4K4 w".into()),
                encoding: "utf-8".into(),
                variations: Some(2),
                ..Default::default()
            }),
        );
        let back = Extra::parse(GameKind::Xiangqi, extra.to_json().as_deref()).unwrap();
        assert_eq!(back.tags, [("ECCO".to_owned(), "D03".to_owned())]);
        assert_eq!(back, extra);
    }

    #[test]
    fn empty_is_stored_as_nothing_and_read_back_empty() {
        let extra = Extra::new(Vec::new(), Annotations::Renju(Default::default()));
        assert_eq!(extra.to_json(), None);
        assert_eq!(Extra::parse(GameKind::Renju, None).unwrap(), extra);
    }

    #[test]
    fn xiangqi_captures_keep_a_null_first_capture() {
        let extra = Extra::new(
            Vec::new(),
            Annotations::Xiangqi(XiangqiAnnotations {
                encoding: "utf-8".into(),
                captures: XiangqiCaptures {
                    red: PieceCounts(vec![("cannon".into(), 2), ("rook".into(), 1)]),
                    black: PieceCounts::default(),
                    first_capture_ply: None,
                    material: vec![0, 9],
                },
                ..Default::default()
            }),
        );
        let json = extra.to_json().unwrap();
        assert_eq!(
            json,
            r#"{"captures":{"black":{},"first_capture_ply":null,"material":[0,9],"red":{"cannon":2,"rook":1}},"encoding":"utf-8"}"#
        );
        assert_eq!(Extra::parse(GameKind::Xiangqi, Some(&json)).unwrap(), extra);
    }

    #[test]
    fn a_wrong_shape_is_an_error_not_a_default() {
        assert!(Extra::parse(GameKind::Territorial, Some(r#"{"score":3}"#)).is_err());
        assert!(Extra::parse(GameKind::Renju, Some("[1]")).is_err());
    }

    /// The stored object as it was built before [`stored_json`]: a `Value` map of the
    /// tags, then the annotation fields.
    fn through_a_value(tags: &[(String, String)], annotations: &Annotations) -> Option<String> {
        let mut map = serde_json::Map::new();
        for (k, v) in tags {
            map.insert(k.clone(), Value::from(v.as_str()));
        }
        if let Value::Object(fields) = annotations.to_value() {
            map.extend(fields);
        }
        (!map.is_empty()).then(|| Value::Object(map).to_string())
    }

    #[test]
    fn the_stored_object_is_written_as_a_json_value_writes_it() {
        let pieces = |names: &[&str]| {
            PieceCounts(
                names
                    .iter()
                    .enumerate()
                    .map(|(i, n)| (n.to_string(), i as u32 + 1))
                    .collect(),
            )
        };
        let every_kind = [
            Annotations::Renju(RenjuAnnotations {
                opening_name: Some("Kagetsu".into()),
                black_time: Some("10'".into()),
                white_time: None,
                swap: Some("yes".into()),
                declared_proposals: Some(2),
                proposals: Some("h8 --".into()),
            }),
            Annotations::Renju(Default::default()),
            Annotations::Xiangqi(XiangqiAnnotations {
                opening_name: Some("中炮\"對\"屏風馬".into()),
                ecco_name: Some("顺炮".into()),
                start_fen: None,
                encoding: "big5".into(),
                captures: XiangqiCaptures {
                    red: pieces(&["炮", "兵", "马", "兵"]),
                    black: pieces(&[]),
                    first_capture_ply: Some(7),
                    material: vec![0, -2, 3],
                },
                variations: Some(1),
            }),
            Annotations::Xiangqi(Default::default()),
            Annotations::Territorial(TerritorialAnnotations {
                score: TerritorialScore {
                    white: 12,
                    black: 9,
                    territories: vec![Territory {
                        side: "white".into(),
                        size: 4,
                        multiplier: 2,
                        king: true,
                        queen: false,
                    }],
                },
            }),
            Annotations::ChouChou(ChouChouAnnotations {
                variant: "4x4".into(),
                players: 4,
                pairs: true,
                threshold: 8,
                captured: vec![1, 2],
                penalty: vec![0],
                points: vec![-1, 3],
                winner: Some("P2".into()),
                termination_tag: None,
                captures: vec![ChouChouCapture {
                    ply: 3,
                    player: "P1".into(),
                    taken: 2,
                    steps: vec![1, 1],
                    action: "place".into(),
                }],
                not_applied: vec![ChouChouEntry {
                    ply: 9,
                    action: "1F".into(),
                }],
                stated_counts: vec![ChouChouStatedCount { ply: 3, count: 2 }],
            }),
        ];
        let tag_sets: [&[(&str, &str)]; 3] = [
            &[],
            &[("Site", "台北\n"), ("Round", "第22轮"), ("ECCO", "C45")],
            // A tag named as an annotation field, one written twice, one sorting last.
            &[
                ("encoding", "utf-8"),
                ("Site", "a"),
                ("Site", "b"),
                ("zz", "\\"),
            ],
        ];
        for annotations in &every_kind {
            for tags in tag_sets {
                let tags: Vec<(String, String)> = tags
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect();
                assert_eq!(
                    stored_json(&tags, annotations),
                    through_a_value(&tags, annotations),
                    "{annotations:?} with {tags:?}"
                );
            }
        }
    }
}
