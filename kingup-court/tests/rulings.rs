//! One test per ruling of docs/court-rules.md, named after it (`r01_…` to `r40_…`), with
//! the named variants of the ambiguities tested beside the ruling they belong to.

mod common;

use std::collections::BTreeSet;

use common::*;
use kingup_court::Seat;
use kingup_court::{
    Action, ActionKind, ActionSet, Actor, Card, CardSet, ChanceOutcome, ChanceStep, Config, Dice,
    Event, Face, Game, IllegalReason, OBSERVATION_LEN, Outcome, Phase, Row, Stage, Value,
    observation_field,
};

fn dice(text: &str) -> Dice {
    text.parse().expect("dice")
}

fn action(text: &str) -> Action {
    text.parse().expect("an action")
}

fn reason(game: &Game, text: &str) -> IllegalReason {
    game.check(to_move(game), action(text))
        .expect_err("refused")
        .reason
}

/// Every multiset of `1..=max` dice.
fn all_results(max: u8) -> Vec<Dice> {
    fn go(face: usize, left: u8, counts: &mut [u8; 6], out: &mut Vec<Dice>) {
        if face == 6 {
            if counts.iter().any(|&c| c > 0) {
                out.push(Dice::from_counts(*counts));
            }
            return;
        }
        for n in 0..=left {
            counts[face] = n;
            go(face + 1, left - n, counts, out);
        }
        counts[face] = 0;
    }
    let mut out = Vec::new();
    go(0, max, &mut [0; 6], &mut out);
    out
}

#[test]
fn r01_twenty_card_kinds_with_stable_ids() {
    let table = [
        ("jester", "Giullare", Row::Jester),
        ("charlatan", "Ciarlatano", Row::Jester),
        ("farmer", "Contadino", Row::I),
        ("maid", "Domestica", Row::I),
        ("philosopher", "Filosofo", Row::I),
        ("laborer", "Artigiano", Row::I),
        ("guard", "Guardiano", Row::I),
        ("astronomer", "Astronomo", Row::II),
        ("merchant", "Mercante", Row::II),
        ("hunter", "Cacciatore", Row::II),
        ("pawnbroker", "Banchiere", Row::III),
        ("knight", "Cavaliere", Row::III),
        ("magician", "Stregone", Row::III),
        ("noblewoman", "Dama di Corte", Row::III),
        ("alchemist", "Alchimista", Row::IV),
        ("bishop", "Vescovo", Row::IV),
        ("nobleman", "Nobiluomo", Row::IV),
        ("general", "Comandante", Row::IV),
        ("queen", "Regina", Row::V),
        ("king", "Re", Row::V),
    ];
    assert_eq!(Card::COUNT, table.len());
    for (id, (key, italian, row)) in table.into_iter().enumerate() {
        let card = Card::from_index(id).unwrap();
        assert_eq!(
            (card.key(), card.italian(), card.row()),
            (key, italian, row)
        );
    }
    let faces: Vec<_> = Card::ADD_DIE.iter().map(|c| c.brings_in()).collect();
    assert_eq!(
        faces,
        [1, 2, 3, 4, 5, 6]
            .map(Face::new)
            .into_iter()
            .chain([None])
            .collect::<Vec<_>>()
    );
    let extra: Vec<_> = Card::ALL
        .iter()
        .filter(|c| c.extra_dice() > 0)
        .map(|c| (c.key(), c.extra_dice()))
        .collect();
    assert_eq!(extra, [("charlatan", 1), ("farmer", 1), ("general", 2)]);
}

#[test]
fn r02_display_copies_per_player_count() {
    // (row I, II, III/IV, V) per player count; Jesters: one per player.
    for (players, [i, ii, iii_iv, v], total) in [
        (2, [2, 1, 1, 1], 25),
        (3, [2, 2, 2, 1], 37),
        (4, [3, 3, 2, 1], 46),
        (5, [4, 3, 3, 1], 60),
    ] {
        let g = game(players, 0);
        let mut sum = 0;
        for card in Card::ALL {
            let expected = match card.row() {
                Row::Jester if card == Card::Jester => players,
                Row::Jester => 0,
                Row::I => i,
                Row::II => ii,
                Row::III | Row::IV => iii_iv,
                Row::V => v,
            };
            assert_eq!(g.supply(card), Some(expected), "{players} players, {card}");
            sum += u32::from(expected);
        }
        assert_eq!(sum, total);
    }
}

#[test]
fn r03_one_jester_per_player_and_the_unlimited_variant() {
    // Two players: two Jesters. Seat 0 buys one, turns it over, buys the second; seat 1
    // finds none left.
    let mut g = game(2, 0);
    let any = "roll, dice 1 2 4, keep 1, keep 2, keep 4";
    turn_of(&mut g, seat(0), &format!("{any}, buy jester"));
    turn_of(&mut g, seat(0), &format!("{any}, buy charlatan"));
    let four = "roll, dice 1 2 4 4, keep 1, keep 2, keep 4, keep 4";
    turn_of(&mut g, seat(0), &format!("{four}, buy jester"));
    assert_eq!(g.supply(Card::Jester), Some(0));
    turn_of(&mut g, seat(1), any);
    assert_eq!(
        reason(&g, "buy jester"),
        IllegalReason::SoldOut { card: Card::Jester }
    );

    // Variant A1 (Rio Grande): the Jester never sells out.
    let mut config = config(2, 0);
    config.unlimited_jesters = true;
    let mut g = Game::new(config).unwrap();
    assert_eq!(g.supply(Card::Jester), None);
    for _ in 0..3 {
        let hand = usize::from(g.hand(seat(0)));
        turn_of(
            &mut g,
            seat(0),
            &format!(
                "roll, {}, {}, buy jester",
                dice_of(1, hand),
                times("keep 1", hand)
            ),
        );
        let hand = usize::from(g.hand(seat(0)));
        turn_of(
            &mut g,
            seat(0),
            &format!(
                "roll, {}, {}, buy charlatan",
                dice_of(1, hand),
                times("keep 1", hand)
            ),
        );
    }
    assert_eq!(g.charlatans(seat(0)), 3);
    turn_of(&mut g, seat(1), any);
    assert!(buys(&g).contains(&"jester"));
}

