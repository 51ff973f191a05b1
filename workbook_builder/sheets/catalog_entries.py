"""The formula catalog's contents, gathered in registry order from each system's module.

A module declares ``CATALOG_ENTRIES`` (:mod:`workbook_builder.kit.catalog`),
``CATALOG_TABLES``, ``CATALOG_RENAMES`` and ``CATALOG_NOT_NATIVE``; :func:`portable`
rewrites a sheet's formula for a workbook without a Settings sheet.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, TypeVar

from rating_rules import SYSTEMS

from ..kit.catalog import Entry, RuleTable
from ..labels import Text

T = TypeVar("T")


def system_modules() -> list[ModuleType]:
    """Each system's module ``sheets/<system>.py``, in registry order."""
    return [importlib.import_module(f"{__package__}.{name}") for name in SYSTEMS
            if importlib.util.find_spec(f"{__package__}.{name}") is not None]


def declared(attribute: str) -> list[Any]:
    """``attribute`` of each system's module that declares it, in registry order."""
    return [getattr(module, attribute) for module in system_modules()
            if hasattr(module, attribute)]


def in_registry_order(items: Sequence[T], function: Callable[[T], str]) -> tuple[T, ...]:
    """``items`` as the registry lists their (first) worksheet function: system by system,
    in the order the project added them, so a catalog's blocks and tables keep their rows
    when a system is added."""
    order = {name: i for i, name in enumerate(
        name for system in SYSTEMS.values() for name in system.functions)}
    return tuple(sorted(items, key=lambda item: order[function(item)]))


def merged(attribute: str) -> dict[str, Any]:
    """The mappings every module declares as ``attribute``, as one (a key twice: refused)."""
    out: dict[str, Any] = {}
    for mapping in declared(attribute):
        twice = sorted(set(out) & set(mapping))
        if twice:
            raise ValueError(f"{attribute} declared twice: {twice}")
        out.update(mapping)
    return out


ENTRIES: tuple[Entry, ...] = in_registry_order(
    [entry for entries in declared("CATALOG_ENTRIES") for entry in entries],
    lambda entry: entry.name)
"""Every worksheet function with a native formula, as the catalog shows them."""
RULE_TABLES: tuple[RuleTable, ...] = in_registry_order(
    [table for tables in declared("CATALOG_TABLES") for table in tables],
    lambda table: table.used_by[0])
"""The Tables sheet's tables, in the order of the functions that read them."""
TABLE_NAMES = frozenset([*(name for t in RULE_TABLES for name, _ in t.columns if name),
                         *(name for t in RULE_TABLES for name, _ in t.extra)])
RENAMES: Mapping[str, Mapping[str, str]] = {
    entry.name: getattr(module, "CATALOG_RENAMES", {})
    for module in system_modules() for entry in getattr(module, "CATALOG_ENTRIES", ())}
"""Worksheet function → its rule's renames: the builders read constants and tables by
Settings name, and each becomes that rule's default number or its Tables sheet name (two
rules may both read ``Settings_MinChange``, each its own)."""
NOT_NATIVE: Mapping[str, Text] = merged("CATALOG_NOT_NATIVE")
"""Worksheet functions without a native formula, with the reason shown in the workbook."""
_SETTINGS_NAME = re.compile(r"(?<![\w.])Settings_\w+")


def portable(formula: str, entry: Entry) -> str:
    """``formula`` of ``entry`` with every Settings name replaced (see :data:`RENAMES`)."""
    renames = RENAMES[entry.name]

    def swap(match: re.Match[str]) -> str:
        name = match.group(0)
        if name not in renames:
            raise ValueError(f"no default or table for {name} in {formula}")
        return renames[name]
    return _SETTINGS_NAME.sub(swap, formula)
