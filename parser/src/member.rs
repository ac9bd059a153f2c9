//! The records of one member (a file, or a file inside an archive): what it is (format and
//! text encoding, from its first bytes and its name) and the reader of that format run over
//! it. Callers (ingest, `check_bytes`) hand over bytes or a reader and get records; which
//! reader streams and which needs the whole member is decided here.

use std::io::{self, BufRead, Read};

use crate::raw::{raw_text, AnyGame, AnyItem, RawItem};
use crate::xiangqi_pgn::PgnChunk;
use crate::{detect, xq_text, Format, GameKind, Location, RawError, Span};

/// Bytes of a member's start that [`identify`] looks at (more are not needed).
pub const HEAD: usize = 8192;

/// Largest member read whole (formats whose records need the whole file: RenLib, PSQ,
/// XieXie WXF, XQF, 象棋桥 CBL/CBR/CBF, DhtmlXQ, ChouChou spreadsheets, the results files).
pub const MAX_WHOLE_FILE: u64 = 256 << 20;

/// The format (`None`: not recognised) and text encoding of a member whose first bytes
/// are `head` ([`HEAD`] of them, or the whole member when it is shorter) and whose file
/// name is `name`; `forced` is a format the caller names instead of detecting one.
pub fn identify(
    head: &[u8],
    name: Option<&str>,
    forced: Option<Format>,
) -> (Option<Format>, &'static str) {
    identify_in_file(head, name, forced, None)
}

/// [`identify`] of a member of a file (an archive) whose Xiangqi members so far were in
/// `likelier` (`gbk`, `big5`): the same answer, found with less decoding when the guess is
/// right ([`detect::detect_in_file`]).
pub fn identify_in_file(
    head: &[u8],
    name: Option<&str>,
    forced: Option<Format>,
    likelier: Option<&str>,
) -> (Option<Format>, &'static str) {
    let (format, xq_encoding) = match forced {
        Some(f) => (Some(f), None),
        None => detect::detect_in_file(head, name, likelier),
    };
    let encoding = match format {
        Some(f) => encoding_in_file(f, head, xq_encoding, likelier),
        None => detect::detect_encoding(head),
    };
    (format, encoding)
}

/// The text encoding of a member of `format` whose first bytes are `head`; `xq_detected`
/// is the Xiangqi encoding of that head if format detection already worked it out.
///
/// Two sniffers, on purpose. Xiangqi text is decoded before it is parsed, so its readers
/// need a decoder, and Chinese collections come as GBK or Big5 as often as UTF-8:
/// [`xq_text::detect_encoding`] answers `utf-8`, `gbk` or `big5`, telling the two apart by
/// Xiangqi vocabulary. Every other text format is read as bytes (ASCII syntax, names
/// decoded one by one), so its encoding is only a label kept with the source:
/// [`detect::detect_encoding`] names what the bytes are (`ascii`, `utf-8`, `utf-8-bom`,
/// `utf-16le`, `gbk`, `windows-1252`, …). Merging them would change both the decoder of
/// Big5 files and the labels stored.
pub fn encoding(format: Format, head: &[u8], xq_detected: Option<&'static str>) -> &'static str {
    encoding_in_file(format, head, xq_detected, None)
}

/// [`encoding`] of a member of a file whose Xiangqi members so far were in `likelier`
/// (`gbk`, `big5`): scored in it first ([`xq_text::detect_encoding_in_file`]), the same
/// answer.
fn encoding_in_file(
    format: Format,
    head: &[u8],
    xq_detected: Option<&'static str>,
    likelier: Option<&str>,
) -> &'static str {
    match format {
        // Binary: their strings are decoded one by one (RenLib: UTF-8 else GBK; XQF: GBK).
        // 象棋桥 CBL/CBR: UTF-16LE strings in binary records.
        Format::RenLib | Format::Xqf | Format::Cbl | Format::Cbr => "binary",
        f if f.game_kind() == Some(GameKind::Xiangqi) => {
            xq_detected.unwrap_or_else(|| xq_text::detect_encoding_in_file(head, likelier))
        }
        _ => detect::detect_encoding(head),
    }
}

