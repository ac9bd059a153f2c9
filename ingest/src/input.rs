//! Finding input files and opening them as streams of members: plain files, `.xz` and
//! `.gz` files, and the files inside `.tar` archives (themselves possibly compressed).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Chain, Cursor, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use sha2::{Digest, Sha256};

/// A problem with an input path itself (not with a record in it).
#[derive(Debug)]
pub struct InputError {
    pub path: PathBuf,
    pub message: String,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.message)
    }
}

/// Expands the given paths into files, in a stable order. Directories are walked
/// recursively (symlinks followed, loops reported, hidden files skipped).
pub fn discover(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<InputError>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                let walker = walkdir::WalkDir::new(path)
                    .follow_links(true)
                    .sort_by_file_name()
                    .into_iter()
                    .filter_entry(|e| {
                        e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.')
                    });
                for entry in walker {
                    match entry {
                        Ok(e) if e.file_type().is_file() => files.push(e.into_path()),
                        Ok(e) if e.file_type().is_dir() => {}
                        // A FIFO, socket or device is never read (a FIFO would block).
                        Ok(e) => errors.push(not_regular(e.path())),
                        Err(e) => errors.push(InputError {
                            path: e
                                .path()
                                .map(Path::to_path_buf)
                                .unwrap_or_else(|| path.clone()),
                            message: e.to_string(),
                        }),
                    }
                }
            }
            Ok(meta) if meta.is_file() => files.push(path.clone()),
            Ok(_) => errors.push(not_regular(path)),
            Err(e) => errors.push(InputError {
                path: path.clone(),
                message: e.to_string(),
            }),
        }
    }
    (files, errors)
}

fn not_regular(path: &Path) -> InputError {
    InputError {
        path: path.to_path_buf(),
        message: "not a regular file (a FIFO, socket or device): not read".into(),
    }
}

/// SHA-256 of a file's bytes, read in a streaming pass.
pub fn hash_file(path: &Path) -> io::Result<(String, u64)> {
    let mut file = File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    let mut total = 0u64;
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        total += n as u64;
        hasher.update(&buf[..n]);
    }
    let digest = hasher.finalize();
    let hex = digest.iter().map(|b| format!("{b:02x}")).collect();
    Ok((hex, total))
}

/// Counts the bytes read from disk, for the progress bar.
pub struct Counting<R> {
    inner: R,
    counter: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.counter.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A stream whose first bytes were read ahead to detect its format.
pub type Peeked<R> = Chain<Cursor<Vec<u8>>, R>;

/// Reads up to `n` bytes ahead and gives them back with a reader that starts at byte 0.
pub fn peek<R: Read>(mut reader: R, n: usize) -> io::Result<(Vec<u8>, Peeked<R>)> {
    let mut head = Vec::with_capacity(n);
    (&mut reader).take(n as u64).read_to_end(&mut head)?;
    Ok((head.clone(), Cursor::new(head).chain(reader)))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    None,
    Xz,
    Gzip,
}

impl Compression {
    pub fn detect(head: &[u8]) -> Compression {
        if head.starts_with(&[0xFD, b'7', b'z', b'X', b'Z', 0x00]) {
            Compression::Xz
        } else if head.starts_with(&[0x1F, 0x8B]) {
            Compression::Gzip
        } else {
            Compression::None
        }
    }
}

/// True when a 512-byte head is a POSIX/GNU tar header.
pub fn is_tar(head: &[u8]) -> bool {
    head.len() >= 512 && &head[257..262] == b"ustar"
}

/// Opens a file as one decompressed byte stream (tar archives are split later).
pub fn open_decompressed(
    path: &Path,
    counter: Arc<AtomicU64>,
) -> io::Result<(Compression, Box<dyn Read + Send>)> {
    let file = Counting {
        inner: File::open(path)?,
        counter,
    };
    let (head, reader) = peek(file, 6)?;
    let compression = Compression::detect(&head);
    let stream: Box<dyn Read + Send> = match compression {
        Compression::Xz => Box::new(xz2::read::XzDecoder::new_multi_decoder(reader)),
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(reader)),
        Compression::None => Box::new(reader),
    };
    Ok((compression, stream))
}

/// One member of an input: the whole file, or one file inside a tar archive.
pub struct Member<'a> {
    /// Path inside the archive; empty for a plain or singly-compressed file.
    pub name: String,
    pub reader: Box<dyn BufRead + 'a>,
}

/// Calls `each` for every member of a decompressed stream, in order.
pub fn for_each_member<F>(stream: Box<dyn Read + Send>, mut each: F) -> io::Result<()>
where
    F: FnMut(Member<'_>) -> io::Result<()>,
{
    let (head, stream) = peek(stream, 512)?;
    if !is_tar(&head) {
        return each(Member {
            name: String::new(),
            reader: Box::new(BufReader::with_capacity(1 << 16, stream)),
        });
    }
    let mut archive = tar::Archive::new(stream);
    for entry in archive.entries()? {
        let entry = entry?;
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let name = entry.path()?.to_string_lossy().into_owned();
        each(Member {
            name,
            reader: Box::new(BufReader::with_capacity(1 << 16, entry)),
        })?;
    }
    Ok(())
}
