// Plays whole games of King Up! through KingUp.cs, as a Unity front end would, and checks
// that bad input throws KingUpException with the right status and changes nothing.
//
//   mcs -langversion:7 -out:KingUpExample.exe KingUp.cs Program.cs
//   LD_LIBRARY_PATH=target/debug mono KingUpExample.exe
using System;
using KingUp;

internal static class Program
{
    private static int Main()
    {
        try
        {
            Library.CheckAbi();
            Console.WriteLine("kingup " + Library.Version + " from C# (ABI " + Library.AbiVersion + ")");
            var rng = new Random(7);
            for (uint players = 3; players <= 6; players++)
            {
                Config config = Library.DefaultConfig(players);
                config.Setup = (uint)(players % 2 == 0 ? Setup.Placement : Setup.RandomLayout);
                PlaySeeded(config, rng);
            }
            PlayExplicitChance(rng);
            PlayCustomDeck(rng);
            PlayBots();
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

    /// <summary>One random legal move; checks the mask and the observation on the way.</summary>
    private static void Move(Game game, Random rng)
    {
        uint seat = ActingSeat(game.Actor);
        uint[] legal = game.LegalActions(seat);
        byte[] mask = game.ActionMask(seat);
        Require(legal.Length > 0 && mask.Length == Library.ActionCount, "legal actions and mask");
        foreach (uint action in legal)
        {
            Require(mask[action] == 1, "the mask agrees with the legal actions");
        }
        Require(game.Observation(seat).Length == Library.ObservationLength, "observation length");
        game.Apply(seat, legal[rng.Next(legal.Length)]);
    }

    /// <summary>Plays to the end; chance comes from the handle's seed unless
    /// <paramref name="explicitChance"/>, then it is picked here among the offered outcomes.</summary>
    private static int PlayOut(Game game, Random rng, bool explicitChance)
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
            else if (explicitChance)
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

    private static void PlaySeeded(Config config, Random rng)
    {
        using (var game = new Game(config, (ulong)config.Players))
        {
            game.ResolveChance();
            using (var world = game.Sample(0, 99))
            using (var restored = Game.FromJson(game.ToJson(), 1))
            {
                Require(world.PlayerViewJson(0) == game.PlayerViewJson(0), "sampling keeps seat 0's view");
                Require(restored.ToJson() == game.ToJson(), "snapshots round-trip");
                PlayOut(world, rng, false);
            }
            int moves = PlayOut(game, rng, false);
            string spectator = game.EventsJson(-1, 0);
            Require(spectator.Contains("\"type\":\"game_over\""), "the log ends with game over");
            Require(!spectator.Contains("\"vote\":\"no\""), "spectators never see a committed vote");
            Require(game.Scores().Length == (int)(config.Players * config.Rounds), "scores");
            Report(config.Players + " players", game, moves);
        }
    }

    private static void PlayExplicitChance(Random rng)
    {
        Config config = Library.DefaultConfig(4);
        config.Rounds = 1;
        config.Setup = (uint)Setup.RandomLayout;
        using (var game = new Game(config, 0))
        {
            Require(game.ChanceStep.Kind == (uint)ChanceKind.FirstPlayer, "round 1 starts by drawing a first player");
            Report("quick, explicit chance", game, PlayOut(game, rng, true));
        }
    }

    private static void PlayCustomDeck(Random rng)
    {
        const string json = "{\"players\": 3, \"rounds\": 3, \"first_player\": {\"seat\": 2}, \"deck\": "
            + "[\"ABCDEF\", \"GILMNO\", \"PABCDE\", \"FGILMN\", \"OPABCD\", \"EFGILM\", \"NOPABC\", \"DEFGIL\", \"MNOPAB\"]}";
        using (var game = Game.FromConfigJson(json, 5))
        {
            Require(game.Config.FirstPlayer == 2, "the config is kept");
            game.ResolveChance();
            using (var twin = game.Clone())
            {
                int moves = PlayOut(game, new Random(3), false);
                PlayOut(twin, new Random(3), false);
                Require(twin.ToJson() == game.ToJson(), "a clone replays the same game");
                Report("custom deck (JSON), clone", game, moves);
            }
        }
        Console.WriteLine("action 55 is \"" + Library.DescribeAction(55) + "\"");
    }

    /// <summary>A heuristic bot (seat 0) against ISMCTS bots (seats 1 to 3), as a front end
    /// runs its computer opponents; then the bots' bad input.</summary>
    private static void PlayBots()
    {
        const uint iterations = 30; // small for a quick test; 0 asks for the default, 1000
        Config config = Library.DefaultConfig(4);
        using (var game = new Game(config, 2024))
        using (var heuristic = new Bot(BotKind.Heuristic, 1))
        using (var ismcts1 = new Bot(BotKind.Ismcts, 11, iterations))
        using (var ismcts2 = new Bot(BotKind.Ismcts, 12, iterations))
        using (var ismcts3 = new Bot(BotKind.Ismcts, 13, iterations))
        {
            Bot[] bots = { heuristic, ismcts1, ismcts2, ismcts3 };
            int moves = 0;
            while (true)
            {
                Actor actor = game.Actor;
                if (actor.KindValue == ActorKind.Nobody)
                {
                    break;
                }
                if (actor.KindValue == ActorKind.Chance)
                {
                    game.ResolveChance();
                    continue;
                }
                uint seat = ActingSeat(actor);
                if (moves == 0)
                {
                    BotBadInput(game, bots[seat], seat);
                }
                uint action = bots[seat].Choose(game, seat);
                Require(Array.IndexOf(game.LegalActions(seat), action) >= 0, "the bot's action is legal");
                game.Apply(seat, action);
                moves++;
            }
            Refused(game, Status.InvalidArgument, () => heuristic.Choose(game, 0));
            Report("heuristic vs 3 ismcts bots", game, moves);
        }
    }

    private static void BotBadInput(Game game, Bot bot, uint seat)
    {
        using (var a = new Bot(BotKind.Random, 5))
        using (var b = new Bot(BotKind.Random, 5))
        {
            Require(a.Choose(game, seat) == b.Choose(game, seat), "a seeded bot is deterministic");
        }
        Refused(game, Status.InvalidArgument, () => new Bot((BotKind)7, 0));
        Refused(game, Status.InvalidArgument, () => new Bot(BotKind.Heuristic, 0, 10));
        Refused(game, Status.InvalidArgument, () => new Bot(BotKind.Ismcts, 0, Library.MaxBotIterations + 1));
        Refused(game, Status.InvalidArgument, () => bot.Choose(game, 4));
        Refused(game, Status.InvalidArgument, () => bot.Choose(game, (seat + 1) % 4));
    }

    /// <summary>Runs a bad call: it must throw with <paramref name="expected"/> and leave
    /// <paramref name="game"/> as it was.</summary>
    private static void Refused(Game game, Status expected, Action call)
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
            Require(e.Message.Length > expected.ToString().Length + 2, "the failure is explained");
            Require(game.ToJson() == before && game.EventCount == events, "the game is unchanged");
            return;
        }
        throw new InvalidOperationException("a bad call succeeded, expected " + expected);
    }

