"""The formula catalog: every example, recalculated by LibreOffice, is what the engine gives.

Expected values come from the worksheet functions (:mod:`udfs`, i.e. the engine with
Excel's calling convention) or :mod:`rating_rules`, called with the inputs the test
typed, never from the sheet. Inputs are typed by defined name (``Catalog_<F>_<arg>``)
with openpyxl; every workbook of this module goes through ONE LibreOffice call.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.formula.tokenizer import Token, Tokenizer

import udfs
from rating_rules import go, yonin
from rating_rules.go import GO
from rating_rules.shogi import TOKIN, TOKIN_START_TABLE
from tests.conftest import early, lang_of
from workbook_builder.audit import audit
from workbook_builder.build import TEMPLATES, build
from workbook_builder.describe import describe
from workbook_builder.package import strip_cached_values
from workbook_builder.readback import cells_of
from workbook_builder.repair import repair
from workbook_builder.sheets import SheetType
from workbook_builder.sheets.catalog import ENTRIES, NOT_NATIVE
from workbook_builder.template import load_template

NAMES = ("formulas_ja", "formulas_en")
ERRORS = ("#VALUE!", "#N/A", "#DIV/0!", "#NAME?", "#REF!", "#NUM!", "#NULL!", "Err:")
RANDOM_COPIES = 3
GO_CODES = [c for c, _, _ in GO.table] + ["BC"]
YONIN_LABELS = [label for label, _ in yonin.YONIN.ranks]


def f(x):
    """A value as Excel hands it to a worksheet function: numbers as floats."""
    return float(x) if isinstance(x, int) and not isinstance(x, bool) else x


def column(values):
    return [[f(v)] for v in values]


def engine(name: str, a: dict, lang: str) -> dict[str, object]:
    """What each formula cell of function ``name`` should show, from the engine."""
    if name == "GO_DELTA":
        diff = go.rank_difference(a["my_rank"], a["opp_rank"])
        exchange = go.rated_change(diff, f(a["handicap_diff"]), a["result"] == 1, GO)
        return {"rank_diff": diff, "exchange": "" if exchange is None else exchange,
                "": udfs.GO_DELTA(*(f(a[k]) for k in ("my_rank", "opp_rank", "result",
                                                        "game_no", "handicap_diff",
                                                        "game_type")))}
    if name == "GO_HANDICAP":  # the worksheet function writes Japanese only
        return {"": go.regular_handicap(a["my_rank"], a["opp_rank"], lang)}
    if name == "ELO_UPDATE":
        return {"": udfs.ELO_UPDATE(f(a["my_rating"]), column(a["opp_ratings"]),
                                    column(a["scores"]), f(a["k"]))}
    if name in ("GLICKO_RATING", "GLICKO_RD"):
        return {"": getattr(udfs, name)(f(a["my_rating"]), f(a["my_rd"]),
                                        column(a["opp_ratings"]), column(a["opp_rds"]),
                                        column(a["scores"]))}
    if name == "YONIN_UPDATE":
        return {"": udfs.YONIN_UPDATE(f(a["rate"]), f(a["placement"]),
                                      [[f(v) for v in a["victim_rates"]]],
                                      f(a["knocked_by_rate"]), f(a["trouble_pt"]),
                                      f(a["floor"]))}
    if name == "YONIN_SCORE":  # the worksheet function reads 102 only as text
        rule = "102" if a["rule"] == 102 else a["rule"]
        return {"": udfs.YONIN_SCORE(f(a["placement"]), f(a["knockouts"]), rule)}
    function = getattr(udfs, name)
    entry = next(e for e in ENTRIES if e.name == name)
    return {"": function(*(f(a[arg.name]) for arg in entry.args))}


# --- random valid inputs, one generator per function --------------------------------------

def _maybe(rng, value, p=0.5):
    return value if rng.random() < p else None


def _handicap(rng):
    h = rng.choice(TOKIN.handicaps)
    return rng.choice([None, h.name, h.english, rng.randrange(0, 950, 10)])


def _elo_period(rng):
    opps, scores = [None] * 8, [None] * 8
    for i in rng.sample(range(8), rng.randint(0, 8)):
        opps[i] = rng.choice([rng.randint(1000, 2400), round(rng.uniform(1000, 2400), 1)])
        scores[i] = rng.choice([1, 0.5, 0])
    return {"my_rating": rng.randint(1000, 2400), "opp_ratings": opps, "scores": scores,
            "k": rng.choice([None, 16, 24, 32, 10.5])}


def _rd(rng):
    return rng.choice([rng.randint(30, 350), round(rng.uniform(1, 350), 1)])


def _glicko_period(rng):
    opps, rds, scores = [None] * 6, [None] * 6, [None] * 6
    for i in rng.sample(range(6), rng.randint(0, 6)):
        opps[i], rds[i], scores[i] = _rating(rng), _rd(rng), rng.choice([1, 0.5, 0])
    return {"my_rating": _rating(rng), "my_rd": _rd(rng), "opp_ratings": opps, "opp_rds": rds,
            "scores": scores}


def _go_rank(rng, bc=0.1):
    code = "BC" if rng.random() < bc else rng.choice(GO_CODES[:-1])
    return code.upper() if rng.random() < 0.2 else code


def _go_next(rng):
    code = rng.choice(GO_CODES)
    up, down = go.band(code) if code != "BC" else (None, None)
    mid = go.start_points(code)
    return {"rank": code, "points": rng.choice([
        mid + rng.randint(-4000, 4000), up if up else mid, (down or 0) - 1, down or mid])}


def _yonin_update(rng):
    place = rng.randint(1, 4)
    victims = [None, None, None]
    for i in rng.sample(range(3), rng.randint(0, 4 - place)):
        victims[i] = rng.randint(0, 5000)
    knocked = None if place == 1 else _maybe(rng, rng.randint(0, 5000), 0.8)
    floor = rng.choice([None, rng.randint(0, 3000), rng.choice(YONIN_LABELS), "1級", "1段"])
    return {"rate": rng.randint(0, 5500), "placement": place, "victim_rates": victims,
            "knocked_by_rate": knocked, "trouble_pt": rng.choice([None, -12, 6, 4, 0]),
            "floor": floor}


def _yonin_score(rng):
    place = rng.randint(1, 4)
    return {"placement": place, "knockouts": _maybe(rng, rng.randint(0, 4 - place), 0.8),
            "rule": rng.choice([None, "A", "B", "b", "102", 102, "102式", "単勝", "単勝式",
                                "tansho"])}


def _rating(rng):
    return rng.choice([rng.randint(0, 3200), round(rng.uniform(0, 3200), 1)])


RANDOM = {
    "TOKIN_DELTA": lambda rng: {"my_rating": rng.randint(800, 2600),
                                "opp_rating": rng.randint(800, 2600),
                                "result": rng.randint(0, 1), "handicap": _handicap(rng)},
    "TOKIN_HANDICAP": lambda rng: {"my_rating": rng.randint(800, 2600),
                                   "opp_rating": rng.randint(800, 2600)},
    "TOKIN_START": lambda rng: {"rank": rng.choice(TOKIN_START_TABLE)[0]},
    "CLUB24_DELTA": lambda rng: {"my_rating": rng.randint(0, 3100),
                                 "opp_rating": rng.randint(0, 3100),
                                 "result": rng.randint(0, 1),
                                 "game_no": _maybe(rng, rng.randint(1, 40))},
    "CLUB24_RANK": lambda rng: {"rating": rng.choice([rng.randint(-50, 3200), 1550, 1549,
                                                      1699.5, 2900])},
    "ELO_EXPECTED": lambda rng: {"my_rating": _rating(rng), "opp_rating": _rating(rng)},
    "LINEAR_EXPECTED": lambda rng: {"my_rating": _rating(rng), "opp_rating": _rating(rng)},
    "ELO_DELTA": lambda rng: {"my_rating": _rating(rng), "opp_rating": _rating(rng),
                              "score": rng.choice([1, 0.5, 0]),
                              "k": rng.choice([None, 16, 24.5])},
    "ELO_UPDATE": _elo_period,
    "GLICKO_EXPECTED": lambda rng: {"my_rating": _rating(rng), "opp_rating": _rating(rng),
                                    "opp_rd": _rd(rng)},
    "GLICKO_RATING": _glicko_period,
    "GLICKO_RD": _glicko_period,
    "GO_DELTA": lambda rng: {"my_rank": _go_rank(rng), "opp_rank": _go_rank(rng),
                             "result": rng.randint(0, 1),
                             "game_no": _maybe(rng, rng.randint(1, 150), 0.8),
                             "handicap_diff": _maybe(rng, rng.randint(0, 18) / 2, 0.4),
                             "game_type": rng.choice([None, None, "rated", "forfeit",
                                                      "provisional", "unrated", "Rated"])},
    "GO_HANDICAP": lambda rng: {"my_rank": _go_rank(rng), "opp_rank": _go_rank(rng)},
    "GO_NEXT_RANK": _go_next,
    "GO_RANK_LABEL": lambda rng: {"rank": _go_rank(rng)},
    "YONIN_KO_PT": lambda rng: {"knocker_rate": rng.randint(0, 5000),
                                "victim_rate": rng.randint(0, 5000)},
    "YONIN_UPSET_PT": lambda rng: {"victim_rate": rng.randint(0, 5000),
                                   "knocker_rate": rng.randint(0, 5000)},
    "YONIN_UPDATE": _yonin_update,
    "YONIN_RANK": lambda rng: {"rate": rng.choice([rng.randint(0, 5500), 2000, 1999.5, 199])},
    "YONIN_SCORE": _yonin_score,
    "MOSAIC_DELTA": lambda rng: {"my_rating": round(rng.uniform(40, 220), 1),
                                 "opp_rating": rng.randint(40, 220),
                                 "result": rng.randint(0, 1), "turn_diff": rng.randint(0, 20)},
    "MOSAIC_UPDATE": lambda rng: {"my_rating": round(rng.uniform(40, 220), 1),
                                  "opp_rating": rng.randint(40, 220),
                                  "result": rng.randint(0, 1), "turn_diff": rng.randint(0, 20)},
}

BAD = {
    "TOKIN_DELTA": [("my_rating", "abc"), ("result", 2), ("handicap", "九枚落"),
                    ("opp_rating", "=SUM(1,2)")],
    "TOKIN_HANDICAP": [("opp_rating", "1900点")],
    "TOKIN_START": [("rank", "八段"), ("rank", 1600), ("rank", "*")],
    "CLUB24_DELTA": [("result", 0.5), ("game_no", 0), ("game_no", 2.5)],
    "CLUB24_RANK": [("rating", "初段")],
    "ELO_EXPECTED": [("opp_rating", "x")],
    "LINEAR_EXPECTED": [("my_rating", "1500")],
    "ELO_DELTA": [("score", 2), ("k", 0), ("k", "K")],
    "ELO_UPDATE": [("scores", [0.5, 1, 0, 0.5, 0, 2, None, None]),
                   ("opp_ratings", [1700, "x", 1850, 1900, 1800, 1550, None, None]),
                   ("scores", [0.5, 1, 0, 0.5, 0, None, None, None])],
    "GLICKO_EXPECTED": [("opp_rd", 0), ("opp_rd", "x"), ("my_rating", "1500"), ("opp_rd", 400)],
    "GLICKO_RATING": [("opp_rds", [30, 100, None, None, None, None]),
                      ("opp_rds", [30, -100, 300, None, None, None]), ("my_rd", 0),
                      ("scores", [1, 0, 2, None, None, None])],
    "GLICKO_RD": [("scores", [1, 0, None, None, None, None]),
                  ("opp_ratings", [1400, "x", 1700, None, None, None]), ("my_rd", -5),
                  ("my_rd", 351)],
    "GO_DELTA": [("my_rank", "0k"), ("opp_rank", "1*"), ("handicap_diff", 9.5),
                 ("game_type", "free")],
    "GO_HANDICAP": [("opp_rank", "三段")],
    "GO_NEXT_RANK": [("points", "many"), ("rank", "?k")],
    "GO_RANK_LABEL": [("rank", 3)],
    "YONIN_KO_PT": [("victim_rate", " ")],
    "YONIN_UPSET_PT": [("knocker_rate", "n/a")],
    "YONIN_UPDATE": [("placement", 5), ("victim_rates", [1370, "x", None]),
                     ("floor", "名人"), ("knocked_by_rate", 1500)],
    "YONIN_RANK": [("rate", "#N/A")],
    "YONIN_SCORE": [("rule", "C"), ("knockouts", 4), ("placement", 0)],
    "MOSAIC_DELTA": [("turn_diff", -1), ("result", -1)],
    "MOSAIC_UPDATE": [("turn_diff", 2.5)],
}
"""Per function, bad values typed into one argument (the others keep their examples)."""
BAD_COPIES = max(len(v) for v in BAD.values())


# --- typing into the workbook and reading it back ------------------------------------------

def example_args(entry) -> dict[str, object]:
    return {arg.name: list(arg.example) + [None] * (arg.cells - len(arg.example))
            if arg.cells > 1 else arg.example for arg in entry.args}


def type_inputs(src: Path, dst: Path, typed: dict[str, dict[str, object]]) -> None:
    """Type ``typed[function][argument]`` into the example cells, by defined name."""
    wb = load_workbook(src)
    for name, args in typed.items():
        for arg, value in args.items():
            cells = cells_of(wb, f"Catalog_{name}_{arg}")
            values = value if isinstance(value, list) else [value]
            assert len(cells) == len(values), (name, arg)
            for (title, coord), v in zip(cells, values, strict=True):
                cell = wb[title][coord]
                cell.value = v
                if isinstance(v, str) and cell.data_type in ("f", "e"):
                    cell.data_type = "s"
    wb.save(dst)


def shown(wb, name: str, key: str = "") -> object:
    """What a named cell shows (the first cell of a multi-cell argument)."""
    title, coord = cells_of(wb, f"Catalog_{name}" + (f"_{key}" if key else ""))[0]
    value = wb[title][coord].value
    return "" if value is None else value


def assert_shows(wb, entry, expected: dict[str, object], where: str) -> None:
    assert shown(wb, entry.name, "check") == "", where
    for key, value in expected.items():
        got = shown(wb, entry.name, key)
        if isinstance(value, float) or isinstance(got, float):
            assert got == pytest.approx(value, abs=1e-9), (where, key)
        else:
            assert got == value, (where, key, got, value)


def assert_no_error_codes(wb, where: str) -> None:
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "e" or (isinstance(cell.value, str)
                                             and cell.value.startswith(ERRORS)
                                             and cell.data_type != "s"):
                    raise AssertionError(f"{where}: {ws.title}!{cell.coordinate} {cell.value}")


@pytest.fixture(scope="module")
def jobs(early_jobs):
    from shutil import which

    if which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    return early_jobs["catalog_jobs"].result()


CACHED_KINDS = ("stripped", "badcached")
"""The jobs of :func:`catalog_jobs` (``<kind>_<template>``) built with the engine's cached
values: the shipped examples and the first bad value of each function typed. Compared
with LibreOffice's in tests/test_cached_values.py."""


