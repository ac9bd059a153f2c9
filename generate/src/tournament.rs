//! Tournaments for generated games: events, rounds, dates and player names.
//!
//! [`schedule`] turns a seed and a number of games into a stream of [`Scheduled`] games,
//! grouped into tournaments of 8–16 players. Two-seat games (Renju, Xiangqi, …) are played
//! as a round robin (circle method: `n − 1` rounds of `n / 2` games, colours alternating);
//! games with another number of seats are played at tables drawn afresh every round.
//! The last tournament is cut short when the requested number of games runs out.
//!
//! Everything is drawn from the seed (tournament `t` from `Rng::fork(seed', t)`), so a
//! seed always gives the same schedule, whatever the game generator does with its own
//! random numbers. Event names are unique within a run (place × kind cycle through all
//! combinations before the year moves on). Per game only the event and player names are
//! allocated.

use crate::random::Rng;

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheduled {
    /// `Sakura Open 2031`.
    pub event: String,
    /// 1-based round within the event.
    pub round: u32,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// The players in seat order (Renju: Black, White; Xiangqi: Red, Black).
    pub players: Vec<String>,
}

/// Places events are named after.
const PLACES: [&str; 32] = [
    "Sakura",
    "Tallinn",
    "Hangzhou",
    "Kyoto",
    "Riga",
    "Pärnu",
    "Moscow",
    "Beijing",
    "Osaka",
    "Tartu",
    "Shanghai",
    "Sapporo",
    "Helsinki",
    "Prague",
    "Novosibirsk",
    "Taipei",
    "Stockholm",
    "Yerevan",
    "Vilnius",
    "Chengdu",
    "Nagoya",
    "Kraków",
    "Saint Petersburg",
    "Guangzhou",
    "Fukuoka",
    "Brno",
    "Kuressaare",
    "Minsk",
    "Xiamen",
    "Sendai",
    "Haapsalu",
    "Kazan",
];

/// Kinds of event.
const KINDS: [&str; 12] = [
    "Open",
    "Cup",
    "Masters",
    "Championship",
    "Memorial",
    "Invitational",
    "Spring Open",
    "Autumn Cup",
    "Winter Classic",
    "Summer Festival",
    "Rapid",
    "League",
];

/// Plausible player names: Japanese, Chinese, Estonian, Russian (native scripts and
/// romanized), and others.
pub const NAMES: [&str; 114] = [
    // Japanese
    "佐藤健一",
    "鈴木陽子",
    "高橋誠",
    "田中優子",
    "渡辺大輔",
    "伊藤美咲",
    "山本浩二",
    "中村茂",
    "小林直樹",
    "加藤真理子",
    "吉田翔太",
    "山田花子",
    "松本亮",
    "井上恵",
    "木村拓也",
    "Hiroshi Nakagawa",
    "Yuki Tanabe",
    "Kenji Mori",
    "Aiko Fujita",
    "Takeshi Okada",
    // Chinese
    "王建国",
    "李明",
    "张伟",
    "刘芳",
    "陈静",
    "杨洋",
    "赵磊",
    "黄丽",
    "周杰",
    "吴强",
    "徐慧",
    "孙浩",
    "胡军",
    "郭敏",
    "林志明",
    "何晓东",
    "Wang Lei",
    "Li Na",
    "Zhang Hui",
    "Chen Yu",
    "Liu Yang",
    "Zhao Min",
    // Estonian
    "Tõnu Kask",
    "Mihkel Mägi",
    "Jüri Tamm",
    "Ülle Saar",
    "Kärt Põld",
    "Mart Sepp",
    "Tiit Kõiv",
    "Helle Rebane",
    "Priit Lõhmus",
    "Aivar Pärn",
    "Liis Mänd",
    "Rein Järv",
    "Maarja Ilves",
    "Ants Kuusk",
    "Eve Vaher",
    "Siim Õunapuu",
    // Russian
    "Алексей Смирнов",
    "Ирина Волкова",
    "Дмитрий Кузнецов",
    "Ольга Соколова",
    "Сергей Попов",
    "Наталья Лебедева",
    "Андрей Козлов",
    "Екатерина Новикова",
    "Михаил Морозов",
    "Татьяна Павлова",
    "Vladimir Orlov",
    "Yelena Fedorova",
    "Pavel Sidorov",
    "Anna Kovalenko",
    // Latvian, Lithuanian, Finnish, Swedish, Czech, Polish, others
    "Jānis Bērziņš",
    "Līga Kalniņa",
    "Mindaugas Kazlauskas",
    "Rūta Petrauskienė",
    "Mikko Virtanen",
    "Aino Korhonen",
    "Juha Mäkinen",
    "Erik Lindqvist",
    "Sofia Bergström",
    "Lars Nyström",
    "Tomáš Novák",
    "Petra Dvořáková",
    "Jiří Svoboda",
    "Katarzyna Wójcik",
    "Piotr Zieliński",
    "Ashot Hakobyan",
    "Nino Beridze",
    "Aleksandr Lebedev",
    "Oleg Romanov",
    "Marek Šimek",
    // Korean, Taiwanese, Vietnamese
    "김민준",
    "이서연",
    "박지훈",
    "Kim Ji-woo",
    "Park Seo-yeon",
    "林冠宇",
    "陳怡君",
    "Nguyễn Văn An",
    "Trần Thị Lan",
    // Western
    "Anna Schmidt",
    "Lukas Weber",
    "Marie Dubois",
    "Pierre Martin",
    "Giulia Rossi",
    "Marco Bianchi",
    "Emily Clark",
    "James Walker",
    "Olivia Brown",
    "Daniel Moore",
    "Ingrid Hansen",
    "Bjørn Olsen",
    "Carmen López",
];

