//! docs/parity.md stays true: every ✓ names a file of the repository that holds the named
//! test, and every other cell says in words why the feature does not apply.

use std::path::Path;

#[test]
fn every_check_in_the_parity_table_names_a_test_that_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let text = std::fs::read_to_string(root.join("docs/parity.md")).expect("the table exists");
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| feature") && !l.starts_with("|---"))
        .map(|l| l.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect();
    assert!(rows.len() >= 20, "{} rows", rows.len());
    let (mut checks, mut reasons) = (0, 0);
    for row in &rows {
        assert_eq!(row.len(), 8, "feature, game and six front ends: {row:?}");
        assert!(["King Up!", "court"].contains(&row[1]), "{row:?}");
        for cell in &row[2..] {
            if let Some(named) = cell.strip_prefix("✓ ") {
                let parts: Vec<&str> = named.split('`').filter(|p| !p.trim().is_empty()).collect();
                let [file, test] = parts[..] else {
                    panic!("a ✓ names `file` `test`: {cell}");
                };
                let source = std::fs::read_to_string(root.join(file))
                    .unwrap_or_else(|e| panic!("{file} (named in docs/parity.md): {e}"));
                assert!(source.contains(test), "{file} holds no {test}");
                checks += 1;
            } else {
                let reason = cell
                    .strip_prefix("— ")
                    .unwrap_or_else(|| panic!("{cell:?}"));
                assert!(
                    reason.split_whitespace().count() >= 3,
                    "a reason in words: {cell}"
                );
                reasons += 1;
            }
        }
    }
    assert!(
        checks > 60 && reasons > 0,
        "{checks} checks, {reasons} reasons"
    );
}