@early
def catalog_jobs(_: dict[str, Path], work: Path) -> dict[str, dict]:
    """Build both workbooks and recalculate every variant in one soffice call."""
    from workbook_builder.libreoffice import recalculate

    built = {n: build(load_template(TEMPLATES / f"{n}.toml"), work / "built") for n in NAMES}
    sources, inputs = {}, {}
    for name in NAMES:
        sources[f"stripped_{name}"] = work / f"stripped_{name}.xlsx"
        strip_cached_values(built[name], sources[f"stripped_{name}"])
        for copy in range(RANDOM_COPIES):
            rng = random.Random(f"{name}-{copy}")
            typed = {e.name: RANDOM[e.name](rng) for e in ENTRIES}
            job = f"random{copy}_{name}"
            inputs[job] = typed
            sources[job] = work / f"{job}.xlsx"
            type_inputs(built[name], sources[job], typed)
        for copy in range(BAD_COPIES):
            typed = {e.name: dict([BAD[e.name][copy]]) for e in ENTRIES
                     if copy < len(BAD[e.name])}
            job = f"bad{copy}_{name}"
            inputs[job] = typed
            sources[job] = work / f"{job}.xlsx"
            type_inputs(built[name], sources[job], typed)
        # The builder's own cached values for typed inputs (what audit and repair rebuild).
        rows = rows_of({e.name: {**example_args(e), **dict(BAD[e.name][:1])} for e in ENTRIES})
        cached = build(load_template(TEMPLATES / f"{name}.toml"), work / "cached", inputs=rows)
        sources[f"badcached_{name}"] = work / f"badcached_{name}.xlsx"
        strip_cached_values(cached, sources[f"badcached_{name}"])
        built[f"badcached_{name}"] = cached
    keys = list(sources)
    outs = recalculate([sources[k] for k in keys], work / "out")
    cached = {f"{kind}_{name}": built[name if kind == "stripped" else f"{kind}_{name}"]
              for name in NAMES for kind in CACHED_KINDS}
    return {"built": built, "cached": cached, "inputs": inputs,
            "results": dict(zip(keys, outs, strict=True))}


