"""Typing a result at the table: what one typed cell costs in LibreOffice, through UNO.

Typing results on a phone is the product's main use, and a spreadsheet recalculates
only the cells a typed cell makes dirty; how many that are depends on the formulas'
references, not on their values. So each ledger is built as a club would hold it
(cached values in, the last game half-typed), opened in LibreOffice, and timed for:
the missing result typed at the bottom, the result of game 5 fixed, and a full
recalculation. The edited file is saved by LibreOffice and audited with the engine:
fast but wrong figures would be worthless.

The UNO part runs under Debian's ``/usr/bin/python3`` (``bench/uno_typing.py``),
because the ``uno`` module is not on the Python index and the venv cannot import it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from openpyxl import load_workbook
from openpyxl.utils.cell import get_column_letter, range_boundaries

from workbook_builder.audit import audit
from workbook_builder.build import TEMPLATES, build
from workbook_builder.kit.cells import excel_serial
from workbook_builder.spec import MAX_ROWS
from workbook_builder.template import load_template

from .ledger import club_log
from .machine import load_average
from .report import Config, Section, count, times

SIZES = (1_000, 5_000, 20_000)
QUICK_SIZES = (40, 80)
PLAYERS = 40
SPARE_GAMES = 5
"""Empty game rows below the log, as in a file still in use."""
FIXED_GAME = 5
REPEATS = 3
"""Timings per figure (the median counts); odd, so the typed result ends up typed."""
LONG = 60.0
"""A first timing over this many seconds is the figure: no repeats (20,000 games)."""
SYSTEM_PYTHON = "/usr/bin/python3"
SCRIPT = Path(__file__).with_name("uno_typing.py")
UNO_TIMEOUT = 3600
TARGET_GROWTH, TARGET_SECONDS, DATE_SECONDS = 1.5, 0.3, 1.0
SEATS = 4

Tables = dict[str, list[dict[str, object]]]
Edit = tuple[str, str, object]
"""(sheet, cell, value); value None deletes what was typed."""


Where = Callable[[str, int], tuple[str, str]]
"""(defined name, row within it) → (sheet, cell) in the built file."""


@dataclass(frozen=True)
class Ledger:
    """A ledger template, its seeded club log, and the edits a secretary makes."""

    label: str
    template: str
    rows_per_game: int
    log: Callable[[int, int], Tables]
    """(games, seed) → the complete tables."""
    typed: str
    """Key (and defined name ``Games_<key>``) of the cell left for the person to type."""
    bottom: Callable[[list[dict[str, object]]], int]
    """Games rows → the row of the last game whose ``typed`` cell is left empty."""
    fix: Callable[[list[dict[str, object]], Where], list[list[Edit]]]
    """Games rows, cell finder → game 5 as fixed, then as it was."""
    date_row: Callable[[int], int] = lambda game: game
    """Game (0-based) → its Games row holding the date (the first of a four-player game)."""


def _tokin_fix(rows: list[dict[str, object]], where: Where) -> list[list[Edit]]:
    """Game 5's result flips between a win and a loss."""
    was = int(str(rows[FIXED_GAME - 1]["Result"]))
    sheet, cell = where("Games_Result", FIXED_GAME - 1)
    return [[(sheet, cell, 1 - was)], [(sheet, cell, was)]]


def date_fix(ledger: Ledger, rows: list[dict[str, object]], where: Where) -> list[list[Edit]]:
    """Game 5's date moved one day within its month, then back: a secretary's fix that
    changes no rating, so its cost is what the formulas' references make dirty."""
    row = ledger.date_row(FIXED_GAME - 1)
    typed = rows[row]["Date"]
    assert isinstance(typed, dt.date)
    day = typed.date() if isinstance(typed, dt.datetime) else typed
    moved = day + dt.timedelta(days=1)
    if moved.month != day.month:
        moved = day - dt.timedelta(days=1)
    sheet, cell = where("Games_Date", row)
    return [[(sheet, cell, excel_serial(moved))], [(sheet, cell, excel_serial(day))]]


