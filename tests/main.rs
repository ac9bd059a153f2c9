//! kifu's integration tests: the `kifu` binary on real and hand-made records.

mod api_docs;
mod archives;
/// The headless Chromium harness and its DevTools-protocol driver (shared with the
/// reports crate's tests).
#[path = "../reports/tests/chromium/cdp.rs"]
mod cdp;
#[path = "../reports/tests/chromium/mod.rs"]
mod chromium;
mod cli;
mod cli_input;
mod closed_pipe;
mod common;
mod contract;
mod copies;
mod curation;
mod derived_files;
mod derived_ratings;
mod docs;
mod explore_views;
mod explorer;
mod freestyle;
mod game_curation;
mod generated;
mod module_cycles;
mod phone_widths;
mod positions;
mod public_scripts;
mod public_words;
mod publish;
mod ratings;
mod ratings_davidson;
mod renju_real;
mod renjunet_xml;
mod report_pages;
mod report_paper;
mod report_print;
mod results;
mod results_csv;
mod robust;
mod roundtrip;
mod score_tables;
mod search;
mod serve;
mod serve_decisions;
mod serve_pages;
mod serve_ui;
mod served;
mod show_every_record;
mod show_json;
mod site;
mod site_archive;
mod site_names;
mod site_pages;
mod site_players;
mod site_public_games;
mod site_sharing;
mod site_variations;
mod spark;
mod standings_views;
mod teams;
mod variations;
mod xiangqi_real;
