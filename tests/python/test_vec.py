"""unobook.VecEnv: the batched games are the AEC environment's, game by game (docs/python.md)."""
import random
import unittest
from array import array

import unobook
from helpers import GAMES, RULE_SETS, row, scribble, scribbled_buffers


class SameGames(unittest.TestCase):
    def check_against_single_envs(self, rules, players, num_envs, steps, out_of_turn="offer", max_steps=10000,
                                  buffers=None, reset_every=None):
        """The batch against one AEC env a game, step by step; every
        reset_every steps, the buffers scribbled over and reset() called."""
        vec = unobook.VecEnv(num_envs, rules, players, seed=7, out_of_turn=out_of_turn, max_steps=max_steps,
                             buffers=buffers)
        obs, masks = vec.reset()
        singles = [unobook.env(rules, players, out_of_turn=out_of_turn, max_steps=max_steps) for _ in range(num_envs)]
        for env, seed in zip(singles, vec.game_seeds()):
            env.reset(seed=seed)
        self.assertEqual(list(vec.resets), [1] * num_envs)
        size, ids = unobook.observation_size(players), vec.wait + 1
        rng = random.Random(players)
        actions = array("q", [0] * num_envs)
        ended = 0
        for step in range(steps):
            if reset_every and step and step % reset_every == 0:
                scribble(vec)
                vec.reset()
                for env, seed in zip(singles, vec.game_seeds()):
                    env.reset(seed=seed)
            for i, env in enumerate(singles):
                agent = env.agent_selection
                self.assertEqual(vec.agents[i], env.possible_agents.index(agent))
                seen = env.observe(agent)
                self.assertEqual(row(obs, i, size), list(seen["observation"]))
                self.assertEqual(row(masks, i, ids), list(seen["action_mask"]))
                legal = [a for a, m in enumerate(seen["action_mask"]) if m]
                actions[i] = rng.choice(legal) if legal else 0
            vec.step(actions)
            seeds = vec.game_seeds()
            for i, env in enumerate(singles):
                if vec.resets[i]:
                    env.reset(seed=seeds[i])
                    continue
                env.step(actions[i])
                done = vec.dones[i]
                self.assertEqual(done == 1, all(env.terminations.values()))
                self.assertEqual(done == 2, all(env.truncations.values()))
                rewards = [env.rewards[a] for a in env.possible_agents] if done == 1 else [0.0] * players
                self.assertEqual(row(vec.rewards, i, players), rewards)
                ended += done != 0
        return ended

    def test_batched_games_equal_single_ones(self):
        for rules in RULE_SETS:
            for players in (2, 4, 7):
                with self.subTest(rules=rules, players=players):
                    self.check_against_single_envs(rules, players, num_envs=3, steps=150 * GAMES)

    def test_games_end_and_are_dealt_anew(self):
        self.assertGreater(self.check_against_single_envs("classic", 2, 4, 400, max_steps=60), 0)
        self.check_against_single_envs("kpgut", 5, 2, 300, out_of_turn="none")

    def test_buffers_are_written_whole_whatever_they_held(self):
        # A step clears only the mask ids it set the step before: buffers that
        # held anything at first, and again before each reset(), must still
        # come out as the single envs' after games ended, were cut short and
        # were dealt anew.
        for rules in RULE_SETS:
            for players in (2, 4):
                with self.subTest(rules=rules, players=players):
                    ended = self.check_against_single_envs(rules, players, 4, 150 * GAMES, max_steps=40,
                                                           buffers=scribbled_buffers(4, players), reset_every=70)
                    self.assertGreater(ended, 0)

    def test_threads_give_the_games_of_one_thread(self):
        buffers = ("observations", "masks", "rewards", "dones", "resets", "agents")
        for rules in RULE_SETS:
            for threads in (2, 3):
                with self.subTest(rules=rules, threads=threads):
                    # 40 games: each thread takes one or two at a time
                    one = unobook.VecEnv(40, rules, 5, seed=3, max_steps=80)
                    split = unobook.VecEnv(40, rules, 5, seed=3, max_steps=80, threads=threads)
                    one.reset()
                    split.reset()
                    actions = array("i", bytes(4 * 40))
                    for step in range(200 * GAMES):
                        for name in buffers:
                            self.assertEqual(bytes(getattr(one, name)), bytes(getattr(split, name)),
                                             f"{name} after step {step}")
                        one.random_actions(actions, step)
                        one.step(actions)
                        split.step(actions)
                    self.assertEqual(one.game_seeds(), split.game_seeds())

    def test_numpy_arrays_as_buffers(self):
        try:
            import numpy as np
        except ImportError:
            self.skipTest("numpy is not installed (Debian's python3-numpy)")
        own = {"observations": np.zeros((3, unobook.observation_size(2)), np.float32),
               "masks": np.zeros((3, unobook.num_actions(2) + 1), np.uint8)}
        vec = unobook.VecEnv(3, "mattel", 2, seed=1, buffers=own)
        plain = unobook.VecEnv(3, "mattel", 2, seed=1)
        vec.reset()
        plain.reset()
        self.assertIs(vec.observations, own["observations"])
        self.assertEqual(own["observations"].tobytes(), plain.observations.tobytes())
        self.assertEqual(own["masks"].tobytes(), bytes(plain.masks))

    def test_a_bad_action_steps_no_game(self):
        vec = unobook.VecEnv(3, "mattel", 4, seed=1)
        obs, masks = vec.reset()
        before = bytes(obs.tobytes()), bytes(masks)
        ids = vec.wait + 1
        good = [bytes(masks[i * ids:(i + 1) * ids]).index(1) for i in range(3)]
        bad = array("i", good)
        bad[2] = bytes(masks[2 * ids:3 * ids]).index(0)
        with self.assertRaisesRegex(ValueError, "game 2"):
            vec.step(bad)
        self.assertEqual((bytes(obs.tobytes()), bytes(masks)), before)
        with self.assertRaisesRegex(ValueError, "signed integers"):
            vec.step(array("f", [0.0] * 3))
        with self.assertRaisesRegex(ValueError, "bytes"):
            unobook.VecEnv(2, buffers={"dones": bytearray(1)})
        with self.assertRaisesRegex(ValueError, "out_of_turn"):
            unobook.VecEnv(2, out_of_turn="later")
        with self.assertRaisesRegex(ValueError, "threads"):
            unobook.VecEnv(2, threads=0)


if __name__ == "__main__":
    unittest.main()
