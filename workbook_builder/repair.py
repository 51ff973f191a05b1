"""Repair: rebuild a project workbook from its template, carrying every typed input over.

Formulas, styles, validation, protection, names and charts all come fresh from the
current builder, so a workbook made by any earlier version, or one whose formulas were
typed over, comes back whole. Inputs are carried by their names (``Games_Result`` …),
which stay stable across versions (a deleted name is found where ``_meta`` recorded it;
a column whose heading no longer matches is refused). Rows typed below a table are
carried and the table grows, up to the template maximum. Anything that cannot be
carried is reported, and the input file is never written; the copy is written to a
temporary file next to ``out`` and renamed, so a failure leaves nothing behind. An
existing ``out`` is refused before anything is read unless ``overwrite``, as ``import``
does.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from .build import build_workbook
from .kept import settings_not_kept, values_outside
from .messages import kind_name, say
from .package import write_finalized
from .readback import (
    Typed,
    UnreadableWorkbook,
    computed_cells,
    open_project_workbook,
    read_typed,
)
from .sheets import SHEET_TYPES
from .spec import MAX_PLAYERS, MAX_ROWS, Spec


def resized(typed: Typed, rows: int | None, players: int | None) -> Spec:
    """The workbook's template with ``rows`` game rows and ``players`` Players rows."""
    spec = typed.spec
    if rows is not None:
        used = len(typed.rows)
        if not used <= rows <= MAX_ROWS:
            raise UnreadableWorkbook(say("repair.rows", rows=rows, least=max(used, 1),
                                         most=MAX_ROWS))
        spec = dataclasses.replace(spec, rows=rows)
    if players is not None:
        sheet_type = SHEET_TYPES[spec.system]
        if "Players" not in sheet_type.input_tables:
            raise UnreadableWorkbook(say("repair.no_players", players=players,
                                         system=kind_name(spec.system, sheet_type)))
        used = len(typed.tables.get("Players", ()))
        if not used <= players <= MAX_PLAYERS:
            raise UnreadableWorkbook(say("repair.players", players=players,
                                         least=max(used, 1), most=MAX_PLAYERS))
        spec = dataclasses.replace(spec, players=players)
    return spec


@dataclass
class RepairReport:
    """What ``repair`` did."""

    source: Path
    out: Path
    rows: int = 0
    restored: list[str] = field(default_factory=list)
    """Computed cells that held a typed value and got their formula back."""
    not_carried: list[str] = field(default_factory=list)


def repair(path: str | Path, out: str | Path, password: str | None = None,
           rows: int | None = None, players: int | None = None,
           overwrite: bool = False) -> RepairReport:
    """Write a rebuilt copy of ``path`` to ``out``; ``out`` may not be ``path`` itself.

    ``rows`` and ``players`` size the new Games and Players tables (a club whose ledger
    is full grows it); they may not be fewer than the rows already typed.
    """
    source, target = Path(path), Path(out)
    if target.exists() and source.exists() and target.resolve() == source.resolve():
        raise UnreadableWorkbook(say("repair.same_file", target=str(target)))
    if target.suffix.lower() != ".xlsx":
        raise UnreadableWorkbook(say("repair.suffix", target=str(target)))
    if target.exists() and not overwrite:
        raise UnreadableWorkbook(say("out.exists", target=str(target)))
    opened = open_project_workbook(source)
    typed = read_typed(opened)
    typed.spec = resized(typed, rows, players)
    report = RepairReport(source, target, rows=len(typed.rows), not_carried=typed.not_carried)
    report.restored += [say("repair.renamed", title=title, there=there)
                        for title, there in opened.roles.renamed.items()]
    report.restored += [say("repair.sheet_back", title=title) for title in opened.roles.missing]
    for (title, coord), name in computed_cells(opened).items():
        cell = opened.formulas[title][coord]
        if cell.data_type != "f" and cell.value is not None:
            report.restored.append(say("repair.restored", where=f"{title}!{coord}", name=name,
                                       value=cell.value))
    wb, built = build_workbook(typed.spec, typed.rows, password, typed.tables)
    report.not_carried += settings_not_kept(typed, wb) + values_outside(opened, typed, wb).lines
    write_finalized(target, wb.save, built.cached, replace=overwrite)
    return report
