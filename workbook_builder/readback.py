"""Opening a workbook from a user safely, and reading back what they typed into it.

``audit`` and ``repair`` both start here: the file may be anything (a renamed PDF, a
half-downloaded attachment, a zip bomb, a workbook from another program), so it is
checked as a zip and as XML before openpyxl sees it, and every failure becomes one
:class:`UnreadableWorkbook` line. XML is parsed by defusedxml (openpyxl uses it when
installed; the depth scan here uses it directly). Nothing is ever written to the file.

A workbook this project made carries a very hidden ``_meta`` sheet (system, template
values, and every named column with its role), so its inputs can be read by name from
any earlier version of the layout and the workbook rebuilt from the template with the
engine.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import warnings
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from defusedxml import ElementTree as SafeTree
from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import Cell, MergedCell
from openpyxl.utils.cell import range_boundaries
from openpyxl.worksheet.worksheet import Worksheet

from .errors import UnreadableWorkbook
from .kit.cells import excel_serial
from .messages import Lang, kind_name, os_reason, reason_of, say
from .metadata import META_SHEET, MetaName, name_table
from .roles import SheetRoles, as_built, find_sheets, refuse_gone
from .sheets import SHEET_TYPES, Built, SheetType
from .spec import MAX_PLAYERS, MAX_ROWS, Spec

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element  # the type only: parsing is defusedxml's

__all__ = ["UnreadableWorkbook", "check_package", "open_project_workbook", "read_typed"]

MAX_FILE_BYTES = 100 * 1024 * 1024
MAX_PART_BYTES = 256 * 1024 * 1024
"""Largest uncompressed XML part accepted: about 1.3 times the largest a template's file
holds once LibreOffice has saved it (every formula written out in full): the Tokin
ledger's Games sheet at 20,000 rows (measured in docs/performance.md)."""
MAX_TOTAL_BYTES = 300 * 1024 * 1024
MAX_PARTS = 5000
MAX_DEPTH = 100
"""Deepest XML nesting accepted; real spreadsheet parts stay under about 12."""
MAX_CELLS = 1_000_000
"""Most ``<c>`` cells accepted in one part; the largest template part has 540,046 (the
four-player ledger's Games sheet at 20,000 rows), the Tokin ledger's 460,042."""
CELL_TAG = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}c"


@dataclass
class Opened:
    """A project workbook read twice: formulas as written, and values as last computed."""

    path: Path
    formulas: Workbook
    values: Workbook
    about: dict[str, str]
    names: list[MetaName]
    roles: SheetRoles = field(default_factory=lambda: SheetRoles({}))
    """Where the builder's sheets are in the file (:mod:`.roles`); ``formulas`` and
    ``values`` call each by the builder's title."""


@dataclass
class Typed:
    """Everything a person typed into a project workbook, by name."""

    spec: Spec
    rows: list[dict[str, object]]
    """Games table inputs, row by row (trailing empty rows dropped)."""
    settings: dict[str, object]
    """Settings values by name (``Settings_Start`` …); a table column's is a tuple, top
    to bottom."""
    tables: dict[str, list[dict[str, object]]] = field(default_factory=dict)
    """Inputs of every other table by key (a ledger's ``Players``), row by row."""
    not_carried: list[str] = field(default_factory=list)
    """What cannot go into a rebuilt workbook, each as a line for the report."""
    headings: dict[str, str] = field(default_factory=dict)
    """Each name's heading as the file shows it (a line names a cell so, not by name)."""


