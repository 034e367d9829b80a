//! The rules trait: what the session, the players and the front ends ask of a game.

use core::error::Error;
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

use rand_core::Rng;

use crate::{
    ActionMask, EventSink, Layout, ObservationLenError, Reason, Seat, SeatError, SeatView,
    SparseObservation, Step,
};

/// A refusal with a stable snake_case reason code (`"floor_full"`, `"no_such_seat"`): the
/// code every binding reports, the same in every language.
pub trait Refusal: Error + Copy + Eq + 'static {
    /// Every code [`Refusal::code`] can return ([`reason_codes!`](crate::reason_codes)).
    const CODES: &'static [&'static str];

    /// The reason code.
    fn code(&self) -> &'static str;
}

/// A game's configuration: everything fixed before a game starts.
pub trait GameConfig: Copy + Eq + Hash + Debug + Send + Sync {
    /// Why a configuration is not playable.
    type Error: Error + Copy + Eq + 'static;

    /// Checks that the configuration describes a playable game.
    fn validate(&self) -> Result<(), Self::Error>;

    /// The number of players (seats `0..players`).
    fn players(&self) -> usize;

    /// The seat numbered `index` if it plays in a game of this config: the check every
    /// front end runs on a caller's seat number ([`Seat::checked`]).
    fn seat(&self, index: i64) -> Result<Seat, SeatError> {
        Seat::checked(index, u8::try_from(self.players()).unwrap_or(u8::MAX))
    }
}

