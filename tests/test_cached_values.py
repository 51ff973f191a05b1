"""Every workbook's cached values are what LibreOffice computes from its formulas.

The builder writes the engine's value beside every formula: it is what a phone's file
preview shows before anything recalculates. Each workbook here was built with those
values, and a copy stripped of them was recalculated by LibreOffice; every formula cell
must show the cached value (numbers within 1e-9, blank and "" alike, 0 and "" not):

- conftest's shared run: every shipped template (``stripped_``), each personal sheet
  with its examples and bad rows typed (``example_``) and its variants (a sheet rated by
  period with its seeded games and its bad rows by period, ``periods_`` and
  ``periodbad_``; the rules' worked examples, as ``worked_`` or ``paper_``), each ledger
  built with its seeded log, its bad tables and its edited log (``conform_``, ``bad_``,
  ``edited_``);
- test_builder_catalog's run: the formula catalog as shipped and with bad inputs typed.

A new template or sheet type is picked up here by itself.
"""

from __future__ import annotations

import pytest

from tests import test_builder_catalog as catalog
from tests.conftest import SYSTEM_OF, assert_cached_equal, cached_jobs
from tests.test_builder_catalog import catalog_jobs

OWN_RUNS = {catalog_jobs.__name__: (catalog.NAMES, catalog.CACHED_KINDS)}
"""Test modules' own LibreOffice runs (:func:`tests.conftest.early`): the templates they
build and the kinds of job built with cached values; each returns
``{"cached": {job: built file}, "results": {job: LibreOffice's file}}``."""

MIN_CELLS = {"mosaic": 1500, "tokin": 1500, "club24": 1500, "elo": 3300, "glicko": 4000, "go": 4500,
             "yonin": 3000, "ledger": 5000, "yonin_ledger": 2000, "formulas": 40}
"""Formula cells a workbook of each system has at the least (more than this many are
compared), so that a workbook read wrong cannot pass by comparing nothing."""
SMALL = {("ledger", "bad"): 500}
"""Smaller floors: a two-player ledger's bad tables fill a ledger sized to their rows."""


def _jobs() -> list[object]:
    params = [pytest.param("recalc", *job.split("_", 1), id=job) for job in cached_jobs()]
    for run, (names, kinds) in OWN_RUNS.items():
        params += [pytest.param(run, kind, name, id=f"{kind}_{name}")
                   for name in names for kind in kinds]
    return params


@pytest.mark.parametrize(("run", "kind", "template"), _jobs())
def test_cached_values_equal_libreoffice(recalc, early_jobs, run, kind, template):
    """The builder's cached values (what phone previews show) = LibreOffice's results."""
    system = SYSTEM_OF[template]
    floor = SMALL.get((system, kind), MIN_CELLS[system])
    job = f"{kind}_{template}"
    if run == "recalc":
        recalc.assert_cached_equal(job, min_cells=floor)
    else:
        done = early_jobs[run].result()
        assert_cached_equal(done["cached"][job], done["results"][job], min_cells=floor)


def test_every_workbook_with_cached_values_is_compared(recalc, early_jobs):
    """Each run's workbooks built with cached values are the ones compared above."""
    results = recalc.results  # waits for LibreOffice, which fills ``compared``
    assert sorted(recalc.compared) == sorted(cached_jobs())
    assert set(recalc.compared) <= set(results)
    for run, (names, kinds) in OWN_RUNS.items():
        cached = early_jobs[run].result()["cached"]
        assert sorted(cached) == sorted(f"{kind}_{name}" for name in names for kind in kinds)


def test_a_build_after_openpyxl_chose_lxml_still_caches_every_formula(tmp_path) -> None:
    """A script that imported openpyxl (with lxml installed) before the builder gets lxml's
    writer, which writes ``<v></v>``: every formula cell must still get its value, not be
    left blank for a phone's preview with nothing said."""
    import subprocess
    import sys

    script = (
        "import openpyxl, openpyxl.xml, sys\n"
        "assert openpyxl.xml.LXML\n"
        "from workbook_builder.build import TEMPLATES, build\n"
        "from workbook_builder.template import load_template\n"
        "from pathlib import Path\n"
        "print(build(load_template(TEMPLATES / 'elo_ja.toml'), Path(sys.argv[1])))\n")
    env = {**__import__("os").environ, "OPENPYXL_LXML": "True"}
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], env=env,
                          capture_output=True, text=True, check=True)
    from openpyxl import load_workbook

    from workbook_builder.build import TEMPLATES, build
    from workbook_builder.template import load_template

    own = build(load_template(TEMPLATES / "elo_ja.toml"), tmp_path / "own")

    def cached(path: object) -> dict[str, object]:
        return {f"{ws.title}!{cell.coordinate}": cell.value
                for ws in load_workbook(path, data_only=True) for row in ws.iter_rows()
                for cell in row if cell.value is not None}

    lxml_built, expected = cached(done.stdout.strip()), cached(own)
    assert len(expected) > 2000
    assert lxml_built == expected
