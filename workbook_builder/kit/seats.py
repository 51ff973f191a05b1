"""The chain of a club ledger: each seat of a game row finds its player's previous game.

A ledger keeps every game of a club in one log, so a game row reads each player's rating
from *their* previous counted game, whichever seat they sat in there. Per seat ``s`` a
game row has the player's id ``Id<s>`` (their Players row, 0 when unknown), the counted
id ``C<s>`` (the id on a counted row, 0 elsewhere) and ``Prev<s>``, the sheet row of the
player's previous counted game (0: none, the start). The seats of a game are the
parameter: two columns of one row in the two-player ledger, or one seat a row over four
rows in the four-player one (where a game reads only the games above its first row).

Formulas and values side by side, as everywhere in the kit: the formula is a bounded
lookup over the rows above (:mod:`workbook_builder.formulas.ledger`), the value an
incremental index (:meth:`Cells.last_above`), O(1) per row.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..formulas import ledger as lx
from ..layout import Row, Table
from .cells import Cells, Evaluation

Reader = Callable[[int, str], object]
"""A table's value at data row ``k`` (0 = lead row) of a column: ``Cells.at``."""


@dataclass(frozen=True)
class GamesRefs:
    """Whole-column references into the Games sheet, for formulas on other sheets."""

    table: Table
    title: str

    @property
    def quoted(self) -> str:
        return "'" + self.title.replace("'", "''") + "'"

    def full(self, key: str) -> str:
        letter = self.table.letter(key)
        return f"{self.quoted}!${letter}$1:${letter}${self.table.last_row}"


@dataclass(frozen=True)
class Seats:
    """The seats of a game: by column suffix on one row (``("A", "B")``), or one seat a
    row over ``rows`` rows (the four-player ledger: ``Seats(("",), rows=4, …)``)."""

    names: tuple[str, ...]
    rows: int = 1
    """Sheet rows one game takes; a game reads only the games above its first row."""
    counted_key: str = "C{}"
    """The counted-id column of a seat (``{}`` is the seat's suffix)."""

    @property
    def counted(self) -> tuple[str, ...]:
        """The counted-id columns, one per seat (``CA``, ``CB``)."""
        return tuple(self.counted_key.format(s) for s in self.names)

    def names_in(self, table: str) -> tuple[str, ...]:
        """The counted-id columns' defined names (``Games_CA`` …)."""
        return tuple(f"{table}_{key}" for key in self.counted)

    def top(self, r: Row) -> int:
        """The sheet row of the first row of ``r``'s game."""
        first = r.table.first_row
        return first + self.rows * ((r.number - first) // self.rows)

    def before(self, r: Row, key: str, start: str) -> str:
        """``key`` from sheet row ``start`` down to the row above the game.

        From row 1, INDEX takes a sheet row (see :func:`lx.seat_value`); a range that took
        in the game's own rows would be a circular reference to Excel, which follows
        whole ranges, not the row INDEX picks. A game of several rows ends every range at
        one row, so it is written absolute.
        """
        letter = r.table.letter(key)
        if self.rows == 1:
            return f"${letter}${start}:{letter}{r.number - 1}"
        return f"${letter}${start}:${letter}${self.top(r) - 1}"

    # --- A game row: the player's previous counted game above it -----------------------

    def previous_formula(self, r: Row, seat: str) -> str:
        lead = str(r.table.lead_row)
        return lx.previous_row(r[f"Id{seat}"], [self.before(r, key, lead)
                                                 for key in self.counted])

    def previous_value(self, c: Cells, seat: str) -> int:
        """The sheet row of the player's last counted game above, else 0."""
        player = c[f"Id{seat}"]
        if player == 0:
            return 0
        top = c.k - (c.k - 1) % self.rows
        k = c.evaluation.last_above(top, self.counted, player)
        return c.table.lead_row + k if k else 0

    def carried_formula(self, r: Row, row: str, player: str, key: str, otherwise: str) -> str:
        """What ``player`` left sheet row ``row`` with (``key`` of their seat there)."""
        seats = [(self.before(r, self.counted_key.format(s), "1"),
                  self.before(r, f"{key}{s}", "1")) for s in self.names]
        return lx.seat_value(row, player, seats, otherwise)

    def carried_value(self, at: Reader, lead_row: int, row: object, player: object, key: str,
                      otherwise: object) -> object:
        """:meth:`carried_formula`'s value; ``at`` reads the Games table."""
        if row == 0:
            return otherwise
        k = int(row) - lead_row  # type: ignore[call-overload]
        for seat in self.names[:-1]:
            if at(k, self.counted_key.format(seat)) == player:
                return at(k, f"{key}{seat}")
        return at(k, f"{key}{self.names[-1]}")

    def carried(self, c: Cells, row: object, player: object, key: str,
                otherwise: object) -> object:
        """:meth:`carried_value` from a game row's cells."""
        return self.carried_value(c.at, c.table.lead_row, row, player, key, otherwise)

    # --- Another sheet: a player's counted games over the whole log ----------------------

    def whole_formula(self, g: GamesRefs, row: str, player: str, key: str,
                      otherwise: str) -> str:
        """:meth:`carried_formula` over whole Games columns (from Players, say)."""
        seats = [(g.full(self.counted_key.format(s)), g.full(f"{key}{s}")) for s in self.names]
        return lx.seat_value(row, player, seats, otherwise)

    def whole_value(self, games: Evaluation, row: object, player: object, key: str,
                    otherwise: object) -> object:
        return self.carried_value(games.value, games.table.lead_row, row, player, key,
                                  otherwise)

    def played(self, games: Evaluation, player: int) -> Sequence[int]:
        """The sheet rows of ``player``'s counted games, in log order (built once)."""
        index = games.context.get("seats.played")
        if not isinstance(index, dict):
            index = self._played(games)
            games.context["seats.played"] = index
        found: Sequence[int] = index.get(player, ())
        return found

    def _played(self, games: Evaluation) -> dict[object, list[int]]:
        """Counted id → the sheet rows where it was counted (one pass over the log)."""
        index: dict[object, list[int]] = {}
        for k in range(1, games.table.rows + 1):
            row = games.table.lead_row + k
            for key in self.counted:
                counted = games.value(k, key)
                if counted:
                    rows = index.setdefault(counted, [])
                    if not rows or rows[-1] != row:
                        rows.append(row)
        return index
