using System;

namespace KingUp
{
    /// <summary>A computer player, owning its native bot handle. It picks an action for a
    /// seat of a game from that seat's player view only, so it never reads another seat's
    /// secret. Seeded: the same seed and the same calls give the same actions on every
    /// platform. Dispose it when done. Not thread-safe, like <see cref="Game"/>.</summary>
    public sealed unsafe class Bot : IDisposable
    {
        private readonly BotHandle handle = new BotHandle();

        /// <summary>A bot of <paramref name="kind"/> seeded with <paramref name="seed"/>.
        /// <paramref name="iterations"/> is the ISMCTS or reader search per decision (0: the
        /// kind's default, 1000 for ISMCTS; at most <see cref="Library.MaxBotIterations"/>)
        /// and must be 0 for the other kinds.</summary>
        public Bot(BotKind kind, ulong seed, uint iterations = 0)
        {
            KingupBot* made = null;
            Library.Check(NativeMethods.kingup_bot_new((uint)kind, seed, iterations, &made));
            handle.Adopt((IntPtr)made);
        }

        /// <summary>An action legal for <paramref name="seat"/> now, to pass to
        /// <see cref="Game.Apply"/>. The game is not changed. Throws KingUpException
        /// (InvalidArgument) when that seat may not act now. An ISMCTS or reader bot
        /// searches during the call: run it off the main thread in a game loop.</summary>
        public uint Choose(Game game, uint seat)
        {
            if (game == null)
            {
                throw new ArgumentNullException("game");
            }
            uint action;
            using (Lease b = new Lease(handle))
            using (Lease g = game.Enter())
            {
                Library.Check(NativeMethods.kingup_bot_choose((KingupBot*)b.Pointer, Game.Ptr(g), seat, &action));
            }
            return action;
        }

        public void Dispose()
        {
            handle.Dispose();
        }
    }
}
