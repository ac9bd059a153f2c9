//! A file's path as the system gave it. On Unix a path is bytes and need not be UTF-8; kifu
//! keeps those bytes beside a text that shows them, each byte that is not UTF-8 written as
//! `\xff`, so a name is never changed into another (a lossy reading makes two names one)
//! and a reader sees which byte it holds.

use std::path::Path;

/// A path's text and, where the text cannot say it exactly, its bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourcePath {
    /// The path as text: as it is when UTF-8, else each byte that is not written `\xNN`.
    pub shown: String,
    /// The path's bytes, only when it is not UTF-8 (the text is then not the path).
    pub bytes: Option<Vec<u8>>,
}

impl SourcePath {
    pub fn of(path: &Path) -> SourcePath {
        if let Some(text) = path.to_str() {
            return SourcePath {
                shown: text.to_owned(),
                bytes: None,
            };
        }
        let bytes = os_bytes(path);
        SourcePath {
            shown: shown_bytes(&bytes),
            bytes: Some(bytes),
        }
    }
}

/// `path` as text, its bytes that are not UTF-8 written `\xNN` (for messages).
pub fn shown_path(path: &Path) -> String {
    SourcePath::of(path).shown
}

/// Bytes as text: the UTF-8 runs as they are, every other byte as `\xNN`.
pub fn shown_bytes(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out
}

#[cfg(unix)]
fn os_bytes(path: &Path) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    path.as_os_str().as_bytes().to_vec()
}

#[cfg(not(unix))]
fn os_bytes(path: &Path) -> Vec<u8> {
    // Elsewhere a path that is not Unicode (unpaired surrogates) has no bytes of its own:
    // its lossy reading is what there is to keep.
    path.to_string_lossy().into_owned().into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_that_are_not_utf8_are_shown_escaped_and_kept() {
        assert_eq!(shown_bytes(b"db_\xff.db"), "db_\\xff.db");
        assert_eq!(shown_bytes("棋譜\u{3000}x".as_bytes()), "棋譜\u{3000}x");
        // A cut UTF-8 sequence: each of its bytes escaped, the rest kept.
        assert_eq!(shown_bytes(b"a\xe6\xa3b"), "a\\xe6\\xa3b");
        let plain = SourcePath::of(Path::new("/d/a.pgn"));
        assert_eq!((plain.shown.as_str(), plain.bytes), ("/d/a.pgn", None));
    }

    #[cfg(unix)]
    #[test]
    fn a_unix_path_keeps_its_bytes() {
        use std::ffi::OsStr;
        use std::os::unix::ffi::OsStrExt;
        let path = Path::new(OsStr::from_bytes(b"/d/\xb2\xe2.pgn"));
        let kept = SourcePath::of(path);
        assert_eq!(kept.shown, "/d/\\xb2\\xe2.pgn");
        assert_eq!(kept.bytes.as_deref(), Some(&b"/d/\xb2\xe2.pgn"[..]));
    }
}
