"""Computer players: they see only a seat view and the legal actions."""

from pinochle_tui.ai.levels import LEVELS, make_player
from pinochle_tui.ai.player import Player, RandomPlayer

__all__ = ["LEVELS", "Player", "RandomPlayer", "make_player"]
