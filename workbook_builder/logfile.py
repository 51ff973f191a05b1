"""What kind of file a game log is, and reading one kept in an Excel workbook (.xlsx).

Clubs keep their logs in Excel as often as in CSV, so ``rate`` and ``import`` read both.
The kind is told by the bytes, not the name: a zip with ``[Content_Types].xml`` naming a
workbook is an .xlsx, a zip whose ``mimetype`` is an OpenDocument spreadsheet an .ods,
an OLE compound file (``D0 CF 11 E0``) a password-protected .xlsx (Excel saves an
encrypted workbook that way) or an old .xls, anything else CSV text.

In a workbook the games are on the first sheet with a header row (the spellings
:data:`~.gamelog.HEADERS` accepts) in its first :data:`HEADER_ROWS` rows: a title may
stand above it and the games may be on any sheet. Each cell becomes the text a CSV
saved from it would hold (a date as 2026-05-26, a whole number without ``.0``, a
formula as its last computed value), so the CSV reader's row checks apply unchanged and
each bad row is named by sheet and row as the spreadsheet numbers it. A line break typed
in a cell reads as a space: one game is one row.

An .ods is refused with what to do: the readers on the Python index (odfpy, which
pyexcel-ods wraps) come only as source, not as the pure-Python wheel a browser's
Pyodide installs, and have not had a release since 2020.
"""

from __future__ import annotations

import csv
import enum
import io
import warnings
import zipfile
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime
from pathlib import Path

import openpyxl
from openpyxl.utils import get_column_letter

from rating_rules import SYSTEMS

from .errors import GameLogError
from .gamelog import (
    MAX_BYTES,
    BadRow,
    Field,
    GameLog,
    decode,
    map_header,
    parse_game_log,
    required_columns,
)
from .messages import Lang, Message, os_reason, say

__all__ = ["HEADER_ROWS", "Kind", "kind_of", "read_game_log", "read_log"]

HEADER_ROWS = 20
"""Rows of each sheet searched for the header row (a title and notes may stand above)."""
ZIP = b"PK\x03\x04"
OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ENCRYPTED_STREAM = "EncryptedPackage".encode("utf-16-le")
"""An encrypted .xlsx is an OLE file with this stream (its name is stored as UTF-16)."""
WORKBOOK_TYPES = (b"spreadsheetml.sheet.main+xml", b"ms-excel.sheet.macroEnabled.main+xml")
"""Content types of the workbook part of an .xlsx and an .xlsm, which openpyxl reads."""
ODS_TYPE = b"application/vnd.oasis.opendocument.spreadsheet"


class Kind(enum.Enum):
    """What a game-log file is, by its content."""

    CSV = "csv"
    XLSX = "xlsx"
    ODS = "ods"
    ENCRYPTED = "encrypted"
    XLS = "xls"
    OTHER_ZIP = "zip"


@dataclass(frozen=True)
class GameSheet:
    """The sheet holding the games: its name, its rows as CSV text (the header on line
    1, every later row on the line of its row number) and the header's column indexes."""

    title: str
    text: str
    columns: dict[str, int]


@dataclass(frozen=True)
class Listing:
    """Names listed in a message, in its language: sheet names as they are, column keys
    by their header (対局者1、順位1 in Japanese)."""

    names: tuple[str, ...]
    columns: bool = False

    def text(self, lang: Lang) -> str:
        shown = [Field(n).text(lang) if self.columns else n for n in self.names]
        return ("、" if lang == "ja" else ", ").join(shown)


def kind_of(data: bytes, path: Path) -> Kind:
    """The kind of file ``data`` is; ``path`` only tells an .xls from an encrypted .xlsx
    whose streams cannot be seen (a damaged or cut-off OLE file)."""
    if data.startswith(OLE):
        encrypted = ENCRYPTED_STREAM in data or path.suffix.lower() in (".xlsx", ".xlsm")
        return Kind.ENCRYPTED if encrypted else Kind.XLS
    if not data.startswith(ZIP):
        return Kind.CSV
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            if "mimetype" in names and archive.read("mimetype").startswith(ODS_TYPE):
                return Kind.ODS
            if "[Content_Types].xml" in names:
                types = archive.read("[Content_Types].xml")
                if any(t in types for t in WORKBOOK_TYPES):
                    return Kind.XLSX
    except (zipfile.BadZipFile, OSError, EOFError, RuntimeError):
        return Kind.XLSX  # a damaged zip: openpyxl's reason names what is wrong
    return Kind.OTHER_ZIP


def read_game_log(path: str | Path, system: str, monthly: bool = False,
                  new_players: bool = False, accepted: Collection[str] = ()) -> GameLog:
    """Read ``path`` as a game log of ``system``; bad rows are collected, not raised.

    ``new_players``: take a name that is probably a misspelling of an earlier player's
    (:func:`~.names.near_miss`) as a new player; by default such a line is bad.
    ``accepted``: the names taken as new players one by one (the desk asks for each).

    ``monthly``: games are rated by month lists (the Tokin ledger's mode, ``rate
    --monthly``), so every game needs a date and the log must run in month order: no
    game dated in an earlier month than a dated line above it, bad lines included, as
    the ledger flags it.
    """
    if system not in SYSTEMS:
        raise GameLogError(say("log.system", system=system, known=", ".join(SYSTEMS)))
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise GameLogError(say("log.too_big", path=str(path), size=size, limit=MAX_BYTES))
        data = path.read_bytes()
    except OSError as exc:
        raise GameLogError(say("log.os", path=str(path), reason=os_reason(exc))) from None
    return read_log(path, data, system, monthly=monthly, new_players=new_players,
                    accepted=accepted)


