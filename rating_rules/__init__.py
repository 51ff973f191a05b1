"""The rule engine: every rating rule of RULES.md as plain, typed Python.

One module per rule family (``shogi``, ``elo``, ``go``, ``yonin``, ``mosaic``); the
sheets' formulas and the worksheet functions are checked against these numbers.
Pure Python: imports neither openpyxl nor xlwings.
"""

from .batch import SYSTEMS, replay
from .common import ReplayResult, round_half_away
from .errors import RatingError, RatingInputError, UnknownSystemError

__all__ = [
    "SYSTEMS",
    "RatingError",
    "RatingInputError",
    "ReplayResult",
    "UnknownSystemError",
    "replay",
    "round_half_away",
]
