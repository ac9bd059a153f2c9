//! The decisions `kifu serve` takes (audit edition, `--token-file`): each entry is appended
//! to the curation file `kifu curate` applied last, and the file is applied again as `kifu
//! curate` applies it ([`curate::applying`]), under the database's write lock. The file is
//! replaced whole (a temporary file renamed over it) only once the new curation applies,
//! and put back if the commit fails: the file and the database change together or not at
//! all, and the file stays the one source of truth.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{bail, Context, Result};
use kifu_serve::{Entry, GameRef, Refusal};
use kifu_store::Store;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use super::super::curate;

/// The curation file decisions go to, and the database it is applied to.
pub(super) struct CurationDecisions {
    db: PathBuf,
    file: PathBuf,
    /// One decision at a time in this server (the write lock orders it with every other
    /// writer; this keeps two requests from waiting on it together).
    one_writer: Mutex<()>,
}

impl CurationDecisions {
    /// Decisions for `file`, which must be the curation `kifu curate` applied to `db` last,
    /// as it was applied (not edited since).
    pub(super) fn new(db: &Path, file: &Path) -> Result<CurationDecisions> {
        let store = Store::open_read_only(db).with_context(|| format!("{}", db.display()))?;
        let Some(applied) = store.stored_curation()? else {
            bail!(
                "--curation {}: no curation is applied to {} (`kifu curate {}` applies it first)",
                file.display(),
                db.display(),
                file.display()
            );
        };
        let bytes =
            std::fs::read(file).with_context(|| format!("--curation {}", file.display()))?;
        let named_elsewhere = match (Path::new(&applied.path).canonicalize(), file.canonicalize()) {
            (Ok(a), Ok(b)) => a != b,
            _ => false,
        };
        if named_elsewhere || sha256_hex(&bytes) != applied.sha256 {
            bail!(
                "--curation {}: not the curation applied to {} last ({}, applied {}){}; \
                 `kifu curate {}` applies it, or name the file applied",
                file.display(),
                db.display(),
                applied.path,
                applied.applied_at,
                if named_elsewhere {
                    ""
                } else {
                    ": it was edited since"
                },
                file.display()
            );
        }
        Ok(CurationDecisions {
            db: db.to_owned(),
            file: file.to_owned(),
            one_writer: Mutex::new(()),
        })
    }

    /// Appends `entry`, applies the file, and answers the entry as written.
    fn write(&self, entry: &Entry) -> Result<Value, Refusal> {
        let _one = self.one_writer.lock().unwrap_or_else(|e| e.into_inner());
        let mut store = Store::open(&self.db).map_err(failed)?;
        let mut writer = store.curation_writer().map_err(failed)?;
        let before = std::fs::read(&self.file)
            .map_err(|e| Refusal::Failed(format!("reading {}: {e}", self.file.display())))?;
        let stored = writer.stored().map_err(failed)?;
        let Some(stored) = stored.filter(|s| s.sha256 == sha256_hex(&before)) else {
            return Err(Refusal::BadRequest(format!(
                "{} is no longer the curation applied to {} (edited, or another applied): \
                 `kifu curate {}` applies it; restart the server to take decisions again",
                self.file.display(),
                self.db.display(),
                self.file.display()
            )));
        };
        let game = match entry_game(entry) {
            GameRef::Key(key) => key.clone(),
            GameRef::Id(id) => writer
                .game_key(*id)
                .map_err(failed)?
                .ok_or_else(|| Refusal::NotFound(format!("no game has id {id}")))?,
        };
        let date = writer.today().map_err(failed)?;
        let written = Written::new(entry, game, date);
        let before_text = String::from_utf8(before.clone()).map_err(|e| {
            Refusal::Failed(format!("{}: not UTF-8 text ({e})", self.file.display()))
        })?;
        let (text, line) = appended(&before_text, &written.toml);
        let sha256 = sha256_hex(text.as_bytes());
        let (curation, errors) = kifu_parser::curation::read(&text);
        // Applied under the path it was applied from, as each later ingest finds it.
        let applied = curate::applying(curation, errors, |curation, _check_only| {
            // With errors in the text the rewrite is only a check: it is never committed.
            writer.apply(curation, &stored.path, &sha256, &text)
        })
        .map_err(failed)?
        .map_err(|errors| {
            Refusal::BadRequest(curate::error_lines(&self.file, &errors).join("\n"))
        })?;
        replace_file(&self.file, text.as_bytes()).map_err(|e| {
            Refusal::Failed(format!(
                "writing {}: {e} (nothing applied)",
                self.file.display()
            ))
        })?;
        if let Err(e) = writer.commit() {
            let put_back = match replace_file(&self.file, &before) {
                Ok(()) => "the file is as it was".to_owned(),
                Err(put) => format!("and putting the file back failed too: {put}"),
            };
            return Err(Refusal::Failed(format!(
                "the database: {e}; nothing applied, {put_back}"
            )));
        }
        let mut answer = written.json;
        answer["line"] = json!(line);
        answer["toml"] = json!(written.toml);
        answer["curation"] = json!(self.file.display().to_string());
        answer["notes"] = json!(applied.notes);
        Ok(answer)
    }
}

