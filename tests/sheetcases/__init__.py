"""Per sheet type, what the LibreOffice tests type into its inputs.

Each module here names its ``SYSTEM`` and gives ``random_inputs(seed, count)`` (valid
rows for the conformance test) and ``BAD_ROWS`` (the bad-input test), keyed by the
sheet's ``Games_<Column>`` names. The session fixture in ``conftest`` builds every
shipped template and recalculates all of them in one LibreOffice call.

A two-player personal sheet's case also declares, for tests/test_personal_sheets.py,
which rows of ``BAD_ROWS`` count, are flagged (and the word each ⚠ names) or are
incomplete, the computed columns a skipped row leaves blank (``SKIPPED_BLANK``), and
``engine_rows(rows, counted, lang)``: what each counted row shows, computed with
:mod:`rating_rules` only.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

import pytest


def _discover() -> dict[str, ModuleType]:
    cases = {}
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        cases[module.SYSTEM] = module
    return cases


CASES: dict[str, ModuleType] = _discover()

INCOMPLETE = {"ja": "入力途中", "en": "incomplete"}
"""What a half-filled row's Status says (no ⚠: nothing typed is wrong, and the game
being typed shows it too): each case's ``BAD_INCOMPLETE`` rows."""


def chart_points(values: list[object]) -> list[object]:
    """A chart helper column's points: the counted rows' values, #N/A elsewhere left out."""
    return [v for v in values if v != "#N/A"]


def assert_chart_follows(wb: Any, start: float, ratings: Sequence[float]) -> None:
    """The chart's helper columns of a log where every row counts: the start, then each
    game's rating (the engine's), one point a game."""
    from tests.conftest import games_column

    chart_y = games_column(wb, "ChartY")
    assert chart_y[0] == pytest.approx(start)
    assert chart_y[1:] == pytest.approx(list(ratings))
    assert games_column(wb, "ChartX") == list(range(len(ratings) + 1))


def assert_incomplete(status: object, lang: str, where: str) -> None:
    """A half-filled row: marked incomplete (so not counted), without a ⚠."""
    assert isinstance(status, str) and INCOMPLETE[lang] in status, f"{where}: {status!r}"
    assert not status.startswith("⚠"), f"{where}: {status!r}"


def assert_rows_show(wb, rows: Sequence[Mapping[str, object]],
                     expected: Mapping[int, Mapping[str, object]]) -> None:
    """Each counted row (``expected``: row → column key → the engine's value) shows no
    Status and, in each column, the engine's value: None as blank, a number within 1e-9."""
    from tests.conftest import games_column

    keys = {key for values in expected.values() for key in values} | {"Status"}
    got = {key: games_column(wb, key) for key in keys}
    for i, values in expected.items():
        where = f"row {i}: {rows[i]}"
        assert got["Status"][i] in (None, ""), f"{where}: {got['Status'][i]!r}"
        for key, value in values.items():
            shown = got[key][i]
            if value is None:
                assert shown in (None, ""), f"{where} {key}: {shown!r}"
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                assert shown == pytest.approx(value, abs=1e-9), f"{where} {key}: {shown!r}"
            else:
                assert shown == value, f"{where} {key}: {shown!r}"


def assert_settled_chart(wb, rows: Sequence[Mapping[str, object]],
                         expected: Mapping[int, Mapping[str, object]], start: float) -> None:
    """A chart of settled ratings (a sheet rated by period): the start, then each rating
    the engine settles (``expected``: its counted rows, Rating None where the period goes
    on), X the counted games so far."""
    from tests.conftest import games_column

    points = [(0, start)] + [(n + 1, e["Rating"]) for n, (_, e) in enumerate(sorted(
        expected.items())) if e["Rating"] is not None]
    end = len(rows) + 1  # the start point, then one a row
    assert chart_points(games_column(wb, "ChartX")[:end]) == [p[0] for p in points]
    assert chart_points(games_column(wb, "ChartY")[:end]) == pytest.approx([p[1] for p in points])
