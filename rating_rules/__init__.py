"""The rule engine: every rating rule of RULES.md as plain, typed Python.

One module per rule family (``shogi``, ``elo``, ``go``, ``yonin``, ``mosaic``); the
sheets' formulas and the worksheet functions are checked against these numbers.
Pure Python: imports neither openpyxl nor xlwings.
"""

from .batch import replay
from .common import ReplayResult, round_half_away
from .errors import RatingError, RatingInputError, UnknownSystemError
from .systems import SYSTEMS, LogField, System

__all__ = [
    "SYSTEMS",
    "LogField",
    "RatingError",
    "RatingInputError",
    "ReplayResult",
    "System",
    "UnknownSystemError",
    "replay",
    "round_half_away",
]
