"""The formula catalog (issue #4): every worksheet function as a native formula to copy.

Each system's ``CATALOG_ENTRIES`` (gathered by :mod:`.catalog_entries`) becomes a block
with a live example and its formula as text, written for row 2 of a table of its
arguments from column A; the README's "Formulas for your own spreadsheet" says how to
use it. Cached values are the engine's (:mod:`rating_rules`).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from openpyxl import Workbook
from openpyxl.cell.cell import Cell, MergedCell
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.utils.cell import absolute_coordinate as absolute
from openpyxl.worksheet.worksheet import Worksheet

from .. import formulas as fx
from .. import styles
from ..kit.base import Built, SheetType
from ..kit.catalog import OUT, Arg, Cross, Entry, Refs
from ..kit.cells import excel_value
from ..kit.frame import page_setup, sheet_title
from ..labels import LEGEND_COMPUTED, LEGEND_INPUT, OVERWRITTEN, Text
from ..layout import NameInfo, Validation
from ..spec import Spec
from ..table import add_validation, define_name
from .catalog_entries import ENTRIES, NOT_NATIVE, RULE_TABLES, TABLE_NAMES, portable

__all__ = ["ENTRIES", "NOT_NATIVE", "CatalogSheet"]

TABLE = "Catalog"
"""Prefix of the example inputs' and results' names (``Catalog_TOKIN_DELTA_my_rating``)."""
FORMULAS = Text("関数", "Formulas")
TABLES = Text("表", "Tables")
GENERIC_ROW = 2
"""The row the copyable formulas are written for (row 1 holds the headers)."""
COLUMN_WIDTH = 9.5
TEXT_COLUMNS = 6
"""Explanations, checks and formula texts span A:F, the width a phone shows upright."""
COPY_FILL = PatternFill("solid", fgColor="F2F2F2")
CHECK_COLOR = "C00000"


# --- layout --------------------------------------------------------------------------------

def name_of(entry: Entry, key: str = "") -> str:
    """Defined name of an entry's argument or step (the result: no key)."""
    return f"{TABLE}_{entry.name}" + (f"_{key}" if key and key != OUT else "")


def columns(entry: Entry) -> dict[str, tuple[int, int]]:
    """Argument or step key → (first column, number of columns)."""
    out, col = {}, 1
    for arg in entry.args:
        width = 1 if arg.down else arg.cells
        out[arg.name] = (col, width)
        col += width
    for step in entry.steps:
        out[step.key] = (col, 1)
        col += 1
    return out


def refs(entry: Entry, row: int) -> Refs:
    """References of ``entry``'s arguments and steps with its input row at ``row``."""
    refs_, cells = {}, {}
    down = {a.name: a.cells for a in entry.args if a.cells > 1 and a.down}
    for key, (col, width) in columns(entry).items():
        if key in down:
            cells[key] = [f"{get_column_letter(col)}{row + i}" for i in range(down[key])]
        else:
            cells[key] = [f"{get_column_letter(col + i)}{row}" for i in range(width)]
        first, last = cells[key][0], cells[key][-1]
        refs_[key] = first if first == last else f"{first}:{last}"
    return Refs(refs_, cells)


def step_formulas(entry: Entry, row: int, lang: str) -> dict[str, str]:
    """Step key → formula text for an input row: the copyable one for row 2."""
    r = refs(entry, row)
    return {step.key: portable(step.formula(r, lang), entry) for step in entry.steps}


def checks(entry: Entry, lang: str) -> list[tuple[Arg | Cross, str]]:
    """(an argument or a test across arguments, its message), in the order the check
    cell tries them."""
    out: list[tuple[Arg | Cross, str]] = []
    for arg in entry.args:
        out.append((arg, f"⚠ {arg.name}: {arg.kind.reason(lang)}"))
    for cross in entry.cross:
        out.append((cross, f"⚠ {cross.arg}: {cross.reason(lang)}"))
    return out


def check_of(entry: Entry, r: Refs, lang: str,
             first: tuple[tuple[str, str], ...] = ()) -> str:
    """The check: the first bad argument's "⚠" message, else ""; ``first`` cases go before."""
    cases = list(first)
    for rule, message in checks(entry, lang):
        condition = rule.kind.bad(r[rule.name]) if isinstance(rule, Arg) else rule.bad(r)
        cases.append((portable(condition, entry), fx.text(message)))
    return fx.first_match(cases, '""')


