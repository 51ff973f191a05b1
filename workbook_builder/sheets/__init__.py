"""What each rating system declares for the kit's layouts, and the registry templates name.

A module per system declares its personal sheet, what it brings to the club ledger and
its worksheet functions for the catalog; :data:`SHEET_TYPES` maps a template's
``system`` to its workbook type. CONTRIBUTING.md walks through adding a system.
"""

from __future__ import annotations

import functools
from typing import Any

from rating_rules.systems import modules_of

from ..kit.base import Built, SheetType


def _registry() -> dict[str, SheetType[Any]]:
    """Every workbook type a module of this package defines (a class with its own
    ``system``), by ``system``: a new system's module is found without a list to edit."""
    found: dict[str, SheetType[Any]] = {}
    for module in modules_of(__name__):
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, SheetType)
                    and value.__module__ == module.__name__ and "system" in vars(value)):
                found[value.system] = value()
    return found


@functools.cache
def declared(name: str) -> dict[str, Any]:
    """Every module's dictionary ``name`` merged, by system: what a system's modules
    declare for the commands and the ledger (``LOG_FIELDS``, ``LEDGER_PRESETS`` …), found
    as the workbook types are, without a list to edit."""
    found: dict[str, Any] = {}
    for module in modules_of(__name__):
        found.update(getattr(module, name, {}))
    return found


SHEET_TYPES: dict[str, SheetType[Any]] = _registry()


__all__ = ["SHEET_TYPES", "Built", "SheetType", "declared"]
