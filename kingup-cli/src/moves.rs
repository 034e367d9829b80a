//! Reading a player's typed input: moves in readable forms, and the prompt's commands.

use kingup_core::{Action, Character, Floor, Vote};

use crate::args::excerpt;

/// What a line of input asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Input {
    /// A move, to be checked by the engine.
    Move(Action),
    /// `help`: how to type moves.
    Help,
    /// `legal`: list the legal moves.
    Legal,
    /// `board`: draw the screen again.
    Board,
    /// `log`: what happened so far.
    Log,
    /// `quit`: leave the game.
    Quit,
    /// An empty line.
    Nothing,
}

/// Parses a line. Placement: `B4`, `b 4`, `beatrice 4`, `place B 4`, `place beatrice on 4`,
/// `B dignitaries`. Climb: `F`, `fiorello`, `climb F`. Vote: `yes`, `no`, `y`, `n`,
/// `vote no`. Characters are letters or names (case-insensitive); numbers are floors.
/// `n` is a No vote while `voting`, and Natale otherwise.
pub(crate) fn parse(line: &str, voting: bool) -> Result<Input, String> {
    let lower = line.trim().to_ascii_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    match words.as_slice() {
        [] => return Ok(Input::Nothing),
        ["help" | "h" | "?"] => return Ok(Input::Help),
        ["legal" | "moves"] => return Ok(Input::Legal),
        ["board" | "castle" | "show"] => return Ok(Input::Board),
        ["log" | "history"] => return Ok(Input::Log),
        ["quit" | "exit" | "q"] => return Ok(Input::Quit),
        _ => {}
    }
    // Drop the verbs and fillers: what is left names a vote, or a character and a floor.
    let (verb, rest): (Option<&str>, Vec<&str>) = match words.split_first() {
        Some((&first, rest))
            if ["place", "put", "climb", "up", "move", "vote"].contains(&first) =>
        {
            (Some(first), rest.to_vec())
        }
        _ => (None, words.clone()),
    };
    let rest: Vec<&str> = rest
        .into_iter()
        .filter(|w| !["on", "to", "floor", "the"].contains(w))
        .collect();
    if let [word] = rest.as_slice() {
        let meant = verb == Some("vote") || (verb.is_none() && (voting || *word != "n"));
        if let Some(vote) = vote(word).filter(|_| meant) {
            return Ok(Input::Move(Action::Vote(vote)));
        }
    }
    if verb == Some("vote") {
        return Err(format!("{}: a vote is `yes` or `no`", excerpt(line.trim())));
    }
    let (character, floor) = match rest.as_slice() {
        [word] => split_glued(word).map_err(|e| {
            // A word that is neither a move nor a command: say what moves look like.
            if word.chars().any(|c| c.is_ascii_digit()) || word.chars().count() == 1 {
                e
            } else {
                not_understood(line)
            }
        })?,
        [c, f] => (character(c)?, Some(floor(f)?)),
        _ => return Err(not_understood(line)),
    };
    match (verb, floor) {
        (Some("climb" | "up" | "move"), Some(_)) => Err(format!(
            "{}: a climb moves a character up exactly one floor; type just the \
             character, e.g. `climb {}`",
            excerpt(line.trim()),
            character.letter()
        )),
        (_, Some(floor)) => Ok(Input::Move(Action::Place { character, floor })),
        (Some("place" | "put"), None) => Err(format!(
            "{}: say which floor (1 to 4), e.g. `place {} 4`",
            excerpt(line.trim()),
            character.letter()
        )),
        (_, None) => Ok(Input::Move(Action::Climb { character })),
    }
}

fn vote(word: &str) -> Option<Vote> {
    match word {
        "yes" | "y" | "si" | "sì" | "oui" => Some(Vote::Yes),
        "no" | "n" | "non" => Some(Vote::No),
        _ => None,
    }
}

/// `b4`, `beatrice4` or just `b`/`beatrice`.
fn split_glued(word: &str) -> Result<(Character, Option<Floor>), String> {
    let digits = word.len() - word.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let (name, number) = word.split_at(word.len() - digits);
    if name.is_empty() {
        // The example keeps a floor 1-4 as typed; anything longer is not one.
        let floor = if word.len() == 1 { word } else { "4" };
        return Err(format!(
            "{} is only a floor: name a character too, e.g. `B{floor}`",
            excerpt(word)
        ));
    }
    // The character first: in `Z9` the letter is the first thing wrong.
    let character = character(name)?;
    let floor = if number.is_empty() {
        None
    } else {
        Some(self::floor(number)?)
    };
    Ok((character, floor))
}

