"""Where a person's row edits left a workbook's rows: what ``audit`` says happened.

Every table row the builder makes has a hidden Built cell
(:func:`~workbook_builder.kit.status.built_column`). In a table whose formulas hold their
row as a constant (a ledger's chain, a four-player game) it is ``IF(ROW()=n,1,0)`` with
the row ``n`` it was built in, so the file itself says where each row came from: a row
that stands lower than it was built had rows inserted above it, a gap in the numbers is
a deleted row, numbers out of order are a sort or a move, a number twice is a copy, and
a row with no Built formula at all was inserted (it has no formulas). In a table whose
rows read only themselves and the row above (a personal sheet) a shifted row is still
right; only a row inserted and typed into is lost, and that is what is reported there.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .labels import MOVED
from .messages import Message, say
from .readback import Opened, cells_of

BUILT_AT = re.compile(r"=IF\(ROW\(\)=(\d+),1,0\)")
"""The Built formula of a fixed table's row, with the row it was built in."""


@dataclass(frozen=True)
class Placed:
    """One row of a table as the file has it."""

    row: int
    built: int | None
    """The row it was built in (fixed tables), or None: no Built formula (inserted)."""
    formula: bool
    """Whether the row has its Built formula at all."""
    typed: bool
    """Whether any input of the row holds something."""


def placed_rows(opened: Opened, table: str) -> tuple[str, list[Placed]]:
    """The sheet of ``table`` and its rows, top to bottom, from the ``<table>_Built`` name."""
    built = cells_of(opened.formulas, f"{table}_Built")
    if not built:
        return "", []
    title = built[0][0]
    ws = opened.formulas[title]
    inputs = [name.name for name in opened.names
              if name.role == "input" and name.name.startswith(f"{table}_")]
    typed_rows = {int(coord.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
                  for name in inputs for sheet, coord in cells_of(opened.formulas, name)
                  if sheet == title and ws[coord].value not in (None, "")}
    rows = []
    for _, coord in built:
        cell = ws[coord]
        text = cell.value if cell.data_type == "f" and isinstance(cell.value, str) else None
        match = BUILT_AT.fullmatch(text or "")
        rows.append(Placed(cell.row, int(match.group(1)) if match else None,
                           text is not None, cell.row in typed_rows))
    return title, rows


def shifts(rows: Sequence[Placed]) -> list[str]:
    """What happened to a fixed table's rows, one line per event, top to bottom."""
    lines: list[str] = []
    numbered = [p for p in rows if p.built is not None]
    inserted = [p.row for p in rows if not p.formula]
    if inserted:
        typed = [p.row for p in rows if not p.formula and p.typed]
        lines.append(say("place.inserted_typed", rows=_rows(inserted), typed=_rows(typed))
                     if typed else say("place.inserted", rows=_rows(inserted)))
    seen: dict[int, int] = {}
    for p in numbered:
        assert p.built is not None
        if p.built in seen:
            lines.append(say("place.copy", row=p.row, built=p.built, now=seen[p.built]))
        seen.setdefault(p.built, p.row)
    order = [p for p in numbered if seen[p.built or 0] == p.row]
    disordered = [b.row for a, b in itertools.pairwise(order)
                  if (b.built or 0) < (a.built or 0)]
    if disordered:
        lines.append(say("place.sorted", first=order[0].row, last=order[-1].row,
                         at=disordered[0]))
        return lines
    lines += _gaps(order)
    return lines


def _gaps(order: Sequence[Placed]) -> list[str]:
    """Deleted rows: two rows in order that stand closer than they were built."""
    lines: list[str] = []
    for a, b in itertools.pairwise(order):
        assert a.built is not None and b.built is not None
        missing = (b.built - a.built) - (b.row - a.row)
        if missing > 0:
            lines.append(say("place.deleted_many" if missing > 1 else "place.deleted",
                             count=missing, a=a.row, b=b.row))
    return lines


def lost_typing(rows: Sequence[Placed], built: int) -> list[str]:
    """A following table's rows with no formulas (inserted: what is typed there is not
    counted), and rows fewer than it was built with (deleted: the ratings follow, the
    table is shorter)."""
    lines: list[str] = []
    empty = [p.row for p in rows if not p.formula]
    typed = [p.row for p in rows if not p.formula and p.typed]
    if typed:
        lines.append(say("place.typed_lost", rows=_rows(typed)))
    elif empty:
        lines.append(say("place.empty_inserted", rows=_rows(empty)))
    if len(rows) - len(empty) < built:
        lost = built - (len(rows) - len(empty))
        lines.append(say("place.fewer_many" if lost > 1 else "place.fewer", count=lost))
    return lines


def unexplained(opened: Opened, table: str, rows: Sequence[Placed]) -> list[str]:
    """Rows that show the "moved" Status though none of the table's rows shifted: their
    Status could not be computed (a reference an edit took away), which it says so."""
    moved = {MOVED("ja"), MOVED("en")}
    values = opened.values
    shown = [int(coord.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
             for title, coord in cells_of(opened.formulas, f"{table}_Status")
             if values[title][coord].value in moved]
    if not shown or any(p.built is not None and p.built != p.row for p in rows):
        return []
    return [say("place.lost_reference", rows=_rows(shown))]


def placement_problems(opened: Opened, tables: Sequence[str]) -> list[str]:
    """``sheet: what happened`` for every table whose rows an edit moved, inserted,
    deleted, sorted or copied in a way the formulas cannot follow."""
    problems: list[str] = []
    for table in tables:
        title, rows = placed_rows(opened, table)
        fixed = any(p.built is not None for p in rows)
        built = _built_rows(opened, table)
        lines = shifts(rows) if fixed else lost_typing(rows, built or len(rows))
        for line in lines or unexplained(opened, table, rows):
            problems.append(say("place.problem", title=title, line=line))
    return problems


def _built_rows(opened: Opened, table: str) -> int | None:
    """How many rows ``_meta`` says the table was built with (its Built name's range)."""
    entry = next((n for n in opened.names if n.name == f"{table}_Built"), None)
    if entry is None or entry.range is None:
        return None
    bounds = entry.range.replace("$", "").split(":")
    rows = [int(part.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) for part in bounds]
    return rows[-1] - rows[0] + 1


def _rows(numbers: Sequence[int]) -> Message:
    """``row 8`` or ``rows 4–7, 20``: runs of consecutive rows joined, at most six runs."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs[:6]]
    joined = ", ".join(parts) + (" …" if len(runs) > 6 else "")
    return say("rows.many" if len(numbers) > 1 else "rows.one", rows=joined)
