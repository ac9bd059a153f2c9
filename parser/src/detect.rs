//! Format and text-encoding detection.
//!
//! [`detect`] looks at the content first, in this order: the RenLib magic; the 象棋桥
//! magics (`CCBridgeLibrary` → CBL, `CCBridge Record` → CBR) and a `<ChineseChessRecord`
//! root in the first KiB (CBF); a first line that is a RenjuNet results row (`game<TAB>…`
//! with its 8 fields); a first line that is a results CSV header (comma-separated names
//! among them `game`, `player1`, `player2` and `result`); the Xiangqi formats (XQF magic, a `[Game]` tag, DhtmlXQ,
//! WXF, … as [`detect_with_encoding`] orders them); `<?xml` or
//! `<database` → RIF XML; `Piskvorky` → PSQ; a BDT record line; a first line starting with
//! `black|white|draw|unknown` → RenjuLines; move-like text (tokens such as `h8`, `1.`,
//! tags `[Key "Value"]`, `#` comments) → RenjuPlain. The file name's extension is used
//! only when the content says nothing clear (`.lib`, `.bdt`, `.psq`, `.rif`/`.xml`,
//! `.xqf`, `.wxf`, `.ubb`, `.ccn`, `.cbl`/`.cbr`/`.cbf`, `.renju`, `.txt`).

use crate::coord;
use crate::raw::Format;

fn strip_bom(head: &[u8]) -> &[u8] {
    head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head)
}

fn first_lines(head: &[u8], n: usize) -> impl Iterator<Item = &[u8]> {
    head.split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .map(|l| {
            let s = l.iter().take_while(|b| b.is_ascii_whitespace()).count();
            &l[s..]
        })
        .filter(|l| !l.is_empty())
        .take(n)
}

fn looks_bdt(line: &[u8]) -> bool {
    crate::bdt::record(line).is_ok()
}

fn looks_lines(line: &[u8]) -> bool {
    let word = line
        .split(|b| b.is_ascii_whitespace())
        .next()
        .unwrap_or(b"");
    crate::plain::result_word(word).is_some()
}

fn looks_plain(head: &[u8]) -> bool {
    let mut moves = 0;
    let mut other = 0;
    for line in first_lines(head, 20) {
        match line[0] {
            b'#' | b';' => continue,
            b'[' => {
                if crate::tag::scan(line).is_ok() {
                    moves += 1;
                } else {
                    other += 1;
                }
                continue;
            }
            _ => {}
        }
        for tok in line
            .split(|b| b.is_ascii_whitespace())
            .filter(|t| !t.is_empty())
        {
            // Variation brackets and annotation glyphs around a move.
            let parts = crate::plain::TokenParts::of(tok);
            if parts.is_nag() || parts.word.is_empty() {
                moves += 1;
                continue;
            }
            let tok = parts.word;
            let t = match coord::move_number_prefix(tok) {
                Some(n) if n == tok.len() => {
                    moves += 1;
                    continue;
                }
                Some(n) => &tok[n..],
                None => tok,
            };
            if coord::parse_move(t).is_ok() || matches!(t, b"1-0" | b"0-1" | b"1/2-1/2" | b"*") {
                moves += 1;
            } else {
                other += 1;
            }
        }
    }
    moves > 0 && moves >= 4 * other
}

/// The game a PGN-style file names in a `[Game "…"]` tag on its first line, when that
/// is one kifu reads as PGN: the tag is decisive, and checking it first spares every
/// sniffer's work on each of the many small files of a collection.
fn game_tag_format(head: &[u8]) -> Option<Format> {
    let first = first_lines(strip_bom(head), 1).next()?;
    let rest = first.strip_prefix(b"[")?;
    if rest.len() < 4 || !rest[..4].eq_ignore_ascii_case(b"game") {
        return None;
    }
    let rest = rest[4..].trim_ascii_start().strip_prefix(b"\"")?;
    let end = rest.iter().position(|&b| b == b'"')?;
    if rest[end + 1..].trim_ascii() != b"]" {
        return None;
    }
    let value = rest[..end].to_ascii_lowercase();
    match value.as_slice() {
        b"chinese chess" | b"xiangqi" => Some(Format::XiangqiPgn),
        b"chess territorial" => Some(Format::TerritorialPgn),
        b"chouchou" => Some(Format::ChouChouCcn),
        v if v == "珠取".as_bytes() => Some(Format::ChouChouCcn),
        _ => None,
    }
}

