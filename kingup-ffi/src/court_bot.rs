//! To Court the King's bots (`kingup_bots::court`: greedy, random, MCTS) behind an opaque
//! handle; choosing is the generic body King Up!'s bots use.

use kingup_bots::court::{AnyBot, BotKind, MctsBot, MctsConfig};
use kingup_court::Generator;

use crate::bot::{BotHandle, KINGUP_BOT_MAX_ITERATIONS, choose};
use crate::court::KingupCourtGame;
use crate::error::{Error, KingupStatus, Result, guard, reason};
use crate::table::{create, release};

/// Which bot a `KingupCourtBot` is (`kingup_court_bot_new`'s `kind`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingupCourtBotKind {
    /// Buys the best card it can, plays its dice toward one face. Fast.
    Greedy = 0,
    /// Picks uniformly among the legal actions: the baseline.
    Random = 1,
    /// Monte Carlo tree search with greedy rollouts: slow (time grows with `iterations`).
    Mcts = 2,
}

/// The engine's kind for a `KingupCourtBotKind` value.
fn bot_kind(kind: u32) -> Result<BotKind> {
    match kind {
        0 => Ok(BotKind::Greedy),
        1 => Ok(BotKind::Random),
        2 => Ok(BotKind::Mcts),
        other => Err(Error::invalid(
            reason::NO_SUCH_BOT_KIND,
            format_args!("unknown court bot kind {other} (0 greedy, 1 random, 2 mcts)"),
        )),
    }
}

/// The bot of `kind` seeded by `seed`: `iterations` is 0 for the kind's default, and only
/// the MCTS bot searches.
fn build(kind: BotKind, seed: u64, iterations: u32) -> Result<AnyBot> {
    match (kind, iterations) {
        (_, 0) => Ok(kind.build(seed)),
        (BotKind::Mcts, 1..=KINGUP_BOT_MAX_ITERATIONS) => {
            let config = MctsConfig {
                iterations,
                ..MctsConfig::new()
            };
            Ok(AnyBot::Mcts(MctsBot::with_config(
                Generator::new(seed),
                config,
            )))
        }
        (BotKind::Mcts, n) => Err(Error::invalid(
            "iterations",
            format_args!("iterations must be at most {KINGUP_BOT_MAX_ITERATIONS}, not {n}"),
        )),
        (_, n) => Err(Error::invalid(
            "iterations",
            format_args!("iterations must be 0 for a {kind} bot (it does not search), not {n}"),
        )),
    }
}

/// A To Court the King bot: picks actions for any seat of any court game. Opaque: create
/// it with `kingup_court_bot_new`, release it with `kingup_court_bot_free`. Seeded and
/// without a time limit, so the same seed and calls give the same actions everywhere.
#[derive(Clone, Debug)]
pub struct KingupCourtBot {
    bot: AnyBot,
}

impl BotHandle for KingupCourtBot {
    type Handle = KingupCourtGame;
    type Bot = AnyBot;

    fn bot_mut(&mut self) -> &mut AnyBot {
        &mut self.bot
    }
}

/// Creates a court bot of kind `kind` (a `KingupCourtBotKind` value) drawing its
/// randomness from the generator of `seed`. `iterations` is the MCTS bot's iterations per
/// decision (0 for its default, 200; at most `KINGUP_BOT_MAX_ITERATIONS`); it must be 0
/// for the other kinds. Free the bot with `kingup_court_bot_free`.
///
/// `*out` is set to NULL on failure (unless `out` itself is NULL or misaligned):
/// `KINGUP_STATUS_INVALID_ARGUMENT` for an unknown kind (reason `no_such_bot_kind`) or
/// iterations out of range (`iterations`).
///
/// # Safety
///
/// `out` must be NULL or valid for a write of a pointer (and aligned for it).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_bot_new(
    kind: u32,
    seed: u64,
    iterations: u32,
    out: *mut *mut KingupCourtBot,
) -> KingupStatus {
    let make = || {
        let bot = build(bot_kind(kind)?, seed, iterations)?;
        Ok(KingupCourtBot { bot })
    };
    // SAFETY: the caller guarantees `out` as documented above.
    guard(|| unsafe { create(out, make) })
}

/// Releases a court bot. NULL is accepted and ignored, and so is a misaligned pointer. The
/// bot must not be used again.
///
/// # Safety
///
/// `bot` must be NULL or a live bot from `kingup_court_bot_new`, freed at most once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_bot_free(bot: *mut KingupCourtBot) {
    // SAFETY: forwarded from this function's contract.
    unsafe { release(bot) }
}

/// Picks an action for `seat` in `game` and writes its index
/// (`0..KINGUP_COURT_ACTION_COUNT`, legal for `seat` now) into `*out_action`; play it with
/// `kingup_court_game_apply`. The game is not changed; the bot's generator advances.
///
/// `KINGUP_STATUS_INVALID_ARGUMENT` for a seat that does not play (reason `no_such_seat`)
/// or that may not act now, with the engine's reason: `not_your_turn`, `chance_pending`,
/// `game_over`. Every argument is checked before the search starts: on failure nothing is
/// written and the bot is unchanged.
///
/// # Safety
///
/// `bot` must be NULL or a live court bot not used elsewhere during the call; `game` NULL
/// or a live court game handle not mutated during the call; `out_action` NULL or valid for
/// a write (and aligned for a `uint32_t`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_court_bot_choose(
    bot: *mut KingupCourtBot,
    game: *const KingupCourtGame,
    seat: u32,
    out_action: *mut u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { choose(bot, game, seat, out_action) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_iterations_are_validated() {
        for (code, kind) in [
            (KingupCourtBotKind::Greedy, BotKind::Greedy),
            (KingupCourtBotKind::Random, BotKind::Random),
            (KingupCourtBotKind::Mcts, BotKind::Mcts),
        ] {
            assert_eq!(bot_kind(code as u32).unwrap(), kind);
        }
        assert_eq!(bot_kind(3).unwrap_err().reason(), "no_such_bot_kind");
        assert!(build(BotKind::Mcts, 1, KINGUP_BOT_MAX_ITERATIONS).is_ok());
        for (kind, n) in [
            (BotKind::Mcts, KINGUP_BOT_MAX_ITERATIONS + 1),
            (BotKind::Greedy, 1),
            (BotKind::Random, 5),
        ] {
            assert_eq!(build(kind, 1, n).unwrap_err().reason(), "iterations");
        }
    }
}
