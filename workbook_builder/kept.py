"""What a rebuilt workbook would not hold of a file, for ``repair`` and ``audit`` to say.

Named cells are carried by name: a Settings value or table cell the rebuild does not
hold as typed is listed by :func:`settings_not_kept`. Anything else a person added (a
remark beside the log, a cell comment, a sheet, name or chart of their own) has no place
in a rebuilt workbook; :func:`values_outside` finds it by comparing the file with what
the builder writes for it (the same template, size and constants), so it is reported,
never dropped in silence.
"""

from __future__ import annotations

import dataclasses
import re
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from openpyxl import Workbook
from openpyxl.cell.cell import Cell, MergedCell
from openpyxl.formula.translate import Translator, TranslatorError
from openpyxl.utils.cell import coordinate_to_tuple, get_column_letter
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.xml.constants import MAX_ROW

from .formulas.earlier import respell_earlier
from .formulas.spelling import formula_text, rowless, same_formula
from .kit.howto import HOWTO_TITLE, step_lines
from .labels import Text
from .messages import kind_name, quoted, say
from .metadata import META_SHEET, MetaName, recorded_texts, text_digest
from .readback import (
    GROWING,
    Opened,
    Typed,
    built_preset,
    built_spec,
    cells_of,
    named_cells,
    same_value,
)
from .sheets import SHEET_TYPES
from .spec import Spec


def settings_not_kept(typed: Typed, rebuilt: Workbook) -> list[str]:
    """Settings values the rebuilt workbook does not hold as typed, one line each.

    A typed constant goes into the rebuild through its preset field, a Settings table
    through the rule's :meth:`~.kit.base.SheetType.with_tables`; one the rule cannot take,
    or that does not fit, would silently become the template's value: say so instead.
    """
    out: list[str] = []
    seen = set()
    for name, value in typed.settings.items():
        cells = cells_of(rebuilt, name)
        shown = typed.headings.get(name, name)
        if not isinstance(value, tuple):
            if value in (None, "") or len(cells) > 1:
                continue
            now = rebuilt[cells[0][0]][cells[0][1]].value if cells else None
            if not same_value(value, now):
                out.append(say("kept.setting", name=shown, value=quoted(value), now=now))
            continue
        for i, typed_value in enumerate(value, 1):
            cell = cells[i - 1] if i <= len(cells) else None  # a table the rule shortened
            now = None if cell is None else rebuilt[cell[0]][cell[1]].value
            if (cell is None or cell not in seen) and not same_value(typed_value, now):
                out.append(say("kept.setting_row", name=shown, row=i, value=quoted(typed_value),
                               now=now))
            if cell is not None:
                seen.add(cell)  # two names over one cell (the Go ladder's): said once
    return out


@dataclass(frozen=True)
class Outside:
    """What :func:`values_outside` found."""

    lines: list[str]
    earlier: frozenset[str]
    """Sheets an earlier version of the builder wrote (:meth:`SheetFormulas.verdicts`)."""


