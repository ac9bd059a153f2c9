//! A `kifu serve` started by a test, and a small HTTP/1.1 client to ask it: the server on a
//! free port of 127.0.0.1 over a test's database, stopped (SIGTERM) when dropped.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `kifu serve`.
pub struct Served {
    child: Child,
    pub port: u16,
    /// What it says on standard error (the access log), read as it comes: a pipe nobody
    /// reads would fill and stop the server.
    log: Option<std::thread::JoinHandle<String>>,
}

impl Served {
    /// `kifu serve --db DB --addr 127.0.0.1:0 EXTRA…`, once it listens.
    pub fn start(db: &Path, extra: &[&str]) -> Served {
        let mut args = vec!["--db", db.to_str().unwrap()];
        args.extend_from_slice(extra);
        Served::launch(&args)
    }

    /// `kifu serve ARGS… --addr 127.0.0.1:0`, once it listens.
    pub fn launch(args: &[&str]) -> Served {
        let mut child = Command::new(env!("CARGO_BIN_EXE_kifu"))
            .arg("serve")
            .args(args)
            .args(["--addr", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start kifu serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .expect("kifu serve's first line");
        // `kifu serve: http://127.0.0.1:PORT/ (DB, public edition)`
        let port = line
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        let mut stderr = child.stderr.take().unwrap();
        let log = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Served {
            child,
            port,
            log: Some(log),
        }
    }

    /// `http://127.0.0.1:PORT`, to which a page's path is added.
    pub fn origin(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// `GET path` (with its query, escaped by the caller or by [`query`]).
    pub fn get(&self, path: &str) -> Reply {
        self.request("GET", path, &[], None)
    }

    /// A request with extra header lines (`Name: value`) and a body.
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[&str],
        body: Option<&[u8]>,
    ) -> Reply {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .unwrap();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n",
            self.port
        );
        for h in headers {
            head.push_str(h);
            head.push_str("\r\n");
        }
        if let Some(body) = body {
            head.push_str(&format!("Content-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).unwrap();
        if let Some(body) = body {
            stream.write_all(body).unwrap();
        }
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).expect("read the reply");
        Reply::parse(&raw)
    }

    /// A request with `(name, value)` headers and a text body: the status and the body.
    pub fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        let lines: Vec<String> = headers.iter().map(|(n, v)| format!("{n}: {v}")).collect();
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let reply = self.request(method, path, &lines, Some(body.as_bytes()));
        (reply.status, reply.text())
    }

    /// Stops the server with SIGTERM and returns its exit code and what it said on
    /// standard error.
    pub fn stop(mut self) -> (Option<i32>, String) {
        self.terminate();
        let status = self.child.wait().expect("wait for kifu serve");
        let log = self
            .log
            .take()
            .map(|l| l.join().unwrap_or_default())
            .unwrap_or_default();
        (status.code(), log)
    }

    fn terminate(&self) {
        // SAFETY: kill(2) on our own child's pid.
        unsafe {
            libc::kill(self.child.id() as i32, libc::SIGTERM);
        }
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.terminate();
            let _ = self.child.wait();
        }
    }
}

/// An HTTP reply: status, headers (names lowercased), body (chunked bodies joined).
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    fn parse(raw: &[u8]) -> Reply {
        let split = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a reply's head");
        let head = std::str::from_utf8(&raw[..split]).unwrap();
        let mut lines = head.split("\r\n");
        let status = lines
            .next()
            .unwrap()
            .split(' ')
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let headers: Vec<(String, String)> = lines
            .filter_map(|l| l.split_once(':'))
            .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect();
        let mut body = raw[split + 4..].to_vec();
        if headers
            .iter()
            .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"))
        {
            body = unchunk(&body);
        }
        Reply {
            status,
            headers,
            body,
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}), status {}: {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

fn unchunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(end) = body.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(std::str::from_utf8(&body[..end]).unwrap().trim(), 16)
            .unwrap_or(0);
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&body[end + 2..end + 2 + size]);
        body = &body[end + 2 + size + 2..];
    }
}

/// A query string of `pairs`, each name and value escaped as a form would.
pub fn query(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(n, v)| {
            format!(
                "{}={}",
                kifu_serve::query::escape(n),
                kifu_serve::query::escape(v)
            )
        })
        .collect::<Vec<_>>()
        .join("&")
}
