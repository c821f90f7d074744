"""unobook.Game: the engine's game behind the action space (docs/python.md)."""
import random
import unittest

import unobook
from helpers import MAX_ACTIONS, random_games, random_step, seats_with_actions

# The engine's actions the action space leaves out: KPGUT's people (§9
# give-ups, §15 warnings, §11 votes, §3 help), which are not plays of the cards.
OUTSIDE = ("giveup", "warn", "dispute", "vote", "help", "spectator_help", "allow_help")


class ActionSpace(unittest.TestCase):
    def test_every_masked_action_is_one_the_engine_lists_and_every_listed_one_has_an_id(self):
        for rules, players, game, rng in random_games():
            with self.subTest(rules=rules, players=players, seed=game.config["seed"]):
                for _ in range(MAX_ACTIONS):
                    if game.over:
                        break
                    for seat in range(players):
                        texts = game.legal_texts(seat)
                        ids = game.legal_actions(seat)
                        mask = game.action_mask(seat)
                        self.assertEqual([i for i, m in enumerate(mask) if m], ids)
                        self.assertEqual(sorted({game.action_text(i, seat) for i in ids} - set(texts)), [])
                        listed = [t for t in texts if t.split()[0] not in OUTSIDE]
                        self.assertEqual(len(ids) > 0, len(listed) > 0)
                    random_step(game, rng)

    def test_kpgut_sets_side_slides_uno_calls_catches_and_suspicions_are_reachable(self):
        seen = set()
        # three seconds an action: a missing UNO is catchable once the next seat acts (KPGUT §1)
        for _, players, game, rng in random_games(players_list=(3, 4, 6), rules=("kpgut",), games=8, think_ms=3000):
            for _ in range(MAX_ACTIONS):
                if game.over:
                    break
                for seat in seats_with_actions(game):
                    for i in game.legal_actions(seat):
                        text = game.action_text(i, seat)
                        kind = text.split()[0]
                        if kind == "play" and len(text.split()) > 2 and seat == game.current_player:
                            kind = "set"
                        elif kind == "play" and seat != game.current_player:
                            kind = "side slide"
                        seen.add(kind)
                random_step(game, rng)
        for kind in ("set", "side slide", "uno", "catch", "suspect", "draw", "play"):
            self.assertIn(kind, seen)

    def test_mattel_stacks_challenges_and_colours_are_reachable(self):
        seen = set()
        options = {"stack_draw2": True}
        for seed in range(20):
            game, rng = unobook.Game("mattel", 4, seed=seed, options=options), random.Random(seed)
            while not game.over:
                for seat in seats_with_actions(game):
                    seen.update(game.action_text(i, seat).split()[0] for i in game.legal_actions(seat))
                    if game.pending and seat == game.current_player and unobook.TAKE in game.legal_actions(seat):
                        if any(game.action_text(i, seat).startswith("play") for i in game.legal_actions(seat)):
                            seen.add("stack")
                random_step(game, rng)
        for kind in ("challenge", "take", "stack", "uno", "catch", "pass"):
            self.assertIn(kind, seen)

    def test_an_illegal_id_is_refused_and_changes_nothing(self):
        game = unobook.Game("mattel", 4, seed=7)
        before = game.hash
        illegal = next(i for i in range(game.num_actions) if i not in game.legal_actions())
        for bad in (illegal, -1, game.num_actions, 10 ** 12):
            with self.assertRaises((ValueError, OverflowError)):
                game.apply(bad)
        self.assertEqual(game.hash, before)
        self.assertEqual(game.log, [])

    def test_bad_setups_are_refused_with_a_message(self):
        with self.assertRaisesRegex(ValueError, "mattel, classic, kpgut"):
            unobook.Game("nope")
        with self.assertRaisesRegex(ValueError, "players"):
            unobook.Game("mattel", 1)
        with self.assertRaises(ValueError):
            unobook.Game("mattel", 4, options={"no_such_option": True})
        with self.assertRaises(ValueError):
            unobook.Game("mattel", 4, options={"hand_size": "seven"})
        with self.assertRaisesRegex(ValueError, "seat"):
            unobook.Game().legal_actions(4)
        with self.assertRaisesRegex(ValueError, "bytes"):
            unobook.Game().observe_into(bytearray(8), 0)


class Copies(unittest.TestCase):
    def test_a_clone_goes_its_own_way(self):
        game = unobook.Game("kpgut", 5, seed=3)
        rng = random.Random(3)
        for _ in range(20):
            random_step(game, rng)
        copy = game.clone()
        self.assertEqual(copy.hash, game.hash)
        self.assertEqual(copy.log, game.log)
        self.assertEqual(list(copy.observation(2)), list(game.observation(2)))
        before = game.hash
        random_step(copy, random.Random(9))
        self.assertEqual(game.hash, before)
        self.assertNotEqual(copy.hash, before)
        self.assertEqual(len(copy.log), len(game.log) + 1)

    def test_from_log_replays_the_same_game(self):
        for rules, players, game, rng in random_games(players_list=(2, 4, 7), games=2):
            with self.subTest(rules=rules, players=players):
                steps = rng.randrange(1, 400)
                for _ in range(steps):
                    if game.over:
                        break
                    random_step(game, rng)
                again = unobook.Game.from_log(game.log, **game.config)
                self.assertEqual(again.hash, game.hash)
                self.assertEqual(again.log, game.log)
                for seat in range(players):
                    self.assertEqual(list(again.observation(seat)), list(game.observation(seat)))

    def test_the_same_seed_deals_the_same_game(self):
        a, b = unobook.Game("classic", 6, seed=42), unobook.Game("classic", 6, seed=42)
        self.assertEqual(a.hash, b.hash)
        self.assertNotEqual(a.hash, unobook.Game("classic", 6, seed=43).hash)


class Render(unittest.TestCase):
    def test_a_seat_sees_its_own_hand_and_no_other(self):
        game = unobook.Game("mattel", 3, seed=5)
        text = game.render(1)
        lines = [line for line in text.splitlines() if line.startswith("seat ")]
        self.assertEqual(lines[1].split(": ", 2)[2].split(), game.hand(1))
        self.assertNotIn(":", lines[0].split(": ", 1)[1])
        self.assertNotIn(":", lines[2].split(": ", 1)[1])
        for seat in range(3):
            self.assertIn(" ".join(game.hand(seat)), game.render())


if __name__ == "__main__":
    unittest.main()
