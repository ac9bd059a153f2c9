//! How a file whose stream failed part way (cut short, damaged) is reported: one
//! quarantined record where reading stopped, saying what was kept.

use crate::input;

/// Where and how a file's stream failed, as its quarantined record says it.
pub(crate) struct Damage<'a> {
    pub(crate) compression: input::Compression,
    pub(crate) file_bytes: u64,
    /// Bytes of the file read from disk when reading stopped.
    pub(crate) file_read: u64,
    pub(crate) failure: &'a input::Failure,
    /// Members read whole before the failure.
    pub(crate) whole: u64,
    pub(crate) last_whole: Option<&'a str>,
    /// The member being read at the failure, and where its bytes start in the stream.
    pub(crate) cut: Option<(&'a str, u64)>,
}

impl Damage<'_> {
    /// The member the record is filed under and its byte offset there: the cut member
    /// and the offset in it, else the archive's stream and the offset in that.
    pub(crate) fn location(&self) -> (&str, u64) {
        match self.cut {
            Some((name, start)) => (name, self.failure.offset.saturating_sub(start)),
            None => ("", self.failure.offset),
        }
    }
}

impl std::fmt::Display for Damage<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self.compression {
            input::Compression::Xz => "xz data ",
            input::Compression::Gzip => "gzip data ",
            input::Compression::None => "",
        };
        write!(
            f,
            "{what}cut short or damaged ({}) after {} of the file's {} bytes: ",
            self.failure.error, self.file_read, self.file_bytes
        )?;
        let (member, offset) = self.location();
        match (self.cut, self.last_whole) {
            (Some(_), _) if member.is_empty() => write!(
                f,
                "reading stopped at byte {offset} of its text; the records read whole before it are kept, the one being read there is not"
            ),
            (Some(_), _) => write!(
                f,
                "reading stopped at byte {offset} of member {member}; the {} members before it are kept, and its records read whole before that byte",
                self.whole
            ),
            (None, Some(last)) => write!(
                f,
                "reading stopped at byte {offset} of the archive, after member {last}; the {} members before it are kept",
                self.whole
            ),
            (None, None) => write!(f, "reading stopped at byte {offset}; nothing before it was read whole"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn damage_says_where_reading_stopped_and_what_is_kept() {
        let failure = input::Failure {
            offset: 5000,
            error: "premature eof".into(),
        };
        let damage = |cut, last_whole| Damage {
            compression: input::Compression::Xz,
            file_bytes: 900,
            file_read: 900,
            failure: &failure,
            whole: 3,
            last_whole,
            cut,
        };
        let head =
            "xz data cut short or damaged (premature eof) after 900 of the file's 900 bytes: ";
        let cases = [
            (
                damage(Some(("c.pgn", 4000)), Some("b.pgn")),
                ("c.pgn", 1000),
                "reading stopped at byte 1000 of member c.pgn; the 3 members before it are kept, and its records read whole before that byte",
            ),
            (
                damage(None, Some("b.pgn")),
                ("", 5000),
                "reading stopped at byte 5000 of the archive, after member b.pgn; the 3 members before it are kept",
            ),
            (
                damage(Some(("", 0)), None),
                ("", 5000),
                "reading stopped at byte 5000 of its text; the records read whole before it are kept, the one being read there is not",
            ),
            (
                damage(None, None),
                ("", 5000),
                "reading stopped at byte 5000; nothing before it was read whole",
            ),
        ];
        for (damage, location, message) in cases {
            assert_eq!(damage.location(), location);
            assert_eq!(damage.to_string(), format!("{head}{message}"));
        }
    }
}
