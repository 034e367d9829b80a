// The small value types of the API: a game's configuration, who acts, the pending chance
// step. Plain data; the raw structs of NativeMethods.g.cs are converted field by field.
namespace KingUp
{
    /// <summary>A game configuration (KingupConfig).</summary>
    public struct Config
    {
        /// <summary>Number of players, 3 to 6.</summary>
        public uint Players;
        /// <summary>3 rounds (standard) or 1 (quick variant).</summary>
        public uint Rounds;
        /// <summary>A <see cref="KingUp.Setup"/> value.</summary>
        public uint Setup;
        /// <summary>The seat that starts round 1, or -1 for a random draw.</summary>
        public int FirstPlayer;
        /// <summary>A <see cref="KingUp.Chance"/> value: automatic (0, the default) or explicit.</summary>
        public uint Chance;

        internal Config(KingupConfig raw)
        {
            Players = raw.players;
            Rounds = raw.rounds;
            Setup = raw.setup;
            FirstPlayer = raw.first_player;
            Chance = raw.chance;
        }

        internal KingupConfig Raw()
        {
            return new KingupConfig
            {
                players = Players,
                rounds = Rounds,
                setup = Setup,
                first_player = FirstPlayer,
                chance = Chance,
            };
        }
    }

    /// <summary>Who acts next (KingupActor).</summary>
    public struct Actor
    {
        /// <summary>An <see cref="ActorKind"/> value.</summary>
        public uint Kind;
        /// <summary>The seat to move for ActorKind.Seat, otherwise -1.</summary>
        public int Seat;
        /// <summary>The seats that may act now, as a bit mask.</summary>
        public uint Seats;

        internal Actor(KingupActor raw)
        {
            Kind = raw.kind;
            Seat = raw.seat;
            Seats = raw.seats;
        }

        public ActorKind KindValue { get { return (ActorKind)Kind; } }
    }

    /// <summary>The pending chance step (KingupChanceStep).</summary>
    public struct ChanceStep
    {
        /// <summary>A <see cref="ChanceKind"/> value.</summary>
        public uint Kind;
        /// <summary>The seat being dealt, the character being laid out, or -1.</summary>
        public int Subject;

        internal ChanceStep(KingupChanceStep raw)
        {
            Kind = raw.kind;
            Subject = raw.subject;
        }
    }
}
