//! To Court the King under the table's [`Rules`] trait: what the generic session, the
//! players and the front ends ask of the game.

use kingup_table::{GameConfig, Layout, Rules};

use crate::{
    Action, ActionSet, ChanceOutcome, Config, ConfigError, Event, Game, IllegalAction,
    IllegalChance, OBSERVATION_FIELDS, OBSERVATION_LEN, ParseActionError, ParseChanceError,
    PlayerView, Seat,
};

impl Rules for Game {
    const SAVE_FORMAT: &'static str = "kingup-court-save";
    const NAME: &'static str = "kingup-court";
    /// 16 MiB: the rules set no bound on rounds (a random 5-player game of 100 rounds
    /// takes about 0.3 MiB).
    const MAX_SAVE_LEN: usize = 16 << 20;
    const NOTATION_EXAMPLES: (&'static str, &'static str) = ("keep 4", "die 5");
    /// Nothing is hidden: the dice, the cards and every move are on the table.
    const PUBLIC_STEPS: bool = true;

    const ACTION_COUNT: usize = Action::COUNT;
    const CHANCE_COUNT: usize = ChanceOutcome::COUNT;
    const OBSERVATION_FIELDS: &'static Layout = &OBSERVATION_FIELDS;

    type Config = Config;
    type ConfigError = ConfigError;
    type Action = Action;
    type ParseActionError = ParseActionError;
    type ChanceOutcome = ChanceOutcome;
    type ParseChanceError = ParseChanceError;
    type ChanceOutcomes = crate::ChanceOutcomes;
    type Event = Event;
    type IllegalAction = IllegalAction;
    type IllegalReason = crate::IllegalReason;
    type IllegalChance = IllegalChance;
    type View = PlayerView;
    type ActionMask = ActionSet;

    kingup_table::rules_by_inherent_methods!(observation_len = OBSERVATION_LEN);

    /// The opening events: the first round and turn starting, when the first player is
    /// configured.
    fn new_with<S: kingup_table::EventSink<Event> + ?Sized>(
        config: Config,
        sink: &mut S,
    ) -> Result<Game, ConfigError> {
        Game::new_with(config, sink)
    }

    /// [`Game::play_random`]'s own draws (eight dice a random word, no draw where one
    /// action is legal), each step handed over.
    fn play_random_steps<R: rand_core::Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        record: &mut dyn FnMut(kingup_table::Step<Game>),
    ) -> u64 {
        self.playout(rng, record)
    }

    /// Cards owned (the Charlatan counted once).
    fn score(&self, seat: Seat) -> u32 {
        self.cards(seat).len() as u32
    }

    /// The one winner takes it all (a game truncated at `max_rounds` has none).
    fn win_share(&self, seat: Seat) -> f64 {
        f64::from(u8::from(self.winner() == Some(seat)))
    }

    /// Ended at `max_rounds` without a King.
    fn is_truncated(&self) -> bool {
        self.outcome() == Some(crate::Outcome::Truncated)
    }
}

impl GameConfig for Config {
    type Error = ConfigError;

    #[inline]
    fn validate(&self) -> Result<(), ConfigError> {
        Config::validate(self)
    }

    #[inline]
    fn players(&self) -> usize {
        self.player_count()
    }
}
