"""Every cell of an .xlsx read straight from its XML: whether it holds a formula, and
the value the file shows for it.

For the comparisons of recalculated workbooks with the engine's values, which the suite
makes a few hundred times: openpyxl builds a styled cell object for every cell and
translates every shared formula, and that was most of a comparison's time. A comparison
needs only the values. Values are as the file stores them: numbers (dates too, as
serial numbers), text, booleans and error codes (``#N/A``) as text; a cell with no value,
or an empty one, is None. Independent of the builder's own XML code, and of openpyxl
(but for :func:`read_formulas`, which moves a shared formula's text to each of its
cells with openpyxl's translator, as openpyxl's reader does).
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar
from xml.etree import ElementTree as ET

from openpyxl.formula.tokenizer import Token, Tokenizer
from openpyxl.formula.translate import Translator
from openpyxl.utils.cell import column_index_from_string, coordinate_to_tuple, get_column_letter

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
REL = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
PACKAGE_REL = "{http://schemas.openxmlformats.org/package/2006/relationships}"

T = TypeVar("T")
Cells = dict[str, tuple[bool, object]]
"""Cell reference (``B7``) → (holds a formula, shown value)."""
Formulas = dict[str, tuple[str | None, object]]
"""Cell reference → (its formula text without ``=``, or None; shown value)."""


def read_cells(path: Path) -> dict[str, Cells]:
    """Sheet title → its cells, for every worksheet of the workbook at ``path``."""
    return _read_sheets(path, _sheet_cells)


def _read_sheets(path: Path, read: Callable[[bytes, list[str]], T]) -> dict[str, T]:
    """Sheet title → ``read(its XML, the shared strings)``, for every worksheet."""
    with zipfile.ZipFile(path) as zf:
        names = set(zf.namelist())
        strings = _shared_strings(zf.read("xl/sharedStrings.xml")
                                  if "xl/sharedStrings.xml" in names else None)
        return {title: read(zf.read(part), strings) for title, part in _sheet_parts(zf).items()}


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
        cells[c.get("r", "")] = (c.find(f"{MAIN}f") is not None, _shown(c, strings))
        c.clear()
    return cells


def read_formulas(path: Path) -> dict[str, Formulas]:
    """Sheet title → its cells with their formula text, for every worksheet of the
    workbook at ``path`` (the formulas' part of what openpyxl reads, much faster)."""
    return _read_sheets(path, _sheet_formulas)


def read_defined_names(path: Path) -> dict[str, str]:
    """The workbook's defined names (not those of one sheet) → their text."""
    with zipfile.ZipFile(path) as zf:
        workbook = ET.fromstring(zf.read("xl/workbook.xml"))
    return {d.get("name", ""): d.text or "" for d in workbook.iter(f"{MAIN}definedName")
            if d.get("localSheetId") is None}


def _sheet_formulas(xml: bytes, strings: list[str]) -> Formulas:
    cells: Formulas = {}
    shared: dict[str, _Shared] = {}
    for _, c in ET.iterparse(io.BytesIO(xml)):
        if c.tag != f"{MAIN}c":
            continue
        ref = c.get("r", "")
        f = c.find(f"{MAIN}f")
        formula = None if f is None else _formula_text(f, ref, shared)
        cells[ref] = (formula, _shown(c, strings))
        c.clear()
    return cells


def _formula_text(f: ET.Element, ref: str, shared: dict[str, _Shared]) -> str:
    """A cell's formula without ``=``; a shared formula's other cells get its text moved
    to their own place, as Excel and openpyxl read them."""
    si = f.get("si")
    if f.get("t") != "shared" or si is None:
        return f.text or ""
    if f.get("ref") is not None:
        shared[si] = _Shared(f.text or "", ref)
        return f.text or ""
    return shared[si].at(ref)


Part = str | tuple[bool, str]
"""Formula text, or a relative row (True) or column (False) of a reference."""


class _Shared:
    """A shared formula's text split once where moving it changes it: what openpyxl's
    ``Translator`` does (its tokenizer and its reading of references), without reading the
    formula again for every cell."""

    def __init__(self, text: str, origin: str) -> None:
        self.row, self.col = coordinate_to_tuple(origin)
        parts: list[Part] = []
        for token in Tokenizer("=" + text).items:
            if token.type == Token.OPERAND and token.subtype == Token.RANGE:
                parts += _range_parts(token.value)
            else:
                parts.append(token.value)
        # the text between references as one format string, each moving part a slot
        self.format = "".join(p.replace("{", "{{").replace("}", "}}") if isinstance(p, str)
                              else "{}" for p in parts)
        self.rows = [int(p[1]) if p[0] else None for p in parts if not isinstance(p, str)]
        self.columns = [p[1] for p in parts if not isinstance(p, str)]

    def at(self, ref: str) -> str:
        """The formula moved to ``ref`` (without ``=``)."""
        row, col = coordinate_to_tuple(ref)
        down, right = row - self.row, col - self.col
        return self.format.format(*(
            str(n + down) if n is not None else
            text if right == 0 else get_column_letter(column_index_from_string(text) + right)
            for n, text in zip(self.rows, self.columns, strict=True)))


def _range_parts(text: str) -> list[Part]:
    """A reference's parts (Translator.translate_range's reading): a sheet, rows,
    columns, cells, or a name, which does not move."""
    sheet, _, where = text.rpartition("!")
    head: list[Part] = [sheet + "!"] if sheet else []
    if (m := Translator.ROW_RANGE_RE.match(where)) is not None:
        return [*head, _row(m[1]), ":", _row(m[2])]
    if (m := Translator.COL_RANGE_RE.match(where)) is not None:
        return [*head, _col(m[1]), ":", _col(m[2])]
    if ":" in where:
        parts = [*head]
        for i, piece in enumerate(where.split(":")):
            parts += [":"] * (i > 0) + _range_parts(piece)
        return parts
    if (m := Translator.CELL_REF_RE.match(where)) is not None:
        return [*head, _col(m[1]), _row(m[2])]
    return [*head, where]


def _row(text: str) -> Part:
    return text if text.startswith("$") else (True, text)


def _col(text: str) -> Part:
    return text if text.startswith("$") else (False, text)


def _shown(c: ET.Element, strings: list[str]) -> object:
    v = c.find(f"{MAIN}v")
    text = None if v is None else v.text  # openpyxl writes <v></v>: no value
    kind = c.get("t", "n")
    if kind == "inlineStr":
        return "".join(t.text or "" for t in c.iter(f"{MAIN}t"))
    if not text:
        return None
    if kind == "s":
        return strings[int(text)]
    if kind == "b":
        return text == "1"
    if kind in ("str", "e"):
        return text
    return float(text) if any(ch in text for ch in ".eE") else int(text)
