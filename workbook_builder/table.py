"""Writes a :class:`~workbook_builder.layout.Table` onto a worksheet.

Everything that must be the same on every sheet lives here: unlocked and validated
input cells, locked blue computed cells, workbook-scoped names ``<Table>_<Column>``,
the "formula overwritten" highlight (for a sheet whose protection was lifted) and the
"this row is flagged" highlight.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence

from openpyxl.cell.cell import Cell, MergedCell
from openpyxl.styles import Alignment, Font
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.worksheet import Worksheet

from . import styles
from .labels import NAMED, Text
from .layout import Column, NameInfo, Table, Validation
from .metadata import text_ref


def define_name(ws: Worksheet, name: str, ref: str) -> None:
    """A workbook-scoped name for ``ref`` (absolute, e.g. ``$B$4:$B$203``) on ``ws``."""
    title = ws.title.replace("'", "''")
    assert ws.parent is not None, "a sheet of no workbook"
    ws.parent.defined_names[name] = DefinedName(name, attr_text=f"'{title}'!{ref}")


def add_validation(ws: Worksheet, validation: Validation, sqref: str, lang: str) -> None:
    """A data validation that really rejects bad entries and explains itself."""
    dv = DataValidation(
        type=validation.kind, operator=validation.operator,  # type: ignore[arg-type]
        formula1=validation.formula1, formula2=validation.formula2,
        allow_blank=True, showErrorMessage=True, showInputMessage=True,
        errorStyle="stop",
    )
    if validation.prompt is not None:
        dv.promptTitle = None
        dv.prompt = validation.prompt(lang)
    if validation.error is not None:
        dv.errorTitle = None
        dv.error = validation.error(lang)
    dv.add(sqref)
    ws.add_data_validation(dv)


def put_input(cell: Cell | MergedCell, value: object) -> None:
    """Store a typed value literally: text starting with ``=`` or ``#`` stays text."""
    cell.value = value  # type: ignore[assignment]  # the values openpyxl accepts
    if isinstance(value, str) and cell.data_type in ("f", "e"):
        cell.data_type = "s"


def write_table(ws: Worksheet, table: Table, lang: str,
                inputs: Sequence[Mapping[str, object]] = (),
                flag: str | None = None) -> list[NameInfo]:
    """Header, lead row, data rows, validation, names and highlights of ``table``.

    ``inputs`` pre-fills data rows (examples, tests). ``flag`` is the key of a column
    whose non-empty value marks the row (amber). Returns what ``describe`` reports.
    """
    for i, column in enumerate(table.columns, 1):
        letter = table.letter(column.key)
        wide = column.width_en if lang == "en" and column.width_en else column.width
        ws.column_dimensions[letter].width = wide
        ws.column_dimensions[letter].hidden = column.hidden
        styles.style_header(ws.cell(table.header_row, i, column.label(lang)), lang)
        _write_lead(ws, table, column, i, lang)
        for number in range(table.first_row, table.last_row + 1):
            cell = ws.cell(number, i)
            if column.role == "input":
                styles.style_input(cell, lang, column.number_format)
                offset = number - table.first_row
                if offset < len(inputs) and inputs[offset].get(column.key) is not None:
                    put_input(cell, _to_cell(inputs[offset][column.key]))
                    cell.number_format = column.number_format
            else:
                assert column.formula is not None, f"{column.key} has no formula"
                cell.value = "=" + shown(table, column, column.formula(table.row(number)), lang)
                if column.role == "computed":
                    styles.style_computed(cell, lang, column.number_format,
                                          color="C00000" if column.key == flag else "1F3864")
                    if column.type == "text" and column.key != flag:
                        cell.alignment = Alignment(shrink_to_fit=True)
                else:
                    cell.number_format = column.number_format
                    cell.protection = styles.LOCKED
        if column.validation is not None:
            rng = f"{letter}{table.first_row}:{letter}{table.last_row}"
            add_validation(ws, column.validation, rng, lang)
    _highlight(ws, table, flag)
    if not any(column.lead is not None and not column.hidden for column in table.columns):
        ws.row_dimensions[table.lead_row].hidden = True  # an empty blue row: no use on a phone
    if table.has("Built"):
        for name in NAMED:
            assert ws.parent is not None, "a sheet of no workbook"
            ws.parent.defined_names[name] = DefinedName(name, attr_text=text_ref(name))
    return _names(ws, table, lang)


def shown(table: Table, column: Column, formula: str, lang: str) -> str:
    """``formula`` as a visible cell of a table shows it.

    Rows moved, inserted or deleted by hand can leave references that point nowhere
    (``#REF!``) or lookups past their range; such a row's Status says so
    (``Msg_Moved``: :data:`~workbook_builder.labels.MOVED`), and its other cells
    show nothing
    rather than an error code. The Status itself shows that message if it cannot be
    computed at all.
    """
    if column.role != "computed":
        return formula
    moved = column.key == "Status" and table.has("Built")
    fallback = "Msg_Moved" if moved else '""'
    return f"IFERROR({formula},{fallback})"


def _write_lead(ws: Worksheet, table: Table, column: Column, index: int, lang: str) -> None:
    lead = column.lead
    cell = ws.cell(table.lead_row, index)
    if lead is None:
        if not column.hidden:
            styles.style_computed(cell, lang)
        return
    if isinstance(lead, Text):
        cell.value = lead(lang)
        styles.style_computed(cell, lang, bold=True)
    elif callable(lead):
        cell.value = "=" + lead(table.row(table.lead_row))
        if column.hidden:
            cell.protection = styles.LOCKED
        else:
            styles.style_computed(cell, lang, column.number_format, bold=True)
    else:
        cell.value = lead
        styles.style_computed(cell, lang, bold=True)


def _highlight(ws: Worksheet, table: Table, flag: str | None) -> None:
    visible = [c for c in table.columns if not c.hidden]
    computed = [c for c in visible if c.role == "computed"]
    for column in computed:
        letter = table.letter(column.key)
        top = table.lead_row if has_lead_formula(column) else table.first_row
        rng = f"{letter}{top}:{letter}{table.last_row}"
        ws.conditional_formatting.add(rng, styles.formula_rule(
            f"NOT(_xlfn.ISFORMULA({letter}{top}))", stopIfTrue=True,
            fill=styles.OVERWRITTEN_FILL, font=Font(bold=True, color="FFFFFF")))
    if flag is not None:
        first = table.letter(visible[0].key)
        last = table.letter(visible[-1].key)
        marker = f"${table.letter(flag)}{table.first_row}"
        rng = f"{first}{table.first_row}:{last}{table.last_row}"
        ws.conditional_formatting.add(rng, styles.formula_rule(
            f"LEFT({marker},1)=\"⚠\"", fill=styles.FLAG_FILL))


def _names(ws: Worksheet, table: Table, lang: str) -> list[NameInfo]:
    infos = []
    for column in table.columns:
        letter = table.letter(column.key)
        top = table.lead_row if column.lead_in_name else table.first_row
        ref = f"${letter}${top}:${letter}${table.last_row}"
        name = table.name(column.key)
        define_name(ws, name, ref)
        infos.append(NameInfo(name, ws.title, ref, column.role, column.type,
                              column.allowed, column.minimum, column.label(lang)))
    return infos


def has_lead_formula(column: Column) -> bool:
    """Whether the lead row of ``column`` holds a formula (a Text is a label)."""
    return callable(column.lead) and not isinstance(column.lead, Text)


def _to_cell(value: object) -> object:
    if isinstance(value, dt.datetime):
        return value
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day)
    return value
