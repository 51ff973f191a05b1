"""Session fixtures for the builder tests: build once, recalculate once.

Every workbook the tests want recalculated is prepared first and handed to ONE
LibreOffice call (start-up dominates its cost). Inputs are written with openpyxl,
whose save drops cached values, and shipped files are stripped of theirs, so
LibreOffice really computes every formula instead of trusting the builder.

LibreOffice, Gnumeric and the test modules' own slow jobs (:func:`early`) work in the
background while the other tests run: the jobs are prepared and the programs started at
the beginning of the session, and the test modules that read their results run last
(:func:`pytest_collection_modifyitems`).
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENPYXL_LXML", "False")  # as workbook_builder/__init__.py, and first

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.utils.cell import range_boundaries

from tests.sheetvalues import read_cells
from workbook_builder.build import TEMPLATES, build, build_all
from workbook_builder.package import strip_cached_values
from workbook_builder.sheets import SHEET_TYPES
from workbook_builder.template import load_template

REPO = Path(__file__).resolve().parents[1]
os.environ["LC_MESSAGES"] = "en_US.UTF-8"
"""The command line's messages in English unless a test asks (its texts are asserted in
English; tests/test_messages.py checks the Japanese). LC_MESSAGES changes no number or
date format, in this process or in LibreOffice."""
SYSTEM_OF = {p.stem: load_template(p).system for p in sorted(TEMPLATES.glob("*.toml"))}


NO_ENGINE_HERE = {"lambda": "LibreOffice 7.4 and Gnumeric have no LAMBDA: "
                            "tests/test_lambda.py evaluates each call through LET in formulas"}
"""Workbook types no spreadsheet program on these machines computes, with the reason."""


def shipped(system: str) -> list[str]:
    """Names of the shipped templates of one rule system (e.g. mosaic_ja, mosaic_en)."""
    return [name for name, s in SYSTEM_OF.items() if s == system]


def column_cells(wb, name: str) -> tuple[str, str, int, int]:
    """(sheet title, column letter, first row, last row) of a defined column name."""
    ((title, ref),) = list(wb.defined_names[name].destinations)
    _, min_row, _, max_row = range_boundaries(ref.replace("$", ""))
    letter = ref.replace("$", "").split(":")[0].rstrip("0123456789")
    return title, letter, min_row, max_row


def lang_of(name: str) -> str:
    """The language of a template or job name: ``mosaic_ja`` → ``ja``."""
    return name.rsplit("_", 1)[1]


def column(wb, name: str, with_lead: bool = False) -> list[object]:
    """The values of a defined column name, top to bottom; ``with_lead``: from the row
    above its first (a personal sheet's 自分 row, a Settings table's heading)."""
    title, letter, first, last = column_cells(wb, name)
    ws = wb[title]
    return [ws[f"{letter}{n}"].value for n in range(first - with_lead, last + 1)]


def games_column(wb, key: str, with_lead: bool = False) -> list[object]:
    """:func:`column` of ``Games_<key>``, a personal sheet's game column."""
    return column(wb, f"Games_{key}", with_lead)


def assert_inputs_kept(typed, shown, keys, rows: list[dict[str, object]]) -> None:
    """The Games inputs ``keys`` of the workbook ``typed`` hold ``rows``, and the
    recalculated ``shown`` shows them unchanged: nothing a person typed is lost."""
    for key in keys:
        values = games_column(typed, key)[: len(rows)]
        assert values == [row.get(key) for row in rows], key
        assert games_column(shown, key)[: len(rows)] == values, key


ERRORS = {"#VALUE!", "#N/A", "#DIV/0!", "#NAME?", "#REF!", "#NUM!", "#NULL!", "Err:502",
          "Err:504", "Err:508", "Err:522"}
"""Error values as a recalculated workbook shows them (LibreOffice's own Err:5xx too)."""
CHART = ("Games_ChartX", "Games_ChartY")
"""A personal sheet's chart helper columns: #N/A where the chart leaves a row out."""


def chart_cells(wb) -> set[tuple[str, str]]:
    """(sheet title, cell) of the chart helper columns; none in a workbook without."""
    cells = set()
    for name in CHART:
        if name in wb.defined_names:
            title, letter, first, last = column_cells(wb, name)
            cells.update({(title, f"{letter}{r}") for r in range(first, last + 1)})
    return cells


