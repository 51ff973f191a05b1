"""The xlwings worksheet functions: Excel-shaped inputs, the catalog, and the metadata.

xlwings' decorators are no-ops on Linux, so these tests feed what Excel would pass
(floats for numbers, None for blank cells, lists of lists for ranges declared ndim=2).
"""

from __future__ import annotations

import inspect
import subprocess
import sys

import pytest

import udfs
from rating_rules.shogi import tokin_delta

ISSUE_CATALOG = {
    "TOKIN_DELTA", "TOKIN_HANDICAP", "TOKIN_START", "CLUB24_DELTA", "CLUB24_RANK",
    "ELO_EXPECTED", "LINEAR_EXPECTED", "ELO_DELTA", "ELO_UPDATE", "GLICKO_EXPECTED",
    "GLICKO_RATING", "GLICKO_RD", "GO_DELTA", "GO_HANDICAP",
    "GO_NEXT_RANK", "GO_RANK_LABEL", "YONIN_KO_PT", "YONIN_UPSET_PT", "YONIN_UPDATE",
    "YONIN_GAME", "YONIN_RANK", "YONIN_SCORE", "MOSAIC_DELTA", "MOSAIC_UPDATE",
}


def test_done_when_command_prints_12() -> None:
    out = subprocess.run(
        [sys.executable, "-c", "import udfs; print(udfs.TOKIN_DELTA(2000, 1900, 1))"],
        capture_output=True, text=True, check=True,
    )
    assert out.stdout == "12\n"


def test_catalog_is_the_issues_list() -> None:
    assert {e.name for e in udfs.catalog()} == ISSUE_CATALOG
    for name in ISSUE_CATALOG:
        assert callable(getattr(udfs, name))


def test_every_registered_function_exists_once() -> None:
    from rating_rules import SYSTEMS

    listed = [name for system in SYSTEMS.values() for name in system.functions]
    assert sorted(listed) == sorted(ISSUE_CATALOG)


@pytest.mark.parametrize("entry", udfs.catalog(), ids=lambda e: e.name)
def test_every_arg_names_a_parameter_and_is_documented(entry) -> None:
    parameters = list(inspect.signature(entry.function).parameters)
    recorded = entry.function._udf_args
    assert set(recorded) == set(parameters), "an @arg names no parameter, or one lacks @arg"
    for options in recorded.values():
        assert 0 < len(options["doc"]) <= 255
    assert 0 < len(entry.doc) <= 255, "Excel's function wizard shows at most 255 characters"
    assert "\n" not in entry.doc


@pytest.mark.parametrize("entry", udfs.catalog(), ids=lambda e: e.name)
def test_every_function_is_worded_in_japanese_too(entry) -> None:
    """The catalog, the LAMBDA edition and ``functions --lang ja`` show these words."""
    assert any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in entry.ja)
    assert "\n" not in entry.ja and len(entry.ja) <= 255


@pytest.mark.parametrize("name", ["GLICKO_RATING", "GLICKO_RD"])
def test_glicko_period_functions_state_the_rules_rd_growth(name) -> None:
    """Their words quote step 1 of Glickman's paper with the rule's c² and cap: written
    once beside the function, so a change of the rule must show here."""
    from rating_rules.glicko import GLICKO

    grown = f"MIN(SQRT(RD^2+{round(GLICKO.c ** 2)}*t),{round(GLICKO.start_rd)})"
    entry = next(e for e in udfs.catalog() if e.name == name)
    assert grown in entry.summary and grown in entry.ja


def test_excel_shaped_scalars() -> None:
    assert udfs.TOKIN_DELTA(2000.0, 1900.0, 1.0) == 12
    assert udfs.TOKIN_DELTA(2000.0, 1850.0, 1.0, "香落") == 14
    assert udfs.TOKIN_DELTA(2000.0, 1900.0, 1.0, None) == 12
    assert udfs.CLUB24_DELTA(1500.0, 1700.0, 1.0) == 24      # seed 002: 1500 → 1524
    assert udfs.CLUB24_DELTA(1500.0, 1500.0, 1.0, 1.0) == 200  # (0 + 400) / (1 + 1)
    assert udfs.TOKIN_START("初段") == 1600
    assert udfs.MOSAIC_UPDATE(120.0, 100.0, 1.0, 8.0) == pytest.approx(126)
    assert udfs.YONIN_RANK(2000.0) == "初段"
    assert udfs.YONIN_SCORE(1.0, 2.0) == 4                   # rule A: 2 + 2 knockouts
    assert udfs.YONIN_SCORE(2.0, None, "102") == 0.5


