//! `kingup.Engine`: an entrant of `kingup.arena` and `kingup.court.arena` played by
//! another program over the kingup bot protocol (`docs/protocol.md`). This class only
//! reads and checks the arguments into a `kingup_protocol::EngineCommand`; the arena
//! (`crate::arena`) makes it a `kingup_protocol::Engine` of its game, which runs the
//! processes and referees their moves.

use std::time::Duration;

use kingup_protocol::{Clock, EngineCommand};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyString};
use serde_json::{Map, Value};

use crate::convert::{self, float_arg, quote, shown, type_name};
use crate::errors;

/// The longest time an engine's clock may be set to (each of move, game and handshake):
/// an hour, far beyond any real use, so that a typo cannot stall an arena for days.
pub(crate) const MAX_ENGINE_TIME: f64 = 3600.0;

/// Most options an engine takes (its `hello` carries them all).
const MAX_OPTIONS: usize = 256;

/// An engine entered under a name: its command, its `hello` options and its clock.
#[pyclass(module = "kingup._kingup", name = "Engine", frozen)]
#[derive(Debug)]
pub(crate) struct PyEngine {
    pub(crate) command: EngineCommand,
    /// The times as given, in seconds: what `repr`, the getters and pickles show (the
    /// clock holds them rounded to nanoseconds).
    move_time: f64,
    game_time: f64,
    handshake_time: f64,
}

/// An engine's name: 1 to 32 characters, none of them a space or a control character (the
/// rule of `--engine "NAME=..."` on the command line).
fn engine_name(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    let text = obj.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!(
            "an engine's name must be a str, not {}",
            type_name(obj)
        ))
    })?;
    let name = text.to_string_lossy().into_owned();
    // The protocol crate's rule, the command line's too.
    if EngineCommand::check_name(&name).is_err() {
        let message = format!(
            "an engine's name is 1 to {} visible characters without spaces, not {}",
            EngineCommand::MAX_NAME_CHARS,
            shown(obj)
        );
        return Err(errors::invalid_config(obj.py(), message));
    }
    Ok(name)
}

/// The command's words: a sequence of strings (program, then arguments), or one string
/// split as a shell splits it (quotes group; no variables, no pipes), as `--engine` does.
fn command_words(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<String>> {
    let py = obj.py();
    let words = if let Ok(text) = obj.cast::<PyString>() {
        // The protocol crate's own reading of `NAME=command args`, so that a command
        // means the same here as on the command line.
        let entered = format!("x={}", text.to_cow()?);
        let command = entered.parse::<EngineCommand>().map_err(|_| {
            let message = format!(
                "the command of engine {} is empty or its quotes do not close: {}",
                quote(name),
                shown(obj)
            );
            errors::invalid_config(py, message)
        })?;
        std::iter::once(command.program)
            .chain(command.args)
            .collect()
    } else {
        let not_words = || {
            PyTypeError::new_err(format!(
                "the command of engine {} must be a str or a sequence of str, not {}",
                quote(name),
                type_name(obj)
            ))
        };
        // A dict would iterate as its keys: only sequences, and not bytes (of ints).
        let sequence = py.import("collections.abc")?.getattr("Sequence")?;
        let bytes = obj.is_instance_of::<PyBytes>() || obj.is_instance_of::<PyByteArray>();
        if bytes || !obj.is_instance(&sequence)? {
            return Err(not_words());
        }
        let mut words = Vec::new();
        for item in obj.try_iter()? {
            let item = item?;
            let word = item.cast::<PyString>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "the command of engine {} must hold only str, not {}",
                    quote(name),
                    type_name(&item)
                ))
            })?;
            words.push(word.to_cow()?.into_owned());
        }
        words
    };
    if words.first().is_none_or(String::is_empty) {
        let message = format!("the command of engine {} is empty", quote(name));
        return Err(errors::invalid_config(py, message));
    }
    if words.iter().any(|w| w.contains('\0')) {
        let message = format!(
            "the command of engine {} holds a NUL character",
            quote(name)
        );
        return Err(errors::invalid_config(py, message));
    }
    Ok(words)
}