def assert_no_error_values(wb, chart_blanks: bool = False) -> None:
    """No error value in any cell, and a number or #N/A in each chart helper cell (or,
    with ``chart_blanks``, nothing: a bad starting rating on Settings leaves the chart no
    start point)."""
    chart = chart_cells(wb)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if (ws.title, cell.coordinate) in chart:
                    assert isinstance(cell.value, (int, float)) or cell.value == "#N/A" or (
                        chart_blanks and cell.value is None), f"{ws.title}!{cell.coordinate}"
                else:
                    assert cell.value not in ERRORS, f"{ws.title}!{cell.coordinate}"


def outside(path: Path) -> list[str]:
    """What ``repair`` would report of ``path`` beyond its tables (values, formulas,
    comments of one's own), against the rebuild of what it holds."""
    from workbook_builder.build import build_workbook
    from workbook_builder.kept import values_outside
    from workbook_builder.readback import open_project_workbook, read_typed

    opened = open_project_workbook(path)
    typed = read_typed(opened)
    rebuilt, _ = build_workbook(typed.spec, typed.rows, tables=typed.tables)
    return values_outside(opened, typed, rebuilt).lines


def fill(path: Path, dst: Path, rows: list[dict[str, object]]) -> None:
    """Type ``rows`` into the Games inputs of ``path`` via openpyxl and save as ``dst``."""
    wb = load_workbook(path)
    for i, row in enumerate(rows):
        for key, value in row.items():
            title, letter, first, _ = column_cells(wb, f"Games_{key}")
            cell = wb[title][f"{letter}{first + i}"]
            cell.value = value
            if isinstance(value, str) and cell.data_type in ("f", "e"):
                cell.data_type = "s"
    wb.save(dst)


ENGINE_FIXTURES = frozenset({"recalc", "gnumeric", "early_jobs"})
"""Session fixtures that start work in the background; the modules using them run last."""


SLOW_FIXTURES = {"built", "opened", "recalc", "gnumeric", "early_jobs"}
"""Fixtures that build every workbook or start a spreadsheet program: not in ``--fast``."""
SLOW_MODULES = {"test_lite", "test_lite_pyodide", "test_quickstart", "test_table_edits",
                "test_bench", "test_ooxml_validity", "test_import", "test_audit_repair",
                "test_grow", "test_settings_edits", "test_earlier_versions"}
"""Modules whose every test builds, installs or recalculates (a fresh venv, Pyodide, a
clone, LibreOffice through UNO): not in ``--fast``."""


def pytest_addoption(parser) -> None:
    parser.addoption("--fast", action="store_true",
                     help="the edit-test loop's subset: no full build, no spreadsheet program, "
                          "no fresh environment (scripts/test.sh --fast)")


def _leave_out_slow(config, items) -> None:
    """``--fast``: leave out what builds every workbook or runs another program."""
    slow = [item for item in items if SLOW_FIXTURES & set(item.fixturenames)
            or item.module.__name__.rpartition(".")[2] in SLOW_MODULES
            or item.get_closest_marker("slow")]
    if slow:
        config.hook.pytest_deselected(items=slow)
        chosen = set(map(id, slow))
        items[:] = [item for item in items if id(item) not in chosen]


@pytest.hookimpl(trylast=True)  # after -k / -m deselection
def pytest_collection_modifyitems(config, items) -> None:
    """Modules that read LibreOffice's or Gnumeric's results, or an early job's, run
    last, the others first, each module kept whole (its module fixtures are made once)."""
    if config.getoption("--fast"):
        _leave_out_slow(config, items)
    wanted = {name for item in items for name in ENGINE_FIXTURES & set(item.fixturenames)}
    late = {item.module for item in items if ENGINE_FIXTURES & set(item.fixturenames)}
    items.sort(key=lambda item: item.module in late)  # stable: file order otherwise
    config.stash[_STARTED_EARLY] = wanted
    config.stash[_COLLECTED] = {item.module for item in items}


_STARTED_EARLY = pytest.StashKey[set[str]]()
_COLLECTED = pytest.StashKey[set[object]]()


@pytest.fixture(scope="session", autouse=True)
def _engines_started_early(request) -> None:
    """Start the early jobs, LibreOffice and Gnumeric at the beginning when a collected
    test needs them."""
    wanted = request.config.stash.get(_STARTED_EARLY, set())
    if "early_jobs" in wanted:
        request.getfixturevalue("early_jobs")
    if wanted & {"recalc", "gnumeric"}:
        request.getfixturevalue("gnumeric" if shutil.which("ssconvert") else "recalc")


