"""Excel's validators find nothing in the workbooks but what openpyxl always writes.

Two validators read every shipped workbook and a ledger of every kind filled by
``import``: Microsoft's Open XML SDK (``tests/ooxml_sdk.py``) and openxml-audit, a Python
port of it with Excel-specific checks. Each finding fails the test unless
:data:`ALLOWED` names it with the reason. Validating takes minutes (openxml-audit reads a
full ledger in 10-20 s), so it runs from the session's start as an early job.
Data validations are also checked here: none may sit on a locked cell.
"""

from __future__ import annotations

import dataclasses
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from openpyxl.worksheet.worksheet import Worksheet

from tests.conftest import early
from workbook_builder.build import TEMPLATES, build
from workbook_builder.importer import import_log
from workbook_builder.template import load_template

DIST = Path(__file__).resolve().parents[1] / "dist"
FONT_CHILDREN = ("b", "i", "strike", "condense", "extend", "outline", "shadow", "u",
                 "vertAlign", "sz", "color", "name", "family", "charset", "scheme")
ALLOWED = {
    "font child order": (
        "ECMA-376's sml.xsd lets <font>'s children come in any order (CT_Font is an "
        "unbounded choice); the SDK checks them in the order Excel writes them, and "
        "openpyxl writes another. Excel and LibreOffice open every openpyxl file so."),
    "inline strings": (
        "openpyxl 3.1 writes every text cell as an inline string (t=\"inlineStr\", valid "
        "ECMA-376); openxml-audit warns, without an error, that Excel moves them into a "
        "shared-string table when it saves, which changes no cell."),
}
"""The findings that do not fail the test, by name, with the reason."""

_FONT_PATH = re.compile(r"^/(x:)?styleSheet\[1\]/(x:)?fonts\[1\]/(x:)?font\[\d+\]$")
_CHILD = re.compile(r"(?:Unexpected element '|unexpected child element "
                    r"'http://schemas\.openxmlformats\.org/spreadsheetml/2006/main:)(\w+)'")


def allowed(finding: dict[str, str]) -> str | None:
    """The :data:`ALLOWED` name that covers ``finding``, or None."""
    child = _CHILD.search(finding["description"])
    if (finding["part"] == "/xl/styles.xml" and _FONT_PATH.match(finding["path"])
            and child is not None and child.group(1) in FONT_CHILDREN
            and finding["severity"] == "error"):
        return "font child order"
    if (finding["validator"] == "openxml-audit" and finding["id"] == "Excel_InlineStrCells"
            and finding["severity"] == "warning"):
        return "inline strings"
    return None


def unexplained(findings: dict[str, list[dict[str, str]]]) -> list[str]:
    """One line per finding that :func:`allowed` does not cover."""
    return [f"{Path(name).name}: {f['validator']} {f['id']} {f['part']} {f['path']}: "
            f"{f['description'][:200]}"
            for name, found in findings.items() for f in found if allowed(f) is None]


# One small game log a ledger kind: its import fills Players, Games and cached values.
LOGS = {
    "ledger_tokin_ja": "日付,対局者A,対局者B,勝敗,手合\n2024/5/1,田中,鈴木,1,\n"
                       "2024/5/2,佐藤,鈴木,0,香落\n2024/6/1,田中,佐藤,1,\n",
    "ledger_club24_en": "date,player_a,player_b,result\n2024/5/1,Tanaka,Suzuki,1\n"
                        "2024/5/2,Sato,Suzuki,0\n2024/6/1,Tanaka,Sato,1\n",
    "ledger_elo_ja": "日付,対局者A,対局者B,勝敗\n2024/5/1,田中,鈴木,1\n"
                     "2024/5/2,佐藤,鈴木,0.5\n2024/6/1,田中,佐藤,0\n",
    "ledger_go_en": "date,player_a,player_b,result,handicap_diff,game_type\n"
                    "2024/5/1,Tanaka,Suzuki,1,2,\n2024/5/2,Sato,Suzuki,0,,\n"
                    "2024/6/1,Tanaka,Sato,1,0,\n",
    "ledger_mosaic_ja": "player_a,player_b,result,turn_diff\n田中,鈴木,1,5\n佐藤,鈴木,0,2\n"
                        "田中,佐藤,1,0\n",
}


