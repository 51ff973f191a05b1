"""A club secretary's table edits, made in real LibreOffice, judged against the engine.

Every workbook kind (personal sheets and ledgers) is built small with seeded valid games,
then each edit a person makes to a game list (cut and paste a game, swap two, insert a
row, delete one, sort, copy a row) is applied through UNO by ``tests/uno_edits.py`` under
``/usr/bin/python3``, and LibreOffice recalculates and saves. The truth comes from the
project's engine alone: the inputs as the saved file now holds them are read back
(``read_typed``) and rebuilt (``build_workbook``), and every visible computed cell of the
saved file is compared with the rebuild's, name by name and position by position. Each
(kind, edit) case is then

- RIGHT: no visible computed cell differs and no visible cell shows an error value;
- FLAGGED: what differs is in a games row (or four-player game) whose Status starts
  with ⚠, or on a sheet with a ⚠ banner in row 1, and no visible error value;
- SILENTLY WRONG: anything else;
- UNREADABLE: ``read_typed`` (or the rebuild) refused the saved file; silent when the
  file shows no ⚠ (no Status cell, no row-1 banner), flagged otherwise.

The edit ``none`` is the control: LibreOffice only recalculates and saves, and it must
be RIGHT. ``EDIT FAILED`` (the saved file does not hold the edit as intended),
``LIBREOFFICE FAILED`` and ``JUDGE FAILED`` are the harness's own failures, never a
verdict on the formulas.

    .venv/bin/python -m tests.edit_matrix [--kinds mosaic,ledger_tokin] [--edits move,sort]
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import logging
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import MergedCell
from openpyxl.utils.cell import get_column_letter, range_boundaries

from bench.edit import uno_missing
from tests.sheetcases import CASES
from workbook_builder.build import TEMPLATES, build, build_workbook
from workbook_builder.describe import describe
from workbook_builder.kit.cells import excel_serial
from workbook_builder.readback import (
    NOT_BUILT,
    Opened,
    UnreadableWorkbook,
    cells_of,
    open_project_workbook,
    read_typed,
    same_value,
)
from workbook_builder.template import load_template

LOG = logging.getLogger(__name__)
SYSTEM_PYTHON = "/usr/bin/python3"
SCRIPT = Path(__file__).with_name("uno_edits.py")
UNO_TIMEOUT = 900
KINDS: dict[str, str] = {
    "tokin": "tokin_ja", "club24": "club24_ja", "mosaic": "mosaic_ja", "elo": "elo_ja",
    "glicko": "glicko_ja", "go": "go_ja", "yonin": "yonin_ja", "ledger_tokin": "ledger_tokin_ja",
    "ledger_club24": "ledger_club24_ja", "ledger_elo": "ledger_elo_ja",
    "ledger_mosaic": "ledger_mosaic_ja", "ledger_go": "ledger_go_ja",
    "ledger_glicko": "ledger_glicko_ja",
    "yonin_ledger": "yonin_ledger_ja",
}
"""Workbook kind → the template it is built from (Japanese: the layouts are the same)."""
EDITS = ("none", "move", "swap", "insert_empty", "insert_typed", "delete", "sort", "copy_row",
         "move_seat")
FOUR_PLAYER = frozenset({"yonin", "yonin_ledger"})
"""Systems where one game is four rows, one per seat; only they get ``move_seat``."""
CONTROL = "none"
"""No edit: LibreOffice only recalculates and saves. It must be RIGHT, or the judge
itself is wrong."""
GAMES = 12
SPARE_GAMES = 8
"""Empty game rows (four-player: games) below the log: room to move and copy to."""
PLAYERS = 10
MIDDLE = 4
"""The game (0-based) a middle-of-the-log edit touches: game 5."""
SWAPPED = (2, 7)
SORT_KEYS = ("Games_Opponent", "Games_PlayerA", "Games_Player")
"""The name column a sort goes by, the first the kind has."""
UNPROTECTED = frozenset({"none", "move", "swap", "move_seat"})
"""Cut and paste of unlocked input cells works under protection; the rest needs it off."""
DROPPED_ON_RETYPE = ("Period", "Note")
"""Inputs not typed again on an inserted copy of a game (a period starts once; a note)."""
ERROR_TEXT = re.compile(r"^(#(REF!|VALUE!|N/A|NAME\?|DIV/0!|NUM!|NULL!)|Err:\d+)$")
SILENT = ("SILENTLY WRONG", "UNREADABLE (silent)")
HARNESS = ("EDIT FAILED", "LIBREOFFICE FAILED", "JUDGE FAILED")

Step = dict[str, Any]
Rows = list[dict[str, object]]


@dataclass(frozen=True)
class Layout:
    """One built workbook kind: where its games are, and what was typed into it."""

    kind: str
    path: Path
    sheet: str
    first: int
    """Sheet row of the first game row (below the header and the lead / Me row)."""
    seats: int
    games: int
    inputs: dict[int, str]
    """Games input column number → its key (``Opponent`` …)."""
    width: int
    sort_col: int
    rows: Rows
    before: dict[int, tuple[object, ...]]
    """Sheet row → its input values as built (what a check compares with)."""
    merged: tuple[tuple[int, int, int, int], ...] = ()
    """Merged ranges of the games sheet as (min col, min row, max col, max row)."""

    def game_rows(self, game: int) -> list[int]:
        start = self.first + game * self.seats
        return list(range(start, start + self.seats))

    @property
    def last(self) -> int:
        """Sheet row of the last typed game row."""
        return self.first + self.games * self.seats - 1

    @property
    def spare(self) -> int:
        """First empty row below the last game, where a moved or copied game goes."""
        return self.last + 1


@dataclass(frozen=True)
class Fixed:
    """What the CLI's ``audit`` and ``repair`` make of an edited file."""

    problems: tuple[str, ...]
    """``audit``'s lines on what the row edits did."""
    notes: tuple[str, ...]
    not_carried: tuple[str, ...]
    """What ``repair`` says it could not carry: for these edits, nothing."""
    after: tuple[str, ...]
    """``audit`` of the repaired file: findings and problems, none expected."""


