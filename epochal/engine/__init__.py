"""The game-agnostic kernel. It imports no game; games import it."""

from .errors import IllegalAction, OptionError, RecordError
from .events import event, visible
from .game import Game, Option, Score, game_names, game_package, get_game, load_game
from .observe import VectorLayout
from .record import Record, load_record, new_record, parse_record, replay, replay_states
from .state import Decision, State

__all__ = [
    "IllegalAction",
    "OptionError",
    "RecordError",
    "event",
    "visible",
    "Game",
    "Option",
    "Score",
    "game_names",
    "game_package",
    "get_game",
    "load_game",
    "Record",
    "load_record",
    "new_record",
    "parse_record",
    "replay",
    "replay_states",
    "Decision",
    "State",
    "VectorLayout",
]
