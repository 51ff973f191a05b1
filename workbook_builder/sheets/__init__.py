"""Sheet types, one module per rule system, and the registry the templates name.

To add a sheet type: write ``sheets/<system>.py`` with a :class:`SheetType` subclass
(its presets, ``default_title`` and ``populate``), then register an instance in
:data:`SHEET_TYPES`. ``populate`` lays out its sheets with the shared writers
(:func:`~workbook_builder.table.write_table`,
:func:`~workbook_builder.settings.write_settings`) and returns the names it defined
and the engine's value for every formula cell it wrote.
"""

from __future__ import annotations

from ..kit.base import Built, SheetType


def _registry() -> dict[str, SheetType]:
    from .catalog import CatalogSheet
    from .club24 import Club24Sheet
    from .elo import EloSheet
    from .go import GoSheet
    from .ledger import LedgerSheet
    from .mosaic import MosaicSheet
    from .tokin import TokinSheet
    from .yonin import YoninSheet
    from .yonin_ledger import YoninLedgerSheet

    return {sheet.system: sheet for sheet in (
        MosaicSheet(), EloSheet(), GoSheet(), YoninSheet(), TokinSheet(), Club24Sheet(),
        LedgerSheet(), CatalogSheet(), YoninLedgerSheet())}


SHEET_TYPES: dict[str, SheetType] = _registry()

__all__ = ["SHEET_TYPES", "Built", "SheetType"]