/// One option's value as JSON: a bool, an int (64-bit), a finite float or a str.
fn option_value(value: &Bound<'_, PyAny>, key: &str, name: &str) -> PyResult<Value> {
    let py = value.py();
    let out_of_range = |what: &str| {
        let message = format!(
            "option {} of engine {} must be {what}, not {}",
            quote(key),
            quote(name),
            shown(value)
        );
        errors::invalid_config(py, message)
    };
    if value.is_instance_of::<PyBool>() {
        return Ok(Value::Bool(value.is_truthy()?));
    }
    if value.is_instance_of::<PyInt>() {
        if let Ok(n) = value.extract::<i64>() {
            return Ok(Value::from(n));
        }
        return value
            .extract::<u64>()
            .map(Value::from)
            .map_err(|_| out_of_range("an int in -2**63..2**64"));
    }
    if value.is_instance_of::<PyFloat>() {
        let x = value.extract::<f64>()?;
        return serde_json::Number::from_f64(x)
            .map(Value::Number)
            .ok_or_else(|| out_of_range("a finite float"));
    }
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Value::String(text.to_cow()?.into_owned()));
    }
    Err(PyTypeError::new_err(format!(
        "option {} of engine {} must be an int, float, str or bool, not {}",
        quote(key),
        quote(name),
        type_name(value)
    )))
}

