"""What a built workbook says about itself, so ``describe`` (:mod:`.describe`) needs no
template.

Defined names give each column's range; a very hidden sheet ``_meta`` (invisible in
Excel's Unhide list, unlike a hidden sheet) adds role, type and allowed values, one
row per name. Custom document properties were the other option, but Excel caps their
text at 255 characters.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.utils.cell import column_index_from_string, range_boundaries
from openpyxl.worksheet.worksheet import Worksheet

from .labels import NAMED
from .layout import NameInfo

META_SHEET = "_meta"
COLUMNS = ("name", "sheet", "range", "role", "type", "allowed", "minimum", "label", "field")
"""``field`` is the preset field a setting feeds, so audit and repair can rebuild with it."""
TEXTS = "texts"
"""The ``about`` key of :func:`builder_texts`: what this version wrote, for a later one."""
TEXT_COLUMN = "K"
"""The ``_meta`` column holding the texts of :data:`~workbook_builder.labels.NAMED`, one a
row from row 1 (the name in the column before it). Google Sheets' named ranges can only
be ranges, so a long message many Status cells show is a cell a name points at, never a
constant name. ``about`` always fills more rows than these, so the name table below it
never shares a row with them."""


def text_ref(name: str) -> str:
    """Where the defined name ``name`` of :data:`~workbook_builder.labels.NAMED` points."""
    row = list(NAMED).index(name) + 1
    return f"'{META_SHEET}'!${TEXT_COLUMN}${row}"


def write_texts(ws: Worksheet, lang: str) -> None:
    """Write the texts of :data:`~workbook_builder.labels.NAMED` where :func:`text_ref`
    says, beside their names: the workbook's Status formulas read them there."""
    column = column_index_from_string(TEXT_COLUMN)
    for row, (name, text) in enumerate(NAMED.items(), 1):
        ws.cell(row, column - 1, name)
        ws.cell(row, column, text(lang))


def text_digest(text: str) -> str:
    """A text's short fingerprint (SHA-256, 8 hex digits): a later builder knows an
    earlier one's words by it without the file carrying them twice."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def builder_texts(wb: Workbook, infos: Sequence[NameInfo]) -> str:
    """Per sheet, the fingerprints of every text the builder wrote there (headings, notes,
    labels), typed cells left out: JSON ``{sheet: "digest digest …"}``.

    ``repair`` of a file a later version reads it to tell a text this version wrote, which
    the later one words otherwise, from a text a person typed
    (:func:`~workbook_builder.kept.values_outside`)."""
    typed: dict[str, set[tuple[int, int]]] = {}
    for info in infos:
        if info.role in ("input", "setting"):
            low_col, low_row, high_col, high_row = range_boundaries(info.range.replace("$", ""))
            typed.setdefault(info.sheet, set()).update(
                (row, col) for row in range(low_row or 1, (high_row or 1) + 1)
                for col in range(low_col or 1, (high_col or 1) + 1))
    out = {}
    for ws in wb.worksheets:
        skip = typed.get(ws.title, set())
        texts = {cell.value for at, cell in ws._cells.items()
                 if isinstance(cell.value, str) and cell.data_type != "f" and at not in skip}
        out[ws.title] = " ".join(sorted({text_digest(text) for text in texts}))
    return json.dumps(out, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def recorded_texts(about: Mapping[str, str]) -> dict[str, frozenset[str]] | None:
    """:func:`builder_texts` as ``_meta`` holds it; None when the file has none (a version
    before it) or it is damaged: then the builder's words are guessed as before."""
    try:
        found = json.loads(about.get(TEXTS) or "null")
    except ValueError:
        return None
    if not isinstance(found, dict):
        return None
    return {str(title): frozenset(str(digests).split()) for title, digests in found.items()}


def write_meta(wb: Workbook, infos: Sequence[NameInfo], about: Mapping[str, str]) -> None:
    """Add the ``_meta`` sheet: ``about`` key/value pairs, a blank row, then one row per name."""
    ws = wb.create_sheet(META_SHEET)
    ws.sheet_state = "veryHidden"
    row = 1
    for key, value in about.items():
        ws.cell(row, 1, key)
        ws.cell(row, 2, value)
        row += 1
    row += 1
    for i, header in enumerate(COLUMNS, 1):
        ws.cell(row, i, header)
    for info in infos:
        row += 1
        values = (info.name, info.sheet, info.range, info.role, info.type,
                  json.dumps(list(info.allowed)), info.minimum, info.label,
                  str(info.extra.get("preset_field", "")) or None)
        for i, cell_value in enumerate(values, 1):
            ws.cell(row, i, cell_value)
    if any(name in wb.defined_names for name in NAMED):
        write_texts(ws, str(about.get("lang") or "ja"))


@dataclass(frozen=True)
class MetaName:
    """A row of ``_meta``'s name table as ``audit`` and ``repair`` read it: the defined name,
    where it was built (to find it if the name was deleted), its role, heading and the
    preset field it feeds (``""``: none). A cell that does not hold text reads as None."""

    name: str
    sheet: str | None = None
    range: str | None = None
    role: str | None = None
    label: str | None = None
    field: str = ""

    @classmethod
    def read(cls, row: Mapping[str, object]) -> MetaName:
        def text(key: str) -> str | None:
            value = row.get(key)
            return value if isinstance(value, str) else None
        return cls(str(row["name"]), text("sheet"), text("range"), text("role"), text("label"),
                   str(row.get("field") or ""))


def name_table(rows: Sequence[Sequence[object]]
               ) -> tuple[dict[str, object], list[str], list[dict[str, object]]]:
    """``_meta``'s rows as its about pairs, the name table's header, and each name's row
    (column → value). IndexError or StopIteration: there is no name table."""
    blank = next(i for i, r in enumerate(rows) if not r or r[0] is None)
    about = {str(r[0]): r[1] for r in rows[:blank]}
    header = [str(h) for h in rows[blank + 1] if h is not None]
    names = [dict(zip(header, r, strict=False)) for r in rows[blank + 2:] if r and r[0]]
    return about, header, names
