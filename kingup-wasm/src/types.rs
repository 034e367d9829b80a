//! The TypeScript declarations of the plain objects the classes take and give (configs,
//! views, events), written by hand in `types.d.ts` and appended to `kingup.d.ts`.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");
