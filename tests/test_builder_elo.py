"""The Elo sheet computes what the engine computes, per game and per rating period.

Expected values come from :mod:`rating_rules` (``replay("elo", …)``, ``elo_expected``,
``elo_delta``, ``elo_update``) and RULES.md §3, never from the sheet's own output.
The shipped (per-game) workbooks and their by-period variants go through the shared
LibreOffice run of conftest (row by row in tests/test_personal_sheets.py); the worked
examples and the ELO_UPDATE formula need one more LibreOffice call, made once for this
module. Their cached values are compared with
LibreOffice's in tests/test_cached_values.py, with every other workbook's.
"""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from rating_rules import replay
from rating_rules.elo import elo_expected, elo_update
from tests.commands import built_variant, described
from tests.conftest import (
    CHART,
    column_cells,
    early,
    games_column,
    shipped,
)
from tests.sheetcases import assert_settled_chart, chart_points
from tests.sheetcases.elo import (
    BAD_COUNTED,
    BAD_ROWS,
    START,
    WORKED,
    engine_rows,
)
from workbook_builder.build import TEMPLATES
from workbook_builder.sheets.elo import update_text
from workbook_builder.template import load_template

SHIPPED = shipped("elo")

SEED_WE = [0.240, 0.360, 0.118, 0.091, 0.151, 0.429]


# --- the shipped workbooks (per game), recalculated in the shared run ----------------
# Row by row, and by period, tests/test_personal_sheets.py compares every computed column.

def check_chart(wb, rows, counted) -> None:
    """Per game, the chart has the start and every counted game's rating."""
    assert_settled_chart(wb, rows, engine_rows(rows, counted), START)


@pytest.mark.parametrize("name", SHIPPED)
def test_per_game_chart_has_every_rating(recalc, name):
    games = recalc.inputs[f"conform_{name}"]
    wb = load_workbook(recalc.results[f"conform_{name}"], data_only=True)
    assert len(games_column(wb, "Change")) == len(games) == 200
    check_chart(wb, games, set(range(len(games))))
    assert all(v not in (None, "") for v in games_column(wb, "Rating"))  # a new rating every game


@pytest.mark.parametrize("name", SHIPPED)
def test_per_game_bad_rows_chart_and_the_game_in_progress(recalc, name):
    """Per game, among the bad rows (row by row in tests/test_personal_sheets.py)."""
    wb = load_workbook(recalc.results[f"example_{name}"], data_only=True)
    check_chart(wb, BAD_ROWS, set(BAD_COUNTED))
    check_in_progress(wb, periods=False)


@pytest.mark.parametrize("name", SHIPPED)
def test_by_period_the_game_in_progress_shows_its_expected_score(recalc, name):
    check_in_progress(load_workbook(recalc.results[f"periodbad_{name}"], data_only=True),
                      periods=True)


def check_in_progress(wb, periods: bool) -> None:
    """The game in progress already shows its expected score against the rating in force:
    by period too, since its period ("b", typed on row 13) follows the settled "=A1"."""
    base = engine_rows(BAD_ROWS, set(BAD_COUNTED), periods=periods)[12]["Rating"]
    assert games_column(wb, "Expected")[15] == pytest.approx(elo_expected(base, 1500))
    assert games_column(wb, "Change")[15] in (None, "")


# --- per period, the worked example and ELO_UPDATE: one more LibreOffice call -------

@pytest.fixture(scope="module")
def extra(early_jobs):
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    return early_jobs["elo_extra"].result()


@early
def elo_extra(_: dict[str, Path], work: Path) -> dict[str, Path]:
    """The ELO_UPDATE book, recalculated (the worked examples are in conftest's run)."""
    from workbook_builder.libreoffice import recalculate

    (out,) = recalculate([_elo_update_book(work / "elo_update.xlsx")], work / "out")
    return {"elo_update": out}


UPDATE_CASES = [  # (my rating, opponents, scores, K)
    (1500, [1700, 1600, 1850, 1900, 1800, 1550, None, None], [0.5, 1, 0, 0.5, 0, 1, None, None],
     32),
    (2010.5, [1990, 2400, 1700], [1, 0, 0.5], 16),
    (1200, [1900], [1], 24),
]


def _elo_update_book(path):
    """ELO_UPDATE as the catalog's native formula, one row per case."""
    wb = Workbook()
    ws = wb.active
    for row, (my, opps, scores, k) in enumerate(UPDATE_CASES, 1):
        for j, (opp, score) in enumerate(zip(opps, scores, strict=True)):
            ws.cell(row, 3 + j, opp)
            ws.cell(row, 13 + j, score)
        last = 3 + len(opps) - 1
        opp_range = f"C{row}:{chr(64 + last)}{row}"
        score_range = f"M{row}:{chr(64 + 10 + last)}{row}"
        ws.cell(row, 1, my)
        ws.cell(row, 2, "=" + update_text(f"A{row}", opp_range, score_range, str(k), "400"))
    wb.save(path)
    return path


