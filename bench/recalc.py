"""Part 4: what the formulas cost in a real spreadsheet program (LibreOffice headless).

Each shipped template whose test case (``tests/sheetcases``) gives ``random_inputs`` is
built with every row filled, then opened, recalculated and saved by LibreOffice in two forms:

* "formulas": the built file stripped of its cached values, so every formula is computed;
* "values only": the same file with each formula cell holding its value instead, made
  from the built file's XML so styles, validation, names and the chart stay identical.

One ``soffice`` process per file and run, as a user opening one file. Start-up (~1 s)
dominates a sheet this size, so an empty workbook is timed alongside: seconds above it
are the work, and formulas ÷ values of those net seconds is the cost of the formulas.
:func:`measure_recalc` (wall-clock and CPU seconds), :func:`time_recalc` (wall-clock
only) and :func:`startup_seconds` are the reusable parts.
"""

from __future__ import annotations

import math
import re
import resource
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from pathlib import Path

from openpyxl import Workbook, load_workbook

from workbook_builder.build import TEMPLATES, build
from workbook_builder.libreoffice import recalculate, soffice
from workbook_builder.package import sheet_parts, strip_cached_values
from workbook_builder.template import load_template

from .report import Config, Section, count, seconds, times

MAX_REPEATS = 3
"""soffice runs per file at most: each costs a second or more."""
QUICK = ("mosaic_ja",)
"""The only template a quick run recalculates."""

CLOCKS = (("wall", attrgetter("wall")), ("CPU", attrgetter("cpu")))
_CELL = re.compile(r"<c\b[^>]*?(?:/>|>(?P<inner>.*?)</c>)", re.S)
_FORMULA = re.compile(r"<f[\s>/]")
_CACHED = re.compile(
    r'<c (?P<attrs>[^>]*)>(?:<f(?:\s[^>]*)?/>|<f(?:\s[^>]*)?>.*?</f>)'
    r'<v>(?P<value>[^<]*)</v></c>', re.S)


@dataclass(frozen=True)
class RecalcTime:
    """One file's best run of each clock, in seconds."""

    wall: float
    """Wall-clock time (``time.perf_counter``): what a user waits."""
    cpu: float
    """CPU time of soffice and its children (user + system): hardly moved by other
    processes, so the steadier figure on a shared machine."""


def measure_recalc(paths: Sequence[Path], repeats: int = MAX_REPEATS,
                   outdir: Path | None = None, warm_up: bool = True) -> dict[Path, RecalcTime]:
    """Time LibreOffice headless opening, recalculating and saving each workbook as xlsx:
    one ``soffice`` process per file and run, start-up included; best of ``repeats``.

    Runs go round robin (every file once, then again) so a busy moment of a shared
    machine hits all alike; time an :func:`empty_workbook` in the same call for the
    start-up to subtract. LibreOffice computes only formulas without a cached value:
    strip them first (:func:`workbook_builder.package.strip_cached_values`). The
    results go to ``outdir/<stem>.xlsx`` (a temporary folder if None), so the stems
    must differ. ``warm_up`` first runs soffice once untimed: the first start after a
    pause reads LibreOffice from disk and would count against the first file.
    """
    stems = [Path(p).stem for p in paths]
    twice = sorted({s for s in stems if stems.count(s) > 1})
    if twice:
        raise ValueError(f"file names must differ, got {twice} more than once")
    wall: dict[Path, list[float]] = {Path(p): [] for p in paths}
    cpu: dict[Path, list[float]] = {Path(p): [] for p in paths}
    with tempfile.TemporaryDirectory(prefix="bench-recalc-") as tmp:
        out = Path(tmp) if outdir is None else outdir
        if warm_up and paths:
            recalculate([paths[0]], Path(tmp) / "warm-up")
        for _ in range(repeats):
            for path in wall:
                before = _children_cpu()
                start = time.perf_counter()
                recalculate([path], out)
                wall[path].append(time.perf_counter() - start)
                cpu[path].append(_children_cpu() - before)
    return {p: RecalcTime(min(wall[p]), min(cpu[p])) for p in wall}


