"""What an input cell accepts, declared once: the sheet's test and the engine's, side by side.

A :class:`Check` is used by the Status column (the formula flags a bad value, the cached
value says the same), by ``audit`` and ``repair`` through the columns' declarations, and
by the formula catalog. Tests are written so a text or an error in the cell gives FALSE,
never an error value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import dates
from .. import formulas as fx
from ..labels import Text
from ..layout import Column, Validation, number_check, validation
from .cells import excel_number
from .phone import DATE_FORMAT


@dataclass(frozen=True)
class Check:
    """A test of one typed value: ``test(ref)`` is TRUE on the sheet when ``accepts(value)``."""

    test: Callable[[str], str]
    accepts: Callable[[object], bool]


NUMBER = Check(lambda ref: f"ISNUMBER({ref})", lambda x: excel_number(x) is not None)
"""Any number (a date is a number too, as in Excel)."""


DATE = Check(
    dates.serial_test, lambda x: (n := excel_number(x)) is not None and dates.is_usable_serial(n)
)
"""A date: a number (Excel stores a date as one) in the range every spreadsheet program
holds (:mod:`~workbook_builder.dates`): 12345678 typed as a date (year ~35,800) is a ⚠ on
its own row, never a month of a list."""


DATE_MESSAGE = Text("⚠ 日付は 5/26 の形で", "⚠ date: type it like 5/26")
"""The Status marker of a date that is not one, on every sheet with a date column."""


def date_column(width: float = 10.5) -> Column:
    """The game's date, typed like 5/26; the Status column flags anything else."""
    return Column("Date", Text("日付", "Date"), "input", "date", width, number_format=DATE_FORMAT,
                  validation=validation("date", Text("5/26 のように入力", "Type like 5/26"),
                                        Text("日付を入力してください", "Type a date"),
                                        "greaterThanOrEqual", "1"),
                  check=DATE, message=DATE_MESSAGE)


def between(low: float, high: float) -> Check:
    """A number from ``low`` to ``high``: a rating far outside any scale (12345678) would
    overflow ``10^`` in an expected score, an error code instead of a ⚠."""
    def accepts(value: object) -> bool:
        number = excel_number(value)
        return number is not None and low <= number <= high

    return Check(lambda ref: f"IF(ISNUMBER({ref}),AND({ref}>={low:g},{ref}<={high:g}),FALSE)",
                 accepts)


START_RANGE = (-10_000, 100_000)
"""What a ledger accepts as a start: ratings and points of every system fit, and two
starts 110,000 apart still give Elo's ``10^(diff/400)`` a finite value."""
START = between(*START_RANGE)


def start_validation(prompt: Text) -> Validation:
    """A ledger's start cell (Settings' default, a player's on Players): :data:`START`."""
    low, high = START_RANGE
    return validation("decimal", prompt, Text(f"{low:,}〜{high:,} の数値を入力してください",
                                              f"Type a number from {low:,} to {high:,}"),
                      "between", str(low), str(high))


def one_of(values: tuple[float, ...]) -> Check:
    """One of the numbers ``values`` (``1/0``, ``1/0.5/0``)."""
    allowed = tuple(float(v) for v in values)
    return Check(lambda ref: fx.is_one_of(ref, values), lambda x: excel_number(x) in allowed)


def text_in(value: Any, words: Sequence[str]) -> bool:
    """``value = "word"`` as Excel compares text: ignoring (ASCII) case."""
    return isinstance(value, str) and value.casefold() in {w.casefold() for w in words}


def is_word(ref: str, words: Sequence[str]) -> str:
    """TRUE when ``ref`` is one of the ``words`` (any case, as Excel's ``=`` compares):
    :func:`text_in` on the sheet."""
    return f"OR({','.join(f'{ref}={fx.text(w)}' for w in words)})"


def any_of(words: Sequence[str]) -> Check:
    """One of the ``words`` (any case): 会員/非会員, 休/off."""
    return Check(lambda ref: is_word(ref, words), lambda x: text_in(x, words))


def either(first: Check, second: Check) -> Check:
    """A value ``first`` or ``second`` accepts (準 or a member number)."""
    return Check(
        lambda ref: f"OR({first.test(ref)},{second.test(ref)})",
        lambda x: first.accepts(x) or second.accepts(x),
    )


def whole_at_least(minimum: int) -> Check:
    """A whole number ≥ ``minimum`` (3.0 counts, 2.5 and text do not)."""
    def accepts(value: object) -> bool:
        number = excel_number(value)
        return number is not None and number >= minimum and number == int(number)

    return Check(lambda ref: fx.is_whole_at_least(ref, minimum), accepts)


# --- the inputs every personal sheet against one opponent starts with ----------------------

OPP_MESSAGE = Text("⚠ 相手レートは数値で", "⚠ opponent rating must be a number")
RESULT_MESSAGE = Text("⚠ 勝敗は1か0", "⚠ result must be 1 or 0")
SCORE_MESSAGE = Text("⚠ 勝敗は 1・0.5・0", "⚠ score must be 1, 0.5 or 0")


def opponent_column() -> Column:
    """The opponent's name (optional); the lead row says whose log it is."""
    return Column("Opponent", Text("相手", "Opp."), "input", "text", 9, width_en=10,
                  lead=Text("自分", "Me"),
                  validation=validation(None, Text("対戦相手の名前", "Opponent's name"), None))


def opp_rating_column(prompt: Text) -> Column:
    """The opponent's rating before the game; ``prompt`` says what typing it early shows."""
    return Column("OppRating", Text("相手\nレート", "Opp.\nrating"), "input", "number", 7.5,
                  validation=number_check(prompt), check=NUMBER, message=OPP_MESSAGE)


def result_column() -> Column:
    """A win (1) or a loss (0)."""
    return Column("Result", Text("勝敗 1/0", "Won"), "input", "choice", 5.5, width_en=7,
                  number_format="0", allowed=(1, 0),
                  validation=validation("list", Text("勝ち=1、負け=0", "1 = win, 0 = loss"),
                                        Text("勝ちは1、負けは0", "Win is 1, loss is 0"), None,
                                        '"1,0"'),
                  check=one_of((1, 0)), message=RESULT_MESSAGE)


def score_column() -> Column:
    """A win (1), a draw (0.5) or a loss (0)."""
    return Column("Score", Text("勝敗", "Pts"), "input", "choice", 7,
                  number_format="General", allowed=(1, 0.5, 0),
                  validation=validation("list", Text("勝ち=1、引き分け=0.5、負け=0",
                                                     "1 = win, 0.5 = draw, 0 = loss"),
                                        Text("1・0.5・0 から選んでください", "Choose 1, 0.5 or 0"),
                                        None, '"1,0.5,0"'),
                  check=one_of((1, 0.5, 0)), message=SCORE_MESSAGE)
