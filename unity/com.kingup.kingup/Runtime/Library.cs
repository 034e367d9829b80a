using System;
using System.Runtime.InteropServices;
using System.Text;

namespace KingUp
{
    /// <summary>Library-wide functions and constants. The constants are the C ABI's
    /// (NativeMethods.g.cs, generated from the library's sources).</summary>
    public static unsafe class Library
    {
        /// <summary>The ABI this wrapper was generated for (KINGUP_ABI_VERSION).</summary>
        public const uint AbiVersion = NativeMethods.KINGUP_ABI_VERSION;
        public const int ActionCount = (int)NativeMethods.KINGUP_ACTION_COUNT;
        public const int ChanceOutcomeCount = (int)NativeMethods.KINGUP_CHANCE_OUTCOME_COUNT;
        public const int ObservationLength = (int)NativeMethods.KINGUP_OBSERVATION_LEN;
        public const int MaxPlayers = (int)NativeMethods.KINGUP_MAX_PLAYERS;
        public const int MaxRounds = (int)NativeMethods.KINGUP_MAX_ROUNDS;
        public const int MaxLegalActions = (int)NativeMethods.KINGUP_MAX_LEGAL_ACTIONS;
        public const int FloorCount = (int)NativeMethods.KINGUP_FLOOR_COUNT;
        public const int CharacterCount = (int)NativeMethods.KINGUP_CHARACTER_COUNT;
        /// <summary>Most iterations a searching <see cref="Bot"/> accepts (KINGUP_BOT_MAX_ITERATIONS).</summary>
        public const uint MaxBotIterations = NativeMethods.KINGUP_BOT_MAX_ITERATIONS;
        /// <summary>Bytes that hold any reason code with its NUL (KINGUP_MAX_REASON_LEN).</summary>
        public const int MaxReasonLength = (int)NativeMethods.KINGUP_MAX_REASON_LEN;
        /// <summary>Longest save document <see cref="Game.FromJson"/> reads, in UTF-8 bytes
        /// (KINGUP_MAX_SAVE_LEN); longer ones throw (ParseError, "too_long").</summary>
        public const int MaxSaveLength = (int)NativeMethods.KINGUP_MAX_SAVE_LEN;
        /// <summary>Longest JSON config <see cref="Game.FromConfigJson"/> reads, in UTF-8
        /// bytes (KINGUP_MAX_CONFIG_LEN).</summary>
        public const int MaxConfigLength = (int)NativeMethods.KINGUP_MAX_CONFIG_LEN;
        /// <summary>Longest move text <see cref="ParseAction"/> reads, in UTF-8 bytes
        /// (KINGUP_MAX_MOVE_LEN).</summary>
        public const int MaxMoveLength = (int)NativeMethods.KINGUP_MAX_MOVE_LEN;
        /// <summary>Bytes that hold any last-error message with its NUL
        /// (KINGUP_MAX_ERROR_LEN): a message quotes at most 40 characters of any input.</summary>
        public const int MaxErrorLength = (int)NativeMethods.KINGUP_MAX_ERROR_LEN;

        /// <summary>Throws unless the native library implements <see cref="AbiVersion"/>.</summary>
        public static void CheckAbi()
        {
            uint native = NativeMethods.kingup_abi_version();
            if (native != AbiVersion)
            {
                throw new InvalidOperationException(
                    "the kingup native library implements ABI " + native + ", this wrapper ABI " + AbiVersion);
            }
        }

        /// <summary>The native library's version, e.g. "0.1.0".</summary>
        public static string Version
        {
            get { return Marshal.PtrToStringAnsi((IntPtr)NativeMethods.kingup_version()); }
        }

        /// <summary>A short name for a status ("illegal action").</summary>
        public static string StatusName(Status status)
        {
            return Marshal.PtrToStringAnsi((IntPtr)NativeMethods.kingup_status_name((uint)status));
        }

        /// <summary>The standard game for <paramref name="players"/>: 3 rounds, placement, a
        /// random first player, automatic chance.</summary>
        public static Config DefaultConfig(uint players)
        {
            KingupConfig raw;
            Check(NativeMethods.kingup_config_init(&raw, players));
            return new Config(raw);
        }

        /// <summary>A sentence describing an action index, e.g. "climb Dario".</summary>
        public static string DescribeAction(uint action)
        {
            return Text((b, c, l) => NativeMethods.kingup_action_describe(action, b, c, l));
        }

        /// <summary>The notation of an action index: "B4" (place Beatrice on floor 4), "F"
        /// (climb Fiorello), "yes", "no" — the form of the moves in a save.</summary>
        public static string ActionNotation(uint action)
        {
            return Text((b, c, l) => NativeMethods.kingup_action_notation(action, b, c, l));
        }

        /// <summary>The action index of a move in the notation (any case, spaces around
        /// ignored). Throws KingUpException (ParseError, "malformed") for anything else.</summary>
        public static uint ParseAction(string move)
        {
            byte[] bytes = Utf8(move, "move");
            uint action;
            fixed (byte* text = bytes)
            {
                Check(NativeMethods.kingup_action_parse(text, (UIntPtr)bytes.Length, &action));
            }
            return action;
        }

