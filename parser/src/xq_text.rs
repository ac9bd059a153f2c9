//! Text helpers shared by the Xiangqi parsers: encoding detection and decoding with a map
//! back to source bytes, and normalization of Chinese and WXF move text.
//!
//! **Encodings.** Xiangqi text records come as UTF-8 (with or without a BOM), GBK/GB18030
//! (mainland software: xqbase, 象棋巫师) or Big5 (Taiwanese collections such as CCPD).
//! [`detect_encoding`] returns `"utf-8"` for valid UTF-8 (a head cut inside a character is
//! still UTF-8); otherwise it decodes the bytes both as GBK and as Big5 and keeps the one
//! that (1) has fewer decoding errors and then (2) shows more common Xiangqi characters
//! (马/馬, 车/車, 进/進, 炮, 兵, 卒, 帅/帥, 红/紅, 胜/勝 …). Big5 text decodes "cleanly" as
//! GBK (the byte ranges overlap), so the character score decides; when neither decoding
//! shows any such character, the share of trail bytes below 0x80 (common in Big5, rare in
//! GB2312 text) decides. Ties go to GBK.
//!
//! **Chinese moves** ([`normalize_chinese`]): Traditional and variant piece characters map
//! to Simplified (馬/傌→马, 車/俥→车, 砲/包→炮, 帥→帅, 將→将, 進→进, 後→后); the
//! side-specific pairs 仕/士, 相/象, 兵/卒 are kept as written (both are Simplified);
//! full-width digits become ASCII; spaces (ASCII and U+3000) are removed.
//!
//! **WXF moves** ([`normalize_wxf`]): full-width ASCII becomes ASCII, letters are
//! upper-cased (lower-case marks Black in bare XieXie lists; the side comes from the ply),
//! the traverse mark `.` becomes `=` (one spelling for the engine; the move's `written`
//! field keeps the original), and the alternative letters `N` (horse) and `B` (elephant)
//! become `H` and `E`.

use std::sync::OnceLock;

use encoding_rs::{Encoding, BIG5, GBK, UTF_8};
use kifu_facts::GameKind;

use crate::mapped_text::{self, unit_len};
use crate::raw::Outcome;

/// Characters that are common in Xiangqi records, Simplified and Traditional.
const XQ_CHARS: &str = "马馬车車进進退平炮砲兵卒帅帥将將士仕相象俥傌前后後红紅黑胜勝负負和先\
                        一二三四五六七八九局赛賽杯棋象棋对對";

/// Whether `c` is one of [`XQ_CHARS`]: one bit per CJK code point, as this runs on every
/// character of every file head.
fn is_xq_char(c: char) -> bool {
    const FIRST: u32 = 0x4E00;
    const LAST: u32 = 0x9FFF;
    static BITS: std::sync::OnceLock<Vec<u64>> = std::sync::OnceLock::new();
    let cp = c as u32;
    if !(FIRST..=LAST).contains(&cp) {
        return false;
    }
    let bits = BITS.get_or_init(|| {
        let mut v = vec![0u64; ((LAST - FIRST) / 64 + 1) as usize];
        for x in XQ_CHARS.chars() {
            let i = x as u32 - FIRST;
            v[(i / 64) as usize] |= 1 << (i % 64);
        }
        v
    });
    let i = cp - FIRST;
    bits[(i / 64) as usize] & (1 << (i % 64)) != 0
}

/// Guesses the encoding of Xiangqi text from its head: `"utf-8"`, `"gbk"` or `"big5"`.
/// (The decoder to use; other formats' encoding label comes from
/// [`crate::detect::detect_encoding`]: [`crate::member::encoding`] says why there are two.)
pub fn detect_encoding(bytes: &[u8]) -> &'static str {
    if is_utf8_head(bytes) {
        return "utf-8";
    }
    // Ignore a character cut at the end of the head.
    let body = trim_cut_tail(bytes);
    choose_legacy(score(GBK, body), score(BIG5, body), body)
}

/// A file head read as Xiangqi text: [`detect_encoding`]'s answer and the head decoded
/// in it, as [`decode`] decodes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeadText {
    pub encoding: &'static str,
    pub text: String,
}

