//! The bodies of kingup's fuzz targets. Each takes raw fuzzer bytes, drives part of kingup
//! with them and panics if an invariant breaks. `fuzz/fuzz_targets/*` hand them to
//! libFuzzer; `tests/corpus.rs` replays the committed corpus through them on stable Rust.

mod court;
mod decode;
mod differential;
mod engine;
mod ffi;
mod history;
mod positions;
mod sampling;

pub use court::court;
pub use decode::decode_json;
pub use differential::differential;
pub use engine::action_stream;
pub use ffi::ffi_calls;
pub use positions::positions;
pub use sampling::information_sets;
