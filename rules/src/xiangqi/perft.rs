//! Perft: the number of leaf nodes of the legal-move tree (bulk-counted at depth 1).

use super::position::{MoveList, Position};
use super::square::Move;

/// Leaf count of the legal-move tree to `depth` (depth 0 = 1).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return pos.count_legal() as u64;
    }
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    let mut n = 0;
    for &m in list.as_slice() {
        let u = pos.make(m);
        n += perft(pos, depth - 1);
        pos.unmake(m, u);
    }
    n
}

/// Perft per root move.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut p = pos.clone();
    let mut list = MoveList::new();
    p.legal_moves_into(&mut list);
    list.as_slice()
        .iter()
        .map(|&m| {
            let u = p.make(m);
            let n = if depth == 0 {
                1
            } else {
                perft(&mut p, depth - 1)
            };
            p.unmake(m, u);
            (m, n)
        })
        .collect()
}

/// Perft with the root moves spread over `threads` threads (≥ 1).
pub fn perft_parallel(pos: &Position, depth: u32, threads: usize) -> u64 {
    if depth < 2 || threads <= 1 {
        return perft(&mut pos.clone(), depth);
    }
    let moves = pos.legal_moves();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let total = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let mut p = pos.clone();
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(&m) = moves.get(i) else { break };
                    let u = p.make(m);
                    let n = perft(&mut p, depth - 1);
                    p.unmake(m, u);
                    total.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
                }
            });
        }
    });
    total.into_inner()
}