#[test]
fn r04_one_king_one_queen_never_bought() {
    assert_eq!(Action::buy(Card::Queen), None);
    assert!("buy queen".parse::<Action>().is_err());
    assert!(!Card::Queen.cost_met(dice("6-6-6-6-6-6-6-6")));
    let mut g = game(2, 0);
    assert_eq!(
        (g.supply(Card::King), g.supply(Card::Queen)),
        (Some(1), Some(1))
    );
    make_strong(&mut g, seat(0));
    pass_until(&mut g, seat(0));
    run(&mut g, &format!("{}, buy king", strong_result(2, 7)));
    assert!(g.owns(seat(0), Card::King) && g.owns(seat(0), Card::Queen));
    assert_eq!(
        (g.supply(Card::King), g.supply(Card::Queen)),
        (Some(0), Some(0))
    );
}

#[test]
fn r05_first_player_configured_or_drawn() {
    // Configured: that seat starts at once.
    let g = game(4, 2);
    assert_eq!(
        (g.actor(), g.start_player()),
        (Actor::Seat(seat(2)), seat(2))
    );
    // Drawn (ambiguity A16): one chance step, uniform over the seats.
    let mut g = Game::new(Config::new(5)).unwrap();
    assert_eq!(g.chance_step(), Some(ChanceStep::FirstPlayer));
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.len(), 5);
    assert!(outcomes.iter().all(|&(_, p)| (p - 0.2).abs() < 1e-12));
    let err = g.apply_chance(ChanceOutcome::Die(Face::One)).unwrap_err();
    assert_eq!(err.reason.code(), "wrong_step");
    let events = g.apply_chance(ChanceOutcome::FirstPlayer(seat(3))).unwrap();
    assert_eq!(events[0], Event::FirstPlayerChosen { seat: seat(3) });
    assert_eq!(g.next_seat(), Some(seat(3)));
    // Play goes clockwise: seat + 1.
    pass_turn(&mut g);
    assert_eq!(g.next_seat(), Some(seat(4)));
}

#[test]
fn r06_three_dice_and_at_most_eighteen() {
    let g = game(5, 0);
    assert!(Seat::all(5).all(|s| g.hand(s) == 3 && g.max_dice(s) == 3));
    // With a Jester per player no seat ever has more than 18 dice (3, the Farmer, the
    // General, 5 Charlatans, 7 add-a-die cards); random games bear it out. The dice
    // supply itself is unlimited (A2): nothing refuses a die.
    let mut most = 0;
    for seed in 0..30 {
        let mut config = Config::new(5);
        config.max_rounds = Some(Config::SIMULATION_ROUNDS);
        let mut g = Game::new(config).unwrap();
        let mut rng = kingup_court::Generator::new(seed);
        while let Some(seat) = g.next_seat_after_chance(&mut rng) {
            most = most.max(Seat::all(5).map(|s| g.max_dice(s)).max().unwrap());
            let (_, action) = g.random_action(&mut rng).unwrap();
            g.apply(seat, action).unwrap();
        }
    }
    assert!((8..=18).contains(&most), "{most}");
}

#[test]
fn r07_everything_is_public() {
    // No viewer sees more than another: each seat's observation is the same state with the
    // seat slots rotated.
    let mut g = game(3, 0);
    make_strong(&mut g, seat(1));
    run(&mut g, "roll, dice 6 5 2");
    let mut obs = [[0f32; OBSERVATION_LEN]; 3];
    for (s, out) in obs.iter_mut().enumerate() {
        g.observation(seat(s), out);
    }
    let hand = observation_field("hand").unwrap();
    assert_eq!(obs[0][hand.clone()][..3], [3.0, 6.0, 3.0]);
    assert_eq!(obs[1][hand][..3], [6.0, 3.0, 3.0]);
    for s in 1..3 {
        let shared = observation_field("active").unwrap();
        assert_eq!(obs[0][shared.clone()], obs[s][shared]);
        let supply = observation_field("supply").unwrap();
        assert_eq!(obs[0][supply.clone()], obs[s][supply]);
    }
}

#[test]
fn r08_hand_counts_every_permanent_die() {
    let mut g = game(3, 0);
    assert_eq!(g.hand(seat(0)), 3);
    make_strong(&mut g, seat(0)); // the Farmer and the General: 3 + 1 + 2
    pass_until(&mut g, seat(1));
    let events = pass_turn(&mut g);
    assert_eq!(
        events[0],
        Event::Rolling {
            seat: seat(1),
            dice: 3
        }
    );
    pass_until(&mut g, seat(0));
    assert_eq!((g.hand(seat(0)), g.dice_in_hand()), (6, 6));
    // Nothing declines a permanent die: the only choices are to roll or add more.
    assert_eq!(legal(&g), ["roll", "pre laborer", "pre guard"]);
}

#[test]
fn r09_the_first_roll_rolls_the_hand_and_the_pre_roll_dice() {
    let mut g = game(2, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy laborer",
    );
    pass_until(&mut g, seat(0));
    let events = run(&mut g, "pre laborer, roll");
    assert!(events.contains(&Event::Rolling {
        seat: seat(0),
        dice: 4
    }));
    assert_eq!(g.phase(), Phase::Rolling);
    run(&mut g, "dice 6 6 6 6");
    assert_eq!(g.active(), dice("6-6-6-6"), "the rolled dice are active");
}

#[test]
fn r10_active_dice_are_rolled_brought_in_or_rerolled() {
    let mut g = game(2, 0);
    assert_eq!(
        g.active(),
        Dice::EMPTY,
        "no die is active before the first roll"
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy guard",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 1 2 4, keep 1, keep 2, keep 4, buy jester",
    );
    pass_until(&mut g, seat(0));
    run(&mut g, "roll, dice 1 3 6, guard");
    assert_eq!(g.active(), dice("6-3-2-1"), "a die brought in is active");
    run(&mut g, "jester 6, dice 4");
    assert_eq!(g.active(), dice("4-3-2-1"), "a re-rolled die stays active");
}

