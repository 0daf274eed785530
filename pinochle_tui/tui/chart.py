"""Small text charts of the match: both players' totals across the hands.

>>> spark([0, 250, 500, 1000], top=1000)
'▁▃▅█'
>>> spark([], top=0)
''
"""

from __future__ import annotations

from collections.abc import Sequence

_BARS = "▁▂▃▄▅▆▇█"


def spark(values: Sequence[int], top: int) -> str:
    """One bar per value, on a scale shared by both players (``top`` is full height),
    so their lines can be compared at a glance."""
    if top <= 0:
        return _BARS[0] * len(values)
    return "".join(_BARS[max(0, min(7, round(7 * v / top)))] for v in values)
