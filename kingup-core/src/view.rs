//! What a player or a spectator may know: views that cannot hold another seat's secrets.

use core::fmt;

use crate::game::{MAX_ROUNDS, action_mask, leaders, legal_actions_in, no_cards_left, sum_rounds};
use crate::{
    Actions, Actor, CardId, Castle, ChanceStep, Character, Config, InvalidState, Objective, Phase,
    Seat, SeatSet, Totals, Vote, score,
};

/// Everything public about a game: what a spectator sees and every player knows.
///
/// It has no field for an objective of the current round, a hand, or an unrevealed vote,
/// so it cannot leak them. Built by [`Game::public_view`](crate::Game::public_view); read
/// back from serde only if [`PublicView::check`] accepts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self")
)]
pub struct PublicView {
    /// The configuration (the deck's composition is public, its order is not).
    pub config: Config,
    /// The current round index, from 0.
    pub round: u8,
    /// The current phase.
    pub phase: Phase,
    /// Who acts next.
    pub actor: Actor,
    /// What the pending chance step decides, if chance is to move.
    pub chance_step: Option<ChanceStep>,
    /// The castle.
    pub castle: Castle,
    /// The round's first player (`None` before round 1's draw).
    pub first_player: Option<Seat>,
    /// The seat holding the crown.
    pub crown: Option<Seat>,
    /// Seats that committed a vote in the current election (not how).
    pub voted: SeatSet,
    /// Seats dealt an objective this round (not which).
    pub dealt: SeatSet,
    /// By character id: the seats that placed or climbed it this round.
    pub movers: [SeatSet; Character::COUNT],
    /// By character id: the seats whose revealed No eliminated it this round.
    pub no_votes: [SeatSet; Character::COUNT],
    /// By round and seat: objective cards shown when their round was scored.
    pub revealed: [[Option<CardId>; Seat::MAX]; MAX_ROUNDS],
    /// By round and seat: points of the rounds scored so far (0 for the others).
    pub scores: [[u8; Seat::MAX]; MAX_ROUNDS],
    /// Rounds scored so far.
    pub rounds_scored: u8,
}

/// What one seat knows: the public view plus that seat's own secrets.
///
/// Built by [`Game::player_view`](crate::Game::player_view); its only private fields are
/// the viewer's own objective and own committed vote.
///
/// ```
/// use kingup_core::{Config, Game, Seat};
/// use rand::{SeedableRng, rngs::SmallRng};
///
/// let mut game = Game::new(Config::new(4))?;
/// game.resolve_chance(&mut SmallRng::seed_from_u64(5), &mut ());
/// let me = Seat::new(1).unwrap();
/// let view = game.player_view(me);
/// assert_eq!(view.objective(), game.objective(me));
/// assert_eq!(view.legal_actions(), game.legal_actions(me));
/// assert_eq!(view.public, game.public_view());
/// # Ok::<(), kingup_core::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self")
)]
pub struct PlayerView {
    /// The viewer.
    pub seat: Seat,
    /// What everybody knows.
    // Read with the derived form: the whole view is checked once, not its public part
    // first (the search for a history would run twice).
    #[cfg_attr(feature = "serde", serde(with = "PublicView"))]
    pub public: PublicView,
    /// The viewer's objective card this round, once dealt.
    pub objective_card: Option<CardId>,
    /// The viewer's committed vote in the current election, until the reveal.
    pub vote: Option<Vote>,
}

impl PublicView {
    /// Checks the facts the view's methods rely on: a playable config, a round in range,
    /// seats that play, cards in the deck. Views built by a [`Game`](crate::Game) always
    /// pass; serde refuses views that do not.
    pub fn check(&self) -> Result<(), InvalidState> {
        self.config.validate()?;
        if self.round >= self.config.rounds {
            return Err(InvalidState::Round {
                round: self.round,
                rounds: self.config.rounds,
            });
        }
        if self.rounds_scored > self.round + 1 {
            return Err(InvalidState::Scores(self.round));
        }
        self.castle.check()?;
        let seats = SeatSet::first(self.players());
        let mut named = self.voted.union(self.dealt);
        for set in self.movers.iter().chain(&self.no_votes) {
            named = named.union(*set);
        }
        for seat in [self.first_player, self.crown].into_iter().flatten() {
            named.insert(seat);
        }
        match self.actor {
            Actor::Seat(seat) => named.insert(seat),
            Actor::Voters(voters) => named = named.union(voters),
            Actor::Chance | Actor::Nobody => {}
        }
        if let Some(seat) = named.difference(seats).iter().next() {
            return Err(InvalidState::Seat(seat));
        }
        match self
            .revealed
            .iter()
            .flatten()
            .flatten()
            .find(|c| c.index() >= self.config.deck.len())
        {
            Some(card) => Err(InvalidState::Card(*card)),
            None => Ok(()),
        }
    }