def check_package(path: Path) -> None:
    """Refuse what is not a sane .xlsx zip before any XML parser touches it."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise UnreadableWorkbook(say("read.os", path=str(path), reason=os_reason(exc))) from None
    if size > MAX_FILE_BYTES:
        raise UnreadableWorkbook(say("read.too_big", path=str(path), size=size,
                                     limit=MAX_FILE_BYTES))
    if not zipfile.is_zipfile(path):
        raise UnreadableWorkbook(say("read.not_zip", path=str(path)))
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            if len(infos) > MAX_PARTS:
                raise UnreadableWorkbook(say("read.parts", path=str(path), count=len(infos),
                                             limit=MAX_PARTS))
            total = sum(info.file_size for info in infos)
            big = max(infos, key=lambda info: info.file_size, default=None)
            if big is not None and big.file_size > MAX_PART_BYTES:
                raise UnreadableWorkbook(say("read.part_big", path=str(path), part=big.filename,
                                             size=big.file_size, limit=MAX_PART_BYTES))
            if total > MAX_TOTAL_BYTES:
                raise UnreadableWorkbook(say("read.total_big", path=str(path), size=total,
                                             limit=MAX_TOTAL_BYTES))
            names = {info.filename for info in infos}
            if "[Content_Types].xml" not in names or "xl/workbook.xml" not in names:
                raise UnreadableWorkbook(say("read.not_xlsx", path=str(path)))
            for info in infos:
                if info.filename.endswith((".xml", ".rels")):
                    _check_depth(path, info.filename, archive.open(info))
    except (zipfile.BadZipFile, EOFError, zipfile.LargeZipFile, NotImplementedError) as exc:
        raise UnreadableWorkbook(say("read.broken", path=str(path),
                                     reason=reason_of(exc))) from None


def _check_depth(path: Path, part: str, stream: IO[bytes]) -> None:
    """Stream one XML part: refuse deep nesting and more cells than any template makes."""
    cells = 0
    open_elements: list[Element] = []
    try:
        for event, element in SafeTree.iterparse(stream, events=("start", "end")):
            if event == "start":
                open_elements.append(element)
                if len(open_elements) > MAX_DEPTH:
                    raise UnreadableWorkbook(say("read.deep", path=str(path), part=part,
                                                 limit=MAX_DEPTH))
                continue
            open_elements.pop()
            if element.tag == CELL_TAG:
                cells += 1
                if cells > MAX_CELLS:
                    raise UnreadableWorkbook(say("read.cells", path=str(path), part=part,
                                                 limit=MAX_CELLS))
            if open_elements:  # drop what is closed: memory stays flat
                open_elements[-1].remove(element)
    except UnreadableWorkbook:
        raise
    except (SafeTree.ParseError, ValueError, zipfile.BadZipFile, EOFError) as exc:
        raise UnreadableWorkbook(say("read.xml", path=str(path), part=part,
                                     reason=reason_of(exc))) from None
    except Exception as exc:  # defusedxml's refusals (entities, DTDs) and zlib errors
        raise UnreadableWorkbook(say("read.refused", path=str(path), part=part,
                                     kind=type(exc).__name__, reason=reason_of(exc))) from None


def open_project_workbook(path: str | Path) -> Opened:
    """Open a workbook this project made, or raise :class:`UnreadableWorkbook`."""
    path = Path(path)
    check_package(path)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            formulas = load_workbook(path)
            values = load_workbook(path, data_only=True)
    except Exception as exc:  # openpyxl raises many types for damaged parts
        raise UnreadableWorkbook(say("read.unreadable", path=str(path), kind=type(exc).__name__,
                                     reason=reason_of(exc))) from None
    _find_meta(path, formulas, values)
    about, names = _read_meta(path, formulas)
    if about.get("system") not in SHEET_TYPES:
        raise UnreadableWorkbook(say("read.unknown_type", path=str(path),
                                     system=about.get("system")))
    roles = find_sheets(formulas, names, about)
    refuse_gone(str(path), roles, names)
    as_built((formulas, values), roles)
    return Opened(path, formulas, values, about, names, roles)


def _find_meta(path: Path, formulas: Workbook, values: Workbook) -> None:
    """Give ``_meta`` its title again if it was renamed (a hidden sheet whose first cell
    is ``system``, as :func:`~.metadata.write_meta` writes it), or refuse the file."""
    if META_SHEET in formulas.sheetnames:
        return
    found = [ws.title for ws in formulas.worksheets
             if ws.sheet_state != "visible" and ws.cell(1, 1).value == "system"]
    if len(found) != 1:
        raise UnreadableWorkbook(say("read.not_ours", path=str(path), sheet=META_SHEET))
    for wb in (formulas, values):
        wb[found[0]].title = META_SHEET


META_HEADER = ("name", "sheet", "range", "role")
"""Columns of the ``_meta`` name table that audit and repair cannot do without."""
GROWING = {"Games": MAX_ROWS, "Players": MAX_PLAYERS}
"""Tables whose rows typed below the last one are carried, up to the template maximum."""


def _read_meta(path: Path, wb: Workbook) -> tuple[dict[str, str], list[MetaName]]:
    rows = list(wb[META_SHEET].iter_rows(values_only=True))
    try:
        about, header, names = name_table(rows)
    except (StopIteration, IndexError):
        raise UnreadableWorkbook(say("read.damaged", path=str(path), sheet=META_SHEET)) from None
    missing = [column for column in META_HEADER if column not in header]
    if missing:
        raise UnreadableWorkbook(say("read.damaged_column", path=str(path), sheet=META_SHEET,
                                     column=missing[0], header=header))
    return ({key: "" if value is None else str(value) for key, value in about.items()},
            [MetaName.read(row) for row in names])


def cells_of(wb: Workbook, name: str) -> list[tuple[str, str]]:
    """(sheet title, coordinate) of every cell a defined name covers, top to bottom; none
    on a sheet the file does not have (deleted: :mod:`.roles`)."""
    defined = wb.defined_names.get(name)
    if defined is None:
        return []
    return [cell for title, ref in defined.destinations if title in wb.sheetnames
            for cell in _cells_in(title, ref, name)]


def _cells_in(title: str, ref: str, name: str) -> list[tuple[str, str]]:
    try:
        min_col, min_row, max_col, max_row = range_boundaries(ref.replace("$", ""))
    except (ValueError, TypeError):
        return []
    if min_col is None or min_row is None or max_col is None or max_row is None:
        return []  # a whole column or row: no project name is one
    count = (max_row - min_row + 1) * (max_col - min_col + 1)
    if count > MAX_NAME_CELLS:
        raise UnreadableWorkbook(say("read.name_cells", name=name, where=f"{title}!{ref}",
                                     count=count, limit=MAX_NAME_CELLS))
    return [(title, f"{_letter(col)}{row}") for row in range(min_row, max_row + 1)
            for col in range(min_col, max_col + 1)]


MAX_NAME_CELLS = 2 * MAX_ROWS + 1000
"""Most cells one defined name may cover: the reversed chain of the largest two-player
ledger, two cells a game row (``Chain_Id``)."""


def _letter(col: int) -> str:
    from openpyxl.utils import get_column_letter

    return str(get_column_letter(col))


def _count(path: Path, about: Mapping[str, str], key: str, default: int, most: int) -> int:
    """``rows`` or ``players`` from ``_meta``: a whole number the templates allow, checked
    before anything is built (a damaged ``_meta`` must not make a workbook of 10⁸ rows)."""
    text = about.get(key) or str(default)
    try:
        number = int(text)
    except ValueError:
        number = 0
    if not 1 <= number <= most or str(number) != text.strip():
        raise UnreadableWorkbook(say("read.damaged_count", path=str(path), sheet=META_SHEET,
                                     name=key, text=text, most=most))
    return number


def read_typed(opened: Opened) -> Typed:
    """The template the file was built from, with every typed input and setting.

    Inputs are found by their defined names; a name that was deleted is found where
    ``_meta`` recorded it. Every input column's heading must still be the label
    ``_meta`` recorded (a column deleted or moved by a program that does not update the
    names would shift one column's values into another): otherwise the file is refused.
    Values typed below a Games or Players table are carried and the table grows, up to
    the template maximum; anything typed outside the named cells is for
    :func:`~.kept.values_outside` to report.
    """
    spec = _spec_from_meta(opened)
    sheet_type = SHEET_TYPES[spec.system]
    settings: dict[str, object] = {}
    not_carried: list[str] = []
    columns = _input_columns(opened, sheet_type.input_tables, not_carried)
    tiny = _tiny_build(spec)
    fields = {} if tiny is None else {
        info.name: str(info.extra.get("preset_field", "")) for info in tiny[1].names}
    for entry in opened.names:
        name, role = entry.name, entry.role
        if role == "setting":
            if not entry.field:  # an earlier version's _meta: the field the name feeds now
                entry = dataclasses.replace(entry, field=fields.get(name, ""))
            _read_setting(opened, entry, spec, settings, not_carried)
        elif role == "input" and name.startswith("Settings_"):
            _read_settings_table(opened, entry, spec, settings, not_carried)
        elif role == "input":
            table, _, key = name.partition("_")
            if table not in sheet_type.input_tables or not key:
                not_carried.append(say("read.not_input", name=name,
                                       system=kind_name(spec.system, sheet_type)))
    _check_tables(sheet_type, spec, settings, not_carried)
    footer = {} if tiny is None else _template_footer(*tiny)
    tables = _read_tables(opened, columns, footer, not_carried)
    games = tables.pop("Games", [])
    if len(games) > spec.rows:
        spec = dataclasses.replace(spec, rows=len(games))
    if len(tables.get("Players", ())) > spec.players:
        spec = dataclasses.replace(spec, players=len(tables["Players"]))
    return Typed(spec, games, settings, tables, not_carried,
                 {entry.name: heading(entry) for entry in opened.names})


def _spec_from_meta(opened: Opened) -> Spec:
    """The template as ``_meta`` recorded it (rows and players within the maximums)."""
    about = opened.about
    rows_count = _count(opened.path, about, "rows", 200, MAX_ROWS)
    players_count = _count(opened.path, about, "players", 100, MAX_PLAYERS)
    try:
        constants = json.loads(about.get("constants") or "{}")
        spec = Spec(
            system=about["system"], output=about.get("output") or opened.path.stem,
            preset=about.get("preset") or "default", lang=about.get("lang") or "ja",
            title=about.get("title", ""), club=about.get("club", ""),
            rows=rows_count, players=players_count, constants=dict(constants),
        )
        SHEET_TYPES[spec.system].presets[spec.preset]
    except (ValueError, KeyError, TypeError) as exc:
        raise UnreadableWorkbook(say("read.damaged_why", path=str(opened.path), sheet=META_SHEET,
                                     reason=reason_of(exc))) from None
    return spec


def heading(entry: MetaName) -> str:
    """A name as a person finds it: the heading ``_meta`` recorded, on one line."""
    return " ".join((entry.label or "").split()) or entry.name


def _read_setting(opened: Opened, entry: MetaName, spec: Spec,
                  settings: dict[str, object], not_carried: list[str]) -> None:
    """One named constant on Settings: kept by name, and as a preset override if it is one."""
    name = entry.name
    cells = _located(opened, entry, not_carried)
    if len(cells) != 1:  # a column of a table on Settings, not one value
        _read_settings_table(opened, entry, spec, settings, not_carried)
        return
    ((title, coord),) = cells
    cell = opened.formulas[title][coord]
    value = settings[name] = cell.value
    base = SHEET_TYPES[spec.system].presets[spec.preset]
    target = entry.field
    field_name, _, index = target.partition(".")  # "knock_top.0": a tuple's item
    if field_name not in {f.name for f in dataclasses.fields(base)} or value in (None, ""):
        return  # not a rule constant, or blank: the template's value stands
    current = getattr(base, field_name)
    if index:
        current = current[int(index)]
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    reason: object = None
    if cell.data_type == "f":
        reason = say("read.a_formula")
    elif number and (current is None or isinstance(current, (int, float))):
        spec.constants[str(target)] = float(value)
    elif isinstance(value, str) and isinstance(current, str):
        spec.constants[str(target)] = value  # type: ignore[assignment]
    else:
        reason = ""
    if reason is None and value != current:
        reason = _refused(spec)
    if reason is not None:
        spec.constants.pop(str(target), None)
        not_carried.append(say("read.not_fit_why" if reason else "read.not_fit",
                               where=f"{title}!{coord}", name=heading(entry), value=value,
                               reason=reason))
        del settings[name]  # reported here: settings_not_kept need not say it again


def _refused(spec: Spec) -> object:
    """Why the rule or the builder refuses ``spec``'s constants (K above 0, a rank of the
    ladder, a handicap a sheet can list …), or None when both take them."""
    try:
        SHEET_TYPES[spec.system].preset_for(spec)
        _tiny(spec)
    except NOT_BUILT as exc:
        return reason_of(exc)
    return None


def _read_settings_table(opened: Opened, entry: MetaName, spec: Spec,
                         settings: dict[str, object], not_carried: list[str]) -> None:
    """A column of a Settings table: kept by name, and in the preset if the rule takes it.

    A column the rule does not take (a fixed one, such as the rank codes) is rebuilt as
    the template has it; :func:`~.kept.settings_not_kept` reports it if it was edited. A formula
    fits no column: the table is the template's, and the line says so.
    """
    name = entry.name
    cells = [opened.formulas[t][c] for t, c in _located(opened, entry, not_carried)]
    values = tuple(TypedFormula(str(cell.value)) if cell.data_type == "f" else cell.value
                   for cell in cells)
    settings[name] = values
    key = name.partition("_")[2]
    if any(key in table for table in SHEET_TYPES[spec.system].editable(spec)):
        spec.settings_tables[key] = values


@dataclass(frozen=True)
class TypedFormula:
    """A formula typed where a Settings table takes a number or a name; a message shows
    it as one (``a formula '=1+1'``, :func:`~.messages.quoted`)."""

    formula: str

    def text(self, lang: Lang) -> str:
        return say("read.typed_formula", formula=self.formula).text(lang)

    def __repr__(self) -> str:
        return self.text("en")


def _read_tables(opened: Opened, columns: Sequence[InputColumn], footer: Footer,
                 not_carried: list[str]) -> dict[str, list[dict[str, object]]]:
    """Every input table's typed rows, by table key (a formula typed in is kept as text)."""
    found: dict[str, dict[int, dict[str, object]]] = {}
    for column in columns:
        rows = found.setdefault(column.table, {})
        for index, cell in column.values(opened.formulas, footer):
            value = cell.value
            if cell.data_type == "f":
                not_carried.append(say("read.as_text", where=f"{column.title}!{cell.coordinate}",
                                       formula=value))
            rows.setdefault(index, {})[column.key] = value
    return {table: [rows.get(i, {}) for i in range(max(rows) + 1)]
            for table, rows in found.items() if rows}


