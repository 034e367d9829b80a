//! `kingup arena`: duplicate, seat-rotated matches between any number of entrants, then
//! the ladder (Weng–Lin ratings), win rates and mean scores with 95 % intervals, by seat
//! too; optionally the ladder drawn as an SVG.

use std::ffi::OsString;
use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use kingup_bots::{ArenaConfig, ArenaResults, Bot, BotSpec, Entrant, TournamentConfig, arena};
use kingup_core::Config;
use kingup_core::kingup_table::{GameConfig, Rules, SeatView};

use crate::args;
use crate::engines::{self, EngineFlags, Engines};
use crate::tournament::Progress;
use crate::{CliError, out, text, usage};

/// The default entrants: a ladder over kinds and search budgets.
pub(crate) const LADDER: &str =
    "random,heuristic,ismcts:100,ismcts:300,reader:300,ismcts:1000,reader:1000";

#[derive(Debug)]
struct Options {
    players: u8,
    entrants: Vec<BotSpec>,
    deals: u32,
    seed: u64,
    threads: usize,
    svg: Option<PathBuf>,
    /// Entrants after `entrants`, in the order given.
    engines: Engines,
}

fn parse(args: &[OsString]) -> Result<Option<Options>, CliError> {
    let with_value = [
        &[
            "--players",
            "--entrants",
            "--deals",
            "--seed",
            "--threads",
            "--svg",
        ][..],
        &engines::FLAGS,
    ]
    .concat();
    let flags = args::flags(args, &with_value, &[])?;
    let mut o = Options {
        players: 4,
        entrants: parse_entrants(LADDER)?,
        deals: 100,
        seed: 1,
        threads: crate::tournament::default_threads(),
        svg: None,
        engines: Engines::default(),
    };
    let mut engine_flags = EngineFlags::default();
    for flag in &flags {
        if engine_flags.read(flag)? {
            continue;
        }
        match flag.name.as_str() {
            "--help" => return Ok(None),
            "--players" => {
                o.players = args::number(flag, Config::MIN_PLAYERS..=Config::MAX_PLAYERS)?;
            }
            "--entrants" => o.entrants = parse_entrants(args::text(flag)?)?,
            "--deals" => o.deals = args::number(flag, 1..=ArenaConfig::MAX_DEALS)?,
            "--seed" => o.seed = args::number(flag, 0..=u64::MAX)?,
            "--threads" => o.threads = args::number(flag, 1..=TournamentConfig::MAX_THREADS)?,
            "--svg" => o.svg = Some(args::path(flag)),
            _ => unreachable!("args::flags accepts only the listed flags"),
        }
    }
    o.engines = engine_flags.engines()?;
    o.engines.check_names(&names(&o.entrants))?;
    check_entrants(usize::from(o.players), o.entrants.len(), o.engines.len())?;
    Ok(Some(o))
}

/// An arena of `players` seats takes `players` to [`ArenaConfig::MAX_ENTRANTS`] entrants,
/// `bots` built in and `engines`.
fn check_entrants(players: usize, bots: usize, engines: usize) -> Result<(), CliError> {
    let entrants = bots + engines;
    if (players..=ArenaConfig::MAX_ENTRANTS).contains(&entrants) {
        return Ok(());
    }
    let engines = match engines {
        0 => String::new(),
        1 => " and 1 engine".to_owned(),
        n => format!(" and {n} engines"),
    };
    Err(CliError::Usage(format!(
        "--entrants lists {bots} bots{engines}: a {players}-player arena takes {players} to {} \
         entrants",
        ArenaConfig::MAX_ENTRANTS
    )))
}

/// Parses `random,heuristic,ismcts:300,reader:300`: each item a [`BotSpec`] as the core
/// reads it.
fn parse_entrants(text: &str) -> Result<Vec<BotSpec>, CliError> {
    text.split(',')
        .map(|item| {
            item.parse::<BotSpec>()
                .map_err(|e| CliError::Usage(format!("--entrants: {e}")))
        })
        .collect()
}

/// `random`, `heuristic`, `ismcts-300`, `reader-300`; numbered when one appears more than
/// once.
fn names(specs: &[BotSpec]) -> Vec<String> {
    kingup_bots::numbered(&specs.iter().map(BotSpec::label).collect::<Vec<_>>())
}

/// The `--entrants` text of `specs`.
fn spec_list(specs: &[BotSpec]) -> String {
    let items: Vec<String> = specs
        .iter()
        .map(|s| {
            if s.kind.searches() {
                format!("{}:{}", s.kind, s.search.iterations)
            } else {
                s.kind.name().to_owned()
            }
        })
        .collect();
    items.join(",")
}

