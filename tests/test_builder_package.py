"""Reproducible files, cached values in every formula cell, formula lint."""

from __future__ import annotations

import re
import zipfile

import pytest
from click.testing import CliRunner
from openpyxl import Workbook, load_workbook

from tests.conftest import REPO
from workbook_builder.build import TEMPLATES
from workbook_builder.cli import main
from workbook_builder.lint import lint_formula, lint_workbook
from workbook_builder.package import finalize, sheet_parts, strip_cached_values

DIST = REPO / "dist"


def sheet_xml(path) -> dict[str, str]:
    with zipfile.ZipFile(path) as zf:
        parts = {i.filename: zf.read(i) for i in zf.infolist()}
    return {title: parts[part].decode() for title, part in sheet_parts(parts).items()}


def test_builds_are_byte_identical_and_dist_is_what_the_templates_build(built, tmp_path):
    """The session's build equals the committed dist/, which an earlier build wrote in
    other processes (other hash seeds, another day): a build depends on its templates
    alone. The CLI writes the same bytes (one template: the full build is this path)."""
    expected = sorted(p.stem for p in TEMPLATES.glob("*.toml"))
    assert sorted(built) == expected
    for name in expected:
        committed = DIST / f"{name}.xlsx"
        assert committed.exists(), f"dist/{name}.xlsx missing: run workbook-builder build"
        assert built[name].read_bytes() == committed.read_bytes(), (
            f"dist/{name}.xlsx is stale: run workbook-builder build")
    result = CliRunner().invoke(main, ["build", str(TEMPLATES / "mosaic_ja.toml"),
                                       "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "mosaic_ja.xlsx").read_bytes() == built["mosaic_ja"].read_bytes()


def test_a_full_build_writes_the_lite_files_too(built, tmp_path, monkeypatch):
    """The CLI's full build (no templates named) also writes dist/lite; the workbooks
    themselves are the session's build, compared with dist/ above."""
    from workbook_builder import build as builder

    monkeypatch.setattr(builder, "build_all", lambda specs, out, password: list(built.values()))
    result = CliRunner().invoke(main, ["build", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for name in ("main.py", "requirements.txt"):
        assert (tmp_path / "lite" / name).read_bytes() == (DIST / "lite" / name).read_bytes()


def test_zip_entries_have_fixed_dates_and_core_xml_is_fixed(built):
    for path in built.values():
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
            assert infos[0].filename == "[Content_Types].xml"
            assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
            core = zf.read("docProps/core.xml").decode()
        assert core.count("2024-01-01T00:00:00Z") == 2


def test_every_formula_cell_carries_a_cached_value(built):
    for path in built.values():
        for title, xml in sheet_xml(path).items():
            formulas = re.findall(r"<c [^>]*>(?:<f [^>]*/>|<f[^>]*>.*?</f>)(.*?)</c>", xml)
            assert all(v.startswith("<v>") for v in formulas), title
            assert "<v />" not in xml and "<v/>" not in xml
    games = sheet_xml(built["mosaic_ja"])["対局"]
    assert re.search(r'<c r="G3"[^>]*><f>Settings_Start</f><v>100</v>', games)
    assert re.search(r'<c r="H4"[^>]*t="str"><f[^>/]*>.*?</f><v></v>', games)
    assert re.search(r'<c r="M4"[^>]*t="e"><f[^>/]*>.*?</f><v>#N/A</v>', games)


def test_strip_removes_every_cached_value(built, tmp_path):
    out = tmp_path / "stripped.xlsx"
    strip_cached_values(built["mosaic_en"], out)
    for xml in sheet_xml(out).values():
        assert not re.search(r"(</f>|<f [^>]*/>)<v>", xml)
    assert "<f>" in sheet_xml(out)["Games"]


def test_every_emitted_formula_passes_the_lint(built, opened):
    for name in built:
        assert lint_workbook(opened[name]) == [], name


@pytest.mark.parametrize("formula, problem", [
    ("LET(x,1,x)", "LET"),
    ("XLOOKUP(1,A1:A3,B1:B3)", "XLOOKUP"),
    ("_xlfn.FILTER(A1:A3,A1:A3>0)", "FILTER"),
    ("SEQUENCE(3)", "SEQUENCE"),
    ("ISFORMULA(A1)", "_xlfn"),
    ("_xlfn.CONCAT(A1,B1)", "allow-list"),
    ("IF(A1,#REF!,1)", "#REF!"),
])
def test_lint_rejects(formula, problem):
    assert any(problem in p for p in lint_formula(formula))


def test_lint_accepts_the_classics():
    assert lint_formula("IF(ISNUMBER(A1),INDEX(B:B,MATCH(1,C:C,0)),NA())") == []
    assert lint_formula("NOT(_xlfn.ISFORMULA(A1))", conditional_format=True) == []


def test_shared_formulas_read_back_as_written(tmp_path):
    """openpyxl's own translation of the shared formulas gives back every formula; a
    formula naming another sheet, holding an array constant or quoting a reference stays
    as written."""
    wb = Workbook()
    ws = wb.active
    formulas = {}
    for row in range(2, 12):
        top = row - row % 2
        formulas[f"A{row}"] = f'=IF($B$1>0,SUM(B{top}:B{top + 1}),"A1")&C{row}'
        formulas[f"B{row}"] = f"=$C$1:C{row - 1}" if row % 3 else f"=Sheet!A{row}"
        formulas[f"C{row}"] = f'=MATCH(D{row},{{"a","b"}},0)'
    for ref, text in formulas.items():
        ws[ref] = text
    path = tmp_path / "shared.xlsx"
    wb.save(path)
    finalize(path, {ws.title: dict.fromkeys(formulas, 0)})
    xml = sheet_xml(path)[ws.title]
    assert xml.count('t="shared"') == 10 + 7 and "Sheet!A3" in xml
    back = load_workbook(path).active
    assert {ref: back[ref].value for ref in formulas} == formulas
