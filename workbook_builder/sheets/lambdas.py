"""The LAMBDA edition: the worksheet functions as named LAMBDA functions (Excel 365).

Each catalog entry (:mod:`.catalog_entries`) becomes a defined name whose body is the
catalog's formulas with the arguments as parameters, wrapped in ``LET``, the check cell
a variable. The README's "The functions by name in Excel 365" says how it is used and
how it differs from the worksheet functions.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from openpyxl import Workbook
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.formula import ArrayFormula
from openpyxl.worksheet.worksheet import Worksheet

from .. import formulas as fx
from .. import styles
from ..kit.base import Built
from ..kit.catalog import OUT, Entry, Refs
from ..labels import LEGEND_COMPUTED, LEGEND_INPUT, Text
from ..spec import Spec
from .catalog import (
    HOWTO_FIRST,
    HOWTO_WARN,
    TEXT_COLUMNS,
    CatalogSheet,
    Written,
    check_of,
    checks,
    computed_cell,
    evaluate,
    function_title,
    header_cell,
    name_of,
    refs,
    signatures,
    spread,
    typed_inputs,
    wrapped,
    write_copy,
    write_inputs,
)
from .catalog_entries import ENTRIES, portable

PARAMETER, OPTIONAL, NEWER = "_xlpm.", "_xlop.", "_xlfn."
CHECK = f"{PARAMETER}check_"
FUNCTIONS = Text("関数", "Functions")
TOO_LONG = Text("{n}セルまで", "at most {n} cells")


def optional_arguments(name: str) -> frozenset[str]:
    """The arguments the worksheet function ``name`` may leave out (its defaults)."""
    from udfs import catalog

    function = next(e.function for e in catalog() if e.name == name)
    return frozenset(p.name for p in inspect.signature(function).parameters.values()
                     if p.default is not inspect.Parameter.empty)


def definition(entry: Entry, optional: Collection[str], lang: str) -> str:
    """The stored text of ``entry``'s name: ``_xlfn.LAMBDA(_xlpm.a,_xlop.b,…,body)``."""
    bound = {a.name: PARAMETER + a.name + ("_" if a.name in optional else "")
             for a in entry.args}
    cells = {a.name: [f"INDEX({bound[a.name]},{i})" for i in range(1, a.cells + 1)]
             if a.cells > 1 else [bound[a.name]] for a in entry.args}
    r = Refs(bound, cells)
    lets = [(bound[a.name], _blank_if_left_out(PARAMETER + a.name))
            for a in entry.args if a.name in optional]
    lets.append((CHECK, check_of(entry, r, lang, _size_checks(entry, r, lang))))
    for step in entry.steps[:-1]:
        r[step.key] = PARAMETER + step.key
        lets.append((r[step.key], portable(step.formula(r, lang), entry)))
    body = f'IF({CHECK}="",{portable(entry.result.formula(r, lang), entry)},{CHECK})'
    text = f"{NEWER}LET({','.join(f'{n},{v}' for n, v in lets)},{body})"
    text = re.sub(r"ISBLANK\((_xlpm\.\w+)\)", r'(\1="")', text)
    declared = ",".join((OPTIONAL if a.name in optional else PARAMETER) + a.name
                        for a in entry.args)
    return f"{NEWER}LAMBDA({declared},{text})"


def _blank_if_left_out(parameter: str) -> str:
    """``""`` for an omitted or blank argument (an empty cell as ``""`` too, whatever
    an engine makes of an IF that returns an empty cell), else the argument."""
    return f'IF({NEWER}ISOMITTED({parameter}),"",IF({parameter}="","",{parameter}))'


def _size_checks(entry: Entry, r: Refs, lang: str) -> tuple[tuple[str, str], ...]:
    """A row argument read cell by cell must not be longer than its cells."""
    return tuple((f"ROWS({r[a.name]})*COLUMNS({r[a.name]})>{a.cells}",
                  fx.text(f"⚠ {a.name}: " + TOO_LONG(lang).format(n=a.cells)))
                 for a in entry.args if a.cells > 1 and not a.down)


def display(stored: str) -> str:
    """A stored definition as a person types it in the Name Manager: ``=LAMBDA(a,[b],…)``."""
    text = re.sub(r"_xlop\.(\w+)", r"[\1]", stored)
    return "=" + text.replace(PARAMETER, "").replace(NEWER, "")


INTRO = (
    Text("動く Excel: Microsoft 365 (Windows・Mac・Web・iPhone・Android) と Excel 2024。"
         "Excel 2021 以前・LibreOffice・Google スプレッドシートでは #NAME? になります。"
         "そのときは「式の一覧」(formulas_ja.xlsx) の普通の式を使ってください。",
         "Runs in Excel for Microsoft 365 (Windows, Mac, web, iPhone, Android) and Excel "
         "2024. Excel 2021 and older, LibreOffice and Google Sheets show #NAME?: use the "
         "plain formulas of the formula catalog (formulas_en.xlsx) there."),
    Text("スマホでも: このブックを「コピーを保存」して、クラブのブックの元にします "
         "(シートを足して使う)。",
         "On a phone too: save a copy of this workbook and make it your club's workbook "
         "(add your own sheets)."),
    Text("今あるブックへ (デスクトップ・Web): このシートと「表」シートのタブを両方選び、"
         "右クリック →「移動またはコピー」→ 自分のブック、「コピーを作成する」。"
         "式が使う名前 (関数と表) もいっしょに移ります。"
         "または 数式 → 名前の管理 → 新規作成: 名前に関数名、参照範囲に灰色のセルの定義を貼る"
         " (表の名前のために「表」シートもコピー)。",
         "Into an existing workbook (desktop, web): select this sheet's tab and the Tables "
         "tab, right-click → Move or Copy → your workbook, tick Create a copy; the names "
         "the formulas use (functions and tables) come along. Or Formulas → Name Manager → "
         "New: the function's name as Name, the grey definition as Refers to (and copy the "
         "Tables sheet for the table names)."),
    Text("引数が間違っていると、エラーコードではなく「⚠ 引数: 理由」を返します。"
         "省略した引数・空欄のセル・\"\" は同じ扱いです。",
         "A wrong argument returns \"⚠ argument: reason\", never an error code. A left-out "
         "argument, a blank cell and \"\" all count as blank."),
)
"""The opening lines after the first, which :func:`intro` words with an example call."""


