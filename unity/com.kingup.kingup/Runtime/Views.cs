using System;
using System.Collections.Generic;

namespace KingUp
{
    /// <summary>Everything public about a game, as typed data: what a spectator sees and
    /// every player knows. An immutable snapshot, copied from the library's blittable
    /// KingupPublicView (<see cref="Game.GetPublicView"/>).</summary>
    public sealed class PublicView
    {
        private readonly Character[][] floors;
        private readonly int[][] movers;
        private readonly int[][] noVotes;
        private readonly int[] noCards;
        private readonly int[] scores;
        private readonly Character[][] revealed;

        internal unsafe PublicView(KingupPublicView raw)
        {
            Players = (int)raw.players;
            Rounds = (int)raw.rounds;
            Setup = (Setup)raw.setup;
            Round = (int)raw.round;
            RoundsScored = (int)raw.rounds_scored;
            Phase = (Phase)raw.phase;
            Actor = new Actor(raw.actor);
            NextSeat = raw.next_seat;
            ChanceStep = new ChanceStep(raw.chance);
            floors = new Character[Library.FloorCount][];
            for (int f = 0; f < floors.Length; f++)
            {
                floors[f] = Characters(raw.floors[f]);
            }
            Eliminated = Array.AsReadOnly(Characters(raw.eliminated));
            Outside = Array.AsReadOnly(Characters(raw.outside));
            Candidate = OptionalCharacter(raw.candidate);
            King = OptionalCharacter(raw.king);
            FirstPlayer = OptionalSeat(raw.first_player);
            Crown = OptionalSeat(raw.crown);
            Voted = Array.AsReadOnly(Seats(raw.voted));
            Dealt = Array.AsReadOnly(Seats(raw.dealt));
            movers = new int[Library.CharacterCount][];
            noVotes = new int[Library.CharacterCount][];
            for (int c = 0; c < movers.Length; c++)
            {
                movers[c] = Seats(raw.movers[c]);
                noVotes[c] = Seats(raw.no_votes[c]);
            }
            noCards = new int[Players];
            var totals = new int[Players];
            for (int s = 0; s < Players; s++)
            {
                noCards[s] = (int)raw.no_cards[s];
                totals[s] = (int)raw.totals[s];
            }
            Totals = Array.AsReadOnly(totals);
            scores = new int[Library.MaxRounds * Library.MaxPlayers];
            revealed = new Character[scores.Length][];
            for (int i = 0; i < scores.Length; i++)
            {
                scores[i] = (int)raw.scores[i];
                revealed[i] = Characters(raw.revealed[i]);
            }
            Winners = Array.AsReadOnly(Seats(raw.winners));
        }

        public int Players { get; private set; }
        public int Rounds { get; private set; }
        public Setup Setup { get; private set; }
        /// <summary>The current round, from 0.</summary>
        public int Round { get; private set; }
        /// <summary>Rounds scored so far.</summary>
        public int RoundsScored { get; private set; }
        public Phase Phase { get; private set; }
        public Actor Actor { get; private set; }
        /// <summary>The seat to move, or in a vote the lowest seat still to vote; -1 for
        /// chance or nobody.</summary>
        public int NextSeat { get; private set; }
        public ChanceStep ChanceStep { get; private set; }
        /// <summary>The characters voted down this round.</summary>
        public IList<Character> Eliminated { get; private set; }
        /// <summary>The characters not yet in the castle.</summary>
        public IList<Character> Outside { get; private set; }
        /// <summary>The character on the throne during a vote.</summary>
        public Character? Candidate { get; private set; }
        /// <summary>The King of the round, once crowned.</summary>
        public Character? King { get; private set; }
        public int? FirstPlayer { get; private set; }
        /// <summary>The seat holding the crown.</summary>
        public int? Crown { get; private set; }
        /// <summary>Seats that committed a vote in the current election (not how).</summary>
        public IList<int> Voted { get; private set; }
        /// <summary>Seats dealt an objective this round (not which).</summary>
        public IList<int> Dealt { get; private set; }
        /// <summary>Total points so far, by seat.</summary>
        public IList<int> Totals { get; private set; }
        /// <summary>The winners, once the game is over (empty before).</summary>
        public IList<int> Winners { get; private set; }

        /// <summary>The characters on <paramref name="floor"/>.</summary>
        public IList<Character> On(Floor floor)
        {
            return Array.AsReadOnly(floors[(int)floor]);
        }

