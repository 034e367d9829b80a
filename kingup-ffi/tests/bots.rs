//! The bot handle through the C ABI, called as a C caller calls it: bots play whole games,
//! a seeded bot is deterministic and sees only its seat's view, and every bad input gets
//! its status, reason and message while the game, the bot and the out-parameter stay as
//! they were.

use std::ptr;

use KingupStatus::{InvalidArgument, NullArgument};
use kingup_ffi::*;

mod common;
use common::*;

const RANDOM: u32 = KingupBotKind::Random as u32;
const HEURISTIC: u32 = KingupBotKind::Heuristic as u32;
const ISMCTS: u32 = KingupBotKind::Ismcts as u32;
const READER: u32 = KingupBotKind::Reader as u32;
/// Few ISMCTS iterations: the tests run unoptimized, and the search is the same at any size.
const ITERATIONS: u32 = 50;

/// An owned bot handle, freed on drop.
struct BotHandle(*mut KingupBot);

impl Drop for BotHandle {
    fn drop(&mut self) {
        // SAFETY: the handle is owned by this wrapper and freed exactly once.
        unsafe { kingup_bot_free(self.0) };
    }
}

fn game(players: u32, rounds: u32, setup: u32, seed: u64) -> Game {
    new_game(config(players, rounds, setup, -1), seed)
}

fn new_bot(kind: u32, seed: u64, iterations: u32) -> BotHandle {
    let mut handle = ptr::null_mut();
    // SAFETY: `handle` is a live local.
    ok(unsafe { kingup_bot_new(kind, seed, iterations, &mut handle) });
    assert!(!handle.is_null());
    BotHandle(handle)
}

fn legal(g: &Game, seat: u32) -> Vec<u32> {
    let mut buf = [0u32; KINGUP_MAX_LEGAL_ACTIONS as usize];
    let mut len = 0;
    // SAFETY: a live handle; `buf` holds `buf.len()` elements; `len` is a live local.
    ok(unsafe { kingup_game_legal_actions(g.0, seat, buf.as_mut_ptr(), buf.len(), &mut len) });
    buf[..len].to_vec()
}

fn choose(bot: &BotHandle, g: &Game, seat: u32) -> (KingupStatus, u32) {
    let mut action = u32::MAX;
    // SAFETY: live handles, not otherwise borrowed during the call; a live local.
    let status = unsafe { kingup_bot_choose(bot.0, g.0, seat, &mut action) };
    (status, action)
}

/// The bot's pick for `seat`, checked legal, with the game left unchanged by choosing.
fn pick(bot: &BotHandle, g: &Game, seat: u32) -> u32 {
    let (before, events) = (save(g), event_count(g));
    let (status, action) = choose(bot, g, seat);
    ok(status);
    assert!(legal(g, seat).contains(&action), "{action} is legal");
    assert_eq!(save(g), before, "choosing does not change the game");
    assert_eq!(event_count(g), events);
    action
}

/// Plays `g` to the end, chance from its generator, seat `s` by `bots[s % bots.len()]`;
/// returns every action played.
fn play_out(g: &Game, bots: &[&BotHandle]) -> Vec<u32> {
    let mut played = Vec::new();
    loop {
        let a = actor(g);
        if a.kind == KingupActorKind::Nobody as u32 {
            return played;
        }
        if a.kind == KingupActorKind::Chance as u32 {
            // SAFETY: a live handle, not otherwise borrowed.
            ok(unsafe { kingup_game_resolve_chance(g.0) });
            continue;
        }
        let seat = acting_seat(a);
        let action = pick(bots[seat as usize % bots.len()], g, seat);
        // SAFETY: a live handle, not otherwise borrowed.
        ok(unsafe { kingup_game_apply(g.0, seat, action) });
        played.push(action);
    }
}

fn totals(g: &Game) -> Vec<u32> {
    let mut buf = [0u32; KINGUP_MAX_PLAYERS as usize];
    let mut len = 0;
    // SAFETY: a live handle; `buf` holds `buf.len()` elements; `len` is a live local.
    ok(unsafe { kingup_game_totals(g.0, buf.as_mut_ptr(), buf.len(), &mut len) });
    buf[..len].to_vec()
}

fn winners(g: &Game) -> u32 {
    let mut mask = 0;
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_game_winners(g.0, &mut mask) });
    mask
}

#[test]
fn bots_play_whole_games() {
    for (players, rounds, setup) in [(3, 3, 0), (4, 1, 1), (6, 3, 0)] {
        let g = game(players, rounds, setup, u64::from(players));
        let random = new_bot(RANDOM, 1, 0);
        let heuristic = new_bot(HEURISTIC, 2, 0);
        let ismcts = new_bot(ISMCTS, 3, ITERATIONS);
        // One bot handle serves several seats: it acts from whichever view it is given.
        let played = play_out(&g, &[&ismcts, &heuristic, &random]);
        assert!(!played.is_empty());
        assert_eq!(phase(&g), KingupPhase::GameOver as u32);
        let w = winners(&g);
        assert!(w != 0 && w >> players == 0);
        assert_eq!(totals(&g).len(), players as usize);
    }
}

