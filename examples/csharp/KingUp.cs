// KingUp.cs: a C# wrapper over the kingup C ABI (kingup-ffi/include/kingup.h), for Unity
// (Mono or IL2CPP) and plain .NET / Mono. C# 7 syntax; no unsafe code.
//
// - Handles are owned by GameHandle, a SafeHandle: the native game is freed exactly once,
//   by Dispose or by the finalizer, even if an exception interrupts the caller.
// - Structs are blittable (uint / int fields only), so they cross without marshalling
//   copies; arrays are blittable primitives too.
// - Every failed call throws KingUpException carrying the status, the reason code
//   ("not_your_turn", "card_unavailable", ...) and the library's message; the game is
//   unchanged when that happens.
// - A game is the core's session: the same seed and calls give the same game, and the same
//   save document, as every other front end (Python, C, Rust).
// - On iOS (and WebGL) the library is linked statically into the player, so the import
//   name is "__Internal"; everywhere else it is the dynamic library kingup_ffi.
//
// Not thread-safe: use one Game from one thread at a time (different games may be used
// from different threads). See docs/unity.md and docs/c-api.md.
using System;
using System.Runtime.InteropServices;
using System.Text;

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
        /// <summary>Information-set Monte Carlo tree search: strongest, slowest.</summary>
        Ismcts = 2,
    }

    /// <summary>A game configuration (KingupConfig), blittable.</summary>
    [StructLayout(LayoutKind.Sequential)]
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
    }

    /// <summary>Who acts next (KingupActor), blittable.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct Actor
    {
        /// <summary>An <see cref="ActorKind"/> value.</summary>
        public uint Kind;
        /// <summary>The seat to move for ActorKind.Seat, otherwise -1.</summary>
        public int Seat;
        /// <summary>The seats that may act now, as a bit mask.</summary>
        public uint Seats;

        public ActorKind KindValue { get { return (ActorKind)Kind; } }
    }

    /// <summary>The pending chance step (KingupChanceStep), blittable.</summary>
    [StructLayout(LayoutKind.Sequential)]
    public struct ChanceStep
    {
        /// <summary>A <see cref="ChanceKind"/> value.</summary>
        public uint Kind;
        /// <summary>The seat being dealt, the character being laid out, or -1.</summary>
        public int Subject;
    }

    /// <summary>A native call failed; the game is unchanged.</summary>
    public sealed class KingUpException : Exception
    {
        public readonly Status Status;
        /// <summary>Why, as a stable code: the engine's ("floor_full", "not_your_turn",
        /// "card_unavailable", "nothing_to_undo", ...) or the library's ("null_argument",
        /// "buffer_too_small", "invalid_utf8", ...). See docs/c-api.md.</summary>
        public readonly string Reason;

        public KingUpException(Status status, string reason, string message)
            : base(status + " (" + reason + "): " + message)
        {
            Status = status;
            Reason = reason;
        }
    }

    /// <summary>Owns one native game handle and frees it exactly once.</summary>
    public sealed class GameHandle : SafeHandle
    {
        public GameHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            Native.kingup_game_free(handle);
            return true;
        }
    }

    /// <summary>Owns one native bot handle and frees it exactly once.</summary>
    public sealed class BotHandle : SafeHandle
    {
        public BotHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }

        protected override bool ReleaseHandle()
        {
            Native.kingup_bot_free(handle);
            return true;
        }
    }

    /// <summary>The raw imports, one per entry point of kingup.h.</summary>
    internal static class Native
    {
#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR
        // Statically linked into the player: symbols are looked up in the executable.
        private const string Lib = "__Internal";
#else
        // libkingup_ffi.so, libkingup_ffi.dylib or kingup_ffi.dll.
        private const string Lib = "kingup_ffi";
#endif
        private const CallingConvention Cdecl = CallingConvention.Cdecl;

        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern uint kingup_abi_version();
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern IntPtr kingup_version();
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern IntPtr kingup_status_name(uint status);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_last_error([Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_last_error_reason([Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_action_describe(uint action, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_action_notation(uint action, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_action_parse(byte[] text, UIntPtr len, out uint action);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_config_init(out Config config, uint players);

        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_new(ref Config config, ulong seed, out GameHandle game);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_new_json(byte[] json, UIntPtr len, uint chance, ulong seed, out GameHandle game);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_from_json(byte[] json, UIntPtr len, out GameHandle game);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_clone(GameHandle game, out GameHandle copy);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_sample(GameHandle game, uint seat, ulong seed, out GameHandle world);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern void kingup_game_free(IntPtr game);

        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_config(GameHandle game, out Config config);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_phase(GameHandle game, out uint phase);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_actor(GameHandle game, out Actor actor);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_round(GameHandle game, out uint round);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_next_seat(GameHandle game, out int seat);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_king(GameHandle game, out int character);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_chance_describe(GameHandle game, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_chance_step(GameHandle game, out ChanceStep step);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_chance_outcomes(GameHandle game, [Out] uint[] outcomes, [Out] double[] probabilities, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_legal_actions(GameHandle game, uint seat, [Out] uint[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_action_mask(GameHandle game, uint seat, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_observation(GameHandle game, uint seat, [Out] float[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_scores(GameHandle game, [Out] uint[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_totals(GameHandle game, [Out] uint[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_winners(GameHandle game, out uint mask);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_event_count(GameHandle game, out UIntPtr count);

        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_apply(GameHandle game, uint seat, uint action);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_apply_chance(GameHandle game, uint outcome);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_resolve_chance(GameHandle game);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_reseed(GameHandle game, ulong seed);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_undo(GameHandle game, uint seat);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_undoable(GameHandle game, out UIntPtr count);

        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_to_json(GameHandle game, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_player_view_json(GameHandle game, uint seat, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_public_view_json(GameHandle game, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_game_events_json(GameHandle game, int viewer, UIntPtr from, [Out] byte[] buf, UIntPtr cap, out UIntPtr len);

        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_bot_new(uint kind, ulong seed, uint iterations, out BotHandle bot);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern void kingup_bot_free(IntPtr bot);
        [DllImport(Lib, CallingConvention = Cdecl)] internal static extern Status kingup_bot_choose(BotHandle bot, GameHandle game, uint seat, out uint action);
    }

    /// <summary>Library-wide functions and constants.</summary>
    public static class Library
    {
        /// <summary>The ABI this wrapper was written for (KINGUP_ABI_VERSION).</summary>
        public const uint AbiVersion = 2;
        public const int ActionCount = 67;
        public const int ChanceOutcomeCount = 42;
        public const int ObservationLength = 401;
        public const int MaxPlayers = 6;
        public const int MaxLegalActions = 52;
        /// <summary>Most ISMCTS iterations a <see cref="Bot"/> accepts (KINGUP_BOT_MAX_ITERATIONS).</summary>
        public const uint MaxBotIterations = 1000000;
        /// <summary>Bytes that hold any reason code with its NUL (KINGUP_MAX_REASON_LEN).</summary>
        public const int MaxReasonLength = 32;
        /// <summary>Longest save document <see cref="Game.FromJson"/> reads, in UTF-8 bytes
        /// (KINGUP_MAX_SAVE_LEN); longer ones throw (ParseError, "too_long").</summary>
        public const int MaxSaveLength = 1048576;
        /// <summary>Longest JSON config <see cref="Game.FromConfigJson"/> reads, in UTF-8
        /// bytes (KINGUP_MAX_CONFIG_LEN).</summary>
        public const int MaxConfigLength = 65536;
        /// <summary>Longest move text <see cref="ParseAction"/> reads, in UTF-8 bytes
        /// (KINGUP_MAX_MOVE_LEN).</summary>
        public const int MaxMoveLength = 64;
        /// <summary>Bytes that hold any last-error message with its NUL
        /// (KINGUP_MAX_ERROR_LEN): a message quotes at most 40 characters of any input.</summary>
        public const int MaxErrorLength = 512;

        /// <summary>Throws unless the native library implements <see cref="AbiVersion"/>.</summary>
        public static void CheckAbi()
        {
            uint native = Native.kingup_abi_version();
            if (native != AbiVersion)
            {
                throw new InvalidOperationException(
                    "kingup_ffi implements ABI " + native + ", this wrapper needs " + AbiVersion);
            }
        }

        public static string Version { get { return Marshal.PtrToStringAnsi(Native.kingup_version()); } }

        public static string StatusName(Status status)
        {
            return Marshal.PtrToStringAnsi(Native.kingup_status_name((uint)status));
        }

        /// <summary>The standard game for <paramref name="players"/>.</summary>
        public static Config DefaultConfig(uint players)
        {
            Config config;
            Check(Native.kingup_config_init(out config, players));
            return config;
        }

        /// <summary>A sentence describing an action index, e.g. "climb Dario".</summary>
        public static string DescribeAction(uint action)
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.kingup_action_describe(action, b, c, out l));
        }

        /// <summary>The notation of an action index: "B4" (place Beatrice on floor 4), "F"
        /// (climb Fiorello), "yes", "no" — the form of the moves in a save.</summary>
        public static string ActionNotation(uint action)
        {
            return Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.kingup_action_notation(action, b, c, out l));
        }

        /// <summary>The action index of a move in the notation (any case, spaces around
        /// ignored). Throws KingUpException (ParseError, "malformed") for anything else.</summary>
        public static uint ParseAction(string move)
        {
            if (move == null)
            {
                throw new ArgumentNullException("move");
            }
            byte[] bytes = Encoding.UTF8.GetBytes(move);
            uint action;
            Check(Native.kingup_action_parse(bytes, (UIntPtr)bytes.Length, out action));
            return action;
        }

        /// <summary>The message of the last failed call on this thread.</summary>
        public static string LastError()
        {
            UIntPtr len;
            // Always large enough: the library bounds every message to this size.
            var buf = new byte[MaxErrorLength];
            Native.kingup_last_error(buf, (UIntPtr)buf.Length, out len);
            return Encoding.UTF8.GetString(buf, 0, Math.Max(0, Math.Min(buf.Length, ToInt(len)) - 1));
        }

        /// <summary>The reason code of the last failed call on this thread ("" after a
        /// success). Reading it, like the message, leaves both in place.</summary>
        public static string LastErrorReason()
        {
            UIntPtr len;
            var buf = new byte[MaxReasonLength];
            Native.kingup_last_error_reason(buf, (UIntPtr)buf.Length, out len);
            return Encoding.ASCII.GetString(buf, 0, Math.Max(0, ToInt(len) - 1));
        }

        internal static void Check(Status status)
        {
            if (status != Status.Ok)
            {
                throw new KingUpException(status, LastErrorReason(), LastError());
            }
        }

        internal static int ToInt(UIntPtr value)
        {
            return checked((int)value.ToUInt64());
        }

        /// <summary>A native call that fills a caller buffer and reports the length.</summary>
        internal delegate Status Fill<T>(T[] buf, UIntPtr cap, out UIntPtr len);

        /// <summary>Fills a buffer of <paramref name="guess"/> elements, retrying once with
        /// the size the library asks for when that is too small.</summary>
        internal static T[] List<T>(Fill<T> call, int guess)
        {
            var buf = new T[guess];
            UIntPtr len;
            Status status = call(buf, (UIntPtr)buf.Length, out len);
            if (status == Status.BufferTooSmall)
            {
                buf = new T[ToInt(len)];
                status = call(buf, (UIntPtr)buf.Length, out len);
            }
            Check(status);
            if (ToInt(len) != buf.Length)
            {
                Array.Resize(ref buf, ToInt(len));
            }
            return buf;
        }

        /// <summary>A NUL-terminated UTF-8 text output as a string.</summary>
        internal static string Text(Fill<byte> call)
        {
            byte[] bytes = List(call, 4096);
            return Encoding.UTF8.GetString(bytes, 0, bytes.Length - 1);
        }
    }

    /// <summary>A game of King Up!, owning its native handle. Dispose it when done.</summary>
    public sealed class Game : IDisposable
    {
        private readonly GameHandle handle;

        private Game(GameHandle handle)
        {
            this.handle = handle;
        }

        /// <summary>A new game with the default deck, drawing chance from the generator of
        /// <paramref name="seed"/>. With automatic chance (config.Chance, the default) the
        /// first deals are drawn at once and a seat is to move: the same seed and moves give
        /// the same game as in every other front end. A seed predicts every deal: keep it
        /// from players.</summary>
        public Game(Config config, ulong seed)
        {
            Library.Check(Native.kingup_game_new(ref config, seed, out handle));
        }

        /// <summary>A new game from a JSON config, which may carry a custom deck.</summary>
        public static Game FromConfigJson(string json, ulong seed, Chance chance = Chance.Auto)
        {
            byte[] bytes = Encoding.UTF8.GetBytes(json);
            GameHandle h;
            Library.Check(Native.kingup_game_new_json(bytes, (UIntPtr)bytes.Length, (uint)chance, seed, out h));
            return new Game(h);
        }

        /// <summary>A game loaded from a save document (<see cref="ToJson"/>, here or in any
        /// other front end). Its steps are replayed, so it has the whole event log and goes
        /// on exactly as the saved game would. An edited or corrupted save throws
        /// KingUpException (ParseError) with the reason: "malformed", "version",
        /// "generator", "card_unavailable", "not_your_turn", ...</summary>
        public static Game FromJson(string save)
        {
            byte[] bytes = Encoding.UTF8.GetBytes(save);
            GameHandle h;
            Library.Check(Native.kingup_game_from_json(bytes, (UIntPtr)bytes.Length, out h));
            return new Game(h);
        }

        public Game Clone()
        {
            GameHandle h;
            Library.Check(Native.kingup_game_clone(handle, out h));
            return new Game(h);
        }

        /// <summary>A complete game consistent with everything <paramref name="seat"/>
        /// knows (information-set sampling). This game is unchanged.</summary>
        public Game Sample(uint seat, ulong seed)
        {
            GameHandle h;
            Library.Check(Native.kingup_game_sample(handle, seat, seed, out h));
            return new Game(h);
        }

        public void Dispose()
        {
            handle.Dispose();
        }

        /// <summary>The native handle, for other wrappers' calls (<see cref="Bot.Choose"/>).</summary>
        internal GameHandle Handle { get { return handle; } }

        public Config Config
        {
            get { Config c; Library.Check(Native.kingup_game_config(handle, out c)); return c; }
        }

        public Phase Phase
        {
            get { uint p; Library.Check(Native.kingup_game_phase(handle, out p)); return (Phase)p; }
        }

        public Actor Actor
        {
            get { Actor a; Library.Check(Native.kingup_game_actor(handle, out a)); return a; }
        }

        public uint Round
        {
            get { uint r; Library.Check(Native.kingup_game_round(handle, out r)); return r; }
        }

        /// <summary>The seat that acts next (in a vote, the lowest seat still to vote), or -1
        /// when chance is to move or the game is over.</summary>
        public int NextSeat
        {
            get { int s; Library.Check(Native.kingup_game_next_seat(handle, out s)); return s; }
        }

        /// <summary>The crowned King of the round as a character index (0-12), or -1.</summary>
        public int King
        {
            get { int k; Library.Check(Native.kingup_game_king(handle, out k)); return k; }
        }

        /// <summary>What the pending chance step decides ("deal seat 2's objective"), or "".</summary>
        public string ChanceDescription
        {
            get
            {
                return Library.Text((byte[] b, UIntPtr c, out UIntPtr l) =>
                    Native.kingup_game_chance_describe(handle, b, c, out l));
            }
        }

        /// <summary>How many of the last steps <see cref="Undo"/> could take back.</summary>
        public int Undoable
        {
            get { UIntPtr n; Library.Check(Native.kingup_game_undoable(handle, out n)); return Library.ToInt(n); }
        }

        public ChanceStep ChanceStep
        {
            get { ChanceStep s; Library.Check(Native.kingup_game_chance_step(handle, out s)); return s; }
        }

        /// <summary>The winners as a seat mask: 0 until the game is over.</summary>
        public uint Winners
        {
            get { uint w; Library.Check(Native.kingup_game_winners(handle, out w)); return w; }
        }

        public int EventCount
        {
            get { UIntPtr n; Library.Check(Native.kingup_game_event_count(handle, out n)); return Library.ToInt(n); }
        }

        public uint[] LegalActions(uint seat)
        {
            return Library.List((uint[] b, UIntPtr c, out UIntPtr l) =>
                Native.kingup_game_legal_actions(handle, seat, b, c, out l), Library.MaxLegalActions);
        }

        /// <summary>One byte per action index: 1 when legal for <paramref name="seat"/>.</summary>
        public byte[] ActionMask(uint seat)
        {
            return Library.List((byte[] b, UIntPtr c, out UIntPtr l) =>
                Native.kingup_game_action_mask(handle, seat, b, c, out l), Library.ActionCount);
        }

        public float[] Observation(uint seat)
        {
            return Library.List((float[] b, UIntPtr c, out UIntPtr l) =>
                Native.kingup_game_observation(handle, seat, b, c, out l), Library.ObservationLength);
        }

        /// <summary>The outcomes of the pending chance step and their probabilities.</summary>
        public uint[] ChanceOutcomes(out double[] probabilities)
        {
            var odds = new double[32];
            uint[] outcomes = Library.List((uint[] b, UIntPtr c, out UIntPtr l) =>
                Native.kingup_game_chance_outcomes(handle, b, odds, c, out l), 32);
            Array.Resize(ref odds, outcomes.Length);
            probabilities = odds;
            return outcomes;
        }

        /// <summary>Points of the scored rounds, row by row (rounds × players).</summary>
        public uint[] Scores()
        {
            return Library.List((uint[] b, UIntPtr c, out UIntPtr l) =>
                Native.kingup_game_scores(handle, b, c, out l), 3 * Library.MaxPlayers);
        }

        public uint[] Totals()
        {
            return Library.List((uint[] b, UIntPtr c, out UIntPtr l) =>
                Native.kingup_game_totals(handle, b, c, out l), Library.MaxPlayers);
        }

        public void Apply(uint seat, uint action)
        {
            Library.Check(Native.kingup_game_apply(handle, seat, action));
        }

        public void ApplyChance(uint outcome)
        {
            Library.Check(Native.kingup_game_apply_chance(handle, outcome));
        }

        public void ResolveChance()
        {
            Library.Check(Native.kingup_game_resolve_chance(handle));
        }

        /// <summary>Draws the deals to come from the generator of <paramref name="seed"/>;
        /// the steps so far are kept. A save made afterwards goes on with the new stream.</summary>
        public void Reseed(ulong seed)
        {
            Library.Check(Native.kingup_game_reseed(handle, seed));
        }

        /// <summary>Takes back <paramref name="seat"/>'s last action, if it is the last step
        /// and nothing was revealed since. Throws KingUpException (IllegalAction) with the
        /// reason "nothing_to_undo", "not_your_step" or "revealed" otherwise.</summary>
        public void Undo(uint seat)
        {
            Library.Check(Native.kingup_game_undo(handle, seat));
        }

        /// <summary>The save document: config, chance mode, generator state and every step.
        /// It holds every secret: keep it on the host, never send it to a player.</summary>
        public string ToJson()
        {
            return Library.Text((byte[] b, UIntPtr c, out UIntPtr l) => Native.kingup_game_to_json(handle, b, c, out l));
        }

        /// <summary>What <paramref name="seat"/> knows, safe to send to that player.</summary>
        public string PlayerViewJson(uint seat)
        {
            return Library.Text((byte[] b, UIntPtr c, out UIntPtr l) =>
                Native.kingup_game_player_view_json(handle, seat, b, c, out l));
        }

        /// <summary>Everything public, safe to send to anyone.</summary>
        public string PublicViewJson()
        {
            return Library.Text((byte[] b, UIntPtr c, out UIntPtr l) =>
                Native.kingup_game_public_view_json(handle, b, c, out l));
        }

        /// <summary>The events from <paramref name="from"/> on as <paramref name="viewer"/>
        /// (a seat, or -1 for a spectator) may see them, as a JSON array.</summary>
        public string EventsJson(int viewer, int from)
        {
            return Library.Text((byte[] b, UIntPtr c, out UIntPtr l) =>
                Native.kingup_game_events_json(handle, viewer, (UIntPtr)(uint)from, b, c, out l));
        }
    }

    /// <summary>A computer player, owning its native bot handle. It picks an action for a
    /// seat of a game from that seat's player view only, so it never reads another seat's
    /// secret. Seeded: the same seed and the same calls give the same actions on every
    /// platform. Dispose it when done. Not thread-safe, like <see cref="Game"/>.</summary>
    public sealed class Bot : IDisposable
    {
        private readonly BotHandle handle;

        /// <summary>A bot of <paramref name="kind"/> seeded with <paramref name="seed"/>.
        /// <paramref name="iterations"/> is the ISMCTS search per decision (0: the default,
        /// 1000; at most <see cref="Library.MaxBotIterations"/>) and must be 0 for the
        /// other kinds.</summary>
        public Bot(BotKind kind, ulong seed, uint iterations = 0)
        {
            Library.Check(Native.kingup_bot_new((uint)kind, seed, iterations, out handle));
        }

        /// <summary>An action legal for <paramref name="seat"/> now, to pass to
        /// <see cref="Game.Apply"/>. The game is not changed. Throws KingUpException
        /// (InvalidArgument) when that seat may not act now. An ISMCTS bot searches
        /// during the call: run it off the main thread in a game loop.</summary>
        public uint Choose(Game game, uint seat)
        {
            if (game == null)
            {
                throw new ArgumentNullException("game");
            }
            uint action;
            Library.Check(Native.kingup_bot_choose(handle, game.Handle, seat, out action));
            return action;
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }
}
