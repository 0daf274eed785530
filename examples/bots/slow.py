"""Introduces itself, then sleeps through every decision."""

import sys
import time

from _handshake import introduce

introduce("slow-example")
for line in sys.stdin:
    if line.startswith("go "):
        time.sleep(600)
