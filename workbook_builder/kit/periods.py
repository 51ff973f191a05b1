"""Rating periods on a personal log: which period a row is in, and where a period closes.

A period is a run of consecutive games with the same Period label. A blank label means
"same as the row above", so a label is typed on a period's first game only; before any
label all games form one period. A label typed again after another period starts a new
period. Labels compare like spreadsheet text (case does not matter). A ``Periods``
setting of 0 makes every counted game a period of its own.

A row knows it closes a period from NextNew, the one helper that reads the row below
(computed bottom-up). A counted row is one whose Change is a number. Each rule rated by
period keeps these helpers and adds what it sums over a period.
"""

from __future__ import annotations

import datetime as dt
from abc import abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from openpyxl.styles import Font, PatternFill
from openpyxl.worksheet.worksheet import Worksheet

from .. import formulas as fx
from .. import styles
from ..labels import Text
from ..layout import Column, Formula, Row, Setting, Table, Validation, ValueType, validation
from ..settings import START, Positive, Refused, refuse, scalar, setting_name, start_setting
from ..spec import Spec
from . import inputs as kinds
from . import status as st
from .base import P
from .cells import Cells, Value, excel_number, excel_value
from .chain import NA, count_column, counted
from .personal import PersonalSheet

PERIODS = setting_name("Periods")
SETTLED_FILL = PatternFill("solid", fgColor="BDD7EE")
"""Computed cells of a row that settles a period's rating (by period)."""


def number(value: object) -> float:
    """A chain cell's value, always a number (the engine computed it)."""
    assert isinstance(value, (int, float)), value
    return float(value)


def counted_test(r: Row) -> str:
    """TRUE on a counted row: only there is the change a number."""
    return f"ISNUMBER({r['Change']})"


def settles_test(r: Row) -> str:
    """TRUE on the last counted row of a period (every counted row when rating per game)."""
    return f"AND({counted_test(r)},{r['NextNew']})"


def settles(c: Cells) -> bool:
    """What :func:`settles_test` shows: the rating is settled on this row."""
    return counted(c) and bool(c["NextNew"])


def next_new_formula(r: Row) -> str:
    """Whether the next counted game below opens a new period (TRUE when there is none)."""
    if r.number >= r.table.last_row:
        return "TRUE"
    return fx.if_(f"ISNUMBER({r.next('Change')})", r.next("New"), r.next("NextNew"))


def next_new_value(c: Cells) -> bool:
    """What :func:`next_new_formula` shows; reads the row below, so it is ``late``."""
    if c.k == c.table.rows:
        return True
    below_counted = excel_number(c.next("Change")) is not None
    return bool(c.next("New") if below_counted else c.next("NextNew"))


def carry(r: Row, key: str, value: str, by: str | None = None) -> str:
    """``value`` on a counted row, else the row above's ``key`` (skipped rows change nothing).

    ``by``: the column that says the row counts, for a chain whose Change is computed
    from running sums; None: the Change is a number."""
    return fx.if_(counted_test(r) if by is None else r[by], value, r.prev(key))


def carried(key: str, value: Value, by: str | None = None) -> Value:
    """What :func:`carry` shows: ``value`` on a counted row, else the row above's ``key``."""
    return lambda c: value(c) if (counted(c) if by is None else c[by]) else c.prev(key)


def same_period(a: object, b: object) -> bool:
    """Whether two period keys are equal the way a spreadsheet's ``=`` sees them."""
    if isinstance(a, str) and isinstance(b, str):
        return a.lower() == b.lower()
    if isinstance(a, str) or isinstance(b, str):
        return False
    return a == b


def key_value(c: Cells) -> object:
    """The row's period: its label, or the row above's when blank."""
    label = c["Period"]
    return c.prev("Key") if label is None else excel_value(label)


