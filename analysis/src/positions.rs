//! Position search and the opening explorer, read from the position index
//! ([`kifu_store::positions`]): every game reaching a position under any symmetry of its
//! board, and the next moves played from it with their results.
//!
//! Both take an optional set of game ids ([`Games`]): the seam where a header filter
//! (player, event, date…) narrows what they count. Linked copies (`duplicate_of` set) are
//! left out unless asked for, as in every table of this crate.

use std::collections::{HashMap, HashSet};

use kifu_facts::{GameKind, MoveCode, Outcome, PositionKey, ResultName, Seat};
use kifu_rules::positions::{
    compose, inverse, stored_board, stored_trail, symmetry_name, with_stored, Board,
};
use kifu_store::positions::{PositionGame, Posting};
use kifu_store::{GameFilter, Store};

use crate::frame::Z95;

/// The games a search may count: `None` for all.
pub type Games<'a> = Option<&'a HashSet<i64>>;

/// Which postings count.
#[derive(Clone, Copy, Debug, Default)]
pub struct Selection<'a> {
    /// Only these games (the header filter's answer).
    pub games: Games<'a>,
    /// Never these games (the free-style games the default ruleset leaves out, when the
    /// filter asks nothing else: a short list, where the games it admits are nearly all).
    pub left_out: Option<&'a HashSet<i64>>,
    /// Count linked copies too.
    pub with_duplicates: bool,
}

impl Selection<'_> {
    fn admits(&self, p: &Posting) -> bool {
        (self.with_duplicates || !p.duplicate) && self.selects(p.game)
    }

    /// Whether the header filter selects `game` (a linked copy or not).
    fn selects(&self, game: i64) -> bool {
        self.games.is_none_or(|g| g.contains(&game))
            && self.left_out.is_none_or(|l| !l.contains(&game))
    }
}

/// The games of a kind a header filter selects, as a position search or an explorer
/// reads them ([`filtered_games`]).
#[derive(Clone, Debug, Default)]
pub struct FilteredGames {
    /// Only these (`None`: every game of the kind but [`FilteredGames::left_out`]).
    pub only: Option<HashSet<i64>>,
    pub left_out: Option<HashSet<i64>>,
}

impl FilteredGames {
    /// The postings to count: these games, and linked copies if `with_duplicates`.
    pub fn selection(&self, with_duplicates: bool) -> Selection<'_> {
        Selection {
            games: self.only.as_ref(),
            left_out: self.left_out.as_ref(),
            with_duplicates,
        }
    }
}

/// The games of `kind` a position search or an explorer counts under `filter`. Read
/// without a set to look each game up in when the filter asks nothing beyond the kind and
/// linked copies; with the set of the free-style games to leave out when it asks only the
/// default ruleset (Renju rules: the other games are nearly all, and reading a million ids
/// for each question took longer than answering it); else the ids the header filter
/// selects.
pub fn filtered_games(
    store: &Store,
    filter: &GameFilter,
    kind: GameKind,
) -> Result<FilteredGames, kifu_store::Error> {
    let only_kind = GameFilter {
        game: filter.game,
        with_duplicates: filter.with_duplicates,
        ..GameFilter::default()
    };
    if *filter == only_kind {
        return Ok(FilteredGames::default());
    }
    let renju_rules = GameFilter {
        ruleset: kifu_store::RulesetChoice::Renju,
        ..only_kind
    };
    if *filter == renju_rules {
        let freestyle = GameFilter {
            game: Some(kind),
            ruleset: kifu_store::RulesetChoice::Freestyle,
            with_duplicates: true,
            ..GameFilter::default()
        };
        let left_out = store.game_id_set(&freestyle)?;
        return Ok(FilteredGames {
            only: None,
            left_out: (!left_out.is_empty()).then_some(left_out),
        });
    }
    let filter = GameFilter {
        game: Some(kind),
        ..filter.clone()
    };
    Ok(FilteredGames {
        only: Some(store.game_id_set(&filter)?),
        left_out: None,
    })
}

/// Results counted by seat: wins per seat (index 0 = the first mover), draws, unknown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResultCounts {
    pub games: u64,
    pub wins: [u64; Seat::MAX as usize],
    pub draws: u64,
    pub unknown: u64,
}

