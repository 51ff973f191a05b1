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
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from defusedxml import ElementTree as SafeTree
from openpyxl import Workbook, load_workbook
from openpyxl.utils.cell import range_boundaries
from openpyxl.utils.datetime import to_excel

from .metadata import META_SHEET
from .sheets import SHEET_TYPES
from .template import Spec

MAX_FILE_BYTES = 100 * 1024 * 1024
MAX_PART_BYTES = 200 * 1024 * 1024
"""Largest uncompressed XML part accepted (a 20,000-game ledger is far below it)."""
MAX_TOTAL_BYTES = 500 * 1024 * 1024
MAX_PARTS = 5000
MAX_DEPTH = 100
"""Deepest XML nesting accepted; real spreadsheet parts stay under about 12."""


class UnreadableWorkbook(ValueError):
    """The file cannot be used; the message is one line naming the file and why."""


@dataclass
class Opened:
    """A project workbook read twice: formulas as written, and values as last computed."""

    path: Path
    formulas: Workbook
    values: Workbook
    about: dict[str, str]
    names: list[dict[str, Any]]


@dataclass
class Typed:
    """Everything a person typed into a project workbook, by name."""

    spec: Spec
    rows: list[dict[str, object]]
    """Games table inputs, row by row (trailing empty rows dropped)."""
    settings: dict[str, object]
    """Settings values by name (``Settings_Start`` …)."""
    tables: dict[str, list[dict[str, object]]] = field(default_factory=dict)
    """Inputs of every other table by key (a ledger's ``Players``), row by row."""
    not_carried: list[str] = field(default_factory=list)
    """What cannot go into a rebuilt workbook, each as a line for the report."""


