//! King Up! under the table's [`Rules`] trait: what the generic session, the players and
//! the front ends ask of the game.

use kingup_table::{GameConfig, Layout, Rules, SeatView};
use rand_core::Rng;

use crate::{
    Action, ChanceOutcome, Config, ConfigError, Event, Game, IllegalAction, IllegalChance,
    OBSERVATION_FIELDS, OBSERVATION_LEN, ParseActionError, ParseChanceError, PlayerView, Seat,
    below,
};

impl Rules for Game {
    const SAVE_FORMAT: &'static str = "kingup-save";
    const NAME: &'static str = "kingup";
    /// 1 MiB, a hundred times a whole game.
    const MAX_SAVE_LEN: usize = 1 << 20;
    const NOTATION_EXAMPLES: (&'static str, &'static str) = ("B4", "deal 12");

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
    type ActionMask = u128;

    kingup_table::rules_by_inherent_methods!(observation_len = OBSERVATION_LEN);

    /// King Up! has no opening events: the first deal is a chance step.
    fn new_with<S: kingup_table::EventSink<Event> + ?Sized>(
        config: Config,
        _: &mut S,
    ) -> Result<Game, ConfigError> {
        Game::new(config)
    }

    /// [`Game::play_random`], each step handed to `record` before it is played.
    fn play_random_steps<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        record: &mut dyn FnMut(kingup_table::Step<Game>),
    ) -> u64 {
        u64::from(self.play_random_recorded(rng, &mut super::playout::Steps(record)))
    }

    /// Total points.
    fn score(&self, seat: Seat) -> u32 {
        self.totals().get(seat.index()).map_or(0, |&t| u32::from(t))
    }

    /// The win, shared among the seats with the best total after the tie-break.
    fn win_share(&self, seat: Seat) -> f64 {
        match self.winners() {
            Some(winners) if winners.contains(seat) => 1.0 / winners.len() as f64,
            _ => 0.0,
        }
    }

    /// The vote reveal: once the votes are shown, no vote can be taken back.
    fn reveals(event: &Event) -> bool {
        matches!(event, Event::VotesRevealed { .. })
    }

    /// Another seat's dealt card and committed vote blanked ([`Event::redacted`]).
    fn redacted(event: &Event, viewer: Option<Seat>) -> Event {
        event.redacted(viewer)
    }
}

impl SeatView for PlayerView {
    type Game = Game;
    type Action = Action;

    #[inline]
    fn seat(&self) -> Seat {
        self.seat
    }

    #[inline]
    fn legal_mask(&self) -> u128 {
        PlayerView::legal_mask(self)
    }

    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        let legal = self.legal_actions();
        if legal.is_empty() {
            return None;
        }
        Some(legal[below(rng, legal.len() as u32) as usize])
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