@pytest.mark.parametrize("name", SHIPPED)
def test_worked_example_by_period_gives_1552(recalc, name):
    """RULES.md §3: 1500 vs 1700 ½, 1600 1, 1850 0, 1900 ½, 1800 0, 1550 1 → 1552."""
    wb = load_workbook(recalc.results[f"worked_{name}"], data_only=True)
    expected = games_column(wb, "Expected")[:6]
    assert expected == pytest.approx(SEED_WE, abs=0.0005)
    assert sum(expected) == pytest.approx(1.389, abs=0.001)
    assert games_column(wb, "OppExpected")[:6] == pytest.approx([1 - we for we in SEED_WE],
                                                                abs=0.0005)
    assert games_column(wb, "Rating")[:7] == [None] * 5 + [1552, None]
    assert games_column(wb, "InPeriod")[5] == pytest.approx(1500 + 32 * (3 - sum(expected)))
    opps = [row["OppRating"] for row in WORKED]
    scores = [row["Score"] for row in WORKED]
    assert elo_update(1500, opps, scores) == 1552
    games = [("me", f"o{i}", s) for i, s in enumerate(scores)]
    initial = {"me": 1500, **{f"o{i}": o for i, o in enumerate(opps)}}
    assert replay("elo", games, initial=initial, periods=["2024-05"] * 6).ratings["me"] == 1552
    assert chart_points(games_column(wb, "ChartY")) == [1500, 1552]
    assert chart_points(games_column(wb, "ChartX")) == [0, 6]


@pytest.mark.parametrize("name", SHIPPED)
def test_worked_example_per_game_moves_after_every_game(recalc, name):
    wb = load_workbook(recalc.results[f"pergame_{name}"], data_only=True)
    opps = [row["OppRating"] for row in WORKED]
    games = [("me", f"o{i}", row["Score"]) for i, row in enumerate(WORKED)]
    initial = {"me": 1500, **{f"o{i}": o for i, o in enumerate(opps)}}
    changes = replay("elo", games, initial=initial).changes
    ratings = [1500 + sum(c[0] for c in changes[: n + 1]) for n in range(6)]
    assert games_column(wb, "Rating")[:6] == ratings == [1508, 1528, 1524, 1537, 1531, 1548]
    assert games_column(wb, "Expected")[0] == pytest.approx(SEED_WE[0], abs=0.0005)
    assert games_column(wb, "InPeriod")[:6] == [None] * 6


def test_elo_update_formula_is_the_engine(extra):
    ws = load_workbook(extra["elo_update"], data_only=True).active
    for row, (my, opps, scores, k) in enumerate(UPDATE_CASES, 1):
        assert ws.cell(row, 2).value == elo_update(my, opps, scores, k=k), f"case {row}"
    assert ws.cell(1, 2).value == 1552


# --- structure, Settings and templates (no LibreOffice) ------------------------------

INPUTS = {"Opponent": "text", "OppRating": "number", "Score": "choice", "Period": "text",
          "Date": "date"}
COMPUTED = {"Expected": "number", "OppExpected": "number", "Change": "number",
            "InPeriod": "number", "Rating": "number", "Status": "text"}


def test_sheets_names_and_settings(built, opened):
    ja = opened["elo_ja"]
    assert ja.sheetnames[:3] == ["対局", "グラフ", "設定"]
    assert ja["対局"]["A3"].value == "自分" and ja["対局"]["C2"].value.startswith("勝敗")
    assert opened["elo_en"].sheetnames[:3] == ["Games", "Chart", "Settings"]
    for key in [*INPUTS, *COMPUTED]:
        title, _, first, last = column_cells(ja, f"Games_{key}")
        assert (title, first, last) == ("対局", 4, 203), key
    settings = {name: list(ja.defined_names[f"Settings_{name}"].destinations)
                for name in ("Start", "K", "Periods", "Scale")}
    assert settings == {"Start": [("設定", "$B$3")], "K": [("設定", "$B$4")],
                        "Periods": [("設定", "$B$5")], "Scale": [("設定", "$B$6")]}
    assert [ja["設定"][f"B{n}"].value for n in range(3, 7)] == [1500, 32, 0, 400]
    _, letter, first, _ = column_cells(ja, "Games_Change")
    assert "Settings_K" in ja["対局"][f"{letter}{first}"].value
    _, letter, _, _ = column_cells(ja, "Games_Rating")
    assert ja["対局"][f"{letter}3"].value == "=Settings_Start"


