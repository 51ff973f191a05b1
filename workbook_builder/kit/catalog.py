"""The formula catalog's declarations: a worksheet function as a native formula.

A rule's module declares its entries (``CATALOG_ENTRIES``) with these;
:mod:`workbook_builder.sheets.catalog_entries` collects them for the catalog, the LAMBDA
names and the command line.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from .. import formulas as fx
from ..labels import Text
from ..layout import ABOVE_ZERO_ERROR, NUMBER_ERROR, Validation, ValueType
from . import inputs as kinds
from .cells import excel_number
from .inputs import Check

OUT = "="
"""Key of an entry's last step, its result (no argument is called that)."""


SIGNED = "+0;-0;0"
"""A whole change with its sign: +12, -12, 0."""


def lit(value: float) -> str:
    """A rule constant as formula text: ``16``, ``0.04``, ``(-10)``."""
    return f"({fx.number(value)})" if value < 0 else fx.number(value)


# --- argument kinds: how a typed value is checked, in the sheet and in Python -----------------

@dataclass(frozen=True)
class Kind:
    """How one argument is typed and checked.

    ``check`` is what the argument accepts, as the sheets declare their inputs
    (:class:`~workbook_builder.kit.inputs.Check`: a formula and the same test in Python);
    ``blank_ok``: a blank cell is the function's default.
    """

    check: Check
    reason: Text
    hint: Text
    type: ValueType = "number"
    validation: Callable[[str], Validation] | None = None
    """The input cell (its first cell) → its data validation."""
    allowed: tuple[object, ...] = ()
    minimum: float | None = None
    blank_ok: bool = False

    def bad(self, ref: str) -> str:
        """TRUE when the cell (or range) holds something the function cannot take."""
        test = self.check.test(ref)
        return fx.bad_if_filled(ref, test) if self.blank_ok else f"NOT({test})"

    def ok(self, value: Any) -> bool:
        """:meth:`bad` in Python, for the cached values."""
        return (self.blank_ok and value is None) or self.check.accepts(value)


def validation_rule(kind: str | None, hint: Text, error: Text, op: str | None = None,
       f1: str | None = None, f2: str | None = None) -> Callable[[str], Validation]:
    return lambda cell: Validation(kind, op, f1, f2, hint, error)


PICK_ERROR = Text("一覧から選んでください", "Pick from the list")

NUMBER_HINT = Text("数値", "number")


def number_validation(hint: Text) -> Callable[[str], Validation]:
    """Any number: the bounds only turn away what is not one."""
    return validation_rule("decimal", hint, NUMBER_ERROR, "between", "-1000000000",
                           "1000000000")


def number_kind(hint: Text = NUMBER_HINT, blank_ok: bool = False) -> Kind:
    """Any number (``blank_ok``: or a blank, the function's default)."""
    reason = (Text("空欄か数値", "blank or a number") if blank_ok
              else Text("数値を入力", "type a number"))
    return Kind(kinds.NUMBER, reason, hint, validation=number_validation(hint), blank_ok=blank_ok)


def choice_kind(values: tuple[float, ...], hint: Text, reason: Text) -> Kind:
    listed = ",".join(fx.number(v) for v in values)
    return Kind(kinds.one_of(values), reason, hint, "choice",
                validation_rule("list", hint, reason, None, f'"{listed}"'), allowed=values)


def optional_whole(hint: Text) -> Kind:
    return Kind(kinds.whole_at_least(1),
                Text("空欄か1以上の整数", "blank or a whole number, 1 or more"), hint, "integer",
                validation_rule("whole", hint, Text("1以上の整数を入力",
                                                    "Type a whole number, 1 or more"),
                                "greaterThanOrEqual", "1"), minimum=1, blank_ok=True)


def listed_or_number(names: Sequence[str], hint: Text) -> Callable[[str], Validation]:
    """A number, or text found in one of ``names`` (COUNTIF: good enough to refuse slips;
    the check cell is exact)."""
    def validation(cell: str) -> Validation:
        found = ",".join(f"COUNTIF({n},{cell})>0" for n in names)
        return Validation("custom", None, f"OR(ISNUMBER({cell}),{found})", None, hint,
                          PICK_ERROR)
    return validation


