// The C# driver of the cross-language golden test (see interop/src/lib.rs): plays every
// scenario named on the command line through the Unity package's wrapper (Game, or
// CourtGame for a scenario with the line "game court") and checks
// the save document and every viewer's redacted event stream against interop/expected
// byte for byte; loads every expected save and writes it back unchanged.
//
//   mcs -langversion:7.2 -unsafe -out:Interop.exe unity/com.kingup.kingup/Runtime/*.cs interop/csharp/Interop.cs
//   LD_LIBRARY_PATH=<the directory of libkingup.so> mono Interop.exe interop NAME...
using System;
using System.IO;
using System.Text;
using KingUp;

internal static class Interop
{
    private static int Main(string[] args)
    {
        if (args.Length < 2)
        {
            Console.Error.WriteLine("usage: Interop.exe INTEROP_DIR NAME...");
            return 1;
        }
        int failures = 0;
        try
        {
            Library.CheckAbi();
            for (int i = 1; i < args.Length; i++)
            {
                string name = args[i];
                int before = failures;
                string save = Read(args[0], "expected", name + ".save.json");
                string events = Read(args[0], "expected", name + ".events.txt");
                string scenario = Read(args[0], "scenarios", name + ".txt");
                if (IsCourt(scenario))
                {
                    using (CourtGame game = PlayCourt(scenario))
                    using (CourtGame loaded = CourtGame.FromJson(save.TrimEnd('\n')))
                    {
                        failures += Outputs("", game.ToJson(), EventsText(game.EventsJson, game.Config.Players), save, events);
                        failures += Outputs("reloaded ", loaded.ToJson(), EventsText(loaded.EventsJson, loaded.Config.Players), save, events);
                    }
                }
                else
                {
                    using (Game game = Play(scenario))
                    using (Game loaded = Game.FromJson(save.TrimEnd('\n')))
                    {
                        failures += Outputs("", game.ToJson(), EventsText(game.EventsJson, game.Config.Players), save, events);
                        failures += Outputs("reloaded ", loaded.ToJson(), EventsText(loaded.EventsJson, loaded.Config.Players), save, events);
                    }
                }
                if (failures == before)
                {
                    Console.WriteLine("C#: " + name + " matches");
                }
            }
        }
        catch (Exception e)
        {
            Console.Error.WriteLine("C#: " + e);
            return 1;
        }
        return failures == 0 ? 0 : 1;
    }

    private static string Read(string dir, string sub, string file)
    {
        return File.ReadAllText(Path.Combine(Path.Combine(dir, sub), file), new UTF8Encoding(false));
    }

    private static int Compare(string what, string produced, string expected)
    {
        if (produced == expected)
        {
            return 0;
        }
        Console.Error.WriteLine("C#: " + what + " differs from interop/expected");
        return 1;
    }

    /// <summary>Compares a game's save and event streams with the expected ones.</summary>
    private static int Outputs(string which, string save, string eventsText, string expectedSave, string expectedEvents)
    {
        return Compare("the " + which + "save document", save + "\n", expectedSave)
            + Compare("the " + which + "event streams", eventsText, expectedEvents);
    }

    /// <summary>One line per viewer: the whole event log as that viewer may see it.</summary>
    private static string EventsText(Func<int, int, string> eventsJson, uint players)
    {
        var text = new StringBuilder();
        for (int viewer = -1; viewer < (int)players; viewer++)
        {
            text.Append(viewer < 0 ? "spectator " : "seat " + viewer + " ");
            text.Append(eventsJson(viewer, 0));
            text.Append('\n');
        }
        return text.ToString();
    }

    private static Game Play(string scenario)
    {
        Config config = Library.DefaultConfig(4);
        ulong seed = 0;
        Game game = null;
        foreach (string raw in scenario.Split('\n'))
        {
            string line = raw.Split('#')[0].Trim();
            if (line.Length == 0)
            {
                continue;
            }
            int colon = line.IndexOf(':');
            if (colon < 0)
            {
                string[] words = line.Split(' ');
                switch (words[0])
                {
                    case "players": config.Players = uint.Parse(words[1]); break;
                    case "rounds": config.Rounds = uint.Parse(words[1]); break;
                    case "setup":
                        config.Setup = (uint)(words[1] == "random" ? Setup.RandomLayout : Setup.Placement);
                        break;
                    case "seed": seed = ulong.Parse(words[1]); break;
                }
                continue;
            }
            if (game == null)
            {
                game = new Game(config, seed);
            }
            uint seat = uint.Parse(line.Substring(0, colon));
            string move = line.Substring(colon + 1).Trim();
            if (move == "undo")
            {
                game.Undo(seat);
            }
            else
            {
                game.Apply(seat, Library.ParseAction(move));
            }
        }
        return game ?? new Game(config, seed);
    }

    /// <summary>Whether a scenario is To Court the King's: it has the line "game court".</summary>
    private static bool IsCourt(string scenario)
    {
        foreach (string raw in scenario.Split('\n'))
        {
            if (raw.Split('#')[0].Trim() == "game court")
            {
                return true;
            }
        }
        return false;
    }

    private static CourtGame PlayCourt(string scenario)
    {
        CourtConfig config = Court.DefaultConfig(2);
        ulong seed = 0;
        CourtGame game = null;
        foreach (string raw in scenario.Split('\n'))
        {
            string line = raw.Split('#')[0].Trim();
            if (line.Length == 0)
            {
                continue;
            }
            int colon = line.IndexOf(':');
            if (colon < 0)
            {
                string[] words = line.Split(' ');
                switch (words[0])
                {
                    case "players": config.Players = uint.Parse(words[1]); break;
                    case "max_rounds": config.MaxRounds = uint.Parse(words[1]); break;
                    case "first_player": config.FirstPlayer = int.Parse(words[1]); break;
                    case "chance": config.Chance = words[1] == "explicit" ? Chance.Explicit : Chance.Auto; break;
                    case "seed": seed = ulong.Parse(words[1]); break;
                }
                continue;
            }
            if (game == null)
            {
                game = new CourtGame(config, seed);
            }
            string who = line.Substring(0, colon);
            string what = line.Substring(colon + 1).Trim();
            if (who == "chance")
            {
                game.ApplyChance(Court.ParseChance(what));
            }
            else if (what == "undo")
            {
                game.Undo(uint.Parse(who));
            }
            else
            {
                game.Apply(uint.Parse(who), Court.ParseAction(what));
            }
        }
        return game ?? new CourtGame(config, seed);
    }
}
