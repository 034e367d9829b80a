//! The WebAssembly front end of kingup: both games' sessions, the bots and the notation
//! for JavaScript, through `wasm-bindgen`. `bash scripts/build-wasm.sh` builds the npm-style
//! package (`kingup`); its README (this crate's) documents the JavaScript API.
//!
//! Like the Python and C shells, it is one generic shell over the table's
//! `Session<G>` (`shell`), with a macro writing each game's class (`game`), and one
//! generic bot body with a macro for each game's bot class (`bots`). Every argument is
//! checked before any Rust work (`args`): a wrong type is a `TypeError`, a refusal an
//! `Error` with the same reason `code` every other language reports (`error`), and the
//! game is unchanged after a throw. Nothing panics across the boundary (a panic in
//! WebAssembly is a trap that leaves the module unusable).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod args;
mod bots;
mod error;
mod game;
mod shell;
mod table;
mod types;
mod vocabulary;

pub use bots::{CourtBot, KingUpBot};
pub use game::{CourtGame, KingUpGame};
