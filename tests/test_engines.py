"""IronCalc and HyperFormula compute every shipped workbook and an imported ledger of
every kind as the engine does.

Two engines beside LibreOffice and Gnumeric, neither of which shares code with them:
IronCalc (Rust, pip) and HyperFormula (JavaScript, npm, run by node). Each recalculates
the built workbook from its inputs alone (no cached value is read) and must show the
builder's cached values, which come from the Python engine, in every formula cell,
except the cells of a gap named in :mod:`tests.engines.gaps`, the one table of what
each engine gets wrong (docs/engines.md lists it with a run's counts). An imported
ledger is what ``import`` makes of a seeded game log (:mod:`tests.engines.logs`).
HyperFormula, many times slower than the others, computes the first
:data:`~tests.engines.compare.SAMPLED_ROWS` rows of a shipped workbook's empty input
tables (Games, and a ledger's Players) and is given the cached values of the rest
(:func:`tests.engines.compare.plan`); IronCalc computes every cell.

One early job does it all from the start of the session: it imports the logs and reads
each workbook once, hands it to HyperFormula's node process, which works beside it, and
meanwhile recalculates it with IronCalc in this process.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import SYSTEM_OF, early
from tests.engines import hyperformula, ironcalc
from tests.engines.compare import Compared, Expected, plan
from tests.engines.gaps import ENGINES, GAPS, Engine
from tests.engines.logs import IMPORTED, imported_ledger
from tests.engines.sheets import read_book

JOBS = [f"shipped_{name}" for name in SYSTEM_OF] + [f"imported_{t}" for t in IMPORTED]
SAMPLED = {f"shipped_{name}" for name in SYSTEM_OF}
"""The shipped workbooks, whose input tables are empty: HyperFormula samples them."""


@dataclass
class Results:
    """Each engine's comparisons by job (or why the engine cannot run here); how long
    each engine takes is measured by ``python -m bench.run --only calc``."""

    compared: dict[Engine, dict[str, Compared] | str] = field(default_factory=dict)
    failed: dict[Engine, str] = field(default_factory=dict)
    """Engine → how it failed (its tests fail with this)."""


def _sources(built: dict[str, Path], work: Path) -> dict[str, Path]:
    paths = {f"shipped_{name}": path for name, path in built.items()}
    for seed, template in enumerate(IMPORTED):
        paths[f"imported_{template}"] = imported_ledger(template, 2900 + seed, work)
    return paths


@early
def engine_results(built, work: Path) -> Results:
    out = Results()
    why = {"IronCalc": ironcalc.missing(), "HyperFormula": hyperformula.missing()}
    out.compared = {engine: reason for engine, reason in why.items() if reason is not None}
    sources = _sources(built, work)
    node = hyperformula.Batch(work) if why["HyperFormula"] is None else None
    iron: dict[str, Compared] = {}
    expected: dict[str, Expected] = {}
    for job, path in sources.items():
        book = read_book(path)
        if node is not None:
            planned = plan("HyperFormula", book, sample=job in SAMPLED)
            node.add(job, book, planned)
            expected[job] = Expected.of(book, planned)
        if why["IronCalc"] is None:
            planned = plan("IronCalc", book)
            folder = work / "ironcalc" / job
            folder.mkdir(parents=True)
            began, cpu = time.perf_counter(), time.process_time()
            values = ironcalc.recalculate(path, book, planned, folder)
            iron[job] = Expected.of(book, planned).compare(
                values, time.perf_counter() - began, time.process_time() - cpu)
    if why["IronCalc"] is None:
        out.compared["IronCalc"] = iron
    if node is not None:
        try:
            done = node.results()
        except RuntimeError as exc:
            out.failed["HyperFormula"] = str(exc)
        else:
            out.compared["HyperFormula"] = {job: expected[job].compare(*found)
                                            for job, found in done.items()}
    return out


def results_of(early_jobs, engine: Engine) -> dict[str, Compared]:
    results = early_jobs["engine_results"].result()
    if engine in results.failed:
        pytest.fail(results.failed[engine])
    found = results.compared[engine]
    if isinstance(found, str):
        pytest.skip(found)
    return found


@pytest.mark.parametrize("job", JOBS)
@pytest.mark.parametrize("engine", list(ENGINES))
def test_engine_shows_the_cached_values(early_jobs, engine: Engine, job: str) -> None:
    result = results_of(early_jobs, engine)[job]
    pinned = sum(result.pinned.values())
    print(f"{engine} {job}: {result.cells} cells, {pinned} pinned, {result.sampled} sampled, "
          f"{result.seconds:.1f} s ({result.cpu:.1f} s processor)")
    assert result.cells > 15
    if pinned == result.cells:
        pytest.skip(f"every formula cell is a gap of {engine}'s: {dict(result.pinned)}")
    assert result.cells - pinned - result.sampled > 0
    assert not result.differing, (f"{len(result.differing)} of {result.cells} cells differ "
                                  f"and no gap explains them, e.g. {result.differing[:5]}")


@pytest.mark.parametrize("engine", list(ENGINES))
def test_every_gap_still_has_cells(early_jobs, engine: Engine) -> None:
    """A gap no cell needs any more is taken out of the table (and the docs)."""
    results = results_of(early_jobs, engine).values()
    used = {name for r in results for name in (*r.pinned, *r.respelled)}
    stale = [g.name for g in GAPS if g.engine == engine and g.remedy != "prepared"
             and g.name not in used]
    assert not stale, f"gaps that no cell has: {stale}"


def test_the_docs_list_every_gap_of_the_table() -> None:
    """docs/engines.md mirrors :data:`GAPS`: the same rows in the same order (the cell
    counts are a run's, so they are left out of the comparison)."""
    from tests.conftest import REPO
    from tests.engines.gaps import table_rows

    def key(row: str) -> list[str]:
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        return cells[:3] + cells[4:]

    text = (REPO / "docs" / "engines.md").read_text(encoding="utf-8")
    documented = [key(line) for line in text.splitlines()
                  if line.startswith(("| IronCalc |", "| HyperFormula |"))]
    assert documented == [key(row) for row in table_rows()]
