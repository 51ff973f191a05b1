"""The rating systems, by name: the one table every part of the project looks a system up in.

python-chess keeps its variants in one list that the rest of the library looks up by
name; here :data:`SYSTEMS` does that for rating systems. ``replay``, the game-log
reader, the rating list, the command line and the workbook builder all read a system's
properties from its :class:`~rating_rules.common.System` entry instead of keeping their
own tables. Each engine module declares its systems beside its rule, as
``RATING_SYSTEMS``; this module finds them and lists them in the order the project
added them (``position``), so a new rating system is its engine module and its sheet
declarations, with no list here to edit.

>>> from rating_rules import replay
>>> replay("tokin", [("A", "B", 1)], initial={"A": 2000, "B": 1900}).ratings
{'A': 2012.0, 'B': 1888.0}
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Collection
from types import ModuleType

from .common import LogField, System


def modules_of(package: str, skip: Collection[str] = ()) -> list[ModuleType]:
    """The modules of ``package``, imported, but ``skip`` and the private ones: how each
    registry (systems, worksheet functions, workbook types, ledger rules) finds what a
    module declares, without a list to edit."""
    path = importlib.import_module(package).__path__
    return [importlib.import_module(f"{package}.{info.name}")
            for info in pkgutil.iter_modules(path)
            if info.name not in skip and not info.name.startswith("_")]


def _declared() -> dict[str, System]:
    """Every ``RATING_SYSTEMS`` of a module of this package, in the order of their
    ``position``. A name or a position declared twice is refused."""
    found = [system for module in modules_of(__name__.rpartition(".")[0])
             for system in getattr(module, "RATING_SYSTEMS", ())]
    for key in ("name", "position"):
        seen = [getattr(system, key) for system in found]
        twice = sorted({value for value in seen if seen.count(value) > 1})
        if twice:
            raise ValueError(f"rating systems declared with the same {key}: {twice}")
    return {system.name: system for system in sorted(found, key=lambda s: s.position)}


SYSTEMS: dict[str, System] = _declared()
"""Every rating system, by name."""

__all__ = ["SYSTEMS", "LogField", "System"]