impl ResultCounts {
    pub fn add(&mut self, r: Outcome) {
        self.games += 1;
        match r {
            Outcome::Unknown => self.unknown += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Win(seat) => self.wins[seat.index()] += 1,
        }
    }

    /// Takes back a game [`ResultCounts::add`] counted.
    pub fn remove(&mut self, r: Outcome) {
        self.games -= 1;
        match r {
            Outcome::Unknown => self.unknown -= 1,
            Outcome::Draw => self.draws -= 1,
            Outcome::Win(seat) => self.wins[seat.index()] -= 1,
        }
    }

    /// Adds another's counts.
    pub fn merge(&mut self, other: &ResultCounts) {
        self.games += other.games;
        for (w, o) in self.wins.iter_mut().zip(other.wins) {
            *w += o;
        }
        self.draws += other.draws;
        self.unknown += other.unknown;
    }

    /// Games with a result (a win or a draw).
    pub fn decided(&self) -> u64 {
        self.games - self.unknown
    }

    /// The first mover's score, `(wins + draws / 2) / decided`, with its 95% Wilson
    /// interval; `None` without a decided game.
    pub fn first_mover_score(&self) -> Option<(f64, f64, f64)> {
        let n = self.decided();
        if n == 0 {
            return None;
        }
        let p = (self.wins[0] as f64 + self.draws as f64 / 2.0) / n as f64;
        let (low, high) = wilson(p, n as f64);
        Some((p, low, high))
    }

    /// `(outcome name, count)` in the game's names, the first mover first; zero counts
    /// of seats past the second are left out.
    pub fn named(&self, kind: GameKind) -> Vec<(String, u64)> {
        let mut out = Vec::new();
        for (seat, &n) in Seat::ALL.into_iter().zip(&self.wins) {
            if seat <= Seat::SECOND || n > 0 {
                out.push((kind.win(seat).name().to_owned(), n));
            }
        }
        out.push((ResultName::Draw.name().to_owned(), self.draws));
        out.push((ResultName::Unknown.name().to_owned(), self.unknown));
        out
    }
}

/// The 95% Wilson score interval of a proportion `p` out of `n` trials.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    let z2 = Z95 * Z95;
    let denom = 1.0 + z2 / n;
    let center = p + z2 / (2.0 * n);
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((center - half) / denom, (center + half) / denom)
}

/// A game that reaches the searched position.
#[derive(Clone, Debug)]
pub struct PositionMatch {
    pub game: PositionGame,
    /// The ply at which the game first reaches the position.
    pub ply: u32,
    /// The symmetry that maps the game's board at `ply` onto the query's orientation.
    pub symmetry: u8,
    pub symmetry_name: &'static str,
    pub result: Outcome,
}

/// Every game reaching a position, in game order, with the results counted.
#[derive(Clone, Debug)]
pub struct PositionSearch {
    pub kind: GameKind,
    pub matches: Vec<PositionMatch>,
    pub counts: ResultCounts,
    /// Linked copies that reach the position and were left out.
    pub copies_left_out: u64,
}

/// Why a search failed.
#[derive(Debug)]
pub enum SearchError {
    Store(kifu_store::Error),
    /// A stored game the index lists does not replay (the database was changed behind
    /// kifu's back, or a stored move blob is unreadable).
    Replay {
        game: i64,
        reason: kifu_rules::positions::StoredError,
    },
}

impl std::fmt::Display for SearchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SearchError::Store(e) => e.fmt(f),
            SearchError::Replay { game, reason } => write!(
                f,
                "game {game}, listed by the position index, does not replay ({reason}): \
                 rebuild the index with `kifu index --rebuild`"
            ),
        }
    }
}

impl std::error::Error for SearchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SearchError::Store(e) => Some(e),
            SearchError::Replay { reason, .. } => Some(reason),
        }
    }
}

impl From<kifu_store::Error> for SearchError {
    fn from(e: kifu_store::Error) -> SearchError {
        SearchError::Store(e)
    }
}

