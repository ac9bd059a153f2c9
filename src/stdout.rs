//! Standard output: the one way every command writes to it.
//!
//! Every write returns its error. A closed pipe (`kifu games | head -0`) reaches `main` as
//! an [`io::Error`] of kind `BrokenPipe`, which ends the command quietly with exit code 0:
//! `print!` would panic there, and a command that ignored the error would go on working
//! for no reader.

use std::fmt::Display;
use std::io::{self, Write};

/// Standard output, locked for one command's writes (line-buffered, as std's is).
pub struct Stdout(io::StdoutLock<'static>);

impl Stdout {
    pub fn lock() -> Stdout {
        Stdout(io::stdout().lock())
    }
}

impl Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.write(bytes)
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.0.write_all(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// `text` as it is (a command's whole output), flushed.
pub fn print(text: &str) -> io::Result<()> {
    let mut out = Stdout::lock();
    out.write_all(text.as_bytes())?;
    out.flush()
}

/// `line` and a line break, flushed.
pub fn line(line: impl Display) -> io::Result<()> {
    let mut out = Stdout::lock();
    writeln!(out, "{line}")?;
    out.flush()
}
