//! The event site (`kifu site`): a static, self-contained site for the games a filter
//! selects: an index (header, standings and crosstable linking every game, the report's
//! charts, the audit summary, a search box) and one replayable page per game. Layout and
//! DOM contract: see the issue-17 notes in the module docs of `index` and `game`.

pub mod frames;
pub mod game;
pub mod index;
