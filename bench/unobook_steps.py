"""Steps per second of unobook, random masked actions (docs/python.md
"Speed"): from a Python loop, the Game (the player in turn's legal ids, one
applied) and the AEC environment (observe, mask and step of each agent);
the VecEnv at batches of 1, 64, 1,024 and 8,192 games on one thread, and
of 1,024 and 8,192 on two (its random_actions drawing from the masks in C,
then step). Best of ROUNDS rounds of SECONDS each, for one rule set and
count of players.

    PYTHONPATH=build/python python3 bench/unobook_steps.py [RULES] [PLAYERS] [ROUNDS] [SECONDS]
"""
import random
from array import array
import sys
import time

import unobook


def masked(mask):
    """The ids a mask (a bytes-like of 0 and 1) allows."""
    ids, i = [], mask.find(1)
    while i >= 0:
        ids.append(i)
        i = mask.find(1, i + 1)
    return ids


def game_steps(rules, players, seconds, seed):
    rng = random.Random(seed)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = unobook.Game(rules, players, seed=rng.getrandbits(64))
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - start)


def env_steps(rules, players, seconds, seed):
    rng = random.Random(seed)
    env = unobook.env(rules, players)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=rng.getrandbits(64))
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(rng.choice(masked(obs["action_mask"])))
            steps += 1
    return steps / (time.perf_counter() - start)


def vec_steps(batch, threads):
    def run(rules, players, seconds, seed):
        vec = unobook.VecEnv(batch, rules, players, seed=seed, threads=threads)
        vec.reset()
        actions = array("i", bytes(4 * batch))
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            vec.random_actions(actions, steps)
            vec.step(actions)
            steps += batch
        return steps / (time.perf_counter() - start)
    return run


def main(argv):
    rules = argv[1] if len(argv) > 1 else "mattel"
    players = int(argv[2]) if len(argv) > 2 else 4
    rounds = int(argv[3]) if len(argv) > 3 else 5
    seconds = float(argv[4]) if len(argv) > 4 else 2.0
    runs = [("Game", game_steps), ("env", env_steps)]
    runs += [(f"VecEnv batch {batch}", vec_steps(batch, 1)) for batch in (1, 64, 1024, 8192)]
    runs += [(f"VecEnv batch {batch} threads 2", vec_steps(batch, 2)) for batch in (1024, 8192)]
    for name, run in runs:
        best = max(run(rules, players, seconds, seed) for seed in range(rounds))
        print(f"unobook {name} {rules} {players} players: {best:,.0f} steps/s (best of {rounds} rounds of {seconds:g} s)")


if __name__ == "__main__":
    main(sys.argv)