def helper(key: str, label: Text, kind: ValueType, formula: Formula, value: Value,
           lead: Formula | None = None, lead_value: object = None, *, late: bool = False,
           after_late: bool = False) -> Column:
    """A hidden chain column; one with a lead row has it in its defined name."""
    return Column(key, label, "helper", kind, 8, formula=formula, lead=lead,
                  lead_in_name=lead is not None, value=value, lead_value=lead_value,
                  late=late, after_late=after_late)


def period_column() -> Column:
    """The Period input: a label typed on a period's first game."""
    return Column("Period", Text("期間", "Period"), "input", "text", 8.5, number_format="@",
                  validation=validation(None, Text(
                      "期間ごとの計算で使う期間 (例: 2024-05)。期間の最初の対局にだけ入れれば、"
                      "次の期間名までの行は同じ期間です。対局ごとの計算では使いません",
                      "Rating period (e.g. 2024-05), used when rating by period. Type it on a "
                      "period's first game: rows below belong to it until the next label"), None))


def opening_columns() -> tuple[Column, ...]:
    """The chain's first helpers: which period a row is in (Key, LastKey), whether it
    opens one (New), and the rating the game is scored at (Base: the last close when it
    opens a period, else the open period's start)."""
    return (
        helper("Key", Text("計算用 期間", "Period key"), "text",
               lambda r: fx.if_(fx.is_blank(r["Period"]), r.prev("Key"), r["Period"]),
               key_value, lambda r: '""', ""),
        helper("LastKey", Text("計算用 前の期間", "Last period key"), "text",
               lambda r: carry(r, "LastKey", r["Key"]), carried("LastKey", lambda c: c["Key"]),
               lambda r: '""', ""),
        helper("New", Text("計算用 新しい期間", "Opens a period"), "text",
               lambda r: f"OR({PERIODS}<>1,{r['Key']}<>{r.prev('LastKey')})",
               lambda c: not c.preset.periods or not same_period(c["Key"], c.prev("LastKey"))),
        helper("Base", Text("計算用 対局時レート", "Rating played at"), "number",
               lambda r: fx.if_(r["New"], r.prev("Close"), r.prev("Start")),
               lambda c: c.prev("Close") if c["New"] else c.prev("Start")),
    )


def next_new_column() -> Column:
    """NextNew: whether the next counted game opens a period (so this row settles one)."""
    return helper("NextNew", Text("計算用 次が新しい期間", "Next opens a period"), "text",
                  next_new_formula, next_new_value, late=True)


def start_value(c: Cells) -> float:
    """The starting rating on Settings, as the lead row (自分 / Me) shows it."""
    return float(c.preset.start)


START_NOTE = Text("最初の対局の前のレート (なければ1500)",
                  "Before your first game (none yet: 1500)")
"""The note of Settings' start (:func:`~workbook_builder.settings.start_setting`)."""


def start_column(by: str | None = None) -> Column:
    """Start: the rating the open period started at; the lead row has Settings' start.
    ``by``: as :func:`carry`."""
    return helper("Start", Text("計算用 期間開始レート", "Period start"), "number",
                  lambda r: carry(r, "Start", r["Base"], by),
                  carried("Start", lambda c: c["Base"], by), lambda r: START, start_value)


def close_column(formula: Formula, value: Value, by: str | None = None) -> Column:
    """Close: the rating if the open period closed at this row (``formula``, its engine
    ``value``), carried over rows that do not count. ``by``: as :func:`carry`."""
    return helper("Close", Text("計算用 レート", "Rating if closed"), "number",
                  lambda r: carry(r, "Close", formula(r), by), carried("Close", value, by),
                  lambda r: START, start_value)


def settled_chart_columns() -> tuple[Column, ...]:
    """Games counted, and the chart's points: a settled rating (``Close``) where one
    settles, else NA() (left out of the chart). A row reads itself and the next only."""
    def point(key: str) -> tuple[Formula, Value]:
        return (
            lambda r: fx.if_(settles_test(r), r[key], "NA()"),
            lambda c: c[key] if settles(c) else NA,
        )

    return (
        count_column(Text("計算用 対局数", "Games counted")),
        helper("ChartX", Text("グラフ用 対局", "Chart game"), "integer", *point("Count"),
               lambda r: "0", 0, after_late=True),
        helper("ChartY", Text("グラフ用 レート", "Chart rating"), "number", *point("Close"),
               lambda r: r["Close"], lambda c: c["Close"], after_late=True),
    )


