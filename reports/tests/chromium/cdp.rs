//! Headless Chromium driven over the DevTools protocol, for tests that act on a page as a
//! reader does: keys, clicks, typing, then the DOM read back with JavaScript. The protocol
//! runs over `--remote-debugging-pipe` (commands on the child's fd 3, replies and events
//! on fd 4, each message ended by a NUL byte), so no port, no websocket and no crate.
//!
//! Everything the page logs as an error, every uncaught exception and every request that
//! is not for a `file:` or `data:` URL is collected: [`Browser::problems`].

#![allow(dead_code)]

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::os::fd::FromRawFd;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// How long one protocol command may take (a page load included).
const REPLY_LIMIT: Duration = Duration::from_secs(120);

pub struct Browser {
    child: Child,
    commands: File,
    replies: Receiver<Value>,
    next_id: u64,
    session: String,
    /// Console errors, exceptions and outside requests seen so far.
    problems: Vec<String>,
    _profile: tempfile::TempDir,
}

/// Two pipes' ends for the child (fd 3 read, fd 4 write) and ours.
fn pipe() -> (i32, i32) {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe2 writes.
    let rc = unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) };
    assert_eq!(rc, 0, "pipe2: {}", std::io::Error::last_os_error());
    (fds[0], fds[1])
}

