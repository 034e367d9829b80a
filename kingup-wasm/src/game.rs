//! `KingUpGame` and `CourtGame`: each is [`game_class!`] over its game's [`Shell`].

use wasm_bindgen::prelude::*;

use crate::shell::Shell;

/// Writes a game's JavaScript class: a struct holding a [`Shell`] of `$game` and every
/// method, each a one-line call of the generic shell. `$view`, `$event` and `$config` are
/// the TypeScript names of the game's view, event and config types (`types.d.ts`), and
/// `$vocabulary` its vocabulary's.
macro_rules! game_class {
    (
        $(#[$meta:meta])*
        $class:ident($game:ty), view = $view:literal, events = $events:literal,
        config = $config:literal, config_in = $config_in:literal, options = $options:literal,
        vocabulary = $vocabulary:literal
    ) => {
        $(#[$meta])*
        #[wasm_bindgen]
        #[derive(Debug)]
        pub struct $class {
            shell: Shell<$game>,
        }

        #[wasm_bindgen]
        impl $class {
            /// A new game: `config` holds any fields of the config every language reads
            /// (the others take the rules' defaults: `{players: 4}` is enough), `options`
            /// the seed (a safe integer or a bigint; omitted: drawn from
            /// `crypto.getRandomValues`) and the chance mode (`"auto"`, the default, or
            /// `"explicit"`).
            #[wasm_bindgen(constructor)]
            pub fn new(
                #[wasm_bindgen(unchecked_optional_param_type = $config_in)] config: Option<JsValue>,
                #[wasm_bindgen(unchecked_optional_param_type = $options)] options: Option<JsValue>,
            ) -> Result<$class, JsValue> {
                Ok($class { shell: Shell::start(config, options)? })
            }

            /// Reads a save document (what `save()` writes, in any language); `LoadError`
            /// with the reason code for anything malformed, too long or refused by the
            /// rules.
            pub fn load(
                #[wasm_bindgen(unchecked_param_type = "string")] save: JsValue,
            ) -> Result<$class, JsValue> {
                Ok($class { shell: Shell::load(&save)? })
            }

            /// The save document, byte for byte what every other language writes. It
            /// holds every secret and the generator: the host's, never a player's.
            pub fn save(&self) -> String {
                self.shell.save()
            }

            /// The game's config, as the save document writes it.
            #[wasm_bindgen(unchecked_return_type = $config)]
            pub fn config(&self) -> JsValue {
                self.shell.config()
            }

            /// Number of players.
            #[wasm_bindgen(getter)]
            pub fn players(&self) -> usize {
                self.shell.players()
            }

            /// Whether the game is over.
            #[wasm_bindgen(js_name = isOver)]
            pub fn is_over(&self) -> bool {
                self.shell.is_over()
            }

            /// Whether a chance step is pending (only ever with `chance: "explicit"`).
            #[wasm_bindgen(js_name = isChance)]
            pub fn is_chance(&self) -> bool {
                self.shell.is_chance()
            }

            /// Whether the game ended at a bound its config set, without a result.
            #[wasm_bindgen(js_name = isTruncated)]
            pub fn is_truncated(&self) -> bool {
                self.shell.is_truncated()
            }

            /// The seat to act; `undefined` when chance is to move or the game is over.
            #[wasm_bindgen(js_name = toMove)]
            pub fn to_move(&self) -> Option<usize> {
                self.shell.to_move()
            }

            /// What the pending chance step decides (`"deal"`, `"die"`, …), if one is.
            pub fn chance(&self) -> Option<String> {
                self.shell.chance()
            }

            /// `seat`'s legal action indices, ascending (omitted: the seat to move; `[]`
            /// when it may not act).
            #[wasm_bindgen(js_name = legalActions, unchecked_return_type = "number[]")]
            pub fn legal_actions(
                &self,
                #[wasm_bindgen(unchecked_optional_param_type = "number")] seat: Option<JsValue>,
            ) -> Result<js_sys::Array, JsValue> {
                Ok(self.shell.legal_actions(seat)?)
            }

            /// Whether `seat` may play `action` (an index or notation) now.
            #[wasm_bindgen(js_name = isLegal)]
            pub fn is_legal(
                &self,
                #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
                #[wasm_bindgen(unchecked_param_type = "number | string")] action: JsValue,
            ) -> Result<bool, JsValue> {
                Ok(self.shell.is_legal(&seat, &action)?)
            }

            /// Plays `action` (an index or notation) for `seat`; with automatic chance the
            /// chance steps that follow are drawn. Throws `IllegalActionError` (and
            /// changes nothing) if the rules refuse it.
            pub fn apply(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
                #[wasm_bindgen(unchecked_param_type = "number | string")] action: JsValue,
            ) -> Result<(), JsValue> {
                Ok(self.shell.apply(&seat, &action)?)
            }

            /// The pending chance step's outcomes as `[index, probability]` pairs.
            #[wasm_bindgen(js_name = chanceOutcomes, unchecked_return_type = "Array<[number, number]>")]
            pub fn chance_outcomes(&self) -> js_sys::Array {
                self.shell.chance_outcomes()
            }

            /// Applies a chance outcome (an index or notation), with explicit chance.
            #[wasm_bindgen(js_name = applyChance)]
            pub fn apply_chance(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "number | string")] outcome: JsValue,
            ) -> Result<(), JsValue> {
                Ok(self.shell.apply_chance(&outcome)?)
            }

            /// Draws the pending chance step from the game's generator; returns the
            /// outcome's index. `IllegalChanceError` (`not_chance`) when none is pending.
            #[wasm_bindgen(js_name = resolveChance)]
            pub fn resolve_chance(&mut self) -> Result<usize, JsValue> {
                Ok(self.shell.resolve_chance()?)
            }

            /// Plays random legal actions and chance to the end (with `seed`, from a new
            /// generator of that seed); returns the number of actions played.
            #[wasm_bindgen(js_name = playRandom)]
            pub fn play_random(
                &mut self,
                #[wasm_bindgen(unchecked_optional_param_type = "number | bigint")] seed: Option<JsValue>,
            ) -> Result<f64, JsValue> {
                Ok(self.shell.play_random(seed)?)
            }

            /// Takes back `seat`'s last action if nothing was revealed since; else
            /// `UndoError` (`nothing_to_undo`, `not_your_step`, `revealed`).
            pub fn undo(
                &mut self,
                #[wasm_bindgen(unchecked_param_type = "number")] seat: JsValue,
            ) -> Result<(), JsValue> {
                Ok(self.shell.undo(&seat)?)
            }

            /// How many of the last steps `undo` could take back.
            pub fn undoable(&self) -> usize {
                self.shell.undoable()
            }

            /// What `seat` may see, as a plain object (omitted: a spectator).
            #[wasm_bindgen(unchecked_return_type = $view)]
            pub fn view(
                &self,
                #[wasm_bindgen(unchecked_optional_param_type = "number")] seat: Option<JsValue>,
            ) -> Result<JsValue, JsValue> {
                Ok(self.shell.view(seat)?)
            }

            /// The events from index `from` (default 0) on, as `viewer` may see them
            /// (omitted: a spectator): other seats' secrets blanked.
            #[wasm_bindgen(unchecked_return_type = $events)]
            pub fn events(
                &self,
                #[wasm_bindgen(unchecked_optional_param_type = "number")] viewer: Option<JsValue>,
                #[wasm_bindgen(unchecked_optional_param_type = "number")] from: Option<JsValue>,
            ) -> Result<js_sys::Array, JsValue> {
                Ok(self.shell.events(viewer, from)?)
            }

            /// The same events as `events(viewer, from)`, each as the game's sentence
            /// ("seat 2 places Alighiero on Merchants (2)"), for a log.
            #[wasm_bindgen(js_name = eventTexts)]
            pub fn event_texts(
                &self,
                #[wasm_bindgen(unchecked_optional_param_type = "number")] viewer: Option<JsValue>,
                #[wasm_bindgen(unchecked_optional_param_type = "number")] from: Option<JsValue>,
            ) -> Result<Vec<String>, JsValue> {
                Ok(self.shell.event_texts(viewer, from)?)
            }

            /// Number of events so far (for `events(viewer, from)`).
            #[wasm_bindgen(js_name = eventCount)]
            pub fn event_count(&self) -> usize {
                self.shell.event_count()
            }

            /// Every step: `[seat, action index]` or `[null, outcome index]`. Full
            /// information: not for players.
            #[wasm_bindgen(unchecked_return_type = "Array<[number | null, number]>")]
            pub fn history(&self) -> js_sys::Array {
                self.shell.history()
            }

            /// Every step in notation, as the save document lists them. Full information.
            pub fn steps(&self) -> Vec<String> {
                self.shell.steps()
            }

            /// Each seat's return: `"win"` (the default: the win share at the end),
            /// `"points"` or `"margin"`.
            #[wasm_bindgen(unchecked_return_type = "number[]")]
            pub fn returns(
                &self,
                #[wasm_bindgen(unchecked_optional_param_type = "\"win\" | \"points\" | \"margin\"")]
                reward: Option<JsValue>,
            ) -> Result<js_sys::Array, JsValue> {
                Ok(self.shell.returns(reward)?)
            }

            /// The seats sharing the win once the game is over, else `undefined`.
            #[wasm_bindgen(unchecked_return_type = "number[] | undefined")]
            pub fn winners(&self) -> Option<js_sys::Array> {
                self.shell.winners()
            }

            /// An independent copy, generator included.
            #[allow(clippy::should_implement_trait)]
            pub fn clone(&self) -> $class {
                $class { shell: self.shell.clone() }
            }

            /// The size of the action index space.
            #[wasm_bindgen(getter = ACTION_COUNT)]
            pub fn action_count() -> usize {
                <$game as kingup_table::Rules>::ACTION_COUNT
            }

            /// The size of the chance outcome index space.
            #[wasm_bindgen(getter = CHANCE_COUNT)]
            pub fn chance_count() -> usize {
                <$game as kingup_table::Rules>::CHANCE_COUNT
            }

            /// The names and numbers of the game's pieces as the engine has them (King
            /// Up!'s characters and floors; the court's cards, rows and plain moves' action
            /// indices), for a front end to draw without a copy of its own.
            #[wasm_bindgen(unchecked_return_type = $vocabulary)]
            pub fn vocabulary() -> JsValue {
                $crate::shell::vocabulary::<$game>()
            }

            /// An action index's notation.
            #[wasm_bindgen(js_name = actionName)]
            pub fn action_name(
                #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
            ) -> Result<String, JsValue> {
                Ok($crate::shell::notation::action_name::<$game>(&index)?)
            }

            /// An action index's sentence ("place Alighiero on Dignitaries (4)").
            #[wasm_bindgen(js_name = describeAction)]
            pub fn describe_action(
                #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
            ) -> Result<String, JsValue> {
                Ok($crate::shell::notation::describe_action::<$game>(&index)?)
            }

            /// A chance outcome index's sentence.
            #[wasm_bindgen(js_name = describeChance)]
            pub fn describe_chance(
                #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
            ) -> Result<String, JsValue> {
                Ok($crate::shell::notation::describe_chance::<$game>(&index)?)
            }

            /// The action index of notation (`ParseError`, `malformed`, if none).
            #[wasm_bindgen(js_name = parseAction)]
            pub fn parse_action(
                #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
            ) -> Result<usize, JsValue> {
                Ok($crate::shell::notation::parse_action::<$game>(&text)?)
            }

            /// A chance outcome index's notation.
            #[wasm_bindgen(js_name = chanceName)]
            pub fn chance_name(
                #[wasm_bindgen(unchecked_param_type = "number")] index: JsValue,
            ) -> Result<String, JsValue> {
                Ok($crate::shell::notation::chance_name::<$game>(&index)?)
            }

            /// The chance outcome index of notation (`ParseError`, `malformed`, if none).
            #[wasm_bindgen(js_name = parseChance)]
            pub fn parse_chance(
                #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
            ) -> Result<usize, JsValue> {
                Ok($crate::shell::notation::parse_chance::<$game>(&text)?)
            }
        }

        impl $class {
            /// The shell, for the bots.
            pub(crate) fn shell(&self) -> &Shell<$game> {
                &self.shell
            }
        }
    };
}

game_class! {
    /// A game of King Up! (Viva il Re!), 3 to 6 players.
    KingUpGame(kingup_core::Game),
    view = "KingUpView", events = "KingUpEvent[]", config = "KingUpConfig", config_in = "Partial<KingUpConfig>",
    options = "GameOptions", vocabulary = "KingUpVocabulary"
}

game_class! {
    /// A game of To Court the King, 2 to 5 players.
    CourtGame(kingup_court::Game),
    view = "CourtView", events = "CourtEvent[]", config = "CourtConfig", config_in = "Partial<CourtConfig>",
    options = "GameOptions", vocabulary = "CourtVocabulary"
}