/// Every game that reaches `query` under a symmetry of its board. Each game the index
/// lists is replayed from its stored moves, which gives the ply and confirms the full
/// 64-bit key (the index keeps 48 bits).
pub fn search(
    store: &Store,
    query: &Board,
    select: Selection<'_>,
) -> Result<PositionSearch, SearchError> {
    search_listing(store, query, select, None)
}

/// [`search`], listing at most `list` games (the first in game order; `None`: every
/// game). The counts are of every game the index lists, as the explorer's are; the games
/// replayed (the listed ones, and any the full key turns out not to match, which are then
/// taken out of the counts too) are checked against the full key. Replaying only what is
/// listed keeps a question about a position half the archive reaches as quick as one
/// about a rare position.
pub fn search_listing(
    store: &Store,
    query: &Board,
    select: Selection<'_>,
    list: Option<usize>,
) -> Result<PositionSearch, SearchError> {
    let kind = query.kind();
    let (key, query_symmetry) = query.key();
    let postings = store.postings(kind, key)?;
    let mut copies_left_out = 0;
    let mut ids = Vec::new();
    let mut results = HashMap::new();
    let mut counts = ResultCounts::default();
    for p in &postings {
        if !select.admits(p) {
            if p.duplicate && select.selects(p.game) {
                copies_left_out += 1;
            }
            continue;
        }
        ids.push(p.game);
        results.insert(p.game, p.result);
        counts.add(p.result);
    }
    let to_query = inverse(kind, query_symmetry);
    let wanted = list.unwrap_or(ids.len()).min(ids.len());
    let mut matches = Vec::with_capacity(wanted);
    // In chunks: a stranger (another position sharing the stored bits) takes a listed
    // place, and the next games fill it.
    let mut next = 0;
    while matches.len() < wanted && next < ids.len() {
        let chunk = (wanted - matches.len()).max(16);
        let end = (next + chunk).min(ids.len());
        for game in store.position_games(&ids[next..end])? {
            let found = with_stored(game.kind, &game.moves, game.extra.as_deref(), |g| {
                stored_trail(g).map(|t| t.into_iter().find(|s| s.key == key))
            })
            .map_err(|reason| SearchError::Replay {
                game: game.id,
                reason,
            })?;
            let result = results[&game.id];
            // Another position sharing the key's stored bits: not a match.
            let Some(step) = found else {
                counts.remove(result);
                continue;
            };
            if matches.len() == wanted {
                continue;
            }
            let symmetry = compose(kind, to_query, step.symmetry);
            matches.push(PositionMatch {
                ply: step.ply,
                symmetry,
                symmetry_name: symmetry_name(kind, symmetry),
                result,
                game,
            });
        }
        next = end;
    }
    Ok(PositionSearch {
        kind,
        matches,
        counts,
        copies_left_out,
    })
}

/// A stored game's board at a ply under a symmetry: what a match says the game shows.
pub fn board_of_match(m: &PositionMatch) -> Result<Board, SearchError> {
    let g = &m.game;
    with_stored(g.kind, &g.moves, g.extra.as_deref(), |s| {
        stored_board(s, m.ply)
    })
    .map(|b| b.transformed(m.symmetry))
    .map_err(|reason| SearchError::Replay { game: g.id, reason })
}

/// One next move from an explored position, written in the query's orientation, with
/// every game that played it or a move reaching the same position (transpositions and
/// the position's own symmetries merged).
#[derive(Clone, Debug)]
pub struct ExploredMove {
    pub code: MoveCode,
    /// The move in the game's notation (Xiangqi: Chinese, then ICCS).
    pub text: String,
    pub counts: ResultCounts,
    /// Mean length of the games, in plies.
    pub mean_length: f64,
    /// The reply played most often after it (in the query's orientation), and how often.
    pub continuation: Option<(String, u64)>,
    /// The position after the move, in the query's orientation.
    pub board: Board,
    /// Deeper moves, for `--depth` above 1.
    pub children: Vec<ExploredMove>,
}

