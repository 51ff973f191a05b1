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

import dataclasses
import datetime as dt
import shutil

import pytest
from openpyxl import load_workbook

from rating_rules.glicko import GLICKO, glicko_period, glicko_rd_before, replay_glicko
from tests.commands import built_variant
from tests.conftest import (
    column,
    column_cells,
    games_column,
    shipped,
    sized_for,
)
from tests.sheetcases import assert_settled_chart
from tests.sheetcases.glicko import (
    START,
    engine_rows,
)
from workbook_builder.build import TEMPLATES, build
from workbook_builder.libreoffice import recalculate
from workbook_builder.package import strip_cached_values
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
    (the paper's step 1), as does each typed (the rating list's) opponent RD, and the
    chart has every game."""
    games = recalc.inputs[f"conform_{name}"]
    wb = load_workbook(recalc.results[f"conform_{name}"], data_only=True)
    rating, rd = START, 350.0
    for n, game in enumerate(games[:5]):
        opp_rd = glicko_rd_before(game["OppRD"], 1)
        rating, rd = glicko_period(rating, glicko_rd_before(rd, 1),
                                   [(game["OppRating"], opp_rd, game["Score"])])
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
    wb = load_workbook(built_variant(
        tmp_path, "club", 'system = "glicko"\nlang = "en"\nrows = 12\nstart_rating = 1612\n'
        "[constants]\nrd = 80\nperiods = 1\n"), data_only=True)
    assert [wb["Settings"][f"B{n}"].value for n in (3, 4, 7)] == [1612, 80, 1]


# --- a month nobody played, and the RDs a person types from the rating list -----------------
# Expected values are the paper's steps taken by hand, period by period, with each t
# written out (glicko_period for steps 2 and 3, glicko_rd_before for step 1: both checked
# against the paper's figures in tests/test_glicko.py), never the sheets' own.

LEDGER_PLAYERS = [{"Name": "P1", "Start": 1600}, {"Name": "P2", "Start": 1450}, {"Name": "P3"}]
UP_TO_MARCH = [  # nobody plays in February
    {"Date": dt.date(2024, 1, 13), "PlayerA": "P1", "PlayerB": "P2", "Result": 1},
    {"Date": dt.date(2024, 1, 20), "PlayerA": "P2", "PlayerB": "P3", "Result": 0.5},
    {"Date": dt.date(2024, 3, 9), "PlayerA": "P2", "PlayerB": "P1", "Result": 1},
]
APRIL = {"Date": dt.date(2024, 4, 6), "PlayerA": "P1", "PlayerB": "P3", "Result": 1}
"""P1 (played in March) beats P3 (last played in January)."""


def by_hand() -> dict[str, dict[str, tuple[float, float]]]:
    """Each player's (rating, RD) after January, after March, on the March list (RD now,
    grown to March) and on the April list. Everyone starts with RD 350 (the ledger's largest
    RD); January's games are one period, against the ratings and RDs at its start."""
    jan = {"P1": glicko_period(1600, 350, [(1450, 350, 1)]),
           "P2": glicko_period(1450, 350, [(1600, 350, 0), (1500, 350, 0.5)]),
           "P3": glicko_period(1500, 350, [(1450, 350, 0.5)])}
    rd_p1, rd_p2 = glicko_rd_before(jan["P1"][1], 2), glicko_rd_before(jan["P2"][1], 2)  # t = 2
    march = {**jan, "P1": glicko_period(jan["P1"][0], rd_p1, [(jan["P2"][0], rd_p2, 0)]),
             "P2": glicko_period(jan["P2"][0], rd_p2, [(jan["P1"][0], rd_p1, 1)])}
    listed = {**march, "P3": (jan["P3"][0], glicko_rd_before(jan["P3"][1], 2))}
    rd_p1, rd_p3 = glicko_rd_before(march["P1"][1], 1), glicko_rd_before(jan["P3"][1], 3)
    april = {"P1": glicko_period(march["P1"][0], rd_p1, [(jan["P3"][0], rd_p3, 1)]),
             "P2": (march["P2"][0], glicko_rd_before(march["P2"][1], 1)),  # RD now, April
             "P3": glicko_period(jan["P3"][0], rd_p3, [(march["P1"][0], rd_p1, 0)])}
    return {"jan": jan, "march": march, "listed": listed, "april": april}


