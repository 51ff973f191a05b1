"""Sheets found by their role, not by their title.

A person may rename, hide, move or delete a sheet of a workbook this project made. The
builder's title of each sheet (``対局``, ``Players`` …) is only a default: what says
which sheet is which is the workbook itself. A sheet is found, in this order,

1. where the defined names ``_meta`` records for it point (Excel and LibreOffice move
   a sheet's names along when it is renamed);
2. under the builder's title, when no name points elsewhere;
3. by the texts the builder wrote on it (the fingerprints ``_meta`` keeps,
   :func:`~.metadata.builder_texts`, else the headings it records): a sheet renamed by
   a program that leaves the names behind (openpyxl) holds them still.

:func:`as_built` then gives every found sheet its builder's title again in the opened
copy (never in the file), with the defined names and formulas that name it, so every
reader after it reads the file as the builder laid it out. A sheet that is not found
was deleted: one that holds typed inputs refuses the file (:func:`refuse_gone`), one
that holds only formulas or text is rebuilt by ``repair``. Order and hidden state
change nothing: sheets are always looked up by title.

A file made before the fingerprints (2026-11-27) has only the headings of its named
columns to go by: a sheet of text there (How to), renamed by openpyxl, is taken for
deleted and rebuilt, and the renamed one is listed as a sheet of one's own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from openpyxl import Workbook
from openpyxl.formula.tokenizer import Token, Tokenizer
from openpyxl.utils import quote_sheetname
from openpyxl.worksheet.formula import ArrayFormula

from .errors import UnreadableWorkbook
from .messages import Message, say
from .metadata import META_SHEET, MetaName, recorded_texts, text_digest


@dataclass(frozen=True)
class SheetRoles:
    """Where each of the builder's sheets is in one file."""

    found: dict[str, str]
    """The builder's title → the sheet's title in the file."""
    missing: tuple[str, ...] = ()
    """The builder's titles with no sheet in the file (deleted)."""
    renamed: dict[str, str] = field(default_factory=dict)
    """The builder's title → the file's, for the sheets whose titles differ."""

    def shown(self, title: str) -> str:
        """The file's title of the builder's sheet ``title``: what a person sees."""
        return self.found.get(title, title)


def builder_titles(names: Sequence[MetaName], about: Mapping[str, str]) -> list[str]:
    """The sheets the builder wrote, by the titles it gave them: those ``_meta``'s names
    are on, and those it kept text fingerprints of (a sheet of text, a chart)."""
    recorded = recorded_texts(about) or {}
    titles = [entry.sheet for entry in names if entry.sheet] + list(recorded)
    return [title for title in dict.fromkeys(titles) if title != META_SHEET]


def find_sheets(wb: Workbook, names: Sequence[MetaName], about: Mapping[str, str]
                ) -> SheetRoles:
    """Each of the builder's sheets in ``wb`` (see the module's docstring)."""
    present = [title for title in wb.sheetnames if title != META_SHEET]
    titles = builder_titles(names, about)
    votes = _name_votes(wb, names, set(present))
    found: dict[str, str] = {}
    for title in titles:
        for there, _ in votes.get(title, Counter()).most_common():
            if there not in found.values():
                found[title] = there
                break
    for title in titles:
        if title not in found and title in present and title not in found.values():
            found[title] = title
    for title in titles:
        if title not in found:
            left = [t for t in present if t not in found.values() and t not in titles]
            match = _by_texts(wb, title, left, names, about)
            if match is not None:
                found[title] = match
    missing = tuple(title for title in titles if title not in found)
    return SheetRoles(found, missing, {t: f for t, f in found.items() if t != f})


def _name_votes(wb: Workbook, names: Sequence[MetaName],
                present: set[str]) -> dict[str, Counter[str]]:
    """Per builder's title, the file's sheets its names point to, counted."""
    votes: dict[str, Counter[str]] = {}
    for entry in names:
        defined = wb.defined_names.get(entry.name)
        if defined is None or not entry.sheet:
            continue
        for title in _destinations(defined):
            if title in present:
                votes.setdefault(entry.sheet, Counter())[title] += 1
    return votes


def _destinations(defined: object) -> list[str]:
    """The sheet titles a defined name points to; none for a constant or ``#REF!``
    (openpyxl leaves a quote in a title doubled, as the reference writes it)."""
    try:
        return [title.replace("''", "'")
                for title, _ in defined.destinations]  # type: ignore[attr-defined]
    except Exception:  # openpyxl's tokenizer on a damaged name: it points nowhere
        return []


def _cell_values(wb: Workbook, title: str) -> Iterable[object]:
    """Every stored value of sheet ``title`` (the cell store: no empty cell is made)."""
    return [cell.value for cell in wb[title]._cells.values()]