/// Salt so the schedule's numbers differ from the games' (`Rng::fork(seed, i)`).
const SALT: u64 = 0x7A3C_19E5_5D21_B4F7;

/// The tournament being played.
#[derive(Clone, Debug)]
struct Event {
    name: String,
    year: u32,
    /// Day of the year (1-based) of round 1.
    first_day: u32,
    /// Days between rounds (1 or 2; the event stays within its year).
    step: u32,
    /// Indices into [`NAMES`] of the players (`n` of them).
    players: Vec<u16>,
    rounds: u32,
    /// Games per round.
    tables: usize,
    /// Current round (0-based) and game within it.
    round: u32,
    game: usize,
    /// For tables of other than 2 seats: the current round's seating (player slots).
    seating: Vec<u16>,
    rng: Rng,
}

/// The iterator of [`schedule`].
#[derive(Clone, Debug)]
pub struct Schedule {
    seed: u64,
    seats: usize,
    remaining: usize,
    next_event: u64,
    /// Random offsets for the place/kind cycle and the first year.
    offset: usize,
    base_year: u32,
    pool: Vec<u16>,
    event: Option<Event>,
}

/// Games grouped into tournaments, reproducible from `seed`: `games` games with `seats`
/// players each (2 for Renju and Xiangqi). See the module documentation.
pub fn schedule(seed: u64, games: usize, seats: usize) -> Schedule {
    let mut rng = Rng::new(seed ^ SALT);
    rng.next_u64();
    let offset = rng.below(PLACES.len() * KINDS.len());
    let base_year = 1995 + rng.below(25) as u32;
    Schedule {
        seed,
        seats: seats.max(1),
        remaining: games,
        next_event: 0,
        offset,
        base_year,
        pool: (0..NAMES.len() as u16).collect(),
        event: None,
    }
}

fn is_leap(y: u32) -> bool {
    (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400)
}