def in_background() -> None:
    """Lower the priority of this thread and of the programs it starts: the tests on the
    main thread are the suite's critical path, the background work only has to be done
    by the time a test asks for it. (On Linux the nice value is a thread's own.)"""
    os.setpriority(os.PRIO_PROCESS, 0, 10)


EarlyJob = Callable[[dict[str, Path], Path], object]


def early(job: EarlyJob) -> EarlyJob:
    """Mark ``job(built, work)``, a test module's function that prepares files in ``work``
    and recalculates them, to run from the start of the session in a process of its own;
    the module waits for its result with ``early_jobs[job.__name__].result()``."""
    job.early = True  # type: ignore[attr-defined]
    return job


@pytest.fixture(scope="session")
def early_jobs(request, built, tmp_path_factory) -> Iterator[dict[str, Future[object]]]:
    """The marked jobs of the collected modules by function name, two at a time in
    worker processes (they mostly wait on LibreOffice)."""
    marked = {job.__name__: job for module in request.config.stash.get(_COLLECTED, set())
              for job in vars(module).values() if getattr(job, "early", False) is True}
    pool = ProcessPoolExecutor(max_workers=2, initializer=in_background)
    yield {name: pool.submit(job, built, tmp_path_factory.mktemp(name))
           for name, job in sorted(marked.items())}
    pool.shutdown(wait=True, cancel_futures=True)


@dataclass
class Recalc:
    """Workbooks recalculated by LibreOffice, by job name (``<kind>_<template>``).

    ``results`` waits for the LibreOffice call running in the background."""

    sources: dict[str, Path] = field(default_factory=dict)
    inputs: dict[str, list[dict[str, object]]] = field(default_factory=dict)
    pending: Future[dict[str, Path]] | None = None
    compared: dict[str, Future[tuple[int, list[str]]]] = field(default_factory=dict)
    """job → :func:`cached_mismatches` of its file with the builder's cached values
    (:func:`_cached_source`) and LibreOffice's result, started in the background as soon
    as LibreOffice is done."""

    @property
    def results(self) -> dict[str, Path]:
        assert self.pending is not None, "LibreOffice was not started"
        return self.pending.result()

    def assert_cached_equal(self, job: str, min_cells: int) -> None:
        """:func:`assert_cached_equal` of LibreOffice's ``job`` and the built file it
        recalculated, whose cached values are the engine's (:func:`_cached_source`)."""
        assert job in self.results, f"{job}: not recalculated"
        assert job in self.compared, f"{job}: no built file with cached values"
        assert_no_mismatch(*self.compared[job].result(), min_cells)


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> dict[str, Path]:
    """Every template built into a fresh folder, by template name."""
    out = tmp_path_factory.mktemp("built")
    paths = sorted(TEMPLATES.glob("*.toml"))
    return dict(zip((p.stem for p in paths), build_all([load_template(p) for p in paths], out),
                    strict=True))


class Opened(dict[str, Workbook]):
    """Built workbooks loaded by openpyxl, each once, on first use, by template name.

    For tests that only read a workbook: loading a ledger (its shared formulas translated
    cell by cell) takes seconds, and several tests read every workbook."""

    def __init__(self, built: dict[str, Path]) -> None:
        super().__init__()
        self.built = built

    def __missing__(self, name: str) -> Workbook:
        self[name] = load_workbook(self.built[name])
        return self[name]


@pytest.fixture(scope="session")
def lite_files(tmp_path_factory) -> Path:
    """The xlwings Lite files (main.py, requirements.txt) written once for the session."""
    from workbook_builder import lite

    folder = tmp_path_factory.mktemp("lite")
    lite.write(folder)
    return folder


@pytest.fixture(scope="session")
def opened(built) -> Opened:
    """Every built workbook as openpyxl reads it: do not change them."""
    return Opened(built)


@pytest.fixture(scope="session")
def compare_pool() -> Iterator[ProcessPoolExecutor]:
    """Processes that compare recalculated workbooks with their expected values in the
    background: loading three workbooks a comparison is most of a checking test's time,
    and the tests on the main thread need not wait for it."""
    pool = ProcessPoolExecutor(max_workers=2, initializer=in_background)
    yield pool
    pool.shutdown(wait=True, cancel_futures=True)


