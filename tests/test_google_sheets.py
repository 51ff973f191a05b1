"""What Google Sheets keeps of a shipped workbook: its named ranges can only be ranges.

A defined name holding a constant (a text, a number) comes in as nothing there, and every
formula reading it shows ``#NAME?``. Only the LAMBDA edition defines names that are not
ranges: its functions are LAMBDAs, which the README says Google Sheets does not take.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.etree import ElementTree

import pytest
from openpyxl import load_workbook
from openpyxl.utils.cell import range_boundaries

from workbook_builder.labels import INSERTED, MOVED, UNBUILT

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
