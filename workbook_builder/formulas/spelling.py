"""Formula text as spreadsheet programs respell it, read in one spelling.

A program that saves a workbook writes the builder's formulas its own way: LibreOffice
``FALSE()`` for ``FALSE`` and ``9E+099``, Gnumeric ``0.0399999999999999999992`` for
``0.04``, Excel ``_xlfn.`` prefixes. ``repair`` and ``audit`` tell the builder's formula
from one a person typed by comparing both in one spelling.
"""

from __future__ import annotations

import re


def formula_text(value: object) -> str:
    """A formula cell's text (an array formula's too)."""
    return str(getattr(value, "text", value))


_LITERAL = re.compile(r'("(?:[^"]|"")*")')
_RESPELT = re.compile(r"\s+|\$|'|_xlfn\.|_xlws\.|(?<=TRUE)\(\)|(?<=FALSE)\(\)", re.IGNORECASE)
"""What a program may write differently: spaces, ``$``, sheet-name quotes, the ``_xlfn.``
prefix, ``FALSE()`` for ``FALSE``."""
_NUMBER = re.compile(r"(?<![\w.:!])\d+(?:\.\d*)?(?:E[+-]?\d+)?(?![\w(!:])")
"""A number (not a cell's row): LibreOffice writes ``9E+099``, Gnumeric ``0.04`` as
``0.0399999999999999999992``, the same double."""


def spelled(formula: str) -> str:
    """``formula`` in one spelling, however a spreadsheet program respelled it: outside its
    text literals, upper case without :data:`_RESPELT`, each number as Python writes its
    double. Two formulas spelled alike compute alike in every cell."""
    parts = _LITERAL.split(formula)
    for i in range(0, len(parts), 2):  # the even parts lie outside "…" literals
        part = _RESPELT.sub("", parts[i]).upper()
        parts[i] = _NUMBER.sub(lambda m: repr(float(m.group())), part)
    return "".join(parts)


_ROW_OF_CELL = re.compile(r"(?<![\w.])(\$?[A-Z]{1,3}\$?)\d+(?![\w(])")


def rowless(formula: str) -> str:
    """:func:`spelled` with every cell reference's row left out: a formula a person's
    insert, delete, cut, sort or copy of rows moved or shifted spells alike with the
    builder's formula of the same column in some row."""
    parts = _LITERAL.split(spelled(formula))
    for i in range(0, len(parts), 2):
        parts[i] = _ROW_OF_CELL.sub(r"\1#", parts[i])
    return "".join(parts)


def same_formula(ours: str, found: str) -> bool:
    """Whether ``found`` is the formula ``ours``, as written or respelled (LibreOffice's
    usual respellings first: a plain text replace is ten times quicker)."""
    return ours == found or _as_libreoffice(ours) == _as_libreoffice(found) or \
        spelled(ours) == spelled(found)


def _as_libreoffice(formula: str) -> str:
    return formula.replace("FALSE()", "FALSE").replace("TRUE()", "TRUE").replace("E+0", "E+")
