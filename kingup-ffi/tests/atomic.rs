//! Every error is atomic: a mutating call that fails changes nothing, whichever of its
//! inputs is wrong. Each mutating entry point of the header is called over a matrix of bad
//! inputs (NULL and misaligned handles, every seat, every index, in every phase, NULL and
//! misaligned out-parameters) in positions from every phase; after every refusal the game
//! has the same save document and event count as before, the out-parameter holds what it
//! held, and a bot chooses next exactly as a clone of it made before the call.

use std::collections::BTreeSet;
use std::ptr;

use KingupStatus::{InvalidArgument, NullArgument};
use kingup_ffi::*;

mod common;
use common::*;

/// The entry points that change a handle they are given, checked against the header.
const MUTATING: [&str; 6] = [
    "kingup_game_apply",
    "kingup_game_apply_chance",
    "kingup_game_resolve_chance",
    "kingup_game_reseed",
    "kingup_game_undo",
    "kingup_bot_choose",
];

#[test]
fn the_matrix_covers_every_mutating_call_of_the_header() {
    // A non-const handle parameter means the call may change the handle; `free` ends it.
    let mutating: BTreeSet<String> = header_functions()
        .into_iter()
        .filter(|f| !f.name.ends_with("_free"))
        .filter(|f| {
            f.params
                .iter()
                .any(|p| p == "struct KingupGame *game" || p == "struct KingupBot *bot")
        })
        .map(|f| f.name)
        .collect();
    let covered: BTreeSet<String> = MUTATING.iter().map(|s| s.to_string()).collect();
    assert_eq!(mutating, covered);
}

/// An owned bot handle, freed on drop.
struct Bot(*mut KingupBot);

impl Drop for Bot {
    fn drop(&mut self) {
        // SAFETY: owned by this wrapper, freed exactly once.
        unsafe { kingup_bot_free(self.0) };
    }
}

fn new_bot(kind: KingupBotKind, seed: u64) -> Bot {
    let iterations = match kind {
        KingupBotKind::Ismcts | KingupBotKind::Reader => 20,
        KingupBotKind::Random | KingupBotKind::Heuristic => 0,
    };
    let mut bot = ptr::null_mut();
    // SAFETY: `bot` is a live local.
    ok(unsafe { kingup_bot_new(kind as u32, seed, iterations, &mut bot) });
    Bot(bot)
}

impl Bot {
    /// A copy of the bot as it is now (its generator included), as its own handle.
    fn twin(&self) -> Bot {
        // SAFETY: a live bot handle, not used elsewhere during the copy.
        let copy: KingupBot = unsafe { (*self.0).clone() };
        Bot(Box::into_raw(Box::new(copy)))
    }

    fn choose(&self, g: &Game, seat: u32) -> (KingupStatus, u32) {
        let mut action = u32::MAX;
        // SAFETY: live handles, not otherwise borrowed; a live local.
        let status = unsafe { kingup_bot_choose(self.0, g.0, seat, &mut action) };
        (status, action)
    }
}

fn clone_game(g: &Game) -> Game {
    let mut copy = ptr::null_mut();
    // SAFETY: a live handle and a live local.
    ok(unsafe { kingup_game_clone(g.0, &mut copy) });
    Game(copy)
}

/// Plays `g` with a heuristic bot (chance from the game's generator) until `stop` says so
/// or the game is over.
fn play_until(g: &Game, stop: impl Fn(&Game) -> bool) {
    let driver = new_bot(KingupBotKind::Heuristic, 77);
    while !stop(g) {
        let a = actor(g);
        if a.kind == KingupActorKind::Nobody as u32 {
            return;
        }
        if a.kind == KingupActorKind::Chance as u32 {
            // SAFETY: a live handle, not otherwise borrowed.
            ok(unsafe { kingup_game_resolve_chance(g.0) });
            continue;
        }
        let seat = acting_seat(a);
        let (status, action) = driver.choose(g, seat);
        ok(status);
        // SAFETY: a live handle, not otherwise borrowed.
        ok(unsafe { kingup_game_apply(g.0, seat, action) });
    }
}