def _check_tables(sheet_type: SheetType[Any], spec: Spec, settings: dict[str, object],
                  not_carried: list[str]) -> None:
    """Keep the Settings tables a club edited that the rule can take, one table at a time
    on top of those kept (a rule may check one against another), and say why a table is
    not kept (once: :func:`~.kept.settings_not_kept` need not list its cells again)."""
    typed, base = dict(spec.settings_tables), sheet_type.preset_for(spec)
    spec.settings_tables.clear()
    for table in sheet_type.editable(spec):
        part = {key: x for key, x in typed.items() if key in table}
        if not part:
            continue
        try:
            sheet_type.with_tables(base, {**spec.settings_tables, **part}, spec)
        except (ValueError, TypeError) as exc:
            not_carried.append(say("read.table_not_kept", reason=reason_of(exc)))
            for key in part:
                settings.pop(f"Settings_{key}", None)
        else:
            spec.settings_tables.update(part)


def built_spec(opened: Opened) -> Spec:
    """The template as the file was built: size, constants and Settings tables."""
    tables = json.loads(opened.about.get("settings_tables") or "{}")
    return dataclasses.replace(_spec_from_meta(opened),
                               settings_tables={k: tuple(v) for k, v in tables.items()})


def built_preset(opened: Opened, typed: Typed) -> tuple[Any, Any]:
    """(the preset the file was built with, the preset its Settings hold now)."""
    sheet_type = SHEET_TYPES[typed.spec.system]
    return _preset(sheet_type, built_spec(opened)), _preset(sheet_type, typed.spec)