        /// <summary>The message of the last failed call on this thread ("" after a success).</summary>
        public static string LastError()
        {
            return LastErrorPart(MaxErrorLength, (b, c, l) => NativeMethods.kingup_last_error(b, c, l));
        }

        /// <summary>The reason code of the last failed call on this thread ("" after a
        /// success). Reading it, like the message, leaves both in place.</summary>
        public static string LastErrorReason()
        {
            return LastErrorPart(MaxReasonLength, (b, c, l) => NativeMethods.kingup_last_error_reason(b, c, l));
        }

        private static string LastErrorPart(int size, TextCall call)
        {
            // Always large enough: the library bounds messages and reasons to these sizes.
            var buf = new byte[size];
            UIntPtr len;
            fixed (byte* b = buf)
            {
                if (call(b, (UIntPtr)buf.Length, &len) != KingupStatus.Ok)
                {
                    return "";
                }
            }
            return Encoding.UTF8.GetString(buf, 0, Math.Max(0, ToInt(len) - 1));
        }

        /// <summary>Throws KingUpException with the last error unless the call succeeded.</summary>
        internal static void Check(KingupStatus status)
        {
            if (status != KingupStatus.Ok)
            {
                throw new KingUpException((Status)status, LastErrorReason(), LastError());
            }
        }

        internal static int ToInt(UIntPtr value)
        {
            return checked((int)value.ToUInt64());
        }

        internal static byte[] Utf8(string text, string name)
        {
            if (text == null)
            {
                throw new ArgumentNullException(name);
            }
            return Encoding.UTF8.GetBytes(text);
        }

        /// <summary>A native call that writes text into a caller buffer.</summary>
        internal delegate KingupStatus TextCall(byte* buf, UIntPtr cap, UIntPtr* len);

        /// <summary>A native call that writes numbers into a caller buffer.</summary>
        internal delegate KingupStatus WordsCall(uint* buf, UIntPtr cap, UIntPtr* len);

        /// <summary>A NUL-terminated UTF-8 output as a string: asks for the size, then fills.</summary>
        internal static string Text(TextCall call)
        {
            UIntPtr len;
            KingupStatus status = call(null, UIntPtr.Zero, &len);
            if (status != KingupStatus.BufferTooSmall)
            {
                Check(status);
            }
            var buf = new byte[ToInt(len)];
            fixed (byte* b = buf)
            {
                Check(call(b, (UIntPtr)buf.Length, &len));
            }
            return Encoding.UTF8.GetString(buf, 0, buf.Length - 1);
        }

        /// <summary>A native call that writes bytes (a mask) into a caller buffer.</summary>
        internal delegate KingupStatus BytesCall(byte* buf, UIntPtr cap, UIntPtr* len);

        /// <summary>A native call that writes floats (an observation) into a caller buffer.</summary>
        internal delegate KingupStatus FloatsCall(float* buf, UIntPtr cap, UIntPtr* len);

        /// <summary>A native call that writes chance outcomes and their probabilities.</summary>
        internal delegate KingupStatus OutcomesCall(uint* outcomes, double* odds, UIntPtr cap, UIntPtr* len);

        /// <summary>Exactly <paramref name="n"/> bytes the call fills (an action mask).</summary>
        internal static byte[] Bytes(int n, BytesCall call)
        {
            var buf = new byte[n];
            UIntPtr len;
            fixed (byte* b = buf)
            {
                Check(call(b, (UIntPtr)buf.Length, &len));
            }
            return buf;
        }

        /// <summary>Exactly <paramref name="n"/> floats the call fills (an observation).</summary>
        internal static float[] Floats(int n, FloatsCall call)
        {
            var buf = new float[n];
            UIntPtr len;
            fixed (float* b = buf)
            {
                Check(call(b, (UIntPtr)buf.Length, &len));
            }
            return buf;
        }

        /// <summary>The pending chance step's outcomes (at most <paramref name="cap"/>) and
        /// their probabilities.</summary>
        internal static uint[] Outcomes(int cap, OutcomesCall call, out double[] probabilities)
        {
            var outcomes = new uint[cap];
            var odds = new double[cap];
            UIntPtr len;
            fixed (uint* o = outcomes)
            fixed (double* p = odds)
            {
                Check(call(o, p, (UIntPtr)outcomes.Length, &len));
            }
            Array.Resize(ref outcomes, ToInt(len));
            Array.Resize(ref odds, ToInt(len));
            probabilities = odds;
            return outcomes;
        }

        /// <summary>A list of numbers no longer than <paramref name="cap"/>, the most the
        /// call ever writes.</summary>
        internal static uint[] Words(int cap, WordsCall call)
        {
            var buf = new uint[cap];
            UIntPtr len;
            fixed (uint* b = buf)
            {
                Check(call(b, (UIntPtr)buf.Length, &len));
            }
            Array.Resize(ref buf, ToInt(len));
            return buf;
        }
    }
}
