"""Steps per second of unobook, random masked actions (docs/python.md
"Speed"): from a Python loop, the Game (the player in turn's legal ids, one
applied) and the AEC environment (observe, mask and step of each agent);
the VecEnv at batches of 1, 64, 1,024 and 8,192 games on one thread, and
of 1,024 and 8,192 on two (its random_actions drawing from the masks in C,
then step), and at a batch of 1,024 with every seat but seat 0 played by
the heuristic bot inside C (opponents=; a step is then seat 0's). Best of
ROUNDS rounds of SECONDS each, every run once a round, for one rule set
and count of players.

With --rlcard PATH (a checkout of RLCard, which needs numpy and termcolor),
RLCard's UNO runs in the same run: its env.step loop with random legal
actions (np.random.choice of the legal ids, as its RandomAgent draws), two
players, the only count its UNO plays. Compare it with PLAYERS 2.

    PYTHONPATH=build/python python3 bench/unobook_steps.py [RULES] [PLAYERS] [ROUNDS] [SECONDS] [--rlcard PATH]
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


def vec_steps(batch, threads, opponent=None):
    def run(rules, players, seconds, seed):
        opponents = {seat: opponent for seat in range(1, players)} if opponent else None
        vec = unobook.VecEnv(batch, rules, players, seed=seed, threads=threads, opponents=opponents)
        vec.reset()
        actions = array("i", bytes(4 * batch))
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            vec.random_actions(actions, steps)
            vec.step(actions)
            steps += batch
        return steps / (time.perf_counter() - start)
    return run


def rlcard_steps(path):
    """RLCard's UNO env.step loop, random legal actions, two players."""
    sys.path.insert(0, path)
    import numpy as np
    import rlcard

    def run(rules, players, seconds, seed):
        env = rlcard.make("uno", config={"seed": seed, "game_num_players": 2})
        np.random.seed(seed)
        steps, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            state, _ = env.reset()
            while not env.is_over():
                state, _ = env.step(np.random.choice(list(state["legal_actions"].keys())))
                steps += 1
        return steps / (time.perf_counter() - start)
    return run


def main(argv):
    rlcard_path = None
    if "--rlcard" in argv:
        at = argv.index("--rlcard")
        rlcard_path = argv[at + 1]
        argv = argv[:at] + argv[at + 2:]
    rules = argv[1] if len(argv) > 1 else "mattel"
    players = int(argv[2]) if len(argv) > 2 else 4
    rounds = int(argv[3]) if len(argv) > 3 else 5
    seconds = float(argv[4]) if len(argv) > 4 else 2.0
    runs = [(f"unobook Game {rules} {players} players", game_steps), (f"unobook env {rules} {players} players", env_steps)]
    runs += [(f"unobook VecEnv batch {batch} {rules} {players} players", vec_steps(batch, 1))
             for batch in (1, 64, 1024, 8192)]
    runs += [(f"unobook VecEnv batch {batch} threads 2 {rules} {players} players", vec_steps(batch, 2))
             for batch in (1024, 8192)]
    runs += [(f"unobook VecEnv batch 1024 against heuristic opponents (seat 0's steps) {rules} {players} players",
              vec_steps(1024, 1, "heuristic"))]
    if rlcard_path:
        runs += [("RLCard uno env.step 2 players", rlcard_steps(rlcard_path))]
    # round by round, every run once a round: the machine's other jobs come
    # and go, and each run meets them alike
    best = {name: 0.0 for name, _ in runs}
    for seed in range(rounds):
        for name, run in runs:
            best[name] = max(best[name], run(rules, players, seconds, seed))
    for name, _ in runs:
        print(f"{name}: {best[name]:,.0f} steps/s (best of {rounds} rounds of {seconds:g} s)")

if __name__ == "__main__":
    main(sys.argv)