def rows_of(typed: dict[str, dict[str, object]]) -> list[dict[str, object]]:
    """Typed inputs as the builder's input rows (a multi-cell argument: one cell per row)."""
    rows: list[dict[str, object]] = [{} for _ in range(8)]
    for name, args in typed.items():
        for arg, value in args.items():
            for i, v in enumerate(value if isinstance(value, list) else [value]):
                rows[i][f"{name}_{arg}"] = v
    return rows


# --- the tests -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_every_example_is_the_engines_value(jobs, name):
    wb = load_workbook(jobs["results"][f"stripped_{name}"], data_only=True)
    for entry in ENTRIES:
        args = example_args(entry)
        for arg in entry.args:
            cells = cells_of(wb, f"Catalog_{entry.name}_{arg.name}")
            typed = [wb[t][c].value for t, c in cells]
            assert typed == (args[arg.name] if arg.cells > 1 else [args[arg.name]]), entry.name
        assert_shows(wb, entry, engine(entry.name, args, lang_of(name)), entry.name)
    assert_no_error_codes(wb, name)


@pytest.mark.parametrize("name", NAMES)
def test_rules_worked_examples(jobs, name):
    """RULES.md's numbers, as the shipped examples show them."""
    wb = load_workbook(jobs["results"][f"stripped_{name}"], data_only=True)
    assert shown(wb, "TOKIN_DELTA") == 12                   # §1: 2000 beats 1900
    assert shown(wb, "TOKIN_START") == 1600                 # §1: 初段
    assert shown(wb, "CLUB24_DELTA") == 24                  # §2: 1500 beats 1700
    assert shown(wb, "CLUB24_RANK") == "初段"               # §2: 1550–1699
    assert shown(wb, "ELO_UPDATE") == 1552                  # §3: ΣWe 1.389, ΣW 3
    # Glickman's paper: 1500/RD 200 vs 1400/30 (E 0.639) W, 1550/100 L, 1700/300 L
    assert round(shown(wb, "GLICKO_EXPECTED"), 3) == 0.639
    assert round(shown(wb, "GLICKO_RATING")) == 1464 and round(shown(wb, "GLICKO_RD"), 1) == 151.4
    assert shown(wb, "GO_DELTA") == 150                     # §4: game 30 × 1.5
    assert shown(wb, "GO_RANK_LABEL") == "三段"             # §4: 1d = 三段
    assert shown(wb, "YONIN_UPDATE") == 1761                # §5: A 1720 1st → 1761
    assert shown(wb, "YONIN_KO_PT") == 20 and shown(wb, "YONIN_UPSET_PT") == -10
    assert shown(wb, "MOSAIC_DELTA") == pytest.approx(3.0)  # §6: 120 beats 100 by 5


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("copy", range(RANDOM_COPIES))
def test_random_inputs_match_the_engine(jobs, name, copy):
    job = f"random{copy}_{name}"
    wb = load_workbook(jobs["results"][job], data_only=True)
    for entry in ENTRIES:
        args = jobs["inputs"][job][entry.name]
        assert_shows(wb, entry, engine(entry.name, args, lang_of(name)), f"{entry.name} {args}")
    assert_no_error_codes(wb, job)


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("copy", range(BAD_COPIES))
def test_bad_inputs_show_a_marker_naming_the_argument(jobs, name, copy):
    job = f"bad{copy}_{name}"
    wb = load_workbook(jobs["results"][job], data_only=True)
    assert_no_error_codes(wb, job)
    for entry in ENTRIES:
        bad = jobs["inputs"][job].get(entry.name)
        if bad is None:
            assert shown(wb, entry.name, "check") == "", (job, entry.name)
            continue
        ((arg, value),) = bad.items()
        check = shown(wb, entry.name, "check")
        assert str(check).startswith(f"⚠ {arg}:"), (job, entry.name, check)
        for step in entry.steps:
            assert shown(wb, entry.name, "" if step.key == "=" else step.key) == "", entry.name
        typed = shown(wb, entry.name, arg)
        first = value[0] if isinstance(value, list) else value
        assert typed == ("" if first is None else first), (entry.name, typed)


