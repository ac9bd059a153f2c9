//! Reading lines with bounded memory: a line longer than [`MAX_LINE`] is consumed whole but
//! only its first [`MAX_LINE`] bytes are kept, so one enormous line (a 100 MB record, a
//! file with no line breaks) cannot exhaust memory.

use std::io::{self, BufRead};

/// The most bytes of one line a line-based reader keeps.
pub const MAX_LINE: usize = 16 << 20;

/// Like `read_until(b'\n', buf)`, but appends at most [`MAX_LINE`] bytes of the line to
/// `buf`. Returns the bytes consumed (the whole line, newline included; 0 at the end) and
/// whether the kept part was cut short.
pub fn read_line_capped<R: BufRead + ?Sized>(
    reader: &mut R,
    buf: &mut Vec<u8>,
) -> io::Result<(usize, bool)> {
    let mut consumed = 0;
    let mut cut = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok((consumed, cut));
        }
        let (done, used) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (true, i + 1),
            None => (false, available.len()),
        };
        let room = MAX_LINE.saturating_sub(buf.len());
        if used > room {
            cut = true;
        }
        buf.extend_from_slice(&available[..used.min(room)]);
        reader.consume(used);
        consumed += used;
        if done {
            return Ok((consumed, cut));
        }
    }
}

/// The message for a line cut at [`MAX_LINE`] bytes.
pub fn too_long(consumed: usize) -> String {
    format!(
        "line of {consumed} bytes is longer than the {MAX_LINE}-byte limit: not read (split the record into lines)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lines_read_as_read_until_does() {
        let mut r: &[u8] = b"ab\ncd";
        let mut buf = Vec::new();
        assert_eq!(read_line_capped(&mut r, &mut buf).unwrap(), (3, false));
        assert_eq!(buf, b"ab\n");
        buf.clear();
        assert_eq!(read_line_capped(&mut r, &mut buf).unwrap(), (2, false));
        assert_eq!(buf, b"cd");
        buf.clear();
        assert_eq!(read_line_capped(&mut r, &mut buf).unwrap(), (0, false));
    }

    #[test]
    fn a_long_line_is_consumed_whole_and_kept_in_part() {
        let text = [vec![b'x'; MAX_LINE + 10], b"\nnext\n".to_vec()].concat();
        let mut r = io::BufReader::with_capacity(1 << 12, &text[..]);
        let mut buf = Vec::new();
        assert_eq!(
            read_line_capped(&mut r, &mut buf).unwrap(),
            (MAX_LINE + 11, true)
        );
        assert_eq!(buf.len(), MAX_LINE);
        buf.clear();
        assert_eq!(read_line_capped(&mut r, &mut buf).unwrap(), (5, false));
        assert_eq!(buf, b"next\n");
    }
}
