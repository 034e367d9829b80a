//! Information-state keys: equal exactly when a viewer cannot tell two states apart.

use core::fmt::{self, Write};

use crate::{Character, PlayerView, Seat, SeatSet};

/// The readable information state of a [`PlayerView`]: one line naming every fact the
/// viewer knows, so two views print the same exactly when they are equal.
///
/// Made by [`PlayerView::info_state`]. Note that the view keeps a summary of the round's
/// history (who moved each character, who voted down each), not the order of moves.
#[derive(Clone, Copy, Debug)]
pub struct InfoState<'a>(&'a PlayerView);

impl PlayerView {
    /// The readable information state (see [`InfoState`]).
    ///
    /// ```
    /// use kingup_core::{Config, Game, Seat};
    ///
    /// let game = Game::new(Config::new(3))?;
    /// let view = game.player_view(Seat::new(0).unwrap());
    /// assert!(view.info_state().to_string().starts_with("seat 0; 3p 3r placement;"));
    /// # Ok::<(), kingup_core::ConfigError>(())
    /// ```
    pub fn info_state(&self) -> InfoState<'_> {
        InfoState(self)
    }

    /// A 64-bit hash of [`PlayerView::info_state`] (FNV-1a over its text): equal for views
    /// that are equal, and stable across platforms and builds of the same version.
    pub fn info_state_key(&self) -> u64 {
        let mut hasher = Fnv1a(0xcbf2_9ce4_8422_2325);
        // Writing to the hasher cannot fail.
        let _ = write!(hasher, "{}", self.info_state());
        hasher.0
    }
}

/// FNV-1a, 64-bit: tiny, deterministic, good enough to key tables.
struct Fnv1a(u64);

impl Write for Fnv1a {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for &b in s.as_bytes() {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        Ok(())
    }
}

fn seats(f: &mut fmt::Formatter<'_>, set: SeatSet) -> fmt::Result {
    for s in set.iter() {
        write!(f, "{s}")?;
    }
    Ok(())
}

fn option<T: fmt::Display>(f: &mut fmt::Formatter<'_>, value: Option<T>) -> fmt::Result {
    match value {
        Some(v) => write!(f, "{v}"),
        None => f.write_str("-"),
    }
}

/// Writes a per-character table of seat sets, skipping empty entries: `A:01 F:2`.
fn table(f: &mut fmt::Formatter<'_>, entries: &[SeatSet; Character::COUNT]) -> fmt::Result {
    for (c, set) in Character::ALL.iter().zip(entries) {
        if !set.is_empty() {
            write!(f, " {}:", c.letter())?;
            seats(f, *set)?;
        }
    }
    Ok(())
}

impl fmt::Display for InfoState<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let view = self.0;
        let p = &view.public;
        let config = &p.config;
        let setup = match config.setup {
            crate::Setup::Placement => "placement",
            crate::Setup::RandomLayout => "random-layout",
        };
        write!(
            f,
            "seat {}; {}p {}r {setup};",
            view.seat, config.players, config.rounds
        )?;
        f.write_str(if config.deck.is_balanced() {
            " balanced"
        } else {
            " deck"
        })?;
        if !config.deck.is_balanced() {
            for card in config.deck.cards() {
                write!(f, " {card}")?;
            }
        }
        match config.first_player {
            crate::FirstPlayer::Random => f.write_str(" first-player random;")?,
            crate::FirstPlayer::Seat(seat) => write!(f, " first-player {seat};")?,
        }
        write!(
            f,
            " round {} {} actor {} chance ",
            p.round, p.phase, p.actor
        )?;
        match p.chance_step {
            Some(step) => write!(f, "{step:?}")?,
            None => f.write_str("-")?,
        }
        f.write_str("; castle ")?;
        for floor in crate::Floor::ALL {
            let here = p.castle.on(floor);
            if here.is_empty() {
                f.write_str("-")?;
            } else {
                write!(f, "{here}")?;
            }
            f.write_str(if floor == crate::Floor::Throne {
                ""
            } else {
                "|"
            })?;
        }
        write!(f, " x {}; first ", p.castle.eliminated())?;
        option(f, p.first_player)?;
        f.write_str(" crown ")?;
        option(f, p.crown)?;
        f.write_str(" voted ")?;
        seats(f, p.voted)?;
        f.write_str(" dealt ")?;
        seats(f, p.dealt)?;
        f.write_str("; moved")?;
        table(f, &p.movers)?;
        f.write_str("; no")?;
        table(f, &p.no_votes)?;
        f.write_str("; scored")?;
        let scored = p
            .revealed
            .iter()
            .zip(&p.scores)
            .take(p.rounds_scored.into());
        for (cards, points) in scored {
            for s in Seat::all(p.players()) {
                write!(f, " ")?;
                option(f, cards[s.index()].map(|c| c.index()))?;
                write!(f, ":{}", points[s.index()])?;
            }
            f.write_str(" |")?;
        }
        f.write_str(" own ")?;
        option(f, view.objective_card.map(|c| c.index()))?;
        f.write_str(" ")?;
        option(f, view.vote)
    }
}
