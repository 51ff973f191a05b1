"""The Go points sheet computes what the engine computes, in LibreOffice.

Expected values come from :mod:`rating_rules.go` through ``tests.sheetcases.go
.engine_chain`` (and RULES.md §4 for the worked example), never from the sheet or the
builder. The shipped templates are recalculated in the shared soffice call
(conftest); Settings variants (typed start points far outside the declared rank's
band, other start ranks, games before) need one more call, made once here.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from openpyxl import load_workbook

from rating_rules.go import GO, band, rank_label, regular_handicap, start_points
from tests.conftest import (
    ERRORS,
    column_cells,
    early,
    fill,
    games_column,
    lang_of,
    shipped,
)
from tests.sheetcases import assert_rows_show, chart_points
from tests.sheetcases.go import (
    BAD_COUNTED,
    BAD_ROWS,
    CODES,
    engine_chain,
    engine_rows,
    random_inputs,
)

SHIPPED = shipped("go")


def lead(wb, key: str) -> object:
    title, letter, first, _ = column_cells(wb, f"Games_{key}")
    return wb[title][f"{letter}{first - 1}"].value


def blank(value) -> bool:
    return value in (None, "")


def check_chart(wb, rows, expected) -> None:
    """The chart's points: the start, then each counted row's points, on ``rows`` only."""
    chart_y = chart_points(games_column(wb, "ChartY")[:len(rows) + 1])
    assert chart_y[0] == pytest.approx(lead(wb, "Points"))
    assert chart_y[1:] == pytest.approx([expected[i].points for i in sorted(expected)])


# --- shipped templates, shared soffice call -----------------------------------------------

@pytest.mark.parametrize("name", SHIPPED)
def test_start_and_chart_follow_the_engine(recalc, name):
    """Row by row, tests/test_personal_sheets.py compares every computed column."""
    rows = recalc.inputs[f"conform_{name}"]
    wb = load_workbook(recalc.results[f"conform_{name}"], data_only=True)
    assert len(games_column(wb, "Change")) == len(rows) == 200
    assert lead(wb, "Rank") == "1k" and lead(wb, "Points") == 25050
    check_chart(wb, rows, engine_chain(rows, set(range(len(rows))), lang_of(name)))
    assert games_column(wb, "ChartX") == list(range(len(rows) + 1))


@pytest.mark.parametrize("name", SHIPPED)
def test_random_inputs_cover_every_branch(recalc, name):
    rows = recalc.inputs[f"conform_{name}"]
    games = engine_chain(rows, set(range(len(rows))))
    kinds = {g.engine_type for g in games.values()}
    assert kinds == {"rated", "forfeit", "provisional", "unrated"}
    ranks = [g.rank for g in games.values()]
    moves = [CODES.index(a) - CODES.index(b) for a, b in itertools.pairwise(ranks)]
    assert sum(m > 0 for m in moves) >= 3 and sum(m < 0 for m in moves) >= 3  # up and down
    assert max(map(CODES.index, ranks)) - min(map(CODES.index, ranks)) >= 4
    changes = {abs(g.change) for g in games.values() if g.game_no}
    assert {200, 150, 120} <= changes  # ×2, ×1.5, ×1.2 at the regular handicap (×1: variants)
    assert len(changes) >= 10  # non-standard handicaps: 92/108 … 64/136 exchanges
    off = [g for g in games.values() if g.engine_type == "rated" and g.game_no is None]
    assert any(not g.vs_bc for g in off)  # unrated by the gap off the regular handicap
    assert any(g.vs_bc for g in games.values())
    assert any(r.get("Handicap") is not None and r["Handicap"] > 0
               and r.get("OppRank", "").lower() == ranks[i - 1].lower()
               for i, r in enumerate(rows) if i)  # equal ranks with a handicap
    bonus = [g.change for g in games.values() if g.engine_type == "provisional"]
    assert 50 in bonus and 0 in bonus
    refused = [i for i, g in games.items() if g.engine_type == "provisional" and not g.vs_bc
               and rows[i].get("Result") == 1 and g.change == 0]
    assert refused  # a win after two unrated games earns nothing


@pytest.mark.parametrize("name", SHIPPED)
def test_bad_rows_chart_and_the_game_in_progress(recalc, name):
    """Among the bad rows (row by row in tests/test_personal_sheets.py), the chart has the
    counted ones only, and the game in progress shows the handicap of the rank in force."""
    wb = load_workbook(recalc.results[f"example_{name}"], data_only=True)
    expected = engine_chain(BAD_ROWS, set(BAD_COUNTED), lang_of(name))
    check_chart(wb, BAD_ROWS, expected)
    assert games_column(wb, "Regular")[19] == regular_handicap(expected[14].rank, "1k",
                                                               lang_of(name))


def test_generated_tables_follow_the_engine(recalc):
    wb = load_workbook(recalc.results["stripped_go_ja"], data_only=True)
    ladder = wb["昇段・降段表"]
    for k, code in enumerate(CODES, 3):
        up, down = band(code)
        got = [c.value for c in ladder[k][:5]]
        assert got[:2] == [code, rank_label(code)] and got[3:] == [down, start_points(code)]
        assert blank(got[2]) if up is None else got[2] == up
    hc = wb["手合割表"]
    assert hc["B3"].value == "置石なし、黒番6目半コミ出し"  # RULES.md §4: 0 → even, 6.5 komi
    assert hc["B4"].value == "置石なし、下手半目コミ出し"  # 0.5 → lower gives 0.5
    assert hc["B6"].value == "置石2子、下手半目コミ出し"   # 1.5 → 2 stones, lower gives 0.5
    assert hc["B21"].value == "置石9子、上手5目半コミ出し"  # 9 → 9 stones, upper gives 5.5


# --- Settings variants and the worked example: one more soffice call ------------------------

VARIANTS = {  # name → (start rank, typed start points, rated games before)
    "up": ("1k", 40000, 120),     # settles several ranks up at the first game
    "down": ("5d", 10000, 0),     # … several ranks down
    "top": ("10d", 70000, 55),    # nothing above 10d
    "floor": ("17k", 100, 0),     # 17k never falls into BC
    "low": ("15k", None, 0),      # beating BC pays below 9k+
}
_rng = random.Random(77)
for _n in range(5):  # random big swings: any rank, any points
    VARIANTS[f"rand{_n}"] = (_rng.choice(CODES), _rng.randint(0, 70000), _rng.randint(0, 60))

WORKED = [  # RULES.md §4 worked through from 1d, 29 rated games before (games 30–36: ×1.5)
    {"OppRank": "1k", "Result": 1},                     # regular: +100 × 1.5
    {"OppRank": "1k", "Handicap": 0, "Result": 0},      # even vs 1 rank weaker: −116 × 1.5
    {"GameType": "不戦勝"},                              # forfeit win +50
    {"OppRank": "2k", "GameType": "対仮・BC", "Result": 1},  # vs provisional: +50
    *({"OppRank": "2d", "Result": 1},) * 5,             # regular wins, +150 each
]
WORKED_CHANGES = [150, -174, 50, 50, 150, 150, 150, 150, 150]


def _set(wb, name: str, value) -> None:
    ((title, ref),) = list(wb.defined_names[name].destinations)
    wb[title][ref.replace("$", "")].value = value


@early
def go_variants(built: dict[str, Path], work: Path) -> dict[str, tuple]:
    """The Go sheet filled with each variant's start and random games, recalculated."""
    from workbook_builder.libreoffice import recalculate

    jobs: dict[str, tuple] = {}
    cases = {**{k: (*v, random_inputs(500 + n, 60, *v))
                for n, (k, v) in enumerate(VARIANTS.items())},
             "worked": ("1d", None, 29, WORKED)}
    for key, (rank, pts, before, rows) in cases.items():
        path = work / f"go_{key}.xlsx"
        fill(built["go_en"], path, rows)
        wb = load_workbook(path)
        _set(wb, "Settings_StartRank", rank)
        _set(wb, "Settings_StartPoints", pts)
        _set(wb, "Settings_RatedBefore", before)
        wb.save(path)
        jobs[key] = (rank, pts, before, rows, path)
    outs = recalculate([j[4] for j in jobs.values()], work / "out")
    return {k: (*j[:4], out) for (k, j), out in zip(jobs.items(), outs, strict=True)}


