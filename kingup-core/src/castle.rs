//! Where every character stands: the seven floors and the eliminated.

use core::fmt;

use crate::{Character, CharacterSet, Floor};

/// Where a character is in the current round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Position {
    /// Not yet in the castle (before placement or layout).
    Outside,
    /// On a floor; on the throne it is the candidate or the King.
    Floor(Floor),
    /// Voted down this round: out of the castle, scores nothing.
    Eliminated,
}

/// The castle: which characters stand on each floor, and which were eliminated.
///
/// Stored as one character mask per floor, so legal-move generation is a few bit
/// operations, with the head counts beside them packed one byte a floor in one word: which
/// floors are full is that word plus a constant, and the climbs below floors with room are
/// counted by one multiply, with no loop and no branch on the castle. The engine keeps every floor within its capacity.
///
/// ```
/// use kingup_core::{Castle, Character, Floor, Position};
///
/// let mut castle = Castle::new();
/// castle.put(Character::Odessa, Floor::Nobles);
/// assert_eq!(castle.position(Character::Odessa), Position::Floor(Floor::Nobles));
/// assert!(castle.can_climb(Character::Odessa));
/// assert_eq!(castle.king(), None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "CastleForm", into = "CastleForm")
)]
pub struct Castle {
    /// The characters on floor `f` in 16-bit lane `f` (bits `16 f..16 f + 13`) of one
    /// 128-bit word, the eliminated in lane 7; kept as two words so the castle stays 8-byte
    /// aligned. Every update is a whole-word read and write: a wide read just after a
    /// narrow write to part of it cannot be forwarded from the store, and stalls.
    lanes: [u64; 2],
    /// Floor `f`'s head count in byte `f`, kept in step with `lanes`: a popcount is a dozen
    /// instructions on CPUs without the instruction, and playouts ask for room constantly.
    counts: u64,
}

/// One in each byte of a word.
const BYTE_ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte.
const BYTE_HIGHS: u64 = 0x8080_8080_8080_8080;
/// Bytes 0-5: the floors a character may climb from.
const BELOW_THRONE: u64 = 0x0000_ffff_ffff_ffff;
/// Added to the head counts, sets the high bit of each full floor's byte: `0x80 - 4` on
/// floors 0-5, `0x80 - 1` on the throne (counts never pass 13, so no byte carries).
const FULL_AT: u64 = 0x007f_7c7c_7c7c_7c7c;

/// Bit 0 of each lane of floors 0-6.
const FLOOR_COLUMN: u128 = 0x0001_0001_0001_0001_0001_0001_0001;
/// Floors 0-3's points, weights for [`lane_counts`] of the low word: lane `i`'s count times
/// its points lands in the top lane (bits 48-63) after one multiply.
const LOW_FLOOR_POINTS: u64 = weights([
    Floor::Servants,
    Floor::Artisans,
    Floor::Merchants,
    Floor::Officials,
]);
/// Floors 4-6's points likewise for the high word (lane 7, the eliminated, weighs 0).
const HIGH_FLOOR_POINTS: u64 = weights([
    Floor::Dignitaries,
    Floor::Nobles,
    Floor::Throne,
    Floor::Servants,
]) & !0xffff;

/// Lane `i`'s floor's points at bits `48 - 16 i`.
const fn weights(floors: [Floor; 4]) -> u64 {
    let mut w = 0;
    let mut i = 0;
    while i < 4 {
        w |= (floors[i].points() as u64) << (48 - 16 * i);
        i += 1;
    }
    w
}

