//! Monte Carlo tree search for To Court the King: open-loop UCT, chance sampled anew on
//! every iteration, greedy rollouts.

use kingup_court::rand_core::Rng;
use kingup_court::{Action, ActionSet, Game, Generator, PlayerView, Seat, below};

use super::GreedyBot;
use crate::{Bot, BotError, IsmctsConfig};

/// How an [`MctsBot`] finishes a game from a leaf of its tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Every seat plays [`GreedyBot`]'s moves (deterministic but for the dice).
    Greedy,
    /// Every seat plays uniformly random legal actions: cheaper per action, but random
    /// tables rarely reach the King, so most rollouts end truncated and say little.
    Random,
}

/// An [`MctsBot`]'s settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations (one descent, one rollout) per decision; at least 1.
    pub iterations: u32,
    /// The UCB exploration constant `c` in `mean + c·sqrt(ln(available) / visits)`.
    pub exploration: f64,
    /// The rollout policy.
    pub rollout: Rollout,
    /// A rollout still running after this many actions counts as truncated (reward 0), so
    /// a game without `max_rounds` cannot make a rollout run forever.
    pub max_rollout_actions: u32,
    /// Virtual visits the greedy move ([`GreedyBot::action`]) starts with at every decision
    /// of the tree: how much evidence the search needs to play something else (0: none).
    pub prior_visits: f64,
    /// The virtual visits' win rate above the mean of the seat's moves at that decision.
    pub prior_bonus: f64,
}

impl MctsConfig {
    /// The default iterations per decision: a few milliseconds a decision in a release build
    /// (docs/bots.md, "To Court the King", gives the measured speed).
    pub const DEFAULT_ITERATIONS: u32 = 200;

    /// The default settings: [`MctsConfig::DEFAULT_ITERATIONS`], `c = 0.7`, greedy
    /// rollouts of at most 20,000 actions.
    pub const fn new() -> MctsConfig {
        MctsConfig {
            iterations: MctsConfig::DEFAULT_ITERATIONS,
            exploration: 0.7,
            rollout: Rollout::Greedy,
            max_rollout_actions: 20_000,
            prior_visits: 20.0,
            prior_bonus: 0.05,
        }
    }
}

impl MctsConfig {
    /// Checks settings a front end was given, with the limits and errors of King Up!'s
    /// searches: iterations `1..=`[`IsmctsConfig::MAX_ITERATIONS`], a finite exploration
    /// constant `>= 0`.
    ///
    /// ```
    /// use kingup_bots::court::MctsConfig;
    ///
    /// let mut config = MctsConfig::new();
    /// assert!(config.validate().is_ok());
    /// config.iterations = 0;
    /// assert_eq!(config.validate().unwrap_err().code(), "iterations");
    /// ```
    pub fn validate(&self) -> Result<(), BotError> {
        if !(1..=IsmctsConfig::MAX_ITERATIONS).contains(&self.iterations) {
            return Err(BotError::Iterations(u64::from(self.iterations)));
        }
        if !(self.exploration.is_finite() && self.exploration >= 0.0) {
            return Err(BotError::Exploration(self.exploration));
        }
        Ok(())
    }
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig::new()
    }
}

/// One node of the tree: the decision `action` by `seat` after its parent's sequence of
/// decisions (open loop: the dice between them are not part of the key).
#[derive(Clone, Debug)]
struct Node {
    seat: Seat,
    action: Action,
    visits: u32,
    /// Iterations in which this node's action was legal when its parent was visited.
    available: u32,
    /// Wins for `seat` over `visits`.
    wins: f64,
    children: Vec<u32>,
}

