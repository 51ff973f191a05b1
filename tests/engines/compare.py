"""One engine's values against the builder's cached ones, gap cells counted apart."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tests.conftest import compare_formula_cells
from tests.engines.gaps import Engine, pinned_by, respelled_for
from tests.engines.sheets import Book, Values, read_book


@dataclass(frozen=True)
class Compared:
    """One workbook recalculated by one engine."""

    cells: int
    """Formula cells, pinned ones included."""
    differing: list[str]
    """Cells (not pinned) whose value differs from the cached one."""
    pinned: Counter[str] = field(default_factory=Counter)
    """Gap name → its cells, given their expected value."""
    respelled: Counter[str] = field(default_factory=Counter)
    """Gap name → its cells, given an equivalent formula."""
    seconds: float = 0.0


def compare(engine: Engine, built: Path, work: Path,
            recalculate: Callable[[Path, Book, Path], Values]) -> Compared:
    """``built`` (a workbook with the engine's cached values) recalculated by ``engine``
    from its inputs alone, against its cached values."""
    book = read_book(built)
    start = time.perf_counter()
    values = recalculate(built, book, work)
    seconds = time.perf_counter() - start
    pinned: Counter[str] = Counter()
    respelled: Counter[str] = Counter()
    for cells in book.cells.values():
        for formula, _ in cells.values():
            if formula is None:
                continue
            gap = pinned_by(engine, formula)
            if gap is not None:
                pinned[gap.name] += 1
            else:
                respelled.update(g.name for g in respelled_for(engine, formula)[1])

    def shown(title: str, ref: str) -> object:
        formula, value = book.cells[title][ref]
        if formula is not None and pinned_by(engine, formula) is not None:
            return value  # the engine was given it
        return values.get((title, ref), "(not evaluated)")

    count, bad = compare_formula_cells(built, built, shown)
    return Compared(count, bad, pinned, respelled, seconds)