@pytest.mark.parametrize("name", NAMES)
def test_copyable_formula_is_the_live_formula_for_row_2(jobs, name):
    """The grey text is the blue cell's formula, written for row 2 of the user's table."""
    wb = load_workbook(jobs["built"][name])
    defined = set(wb.defined_names)
    for entry in ENTRIES:
        ((_, check),) = cells_of(wb, f"Catalog_{entry.name}_check")
        first_input = cells_of(wb, f"Catalog_{entry.name}_{entry.args[0].name}")[0][1]
        shift = int(re.sub(r"[A-Z$]", "", first_input)) - 2
        for step in entry.steps:
            suffix = "" if step.key == "=" else f"_{step.key}"
            ((title, live),) = cells_of(wb, f"Catalog_{entry.name}{suffix}")
            ((_, copy),) = cells_of(wb, f"Catalog_{entry.name}{suffix}_copy")
            text = wb[title][copy]
            assert text.data_type == "s" and text.value.startswith("="), entry.name
            assert not text.protection.locked  # its text can be selected and copied
            formula = wb[title][live].value
            assert formula == f'=IF({check}="",{shifted(text.value, shift)[1:]},"")', entry.name
            assert "Settings_" not in text.value
            for token in Tokenizer(text.value).items:
                if token.subtype == Token.RANGE and not CELL.fullmatch(token.value):
                    assert token.value in defined, (entry.name, token.value)


