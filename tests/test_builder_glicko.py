"""The Glicko sheet computes what the engine computes, per game and per rating period.

Expected values come from Glickman's paper ("The Glicko system": 1500 with RD 200 beats
1400/30, loses to 1550/100 and 1700/300 → 1464, RD 151.4) and from :mod:`rating_rules`
(``glicko_period``, ``glicko_rd_before``, ``glicko_expected``), never from the sheet's
own output. The shipped (per-game) workbooks and their by-period variants are checked
row by row in tests/test_personal_sheets.py; the paper's example needs one more
LibreOffice call, made once for this module. Their cached values are compared with
LibreOffice's in tests/test_cached_values.py.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from rating_rules.glicko import glicko_period, glicko_rd_before
from tests.conftest import (
    column_cells,
    games_column,
    shipped,
)
from tests.sheetcases import assert_settled_chart
from tests.sheetcases.glicko import (
    START,
    engine_rows,
)
from workbook_builder.build import TEMPLATES
from workbook_builder.cli import main
from workbook_builder.template import load_template

SHIPPED = shipped("glicko")

PAPER_E = [0.639, 0.432, 0.303]


@pytest.mark.parametrize("name", SHIPPED)
def test_paper_example_on_the_sheet(recalc, name):
    """One period of the paper's three games from 1500, RD 200: 1464, RD 151.4, on the
    period's last row only; the expected scores are the paper's."""
    wb = load_workbook(recalc.results[f"paper_{name}"], data_only=True)
    assert games_column(wb, "Expected")[:3] == pytest.approx(PAPER_E, abs=0.0005)
    ratings, rds = games_column(wb, "Rating")[:4], games_column(wb, "RD")[:4]
    assert ratings[:2] == rds[:2] == [None, None] and ratings[3] is None
    assert round(ratings[2]) == 1464 and round(rds[2], 1) == 151.4
    changes = games_column(wb, "Change")[:3]
    assert sum(changes) == pytest.approx(ratings[2] - 1500, abs=1e-9)
    assert games_column(wb, "InPeriod")[2] == ratings[2]


@pytest.mark.parametrize("name", SHIPPED)
def test_per_game_my_rd_grows_between_games(recalc, name):
    """Per game, each game is a period: the RD after a game grows by c before the next
    (the paper's step 1), and the chart has every game."""
    games = recalc.inputs[f"conform_{name}"]
    wb = load_workbook(recalc.results[f"conform_{name}"], data_only=True)
    rating, rd = START, 350.0
    for n, game in enumerate(games[:5]):
        onset = rd if n == 0 else glicko_rd_before(rd, 1)
        rating, rd = glicko_period(rating, onset, [(game["OppRating"], game["OppRD"],
                                                    game["Score"])])
        assert games_column(wb, "RD")[n] == pytest.approx(rd, abs=1e-9)
        assert games_column(wb, "Rating")[n] == pytest.approx(rating, abs=1e-9)
    assert_settled_chart(wb, games, engine_rows(games, set(range(len(games)))), START)


@pytest.mark.parametrize("name", SHIPPED)
def test_the_game_in_progress_shows_its_expected_score(recalc, name):
    wb = load_workbook(recalc.results[f"example_{name}"], data_only=True)
    expected = games_column(wb, "Expected")
    assert isinstance(expected[11], float) and 0 < expected[11] < 1  # rating and RD typed
    assert expected[12] in (None, "")  # no RD yet: no expected score
    assert games_column(wb, "Change")[11] in (None, "")


# --- structure, Settings and templates (no LibreOffice) ------------------------------

def test_sheets_names_and_settings(opened):
    ja = opened["glicko_ja"]
    assert ja.sheetnames[:3] == ["対局", "グラフ", "設定"]
    assert opened["glicko_en"].sheetnames[:3] == ["Games", "Chart", "Settings"]
    keys = ("Start", "RD", "MaxRD", "C", "Periods")
    places = [list(ja.defined_names[f"Settings_{key}"].destinations) for key in keys]
    assert places == [[("設定", f"$B${n}")] for n in range(3, 8)]
    values = [ja["設定"][f"B{n}"].value for n in range(3, 8)]
    assert values[:3] == [1500, 350, 350] and values[4] == 0
    assert values[3] == pytest.approx(((350**2 - 50**2) / 100) ** 0.5)  # the paper's c
    _, letter, _, _ = column_cells(ja, "Games_RD")
    assert ja["対局"][f"{letter}3"].value == "=Settings_RD"  # the "Me" row: where I start


def test_template_constants(tmp_path):
    assert load_template(TEMPLATES / "glicko_ja.toml").constants == {
        "rd": 350.0, "start_rd": 350.0, "c": pytest.approx(34.64101615137755),
        "periods": 0.0, "start": 1500.0}
    club = tmp_path / "club.toml"
    club.write_text('system = "glicko"\nlang = "en"\nrows = 12\nstart_rating = 1612\n'
                    "[constants]\nrd = 80\nperiods = 1\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(club), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    wb = load_workbook(tmp_path / "club.xlsx", data_only=True)
    assert [wb["Settings"][f"B{n}"].value for n in (3, 4, 7)] == [1612, 80, 1]
