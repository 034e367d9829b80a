// kingup.hpp: a header-only C++17 wrapper over the kingup C ABI (kingup.h).
//
// - RAII: kingup::Game and kingup::Bot own their handle (move-only; copy a game with
//   clone()), so a handle is freed exactly once, also when an exception unwinds.
// - Errors: every failed call throws kingup::Error, carrying the status, the reason code
//   ("not_your_turn", "card_unavailable", ...; see docs/c-api.md) and the library's
//   message. A failed call changes nothing, so the game is as it was when you catch it.
// - Outputs: text as std::string, lists as std::vector, views as the C ABI's blittable
//   structs (KingupPlayerView, KingupPublicView), with helpers to list their masks.
//
// - Two games: kingup::Game and kingup::Bot play King Up!; kingup::court::Game and
//   kingup::court::Bot play To Court the King, with the same conventions.
//
// Like the handles it wraps, a Game or a Bot is used from one thread at a time.
#ifndef KINGUP_HPP
#define KINGUP_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kingup.h"

namespace kingup {

// A failed call: its status, its reason code and the library's explanation.
class Error : public std::runtime_error {
public:
    Error(const char *call, KingupStatus status, std::string reason, const std::string &message)
        : std::runtime_error(std::string(call) + ": " + kingup_status_name(status) + " (" +
                             reason + "): " + message),
          status_(status), reason_(std::move(reason)) {}

    KingupStatus status() const noexcept { return status_; }
    // A stable code to branch on ("not_your_turn", "malformed", ...), unlike the message.
    const std::string &reason() const noexcept { return reason_; }

private:
    KingupStatus status_;
    std::string reason_;
};

namespace detail {

// Reads the last error's message or reason; buffers of the ABI's bounds always suffice.
template <std::size_t N>
inline std::string last(KingupStatus (*part)(char *, std::size_t, std::size_t *)) {
    char buf[N] = "";
    std::size_t len = 0;
    return part(buf, N, &len) == KINGUP_STATUS_OK ? std::string(buf) : std::string();
}

}  // namespace detail

// Throws kingup::Error unless `status` is KINGUP_STATUS_OK.
inline void check(KingupStatus status, const char *call) {
    if (status != KINGUP_STATUS_OK) {
        // Reading one part of the last error leaves both in place, so the order is free.
        std::string reason = detail::last<KINGUP_MAX_REASON_LEN>(kingup_last_error_reason);
        throw Error(call, status, std::move(reason),
                    detail::last<KINGUP_MAX_ERROR_LEN>(kingup_last_error));
    }
}

namespace detail {

// The two-call pattern of every text output: ask for the size, then fill.
template <typename Call> std::string text(const char *name, Call call) {
    std::size_t len = 0;
    KingupStatus status = call(nullptr, 0, &len);
    if (status != KINGUP_STATUS_BUFFER_TOO_SMALL) {
        check(status, name);
    }
    std::string out(len, '\0');
    check(call(out.data(), out.size(), &len), name);
    out.resize(len - 1);  // the NUL
    return out;
}

// A list output into a vector of `cap` elements, cut to the length written.
template <typename T, typename Call> std::vector<T> list(const char *name, std::size_t cap, Call call) {
    std::vector<T> out(cap);
    std::size_t len = 0;
    check(call(out.data(), out.size(), &len), name);
    out.resize(len);
    return out;
}

// The handle out-parameter of a constructor, owned by `Owner` once made.
template <typename Owner, typename Raw, typename Call> Owner make(const char *name, Call call) {
    Raw *raw = nullptr;
    check(call(&raw), name);
    return Owner(raw);
}

}  // namespace detail

// The library's version, e.g. "0.1.0".
inline std::string version() { return kingup_version(); }

// Throws std::runtime_error unless the library implements the header's ABI.
inline void check_abi() {
    if (kingup_abi_version() != KINGUP_ABI_VERSION) {
        throw std::runtime_error("kingup: the library implements ABI " +
                                 std::to_string(kingup_abi_version()) + ", this header ABI " +
                                 std::to_string(KINGUP_ABI_VERSION));
    }
}

// The standard game for `players`: 3 rounds, placement, a random first player, automatic
// chance.
inline KingupConfig config(uint32_t players) {
    KingupConfig config{};
    check(kingup_config_init(&config, players), "kingup_config_init");
    return config;
}

// "B4" (place Beatrice on floor 4), "F" (climb Fiorello), "yes", "no" for an action index.
inline std::string notation(uint32_t action) {
    return detail::text("kingup_action_notation", [&](char *b, std::size_t c, std::size_t *l) {
        return kingup_action_notation(action, b, c, l);
    });
}

// The action index of a move in the notation (any case, spaces around ignored).
inline uint32_t parse_action(std::string_view move) {
    uint32_t action = 0;
    check(kingup_action_parse(move.data(), move.size(), &action), "kingup_action_parse");
    return action;
}

// A sentence for an action index, e.g. "place Beatrice on Officials (3)".
inline std::string describe(uint32_t action) {
    return detail::text("kingup_action_describe", [&](char *b, std::size_t c, std::size_t *l) {
        return kingup_action_describe(action, b, c, l);
    });
}

// The indices of the bits set in a seat or character mask, in order.
inline std::vector<uint32_t> members(uint32_t mask) {
    std::vector<uint32_t> out;
    for (uint32_t i = 0; i < 32; ++i) {
        if ((mask >> i) & 1u) {
            out.push_back(i);
        }
    }
    return out;
}

// The pending chance step's outcomes (indices 0..KINGUP_CHANCE_OUTCOME_COUNT) with their
// probabilities, side by side.
struct ChanceOutcomes {
    std::vector<uint32_t> outcomes;
    std::vector<double> probabilities;
};

// A game of King Up!, owning its handle. Move-only: clone() makes an independent copy.
class Game {
public:
    // A new game with the default deck, chance drawn from the generator of `seed` (a secret:
    // it predicts every deal).
    Game(const KingupConfig &config, uint64_t seed) {
        check(kingup_game_new(&config, seed, &handle_), "kingup_game_new");
    }