#[test]
fn r11_set_aside_at_least_one_die_per_roll() {
    let mut g = game(2, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy guard",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 1 2 4, keep 1, keep 2, keep 4, buy jester",
    );
    pass_until(&mut g, seat(0));
    run(&mut g, "roll, dice 5 3 3");
    assert_eq!(reason(&g, "roll"), IllegalReason::MustSetAside);
    // A Jester re-roll (ambiguity A10) neither satisfies the obligation nor needs it.
    run(&mut g, "jester 5, dice 1");
    assert_eq!(reason(&g, "roll"), IllegalReason::MustSetAside);
    // A die brought in after the roll satisfies it (Susanna's second roll).
    run(&mut g, "guard, keep 2");
    assert!(g.set_aside_since_roll());
    run(&mut g, "roll");
    assert_eq!(g.dice_to_roll(), 3, "every other die is rolled");
    // Dice are set aside one at a time, with abilities in between.
    run(&mut g, "dice 1 2 3, keep 1, keep 2");
    assert_eq!(g.active(), dice("3"));
}

#[test]
fn r12_roll_rerolls_every_active_die() {
    let mut g = game(2, 0);
    assert!(
        g.is_legal(seat(0), Action::ROLL),
        "the first roll is legal at once"
    );
    run(&mut g, "roll, dice 6 5 2, keep 6, roll");
    assert_eq!(g.active(), Dice::EMPTY);
    assert_eq!(g.dice_to_roll(), 2, "both remaining active dice are rolled");
    run(&mut g, "dice 4 4");
    assert!(!g.set_aside_since_roll());
}

#[test]
fn r13_the_dice_end_when_no_die_is_active() {
    let mut g = game(2, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy laborer",
    );
    pass_until(&mut g, seat(0));
    let events = run(&mut g, "roll, dice 2 3 4, keep 2, keep 3, keep 4");
    assert!(events.contains(&Event::ResultSet {
        seat: seat(0),
        result: dice("4-3-2")
    }));
    // Ambiguity A3: once the last die is set aside no card brings one in.
    assert_eq!(g.phase(), Phase::Buy);
    assert_eq!(
        reason(&g, "laborer"),
        IllegalReason::WrongPhase { phase: Phase::Buy }
    );
}

#[test]
fn r14_each_card_once_per_turn() {
    let mut g = game(2, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy laborer",
    );
    pass_until(&mut g, seat(0));
    run(&mut g, "roll, dice 6 5 2, laborer");
    assert_eq!(
        reason(&g, "laborer"),
        IllegalReason::AlreadyUsed {
            card: Card::Laborer
        }
    );
    assert_eq!(g.used(), CardSet::single(Card::Laborer));
    run(&mut g, "keep 1, keep 2, keep 5, keep 6, pass");
    // The card recovers for the next turn; using it is optional.
    pass_until(&mut g, seat(0));
    assert_eq!(g.used(), CardSet::EMPTY);
    run(&mut g, "roll, dice 1 1 1");
    assert!(g.is_legal(seat(0), action("laborer")));
    run(&mut g, "keep 1, keep 1, keep 1");
    assert_eq!(g.phase(), Phase::Buy);
}

#[test]
fn r15_golden_rule_and_no_op_uses() {
    let mut g = game(2, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 1 1 1, keep 1, keep 1, keep 1, buy maid",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 2 2 4, keep 2, keep 2, keep 4, buy philosopher",
    );
    pass_until(&mut g, seat(0));
    run(&mut g, "roll, dice 6 6 2, keep 6");
    // Set-aside dice are out of reach: one 6 is active, one set aside.
    assert_eq!(g.active(), dice("6-2"));
    // No-op uses (ambiguity A8) are not actions at all.
    assert!("maid 6>6".parse::<Action>().is_err());
    assert!("philosopher 26>26".parse::<Action>().is_err());
    assert!("philosopher 26>62".parse::<Action>().is_err());
    assert!(
        Action::from_kind(ActionKind::Astronomer {
            from: Face::Two,
            to: Face::Two
        })
        .is_none()
    );
    let maid: Vec<_> = legal(&g)
        .into_iter()
        .filter(|a| a.starts_with("maid"))
        .collect();
    assert_eq!(
        maid,
        ["maid 2>3", "maid 2>4", "maid 2>5"],
        "never from the 6"
    );
    run(&mut g, "philosopher 26>44");
    assert_eq!((g.active(), g.aside()), (dice("4-4"), dice("6")));
}

#[test]
fn r16_add_a_die_cards_before_the_first_roll() {
    let mut g = game(2, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy guard",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 1 1 1, keep 1, keep 1, keep 1, buy maid",
    );
    pass_until(&mut g, seat(0));
    // Only add-a-die cards, and only to add a die to the roll: its face is lost.
    assert_eq!(legal(&g), ["roll", "pre guard"]);
    assert_eq!(
        reason(&g, "guard"),
        IllegalReason::WrongPhase {
            phase: Phase::PreRoll
        }
    );
    run(&mut g, "pre guard");
    assert_eq!((g.dice_in_hand(), g.active()), (4, Dice::EMPTY));

    // Variant A4 (Rio Grande): no card before the first roll.
    let mut config = config(2, 0);
    config.preroll_abilities = false;
    let mut g = Game::new(config).unwrap();
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy guard",
    );
    pass_until(&mut g, seat(0));
    assert_eq!(legal(&g), ["roll"]);
    assert_eq!(reason(&g, "pre guard"), IllegalReason::PreRollOff);
    run(&mut g, "roll, dice 1 2 3");
    assert!(
        g.is_legal(seat(0), action("guard")),
        "after the roll it works as usual"
    );
}

