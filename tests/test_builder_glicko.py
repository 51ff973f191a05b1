"""The Glicko sheet computes what the engine computes, per game and per rating period.

Expected values come from Glickman's paper ("The Glicko system": 1500 with RD 200 beats
1400/30, loses to 1550/100 and 1700/300 → 1464, RD 151.4) and from :mod:`rating_rules`
(``glicko_period``, ``glicko_rd_before``, ``glicko_expected``), never from the sheet's
own output. The shipped (per-game) workbooks are checked row by row in
tests/test_personal_sheets.py; the per-period variants and the paper's example need one
more LibreOffice call, made once for this module. Their cached values are compared with
LibreOffice's in tests/test_cached_values.py.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from openpyxl import load_workbook

from rating_rules.glicko import glicko_period, glicko_rd_before
from tests.conftest import (
    assert_no_error_values,
    column_cells,
    early,
    games_column,
    lang_of,
    shipped,
)
from tests.sheetcases import assert_incomplete, assert_rows_show, chart_points
from tests.sheetcases.glicko import (
    BAD_COUNTED,
    BAD_FLAGGED,
    BAD_INCOMPLETE,
    BAD_MESSAGES,
    BAD_ROWS,
    START,
    engine_rows,
    random_inputs,
)
from workbook_builder.build import TEMPLATES, build
from workbook_builder.cli import main
from workbook_builder.package import strip_cached_values
from workbook_builder.template import TemplateError, load_template, parse_template

SHIPPED = shipped("glicko")

PAPER = [{"Opponent": f"W{i}", "OppRating": opp, "OppRD": rd, "Score": score}
         for i, (opp, rd, score) in enumerate([(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])]
PAPER[0]["Period"] = "1"
PAPER_E = [0.639, 0.432, 0.303]


def variant(name: str, **constants: float):
    spec = load_template(TEMPLATES / f"{name}.toml")
    return dataclasses.replace(spec, constants={**spec.constants, **constants})


CACHED_KINDS = ("periods_conform", "periods_bad", "paper")
"""The jobs of :func:`glicko_extra` (``<kind>_<template>``), built with cached values."""


@early
def glicko_extra(_: dict[str, Path], work: Path) -> dict[str, dict]:
    """Workbooks built with inputs (cached values from the engine), stripped, recalculated."""
    from workbook_builder.libreoffice import recalculate

    jobs: dict[str, tuple[object, list[dict[str, object]]]] = {}
    for seed, name in enumerate(SHIPPED):
        jobs[f"periods_conform_{name}"] = (variant(name, periods=1.0),
                                           random_inputs(3000 + seed, 200))
        jobs[f"periods_bad_{name}"] = (variant(name, periods=1.0), BAD_ROWS)
        jobs[f"paper_{name}"] = (variant(name, periods=1.0, rd=200.0), PAPER)
    cached, stripped = {}, []
    for job, (spec, rows) in jobs.items():
        spec = dataclasses.replace(spec, output=job)
        cached[job] = build(spec, work / "cached", inputs=rows)
        stripped.append(work / f"{job}.xlsx")
        strip_cached_values(cached[job], stripped[-1])
    outs = recalculate(stripped, work / "out")
    results = {path.stem: out for path, out in zip(stripped, outs, strict=True)}
    return {"cached": cached, "results": results, "inputs": {k: v[1] for k, v in jobs.items()}}


@pytest.fixture(scope="module")
def extra(early_jobs):
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    return early_jobs["glicko_extra"].result()


def check_chart(wb, rows, counted, periods: bool) -> None:
    """The chart has the start and each settled rating, X the counted games so far."""
    expected = engine_rows(rows, counted, periods=periods)
    points = [(0, START)] + [(n + 1, e["Rating"]) for n, (_, e) in enumerate(sorted(
        expected.items())) if e["Rating"] is not None]
    end = len(rows) + 1
    assert chart_points(games_column(wb, "ChartX")[:end]) == [p[0] for p in points]
    assert chart_points(games_column(wb, "ChartY")[:end]) == pytest.approx([p[1] for p in points])


@pytest.mark.parametrize("name", SHIPPED)
def test_paper_example_on_the_sheet(extra, name):
    """One period of the paper's three games from 1500, RD 200: 1464, RD 151.4, on the
    period's last row only; the expected scores are the paper's."""
    wb = load_workbook(extra["results"][f"paper_{name}"], data_only=True)
    assert games_column(wb, "Expected")[:3] == pytest.approx(PAPER_E, abs=0.0005)
    ratings, rds = games_column(wb, "Rating")[:4], games_column(wb, "RD")[:4]
    assert ratings[:2] == rds[:2] == [None, None] and ratings[3] is None
    assert round(ratings[2]) == 1464 and round(rds[2], 1) == 151.4
    changes = games_column(wb, "Change")[:3]
    assert sum(changes) == pytest.approx(ratings[2] - 1500, abs=1e-9)
    assert games_column(wb, "InPeriod")[2] == ratings[2]


@pytest.mark.parametrize("name", SHIPPED)
def test_per_period_every_row_matches_the_engine(extra, name):
    job = f"periods_conform_{name}"
    games = extra["inputs"][job]
    wb = load_workbook(extra["results"][job], data_only=True)
    counted = set(range(len(games)))
    assert_rows_show(wb, games, engine_rows(games, counted, periods=True))
    check_chart(wb, games, counted, periods=True)
    settled = sum(v not in (None, "") for v in games_column(wb, "Rating"))
    assert 10 < settled < 100  # the random log really has periods of several games


@pytest.mark.parametrize("name", SHIPPED)
def test_per_period_bad_rows_are_flagged_and_skipped(extra, name):
    wb = load_workbook(extra["results"][f"periods_bad_{name}"], data_only=True)
    assert_no_error_values(wb)
    statuses = games_column(wb, "Status")
    for i in BAD_FLAGGED:
        assert BAD_MESSAGES[lang_of(name)][i] in str(statuses[i]), f"row {i}: {statuses[i]!r}"
    for i in BAD_INCOMPLETE:
        assert_incomplete(statuses[i], lang_of(name), f"row {i}")
    assert_rows_show(wb, BAD_ROWS, engine_rows(BAD_ROWS, set(BAD_COUNTED), periods=True))
    # Rows 0 and 8 are one period (A, carried down past the flagged rows); B and "=A1"
    # each settle their own.
    ratings = games_column(wb, "Rating")
    assert [i for i, v in enumerate(ratings) if v not in (None, "")] == [8, 13, 14]
    check_chart(wb, BAD_ROWS, set(BAD_COUNTED), periods=True)


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
    check_chart(wb, games, set(range(len(games))), periods=False)


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


@pytest.mark.parametrize("constants, words", [
    ("periods = 2", ["constants.periods", "2.0"]),
    ("rd = 0", ["constants.rd", "0.0"]),
    ("start_rd = -1", ["constants.start_rd", "-1.0"]),
    ("c = -3", ["constants.c", "-3"]),
])
def test_bad_constants_give_one_line(tmp_path, constants, words):
    bad = tmp_path / "bad.toml"
    bad.write_text(f'system = "glicko"\n[constants]\n{constants}\n', encoding="utf-8")
    result = CliRunner().invoke(main, ["build", str(bad), "--out", str(tmp_path)])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
    for word in words:
        assert word in result.output


def test_constants_the_sheet_does_not_show_are_refused():
    with pytest.raises(TemplateError, match=r"constants\.rounding"):
        parse_template({"system": "glicko", "constants": {"rounding": 0}}, "t")
