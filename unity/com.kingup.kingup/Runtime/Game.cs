using System;

namespace KingUp
{
    /// <summary>A game of King Up!, owning its native handle. Dispose it when done; if you
    /// forget, the handle's finalizer frees the native game. Use one game from one thread
    /// at a time (different games may run on different threads).</summary>
    public sealed unsafe class Game : IDisposable
    {
        private readonly GameHandle handle;

        private Game(GameHandle handle)
        {
            this.handle = handle;
        }

        /// <summary>The handle for one native call (see <see cref="Lease"/>).</summary>
        internal Lease Enter()
        {
            return new Lease(handle);
        }

        /// <summary>Owns the handle a constructor call made. Called as
        /// <c>Made(new GameHandle(), native(..., &amp;made), made)</c>: arguments are evaluated
        /// left to right, so the SafeHandle exists before the native game, which cannot leak.</summary>
        private static Game Made(GameHandle owner, KingupStatus status, KingupGame* made)
        {
            Library.Check(status);
            owner.Adopt((IntPtr)made);
            return new Game(owner);
        }

        /// <summary>A new game with the default deck, drawing chance from the generator of
        /// <paramref name="seed"/>. With automatic chance (config.Chance, the default) the
        /// first deals are drawn at once and a seat is to move: the same seed and moves give
        /// the same game as in every other front end. A seed predicts every deal: keep it
        /// from players.</summary>
        public Game(Config config, ulong seed)
        {
            KingupConfig raw = config.Raw();
            KingupGame* made = null;
            handle = Made(new GameHandle(), NativeMethods.kingup_game_new(&raw, seed, &made), made).handle;
        }

        /// <summary>A new game from a JSON config, which may carry a custom deck.</summary>
        public static Game FromConfigJson(string json, ulong seed, Chance chance = Chance.Auto)
        {
            byte[] bytes = Library.Utf8(json, "json");
            KingupGame* made = null;
            fixed (byte* text = bytes)
            {
                return Made(new GameHandle(),
                    NativeMethods.kingup_game_new_json(text, (UIntPtr)bytes.Length, (uint)chance, seed, &made), made);
            }
        }

        /// <summary>A game loaded from a save document (<see cref="ToJson"/>, here or in any
        /// other front end). Its steps are replayed, so it has the whole event log and goes
        /// on exactly as the saved game would. An edited or corrupted save throws
        /// KingUpException (ParseError) with the reason: "malformed", "version",
        /// "generator", "card_unavailable", "not_your_turn", ...</summary>
        public static Game FromJson(string save)
        {
            byte[] bytes = Library.Utf8(save, "save");
            KingupGame* made = null;
            fixed (byte* text = bytes)
            {
                return Made(new GameHandle(), NativeMethods.kingup_game_from_json(text, (UIntPtr)bytes.Length, &made), made);
            }
        }

        /// <summary>An independent copy: the game, its record, its generator and its log.</summary>
        public Game Clone()
        {
            KingupGame* made = null;
            using (Lease g = Enter())
            {
                return Made(new GameHandle(), NativeMethods.kingup_game_clone(Ptr(g), &made), made);
            }
        }

        /// <summary>A complete game consistent with everything <paramref name="seat"/>
        /// knows (information-set sampling). This game is unchanged.</summary>
        public Game Sample(uint seat, ulong seed)
        {
            KingupGame* made = null;
            using (Lease g = Enter())
            {
                return Made(new GameHandle(), NativeMethods.kingup_game_sample(Ptr(g), seat, seed, &made), made);
            }
        }

        public void Dispose()
        {
            handle.Dispose();
        }

        internal static KingupGame* Ptr(Lease lease)
        {
            return (KingupGame*)lease.Pointer;
        }

        public Config Config
        {
            get
            {
                KingupConfig c;
                using (Lease g = Enter())
                {
                    Library.Check(NativeMethods.kingup_game_config(Ptr(g), &c));
                }
                return new Config(c);
            }
        }

        public Phase Phase
        {
            get { uint p; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_game_phase(Ptr(g), &p)); return (Phase)p; }
        }