/// A Monte Carlo tree search player.
///
/// Each decision runs [`MctsConfig::iterations`] iterations from the current game. An
/// iteration copies the game, resolves every chance step with fresh dice from the bot's
/// generator, and walks down a tree keyed by the sequence of decisions only (open-loop
/// UCT): at each decision it expands one legal action not yet tried there, or else picks
/// the legal child with the best upper confidence bound for the seat that moves
/// (`wins/visits + c·sqrt(ln(available)/visits)`, with `available` the number of visits in
/// which that child was legal, since the dice change which actions are). From the new leaf
/// a rollout plays to the end ([`Rollout::Greedy`] by default); every node on the path then
/// counts a win (1) for its seat if that seat bought the King, and 0 otherwise (a game
/// truncated at `max_rounds` is won by nobody). It plays the most visited action at the
/// root.
///
/// Every seat in the tree maximises its own wins (each seat's opponents are searched, not
/// assumed greedy). The tree lives in a `Vec` arena reused from decision to decision. A
/// bot made from the same seed plays the same game the same way.
///
/// ```
/// use kingup_bots::Bot;
/// use kingup_bots::court::{MctsBot, MctsConfig};
/// use kingup_court::{Config, Game, Generator};
///
/// let mut config = MctsConfig::new();
/// config.iterations = 20;
/// let mut bot = MctsBot::with_config(Generator::new(3), config);
/// let mut game = Game::new(Config::new(2))?;
/// let seat = game.next_seat_after_chance(&mut Generator::new(1)).expect("a seat to move");
/// let action = bot.choose(&game.player_view(seat)).expect("the seat is to move");
/// assert!(game.is_legal(seat, action));
/// # Ok::<(), kingup_court::ConfigError>(())
/// ```
#[derive(Clone, Debug)]
pub struct MctsBot<R = Generator> {
    rng: R,
    config: MctsConfig,
    nodes: Vec<Node>,
}

impl<R: Rng> MctsBot<R> {
    /// A bot with the default settings ([`MctsConfig::new`]), drawing dice from `rng`.
    pub fn new(rng: R) -> MctsBot<R> {
        MctsBot::with_config(rng, MctsConfig::new())
    }

