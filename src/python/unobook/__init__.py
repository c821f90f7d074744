"""unobook: the UNO rules engine's games for Python programs (docs/python.md).

Game      one game of the engine: legal actions as ids of one flat action
          space, apply(), clone(), its log and from_log(), each seat's
          observation, render() in the engine's words.
env()     an AEC environment with PettingZoo's method names (unobook.aec).
VecEnv    many games stepped at once in C into buffers (unobook.vec), some
          seats played by the project's bots in C (opponents=).
Bot       one of those bots, acting on a Game's seat.
"""
from array import array

from ._unobook import (CATCH, CHALLENGE, COLOR, DRAW, PASS, TAKE, UNO, Bot,
                       num_actions, observation_size)
from ._unobook import Game as _Game

__all__ = ["Game", "Bot", "env", "VecEnv", "num_actions", "observation_size",
           "DRAW", "PASS", "TAKE", "CHALLENGE", "UNO", "COLOR", "CATCH"]


class Game(_Game):
    """Game(rules="mattel", players=4, seed=0, options=None, think_ms=1000, records=False)

    One game dealt by the engine under a built-in rule set ("mattel",
    "classic", "kpgut") and the options of `uno rules` (a dict: name to
    value). After every action the clock moves on by think_ms (KPGUT's UNO
    grace is counted on it). Seats are 0 .. players-1. records=True keeps
    each seat's record of the game, which a search bot (Bot("hard")) needs.
    """

    @classmethod
    def from_log(cls, log, **config):
        """The game dealt with `config` (a Game's .config) and played along
        `log` (a Game's .log: (seat, id) pairs): the same game, hash for hash."""
        game = cls(**config)
        for seat, action in log:
            game.apply(action, seat)
        return game

    def observation(self, seat=None):
        """The seat's observation (the player in turn's by default) as an
        array of float32 (docs/python.md "The observation")."""
        out = array("f", bytes(4 * self.observation_size))
        self.observe_into(out, seat)
        return out

    def action_mask(self, seat=None):
        """1 for each id the seat may take now, as a bytearray of num_actions."""
        out = bytearray(self.num_actions)
        self.mask_into(out, seat)
        return out


def env(rules="mattel", players=4, **kwargs):
    """An AEC environment (unobook.aec.UnoEnv) with PettingZoo's method names."""
    from .aec import UnoEnv
    return UnoEnv(rules=rules, players=players, **kwargs)


from .vec import VecEnv  # noqa: E402 (it builds on the names above)
