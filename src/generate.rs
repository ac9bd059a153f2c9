//! `kifu generate`: legal games in each game's own notation, grouped into tournaments,
//! reproducible from the seed (game `i` depends only on the seed and `i`). The games are
//! played and written by `kifu_generate`; this module reads the arguments.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use kifu_facts::GameKind;
use kifu_generate::{GameSpec, RenjuNotation, SetSpec, XqNotation};
use kifu_rules::chouchou::Variant;

use crate::choice::unknown_name;

/// `kifu generate`'s flags as given; [`GenerateArgs::spec`] checks them into a [`SetSpec`].
#[derive(Args)]
pub struct GenerateArgs {
    /// renju, xiangqi, territorial or chouchou.
    #[arg(long)]
    game: String,
    /// How many games to write.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// The seed: the same seed writes the same games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// ChouChou: 2, 3 or 4 players.
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// ChouChou: four players as two pairs.
    #[arg(long)]
    pairs: bool,
    /// ChouChou: 3x3, js or 4x4.
    #[arg(long, default_value = "3x3")]
    variant: String,
    /// Renju: `plain` (tagged move lists) or `lines` (one game per line); Xiangqi:
    /// `chinese`, `iccs` or `wxf`.
    #[arg(long)]
    notation: Option<String>,
    /// The record file to write (not created when an argument is wrong).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

pub fn run(args: &GenerateArgs) -> Result<ExitCode> {
    // Every argument is checked before the file is created: a wrong one leaves no file.
    write(&args.spec()?, &args.out)?;
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

impl GenerateArgs {
    /// The set the flags describe, every one checked.
    fn spec(&self) -> Result<SetSpec> {
        Ok(SetSpec {
            game: self.game(self.kind()?)?,
            games: self.games,
            seed: self.seed,
        })
    }

    /// The game, with the ChouChou player count checked.
    fn kind(&self) -> Result<GameKind> {
        let Some(kind) = GameKind::from_name(&self.game) else {
            bail!(unknown_name(
                "game",
                &self.game,
                GameKind::ALL.map(GameKind::name)
            ));
        };
        if kind == GameKind::ChouChou {
            if self.pairs && self.players != 4 {
                bail!("--pairs needs --players 4");
            }
            if !(2..=4).contains(&self.players) {
                bail!("--players must be 2, 3 or 4");
            }
        }
        Ok(kind)
    }

    /// The game with its notation (Renju, Xiangqi) or variant and players (ChouChou).
    fn game(&self, kind: GameKind) -> Result<GameSpec> {
        Ok(match kind {
            GameKind::Renju => {
                let name = self.notation.as_deref().unwrap_or("plain");
                GameSpec::Renju(RenjuNotation::from_name(name).ok_or_else(|| {
                    anyhow!(unknown_name(
                        "Renju notation",
                        name,
                        RenjuNotation::ALL.map(RenjuNotation::name)
                    ))
                })?)
            }
            GameKind::Xiangqi => {
                let name = self.notation.as_deref().unwrap_or("chinese");
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
                variant: Variant::from_id(&self.variant).ok_or_else(|| {
                    anyhow!(unknown_name(
                        "variant",
                        &self.variant,
                        Variant::ALL.map(Variant::id)
                    ))
                })?,
                players: self.players,
                pairs: self.pairs,
            },
        })
    }
}
