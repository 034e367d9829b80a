// Plays whole games of King Up! through the Unity package's wrapper
// (unity/com.kingup.kingup/Runtime), as a Unity front end would (saves that load and play on
// the same, undo, the move notation, typed player views), and checks that bad input throws
// KingUpException with the right status and reason and changes nothing.
//
//   mcs -langversion:7.2 -unsafe -out:KingUpExample.exe unity/com.kingup.kingup/Runtime/*.cs Program.cs
//   LD_LIBRARY_PATH=<the directory of libkingup.so> mono KingUpExample.exe
using System;
using System.Collections.Generic;
using System.Text;
using KingUp;

internal static class Program
{
    private static int Main()
    {
        try
        {
            Library.CheckAbi();
            Console.WriteLine("kingup " + Library.Version + " from C# (ABI " + Library.AbiVersion + ")");
            for (uint players = 3; players <= 6; players++)
            {
                Config config = Library.DefaultConfig(players);
                config.Setup = (uint)(players % 2 == 0 ? Setup.Placement : Setup.RandomLayout);
                PlaySeeded(config);
            }
            PlayExplicitChance(new Random(7));
            PlayCustomDeck();
            PlayBots();
            ViewsKeepSecrets();
            BadInput();
            Console.WriteLine("csharp: all games finished, bad input refused");
            return 0;
        }
        catch (Exception e)
        {
            Console.Error.WriteLine("error: " + e);
            return 1;
        }
    }

    private static void Require(bool condition, string what)
    {
        if (!condition)
        {
            throw new InvalidOperationException("check failed: " + what);
        }
    }

    private static uint ActingSeat(Actor actor)
    {
        uint seat = 0;
        while (((actor.Seats >> (int)seat) & 1u) == 0)
        {
            seat++;
        }
        return seat;
    }

    /// <summary>One random legal move by the seat that acts next; checks the mask, the
    /// observation and the notation on the way, and now and then takes the move back and
    /// plays it again.</summary>
    private static void Move(Game game, Random rng)
    {
        uint seat = ActingSeat(game.Actor);
        Require(game.NextSeat == (int)seat, "the next seat is the lowest that may act");
        uint[] legal = game.LegalActions(seat);
        byte[] mask = game.ActionMask(seat);
        Require(legal.Length > 0 && mask.Length == Library.ActionCount, "legal actions and mask");
        foreach (uint action in legal)
        {
            Require(mask[action] == 1, "the mask agrees with the legal actions");
        }
        Require(game.Observation(seat).Length == Library.ObservationLength, "observation length");
        uint chosen = legal[rng.Next(legal.Length)];
        Require(Library.ParseAction(Library.ActionNotation(chosen)) == chosen, "the notation reads back");
        string before = game.ToJson();
        game.Apply(seat, chosen);
        if (rng.Next(5) == 0 && game.Undoable > 0)
        {
            string after = game.ToJson();
            game.Undo(seat);
            Require(game.ToJson() == before, "undo restores the game");
            game.Apply(seat, chosen);
            Require(game.ToJson() == after, "and the move plays again the same");
        }
    }

    /// <summary>Plays to the end; under automatic chance no chance step is ever pending,
    /// under explicit chance it is drawn from the game's generator or, with
    /// <paramref name="pickChance"/>, picked here among the offered outcomes.</summary>
    private static int PlayOut(Game game, Random rng, bool pickChance)
    {
        int moves = 0;
        while (true)
        {
            Actor actor = game.Actor;
            if (actor.KindValue == ActorKind.Nobody)
            {
                return moves;
            }
            if (actor.KindValue != ActorKind.Chance)
            {
                Move(game, rng);
                moves++;
            }
            else if (pickChance)
            {
                double[] odds;
                uint[] outcomes = game.ChanceOutcomes(out odds);
                Require(outcomes.Length > 0 && outcomes.Length == odds.Length, "chance outcomes");
                game.ApplyChance(outcomes[rng.Next(outcomes.Length)]);
            }
            else
            {
                game.ResolveChance();
            }
        }
    }

    private static void Report(string name, Game game, int moves)
    {
        Require(game.Phase == Phase.GameOver, "the game is over");
        uint[] totals = game.Totals();
        uint winners = game.Winners;
        Require(winners != 0, "someone wins");
        var line = name + ": " + moves + " moves, " + game.EventCount + " events, totals";
        for (int s = 0; s < totals.Length; s++)
        {
            line += " " + totals[s] + (((winners >> s) & 1u) != 0 ? "*" : "");
        }
        Console.WriteLine(line);
    }