CELL = re.compile(r"\$?([A-Z]{1,3})\$?(\d+)(:\$?([A-Z]{1,3})\$?(\d+))?")


def shifted(formula: str, rows: int) -> str:
    """``formula`` with every cell reference moved down ``rows`` rows."""
    def move(token: Token) -> str:
        if token.subtype != Token.RANGE or not CELL.fullmatch(token.value):
            return token.value
        return re.sub(r"([A-Z]+)(\d+)", lambda m: f"{m[1]}{int(m[2]) + rows}", token.value)
    return "=" + "".join(move(t) for t in Tokenizer(formula).items)


@pytest.mark.parametrize("name", NAMES)
def test_every_worksheet_function_is_covered_or_declared_not_native(jobs, name):
    catalog = {e.name: e for e in udfs.catalog()}
    info = describe(jobs["built"][name])
    covered = {m[1] for e in info["names"] if e["role"] == "computed"
               and (m := re.fullmatch(r"Catalog_([A-Z][A-Z0-9_]*[A-Z0-9])", e["name"]))}
    assert covered == set(catalog) - set(NOT_NATIVE)
    assert not set(NOT_NATIVE) & covered and set(NOT_NATIVE) <= set(catalog)
    text = "\n".join(str(c.value) for ws in load_workbook(jobs["built"][name]).worksheets
                     for row in ws.iter_rows() for c in row if c.value is not None)
    for function in NOT_NATIVE:
        assert catalog[function].signature in text and "xlwings" in text
    roles = {e["name"]: (e["role"], e["type"]) for e in info["names"]}
    for entry in ENTRIES:
        for arg in entry.args:
            assert roles[f"Catalog_{entry.name}_{arg.name}"][0] == "input"