    /// Number of players.
    #[inline]
    pub const fn players(&self) -> usize {
        self.config.player_count()
    }

    /// The character being voted on, during the vote phase.
    pub const fn candidate(&self) -> Option<Character> {
        match self.phase {
            Phase::Vote => self.castle.throne(),
            _ => None,
        }
    }

    /// No cards `seat` has left: its allowance less the No votes it was seen to play this
    /// round (public deduction from the reveals).
    pub fn no_cards(&self, seat: Seat) -> u8 {
        no_cards_left(&self.config, &self.no_votes, seat)
    }

    /// Points of the rounds scored so far, one row per round.
    pub fn scores(&self) -> &[[u8; Seat::MAX]] {
        &self.scores[..usize::from(self.rounds_scored).min(MAX_ROUNDS)]
    }

    /// The King of the current round once crowned (the round is then over), as
    /// [`Game::king`](crate::Game::king).
    #[inline]
    pub const fn king(&self) -> Option<Character> {
        match self.phase {
            Phase::Score | Phase::GameOver => self.castle.throne(),
            _ => None,
        }
    }

    /// Total points so far of each seat in play (`players()` entries).
    pub fn totals(&self) -> Totals {
        sum_rounds(self.players(), self.scores())
    }

    /// The objective `seat` held in round `round`, once that round was scored.
    pub fn revealed_objective(&self, round: u8, seat: Seat) -> Option<Objective> {
        let card = (*self.revealed.get(usize::from(round))?.get(seat.index())?)?;
        self.config.deck.get(card)
    }

    /// The cards shown so far (discarded at the end of scored rounds), as a mask over ids.
    pub fn revealed_cards(&self) -> u32 {
        self.revealed
            .iter()
            .flatten()
            .flatten()
            .fold(0, |mask, c| mask | 1 << c.index())
    }

    /// The winners, once the game is over (same rule as [`Game::winners`](crate::Game::winners)).
    pub fn winners(&self) -> Option<SeatSet> {
        if self.phase != Phase::GameOver {
            return None;
        }
        let kept = |s: Seat| {
            self.revealed_objective(self.round, s).map_or(0, |o| {
                o.characters().intersection(self.castle.inside()).len()
            })
        };
        Some(leaders(self.players(), &self.totals(), kept))
    }
}

impl PlayerView {
    /// Checks the public part ([`PublicView::check`]), that the viewer plays, and that its
    /// card is in the deck.
    pub fn check(&self) -> Result<(), InvalidState> {
        self.public.check()?;
        if self.seat.index() >= self.public.players() {
            return Err(InvalidState::Seat(self.seat));
        }
        match self.objective_card {
            Some(card) if card.index() >= self.public.config.deck.len() => {
                Err(InvalidState::Card(card))
            }
            _ => Ok(()),
        }
    }

    /// The viewer's objective this round, once dealt.
    pub fn objective(&self) -> Option<Objective> {
        self.objective_card
            .and_then(|card| self.public.config.deck.get(card))
    }

    /// The viewer's No cards left.
    pub fn no_cards(&self) -> u8 {
        self.public.no_cards(self.seat)
    }

    /// The viewer's legal actions, sorted; the same as the game's for this seat.
    pub fn legal_actions(&self) -> Actions {
        if !self.public.actor.includes(self.seat) {
            return Actions::new();
        }
        legal_actions_in(self.public.phase, &self.public.castle, || self.no_cards())
    }