    /// <summary>A seeded game; a sampled world, and a game loaded from a save of the first
    /// position, played with the same picks, end the same as the original.</summary>
    private static void PlaySeeded(Config config)
    {
        using (var game = new Game(config, (ulong)config.Players))
        using (var world = game.Sample(0, 99))
        using (var restored = Game.FromJson(game.ToJson()))
        {
            Require(game.Actor.KindValue != ActorKind.Chance, "automatic chance dealt round 1");
            Require(world.PlayerViewJson(0) == game.PlayerViewJson(0), "sampling keeps seat 0's view");
            Require(restored.ToJson() == game.ToJson(), "saves round-trip");
            Require(restored.EventCount == game.EventCount, "a loaded save has the whole log");
            PlayOut(world, new Random(1), false);
            int moves = PlayOut(game, new Random(2), false);
            PlayOut(restored, new Random(2), false);
            Require(restored.ToJson() == game.ToJson(), "a loaded save plays on the same");
            string spectator = game.EventsJson(-1, 0);
            Require(spectator.Contains("\"type\":\"game_over\""), "the log ends with game over");
            Require(!spectator.Contains("\"vote\":\"no\""), "spectators never see a committed vote");
            Require(game.Scores().Length == (int)(config.Players * config.Rounds), "scores");
            Require(game.King >= 0, "the last round crowned a King");
            Report(config.Players + " players", game, moves);
        }
    }

    private static void PlayExplicitChance(Random rng)
    {
        Config config = Library.DefaultConfig(4);
        config.Rounds = 1;
        config.Setup = (uint)Setup.RandomLayout;
        config.Chance = (uint)Chance.Explicit;
        using (var game = new Game(config, 0))
        {
            Require(game.ChanceStep.Kind == (uint)ChanceKind.FirstPlayer, "round 1 starts by drawing a first player");
            Require(game.ChanceDescription == "draw the first player", "the chance step in words");
            Require(game.NextSeat == -1, "nobody acts while chance is pending");
            Report("quick, explicit chance", game, PlayOut(game, rng, true));
        }
    }

    private static void PlayCustomDeck()
    {
        const string json = "{\"players\": 3, \"rounds\": 3, \"first_player\": {\"seat\": 2}, \"deck\": "
            + "[\"ABCDEF\", \"GILMNO\", \"PABCDE\", \"FGILMN\", \"OPABCD\", \"EFGILM\", \"NOPABC\", \"DEFGIL\", \"MNOPAB\"]}";
        using (var game = Game.FromConfigJson(json, 5))
        {
            Require(game.Config.FirstPlayer == 2, "the config is kept");
            using (var twin = game.Clone())
            {
                int moves = PlayOut(game, new Random(3), false);
                PlayOut(twin, new Random(3), false);
                Require(twin.ToJson() == game.ToJson(), "a clone replays the same game");
                Report("custom deck (JSON), clone", game, moves);
            }
        }
        Console.WriteLine("action 55 is " + Library.ActionNotation(55) + ", \"" + Library.DescribeAction(55) + "\"");
    }

    /// <summary>A heuristic bot (seat 0) against ISMCTS bots (seats 1 and 2) and a reader bot
    /// (seat 3), as a front end runs its computer opponents; then the bots' bad input.</summary>
    private static void PlayBots()
    {
        const uint iterations = 30; // small for a quick test; 0 asks for the kind's default
        Config config = Library.DefaultConfig(4);
        using (var game = new Game(config, 2024))
        using (var heuristic = new Bot(BotKind.Heuristic, 1))
        using (var ismcts1 = new Bot(BotKind.Ismcts, 11, iterations))
        using (var ismcts2 = new Bot(BotKind.Ismcts, 12, iterations))
        using (var reader = new Bot(BotKind.Reader, 13, iterations))
        {
            Bot[] bots = { heuristic, ismcts1, ismcts2, reader };
            int moves = 0;
            // Automatic chance: a seat is always to move until the game is over.
            for (int next = game.NextSeat; next >= 0; next = game.NextSeat)
            {
                uint seat = (uint)next;
                if (moves == 0)
                {
                    BotBadInput(game, bots[seat], seat);
                }
                uint action = bots[seat].Choose(game, seat);
                Require(Array.IndexOf(game.LegalActions(seat), action) >= 0, "the bot's action is legal");
                game.Apply(seat, action);
                moves++;
            }
            Refused(game, Status.InvalidArgument, "game_over", () => heuristic.Choose(game, 0));
            Report("heuristic vs 2 ismcts bots and a reader bot", game, moves);
        }
    }

