"""Trains a small policy to play 2-player Mattel UNO against the project's
random and heuristic bots, with PyTorch, through unobook.VecEnv with the
bots inside C (docs/python.md "Training example").

The policy is an MLP over the documented observation with masked logits
and a value head, trained by advantage actor-critic (a policy gradient
with advantages estimated from the value head by GAE, the game's end
reward the only reward) on
four batches of games at once: against random and against heuristic, the
agent in seat 0 and in seat 1. Every few updates it logs the win rate of
the games finished while training; at the end it plays duplicate deals as
`uno arena` does (each deal once with the agent in seat 0 and once in
seat 1, greedy actions) and prints the win rate against each bot with a 95%
Wilson interval, then saves the learning curve as a PNG (matplotlib).

    PYTHONPATH=build/python /usr/bin/python3 examples/python/train_policy.py \\
        [--updates N] [--deals N] [--plot FILE] [--seed S]

Needs Debian's python3-torch and python3-numpy (python3-matplotlib for the
plot; without it the plot is left out). `make example-train` installs
them where missing and runs this with the figures of docs/python.md.
"""
import argparse
import math
import time

import numpy as np
import torch
from torch import nn

import unobook

RULES, PLAYERS = "mattel", 2
OPPONENTS = ("random", "heuristic")
MAX_STEPS = 1000  # a game that lasts longer is cut short (a policy that only draws): not a win


class Policy(nn.Module):
    """Masked logits over the action space (WAIT last) and a value."""

    def __init__(self, obs_size, actions, hidden=128):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_size, hidden), nn.ReLU(), nn.Linear(hidden, hidden), nn.ReLU())
        self.logits = nn.Linear(hidden, actions)
        self.value = nn.Linear(hidden, 1)

    def forward(self, obs, mask):
        h = self.body(obs)
        logits = self.logits(h).masked_fill(~mask, -1e9)
        return logits, self.value(h).squeeze(-1)


class Table:
    """A VecEnv against one bot, the agent in one seat, its buffers numpy
    arrays that torch reads without a copy."""

    def __init__(self, games, opponent, agent_seat, seed):
        self.opponent, self.seat = opponent, agent_seat
        obs_size, ids = unobook.observation_size(PLAYERS), unobook.num_actions(PLAYERS) + 1
        self.buffers = {
            "observations": np.zeros((games, obs_size), np.float32),
            "masks": np.zeros((games, ids), np.uint8),
            "rewards": np.zeros((games, PLAYERS), np.float32),
            "dones": np.zeros(games, np.uint8),
            "resets": np.zeros(games, np.uint8),
            "agents": np.zeros(games, np.int32),
        }
        self.env = unobook.VecEnv(games, RULES, PLAYERS, seed=seed, opponents={1 - agent_seat: opponent},
                                  max_steps=MAX_STEPS, buffers=self.buffers)
        self.env.reset()
        self.actions = np.zeros(games, np.int64)

    def observe(self):
        obs = torch.from_numpy(self.buffers["observations"]).clone()
        mask = torch.from_numpy(self.buffers["masks"]).bool()
        return obs, mask

    def step(self, actions):
        """The agent's actions (those of games just ended are ignored)."""
        self.actions[:] = actions
        self.env.step(self.actions)
        reward = self.buffers["rewards"][:, self.seat].copy()
        done = self.buffers["dones"] != 0
        return reward, done


def choose(policy, obs, mask, greedy):
    with torch.no_grad():
        logits, _ = policy(features(obs), mask)
    if greedy:
        return logits.argmax(-1)
    return torch.distributions.Categorical(logits=logits, validate_args=False).sample()


def features(obs):
    """The raw counts squashed (log1p; the -1 of 'no score' and 'ejected' kept apart)."""
    return torch.log1p(obs.clamp(min=-0.99))


def observe_all(tables):
    """Every table's observations and masks, stacked: one forward pass for all."""
    seen = [t.observe() for t in tables]
    return torch.cat([obs for obs, _ in seen]), torch.cat([mask for _, mask in seen])