pub(crate) fn run(args: &[OsString]) -> Result<ExitCode, CliError> {
    let Some(o) = parse(args)? else {
        out!("{}", usage());
        return Ok(ExitCode::SUCCESS);
    };
    let names = names(&o.entrants);
    let mut entrants: Vec<Entrant<'_>> = o
        .entrants
        .iter()
        .zip(&names)
        .map(|(&spec, name)| Entrant {
            name: name.clone(),
            make: Box::new(move |seed| -> Box<dyn Bot> { Box::new(spec.build(seed)) }),
        })
        .collect();
    // After the built-in entrants: an entrant's bots are seeded by its place in the list.
    entrants.extend(o.engines.entrants::<kingup_core::Game>()?);
    let config = ArenaConfig {
        game: Config::new(o.players),
        deals: o.deals,
        seed: o.seed,
        threads: o.threads,
    };
    let mut command = vec![
        "kingup arena".to_owned(),
        format!("--players {}", o.players),
        format!("--entrants {}", spec_list(&o.entrants)),
    ];
    command.extend(o.engines.args());
    command.extend(ladder_flags(&config, o.svg.as_deref()));
    ladder(&config, &entrants, o.svg.as_deref(), &command)
}

/// The `--deals`, `--seed`, `--threads` and `--svg` flags that repeat an arena.
pub(crate) fn ladder_flags<C>(config: &ArenaConfig<C>, svg: Option<&Path>) -> Vec<String> {
    let mut flags = vec![
        format!("--deals {}", config.deals),
        format!("--seed {}", config.seed),
        format!("--threads {}", config.threads),
    ];
    flags.extend(svg.map(|path| format!("--svg {}", path.display())));
    flags
}