/// Positions from every phase, each with something different to refuse.
fn positions() -> Vec<(&'static str, Game)> {
    let placement = fixture();
    let moved = fixture();
    // SAFETY: a live handle, not otherwise borrowed.
    ok(unsafe { kingup_game_apply(moved.0, 0, 0) });
    let climb = new_game(config(4, 3, 0, -1), 5);
    play_until(&climb, |g| phase(g) == KingupPhase::Climb as u32);
    let vote = new_game(config(3, 3, 1, -1), 6);
    play_until(&vote, |g| phase(g) == KingupPhase::Vote as u32);
    let voter = acting_seat(actor(&vote));
    // SAFETY: a live handle, not otherwise borrowed. Yes is always legal.
    ok(unsafe { kingup_game_apply(vote.0, voter, 65) });
    let first_player = new_game(explicit(config(5, 3, 0, -1)), 7);
    let deal = new_game(explicit(config(5, 3, 0, -1)), 7);
    // SAFETY: a live handle, not otherwise borrowed: seat 2 starts.
    ok(unsafe { kingup_game_apply_chance(deal.0, 2) });
    // SAFETY: as above: seat 0 is dealt card 3.
    ok(unsafe { kingup_game_apply_chance(deal.0, 13) });
    let layout = new_game(explicit(config(3, 1, 1, 0)), 8);
    play_until(&layout, |g| {
        let mut step = KingupChanceStep {
            kind: 0,
            subject: 0,
        };
        // SAFETY: a live handle and a live local.
        ok(unsafe { kingup_game_chance_step(g.0, &mut step) });
        step.kind == KingupChanceKind::Layout as u32
    });
    let over = new_game(config(6, 1, 0, -1), 9);
    play_until(&over, |_| false);
    vec![
        ("placement", placement),
        ("after an undoable move", moved),
        ("climb", climb),
        ("vote, one seat has voted", vote),
        ("explicit chance: first player", first_player),
        ("explicit chance: a deal", deal),
        ("explicit chance: a layout", layout),
        ("game over", over),
    ]
}

const SEATS: [u32; 9] = [0, 1, 2, 3, 4, 5, 6, 7, u32::MAX];

/// Runs `call` on a copy of `g` (a fresh one after each success): every failure must
/// explain itself and leave the copy's save document and event log as they were. Returns
/// the reasons of the failures.
fn every_failure_is_atomic(
    g: &Game,
    what: &str,
    cases: impl IntoIterator<Item = u32>,
    call: impl Fn(*mut KingupGame, u32) -> KingupStatus,
) -> BTreeSet<String> {
    let mut reasons = BTreeSet::new();
    let mut probe = clone_game(g);
    for case in cases {
        let (before, events) = (save(&probe), event_count(&probe));
        let status = call(probe.0, case);
        if status == KingupStatus::Ok {
            probe = clone_game(g);
            continue;
        }
        let reason = last_reason();
        assert!(
            !reason.is_empty() && !last_error().is_empty(),
            "{what} {case}"
        );
        assert_eq!(
            save(&probe),
            before,
            "{what} {case}: {reason} changed the game"
        );
        assert_eq!(event_count(&probe), events, "{what} {case}: {reason}");
        reasons.insert(reason);
    }
    reasons
}

#[test]
fn a_failed_move_changes_nothing() {
    let mut reasons = BTreeSet::new();
    let actions: Vec<u32> = (0..=KINGUP_ACTION_COUNT).chain([u32::MAX]).collect();
    let outcomes: Vec<u32> = (0..=KINGUP_CHANCE_OUTCOME_COUNT)
        .chain([u32::MAX])
        .collect();
    for (name, g) in positions() {
        // The pointer: NULL, and misaligned (so not a handle), for each of the five.
        let mut odd = Misaligned::<KingupGame>::new(1);
        let odd = odd.ptr();
        for handle in [ptr::null_mut(), odd] {
            // SAFETY (each call): a NULL or misaligned handle is refused before any use.
            let statuses = [
                // SAFETY: as stated above.
                refused_status(&g, || unsafe { kingup_game_apply(handle, 0, 0) }),
                // SAFETY: as stated above.
                refused_status(&g, || unsafe { kingup_game_apply_chance(handle, 0) }),
                // SAFETY: as stated above.
                refused_status(&g, || unsafe { kingup_game_undo(handle, 0) }),
            ];
            let expected = if handle.is_null() {
                NullArgument
            } else {
                InvalidArgument
            };
            assert_eq!(statuses, [expected; 3], "{name}");
            // SAFETY: as above.
            refused_status(&g, || unsafe { kingup_game_resolve_chance(handle) });
            // SAFETY: as above.
            refused_status(&g, || unsafe { kingup_game_reseed(handle, 1) });
        }
        // Every seat with every action, every outcome, every seat's undo.
        for seat in SEATS {
            let what = format!("{name}: apply for seat {seat}");
            reasons.extend(every_failure_is_atomic(
                &g,
                &what,
                actions.clone(),
                |h, a| {
                    // SAFETY: a live handle, not otherwise borrowed.
                    unsafe { kingup_game_apply(h, seat, a) }
                },
            ));
        }
        let what = format!("{name}: apply_chance");
        reasons.extend(every_failure_is_atomic(
            &g,
            &what,
            outcomes.clone(),
            |h, o| {
                // SAFETY: a live handle, not otherwise borrowed.
                unsafe { kingup_game_apply_chance(h, o) }
            },
        ));
        let what = format!("{name}: undo");
        reasons.extend(every_failure_is_atomic(&g, &what, SEATS, |h, s| {
            // SAFETY: a live handle, not otherwise borrowed.
            unsafe { kingup_game_undo(h, s) }
        }));
    }
    // The matrix met every kind of refusal, so "unchanged" was checked for each.
    for reason in [
        "no_such_seat",
        "no_such_action",
        "no_such_outcome",
        "not_your_turn",
        "wrong_phase",
        "already_placed",
        "floor_full",
        "already_voted",
        "chance_pending",
        "game_over",
        "not_chance",
        "wrong_step",
        "card_unavailable",
        "nothing_to_undo",
        "not_your_step",
        "revealed",
    ] {
        assert!(reasons.contains(reason), "{reason} never met: {reasons:?}");
    }
}

