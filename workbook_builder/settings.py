"""The Settings sheet: every constant of the preset as a named, validated input cell.

Formulas refer to ``Settings_<key>`` by name, so a club changes a value once and every
row follows; the value cells are the only unlocked cells on the sheet.
"""

from __future__ import annotations

from collections.abc import Sequence

from openpyxl.styles import Alignment
from openpyxl.worksheet.worksheet import Worksheet

from . import styles
from .labels import SETTINGS_HEADER, Text
from .layout import NameInfo, Setting, number_check
from .table import add_validation, define_name

SETTINGS_KEY = "Settings"
FIRST_ROW = 3


def setting_name(key: str) -> str:
    """The defined name of a setting: ``Settings_<key>``."""
    return f"{SETTINGS_KEY}_{key}"


def start_setting(note: Text, value: float) -> Setting:
    """The rating before the first game, fed from the preset's ``start``."""
    return Setting("Start", Text("開始レート", "Starting rating"), note, value,
                   number_check(Text("最初のレート", "Starting rating")), preset_field="start")


def write_settings(ws: Worksheet, title: str, settings: Sequence[Setting], lang: str,
                   notes: Sequence[Text | str] = ()) -> list[NameInfo]:
    """Title, a header, one row per setting, then free-text ``notes`` below."""
    ws.column_dimensions["A"].width = 19
    ws.column_dimensions["B"].width = 9
    ws.column_dimensions["C"].width = 40
    styles.style_title(ws.cell(1, 1, title), lang)
    for i, text in enumerate(SETTINGS_HEADER, 1):
        styles.style_header(ws.cell(2, i, text(lang)), lang)
    infos = [write_setting(ws, number, setting, lang)
             for number, setting in enumerate(settings, FIRST_ROW)]
    row = FIRST_ROW + len(settings) + 1
    for line in notes:
        cell = ws.cell(row, 1, line(lang) if isinstance(line, Text) else line)
        styles.style_note(cell, lang)
        row += 1
    ws.freeze_panes = "A3"
    return infos


def write_setting(ws: Worksheet, row: int, setting: Setting, lang: str,
                  wrap: bool = True) -> NameInfo:
    """One setting on ``row``: its label, the named input cell in column B, its note."""
    styles.style_computed(ws.cell(row, 1, setting.label(lang)), lang, bold=True)
    styles.style_input(ws.cell(row, 2, setting.value), lang, setting.number_format)
    note = ws.cell(row, 3, setting.note(lang))
    styles.style_note(note, lang)
    note.alignment = Alignment(wrap_text=wrap, vertical="center")
    add_validation(ws, setting.validation, f"B{row}", lang)
    name = setting_name(setting.key)
    define_name(ws, name, f"$B${row}")
    return NameInfo(name, ws.title, f"$B${row}", "setting", setting.type,
                    minimum=setting.minimum, label=setting.label(lang),
                    extra={"preset_field": setting.preset_field})
