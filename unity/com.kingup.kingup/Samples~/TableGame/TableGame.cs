// The table game of the sample, without Unity: one seat is yours, the others are bots, and
// your screen is drawn from your PlayerView (typed data, no JSON). KingUpTable.cs shows it
// in a scene; the test suite plays it under Mono (TableConsole.cs).
using System;
using System.Collections.Generic;
using System.Text;

namespace KingUp.Samples
{
    public sealed class TableGame : IDisposable
    {
        private readonly Game game;
        private readonly Bot[] bots;

        /// <summary>A standard game of <paramref name="players"/> seats; <paramref name="you"/>
        /// is yours, a heuristic bot and ISMCTS bots play the others. The seed decides every
        /// deal: draw it from a secure source (<see cref="NewSeed"/>) and keep it secret.</summary>
        public TableGame(uint players, uint you, ulong seed)
        {
            Library.CheckAbi();
            game = new Game(Library.DefaultConfig(players), seed);
            You = you;
            bots = new Bot[players];
            for (uint seat = 0; seat < players; seat++)
            {
                if (seat == you)
                {
                    continue;
                }
                // A light search: a few milliseconds a move, fine on the main thread.
                bots[seat] = seat % 2 == 1
                    ? new Bot(BotKind.Ismcts, seed + seat, 200)
                    : new Bot(BotKind.Heuristic, seed + seat);
            }
        }

        /// <summary>Your seat.</summary>
        public uint You { get; private set; }

        /// <summary>What you know: draw your screen from it.</summary>
        public PlayerView View
        {
            get { return game.GetPlayerView(You); }
        }

        public bool IsOver
        {
            get { return game.NextSeat < 0; }
        }

        /// <summary>Whether the game waits for you (in a vote, seats vote in seat order).</summary>
        public bool YourTurn
        {
            get { return game.NextSeat == (int)You; }
        }

        /// <summary>Plays your move, one of <c>View.LegalActions</c>. A move that is not legal
        /// throws KingUpException and changes nothing.</summary>
        public void Play(uint action)
        {
            game.Apply(You, action);
        }

        /// <summary>Lets the bot whose turn it is move; returns what it did, or null when
        /// it is your turn or the game is over.</summary>
        public string PlayBot()
        {
            int next = game.NextSeat;
            if (next < 0 || next == (int)You)
            {
                return null;
            }
            uint seat = (uint)next;
            uint action = bots[seat].Choose(game, seat);
            game.Apply(seat, action);
            // A vote stays secret until every seat has voted.
            string what = action >= Library.ActionCount - 2 ? "voted" : Library.DescribeAction(action);
            return "seat " + seat + " " + what;
        }

        /// <summary>A button's label for one of your moves: "B4  place Beatrice on Officials (3)".</summary>
        public static string Label(uint action)
        {
            return Library.ActionNotation(action) + "  " + Library.DescribeAction(action);
        }

        /// <summary>A fresh secret seed.</summary>
        public static ulong NewSeed()
        {
            var bytes = new byte[8];
            using (var rng = System.Security.Cryptography.RandomNumberGenerator.Create())
            {
                rng.GetBytes(bytes);
            }
            return BitConverter.ToUInt64(bytes, 0);
        }

        /// <summary>Your screen as text: round, phase, who moves, the castle by floor with
        /// your objective's characters marked, the vote, the crown, No cards and scores.</summary>
        public string Screen()
        {
            PlayerView me = View;
            PublicView table = me.Public;
            var text = new StringBuilder();
            text.AppendFormat("Round {0}/{1}, {2}", table.Round + 1, table.Rounds, table.Phase);
            text.Append(table.NextSeat < 0 ? "" : ", seat " + table.NextSeat + " to move");
            text.Append(YourTurn ? " (you)" : "").AppendLine();
            for (int f = Library.FloorCount - 1; f >= 0; f--)
            {
                text.AppendFormat("  {0,-11}", (Floor)f);
                foreach (Character c in table.On((Floor)f))
                {
                    text.Append(' ').Append(c).Append(me.Objective.Contains(c) ? "*" : "");
                }
                text.AppendLine();
            }
            if (table.Outside.Count > 0)
            {
                text.Append("  to place:   ").AppendLine(Join(table.Outside));
            }
            if (table.Eliminated.Count > 0)
            {
                text.Append("  voted down: ").AppendLine(Join(table.Eliminated));
            }
            if (table.Candidate.HasValue)
            {
                text.AppendFormat("Vote on {0}: seats {1} have voted", table.Candidate, Join(table.Voted));
                text.AppendLine(me.Vote.HasValue ? ", you voted " + me.Vote : "");
            }
            if (table.Crown.HasValue)
            {
                text.AppendLine("Crown: seat " + table.Crown);
            }
            text.AppendFormat("You are seat {0}: objective {1}, {2} No cards left, {3} points now",
                me.Seat, me.Objective.Count == 0 ? "not dealt" : Join(me.Objective), me.NoCards, me.CurrentPoints);
            text.AppendLine();
            text.Append("Totals:");
            for (int s = 0; s < table.Players; s++)
            {
                text.Append(' ').Append(table.Totals[s]).Append(table.Winners.Contains(s) ? " (wins)" : "");
            }
            return text.AppendLine().ToString();
        }

        private static string Join<T>(IEnumerable<T> items)
        {
            var parts = new List<string>();
            foreach (T item in items)
            {
                parts.Add(item.ToString());
            }
            return string.Join(", ", parts.ToArray());
        }

        public void Dispose()
        {
            foreach (Bot bot in bots)
            {
                if (bot != null)
                {
                    bot.Dispose();
                }
            }
            game.Dispose();
        }
    }
}
