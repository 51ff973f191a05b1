"""Every two-player personal sheet, recalculated by LibreOffice, shows the engine's numbers
on every counted row, and a ⚠ naming the field on every bad one (tests/sheetcases).

Two of conftest's jobs a template: ``conform_`` (the case's seeded random games typed
into the shipped file) and ``example_`` (built with the case's bad rows, then the sheet's
own examples); a sheet rated per game or by period (a case with ``BY_PERIOD_SETTLED``)
has two more, switched to by period: ``periods_`` (seeded games) and ``periodbad_``.
Expected values are each case's ``engine_rows``, computed with
:mod:`rating_rules` only, and RULES.md's row rules: a bad row is flagged and skipped, a
half-filled row is marked incomplete, never an error value, nothing typed is lost.
What is one system's own (charts, starts, suggestions) is in its ``test_builder_`` module;
the four-player sheet, whose bad input is by game of four rows, has its own test.
"""

from __future__ import annotations

import pytest
from openpyxl import load_workbook

from tests.conftest import (
    SYSTEM_OF,
    assert_inputs_kept,
    assert_no_error_values,
    games_column,
    lang_of,
)
from tests.sheetcases import (
    CASES,
    assert_incomplete,
    assert_rows_show,
    assert_settled_chart,
)
from workbook_builder.kit.periods import PeriodSheet
from workbook_builder.kit.personal import PersonalSheet
from workbook_builder.sheets import SHEET_TYPES

ROW_CASES = {system: case for system, case in CASES.items() if hasattr(case, "SKIPPED_BLANK")}
NAMES = [name for name, system in SYSTEM_OF.items() if system in ROW_CASES]
PERIOD_NAMES = [name for name in NAMES
                if hasattr(ROW_CASES[SYSTEM_OF[name]], "BY_PERIOD_SETTLED")]


def blank(value: object) -> bool:
    return value in (None, "")


@pytest.fixture(scope="module")
def sheets(recalc):
    """template → (the workbook as typed, the workbook LibreOffice recalculated)."""
    return {name: (load_workbook(recalc.sources[f"example_{name}"]),
                   load_workbook(recalc.results[f"example_{name}"], data_only=True))
            for name in NAMES}


@pytest.mark.parametrize("job", [f"{kind}_{name}" for name in NAMES
                                 for kind in ("conform", "example")])
def test_counted_rows_show_the_engines_values(recalc, job):
    kind, name = job.split("_", 1)
    case = ROW_CASES[SYSTEM_OF[name]]
    if kind == "conform":
        rows = recalc.inputs[job]
        counted = set(range(len(rows)))
    else:
        rows, counted = case.BAD_ROWS, set(case.BAD_COUNTED)
    expected = case.engine_rows(rows, counted, lang_of(name))
    assert len(expected) == len(counted) > 0
    assert_rows_show(load_workbook(recalc.results[job], data_only=True), rows, expected)


@pytest.mark.parametrize("name", NAMES)
def test_the_builders_values_show_the_engines(builder_logs, name):
    """The seeded games as the builder's value functions give them, before any
    spreadsheet program: the check above on the builder's cached values, in the fast
    loop too (``--fast`` runs no LibreOffice)."""
    rows, path = builder_logs[name]
    expected = ROW_CASES[SYSTEM_OF[name]].engine_rows(rows, set(range(len(rows))),
                                                      lang_of(name))
    assert_rows_show(load_workbook(path, data_only=True), rows, expected)


def test_every_two_player_personal_sheet_has_a_case():
    """Every workbook type of a personal log, a game a row, is checked here: a new
    system's sheet without a case in tests/sheetcases fails."""
    personal = {system for system, sheet in SHEET_TYPES.items()
                if isinstance(sheet, PersonalSheet) and sheet.rows_per_game == 1}
    assert set(ROW_CASES) == personal
    assert len(personal) >= 6  # MOSAIC, Tokin, Club 24, Elo, Glicko, Go
    assert len(NAMES) == 2 * len(ROW_CASES)  # ja and en