def audit_and_repair(out: Path) -> Fixed:
    """``audit`` the edited file, ``repair`` it, ``audit`` the repaired copy."""
    from workbook_builder.audit import audit
    from workbook_builder.repair import repair

    report = audit(out)
    repaired = out.with_name(f"{out.stem}-repaired.xlsx")
    done = repair(out, repaired, overwrite=True)
    again = audit(repaired)
    return Fixed(tuple(report.problems), tuple(report.notes), tuple(done.not_carried),
                 tuple([f.line() for f in again.findings] + again.problems))


@dataclass(frozen=True)
class Verdict:
    """One (kind, edit) case as judged."""

    kind: str
    edit: str
    verdict: str
    details: tuple[str, ...] = ()
    compared: int = 0
    differing: int = 0
    unflagged: int = 0
    """Differing cells with no ⚠ on their row, game or sheet."""
    seconds: float = 0.0
    fixed: Fixed | None = None
    """What ``audit`` and ``repair`` say of the edited file (None: not run)."""
    saved: str = ""
    """The file LibreOffice saved after the edit."""

    @property
    def silent(self) -> bool:
        return self.verdict in SILENT

    @property
    def harness_failed(self) -> bool:
        return self.verdict in HARNESS


def cases(kinds: Iterable[str] | None = None,
          edits: Iterable[str] | None = None) -> list[tuple[str, str]]:
    """(kind, edit) pairs in table order; ``move_seat`` only for the four-player kinds."""
    chosen = list(kinds or KINDS)
    wanted = list(edits or EDITS)
    unknown = [k for k in chosen if k not in KINDS] + [e for e in wanted if e not in EDITS]
    if unknown:
        raise ValueError(f"unknown kind or edit: {unknown}; kinds {list(KINDS)}, "
                         f"edits {list(EDITS)}")
    return [(k, e) for k in chosen for e in wanted
            if e != "move_seat" or system_of(k) in FOUR_PLAYER]


def system_of(kind: str) -> str:
    return load_template(TEMPLATES / f"{KINDS[kind]}.toml").system


# --- building the workbooks -------------------------------------------------------------

def two_player_tables(case: Any, spec: Any, seed: int) -> dict[str, Rows]:
    """The seeded club log cut down to games among the first ``PLAYERS`` players."""
    tables = case.random_tables(seed, spec)
    players = tables["Players"][:PLAYERS]
    names = {p["Name"] for p in players}
    games = [g for g in tables["Games"] if g["PlayerA"] in names and g["PlayerB"] in names]
    return {"Games": games[:GAMES], "Players": players}


