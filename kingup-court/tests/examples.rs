//! The rulebook's worked examples (docs/court-rules.md, "Worked examples"), played exactly
//! as written. Each builds the position by playing from the start: the cards an example
//! needs are bought in earlier turns while the other seats pass.

mod common;

use common::*;
use kingup_court::{
    Action, Card, CardSet, Dice, Event, Face, IllegalReason, Outcome, Phase, Stage, Value,
};

fn dice(text: &str) -> Dice {
    text.parse().expect("dice")
}

/// T0: Susanna rolls 5-5-5 and may buy exactly the Jester, Farmer, Maid, Laborer or Guard;
/// she buys the Guard, and the 3-player display keeps one Guard of two.
#[test]
fn t0_susanna_555_buys_the_guard() {
    let mut g = game(3, 0);
    run(&mut g, "roll, dice 5 5 5, keep 5, keep 5, keep 5");
    assert_eq!(g.phase(), Phase::Buy);
    assert_eq!(buys(&g), ["jester", "farmer", "maid", "laborer", "guard"]);
    assert!(legal(&g).contains(&"pass".to_owned()));
    run(&mut g, "buy guard");
    assert_eq!(g.cards(seat(0)), CardSet::single(Card::Guard));
    assert_eq!(g.supply(Card::Guard), Some(1));
}

/// Seat 0 of a 3-player game owns exactly the Laborer, the Guard and the Astronomer and
/// starts a round, the display otherwise full. (The example's round 0 with cards owned is
/// not reachable; it is round 3 here, with the same seats, order and display.)
fn susanna_with_laborer_guard_astronomer() -> kingup_court::Game {
    let mut g = game(3, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy laborer",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy guard",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 1 2 6, keep 1, keep 2, laborer, guard, keep 1, keep 2, keep 6, \
         buy astronomer",
    );
    pass_until(&mut g, seat(0));
    assert_eq!((g.round(), g.start_player()), (3, seat(0)));
    let owned: CardSet = [Card::Laborer, Card::Guard, Card::Astronomer]
        .into_iter()
        .collect();
    assert_eq!(g.cards(seat(0)), owned);
    for card in Card::ALL {
        let full = card.copies(3) - u8::from(owned.contains(card));
        assert_eq!(g.supply(card), Some(full), "{card}");
    }
    g
}

/// T1: Susanna's five rolls ending 4-2-2-2-2, and the Hunter.
#[test]
fn t1_susanna_five_rolls_buys_the_hunter() {
    let mut g = susanna_with_laborer_guard_astronomer();
    run(&mut g, "roll, dice 6 5 2, keep 2, laborer");
    assert_eq!(g.active(), dice("6-5-1"));
    run(&mut g, "roll");
    assert_eq!(g.dice_to_roll(), 3, "the Laborer's 1 is rolled again");
    run(&mut g, "dice 5 3 3, guard");
    assert_eq!(g.active(), dice("5-3-3-2"));
    run(&mut g, "keep 2, roll");
    assert_eq!(g.dice_to_roll(), 3);
    run(&mut g, "dice 6 5 4, astronomer 4>2, keep 2, roll");
    assert_eq!(g.dice_to_roll(), 2);
    run(&mut g, "dice 3 2, keep 2, roll");
    assert_eq!(g.dice_to_roll(), 1);
    run(&mut g, "dice 4");
    let err = g.apply(seat(0), Action::ROLL).unwrap_err();
    assert_eq!(err.reason, IllegalReason::MustSetAside);
    run(&mut g, "keep 4");
    assert_eq!(g.aside(), dice("4-2-2-2-2"));
    assert_eq!(buys(&g), ["jester", "farmer", "philosopher", "hunter"]);
    run(&mut g, "buy hunter");
    assert!(g.owns(seat(0), Card::Hunter));
    assert_eq!(g.next_seat(), Some(seat(1)));
}

/// T2: Frank rolls 5-3-1 and the Philosopher makes it 3-3-3, once.
#[test]
fn t2_frank_philosopher() {
    let mut g = game(2, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 2 2 4, keep 2, keep 2, keep 4, buy philosopher",
    );
    turn_of(&mut g, seat(0), "roll, dice 5 3 1, philosopher 15>33");
    assert_eq!(g.active(), dice("3-3-3"));
    let used = g.check(seat(0), "philosopher 33>24".parse().unwrap());
    assert_eq!(
        used.unwrap_err().reason,
        IllegalReason::AlreadyUsed {
            card: Card::Philosopher
        }
    );
}

