//! The blittable views (`kingup_game_player_view`, `kingup_game_public_view`): they say what
//! the JSON views say, field by field, all game long; a player view holds that seat's
//! secrets and no other seat's; bad arguments are refused.

use std::ptr;

use kingup_core::{Floor, PlayerView, PublicView, Seat, Vote};
use kingup_ffi::*;

mod common;
use common::*;

fn player_view(g: &Game, seat: u32) -> KingupPlayerView {
    let mut view = std::mem::MaybeUninit::<KingupPlayerView>::uninit();
    // SAFETY: a live handle; `view` has room for the struct, which the call fills on
    // success.
    ok(unsafe { kingup_game_player_view(g.0, seat, view.as_mut_ptr()) });
    // SAFETY: written by the successful call.
    unsafe { view.assume_init() }
}

fn public_view(g: &Game) -> KingupPublicView {
    let mut view = std::mem::MaybeUninit::<KingupPublicView>::uninit();
    // SAFETY: as in `player_view`.
    ok(unsafe { kingup_game_public_view(g.0, view.as_mut_ptr()) });
    // SAFETY: written by the successful call.
    unsafe { view.assume_init() }
}

/// The core's player view, read back from the JSON form.
fn json_player_view(g: &Game, seat: u32) -> PlayerView {
    // SAFETY: a live handle; `text` passes a valid buffer and length.
    let json = text(|b, c, l| unsafe { kingup_game_player_view_json(g.0, seat, b, c, l) });
    serde_json::from_str(&json).expect("a valid player view")
}

fn chars(set: kingup_core::CharacterSet) -> u32 {
    set.bits().into()
}

fn seats(set: kingup_core::SeatSet) -> u32 {
    set.bits().into()
}

fn signed(index: Option<usize>) -> i32 {
    index.map_or(-1, |i| i as i32)
}

/// Every field of the struct against the JSON view's own field or method.
fn check_public(s: &KingupPublicView, v: &PublicView) {
    let players = v.players();
    assert_eq!(s.players as usize, players);
    assert_eq!(s.rounds, u32::from(v.config.rounds));
    assert_eq!(s.setup, v.config.setup as u32);
    assert_eq!(s.round, u32::from(v.round));
    assert_eq!(s.rounds_scored, u32::from(v.rounds_scored));
    assert_eq!(s.phase as usize, v.phase.index());
    assert_eq!(s.next_seat, signed(v.actor.next_seat().map(Seat::index)));
    assert_eq!(s.actor.seats == 0, v.actor.next_seat().is_none());
    for f in Floor::ALL {
        assert_eq!(s.floors[f.index()], chars(v.castle.on(f)), "floor {f}");
    }
    assert_eq!(s.eliminated, chars(v.castle.eliminated()));
    assert_eq!(s.outside, chars(v.castle.outside()));
    assert_eq!(s.candidate, signed(v.candidate().map(|c| c.index())));
    assert_eq!(s.king, signed(v.king().map(|c| c.index())));
    assert_eq!(s.first_player, signed(v.first_player.map(Seat::index)));
    assert_eq!(s.crown, signed(v.crown.map(Seat::index)));
    assert_eq!(s.voted, seats(v.voted));
    assert_eq!(s.dealt, seats(v.dealt));
    assert_eq!(s.movers, v.movers.map(seats));
    assert_eq!(s.no_votes, v.no_votes.map(seats));
    let totals = v.totals();
    for seat in 0..6 {
        let at = Seat::new(seat).filter(|s| s.index() < players);
        let no_cards = at.map_or(0, |s| u32::from(v.no_cards(s)));
        assert_eq!(s.no_cards[seat], no_cards, "seat {seat}");
        assert_eq!(s.totals[seat], totals.get(seat).map_or(0, |&t| t.into()));
        for round in 0..3u8 {
            let i = usize::from(round) * 6 + seat;
            let score = v.scores().get(usize::from(round)).map_or(0, |r| r[seat]);
            assert_eq!(s.scores[i], u32::from(score), "round {round} seat {seat}");
            let shown = at.and_then(|s| v.revealed_objective(round, s));
            assert_eq!(s.revealed[i], shown.map_or(0, |o| chars(o.characters())));
        }
    }
    assert_eq!(s.winners, v.winners().map_or(0, seats));
}

