// Plays whole games of King Up! through the C ABI from C++17: a small RAII wrapper owns
// the handle (std::unique_ptr with kingup_game_free), turns statuses into exceptions that
// carry the reason code, and buffers into std::string / std::vector. A clone, a game
// loaded from a save and the original play on identically. Then a few bad inputs, checked
// the same way.
//
// Build (see scripts/test-ffi.sh):
//   c++ -std=c++17 -Wall -Wextra -Werror -I kingup-ffi/include
//       examples/cpp/play.cpp -L target/debug -lkingup_ffi
#include <cstdint>
#include <iostream>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "kingup.h"

namespace kingup {

// A failed call: its status, its reason code and the library's explanation.
class Error : public std::runtime_error {
public:
    Error(const std::string &call, KingupStatus status)
        : std::runtime_error(call + ": " + kingup_status_name(status) + ": " +
                             read(kingup_last_error)),
          status_(status), reason_(read(kingup_last_error_reason)) {}

    KingupStatus status() const { return status_; }
    // "not_your_turn", "card_unavailable", "null_argument", ... (see docs/c-api.md).
    const std::string &reason() const { return reason_; }

private:
    // Reading the message or the reason leaves both in place, so the order is free.
    static std::string read(KingupStatus (*part)(char *, size_t, size_t *)) {
        size_t len = 0;
        part(nullptr, 0, &len);
        std::string text(len, '\0');
        part(text.data(), text.size(), &len);
        text.resize(len > 0 ? len - 1 : 0);
        return text;
    }

    KingupStatus status_;
    std::string reason_;
};

inline void check(KingupStatus status, const char *call) {
    if (status != KINGUP_STATUS_OK) {
        throw Error(call, status);
    }
}

// Asks for the size, then fills: the two-call pattern every text output uses.
template <typename Call> std::string text(Call call) {
    size_t len = 0;
    KingupStatus status = call(nullptr, 0, &len);
    if (status != KINGUP_STATUS_BUFFER_TOO_SMALL) {
        check(status, "size query");
    }
    std::string out(len, '\0');
    check(call(out.data(), out.size(), &len), "text query");
    out.resize(len - 1);  // drop the NUL
    return out;
}

class Game {
public:
    Game(const KingupConfig &config, uint64_t seed) {
        KingupGame *raw = nullptr;
        check(kingup_game_new(&config, seed, &raw), "kingup_game_new");
        handle_.reset(raw);
    }

    // Loads a save document: its steps are replayed, so it goes on as the saved game.
    static Game from_json(const std::string &json) {
        KingupGame *raw = nullptr;
        check(kingup_game_from_json(json.data(), json.size(), &raw), "from_json");
        return Game(raw);
    }

    Game clone() const {
        KingupGame *raw = nullptr;
        check(kingup_game_clone(get(), &raw), "kingup_game_clone");
        return Game(raw);
    }

    Game sample(uint32_t seat, uint64_t seed) const {
        KingupGame *raw = nullptr;
        check(kingup_game_sample(get(), seat, seed, &raw), "kingup_game_sample");
        return Game(raw);
    }

    KingupActor actor() const {
        KingupActor actor{};
        check(kingup_game_actor(get(), &actor), "kingup_game_actor");
        return actor;
    }

    uint32_t phase() const {
        uint32_t phase = 0;
        check(kingup_game_phase(get(), &phase), "kingup_game_phase");
        return phase;
    }

    std::vector<uint32_t> legal_actions(uint32_t seat) const {
        std::vector<uint32_t> actions(KINGUP_MAX_LEGAL_ACTIONS);
        size_t n = 0;
        check(kingup_game_legal_actions(get(), seat, actions.data(), actions.size(), &n),
              "kingup_game_legal_actions");
        actions.resize(n);
        return actions;
    }

    std::vector<float> observation(uint32_t seat) const {
        std::vector<float> obs(KINGUP_OBSERVATION_LEN);
        size_t n = 0;
        check(kingup_game_observation(get(), seat, obs.data(), obs.size(), &n), "observation");
        return obs;
    }