def yonin_tables(case: Any, seed: int) -> dict[str, Rows]:
    """``GAMES`` four-player games among ``PLAYERS`` listed players, one date a game."""
    rng = random.Random(seed)
    players = [p for p in case.random_players(rng) if str(p["Name"]).startswith("P")]
    players = players[:PLAYERS]
    names = [str(p["Name"]) for p in players]
    rows: Rows = []
    for n in range(GAMES):
        game = case.random_game(rng, names)
        game[0]["Date"] = case.FIRST_DAY + dt.timedelta(days=n)
        rows += game
    return {"Games": rows, "Players": players}


def build_kind(kind: str, seed: int, work: Path) -> Layout:
    """Build ``kind`` with ``GAMES`` valid games (small, so LibreOffice is quick)."""
    spec = load_template(TEMPLATES / f"{KINDS[kind]}.toml")
    seats = 4 if spec.system in FOUR_PLAYER else 1
    spec = dataclasses.replace(spec, rows=(GAMES + SPARE_GAMES) * seats, players=PLAYERS + 2)
    case = CASES[spec.system]
    if spec.system == "yonin_ledger":
        tables = yonin_tables(case, seed)
    elif hasattr(case, "random_tables"):
        tables = two_player_tables(case, spec, seed)
    else:
        tables = {"Games": case.random_inputs(seed, GAMES * seats)}
    extra = {k: v for k, v in tables.items() if k != "Games"} or None
    path = build(spec, work / kind, inputs=tables["Games"], tables=extra)
    return layout_of(kind, path, seats, tables["Games"])


def layout_of(kind: str, path: Path, seats: int, rows: Rows) -> Layout:
    """Where the games sit in the built file, from its defined names."""
    listed = describe(path)["names"]
    assert isinstance(listed, list)
    names: dict[str, dict[str, object]] = {n["name"]: n for n in listed}
    inputs: dict[int, str] = {}
    sheet, first = "", 0
    for name, info in names.items():
        table, _, key = name.partition("_")
        if table == "Games" and info["role"] == "input":
            col, top, _, _ = range_boundaries(str(info["range"]).replace("$", ""))
            assert col is not None and top is not None
            inputs[col], sheet, first = key, str(info["sheet"]), top
    sort_name = next(n for n in SORT_KEYS if n in names)
    sort_col = range_boundaries(str(names[sort_name]["range"]).replace("$", ""))[0]
    wb = load_workbook(path)
    ws = wb[sheet]
    games = len(rows) // seats
    before = {r: input_values(ws, r, inputs) for r in range(first, first + (games + 2) * seats)}
    assert sort_col is not None
    merged = tuple(m.bounds for m in ws.merged_cells.ranges)
    return Layout(kind, path, sheet, first, seats, games, dict(sorted(inputs.items())),
                  ws.max_column, sort_col, rows, before, merged)


def input_values(ws: Any, row: int, inputs: dict[int, str]) -> tuple[object, ...]:
    return tuple(ws.cell(row, col).value for col in sorted(inputs))


# --- the edits as UNO steps -------------------------------------------------------------

def move_row(layout: Layout, src: int, dest: int) -> list[Step]:
    """Cut a row's inputs and paste them on ``dest``: one span when the input columns are
    side by side, else cell by cell (a span would carry the computed cells between)."""
    cols = sorted(layout.inputs)
    if cols[-1] - cols[0] + 1 == len(cols):
        a, b = get_column_letter(cols[0]), get_column_letter(cols[-1])
        return [{"op": "move", "src": f"{a}{src}:{b}{src}", "dest": f"{a}{dest}"}]
    return [{"op": "move", "src": f"{get_column_letter(c)}{src}",
             "dest": f"{get_column_letter(c)}{dest}"} for c in cols]


def move_game(layout: Layout, game: int, dest: int) -> list[Step]:
    return [step for s, row in enumerate(layout.game_rows(game))
            for step in move_row(layout, row, dest + s)]


def retyped(layout: Layout, game: int) -> list[tuple[object, ...]]:
    """Game ``game``'s inputs as typed again on an inserted row, one tuple a seat in
    input-column order (None: left blank). A game of the log is valid where it was, so
    typed just below itself it is valid too."""
    source = layout.rows[game * layout.seats:(game + 1) * layout.seats]
    return [tuple(None if key in DROPPED_ON_RETYPE else values.get(key)
                  for key in layout.inputs.values()) for values in source]