#[test]
fn r17_dice_brought_in_show_their_face_and_join_the_active_dice() {
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
    pass_until(&mut g, seat(0));
    let events = run(&mut g, "roll, dice 6 5 2, keep 2, laborer");
    assert!(events.contains(&Event::CardUsed {
        seat: seat(0),
        card: Card::Laborer,
        from: Dice::EMPTY,
        to: dice("1"),
    }));
    assert_eq!(g.active(), dice("6-5-1"));
    // It is rolled with the rest (Susanna's first roll) …
    run(&mut g, "roll");
    assert_eq!(g.dice_to_roll(), 3);
    // … or set aside as it is (her second).
    run(&mut g, "dice 5 3 3, guard, keep 2");
    assert_eq!(g.aside(), dice("2-2"));
}

#[test]
fn r18_permanent_dice_every_turn_the_final_round_included() {
    let (g, _) = royal_final(2, 7);
    assert_eq!(g.stage(), Stage::FinalRound);
    assert_eq!(
        (to_move(&g), g.dice_in_hand(), g.hand(seat(1))),
        (seat(1), 6, 6)
    );
    assert!(
        g.used().is_empty(),
        "permanent dice are not a use of a card"
    );
}

#[test]
fn r19_costs_are_exact_predicates() {
    // An independent reading of the cost table, over every result of 1 to 8 dice.
    fn pays(card: Card, faces: &[u8]) -> bool {
        let mut counts = [0usize; 7];
        faces.iter().for_each(|&f| counts[usize::from(f)] += 1);
        let most = *counts.iter().max().unwrap();
        let sum: usize = faces.iter().map(|&f| usize::from(f)).sum();
        let has = |f: usize| counts[f] > 0;
        let pairs: usize = counts.iter().map(|c| c / 2).sum();
        let triples: usize = counts.iter().map(|c| c / 3).sum();
        match card {
            Card::Jester | Card::Charlatan => true,
            Card::Farmer => most >= 2,
            Card::Maid => faces.iter().all(|f| f % 2 == 1),
            Card::Philosopher => faces.iter().all(|f| f % 2 == 0),
            Card::Laborer => sum >= 15,
            Card::Guard => most >= 3,
            Card::Astronomer => pairs >= 2,
            Card::Merchant => sum >= 20,
            Card::Hunter => most >= 4,
            Card::Pawnbroker => sum >= 30,
            Card::Knight => most >= 5,
            Card::Magician => (2..=5).all(has) && (has(1) || has(6)),
            Card::Noblewoman => {
                most >= 5
                    || (1..=6).any(|v| counts[v] >= 3 && (1..=6).any(|w| w != v && counts[w] >= 2))
            }
            Card::Alchemist => (1..=6).all(has),
            Card::Bishop => pairs >= 3,
            Card::Nobleman => triples >= 2,
            Card::General => most >= 6,
            Card::Queen => false,
            Card::King => most >= 7,
        }
    }
    let results = all_results(8);
    assert_eq!(results.len(), 3002);
    for result in results {
        let faces: Vec<u8> = result.faces().map(Face::value).collect();
        for card in Card::ALL {
            assert_eq!(
                card.cost_met(result),
                pays(card, &faces),
                "{card} with {result}"
            );
        }
    }
    // The rulebook's readings: 1111 is four of a kind and two pairs; 444422 three pairs;
    // 666666 two triples; 33333 a triple and a pair.
    assert!(Card::Astronomer.cost_met(dice("1-1-1-1")));
    assert!(Card::Bishop.cost_met(dice("4-4-4-4-2-2")));
    assert!(Card::Nobleman.cost_met(dice("6-6-6-6-6-6")));
    assert!(Card::Noblewoman.cost_met(dice("3-3-3-3-3")));
    assert!(!Card::Noblewoman.cost_met(dice("3-3-3-3-2")));
}

