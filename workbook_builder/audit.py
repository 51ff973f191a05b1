"""Audit: recompute every computed cell of a project workbook with the engine.

The file's own inputs and settings are read back, the workbook is rebuilt from its
template with the engine's values, and every computed cell is compared with what the
file holds: a formula typed over (protection lifted, or an app that does not keep it),
a value that differs (a local edit of a formula, a spreadsheet that computes
differently), or a cell with no computed value at all (saved by a program that does not
recalculate).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from openpyxl import Workbook
from openpyxl.cell.cell import MergedCell

from .build import build_workbook
from .kept import settings_not_kept, values_outside
from .kit.base import Built
from .messages import say
from .names import misspelt
from .placement import placement_problems
from .readback import (
    Opened,
    built_preset,
    cells_of,
    computed_cells,
    open_project_workbook,
    read_typed,
    same_value,
)
from .roles import gone_notes, renamed_notes
from .sheets import SHEET_TYPES


@dataclass(frozen=True)
class Finding:
    """One computed cell whose content is not what the engine gives."""

    sheet: str
    cell: str
    name: str
    expected: object
    found: object
    kind: str
    """``overwritten`` (no formula any more) or ``differs`` (formula, other value)."""
    heading: str = ""
    """The column's heading in the workbook's language, which a person finds on the sheet
    (the name, ``Games_NewA``, is for formulas)."""

    def line(self) -> str:
        shown = self.heading or self.name
        where = f"{self.sheet}!{self.cell}" + (f" ({shown})" if shown else "")
        return say("audit.finding", where=where, expected=_show(self.expected),
                   found=_show(self.found), kind=say(f"audit.{self.kind}"))


@dataclass
class AuditReport:
    """What ``audit`` found in one workbook."""

    path: Path
    checked: int = 0
    not_calculated: int = 0
    """Formula cells without a stored value (the file was never recalculated)."""
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    """What a person's edits did that the formulas cannot follow, one line each: a sheet
    deleted (:mod:`.roles`), rows moved (:mod:`.placement`); the cause of the findings,
    to read first."""

    @property
    def needs_repair(self) -> bool:
        return bool(self.findings or self.problems)


def audit(path: str | Path) -> AuditReport:
    """Compare every computed cell of ``path`` with the engine; never writes."""
    opened = open_project_workbook(path)
    typed = read_typed(opened)
    wb, built = build_workbook(typed.spec, typed.rows, tables=typed.tables)
    names = computed_cells(opened)
    report = AuditReport(opened.path, notes=[*renamed_notes(opened.roles), *typed.not_carried])
    sheet_type = SHEET_TYPES[typed.spec.system]
    report.problems = [*gone_notes(opened.roles),
                       *placement_problems(opened, sheet_type.input_tables)]
    report.notes += [say("audit.latter", line=line) for line in settings_not_kept(typed, wb)]
    report.notes += misspelt_in(typed.rows, typed.tables)
    outside = values_outside(opened, typed, wb)
    report.notes += [say("audit.not_carried", line=line) for line in outside.lines]
    then, now = built_preset(opened, typed)
    for title, cells in built.cached.items():
        if title in built.snapshots and then != now:
            report.notes.append(say("audit.snapshot", title=title))
            continue
        if title in opened.roles.missing:
            continue  # deleted: one of report.problems
        if title not in opened.formulas.sheetnames:
            report.notes.append(say("audit.missing_earlier", title=title))
            continue
        pairs: Iterable[tuple[str, object]] = cells.items()
        if title in outside.earlier and not report.problems:
            # rows a person moved explain formulas that differ from the builder's
            report.notes.append(say("audit.earlier", title=title))
            pairs = by_name(opened, wb, built, title)
        for coord, expected in pairs:
            name = names.get((title, coord), "")
            compare(report, opened, title, coord, expected, name, typed.headings.get(name, ""))
    report.notes += [say("audit.missing_earlier", title=title)
                     for title in wb.sheetnames  # a sheet of text: the How to
                     if title not in built.cached and title not in opened.formulas.sheetnames
                     and title not in opened.roles.missing
                     and wb[title].sheet_state == "visible"]
    program = sheet_type.computed_by
    if program and any(str(f.found).startswith("#") for f in report.findings):
        report.notes.append(say("audit.program", program=program))
    return report


def misspelt_in(games: Sequence[Mapping[str, object]],
                tables: Mapping[str, Sequence[Mapping[str, object]]]) -> list[str]:
    """Names in a ledger's games that are probably a member's misspelt (:mod:`.names`)."""
    if "Players" not in tables:
        return []
    typed = [row.get(key) for row in games for key in ("PlayerA", "PlayerB", "Player")]
    return list(misspelt(typed, [row.get("Name") for row in tables["Players"]]))


def by_name(opened: Opened, wb: Workbook, built: Built, title: str
            ) -> list[tuple[str, object]]:
    """The file's cells of each computed column of sheet ``title`` (by the column's name,
    wherever the file has it) with the engine's values for the same rows."""
    pairs = []
    for info in built.names:
        if info.sheet == title and info.role == "computed":
            ours = [coord for _, coord in cells_of(wb, info.name)]
            theirs = [coord for sheet, coord in cells_of(opened.formulas, info.name)
                      if sheet == title]
            pairs += [(found, built.cached[title][made])
                      for found, made in zip(theirs, ours, strict=False)
                      if made in built.cached[title]]
    return pairs


def compare(report: AuditReport, opened: Opened, title: str, coord: str, expected: object,
            name: str, heading: str = "") -> None:
    """Add the finding, if any, of the file's cell ``coord``, which should show ``expected``."""
    formulas, values = opened.formulas[title], opened.values[title]
    if isinstance(formulas[coord], MergedCell):
        return  # covered by a merged block's first cell (four-player game numbers)
    report.checked += 1
    if formulas[coord].data_type != "f":
        found = formulas[coord].value
        report.findings.append(Finding(title, coord, name, expected, found, "overwritten",
                                               heading))
        return
    found = values[coord].value
    if found is None and expected not in (None, ""):
        report.not_calculated += 1
    elif not same_value(expected, found):
        report.findings.append(Finding(title, coord, name, expected, found, "differs", heading))


def _show(value: object) -> str:
    if value is None:
        return say("audit.blank")
    if isinstance(value, float):
        return f"{value:.10g}"
    return repr(value) if isinstance(value, str) else str(value)
