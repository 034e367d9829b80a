//! Events: every visible change, in order, for front ends to animate and logs to replay.

use core::fmt;

use arrayvec::ArrayVec;

use crate::{CardId, Character, CharacterSet, Floor, Seat, SeatSet, Vote};

/// Something that happened in the game.
///
/// Two events carry secrets: [`Event::ObjectiveDealt`] (the card is known to its seat only
/// until the round is scored) and [`Event::VoteCommitted`] (the vote is known to its seat
/// only until the reveal). The engine fills them in; [`Event::redacted`] blanks them
/// (`None`) for everyone else. Both secrets become public later, in
/// [`Event::RoundScored`] and [`Event::VotesRevealed`].
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
// Reading an internally tagged enum needs serde's buffering, hence `alloc`.
#[cfg_attr(all(feature = "serde", feature = "alloc"), derive(serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(tag = "type", rename_all = "snake_case"))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// Round 1's first player was drawn.
    FirstPlayerChosen {
        /// The seat that starts.
        seat: Seat,
    },
    /// `seat` was dealt its objective for the round.
    ObjectiveDealt {
        /// The receiving seat.
        seat: Seat,
        /// The card dealt; `None` when redacted for another viewer.
        card: Option<CardId>,
    },
    /// Random-layout variant: a character was put on a floor.
    LaidOut {
        /// The character.
        character: Character,
        /// Its starting floor, 0–3.
        floor: Floor,
    },
    /// Setup is done and the round begins.
    RoundStarted {
        /// The round index, from 0.
        round: u8,
        /// The seat that moves first this round.
        first_player: Seat,
    },
    /// A seat placed a character.
    Placed {
        /// Who placed it.
        seat: Seat,
        /// The character.
        character: Character,
        /// The floor, 1–4.
        floor: Floor,
    },
    /// Placement is over: the characters nobody placed went to floor 0.
    LeftoversPlaced {
        /// The characters put on floor 0.
        characters: CharacterSet,
    },
    /// A seat moved a character up one floor.
    Climbed {
        /// Who moved it.
        seat: Seat,
        /// The character.
        character: Character,
        /// The floor it reached.
        to: Floor,
    },
    /// A character reached the throne; its mover took the crown and a vote begins.
    ElectionCalled {
        /// The mover, who now holds the crown.
        seat: Seat,
        /// The character proposed as King.
        candidate: Character,
    },
    /// A seat committed its vote.
    VoteCommitted {
        /// The voter.
        seat: Seat,
        /// The vote; `None` when redacted for another viewer.
        vote: Option<Vote>,
    },
    /// Every vote is in and all are shown.
    VotesRevealed {
        /// The candidate voted on.
        candidate: Character,
        /// The seats that voted No; every other seat voted Yes.
        no: SeatSet,
    },
    /// The candidate got a No and is out for the rest of the round.
    Eliminated {
        /// The character.
        character: Character,
    },
    /// The candidate got only Yes votes and is King; the round ends.
    Crowned {
        /// The new King.
        character: Character,
    },
    /// The round was scored and the objectives shown.
    RoundScored {
        /// The round index, from 0.
        round: u8,
        /// Every seat's objective card, now public (`None` past the player count).
        objectives: [Option<CardId>; Seat::MAX],
        /// Points each seat scored this round, the third-round 33 rule applied.
        points: [u8; Seat::MAX],
    },
    /// The last round was scored.
    GameOver {
        /// Total points per seat.
        totals: [u16; Seat::MAX],
        /// The winners: the highest total, ties broken by characters of the final
        /// objective left in the castle; seats still tied share the win.
        winners: SeatSet,
    },
}

/// The events of one step.
///
/// Capacity 8 is more than enough for one step: the most eventful, the last vote of a
/// game, emits five (committed, revealed, crowned, round scored, game over); a chance step
/// emits at most two (dealt or laid out, then round started); a placement at most two.
/// [`Game::resolve_chance`](crate::Game::resolve_chance) runs many steps: give it a
/// `Vec<Event>` instead, since a full list drops further events.
pub type Events = ArrayVec<Event, 8>;

/// Where the engine writes the events of a step.
///
/// `()` discards them (the fast path), [`Events`] collects one step's and `Vec<Event>`
/// (feature `alloc`) collects a whole game's.
pub trait EventSink {
    /// Receives the next event.
    fn push(&mut self, event: Event);
}

impl EventSink for () {
    #[inline]
    fn push(&mut self, _: Event) {}
}

impl<const N: usize> EventSink for ArrayVec<Event, N> {
    #[inline]
    fn push(&mut self, event: Event) {
        // Capacities are proved above; an overflow would drop the event, never panic.
        let _ = self.try_push(event);
    }
}

