//! JSON with every object's keys sorted, written straight from a `Serialize` value: the
//! text `serde_json::to_value(x)?.to_string()` gives (its map is ordered by key, a key
//! written twice keeps its last value), without building the `Value` tree first.
//!
//! serde_json writes through a [`Formatter`]; [`SortingFormatter`] writes each object's
//! entries as they come, remembers where each starts and where its key ends, and at the
//! object's end puts them in key order.

use std::io;

use serde::Serialize;
use serde_json::ser::{CharEscape, CompactFormatter, Formatter};

/// `value` as compact JSON with every object's keys in order, a repeated key keeping its
/// last value.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> String {
    let mut out = Vec::new();
    let formatter = SortingFormatter {
        out: &mut out,
        objects: Vec::new(),
    };
    let mut serializer = serde_json::Serializer::with_formatter(io::sink(), formatter);
    value
        .serialize(&mut serializer)
        .expect("plain data serialises");
    drop(serializer);
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// An object being written: where its entries start in the output, and each entry's
/// start and key end.
struct Object {
    start: usize,
    entries: Vec<(usize, usize)>,
}

/// Writes into its own buffer (the serializer's writer is a sink), objects sorted at their
/// end.
struct SortingFormatter<'a> {
    out: &'a mut Vec<u8>,
    objects: Vec<Object>,
}

impl SortingFormatter<'_> {
    /// Puts the entries of the object ending here in key order, the last of equal keys
    /// kept, comma-separated.
    fn sort_entries(&mut self, object: Object) {
        let end = self.out.len();
        let bounds: Vec<(usize, usize, usize)> = object
            .entries
            .iter()
            .enumerate()
            .map(|(i, &(start, key_end))| {
                let next = object.entries.get(i + 1).map_or(end, |e| e.0);
                (start, key_end, next)
            })
            .collect();
        let body = self.out.split_off(object.start);
        let base = object.start;
        let key = |&(s, k, _): &(usize, usize, usize)| key_text(&body[s - base..k - base]);
        let mut order: Vec<(String, (usize, usize, usize))> =
            bounds.iter().map(|b| (key(b), *b)).collect();
        // Stable: equal keys stay in the order written, and the last one is kept.
        order.sort_by(|a, b| a.0.cmp(&b.0));
        let mut first = true;
        for (i, (k, (s, _, e))) in order.iter().enumerate() {
            if order.get(i + 1).is_some_and(|next| next.0 == *k) {
                continue;
            }
            if !first {
                self.out.push(b',');
            }
            first = false;
            self.out.extend_from_slice(&body[s - base..e - base]);
        }
    }
}

/// A key as written (a JSON string) as the text it stands for.
fn key_text(written: &[u8]) -> String {
    let inner = &written[1..written.len() - 1];
    if inner.contains(&b'\\') {
        serde_json::from_slice(written).expect("serde_json wrote the key")
    } else {
        String::from_utf8_lossy(inner).into_owned()
    }
}

macro_rules! compact {
    ($($name:ident($($arg:ident: $ty:ty),*);)*) => {
        $(
            fn $name<W: ?Sized + io::Write>(&mut self, _: &mut W $(, $arg: $ty)*) -> io::Result<()> {
                CompactFormatter.$name(self.out $(, $arg)*)
            }
        )*
    };
}

impl Formatter for SortingFormatter<'_> {
    compact! {
        write_null();
        write_bool(value: bool);
        write_i8(value: i8);
        write_i16(value: i16);
        write_i32(value: i32);
        write_i64(value: i64);
        write_i128(value: i128);
        write_u8(value: u8);
        write_u16(value: u16);
        write_u32(value: u32);
        write_u64(value: u64);
        write_u128(value: u128);
        write_f32(value: f32);
        write_f64(value: f64);
        write_number_str(value: &str);
        begin_string();
        end_string();
        write_string_fragment(fragment: &str);
        write_char_escape(char_escape: CharEscape);
        write_byte_array(value: &[u8]);
        begin_array();
        end_array();
        begin_array_value(first: bool);
        end_array_value();
        write_raw_fragment(fragment: &str);
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.out.push(b'{');
        self.objects.push(Object {
            start: self.out.len(),
            entries: Vec::new(),
        });
        Ok(())
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, _: &mut W) -> io::Result<()> {
        let object = self.objects.pop().expect("an object is open");
        self.sort_entries(object);
        self.out.push(b'}');
        Ok(())
    }

    /// No comma here: [`SortingFormatter::sort_entries`] writes them.
    fn begin_object_key<W: ?Sized + io::Write>(&mut self, _: &mut W, _: bool) -> io::Result<()> {
        let at = self.out.len();
        let object = self.objects.last_mut().expect("an object is open");
        object.entries.push((at, at));
        Ok(())
    }

    fn end_object_key<W: ?Sized + io::Write>(&mut self, _: &mut W) -> io::Result<()> {
        let at = self.out.len();
        let object = self.objects.last_mut().expect("an object is open");
        if let Some(entry) = object.entries.last_mut() {
            entry.1 = at;
        }
        Ok(())
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.out.push(b':');
        Ok(())
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, _: &mut W) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use serde::ser::SerializeMap;

    use super::*;

    #[derive(Serialize)]
    struct Inner {
        zeta: Option<u32>,
        alpha: Vec<i32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        gone: Option<u8>,
    }

    /// Entries in the order given, repeats and all.
    struct Pairs(Vec<(&'static str, &'static str)>);

    impl Serialize for Pairs {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut m = s.serialize_map(Some(self.0.len()))?;
            for (k, v) in &self.0 {
                m.serialize_entry(k, v)?;
            }
            m.end()
        }
    }

    #[derive(Serialize)]
    struct Outer {
        #[serde(flatten)]
        pairs: Pairs,
        nested: Inner,
        list: Vec<Inner>,
        empty: BTreeMap<String, u8>,
        text: String,
    }

    #[test]
    fn writes_what_a_json_value_writes() {
        let inner = || Inner {
            zeta: None,
            alpha: vec![-1, 2],
            gone: None,
        };
        let value = Outer {
            pairs: Pairs(vec![
                ("b", "2"),
                ("nested", "overridden"),
                ("a\"q", "esc\\aped\n"),
                ("a", "first"),
                ("a", "last"),
                ("Ü", "wide"),
                ("Z", "upper"),
            ]),
            nested: inner(),
            list: vec![inner(), inner()],
            empty: BTreeMap::new(),
            text: "\u{1}\t名".into(),
        };
        let expected = serde_json::to_value(&value).unwrap().to_string();
        assert_eq!(to_string(&value), expected);
        assert_eq!(to_string(&Pairs(vec![])), "{}");
        assert_eq!(to_string(&vec![1, 2]), "[1,2]");
    }
}
