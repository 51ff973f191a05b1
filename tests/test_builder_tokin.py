"""The Tokin 16±4% sheet computes what the engine computes, in a real spreadsheet program.

Expected values come from :mod:`rating_rules.shogi` and RULES.md §1 (and the seed's quick
table, as the fixture file holds it), never from the sheet's own output. The shared
fixture recalculates the shipped workbooks; the worked examples, which need values typed
on Settings too, go through one more LibreOffice call of their own.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from rating_rules.shogi import LEAGUE, TOKIN, TOKIN_HANDICAPS, tokin_delta, tokin_handicap
from tests.commands import built_variant, described
from tests.conftest import (
    assert_no_error_values,
    column_cells,
    early,
    games_column,
    lang_of,
    shipped,
)
from tests.sheetcases import assert_chart_follows, chart_points
from tests.sheetcases.tokin import (
    BAD_COUNTED,
    BAD_ROWS,
    START,
    engine_rows,
    shown,
)
from tests.worked import built_small, first_rows, recalculated
from workbook_builder.build import build
from workbook_builder.cli import main
from workbook_builder.template import parse_template

SHIPPED = shipped("tokin")
FIXTURE = Path(__file__).parent / "fixtures" / "tokin_quick_table_seed000.txt"


def name_values(wb, name: str) -> list[object]:
    """The values a defined name covers, top to bottom (one column)."""
    ((title, ref),) = list(wb.defined_names[name].destinations)
    return [row[0].value for row in wb[title][ref.replace("$", "")]] if ":" in ref else [
        wb[title][ref.replace("$", "")].value]


@pytest.mark.parametrize("name", SHIPPED)
def test_clamps_start_and_chart(recalc, name):
    """Row by row, tests/test_personal_sheets.py compares every computed column."""
    games = recalc.inputs[f"conform_{name}"]
    wb = load_workbook(recalc.results[f"conform_{name}"], data_only=True)
    expected = engine_rows(games, set(range(len(games))), lang_of(name))
    changes = games_column(wb, "Change")
    assert len(changes) == len(games) == 200
    assert sum(1 for g in games if g.get("Handicap")) > 50
    assert {changes[i] for i in range(7, 200, 10)} == {1, 31}  # both clamps reached
    assert games_column(wb, "Rating", with_lead=True)[0] == START
    assert_chart_follows(wb, START, [expected[i]["Rating"] for i in range(len(games))])


@pytest.mark.parametrize("name", SHIPPED)
def test_bad_rows_chart_and_the_game_about_to_start(recalc, name):
    """Among the bad rows (row by row in tests/test_personal_sheets.py), the chart has the
    counted ones only, and the game about to start suggests its handicap."""
    wb = load_workbook(recalc.results[f"example_{name}"], data_only=True)
    expected = engine_rows(BAD_ROWS, set(BAD_COUNTED), lang_of(name))
    assert expected[8]["Change"] == tokin_delta(1520, 1350, 0, "香落") == -19  # even: -23
    last = expected[12]["Rating"]
    assert games_column(wb, "Suggested")[15] == shown(tokin_handicap(last, 1700), lang_of(name))
    end = len(BAD_ROWS) + 1  # the chart's start point, then one a row
    assert chart_points(games_column(wb, "ChartY")[:end]) == pytest.approx(
        [START, *(expected[i]["Rating"] for i in BAD_COUNTED)])
    assert chart_points(games_column(wb, "ChartX")[:end]) == list(range(len(BAD_COUNTED) + 1))


# --- Worked examples (RULES.md §1), typed into the sheet -------------------------------------

WORKED = {
    # name: (template, Settings typed, games typed)
    "win": ("tokin_ja", {"Settings_Rank": "五段"}, [{"OppRating": 1900, "Result": 1}]),
    "loss": ("tokin_en", {"Settings_Start": 2000}, [{"OppRating": 1900, "Result": 0}]),
    "upset": ("tokin_ja", {"Settings_Rank": "四段"}, [{"OppRating": 2000, "Result": 1}]),
    "handicap": ("tokin_en", {"Settings_Start": 2000},
                 [{"OppRating": 1850, "Result": 1, "Handicap": "lance"},
                  {"OppRating": 1850, "Result": 1, "Handicap": "香落"}]),
    "league": ("league", {"Settings_Rank": "初段"}, [{"OppRating": 1800, "Result": 1}]),
    "local": ("tokin_ja", {"Settings_Start": 2000, "Settings_GapRate": 0.05},
              [{"OppRating": 1900, "Result": 1}]),
    "bad_start": ("tokin_ja", {"Settings_Start": "二千"}, [{"OppRating": 1900, "Result": 1}]),
    "bad_rank": ("tokin_en", {"Settings_Rank": "十段"}, [{"OppRating": 1900, "Result": 1}]),
}


@pytest.fixture(scope="module")
def worked(early_jobs) -> dict[str, Path]:
    return early_jobs["tokin_worked"].result()


@early
def tokin_worked(_: dict[str, Path], work: Path) -> dict[str, Path]:
    """Each worked example typed into a shipped workbook (or the league preset's)."""
    league = parse_template({"system": "tokin", "preset": "league", "rows": 10}, "league")
    books = {"league": build(league, work / "built"), **built_small(SHIPPED, 10, work)}
    return recalculated(WORKED, books, work)


def test_worked_example_2000_beats_1900(worked):
    assert first_rows(worked["win"], "Rating")[:2] == [2000, 2012]
    assert first_rows(worked["win"], "Change")[1] == 12 == tokin_delta(2000, 1900, 1)


def test_worked_example_2000_loses_to_1900(worked):
    assert first_rows(worked["loss"], "Change")[1] == -20 == tokin_delta(2000, 1900, 0)
    assert first_rows(worked["loss"], "Rating")[:2] == [2000, 1980]


def test_worked_example_1900_beats_2000(worked):
    assert first_rows(worked["upset"], "Change")[1] == 20 == tokin_delta(1900, 2000, 1)
    assert first_rows(worked["upset"], "Rating")[:2] == [1900, 1920]


def test_handicap_reduces_the_gap_by_its_adjustment(worked):
    # 香落: gap 150 − 100 = 50, so the win is 16 − round(2) = 14 (not 16 − 6 = 10).
    changes = first_rows(worked["handicap"], "Change")
    assert changes[1:] == [14, tokin_delta(2014, 1850, 1, "香落")]
    assert changes[1] == tokin_delta(2000, 1850, 1, "香落")
    assert first_rows(worked["handicap"], "Suggested")[1] == "lance"  # gap 150


def test_league_preset_starts_from_its_own_table(worked):
    assert first_rows(worked["league"], "Rating")[:2] == [1800, 1816]
    assert dict(LEAGUE.start_table)["初段"] == 1800 != dict(TOKIN.start_table)["初段"]


def test_a_constant_changed_on_settings_is_used_and_the_quick_table_warns(worked):
    wb = load_workbook(worked["local"], data_only=True)
    assert games_column(wb, "Change")[0] == 11  # 16 − round(0.05 × 100)
    assert "⚠" in wb["早見表"]["A2"].value


@pytest.mark.parametrize("case", ["bad_start", "bad_rank"])
def test_bad_settings_are_flagged_not_errors(worked, case):
    wb = load_workbook(worked[case], data_only=True)
    status = games_column(wb, "Status", with_lead=True)
    assert "⚠" in status[0] and "⚠" in status[1]
    assert games_column(wb, "Change")[0] in (None, "")
    assert_no_error_values(wb, chart_blanks=True)


# --- The quick table (早見表) ---------------------------------------------------------------


def quick_rows(path: Path, title: str) -> list[tuple[object, ...]]:
    ws = load_workbook(path, data_only=True)[title]
    rows = []
    for values in ws.iter_rows(min_row=5, max_col=5, values_only=True):
        if values[0] is None:
            break
        rows.append(values)
    return rows


@pytest.mark.parametrize("kind", ["built", "stripped"])
def test_quick_table_sheet_is_the_seeds_table(recalc, built, kind):
    """The generated 早見表, printed the seed's way, is the seed's table line for line."""
    name = "tokin_ja"
    path = built[name] if kind == "built" else recalc.results[f"stripped_{name}"]
    lines = [f"{gap} " + " ".join(f"{p:+d}点" for p in points)
             for gap, *points in quick_rows(path, "早見表")]
    assert lines == FIXTURE.read_text("utf-8").splitlines()


def test_quick_table_in_english_has_the_same_numbers(built):
    seed = [re.findall(r"[+-]?\d+", line) for line in FIXTURE.read_text("utf-8").splitlines()]
    rows = quick_rows(built["tokin_en"], "Quick table")
    assert len(rows) == len(seed) == 16
    for (gap, *points), numbers in zip(rows, seed, strict=True):
        assert gap == "–".join(numbers[:-4]) or gap == f"{numbers[0]} or more"
        assert points == [int(n) for n in numbers[-4:]]


def test_quick_table_sheet_shows_the_handicap_table(built, opened):
    ws = load_workbook(built["tokin_ja"], data_only=True)["早見表"]
    shown_rows = [tuple(c.value for c in row) for row in ws.iter_rows(min_row=24, max_col=3)]
    assert shown_rows[0] == ("平手", "0〜99点", 0)
    assert shown_rows[1] == ("香落", "100〜199点", 100)
    assert shown_rows[7] == ("六枚落", "900点以上", 900)
    formulas = opened["tokin_ja"]["早見表"]
    assert "Settings_HandicapAdj" in formulas["C25"].value


# --- What a player and a program find ------------------------------------------------------


def test_settings_hold_the_tables_as_names(built, opened):
    wb = opened["tokin_ja"]
    tables = ("Settings_HandicapName", "Settings_HandicapFrom", "Settings_HandicapAdj",
              "Settings_HandicapAlias", "Settings_RankLabel", "Settings_RankRating")
    assert {column_cells(wb, n)[0] for n in tables} == {"設定"}

    def values(name):
        return name_values(wb, name)

    assert values("Settings_HandicapName") == [h.name for h in TOKIN_HANDICAPS]
    assert values("Settings_HandicapAdj") == [0, 100, 250, 350, 440, 570, 750, 900]
    assert values("Settings_HandicapFrom") == [0, 100, 200, 300, 400, 550, 700, 900]
    assert values("Settings_RankLabel")[:6] == ["五段", "四段", "三段", "二段", "初段", "1級"]
    assert values("Settings_RankRating") == [r for _, r in TOKIN.start_table]
    assert values("Settings_Rank") == ["1級"] and values("Settings_Start") == [None]
    change = games_column(wb, "Change")[0]
    for name in ("Settings_GapRate", "Settings_Base", "Settings_MinChange",
                 "Settings_MaxChange", "Settings_HandicapAdj"):
        assert name in change
    assert "Settings_RankRating" in games_column(wb, "Running")[0]  # its name starts at 自分


def test_dropdowns_for_handicap_and_rank(built, opened):
    for name in SHIPPED:
        wb = opened[name]
        _, letter, first, last = column_cells(wb, "Games_Handicap")
        games, settings = wb.worksheets[0], wb[wb.sheetnames[3]]
        lists = {str(dv.sqref): dv for dv in games.data_validations.dataValidation}
        handicap = lists[f"{letter}{first}:{letter}{last}"]
        assert (handicap.type, handicap.formula1) == ("list", "Settings_HandicapName")
        assert handicap.showErrorMessage and handicap.showInputMessage and handicap.prompt
        assert not handicap.showDropDown
        rank = [dv for dv in settings.data_validations.dataValidation if dv.type == "list"]
        assert [dv.formula1 for dv in rank] == ["Settings_RankLabel"]
        assert not games[f"{letter}{first}"].protection.locked
        first_name = name_values(wb, "Settings_HandicapName")[0]
        assert first_name == ("平手" if lang_of(name) == "ja" else "even")


def test_describe_lists_the_columns_and_tables(built):
    _, names = described(built["tokin_en"])
    for key, kind in {"Opponent": "text", "OppRating": "number", "Handicap": "choice",
                      "Result": "choice", "Date": "date"}.items():
        assert (names[f"Games_{key}"]["role"], names[f"Games_{key}"]["type"]) == ("input", kind)
    for key in ("Suggested", "Change", "Rating", "Status"):
        assert names[f"Games_{key}"]["role"] == "computed"
    assert names["Games_Handicap"]["allowed"][:2] == ["even", "lance"]
    assert names["Settings_Rank"]["role"] == "setting"
    assert names["Settings_HandicapAdj"]["role"] == "input"  # a table a club may edit


def test_a_local_variant_from_a_template(tmp_path):
    wb = load_workbook(built_variant(
        tmp_path, "kyoto", 'system = "tokin"\npreset = "league"\nlang = "en"\nrows = 12\n'
        "start_rating = 1734\n[constants]\nmax_change = 40\n"), data_only=True)
    assert games_column(wb, "Rating", with_lead=True)[0] == 1734
    assert name_values(wb, "Settings_MaxChange") == [40]
    assert name_values(wb, "Settings_Start") == [1734]
    labels = name_values(wb, "Settings_RankLabel")
    assert labels[0] == "六段" and len(labels) == len(LEAGUE.start_table)
    bad = tmp_path / "bad.toml"
    bad.write_text('system = "tokin"\n[constants]\nhandicaps = 3\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(bad), "--out", str(tmp_path)])
    assert result.exit_code != 0 and "unknown constant" in result.output
