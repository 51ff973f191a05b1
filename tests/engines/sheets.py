"""A workbook as an engine without an .xlsx reader gets it: every cell's input or
formula text, and the defined names.

Values come from :func:`tests.sheetvalues.read_cells` (as the file stores them: a date
is its serial number); formula text from openpyxl, which writes out each cell of a
shared formula. A gap cell (:mod:`tests.engines.gaps`) is given its expected value
instead of its formula: the engine computes everything after it from that value.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from openpyxl import load_workbook
from openpyxl.worksheet.formula import ArrayFormula

from tests.sheetvalues import read_cells

Content = float | int | str | bool | None


@dataclass(frozen=True)
class Book:
    """Sheet title → cell reference → (formula text or None, stored value)."""

    cells: dict[str, dict[str, tuple[str | None, object]]]
    names: dict[str, str]
    """Defined name → its reference or expression (without ``=``)."""


def read_book(path: Path) -> Book:
    """The formulas, values and defined names of the workbook at ``path``."""
    stored = read_cells(path)
    wb = load_workbook(path, read_only=False)
    cells: dict[str, dict[str, tuple[str | None, object]]] = {}
    for ws in wb.worksheets:
        sheet = {}
        for ref, (is_formula, value) in stored[ws.title].items():
            text = None
            if is_formula:
                raw = ws[ref].value
                text = raw.text if isinstance(raw, ArrayFormula) else str(raw)
                text = text.removeprefix("=")
            sheet[ref] = (text, value)
        cells[ws.title] = sheet
    names = {name: str(defined.attr_text) for name, defined in wb.defined_names.items()}
    return Book(cells, names)


Values = dict[tuple[str, str], object]
"""(sheet title, cell) → the value an engine computed."""


def engine_input(value: object) -> object:
    """A gap cell's expected value as an engine's input: an error code as the formula
    that gives it (typed, ``#N/A`` would be text)."""
    if isinstance(value, str) and value in ERRORS:
        return ERRORS[value]
    return value


ERRORS = {"#N/A": "=NA()", "#DIV/0!": "=1/0", "#VALUE!": '=1+"a"', "#REF!": "=INDEX(A1,2)",
          "#NUM!": "=SQRT(-1)"}
"""Error code → a formula that gives it in every engine."""