def values_outside(opened: Opened, typed: Typed, rebuilt: Workbook) -> Outside:
    """Values, formulas and comments outside every named cell that the builder does not
    write there, one line each (a sheet the builder does not make: one line).

    Compared with ``rebuilt`` when it has the file's size and constants, else with a
    fresh build of the template as the file was built. Cells typed below a Games or
    Players table in its input columns are not outside: they are the table growing. A
    formula is the builder's when it is spelled alike
    (:func:`~.formulas.spelling.spelled`) where the builder writes it, or below a table
    column, filled down from its last rows; any other formula is one's own, reported. A
    text the builder writes elsewhere on the sheet, or a heading ``_meta`` records, is
    its own too, moved; so is a text the version that made the file wrote, by the
    fingerprints its ``_meta`` keeps (:func:`~.metadata.builder_texts`), or in a file
    made before them, a how-to step worded with the file's own headings
    (:func:`howto_steps`). On a sheet an earlier version wrote, whose formulas and
    columns differ from this version's (:meth:`SheetFormulas.verdicts`), nothing else in
    a place of the builder's is reported: there an earlier version's formula cannot be
    told from one of one's own.
    """
    from .build import build_workbook

    spec = built_spec(opened)
    then, now = built_preset(opened, typed)
    same = (spec.rows, spec.players, then) == (typed.spec.rows, typed.spec.players, now)
    builder = rebuilt if same else build_workbook(spec)[0]
    named = named_cells(opened)
    headings = frozenset(entry.label for entry in opened.names if entry.label)
    recorded = recorded_texts(opened.about)
    steps = howto_steps(opened, spec) if recorded is None else {}
    bottoms, leads = table_bottoms(named), lead_rows(named)
    out, earlier = parts_outside(opened, builder), set()
    for ws in opened.formulas.worksheets:
        filled = [(row, col, cell) for (row, col), cell in ws._cells.items()
                  if cell.value is not None or cell.comment is not None]
        if ws.title == META_SHEET or not filled:
            continue
        if ws.title not in builder.sheetnames:
            system = typed.spec.system
            out.append(say("kept.sheet_many" if len(filled) > 1 else "kept.sheet",
                           title=ws.title, count=len(filled),
                           system=kind_name(system, SHEET_TYPES.get(system))))
            continue
        lines, older = sheet_outside(ws, filled, builder[ws.title], SheetFormulas.of(
            [rebuilt[ws.title]] if ws.title in rebuilt.sheetnames else [], builder[ws.title]),
            named, headings | steps.get(ws.title, frozenset()), bottoms, leads.get(ws.title),
            None if recorded is None else recorded.get(ws.title, frozenset()))
        if older:
            earlier.add(ws.title)
        out += lines[:MOST_LINES]
        if len(lines) > MOST_LINES:
            out.append(say("kept.more_cells", title=ws.title, count=len(lines) - MOST_LINES))
    return Outside(out, frozenset(earlier))


RETIRED = (
    # 2026-11-27: the catalog's Club 24 rank table names its rating column too
    Text("名前: Club24_RankLabel, Club24_RankFrom", "Names: Club24_RankLabel, Club24_RankFrom"),
    # 2026-11-28: a starting RD is the club list's, grown by one period (RULES.md §7)
    Text("最初の対局の前のRD (なければ350)", "Your RD before the first game (none yet: 350)"),
)
"""Texts earlier versions wrote that this one words otherwise, for files made before
``_meta`` kept fingerprints (:func:`~.metadata.builder_texts`): a change that rewords a
builder text adds the old wording here, so a file of that age does not report it. The
how-to's steps need none: they are composed from the file's own headings
(:func:`howto_steps`)."""
RETIRED_TEXTS = frozenset(text for pair in RETIRED for text in (pair.ja, pair.en))


def howto_steps(opened: Opened, spec: Spec) -> dict[str, frozenset[str]]:
    """The how-to's steps as the builder words them with the file's own headings (its
    ``_meta`` names), by the how-to's title: they name the cells to type in by heading,
    so a file whose headings were worded otherwise has its steps worded so too."""
    title = HOWTO_TITLE(spec.lang)
    visible = [ws.title for ws in opened.formulas.worksheets
               if ws.sheet_state == "visible" and ws.title != title]
    lines = step_lines(SHEET_TYPES[spec.system].howto, spec.lang, opened.names, visible)
    return {title: frozenset(lines)}