/// The `hello`'s options: a dict of str to int, float, str or bool.
fn options_arg(obj: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Map<String, Value>> {
    let Some(obj) = convert::given(obj) else {
        return Ok(Map::new());
    };
    let dict = obj.cast::<PyDict>().map_err(|_| {
        PyTypeError::new_err(format!(
            "the options of engine {} must be a dict, not {}",
            quote(name),
            type_name(obj)
        ))
    })?;
    if dict.len() > MAX_OPTIONS {
        let message = format!(
            "engine {} takes at most {MAX_OPTIONS} options, not {}",
            quote(name),
            dict.len()
        );
        return Err(errors::invalid_config(obj.py(), message));
    }
    let mut options = Map::new();
    for (key, value) in dict.iter() {
        let key = key.cast::<PyString>().map_err(|_| {
            PyTypeError::new_err(format!(
                "the options of engine {} must have str keys, not {}",
                quote(name),
                type_name(&key)
            ))
        })?;
        let key = key.to_cow()?.into_owned();
        let value = option_value(&value, &key, name)?;
        options.insert(key, value);
    }
    Ok(options)
}

/// A time in seconds: a number above 0 and at most `MAX_ENGINE_TIME`.
fn seconds_arg(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<f64> {
    let value = float_arg(obj, what)?;
    if !(value > 0.0 && value <= MAX_ENGINE_TIME) {
        let message = format!(
            "{what} must be above 0 and at most {} seconds, not {}",
            convert::thousands(MAX_ENGINE_TIME as i64),
            shown(obj)
        );
        return Err(errors::invalid_config(obj.py(), message));
    }
    Ok(value)
}

#[pymethods]
impl PyEngine {
    /// `Engine(name, command, *, options=None, move_time=2.0, game_time=60.0,
    /// handshake_time=10.0)`: see `docs/python.md`, "Engines in the arena".
    #[new]
    #[pyo3(signature = (name, command, *, options=None, move_time=None, game_time=None, handshake_time=None))]
    fn new(
        name: &Bound<'_, PyAny>,
        command: &Bound<'_, PyAny>,
        options: Option<&Bound<'_, PyAny>>,
        move_time: Option<&Bound<'_, PyAny>>,
        game_time: Option<&Bound<'_, PyAny>>,
        handshake_time: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyEngine> {
        let name = engine_name(name)?;
        let mut words = command_words(command, &name)?;
        let options = options_arg(options, &name)?;
        let default = Clock::default();
        let time = |obj: Option<&Bound<'_, PyAny>>, what: &str, default: Duration| {
            convert::given(obj).map_or(Ok(default.as_secs_f64()), |obj| seconds_arg(obj, what))
        };
        let move_time = time(move_time, "move_time", default.per_move)?;
        let game_time = time(game_time, "game_time", default.per_game)?;
        let handshake_time = time(handshake_time, "handshake_time", default.handshake)?;
        let program = words.remove(0);
        let command = EngineCommand {
            name,
            program,
            args: words,
            options,
            clock: Clock {
                per_move: Duration::from_secs_f64(move_time),
                per_game: Duration::from_secs_f64(game_time),
                handshake: Duration::from_secs_f64(handshake_time),
            },
        };
        Ok(PyEngine {
            command,
            move_time,
            game_time,
            handshake_time,
        })
    }

    /// The entrant's name in the standings.
    #[getter]
    fn name(&self) -> &str {
        &self.command.name
    }

    /// The program and its arguments.
    #[getter]
    fn command(&self) -> Vec<String> {
        std::iter::once(self.command.program.clone())
            .chain(self.command.args.iter().cloned())
            .collect()
    }

    /// The `hello`'s options (a new dict each time).
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = convert::to_json(&self.command.options)?;
        convert::json_to_py(py, &text)
    }

    /// The most one answer may take, in seconds.
    #[getter]
    fn move_time(&self) -> f64 {
        self.move_time
    }

    /// The most all of one game's answers may take together, in seconds.
    #[getter]
    fn game_time(&self) -> f64 {
        self.game_time
    }

    /// The most the handshake may take, in seconds.
    #[getter]
    fn handshake_time(&self) -> f64 {
        self.handshake_time
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyEngine>().is_ok_and(|o| {
            let o = o.get();
            o.command == self.command
                && (o.move_time, o.game_time, o.handshake_time)
                    == (self.move_time, self.game_time, self.handshake_time)
        })
    }

    /// Rebuilt by the constructor's own checks: a pickle crosses processes (a part of an
    /// arena played on Ray or an executor starts its own engine processes).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let this = slf.get();
        let args = (
            this.name(),
            this.command(),
            this.options(py)?,
            this.move_time,
            this.game_time,
            this.handshake_time,
        );
        let restore = py.get_type::<PyEngine>().getattr("_restore")?;
        Ok((restore, args.into_pyobject(py)?.into_any()))
    }

    /// The constructor with every argument by position: what a pickle calls.
    #[staticmethod]
    fn _restore(
        name: &Bound<'_, PyAny>,
        command: &Bound<'_, PyAny>,
        options: &Bound<'_, PyAny>,
        move_time: &Bound<'_, PyAny>,
        game_time: &Bound<'_, PyAny>,
        handshake_time: &Bound<'_, PyAny>,
    ) -> PyResult<PyEngine> {
        PyEngine::new(
            name,
            command,
            Some(options),
            Some(move_time),
            Some(game_time),
            Some(handshake_time),
        )
    }

    /// `kingup.Engine('py', ['python3', 'engine.py'], move_time=2.0, ...)`: the call that
    /// makes it.
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let this = slf.get();
        let repr = |obj: Bound<'_, PyAny>| -> PyResult<String> { Ok(obj.repr()?.to_string()) };
        let mut text = format!(
            "kingup.Engine({}, {}",
            repr(PyString::new(py, this.name()).into_any())?,
            repr(this.command().into_pyobject(py)?.into_any())?
        );
        if !this.command.options.is_empty() {
            text.push_str(&format!(", options={}", repr(this.options(py)?)?));
        }
        let float = |x: f64| repr(PyFloat::new(py, x).into_any());
        text.push_str(&format!(
            ", move_time={}, game_time={}, handshake_time={})",
            float(this.move_time)?,
            float(this.game_time)?,
            float(this.handshake_time)?
        ));
        Ok(text)
    }
}
