"""IronCalc (pip ``ironcalc``) recalculating a workbook from its inputs alone."""

from __future__ import annotations

import contextlib
import os
import re
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

from openpyxl.utils.cell import coordinate_to_tuple

from tests.engines.compare import Plan
from tests.engines.sheets import Book, Values
from workbook_builder.package import strip_cached_values

_EMPTY_NUMBER = re.compile(rb'(<c [^>]*?) t="n"(\s*/>)')
"""A styled cell with no value, which IronCalc reads as 0 (gap "empty styled cell")."""


def prepared(source: Path, dst: Path) -> Path:
    """``source`` without cached values and without ``t="n"`` on empty cells."""
    strip_cached_values(source, dst)
    with zipfile.ZipFile(dst) as zin:
        parts = [(info, zin.read(info.filename)) for info in zin.infolist()]
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED) as zout:  # read once: not packed
        for info, data in parts:
            if info.filename.startswith("xl/worksheets/"):
                data = _EMPTY_NUMBER.sub(rb"\1\2", data)
            zout.writestr(zipfile.ZipInfo(info.filename, info.date_time), data)
    return dst


def missing() -> str | None:
    """Why IronCalc cannot run here (None: it can)."""
    try:
        import ironcalc  # noqa: F401
    except ImportError:
        return "ironcalc is not installed (pip install -e '.[dev]')"
    return None


def recalculate(source: Path, book: Book, planned: Plan, work: Path) -> Values:
    """(sheet title, cell) → IronCalc's value of each formula cell of ``book`` (read from
    ``source``), given as ``planned`` (:func:`tests.engines.compare.plan`)."""
    import ironcalc

    with _quiet():
        model = ironcalc.load_from_xlsx(str(prepared(source, work / "ironcalc.xlsx")), "en",
                                        "UTC")
    titles = [sheet["name"] for sheet in model.get_worksheets_properties()]
    index = {title: i for i, title in enumerate(titles)}
    for (title, ref), value in planned.given.items():
        _put(model, index[title], *coordinate_to_tuple(ref), value)
    for (title, ref), formula in planned.respelled.items():
        model.set_user_input(index[title], *coordinate_to_tuple(ref), "=" + formula)
    model.evaluate()
    return {(title, ref): model.get_cell_value(index[title], *coordinate_to_tuple(ref))
            for title, cells in book.cells.items()
            for ref, (formula, _) in cells.items() if formula is not None}


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Standard output sent nowhere: IronCalc prints a line for every formula cell that
    has no cached value ("Unexpected type (empty)"), from Rust, past Python's sys.stdout."""
    sys.stdout.flush()
    saved = os.dup(1)
    with open(os.devnull, "w") as nowhere:
        os.dup2(nowhere.fileno(), 1)
        try:
            yield
        finally:
            os.dup2(saved, 1)
            os.close(saved)


def _put(model: object, sheet: int, row: int, col: int, value: object) -> None:
    if isinstance(value, bool):
        model.update_cell_with_bool(sheet, row, col, value)  # type: ignore[attr-defined]
    elif isinstance(value, int | float):
        model.update_cell_with_number(sheet, row, col, value)  # type: ignore[attr-defined]
    elif isinstance(value, str) and value.startswith("="):
        model.set_user_input(sheet, row, col, value)  # type: ignore[attr-defined]
    else:
        model.update_cell_with_text(sheet, row, col, "" if value is None else str(value))  # type: ignore[attr-defined]
