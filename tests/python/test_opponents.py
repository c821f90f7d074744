"""VecEnv's opponents: the project's bots play seats inside C (docs/python.md
"Opponents inside C"). Only the agents' seats are asked; the games are those
of the same bots playing a Game by hand (unobook.Bot), game by game; a bot
chooses alike in worlds that differ in the cards hidden from it."""
import random
import unittest
from array import array

import unobook
from helpers import GAMES, RULE_SETS, play_out, row, scribble, scribbled_buffers


class ByHand:
    """One game played through Game as VecEnv plays it: the seats with an
    id to take asked in deciders()' order, each bot by unobook.Bot seeded
    with Bot.seed_for, anew after every action."""

    def __init__(self, rules, players, seed, opponents):
        self.game = unobook.Game(rules, players, seed=seed, records=True)
        self.bots = {seat: unobook.Bot(name, unobook.Bot.seed_for(seed, seat)) for seat, name in opponents.items()}
        self.ask_anew()

    def ask_anew(self):
        self.queue, self.asked = self.game.deciders(), 0
        self.settle()

    def settle(self):
        """The bots act, in the queue's order, until an agent's seat is
        asked (self.agent) or the game ends."""
        while not self.game.over and self.queue[self.asked] in self.bots:
            seat = self.queue[self.asked]
            if self.bots[seat].act(self.game, seat):
                self.queue, self.asked = self.game.deciders(), 0
            else:
                self.asked += 1
        if not self.game.over:
            self.agent = self.queue[self.asked]

    def mask(self):
        if self.game.over:
            return [0] * (self.game.num_actions + 1)
        return list(self.game.action_mask(self.agent)) + [int(self.asked < len(self.queue) - 1)]

    def step(self, action, wait):
        if action == wait:
            self.asked += 1
            self.settle()
        else:
            self.game.apply(action, self.agent)
            self.ask_anew()


