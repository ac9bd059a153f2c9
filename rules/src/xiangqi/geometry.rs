//! Precomputed move geometry (built at compile time). Squares are `rank * 9 + file`;
//! 255 marks the end of a list.

pub(crate) const NONE: u8 = 255;

const fn sq(f: i32, r: i32) -> u8 {
    if f < 0 || f > 8 || r < 0 || r > 9 {
        NONE
    } else {
        (r * 9 + f) as u8
    }
}

const fn in_palace(f: i32, r: i32) -> bool {
    f >= 3 && f <= 5 && ((r >= 0 && r <= 2) || (r >= 7 && r <= 9))
}

/// King steps inside either palace.
pub(crate) static KING: [[u8; 4]; 90] = {
    let mut t = [[NONE; 4]; 90];
    let d = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut n = 0;
        let mut i = 0;
        while i < 4 {
            let (nf, nr) = (f + d[i].0, r + d[i].1);
            if in_palace(f, r) && in_palace(nf, nr) && (r <= 2) == (nr <= 2) {
                t[s][n] = sq(nf, nr);
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// Advisor steps (diagonal, inside the palace).
pub(crate) static ADVISOR: [[u8; 4]; 90] = {
    let mut t = [[NONE; 4]; 90];
    let d = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut n = 0;
        let mut i = 0;
        while i < 4 {
            let (nf, nr) = (f + d[i].0, r + d[i].1);
            if in_palace(f, r) && in_palace(nf, nr) && (r <= 2) == (nr <= 2) {
                t[s][n] = sq(nf, nr);
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// Elephant moves `(to, eye)`, staying on the source's side of the river.
pub(crate) static ELEPHANT: [[(u8, u8); 4]; 90] = {
    let mut t = [[(NONE, NONE); 4]; 90];
    let d = [(2, 2), (-2, 2), (2, -2), (-2, -2)];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut n = 0;
        let mut i = 0;
        while i < 4 {
            let (nf, nr) = (f + d[i].0, r + d[i].1);
            let to = sq(nf, nr);
            if to != NONE && (r <= 4) == (nr <= 4) {
                t[s][n] = (to, sq(f + d[i].0 / 2, r + d[i].1 / 2));
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

const HORSE_D: [(i32, i32, i32, i32); 8] = [
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];

/// Horse moves `(to, leg)`.
pub(crate) static HORSE: [[(u8, u8); 8]; 90] = {
    let mut t = [[(NONE, NONE); 8]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut n = 0;
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = HORSE_D[i];
            let to = sq(f + df, r + dr);
            if to != NONE {
                t[s][n] = (to, sq(f + lf, r + lr));
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// Horses attacking a square: `(horse square, leg)`; the leg is a diagonal neighbour of
/// the target.
pub(crate) static HORSE_ATTACKERS: [[(u8, u8); 8]; 90] = {
    let mut t = [[(NONE, NONE); 8]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut n = 0;
        let mut i = 0;
        while i < 8 {
            let (df, dr, _, _) = HORSE_D[i];
            let h = sq(f + df, r + dr);
            if h != NONE {
                // leg: from the horse one step along the long axis towards the target
                let (sx, sy) = (if df > 0 { 1 } else { -1 }, if dr > 0 { 1 } else { -1 });
                let leg = if dr == 2 || dr == -2 {
                    sq(f + df, r + sy)
                } else {
                    sq(f + sx, r + dr)
                };
                t[s][n] = (h, leg);
                n += 1;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// Pawn moves per side (0 Red, 1 Black).
pub(crate) static PAWN: [[[u8; 3]; 90]; 2] = {
    let mut t = [[[NONE; 3]; 90]; 2];
    let mut side = 0;
    while side < 2 {
        let fwd = if side == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < 90 {
            let (f, r) = ((s % 9) as i32, (s / 9) as i32);
            let crossed = if side == 0 { r >= 5 } else { r <= 4 };
            let mut n = 0;
            let a = sq(f, r + fwd);
            if a != NONE {
                t[side][s][n] = a;
                n += 1;
            }
            if crossed {
                let b = sq(f - 1, r);
                if b != NONE {
                    t[side][s][n] = b;
                    n += 1;
                }
                let c = sq(f + 1, r);
                if c != NONE {
                    t[side][s][n] = c;
                }
            }
            s += 1;
        }
        side += 1;
    }
    t
};

/// Squares from which a pawn of a side (0 Red, 1 Black) attacks a square.
pub(crate) static PAWN_ATTACKERS: [[[u8; 3]; 90]; 2] = {
    let mut t = [[[NONE; 3]; 90]; 2];
    let mut side = 0;
    while side < 2 {
        let mut s = 0;
        while s < 90 {
            let mut n = 0;
            let mut from = 0;
            while from < 90 {
                let mut i = 0;
                while i < 3 {
                    if PAWN[side][from][i] == s as u8 {
                        t[side][s][n] = from as u8;
                        n += 1;
                    }
                    i += 1;
                }
                from += 1;
            }
            s += 1;
        }
        side += 1;
    }
    t
};

/// Rays: per square, per direction (0 up = rank+1, 1 down, 2 right = file+1, 3 left), the
/// squares in order, NONE-terminated.
pub(crate) static RAYS: [[[u8; 10]; 4]; 90] = {
    let mut t = [[[NONE; 10]; 4]; 90];
    let d = [(0, 1), (0, -1), (1, 0), (-1, 0)];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut i = 0;
        while i < 4 {
            let mut n = 0;
            let (mut nf, mut nr) = (f + d[i].0, r + d[i].1);
            while sq(nf, nr) != NONE {
                t[s][i][n] = sq(nf, nr);
                n += 1;
                nf += d[i].0;
                nr += d[i].1;
            }
            i += 1;
        }
        s += 1;
    }
    t
};

/// Is `a` diagonally adjacent to `b`?
#[inline]
pub(crate) fn diag_adjacent(a: u8, b: u8) -> bool {
    let (af, ar) = ((a % 9) as i32, (a / 9) as i32);
    let (bf, br) = ((b % 9) as i32, (b / 9) as i32);
    (af - bf).abs() == 1 && (ar - br).abs() == 1
}

/// Zobrist keys: `[piece code][square]` and the side key (Black to move).
pub(crate) static ZOBRIST: [[u64; 90]; 16] = {
    let mut t = [[0u64; 90]; 16];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15 ^ 0x5851_F42D_4C95_7F2D;
    let mut p = 0;
    while p < 16 {
        let mut s = 0;
        while s < 90 {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^= z >> 31;
            t[p][s] = if p & 7 == 0 { 0 } else { z };
            s += 1;
        }
        p += 1;
    }
    t
};

pub(crate) const ZOBRIST_BLACK: u64 = 0x3C6E_F372_FE94_F82B;
