//! Views as blittable structs: what a spectator or one seat knows, in fixed-size integer
//! fields, so a C or C# front end renders a player's screen without a JSON parser.
//!
//! The structs are flat copies of the core's `PublicView` and `PlayerView` (everything is
//! computed there: the candidate, the King, No cards left, totals, winners, the viewer's
//! legal actions); this module only converts types. A player view is built from the
//! core's player view, which has no field for another seat's objective or committed vote,
//! so neither can reach the struct.

use kingup_core::{CharacterSet, Config, Floor, PlayerView, PublicView, Seat, SeatSet, Vote};

use crate::KINGUP_MAX_LEGAL_ACTIONS;
use crate::buffer::Out;
use crate::config::setup_code;
use crate::error::{KingupStatus, guard};
use crate::handle::KingupGame;
use crate::query::{KingupActor, KingupChanceStep, actor_code, chance_code, set_bits};
use crate::table::{Handle, game_ref};

/// Floors of the castle, from 0 (Servants) to 6 (the Throne): the length of
/// `KingupPublicView::floors`.
pub const KINGUP_FLOOR_COUNT: u32 = 7;
/// Characters, `0..KINGUP_CHARACTER_COUNT` in alphabetical order (Alighiero = 0 … Piero = 12);
/// bit `c` of a character mask is character `c`.
pub const KINGUP_CHARACTER_COUNT: u32 = 13;
/// Most rounds a game has: `KingupPublicView::scores` and `revealed` hold
/// `KINGUP_MAX_ROUNDS × KINGUP_MAX_PLAYERS` entries, row by row.
pub const KINGUP_MAX_ROUNDS: u32 = 3;

// The lengths below are literals (cbindgen and csbindgen need them so); tie them to the
// engine.
const _: () = {
    assert!(KINGUP_FLOOR_COUNT as usize == Floor::COUNT);
    assert!(KINGUP_CHARACTER_COUNT as usize == kingup_core::Character::COUNT);
    assert!(KINGUP_MAX_ROUNDS == Config::MAX_ROUNDS as u32);
    assert!(KINGUP_MAX_LEGAL_ACTIONS == 52);
    assert!(KINGUP_MAX_ROUNDS * crate::KINGUP_MAX_PLAYERS == 18);
};

/// A committed vote (`KingupPlayerView::vote`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingupVote {
    /// Crown the candidate.
    Yes = 0,
    /// Eliminate the candidate.
    No = 1,
}

/// Everything public about a game, blittable: what a spectator sees and every player knows
/// (`kingup_game_public_view`). Seats are `0..players`; a seat mask has bit `i` for seat
/// `i`; a character mask has bit `c` for character `c` (0 Alighiero … 12 Piero); -1 means
/// none. Entries past `players` (and past `rounds_scored` in `scores`) are 0.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingupPublicView {
    /// Number of players, 3 to 6.
    pub players: u32,
    /// Number of rounds: 3 or 1.
    pub rounds: u32,
    /// A `KingupSetup` value.
    pub setup: u32,
    /// The current round, from 0.
    pub round: u32,
    /// Rounds scored so far: the rows of `scores` that are filled.
    pub rounds_scored: u32,
    /// A `KingupPhase` value.
    pub phase: u32,
    /// Who acts next (as `kingup_game_actor`).
    pub actor: KingupActor,
    /// The seat to move, or in a vote the lowest seat still to vote; -1 for chance or
    /// nobody (as `kingup_game_next_seat`).
    pub next_seat: i32,
    /// The pending chance step (as `kingup_game_chance_step`).
    pub chance: KingupChanceStep,
    /// The castle by floor: `floors[f]` is the character mask of floor `f` (0 Servants …
    /// 5 Nobles, 6 the Throne).
    pub floors: [u32; 7],
    /// The characters voted down this round (a character mask).
    pub eliminated: u32,
    /// The characters not yet in the castle (placement phase; a character mask).
    pub outside: u32,
    /// The character on the throne during a vote (the candidate), else -1.
    pub candidate: i32,
    /// The King of the round once crowned (the round is then scored), else -1.
    pub king: i32,
    /// The round's first player, or -1 before round 1's draw.
    pub first_player: i32,
    /// The seat holding the crown, or -1.
    pub crown: i32,
    /// Seats that committed a vote in the current election (not how): a seat mask.
    pub voted: u32,
    /// Seats dealt an objective this round (not which): a seat mask.
    pub dealt: u32,
    /// By character: the seats that placed or climbed it this round (seat masks).
    pub movers: [u32; 13],
    /// By character: the seats whose revealed No eliminated it this round (seat masks).
    pub no_votes: [u32; 13],
    /// By seat: No cards left, deduced from the reveals (public).
    pub no_cards: [u32; 6],
    /// Points of each round scored so far: `scores[round * 6 + seat]`.
    pub scores: [u32; 18],
    /// By seat: total points so far.
    pub totals: [u32; 6],
    /// The winners as a seat mask: 0 until the game is over, never 0 after.
    pub winners: u32,
    /// The objectives shown when their round was scored, as character masks:
    /// `revealed[round * 6 + seat]`, 0 when not shown.
    pub revealed: [u32; 18],
}

