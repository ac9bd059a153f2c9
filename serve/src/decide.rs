//! Auditors' decisions through the browser, the server's only write: `POST /api/decisions`
//! (a `[[decision]]` on a finding or a `[[result]]` correction, appended to the curation
//! file and applied by the binary's [`Decisions`]), `GET /api/csrf` (the token every write
//! carries) and `GET /ui/decide.js` (the forms on a game page).
//!
//! Off unless the audit edition is given [`Writes`] (`--token-file`). A write is let through
//! only with the auditor's bearer token (compared in constant time), the server's CSRF token
//! in `X-CSRF-Token` (handed out by an authenticated `GET /api/csrf`), no cross-origin
//! `Origin` or `Sec-Fetch-Site`, a JSON body, and every field bounded; every other write is
//! `403` (or `415`, `400`) and changes nothing.

use std::fmt;
use std::io::Read;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use kifu_facts::curation::{MAX_NAME_CHARS, MAX_TEXT_CHARS};
use serde_json::{Map, Value};

use crate::{response, Config, Edition, Lang, Refusal};

/// The shortest bearer token taken: 32 bytes (a guess must not be practical).
pub const MIN_TOKEN_BYTES: usize = 32;

/// The game an entry is about: its id in the database (the server names it by its key in
/// the file) or its key as the curation file writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameRef {
    Id(i64),
    Key(String),
}

/// One entry an auditor writes, as the curation file has it (`by` and the reason are the
/// auditor's; the date is the day it is written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// `[[decision]]`: the game's findings of `code` confirmed or dismissed.
    Decision {
        game: GameRef,
        code: String,
        /// `confirmed` or `dismissed`.
        decision: String,
        reason: Option<String>,
        by: String,
    },
    /// `[[result]]`: the game's result corrected.
    Result {
        game: GameRef,
        /// `black`, `white`, `red`, `draw`, `P1`…`P4`.
        result: String,
        reason: Option<String>,
        by: String,
    },
}

/// What the binary does with an entry: append it to the curation file and apply the file
/// as `kifu curate` does (one writer at a time), answering the entry written; a refusal is
/// `400` with `kifu curate`'s message (the entry does not fit), and the file and the
/// database are then as they were.
pub trait Decisions: Send + Sync + 'static {
    fn decide(&self, entry: &Entry) -> Result<Value, Refusal>;
}

/// The audit edition's writes: the auditor's token, the server's CSRF token and what
/// takes the entries. The tokens are never printed (`Debug` hides them).
#[derive(Clone)]
pub struct Writes {
    inner: Arc<WritesInner>,
}

struct WritesInner {
    token: Vec<u8>,
    csrf: String,
    decisions: Box<dyn Decisions>,
}

impl fmt::Debug for Writes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Writes { token: <hidden>, csrf: <hidden> }")
    }
}

/// Why a token is not taken.
#[derive(Debug)]
pub enum TokenError {
    /// Shorter than [`MIN_TOKEN_BYTES`] (its length).
    TooShort(usize),
    /// No random bytes for the CSRF token (the system's source failed).
    Random(std::io::Error),
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenError::TooShort(n) => write!(
                f,
                "the token is {n} bytes long: it must be {MIN_TOKEN_BYTES} at least \
                 (e.g. `head -c 32 /dev/urandom | base64 > FILE`)"
            ),
            TokenError::Random(e) => write!(f, "no random bytes for the CSRF token: {e}"),
        }
    }
}

impl std::error::Error for TokenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TokenError::TooShort(_) => None,
            TokenError::Random(e) => Some(e),
        }
    }
}

impl Writes {
    /// Writes taken with `token` (surrounding white space is not part of it) by
    /// `decisions`; a CSRF token is drawn for this server's life.
    pub fn new(token: &str, decisions: impl Decisions) -> Result<Writes, TokenError> {
        let token = token.trim();
        if token.len() < MIN_TOKEN_BYTES {
            return Err(TokenError::TooShort(token.len()));
        }
        let mut random = [0u8; 32];
        std::fs::File::open("/dev/urandom")
            .and_then(|mut f| f.read_exact(&mut random))
            .map_err(TokenError::Random)?;
        Ok(Writes {
            inner: Arc::new(WritesInner {
                token: token.as_bytes().to_vec(),
                csrf: random.iter().map(|b| format!("{b:02x}")).collect(),
                decisions: Box::new(decisions),
            }),
        })
    }
}

