//! `kifu bench --ratings N`: `kifu ratings` (WHR, then Elo) of N generated dated games
//! among 1,000 players, each in its own process on a database built once per size: time
//! and peak resident memory. The games are a RenjuNet results file (results without
//! moves), dated by their tournaments (one every few days over 20 years), with results
//! drawn from the Bradley–Terry model of hidden strengths, so the fit has something to
//! find. Its table replaces the "Ratings" section of the results file (the rest is kept).

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Result;
use kifu_generate::Rng;

use super::export::measure;
use super::{build_and_cores, ingest_once, mb, rate, write_section, BenchArgs};

/// The section's heading in the results file.
const HEADING: &str = "## Ratings (`kifu bench --ratings N`)";
/// The players of the generated games.
const PLAYERS: u32 = 1_000;
/// The tournaments the games are spread over, one every 7 days from 2000-01-01.
const TOURNAMENTS: u32 = 1_000;
/// The target for 100,000 games on 2 cores (issue 29).
const TARGET_SECONDS: f64 = 5.0;

/// Writes `games` results among [`PLAYERS`] players as a RenjuNet results file.
fn write_results(path: &Path, games: usize) -> Result<()> {
    let mut rng = Rng::new(29);
    let unit = |rng: &mut Rng| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    // Hidden strengths, in rating points around 0 (sd about 200).
    let strength: Vec<f64> = (0..PLAYERS)
        .map(|_| (0..4).map(|_| unit(&mut rng) - 0.5).sum::<f64>() * 350.0)
        .collect();
    let mut text = String::new();
    for t in 0..TOURNAMENTS {
        // 2000-01-01 plus a week per tournament.
        let day = 10_957 + 7 * t;
        let (y, m, d) = civil(day);
        let date = format!("{y:04}-{m:02}-{d:02}");
        writeln!(text, "tournament\t{t}\tT{t}\t1\t1\t{date}\t{date}\t1")?;
    }
    for g in 0..games {
        let t = (g as u64 * u64::from(TOURNAMENTS) / games.max(1) as u64) as u32;
        let black = rng.below(PLAYERS as usize);
        let mut white = rng.below(PLAYERS as usize - 1);
        if white >= black {
            white += 1;
        }
        let diff = strength[black] - strength[white] + 30.0;
        let p_black = 1.0 / (1.0 + 10f64.powf(-diff / 400.0));
        let result = if rng.chance(0.08) {
            "D"
        } else if rng.chance(p_black) {
            "B"
        } else {
            "W"
        };
        writeln!(text, "game\t{g}\t{t}\t1\t1\t{black}\t{white}\t{result}")?;
    }
    std::fs::write(path, text)?;
    Ok(())
}

/// The calendar day of a day number (days from 1970-01-01): H. Hinnant's `civil_from_days`.
fn civil(days: u32) -> (i64, u32, u32) {
    let z = i64::from(days) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Runs the benchmark and writes its section into `req.out`.
pub fn run(req: &BenchArgs, games: usize) -> Result<String> {
    std::fs::create_dir_all(&req.work)?;
    let file = req.work.join(format!("ratings-{games}.tsv"));
    let db = req.work.join(format!("ratings-{games}.db"));
    if !db.exists() {
        write_results(&file, games)?;
        eprintln!("kifu bench: ingest of {games} generated results (once per size)");
        ingest_once(
            &db,
            std::slice::from_ref(&file),
            &kifu_ingest::Options::default(),
        )?;
    }
    let db_arg = db.to_string_lossy();
    let mut t = String::new();
    writeln!(t, "{HEADING}\n")?;
    writeln!(
        t,
        "`kifu ratings --game renju` of {games} generated dated games among {PLAYERS} players \
         ({TOURNAMENTS} tournaments a week apart, results drawn from hidden strengths), each in \
         its own process on a warm database ({}): reading the games from \
         SQLite, the fit, and the list. Best of 3 runs.\n",
        build_and_cores(),
    )?;
    writeln!(t, "| system | time | games/s | peak RSS | target |")?;
    writeln!(t, "|---|---:|---:|---:|---:|")?;
    for system in ["whr", "elo"] {
        eprintln!("kifu bench: kifu ratings --system {system} of {games} games");
        let mut best: Option<(f64, u64)> = None;
        for _ in 0..3 {
            let run = measure(&[
                "ratings", "--db", &db_arg, "--game", "renju", "--system", system,
            ])?;
            if best.is_none_or(|b| run.0 < b.0) {
                best = Some(run);
            }
        }
        let (seconds, peak) = best.unwrap_or_default();
        let target = if games == 100_000 {
            format!("< {TARGET_SECONDS:.0} s")
        } else {
            "—".to_owned()
        };
        writeln!(
            t,
            "| {system} | {seconds:.2} s | {} | {:.0} MB | {target} |",
            rate(games as u64, seconds),
            mb(peak),
        )?;
    }
    write_section(&req.out, HEADING, &t)?;
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::civil;

    #[test]
    fn civil_days_are_the_calendars() {
        assert_eq!(civil(0), (1970, 1, 1));
        assert_eq!(civil(10_957), (2000, 1, 1));
        assert_eq!(civil(11_016), (2000, 2, 29));
        assert_eq!(civil(20_784), (2026, 11, 27));
    }
}
