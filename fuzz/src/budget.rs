//! A bound on the memory one input may hold, kept by the allocator: a reader that
//! allocates without bound (a length field read as a size, a tree grown from a loop) is
//! stopped at the allocation that crosses the bound, where its stack shows why.
//!
//! [`Budgeted`] is the global allocator of the fuzz binaries and of the corpus test;
//! [`Budget::start`] sets the bound for the next input: [`BASE`] plus [`PER_BYTE`] bytes
//! for each byte of the input, above what the process already holds.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Memory every input may use whatever its size (the engines' tables, SQLite's cache).
pub const BASE: usize = 256 << 20;
/// Memory an input may use per byte of it: records, moves and trails are a few times the
/// text they come from.
pub const PER_BYTE: usize = 128;

/// Bytes held now.
static HELD: AtomicUsize = AtomicUsize::new(0);
/// Bytes the process may hold (no bound until a budget starts).
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);

/// The system allocator, counting what is held and aborting past the bound.
pub struct Budgeted;

unsafe impl GlobalAlloc for Budgeted {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        charge(layout.size());
        // SAFETY: the caller's layout is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        charge(layout.size());
        // SAFETY: as above.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from this allocator with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            charge(new_size - layout.size());
        } else {
            HELD.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
        }
        // SAFETY: as above.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

fn charge(size: usize) {
    let held = HELD.fetch_add(size, Ordering::Relaxed) + size;
    if held > LIMIT.load(Ordering::Relaxed) {
        // No allocation from here on: the message is static and stderr is unbuffered.
        let _ = std::io::stderr().write_all(
            b"kifu-fuzz: one input holds more memory than its budget (fuzz/src/budget.rs); aborting\n",
        );
        std::process::abort();
    }
}

/// The bound of one input, lifted when dropped.
pub struct Budget {
    _private: (),
}

impl Budget {
    /// Bounds what the process holds, from now until the budget is dropped, to what it holds
    /// now plus [`BASE`] plus [`PER_BYTE`] per input byte.
    pub fn start(input_len: usize) -> Budget {
        let limit = HELD
            .load(Ordering::Relaxed)
            .saturating_add(BASE)
            .saturating_add(input_len.saturating_mul(PER_BYTE));
        LIMIT.store(limit, Ordering::Relaxed);
        Budget { _private: () }
    }

    /// Bytes held now (by the whole process).
    pub fn held() -> usize {
        HELD.load(Ordering::Relaxed)
    }
}

impl Drop for Budget {
    fn drop(&mut self) {
        LIMIT.store(usize::MAX, Ordering::Relaxed);
    }
}
