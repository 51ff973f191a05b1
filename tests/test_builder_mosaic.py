"""The MOSAIC sheet computes what the engine computes, in a real spreadsheet program.

Expected values come from :mod:`rating_rules.mosaic` (and RULES.md §6 for the row
rules), never from the sheet's own output. LibreOffice recalculates workbooks that
carry no cached values (see conftest), all in one call.
"""

from __future__ import annotations

import datetime as dt

import pytest
from openpyxl import load_workbook

from rating_rules.mosaic import first_player, mosaic_delta
from tests.conftest import (
    assert_inputs_kept,
    assert_no_error_values,
    column_cells,
    games_column,
    lang_of,
    shipped,
)
from tests.sheetcases import assert_incomplete, chart_points
from tests.sheetcases.mosaic import BAD_COUNTED, BAD_FLAGGED, BAD_INCOMPLETE, BAD_ROWS

SHIPPED = shipped("mosaic")

FIRST = {"ja": {"me": "自分", "opp": "相手", "rps": "じゃんけん"},
         "en": {"me": "you", "opp": "opponent", "rps": "rock-paper-scissors"}}
START, WEIGHT = 100.0, 0.1  # RULES.md §6 defaults, which the shipped templates keep


def expected_chain(rows, counted):
    """Engine replay of the rows whose index is in ``counted``: (first, change, rating)."""
    rating, out = START, {}
    for i, row in enumerate(rows):
        if i in counted:
            first = first_player(rating, row["OppRating"])
            change = mosaic_delta(rating, row["OppRating"], row["Result"], row["TurnDiff"])
            rating += change
            out[i] = (first, change, rating)
    return out


@pytest.mark.parametrize("name", SHIPPED)
def test_every_row_matches_the_engine(recalc, name):
    games = recalc.inputs[f"conform_{name}"]
    wb = load_workbook(recalc.results[f"conform_{name}"], data_only=True)
    expected = expected_chain(games, set(range(len(games))))
    changes, ratings = games_column(wb, "Change"), games_column(wb, "Rating")
    firsts, statuses = games_column(wb, "First"), games_column(wb, "Status")
    assert len(changes) == len(games) == 200
    for i in range(len(games)):
        first, change, rating = expected[i]
        assert changes[i] == pytest.approx(change, abs=1e-9), f"row {i}"
        assert ratings[i] == pytest.approx(rating, abs=1e-9), f"row {i}"
        assert firsts[i] == FIRST[lang_of(name)][first], f"row {i}"
        assert statuses[i] in (None, ""), f"row {i}"
    chart_y = games_column(wb, "ChartY")
    assert chart_y[0] == pytest.approx(START)
    assert chart_y[1:] == pytest.approx([expected[i][2] for i in range(len(games))])
    assert games_column(wb, "ChartX") == list(range(len(games) + 1))


@pytest.mark.parametrize("name", SHIPPED)
def test_bad_input_is_flagged_never_an_error(recalc, name):
    src = load_workbook(recalc.sources[f"bad_{name}"])
    wb = load_workbook(recalc.results[f"bad_{name}"], data_only=True)
    assert_no_error_values(wb)
    assert_inputs_kept(src, wb, ("Opponent", "OppRating", "Result", "TurnDiff", "Date"), BAD_ROWS)
    statuses, changes, ratings = (games_column(wb, key) for key in ("Status", "Change", "Rating"))
    for i in BAD_FLAGGED:
        assert str(statuses[i]).startswith("⚠"), f"row {i}: {statuses[i]!r}"
        assert changes[i] in (None, "") and ratings[i] in (None, ""), f"row {i}"
    for i in BAD_INCOMPLETE:  # a forgotten result, and the game in progress at the end
        assert_incomplete(statuses[i], lang_of(name), f"row {i}")
        assert changes[i] in (None, "") and ratings[i] in (None, ""), f"row {i}"
    for i in (2, 13):  # blank rows
        assert statuses[i] in (None, "") and ratings[i] in (None, ""), f"row {i}"
    expected = expected_chain(BAD_ROWS, set(BAD_COUNTED))
    for i, (_, change, rating) in expected.items():
        assert statuses[i] in (None, ""), f"row {i}"
        assert changes[i] == pytest.approx(change) and ratings[i] == pytest.approx(rating)
    assert games_column(wb, "First")[14] == FIRST[lang_of(name)][first_player(expected[12][2], 100)]
    assert chart_points(games_column(wb, "ChartY")) == pytest.approx(
        [START, *(expected[i][2] for i in BAD_COUNTED)])  # skipped rows: #N/A, left out


MESSAGES = {"ja": {1: "相手レート", 3: "勝敗", 4: "勝敗", 5: "手番差", 6: "手番差", 7: "手番差",
                   9: "日付", 10: "入力途中", 11: "勝敗"},
            "en": {1: "opponent rating", 3: "result", 4: "result", 5: "turn difference",
                   6: "turn difference", 7: "turn difference", 9: "date", 10: "incomplete",
                   11: "result"}}


@pytest.mark.parametrize("name", SHIPPED)
def test_markers_name_the_problem(recalc, name):
    wb = load_workbook(recalc.results[f"bad_{name}"], data_only=True)
    statuses = games_column(wb, "Status")
    for i, word in MESSAGES[lang_of(name)].items():
        assert word in statuses[i], f"row {i}: {statuses[i]!r}"


def test_dates_stay_dates(recalc):
    wb = load_workbook(recalc.results[f"bad_{SHIPPED[0]}"])
    title, letter, first, _ = column_cells(wb, "Games_Date")
    cell = wb[title][f"{letter}{first + 12}"]
    assert cell.value == dt.datetime(2024, 5, 26)
    assert cell.number_format == "m/d"
