"""unobook.aec: one game as an AEC environment with PettingZoo's method
names and return shapes (docs/python.md "The AEC environment").

The environment has no rules of its own: an agent's mask holds the ids of
the actions the engine lists for its seat, and WAIT (the last id) where it
is offered a decision out of turn and may let it pass.
"""
import os
from array import array
from types import SimpleNamespace

from . import Game, num_actions, observation_size

try:  # PettingZoo is optional: its AECEnv is the base class where it is installed
    from pettingzoo import AECEnv as _Base
except ImportError:
    _Base = object

try:
    from gymnasium import spaces as _spaces
except ImportError:
    _spaces = None

OUT_OF_TURN = ("offer", "none")


def _box(size):
    if _spaces:
        return _spaces.Box(low=-1e9, high=1e9, shape=(size,), dtype="float32")
    return SimpleNamespace(shape=(size,), dtype="float32")


def _mask_space(size):
    if _spaces:
        return _spaces.Box(low=0, high=1, shape=(size,), dtype="int8")
    return SimpleNamespace(shape=(size,), dtype="int8")


def _discrete(n):
    return _spaces.Discrete(n) if _spaces else SimpleNamespace(n=n)


class UnoEnv(_Base):
    """env(rules="mattel", players=4, options=None, out_of_turn="offer",
    max_steps=10000, think_ms=1000, render_mode=None)

    Agents "player_0" .. are seats 0 .. players-1. out_of_turn="offer":
    after each action, each seat not in turn that has an action (an UNO
    call, a catch, a KPGUT side slide) is asked once, in order of play from
    the seat in turn, and may answer WAIT; then the seat in turn acts.
    out_of_turn="none": only the seat in turn is asked. max_steps actions
    truncate a game.
    """

    metadata = {"name": "unobook_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, rules="mattel", players=4, options=None, out_of_turn="offer",
                 max_steps=10000, think_ms=1000, render_mode=None):
        if out_of_turn not in OUT_OF_TURN:
            raise ValueError(f"out_of_turn must be one of {OUT_OF_TURN}, not {out_of_turn!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be None, 'ansi' or 'human', not {render_mode!r}")
        self.config = dict(rules=rules, players=players, options=options, think_ms=think_ms)
        Game(seed=0, **self.config)  # a bad rule set, option or count of players fails here
        self.out_of_turn = out_of_turn
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.WAIT = num_actions(players)
        self._obs_size = observation_size(players)
        self.observation_spaces = {a: {"observation": _box(self._obs_size),
                                       "action_mask": _mask_space(self.WAIT + 1)}
                                   for a in self.possible_agents}
        if _spaces:
            self.observation_spaces = {a: _spaces.Dict(s) for a, s in self.observation_spaces.items()}
        self.action_spaces = {a: _discrete(self.WAIT + 1) for a in self.possible_agents}
        self.game = None
        self.agents = []

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ------------------------------------------------------------ the game

    def reset(self, seed=None, options=None):
        """Deals a new game: the same seed deals the same game."""
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        self.game = Game(seed=seed, **self.config)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.steps = 0
        self._ask_anew()

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def _ask_anew(self):
        """The seats to ask, after an action: those out of turn with a
        decision (out_of_turn="offer"), then the seat in turn."""
        if self.out_of_turn == "offer":
            self._queue = self.game.deciders()
        else:
            self._queue = [self.game.current_player]
        self.agent_selection = self.possible_agents[self._queue[0]]

    def _offered_out_of_turn(self, seat):
        return len(self._queue) > 1 and self._queue[0] == seat

    def observe(self, agent):
        seat = self._seat(agent)
        observation = array("f", bytes(4 * self._obs_size))
        mask = bytearray(self.WAIT + 1)
        self.game.observe_into(observation, seat)
        done = self.terminations.get(agent, True) or self.truncations.get(agent, True)
        if agent == self.agent_selection and not done:
            self.game.mask_into(mask, seat)
            mask[self.WAIT] = self._offered_out_of_turn(seat)
        return {"observation": observation, "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter=2 ** 63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat(agent)
        self._cumulative_rewards[agent] = 0.0
        if action == self.WAIT:
            if not self._offered_out_of_turn(seat):
                raise ValueError(f"{agent} is in turn: WAIT ({self.WAIT}) is not in its mask")
            self._queue.pop(0)
            self.agent_selection = self.possible_agents[self._queue[0]]
            return
        self.game.apply(int(action), seat)
        self.steps += 1
        if self.game.over:  # the only rewards: every step before gives 0
            rewards = self.game.rewards
            for a in self.agents:
                self.rewards[a] = rewards[self._seat(a)]
                self._cumulative_rewards[a] += self.rewards[a]
                self.terminations[a] = True
        elif self.steps >= self.max_steps:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self._ask_anew()

    def _was_dead_step(self, action):
        """A done agent steps with None and leaves; the next done one is selected."""
        if action is not None:
            raise ValueError("an agent whose game is over steps with None")
        agent = self.agent_selection
        for table in (self.rewards, self._cumulative_rewards, self.terminations, self.truncations, self.infos):
            del table[agent]
        self.agents.remove(agent)
        if self.agents:
            self.agent_selection = self.agents[0]

    def state(self):
        """Every seat's observation, seat after seat: the whole table but the stock's order."""
        out = array("f")
        for seat in range(self.game.players):
            out.extend(self.game.observation(seat))
        return out

    def render(self):
        text = self.game.render()
        if self.render_mode == "human":
            print(text)
        return text

    def close(self):
        pass
