//! The documentation's tables agree with the code.

use kingup_core::{OBSERVATION_FIELDS, OBSERVATION_LEN, observation_field};

#[test]
fn observation_table_matches_the_layout() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/observation.md");
    let doc = std::fs::read_to_string(path).expect("docs/observation.md");
    let rows: Vec<(String, usize, usize)> = doc
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let name = cells.get(1)?.strip_prefix('`')?.strip_suffix('`')?;
            let offset = cells.get(2)?.parse().ok()?;
            let len = cells.get(3)?.parse().ok()?;
            Some((name.to_owned(), offset, len))
        })
        .collect();
    assert_eq!(rows.len(), OBSERVATION_FIELDS.len(), "{rows:?}");
    for ((name, offset, len), (field, field_len)) in rows.iter().zip(OBSERVATION_FIELDS) {
        assert_eq!(name, field);
        assert_eq!(*len, field_len, "{name}");
        assert_eq!(
            observation_field(name).map(|r| r.start),
            Some(*offset),
            "{name}"
        );
    }
    assert!(doc.contains(&format!("**{OBSERVATION_LEN}**")));
}