@pytest.fixture(scope="session")
def recalc(built, compare_pool, tmp_path_factory) -> Iterator[Recalc]:
    """All recalculation jobs of the suite in one soffice call."""
    if shutil.which("soffice") is None:
        pytest.skip("LibreOffice (soffice) is not installed")
    from workbook_builder.libreoffice import recalculate

    work = tmp_path_factory.mktemp("jobs")
    jobs = Recalc()
    # Each template's files are built in a process of their own, one per core.
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        parts = [pool.submit(_template_jobs, name, system, SEEDS[name], built[name], work)
                 for name, system in SYSTEM_OF.items() if system not in NO_ENGINE_HERE]
        for part in parts:
            done = part.result()
            jobs.sources.update(done.sources)
            jobs.inputs.update(done.inputs)
    _add_tampered_job(jobs, built, work)
    names = [k for k in jobs.sources if not k.startswith(("excached_", "cached_"))]

    def half(part: list[str]) -> dict[str, Path]:
        in_background()
        outs = recalculate([jobs.sources[k] for k in part], work / "out")
        return dict(zip(part, outs, strict=True))

    def run() -> dict[str, Path]:
        # two soffice processes, one a core: one alone took over five minutes with the
        # other early jobs beside it
        with ThreadPoolExecutor(max_workers=2) as halves:
            parts = [halves.submit(half, names[i::2]) for i in range(2)]
            results = {job: path for part in parts for job, path in part.result().items()}
        for job in sorted(results, key=lambda j: j.partition("_")[::-1]):  # the tests' order
            cached = _cached_source(job, jobs, built)
            if cached is not None:
                jobs.compared[job] = compare_pool.submit(cached_mismatches, cached,
                                                         results[job])
        return results

    pool = ThreadPoolExecutor(max_workers=1)  # waits on soffice: the tests go on meanwhile
    jobs.pending = pool.submit(run)
    yield jobs
    pool.shutdown(wait=True, cancel_futures=True)


def _cached_source(job: str, jobs: Recalc, built: dict[str, Path]) -> Path | None:
    """The file with the builder's cached values that LibreOffice's ``job`` must equal:
    the shipped file for ``stripped_<t>``, the example built with its cached values for
    ``example_<t>``, and a ledger job's file as built with its tables (``cached_<job>``)."""
    kind, _, name = job.partition("_")
    if kind == "stripped":
        return built[name]
    if kind == "example":
        return jobs.sources.get(f"excached_{name}")
    return jobs.sources.get(f"cached_{job}")


def _template_jobs(name: str, system: str, seed: int, path: Path, work: Path) -> Recalc:
    """One template's jobs: the shipped file stripped of its values, the file filled
    with the system's seeded random inputs (``conform_``), and the file built with the
    case's bad rows followed by the sheet's examples (``example_``)."""
    from tests.sheetcases import CASES

    jobs = Recalc()
    case = CASES.get(system)
    if case is None:
        return jobs
    spec = load_template(TEMPLATES / f"{name}.toml")
    jobs.sources[f"stripped_{name}"] = work / f"stripped_{name}.xlsx"
    strip_cached_values(path, jobs.sources[f"stripped_{name}"])
    if hasattr(case, "random_tables"):
        _add_ledger_jobs(jobs, case, spec, name, seed, work)
        return jobs
    games = case.random_inputs(seed, spec.rows)
    jobs.inputs[f"conform_{name}"] = games
    jobs.sources[f"conform_{name}"] = work / f"conform_{name}.xlsx"
    fill(path, jobs.sources[f"conform_{name}"], games)
    # the bad rows first, so their indices and their chain from the start hold; the
    # sheet's own examples follow (checked against the builder's cached values)
    examples = [*case.BAD_ROWS, *SHEET_TYPES[system].example_inputs(spec.lang)]
    jobs.inputs[f"example_{name}"] = examples
    example = build(spec, work / "example", inputs=examples)
    jobs.sources[f"excached_{name}"] = example
    jobs.sources[f"example_{name}"] = work / f"example_{name}.xlsx"
    strip_cached_values(example, jobs.sources[f"example_{name}"])
    for kind, (constants, rows) in _variants(case, seed).items():
        _add_variant_job(jobs, spec, f"{kind}_{name}", constants, rows, work)
    return jobs