def sheet_outside(ws: Worksheet, filled: Sequence[tuple[int, int, Cell | MergedCell]],
                  built: Worksheet, formulas: SheetFormulas,
                  named: Mapping[tuple[str, str], MetaName], headings: frozenset[str],
                  bottoms: Mapping[tuple[str, int], int], lead: int | None,
                  recorded: frozenset[str] | None = None) -> tuple[list[str], bool]:
    """:func:`values_outside`'s lines for one sheet (``built``: the builder's), and whether
    an earlier version wrote it; ``bottoms``: :func:`table_bottoms`, ``lead``: the sheet's
    :func:`lead_rows`; ``recorded``: the sheet's :func:`~.metadata.recorded_texts`, None
    for a file made before they were kept.

    Where they are kept, a text is judged exactly: the builder's if this version or the
    one that made the file wrote it, else typed, and reported even on a sheet an earlier
    version wrote. Where they are not, a sheet with two texts or more that this version
    does not write is taken for an earlier version's (one is a person's)."""
    made = built._cells
    texts = {c.value for c in made.values()
             if isinstance(c.value, str) and c.data_type != "f"} | headings | RETIRED_TEXTS
    filled = [(row, col, cell) for row, col, cell in filled
              if row <= bottoms.get((ws.title, col), row)]  # else the table grown
    where = places(named, ws.title, filled, made, lead)
    respelt = [cell.value for row, col, cell in filled if where[(row, col)] == "made"
               and isinstance(cell.value, str) and cell.data_type == "s"
               and cell.value not in texts]
    if recorded is None:
        changed = len(respelt) >= 2
    else:
        changed = any(text_digest(text) in recorded for text in respelt)
    ours, older = formulas.verdicts(filled, where, texts_changed=changed)

    def carried(row: int, col: int, cell: Cell | MergedCell) -> bool:
        if (ws.title, cell.coordinate) in named or cell.value in texts:
            return True
        if recorded is not None and isinstance(cell.value, str) and cell.data_type == "s":
            return text_digest(cell.value) in recorded
        return older and where[(row, col)] is not None

    lines = [line for row, col, cell in filled
             for line in cell_outside(cell, made.get((row, col)), ours.get((row, col)),
                                      carried(row, col, cell))]
    bottom = max((row for (title, _), row in bottoms.items() if title == ws.title),
                 default=None)
    return lines + formats_outside(ws, built, bottom), older


def table_bottoms(named: Mapping[tuple[str, str], MetaName]) -> dict[tuple[str, int], int]:
    """Per (sheet, column) of a Games or Players input column, its last named row: what
    is typed below it is the table growing, which ``repair`` carries."""
    bottoms: dict[tuple[str, int], int] = {}
    for (title, coord), entry in named.items():
        row, col = coordinate_to_tuple(coord)
        if entry.role == "input" and entry.name.partition("_")[0] in GROWING:
            bottoms[(title, col)] = max(bottoms.get((title, col), 0), row)
    return bottoms


def lead_rows(named: Mapping[tuple[str, str], MetaName]) -> dict[str, int]:
    """Per sheet with a table, its lead row: the row above the first typed row, or above
    the first computed one (a list sheet has no typed column)."""
    first: dict[tuple[str, str | None], int] = {}
    for (title, coord), entry in named.items():
        if ":" in (entry.range or ""):  # a table column, not one cell
            row = coordinate_to_tuple(coord)[0]
            first[(title, entry.role)] = min(row, first.get((title, entry.role), row))
    titles = {title for title, _ in first}
    return {title: top - 1 for title in titles
            if (top := first.get((title, "input"), first.get((title, "computed"))))}


def cell_outside(cell: Cell | MergedCell, there: Cell | MergedCell | None,
                 ours: bool | None, carried: bool) -> list[str]:
    """What of ``cell`` the builder's cell ``there`` does not hold: a formula of one's own
    (``ours`` is False: :meth:`SheetFormulas.verdicts`), a value (unless it is ``carried``
    otherwise), a comment."""
    where = f"{cell.parent.title}!{cell.coordinate}"
    out: list[str] = []
    if ours is False:
        out.append(say("kept.own_formula", where=where, formula=shown(formula_text(cell.value))))
    elif cell.value is not None and not carried and ours is None and not (
            there is not None and same_value(cell.value, there.value)):
        typed_over = there is not None and there.data_type == "f"
        out.append(say("kept.typed_over" if typed_over else "kept.outside", where=where,
                       value=shown(cell.value)))
    note = None if cell.comment is None else cell.comment.text
    if note is not None and (there is None or there.comment is None
                             or there.comment.text != note):
        out.append(say("kept.comment", where=where, note=shown(note)))
    return out


FILLED_FROM = 4
"""How many of a column's last formula rows a row below it may be filled down from (a
four-player game is four rows, each seat its own formulas)."""