#[test]
fn every_kind_plays_every_seat() {
    for kind in [RANDOM, HEURISTIC, ISMCTS, READER] {
        let iterations = if matches!(kind, ISMCTS | READER) {
            ITERATIONS
        } else {
            0
        };
        let g = game(3, 1, 0, u64::from(kind));
        let bots: Vec<BotHandle> = (0..3).map(|s| new_bot(kind, s, iterations)).collect();
        let bots: Vec<&BotHandle> = bots.iter().collect();
        play_out(&g, &bots);
        assert_ne!(winners(&g), 0);
    }
}

#[test]
fn default_ismcts_iterations_play_a_decision() {
    // 0 iterations asks for the default search (1000 iterations): one decision of it.
    let g = game(4, 3, 0, 5);
    // SAFETY: a live handle, not otherwise borrowed.
    ok(unsafe { kingup_game_resolve_chance(g.0) });
    let bot = new_bot(ISMCTS, 7, 0);
    pick(&bot, &g, acting_seat(actor(&g)));
    new_bot(ISMCTS, 7, KINGUP_BOT_MAX_ITERATIONS);
}

#[test]
fn a_seeded_bot_is_deterministic() {
    for (kind, iterations) in [
        (RANDOM, 0),
        (HEURISTIC, 0),
        (ISMCTS, ITERATIONS),
        (READER, ITERATIONS),
    ] {
        let game = || {
            let g = game(4, 3, 0, 11);
            let bots: Vec<BotHandle> = (0..4).map(|s| new_bot(kind, 100 + s, iterations)).collect();
            let played = play_out(&g, &bots.iter().collect::<Vec<_>>());
            (played, save(&g))
        };
        let first = game();
        assert_eq!(game(), first, "kind {kind}: same seeds, same game");
    }
    // Another seed plays another game (for the random bot, certainly over a whole game).
    let play_with = |seed| {
        let g = game(4, 3, 0, 11);
        play_out(&g, &[&new_bot(RANDOM, seed, 0)])
    };
    assert_ne!(play_with(1), play_with(2));
}

/// The bot decides from the seat's view only: in a world sampled from that view (other
/// seats' objectives and votes redrawn), a twin bot makes the same choice.
#[test]
fn a_bot_sees_only_its_seats_view() {
    let g = game(4, 3, 0, 21);
    let (a, b) = (new_bot(HEURISTIC, 9, 0), new_bot(HEURISTIC, 9, 0));
    let (c, d) = (
        new_bot(ISMCTS, 4, ITERATIONS),
        new_bot(ISMCTS, 4, ITERATIONS),
    );
    let driver = new_bot(RANDOM, 0, 0);
    let mut compared = 0;
    while phase(&g) != KingupPhase::GameOver as u32 {
        let who = actor(&g);
        if who.kind == KingupActorKind::Chance as u32 {
            // SAFETY: a live handle, not otherwise borrowed.
            ok(unsafe { kingup_game_resolve_chance(g.0) });
            continue;
        }
        let seat = acting_seat(who);
        if compared < 12 {
            let mut out = ptr::null_mut();
            // SAFETY: a live handle and a live local.
            ok(unsafe { kingup_game_sample(g.0, seat, 1000 + compared, &mut out) });
            let world = Game(out);
            assert_eq!(pick(&a, &g, seat), pick(&b, &world, seat));
            assert_eq!(pick(&c, &g, seat), pick(&d, &world, seat));
            compared += 1;
        }
        let action = pick(&driver, &g, seat);
        // SAFETY: a live handle, not otherwise borrowed.
        ok(unsafe { kingup_game_apply(g.0, seat, action) });
    }
}

#[test]
fn bot_new_bad_input() {
    let g = fixture();
    let stale: *mut KingupBot = ptr::dangling_mut();
    let cases = [
        (
            4,
            0,
            "no_such_bot_kind",
            "unknown bot kind 4 (0 random, 1 heuristic, 2 ismcts, 3 reader)",
        ),
        (
            u32::MAX,
            0,
            "no_such_bot_kind",
            "unknown bot kind 4294967295 (0 random, 1 heuristic, 2 ismcts, 3 reader)",
        ),
        (
            RANDOM,
            10,
            "iterations",
            "iterations must be 0 for a random bot (it does not search), not 10",
        ),
        (
            HEURISTIC,
            1,
            "iterations",
            "iterations must be 0 for a heuristic bot (it does not search), not 1",
        ),
        (
            ISMCTS,
            KINGUP_BOT_MAX_ITERATIONS + 1,
            "iterations",
            "iterations must be 1 to 1000000, not 1000001",
        ),
        (
            ISMCTS,
            u32::MAX,
            "iterations",
            "iterations must be 1 to 1000000, not 4294967295",
        ),
        (
            READER,
            KINGUP_BOT_MAX_ITERATIONS + 1,
            "iterations",
            "iterations must be 1 to 1000000, not 1000001",
        ),
    ];
    for (kind, iterations, reason, message) in cases {
        let mut out = stale;
        // SAFETY: `out` is a live local.
        let why = refused(&g, InvalidArgument, reason, || unsafe {
            kingup_bot_new(kind, 0, iterations, &mut out)
        });
        assert_eq!(why, message);
        assert!(out.is_null(), "a failed create clears *out");
    }
    // SAFETY: NULL out is rejected before anything is created.
    let status = unsafe { kingup_bot_new(RANDOM, 0, 0, ptr::null_mut()) };
    assert_eq!(
        (status, last_error(), last_reason()),
        (
            NullArgument,
            "out is NULL".to_owned(),
            "null_argument".to_owned()
        )
    );
    // SAFETY: NULL is accepted and ignored, and leaves the last error alone.
    unsafe { kingup_bot_free(ptr::null_mut()) };
    assert_eq!(last_error(), "out is NULL");
}

