//! Positions and views read from JSON: states from play and edited copies of them, judged
//! by the reachability search and checked by replaying the history it returns.

use arbitrary::{Result, Unstructured};
use kingup_core::{
    Actor, CardId, ChanceStep, Character, FirstPlayer, Floor, Game, InvalidState, Phase,
    PlayerView, PublicView, Seat, SeatSet, Snapshot, Vote,
};

use crate::engine::config;
use crate::history;

/// Plays arbitrary legal steps, then checks that the state and every view of it are
/// accepted (or the search gives up), and that a snapshot, a seat's view and the public
/// view, each with a few arbitrary edits and read back from JSON, are either refused or
/// reached by the history the search returns. Nothing may panic.
pub fn positions(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(config) = config(&mut u) else { return };
    let mut game = Game::new(config).expect("generated configs are valid");
    let steps = u.int_in_range(0..=400).unwrap_or(0);
    for _ in 0..steps {
        if play(&mut u, &mut game).is_err() {
            break;
        }
    }
    history::from_play(&game);
    let Ok(viewer) = u.int_in_range(0..=game.players() - 1) else {
        return;
    };
    let viewer = Seat::new(viewer).expect("a seat that plays");
    views_from_play(&game, viewer);
    let _ = edited_snapshot(&mut u, &game);
    let _ = edited_views(&mut u, &game, viewer);
}

/// One step: a listed chance outcome or a legal action, picked by the fuzzer.
fn play(u: &mut Unstructured<'_>, game: &mut Game) -> Result<()> {
    let seat = match game.actor() {
        Actor::Chance => {
            let (outcome, _) = *u.choose(&game.chance_outcomes())?;
            game.apply_chance(outcome).expect("listed outcomes apply");
            return Ok(());
        }
        Actor::Seat(seat) => seat,
        Actor::Voters(seats) => *u.choose(&seats.iter().collect::<Vec<_>>())?,
        Actor::Nobody => return Err(arbitrary::Error::IncorrectFormat),
    };
    let action = *u.choose(&game.legal_actions(seat))?;
    game.apply(seat, action).expect("listed actions apply");
    Ok(())
}

/// The public view and `viewer`'s view of a state from play are accepted, or the search
/// gives up.
fn views_from_play(game: &Game, viewer: Seat) {
    let decided = |result: std::result::Result<(), InvalidState>, whose: &str| match result {
        Ok(()) | Err(InvalidState::Undecided) => {}
        Err(error) => panic!("{whose} view of a state from play was refused: {error}"),
    };
    decided(game.public_view().validate(), "the public");
    decided(game.player_view(viewer).validate(), "a seat's");
}

/// A snapshot with arbitrary edits, written as JSON and read back as a `Snapshot` and as a
/// `Game`: both readings agree, and an accepted state is reached by its history.
fn edited_snapshot(u: &mut Unstructured<'_>, game: &Game) -> Result<()> {
    let mut snapshot = game.snapshot();
    for _ in 0..u.int_in_range(1..=3)? {
        edit_snapshot(u, &mut snapshot)?;
    }
    let text = serde_json::to_string(&snapshot).expect("a snapshot serializes");
    let Ok(read) = serde_json::from_str::<Snapshot>(&text) else {
        assert!(serde_json::from_str::<Game>(&text).is_err());
        return Ok(());
    };
    assert_eq!(read, snapshot, "a snapshot reads back as written");
    let judged = history::snapshot(&read);
    let as_game = serde_json::from_str::<Game>(&text);
    assert_eq!(
        as_game.ok(),
        judged.ok(),
        "Game and Snapshot readings agree"
    );
    Ok(())
}

/// A seat's view and the public view with arbitrary edits, read back from JSON: an
/// accepted one is shown by the game its history reaches.
fn edited_views(u: &mut Unstructured<'_>, game: &Game, viewer: Seat) -> Result<()> {
    let mut view = game.player_view(viewer);
    for _ in 0..u.int_in_range(1..=3)? {
        match u.int_in_range(0..=3)? {
            0 => view.seat = seat(u)?,
            1 => view.objective_card = card(u)?,
            2 => {
                view.vote = u
                    .choose(&[None, Some(Vote::Yes), Some(Vote::No)])
                    .copied()?;
            }
            _ => edit_public(u, &mut view.public)?,
        }
    }
    let text = serde_json::to_string(&view).expect("a view serializes");
    if let Ok(read) = serde_json::from_str::<PlayerView>(&text) {
        assert_eq!(read, view, "a view reads back as written");
        history::player_view(&read);
    }
    let mut public = game.public_view();
    for _ in 0..u.int_in_range(1..=3)? {
        edit_public(u, &mut public)?;
    }
    let text = serde_json::to_string(&public).expect("a view serializes");
    if let Ok(read) = serde_json::from_str::<PublicView>(&text) {
        assert_eq!(read, public, "a view reads back as written");
        history::public_view(&read);
    }
    Ok(())
}

