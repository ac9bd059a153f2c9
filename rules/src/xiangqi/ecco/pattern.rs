//! One side's moves in a definition, as a small pattern language, and its matcher.
//!
//! The language follows the definitions' own devices:
//!
//! | pattern | meaning | the definitions write |
//! |---|---|---|
//! | `马八进七` | this move next | `2. 马八进七` |
//! | `马八进七/马八进九` | one of these moves next | `马八进七／马八进九` |
//! | `*` | any one move | `……` |
//! | `(a b c)` | these moves next, in any order | `不分先后`, `X局面` |
//! | `{a b} c` | `c`, and before it any of `a`, `b` (each at most once, any order) | `n. c (此前可走a和b)` |
//! | `{a b} [c d]` / `{a b} (c d)` | `c` then `d` (any order), the extras anywhere before the last | `m. c n. d (此前可走…)` |
//! | `{!a b} [c d]` | `c` then `d`, with any moves before, at least one of them neither `a` nor `b` | `黑此前走过除a、b以外的走法` |
//! | `<p \| q>` | pattern `p` or pattern `q` | `／` between whole lines |
//!
//! Moves are the definitions' Chinese text (Red's files in Chinese numerals, Black's in
//! digits). A pattern matches a side's moves when it consumes a prefix of them: the moves
//! after the prefix are free.

use std::fmt;

use super::word::{Word, WordError, KEYS};

/// The most moves of one side a pattern looks at. The definitions name moves up to a
/// side's 9th (B56, C25, C46), and their `此前可走` lists let a few more come earlier; a
/// formation completed later than the 12th move (B30's 马８进７ at move 20) is the
/// middlegame's, not the opening's. 10, 12, 14 and 24 give the same agreement with
/// the collections' tags within 0.05%.
pub const MAX_SIDE_MOVES: usize = 12;

/// A pattern that is not in the language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternError {
    /// A move text the notation reader refused.
    Word(WordError),
    /// A character where it cannot stand.
    Unexpected {
        pattern: String,
        at: usize,
        found: char,
    },
    /// The pattern ended inside a group opened with `open`.
    Unclosed { pattern: String, open: char },
    /// A group with no move in it.
    EmptyGroup { pattern: String, at: usize },
}

impl fmt::Display for PatternError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PatternError::Word(e) => e.fmt(f),
            PatternError::Unexpected { pattern, at, found } => {
                write!(
                    f,
                    "pattern {pattern:?}: unexpected {found:?} at character {at}"
                )
            }
            PatternError::Unclosed { pattern, open } => {
                write!(f, "pattern {pattern:?}: {open:?} is never closed")
            }
            PatternError::EmptyGroup { pattern, at } => {
                write!(f, "pattern {pattern:?}: empty group at character {at}")
            }
        }
    }
}

impl std::error::Error for PatternError {}

impl From<WordError> for PatternError {
    fn from(e: WordError) -> PatternError {
        PatternError::Word(e)
    }
}

/// One move position in a pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Any move (`……`).
    Any,
    /// One of these moves.
    Words(Vec<Word>),
}

impl Slot {
    fn matches(&self, w: &Word) -> bool {
        match self {
            Slot::Any => true,
            Slot::Words(ws) => ws.contains(w),
        }
    }
}

/// Moves that may come before a phase's required moves are complete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Extras {
    None,
    /// Each of these at most once (`此前可走…`).
    Listed(Vec<Slot>),
    /// Any moves, at least one of them none of these (`此前走过除…以外的走法`).
    Other(Vec<Slot>),
}

/// Required moves, with the extras allowed among them; the phase ends with the last
/// required move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    pub extras: Extras,
    pub required: Vec<Slot>,
    pub ordered: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Elem {
    Phase(Phase),
    Alt(Vec<Vec<Elem>>),
}

/// A side's moves in one definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    elems: Vec<Elem>,
    /// The keys ([`Word::key`]) of the words a matching side's first move can be
    /// ([`first_words`]): Red's picks the lines a game is tried on ([`super::index`]), and
    /// Black's rules out most of those before the matcher runs.
    first: Option<Vec<usize>>,
    /// Per required move of the pattern's phases outside alternatives, the keys of the
    /// words it can be: a matching side plays one of each among its first
    /// [`MAX_SIDE_MOVES`] moves.
    required: Vec<Vec<usize>>,
}

