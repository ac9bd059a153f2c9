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

    /// The key of a record among its copies: the key of the moves the replay applied, and,
    /// when it stopped before the record's end (an illegal move, moves after the end, a start
    /// it could not set up), the moves it did not apply as written, so records cut short
    /// alike are copies only if they go on alike. Such a key starts with 0xFE (no
    /// applied-moves key does: theirs start with a square or a FEN letter) and the applied
    /// key's length, so the two parts never blur.
    pub fn whole_record<'a>(
        played: Vec<u8>,
        unplayed: impl Iterator<Item = &'a str>,
    ) -> CanonicalKey {
        let mut unplayed = unplayed.peekable();
        if unplayed.peek().is_none() {
            return CanonicalKey::from(played);
        }
        let mut key = Vec::with_capacity(played.len() + 64);
        key.push(WHOLE_RECORD);
        key.extend_from_slice(&(played.len() as u32).to_le_bytes());
        key.extend_from_slice(&played);
        for text in unplayed {
            key.extend_from_slice(text.as_bytes());
            key.push(0);
        }
        CanonicalKey::from(key)
    }

    /// The key's two parts ([`CanonicalKey::whole_record`]): the applied moves' key, and the
    /// moves the replay did not apply, as the record wrote them (none for most keys).
    pub fn parts(&self) -> (&[u8], Vec<&str>) {
        let whole = || {
            let rest = self.0.strip_prefix(&[WHOLE_RECORD])?;
            let (len, rest) = rest.split_first_chunk::<4>()?;
            let len = u32::from_le_bytes(*len) as usize;
            let (played, unplayed) = (rest.get(..len)?, rest.get(len..)?);
            let texts = unplayed
                .strip_suffix(&[0])?
                .split(|&b| b == 0)
                .map(std::str::from_utf8)
                .collect::<Result<Vec<&str>, _>>()
                .ok()?;
            Some((played, texts))
        };
        whole().unwrap_or((self.0.as_slice(), Vec::new()))
    }
}

/// The first byte of a key with moves the replay did not apply.
const WHOLE_RECORD: u8 = 0xFE;

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

#[cfg(test)]
mod tests {
    use super::CanonicalKey;

    #[test]
    fn a_record_cut_short_keys_on_what_it_did_not_play_too() {
        assert_eq!(
            CanonicalKey::whole_record(vec![1, 2], std::iter::empty()),
            [1, 2]
        );
        assert_eq!(
            CanonicalKey::whole_record(vec![1, 2], ["炮二平五", "h9g7"].into_iter()).as_bytes(),
            [
                [0xFE, 2, 0, 0, 0, 1, 2].as_slice(),
                "炮二平五".as_bytes(),
                &[0],
                b"h9g7",
                &[0]
            ]
            .concat()
        );
        // Nothing played: the key is still the record's.
        assert_eq!(
            CanonicalKey::whole_record(Vec::new(), ["K@z9"].into_iter()),
            [0xFE, 0, 0, 0, 0, b'K', b'@', b'z', b'9', 0]
        );
    }

    #[test]
    fn the_parts_come_back_as_they_went_in() {
        let plain = CanonicalKey::from(vec![1, 2]);
        assert_eq!(plain.parts(), ([1u8, 2].as_slice(), Vec::new()));
        let cut = CanonicalKey::whole_record(vec![1, 2], ["炮二平五", "h9g7"].into_iter());
        assert_eq!(cut.parts(), ([1u8, 2].as_slice(), vec!["炮二平五", "h9g7"]));
        let none_played = CanonicalKey::whole_record(Vec::new(), ["K@z9"].into_iter());
        assert_eq!(none_played.parts(), ([].as_slice(), vec!["K@z9"]));
    }
}