@pytest.fixture(scope="module")
def variants(early_jobs):
    return early_jobs["go_variants"].result()


@pytest.mark.parametrize("key", list(VARIANTS))
def test_typed_settings_and_big_swings(variants, key):
    rank, pts, before, rows, out = variants[key]
    wb = load_workbook(out, data_only=True)
    start = {"start_rank": rank, "start_pts": pts, "rated_before": before}
    assert lead(wb, "Points") == pytest.approx(start_points(rank) if pts is None else pts)
    assert lead(wb, "Rank") == rank
    assert lead(wb, "Counted") == before
    assert_rows_show(wb, rows, engine_rows(rows, set(range(len(rows))), "en", **start))
    check_chart(wb, rows, engine_chain(rows, set(range(len(rows))), "en", **start))
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                assert cell.value not in ERRORS or cell.value == "#N/A"


def test_big_swings_move_several_ranks(variants):
    for key, steps in (("up", -3), ("down", 3)):
        rank, pts, before, rows, _ = variants[key]
        first = engine_chain(rows, {0}, "en", rank, pts, before)[0].rank
        assert (CODES.index(first) - CODES.index(rank)) * (1 if steps > 0 else -1) >= abs(steps)
    rank, pts, before, rows, out = variants["floor"]
    assert set(games_column(load_workbook(out, data_only=True), "Rank")[:len(rows)]) <= {"17k",
                                                                                    "17k+"}