def typed_values(entry: Entry, typed: Mapping[str, object]) -> dict[str, object]:
    """Argument → the typed value (a list for a multi-cell argument), blanks as None."""
    out: dict[str, object] = {}
    for arg in entry.args:
        if arg.cells > 1:
            value = typed.get(arg.name) or ()
            assert isinstance(value, (list, tuple)), (arg.name, value)  # one value per cell
            out[arg.name] = [value[i] if i < len(value) else None for i in range(arg.cells)]
        else:
            out[arg.name] = typed.get(arg.name)
    return out


def evaluate(entry: Entry, typed: Mapping[str, object], lang: str) -> dict[str, object]:
    """What the check cell and every step show for these typed inputs (engine values)."""
    values = typed_values(entry, typed)
    engine_values = {k: excel_value(v) for k, v in values.items()}
    blank = {step.key: "" for step in entry.steps}
    for rule, text in checks(entry, lang):
        good = rule.kind.ok(values[rule.name]) if isinstance(rule, Arg) else rule.ok(engine_values)
        if not good:
            return {"check": text, **blank}
    try:
        shown = entry.engine(engine_values, lang)
    except ValueError:  # a value the checks let through but the engine refuses: no value
        return {"check": "", **blank}
    return {"check": "", **{step.key: shown[step.key] for step in entry.steps}}


def example_values(entry: Entry) -> dict[str, object]:
    return {arg.name: arg.example for arg in entry.args}


# --- writing -------------------------------------------------------------------------------

def _display_width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def function_title(ws: Worksheet, row: int, signature: str, lang: str,
                   color: str = "305496") -> None:
    """A function's block starts with its signature, bold and locked (grey: no formula)."""
    title = ws.cell(row, 1, signature)
    title.font = styles.font(lang, bold=True, size=12, color=color)
    title.protection = styles.LOCKED


def wrapped(ws: Worksheet, row: int, text: str, lang: str, size: float = 11,
             color: str = "262626", fill: PatternFill | None = None, mono: bool = False,
             density: float | None = None) -> None:
    """``text`` in a wrapped cell merged across the text columns, the row tall enough.

    ``density`` is characters per unit of column width at 11 pt (a guess from the font:
    monospace 0.92, Japanese 1.05, other prose 1.2; lower for long unbreakable words).
    """
    cell = ws.cell(row, 1, text)
    cell.font = Font(name="Consolas" if mono else styles.font_name(lang), size=size,
                     color=color)
    cell.alignment = Alignment(wrap_text=True, vertical="top")
    cell.protection = styles.LOCKED
    if fill is not None:
        cell.fill = fill
    ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=TEXT_COLUMNS)
    wide = _display_width(text) > len(text)
    if density is None:
        density = 0.92 if mono else 1.05 if wide else 1.2
    lines = _line_count(text, TEXT_COLUMNS * COLUMN_WIDTH * (11 / size) * density)
    spacing = 1.3 if mono else 1.5 if wide else 1.4
    ws.row_dimensions[row].height = min(409, round(lines * size * spacing + 3, 1))


