//! Evidence of strength: each bot beats the one below it, at 3, 4 and 6 players.
//!
//! Slow in debug builds, so these run in release only: `cargo test --release -p kingup-bots
//! --test strength`. Seeds are fixed; the game counts make the margins several standard
//! errors wide, so a pass is not luck.

use kingup_bots::{
    ArenaConfig, Bot, Entrant, HeuristicBot, IsmctsBot, IsmctsConfig, RandomBot, Standings,
    TournamentConfig, arena, tournament,
};
use kingup_core::{Config, Generator};

fn random<'a>() -> Entrant<'a> {
    Entrant {
        name: "random".into(),
        make: Box::new(|seed| Box::new(RandomBot::new(Generator::new(seed))) as Box<dyn Bot>),
    }
}

fn heuristic<'a>() -> Entrant<'a> {
    Entrant {
        name: "heuristic".into(),
        make: Box::new(|seed| Box::new(HeuristicBot::new(Generator::new(seed))) as Box<dyn Bot>),
    }
}

fn ismcts<'a>(iterations: u32) -> Entrant<'a> {
    Entrant {
        name: "ismcts".into(),
        make: Box::new(move |seed| {
            let config = IsmctsConfig {
                iterations,
                ..IsmctsConfig::default()
            };
            Box::new(IsmctsBot::new(Generator::new(seed), config)) as Box<dyn Bot>
        }),
    }
}

fn preset<'a>(name: &str, iterations: u32, preset: fn() -> IsmctsConfig) -> Entrant<'a> {
    Entrant {
        name: name.into(),
        make: Box::new(move |seed| {
            let config = IsmctsConfig {
                iterations,
                ..preset()
            };
            Box::new(IsmctsBot::new(Generator::new(seed), config)) as Box<dyn Bot>
        }),
    }
}

/// One `hero` against `players - 1` copies of `field`; returns the standings.
fn hero_vs_field(
    players: u8,
    games: u32,
    hero: Entrant<'_>,
    field: fn() -> Entrant<'static>,
) -> Standings {
    let mut entrants = vec![hero];
    entrants.extend((1..players).map(|_| field()));
    let config = TournamentConfig {
        game: Config::new(players),
        games,
        seed: 2026,
        threads: 2,
    };
    tournament(&config, &entrants, Generator::new, |_| {}).unwrap()
}

/// The hero wins more than a fair share by at least three standard errors.
fn assert_beats(standings: &Standings, players: u8) {
    println!("{standings}");
    let hero = &standings.0[0];
    let fair = 1.0 / f64::from(players);
    let se = (fair * (1.0 - fair) / f64::from(hero.games)).sqrt();
    assert!(
        hero.win_rate() > fair + 3.0 * se,
        "{} won {:.1}% of {} games; fair share {:.1}% + 3 SE {:.1}%",
        hero.name,
        100.0 * hero.win_rate(),
        hero.games,
        100.0 * fair,
        300.0 * se
    );
    let field_mean: f64 = standings.0[1..].iter().map(|s| s.mean_score()).sum::<f64>()
        / (standings.0.len() - 1) as f64;
    assert!(hero.mean_score() > field_mean, "{standings}");
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run with --release")]
fn heuristic_beats_random() {
    for players in [3, 4, 6] {
        let standings = hero_vs_field(players, 600, heuristic(), random);
        assert_beats(&standings, players);
    }
}

#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run with --release")]
fn ismcts_beats_heuristic() {
    // Six seats spread the tree thinner: the search needs more iterations there.
    for (players, iterations) in [(3, 300), (4, 300), (6, 1000)] {
        let standings = hero_vs_field(players, 200, ismcts(iterations), heuristic);
        assert_beats(&standings, players);
    }
}

/// In the arena (duplicate deals, seats rotated, two of each kind at three-seat tables), the
/// heuristic bots are rated above the random ones and win more, each by many standard errors.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run with --release")]
fn the_arena_rates_heuristic_above_random() {
    let entrants = [heuristic(), random(), heuristic(), random()];
    let config = ArenaConfig {
        game: Config::new(3),
        deals: 400,
        seed: 2026,
        threads: 2,
    };
    let results = arena(&config, &entrants, |_| {}).unwrap();
    let s = &results.standings;
    for h in [0, 2] {
        for r in [1, 3] {
            let (h, r) = (&s[h], &s[r]);
            let rating_sd = h.uncertainty.hypot(r.uncertainty);
            assert!(
                h.rating - r.rating > 4.0 * rating_sd,
                "ratings {} ± {} vs {} ± {}",
                h.rating,
                h.uncertainty,
                r.rating,
                r.uncertainty
            );
            // The 95 % half-widths are 1.96 standard errors.
            let win_se = (h.win_rate_ci95().powi(2) + r.win_rate_ci95().powi(2)).sqrt() / 1.96;
            assert!(
                h.win_rate() - r.win_rate() > 5.0 * win_se,
                "win rates {} vs {} (se {win_se})",
                h.win_rate(),
                r.win_rate()
            );
        }
    }
    assert!(results.ladder()[..2].iter().all(|&i| i % 2 == 0));
}

/// A search bot whose opponents play out as a mixture (`IsmctsConfig::mixed`) against
/// default search bots, at equal iterations: the mixture wins more than a fair share.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run with --release")]
fn the_mixed_model_beats_default_ismcts_at_equal_iterations() {
    let mixed = preset("mixed", MIXED_ITERATIONS, IsmctsConfig::mixed);
    let standings = hero_vs_field(4, MIXED_GAMES, mixed, || ismcts(MIXED_ITERATIONS));
    assert_beats(&standings, 4);
}

/// The reader (`IsmctsConfig::reader`, the `reader` kind) against default search bots at
/// equal iterations: more than a fair share.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run with --release")]
fn the_reader_beats_default_ismcts_at_equal_iterations() {
    let reader = preset("reader", MIXED_ITERATIONS, IsmctsConfig::reader);
    let standings = hero_vs_field(4, MIXED_GAMES, reader, || ismcts(MIXED_ITERATIONS));
    assert_beats(&standings, 4);
}

/// Against heuristic tables the reader reads its opponents as playing their cards and
/// models them as the default does: it wins more than the fixed mixture, which bets on
/// random opponents, in the same deals, by several standard errors of the difference.
#[test]
#[cfg_attr(debug_assertions, ignore = "slow in debug builds; run with --release")]
fn the_reader_keeps_the_edge_over_heuristic_tables_that_the_mixture_loses() {
    let reader = hero_vs_field(
        4,
        MIXED_GAMES,
        preset("reader", MIXED_ITERATIONS, IsmctsConfig::reader),
        heuristic,
    );
    let mixed = hero_vs_field(
        4,
        MIXED_GAMES,
        preset("mixed", MIXED_ITERATIONS, IsmctsConfig::mixed),
        heuristic,
    );
    println!("{reader}\n{mixed}");
    let (r, m) = (reader.0[0].win_rate(), mixed.0[0].win_rate());
    let se =
        (r * (1.0 - r) / f64::from(MIXED_GAMES) + m * (1.0 - m) / f64::from(MIXED_GAMES)).sqrt();
    assert!(r > m + 3.0 * se, "reader {r:.3}, mixed {m:.3}, se {se:.3}");
}

/// Iterations and games of the mixed model's test: enough games for a margin of several standard
/// errors, few enough iterations to stay under a minute on two cores.
const MIXED_ITERATIONS: u32 = 100;
const MIXED_GAMES: u32 = 1200;
