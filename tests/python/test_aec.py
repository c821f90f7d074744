"""unobook.env(): the AEC contract with PettingZoo's names and shapes (docs/python.md)."""
import random
import unittest

import unobook
from helpers import GAMES, RULE_SETS


def play_random(env, seed, trace=None):
    """Plays env to its end with random masked actions, checking the contract
    at each step; returns the agents in the order they acted."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    order = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        assert set(obs) == {"observation", "action_mask"}
        assert len(obs["observation"]) == env.observation_space(agent)["observation"].shape[0]
        assert len(obs["action_mask"]) == env.action_space(agent).n
        assert isinstance(info, dict)
        if terminated or truncated:
            assert not any(obs["action_mask"])
            env.step(None)
            continue
        ids = [i for i, m in enumerate(obs["action_mask"]) if m]
        assert ids, f"{agent} is selected with an empty mask"
        action = rng.choice(ids)
        order.append(agent)
        if trace is not None:
            trace.append((agent, list(obs["observation"]), action))
        env.step(action)
    return order


class Contract(unittest.TestCase):
    def test_random_games_keep_the_contract_under_every_rule_set(self):
        for rules in RULE_SETS:
            for players in (2, 3, 4, 7, 10):
                for seed in range(GAMES):
                    with self.subTest(rules=rules, players=players, seed=seed):
                        env = unobook.env(rules, players, max_steps=2000)
                        play_random(env, seed)
                        self.assertEqual(env.agents, [])

    def check_each_turn(self, env, seed, check, max_iter=3000):
        """Plays env with random masked ids, calling check(agent, observation)
        before each action."""
        env.reset(seed=seed)
        rng = random.Random(seed)
        for agent in env.agent_iter(max_iter):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            check(agent, obs)
            env.step(rng.choice([i for i, m in enumerate(obs["action_mask"]) if m]))

    def test_the_selected_agent_is_the_seat_in_turn_unless_it_may_wait(self):
        env = unobook.env("kpgut", 4)

        def check(agent, obs):
            seat = env.possible_agents.index(agent)
            self.assertEqual(seat == env.game.current_player, not obs["action_mask"][env.WAIT])
            for other in env.possible_agents:
                if other != agent:
                    self.assertFalse(any(env.observe(other)["action_mask"]))
        self.check_each_turn(env, 3, check)

    def test_only_the_seat_in_turn_acts_when_out_of_turn_is_none(self):
        env = unobook.env("kpgut", 4, out_of_turn="none")

        def check(agent, obs):
            self.assertEqual(env.possible_agents.index(agent), env.game.current_player)
            self.assertFalse(obs["action_mask"][env.WAIT])
        self.check_each_turn(env, 5, check)

    def test_the_same_seed_plays_the_same_game(self):
        a, b = [], []
        play_random(unobook.env("mattel", 4), 17, a)
        play_random(unobook.env("mattel", 4), 17, b)
        self.assertEqual(a, b)

    def test_the_end_terminates_everybody_and_rewards_by_rank(self):
        env = unobook.env("mattel", 3)
        env.reset(seed=2)
        rng = random.Random(2)
        while not env.game.over:
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(rng.choice([i for i, m in enumerate(mask) if m]))
        self.assertTrue(all(env.terminations.values()))
        winner = env.possible_agents[env.game.ranks.index(1)]
        for agent, reward in env.rewards.items():
            self.assertEqual(reward, 1.0 if agent == winner else -1.0)
        self.assertEqual(env._cumulative_rewards, env.rewards)

    def test_a_long_game_is_truncated(self):
        env = unobook.env("mattel", 4, max_steps=5)
        self.assertEqual(len(play_random(env, 1)), 5)

    def test_a_masked_out_action_is_refused_and_changes_nothing(self):
        env = unobook.env("mattel", 4)
        env.reset(seed=1)
        mask = env.observe(env.agent_selection)["action_mask"]
        before = env.game.hash
        with self.assertRaises(ValueError):
            env.step(mask.index(0))
        with self.assertRaises(ValueError):
            env.step(env.WAIT)
        self.assertEqual(env.game.hash, before)

    def test_bad_settings_are_refused(self):
        with self.assertRaisesRegex(ValueError, "out_of_turn"):
            unobook.env(out_of_turn="sometimes")
        with self.assertRaises(ValueError):
            unobook.env("mattel", 11, options={"max_players": 10})
        with self.assertRaises(ValueError):
            unobook.env("nope")

    def test_state_holds_every_seats_observation(self):
        env = unobook.env("classic", 3)
        env.reset(seed=4)
        size = unobook.observation_size(3)
        state = env.state()
        self.assertEqual(len(state), 3 * size)
        self.assertEqual(list(state[size:2 * size]), list(env.observe("player_1")["observation"]))


if __name__ == "__main__":
    unittest.main()