fn check_player(s: &KingupPlayerView, v: &PlayerView) {
    assert_eq!(s.seat as usize, v.seat.index());
    assert_eq!(
        s.objective,
        v.objective().map_or(0, |o| chars(o.characters()))
    );
    assert_eq!(
        s.objective_card,
        signed(v.objective_card.map(|c| c.index()))
    );
    let vote = v.vote.map(|v| match v {
        Vote::Yes => KingupVote::Yes as i32,
        Vote::No => KingupVote::No as i32,
    });
    assert_eq!(s.vote, vote.unwrap_or(-1));
    assert_eq!(s.no_cards, u32::from(v.no_cards()));
    assert_eq!(s.current_points, u32::from(v.current_points()));
    let legal: Vec<u32> = v.legal_actions().iter().map(|a| a.index() as u32).collect();
    assert_eq!(&s.legal_actions[..s.legal_count as usize], legal);
    assert!(s.legal_actions[legal.len()..].iter().all(|&a| a == 0));
    check_public(&s.public_view, &v.public);
}

#[test]
fn the_structs_say_what_the_json_views_say_all_game_long() {
    for (players, rounds, setup, first, seed) in
        [(3, 3, 0, -1, 1), (5, 1, 1, 2, 2), (6, 3, 0, 0, 3)]
    {
        let g = new_game(config(players, rounds, setup, first), seed);
        let mut steps = 0;
        while let Some(seat) = next_seat(&g) {
            for viewer in 0..players {
                assert_eq!(player_view(&g, viewer).public_view, public_view(&g));
            }
            // Reading a JSON view back checks it is reachable (a search): every step's
            // would take minutes in a debug build, so every fifth step, each viewer.
            if steps % 5 == 0 {
                for viewer in 0..players {
                    check_player(&player_view(&g, viewer), &json_player_view(&g, viewer));
                }
            }
            let mut legal = [0u32; 64];
            let mut n = 0;
            // SAFETY: a live handle; `legal` holds 64 words; `n` is a live local.
            ok(unsafe { kingup_game_legal_actions(g.0, seat, legal.as_mut_ptr(), 64, &mut n) });
            // SAFETY: a live handle, not otherwise borrowed.
            ok(unsafe { kingup_game_apply(g.0, seat, legal[steps % n]) });
            steps += 1;
        }
        let end = public_view(&g);
        assert_eq!(end.phase, KingupPhase::GameOver as u32);
        assert_ne!(end.winners, 0);
        assert_eq!(end.rounds_scored, rounds);
        check_player(&player_view(&g, 0), &json_player_view(&g, 0));
    }
}

/// Plays the deals and the moves of one script on an explicit-chance game: seat 0 always
/// gets card 0, the other seats get `others`.
fn dealt_game(others: [u32; 3]) -> Game {
    let g = new_game(explicit(config(4, 3, 0, 0)), 1);
    for card in [0, others[0], others[1], others[2]] {
        // SAFETY: a live handle, not otherwise borrowed.
        ok(unsafe { kingup_game_apply_chance(g.0, 10 + card) });
    }
    g
}

/// Plays the lowest legal action of each seat in turn until a vote is open.
fn play_to_vote(games: &[&Game]) {
    while player_view(games[0], 0).public_view.phase != KingupPhase::Vote as u32 {
        let seat = next_seat(games[0]).expect("a seat moves");
        let action = player_view(games[0], seat).legal_actions[0];
        for g in games {
            ok(unsafe_apply(g, seat, action));
        }
    }
}

