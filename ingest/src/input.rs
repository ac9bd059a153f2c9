//! Finding input files and opening them as streams of members: plain files, `.xz` and
//! `.gz` files, and the files inside `.tar` archives (themselves possibly compressed).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use sha2::{Digest, Sha256};

/// A problem with an input path itself (not with a record in it).
#[derive(Debug)]
pub struct InputError {
    pub path: PathBuf,
    pub message: String,
}

impl std::fmt::Display for InputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {}",
            kifu_facts::shown_path(&self.path),
            self.message
        )
    }
}

/// Expands the given paths into files, in a stable order. Directories are walked
/// recursively (symlinks followed, loops reported, hidden files skipped); a directory
/// with no file to read is an error, so that an empty input never passes for a read one.
pub fn discover(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<InputError>) {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                let (files_before, errors_before) = (files.len(), errors.len());
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
                if files.len() == files_before && errors.len() == errors_before {
                    errors.push(InputError {
                        path: path.clone(),
                        message: "no file to read in this directory".into(),
                    });
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

/// A stream whose first bytes were read ahead to detect its format. A read error met
/// while reading ahead is kept and returned after those bytes, where the stream failed, so
/// the bytes before it are read like any others.
pub struct Peeked<R> {
    head: Cursor<Vec<u8>>,
    error: Option<io::Error>,
    rest: R,
}

impl<R> Peeked<R> {
    /// Whether reading ahead met an error (the head ends where the stream failed).
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }
}

impl<R: Read> Read for Peeked<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.head.read(buf)?;
        if n > 0 || buf.is_empty() {
            return Ok(n);
        }
        match self.error.take() {
            Some(e) => Err(e),
            None => self.rest.read(buf),
        }
    }
}

/// Reads up to `n` bytes ahead and gives them back with a reader that starts at byte 0.
pub fn peek<R: Read>(mut reader: R, n: usize) -> (Vec<u8>, Peeked<R>) {
    let mut head = Vec::with_capacity(n);
    // On an error the bytes read before it are in `head` (`read_to_end` keeps them).
    let error = (&mut reader).take(n as u64).read_to_end(&mut head).err();
    (
        head.clone(),
        Peeked {
            head: Cursor::new(head),
            error,
            rest: reader,
        },
    )
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
    let (head, reader) = peek(file, 6);
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
    /// Where the member's bytes start in the decompressed stream.
    pub offset: u64,
    pub reader: Box<dyn BufRead + 'a>,
}

/// Where a file's decompressed stream stopped before its end, as [`Watch`] saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Bytes of the decompressed stream read before the failure.
    pub offset: u64,
    /// The decompressor's (or the tar reader's) error.
    pub error: String,
}

/// Watches one file's decompressed stream as its members are read: how far it has been
/// read, where it failed, and whether a reader of records has met the failure. Format
/// readers turn a read error into a record of their own and go on, and a reader that
/// meets it mid-record gives that record cut; the ingest asks the watch instead, so that a
/// damaged file is one finding and no record read after the damage passes for a whole one.
#[derive(Debug, Default)]
pub struct Watch {
    read: AtomicU64,
    failure: OnceLock<Failure>,
    reached: AtomicBool,
}

impl Watch {
    /// Bytes of the decompressed stream read so far.
    pub fn read(&self) -> u64 {
        self.read.load(Ordering::Relaxed)
    }

    /// The first failure, if reading has failed.
    pub fn failure(&self) -> Option<&Failure> {
        self.failure.get()
    }

    /// Records a failure at the current offset unless one is recorded; returns the first.
    pub fn fail(&self, error: &dyn std::fmt::Display) -> &Failure {
        self.failure.get_or_init(|| Failure {
            offset: self.read(),
            error: error.to_string(),
        })
    }

    /// Whether a member's reader ([`WatchedMember`]) has passed the failure on: every
    /// record read from then on is cut or made of the error.
    pub fn reached(&self) -> bool {
        self.reached.load(Ordering::Relaxed)
    }
}

/// The decompressed stream, counted, its first error kept in a [`Watch`]. A failed stream
/// stays failed: a decoder read again after an error may give anything.
struct WatchedStream<R> {
    inner: R,
    watch: Arc<Watch>,
}

impl<R: Read> Read for WatchedStream<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if let Some(failure) = self.watch.failure() {
            return Err(io::Error::other(failure.error.clone()));
        }
        match self.inner.read(buf) {
            Ok(n) => {
                self.watch.read.fetch_add(n as u64, Ordering::Relaxed);
                Ok(n)
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => Err(e),
            Err(e) => {
                self.watch.fail(&e);
                Err(e)
            }
        }
    }
}

/// A member as its format reader reads it: the first error passed on marks the
/// [`Watch`] as reached.
pub struct WatchedMember<R> {
    inner: R,
    watch: Arc<Watch>,
}

impl<R> WatchedMember<R> {
    pub fn new(inner: R, watch: Arc<Watch>) -> Self {
        WatchedMember { inner, watch }
    }
}

impl<R: Read> Read for WatchedMember<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let result = self.inner.read(buf);
        if matches!(&result, Err(e) if e.kind() != io::ErrorKind::Interrupted) {
            self.watch.reached.store(true, Ordering::Relaxed);
        }
        result
    }
}

/// A tar member's data, which must be as long as its header says: the tar reader ends a
/// member quietly where its stream ends, which would pass a cut member for a whole one.
struct Exact<R> {
    inner: R,
    left: u64,
    size: u64,
    watch: Arc<Watch>,
}