@dataclass(frozen=True)
class SheetFormulas:
    """The formulas the builder writes on one sheet: in the rebuild and in the build of the
    file as it was made (their cells may differ: ``--rows`` moves what sits below)."""

    sheets: tuple[Worksheet, ...]
    last: dict[int, list[Cell]]
    """Per column of the file's own build, its last formula cells, bottom first."""
    shapes: dict[int, frozenset[str]] = dataclasses.field(default_factory=dict)
    """Per column, its formulas as :func:`~.formulas.spelling.rowless` spells them: a
    formula a person's row edit moved or shifted is still the builder's."""

    @classmethod
    def of(cls, rebuilt: Sequence[Worksheet], built: Worksheet) -> SheetFormulas:
        last: dict[int, list[Cell]] = {}
        for (_, col), cell in sorted(built._cells.items(), reverse=True):
            if isinstance(cell, Cell) and cell.data_type == "f" and \
                    len(last.setdefault(col, [])) < FILLED_FROM:
                last[col].append(cell)
        sheets = (*rebuilt, built) if built not in rebuilt else tuple(rebuilt)
        shapes: dict[int, set[str]] = {}
        for ws in sheets:
            for (_, col), cell in ws._cells.items():
                if isinstance(cell, Cell) and cell.data_type == "f":
                    shapes.setdefault(col, set()).add(rowless(formula_text(cell.value)))
        # the rebuild is the file's own build when sizes agree
        return cls(sheets, last, {col: frozenset(s) for col, s in shapes.items()})

    def holds(self, cell: Cell) -> bool | None:
        """Whether the formula in ``cell`` is the builder's: True, or False where the
        builder writes another; None where it writes none (nor one filled down to it)."""
        text = respell_earlier(formula_text(cell.value))  # an earlier version's, as now
        row, col = coordinate_to_tuple(cell.coordinate)
        verdict = None
        for ws in self.sheets:
            there = ws._cells.get((row, col))
            if there is not None and there.data_type == "f":
                if same_formula(formula_text(there.value), text):
                    return True
                verdict = False
        below = self.last.get(col) and row > self.last[col][0].row
        if below and any(self.filled_down(source, cell.coordinate, text)
                         for source in self.last[col]):
            return True
        if verdict is False and (rowless(text) in self.shapes.get(col, frozenset())
                                 or "#REF!" in text.upper()):
            return True  # the builder's, from another row (moved, shifted or copied) or
            # with a reference to a deleted row
        return verdict

    def verdicts(self, cells: Sequence[tuple[int, int, Cell | MergedCell]],
                 places: Mapping[tuple[int, int], Place], texts_changed: bool = False
                 ) -> tuple[dict[tuple[int, int], bool | None], bool]:
        """:meth:`holds` of each formula cell, and whether an earlier version of the
        builder wrote the sheet: then every formula in one of the builder's places
        (:func:`places`) is taken for the builder's.

        An earlier version wrote a column whose formulas mostly differ from the builder's
        (two or more, more than agree), counting the file's own computed columns where
        the builder writes none now; a column is judged in rows four apart, as a
        four-player game's seats are written differently. So did a sheet whose builder's
        texts have changed (``texts_changed``: two or more, the LAMBDA edition's). A
        formula of one's own among formulas the builder still writes alike is one cell,
        or a few: it stays False.
        """
        found = {(row, col): self.holds(cell) for row, col, cell in cells
                 if isinstance(cell, Cell) and cell.data_type == "f"}
        tally: dict[tuple[int, int], list[int]] = {}  # formulas alike, formulas not
        for (row, col), ours in found.items():
            if ours is not None or places[(row, col)] == "column":
                tally.setdefault((col, row % FILLED_FROM), [0, 0])[0 if ours else 1] += 1
        older = texts_changed or any(other >= 2 and other > alike
                                     for alike, other in tally.values())
        if older:
            found.update((key, True) for key, ours in found.items() if places[key] is not None)
        return found, older

    @staticmethod
    def filled_down(source: Cell, coordinate: str, text: str) -> bool:
        """Whether ``text`` is ``source``'s formula filled down to ``coordinate``: a table
        grown by dragging its last rows (the rebuild writes those rows' formulas itself,
        a ledger's chain lookup differently)."""
        try:
            moved = Translator(formula_text(source.value), source.coordinate)
            return same_formula(moved.translate_formula(coordinate), text)
        except TranslatorError:
            return False


Place = Literal["column", "lead", "made"] | None


