//! A request's query string, decoded and bounded: the name–value pairs the API's endpoints
//! read as the CLI's flags (`/api/games?player=王天一&sort=date` is `--player 王天一 --sort
//! date`). Everything here is checked before any pair reaches a command's parser, so a
//! malformed or oversized query is refused with what is wrong, and no query allocates more
//! than [`MAX_QUERY_BYTES`] of decoded text.

use std::fmt;

/// The longest query string read, in bytes as sent (escapes counted as sent).
pub const MAX_QUERY_BYTES: usize = 4096;
/// The most pairs one query may hold.
pub const MAX_PAIRS: usize = 64;
/// The longest name, in bytes: every flag of the CLI is shorter.
pub const MAX_NAME_BYTES: usize = 32;
/// The longest value, in bytes once decoded.
pub const MAX_VALUE_BYTES: usize = 1024;

/// The decoded pairs of one query string, in the order sent (a name may repeat: `opening`
/// takes several values, as the flag does when repeated).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params {
    pairs: Vec<(String, String)>,
}

impl Params {
    /// The pairs in the order sent.
    pub fn pairs(&self) -> &[(String, String)] {
        &self.pairs
    }

    /// The last value given for `name`, if any.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether no pair was sent.
    pub fn is_empty(&self) -> bool {
        self.pairs.is_empty()
    }

    /// Pairs built in code (tests, the server's own defaults).
    pub fn from_pairs<I, N, V>(pairs: I) -> Params
    where
        I: IntoIterator<Item = (N, V)>,
        N: Into<String>,
        V: Into<String>,
    {
        Params {
            pairs: pairs
                .into_iter()
                .map(|(n, v)| (n.into(), v.into()))
                .collect(),
        }
    }
}

/// Why a query string is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryError {
    /// The query string is longer than [`MAX_QUERY_BYTES`].
    TooLong { bytes: usize },
    /// More than [`MAX_PAIRS`] pairs.
    TooManyPairs { pairs: usize },
    /// A `%` not followed by two hexadecimal digits, at this byte of the query string.
    BadEscape { at: usize },
    /// A name or value that is not UTF-8 once decoded.
    NotUtf8 { name: String },
    /// A name that no flag could have: empty, too long, not starting with `a`–`z`, or
    /// with a character other than `a`–`z`, `0`–`9` and `-`.
    BadName { name: String },
    /// A value longer than [`MAX_VALUE_BYTES`] once decoded.
    ValueTooLong { name: String, bytes: usize },
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QueryError::TooLong { bytes } => write!(
                f,
                "the query string is {bytes} bytes long; at most {MAX_QUERY_BYTES} are read"
            ),
            QueryError::TooManyPairs { pairs } => write!(
                f,
                "the query string has {pairs} parameters; at most {MAX_PAIRS} are read"
            ),
            QueryError::BadEscape { at } => write!(
                f,
                "the query string has a `%` not followed by two hexadecimal digits at byte {at}"
            ),
            QueryError::NotUtf8 { name } => write!(
                f,
                "the parameter {name:?} is not UTF-8 once its escapes are decoded"
            ),
            QueryError::BadName { name } => write!(
                f,
                "{name:?} is no parameter name: a name is 1 to {MAX_NAME_BYTES} of a-z, 0-9 and \
                 `-`, starting with a letter, as the command's flag without its `--`"
            ),
            QueryError::ValueTooLong { name, bytes } => write!(
                f,
                "the value of {name} is {bytes} bytes long; at most {MAX_VALUE_BYTES} are read"
            ),
        }
    }
}

impl std::error::Error for QueryError {}