/// Plays an arena of either game and prints the ladder, win rates and mean scores, then
/// `command` (the command line that repeats it); writes the ladder as an SVG to `svg`.
pub(crate) fn ladder<V: SeatView>(
    config: &ArenaConfig<<V::Game as Rules>::Config>,
    entrants: &[Entrant<'_, V>],
    svg: Option<&Path>,
    command: &[String],
) -> Result<ExitCode, CliError> {
    config
        .validate(entrants.len())
        .map_err(|e| CliError::Usage(e.to_string()))?;
    // The SVG file is created before anything is played, so a bad path costs nothing.
    let svg_file = match svg {
        Some(path) => Some(
            std::fs::File::create(path)
                .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", path.display())))?,
        ),
        None => None,
    };
    let terminal = std::io::stderr().is_terminal();
    let progress = terminal.then(|| Progress::new(config.deals, "deals", true));
    let start = Instant::now();
    let results = arena(config, entrants, |done| {
        if let Some(p) = &progress {
            p.update(done);
        }
    })
    .map_err(|e| CliError::Usage(e.to_string()))?;
    if let Some(p) = &progress {
        p.finish();
    }
    let elapsed = start.elapsed().as_secs_f64();
    let tables = config.tables(entrants.len());
    let players = config.game.players();
    let summary = format!(
        "{} deals at {tables} {} of {players} players, each deal played under every seat \
         rotation: {} games; {elapsed:.1} s.\nLadder by Weng-Lin rating (±2 sd); win rate \
         (a shared win counts 1/winners) and mean final score with 95% confidence intervals \
         over deals:\n",
        config.deals,
        if tables == 1 { "table" } else { "tables" },
        results.games
    );
    out!("{}\n", text::wrap(&summary));
    out!("{results}");
    out!("{}", text::command("command:", command));
    if let (Some(mut file), Some(path)) = (svg_file, svg) {
        use std::io::Write as _;
        let title = format!(
            "{players} players, {} deals, {} games, seed {}",
            config.deals, results.games, config.seed
        );
        file.write_all(self::svg(&results, &title).as_bytes())
            .map_err(|e| CliError::Failed(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The ladder as a small SVG: one row per entrant, its rating as a dot and ±2 standard
/// deviations as a bar, on a common axis. Written by hand: a few dozen lines of markup
/// need no drawing library (the plotting crates pull in font and image stacks).
fn svg(results: &ArenaResults, title: &str) -> String {
    const W: f64 = 640.0;
    const LEFT: f64 = 130.0;
    const RIGHT: f64 = 20.0;
    const TOP: f64 = 40.0;
    const ROW: f64 = 28.0;
    let order = results.ladder();
    let rows = &results.standings;
    let lo = order
        .iter()
        .map(|&i| rows[i].rating - 2.0 * rows[i].uncertainty);
    let hi = order
        .iter()
        .map(|&i| rows[i].rating + 2.0 * rows[i].uncertainty);
    let (lo, hi) = (
        lo.fold(f64::INFINITY, f64::min).floor(),
        hi.fold(f64::NEG_INFINITY, f64::max).ceil(),
    );
    let span = (hi - lo).max(1.0);
    let x = |v: f64| LEFT + (v - lo) / span * (W - LEFT - RIGHT);
    let height = TOP + ROW * order.len() as f64 + 40.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{W}\" height=\"{height}\" \
         viewBox=\"0 0 {W} {height}\" font-family=\"sans-serif\" font-size=\"13\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"{LEFT}\" y=\"22\" font-weight=\"bold\">Weng-Lin rating ± 2 sd: {}</text>\n",
        escape(title)
    );
    let axis_y = TOP + ROW * order.len() as f64;
    svg.push_str(&format!(
        "<line x1=\"{LEFT}\" y1=\"{axis_y}\" x2=\"{}\" y2=\"{axis_y}\" stroke=\"black\"/>\n",
        W - RIGHT
    ));
    // About six ticks, on whole numbers.
    let step = (span / 6.0).ceil().max(1.0);
    let mut tick = lo;
    while tick <= hi {
        let tx = x(tick);
        svg.push_str(&format!(
            "<line x1=\"{tx:.1}\" y1=\"{TOP}\" x2=\"{tx:.1}\" y2=\"{:.1}\" stroke=\"#ddd\"/>\n\
             <text x=\"{tx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{tick}</text>\n",
            axis_y + 4.0,
            axis_y + 20.0
        ));
        tick += step;
    }
    for (row, &i) in order.iter().enumerate() {
        let s = &rows[i];
        let y = TOP + ROW * (row as f64 + 0.5);
        let (a, b) = (
            x(s.rating - 2.0 * s.uncertainty),
            x(s.rating + 2.0 * s.uncertainty),
        );
        svg.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\n\
             <line x1=\"{a:.1}\" y1=\"{y:.1}\" x2=\"{b:.1}\" y2=\"{y:.1}\" stroke=\"#369\" stroke-width=\"3\"/>\n\
             <circle cx=\"{:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"#c33\"><title>{:.2} ± {:.2}</title></circle>\n",
            LEFT - 10.0,
            y + 4.0,
            escape(&s.name),
            x(s.rating),
            s.rating,
            2.0 * s.uncertainty
        ));
    }
    svg.push_str("</svg>\n");
    svg
}

/// Text for SVG: the five markup characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

#[cfg(test)]
mod tests {
    use kingup_bots::{BotKind, IsmctsConfig};

    use super::*;
    use crate::args::strings;

    #[test]
    fn entrants_and_names() {
        let specs = parse_entrants("random,ismcts:100,ismcts,heuristic,ismcts:100").unwrap();
        assert_eq!(specs[1].search.iterations, 100);
        assert_eq!(
            specs[2].search.iterations,
            IsmctsConfig::default().iterations
        );
        assert_eq!(
            names(&specs),
            [
                "random",
                "ismcts-100#1",
                "ismcts-1000",
                "heuristic",
                "ismcts-100#2"
            ]
        );
        assert_eq!(
            spec_list(&specs),
            "random,ismcts:100,ismcts:1000,heuristic,ismcts:100"
        );
        let o = parse(&[]).unwrap().unwrap();
        assert_eq!(spec_list(&o.entrants), LADDER);
        for bad in [
            "--entrants random,heuristic",
            "--players 5 --entrants random,heuristic,random,random",
            "--entrants random:3,heuristic,random,random",
            "--entrants ismcts:0,heuristic,random,random",
            "--entrants ismcts:x,heuristic,random,random",
            "--entrants alphazero,heuristic,random,random",
            "--deals 0",
            "--threads 65",
            "--svg",
            "--games 3",
        ] {
            assert!(
                matches!(parse(&strings(bad)), Err(CliError::Usage(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn svg_escapes_and_draws_a_row_per_entrant() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        let entrants: Vec<Entrant<'_>> = ["r", "h<1>", "r2"]
            .iter()
            .map(|&name| Entrant {
                name: name.into(),
                make: Box::new(|seed| -> Box<dyn Bot> {
                    Box::new(BotSpec::new(BotKind::Random).build(seed))
                }),
            })
            .collect();
        let config = ArenaConfig {
            game: Config::new(3),
            deals: 4,
            seed: 1,
            threads: 1,
        };
        let results = arena(&config, &entrants, |_| {}).unwrap();
        let drawn = svg(&results, "t");
        assert!(drawn.starts_with("<svg ") && drawn.ends_with("</svg>\n"));
        assert_eq!(drawn.matches("<circle").count(), 3);
        assert!(drawn.contains("h&lt;1&gt;") && !drawn.contains("h<1>"));
    }
}
