#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod arena;
pub mod belief;
mod bot;
pub mod court;
pub mod env;
mod float;
mod forfeit;
mod heuristic;
mod ismcts;
mod kind;
mod play;
mod random;
mod reward;
mod tournament;

pub use arena::{
    ArenaConfig, ArenaError, ArenaPart, ArenaRecord, ArenaResults, ArenaStanding, JoinError, arena,
    arena_part_until, arena_until,
};
pub use belief::{Belief, BeliefModel};
pub use bot::{Bot, GameEnd, Seen};
pub use forfeit::Forfeits;
pub use heuristic::HeuristicBot;
pub use ismcts::{IsmctsBot, IsmctsConfig, OpponentModel, Rollout, Value};
pub use kind::{AnyBot, BotError, BotKind, BotSpec, ParseBotKindError, ParseBotSpecError};
pub use play::{play, play_observed, show, tell_end};
pub use random::RandomBot;
pub use reward::{ParseRewardError, Reward};
pub use tournament::{
    BotFactory, Entrant, Standing, Standings, TournamentConfig, TournamentError, numbered,
    tournament,
};