        /// <summary>The floor <paramref name="character"/> stands on, or null when it is
        /// outside the castle or eliminated.</summary>
        public Floor? FloorOf(Character character)
        {
            for (int f = 0; f < floors.Length; f++)
            {
                if (Array.IndexOf(floors[f], character) >= 0)
                {
                    return (Floor)f;
                }
            }
            return null;
        }

        /// <summary>The seats that placed or climbed <paramref name="character"/> this round.</summary>
        public IList<int> Movers(Character character)
        {
            return Array.AsReadOnly(movers[(int)character]);
        }

        /// <summary>The seats whose revealed No eliminated <paramref name="character"/>.</summary>
        public IList<int> NoVotes(Character character)
        {
            return Array.AsReadOnly(noVotes[(int)character]);
        }

        /// <summary>No cards <paramref name="seat"/> has left (deduced from the reveals).</summary>
        public int NoCards(int seat)
        {
            return noCards[CheckSeat(seat)];
        }

        /// <summary>The points <paramref name="seat"/> scored in <paramref name="round"/>
        /// (0 until that round is scored).</summary>
        public int Score(int round, int seat)
        {
            return scores[CheckRound(round) * Library.MaxPlayers + CheckSeat(seat)];
        }

        /// <summary>The objective <paramref name="seat"/> held in <paramref name="round"/>,
        /// once that round was scored (empty before).</summary>
        public IList<Character> RevealedObjective(int round, int seat)
        {
            return Array.AsReadOnly(revealed[CheckRound(round) * Library.MaxPlayers + CheckSeat(seat)]);
        }

        private int CheckSeat(int seat)
        {
            if (seat < 0 || seat >= Players)
            {
                throw new ArgumentOutOfRangeException("seat", seat, "a seat of this " + Players + "-player game");
            }
            return seat;
        }

        private int CheckRound(int round)
        {
            if (round < 0 || round >= Rounds)
            {
                throw new ArgumentOutOfRangeException("round", round, "a round of this " + Rounds + "-round game");
            }
            return round;
        }

        internal static Character[] Characters(uint mask)
        {
            var list = new List<Character>();
            for (int c = 0; c < Library.CharacterCount; c++)
            {
                if ((mask >> c & 1u) != 0)
                {
                    list.Add((Character)c);
                }
            }
            return list.ToArray();
        }

        private static int[] Seats(uint mask)
        {
            var list = new List<int>();
            for (int s = 0; s < Library.MaxPlayers; s++)
            {
                if ((mask >> s & 1u) != 0)
                {
                    list.Add(s);
                }
            }
            return list.ToArray();
        }

        private static Character? OptionalCharacter(int value)
        {
            return value < 0 ? (Character?)null : (Character)value;
        }

        private static int? OptionalSeat(int value)
        {
            return value < 0 ? (int?)null : value;
        }
    }

    /// <summary>What one seat knows, as typed data: the public view plus that seat's own
    /// objective, committed vote and No cards, never another seat's secret. An immutable
    /// snapshot (<see cref="Game.GetPlayerView"/>).</summary>
    public sealed class PlayerView
    {
        internal unsafe PlayerView(KingupPlayerView raw)
        {
            Seat = (int)raw.seat;
            Objective = Array.AsReadOnly(PublicView.Characters(raw.objective));
            ObjectiveCard = raw.objective_card < 0 ? (int?)null : raw.objective_card;
            Vote = raw.vote < 0 ? (Vote?)null : (Vote)raw.vote;
            NoCards = (int)raw.no_cards;
            CurrentPoints = (int)raw.current_points;
            var legal = new uint[raw.legal_count];
            for (int i = 0; i < legal.Length; i++)
            {
                legal[i] = raw.legal_actions[i];
            }
            LegalActions = Array.AsReadOnly(legal);
            Public = new PublicView(raw.public_view);
        }

        /// <summary>The viewer.</summary>
        public int Seat { get; private set; }
        /// <summary>The viewer's objective this round (six characters), empty before the deal.</summary>
        public IList<Character> Objective { get; private set; }
        /// <summary>The viewer's objective card (an index into the deck), before the deal null.</summary>
        public int? ObjectiveCard { get; private set; }
        /// <summary>The viewer's committed vote, until the reveal.</summary>
        public Vote? Vote { get; private set; }
        /// <summary>The viewer's No cards left.</summary>
        public int NoCards { get; private set; }
        /// <summary>Points the viewer's objective would score if the round ended now.</summary>
        public int CurrentPoints { get; private set; }
        /// <summary>The viewer's legal action indices, sorted.</summary>
        public IList<uint> LegalActions { get; private set; }
        /// <summary>Everything public.</summary>
        public PublicView Public { get; private set; }
    }
}
