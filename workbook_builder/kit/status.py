"""The Status column: one list of cases gives both its formula and its cached value.

The first case that holds decides what the cell shows: a "⚠ …" message, or "" (fine,
empty, or a game still being typed). Every sheet and ledger states its cases in the
order it reports problems; the standard ones are here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .. import formulas as fx
from ..labels import INSERTED, MOVED, UNBUILT, Text
from ..layout import Column, Row, Table
from .cells import Cells, excel_number


@dataclass(frozen=True)
class Case:
    """When ``test`` (a formula) holds, and so ``holds`` (the engine's test), show ``message``."""

    test: Callable[[Row], str]
    holds: Callable[[Cells], bool]
    message: Text | None = None
    """None: the row is fine (Status stays empty)."""
    quote: str | None = None
    """An input column whose text follows the message in quotes (「…」, '…'), so that a
    space typed before or after a name shows."""
    hint: Callable[[Row, str], str] | None = None
    """A formula of text after the quote (a likely fix), given the row and language."""
    hint_value: Callable[[Cells], str] | None = None
    """What :attr:`hint` shows, from the engine."""
    name: str | None = None
    """A defined name of the cell holding :attr:`message` (:data:`~workbook_builder.labels.NAMED`,
    :func:`~workbook_builder.metadata.text_ref`): a long text many rows show is written
    once in the file, not in every row's formula."""

    def shown(self, r: Row, lang: str) -> str:
        if self.message is None:
            return '""'
        text = self.name or fx.text(self.message(lang))
        if self.quote:
            left, right = QUOTES[lang]
            text += f"&{fx.text(left)}&{r[self.quote]}&{fx.text(right)}"
        return f"{text}&{self.hint(r, lang)}" if self.hint else text

    def value(self, c: Cells) -> str:
        if self.message is None:
            return ""
        text = self.message(c.lang)
        if self.quote:
            left, right = QUOTES[c.lang]
            text += left + text_of(c[self.quote]) + right
        return text + (self.hint_value(c) if self.hint_value else "")


QUOTES = {"ja": ("「", "」"), "en": ("'", "'")}
"""How a Status message quotes what was typed."""


def no_problem(status: str) -> str:
    """The row shows no "⚠" (fine, empty or still being typed): ``status`` is its cell."""
    return f'LEFT({status},1)<>"⚠"'


def has_problem(status: object) -> bool:
    """:func:`no_problem`'s opposite, on the cached Status text."""
    return isinstance(status, str) and status.startswith("⚠")


def status_formula(cases: Sequence[Case], r: Row, lang: str) -> str:
    return fx.first_match([(case.test(r), case.shown(r, lang)) for case in cases], '""')


def status_value(cases: Sequence[Case], c: Cells) -> str:
    return next((case.value(c) for case in cases if case.holds(c)), "")


LABEL = Text("状態", "Status")
INCOMPLETE = Text("入力途中 (計算せず)", "incomplete (not counted)")
"""A half-filled row: no ⚠ (nothing typed is wrong, and a game being typed shows it)."""
SETTINGS = Text("⚠ 設定シートの値を確認", "⚠ check the Settings sheet")
"""A constant or table on Settings is not a number: every sheet's first Status case."""
SKIPPED_NOTE = Text("⚠ の行と入力途中の行は計算に入りません (レートは前の行から続きます)。",
                    "Rows marked ⚠ and unfinished rows are not counted (the rating carries on).")
"""The rule notes' line on the rows a personal sheet skips."""


def built_column(fixed: bool = False) -> Column:
    """A hidden helper in every row the builder made, the first test of the row's Status.

    A person out of rows who drags the last row down in LibreOffice copies the visible
    formulas but not the hidden helpers, so the new row computes from nothing (a rating
    of 0 on the MOSAIC sheet) with no sign of trouble. On the MOSAIC, Tokin and Club 24
    sheets every helper reads Status (a flagged row is not counted), so testing one would
    be a circular reference; this column reads nothing and is the same test everywhere.
    In a ``fixed`` table it is ``IF(ROW()=n,1,0)`` with the row it was built in: an
    insert or delete above shifts it, a sort or copy moves it, and it turns 0.
    """
    def formula(r: Row) -> str:
        return f"IF(ROW()={r.number},1,0)" if fixed else "1"

    return Column("Built", Text("計算用 作成済みの行", "Built row"), "helper", "integer", 4,
                  formula=formula, value=lambda c: 1)


def with_built(table: Table, fixed: bool = False) -> Table:
    """``table`` with a :func:`built_column` after its last column."""
    return dataclasses.replace(table, columns=(*table.columns, built_column(fixed)),
                               fixed_rows=fixed)


def inserted_above(r: Row) -> str:
    """Whether rows were inserted right above this one and something typed in them.

    The range from the row above to this one grows when a row is inserted between them
    (and shrinks when the row above is deleted, which is harmless here: a row reads the
    row above by position). What the grown ranges hold beyond the two rows' own inputs
    was typed in rows that have no formulas, so it would silently not count.
    """
    built, above = r.table.letter("Built"), r.number - 1
    inputs = [c.key for c in r.table.columns if c.role == "input"]
    spans = ",".join(f"{r.plain(key, above)}:{r.plain(key)}" for key in inputs)
    own = ",".join([r.prev(key) for key in inputs] + [r[key] for key in inputs])
    return f"AND(ROWS({built}{above}:{built}{r.number})>2,COUNTA({spans})>COUNTA({own}))"


def placement_case(table: Table) -> Case:
    """The Status case of a row that is not where it was built (see :data:`MOVED`)."""
    if table.fixed_rows:
        return Case(lambda r: f"{r['Built']}<>1", lambda c: False, MOVED, name="Msg_Moved")
    return Case(inserted_above, lambda c: False, INSERTED, name="Msg_Inserted")


def misplaced_count(table: Table) -> str:
    """How many rows of ``table`` show the :func:`placement_case` message: a summary, so
    it may read the whole Status column."""
    return f"COUNTIF({table.name('Status')},{'Msg_Moved' if table.fixed_rows else 'Msg_Inserted'})"


def shown(messages: Iterable[Text | None], lang: str) -> tuple[str, ...]:
    """What a Status column may show: "" and each message in ``lang``."""
    return ("", *(m(lang) for m in messages if m is not None))


def status_column(cases: Sequence[Case], lang: str, width: float = 22,
                  allowed: tuple[object, ...] = (), **extra: object) -> Column:
    """The Status column of ``cases``: its formula and, from the same cases, its value.

    In a table with a :func:`built_column`, a row without it shows :data:`UNBUILT` first,
    then a row out of place its :func:`placement_case`.
    """
    built = Case(lambda r: f"ISBLANK({r['Built']})", lambda c: False, UNBUILT,
                 name="Msg_Unbuilt")

    def formula(r: Row) -> str:
        placed = (built, placement_case(r.table)) if r.table.has("Built") else ()
        return status_formula((*placed, *cases), r, lang)

    return Column("Status", LABEL, "computed", "text", width, formula=formula,
                  value=lambda c: status_value(cases, c),
                  allowed=(*allowed, UNBUILT(lang), MOVED(lang), INSERTED(lang))
                  if allowed else (),
                  **extra)  # type: ignore[arg-type]


def text_of(value: object) -> str:
    """A value as ``&`` joins it into text: numbers and dates (their serial) as Excel
    writes them in General format, up to 15 digits and whole numbers without ``.0``."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    number = excel_number(value)
    if number is None:
        return str(value)
    return str(int(number)) if number.is_integer() else f"{number:.15g}"


# --- The standard cases ------------------------------------------------------------------


def inputs_text(r: Row, keys: Sequence[str]) -> str:
    """The input cells as COUNTA/COUNT arguments, one by one: a range such as ``A4:B4``
    would follow the cells when a person cuts them and pastes them on another row."""
    return ",".join(r[key] for key in keys)


def empty(keys: Sequence[str]) -> Case:
    """Nothing typed in the row's inputs: Status stays empty."""
    return Case(lambda r: f"COUNTA({inputs_text(r, keys)})=0",
                lambda c: all(c[key] is None for key in keys))


Fill = Callable[[int], Mapping[str, object]]
"""A row's k → the fields of its message (``{"n": seat}``)."""


def bad(key: str, fill: Fill | None = None) -> Case:
    """A typed value that fails its column's check: the column's message.

    ``fill`` gives the message's ``{…}`` fields from the row's k, for a message that names
    where the row is (the seat of a four-player game's row, say).
    """
    def test(r: Row) -> str:
        return fx.bad_if_filled(r[key], r.table.column(key).check.test(r[key]))

    def holds(c: Cells) -> bool:
        value = c[key]
        return value is not None and not c.column(key).check.accepts(value)

    return _ColumnCase(test, holds, column=key, fill=fill)


def bad_via(key: str, test: Callable[[Row], str]) -> Case:
    """Like :func:`bad`, with the sheet's test given: a helper column already reads the
    typed value (``OppIdx=0`` for an unknown rank), so the formula need not repeat the
    check. The value side is still the column's check; a blank cell is never bad."""
    return dataclasses.replace(bad(key), test=test)


@dataclass(frozen=True)
class _ColumnCase(Case):
    """A case whose message is its column's (declared on the column, once)."""

    column: str = ""
    fill: Fill | None = None

    def shown(self, r: Row, lang: str) -> str:
        return fx.text(self._filled(r.table.column(self.column), lang, r.k))

    def value(self, c: Cells) -> str:
        return self._filled(c.column(self.column), c.lang, c.k)

    def _filled(self, column: Column, lang: str, k: int) -> str:
        assert column.message is not None, f"{self.column} declares no message"
        text = column.message(lang)
        return text if self.fill is None else text.format(**self.fill(k))


def counts_test(r: Row, keys: Sequence[str]) -> str:
    """TRUE on a row that counts: Status found nothing wrong and every one of ``keys`` (the
    inputs a game needs) holds a number."""
    return f'AND({r["Status"]}="",COUNT({inputs_text(r, keys)})={len(keys)})'


def counts(c: Cells, keys: Sequence[str]) -> bool:
    """What :func:`counts_test` shows."""
    return c["Status"] == "" and c.numbers(*keys)


def settings_unusable(ok: Callable[[Row], str]) -> Case:
    """Settings unusable: ``ok`` (a formula, TRUE when the rule can read them) is not TRUE.

    The builder writes the preset, checked, so the engine never sees bad Settings: only a
    person editing Settings can make this case hold.
    """
    return Case(lambda r: f"NOT({ok(r)})", lambda c: False, SETTINGS)


def settings_bad(names: Sequence[str]) -> Case:
    """A Settings value that is not a number (typed over on the sheet)."""
    tests = ",".join(f"ISNUMBER({name})" for name in names)
    return settings_unusable(lambda r: f"AND({tests})")


def complete(keys: Sequence[str]) -> Case:
    """Every required input is a number: the row counts, Status stays empty."""
    return Case(lambda r: f"COUNT({inputs_text(r, keys)})={len(keys)}",
                lambda c: c.numbers(*keys))


def unfinished(message: Text = INCOMPLETE) -> Case:
    """Anything else: a half-filled row, not counted. It is flagged by looking at itself
    alone, so a game being typed shows it until its last cell; a test of the rows below
    (is this a pause or a forgotten cell?) would make every typed cell recalculate the
    whole log above it."""
    return Case(lambda r: "TRUE", lambda c: True, message)


def cell_message(ref: Callable[[Row], str], text: Callable[[Cells], object]) -> Case:
    """Another cell's message when it shows one: the Status of a group of rows (a game's
    four seats) reporting each row's own check, kept in a helper column."""
    return _CellCase(lambda r: f'{ref(r)}<>""', lambda c: text(c) != "", ref=ref, text=text)


@dataclass(frozen=True)
class _CellCase(Case):
    ref: Callable[[Row], str] = lambda r: '""'
    text: Callable[[Cells], object] = lambda c: ""

    def shown(self, r: Row, lang: str) -> str:
        return self.ref(r)

    def value(self, c: Cells) -> str:
        return text_of(self.text(c))
