"""What each rating system declares for the kit's layouts, and the registry templates name.

A module per system (``mosaic.py``, ``elo.py`` …) declares its personal sheet as a
:class:`~workbook_builder.kit.personal.PersonalSheet` (columns with formula and engine
value side by side, Settings, notes) and, after it, what the system brings to the club
ledger (a :class:`~workbook_builder.kit.ledger_rule.LedgerRule`; Go's in
``go_ledger.py``). :data:`SHEET_TYPES` maps a template's ``system`` to its
workbook type. CONTRIBUTING.md walks through adding a system.
"""

from __future__ import annotations

from typing import Any

from ..kit.base import Built, SheetType


def _registry() -> dict[str, SheetType[Any]]:
    from .catalog import CatalogSheet
    from .club24 import Club24Sheet
    from .elo import EloSheet
    from .glicko import GlickoSheet
    from .go import GoSheet
    from .lambdas import LambdaSheet
    from .ledger import LedgerSheet
    from .mosaic import MosaicSheet
    from .tokin import TokinSheet
    from .yonin import YoninSheet
    from .yonin_ledger import YoninLedgerSheet

    return {sheet.system: sheet for sheet in (
        MosaicSheet(), EloSheet(), GlickoSheet(), GoSheet(), YoninSheet(), TokinSheet(),
        Club24Sheet(), LedgerSheet(), CatalogSheet(), LambdaSheet(), YoninLedgerSheet())}


SHEET_TYPES: dict[str, SheetType[Any]] = _registry()

__all__ = ["SHEET_TYPES", "Built", "SheetType"]