def _preset(sheet_type: SheetType[Any], spec: Spec) -> Any:
    preset = sheet_type.preset_for(spec)
    if spec.settings_tables:
        preset = sheet_type.with_tables(preset, spec.settings_tables, spec)
    return preset


@dataclass(frozen=True)
class InputColumn:
    """One named input column of a table, where it is in this file."""

    name: str
    table: str
    key: str
    title: str
    col: int
    first: int
    last: int
    last_col: int = 0
    """The last column of a name that spans several (a formula-catalog argument row)."""

    def values(self, wb: Workbook, footer: Footer) -> list[tuple[int, Cell | MergedCell]]:
        """(row index in the table, cell) of every filled cell, below the table too for a
        table that may grow; beyond the template maximum the file is refused. A name
        over several columns is read cell by cell, row by row."""
        ws = wb[self.title]
        if self.last_col > self.col:
            cells = [ws.cell(row, col) for row in range(self.first, self.last + 1)
                     for col in range(self.col, self.last_col + 1)]
            return [(i, cell) for i, cell in enumerate(cells) if cell.value is not None]
        most = GROWING.get(self.table)
        bottom = self.last if most is None else ws.max_row
        out = []
        for row in _filled_rows(ws, self.col, self.first, bottom):
            cell = ws.cell(row, self.col)
            if _is_footer(footer, self.title, row, self.col, self.last, cell.value):
                continue
            index = row - self.first
            if most is not None and index >= most:
                raise UnreadableWorkbook(say("read.below", where=f"{self.title}!{cell.coordinate}",
                                             value=cell.value, table=self.table, most=most))
            out.append((index, cell))
        return out


