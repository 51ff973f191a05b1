"""Run every benchmark, print the figures, optionally write them into docs/performance.md.

    .venv/bin/python -m bench.run                  # everything, a few minutes
    .venv/bin/python -m bench.run --quick          # tiny counts: a smoke test
    .venv/bin/python -m bench.run --only udfs      # some benchmarks only
    .venv/bin/python -m bench.run --write          # also write docs/performance.md

docs/performance.md (between the bench markers) gets the figures with
the machine, Python and library versions. The exit status is 1 only when a
correctness check fails (e.g. replay and the hand-written loop end on different
ratings); a missed speed target is reported, not failed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # run as a file: python bench/run.py
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import build, calc, desk, edit, engine, ledger, machine, recalc, worksheet
from bench.report import Config, Section, as_markdown, as_text


@dataclass(frozen=True)
class Benchmark:
    """One entry of the run: a name for ``--only`` and a function returning a Section."""

    name: str
    summary: str
    run: Callable[[Config], Section]


BENCHMARKS: list[Benchmark] = [
    Benchmark("engine", "replay 1,000,000 games: elo, tokin, MOSAIC (+ yonin 250,000) "
              "vs a hand-written loop and elote", engine.run),
    Benchmark("udfs", "worksheet functions: one call over 10,000 rows vs 10,000 calls",
              worksheet.run),
    Benchmark("build", "build every template, and two sheets at 1,000 rows: seconds and KB",
              build.run),
    Benchmark("recalc", "LibreOffice recalculation of each filled sheet: formulas vs values "
              "only", recalc.run),
    Benchmark("ledger", "a club ledger at 1,000, 5,000 and 20,000 games: LibreOffice "
              "recalculation growth", ledger.run),
    Benchmark("edit", "one typed result, a fixed early game and a full recalculation "
              "in LibreOffice through UNO (Tokin and four-player ledgers)", edit.run),
    Benchmark("desk", "the club desk in headless Chromium: cold load, import and repair "
              "of 1,000 games against the CLI, page weight", desk.run),
    Benchmark("calc", "IronCalc and HyperFormula recalculating each shipped workbook, "
              "against reading it", calc.run),
]

RESULTS = Path(__file__).resolve().parent.parent / "docs" / "performance.md"


def run(config: Config, only: list[str] | None = None) -> list[Section]:
    """Run the chosen benchmarks (all by default) and return their sections."""
    chosen = [b for b in BENCHMARKS if only is None or b.name in only]
    return [b.run(config) for b in chosen]


def machine_text(facts: dict[str, str]) -> str:
    return "\n".join(f"{label}: {value}" for label, value in facts.items())


def results_markdown(sections: list[Section], facts: dict[str, str], config: Config,
                     seconds: float) -> str:
    head = [
        "<!-- Written by `.venv/bin/python -m bench.run --write`; do not edit. -->",
        "",
        f"Measured {time.strftime('%Y-%m-%d')} with `.venv/bin/python -m bench.run"
        f"{' --quick` (smoke-test sizes, not representative)' if config.quick else '`'} "
        f"in {seconds:.0f} s.",
        "",
        *(f"- {label}: {value}" for label, value in facts.items()),
    ]
    return "\n".join(head + [f"\n{as_markdown(s)}" for s in sections]) + "\n"


START, END = "<!-- bench:start -->", "<!-- bench:end -->"


def write_results(path: Path, markdown: str) -> None:
    """Replace the text between the bench markers of ``path``, or write it whole."""
    text = path.read_text("utf-8") if path.exists() else ""
    if START in text and END in text:
        head, rest = text.split(START, 1)
        tail = rest.split(END, 1)[1]
        path.write_text(f"{head}{START}\n{markdown.strip()}\n{END}{tail}", "utf-8")
    else:
        path.write_text(markdown, "utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.run", description=__doc__.split(
        "\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter, epilog="benchmarks:\n"
        + "\n".join(f"  {b.name:8} {b.summary}" for b in BENCHMARKS))
    parser.add_argument("--quick", action="store_true",
                        help="tiny counts and one run each: a smoke test, not figures")
    parser.add_argument("--only", metavar="NAMES",
                        help="comma-separated benchmarks to run (default: all)")
    parser.add_argument("--repeats", type=int, help="runs per timing (best counts)")
    parser.add_argument("--write", nargs="?", const=RESULTS, type=Path, metavar="PATH",
                        help=f"also write the results as Markdown (default {RESULTS.name})")
    args = parser.parse_args(argv)

    config = Config.quick_run() if args.quick else Config()
    if args.repeats:
        config = Config(**{**config.__dict__, "repeats": args.repeats})
    only = None
    if args.only:
        only = [name.strip() for name in args.only.split(",") if name.strip()]
        unknown = sorted(set(only) - {b.name for b in BENCHMARKS})
        if unknown:
            parser.error(f"unknown benchmark {', '.join(unknown)} "
                         f"(known: {', '.join(b.name for b in BENCHMARKS)})")
        if args.write and args.write == RESULTS:
            parser.error(f"--write with --only would replace every figure in {RESULTS.name} "
                         "with these few: write them to another file (--write PATH)")

    facts = machine.describe()
    print(machine_text(facts), end="\n\n", flush=True)
    started = time.perf_counter()
    sections = run(config, only)
    elapsed = time.perf_counter() - started
    for section in sections:
        print(as_text(section), end="\n\n")
    print(f"Total {elapsed:.0f} s.")
    if args.write:
        write_results(args.write, results_markdown(sections, facts, config, elapsed))
        print(f"Wrote {args.write}")
    failed = [name for s in sections for name, ok in s.checks.items() if not ok]
    for name in failed:
        print(f"FAILED: {name}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
