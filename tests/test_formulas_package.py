"""The personal sheets compute the same in the ``formulas`` package as in the engine.

``formulas`` (pip) evaluates a workbook with Excel's semantics in Python: a third
engine beside LibreOffice and Gnumeric. It is slow (a 200-row sheet takes 40 s to
several minutes to compile), so each sheet is built with 30 rows (32 for the
four-player sheet, four rows a game) holding the worked example's games and the first
bad rows of its test case, with the builder's cached (engine) values; every formula
cell is compared. Conditional formats, data validation and charts are not formulas,
so they are not evaluated and not compared.

Known gap, none in these inputs: ``formulas`` does not read ``~~`` in a MATCH
criterion as a literal ``~``, so a name containing ``~`` is not found there (it is
in Excel, LibreOffice and Gnumeric).
"""

from __future__ import annotations

import dataclasses
import time
import warnings
from pathlib import Path

import pytest

from tests.conftest import compare_formula_cells, early
from tests.sheetcases import CASES
from workbook_builder.build import TEMPLATES, build
from workbook_builder.sheets import SHEET_TYPES
from workbook_builder.template import load_template

formulas = pytest.importorskip("formulas")
schedula = pytest.importorskip("schedula")  # formulas' own dependency: its EMPTY

SYSTEMS = ("mosaic", "elo", "tokin", "club24", "go", "yonin")
LANGS = ("ja",)
"""The English sheets differ only in labels and messages; at 15–35 s a sheet, the suite's
10-minute budget leaves room for one language (add "en" to check both)."""
ROWS = {"yonin": 32}
"""Table rows per sheet (default 30)."""


def small_filled(system: str, lang: str, out: Path) -> Path:
    """The shipped template with few rows, filled with the example and some bad rows."""
    spec = load_template(TEMPLATES / f"{system}_{lang}.toml")
    rows = ROWS.get(system, 30)
    spec = dataclasses.replace(spec, rows=rows)
    games = [*SHEET_TYPES[system].example_inputs(lang), *CASES[system].BAD_ROWS]
    keep = len(games) if system != "yonin" else 28  # whole games of four rows
    return build(spec, out, inputs=games[: min(keep, rows)])


def evaluated(path: Path) -> dict[tuple[str, str], object]:
    """(SHEET TITLE upper-cased, cell) → the value ``formulas`` computes."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        solution = formulas.ExcelModel().loads(str(path)).finish().calculate()
    values: dict[tuple[str, str], object] = {}
    for key, value in solution.items():
        if "!" not in str(key):
            continue
        sheet, ref = str(key).rsplit("!", 1)
        if ":" in ref:
            continue
        shown = getattr(value, "value", value)
        try:
            shown = shown[0][0]
        except (TypeError, IndexError, KeyError):
            pass
        shown = shown.item() if hasattr(shown, "item") else shown
        if isinstance(shown, formulas.functions.XlError):
            shown = str(shown)
        elif shown is schedula.EMPTY:
            shown = None
        values[(sheet.split("]")[-1].strip("'").upper(), ref.upper())] = shown
    return values


@early
def formulas_values(built, work: Path) -> dict[str, tuple[int, list[str], float]]:
    """Per ``<system>_<lang>``: (formula cells, those differing from the engine's cached
    values, seconds ``formulas`` took), in a process of its own from the session start."""
    out = {}
    for system in SYSTEMS:
        for lang in LANGS:
            path = small_filled(system, lang, work / f"{system}_{lang}")
            start = time.perf_counter()
            values = evaluated(path)
            elapsed = time.perf_counter() - start
            count, bad = compare_formula_cells(
                path, path,
                lambda title, cell, v=values: v.get((title.upper(), cell), "(not evaluated)"))
            out[f"{system}_{lang}"] = (count, bad, elapsed)
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("system", SYSTEMS)
def test_formulas_package_shows_the_engine_values(early_jobs, system, lang):
    count, bad, elapsed = early_jobs["formulas_values"].result()[f"{system}_{lang}"]
    print(f"{system}_{lang}: {count} cells in {elapsed:.1f} s")
    assert count > 100
    assert not bad, f"{len(bad)} of {count} cells differ, e.g. {bad[:5]}"