Footer = dict[tuple[str, int, int], object]
"""(sheet title, column, rows below the table's last row) → what the builder puts there."""


NOT_BUILT = (ValueError, TypeError, ArithmeticError, LookupError, StopIteration)
"""What building with constants the rule or a sheet cannot take may raise."""


def _tiny(spec: Spec) -> tuple[Workbook, Built]:
    """A build of the same template with four rows and one player: what the builder
    writes whatever the size."""
    from .build import build_workbook

    return build_workbook(dataclasses.replace(spec, rows=4, players=1))


def _tiny_build(spec: Spec) -> tuple[Workbook, Built] | None:
    """:func:`_tiny`, or None when the file's constants do not build."""
    try:
        return _tiny(spec)
    except NOT_BUILT:
        return None


def _template_footer(wb: Workbook, built: Built) -> Footer:
    """What the builder itself writes below each Games or Players table (a note such as
    "a red cell lost its formula"), from :func:`_tiny_build`: such a cell below a table
    is not something a person typed."""
    out: Footer = {}
    for info in built.names:
        table = info.name.partition("_")[0]
        if table not in GROWING or info.role != "input":
            continue
        last = range_boundaries(info.range.replace("$", ""))[3] or 0
        ws = wb[info.sheet]
        for (row, column), cell in ws._cells.items():
            if row > last and cell.value is not None:
                out[(info.sheet, column, row - last)] = cell.value
    return out