#[test]
fn r20_abilities_exactly() {
    // One seat of a 5-player game owns every ability card; each is tried on fixed dice.
    let mut g = game(2, 0);
    make_strong(&mut g, seat(0));
    let buy = |g: &mut Game, faces: &str, card: &str| {
        let keeps: Vec<String> = faces.split(' ').map(|f| format!("keep {f}")).collect();
        turn_of(
            g,
            seat(0),
            &format!("roll, dice {faces}, {}, buy {card}", keeps.join(", ")),
        );
    };
    buy(&mut g, "1 1 3 3 5 5", "maid");
    buy(&mut g, "2 2 4 4 6 6", "philosopher");
    buy(&mut g, "1 1 2 2 6 6", "astronomer");
    buy(&mut g, "6 6 6 2 1 1", "merchant");
    buy(&mut g, "1 2 3 4 5 5", "magician");
    buy(&mut g, "3 3 3 5 5 1", "noblewoman");
    buy(&mut g, "1 2 3 4 5 6", "alchemist");
    buy(&mut g, "1 1 1 4 4 4", "nobleman");
    buy(&mut g, "1 1 1 2 2 2", "jester");
    pass_until(&mut g, seat(0));
    let start = g;

    let after = |script: &str| {
        let mut g = start;
        run(&mut g, script);
        g
    };
    let base = "roll, dice 1 2 3 4 5 6";
    // Jester: one die re-rolled, still active.
    assert_eq!(
        after(&format!("{base}, jester 6, dice 1")).active(),
        dice("5-4-3-2-1-1")
    );
    // Maid: +3 at most, never past 6.
    assert_eq!(
        after(&format!("{base}, maid 2>5")).active(),
        dice("6-5-5-4-3-1")
    );
    assert!(after(base).check(seat(0), action("maid 5>6")).is_ok());
    // Philosopher: pips from one die to another.
    assert_eq!(
        after(&format!("{base}, philosopher 16>34")).active(),
        dice("5-4-4-3-3-2")
    );
    // Astronomer: a face set aside this turn (ambiguity A12).
    assert_eq!(
        after(&format!("{base}, keep 6, astronomer 1>6")).active(),
        dice("6-5-4-3-2")
    );
    assert_eq!(
        reason(&after(base), "astronomer 1>6"),
        IllegalReason::NotSetAside { face: Face::Six }
    );
    // Merchant: any number of dice, picked low to high, re-rolled, all still active.
    let g = after(&format!("{base}, merchant 1, merchant 4"));
    assert_eq!(
        reason(&g, "merchant 2"),
        IllegalReason::PickOrder { last: Face::Four }
    );
    assert_eq!(
        reason(&g, "keep 6"),
        IllegalReason::Selecting {
            card: Card::Merchant
        }
    );
    let g = after(&format!(
        "{base}, merchant 1, merchant 4, merchant done, dice 6 6"
    ));
    assert_eq!(g.active(), dice("6-6-6-5-3-2"));
    assert!(!g.set_aside_since_roll(), "not a roll: no set-aside made");
    // Magician: any face.
    assert_eq!(
        after(&format!("{base}, magician 1>6")).active(),
        dice("6-6-5-4-3-2")
    );
    // Noblewoman: +1 to each picked die once (A11); Nobleman +2 to 1s-4s only.
    assert_eq!(
        after(&format!(
            "{base}, noblewoman 1, noblewoman 5, noblewoman done"
        ))
        .active(),
        dice("6-6-4-3-2-2")
    );
    assert!(
        "noblewoman 6".parse::<Action>().is_err(),
        "a 6 is never picked for +1"
    );
    assert!("nobleman 5".parse::<Action>().is_err(), "nor a 5 for +2");
    assert_eq!(
        after(&format!("{base}, nobleman 3, nobleman 4, nobleman done")).active(),
        dice("6-6-5-5-2-1")
    );
    // Alchemist: three dice re-split (or two, like the Philosopher: A9).
    assert_eq!(
        after(&format!("{base}, alchemist 126>333")).active(),
        dice("5-4-3-3-3-3")
    );
    assert_eq!(
        after(&format!("{base}, alchemist 16>25")).active(),
        dice("5-5-4-3-2-2")
    );
    // A picked die is raised only once, and a die cannot be picked twice.
    let g = after("roll, dice 1 1 1 1 1 1, keep 1, keep 1, keep 1, keep 1, keep 1, noblewoman 1");
    assert_eq!(
        reason(&g, "noblewoman 1"),
        IllegalReason::NoActiveDie { face: Face::One }
    );
}

#[test]
fn r21_abilities_combine_on_one_die() {
    let mut g = game(2, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy laborer",
    );
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 1 1 1, keep 1, keep 1, keep 1, buy maid",
    );
    pass_until(&mut g, seat(0));
    run(&mut g, "roll, dice 6 6 6, laborer, maid 1>4");
    assert_eq!(g.active(), dice("6-6-6-4"));
    assert_eq!(
        reason(&g, "maid 4>5"),
        IllegalReason::AlreadyUsed { card: Card::Maid }
    );
}

/// 3 players, seat 0 first: seat 0 owns Laborer, Guard, Farmer, General (at most 8 dice,
/// 9 with the Queen); seat 1 those and the Hunter and the Knight (at most 10); seat 2
/// nothing. Seat 0 is at the start of its turn, nobody owns the King.
fn royal() -> Game {
    let mut g = game(3, 0);
    make_strong(&mut g, seat(0));
    make_strong(&mut g, seat(1));
    let ones = format!("roll, {}, {}", dice_of(1, 6), times("keep 1", 6));
    turn_of(&mut g, seat(1), &format!("{ones}, buy hunter"));
    turn_of(&mut g, seat(1), &format!("{ones}, buy knight"));
    pass_until(&mut g, seat(0));
    assert_eq!([0, 1, 2].map(|s| g.max_dice(seat(s))), [8, 10, 3]);
    g
}

/// `royal()` after seat 0 bought the King with `count` dice showing `face`. Seat 0 is the
/// last of its round (round 8, started by seat 1), so the final round starts at once, with
/// seat 1, then seat 2 (skipped: 3 dice), then seat 0. Also returns the events since the
/// purchase began.
fn royal_final(face: u8, count: usize) -> (Game, Vec<Event>) {
    let mut g = royal();
    let mut events = run(&mut g, &format!("{}, buy king", strong_result(face, count)));
    while g.stage() == Stage::KingRound {
        events.extend(pass_turn(&mut g));
    }
    (g, events)
}

/// Ten dice showing `face` for seat 1 (hand 6, Laborer, Guard, Hunter, Knight).
fn ten(face: u8) -> String {
    format!(
        "roll, {}, laborer, guard, hunter, knight, {}, roll, {}, {}",
        dice_of(face, 6),
        times(&format!("keep {face}"), 6),
        dice_of(face, 4),
        times(&format!("keep {face}"), 4)
    )
}

#[test]
fn r22_final_round_turns_use_every_card_and_buy_nothing() {
    let (mut g, _) = royal_final(2, 7);
    assert_eq!(g.stage(), Stage::FinalRound);
    assert_eq!(to_move(&g), seat(1));
    // Every card, pre-roll included, works as usual.
    assert_eq!(
        legal(&g),
        [
            "roll",
            "pre laborer",
            "pre guard",
            "pre hunter",
            "pre knight"
        ]
    );
    let events = run(&mut g, &ten(1));
    assert!(
        events
            .iter()
            .all(|e| !matches!(e, Event::Bought { .. } | Event::Passed { .. }))
    );
    assert_ne!(g.phase(), Phase::Buy, "the turn ends without buying");
}

#[test]
fn r23_one_optional_purchase_at_the_end_of_a_normal_turn() {
    let mut g = game(2, 0);
    run(&mut g, "roll, dice 5 5 5, keep 5, keep 5, keep 5");
    assert!(g.is_legal(seat(0), Action::PASS), "buying is optional (A7)");
    let events = run(&mut g, "buy laborer");
    assert!(events.contains(&Event::Bought {
        seat: seat(0),
        card: Card::Laborer
    }));
    // One card, then the turn is over.
    assert_eq!(g.next_seat(), Some(seat(1)));
    assert_eq!(g.phase(), Phase::PreRoll);
}