def intro() -> tuple[Text, ...]:
    """The sheet's opening lines, the first function's call the example of one
    (``=TOKIN_DELTA(A2,B2,C2)``: its arguments that may not be left out, from A2 on)."""
    entry = ENTRIES[0]
    needed = [a for a in entry.args if a.name not in optional_arguments(entry.name)]
    cells = ",".join(f"{get_column_letter(i)}2" for i in range(1, len(needed) + 1))
    call = f"={entry.name}({cells})"
    return (Text("このブックの関数は Excel の名前付き LAMBDA です。このブックのどのセルでも "
                 f"{call} のように使えます。アドインはいりません。",
                 "The functions of this workbook are Excel named LAMBDAs: use them in any cell "
                 f"of this workbook, e.g. {call}. No add-in needed."), *INTRO)


DEFINE = Text("▼ 名前の管理 → 新規作成: 名前 {name}、参照範囲:",
              "▼ Name Manager → New: Name {name}, Refers to:")


def write_function(ws: Worksheet, top: int, entry: Entry, signature: str, stored: str,
                   typed: Mapping[str, Any], lang: str, out: Written) -> int:
    """One function's block: title, explanation, an example call, its definition to copy."""
    function_title(ws, top, signature, lang)
    wrapped(ws, top + 1, entry.about(lang), lang)
    header, row = top + 2, top + 3
    depth = write_inputs(ws, entry, header, typed, lang, out)
    col = 1 + sum(1 if a.down else a.cells for a in entry.args)
    header_cell(ws, header, col, entry.result.label(lang), lang)
    coord = f"{get_column_letter(col)}{row}"
    call = ",".join(refs(entry, row)[a.name] for a in entry.args)
    cell = ws.cell(row, col)
    cell.value = ArrayFormula(coord, f"={entry.name}({call})")
    styles.style_computed(cell, lang, entry.result.number_format, bold=True)
    if entry.result.wide or entry.result.type == "text":  # a sentence, or a ⚠ message
        spread(ws, header, row, col, max(col, TEXT_COLUMNS))
    values = evaluate(entry, typed, lang)
    messages = ("", *(m for _, m in checks(entry, lang)))
    computed_cell(ws, coord, name_of(entry), entry.result.type, values["check"] or values[OUT],
              entry.result.label(lang), messages, out)
    write_copy(ws, row + depth + 1, DEFINE(lang).format(name=entry.name), display(stored),
               lang)
    return row + depth + 4


class LambdaSheet(CatalogSheet):
    """Workbook type ``system = "lambda"``: the LAMBDA edition of the worksheet functions."""

    system = "lambda"
    computed_by = "Excel 365 or Excel 2024"
    howto = (HOWTO_FIRST,
             Text("このブックのどのセルでも =関数名(引数) と書いて使える (Excel 365・2024)。ほかの"
                  "ブックでは「{first}」と「{second}」をコピーする。",
                  "Use them in any cell of this workbook as =NAME(arguments) (Excel 365, 2024); "
                  "for another workbook copy “{first}” and “{second}” into it."),
             HOWTO_WARN)

    def default_title(self, lang: str) -> str:
        return Text("関数 (Excel 365 の LAMBDA)", "Functions (Excel 365 LAMBDA)")(lang)

    def populate(self, wb: Workbook, spec: Spec, preset: Any,
                 inputs: Sequence[Mapping[str, object]]) -> Built:
        """The example sheet, the Tables sheet and one LAMBDA name per function."""
        lang = spec.lang
        ws, tables_ws, title, row = self.front(wb, spec, FUNCTIONS(lang), intro())
        styles.style_note(ws.cell(row, 1, f"{LEGEND_INPUT(lang)} / {LEGEND_COMPUTED(lang)}"),
                          lang)
        row += 2
        out = Written([], {})
        for entry in ENTRIES:
            stored = definition(entry, optional_arguments(entry.name), lang)
            wb.defined_names[entry.name] = DefinedName(entry.name, attr_text=stored)
            typed = typed_inputs(entry, inputs)
            row = write_function(ws, row, entry, signatures()[entry.name], stored, typed, lang,
                                 out)
        heading = Text("LAMBDA にしない関数", "Not a LAMBDA")
        return self.back(ws, tables_ws, row, heading(lang), title, lang, out)


__all__ = ["LambdaSheet", "definition", "display", "optional_arguments"]
