//! Information-set Monte Carlo tree search over sampled worlds (single-observer ISMCTS).

mod opponents;
mod value;

pub use opponents::OpponentModel;
pub use value::Value;

use kingup_core::rand_core::Rng;
use kingup_core::{
    Action, Actor, CardId, Deck, Game, Objective, Phase, PlayerView, Seat, below, unit_f64,
};

use crate::belief::TableReader;
use crate::float::ln;
use crate::heuristic::Draws;
use crate::{Belief, BeliefModel, Bot, HeuristicBot};
use opponents::{Mixture, Policy};

/// How much an [`IsmctsBot`] searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsmctsConfig {
    /// Iterations per decision (one sampled world and one playout each).
    pub iterations: u32,
    /// Stop early after this long, if set. With a time limit the bot is no longer
    /// deterministic for a seed.
    pub time_limit: Option<core::time::Duration>,
    /// The UCB exploration constant; rewards lie in `[-1, 1]`.
    pub exploration: f64,
    /// How the round is played out below the tree.
    pub rollout: Rollout,
    /// Draw the other seats' cards from a belief read from the view
    /// ([`Belief::from_view`](crate::Belief::from_view)) with this model, or, if `None`,
    /// uniformly among the cards the bot has not seen.
    pub belief: Option<BeliefModel>,
    /// What a playout is worth: the round margin (the default) or the game.
    pub value: Value,
    /// How the other seats play out the round.
    pub opponents: OpponentModel,
}

/// The playout policy of an [`IsmctsBot`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Rollout {
    /// Every seat plays at random: fast, but a poor model of real opponents.
    Random,
    /// Every seat plays like [`HeuristicBot`](crate::HeuristicBot) with its sampled
    /// objective: slower per playout, much better informed.
    #[default]
    Heuristic,
}

impl IsmctsConfig {
    /// Most iterations per decision: the tree grows by one node per iteration, so this
    /// bounds its memory to a few tens of megabytes. Every front end has this limit.
    pub const MAX_ITERATIONS: u32 = 1_000_000;
    /// Longest time limit per decision: one hour.
    pub const MAX_TIME_LIMIT: core::time::Duration = core::time::Duration::from_secs(3600);

    /// The preset for tables of other search bots: the default settings with
    /// [`OpponentModel::MIXED`] (a quarter of the opponents' playouts random). At equal
    /// iterations it beats default `IsmctsBot`s, and loses part of the default's edge over
    /// `HeuristicBot`s (see `docs/bots.md`, section "Playing for the game, mixed
    /// opponents").
    ///
    /// ```
    /// use kingup_bots::{Bot, IsmctsBot, IsmctsConfig, OpponentModel, play};
    /// use kingup_core::{Config, Game, Generator};
    ///
    /// let config = IsmctsConfig { iterations: 50, ..IsmctsConfig::mixed() };
    /// assert_eq!(config.opponents, OpponentModel::MIXED);
    /// let mut bots: Vec<IsmctsBot<Generator>> =
    ///     (0..3).map(|s| IsmctsBot::new(Generator::new(s), config)).collect();
    /// let mut seats: Vec<&mut dyn Bot> = bots.iter_mut().map(|b| b as &mut dyn Bot).collect();
    /// let mut game = Game::new(Config::new(3))?;
    /// assert!(play(&mut game, &mut seats, &mut Generator::new(9), &mut ()));
    /// # Ok::<(), kingup_core::ConfigError>(())
    /// ```
    pub fn mixed() -> IsmctsConfig {
        IsmctsConfig {
            opponents: OpponentModel::MIXED,
            ..IsmctsConfig::default()
        }
    }

    /// The preset of the `reader` bot kind: the default settings with
    /// [`OpponentModel::READ`], which reads each opponent over the game (a
    /// [`TableReader`]: its card, and whether it plays by its card or at random) and draws
    /// the worlds and the opponents' playouts from that reading. At equal iterations it
    /// beats default `IsmctsBot`s by more than any fixed mixture (37 % at four players,
    /// 300 iterations, fair share 25 %) and `HeuristicBot`s by more than the default
    /// (`docs/bots.md`, "The reader", with the figures at equal time).
    ///
    /// ```
    /// use kingup_bots::{IsmctsConfig, OpponentModel};
    ///
    /// let config = IsmctsConfig::reader();
    /// assert_eq!(config.opponents, OpponentModel::READ);
    /// assert_eq!(config.iterations, IsmctsConfig::default().iterations);
    /// ```
    pub fn reader() -> IsmctsConfig {
        IsmctsConfig {
            opponents: OpponentModel::READ,
            ..IsmctsConfig::default()
        }
    }
}

