//! `kifu report --pdf`: the written report's index.html printed to PDF by headless
//! Chromium (its print style sheet lays the pages out).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;

/// `kifu report`'s PDF: where to write it and with which Chromium.
#[derive(Args, Clone, Debug, Default)]
pub(super) struct PdfArgs {
    /// Also print the report (its index.html) to this PDF file, with headless Chromium.
    #[arg(long, value_name = "FILE", help_heading = "PDF")]
    pub(super) pdf: Option<PathBuf>,
    /// The Chromium to print the PDF with (by default chromium, chromium-browser or
    /// google-chrome on PATH).
    #[arg(long, value_name = "PATH", requires = "pdf", help_heading = "PDF")]
    pub(super) chromium: Option<PathBuf>,
}

/// The names Chromium goes by on PATH, tried in this order.
const CHROMIUM_NAMES: [&str; 3] = ["chromium", "chromium-browser", "google-chrome"];

/// Longest a print may take: a report of thousands of rows prints in seconds, so a
/// browser still running after this is stuck.
const PRINT_TIMEOUT: Duration = Duration::from_secs(180);

/// The Chromium to print with: `named` (`--chromium`), or the first of
/// [`CHROMIUM_NAMES`] on PATH.
pub(super) fn find_chromium(named: Option<&Path>) -> Result<PathBuf> {
    if let Some(path) = named {
        if path.is_file() {
            return Ok(path.to_path_buf());
        }
        if let Some(found) = on_path(path.as_os_str()) {
            return Ok(found);
        }
        bail!(
            "--chromium {}: no such program (neither a file nor a name on PATH)",
            path.display()
        );
    }
    for name in CHROMIUM_NAMES {
        if let Some(found) = on_path(name.as_ref()) {
            return Ok(found);
        }
    }
    bail!(
        "--pdf needs headless Chromium: none of {} is on PATH; install Chromium or name it \
         with --chromium PATH",
        CHROMIUM_NAMES.join(", ")
    )
}

/// `name` found in a folder of PATH, as an executable file.
fn on_path(name: &std::ffi::OsStr) -> Option<PathBuf> {
    let name = Path::new(name);
    if name.components().count() != 1 {
        return None;
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(name))
        .find(|p| is_executable(p))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Prints `html` to `pdf` with `chromium`; checks the exit status and that the file is a
/// PDF.
pub(super) fn print_to_pdf(chromium: &Path, html: &Path, pdf: &Path) -> Result<()> {
    let html = std::fs::canonicalize(html).with_context(|| format!("{}", html.display()))?;
    if let Some(dir) = pdf.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("create {}", dir.display()))?;
    }
    // Chromium writes the file relative to its own working folder: give it a full path.
    let pdf_abs = if pdf.is_absolute() {
        pdf.to_path_buf()
    } else {
        std::env::current_dir()?.join(pdf)
    };
    if pdf_abs.exists() {
        std::fs::remove_file(&pdf_abs).with_context(|| format!("remove {}", pdf.display()))?;
    }
    // A profile of its own, so a Chromium already running elsewhere is not disturbed.
    let profile = std::env::temp_dir().join(format!("kifu-pdf-{}", std::process::id()));
    let mut child = Command::new(chromium)
        .arg("--headless")
        .arg("--no-sandbox")
        .arg("--disable-gpu")
        .arg("--no-first-run")
        .arg("--no-pdf-header-footer")
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg(format!("--print-to-pdf={}", pdf_abs.display()))
        .arg(file_url(&html))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("start {}", chromium.display()))?;
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if started.elapsed() > PRINT_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            let _ = std::fs::remove_dir_all(&profile);
            bail!(
                "{} did not finish printing {} within {} s",
                chromium.display(),
                html.display(),
                PRINT_TIMEOUT.as_secs()
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let mut stderr = String::new();
    if let Some(mut err) = child.stderr.take() {
        use std::io::Read;
        let _ = err.read_to_string(&mut stderr);
    }
    let _ = std::fs::remove_dir_all(&profile);
    if !status.success() {
        bail!(
            "{} failed printing {} ({status}): {}",
            chromium.display(),
            html.display(),
            stderr.trim()
        );
    }
    check_pdf(pdf)
}

/// The file exists and starts as a PDF does.
fn check_pdf(pdf: &Path) -> Result<()> {
    let bytes = std::fs::read(pdf)
        .with_context(|| format!("Chromium wrote no PDF at {}", pdf.display()))?;
    if !bytes.starts_with(b"%PDF") {
        bail!("{}: Chromium wrote a file that is not a PDF", pdf.display());
    }
    Ok(())
}

/// `file:///…` of an absolute path, its bytes outside the unreserved set percent-encoded.
fn file_url(path: &Path) -> String {
    let mut url = String::from("file://");
    for b in path.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            url.push(b as char);
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    url
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_url_encodes_spaces_and_cjk() {
        assert_eq!(
            file_url(Path::new("/tmp/a report/象.html")),
            "file:///tmp/a%20report/%E8%B1%A1.html"
        );
    }

    #[test]
    fn a_missing_named_chromium_is_a_clear_error() {
        let err = find_chromium(Some(Path::new("/nonexistent/chromium"))).unwrap_err();
        assert_eq!(
            err.to_string(),
            "--chromium /nonexistent/chromium: no such program (neither a file nor a name on PATH)"
        );
    }

    #[test]
    fn a_file_that_is_not_a_pdf_is_refused() {
        let dir = std::env::temp_dir().join(format!("kifu-pdf-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("x.pdf");
        std::fs::write(&f, "<html>").unwrap();
        let err = check_pdf(&f).unwrap_err().to_string();
        assert!(
            err.ends_with("Chromium wrote a file that is not a PDF"),
            "{err}"
        );
        std::fs::write(&f, "%PDF-1.4\n").unwrap();
        check_pdf(&f).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
