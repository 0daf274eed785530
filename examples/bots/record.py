"""Plays a random legal action and appends every line it receives to the file
named by its first argument."""

import json
import random
import sys

from _handshake import introduce, say

rng = random.Random(0)
with open(sys.argv[1], "a", encoding="utf-8") as log:
    introduce("record-example")
    for line in sys.stdin:
        log.write(line)
        log.flush()
        if line.startswith("go "):
            legal = json.loads(line[3:])["legal"]
            say("action " + rng.choice([a for a in legal if a != "declare-out"] or legal))
        elif line.strip() == "quit":
            break
