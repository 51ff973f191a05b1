"""The LAMBDA edition: stored as Excel stores it, and each function gives the engine's value.

No program here runs LAMBDA (LibreOffice 7.4 and Gnumeric have none). The pip package
``formulas`` evaluates LET, and calling a LAMBDA binds each argument to its parameter, so a
call is tested as ``LET(parameter, argument, …, body)`` with ISOMITTED answered for that
call (:func:`applied`, written here from Excel's documented semantics, not by the builder).
Every function runs on the catalog's worked examples (RULES.md), seeded random inputs and
bad inputs; expected values come from :mod:`udfs` (the engine), a bad input must give
"⚠ argument: …" where the worksheet function raises.

The stored form is compared with XlsxWriter's (a test oracle): the defined names and the
calling cells' XML, and the ``_xlfn.`` prefixes of each definition.
"""

from __future__ import annotations

import random
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from openpyxl import load_workbook

from tests.test_builder_catalog import BAD, RANDOM, engine, example_args
from tests.test_formulas_package import evaluated as formulas_values
from workbook_builder.build import TEMPLATES, build
from workbook_builder.lint import formula_text, lambda_names, lint_workbook
from workbook_builder.sheets.catalog import ENTRIES, NOT_NATIVE, columns, refs
from workbook_builder.sheets.lambdas import optional_arguments
from workbook_builder.template import load_template

formulas = pytest.importorskip("formulas")
xlsxwriter = pytest.importorskip("xlsxwriter")

NAMES = ("lambda_ja", "lambda_en")
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
LAMBDA = re.compile(r"_xlfn\.LAMBDA\(((?:_xl(?:pm|op)\.\w+,)+)(.*)\)", re.S)
RANDOM_CASES = 4
READS_MORE = {("GO_HANDICAP", "opp_rank"): "三段"}
"""Bad inputs of the catalog that the worksheet function takes: it also reads a Go rank's
Japanese label, where the formulas (catalog and LAMBDA alike) take the rank code only."""


