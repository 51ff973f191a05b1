"""The MOSAIC sheet computes what the engine computes, in a real spreadsheet program.

Expected values come from :mod:`rating_rules.mosaic` (and RULES.md §6 for the row
rules), never from the sheet's own output. LibreOffice recalculates workbooks that
carry no cached values (see conftest), all in one call.
"""

from __future__ import annotations

import datetime as dt

import pytest
from openpyxl import load_workbook

from rating_rules.mosaic import first_player
from tests.conftest import column_cells, games_column, lang_of, shipped
from tests.sheetcases import assert_chart_follows, chart_points
from tests.sheetcases.mosaic import BAD_COUNTED, BAD_ROWS, FIRST, START, engine_rows

SHIPPED = shipped("mosaic")


@pytest.mark.parametrize("name", SHIPPED)
def test_chart_has_every_rating(recalc, name):
    """Row by row, tests/test_personal_sheets.py compares every computed column."""
    games = recalc.inputs[f"conform_{name}"]
    wb = load_workbook(recalc.results[f"conform_{name}"], data_only=True)
    expected = engine_rows(games, set(range(len(games))), lang_of(name))
    assert len(games_column(wb, "Change")) == len(games) == 200
    assert_chart_follows(wb, START, [expected[i]["Rating"] for i in range(len(games))])


@pytest.mark.parametrize("name", SHIPPED)
def test_bad_rows_chart_and_the_game_in_progress(recalc, name):
    """Among the bad rows (row by row in tests/test_personal_sheets.py), the chart has the
    counted ones only (a skipped row's point is #N/A), and the game in progress already
    says who moves first."""
    wb = load_workbook(recalc.results[f"example_{name}"], data_only=True)
    expected = engine_rows(BAD_ROWS, set(BAD_COUNTED), lang_of(name))
    last = expected[12]["Rating"]
    assert games_column(wb, "First")[14] == FIRST[lang_of(name)][first_player(last, 100)]
    assert chart_points(games_column(wb, "ChartY")[:len(BAD_ROWS) + 1]) == pytest.approx(
        [START, *(expected[i]["Rating"] for i in BAD_COUNTED)])


def test_dates_stay_dates(recalc):
    wb = load_workbook(recalc.results[f"example_{SHIPPED[0]}"])
    title, letter, first, _ = column_cells(wb, "Games_Date")
    cell = wb[title][f"{letter}{first + 12}"]
    assert cell.value == dt.datetime(2024, 5, 26)
    assert cell.number_format == "m/d"
