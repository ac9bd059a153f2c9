//! Decoding text with a map back to its source bytes, in any encoding encoding_rs reads.
//!
//! A finding names the byte of the file where it lies, so readers of decoded text need,
//! for every byte of the text, the source byte it came from. [`decode`] gives the text
//! exactly as encoding_rs's decoder writes it (one U+FFFD for each malformed sequence, as
//! the WHATWG Encoding Standard reads it) and that map. The decoder itself says where each
//! malformed sequence lies, so the text between them is decoded a run at a time, and only
//! the characters of a well-formed run are matched to their source characters.

use std::ops::Range;

use encoding_rs::{DecoderResult, Encoding, BIG5, GBK, UTF_8};

/// Length in UTF-8 bytes of the character whose first byte is `b`.
#[inline]
pub(crate) fn utf8_len(b: u8) -> usize {
    match b {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// Whether [`unit_len`] knows where `enc`'s characters start: UTF-8, GBK (and GB18030's
/// four-byte characters) and Big5.
pub(crate) fn knows_units(enc: &'static Encoding) -> bool {
    enc == UTF_8 || enc == GBK || enc == BIG5
}

/// Length in source bytes of the character starting at `bytes[i]`: exact in well-formed
/// text of an encoding it [knows](knows_units), a guess elsewhere.
#[inline]
pub(crate) fn unit_len(bytes: &[u8], i: usize, enc: &'static Encoding) -> usize {
    let b = bytes[i];
    if b < 0x80 {
        return 1;
    }
    let rest = bytes.len() - i;
    if enc == UTF_8 {
        let n = if b >= 0xF0 {
            4
        } else if b >= 0xE0 {
            3
        } else if b >= 0xC0 {
            2
        } else {
            1
        };
        return n.min(rest);
    }
    if !(0x81..=0xFE).contains(&b) || rest < 2 {
        return 1;
    }
    if enc == GBK && (0x30..=0x39).contains(&bytes[i + 1]) && rest >= 4 {
        return 4;
    }
    2
}

/// Decodes `bytes` from `enc` and maps every byte of the text back to the source:
/// `map[k]` is the source offset (relative to `bytes`) of text byte `k`, never decreasing,
/// and `map[text.len()] == bytes.len()`. UTF-8 text maps byte for byte onto well-formed
/// source; in other encodings each character's bytes map to the first byte of its source
/// character. A U+FFFD maps to the first byte of its malformed sequence. Returns the text
/// (exactly `enc.decode_without_bom_handling`'s), the map and whether some bytes were
/// malformed. A BOM is not stripped (callers do that).
pub fn decode(bytes: &[u8], enc: &'static Encoding) -> (String, Vec<u32>, bool) {
    if enc == UTF_8 {
        if let Ok(s) = std::str::from_utf8(bytes) {
            return (s.to_string(), (0..=bytes.len() as u32).collect(), false);
        }
    } else if bytes.is_ascii() && enc.is_ascii_compatible() {
        let text = String::from_utf8_lossy(bytes).into_owned();
        return (text, (0..=bytes.len() as u32).collect(), false);
    }
    let mut decoder = enc.new_decoder_without_bom_handling();
    let mut text = String::new();
    let mut map = Vec::new();
    let mut errors = false;
    let mut fed = 0; // source bytes given to the decoder
    let mut run_src = 0; // where the run being decoded starts in the source
    let mut run_text = 0; // and in the text
    loop {
        let rest = bytes.len() - fed;
        let room = decoder
            .max_utf8_buffer_length_without_replacement(rest)
            .unwrap_or(rest);
        text.reserve(room);
        map.reserve(room);
        let (result, read) =
            decoder.decode_to_string_without_replacement(&bytes[fed..], &mut text, true);
        fed += read;
        match result {
            DecoderResult::InputEmpty => {
                map_run(
                    &text[run_text..],
                    bytes,
                    run_src..bytes.len(),
                    enc,
                    &mut map,
                );
                break;
            }
            // Room is made above, and the rest is fed again.
            DecoderResult::OutputFull => {}
            DecoderResult::Malformed(bad, after) => {
                // The bytes read after the sequence are the decoder's to give back: they
                // start the next run.
                let bad_end = fed - after as usize;
                let bad_start = bad_end.saturating_sub(bad as usize).max(run_src);
                map_run(&text[run_text..], bytes, run_src..bad_start, enc, &mut map);
                text.push(char::REPLACEMENT_CHARACTER);
                map.extend([bad_start as u32; 3]);
                errors = true;
                run_src = bad_end;
                run_text = text.len();
            }
        }
    }
    map.push(bytes.len() as u32);
    (text, map, errors)
}

/// Maps `decoded`, the text of the well-formed source run `bytes[src]`, onto the run.
/// In an encoding [`unit_len`] knows, the characters are walked beside its source
/// characters. Elsewhere, or where the two fall out of step (a source character that is
/// two characters, as a few of Big5's are), a decoder is fed the run a byte at a time, and
/// what it writes belongs to the bytes fed since it last wrote.
fn map_run(
    decoded: &str,
    bytes: &[u8],
    src: Range<usize>,
    enc: &'static Encoding,
    map: &mut Vec<u32>,
) {
    let run = &bytes[..src.end];
    if enc == UTF_8 && decoded.as_bytes() == &run[src.start..] {
        map.extend(src.start as u32..src.end as u32);
        return;
    }
    if knows_units(enc) {
        let first = map.len();
        let mut at = src.start;
        for c in decoded.chars() {
            if at >= src.end {
                break;
            }
            map.extend(std::iter::repeat_n(at as u32, c.len_utf8()));
            at += unit_len(run, at, enc);
        }
        if at == src.end && map.len() - first == decoded.len() {
            return;
        }
        map.truncate(first);
    }
    let mut decoder = enc.new_decoder_without_bom_handling();
    let mut piece = String::with_capacity(16);
    let mut owner = src.start; // the first source byte not yet written
    let mut written = 0;
    for i in src.clone() {
        piece.clear();
        let room = decoder.max_utf8_buffer_length(1).unwrap_or(16);
        piece.reserve(room);
        let _ = decoder.decode_to_string(&run[i..=i], &mut piece, i + 1 == src.end);
        if !piece.is_empty() {
            let n = piece.len().min(decoded.len() - written);
            map.extend(std::iter::repeat_n(owner as u32, n));
            written += n;
            owner = i + 1;
        }
    }
    // Text the byte-wise decoding did not account for (it cannot differ from the run's
    // own decoding, but the map must cover the text) belongs to the run's last character.
    let last = owner.min(src.end.saturating_sub(1)).max(src.start);
    map.extend(std::iter::repeat_n(last as u32, decoded.len() - written));
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::SHIFT_JIS;

    /// Checks `decode` against encoding_rs's own decoding and its contract: the same text
    /// and error flag, one map entry a text byte, never decreasing, and each group of
    /// characters mapped to one offset is what the source bytes up to the next decode to.
    fn check(bytes: &[u8], enc: &'static Encoding) {
        let name = enc.name();
        let (text, map, errors) = decode(bytes, enc);
        let (whole, whole_errors) = enc.decode_without_bom_handling(bytes);
        assert_eq!(text, whole, "{bytes:02X?} in {name}");
        assert_eq!(errors, whole_errors, "{bytes:02X?} in {name}");
        assert_eq!(map.len(), text.len() + 1);
        assert_eq!(map[text.len()] as usize, bytes.len());
        assert!(
            map.windows(2).all(|w| w[0] <= w[1]),
            "{bytes:02X?}: {map:?}"
        );
        let char_len = |k: usize| text[k..].chars().next().map_or(1, char::len_utf8);
        let mut k = 0;
        while k < text.len() {
            let mut next = k + char_len(k);
            while next < text.len() && map[next] == map[k] {
                next += char_len(next);
            }
            let (from, to) = (map[k] as usize, map[next] as usize);
            assert!(from < to, "{bytes:02X?} in {name}: {map:?}");
            let (piece, _) = enc.decode_without_bom_handling(&bytes[from..to]);
            assert_eq!(piece, &text[k..next], "{bytes:02X?} in {name}, at {from}");
            k = next;
        }
    }

    #[test]
    fn what_follows_a_bad_byte_is_kept_at_its_own_offset() {
        // A stray lead byte before a character: the character survives.
        let (text, map, errors) = decode(b"\xC3\xE4\xB8\xAD x", UTF_8);
        assert!(errors);
        assert_eq!(text, "\u{FFFD}中 x");
        assert_eq!(map, [0, 0, 0, 1, 2, 3, 4, 5, 6]);
        // GB18030: a four-byte start that fails gives back all but its first byte.
        let (text, map, _) = decode(b"\x81\x30\x81\xD6\xD0", GBK);
        assert_eq!(text, "\u{FFFD}0佒\u{FFFD}");
        assert_eq!(map, [0, 0, 0, 1, 2, 2, 2, 4, 4, 4, 5]);
        // Big5: one source character that is two characters.
        let (text, map, errors) = decode(b"\x88\x62x\xFF", BIG5);
        assert!(errors);
        assert_eq!(text, "Ê\u{304}x\u{FFFD}");
        assert_eq!(map, [0, 0, 0, 0, 2, 3, 3, 3, 4]);
        // Shift_JIS: a half-width katakana is one byte, a kanji two; a lead byte before
        // ASCII is malformed alone and the ASCII byte is read again.
        let (text, map, errors) = decode(b"\xB1\x88\x9F\x81 ", SHIFT_JIS);
        assert!(errors);
        assert_eq!(text, "ｱ亜\u{FFFD} ");
        assert_eq!(map, [0, 0, 0, 1, 1, 1, 3, 3, 3, 4, 5]);
        for (bytes, enc) in [
            (&b"\xC3\xE4\xB8\xAD x"[..], UTF_8),
            (b"\x81\x30\x81\x30\x81\x30\xFF", GBK),
            (b"\x84\x31\xA5\x30z", GBK),
            (b"\xA4\x41\x80\xA4", BIG5),
            (b"\xF0\x9F\x98", UTF_8),
            (b"\xB1\x88\x9F\x81 \xEF\x40\xA2\x90\x6C", SHIFT_JIS),
        ] {
            check(bytes, enc);
        }
    }

    #[test]
    fn agrees_with_the_decoder_on_damaged_text() {
        // Real text in each encoding, cut and salted with stray bytes (a fixed xorshift).
        let sample = "[Event \"全国象棋个人赛\"]\n1. 炮二平五 馬８進７ 2. 兵七進一 卒3进1 ÊÊ\n\
                      珠取り ｱｲｳ 三目並べ\n";
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for enc in [UTF_8, GBK, BIG5, SHIFT_JIS] {
            let (clean, _, _) = enc.encode(sample);
            let mut clean = clean.into_owned();
            if enc == BIG5 {
                // HKSCS pairs that are two characters each (Ê̄, ê̌).
                clean.extend_from_slice(b"\x88\x62\x88\xA5");
            }
            for _ in 0..3000 {
                let mut bytes = clean.clone();
                for _ in 0..(next() % 6) {
                    let at = (next() % (bytes.len() as u64 + 1)) as usize;
                    match next() % 3 {
                        0 => bytes.insert(at, (next() % 256) as u8),
                        1 if at < bytes.len() => bytes[at] = 0x80 | (next() % 128) as u8,
                        _ => bytes.truncate(at.max(1)),
                    }
                }
                check(&bytes, enc);
            }
        }
    }
}