def _by_texts(wb: Workbook, title: str, candidates: Sequence[str], names: Sequence[MetaName],
              about: Mapping[str, str]) -> str | None:
    """The one sheet of ``candidates`` that holds at least half of the texts the builder
    wrote on ``title`` (and more of them than any other), or None."""
    recorded = (recorded_texts(about) or {}).get(title)
    if recorded:
        wanted = set(recorded)
        digest: Callable[[str], str] = text_digest
    else:  # a file made before the fingerprints: the headings _meta records
        wanted = {entry.label for entry in names if entry.sheet == title and entry.label}
        digest = str
    if not wanted:
        return None
    held = {c: {digest(v) for v in _cell_values(wb, c) if isinstance(v, str)}
            for c in candidates}
    scores = sorted(((len(wanted & texts), c) for c, texts in held.items()), reverse=True)
    if not scores or 2 * scores[0][0] < len(wanted) or scores[0][0] == 0:
        return None
    if len(scores) > 1 and scores[1][0] == scores[0][0]:
        return None  # two sheets alike (a copy): which is the builder's cannot be told
    return scores[0][1]


def as_built(workbooks: Sequence[Workbook], roles: SheetRoles) -> None:
    """Give every renamed sheet of ``workbooks`` (the same file, opened for formulas and
    for values) its builder's title again, and the names and formulas that point to it."""
    if not roles.renamed:
        return
    for wb in workbooks:
        moved = _retitle(wb, roles.renamed)
        for defined in wb.defined_names.values():
            if defined.attr_text:
                defined.attr_text = respelt(defined.attr_text, moved, formula=False)
        for ws in wb.worksheets:
            for cell in ws._cells.values():
                if isinstance(cell.value, ArrayFormula) and cell.value.text:
                    cell.value.text = respelt(cell.value.text, moved)
                elif cell.data_type == "f" and isinstance(cell.value, str):
                    cell.value = respelt(cell.value, moved)


def _retitle(wb: Workbook, renamed: Mapping[str, str]) -> dict[str, str]:
    """Rename the sheets (through a temporary title, so two sheets may trade titles; a
    sheet of one's own under a builder's title steps aside); the file's title → the new."""
    moved = {there: title for title, there in renamed.items()}
    for title in renamed:
        if title in wb.sheetnames and title not in moved:  # one's own, under our title
            spare = _spare(wb, title)
            moved[title] = spare
    for n, there in enumerate(moved):
        wb[there].title = f"\x01{n}"
    for n, there in enumerate(moved):
        wb[f"\x01{n}"].title = moved[there]
    return moved


def _spare(wb: Workbook, title: str) -> str:
    n = 2
    while f"{title} ({n})" in wb.sheetnames:
        n += 1
    return f"{title} ({n})"


def respelt(text: str, moved: Mapping[str, str], formula: bool = True) -> str:
    """``text`` (a formula, or a defined name's reference without ``=``) with every
    reference to a sheet of ``moved`` written with the sheet's new title."""
    if not any(old.replace("'", "''") in text or old in text for old in moved):
        return text
    tokens = Tokenizer(text if formula else f"={text}")
    for token in tokens.items:
        if token.type == Token.OPERAND and token.subtype == Token.RANGE and "!" in token.value:
            sheet, _, ref = token.value.rpartition("!")
            bare = sheet[1:-1].replace("''", "'") if sheet.startswith("'") else sheet
            if bare in moved:
                token.value = f"{quote_sheetname(moved[bare])}!{ref}"
    shown = str(tokens.render())  # type: ignore[no-untyped-call]
    return shown if formula else shown[1:]


INPUT_ROLES = ("input", "setting")


def refuse_gone(path: str, roles: SheetRoles, names: Sequence[MetaName]) -> None:
    """Raise :class:`UnreadableWorkbook` when a deleted sheet held typed inputs: nothing
    can be carried from it, so neither ``audit`` nor ``repair`` goes on without it."""
    for title in roles.missing:
        tables = [entry.name.partition("_")[0] for entry in names
                  if entry.sheet == title and entry.role in INPUT_ROLES]
        if tables:
            raise UnreadableWorkbook(say("read.sheet_gone", path=path, title=title,
                                         role=role_of(tables)))


def role_of(tables: Sequence[str]) -> Message:
    """What a sheet holds, by the tables of its typed inputs (``Games``: the game log)."""
    table = Counter(tables).most_common(1)[0][0]
    key = f"role.{table}"
    return say(key) if key in ROLE_KEYS else say("role.inputs", names=", ".join(
        sorted(set(tables))))


ROLE_KEYS = frozenset({"role.Games", "role.Players", "role.Settings", "role.Monthly",
                       "role.Catalog"})


def renamed_notes(roles: SheetRoles) -> list[Message]:
    """One line per renamed sheet: what the report's sheet names mean."""
    return [say("read.renamed", title=title, there=there)
            for title, there in roles.renamed.items()]


def gone_notes(roles: SheetRoles) -> list[Message]:
    """One line per deleted sheet that ``repair`` rebuilds (one of formulas or text)."""
    return [say("audit.missing", title=title) for title in roles.missing]
