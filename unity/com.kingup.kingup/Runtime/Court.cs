// To Court the King for C#: the same conventions as King Up!'s wrapper (SafeHandles freed
// exactly once, KingUpException with status and reason, nothing changed by a failed call)
// over the kingup_court_* functions of the C ABI.
using System;
using System.Runtime.InteropServices;

namespace KingUp
{
    /// <summary>Where a court game stands (KingupCourtPhase).</summary>
    public enum CourtPhase : uint
    {
        Setup = 0,
        PreRoll = 1,
        Rolling = 2,
        Dice = 3,
        Select = 4,
        Buy = 5,
        GameOver = 6,
    }

    /// <summary>Which court bot (KingupCourtBotKind).</summary>
    public enum CourtBotKind : uint
    {
        Greedy = 0,
        Random = 1,
        Mcts = 2,
    }

    /// <summary>A To Court the King configuration (KingupCourtConfig).</summary>
    public struct CourtConfig
    {
        /// <summary>Number of players, 2 to 5.</summary>
        public uint Players;
        /// <summary>The seat that starts, or -1 to draw it (a chance step).</summary>
        public int FirstPlayer;
        /// <summary>The Jester never sells out (a Rio Grande variant).</summary>
        public bool UnlimitedJesters;
        /// <summary>Add-a-die cards may be used before the first roll (the default).</summary>
        public bool PrerollAbilities;
        /// <summary>Normal rounds after which a game without a King ends truncated; 0: none.</summary>
        public uint MaxRounds;
        /// <summary>Automatic or explicit chance.</summary>
        public Chance Chance;

        internal CourtConfig(KingupCourtConfig raw)
        {
            Players = raw.players;
            FirstPlayer = raw.first_player;
            UnlimitedJesters = raw.unlimited_jesters != 0;
            PrerollAbilities = raw.preroll_abilities != 0;
            MaxRounds = raw.max_rounds;
            Chance = (Chance)raw.chance;
        }

        internal KingupCourtConfig Raw()
        {
            return new KingupCourtConfig
            {
                players = Players,
                first_player = FirstPlayer,
                unlimited_jesters = UnlimitedJesters ? 1u : 0u,
                preroll_abilities = PrerollAbilities ? 1u : 0u,
                max_rounds = MaxRounds,
                chance = (uint)Chance,
            };
        }
    }

    /// <summary>Owns one native court game handle and frees it exactly once.</summary>
    public sealed class CourtGameHandle : SafeHandle
    {
        public CourtGameHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        internal void Adopt(IntPtr raw)
        {
            SetHandle(raw);
        }

        protected override unsafe bool ReleaseHandle()
        {
            NativeMethods.kingup_court_game_free((KingupCourtGame*)handle);
            return true;
        }
    }

    /// <summary>Owns one native court bot handle and frees it exactly once.</summary>
    public sealed class CourtBotHandle : SafeHandle
    {
        public CourtBotHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        internal void Adopt(IntPtr raw)
        {
            SetHandle(raw);
        }

        protected override unsafe bool ReleaseHandle()
        {
            NativeMethods.kingup_court_bot_free((KingupCourtBot*)handle);
            return true;
        }
    }

    /// <summary>Court constants and the notation, both ways.</summary>
    public static unsafe class Court
    {
        public const int ActionCount = (int)NativeMethods.KINGUP_COURT_ACTION_COUNT;
        public const int ChanceOutcomeCount = (int)NativeMethods.KINGUP_COURT_CHANCE_OUTCOME_COUNT;
        public const int ObservationLength = (int)NativeMethods.KINGUP_COURT_OBSERVATION_LEN;
        public const int MaxPlayers = (int)NativeMethods.KINGUP_COURT_MAX_PLAYERS;
        public const int MaxLegalActions = (int)NativeMethods.KINGUP_COURT_MAX_LEGAL_ACTIONS;

        /// <summary>The rules for <paramref name="players"/>: a random first player, no
        /// variant, no round bound, automatic chance.</summary>
        public static CourtConfig DefaultConfig(uint players)
        {
            KingupCourtConfig raw;
            Library.Check(NativeMethods.kingup_court_config_init(&raw, players));
            return new CourtConfig(raw);
        }

        /// <summary>"roll", "keep 4", "buy king", … for an action index.</summary>
        public static string ActionNotation(uint action)
        {
            return Library.Text((b, c, l) => NativeMethods.kingup_court_action_notation(action, b, c, l));
        }

        /// <summary>A sentence for an action index, e.g. "set aside a 4".</summary>
        public static string DescribeAction(uint action)
        {
            return Library.Text((b, c, l) => NativeMethods.kingup_court_action_describe(action, b, c, l));
        }