/// Asserts that `call` fails, explains itself and leaves `g` unchanged; returns the status.
fn refused_status(g: &Game, call: impl FnOnce() -> KingupStatus) -> KingupStatus {
    let (before, events) = (save(g), event_count(g));
    let status = call();
    assert_ne!(status, KingupStatus::Ok);
    assert!(!last_reason().is_empty() && !last_error().is_empty());
    assert_eq!((save(g), event_count(g)), (before, events));
    status
}

/// The next choices of `bot` and `twin` in a reference position: equal when neither bot's
/// generator moved differently from the other's.
fn next_choices(bot: &Bot, twin: &Bot, reference: &Game) -> (Vec<u32>, Vec<u32>) {
    let picks = |b: &Bot| {
        (0..6)
            .map(|_| {
                let (status, action) = b.choose(reference, 0);
                ok(status);
                action
            })
            .collect()
    };
    (picks(bot), picks(twin))
}

#[test]
fn a_failed_bot_call_changes_neither_the_game_nor_the_bot() {
    let reference = fixture();
    let mut reasons = BTreeSet::new();
    for kind in [
        KingupBotKind::Random,
        KingupBotKind::Heuristic,
        KingupBotKind::Ismcts,
        KingupBotKind::Reader,
    ] {
        for (name, g) in positions() {
            let bot = new_bot(kind, 9);
            // Every seat: those that may not act now are refused.
            for seat in SEATS {
                let twin = bot.twin();
                let (before, events) = (save(&g), event_count(&g));
                let (status, action) = bot.choose(&g, seat);
                if status == KingupStatus::Ok {
                    continue;
                }
                let what = format!("{kind:?} in {name}, seat {seat}");
                reasons.insert(last_reason());
                assert_eq!(action, u32::MAX, "{what}: nothing written");
                assert_eq!((save(&g), event_count(&g)), (before, events), "{what}");
                let (mine, twins) = next_choices(&bot, &twin, &reference);
                assert_eq!(mine, twins, "{what}: the bot's generator moved");
            }
            // Every pointer, wrong alone, with a seat that may act now (when one may).
            let Some(seat) = next_seat(&g) else {
                continue;
            };
            let mut odd_bot = Misaligned::<KingupBot>::new(1);
            let mut odd_game = Misaligned::<KingupGame>::new(1);
            let mut odd_out = Misaligned::<u32>::new(1);
            let mut word = u32::MAX;
            let cases: [(*mut KingupBot, *const KingupGame, *mut u32, &str); 6] = [
                (ptr::null_mut(), g.0, &raw mut word, "null_argument"),
                (odd_bot.ptr(), g.0, ptr::null_mut(), "misaligned"),
                (bot.0, ptr::null(), ptr::null_mut(), "null_argument"),
                (bot.0, odd_game.ptr(), ptr::null_mut(), "misaligned"),
                (bot.0, g.0, ptr::null_mut(), "null_argument"),
                (bot.0, g.0, odd_out.ptr(), "misaligned"),
            ];
            for (b, h, out, reason) in cases {
                let twin = bot.twin();
                let what = format!("{kind:?} in {name}: {reason}");
                let (before, events) = (save(&g), event_count(&g));
                // SAFETY: each case has one NULL or misaligned pointer, refused before any
                // use; the others are live handles or a live local.
                let status = unsafe { kingup_bot_choose(b, h, seat, out) };
                assert_ne!(status, KingupStatus::Ok, "{what}");
                assert_eq!(last_reason(), reason, "{what}");
                assert_eq!((save(&g), event_count(&g)), (before, events), "{what}");
                let (mine, twins) = next_choices(&bot, &twin, &reference);
                assert_eq!(mine, twins, "{what}: the bot's generator moved");
            }
            assert!(odd_bot.untouched() && odd_game.untouched() && odd_out.untouched());
            assert_eq!(word, u32::MAX, "{kind:?} in {name}: nothing written");
        }
    }
    for reason in [
        "no_such_seat",
        "not_your_turn",
        "already_voted",
        "chance_pending",
        "game_over",
    ] {
        assert!(reasons.contains(reason), "{reason} never met: {reasons:?}");
    }
}
