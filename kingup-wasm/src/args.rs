//! Reading JavaScript arguments: every value is checked here before any Rust work, so a
//! wrong type is a `TypeError` and an out-of-range number a typed refusal, never a trap.

use js_sys::{JsString, Reflect};
use kingup_table::{GameConfig, Seat};
use wasm_bindgen::{JsCast, JsValue};

use crate::error::{Failure, Kind, Result, code, excerpt};

/// Longest text read as an action, chance outcome, bot spec or option name, in UTF-16
/// units: longer text is refused unread (the C ABI's `KINGUP_MAX_MOVE_LEN`).
pub(crate) const MAX_NAME_LEN: u32 = 64;

/// Longest config read, as JSON text (the C ABI's `KINGUP_MAX_CONFIG_LEN`).
pub(crate) const MAX_CONFIG_LEN: u32 = 65_536;

/// The value's `typeof`, for messages.
pub(crate) fn type_of(value: &JsValue) -> String {
    value
        .js_typeof()
        .as_string()
        .unwrap_or_else(|| "unknown".to_owned())
}

/// `value` unless it is `undefined` or `null` (an argument left out).
pub(crate) fn given(value: Option<JsValue>) -> Option<JsValue> {
    value.filter(|v| !v.is_undefined() && !v.is_null())
}

/// A whole number (a JavaScript `number` with no fraction), else `TypeError`. Numbers past
/// the `i64` range saturate: they are out of every range the callers check.
pub(crate) fn whole(value: &JsValue, what: &str) -> Result<i64> {
    let Some(number) = value.as_f64() else {
        return Err(Failure::wrong_type(format_args!(
            "{what} must be a number, not {}",
            type_of(value)
        )));
    };
    if !number.is_finite() || number.fract() != 0.0 {
        return Err(Failure::wrong_type(format_args!(
            "{what} must be a whole number, not {number}"
        )));
    }
    Ok(number as i64)
}

/// The seat a number names in a game of `config`, else `TypeError` or `SeatError`.
pub(crate) fn seat<C: GameConfig>(config: &C, value: &JsValue) -> Result<Seat> {
    let index = whole(value, "a seat")?;
    config.seat(index).map_err(|e| Failure::seat(&e))
}

/// A string of at most `max` UTF-16 units, else `TypeError`, or `too_long` refused unread
/// with `kind`.
pub(crate) fn text(value: &JsValue, what: &str, max: u32, kind: Kind) -> Result<String> {
    let Some(string) = value.dyn_ref::<JsString>() else {
        return Err(Failure::wrong_type(format_args!(
            "{what} must be a string, not {}",
            type_of(value)
        )));
    };
    let len = string.length();
    if len > max {
        return Err(Failure::new(
            kind,
            code::TOO_LONG,
            format_args!("{what} is {len} characters long; at most {max} are read"),
        ));
    }
    Ok(String::from(string))
}

/// A name (an action, outcome, bot spec): a short string, else `TypeError` or a `ParseError`
/// (`too_long`).
pub(crate) fn name(value: &JsValue, what: &str) -> Result<String> {
    text(value, what, MAX_NAME_LEN, Kind::Parse)
}

/// Text parsed as `T` (notation), else `ParseError` (`malformed`) quoting its start.
pub(crate) fn parse<T: std::str::FromStr>(value: &JsValue, what: &str) -> Result<T>
where
    T::Err: std::fmt::Display,
{
    let text = name(value, what)?;
    text.parse().map_err(|e| {
        let shown = excerpt(&text);
        Failure::new(Kind::Parse, code::MALFORMED, format_args!("{shown} is {e}"))
    })
}

/// A seed: a safe integer `number` or a `bigint`, in `0..2**64`; else `TypeError` or
/// `InvalidConfigError`.
pub(crate) fn seed(value: &JsValue) -> Result<u64> {
    if value.is_bigint() {
        let text = js_sys::BigInt::unchecked_from_js_ref(value)
            .to_string(10)
            .map(String::from)
            .unwrap_or_default();
        return text.parse::<u64>().map_err(|_| out_of_range(&text));
    }
    let number = whole(value, "a seed")?;
    if number.unsigned_abs() > (1 << 53) - 1 {
        return Err(Failure::wrong_type(format_args!(
            "a seed number must be a safe integer (use a bigint for larger seeds), not {number}"
        )));
    }
    u64::try_from(number).map_err(|_| out_of_range(&number.to_string()))
}

