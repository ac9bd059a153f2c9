//! The key that tells a record's copies apart from other games.

/// What a record is keyed on among its copies: the same bytes for two records of one game
/// (in Renju, also for its rotations and mirror images), and different bytes for different
/// games. The Renju engine (`record_key`) and the ingest (for the other kinds) make them; the
/// store only compares and keeps them. Empty for a record with nothing to key on (no moves): such a record is
/// nobody's copy, and is stored as `NULL`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CanonicalKey(Vec<u8>);

impl CanonicalKey {
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// No key: the record has no moves to key on.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The key's bytes, `None` when there is no key: what the store keeps (`NULL` for
    /// none) and the exports hash.
    pub fn bytes(&self) -> Option<&[u8]> {
        (!self.is_empty()).then_some(self.0.as_slice())
    }
}

impl From<Vec<u8>> for CanonicalKey {
    fn from(bytes: Vec<u8>) -> CanonicalKey {
        CanonicalKey(bytes)
    }
}

impl<const N: usize> PartialEq<[u8; N]> for CanonicalKey {
    fn eq(&self, other: &[u8; N]) -> bool {
        self.0 == other
    }
}
