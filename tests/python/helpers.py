"""What the unobook tests share: random games played through Game."""
import os
import random

import unobook

RULE_SETS = ("mattel", "classic", "kpgut")
# UNOBOOK_GAMES=N plays N games a rule set and count of players (make check: fewer)
GAMES = int(os.environ.get("UNOBOOK_GAMES", "3"))
MAX_ACTIONS = 3000


def seats_with_actions(game):
    return [seat for seat in range(game.players) if game.legal_actions(seat)]


def random_games(players_list=range(2, 11), rules=RULE_SETS, games=GAMES, seed=1, **config):
    """Yields (rules, players, game, rng) for fresh games (dealt with
    Game's other arguments in config), each to be played by the caller with
    random_step."""
    for name in rules:
        for players in players_list:
            for i in range(games):
                game_seed = seed * 1000003 + players * 101 + i
                yield name, players, unobook.Game(name, players, seed=game_seed, **config), random.Random(game_seed)


def random_step(game, rng):
    """One random action of a random seat that has one (out-of-turn ones
    included): returns (seat, id)."""
    seat = rng.choice(seats_with_actions(game))
    action = rng.choice(game.legal_actions(seat))
    game.apply(action, seat)
    return seat, action


def play_out(game, rng, limit=MAX_ACTIONS):
    for _ in range(limit):
        if game.over:
            return
        random_step(game, rng)


def row(buffer, i, width):
    """Game i's row of a batched buffer of `width` items a game."""
    return list(buffer[i * width:(i + 1) * width])
