//! `kingup.ArenaPart`: some of an arena's deals, played apart (a Ray task, another process)
//! and joined with the others by `ArenaResults.join` into the results of the whole arena,
//! bit for bit (`kingup_bots::ArenaPart`). A part crosses processes as plain data (JSON,
//! pickles through it) and is checked against the arena's schedule when joined.

use kingup_bots::{ArenaPart, ArenaRecord, ArenaResults, Forfeits};
use kingup_core::Seat;
use kingup_core::kingup_table::Rules;
use pyo3::prelude::*;

use crate::convert;
use crate::errors;

/// Some of an arena's deals and their games, not yet rated.
#[pyclass(module = "kingup._kingup", name = "ArenaPart", frozen)]
#[derive(Debug)]
pub(crate) struct PyArenaPart {
    /// The game's name (`Rules::NAME`): parts of one game do not join with another's.
    game: &'static str,
    pub(crate) part: ArenaPart,
}

impl PyArenaPart {
    pub(crate) fn new(game: &'static str, part: ArenaPart) -> PyArenaPart {
        PyArenaPart { game, part }
    }
}

/// The plain-data form of a part: the arena's identity and each game's seats, scores and
/// win shares (`players` of each).
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PartDoc {
    game: String,
    players: usize,
    deals: u32,
    seed: u64,
    names: Vec<String>,
    first: u32,
    games: Vec<GameDoc>,
}

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct GameDoc {
    entrants: Vec<u8>,
    scores: Vec<u32>,
    wins: Vec<f64>,
    /// By seat; absent (none forfeited) in parts written before engines could forfeit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    forfeits: Vec<ForfeitsDoc>,
}

/// [`Forfeits`] in a document: the moves forfeited, by reason.
#[derive(Clone, Copy, Default, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ForfeitsDoc {
    timeout: u32,
    crash: u32,
    malformed: u32,
    illegal: u32,
}

impl From<Forfeits> for ForfeitsDoc {
    fn from(f: Forfeits) -> ForfeitsDoc {
        let Forfeits {
            timeout,
            crash,
            malformed,
            illegal,
        } = f;
        ForfeitsDoc {
            timeout,
            crash,
            malformed,
            illegal,
        }
    }
}

impl From<ForfeitsDoc> for Forfeits {
    fn from(f: ForfeitsDoc) -> Forfeits {
        let ForfeitsDoc {
            timeout,
            crash,
            malformed,
            illegal,
        } = f;
        Forfeits {
            timeout,
            crash,
            malformed,
            illegal,
        }
    }
}

impl PartDoc {
    fn of(game: &str, p: &ArenaPart) -> PartDoc {
        let n = p.players;
        PartDoc {
            game: game.to_owned(),
            players: n,
            deals: p.deals,
            seed: p.seed,
            names: p.names.clone(),
            first: p.first,
            games: p
                .games
                .iter()
                .map(|g| GameDoc {
                    entrants: g.entrants[..n].to_vec(),
                    scores: g.totals[..n].to_vec(),
                    wins: g.wins[..n].to_vec(),
                    forfeits: if g.forfeits[..n].iter().all(|f| f.total() == 0) {
                        Vec::new()
                    } else {
                        g.forfeits[..n].iter().map(|&f| f.into()).collect()
                    },
                })
                .collect(),
        }
    }

