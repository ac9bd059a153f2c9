//! kifu's integration tests: the `kifu` binary on real and hand-made records.

mod cli;
mod common;
mod contract;
mod generated;
mod positions;
mod renju_real;
mod report_pages;
mod robust;
mod roundtrip;
mod search;
mod xiangqi_real;
