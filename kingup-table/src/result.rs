//! What a seat got from a finished game.

/// What one seat got from a finished game ([`Rules::result`](crate::Rules::result)), as
/// tournaments and arenas count it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatResult {
    /// The seat's score in the game's own unit (King Up!: total points; To Court the King:
    /// cards owned).
    pub score: u32,
    /// The seat's share of the win: 1 for a sole winner, `1/k` for each of `k` tied
    /// winners, 0 otherwise.
    pub win: f64,
}