fn unsafe_apply(g: &Game, seat: u32, action: u32) -> KingupStatus {
    // SAFETY: a live handle, not otherwise borrowed.
    unsafe { kingup_game_apply(g.0, seat, action) }
}

#[test]
fn a_player_view_holds_its_own_secrets_and_no_other_seats() {
    // Two games alike in everything seat 0 may know, unlike in the other seats' objectives.
    let a = dealt_game([1, 2, 3]);
    let b = dealt_game([4, 5, 6]);
    assert_eq!(player_view(&a, 0), player_view(&b, 0), "others' objectives");
    assert_eq!(public_view(&a), public_view(&b));
    for seat in 1..4 {
        let (mine_a, mine_b) = (player_view(&a, seat), player_view(&b, seat));
        assert_ne!(
            mine_a.objective, mine_b.objective,
            "seat {seat} sees its own"
        );
        assert_ne!(mine_a.objective, 0);
        assert_eq!(mine_a.public_view, mine_b.public_view);
    }
    assert_eq!(player_view(&a, 0).objective_card, 0);

    // Now seat 1 votes Yes in one game and No in the other: seat 0 sees that it voted, not
    // how; seat 1 sees its own vote.
    play_to_vote(&[&a, &b]);
    let (yes, no) = (KINGUP_ACTION_COUNT - 2, KINGUP_ACTION_COUNT - 1);
    ok(unsafe_apply(&a, 1, yes));
    ok(unsafe_apply(&b, 1, no));
    let (seat0_a, seat0_b) = (player_view(&a, 0), player_view(&b, 0));
    assert_eq!(seat0_a, seat0_b, "another seat's committed vote");
    assert_eq!(seat0_a.public_view.voted, 0b10);
    assert!(seat0_a.public_view.candidate >= 0);
    assert_eq!(player_view(&a, 1).vote, KingupVote::Yes as i32);
    assert_eq!(player_view(&b, 1).vote, KingupVote::No as i32);
    assert_eq!(seat0_a.vote, -1);

    // A world sampled for seat 0 (other secrets drawn anew) shows seat 0 the same struct.
    let mut world = ptr::null_mut();
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_game_sample(a.0, 0, 77, &mut world) });
    let world = Game(world);
    assert_eq!(player_view(&world, 0), seat0_a);
}

#[test]
fn bad_arguments_are_refused_and_nothing_is_written() {
    let g = fixture();
    let mut view = player_view(&g, 0);
    let before = view;
    let why = refused(&g, KingupStatus::InvalidArgument, "no_such_seat", || {
        // SAFETY: a live handle and a live local; the seat is refused before any write.
        unsafe { kingup_game_player_view(g.0, 4, &mut view) }
    });
    assert!(why.contains('4'), "{why}");
    assert_eq!(view, before, "nothing written");
    refused(&g, KingupStatus::NullArgument, "null_argument", || {
        // SAFETY: NULL is refused before use.
        unsafe { kingup_game_player_view(g.0, 0, ptr::null_mut()) }
    });
    refused(&g, KingupStatus::NullArgument, "null_argument", || {
        // SAFETY: NULL is refused before use; `view` is a live local.
        unsafe { kingup_game_player_view(ptr::null(), 0, &mut view) }
    });
    let mut public = public_view(&g);
    refused(&g, KingupStatus::NullArgument, "null_argument", || {
        // SAFETY: NULL is refused before use; `public` is a live local.
        unsafe { kingup_game_public_view(ptr::null(), &mut public) }
    });
}

/// Only 32-bit integers, no padding: the layout is the same in C, C++ and C#.
#[test]
fn the_structs_are_flat_words() {
    let public_words = 6 + 3 + 1 + 2 + 7 + 2 + 4 + 2 + 13 + 13 + 6 + 18 + 6 + 1 + 18;
    assert_eq!(size_of::<KingupPublicView>(), 4 * public_words);
    assert_eq!(size_of::<KingupPlayerView>(), 4 * (7 + 52 + public_words));
    assert_eq!(align_of::<KingupPlayerView>(), 4);
}