def places(named: Mapping[tuple[str, str], MetaName], title: str,
           cells: Sequence[tuple[int, int, object]],
           made: Mapping[tuple[int, int], Cell | MergedCell], lead: int | None
           ) -> dict[tuple[int, int], Place]:
    """Where each cell sits on sheet ``title`` among the builder's places: in a computed
    or helper column of the file's own tables (its ``_meta``), on their ``lead`` row,
    where the builder writes something now (``made``), or elsewhere (None).

    Beside the file's own tables, on their rows, is never the builder's place, even where
    the builder now writes a column (a table grown by a later version): a club's own
    column next to the log is reported, not taken for an earlier version's."""
    cells_named = [coordinate_to_tuple(coord) for (sheet, coord) in named if sheet == title]
    columns = {col for _, col in cells_named}
    top = min((row for row, _ in cells_named), default=0)
    bottom = max((row for row, _ in cells_named), default=-1)

    def beside(row: int, col: int) -> bool:
        return top <= row <= bottom and col not in columns

    def place(row: int, col: int) -> Place:
        entry = named.get((title, f"{get_column_letter(col)}{row}"))
        if row == lead:
            return "lead"
        if entry is not None and entry.role in ("computed", "helper"):
            return "column"
        there = made.get((row, col))
        if there is None or there.value is None or beside(row, col):
            return None
        return "made"

    return {(row, col): place(row, col) for row, col, _ in cells}


Bounds = tuple[int, int, int, int]
"""A cell range's (first column, first row, last column, last row)."""


def formats_outside(ws: Worksheet, made: Worksheet, bottom: int | None) -> list[str]:
    """Conditional formats and data validations on cells where the builder puts none (a
    club's own highlight or drop-down list).

    One of the builder's that reaches the last row of the sheet's growing table
    (``bottom``) reaches on below it: a person out of rows who fills the last game down
    takes its formats along, and the rebuilt, longer table has them there too.
    """
    own: list[tuple[str, str]] = []  # (kind, range)
    for kind, found, ours in (
            ("conditional_format", [cf.sqref for cf in ws.conditional_formatting],
             [cf.sqref for cf in made.conditional_formatting]),
            ("data_validation", [dv.sqref for dv in ws.data_validations.dataValidation],
             [dv.sqref for dv in made.data_validations.dataValidation])):
        covered = [grown(r.bounds, bottom) for ranges in ours for r in ranges.ranges]
        covered += [stretched(r.bounds, found) for ranges in ours for r in ranges.ranges]
        own += [(kind, r.coord) for ranges in found
                for r in sorted(ranges.ranges, key=lambda r: r.bounds)
                if not is_covered(r.bounds, covered)]
    rules = {_rule(dv) for dv in made.data_validations.dataValidation}
    highlights = {_highlight(cf) for cf in made.conditional_formatting}
    return [say("kept.own_format", where=f"{ws.title}!{coord}", kind=say(f"kept.{kind}"))
            for kind, coord in own
            if not (kind == "data_validation" and _same_rule_moved(coord, ws, rules))
            and not (kind == "conditional_format"
                     and _same_highlight_moved(coord, ws, highlights))]


def _highlight(cf: object) -> tuple[str, ...]:
    """What a conditional format tests, apart from where: its rules' formulas with the
    range's first cell written ``@`` (a rule is written for that cell)."""
    row, col = min((r.min_row, r.min_col) for r in cf.sqref.ranges)  # type: ignore[attr-defined]
    first = f"{get_column_letter(col)}{row}"
    own = re.compile(rf"(?<![A-Z$])\$?{re.escape(first)}(?![0-9])")
    return tuple(own.sub("@", formula) for rule in cf.rules  # type: ignore[attr-defined]
                 for formula in rule.formula)


def _same_highlight_moved(coord: str, ws: Worksheet,
                          highlights: set[tuple[str, ...]]) -> bool:
    """Whether the conditional format of one's own on range ``coord`` is a highlight the
    builder also writes, on another column: an earlier version laid the computed columns
    out in another order."""
    for cf in ws.conditional_formatting:
        if any(r.coord == coord for r in cf.sqref.ranges):
            return _highlight(cf) in highlights
    return False