def test_inputs_are_validated_and_explained(jobs):
    wb = load_workbook(jobs["built"]["formulas_ja"])
    ws = wb.worksheets[0]
    validated = {str(dv.sqref): dv for dv in ws.data_validations.dataValidation}
    for dv in validated.values():
        assert dv.showErrorMessage and dv.showInputMessage and dv.prompt
    for entry in ENTRIES:
        for arg in entry.args:
            cells = cells_of(wb, f"Catalog_{entry.name}_{arg.name}")
            first, last = cells[0][1], cells[-1][1]
            sqref = first if first == last else f"{first}:{last}"
            assert sqref in validated, (entry.name, arg.name)
            assert validated[sqref].prompt.startswith(arg.name)
    assert validated[cells_of(wb, "Catalog_TOKIN_DELTA_result")[0][1]].formula1 == '"1,0"'


def test_audit_and_repair_read_the_typed_examples(jobs, tmp_path):
    name = "formulas_en"
    report = audit(jobs["results"][f"stripped_{name}"])
    assert report.checked > 40 and report.findings == [] and report.not_calculated == 0
    if not hasattr(SheetType, "input_tables"):
        pytest.skip("this readback carries only Games inputs")
    job = f"random0_{name}"
    report = audit(jobs["results"][job])
    assert report.findings == [], report.findings[:3]
    out = tmp_path / "repaired.xlsx"
    repair(jobs["results"][job], out)
    before, after = load_workbook(jobs["results"][job]), load_workbook(out)
    for entry in ENTRIES:
        for arg in entry.args:
            cells = cells_of(before, f"Catalog_{entry.name}_{arg.name}")
            assert [before[t][c].value for t, c in cells] == \
                [after[t][c].value for t, c in cells], (entry.name, arg.name)


