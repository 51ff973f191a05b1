"""How cells look: input cells white with a border, computed cells the blog's blue.

One place for colours and fonts so every sheet type looks alike and a player learns
once where to type. Sizes are for a phone held upright (12 pt, narrow columns).
"""

from __future__ import annotations

from collections.abc import Callable
from copy import copy
from weakref import WeakKeyDictionary

from openpyxl import Workbook
from openpyxl.cell.cell import Cell, MergedCell
from openpyxl.formatting.rule import FormulaRule, Rule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection, Side
from openpyxl.styles.cell_style import StyleArray

FONT_SIZE = 11
"""Excel's own default size: a phone at 100 % fits a name and a new rating in narrow columns."""
INPUT_FILL = PatternFill("solid", fgColor="FFFFFF")
COMPUTED_FILL = PatternFill("solid", fgColor="DDEBF7")
HEADER_FILL = PatternFill("solid", fgColor="305496")
FLAG_FILL = PatternFill("solid", fgColor="FFE699")
OVERWRITTEN_FILL = PatternFill("solid", fgColor="FF7C80")
_THIN = Side(style="thin", color="8EA9DB")
_INPUT_SIDE = Side(style="thin", color="808080")
INPUT_BORDER = Border(left=_INPUT_SIDE, right=_INPUT_SIDE, top=_INPUT_SIDE, bottom=_INPUT_SIDE)
COMPUTED_BORDER = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)
UNLOCKED = Protection(locked=False)
LOCKED = Protection(locked=True)


def font_name(lang: str) -> str:
    """Excel's default UI font for the language (phones substitute their own)."""
    return "Yu Gothic" if lang == "ja" else "Calibri"


def font(lang: str, **kw: object) -> Font:
    kw.setdefault("size", FONT_SIZE)
    return Font(name=font_name(lang), **kw)  # type: ignore[arg-type]


_DONE: WeakKeyDictionary[Workbook, dict[tuple[object, ...], StyleArray]] = WeakKeyDictionary()
"""Per workbook: (style, its arguments, the cell's style before) → the cell's style after.

Setting a font or fill makes openpyxl hash it against every style of the workbook; a
ledger sets hundreds of thousands. The same style on the same starting point always
gives the same indices, so the result is copied instead (the file is the same)."""


def _styled(cell: Cell | MergedCell, key: tuple[object, ...],
            apply: Callable[[Cell | MergedCell], None]) -> None:
    workbook = cell.parent.parent
    assert workbook is not None, "a cell of no workbook"
    done = _DONE.setdefault(workbook, {})
    before: StyleArray | None = cell._style  # type: ignore[union-attr]  # openpyxl's slot
    known = (*key, tuple(before) if before else ())
    if known in done:
        cell._style = copy(done[known])  # type: ignore[union-attr]
        return
    apply(cell)
    done[known] = copy(cell._style)  # type: ignore[union-attr]


def style_input(cell: Cell | MergedCell, lang: str, number_format: str = "General") -> None:
    """White, bordered, unlocked: the cells a person types in."""
    def apply(c: Cell | MergedCell) -> None:
        c.font = font(lang)
        c.fill = INPUT_FILL
        c.border = INPUT_BORDER
        c.protection = UNLOCKED
        c.number_format = number_format
    _styled(cell, ("input", lang, number_format), apply)


def style_computed(cell: Cell | MergedCell, lang: str, number_format: str = "General",
                   color: str = "1F3864", bold: bool = False) -> None:
    """Blue and locked: computed, not for typing."""
    def apply(c: Cell | MergedCell) -> None:
        c.font = font(lang, color=color, bold=bold)
        c.fill = COMPUTED_FILL
        c.border = COMPUTED_BORDER
        c.protection = LOCKED
        c.number_format = number_format
    _styled(cell, ("computed", lang, number_format, color, bold), apply)


HEADER_SIZE = 10
"""Headings a point smaller than the cells: レート over a phone's narrow column fits."""


def style_header(cell: Cell | MergedCell, lang: str) -> None:
    cell.font = font(lang, bold=True, color="FFFFFF", size=HEADER_SIZE)
    cell.fill = HEADER_FILL
    cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
    cell.protection = LOCKED


def style_title(cell: Cell | MergedCell, lang: str) -> None:
    cell.font = font(lang, bold=True, size=14, color="305496")
    cell.protection = LOCKED


def style_note(cell: Cell | MergedCell, lang: str, color: str = "595959") -> None:
    cell.font = font(lang, size=10, color=color)
    cell.protection = LOCKED


def formula_rule(formula: str, **style: object) -> Rule:
    """A conditional format that applies ``style`` where ``formula`` is TRUE."""
    rule: Rule = FormulaRule(formula=[formula], **style)  # type: ignore[no-untyped-call]
    return rule