def _variants(case, seed: int) -> dict[str, tuple[dict[str, float], list[dict[str, object]]]]:
    """A personal sheet's jobs with other constants, by kind: a sheet rated per game or by
    period switched to by period with the case's seeded games (``periods``) and its bad
    rows (``periodbad``), then the case's worked ``EXAMPLES``."""
    out = {}
    if hasattr(case, "BY_PERIOD_SETTLED"):
        out["periods"] = ({"periods": 1.0}, case.random_inputs(1000 + seed, 200))
        out["periodbad"] = ({"periods": 1.0}, case.BAD_ROWS)
    return {**out, **getattr(case, "EXAMPLES", {})}


def _add_variant_job(jobs: Recalc, spec, job: str, constants: dict[str, float],
                     rows: list[dict[str, object]], work: Path) -> None:
    """``spec`` with ``constants``, built with ``rows`` typed and the engine's cached values
    (``cached_<job>``), and stripped of them (``<job>``)."""
    variant = dataclasses.replace(spec, constants={**spec.constants, **constants}, output=job)
    built = build(variant, work / job.partition("_")[0], inputs=rows)
    jobs.sources[f"cached_{job}"] = built
    jobs.inputs[job] = rows
    jobs.sources[job] = work / f"{job}.xlsx"
    strip_cached_values(built, jobs.sources[job])


SEEDS = {name: 1000 + i for i, name in enumerate(
    n for n, s in SYSTEM_OF.items() if s not in NO_ENGINE_HERE)}
"""Each template's seed for its random inputs: the same in :func:`recalc` and
:func:`builder_logs`, so both check the same log."""


def sized_for(spec, tables: dict[str, list[dict[str, object]]]):
    """``spec`` with just the rows ``tables`` need: a ledger's recalculation grows with its
    rows squared."""
    return dataclasses.replace(spec, rows=len(tables["Games"]) + 10,
                               players=max(len(tables["Players"]) + 3, 12))


class BuilderLogs:
    """Each template built with its seeded inputs (those of :func:`recalc`'s ``conform_``
    job) and the builder's cached values, on first use: what the engine-side value
    functions give, with no spreadsheet program. A ledger's inputs are its tables, a
    personal sheet's its Games rows."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.logs: dict[str, tuple[Any, Path]] = {}

    def __getitem__(self, name: str) -> tuple[Any, Path]:
        """``name``'s inputs and the file built with them."""
        if name not in self.logs:
            from tests.sheetcases import CASES

            spec = load_template(TEMPLATES / f"{name}.toml")
            case, out = CASES[spec.system], self.work / name
            if hasattr(case, "random_tables"):
                tables = case.random_tables(SEEDS[name], spec)
                self.logs[name] = tables, build(sized_for(spec, tables), out, tables=tables)
            else:
                games = case.random_inputs(SEEDS[name], spec.rows)
                self.logs[name] = games, build(spec, out, inputs=games)
        return self.logs[name]


@pytest.fixture(scope="session")
def builder_logs(tmp_path_factory) -> BuilderLogs:
    """The seeded logs as the builder writes them (:class:`BuilderLogs`): the conformance
    checks run on these in ``--fast`` too, where no spreadsheet program runs."""
    return BuilderLogs(tmp_path_factory.mktemp("builder_logs"))


def _add_ledger_jobs(jobs: Recalc, case, spec, name: str, seed: int, work: Path) -> None:
    """A ledger's jobs: several input tables, so each file is built with them filled.

    A ledger case gives ``random_tables(seed, spec)`` and ``BAD_TABLES`` (or
    ``bad_tables(spec)``), both ``{"Games": rows, "Players": rows}``, and may give
    ``edit(tables)``: the conform log with a past game changed (job ``edited_<name>``).
    ``sources["cached_<job>"]`` keeps each built file with the engine's cached values;
    the job itself is that file stripped of them.
    """
    conform = case.random_tables(seed, spec)
    bad = case.bad_tables(spec) if hasattr(case, "bad_tables") else case.BAD_TABLES
    kinds = [("conform", conform), ("bad", bad)]
    if hasattr(case, "edit") and spec.lang == "ja":  # the chain is the same in any language
        kinds.append(("edited", case.edit(conform)))
    for kind, tables in kinds:
        job = f"{kind}_{name}"
        filled = build(sized_for(spec, tables), work / kind, tables=tables)
        jobs.sources[f"cached_{job}"] = filled
        jobs.inputs[job] = tables
        jobs.sources[job] = work / f"{job}.xlsx"
        strip_cached_values(filled, jobs.sources[job])


