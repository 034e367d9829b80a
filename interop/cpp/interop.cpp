// The C++ driver of the cross-language golden test (see interop/src/lib.rs): plays every
// scenario named on the command line through the C ABI from C++17 and checks the save
// document and every viewer's redacted event stream against interop/expected byte for
// byte; loads every expected save and writes it back unchanged.
//
// usage: interop INTEROP_DIR NAME...
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>

#include "kingup.h"

namespace {

struct GameDeleter {
    void operator()(KingupGame *game) const { kingup_game_free(game); }
};
using Game = std::unique_ptr<KingupGame, GameDeleter>;

// Throws with the call, the reason and the message if `status` is not OK.
void check(KingupStatus status, const char *call) {
    if (status == KINGUP_STATUS_OK) {
        return;
    }
    char message[512] = "";
    char reason[KINGUP_MAX_REASON_LEN] = "";
    size_t len = 0;
    kingup_last_error(message, sizeof message, &len);
    kingup_last_error_reason(reason, sizeof reason, &len);
    throw std::runtime_error(std::string(call) + ": " + kingup_status_name(status) + " (" +
                             reason + "): " + message);
}

std::string read_file(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw std::runtime_error("cannot open " + path);
    }
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// Calls a `(…, buf, cap, out_len)` entry point twice: for the size, then for the text.
template <typename Write> std::string text_of(Write write, const char *call) {
    size_t need = 0;
    write(nullptr, 0, &need);
    std::string buf(need, '\0');
    check(write(buf.data(), buf.size(), &need), call);
    buf.resize(need - 1);  // the NUL
    return buf;
}

std::string save_text(const KingupGame *game) {
    return text_of([&](char *b, size_t c, size_t *n) { return kingup_game_to_json(game, b, c, n); },
                   "kingup_game_to_json") +
           "\n";
}

std::string events_text(const KingupGame *game) {
    KingupConfig config{};
    check(kingup_game_config(game, &config), "kingup_game_config");
    std::string out;
    for (int32_t viewer = -1; viewer < static_cast<int32_t>(config.players); viewer++) {
        out += viewer < 0 ? std::string("spectator ") : "seat " + std::to_string(viewer) + " ";
        out += text_of(
            [&](char *b, size_t c, size_t *n) {
                return kingup_game_events_json(game, viewer, 0, b, c, n);
            },
            "kingup_game_events_json");
        out += "\n";
    }
    return out;
}

Game play(const std::string &text) {
    KingupConfig config{};
    check(kingup_config_init(&config, 4), "kingup_config_init");
    uint64_t seed = 0;
    Game game;
    auto start = [&] {
        if (!game) {
            KingupGame *raw = nullptr;
            check(kingup_game_new(&config, seed, &raw), "kingup_game_new");
            game.reset(raw);
        }
    };
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
        start();
        auto seat = static_cast<uint32_t>(std::stoul(line.substr(0, colon)));
        std::string move = line.substr(colon + 1);
        move.erase(0, move.find_first_not_of(' '));
        if (move == "undo") {
            check(kingup_game_undo(game.get(), seat), "kingup_game_undo");
        } else {
            uint32_t action = 0;
            check(kingup_action_parse(move.data(), move.size(), &action), "kingup_action_parse");
            check(kingup_game_apply(game.get(), seat, action), "kingup_game_apply");
        }
    }
    start();
    return game;
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
            Game game = play(read_file(dir + "/scenarios/" + name + ".txt"));
            const std::string save = read_file(dir + "/expected/" + name + ".save.json");
            const std::string events = read_file(dir + "/expected/" + name + ".events.txt");
            compare("the save document", save_text(game.get()), save);
            compare("the event streams", events_text(game.get()), events);

            KingupGame *raw = nullptr;
            check(kingup_game_from_json(save.data(), save.size() - 1, &raw), "kingup_game_from_json");
            Game loaded(raw);
            compare("the reloaded save", save_text(loaded.get()), save);
            compare("the reloaded event streams", events_text(loaded.get()), events);
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
