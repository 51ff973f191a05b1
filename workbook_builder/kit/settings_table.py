"""A named table under the Settings constants: heading, header row, one name per column.

The Games formulas read such a table column by column through ``Settings_<key>``, so a
club edits a rank ladder or a handicap list in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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


@dataclass(frozen=True)
class TableField:
    """A column of a rule's table, declared once for the Settings sheet, the reader of a
    club's edits, ``repair`` and the catalog's Tables sheet."""

    key: str
    """``Settings_<key>`` on Settings, ``<Rule>_<key>`` on the Tables sheet."""
    label: Text
    kind: ValueType = "number"
    typed: bool = True
    """A club edits it (white, checked); else the rule fills it (blue, locked)."""
    kept: bool = False
    """Read back and carried by ``repair`` although the rule fills it (a row's label)."""
    prompt: Text | None = None
    """What a typed cell's check says, when not its header."""
    catalog: Text | None = None
    """The Tables sheet's header, where its column holds other words than on Settings."""
    left: bool = False
    """Aligned under the wide Notes column of the settings above."""
    bold: bool = False
    named: bool = True
    """Whether the column has a defined name (a row's heading has none)."""
    computed: bool = False
    """Its cells are formulas over the typed ones (reported as ``computed``)."""


@dataclass(frozen=True)
class SettingsTable:
    """A table a rule keeps on Settings: its columns and how their typed cells are checked."""

    fields: tuple[TableField, ...]
    check: Callable[[TableField], Validation]
    """The check of a typed column."""
    role: Role = "setting"
    """How :class:`NameInfo` reports a typed column (``input`` or ``setting``)."""
    each_cell: bool = False
    """One check per typed cell, row by row, instead of one for the column."""

    @property
    def editable(self) -> frozenset[str]:
        """The keys a club's edits are read from and ``repair`` carries."""
        return frozenset(f.key for f in self.fields if f.named and (f.typed or f.kept))

    def kinds(self) -> dict[str, str]:
        """Key → ``text`` or ``number`` of the :attr:`editable` columns, as
        :func:`~.base.typed_rows` reads them."""
        editable = self.editable
        return {f.key: "text" if f.kind == "text" else "number"
                for f in self.fields if f.key in editable}

    def numbers(self) -> tuple[str, ...]:
        """The typed number columns' keys."""
        return tuple(f.key for f in self.fields if f.typed and f.kind != "text")

    def columns(self, values: Mapping[str, Sequence[object]],
                named: bool = True) -> list[TableColumn]:
        """The columns to write, each with its values by key; ``named=False``: without
        their names, for a table whose names leave out rows."""
        return [TableColumn(f.label, values[f.key], f.key if f.named and named else "", f.kind,
                            self.check(f) if f.typed else None,
                            self.role if f.typed else "computed" if f.computed else "setting",
                            each_cell=self.each_cell, bold=f.bold, left=f.left)
                for f in self.fields]

    def columns_of(self, rows: Sequence[Sequence[object]]) -> list[TableColumn]:
        """:meth:`columns` of ``rows``, each a value per field in order."""
        return self.columns({f.key: [row[c] for row in rows]
                             for c, f in enumerate(self.fields)})

    def named(self, prefix: str) -> tuple[tuple[str, Text], ...]:
        """The catalog's columns: (``prefix`` + key, "" for an unnamed one; header)."""
        return tuple((prefix + f.key if f.named else "", self.header(f.key))
                     for f in self.fields)

    def header(self, key: str) -> Text:
        """The catalog's header of the column ``key``."""
        field = next(f for f in self.fields if f.key == key)
        return field.catalog or field.label


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