impl Browser {
    /// A headless Chromium with one blank page, `width` × `height` CSS pixels; `None` (the
    /// test skipped) when Chromium is not installed and not required.
    pub fn launch(width: u32, height: u32) -> Option<Browser> {
        let chromium = super::chromium::chromium()?;
        let profile = tempfile::tempdir().unwrap();
        let (child_reads, we_write) = pipe();
        let (we_read, child_writes) = pipe();
        let mut cmd = Command::new(chromium);
        cmd.args(super::chromium::chromium_args(profile.path()))
            .arg("--remote-debugging-pipe")
            .arg(format!("--window-size={width},{height}"))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: only async-signal-safe calls (fcntl, dup2) between fork and exec. The
        // ends are first moved above 10, so that placing them at 3 and 4 cannot overwrite
        // one with the other.
        unsafe {
            cmd.pre_exec(move || {
                let r = libc::fcntl(child_reads, libc::F_DUPFD, 10);
                let w = libc::fcntl(child_writes, libc::F_DUPFD, 10);
                if r < 0 || w < 0 || libc::dup2(r, 3) < 0 || libc::dup2(w, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().expect("start chromium");
        // SAFETY: the descriptors are ours, open, and owned by nothing else from here on.
        let (commands, replies_file) = unsafe {
            libc::close(child_reads);
            libc::close(child_writes);
            (File::from_raw_fd(we_write), File::from_raw_fd(we_read))
        };
        let (tx, replies) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(replies_file);
            let mut message = Vec::new();
            loop {
                message.clear();
                match reader.read_until(0, &mut message) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
                if message.last() == Some(&0) {
                    message.pop();
                }
                let Ok(value) = serde_json::from_slice::<Value>(&message) else {
                    continue;
                };
                if tx.send(value).is_err() {
                    break;
                }
            }
        });
        let mut browser = Browser {
            child,
            commands,
            replies,
            next_id: 0,
            session: String::new(),
            problems: Vec::new(),
            _profile: profile,
        };
        let target = browser.call_browser("Target.createTarget", json!({"url": "about:blank"}));
        let target_id = target["targetId"].as_str().unwrap().to_owned();
        let attached = browser.call_browser(
            "Target.attachToTarget",
            json!({"targetId": target_id, "flatten": true}),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_owned();
        for domain in ["Page", "Runtime", "Log", "Network"] {
            browser.call(&format!("{domain}.enable"), json!({}));
        }
        browser.set_viewport(width, height);
        Some(browser)
    }

    /// One command; its result, or the protocol's error.
    fn send(&mut self, method: &str, params: Value, session: Option<&str>) -> Result<Value, Value> {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if let Some(s) = session {
            message["sessionId"] = json!(s);
        }
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.commands.write_all(&bytes).expect("write to chromium");
        let start = Instant::now();
        loop {
            let left = REPLY_LIMIT.saturating_sub(start.elapsed());
            let value = match self.replies.recv_timeout(left) {
                Ok(v) => v,
                Err(RecvTimeoutError::Timeout) => panic!("chromium: no reply to {method}"),
                Err(RecvTimeoutError::Disconnected) => panic!("chromium exited during {method}"),
            };
            if value["id"].as_u64() == Some(id) {
                if let Some(error) = value.get("error") {
                    return Err(error.clone());
                }
                return Ok(value["result"].clone());
            }
            self.note_event(&value);
        }
    }

    fn call_browser(&mut self, method: &str, params: Value) -> Value {
        self.send(method, params, None)
            .unwrap_or_else(|e| panic!("chromium: {method} failed: {e}"))
    }

    /// One protocol command on the page; its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(method, params, Some(&session))
            .unwrap_or_else(|e| panic!("chromium: {method} failed: {e}"))
    }

    /// Keeps what a test must see of an event: errors and requests that leave the page.
    fn note_event(&mut self, event: &Value) {
        let params = &event["params"];
        match event["method"].as_str().unwrap_or_default() {
            "Runtime.exceptionThrown" => {
                let d = &params["exceptionDetails"];
                let text = d["exception"]["description"]
                    .as_str()
                    .or(d["text"].as_str())
                    .unwrap_or("?");
                self.problems.push(format!("exception: {text}"));
            }
            "Runtime.consoleAPICalled" if params["type"] == "error" => {
                let args: Vec<String> = params["args"]
                    .as_array()
                    .map(|a| a.iter().map(|v| v["value"].to_string()).collect())
                    .unwrap_or_default();
                self.problems
                    .push(format!("console.error: {}", args.join(" ")));
            }
            "Log.entryAdded" if params["entry"]["level"] == "error" => {
                let e = &params["entry"];
                self.problems.push(format!(
                    "log error: {} {}",
                    e["text"].as_str().unwrap_or_default(),
                    e["url"].as_str().unwrap_or_default()
                ));
            }
            "Network.requestWillBeSent" => {
                let url = params["request"]["url"].as_str().unwrap_or_default();
                if !(url.starts_with("file:") || url.starts_with("data:")) {
                    self.problems
                        .push(format!("request leaves the page: {url}"));
                }
            }
            "Network.loadingFailed" => {
                self.problems.push(format!(
                    "request failed: {} ({})",
                    params["requestId"],
                    params["errorText"].as_str().unwrap_or_default()
                ));
            }
            _ => {}
        }
    }

    /// Waits for an event `method` of the page (`None` past `limit`).
    fn wait_event(&mut self, method: &str, limit: Duration) -> Option<Value> {
        let start = Instant::now();
        loop {
            let left = limit.checked_sub(start.elapsed())?;
            let value = self.replies.recv_timeout(left).ok()?;
            if value["method"] == method {
                self.note_event(&value);
                return Some(value);
            }
            self.note_event(&value);
        }
    }

    /// Drains the events that arrived so far (so problems are up to date).
    fn drain(&mut self) {
        while let Ok(value) = self.replies.try_recv() {
            self.note_event(&value);
        }
    }

    /// The layout's size in CSS pixels.
    pub fn set_viewport(&mut self, width: u32, height: u32) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false}),
        );
    }

    /// Opens `path` (a file) and waits for its load event.
    pub fn open(&mut self, path: &Path) {
        let url = format!("file://{}", path.canonicalize().unwrap().display());
        self.open_url(&url);
    }

    /// Opens `url` and waits for its load event.
    pub fn open_url(&mut self, url: &str) {
        let result = self.call("Page.navigate", json!({"url": url}));
        if let Some(e) = result.get("errorText") {
            panic!("navigate to {url}: {e}");
        }
        // A navigation within the page (a new `#fragment`) fires no load event.
        let same_document = result.get("loaderId").is_none();
        if !same_document {
            self.wait_event("Page.loadEventFired", REPLY_LIMIT)
                .unwrap_or_else(|| panic!("{url} did not load"));
        }
    }

    /// The value of a JavaScript expression (awaited when it is a promise).
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        if let Some(e) = result.get("exceptionDetails") {
            panic!("evaluate `{expression}`: {e}");
        }
        result["result"]["value"].clone()
    }

    /// The value of an expression, or `None` when it throws (as it may while a page is
    /// being replaced by another).
    pub fn try_eval(&mut self, expression: &str) -> Option<Value> {
        let session = self.session.clone();
        let result = self
            .send(
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true}),
                Some(&session),
            )
            .ok()?;
        if result.get("exceptionDetails").is_some() {
            return None;
        }
        Some(result["result"]["value"].clone())
    }

    /// Waits until `condition` (a JavaScript expression) is true; false past 10 s. An
    /// expression that throws (a page being replaced) counts as false.
    pub fn wait_for(&mut self, condition: &str) -> bool {
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if self.try_eval(&format!("!!({condition})")) == Some(json!(true)) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }

    /// A key pressed and released: `ArrowLeft`, `ArrowRight`, `Home`, `End`.
    pub fn key(&mut self, key: &str) {
        let code = match key {
            "ArrowLeft" => 37,
            "ArrowRight" => 39,
            "ArrowUp" => 38,
            "ArrowDown" => 40,
            "Home" => 36,
            "End" => 35,
            "Enter" => 13,
            "Escape" => 27,
            other => panic!("no key code for {other}"),
        };
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key,
                       "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}),
            );
        }
    }

    /// A left click at the middle of the first element `selector` matches, scrolled into
    /// view first (as a reader would).
    pub fn click(&mut self, selector: &str) {
        let at = self.eval(&format!(
            "(() => {{ const e = document.querySelector({sel}); if (!e) return null; \
             e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect(); \
             return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
            sel = json!(selector)
        ));
        let (x, y) = match at.as_array() {
            Some(a) => (a[0].as_f64().unwrap(), a[1].as_f64().unwrap()),
            None => panic!("click: nothing matches {selector}"),
        };
        self.call(
            "Input.dispatchMouseEvent",
            json!({"type": "mouseMoved", "x": x, "y": y}),
        );
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// `text` typed into the element `selector` (focused first), as keyboard input.
    pub fn type_into(&mut self, selector: &str, text: &str) {
        self.click(selector);
        self.call("Input.insertText", json!({"text": text}));
    }

    /// Clears the text field `selector` as a reader would (select all, delete).
    pub fn clear(&mut self, selector: &str) {
        self.click(selector);
        self.eval(&format!(
            "document.querySelector({}).select()",
            json!(selector)
        ));
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": "Backspace", "code": "Backspace",
                       "windowsVirtualKeyCode": 8, "nativeVirtualKeyCode": 8}),
            );
        }
    }

    /// A PNG of the viewport, or of the whole page when `full_page`, saved as `path`.
    pub fn screenshot(&mut self, path: &Path, full_page: bool) {
        let shot = self.call(
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": full_page}),
        );
        let data = shot["data"].as_str().expect("screenshot data");
        std::fs::write(path, decode_base64(data)).unwrap();
    }

    /// Console errors, uncaught exceptions and requests that left the page, so far.
    pub fn problems(&mut self) -> Vec<String> {
        self.drain();
        self.problems.clone()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Standard base64 (the protocol's screenshot data).
fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => (c - b'A') as u32,
            b'a'..=b'z' => (c - b'a' + 26) as u32,
            b'0'..=b'9' => (c - b'0' + 52) as u32,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        }
    };
    let bytes: Vec<u8> = text.bytes().filter(|&c| c != b'=').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c) << (18 - 6 * i);
        }
        let take = chunk.len() - 1;
        out.extend_from_slice(&n.to_be_bytes()[1..1 + take]);
    }
    out
}

#[test]
fn base64_decodes_what_it_should() {
    assert_eq!(decode_base64("aGVsbG8="), b"hello");
    assert_eq!(decode_base64("aGVsbG8hIQ=="), b"hello!!");
    assert_eq!(decode_base64("YWJj"), b"abc");
}
