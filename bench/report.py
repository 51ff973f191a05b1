"""What a benchmark returns, how it is timed, and how it is shown (terminal, Markdown).

Every benchmark is a function ``(Config) -> Section``; a section is a table of figures,
the ratios the issue sets targets for, pass/fail checks of correctness (never of
speed) and notes. New benchmarks (build time, LibreOffice recalculation) return the
same shape, so the runner, the terminal table and ``RESULTS.md`` need no change.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Config:
    """Sizes of one run; ``quick`` shrinks everything for a smoke test."""

    games: int = 1_000_000
    """Two-player games per engine run."""
    players: int = 1_000
    """Players the games are drawn among."""
    yonin_games: int = 250_000
    """Four-player games."""
    rows: int = 10_000
    """Rows per worksheet-function call."""
    repeats: int = 5
    """Runs per timing (the best counts); slow baselines run once."""
    seed: int = 2024
    quick: bool = False

    @classmethod
    def quick_run(cls) -> Config:
        return cls(games=5_000, players=100, yonin_games=1_000, rows=500, repeats=1, quick=True)


@dataclass(frozen=True)
class Timing:
    """Wall-clock seconds (``time.perf_counter``) of each run; the best one counts."""

    runs: tuple[float, ...]

    @property
    def best(self) -> float:
        return min(self.runs)


@dataclass(frozen=True)
class Contender:
    """One thing to time: ``run`` does the work, ``keep`` reduces its result to what the
    checks need (outside the timed region, so a big result is not held or freed twice)."""

    name: str
    run: Callable[[], Any]
    repeats: int | None = None
    """Runs of this contender; None = the config's ``repeats``."""
    keep: Callable[[Any], Any] = lambda result: result


def measure(
    contenders: list[Contender], repeats: int
) -> tuple[dict[str, Timing], dict[str, Any]]:
    """Time each contender, round robin, so a busy moment of a shared machine hits
    everyone alike; return timings and each contender's kept result (from its last run).

    The garbage collector stays on (users have it on) but is emptied before each run.
    """
    runs: dict[str, list[float]] = {c.name: [] for c in contenders}
    kept: dict[str, Any] = {}
    rounds = max(c.repeats or repeats for c in contenders)
    for round_no in range(rounds):
        for c in contenders:
            if round_no >= (c.repeats or repeats):
                continue
            gc.collect()
            start = time.perf_counter()
            result = c.run()
            runs[c.name].append(time.perf_counter() - start)
            kept[c.name] = c.keep(result)
            del result
    return {name: Timing(tuple(t)) for name, t in runs.items()}, kept


@dataclass(frozen=True)
class Ratio:
    """A speed ratio, ``A ÷ B`` = A's items per second over B's (higher: A is faster)."""

    label: str
    value: float
    target: float | None = None

    @property
    def met(self) -> bool | None:
        return None if self.target is None else self.value >= self.target

    def verdict(self) -> str:
        if self.target is None:
            return ""
        if self.met:
            return f"target ≥ {self.target:g}×: met"
        short = 1 - self.value / self.target
        return f"target ≥ {self.target:g}×: missed, {short:.0%} short"


@dataclass
class Section:
    """One benchmark's results."""

    key: str
    title: str
    headers: list[str]
    rows: list[list[str]]
    ratios: list[Ratio] = field(default_factory=list)
    checks: dict[str, bool] = field(default_factory=dict)
    """Correctness checks (e.g. identical final ratings); a failed one fails the run."""
    notes: list[str] = field(default_factory=list)


def count(n: float) -> str:
    """``1,234,567`` (whole numbers with thousands separators)."""
    return f"{n:,.0f}"


def seconds(s: float) -> str:
    """``1.234 s`` or ``12.3 ms``."""
    return f"{s:.3f} s" if s >= 1 else f"{s * 1000:.1f} ms"


def times(ratio: float) -> str:
    return f"{ratio:.2f}×" if ratio < 10 else f"{ratio:.0f}×"


def _aligned(headers: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells: list[str]) -> str:
        first, *rest = cells
        return "  ".join([first.ljust(widths[0])] + [c.rjust(w) for c, w in zip(
            rest, widths[1:], strict=True)])

    return [line(headers), *(line(r) for r in rows)]


def as_text(section: Section) -> str:
    """The section for the terminal."""
    out = [section.title, "=" * len(section.title), *_aligned(section.headers, section.rows)]
    if section.ratios:
        out.append("")
        width = max(len(r.label) for r in section.ratios)
        for r in section.ratios:
            out.append(f"{r.label.ljust(width)}  {times(r.value):>8}  {r.verdict()}".rstrip())
    for name, ok in section.checks.items():
        out.append(f"[{'ok' if ok else 'FAILED'}] {name}")
    out.extend(f"- {note}" for note in section.notes)
    return "\n".join(out)


def as_markdown(section: Section) -> str:
    """The section for ``RESULTS.md`` (a level-3 heading, to sit under "Performance")."""
    out = [f"### {section.title}", "", "| " + " | ".join(section.headers) + " |",
           "|" + "|".join([":---"] + ["---:"] * (len(section.headers) - 1)) + "|"]
    out.extend("| " + " | ".join(row) + " |" for row in section.rows)
    if section.ratios:
        out += ["", "| Speed ratio | Measured | Target |", "|:---|---:|:---|"]
        out.extend(f"| {r.label} | {times(r.value)} | {r.verdict() or '–'} |"
                   for r in section.ratios)
    if section.checks:
        out.append("")
        out.extend(f"- {'✔' if ok else '✘ FAILED:'} {name}" for name, ok in section.checks.items())
    if section.notes:
        out.append("")
        out.extend(f"- {note}" for note in section.notes)
    return "\n".join(out)
