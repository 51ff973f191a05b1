"""What a rating system declares to be kept in a club ledger (:mod:`.ledger`).

A system brings its Settings constants and tables, the extra input columns its games
need (Tokin's handicap, MOSAIC's turn difference, each with its check and message), the
change of each side of a counted game (formula and engine value, side by side), and
optionally declared ranks, games played before the ledger, a rank label and the monthly
list mode. The layout renders any such declaration.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from openpyxl.worksheet.worksheet import Worksheet

from ..labels import Text
from ..layout import Column, NameInfo, Row, Setting, Validation
from ..settings import setting_name
from .cells import Cells

START = setting_name("Start")
MONTHLY_MODE = setting_name("Monthly")
RANK_LABEL, RANK_RATING = setting_name("RankLabel"), setting_name("RankRating")
SIDES = ("A", "B")


def v(kind: str | None, prompt: Text, error: Text | None, op: str | None = None,
      f1: str | None = None, f2: str | None = None) -> Validation:
    return Validation(kind, op, f1, f2, prompt, error)


def settings_formula(names: list[str]) -> str:
    """Every named setting is a number (what ``Status`` checks first)."""
    return f"AND({','.join(f'ISNUMBER({n})' for n in names)})"


class LedgerRule(ABC):
    """One rating system's declarations for the two-player ledger."""

    engine: ClassVar[str]
    """The ``rating_rules.replay`` system (the game log's shape)."""
    scores: ClassVar[tuple[float, ...]] = (1, 0)
    has_ranks: ClassVar[bool] = False
    """Players declare a rank (start from :meth:`rank_starts`)."""
    has_prior: ClassVar[bool] = False
    """Players may bring games played before the ledger (Club 24's game number)."""
    rank_labels: ClassVar[bool] = False
    """Lists show a rank label for the rating (:meth:`rank`)."""
    monthly: ClassVar[bool] = False
    """Tokin's rating-list mode exists (a Settings switch and the Monthly list sheet)."""
    required: ClassVar[tuple[str, ...]] = ()
    """Extra inputs a game needs to count (besides the result)."""
    rating_format: ClassVar[str] = "0"
    change_format: ClassVar[str] = "+0;-0;0"

    @abstractmethod
    def settings(self, preset: Any) -> list[Setting]:
        """Constants on Settings after the default start (and the monthly switch)."""

    def settings_tables(self, ws: Worksheet, top: int, preset: Any,
                        lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        """Named tables under the settings; their names and cached values."""
        return [], {}

    def extras(self, preset: Any, lang: str) -> tuple[Column, ...]:
        """Extra input columns after the result, each with its ``check`` and ``message``."""
        return ()

    @abstractmethod
    def change_formula(self, r: Row, side: str) -> str:
        """``side``'s change on a counted row, from the ratings the game is played at."""

    @abstractmethod
    def change_value(self, c: Cells, side: str) -> float:
        """The engine's change of ``side`` on a counted row."""

    def settings_ok(self, preset: Any) -> str:
        return settings_formula([START, *(setting_name(s.key) for s in self.settings(preset))])

    def rank_starts(self, preset: Any) -> tuple[tuple[str, float], ...]:
        """Declared rank → starting rating (when :attr:`has_ranks`)."""
        return ()

    def rank_formula(self, rating: str) -> str:
        return '""'

    def rank(self, preset: Any, rating: float) -> str:
        return ""

    def log_inputs(self, game: tuple[object, ...]) -> dict[str, object]:
        """The extra inputs of a ``rating_rules.replay`` game (``import`` fills them)."""
        return {}
