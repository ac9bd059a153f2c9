//! `kifu serve`: the archive online. The server itself (HTTP, connections, limits) is the
//! `kifu-serve` crate; this module gives it the answers ([`answers`]: each endpoint is a
//! command's own answer, its query parsed by the command's own flags).

mod answers;
mod decisions;

use std::io::Write;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Args;
use kifu_serve::{Edition, Lang};

use super::args::DbArg;

/// The port served when neither --addr nor PORT says.
const DEFAULT_PORT: u16 = 8080;

/// `kifu serve`'s flags.
#[derive(Args)]
pub(super) struct ServeArgs {
    #[command(flatten)]
    db: DbArg,
    /// Where to listen, HOST:PORT (default: 127.0.0.1 at the port the PORT environment
    /// variable names, else 8080); port 0 takes a free port, printed when listening.
    #[arg(long, value_name = "HOST:PORT")]
    addr: Option<SocketAddr>,
    /// public (games, players, events, explorer, statistics) or audit (also the findings
    /// and their decisions).
    #[arg(long, default_value = "public", value_parser = super::presentation::parse_edition)]
    edition: Edition,
    /// The web UI's language: en, ja, zh-Hans or zh-Hant.
    #[arg(long, default_value = "en", value_parser = super::presentation::parse_lang)]
    lang: Lang,
    /// The longest an API request may take, in seconds, before it is stopped (503).
    #[arg(long, default_value_t = 30)]
    timeout: u64,
    /// How many requests read the database at once (the others wait their turn).
    #[arg(long, default_value_t = 8)]
    readers: usize,
    /// Megabytes of computed answers kept to answer repeated questions (each kept by the
    /// database state it was read from, so never stale); 0 computes every answer.
    #[arg(long, default_value_t = 64, value_name = "MB")]
    keep_mb: usize,
    /// Take auditors' decisions from the browser (audit edition only): FILE holds the
    /// bearer token they give (one line, 32 bytes at least; keep it private). Without it
    /// the server writes nothing.
    #[arg(long, value_name = "FILE", requires = "curation")]
    token_file: Option<PathBuf>,
    /// The curation file decisions are appended to and applied from (with --token-file):
    /// the one `kifu curate` applied to the database last.
    #[arg(long, value_name = "FILE", requires = "token_file")]
    curation: Option<PathBuf>,
}

pub(super) fn run(args: &ServeArgs) -> Result<ExitCode> {
    let addr = match args.addr {
        Some(addr) => addr,
        None => SocketAddr::from((Ipv4Addr::LOCALHOST, port_from_env()?)),
    };
    if args.timeout == 0 || args.readers == 0 {
        bail!("--timeout and --readers must be at least 1");
    }
    // Opened once here: a missing database is said before listening, and an older schema
    // is brought up to date before any reader opens it (readers never write).
    kifu_store::Store::open_read_only(&args.db.db)
        .with_context(|| format!("serve {}", args.db.db.display()))?;
    let writes = writes(args)?;
    let config = kifu_serve::Config {
        db: args.db.db.clone(),
        addr,
        edition: args.edition,
        lang: args.lang,
        timeout: Duration::from_secs(args.timeout),
        readers: args.readers,
        kept_bytes: args.keep_mb.saturating_mul(1024 * 1024),
        writes,
    };
    let db = args.db.db.display().to_string();
    let edition = args.edition.name();
    let answers = answers::CliAnswers {
        edition: args.edition,
    };
    kifu_serve::run(config, answers, |bound| {
        // One line on standard output, flushed: a script (or a test) reads the port.
        let mut out = std::io::stdout();
        let _ = writeln!(out, "kifu serve: http://{bound}/ ({db}, {edition} edition)");
        let _ = out.flush();
    })
    .with_context(|| format!("serve on {addr}"))?;
    Ok(ExitCode::SUCCESS)
}

/// The audit edition's decisions, when --token-file names the auditor's token.
fn writes(args: &ServeArgs) -> Result<Option<kifu_serve::Writes>> {
    let (Some(token_file), Some(curation)) = (&args.token_file, &args.curation) else {
        return Ok(None);
    };
    if args.edition != Edition::Audit {
        bail!("--token-file takes decisions in the audit edition only (add --edition audit)");
    }
    let token = std::fs::read_to_string(token_file)
        .with_context(|| format!("--token-file {}", token_file.display()))?;
    if token.trim().lines().count() > 1 {
        bail!(
            "--token-file {}: the token is one line",
            token_file.display()
        );
    }
    let decisions = decisions::CurationDecisions::new(&args.db.db, curation)?;
    let writes = kifu_serve::Writes::new(&token, decisions)
        .with_context(|| format!("--token-file {}", token_file.display()))?;
    Ok(Some(writes))
}

/// The port in `PORT` (as platforms that start services set it), else the default.
fn port_from_env() -> Result<u16> {
    match std::env::var("PORT") {
        Ok(text) => text
            .trim()
            .parse()
            .with_context(|| format!("the PORT environment variable, {text:?}, is no port")),
        Err(_) => Ok(DEFAULT_PORT),
    }
}
