"""Worked examples typed into a built personal sheet, and recalculated by LibreOffice.

A test module declares its cases as ``{case: (template, Settings typed, games typed)}``
(the rule's worked examples in RULES.md); its early job builds the templates and hands
them to :func:`recalculated`, which types each case into a copy and recalculates them
all in one LibreOffice call.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from openpyxl import load_workbook

from tests.conftest import games_column
from tests.sheetcases.tokin import typed_copy
from workbook_builder.build import TEMPLATES, build
from workbook_builder.template import load_template

Case = tuple[str, Mapping[str, object], Sequence[Mapping[str, object]]]
"""A worked example: the template it is typed into, its Settings and its games."""


def built_small(names: Iterable[str], rows: int, work: Path) -> dict[str, Path]:
    """Each shipped template ``names`` built with only ``rows`` game rows."""
    return {name: build(dataclasses.replace(load_template(TEMPLATES / f"{name}.toml"),
                                            rows=rows), work / "built")
            for name in names}


def recalculated(cases: Mapping[str, Case], books: Mapping[str, Path],
                 work: Path) -> dict[str, Path]:
    """Each case typed into a copy of its template's book, all recalculated in one call."""
    from workbook_builder.libreoffice import recalculate

    sources = [typed_copy(books[template], work / f"{case}.xlsx", settings, games)
               for case, (template, settings, games) in cases.items()]
    return dict(zip(cases, recalculate(sources, work / "out"), strict=True))


def first_rows(path: Path, key: str, count: int = 2) -> list[object]:
    """The 自分 / Me row and the first ``count`` game rows of a Games column."""
    return games_column(load_workbook(path, data_only=True), key, with_lead=True)[: count + 1]
