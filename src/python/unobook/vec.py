"""unobook.vec: many games stepped at once in C (docs/python.md "The
batched environment")."""
from array import array

from . import _unobook, num_actions, observation_size


class VecEnv:
    """VecEnv(num_envs, rules="mattel", players=4, seed=0, options=None,
    out_of_turn="offer", max_steps=10000, think_ms=1000, threads=1,
    opponents=None, buffers=None)

    Steps num_envs games at once, asking their seats as the AEC environment
    does. Each reset() and step() writes, game by game:

      observations  num_envs x observation_size float32: the agent's
      masks         num_envs x (num_actions + 1) bytes (the last: WAIT)
      rewards       num_envs x players float32: each seat's, at the end
      dones         num_envs bytes: 0 going on, 1 ended, 2 truncated
      resets        num_envs bytes: 1 where the game was dealt anew
      agents        num_envs int32: the seat to act

    A game that ended is dealt anew by the next step (Gymnasium's
    NEXT_STEP autoreset), which ignores its action. threads: the batch is
    split between that many threads (the same results game by game).
    opponents: a dict of seat to bot name (uno arena's: "random",
    "heuristic", "easy", "medium", "hard", "expert", "ismcts:N"): those
    seats are played in C, so agents and rewards are the other seats'.
    buffers: a dict naming arrays of your own (numpy, torch, bytearray) for
    any of them. Write nothing into masks between steps: a step clears only
    the ids it set the step before (reset() writes every buffer whole).
    """

    def __init__(self, num_envs, rules="mattel", players=4, seed=0, options=None,
                 out_of_turn="offer", max_steps=10000, think_ms=1000, threads=1, opponents=None, buffers=None):
        self.num_envs, self.players = num_envs, players
        self.wait = num_actions(players)
        ids, size = self.wait + 1, observation_size(players)
        own = dict(buffers or {})

        def buffer(name, make):  # yours, or one made (a numpy array has no truth value: no `or`)
            given = own.pop(name, None)
            return make() if given is None else given
        self.observations = buffer("observations", lambda: array("f", bytes(4 * num_envs * size)))
        self.masks = buffer("masks", lambda: bytearray(num_envs * ids))
        self.rewards = buffer("rewards", lambda: array("f", bytes(4 * num_envs * players)))
        self.dones = buffer("dones", lambda: bytearray(num_envs))
        self.resets = buffer("resets", lambda: bytearray(num_envs))
        self.agents = buffer("agents", lambda: array("i", bytes(4 * num_envs)))
        if own:
            raise ValueError(f"unknown buffers: {sorted(own)}")
        self._games = _unobook.VecEnv(num_envs, rules, players, seed, options, out_of_turn, max_steps, think_ms,
                                      threads, opponents, self.observations, self.masks, self.rewards, self.dones,
                                      self.resets, self.agents)

    def reset(self):
        """Deals every game anew; returns (observations, masks)."""
        self._games.reset()
        return self.observations, self.masks

    def step(self, actions):
        """One id per game (a buffer of int32 or int64); returns
        (observations, masks, rewards, dones, resets, agents)."""
        self._games.step(actions)
        return self.observations, self.masks, self.rewards, self.dones, self.resets, self.agents

    def random_actions(self, actions, seed):
        """Writes a uniformly random id of each game's mask into actions
        (int32): a random player, in C."""
        self._games.random_actions(actions, seed)
        return actions

    def game_seeds(self):
        """The seed each game was dealt with: Game(seed=...) deals the same."""
        return self._games.game_seeds()
