//! The bot handle: the engine's bots (random, heuristic, ISMCTS) picking an action for a
//! seat of a game, from that seat's player view only.

use std::ptr;

use kingup_core::{Action, Actor, Bot, HeuristicBot, IsmctsBot, IsmctsConfig, RandomBot};

use crate::buffer::write_out;
use crate::error::{Error, KingupStatus, Result, guard, no_panic};
use crate::handle::{KingupGame, game_ref};
use crate::rng::SplitMix64;

/// Which bot a `KingupBot` is (`kingup_bot_new`'s `kind`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingupBotKind {
    /// Picks uniformly among the legal actions: the baseline.
    Random = 0,
    /// Rules of thumb: pushes its own characters up, holds back the others', vetoes
    /// candidates that hurt it. Fast.
    Heuristic = 1,
    /// Information-set Monte Carlo tree search over worlds sampled from its view, with
    /// heuristic playouts: the strongest, and the slowest (time grows with `iterations`).
    Ismcts = 2,
}

impl KingupBotKind {
    fn from_u32(kind: u32) -> Result<KingupBotKind> {
        match kind {
            0 => Ok(KingupBotKind::Random),
            1 => Ok(KingupBotKind::Heuristic),
            2 => Ok(KingupBotKind::Ismcts),
            other => Err(Error::invalid(format_args!(
                "unknown bot kind {other} (0 random, 1 heuristic, 2 ismcts)"
            ))),
        }
    }

    fn name(self) -> &'static str {
        match self {
            KingupBotKind::Random => "random",
            KingupBotKind::Heuristic => "heuristic",
            KingupBotKind::Ismcts => "ismcts",
        }
    }
}

/// Most ISMCTS iterations per decision `kingup_bot_new` accepts. The search tree grows by
/// one node per iteration, so the bound keeps its memory to a few tens of megabytes.
pub const KINGUP_BOT_MAX_ITERATIONS: u32 = 1_000_000;

/// A bot: picks actions for any seat of any game, seeing only that seat's player view, so
/// it never reads another seat's secret. Opaque: create it with `kingup_bot_new`, release
/// it with `kingup_bot_free`.
///
/// It owns a SplitMix64 generator seeded by `kingup_bot_new`: the same seed and the same
/// sequence of `kingup_bot_choose` calls give the same actions on every platform.
#[derive(Clone, Debug)]
pub struct KingupBot {
    kind: KingupBotKind,
    /// The search settings, used by `KingupBotKind::Ismcts` only. No time limit: a time
    /// limit would make the choices depend on the machine.
    ismcts: IsmctsConfig,
    rng: SplitMix64,
}

impl KingupBot {
    /// Picks an action for `seat` from its player view, with a copy of the generator, kept
    /// only when a legal action comes out, so a failed call leaves the bot as it was.
    fn choose(&mut self, game: &kingup_core::Game, seat: kingup_core::Seat) -> Result<Action> {
        let view = game.player_view(seat);
        let mut rng = self.rng.clone();
        let action = match self.kind {
            KingupBotKind::Random => RandomBot::new(&mut rng).choose(&view),
            KingupBotKind::Heuristic => HeuristicBot::new(&mut rng).choose(&view),
            KingupBotKind::Ismcts => IsmctsBot::new(&mut rng, self.ismcts).choose(&view),
        };
        // Callers checked that the seat may act, so a bot always has an answer, and the
        // view's legal actions are the game's: anything else is a bug.
        let action = action.ok_or_else(|| {
            Error::new(
                KingupStatus::InternalError,
                format_args!(
                    "internal error (kingup bug): the bot found no action for seat {seat}"
                ),
            )
        })?;
        if !game.is_legal(seat, action) {
            return Err(Error::new(
                KingupStatus::InternalError,
                format_args!(
                    "internal error (kingup bug): the bot chose {action}, not legal for seat {seat}"
                ),
            ));
        }
        self.rng = rng;
        Ok(action)
    }
}

/// Why `seat`, which plays in the game, may not act now; `None` when it may.
fn cannot_act(actor: Actor, seat: kingup_core::Seat) -> Option<String> {
    let why = match actor {
        _ if actor.includes(seat) => return None,
        Actor::Chance => "a chance step is pending (resolve it first)".to_owned(),
        Actor::Seat(other) => format!("it is seat {other}'s turn"),
        Actor::Voters(_) => "it has voted already".to_owned(),
        Actor::Nobody => "the game is over".to_owned(),
    };
    Some(format!("seat {seat} may not act now: {why}"))
}