    private static void BadInput()
    {
        Config config = Library.DefaultConfig(4);
        config.FirstPlayer = 0;
        using (var game = new Game(config, 1))
        {
            game.ResolveChance();
            Refused(game, Status.InvalidArgument, () => game.Apply(4, 0));
            Refused(game, Status.InvalidArgument, () => game.Apply(0, 67));
            Refused(game, Status.IllegalAction, () => game.Apply(1, 0));
            Refused(game, Status.IllegalAction, () => game.Apply(0, 52));
            Refused(game, Status.IllegalAction, () => game.ApplyChance(10));
            Refused(game, Status.InvalidArgument, () => game.ApplyChance(42));
            Refused(game, Status.InvalidArgument, () => game.LegalActions(9));
            Refused(game, Status.InvalidArgument, () => game.PlayerViewJson(4));
            Refused(game, Status.InvalidArgument, () => game.EventsJson(-2, 0));
            Refused(game, Status.InvalidArgument, () => game.EventsJson(-1, game.EventCount + 1));
            Refused(game, Status.InvalidArgument, () => game.Sample(5, 0));
            Refused(game, Status.ParseError, () => Game.FromJson("{ not json", 0));
            Refused(game, Status.ParseError, () => Game.FromJson(game.ToJson().Replace("\"round\":0", "\"round\":7"), 0));
            Refused(game, Status.ParseError, () => Game.FromConfigJson("[]", 0));
            Config bad = config;
            bad.Setup = 9;
            Refused(game, Status.InvalidArgument, () => new Game(bad, 0));
            Require(Library.StatusName(Status.IllegalAction) == "illegal action", "status names");
        }
    }
}