def _line_count(text: str, width: float) -> int:
    """Lines ``text`` takes when wrapped at spaces and after hyphens into ``width`` units.

    Japanese text breaks between any two characters.
    """
    total = 0
    for part in text.split("\n"):
        if _display_width(part) > len(part):
            total += max(1, -(-_display_width(part) // int(width)))
            continue
        lines, used = 1, 0.0
        for piece in re.findall(r"[^ -]*[ -]|[^ -]+$", part):
            w = float(_display_width(piece))
            if used and used + w - piece.endswith(" ") > width:
                lines, used = lines + 1, 0.0
            while w > width:  # longer than a line: broken anywhere
                lines, w = lines + 1, w - width
            used += w
        total += lines
    return total


NAMED = tuple(f"{prefix}_…" for prefix in dict.fromkeys(
    name.partition("_")[0] for table in RULE_TABLES for name, _ in table.columns if name))
"""The Tables sheet's name prefixes in its order (``Tokin_…``, ``Go_…``): the examples the
intro and the how-to give of a name that needs that sheet."""
INTRO = (
    Text("ワークシート関数 (xlwings) と同じ計算を、アドインのいらない普通の式にしたものです。"
         "スマホの Excel でも動きます。",
         "Each worksheet function (xlwings) as a plain formula that needs no add-in: it "
         "works in phone Excel too."),
    Text("使い方: 灰色のセルの式 (文字) をコピーして、自分のシートのセルに貼るだけ。"
         "式は 2 行目用です: A 列から順に引数を並べた表 (1 行目は見出し) なら、結果の列の "
         "2 行目に貼って下へコピー。違う列なら A2・B2 … を自分のセルに変えてください。",
         "How: copy the text of a grey formula cell and paste it into your own cell. Each "
         "formula is written for row 2 of a table with the arguments in order from column A "
         "(headers in row 1): paste it into row 2 of the result column and fill down. Other "
         "columns: change A2, B2 … to your cells."),
    Text(f"{' や '.join(NAMED[:2])} などの名前を使う式は、「表」シートを自分のブックへ"
         "コピーしてから使います (名前もいっしょに移ります)。"
         "定数 (16、0.04 など) はルールの既定値です。",
         f"Formulas with a name such as {' or '.join(NAMED[:2])} need the Tables sheet in your "
         "workbook: copy the sheet over (its names come along). Constants (16, 0.04 …) are "
         "the rules' defaults."),
    Text("白いセルの例を変えると結果が変わります。⚠ は入力の間違いを示します。",
         "Change a white example cell and the result follows; ⚠ names a wrong input."),
)
OTHER = {"ja": "en", "en": "ja"}


@dataclass
class Written:
    names: list[NameInfo]
    cached: dict[str, object]


def write_entry(ws: Worksheet, top: int, entry: Entry, signature: str, typed: Mapping[str, object],
                lang: str, out: Written) -> int:
    """One function's block from row ``top``; returns the first row after it.

    Title and explanation, a header row over the example inputs and the formula cells,
    a hint under each input, the check cell, then each formula as text to copy.
    """
    function_title(ws, top, signature, lang)
    wrapped(ws, top + 1, entry.about(lang), lang)
    wrapped(ws, top + 2, entry.about(OTHER[lang]), OTHER[lang], size=9, color="7F7F7F")
    header, row = top + 3, top + 4
    depth = write_inputs(ws, entry, header, typed, lang, out)
    for i in range(depth):
        ws.row_dimensions[row + i].height = 18
    check_ref = f"A{row + depth + 1}"
    values = evaluate(entry, typed, lang)
    formulas = step_formulas(entry, row, lang)
    for step in entry.steps:
        col, _ = columns(entry)[step.key]
        heading = step.label(lang) if step.key == OUT else f"{step.key}\n{step.label(lang)}"
        header_cell(ws, header, col, heading, lang)
        cell = ws.cell(row, col, f'=IF({check_ref}="",{formulas[step.key]},"")')
        styles.style_computed(cell, lang, step.number_format, bold=step.key == OUT)
        if step.wide and col < TEXT_COLUMNS:  # a sentence: across to the text columns' end
            spread(ws, header, row, col, TEXT_COLUMNS)
            ws.row_dimensions[row].height = 32
        elif step.type == "text":
            cell.alignment = Alignment(shrink_to_fit=True)
        computed_cell(ws, cell.coordinate, name_of(entry, step.key), step.type, values[step.key],
                  step.label(lang), (), out)

    check = ws.cell(row + depth + 1, 1, "=" + check_of(entry, refs(entry, row), lang))
    styles.style_computed(check, lang, color=CHECK_COLOR)
    check.font = styles.font(lang, size=10, color=CHECK_COLOR, bold=True)
    check.alignment = Alignment(shrink_to_fit=True)
    ws.merge_cells(start_row=check.row, start_column=1, end_row=check.row,
                   end_column=TEXT_COLUMNS)
    messages = ("", *(m for _, m in checks(entry, lang)))
    computed_cell(ws, check_ref, name_of(entry, "check"), "text", values["check"],
              Text("入力の確認", "input check")(lang), messages, out)
    return _write_copies(ws, check.row + 1, entry, lang) + 1


def write_inputs(
    ws: Worksheet, entry: Entry, header: int, typed: Mapping[str, object], lang: str, out: Written
) -> int:
    """The arguments' headers in row ``header``, their example cells and hints below;
    returns how many rows the example cells take."""
    depth = max(a.cells if a.down else 1 for a in entry.args)
    for arg in entry.args:
        write_input(ws, entry, arg, header, header + 1, depth, typed.get(arg.name), lang, out)
    ws.row_dimensions[header].height = 40
    ws.row_dimensions[header + 1 + depth].height = 24
    return depth


def spread(ws: Worksheet, header: int, row: int, col: int, last: int) -> None:
    """A result that is a sentence: its header and cell merged across to column ``last``,
    the text wrapped."""
    for c in range(col + 1, last + 1):
        ws.cell(header, c).fill = styles.HEADER_FILL
    ws.merge_cells(start_row=header, start_column=col, end_row=header, end_column=last)
    ws.merge_cells(start_row=row, start_column=col, end_row=row, end_column=last)
    ws.cell(row, col).alignment = Alignment(wrap_text=True, vertical="center")


def header_cell(ws: Worksheet, row: int, col: int, text: str, lang: str) -> None:
    cell = ws.cell(row, col, text)
    styles.style_header(cell, lang)
    cell.font = styles.font(lang, bold=True, color="FFFFFF", size=9)


def write_input(ws: Worksheet, entry: Entry, arg: Arg, header: int, row: int, depth: int,
                 value: Any, lang: str, out: Written) -> None:
    """An argument's header, example cells (white, validated, named) and hint."""
    col, width = columns(entry)[arg.name]
    ref = refs(entry, row)[arg.name]
    for c in range(col, col + width):
        header_cell(ws, header, c, _heading(arg, lang), lang)
    hint = ws.cell(row + depth, col, (arg.hint or arg.kind.hint)(lang))
    hint.font = styles.font(lang, size=8, color="595959")
    hint.alignment = Alignment(wrap_text=True, vertical="top")
    hint.protection = styles.LOCKED
    if width > 1:
        for r in (header, row + depth):
            ws.merge_cells(start_row=r, start_column=col, end_row=r, end_column=col + width - 1)
    values = value if isinstance(value, (list, tuple)) else [value]
    for i, coord in enumerate(refs(entry, row).cells[arg.name]):
        cell = ws[coord]
        styles.style_input(cell, lang)
        typed = values[i] if i < len(values) else None
        if typed is not None:
            cell.value = typed
            if isinstance(typed, str) and cell.data_type in ("f", "e"):
                cell.data_type = "s"  # text such as "=SUM(1,2)" stays what was typed
    first = refs(entry, row).cells[arg.name][0]
    v = arg.kind.validation(first) if arg.kind.validation is not None else None
    if v is not None:
        prompt = None if v.prompt is None else Text(f"{arg.name}: {v.prompt.ja}",
                                                    f"{arg.name}: {v.prompt.en}")
        add_validation(ws, Validation(v.kind, v.operator, v.formula1, v.formula2, prompt,
                                      v.error), ref, lang)
    name = name_of(entry, arg.name)
    define_name(ws, name, absolute(ref))
    out.names.append(NameInfo(name, ws.title, absolute(ref), "input", arg.kind.type,
                              arg.kind.allowed, arg.kind.minimum, arg.label(lang)))


def computed_cell(ws: Worksheet, coord: str, name: str, kind: Any, value: object, label: str,
              allowed: tuple[object, ...], out: Written) -> None:
    """Name, overwrite highlight and the engine's cached value of a formula cell."""
    ws.conditional_formatting.add(coord, styles.formula_rule(
        f"NOT(_xlfn.ISFORMULA({coord}))", stopIfTrue=True,
        fill=styles.OVERWRITTEN_FILL, font=Font(bold=True, color="FFFFFF")))
    out.cached[coord] = value
    define_name(ws, name, absolute(coord))
    out.names.append(NameInfo(name, ws.title, absolute(coord), "computed", kind, allowed,
                              label=label))


def _write_copies(ws: Worksheet, row: int, entry: Entry, lang: str) -> int:
    """The tables a formula needs, then each formula as text for row 2; the next free row."""
    texts = {k: "=" + f for k, f in step_formulas(entry, GENERIC_ROW, lang).items()}
    used = sorted(n for n in TABLE_NAMES if any(re.search(rf"\b{n}\b", t) for t in texts.values()))
    if used:
        needs = Text("表が必要: ", "Needs the Tables sheet: ")(lang) + ", ".join(used)
        wrapped(ws, row, needs, lang, size=9, color="7F7F7F", density=0.95)
        row += 1
    for step in entry.steps:
        col, _ = columns(entry)[step.key]
        target = f"{get_column_letter(col)}{GENERIC_ROW}"
        label = Text(f"▼ {target} に貼る式 ({step.label.ja})",
                     f"▼ formula for {target} ({step.label.en})")(lang)
        text = write_copy(ws, row, label, texts[step.key], lang)
        define_name(ws, f"{name_of(entry, step.key)}_copy", absolute(text.coordinate))
        row += 2
    return row


def write_copy(ws: Worksheet, row: int, label: str, text: str, lang: str) -> Cell | MergedCell:
    """A blue label, and under it ``text`` in grey to select and copy; the text's cell."""
    head = ws.cell(row, 1, label)
    head.font = styles.font(lang, size=9, bold=True, color="305496")
    head.protection = styles.LOCKED
    wrapped(ws, row + 1, text, lang, size=9, fill=COPY_FILL, mono=True)
    cell = ws.cell(row + 1, 1)
    cell.data_type = "s"  # shown as text, never computed
    cell.protection = styles.UNLOCKED  # so its text can be selected and copied
    return cell


def _heading(arg: Arg, lang: str) -> str:
    """The argument's name, and its label when that says more than the name."""
    label = arg.label(lang)
    same = re.sub(r"\W", "", label).lower() == arg.name.replace("_", "").lower()
    return _breakable(arg.name) if same else f"{_breakable(arg.name)}\n{label}"


def _breakable(name: str) -> str:
    """A long argument name may wrap after its underscores (a zero-width space)."""
    return name.replace("_", "_\u200b") if len(name) > 11 else name


def write_tables(ws: Worksheet, lang: str, title: str) -> None:
    """Every rule table the formulas read by name, one defined name per column."""
    styles.style_title(ws.cell(1, 1, title), lang)
    note = ws.cell(2, 1, Text("式が名前で読む表 (ルールの既定値)。"
                              "このシートを自分のブックへコピーして使います。",
                              "Tables the formulas read by name (the rules' defaults). Copy "
                              "this sheet into your workbook.")(lang))
    styles.style_note(note, lang)
    for c in range(1, 7):
        ws.column_dimensions[get_column_letter(c)].width = 11
    row = 4
    for table in RULE_TABLES:
        heading = ws.cell(row, 1, table.title(lang))
        heading.font = styles.font(lang, bold=True, color="305496")
        used_by = ", ".join(table.used_by)
        used = ws.cell(row + 1, 1, Text("使う関数: ", "Used by: ")(lang) + used_by)
        styles.style_note(used, lang)
        for c, (_, header) in enumerate(table.columns, 1):
            styles.style_header(ws.cell(row + 2, c, header(lang)), lang)
        first = row + 3
        for r, values in enumerate(table.rows, first):
            for c, value in enumerate(values, 1):
                cell = ws.cell(r, c, value)  # type: ignore[call-overload]  # table data
                styles.style_computed(cell, lang)
        last = first + len(table.rows) - 1
        named = [(name, c) for c, (name, _) in enumerate(table.columns, 1) if name]
        for name, c in [*named, *table.extra]:
            letter = get_column_letter(c)
            bottom = last - 1 if name in table.shorter else last
            define_name(ws, name, f"${letter}${first}:${letter}${bottom}")
        names = Text("名前: ", "Names: ")(lang) + ", ".join(n for n, _ in [*named, *table.extra])
        listed = ws.cell(last + 1, 1, names)
        styles.style_note(listed, lang, color="7F7F7F")
        listed.font = styles.font(lang, size=8, color="7F7F7F")
        row = last + 3
    ws.freeze_panes = "A4"


@dataclass(frozen=True)
class CatalogPreset:
    """The catalog has no constants of its own: every formula shows the rules' defaults."""


HOWTO_FIRST = Text("「{first}」には関数ごとに欄がある。白いセルの例を変えると、青いセルの"
                   "結果が変わる。",
                   "“{first}” has a block per function: change the example in its white "
                   "cells and the blue result follows.")
HOWTO_WARN = Text("結果の代わりに ⚠ が出たら、理由のとおりに白いセルを直す。",
                  "A ⚠ instead of a result says what to fix in the white cells.")


class CatalogSheet(SheetType[CatalogPreset]):
    """Workbook type ``system = "formulas"``: the formula catalog."""

    system = "formulas"
    presets: ClassVar[Mapping[str, object]] = {"default": CatalogPreset()}
    input_tables: ClassVar[tuple[str, ...]] = (TABLE,)
    """The example inputs are ``Catalog_<FUNCTION>_<argument>`` (read back by ``repair``)."""
    howto = (HOWTO_FIRST,
             Text(f"灰色のセルの式をコピーして自分のシートに貼る。名前 ({NAMED[0]} など) を"
                  "使う式には「{second}」も自分のブックへコピーする。",
                  "Copy a grey cell's formula into your own sheet; for a formula that uses "
                  f"names ({NAMED[0]} and so on) copy “{{second}}” into your workbook too."),
             HOWTO_WARN)

    def default_title(self, lang: str) -> str:
        return Text("式の一覧 (アドインなしで使える式)", "Formula catalog (no add-in needed)")(lang)

    def populate_tables(self, wb: Workbook, spec: Spec, preset: CatalogPreset,
                        tables: Mapping[str, Sequence[Mapping[str, object]]]) -> Built:
        return self.populate(wb, spec, preset, tables.get(TABLE) or tables.get("Games") or ())

    def front(self, wb: Workbook, spec: Spec, sheet: str, intro: Sequence[Text]
              ) -> tuple[Worksheet, Worksheet, str, int]:
        """The main sheet and the Tables sheet, the title and the introduction; returns
        both sheets, the title and the first free row."""
        lang = spec.lang
        ws = wb.create_sheet(sheet)
        tables_ws = wb.create_sheet(TABLES(lang))
        title = sheet_title(spec, self.default_title(lang))
        for c in range(1, 10):
            ws.column_dimensions[get_column_letter(c)].width = COLUMN_WIDTH
        styles.style_title(ws.cell(1, 1, title), lang)
        row = 2
        for line in intro:
            wrapped(ws, row, line(lang), lang, size=10, color="404040")
            row += 1
        return ws, tables_ws, title, row

    def populate(self, wb: Workbook, spec: Spec, preset: CatalogPreset,
                 inputs: Sequence[Mapping[str, object]]) -> Built:
        """``inputs``: rows of ``<FUNCTION>_<argument>`` → value (row i = a range's i-th
        cell), as ``repair`` reads them back; none = every function's example."""
        lang = spec.lang
        ws, tables_ws, title, row = self.front(wb, spec, FORMULAS(lang), INTRO)
        legend = ws.cell(row, 1, f"{LEGEND_INPUT(lang)} / {LEGEND_COMPUTED(lang)} / "
                         + Text("灰色 = コピー用の式", "grey = formula to copy")(lang))
        styles.style_note(legend, lang)
        overwritten = ws.cell(row + 1, 1, OVERWRITTEN(lang))
        styles.style_note(overwritten, lang, color="C00000")
        row += 3
        out = Written([], {})
        for entry in ENTRIES:
            typed = typed_inputs(entry, inputs)
            row = write_entry(ws, row, entry, signatures()[entry.name], typed, lang, out)
        heading = Text("普通の式にできない関数", "Not a native formula")
        return self.back(ws, tables_ws, row, heading(lang), title, lang, out)

    def back(self, ws: Worksheet, tables_ws: Worksheet, row: int, heading: str, title: str,
             lang: str, out: Written) -> Built:
        """The functions left out under ``heading``, the Tables sheet, the page set-up."""
        head = ws.cell(row, 1, heading)
        head.font = styles.font(lang, bold=True, size=12, color="305496")
        row += 1
        for name, reason in NOT_NATIVE.items():
            function_title(ws, row, signatures()[name], lang, color="7F7F7F")
            wrapped(ws, row + 1, reason(lang), lang, size=10)
            wrapped(ws, row + 2, reason(OTHER[lang]), OTHER[lang], size=9, color="7F7F7F")
            row += 4
        write_tables(tables_ws, lang, f"{TABLES(lang)} ・ {title}")
        for sheet in (ws, tables_ws):
            page_setup(sheet)
        return Built(out.names, {ws.title: out.cached})


@functools.cache
def signatures() -> dict[str, str]:
    """Worksheet function → its signature as :mod:`udfs` declares it."""
    from udfs import catalog  # here, not at the top: xlwings takes 0.3 s to import

    return {e.name: e.signature for e in catalog()}


def typed_inputs(entry: Entry, inputs: Sequence[Mapping[str, object]]) -> dict[str, object]:
    """An entry's typed inputs from ``inputs`` rows (a multi-cell argument: one per row);
    no rows: its examples."""
    if not inputs:
        return example_values(entry)
    out: dict[str, object] = {}
    for arg in entry.args:
        column = [row.get(f"{entry.name}_{arg.name}") for row in inputs[: arg.cells]]
        out[arg.name] = column if arg.cells > 1 else column[0]
    return out