impl<R: Read> Read for Exact<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n == 0 && self.left > 0 && !buf.is_empty() {
            let error = io::Error::new(
                io::ErrorKind::UnexpectedEof,
                format!(
                    "the archive ends {} bytes into a member of {} bytes",
                    self.size - self.left,
                    self.size
                ),
            );
            self.watch.fail(&error);
            return Err(error);
        }
        self.left = self.left.saturating_sub(n as u64);
        Ok(n)
    }
}

/// Calls `each` for every member of a decompressed stream, in order, with `watch` keeping
/// how far the stream was read and where it failed. Errors are the stream's, the tar
/// reader's and `each`'s.
pub fn for_each_member<F>(
    stream: Box<dyn Read + Send>,
    watch: &Arc<Watch>,
    mut each: F,
) -> io::Result<()>
where
    F: FnMut(Member<'_>) -> io::Result<()>,
{
    let stream = WatchedStream {
        inner: stream,
        watch: watch.clone(),
    };
    let (head, stream) = peek(stream, 512);
    if !is_tar(&head) {
        return each(Member {
            name: String::new(),
            offset: 0,
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
        let size = entry.size();
        each(Member {
            name,
            offset: entry.raw_file_position(),
            reader: Box::new(BufReader::with_capacity(
                1 << 16,
                Exact {
                    inner: entry,
                    left: size,
                    size,
                    watch: watch.clone(),
                },
            )),
        })?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gives `bytes`, then fails.
    struct FailsAfter<'a>(&'a [u8]);

    impl Read for FailsAfter<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::new(io::ErrorKind::InvalidData, "bad block"));
            }
            let n = self.0.read(buf)?;
            Ok(n)
        }
    }

    #[test]
    fn a_peek_that_fails_gives_the_bytes_before_then_the_error() {
        let (head, mut reader) = peek(FailsAfter(b"black h8\nwhi"), 100);
        assert_eq!(head, b"black h8\nwhi");
        assert!(reader.failed());
        let mut got = Vec::new();
        let error = reader.read_to_end(&mut got).unwrap_err();
        assert_eq!(
            (got.as_slice(), error.to_string()),
            (&b"black h8\nwhi"[..], "bad block".into())
        );
        let (head, reader) = peek(&b"short"[..], 100);
        assert_eq!((head.as_slice(), reader.failed()), (&b"short"[..], false));
    }

    fn tar_of(members: &[(&str, &[u8])]) -> Vec<u8> {
        let mut builder = tar::Builder::new(Vec::new());
        for (name, data) in members {
            let mut header = tar::Header::new_gnu();
            header.set_size(data.len() as u64);
            header.set_mode(0o644);
            builder.append_data(&mut header, name, *data).unwrap();
        }
        builder.into_inner().unwrap()
    }

    /// A member as the test read it: name, offset, bytes read, error.
    type Seen = (String, u64, usize, Option<String>);

    /// Reads every member of `bytes` to its end; the error that ended the archive.
    fn members(bytes: Vec<u8>, watch: &Arc<Watch>) -> (Vec<Seen>, Option<String>) {
        let mut seen = Vec::new();
        let result = for_each_member(Box::new(Cursor::new(bytes)), watch, |mut member| {
            let mut data = Vec::new();
            let error = member
                .reader
                .read_to_end(&mut data)
                .err()
                .map(|e| e.to_string());
            seen.push((member.name, member.offset, data.len(), error));
            Ok(())
        });
        (seen, result.err().map(|e| e.to_string()))
    }

    #[test]
    fn a_tar_member_cut_short_is_a_failure_not_an_end() {
        let whole = tar_of(&[("a.txt", &[b'a'; 700]), ("b.txt", &[b'b'; 300])]);
        let watch = Arc::new(Watch::default());
        let (seen, error) = members(whole.clone(), &watch);
        assert_eq!(
            seen,
            [
                ("a.txt".into(), 512, 700, None),
                ("b.txt".into(), 512 + 1024 + 512, 300, None)
            ]
        );
        assert_eq!((error, watch.failure()), (None, None));

        // Cut 100 bytes into b.txt's data.
        let watch = Arc::new(Watch::default());
        let (seen, error) = members(whole[..2048 + 100].to_vec(), &watch);
        let cut = "the archive ends 100 bytes into a member of 300 bytes";
        assert_eq!(
            seen,
            [
                ("a.txt".into(), 512, 700, None),
                ("b.txt".into(), 2048, 100, Some(cut.into()))
            ]
        );
        assert_eq!(
            watch.failure(),
            Some(&Failure {
                offset: 2148,
                error: cut.into()
            })
        );
        // The stream stays failed: the next header is not read.
        assert!(error.is_some());
    }

    #[test]
    fn a_failing_stream_is_kept_at_its_offset_and_stays_failed() {
        let watch = Arc::new(Watch::default());
        let text = b"black h8 h9\nwhite h8 h9\n";
        let mut data = Vec::new();
        let result = for_each_member(Box::new(FailsAfter(text)), &watch, |mut member| {
            assert_eq!((member.name.as_str(), member.offset), ("", 0));
            let mut reader = WatchedMember::new(&mut member.reader, watch.clone());
            let error = reader.read_to_end(&mut data).unwrap_err();
            assert_eq!(error.to_string(), "bad block");
            assert!(
                reader.read(&mut [0; 8]).is_err(),
                "failed once, failed for good"
            );
            Ok(())
        });
        assert!(result.is_ok());
        assert_eq!(data, text);
        assert!(watch.reached());
        assert_eq!(
            watch.failure(),
            Some(&Failure {
                offset: text.len() as u64,
                error: "bad block".into()
            })
        );
    }
}
