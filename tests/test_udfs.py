"""The xlwings worksheet functions: Excel-shaped inputs, the catalog, and the metadata.

xlwings' decorators are no-ops on Linux, so these tests feed what Excel would pass
(floats for numbers, None for blank cells, lists of lists for ranges declared ndim=2).
"""

from __future__ import annotations

import importlib
import inspect
import re
import subprocess
import sys
import types

import pytest

import udfs
from rating_rules.errors import RatingInputError
from rating_rules.shogi import tokin_delta
from udfs import _excel
from workbook_builder.messages import REASONS

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
    assert out[2] == ["my_rating: '2000' は数ではありません / is not a number"]
    assert out[3][0].startswith("result: 2.0 は 1 (勝ち) か 0 (負け) にしてください / must be")


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


# --- messages in the cell's language ----------------------------------------------------


@pytest.fixture
def no_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    """No CLUB_RATING_LANG, and no Excel to ask for its display language."""
    monkeypatch.delenv(_excel.LANGUAGE_VARIABLE, raising=False)
    monkeypatch.setattr(_excel, "_excel_language", lambda: None)


def raised(call) -> str:
    with pytest.raises(RatingInputError) as info:
        call()
    return str(info.value)


def test_a_bad_input_reads_japanese_first_then_english(no_setting) -> None:
    assert raised(lambda: udfs.TOKIN_DELTA("abc", 1900.0, 1.0)) == (
        "my_rating: 'abc' は数ではありません / is not a number")
    assert raised(lambda: udfs.CLUB24_DELTA(1500.0, 1500.0, 1.0, 0.0)) == (
        "game_no: 0.0 は 1 以上にしてください / must be 1 or more")
    # a function that hands whole ranges to the engine, not cell by cell
    assert raised(lambda: udfs.ELO_UPDATE(1500.0, [[1600.0]], [[2.0]])) == (
        "scores[1]: 2.0 は 1 (勝ち)、0.5 (引き分け)、0 (負け) のどれかにしてください / must be "
        "1 (win), 0.5 (draw) or 0 (loss)")
    assert raised(lambda: udfs.ELO_EXPECTED([[1500.0], [1600.0]], [[1.0], [2.0], [3.0]])) == (
        "ranges: 'my_rating: 2×1, opp_rating: 3×1' は同じ大きさにしてください / must have the "
        "same size")


@pytest.mark.parametrize(("setting", "text"), [
    ("ja", "my_rating: 'abc' は数ではありません"),
    ("en", "my_rating: 'abc' is not a number"),
    (" EN ", "my_rating: 'abc' is not a number"),
    ("both", "my_rating: 'abc' は数ではありません / is not a number"),
    ("fr", "my_rating: 'abc' は数ではありません / is not a number"),  # not a choice: both
])
def test_the_setting_chooses_the_language(no_setting, monkeypatch, setting, text) -> None:
    monkeypatch.setenv(_excel.LANGUAGE_VARIABLE, setting)
    assert raised(lambda: udfs.TOKIN_DELTA("abc", 1900.0, 1.0)) == text
    assert udfs.TOKIN_DELTA([["abc"], [2000.0]], 1900.0, 1.0) == [[text], [12]]


def test_excels_display_language_chooses_unless_the_setting_does(no_setting,
                                                                 monkeypatch) -> None:
    monkeypatch.setattr(_excel, "_excel_language", lambda: "en")
    assert raised(lambda: udfs.MOSAIC_DELTA(100.0, 100.0, 1.0, -2.0)) == (
        "turn_diff: -2.0 must be 0 or more")
    monkeypatch.setenv(_excel.LANGUAGE_VARIABLE, "ja")
    assert raised(lambda: udfs.MOSAIC_DELTA(100.0, 100.0, 1.0, -2.0)) == (
        "turn_diff: -2.0 は 0 以上にしてください")


class _Excel:
    """What xlwings' link to a desktop Excel answers for its display language."""

    def __init__(self, language: int) -> None:
        self.language = language
        self.apps = self
        self.active = self.api = self.LanguageSettings = self

    def LanguageID(self, kind: int) -> int:
        assert kind == 2  # msoLanguageIDUI: the display language, not the editing one
        return self.language


@pytest.mark.parametrize(("platform", "excel", "language"), [
    ("win32", _Excel(1041), "ja"), ("win32", _Excel(1033), "en"),
    ("win32", None, None), ("linux", _Excel(1041), None), ("emscripten", _Excel(1041), None),
])
def test_excels_display_language_is_asked_on_windows_only(monkeypatch, platform, excel,
                                                          language) -> None:
    monkeypatch.setattr(_excel, "sys", types.SimpleNamespace(platform=platform))
    monkeypatch.setattr(_excel, "xw", excel)  # None: no Excel to ask, an AttributeError
    _excel._excel_language.cache_clear()
    try:
        assert _excel._excel_language() == language
    finally:
        _excel._excel_language.cache_clear()


