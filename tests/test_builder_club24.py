"""The Shogi Club 24 sheet computes what the engine computes, in a real spreadsheet program.

Expected values come from :mod:`rating_rules.shogi` and RULES.md §2, never from the
sheet's own output. The shared fixture recalculates the shipped workbooks; the worked
examples, which need Settings typed too, go through one more LibreOffice call.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook

from rating_rules.shogi import CLUB24, club24_delta
from tests.commands import described
from tests.conftest import (
    assert_no_error_values,
    early,
    games_column,
    shipped,
)
from tests.sheetcases import assert_chart_follows
from tests.sheetcases.club24 import START, engine_rows
from tests.test_builder_tokin import name_values
from tests.worked import built_small, first_rows, recalculated

SHIPPED = shipped("club24")


@pytest.mark.parametrize("name", SHIPPED)
def test_caps_start_and_chart(recalc, name):
    """Row by row, tests/test_personal_sheets.py compares every computed column."""
    games = recalc.inputs[f"conform_{name}"]
    wb = load_workbook(recalc.results[f"conform_{name}"], data_only=True)
    expected = engine_rows(games, set(range(len(games))))
    changes = games_column(wb, "Change")
    assert len(changes) == len(games) == 200
    assert max(abs(c) for c in changes[:24]) > 31  # the initial formula has no cap …
    assert max(abs(c) for c in changes[24:]) <= 31  # … the normal one has
    lead = {key: games_column(wb, key, with_lead=True)[0] for key in ("GameNo", "Rating", "Rank")}
    assert lead == {"GameNo": 0, "Rating": START, "Rank": "1級"}
    assert_chart_follows(wb, START, [expected[i]["Rating"] for i in range(len(games))])


# --- Worked examples (RULES.md §2), typed into the sheet -------------------------------------

WORKED = {
    # name: (template, Settings typed, games typed)
    "normal_win": ("club24_ja", {"Settings_Start": 1500, "Settings_GamesBefore": 24},
                   [{"OppRating": 1700, "Result": 1}]),
    "normal_loss": ("club24_en", {"Settings_Start": 1700, "Settings_GamesBefore": 30},
                    [{"OppRating": 1500, "Result": 0}]),
    "first_game": ("club24_ja", {}, [{"OppRating": 1500, "Result": 1},
                                     {"OppRating": 1700, "Result": 0}]),
    "no_cap": ("club24_en", {"Settings_Rank": "初段"}, [{"OppRating": 2600, "Result": 1}]),
    "game_24_25": ("club24_ja", {"Settings_GamesBefore": 23},
                   [{"OppRating": 2500, "Result": 1}, {"OppRating": 2500, "Result": 1}]),
    "low": ("club24_en", {"Settings_Start": 150}, [{"OppRating": 150, "Result": 0}]),
    "floor": ("club24_ja", {"Settings_Start": 0}, [{"OppRating": 600, "Result": 0}]),
    "high": ("club24_en", {"Settings_Start": 2900}, [{"OppRating": 2900, "Result": 1}]),
    "bad_before": ("club24_ja", {"Settings_GamesBefore": 2.5}, [{"OppRating": 1500, "Result": 1}]),
}


@pytest.fixture(scope="module")
def worked(early_jobs) -> dict[str, Path]:
    return early_jobs["club24_worked"].result()


@early
def club24_worked(_: dict[str, Path], work: Path) -> dict[str, Path]:
    """Each worked example typed into a shipped workbook."""
    return recalculated(WORKED, built_small(SHIPPED, 8, work), work)


def test_worked_example_1500_beats_1700(worked):
    assert first_rows(worked["normal_win"], "Rating")[:2] == [1500, 1524]
    assert first_rows(worked["normal_win"], "GameNo")[:2] == [24, 25]  # past the initial 24


def test_worked_example_1700_loses_to_1500(worked):
    assert first_rows(worked["normal_loss"], "Rating")[:2] == [1700, 1676]


def test_initial_formula_for_the_first_games(worked):
    # Declared 1級 = 1500. Game 1: (0 + 400) / (1 + 1) = +200. Game 2 from 1700 vs 1700,
    # a loss: (0 − 400) / (2 + 1) = −133.3 → −133.
    assert first_rows(worked["first_game"], "Change")[1:] == [200, -133]
    assert first_rows(worked["first_game"], "Rating")[1:] == [1700, 1567]
    assert first_rows(worked["first_game"], "GameNo") == [0, 1, 2]
    assert first_rows(worked["first_game"], "Rank") == ["1級", "二段", "初段"]
    assert club24_delta(1700, 1700, 0, game_no=2) == -133


def test_the_initial_formula_has_no_cap_until_game_24(worked):
    assert first_rows(worked["no_cap"], "Change")[1] == 700 == club24_delta(1600, 2600, 1,
                                                                             game_no=1)
    # Games 24 and 25: divide by 25 both times, but only game 25 is capped at 31.
    changes = first_rows(worked["game_24_25"], "Change")[1:]
    assert changes[0] == round((2500 - 1500 + 400) / 25) == 56
    assert changes[1] == 31 == club24_delta(1556, 2500, 1, game_no=25)


def test_low_ratings_lose_half_and_never_go_below_zero(worked):
    assert first_rows(worked["low"], "Change")[1] == -8 == club24_delta(150, 150, 0, game_no=1)
    assert first_rows(worked["floor"], "Rating")[:2] == [0, 0]


def test_high_ratings_always_use_the_normal_formula(worked):
    assert first_rows(worked["high"], "Change")[1] == 16 == club24_delta(2900, 2900, 1, game_no=1)


def test_games_before_must_be_a_whole_number(worked):
    wb = load_workbook(worked["bad_before"], data_only=True)
    assert "⚠" in games_column(wb, "Status", with_lead=True)[0]
    assert "⚠" in games_column(wb, "Status")[0] and games_column(wb, "Change")[0] in (None, "")
    assert_no_error_values(wb)


# --- What a player and a program find ------------------------------------------------------


def test_rank_table_on_settings_with_halfway_bounds(built, recalc, opened):
    wb = load_workbook(recalc.results["stripped_club24_ja"], data_only=True)
    labels, ratings = name_values(wb, "Settings_RankLabel"), name_values(wb, "Settings_RankRating")
    assert list(zip(labels, ratings, strict=True)) == list(CLUB24.ranks)
    bounds = name_values(wb, "Settings_RankFrom")
    assert bounds[labels.index("初段")] == 1550 and bounds[labels.index("二段")] == 1700
    assert bounds[-1] in (None, "")  # 初心者: everything below
    formulas = opened["club24_ja"]
    assert "Settings_RankFrom" in games_column(formulas, "Rank")[0]
    assert "Settings_GamesBefore" in games_column(formulas, "Change")[0]


def test_no_handicap_column_and_describe(built):
    _, names = described(built["club24_en"])
    assert "Games_Handicap" not in names
    for key in ("Opponent", "OppRating", "Result", "Date"):
        assert names[f"Games_{key}"]["role"] == "input"
    for key in ("GameNo", "Change", "Rating", "Rank", "Status"):
        assert names[f"Games_{key}"]["role"] == "computed"
    assert names["Settings_GamesBefore"]["minimum"] == 0
    assert names["Settings_RankFrom"]["role"] == "computed"


def test_games_before_is_a_validated_whole_number(built, opened):
    wb = opened["club24_ja"]
    ((title, ref),) = list(wb.defined_names["Settings_GamesBefore"].destinations)
    dv = [d for d in wb[title].data_validations.dataValidation
          if str(d.sqref) == ref.replace("$", "")]
    assert [(d.type, d.operator, d.formula1) for d in dv] == [("whole", "greaterThanOrEqual", "0")]
    assert wb[title][ref.replace("$", "")].value == 0
