"""What Google Sheets keeps of a shipped workbook: its named ranges can only be ranges.

A defined name holding a constant (a text, a number) comes in as nothing there, and every
formula reading it shows ``#NAME?``. Only the LAMBDA edition defines names that are not
ranges: its functions are LAMBDAs, which the README says Google Sheets does not take.
"""

from __future__ import annotations

import dataclasses
import shutil
import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from openpyxl import load_workbook
from openpyxl.utils.cell import range_boundaries

from tests.conftest import column_cells
from workbook_builder.build import TEMPLATES, build
from workbook_builder.desk_url import desk_url
from workbook_builder.labels import INSERTED, MOVED, UNBUILT
from workbook_builder.template import load_template

DIST = Path(__file__).resolve().parent.parent / "dist"
SHIPPED = sorted(DIST.glob("*.xlsx"))
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
MESSAGES = {"Msg_Unbuilt": UNBUILT, "Msg_Moved": MOVED, "Msg_Inserted": INSERTED}


def _is_lambda(text: str) -> bool:
    return text.lstrip("=").startswith(("_xlfn.LAMBDA(", "LAMBDA("))


def _not_ranges(path: Path) -> list[str]:
    """Every defined name of ``path`` (workbook or sheet scope) that is not a range of one
    of its sheets, LAMBDA functions left out: the name and what it holds. Read from the
    package's XML (openpyxl takes a minute to load every ledger)."""
    with zipfile.ZipFile(path) as package:
        root = ElementTree.fromstring(package.read("xl/workbook.xml"))
    titles = {sheet.get("name") for sheet in root.iter(f"{MAIN}sheet")}
    bad = []
    for defined in root.iter(f"{MAIN}definedName"):
        text = defined.text or ""
        if _is_lambda(text):
            continue
        if not all(_is_range(part, titles) for part in text.split(",")):
            bad.append(f"{defined.get('name')} = {text[:60]}")
    return bad


def _is_range(text: str, titles: set[str | None]) -> bool:
    """``'Sheet'!$A$1:$B$2`` or ``Sheet!$A$1`` of a sheet in ``titles``."""
    title, bang, ref = text.rpartition("!")
    if not bang or title.strip("'").replace("''", "'") not in titles:
        return False
    try:
        range_boundaries(ref.replace("$", ""))
    except (ValueError, TypeError):
        return False
    return True


def test_there_are_shipped_workbooks():
    assert len(SHIPPED) >= 30, SHIPPED


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_defined_name_is_a_range(path):
    assert _not_ranges(path) == []


@pytest.mark.parametrize("path", [p for p in SHIPPED if p.stem.startswith(("tokin", "ledger_"))],
                         ids=lambda p: p.stem)
def test_status_messages_are_cells_on_the_meta_sheet(path):
    wb = load_workbook(path, read_only=True)
    lang = "en" if path.stem.endswith("_en") else "ja"
    meta = wb["_meta"]
    assert meta.sheet_state == "veryHidden"
    for name, text in MESSAGES.items():
        ((title, ref),) = list(wb.defined_names[name].destinations)
        assert title == "_meta"
        assert meta[ref.replace("$", "")].value == text(lang), name


STATUS_CASES = {"ledger_tokin_ja": {0: None, 1: 0}, "yonin_ledger_ja": {0: None, 4: 0},
                "tokin_en": {0: None}}
"""Template → Games rows (from 0) whose Built helper is set: cleared (a row the builder
did not make: Msg_Unbuilt) or 0 (a row moved: Msg_Moved, on a table of fixed rows, the
ledgers'; a four-player game is four rows)."""


@pytest.fixture(scope="module")
def misplaced(tmp_path_factory) -> dict[str, Path]:
    """Each case with its Built helpers set, recalculated in LibreOffice from no cached
    values."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    from workbook_builder.libreoffice import recalculate

    work = tmp_path_factory.mktemp("misplaced")
    typed = []
    for name, rows in STATUS_CASES.items():
        spec = dataclasses.replace(load_template(TEMPLATES / f"{name}.toml"), rows=8, players=8)
        wb = load_workbook(build(spec, work / "built"))
        title, letter, first, _ = column_cells(wb, "Games_Built")
        for offset, value in rows.items():
            wb[title][f"{letter}{first + offset}"].value = value
        wb.save(work / f"{name}.xlsx")  # openpyxl keeps no cached values
        typed.append(work / f"{name}.xlsx")
    return dict(zip(STATUS_CASES, recalculate(typed, work / "out"), strict=True))


@pytest.mark.slow
@pytest.mark.parametrize("name", STATUS_CASES)
def test_the_status_and_the_banner_read_the_messages_from_their_cells(misplaced, name):
    lang = name.rsplit("_", 1)[1]
    wb = load_workbook(misplaced[name], data_only=True)
    title, letter, first, _ = column_cells(wb, "Games_Status")
    for offset, value in STATUS_CASES[name].items():
        shown = wb[title][f"{letter}{first + offset}"].value
        assert shown == (UNBUILT if value is None else MOVED)(lang), offset
    if 0 in STATUS_CASES[name].values():  # the title's banner counts the moved rows
        banner = str(wb[title]["A1"].value)
        assert banner.startswith("⚠ ") and desk_url() in banner, banner  # a link to the desk