def imported(work: Path) -> list[Path]:
    """Each ledger kind filled from :data:`LOGS` by ``import``, at 60 rows and 20 players
    (the shipped, full-size ledgers are validated as well). ``import`` reads no
    four-player log, so the four-player ledger is built filled with the suite's seeded
    tables instead."""
    from tests.sheetcases.yonin_ledger import random_tables

    spec = dataclasses.replace(load_template(TEMPLATES / "yonin_ledger_en.toml"), rows=80,
                               players=20)
    out = [build(spec, work / "filled", tables=random_tables(7, spec))]
    for name, log in LOGS.items():
        text = (TEMPLATES / f"{name}.toml").read_text(encoding="utf-8")
        text = re.sub(r"(?m)^rows = \d+", "rows = 60", text)
        text = re.sub(r"(?m)^players = \d+", "players = 20", text)
        (work / f"{name}.toml").write_text(text, encoding="utf-8")
        (work / f"{name}.csv").write_text(log, encoding="utf-8")
        target = work / f"imported_{name}.xlsx"
        import_log(work / f"{name}.csv", work / f"{name}.toml", target)
        out.append(target)
    return out


def sdk_findings(files: list[Path], work: Path) -> dict[str, list[dict[str, str]]]:
    """The Open XML SDK's findings by file (see ``tests/ooxml_sdk.py``)."""
    done = subprocess.run([sys.executable, "-m", "tests.ooxml_sdk", str(work),
                           *map(str, files)], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[1])
    found: dict[str, list[dict[str, str]]] = json.loads(done.stdout)
    return {name: [{**f, "validator": "Open XML SDK", "severity": "error"} for f in fs]
            for name, fs in found.items()}


def audit_findings(files: list[Path]) -> dict[str, list[dict[str, str]]]:
    """openxml-audit's findings, warnings included, by file."""
    from openxml_audit import OpenXmlValidator

    validator = OpenXmlValidator()
    out = {}
    for path in files:
        result = validator.validate(path)
        out[str(path)] = [{"validator": "openxml-audit", "id": e.id, "part": e.part_uri,
                           "path": e.path, "description": e.description,
                           "severity": e.severity.value} for e in result.errors]
    return out


@early
def validated(built: dict[str, Path], work: Path) -> dict[str, dict[str, list]]:
    """Both validators' findings on every shipped workbook and every imported kind."""
    files = [*built.values(), *imported(work)]
    return {"sdk": sdk_findings(files, work), "audit": audit_findings(files)}


@pytest.mark.parametrize("validator", ["sdk", "audit"])
def test_excel_validators_find_nothing_unexplained(early_jobs, built, validator) -> None:
    findings = early_jobs["validated"].result()[validator]
    assert len(findings) == len(built) + len(LOGS) + 1
    assert unexplained(findings) == []


def broken_copy(tmp_path: Path) -> Path:
    """A shipped workbook with an attribute workbook.xml may not have."""
    source, path = DIST / "mosaic_en.xlsx", tmp_path / "broken.xlsx"
    with zipfile.ZipFile(source) as zin, zipfile.ZipFile(path, "w") as zout:
        for item in zin.infolist():
            data = zin.read(item)
            if item.filename == "xl/workbook.xml":
                assert b"<workbookPr />" in data
                data = data.replace(b"<workbookPr />", b'<workbookPr bogus="1" />')
            zout.writestr(item, data)
    return path


def test_both_validators_fail_a_workbook_with_an_undeclared_attribute(tmp_path) -> None:
    path = broken_copy(tmp_path)
    for findings in (sdk_findings([path], tmp_path), audit_findings([path])):
        lines = unexplained(findings)
        assert len(lines) == 1 and "/xl/workbook.xml" in lines[0], lines
        assert "'bogus' attribute is not declared" in lines[0]
        assert any(allowed(f) for f in findings[str(path)])  # the font order, let through


def locked_under_validation(ws: Worksheet) -> list[str]:
    """Cells of ``ws`` that a data validation covers but protection locks."""
    return [f"{ws.title}!{cell.coordinate} ({dv.sqref})"
            for dv in ws.data_validations.dataValidation for rng in dv.sqref.ranges
            for row in ws.iter_rows(min_row=rng.min_row, max_row=rng.max_row,
                                    min_col=rng.min_col, max_col=rng.max_col)
            for cell in row if cell.protection.locked]


def test_no_data_validation_covers_a_locked_cell(opened, built) -> None:
    """A validation says "type here"; on a locked cell of a protected sheet nobody can."""
    checked = 0
    for name in built:
        for ws in opened[name].worksheets:
            if ws.data_validations.dataValidation:
                assert ws.protection.sheet, f"{name} {ws.title}: not protected"
                checked += 1
            assert locked_under_validation(ws) == [], name
    assert checked >= len(built)  # every workbook has typed cells