/// `YYYY-MM-DD` of day `day` (1-based) of year `y`.
fn date_of(y: u32, day: u32) -> String {
    let lengths = [
        31,
        if is_leap(y) { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    let mut d = day.max(1);
    let mut month = 1;
    for len in lengths {
        if d <= len {
            break;
        }
        d -= len;
        month += 1;
    }
    format!("{y:04}-{month:02}-{d:02}")
}

impl Schedule {
    fn start_event(&mut self) -> Event {
        let t = self.next_event;
        self.next_event += 1;
        let mut rng = Rng::fork(self.seed ^ SALT, t);
        let combos = PLACES.len() * KINDS.len();
        // 97 is prime to combos (384): the cycle visits every place/kind once per year.
        let j = (self.offset + (t as usize % combos) * 97) % combos;
        let year = self.base_year + (t as usize / combos) as u32;
        let name = format!(
            "{} {} {year}",
            PLACES[j % PLACES.len()],
            KINDS[j / PLACES.len()]
        );
        let seats = self.seats;
        let (n, rounds, tables) = if seats == 2 {
            let n = 8 + 2 * rng.below(5); // 8, 10, …, 16
            (n, n as u32 - 1, n / 2)
        } else {
            let tables = if seats == 1 {
                8 + rng.below(9)
            } else {
                2 + rng.below(3)
            };
            (seats * tables, 5 + rng.below(5) as u32, tables)
        };
        // n distinct players: a partial Fisher–Yates shuffle of the pool.
        let n_pool = self.pool.len();
        let take = n.min(n_pool);
        for i in 0..take {
            let k = i + rng.below(n_pool - i);
            self.pool.swap(i, k);
        }
        let mut players: Vec<u16> = self.pool[..take].to_vec();
        // Very many seats: reuse names (only for seats > pool size).
        while players.len() < n {
            players.push(players[players.len() % take]);
        }
        let days_needed = rounds;
        let step = if rng.chance(0.3) && 2 * days_needed < 300 {
            2
        } else {
            1
        };
        let span = step * days_needed;
        let first_day = 1 + rng.below((365 - span) as usize) as u32;
        Event {
            name,
            year,
            first_day,
            step,
            players,
            rounds,
            tables,
            round: 0,
            game: 0,
            seating: Vec::new(),
            rng,
        }
    }
}

impl Event {
    /// The seating of the current round for tables of other than 2 seats.
    fn shuffle_seating(&mut self) {
        let n = self.players.len();
        if self.seating.len() != n {
            self.seating = (0..n as u16).collect();
        }
        for i in (1..n).rev() {
            let k = self.rng.below(i + 1);
            self.seating.swap(i, k);
        }
    }

    /// The player slots (indices into `players`) of game `g` of round `r`, seat order.
    fn pairing(&self, r: usize, g: usize, seats: usize, out: &mut Vec<usize>) {
        out.clear();
        if seats == 2 {
            let n = self.players.len();
            let m = n - 1;
            let (a, b) = if g == 0 {
                (n - 1, r % m)
            } else {
                ((r + g) % m, (r + m - g) % m)
            };
            // Alternate colours by round (and by table for the fixed player).
            if (r + g).is_multiple_of(2) {
                out.extend([a, b]);
            } else {
                out.extend([b, a]);
            }
        } else {
            out.extend(
                self.seating[g * seats..(g + 1) * seats]
                    .iter()
                    .map(|&s| s as usize),
            );
        }
    }
}

impl Iterator for Schedule {
    type Item = Scheduled;

    fn next(&mut self) -> Option<Scheduled> {
        if self.remaining == 0 {
            return None;
        }
        let finished = match &self.event {
            None => true,
            Some(e) => e.round >= e.rounds,
        };
        if finished {
            let e = self.start_event();
            self.event = Some(e);
        }
        let seats = self.seats;
        let e = self.event.as_mut().expect("event started above");
        if e.game == 0 && seats != 2 {
            e.shuffle_seating();
        }
        let mut slots = Vec::with_capacity(seats);
        e.pairing(e.round as usize, e.game, seats, &mut slots);
        let players = slots
            .iter()
            .map(|&s| NAMES[e.players[s] as usize].to_string())
            .collect();
        let out = Scheduled {
            event: e.name.clone(),
            round: e.round + 1,
            date: date_of(e.year, e.first_day + e.step * e.round),
            players,
        };
        e.game += 1;
        if e.game >= e.tables {
            e.game = 0;
            e.round += 1;
        }
        self.remaining -= 1;
        Some(out)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for Schedule {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(date_of(2031, 1), "2031-01-01");
        assert_eq!(date_of(2031, 60), "2031-03-01");
        assert_eq!(date_of(2032, 60), "2032-02-29");
        assert_eq!(date_of(2031, 365), "2031-12-31");
    }

    #[test]
    fn round_robin_meets_everyone_once() {
        let games: Vec<Scheduled> = schedule(5, 2000, 2).collect();
        let first = &games[0].event;
        let event: Vec<&Scheduled> = games.iter().filter(|g| &g.event == first).collect();
        let mut players: Vec<&String> = event.iter().flat_map(|g| &g.players).collect();
        players.sort();
        players.dedup();
        let n = players.len();
        assert_eq!(event.len(), n * (n - 1) / 2);
        let mut pairs: Vec<(String, String)> = event
            .iter()
            .map(|g| {
                let (a, b) = (g.players[0].clone(), g.players[1].clone());
                if a < b {
                    (a, b)
                } else {
                    (b, a)
                }
            })
            .collect();
        pairs.sort();
        pairs.dedup();
        assert_eq!(pairs.len(), n * (n - 1) / 2);
    }
}