def _rule(dv: object) -> tuple[object, ...]:
    """What a data validation asks, apart from where: its kind, bounds and messages."""
    return tuple(getattr(dv, key, None) for key in
                 ("type", "operator", "formula1", "formula2", "prompt", "error"))


def _same_rule_moved(coord: str, ws: Worksheet, rules: set[tuple[object, ...]]) -> bool:
    """Whether the data validation of one's own on range ``coord`` is one the builder also
    writes, on another column: an earlier version laid the same column out one place over."""
    for dv in ws.data_validations.dataValidation:
        if any(r.coord == coord for r in dv.sqref.ranges):
            return _rule(dv) in rules
    return False


def stretched(bounds: Bounds, found: Sequence[object]) -> Bounds:
    """``bounds`` down as far as a range in ``found`` with the same columns and first row
    reaches: rows inserted inside a table stretch its formats, which are still the
    builder's."""
    c1, r1, c2, r2 = bounds
    ends = [r.bounds[3] for ranges in found for r in ranges.ranges  # type: ignore[attr-defined]
            if r.bounds[0] == c1 and r.bounds[1] == r1 and r.bounds[2] == c2]
    return (c1, r1, c2, max([r2, *ends]))


def grown(bounds: Bounds, bottom: int | None) -> Bounds:
    """``bounds`` down to the sheet's last row when it ends on ``bottom``."""
    c1, r1, c2, r2 = bounds
    return (c1, r1, c2, MAX_ROW) if r2 == bottom else bounds


def is_covered(cells: Bounds, by: Sequence[Bounds]) -> bool:
    """Whether every cell of ``cells`` is in one of ``by`` (a program may join ranges)."""
    c1, r1, c2, r2 = cells
    if any(a <= c1 and b <= r1 and c2 <= x and r2 <= y for a, b, x, y in by):
        return True
    if (c2 - c1 + 1) * (r2 - r1 + 1) > 10_000:
        return False  # too large to test cell by cell: not one of the builder's
    return all(any(a <= c <= x and b <= r <= y for a, b, x, y in by)
               for c in range(c1, c2 + 1) for r in range(r1, r2 + 1))


MOST_LINES = 20
"""Cells listed a sheet (and names listed): a table pasted beside the log is a few lines,
not thousands."""


def shown(value: object) -> str:
    """``value`` as the report quotes it, a long text cut short."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…" + text[0]


PARTS = {"chart": "xl/charts/chart", "picture": "xl/media/", "pivot_table": "xl/pivotTables/",
         "macro_project": "xl/vbaProject"}
"""What a spreadsheet program may add that is not a cell, by the start of its part name."""


def parts_outside(opened: Opened, builder: Workbook) -> list[str]:
    """Names and chart sheets of one's own, and charts, pictures, pivot tables, macros
    beyond those the builder makes (a count each)."""
    made = {"chart": 0, "picture": 0}
    for ws in builder.worksheets:
        made["chart"] += len(getattr(ws, "_charts", ()))
        made["picture"] += len(getattr(ws, "_images", ()))
    for sheet in opened.formulas.chartsheets:  # said as a whole below
        made["chart"] += len(getattr(sheet, "_charts", ()))
    with zipfile.ZipFile(opened.path) as archive:
        parts = archive.namelist()
    ours = {*builder.defined_names, *(entry.name for entry in opened.names)}
    names = [name for name in opened.formulas.defined_names
             if name not in ours and not name.startswith("_xlnm.")]
    names += [f"{ws.title}!{name}" for ws in opened.formulas.worksheets
              for name in ws.defined_names if not name.startswith("_xlnm.")]
    out: list[str] = [say("kept.defined_name", name=shown(name)) for name in names[:MOST_LINES]]
    if len(names) > MOST_LINES:
        out.append(say("kept.more_names", count=len(names) - MOST_LINES))
    out += [say("kept.chart_sheet", title=sheet.title) for sheet in opened.formulas.chartsheets]
    for kind, start in PARTS.items():
        extra = sum(part.startswith(start) for part in parts) - made.get(kind, 0)
        if extra > 0:
            out.append(say("kept.parts_many" if extra > 1 else "kept.parts", count=extra,
                           kind=say(f"kept.{kind}"), start=start))
    return out