/// Whether `a` and `b` are equal, in a time that depends on their lengths only, never on
/// where they first differ.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    let mut differ = a.len() ^ b.len();
    for (i, x) in a.iter().enumerate() {
        // Past `b`'s end, `a` is compared with itself shifted: the work stays `a.len()`.
        let y = b.get(i).copied().unwrap_or(!*x);
        differ |= usize::from(x ^ y);
    }
    std::hint::black_box(differ) == 0
}

/// What the decisions' routes share: the writes, when the server takes them (the audit
/// edition given a token), and the language of the forms.
#[derive(Clone)]
struct Decide {
    writes: Option<Arc<WritesInner>>,
    lang: Lang,
}

/// The routes of the decisions, merged into the server's router (their own state: they
/// read nothing of the server's but its configuration).
pub(crate) fn routes<S: Clone + Send + Sync + 'static>(config: &Config) -> Router<S> {
    let writes = match (&config.writes, config.edition) {
        (Some(w), Edition::Audit) => Some(w.inner.clone()),
        _ => None,
    };
    Router::new()
        .route("/api/csrf", get(csrf))
        .route("/api/decisions", post(decide))
        .route("/ui/decide.js", get(script))
        .with_state(Decide {
            writes,
            lang: config.lang,
        })
}

/// The forms' script with its words in the server's language.
async fn script(State(state): State<Decide>, headers: HeaderMap) -> Response {
    crate::response::asset(
        decide_script(state.lang).as_bytes(),
        "text/javascript; charset=utf-8",
        &headers,
    )
}

/// `decide.js` after its words: `const KIFU_DECIDE_WORDS = {...}`.
pub(crate) fn decide_script(lang: Lang) -> String {
    use kifu_lang::Msg;
    let words: Map<String, Value> = [
        ("token", Msg::DecideToken),
        ("useToken", Msg::DecideUseToken),
        ("forgetToken", Msg::DecideForgetToken),
        ("by", Msg::DecideBy),
        ("reason", Msg::DecideReason),
        ("confirm", Msg::DecideConfirm),
        ("dismiss", Msg::DecideDismiss),
        ("correct", Msg::DecideCorrect),
        ("result", Msg::DecideResult),
        ("written", Msg::DecideWritten),
        ("refused", Msg::DecideRefused),
        ("needToken", Msg::DecideNeedToken),
    ]
    .into_iter()
    .map(|(key, msg)| (key.to_owned(), Value::from(lang.text(msg))))
    .collect();
    // `<` escaped: the words never end a script, whatever a translation holds.
    let words = Value::Object(words).to_string().replace('<', "\\u003c");
    format!(
        "const KIFU_DECIDE_WORDS = {words};\n{}",
        include_str!("decide.js")
    )
}

/// Why a write is refused before its body is read: `403` with the reason.
fn forbidden(message: &str) -> Response {
    response::error(StatusCode::FORBIDDEN, message)
}

/// The writes, when this server takes them and the request is the auditor's, from this
/// server's pages; else why not (a `403`).
fn authorized<'a>(state: &'a Decide, headers: &HeaderMap) -> Result<&'a WritesInner, String> {
    let Some(writes) = &state.writes else {
        return Err(
            "this server takes no decisions: `kifu serve --edition audit \
                    --token-file FILE --curation FILE` does"
                .into(),
        );
    };
    let given = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .unwrap_or("");
    if !same_secret(given.trim().as_bytes(), &writes.token) {
        return Err("a decision needs the auditor's token (Authorization: Bearer TOKEN)".into());
    }
    if let Some(why) = cross_origin(headers) {
        return Err(why);
    }
    Ok(writes)
}

