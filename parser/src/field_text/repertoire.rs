//! Which CJK ideographs GBK writes in its GB2312 part, and which Big5 writes: asked of
//! encoding_rs once a character. Its encoders find the rarer characters by a linear search
//! of their index, tens of microseconds a character, and [`super::is_clean`] asks about
//! every ideograph of every field read in another encoding (a 300-character field took
//! 15 ms, found by fuzzing `xiangqi-pgn`).

use std::sync::atomic::{AtomicU8, Ordering};

use encoding_rs::{BIG5, GBK};

/// The CJK Unified Ideographs block (U+4E00 to U+9FFF), the characters asked about.
const FIRST: u32 = 0x4E00;
const COUNT: usize = 0x9FFF - 0x4E00 + 1;

/// Whether `c` is of the block: the characters the frequency table and these answers cover.
pub fn is_cjk(c: char) -> bool {
    (c as u32).wrapping_sub(FIRST) < COUNT as u32
}

const NOT_ASKED: u8 = 0;
const NO: u8 = 1;
const YES: u8 = 2;

/// An encoder's answer for each ideograph of the block, once asked.
struct Memo([AtomicU8; COUNT]);

impl Memo {
    const fn new() -> Memo {
        Memo([const { AtomicU8::new(NOT_ASKED) }; COUNT])
    }

    /// `ask(c)`, asked once for a character of the block and every time for another. Two
    /// threads may both ask first; they get the same answer.
    fn answer(&self, c: char, ask: fn(char) -> bool) -> bool {
        let slot = (c as u32)
            .checked_sub(FIRST)
            .and_then(|i| self.0.get(i as usize));
        let Some(slot) = slot else { return ask(c) };
        match slot.load(Ordering::Relaxed) {
            NOT_ASKED => {
                let yes = ask(c);
                slot.store(if yes { YES } else { NO }, Ordering::Relaxed);
                yes
            }
            known => known == YES,
        }
    }
}

/// Whether GBK writes `c` in its GB2312 part (lead and trail bytes 0xA1 and up).
pub fn in_gb2312(c: char) -> bool {
    static MEMO: Memo = Memo::new();
    MEMO.answer(c, gbk_writes_in_gb2312)
}

/// Whether Big5 writes `c` (and so reads it back).
pub fn in_big5(c: char) -> bool {
    static MEMO: Memo = Memo::new();
    MEMO.answer(c, big5_writes)
}

fn gbk_writes_in_gb2312(c: char) -> bool {
    let mut buf = [0u8; 4];
    let (bytes, _, unmappable) = GBK.encode(c.encode_utf8(&mut buf));
    !unmappable && bytes.len() == 2 && bytes[0] >= 0xA1 && bytes[1] >= 0xA1
}

fn big5_writes(c: char) -> bool {
    let mut buf = [0u8; 4];
    let (_, _, unmappable) = BIG5.encode(c.encode_utf8(&mut buf));
    !unmappable
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ideograph_is_answered_as_the_encoder_answers_it_asked_or_remembered() {
        let block = (FIRST..FIRST + COUNT as u32).filter_map(char::from_u32);
        let around = ['a', '（', '\u{4DFF}', '\u{A000}', '\u{20000}'];
        for c in block.chain(around) {
            for _ in 0..2 {
                assert_eq!(in_gb2312(c), gbk_writes_in_gb2312(c), "GB2312 {c:?}");
                assert_eq!(in_big5(c), big5_writes(c), "Big5 {c:?}");
            }
        }
    }

    #[test]
    fn the_block_is_u4e00_to_u9fff() {
        assert!(is_cjk('\u{4E00}') && is_cjk('\u{9FFF}') && is_cjk('第'));
        assert!(!is_cjk('\u{4DFF}') && !is_cjk('\u{A000}') && !is_cjk('a'));
    }

    #[test]
    fn simplified_and_traditional_forms_fall_on_their_sides() {
        assert!(in_gb2312('轮') && !in_big5('轮'));
        assert!(in_big5('輪') && !in_gb2312('輪'));
        assert!(in_gb2312('第') && in_big5('第'));
        // GBK writes 呂 outside GB2312, in its additions.
        assert!(!in_gb2312('呂') && in_big5('呂'));
    }
}
