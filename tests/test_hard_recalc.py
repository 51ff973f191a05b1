"""A hard recalculation in LibreOffice, after typing with AutoCalculate off.

A club secretary working the way Excel's manual mode teaches turns AutoCalculate off,
types each player's start and games before on Players, turns it back on and
recalculates everything (Data > Calculate > Recalculate Hard). On a ledger as the
builder writes it (every formula with its cached result) every cell is then right.

On a ledger whose formulas carry no cached results, which LibreOffice must compute in
full, LibreOffice 7.4 gets the same steps silently wrong, and a single hard
recalculation of such a file just opened too, for every ledger kind. What is wrong is
one cell, the chain entry of the first game's player B (``_chain!A402``,
``=Games!$Z$4``): it keeps 0 while ``Games!Z4`` shows the player, so that player's next
game finds no earlier game and starts from the start rating, and every later game of
theirs follows. Every other cell agrees with its own inputs: no reference is missed by
the formulas. It is LibreOffice's threaded calculation of formula groups (Tools >
Options > LibreOffice Calc > Calculate, "Enable multi-threaded calculation"): with it
off the same steps give every cell right, and a second hard recalculation puts the cell
right as well.

No file the project writes lacks cached results (the builder, ``repair`` and the desk
compute them all), so the gap is named, not worked around in the formulas: ``audit``
names every cell it leaves wrong, and ``repair`` writes the file anew.

The expected values come from the engine's rebuild of the saved file's inputs
(``tests/edit_matrix.py``'s judge), never from LibreOffice.
"""

from __future__ import annotations

import dataclasses
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import range_boundaries

from bench.edit import uno_missing
from tests.edit_matrix import (
    SCRIPT,
    SYSTEM_PYTHON,
    UNO_TIMEOUT,
    compare,
    engine_rebuild,
    verdict_of,
)
from tests.sheetcases import CASES
from workbook_builder.audit import audit
from workbook_builder.build import TEMPLATES, build
from workbook_builder.describe import describe
from workbook_builder.package import strip_cached_values
from workbook_builder.readback import open_project_workbook
from workbook_builder.template import load_template

MISSING = uno_missing()
GAMES, PLAYERS = 200, 40
"""Big enough: LibreOffice 7.4 gets 40 games right in every case."""
THREADED = "/org.openoffice.Office.Calc/Formula/Calculation/UseThreadedCalculationForFormulaGroups"

pytestmark = [pytest.mark.slow, pytest.mark.skipif(MISSING is not None, reason=MISSING or "")]


def typed_players(path: Path, players: list[dict[str, object]]) -> list[dict[str, Any]]:
    """Steps that type each player's start and games before on Players."""
    names = {n["name"]: n for n in describe(path)["names"]}  # type: ignore[union-attr]
    steps = []
    for key in ("Start", "Prior"):
        info = names[f"Players_{key}"]
        col, top, _, _ = range_boundaries(str(info["range"]).replace("$", ""))
        assert col is not None and top is not None
        steps += [{"op": "set", "sheet": str(info["sheet"]), "cell":
                   f"{get_column_letter(col)}{top + i}", "value": player[key]}
                  for i, player in enumerate(players) if player.get(key) is not None]
    return steps


def edited(work: Path, settings: dict[str, object], cached: bool = True) -> Path:
    """The ledger with the starts typed under AutoCalculate off, recalculated hard and
    saved by LibreOffice (with ``settings`` as its options); without ``cached``, its
    formulas carry no cached results."""
    spec = load_template(TEMPLATES / "ledger_club24_en.toml")
    spec = dataclasses.replace(spec, rows=GAMES, players=PLAYERS)
    tables = CASES["ledger"].random_tables(7, spec)
    players = tables["Players"]
    bare = [{k: v for k, v in p.items() if k not in ("Start", "Prior")} for p in players]
    path = build(spec, work, inputs=tables["Games"][:GAMES], tables={"Players": bare})
    if not cached:
        strip_cached_values(path, work / "uncached.xlsx")
        path = work / "uncached.xlsx"
    steps = [{"op": "autocalc", "on": False}, *typed_players(path, players),
             {"op": "autocalc", "on": True}]
    out = work / "saved.xlsx"
    jobs = work / "jobs.json"
    jobs.write_text(json.dumps({"settings": settings, "jobs": [
        {"file": str(path), "out": str(out), "sheet": "Games",
         "edits": steps}]}), "utf-8")
    done = subprocess.run([SYSTEM_PYTHON, str(SCRIPT), str(jobs)], capture_output=True,
                          text=True, timeout=UNO_TIMEOUT, check=True)
    result = json.loads(done.stdout.strip().splitlines()[-1])[0]
    assert result["ok"], result["error"]
    return out


def right(saved: Path) -> None:
    verdict = verdict_of(open_project_workbook(saved), 1)
    assert verdict.compared > 1500
    assert verdict.verdict == "RIGHT", verdict.details


def test_a_hard_recalculation_after_typing_with_autocalculate_off(tmp_path: Path) -> None:
    right(edited(tmp_path, {}))


def test_without_cached_results_and_threaded_calculation_every_cell_is_right(
        tmp_path: Path) -> None:
    """The formulas are right when LibreOffice computes every cell one by one."""
    right(edited(tmp_path, {THREADED: False}, cached=False))


@pytest.fixture(scope="module")
def threaded_uncached(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The same steps on a ledger without cached results, threaded calculation on."""
    return edited(tmp_path_factory.mktemp("threaded"), {}, cached=False)


@pytest.mark.xfail(strict=True, reason="LibreOffice 7.4's threaded formula-group calculation "
                   "leaves _chain!A402 at 0 in a hard recalculation of a ledger without cached "
                   "results (see the module docstring)")
def test_without_cached_results_threaded_calculation_leaves_a_stale_cell(
        threaded_uncached: Path) -> None:
    right(threaded_uncached)


def test_audit_names_every_cell_the_stale_one_leaves_wrong(threaded_uncached: Path) -> None:
    """What LibreOffice leaves wrong, ``audit`` names, cell by cell (and ``repair`` then
    writes the file anew): right or flagged, if not in the sheet itself."""
    opened = open_project_workbook(threaded_uncached)
    rebuilt, cached = engine_rebuild(opened)
    wrong = {(title, coord) for title, coord, _, _ in compare(opened, rebuilt, cached).differing}
    report = audit(threaded_uncached)
    named = {(f.sheet, f.cell) for f in report.findings}
    assert wrong <= named, sorted(wrong - named)[:5]
    assert report.needs_repair == bool(wrong)