class PeriodsSwitch:
    """The mode switch on Settings: 0 = every game a period, 1 = by Period label."""

    ok = fx.is_one_of(PERIODS, (1, 0))
    refused: Refused = ("periods", lambda x: x not in (0, 1), "template.periods")

    def setting(self, preset: Any) -> Setting:
        return scalar("Periods", "periods", Text("期間ごとに計算", "Rate by period"),
                      Text("0 = 対局ごと、1 = 期間ごと (下の説明)",
                           "0 = after every game, 1 = by period"),
                      int(preset.periods),
                      Validation("list", None, '"0,1"', None,
                                 Text("0 = 対局ごと、1 = 期間ごと", "0 = per game, 1 = per period"),
                                 Text("0 か 1 を選んでください", "Choose 0 or 1")))


PERIODS_SWITCH = PeriodsSwitch()
Declared = Positive | PeriodsSwitch
"""A Settings row declared once: its row, the test that it is usable, the value refused."""


def usable(declared: Iterable[Declared], *more: str) -> str:
    """TRUE when the start and every ``declared`` setting are usable, and ``more`` hold."""
    return f"AND({','.join([f'ISNUMBER({START})', *(d.ok for d in declared), *more])})"


def example_periods(keys: tuple[str, ...],
                    periods: Sequence[tuple[str, dt.date, Sequence[tuple[object, ...]]]]
                    ) -> list[dict[str, object]]:
    """Example games period by period, as a person types them: each game's values under
    ``keys`` (a shorter game is still being played), dated on its period's day, and the
    period's label on its first game only."""
    return [{**dict(zip(keys, game, strict=False)), "Date": day,
             **({"Period": label} if i == 0 else {})}
            for label, day, games in periods for i, game in enumerate(games)]


class PeriodSheet(PersonalSheet[P]):
    """A personal sheet rated per game or by period: its settled rows stand out, its chart
    plots settled ratings, and a template's constants are checked as Settings would."""

    chart_note = Text(
        "入力は「対局」シートで。グラフは確定したレートだけ (期間ごとなら期間の最後)。",
        "Type games on the Games sheet; the chart shows settled ratings only.")
    start_field = "start"
    declared: ClassVar[tuple[Declared, ...]]
    """The Settings rows after the start, in sheet order (one the :data:`PERIODS_SWITCH`)."""

    @abstractmethod
    def inputs(self) -> tuple[Column, ...]:
        """The columns typed at the table, left to right (the date comes after what is read)."""

    @abstractmethod
    def computed(self, lang: str) -> tuple[Column, ...]:
        """What a person reads, by language."""

    @abstractmethod
    def chain(self) -> tuple[Column, ...]:
        """The rule's hidden period chain."""

    def columns(self, lang: str, preset: P) -> tuple[Column, ...]:
        """What a person types and reads, the date, the rule's hidden chain, then the games
        counted and the chart's points."""
        return (*self.inputs(), *self.computed(lang), kinds.date_column(), *self.chain(),
                *settled_chart_columns())

    def settings(self, preset: P) -> list[Setting]:
        start = start_setting(START_NOTE, getattr(preset, self.start_field))
        return [start, *(d.setting(preset) for d in self.declared)]

    def constant_fields(self, preset: str) -> tuple[str, ...]:
        """The preset fields Settings shows: a template may set these only."""
        return tuple(s.preset_field for s in self.settings(self.presets[preset]))

    def preset_for(self, spec: Spec) -> P:
        """The named preset with the template's constants, checked like the Settings cells."""
        refuse([d.refused for d in self.declared], spec)
        return super().preset_for(spec)

    def dress_games(self, ws: Worksheet, table: Table, lang: str,
                    title: str) -> dict[str, object]:
        """By period, the computed cells of a row that settles a period: bold on darker
        blue."""
        keys = [c.key for c in table.columns if c.role == "computed"]
        first, last = table.letter(keys[0]), table.letter(keys[-1])
        ws.conditional_formatting.add(
            f"{first}{table.first_row}:{last}{table.last_row}",
            styles.formula_rule(f"AND({PERIODS}=1,ISNUMBER(${table.letter('Rating')}"
                                f"{table.first_row}))", font=Font(bold=True), fill=SETTLED_FILL))
        return super().dress_games(ws, table, lang, title)


