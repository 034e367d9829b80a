// A whole game of To Court the King in the console: a greedy bot, a random bot and a small
// tree search play three seats to the end; every event is printed as it happens (the way a
// Unity scene would animate them), a refused move shows its reason, the opening position
// sets the game up again, and the save reloads.
// Plain C#, for Mono or any .NET console (the test suite runs it under Mono).
//
//   CourtConsole.exe SEED
using System;

namespace KingUp.Samples
{
    internal static class CourtConsole
    {
        private static int Main(string[] args)
        {
            ulong seed = args.Length > 0 ? ulong.Parse(args[0]) : 1;
            CourtConfig config = Court.DefaultConfig(3);
            config.MaxRounds = 30; // a bound, so that a game of bots always ends
            using (var game = new CourtGame(config, seed))
            using (var greedy = new CourtBot(CourtBotKind.Greedy, seed))
            using (var random = new CourtBot(CourtBotKind.Random, seed + 1))
            using (var search = new CourtBot(CourtBotKind.Mcts, seed + 2, 20))
            {
                CourtBot[] bots = { greedy, random, search };
                // The position: the whole state as JSON, no generator (what a scene draws
                // from); a front end can set a game up from one, edited (FromPosition).
                string opening = game.PositionJson();
                using (CourtGame again = CourtGame.FromPosition(opening, seed))
                {
                    Check(again.PositionJson() == opening, "a position sets the game up again");
                }
                int seen = 0;
                Show(game, ref seen);
                // A move out of turn is refused, with its reason, and changes nothing.
                string before = game.ToJson();
                try
                {
                    game.Apply((uint)(game.NextSeat + 1) % 3, Court.ParseAction("roll"));
                    return 1;
                }
                catch (KingUpException e)
                {
                    Console.WriteLine("refused: " + e.Reason);
                }
                Check(game.ToJson() == before, "a refused move changes nothing");

                while (game.NextSeat >= 0)
                {
                    uint seat = (uint)game.NextSeat;
                    uint action = bots[seat].Choose(game, seat);
                    Console.WriteLine("seat " + seat + ": " + Court.DescribeAction(action));
                    game.Apply(seat, action);
                    Show(game, ref seen);
                }
                Check(game.Phase == CourtPhase.GameOver, "the game is over");
                uint[] cards = game.Scores();
                Console.WriteLine(game.Truncated
                    ? "truncated after " + config.MaxRounds + " rounds"
                    : "seat " + Seat(game.Winners) + " wins the King");
                Console.WriteLine("cards: " + string.Join(" ", cards));
                using (CourtGame loaded = CourtGame.FromJson(game.ToJson()))
                {
                    Check(loaded.ToJson() == game.ToJson(), "the save reloads");
                }
            }
            return 0;
        }

        /// <summary>Prints the events since the last call (a JSON array, one event a line).</summary>
        private static void Show(CourtGame game, ref int seen)
        {
            string events = game.EventsJson(-1, seen);
            seen = game.EventCount;
            if (events != "[]")
            {
                Console.WriteLine("  " + events.Substring(1, events.Length - 2).Replace("},{", "}\n  {"));
            }
        }

        private static int Seat(uint mask)
        {
            for (int s = 0; s < 32; s++)
            {
                if ((mask >> s & 1) != 0)
                {
                    return s;
                }
            }
            return -1;
        }

        private static void Check(bool condition, string what)
        {
            if (!condition)
            {
                throw new InvalidOperationException("check failed: " + what);
            }
        }
    }
}
