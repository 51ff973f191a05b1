"""Every cell of an .xlsx read straight from its XML: whether it holds a formula, and
the value the file shows for it.

For the comparisons of recalculated workbooks with the engine's values, which the suite
makes a few hundred times: openpyxl builds a styled cell object for every cell and
translates every shared formula, and that was most of a comparison's time. A comparison
needs only the values. Values are as the file stores them: numbers (dates too, as
serial numbers), text, booleans and error codes (``#N/A``) as text; a cell with no value,
or an empty one, is None. Independent of the builder's own XML code, and of openpyxl.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
PACKAGE_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"

Cells = dict[str, tuple[bool, object]]
"""Cell reference (``B7``) → (holds a formula, shown value)."""


def read_cells(path: Path) -> dict[str, Cells]:
    """Sheet title → its cells, for every worksheet of the workbook at ``path``."""
    with zipfile.ZipFile(path) as zf:
        names = set(zf.namelist())
        strings = _shared_strings(zf.read("xl/sharedStrings.xml")
                                  if "xl/sharedStrings.xml" in names else None)
        return {title: _sheet_cells(zf.read(part), strings)
                for title, part in _sheet_parts(zf).items()}


def _sheet_parts(zf: zipfile.ZipFile) -> dict[str, str]:
    workbook = ET.fromstring(zf.read("xl/workbook.xml"))
    rels = ET.fromstring(zf.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target", "") for r in rels.iter(f"{PACKAGE_REL}Relationship")}
    parts = {}
    for sheet in workbook.iter(f"{MAIN}sheet"):
        target = targets[sheet.get(f"{REL}id")]
        parts[sheet.get("name", "")] = (target.lstrip("/") if target.startswith("/")
                                        else posixpath.normpath(posixpath.join("xl", target)))
    return parts


def _shared_strings(xml: bytes | None) -> list[str]:
    if xml is None:
        return []
    return ["".join(t.text or "" for t in si.iter(f"{MAIN}t"))
            for si in ET.fromstring(xml).iter(f"{MAIN}si")]


def _sheet_cells(xml: bytes, strings: list[str]) -> Cells:
    cells: Cells = {}
    for _, c in ET.iterparse(io.BytesIO(xml)):
        if c.tag != f"{MAIN}c":
            continue
        formula = c.find(f"{MAIN}f") is not None
        v = c.find(f"{MAIN}v")
        text = None if v is None else v.text  # openpyxl writes <v></v>: no value
        kind = c.get("t", "n")
        value: object
        if kind == "inlineStr":
            value = "".join(t.text or "" for t in c.iter(f"{MAIN}t"))
        elif not text:
            value = None
        elif kind == "s":
            value = strings[int(text)]
        elif kind == "b":
            value = text == "1"
        elif kind in ("str", "e"):
            value = text
        else:
            value = float(text) if any(ch in text for ch in ".eE") else int(text)
        cells[c.get("r", "")] = (formula, value)
        c.clear()
    return cells