/// What the explorer found from a position.
#[derive(Clone, Debug)]
pub struct Explored {
    pub kind: GameKind,
    /// Every game reaching the position.
    pub counts: ResultCounts,
    /// Games that end in the position (no next move).
    pub ended: u64,
    pub moves: Vec<ExploredMove>,
    /// The moves played in fewer games than asked, at every depth, not listed.
    pub left_out: LeftOut,
}

/// Moves the explorer does not list for being played in too few games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeftOut {
    /// Moves (rows of the tree) left out, at every depth.
    pub moves: u64,
    /// Their games, summed over those moves (a game left out at two depths counts twice).
    pub games: u64,
}

/// Takes out of `moves` those played in fewer than `min_games` games, counting them in
/// `left_out`.
pub fn leave_out_rare(moves: &mut Vec<ExploredMove>, min_games: u64, left_out: &mut LeftOut) {
    moves.retain(|m| {
        let kept = m.counts.games >= min_games;
        if !kept {
            left_out.moves += 1;
            left_out.games += m.counts.games;
        }
        kept
    });
}

/// The next moves from `query`, most played first, `depth` levels deep (1 = the next
/// moves only); a move played in fewer than `min_games` games is not listed, at any depth
/// (nor its children looked for), and is counted in [`Explored::left_out`].
pub fn explore(
    store: &Store,
    query: &Board,
    select: Selection<'_>,
    depth: u32,
    min_games: u64,
) -> Result<Explored, SearchError> {
    let kind = query.kind();
    let (key, _) = query.key();
    let postings: Vec<Posting> = store
        .postings(kind, key)?
        .into_iter()
        .filter(|p| select.admits(p))
        .collect();
    let mut counts = ResultCounts::default();
    let mut ended = 0;
    for p in &postings {
        counts.add(p.result);
        if p.next.is_none() {
            ended += 1;
        }
    }
    let mut moves = next_moves(query, &postings)?;
    let mut left_out = LeftOut::default();
    leave_out_rare(&mut moves, min_games, &mut left_out);
    if depth > 1 {
        for m in &mut moves {
            expand(store, m, select, depth - 1, min_games, &mut left_out)?;
        }
    }
    Ok(Explored {
        kind,
        counts,
        ended,
        moves,
        left_out,
    })
}

/// The children of `m` (a listed move), `depth` levels deep, those played in fewer than
/// `min_games` games left out.
fn expand(
    store: &Store,
    m: &mut ExploredMove,
    select: Selection<'_>,
    depth: u32,
    min_games: u64,
    left_out: &mut LeftOut,
) -> Result<(), SearchError> {
    if depth == 0 {
        return Ok(());
    }
    let (key, _) = m.board.key();
    let postings: Vec<Posting> = store
        .postings(m.board.kind(), key)?
        .into_iter()
        .filter(|p| select.admits(p))
        .collect();
    m.children = next_moves(&m.board, &postings)?;
    leave_out_rare(&mut m.children, min_games, left_out);
    for c in &mut m.children {
        expand(store, c, select, depth - 1, min_games, left_out)?;
    }
    Ok(())
}

/// A group of postings whose next moves reach one position.
struct Group {
    counts: ResultCounts,
    length_sum: u64,
    /// Next-move codes in the query's orientation, with how often each was played.
    codes: HashMap<MoveCode, u64>,
    /// `(next move, reply)` in the query's orientation, with how often each was played.
    replies: HashMap<(MoveCode, MoveCode), u64>,
}