@pytest.mark.parametrize("name", NAMES)
def test_bad_rows_are_flagged_never_an_error_and_kept(sheets, name):
    case, lang = ROW_CASES[SYSTEM_OF[name]], lang_of(name)
    typed, wb = sheets[name]
    rows = case.BAD_ROWS
    assert_no_error_values(wb)
    assert_inputs_kept(typed, wb, sorted({key for row in rows for key in row}), rows)
    status = games_column(wb, "Status")
    shown = {key: games_column(wb, key) for key in case.SKIPPED_BLANK}
    blanks = [i for i, row in enumerate(rows) if not row]
    assert blanks and case.BAD_FLAGGED and case.BAD_INCOMPLETE  # the case covers each kind
    assert sorted([*case.BAD_COUNTED, *case.BAD_FLAGGED, *case.BAD_INCOMPLETE, *blanks]) == list(
        range(len(rows)))
    for i in case.BAD_FLAGGED:
        assert str(status[i]).startswith("⚠"), f"row {i}: {status[i]!r}"
    for i in case.BAD_INCOMPLETE:  # a forgotten result, and the game being typed
        assert_incomplete(status[i], lang, f"row {i}")
    for i in [*case.BAD_FLAGGED, *case.BAD_INCOMPLETE, *blanks]:
        assert all(blank(shown[key][i]) for key in shown), f"row {i}: {rows[i]}"
    for i in blanks:
        assert blank(status[i]), f"row {i}"
    for i in case.BAD_COUNTED:
        assert blank(status[i]), f"row {i}: {status[i]!r}"
        assert not any(blank(shown[key][i]) for key in shown), f"row {i}: {rows[i]}"


@pytest.mark.parametrize("name", NAMES)
def test_markers_name_the_problem(sheets, name):
    messages = ROW_CASES[SYSTEM_OF[name]].BAD_MESSAGES[lang_of(name)]
    status = games_column(sheets[name][1], "Status")
    for i, word in messages.items():
        assert word in status[i], f"row {i}: {status[i]!r}"


# --- by period: the sheets rated per game or by period, switched to by period ------------

def test_every_sheet_rated_by_period_is_checked_by_period():
    rated_by_period = {system for system, sheet in SHEET_TYPES.items()
                       if isinstance(sheet, PeriodSheet)}
    assert rated_by_period and {SYSTEM_OF[name] for name in PERIOD_NAMES} == rated_by_period


@pytest.mark.parametrize("job", [f"{kind}_{name}" for name in PERIOD_NAMES
                                 for kind in ("periods", "periodbad")])
def test_by_period_counted_rows_and_chart_show_the_engines_values(recalc, job):
    """Every game of a period is rated at the period's start; its last counted row
    settles the rating, which the chart plots; the bad rows are skipped."""
    kind, name = job.split("_", 1)
    case = ROW_CASES[SYSTEM_OF[name]]
    rows = recalc.inputs[job]
    counted = set(range(len(rows))) if kind == "periods" else set(case.BAD_COUNTED)
    expected = case.engine_rows(rows, counted, lang_of(name), periods=True)
    wb = load_workbook(recalc.results[job], data_only=True)
    assert_no_error_values(wb)
    assert_rows_show(wb, rows, expected)
    assert_settled_chart(wb, rows, expected, case.START)
    shown = {key: games_column(wb, key) for key in case.SKIPPED_BLANK}
    for i in set(range(len(rows))) - counted:
        assert all(blank(shown[key][i]) for key in shown), f"row {i}: {rows[i]}"
    settled = [i for i, v in enumerate(games_column(wb, "Rating")[:len(rows)]) if not blank(v)]
    if kind == "periods":
        assert 10 < len(settled) < 100  # the seeded games really hold periods of several
    else:
        assert settled == list(case.BY_PERIOD_SETTLED)


@pytest.mark.parametrize("name", PERIOD_NAMES)
def test_by_period_bad_rows_are_flagged_with_their_problem(recalc, name):
    case, lang = ROW_CASES[SYSTEM_OF[name]], lang_of(name)
    status = games_column(load_workbook(recalc.results[f"periodbad_{name}"], data_only=True),
                          "Status")
    for i in case.BAD_FLAGGED:
        assert str(status[i]).startswith("⚠"), f"row {i}: {status[i]!r}"
    for i, word in case.BAD_MESSAGES[lang].items():
        assert word in status[i], f"row {i}: {status[i]!r}"
    for i in case.BAD_INCOMPLETE:
        assert_incomplete(status[i], lang, f"row {i}")
