"""IronCalc and HyperFormula recalculating the shipped workbooks.

``tests/test_engines.py`` checks that both engines show the builder's values; this
times them. Each workbook is built, then read once with openpyxl (every cell, formula
and cached value: what either engine is handed): that read is the baseline of the same
run, and each engine's seconds are also given as a multiple of it. IronCalc runs in this
process and computes every formula cell; HyperFormula runs in a node process and, as in
the test, computes the first rows of the empty input tables and is given the rest
(:func:`tests.engines.compare.plan`). An engine that is not installed is reported, not
timed. The one check: IronCalc shows the builder's cached value in every cell that no
known gap explains.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from tests.engines import hyperformula, ironcalc
from tests.engines.compare import Compared, Expected, plan
from tests.engines.sheets import Book, read_book
from workbook_builder.build import TEMPLATES, build
from workbook_builder.template import load_template

from .report import Config, Contender, Section, measure, seconds, times

QUICK = ("mosaic_ja",)
"""The only template a quick run recalculates."""


def _built(config: Config, out: Path) -> dict[str, Path]:
    """Each chosen template's built workbook, by template name."""
    paths = sorted(TEMPLATES.glob("*.toml"))
    if config.quick:
        paths = [p for p in paths if p.stem in QUICK] or paths[:1]
    return {path.stem: build(load_template(path), out / path.stem) for path in paths}


def _ironcalc(path: Path, book: Book, work: Path) -> Compared:
    planned = plan("IronCalc", book)
    work.mkdir(parents=True, exist_ok=True)
    began, cpu = time.perf_counter(), time.process_time()
    values = ironcalc.recalculate(path, book, planned, work)
    return Expected.of(book, planned).compare(values, time.perf_counter() - began,
                                              time.process_time() - cpu)


def _hyperformula(books: dict[str, Book], work: Path) -> dict[str, float]:
    """Each workbook's seconds in HyperFormula, as its node process measures them."""
    node = hyperformula.Batch(work)
    for name, book in books.items():
        node.add(name, book, plan("HyperFormula", book, sample=True))
    return {name: found[1] for name, found in node.results().items()}


def run(config: Config) -> Section:
    missing = {"IronCalc": ironcalc.missing(), "HyperFormula": hyperformula.missing()}
    print("calc: the shipped workbooks in IronCalc and HyperFormula", file=sys.stderr,
          flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-calc-") as tmp:
        work = Path(tmp)
        built = _built(config, work / "built")
        timing, books = measure([Contender(name, lambda p=path: read_book(p))
                                 for name, path in built.items()], config.repeats)
        iron = ({name: _ironcalc(path, books[name], work / "ironcalc" / name)
                 for name, path in built.items()} if missing["IronCalc"] is None else {})
        hyper = _hyperformula(books, work) if missing["HyperFormula"] is None else {}
    rows = []
    for name in built:
        read = timing[name].best
        row = [name, f"{iron[name].cells:,}" if name in iron else "–", seconds(read)]
        for found in (iron[name].seconds if name in iron else None, hyper.get(name)):
            row.append("–" if found is None else f"{seconds(found)} ({times(found / read)})")
        rows.append(row)
    return Section(
        key="calc", title="IronCalc and HyperFormula recalculation",
        headers=["Workbook", "Formula cells", "openpyxl read (baseline)", "IronCalc",
                 "HyperFormula"],
        rows=rows,
        checks={"IronCalc shows the builder's values": all(not c.differing
                                                            for c in iron.values())},
        notes=[f"{engine} not timed: {why}" for engine, why in missing.items() if why])