/// [`detect_encoding`] and [`decode`] in one, decoding the head once where it can:
/// `likelier` (`gbk` or `big5`: the encoding of the file's members read so far; else the
/// one whose byte pairs could hold more Xiangqi characters) is decoded and scored first,
/// and the other encoding is scored only where that reading is not decisive on its own:
/// where the other's Xiangqi characters, which cannot be more than the byte pairs that
/// decode to one ([`hit_bound`]), could make [`detect_encoding`] answer otherwise. The
/// answer is always [`detect_encoding`]'s, whatever `likelier` says.
pub fn read_head(bytes: &[u8], likelier: Option<&str>) -> HeadText {
    if is_utf8_head(bytes) {
        return HeadText {
            encoding: "utf-8",
            text: decode(bytes, "utf-8").0,
        };
    }
    let body = trim_cut_tail(bytes);
    let first = likelier_encoding(likelier, body);
    let (text, first_score) = decode_scored(body, first);
    let decided = decide_from(body, first, first_score);
    let text = if decided == legacy_name(first) && body.len() == bytes.len() {
        text
    } else {
        decode(bytes, decided).0
    };
    HeadText {
        encoding: decided,
        text,
    }
}

/// [`detect_encoding`] of a head whose text is not needed, scoring `likelier` first as
/// [`read_head`] does.
pub fn detect_encoding_in_file(bytes: &[u8], likelier: Option<&str>) -> &'static str {
    if is_utf8_head(bytes) {
        return "utf-8";
    }
    let body = trim_cut_tail(bytes);
    let first = likelier_encoding(likelier, body);
    decide_from(body, first, score(first, body))
}

/// The legacy encoding read first: `likelier` (`gbk`, `big5`), else the one whose byte
/// pairs could hold more Xiangqi characters.
fn likelier_encoding(likelier: Option<&str>, body: &[u8]) -> &'static Encoding {
    match likelier {
        Some("big5") => BIG5,
        Some("gbk") => GBK,
        _ if hit_bound(BIG5, body) > hit_bound(GBK, body) => BIG5,
        _ => GBK,
    }
}

/// [`choose_legacy`]'s answer from the score of the `first` reading, scoring the other
/// only where `first` does not decide alone.
fn decide_from(body: &[u8], first: &'static Encoding, first_score: Score) -> &'static str {
    let other = if first == GBK { BIG5 } else { GBK };
    if first_score.decides_alone(hit_bound(other, body)) {
        return legacy_name(first);
    }
    let other_score = score(other, body);
    if first == GBK {
        choose_legacy(first_score, other_score, body)
    } else {
        choose_legacy(other_score, first_score, body)
    }
}

/// Whether a head is read as UTF-8: a BOM, or valid UTF-8 but for a character cut at its
/// end.
fn is_utf8_head(bytes: &[u8]) -> bool {
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        return true;
    }
    match std::str::from_utf8(bytes) {
        Ok(_) => true,
        // Only the last (cut) character is incomplete: still UTF-8.
        Err(e) => e.error_len().is_none() && e.valid_up_to() + 4 > bytes.len(),
    }
}

fn legacy_name(enc: &'static Encoding) -> &'static str {
    if enc == GBK {
        "gbk"
    } else {
        "big5"
    }
}

/// Decoding errors and Xiangqi characters of a head read in one encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Score {
    errors: usize,
    hits: usize,
}

impl Score {
    /// Plenty of Xiangqi vocabulary, twice what the other reading could have at most
    /// (`other_bound`), and few errors: [`choose_legacy`]'s first two rules pick this
    /// reading whatever the other's score (the other's first rule would need it to have
    /// twice this one's characters).
    fn decides_alone(self, other_bound: usize) -> bool {
        self.hits >= 3 && self.hits >= 2 * other_bound && self.errors <= 2 + self.hits / 16
    }
}