@pytest.fixture(scope="module")
def lambda_books(tmp_path_factory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("lambda")
    return {n: build(load_template(TEMPLATES / f"{n}.toml"), out) for n in NAMES}


def definitions(path: Path) -> dict[str, str]:
    wb = load_workbook(path)
    return {n: str(wb.defined_names[n].attr_text) for n in lambda_names(wb)}


def arguments(text: str) -> list[str]:
    """The top-level, comma-separated arguments of a function's argument text."""
    out, depth, quoted, start = [], 0, False, 0
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch in "()":
            depth += 1 if ch == "(" else -1
        elif not quoted and ch == "," and depth == 0:
            out.append(text[start:i])
            start = i + 1
    return [*out, text[start:]]


def substituted(body: str) -> str:
    """A body ``_xlfn.LET(name, value, …, result)`` with each name replaced by its value.

    LET is pure, so this is the same computation. ``formulas`` evaluates a LET whose
    bindings use only cells, not a binding that reads an earlier one, hence this step."""
    if not body.startswith("_xlfn.LET("):
        return body
    *pairs, result = arguments(body[len("_xlfn.LET("):-1])
    values: dict[str, str] = {}
    for name, value in zip(pairs[::2], pairs[1::2], strict=True):
        values[name] = "(" + _replace(value, values) + ")"
    return _replace(result, values)


def _replace(text: str, values: dict[str, str]) -> str:
    for name, value in values.items():
        text = re.sub(re.escape(name) + r"(?!\w)", lambda _m, v=value: v, text)
    return text


def applied(stored: str, args: dict[str, str | None]) -> str:
    """A call of the LAMBDA ``stored`` as one LET formula: each parameter bound to its
    argument's reference; None = left out (ISOMITTED is TRUE for it, and only for it)."""
    match = LAMBDA.fullmatch(stored)
    assert match, stored[:80]
    body, binds = substituted(match[2]), []
    for declared in match[1].rstrip(",").split(","):
        kind, name = declared.split(".")
        given = args.get(name)
        assert given is not None or kind == "_xlop", f"{name} cannot be left out"
        body = body.replace(f"_xlfn.ISOMITTED(_xlpm.{name})", "FALSE" if given else "TRUE")
        binds.append(f"_xlpm.{name},{given or 0}")
    return f"=_xlfn.LET({','.join(binds)},{body})"


# --- the calls, evaluated by ``formulas`` ---------------------------------------------------

def cases(lang: str) -> list[tuple[str, dict[str, object], str | None, frozenset[str]]]:
    """(function, arguments, the argument made bad or None, arguments left out).

    Random inputs in Japanese only: the languages differ in messages and GO_HANDICAP's
    text, which the examples and bad inputs of each show."""
    rng = random.Random(f"lambda-{lang}")
    out = []
    for entry in ENTRIES:
        optional = optional_arguments(entry.name)
        copies = RANDOM_CASES if lang == "ja" else 0
        typed = [example_args(entry)] + [RANDOM[entry.name](rng) for _ in range(copies)]
        for args in typed:
            blank = {a for a in optional if args.get(a) is None}
            out.append((entry.name, args, None, frozenset(a for a in blank if rng.random() < .5)))
        for arg, value in BAD[entry.name]:
            if _numeric_text(value):
                continue
            out.append((entry.name, {**example_args(entry), arg: value}, arg, frozenset()))
    return out


def _numeric_text(value: object) -> bool:
    """Text such as "1500": ``formulas`` reads it from a cell as the number (its gap; the
    catalog's LibreOffice tests check that the same check refuses it)."""
    try:
        return isinstance(value, str) and float(value) is not None
    except ValueError:
        return False


def case_book(source: Path, dst: Path, lang: str) -> dict[str, tuple]:
    """The Tables sheet of ``source`` and one block per case; result cell → its case."""
    wb = load_workbook(source)
    stored = {n: str(wb.defined_names[n].attr_text) for n in lambda_names(wb)}
    for name in list(wb.defined_names):
        if name in stored or name.startswith("Catalog_"):
            del wb.defined_names[name]
    wb.remove(wb.worksheets[0])
    ws = wb.create_sheet("Cases")
    row, where = 1, {}
    for case in cases(lang):
        name, args, _, left_out = case
        entry = next(e for e in ENTRIES if e.name == name)
        r = refs(entry, row)
        for arg in entry.args:
            values = args[arg.name] if arg.cells > 1 else [args[arg.name]]
            for coord, value in zip(r.cells[arg.name], values, strict=False):
                if value is not None:
                    ws[coord] = value
                    ws[coord].data_type = "s" if isinstance(value, str) else "n"
        col = 1 + sum(1 if a.down else a.cells for a in entry.args)
        result = ws.cell(row, col)
        result.value = applied(stored[name], {a.name: None if a.name in left_out
                                              else r[a.name] for a in entry.args})
        where[result.coordinate] = case
        row += max(a.cells if a.down else 1 for a in entry.args) + 1
    wb.save(dst)
    return where


def evaluated(path: Path) -> dict[str, object]:
    """Cell of the Cases sheet → the value ``formulas`` computes."""
    return {ref: value for (sheet, ref), value in formulas_values(path).items()
            if sheet == "CASES"}


class Computed(dict[str, tuple[dict[str, tuple], dict]]):
    """Language → (result cell → its case, result cell → what ``formulas`` computes),
    each language computed when first asked for: the fast loop reads only English."""

    def __init__(self, books: dict[str, Path], out: Path) -> None:
        super().__init__()
        self.books, self.out = books, out

    def __missing__(self, lang: str) -> tuple[dict[str, tuple], dict]:
        book = self.out / f"cases_{lang}.xlsx"
        where = case_book(self.books[f"lambda_{lang}"], book, lang)
        self[lang] = (where, evaluated(book))
        return self[lang]


@pytest.fixture(scope="module")
def computed(lambda_books, tmp_path_factory) -> Computed:
    return Computed(lambda_books, tmp_path_factory.mktemp("cases"))


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_function_gives_the_engines_value_through_let(computed, lang):
    where, shown = computed[lang]
    checked = bad = 0
    for coord, (function, args, broken, left_out) in where.items():
        got = shown[coord]
        label = (function, args, sorted(left_out), got)
        if broken is not None:
            assert isinstance(got, str) and got.startswith(f"⚠ {broken}:"), label
            if (function, broken) not in READS_MORE:
                with pytest.raises(ValueError):
                    engine(function, args, lang)
            bad += 1
            continue
        try:
            want = engine(function, args, lang)[""]
        except ValueError:
            assert isinstance(got, str) and got.startswith("⚠ "), label
            bad += 1
            continue
        if isinstance(want, float) or isinstance(got, float):
            assert got == pytest.approx(want, abs=1e-9), label
        else:
            assert got == want, label
        checked += 1
    bad_cases = sum(not _numeric_text(v) for pairs in BAD.values() for _, v in pairs)
    copies = RANDOM_CASES + 1 if lang == "ja" else 1
    assert checked >= len(ENTRIES) * copies * 0.8 and bad >= bad_cases


def test_worked_examples_of_the_rules(computed):
    """RULES.md's own numbers, through the English workbook's example calls."""
    where, shown = computed["en"]
    first = {}
    for coord, (function, _, broken, _) in where.items():
        if broken is None and function not in first:  # each function's first case: its example
            first[function] = shown[coord]
    assert first["TOKIN_DELTA"] == 12                   # §1: 2000 beats 1900
    assert first["TOKIN_START"] == 1600                 # §1: 初段
    assert first["CLUB24_DELTA"] == 24                  # §2: 1500 beats 1700
    assert first["CLUB24_RANK"] == "初段"               # §2: 1550–1699
    assert first["ELO_UPDATE"] == 1552                  # §3: ΣWe 1.389, ΣW 3
    # Glickman's paper: 1500/RD 200 vs 1400/30 (E 0.639) W, 1550/100 L, 1700/300 L
    assert round(first["GLICKO_EXPECTED"], 3) == 0.639
    assert round(first["GLICKO_RATING"]) == 1464 and round(first["GLICKO_RD"], 1) == 151.4
    assert first["GO_DELTA"] == 150                     # §4: game 30 × 1.5, one function here
    assert first["GO_RANK_LABEL"] == "三段"             # §4: 1d = 三段
    assert first["YONIN_UPDATE"] == 1761                # §5: A 1720 1st → 1761
    assert first["YONIN_KO_PT"] == 20 and first["YONIN_UPSET_PT"] == -10
    assert first["MOSAIC_DELTA"] == pytest.approx(3.0)  # §6: 120 beats 100 by 5


def test_a_longer_row_argument_is_refused(lambda_books, tmp_path):
    """YONIN_UPDATE reads victim_rates cell by cell: a fourth cell is refused, not ignored."""
    wb = load_workbook(lambda_books["lambda_en"])
    stored = str(wb.defined_names["YONIN_UPDATE"].attr_text)
    wb.remove(wb.worksheets[0])
    ws = wb.create_sheet("Cases")
    for coord, value in zip(("A1", "B1", "C1", "D1", "E1", "F1"), (1720, 1, 1370, 480, 10, 900),
                            strict=True):
        ws[coord] = value
    ws["H1"] = applied(stored, {"rate": "A1", "placement": "B1", "victim_rates": "C1:F1",
                                "knocked_by_rate": "G1", "trouble_pt": None, "floor": None})
    wb.save(tmp_path / "long.xlsx")
    assert evaluated(tmp_path / "long.xlsx")["H1"] == "⚠ victim_rates: at most 3 cells"


# --- the stored form --------------------------------------------------------------------------

def test_every_function_is_a_name_or_declared_out(lambda_books):
    import udfs

    for path in lambda_books.values():
        assert set(definitions(path)) == {e.name for e in udfs.catalog()} - set(NOT_NATIVE)
        assert lint_workbook(path) == []


@pytest.mark.parametrize("name", NAMES)
def test_parameters_are_the_worksheet_functions(lambda_books, name):
    """Same parameter names and optional parameters as udfs; optional ones written
    ``_xlop.`` where declared and ``_xlpm.`` where used, as Excel saves them."""
    import inspect

    import udfs

    for function, stored in definitions(lambda_books[name]).items():
        declared = LAMBDA.fullmatch(stored)[1].rstrip(",").split(",")
        signature = inspect.signature(getattr(udfs, function)).parameters.values()
        assert declared == [("_xlop." if p.default is not p.empty else "_xlpm.") + p.name
                            for p in signature], function
        assert "[" not in stored and "_xlop." not in LAMBDA.fullmatch(stored)[2], function


@pytest.mark.parametrize("name", NAMES)
def test_new_functions_carry_the_prefix_xlsxwriter_gives(lambda_books, name):
    """The grey text a person pastes into the Name Manager, prefixed by XlsxWriter, is the
    stored definition with its parameters unmarked."""
    wb = load_workbook(lambda_books[name])
    shown = {c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row
             if isinstance(c.value, str) and c.value.startswith("=LAMBDA(")}
    sheet = xlsxwriter.worksheet.Worksheet()
    for stored in definitions(lambda_books[name]).values():
        unmarked = re.sub(r"_xlop\.(\w+)", r"[\1]", stored).replace("_xlpm.", "")
        text = "=" + unmarked.replace("_xlfn.", "")
        assert text in shown, stored[:60]
        assert sheet._prepare_formula(text, True) == unmarked


def _cells(path: Path, sheet: str) -> dict[str, ElementTree.Element]:
    with zipfile.ZipFile(path) as z:
        root = ElementTree.fromstring(z.read(sheet))
    return {c.get("r"): c for c in root.iter(f"{MAIN}c") if c.find(f"{MAIN}f") is not None}


@pytest.mark.parametrize("name", NAMES)
def test_names_and_calls_are_stored_as_xlsxwriter_writes_them(lambda_books, tmp_path, name):
    ours = lambda_books[name]
    wb = load_workbook(ours)
    ws = wb.worksheets[0]
    calls = {c.coordinate: formula_text(c.value) for row in ws.iter_rows() for c in row
             if c.data_type == "f"}
    oracle = xlsxwriter.Workbook(str(tmp_path / "xw.xlsx"))
    sheet = oracle.add_worksheet()
    for function, stored in definitions(ours).items():
        oracle.define_name(function, "=" + stored)
    mine = _cells(ours, "xl/worksheets/sheet1.xml")
    for coord, formula in calls.items():
        value = mine[coord].find(f"{MAIN}v").text
        sheet.write_dynamic_array_formula(coord, formula, None, value)
    oracle.close()
    theirs = _cells(tmp_path / "xw.xlsx", "xl/worksheets/sheet1.xml")
    assert calls and set(calls) == set(theirs)
    for coord in calls:
        a, b = mine[coord], theirs[coord]
        assert a.get("cm") == b.get("cm") == "1", coord
        assert a.find(f"{MAIN}f").attrib == b.find(f"{MAIN}f").attrib, coord
        assert a.find(f"{MAIN}f").text == b.find(f"{MAIN}f").text, coord
    functions = set(definitions(ours))
    with zipfile.ZipFile(ours) as z, zipfile.ZipFile(tmp_path / "xw.xlsx") as x:
        names = [{n.get("name"): n.text for n in ElementTree.fromstring(
            book.read("xl/workbook.xml")).iter(f"{MAIN}definedName")
            if n.get("name") in functions} for book in (z, x)]
        assert len(names[0]) == len(functions) and names[0] == names[1]
        assert (ElementTree.canonicalize(z.read("xl/metadata.xml"))
                == ElementTree.canonicalize(x.read("xl/metadata.xml")))
        for part, needle in (("[Content_Types].xml", b"spreadsheetml.sheetMetadata+xml"),
                             ("xl/_rels/workbook.xml.rels", b"relationships/sheetMetadata")):
            assert needle in z.read(part) and needle in x.read(part)


def test_layout_keeps_each_call_beside_its_arguments(lambda_books):
    """The example call passes the cells above its hints, in the argument order."""
    wb = load_workbook(lambda_books["lambda_ja"])
    ws = wb.worksheets[0]
    found = 0
    for entry in ENTRIES:
        first = wb.defined_names[f"Catalog_{entry.name}_{entry.args[0].name}"].attr_text
        row = int(re.search(r"\$(\d+)", first)[1])
        r = refs(entry, row)
        col = 1 + sum(width for key, (_, width) in columns(entry).items()
                      if key in {a.name for a in entry.args})
        call = formula_text(ws.cell(row, col).value)
        assert call == f"={entry.name}({','.join(r[a.name] for a in entry.args)})"
        found += 1
    assert found == len(ENTRIES)