def step_all(tables, actions):
    """Each table's share of the actions stepped: the agent's rewards and
    the done flags, stacked as the observations are."""
    games = tables[0].env.num_envs
    results = [t.step(actions[k * games:(k + 1) * games].numpy()) for k, t in enumerate(tables)]
    return (torch.from_numpy(np.concatenate([r for r, _ in results])),
            torch.from_numpy(np.concatenate([d for _, d in results])))


def train(policy, tables, updates, horizon, log_every, lr=5e-3, gamma=1.0, lam=0.95, entropy=0.01,
          value_coef=0.5):
    optimizer = torch.optim.Adam(policy.parameters(), lr=lr)
    games = tables[0].env.num_envs
    curve, finished = [], np.zeros((len(tables), 2), np.int64)  # wins, games of each table
    steps, start = 0, time.time()
    for update in range(1, updates + 1):
        batch = {"obs": [], "mask": [], "action": [], "reward": [], "done": [], "valid": []}
        for _ in range(horizon):
            obs, mask = observe_all(tables)
            valid = mask.any(-1)
            action = choose(policy, obs, mask, greedy=False)
            reward, done = step_all(tables, action)
            ended = done & torch.from_numpy(np.concatenate([t.buffers["dones"] == 1 for t in tables]))
            finished[:, 0] += ((reward > 0) & ended).view(len(tables), games).sum(1).numpy()
            finished[:, 1] += ended.view(len(tables), games).sum(1).numpy()
            for key, value in (("obs", obs), ("mask", mask), ("action", action), ("valid", valid),
                               ("reward", reward), ("done", done)):
                batch[key].append(value)
            steps += int(valid.sum())
        loss = update_policy(policy, optimizer, batch, observe_all(tables), gamma, lam, entropy, value_coef)
        if update % log_every == 0 or update == updates:
            rates = {name: by_opponent(tables, finished, name) for name in OPPONENTS}
            curve.append((steps, {name: w / max(n, 1) for name, (w, n) in rates.items()}))
            print(f"update {update:4d}  agent steps {steps:9,d}  loss {loss:+.3f}  " +
                  "  ".join(f"against {name} {w / max(n, 1):.3f} of {n}" for name, (w, n) in rates.items()) +
                  f"  {time.time() - start:.0f} s", flush=True)
            finished[:] = 0
    return curve


def by_opponent(tables, finished, name):
    """(wins, games) finished against one bot, both seats."""
    rows = [k for k, t in enumerate(tables) if t.opponent == name]
    return int(finished[rows, 0].sum()), int(finished[rows, 1].sum())


def update_policy(policy, optimizer, batch, last, gamma, lam, entropy, value_coef):
    """One actor-critic update on the horizon's steps, with advantages
    estimated by GAE(gamma, lam) from the value head (bootstrapped from the
    last observations' value), the ignored steps (a game just ended: its
    mask is empty) left out."""
    stack = {key: torch.stack(values) for key, values in batch.items()}  # [horizon, all games, ...]
    logits, values = policy(features(stack["obs"]), stack["mask"])
    with torch.no_grad():
        _, next_value = policy(features(last[0]), last[1])
        advantages = torch.zeros_like(stack["reward"])
        running = torch.zeros_like(next_value)
        for i in reversed(range(advantages.shape[0])):
            going_on = (~stack["done"][i]).float()
            delta = stack["reward"][i] + gamma * next_value * going_on - values[i]
            running = delta + gamma * lam * going_on * running
            advantages[i] = running
            next_value = values[i]
        returns = advantages + values
    valid = stack["valid"]
    dist = torch.distributions.Categorical(logits=logits[valid], validate_args=False)
    advantage = advantages[valid]
    advantage = (advantage - advantage.mean()) / (advantage.std() + 1e-8)
    policy_loss = -(dist.log_prob(stack["action"][valid]) * advantage).mean()
    value_loss = (returns[valid] - values[valid]).pow(2).mean()
    loss = policy_loss + value_coef * value_loss - entropy * dist.entropy().mean()
    optimizer.zero_grad()
    loss.backward()
    nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
    optimizer.step()
    return float(loss)


