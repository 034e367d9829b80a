//! Hand-written argument parsing: `--flag value`, `--flag=value` and bare switches.
//!
//! Arguments are operating-system strings: a flag's name must be UTF-8, a value need not be
//! until it is read as text ([`text`]), so a file name may be any bytes ([`path`]). Every
//! problem is a [`CliError::Usage`] naming the argument, quoted by [`excerpt`].

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;
use std::str::FromStr;

use crate::CliError;

/// One parsed flag: its name and its value (`None` for a switch).
#[derive(Debug)]
pub(crate) struct Flag {
    pub(crate) name: String,
    pub(crate) value: Option<OsString>,
}

/// Characters of an argument or a typed line a message quotes at most.
const QUOTE_MAX: usize = 40;

/// `text` quoted for a message, cut to its first 40 characters with "…" when longer: the
/// one way the command line quotes what it was given, so a huge argument or line never
/// comes back whole.
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(QUOTE_MAX) {
        Some((end, _)) => format!("{:?}", format!("{}…", &text[..end])),
        None => format!("{text:?}"),
    }
}

/// The usage error for an argument that is not UTF-8 where text is needed.
pub(crate) fn not_utf8(what: &str, arg: &OsStr) -> CliError {
    CliError::Usage(format!(
        "{what} {} is not valid UTF-8",
        excerpt(&arg.to_string_lossy())
    ))
}

/// The operating-system string of `bytes`, a piece of an argument cut at an ASCII `=`.
#[cfg(unix)]
fn os_string(bytes: &[u8]) -> Option<OsString> {
    use std::os::unix::ffi::OsStrExt as _;
    Some(OsStr::from_bytes(bytes).to_owned())
}

/// The operating-system string of `bytes`, a piece of an argument cut at an ASCII `=`
/// (elsewhere than Unix, only UTF-8 pieces are rebuilt safely).
#[cfg(not(unix))]
fn os_string(bytes: &[u8]) -> Option<OsString> {
    std::str::from_utf8(bytes).ok().map(OsString::from)
}

/// Splits `args` into flags. `with_value` lists the flags that take a value, `switches`
/// the ones that do not; anything else is a usage error. `-h`/`--help` come back as the
/// flag `--help`.
pub(crate) fn flags(
    args: &[OsString],
    with_value: &[&str],
    switches: &[&str],
) -> Result<Vec<Flag>, CliError> {
    let mut out = Vec::new();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        // `--name=value`: the name is what comes before the first `=`.
        let bytes = arg.as_encoded_bytes();
        let (name, inline) = match bytes.iter().position(|&b| b == b'=') {
            Some(eq) if bytes.starts_with(b"--") => {
                let value = os_string(&bytes[eq + 1..]).ok_or_else(|| not_utf8("argument", arg))?;
                (&bytes[..eq], Some(value))
            }
            _ => (bytes, None),
        };
        let name = std::str::from_utf8(name).map_err(|_| not_utf8("argument", arg))?;
        if name == "-h" || name == "--help" {
            out.push(Flag {
                name: "--help".to_owned(),
                value: None,
            });
            continue;
        }
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
            let arg = arg.to_string_lossy();
            return Err(CliError::Usage(format!(
                "unknown argument {}",
                excerpt(&arg)
            )));
        }
    }
    Ok(out)
}

/// Parses a flag's value as a number in `range`, or explains what was expected. Strict:
/// decimal digits only, as the number is shown (`7`; not `+7`, ` 7`, `07` or `0x7`).
pub(crate) fn number<T>(flag: &Flag, range: std::ops::RangeInclusive<T>) -> Result<T, CliError>
where
    T: FromStr + PartialOrd + std::fmt::Display,
{
    let text = text(flag)?;
    let digits = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    let spelling = if digits {
        ""
    } else {
        " in decimal digits (no sign, spaces or leading zeros)"
    };
    match text.parse::<T>() {
        Ok(n) if digits && range.contains(&n) => Ok(n),
        _ => Err(CliError::Usage(format!(
            "{} must be a whole number from {} to {}{spelling}, not {}",
            flag.name,
            range.start(),
            range.end(),
            excerpt(text)
        ))),
    }
}

/// The value of a flag that takes one, as text.
pub(crate) fn text(flag: &Flag) -> Result<&str, CliError> {
    let value = flag.value.as_deref().unwrap_or_default();
    value.to_str().ok_or_else(|| not_utf8(&flag.name, value))
}

/// The value of a flag that takes a file name: any operating-system string.
pub(crate) fn path(flag: &Flag) -> PathBuf {
    PathBuf::from(flag.value.clone().unwrap_or_default())
}

/// The game a command serves (`--game`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GameName {
    KingUp,
    Court,
}

