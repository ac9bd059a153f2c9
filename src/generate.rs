//! `kifu generate`: legal games in each game's own notation, grouped into tournaments,
//! reproducible from the seed (game `i` depends only on the seed and `i`). The games are
//! played and written by `kifu_generate`; this module reads the arguments.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use kifu_facts::GameKind;
use kifu_generate::{GameSpec, RenjuNotation, SetSpec, XqNotation};
use kifu_rules::chouchou::Variant;

use crate::choice::unknown_name;

/// `kifu generate`'s arguments as given; [`run`] checks them into a [`SetSpec`].
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
    // Every argument is checked before the file is created: a wrong one leaves no file.
    let spec = SetSpec {
        game: game_spec(req, game_kind(req)?)?,
        games: req.games,
        seed: req.seed,
    };
    write(&spec, &req.out)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the set into the file `out` (replacing it), and says so unless quiet. The demo
/// and the benchmarks generate their inputs through this, with sets they name by type.
pub fn write(spec: &SetSpec, out: &Path) -> Result<()> {
    let file = File::create(out).with_context(|| format!("create {}", out.display()))?;
    let mut writer = BufWriter::with_capacity(1 << 20, file);
    if spec.games > 0 {
        kifu_generate::write_set(spec, &mut writer)?;
    }
    writer.flush()?;
    if !crate::cli::progress::quiet() {
        eprintln!(
            "kifu generate: {} {} game(s) written to {}",
            spec.games,
            spec.game.kind(),
            out.display()
        );
    }
    Ok(())
}

/// The game, with the ChouChou player count checked.
fn game_kind(req: &Request) -> Result<GameKind> {
    let Some(kind) = GameKind::from_name(&req.game) else {
        bail!(unknown_name(
            "game",
            &req.game,
            GameKind::ALL.map(GameKind::name)
        ));
    };
    if kind == GameKind::ChouChou {
        if req.pairs && req.players != 4 {
            bail!("--pairs needs --players 4");
        }
        if !(2..=4).contains(&req.players) {
            bail!("--players must be 2, 3 or 4");
        }
    }
    Ok(kind)
}

/// The game with its notation (Renju, Xiangqi) or variant and players (ChouChou).
fn game_spec(req: &Request, kind: GameKind) -> Result<GameSpec> {
    Ok(match kind {
        GameKind::Renju => {
            let name = req.notation.as_deref().unwrap_or("plain");
            GameSpec::Renju(RenjuNotation::from_name(name).ok_or_else(|| {
                anyhow!(unknown_name(
                    "Renju notation",
                    name,
                    RenjuNotation::ALL.map(RenjuNotation::name)
                ))
            })?)
        }
        GameKind::Xiangqi => {
            let name = req.notation.as_deref().unwrap_or("chinese");
            GameSpec::Xiangqi(XqNotation::from_name(name).ok_or_else(|| {
                anyhow!(unknown_name(
                    "Xiangqi notation",
                    name,
                    XqNotation::ALL.map(XqNotation::name)
                ))
            })?)
        }
        GameKind::Territorial => GameSpec::Territorial,
        GameKind::ChouChou => GameSpec::ChouChou {
            variant: Variant::from_id(&req.variant).ok_or_else(|| {
                anyhow!(unknown_name(
                    "variant",
                    &req.variant,
                    Variant::ALL.map(Variant::id)
                ))
            })?,
            players: req.players,
            pairs: req.pairs,
        },
    })
}
