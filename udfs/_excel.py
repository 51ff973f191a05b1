"""Glue between Excel's calling convention and the rule engine.

Excel (through xlwings) passes a blank cell as None, every number as a float, and a
range as a list of lists when the argument is declared ``ndim=2``. The worksheet
functions accept all of that, and the row-wise ones also accept whole columns: one
call over 10,000 rows costs one add-in round trip instead of 10,000.

xlwings' decorators do nothing on Linux, so :func:`arg` and :func:`udf` also record
what they pass to xlwings; the tests and ``workbook-builder functions`` read that
record, and a misspelled argument name is caught here instead of in Excel.

A bad input shows as the cell's text (:func:`cell_text`): the field and the value as the
engine names them, and the reason in the language :func:`cell_language` chooses, from
the command line's table of the engine's reasons (``workbook_builder.messages.REASONS``).
This package does not need ``workbook_builder``: xlwings Lite's main.py carries only the
engine, this package and a copy of that table (``udfs._reasons``, made by
``workbook-builder lite``); without either, a cell shows the engine's English.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast

import xlwings as xw

from rating_rules import SYSTEMS
from rating_rules.errors import RatingInputError

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Entry:
    """One worksheet function as the catalog shows it."""

    name: str
    signature: str
    summary: str
    """What the function gives: its docstring's first line, which Excel's function wizard
    shows."""
    ja: str
    """The same in Japanese, for the catalog, the LAMBDA edition and ``functions``."""
    doc: str
    args: dict[str, str]
    function: Callable[..., Any]


_CATALOG: dict[str, Entry] = {}


def arg(name: str, doc: str, **options: Any) -> Callable[[F], F]:
    """``xlwings.arg`` that also records the argument's help text for the catalog."""

    def decorate(function: F) -> F:
        recorded: dict[str, dict[str, Any]] = function.__dict__.setdefault("_udf_args", {})
        recorded[name] = {"doc": doc, **options}
        return xw.arg(name, doc=doc, **options)(function)

    return decorate


ArgStack = tuple[tuple[str, str, dict[str, Any]], ...]
"""Several functions' shared arguments: (name, help text, xlwings options), top to bottom."""


def arg_stack(stack: ArgStack) -> Callable[[F], F]:
    """``stack`` as :func:`arg` decorators, applied as a written stack is (last first).

    For worksheet functions that take the same arguments: their help text is written once.
    """

    def decorate(function: F) -> F:
        for name, doc, options in reversed(stack):
            function = arg(name, doc, **options)(function)
        return function

    return decorate


CellLanguage = Literal["ja", "en", "both"]

LANGUAGE_VARIABLE = "CLUB_RATING_LANG"
"""The setting (an environment variable) for the language of messages in cells: ``ja``,
``en`` or ``both``."""

_UI_LANGUAGE, _JAPANESE = 2, 1041
"""Office's msoLanguageIDUI, and the language id of Japanese."""


def cell_language() -> CellLanguage:
    """The language of a message in a cell: the ``CLUB_RATING_LANG`` setting when it is
    ja, en or both; else Excel's own display language where xlwings can ask Excel
    (desktop Excel on Windows); else both, Japanese first, since a cell cannot tell who
    reads it and the people this is for read Japanese first."""
    chosen = os.environ.get(LANGUAGE_VARIABLE, "").strip().lower()
    if chosen in ("ja", "en", "both"):
        return cast(CellLanguage, chosen)
    return _excel_language() or "both"


@functools.cache
def _excel_language() -> Literal["ja", "en"] | None:
    """Excel's display language, asked once through xlwings' link to Excel; only desktop
    Excel on Windows answers (xlwings Lite and the Mac have no such link)."""
    if sys.platform != "win32":
        return None
    try:
        language = int(xw.apps.active.api.LanguageSettings.LanguageID(_UI_LANGUAGE))
    except Exception:  # no Excel to ask: the setting or both languages decide
        return None
    return "ja" if language == _JAPANESE else "en"


@functools.cache
def _japanese_reasons() -> Mapping[str, str]:
    """The engine's reasons in Japanese: the project's table when it is installed, else
    the copy in xlwings Lite's main.py; none leaves the English."""
    for module in ("workbook_builder.messages", "udfs._reasons"):
        try:
            table: Mapping[str, str] = importlib.import_module(module).REASONS
        except ImportError:
            continue
        return table
    return {}


def cell_text(error: RatingInputError, language: CellLanguage | None = None) -> str:
    """What a cell shows for an engine error: the field and the quoted value, then the
    reason in ``language`` (:func:`cell_language` by default), e.g.
    ``my_rating: 'abc' は数ではありません / is not a number``."""
    chosen = language or cell_language()
    japanese = _japanese_reasons().get(error.template)
    if chosen == "en" or japanese is None:
        return str(error)
    reason = japanese.format(**error.details)
    space = " " if reason[:1].isascii() else ""
    said = f"{error.field}: {error.value!r} は{space}{reason}"
    return said if chosen == "ja" else f"{said} / {error.reason}"