def yonin_log(games: int, players: int, seed: int) -> Tables:
    """A four-player club: ``players`` members, ``games`` games (four rows each: the
    player, the place, the seat that knocked them out or T), about ten games a week."""
    rng = random.Random(seed)
    names = [f"会員{i:03d}" for i in range(1, players + 1)]
    roster: list[dict[str, object]] = [{"Name": n, "Start": rng.randrange(0, 2500, 10)}
                                       for n in names]
    day, rows = dt.datetime(2020, 1, 4), []
    for k in range(games):
        places = rng.sample(range(1, SEATS + 1), SEATS)
        seat_of = {place: seat for seat, place in enumerate(places)}
        game: list[dict[str, object]] = [
            {"Player": player, "Place": place}
            for player, place in zip(rng.sample(names, SEATS), places, strict=True)]
        for place in (4, 3, 2):
            foul = rng.random() < 0.05
            game[seat_of[place]]["KnockedBy"] = (
                "T" if foul else seat_of[rng.randint(1, place - 1)] + 1)
        game[0]["Date"] = day + dt.timedelta(days=7 * (k // 10))
        rows += game
    return {"Games": rows, "Players": roster}


def _yonin_bottom(rows: list[dict[str, object]]) -> int:
    """The winner's seat of the last game: typing its place completes the game."""
    first = len(rows) - SEATS
    return next(first + s for s in range(SEATS) if rows[first + s]["Place"] == 1)


def _yonin_fix(rows: list[dict[str, object]], where: Where) -> list[list[Edit]]:
    """In game 5 the runner-up wins instead: two places and two knocked-by cells, the
    way a secretary corrects it (the old winner is knocked out by the new one)."""
    first = (FIXED_GAME - 1) * SEATS
    seats = rows[first:first + SEATS]
    was = next(s for s, row in enumerate(seats) if row["Place"] == 1)
    now = next(s for s, row in enumerate(seats) if row["Place"] == 2)

    def at(name: str, seat: int, value: object) -> Edit:
        return (*where(name, first + seat), value)

    fixed = [at("Games_Place", was, 2), at("Games_Place", now, 1),
             at("Games_KnockedBy", was, now + 1), at("Games_KnockedBy", now, None)]
    back = [at("Games_Place", was, 1), at("Games_Place", now, 2),
            at("Games_KnockedBy", was, None), at("Games_KnockedBy", now, seats[now]["KnockedBy"])]
    return [fixed, back]


LEDGERS = (
    Ledger("Tokin ledger", "ledger_tokin_ja", 1, lambda n, seed: club_log(n, PLAYERS, seed),
           "Result", lambda rows: len(rows) - 1, _tokin_fix),
    Ledger("four-player ledger", "yonin_ledger_ja", SEATS,
           lambda n, seed: yonin_log(n, PLAYERS, seed), "Place", _yonin_bottom, _yonin_fix,
           lambda game: game * SEATS),
)


def defined_names(path: Path) -> dict[str, tuple[str, int, int]]:
    """Workbook-level names → (sheet, first column, first row), read by openpyxl
    without loading the sheets (read-only mode parses workbook.xml only)."""
    wb = load_workbook(path, read_only=True)
    try:
        found = {}
        for name, definition in wb.defined_names.items():
            for sheet, ref in definition.destinations:
                min_col, min_row, _, _ = range_boundaries(ref.replace("$", ""))
                if min_col is not None and min_row is not None:
                    found[name] = (sheet, min_col, min_row)
        return found
    finally:
        wb.close()


def uno_missing() -> str | None:
    """Why LibreOffice cannot be driven here, or None when it can."""
    if not (shutil.which("soffice") or shutil.which("libreoffice")):
        return "LibreOffice (soffice) is not installed"
    if not Path(SYSTEM_PYTHON).exists():
        return f"{SYSTEM_PYTHON} is missing (Debian's python3 with python3-uno)"
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import uno"], capture_output=True,
                           text=True, check=False)
    if probe.returncode != 0:
        return f"`{SYSTEM_PYTHON} -c 'import uno'` fails: apt-get install python3-uno"
    return None


def time_in_libreoffice(job: dict[str, Any], work: Path) -> dict[str, Any]:
    """Run ``uno_typing.py`` on ``job`` under the system Python; its JSON timings."""
    job_file = work / f"{Path(job['out']).stem}.json"
    job_file.write_text(json.dumps(job, ensure_ascii=False), "utf-8")
    done = subprocess.run([SYSTEM_PYTHON, str(SCRIPT), str(job_file)], capture_output=True,
                          text=True, timeout=UNO_TIMEOUT, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{SCRIPT.name} failed ({done.returncode}): "
                           f"{done.stderr.strip()[-800:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@dataclass(frozen=True)
class Measured:
    """One ledger at one size: the table row's figures and the audit's verdict."""

    games: int
    kb: float
    timings: dict[str, Any]
    checked: int
    wrong: int
    kept: bool
    """The saved file holds the typed result and game 5 as fixed."""


def measure(ledger: Ledger, games: int, seed: int, work: Path) -> Measured:
    """Build the ledger with its last game half-typed, time the edits in LibreOffice,
    audit the file LibreOffice saved."""
    full = ledger.log(games, seed)
    rows = full["Games"]
    bottom = ledger.bottom(rows)
    value = rows[bottom][ledger.typed]
    half = [dict(row) for row in rows]
    del half[bottom][ledger.typed]
    spare = SPARE_GAMES * ledger.rows_per_game
    spec = dataclasses.replace(load_template(TEMPLATES / f"{ledger.template}.toml"),
                               rows=min(len(rows) + spare, MAX_ROWS),
                               output=f"{ledger.template}_{games}")
    built = build(spec, work / "built", tables={**full, "Games": half})
    names = defined_names(built)

    def where(name: str, row: int) -> tuple[str, str]:
        sheet, column, first = names[name]
        return sheet, f"{get_column_letter(column)}{first + row}"

    typed_cell = where(f"Games_{ledger.typed}", bottom)
    saved = work / "saved" / built.name
    saved.parent.mkdir(parents=True, exist_ok=True)
    fix = ledger.fix(rows, where)
    job = {"file": str(built), "out": str(saved), "repeats": REPEATS, "long": LONG,
           "typed": [[(*typed_cell, value)], [(*typed_cell, None)]], "fix": fix,
           "date": date_fix(ledger, rows, where)}
    timings = time_in_libreoffice(job, work)
    report = audit(saved)
    last_fix = fix[(len(timings["fix"]) - 1) % len(fix)]
    kept = holds(saved, [(*typed_cell, value), *last_fix])
    return Measured(games, built.stat().st_size / 1024, timings, report.checked,
                    len(report.findings) + report.not_calculated, kept)


def holds(path: Path, edits: list[Edit]) -> bool:
    """Whether the saved file holds the edits' values: an audit alone would also pass
    if LibreOffice had dropped the edits."""
    wb = load_workbook(path, read_only=True)
    try:
        return all(wb[sheet][cell].value == value for sheet, cell, value in edits)
    finally:
        wb.close()


TITLE = "Typing a result: LibreOffice through UNO"
HEADERS = ["ledger", "games", "file KB", "one typed cell (s)", "fix game 5 (s)",
           "game 5's date (s)", "full recalculation (s)", "audit after edits"]


def sizes_for(ledger: Ledger, config: Config) -> tuple[list[int], list[str]]:
    """The sizes this ledger is measured at, and a note for each size it cannot hold."""
    wanted = QUICK_SIZES if config.quick else SIZES
    limit = MAX_ROWS // ledger.rows_per_game
    notes = [f"{ledger.label}: {n:,} games skipped: the template holds at most "
             f"{MAX_ROWS:,} sheet rows ({ledger.rows_per_game} a game: {limit:,} games)"
             for n in wanted if n > limit]
    return [n for n in wanted if n <= limit], notes


def _row(ledger: Ledger, m: Measured) -> list[str]:
    t = m.timings
    verdict = (f"0 wrong of {count(m.checked)}" if m.wrong == 0
               else f"{count(m.wrong)} wrong of {count(m.checked)}")
    return [ledger.label, count(m.games), f"{m.kb:,.0f}", f"{t['typed_median']:.3f}",
            f"{t['fix_median']:.3f}", f"{t['date_median']:.3f}", f"{t['full_median']:.3f}",
            verdict]


def _growth_note(ledger: Ledger, measured: list[Measured], key: str = "typed") -> str:
    """The issues' targets: a typed cell (``typed``) or game 5's date moved (``date``)
    at most 1.5× the small file's time going from 1,000 to 20,000 games, and at most
    0.3 s (1 s for the date); reported, never asserted."""
    small, big = measured[0], measured[-1]
    a, b = small.timings[f"{key}_median"], big.timings[f"{key}_median"]
    ratio = b / a if a > 0 else float("inf")
    limit = TARGET_SECONDS if key == "typed" else DATE_SECONDS
    met = ratio <= TARGET_GROWTH and b <= limit
    what = "one typed cell" if key == "typed" else "moving game 5's date in its month"
    return (f"{ledger.label}: {what} at {big.games:,} games takes {times(ratio)} "
            f"the {small.games:,}-game time ({b:.3f} s vs {a:.3f} s); target ≤ "
            f"{TARGET_GROWTH:g}× and ≤ {limit:g} s: {'met' if met else 'missed'}")


def run(config: Config) -> Section:
    missing = uno_missing()
    if missing is not None:
        return Section("edit", TITLE, HEADERS, [], notes=[f"skipped: {missing}"])
    rows: list[list[str]] = []
    checks: dict[str, bool] = {}
    notes: list[str] = []
    load_before = load_average()
    with tempfile.TemporaryDirectory(prefix="bench-edit-") as tmp:
        for ledger in LEDGERS:
            sizes, skipped = sizes_for(ledger, config)
            notes += skipped
            measured = []
            for n in sizes:
                m = measure(ledger, n, config.seed, Path(tmp))
                print(f"edit: {ledger.label}, {n:,} games: {json.dumps(m.timings)}",
                      file=sys.stderr, flush=True)
                measured.append(m)
                rows.append(_row(ledger, m))
                checks[f"{ledger.label}, {n:,} games: audit of the file LibreOffice saved "
                       f"after the edits finds every value right ({count(m.checked)} "
                       "cells)"] = m.wrong == 0
                checks[f"{ledger.label}, {n:,} games: the saved file holds the typed result "
                       "and game 5 as fixed"] = m.kept
            if len(measured) > 1:
                notes += [_growth_note(ledger, measured, key) for key in ("typed", "date")]
    notes += _method_notes(load_before)
    return Section("edit", TITLE, HEADERS, rows, checks=checks, notes=notes)


def _method_notes(load_before: str) -> list[str]:
    return [
        f"Each file: the project's builder (cached values in, {PLAYERS} players on the "
        "template's Players rows, the others blank as in a club's file, "
        f"{SPARE_GAMES} empty game rows below the log where the template allows), the last "
        "game half-typed; one soffice per file (LibreOffice "
        "headless, Hidden=True), driven from /usr/bin/python3 by bench/uno_typing.py.",
        f"Each figure is the median of {REPEATS} timings, or a single one when that took "
        f"over {LONG:g} s (time.perf_counter around the "
        "edit and doc.calculate(), which recalculates the dirty cells only). One typed "
        "cell: the missing result (Tokin) or the winner's place (four-player) of the "
        "last game typed (repeats: deleted, typed again). Fix game 5: its result "
        "flipped (Tokin: one cell; four-player: the runner-up wins, two places and two "
        "knocked-by cells, one calculate()); repeats flip it back and again. Game 5's "
        "date: moved one day within its month, then back (no rating changes). Full "
        "recalculation: "
        "doc.calculateAll(). File KB: the built file.",
        "Audit: LibreOffice stores the edited document as xlsx; workbook_builder.audit "
        "recomputes every computed cell with the engine from the file's own inputs.",
        f"Load average (1, 5, 15 min) before: {load_before}; after: {load_average()} "
        f"on {os.cpu_count()} cores shared with other work: compare figures within one run.",
    ]
