"""Arithmetic and validation shared by every rule family.

Kept tiny on purpose: each rule lives in its own module; only what two or more
families need (Excel-compatible rounding, input checks, the replay result) is here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from .errors import RatingInputError

Player = Hashable


def round_half_away(x: float) -> int:
    """Round like Excel's ``ROUND(x, 0)``: halves go away from zero.

    Excel rounds the value as shown to 15 significant digits, so 0.04 * 362.5, which
    binary floating point holds as 14.499999999999998, still rounds to 15. Python's
    ``round`` would give banker's rounding and the raw binary value.

    >>> [round_half_away(v) for v in (0.5, 1.5, 2.5, -0.5, -2.5, 0.04 * 362.5)]
    [1, 2, 3, -1, -3, 15]
    """
    if not math.isfinite(x):
        raise RatingInputError("value", x, "is not a finite number")
    # Fast path: clearly not a half (the 1e-9 band covers 15-digit display noise).
    frac = abs(x) - math.floor(abs(x))
    if abs(frac - 0.5) > 1e-9:
        return math.floor(x + 0.5) if x >= 0 else -math.floor(-x + 0.5)
    return int(Decimal(f"{x:.15g}").quantize(Decimal(1), rounding=ROUND_HALF_UP))


def check_number(name: str, value: object) -> float:
    """Return ``value`` as a float, or raise naming ``name`` and quoting ``value``.

    Accepts what a spreadsheet passes for a number (int, float, 3.0 for 3); rejects
    text, blanks, booleans, NaN and infinities.
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RatingInputError(name, value, "is not a number")
    if not math.isfinite(value):
        raise RatingInputError(name, value, "is not a finite number")
    return float(value)


def check_whole(name: str, value: object, minimum: int | None = None) -> int:
    """Return ``value`` as an int if it is a whole number (3.0 counts) at or above ``minimum``."""
    number = check_number(name, value)
    if number != int(number):
        raise RatingInputError(name, value, "must be a whole number")
    if minimum is not None and number < minimum:
        raise RatingInputError(name, value, "must be {minimum} or more", minimum=minimum)
    return int(number)


def check_result(name: str, value: object, *, draws: bool = False) -> float:
    """Return a game result: 1 win, 0 loss, and 0.5 draw where ``draws`` is allowed."""
    allowed = (0.0, 0.5, 1.0) if draws else (0.0, 1.0)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value not in allowed:
        raise RatingInputError(name, value, "must be 1 (win), 0.5 (draw) or 0 (loss)"
                               if draws else "must be 1 (win) or 0 (loss)")
    return float(value)


def sign(x: float) -> int:
    """-1, 0 or 1, like Excel's ``SIGN``."""
    return (x > 0) - (x < 0)


def has_size(value: object, low: int, high: int) -> bool:
    """Whether ``value`` is a sequence (not text) of ``low`` to ``high`` items, so that a
    game given as None, a number or a string is refused with its caller's own message
    (a fixed reason text, as every raise here) instead of a TypeError."""
    text = isinstance(value, (str, bytes))
    return not text and isinstance(value, Sequence) and low <= len(value) <= high


@dataclass(frozen=True)
class Starts:
    """Where a replay's players start, from its ``initial``: read once, looked up per player.

    ``initial`` is one rating for everyone (checked at once, so a bad one is named
    ``initial``) or a mapping player → rating (each checked when the player first plays,
    named ``initial[player]``); None leaves the rule's ``default``.
    """

    default: float
    """Rating of a player the table does not name."""
    table: Mapping[Player, float]
    """Ratings of named players, as given."""

    @classmethod
    def read(cls, initial: float | Mapping[Player, float] | None, default: float) -> Starts:
        """The starts ``initial`` gives, ``default`` where it names nobody."""
        if initial is None:
            return cls(default, {})
        if isinstance(initial, Mapping):
            return cls(default, initial)
        return cls(check_number("initial", initial), {})

    def rating(self, player: Player) -> float:
        """The checked starting rating of ``player``, who plays for the first time."""
        return check_number(f"initial[{player!r}]", self.table.get(player, self.default))


class PeriodLabels:
    """A replay's rating-period labels, one per game, read as the games go by.

    A period's games must be consecutive (they are rated against one start), so a label
    that comes back after another period's games is refused; a missing label is None.
    """

    def __init__(self, labels: Iterable[object]) -> None:
        self._labels = iter(labels)
        self._current: object = object()
        self._seen: set[object] = set()

    def opens(self, n: int) -> bool:
        """Whether game ``n`` (from 1) opens a new period: its label differs from the last."""
        key = next(self._labels, None)
        if key != self._current:
            if key in self._seen:
                raise RatingInputError(f"periods[{n}]", key, "appears again after another period")
            self._seen.add(key)
            self._current = key
            return True
        return False


@dataclass(frozen=True)
class ReplayResult:
    """What :func:`rating_rules.replay` returns for a whole game log."""

    ratings: dict[Player, float]
    """Final rating (Go: points) of every player seen, in order of first appearance."""
    changes: list[tuple[float, ...]]
    """Per game, in log order: each seat's signed change (two-player: ``(a, b)``)."""
    games: dict[Player, int] = field(default_factory=dict)
    """How many games each player took part in (Go: rated games only)."""
    ranks: Mapping[Player, str] = field(default_factory=dict)
    """Rank code or label per player, for systems that have ranks (Go, four-player)."""
    deviations: Mapping[Player, float] = field(default_factory=dict)
    """Rating deviation per player, for systems that keep one (an RD beside the rating)."""


# --- a rating system's declaration -----------------------------------------------------------

@dataclass(frozen=True)
class LogField:
    """A game-log column beyond the players and the result, and how its text is read."""

    key: str
    """The column key, also its first accepted header."""
    kind: str
    """``number`` (blank = None), ``whole`` (a whole number ≥ 0, required), ``choice`` (one
    of ``choices``, blank = None), or ``word`` (blank = ``default``)."""
    required: bool = False
    default: str | None = None
    choices: tuple[tuple[str, ...], ...] = ()
    """A ``choice`` field's words, each with its other spellings (any case); the first
    spelling is the one a message lists."""
    headers: tuple[str, ...] = ()
    """Other headers a log may give the column (compared after NFKC folding, any case);
    the first Japanese one names the column in a Japanese message."""


@dataclass(frozen=True)
class System:
    """One rating system: its engine, its game-log shape and what it supports."""

    name: str
    """The name templates, the command line and ``replay`` use."""
    summary: str
    """The rule, and the shape of one game tuple ``replay`` takes."""
    replay: Callable[..., ReplayResult]
    presets: Mapping[str, Any]
    """Named rule constants (frozen dataclasses); ``default`` is the rule as published."""
    seats: int = 2
    """Players per game: 2, or 4 (four-player shogi: players, places, knocked out by)."""
    draws: bool = False
    """Whether a result may be 0.5."""
    periods: bool = False
    """Whether games can be rated by period (``rate --monthly``)."""
    by_period: bool = False
    """The rule is stated for rating periods: ``rate`` groups games by month
    unless told ``--per-game``, since a period of one game grows every RD each game."""
    log_fields: tuple[LogField, ...] = ()
    """Game-log columns after the players and the result, in game-tuple order."""
    functions: tuple[str, ...] = field(default=())
    """The worksheet functions (``udfs``) of the rule."""
    position: int = field(kw_only=True)
    """Where the system stands in every list of systems (the function table, the formula
    catalog, xlwings Lite): the order the project added them, so that the blocks of a
    catalog a user already has keep their rows. A new system takes the next number."""
