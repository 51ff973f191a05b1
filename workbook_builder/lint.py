"""Formula lint: only functions Excel 2010 and LibreOffice 7.4 both evaluate.

A function name must be in ``openpyxl.utils.FORMULAE`` (the pre-2010 set, written
bare) or be ``_xlfn.``-prefixed from :data:`XLFN_SINCE`. A function newer than Excel
2010 (ISFORMULA, IFNA: Excel 2013) is allowed only in a conditional format, where
Excel 2010 merely shows no highlight; in a cell it would show ``#NAME?``. So the
sheets compute in Excel 2010, and the overwrite highlight needs Excel 2013. Dynamic-array and
LET/LAMBDA functions are refused outright: LibreOffice 7.4 and older Excel show
``#NAME?`` for them. A missing ``_xlfn.`` prefix is reported too, since Excel then
shows ``#NAME?`` as well.

The one exception is the LAMBDA edition (Excel 365 and 2024): a defined name whose
text is a ``_xlfn.LAMBDA(…)`` may use :data:`LAMBDA_EDITION`, and a cell may call such
a name of its workbook.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path

from openpyxl import Workbook, load_workbook
from openpyxl.formula.tokenizer import Token, Tokenizer
from openpyxl.utils import FORMULAE
from openpyxl.worksheet.formula import ArrayFormula

from .messages import Message, say

XLFN_SINCE = {"ISFORMULA": 2013, "IFNA": 2013, "IFERROR": 2007}
"""``_xlfn.`` functions the lint accepts → the first Excel version that has them."""
BASELINE = 2010
"""Every cell formula, validation and name computes in this Excel version."""
FORBIDDEN = frozenset({
    "LET", "LAMBDA", "XLOOKUP", "XMATCH", "FILTER", "SORT", "SORTBY", "UNIQUE",
    "SEQUENCE", "RANDARRAY", "MAKEARRAY", "MAP", "REDUCE", "SCAN", "BYROW", "BYCOL",
    "CHOOSECOLS", "CHOOSEROWS", "VSTACK", "HSTACK", "TAKE", "DROP", "TOCOL", "TOROW",
    "WRAPROWS", "WRAPCOLS", "EXPAND", "TEXTSPLIT", "TEXTBEFORE", "TEXTAFTER", "ANCHORARRAY",
    "SINGLE",
})

LAMBDA_EDITION = frozenset({"_XLFN.LAMBDA", "_XLFN.LET", "_XLFN.ISOMITTED"})
"""Functions allowed in a LAMBDA name's own definition, written with their prefix."""


def is_lambda(text: str) -> bool:
    """Whether a formula or a name's text is a LAMBDA definition, as a file stores it."""
    return text.lstrip("=").startswith("_xlfn.LAMBDA(")


def functions_in(formula: str) -> list[str]:
    """Function names in ``formula`` as written (``_xlfn.`` prefix kept)."""
    text = formula if formula.startswith("=") else "=" + formula
    return [token.value[:-1] for token in Tokenizer(text).items
            if token.type == Token.FUNC and token.subtype == Token.OPEN]


CELL_REFERENCE = re.compile(r"\$?\b[A-Z]{1,3}\$?[0-9]+\b(?!\()")


def lint_formula(formula: str, conditional_format: bool = False,
                 lambdas: frozenset[str] = frozenset()) -> list[str]:
    """Problems with ``formula``; an empty list means it is fine.

    ``conditional_format``: the formula only switches a highlight, so a function newer
    than :data:`BASELINE` is allowed (older Excel just shows no highlight). ``lambdas``:
    the workbook's LAMBDA names, which a formula may call.
    A sheet repeats one formula per row with other row numbers, and tokenizing is the
    slow part of a build, so formulas that differ only in cell references are linted once.
    """
    if _shape_is_fine(CELL_REFERENCE.sub("A1", formula), conditional_format, lambdas):
        return []
    return _lint(formula, conditional_format, lambdas)


@functools.lru_cache(maxsize=4096)
def _shape_is_fine(shape: str, conditional_format: bool, lambdas: frozenset[str]) -> bool:
    return not _lint(shape, conditional_format, lambdas)


def _lint(formula: str, conditional_format: bool, lambdas: frozenset[str]) -> list[str]:
    problems: list[str] = []
    definition = is_lambda(formula)
    if "#REF!" in formula.upper():
        problems.append(say("lint.ref", formula=formula))
    for name in functions_in(formula):
        bare = name.upper().removeprefix("_XLFN.").removeprefix("_XLWS.")
        if name in lambdas or (definition and name.upper() in LAMBDA_EDITION):
            continue
        if bare in FORBIDDEN:
            problems.append(say("lint.forbidden", formula=formula, function=bare))
        elif name.upper().startswith("_XLFN."):
            if bare not in XLFN_SINCE:
                problems.append(say("lint.not_allowed", formula=formula, function=name))
            elif XLFN_SINCE[bare] > BASELINE and not conditional_format:
                problems.append(say("lint.newer", formula=formula, function=bare,
                                    version=XLFN_SINCE[bare]))
        elif bare not in FORMULAE:
            problems.append(say("lint.unknown", formula=formula, function=name))
    return problems


def workbook_formulas(source: str | Path | Workbook) -> Iterator[tuple[str, str]]:
    """(where, formula) for every cell formula, validation, conditional format and name."""
    wb = source if isinstance(source, Workbook) else load_workbook(source)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    yield f"{ws.title}!{cell.coordinate}", formula_text(cell.value)
        for dv in ws.data_validations.dataValidation:
            for formula in (dv.formula1, dv.formula2):
                if formula:
                    yield say("lint.validation", title=ws.title, range=dv.sqref), formula
        for rng in ws.conditional_formatting:
            for rule in rng.rules:
                for formula in rule.formula or ():
                    yield say("lint.format", title=ws.title, range=rng.sqref), formula
    for name, defined in wb.defined_names.items():
        yield say("lint.name", name=name), defined.attr_text


def formula_text(value: object) -> str:
    """A formula cell's text, also of an array formula."""
    return str(value.text) if isinstance(value, ArrayFormula) else str(value)


def lambda_names(wb: Workbook) -> frozenset[str]:
    """The workbook's names that define a LAMBDA function."""
    return frozenset(name for name, defined in wb.defined_names.items()
                     if is_lambda(str(defined.attr_text)))


def lint_workbook(source: str | Path | Workbook) -> list[str]:
    """Every problem in every formula of a workbook (a path, or one already loaded)."""
    wb = source if isinstance(source, Workbook) else load_workbook(source)
    lambdas = lambda_names(wb)
    return [say("lint.at", where=where, problem=problem) for where, formula in workbook_formulas(wb)
            for problem in lint_formula(formula, _in_format(where), lambdas)]


def _in_format(where: str) -> bool:
    """Whether ``where`` (from :func:`workbook_formulas`) is a conditional format's."""
    return isinstance(where, Message) and where.key == "lint.format"
