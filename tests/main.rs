//! kifu's integration tests: the `kifu` binary on real and hand-made records.

mod cli;
mod cli_input;
mod common;
mod contract;
mod freestyle;
mod generated;
mod positions;
mod renju_real;
mod report_pages;
mod robust;
mod roundtrip;
mod search;
mod site;
mod spark;
mod xiangqi_real;