        public Actor Actor
        {
            get { KingupActor a; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_game_actor(Ptr(g), &a)); return new Actor(a); }
        }

        public uint Round
        {
            get { uint r; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_game_round(Ptr(g), &r)); return r; }
        }

        /// <summary>The seat that acts next (in a vote, the lowest seat still to vote), or -1
        /// when chance is to move or the game is over.</summary>
        public int NextSeat
        {
            get { int s; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_game_next_seat(Ptr(g), &s)); return s; }
        }

        /// <summary>The crowned King of the round as a character index (0-12), or -1.</summary>
        public int King
        {
            get { int k; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_game_king(Ptr(g), &k)); return k; }
        }

        /// <summary>How many of the last steps <see cref="Undo"/> could take back.</summary>
        public int Undoable
        {
            get { UIntPtr n; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_game_undoable(Ptr(g), &n)); return Library.ToInt(n); }
        }

        public ChanceStep ChanceStep
        {
            get { KingupChanceStep s; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_game_chance_step(Ptr(g), &s)); return new ChanceStep(s); }
        }

        /// <summary>The winners as a seat mask: 0 until the game is over.</summary>
        public uint Winners
        {
            get { uint w; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_game_winners(Ptr(g), &w)); return w; }
        }

        public int EventCount
        {
            get { UIntPtr n; using (Lease g = Enter()) Library.Check(NativeMethods.kingup_game_event_count(Ptr(g), &n)); return Library.ToInt(n); }
        }

        /// <summary>What <paramref name="seat"/> knows, as typed data to draw its screen
        /// from: everything public plus its own objective, vote and No cards, never another
        /// seat's secret.</summary>
        public PlayerView GetPlayerView(uint seat)
        {
            KingupPlayerView raw;
            using (Lease g = Enter())
            {
                Library.Check(NativeMethods.kingup_game_player_view(Ptr(g), seat, &raw));
            }
            return new PlayerView(raw);
        }

        /// <summary>Everything public (a spectator's view), as typed data.</summary>
        public PublicView GetPublicView()
        {
            KingupPublicView raw;
            using (Lease g = Enter())
            {
                Library.Check(NativeMethods.kingup_game_public_view(Ptr(g), &raw));
            }
            return new PublicView(raw);
        }

        /// <summary>What the pending chance step decides ("deal seat 2's objective"), or "".</summary>
        public string ChanceDescription
        {
            get
            {
                using (Lease g = Enter())
                {
                    return Library.Text((b, c, l) => NativeMethods.kingup_game_chance_describe(Ptr(g), b, c, l));
                }
            }
        }

        public uint[] LegalActions(uint seat)
        {
            using (Lease g = Enter())
            {
                return Library.Words(Library.MaxLegalActions,
                    (b, c, l) => NativeMethods.kingup_game_legal_actions(Ptr(g), seat, b, c, l));
            }
        }

        /// <summary>Points of the scored rounds, row by row (rounds × players).</summary>
        public uint[] Scores()
        {
            using (Lease g = Enter())
            {
                return Library.Words(Library.MaxRounds * Library.MaxPlayers,
                    (b, c, l) => NativeMethods.kingup_game_scores(Ptr(g), b, c, l));
            }
        }

        public uint[] Totals()
        {
            using (Lease g = Enter())
            {
                return Library.Words(Library.MaxPlayers, (b, c, l) => NativeMethods.kingup_game_totals(Ptr(g), b, c, l));
            }
        }

        /// <summary>One byte per action index: 1 when legal for <paramref name="seat"/>.</summary>
        public byte[] ActionMask(uint seat)
        {
            using (Lease g = Enter())
            {
                return Library.Bytes(Library.ActionCount,
                    (b, c, l) => NativeMethods.kingup_game_action_mask(Ptr(g), seat, b, c, l));
            }
        }

        /// <summary><paramref name="seat"/>'s observation tensor (docs/observation.md).</summary>
        public float[] Observation(uint seat)
        {
            using (Lease g = Enter())
            {
                return Library.Floats(Library.ObservationLength,
                    (b, c, l) => NativeMethods.kingup_game_observation(Ptr(g), seat, b, c, l));
            }
        }

        /// <summary>The outcomes of the pending chance step and their probabilities.</summary>
        public uint[] ChanceOutcomes(out double[] probabilities)
        {
            using (Lease g = Enter())
            {
                return Library.Outcomes(Library.ChanceOutcomeCount,
                    (o, p, c, l) => NativeMethods.kingup_game_chance_outcomes(Ptr(g), o, p, c, l), out probabilities);
            }
        }

        public void Apply(uint seat, uint action)
        {
            using (Lease g = Enter())
            {
                Library.Check(NativeMethods.kingup_game_apply(Ptr(g), seat, action));
            }
        }

        public void ApplyChance(uint outcome)
        {
            using (Lease g = Enter())
            {
                Library.Check(NativeMethods.kingup_game_apply_chance(Ptr(g), outcome));
            }
        }

        public void ResolveChance()
        {
            using (Lease g = Enter())
            {
                Library.Check(NativeMethods.kingup_game_resolve_chance(Ptr(g)));
            }
        }

        /// <summary>Draws the deals to come from the generator of <paramref name="seed"/>;
        /// the steps so far are kept. A save made afterwards goes on with the new stream.</summary>
        public void Reseed(ulong seed)
        {
            using (Lease g = Enter())
            {
                Library.Check(NativeMethods.kingup_game_reseed(Ptr(g), seed));
            }
        }

        /// <summary>Takes back <paramref name="seat"/>'s last action, if it is the last step
        /// and nothing was revealed since. Throws KingUpException (IllegalAction) with the
        /// reason "nothing_to_undo", "not_your_step" or "revealed" otherwise.</summary>
        public void Undo(uint seat)
        {
            using (Lease g = Enter())
            {
                Library.Check(NativeMethods.kingup_game_undo(Ptr(g), seat));
            }
        }

        /// <summary>The save document: config, chance mode, generator state and every step.
        /// It holds every secret: keep it on the host, never send it to a player.</summary>
        public string ToJson()
        {
            using (Lease g = Enter())
            {
                return Library.Text((b, c, l) => NativeMethods.kingup_game_to_json(Ptr(g), b, c, l));
            }
        }

        /// <summary>What <paramref name="seat"/> knows as JSON, safe to send to that player.</summary>
        public string PlayerViewJson(uint seat)
        {
            using (Lease g = Enter())
            {
                return Library.Text((b, c, l) => NativeMethods.kingup_game_player_view_json(Ptr(g), seat, b, c, l));
            }
        }

        /// <summary>Everything public as JSON, safe to send to anyone.</summary>
        public string PublicViewJson()
        {
            using (Lease g = Enter())
            {
                return Library.Text((b, c, l) => NativeMethods.kingup_game_public_view_json(Ptr(g), b, c, l));
            }
        }

        /// <summary>The events from <paramref name="from"/> on as <paramref name="viewer"/>
        /// (a seat, or -1 for a spectator) may see them, as a JSON array.</summary>
        public string EventsJson(int viewer, int from)
        {
            if (from < 0)
            {
                throw new ArgumentOutOfRangeException("from");
            }
            using (Lease g = Enter())
            {
                return Library.Text((b, c, l) => NativeMethods.kingup_game_events_json(Ptr(g), viewer, (UIntPtr)from, b, c, l));
            }
        }
    }
}
