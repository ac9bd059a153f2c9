//! How a Xiangqi record ends, as the board shows it: the replay ([`super::game`]) and the
//! arbiter's repetition rulings ([`super::arbiter`]) both name it.

pub use kifu_facts::termination::XiangqiTermination as Termination;