/// Keys of words; a word without one is no move's ([`Word::key`]).
fn keys(words: &[Word]) -> Vec<usize> {
    words.iter().filter_map(|w| w.key()).collect()
}

/// A set of words, a bit per key.
struct WordSet([u64; KEYS / 64]);

impl WordSet {
    fn has(&self, key: usize) -> bool {
        self.0[key / 64] & (1 << (key % 64)) != 0
    }
}

/// One side's moves, readied once for trying many patterns on them (every line Red's
/// first move can start): the filters ask of the first move's key and of the set of the first
/// [`MAX_SIDE_MOVES`], bits instead of words compared field by field (which took a
/// quarter more to classify a game).
pub struct SideMoves<'a> {
    moves: &'a [Word],
    first: Option<usize>,
    played: WordSet,
}

impl<'a> SideMoves<'a> {
    pub fn new(moves: &'a [Word]) -> SideMoves<'a> {
        let moves = &moves[..moves.len().min(MAX_SIDE_MOVES)];
        let mut played = WordSet([0; KEYS / 64]);
        for k in moves.iter().filter_map(|w| w.key()) {
            played.0[k / 64] |= 1 << (k % 64);
        }
        SideMoves {
            moves,
            first: moves.first().and_then(|w| w.key()),
            played,
        }
    }

    /// The key ([`Word::key`]) of the side's first move, if it has one.
    pub fn first_key(&self) -> Option<usize> {
        self.first
    }
}

/// See [`Pattern::required`].
fn required_words(elems: &[Elem]) -> Vec<Vec<Word>> {
    let mut out = Vec::new();
    for e in elems {
        if let Elem::Phase(p) = e {
            for slot in &p.required {
                if let Slot::Words(ws) = slot {
                    out.push(ws.clone());
                }
            }
        }
    }
    out
}

/// The words the first move of moves matching `elems` can be; `None` when it can be any
/// move, or when the pattern matches without a move.
fn first_words(elems: &[Elem]) -> Option<Vec<Word>> {
    let (first, rest) = elems.split_first()?;
    let mut out = Vec::new();
    match first {
        Elem::Phase(p) => {
            // A phase starts with one of its required moves (the first, when ordered) or
            // one of its listed extras.
            let required = if p.ordered {
                &p.required[..p.required.len().min(1)]
            } else {
                &p.required[..]
            };
            let extras: &[Slot] = match &p.extras {
                Extras::None => &[],
                Extras::Listed(slots) => slots,
                Extras::Other(_) => return None,
            };
            for slot in required.iter().chain(extras) {
                match slot {
                    Slot::Any => return None,
                    Slot::Words(ws) => out.extend(ws.iter().copied()),
                }
            }
        }
        Elem::Alt(branches) => {
            for b in branches {
                let whole: Vec<Elem> = b.iter().chain(rest).cloned().collect();
                out.extend(first_words(&whole)?);
            }
        }
    }
    Some(out)
}

fn weight_of(elems: &[Elem]) -> u32 {
    elems
        .iter()
        .map(|e| match e {
            Elem::Phase(p) => p
                .required
                .iter()
                .filter(|s| matches!(s, Slot::Words(_)))
                .count() as u32,
            Elem::Alt(branches) => branches.iter().map(|b| weight_of(b)).min().unwrap_or(0),
        })
        .sum()
}

impl Pattern {
    /// Reads a pattern (the empty text is the pattern that asks nothing).
    pub fn parse(text: &str) -> Result<Pattern, PatternError> {
        let mut p = Parser {
            text,
            chars: text.chars().collect(),
            at: 0,
        };
        let elems = p.seq()?;
        match p.peek() {
            None => Ok(Pattern {
                first: first_words(&elems).as_deref().map(keys),
                required: required_words(&elems).iter().map(|ws| keys(ws)).collect(),
                elems,
            }),
            Some(c) => Err(p.unexpected(c)),
        }
    }

    /// The keys ([`Word::key`]) of the words a matching side's first move can be; `None`
    /// when it can be any move (or none).
    pub fn first_keys(&self) -> Option<&[usize]> {
        self.first.as_deref()
    }

