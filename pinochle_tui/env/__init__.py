"""Reinforcement-learning environments of two-handed pinochle (``pip install
".[rl]"``): ``pinochle_v0``, a PettingZoo AEC environment over the engine and
its table driver. ``docs/env.md`` describes the action ids, the observation and
the rewards.
"""