/// GBK or Big5 for a head that is not UTF-8, from both readings' scores.
fn choose_legacy(gbk: Score, big5: Score, body: &[u8]) -> &'static str {
    let (g_err, g_hits) = (gbk.errors, gbk.hits);
    let (b_err, b_hits) = (big5.errors, big5.hits);
    // Plenty of Xiangqi vocabulary one way outweighs a stray byte that is invalid that way
    // (a Big5 file with one GBK character in it is still Big5; the stray byte becomes an
    // `encoding-errors` warning where it stands).
    if b_hits >= 3 && b_hits >= 2 * g_hits && b_err <= 2 + b_hits / 16 {
        return "big5";
    }
    if g_hits >= 3 && g_hits >= 2 * b_hits && g_err <= 2 + g_hits / 16 {
        return "gbk";
    }
    if g_err != b_err {
        // Many more errors one way: that way is wrong. A few errors either way are noise.
        if g_err < b_err && (b_err - g_err) * 4 > g_hits.max(1) {
            return "gbk";
        }
        if b_err < g_err && (g_err - b_err) * 4 > b_hits.max(1) {
            return "big5";
        }
    }
    if g_hits != b_hits {
        return if g_hits > b_hits { "gbk" } else { "big5" };
    }
    if g_err != b_err {
        return if g_err < b_err { "gbk" } else { "big5" };
    }
    // No Xiangqi vocabulary either way: Big5 uses trail bytes 0x40-0x7E often.
    let (mut pairs, mut low) = (0usize, 0usize);
    let mut i = 0;
    while i + 1 < body.len() {
        if body[i] >= 0x81 {
            pairs += 1;
            if body[i + 1] < 0x80 {
                low += 1;
            }
            i += 2;
        } else {
            i += 1;
        }
    }
    if pairs > 0 && low * 6 > pairs {
        "big5"
    } else {
        "gbk"
    }
}

fn trim_cut_tail(bytes: &[u8]) -> &[u8] {
    // Drop a trailing run of non-ASCII bytes that does not end a line: at most 3 bytes.
    let mut end = bytes.len();
    let mut k = 0;
    while end > 0 && k < 3 && bytes[end - 1] >= 0x80 {
        end -= 1;
        k += 1;
    }
    if k == 0 || k == 3 {
        bytes
    } else {
        &bytes[..end]
    }
}

/// Xiangqi characters in UTF-8 that a decoder wrote (valid, whole characters): read
/// straight from the bytes, as every one of them is a 3-byte sequence.
fn count_xq_chars(utf8: &[u8]) -> usize {
    let mut hits = 0;
    let mut i = 0;
    while i < utf8.len() {
        let b = utf8[i];
        let len = match b {
            0x00..=0x7F => 1,
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            _ => 4,
        };
        if len == 3 && i + 2 < utf8.len() {
            let cp = ((b as u32 & 0x0F) << 12)
                | ((utf8[i + 1] as u32 & 0x3F) << 6)
                | (utf8[i + 2] as u32 & 0x3F);
            if char::from_u32(cp).is_some_and(is_xq_char) {
                hits += 1;
            }
        }
        i += len;
    }
    hits
}

/// Decoding errors and Xiangqi characters of `bytes` read as `enc`: decoded in pieces
/// into a buffer on the stack (no allocation; this runs on every member of an archive).
fn score(enc: &'static Encoding, bytes: &[u8]) -> Score {
    let mut decoder = enc.new_decoder_without_bom_handling();
    let mut buf = [0u8; 4096];
    let (mut errors, mut hits) = (0, 0);
    let mut src = bytes;
    loop {
        let (result, read, written) =
            decoder.decode_to_utf8_without_replacement(src, &mut buf, true);
        src = &src[read..];
        hits += count_xq_chars(&buf[..written]);
        match result {
            encoding_rs::DecoderResult::InputEmpty => break,
            encoding_rs::DecoderResult::OutputFull => {}
            encoding_rs::DecoderResult::Malformed(..) => errors += 1,
        }
    }
    Score { errors, hits }
}

/// `bytes` decoded from `enc` as [`decode`] decodes them (a U+FFFD for each malformed
/// sequence), with the reading's [`score`].
fn decode_scored(bytes: &[u8], enc: &'static Encoding) -> (String, Score) {
    let mut decoder = enc.new_decoder_without_bom_handling();
    let mut text = String::new();
    let mut errors = 0;
    let mut src = bytes;
    loop {
        let room = decoder
            .max_utf8_buffer_length_without_replacement(src.len())
            .unwrap_or(src.len());
        text.reserve(room.max(4));
        let (result, read) = decoder.decode_to_string_without_replacement(src, &mut text, true);
        src = &src[read..];
        match result {
            encoding_rs::DecoderResult::InputEmpty => break,
            encoding_rs::DecoderResult::OutputFull => {}
            encoding_rs::DecoderResult::Malformed(..) => {
                errors += 1;
                text.push(char::REPLACEMENT_CHARACTER);
            }
        }
    }
    let hits = count_xq_chars(text.as_bytes());
    (text, Score { errors, hits })
}

