"""The club desk in headless Chromium against the CLI, in the same run.

The site is built into a temporary folder and served by a local ``http.server``; Debian's
Chromium (Playwright, ``executable_path``) loads it cold, in a fresh browser context
each time (no cache). A 1,000-game log (``bench.ledger.club_log``'s club, as CSV) is
imported through the page (pick the file, then the build button until the download) and
by ``workbook-builder import`` as a person runs it (a process, Python's start-up
included); the ledger that import wrote is repaired both ways the same. The issue's
targets: the first load at most 5 s, each task at most twice the CLI's time. Page
weight: every file of the site gzipped (as a static host sends it), and the part the
first load fetches.
"""

from __future__ import annotations

import csv
import gzip
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from desk.serve import launch, served

from .ledger import club_log
from .report import Config, Ratio, Section, count, seconds

REPO = Path(__file__).resolve().parent.parent
GAMES = 1_000
QUICK_GAMES = 100
PLAYERS = 100
LOAD_TARGET = 5.0
TEMPLATE = "ledger_tokin_ja.toml"
WAIT_MS = 600_000


def write_log(path: Path, games: int, seed: int) -> Path:
    """The club's games as the CSV a secretary exports (Japanese headers)."""
    with path.open("w", encoding="utf-8", newline="") as file:
        out = csv.writer(file)
        out.writerow(["日付", "対局者A", "対局者B", "勝敗"])
        for game in club_log(games, PLAYERS, seed)["Games"]:
            out.writerow([f"{game['Date']:%Y/%m/%d}", game["PlayerA"], game["PlayerB"],
                          game["Result"]])
    return path


def cli(*args: str) -> float:
    """Seconds the command line takes, started as a person starts it."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "workbook_builder", *args], check=True,
                   capture_output=True, cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)})
    return time.perf_counter() - start


def cold_load(browser: Any, origin: str, fetched: list[str]) -> tuple[Any, float]:
    """A fresh context (empty cache) from navigation until Python is ready."""
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  accept_downloads=True)
    context.on("request", lambda request: fetched.append(request.url))
    page = context.new_page()
    start = time.perf_counter()
    page.goto(origin)
    page.wait_for_function("window.deskLoadSeconds !== undefined", timeout=WAIT_MS)
    return page, time.perf_counter() - start


def answered(page: Any, act: Any) -> None:
    before = page.evaluate("window.deskAnswers || 0")
    act()
    page.wait_for_function(f"(window.deskAnswers || 0) > {before}", timeout=WAIT_MS)


def timed_download(page: Any, button: str, folder: Path) -> tuple[Path, float]:
    start = time.perf_counter()
    with page.expect_download(timeout=WAIT_MS) as done:
        page.click(button)
    path = folder / f"{time.perf_counter_ns()}-{done.value.suggested_filename}"
    done.value.save_as(path)
    return path, time.perf_counter() - start


def weight(site: Path, fetched: list[str], origin: str) -> tuple[int, int, int]:
    """Bytes of the site, gzipped; and gzipped, of what the first load fetched."""
    def packed(path: Path) -> int:
        return len(gzip.compress(path.read_bytes(), compresslevel=6))

    files = [p for p in site.rglob("*") if p.is_file()]
    first = {site / url.removeprefix(origin).split("?")[0] for url in fetched
             if url.startswith(origin)}
    first = {p if p.name else p / "index.html" for p in first}
    return (sum(p.stat().st_size for p in files), sum(packed(p) for p in files),
            sum(packed(p) for p in first if p.is_file()))


def run(config: Config) -> Section:
    from playwright.sync_api import sync_playwright

    from tests.test_desk_door import cells

    games = QUICK_GAMES if config.quick else GAMES
    loads = 1 if config.quick else 3
    with tempfile.TemporaryDirectory(prefix="bench-desk-") as tmp:
        work = Path(tmp)
        site = work / "site"
        subprocess.run([sys.executable, str(REPO / "desk" / "build_site.py"), str(site)],
                       check=True, capture_output=True, cwd=REPO,
                       env={**os.environ, "PYTHONPATH": str(REPO)})
        log = write_log(work / f"club_{games}.csv", games, config.seed)
        template = str(REPO / "templates" / TEMPLATE)
        with served(site) as origin, sync_playwright() as playwright:
            browser = launch(playwright)
            fetched: list[str] = []
            load_times = []
            for left in reversed(range(loads)):
                page, took = cold_load(browser, origin, fetched)
                load_times.append(took)
                if left:  # the last page stays open for the tasks
                    page.context.close()
            page.select_option("#import-rule", TEMPLATE)
            answered(page, lambda: page.set_input_files("#import-file", str(log)))
            web_ledger, web_import = timed_download(page, "#import-make", work)
            cli_ledger = work / "cli.xlsx"
            cli_import = cli("import", str(log), "-t", template, "--out", str(cli_ledger))
            page.click("[data-tab=check]")
            answered(page, lambda: page.set_input_files("#check-file", str(cli_ledger)))
            web_fixed, web_repair = timed_download(page, "#check-repair", work)
            cli_fixed = work / "cli-fixed.xlsx"
            cli_repair = cli("repair", str(cli_ledger), "--out", str(cli_fixed))
            browser.close()
        total, packed, first = weight(site, fetched[:len(fetched) // loads], origin)
        checks = {f"the page's ledger of {count(games)} games holds the CLI's cells":
                  cells(web_ledger) == cells(cli_ledger),
                  "the page's repaired ledger holds the CLI's cells":
                  cells(web_fixed) == cells(cli_fixed)}
    best = min(load_times)
    rows = [["cold first load (navigation → Python ready)", seconds(best), "–",
             f"target ≤ {LOAD_TARGET:g} s: {'met' if best <= LOAD_TARGET else 'missed'}"],
            [f"import of {count(games)} games", seconds(web_import), seconds(cli_import), ""],
            [f"repair of the {count(games)}-game ledger", seconds(web_repair),
             seconds(cli_repair), ""]]
    ratios = [Ratio("import: CLI time ÷ page time", cli_import / web_import, 0.5),
              Ratio("repair: CLI time ÷ page time", cli_repair / web_repair, 0.5)]
    notes = [f"Cold loads, each in a fresh browser context: "
             f"{', '.join(seconds(t) for t in load_times)} (the best counts).",
             f"Page weight: the whole site {total / 1e6:.1f} MB, {packed / 1e6:.1f} MB "
             f"gzipped; the first load fetches {first / 1e6:.1f} MB gzipped (Pyodide's "
             "core, the five wheels, the templates and the page).",
             "The CLI runs as a process (Python's start-up included), as a person runs it; "
             "the page's time is from the click to the finished download, the worker "
             "already loaded."]
    return Section("desk", "The club desk in Chromium against the CLI",
                   ["step", "page", "CLI", ""], rows, ratios, checks, notes)