RESULT = choice_kind((1, 0), Text("1 勝ち\n0 負け", "1 win\n0 loss"),
                     Text("1 (勝ち) か 0 (負け)", "1 (win) or 0 (loss)"))
SCORE = choice_kind((1, 0.5, 0), Text("1 / 0.5 / 0", "1 / 0.5 / 0"),
                    Text("1・0.5・0 のどれか", "1, 0.5 or 0"))

POSITIVE = Check(fx.is_number_above,
                 lambda x: (n := excel_number(x)) is not None and n > 0)
"""A number above 0 (Elo's K, a rating deviation)."""


def positive_kind(hint: Text, prompt: Text, blank_ok: bool = False) -> Kind:
    """A number above 0 (:data:`POSITIVE`); a blank is the default where ``blank_ok``."""
    reason = (Text("空欄か0より大きい数", "blank or a number above 0") if blank_ok
              else Text("0より大きい数", "a number above 0"))
    rule = validation_rule("decimal", prompt, ABOVE_ZERO_ERROR, "greaterThan", "0")
    return Kind(POSITIVE, reason, hint, "number", rule, blank_ok=blank_ok)


# --- entries -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Arg:
    """One argument of a worksheet function, with its example."""

    name: str
    """The worksheet function's argument name (what a "⚠" message names)."""
    label: Text
    kind: Kind
    example: Any = None
    """A value, or a tuple of values for a multi-cell argument."""
    cells: int = 1
    down: bool = True
    """A multi-cell argument runs down (a list of games) or across (a row's cells)."""
    hint: Text | None = None


class Refs(dict[str, str]):
    """Argument or step name → its reference (a cell, or a range for a multi-cell argument)."""

    def __init__(self, refs: Mapping[str, str], cells: Mapping[str, list[str]]) -> None:
        super().__init__(refs)
        self.cells = dict(cells)


@dataclass(frozen=True)
class Step:
    """A formula cell of an entry; the last step of an entry is its result."""

    key: str
    label: Text
    formula: Callable[[Refs, str], str]
    """(references, lang) → formula text, from the rating sheets' builders."""
    number_format: str = "General"
    type: ValueType = "number"
    wide: bool = False
    """Spread over the text columns (a long text result)."""


@dataclass(frozen=True)
class Cross:
    """A check between arguments, after each argument's own check."""

    arg: str
    bad: Callable[[Refs], str]
    ok: Callable[[Mapping[str, Any]], bool]
    reason: Text


@dataclass(frozen=True)
class Entry:
    """One worksheet function of the catalog as a native formula."""

    name: str
    args: tuple[Arg, ...]
    steps: tuple[Step, ...]
    engine: Callable[[Mapping[str, Any], str], Mapping[str, object]]
    """(checked inputs, lang) → step key → value, from :mod:`rating_rules`."""
    cross: tuple[Cross, ...] = ()
    note: Text | None = None
    """What this native formula adds to the function's words (its steps, its language)."""

    @property
    def about(self) -> Text:
        """The worksheet function's own words (``udfs``, where they are written once),
        then :attr:`note`."""
        words = _functions()[self.name]
        if self.note is None:
            return words
        return Text(words.ja + self.note.ja, f"{words.en} {self.note.en}".rstrip())

    @property
    def result(self) -> Step:
        return self.steps[-1]


@functools.cache
def _functions() -> dict[str, Text]:
    """Worksheet function → what it gives, in Japanese and English (``udfs``)."""
    from udfs import catalog  # here, not at the top: xlwings takes 0.3 s to import

    return {entry.name: Text(entry.ja, entry.summary) for entry in catalog()}


def result(formula: Callable[[Refs, str], str], number_format: str = "General",
           type: ValueType = "number", wide: bool = False) -> tuple[Step, ...]:
    return (Step(OUT, Text("結果", "Result"), formula, number_format, type, wide),)


MY = Arg("my_rating", Text("自分のレート", "my rating"), number_kind(), 2000)
OPP = Arg("opp_rating", Text("相手のレート", "opp. rating"), number_kind(), 1900)
RES = Arg("result", Text("勝敗", "result"), RESULT, 1)


def ratings(my: float, opp: float) -> tuple[Arg, Arg]:
    """My rating and the opponent's (:data:`MY`, :data:`OPP`) with an entry's example."""
    return dataclasses.replace(MY, example=my), dataclasses.replace(OPP, example=opp)


