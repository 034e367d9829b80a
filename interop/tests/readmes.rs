//! Every Rust block of every README compiles as a user's program would: in a crate of its
//! own outside the workspace, with exactly the dependency lines the README gives (its
//! `[dependencies]` block, versions turned into paths to this clone), nothing more. And
//! each reads as a whole program on a forge: no rustdoc hidden lines, no `cfg` gates.
//! (Doctests run the same blocks, but through the crates' own dev-dependencies, whose
//! features a user would not have.)

use std::path::{Path, PathBuf};
use std::process::Command;

/// The READMEs with Rust blocks, and the scratch crate each is checked in.
const READMES: [(&str, &str); 5] = [
    ("README.md", "root"),
    ("kingup-core/README.md", "core"),
    ("kingup-bots/README.md", "bots"),
    ("kingup-court/README.md", "court"),
    ("kingup-table/README.md", "table"),
];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .unwrap()
}

/// The fenced blocks of `lang` in `text`, each as its lines.
fn blocks(text: &str, lang: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut current: Option<Vec<String>> = None;
    for line in text.lines() {
        match &mut current {
            None if line == format!("```{lang}") => current = Some(Vec::new()),
            Some(lines) if line == "```" => found.push(std::mem::take(lines)),
            Some(lines) => lines.push(line.to_owned()),
            None => {}
        }
        if current.as_ref().is_some_and(|_| line == "```") {
            current = None;
        }
    }
    found
}

/// The README's dependency lines (its `[dependencies]` block, comments left out), each
/// `name = "0.1"` or `name = { version = "0.1", ... }` made to point at this clone.
fn dependencies(readme: &str, text: &str) -> Vec<String> {
    let tables: Vec<Vec<String>> = blocks(text, "toml")
        .into_iter()
        .filter(|b| b.first().is_some_and(|l| l == "[dependencies]"))
        .collect();
    assert_eq!(tables.len(), 1, "{readme}: one [dependencies] block");
    let root = root();
    tables[0][1..]
        .iter()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (name, value) = line.split_once(" = ").expect("name = value");
            assert!(name.starts_with("kingup-"), "{readme}: {line}");
            let path = format!("path = {:?}", root.join(name).display().to_string());
            match value.strip_prefix('"') {
                Some(_) => format!("{name} = {{ {path} }}"),
                None => {
                    let (version, rest) = value.split_once(", ").unwrap_or((value, "}"));
                    assert!(version.starts_with("{ version = "), "{readme}: {line}");
                    format!("{name} = {{ {path}, {rest}")
                }
            }
        })
        .collect()
}

#[test]
fn readme_rust_blocks_are_whole_programs() {
    for (readme, _) in READMES {
        let text = std::fs::read_to_string(root().join(readme)).unwrap();
        let rust = blocks(&text, "rust");
        assert!(!rust.is_empty(), "{readme} has no Rust block");
        for block in rust {
            for line in &block {
                let hidden = line == "#" || line.starts_with("# ");
                assert!(!hidden, "{readme}: a rustdoc hidden line: {line}");
                assert!(!line.contains("cfg("), "{readme}: a cfg gate: {line}");
            }
            assert!(
                block.iter().any(|l| l.starts_with("fn main()")),
                "{readme}: no fn main"
            );
        }
    }
}

#[test]
fn readme_rust_blocks_compile_with_the_readmes_own_dependency_lines() {
    let root = root();
    let scratch = root.join("target/readme-crates");
    for (readme, name) in READMES {
        let text = std::fs::read_to_string(root.join(readme)).unwrap();
        let krate = scratch.join(name);
        let bins = krate.join("src/bin");
        let _ = std::fs::remove_dir_all(&bins);
        std::fs::create_dir_all(&bins).unwrap();
        // Outside the workspace: a `[workspace]` of its own.
        let manifest = format!(
            "[package]\nname = \"readme-{name}\"\nversion = \"0.0.0\"\nedition = \"2024\"\n\
             publish = false\n\n[workspace]\n\n[dependencies]\n{}\n",
            dependencies(readme, &text).join("\n")
        );
        std::fs::write(krate.join("Cargo.toml"), manifest).unwrap();
        // The workspace's lock: the same versions, resolved without the network.
        std::fs::copy(root.join("Cargo.lock"), krate.join("Cargo.lock")).unwrap();
        for (i, block) in blocks(&text, "rust").iter().enumerate() {
            std::fs::write(bins.join(format!("block{i}.rs")), block.join("\n") + "\n").unwrap();
        }
        let output = Command::new(env!("CARGO"))
            .args(["check", "--quiet", "--offline", "--bins", "--manifest-path"])
            .arg(krate.join("Cargo.toml"))
            .env("CARGO_TARGET_DIR", scratch.join("target"))
            .env_remove("RUSTFLAGS")
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{readme}'s Rust blocks do not compile with its dependency lines:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
