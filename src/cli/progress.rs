//! `--quiet` and the progress shown on long work: a bar or counter on standard error, only
//! when it is a terminal and `--quiet` is not given (a pipe or a log file gets none).
//! `--quiet` also silences the routine summaries on standard error; what explains an
//! answer (no games match, a name that matches no one) and errors are always said.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};

static QUIET: AtomicBool = AtomicBool::new(false);

pub(super) fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Whether progress is drawn: standard error is a terminal and `--quiet` is not given.
pub(super) fn shown() -> bool {
    !quiet() && std::io::stderr().is_terminal()
}

/// A routine summary line on standard error, unless `--quiet`.
macro_rules! summary {
    ($($arg:tt)*) => {
        if !$crate::cli::progress::quiet() {
            eprintln!($($arg)*);
        }
    };
}
pub(super) use summary;

fn styled(bar: ProgressBar, template: &str) -> ProgressBar {
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A counter of rows written (`export`), by table (the message names it).
pub(super) fn rows() -> Option<ProgressBar> {
    shown().then(|| {
        let bar = styled(
            ProgressBar::new_spinner(),
            "{spinner} [{elapsed_precise}] {msg}: {human_pos} rows",
        );
        bar.set_message("games");
        bar
    })
}

/// A bar over the stages of a command (`report`): [`Stages::start`] names each.
pub(super) struct Stages {
    bar: Option<ProgressBar>,
    count: u64,
}

impl Stages {
    pub(super) fn new(count: u64) -> Stages {
        let bar = shown().then(|| {
            styled(
                ProgressBar::new(count),
                "{spinner} [{elapsed_precise}] {bar:20} {msg}",
            )
        });
        Stages { bar, count }
    }

    /// Stage `n` (from 1) begins: the stages before it are done.
    pub(super) fn start(&self, n: u64, what: &str) {
        if let Some(bar) = &self.bar {
            bar.set_position(n - 1);
            bar.set_message(format!("stage {n}/{}: {what}", self.count));
        }
    }

    pub(super) fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