#[cfg(feature = "alloc")]
impl EventSink for alloc::vec::Vec<Event> {
    #[inline]
    fn push(&mut self, event: Event) {
        alloc::vec::Vec::push(self, event);
    }
}

impl Event {
    /// The event's type in snake_case, e.g. `"placed"`: the `"type"` field of its serde form.
    pub const fn kind(&self) -> &'static str {
        match self {
            Event::FirstPlayerChosen { .. } => "first_player_chosen",
            Event::ObjectiveDealt { .. } => "objective_dealt",
            Event::LaidOut { .. } => "laid_out",
            Event::RoundStarted { .. } => "round_started",
            Event::Placed { .. } => "placed",
            Event::LeftoversPlaced { .. } => "leftovers_placed",
            Event::Climbed { .. } => "climbed",
            Event::ElectionCalled { .. } => "election_called",
            Event::VoteCommitted { .. } => "vote_committed",
            Event::VotesRevealed { .. } => "votes_revealed",
            Event::Eliminated { .. } => "eliminated",
            Event::Crowned { .. } => "crowned",
            Event::RoundScored { .. } => "round_scored",
            Event::GameOver { .. } => "game_over",
        }
    }

    /// The event as `viewer` may see it (`None`: a spectator): another seat's dealt card
    /// and committed vote are blanked; everything else is public.
    ///
    /// ```
    /// use kingup_core::{Event, Seat, Vote};
    ///
    /// let (me, you) = (Seat::new(0).unwrap(), Seat::new(1).unwrap());
    /// let event = Event::VoteCommitted { seat: me, vote: Some(Vote::No) };
    /// assert_eq!(event.redacted(Some(me)), event);
    /// assert_eq!(event.redacted(Some(you)), Event::VoteCommitted { seat: me, vote: None });
    /// assert_eq!(event.redacted(None), Event::VoteCommitted { seat: me, vote: None });
    /// ```
    #[must_use]
    pub fn redacted(self, viewer: Option<Seat>) -> Event {
        match self {
            Event::ObjectiveDealt { seat, .. } if viewer != Some(seat) => {
                Event::ObjectiveDealt { seat, card: None }
            }
            Event::VoteCommitted { seat, .. } if viewer != Some(seat) => {
                Event::VoteCommitted { seat, vote: None }
            }
            event => event,
        }
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::FirstPlayerChosen { seat } => write!(f, "seat {seat} goes first"),
            Event::ObjectiveDealt { seat, card: None } => {
                write!(f, "seat {seat} is dealt an objective")
            }
            Event::ObjectiveDealt {
                seat,
                card: Some(card),
            } => write!(f, "seat {seat} is dealt objective {card}"),
            Event::LaidOut { character, floor } => {
                write!(f, "{character} starts on {floor} ({})", floor.index())
            }
            Event::RoundStarted {
                round,
                first_player,
            } => write!(f, "round {} begins with seat {first_player}", round + 1),
            Event::Placed {
                seat,
                character,
                floor,
            } => write!(
                f,
                "seat {seat} places {character} on {floor} ({})",
                floor.index()
            ),
            Event::LeftoversPlaced { characters } => {
                write!(f, "{characters} go to the Servants (0)")
            }
            Event::Climbed {
                seat,
                character,
                to,
            } => write!(
                f,
                "seat {seat} moves {character} up to {to} ({})",
                to.index()
            ),
            Event::ElectionCalled { seat, candidate } => write!(
                f,
                "{candidate} reaches the throne; seat {seat} takes the crown and calls a vote"
            ),
            Event::VoteCommitted { seat, vote: None } => write!(f, "seat {seat} has voted"),
            Event::VoteCommitted {
                seat,
                vote: Some(vote),
            } => write!(f, "seat {seat} votes {vote}"),
            Event::VotesRevealed { candidate, no } if no.is_empty() => {
                write!(f, "votes on {candidate}: all Yes")
            }
            Event::VotesRevealed { candidate, no } => {
                write!(f, "votes on {candidate}: No from seats {no}")
            }
            Event::Eliminated { character } => write!(f, "{character} is eliminated"),
            Event::Crowned { character } => write!(f, "long live King {character}!"),
            Event::RoundScored { round, points, .. } => {
                write!(f, "round {} scores:", round + 1)?;
                points.iter().try_for_each(|p| write!(f, " {p}"))
            }
            Event::GameOver { totals, winners } => {
                write!(f, "game over; totals:")?;
                totals.iter().try_for_each(|t| write!(f, " {t}"))?;
                write!(f, "; winners {winners}")
            }
        }
    }
}