    private static void BotBadInput(Game game, Bot bot, uint seat)
    {
        using (var a = new Bot(BotKind.Random, 5))
        using (var b = new Bot(BotKind.Random, 5))
        {
            Require(a.Choose(game, seat) == b.Choose(game, seat), "a seeded bot is deterministic");
        }
        Refused(game, Status.InvalidArgument, "no_such_bot_kind", () => new Bot((BotKind)7, 0));
        Refused(game, Status.InvalidArgument, "iterations", () => new Bot(BotKind.Heuristic, 0, 10));
        Refused(game, Status.InvalidArgument, "iterations", () => new Bot(BotKind.Ismcts, 0, Library.MaxBotIterations + 1));
        Refused(game, Status.InvalidArgument, "no_such_seat", () => bot.Choose(game, 4));
        Refused(game, Status.InvalidArgument, "not_your_turn", () => bot.Choose(game, (seat + 1) % 4));
    }

    /// <summary>Runs a bad call: it must throw with <paramref name="expected"/> and
    /// <paramref name="reason"/> and leave <paramref name="game"/> as it was.</summary>
    private static void Refused(Game game, Status expected, string reason, Action call)
    {
        string before = game.ToJson();
        int events = game.EventCount;
        try
        {
            call();
        }
        catch (KingUpException e)
        {
            Require(e.Status == expected, "status " + e.Status + " (" + e.Message + "), expected " + expected);
            Require(e.Reason == reason, "reason " + e.Reason + " (" + e.Message + "), expected " + reason);
            Require(e.Message.Length > reason.Length + expected.ToString().Length + 6, "the failure is explained");
            Require(game.ToJson() == before && game.EventCount == events, "the game is unchanged");
            return;
        }
        throw new InvalidOperationException("a bad call succeeded, expected " + expected);
    }

    /// <summary>Everything a typed player view says, as text, to compare two views.</summary>
    private static string Describe(PlayerView me)
    {
        PublicView t = me.Public;
        var text = new StringBuilder();
        text.AppendFormat("seat {0} objective {1} card {2} vote {3} no {4} points {5} legal {6}\n", me.Seat,
            string.Join(",", Names(me.Objective)), me.ObjectiveCard, me.Vote, me.NoCards, me.CurrentPoints,
            string.Join(",", Names(me.LegalActions)));
        text.AppendFormat("{0}/{1} {2} next {3} candidate {4} king {5} crown {6} voted {7}\n", t.Round, t.Rounds,
            t.Phase, t.NextSeat, t.Candidate, t.King, t.Crown, string.Join(",", Names(t.Voted)));
        for (int f = 0; f < Library.FloorCount; f++)
        {
            text.Append(string.Join(",", Names(t.On((Floor)f)))).Append('|');
        }
        for (int s = 0; s < t.Players; s++)
        {
            text.AppendFormat(" {0}:{1}:{2}", s, t.NoCards(s), t.Totals[s]);
        }
        return text.ToString();
    }

    private static string[] Names<T>(IEnumerable<T> items)
    {
        var names = new List<string>();
        foreach (T item in items)
        {
            names.Add(item.ToString());
        }
        return names.ToArray();
    }

    /// <summary>Two games alike in everything seat 0 knows and unlike in the other seats'
    /// objectives and votes: seat 0's typed view is the same in both, and each seat sees its
    /// own secrets.</summary>
    private static void ViewsKeepSecrets()
    {
        Config config = Library.DefaultConfig(4);
        config.Chance = (uint)Chance.Explicit;
        config.FirstPlayer = 0;
        using (var a = new Game(config, 1))
        using (var b = new Game(config, 1))
        {
            uint[][] deals = { new uint[] { 0, 1, 2, 3 }, new uint[] { 0, 4, 5, 6 } };
            Game[] games = { a, b };
            for (int g = 0; g < 2; g++)
            {
                foreach (uint card in deals[g])
                {
                    games[g].ApplyChance(10 + card);
                }
            }
            Require(Describe(a.GetPlayerView(0)) == Describe(b.GetPlayerView(0)), "others' objectives stay hidden");
            Require(a.GetPlayerView(0).Objective.Count == 6 && a.GetPlayerView(0).ObjectiveCard == 0, "seat 0 sees its own");
            Require(Describe(a.GetPlayerView(1)) != Describe(b.GetPlayerView(1)), "seat 1 sees its own");
            while (a.Phase != Phase.Vote)
            {
                uint seat = (uint)a.NextSeat;
                uint action = a.GetPlayerView(seat).LegalActions[0];
                a.Apply(seat, action);
                b.Apply(seat, action);
            }
            a.Apply(2, Library.ParseAction("yes"));
            b.Apply(2, Library.ParseAction("no"));
            PlayerView seen = a.GetPlayerView(0);
            Require(Describe(seen) == Describe(b.GetPlayerView(0)), "another seat's vote stays hidden");
            Require(seen.Public.Voted.Count == 1 && seen.Public.Voted[0] == 2 && seen.Public.Candidate.HasValue, "who voted, on whom");
            Require(a.GetPlayerView(2).Vote == Vote.Yes && b.GetPlayerView(2).Vote == Vote.No, "seat 2 sees its own vote");
            Require(!seen.Vote.HasValue, "seat 0 has not voted");
            Console.WriteLine("typed views: another seat's objective or vote changes nothing in seat 0's view");
        }
    }