        /// <summary>The action index of a move in the notation (any case).</summary>
        public static uint ParseAction(string move)
        {
            return Parse(move, (t, n, o) => NativeMethods.kingup_court_action_parse(t, n, o));
        }

        /// <summary>"die 5", "first 2" for a chance outcome index.</summary>
        public static string ChanceNotation(uint outcome)
        {
            return Library.Text((b, c, l) => NativeMethods.kingup_court_chance_notation(outcome, b, c, l));
        }

        /// <summary>The chance outcome index of "die 5", "first 2".</summary>
        public static uint ParseChance(string outcome)
        {
            return Parse(outcome, (t, n, o) => NativeMethods.kingup_court_chance_parse(t, n, o));
        }

        private delegate KingupStatus ParseCall(byte* text, UIntPtr len, uint* index);

        private static uint Parse(string text, ParseCall call)
        {
            byte[] bytes = Library.Utf8(text, "text");
            uint index;
            fixed (byte* t = bytes)
            {
                Library.Check(call(t, (UIntPtr)bytes.Length, &index));
            }
            return index;
        }
    }

    /// <summary>A game of To Court the King, owning its native handle. Dispose it (or let
    /// the finalizer free it). A failed call throws KingUpException and changes nothing.</summary>
    public sealed unsafe class CourtGame : IDisposable
    {
        private readonly CourtGameHandle handle;

        private CourtGame(CourtGameHandle handle)
        {
            this.handle = handle;
        }

        internal Lease Enter()
        {
            return new Lease(handle);
        }

        internal static KingupCourtGame* Ptr(Lease lease)
        {
            return (KingupCourtGame*)lease.Pointer;
        }

        private static CourtGame Made(CourtGameHandle owner, KingupStatus status, KingupCourtGame* made)
        {
            Library.Check(status);
            owner.Adopt((IntPtr)made);
            return new CourtGame(owner);
        }

        /// <summary>A new game, chance drawn from the generator of <paramref name="seed"/>.</summary>
        public CourtGame(CourtConfig config, ulong seed)
        {
            KingupCourtConfig raw = config.Raw();
            KingupCourtGame* made = null;
            handle = Made(new CourtGameHandle(), NativeMethods.kingup_court_game_new(&raw, seed, &made), made).handle;
        }

        /// <summary>Loads a save document (ToJson, here or in any front end).</summary>
        public static CourtGame FromJson(string save)
        {
            byte[] bytes = Library.Utf8(save, "save");
            KingupCourtGame* made = null;
            fixed (byte* text = bytes)
            {
                return Made(new CourtGameHandle(),
                    NativeMethods.kingup_court_game_from_json(text, (UIntPtr)bytes.Length, &made), made);
            }
        }

        /// <summary>A game set up in a position document (PositionJson, edited), if the
        /// rules can reach it: its steps are a history of it, so it saves and plays on like
        /// any game. Chance then draws from the generator of <paramref name="seed"/>.</summary>
        public static CourtGame FromPosition(string position, ulong seed, Chance chance = Chance.Auto)
        {
            byte[] bytes = Library.Utf8(position, "position");
            KingupCourtGame* made = null;
            fixed (byte* text = bytes)
            {
                return Made(new CourtGameHandle(), NativeMethods.kingup_court_game_from_position(
                    text, (UIntPtr)bytes.Length, seed, (uint)chance, &made), made);
            }
        }

        public CourtGame Clone()
        {
            KingupCourtGame* made = null;
            using (Lease g = Enter())
            {
                return Made(new CourtGameHandle(), NativeMethods.kingup_court_game_clone(Ptr(g), &made), made);
            }
        }

        public void Dispose()
        {
            handle.Dispose();
        }

        public CourtConfig Config
        {
            get { KingupCourtConfig c; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_config(Ptr(g), &c)); return new CourtConfig(c); }
        }

