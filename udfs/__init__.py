"""Worksheet functions for desktop Excel through xlwings.

Put ``udfs`` in xlwings' "UDF Modules" and import the functions: each one is the rule
engine's own function under its Excel name, so a formula in the club's workbook gives
the same number as the ready-made sheets and ``rating_rules``. Row-wise functions also
take whole columns (one call, one array of answers).

A module per rule family (``shogi``, ``elo`` …) defines its functions; this package
finds them (every function a rating system of :data:`rating_rules.SYSTEMS` lists) and
holds them under their names, where xlwings and xlwings Lite look for them, so a new
system's functions need no list here.
"""

from __future__ import annotations

from typing import Any

from rating_rules.systems import modules_of

from ._excel import catalog


def _found() -> dict[str, Any]:
    """Every worksheet function of this package's modules, by name, in catalog order."""
    defined = {name: value for module in modules_of(__name__)
               for name, value in vars(module).items()}
    return {entry.name: defined[entry.name] for entry in catalog()}


_FUNCTIONS = _found()
globals().update(_FUNCTIONS)

__all__ = [*sorted(_FUNCTIONS), "catalog"]


def __getattr__(name: str) -> Any:
    """Only reached for a name that is not a worksheet function (they are set above); it
    tells type checkers that ``udfs.TOKIN_DELTA`` and the others exist."""
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