/// A character by letter or name (not by id: numbers are floors here).
fn character(word: &str) -> Result<Character, String> {
    let by_name = |w: &str| {
        Character::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(w))
    };
    let mut chars = word.chars();
    let letter = match (chars.next(), chars.next()) {
        (Some(c), None) => Character::from_letter(c),
        _ => None,
    };
    letter.or_else(|| by_name(word)).ok_or_else(|| {
        format!(
            "{} is not a character: use a letter (A B C D E F G I L M N O P) or a name",
            excerpt(word)
        )
    })
}

/// A floor by number 0–6 or by name.
fn floor(word: &str) -> Result<Floor, String> {
    let by_number = word.parse::<usize>().ok().and_then(Floor::from_index);
    let by_name = || {
        Floor::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(word))
    };
    by_number.or_else(by_name).ok_or_else(|| {
        format!(
            "{} is not a floor: floors are numbered 0 to 6",
            excerpt(word)
        )
    })
}

fn not_understood(line: &str) -> String {
    format!(
        "{} is not a move: type e.g. `B4` to place, `F` to climb, `yes`/`no` to vote, \
         `legal` for your moves or `help`",
        excerpt(line.trim())
    )
}

/// How a legal action is typed at the prompt, e.g. `B4`, `F`, `yes`.
pub(crate) fn typed(action: Action) -> String {
    match action {
        Action::Place { character, floor } => format!("{}{}", character.letter(), floor.index()),
        Action::Climb { character } => character.letter().to_string(),
        Action::Vote(Vote::Yes) => "yes".to_owned(),
        Action::Vote(Vote::No) => "no".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(line: &str) -> Action {
        match parse(line, true) {
            Ok(Input::Move(action)) => action,
            other => panic!("{line:?} gave {other:?}"),
        }
    }

    #[test]
    fn readable_moves() {
        let place = Action::Place {
            character: Character::Beatrice,
            floor: Floor::Dignitaries,
        };
        for line in [
            "B4",
            "b4",
            " b 4 ",
            "beatrice 4",
            "Beatrice4",
            "place B 4",
            "place beatrice on 4",
            "put b on floor 4",
            "B dignitaries",
        ] {
            assert_eq!(mv(line), place, "{line}");
        }
        let climb = Action::Climb {
            character: Character::Fiorello,
        };
        for line in ["F", "f", "fiorello", "climb F", "up fiorello", "move f"] {
            assert_eq!(mv(line), climb, "{line}");
        }
        for (line, vote) in [
            ("yes", Vote::Yes),
            ("Y", Vote::Yes),
            ("vote yes", Vote::Yes),
            ("no", Vote::No),
            ("n", Vote::No),
            ("vote n", Vote::No),
        ] {
            assert_eq!(mv(line), Action::Vote(vote), "{line}");
        }
        // Floor 0 parses; the engine gives the reason it is refused.
        assert_eq!(
            mv("B0"),
            Action::Place {
                character: Character::Beatrice,
                floor: Floor::Servants
            }
        );
    }

    #[test]
    fn commands_and_mistakes() {
        assert_eq!(parse("help", false), Ok(Input::Help));
        assert_eq!(parse("LEGAL", false), Ok(Input::Legal));
        assert_eq!(parse("log", true), Ok(Input::Log));
        assert_eq!(parse("quit", true), Ok(Input::Quit));
        assert_eq!(parse("   ", false), Ok(Input::Nothing));
        let natale = Action::Climb {
            character: Character::Natale,
        };
        assert_eq!(parse("n", false), Ok(Input::Move(natale)));
        assert_eq!(parse("n", true), Ok(Input::Move(Action::Vote(Vote::No))));
        assert_eq!(parse("climb n", true), Ok(Input::Move(natale)));
        for bad in [
            "xyzzy",
            "H4",
            "B9",
            "4",
            "place B",
            "climb F 3",
            "vote maybe",
            "B 4 5",
        ] {
            assert!(parse(bad, false).is_err(), "{bad}");
        }
        // Each mistake is named: the character before the floor.
        for (bad, says) in [
            ("Z9", "\"z\" is not a character"),
            ("Z 9", "\"z\" is not a character"),
            ("B9", "\"9\" is not a floor"),
            ("place Z9", "\"z\" is not a character"),
        ] {
            let message = parse(bad, false).unwrap_err();
            assert!(message.starts_with(says), "{bad}: {message}");
        }
        // Whatever is typed, a message quotes at most 40 characters of it.
        let long = "x".repeat(100_000);
        for line in [
            long.clone(),
            format!("vote {long}"),
            format!("place {long}"),
            format!("B {long}"),
        ] {
            let message = parse(&line, false).unwrap_err();
            assert!(
                message.len() < 300 && !message.contains(&"x".repeat(41)),
                "{message}"
            );
        }
        for action in (0..Action::COUNT).map(|i| Action::from_index(i).unwrap()) {
            let voting = matches!(action, Action::Vote(_));
            assert_eq!(parse(&typed(action), voting), Ok(Input::Move(action)));
        }
    }
}