impl Default for IsmctsConfig {
    /// 1,000 iterations, no time limit, exploration 0.7, heuristic playouts, uniform worlds,
    /// the round margin as value, every opponent playing out like the bot.
    fn default() -> IsmctsConfig {
        IsmctsConfig {
            iterations: 1000,
            time_limit: None,
            exploration: 0.7,
            rollout: Rollout::Heuristic,
            belief: None,
            value: Value::Round,
            opponents: OpponentModel::Same,
        }
    }
}

/// Searches a tree of the viewer's and the other seats' actions over worlds sampled from its
/// view ([`PlayerView::sample`]): every iteration draws a world consistent with what it
/// knows, descends the tree by UCB among the actions legal in that world, adds one node,
/// plays the round out (the bot by [`IsmctsConfig::rollout`], the others by
/// [`IsmctsConfig::opponents`]), and values the result for each seat by
/// [`IsmctsConfig::value`] (by default its round points minus the others' mean, divided by
/// 33). It plays the most visited action.
///
/// Chance steps inside the search are resolved at random and do not branch the tree. The
/// other seats' votes are ordered by seat in the tree (the engine accepts any order).
#[derive(Clone, Debug)]
pub struct IsmctsBot<R> {
    rng: R,
    config: IsmctsConfig,
    nodes: Vec<Node>,
    /// The nodes of the current iteration's path (kept to reuse its allocation).
    path: Vec<u32>,
    /// `ln(n)` at index `n`, filled as counts grow (`ln` is slow and counts are small).
    logs: Vec<f64>,
    /// What the bot has read of the others over the game, under [`OpponentModel::Read`].
    reader: Option<TableReader>,
}

const NONE: u32 = u32::MAX;

/// A tree node: the action that led here, who chose it, and its statistics from that
/// seat's point of view. Children form a linked list.
#[derive(Clone, Copy, Debug)]
struct Node {
    action: Action,
    /// `action.index()`, kept: selection tests it against the legal mask at every child.
    index: u8,
    seat: Seat,
    visits: u32,
    available: u32,
    reward: f64,
    /// `reward / visits` (0 while unvisited), kept at each visit: selection reads it at
    /// every child, where a division each is among the slowest steps.
    mean: f64,
    first_child: u32,
    next_sibling: u32,
    /// The actions of the children, as a mask over action indices.
    expanded: u128,
}

impl<R: Rng> IsmctsBot<R> {
    /// A search bot drawing worlds and playouts from `rng`.
    pub fn new(rng: R, config: IsmctsConfig) -> IsmctsBot<R> {
        IsmctsBot {
            rng,
            config,
            nodes: Vec::new(),
            path: Vec::new(),
            logs: Vec::new(),
            reader: match config.opponents {
                OpponentModel::Read { prior, .. } => Some(TableReader::with_prior(
                    config.belief.unwrap_or_default(),
                    prior,
                )),
                _ => None,
            },
        }
    }

    /// The generator it draws from.
    pub const fn rng(&self) -> &R {
        &self.rng
    }

    /// The generator it draws from, to replace (a front end restoring a saved bot puts
    /// back the generator state it saved).
    pub const fn rng_mut(&mut self) -> &mut R {
        &mut self.rng
    }

    /// Whether a decision at `view` starts the bot's reading of the table afresh (under
    /// [`OpponentModel::Read`]): the view does not continue the last one it decided at
    /// ([`TableReader::continues`]), so nothing it read before counts any more. Always
    /// `true` for a bot that does not read.
    pub fn reads_afresh(&self, view: &PlayerView) -> bool {
        self.reader.as_ref().is_none_or(|r| !r.continues(view))
    }

    /// Reads a decision the bot made, without searching: what [`Bot::choose`] at `view`,
    /// having chosen `played`, teaches its reader (under [`OpponentModel::Read`]; nothing
    /// for a bot that does not read). The generator is not touched. A front end restoring a
    /// saved bot replays its decisions since it last [read afresh](Self::reads_afresh) and
    /// puts back its generator: the bot then decides as the saved one would.
    pub fn replay_decision(&mut self, view: &PlayerView, played: Option<Action>) {
        if let Some(reader) = &mut self.reader {
            reader.observe(view);
            if let Some(action) = played {
                reader.played(action);
            }
        }
    }

