#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kingup_fuzz_bodies::positions(data));
