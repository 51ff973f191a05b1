"""Text typed into a Settings table or constant shows ⚠ where it is used, never an error.

The builder cannot compute such a workbook (its presets are numbers), so LibreOffice
recalculates each case, all in one call; the chart helper columns keep their NA() on
purpose (a gap in the chart).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.conftest import ERRORS, chart_cells, column, column_cells, early
from workbook_builder.build import TEMPLATES, build
from workbook_builder.template import load_template

GAMES = [{"OppRating": 1600, "Result": 1}, {"OppRating": 1350, "Result": 0},
         {"OppRating": 1900, "Result": 1}]

CASES = {
    # case: (template, {(defined name, row offset): typed text})
    "club24_rank_rating": ("club24_ja", {("Settings_RankRating", 2): "千五百"}),
    "club24_constant": ("club24_en", {("Settings_Spread", 0): "four hundred"}),
    "tokin_from": ("tokin_ja", {("Settings_HandicapFrom", 2): "二百"}),
    "tokin_adj": ("tokin_en", {("Settings_HandicapAdj", 1): "x"}),
    "tokin_constant": ("tokin_ja", {("Settings_Base", 0): "十六"}),
}


GO_CASES = {
    # Go's reference tables computed from Settings: the handicap labels, start points
    "go_komi": ("go_ja", {("Settings_HalfKomi", 0): "x"}),
    "go_ladder": ("go_en", {("Settings_Ladder_Down", 0): "x"}),
    "ledger_go_ladder": ("ledger_go_ja", {("Settings_Ladder_Down", 0): "x"}),
}


def garbage_copy(src: Path, dst: Path, typed: dict[tuple[str, int], str],
                 games: list[dict[str, object]] = GAMES) -> Path:
    wb = load_workbook(src)
    for (name, offset), value in typed.items():
        title, letter, first, _ = column_cells(wb, name)
        wb[title][f"{letter}{first + offset}"] = value
    for i, row in enumerate(games):
        for key, value in row.items():
            title, letter, first, _ = column_cells(wb, f"Games_{key}")
            wb[title][f"{letter}{first + i}"] = value
    wb.save(dst)
    return dst


@pytest.fixture(scope="module")
def garbage(early_jobs) -> dict[str, Path]:
    return early_jobs["garbage_jobs"].result()


@early
def garbage_jobs(_: dict[str, Path], work: Path) -> dict[str, Path]:
    """Each case's workbook with its garbage typed, recalculated by LibreOffice."""
    from workbook_builder.libreoffice import recalculate

    books = {}
    for name in {template for template, _ in (*CASES.values(), *GO_CASES.values())}:
        spec = dataclasses.replace(load_template(TEMPLATES / f"{name}.toml"), rows=10)
        books[name] = build(spec, work / "built")
    sources = [garbage_copy(books[template], work / f"{case}.xlsx", typed)
               for case, (template, typed) in CASES.items()]
    sources += [garbage_copy(books[template], work / f"{case}.xlsx", typed, games=[])
                for case, (template, typed) in GO_CASES.items()]
    return dict(zip([*CASES, *GO_CASES], recalculate(sources, work / "out"), strict=True))


@pytest.mark.parametrize("case", list(CASES))
def test_no_error_code_anywhere_and_the_status_warns(garbage, case):
    wb = load_workbook(garbage[case], data_only=True)
    chart = chart_cells(wb)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                allowed = {"#N/A"} if (ws.title, cell.coordinate) in chart else set()
                assert cell.value not in ERRORS - allowed, f"{case}: {ws.title}!{cell.coordinate}"
    status = column(wb, "Games_Status", with_lead=True)
    assert all("⚠" in str(s) for s in status[: 1 + len(GAMES)]), status[:4]
    assert set(column(wb, "Games_Change", with_lead=True)[1: 1 + len(GAMES)]) <= {None, ""}


def test_club24_boundaries_and_ranks_warn(garbage):
    wb = load_workbook(garbage["club24_rank_rating"], data_only=True)
    bounds = column(wb, "Settings_RankFrom", with_lead=True)[1:]
    assert bounds[1] == bounds[2] == "⚠"  # both boundaries next to the bad rating
    assert isinstance(bounds[0], (int, float))
    assert column(wb, "Games_Rank", with_lead=True)[0] == "⚠"  # the 自分 row's rank


def test_tokin_quick_table_and_suggestion_warn(garbage):
    wb = load_workbook(garbage["tokin_from"], data_only=True)
    quick = wb["早見表"]
    spans = [row[1] for row in quick.iter_rows(values_only=True) if row[0] in ("香落", "角落")]
    assert "⚠" in spans
    assert column(wb, "Games_Suggested", with_lead=True)[1:4] == ["⚠", "⚠", "⚠"]


@pytest.mark.parametrize("case", list(GO_CASES))
def test_go_reference_tables_warn(garbage, case):
    """A handicap label or a start point computed from a bad Settings value shows the
    Settings marker; nothing anywhere shows an error code (chart helpers aside)."""
    wb = load_workbook(garbage[case], data_only=True)
    formulas = load_workbook(garbage[case])
    chart = chart_cells(wb)
    markers = 0
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                allowed = {"#N/A"} if (ws.title, cell.coordinate) in chart else set()
                assert cell.value not in ERRORS - allowed, f"{case}: {ws.title}!{cell.coordinate}"
                computed = formulas[ws.title][cell.coordinate].data_type == "f"
                markers += computed and str(cell.value).startswith("⚠ ")
    assert markers > 0, case  # the table cells that read the bad value say so