/// Guesses the format of a file from its first bytes (a few KiB is plenty) and,
/// as a hint, its name.
pub fn detect(head: &[u8], file_name: Option<&str>) -> Option<Format> {
    detect_with_encoding(head, file_name).0
}

/// [`detect`], with the text encoding of the head as [`crate::xq_text::detect_encoding`]
/// sees it when that was worked out on the way (Xiangqi formats need it).
pub fn detect_with_encoding(
    head: &[u8],
    file_name: Option<&str>,
) -> (Option<Format>, Option<&'static str>) {
    detect_in_file(head, file_name, None)
}

/// [`detect_with_encoding`] of a member of a file whose Xiangqi members so far were in
/// `likelier` (`gbk`, `big5`): the head is decoded in it first, and in the other
/// encoding only where that reading is not decisive ([`crate::xq_text::read_head`]).
/// The answer is the same whatever `likelier` says.
pub fn detect_in_file(
    head: &[u8],
    file_name: Option<&str>,
    likelier: Option<&str>,
) -> (Option<Format>, Option<&'static str>) {
    if head.starts_with(crate::renlib::MAGIC) {
        return (Some(Format::RenLib), None);
    }
    if crate::ccbridge::looks_like_cbl(head) {
        return (Some(Format::Cbl), None);
    }
    if crate::ccbridge::looks_like_cbr(head) {
        return (Some(Format::Cbr), None);
    }
    // Before anything reading `<?xml` as RIF.
    if crate::cbf::looks_like(head) {
        return (Some(Format::Cbf), None);
    }
    // Xiangqi formats first: an XHTML page holding DhtmlXQ would otherwise pass for XML,
    // and an ICCS move list for a Renju one.
    if crate::xqf::looks_like(head) {
        return (Some(Format::Xqf), None);
    }
    if let Some(format) = game_tag_format(head) {
        return (Some(format), None);
    }
    if crate::renjunet::looks_like(strip_bom(head)) {
        return (Some(Format::RenjuNetResults), None);
    }
    // Before the ChouChou spreadsheet export, also a CSV with a header: a results CSV
    // names seats (`player1`, `player2`), a spreadsheet export a `move` column and one
    // `player` per row; `chouchou::looks_like_sheet` refuses a results CSV header.
    if crate::results_csv::looks_like(head) {
        return (Some(Format::ResultsCsv), None);
    }
    // The Xiangqi sniffers read the head decoded: detect its encoding and decode it once.
    let xq = crate::xq_text::read_head(head, likelier);
    (detect_rest(head, &xq.text, file_name), Some(xq.encoding))
}

