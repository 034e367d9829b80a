//! The bot handle: the bots of `kingup-bots` picking an action for a seat of a game, from
//! that seat's player view only — generic over the game, with King Up!'s bots (random,
//! heuristic, ISMCTS, reader).

use kingup_bots::{AnyBot, Bot, BotError, BotKind, BotSpec, IsmctsConfig};
use kingup_core::Action;
use kingup_table::{Rules, Seat};

use crate::buffer::Out;
use crate::error::{Error, KingupStatus, Result, guard, reason};
use crate::handle::KingupGame;
use crate::table::{Handle, check_turn, create, game_ref, handle_mut, release};

/// Which bot a `KingupBot` is (`kingup_bot_new`'s `kind`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingupBotKind {
    /// Picks uniformly among the legal actions: the baseline.
    Random = 0,
    /// Rules of thumb: pushes its own characters up, holds back the others', vetoes
    /// candidates that hurt it. Fast.
    Heuristic = 1,
    /// Information-set Monte Carlo tree search over worlds sampled uniformly from its view,
    /// with heuristic playouts: slow (time grows with `iterations`).
    Ismcts = 2,
    /// The same search with the `reader` preset of the engine's search settings: it reads
    /// each opponent over the game (its card, and whether it plays by its card or at
    /// random) and draws its worlds and playouts from that reading: slow (time grows with
    /// `iterations`).
    Reader = 3,
}

/// The engine's kind for a `KingupBotKind` value.
fn bot_kind(kind: u32) -> Result<BotKind> {
    match kind {
        0 => Ok(BotKind::Random),
        1 => Ok(BotKind::Heuristic),
        2 => Ok(BotKind::Ismcts),
        3 => Ok(BotKind::Reader),
        other => Err(Error::invalid(
            reason::NO_SUCH_BOT_KIND,
            format_args!("unknown bot kind {other} (0 random, 1 heuristic, 2 ismcts, 3 reader)"),
        )),
    }
}

/// Most ISMCTS iterations per decision `kingup_bot_new` accepts, the limit of every front
/// end. The search tree grows by one node per iteration, so the bound keeps its memory to a
/// few tens of megabytes.
pub const KINGUP_BOT_MAX_ITERATIONS: u32 = 1_000_000;

// The header's literal is the engine's limit.
const _: () = assert!(KINGUP_BOT_MAX_ITERATIONS == IsmctsConfig::MAX_ITERATIONS);

/// The validated spec of a bot: `iterations` is 0 for the kind's default search, and only
/// the ISMCTS and reader bots search.
fn spec(kind: BotKind, iterations: u32) -> Result<BotSpec> {
    let spec = BotSpec::new(kind);
    match iterations {
        0 => Ok(spec),
        n if kind.searches() => spec
            .with_iterations(n)
            .map_err(|e| Error::invalid(e.code(), e)),
        n => Err(Error::invalid(
            BotError::Iterations(n.into()).code(),
            format_args!("iterations must be 0 for a {kind} bot (it does not search), not {n}"),
        )),
    }
}

/// A bot: picks actions for any seat of any game, seeing only that seat's player view, so
/// it never reads another seat's secret. Opaque: create it with `kingup_bot_new`, release
/// it with `kingup_bot_free`.
///
/// It draws from the generator of the seed given to `kingup_bot_new` (the project's
/// portable stream) and has no time limit: the same seed and the same sequence of
/// `kingup_bot_choose` calls give the same actions on every platform and in every language.
#[derive(Clone, Debug)]
pub struct KingupBot {
    bot: AnyBot,
}

/// An opaque bot handle (`KingupBot`, `KingupCourtBot`): a bot of one game.
pub(crate) trait BotHandle: 'static {
    /// The game handle it plays on.
    type Handle: Handle;
    /// The bot.
    type Bot: Bot<<Game<Self> as Rules>::View> + Clone;

    /// The bot, to replace it whole.
    fn bot_mut(&mut self) -> &mut Self::Bot;
}

/// The game a bot handle plays.
type Game<B> = <<B as BotHandle>::Handle as Handle>::Game;

impl BotHandle for KingupBot {
    type Handle = KingupGame;
    type Bot = AnyBot;

    fn bot_mut(&mut self) -> &mut AnyBot {
        &mut self.bot
    }
}

/// Picks an action for `seat` with a copy of the bot, kept only when a legal action comes
/// out, so a failed call leaves the bot as it was.
fn pick<G: Rules, B: Bot<G::View> + Clone>(bot: &mut B, game: &G, seat: Seat) -> Result<G::Action> {
    let mut next = bot.clone();
    // Callers checked that the seat may act, so a bot always has an answer, and the view's
    // legal actions are the game's: anything else is a bug.
    let action = next
        .choose(&game.player_view(seat))
        .ok_or_else(|| Error::internal(format_args!("the bot found no action for seat {seat}")))?;
    if game.check(seat, action).is_err() {
        return Err(Error::internal(format_args!(
            "the bot chose {action}, not legal for seat {seat}"
        )));
    }
    *bot = next;
    Ok(action)
}

