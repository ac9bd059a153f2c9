//! `kifu generate`: legal games in each game's own notation, grouped into tournaments,
//! reproducible from the seed (game `i` depends only on the seed and `i`).

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use kifu_parser::raw::{Header, RawResult};
use kifu_rules::random::Rng;
use kifu_rules::tournament::{schedule, Scheduled};
use kifu_rules::{chouchou, renju, territorial, xiangqi};

pub struct Request {
    pub game: String,
    pub games: usize,
    pub seed: u64,
    pub players: u8,
    pub pairs: bool,
    pub variant: String,
    pub notation: Option<String>,
    pub out: PathBuf,
}

pub fn run(req: &Request) -> Result<ExitCode> {
    let file = File::create(&req.out).with_context(|| format!("create {}", req.out.display()))?;
    let mut out = BufWriter::with_capacity(1 << 20, file);
    let seats = match req.game.as_str() {
        "chouchou" => {
            if req.pairs && req.players != 4 {
                bail!("--pairs needs --players 4");
            }
            if !(2..=4).contains(&req.players) {
                bail!("--players must be 2, 3 or 4");
            }
            req.players as usize
        }
        "renju" | "xiangqi" | "territorial" => 2,
        other => bail!("unknown game `{other}` (renju, xiangqi, territorial or chouchou)"),
    };
    let mut text = String::with_capacity(4096);
    for (i, slot) in schedule(req.seed, req.games, seats).enumerate() {
        let mut rng = Rng::fork(req.seed, i as u64);
        text.clear();
        write_game(req, &slot, &mut rng, &mut text)?;
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    eprintln!(
        "kifu generate: {} {} game(s) written to {}",
        req.games,
        req.game,
        req.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

fn write_game(req: &Request, slot: &Scheduled, rng: &mut Rng, text: &mut String) -> Result<()> {
    match req.game.as_str() {
        "renju" => {
            let g = renju::generate::generate_game(rng);
            match req.notation.as_deref().unwrap_or("plain") {
                "plain" => text.push_str(&renju::generate::write_plain(slot, &g)),
                "lines" => text.push_str(&renju::generate::write_lines(g.result, &g.moves)),
                other => bail!("--notation {other}: Renju is written `plain` or `lines`"),
            }
        }
        "xiangqi" => {
            let notation = match req.notation.as_deref().unwrap_or("chinese") {
                "chinese" => xiangqi::generate::XqNotation::Chinese,
                "iccs" => xiangqi::generate::XqNotation::Iccs,
                "wxf" => xiangqi::generate::XqNotation::Wxf,
                other => bail!("--notation {other}: Xiangqi is written chinese, iccs or wxf"),
            };
            let g = xiangqi::generate::generate_game(rng, xiangqi::generate::DEFAULT_MAX_PLIES);
            text.push_str(&xiangqi::generate::write_pgn(slot, &g, notation));
        }
        "territorial" => {
            let moves = territorial::generate(rng);
            let mut header = Header {
                event: Some(slot.event.clone()),
                round: Some(slot.round.to_string()),
                date: Some(slot.date.clone()),
                white: slot.players.first().cloned(),
                black: slot.players.get(1).cloned(),
                ..Header::default()
            };
            // The recorded result and scores are the board's own.
            let replay = territorial::replay_moves(moves.iter().map(|m| (*m, "")), &header);
            header.result = Some(match replay.derived_result {
                Some(territorial::Outcome::WhiteWin) => RawResult::WhiteWin,
                Some(territorial::Outcome::BlackWin) => RawResult::BlackWin,
                Some(territorial::Outcome::Draw) => RawResult::Draw,
                None => RawResult::Unknown,
            });
            header
                .extra
                .push(("WhiteScore".into(), replay.score.white.to_string()));
            header
                .extra
                .push(("BlackScore".into(), replay.score.black.to_string()));
            text.push_str(&kifu_parser::territorial::write_game(&header, &moves));
        }
        "chouchou" => {
            let variant = chouchou::Variant::from_id(&req.variant)
                .ok_or_else(|| anyhow!("--variant `{}` is not 3x3, js or 4x4", req.variant))?;
            let actions = chouchou::generate(rng, variant, req.players, req.pairs);
            let mut game = chouchou::record(variant, req.players, req.pairs, &actions);
            game.header.event = Some(slot.event.clone());
            game.header.round = Some(slot.round.to_string());
            game.header.date = Some(slot.date.clone());
            game.header.players = slot.players.clone();
            text.push_str(&kifu_parser::chouchou::write_ccn(&game));
            text.push('\n');
        }
        _ => unreachable!("checked in run"),
    }
    Ok(())
}
