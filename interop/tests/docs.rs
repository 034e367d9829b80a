//! The documentation's promises agree with the code: the random stream's test vectors, the
//! save document, the observation layout.

use std::path::Path;

use kingup_core::rand_core::Rng;
use kingup_core::{Generator, OBSERVATION_FIELDS, OBSERVATION_LEN, observation_field};

fn doc(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs")
        .join(name);
    std::fs::read_to_string(path).expect("the docs are in the repository")
}

#[test]
fn the_generator_test_vectors_in_sessions_md_are_the_generators() {
    let text = doc("sessions.md");
    let rows: Vec<Vec<String>> = text
        .lines()
        .skip_while(|l| !l.starts_with("### Test vectors"))
        .take_while(|l| !l.starts_with("The table is checked"))
        .filter(|l| l.starts_with("| "))
        .map(|l| {
            l.split('|')
                .map(|c| c.trim().replace('`', ""))
                .collect::<Vec<_>>()
        })
        .filter(|cells| cells[1].parse::<u64>().is_ok())
        .collect();
    assert_eq!(rows.len(), 4, "{rows:?}");
    for row in rows {
        let seed: u64 = row[1].parse().unwrap();
        let mut g = Generator::new(seed);
        assert_eq!(row[2], g.state_hex().to_string(), "seed {seed}");
        let outputs: Vec<String> = (0..4).map(|_| format!("0x{:016x}", g.next_u64())).collect();
        assert_eq!(row[3], outputs.join(" "), "seed {seed}");
        let mut g = Generator::new(seed);
        let draws: Vec<String> = [6, 6, 26, 2, 13, 52]
            .iter()
            .map(|&n| g.below(n).to_string())
            .collect();
        assert_eq!(row[4], draws.join(" "), "seed {seed}");
    }
}

#[test]
fn the_save_document_shown_in_sessions_md_is_the_scenarios() {
    let text = doc("sessions.md");
    let expected = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("expected/5p-opening.save.json"),
    )
    .unwrap();
    let save: serde_json::Value = serde_json::from_str(&expected).unwrap();
    // The doc shows every field but the deck whole.
    for field in ["generator", "chance"] {
        assert!(text.contains(save[field].as_str().unwrap()), "{field}");
    }
    let steps: Vec<String> = save["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| format!("\"{}\"", s.as_str().unwrap()))
        .collect();
    assert!(text.contains(&steps.join(",")), "the steps");
}

#[test]
fn observation_table_matches_the_layout() {
    let doc = doc("observation.md");
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
