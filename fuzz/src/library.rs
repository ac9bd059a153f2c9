//! The `cbl` target's input: a 象棋桥 library with its 65,536-byte remarks left out.
//!
//! A library's records start after its header, a remarks field of 65,536 bytes and its
//! index ([`kifu_parser::ccbridge::cbl_first_record`]): about 100 KB before the first
//! record, which AFL++ would mutate byte by byte to no effect, and which its 8 KiB seeds
//! would cut off. So the target puts the remarks back (zeros: the reader takes them as an
//! empty text) and reads the result; the seeds are real libraries cut down the other way
//! ([`compact`]): the header, the first entries of the index and their records.

use std::borrow::Cow;

use kifu_parser::ccbridge::{cbl_first_record, CBL_INDEX_ENTRY, CBL_INDEX_START, CBL_SLOT};

/// Where the remarks begin: the header before them is kept in the input.
pub const REMARKS_AT: usize = 1088;
/// The remarks' length, left out of the input.
pub const REMARKS_LEN: usize = CBL_INDEX_START - REMARKS_AT;
/// Header offset of the index's capacity.
const CAPACITY_AT: usize = 60;
/// Entry offset of the number of slots its record takes.
const SLOTS_AT: usize = 8;

/// The library an input stands for: the remarks (zeros) put back after the header. An
/// input shorter than the header is read as it is.
pub fn expand(input: &[u8]) -> Cow<'_, [u8]> {
    if input.len() < REMARKS_AT {
        return Cow::Borrowed(input);
    }
    let mut library = Vec::with_capacity(input.len() + REMARKS_LEN);
    library.extend_from_slice(&input[..REMARKS_AT]);
    library.resize(CBL_INDEX_START, 0);
    library.extend_from_slice(&input[REMARKS_AT..]);
    Cow::Owned(library)
}

/// A real library cut down to its first `entries` index entries and the slots their
/// records take, with the capacity set to match and the remarks left out: the input
/// [`expand`] turns into a well-formed library. `None` when `library` is not one whose
/// index can be followed that far.
pub fn compact(library: &[u8], entries: usize) -> Option<Vec<u8>> {
    let word = |at: usize| -> Option<usize> {
        let b = library.get(at..at + 4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    let capacity = word(CAPACITY_AT)?;
    if entries == 0 || entries > capacity {
        return None;
    }
    let index = library.get(CBL_INDEX_START..CBL_INDEX_START + entries * CBL_INDEX_ENTRY)?;
    let mut slots = 0usize;
    for e in 0..entries {
        slots = slots.checked_add(word(CBL_INDEX_START + e * CBL_INDEX_ENTRY + SLOTS_AT)?)?;
    }
    let first = cbl_first_record(capacity)?;
    let records = library.get(first..first.checked_add(slots.checked_mul(CBL_SLOT)?)?)?;
    let mut out = Vec::with_capacity(REMARKS_AT + index.len() + records.len());
    out.extend_from_slice(&library[..REMARKS_AT]);
    out[CAPACITY_AT..CAPACITY_AT + 4].copy_from_slice(&(entries as u32).to_le_bytes());
    out.extend_from_slice(index);
    out.extend_from_slice(records);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_input_is_read_as_it_is_and_a_longer_one_gets_its_remarks_back() {
        assert_eq!(expand(b"CCBridgeLibrary\0"), &b"CCBridgeLibrary\0"[..]);
        let input: Vec<u8> = (0..REMARKS_AT + 3).map(|i| (i % 251) as u8 + 1).collect();
        let library = expand(&input);
        assert_eq!(library.len(), input.len() + REMARKS_LEN);
        assert_eq!(&library[..REMARKS_AT], &input[..REMARKS_AT]);
        assert!(library[REMARKS_AT..CBL_INDEX_START].iter().all(|&b| b == 0));
        assert_eq!(&library[CBL_INDEX_START..], &input[REMARKS_AT..]);
    }
}
