"""The declarative description of a sheet: columns, settings, validation.

A sheet module (``workbook_builder/sheets/*.py``) states *what* each column is; the
writer in :mod:`workbook_builder.table` decides *how* it looks, so every sheet gets
the same protection, validation, names and styling rules for free.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from openpyxl.utils import get_column_letter

from .labels import GAMES_TITLE, Text

Role = Literal["input", "computed", "helper", "setting"]
"""input: typed by a person (unlocked); computed: a visible formula (locked, blue);
helper: a hidden formula column other formulas or the chart read."""

ValueType = Literal["date", "text", "number", "integer", "choice"]


@dataclass(frozen=True)
class Validation:
    """An Excel data validation; ``kind`` is the OOXML type (list, whole, decimal, date)."""

    kind: str | None
    """None = no restriction, only the input message."""
    operator: str | None = None
    formula1: str | None = None
    formula2: str | None = None
    prompt: Text | None = None
    error: Text | None = None


def validation(kind: str | None, prompt: Text | None, error: Text | None = None,
               op: str | None = None, f1: str | None = None,
               f2: str | None = None) -> Validation:
    """A :class:`Validation` in the order sheets state it: kind, message, error, bounds."""
    return Validation(kind, op, f1, f2, prompt, error)


NUMBER_ERROR = Text("数値を入力してください", "Type a number")
ABOVE_ZERO_ERROR = Text("0より大きい数値", "A number above 0")


def number_check(prompt: Text, whole: bool = False) -> Validation:
    """Any number (``whole``: any whole number): the bounds only turn away what is not one."""
    kind = "whole" if whole else "decimal"
    return Validation(kind, "between", "-1000000", "1000000", prompt, NUMBER_ERROR)


@dataclass(frozen=True)
class Row:
    """Cell references a formula builder needs for one table row.

    ``row[key]`` is this row's cell of column ``key``; ``prev(key)`` the row above
    (the lead row for the first data row); ``column(key)`` the absolute range of the
    data rows; ``k`` counts from 0 at the lead row.
    """

    table: Table
    number: int

    @property
    def k(self) -> int:
        return self.number - self.table.lead_row

    def __getitem__(self, key: str) -> str:
        if self.table.column(key).role == "input":
            return self.at_position(key, self.number)
        return f"{self.table.letter(key)}{self.number}"

    def prev(self, key: str) -> str:
        """The row above's cell of ``key``, read by position: deleting the row above then
        gives the row before it, not ``#REF!`` (a plain reference in a ledger's month chain
        showed ``#REF!`` on the monthly list after a delete, and was no faster)."""
        return self.at_position(key, self.number - 1)

    def next(self, key: str) -> str:
        """Column ``key``'s cell in the row below, read so that deleting that row gives the
        row after it instead of ``#REF!``: the two-row range below shrinks to one."""
        below, after = self.plain(key, self.number + 1), self.plain(key, self.number + 2)
        return f"INDEX({below}:{after},1)"

    def plain(self, key: str, number: int | None = None) -> str:
        """Column ``key``'s cell in this row (or sheet row ``number``) as a plain reference,
        for the end of a range; a formula that reads an input reads it with ``row[key]``."""
        return f"{self.table.letter(key)}{self.number if number is None else number}"

    def at_position(self, key: str, number: int) -> str:
        """Column ``key``'s cell in sheet row ``number``, read by its position in the column.

        A person who cuts a game's cells and pastes them lower moves every plain reference
        to them (``=B85`` becomes ``=B90``), so the emptied row would still count the game.
        A range is not moved when only its last cell is, so ``INDEX($B$2:B85,ROWS($B$2:B85))``
        keeps reading row 85: the row reads what stands in it. Deleting the row above
        shrinks the range instead of giving ``#REF!``, and a sort moves it with its row.
        """
        anchored = self._anchored(key, number)
        if anchored is not None:
            return anchored
        letter = self.table.letter(key)
        span = f"${letter}${self.table.header_row}:{letter}{number}"
        return f"INDEX({span},ROWS({span}))"

    def _anchored(self, key: str, number: int) -> str | None:
        """``key``'s cell through the row's range to the table's anchor, when only typed
        columns lie between: ``INDEX(B85:$F85,1,1)``. It reads row ``number`` alone, so
        fixing an old game does not make every later row's inputs dirty."""
        table = self.table
        if table.anchor is None:
            return None
        at, anchor = table.index(key), table.index(table.anchor)
        between = table.columns[min(at, anchor):max(at, anchor) - 1]
        if any(column.role != "input" for column in between):
            return None
        pin = f"${table.letter(table.anchor)}{number}"
        if at < anchor:
            return f"INDEX({table.letter(key)}{number}:{pin},1,1)"
        return f"INDEX({pin}:{table.letter(key)}{number},1,{at - anchor + 1})"

    def column(self, key: str, *, with_lead: bool = False) -> str:
        top = self.table.lead_row if with_lead else self.table.first_row
        col = self.table.letter(key)
        return f"${col}${top}:${col}${self.table.last_row}"

    def cell(self, key: str, row: int) -> str:
        return f"${self.table.letter(key)}${row}"