#[test]
fn r24_never_a_second_copy() {
    let mut g = game(3, 0);
    turn_of(
        &mut g,
        seat(0),
        "roll, dice 5 5 5, keep 5, keep 5, keep 5, buy guard",
    );
    turn_of(&mut g, seat(0), "roll, dice 5 5 5, keep 5, keep 5, keep 5");
    assert_eq!(
        reason(&g, "buy guard"),
        IllegalReason::AlreadyOwned { card: Card::Guard }
    );
    assert_eq!(
        g.supply(Card::Guard),
        Some(1),
        "one is left, for someone else"
    );
}

#[test]
fn r25_sold_out_cards_stay_sold_out() {
    let mut g = game(3, 0);
    let triple = "roll, dice 5 5 5, keep 5, keep 5, keep 5";
    turn_of(&mut g, seat(0), &format!("{triple}, buy guard"));
    turn_of(&mut g, seat(1), &format!("{triple}, buy guard"));
    assert_eq!(g.supply(Card::Guard), Some(0));
    for _ in 0..3 {
        turn_of(&mut g, seat(2), triple);
        assert_eq!(
            reason(&g, "buy guard"),
            IllegalReason::SoldOut { card: Card::Guard }
        );
        run(&mut g, "pass");
    }
}

#[test]
fn r26_jester_and_charlatan() {
    let mut g = game(3, 0);
    let any = "roll, dice 1 2 4, keep 1, keep 2, keep 4";
    turn_of(&mut g, seat(0), any);
    assert_eq!(reason(&g, "buy charlatan"), IllegalReason::NoFaceUpJester);
    run(&mut g, "buy jester");
    turn_of(&mut g, seat(0), any);
    assert_eq!(reason(&g, "buy jester"), IllegalReason::FaceUpJester);
    let supply = g.supply(Card::Jester);
    run(&mut g, "buy charlatan");
    // Turning it over takes nothing from the display and loses the re-roll.
    assert_eq!(g.supply(Card::Jester), supply);
    assert!(!g.owns(seat(0), Card::Jester) && g.owns(seat(0), Card::Charlatan));
    pass_until(&mut g, seat(0));
    run(&mut g, "roll, dice 1 2 4 6");
    assert_eq!(
        reason(&g, "jester 6"),
        IllegalReason::NotOwned { card: Card::Jester }
    );
    run(&mut g, "keep 1, keep 2, keep 4, keep 6, buy jester");
    assert_eq!(g.charlatans(seat(0)), 1);
    assert!(
        g.owns(seat(0), Card::Jester),
        "another Jester once all are Charlatans"
    );
}

#[test]
fn r27_the_row_hint_follows_from_the_costs() {
    // Fewest dice that can pay each card: 3 or fewer for row I, k + 2 for row k ≥ II.
    let results = all_results(8);
    for card in Card::ALL {
        let fewest = results
            .iter()
            .filter(|r| card.cost_met(**r))
            .map(|r| r.len())
            .min();
        let expected = match card.row() {
            Row::Jester | Row::I => None,
            Row::II => Some(4),
            Row::III => Some(5),
            Row::IV => Some(6),
            Row::V => Some(7),
        };
        match (card, expected) {
            (Card::Queen, _) => assert_eq!(fewest, None),
            (_, None) => assert!(fewest.is_some_and(|n| n <= 3), "{card}"),
            (_, Some(n)) => assert_eq!(fewest, Some(n), "{card}"),
        }
    }
}

#[test]
fn r28_the_start_marker_passes_right() {
    for players in 2..=5u8 {
        for first in 0..usize::from(players) {
            let mut g = game(players, first);
            let n = usize::from(players);
            for t in 0..3 * n * n {
                let (s0, t, n) = (first as i64, t as i64, n as i64);
                let expected = (s0 - t / n + t % n).rem_euclid(n) as usize;
                assert_eq!(
                    to_move(&g).index(),
                    expected,
                    "{players}p first {first} turn {t}"
                );
                assert_eq!(
                    g.start_player().index(),
                    (s0 - t / n).rem_euclid(n) as usize
                );
                pass_turn(&mut g);
            }
        }
    }
}