def typed_steps(layout: Layout, rows: Sequence[int], game: int) -> list[Step]:
    """Type game ``game``'s inputs into the sheet rows ``rows``, dates as serials."""
    steps: list[Step] = []
    for row, values in zip(rows, retyped(layout, game), strict=True):
        for col, value in zip(layout.inputs, values, strict=True):
            if isinstance(value, (dt.date, dt.datetime)):
                value = excel_serial(value)
            if value is not None:
                steps.append({"op": "set", "cell": f"{get_column_letter(col)}{row}",
                              "value": value})
    return steps


def merges_in(layout: Layout, top: int, bottom: int) -> list[tuple[int, int, int, int]]:
    return [m for m in layout.merged if m[1] <= bottom and m[3] >= top]


def unmerge_steps(layout: Layout, top: int, bottom: int) -> list[Step]:
    """Undo the merges where a paste lands: LibreOffice's copyRange silently pastes
    nothing onto merged cells (the four-player sheets merge each game's number)."""
    return [{"op": "unmerge", "range": f"{get_column_letter(a)}{b}:{get_column_letter(c)}{d}"}
            for a, b, c, d in merges_in(layout, top, bottom)]


def edit_steps(layout: Layout, edit: str) -> list[Step]:
    """The UNO steps of ``edit`` on ``layout``'s games sheet."""
    steps: list[Step] = [] if edit in UNPROTECTED else [{"op": "unprotect"}]
    rows = layout.game_rows(MIDDLE)
    seats, spare = layout.seats, layout.spare
    if edit == CONTROL:
        pass
    elif edit == "move":
        steps += move_game(layout, MIDDLE, spare)
    elif edit == "move_seat":
        steps += move_row(layout, rows[1], spare)
    elif edit == "swap":
        a, b = SWAPPED
        steps += move_game(layout, a, spare)
        steps += move_game(layout, b, layout.game_rows(a)[0])
        steps += [s for k in range(seats) for s in move_row(layout, spare + k,
                                                              layout.game_rows(b)[k])]
    elif edit in ("insert_empty", "insert_typed"):
        count = 1 if edit == "insert_empty" else seats
        steps.append({"op": "insert_rows", "index": rows[0] - 1, "count": count})
        if edit == "insert_typed":  # the game above, typed again (valid where it lands)
            steps += typed_steps(layout, rows, MIDDLE - 1)
    elif edit == "delete":
        steps.append({"op": "remove_rows", "index": rows[0] - 1, "count": seats})
    elif edit == "sort":
        ref = f"A{layout.first}:{get_column_letter(layout.width)}{layout.last}"
        steps.append({"op": "sort", "range": ref, "field": layout.sort_col - 1,
                      "ascending": False,  # formats bound to rows unless merges forbid it
                      "formats": not merges_in(layout, layout.first, layout.last)})
    elif edit == "copy_row":
        ref = f"A{rows[0]}:{get_column_letter(layout.width)}{rows[-1]}"
        steps += unmerge_steps(layout, spare, spare + seats - 1)
        steps.append({"op": "copy", "src": ref, "dest": f"A{spare}"})
    else:
        raise ValueError(f"unknown edit {edit!r}")
    return steps


# --- running LibreOffice ----------------------------------------------------------------

def run_uno(jobs: list[dict[str, Any]], work: Path) -> dict[str, dict[str, Any]]:
    """Each job's result by its ``out`` path: one soffice per half of the jobs, both at
    once (start-up and loading are the cost; two cores)."""
    halves = [jobs[0::2], jobs[1::2]]

    def one(part: int) -> list[dict[str, Any]]:
        if not halves[part]:
            return []
        job_file = work / f"jobs{part}.json"
        job_file.write_text(json.dumps(halves[part], ensure_ascii=False), "utf-8")
        done = subprocess.run([SYSTEM_PYTHON, str(SCRIPT), str(job_file)], capture_output=True,
                              text=True, timeout=UNO_TIMEOUT, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"{SCRIPT.name} failed ({done.returncode}): "
                               f"{done.stderr.strip()[-1500:]}")
        results: list[dict[str, Any]] = json.loads(done.stdout.strip().splitlines()[-1])
        return results

    with ThreadPoolExecutor(max_workers=2) as pool:
        parts = list(pool.map(one, range(2)))
    return {r["out"]: r for part in parts for r in part}


# --- checking that the edit happened ----------------------------------------------------

