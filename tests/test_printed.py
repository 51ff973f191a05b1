"""What a person reads of every shipped workbook, filled with its example games: never
``###``, a number wider than its column. That is drawn, not stored, so no recalculated
value shows it: LibreOffice prints each workbook to PDF (every sheet; the first at 100 %,
as the phone pictures are made) and ``pdftotext`` reads the print back.

Hidden columns are shown wide first (:func:`widen_hidden`).
"""

from __future__ import annotations

import datetime as dt
import subprocess
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import pytest
from openpyxl import load_workbook

from workbook_builder.libreoffice import convert
from workbook_builder.preview import Tables, example_books
from workbook_builder.template import load_template

TEMPLATES = sorted((Path(__file__).resolve().parent.parent / "templates").glob("*.toml"))


def widen_hidden(path: Path) -> None:
    """Hidden columns shown, 40 units wide: no number is wider, so a ``###`` printed is a
    shown column's (at no width LibreOffice writes ``###`` for a hidden column's cells
    into the PDF, clipped out of sight). The other columns keep their widths."""
    wb = load_workbook(path)
    for ws in wb.worksheets:
        for dim in ws.column_dimensions.values():
            if dim.hidden:
                dim.hidden, dim.width = False, 40
    wb.save(path)


def hashes_printed(templates: Sequence[Path], tmp_path: Path,
                   retable: Callable[[Tables], Tables] | None = None) -> dict[str, list[str]]:
    """The first lines holding ``###`` of each template's printed example, by output."""
    specs = [load_template(path) for path in templates]
    books = example_books(specs, tmp_path, retable=retable)
    for book in books:
        widen_hidden(book)
    pdfs = convert(books, tmp_path / "pdf", "pdf")
    found = {}
    for spec, pdf in zip(specs, pdfs, strict=True):
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True,
                              capture_output=True, text=True, timeout=60).stdout
        lines = [" ".join(line.split()) for line in text.splitlines() if "###" in line]
        if lines:
            found[spec.output] = lines[:3]
    assert len(pdfs) == len(templates)
    return found


@pytest.mark.slow
def test_no_number_prints_as_hashes(tmp_path: Path) -> None:
    assert len(TEMPLATES) >= 30
    found = hashes_printed(TEMPLATES, tmp_path)
    assert not found, f"### on the printed sheets: {found}"


def dated_december(tables: Tables) -> Tables:
    """Every game dated 28 December of its year: m/d at its widest (two two-digit parts,
    the 2 and 8 wider than a 1 in most fonts)."""
    def redate(row: Mapping[str, object]) -> dict[str, object]:
        return {key: value.replace(month=12, day=28) if isinstance(value, dt.date) else value
                for key, value in row.items()}
    return {key: [redate(row) for row in rows] for key, rows in tables.items()}


DATED = [path for path in TEMPLATES if not path.stem.startswith(("formulas", "lambda"))
         and path.stem not in ("yonin_ja", "yonin_en")]
"""Every template whose Games sheet has a date column (the four-player personal sheet,
the catalog and the LAMBDA edition have none)."""


@pytest.mark.slow
def test_the_widest_date_prints_on_every_sheet_with_dates(tmp_path: Path) -> None:
    assert len(DATED) == 26
    found = hashes_printed(DATED, tmp_path, retable=dated_december)
    assert not found, f"### on the printed sheets dated 12/28: {found}"
