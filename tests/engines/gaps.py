"""Every known gap of the oracle engines, in one table: the engine oracle test
(``tests/test_engines.py``) and docs/engines.md both read it.

A gap is a formula an engine computes differently from Excel, LibreOffice and Gnumeric
(and from the Python engine, whose values the builder caches). The test finds its cells
by their formula text and handles them by the gap's remedy:

- ``pinned``: the engine is given the cell's expected value instead of its formula, and
  the cell is not compared; every cell after it is computed from that value.
- ``respelled``: the formula is given to the engine in an equivalent spelling it computes
  right (``respell``: a regular expression and its replacement), and compared.
- ``prepared``: the file is changed before the engine reads it (how is in the engine's
  module); nothing is left out.

Any other difference fails the test: remove an entry and its cells fail.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

Engine = Literal["IronCalc", "HyperFormula"]
Remedy = Literal["pinned", "respelled", "prepared"]

ENGINES: dict[Engine, str] = {"IronCalc": "0.9.1 (pip ironcalc)",
                              "HyperFormula": "3.5.0 (npm hyperformula)"}


@dataclass(frozen=True)
class Gap:
    """One gap of one engine: the cells whose formula text matches ``pattern``."""

    engine: Engine
    name: str
    pattern: str
    remedy: Remedy
    why: str
    link: str = ""
    respell: str | Callable[[str], str] = ""
    """For ``respelled``: the replacement of ``pattern`` (``re.sub`` syntax), or a
    function of the whole formula."""

    def matches(self, formula: str) -> bool:
        return self.compiled.search(formula) is not None

    @functools.cached_property
    def compiled(self) -> re.Pattern[str]:
        return re.compile(self.pattern)

    def respelled(self, formula: str) -> str:
        if callable(self.respell):
            return self.respell(formula)
        return self.compiled.sub(self.respell, formula)


def _arguments(formula: str, start: int) -> tuple[list[str], int]:
    """The top-level arguments of the call whose ``(`` is at ``start``, and the index
    after its ``)``."""
    args, depth, begin, i, quoted = [], 0, start + 1, start, False
    while True:
        ch = formula[i]
        if ch == '"':
            quoted = not quoted
        elif not quoted and ch == "(":
            depth += 1
        elif not quoted and ch == ")":
            depth -= 1
            if depth == 0:
                args.append(formula[begin:i])
                return args, i + 1
        elif not quoted and ch == "," and depth == 1:
            args.append(formula[begin:i])
            begin = i + 1
        i += 1


_COUNT = re.compile(r"(?<![\w.])(COUNTA?)\(")


def count_each(formula: str) -> str:
    """COUNT/COUNTA over INDEX(…) arguments as a sum of ISNUMBER/NOT(ISBLANK) of each
    (other arguments keep their COUNT): the same number in every spreadsheet."""
    out, at = [], 0
    for match in _COUNT.finditer(formula):
        if match.start() < at:
            continue
        args, end = _arguments(formula, match.end() - 1)
        if not any(a.startswith("INDEX(") for a in args):
            continue
        test = "ISNUMBER({})" if match[1] == "COUNT" else "NOT(ISBLANK({}))"
        terms = [test.format(count_each(a)) if a.startswith("INDEX(")
                 else f"{match[1]}({count_each(a)})" for a in args]
        out += [formula[at:match.start()], "(", "+".join(terms), "+0)"]
        at = end
    return "".join(out) + formula[at:]


_REF = r"(?:'[^']+'!|[^\W\d][\w.]*!)?\$?[A-Z]{1,3}\$?\d+"
"""A cell reference, maybe with its sheet."""

GAPS: tuple[Gap, ...] = (
    Gap("IronCalc", "empty styled cell read as 0", "", "prepared",
        "a cell with a style and no value, written <c t=\"n\"/> (openpyxl), is read as 0, "
        "not blank; the attribute is dropped before IronCalc reads the file"),
    Gap("IronCalc", "comparison of comparisons loses its parentheses",
        r"\)>0\)=\(", "pinned",
        "IronCalc keeps a formula it reads as text without these parentheses: (x>0)=(y>0) "
        "becomes x>0=y>0, which reads left to right as another comparison"),
    Gap("IronCalc", "one-cell range as a COUNTIFS criterion", r"COUNTIFS\(.*,Monthly_Key\)",
        "pinned", "COUNTIF(S) with a criterion that is a one-cell range (Monthly_Key is "
        "D4:D4, as every column of a one-row table) counts nothing; a plain cell works"),
    Gap("HyperFormula", "numbers rounded to 10 digits", "", "prepared",
        "smartRounding (on by default, and in the Excel set-up) rounds what HyperFormula "
        "gives back (108.251628154 as 108.25162815); Excel and LibreOffice keep 15 "
        "significant digits: the oracle runs with it off"),
    Gap("HyperFormula", "a defined name is a formula", "", "prepared",
        "a defined name is a named expression: with evaluateNullToZero (the Excel set-up) "
        "a name of an empty cell gives 0, so ISBLANK(name) is FALSE; the oracle runs with "
        "evaluateNullToZero off"),
    Gap("HyperFormula", "ROWS of a range anchored at one end",
        rf"ROWS\(({_REF}):({_REF})\)", "respelled",
        "ROWS($A$1:A5) counts from the formula's own row (0 or less), not from A1; "
        "ROW(A5)-ROW($A$1)+1 is the same number", respell=r"(ROW(\2)-ROW(\1)+1)"),
    Gap("HyperFormula", "COUNT of INDEX counts an empty cell",
        r"(?<![\w.])COUNTA?\((?:[^()]*,)?INDEX\(", "respelled",
        "INDEX gives a value, not a reference, and COUNT and COUNTA count the value of an "
        "empty cell; ISNUMBER and ISBLANK of the same INDEX are right",
        respell=lambda f: count_each(f)),
    Gap("HyperFormula", "OFFSET with computed arguments", r"OFFSET\(", "pinned",
        "OFFSET takes only literal numbers as its row, column, height and width",
        "https://hyperformula.handsontable.com/guide/list-of-differences.html"),
    Gap("HyperFormula", "no LOOKUP", r"(?<![\w.])LOOKUP\(", "pinned",
        "LOOKUP is not one of HyperFormula's functions",
        "https://hyperformula.handsontable.com/guide/built-in-functions.html"),
    Gap("HyperFormula", "no LAMBDA", r"(?<![\w.])[A-Z][A-Z0-9]*_[A-Z0-9_]+\(", "pinned",
        "a name defined as a LAMBDA (the function catalog's) cannot be called: the cell "
        "calls a name, no built-in function has an underscore"),
)
"""The table (docs/engines.md renders it with the counts of a run)."""


_GAPS_OF = {(engine, remedy): tuple(g for g in GAPS if g.engine == engine
                                    and remedy in (None, g.remedy))
            for engine in ENGINES for remedy in (None, "pinned", "respelled", "prepared")}


def pinned_by(engine: Engine, formula: str) -> Gap | None:
    """The gap that pins a cell with this formula, if any."""
    return next((g for g in _GAPS_OF[engine, "pinned"] if g.matches(formula)), None)


def respelled_for(engine: Engine, formula: str) -> tuple[str, list[Gap]]:
    """``formula`` respelled for ``engine``, and the gaps that respelled it."""
    used = []
    for gap in _GAPS_OF[engine, "respelled"]:
        if gap.matches(formula):
            formula = gap.respelled(formula)
            used.append(gap)
    return formula, used


def table_rows(counts: dict[tuple[str, str], int] | None = None) -> list[str]:
    """docs/engines.md's gap table: one Markdown row per gap, with its cells in a run
    (``counts``: (engine, gap name) → cells) when given."""
    rows = []
    for gap in GAPS:
        cells = "" if counts is None else (
            "all" if gap.remedy == "prepared" else f"{counts.get((gap.engine, gap.name), 0):,}")
        link = f"[source]({gap.link})" if gap.link else ""
        rows.append(f"| {gap.engine} | {gap.name} | {gap.remedy} | {cells} | {gap.why} | "
                    f"{link} |")
    return rows
