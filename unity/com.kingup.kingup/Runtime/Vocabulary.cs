// The game's vocabulary as C# enums: the values are the C ABI's (kingup.h), so a raw value
// from a struct or a call converts with a cast.
namespace KingUp
{
    /// <summary>What a native call reports (KingupStatus).</summary>
    public enum Status : uint
    {
        Ok = 0,
        NullArgument = 1,
        InvalidArgument = 2,
        IllegalAction = 3,
        BufferTooSmall = 4,
        ParseError = 5,
        InternalError = 6,
    }

    /// <summary>How characters enter the castle (KingupSetup).</summary>
    public enum Setup : uint
    {
        Placement = 0,
        RandomLayout = 1,
    }

    /// <summary>How chance steps are decided (KingupChance).</summary>
    public enum Chance : uint
    {
        /// <summary>Drawn from the game's seed as soon as they are due (the default).</summary>
        Auto = 0,
        /// <summary>Left pending until ApplyChance or ResolveChance.</summary>
        Explicit = 1,
    }

    /// <summary>Where a game stands (KingupPhase).</summary>
    public enum Phase : uint
    {
        Setup = 0,
        Placement = 1,
        Climb = 2,
        Vote = 3,
        Score = 4,
        GameOver = 5,
    }

    /// <summary>Who acts next (KingupActorKind).</summary>
    public enum ActorKind : uint
    {
        Chance = 0,
        Seat = 1,
        Voters = 2,
        Nobody = 3,
    }

    /// <summary>What the pending chance step decides (KingupChanceKind).</summary>
    public enum ChanceKind : uint
    {
        None = 0,
        FirstPlayer = 1,
        Deal = 2,
        Layout = 3,
    }

    /// <summary>Which bot a <see cref="Bot"/> is (KingupBotKind).</summary>
    public enum BotKind : uint
    {
        /// <summary>Uniformly random legal moves: the baseline.</summary>
        Random = 0,
        /// <summary>Rules of thumb; fast.</summary>
        Heuristic = 1,
        /// <summary>Information-set Monte Carlo tree search over worlds sampled uniformly
        /// from its view: slow.</summary>
        Ismcts = 2,
        /// <summary>The same search, reading each opponent over the game (its card, and
        /// whether it plays by its card or at random; the reader preset): slow.</summary>
        Reader = 3,
    }

    /// <summary>A vote card (KingupVote).</summary>
    public enum Vote : uint
    {
        Yes = 0,
        No = 1,
    }

    /// <summary>The thirteen characters, in id order (bit <c>c</c> of a character mask is
    /// character <c>c</c>); the notation's letter is the initial.</summary>
    public enum Character : uint
    {
        Alighiero = 0,
        Beatrice = 1,
        Clemente = 2,
        Dario = 3,
        Ernesto = 4,
        Fiorello = 5,
        Giuseppe = 6,
        Irina = 7,
        Leonardo = 8,
        Martino = 9,
        Natale = 10,
        Odessa = 11,
        Piero = 12,
    }

    /// <summary>The castle's floors, bottom to top; a character on the Throne is the
    /// candidate, then the King.</summary>
    public enum Floor : uint
    {
        Servants = 0,
        Artisans = 1,
        Merchants = 2,
        Officials = 3,
        Dignitaries = 4,
        Nobles = 5,
        Throne = 6,
    }
}
