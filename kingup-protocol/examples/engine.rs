//! An engine in Rust: a built-in bot over the bot protocol, in a few lines.
//!
//! ```sh
//! cargo run -p kingup-protocol --example engine -- heuristic
//! ```
//!
//! The argument is the King Up! bot (`random`, `heuristic`, `reader`, `ismcts:300`, …);
//! in To Court the King the engine plays the court bot of the same name if there is one
//! (`random`), else `greedy`. `kingup engine --bot KIND` is the full version.

use std::io;

use kingup_bots::{Bot, BotSpec, court};
use kingup_protocol::{Bots, serve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let kind = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "random".to_owned());
    let spec: BotSpec = kind.parse()?;
    let court_kind: court::BotKind = kind.parse().unwrap_or(court::BotKind::Greedy);
    let bots = Bots {
        name: kind,
        king_up: Box::new(move |_, seed| Ok(Box::new(spec.build(seed)) as Box<dyn Bot<_>>)),
        court: Box::new(move |_, seed| Ok(Box::new(court_kind.build(seed)) as Box<dyn Bot<_>>)),
    };
    serve(io::stdin().lock(), io::stdout().lock(), bots)?;
    Ok(())
}