/// Why the request comes from another site's page, if it does: its `Origin` is not this
/// server's (`Host`), or the browser says `Sec-Fetch-Site: cross-site`.
fn cross_origin(headers: &HeaderMap) -> Option<String> {
    let text = |name| {
        headers
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    if let Some(site) = text(header::HeaderName::from_static("sec-fetch-site")) {
        if site != "same-origin" && site != "none" {
            return Some(format!("a decision from another site is refused ({site})"));
        }
    }
    let origin = text(header::ORIGIN)?;
    let host = text(header::HOST).unwrap_or("");
    let host_of_origin = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    if host_of_origin == Some(host) && !host.is_empty() {
        None
    } else {
        Some(format!(
            "a decision from another origin is refused (Origin {origin:?}, this server {host:?})"
        ))
    }
}

/// `GET /api/csrf`: the token a write carries in `X-CSRF-Token`, for the auditor only.
async fn csrf(State(state): State<Decide>, headers: HeaderMap) -> Response {
    match authorized(&state, &headers) {
        Ok(writes) => private_json(&serde_json::json!({"csrf": writes.csrf})),
        Err(why) => forbidden(&why),
    }
}

/// A JSON answer no cache keeps.
fn private_json(value: &Value) -> Response {
    let mut response = (StatusCode::OK, value.to_string()).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json; charset=utf-8"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// `POST /api/decisions`: one entry, written and applied by the binary.
async fn decide(State(state): State<Decide>, headers: HeaderMap, body: Bytes) -> Response {
    let writes = match authorized(&state, &headers) {
        Ok(w) => w,
        Err(why) => return forbidden(&why),
    };
    let csrf = headers
        .get("x-csrf-token")
        .map(|v| v.as_bytes())
        .unwrap_or(b"");
    if !same_secret(csrf, writes.csrf.as_bytes()) {
        return forbidden("a decision needs this server's X-CSRF-Token (GET /api/csrf gives it)");
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.trim_start().starts_with("application/json"));
    if !json {
        return response::error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a decision is a JSON body (Content-Type: application/json)",
        );
    }
    let entry = match entry_of(&body) {
        Ok(e) => e,
        Err(message) => return response::error(StatusCode::BAD_REQUEST, &message),
    };
    // The write is not cut by a time limit: it holds the write lock, and stopping it
    // half-way is what the rollback is for, not a timer.
    let writes = state.writes.clone();
    let task = tokio::task::spawn_blocking(move || match writes {
        Some(w) => w.decisions.decide(&entry),
        None => Err(Refusal::Failed("the writes went away".into())),
    });
    match task.await {
        Ok(Ok(written)) => private_json(&written),
        Ok(Err(refusal)) => response::refused(&refusal),
        Err(_panicked) => response::error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the decision failed (a fault of kifu's: please report it); the curation file \
             and the database are as they were",
        ),
    }
}

/// The keys an entry may have, by kind.
const DECISION_KEYS: [&str; 6] = ["entry", "game", "code", "decision", "reason", "by"];
const RESULT_KEYS: [&str; 5] = ["entry", "game", "result", "reason", "by"];

/// The entry a body says: `{"entry": "decision", "game": ID or KEY, "code", "decision",
/// "reason", "by"}` or `{"entry": "result", "game", "result", "reason", "by"}`; an unknown
/// key, a missing or empty one, a value of the wrong type or over its size is an error.
pub(crate) fn entry_of(body: &[u8]) -> Result<Entry, String> {
    let value: Value =
        serde_json::from_slice(body).map_err(|e| format!("the body is not JSON: {e}"))?;
    let Value::Object(fields) = value else {
        return Err("the body is a JSON object".into());
    };
    let kind = text(&fields, "entry", MAX_NAME_CHARS)?;
    let known: &[&str] = match kind.as_str() {
        "decision" => &DECISION_KEYS,
        "result" => &RESULT_KEYS,
        other => return Err(format!("`entry` {other:?} is neither decision nor result")),
    };
    if let Some(key) = fields.keys().find(|k| !known.contains(&k.as_str())) {
        return Err(format!(
            "unknown key {key:?} in a {kind} (known: {})",
            known.join(", ")
        ));
    }
    let game = match fields.get("game") {
        Some(Value::Number(n)) => match n.as_i64() {
            Some(id) if id > 0 => GameRef::Id(id),
            _ => return Err(format!("`game` {n} is no game id")),
        },
        Some(Value::String(_)) => GameRef::Key(text(&fields, "game", MAX_TEXT_CHARS)?),
        _ => return Err("`game` is a game's id (a number) or its key (text)".into()),
    };
    let reason = match fields.get("reason") {
        None | Some(Value::Null) => None,
        Some(_) => Some(text(&fields, "reason", MAX_TEXT_CHARS)?),
    };
    let by = text(&fields, "by", MAX_NAME_CHARS)?;
    Ok(match kind.as_str() {
        "decision" => Entry::Decision {
            game,
            code: text(&fields, "code", MAX_NAME_CHARS)?,
            decision: text(&fields, "decision", MAX_NAME_CHARS)?,
            reason,
            by,
        },
        _ => Entry::Result {
            game,
            result: text(&fields, "result", MAX_NAME_CHARS)?,
            reason,
            by,
        },
    })
}

/// The text of `key`: present, a string, not blank, at most `max` characters, no control
/// character but a line break or a tab.
fn text(fields: &Map<String, Value>, key: &str, max: usize) -> Result<String, String> {
    let Some(value) = fields.get(key) else {
        return Err(format!("`{key}` is missing"));
    };
    let Value::String(s) = value else {
        return Err(format!("`{key}` is text"));
    };
    if s.trim().is_empty() {
        return Err(format!("`{key}` is empty"));
    }
    let chars = s.chars().count();
    if chars > max {
        return Err(format!(
            "`{key}` is {chars} characters long (at most {max})"
        ));
    }
    if s.chars().any(|c| c.is_control() && c != '\n' && c != '\t') {
        return Err(format!("`{key}` holds a control character"));
    }
    Ok(s.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_equal_only_when_every_byte_and_the_length_are() {
        assert!(same_secret(b"abcdef", b"abcdef"));
        assert!(!same_secret(b"abcdef", b"abcdeg"));
        assert!(!same_secret(b"abcdef", b"abcde"));
        assert!(!same_secret(b"abcde", b"abcdef"));
        assert!(!same_secret(b"", b"a"));
        assert!(same_secret(b"", b""));
    }

    #[test]
    fn an_entry_is_read_whole_and_bounded() {
        let decision = entry_of(
            br#"{"entry":"decision","game":12,"code":"copies-disagree","decision":"dismissed",
                "reason":"checked the scoresheet","by":"A. Auditor"}"#,
        )
        .unwrap();
        assert_eq!(
            decision,
            Entry::Decision {
                game: GameRef::Id(12),
                code: "copies-disagree".into(),
                decision: "dismissed".into(),
                reason: Some("checked the scoresheet".into()),
                by: "A. Auditor".into(),
            }
        );
        let result =
            entry_of(br#"{"entry":"result","game":"abc:m:1","result":"draw","by":"B"}"#).unwrap();
        assert_eq!(
            result,
            Entry::Result {
                game: GameRef::Key("abc:m:1".into()),
                result: "draw".into(),
                reason: None,
                by: "B".into(),
            }
        );
        let refused = |body: &str| entry_of(body.as_bytes()).unwrap_err();
        assert!(refused("[1]").contains("object"));
        assert!(refused(r#"{"entry":"copy"}"#).contains("neither"));
        assert!(
            refused(r#"{"entry":"result","game":1,"result":"draw","by":"B","x":1}"#)
                .contains("unknown key \"x\"")
        );
        assert!(
            refused(r#"{"entry":"result","game":0,"result":"draw","by":"B"}"#)
                .contains("no game id")
        );
        assert!(
            refused(r#"{"entry":"result","game":1,"result":"draw","by":" "}"#)
                .contains("`by` is empty")
        );
        assert!(
            refused(r#"{"entry":"result","game":1,"result":"draw"}"#).contains("`by` is missing")
        );
        assert!(
            refused(r#"{"entry":"result","game":1,"result":"draw","by":"a\u0000"}"#)
                .contains("control")
        );
        let long = format!(
            r#"{{"entry":"result","game":1,"result":"draw","by":"{}"}}"#,
            "x".repeat(MAX_NAME_CHARS + 1)
        );
        assert!(refused(&long).contains("at most"));
    }

    #[test]
    fn only_this_servers_origin_writes() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_static("127.0.0.1:8080"));
        assert_eq!(cross_origin(&headers), None);
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://127.0.0.1:8080"),
        );
        assert_eq!(cross_origin(&headers), None);
        headers.insert(header::ORIGIN, HeaderValue::from_static("http://evil.test"));
        assert!(cross_origin(&headers).is_some());
        headers.remove(header::ORIGIN);
        headers.insert("sec-fetch-site", HeaderValue::from_static("cross-site"));
        assert!(cross_origin(&headers).is_some());
    }

    #[test]
    fn a_short_token_is_refused() {
        struct Nothing;
        impl Decisions for Nothing {
            fn decide(&self, _: &Entry) -> Result<Value, Refusal> {
                Err(Refusal::Failed("no".into()))
            }
        }
        assert!(matches!(
            Writes::new("short", Nothing),
            Err(TokenError::TooShort(5))
        ));
        let writes = Writes::new(&"t".repeat(MIN_TOKEN_BYTES), Nothing).unwrap();
        assert_eq!(writes.inner.csrf.len(), 64);
        assert!(!format!("{writes:?}").contains("ttt"));
    }
}
