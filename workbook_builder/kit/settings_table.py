"""Named tables under the Settings constants, each bound to the preset field it fills.

A rule declares a table once (:class:`SettingsTable`); the personal sheet, the club
ledger, ``repair`` and the catalog's Tables sheet all work from that declaration. The
Games formulas read such a table column by column through ``Settings_<key>``, so a club
edits a rank ladder or a handicap list in one place.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import zip_longest
from typing import Any, TypeVar

from openpyxl.styles import Alignment
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from .. import styles
from ..labels import Text
from ..layout import NameInfo, Role, Validation, ValueType
from ..messages import Message, quoted, say
from ..settings import setting_name
from ..table import add_validation, define_name

T = TypeVar("T")
Typed = tuple[float | str, ...]
"""A typed row of an edited table: a number or a name per editable column."""


@dataclass(frozen=True)
class TableField:
    """A column of a rule's table, declared once for the Settings sheet, the reader of a
    club's edits, ``repair`` and the catalog's Tables sheet."""

    key: str
    """``Settings_<key>`` on Settings, ``<Rule>_<key>`` on the Tables sheet."""
    label: Text
    kind: ValueType = "number"
    """``integer``: read back as a whole number."""
    typed: bool = True
    """A club edits it (white, checked); else the rule fills it (blue, locked)."""
    kept: bool = False
    """Read back and carried by ``repair`` although the rule fills it (a row's label)."""
    prompt: Text | None = None
    """What a typed cell's check says, when not its header."""
    catalog: Text | None = None
    """The Tables sheet's header, where its column holds other words than on Settings."""
    listed: bool = True
    """Whether the catalog's Tables sheet shows the column (a row's heading may not)."""
    left: bool = False
    """Aligned under the wide Notes column of the settings above."""
    bold: bool = False
    named: bool = True
    """Whether the column has a defined name (a row's heading has none)."""
    computed: bool = False
    """Its cells are formulas over the typed ones (reported as ``computed``)."""
    fills: str = ""
    """The preset field this column fills on its own (a tuple, a value a row), when the
    table's rows fill none together."""
    at: int = -1
    """Where in a row of the preset field the column's figure stands, for a table whose
    rows are the preset's own (:attr:`SettingsTable.fixed`)."""


@dataclass(frozen=True)
class Computed:
    """A formula cell of a table: its text at a sheet row, and the engine's value."""

    formula: Callable[[int], str]
    value: object


@dataclass(frozen=True)
class Span:
    """A name over some rows of a column, where the table's first or last rows mean
    something else (a ladder without its last rank, a band table's open ends)."""

    key: str
    """``Settings_<key>``; a span named as its column replaces the column's name."""
    column: str
    """The field key of the column."""
    start: int = 0
    stop: int | None = None
    """The rows, as a slice of the table's rows (-1: up to the last)."""
    labelled: bool = False
    """Whether ``describe`` shows the column's header as the name's label."""
    preset_field: str = ""
    """The preset field the name is read back into as a constant, if any."""


NO_HEADING = Text("", "")
Rows = Callable[[Any, str], Iterable[Sequence[object]]]
"""The rows of a table as written for a preset, in the workbook's language."""


@dataclass(frozen=True)
class SettingsTable:
    """A table a rule keeps on Settings: its columns, how their typed cells are checked,
    and the preset field its rows fill."""

    fields: tuple[TableField, ...]
    check: Callable[[TableField], Validation]
    """The check of a typed column."""
    role: Role = "setting"
    """How :class:`NameInfo` reports a typed column (``input`` or ``setting``)."""
    each_cell: bool = False
    """One check per typed cell, row by row, instead of one for the column."""
    heading: Text = NO_HEADING
    heading_size: int = 14
    fills: str = ""
    """The preset field the rows fill; "" when each column fills its own
    (:attr:`TableField.fills`)."""
    rows: Rows | None = None
    """The rows as written, a value per field; None: the rows of :attr:`fills` as they are."""
    item: Callable[[Typed, str], object] | None = None
    """A typed row (its editable columns, in order) as one row of :attr:`fills`, in the
    workbook's language; None: the row as it is."""
    fixed: bool = False
    """The rows are the preset's own (a rank each): a club edits figures in them
    (:attr:`TableField.at`), not the rows; a blank stays blank where the rule has none."""
    size: int = 0
    """The number of rows the rule needs; 0: any."""
    order: tuple[str, bool] | None = None
    """(key, rising): the column whose figures must rise (or fall) row by row."""
    spans: tuple[Span, ...] = ()

    @property
    def editable(self) -> frozenset[str]:
        """The keys a club's edits are read from and ``repair`` carries."""
        return frozenset(f.key for f in self.fields if f.named and (f.typed or f.kept))

    def numbers(self) -> tuple[str, ...]:
        """The typed number columns' keys."""
        return tuple(f.key for f in self.fields if f.typed and f.kind != "text")

    def named(self, prefix: str) -> tuple[tuple[str, Text], ...]:
        """The catalog's columns: (``prefix`` + key, "" for an unnamed one; header)."""
        return tuple((prefix + f.key if f.named else "", self.header(f.key))
                     for f in self.fields if f.listed)

    def shown(self, key: str, lang: str) -> str:
        """The column ``key`` as a person finds it on Settings: its heading on one line
        (a message names it so, not by its defined name)."""
        field = next(f for f in self.fields if f.key == key)
        return " ".join(field.label(lang).split()) or f"Settings_{key}"

    def header(self, key: str) -> Text:
        """The catalog's header of the column ``key``."""
        field = next(f for f in self.fields if f.key == key)
        return field.catalog or field.label

    def write(self, ws: Worksheet, top: int, preset: Any,
              lang: str) -> tuple[list[NameInfo], dict[str, object], int]:
        """Heading at ``top``, the header below it, then the rows: the table's names, its
        formulas' cached values and its last row."""
        rows = [list(row) for row in (self.rows(preset, lang) if self.rows
                                      else getattr(preset, self.fills))]
        first, last, cached = top + 2, top + 1 + len(rows), {}
        for k, row in enumerate(rows):
            for c, value in enumerate(row):
                if isinstance(value, Computed):
                    cached[f"{get_column_letter(c + 1)}{first + k}"] = value.value
                    row[c] = value.formula(first + k)
        title = ws.cell(top, 1, self.heading(lang))
        title.font = styles.font(lang, bold=True, size=self.heading_size, color="305496")
        title.protection = styles.LOCKED
        checks = [self.check(f) if f.typed else None for f in self.fields]
        for c, f in enumerate(self.fields, 1):
            styles.style_header(ws.cell(top + 1, c, f.label(lang)), lang)
        for r, row in enumerate(rows, first):
            for c, (f, check) in enumerate(zip(self.fields, checks, strict=True), 1):
                cell = ws.cell(r, c, row[c - 1])
                if check is not None and row[c - 1] is not None:
                    styles.style_input(cell, lang)
                else:
                    styles.style_computed(cell, lang, bold=f.bold)
                if f.left:
                    cell.alignment = Alignment(horizontal="left")
                if check is not None and self.each_cell and row[c - 1] is not None:
                    add_validation(ws, check, cell.coordinate, lang)
        infos = self.name_columns(ws, first, rows, checks, lang)
        return infos + self.name_spans(ws, range(first, last + 1), lang), cached, last

    def name_columns(self, ws: Worksheet, first: int, rows: Sequence[Sequence[object]],
                     checks: Sequence[Validation | None], lang: str) -> list[NameInfo]:
        """Name each column but those a :class:`Span` names, and check the typed cells of
        a column checked as a whole; the names."""
        spanned, infos = {s.key for s in self.spans}, []
        for c, (f, check) in enumerate(zip(self.fields, checks, strict=True), 1):
            letter = get_column_letter(c)
            ref = f"${letter}${first}:${letter}${first + len(rows) - 1}"
            if f.named and f.key and f.key not in spanned:
                define_name(ws, setting_name(f.key), ref)
                role = self.role if f.typed else "computed" if f.computed else "setting"
                infos.append(NameInfo(setting_name(f.key), ws.title, ref, role, f.kind,
                                      label=f.label(lang)))
            typed = typed_runs(letter, first, [row[c - 1] for row in rows])
            if check is not None and not self.each_cell and typed:
                add_validation(ws, check, typed, lang)
        return infos

    def name_spans(self, ws: Worksheet, rows: range, lang: str) -> list[NameInfo]:
        """Define the :attr:`spans` over the table's ``rows``; their names."""
        infos = []
        for span in self.spans:
            c, field = next((c, f) for c, f in enumerate(self.fields, 1) if f.key == span.column)
            part, letter = rows[span.start:span.stop], get_column_letter(c)
            ref = (f"${letter}${part[0]}" if len(part) == 1
                   else f"${letter}${part[0]}:${letter}${part[-1]}")
            define_name(ws, setting_name(span.key), ref)
            infos.append(NameInfo(setting_name(span.key), ws.title, ref, "setting",
                                  "text" if field.kind == "text" else "number",
                                  label=field.label(lang) if span.labelled else "",
                                  extra={"preset_field": span.preset_field}
                                  if span.preset_field else {}))
        return infos

    def read(self, tables: Mapping[str, Sequence[object]], preset: Any,
             lang: str) -> dict[str, object]:
        """The preset fields this table fills, as a club typed it (nothing when the edits
        do not touch it). Raises ValueError naming the column, row and value that do not fit.
        """
        editable = [f for f in self.fields if f.key in self.editable]
        if not any(f.key in tables for f in editable):
            return {}
        if self.fixed:
            return {self.fills: tuple(self.figures(tables, i, row, lang)
                                      for i, row in enumerate(getattr(preset, self.fills)))}
        shown = {f.key: self.shown(f.key, lang) for f in editable}
        rows = [tuple(whole_in_table(x, shown[f.key]) if f.kind == "integer"
                      else x if f.kind == "text" else float(x)
                      for f, x in zip(editable, row, strict=True))
                for row in typed_rows(tables, {f.key: "text" if f.kind == "text" else "number"
                                               for f in editable}, shown)]
        if self.size and len(rows) != self.size:
            raise ValueError(say("table.size", name=shown[editable[0].key],
                                 count=len(rows), size=self.size))
        if self.order is not None:
            key, rising = self.order
            c = [f.key for f in editable].index(key)
            ordered([float(row[c]) for row in rows], shown[key], rising)
        if not self.fills:
            return {f.fills: tuple(row[c] for row in rows)
                    for c, f in enumerate(editable) if f.fills}
        return {self.fills: tuple(self.item(row, lang) if self.item else row for row in rows)}

    def figures(self, tables: Mapping[str, Sequence[object]], i: int,
                row: Sequence[object], lang: str) -> tuple[object, ...]:
        """Row ``i`` of a :attr:`fixed` table with its figures as typed; a column not
        among the edits keeps the rule's, and a blank is kept only where the rule has
        none (10d's promotion)."""
        out = list(row)
        for f in self.fields:
            column = tables.get(f.key) if f.key in self.editable else None
            if column is None:
                continue
            value = column[i] if i < len(column) else None
            if row[f.at] is None and value in (None, ""):
                continue
            where = say("table.row_code", name=self.shown(f.key, lang), row=i + 1, code=row[0])
            out[f.at] = float(number_in_table(value, where))
        return tuple(out)


@dataclass(frozen=True)
class SettingsTables:
    """The tables a rule keeps under its Settings constants, top to bottom, two rows
    apart; the personal sheet and the club ledger both write and read them from here."""

    tables: tuple[SettingsTable, ...] = ()
    notes: tuple[Text, ...] = ()
    """Lines printed under the tables (the rule in a few words)."""
    widths: tuple[tuple[str, float], ...] = ()
    """(column letter, width) the tables need on Settings."""
    freeze: str | None = None
    """The Settings sheet's frozen panes, when the tables set them."""
    accept: Callable[[Any], None] | None = None
    """A check of the whole edited preset (a declared rank still in the rank table);
    raises ValueError."""

    @property
    def editable(self) -> tuple[frozenset[str], ...]:
        """Each table's columns a club may edit (``repair`` carries them)."""
        return tuple(t.editable for t in self.tables)

    def write(self, ws: Worksheet, top: int, preset: Any,
              lang: str) -> tuple[list[NameInfo], dict[str, object], int]:
        """Every table from row ``top``, then the notes: the names, the cached values of
        the tables' formulas, and the last row of the last table."""
        infos: list[NameInfo] = []
        cached: dict[str, object] = {}
        last = top - 2
        for table in self.tables:
            names, values, last = table.write(ws, last + 2, preset, lang)
            infos += names
            cached.update(values)
        for letter, width in self.widths:
            ws.column_dimensions[letter].width = width
        for row, line in enumerate(self.notes, last + 2):
            styles.style_note(ws.cell(row, 1, line(lang)), lang)
        if self.freeze:
            ws.freeze_panes = self.freeze
        return infos, cached, last

    def read(self, preset: T, tables: Mapping[str, Sequence[object]], lang: str) -> T:
        """``preset`` with the tables as a club typed them (columns by key, top to bottom).

        Raises ValueError naming the column, row and value when a typed table does not fit.
        """
        values: dict[str, object] = {}
        for table in self.tables:
            values.update(table.read(tables, preset, lang))
        edited: T = dataclasses.replace(preset, **values)  # type: ignore[type-var]
        if self.accept is not None:
            self.accept(edited)
        return edited


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


def typed_rows(tables: Mapping[str, Sequence[object]], columns: Mapping[str, str],
               shown: Mapping[str, str]) -> list[Typed]:
    """The rows of an edited Settings table, checked column by column.

    ``columns`` maps each column key to ``text`` or ``number``. Trailing blank rows are
    dropped (a club may shorten a table); any other blank or a value of the wrong kind
    raises ValueError naming the column (as ``shown``), the row and the value.
    """
    keys = list(columns)
    rows = list(zip_longest(*(tables.get(key, ()) for key in keys)))
    while rows and all(value in (None, "") for value in rows[-1]):
        rows.pop()
    if not rows:
        raise ValueError(say("table.empty", name=shown[keys[0]]))
    return [tuple(_checked(value, columns[key], say("table.row", name=shown[key], row=i))
                  for key, value in zip(keys, row, strict=True))
            for i, row in enumerate(rows, 1)]


def _checked(value: object, kind: str, where: Message) -> float | str:
    """A table cell as a number or a name, else ValueError quoting it."""
    if kind == "number":
        return number_in_table(value, where)
    if isinstance(value, str) and value.strip():
        return value
    raise ValueError(say("table.blank_name" if _blank(value) else "table.not_name",
                         where=where, value=quoted(value)))


def number_in_table(value: object, where: Message) -> float:
    """A Settings table cell that must be a number, else ValueError naming ``where``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    raise ValueError(say("table.blank_number" if _blank(value) else "table.not_number",
                         where=where, value=quoted(value)))


def whole_in_table(value: float | str, name: str) -> int:
    """A typed number that must be whole (a game count), else ValueError quoting it."""
    if float(value) != int(value):
        raise ValueError(say("table.not_whole", name=name, value=value))
    return int(value)


def ordered(values: Sequence[float], name: str, rising: bool) -> None:
    """Raise ValueError at the first row whose figure is out of order."""
    for i in range(1, len(values)):
        before, now = values[i - 1], values[i]
        if (now <= before) if rising else (now >= before):
            raise ValueError(say("table.not_above" if rising else "table.not_below",
                                 where=say("table.row", name=name, row=i + 1), now=now,
                                 before=before))


def _blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())
