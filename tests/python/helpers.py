"""What the unobook tests share: random games played through Game."""
import os
import random
from array import array

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


def scribbled_buffers(num_envs, players):
    """A VecEnv's buffers holding anything but what it writes: a mask of
    ones, observations and rewards of sevens."""
    size, ids = unobook.observation_size(players), unobook.num_actions(players) + 1
    return {"observations": array("f", [7.0] * num_envs * size), "masks": bytearray([1] * num_envs * ids),
            "rewards": array("f", [7.0] * num_envs * players)}


def scribble(vec):
    """Writes over every buffer of vec, as a program may before reset()."""
    for name in ("observations", "masks", "rewards", "dones", "resets", "agents"):
        buffer = getattr(vec, name)
        for i in range(len(buffer)):
            buffer[i] = 1
