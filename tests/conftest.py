"""Session fixtures for the builder tests: build once, recalculate once.

Every workbook the tests want recalculated is prepared first and handed to ONE
LibreOffice call (start-up dominates its cost). Inputs are written with openpyxl,
whose save drops cached values, and shipped files are stripped of theirs, so
LibreOffice really computes every formula instead of trusting the builder.
"""

from __future__ import annotations

import datetime as dt
import random
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils.cell import range_boundaries

from workbook_builder.build import TEMPLATES, build
from workbook_builder.package import strip_cached_values
from workbook_builder.preview import example_games
from workbook_builder.template import load_template

REPO = Path(__file__).resolve().parents[1]
SHIPPED = sorted(p.stem for p in TEMPLATES.glob("mosaic_*.toml"))


def column_cells(wb, name: str) -> tuple[str, str, int, int]:
    """(sheet title, column letter, first row, last row) of a defined column name."""
    ((title, ref),) = list(wb.defined_names[name].destinations)
    _, min_row, _, max_row = range_boundaries(ref.replace("$", ""))
    letter = ref.replace("$", "").split(":")[0].rstrip("0123456789")
    return title, letter, min_row, max_row


def fill(path: Path, dst: Path, rows: list[dict[str, object]]) -> None:
    """Type ``rows`` into the Games inputs of ``path`` via openpyxl and save as ``dst``."""
    wb = load_workbook(path)
    for i, row in enumerate(rows):
        for key, value in row.items():
            title, letter, first, _ = column_cells(wb, f"Games_{key}")
            cell = wb[title][f"{letter}{first + i}"]
            cell.value = value
            if isinstance(value, str) and cell.data_type in ("f", "e"):
                cell.data_type = "s"
    wb.save(dst)


def random_games(seed: int, count: int) -> list[dict[str, object]]:
    """Valid games: ratings (whole or one decimal), results 1/0, turn differences ≥ 0."""
    rng = random.Random(seed)
    games = []
    for n in range(count):
        opp = rng.randint(40, 220) if rng.random() < 0.6 else round(rng.uniform(40, 220), 1)
        games.append({"Opponent": f"P{n % 17}", "OppRating": opp, "Result": rng.randint(0, 1),
                      "TurnDiff": rng.randint(0, 20),
                      "Date": dt.datetime(2024, 1, 1) + dt.timedelta(days=n)})
    return games


BAD_ROWS: list[dict[str, object]] = [
    {"Opponent": "ok1", "OppRating": 120, "Result": 1, "TurnDiff": 4},           # 0 counted
    {"Opponent": "text", "OppRating": "abc", "Result": 1, "TurnDiff": 2},        # 1 opp text
    {},                                                                          # 2 blank
    {"Opponent": "two", "OppRating": 90, "Result": 2, "TurnDiff": 3},            # 3 result 2
    {"Opponent": "minus", "OppRating": 90, "Result": -1, "TurnDiff": 3},         # 4 result -1
    {"Opponent": "neg", "OppRating": 90, "Result": 1, "TurnDiff": -3},           # 5 turn < 0
    {"Opponent": "frac", "OppRating": 90, "Result": 0, "TurnDiff": 2.5},         # 6 turn 2.5
    {"Opponent": "five", "OppRating": 90, "Result": 0, "TurnDiff": "five"},      # 7 turn text
    {"Opponent": "=SUM(1,2)", "OppRating": 80, "Result": 0, "TurnDiff": 1},      # 8 counted
    {"Opponent": "date", "OppRating": 90, "Result": 1, "TurnDiff": 1, "Date": "5/26"},  # 9
    {"Opponent": "half", "OppRating": 95},                                       # 10 incomplete
    {"Opponent": "win", "OppRating": 95, "Result": "win", "TurnDiff": 1},        # 11 result text
    {"Opponent": "ok2", "OppRating": 150.5, "Result": 1, "TurnDiff": 7,
     "Date": dt.datetime(2024, 5, 26)},                                          # 12 counted
    {},                                                                          # 13 blank
    {"OppRating": 100},                                                          # 14 in progress
]
BAD_COUNTED = (0, 8, 12)
BAD_FLAGGED = (1, 3, 4, 5, 6, 7, 9, 10, 11)


@dataclass
class Recalc:
    """Workbooks recalculated by LibreOffice, by job name (``<kind>_<template>``)."""

    sources: dict[str, Path] = field(default_factory=dict)
    results: dict[str, Path] = field(default_factory=dict)
    inputs: dict[str, list[dict[str, object]]] = field(default_factory=dict)


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> dict[str, Path]:
    """Every template built into a fresh folder, by template name."""
    out = tmp_path_factory.mktemp("built")
    return {p.stem: build(load_template(p), out) for p in sorted(TEMPLATES.glob("*.toml"))}


@pytest.fixture(scope="session")
def recalc(built, tmp_path_factory) -> Recalc:
    """All recalculation jobs of the suite in one soffice call."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    from workbook_builder.libreoffice import recalculate

    work = tmp_path_factory.mktemp("jobs")
    jobs = Recalc()
    for seed, name in enumerate(SHIPPED):
        path = built[name]
        spec = load_template(TEMPLATES / f"{name}.toml")
        jobs.sources[f"stripped_{name}"] = work / f"stripped_{name}.xlsx"
        strip_cached_values(path, jobs.sources[f"stripped_{name}"])
        games = random_games(1000 + seed, spec.rows)
        jobs.inputs[f"conform_{name}"] = games
        jobs.sources[f"conform_{name}"] = work / f"conform_{name}.xlsx"
        fill(path, jobs.sources[f"conform_{name}"], games)
        jobs.inputs[f"bad_{name}"] = BAD_ROWS
        jobs.sources[f"bad_{name}"] = work / f"bad_{name}.xlsx"
        fill(path, jobs.sources[f"bad_{name}"], BAD_ROWS)
        example = build(spec, work / "example", inputs=example_games(spec.lang) + BAD_ROWS)
        jobs.sources[f"excached_{name}"] = example
        jobs.sources[f"example_{name}"] = work / f"example_{name}.xlsx"
        strip_cached_values(example, jobs.sources[f"example_{name}"])
    names = [k for k in jobs.sources if not k.startswith("excached_")]
    outs = recalculate([jobs.sources[k] for k in names], work / "out")
    jobs.results = dict(zip(names, outs, strict=True))
    return jobs
