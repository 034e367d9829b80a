//! Hand-written argument parsing: `--flag value`, `--flag=value` and bare switches.

use std::str::FromStr;

use crate::CliError;

/// One parsed flag: its name and its value (`None` for a switch).
#[derive(Debug)]
pub(crate) struct Flag {
    pub(crate) name: String,
    pub(crate) value: Option<String>,
}

/// Splits `args` into flags. `with_value` lists the flags that take a value, `switches`
/// the ones that do not; anything else is a usage error. `-h`/`--help` come back as the
/// flag `--help`.
pub(crate) fn flags(
    args: &[String],
    with_value: &[&str],
    switches: &[&str],
) -> Result<Vec<Flag>, CliError> {
    let mut out = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg == "-h" || arg == "--help" {
            out.push(Flag {
                name: "--help".to_owned(),
                value: None,
            });
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value.to_owned())),
            _ => (arg.as_str(), None),
        };
        if with_value.contains(&name) {
            let value = match inline {
                Some(value) => value,
                None => iter
                    .next()
                    .cloned()
                    .ok_or_else(|| CliError::Usage(format!("{name} needs a value")))?,
            };
            out.push(Flag {
                name: name.to_owned(),
                value: Some(value),
            });
        } else if switches.contains(&name) {
            if inline.is_some() {
                return Err(CliError::Usage(format!("{name} takes no value")));
            }
            out.push(Flag {
                name: name.to_owned(),
                value: None,
            });
        } else {
            return Err(CliError::Usage(format!("unknown argument {arg:?}")));
        }
    }
    Ok(out)
}

/// Parses a flag's value as a number in `range`, or explains what was expected.
pub(crate) fn number<T>(flag: &Flag, range: std::ops::RangeInclusive<T>) -> Result<T, CliError>
where
    T: FromStr + PartialOrd + std::fmt::Display,
{
    let text = flag.value.as_deref().unwrap_or_default();
    match text.trim().parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(CliError::Usage(format!(
            "{} must be a whole number from {} to {}, not {text:?}",
            flag.name,
            range.start(),
            range.end()
        ))),
    }
}

/// The value of a flag that takes one.
pub(crate) fn text(flag: &Flag) -> &str {
    flag.value.as_deref().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn values_switches_and_errors() {
        let parsed = flags(
            &strings("--players=5 --watch --seed 9"),
            &["--players", "--seed"],
            &["--watch"],
        )
        .unwrap();
        let names: Vec<_> = parsed
            .iter()
            .map(|f| (f.name.as_str(), f.value.as_deref()))
            .collect();
        assert_eq!(
            names,
            [
                ("--players", Some("5")),
                ("--watch", None),
                ("--seed", Some("9"))
            ]
        );
        assert_eq!(number::<u8>(&parsed[0], 3..=6).unwrap(), 5);
        assert!(number::<u8>(&parsed[2], 3..=6).is_err());
        for bad in ["--players", "--watch=1", "--frob", "play"] {
            assert!(
                matches!(
                    flags(&strings(bad), &["--players"], &["--watch"]),
                    Err(CliError::Usage(_))
                ),
                "{bad}"
            );
        }
    }
}
