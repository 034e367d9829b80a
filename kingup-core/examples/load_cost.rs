//! What refusing a hand-built state costs when the reachability search runs out of its
//! budget (`HISTORY_BUDGET`): reads a public view in JSON (by default the slowest input
//! fuzzing found, `fuzz/slow/decode_json/edited-snapshot-13s.json`) as a public view, and as
//! seat 1's player view, several times each, and prints the fastest and slowest time of
//! each. (Serde checks a view with the same search as `Game::from_snapshot`.)
//!
//! `cargo run --release -p kingup-core --example load_cost [FILE] [TIMES]`
//! (docs/performance.md, "Loading states", quotes its figures).

use std::time::{Duration, Instant};

use kingup_core::{HISTORY_BUDGET, PlayerView, PublicView};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let default = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fuzz/slow/decode_json/edited-snapshot-13s.json"
    );
    let path = args.next().unwrap_or_else(|| default.to_owned());
    let times: usize = args.next().map_or(Ok(3), |t| t.parse())?;
    let text = std::fs::read_to_string(&path)?;
    let public: serde_json::Value = serde_json::from_str(&text)?;
    let player = serde_json::json!({
        "seat": 1, "public": public, "objective_card": null, "vote": null
    })
    .to_string();
    println!(
        "{path}: {} bytes, budget {HISTORY_BUDGET} search nodes",
        text.len()
    );
    let loads: [(&str, &dyn Fn() -> String); 2] = [
        ("PublicView from JSON", &|| {
            outcome(serde_json::from_str::<PublicView>(&text).map(drop))
        }),
        ("PlayerView from JSON", &|| {
            outcome(serde_json::from_str::<PlayerView>(&player).map(drop))
        }),
    ];
    for (name, load) in loads {
        let mut spent: Vec<Duration> = Vec::new();
        let mut result = String::new();
        for _ in 0..times {
            let start = Instant::now();
            result = load();
            spent.push(start.elapsed());
        }
        spent.sort();
        println!(
            "{name}: fastest {:.2} s, slowest {:.2} s over {times} loads ({result})",
            spent[0].as_secs_f64(),
            spent[times - 1].as_secs_f64()
        );
    }
    Ok(())
}

fn outcome<E: std::fmt::Display>(result: Result<(), E>) -> String {
    match result {
        Ok(()) => "accepted".to_owned(),
        Err(e) => format!("refused: {e}"),
    }
}