def duplicate_win_rate(policy, opponent, deals, seed, greedy=True):
    """(wins, games): the first `per` games of each of up to 256 slots,
    deals rounded up to a whole number a slot (2,000: 8 a slot, 2,048), once
    with the agent in seat 0 and once in seat 1 (the same deals: a slot's
    games follow from the seed and its index alone)."""
    games = min(deals, 256)
    per = math.ceil(deals / games)
    wins = played = 0
    for seat in (0, 1):
        t = Table(games, opponent, seat, seed)
        counted = np.zeros(games, np.int64)
        while (counted < per).any():
            obs, mask = t.observe()
            action = choose(policy, obs, mask, greedy) if policy else random_choice(mask)
            reward, done = t.step(action.numpy())
            take = done & (counted < per)
            wins += int((reward[take] > 0).sum())
            played += int(take.sum())
            counted += done
    return wins, played


def random_choice(mask):
    """A uniformly random id of each mask: the random player, for scale."""
    probs = mask.float()
    probs[~mask.any(-1)] = 1  # a game just ended: any id, ignored
    return torch.distributions.Categorical(probs=probs).sample()


def wilson(wins, games, z=1.96):
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def plot(curve, finals, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no matplotlib: the plot is left out")
        return
    fig, ax = plt.subplots(figsize=(7, 4))
    steps = [s for s, _ in curve]
    for name in OPPONENTS:
        line, = ax.plot(steps, [rates[name] for _, rates in curve], label=f"against {name} (training games)")
        rate, low, high = finals[name]
        ax.errorbar([steps[-1]], [rate], yerr=[[rate - low], [high - rate]], fmt="o", color=line.get_color(),
                    capsize=4, label=f"against {name}: duplicate deals, greedy")
    ax.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    ax.set_xlabel("agent steps")
    ax.set_ylabel("win rate")
    ax.set_title("unobook: a policy trained against the bots (2-player Mattel)")
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    print(f"plot: {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--updates", type=int, default=400, help="policy updates (default 400)")
    parser.add_argument("--games", type=int, default=32, help="games a table (four tables; default 32)")
    parser.add_argument("--horizon", type=int, default=32, help="steps a table between updates (default 32)")
    parser.add_argument("--deals", type=int, default=2000,
                        help="duplicate deals a bot at the end, rounded up to a multiple of 256 past 256 (default 2000)")
    parser.add_argument("--log-every", type=int, default=10, help="updates between log lines (default 10)")
    parser.add_argument("--plot", default=None, help="the learning curve's PNG (default: none)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    obs_size, ids = unobook.observation_size(PLAYERS), unobook.num_actions(PLAYERS) + 1
    policy = Policy(obs_size, ids)
    tables = [Table(args.games, opponent, seat, seed=args.seed * 10 + k)
              for k, (opponent, seat) in enumerate((o, s) for o in OPPONENTS for s in (0, 1))]
    start = time.time()
    curve = train(policy, tables, args.updates, args.horizon, args.log_every)
    print(f"trained in {time.time() - start:.0f} s")
    finals = {}
    for name in OPPONENTS:
        for who, agent in (("the policy", policy), ("uniformly random ids", None)):
            wins, games = duplicate_win_rate(agent, name, args.deals, seed=10_000 + args.seed)
            low, high = wilson(wins, games)
            print(f"{who} against {name}: {wins}/{games} = {wins / games:.3f} "
                  f"(95% {low:.3f}-{high:.3f}), {games // 2} duplicate deals")
            if agent is policy:
                finals[name] = (wins / games, low, high)
    if args.plot:
        plot(curve, finals, args.plot)


if __name__ == "__main__":
    main()