/// The text kept of a member no reader recognised, for quarantine: UTF-8 as it is, else
/// decoded with the likeliest legacy encoding (GBK, Big5) so it stays readable; capped at
/// [`crate::raw::MAX_RAW_KEPT`] bytes.
pub fn unrecognised_text(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(crate::raw::MAX_RAW_KEPT)];
    match std::str::from_utf8(cut) {
        Ok(text) => text.to_owned(),
        Err(_) => {
            let encoding = xq_text::detect_encoding(cut);
            xq_text::decode(cut, encoding).0
        }
    }
}

/// Where [`read`] puts each record it reads, in order.
pub trait RecordSink {
    fn push(&mut self, item: AnyItem) -> io::Result<()>;

    fn push_renju(&mut self, item: RawItem) -> io::Result<()> {
        self.push(item.map(AnyGame::Renju))
    }

    /// A Xiangqi PGN game split from the stream: parsed here unless the sink defers it
    /// ([`PgnChunk::parse`] runs wherever the sink sends it).
    fn push_xq_chunk(&mut self, item: Result<PgnChunk, RawError>) -> io::Result<()> {
        self.push(item.and_then(|c| c.parse()).map(AnyGame::Xiangqi))
    }
}

impl RecordSink for Vec<AnyItem> {
    fn push(&mut self, item: AnyItem) -> io::Result<()> {
        Vec::push(self, item);
        Ok(())
    }
}

/// Every record of a member held in memory, in order.
pub fn records(format: Format, encoding: &'static str, bytes: &[u8]) -> Vec<AnyItem> {
    let mut items = Vec::new();
    // Reading from memory cannot fail, and the sink does not.
    let _ = read(format, encoding, bytes, &mut items);
    items
}

/// Reads every record of a member in `format`, decoded from `encoding` where the format
/// is decoded (Xiangqi PGN), into `sink`. Line-based formats stream; the others read the
/// member whole, up to [`MAX_WHOLE_FILE`] bytes (a larger member is one [`RawError`]).
/// Errors are the reader's and the sink's.
pub fn read<R: BufRead, S: RecordSink>(
    format: Format,
    encoding: &'static str,
    mut reader: R,
    sink: &mut S,
) -> io::Result<()> {
    use crate::{
        bdt, cbf, ccbridge, chouchou, dhtmlxq, plain, psq, renjunet, renlib, results_csv, rif,
        territorial, xiangqi_pgn, xiangqi_wxf, xqf,
    };
    match format {
        Format::RenjuLines => plain::LinesReader::new(reader).try_for_each(|i| sink.push_renju(i)),
        Format::RenjuPlain => plain::PlainReader::new(reader).try_for_each(|i| sink.push_renju(i)),
        Format::Bdt => bdt::BdtReader::new(reader).try_for_each(|i| sink.push_renju(i)),
        Format::RifXml => rif::RifReader::new(reader).try_for_each(|i| sink.push_renju(i)),
        Format::XiangqiPgn => {
            let mut games = xiangqi_pgn::PgnReader::new(reader, encoding);
            while let Some(chunk) = games.next_chunk() {
                sink.push_xq_chunk(chunk)?;
            }
            Ok(())
        }
        Format::TerritorialPgn => territorial::PgnReader::new(reader)
            .try_for_each(|i| sink.push(i.map(AnyGame::Territorial))),
        Format::ChouChouCcn => {
            chouchou::CcnReader::new(reader).try_for_each(|i| sink.push(i.map(AnyGame::ChouChou)))
        }
        Format::RenLib
        | Format::Psq
        | Format::XiangqiWxf
        | Format::Xqf
        | Format::DhtmlXq
        | Format::Cbl
        | Format::Cbr
        | Format::Cbf
        | Format::ChouChouSheet
        | Format::RenjuNetResults
        | Format::ResultsCsv => {
            let (bytes, len) = read_capped(&mut reader, MAX_WHOLE_FILE)?;
            if len > bytes.len() as u64 {
                return sink.push(Err(RawError {
                    format: Some(format),
                    at: Location::new(MAX_WHOLE_FILE, 0, 0),
                    start: Location::default(),
                    span: Span::new(0, len),
                    message: format!(
                        "{format} file of {len} bytes is larger than the {MAX_WHOLE_FILE}-byte limit"
                    ),
                    raw: raw_text(&bytes[..256.min(bytes.len())]),
                }));
            }
            let xiangqi = |items: Vec<Result<crate::XqGame, RawError>>| {
                items
                    .into_iter()
                    .map(|i| i.map(AnyGame::Xiangqi))
                    .collect::<Vec<_>>()
            };
            let renju = |items: Vec<RawItem>| {
                items
                    .into_iter()
                    .map(|i| i.map(AnyGame::Renju))
                    .collect::<Vec<_>>()
            };
            let items = match format {
                Format::RenLib => match renlib::parse(&bytes) {
                    Ok(items) => renju(items),
                    Err(e) => vec![Err(e)],
                },
                Format::Psq => renju(psq::parse(&bytes)),
                Format::RenjuNetResults => renju(renjunet::parse(&bytes)),
                Format::ResultsCsv => results_csv::parse(&bytes),
                Format::Xqf => xiangqi(xqf::parse(&bytes)),
                Format::Cbl => xiangqi(ccbridge::parse_cbl(&bytes)),
                Format::Cbr => xiangqi(ccbridge::parse_cbr(&bytes)),
                Format::Cbf => xiangqi(cbf::parse(&bytes)),
                Format::DhtmlXq => xiangqi(dhtmlxq::parse(&bytes)),
                Format::ChouChouSheet => chouchou::parse_sheet(&bytes)
                    .into_iter()
                    .map(|i| i.map(AnyGame::ChouChou))
                    .collect(),
                _ => xiangqi(xiangqi_wxf::parse(&bytes)),
            };
            items.into_iter().try_for_each(|i| sink.push(i))
        }
    }
}

