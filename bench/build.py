"""Part 3: building the workbooks, in seconds and in kilobytes.

* every template in ``templates/`` built into a temporary folder (never ``dist/``), the
  way ``workbook-builder build`` does it, and the total for all of ``dist/``;
* the lightest and the heaviest sheet type again at 1,000 rows, against their shipped
  200-row build in the same run: what a club with a long season pays.

Size matters because the sheets are opened on phones, often downloaded over a mobile
connection; the issue sets no number, so the figures are reported, not judged.
"""

from __future__ import annotations

import dataclasses
import re
import sys
import tempfile
import time
import zipfile
from collections import Counter
from importlib import metadata
from pathlib import Path

from openpyxl.utils.cell import range_boundaries

from workbook_builder.build import TEMPLATES, build, build_workbook
from workbook_builder.lint import lint_formula
from workbook_builder.package import finalize
from workbook_builder.template import Spec, load_template

from .report import Config, Contender, Section, count, measure, seconds, times

BIG_ROWS = 1_000
BIG = ("mosaic_ja", "go_ja")
"""The lightest and the heaviest sheet type (fewest and most formulas per row)."""
QUICK = ("mosaic_ja",)
"""The only template a quick run builds."""


def kilobytes(path: Path) -> float:
    return path.stat().st_size / 1024


def game_rows(path: Path) -> int:
    """Rows of the Games table: the span most of its defined column names have."""
    with zipfile.ZipFile(path) as zf:
        workbook = zf.read("xl/workbook.xml").decode()
    spans = Counter()
    for ref in re.findall(r'<definedName name="Games_[^"]*"[^>]*>[^<]*!([^<]+)</definedName>',
                          workbook):
        _, first, _, last = range_boundaries(ref.replace("$", ""))
        spans[last - first + 1] += 1
    return spans.most_common(1)[0][0] if spans else 0


def phases(spec: Spec, out_dir: Path) -> dict[str, float]:
    """One build of ``spec`` split the way :func:`workbook_builder.build.build` runs it:
    where the time goes, before anyone optimises.

    The formula lint runs inside ``build_workbook``; it is timed again on its own over
    the laid-out sheets and taken out of the lay-out figure.
    """
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{spec.output}.xlsx"
    start = time.perf_counter()
    wb, built = build_workbook(spec)
    laid_out = time.perf_counter()
    formulas = [str(c.value) for ws in wb.worksheets for row in ws.iter_rows() for c in row
                if c.data_type == "f"]
    lint_start = time.perf_counter()
    for formula in formulas:
        lint_formula(formula)
    lint = time.perf_counter() - lint_start
    saving = time.perf_counter()
    wb.save(path)
    saved = time.perf_counter()
    finalize(path, built.cached)
    done = time.perf_counter()
    return {"lay out and compute the cached values": laid_out - start - lint,
            f"lint {count(len(formulas))} formulas": lint,
            "openpyxl save": saved - saving,
            "post-save pass (inject cached values, re-zip)": done - saved}


def _chosen(config: Config) -> tuple[list[Path], list[str]]:
    """Templates to build and the names of those to build again at 1,000 rows."""
    paths = sorted(TEMPLATES.glob("*.toml"))
    if config.quick:
        paths = [p for p in paths if p.stem in QUICK] or paths[:1]
    stems = [p.stem for p in paths]
    big = [name for name in BIG if name in stems] or stems[:1]
    return paths, big[:1] if config.quick else big