def test_describe_reports_inputs_outputs_and_settings(built):
    info, names = described(built["elo_en"])
    assert info["workbook"]["system"] == "elo"
    for key, kind in INPUTS.items():
        assert (names[f"Games_{key}"]["role"], names[f"Games_{key}"]["type"]) == ("input", kind)
    for key, kind in COMPUTED.items():
        assert (names[f"Games_{key}"]["role"], names[f"Games_{key}"]["type"]) == (
            "computed", kind)
    assert names["Games_Score"]["allowed"] == [1, 0.5, 0]
    assert names["Settings_Periods"]["role"] == "setting"
    assert names["Settings_K"]["minimum"] == 0


def test_inputs_validated_unlocked_and_computed_locked(built, opened):
    for name in SHIPPED:
        wb = opened[name]
        ws = wb.worksheets[0]
        for sheet in wb.worksheets:
            assert sheet.protection.sheet and sheet.protection.objects
        for key in INPUTS:
            _, letter, first, last = column_cells(wb, f"Games_{key}")
            assert not ws[f"{letter}{first}"].protection.locked
            assert not ws[f"{letter}{last}"].protection.locked
        for key in COMPUTED:
            _, letter, first, _ = column_cells(wb, f"Games_{key}")
            cell = ws[f"{letter}{first}"]
            assert cell.protection.locked and cell.fill.fgColor.rgb.endswith("DDEBF7")
        assert ws.freeze_panes == "B3"
        by_range = {str(dv.sqref): dv for dv in ws.data_validations.dataValidation}
        for dv in [*ws.data_validations.dataValidation,
                   *wb.worksheets[2].data_validations.dataValidation]:
            assert dv.showErrorMessage and dv.showInputMessage and dv.prompt
            assert not dv.showDropDown  # True would hide the arrow
        _, letter, first, last = column_cells(wb, "Games_Score")
        score = by_range[f"{letter}{first}:{letter}{last}"]
        assert (score.type, score.formula1) == ("list", '"1,0.5,0"')
        _, letter, first, _ = column_cells(wb, "Games_Period")
        assert ws[f"{letter}{first}"].number_format == "@"  # "5月" or "2024-05" stays text
        periods = {str(dv.sqref): dv for dv in wb.worksheets[2].data_validations.dataValidation}
        assert (periods["B5"].type, periods["B5"].formula1) == ("list", '"0,1"')


def test_period_ends_stand_out_and_the_chart_reads_the_helpers(built, opened):
    import zipfile

    ws = opened["elo_en"]["Games"]
    rules = {str(r.sqref): r.rules for r in ws.conditional_formatting}
    _, status, first, last = column_cells(opened["elo_en"], "Games_Status")
    _, rating, _, _ = column_cells(opened["elo_en"], "Games_Rating")
    flagged = rules[f"A{first}:K{last}"]  # the whole shown row
    assert [rule.formula[0] for rule in flagged] == [f'LEFT(${status}{first},1)="⚠"']
    # the computed cells of a row that settles a period, from its settled rating on
    (settled,) = next(r for k, r in rules.items() if k.startswith(f"{rating}{first}:"))
    assert settled.formula == [f"AND(Settings_Periods=1,ISNUMBER(${rating}{first}))"]
    assert settled.dxf.font.b and settled.dxf.fill is not None
    with zipfile.ZipFile(built["elo_en"]) as zf:
        chart = zf.read("xl/charts/chart1.xml").decode()
    wb = opened["elo_en"]
    for name in CHART:
        _, letter, first, last = column_cells(wb, name)
        assert f"'Games'!${letter}${first}:${letter}${last}" in chart
        assert ws.column_dimensions[letter].hidden


def test_template_mode_and_constants(tmp_path):
    assert load_template(TEMPLATES / "elo_ja.toml").constants == {
        "k": 32.0, "periods": 0.0, "scale": 400.0, "start": 1500.0}
    wb = load_workbook(built_variant(
        tmp_path, "club", 'system = "elo"\nlang = "en"\nrows = 12\nstart_rating = 1612\n'
        "[constants]\nk = 24\nperiods = 1\n"), data_only=True)
    assert [wb["Settings"][f"B{n}"].value for n in range(3, 7)] == [1612, 24, 1, 400]
    _, letter, first, _ = column_cells(wb, "Games_Rating")
    assert wb["Games"][f"{letter}{first - 1}"].value == 1612  # the "Me" row above the games


def test_dates_stay_dates_and_labels_stay_text(recalc):
    wb = load_workbook(recalc.results[f"example_{SHIPPED[0]}"])
    title, letter, first, _ = column_cells(wb, "Games_Date")
    cell = wb[title][f"{letter}{first + 11}"]
    assert cell.value == dt.datetime(2024, 5, 26) and cell.number_format == "m/d"
