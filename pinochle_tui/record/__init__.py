"""The game record: a versioned JSON log of every game, saved after every action.

``GameSession`` plays a game and autosaves it; ``open_game`` finds, reads and
replays a saved game; ``list_games`` summarizes a save directory; ``check``
judges a file valid, illegal or unreadable.
"""

from pinochle_tui.record.errors import GameLockedError, IllegalRecordError, RecordError
from pinochle_tui.record.models import GameLog, PlayerInfo
from pinochle_tui.record.session import GameSession
from pinochle_tui.record.store import (
    GameListing,
    GameSummary,
    OpenGame,
    find_game,
    find_resumable,
    list_games,
    open_game,
    save_dir,
)
from pinochle_tui.record.verify import Verdict, check

__all__ = [
    "GameListing",
    "GameLockedError",
    "GameLog",
    "GameSession",
    "GameSummary",
    "IllegalRecordError",
    "OpenGame",
    "PlayerInfo",
    "RecordError",
    "Verdict",
    "check",
    "find_game",
    "find_resumable",
    "list_games",
    "open_game",
    "save_dir",
]
