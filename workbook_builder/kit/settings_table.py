"""A named table under the Settings constants: heading, header row, one name per column.

The Games formulas read such a table column by column through ``Settings_<key>``, so a
club edits a rank ladder or a handicap list in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openpyxl.styles import Alignment
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from .. import styles
from ..labels import Text
from ..layout import NameInfo, Role, Validation, ValueType
from ..settings import setting_name
from ..table import add_validation, define_name


@dataclass(frozen=True)
class TableColumn:
    """One column of a Settings table; a column with a validation is typed (white)."""

    label: Text
    values: Sequence[object]
    key: str = ""
    """Defined name ``Settings_<key>`` of the column; "" = no name."""
    type: ValueType = "number"
    validation: Validation | None = None
    """None = computed (blue, locked); a typed column's blank cells are computed too."""
    role: Role = "setting"
    each_cell: bool = False
    """One validation per typed cell, row by row, instead of one for the column."""
    bold: bool = False
    left: bool = False


def write_settings_table(ws: Worksheet, top: int, heading: Text, columns: Sequence[TableColumn],
                         lang: str, heading_size: int = 14) -> tuple[list[NameInfo], int]:
    """Heading at ``top``, the header below it, then the rows; the names and the last row."""
    title = ws.cell(top, 1, heading(lang))
    title.font = styles.font(lang, bold=True, size=heading_size, color="305496")
    title.protection = styles.LOCKED
    for c, column in enumerate(columns, 1):
        styles.style_header(ws.cell(top + 1, c, column.label(lang)), lang)
    first = top + 2
    last = first + max(len(c.values) for c in columns) - 1
    for r in range(first, last + 1):
        for c, column in enumerate(columns, 1):
            value = column.values[r - first] if r - first < len(column.values) else None
            cell = ws.cell(r, c, value)  # type: ignore[call-overload]  # a table value
            if column.validation is not None and value is not None:
                styles.style_input(cell, lang)
            else:
                styles.style_computed(cell, lang, bold=column.bold)
            if column.left:
                cell.alignment = Alignment(horizontal="left")
            if column.validation is not None and column.each_cell and value is not None:
                add_validation(ws, column.validation, cell.coordinate, lang)
    infos = []
    for c, column in enumerate(columns, 1):
        letter = get_column_letter(c)
        ref = f"${letter}${first}:${letter}${last}"
        if column.key:
            define_name(ws, setting_name(column.key), ref)
            infos.append(NameInfo(setting_name(column.key), ws.title, ref, column.role,
                                  column.type, label=column.label(lang)))
        typed = typed_runs(letter, first, column.values)
        if column.validation is not None and not column.each_cell and typed:
            add_validation(ws, column.validation, typed, lang)
    return infos, last


def typed_runs(letter: str, first: int, values: Sequence[object]) -> str:
    """The sqref of the typed (non-blank) cells of a column, one range per unbroken run:
    a validation over a blank, computed cell is one on a locked cell, which a checker
    flags and which tells a person a cell is typed when it is not (Go's top rank has no
    promotion threshold, BC neither)."""
    runs: list[str] = []
    start: int | None = None
    for row, value in enumerate([*values, None], first):
        if value is not None and start is None:
            start = row
        elif value is None and start is not None:
            runs.append(f"{letter}{start}" if start == row - 1
                        else f"{letter}{start}:{letter}{row - 1}")
            start = None
    return " ".join(runs)