    /// How many named moves the pattern requires (the shortest alternative's count).
    pub fn weight(&self) -> u32 {
        weight_of(&self.elems)
    }

    /// Whether the pattern consumes a prefix of `moves`.
    pub fn matches(&self, moves: &[Word]) -> bool {
        self.matches_side(&SideMoves::new(moves))
    }

    /// [`Pattern::matches`] on moves readied for many patterns.
    pub fn matches_side(&self, side: &SideMoves) -> bool {
        if let Some(first) = &self.first {
            if !side.first.is_some_and(|k| first.contains(&k)) {
                return false;
            }
        }
        if !self
            .required
            .iter()
            .all(|ks| ks.iter().any(|&k| side.played.has(k)))
        {
            return false;
        }
        seq(&self.elems, side.moves, 0, &mut |_| true)
    }

    /// Every word the pattern names, for checks of the table.
    pub fn words(&self) -> Vec<Word> {
        fn walk(elems: &[Elem], out: &mut Vec<Word>) {
            for e in elems {
                match e {
                    Elem::Phase(p) => {
                        let extras = match &p.extras {
                            Extras::None => &[][..],
                            Extras::Listed(s) | Extras::Other(s) => &s[..],
                        };
                        for s in p.required.iter().chain(extras) {
                            if let Slot::Words(ws) = s {
                                out.extend(ws);
                            }
                        }
                    }
                    Elem::Alt(branches) => branches.iter().for_each(|b| walk(b, out)),
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.elems, &mut out);
        out
    }
}

/// Matches `elems` from `at`, calling `k` with each end; true as soon as `k` accepts.
fn seq(elems: &[Elem], moves: &[Word], at: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    let Some((first, rest)) = elems.split_first() else {
        return k(at);
    };
    match first {
        Elem::Phase(p) => {
            let mut state = PhaseState {
                done: 0,
                used: 0,
                other: false,
            };
            phase(p, moves, at, &mut state, &mut |end| {
                seq(rest, moves, end, k)
            })
        }
        Elem::Alt(branches) => branches
            .iter()
            .any(|b| seq(b, moves, at, &mut |end| seq(rest, moves, end, k))),
    }
}

#[derive(Clone, Copy)]
struct PhaseState {
    /// Required slots played (bit per slot).
    done: u32,
    /// Listed extras played (bit per slot).
    used: u32,
    /// An extra outside the list was played (`Extras::Other`).
    other: bool,
}

fn phase(
    p: &Phase,
    moves: &[Word],
    at: usize,
    s: &mut PhaseState,
    k: &mut dyn FnMut(usize) -> bool,
) -> bool {
    let Some(w) = moves.get(at) else {
        return false;
    };
    let all = (1u32 << p.required.len()) - 1;
    for (i, slot) in p.required.iter().enumerate() {
        let bit = 1u32 << i;
        if s.done & bit != 0 {
            continue;
        }
        if slot.matches(w) {
            let mut next = PhaseState {
                done: s.done | bit,
                ..*s
            };
            let finished = if next.done == all {
                let extras_ok = !matches!(p.extras, Extras::Other(_)) || next.other;
                extras_ok && k(at + 1)
            } else {
                phase(p, moves, at + 1, &mut next, k)
            };
            if finished {
                return true;
            }
        }
        if p.ordered {
            break;
        }
    }
    match &p.extras {
        Extras::None => false,
        Extras::Listed(slots) => slots.iter().enumerate().any(|(i, slot)| {
            let bit = 1u32 << i;
            s.used & bit == 0 && slot.matches(w) && {
                let mut next = PhaseState {
                    used: s.used | bit,
                    ..*s
                };
                phase(p, moves, at + 1, &mut next, k)
            }
        }),
        Extras::Other(slots) => {
            let mut next = PhaseState {
                other: s.other || !slots.iter().any(|slot| slot.matches(w)),
                ..*s
            };
            phase(p, moves, at + 1, &mut next, k)
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    at: usize,
}

fn is_syntax(c: char) -> bool {
    matches!(
        c,
        '{' | '}' | '(' | ')' | '[' | ']' | '<' | '>' | '|' | '/' | '／' | '*' | '!'
    )
}

impl Parser<'_> {
    fn skip_space(&mut self) {
        while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_space();
        self.chars.get(self.at).copied()
    }

    fn unexpected(&self, found: char) -> PatternError {
        PatternError::Unexpected {
            pattern: self.text.to_owned(),
            at: self.at,
            found,
        }
    }

    fn expect(&mut self, close: char, open: char) -> Result<(), PatternError> {
        match self.peek() {
            Some(c) if c == close => {
                self.at += 1;
                Ok(())
            }
            Some(c) => Err(self.unexpected(c)),
            None => Err(PatternError::Unclosed {
                pattern: self.text.to_owned(),
                open,
            }),
        }
    }

    /// Elements up to the end, `|` or `>`.
    fn seq(&mut self) -> Result<Vec<Elem>, PatternError> {
        let mut elems = Vec::new();
        while let Some(c) = self.peek() {
            let elem = match c {
                '|' | '>' => break,
                '*' => {
                    self.at += 1;
                    Elem::Phase(Phase {
                        extras: Extras::None,
                        required: vec![Slot::Any],
                        ordered: true,
                    })
                }
                '<' => {
                    self.at += 1;
                    let mut branches = vec![self.seq()?];
                    while self.peek() == Some('|') {
                        self.at += 1;
                        branches.push(self.seq()?);
                    }
                    self.expect('>', '<')?;
                    Elem::Alt(branches)
                }
                '{' => {
                    self.at += 1;
                    let other = self.peek() == Some('!');
                    if other {
                        self.at += 1;
                    }
                    let slots = self.slots('}', '{', true)?;
                    let (required, ordered) = self.group()?;
                    let extras = if other {
                        Extras::Other(slots)
                    } else {
                        Extras::Listed(slots)
                    };
                    Elem::Phase(Phase {
                        extras,
                        required,
                        ordered,
                    })
                }
                _ => {
                    let (required, ordered) = self.group()?;
                    Elem::Phase(Phase {
                        extras: Extras::None,
                        required,
                        ordered,
                    })
                }
            };
            elems.push(elem);
        }
        Ok(elems)
    }

    /// A required group: one slot, `(slots)` in any order or `[slots]` in order.
    fn group(&mut self) -> Result<(Vec<Slot>, bool), PatternError> {
        match self.peek() {
            Some('(') => {
                self.at += 1;
                Ok((self.slots(')', '(', false)?, false))
            }
            Some('[') => {
                self.at += 1;
                Ok((self.slots(']', '[', false)?, true))
            }
            Some(c) if !is_syntax(c) => Ok((vec![self.slot()?], true)),
            Some(c) => Err(self.unexpected(c)),
            None => Err(PatternError::Unclosed {
                pattern: self.text.to_owned(),
                open: '{',
            }),
        }
    }

    /// Slots up to `close` (consumed).
    fn slots(
        &mut self,
        close: char,
        open: char,
        may_be_empty: bool,
    ) -> Result<Vec<Slot>, PatternError> {
        let start = self.at;
        let mut slots = Vec::new();
        loop {
            match self.peek() {
                Some(c) if c == close => {
                    self.at += 1;
                    break;
                }
                Some(c) if !is_syntax(c) => slots.push(self.slot()?),
                Some(c) => return Err(self.unexpected(c)),
                None => {
                    return Err(PatternError::Unclosed {
                        pattern: self.text.to_owned(),
                        open,
                    })
                }
            }
        }
        if slots.is_empty() && !may_be_empty {
            return Err(PatternError::EmptyGroup {
                pattern: self.text.to_owned(),
                at: start,
            });
        }
        Ok(slots)
    }

    /// Words separated by `/`.
    fn slot(&mut self) -> Result<Slot, PatternError> {
        let mut words = vec![self.word()?];
        while matches!(self.peek(), Some('/' | '／')) {
            self.at += 1;
            self.skip_space();
            words.push(self.word()?);
        }
        Ok(Slot::Words(words))
    }

    fn word(&mut self) -> Result<Word, PatternError> {
        let start = self.at;
        while self
            .chars
            .get(self.at)
            .is_some_and(|&c| !c.is_whitespace() && !is_syntax(c))
        {
            self.at += 1;
        }
        if start == self.at {
            return Err(match self.chars.get(self.at) {
                Some(&c) => self.unexpected(c),
                None => PatternError::Unclosed {
                    pattern: self.text.to_owned(),
                    open: '/',
                },
            });
        }
        let text: String = self.chars[start..self.at].iter().collect();
        Ok(Word::parse(&text)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<Word> {
        text.split_whitespace()
            .map(|t| Word::parse(t).unwrap())
            .collect()
    }

    #[test]
    fn the_filters_reject_only_what_the_matcher_rejects() {
        // Every side of every definition line against the words every line names (as
        // one sequence, and each prefix of it): the filters never change an answer.
        let patterns: Vec<&Pattern> = crate::xiangqi::ecco::definitions()
            .iter()
            .flat_map(|d| d.lines.iter().flat_map(|l| [&l.red, &l.black]))
            .collect();
        let mut tried = 0;
        let mut matched = 0;
        for q in &patterns {
            let named = q.words();
            for n in (0..=named.len().min(4)).chain([named.len()]) {
                let moves = &named[..n];
                for p in &patterns {
                    let unfiltered = seq(
                        &p.elems,
                        &moves[..moves.len().min(MAX_SIDE_MOVES)],
                        0,
                        &mut |_| true,
                    );
                    assert_eq!(p.matches(moves), unfiltered, "{p:?} on {moves:?}");
                    tried += 1;
                    matched += usize::from(unfiltered);
                }
            }
        }
        assert!(tried > 100_000 && matched > 1_000, "{tried} {matched}");
    }

    fn m(pattern: &str, moves: &str) -> bool {
        Pattern::parse(pattern).unwrap().matches(&words(moves))
    }

    #[test]
    fn plain_moves_match_a_prefix() {
        assert!(m("炮二平五 马二进三", "炮二平五 马二进三 车一平二"));
        assert!(!m("炮二平五 马二进三", "炮二平五 车一进一 马二进三"));
        assert!(m("", "炮二平五"));
        assert!(m("炮二平五 * 车一平二", "炮二平五 马二进三 车一平二"));
        assert!(m("马八进七/马八进九", "马八进九"));
    }

    #[test]
    fn extras_may_come_before_the_required_move() {
        let p = "炮二平五 {马二进三 车一平二 兵三进一 兵七进一} 马八进七";
        assert!(m(p, "炮二平五 马八进七"));
        assert!(m(p, "炮二平五 兵七进一 马二进三 马八进七"));
        assert!(!m(p, "炮二平五 马二进三 车二进六 马八进七"));
        assert!(!m(p, "炮二平五 马二进三 车一平二"));
    }

    #[test]
    fn unordered_and_ordered_groups() {
        assert!(m("(兵三进一 兵七进一)", "兵七进一 兵三进一"));
        assert!(m(
            "{马八进七} [车一平二 车二进六]",
            "车一平二 马八进七 车二进六"
        ));
        assert!(!m("[车一平二 兵三进一]", "兵三进一 车一平二"));
    }

    #[test]
    fn other_extras_need_one_move_outside_the_list() {
        let p = "马２进３ {!卒７进１ 卒３进１} [炮８平６ 马８进７]";
        assert!(!m(p, "马２进３ 卒７进１ 炮８平６ 马８进７"));
        assert!(m(p, "马２进３ 车１平２ 炮８平６ 卒７进１ 马８进７"));
    }

    #[test]
    fn alternatives_and_weights() {
        let p = Pattern::parse(
            "<马８进７ {卒７进１} 马２进３ | 马２进３ {卒７进１} 马８进７> 车１平２",
        )
        .unwrap();
        assert!(p.matches(&words("马２进３ 卒７进１ 马８进７ 车１平２")));
        assert!(!p.matches(&words("卒７进１ 马２进３ 马８进７ 车１平２")));
        assert_eq!(p.weight(), 3);
    }

    #[test]
    fn errors_say_where() {
        assert!(matches!(
            Pattern::parse("(炮二平五"),
            Err(PatternError::Unclosed { open: '(', .. })
        ));
        assert!(matches!(
            Pattern::parse("炮二平五 )"),
            Err(PatternError::Unexpected { found: ')', .. })
        ));
        assert!(matches!(
            Pattern::parse("()"),
            Err(PatternError::EmptyGroup { .. })
        ));
        let e = Pattern::parse("炮十平五").unwrap_err();
        assert!(e.to_string().contains("炮十平五"), "{e}");
    }
}