@pytest.mark.parametrize("name", ("formulas_ja", "formulas_en", "lambda_ja", "lambda_en"))
def test_club24_rank_table_names_each_of_its_columns(name):
    """RULES.md §2: 八段 3000 … 初段 1600 (200 a dan), 1級 1500 … 15級 100, 初心者 0. The
    Tables sheet names all three columns over the same rows, the rating column too, and
    lists them in its names line."""
    wb = load_workbook(TEMPLATES.parent / "dist" / f"{name}.xlsx")
    columns = {key: cells_of(wb, f"Club24_{key}") for key in ("RankLabel", "RankRating",
                                                               "RankFrom")}
    rows = {key: [re.sub(r"[A-Z]", "", ref) for _, ref in cells] for key, cells in
            columns.items()}
    assert rows["RankLabel"] == rows["RankRating"] == rows["RankFrom"] != []
    (title, _), *_ = columns["RankRating"]
    ratings = [wb[title][ref].value for _, ref in columns["RankRating"]]
    assert ratings == [3000 - 200 * i for i in range(8)] + [1500 - 100 * i for i in range(15)] + [0]
    listed = [c.value for row in wb[title].iter_rows() for c in row
              if isinstance(c.value, str) and "Club24_RankLabel" in c.value]
    assert listed == [("名前: " if name.endswith("_ja") else "Names: ")
                      + "Club24_RankLabel, Club24_RankRating, Club24_RankFrom"]