/// Decodes a query string (the part of the URL after `?`, without it): pairs separated by
/// `&`, name and value by the first `=`, `+` a space and `%XX` a byte, as HTML forms send
/// them. An empty piece (`a=1&&b=2`) is skipped; a name without `=` has the empty value.
pub fn parse(raw: &str) -> Result<Params, QueryError> {
    if raw.len() > MAX_QUERY_BYTES {
        return Err(QueryError::TooLong { bytes: raw.len() });
    }
    let mut pairs = Vec::new();
    let mut start = 0;
    for piece in raw.split('&') {
        let offset = start;
        start += piece.len() + 1;
        if piece.is_empty() {
            continue;
        }
        if pairs.len() == MAX_PAIRS {
            let pairs = raw.split('&').filter(|p| !p.is_empty()).count();
            return Err(QueryError::TooManyPairs { pairs });
        }
        let (name_raw, value_raw, value_at) = match piece.find('=') {
            Some(eq) => (&piece[..eq], &piece[eq + 1..], offset + eq + 1),
            None => (piece, "", offset + piece.len()),
        };
        let name_bytes = decode(name_raw, offset)?;
        let name = String::from_utf8(name_bytes).map_err(|e| QueryError::NotUtf8 {
            name: String::from_utf8_lossy(e.as_bytes()).into_owned(),
        })?;
        if !is_flag_name(&name) {
            return Err(QueryError::BadName { name });
        }
        let value_bytes = decode(value_raw, value_at)?;
        if value_bytes.len() > MAX_VALUE_BYTES {
            return Err(QueryError::ValueTooLong {
                name,
                bytes: value_bytes.len(),
            });
        }
        let value = String::from_utf8(value_bytes)
            .map_err(|_| QueryError::NotUtf8 { name: name.clone() })?;
        pairs.push((name, value));
    }
    Ok(Params { pairs })
}

/// `text` as a query string's name or value: every byte but the unreserved ones (`A`–`Z`,
/// `a`–`z`, `0`–`9`, `-_.~`) as `%XX`, so [`parse`] reads it back as it was.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

/// What a flag's long name can be.
fn is_flag_name(name: &str) -> bool {
    name.bytes().next().is_some_and(|b| b.is_ascii_lowercase())
        && name.len() <= MAX_NAME_BYTES
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// `+` as a space and `%XX` as its byte; `at` is where `text` starts in the query string.
fn decode(text: &str, at: usize) -> Result<Vec<u8>, QueryError> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = |b: u8| (b as char).to_digit(16);
                match (
                    bytes.get(i + 1).copied().and_then(hex),
                    bytes.get(i + 2).copied().and_then(hex),
                ) {
                    (Some(high), Some(low)) => out.push((high * 16 + low) as u8),
                    _ => return Err(QueryError::BadEscape { at: at + i }),
                }
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(raw: &str) -> Vec<(String, String)> {
        parse(raw).unwrap().pairs().to_vec()
    }

    #[test]
    fn decodes_forms_escapes_and_repeats() {
        assert_eq!(
            pairs("game=renju&moves=h8+h9+i9&player=%E7%8E%8B%E5%A4%A9%E4%B8%80&opening=D1&opening=I2"),
            vec![
                ("game".into(), "renju".into()),
                ("moves".into(), "h8 h9 i9".into()),
                ("player".into(), "王天一".into()),
                ("opening".into(), "D1".into()),
                ("opening".into(), "I2".into()),
            ]
        );
        assert_eq!(
            pairs("result-differs&&x=a%3Db"),
            vec![
                ("result-differs".into(), String::new()),
                ("x".into(), "a=b".into())
            ]
        );
        assert_eq!(pairs(""), Vec::<(String, String)>::new());
        assert_eq!(parse("a=1&a=2").unwrap().get("a"), Some("2"));
    }

    #[test]
    fn an_escaped_value_reads_back_as_it_was() {
        for text in ["王天一", "a b+c&d=e%f", "h8 h9", "", "~._-"] {
            let q = format!("v={}", escape(text));
            assert_eq!(parse(&q).unwrap().get("v"), Some(text), "{q}");
        }
    }

    #[test]
    fn refuses_what_no_flag_could_be() {
        assert_eq!(parse("a=%G1"), Err(QueryError::BadEscape { at: 2 }));
        assert_eq!(parse("ab=1&c=%4"), Err(QueryError::BadEscape { at: 7 }));
        assert_eq!(
            parse("--game=renju"),
            Err(QueryError::BadName {
                name: "--game".into()
            })
        );
        assert!(parse("Game=1")
            .unwrap_err()
            .to_string()
            .contains("\"Game\""));
        assert!(matches!(parse("x=%FF"), Err(QueryError::NotUtf8 { .. })));
        assert!(matches!(parse("=1"), Err(QueryError::BadName { .. })));
        let long = format!("a={}", "b".repeat(MAX_VALUE_BYTES + 1));
        assert!(matches!(parse(&long), Err(QueryError::ValueTooLong { .. })));
        let many = vec!["a=1"; MAX_PAIRS + 1].join("&");
        assert_eq!(
            parse(&many),
            Err(QueryError::TooManyPairs {
                pairs: MAX_PAIRS + 1
            })
        );
        let huge = "a".repeat(MAX_QUERY_BYTES + 1);
        assert!(matches!(parse(&huge), Err(QueryError::TooLong { .. })));
    }
}
