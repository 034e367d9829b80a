//! The kernel on its own, through a toy game written here: a race to a target total where
//! each seat adds 1 or 2, its amount a secret until the target is reached. It checks what
//! the generic session promises every game — undo up to the last chance step or reveal,
//! events redacted per viewer, saves that are replays and refuse edits in the game's own
//! name, the reason-code catalogue — without either real game.

use std::fmt;
use std::str::FromStr;

use kingup_table::rand_core::Rng;
use kingup_table::{
    ChanceMode, EventSink, GameConfig, Generator, IllegalAction, Layout, LoadError,
    ObservationLenError, Refusal, Replay, Rules, Seat, SeatView, Session, UndoError, below,
    catalogue,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
struct Config {
    players: u8,
    target: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a race is for 2 or 3 players to a target of 1 to 50")]
struct ConfigError;

impl GameConfig for Config {
    type Error = ConfigError;

    fn validate(&self) -> Result<(), ConfigError> {
        let fine = (2..=3).contains(&self.players) && (1..=50).contains(&self.target);
        if fine { Ok(()) } else { Err(ConfigError) }
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }
}

/// Add 1 or 2: `+1`, `+2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Add(u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not in the race's notation")]
struct ParseError;

impl fmt::Display for Add {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "+{}", self.0)
    }
}

impl FromStr for Add {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Add, ParseError> {
        match text.trim() {
            "+1" => Ok(Add(1)),
            "+2" => Ok(Add(2)),
            _ => Err(ParseError),
        }
    }
}

/// The chance step: who starts, `first 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct First(Seat);

impl fmt::Display for First {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "first {}", self.0)
    }
}

