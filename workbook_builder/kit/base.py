"""What every workbook type is: the contract the builder, audit, repair and import call.

A workbook type states its presets and fills an empty workbook (:meth:`SheetType.populate`),
returning the names it defined and the engine's value of every formula cell it wrote.
The two generic layouts, :mod:`.personal` and the club ledger, implement it for any system.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from openpyxl import Workbook

from ..layout import NameInfo
from ..template import Spec


@dataclass
class Built:
    """What :meth:`SheetType.populate` produced."""

    names: list[NameInfo] = field(default_factory=list)
    cached: dict[str, dict[str, object]] = field(default_factory=dict)
    """Sheet title → cell → engine value, for every formula cell."""


class SheetType(ABC):
    """One rule system's workbook."""

    system: ClassVar[str]
    presets: ClassVar[Mapping[str, Any]]
    """Preset name → frozen dataclass of the rule's constants."""
    input_tables: ClassVar[tuple[str, ...]] = ("Games",)
    """Tables a person types into; ledgers add ``Players``."""
    start_field: ClassVar[str | None] = None
    """The preset field a template's ``start_rating`` sets, if the rule has one."""

    def constant_fields(self, preset: str) -> tuple[str, ...]:
        """Names a template may override under ``[constants]``."""
        return tuple(f.name for f in dataclasses.fields(self.presets[preset]))

    def preset_for(self, spec: Spec) -> Any:
        """The named preset with the template's overrides applied."""
        base = self.presets[spec.preset]
        overrides = {k: type(getattr(base, k))(v) for k, v in spec.constants.items()}
        return dataclasses.replace(base, **overrides)

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        """A few example rows for the README pictures (``workbook-builder render``)."""
        return []

    def example_tables(self, spec: Spec) -> dict[str, list[dict[str, object]]]:
        """Example inputs of every input table (ledgers add Players), for the pictures."""
        return {"Games": self.example_inputs(spec.lang)}

    def log_system(self, spec: Spec) -> str:
        """The game-log (CSV) shape ``import`` reads for this workbook: a ``replay`` system."""
        return self.system

    def tables_from_log(self, log: Any, spec: Spec) -> dict[str, list[dict[str, object]]]:
        """Input tables filled from a :class:`~workbook_builder.gamelog.GameLog` (ledgers)."""
        raise NotImplementedError(f"{self.system} workbooks are not filled from a game log")

    @abstractmethod
    def default_title(self, lang: str) -> str:
        """Title used when the template gives none."""

    @abstractmethod
    def populate(self, wb: Workbook, spec: Spec, preset: Any,
                 inputs: Sequence[Mapping[str, object]]) -> Built:
        """Add this system's sheets to the empty ``wb``; ``inputs`` pre-fill data rows."""

    def populate_tables(self, wb: Workbook, spec: Spec, preset: Any,
                        tables: Mapping[str, Sequence[Mapping[str, object]]]) -> Built:
        """Like :meth:`populate`, with inputs for every table by its key (``Games``, ``Players``).

        Personal sheets have one input table, so the default hands ``Games`` on;
        ledgers, which also have a Players table, override this.
        """
        return self.populate(wb, spec, preset, tables.get("Games", ()))
