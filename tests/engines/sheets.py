"""A workbook as the engine oracles read it: every cell's input or formula text with the
value the file stores, and the defined names.

Read straight from the XML (:func:`tests.sheetvalues.read_formulas`): values as the file
stores them (a date is its serial number), the formula text of each cell of a shared
formula moved to that cell as Excel and openpyxl read it. Read once a workbook for both
engines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from tests.sheetvalues import read_defined_names, read_formulas

Content = float | int | str | bool | None
Key = tuple[str, str]
"""(sheet title, cell reference)."""


@dataclass(frozen=True)
class Book:
    """Sheet title → cell reference → (formula text or None, stored value)."""

    cells: dict[str, dict[str, tuple[str | None, object]]]
    names: dict[str, str]
    """Defined name → its reference or expression (without ``=``)."""

    def formula_cells(self) -> dict[Key, tuple[str, object]]:
        """Every formula cell: (its formula text, its cached value)."""
        return {(title, ref): (formula, value) for title, cells in self.cells.items()
                for ref, (formula, value) in cells.items() if formula is not None}

    def table_rows(self, table: str) -> tuple[str, int, int] | None:
        """The sheet, first and last row of ``table`` (``Games``, ``Players``: its columns'
        defined names are ``<table>_<column>``), if the workbook has it."""
        for name, text in self.names.items():
            found = _RANGE.fullmatch(text)
            if name.startswith(f"{table}_") and found is not None:
                return found["sheet"].strip("'"), int(found["first"]), int(found["last"])
        return None


_RANGE = re.compile(r"(?P<sheet>'[^']+'|[^!']+)!\$[A-Z]+\$(?P<first>\d+):\$[A-Z]+\$(?P<last>\d+)")


def read_book(path: Path) -> Book:
    """The formulas, values and defined names of the workbook at ``path``."""
    return Book(read_formulas(path), read_defined_names(path))


Values = dict[Key, object]
"""(sheet title, cell) → the value an engine computed."""


def engine_input(value: object) -> object:
    """A cell's expected value as an engine's input in place of its formula: an error
    code or an empty text as a formula that gives it (typed, ``#N/A`` would be text, and
    an empty cell is blank where a formula's "" is not)."""
    if value is None or value == "":
        return '=""'
    if isinstance(value, str) and value in ERRORS:
        return ERRORS[value]
    return value


ERRORS = {"#N/A": "=NA()", "#DIV/0!": "=1/0", "#VALUE!": '=1+"a"', "#REF!": "=INDEX(A1,2)",
          "#NUM!": "=SQRT(-1)"}
"""Error code → a formula that gives it in every engine."""
