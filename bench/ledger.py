"""Club ledger scale: how LibreOffice's recalculation grows from 1,000 to 20,000 games.

A ledger row finds each player's previous game with a lookup over the rows above it
(``workbook_builder.formulas.ledger``), so a full recalculation should grow with the
square of the log; the figures show by how much in practice. The Tokin ledger in
monthly-list mode is measured (the heaviest: the monthly list adds lookups per
player), with 100 players, each file built with exactly its games filled in, stripped
of cached values and recalculated by one ``soffice`` each; an empty workbook timed in
the same call gives the start-up to subtract.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
import sys
import tempfile
import time
from pathlib import Path

from workbook_builder.build import TEMPLATES, build
from workbook_builder.libreoffice import soffice
from workbook_builder.package import strip_cached_values
from workbook_builder.template import load_template

from .recalc import empty_workbook, measure_recalc, mismatches
from .report import Config, Section, count, seconds, times

SIZES = (1_000, 5_000, 20_000)
QUICK_SIZES = (100, 200)
PLAYERS = 100
TEMPLATE = "ledger_tokin_ja"


def club_log(games: int, players: int, seed: int) -> dict[str, list[dict[str, object]]]:
    """A club's log: ``players`` members, ``games`` games, about 40 games a week."""
    rng = random.Random(seed)
    names = [f"会員{i:03d}" for i in range(1, players + 1)]
    roster = [{"Name": n, "Start": rng.randrange(900, 2200, 10)} for n in names]
    day, log = dt.date(2020, 1, 4), []
    for k in range(games):
        a, b = rng.sample(names, 2)
        log.append({"Date": day + dt.timedelta(days=7 * (k // 40)), "PlayerA": a,
                    "PlayerB": b, "Result": rng.choice((1, 0))})
    return {"Games": log, "Players": roster}


def run(config: Config) -> Section:
    headers = ["games", "formula cells", "build", "KB", "recalc (wall)", "net of start-up",
               "growth", "linear would be", "square would be"]
    try:
        soffice()
    except RuntimeError as exc:
        return Section("ledger", "Club ledger: LibreOffice recalculation at scale", headers,
                       [], notes=[f"skipped: {exc}"])
    sizes = QUICK_SIZES if config.quick else SIZES
    base = load_template(TEMPLATES / f"{TEMPLATE}.toml")
    rows: list[list[str]] = []
    checks: dict[str, bool] = {}
    with tempfile.TemporaryDirectory(prefix="bench-ledger-") as tmp:
        work = Path(tmp)
        files, built, build_s, cells = {}, {}, {}, {}
        for n in sizes:
            spec = dataclasses.replace(base, rows=n, players=PLAYERS, output=f"ledger_{n}")
            start = time.perf_counter()
            built[n] = build(spec, work / "built", tables=club_log(n, PLAYERS, config.seed))
            build_s[n] = time.perf_counter() - start
            files[n] = work / "files" / f"ledger_{n}.xlsx"
            files[n].parent.mkdir(parents=True, exist_ok=True)
            strip_cached_values(built[n], files[n])
            print(f"ledger: built {n:,} games in {build_s[n]:.1f} s", file=sys.stderr, flush=True)
        empty = empty_workbook(work / "files" / "empty.xlsx")
        out = work / "out"
        best = measure_recalc([empty, *files.values()], repeats=1, outdir=out,
                              warm_up=not config.quick)
        startup = best[empty].wall
        previous: tuple[int, float] | None = None
        for n in sizes:
            compared, wrong = mismatches(built[n], out / f"ledger_{n}.xlsx")
            cells[n] = compared
            checks[f"{n:,} games: LibreOffice's values equal the engine's cached values "
                   f"({count(compared)} cells)"] = wrong == 0
            net = best[files[n]].wall - startup
            growth = linear = square = "–"
            if previous is not None:
                m, prev_net = previous
                growth = times(net / prev_net) if prev_net > 0 else "n/a"
                linear, square = times(n / m), times((n / m) ** 2)
            rows.append([count(n), count(compared), seconds(build_s[n]),
                         f"{built[n].stat().st_size / 1024:,.0f}", seconds(best[files[n]].wall),
                         seconds(net), growth, linear, square])
            previous = (n, net)
    notes = [
        f"The {TEMPLATE} template (monthly lists on) with {PLAYERS} players; each file has "
        "exactly its games' rows, built with the games filled in and stripped of cached "
        "values, so LibreOffice computes every formula. One soffice run each (start-up "
        f"{seconds(startup)}, an empty workbook in the same call, subtracted in 'net').",
        "Growth compares each size with the one before: a game row's lookup stops at each "
        "player's previous game (the reversed list on _chain), so the whole sheet should "
        "grow like the log; the net time includes reading and writing the file.",
    ]
    return Section("ledger", "Club ledger: LibreOffice recalculation at scale", headers, rows,
                   checks=checks, notes=notes)
