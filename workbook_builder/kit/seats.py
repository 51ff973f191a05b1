"""The chain of a club ledger: each seat of a game row finds its player's previous game.

A ledger keeps every game of a club in one log, so a game row reads each player's rating
from *their* previous counted game, whichever seat they sat in there (:class:`Seats`).

A spreadsheet recalculates what a typed cell makes dirty, by reference, and an exact
``MATCH`` stops at its first hit. So the hidden sheet ``_chain`` keeps the counted ids
in reverse: the last game's seats first, each cell a direct reference to one Games cell.
A game row looks its player up in the part of that list that starts at the game above
it: the ``MATCH`` stops at the player's nearest earlier game, so it costs the distance
to that game, and no formula reads a row below its own (typing a game at the bottom
recalculates that game and the lists, not the log). The Players sheet finds each
player's last game the same way, from the top of the list.

Formulas and values side by side, as everywhere in the kit: the value side is an
incremental index (:meth:`Cells.last_above`), O(1) per row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from openpyxl import Workbook
from openpyxl.worksheet.worksheet import Worksheet

from .. import formulas as fx
from ..formulas import ledger as lx
from ..labels import Text
from ..layout import Column, Row, Table
from .cells import Cells, Evaluation, whole

CHAIN_SHEET = "_chain"
"""The hidden sheet of the reversed counted ids (a fixed title, so formulas can name it)."""
CHAIN = Table("Chain", Text("計算用 逆順の計上番号", "Counted ids, last game first"), (), 0)
"""Where the list starts (its header and first rows); :meth:`Seats.chain_table` fills it."""


def chain_sheet(wb: Workbook) -> Worksheet:
    """The hidden sheet :meth:`Seats.chain_table` is written on."""
    ws: Worksheet = wb.create_sheet(CHAIN_SHEET)
    ws.sheet_state = "hidden"
    return ws


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
class SeatKey:
    """A hidden Games column of every seat: its key is ``stem`` and the seat's suffix
    (``Id`` + ``A``), its heading ``label`` with ``{}`` for the suffix."""

    stem: str
    label: Text

    def at(self, seat: str) -> str:
        """The column of ``seat``."""
        return f"{self.stem}{seat}"

    def label_at(self, seat: str) -> Text:
        """The heading of ``seat``'s column."""
        return Text(self.label.ja.format(seat), self.label.en.format(seat))