def time_recalc(paths: Sequence[Path], repeats: int = MAX_REPEATS,
                outdir: Path | None = None, warm_up: bool = True) -> dict[Path, float]:
    """Best wall-clock seconds of each file: :func:`measure_recalc` without CPU time."""
    return {p: t.wall for p, t in measure_recalc(paths, repeats, outdir, warm_up).items()}


def _children_cpu() -> float:
    """User + system seconds of every finished child process (soffice, once reaped)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def empty_workbook(path: Path) -> Path:
    """Save a workbook with one blank sheet at ``path``: LibreOffice's cost with no work."""
    path.parent.mkdir(parents=True, exist_ok=True)
    Workbook().save(path)
    return path


def startup_seconds(repeats: int = MAX_REPEATS) -> RecalcTime:
    """:func:`measure_recalc` of an empty workbook: soffice start-up, load and save.

    Prefer timing the empty workbook in the same :func:`measure_recalc` call as the
    real files, so that both see the same machine load.
    """
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        empty = empty_workbook(Path(tmp) / "empty.xlsx")
        return measure_recalc([empty], repeats)[empty]


def values_only(src: Path, dst: Path) -> int:
    """Copy ``src`` to ``dst`` with every formula cell replaced by its cached value
    (text as an inline string); return the number of cells replaced.

    Works on the XML, not through openpyxl, which would drop the chart. Raises
    ``ValueError`` if a formula has no cached value to keep.
    """
    replaced = 0

    def value(match: re.Match[str]) -> str:
        nonlocal replaced
        replaced += 1
        attrs, text = match["attrs"], match["value"]
        kind = re.search(r'\st="(\w+)"', attrs)
        if kind and kind[1] == "str":
            attrs = attrs.replace(kind[0], "")
            return f'<c {attrs} t="inlineStr"><is><t xml:space="preserve">{text}</t></is></c>'
        return f"<c {attrs}><v>{text}</v></c>"

    with zipfile.ZipFile(src) as zf:
        parts = {info.filename: zf.read(info) for info in zf.infolist()}
    for title, part in sheet_parts(parts).items():
        xml = _CACHED.sub(value, parts[part].decode())
        left = formula_cells(xml)
        if left:
            raise ValueError(f"{src}: {left} formula cell(s) of sheet {title!r} have no value")
        parts[part] = xml.encode()
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in parts.items():
            zf.writestr(name, data)
    return replaced


def formula_cells(xml: str) -> int:
    """Cells of a sheet's XML with a formula (any ``<f>``, shared or not)."""
    return sum(1 for c in _CELL.finditer(xml) if c["inner"] and _FORMULA.search(c["inner"]))


def formulas_without_value(xml: str) -> int:
    """Formula cells with no ``<v>``: stripped, or left uncomputed by a program."""
    return sum(1 for c in _CELL.finditer(xml)
               if c["inner"] and _FORMULA.search(c["inner"]) and "<v" not in c["inner"])


def _sheets_xml(path: Path) -> list[str]:
    with zipfile.ZipFile(path) as zf:
        parts = {info.filename: zf.read(info) for info in zf.infolist()}
    return [parts[part].decode() for part in sheet_parts(parts).values()]


def _same(mine: object, theirs: object) -> bool:
    """Equal as the recalculation tests compare them: floats to 1e-9, blank = ""."""
    if isinstance(mine, float) or isinstance(theirs, float):
        try:
            return math.isclose(float(mine), float(theirs), abs_tol=1e-9)
        except (TypeError, ValueError):
            return False
    return ("" if mine is None else mine) == ("" if theirs is None else theirs)