impl kifu_serve::Decisions for CurationDecisions {
    fn decide(&self, entry: &Entry) -> Result<Value, Refusal> {
        self.write(entry)
    }
}

fn failed(e: kifu_store::Error) -> Refusal {
    Refusal::Failed(format!("the database: {e}"))
}

fn entry_game(entry: &Entry) -> &GameRef {
    match entry {
        Entry::Decision { game, .. } | Entry::Result { game, .. } => game,
    }
}

/// An entry as the file gets it (TOML) and as the answer says it (JSON).
struct Written {
    toml: String,
    json: Value,
}

impl Written {
    fn new(entry: &Entry, game: String, date: String) -> Written {
        let (kind, mut pairs, reason, by) = match entry {
            Entry::Decision {
                code,
                decision,
                reason,
                by,
                ..
            } => (
                "decision",
                vec![("code", code.as_str()), ("decision", decision.as_str())],
                reason,
                by,
            ),
            Entry::Result {
                result, reason, by, ..
            } => ("result", vec![("result", result.as_str())], reason, by),
        };
        pairs.insert(0, ("game", game.as_str()));
        if let Some(reason) = reason {
            pairs.push(("reason", reason));
        }
        pairs.push(("by", by));
        pairs.push(("date", &date));
        let mut toml = format!("[[{kind}]]\n");
        let mut json = json!({"entry": kind});
        for (key, value) in pairs {
            toml.push_str(&format!("{key} = {}\n", toml_string(value)));
            json[key] = json!(value);
        }
        Written { toml, json }
    }
}

/// `text` with `entry` appended after a blank line, and the line `entry` starts at.
fn appended(text: &str, entry: &str) -> (String, usize) {
    let mut out = text.to_owned();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
    if !out.is_empty() {
        out.push('\n');
    }
    let line = out.matches('\n').count() + 1;
    out.push_str(entry);
    (out, line)
}

/// A TOML basic string: quotes, backslashes and control characters escaped.
fn toml_string(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Replaces `path`'s content whole: a temporary file beside it, synced, renamed over it
/// (a reader sees the old file or the new, never a part), with the old file's permissions.
fn replace_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temp = dir.join(format!(".{name}.kifu-{}.tmp", std::process::id()));
    // A file left by a server that stopped half-way is replaced; a new one is created,
    // never opened through a link someone else left there.
    let _ = std::fs::remove_file(&temp);
    let result = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        if let Ok(meta) = std::fs::metadata(path) {
            std::fs::set_permissions(&temp, meta.permissions())?;
        }
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

/// The SHA-256 of `bytes` in lower-case hex, as `kifu curate` records a file's.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_reads_back_as_written() {
        let entry = Entry::Decision {
            game: GameRef::Id(3),
            code: "moves-after-five".into(),
            decision: "dismissed".into(),
            reason: Some("the scorer's \"habit\"\\\nsecond line".into()),
            by: "審判 A".into(),
        };
        let key = format!("{}::139", "e".repeat(64));
        let written = Written::new(&entry, key.clone(), "2026-12-06".into());
        let (text, line) = appended("[[player]]\nname = \"A\"", &written.toml);
        assert_eq!(line, 4);
        assert_eq!(text.lines().nth(3), Some("[[decision]]"));
        let (curation, errors) = kifu_parser::curation::read(&text);
        assert!(errors.is_empty(), "{errors:?}");
        let d = &curation.decisions[0];
        assert_eq!((d.line, d.game.as_str()), (4, key.as_str()));
        assert_eq!(
            d.attested.reason.as_deref(),
            Some("the scorer's \"habit\"\\\nsecond line")
        );
        assert_eq!(d.attested.by, "審判 A");
        assert_eq!(written.json["date"], "2026-12-06");
        assert_eq!(appended("", "x\n"), ("x\n".to_owned(), 1));
    }
}
