# A bot program that plays the first legal move it is sent, except in game
# N (its argument; the questions' "game"), where it answers garbage: it fails
# in that game only (tests/sim/test_sim.c, tests/sim/test_arena.c).
import json
import sys

failing_game = int(sys.argv[1])
for line in sys.stdin:
    question = json.loads(line)
    if question["game"] == failing_game:
        print("not a move", flush=True)
    else:
        print(json.dumps(dict(question["moves"][0], id=question["id"])), flush=True)