def edit_problem(layout: Layout, edit: str, out: Workbook) -> str | None:
    """Why the saved file does not hold ``edit`` as intended, or None when it does."""
    ws = out[layout.sheet]
    now = {r: input_values(ws, r, layout.inputs)
           for r in range(layout.first, layout.first + (layout.games + 4) * layout.seats)}
    blank = tuple(None for _ in layout.inputs)
    rows, spare, was = layout.game_rows(MIDDLE), layout.spare, layout.before
    expect: dict[int, tuple[object, ...]] = {}
    if edit == CONTROL:
        expect = {r: was[r] for r in was}
    elif edit == "move":
        expect = {r: blank for r in rows} | {spare + k: was[r] for k, r in enumerate(rows)}
    elif edit == "move_seat":
        expect = {rows[1]: blank, spare: was[rows[1]]}
    elif edit == "swap":
        a, b = (layout.game_rows(g) for g in SWAPPED)
        expect = {ra: was[rb] for ra, rb in zip(a, b, strict=True)}
        expect |= {rb: was[ra] for ra, rb in zip(a, b, strict=True)}
        expect |= {spare + k: blank for k in range(layout.seats)}
    elif edit in ("insert_empty", "insert_typed"):
        count = 1 if edit == "insert_empty" else layout.seats
        expect = {r + count: was[r] for r in rows}
        typed = retyped(layout, MIDDLE - 1) if edit == "insert_typed" else [blank]
        expect |= dict(zip(rows, typed, strict=False))
    elif edit == "delete":
        expect = {r: was[r + layout.seats] for r in rows}
    elif edit == "copy_row":
        expect = {spare + k: was[r] for k, r in enumerate(rows)} | {r: was[r] for r in rows}
    elif edit == "sort":
        return sort_problem(layout, now)
    return rows_problem(expect, now) or size_problem(layout, edit, out)


def rows_problem(expect: dict[int, tuple[object, ...]],
                 now: dict[int, tuple[object, ...]]) -> str | None:
    for row, values in expect.items():
        if not all(same_input(a, b) for a, b in zip(values, now[row], strict=True)):
            return f"row {row} holds {now[row]!r}, expected {values!r}"
    return None


def same_input(a: object, b: object) -> bool:
    """Typed values alike, dates compared as serial numbers on both sides."""
    if isinstance(a, (dt.date, dt.datetime)):
        a = excel_serial(a)
    return same_value(a, b)


def size_problem(layout: Layout, edit: str, out: Workbook) -> str | None:
    """An insert grows the games' named range by its rows, a delete shrinks it."""
    grown = {"insert_empty": 1, "insert_typed": layout.seats, "delete": -layout.seats}
    name = f"Games_{layout.inputs[min(layout.inputs)]}"
    cells = cells_of(out, name)
    expected = (GAMES + SPARE_GAMES) * layout.seats + grown.get(edit, 0)
    if len(cells) != expected:
        return f"{name} covers {len(cells)} rows after {edit}, expected {expected}"
    return None


def sort_problem(layout: Layout, now: dict[int, tuple[object, ...]]) -> str | None:
    """The games' rows are the same rows as before, now in descending name order."""
    index = sorted(layout.inputs).index(layout.sort_col)
    rows = range(layout.first, layout.last + 1)
    keys = [str(now[r][index]).casefold() for r in rows]
    if keys != sorted(keys, reverse=True):
        return f"not sorted descending: {keys}"
    typed = sorted(map(repr, (layout.before[r] for r in rows)))
    if sorted(map(repr, (now[r] for r in rows))) != typed:
        return "the sorted rows are not the rows typed before"
    return None


# --- judging ----------------------------------------------------------------------------

def hidden_columns(ws: Any) -> set[int]:
    """Column numbers hidden on ``ws`` (a dimension may cover several columns)."""
    out: set[int] = set()
    for dim in ws.column_dimensions.values():
        if dim.hidden and dim.min and dim.max:
            out.update(range(dim.min, dim.max + 1))
    return out


def visible(opened: Opened, title: str) -> bool:
    return opened.values[title].sheet_state == "visible"


def error_cells(opened: Opened) -> list[str]:
    """Visible cells (visible sheet, visible column) that show a spreadsheet error."""
    found = []
    for ws in opened.values.worksheets:
        if ws.sheet_state != "visible":
            continue
        hidden = hidden_columns(ws)
        for (row, col), cell in ws._cells.items():
            value = cell.value
            if col in hidden or value is None:
                continue
            if cell.data_type == "e" or (isinstance(value, str) and ERROR_TEXT.match(value)
                                         and opened.formulas[ws.title].cell(row, col)
                                         .data_type == "f"):
                found.append(f"{ws.title}!{cell.coordinate} shows {value}")
    return found


