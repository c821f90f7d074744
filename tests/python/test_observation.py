"""Observations hold nothing a seat may not see (docs/python.md "The observation")."""
import unittest

import unobook
from helpers import MAX_ACTIONS, random_games, random_step


class HiddenCards(unittest.TestCase):
    def test_worlds_that_differ_only_in_hidden_cards_look_alike_to_the_seat(self):
        worlds = differing = 0
        for rules, players, game, rng in random_games(players_list=(2, 3, 5, 10)):
            with self.subTest(rules=rules, players=players, seed=game.config["seed"]):
                for step in range(MAX_ACTIONS):
                    if game.over:
                        break
                    if step % 7 == 0:
                        seat = rng.randrange(players)
                        world = game.sample(seat, rng.getrandbits(64))
                        worlds += 1
                        self.assertEqual(world.hand(seat), game.hand(seat))
                        others = [s for s in range(players) if s != seat]
                        if any(world.hand(s) != game.hand(s) for s in others):
                            differing += 1
                        self.assertEqual(list(world.observation(seat)), list(game.observation(seat)))
                        self.assertEqual(world.action_mask(seat), game.action_mask(seat))
                    random_step(game, rng)
        self.assertGreater(differing, worlds // 2, "most worlds deal the hidden cards otherwise")

    def test_the_observation_shows_the_seats_own_hand(self):
        game = unobook.Game("mattel", 4, seed=11)
        obs = game.observation(2)
        counts = [0] * 55
        kinds = [unobook_kind(name) for name in game.hand(2)]
        for k in kinds:
            counts[k] += 1
        self.assertEqual(list(obs[:55]), counts)
        self.assertEqual(obs[unobook.observation_size(4) - 6 * 4], 7)  # the seat's own hand size


def unobook_kind(name):
    """A card's kind from its name (uno.h: 4 * value + (3 - colour))."""
    special = {"W": 52, "W+4": 53, "X": 54}
    if name in special:
        return special[name]
    colour = "RGBY".index(name[0])
    value = {"S": 10, "R": 11, "+2": 12}.get(name[1:])
    value = int(name[1:]) if value is None else value
    return 4 * value + 3 - colour


if __name__ == "__main__":
    unittest.main()
