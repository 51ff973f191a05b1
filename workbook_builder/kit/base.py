"""What every workbook type is: the contract the builder, audit, repair and import call.

A workbook type states its presets and fills an empty workbook (:meth:`SheetType.populate`),
returning the names it defined and the engine's value of every formula cell it wrote.
The two generic layouts, :mod:`.personal` and the club ledger, implement it for any system.
"""

from __future__ import annotations

import dataclasses
import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar, cast

from openpyxl import Workbook

from ..labels import Text
from ..layout import NameInfo
from ..logdata import GameLog
from ..messages import kind_name, say
from ..spec import Spec
from .settings_table import SettingsTables

P = TypeVar("P")
"""A workbook type's preset: the frozen dataclass of its rule's constants."""
T = TypeVar("T")


EXAMPLE_NAMES = {"ja": ("田中", "鈴木", "佐藤", "高橋", "伊藤", "山本", "中村", "小林", "加藤"),
                 "en": ("Alice", "Bob", "Carol", "Dan", "Erin", "Frank", "Grace", "Heidi",
                        "Ivan")}
"""Names for the example games of the README pictures, in each language."""


@dataclass
class Built:
    """What :meth:`SheetType.populate` produced."""

    names: list[NameInfo] = field(default_factory=list)
    cached: dict[str, dict[str, object]] = field(default_factory=dict)
    """Sheet title → cell → engine value, for every formula cell."""
    snapshots: frozenset[str] = frozenset()
    """Sheets generated from the constants at build time (a quick table): they warn when
    Settings change later, and only a rebuild (``repair``) brings them up to date."""


class SheetType(ABC, Generic[P]):
    """One rule system's workbook; ``P`` is the type of its presets."""

    system: ClassVar[str]
    presets: ClassVar[Mapping[str, Any]]
    """Preset name → frozen dataclass of the rule's constants (a ``P``; a class variable
    cannot name a type variable)."""
    input_tables: ClassVar[tuple[str, ...]] = ("Games",)
    """Tables a person types into; ledgers add ``Players``."""
    computed_by: ClassVar[str | None] = None
    """The spreadsheet programs that compute this workbook, when not every one does."""
    start_field: ClassVar[str | None] = None
    """The preset field a template's ``start_rating`` sets, if the rule has one."""
    howto: ClassVar[tuple[Text, ...]]
    """The numbered steps of the 使い方 / How to sheet (:mod:`.howto`), where ``{games}``
    and the like name the workbook's own sheets and cells."""
    tables: ClassVar[SettingsTables] = SettingsTables()
    """The tables under the Settings constants, each bound to the preset field it fills."""
    editable_tables: ClassVar[tuple[frozenset[str], ...]] = ()
    """The Settings tables a club may edit, each as its column keys (``Settings_<key>``):
    :meth:`with_tables` takes them into the preset, so ``repair`` and ``audit`` carry
    them, and a table that does not fit is given up alone. By default those of
    :attr:`tables`."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "tables" in cls.__dict__ and "editable_tables" not in cls.__dict__:
            cls.editable_tables = cls.tables.editable

    def editable(self, spec: Spec) -> tuple[frozenset[str], ...]:
        """:attr:`editable_tables` of the workbook ``spec`` describes."""
        return self.editable_tables

    def with_tables(self, preset: P, tables: Mapping[str, Sequence[object]], spec: Spec) -> P:
        """``preset`` with the Settings tables as typed (columns by key, top to bottom).

        Raises ValueError naming the column and value when a typed table does not fit.
        """
        return self.tables.read(preset, tables, spec.lang)

    def constant_fields(self, preset: str) -> tuple[str, ...]:
        """Names a template may override under ``[constants]``."""
        return tuple(f.name for f in dataclasses.fields(self.presets[preset]))

    def preset_for(self, spec: Spec) -> P:
        """The named preset with the template's overrides applied."""
        preset: P = with_constants(self.presets[spec.preset], spec.constants)
        return preset

    def example_inputs(self, lang: str) -> list[dict[str, object]]:
        """A few example rows for the README pictures (``workbook-builder render``)."""
        return []

    def example_tables(self, spec: Spec) -> dict[str, list[dict[str, object]]]:
        """Example inputs of every input table (ledgers add Players), for the pictures."""
        return {"Games": self.example_inputs(spec.lang)}

    def log_system(self, spec: Spec) -> str:
        """The game-log (CSV) shape ``import`` reads for this workbook: a ``replay`` system."""
        return self.system

    def tables_from_log(self, log: GameLog, spec: Spec) -> dict[str, list[dict[str, object]]]:
        """Input tables filled from a :class:`~workbook_builder.logdata.GameLog` (ledgers)."""
        raise NotImplementedError(say("sheet.no_log", system=kind_name(self.system, self)))

    @abstractmethod
    def default_title(self, lang: str) -> str:
        """Title used when the template gives none."""

    @abstractmethod
    def populate(self, wb: Workbook, spec: Spec, preset: P,
                 inputs: Sequence[Mapping[str, object]]) -> Built:
        """Add this system's sheets to the empty ``wb``; ``inputs`` pre-fill data rows."""

    def populate_tables(self, wb: Workbook, spec: Spec, preset: P,
                        tables: Mapping[str, Sequence[Mapping[str, object]]]) -> Built:
        """Like :meth:`populate`, with inputs for every table by its key (``Games``, and a
        ledger's ``Players``): by default the ``Games`` rows alone."""
        return self.populate(wb, spec, preset, tables.get("Games", ()))


def with_constants(base: Any, constants: Mapping[str, object]) -> Any:
    """``base`` with ``constants`` replaced, each converted to its field's type.

    A key ``name.i`` replaces item ``i`` of a tuple field (a setting that is one cell of
    a rule's pair, such as the four-player knock-out points); a None field takes the value
    as it is.
    """
    hints = typing.get_type_hints(type(base))
    values: dict[str, object] = {}
    for key, value in constants.items():
        name, _, index = key.partition(".")
        current: Any = values.get(name, getattr(base, name))
        if index:
            items = list(current)
            items[int(index)] = converted(value, items[int(index)], typing.get_args(hints[name]))
            values[name] = tuple(items)
        else:
            values[name] = converted(value, current, (hints[name],))
    return dataclasses.replace(base, **values)


def converted(value: object, current: object, declared: tuple[object, ...]) -> object:
    """``value`` as the type of the field's ``current`` value, except that a fraction stays
    a fraction where the field is declared a float whose default is whole (K = 12.5 where
    the preset says ``k: float = 32``)."""
    if current is None:
        return value
    kinds = {kind for hint in declared for kind in (hint, *typing.get_args(hint))}
    if (isinstance(current, int) and float in kinds and isinstance(value, float)
            and not value.is_integer()):
        return value
    kind: Any = type(current)
    return kind(value)


def extend(preset: Any, cls: type[T]) -> T:
    """``preset`` as a preset of ``cls``: the fields both have, ``cls``'s defaults for the
    rest (an engine preset as a sheet's, a ledger's as the personal sheet's)."""
    fields = {f.name for f in dataclasses.fields(cast(Any, cls))}
    return cls(**{f.name: getattr(preset, f.name) for f in dataclasses.fields(preset)
                  if f.name in fields})
