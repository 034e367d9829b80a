//! King Up! under the table's [`Rules`] trait: what the generic session, the players and
//! the front ends ask of the game.

use kingup_table::{GameConfig, Layout, ObservationLenError, Refusal, Rules, SeatView};
use rand_core::Rng;

use crate::{
    Action, ChanceOutcome, ChanceReason, Config, ConfigError, Event, Game, IllegalAction,
    IllegalChance, IllegalReason, OBSERVATION_FIELDS, OBSERVATION_LEN, ParseActionError,
    ParseChanceError, PlayerView, Seat, below,
};

impl Rules for Game {
    const SAVE_FORMAT: &'static str = "kingup-save";
    const NAME: &'static str = "kingup";
    /// 1 MiB, a hundred times a whole game.
    const MAX_SAVE_LEN: usize = 1 << 20;
    const NOTATION_EXAMPLES: (&'static str, &'static str) = ("B4", "deal 12");

    const ACTION_COUNT: usize = Action::COUNT;
    const OBSERVATION_FIELDS: &'static Layout = &OBSERVATION_FIELDS;

    type Config = Config;
    type ConfigError = ConfigError;
    type Action = Action;
    type ParseActionError = ParseActionError;
    type ChanceOutcome = ChanceOutcome;
    type ParseChanceError = ParseChanceError;
    type Event = Event;
    type IllegalAction = IllegalAction;
    type IllegalChance = IllegalChance;
    type View = PlayerView;
    type ActionMask = u128;

    /// King Up! has no opening events: the first deal is a chance step.
    fn new_with<S: kingup_table::EventSink<Event> + ?Sized>(
        config: Config,
        _: &mut S,
    ) -> Result<Game, ConfigError> {
        Game::new(config)
    }

    #[inline]
    fn apply_with<S: kingup_table::EventSink<Event> + ?Sized>(
        &mut self,
        seat: Seat,
        action: Action,
        sink: &mut S,
    ) -> Result<(), IllegalAction> {
        Game::apply_with(self, seat, action, sink)
    }

    #[inline]
    fn apply_unchecked(&mut self, seat: Seat, action: Action) {
        Game::apply_unchecked(self, seat, action);
    }

    #[inline]
    fn check(&self, seat: Seat, action: Action) -> Result<(), IllegalAction> {
        Game::check(self, seat, action)
    }

    #[inline]
    fn legal_mask(&self, seat: Seat) -> u128 {
        Game::legal_mask(self, seat)
    }

    #[inline]
    fn apply_chance_with<S: kingup_table::EventSink<Event> + ?Sized>(
        &mut self,
        outcome: ChanceOutcome,
        sink: &mut S,
    ) -> Result<(), IllegalChance> {
        Game::apply_chance_with(self, outcome, sink)
    }

    #[inline]
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<ChanceOutcome> {
        Game::sample_chance(self, rng)
    }

    #[inline]
    fn resolve_chance<R: Rng + ?Sized, S: kingup_table::EventSink<Event> + ?Sized>(
        &mut self,
        rng: &mut R,
        sink: &mut S,
    ) {
        Game::resolve_chance(self, rng, sink);
    }

    #[inline]
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<(Seat, Action)> {
        Game::random_action(self, rng)
    }

    #[inline]
    fn chance_pending(&self) -> bool {
        self.chance_step().is_some()
    }

    #[inline]
    fn next_seat(&self) -> Option<Seat> {
        Game::next_seat(self)
    }

    #[inline]
    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    #[inline]
    fn players(&self) -> usize {
        Game::players(self)
    }

    #[inline]
    fn action_index(action: Action) -> usize {
        action.index()
    }

    #[inline]
    fn action_from_index(index: usize) -> Option<Action> {
        Action::from_index(index).ok()
    }

    fn observation(&self, seat: Seat, out: &mut [f32]) -> Result<(), ObservationLenError> {
        let found = out.len();
        let out =
            <&mut [f32; OBSERVATION_LEN]>::try_from(out).map_err(|_| ObservationLenError {
                expected: OBSERVATION_LEN,
                found,
            })?;
        Game::observation(self, seat, out);
        Ok(())
    }

    #[inline]
    fn player_view(&self, seat: Seat) -> PlayerView {
        Game::player_view(self, seat)
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

impl Refusal for IllegalAction {
    const CODES: &'static [&'static str] = IllegalReason::CODES;

    fn code(&self) -> &'static str {
        self.reason.code()
    }
}

impl Refusal for IllegalChance {
    const CODES: &'static [&'static str] = ChanceReason::CODES;

    fn code(&self) -> &'static str {
        self.reason.code()
    }
}