/// The postings' next moves, grouped by the position they reach.
fn next_moves(query: &Board, postings: &[Posting]) -> Result<Vec<ExploredMove>, SearchError> {
    let kind = query.kind();
    let (_, query_symmetry) = query.key();
    let canonical = query.transformed(query_symmetry);
    let to_query = inverse(kind, query_symmetry);
    // One pass over the postings (a million at the root of a million games): counts per
    // (next move, reply) in the canonical orientation; the groups are made from these few.
    let mut pairs: HashMap<(MoveCode, MoveCode), (ResultCounts, u64)> = HashMap::new();
    for p in postings {
        if p.next.is_none() {
            continue;
        }
        let (counts, length_sum) = pairs.entry((p.next, p.reply)).or_default();
        counts.add(p.result);
        *length_sum += u64::from(p.length);
    }
    // Moves in the canonical orientation, each played once onto the canonical board.
    let mut child_of: HashMap<MoveCode, Option<PositionKey>> = HashMap::new();
    let mut groups: HashMap<PositionKey, Group> = HashMap::new();
    for (&(next_code, reply_code), (counts, length_sum)) in &pairs {
        let child = *child_of
            .entry(next_code)
            .or_insert_with(|| canonical.play(next_code).ok().map(|b| b.key().0));
        // A move the position does not allow (a stored game played on past its end in a
        // way no board allows): counted under its own code.
        let group_key = child.unwrap_or(PositionKey(u64::from(next_code.0)));
        let g = groups.entry(group_key).or_insert_with(|| Group {
            counts: ResultCounts::default(),
            length_sum: 0,
            codes: HashMap::new(),
            replies: HashMap::new(),
        });
        g.counts.merge(counts);
        g.length_sum += length_sum;
        let next = canonical.apply_symmetry(to_query, next_code);
        *g.codes.entry(next).or_default() += counts.games;
        if !reply_code.is_none() {
            let reply = canonical.apply_symmetry(to_query, reply_code);
            *g.replies.entry((next, reply)).or_default() += counts.games;
        }
    }
    let stabilizer = query.stabilizer();
    let mut out = Vec::with_capacity(groups.len());
    for g in groups.into_values() {
        let code = most_common(&g.codes).expect("a group has a move");
        let Ok(board) = query.play(code) else {
            continue;
        };
        // A reply to an equivalent move (an image of `code` under the position's own
        // symmetries) is mapped by that symmetry, so it is written after `code`.
        let mut replies: HashMap<MoveCode, u64> = HashMap::new();
        for (&(next, reply), &n) in &g.replies {
            let reply = stabilizer
                .iter()
                .find(|&&u| query.apply_symmetry(u, next) == code)
                .map_or(reply, |&u| query.apply_symmetry(u, reply));
            *replies.entry(reply).or_default() += n;
        }
        let continuation = continuation(&board, &replies);
        out.push(ExploredMove {
            code,
            text: query.move_text(code),
            mean_length: g.length_sum as f64 / g.counts.games as f64,
            counts: g.counts,
            continuation,
            board,
            children: Vec::new(),
        });
    }
    out.sort_by(|a, b| {
        b.counts
            .games
            .cmp(&a.counts.games)
            .then(a.code.cmp(&b.code))
    });
    Ok(out)
}

/// The reply played most often from `board`, written from it, with its games: replies
/// that reach one position (equivalent under the position's own symmetries) count
/// together, written as the most common of them.
fn continuation(board: &Board, replies: &HashMap<MoveCode, u64>) -> Option<(String, u64)> {
    let mut by_position: HashMap<PositionKey, HashMap<MoveCode, u64>> = HashMap::new();
    for (&code, &n) in replies {
        let key = board
            .play(code)
            .map_or(PositionKey(u64::from(code.0)), |b| b.key().0);
        by_position.entry(key).or_default().insert(code, n);
    }
    by_position
        .values()
        .map(|codes| (codes.values().sum::<u64>(), codes))
        .max_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| most_common(b.1).cmp(&most_common(a.1)))
        })
        .and_then(|(n, codes)| most_common(codes).map(|c| (board.move_text(c), n)))
}

/// The most frequent code, the smallest on a tie.
fn most_common(counts: &HashMap<MoveCode, u64>) -> Option<MoveCode> {
    counts
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
        .map(|(&c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_bounds_match_the_formula() {
        let (low, high) = wilson(0.5, 100.0);
        assert!((low - 0.4038).abs() < 1e-4, "{low}");
        assert!((high - 0.5962).abs() < 1e-4, "{high}");
        let mut c = ResultCounts::default();
        for r in [
            Outcome::Win(Seat::FIRST),
            Outcome::Draw,
            Outcome::Win(Seat::SECOND),
            Outcome::Unknown,
        ] {
            c.add(r);
        }
        assert_eq!(c.decided(), 3);
        assert_eq!(c.first_mover_score().unwrap().0, 0.5);
    }
}