def banner(opened: Opened, title: str) -> bool:
    """Row 1 of the sheet holds a cell whose text starts with ⚠."""
    ws = opened.values[title]
    return any(isinstance(c.value, str) and c.value.lstrip().startswith("⚠")
               for (row, _), c in ws._cells.items() if row == 1)


def warned(value: object) -> bool:
    return isinstance(value, str) and value.lstrip().startswith("⚠")


Differing = list[tuple[str, str, object, object]]
"""(sheet, cell, file value, engine value) of each differing cell."""


@dataclass
class Compared:
    """Visible computed cells of the saved file against the engine's rebuild."""

    count: int = 0
    differing: Differing = field(default_factory=list)


def compare(opened: Opened, rebuilt: Workbook, cached: dict[str, dict[str, object]]) -> Compared:
    """Every visible computed name's cells, matched with the rebuild's by position."""
    result = Compared()
    hidden = {ws.title: hidden_columns(ws) for ws in opened.values.worksheets}
    for entry in opened.names:
        if entry.role != "computed":
            continue
        theirs = cells_of(rebuilt, entry.name)
        for i, (title, coord) in enumerate(cells_of(opened.formulas, entry.name)):
            col = range_boundaries(coord)[0]
            if not visible(opened, title) or col in hidden[title] or \
                    isinstance(opened.formulas[title][coord], MergedCell):
                continue  # not shown: a hidden sheet or column, a cell under a merge
            expected = None
            if i < len(theirs):
                expected = cached.get(theirs[i][0], {}).get(theirs[i][1])
            shown = opened.values[title][coord].value
            result.count += 1
            if not same_value(expected, shown):
                result.differing.append((title, coord, shown, expected))
    return result


def status_blocks(opened: Opened, seats: int) -> tuple[str, dict[int, bool]]:
    """The games sheet, and for each of its rows whether its game's Status shows ⚠
    (a four-player game: any of its four rows, by position in the Status range)."""
    cells = cells_of(opened.formulas, "Games_Status")
    title = cells[0][0]
    flags = [warned(opened.values[t][c].value) for t, c in cells]
    rows = [range_boundaries(c)[1] or 0 for _, c in cells]
    block = {i: any(flags[i - i % seats:i - i % seats + seats]) for i in range(len(cells))}
    return title, {row: block[i] for i, row in enumerate(rows)}


def unflagged(opened: Opened, seats: int, differing: Differing) -> Differing:
    """The differing cells in no ⚠ game row and on no sheet with a ⚠ banner."""
    games, warned_rows = status_blocks(opened, seats)
    banners = {title: banner(opened, title) for title in opened.values.sheetnames}
    return [d for d in differing if not banners[d[0]] and not (
        d[0] == games and warned_rows.get(range_boundaries(d[1])[1] or 0, False))]


def shows_warning(opened: Opened) -> bool:
    """Any Status cell or row-1 banner on a visible sheet starts with ⚠."""
    for entry in opened.names:
        if entry.name.endswith("_Status"):
            if any(warned(opened.values[t][c].value) for t, c in cells_of(opened.formulas,
                                                                           entry.name)):
                return True
    return any(banner(opened, ws.title) for ws in opened.values.worksheets
               if ws.sheet_state == "visible")


def engine_rebuild(opened: Opened) -> tuple[Workbook, dict[str, dict[str, object]]]:
    """The engine's workbook for the inputs as they now stand, as large as the file's
    tables now are (an insert or a delete changed their length)."""
    typed = read_typed(opened)
    spec = typed.spec
    games = len(cells_of(opened.formulas, "Games_Status"))
    players = len(cells_of(opened.formulas, "Players_Status")) or spec.players
    spec = dataclasses.replace(spec, rows=max(games, len(typed.rows)),
                               players=max(players, len(typed.tables.get("Players", ()))))
    wb, built = build_workbook(spec, typed.rows, tables=typed.tables)
    return wb, built.cached


def describe_cell(item: tuple[str, str, object, object]) -> str:
    title, coord, shown, expected = item
    return f"{title}!{coord} file {shown!r} engine {expected!r}"