TAMPERED_ROW = 4
"""Data row (0-based) whose shown rating the audit test types over with 999."""
TAMPERED_CHAIN_ROW = 12
"""Data row whose hidden running rating (the chain itself) is typed over with 500."""


def _add_tampered_job(jobs: Recalc, built: dict[str, Path], work: Path) -> None:
    """A filled MOSAIC sheet with one formula typed over, for audit and repair."""
    from tests.sheetcases.mosaic import random_inputs

    name = shipped("mosaic")[0]
    games = random_inputs(77, 30)
    path = work / "tampered.xlsx"
    fill(built[name], path, games)
    wb = load_workbook(path)
    title, letter, first, _ = column_cells(wb, "Games_Rating")
    wb[title][f"{letter}{first + TAMPERED_ROW}"] = 999
    title, letter, _, _ = column_cells(wb, "Games_Running")  # its range starts at the Me row
    wb[title][f"{letter}{first + TAMPERED_CHAIN_ROW}"] = 500
    wb.save(path)
    jobs.sources["tampered"] = path
    jobs.inputs["tampered"] = games


def cached_jobs() -> list[str]:
    """Names of the :func:`recalc` jobs whose file the builder wrote with the engine's
    cached values (:func:`_cached_source`), known before the fixtures run (for
    parametrize).

    ``stripped_<t>`` for every template with a sheet case; for each personal sheet its
    ``example_`` and its variants (:func:`_variants`); for
    each ledger its seeded log, its bad tables and, in Japanese when the case edits a past
    game, the edited log (``conform_``, ``bad_``, ``edited_``).
    """
    from tests.sheetcases import CASES

    jobs = []
    for name, system in SYSTEM_OF.items():
        case = CASES.get(system)
        if system in NO_ENGINE_HERE or case is None:
            continue
        kinds = ["stripped"]
        if not hasattr(case, "random_tables"):
            kinds += ["example", *_variants(case, 0)]
        else:
            kinds += ["conform", "bad"]
            if hasattr(case, "edit") and load_template(TEMPLATES / f"{name}.toml").lang == "ja":
                kinds.append("edited")
        jobs += [f"{kind}_{name}" for kind in kinds]
    return jobs


def gnumeric_jobs() -> list[str]:
    """Names of the Gnumeric jobs, known before the fixtures run (for parametrize).

    ``shipped_<t>`` for every template; for each personal sheet the filled jobs of
    :func:`recalc` (``conform_``, ``example_``); for each ledger its seeded log and its
    bad tables (``conform_``, ``bad_``).
    """
    from tests.sheetcases import CASES

    jobs = []
    for name, system in SYSTEM_OF.items():
        if system in NO_ENGINE_HERE:
            continue
        jobs.append(f"shipped_{name}")
        case = CASES.get(system)
        if case is None:
            continue
        ledger = hasattr(case, "random_tables")
        kinds = ["conform", "bad"] if ledger else ["conform", "example"]
        jobs += [f"{kind}_{name}" for kind in kinds]
    return jobs


