// Tests of the header-only C++17 wrapper, include/kingup.hpp: RAII ownership (moves, frees,
// a moved-from handle), errors as exceptions with status and reason (and nothing changed),
// std::string / std::vector outputs, the blittable views and their hidden-information
// boundary, bots. scripts/test-ffi.sh builds it against the installed library and runs it
// under AddressSanitizer + UndefinedBehaviorSanitizer (leaks and double frees fail).
#include <algorithm>
#include <cstring>
#include <functional>
#include <iostream>
#include <numeric>
#include <string>
#include <utility>
#include <vector>

#include "kingup.hpp"

namespace {

struct Failure {
    std::string what;
};

void require(bool condition, const std::string &what) {
    if (!condition) {
        throw Failure{what};
    }
}

// Runs `call`, which must throw kingup::Error with `status` and `reason` and leave `game`
// as it was.
template <typename G, typename Call>
void refused(const G &game, KingupStatus status, const std::string &reason, Call call) {
    const std::string before = game.to_json();
    try {
        call();
    } catch (const kingup::Error &e) {
        require(e.status() == status, std::string("status of: ") + e.what());
        require(e.reason() == reason, "reason " + e.reason() + " of: " + e.what());
        require(std::string(e.what()).find(reason) != std::string::npos, "what() names the reason");
        require(game.to_json() == before, "the game is unchanged");
        return;
    }
    throw Failure{"a bad call succeeded, expected " + reason};
}

KingupConfig explicit_chance(uint32_t players) {
    KingupConfig config = kingup::config(players);
    config.chance = KINGUP_CHANCE_EXPLICIT;
    config.first_player = 0;
    return config;
}

// A 4-player game with explicit chance: seat 0 is dealt card 0, the others `others`.
kingup::Game dealt(const std::vector<uint32_t> &others) {
    kingup::Game game(explicit_chance(4), 1);
    game.apply_chance(10);
    for (uint32_t card : others) {
        game.apply_chance(10 + card);
    }
    return game;
}

bool same_bytes(const KingupPlayerView &a, const KingupPlayerView &b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

void ownership_moves_and_frees() {
    kingup::Game a(kingup::config(4), 7);
    const std::string save = a.to_json();
    KingupGame *raw = a.get();
    kingup::Game b = std::move(a);
    require(b.get() == raw && a.get() == nullptr, "a move hands the handle over");
    // A moved-from game holds no handle: calls are refused by the library, not a crash.
    refused(b, KINGUP_STATUS_NULL_ARGUMENT, "null_argument", [&] { a.apply(0, 0); });
    kingup::Game c(kingup::config(3), 1);
    c = std::move(b);
    require(c.to_json() == save, "move assignment keeps the game");
    kingup::Game d = c.clone();
    require(d.get() != c.get() && d.to_json() == save, "a clone is a new, equal handle");
    std::vector<kingup::Game> games;
    for (uint64_t seed = 0; seed < 8; ++seed) {
        games.emplace_back(kingup::config(5), seed);
    }
    games.erase(games.begin() + 2);  // moves the rest down; each handle is freed once
    kingup::Bot bot(KINGUP_BOT_KIND_RANDOM, 3);
    kingup::Bot other = std::move(bot);
    require(bot.get() == nullptr && other.get() != nullptr, "bots move too");
}

void errors_are_exceptions_and_change_nothing() {
    kingup::Game game(kingup::config(4), 11);
    const uint32_t seat = *game.next_seat();
    refused(game, KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat", [&] { game.apply(4, 0); });
    refused(game, KINGUP_STATUS_INVALID_ARGUMENT, "no_such_action",
            [&] { game.apply(seat, KINGUP_ACTION_COUNT); });
    refused(game, KINGUP_STATUS_ILLEGAL_ACTION, "not_your_turn", [&] { game.apply((seat + 1) % 4, 0); });
    refused(game, KINGUP_STATUS_ILLEGAL_ACTION, "revealed", [&] { game.undo(seat); });
    refused(game, KINGUP_STATUS_ILLEGAL_ACTION, "not_chance", [&] { game.apply_chance(10); });
    refused(game, KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat", [&] { game.player_view(9); });
    refused(game, KINGUP_STATUS_INVALID_ARGUMENT, "no_such_event",
            [&] { game.events_json(-1, game.event_count() + 1); });
    refused(game, KINGUP_STATUS_PARSE_ERROR, "malformed", [&] { kingup::parse_action("B5"); });
    refused(game, KINGUP_STATUS_PARSE_ERROR, "malformed", [&] { kingup::Game::from_json("{"); });
    refused(game, KINGUP_STATUS_PARSE_ERROR, "too_long",
            [&] { kingup::parse_action(std::string(KINGUP_MAX_MOVE_LEN + 1, ' ')); });
    KingupConfig bad = kingup::config(4);
    bad.players = 9;
    refused(game, KINGUP_STATUS_INVALID_ARGUMENT, "invalid_config", [&] { kingup::Game g(bad, 0); });
    refused(game, KINGUP_STATUS_INVALID_ARGUMENT, "iterations",
            [&] { kingup::Bot b(KINGUP_BOT_KIND_HEURISTIC, 0, 5); });
    std::string edited = game.to_json();
    edited.replace(edited.find("\"version\":1"), 11, "\"version\":7");
    refused(game, KINGUP_STATUS_PARSE_ERROR, "version", [&] { kingup::Game::from_json(edited); });
    refused(game, KINGUP_STATUS_ILLEGAL_ACTION, "wrong_phase", [&] { game.apply(seat, 66); });
}

void strings_and_vectors() {
    for (uint32_t action = 0; action < KINGUP_ACTION_COUNT; ++action) {
        require(kingup::parse_action(kingup::notation(action)) == action, "the notation reads back");
        require(!kingup::describe(action).empty(), "every action has a sentence");
    }
    require(kingup::notation(7) == "B4" && kingup::parse_action(" b4 ") == 7, "B4 is action 7");
    require(kingup::describe(7) == "place Beatrice on Dignitaries (4)", kingup::describe(7));
    require(kingup::members(0b1010) == std::vector<uint32_t>{1, 3}, "mask members");

    kingup::Game game(kingup::config(4), 5);
    const uint32_t seat = *game.next_seat();
    std::vector<uint32_t> legal = game.legal_actions(seat);
    std::vector<uint8_t> mask = game.action_mask(seat);
    require(mask.size() == KINGUP_ACTION_COUNT, "a byte per action");
    require(static_cast<size_t>(std::accumulate(mask.begin(), mask.end(), 0)) == legal.size(),
            "the mask has the legal actions");
    require(game.observation(seat).size() == KINGUP_OBSERVATION_LEN, "the observation");
    game.apply(seat, legal.front());
    require(game.undoable() == 1, "a placement can be taken back");
    game.undo(seat);
    game.apply(seat, legal.back());
    const std::string save = game.to_json();
    kingup::Game loaded = kingup::Game::from_json(save);
    require(loaded.to_json() == save && loaded.event_count() == game.event_count(), "a save reloads");
    require(game.events_json(-1).find("\"card\":null") != std::string::npos, "deals are hidden");
    require(game.player_view_json(0).find("\"objective_card\":") != std::string::npos, "JSON view");
    require(game.public_view_json().find("objective_card") == std::string::npos, "public JSON");

    kingup::Game chance(explicit_chance(3), 2);
    require(chance.chance_description() == "deal seat 0's objective", chance.chance_description());
    kingup::ChanceOutcomes outcomes = chance.chance_outcomes();
    require(outcomes.outcomes.size() == outcomes.probabilities.size() && !outcomes.outcomes.empty(),
            "outcomes with their probabilities");
    double total = std::accumulate(outcomes.probabilities.begin(), outcomes.probabilities.end(), 0.0);
    require(total > 0.999999 && total < 1.000001, "the probabilities add up");
    require(chance.chance_step().kind == KINGUP_CHANCE_KIND_DEAL, "a deal is pending");
    chance.resolve_chance();
    require(chance.chance_step().kind == KINGUP_CHANCE_KIND_NONE && chance.next_seat() == 0u,
            "resolving draws every deal");
}

void views_keep_other_seats_secrets() {
    kingup::Game a = dealt({1, 2, 3});
    kingup::Game b = dealt({4, 5, 6});
    KingupPlayerView mine = a.player_view(0);
    require(same_bytes(mine, b.player_view(0)), "others' objectives change nothing in seat 0's view");
    require(kingup::members(mine.objective).size() == 6, "seat 0 sees its own objective");
    require(mine.objective_card == 0 && mine.vote == -1, "its card, no vote yet");
    require(!same_bytes(a.player_view(1), b.player_view(1)), "seat 1 sees its own objective");
    const KingupPublicView table = a.public_view();
    require(std::memcmp(&mine.public_view, &table, sizeof table) == 0,
            "the player view's public part is the public view");
    std::vector<uint32_t> legal = a.legal_actions(0);
    require(mine.legal_count == legal.size() &&
                std::equal(legal.begin(), legal.end(), mine.legal_actions),
            "the view's legal actions are the game's");
    uint32_t inside = 0;
    for (uint32_t floor : mine.public_view.floors) {
        inside |= floor;
    }
    require(inside == 0 && mine.public_view.outside == (1u << KINGUP_CHARACTER_COUNT) - 1,
            "before the first move every character is outside");

    // Seat 2 votes Yes in one game and No in the other: seat 0 sees that it voted, not how.
    while (a.phase() != KINGUP_PHASE_VOTE) {
        uint32_t seat = *a.next_seat();
        uint32_t action = a.legal_actions(seat).front();
        a.apply(seat, action);
        b.apply(seat, action);
    }
    a.apply(2, kingup::parse_action("yes"));
    b.apply(2, kingup::parse_action("no"));
    KingupPlayerView seen = a.player_view(0);
    require(same_bytes(seen, b.player_view(0)), "another seat's vote changes nothing in seat 0's view");
    require(seen.public_view.voted == 0b100 && seen.public_view.candidate >= 0, "who voted, on whom");
    require(a.player_view(2).vote == KINGUP_VOTE_YES && b.player_view(2).vote == KINGUP_VOTE_NO,
            "seat 2 sees its own vote");
    require(same_bytes(a.sample(0, 99).player_view(0), seen), "a sampled world shows seat 0 the same");
}

void bots_play_a_game() {
    kingup::Game game(kingup::config(4), 2024);
    std::vector<kingup::Bot> bots;
    bots.emplace_back(KINGUP_BOT_KIND_HEURISTIC, 1);
    for (uint64_t seed = 11; seed <= 12; ++seed) {
        bots.emplace_back(KINGUP_BOT_KIND_ISMCTS, seed, 30);
    }
    bots.emplace_back(KINGUP_BOT_KIND_READER, 13, 30);
    size_t moves = 0;
    while (std::optional<uint32_t> seat = game.next_seat()) {
        uint32_t action = bots[*seat].choose(game, *seat);
        KingupPlayerView view = game.player_view(*seat);
        require(std::find(view.legal_actions, view.legal_actions + view.legal_count, action) !=
                    view.legal_actions + view.legal_count,
                "a bot's choice is legal");
        game.apply(*seat, action);
        ++moves;
    }
    KingupPublicView end = game.public_view();
    require(end.phase == KINGUP_PHASE_GAME_OVER && end.winners == game.winners() && end.winners != 0,
            "the game ends with winners");
    require(game.king().has_value() && static_cast<int32_t>(*game.king()) == end.king, "the King");
    std::vector<uint32_t> totals = game.totals();
    require(std::equal(totals.begin(), totals.end(), end.totals), "the totals");
    require(game.scores().size() == 12, "3 rounds x 4 seats");
    refused(game, KINGUP_STATUS_INVALID_ARGUMENT, "game_over", [&] { bots[0].choose(game, 0); });
    std::cout << "bots: " << moves << " moves\n";
}

}  // namespace

// To Court the King: the same RAII and exceptions over kingup_court_*.
void court_ownership_and_errors() {
    kingup::court::Game a(kingup::court::config(3), 5);
    const std::string save = a.to_json();
    kingup::court::Game b = std::move(a);
    require(a.get() == nullptr && b.to_json() == save, "a move hands the handle over");
    refused(b, KINGUP_STATUS_NULL_ARGUMENT, "null_argument", [&] { a.apply(0, 0); });
    kingup::court::Game c = b.clone();
    require(c.get() != b.get() && c.to_json() == save, "a clone is a new, equal handle");
    const uint32_t seat = *b.next_seat();
    const uint32_t roll = kingup::court::parse_action("roll");
    refused(b, KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat", [&] { b.apply(3, roll); });
    refused(b, KINGUP_STATUS_INVALID_ARGUMENT, "no_such_action",
            [&] { b.apply(seat, KINGUP_COURT_ACTION_COUNT); });
    refused(b, KINGUP_STATUS_ILLEGAL_ACTION, "not_your_turn", [&] { b.apply((seat + 1) % 3, roll); });
    refused(b, KINGUP_STATUS_ILLEGAL_ACTION, "wrong_phase",
            [&] { b.apply(seat, kingup::court::parse_action("pass")); });
    refused(b, KINGUP_STATUS_ILLEGAL_ACTION, "not_chance", [&] { b.apply_chance(0); });
    // The first player was drawn (a chance step): nothing before it can be taken back.
    refused(b, KINGUP_STATUS_ILLEGAL_ACTION, "revealed", [&] { b.undo(seat); });
    refused(b, KINGUP_STATUS_PARSE_ERROR, "malformed", [&] { kingup::court::parse_action("buy queen of hearts"); });
    refused(b, KINGUP_STATUS_PARSE_ERROR, "malformed", [&] { kingup::court::Game::from_json(b.to_json() + "x"); });
    refused(b, KINGUP_STATUS_INVALID_ARGUMENT, "invalid_config",
            [&] { kingup::court::Game::from_config_json("{\"players\": 6}", 1); });
    refused(b, KINGUP_STATUS_INVALID_ARGUMENT, "no_such_bot_kind",
            [&] { kingup::court::Bot(static_cast<KingupCourtBotKind>(3), 1); });
    // A King Up! save is no court save.
    kingup::Game king_up(kingup::config(4), 1);
    refused(b, KINGUP_STATUS_PARSE_ERROR, "malformed", [&] { kingup::court::Game::from_json(king_up.to_json()); });
}

void court_explicit_chance_and_saves() {
    KingupCourtConfig config = kingup::court::config(2);
    config.chance = KINGUP_CHANCE_EXPLICIT;
    kingup::court::Game game(config, 3);
    require(game.actor().kind == KINGUP_ACTOR_KIND_CHANCE, "chance draws the first player");
    const kingup::ChanceOutcomes first = game.chance_outcomes();
    require(first.outcomes == std::vector<uint32_t>{6, 7}, "either seat may start");
    require(std::accumulate(first.probabilities.begin(), first.probabilities.end(), 0.0) == 1.0,
            "the odds sum to 1");
    game.apply_chance(kingup::court::parse_chance("first 0"));
    game.apply(0, kingup::court::parse_action("roll"));
    require(game.phase() == KINGUP_COURT_PHASE_ROLLING, "three dice to roll");
    for (const char *face : {"die 3", "die 3", "die 5"}) {
        game.apply_chance(kingup::court::parse_chance(face));
    }
    game.apply(0, kingup::court::parse_action("keep 3"));
    require(game.undoable() == 1, "the set-aside can be taken back");
    const std::string save = game.to_json();
    require(save.find("\"chance: die 5\",\"0: keep 3\"") != std::string::npos, save);
    kingup::court::Game loaded = kingup::court::Game::from_json(save);
    require(loaded.to_json() == save && loaded.events_json() == game.events_json(), "a save reloads");
    require(kingup::court::notation(kingup::court::parse_action("keep 3")) == "keep 3", "notation");
    require(kingup::court::chance_notation(4) == "die 5", "chance notation");
    require(kingup::court::describe(kingup::court::parse_action("buy king")) == "buy the King",
            kingup::court::describe(kingup::court::parse_action("buy king")));
    require(game.observation(1).size() == KINGUP_COURT_OBSERVATION_LEN, "an observation");
    const std::vector<uint8_t> mask = game.action_mask(0);
    const std::vector<uint32_t> legal = game.legal_actions(0);
    require(static_cast<std::size_t>(std::count(mask.begin(), mask.end(), 1)) == legal.size(),
            "the mask and the list agree");
}

void court_bots_play_a_game() {
    KingupCourtConfig config = kingup::court::config(3);
    config.max_rounds = 25;
    kingup::court::Game game(config, 8);
    std::vector<kingup::court::Bot> bots;
    bots.emplace_back(KINGUP_COURT_BOT_KIND_GREEDY, 1);
    bots.emplace_back(KINGUP_COURT_BOT_KIND_RANDOM, 2);
    bots.emplace_back(KINGUP_COURT_BOT_KIND_MCTS, 3, 8);
    refused(game, KINGUP_STATUS_INVALID_ARGUMENT, "not_your_turn",
            [&] { bots[0].choose(game, (*game.next_seat() + 1) % 3); });
    while (const std::optional<uint32_t> seat = game.next_seat()) {
        game.apply(*seat, bots[*seat].choose(game, *seat));
    }
    require(game.phase() == KINGUP_COURT_PHASE_GAME_OVER, "the game ends");
    require(kingup::members(game.winners()).size() == (game.truncated() ? 0u : 1u),
            "one winner unless truncated");
    require(game.scores().size() == 3, "a score per seat");
}

// A position read, edited and set up; an unreachable one refused with its reason.
void court_positions() {
    KingupCourtConfig config = kingup::court::config(2);
    config.first_player = 0;
    const kingup::court::Game start(config, 3);
    std::string position = start.position_json();
    require(position.find("\"round\":0") != std::string::npos, position);
    require(position.find("generator") == std::string::npos, "no generator in a position");
    // Round 2, seat 1 holding the marker; seat 0 bought the Farmer in its one turn.
    auto replace = [&](const std::string &from, const std::string &to) {
        const std::size_t at = position.find(from);
        require(at != std::string::npos, from);
        position.replace(at, from.size(), to);
    };
    replace("\"round\":0", "\"round\":1");
    replace("\"start_player\":0", "\"start_player\":1");
    replace("\"cards\":[[]", "\"cards\":[[\"farmer\"]");
    const kingup::court::Game set = kingup::court::Game::from_position(position, 5);
    require(set.position_json() == position, set.position_json());
    require(kingup::court::Game::from_json(set.to_json()).position_json() == position, "it saves");
    replace("[\"farmer\"]", "[\"farmer\",\"guard\"]");
    refused(set, KINGUP_STATUS_PARSE_ERROR, "purchases",
            [&] { kingup::court::Game::from_position(position, 5); });
}

int main() {
    const std::vector<std::pair<const char *, std::function<void()>>> tests = {
        {"ownership_moves_and_frees", ownership_moves_and_frees},
        {"errors_are_exceptions_and_change_nothing", errors_are_exceptions_and_change_nothing},
        {"strings_and_vectors", strings_and_vectors},
        {"views_keep_other_seats_secrets", views_keep_other_seats_secrets},
        {"bots_play_a_game", bots_play_a_game},
        {"court_ownership_and_errors", court_ownership_and_errors},
        {"court_explicit_chance_and_saves", court_explicit_chance_and_saves},
        {"court_bots_play_a_game", court_bots_play_a_game},
        {"court_positions", court_positions},
    };
    kingup::check_abi();
    int failed = 0;
    for (const auto &[name, test] : tests) {
        try {
            test();
            std::cout << "ok " << name << '\n';
        } catch (const Failure &f) {
            std::cout << "FAILED " << name << ": " << f.what << '\n';
            ++failed;
        } catch (const std::exception &e) {
            std::cout << "FAILED " << name << ": unexpected " << e.what() << '\n';
            ++failed;
        }
    }
    std::cout << "kingup.hpp: " << tests.size() - failed << " passed, " << failed << " failed\n";
    return failed == 0 ? 0 : 1;
}