def test_worked_example_from_rules(variants):
    *_, out = variants["worked"]
    wb = load_workbook(out, data_only=True)
    n = len(WORKED)
    assert lead(wb, "Points") == (28000 + 26400) / 2  # middle of 1d's band
    assert games_column(wb, "Change")[:n] == pytest.approx(WORKED_CHANGES)
    assert games_column(wb, "Points")[n - 1] == pytest.approx(28026)
    assert games_column(wb, "Rank")[n - 2:n] == ["1d", "1d+"]  # above 28000: promoted
    assert games_column(wb, "Label")[n - 2:n] == ["三段", "三段★"]  # established: no 仮
    assert games_column(wb, "Counted")[:n] == [30, 31, "forfeit", "bonus", 32, 33, 34, 35, 36]
    assert games_column(wb, "Mult")[:2] == pytest.approx([1.5, 1.5])
    assert games_column(wb, "Regular")[0] == "Even, weaker takes black, stronger gives 5.5 komi"


def test_preset_defaults_on_settings(built, opened):
    wb = opened["go_ja"]
    for name, value in (("Settings_StartRank", "1k"), ("Settings_RegularPoints", 100),
                        ("Settings_ForfeitPoints", 50), ("Settings_ProvisionalGames", 20),
                        ("Settings_NoBonusFrom", "9k+"), ("Settings_MaxGap", 3)):
        ((title, ref),) = list(wb.defined_names[name].destinations)
        assert wb[title][ref.replace("$", "")].value == value, name
    ((title, ref),) = list(wb.defined_names["Settings_Ladder_Up"].destinations)
    cells = [c[0].value for c in wb[title][ref.replace("$", "")]]
    assert cells == [up for _, up, _ in GO.table]
    row = [str(c.value) for c in wb["対局"][4]]
    assert any("Settings_Ladder_Up" in f and "Settings_Ladder_Down" in f for f in row)
    assert any("Settings_Exchange_Favoured" in f for f in row)
