"""Pieces every sheet type uses: printing, Excel's idea of a number, cached values by row."""

from __future__ import annotations

import datetime as dt

from openpyxl.utils.datetime import to_excel
from openpyxl.worksheet.worksheet import Worksheet

from ..layout import Table


def page_setup(ws: Worksheet) -> None:
    """Portrait A4, one page wide: a printed sheet reads like the phone screen."""
    ws.page_setup.orientation = "portrait"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0


def excel_number(value: object) -> float | None:
    """The value as Excel's ISNUMBER sees it (dates are numbers, booleans are not)."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (dt.date, dt.datetime)):
        return float(to_excel(value))
    if isinstance(value, (int, float)):
        return float(value)
    return None


def cached_by_row(table: Table, values: list[dict[str, object]]) -> dict[str, object]:
    """Cell reference → value for rows of values keyed by column, from the lead row down."""
    cached: dict[str, object] = {}
    for offset, row_values in enumerate(values):
        number = table.lead_row + offset
        for key, value in row_values.items():
            cached[f"{table.letter(key)}{number}"] = value
    return cached