    // A new game from a JSON config, which may carry a custom deck.
    static Game from_config_json(std::string_view json, uint64_t seed,
                                 KingupChance chance = KINGUP_CHANCE_AUTO) {
        return detail::make<Game, KingupGame>("kingup_game_new_json", [&](KingupGame **out) {
            return kingup_game_new_json(json.data(), json.size(), chance, seed, out);
        });
    }

    // Loads a save document (to_json(), here or in any front end): its steps are replayed,
    // so the game goes on exactly as the saved one would.
    static Game from_json(std::string_view save) {
        return detail::make<Game, KingupGame>("kingup_game_from_json", [&](KingupGame **out) {
            return kingup_game_from_json(save.data(), save.size(), out);
        });
    }

    Game(Game &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Game &operator=(Game &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    Game(const Game &) = delete;
    Game &operator=(const Game &) = delete;
    ~Game() { kingup_game_free(handle_); }

    // An independent copy: the game, its record, its generator and its event log.
    Game clone() const {
        return detail::make<Game, KingupGame>("kingup_game_clone", [&](KingupGame **out) {
            return kingup_game_clone(handle_, out);
        });
    }

    // A game consistent with everything `seat` knows (information-set sampling).
    Game sample(uint32_t seat, uint64_t seed) const {
        return detail::make<Game, KingupGame>("kingup_game_sample", [&](KingupGame **out) {
            return kingup_game_sample(handle_, seat, seed, out);
        });
    }

    KingupConfig config() const { return get(kingup_game_config, "kingup_game_config"); }
    KingupPhase phase() const {
        return static_cast<KingupPhase>(get(kingup_game_phase, "kingup_game_phase"));
    }
    KingupActor actor() const { return get(kingup_game_actor, "kingup_game_actor"); }
    uint32_t round() const { return get(kingup_game_round, "kingup_game_round"); }
    // The seat to move, or in a vote the lowest seat still to vote; none for chance or once
    // the game is over.
    std::optional<uint32_t> next_seat() const {
        return index(get(kingup_game_next_seat, "kingup_game_next_seat"));
    }
    // The King of the round (a character index), once crowned.
    std::optional<uint32_t> king() const { return index(get(kingup_game_king, "kingup_game_king")); }
    KingupChanceStep chance_step() const {
        return get(kingup_game_chance_step, "kingup_game_chance_step");
    }
    // What the pending chance step decides ("deal seat 2's objective"), or "".
    std::string chance_description() const {
        return detail::text("kingup_game_chance_describe",
                            [&](char *b, std::size_t c, std::size_t *l) {
                                return kingup_game_chance_describe(handle_, b, c, l);
                            });
    }
    ChanceOutcomes chance_outcomes() const {
        ChanceOutcomes out{std::vector<uint32_t>(KINGUP_CHANCE_OUTCOME_COUNT),
                           std::vector<double>(KINGUP_CHANCE_OUTCOME_COUNT)};
        std::size_t len = 0;
        check(kingup_game_chance_outcomes(handle_, out.outcomes.data(), out.probabilities.data(),
                                          out.outcomes.size(), &len),
              "kingup_game_chance_outcomes");
        out.outcomes.resize(len);
        out.probabilities.resize(len);
        return out;
    }

    std::vector<uint32_t> legal_actions(uint32_t seat) const {
        return detail::list<uint32_t>("kingup_game_legal_actions", KINGUP_MAX_LEGAL_ACTIONS,
                                      [&](uint32_t *b, std::size_t c, std::size_t *l) {
                                          return kingup_game_legal_actions(handle_, seat, b, c, l);
                                      });
    }
    // One byte per action index: 1 when legal for `seat`.
    std::vector<uint8_t> action_mask(uint32_t seat) const {
        return detail::list<uint8_t>("kingup_game_action_mask", KINGUP_ACTION_COUNT,
                                     [&](uint8_t *b, std::size_t c, std::size_t *l) {
                                         return kingup_game_action_mask(handle_, seat, b, c, l);
                                     });
    }
    // `seat`'s observation tensor (docs/observation.md).
    std::vector<float> observation(uint32_t seat) const {
        return detail::list<float>("kingup_game_observation", KINGUP_OBSERVATION_LEN,
                                   [&](float *b, std::size_t c, std::size_t *l) {
                                       return kingup_game_observation(handle_, seat, b, c, l);
                                   });
    }

    void apply(uint32_t seat, uint32_t action) {
        check(kingup_game_apply(handle_, seat, action), "kingup_game_apply");
    }
    void apply_chance(uint32_t outcome) {
        check(kingup_game_apply_chance(handle_, outcome), "kingup_game_apply_chance");
    }
    void resolve_chance() { check(kingup_game_resolve_chance(handle_), "kingup_game_resolve_chance"); }
    void reseed(uint64_t seed) { check(kingup_game_reseed(handle_, seed), "kingup_game_reseed"); }
    void undo(uint32_t seat) { check(kingup_game_undo(handle_, seat), "kingup_game_undo"); }
    std::size_t undoable() const { return get(kingup_game_undoable, "kingup_game_undoable"); }

    // What `seat` knows, never another seat's secret: safe for that player's screen.
    KingupPlayerView player_view(uint32_t seat) const {
        KingupPlayerView view{};
        check(kingup_game_player_view(handle_, seat, &view), "kingup_game_player_view");
        return view;
    }
    // Everything public: a spectator's view.
    KingupPublicView public_view() const {
        return get(kingup_game_public_view, "kingup_game_public_view");
    }

    // The save document: every secret included, the host's only.
    std::string to_json() const {
        return detail::text("kingup_game_to_json", [&](char *b, std::size_t c, std::size_t *l) {
            return kingup_game_to_json(handle_, b, c, l);
        });
    }
    std::string player_view_json(uint32_t seat) const {
        return detail::text("kingup_game_player_view_json",
                            [&](char *b, std::size_t c, std::size_t *l) {
                                return kingup_game_player_view_json(handle_, seat, b, c, l);
                            });
    }
    std::string public_view_json() const {
        return detail::text("kingup_game_public_view_json",
                            [&](char *b, std::size_t c, std::size_t *l) {
                                return kingup_game_public_view_json(handle_, b, c, l);
                            });
    }
    // The events from index `from` on as `viewer` (a seat, or -1 for a spectator) may see
    // them, as a JSON array.
    std::string events_json(int32_t viewer, std::size_t from = 0) const {
        return detail::text("kingup_game_events_json",
                            [&](char *b, std::size_t c, std::size_t *l) {
                                return kingup_game_events_json(handle_, viewer, from, b, c, l);
                            });
    }
    std::size_t event_count() const {
        return get(kingup_game_event_count, "kingup_game_event_count");
    }

    // Points of the rounds scored so far, row by row (rounds scored × players).
    std::vector<uint32_t> scores() const {
        return detail::list<uint32_t>("kingup_game_scores", KINGUP_MAX_ROUNDS * KINGUP_MAX_PLAYERS,
                                      [&](uint32_t *b, std::size_t c, std::size_t *l) {
                                          return kingup_game_scores(handle_, b, c, l);
                                      });
    }
    std::vector<uint32_t> totals() const {
        return detail::list<uint32_t>("kingup_game_totals", KINGUP_MAX_PLAYERS,
                                      [&](uint32_t *b, std::size_t c, std::size_t *l) {
                                          return kingup_game_totals(handle_, b, c, l);
                                      });
    }
    // The winners as a seat mask: 0 until the game is over.
    uint32_t winners() const { return get(kingup_game_winners, "kingup_game_winners"); }

    // The handle, for calls this wrapper does not cover; still owned by the Game.
    KingupGame *get() const noexcept { return handle_; }

private:
    template <typename Owner, typename Raw, typename Call>
    friend Owner detail::make(const char *, Call);

    explicit Game(KingupGame *raw) noexcept : handle_(raw) {}

    // A query with one out-parameter.
    template <typename T> T get(KingupStatus (*query)(const KingupGame *, T *), const char *name) const {
        T out{};
        check(query(handle_, &out), name);
        return out;
    }

    static std::optional<uint32_t> index(int32_t value) {
        return value < 0 ? std::nullopt : std::optional<uint32_t>(static_cast<uint32_t>(value));
    }

    KingupGame *handle_ = nullptr;
};

// A computer player, owning its handle (move-only). It picks an action for a seat from that
// seat's player view only; seeded, so the same seed and calls give the same actions.
class Bot {
public:
    // `iterations`: the ISMCTS or reader search per decision (0: the kind's default); 0 for
    // the others.
    Bot(KingupBotKind kind, uint64_t seed, uint32_t iterations = 0) {
        check(kingup_bot_new(kind, seed, iterations, &handle_), "kingup_bot_new");
    }
    Bot(Bot &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Bot &operator=(Bot &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    Bot(const Bot &) = delete;
    Bot &operator=(const Bot &) = delete;
    ~Bot() { kingup_bot_free(handle_); }

    // An action legal for `seat` now; the game is not changed (apply it yourself).
    uint32_t choose(const Game &game, uint32_t seat) {
        uint32_t action = 0;
        check(kingup_bot_choose(handle_, game.get(), seat, &action), "kingup_bot_choose");
        return action;
    }

    KingupBot *get() const noexcept { return handle_; }

private:
    KingupBot *handle_ = nullptr;
};

// To Court the King: the same conventions (RAII, kingup::Error, std::string and std::vector
// outputs) over the kingup_court_* functions.
namespace court {

// The rules for `players` (2 to 5): a random first player, no variant, no round bound,
// automatic chance.
inline KingupCourtConfig config(uint32_t players) {
    KingupCourtConfig config{};
    check(kingup_court_config_init(&config, players), "kingup_court_config_init");
    return config;
}

// "roll", "keep 4", "maid 4>6", "buy king", "pass", ... for an action index.
inline std::string notation(uint32_t action) {
    return detail::text("kingup_court_action_notation", [&](char *b, std::size_t c, std::size_t *l) {
        return kingup_court_action_notation(action, b, c, l);
    });
}

// A sentence for an action index, e.g. "set aside a 4".
inline std::string describe(uint32_t action) {
    return detail::text("kingup_court_action_describe", [&](char *b, std::size_t c, std::size_t *l) {
        return kingup_court_action_describe(action, b, c, l);
    });
}

// The action index of a move in the notation (any case, spaces around ignored).
inline uint32_t parse_action(std::string_view move) {
    uint32_t action = 0;
    check(kingup_court_action_parse(move.data(), move.size(), &action), "kingup_court_action_parse");
    return action;
}

// "die 5", "first 2" for a chance outcome index.
inline std::string chance_notation(uint32_t outcome) {
    return detail::text("kingup_court_chance_notation", [&](char *b, std::size_t c, std::size_t *l) {
        return kingup_court_chance_notation(outcome, b, c, l);
    });
}

// The chance outcome index of "die 5", "first 2".
inline uint32_t parse_chance(std::string_view outcome) {
    uint32_t index = 0;
    check(kingup_court_chance_parse(outcome.data(), outcome.size(), &index), "kingup_court_chance_parse");
    return index;
}

// A game of To Court the King, owning its handle. Move-only: clone() makes a copy.
class Game {
public:
    // A new game, chance drawn from the generator of `seed` (it predicts every die).
    Game(const KingupCourtConfig &config, uint64_t seed) {
        check(kingup_court_game_new(&config, seed, &handle_), "kingup_court_game_new");
    }

    // A new game from a JSON config ({"players": 3, "max_rounds": 50, ...}).
    static Game from_config_json(std::string_view json, uint64_t seed,
                                 KingupChance chance = KINGUP_CHANCE_AUTO) {
        return detail::make<Game, KingupCourtGame>("kingup_court_game_new_json", [&](KingupCourtGame **out) {
            return kingup_court_game_new_json(json.data(), json.size(), chance, seed, out);
        });
    }

    // Loads a save document (to_json(), here or in any front end).
    static Game from_json(std::string_view save) {
        return detail::make<Game, KingupCourtGame>("kingup_court_game_from_json", [&](KingupCourtGame **out) {
            return kingup_court_game_from_json(save.data(), save.size(), out);
        });
    }

    // A game set up in a position document (position_json(), edited), if the rules can
    // reach it: its steps are a history of it. Chance then draws from `seed`.
    static Game from_position(std::string_view position, uint64_t seed,
                              KingupChance chance = KINGUP_CHANCE_AUTO) {
        return detail::make<Game, KingupCourtGame>("kingup_court_game_from_position", [&](KingupCourtGame **out) {
            return kingup_court_game_from_position(position.data(), position.size(), seed, chance, out);
        });
    }

    Game(Game &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Game &operator=(Game &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    Game(const Game &) = delete;
    Game &operator=(const Game &) = delete;
    ~Game() { kingup_court_game_free(handle_); }

    // An independent copy: the game, its record, its generator and its event log.
    Game clone() const {
        return detail::make<Game, KingupCourtGame>("kingup_court_game_clone", [&](KingupCourtGame **out) {
            return kingup_court_game_clone(handle_, out);
        });
    }

    KingupCourtConfig config() const { return get(kingup_court_game_config, "kingup_court_game_config"); }
    KingupCourtPhase phase() const {
        return static_cast<KingupCourtPhase>(get(kingup_court_game_phase, "kingup_court_game_phase"));
    }
    KingupActor actor() const { return get(kingup_court_game_actor, "kingup_court_game_actor"); }
    uint32_t round() const { return get(kingup_court_game_round, "kingup_court_game_round"); }
    // The seat to move; none for chance or once the game is over.
    std::optional<uint32_t> next_seat() const {
        const int32_t seat = get(kingup_court_game_next_seat, "kingup_court_game_next_seat");
        return seat < 0 ? std::nullopt : std::optional<uint32_t>(static_cast<uint32_t>(seat));
    }
    // The winner as a seat mask: 0 until the game is over, and after a truncated game.
    uint32_t winners() const { return get(kingup_court_game_winners, "kingup_court_game_winners"); }
    // Whether the game ended at max_rounds with nobody having bought the King.
    bool truncated() const { return get(kingup_court_game_truncated, "kingup_court_game_truncated") != 0; }
    // Each seat's cards owned.
    std::vector<uint32_t> scores() const {
        return detail::list<uint32_t>("kingup_court_game_scores", KINGUP_COURT_MAX_PLAYERS,
                                      [&](uint32_t *b, std::size_t c, std::size_t *l) {
                                          return kingup_court_game_scores(handle_, b, c, l);
                                      });
    }

    std::vector<uint32_t> legal_actions(uint32_t seat) const {
        return detail::list<uint32_t>("kingup_court_game_legal_actions", KINGUP_COURT_MAX_LEGAL_ACTIONS,
                                      [&](uint32_t *b, std::size_t c, std::size_t *l) {
                                          return kingup_court_game_legal_actions(handle_, seat, b, c, l);
                                      });
    }
    // One byte per action index: 1 when legal for `seat`.
    std::vector<uint8_t> action_mask(uint32_t seat) const {
        return detail::list<uint8_t>("kingup_court_game_action_mask", KINGUP_COURT_ACTION_COUNT,
                                     [&](uint8_t *b, std::size_t c, std::size_t *l) {
                                         return kingup_court_game_action_mask(handle_, seat, b, c, l);
                                     });
    }
    std::vector<float> observation(uint32_t seat) const {
        return detail::list<float>("kingup_court_game_observation", KINGUP_COURT_OBSERVATION_LEN,
                                   [&](float *b, std::size_t c, std::size_t *l) {
                                       return kingup_court_game_observation(handle_, seat, b, c, l);
                                   });
    }
    ChanceOutcomes chance_outcomes() const {
        ChanceOutcomes out{std::vector<uint32_t>(KINGUP_COURT_CHANCE_OUTCOME_COUNT),
                           std::vector<double>(KINGUP_COURT_CHANCE_OUTCOME_COUNT)};
        std::size_t len = 0;
        check(kingup_court_game_chance_outcomes(handle_, out.outcomes.data(), out.probabilities.data(),
                                                out.outcomes.size(), &len),
              "kingup_court_game_chance_outcomes");
        out.outcomes.resize(len);
        out.probabilities.resize(len);
        return out;
    }

    void apply(uint32_t seat, uint32_t action) {
        check(kingup_court_game_apply(handle_, seat, action), "kingup_court_game_apply");
    }
    void apply_chance(uint32_t outcome) {
        check(kingup_court_game_apply_chance(handle_, outcome), "kingup_court_game_apply_chance");
    }
    void resolve_chance() {
        check(kingup_court_game_resolve_chance(handle_), "kingup_court_game_resolve_chance");
    }
    void reseed(uint64_t seed) { check(kingup_court_game_reseed(handle_, seed), "kingup_court_game_reseed"); }
    void undo(uint32_t seat) { check(kingup_court_game_undo(handle_, seat), "kingup_court_game_undo"); }
    std::size_t undoable() const { return get(kingup_court_game_undoable, "kingup_court_game_undoable"); }

    // The save document (the generator predicts every die: the host's only).
    std::string to_json() const {
        return detail::text("kingup_court_game_to_json", [&](char *b, std::size_t c, std::size_t *l) {
            return kingup_court_game_to_json(handle_, b, c, l);
        });
    }
    // The whole state as plain data (no generator): what a front end draws the table from.
    std::string position_json() const {
        return detail::text("kingup_court_game_position_json", [&](char *b, std::size_t c, std::size_t *l) {
            return kingup_court_game_position_json(handle_, b, c, l);
        });
    }
    // The events from index `from` on, as a JSON array (every viewer sees the same).
    std::string events_json(int32_t viewer = -1, std::size_t from = 0) const {
        return detail::text("kingup_court_game_events_json", [&](char *b, std::size_t c, std::size_t *l) {
            return kingup_court_game_events_json(handle_, viewer, from, b, c, l);
        });
    }
    std::size_t event_count() const {
        return get(kingup_court_game_event_count, "kingup_court_game_event_count");
    }

    // The handle, for calls this wrapper does not cover; still owned by the Game.
    KingupCourtGame *get() const noexcept { return handle_; }

private:
    template <typename Owner, typename Raw, typename Call>
    friend Owner kingup::detail::make(const char *, Call);

    explicit Game(KingupCourtGame *raw) noexcept : handle_(raw) {}

    template <typename T>
    T get(KingupStatus (*query)(const KingupCourtGame *, T *), const char *name) const {
        T out{};
        check(query(handle_, &out), name);
        return out;
    }

    KingupCourtGame *handle_ = nullptr;
};

// A court bot, owning its handle (move-only), seeded: the same seed and calls give the
// same actions.
class Bot {
public:
    // `iterations`: the MCTS bot's search per decision (0: its default); 0 for the others.
    Bot(KingupCourtBotKind kind, uint64_t seed, uint32_t iterations = 0) {
        check(kingup_court_bot_new(kind, seed, iterations, &handle_), "kingup_court_bot_new");
    }
    Bot(Bot &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
    Bot &operator=(Bot &&other) noexcept {
        std::swap(handle_, other.handle_);
        return *this;
    }
    Bot(const Bot &) = delete;
    Bot &operator=(const Bot &) = delete;
    ~Bot() { kingup_court_bot_free(handle_); }

    // An action legal for `seat` now; the game is not changed (apply it yourself).
    uint32_t choose(const Game &game, uint32_t seat) {
        uint32_t action = 0;
        check(kingup_court_bot_choose(handle_, game.get(), seat, &action), "kingup_court_bot_choose");
        return action;
    }

    KingupCourtBot *get() const noexcept { return handle_; }

private:
    KingupCourtBot *handle_ = nullptr;
};

}  // namespace court

}  // namespace kingup

#endif  // KINGUP_HPP