def test_without_the_projects_table_a_cell_reads_the_lite_copy_or_english(
        no_setting, monkeypatch) -> None:
    """xlwings Lite carries udfs without workbook_builder: main.py's copy of the table
    (udfs._reasons) is read then, and without any table the engine's English."""
    real_import = importlib.import_module

    def without_project(name: str, *args):
        if name.startswith("workbook_builder"):
            raise ModuleNotFoundError(name)
        return real_import(name, *args)

    monkeypatch.setattr(_excel.importlib, "import_module", without_project)
    _excel._japanese_reasons.cache_clear()
    try:
        assert raised(lambda: udfs.GO_RANK_LABEL("3x")).startswith("rank: '3x' is not a Go rank")
        copy = types.ModuleType("udfs._reasons")
        copy.REASONS = {"is not a Go rank code": "?",
                        "is not a Go rank (codes like 1d+, 3k, BC; labels like 三段★, 1級)":
                        "囲碁の段級ではありません"}
        monkeypatch.setitem(sys.modules, "udfs._reasons", copy)
        _excel._japanese_reasons.cache_clear()
        assert raised(lambda: udfs.GO_RANK_LABEL("3x")) == (
            "rank: '3x' は囲碁の段級ではありません / is not a Go rank (codes like 1d+, 3k, BC; "
            "labels like 三段★, 1級)")
    finally:
        _excel._japanese_reasons.cache_clear()


def test_every_reason_reads_in_japanese_in_a_cell(no_setting) -> None:
    """Each reason of the table, as an engine error of it shows in a cell: its Japanese,
    details filled in, then its English."""
    for english, japanese in REASONS.items():
        details = {name: 3 for name in re.findall(r"{(\w+)", english)}
        error = RatingInputError("x", "v", english, **details)
        expected = japanese.format(**details)
        space = " " if expected[0].isascii() else ""
        assert _excel.cell_text(error) == (
            f"x: 'v' は{space}{expected} / {english.format(**details)}")


@pytest.mark.parametrize("empty", [[], [[]], ()])
def test_glicko_expected_refuses_an_empty_range_by_name(empty, monkeypatch) -> None:
    """No IndexError where a person reads: the engine's error, naming the argument."""
    from rating_rules.errors import RatingInputError

    monkeypatch.setenv(_excel.LANGUAGE_VARIABLE, "en")

    for i, name in enumerate(("my_rating", "opp_rating", "opp_rd")):
        args: list[object] = [[[1500.0]], [[1400.0]], [[30.0]]]
        args[i] = empty
        with pytest.raises(RatingInputError) as info:
            udfs.GLICKO_EXPECTED(*args)
        assert str(info.value) == f"{name}: {empty!r} is an empty range"


def test_glicko_functions_refuse_an_rd_above_350(monkeypatch) -> None:
    """The paper's bound: 1e200 gave 1772.9 before; now the engine's error names it."""
    monkeypatch.setenv(_excel.LANGUAGE_VARIABLE, "en")
    with pytest.raises(ValueError, match=r"^opp_rd: 1e\+200 must be 350 or less"):
        udfs.GLICKO_EXPECTED(1500.0, 1400.0, 1e200)
    with pytest.raises(ValueError, match=r"^my_rd: 351.0 must be 350 or less"):
        udfs.GLICKO_RATING(1500.0, 351.0, PAPER_OPPONENTS, PAPER_RDS, PAPER_SCORES)
    out = udfs.GLICKO_EXPECTED([[1500.0], [1500.0]], [[1400.0], [1400.0]], [[400.0], [30.0]])
    assert out[0] == ["opp_rd: 400.0 must be 350 or less (the largest RD)"]
    assert round(out[1][0], 3) == 0.639


@pytest.mark.parametrize(("function", "args", "name"), [
    ("TOKIN_DELTA", ([], 1900.0, 1.0), "my_rating"),
    ("ELO_EXPECTED", (1500.0, [[]]), "opp_rating"),
    ("MOSAIC_DELTA", (100.0, 100.0, (), 0.0), "result"),
])
def test_every_cell_by_cell_function_refuses_an_empty_range_by_name(
        function, args, name, monkeypatch) -> None:
    """An empty range gave IndexError or 'range() arg 3 must not be zero' outside Glicko."""
    monkeypatch.setenv(_excel.LANGUAGE_VARIABLE, "en")
    with pytest.raises(RatingInputError, match=rf"^{name}: .* is an empty range$"):
        getattr(udfs, function)(*args)