/// A game's rules as the rest of kingup sees them: a state machine that a seat or chance
/// moves, with notation for its moves and events for what happens. Both games' `Game`
/// types implement it, and the generic [`Session`](crate::Session), the players and the
/// front ends are written once against it.
///
/// A state is `Copy` (search copy-makes it) and holds no randomness: chance enters only
/// through [`Rules::apply_chance_with`], with outcomes the caller draws
/// ([`Rules::sample_chance`]) or chooses.
///
/// What differs between games stays in the game: information-set sampling (King Up!'s
/// hidden objectives and votes) is the extension trait
/// [`HiddenInformation`](crate::HiddenInformation).
pub trait Rules: Copy + Eq + Hash + Debug + Send + Sync + Sized + 'static {
    /// The `format` field of this game's save documents, e.g. `"kingup-save"`.
    const SAVE_FORMAT: &'static str;
    /// The game's name in messages about its documents, e.g. `"kingup"` in "not a kingup
    /// save document".
    const NAME: &'static str;
    /// The longest save document this game reads, in bytes.
    const MAX_SAVE_LEN: usize;
    /// An action and a chance outcome in notation, quoted by step parse errors, e.g.
    /// `("B4", "deal 12")`.
    const NOTATION_EXAMPLES: (&'static str, &'static str);
    /// The size of the dense action index space (King Up!: 67), the length of an action
    /// mask.
    const ACTION_COUNT: usize;
    /// The size of the dense chance-outcome index space (King Up!: 22).
    const CHANCE_COUNT: usize;
    /// The observation tensor's fields in order, each a name and a length: the layout each
    /// game documents (`docs/observation.md` for King Up!).
    const OBSERVATION_FIELDS: &'static Layout;
    /// The observation tensor's length: the sum of its fields' lengths.
    const OBSERVATION_LEN: usize = crate::observation_len(Self::OBSERVATION_FIELDS);
    /// Whether every seat may see every step, chance outcomes and every seat's actions
    /// included (To Court the King: `true`): a referee may then show a player the steps
    /// themselves, from which it can keep its own copy of the game. When `false` (King
    /// Up!, the default), a player learns only the events, [redacted](Rules::redacted).
    const PUBLIC_STEPS: bool = false;

    /// Everything fixed before a game starts.
    type Config: GameConfig<Error = Self::ConfigError>;
    /// Why a config is not playable.
    type ConfigError: Error + Copy + Eq + 'static;
    /// A seat's move, with its notation (`Display`/`FromStr`).
    type Action: Copy
        + Eq
        + Hash
        + Debug
        + Display
        + Send
        + Sync
        + FromStr<Err = Self::ParseActionError>;
    /// Text that is not an action.
    type ParseActionError: Error + Copy + Eq + 'static;
    /// The result of a chance step, with its notation.
    type ChanceOutcome: Copy + Eq + Hash + Debug + Display + FromStr<Err = Self::ParseChanceError>;
    /// Text that is not a chance outcome.
    type ParseChanceError: Error + Copy + Eq + 'static;
    /// The outcomes of a chance step with their probabilities (a fixed-capacity list).
    type ChanceOutcomes: core::ops::Deref<Target = [(Self::ChanceOutcome, f64)]>;
    /// What happened, for front ends to show, with every field filled (the host's view).
    type Event: Copy + Eq + Debug + Send + Sync;
    /// A refused action.
    type IllegalAction: Refusal;
    /// Why an action is refused: the reason a refused action carries, and the answer of
    /// [`Rules::check_turn`].
    type IllegalReason: Reason;
    /// A refused chance outcome.
    type IllegalChance: Refusal;
    /// A seat's legal actions as a set of dense indices.
    type ActionMask: ActionMask;
    /// What one seat may see (King Up!: its `PlayerView`; a game without hidden
    /// information: the whole game from that seat).
    type View: SeatView<Action = Self::Action, Game = Self>;

    /// A new game with `config`, writing its opening events (if the game has any) into
    /// `sink`.
    fn new_with<S: EventSink<Self::Event> + ?Sized>(
        config: Self::Config,
        sink: &mut S,
    ) -> Result<Self, Self::ConfigError>;

    /// Plays `action` for `seat`, writing its events into `sink`; on error the game and the
    /// sink are unchanged.
    fn apply_with<S: EventSink<Self::Event> + ?Sized>(
        &mut self,
        seat: Seat,
        action: Self::Action,
        sink: &mut S,
    ) -> Result<(), Self::IllegalAction>;

    /// Plays `action` for `seat` without checking it: the fast path of playouts and
    /// environments, for actions from the legal set only. It never causes undefined
    /// behaviour (the rules crates forbid `unsafe`), but an illegal action leaves the
    /// state unspecified.
    fn apply_unchecked(&mut self, seat: Seat, action: Self::Action);

    /// Whether `seat` may play `action` now, and if not why (what [`Rules::apply_with`]
    /// would refuse it with).
    fn check(&self, seat: Seat, action: Self::Action) -> Result<(), Self::IllegalAction>;

    /// `seat`'s legal actions (empty when it may not act now).
    fn legal_mask(&self, seat: Seat) -> Self::ActionMask;

    /// Applies a chance outcome, writing its events into `sink`; on error the game and the
    /// sink are unchanged.
    fn apply_chance_with<S: EventSink<Self::Event> + ?Sized>(
        &mut self,
        outcome: Self::ChanceOutcome,
        sink: &mut S,
    ) -> Result<(), Self::IllegalChance>;

    /// The pending chance step's outcome drawn from `rng` with its probability, or `None`
    /// when no chance step is pending.
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Self::ChanceOutcome>;

    /// Draws every pending chance step from `rng` and applies it, until a seat is to act
    /// or the game is over, writing the events into `sink`.
    fn resolve_chance<R: Rng + ?Sized, S: EventSink<Self::Event> + ?Sized>(
        &mut self,
        rng: &mut R,
        sink: &mut S,
    ) {
        while let Some(outcome) = self.sample_chance(rng) {
            // A sampled outcome is legal by construction; stop rather than spin if not.
            if self.apply_chance_with(outcome, sink).is_err() {
                return;
            }
        }
    }

    /// A uniformly random legal action of the seat that acts next, drawn from `rng`, or
    /// `None` when chance or nobody is to act.
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<(Seat, Self::Action)>;

    /// Plays uniformly random legal actions and chance to the end, all drawn from `rng`,
    /// handing each step to `record` in the order played; returns the number
    /// of actions. [`Session::play_random`](crate::Session::play_random) records these
    /// steps, so a game's own fast playout and a session's agree.
    ///
    /// By default step by step: every pending chance step drawn by
    /// [`Rules::sample_chance`], then one [`Rules::random_action`]. A game may draw
    /// differently (several decisions from one random word, say) as long as every decision
    /// is uniform among its legal actions and every step it hands over is legal.
    fn play_random_steps<R: Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        record: &mut dyn FnMut(Step<Self>),
    ) -> u64 {
        let mut actions = 0;
        loop {
            while let Some(outcome) = self.sample_chance(rng) {
                record(Step::Chance(outcome));
                // A sampled outcome is legal by construction; stop rather than spin if not.
                if self.apply_chance_with(outcome, &mut ()).is_err() {
                    return actions;
                }
            }
            let Some((seat, action)) = self.random_action(rng) else {
                return actions;
            };
            record(Step::Action { seat, action });
            self.apply_unchecked(seat, action);
            actions += 1;
        }
    }

    /// Whether a chance step is pending.
    fn chance_pending(&self) -> bool;

    /// The seat asked to act next, if a seat is to act.
    fn next_seat(&self) -> Option<Seat>;

    /// Whether `seat` may act now, or why not (it does not play, the game is over, chance
    /// is to move, another seat is to move, …): what a front end or a referee asks before a
    /// player chooses, with the reason code [`Rules::check`] would give.
    fn check_turn(&self, seat: Seat) -> Result<(), Self::IllegalReason>;

    /// Whether the game is over.
    fn is_over(&self) -> bool;

    /// Whether the game is over because it reached a bound its config set (court's
    /// `max_rounds`), not by the rules: there was no result, and a learner should treat
    /// the end as a truncation (Gymnasium's `truncated`), not a termination. Games
    /// without such a bound are never truncated.
    fn is_truncated(&self) -> bool {
        false
    }

    /// The number of players.
    fn players(&self) -> usize;

    /// The dense index of `action`, in `0..ACTION_COUNT`.
    fn action_index(action: Self::Action) -> usize;

    /// The action with dense index `index`, if `index < ACTION_COUNT`.
    fn action_from_index(index: usize) -> Option<Self::Action>;

    /// The dense index of `outcome`, in `0..CHANCE_COUNT`.
    fn chance_index(outcome: Self::ChanceOutcome) -> usize;

    /// The chance outcome with dense index `index`, if `index < CHANCE_COUNT`.
    fn chance_from_index(index: usize) -> Option<Self::ChanceOutcome>;

    /// The outcomes of the pending chance step and their probabilities (summing to 1);
    /// empty when no chance step is pending.
    fn chance_outcomes(&self) -> Self::ChanceOutcomes;

    /// Writes `seat`'s observation (an encoding of what its view holds, never more) into
    /// `out`, whose length must be [`Rules::OBSERVATION_LEN`]; on
    /// another length nothing is written.
    fn observation(&self, seat: Seat, out: &mut [f32]) -> Result<(), ObservationLenError>;

    /// Fills `out` (cleared first) with `seat`'s observation as flags and values: the same
    /// floats [`Rules::observation`] writes, in the form whose changes from one step to the
    /// next a vector of envs writes alone. `false` when the game does not give this form
    /// (the default): then `out` means nothing and the observation is written whole.
    fn sparse_observation(&self, seat: Seat, out: &mut SparseObservation) -> bool {
        let _ = (seat, out);
        false
    }

    /// What `seat` may see of the game.
    fn player_view(&self, seat: Seat) -> Self::View;

    /// `seat`'s score so far, in the game's own unit (King Up!: total points; To Court the
    /// King: cards owned): what tournaments and arenas average.
    fn score(&self, seat: Seat) -> u32;

    /// `seat`'s share of the win once the game is over: 1 for a sole winner, `1/k` for each
    /// of `k` tied winners, 0 otherwise, and 0 for everybody before the end.
    fn win_share(&self, seat: Seat) -> f64;

    /// Whether `event` revealed information the seats did not all have (King Up!'s vote
    /// reveal): a session cannot take back the step that emitted it. By default no event
    /// does.
    fn reveals(event: &Self::Event) -> bool {
        let _ = event;
        false
    }

    /// `event` as `viewer` may see it (`None`: a spectator): other seats' secrets blanked.
    /// By default every event is public.
    fn redacted(event: &Self::Event, viewer: Option<Seat>) -> Self::Event {
        let _ = viewer;
        *event
    }
}