def run(config: Config) -> Section:
    paths, big = _chosen(config)
    print(f"build: {len(paths)} templates and {len(big)} sheet(s) at {count(BIG_ROWS)} rows, "
          f"best of {config.repeats} runs", file=sys.stderr, flush=True)
    specs: dict[str, Spec] = {}
    failed: dict[str, str] = {}
    for path in paths:
        try:
            specs[path.stem] = load_template(path)
        except ValueError as exc:
            failed[path.stem] = str(exc)
    big = [name for name in big if name in specs]
    with tempfile.TemporaryDirectory(prefix="bench-build-") as tmp:
        out = Path(tmp)
        runnable = {}
        for name, spec in specs.items():
            try:  # one untimed build each: a template that fails is reported, not timed
                build(spec, out / "check" / name)
                runnable[name] = spec
            except Exception as exc:
                failed[name] = f"{type(exc).__name__}: {exc}"
        big = [name for name in big if name in runnable]
        if not runnable:
            return Section(key="build", title="Workbook build", headers=["Workbook"], rows=[],
                           checks={"every template in templates/ builds": False},
                           notes=[f"Not built: {n}: {why}" for n, why in sorted(failed.items())])
        contenders = [Contender(name, lambda s=spec, n=name: build(s, out / n))
                      for name, spec in runnable.items()]
        big_specs = {name: dataclasses.replace(runnable[name], rows=BIG_ROWS) for name in big}
        contenders += [Contender(f"{name}@{BIG_ROWS}", lambda s=spec, n=name: build(
            s, out / f"{n}@{BIG_ROWS}")) for name, spec in big_specs.items()]
        timing, kept = measure(contenders, config.repeats)
        split = {name: phases(spec, out / "phases" / name) for name, spec in big_specs.items()}

        rows: list[list[str]] = []
        sizes = {name: kilobytes(kept[name]) for name in runnable}
        for name, spec in runnable.items():
            rows.append([name, count(spec.rows), seconds(timing[name].best),
                         f"{sizes[name]:,.0f} KB", "–", "–"])
        total_s = sum(timing[name].best for name in runnable)
        files = f"{len(runnable)} file{'s' if len(runnable) != 1 else ''}"
        rows.append([f"all built ({files}, quick run)" if config.quick else
                     f"all of dist/ ({files})", "–", seconds(total_s),
                     f"{sum(sizes.values()):,.0f} KB", "–", "–"])
        big_rows: dict[str, int] = {}
        per_100: dict[str, float] = {}
        for name in big:
            key = f"{name}@{BIG_ROWS}"
            path = kept[key]
            big_rows[name] = game_rows(path)
            extra = BIG_ROWS - runnable[name].rows
            if extra > 0:
                per_100[name] = (kilobytes(path) - sizes[name]) / extra * 100
            rows.append([f"{name} at {count(BIG_ROWS)} rows", count(BIG_ROWS),
                         seconds(timing[key].best), f"{kilobytes(path):,.0f} KB",
                         times(timing[key].best / timing[name].best),
                         times(kilobytes(path) / sizes[name])])

    checks = {
        f"every template in templates/ builds ({len(runnable)} of {len(paths)}"
        + (f"; failed: {', '.join(sorted(failed))}" if failed else "") + ")": not failed,
    }
    if big:
        checks[f"the {count(BIG_ROWS)}-row sheets have {count(BIG_ROWS)} game rows "
               f"({', '.join(big)})"] = all(n == BIG_ROWS for n in big_rows.values())
    notes = [
        f"Wall-clock time of workbook_builder.build.build (lay out, compute the cached "
        f"values, lint every formula, save with openpyxl {metadata.version('openpyxl')}, the "
        f"post-save pass), best of {config.repeats} run{'s' if config.repeats != 1 else ''} "
        "taken round robin, into a temporary folder. The dist/ total is the sum of the "
        "per-file times; Python's start-up and imports are not counted.",
        "Size is the .xlsx as shipped: deflated XML, empty rows included, with the cached "
        "values a phone shows. The issue sets no size limit.",
        "The last columns compare the same template at 1,000 rows with its shipped build "
        "in the same run (time ÷ time, size ÷ size).",
    ]
    if per_100:
        notes.append("Each further 100 rows adds " + ", ".join(
            f"{kb:,.0f} KB ({name})" for name, kb in per_100.items()) + ": the rest of a "
            "file (settings and table sheets, styles, the chart) does not grow with the rows, "
            "which is why 5× the rows is less than 5× the size.")
    for name, parts in split.items():
        whole = sum(parts.values())
        notes.append(f"Where the time goes, {name} at {count(BIG_ROWS)} rows (one run, "
                     f"{seconds(whole)}): " + ", ".join(
                         f"{label} {seconds(s)} ({s / whole:.0%})" for label, s in parts.items())
                     + ".")
    notes.extend(f"Not built: {name}: {why}" for name, why in sorted(failed.items()))
    return Section(
        key="build",
        title="Workbook build",
        headers=["Workbook", "Rows", "Build time", "Size", "Time ÷ shipped", "Size ÷ shipped"],
        rows=rows,
        checks=checks,
        notes=notes,
    )
