//! A bounded HTTP load for `kifu bench --serve`: C clients, each a thread on one keep-alive
//! connection, asking their share of a list of questions in turn for a fixed time; every
//! request's latency and status kept.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

/// One keep-alive HTTP/1.1 connection.
pub(super) struct Client {
    reader: BufReader<TcpStream>,
    port: u16,
}

impl Client {
    pub(super) fn connect(port: u16) -> Result<Client> {
        let stream = TcpStream::connect(("127.0.0.1", port)).context("connect to kifu serve")?;
        stream.set_nodelay(true)?;
        stream.set_read_timeout(Some(Duration::from_secs(120)))?;
        Ok(Client {
            reader: BufReader::new(stream),
            port,
        })
    }

    /// `GET path`: the status and the body.
    pub(super) fn get(&mut self, path: &str) -> Result<(u16, Vec<u8>)> {
        match self.ask(path) {
            Ok(reply) => Ok(reply),
            // The server closed an idle connection: once more on a new one.
            Err(_) => {
                *self = Client::connect(self.port)?;
                self.ask(path)
            }
        }
    }

    fn ask(&mut self, path: &str) -> Result<(u16, Vec<u8>)> {
        write!(
            self.reader.get_mut(),
            "GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        )?;
        let mut line = String::new();
        if self.reader.read_line(&mut line)? == 0 {
            bail!("the connection closed");
        }
        let status: u16 = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .with_context(|| format!("no status in {line:?}"))?;
        let mut length = 0usize;
        loop {
            line.clear();
            self.reader.read_line(&mut line)?;
            let header = line.trim_end();
            if header.is_empty() {
                break;
            }
            if let Some((name, value)) = header.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().context("content-length")?;
                }
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body)?;
        Ok((status, body))
    }
}

/// What a load measured.
#[derive(Clone, Debug, Default)]
pub(super) struct Measured {
    pub(super) requests: usize,
    /// Answers other than 200, and failed connections.
    pub(super) errors: usize,
    pub(super) seconds: f64,
    /// Each request's latency, in seconds, sorted.
    latencies: Vec<f64>,
}

impl Measured {
    /// Adds another load's requests (its time too: loads one after the other).
    pub(super) fn merge(&mut self, other: Measured) {
        self.requests += other.requests;
        self.errors += other.errors;
        self.seconds += other.seconds;
        self.latencies.extend(other.latencies);
        self.latencies.sort_by(f64::total_cmp);
    }

    pub(super) fn per_second(&self) -> f64 {
        self.requests as f64 / self.seconds.max(1e-9)
    }

    /// The latency at quantile `q` (0.5, 0.99), in milliseconds.
    pub(super) fn quantile_ms(&self, q: f64) -> f64 {
        if self.latencies.is_empty() {
            return f64::NAN;
        }
        let at = ((self.latencies.len() as f64 * q).ceil() as usize).clamp(1, self.latencies.len());
        self.latencies[at - 1] * 1000.0
    }
}

/// `clients` clients ask `questions` (each client from its own starting point, in turn)
/// for `duration`, after each asked one question to open its connection.
pub(super) fn run(
    port: u16,
    questions: &Arc<Vec<String>>,
    clients: usize,
    duration: Duration,
) -> Result<Measured> {
    let next = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let deadline = started + duration;
    let mut threads = Vec::new();
    for _ in 0..clients {
        let (questions, next) = (questions.clone(), next.clone());
        threads.push(std::thread::spawn(move || -> Result<(Vec<f64>, usize)> {
            let mut client = Client::connect(port)?;
            let mut latencies = Vec::new();
            let mut errors = 0;
            while Instant::now() < deadline {
                let i = next.fetch_add(1, Ordering::Relaxed) % questions.len();
                let asked = Instant::now();
                match client.get(&questions[i]) {
                    Ok((200, _)) => {}
                    Ok(_) => errors += 1,
                    Err(_) => {
                        errors += 1;
                        client = Client::connect(port)?;
                    }
                }
                latencies.push(asked.elapsed().as_secs_f64());
            }
            Ok((latencies, errors))
        }));
    }
    let mut measured = Measured::default();
    for t in threads {
        let (latencies, errors) = t
            .join()
            .map_err(|_| anyhow::anyhow!("a client panicked"))??;
        measured.latencies.extend(latencies);
        measured.errors += errors;
    }
    measured.seconds = started.elapsed().as_secs_f64();
    measured.requests = measured.latencies.len();
    measured.latencies.sort_by(f64::total_cmp);
    Ok(measured)
}
