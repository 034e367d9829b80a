using System;

namespace KingUp
{
    /// <summary>A native call failed; the game (and a bot) is unchanged.</summary>
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
}