def test_rate_replays_the_log_as_by_hand():
    """The engine's replay, as ``rate`` runs it (a month a period, labelled YYYY-MM)."""
    hand = by_hand()
    for games, stage in ((UP_TO_MARCH, "listed"), ([*UP_TO_MARCH, APRIL], "april")):
        initial = {p["Name"]: float(p.get("Start", GLICKO.start)) for p in LEDGER_PLAYERS}
        result = replay_glicko([(g["PlayerA"], g["PlayerB"], g["Result"]) for g in games],
                               initial=initial, periods=[f"{g['Date']:%Y-%m}" for g in games])
        assert {p: (result.ratings[p], result.deviations[p]) for p in result.ratings} == {
            p: pytest.approx(v, abs=1e-9) for p, v in hand[stage].items()}


@pytest.fixture(scope="module")
def gap_files(tmp_path_factory):
    """The ledger up to March and up to April, and P1's personal sheet typed with the
    March list's values: as built (the builder's values), then as LibreOffice computes
    them from the formulas alone."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    work = tmp_path_factory.mktemp("glicko_gap")
    ledger = load_template(TEMPLATES / "ledger_glicko_ja.toml")
    listed = by_hand()["listed"]
    sheet = load_template(TEMPLATES / "glicko_ja.toml")
    sheet = dataclasses.replace(sheet, constants={
        **sheet.constants, "start": listed["P1"][0], "rd": listed["P1"][1]})
    typed = [{"Opponent": "P3", "OppRating": listed["P3"][0], "OppRD": listed["P3"][1],
              "Score": 1}]
    size = sized_for(ledger, {"Games": [*UP_TO_MARCH, APRIL], "Players": LEDGER_PLAYERS})
    built = {
        "march": build(dataclasses.replace(size, output="march"), work / "b",
                       tables={"Games": UP_TO_MARCH, "Players": LEDGER_PLAYERS}),
        "april": build(dataclasses.replace(size, output="april"), work / "b",
                       tables={"Games": [*UP_TO_MARCH, APRIL], "Players": LEDGER_PLAYERS}),
        "sheet": build(dataclasses.replace(sheet, output="sheet"), work / "b", inputs=typed),
    }
    stripped = []
    for key, path in built.items():
        stripped.append(work / f"{key}.xlsx")
        strip_cached_values(path, stripped[-1])
    fresh = dict(zip(built, recalculate(stripped, work / "out"), strict=True))
    return {"builder": built, "libreoffice": fresh}


@pytest.mark.parametrize("source", ["builder", "libreoffice"])
def test_a_month_nobody_played_grows_the_ledgers_rds(gap_files, source):
    """P2 beats P1 in March after a February nobody played: both RDs grow by c² twice
    (the paper's t = 2); the list's RD now of P3, who last played in January, grows to
    March."""
    wb = load_workbook(gap_files[source]["march"], data_only=True)
    hand = by_hand()
    assert column(wb, "Games_NewA")[2] == pytest.approx(hand["march"]["P2"][0], abs=1e-9)
    assert column(wb, "Games_NewRDB")[2] == pytest.approx(hand["march"]["P1"][1], abs=1e-9)
    shown = zip(column(wb, "List_Rating")[:3], column(wb, "List_RD")[:3], strict=True)
    listed = dict(zip(column(wb, "List_Name")[:3], shown, strict=True))
    assert listed == {p: pytest.approx(v, abs=1e-9) for p, v in hand["listed"].items()}


@pytest.mark.parametrize("source", ["builder", "libreoffice"])
def test_a_game_typed_from_the_list_gives_the_ledgers_rating(gap_files, source):
    """P1 types their own and P3's rating and RD from the March list into the personal
    sheet, and the April win: the sheet's new rating and RD are the April ledger's."""
    ledger = load_workbook(gap_files[source]["april"], data_only=True)
    sheet = load_workbook(gap_files[source]["sheet"], data_only=True)
    rating, rd = by_hand()["april"]["P1"]
    assert column(ledger, "Games_NewA")[3] == pytest.approx(rating, abs=1e-9)
    assert column(ledger, "Games_NewRDA")[3] == pytest.approx(rd, abs=1e-9)
    assert games_column(sheet, "Rating")[0] == pytest.approx(rating, abs=1e-9)
    assert games_column(sheet, "RD")[0] == pytest.approx(rd, abs=1e-9)