/// The body of `kingup_*_bot_choose`: every argument is checked before the search starts.
///
/// # Safety
///
/// `bot` must be NULL or a live bot not used elsewhere during the call; `game` NULL or a
/// live game handle not mutated during the call; `out_action` NULL or valid for a write.
pub(crate) unsafe fn choose<B: BotHandle>(
    bot: *mut B,
    game: *const B::Handle,
    seat: u32,
    out_action: *mut u32,
) -> KingupStatus {
    guard(|| {
        // SAFETY: forwarded from this function's contract.
        let bot = unsafe { handle_mut(bot, "bot") }?;
        // SAFETY: forwarded from this function's contract.
        let game = unsafe { game_ref(game) }?;
        // SAFETY: forwarded from this function's contract.
        let out = unsafe { Out::new(out_action, "out_action") }?;
        let seat = game.seat(seat)?;
        check_turn(game.game(), seat)?;
        let action = pick(bot.bot_mut(), game.game(), seat)?;
        out.write(<Game<B> as Rules>::action_index(action) as u32);
        Ok(())
    })
}

/// Creates a bot of kind `kind` (a `KingupBotKind` value) drawing its randomness from the
/// generator of `seed`. `iterations` is the number of search iterations per decision of an
/// ISMCTS or reader bot (`0` for the kind's default, 1000 for ISMCTS; at most
/// `KINGUP_BOT_MAX_ITERATIONS`); it must be `0` for the other kinds. Free the bot with
/// `kingup_bot_free`.
///
/// `*out` is set to NULL on failure (unless `out` itself is NULL or misaligned):
/// `KINGUP_STATUS_INVALID_ARGUMENT` for an unknown kind (reason `no_such_bot_kind`) or
/// iterations out of range (`iterations`).
///
/// # Safety
///
/// `out` must be NULL or valid for a write of a pointer (and aligned for it).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_bot_new(
    kind: u32,
    seed: u64,
    iterations: u32,
    out: *mut *mut KingupBot,
) -> KingupStatus {
    let make = || {
        Ok(KingupBot {
            bot: spec(bot_kind(kind)?, iterations)?.build(seed),
        })
    };
    // SAFETY: the caller guarantees `out` as documented above.
    guard(|| unsafe { create(out, make) })
}

/// Releases a bot. NULL is accepted and ignored, and so is a misaligned pointer, which
/// cannot be a bot. The bot must not be used again.
///
/// # Safety
///
/// `bot` must be NULL or a live bot from `kingup_bot_new`, freed at most once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_bot_free(bot: *mut KingupBot) {
    // SAFETY: forwarded from this function's contract.
    unsafe { release(bot) }
}

/// Picks an action for `seat` in `game` and writes its index (`0..KINGUP_ACTION_COUNT`,
/// legal for `seat` now) into `*out_action`; play it with `kingup_game_apply`. The bot
/// sees only `seat`'s player view (what `kingup_game_player_view_json` shows), never
/// another seat's secret. The game is not changed; the bot's generator advances.
///
/// `KINGUP_STATUS_INVALID_ARGUMENT` for a seat that does not play (reason `no_such_seat`),
/// or that may not act now, with the engine's reason: `not_your_turn`, `already_voted`,
/// `chance_pending`, `game_over`; or for a misaligned pointer (`misaligned`). Every
/// argument is checked before the search starts: on failure nothing is written and the bot
/// is unchanged (its generator has not moved).
///
/// An ISMCTS or reader bot searches for the whole call: about `iterations` playouts of the
/// round.
///
/// # Safety
///
/// `bot` must be NULL or a live bot not used elsewhere during the call; `game` NULL or a
/// live game handle not mutated during the call; `out_action` NULL or valid for a write
/// (and aligned for a `uint32_t`).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn kingup_bot_choose(
    bot: *mut KingupBot,
    game: *const KingupGame,
    seat: u32,
    out_action: *mut u32,
) -> KingupStatus {
    // SAFETY: forwarded from this function's contract.
    unsafe { choose(bot, game, seat, out_action) }
}

// Action indices fit the `uint32_t` of the ABI.
const _: () = assert!(Action::COUNT <= u32::MAX as usize);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_validated() {
        for (code, kind) in [
            (KingupBotKind::Random, BotKind::Random),
            (KingupBotKind::Heuristic, BotKind::Heuristic),
            (KingupBotKind::Ismcts, BotKind::Ismcts),
            (KingupBotKind::Reader, BotKind::Reader),
        ] {
            assert_eq!(bot_kind(code as u32).unwrap(), kind);
        }
        for bad in [4, u32::MAX] {
            let err = bot_kind(bad).unwrap_err();
            assert_eq!(err.status(), KingupStatus::InvalidArgument);
            assert_eq!(err.reason(), "no_such_bot_kind");
        }
    }

    #[test]
    fn iterations_are_checked_against_the_engines_limit() {
        assert_eq!(
            spec(BotKind::Ismcts, 0).unwrap(),
            BotSpec::new(BotKind::Ismcts)
        );
        let most = spec(BotKind::Ismcts, KINGUP_BOT_MAX_ITERATIONS).unwrap();
        assert_eq!(most.search.iterations, IsmctsConfig::MAX_ITERATIONS);
        assert_eq!(most.search.time_limit, None, "no time limit: deterministic");
        assert_eq!(
            spec(BotKind::Reader, 0).unwrap(),
            BotSpec::new(BotKind::Reader)
        );
        let reader = spec(BotKind::Reader, 20).unwrap();
        assert_eq!(
            reader.search,
            IsmctsConfig {
                iterations: 20,
                ..IsmctsConfig::reader()
            }
        );
        for (kind, n) in [
            (BotKind::Ismcts, KINGUP_BOT_MAX_ITERATIONS + 1),
            (BotKind::Reader, KINGUP_BOT_MAX_ITERATIONS + 1),
            (BotKind::Random, 1),
            (BotKind::Heuristic, 5),
        ] {
            assert_eq!(spec(kind, n).unwrap_err().reason(), "iterations");
        }
    }
}