        public CourtPhase Phase
        {
            get { uint p; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_phase(Ptr(g), &p)); return (CourtPhase)p; }
        }

        public Actor Actor
        {
            get { KingupActor a; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_actor(Ptr(g), &a)); return new Actor(a); }
        }

        public uint Round
        {
            get { uint r; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_round(Ptr(g), &r)); return r; }
        }

        /// <summary>The seat to move, or -1 for chance or once the game is over.</summary>
        public int NextSeat
        {
            get { int s; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_next_seat(Ptr(g), &s)); return s; }
        }

        /// <summary>The winner as a seat mask: 0 until the game is over, and if truncated.</summary>
        public uint Winners
        {
            get { uint w; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_winners(Ptr(g), &w)); return w; }
        }

        /// <summary>Whether the game ended at MaxRounds with nobody having bought the King.</summary>
        public bool Truncated
        {
            get { uint t; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_truncated(Ptr(g), &t)); return t != 0; }
        }

        public int Undoable
        {
            get { UIntPtr n; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_undoable(Ptr(g), &n)); return Library.ToInt(n); }
        }

        public int EventCount
        {
            get { UIntPtr n; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_event_count(Ptr(g), &n)); return Library.ToInt(n); }
        }

        /// <summary>Each seat's cards owned.</summary>
        public uint[] Scores()
        {
            using (Lease g = Enter())
            {
                return Library.Words(Court.MaxPlayers, (b, c, l) => NativeMethods.kingup_court_game_scores(Ptr(g), b, c, l));
            }
        }

        public uint[] LegalActions(uint seat)
        {
            using (Lease g = Enter())
            {
                return Library.Words(Court.MaxLegalActions,
                    (b, c, l) => NativeMethods.kingup_court_game_legal_actions(Ptr(g), seat, b, c, l));
            }
        }

        public byte[] ActionMask(uint seat)
        {
            using (Lease g = Enter())
            {
                return Library.Bytes(Court.ActionCount,
                    (b, c, l) => NativeMethods.kingup_court_game_action_mask(Ptr(g), seat, b, c, l));
            }
        }

        public float[] Observation(uint seat)
        {
            using (Lease g = Enter())
            {
                return Library.Floats(Court.ObservationLength,
                    (b, c, l) => NativeMethods.kingup_court_game_observation(Ptr(g), seat, b, c, l));
            }
        }

        public uint[] ChanceOutcomes(out double[] probabilities)
        {
            using (Lease g = Enter())
            {
                return Library.Outcomes(Court.ChanceOutcomeCount,
                    (o, p, c, l) => NativeMethods.kingup_court_game_chance_outcomes(Ptr(g), o, p, c, l), out probabilities);
            }
        }

        public void Apply(uint seat, uint action)
        {
            using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_apply(Ptr(g), seat, action));
        }

        public void ApplyChance(uint outcome)
        {
            using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_apply_chance(Ptr(g), outcome));
        }

        public void ResolveChance()
        {
            using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_resolve_chance(Ptr(g)));
        }

        public void Reseed(ulong seed)
        {
            using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_reseed(Ptr(g), seed));
        }

        public void Undo(uint seat)
        {
            using (Lease g = Enter()) Library.Check(NativeMethods.kingup_court_game_undo(Ptr(g), seat));
        }

        public string ToJson()
        {
            using (Lease g = Enter())
            {
                return Library.Text((b, c, l) => NativeMethods.kingup_court_game_to_json(Ptr(g), b, c, l));
            }
        }

        /// <summary>The whole state as plain data, as JSON (no generator): cards and
        /// Charlatans per seat, King, Queen, best, final results, the turn's dice.</summary>
        public string PositionJson()
        {
            using (Lease g = Enter())
            {
                return Library.Text((b, c, l) => NativeMethods.kingup_court_game_position_json(Ptr(g), b, c, l));
            }
        }

        /// <summary>The events from index <paramref name="from"/> on as a JSON array (a
        /// viewer is a seat or -1; every viewer sees the same).</summary>
        public string EventsJson(int viewer, int from)
        {
            if (from < 0)
            {
                throw new ArgumentOutOfRangeException("from");
            }
            using (Lease g = Enter())
            {
                return Library.Text((b, c, l) => NativeMethods.kingup_court_game_events_json(Ptr(g), viewer, (UIntPtr)from, b, c, l));
            }
        }
    }

    /// <summary>A court bot, owning its native handle; seeded, so the same seed and calls
    /// give the same actions.</summary>
    public sealed unsafe class CourtBot : IDisposable
    {
        private readonly CourtBotHandle handle = new CourtBotHandle();

        /// <summary><paramref name="iterations"/>: the MCTS bot's search per decision (0: its
        /// default); 0 for the others.</summary>
        public CourtBot(CourtBotKind kind, ulong seed, uint iterations = 0)
        {
            KingupCourtBot* made = null;
            Library.Check(NativeMethods.kingup_court_bot_new((uint)kind, seed, iterations, &made));
            handle.Adopt((IntPtr)made);
        }

        /// <summary>An action legal for <paramref name="seat"/> now; the game is not changed.</summary>
        public uint Choose(CourtGame game, uint seat)
        {
            if (game == null)
            {
                throw new ArgumentNullException("game");
            }
            uint action;
            using (Lease b = new Lease(handle))
            using (Lease g = game.Enter())
            {
                Library.Check(NativeMethods.kingup_court_bot_choose((KingupCourtBot*)b.Pointer, CourtGame.Ptr(g), seat, &action));
            }
            return action;
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }
}