/// At least as many as the Xiangqi characters `bytes` read as `enc` (GBK or Big5) holds:
/// the offsets where a byte pair is one that `enc` decodes to such a character. Every
/// Xiangqi character is in both encodings' two-byte tables (a test checks it), and GBK's
/// four-byte sequences are for the characters outside its table, so each one a decoder
/// writes comes from such a pair, wherever malformed bytes put the decoder's steps.
fn hit_bound(enc: &'static Encoding, bytes: &[u8]) -> usize {
    let pairs = xq_pairs(enc);
    bytes
        .windows(2)
        .filter(|w| {
            let i = usize::from(w[0]) << 8 | usize::from(w[1]);
            w[0] >= 0x80 && pairs[i / 64] & (1 << (i % 64)) != 0
        })
        .count()
}

/// The byte pairs `enc` (GBK or Big5) decodes to a Xiangqi character: one bit per pair,
/// the first byte the high one, found once by decoding every pair.
fn xq_pairs(enc: &'static Encoding) -> &'static [u64; 1024] {
    static GBK_PAIRS: OnceLock<[u64; 1024]> = OnceLock::new();
    static BIG5_PAIRS: OnceLock<[u64; 1024]> = OnceLock::new();
    let cell = if enc == GBK { &GBK_PAIRS } else { &BIG5_PAIRS };
    cell.get_or_init(|| {
        let mut bits = [0u64; 1024];
        let mut buf = [0u8; 16];
        for lead in 0x80..=0xFFu8 {
            for trail in 0..=0xFFu8 {
                let mut decoder = enc.new_decoder_without_bom_handling();
                let (_, _, written) =
                    decoder.decode_to_utf8_without_replacement(&[lead, trail], &mut buf, true);
                if count_xq_chars(&buf[..written]) > 0 {
                    let i = usize::from(lead) << 8 | usize::from(trail);
                    bits[i / 64] |= 1 << (i % 64);
                }
            }
        }
        bits
    })
}

fn encoding_for(name: &str) -> &'static Encoding {
    match name {
        "gbk" | "gb2312" | "gb18030" => GBK,
        "big5" => BIG5,
        "utf-8" | "utf8" => UTF_8,
        other => Encoding::for_label(other.as_bytes()).unwrap_or(UTF_8),
    }
}

/// Decodes `bytes` from `encoding` (`utf-8`, `gbk`, `big5`; a UTF-8 BOM is dropped).
/// Returns the text and whether some bytes could not be decoded (replaced by U+FFFD).
pub fn decode(bytes: &[u8], encoding: &str) -> (String, bool) {
    let enc = encoding_for(encoding);
    let bytes = if enc == UTF_8 {
        bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
    } else {
        bytes
    };
    let (text, errors) = enc.decode_without_bom_handling(bytes);
    (text.into_owned(), errors)
}

/// Decodes `bytes` and maps every byte of the decoded text back to the source, as
/// [`mapped_text::decode`] does (the text is [`decode`]'s, but for a UTF-8 BOM, which is
/// kept).
pub fn decode_mapped(bytes: &[u8], encoding: &str) -> (String, Vec<u32>, bool) {
    mapped_text::decode(bytes, encoding_for(encoding))
}

/// How [`decode_line`] maps a decoded line back to its source bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LineDecoding {
    /// Decoded byte `k` is source byte `k`.
    Same,
    /// One decoded character per source character (found by [`unit_len`]) in well-formed
    /// text: the offsets are counted by walking both.
    Units,
    /// Neither: the map ([`decode_mapped`]'s) was appended to the caller's table.
    Table,
}