/// Creates a bot of kind `kind` (a `KingupBotKind` value) drawing its randomness from a
/// generator seeded with `seed`. `iterations` is the number of ISMCTS iterations per
/// decision (`0` for the default, 1000; at most `KINGUP_BOT_MAX_ITERATIONS`); it must be
/// `0` for the other kinds. Free the bot with `kingup_bot_free`.
///
/// `*out` is set to NULL on failure: `KINGUP_STATUS_INVALID_ARGUMENT` for an unknown kind
/// or iterations out of range.
///
/// # Safety
///
/// `out` must be NULL or valid for a write of a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_bot_new(
    kind: u32,
    seed: u64,
    iterations: u32,
    out: *mut *mut KingupBot,
) -> KingupStatus {
    guard(|| {
        // SAFETY: the caller guarantees `out` as documented above.
        unsafe { write_out(out, "out", ptr::null_mut())? };
        let kind = KingupBotKind::from_u32(kind)?;
        let mut ismcts = IsmctsConfig::default();
        match (kind, iterations) {
            (_, 0) => {}
            (KingupBotKind::Ismcts, n) if n <= KINGUP_BOT_MAX_ITERATIONS => ismcts.iterations = n,
            (KingupBotKind::Ismcts, n) => {
                return Err(Error::invalid(format_args!(
                    "{n} iterations is more than the most, {KINGUP_BOT_MAX_ITERATIONS}"
                )));
            }
            (_, n) => {
                return Err(Error::invalid(format_args!(
                    "iterations must be 0 for a {} bot (it does not search), not {n}",
                    kind.name()
                )));
            }
        }
        ismcts.time_limit = None;
        let bot = Box::new(KingupBot {
            kind,
            ismcts,
            rng: SplitMix64::new(seed),
        });
        // SAFETY: checked non-NULL and writable by `write_out` above.
        unsafe { out.write(Box::into_raw(bot)) };
        Ok(())
    })
}

/// Releases a bot. NULL is accepted and ignored. The bot must not be used again.
///
/// # Safety
///
/// `bot` must be NULL or a live bot from `kingup_bot_new`, freed at most once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_bot_free(bot: *mut KingupBot) {
    if bot.is_null() {
        return;
    }
    // Not through `guard`, which would clear the last error the caller may still read.
    no_panic((), || {
        // SAFETY: a live bot made by `Box::into_raw` in `kingup_bot_new`, owned by the
        // caller and given back exactly once.
        drop(unsafe { Box::from_raw(bot) });
    });
}

/// Picks an action for `seat` in `game` and writes its index (`0..KINGUP_ACTION_COUNT`,
/// legal for `seat` now) into `*out_action`; play it with `kingup_game_apply`. The bot
/// sees only `seat`'s player view (what `kingup_game_player_view_json` shows), never
/// another seat's secret. The game is not changed; the bot's generator advances.
///
/// `KINGUP_STATUS_INVALID_ARGUMENT` for a seat that does not play, or that may not act now
/// (another seat's turn, a vote it has already cast, a pending chance step, the game over);
/// the last error says which. On failure nothing is written and the bot is unchanged.
///
/// An ISMCTS bot searches for the whole call: about `iterations` playouts of the round.
///
/// # Safety
///
/// `bot` must be NULL or a live bot not used elsewhere during the call; `game` NULL or a
/// live game handle not mutated during the call; `out_action` NULL or valid for a write.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_bot_choose(
    bot: *mut KingupBot,
    game: *const KingupGame,
    seat: u32,
    out_action: *mut u32,
) -> KingupStatus {
    guard(|| {
        // SAFETY: the caller guarantees `bot` as documented above.
        let bot = unsafe { bot.as_mut() }.ok_or_else(|| Error::null("bot"))?;
        // SAFETY: the caller guarantees `game` as documented above.
        let game = unsafe { game_ref(game) }?;
        if out_action.is_null() {
            return Err(Error::null("out_action"));
        }
        let seat = game.seat(seat)?;
        if let Some(why) = cannot_act(game.game.actor(), seat) {
            return Err(Error::invalid(why));
        }
        let action = bot.choose(&game.game, seat)?;
        // SAFETY: the caller guarantees `out_action` as documented above; checked non-NULL.
        unsafe { write_out(out_action, "out_action", action.index() as u32) }
    })
}

// Action indices fit the `uint32_t` of the ABI.
const _: () = assert!(Action::COUNT <= u32::MAX as usize);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_validated() {
        for (code, kind) in [
            (0, KingupBotKind::Random),
            (1, KingupBotKind::Heuristic),
            (2, KingupBotKind::Ismcts),
        ] {
            assert_eq!(KingupBotKind::from_u32(code).unwrap(), kind);
            assert_eq!(kind as u32, code);
        }
        for bad in [3, u32::MAX] {
            let err = KingupBotKind::from_u32(bad).unwrap_err();
            assert_eq!(err.status(), KingupStatus::InvalidArgument);
        }
    }
}
