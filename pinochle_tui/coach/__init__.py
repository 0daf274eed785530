"""The coach: a review of every decision of a saved game, statistics across saved
games, and the commands that show them (``pinochle review``, ``stats``,
``export``, ``import``).

It sits above the record layer (it reads saved games) and the AI (whose
analysis judges each decision), and below the app, which shows its results.
"""