fn detect_rest(head: &[u8], xq_text: &str, file_name: Option<&str>) -> Option<Format> {
    if crate::dhtmlxq::looks_like_text(xq_text) {
        return Some(Format::DhtmlXq);
    }
    if crate::xiangqi_wxf::looks_like_text(xq_text) {
        return Some(Format::XiangqiWxf);
    }
    // Before Xiangqi PGN: both use PGN-style tags.
    if crate::territorial::looks_like(head) {
        return Some(Format::TerritorialPgn);
    }
    if crate::chouchou::looks_like_ccn(head) {
        return Some(Format::ChouChouCcn);
    }
    if crate::chouchou::looks_like_sheet(head) {
        return Some(Format::ChouChouSheet);
    }
    if crate::xiangqi_pgn::looks_like_text(xq_text) {
        return Some(Format::XiangqiPgn);
    }
    let text = strip_bom(head);
    let trimmed = {
        let s = text.iter().take_while(|b| b.is_ascii_whitespace()).count();
        &text[s..]
    };
    let lower: Vec<u8> = trimmed
        .iter()
        .take(64)
        .map(u8::to_ascii_lowercase)
        .collect();
    if lower.starts_with(b"<?xml") || lower.starts_with(b"<database") {
        return Some(Format::RifXml);
    }
    if lower.starts_with(b"piskvorky") {
        return Some(Format::Psq);
    }
    let ext = file_name
        .and_then(|n| n.rsplit_once('.'))
        .map(|(_, e)| e.to_ascii_lowercase());
    if let Some(first) = first_lines(trimmed, 1).next() {
        if looks_bdt(first) {
            return Some(Format::Bdt);
        }
        if looks_lines(first) {
            return Some(Format::RenjuLines);
        }
    }
    match ext.as_deref() {
        Some("lib") => return Some(Format::RenLib),
        Some("bdt") => return Some(Format::Bdt),
        Some("psq") => return Some(Format::Psq),
        Some("rif") | Some("xml") => return Some(Format::RifXml),
        Some("xqf") => return Some(Format::Xqf),
        Some("wxf") => return Some(Format::XiangqiWxf),
        Some("ubb") => return Some(Format::DhtmlXq),
        Some("ccn") => return Some(Format::ChouChouCcn),
        Some("cbl") => return Some(Format::Cbl),
        Some("cbr") => return Some(Format::Cbr),
        Some("cbf") => return Some(Format::Cbf),
        _ => {}
    }
    if looks_plain(trimmed) {
        return Some(Format::RenjuPlain);
    }
    match ext.as_deref() {
        Some("renju") => Some(Format::RenjuLines),
        // A `.txt` that does not look like moves is prose (notes beside a collection):
        // better reported whole as unrecognised than quarantined line by line.
        _ => None,
    }
}

/// The text encoding of a file's first bytes: `utf-8-bom`, `utf-16le`, `utf-16be`,
/// `ascii`, `utf-8` (valid UTF-8 with non-ASCII bytes; a sequence cut at the end of `head`
/// is allowed), else `gbk` when the bytes decode as GBK without errors, else
/// `windows-1252`.
///
/// This names the bytes of a format read as bytes (the label kept with the source);
/// Xiangqi text, decoded before it is parsed, has its own sniffer
/// ([`crate::xq_text::detect_encoding`]): [`crate::member::encoding`] says why.
pub fn detect_encoding(head: &[u8]) -> &'static str {
    if head.starts_with(b"\xEF\xBB\xBF") {
        return "utf-8-bom";
    }
    if head.starts_with(b"\xFF\xFE") {
        return "utf-16le";
    }
    if head.starts_with(b"\xFE\xFF") {
        return "utf-16be";
    }
    if head.is_ascii() {
        return "ascii";
    }
    match std::str::from_utf8(head) {
        Ok(_) => return "utf-8",
        Err(e) if e.error_len().is_none() => return "utf-8",
        Err(_) => {}
    }
    let (_, had_errors) = encoding_rs::GBK.decode_without_bom_handling(head);
    if !had_errors {
        return "gbk";
    }
    "windows-1252"
}