def read_log(path: Path, data: bytes, system: str, monthly: bool = False,
             new_players: bool = False, accepted: Collection[str] = ()) -> GameLog:
    """Read the file ``path`` (its bytes ``data``) as a game log of ``system``, whatever
    its kind; see :func:`read_game_log` for ``monthly``, ``new_players`` and
    ``accepted``."""
    kind = kind_of(data, path)
    if kind is Kind.CSV:
        try:
            text, encoding = decode(data)
        except GameLogError as exc:
            if getattr(exc.args[0], "key", "") != "log.encoding":
                raise
            raise GameLogError(say("logfile.unknown", path=str(path),
                                   reason=exc.args[0])) from None
        if "\x00" in text:  # no program saves a NUL in CSV text: a picture, a PDF …
            raise GameLogError(say("logfile.unknown", path=str(path),
                                   reason=say("logfile.binary")))
        return parse_game_log(text, system, encoding, monthly=monthly,
                              new_players=new_players, accepted=accepted)
    if kind is not Kind.XLSX:
        refusal = {Kind.ODS: "logfile.ods", Kind.ENCRYPTED: "logfile.encrypted",
                   Kind.XLS: "logfile.xls"}
        if kind in refusal:
            raise GameLogError(say(refusal[kind], path=str(path)))
        raise GameLogError(say("logfile.unknown", path=str(path), reason=say("logfile.zip")))
    sheet = find_game_sheet(path, data, system)
    log = parse_game_log(sheet.text, system, "xlsx", monthly=monthly,
                         new_players=new_players, accepted=accepted)
    log.bad = [replace(bad, reason=_placed(bad, sheet)) for bad in log.bad]
    return log


def _placed(bad: BadRow, sheet: GameSheet) -> Message:
    """A bad row's reason led by its sheet and row, and its cell when the reason names
    the column (``対局 シート 12 行目 (D12): 勝敗 'x' …``), to find it in the workbook."""
    field = getattr(bad.reason, "fields", {}).get("field")
    index = sheet.columns.get(str(field)) if field is not None else None
    if index is None:
        return say("logfile.at", sheet=sheet.title, line=bad.line, reason=bad.reason)
    return say("logfile.at_cell", sheet=sheet.title, line=bad.line, reason=bad.reason,
               cell=f"{get_column_letter(index + 1)}{bad.line}")


def find_game_sheet(path: Path, data: bytes, system: str) -> GameSheet:
    """The first sheet of the workbook with a header row for ``system``, as CSV text.

    Any failure of the workbook's reader is the file's, not the program's: it is named
    in one line (openpyxl raises many kinds on a damaged file)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl's remarks on styles it skips
            book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            try:
                titles = []
                for sheet in book.worksheets:
                    titles.append(sheet.title)
                    sheet.reset_dimensions()  # some writers record too small a range
                    found = _sheet_text(sheet.iter_rows(values_only=True), system, path)
                    if found is not None:
                        return GameSheet(sheet.title, *found)
            finally:
                book.close()
    except GameLogError:
        raise
    except Exception as exc:  # see the docstring
        raise GameLogError(say("logfile.broken", path=str(path),
                               reason=f"{type(exc).__name__}: {exc}")) from None
    raise GameLogError(say("logfile.no_sheet", path=str(path), sheets=Listing(tuple(titles)),
                           rows=HEADER_ROWS, columns=Listing(required_columns(system), True),
                           system=system))


def _sheet_text(rows: Iterator[tuple[object, ...]], system: str,
                path: Path) -> tuple[str, dict[str, int]] | None:
    """The rows from the header on as CSV text and the header's columns, or None when
    no header is found."""
    for number, row in enumerate(rows, 1):
        if number > HEADER_ROWS:
            return None
        cells = _cells(row)
        try:
            columns, _ = map_header(cells, system)
        except GameLogError:
            continue
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(cells)
        out.write("\n" * (number - 1))  # the next row is on line number + 1
        for games in rows:
            writer.writerow(_cells(games))
            if out.tell() > MAX_BYTES:
                raise GameLogError(say("log.too_big", path=str(path), size=out.tell(),
                                       limit=MAX_BYTES))
        return out.getvalue(), columns
    return None


def _cells(row: Sequence[object]) -> list[str]:
    cells = [cell_text(value) for value in row]
    while cells and not cells[-1]:
        cells.pop()
    return cells


def cell_text(value: object) -> str:
    """A cell's value as a CSV saved from it holds it.

    >>> [cell_text(v) for v in (None, 1.0, 0.5, True, datetime(2026, 5, 26, 9), "a\\nb")]
    ['', '1', '0.5', 'TRUE', '2026-05-26', 'a b']
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, datetime):
        return value.date().isoformat()  # the day, as the ledger's monthly lists take it
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str):
        return " ".join(value.splitlines()) if "\n" in value or "\r" in value else value
    return str(value)