/// A 2-player game where seat 0 owns the Laborer, Guard, Hunter and Alchemist.
fn uwe() -> kingup_court::Game {
    let mut g = game(2, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy laborer",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy guard",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 3 3 3, laborer, guard, keep 3, keep 3, keep 3, roll, dice 3 3, \
         keep 3, keep 3, buy hunter",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 4 5 6, laborer, guard, hunter, keep 1, keep 2, keep 3, keep 4, keep 5, \
         keep 6, buy alchemist",
    );
    pass_until(&mut g, seat(0));
    g
}

/// T3: Uwe's Alchemist: 2-5-5 → 4-4-4, 6-2-1 → 3-3-3, and with two dice only the pair form.
#[test]
fn t3_uwe_alchemist() {
    let mut g = uwe();
    run(&mut g, "roll, dice 2 5 5, alchemist 255>444");
    assert_eq!(g.active(), dice("4-4-4"));
    run(&mut g, "keep 4, keep 4, keep 4, pass");

    pass_until(&mut g, seat(0));
    run(&mut g, "roll, dice 6 2 1, alchemist 126>333");
    assert_eq!(g.active(), dice("3-3-3"));
    run(&mut g, "keep 3, keep 3, keep 3, pass");

    pass_until(&mut g, seat(0));
    run(&mut g, "roll, dice 5 1 4, keep 4");
    assert_eq!(g.active(), dice("5-1"));
    assert!(g.is_legal(seat(0), "alchemist 15>33".parse().unwrap()));
    let alchemist: Vec<String> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("alchemist"))
        .collect();
    assert!(!alchemist.is_empty());
    // Only pair moves: two digits on each side.
    assert!(
        alchemist.iter().all(|a| a.len() == "alchemist 15>33".len()),
        "{alchemist:?}"
    );
}

/// T4: Alex's Astronomer copies a set-aside 3, never a 6 that was not set aside.
#[test]
fn t4_alex_astronomer() {
    let mut g = susanna_with_laborer_guard_astronomer();
    run(&mut g, "roll, dice 3 3 6, keep 3, keep 3, roll, dice 1");
    assert!(g.is_legal(seat(0), "astronomer 1>3".parse().unwrap()));
    let err = g
        .check(seat(0), "astronomer 1>6".parse().unwrap())
        .unwrap_err();
    assert_eq!(err.reason, IllegalReason::NotSetAside { face: Face::Six });
    run(&mut g, "astronomer 1>3, keep 3");
    assert_eq!(g.aside(), dice("3-3-3"));
}

/// A 2-player game where seat 0 owns the Laborer, Guard, Farmer, Nobleman, Noblewoman and
/// Maid, at the start of its turn (4 dice in hand).
fn maid_noblewoman_nobleman() -> kingup_court::Game {
    let mut g = game(2, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy laborer",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy guard",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy farmer",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 1 1 4 4, laborer, guard, keep 1, keep 1, keep 1, keep 4, keep 4, roll, \
         dice 4, keep 4, buy nobleman",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5 3, guard, keep 5, keep 5, keep 5, keep 3, roll, dice 3, keep 3, \
         buy noblewoman",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 1 1 1 1, keep 1, keep 1, keep 1, keep 1, buy maid",
    );
    pass_until(&mut g, seat(0));
    g
}

/// T5: the limits: the Maid never passes 6, the Noblewoman never picks a 6, the Nobleman
/// only 1s to 4s, each picked die is raised once, and set-aside dice are out of reach.
#[test]
fn t5_limits_and_the_golden_rule() {
    let mut g = maid_noblewoman_nobleman();
    run(&mut g, "roll, dice 6 5 4 1, keep 1");
    assert_eq!(g.active(), dice("6-5-4"));
    let of = |g: &kingup_court::Game, card: &str| -> Vec<String> {
        legal(g)
            .into_iter()
            .filter(|a| a.starts_with(&format!("{card} ")))
            .collect()
    };
    assert_eq!(of(&g, "maid"), ["maid 4>5", "maid 4>6", "maid 5>6"]);
    assert_eq!(of(&g, "noblewoman"), ["noblewoman 4", "noblewoman 5"]);
    assert_eq!(of(&g, "nobleman"), ["nobleman 4"]);
    run(&mut g, "noblewoman 4, noblewoman 5, noblewoman done");
    assert_eq!(g.active(), dice("6-6-5"));
    run(&mut g, "keep 6, keep 6");
    assert_eq!(g.active(), dice("5"));
    let targets_six = legal(&g)
        .into_iter()
        .filter(|a| a.contains('6') && !a.contains(">6"));
    assert_eq!(targets_six.count(), 0);
    assert_eq!(of(&g, "maid"), ["maid 5>6"]);
}

