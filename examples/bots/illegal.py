"""Introduces itself, then plays a card it has not got (one it has not even seen)."""

import json
import sys

from _handshake import introduce, say

introduce("illegal-example")
for line in sys.stdin:
    if line.startswith("go "):
        view = json.loads(line[3:])["view"]
        say("action play " + view["unseen"][0])