/// Decodes `bytes` from `encoding` onto the end of `text`, exactly as [`decode_mapped`]
/// does, without building a map unless the line needs one (then appended to `map`).
/// Returns how the line maps back and whether some bytes could not be decoded.
pub(crate) fn decode_line(
    bytes: &[u8],
    encoding: &str,
    text: &mut String,
    map: &mut Vec<u32>,
) -> (LineDecoding, bool) {
    let enc = encoding_for(encoding);
    if enc == UTF_8 || bytes.is_ascii() {
        if let Ok(s) = std::str::from_utf8(bytes) {
            text.push_str(s);
            return (LineDecoding::Same, false);
        }
    }
    let start = text.len();
    let mut decoder = enc.new_decoder_without_bom_handling();
    if let Some(room) = decoder.max_utf8_buffer_length(bytes.len()) {
        text.reserve(room);
        let (_, read, errors) = decoder.decode_to_string(bytes, text, true);
        // Walking is exact only in well-formed text of an encoding `unit_len` knows: past
        // a malformed sequence the walk and the text can fall out of step and back in.
        if read == bytes.len() && !errors && mapped_text::knows_units(enc) {
            let mut i = 0;
            let mut in_step = true;
            for _ in text[start..].chars() {
                if i >= bytes.len() {
                    in_step = false;
                    break;
                }
                i += unit_len(bytes, i, enc);
            }
            if in_step && i == bytes.len() {
                return (LineDecoding::Units, false);
            }
        }
    }
    text.truncate(start);
    let (decoded, m, errors) = decode_mapped(bytes, encoding);
    text.push_str(&decoded);
    map.extend_from_slice(&m);
    (LineDecoding::Table, errors)
}

/// The encoding `decode_line` reads `name` as (for walking its units).
pub(crate) fn encoding_of(name: &str) -> &'static Encoding {
    encoding_for(name)
}

fn full_width_digit(c: char) -> Option<char> {
    if ('０'..='９').contains(&c) {
        char::from_u32(c as u32 - '０' as u32 + '0' as u32)
    } else {
        None
    }
}

/// Full-width ASCII (U+FF01-U+FF5E) to ASCII, U+3000 to a space.
pub fn to_half_width(c: char) -> char {
    match c as u32 {
        0xFF01..=0xFF5E => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        0x3000 => ' ',
        _ => c,
    }
}

/// Normalizes a Chinese move: Traditional to Simplified, full-width digits to ASCII,
/// spaces removed (`馬８進７` → `马8进7`, `俥一平二` → `车一平二`).
pub fn normalize_chinese(s: &str) -> String {
    // Sized once: no character grows in the mapping (this runs on every move).
    let mut out = String::with_capacity(s.len());
    out.extend(s.chars().filter_map(|c| {
        if let Some(d) = full_width_digit(c) {
            return Some(d);
        }
        Some(match c {
            ' ' | '\t' | '\u{3000}' => return None,
            '馬' | '傌' | '瑪' => '马',
            '車' | '俥' | '伡' => '车',
            '砲' | '包' | '炮' => '炮',
            '帥' => '帅',
            '將' => '将',
            '進' => '进',
            '後' => '后',
            c => c,
        })
    }));
    out
}

const CN_PIECES: &str = "车马炮相象仕士帅将兵卒";
const CN_FILES: &str = "一二三四五六七八九123456789";
const CN_ACTIONS: &str = "进退平";
const CN_POSITIONS: &str = "前中后一二三四五";

/// Whether a normalized Chinese move is well formed: piece-file-action-number (`炮二平五`,
/// `马8进7`), position-piece-action-number (`前卒进1`, `二兵平三` for three or more pawns on
/// a file), position-file-action-number for pawns doubled on two files (`前一平二`, the
/// piece left out as the rules of notation say) or, rarely, position-piece-file-action-number
/// (`前兵五平四`).
pub fn is_chinese_move(norm: &str) -> bool {
    let mut c = ['\0'; 5];
    let mut len = 0;
    for x in norm.chars() {
        if len == c.len() {
            return false;
        }
        c[len] = x;
        len += 1;
    }
    // `matches!` rather than `str::contains`: this runs on every move of every record.
    let piece = |x: char| {
        matches!(
            x,
            '车' | '马' | '炮' | '相' | '象' | '仕' | '士' | '帅' | '将' | '兵' | '卒'
        )
    };
    let file = |x: char| {
        matches!(
            x,
            '一' | '二' | '三' | '四' | '五' | '六' | '七' | '八' | '九' | '1'..='9'
        )
    };
    let act = |x: char| matches!(x, '进' | '退' | '平');
    let pos = |x: char| matches!(x, '前' | '中' | '后' | '一' | '二' | '三' | '四' | '五');
    debug_assert!(CN_PIECES.chars().all(piece) && CN_FILES.chars().all(file));
    debug_assert!(CN_ACTIONS.chars().all(act) && CN_POSITIONS.chars().all(pos));
    match len {
        4 => {
            (piece(c[0]) && file(c[1]) && act(c[2]) && file(c[3]))
                || (pos(c[0]) && piece(c[1]) && act(c[2]) && file(c[3]))
                || (pos(c[0]) && file(c[1]) && act(c[2]) && file(c[3]))
        }
        5 => pos(c[0]) && piece(c[1]) && file(c[2]) && act(c[3]) && file(c[4]),
        _ => false,
    }
}

