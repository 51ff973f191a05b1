"""What reading a game log gives: its games in file order and the rows it could not read.

Plain data, below the reader (:mod:`.gamelog`) and the sheet types that fill a ledger from
it, so that neither has to import the other to name it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date


@dataclass(frozen=True)
class BadRow:
    """A row that was not read, with the reason and the text as typed."""

    line: int
    reason: str
    text: str


@dataclass
class GameLog:
    """The games read from a CSV file, in file order, and the rows that were not."""

    system: str
    encoding: str
    games: list[tuple[object, ...]] = field(default_factory=list)
    dates: list[date | None] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    bad: list[BadRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """Lines read with a remark (a name taken as an earlier spelling of it)."""
