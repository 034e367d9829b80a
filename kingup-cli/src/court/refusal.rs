//! Why the engine refuses the person's move, said to them: the engine speaks of seats in
//! the third person (`it does not have the Guard`); at the prompt the person is "you".

use kingup_court::IllegalReason;

/// `reason`, addressed to the person at the prompt.
pub(crate) fn refusal(reason: IllegalReason) -> String {
    match reason {
        IllegalReason::NotYourTurn { to_move } => format!("it is seat {to_move}'s turn, not yours"),
        IllegalReason::NotOwned { card } => format!("you do not have the {card}"),
        IllegalReason::AlreadyOwned { card } => format!("you already have the {card}"),
        IllegalReason::FaceUpJester => "you already have a face-up Jester".to_owned(),
        IllegalReason::CharlatanLimit => {
            "you have as many Charlatans as a seat may hold".to_owned()
        }
        IllegalReason::NoFaceUpJester => {
            "buying the Charlatan needs a face-up Jester of your own".to_owned()
        }
        // About the move, the dice or the display: no seat in the sentence.
        IllegalReason::NoSuchSeat { .. }
        | IllegalReason::GameOver
        | IllegalReason::ChancePending
        | IllegalReason::WrongPhase { .. }
        | IllegalReason::Selecting { .. }
        | IllegalReason::AlreadyUsed { .. }
        | IllegalReason::PreRollOff
        | IllegalReason::NoActiveDie { .. }
        | IllegalReason::NotSetAside { .. }
        | IllegalReason::MustSetAside
        | IllegalReason::PickOrder { .. }
        | IllegalReason::SoldOut { .. }
        | IllegalReason::CostNotMet { .. } => reason.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use kingup_court::Seat;
    use kingup_court::{Card, Face, Phase};

    use super::*;

    #[test]
    fn refusals_speak_to_you() {
        let reasons = [
            IllegalReason::NoSuchSeat { players: 3 },
            IllegalReason::GameOver,
            IllegalReason::ChancePending,
            IllegalReason::NotYourTurn {
                to_move: Seat::new(2).unwrap(),
            },
            IllegalReason::WrongPhase { phase: Phase::Buy },
            IllegalReason::Selecting {
                card: Card::Merchant,
            },
            IllegalReason::NotOwned { card: Card::Guard },
            IllegalReason::AlreadyUsed { card: Card::Maid },
            IllegalReason::PreRollOff,
            IllegalReason::NoActiveDie { face: Face::Four },
            IllegalReason::NotSetAside { face: Face::Two },
            IllegalReason::MustSetAside,
            IllegalReason::PickOrder { last: Face::Three },
            IllegalReason::AlreadyOwned { card: Card::Farmer },
            IllegalReason::SoldOut { card: Card::Hunter },
            IllegalReason::CostNotMet { card: Card::King },
            IllegalReason::NoFaceUpJester,
            IllegalReason::FaceUpJester,
            IllegalReason::CharlatanLimit,
        ];
        for reason in reasons {
            let text = refusal(reason);
            for third_person in ["it has", "it does", "it already"] {
                assert!(!text.contains(third_person), "{text}");
            }
        }
        assert_eq!(
            refusal(IllegalReason::NotOwned { card: Card::Guard }),
            "you do not have the Guard"
        );
    }
}
