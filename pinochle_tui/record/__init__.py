"""The game record: a versioned JSON log of every game, saved after every action.

``GameSession`` plays a game and autosaves it; ``store`` finds, reads and
lists saved games; ``replay`` steps a record through the engine.
"""

from pinochle_tui.record.errors import IllegalRecordError, RecordError
from pinochle_tui.record.models import GameLog, PlayerInfo
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import GameSummary, find_game, list_games, save_dir

__all__ = [
    "GameLog",
    "GameSession",
    "GameSummary",
    "IllegalRecordError",
    "PlayerInfo",
    "RecordError",
    "find_game",
    "list_games",
    "save_dir",
]