/// What one seat knows, blittable (`kingup_game_player_view`): the public view plus that
/// seat's own objective, committed vote and No cards — never another seat's secret.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KingupPlayerView {
    /// The viewer.
    pub seat: u32,
    /// The viewer's objective this round as a character mask (six characters); 0 before
    /// the deal.
    pub objective: u32,
    /// The viewer's objective card (an index into the deck), or -1 before the deal.
    pub objective_card: i32,
    /// The viewer's committed vote in the current election (a `KingupVote` value), or -1
    /// when it has not voted or the votes were revealed.
    pub vote: i32,
    /// The viewer's No cards left.
    pub no_cards: u32,
    /// Points the viewer's objective would score if the round ended now.
    pub current_points: u32,
    /// How many entries of `legal_actions` are filled.
    pub legal_count: u32,
    /// The viewer's legal action indices, sorted (the first `legal_count`; the rest 0).
    pub legal_actions: [u32; 52],
    /// Everything public.
    pub public_view: KingupPublicView,
}

fn chars(set: CharacterSet) -> u32 {
    set.bits().into()
}

fn signed(index: Option<usize>) -> i32 {
    index.map_or(-1, |i| i as i32)
}

/// `(round, seat)` pairs of the row-by-row tables, in order.
fn table() -> impl Iterator<Item = (u8, Seat)> {
    (0..Config::MAX_ROUNDS).flat_map(|round| Seat::all(Seat::MAX).map(move |seat| (round, seat)))
}

impl KingupPublicView {
    /// The blittable form of the core's public view.
    pub(crate) fn new(view: &PublicView) -> KingupPublicView {
        let players = view.players();
        let by_seat = |value: &dyn Fn(Seat) -> u32| {
            let mut out = [0; 6];
            for seat in Seat::all(players) {
                out[seat.index()] = value(seat);
            }
            out
        };
        let totals = view.totals();
        let mut scores = [0; 18];
        let mut revealed = [0; 18];
        for (i, (round, seat)) in table().enumerate() {
            if let Some(row) = view.scores().get(usize::from(round)) {
                scores[i] = row[seat.index()].into();
            }
            revealed[i] = view
                .revealed_objective(round, seat)
                .map_or(0, |o| chars(o.characters()));
        }
        KingupPublicView {
            players: players as u32,
            rounds: view.config.rounds.into(),
            setup: setup_code(view.config.setup),
            round: view.round.into(),
            rounds_scored: view.rounds_scored.into(),
            phase: view.phase.index() as u32,
            actor: actor_code(view.actor),
            next_seat: signed(view.actor.next_seat().map(Seat::index)),
            chance: chance_code(view.chance_step),
            floors: Floor::ALL.map(|f| chars(view.castle.on(f))),
            eliminated: chars(view.castle.eliminated()),
            outside: chars(view.castle.outside()),
            candidate: signed(view.candidate().map(|c| c.index())),
            king: signed(view.king().map(|c| c.index())),
            first_player: signed(view.first_player.map(Seat::index)),
            crown: signed(view.crown.map(Seat::index)),
            voted: set_bits(view.voted),
            dealt: set_bits(view.dealt),
            movers: view.movers.map(set_bits),
            no_votes: view.no_votes.map(set_bits),
            no_cards: by_seat(&|seat| view.no_cards(seat).into()),
            scores,
            totals: by_seat(&|seat| totals[seat.index()].into()),
            winners: set_bits(view.winners().unwrap_or(SeatSet::EMPTY)),
            revealed,
        }
    }
}

impl KingupPlayerView {
    /// The blittable form of the core's player view.
    pub(crate) fn new(view: &PlayerView) -> KingupPlayerView {
        let legal = view.legal_actions();
        let mut legal_actions = [0; 52];
        for (slot, action) in legal_actions.iter_mut().zip(legal.iter()) {
            *slot = action.index() as u32;
        }
        KingupPlayerView {
            seat: view.seat.index() as u32,
            objective: view.objective().map_or(0, |o| chars(o.characters())),
            objective_card: signed(view.objective_card.map(|c| c.index())),
            vote: view.vote.map_or(-1, |v| match v {
                Vote::Yes => KingupVote::Yes as i32,
                Vote::No => KingupVote::No as i32,
            }),
            no_cards: view.no_cards().into(),
            current_points: view.current_points().into(),
            legal_count: legal.len() as u32,
            legal_actions,
            public_view: KingupPublicView::new(&view.public),
        }
    }
}

/// Writes what `seat` knows into `*out`: everything public plus its own objective,
/// committed vote and No cards, never another seat's secrets — the struct form of
/// `kingup_game_player_view_json`, safe to hand to that player's screen.
/// `KINGUP_STATUS_INVALID_ARGUMENT` (reason `no_such_seat`) for a seat that does not play.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write (and aligned for
/// a `KingupPlayerView`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_player_view(
    game: *const KingupGame,
    seat: u32,
    out: *mut KingupPlayerView,
) -> KingupStatus {
    guard(|| {
        // SAFETY: the caller guarantees `out` as documented above.
        let out = unsafe { Out::new(out, "out") }?;
        // SAFETY: the caller guarantees `game` as documented above.
        let game = unsafe { game_ref(game) }?;
        let view = game.game().player_view(game.seat(seat)?);
        out.write(KingupPlayerView::new(&view));
        Ok(())
    })
}

/// Writes everything public (a spectator's view) into `*out`: the struct form of
/// `kingup_game_public_view_json`.
///
/// # Safety
///
/// `game` must be NULL or a live handle; `out` NULL or valid for a write (and aligned for
/// a `KingupPublicView`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_game_public_view(
    game: *const KingupGame,
    out: *mut KingupPublicView,
) -> KingupStatus {
    guard(|| {
        // SAFETY: the caller guarantees `out` as documented above.
        let out = unsafe { Out::new(out, "out") }?;
        // SAFETY: the caller guarantees `game` as documented above.
        let game = unsafe { game_ref(game) }?;
        out.write(KingupPublicView::new(&game.game().public_view()));
        Ok(())
    })
}
