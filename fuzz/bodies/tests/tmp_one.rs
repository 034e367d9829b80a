#[test]
fn one() {
    let target = std::env::var("T").unwrap();
    for p in std::env::var("P").unwrap().split(':') {
        let data = std::fs::read(p).unwrap();
        let t = std::time::Instant::now();
        match target.as_str() {
            "positions" => kingup_fuzz_bodies::positions(&data),
            "differential" => kingup_fuzz_bodies::differential(&data),
            "decode_json" => kingup_fuzz_bodies::decode_json(&data),
            _ => panic!(),
        }
        eprintln!("ONE {p} {:?}", t.elapsed());
    }
}