    private static void BadInput()
    {
        Config config = Library.DefaultConfig(4);
        config.FirstPlayer = 0;
        using (var game = new Game(config, 1))
        {
            Refused(game, Status.InvalidArgument, "no_such_seat", () => game.Apply(4, 0));
            Refused(game, Status.InvalidArgument, "no_such_action", () => game.Apply(0, 67));
            Refused(game, Status.IllegalAction, "not_your_turn", () => game.Apply(1, 0));
            Refused(game, Status.IllegalAction, "wrong_phase", () => game.Apply(0, 52));
            Refused(game, Status.IllegalAction, "not_chance", () => game.ApplyChance(10));
            Refused(game, Status.InvalidArgument, "no_such_outcome", () => game.ApplyChance(42));
            Refused(game, Status.InvalidArgument, "no_such_seat", () => game.LegalActions(9));
            Refused(game, Status.InvalidArgument, "no_such_seat", () => game.PlayerViewJson(4));
            Refused(game, Status.InvalidArgument, "no_such_seat", () => game.EventsJson(-2, 0));
            Refused(game, Status.InvalidArgument, "no_such_event", () => game.EventsJson(-1, game.EventCount + 1));
            Refused(game, Status.InvalidArgument, "no_such_seat", () => game.Sample(5, 0));
            Refused(game, Status.IllegalAction, "revealed", () => game.Undo(0));
            Refused(game, Status.InvalidArgument, "no_such_seat", () => game.Undo(4));
            Refused(game, Status.ParseError, "malformed", () => Library.ParseAction("B5"));
            // Text over its limit is refused unread, and no message quotes more than 40
            // characters of the input.
            string tooLong = new string('x', 10 << 20);
            Refused(game, Status.ParseError, "too_long", () => Library.ParseAction(tooLong));
            Refused(game, Status.ParseError, "too_long", () => Game.FromJson(tooLong));
            Refused(game, Status.ParseError, "too_long", () => Game.FromConfigJson(tooLong, 0));
            string longValue = "{\"players\": \"" + new string('x', 60000) + "\"}";
            try
            {
                Game.FromConfigJson(longValue, 0);
                throw new InvalidOperationException("a config of x's loaded");
            }
            catch (KingUpException e)
            {
                Require(e.Reason == "malformed", "reason " + e.Reason);
                Require(e.Message.Length < Library.MaxErrorLength, "a short message");
                Require(e.Message.Contains(new string('x', 40)) && !e.Message.Contains(new string('x', 41)),
                    "40 characters of the input quoted: " + e.Message);
            }
            Refused(game, Status.ParseError, "malformed", () => Game.FromJson("{ not json"));
            string save = game.ToJson();
            Refused(game, Status.ParseError, "version", () => Game.FromJson(save.Replace("\"version\":1", "\"version\":3")));
            Refused(game, Status.ParseError, "invalid_config", () => Game.FromJson(save.Replace("\"players\":4", "\"players\":8")));
            Refused(game, Status.ParseError, "malformed", () => Game.FromConfigJson("[]", 0));
            Refused(game, Status.InvalidArgument, "invalid_config", () => Game.FromConfigJson("{\"players\": 4, \"rounds\": 3}", 0, (Chance)5));
            Config bad = config;
            bad.Setup = 9;
            Refused(game, Status.InvalidArgument, "invalid_config", () => new Game(bad, 0));
            game.Apply(0, Library.ParseAction("A1"));
            Refused(game, Status.IllegalAction, "not_your_step", () => game.Undo(1));
            game.Undo(0);
            Require(game.ToJson() == save, "undo takes the move back");
            Require(Library.StatusName(Status.IllegalAction) == "illegal action", "status names");
        }
    }
}