/// Normalizes a WXF move: ASCII, upper case, `.` → `=`, `N` → `H`, `B` → `E`.
pub fn normalize_wxf(s: &str) -> String {
    s.chars()
        .map(to_half_width)
        .filter(|c| !c.is_whitespace())
        .map(|c| match c.to_ascii_uppercase() {
            '.' => '=',
            'N' => 'H',
            'B' => 'E',
            u => u,
        })
        .collect()
}

/// Whether a normalized WXF move is well formed: `C2=5`, `H8+7`, `+R=1`, `R+=1`, `1P+1`,
/// and pawns stacked on two files, where the file replaces the piece (`+5=4`, `27=8`, as
/// Chinese writes `前五平四`, `中七平八`).
pub fn is_wxf_move(norm: &str) -> bool {
    let b = norm.as_bytes();
    if b.len() != 4 {
        return false;
    }
    let piece = |x: u8| b"KAERHCP".contains(&x);
    let sign = |x: u8| b"+-=".contains(&x);
    let digit = |x: u8| (b'1'..=b'9').contains(&x);
    if !sign(b[2]) || !digit(b[3]) {
        return false;
    }
    (piece(b[0]) && digit(b[1]))
        || (matches!(b[0], b'+' | b'-') && piece(b[1]))
        || (piece(b[0]) && matches!(b[1], b'+' | b'-'))
        || ((b'1'..=b'5').contains(&b[0]) && b[1] == b'P')
        || (matches!(b[0], b'+' | b'-' | b'1'..=b'5') && digit(b[1]))
}

/// An ICCS/UCI move `h2e2`, `H2-E2`, `h10g8`: `(file, rank)` pairs with ranks as
/// written (0-10); the caller maps 1-10 ranks.
pub fn parse_iccs(tok: &str) -> Option<((u8, u8), (u8, u8))> {
    let b = tok.as_bytes();
    let mut i = 0;
    let square = |i: &mut usize| -> Option<(u8, u8)> {
        let f = *b.get(*i)?;
        let f = f.to_ascii_lowercase();
        if !(b'a'..=b'i').contains(&f) {
            return None;
        }
        *i += 1;
        let d1 = *b.get(*i)?;
        if !d1.is_ascii_digit() {
            return None;
        }
        *i += 1;
        let mut r = d1 - b'0';
        if let Some(&d2) = b.get(*i) {
            if d2.is_ascii_digit() {
                if r != 1 || d2 != b'0' {
                    return None;
                }
                r = 10;
                *i += 1;
            }
        }
        Some((f - b'a', r))
    };
    let from = square(&mut i)?;
    if b.get(i) == Some(&b'-') {
        i += 1;
    }
    let to = square(&mut i)?;
    if i != b.len() {
        return None;
    }
    // Mixed case (`H2e2`) is SAN, not ICCS.
    let letters: Vec<u8> = b.iter().copied().filter(u8::is_ascii_alphabetic).collect();
    if letters.iter().any(u8::is_ascii_uppercase) && letters.iter().any(u8::is_ascii_lowercase) {
        return None;
    }
    Some((from, to))
}