/// T6: owning a face-up Jester, any result buys the Charlatan and not another Jester; the
/// Charlatan then adds a die every turn.
#[test]
fn t6_charlatan() {
    let mut g = game(2, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 1 2 4, keep 1, keep 2, keep 4, buy jester",
    );
    turn_of(&mut g, seat(0), "roll, dice 1 2 4, keep 1, keep 2, keep 4");
    let b = buys(&g);
    assert!(b.contains(&"charlatan") && !b.contains(&"jester"), "{b:?}");
    run(&mut g, "buy charlatan");
    assert!(!g.owns(seat(0), Card::Jester));
    assert_eq!(g.charlatans(seat(0)), 1);
    assert_eq!(g.hand(seat(0)), 4);
    pass_until(&mut g, seat(0));
    assert_eq!(g.dice_in_hand(), 4);
}

/// T7: 4 players, seat 0 first, everyone passing: 0 1 2 3 3 0 1 2 2 3 0 1.
#[test]
fn t7_round_order() {
    let mut g = game(4, 0);
    let mut order = Vec::new();
    for _ in 0..12 {
        order.push(to_move(&g).index());
        pass_turn(&mut g);
    }
    assert_eq!(order, [0, 1, 2, 3, 3, 0, 1, 2, 2, 3, 0, 1]);
}

/// T8: the Guard before the first roll adds a fourth die to it, and is used up.
#[test]
fn t8_pre_roll() {
    let mut g = game(2, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy guard",
    );
    pass_until(&mut g, seat(0));
    let events = run(&mut g, "pre guard, roll");
    assert!(events.contains(&Event::Rolling {
        seat: seat(0),
        dice: 4
    }));
    run(&mut g, "dice 1 2 3 4");
    assert_eq!(g.active().len(), 4);
    let err = g.check(seat(0), "guard".parse().unwrap()).unwrap_err();
    assert_eq!(err.reason, IllegalReason::AlreadyUsed { card: Card::Guard });
}