def mismatches(built: Path, other: Path) -> tuple[int, int]:
    """(formula cells of ``built``, how many of them ``other`` gives a different value)."""
    formulas = load_workbook(built)
    cached = load_workbook(built, data_only=True)
    fresh = load_workbook(other, data_only=True)
    cells = [(ws.title, c.coordinate) for ws in formulas.worksheets for row in ws.iter_rows()
             for c in row if c.data_type == "f"]
    wrong = sum(1 for title, ref in cells
                if not _same(cached[title][ref].value, fresh[title][ref].value))
    return len(cells), wrong


def libreoffice_version() -> str:
    try:
        done = subprocess.run([soffice(), "--version"], capture_output=True, text=True,
                              timeout=60)
        return done.stdout.strip().split("\n")[0] or "LibreOffice (version unknown)"
    except (OSError, subprocess.SubprocessError):
        return "LibreOffice (version unknown)"


def _skipped(reason: str) -> Section:
    return Section(key="recalc", title="Recalculation in LibreOffice", headers=["Workbook"],
                   rows=[], notes=[f"Not measured: {reason}."])


def run(config: Config) -> Section:
    try:
        soffice()
    except RuntimeError as exc:
        return _skipped(str(exc))
    try:
        from tests.sheetcases import CASES
    except ImportError as exc:
        return _skipped(f"the test cases (tests/sheetcases) do not import: {exc}")
    specs, unreadable = {}, []
    for path in sorted(TEMPLATES.glob("*.toml")):
        try:
            specs[path.stem] = load_template(path)
        except ValueError:  # the build benchmark reports why
            unreadable.append(path.stem)
    without = sorted(name for name, spec in specs.items()
                     if not hasattr(CASES.get(spec.system), "random_inputs"))
    chosen = [name for name in specs if name not in without]
    if config.quick:
        chosen = [name for name in chosen if name in QUICK] or chosen[:1]
    if not chosen:
        return _skipped("no shipped template has a test case to fill it with")
    repeats = min(config.repeats, MAX_REPEATS)

    with tempfile.TemporaryDirectory(prefix="bench-recalc-") as tmp:
        work = Path(tmp)
        built, formulas, values = {}, {}, {}
        for seed, name in enumerate(chosen, config.seed):
            spec = specs[name]
            games = CASES[spec.system].random_inputs(seed, spec.rows)
            built[name] = build(spec, work / "built", inputs=games)
            formulas[name] = work / "files" / f"{name}_formulas.xlsx"
            formulas[name].parent.mkdir(parents=True, exist_ok=True)
            strip_cached_values(built[name], formulas[name])
            values[name] = work / "files" / f"{name}_values.xlsx"
            values_only(built[name], values[name])
        empty = empty_workbook(work / "files" / "empty.xlsx")
        files = [empty, *(p for name in chosen for p in (formulas[name], values[name]))]
        print(f"recalc: {len(files)} files through LibreOffice, one soffice each, best of "
              f"{repeats} round-robin run{'s' if repeats != 1 else ''} "
              f"(~{len(files) * repeats * 1.5:.0f} s)", file=sys.stderr, flush=True)
        out = work / "out"
        best = measure_recalc(files, repeats, out, warm_up=not config.quick)

        rows: list[list[str]] = []
        cells: dict[str, int] = {}
        ratios: dict[str, dict[str, float]] = {"wall": {}, "CPU": {}}
        for name in chosen:
            cells[name] = sum(formula_cells(x) for x in _sheets_xml(built[name]))
        for clock, pick in CLOCKS:
            start = pick(best[empty])
            rows.append(["empty workbook (start-up)", "0", clock, seconds(start), "–", "–",
                         "–", "–", "–"])
        for name in chosen:
            for clock, pick in CLOCKS:
                start = pick(best[empty])
                f, v = pick(best[formulas[name]]), pick(best[values[name]])
                net_f, net_v = f - start, v - start
                ratio = net_f / net_v if net_v > 0 and net_f > 0 else math.nan
                ratios[clock][name] = ratio
                rows.append([name, count(cells[name]), clock, seconds(f), seconds(v),
                             seconds(net_f), seconds(net_v),
                             times(ratio) if math.isfinite(ratio) else "n/a", seconds(f - v)])

        stripped = [n for n in chosen
                    if sum(formulas_without_value(x) for x in _sheets_xml(formulas[n]))
                    != cells[n]]
        no_formula = [n for n in chosen
                      if any(formula_cells(x) for x in _sheets_xml(values[n]))
                      or mismatches(built[n], values[n])[1]]
        computed = [n for n in chosen if any(
            formulas_without_value(x) for x in _sheets_xml(out / f"{n}_formulas.xlsx"))]
        agree = {n: mismatches(built[n], out / f"{n}_formulas.xlsx") for n in chosen}
    wrong = [n for n, (_, bad) in agree.items() if bad]

    def which(bad: list[str]) -> str:
        return f"; not in {', '.join(bad)}" if bad else ""

    total = sum(cells.values())
    checks = {
        f"the formulas files carry no cached value ({count(total)} formula cells in "
        f"{len(chosen)} files{which(stripped)})": not stripped,
        f"the values-only files have no formula and the built values{which(no_formula)}":
            not no_formula,
        f"LibreOffice gave every formula cell of the formulas files a value{which(computed)}":
            not computed,
        f"LibreOffice's values equal the builder's cached values, every formula cell "
        f"({count(sum(n for n, _ in agree.values()))} cells{which(wrong)})": not wrong,
    }
    notes = [
        f"{libreoffice_version()}, headless: one `soffice --convert-to xlsx` per file "
        "(start-up with a fresh profile, open, compute, save), timed by the wall clock and "
        "by the CPU time of soffice and its children (user + system), each the best of "
        f"{repeats} run{'s' if repeats != 1 else ''} taken round robin with the empty "
        "workbook, so a busy moment of a shared machine hits every file alike.",
        "Each sheet is filled to its full row count with the test cases' random valid "
        "games (tests/sheetcases). Formulas: the built file stripped of its cached "
        "values, so LibreOffice computes every formula. Values only: the same file with "
        "each formula cell replaced by its value. The columns \"− start-up\" subtract the "
        "empty workbook's time; their ratio is the cost of the formulas.",
    ]
    finite = {n: r for n, r in ratios["CPU"].items() if math.isfinite(r)}
    if finite:
        worst = max(finite, key=lambda n: finite[n])
        extra = {n: best[formulas[n]].cpu - best[values[n]].cpu for n in chosen}
        heaviest = max(chosen, key=lambda n: extra[n])
        notes.append(
            f"Start-up (the empty workbook) takes {seconds(best[empty].wall)} wall-clock, "
            f"{seconds(best[empty].cpu)} CPU, of every open. In CPU time the formulas cost "
            f"most in {heaviest} ({seconds(extra[heaviest])} more than values only) and "
            f"relatively most in {worst} ({times(finite[worst])} its values-only net time).")
    notes.append(
        "Wall-clock time on a shared machine moves by a second when other processes run: "
        "soffice waits for a core but hardly spends more CPU, so the CPU rows are the "
        "steadier measure of the work; a negative or n/a wall-clock figure is that noise.")
    if without and not config.quick:
        notes.append("Not measured (their test case gives no random_inputs to fill the "
                     "rows, e.g. ledgers, which fill two tables): " + ", ".join(without) + ".")
    if unreadable:
        notes.append("Not measured (the template does not load, see the build section): "
                     + ", ".join(unreadable) + ".")
    return Section(
        key="recalc",
        title="Recalculation in LibreOffice",
        headers=["Workbook", "Formula cells", "Clock", "Formulas", "Values only",
                 "Formulas − start-up", "Values − start-up", "Formulas ÷ values (net)",
                 "Formulas − values"],
        rows=rows,
        checks=checks,
        notes=notes,
    )