def _is_footer(footer: Footer, title: str, row: int, col: int, last: int, value: object) -> bool:
    shape = footer.get((title, col, row - last))
    return shape is not None and shape == value


def _filled_rows(ws: Worksheet, col: int, first: int, last: int) -> list[int]:
    """Rows from ``first`` to ``last`` where column ``col`` holds something.

    Reads openpyxl's cell store directly: asking for each cell would create millions
    of empty ones when something was typed far down the sheet.
    """
    return sorted(row for (row, column), cell in ws._cells.items()
                  if column == col and first <= row <= last and cell.value is not None)


def _input_columns(opened: Opened, tables: Sequence[str],
                   not_carried: list[str]) -> list[InputColumn]:
    """Every input column of the file's tables, checked against its recorded heading."""
    out: list[InputColumn] = []
    for entry in opened.names:
        name = entry.name
        table, _, key = name.partition("_")
        if entry.role != "input" or table not in tables or not key:
            continue
        cells = _located(opened, entry, not_carried)
        if not cells:
            raise UnreadableWorkbook(say("read.no_column", path=str(opened.path), name=name,
                                         sheet=META_SHEET, where=f"{entry.sheet}!{entry.range}"))
        title = cells[0][0]
        first_col, first_row, _, _ = range_boundaries(cells[0][1])
        last_col, last_row = _row_col(cells[-1][1])
        assert first_col is not None and first_row is not None
        out.append(InputColumn(name, table, key, title, first_col, first_row, last_row,
                               last_col))
    _check_headings(opened, out)
    return out