    /// A bot with `config` (an `iterations` of 0 counts as 1).
    pub fn with_config(rng: R, config: MctsConfig) -> MctsBot<R> {
        MctsBot {
            rng,
            config,
            nodes: Vec::new(),
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

    /// Its settings.
    pub const fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// Runs the search for `seat`, which must be the seat to move.
    fn search(&mut self, root: &Game, seat: Seat) -> Option<Action> {
        self.nodes.clear();
        self.nodes.push(Node {
            seat,
            action: Action::PASS,
            visits: 0,
            available: 0,
            wins: 0.0,
            children: Vec::new(),
        });
        let mut path = Vec::new();
        for _ in 0..self.config.iterations.max(1) {
            let mut game = *root;
            path.clear();
            path.push(0);
            self.descend(&mut game, &mut path);
            let winner = self.rollout(&mut game);
            for &n in &path {
                let node = &mut self.nodes[n as usize];
                node.visits += 1;
                if winner == Some(node.seat) {
                    node.wins += 1.0;
                }
            }
        }
        // The most visited move, counting the greedy move's virtual visits: the bound gives
        // the greedy move less exploration, so its real visits alone undercount it.
        let greedy = GreedyBot::action(root, seat);
        let weight = |child: &Node| {
            let prior = if Some(child.action) == greedy {
                self.config.prior_visits
            } else {
                0.0
            };
            f64::from(child.visits) + prior
        };
        self.nodes[0]
            .children
            .iter()
            .map(|&c| &self.nodes[c as usize])
            .filter(|child| child.seat == seat)
            .max_by(|a, b| weight(a).total_cmp(&weight(b)))
            .map(|child| child.action)
    }

    /// Walks from the root, sampling chance, until it expands a new leaf or the game ends;
    /// pushes the visited nodes onto `path`.
    fn descend(&mut self, game: &mut Game, path: &mut Vec<u32>) {
        let mut node = 0usize;
        loop {
            game.resolve_chance(&mut self.rng, &mut ());
            let Some(seat) = game.next_seat() else {
                return;
            };
            let legal = game.legal_mask(seat);
            let greedy = GreedyBot::from_mask(game, legal);
            let mut tried = ActionSet::EMPTY;
            let mut best: Option<(f64, u32)> = None;
            let parent = &self.nodes[node];
            let (mut wins, mut visits) = (0.0, 0u32);
            for &c in &parent.children {
                let child = &self.nodes[c as usize];
                if child.seat == seat && legal.contains(child.action) {
                    wins += child.wins;
                    visits += child.visits;
                }
            }
            // The greedy move starts with `prior_visits` virtual visits at the mean of this
            // seat's moves here plus `prior_bonus`: a sample of whole games says little about
            // one move, so the search leaves the greedy move only on clear evidence.
            let mean = if visits == 0 {
                0.5
            } else {
                wins / f64::from(visits)
            };
            let prior_wins = self.config.prior_visits * (mean + self.config.prior_bonus);
            for &c in &parent.children {
                let child = &self.nodes[c as usize];
                if child.seat != seat || !legal.contains(child.action) {
                    continue;
                }
                tried.insert(child.action);
                let (mut wins, mut visits) = (child.wins, f64::from(child.visits));
                if Some(child.action) == greedy {
                    wins += prior_wins;
                    visits += self.config.prior_visits;
                }
                // Counted as available here, so the bound below already includes this visit.
                let available = f64::from(child.available + 1);
                let visits = visits.max(1.0);
                let score =
                    wins / visits + self.config.exploration * (available.ln() / visits).sqrt();
                if best.is_none_or(|(s, _)| score > s) {
                    best = Some((score, c));
                }
            }
            for i in 0..self.nodes[node].children.len() {
                let c = self.nodes[node].children[i] as usize;
                let child = &mut self.nodes[c];
                if child.seat == seat && legal.contains(child.action) {
                    child.available += 1;
                }
            }
            let untried = untried(legal, tried);
            if !untried.is_empty() {
                // The greedy move first, then the others in random order.
                let pick = below(&mut self.rng, untried.len() as u32) as usize;
                let Some(action) = greedy
                    .filter(|&a| untried.contains(a))
                    .or(untried.nth(pick))
                else {
                    return;
                };
                let id = self.nodes.len() as u32;
                self.nodes.push(Node {
                    seat,
                    action,
                    visits: 0,
                    available: 1,
                    wins: 0.0,
                    children: Vec::new(),
                });
                self.nodes[node].children.push(id);
                path.push(id);
                game.apply_unchecked(seat, action);
                return;
            }
            let Some((_, c)) = best else {
                return;
            };
            game.apply_unchecked(seat, self.nodes[c as usize].action);
            path.push(c);
            node = c as usize;
        }
    }

    /// Plays `game` to its end (or to the action cap) and returns the winner.
    fn rollout(&mut self, game: &mut Game) -> Option<Seat> {
        for _ in 0..self.config.max_rollout_actions {
            game.resolve_chance(&mut self.rng, &mut ());
            let Some(seat) = game.next_seat() else {
                break;
            };
            let action = match self.config.rollout {
                Rollout::Greedy => GreedyBot::for_mover(game, seat),
                Rollout::Random => {
                    let legal = game.legal_mask(seat);
                    legal.nth(below(&mut self.rng, legal.len() as u32) as usize)
                }
            };
            let Some(action) = action else {
                break;
            };
            game.apply_unchecked(seat, action);
        }
        game.winner()
    }
}

/// The actions of `legal` not in `tried`.
fn untried(legal: ActionSet, tried: ActionSet) -> ActionSet {
    let (l, t) = (legal.words(), tried.words());
    let words = [l[0] & !t[0], l[1] & !t[1], l[2] & !t[2], l[3] & !t[3]];
    ActionSet::from_words(words).unwrap_or(ActionSet::EMPTY)
}

impl<R: Rng> Bot<PlayerView> for MctsBot<R> {
    fn choose(&mut self, view: &PlayerView) -> Option<Action> {
        let (game, seat) = (&view.game, view.seat);
        game.check_turn(seat).ok()?;
        let legal = game.legal_mask(seat);
        if legal.len() == 1 {
            return legal.nth(0);
        }
        self.search(game, seat)
            .filter(|&a| legal.contains(a))
            .or_else(|| GreedyBot::action(game, seat))
    }

    fn name(&self) -> &str {
        "mcts"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kingup_court::FirstPlayer;
    use kingup_court::{Card, ChanceOutcome, Config};

    fn tiny(seed: u64) -> MctsBot {
        let mut config = MctsConfig::new();
        config.iterations = 6;
        config.max_rollout_actions = 300;
        MctsBot::with_config(Generator::new(seed), config)
    }

    /// Plays a short game: seat 0 by `bot`, the others at random; returns seat 0's moves.
    fn game_with(bot: &mut MctsBot, players: u8, seed: u64) -> Vec<Action> {
        let mut config = Config::new(players);
        config.max_rounds = Some(4);
        let mut game = Game::new(config).unwrap();
        let mut rng = Generator::new(seed);
        let mut moves = Vec::new();
        while let Some(seat) = game.next_seat_after_chance(&mut rng) {
            let action = if seat == Seat::FIRST {
                let action = bot
                    .choose(&game.player_view(seat))
                    .expect("its seat is to move");
                moves.push(action);
                action
            } else {
                assert_eq!(
                    bot.choose(&game.player_view(Seat::FIRST)),
                    None,
                    "not its turn"
                );
                game.random_action(&mut rng).unwrap().1
            };
            assert!(
                game.is_legal(seat, action),
                "{action} in {:?}",
                game.phase()
            );
            game.apply(seat, action).unwrap();
        }
        moves
    }

    #[test]
    fn plays_a_legal_action_whenever_its_seat_acts() {
        for players in 2..=5 {
            let moves = game_with(
                &mut tiny(u64::from(players)),
                players,
                40 + u64::from(players),
            );
            assert!(moves.len() > 10, "{players} players: {} moves", moves.len());
        }
    }

    #[test]
    fn the_same_seed_plays_the_same_moves() {
        let first = game_with(&mut tiny(7), 3, 11);
        assert_eq!(game_with(&mut tiny(7), 3, 11), first);
    }

    /// Plays comma-separated steps: actions in the notation for the seat to move, or
    /// `dice F F …` (chance outcomes).
    fn run(game: &mut Game, script: &str) {
        for part in script.split(',').map(str::trim) {
            if let Some(faces) = part.strip_prefix("dice ") {
                for face in faces.split_whitespace() {
                    let outcome = ChanceOutcome::Die(face.parse().unwrap());
                    game.apply_chance(outcome).unwrap();
                }
            } else {
                let seat = game.next_seat().unwrap();
                game.apply(seat, part.parse().unwrap())
                    .unwrap_or_else(|e| panic!("{part}: {e}"));
            }
        }
    }

    /// Seat 0's turn `script`, after seat 1 passes its turns (three 1s, nothing bought).
    fn turn_of_seat_0(game: &mut Game, script: &str) {
        while game.next_seat() != Some(Seat::FIRST) {
            run(game, "roll, dice 1 1 1, keep 1, keep 1, keep 1, pass");
        }
        run(game, script);
    }

    #[test]
    fn buys_the_king_with_seven_of_a_kind() {
        // Seat 0 gets a hand of six dice and the Guard (as kingup-court's rulings tests do),
        // then rolls seven 2s: the King is on offer, and a seat with three dice cannot beat
        // seven of a kind in the final round, so buying it wins the game.
        let mut config = Config::new(2);
        config.first_player = FirstPlayer::Seat(Seat::FIRST);
        config.max_rounds = Some(Config::SIMULATION_ROUNDS);
        let mut game = Game::new(config).unwrap();
        let triple = "roll, dice 5 5 5, keep 5, keep 5, keep 5";
        for card in ["laborer", "guard", "farmer"] {
            turn_of_seat_0(&mut game, &format!("{triple}, buy {card}"));
        }
        let keep = |n| vec!["keep 2"; n].join(", ");
        turn_of_seat_0(
            &mut game,
            &format!(
                "roll, dice 2 2 2 2, guard, laborer, {}, roll, dice 2, keep 2, buy general",
                keep(5)
            ),
        );
        turn_of_seat_0(
            &mut game,
            &format!(
                "roll, dice 2 2 2 2 2 2, guard, {}, roll, dice 2, keep 2",
                keep(6)
            ),
        );
        let king = Action::buy(Card::King).unwrap();
        assert!(game.is_legal(Seat::FIRST, king));
        assert!(
            game.legal_action_count(Seat::FIRST) > 5,
            "many cards on offer"
        );
        // Without the greedy prior: the search alone finds it.
        let mut config = MctsConfig::new();
        config.iterations = 300;
        config.prior_visits = 0.0;
        let mut bot = MctsBot::with_config(Generator::new(5), config);
        assert_eq!(bot.choose(&game.player_view(Seat::FIRST)), Some(king));
    }

    #[test]
    fn takes_the_only_legal_action_without_searching() {
        let mut game = Game::new(Config::new(2)).unwrap();
        let seat = game.next_seat_after_chance(&mut Generator::new(1)).unwrap();
        let mut bot = tiny(1);
        assert_eq!(game.legal_action_count(seat), 1);
        assert_eq!(bot.choose(&game.player_view(seat)), Some(Action::ROLL));
        assert!(bot.nodes.is_empty(), "no tree was built");
    }
}
