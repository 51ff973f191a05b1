"""IronCalc and HyperFormula compute every shipped workbook and an imported ledger of
every kind as the engine does.

Two engines beside LibreOffice and Gnumeric, neither of which shares code with them:
IronCalc (Rust, pip) and HyperFormula (JavaScript, npm, run by node). Each recalculates
the built workbook from its inputs alone (no cached value is read) and must show the
builder's cached values, which come from the Python engine, in every formula cell,
except the cells of a gap named in :mod:`tests.engines.gaps`, the one table of what
each engine gets wrong (docs/engines.md lists it with this run's counts). An imported
ledger is what ``import`` makes of a seeded game log (:mod:`tests.engines.logs`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SYSTEM_OF, early
from tests.engines import hyperformula, ironcalc
from tests.engines.compare import Compared, compare
from tests.engines.gaps import ENGINES, GAPS, Engine
from tests.engines.logs import IMPORTED, imported_ledger

JOBS = [f"shipped_{name}" for name in SYSTEM_OF] + [f"imported_{t}" for t in IMPORTED]
RECALCULATE = {"IronCalc": ironcalc.recalculate, "HyperFormula": hyperformula.recalculate}


def missing(engine: Engine) -> str | None:
    """Why ``engine`` cannot run here (None: it can)."""
    if engine == "IronCalc":
        try:
            import ironcalc as _  # noqa: F401
        except ImportError:
            return "ironcalc is not installed (pip install -e '.[dev]')"
        return None
    return hyperformula.missing()


def _sources(built: dict[str, Path], work: Path) -> dict[str, Path]:
    paths = {f"shipped_{name}": path for name, path in built.items()}
    for seed, template in enumerate(IMPORTED):
        paths[f"imported_{template}"] = imported_ledger(template, 2900 + seed, work)
    return paths


def _results(engine: Engine, built: dict[str, Path], work: Path) -> dict[str, Compared] | str:
    """Job → ``engine``'s comparison, or why the engine cannot run here."""
    why = missing(engine)
    if why is not None:
        return why
    results = {}
    for job, path in _sources(built, work).items():
        folder = work / engine / job
        folder.mkdir(parents=True)
        results[job] = compare(engine, path, folder, RECALCULATE[engine])
    return results


@early
def ironcalc_results(built, work: Path) -> dict[str, Compared] | str:
    return _results("IronCalc", built, work)


@early
def hyperformula_results(built, work: Path) -> dict[str, Compared] | str:
    return _results("HyperFormula", built, work)


def results_of(early_jobs, engine: Engine) -> dict[str, Compared]:
    job = "ironcalc_results" if engine == "IronCalc" else "hyperformula_results"
    found = early_jobs[job].result()
    if isinstance(found, str):
        pytest.skip(found)
    return found


@pytest.mark.parametrize("job", JOBS)
@pytest.mark.parametrize("engine", list(ENGINES))
def test_engine_shows_the_cached_values(early_jobs, engine: Engine, job: str) -> None:
    result = results_of(early_jobs, engine)[job]
    pinned = sum(result.pinned.values())
    print(f"{engine} {job}: {result.cells} cells, {pinned} pinned, {result.seconds:.1f} s")
    assert result.cells > 15
    assert result.cells - pinned > 0
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