def plain_entry(name: str, args: tuple[Arg, ...], formula: Callable[..., str],
                engine: Callable[..., object], number_format: str = "General",
                type: ValueType = "number") -> Entry:
    """An entry whose result is one builder call on the arguments' cells and whose value
    is one engine call on their values, both in the arguments' order."""
    names = [arg.name for arg in args]
    return Entry(name, args,
                 result(lambda r, lang: formula(*(r[n] for n in names)), number_format, type),
                 lambda v, lang: {OUT: engine(*(v[n] for n in names))})


# --- the arguments of a function over a period's games ------------------------------------

NUMBERS_OR_BLANKS = Check(
    lambda r: f"COUNTA({r})=COUNT({r})",
    lambda xs: all(x is None or excel_number(x) is not None for x in cast(Sequence[object], xs)))
"""A range argument (one cell per game or per opponent): numbers, blanks skipped."""

OPPONENTS = Kind(
    NUMBERS_OR_BLANKS,
    Text("数値 (空行は数えない)", "numbers (blank rows are skipped)"),
    Text("相手ごと", "one per game"), "number",
    number_validation(Text("期間中の相手のレート (1局1行)",
                           "Opponents' ratings, one game per row")))

SCORES = dataclasses.replace(
    SCORE,
    check=Check(lambda r: f"COUNTA({r})=SUMPRODUCT((({r}=1)+({r}=0.5)+({r}=0))*({r}<>\"\"))",
                lambda xs: all(x is None or excel_number(x) in (0.0, 0.5, 1.0)
                               for x in cast(Sequence[object], xs))),
    validation=validation_rule(
        "list", Text("勝ち 1、引分 0.5、負け 0", "1 win, 0.5 draw, 0 loss"), SCORE.reason, None,
        '"1,0.5,0"'))


def period_args(start: float, opponents: tuple[float, ...], scores: tuple[float, ...],
                cells: int) -> tuple[Arg, Arg, Arg]:
    """A period's rating at its start, its opponents' ratings and the scores against them
    (a range of ``cells`` rows each), with an entry's example: what every function over a
    rating period takes."""
    return (Arg("my_rating", Text("期首のレート", "rating at start"), number_kind(), start),
            Arg("opp_ratings", Text("相手のレート", "opp. ratings"), OPPONENTS, opponents,
                cells=cells),
            Arg("scores", Text("得点", "scores"), SCORES, scores, cells=cells))


def same_rows(arg: str) -> Cross:
    """``arg`` filled on exactly the rows of opp_ratings."""
    return Cross(arg,
                 lambda r: f"SUMPRODUCT((({r['opp_ratings']}=\"\")<>({r[arg]}=\"\"))*1)>0",
                 lambda v: all((o is None) == (x is None)
                               for o, x in zip(v["opp_ratings"], v[arg], strict=True)),
                 Text("相手と同じ行に1つずつ", "one per opponent, on the same rows"))


def or_blank(ref: str, default: str) -> str:
    """``ref``, or ``default`` when it is blank (an optional argument)."""
    return f"IF(ISBLANK({ref}),{default},{ref})"


# --- the rule tables the formulas read by name (the catalog's Tables sheet) ----------------

@dataclass(frozen=True)
class RuleTable:
    """A table on the Tables sheet: one defined name per column."""

    title: Text
    used_by: tuple[str, ...]
    """The worksheet functions that read the table."""
    columns: tuple[tuple[str, Text], ...]
    """(defined name, header) per column; "" for a label column without a name."""
    rows: tuple[tuple[object, ...], ...]
    extra: tuple[tuple[str, int], ...] = ()
    """More names: (name, column number) over a column that already has one."""
    shorter: tuple[str, ...] = ()
    """Names that leave out the table's last row."""


def settings_renames(tables: Sequence[RuleTable]) -> dict[str, str]:
    """``Settings_<Key>`` → the table name ``<Rule>_<Key>``, for builders that read a rule's
    tables by their Settings names (the catalog has no Settings sheet)."""
    return {f"Settings_{name.partition('_')[2]}": name for table in tables
            for name, _ in (*table.columns, *table.extra) if name}