fn out_of_range(shown: &str) -> Failure {
    Failure::config(format_args!(
        "a seed must be in 0..2**64, not {}",
        excerpt(shown)
    ))
}

/// A seed from the platform's cryptographic randomness, for a game or bot made without one
/// (WebAssembly has no operating system to ask: `globalThis.crypto`).
pub(crate) fn random_seed() -> u64 {
    random::seed()
}

#[cfg(target_arch = "wasm32")]
mod random {
    use wasm_bindgen::prelude::wasm_bindgen;

    #[wasm_bindgen]
    extern "C" {
        /// `globalThis.crypto.getRandomValues` (browsers, workers, Node 20).
        #[wasm_bindgen(js_namespace = crypto, js_name = getRandomValues)]
        fn get_random_values(buf: &mut [u8]);
    }

    pub(super) fn seed() -> u64 {
        let mut bytes = [0u8; 8];
        get_random_values(&mut bytes);
        u64::from_le_bytes(bytes)
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod random {
    /// The host's randomness (the host build serves clippy, docs and unit tests only).
    pub(super) fn seed() -> u64 {
        use std::hash::{BuildHasher, Hasher};
        std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish()
    }
}

/// A property of an options object (`undefined` when absent); a getter's throw is a
/// `TypeError`.
pub(crate) fn property(object: &JsValue, key: &str) -> Result<Option<JsValue>> {
    Reflect::get(object, &JsValue::from_str(key))
        .map(|v| given(Some(v)))
        .map_err(|_| Failure::wrong_type(format_args!("reading option {key:?} threw")))
}

/// A plain object argument (not an array, not a function), else `TypeError`; with
/// `allowed`, every own key must be among them, else `InvalidConfigError`.
pub(crate) fn object(value: &JsValue, what: &str, allowed: Option<&[&str]>) -> Result<()> {
    let is_object = value.is_object() && !js_sys::Array::is_array(value);
    if !is_object {
        return Err(Failure::wrong_type(format_args!(
            "{what} must be an object, not {}",
            type_of(value)
        )));
    }
    if let Some(allowed) = allowed {
        // `Reflect.ownKeys` reports a throwing proxy as an error (`Object.keys` would throw
        // through the module).
        let keys = Reflect::own_keys(value)
            .map_err(|_| Failure::wrong_type(format_args!("the keys of {what} cannot be read")))?;
        for key in keys.iter() {
            let key = key.as_string().unwrap_or_default();
            if !allowed.contains(&key.as_str()) {
                return Err(Failure::config(format_args!(
                    "unknown {what} field {}: expected {}",
                    excerpt(&key),
                    allowed.join(", ")
                )));
            }
        }
    }
    Ok(())
}

/// A JSON-able object as JSON text of at most [`MAX_CONFIG_LEN`] characters (`JSON.stringify`),
/// else `TypeError` or `InvalidConfigError` (`too_long`).
pub(crate) fn json(value: &JsValue, what: &str) -> Result<String> {
    object(value, what, None)?;
    let text = js_sys::JSON::stringify(value).map_err(|_| {
        Failure::wrong_type(format_args!(
            "{what} cannot be written as JSON (a bigint, a cycle, a throwing getter?)"
        ))
    })?;
    text_of(&text.into(), what, MAX_CONFIG_LEN)
}

fn text_of(value: &JsValue, what: &str, max: u32) -> Result<String> {
    text(value, what, max, Kind::InvalidConfig)
}

/// A JavaScript value made from JSON text (`JSON.parse`): views, events and configs are the
/// same JSON every other language reads.
pub(crate) fn from_json(text: &str) -> JsValue {
    // Text serde_json wrote is JSON: parsing it cannot fail.
    js_sys::JSON::parse(text).unwrap_or(JsValue::UNDEFINED)
}

/// `value` serialized by serde_json then parsed by `JSON.parse`.
pub(crate) fn to_js<T: serde::Serialize>(value: &T) -> JsValue {
    // Plain data of the engine always serializes.
    from_json(&serde_json::to_string(value).unwrap_or_default())
}