/// One edit of one field of a snapshot.
fn edit_snapshot(u: &mut Unstructured<'_>, s: &mut Snapshot) -> Result<()> {
    match u.int_in_range(0..=12)? {
        0 => s.round = u.int_in_range(0..=3)?,
        1 => s.phase = phase(u)?,
        2 => move_character(u, &mut s.castle)?,
        3 => s.first_player = u.arbitrary::<bool>()?.then(|| seat(u)).transpose()?,
        4 => s.to_move = seat(u)?,
        5 => s.crown = u.arbitrary::<bool>()?.then(|| seat(u)).transpose()?,
        6 => s.voted = seats(u)?,
        7 => s.voted_no = seats(u)?,
        8 => s.movers[character(u)?.index()] = seats(u)?,
        9 => s.no_votes[character(u)?.index()] = seats(u)?,
        10 => s.objectives[u.int_in_range(0..=2)?][seat(u)?.index()] = card(u)?,
        11 => s.scores[u.int_in_range(0..=2)?][seat(u)?.index()] = u.int_in_range(0..=40)?,
        _ => match u.int_in_range(0..=2)? {
            0 => s.config.players = u.int_in_range(2..=7)?,
            1 => s.config.rounds = u.int_in_range(0..=4)?,
            _ => {
                s.config.first_player = match u.arbitrary::<bool>()? {
                    true => FirstPlayer::Random,
                    false => FirstPlayer::Seat(seat(u)?),
                }
            }
        },
    }
    Ok(())
}

/// One edit of one field of a public view.
fn edit_public(u: &mut Unstructured<'_>, v: &mut PublicView) -> Result<()> {
    match u.int_in_range(0..=13)? {
        0 => v.round = u.int_in_range(0..=3)?,
        1 => v.phase = phase(u)?,
        2 => {
            v.actor = match u.int_in_range(0..=3)? {
                0 => Actor::Chance,
                1 => Actor::Seat(seat(u)?),
                2 => Actor::Voters(seats(u)?),
                _ => Actor::Nobody,
            }
        }
        3 => {
            v.chance_step = match u.int_in_range(0..=3)? {
                0 => None,
                1 => Some(ChanceStep::FirstPlayer),
                2 => Some(ChanceStep::Deal(seat(u)?)),
                _ => Some(ChanceStep::Layout(character(u)?)),
            }
        }
        4 => move_character(u, &mut v.castle)?,
        5 => v.first_player = u.arbitrary::<bool>()?.then(|| seat(u)).transpose()?,
        6 => v.crown = u.arbitrary::<bool>()?.then(|| seat(u)).transpose()?,
        7 => v.voted = seats(u)?,
        8 => v.dealt = seats(u)?,
        9 => v.movers[character(u)?.index()] = seats(u)?,
        10 => v.no_votes[character(u)?.index()] = seats(u)?,
        11 => v.revealed[u.int_in_range(0..=2)?][seat(u)?.index()] = card(u)?,
        12 => v.scores[u.int_in_range(0..=2)?][seat(u)?.index()] = u.int_in_range(0..=40)?,
        _ => v.rounds_scored = u.int_in_range(0..=4)?,
    }
    Ok(())
}

/// Puts a character on a floor, or eliminates it.
fn move_character(u: &mut Unstructured<'_>, castle: &mut kingup_core::Castle) -> Result<()> {
    let character = character(u)?;
    match Floor::from_index(u.int_in_range(0..=Floor::COUNT)?) {
        Some(floor) => castle.put(character, floor),
        None => castle.eliminate(character),
    }
    Ok(())
}

fn phase(u: &mut Unstructured<'_>) -> Result<Phase> {
    u.choose(&[
        Phase::Setup,
        Phase::Placement,
        Phase::Climb,
        Phase::Vote,
        Phase::Score,
        Phase::GameOver,
    ])
    .copied()
}

fn character(u: &mut Unstructured<'_>) -> Result<Character> {
    u.choose(&Character::ALL).copied()
}

/// Any seat, those beyond the player count included.
fn seat(u: &mut Unstructured<'_>) -> Result<Seat> {
    Ok(Seat::new(u.int_in_range(0..=Seat::MAX - 1)?).expect("below Seat::MAX"))
}

fn seats(u: &mut Unstructured<'_>) -> Result<SeatSet> {
    Ok(SeatSet::from_bits(u.int_in_range(0..=(1 << Seat::MAX) - 1)?).expect("six seats"))
}

/// No card, or any card id (beyond the deck too).
fn card(u: &mut Unstructured<'_>) -> Result<Option<CardId>> {
    if u.arbitrary()? {
        Ok(None)
    } else {
        Ok(CardId::new(u.int_in_range(0..=40)?))
    }
}