@pytest.fixture(scope="session")
def gnumeric(recalc, built, compare_pool, tmp_path_factory) -> Iterator[Converted]:
    """Every shipped and filled workbook of :func:`recalc` recalculated by Gnumeric.

    ``ssconvert`` takes one file a call, so two run at a time. Expected values: the
    builder's cached (engine) values where the file has them (shipped, example, ledger
    jobs); for the personal sheets filled by openpyxl, which hold none, LibreOffice's
    results, which the per-system tests check against the engine.
    """
    if shutil.which("ssconvert") is None:
        pytest.skip("Gnumeric (ssconvert) is not installed")
    out = tmp_path_factory.mktemp("gnumeric")
    plan: dict[str, tuple[Path, Callable[[], Path], Path]] = {}
    """job → (recalculated, expected values, formulas); LibreOffice's results are awaited
    only when a test asks for them."""
    for job in gnumeric_jobs():
        kind, name = job.split("_", 1)
        if kind == "shipped":
            source = recalc.sources.get(f"stripped_{name}", built[name])
            plan[job] = (source, lambda n=name: built[n], built[name])
        elif f"cached_{job}" in recalc.sources:
            plan[job] = (recalc.sources[job], lambda j=job: recalc.sources[f"cached_{j}"],
                         recalc.sources[job])
        elif kind == "example":
            cached = recalc.sources[f"excached_{name}"]
            plan[job] = (recalc.sources[job], lambda c=cached: c, cached)
        else:
            plan[job] = (recalc.sources[job], lambda j=job: recalc.results[j],
                         recalc.sources[job])

    def convert(job: str) -> Future[tuple[int, list[str]]]:
        in_background()
        source, expected, formulas = plan[job]
        result = out / f"{job}.xlsx"
        subprocess.run(["ssconvert", "--recalc", str(source), str(result)],
                       capture_output=True, timeout=600, check=True)
        return compare_pool.submit(differing_cells, formulas, expected(), result)

    pool = ThreadPoolExecutor(max_workers=2)
    futures = {job: pool.submit(convert, job) for job in plan}
    yield Converted(futures, {job: out / f"{job}.xlsx" for job in plan})
    pool.shutdown(wait=True, cancel_futures=True)


@dataclass(frozen=True)
class Converted:
    """Per job, Gnumeric's result compared with the expected values: (formula cells,
    those that differ), each awaited when a test asks for it."""

    futures: dict[str, Future[Future[tuple[int, list[str]]]]]
    paths: dict[str, Path]
    """The files Gnumeric saved, each there once its job's future is done."""

    def __getitem__(self, job: str) -> tuple[int, list[str]]:
        return self.futures[job].result().result()

    def saved(self, job: str) -> Path:
        """The file Gnumeric saved for ``job``."""
        self.futures[job].result()
        return self.paths[job]


def differing_cells(formulas_path: Path, expected_path: Path,
                    result_path: Path) -> tuple[int, list[str]]:
    """(formula cells compared, those whose value in ``result_path`` differs).

    Numbers are equal within 1e-9; blank and "" are the same, 0 and "" are not.
    """
    return compare_formula_cells(formulas_path, expected_path, _values_of(result_path))


def compare_formula_cells(formulas_path: Path, expected_path: Path,
                          shown: Callable[[str, str], object]) -> tuple[int, list[str]]:
    """(formula cells of ``formulas_path``, those where ``shown(sheet, cell)`` differs
    from ``expected_path``'s value)."""
    formulas = read_cells(formulas_path)
    expected = formulas if expected_path == formulas_path else read_cells(expected_path)
    count, bad = 0, []
    for title, cells in formulas.items():
        for ref, (is_formula, _) in cells.items():
            if not is_formula:
                continue
            count += 1
            mine, theirs = expected[title].get(ref, (False, None))[1], shown(title, ref)
            if not same_value(mine, theirs):
                bad.append(f"{title}!{ref}: {mine!r} != {theirs!r}")
    return count, bad


def same_value(a: object, b: object) -> bool:
    """Two shown values are the same: numbers within 1e-9, blank and "" alike."""
    numbers = (int, float)
    if isinstance(a, numbers) and isinstance(b, numbers) and not isinstance(a, bool) and \
            not isinstance(b, bool):
        return abs(a - b) <= 1e-9
    return ("" if a is None else a) == ("" if b is None else b)


def cached_mismatches(cached_path: Path, fresh_path: Path) -> tuple[int, list[str]]:
    """(formula cells of the built ``cached_path``, those whose cached value differs from
    ``fresh_path``, the same workbook recalculated by LibreOffice from no cached values)."""
    return compare_formula_cells(cached_path, cached_path, _values_of(fresh_path))


def _values_of(path: Path) -> Callable[[str, str], object]:
    values = read_cells(path)
    return lambda title, cell: values[title].get(cell, (False, None))[1]


def assert_cached_equal(cached_path: Path, fresh_path: Path, min_cells: int) -> None:
    """The builder's cached values (what phone previews show) = LibreOffice's results,
    in every formula cell (:func:`same_value`)."""
    assert_no_mismatch(*cached_mismatches(cached_path, fresh_path), min_cells)


def assert_no_mismatch(count: int, bad: list[str], min_cells: int) -> None:
    assert count > min_cells
    assert not bad, f"{len(bad)} of {count} cells differ, e.g. {bad[:5]}"
