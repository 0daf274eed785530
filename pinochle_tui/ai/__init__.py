"""Computer players: they see only a seat view and the legal actions."""

from pinochle_tui.ai.player import Player, RandomPlayer
from pinochle_tui.ai.registry import make_player, player_names, players

__all__ = ["Player", "RandomPlayer", "make_player", "player_names", "players"]
