//! ISMCTS drawing its worlds from a belief read from the view, against ISMCTS drawing them
//! uniformly (and against heuristic bots), at equal iterations.
//!
//! ```text
//! cargo run --release -p kingup-bots --example belief_search -- [games] [players] [iterations] [ismcts|heuristic] [belief|uniform]
//! ```

use kingup_bots::{
    BeliefModel, Bot, Entrant, HeuristicBot, IsmctsBot, IsmctsConfig, TournamentConfig, tournament,
};
use kingup_core::{Config, Generator};

fn ismcts<'a>(name: &str, iterations: u32, belief: Option<BeliefModel>) -> Entrant<'a> {
    Entrant {
        name: name.into(),
        make: Box::new(move |seed| {
            let config = IsmctsConfig {
                iterations,
                belief,
                ..IsmctsConfig::default()
            };
            Box::new(IsmctsBot::new(Generator::new(seed), config)) as Box<dyn Bot>
        }),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(400);
    let players: u8 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(4);
    let iterations: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(300);
    let field = args.get(3).map_or("ismcts", String::as_str);
    let hero = match args.get(4).map(String::as_str) {
        Some("uniform") => ismcts("hero-uniform", iterations, None),
        _ => ismcts("hero-belief", iterations, Some(BeliefModel::default())),
    };
    let mut entrants = vec![hero];
    for _ in 1..players {
        entrants.push(match field {
            "heuristic" => Entrant {
                name: "heuristic".into(),
                make: Box::new(|seed| {
                    Box::new(HeuristicBot::new(Generator::new(seed))) as Box<dyn Bot>
                }),
            },
            _ => ismcts("ismcts-uniform", iterations, None),
        });
    }
    let config = TournamentConfig {
        game: Config::new(players),
        games,
        seed: 2026,
        threads: 2,
    };
    let standings = tournament(&config, &entrants, Generator::new, |_| {}).expect("valid");
    println!("{standings}");
}
