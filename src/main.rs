//! `kifu`: a record database and analytics pipeline for board-game records.

mod bench;
mod cli;
mod generate;

use std::process::ExitCode;

fn main() -> ExitCode {
    match cli::run() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("kifu: {e:#}");
            ExitCode::from(2)
        }
    }
}