FAR_MESSAGE = Text("⚠ 相手レートが離れすぎ", "⚠ opponent rating too far off")


def too_far_case(limit: str, limit_value: Callable[[Cells], float]) -> st.Case:
    """⚠ when the opponent's rating is further than ``limit`` (formula text; its value
    from the preset) from the rating the game is played at, so that 10^ in the expected
    score would overflow."""
    def formula(r: Row) -> str:
        opp = r["OppRating"]
        return f"AND(ISNUMBER({opp}),ABS({opp}-{r['Base']})>{limit})"

    def value(c: Cells) -> bool:
        opp = c.number("OppRating")
        return opp is not None and abs(opp - number(c["Base"])) > limit_value(c)

    return st.Case(formula, value, FAR_MESSAGE)


def period_messages(**own: Text) -> dict[str, Text]:
    """The Status messages of a rule rated by period; the rule's ``own`` (its own inputs'
    checks) follow the opponent's rating's."""
    return {"settings": st.SETTINGS, "opp": kinds.OPP_MESSAGE, **own,
            "score": kinds.SCORE_MESSAGE, "date": kinds.DATE_MESSAGE, "far": FAR_MESSAGE,
            "incomplete": st.INCOMPLETE}


def period_status(inputs: Sequence[str], settings_ok: str, checked: Sequence[str],
                  far: st.Case, required: Sequence[str]) -> tuple[st.Case, ...]:
    """The Status cases of a rule rated by period, first case first: "" (fine, empty or in
    progress) or the problem: Settings unusable (``settings_ok`` is not TRUE), a ``checked``
    input refused, the opponent too ``far`` off, a game not complete."""
    return (
        st.empty(inputs),
        st.settings_unusable(lambda r: settings_ok),
        *(st.bad(key) for key in checked),
        far,
        st.complete(required),
        st.unfinished(st.INCOMPLETE),
    )


def in_period_column(formula: Formula, value: Value) -> Column:
    """By period, the open period's rating so far, unrounded (blank per game)."""
    return Column("InPeriod", Text("期間内\nレート", "So\nfar"), "computed", "number", 7.5,
                  number_format="0.0", formula=formula, value=value)


def settled_column(key: str, label: Text, width: float, close: str, lead: Formula,
                   lead_value: Value, number_format: str = "General") -> Column:
    """A value shown where a period settles (every counted row, per game): the row's
    ``close``; the lead row (自分 / Me) shows the start."""
    return Column(key, label, "computed", "number", width, number_format=number_format,
                  lead=lead, lead_value=lead_value,
                  formula=lambda r: fx.if_(settles_test(r), r[close], '""'),
                  value=lambda c: c[close] if settles(c) else "", late=True)


def rating_column(number_format: str = "General") -> Column:
    """レート / Rating: the rating where a period settles; the lead row shows the start."""
    return settled_column("Rating", Text("レート", "Rtg"), 7, "Close", lambda r: START,
                          start_value, number_format)


def status_column(cases: Sequence[st.Case], messages: Mapping[str, Text], lang: str) -> Column:
    """The Status column of a sheet rated by period: ``cases``, showing ``messages``."""
    return st.status_column(cases, lang, width_en=30, allowed=st.shown(messages.values(), lang))