def judge(layout: Layout, edit: str, out: Path) -> Verdict:
    """The verdict on one saved file, once the edit is seen to be in it."""
    start = time.perf_counter()
    opened = open_project_workbook(out)
    problem = edit_problem(layout, edit, opened.formulas)
    if problem is not None:
        return Verdict(layout.kind, edit, "EDIT FAILED", (problem,))
    verdict = verdict_of(opened, layout.seats, layout.kind, edit)
    return dataclasses.replace(verdict, seconds=time.perf_counter() - start)


def verdict_of(opened: Opened, seats: int, kind: str = "", edit: str = "") -> Verdict:
    """RIGHT, FLAGGED, SILENTLY WRONG or UNREADABLE for a workbook's shown values against
    the engine's rebuild of its inputs (see the module docstring)."""
    errors = error_cells(opened)
    try:
        rebuilt, cached = engine_rebuild(opened)
    except (UnreadableWorkbook, *NOT_BUILT) as exc:
        warning = "flagged" if shows_warning(opened) else "silent"
        return Verdict(kind, edit, f"UNREADABLE ({warning})",
                       (f"{type(exc).__name__}: {exc}"[:300], *errors[:5]))
    compared = compare(opened, rebuilt, cached)
    silent = unflagged(opened, seats, compared.differing)
    if not compared.differing and not errors:
        verdict = "RIGHT"
    elif not errors and not silent:
        verdict = "FLAGGED"
    else:
        verdict = "SILENTLY WRONG"
    shown = silent[:5] if silent else compared.differing[:5]  # the cells that decide it
    details = tuple(errors[:5]) + tuple(("unflagged " if silent else "flagged ")
                                        + describe_cell(d) for d in shown)
    return Verdict(kind, edit, verdict, details, compared.count, len(compared.differing),
                   len(silent))


def judge_saved(layout: Layout, edit: str, out: Path, result: dict[str, Any]) -> Verdict:
    """:func:`judge`, unless LibreOffice could not make or save the edit; a file the
    project cannot open at all is unreadable, and a bug of the judge is the harness's."""
    if not result.get("ok") or not out.exists():
        return Verdict(layout.kind, edit, "LIBREOFFICE FAILED",
                       (str(result.get("error") or f"no file {out}")[-600:],))
    try:
        verdict = judge(layout, edit, out)
        return dataclasses.replace(verdict, fixed=audit_and_repair(out), saved=str(out))
    except UnreadableWorkbook as exc:  # open_project_workbook refused LibreOffice's file
        kind = "flagged" if any_warning(out) else "silent"
        return Verdict(layout.kind, edit, f"UNREADABLE ({kind})", (str(exc)[:300],))
    except Exception as exc:
        return Verdict(layout.kind, edit, "JUDGE FAILED", (f"{type(exc).__name__}: {exc}",))


def any_warning(path: Path) -> bool:
    """A visible cell anywhere starts with ⚠ (for a file whose names cannot be read)."""
    try:
        wb = load_workbook(path, data_only=True)
    except Exception:  # not even openpyxl reads it: nothing is shown to anyone
        return False
    return any(warned(cell.value) for ws in wb.worksheets if ws.sheet_state == "visible"
               for cell in ws._cells.values())


# --- the matrix -------------------------------------------------------------------------

def build_all_kinds(kinds: Sequence[str], work: Path) -> dict[str, Layout]:
    seeds = {kind: 4100 + i for i, kind in enumerate(KINDS)}
    with ProcessPoolExecutor(max_workers=2) as pool:
        futures = {k: pool.submit(build_kind, k, seeds[k], work / "built") for k in kinds}
        return {k: f.result() for k, f in futures.items()}


def job(layout: Layout, edit: str, work: Path) -> dict[str, Any]:
    """One UNO job on a copy of its own: two soffice processes must never open the same
    file (the second finds it locked and loads nothing)."""
    for folder in ("in", "out"):
        (work / folder).mkdir(parents=True, exist_ok=True)
    source = work / "in" / f"{layout.kind}__{edit}.xlsx"
    shutil.copyfile(layout.path, source)
    return {"file": str(source), "out": str(work / "out" / source.name),
            "sheet": layout.sheet, "edits": edit_steps(layout, edit)}


