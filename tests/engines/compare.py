"""What an engine is given for each formula cell of a workbook, and its values against
the builder's cached ones, gap cells counted apart."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from tests.conftest import same_value
from tests.engines.gaps import Engine, pinned_by, respelled_for
from tests.engines.sheets import Book, Key, Values, engine_input

SAMPLED_ROWS = 20
"""Rows of a shipped workbook's empty input tables HyperFormula computes (:func:`plan`)."""
SAMPLED_TABLES = ("Games", "Players")
"""The input tables: the game log and a ledger's roster, empty in a shipped workbook."""


@dataclass(frozen=True)
class Plan:
    """One engine's input for one workbook: formula cells given a value or another
    spelling, by cell; every other formula cell is given as it is."""

    given: dict[Key, object] = field(default_factory=dict)
    """Pinned and sampled cells → the value the engine is given instead of the formula
    (:func:`engine_input` of the cached value); they are not compared."""
    respelled: dict[Key, str] = field(default_factory=dict)
    """Cells → the equivalent formula (without ``=``) the engine is given; compared."""
    pinned: Counter[str] = field(default_factory=Counter)
    """Gap name → its pinned cells."""
    respellings: Counter[str] = field(default_factory=Counter)
    """Gap name → its respelled cells."""
    sampled: int = 0
    """Cells left to their cached value because the rows are an empty log's others."""


def plan(engine: Engine, book: Book, sample: bool = False) -> Plan:
    """How ``engine`` is given ``book``: the cells of a pinned gap get their cached value,
    those of a respelled gap the respelling. With ``sample`` (a shipped workbook, whose
    input tables are empty), the formula cells of each input table below its first
    :data:`SAMPLED_ROWS` rows get their cached value too: they repeat the formulas of
    the rows above, which are computed, and every cell that reads them is computed
    from those values."""
    out = Plan()
    tables: dict[str, list[range]] = {}
    for sheet, first, last in filter(None, map(book.table_rows, SAMPLED_TABLES if sample
                                               else ())):
        tables.setdefault(sheet, []).append(range(first + SAMPLED_ROWS, last + 1))
    sampled = 0
    for key, (formula, value) in book.formula_cells().items():
        if key[0] in tables and any(_row(key[1]) in rows for rows in tables[key[0]]):
            out.given[key] = engine_input(value)
            sampled += 1
            continue
        gap = pinned_by(engine, formula)
        if gap is not None:
            out.given[key] = engine_input(value)
            out.pinned[gap.name] += 1
            continue
        respelled, used = respelled_for(engine, formula)
        if used:
            out.respelled[key] = respelled
            out.respellings.update(g.name for g in used)
    return Plan(out.given, out.respelled, out.pinned, out.respellings, sampled)


def _row(ref: str) -> int:
    return int(ref.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))


@dataclass(frozen=True)
class Compared:
    """One workbook recalculated by one engine."""

    cells: int
    """Formula cells, pinned and sampled ones included."""
    differing: list[str]
    """Cells (not pinned or sampled) whose value differs from the cached one."""
    pinned: Counter[str] = field(default_factory=Counter)
    """Gap name → its cells, given their expected value."""
    respelled: Counter[str] = field(default_factory=Counter)
    """Gap name → its cells, given an equivalent formula."""
    sampled: int = 0
    seconds: float = 0.0
    """The engine's time on this workbook (reading it and computing every cell)."""
    cpu: float = 0.0
    """The processor time of it (the machine is shared: wall time says less)."""


@dataclass(frozen=True)
class Expected:
    """What a workbook's comparison needs once the engine is done: the cached value of
    every compared cell, and the plan's counts."""

    values: dict[Key, object]
    cells: int
    pinned: Counter[str]
    respelled: Counter[str]
    sampled: int

    @classmethod
    def of(cls, book: Book, planned: Plan) -> Expected:
        cells = book.formula_cells()
        return cls({key: value for key, (_, value) in cells.items()
                    if key not in planned.given},
                   len(cells), planned.pinned, planned.respellings, planned.sampled)

    def compare(self, values: Values, seconds: float, cpu: float) -> Compared:
        """``values`` (the engine's) against the cached ones, cell by cell
        (:func:`tests.conftest.same_value`)."""
        bad = []
        for (title, ref), mine in self.values.items():
            theirs = values.get((title, ref), "(not evaluated)")
            if not same_value(mine, theirs):
                bad.append(f"{title}!{ref}: {mine!r} != {theirs!r}")
        return Compared(self.cells, bad, self.pinned, self.respelled, self.sampled, seconds,
                        cpu)
