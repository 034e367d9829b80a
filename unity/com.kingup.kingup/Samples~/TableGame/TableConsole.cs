// The sample played in a console, outside Unity (the test suite runs it under Mono): your
// seat picks its moves by a fixed rule, and every screen is checked against what the view
// may show. Not compiled by Unity (UNITY_5_3_OR_NEWER).
//
//   TableConsole.exe SEED
#if !UNITY_5_3_OR_NEWER
using System;

namespace KingUp.Samples
{
    internal static class TableConsole
    {
        private static int Main(string[] args)
        {
            ulong seed = args.Length > 0 ? ulong.Parse(args[0]) : TableGame.NewSeed();
            using (var table = new TableGame(4, 0, seed))
            {
                int moves = 0;
                while (!table.IsOver)
                {
                    if (!table.YourTurn)
                    {
                        table.PlayBot();
                        continue;
                    }
                    PlayerView me = table.View;
                    if (moves == 0)
                    {
                        Console.Write(table.Screen());
                    }
                    Check(me.Objective.Count == 6, "your objective is dealt and shown");
                    Check(me.LegalActions.Count > 0, "you have a move");
                    // Your rule: the last legal move (a vote: No while you have No cards).
                    table.Play(me.LegalActions[me.LegalActions.Count - 1]);
                    moves++;
                }
                PublicView end = table.View.Public;
                Check(end.Phase == Phase.GameOver && end.Winners.Count > 0, "the game ends with winners");
                Check(end.RoundsScored == 3, "three rounds were scored");
                Console.Write(table.Screen());
                Console.WriteLine("table game: you made " + moves + " moves");
            }
            return 0;
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
#endif
