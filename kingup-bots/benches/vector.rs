//! Env steps per second of thread CPU time of `VectorRuntime` (the runtime behind both
//! games' Python `VectorEnv`): 1,024 envs of 4 players, one thread, no opponents, every env
//! stepped with a uniformly random legal action read from its row of the action masks.
//! The two games are interleaved in slices ([`kingup_bench::Interleaved`]), 3 repeats of 6
//! slices; the figures are env steps per CPU-second, min/median/max over the repeats
//! (the ratio column is court's over King Up!'s).
//!
//! `cargo bench -p kingup-bots --bench vector`
//!
//! For a profile, `vector --passes king-up|court N` runs N passes of one game alone
//! (after the warm-up) and measures nothing: `valgrind --tool=callgrind
//! target/release/deps/vector-<hash> --passes court 200`.
//!
//! A unit of the harness is one pass over every env. Picking the actions (counting a row's
//! legal flags and taking the k-th) is inside the timed loop, as a learner's choice is:
//! `pick only` measures it alone, so it can be subtracted. The file uses only the public
//! API, so the same file measures an older commit's runtime.

use std::hint::black_box;

use kingup_bench::Interleaved;
use kingup_bots::env::{Buffers, Op, VectorRuntime};
use kingup_bots::{BotSpec, Reward, court::BotKind as CourtBot};
use kingup_core::Generator;
use kingup_core::kingup_table::Rules;

/// Envs per runtime.
const ENVS: usize = 1024;
/// Players of every game.
const PLAYERS: usize = 4;

/// A runtime, its buffers and the actions of its next pass.
struct Driver<G: Rules, S: kingup_bots::env::OpponentSpec<G::View>> {
    runtime: VectorRuntime<G, S>,
    out: Buffers,
    actions: Vec<i64>,
    rng: Generator,
}

impl<G: Rules, S: kingup_bots::env::OpponentSpec<G::View>> Driver<G, S> {
    fn new(fresh: G) -> Self {
        let mut runtime = VectorRuntime::new(fresh, ENVS, 1, Reward::Win, None);
        while runtime.start(ENVS) < ENVS {}
        let mut driver = Driver {
            runtime,
            out: Buffers::new::<G>(ENVS, PLAYERS),
            actions: vec![0; ENVS],
            rng: Generator::new(7),
        };
        driver.pass(Op::Show);
        driver
    }

    fn pass(&mut self, op: Op) {
        self.runtime.run(op, self.out.out(), 1);
    }

    /// A uniformly random legal action per env, from the mask rows.
    fn pick(&mut self) {
        for (action, row) in self
            .actions
            .iter_mut()
            .zip(self.out.masks.chunks_exact(G::ACTION_COUNT))
        {
            let legal: u32 = row.iter().map(|&f| f as u32).sum();
            let mut k = self.rng.below(legal.max(1));
            for (i, &f) in row.iter().enumerate() {
                if f != 0 {
                    if k == 0 {
                        *action = i as i64;
                        break;
                    }
                    k -= 1;
                }
            }
        }
    }

    /// `passes` passes of picking and stepping every env; a checksum.
    fn run(&mut self, passes: u64) -> u64 {
        for _ in 0..passes {
            self.pick();
            self.runtime.check(&self.actions).expect("legal actions");
            self.pass(Op::Step);
        }
        self.out.dones.iter().filter(|&&d| d).count() as u64 + self.out.seats[0] as u64
    }

    /// `passes` picks alone (on the same decisions); a checksum.
    fn pick_only(&mut self, passes: u64) -> u64 {
        for _ in 0..passes {
            self.pick();
        }
        self.actions[0] as u64
    }
}

fn main() {
    let king_up = kingup_core::Game::new(kingup_core::Config::new(PLAYERS as u8)).unwrap();
    let court = kingup_court::Game::new(kingup_court::Config::new(PLAYERS as u8)).unwrap();
    let mut a: Driver<_, BotSpec> = Driver::new(king_up);
    let mut b: Driver<_, CourtBot> = Driver::new(court);
    let args: Vec<String> = std::env::args().collect();
    if let Some(at) = args.iter().position(|a| a == "--passes") {
        let passes = args.get(at + 2).and_then(|n| n.parse().ok()).unwrap_or(100);
        let sum = match args.get(at + 1).map(String::as_str) {
            Some("court") => b.run(passes),
            _ => a.run(passes),
        };
        println!("{passes} passes, checksum {sum}");
        return;
    }
    // Warm up: the games spread over their lengths.
    a.run(300);
    b.run(300);
    let mut a_pick: Driver<_, BotSpec> = Driver::new(king_up);
    let mut b_pick: Driver<_, CourtBot> = Driver::new(court);
    let report = Interleaved::new()
        .repeats(3)
        .slices(6)
        .slice_millis(100)
        .contender("King Up! pick + step", |n| black_box(a.run(n)))
        .contender("court pick + step", |n| black_box(b.run(n)))
        .contender("King Up! pick only", |n| black_box(a_pick.pick_only(n)))
        .contender("court pick only", |n| black_box(b_pick.pick_only(n)))
        .run();
    println!("{ENVS} envs, {PLAYERS} players, one thread; rates in passes of {ENVS} envs:");
    println!("{report}");
    println!("env steps per CPU-second (min / median / max):");
    for row in report.rows() {
        let r = row.rate;
        let e = ENVS as f64;
        println!(
            "  {:<22} {:>6.2} M / {:>6.2} M / {:>6.2} M",
            row.name,
            r.min * e / 1e6,
            r.median * e / 1e6,
            r.max * e / 1e6
        );
    }
}
