"""The engine's side of a table: what every formula cell shows, from the same declarations.

Each computed column of a :class:`~workbook_builder.layout.Table` pairs its formula with
a ``value``: a function of the row's :class:`Cells` that computes, with the rule engine,
what the formula shows. :func:`evaluate` runs those functions row by row, so a column's
rule is written in one place, formula and value side by side, and the values become the
workbook's cached values (the tests compare them with LibreOffice, not with this code).

Columns are computed on demand within a row (a formula may read a column to its right),
top to bottom; a ``late`` column (one that reads rows below, like a chart helper that
needs the final count) is computed afterwards, bottom to top. An ``after_late`` column
(a running count over a late column, and what reads its final value) comes last, one
column at a time from the top, so no chain is followed by recursion.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from openpyxl.utils.datetime import to_excel

from ..layout import Column, Table


def excel_number(value: object) -> float | None:
    """The value as Excel's ISNUMBER sees it (dates are numbers, booleans are not)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (dt.date, dt.datetime)):
        return excel_serial(value)
    if isinstance(value, (int, float)):
        return float(value)
    return None


def excel_value(value: Any) -> Any:
    """A typed value as a formula reading its cell gets it: a number (a date's serial
    number) as a float, anything else as it is; a range's values as a list of those."""
    if isinstance(value, list):
        return [excel_value(v) for v in value]
    n = excel_number(value)
    return n if n is not None else value


def whole(value: object) -> int:
    """A helper value the formulas keep a whole number (an id, a sheet row), as an int."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{value!r} is not a whole number")
    return int(value)


def numeric(value: object) -> int | float:
    """A value the formulas keep a number (a rating, a change), as it is: an int stays one,
    so cached values are written as the engine gives them."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{value!r} is not a number")
    return value


def excel_serial(value: dt.date | dt.datetime) -> float:
    """A date's serial number, the number Excel stores for it (1900 date system)."""
    return float(to_excel(value))  # type: ignore[no-untyped-call]


class Evaluation:
    """The values of one table: inputs given, computed columns filled in as asked for."""

    def __init__(self, table: Table, inputs: Sequence[Mapping[str, object]], preset: Any,
                 lang: str, context: Mapping[str, object] | None = None) -> None:
        self.table = table
        self.preset = preset
        self.lang = lang
        self.context = dict(context or {})
        """Values from outside the table (a ledger's Players), by key."""
        self.inputs = [dict(inputs[i]) if i < len(inputs) else {} for i in range(table.rows)]
        self.rows: list[dict[str, object]] = [{} for _ in range(table.rows + 1)]
        self._columns = {c.key: c for c in table.columns}
        self._last_seen: dict[tuple[str, ...], tuple[dict[object, int], int]] = {}

    def column(self, key: str) -> Column:
        return self._columns[key]

    def value(self, k: int, key: str) -> object:
        """Row ``k``'s value of column ``key`` (k = 0 is the lead row)."""
        row = self.rows[k]
        if key in row:
            return row[key]
        column = self._columns[key]
        if column.role == "input":
            return self.inputs[k - 1].get(key) if k > 0 else None
        rule = column.value if k > 0 else column.lead_value
        if rule is None:
            raise KeyError(f"{self.table.key}_{key} declares no value for row {k}")
        result = rule(Cells(self, k)) if callable(rule) else rule
        row[key] = result
        return result

    def last_above(self, k: int, keys: tuple[str, ...], value: object) -> int:
        """The last row above ``k`` where any of the columns ``keys`` equals ``value``, else 0.

        Rows above are complete when row ``k`` asks, so the index grows as the rows do.
        """
        seen, upto = self._last_seen.get(keys, ({}, 0))
        for row in range(upto, k):
            for key in keys:
                seen[self.value(row, key)] = row
        self._last_seen[keys] = (seen, max(upto, k))
        return seen.get(value, 0)

    def run(self) -> list[dict[str, object]]:
        """Every formula cell's value, as one dict per row from the lead row down."""
        computed = [c for c in self.table.columns if c.role != "input"]
        rows = range(len(self.rows))
        passes = [
            (rows, [c for c in computed if not c.late and not c.after_late]),
            (reversed(rows), [c for c in computed if c.late]),
            *((rows, [c]) for c in computed if c.after_late),
        ]
        for order, columns in passes:
            for k in order:
                for column in columns:
                    if k > 0 or column.lead_value is not None:
                        self.value(k, column.key)
        return self.rows


class Cells:
    """One row as a column's value function sees it: ``c[key]``, ``c.prev(key)`` …"""

    __slots__ = ("_ev", "k")

    def __init__(self, evaluation: Evaluation, k: int) -> None:
        self._ev = evaluation
        self.k = k
        """0 on the lead row, then 1, 2, … for the data rows (like ``Row.k``)."""

    def __getitem__(self, key: str) -> object:
        return self._ev.value(self.k, key)

    def number(self, key: str) -> float | None:
        """This row's ``key`` as a number, or None (text, blank)."""
        return excel_number(self[key])

    def num(self, key: str) -> float:
        """This row's ``key`` where the rule guarantees a number (a counted row's input)."""
        value = self.number(key)
        if value is None:
            raise TypeError(f"{key} is {self[key]!r} on row {self.k}, not a number")
        return value

    def prev_num(self, key: str) -> float:
        """The row above's ``key`` where it is always a number (a running rating)."""
        value = excel_number(self.prev(key))
        if value is None:
            raise TypeError(f"{key} above row {self.k} is {self.prev(key)!r}, not a number")
        return value

    def numbers(self, *keys: str) -> bool:
        """Whether every one of ``keys`` is a number here (``COUNT(...)=n``)."""
        return all(self.number(key) is not None for key in keys)

    def prev(self, key: str) -> object:
        """The row above's ``key`` (the lead row's for the first data row)."""
        return self._ev.value(self.k - 1, key)

    def next(self, key: str) -> object:
        """The row below's ``key``; only ``late`` columns may ask."""
        return self._ev.value(self.k + 1, key)

    def at(self, k: int, key: str) -> object:
        return self._ev.value(k, key)

    def column(self, key: str) -> Column:
        return self._ev.column(key)

    @property
    def table(self) -> Table:
        """The table this row belongs to (for its sheet row numbers)."""
        return self._ev.table

    @property
    def evaluation(self) -> Evaluation:
        """The whole table's values, for helpers shared by several columns."""
        return self._ev

    def last_above(self, keys: tuple[str, ...], value: object) -> int:
        return self._ev.last_above(self.k, keys, value)

    @property
    def preset(self) -> Any:
        return self._ev.preset

    @property
    def lang(self) -> str:
        return self._ev.lang

    @property
    def context(self) -> dict[str, object]:
        return self._ev.context


Value = Callable[[Cells], object]


def evaluate(table: Table, inputs: Sequence[Mapping[str, object]], preset: Any, lang: str,
             context: Mapping[str, object] | None = None) -> list[dict[str, object]]:
    """What every formula cell of ``table`` shows with ``inputs`` typed in (lead row first)."""
    return Evaluation(table, inputs, preset, lang, context).run()


def cached_by_row(table: Table, values: Sequence[Mapping[str, object]]) -> dict[str, object]:
    """Cell reference → value for rows of values keyed by column, from the lead row down."""
    cached: dict[str, object] = {}
    for offset, row_values in enumerate(values):
        number = table.lead_row + offset
        for key, value in row_values.items():
            cached[f"{table.letter(key)}{number}"] = value
    return cached
