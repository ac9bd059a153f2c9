//! The AFL++ entry point of every target (`fuzz/run.sh` builds it with cargo-afl and runs
//! it). `KIFU_FUZZ_TARGET` names the target (`kifu-fuzz-corpus targets` lists them); a
//! broken property panics, which AFL++ keeps as a crash.

use kifu_fuzz::budget::Budgeted;
use kifu_fuzz::Target;

#[global_allocator]
static ALLOCATOR: Budgeted = Budgeted;

fn main() {
    let name = std::env::var("KIFU_FUZZ_TARGET").unwrap_or_default();
    let Some(target) = Target::from_name(&name) else {
        eprintln!(
            "kifu-fuzz: KIFU_FUZZ_TARGET={name:?} names no target (see `kifu-fuzz-corpus targets`)"
        );
        std::process::exit(2);
    };
    afl::fuzz!(|data: &[u8]| {
        if let Err(failure) = target.run(data) {
            panic!("{}: {failure}", target.name());
        }
    });
}