    /// Runs the search from `view` and returns the root's visit count per legal action.
    fn search(&mut self, view: &PlayerView) -> Option<Action> {
        if let Some(reader) = &mut self.reader {
            reader.observe(view);
        }
        let legal = view.legal_actions();
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        self.nodes.clear();
        self.nodes.push(Node {
            action: legal[0],
            index: legal[0].index() as u8,
            seat: view.seat,
            visits: 0,
            available: 0,
            reward: 0.0,
            mean: 0.0,
            first_child: NONE,
            next_sibling: NONE,
            expanded: 0,
        });
        // Checked once: every iteration draws from the same view.
        let sampler = view.sampler().ok()?;
        let weights = self.world_weights(view);
        let mixture =
            self.config
                .opponents
                .mixture(self.reader.as_ref(), view.seat, view.public.players());
        // The viewer's legal actions are public: the same in every sampled world.
        let root_legal = legal.iter().fold(0u128, |mask, a| mask | 1 << a.index());
        // The clock only where a time limit asks for it: a search by iterations alone reads
        // none (and so runs where there is no clock, as in WebAssembly without JavaScript).
        let deadline = self
            .config
            .time_limit
            .map(|t| (std::time::Instant::now(), t));
        for _ in 0..self.config.iterations {
            if deadline.is_some_and(|(start, t)| start.elapsed() >= t) {
                break;
            }
            let world = match &weights {
                Some(table) => {
                    sampler.sample_weighted(&mut self.rng, |s, c| table[s.index()][c.index()])
                }
                None => sampler.sample(&mut self.rng),
            };
            self.iterate(world, view.seat, root_legal, mixture.as_ref());
        }
        self.children(0)
            .max_by_key(|&c| self.nodes[c as usize].visits)
            .map(|c| self.nodes[c as usize].action)
    }

    /// By seat and card id, how likely each seat holds each card, to draw worlds from: the
    /// reader's reading, else a belief read from the view, else `None` (uniform worlds).
    fn world_weights(&self, view: &PlayerView) -> Option<[[f64; Deck::MAX]; Seat::MAX]> {
        let mut table = [[0.0; Deck::MAX]; Seat::MAX];
        let seats = Seat::all(view.public.players());
        if let Some(reader) = &self.reader {
            for seat in seats {
                table[seat.index()] = reader.weights(seat);
            }
            return Some(table);
        }
        let belief = Belief::from_view(view, self.config.belief?);
        for seat in seats {
            for (c, w) in table[seat.index()].iter_mut().enumerate() {
                if let Some(card) = CardId::new(c) {
                    *w = belief.weight(seat, card);
                }
            }
        }
        Some(table)
    }