class Opponents(unittest.TestCase):
    def test_only_the_agents_seats_are_asked(self):
        for rules in RULE_SETS:
            for players, opponents in ((2, {1: "heuristic"}), (4, {0: "random", 2: "medium"}),
                                       (5, {1: "easy", 3: "heuristic", 4: "heuristic"})):
                with self.subTest(rules=rules, players=players):
                    vec = unobook.VecEnv(8, rules, players, seed=5, opponents=opponents)
                    vec.reset()
                    actions = array("i", bytes(4 * 8))
                    ends = 0
                    for step in range(150 * GAMES):
                        for i in range(8):
                            self.assertNotIn(vec.agents[i], opponents)
                            if not vec.dones[i]:
                                self.assertIn(1, vec.masks[i * (vec.wait + 1):(i + 1) * (vec.wait + 1)])
                        vec.random_actions(actions, step)
                        vec.step(actions)
                        ends += sum(1 for d in vec.dones if d == 1)
                    self.assertGreater(ends, 0)

    def check_by_hand(self, rules, players, opponents, num_envs, steps, buffers=None, reset_every=None):
        """The batch against games by hand, step by step; every reset_every
        steps, the buffers scribbled over and reset() called."""
        vec = unobook.VecEnv(num_envs, rules, players, seed=11, opponents=opponents, buffers=buffers)
        obs, masks = vec.reset()
        hands = [ByHand(rules, players, seed, opponents) for seed in vec.game_seeds()]
        size, ids = unobook.observation_size(players), vec.wait + 1
        rng = random.Random(players)
        actions = array("q", [0] * num_envs)
        ended = 0
        for step in range(steps):
            if reset_every and step and step % reset_every == 0:
                scribble(vec)
                vec.reset()
                hands = [ByHand(rules, players, seed, opponents) for seed in vec.game_seeds()]
            for i, hand in enumerate(hands):
                self.assertEqual(vec.agents[i], hand.agent)
                self.assertEqual(row(obs, i, size), list(hand.game.observation(hand.agent)))
                self.assertEqual(row(masks, i, ids), hand.mask())
                legal = [a for a, m in enumerate(hand.mask()) if m]
                actions[i] = rng.choice(legal) if legal else 0
            vec.step(actions)
            seeds = vec.game_seeds()
            for i in range(num_envs):
                if vec.resets[i]:
                    hands[i] = ByHand(rules, players, seeds[i], opponents)
                    continue
                hands[i].step(actions[i], vec.wait)
                self.assertEqual(vec.dones[i] == 1, hands[i].game.over)
                rewards = hands[i].game.rewards if vec.dones[i] else [0.0] * players
                self.assertEqual(row(vec.rewards, i, players), rewards)
                if vec.dones[i]:
                    ended += 1
                    self.assertEqual(vec.agents[i], hands[i].agent)
        return ended

    def test_equal_to_the_same_bots_playing_a_game_by_hand(self):
        for rules in RULE_SETS:
            for players, opponents in ((2, {1: "heuristic"}), (2, {0: "random"}), (4, {1: "heuristic", 3: "random"})):
                with self.subTest(rules=rules, players=players, opponents=opponents):
                    self.assertGreater(self.check_by_hand(rules, players, opponents, 3, 200 * GAMES), 0)

    def test_buffers_are_written_whole_whatever_they_held(self):
        # as test_vec's, with opponents: their turns between the agents' steps
        for rules in RULE_SETS:
            with self.subTest(rules=rules):
                ended = self.check_by_hand(rules, 2, {1: "heuristic"}, 4, 150 * GAMES,
                                           buffers=scribbled_buffers(4, 2), reset_every=100)
                self.assertGreater(ended, 0)

    def test_search_bots_equal_by_hand_too(self):
        self.check_by_hand("mattel", 2, {1: "ismcts:20"}, 2, 30 * GAMES)
        self.check_by_hand("kpgut", 3, {0: "ismcts:10"}, 1, 30 * GAMES)

    def test_a_bot_sees_no_hidden_card(self):
        # the same bot, seeded alike, chooses alike in every world its seat
        # cannot tell from the real one
        for rules in RULE_SETS:
            for name in ("random", "heuristic", "ismcts:20"):
                with self.subTest(rules=rules, bot=name):
                    rng = random.Random(3)
                    for g in range(GAMES):
                        game = unobook.Game(rules, 3, seed=100 + g, records=True)
                        for _ in range(rng.randrange(0, 40)):
                            if game.over:
                                break
                            seat = rng.choice(game.deciders())
                            game.apply(rng.choice(game.legal_actions(seat)), seat)
                        for seat in range(3):
                            chosen = unobook.Bot(name, 9).choose(game, seat)
                            for world in range(3):
                                other = game.sample(seat, world)
                                self.assertEqual(unobook.Bot(name, 9).choose(other, seat), chosen)

    def test_a_world_keeps_its_seats_record_alone(self):
        # the others' records hold what they saw (their own cards): a
        # search bot at another seat of a world finds none
        game = unobook.Game("mattel", 3, seed=8, records=True)
        world = game.sample(0, 1)
        unobook.Bot("ismcts:5", 1).choose(world, 0)  # its own seat's: kept
        with self.assertRaisesRegex(ValueError, "records=True"):
            unobook.Bot("ismcts:5", 1).choose(world, 1)

    def test_same_seed_same_games_on_any_count_of_threads(self):
        def run(threads):
            vec = unobook.VecEnv(6, "mattel", 3, seed=2, opponents={1: "hard", 2: "ismcts:10"}, threads=threads)
            vec.reset()
            actions, seen = array("i", bytes(24)), []
            for step in range(40):
                vec.random_actions(actions, step)
                vec.step(actions)
                seen.append((bytes(vec.observations), bytes(vec.rewards), bytes(vec.dones)))
            return seen
        once = run(1)
        self.assertEqual(run(1), once)
        self.assertEqual(run(3), once)

    def test_bad_opponents_are_refused(self):
        for opponents, error in (({2: "heuristic"}, "seat must be 0..1"), ({1: "genius"}, "genius"),
                                 ({0: "random", 1: "random"}, "at least one seat"),
                                 ({1: "cmd:python3 bot.py"}, "programs"), ([1], "dict")):
            with self.subTest(opponents=opponents):
                with self.assertRaisesRegex((ValueError, TypeError), error):
                    unobook.VecEnv(2, "mattel", 2, opponents=opponents)
        with self.assertRaisesRegex(ValueError, "records=True"):
            unobook.Bot("hard").act(unobook.Game(), 0)
        with self.assertRaisesRegex(TypeError, "Game"):
            unobook.Bot("heuristic").act("a game", 0)

    def test_a_bots_action_ends_the_log(self):
        game = unobook.Game("mattel", 2, seed=4)
        self.assertTrue(unobook.Bot("heuristic").act(game, game.current_player))
        self.assertIsNone(game.log)
        play_out(game, random.Random(1))


if __name__ == "__main__":
    unittest.main()