def run_matrix(kinds: Iterable[str] | None = None, edits: Iterable[str] | None = None,
               work: Path | None = None) -> list[Verdict]:
    """Build, edit in LibreOffice, judge: one :class:`Verdict` per (kind, edit) case.

    ``work`` keeps the files (built, jobs, LibreOffice's results) for a look afterwards;
    by default a temporary folder, removed at the end."""
    if work is None:
        with tempfile.TemporaryDirectory(prefix="edit-matrix-") as tmp:
            return run_matrix(kinds, edits, Path(tmp))
    pairs = cases(kinds, edits)
    clock = time.perf_counter()
    layouts = build_all_kinds(sorted({k for k, _ in pairs}, key=list(KINDS).index), work)
    jobs = [job(layouts[k], e, work) for k, e in pairs]
    LOG.info("built %d workbooks in %.0f s", len(layouts), time.perf_counter() - clock)
    clock = time.perf_counter()
    results = run_uno(jobs, work)
    LOG.info("LibreOffice: %d edits in %.0f s (two soffice processes)", len(jobs),
             time.perf_counter() - clock)
    clock = time.perf_counter()
    with ProcessPoolExecutor(max_workers=2) as pool:
        futures = [pool.submit(judge_saved, layouts[k], e, Path(job["out"]),
                               results.get(job["out"], {}))
                   for (k, e), job in zip(pairs, jobs, strict=True)]
        verdicts = [f.result() for f in futures]
    LOG.info("judged in %.0f s", time.perf_counter() - clock)
    return verdicts


def table(verdicts: Sequence[Verdict], details: int = 3) -> str:
    """The matrix (kind × edit → verdict), then each case that is not RIGHT with its
    first differing cells."""
    edits = [e for e in EDITS if any(v.edit == e for v in verdicts)]
    kinds = list(dict.fromkeys(v.kind for v in verdicts))
    short = {"RIGHT": "RIGHT", "FLAGGED": "FLAGGED", "SILENTLY WRONG": "SILENT",
             "UNREADABLE (silent)": "UNREAD-S", "UNREADABLE (flagged)": "UNREAD-F",
             "EDIT FAILED": "EDIT-FAIL", "LIBREOFFICE FAILED": "LO-FAIL",
             "JUDGE FAILED": "JUDGE-FAIL"}
    by = {(v.kind, v.edit): v for v in verdicts}
    lines = [f"{'kind':<14}" + "".join(f"{e:<13}" for e in edits)]
    for kind in kinds:
        cells = [short[by[(kind, e)].verdict] if (kind, e) in by else "-" for e in edits]
        lines.append(f"{kind:<14}" + "".join(f"{c:<13}" for c in cells))
    counts = {name: sum(v.verdict == name for v in verdicts) for name in short}
    lines.append("; ".join(f"{k}: {n}" for k, n in counts.items() if n))
    lines.append("UNREAD-S: read_typed refused the file and it shows no ⚠ (counts as silent);"
                 " UNREAD-F: refused, but a ⚠ is shown")
    for v in verdicts:
        if v.verdict != "RIGHT":
            lines.append(f"- {v.kind} × {v.edit}: {v.verdict} ({v.differing} of {v.compared} "
                         f"computed cells differ, {v.unflagged} with no ⚠)")
            lines += [f"    {d}" for d in v.details[:details]]
    return "\n".join(lines)


def tree_state() -> str:
    """The commit and whether the builder has uncommitted changes: the formulas change
    while this runs, so a printed matrix says what it was run on."""
    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], capture_output=True, text=True, check=False,
                              cwd=Path(__file__).resolve().parents[1])
        return done.stdout.strip()
    changed = git("status", "--porcelain", "--", "workbook_builder").splitlines()
    return f"code: {git('rev-parse', '--short', 'HEAD') or '?'}" + (
        f" + {len(changed)} uncommitted file(s) in workbook_builder/" if changed else "")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.edit_matrix", description=__doc__
                                     .split("\n\n")[0])
    parser.add_argument("--kinds", help=f"comma-separated, of {','.join(KINDS)}")
    parser.add_argument("--edits", help=f"comma-separated, of {','.join(EDITS)}")
    parser.add_argument("--keep", type=Path, help="folder to keep the files in")
    parser.add_argument("--details", type=int, default=3, help="differing cells shown a case")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stderr)
    missing = uno_missing()
    if missing:
        print(f"skipped: {missing}")
        return 2
    print(tree_state())
    start = time.perf_counter()
    verdicts = run_matrix(args.kinds.split(",") if args.kinds else None,
                          args.edits.split(",") if args.edits else None, args.keep)
    print(table(verdicts, args.details))
    print(f"{len(verdicts)} cases in {time.perf_counter() - start:.0f} s")
    return 1 if any(v.silent or v.harness_failed for v in verdicts) else 0


if __name__ == "__main__":
    sys.exit(main())
