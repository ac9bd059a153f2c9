//! The message table: one row per label, its texts in English, Japanese, Simplified and
//! Traditional Chinese (the order of [`super::Lang`]). Rows are grouped by where they are
//! shown, one file per group under `messages/`; add a row in its group. Each group is a
//! macro that adds its rows to those gathered so far and hands them on to the next group
//! named in the list, so the one [`Msg`] enum is made from every file.

macro_rules! messages {
    ([] $($(#[$doc:meta])* $name:ident => [$en:expr, $ja:expr, $hans:expr, $hant:expr $(,)?],)*) => {
        /// A label, caption, heading or message of the published pages.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Msg {
            $($(#[$doc])* $name,)*
        }

        impl Msg {
            /// Every message, in table order.
            pub const ALL: &'static [Msg] = &[$(Msg::$name,)*];

            /// The texts in the order of [`super::Lang::ALL`].
            pub(super) fn texts(self) -> [&'static str; 4] {
                match self {
                    $(Msg::$name => [$en, $ja, $hans, $hant],)*
                }
            }
        }
    };
}

#[macro_use]
mod shared;
#[macro_use]
mod explorer;
#[macro_use]
mod columns;
#[macro_use]
mod legend;
#[macro_use]
mod site_index;
#[macro_use]
mod site_events;
#[macro_use]
mod games_table;
#[macro_use]
mod game_pages;
#[macro_use]
mod charts;
#[macro_use]
mod report;
#[macro_use]
mod report_sections;
#[macro_use]
mod audit;
#[macro_use]
mod statistics;
#[macro_use]
mod server_pages;
#[macro_use]
mod sharing;
#[macro_use]
mod scores;
#[macro_use]
mod served_pages;

// The groups in table order; `messages` ends the chain and makes the enum.
rows_shared! { [rows_explorer rows_columns rows_legend rows_site_index rows_site_events rows_games_table rows_game_pages rows_charts rows_report rows_report_sections rows_audit rows_statistics rows_server_pages rows_sharing rows_scores rows_served_pages messages] }