    void apply(uint32_t seat, uint32_t action) {
        check(kingup_game_apply(get(), seat, action), "kingup_game_apply");
    }

    void resolve_chance() { check(kingup_game_resolve_chance(get()), "resolve_chance"); }

    void undo(uint32_t seat) { check(kingup_game_undo(get(), seat), "kingup_game_undo"); }

    // The save document: every secret included, for the host only.
    std::string save() const {
        return text([this](char *b, size_t c, size_t *l) { return kingup_game_to_json(get(), b, c, l); });
    }

    std::string player_view(uint32_t seat) const {
        return text([this, seat](char *b, size_t c, size_t *l) {
            return kingup_game_player_view_json(get(), seat, b, c, l);
        });
    }

    std::string events(int32_t viewer, size_t from) const {
        return text([this, viewer, from](char *b, size_t c, size_t *l) {
            return kingup_game_events_json(get(), viewer, from, b, c, l);
        });
    }

    size_t event_count() const {
        size_t n = 0;
        check(kingup_game_event_count(get(), &n), "kingup_game_event_count");
        return n;
    }

    std::vector<uint32_t> totals() const {
        std::vector<uint32_t> totals(KINGUP_MAX_PLAYERS);
        size_t n = 0;
        check(kingup_game_totals(get(), totals.data(), totals.size(), &n), "kingup_game_totals");
        totals.resize(n);
        return totals;
    }

    uint32_t winners() const {
        uint32_t mask = 0;
        check(kingup_game_winners(get(), &mask), "kingup_game_winners");
        return mask;
    }

    KingupGame *get() const { return handle_.get(); }

private:
    explicit Game(KingupGame *raw) : handle_(raw) {}

    struct Free {
        void operator()(KingupGame *game) const { kingup_game_free(game); }
    };
    std::unique_ptr<KingupGame, Free> handle_;
};

// "B4", "F", "yes" for an action index, and back.
inline std::string notation(uint32_t action) {
    return text([action](char *b, size_t c, size_t *l) { return kingup_action_notation(action, b, c, l); });
}

inline uint32_t parse(const std::string &move) {
    uint32_t action = 0;
    check(kingup_action_parse(move.data(), move.size(), &action), "kingup_action_parse");
    return action;
}

}  // namespace kingup