    /// The viewer's legal actions as a mask over the 67 action indices.
    pub fn legal_mask(&self) -> u128 {
        action_mask(&self.legal_actions())
    }

    /// Points the viewer's objective would score if the round ended now.
    pub fn current_points(&self) -> u8 {
        self.objective()
            .map_or(0, |o| score(&self.public.castle, o))
    }

    /// The cards the viewer has seen: revealed in scored rounds, and its own.
    pub fn seen_cards(&self) -> u32 {
        let own = self.objective_card.map_or(0, |c| 1 << c.index());
        self.public.revealed_cards() | own
    }
}

impl fmt::Display for PublicView {
    /// A readable summary: round, phase, who acts, the castle, crown, votes and scores.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "round {}/{}, {} phase, {} to act",
            self.round + 1,
            self.config.rounds,
            self.phase,
            self.actor
        )?;
        write!(f, "{}", self.castle)?;
        if let Some(crown) = self.crown {
            writeln!(f, "crown: seat {crown}")?;
        }
        if let Some(candidate) = self.candidate() {
            writeln!(f, "vote on {candidate}: seats {} have voted", self.voted)?;
        }
        for c in Character::ALL {
            let no = self.no_votes[c.index()];
            if !no.is_empty() {
                writeln!(f, "{c} was voted down by seats {no}")?;
            }
        }
        write!(f, "totals:")?;
        for t in &self.totals() {
            write!(f, " {t}")?;
        }
        writeln!(f)
    }
}

impl fmt::Display for PlayerView {
    /// The public summary, then the viewer's secrets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.public)?;
        write!(f, "you are seat {}", self.seat)?;
        if let Some(objective) = self.objective() {
            write!(f, "; objective {objective}")?;
        }
        write!(f, "; {} No cards left", self.no_cards())?;
        if let Some(vote) = self.vote {
            write!(f, "; you voted {vote}")?;
        }
        writeln!(f)
    }
}

/// Serde for the views: the derived forms, read back only if `validate` accepts them (some
/// game the rules can reach shows exactly that view).
#[cfg(feature = "serde")]
mod serde_checked {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{PlayerView, PublicView};

    macro_rules! checked {
        ($ty:ty) => {
            impl Serialize for $ty {
                fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                    <$ty>::serialize(self, s)
                }
            }

            impl<'de> Deserialize<'de> for $ty {
                fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$ty, D::Error> {
                    let view = <$ty>::deserialize(d)?;
                    view.validate()
                        .map_err(|e| D::Error::custom(format_args!("impossible view: {e}")))?;
                    Ok(view)
                }
            }
        };
    }

    checked!(PublicView);
    checked!(PlayerView);

    impl PlayerView {
        /// Reads a view's serde form checked for consistency only: some game that keeps
        /// every invariant of the rules shows it ([`PlayerView::sampler`]'s check), which
        /// takes microseconds. Serde's `Deserialize` also searches for a history that
        /// reaches the view, which takes up to about a second for a view late in a game of
        /// erratic play, and refuses the view if the search runs out of budget. This is
        /// the reader for a trusted source that needs every view read at once: a bot fed by
        /// its referee (`kingup engine`). The bots play any consistent view.
        ///
        /// ```
        /// use kingup_core::{Config, Game, Generator, PlayerView, Seat};
        ///
        /// let mut game = Game::new(Config::new(3))?;
        /// game.resolve_chance(&mut Generator::new(1), &mut ());
        /// let view = game.player_view(Seat::FIRST);
        /// let json = serde_json::to_value(&view)?;
        /// assert_eq!(PlayerView::deserialize_consistent(&json)?, view);
        ///
        /// // A view no game keeping the rules shows: a round past the last.
        /// let mut edited = json.clone();
        /// edited["public"]["round"] = 7.into();
        /// assert!(PlayerView::deserialize_consistent(&edited).is_err());
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        pub fn deserialize_consistent<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<PlayerView, D::Error> {
            let view = <PlayerView>::deserialize(d)?;
            view.sampler()
                .map_err(|e| D::Error::custom(format_args!("impossible view: {e}")))?;
            Ok(view)
        }
    }
}