/// A WinBoard/pychess SAN move (`Cbe2`, `Rxb9`, `c5`, `exe5`, `A10e9`, `Rb10+`): returns
/// the ranks it writes (for the 0-9 / 1-10 decision), or `None` if it is not SAN.
pub fn parse_san(tok: &str) -> Option<Vec<u8>> {
    let b = tok.as_bytes();
    let mut i = 0;
    if i < b.len() && b"KAEBRHNCP".contains(&b[i]) {
        i += 1;
    }
    let mut ranks = Vec::new();
    let mut files = 0;
    // Up to two squares-or-parts: [file][rank] [x] file rank.
    let rank = |i: &mut usize| -> Option<u8> {
        let d = *b.get(*i)?;
        if !d.is_ascii_digit() {
            return None;
        }
        *i += 1;
        if d == b'1' && b.get(*i) == Some(&b'0') {
            *i += 1;
            return Some(10);
        }
        Some(d - b'0')
    };
    let mut parts = 0;
    while i < b.len() {
        let c = b[i];
        if (b'a'..=b'i').contains(&c) {
            files += 1;
            i += 1;
            parts += 1;
        } else if c.is_ascii_digit() {
            ranks.push(rank(&mut i)?);
            parts += 1;
        } else if c == b'x' {
            i += 1;
        } else if c == b'+' || c == b'#' {
            if i + 1 != b.len() {
                return None;
            }
            i += 1;
        } else {
            return None;
        }
    }
    // The target square is a file then a rank at the end.
    let body = tok.trim_end_matches(['+', '#']).as_bytes();
    let digits = body.iter().rev().take_while(|c| c.is_ascii_digit()).count();
    let ends_square = (digits == 1 || (digits == 2 && body.ends_with(b"10")))
        && body.len() > digits
        && (b'a'..=b'i').contains(&body[body.len() - digits - 1]);
    if !ends_square || files == 0 || files > 2 || ranks.is_empty() || ranks.len() > 2 || parts > 4 {
        return None;
    }
    Some(ranks)
}

/// A result as written in a tag or in move text: `1-0` / `红胜` / `W` (Red wins) → Red's
/// win, `0-1` / `黑胜` / `L` → Black's, `1/2-1/2` / `和棋` / `D` → `Draw`, `*` → `Unknown`.
pub fn result_from_text(text: &str) -> Option<Outcome> {
    if let Some(r) = Outcome::from_score(text) {
        return Some(r);
    }
    let side = |name| Outcome::side_win(GameKind::Xiangqi, name);
    let t = text.trim();
    Some(match t {
        "红胜" | "紅勝" | "红先胜" | "紅先勝" | "黑负" | "黑負" | "红方胜" | "W" | "w" | "2-0" => {
            side("red")?
        }
        "黑胜" | "黑勝" | "红负" | "紅負" | "红先负" | "紅先負" | "黑方胜" | "L" | "l" | "0-2" => {
            side("black")?
        }
        "0.5-0.5" | "1-1" | "和棋" | "和" | "红先和" | "紅先和" | "和局" | "D" | "d" => {
            Outcome::Draw
        }
        "*" | "?" | "未知" | "" => Outcome::Unknown,
        _ => return None,
    })
}