def test_elo_update_takes_ranges_with_blank_rows() -> None:
    # Seed 002's period, as columns with two blank rows at the end.
    opps = [1700.0, 1600.0, 1850.0, 1900.0, 1800.0, 1550.0, None, None]
    scores = [0.5, 1.0, 0.0, 0.5, 0.0, 1.0, None, None]
    assert udfs.ELO_UPDATE(1500.0, opps, scores) == 1552
    assert udfs.ELO_UPDATE(1500.0, [[o] for o in opps], [[s] for s in scores], 32.0) == 1552


# Glickman, "The Glicko system" (1999): 1500 with RD 200 beats 1400/RD 30, loses to
# 1550/RD 100 and to 1700/RD 300; the paper prints E = 0.639, 0.432, 0.303, then
# r' = 1464 and RD' = 151.4.
PAPER_OPPONENTS = [1400.0, None, 1550.0, 1700.0, None]  # a blank row inside, one at the end
PAPER_RDS = [30.0, None, 100.0, 300.0, None]
PAPER_SCORES = [1.0, None, 0.0, 0.0, None]


def test_glicko_period_takes_ranges_with_blank_rows() -> None:
    for shaped in (list, lambda xs: [[x] for x in xs]):  # ndim=1 lists, or columns
        args = (shaped(PAPER_OPPONENTS), shaped(PAPER_RDS), shaped(PAPER_SCORES))
        assert round(udfs.GLICKO_RATING(1500.0, 200.0, *args)) == 1464
        assert round(udfs.GLICKO_RD(1500.0, 200.0, *args), 1) == 151.4


def test_glicko_expected_is_cellwise() -> None:
    mine = [[None if o is None else 1500.0] for o in PAPER_OPPONENTS]
    out = udfs.GLICKO_EXPECTED(mine, [[o] for o in PAPER_OPPONENTS], [[d] for d in PAPER_RDS])
    assert [[round(e, 3) if e != "" else e for e in row] for row in out] == [
        [0.639], [""], [0.432], [0.303], [""]]
    assert round(udfs.GLICKO_EXPECTED(1500.0, 1400.0, 30.0), 3) == 0.639
    # rows without ratings stay blank beside an RD typed once for all
    assert udfs.GLICKO_EXPECTED([[1500.0], [None]], [[1400.0], [None]], 30.0)[1] == [""]
    # g(RD) → 1 as RD → 0: the Elo expectation 1/(1+10^(−100/400)) = 0.6401
    assert round(udfs.GLICKO_EXPECTED(1500.0, 1400.0, 1e-9), 4) == 0.6401


def test_yonin_game_keeps_orientation_and_matches_seed() -> None:
    row = udfs.YONIN_GAME(
        [[1720.0, 1370.0, 2005.0, 480.0]], [[1.0, 2.0, 3.0, 4.0]],
        [[None, 1.0, 2.0, 1.0]], [[None, None, "初段", None]],
    )
    assert row == [[1761, 1410, 2000, 470]]
    column = udfs.YONIN_GAME(
        [[1720.0], [1370.0], [2005.0], [480.0]], [[1.0], [2.0], [3.0], [4.0]],
        [[None], [1.0], ["T"], [1.0]], [[None], [None], ["初段"], [None]],
    )
    assert column == [[1767], [1396], [2000], [470]]    # seed 003 ■6: C times out


