//! The `{kifu:after-end …}` comment: the moves a record wrote after its game's end (or after
//! a move or start the replay could not take), as kifu's writers give them back where the
//! notation would not read them as moves. The reader turns the comment back into those moves,
//! as written, so a record's canonical key survives the round trip.

/// What the comment's text starts with.
pub const AFTER_END: &str = "kifu:after-end";

/// The comment's text (without its braces) holding `texts`: each text after one space,
/// with `%`, white space and braces written `%XX` so that a text is one word and never
/// ends the comment.
pub fn after_end_comment<'a>(texts: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::from(AFTER_END);
    for text in texts {
        out.push(' ');
        for c in text.chars() {
            if c == '%' || c == '{' || c == '}' || c.is_whitespace() {
                let mut utf8 = [0u8; 4];
                for b in c.encode_utf8(&mut utf8).bytes() {
                    out.push_str(&format!("%{b:02X}"));
                }
            } else {
                out.push(c);
            }
        }
    }
    out
}

/// The texts an [`after_end_comment`] holds (`None` for any other comment, or one whose
/// escapes are not kifu's).
pub fn after_end_texts(comment: &str) -> Option<Vec<String>> {
    let rest = comment.trim().strip_prefix(AFTER_END)?;
    if !rest.is_empty() && !rest.starts_with(char::is_whitespace) {
        return None;
    }
    rest.split_whitespace().map(unescape).collect()
}

/// A word of the comment with its `%XX` escapes decoded.
fn unescape(word: &str) -> Option<String> {
    let bytes = word.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = word.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_come_back_whatever_they_hold() {
        let texts = ["車五進一", "7747", "a b", "{x}", "100%", "行\n二"];
        let comment = after_end_comment(texts);
        assert_eq!(
            comment,
            "kifu:after-end 車五進一 7747 a%20b %7Bx%7D 100%25 行%0A二"
        );
        assert_eq!(after_end_texts(&comment).unwrap(), texts);
        assert_eq!(
            after_end_texts(" kifu:after-end  h2e2 \n"),
            Some(vec!["h2e2".into()])
        );
    }

    #[test]
    fn other_comments_are_not_moves() {
        assert_eq!(after_end_texts("a note"), None);
        assert_eq!(after_end_texts("kifu:after-endless"), None);
        assert_eq!(after_end_texts("kifu:after-end 100%2"), None);
    }
}