/// Runs a refused `kingup_bot_choose` and checks that nothing was written to the out
/// parameter; returns the explanation.
fn choose_refused(
    g: &Game,
    (status, reason): (KingupStatus, &str),
    bot: *mut KingupBot,
    game: *const KingupGame,
    seat: u32,
) -> String {
    let mut action = 12345;
    // SAFETY: NULL or live handles (the tests pass nothing else); a live local.
    let why = refused(g, status, reason, || unsafe {
        kingup_bot_choose(bot, game, seat, &mut action)
    });
    assert_eq!(action, 12345, "nothing is written on failure");
    why
}

#[test]
fn bot_choose_bad_input() {
    let g = fixture();
    let bot = new_bot(RANDOM, 3, 0);
    // The same seed, never refused: the refused calls must leave `bot` in step with it.
    let twin = new_bot(RANDOM, 3, 0);
    let null = (NullArgument, "null_argument");

    let why = choose_refused(&g, null, ptr::null_mut(), g.0, 0);
    assert_eq!(why, "bot is NULL");
    let why = choose_refused(&g, null, bot.0, ptr::null(), 0);
    assert_eq!(why, "game is NULL");
    // SAFETY: NULL out_action is rejected before any search or write.
    let why = refused(&g, NullArgument, "null_argument", || unsafe {
        kingup_bot_choose(bot.0, g.0, 0, ptr::null_mut())
    });
    assert_eq!(why, "out_action is NULL");
    for seat in [4, 6, u32::MAX] {
        let why = choose_refused(&g, (InvalidArgument, "no_such_seat"), bot.0, g.0, seat);
        assert_eq!(why, format!("there is no seat {seat} in a 4-player game"));
    }
    let why = choose_refused(&g, (InvalidArgument, "not_your_turn"), bot.0, g.0, 2);
    assert_eq!(why, "seat 2 may not act now: it is seat 0's turn");

    // A seat that has voted already: play on with heuristic bots to the first vote.
    let driver = new_bot(HEURISTIC, 5, 0);
    while phase(&g) != KingupPhase::Vote as u32 {
        let seat = acting_seat(actor(&g));
        // SAFETY: a live handle, not otherwise borrowed.
        ok(unsafe { kingup_game_apply(g.0, seat, pick(&driver, &g, seat)) });
    }
    let voter = acting_seat(actor(&g));
    // SAFETY: a live handle, not otherwise borrowed.
    ok(unsafe { kingup_game_apply(g.0, voter, pick(&driver, &g, voter)) });
    let why = choose_refused(&g, (InvalidArgument, "already_voted"), bot.0, g.0, voter);
    assert_eq!(
        why,
        format!("seat {voter} may not act now: it has already voted in this election")
    );

    // A pending chance step (explicit chance), and a finished game.
    let fresh = new_game(explicit(config(4, 1, 1, -1)), 3);
    let why = choose_refused(
        &fresh,
        (InvalidArgument, "chance_pending"),
        bot.0,
        fresh.0,
        0,
    );
    assert_eq!(why, "seat 0 may not act now: a chance step is pending");
    play_out(&fresh, &[&driver]);
    for seat in 0..4 {
        let why = choose_refused(&fresh, (InvalidArgument, "game_over"), bot.0, fresh.0, seat);
        assert_eq!(
            why,
            format!("seat {seat} may not act now: the game is over")
        );
    }

    // None of the refused calls moved the bot's generator.
    let play_with = |b| {
        let g = game(5, 3, 1, 8);
        play_out(&g, &[b])
    };
    assert_eq!(play_with(&bot), play_with(&twin));
    assert_eq!(last_error(), "", "a successful call clears the last error");
}

#[test]
fn a_reader_bot_is_kind_3_and_plays_legal_actions() {
    assert_eq!(READER, 3, "appended: the existing kinds keep their values");
    let g = game(4, 3, 0, 13);
    let reader = new_bot(READER, 5, 20);
    let heuristic = new_bot(HEURISTIC, 6, 0);
    // `pick` checks every action is legal for its seat before it is played.
    let played = play_out(&g, &[&reader, &heuristic]);
    assert!(!played.is_empty());
    assert_eq!(phase(&g), KingupPhase::GameOver as u32);
}