@dataclass(frozen=True)
class Seats:
    """The seats of a game: by column suffix on one row (``("A", "B")``), or one seat a
    row over ``rows`` rows (the four-player ledger: ``Seats(("",), rows=4, …)``)."""

    names: tuple[str, ...]
    rows: int = 1
    """Sheet rows one game takes; a game reads only the games above its first row."""
    counted_id: SeatKey = SeatKey("C", Text("計算用 {}計上", "{} counted"))
    """The player's id on a counted row, 0 elsewhere."""
    chain_id: SeatKey | None = None
    """The chain key, where a table declares it (Tokin's ``KA``, ``KB``): the id on every
    row the chain links, counted or not. Else the chain links by the counted id."""
    id: SeatKey = SeatKey("Id", Text("計算用 {}番号", "{} id"))
    """The player's id: their Players row, 0 when the name is not listed."""
    previous: SeatKey = SeatKey("Prev", Text("計算用 {}の前の対局", "{}'s previous row"))
    """The sheet row of the player's previous counted game, 0 for none."""
    count: SeatKey = SeatKey("Cnt", Text("計算用 {}の局数", "{}'s games so far"))
    """The player's counted games so far (the Players sheet reads it at their last game)."""
    helper_width: float = 7
    """The width of these hidden columns."""

    @property
    def counted(self) -> tuple[str, ...]:
        """The counted-id columns, one per seat (``CA``, ``CB``)."""
        return tuple(self.counted_id.at(s) for s in self.names)

    def key_of(self, games: Table, seat: str) -> str:
        """The column the chain links ``seat`` by in ``games``.

        Tokin's monthly ledger links a row whose month is out of order (flagged, not
        counted) too: whether a row counts then depends on every date above it, and a
        chain keyed on that would make a date fixed far up re-link the whole log below,
        which LibreOffice recalculates in time that grows with the square of the log
        (docs/performance.md). Such a row carries its player's values through unchanged.
        """
        if self.chain_id is not None and self.links_uncounted(games):
            return self.chain_id.at(seat)
        return self.counted_id.at(seat)

    def links_uncounted(self, games: Table) -> bool:
        """Whether ``games`` has the declared chain-key columns (:meth:`key_of`)."""
        return self.chain_id is not None and games.has(self.chain_id.at(self.names[0]))

    def keys(self, games: Table) -> tuple[str, ...]:
        """:meth:`key_of` of every seat."""
        return tuple(self.key_of(games, s) for s in self.names)

    def top(self, r: Row) -> int:
        """The sheet row of the first row of ``r``'s game."""
        first = r.table.first_row
        return first + self.rows * ((r.number - first) // self.rows)

    def before(self, r: Row, key: str, start: str, own_game: bool = False) -> str:
        """``key`` from sheet row ``start`` down to the row above the game (``own_game``:
        the row above, for a value no other seat of the game changes).

        From row 1, INDEX takes a sheet row (see :func:`lx.seat_value`); a range that took
        in the game's own rows would be a circular reference to Excel, which follows
        whole ranges, not the row INDEX picks. The end is relative: the same seat of
        every game then holds the same formula relative to its row (a shared formula).
        """
        letter = r.table.letter(key)
        end = r.number if own_game else self.top(r)
        return f"${letter}${start}:{letter}{end - 1}"

    # --- A game row: the player's previous counted game above it -----------------------

    def previous_formula(self, r: Row, seat: str) -> str:
        """The sheet row of the player's previous counted game, from the reversed list."""
        above = (self.top(r) - r.table.lead_row) - 1
        if above < 1:
            return "0"
        player = r[self.id.at(seat)]
        return fx.if_(f"{player}=0", "0",
                      self._row_of(r.table, player,
                                   self.position(r.table, above, len(self.names) - 1)))

    def last_formula(self, games: Table, player: str, name: str) -> str:
        """The sheet row of ``player``'s last counted game in the whole log, else 0.

        ``name`` is the player's name cell: a blank row of the Players sheet has no
        game, and its lookup would read the whole list for nothing at every typed game
        (a ledger ships with more rows than a club has players)."""
        return fx.if_(f"ISBLANK({name})", "0", self._row_of(games, player, 1))

    def last_upto_formula(self, games: Table, player: str, name: str, upto: str) -> str:
        """The sheet row of ``player``'s last counted game in data rows 1 … ``upto`` (a
        cell), else 0: a list as it stood at a point of the log (a monthly list). A
        blank ``name`` gives 0 at once, as in :meth:`last_formula`.

        The list's start moves with ``upto``, so the range is an ``OFFSET``, which is
        volatile: these few summary cells recompute at every change, each a ``MATCH``
        that stops at the player's game. ``INDEX(…):end``, the non-volatile spelling,
        left LibreOffice 7.4 showing stale monthly lists after a recalculation.
        """
        total, top = len(self.names) * games.rows, CHAIN.first_row
        start = f"{len(self.names)}*({games.rows}-{upto})"
        found = (f"MATCH({player},OFFSET({CHAIN_SHEET}!$A${top},{start},0,"
                 f"{total}-{start},1),0)")
        return fx.if_(f"OR(ISBLANK({name}),{upto}<1)", "0",
                      self._sheet_row(games, f"{start}+{found}-1"))

    def position(self, games: Table, k: int, seat: int) -> int:
        """The place in the reversed list of data row ``k``'s seat (the last seat of the
        last row is 1)."""
        n = len(self.names)
        return n * (games.rows - k) + (n - seat)

    def _row_of(self, games: Table, player: str, start: int) -> str:
        """The sheet row of the first hit for ``player`` in the list from ``start`` on."""
        total, top = len(self.names) * games.rows, CHAIN.first_row
        found = f"MATCH({player},{CHAIN_SHEET}!$A${top + start - 1}:$A${top + total - 1},0)"
        return self._sheet_row(games, f"{start}+{found}-2" if start > 1 else f"{found}-1")

    def _sheet_row(self, games: Table, place: str) -> str:
        """The sheet row of the game at 0-based ``place`` in the reversed list (0 if the
        lookup found nothing)."""
        n = len(self.names)
        back = f"INT(({place})/{n})" if n > 1 else f"({place})"
        return f"IFERROR({games.last_row}-{back},0)"

    def chain_table(self, games: GamesRefs) -> Table:
        """The reversed counted ids: one row per seat of every game row, last first."""
        n, rows = len(self.names), games.table.rows

        def where(p: int) -> tuple[int, str]:
            k, seat = rows - (p - 1) // n, n - 1 - (p - 1) % n
            return k, self.key_of(games.table, self.names[seat])

        def formula(r: Row) -> str:
            k, key = where(r.k)
            return f"{games.quoted}!${games.table.letter(key)}${games.table.lead_row + k}"

        def value(c: Cells) -> object:
            k, key = where(c.k)
            log = c.context["Games"]
            assert isinstance(log, Evaluation), "the chain is evaluated after the log"
            return log.value(k, key)

        column = Column("Id", Text("計上番号", "Counted id"), "helper", "integer", 10,
                        formula=formula, value=value, hidden=False)  # the sheet is
        return Table(CHAIN.key, CHAIN.title, (column,), n * rows)

    def previous_value(self, c: Cells, seat: str) -> int:
        """The sheet row of the player's last counted game above, else 0."""
        player = c[self.id.at(seat)]
        if player == 0:
            return 0
        top = c.k - (c.k - 1) % self.rows
        k = c.evaluation.last_above(top, self.keys(c.table), player)
        return c.table.lead_row + k if k else 0

    def carried_formula(self, r: Row, row: str, player: str, key: str, otherwise: str,
                        own_game: bool = False) -> str:
        """What ``player`` left sheet row ``row`` with (``key`` of their seat there);
        ``own_game`` as :meth:`before`."""
        seats = [(self.before(r, self.key_of(r.table, s), "1", own_game),
                  self.before(r, f"{key}{s}", "1", own_game)) for s in self.names]
        return lx.seat_value(row, player, seats, otherwise)

    def carried_value(self, games: Evaluation, row: object, player: object, key: str,
                      otherwise: object) -> object:
        """:meth:`carried_formula`'s value, read from the Games table ``games``."""
        if row == 0:
            return otherwise
        k = whole(row) - games.table.lead_row
        for seat in self.names[:-1]:
            if games.value(k, self.key_of(games.table, seat)) == player:
                return games.value(k, f"{key}{seat}")
        return games.value(k, f"{key}{self.names[-1]}")

    # --- Another sheet: a player's counted games over the whole log ----------------------

    def whole_formula(self, g: GamesRefs, row: str, player: str, key: str,
                      otherwise: str) -> str:
        """:meth:`carried_formula` over whole Games columns (from Players, say)."""
        seats = [(g.full(self.key_of(g.table, s)), g.full(f"{key}{s}")) for s in self.names]
        return lx.seat_value(row, player, seats, otherwise)

    def played(self, games: Evaluation, player: int) -> Sequence[int]:
        """The sheet rows of ``player``'s counted games, in log order (built once)."""
        return self._rows(games, player, self.counted)

    def linked(self, games: Evaluation, player: int) -> Sequence[int]:
        """The sheet rows the chain links for ``player`` (:meth:`key_of`), in log order:
        where the Players sheet and the lists read a player's values."""
        return self._rows(games, player, self.keys(games.table))

    def _rows(self, games: Evaluation, player: int, keys: tuple[str, ...]) -> Sequence[int]:
        """The sheet rows where ``player`` stands in ``keys``, from an index of every id
        built in one pass over the log and kept in the evaluation's context."""
        index = games.context.get(f"seats.{keys}")
        if not isinstance(index, dict):
            index = games.context[f"seats.{keys}"] = dict[object, list[int]]()
            for k in range(1, games.table.rows + 1):
                row = games.table.lead_row + k
                for key in keys:
                    counted = games.value(k, key)
                    if counted:
                        rows = index.setdefault(counted, [])
                        if not rows or rows[-1] != row:
                            rows.append(row)
        found: Sequence[int] = index.get(player, ())
        return found
