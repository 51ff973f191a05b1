"""What the two shogi 16±4% sheets share (:mod:`.tokin`, :mod:`.club24`): the declared
rank and start, the row rules (the MOSAIC sheet's), the Change, Rating and Status
columns, the chart and the Settings tables' checks.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar

from .. import formulas as fx
from ..kit import chain
from ..kit import status as st
from ..kit.base import EXAMPLE_NAMES
from ..kit.cells import Cells, excel_number
from ..kit.chain import history_columns
from ..kit.personal import PersonalSheet
from ..kit.settings_table import TableField
from ..labels import Text
from ..layout import Column, Row, Setting, Validation, number_check
from ..layout import validation as v
from ..messages import say
from ..settings import setting_name

DEFAULT_RANK = "1級"
REQUIRED = ("OppRating", "Result")
"""A row is complete (and counts, when nothing is wrong) once these hold numbers."""


@dataclasses.dataclass(frozen=True)
class DeclaredStart:
    """What a shogi sheet's preset adds to its rule: a declared rank, or a start typed
    instead (both on Settings)."""

    rank: str = DEFAULT_RANK
    """The declared rank the starting rating comes from (a label of the rank table)."""
    start: float | None = None
    """A starting rating typed instead (a player who has one); None = the rank's."""


S = TypeVar("S", bound=DeclaredStart)


# --- The row rules both shogi sheets share --------------------------------------------------


def counted(r: Row) -> str:
    """TRUE for a row that counts: complete, and Status found nothing wrong."""
    return st.counts_test(r, REQUIRED)


def before(c: Cells) -> float:
    """The rating the row starts from: the running value above (a number on a built sheet)."""
    value = excel_number(c.prev("Running"))
    assert value is not None, f"the running rating above row {c.k} is not a number"
    return value


# --- Columns both shogi sheets have ---------------------------------------------------------


def change_column(formula: Callable[[Row], str], delta: Callable[[Cells], int]) -> Column:
    """The change of a counted game, whole: ``delta`` is the engine's, on counted rows only."""
    return chain.change_column(formula, lambda c: delta(c) if st.counts(c, REQUIRED) else "",
                               6, "+0;-0;0")


def rating_column() -> Column:
    """The rating after each counted game; the 自分 row shows the starting rating."""
    return chain.rating_column(lambda r: r["Running"], lambda c: c["Running"])


def status_column(sheet: ShogiSheet[S], lang: str, preset: S,
                  checked: Sequence[Column]) -> Column:
    """Status: "⚠ …" for a bad row (``checked``: the inputs with a check, in the order they
    are reported); on the 自分 row, for bad Settings (never on a built sheet)."""
    keys = sheet.input_keys
    cases = (
        st.empty(keys),
        st.settings_unusable(lambda r: sheet.settings_ok(r, preset)),
        *(st.bad(column.key) for column in checked),
        st.complete(REQUIRED),
        st.unfinished(st.INCOMPLETE),
    )
    messages = (st.SETTINGS, *(column.message for column in checked), st.INCOMPLETE)
    return st.status_column(
        cases, lang, allowed=st.shown(messages, lang),
        lead=lambda r: fx.if_(sheet.settings_ok(r, preset), '""',
                              fx.text(st.SETTINGS(lang))),
        lead_value="")


# --- Settings -------------------------------------------------------------------------------


def all_numbers(name: str) -> str:
    """TRUE when every cell of the named Settings table column holds a number."""
    return f"COUNT({name})=ROWS({name})"


TABLE_PROMPT = Text("表の値 (対局シートの計算が使う)", "The Games formulas use this table")


def table_check(field: TableField) -> Validation:
    """A shogi table's typed cell: a number, or any text (a name), reported as an input."""
    return number_check(TABLE_PROMPT) if field.kind == "number" else v(None, TABLE_PROMPT)


def rank_listed(field: str) -> Callable[[Any], None]:
    """A check that a sheet's declared rank is a label of its edited rank table ``field``
    (a preset with a start typed instead, as a ledger's, declares none)."""
    def check(preset: Any) -> None:
        labels = [label for label, _ in getattr(preset, field)]
        if getattr(preset, "start", 0) is None and preset.rank not in labels:
            raise ValueError(say("table.rank_of", rank=preset.rank, labels=labels))
    return check


def rank_settings(preset: Any) -> list[Setting]:
    """Declared rank (a dropdown of the rank table) and a start typed instead of it."""
    return [
        Setting("Rank", Text("申告段級", "Declared rank"),
                Text("最初のレートは下の表のこの段級のもの",
                     "The starting rating is this rank's (table below)"),
                preset.rank,
                v("list", Text("一覧から選ぶ", "Pick from the list"),
                  Text("下の表にある段級を選んでください", "Pick a rank from the table below"),
                  None, setting_name("RankLabel")),
                type="choice", preset_field="rank"),
        Setting("Start", Text("開始レート", "Starting rating"),
                Text("今のレートがあれば入力 (空欄なら申告段級から)",
                     "Your rating if you have one (blank: the rank's)"),
                preset.start,
                number_check(Text("空欄なら申告段級のレート", "Blank = the declared rank's")),
                preset_field="start"),
    ]