namespace {

void require(bool condition, const std::string &what) {
    if (!condition) {
        throw std::logic_error("check failed: " + what);
    }
}

uint32_t acting_seat(const KingupActor &actor) {
    uint32_t seat = 0;
    while (((actor.seats >> seat) & 1u) == 0) {
        ++seat;
    }
    return seat;
}

// Plays to the end with random legal moves; a spectator follows the events as they come.
size_t play_out(kingup::Game &game, std::mt19937_64 &rng) {
    size_t moves = 0, seen = 0;
    for (;;) {
        KingupActor actor = game.actor();
        if (actor.kind == KINGUP_ACTOR_KIND_NOBODY) {
            return moves;
        }
        if (actor.kind == KINGUP_ACTOR_KIND_CHANCE) {
            game.resolve_chance();
            continue;
        }
        uint32_t seat = acting_seat(actor);
        std::vector<uint32_t> legal = game.legal_actions(seat);
        require(!legal.empty(), "a seat to act has a legal action");
        require(game.observation(seat).size() == KINGUP_OBSERVATION_LEN, "observation length");
        uint32_t action = legal[rng() % legal.size()];
        require(kingup::parse(kingup::notation(action)) == action, "the notation reads back");
        game.apply(seat, action);
        ++moves;
        std::string fresh = game.events(-1, seen);
        require(fresh.size() > 2, "every move makes an event");
        require(fresh.find("\"vote\":\"") == std::string::npos, "spectators see no vote");
        seen = game.event_count();
    }
}

void play(const char *name, KingupConfig config, uint64_t seed) {
    std::mt19937_64 rng(seed);
    kingup::Game game(config, seed);  // automatic chance: round 1 is dealt already
    // A clone and a save taken before the first move play the same game: a save holds the
    // generator's state, so the deals to come are the same too.
    kingup::Game twin = game.clone();
    kingup::Game restored = kingup::Game::from_json(game.save());
    kingup::Game world = game.sample(0, seed);
    require(world.player_view(0) == game.player_view(0), "sampling keeps seat 0's view");

    std::mt19937_64 twin_rng(seed), restored_rng(seed), world_rng(seed);
    size_t moves = play_out(game, rng);
    play_out(twin, twin_rng);
    play_out(world, world_rng);
    play_out(restored, restored_rng);
    require(twin.save() == game.save(), "a clone replays the same game");
    require(restored.save() == game.save(), "a loaded save replays the same game");

    require(game.phase() == KINGUP_PHASE_GAME_OVER, "the game is over");
    std::cout << name << ": " << moves << " moves, totals";
    std::vector<uint32_t> totals = game.totals();
    for (size_t s = 0; s < totals.size(); ++s) {
        std::cout << ' ' << totals[s] << (((game.winners() >> s) & 1u) ? "*" : "");
    }
    std::cout << '\n';
}

// Bad input surfaces as exceptions with the right status, and the game is unchanged.
void bad_input() {
    KingupConfig config{};
    kingup::check(kingup_config_init(&config, 3), "kingup_config_init");
    kingup::Game game(config, 5);
    const std::string before = game.save();
    auto expect = [&](KingupStatus wanted, const std::string &reason, auto call) {
        try {
            call();
        } catch (const kingup::Error &e) {
            require(e.status() == wanted, std::string("status for: ") + e.what());
            require(e.reason() == reason, "reason " + e.reason() + " for: " + e.what());
            require(game.save() == before, "the game is unchanged");
            return;
        }
        throw std::logic_error("a bad call succeeded");
    };
    expect(KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat", [&] { game.apply(3, 0); });
    expect(KINGUP_STATUS_INVALID_ARGUMENT, "no_such_action",
           [&] { game.apply(0, KINGUP_ACTION_COUNT); });
    expect(KINGUP_STATUS_ILLEGAL_ACTION, "not_your_turn",
           [&] { game.apply(game.actor().seat == 0 ? 1 : 0, 0); });
    expect(KINGUP_STATUS_ILLEGAL_ACTION, "revealed", [&] { game.undo(game.actor().seat); });
    expect(KINGUP_STATUS_INVALID_ARGUMENT, "no_such_seat", [&] { game.legal_actions(7); });
    expect(KINGUP_STATUS_PARSE_ERROR, "malformed", [&] { kingup::Game::from_json("{\"version\": 1}"); });
    expect(KINGUP_STATUS_PARSE_ERROR, "malformed", [&] { kingup::Game::from_json(before.substr(0, 40)); });
    std::string edited = before;
    edited.replace(edited.find("\"version\":1"), 11, "\"version\":2");
    expect(KINGUP_STATUS_PARSE_ERROR, "version", [&] { kingup::Game::from_json(edited); });
    expect(KINGUP_STATUS_PARSE_ERROR, "malformed", [&] { kingup::parse("B5"); });
    KingupConfig bad = config;
    bad.setup = 7;
    expect(KINGUP_STATUS_INVALID_ARGUMENT, "invalid_config", [&] { kingup::Game g(bad, 0); });
    std::cout << "bad input: every call refused, game unchanged\n";
}

}  // namespace

int main() {
    try {
        require(kingup_abi_version() == KINGUP_ABI_VERSION, "ABI version");
        std::cout << "kingup " << kingup_version() << " from C++17\n";
        for (uint32_t players = 3; players <= 6; ++players) {
            KingupConfig config{};
            kingup::check(kingup_config_init(&config, players), "kingup_config_init");
            config.setup = players % 2 == 0 ? KINGUP_SETUP_PLACEMENT : KINGUP_SETUP_RANDOM_LAYOUT;
            std::string name = std::to_string(players) + " players";
            play(name.c_str(), config, 100 + players);
        }
        bad_input();
    } catch (const std::exception &e) {
        std::cerr << "error: " << e.what() << '\n';
        return 1;
    }
    return 0;
}
