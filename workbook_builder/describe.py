"""``describe``: a built workbook's names, roles and types, read from the file alone.

The file says it in ``_meta`` (:mod:`.metadata`); a sheet a program renamed is found
again by its texts (:mod:`.roles`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from openpyxl import Workbook, load_workbook

from .messages import say
from .metadata import META_SHEET, TEXTS, MetaName, name_table
from .roles import find_sheets


def describe(path: str | Path) -> dict[str, object]:
    """The workbook's ``about`` pairs and every name with sheet, range, role, type, allowed."""
    wb = load_workbook(path, read_only=True)  # the names and one small sheet: no more
    try:
        if META_SHEET not in wb.sheetnames:
            raise ValueError(say("meta.missing", path=str(path), sheet=META_SHEET))
        rows = list(wb[META_SHEET].iter_rows(values_only=True))
    finally:
        wb.close()
    try:
        about, header, table = name_table(rows)
    except (StopIteration, IndexError):
        header, table = [], []
    if "name" not in header or "allowed" not in header:
        raise ValueError(say("meta.damaged", path=str(path), sheet=META_SHEET))
    names = []
    moved = _renamed(path, wb, about, table)
    for entry in table:
        defined = wb.defined_names.get(entry["name"])
        if defined is None:
            raise ValueError(say("meta.undefined", path=str(path), name=entry["name"],
                                 sheet=META_SHEET))
        ((sheet, ref),) = list(defined.destinations)
        entry.update(sheet=moved.get(sheet, sheet), range=ref,
                     allowed=json.loads(str(entry["allowed"] or "[]")))
        for optional in ("minimum", "field"):
            if entry.get(optional) is None:
                entry.pop(optional, None)
        names.append(entry)
    about.pop(TEXTS, None)  # fingerprints for repair, not for a reader
    return {"workbook": about, "names": names}


def _renamed(path: str | Path, wb: Workbook, about: Mapping[str, object],
             table: Sequence[Mapping[str, object]]) -> dict[str, str]:
    """The builder's title → the file's, for a sheet renamed by a program that left its
    names behind (openpyxl): found by its texts (:mod:`.roles`), reading the whole file
    only then."""
    pointed = {title for entry in table
               if (defined := wb.defined_names.get(str(entry["name"]))) is not None
               for title, _ in defined.destinations}
    if pointed <= set(wb.sheetnames):
        return {}
    full = load_workbook(path)
    try:
        texts = {str(key): "" if value is None else str(value) for key, value in about.items()}
        roles = find_sheets(full, [MetaName.read(entry) for entry in table], texts)
    finally:
        full.close()
    return roles.renamed
