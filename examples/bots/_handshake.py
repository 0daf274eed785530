"""The greeting every example bot answers the same way (imported by the others)."""

import sys


def say(line: str) -> None:
    print(line, flush=True)


def introduce(name: str) -> None:
    """Answer the host's greeting line with a name and ``ready``."""
    sys.stdin.readline()
    say(f"id name {name}")
    say("protocol 1")
    say("ready")
