#!/usr/bin/env python3
"""A pinochle bot that plays a random legal action, speaking the bot protocol
(docs/bot-protocol.md) on stdin/stdout. Plain Python: it imports nothing from
pinochle_tui, so it shows everything a bot in any language must do.

    pinochle match --a "cmd:python examples/bot_random.py" --b easy --deals 20
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)

    def say(line: str) -> None:
        print(line, flush=True)

    for line in sys.stdin:
        word, _, rest = line.strip().partition(" ")
        if word == "pinochle-bot":  # the host's greeting: introduce yourself
            say("id name random-example")
            say("id author pinochle_tui examples")
            say("protocol 1")
            say("ready")
        elif word == "go":  # a decision: the view, the legal actions, the time
            legal = json.loads(rest)["legal"]
            # Declaring out at random would mostly lose: keep it for when it is all there is.
            choices = [a for a in legal if a != "declare-out"] or legal
            say("action " + rng.choice(choices))
        elif word == "quit":
            return
        # newgame, event and gameover carry what the seat sees: a random bot needs none of it.


if __name__ == "__main__":
    main()