def _in_cell_language(function: F) -> F:
    """``function`` raising the engine's errors with :func:`cell_text` as their text,
    which xlwings shows in the cell (the error keeps its type, field and value)."""

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except RatingInputError as error:
            error.args = (cell_text(error),)
            raise

    return cast(F, call)


def udf(ja: str) -> Callable[[F], F]:
    """``xlwings.func`` that also enters the function into the catalog, with ``ja``, the
    Japanese of its docstring: the one place a worksheet function's words are written;
    the formula catalog, the LAMBDA edition and ``workbook-builder functions`` show them.
    Its errors read in the cell's language (:func:`cell_text`)."""

    def decorate(original: F) -> F:
        function = _in_cell_language(original)
        parameters = inspect.signature(function).parameters
        shown = [
            p.name if p.default is inspect.Parameter.empty else f"[{p.name}]"
            for p in parameters.values()
        ]
        doc = inspect.getdoc(function) or ""
        recorded: dict[str, dict[str, Any]] = function.__dict__.get("_udf_args", {})
        _CATALOG[function.__name__] = Entry(
            name=function.__name__,
            signature=f"{function.__name__}({', '.join(shown)})",
            summary=doc.splitlines()[0] if doc else "",
            ja=ja,
            doc=doc,
            args={name: options["doc"] for name, options in recorded.items()},
            function=function,
        )
        return xw.func(function)

    return decorate


def catalog() -> list[Entry]:
    """Every worksheet function, system by system, in the order the registry lists them.

    A function the registry does not list, or one it lists that no module of ``udfs``
    defines, is a mistake in one or the other: refused.
    """
    order = [name for system in SYSTEMS.values() for name in system.functions]
    unlisted = sorted(set(_CATALOG) - set(order))
    if unlisted:
        raise LookupError(f"worksheet functions no rating system lists: {unlisted}")
    undefined = [name for name in order if name not in _CATALOG]
    if undefined:
        raise LookupError(f"worksheet functions listed but not defined in udfs: {undefined}")
    return [_CATALOG[name] for name in order]


def grid(value: Any) -> list[list[Any]]:
    """Any Excel-shaped value as a list of rows: scalar → 1×1, flat list → a column."""
    if isinstance(value, (list, tuple)):
        if value and all(isinstance(row, (list, tuple)) for row in value):
            return [list(row) for row in value]
        return [[item] for item in value]
    return [[value]]


def flat(value: Any) -> list[Any]:
    """Any Excel-shaped value as a flat list, row by row (a range used as a list)."""
    return [item for row in grid(value) for item in row]


def blank(value: Any) -> bool:
    return value is None or value == ""


def cellwise(function: Callable[..., Any], *args: Any, required: int | None = None) -> Any:
    """Apply ``function`` to one cell, or element by element to equally shaped ranges.

    A single cell raises the engine's error, which xlwings shows as the cell's text. In
    a range each bad element shows its own message (:func:`cell_text`) instead, so one
    bad row does not
    blank a whole column; elements whose ``required`` first arguments are all blank
    stay blank. 1×1 arguments are repeated over the range (a constant K, say).
    """
    if not any(isinstance(a, (list, tuple)) for a in args):  # one cell: no ranges to shape
        return function(*args)
    grids = [grid(a) for a in args]
    names = list(inspect.signature(function).parameters)
    for i, (value, g) in enumerate(zip(args, grids, strict=True)):
        if not any(g):  # [] or [[]]: no cell to answer for, nor a size to answer in
            raise RatingInputError(names[i] if i < len(names) else str(i), value,
                                   "is an empty range")
    shapes = {(len(g), len(g[0])) for g in grids if (len(g), len(g[0])) != (1, 1)}
    if not shapes:
        return function(*(g[0][0] for g in grids))
    if len(shapes) > 1:
        described = ", ".join(
            f"{names[i] if i < len(names) else i}: {len(g)}×{len(g[0])}"
            for i, g in enumerate(grids)
        )
        raise RatingInputError("ranges", described, "must have the same size")
    rows, cols = shapes.pop()
    size = rows * cols
    needed = len(args) if required is None else required
    # Each argument as one flat list, row by row, a 1×1 one repeated; zip then hands
    # over one element's arguments at a time (10,000 rows are one call from Excel).
    cells = [
        [g[0][0]] * size if len(g) == 1 and len(g[0]) == 1 else [v for row in g for v in row]
        for g in grids
    ]
    out: list[Any] = []
    append = out.append
    for values in zip(*cells, strict=True):
        first = values[0] if needed else None  # a filled first argument settles it
        if (first is None or first == "") and all(blank(v) for v in values[:needed]):
            append("")
            continue
        try:
            append(function(*values))
        except RatingInputError as exc:
            append(cell_text(exc))
        except ValueError as exc:
            append(str(exc))
    return [out[i:i + cols] for i in range(0, size, cols)]
