// The C++ driver of the cross-language golden test (see interop/src/lib.rs): plays every
// scenario named on the command line through the C ABI from C++17, by the header-only
// wrapper kingup.hpp (King Up!'s kingup::Game, or kingup::court::Game for a scenario with
// the line "game court"), and checks the save document and every viewer's redacted event
// stream against interop/expected byte for byte; loads every expected save and writes it
// back unchanged.
//
// usage: interop INTEROP_DIR NAME...
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "kingup.hpp"

namespace {

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw std::runtime_error("cannot open " + path);
    }
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

template <typename G> std::string save_text(const G &game) { return game.to_json() + "\n"; }

template <typename G> std::string events_text(const G &game) {
    std::string out;
    for (int32_t viewer = -1; viewer < static_cast<int32_t>(game.config().players); viewer++) {
        out += viewer < 0 ? std::string("spectator ") : "seat " + std::to_string(viewer) + " ";
        out += game.events_json(viewer, 0);
        out += "\n";
    }
    return out;
}

kingup::Game play(const std::string &text) {
    KingupConfig config = kingup::config(4);
    uint64_t seed = 0;
    std::optional<kingup::Game> game;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        line = line.substr(0, line.find('#'));
        auto colon = line.find(':');
        if (colon == std::string::npos) {
            std::istringstream words(line);
            std::string key, value;
            if (!(words >> key >> value)) {
                continue;
            }
            if (key == "players") config.players = static_cast<uint32_t>(std::stoul(value));
            if (key == "rounds") config.rounds = static_cast<uint32_t>(std::stoul(value));
            if (key == "setup")
                config.setup = value == "random" ? KINGUP_SETUP_RANDOM_LAYOUT : KINGUP_SETUP_PLACEMENT;
            if (key == "seed") seed = std::stoull(value);
            continue;
        }
        if (!game) {
            game.emplace(config, seed);
        }
        auto seat = static_cast<uint32_t>(std::stoul(line.substr(0, colon)));
        std::string move = line.substr(colon + 1);
        move.erase(0, move.find_first_not_of(' '));
        if (move == "undo") {
            game->undo(seat);
        } else {
            game->apply(seat, kingup::parse_action(move));
        }
    }
    if (!game) {
        game.emplace(config, seed);
    }
    return std::move(*game);
}

bool is_court(const std::string &text) {
    return text.rfind("game court\n", 0) == 0 || text.find("\ngame court\n") != std::string::npos;
}

kingup::court::Game play_court(const std::string &text) {
    KingupCourtConfig config = kingup::court::config(2);
    uint64_t seed = 0;
    std::optional<kingup::court::Game> game;
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        line = line.substr(0, line.find('#'));
        auto colon = line.find(':');
        if (colon == std::string::npos) {
            std::istringstream words(line);
            std::string key, value;
            if (!(words >> key >> value)) {
                continue;
            }
            if (key == "players") config.players = static_cast<uint32_t>(std::stoul(value));
            if (key == "max_rounds") config.max_rounds = static_cast<uint32_t>(std::stoul(value));
            if (key == "first_player") config.first_player = std::stoi(value);
            if (key == "chance") config.chance = value == "explicit" ? KINGUP_CHANCE_EXPLICIT : KINGUP_CHANCE_AUTO;
            if (key == "seed") seed = std::stoull(value);
            continue;
        }
        if (!game) {
            game.emplace(config, seed);
        }
        const std::string who = line.substr(0, colon);
        std::string what = line.substr(colon + 1);
        what.erase(0, what.find_first_not_of(' '));
        if (who == "chance") {
            game->apply_chance(kingup::court::parse_chance(what));
        } else if (what == "undo") {
            game->undo(static_cast<uint32_t>(std::stoul(who)));
        } else {
            game->apply(static_cast<uint32_t>(std::stoul(who)), kingup::court::parse_action(what));
        }
    }
    if (!game) {
        game.emplace(config, seed);
    }
    return std::move(*game);
}

}  // namespace

int main(int argc, char **argv) {
    if (argc < 3) {
        std::cerr << "usage: interop INTEROP_DIR NAME...\n";
        return EXIT_FAILURE;
    }
    int failures = 0;
    auto compare = [&](const std::string &what, const std::string &a, const std::string &b) {
        if (a != b) {
            std::cerr << "C++: " << what << " differs from interop/expected\n";
            failures++;
        }
    };
    try {
        const std::string dir = argv[1];
        for (int i = 2; i < argc; i++) {
            const std::string name = argv[i];
            const int before = failures;
            const std::string scenario = read_file(dir + "/scenarios/" + name + ".txt");
            const std::string save = read_file(dir + "/expected/" + name + ".save.json");
            const std::string events = read_file(dir + "/expected/" + name + ".events.txt");
            // Both outputs of a played game and of the expected save reloaded.
            auto check = [&](const auto &game) {
                using Game = std::decay_t<decltype(game)>;
                compare("the save document", save_text(game), save);
                compare("the event streams", events_text(game), events);
                const Game loaded = Game::from_json(std::string_view(save).substr(0, save.size() - 1));
                compare("the reloaded save", save_text(loaded), save);
                compare("the reloaded event streams", events_text(loaded), events);
            };
            if (is_court(scenario)) {
                check(play_court(scenario));
            } else {
                check(play(scenario));
            }
            if (failures == before) {
                std::cout << "C++: " << name << " matches\n";
            }
        }
    } catch (const std::exception &e) {
        std::cerr << "C++: " << e.what() << "\n";
        return EXIT_FAILURE;
    }
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
