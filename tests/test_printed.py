"""What a person reads of every shipped workbook, filled with its example games: never
``###``, a number wider than its column. That is drawn, not stored, so no recalculated
value shows it: LibreOffice prints each workbook to PDF (every sheet; the first at 100 %,
as the phone pictures are made) and ``pdftotext`` reads the print back.

Hidden columns are shown wide first (:func:`widen_hidden`).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook

from workbook_builder.libreoffice import convert
from workbook_builder.preview import example_books
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


@pytest.mark.slow
def test_no_number_prints_as_hashes(tmp_path: Path) -> None:
    specs = [load_template(path) for path in TEMPLATES]
    books = example_books(specs, tmp_path)
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
    assert len(pdfs) == len(TEMPLATES) >= 30
    assert not found, f"### on the printed sheets: {found}"