    /// The part, its games' lengths checked (the schedule is checked when it joins).
    fn part(self) -> Result<(&'static str, ArenaPart), String> {
        let game = [kingup_core::Game::NAME, kingup_court::Game::NAME]
            .into_iter()
            .find(|name| *name == self.game)
            .ok_or_else(|| format!("unknown game {:?}", self.game))?;
        let n = self.players;
        if !(1..=Seat::MAX).contains(&n) {
            return Err(format!("{n} players"));
        }
        let mut games = Vec::with_capacity(self.games.len());
        for g in self.games {
            if (g.entrants.len(), g.scores.len(), g.wins.len()) != (n, n, n)
                || !(g.forfeits.is_empty() || g.forfeits.len() == n)
            {
                return Err(format!("a game without {n} seats"));
            }
            let mut record = ArenaRecord {
                entrants: [0; Seat::MAX],
                totals: [0; Seat::MAX],
                wins: [0.0; Seat::MAX],
                forfeits: [Forfeits::default(); Seat::MAX],
            };
            for (slot, &f) in record.forfeits.iter_mut().zip(&g.forfeits) {
                *slot = f.into();
            }
            record.entrants[..n].copy_from_slice(&g.entrants);
            record.totals[..n].copy_from_slice(&g.scores);
            record.wins[..n].copy_from_slice(&g.wins);
            games.push(record);
        }
        let part = ArenaPart {
            players: n,
            deals: self.deals,
            seed: self.seed,
            names: self.names,
            first: self.first,
            games,
        };
        Ok((game, part))
    }
}

#[pymethods]
impl PyArenaPart {
    /// The whole arena's deals.
    #[getter]
    fn deals(&self) -> u32 {
        self.part.deals
    }

    /// The first deal of the part.
    #[getter]
    fn start(&self) -> u32 {
        self.part.first
    }

    /// One past its last deal.
    #[getter]
    fn stop(&self) -> u32 {
        self.part.first + (self.part.games.len() / self.part.players.max(1)) as u32
    }

    /// The part as JSON: the arena's game, players, deals, seed and entrants' names, and
    /// each game's seats (entrants), final scores and win shares.
    fn to_json(&self) -> PyResult<String> {
        convert::to_json(&PartDoc::of(self.game, &self.part))
    }

    /// Reads `to_json()`'s output; `InvalidStateError` for anything malformed.
    #[staticmethod]
    fn from_json(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<PyArenaPart> {
        let text = convert::json_arg(text)?;
        let doc: PartDoc = convert::from_json(py, &text, "an arena part")?;
        let (game, part) = doc
            .part()
            .map_err(|e| errors::invalid_state(py, format!("invalid arena part: {e}")))?;
        Ok(PyArenaPart { game, part })
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyArenaPart>()
            .is_ok_and(|o| (o.get().game, &o.get().part) == (self.game, &self.part))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_json = py.get_type::<PyArenaPart>().getattr("from_json")?;
        Ok((from_json, (self.to_json()?,)))
    }

    fn __repr__(&self) -> String {
        format!(
            "<kingup.ArenaPart: deals {}..{} of {}>",
            self.start(),
            self.stop(),
            self.part.deals
        )
    }
}

/// Joins the parts of one arena (`ArenaResults.join`); `InvalidStateError` if they are not
/// all the parts of one arena, each once.
pub(crate) fn join(py: Python<'_>, parts: &Bound<'_, PyAny>) -> PyResult<ArenaResults> {
    let items = parts.try_iter().map_err(|_| {
        pyo3::exceptions::PyTypeError::new_err(format!(
            "parts must be an iterable of ArenaPart, not {}",
            convert::type_name(parts)
        ))
    })?;
    let mut read: Vec<(&'static str, ArenaPart)> = Vec::new();
    let mut games = 0;
    for item in items {
        let item = item?;
        let part = item.cast::<PyArenaPart>().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "parts must be ArenaPart objects, not {}",
                convert::type_name(&item)
            ))
        })?;
        let part = part.get();
        // An arena has at most a part per deal and `deals × players` games: an iterable
        // that gives more (an endless one, say) is refused once it does.
        let first = read.first().map_or(&part.part, |(_, p)| p);
        games += part.part.games.len();
        if read.len() >= first.deals as usize || games > first.deals as usize * first.players {
            let deals = first.deals;
            let message = format!("more parts or games than an arena of {deals} deals has");
            return Err(errors::invalid_state(py, message));
        }
        read.push((part.game, part.part.clone()));
    }
    if read.windows(2).any(|w| w[0].0 != w[1].0) {
        return Err(errors::invalid_state(
            py,
            "the parts are of different games".to_owned(),
        ));
    }
    ArenaPart::join(read.into_iter().map(|(_, p)| p))
        .map_err(|e| errors::invalid_state(py, format!("the parts do not join: {e}")))
}