/// The number of set bits of each 16-bit lane of `x`, in that lane.
#[inline]
const fn lane_counts(x: u64) -> u64 {
    let pairs = x - (x >> 1 & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + (pairs >> 2 & 0x3333_3333_3333_3333);
    let bytes = (nibbles + (nibbles >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    (bytes + (bytes >> 8)) & 0x00ff_00ff_00ff_00ff
}

/// The lane of the eliminated.
const ELIMINATED_LANE: u32 = 7;

impl Castle {
    /// An empty castle: every character outside.
    pub const fn new() -> Castle {
        Castle {
            lanes: [0; 2],
            counts: 0,
        }
    }

    /// The lanes as one word.
    #[inline]
    const fn word(&self) -> u128 {
        self.lanes[0] as u128 | (self.lanes[1] as u128) << 64
    }

    #[inline]
    const fn set_word(&mut self, word: u128) {
        self.lanes = [word as u64, (word >> 64) as u64];
    }

    /// Lane `lane` of the word.
    #[inline]
    const fn lane(&self, lane: u32) -> CharacterSet {
        CharacterSet::from_bits_truncate((self.word() >> (16 * lane)) as u16 & 0x1fff)
    }

    /// The characters on `floor`.
    #[inline]
    pub const fn on(&self, floor: Floor) -> CharacterSet {
        self.lane(floor as u32)
    }

    /// How many characters stand on `floor`.
    #[inline]
    pub const fn count(&self, floor: Floor) -> usize {
        (self.counts >> (8 * floor as u32) & 0xff) as usize
    }

    /// The high bit of byte `f` set when floor `f` is full.
    #[inline]
    const fn full_bytes(&self) -> u64 {
        (self.counts + FULL_AT) & BYTE_HIGHS
    }

    /// Whether `floor` has room for one more character.
    #[inline]
    pub const fn has_room(&self, floor: Floor) -> bool {
        self.full_bytes() >> (8 * floor as u32 + 7) & 1 == 0
    }

    /// The placement floors (1–4) with room, bit `i` for `Floor::PLACEMENT[i]`.
    #[inline]
    pub(crate) const fn placement_room(&self) -> u32 {
        // The full bits of floors 1-4 moved to bits 0, 8, 16, 24, then gathered into bits
        // 24-27 by one multiply (the partial products never overlap).
        let bits = self.full_bytes() >> 15 & 0x0101_0101;
        let full = bits.wrapping_mul(0x0102_0408) >> 24 & 0xf;
        (!full & 0xf) as u32
    }

    /// The characters voted down this round.
    #[inline]
    pub const fn eliminated(&self) -> CharacterSet {
        self.lane(ELIMINATED_LANE)
    }

    /// The characters standing on any floor, throne included.
    #[inline]
    pub fn inside(&self) -> CharacterSet {
        // The seven floor lanes folded onto one.
        let [low, high] = self.lanes;
        let half = low | high & 0x0000_ffff_ffff_ffff;
        let set = (half | half >> 32) as u32;
        CharacterSet::from_bits_truncate((set | set >> 16) as u16 & 0x1fff)
    }

    /// How many characters stand inside, throne included.
    #[inline]
    pub(crate) fn inside_count(&self) -> u32 {
        (self.counts.wrapping_mul(BYTE_ONES) >> 56) as u32
    }

    /// The characters not yet placed (neither inside nor eliminated).
    #[inline]
    pub fn outside(&self) -> CharacterSet {
        CharacterSet::ALL
            .difference(self.inside())
            .difference(self.eliminated())
    }

    /// Where `character` is.
    pub fn position(&self, character: Character) -> Position {
        if self.eliminated().contains(character) {
            return Position::Eliminated;
        }
        Floor::ALL
            .into_iter()
            .find(|&f| self.on(f).contains(character))
            .map_or(Position::Outside, Position::Floor)
    }

    /// The floor `character` stands on, if it is inside.
    #[inline]
    pub fn floor_of(&self, character: Character) -> Option<Floor> {
        // The character's column of the floor lanes: no search whose exit (as good as
        // random in a playout) mispredicts.
        let column = (self.word() >> character as u32) & FLOOR_COLUMN;
        let index = column.trailing_zeros() / 16;
        Floor::from_index(index as usize)
    }

    /// The character on the throne: the candidate during a vote, the King once crowned.
    #[inline]
    pub const fn throne(&self) -> Option<Character> {
        self.on(Floor::Throne).first()
    }

    /// The King, if the throne is taken; same as [`Castle::throne`].
    #[inline]
    pub const fn king(&self) -> Option<Character> {
        self.throne()
    }

    /// The characters that may climb now: inside, with room on the floor above.
    #[inline]
    pub fn climbable(&self) -> CharacterSet {
        self.climbable_counted().0
    }

    /// [`Castle::climbable`] and its size.
    #[inline]
    pub(crate) fn climbable_counted(&self) -> (CharacterSet, u32) {
        let (_, set, count) = self.climb_lanes();
        (set, count)
    }

    /// The climbable characters, their number, and floors 0-5 as six 16-bit lanes of one
    /// word, each lane cleared when the floor above is full . No branch and no loop,
    /// though which floors are full is as good as random in a playout.
    #[inline]
    pub(crate) fn climb_lanes(&self) -> (u128, CharacterSet, u32) {
        let kept = self.word() & self.below_room_lanes();
        let half = (kept | kept >> 48) as u64;
        let set = (half | half >> 32 | half >> 16) as u16 & 0x1fff;
        // Each floor's climbable head count is its count where the floor above has room.
        (
            kept,
            CharacterSet::from_bits_truncate(set),
            self.climbable_count(),
        )
    }

    /// All ones in the 16-bit lane of each floor 0-5 whose floor above has room. From the
    /// head counts by shifts and masks alone (no table, whose load would lengthen every
    /// climb's chain of dependent steps): a bit per byte, spread to a bit per lane, widened.
    #[inline]
    const fn below_room_lanes(&self) -> u128 {
        let room = (!self.full_bytes() >> 8 & BYTE_HIGHS & BELOW_THRONE) >> 7;
        // Bytes 0-3 to lanes 0-3 of a word (bytes 4 and 5 likewise in the high word).
        const fn spread(bytes: u64) -> u64 {
            let halves = (bytes | bytes << 16) & 0x0000_ffff_0000_ffff;
            let lanes = (halves | halves << 8) & 0x00ff_00ff_00ff_00ff;
            lanes.wrapping_mul(0xffff)
        }
        spread(room & 0xffff_ffff) as u128 | (spread(room >> 32) as u128) << 64
    }

    /// How many characters may climb: [`Castle::climbable`]'s size from the head counts
    /// alone.
    #[inline]
    pub(crate) const fn climbable_count(&self) -> u32 {
        let below_room = (!self.full_bytes() >> 8 & BYTE_HIGHS & BELOW_THRONE) >> 7;
        ((self.counts & (below_room * 0xff)).wrapping_mul(BYTE_ONES) >> 56) as u32
    }

    /// The points `characters` score here: each on a floor scores the floor's points
    /// (eliminated and outside characters nothing). Every floor's share counted at once: the
    /// set copied into each floor's lane, each lane's bits counted (shifts and adds), and
    /// the counts weighed by the floors' points in one multiply per word.
    #[inline]
    pub(crate) fn points(&self, characters: CharacterSet) -> u8 {
        let kept = self.word() & (u128::from(characters.bits()) * FLOOR_COLUMN);
        let low = lane_counts(kept as u64).wrapping_mul(LOW_FLOOR_POINTS) >> 48;
        let high = lane_counts((kept >> 64) as u64).wrapping_mul(HIGH_FLOOR_POINTS) >> 48;
        // At most 10 + 3 × 5 + 2 × 4 (a floor's lane holds at most four).
        (low + high) as u8
    }

    /// The climbable characters' running head counts, floor by floor: byte `f` counts
    /// those on floors 0 to `f` (a floor's characters count when the floor above has room),
    /// so byte 5 is the number of legal climbs. One multiply over the head counts.
    #[inline]
    pub(crate) const fn climb_prefix(&self) -> u64 {
        let below_room = (!self.full_bytes() >> 8 & BYTE_HIGHS & BELOW_THRONE) >> 7;
        (self.counts & (below_room * 0xff)).wrapping_mul(BYTE_ONES)
    }

    /// Moves up the `k`-th climbable character counted floor by floor from floor 0 (in id
    /// order on a floor), given `prefix` from [`Castle::climb_prefix`] and `k` below its
    /// count; returns the character and the floor it reached. The floor is the number of
    /// running counts at most `k` (a byte-wise compare and one multiply), the slot on it `k`
    /// less the count below: no loop over characters and no branch on the castle.
    #[inline]
    pub(crate) fn raise_nth_climbable(&mut self, prefix: u64, k: u32) -> (Character, Floor) {
        // A byte's high bit survives the subtraction when its running count passes `k`;
        // the counts never pass 13, so no byte borrows from the next.
        let passed = (prefix | BYTE_HIGHS) - u64::from(k + 1) * BYTE_ONES;
        let before = !passed & BYTE_HIGHS & BELOW_THRONE;
        let from = (((before >> 7).wrapping_mul(BYTE_ONES) >> 56) as usize).min(5);
        let below = ((prefix << 8) >> (8 * from)) as u32 & 0xff;
        let lane = (self.lanes[from / 4] >> (16 * (from % 4))) as u32 & 0x1fff;
        let index = nth_of_four(lane, k.wrapping_sub(below));
        let character = Character::from_index(index as usize).unwrap_or(Character::Alighiero);
        (character, self.raise_from(from, character))
    }

    /// Moves `character`, which stands on floor `from` below the throne, up one floor
    /// (capacity not checked): the fast form of [`Castle::raise`] when the floor is known.
    #[inline]
    pub(crate) fn raise_from(&mut self, from: usize, character: Character) -> Floor {
        let from = from % 6;
        // The character's bit out of one lane and into the next.
        let bit = 1u128 << (16 * from + character.index());
        self.set_word(self.word() ^ (bit | bit << 16));
        // One floor's byte down, the next one up.
        self.counts += (1 << (8 * from + 8)) - (1 << (8 * from));
        Floor::from_index(from + 1).unwrap_or(Floor::Throne)
    }

    /// Moves `character` up one floor and returns the floor it reached, or `None` (and
    /// changes nothing) if it is not inside below the throne. Does not check capacity.
    #[inline]
    pub(crate) fn raise(&mut self, character: Character) -> Option<Floor> {
        let from = self.floor_of(character)?;
        from.up()?;
        Some(self.raise_from(from as usize, character))
    }

    #[inline]
    fn add_to(&mut self, floor: Floor, character: Character) {
        self.set_word(self.word() | 1 << (16 * floor as u32 + character as u32));
        self.counts += 1 << (8 * floor as u32);
    }

    #[inline]
    fn remove_from(&mut self, floor: Floor, character: Character) {
        self.set_word(self.word() & !(1 << (16 * floor as u32 + character as u32)));
        self.counts -= 1 << (8 * floor as u32);
    }

    /// Whether `character` is inside with room on the floor above.
    pub fn can_climb(&self, character: Character) -> bool {
        self.climbable().contains(character)
    }

    /// Puts `character` on `floor`, taking it from wherever it was. Does not check capacity:
    /// the engine checks before calling it.
    pub fn put(&mut self, character: Character, floor: Floor) {
        self.take(character);
        self.add_to(floor, character);
    }

    /// Puts `character`, which must be outside, on `floor` (placement and layout: the fast
    /// form of [`Castle::put`]).
    #[inline]
    pub(crate) fn enter(&mut self, character: Character, floor: Floor) {
        debug_assert!(self.outside().contains(character));
        self.add_to(floor, character);
    }

    /// Eliminates the character on the throne, if any (the candidate voted down): its bit
    /// moved from the throne's lane to the eliminated lane in one word update.
    #[inline]
    pub(crate) fn eliminate_candidate(&mut self) {
        let throne = self.word() >> (16 * Floor::Throne as u32) & 0x1fff;
        self.set_word(
            self.word()
                ^ (throne << (16 * Floor::Throne as u32) | throne << (16 * ELIMINATED_LANE)),
        );
        self.counts &= !(0xff << (8 * Floor::Throne as u32));
    }

    /// Removes `character` from the castle and marks it eliminated.
    pub fn eliminate(&mut self, character: Character) {
        self.take(character);
        self.set_word(self.word() | 1 << (16 * ELIMINATED_LANE + character as u32));
    }

    fn take(&mut self, character: Character) {
        if let Some(floor) = self.floor_of(character) {
            self.remove_from(floor, character);
        }
        self.set_word(self.word() & !(1 << (16 * ELIMINATED_LANE + character as u32)));
    }

    /// Moves every character outside onto `floor` (the leftovers after placement).
    pub(crate) fn put_outside_on(&mut self, floor: Floor) -> CharacterSet {
        let outside = self.outside();
        self.set_word(self.word() | u128::from(outside.bits()) << (16 * floor as u32));
        self.counts += (outside.len() as u64) << (8 * floor as u32);
        outside
    }

    /// A castle with these floors and eliminated, counted; `check` says if it is possible.
    #[cfg(feature = "serde")]
    fn from_sets(floors: [CharacterSet; Floor::COUNT], eliminated: CharacterSet) -> Castle {
        let mut castle = Castle::new();
        for (f, set) in floors.iter().enumerate() {
            castle.counts |= (set.len() as u64) << (8 * f);
            castle.set_word(castle.word() | u128::from(set.bits()) << (16 * f));
        }
        castle.set_word(castle.word() | u128::from(eliminated.bits()) << (16 * ELIMINATED_LANE));
        castle
    }

    /// Checks that no character is in two places and no floor is over capacity.
    pub fn check(&self) -> Result<(), CastleError> {
        let mut seen = self.eliminated();
        for floor in Floor::ALL {
            let set = self.on(floor);
            if let Some(c) = set.intersection(seen).first() {
                return Err(CastleError::CharacterTwice(c));
            }
            seen = seen.union(set);
            if set.len() > usize::from(floor.capacity()) {
                return Err(CastleError::FloorOverfull {
                    floor,
                    count: set.len(),
                });
            }
        }
        Ok(())
    }
}

/// Why a castle is impossible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CastleError {
    /// A character is in two places at once.
    #[error("{0} is in two places at once")]
    CharacterTwice(Character),
    /// A floor holds more than its capacity.
    #[error("{floor} holds {count} characters, more than its capacity")]
    FloorOverfull {
        /// The floor.
        floor: Floor,
        /// How many it holds.
        count: usize,
    },
}

/// The serde form of a castle: the characters on each floor (floor 0 first) and the
/// eliminated, as letter strings; checked when read.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct CastleForm {
    floors: [CharacterSet; Floor::COUNT],
    eliminated: CharacterSet,
}

#[cfg(feature = "serde")]
impl From<Castle> for CastleForm {
    fn from(castle: Castle) -> CastleForm {
        CastleForm {
            floors: Floor::ALL.map(|f| castle.on(f)),
            eliminated: castle.eliminated(),
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<CastleForm> for Castle {
    type Error = CastleError;

    fn try_from(form: CastleForm) -> Result<Castle, CastleError> {
        let castle = Castle::from_sets(form.floors, form.eliminated);
        castle.check().map(|()| castle)
    }
}

impl fmt::Display for Castle {
    /// The castle drawn top floor first, one line a floor, then the eliminated.
    ///
    /// ```text
    /// 6 Throne      | F
    /// 5 Nobles      | B
    /// ...
    /// 0 Servants    | A C G M
    ///   eliminated  | N
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for floor in Floor::ALL.into_iter().rev() {
            write!(f, "{} {:<11} |", floor.index(), floor.name())?;
            for c in self.on(floor) {
                write!(f, " {}", c.letter())?;
            }
            writeln!(f)?;
        }
        write!(f, "  {:<11} |", "eliminated")?;
        for c in self.eliminated() {
            write!(f, " {}", c.letter())?;
        }
        writeln!(f)
    }
}

/// The position of the `n`-th lowest set bit (`n` below 4) of a floor's lane, which holds
/// at most four: the lowest bit cleared up to three times, without a branch (a loop's exit
/// would mispredict on a random `n`).
#[inline]
fn nth_of_four(lane: u32, n: u32) -> u32 {
    // Each step clears the lowest bit only while `n` asks for it (`x & x` is `x`).
    let one = lane & lane.wrapping_sub(u32::from(n > 0));
    let two = one & one.wrapping_sub(u32::from(n > 1));
    let three = two & two.wrapping_sub(u32::from(n > 2));
    three.trailing_zeros()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each floor's characters counted one by one and weighted by its points, on castles
    /// filled at random (floors within capacity, some characters eliminated).
    #[test]
    fn points_are_each_floors_characters_times_its_points() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        for _ in 0..5000 {
            let mut castle = Castle::new();
            for character in Character::ALL {
                match next(9) {
                    0 => castle.eliminate(character),
                    1 => {}
                    f => {
                        let floor = Floor::ALL[(f as usize - 2) % Floor::COUNT];
                        if castle.count(floor) < usize::from(floor.capacity()) {
                            castle.put(character, floor);
                        }
                    }
                }
            }
            let characters = CharacterSet::from_bits_truncate(next(1 << 13) as u16);
            let expected: usize = Floor::ALL
                .into_iter()
                .map(|f| {
                    castle.on(f).intersection(characters).iter().count() * usize::from(f.points())
                })
                .sum();
            assert_eq!(
                usize::from(castle.points(characters)),
                expected,
                "{castle:?}"
            );
        }
    }

    #[test]
    fn climbing_respects_capacity() {
        let mut castle = Castle::new();
        for c in [
            Character::Alighiero,
            Character::Beatrice,
            Character::Clemente,
            Character::Dario,
        ] {
            castle.put(c, Floor::Dignitaries);
        }
        castle.put(Character::Odessa, Floor::Officials);
        assert!(!castle.has_room(Floor::Dignitaries));
        assert!(!castle.can_climb(Character::Odessa));
        assert!(castle.can_climb(Character::Alighiero));
        castle.put(Character::Piero, Floor::Throne);
        castle.put(Character::Leonardo, Floor::Nobles);
        assert!(!castle.can_climb(Character::Leonardo));
        castle.eliminate(Character::Piero);
        assert!(castle.can_climb(Character::Leonardo));
        assert_eq!(castle.position(Character::Piero), Position::Eliminated);
        assert_eq!(castle.climbable().len(), 5);
        assert_eq!(castle.position(Character::Irina), Position::Outside);
        assert_eq!(castle.outside().len(), 6);
    }

    /// The points by lanes are the floors' points summed one by one, and the `k`-th
    /// climber counted floor by floor is the `k`-th of the climbable characters sorted by
    /// floor, then id.
    #[test]
    fn points_and_the_kth_climber_agree_with_floor_by_floor_counts() {
        let mut castle = Castle::new();
        let layout = [
            (Character::Alighiero, Floor::Servants),
            (Character::Beatrice, Floor::Artisans),
            (Character::Clemente, Floor::Artisans),
            (Character::Dario, Floor::Merchants),
            (Character::Ernesto, Floor::Dignitaries),
            (Character::Fiorello, Floor::Dignitaries),
            (Character::Giuseppe, Floor::Dignitaries),
            (Character::Irina, Floor::Dignitaries),
            (Character::Leonardo, Floor::Nobles),
            (Character::Martino, Floor::Nobles),
            (Character::Natale, Floor::Throne),
        ];
        for (c, f) in layout {
            castle.put(c, f);
        }
        castle.eliminate(Character::Odessa);
        for bits in [0, 0x1fff, 0x0155, 0x0aaa, 0x1c00, 0x0001] {
            let set = CharacterSet::from_bits_truncate(bits);
            let by_floor: u8 = Floor::ALL
                .into_iter()
                .map(|f| castle.on(f).intersection(set).len() as u8 * f.points())
                .sum();
            assert_eq!(castle.points(set), by_floor, "{bits:#x}");
        }
        let mut sorted: std::vec::Vec<(Floor, Character)> = castle
            .climbable()
            .iter()
            .filter_map(|c| Some((castle.floor_of(c)?, c)))
            .collect();
        sorted.sort();
        let prefix = castle.climb_prefix();
        assert_eq!((prefix >> 40) as usize & 0xff, sorted.len());
        for (k, &(floor, character)) in sorted.iter().enumerate() {
            let mut moved = castle;
            let (climber, to) = moved.raise_nth_climbable(prefix, k as u32);
            assert_eq!((climber, Some(to)), (character, floor.up()), "{k}");
            assert_eq!(moved.floor_of(character), floor.up());
        }
    }

    #[test]
    fn draws_top_floor_first() {
        let mut castle = Castle::new();
        castle.put(Character::Fiorello, Floor::Throne);
        castle.eliminate(Character::Natale);
        let text = std::format!("{castle}");
        assert!(text.starts_with("6 Throne      | F\n"));
        assert!(text.ends_with("  eliminated  | N\n"));
    }
}