    fn iterate(&mut self, mut world: Game, me: Seat, root_legal: u128, mixture: Option<&Mixture>) {
        let policies = Mixture::draw(mixture, &mut self.rng, self.config.rollout, world.players());
        let round = world.round();
        // The path buffer is reused across iterations: no allocation per iteration.
        let mut path = core::mem::take(&mut self.path);
        path.clear();
        let mut node = 0u32;
        while let Some(seat) = Self::to_act(&world, round, me, node == 0) {
            // Masks over action indices: the legal actions, and those not yet expanded
            // here. The n-th set bit is the n-th entry of the sorted legal list, so the
            // expansion draws exactly as picking from a filtered list would.
            let legal = if node == 0 {
                debug_assert_eq!(root_legal, world.legal_mask(seat));
                root_legal
            } else {
                world.legal_mask(seat)
            };
            let untried = legal & !self.nodes[node as usize].expanded;
            if untried != 0 {
                let pick = below(&mut self.rng, untried.count_ones());
                let action = nth_action(untried, pick);
                node = self.add_child(node, action, seat);
                world.apply_unchecked(seat, action);
                path.push(node);
                break;
            }
            node = self.select(node, legal);
            world.apply_unchecked(seat, self.nodes[node as usize].action);
            path.push(node);
        }
        let rewards = self.playout(&mut world, round, &policies);
        for &n in &path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.reward += rewards[node.seat.index()];
            node.mean = node.reward / f64::from(node.visits);
        }
        self.path = path;
    }

    /// Who acts next in the tree, or `None` once the round is over. Chance is resolved on
    /// the way; at the root it is the viewer, elsewhere voters go in seat order.
    fn to_act(world: &Game, round: u8, me: Seat, root: bool) -> Option<Seat> {
        if world.round() != round || matches!(world.phase(), Phase::Score | Phase::GameOver) {
            return None;
        }
        match world.actor() {
            Actor::Seat(seat) => Some(seat),
            Actor::Voters(seats) if root => seats.contains(me).then_some(me),
            Actor::Voters(seats) => seats.lowest(),
            Actor::Chance | Actor::Nobody => None,
        }
    }

    /// Picks the child with the best UCB score among the `legal` actions (a mask over
    /// action indices), counting each legal child as available.
    fn select(&mut self, node: u32, legal: u128) -> u32 {
        let c = self.config.exploration;
        let (nodes, logs) = (&mut self.nodes, &mut self.logs);
        let mut best = (f64::NEG_INFINITY, NONE);
        // The mask as two words: a bit of a word is a shift, of a `u128` several steps.
        let words = [legal as u64, (legal >> 64) as u64];
        let mut child = nodes[node as usize].first_child;
        while child != NONE {
            let n = &mut nodes[child as usize];
            if words[usize::from(n.index >> 6) & 1] >> (n.index & 63) & 1 == 1 {
                n.available += 1;
                let visits = f64::from(n.visits.max(1));
                let ucb = n.mean + c * (ln_of(logs, n.available) / visits).sqrt();
                // The first best, by selects (a branch here is as good as random).
                let better = ucb > best.0;
                best = (
                    if better { ucb } else { best.0 },
                    if better { child } else { best.1 },
                );
            }
            child = n.next_sibling;
        }
        best.1
    }

    fn add_child(&mut self, parent: u32, action: Action, seat: Seat) -> u32 {
        let id = self.nodes.len() as u32;
        let next_sibling = self.nodes[parent as usize].first_child;
        self.nodes.push(Node {
            action,
            index: action.index() as u8,
            seat,
            visits: 0,
            available: 1,
            reward: 0.0,
            mean: 0.0,
            first_child: NONE,
            next_sibling,
            expanded: 0,
        });
        let parent = &mut self.nodes[parent as usize];
        parent.first_child = id;
        parent.expanded |= 1 << action.index();
        id
    }

    fn children(&self, node: u32) -> impl Iterator<Item = u32> + '_ {
        let mut child = self.nodes[node as usize].first_child;
        core::iter::from_fn(move || {
            let current = child;
            (current != NONE).then(|| {
                child = self.nodes[current as usize].next_sibling;
                current
            })
        })
    }

    /// Plays the round out, each seat by its policy, and values the result by
    /// [`IsmctsConfig::value`].
    fn playout(
        &mut self,
        world: &mut Game,
        round: u8,
        policies: &[Policy; Seat::MAX],
    ) -> [f64; Seat::MAX] {
        if policies[..world.players()]
            .iter()
            .all(|&p| p == Policy::Random)
        {
            // Every seat at random: the engine's round loop, with `Game::play_random`'s
            // bulk draws (not the loop below's one `random_action` a step), without asking
            // who acts and what they may do at every step.
            world.play_random_round(&mut self.rng);
            return self.config.value.rewards(world, round);
        }
        // Objectives do not change within a round: looked up once, not at every step.
        let objectives: [Option<Objective>; Seat::MAX] =
            core::array::from_fn(|s| Seat::new(s).and_then(|seat| world.objective(seat)));
        while world.round() == round && !matches!(world.phase(), Phase::Score | Phase::GameOver) {
            let seat = match world.actor() {
                Actor::Seat(seat) => seat,
                Actor::Voters(seats) => match seats.lowest() {
                    Some(seat) => seat,
                    None => break,
                },
                Actor::Chance => {
                    world.resolve_chance(&mut self.rng, &mut ());
                    continue;
                }
                Actor::Nobody => break,
            };
            let random = match policies[seat.index()] {
                Policy::Random => true,
                // Only a positive epsilon draws, so pure heuristic playouts replay exactly.
                Policy::Heuristic { epsilon } => epsilon > 0.0 && unit_f64(&mut self.rng) < epsilon,
            };
            let action = if random {
                // The same draw as indexing the sorted list, without building it: the seat is
                // the one `random_action` plays (the lowest voter in a vote).
                world.random_action(&mut self.rng).map(|(_, action)| action)
            } else {
                objectives[seat.index()].and_then(|objective| {
                    HeuristicBot::new(&mut self.rng).play_in(
                        world,
                        seat,
                        objective,
                        Draws::Contenders,
                    )
                })
            };
            let Some(action) = action else {
                break;
            };
            world.apply_unchecked(seat, action);
        }
        self.config.value.rewards(world, round)
    }
}

/// `ln(n)` for `n >= 1`, from `logs`, which it extends as needed.
fn ln_of(logs: &mut Vec<f64>, n: u32) -> f64 {
    let n = n as usize;
    while logs.len() <= n {
        logs.push(ln((logs.len() as f64).max(1.0)));
    }
    logs[n]
}

/// The action of the `n`-th lowest set bit of `mask` (a mask over action indices; `n` is
/// below its number of set bits).
fn nth_action(mut mask: u128, n: u32) -> Action {
    for _ in 0..n {
        mask &= mask - 1;
    }
    Action::from_index(mask.trailing_zeros() as usize).expect("a legal mask holds action indices")
}

impl<R: Rng> Bot for IsmctsBot<R> {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        let action = self.search(view);
        if let (Some(reader), Some(action)) = (&mut self.reader, action) {
            reader.played(action);
        }
        action
    }

    fn name(&self) -> &str {
        "ismcts"
    }
}
