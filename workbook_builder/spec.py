"""What the builder needs for one workbook: a validated template (:class:`Spec`).

Kept apart from :mod:`workbook_builder.template`, which parses TOML and checks it
against the registry of workbook types: the layouts read a Spec, the parser knows them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .labels import DEFAULT_LANGUAGE

MAX_ROWS = 20000
"""Most game rows a workbook may have."""
MAX_PLAYERS = 2000
"""Most Players rows a ledger may have."""


@dataclass(frozen=True)
class Spec:
    """A validated template: everything the builder needs for one workbook."""

    system: str
    output: str
    preset: str = "default"
    lang: str = DEFAULT_LANGUAGE
    title: str = ""
    club: str = ""
    rows: int = 200
    players: int = 100
    """Rows of a ledger's Players table (personal sheets have none)."""
    constants: dict[str, float] = field(default_factory=dict)
    """Preset overrides by field name (``start_rating`` is folded in here)."""
    settings_tables: dict[str, tuple[object, ...]] = field(default_factory=dict)
    """Settings table columns as a club edited them (read back by ``repair``/``audit``)."""
    source: str = ""
