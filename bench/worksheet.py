"""Part 2: worksheet functions over a whole column in one call versus one call per row.

Excel calls an xlwings function once per formula, and each call is a round trip to the
Python add-in; a column formula over 10,000 rows is one round trip instead of 10,000.
Those round trips need Excel (Windows or macOS) and cannot be timed here; this
measures the Python side only: does the array form cost more per row than scalar calls?
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import udfs

from .games import worksheet_rows
from .report import Config, Contender, Ratio, Section, count, measure, seconds


def _cases(config: Config) -> list[tuple[str, Callable[..., Any], list[list[list[float]]]]]:
    rows = worksheet_rows(config.rows, config.seed)
    return [
        ("ELO_EXPECTED", udfs.ELO_EXPECTED, [rows.my_rating, rows.opp_rating]),
        ("TOKIN_DELTA", udfs.TOKIN_DELTA, [rows.my_rating, rows.opp_rating, rows.result]),
    ]


def answers_a_column(function: Callable[..., Any], arity: int) -> bool:
    """Whether ``function`` answers a 2-row column of blank rows with 2 blank answers."""
    column = [[None], [None]]
    try:
        return bool(function(*[column] * arity) == [[""], [""]])
    except (ValueError, TypeError):
        return False


def column_functions() -> tuple[list[str], list[str]]:
    """Worksheet functions that take whole columns, and those that take a range as one
    input (a period's games, a game's four seats)."""
    yes, no = [], []
    for entry in udfs.catalog():
        declared = entry.function.__dict__.get("_udf_args", {})
        row_wise = all(options.get("ndim") == 2 for options in declared.values())
        if row_wise and answers_a_column(entry.function, len(declared)):
            yes.append(entry.name)
        else:
            no.append(entry.name)
    return yes, no


def run(config: Config) -> Section:
    repeats = config.repeats if config.quick else max(config.repeats, 20)
    print(f"udfs: timing {count(config.rows)}-row columns, best of {repeats} runs",
          file=sys.stderr, flush=True)
    rows: list[list[str]] = []
    ratios: list[Ratio] = []
    checks: dict[str, bool] = {}
    for name, function, columns in _cases(config):

        def array(function: Callable[..., Any] = function, columns: Any = columns) -> Any:
            return function(*columns)

        def scalar(function: Callable[..., Any] = function, columns: Any = columns) -> Any:
            return [function(*(cell[0] for cell in row)) for row in zip(*columns, strict=True)]

        timing, kept = measure(
            [Contender("array", array), Contender("scalar", scalar)], repeats
        )
        n = config.rows
        for form, calls in (("array", 1), ("scalar", n)):
            best = timing[form].best
            label = "one call over the column" if form == "array" else "one call per row"
            rows.append([name, label, count(calls), count(n), seconds(best), count(n / best)])
        ratios.append(Ratio(f"{name}: one array call ÷ {count(n)} scalar calls",
                            timing["scalar"].best / timing["array"].best))
        checks[f"{name}: the array answers equal the scalar answers, row by row"] = (
            kept["array"] == [[v] for v in kept["scalar"]]
        )
    yes, no = column_functions()
    notes = [
        f"Python side only, best of {repeats} run{'s' if repeats != 1 else ''}: the "
        "figures show what one row costs in each form once Python is "
        "running. The real gain is in Excel, which pays one add-in round trip per call: "
        f"a {count(config.rows)}-row column is 1 round trip instead of {count(config.rows)}. "
        "Round trips need desktop Excel with xlwings (Windows or macOS) and are not "
        "measured here.",
        f"Answer a whole column in one call ({len(yes)} of {len(yes) + len(no)}): "
        + ", ".join(yes) + ". Take a range as one input instead: " + ", ".join(no)
        + " (a rating period's games, a game's four seats).",
        "A ratio near 1× means the array form costs about the same per row as a scalar "
        "call: most of a row's time is the rule itself (input checks, then the "
        "arithmetic), which both forms run.",
    ]
    return Section(
        key="udfs",
        title="Worksheet functions in array form",
        headers=["Function", "Form", "Calls", "Rows", "Best time", "Rows/s"],
        rows=rows,
        ratios=ratios,
        checks=checks,
        notes=notes,
    )