_RANK_ROW = fx.exact_match("Settings_Rank", "Settings_RankLabel")
START_RATING = (
    f'IF(ISBLANK(Settings_Start),IFERROR(INDEX(Settings_RankRating,{_RANK_ROW}),""),'
    'IF(ISNUMBER(Settings_Start),Settings_Start,""))'
)
"""The typed starting rating, or the declared rank's from the rank table when blank.
Anything else (text typed as the rating, a rank not in the table) gives "", which the
sheet flags as a Settings problem. Mirrors :func:`rating_rules.shogi.tokin_start`."""


# --- The shared sheet type ----------------------------------------------------------------


class ShogiSheet(PersonalSheet[S]):
    """What the Tokin and Club 24 sheets share; subclasses add their columns and rule."""

    start_field = "start"
    rank_field: ClassVar[str]
    """The preset field of (label, rating) rows the declared rank is looked up in (its
    Settings table's :attr:`~.settings_table.SettingsTable.fills`)."""
    numeric_tables: ClassVar[tuple[str, ...]] = ()
    """Settings table columns the Games formulas compute with: all numbers, or ⚠."""
    input_keys: ClassVar[tuple[str, ...]]
    """The input columns, in sheet order: what Status finds empty or filled below."""

    def constant_fields(self, preset: str) -> tuple[str, ...]:
        """The preset's numbers, and ``start`` (None by default); tables and the rank are
        edited on Settings."""
        rule = self.presets[preset]
        values = {f.name: getattr(rule, f.name) for f in dataclasses.fields(rule)}
        return tuple(k for k, x in values.items() if x is None or type(x) in (int, float))

    # What each sheet type states.

    @abstractmethod
    def visible_columns(self, lang: str, preset: S) -> tuple[Column, ...]:
        """The Games columns a player sees, in order (the hidden helpers follow)."""

    @abstractmethod
    def settings(self, preset: S) -> list[Setting]:
        """Rows of the Settings sheet: :func:`rank_settings` first, then the constants."""

    # What they share.

    def check(self, preset: S) -> None:
        if preset.start is None and preset.rank not in dict(self.ranks(preset)):
            raise ValueError(say("table.preset_rank", rank=preset.rank))

    def start_rating(self, preset: S) -> float:
        """The engine's value of :data:`START_RATING` (the 自分 row)."""
        if preset.start is not None:
            return float(preset.start)
        return float(dict(self.ranks(preset))[preset.rank])

    def ranks(self, preset: S) -> tuple[tuple[str, float], ...]:
        """The preset's ``rank_field``."""
        ranks: tuple[tuple[str, float], ...] = getattr(preset, self.rank_field)
        return ranks

    def settings_ok(self, r: Row, preset: S) -> str:
        """TRUE when the starting rating, every constant and every :attr:`numeric_tables`
        cell on Settings are numbers (text typed there is flagged, never #VALUE!)."""
        tests = [f"ISNUMBER({r.cell('Running', r.table.lead_row)})",
                 *(f"ISNUMBER({setting_name(s.key)})" for s in self.settings(preset)
                   if s.key not in ("Rank", "Start")),
                 *(all_numbers(setting_name(key)) for key in self.numeric_tables)]
        return f"AND({','.join(tests)})"

    def columns(self, lang: str, preset: S) -> tuple[Column, ...]:
        return (*self.visible_columns(lang, preset),
                *history_columns(lambda r: START_RATING,
                                 lambda c: self.start_rating(c.preset)))


def example_games(lang: str) -> list[dict[str, object]]:
    """Four counted games, one flagged row and one game about to start (for the pictures)."""
    a, b, c, d, e, f = EXAMPLE_NAMES[lang][:6]
    day, week = dt.date(2024, 5, 26), dt.timedelta(days=7)
    return [
        {"Opponent": a, "OppRating": 1550, "Result": 1, "Date": day},
        {"Opponent": b, "OppRating": 1690, "Result": 0, "Date": day},
        {"Opponent": c, "OppRating": 1480, "Result": 2, "Date": day},
        {"Opponent": d, "OppRating": 1420, "Result": 1, "Date": day + week},
        {"Opponent": e, "OppRating": 1610, "Result": 1, "Date": day + week},
        {"Opponent": f, "OppRating": 1900, "Date": day + 2 * week},
    ]