def test_yonin_update_seed_example() -> None:
    # B (1370, 2nd) mated C (2005) and was mated by A (1720): 1370 + 20 + 20 + 0 = 1410.
    assert udfs.YONIN_UPDATE(1370.0, 2.0, [[2005.0], [None]], 1720.0) == 1410
    # C (2005, 3rd, official 初段) mated by B: 2005 + 0 + 0 − 10 = 1995 → 2000.
    assert udfs.YONIN_UPDATE(2005.0, 3.0, None, 1370.0, None, "初段") == 2000


def test_array_form_matches_scalar_calls() -> None:
    mine = [[1500.0 + 37 * i] for i in range(50)]
    theirs = [[1800.0 - 11 * i] for i in range(50)]
    results = [[float(i % 2)] for i in range(50)]
    out = udfs.TOKIN_DELTA(mine, theirs, results)
    rows = zip(mine, theirs, results, strict=True)
    expected = [[tokin_delta(m[0], t[0], r[0])] for m, t, r in rows]
    assert out == expected


def test_array_form_marks_bad_rows_and_keeps_blank_rows_blank() -> None:
    out = udfs.TOKIN_DELTA(
        [[2000.0], [None], ["2000"], [2000.0]], [[1900.0], [None], [1900.0], [1900.0]],
        [[1.0], [None], [1.0], [2.0]],
    )
    assert out[0] == [12]
    assert out[1] == [""]
    assert out[2] == ["my_rating: '2000' is not a number"]
    assert out[3][0].startswith("result: 2.0 must be")


def test_array_form_broadcasts_a_single_cell() -> None:
    out = udfs.ELO_DELTA([[1500.0], [1500.0]], [[1500.0], [1700.0]], [[1.0], [0.5]], 16.0)
    assert out[0] == [pytest.approx(8.0)]
    assert out[1][0] == pytest.approx(16 * (0.5 - 0.2402530733520421))


def test_mismatched_ranges_raise_with_sizes() -> None:
    with pytest.raises(ValueError, match="same size"):
        udfs.ELO_EXPECTED([[1500.0], [1600.0]], [[1500.0], [1600.0], [1700.0]])


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: udfs.TOKIN_DELTA("abc", 1900.0, 1.0), "my_rating: 'abc'"),
        (lambda: udfs.TOKIN_DELTA(2000.0, 1900.0, 1.0, "金落"), "handicap: '金落'"),
        (lambda: udfs.MOSAIC_DELTA(100.0, 100.0, 1.0, -2.0), "turn_diff: -2.0"),
        (lambda: udfs.ELO_DELTA(1500.0, 1500.0, 2.0), "score: 2.0"),
        (lambda: udfs.CLUB24_DELTA(1500.0, 1500.0, 1.0, 0.0), "game_no: 0.0"),
        (lambda: udfs.YONIN_GAME([[1, 2, 3, 4]], [[1, 1, 3, 4]], [[None, 1, 2, 1]]), "placements"),
        (lambda: udfs.GO_RANK_LABEL("3x"), "rank: '3x'"),
        (lambda: udfs.GLICKO_EXPECTED(1500.0, 1400.0, -30.0), "opp_rd: -30.0"),
        (lambda: udfs.GLICKO_EXPECTED("1500", 1400.0, 30.0), "my_rating: '1500'"),
        (lambda: udfs.GLICKO_RATING(1500.0, 0.0, PAPER_OPPONENTS, PAPER_RDS, PAPER_SCORES),
         "my_rd: 0.0"),
        (lambda: udfs.GLICKO_RATING(1500.0, 200.0, PAPER_OPPONENTS,
                                    [30.0, None, None, 300.0, None], PAPER_SCORES),
         "opp_rds[3]: None"),  # a row filled in part: its blank cell is named
        (lambda: udfs.GLICKO_RD(1500.0, 200.0, PAPER_OPPONENTS, PAPER_RDS,
                                [1.0, None, 0.0, "0", None]), "scores[4]: '0'"),
        (lambda: udfs.GLICKO_RD(1500.0, 200.0, PAPER_OPPONENTS, PAPER_RDS, [1.0, None, 0.0]),
         "scores: [1.0, None, 0.0]"),
    ],
)
def test_bad_input_raises_value_error_naming_field(call, field: str) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert str(info.value).startswith(field)