pub use crate::dates::xiangqi_date as normalize_date;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings() {
        let s = "[Red \"胡荣华\"]\n1. 炮二平五 马８进７\n";
        let (g, _, _) = GBK.encode(s);
        assert_eq!(detect_encoding(&g), "gbk");
        let t = "[Red \"胡榮華\"]\n1. 炮二平五 馬８進７\n";
        let (b, _, _) = BIG5.encode(t);
        assert_eq!(detect_encoding(&b), "big5");
        assert_eq!(detect_encoding(s.as_bytes()), "utf-8");
        let (d, m, e) = decode_mapped(&b, "big5");
        assert!(!e);
        assert_eq!(d, t);
        assert_eq!(m.len(), d.len() + 1);
        assert_eq!(m[d.find('馬').unwrap()] as usize, b.len() - 9);
    }

    #[test]
    fn every_xiangqi_character_is_a_byte_pair_in_gbk() {
        // What `hit_bound` counts on: Big5 has no longer sequences, and GBK's four-byte ones
        // are for the characters its two-byte table leaves out.
        for c in XQ_CHARS.chars() {
            let text = c.to_string();
            let (bytes, _, unmappable) = GBK.encode(&text);
            assert!(!unmappable && bytes.len() == 2, "{c}");
            assert_eq!(hit_bound(GBK, &bytes), 1, "{c}");
            let (bytes, _, unmappable) = BIG5.encode(&text);
            assert!(unmappable || hit_bound(BIG5, &bytes) == 1, "{c}");
        }
    }

    #[test]
    fn reading_a_head_answers_as_detecting_and_decoding_it_whatever_the_guess() {
        let gbk = GBK
            .encode("[Red \"胡荣华\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８\n")
            .0;
        let big5 = BIG5
            .encode("[Red \"胡榮華\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 車９平８\n")
            .0;
        let name = GBK.encode("第22轮 许银川").0;
        let pieces: [&[u8]; 7] = [
            &gbk,
            &big5,
            &name,
            b"\xFF\xFE",
            b"abc ",
            b"\xA4",
            b"\x81\x30",
        ];
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..3000 {
            let mut head = Vec::new();
            for _ in 0..next() % 6 {
                let r = next();
                match r % 9 {
                    7 => head.push((r >> 8) as u8),
                    8 => head.extend((0..r % 40).map(|k| (r >> (k % 56)) as u8 | 0x80)),
                    i => {
                        let p = pieces[i as usize % pieces.len()];
                        let from = (r >> 8) as usize % (p.len() + 1);
                        head.extend_from_slice(&p[from..]);
                    }
                }
            }
            let expected = detect_encoding(&head);
            let text = decode(&head, expected).0;
            for likelier in [None, Some("gbk"), Some("big5"), Some("utf-8")] {
                assert_eq!(detect_encoding_in_file(&head, likelier), expected);
                let read = read_head(&head, likelier);
                assert_eq!(
                    (read.encoding, &read.text),
                    (expected, &text),
                    "{head:02X?} read with {likelier:?} first"
                );
            }
            for enc in [GBK, BIG5] {
                let body = trim_cut_tail(&head);
                assert!(score(enc, body).hits <= hit_bound(enc, body), "{head:02X?}");
                let (decoded, scored) = decode_scored(body, enc);
                assert_eq!(scored, score(enc, body));
                assert_eq!(decoded, enc.decode_without_bom_handling(body).0);
            }
        }
    }

    #[test]
    fn a_damaged_line_is_mapped_not_walked() {
        // A cut character then a two-byte one: walking by lead bytes takes the cut one as
        // three bytes and comes out in step, one byte late for the second character.
        let (mut text, mut map) = (String::new(), Vec::new());
        let line = b"\xE4\xAC\xD7\xBA";
        let (how, errors) = decode_line(line, "utf-8", &mut text, &mut map);
        assert_eq!((how, errors), (LineDecoding::Table, true));
        assert_eq!(text, "\u{FFFD}\u{5FA}");
        assert_eq!(map, [0, 0, 0, 2, 3, 4]);
        // Well-formed GBK is walked.
        let (gbk, _, _) = GBK.encode("炮二平五");
        let (how, errors) = decode_line(&gbk, "gbk", &mut text, &mut map);
        assert_eq!((how, errors), (LineDecoding::Units, false));
    }

    #[test]
    fn moves() {
        assert_eq!(normalize_chinese("馬８進７"), "马8进7");
        assert!(is_chinese_move(&normalize_chinese("俥一平二")));
        assert!(is_chinese_move("前卒进1"));
        assert!(!is_chinese_move("前卒进"));
        // Pawns doubled on two files: position and file, the piece left out.
        assert!(is_chinese_move("前一平二"));
        assert!(is_chinese_move("后7进1"));
        assert_eq!(normalize_wxf("Ｃ２＝５"), "C2=5");
        assert_eq!(normalize_wxf("c2.5"), "C2=5");
        assert!(is_wxf_move("+R=1") && is_wxf_move("R+=1") && is_wxf_move("P++1"));
        // Pawns stacked on two files: place and file, the piece left out.
        assert!(is_wxf_move("+5=4") && is_wxf_move("-3+1") && is_wxf_move("27=8"));
        assert!(!is_wxf_move("65=4") && !is_wxf_move("+0=4") && !is_wxf_move("=5=4"));
        assert_eq!(parse_iccs("h2e2"), Some(((7, 2), (4, 2))));
        assert_eq!(parse_iccs("H2-E2"), Some(((7, 2), (4, 2))));
        assert_eq!(parse_iccs("h10g8"), Some(((7, 10), (6, 8))));
        assert_eq!(parse_iccs("H2e2"), None);
        assert!(parse_san("Cbe2").is_some());
        assert!(parse_san("c5").is_some());
        assert!(parse_san("exe5").is_some());
        assert_eq!(parse_san("A10e9"), Some(vec![10, 9]));
        assert_eq!(parse_san("Rxb10+"), Some(vec![10]));
        assert!(parse_san("H8e7+").is_some());
        assert!(parse_san("C2=5").is_none());
        assert_eq!(
            normalize_date("1963年8月15日").as_deref(),
            Some("1963-08-15")
        );
        assert_eq!(normalize_date("24-12-2022").as_deref(), Some("2022-12-24"));
        assert_eq!(normalize_date("1999.??.??").as_deref(), Some("1999"));
    }
}
