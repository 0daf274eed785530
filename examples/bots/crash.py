"""Introduces itself, then crashes with a traceback at its first decision."""

import sys

from _handshake import introduce

introduce("crash-example")
for line in sys.stdin:
    if line.startswith("go "):
        raise RuntimeError("the example bot crashed on purpose")