def check_package(path: Path) -> None:
    """Refuse what is not a sane .xlsx zip before any XML parser touches it."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise UnreadableWorkbook(f"{path}: {exc.strerror or exc}") from None
    if size > MAX_FILE_BYTES:
        raise UnreadableWorkbook(f"{path}: {size:,} bytes is more than {MAX_FILE_BYTES:,}")
    if not zipfile.is_zipfile(path):
        raise UnreadableWorkbook(f"{path}: not an .xlsx file (not a zip archive)")
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
            if len(infos) > MAX_PARTS:
                raise UnreadableWorkbook(f"{path}: {len(infos)} parts is more than {MAX_PARTS}")
            total = sum(info.file_size for info in infos)
            big = max(infos, key=lambda info: info.file_size, default=None)
            if big is not None and big.file_size > MAX_PART_BYTES:
                raise UnreadableWorkbook(
                    f"{path}: part {big.filename} unpacks to {big.file_size:,} bytes"
                    f" (limit {MAX_PART_BYTES:,})"
                )
            if total > MAX_TOTAL_BYTES:
                raise UnreadableWorkbook(
                    f"{path}: unpacks to {total:,} bytes (limit {MAX_TOTAL_BYTES:,})"
                )
            names = {info.filename for info in infos}
            if "[Content_Types].xml" not in names or "xl/workbook.xml" not in names:
                raise UnreadableWorkbook(f"{path}: a zip, but not a spreadsheet (.xlsx)")
            for info in infos:
                if info.filename.endswith((".xml", ".rels")):
                    _check_depth(path, info.filename, archive.open(info))
    except (zipfile.BadZipFile, EOFError, zipfile.LargeZipFile, NotImplementedError) as exc:
        raise UnreadableWorkbook(f"{path}: damaged .xlsx ({exc})") from None


def _check_depth(path: Path, part: str, stream: Any) -> None:
    depth = 0
    try:
        for event, _ in SafeTree.iterparse(stream, events=("start", "end")):
            depth += 1 if event == "start" else -1
            if depth > MAX_DEPTH:
                raise UnreadableWorkbook(f"{path}: {part} nests deeper than {MAX_DEPTH} levels")
    except UnreadableWorkbook:
        raise
    except (SafeTree.ParseError, ValueError, zipfile.BadZipFile, EOFError) as exc:
        raise UnreadableWorkbook(f"{path}: {part} is not well-formed XML ({exc})") from None
    except Exception as exc:  # defusedxml's refusals (entities, DTDs) and zlib errors
        raise UnreadableWorkbook(f"{path}: {part} refused: {type(exc).__name__}: {exc}") from None


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
        raise UnreadableWorkbook(f"{path}: cannot be read ({type(exc).__name__}: {exc})") from None
    if META_SHEET not in formulas.sheetnames:
        raise UnreadableWorkbook(f"{path}: not made by workbook-builder (no {META_SHEET} sheet)")
    about, names = _read_meta(path, formulas)
    if about.get("system") not in SHEET_TYPES:
        raise UnreadableWorkbook(f"{path}: unknown sheet type {about.get('system')!r}")
    return Opened(path, formulas, values, about, names)


def _read_meta(path: Path, wb: Workbook) -> tuple[dict[str, str], list[dict[str, Any]]]:
    rows = list(wb[META_SHEET].iter_rows(values_only=True))
    try:
        blank = next(i for i, r in enumerate(rows) if not r or r[0] is None)
        about = {str(r[0]): "" if r[1] is None else str(r[1]) for r in rows[:blank]}
        header = [str(h) for h in rows[blank + 1] if h is not None]
        names = [dict(zip(header, r, strict=False)) for r in rows[blank + 2:] if r and r[0]]
    except (StopIteration, IndexError):
        raise UnreadableWorkbook(f"{path}: its {META_SHEET} sheet is damaged") from None
    return about, names


def cells_of(wb: Workbook, name: str) -> list[tuple[str, str]]:
    """(sheet title, coordinate) of every cell a defined name covers, top to bottom."""
    defined = wb.defined_names.get(name)
    if defined is None:
        return []
    out = []
    for title, ref in defined.destinations:
        min_col, min_row, max_col, max_row = range_boundaries(ref.replace("$", ""))
        for row in range(min_row, max_row + 1):
            for col in range(min_col, max_col + 1):
                out.append((title, f"{_letter(col)}{row}"))
    return out


def _letter(col: int) -> str:
    from openpyxl.utils import get_column_letter

    return get_column_letter(col)


def read_typed(opened: Opened) -> Typed:
    """The template the file was built from, with every typed input and setting."""
    about = opened.about
    sheet_type = SHEET_TYPES[about["system"]]
    try:
        constants = json.loads(about.get("constants") or "{}")
        spec = Spec(
            system=about["system"], output=about.get("output") or opened.path.stem,
            preset=about.get("preset") or "default", lang=about.get("lang") or "ja",
            title=about.get("title", ""), club=about.get("club", ""),
            rows=int(about.get("rows") or 200), players=int(about.get("players") or 100),
            constants=dict(constants),
        )
        sheet_type.presets[spec.preset]
    except (ValueError, KeyError, TypeError) as exc:
        damaged = f"{opened.path}: its {META_SHEET} sheet is damaged ({exc})"
        raise UnreadableWorkbook(damaged) from None
    wb = opened.formulas
    found: dict[str, dict[int, dict[str, object]]] = {}
    settings: dict[str, object] = {}
    not_carried: list[str] = []
    base = sheet_type.presets[spec.preset]
    fields = {f.name for f in dataclasses.fields(base)}
    for entry in opened.names:
        name, role = str(entry["name"]), entry.get("role")
        cells = cells_of(wb, name)
        if role == "setting":
            if len(cells) != 1:  # a table on Settings, not one value
                not_carried.append(f"{name}: a Settings table; the template's table is used")
                continue
            ((title, coord),) = cells
            value = wb[title][coord].value
            settings[name] = value
            target = entry.get("field")
            if target not in fields or value in (None, ""):
                continue  # not a rule constant, or blank: the template's value stands
            current = getattr(base, str(target))
            number = isinstance(value, (int, float)) and not isinstance(value, bool)
            if number and (current is None or isinstance(current, (int, float))):
                spec.constants[str(target)] = float(value)  # type: ignore[arg-type]
            elif isinstance(value, str) and isinstance(current, str):
                spec.constants[str(target)] = value  # type: ignore[assignment]
            else:
                not_carried.append(f"{title}!{coord} ({name}): {value!r} does not fit; "
                                   "the template's value is used")
        elif role == "input":
            table, _, key = name.partition("_")
            if table == "Settings":
                not_carried.append(f"{name}: a Settings table; the template's table is used")
                continue
            if table not in sheet_type.input_tables or not key:
                not_carried.append(f"{name}: not an input table of a {spec.system} workbook")
                continue
            rows = found.setdefault(table, {})
            for index, (title, coord) in enumerate(cells):
                cell = wb[title][coord]
                if cell.value is None:
                    continue
                value = cell.value
                if cell.data_type == "f":
                    not_carried.append(f"{title}!{coord}: a formula ({value}) in an input cell is "
                                       "carried as text")
                rows.setdefault(index, {})[key] = value
    tables = {table: [rows.get(i, {}) for i in range(max(rows) + 1)]
              for table, rows in found.items() if rows}
    games = tables.pop("Games", [])
    if len(games) > spec.rows:
        spec = dataclasses.replace(spec, rows=len(games))
    if len(tables.get("Players", ())) > spec.players:
        spec = dataclasses.replace(spec, players=len(tables["Players"]))
    return Typed(spec, games, settings, tables, not_carried)


def computed_cells(opened: Opened) -> dict[tuple[str, str], str]:
    """Every cell of a computed or helper column, with its name: where a formula belongs."""
    out: dict[tuple[str, str], str] = {}
    for entry in opened.names:
        if entry.get("role") in ("computed", "helper"):
            for cell in cells_of(opened.formulas, str(entry["name"])):
                out[cell] = str(entry["name"])
    return out


def same_value(expected: object, found: object) -> bool:
    """Engine value vs a spreadsheet's: numbers within 1e-9, blanks and "" alike.

    A date-formatted cell reads back as a datetime; the engine gives its serial number.
    """
    if isinstance(found, (dt.date, dt.datetime)):
        found = float(to_excel(found))
    if expected in (None, "") and found in (None, ""):
        return True
    if isinstance(expected, bool) or isinstance(found, bool):
        return expected == found
    if isinstance(expected, (int, float)) and isinstance(found, (int, float)):
        return abs(expected - found) <= 1e-9 * max(1.0, abs(expected))
    return str(expected) == str(found)


def lookup(mapping: Mapping[str, Mapping[str, object]], title: str, coord: str) -> object:
    return mapping.get(title, {}).get(coord)