/// Decodes a whole text with the detected encoding; returns the text and the encoding name.
pub fn decode_text(bytes: &[u8]) -> (String, &'static str) {
    let enc = detect_encoding(bytes);
    let text = match enc {
        "ascii" => String::from_utf8_lossy(bytes).into_owned(),
        "utf-8" => String::from_utf8_lossy(bytes).into_owned(),
        "utf-8-bom" => String::from_utf8_lossy(&bytes[3..]).into_owned(),
        "utf-16le" => encoding_rs::UTF_16LE.decode(bytes).0.into_owned(),
        "utf-16be" => encoding_rs::UTF_16BE.decode(bytes).0.into_owned(),
        "gbk" => encoding_rs::GBK
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
        _ => encoding_rs::WINDOWS_1252
            .decode_without_bom_handling(bytes)
            .0
            .into_owned(),
    };
    (text, enc)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_tag_on_the_first_line_decides() {
        // Tags only, no move yet: without the tag this reads as a Renju tagged list.
        let tags = b"[Game \"Xiangqi\"]\n[Event \"Cup\"]\n[Red \"A\"]\n";
        assert_eq!(detect(tags, None), Some(Format::XiangqiPgn));
        assert_eq!(
            detect(b"\xEF\xBB\xBF[GAME \"CHINESE CHESS\"]\r\n", None),
            Some(Format::XiangqiPgn)
        );
        assert_eq!(
            detect(b"[Game \"Chess Territorial\"]\n", None),
            Some(Format::TerritorialPgn)
        );
        assert_eq!(
            detect("[Game \"珠取\"]\n".as_bytes(), None),
            Some(Format::ChouChouCcn)
        );
        // Another game's tag, or one not alone on its line, leaves it to the sniffers.
        assert_eq!(
            detect(b"[Game \"Renju\"]\n[Event \"Cup\"]\n", None),
            Some(Format::RenjuPlain)
        );
        assert_eq!(
            detect(b"[Game \"Xiangqi\"] [Event \"Cup\"]\n", None),
            Some(Format::RenjuPlain)
        );
    }

    #[test]
    fn formats() {
        assert_eq!(
            detect(b"\xFFRenLib\xFF\x03\x00", None),
            Some(Format::RenLib)
        );
        assert_eq!(
            detect(b"<?xml version=\"1.0\"?>", None),
            Some(Format::RifXml)
        );
        assert_eq!(
            detect(b"Piskvorky 20x20, 7:7, 0\r\n", None),
            Some(Format::Psq)
        );
        assert_eq!(
            detect(b"1999,    0=[a,b,+,8889,?,-]\n", None),
            Some(Format::Bdt)
        );
        assert_eq!(detect(b"black h8 h9 i9\n", None), Some(Format::RenjuLines));
        assert_eq!(
            detect(b"1. h8 2. h9 3. i9\n", None),
            Some(Format::RenjuPlain)
        );
        assert_eq!(
            detect(b"[Event \"x\"]\n\nh8 h9", None),
            Some(Format::RenjuPlain)
        );
        assert_eq!(detect(b"CCBridgeLibrary\0\x03", None), Some(Format::Cbl));
        assert_eq!(
            detect(b"CCBridge Record\0\0\0\0\x02", None),
            Some(Format::Cbr)
        );
        assert_eq!(
            detect(
                "\u{FEFF}<?xml version=\"1.0\"?>\n<ChineseChessRecord Version=\"1.0\">".as_bytes(),
                None
            ),
            Some(Format::Cbf)
        );
        assert_eq!(detect(b"", Some("a.CBL")), Some(Format::Cbl));
        assert_eq!(detect(b"hello world, nothing here", None), None);
        assert_eq!(detect(b"", Some("a.lib")), Some(Format::RenLib));
    }

    #[test]
    fn encodings() {
        assert_eq!(detect_encoding(b"abc"), "ascii");
        assert_eq!(detect_encoding("h8 é".as_bytes()), "utf-8");
        assert_eq!(detect_encoding(b"\xEF\xBB\xBFabc"), "utf-8-bom");
        assert_eq!(detect_encoding(b"\xd6\xd0\xce\xc4"), "gbk");
        let (t, e) = decode_text(b"\xd6\xd0\xce\xc4");
        assert_eq!((t.as_str(), e), ("中文", "gbk"));
    }
}