#[test]
fn r29_the_last_player_plays_twice_in_a_row() {
    let order = |players: u8, turns: usize| {
        let mut g = game(players, 0);
        (0..turns)
            .map(|_| {
                let s = to_move(&g).index();
                pass_turn(&mut g);
                s
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(
        order(4, 20),
        [0, 1, 2, 3, 3, 0, 1, 2, 2, 3, 0, 1, 1, 2, 3, 0, 0, 1, 2, 3]
    );
    assert_eq!(order(2, 6), [0, 1, 1, 0, 0, 1]);
}

#[test]
fn r30_buying_the_king() {
    let mut g = royal();
    pass_turn(&mut g); // seat 0 starts the next round
    run(&mut g, &strong_result(2, 7));
    // Seven equal dice may buy the King, or another card instead.
    let b = buys(&g);
    assert!(b.contains(&"king") && b.contains(&"hunter"), "{b:?}");
    let mut other = g;
    run(&mut other, "buy hunter");
    assert_eq!((other.stage(), other.king()), (Stage::Normal, None));
    let events = run(&mut g, "buy king");
    assert_eq!(
        events[0],
        Event::Bought {
            seat: seat(0),
            card: Card::King
        }
    );
    assert_eq!((g.king(), g.queen()), (Some(seat(0)), Some(seat(0))));
    assert_eq!(
        g.best(),
        Some(Value {
            count: 7,
            face: Face::Two
        })
    );
    assert_eq!(g.stage(), Stage::KingRound);
}

#[test]
fn r31_the_king_round_finishes_normally() {
    // Seat 0 starts round 9 and buys the King: seats 1 and 2 still play.
    let mut g = royal();
    pass_turn(&mut g);
    assert_eq!((g.start_player(), to_move(&g)), (seat(0), seat(0)));
    let round = g.round();
    run(&mut g, &format!("{}, buy king", strong_result(2, 7)));
    assert_eq!(
        (g.round(), g.stage(), to_move(&g)),
        (round, Stage::KingRound, seat(1))
    );
    // Normal turns: buying, but never the King, even with more equal dice (A14).
    run(&mut g, &ten(6));
    assert_eq!(
        reason(&g, "buy king"),
        IllegalReason::SoldOut { card: Card::King }
    );
    run(&mut g, "buy bishop");
    assert_eq!(
        g.best(),
        Some(Value {
            count: 7,
            face: Face::Two
        }),
        "not a competing result"
    );
    assert_eq!((g.stage(), to_move(&g)), (Stage::KingRound, seat(2)));
    pass_turn(&mut g);
    assert_eq!(g.stage(), Stage::FinalRound);

    // Seat 0 is the last of round 8: the final round follows at once.
    let (g, events) = royal_final(2, 7);
    assert!(events.contains(&Event::FinalRoundStarted {
        first: seat(1),
        queen: seat(0)
    }));
    assert_eq!(g.round(), 9);
}

#[test]
fn r32_final_round_order() {
    // 4 players: round R starts with seat 1 and seat 2 buys the King. The final round starts
    // right of seat 1, with seat 0, and goes clockwise without seat 2, who plays last.
    let mut g = game(4, 1);
    make_strong(&mut g, seat(2));
    make_strong(&mut g, seat(0));
    while !(g.start_player() == seat(1) && to_move(&g) == seat(2)) {
        pass_turn(&mut g);
    }
    let mut events = run(&mut g, &format!("{}, buy king", strong_result(2, 7)));
    events.extend(pass_turn(&mut g)); // seat 3
    events.extend(pass_turn(&mut g)); // seat 0, the last of the King round
    assert_eq!(g.stage(), Stage::FinalRound);
    // Seat 0 takes the King with eight 2s; seats 1 and 3 (3 dice) are skipped.
    events.extend(run(&mut g, &strong_result(2, 8)));
    let order: Vec<(usize, &str)> = events
        .iter()
        .skip_while(|e| !matches!(e, Event::FinalRoundStarted { .. }))
        .filter_map(|e| match *e {
            Event::TurnStarted { seat, .. } => Some((seat.index(), "plays")),
            Event::Skipped { seat, .. } => Some((seat.index(), "skipped")),
            _ => None,
        })
        .collect();
    assert_eq!(
        order,
        [(0, "plays"), (1, "skipped"), (3, "skipped"), (2, "plays")]
    );
    assert!(events.contains(&Event::FinalRoundStarted {
        first: seat(0),
        queen: seat(2)
    }));
    // The same order and parts, read from the state alone.
    let from_state: Vec<usize> = g.round_order().iter().map(|s| s.index()).collect();
    assert_eq!(from_state, [0, 1, 3, 2]);
    let parts: Vec<String> = (0..4)
        .map(|s| g.final_turn(seat(s)).unwrap().to_string())
        .collect();
    assert_eq!(parts, ["played 8x2", "skipped", "playing", "skipped"]);
    assert_eq!(
        g.max_dice(seat(1)),
        3,
        "why seat 1 was skipped: 3 dice cannot beat 8x2"
    );
}

/// A final-round turn that rolls ones and keeps them.
fn pass_turn_final(g: &mut Game) {
    let n = usize::from(g.dice_in_hand());
    run(
        g,
        &format!("roll, {}, {}", dice_of(1, n), times("keep 1", n)),
    );
}

#[test]
fn r33_final_round_results_are_recorded() {
    let (mut g, _) = royal_final(2, 7);
    run(&mut g, &ten(1));
    assert_eq!(
        g.final_result(seat(1)),
        Some(Value {
            count: 10,
            face: Face::One
        })
    );
    assert_eq!(g.final_result(seat(2)), None, "skipped: no result");
}

#[test]
fn r34_results_compare_by_count_then_face() {
    let v = |t: &str| dice(t).value().unwrap();
    assert!(v("1-1-1-1-1-1-1-1") > v("6-6-6-6-6-6-6"));
    assert!(v("4-4-4-4-4-4-4-1") > v("3-3-3-3-3-3-3-6-6"));
    // Only the largest group counts: other dice and sums are ignored.
    assert_eq!(v("3-3-3-3-3-3-3-3-6-6"), v("3-3-3-3-3-3-3-3"));
    // With two largest groups, the higher face.
    assert_eq!(
        v("2-2-5-5"),
        Value {
            count: 2,
            face: Face::Five
        }
    );
}

#[test]
fn r35_the_king_moves_to_a_better_result() {
    let (mut g, _) = royal_final(2, 7);
    let events = run(&mut g, &ten(1));
    let ten_ones = Value {
        count: 10,
        face: Face::One,
    };
    assert!(events.contains(&Event::KingTaken {
        seat: seat(1),
        value: ten_ones
    }));
    assert_eq!((g.king(), g.best()), (Some(seat(1)), Some(ten_ones)));
    assert!(g.owns(seat(1), Card::King) && !g.owns(seat(0), Card::King));
    assert!(g.owns(seat(0), Card::Queen), "the Queen stays");

    // A tie changes nothing: the earlier result prevails.
    let (mut g, _) = royal_final(2, 7);
    let seven_twos = format!(
        "roll, {}, guard, laborer, {}, roll, dice 6, keep 6",
        dice_of(2, 6),
        times("keep 2", 7)
    );
    let events = run(&mut g, &seven_twos);
    assert!(!events.iter().any(|e| matches!(e, Event::KingTaken { .. })));
    assert_eq!(g.king(), Some(seat(0)));
}

#[test]
fn r36_the_queen_wins_ties() {
    // Seat 1 takes the King with eight 2s; seat 0 (the Queen) ties with eight 2s and wins,
    // or falls short with seven and loses.
    let (mut g, _) = royal_final(2, 7);
    let eight_twos = format!(
        "roll, {}, guard, laborer, {}, roll, dice 2, keep 2",
        dice_of(2, 6),
        times("keep 2", 7)
    );
    run(&mut g, &eight_twos);
    assert_eq!(g.king(), Some(seat(1)));
    assert_eq!(to_move(&g), seat(0));
    let queen = |result: &str| {
        let mut g = g;
        run(&mut g, result);
        g.outcome()
    };
    assert_eq!(queen(&strong_result(2, 8)), Some(Outcome::Won(seat(0))));
    assert_eq!(queen(&strong_result(3, 8)), Some(Outcome::Won(seat(0))));
    assert_eq!(queen(&strong_result(6, 7)), Some(Outcome::Won(seat(1))));
}

#[test]
fn r37_players_who_cannot_beat_the_best_do_not_play() {
    // Best eight 2s: seat 1 (10 dice) plays, seat 2 (3 dice) is skipped.
    let (g, _) = royal_final(2, 8);
    assert_eq!(to_move(&g), seat(1));
    // Seat 1 with exactly as many dice as the best's count plays if a higher face exists
    // (f < 6) and is skipped otherwise: give the best ten dice to compare.
    assert!(g.can_beat(
        seat(1),
        Value {
            count: 10,
            face: Face::Five
        }
    ));
    assert!(!g.can_beat(
        seat(1),
        Value {
            count: 10,
            face: Face::Six
        }
    ));
    assert!(!g.can_beat(
        seat(1),
        Value {
            count: 11,
            face: Face::One
        }
    ));
    // The Queen's holder needs only to tie (A5).
    assert!(g.can_beat(
        seat(0),
        Value {
            count: 9,
            face: Face::Six
        }
    ));
    assert!(!g.can_beat(
        seat(0),
        Value {
            count: 10,
            face: Face::One
        }
    ));

    // Seat 1 takes the King with ten 1s: the Queen (9 dice at most) cannot tie and does not
    // roll; seat 1 wins.
    let (mut g, _) = royal_final(2, 8);
    let events = run(&mut g, &ten(1));
    assert!(events.contains(&Event::Skipped {
        seat: seat(2),
        max_dice: 3
    }));
    assert!(events.contains(&Event::Skipped {
        seat: seat(0),
        max_dice: 9
    }));
    assert_eq!(g.outcome(), Some(Outcome::Won(seat(1))));
}

#[test]
fn r38_the_queen_still_holding_the_king_wins_without_rolling() {
    // Only seat 0 can ever have 7 dice: in the final round everyone else is skipped, and the
    // Queen's holder, still holding the King, wins without rolling (A6).
    let mut g = game(3, 0);
    make_strong(&mut g, seat(0));
    pass_until(&mut g, seat(0));
    let mut events = run(&mut g, &format!("{}, buy king", strong_result(2, 7)));
    while !g.is_over() {
        events.extend(pass_turn(&mut g));
    }
    assert_eq!(g.outcome(), Some(Outcome::Won(seat(0))));
    let skipped: BTreeSet<usize> = events
        .iter()
        .filter_map(|e| match e {
            Event::Skipped { seat, .. } => Some(seat.index()),
            _ => None,
        })
        .collect();
    assert_eq!(skipped, BTreeSet::from([1, 2]));
    assert!(g.final_result(seat(0)).is_none(), "the Queen did not roll");
    assert_eq!(g.stage(), Stage::FinalRound);
}

#[test]
fn r39_truncated_when_nobody_buys_the_king() {
    let mut config = config(2, 0);
    config.max_rounds = Some(3);
    let mut g = Game::new(config).unwrap();
    for _ in 0..6 {
        pass_turn(&mut g);
    }
    assert_eq!(g.outcome(), Some(Outcome::Truncated));
    assert_eq!(g.winner(), None);
    assert!(Config::new(2).max_rounds.is_none(), "the rules: no bound");
    let mut bad = Config::new(2);
    bad.max_rounds = Some(0);
    assert!(Game::new(bad).is_err());

    // A King bought in the last allowed round still leads to the final round.
    config.max_rounds = Some(5);
    let mut g = Game::new(config).unwrap();
    make_strong(&mut g, seat(0));
    while !(g.round() == 4 && to_move(&g) == seat(0)) {
        pass_turn(&mut g);
    }
    run(&mut g, &format!("{}, buy king", strong_result(2, 7)));
    while !g.is_over() {
        match g.stage() {
            Stage::FinalRound => pass_turn_final(&mut g),
            _ => drop(pass_turn(&mut g)),
        }
    }
    assert_eq!(g.outcome(), Some(Outcome::Won(seat(0))));
    assert_eq!(g.round(), 5);
}

#[test]
fn r40_one_dense_action_space() {
    assert_eq!(Action::COUNT, 238);
    assert_eq!(ActionSet::ALL.len(), 238);
    let blocks: [(&str, usize); 16] = [
        ("roll", 1),
        ("keep", 6),
        ("pre", 7),
        ("bring", 6),
        ("queen", 6),
        ("jester", 6),
        ("maid", 12),
        ("philosopher", 26),
        ("alchemist", 70),
        ("astronomer", 30),
        ("magician", 30),
        ("merchant", 7),
        ("noblewoman", 6),
        ("nobleman", 5),
        ("buy", 19),
        ("pass", 1),
    ];
    let name = |a: Action| match a.kind() {
        ActionKind::BringIn(_) => "bring".to_owned(),
        _ => a.to_string().split(' ').next().unwrap().to_owned(),
    };
    let mut i = 0;
    for (block, len) in blocks {
        for _ in 0..len {
            assert_eq!(name(Action::from_index(i).unwrap()), block, "index {i}");
            i += 1;
        }
    }
    assert_eq!(i, Action::COUNT);
    assert_eq!(ChanceOutcome::COUNT, 12);
}
