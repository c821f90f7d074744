#!/usr/bin/env python3
"""A small UNO bot for `uno play`, `uno sim` and `uno arena` (docs/bots-external.md).

Run it as a bot: uno arena --rules mattel --players 2 --bots 'medium,cmd:python3 examples/bots/simple_bot.py'

It reads one JSON line per decision on standard input, {"op": "move", "id", "seat",
"view", "events", "moves", ...}, and answers one line on standard output: one of
"moves", or {"op": "wait"} to do nothing when it is not its turn. Python's standard
library only.

Its play: say UNO and catch whenever it can; in turn, play the card of the
colour it holds most (number cards before action cards, Wilds last), naming the
colour it holds most; draw or take when nothing fits; keep a drawn card it
cannot use.
"""
import json
import sys

PREFERENCE = {"play": 0, "color": 1, "draw": 2, "take": 3, "pass": 4}


def colour_counts(hand):
    counts = {c: 0 for c in "RGBY"}
    for card in hand:
        if card[0] in counts:
            counts[card[0]] += 1
    return counts


def card_rank(card, counts):
    """Lower is better: number cards of a well-held colour first, Wilds last."""
    if card.startswith("W"):
        return (2, 0)
    action = not card[1:].isdigit()
    return (1 if action else 0, -counts.get(card[0], 0))


def choose(question):
    moves = question["moves"]
    view = question["view"]
    me = question["seat"]
    by_op = {}
    for move in moves:
        by_op.setdefault(move["op"], []).append(move)
    for op in ("uno", "catch"):  # things to do at once, in turn or not
        if op in by_op:
            return by_op[op][0]
    if view["turn"] != me:
        return {"op": "wait"}
    hand = view["hands"][me] or []
    counts = colour_counts(hand)
    best_colour = max("RGBY", key=lambda c: counts[c])
    plays = [m for m in by_op.get("play", []) if len(m["cards"]) == 1]
    plays = [m for m in plays if "color" not in m or m["color"] == best_colour]
    if plays:
        move = min(plays, key=lambda m: card_rank(m["cards"][0], counts))
        if len(hand) == 2 and me not in view["uno"]:
            move = dict(move, uno=True)  # say UNO with the play, if not said yet
        return move
    if "color" in by_op:
        return next((m for m in by_op["color"] if m["color"] == best_colour), by_op["color"][0])
    return min(moves, key=lambda m: PREFERENCE.get(m["op"], 9))


def main():
    for line in sys.stdin:
        question = json.loads(line)
        if question.get("op") != "move":
            continue  # fields and ops may be added: ignore what is unknown
        if "error" in question:  # what was wrong with the last answer
            print("simple_bot:", question["error"]["message"], file=sys.stderr)
        answer = dict(choose(question), id=question["id"])
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