Formula = Callable[[Row], str]


@dataclass(frozen=True)
class Column:
    """One column of a table."""

    key: str
    """English key: the defined name is ``<Table>_<key>`` (e.g. ``Games_Result``)."""
    label: Text
    role: Role
    type: ValueType
    width: float
    formula: Formula | None = None
    """Data-row formula (computed and helper columns)."""
    lead: Formula | Text | str | None = None
    """What the lead row (the sheet's "Me" row) holds in this column, if anything."""
    number_format: str = "General"
    validation: Validation | None = None
    allowed: tuple[object, ...] = ()
    """Allowed values, for ``describe`` (e.g. ``(1, 0)``)."""
    minimum: float | None = None
    hidden: bool | None = None
    """None: hidden when a helper, which is every helper but those of a hidden sheet."""
    width_en: float | None = None
    """Width for English labels and values, when they need more room than Japanese."""
    lead_in_name: bool = False
    """Whether the defined name also covers the lead row (chart helpers do)."""
    value: Callable[[Any], object] | None = None
    """What ``formula`` shows on a data row, computed with the engine from the row's
    :class:`~workbook_builder.kit.cells.Cells`: the cell's cached value."""
    lead_value: object = None
    """What ``lead`` shows: a constant, or a function of the lead row's cells."""
    late: bool = False
    """The value reads rows below (e.g. the final count): computed bottom-up, last."""
    after_late: bool = False
    """The value reads a ``late`` column and rows above (a count of the rows a late column
    marks, or that count's final value): computed after the late columns, top-down."""
    check: Any = None
    """An input's :class:`~workbook_builder.kit.inputs.Check`: what a typed value must be."""
    message: Text | None = None
    """The Status message when the input fails its check."""

    def __post_init__(self) -> None:
        if self.hidden is None:
            object.__setattr__(self, "hidden", self.role == "helper")


def helper(key: str, label: Text, kind: ValueType, formula: Formula,
           value: Callable[[Any], object], width: float = 7,
           lead: Formula | Text | str | None = None,
           lead_value: object = None) -> Column:
    """A hidden helper column other formulas read (with its lead row's formula and value,
    where it has one)."""
    return Column(key, label, "helper", kind, width, formula=formula, value=value, lead=lead,
                  lead_value=lead_value)


@dataclass(frozen=True)
class Table:
    """A header row, an optional lead row and ``rows`` data rows of ``columns``."""

    key: str
    """English sheet key, the defined names' prefix (``Games``)."""
    title: Text
    columns: tuple[Column, ...]
    rows: int
    header_row: int = 2
    lead_row: int = 3
    fixed_rows: bool = False
    """Whether a row's formulas hold its place as a constant (a ledger's chain, a game of
    four rows): then a row that an insert, delete, sort or copy shifted flags itself,
    where a table whose rows read only themselves and the row above just follows."""
    anchor: str | None = None
    """A locked column that reads nothing, next to the typed columns (with only typed
    columns between): a row reads its typed cells through a range of its own row that
    reaches it (:meth:`Row.at_position`), which a cut of typed cells cannot move."""

    @classmethod
    def games(cls, columns: Sequence[Column], rows: int, fixed_rows: bool = False,
              anchor: str | None = None) -> Table:
        """The game log: every workbook names it Games (対局)."""
        return cls("Games", GAMES_TITLE, tuple(columns), rows, fixed_rows=fixed_rows,
                   anchor=anchor)

    @property
    def first_row(self) -> int:
        return self.lead_row + 1

    @property
    def last_row(self) -> int:
        return self.lead_row + self.rows

    @functools.cached_property
    def _positions(self) -> dict[str, int]:
        """Column key → 1-based position; builders ask for letters hundreds of thousands
        of times in a ledger, so the search is done once."""
        return {column.key: i for i, column in reversed(list(enumerate(self.columns, 1)))}

    def index(self, key: str) -> int:
        return self._positions[key]

    def letter(self, key: str) -> str:
        return get_column_letter(self.index(key))

    def has(self, key: str) -> bool:
        return key in self._positions

    def column(self, key: str) -> Column:
        return self.columns[self.index(key) - 1]

    def name(self, key: str) -> str:
        return f"{self.key}_{key}"

    def row(self, number: int) -> Row:
        return Row(self, number)


@dataclass(frozen=True)
class Setting:
    """One named constant on the Settings sheet (``Settings_<key>``)."""

    key: str
    label: Text
    note: Text
    value: float | str | None
    validation: Validation
    type: ValueType = "number"
    number_format: str = "General"
    minimum: float | None = None
    preset_field: str = ""
    """The preset dataclass field this setting feeds (for template overrides)."""


@dataclass(frozen=True)
class NameInfo:
    """What ``describe`` reports for one defined name."""

    name: str
    sheet: str
    range: str
    role: Role
    type: ValueType
    allowed: tuple[object, ...] = ()
    minimum: float | None = None
    label: str = ""
    extra: dict[str, object] = field(default_factory=dict)
