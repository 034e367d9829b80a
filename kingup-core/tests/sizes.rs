//! The state stays small enough to copy-make in search (DESIGN: a few hundred bytes at
//! most). Run with `--nocapture` to print the sizes reported in docs/performance.md.

use std::mem::size_of;

use kingup_core::{Action, Actions, Castle, Config, Event, Events, Game, PlayerView, PublicView};

#[test]
fn sizes_stay_small() {
    let sizes = [
        ("Game", size_of::<Game>(), 192),
        ("Config", size_of::<Config>(), 80),
        ("Castle", size_of::<Castle>(), 24),
        ("PublicView", size_of::<PublicView>(), 256),
        ("PlayerView", size_of::<PlayerView>(), 256),
        ("Action", size_of::<Action>(), 2),
        ("Event", size_of::<Event>(), 24),
        ("Actions", size_of::<Actions>(), 112),
        ("Events", size_of::<Events>(), 192),
    ];
    for (name, size, bound) in sizes {
        println!("{name}: {size} bytes");
        assert!(size <= bound, "{name} is {size} bytes, over {bound}");
    }
}
