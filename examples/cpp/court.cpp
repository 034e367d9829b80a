// A game of To Court the King through kingup.hpp: a greedy bot against two random ones,
// a refused move caught as kingup::Error (the game unchanged), a save and its reload.
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "kingup.hpp"

int main() {
    kingup::check_abi();
    KingupCourtConfig config = kingup::court::config(3);
    config.max_rounds = 30;
    kingup::court::Game game(config, 42);

    // Seat 0 may not act for seat 1: refused, nothing changed.
    const std::string before = game.to_json();
    const uint32_t seat = *game.next_seat();
    try {
        game.apply((seat + 1) % 3, kingup::court::parse_action("roll"));
        return 1;
    } catch (const kingup::Error &e) {
        std::cout << "refused: " << e.reason() << '\n';
    }
    if (game.to_json() != before) {
        return 1;
    }

    std::vector<kingup::court::Bot> bots;
    bots.emplace_back(KINGUP_COURT_BOT_KIND_GREEDY, 1);
    bots.emplace_back(KINGUP_COURT_BOT_KIND_RANDOM, 2);
    bots.emplace_back(KINGUP_COURT_BOT_KIND_RANDOM, 3);
    std::size_t actions = 0;
    while (const std::optional<uint32_t> next = game.next_seat()) {
        game.apply(*next, bots[*next].choose(game, *next));
        ++actions;
    }
    const std::vector<uint32_t> cards = game.scores();
    std::cout << actions << " actions; cards";
    for (uint32_t c : cards) {
        std::cout << ' ' << c;
    }
    std::cout << (game.truncated() ? "; truncated\n" : "; a King was crowned\n");

    const kingup::court::Game loaded = kingup::court::Game::from_json(game.to_json());
    return loaded.to_json() == game.to_json() && game.phase() == KINGUP_COURT_PHASE_GAME_OVER ? 0 : 1;
}