/// Reads up to `cap` bytes, skips the rest, and says how long the input was: memory stays
/// bounded whatever the input (a decompression bomb included).
pub fn read_capped<R: Read>(reader: &mut R, cap: u64) -> io::Result<(Vec<u8>, u64)> {
    let mut bytes = Vec::new();
    reader.take(cap).read_to_end(&mut bytes)?;
    let rest = io::copy(reader, &mut io::sink())?;
    let len = bytes.len() as u64 + rest;
    Ok((bytes, len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identified_by_content_name_or_caller() {
        let pgn = "[Game \"Chinese Chess\"]\n1. 炮二平五\n";
        assert_eq!(
            identify(pgn.as_bytes(), None, None),
            (Some(Format::XiangqiPgn), "utf-8")
        );
        assert_eq!(
            identify(b"black h8 h9\n", None, None),
            (Some(Format::RenjuLines), "ascii")
        );
        assert_eq!(
            identify(b"", Some("a.xqf"), None),
            (Some(Format::Xqf), "binary")
        );
        assert_eq!(
            identify(b"prose \xE9 here", Some("notes.txt"), None),
            (None, "windows-1252")
        );
        assert_eq!(
            identify(b"h8 h9", None, Some(Format::Bdt)),
            (Some(Format::Bdt), "ascii")
        );
    }

    #[test]
    fn records_of_bytes() {
        let items = records(Format::RenjuLines, "ascii", b"black h8 h9\nwhite q\n");
        assert_eq!(items.len(), 2);
        assert!(matches!(&items[0], Ok(AnyGame::Renju(g)) if g.moves.len() == 2));
        assert!(items[1].is_err());
    }

    #[test]
    fn read_capped_keeps_the_cap_and_counts_the_rest() {
        let mut reader = io::repeat(b'x').take(1 << 20);
        let (bytes, len) = read_capped(&mut reader, 10).unwrap();
        assert_eq!((bytes.len(), len), (10, 1 << 20));
    }
}
