//! Events: every visible change, in order, for front ends to animate and logs to replay.

use core::fmt;

use arrayvec::ArrayVec;

use crate::{
    CONSOLATION_POINTS, CardId, Character, CharacterSet, Config, Floor, Seat, SeatSet, Vote,
};

/// Rounds a game has at most.
const MAX_ROUNDS: u8 = Config::MAX_ROUNDS;

/// Most points a round gives one seat: the best possible castle for an objective, which is
/// also what the third-round rule gives a seat that scored nothing.
const MAX_ROUND_POINTS: u8 = CONSOLATION_POINTS;

/// Most total points a seat can have: the most a round gives, every round.
const MAX_TOTAL: u16 = MAX_ROUND_POINTS as u16 * MAX_ROUNDS as u16;

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

/// Why [`Event::check`] refuses an event: no game of King Up! can emit it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EventError {
    /// A round index past the third round.
    #[error("round index {0} is out of range 0..3")]
    Round(u8),
    /// A floor the event's kind cannot name: placements go to floors 1–4, layouts to
    /// 0–3, climbs reach 1–6.
    #[error("a {kind} event cannot name floor {floor}")]
    Floor {
        /// The event's kind ([`Event::kind`]).
        kind: &'static str,
        /// The floor's number.
        floor: u8,
    },
    /// A round score above the most one round can give.
    #[error("seat {seat} scores {points} points in a round; a round gives at most 33")]
    Points {
        /// The seat.
        seat: Seat,
        /// Its points.
        points: u8,
    },
    /// A total above the most three rounds can give.
    #[error("seat {seat} has {total} points in total; a game gives at most 99")]
    Total {
        /// The seat.
        seat: Seat,
        /// Its total.
        total: u16,
    },
    /// The objectives of a scored round are not one distinct card for each of the first
    /// 3 to 6 seats, or a seat past them has points.
    #[error("the scored round's objectives and points are not those of 3 to 6 seats")]
    Objectives,
    /// A finished game without winners, or with a winner below the best total.
    #[error("the winners are not the seats with the best total")]
    Winners,
    /// Characters put on the Servants' floor after placement: some stay outside only when
    /// a seat placed them, so there is at least one left over and never all 13.
    #[error("{0} characters cannot be left over after placement")]
    Leftovers(usize),
}

/// Where the engine writes the events of a step: the table's
/// [`EventSink`](kingup_table::EventSink) for this game's [`Event`], under the name the
/// engine's methods take.
///
/// `()` discards them (the fast path), [`Events`] collects one step's and `Vec<Event>`
/// (feature `alloc`) collects a whole game's. A sink of your own implements
/// `kingup_table::EventSink<Event>`.
pub trait EventSink: kingup_table::EventSink<Event> {}

impl<S: kingup_table::EventSink<Event> + ?Sized> EventSink for S {}

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

    /// Checks that some game could emit this event: rounds are `0..3`, floors are those
    /// of the event's kind (placed on 1–4, laid out on 0–3, climbed to 1–6), a round
    /// gives at most 33 points and a game 99, a scored round has one distinct objective
    /// for each of its 3 to 6 seats, and a finished game has winners, all with the best
    /// total. Events the engine emits always pass; a hand-written or decoded one (serde
    /// checks only each field's own range) may not.
    ///
    /// ```
    /// use kingup_core::{Character, Event, Floor, Seat};
    ///
    /// let seat = Seat::new(1).unwrap();
    /// let placed = |floor| Event::Placed { seat, character: Character::Beatrice, floor };
    /// assert!(placed(Floor::Officials).check().is_ok());
    /// assert!(placed(Floor::Throne).check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), EventError> {
        let floor_in = |floor: Floor, lowest: usize, highest: usize| {
            if (lowest..=highest).contains(&floor.index()) {
                Ok(())
            } else {
                Err(EventError::Floor {
                    kind: self.kind(),
                    floor: floor.index() as u8,
                })
            }
        };
        match *self {
            Event::LaidOut { floor, .. } => floor_in(floor, 0, 3),
            Event::Placed { floor, .. } => floor_in(floor, 1, 4),
            Event::Climbed { to, .. } => floor_in(to, 1, 6),
            Event::RoundStarted { round, .. } => check_round(round),
            Event::LeftoversPlaced { characters } => match characters.len() {
                1..Character::COUNT => Ok(()),
                n => Err(EventError::Leftovers(n)),
            },
            Event::RoundScored {
                round,
                objectives,
                points,
            } => {
                check_round(round)?;
                check_scored(&objectives, &points)
            }
            Event::GameOver { totals, winners } => check_game_over(&totals, winners),
            Event::FirstPlayerChosen { .. }
            | Event::ObjectiveDealt { .. }
            | Event::ElectionCalled { .. }
            | Event::VoteCommitted { .. }
            | Event::VotesRevealed { .. }
            | Event::Eliminated { .. }
            | Event::Crowned { .. } => Ok(()),
        }
    }
}

fn check_round(round: u8) -> Result<(), EventError> {
    if round < MAX_ROUNDS {
        Ok(())
    } else {
        Err(EventError::Round(round))
    }
}

/// A scored round: the first 3 to 6 seats hold distinct cards and at most 33 points each;
/// the seats past them hold neither.
fn check_scored(
    objectives: &[Option<CardId>; Seat::MAX],
    points: &[u8; Seat::MAX],
) -> Result<(), EventError> {
    let players = objectives.iter().take_while(|o| o.is_some()).count();
    let mut cards = 0u32;
    for (seat, (objective, &p)) in Seat::all(Seat::MAX).zip(objectives.iter().zip(points)) {
        if p > MAX_ROUND_POINTS {
            return Err(EventError::Points { seat, points: p });
        }
        match objective {
            Some(card) if seat.index() < players && cards & 1 << card.index() == 0 => {
                cards |= 1 << card.index();
            }
            None if seat.index() >= players && p == 0 => {}
            _ => return Err(EventError::Objectives),
        }
    }
    if players < usize::from(crate::Config::MIN_PLAYERS) {
        return Err(EventError::Objectives);
    }
    Ok(())
}

/// A finished game: totals of at most 99, and winners, every one with the best total.
fn check_game_over(totals: &[u16; Seat::MAX], winners: SeatSet) -> Result<(), EventError> {
    for (seat, &total) in Seat::all(Seat::MAX).zip(totals) {
        if total > MAX_TOTAL {
            return Err(EventError::Total { seat, total });
        }
    }
    let best = totals.iter().copied().max().unwrap_or(0);
    if winners.is_empty() || winners.iter().any(|s| totals[s.index()] != best) {
        return Err(EventError::Winners);
    }
    Ok(())
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
            } => write!(
                f,
                "round {} begins with seat {first_player}",
                u16::from(round) + 1
            ),
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
            Event::RoundScored {
                round,
                objectives,
                points,
            } => {
                // Widened: a decoded event may hold any round index (see `Event::check`).
                write!(f, "round {} scores:", u16::from(round) + 1)?;
                // The seats that play: those dealt an objective (the others hold `None`).
                let seats = objectives
                    .iter()
                    .rposition(Option::is_some)
                    .map_or(Seat::MAX, |last| last + 1);
                points[..seats].iter().try_for_each(|p| write!(f, " {p}"))
            }
            Event::GameOver { totals, winners } => {
                write!(f, "game over; totals:")?;
                totals.iter().try_for_each(|t| write!(f, " {t}"))?;
                write!(f, "; winners {winners}")
            }
        }
    }
}