def _row_col(coord: str) -> tuple[int, int]:
    col, row, _, _ = range_boundaries(coord)
    assert col is not None and row is not None
    return col, row


def _located(opened: Opened, entry: MetaName, notes: list[str]) -> list[tuple[str, str]]:
    """The cells of ``entry``'s defined name, or where ``_meta`` recorded them if the name
    was deleted (Excel's Name Manager, another program); the fallback is reported."""
    name = entry.name
    cells = cells_of(opened.formulas, name)
    if cells:
        return cells
    title, ref = entry.sheet, entry.range
    if title is None or title not in opened.formulas.sheetnames or ref is None:
        return []
    cells = _cells_in(title, ref, name)
    if cells:
        notes.append(say("read.name_missing", name=name, where=f"{title}!{ref}",
                         sheet=META_SHEET))
    return cells


def _check_headings(opened: Opened, columns: Sequence[InputColumn]) -> None:
    """Refuse when a table column's heading is not the label ``_meta`` recorded for it.

    Only the Games and Players tables: their columns sit side by side under one header
    row, so a deleted column shifts the next one's values into its name. (The formula
    catalog's inputs are single cells under headings of their own.)
    """
    labels = {e.name: e.label for e in opened.names}
    for column in columns:
        if column.table not in GROWING:
            continue
        label = labels.get(column.name)
        if not isinstance(label, str) or not label.strip():
            continue  # an older file without labels: nothing to compare
        ws = opened.formulas[column.title]
        above = [ws.cell(row, column.col).value for row in range(1, column.first)]
        if any(_same_label(value, label) for value in above):
            continue
        shown = next((v for v in reversed(above) if isinstance(v, str) and v.strip()), None)
        where = f"{column.title}!{_letter(column.col)}"
        raise UnreadableWorkbook(say("read.heading" if shown else "read.no_heading",
                                     path=str(opened.path), name=column.name, where=where,
                                     label=label, found=shown))


def _same_label(value: object, label: str) -> bool:
    return isinstance(value, str) and " ".join(value.split()) == " ".join(label.split())


def named_cells(opened: Opened) -> dict[tuple[str, str], MetaName]:
    """Every cell under a name ``_meta`` records (where it records it, if the name was
    deleted), with the name's entry."""
    out: dict[tuple[str, str], MetaName] = {}
    for entry in opened.names:
        for cell in _located(opened, entry, []):
            out.setdefault(cell, entry)
    return out


def computed_cells(opened: Opened) -> dict[tuple[str, str], str]:
    """Every cell of a computed or helper column, with its name: where a formula belongs."""
    out: dict[tuple[str, str], str] = {}
    for entry in opened.names:
        if entry.role in ("computed", "helper"):
            for cell in cells_of(opened.formulas, entry.name):
                out[cell] = entry.name
    return out


def same_value(expected: object, found: object) -> bool:
    """Engine value vs a spreadsheet's: numbers within 1e-9, blanks and "" alike.

    A date-formatted cell reads back as a datetime; the engine gives its serial number.
    """
    if isinstance(found, (dt.date, dt.datetime)):
        found = excel_serial(found)
    if expected in (None, "") and found in (None, ""):
        return True
    if isinstance(expected, bool) or isinstance(found, bool):
        return expected == found
    if isinstance(expected, (int, float)) and isinstance(found, (int, float)):
        return abs(expected - found) <= 1e-9 * max(1.0, abs(expected))
    return str(expected) == str(found)


def lookup(mapping: Mapping[str, Mapping[str, object]], title: str, coord: str) -> object:
    return mapping.get(title, {}).get(coord)
