// Plays whole games of King Up! from C++17 through the header-only wrapper kingup.hpp
// (RAII handles, exceptions with the reason code, std::string / std::vector outputs): a
// clone, a game loaded from a save and a sampled world play on like the original; a
// spectator follows the events; then a few bad inputs, refused with the game unchanged.
//
// Build against an installed kingup (see docs/c-api.md and scripts/test-ffi.sh):
//   c++ -std=c++17 play.cpp $(pkg-config --cflags --libs kingup)
// or with CMake: find_package(kingup) and link kingup::kingup (CMakeLists.txt here).
#include <cstdint>
#include <iostream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "kingup.hpp"

namespace {

void require(bool condition, const std::string &what) {
    if (!condition) {
        throw std::logic_error("check failed: " + what);
    }
}

// Plays to the end with random legal moves; a spectator follows the events as they come.
size_t play_out(kingup::Game &game, std::mt19937_64 &rng) {
    size_t moves = 0, seen = 0;
    while (std::optional<uint32_t> seat = game.next_seat()) {
        std::vector<uint32_t> legal = game.legal_actions(*seat);
        require(!legal.empty(), "a seat to act has a legal action");
        uint32_t action = legal[rng() % legal.size()];
        require(kingup::parse_action(kingup::notation(action)) == action, "the notation reads back");
        game.apply(*seat, action);
        ++moves;
        std::string fresh = game.events_json(-1, seen);
        require(fresh.size() > 2, "every move makes an event");
        require(fresh.find("\"vote\":\"") == std::string::npos, "spectators see no vote");
        seen = game.event_count();
    }
    return moves;
}

void play(const std::string &name, const KingupConfig &config, uint64_t seed) {
    kingup::Game game(config, seed);  // automatic chance: round 1 is dealt already
    // A clone and a save taken before the first move play the same game: a save holds the
    // generator's state, so the deals to come are the same too.
    kingup::Game twin = game.clone();
    kingup::Game restored = kingup::Game::from_json(game.to_json());
    kingup::Game world = game.sample(0, seed);
    require(world.player_view_json(0) == game.player_view_json(0), "sampling keeps seat 0's view");

    std::mt19937_64 rng(seed), twin_rng(seed), restored_rng(seed), world_rng(seed);
    size_t moves = play_out(game, rng);
    play_out(twin, twin_rng);
    play_out(world, world_rng);
    play_out(restored, restored_rng);
    require(twin.to_json() == game.to_json(), "a clone replays the same game");
    require(restored.to_json() == game.to_json(), "a loaded save replays the same game");

    require(game.phase() == KINGUP_PHASE_GAME_OVER, "the game is over");
    std::cout << name << ": " << moves << " moves, totals";
    std::vector<uint32_t> totals = game.totals();
    for (size_t s = 0; s < totals.size(); ++s) {
        std::cout << ' ' << totals[s] << (((game.winners() >> s) & 1u) ? "*" : "");
    }
    std::cout << '\n';
}

// Bad input surfaces as kingup::Error with the right status and reason; the game is
// unchanged.
void bad_input() {
    kingup::Game game(kingup::config(3), 5);
    const std::string before = game.to_json();
    auto expect = [&](KingupStatus wanted, const std::string &reason, auto call) {
        try {
            call();
        } catch (const kingup::Error &e) {
            require(e.status() == wanted, std::string("status for: ") + e.what());
            require(e.reason() == reason, "reason " + e.reason() + " for: " + e.what());
            require(game.to_json() == before, "the game is unchanged");
            return;
        }
        throw std::logic_error("a bad call succeeded");
    };
    const uint32_t seat = *game.next_seat();
    expect(KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat", [&] { game.apply(3, 0); });
    expect(KINGUP_STATUS_INVALID_ARGUMENT, "no_such_action",
           [&] { game.apply(seat, KINGUP_ACTION_COUNT); });
    expect(KINGUP_STATUS_ILLEGAL_ACTION, "not_your_turn", [&] { game.apply((seat + 1) % 3, 0); });
    expect(KINGUP_STATUS_ILLEGAL_ACTION, "revealed", [&] { game.undo(seat); });
    expect(KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat", [&] { game.legal_actions(7); });
    expect(KINGUP_STATUS_PARSE_ERROR, "malformed", [&] { kingup::Game::from_json("{\"version\": 1}"); });
    expect(KINGUP_STATUS_PARSE_ERROR, "malformed", [&] { kingup::Game::from_json(before.substr(0, 40)); });
    std::string edited = before;
    edited.replace(edited.find("\"version\":1"), 11, "\"version\":2");
    expect(KINGUP_STATUS_PARSE_ERROR, "version", [&] { kingup::Game::from_json(edited); });
    expect(KINGUP_STATUS_PARSE_ERROR, "malformed", [&] { kingup::parse_action("B5"); });
    KingupConfig bad = kingup::config(3);
    bad.setup = 7;
    expect(KINGUP_STATUS_INVALID_ARGUMENT, "invalid_config", [&] { kingup::Game g(bad, 0); });
    std::cout << "bad input: every call refused, game unchanged\n";
}

}  // namespace

int main() {
    try {
        kingup::check_abi();
        std::cout << "kingup " << kingup::version() << " from C++17\n";
        for (uint32_t players = 3; players <= 6; ++players) {
            KingupConfig config = kingup::config(players);
            config.setup = players % 2 == 0 ? KINGUP_SETUP_PLACEMENT : KINGUP_SETUP_RANDOM_LAYOUT;
            play(std::to_string(players) + " players", config, 100 + players);
        }
        bad_input();
    } catch (const std::exception &e) {
        std::cerr << "error: " << e.what() << '\n';
        return 1;
    }
    return 0;
}