/// The `--game NAME` (or `--game=NAME`) of `args` — `king-up` (the default) or `court` —
/// and the other arguments, in order.
pub(crate) fn game_flag(args: &[OsString]) -> Result<(GameName, Vec<OsString>), CliError> {
    let mut rest = Vec::with_capacity(args.len());
    let mut game = None;
    let mut words = args.iter();
    while let Some(arg) = words.next() {
        let name = match arg.to_str() {
            Some("--game") => words.next().cloned().unwrap_or_default(),
            Some(text) if text.starts_with("--game=") => OsString::from(&text["--game=".len()..]),
            _ => {
                rest.push(arg.clone());
                continue;
            }
        };
        let parsed = match name.to_str().map(str::to_ascii_lowercase).as_deref() {
            Some("king-up" | "kingup") => GameName::KingUp,
            Some("court") => GameName::Court,
            _ => {
                return Err(CliError::Usage(format!(
                    "--game must be king-up or court, not {}",
                    excerpt(&name.to_string_lossy())
                )));
            }
        };
        if game.replace(parsed).is_some() {
            return Err(CliError::Usage("--game is given twice".to_owned()));
        }
    }
    Ok((game.unwrap_or(GameName::KingUp), rest))
}

/// The words of `text` as arguments, for tests.
#[cfg(test)]
pub(crate) fn strings(text: &str) -> Vec<OsString> {
    text.split_whitespace().map(OsString::from).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_flag_picks_the_game_and_leaves_the_rest() {
        let (game, rest) = game_flag(&strings("--deals 3 --game court --seed 2")).unwrap();
        assert_eq!(
            (game, rest),
            (GameName::Court, strings("--deals 3 --seed 2"))
        );
        let (game, rest) = game_flag(&strings("--game=king-up --players 3")).unwrap();
        assert_eq!((game, rest), (GameName::KingUp, strings("--players 3")));
        assert_eq!(
            game_flag(&strings("--players 3")).unwrap().0,
            GameName::KingUp
        );
        for bad in ["--game chess", "--game", "--game court --game court"] {
            assert!(game_flag(&strings(bad)).is_err(), "{bad}");
        }
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
                ("--players", Some(OsStr::new("5"))),
                ("--watch", None),
                ("--seed", Some(OsStr::new("9")))
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

    #[test]
    fn numbers_are_read_in_their_one_spelling() {
        let flag = |value: &str| Flag {
            name: "--seed".to_owned(),
            value: Some(OsString::from(value)),
        };
        assert_eq!(number::<u64>(&flag("5"), 0..=u64::MAX).unwrap(), 5);
        assert_eq!(number::<u64>(&flag("0"), 0..=u64::MAX).unwrap(), 0);
        let max = u64::MAX.to_string();
        assert_eq!(number::<u64>(&flag(&max), 0..=u64::MAX).unwrap(), u64::MAX);
        let Err(CliError::Usage(message)) = number::<u64>(&flag("18446744073709551616"), 0..=9)
        else {
            panic!("2**64 is no seed");
        };
        assert_eq!(
            message,
            "--seed must be a whole number from 0 to 9, not \"18446744073709551616\""
        );
        for bad in ["+5", " 5", "5 ", "05", "0x5", "5e0", "-0", ""] {
            let Err(CliError::Usage(message)) = number::<u64>(&flag(bad), 0..=u64::MAX) else {
                panic!("{bad:?} is no seed");
            };
            assert_eq!(
                message,
                format!(
                    "--seed must be a whole number from 0 to {max} in decimal digits (no sign, \
                     spaces or leading zeros), not {bad:?}"
                )
            );
        }
    }

    #[test]
    fn quotes_are_cut_to_40_characters() {
        assert_eq!(excerpt("B44"), "\"B44\"");
        let long = "x".repeat(100_000);
        assert_eq!(excerpt(&long), format!("\"{}…\"", "x".repeat(40)));
        let Err(CliError::Usage(message)) = flags(&[OsString::from(&long)], &[], &[]) else {
            panic!("an unknown argument is a usage error");
        };
        assert_eq!(message, format!("unknown argument \"{}…\"", "x".repeat(40)));
    }

    #[cfg(unix)]
    #[test]
    fn values_need_not_be_utf8_until_read_as_text() {
        use std::os::unix::ffi::OsStrExt as _;
        let odd = |bytes: &[u8]| OsStr::from_bytes(bytes).to_owned();
        let args = [
            OsString::from("--save"),
            odd(b"caf\xe9.json"),
            odd(b"--load=\xff.json"),
            OsString::from("--players"),
            odd(b"\xff"),
        ];
        let parsed = flags(&args, &["--save", "--load", "--players"], &[]).unwrap();
        assert_eq!(path(&parsed[0]).as_os_str(), odd(b"caf\xe9.json"));
        assert_eq!(path(&parsed[1]).as_os_str(), odd(b"\xff.json"));
        let Err(CliError::Usage(message)) = number::<u8>(&parsed[2], 3..=6) else {
            panic!("a number must be text");
        };
        assert_eq!(message, "--players \"\u{FFFD}\" is not valid UTF-8");
        // A flag's name must be text.
        let Err(CliError::Usage(message)) = flags(&[odd(b"--pl\xffyers")], &["--players"], &[])
        else {
            panic!("a name must be text");
        };
        assert_eq!(message, "argument \"--pl\u{FFFD}yers\" is not valid UTF-8");
    }
}