/// The André/Bettina/Carsten/Dorit game up to Bettina's last turn of the final round: seats
/// 0 to 3, the King round started with André, Bettina bought the King with seven 2s,
/// Dorit took it with eight 1s, André was skipped, Carsten took it with eight 3s.
fn andre_bettina_carsten_dorit() -> kingup_court::Game {
    let (a, b, c, d) = (seat(0), seat(1), seat(2), seat(3));
    let mut g = game(4, 0);
    let buy_555 = |card: &str| format!("roll, dice 5 5 5, keep 5, keep 5, keep 5, buy {card}");
    let plans: [Vec<String>; 4] = [
        // André: Farmer, Charlatan, Laborer, Guard → 7 dice at most.
        vec![
            buy_555("laborer"),
            buy_555("guard"),
            buy_555("farmer"),
            "roll, dice 1 1 1 1, keep 1, keep 1, keep 1, keep 1, buy jester".into(),
            "roll, dice 1 1 1 1, keep 1, keep 1, keep 1, keep 1, buy charlatan".into(),
        ],
        // Bettina: General, Farmer, Guard, Laborer → hand 6.
        vec![
            buy_555("laborer"),
            buy_555("guard"),
            buy_555("farmer"),
            "roll, dice 2 2 2 2, guard, laborer, keep 2, keep 2, keep 2, keep 2, keep 2, roll, \
             dice 2, keep 2, buy general"
                .into(),
        ],
        // Carsten: General, Charlatan, Laborer, Hunter → 8 dice at most.
        vec![
            "roll, dice 1 1 1, keep 1, keep 1, keep 1, buy jester".into(),
            "roll, dice 1 1 1, keep 1, keep 1, keep 1, buy charlatan".into(),
            "roll, dice 5 5 5 5, keep 5, keep 5, keep 5, keep 5, buy laborer".into(),
            "roll, dice 3 3 3 3, keep 3, keep 3, keep 3, keep 3, buy hunter".into(),
            "roll, dice 3 3 3 3, hunter, laborer, keep 3, keep 3, keep 3, keep 3, keep 3, roll, \
             dice 3, keep 3, buy general"
                .into(),
        ],
        // Dorit: Farmer, Charlatan, Knight, Bishop, Pawnbroker → 8 dice at most.
        vec![
            "roll, dice 1 1 1, keep 1, keep 1, keep 1, buy jester".into(),
            "roll, dice 1 1 1, keep 1, keep 1, keep 1, buy charlatan".into(),
            "roll, dice 5 5 5 5, keep 5, keep 5, keep 5, keep 5, buy farmer".into(),
            "roll, dice 5 5 5 5 5, keep 5, keep 5, keep 5, keep 5, keep 5, buy knight".into(),
            "roll, dice 6 6 4 4 5, knight, keep 6, keep 6, keep 4, keep 4, keep 5, keep 5, \
             buy bishop"
                .into(),
            "roll, dice 6 6 6 6 6, knight, keep 6, keep 6, keep 6, keep 6, keep 6, keep 5, \
             buy pawnbroker"
                .into(),
        ],
    ];
    let mut plans = plans.map(|p| p.into_iter());
    // Everyone buys its cards, then turns pass until a round starts with André.
    while !(g.round() >= 6 && g.start_player() == a && to_move(&g) == a) {
        let who = to_move(&g).index();
        match plans[who].next() {
            Some(script) => run(&mut g, &script),
            None => pass_turn(&mut g),
        };
    }
    assert!(plans.iter_mut().all(|p| p.next().is_none()));
    assert_eq!(
        [a, b, c, d].map(|s| g.max_dice(s)),
        [7, 8, 8, 8],
        "Bettina's 8 becomes 9 with the Queen"
    );
    assert_eq!(g.supply(Card::Jester), Some(1));
    assert_eq!(g.supply(Card::Laborer), Some(0));

    // The King round: André has played, Bettina gets seven 2s and the royal couple.
    pass_turn(&mut g);
    run(
        &mut g,
        "roll, dice 2 2 2 2 2 2, keep 2, keep 2, keep 2, keep 2, keep 2, guard, keep 2, keep 2",
    );
    assert!(buys(&g).contains(&"king"));
    run(&mut g, "buy king");
    assert_eq!((g.king(), g.queen()), (Some(b), Some(b)));
    assert_eq!(
        g.best(),
        Some(Value {
            count: 7,
            face: Face::Two
        })
    );
    assert_eq!(g.stage(), Stage::KingRound);

    // Carsten: seven 3s, but the King is gone.
    run(
        &mut g,
        "roll, dice 3 3 3 3 3 3, hunter, keep 3, keep 3, keep 3, keep 3, keep 3, keep 3, keep 3",
    );
    let err = g.check(c, "buy king".parse().unwrap()).unwrap_err();
    assert_eq!(err.reason, IllegalReason::SoldOut { card: Card::King });
    run(&mut g, "pass");
    assert_eq!(to_move(&g), d);
    pass_turn(&mut g);

    // The final round: Dorit, (André), Carsten, Bettina.
    assert_eq!(g.stage(), Stage::FinalRound);
    assert_eq!(to_move(&g), d);
    let events = run(
        &mut g,
        "roll, dice 1 1 1 1 1, knight, bishop, pawnbroker, keep 1, keep 1, keep 1, keep 1, \
         keep 1, roll, dice 1 1 1, keep 1, keep 1, keep 1",
    );
    let eight_ones = Value {
        count: 8,
        face: Face::One,
    };
    assert!(events.contains(&Event::KingTaken {
        seat: d,
        value: eight_ones
    }));
    assert!(events.contains(&Event::Skipped {
        seat: a,
        max_dice: 7
    }));
    assert_eq!(to_move(&g), c);
    let events = run(
        &mut g,
        "roll, dice 3 3 3 3 3 3, hunter, laborer, keep 3, keep 3, keep 3, keep 3, keep 3, \
         keep 3, keep 3, roll, dice 3, keep 3",
    );
    let eight_threes = Value {
        count: 8,
        face: Face::Three,
    };
    assert!(events.contains(&Event::KingTaken {
        seat: c,
        value: eight_threes
    }));
    assert_eq!(g.king(), Some(c));
    assert_eq!(to_move(&g), b);
    g
}

/// T9: Bettina ties or beats Carsten's eight 3s with the Queen's help and wins; with seven
/// 4s she falls short and Carsten wins.
#[test]
fn t9_andre_bettina_carsten_dorit() {
    let (b, c) = (seat(1), seat(2));
    let before = andre_bettina_carsten_dorit();
    let bettina = |faces: [&str; 2]| {
        let mut g = before;
        let [six, last] = faces;
        let keeps = vec![format!("keep {six}"); 7].join(", ");
        run(
            &mut g,
            &format!(
                "roll, dice {six} {six} {six} {six} {six} {six}, guard, queen {six}, {keeps}, \
                 roll, dice {last}, keep {last}"
            ),
        );
        assert_eq!(g.phase(), Phase::GameOver);
        g
    };
    // Eight 4s beat eight 3s.
    let g = bettina(["4", "4"]);
    assert_eq!(g.outcome(), Some(Outcome::Won(b)));
    assert_eq!(
        g.final_result(b),
        Some(Value {
            count: 8,
            face: Face::Four
        })
    );
    // Eight 3s tie, and a tie is enough for the Queen.
    assert_eq!(bettina(["3", "3"]).outcome(), Some(Outcome::Won(b)));
    // Seven 4s and a 5 lose to eight 3s.
    let g = bettina(["4", "5"]);
    assert_eq!(g.outcome(), Some(Outcome::Won(c)));
    assert_eq!(
        g.final_result(b),
        Some(Value {
            count: 7,
            face: Face::Four
        })
    );
}