impl FromStr for First {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<First, ParseError> {
        let number = text.trim().strip_prefix("first ").ok_or(ParseError)?;
        let seat = number.parse().ok().and_then(Seat::new).ok_or(ParseError)?;
        Ok(First(seat))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
enum Event {
    FirstChosen(Seat),
    /// The amount is the adder's secret.
    Added(Seat, Option<u8>),
    /// Reached the target: the amounts are no longer secret.
    Reached(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
enum Why {
    #[error("it is not its turn")]
    NotYourTurn,
    #[error("the race is over")]
    Over,
    #[error("the first player is not drawn yet")]
    Chance,
}

kingup_table::reason_codes! {
    Why {
        NotYourTurn => "not_your_turn",
        Over => "game_over",
        Chance => "chance_pending",
    }
}

/// The kernel's refusal of a seat's action, with the race's reasons.
type Illegal = IllegalAction<Add, Why>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no such chance outcome now")]
struct NotChance;

impl Refusal for NotChance {
    const CODES: &'static [&'static str] = &["not_chance"];

    fn code(&self) -> &'static str {
        "not_chance"
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Race {
    config: Config,
    total: u8,
    to_move: Option<Seat>,
}

/// A seat's view: the whole race (the secret amounts live only in the events).
#[derive(Clone, Copy, Debug)]
struct View(Race, Seat);

impl SeatView for View {
    type Game = Race;
    type Action = Add;

    fn seat(&self) -> Seat {
        self.1
    }

    fn legal_mask(&self) -> u128 {
        self.0.legal_mask(self.1)
    }

    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Add> {
        (self.0.next_seat() == Some(self.1)).then(|| Add(1 + below(rng, 2) as u8))
    }
}

impl Rules for Race {
    const SAVE_FORMAT: &'static str = "race-save";
    const NAME: &'static str = "race";
    const MAX_SAVE_LEN: usize = 1 << 20;
    const NOTATION_EXAMPLES: (&'static str, &'static str) = ("+1", "first 0");
    const ACTION_COUNT: usize = 2;
    const CHANCE_COUNT: usize = 3;
    const OBSERVATION_FIELDS: &'static Layout = &[("total", 1)];

    type Config = Config;
    type ConfigError = ConfigError;
    type Action = Add;
    type ParseActionError = ParseError;
    type ChanceOutcome = First;
    type ParseChanceError = ParseError;
    type ChanceOutcomes = Vec<(First, f64)>;
    type Event = Event;
    type IllegalAction = Illegal;
    type IllegalReason = Why;
    type IllegalChance = NotChance;
    type View = View;
    type ActionMask = u128;

    fn new_with<S: EventSink<Event> + ?Sized>(
        config: Config,
        _: &mut S,
    ) -> Result<Race, ConfigError> {
        config.validate()?;
        Ok(Race {
            config,
            total: 0,
            to_move: None,
        })
    }

    fn apply_with<S: EventSink<Event> + ?Sized>(
        &mut self,
        seat: Seat,
        action: Add,
        sink: &mut S,
    ) -> Result<(), Illegal> {
        self.check(seat, action)?;
        self.apply_unchecked(seat, action);
        sink.push(Event::Added(seat, Some(action.0)));
        if self.is_over() {
            sink.push(Event::Reached(self.total));
        }
        Ok(())
    }

    fn apply_unchecked(&mut self, seat: Seat, action: Add) {
        self.total += action.0;
        self.to_move = Some(seat.next(self.players()));
    }

    fn check(&self, seat: Seat, action: Add) -> Result<(), Illegal> {
        self.check_turn(seat).map_err(|reason| IllegalAction {
            seat,
            action,
            reason,
        })
    }

    fn legal_mask(&self, seat: Seat) -> u128 {
        if self.check(seat, Add(1)).is_ok() {
            0b11
        } else {
            0
        }
    }

    fn apply_chance_with<S: EventSink<Event> + ?Sized>(
        &mut self,
        outcome: First,
        sink: &mut S,
    ) -> Result<(), NotChance> {
        if !self.chance_pending() || outcome.0.index() >= self.players() {
            return Err(NotChance);
        }
        self.to_move = Some(outcome.0);
        sink.push(Event::FirstChosen(outcome.0));
        Ok(())
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<First> {
        let players = self.players() as u32;
        let seat = Seat::new(below(rng, players) as usize)?;
        self.chance_pending().then_some(First(seat))
    }

    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<(Seat, Add)> {
        let seat = self.next_seat()?;
        self.player_view(seat).random_action(rng).map(|a| (seat, a))
    }

    fn chance_pending(&self) -> bool {
        self.to_move.is_none()
    }

    fn next_seat(&self) -> Option<Seat> {
        self.to_move.filter(|_| !self.is_over())
    }

    /// Every action of the seat to move is legal: only the turn can refuse one.
    fn check_turn(&self, seat: Seat) -> Result<(), Why> {
        match self.to_move {
            _ if self.is_over() => Err(Why::Over),
            None => Err(Why::Chance),
            Some(s) if s != seat => Err(Why::NotYourTurn),
            Some(_) => Ok(()),
        }
    }

    fn is_over(&self) -> bool {
        self.total >= self.config.target
    }

    fn players(&self) -> usize {
        self.config.players()
    }

    fn action_index(action: Add) -> usize {
        usize::from(action.0 - 1)
    }

    fn action_from_index(index: usize) -> Option<Add> {
        (index < 2).then(|| Add(index as u8 + 1))
    }

    fn chance_index(outcome: First) -> usize {
        outcome.0.index()
    }

    fn chance_from_index(index: usize) -> Option<First> {
        Seat::new(index).filter(|s| s.index() < 3).map(First)
    }

    /// The first player, each seat alike.
    fn chance_outcomes(&self) -> Vec<(First, f64)> {
        let players = self.players();
        let seats = Seat::all(players).map(|s| (First(s), 1.0 / players as f64));
        seats.filter(|_| self.chance_pending()).collect()
    }

    fn observation(&self, _: Seat, out: &mut [f32]) -> Result<(), ObservationLenError> {
        let found = out.len();
        let [total] = out else {
            return Err(ObservationLenError { expected: 1, found });
        };
        *total = f32::from(self.total);
        Ok(())
    }

    fn player_view(&self, seat: Seat) -> View {
        View(*self, seat)
    }

    /// 1 for the seat that reached the target (the one before the seat to move).
    fn score(&self, seat: Seat) -> u32 {
        let reached = self
            .to_move
            .map(|s| (s.index() + self.players() - 1) % self.players());
        u32::from(self.is_over() && reached == Some(seat.index()))
    }

    fn win_share(&self, seat: Seat) -> f64 {
        f64::from(self.score(seat))
    }

    fn reveals(event: &Event) -> bool {
        matches!(event, Event::Reached(_))
    }

    fn redacted(event: &Event, viewer: Option<Seat>) -> Event {
        match *event {
            Event::Added(seat, _) if viewer != Some(seat) => Event::Added(seat, None),
            other => other,
        }
    }
}

fn config(target: u8) -> Config {
    Config { players: 2, target }
}

#[test]
fn undo_takes_back_own_actions_until_a_chance_step_or_a_reveal() {
    let mut session = Session::<Race>::new(config(5), 3).unwrap();
    let first = session.game().next_seat().unwrap();
    let second = first.next(2);
    assert_eq!(
        session.undo(first),
        Err(UndoError::Revealed),
        "the draw was chance"
    );
    session.apply(first, Add(2)).unwrap();
    assert_eq!(
        session.undo(second),
        Err(UndoError::NotYourStep { seat: second })
    );
    session.undo(first).unwrap();
    assert_eq!((session.game().total, session.events().len()), (0, 1));
    session.apply(first, Add(2)).unwrap();
    session.apply(second, Add(2)).unwrap();
    assert_eq!(session.undoable(), 2);
    let events = session.apply(first, Add(1)).unwrap();
    assert_eq!(events, [Event::Added(first, Some(1)), Event::Reached(5)]);
    assert_eq!(
        session.undo(first),
        Err(UndoError::Revealed),
        "the total was revealed"
    );
    assert_eq!(session.undoable(), 0);
    assert_eq!(
        session.apply(second, Add(1)).unwrap_err().code(),
        "game_over"
    );
    assert_eq!(
        (
            session.game().score(first),
            session.game().win_share(second)
        ),
        (1, 0.0)
    );
}

#[test]
fn events_are_redacted_per_viewer_and_spectators_see_no_secret() {
    let mut session = Session::<Race>::new(config(9), 8).unwrap();
    let seat = session.game().next_seat().unwrap();
    session.apply(seat, Add(2)).unwrap();
    let own: Vec<Event> = session.events_for(Some(seat), 0).collect();
    let other: Vec<Event> = session.events_for(Some(seat.next(2)), 0).collect();
    let spectator: Vec<Event> = session.events_for(None, 1).collect();
    assert_eq!(own, [Event::FirstChosen(seat), Event::Added(seat, Some(2))]);
    assert_eq!(other, [Event::FirstChosen(seat), Event::Added(seat, None)]);
    assert_eq!(spectator, [Event::Added(seat, None)]);
    assert_eq!(session.events_for(None, 99).len(), 0);
}

#[test]
fn saves_are_replays_and_edits_are_refused_in_the_games_name() {
    let mut session = Session::<Race>::new(config(12), 4).unwrap();
    assert!(session.play_random() >= 6);
    let json = session.to_json();
    let head = r#"{"format":"race-save","version":1,"config":{"players":2,"target":12}"#;
    assert!(json.starts_with(head), "{json}");
    assert_eq!(Session::<Race>::from_json(&json).unwrap(), session);
    let error = Session::<Race>::from_json(&json.replacen("race-save", "other", 1)).unwrap_err();
    assert_eq!(error.code(), "malformed");
    let message = r#"not a race save document: format is "other", not "race-save""#;
    assert_eq!(error.to_string(), message);
    let error = Session::<Race>::from_json(&json.replacen(": +", ": +9", 1)).unwrap_err();
    assert!(
        error.to_string().contains("not in the race's notation"),
        "{error}"
    );
    let error = Session::<Race>::from_json(&json.replacen(": +", " +", 1)).unwrap_err();
    let form = r#"expected "SEAT: ACTION" ("2: +1") or "chance: OUTCOME""#;
    assert!(error.to_string().contains(form), "{error}");
    let long = " ".repeat(Race::MAX_SAVE_LEN + 1);
    let error = Session::<Race>::from_json(&long).unwrap_err();
    assert_eq!(error, LoadError::TooLong(long.len()));
    assert!(error.to_string().ends_with("a save is at most 1 MiB"));
}

#[test]
fn draw_chance_records_one_step_from_the_generator_and_nothing_when_none_is_pending() {
    let explicit = || {
        Session::<Race>::with_generator(config(3), Generator::new(5), ChanceMode::Explicit).unwrap()
    };
    let mut drawn = explicit();
    let outcome = drawn
        .draw_chance()
        .expect("the first player is to be drawn");
    assert_eq!(drawn.events(), [Event::FirstChosen(outcome.0)]);
    assert_eq!(drawn.game().next_seat(), Some(outcome.0));
    let mut resolved = explicit();
    resolved.resolve_chance();
    // The same steps (the race's `sample_chance` draws before it looks, so the generators
    // differ by resolve_chance's last, empty, draw).
    assert_eq!(resolved.replay().steps, drawn.replay().steps);
    assert_eq!(drawn.draw_chance(), None);
    assert_eq!(drawn.events().len(), 1, "nothing recorded");
}

#[test]
fn explicit_chance_waits_and_automatic_chance_refuses_a_replay_stopped_on_it() {
    let mut session =
        Session::<Race>::with_generator(config(3), Generator::new(1), ChanceMode::Explicit)
            .unwrap();
    assert!(session.game().chance_pending());
    assert_eq!(
        session.apply(Seat::FIRST, Add(1)).unwrap_err().code(),
        "chance_pending"
    );
    let second = Seat::new(1).unwrap();
    assert_eq!(
        session.apply_chance(First(second)).unwrap(),
        [Event::FirstChosen(second)]
    );
    assert_eq!(session.apply_chance(First(Seat::FIRST)), Err(NotChance));
    let empty = Replay::<Race>::new(config(3));
    let error = Session::from_replay(empty, Generator::new(1), ChanceMode::Auto).unwrap_err();
    assert_eq!(
        (error.code(), error),
        ("chance_pending", LoadError::ChancePending)
    );
}

#[test]
fn the_catalogue_lists_the_games_codes_and_the_tables_own() {
    let codes = catalogue::<Race>();
    assert_eq!(
        codes.action,
        ["not_your_turn", "game_over", "chance_pending"]
    );
    assert_eq!(codes.chance, ["not_chance"]);
    assert_eq!(codes.undo, ["nothing_to_undo", "not_your_step", "revealed"]);
    assert_eq!(codes.seat, ["no_such_seat"]);
    assert!(codes.load.contains(&"invalid_config"));
    let unplayable = Config {
        players: 4,
        target: 3,
    };
    assert_eq!(
        Session::<Race>::new(unplayable, 1).unwrap_err(),
        ConfigError
    );
}
