"""A rule's step of one game, declared once over "me", the opponent and the row.

A personal sheet and a club ledger compute the same step: what a player carries into a
game (the rating and, for Go, each :class:`~.ledger_rule.Carried`) and what the game
makes of it. Only where those values stand differs: on a personal sheet "me" is the
chain's row above and the opponent is typed on the row; on a ledger's row "me" is one
side's cells and the opponent the other side's. A rule writes each step once as a
:class:`Step` over a :class:`Side` (formula text, and the engine value beside it);
:class:`Chain` binds it to a personal sheet's columns, :func:`seat_steps` to a ledger's
seats (:func:`.ledger_games.seat_helpers`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .. import formulas as fx
from ..labels import Text
from ..layout import Column, Formula, Row, ValueType
from .cells import Cells, Value, numeric
from .chain import counted
from .ledger_games import seat_helpers
from .ledger_rule import other

T = TypeVar("T")
RATING = "Rating"
"""The key of the rating itself among what a player carries."""


@dataclass(frozen=True)
class Side(Generic[T]):
    """One player's view of a game row: formula references (``T = str``) or values.

    Each reader takes a column key: ``read`` the row's own column (an input both players
    share), ``before``/``after`` a carried value before and after the game, ``opponent``
    what the opponent brings, ``this`` my step of this game computed earlier on the row,
    ``score``/``difference`` a result or an A − B difference typed for A, as my side
    sees it (1 − it, − it for B)."""

    read: Callable[[str], T]
    before: Callable[[str], T]
    after: Callable[[str], T]
    opponent: Callable[[str], T]
    this: Callable[[str], T]
    score: Callable[[str], T]
    difference: Callable[[str], T]
    counted: Callable[[], T]
    """Whether the row counts (a formula's test, or a bool)."""
    typed_opponent: bool
    """The opponent is typed on the row (any rank, BC too), not a ledger member."""
    preset: Any = field(default=None, compare=False)
    """The rule's constants (values only)."""


@dataclass(frozen=True)
class Step:
    """One value of a game for one player, as formula text and engine value."""

    formula: Callable[[Side[str]], str]
    value: Callable[[Side[object]], object]


@dataclass(frozen=True)
class Chain:
    """Where a personal sheet keeps what "me" carries and reads the opponent's values.

    ``names``: a carried key → its chain column (Go's ``Rank`` → ``RankIdx``; others keep
    their key); ``opponent``: a key → the column the opponent's value is read from;
    ``on_row``: a key read on the game's own row, by this sheet's column: a value "me"
    brings that the chain computes on the row (a rule rated by period plays a game at its
    period's start), or a step or input this sheet names otherwise."""

    names: Mapping[str, str]
    opponent: Mapping[str, str]
    on_row: Mapping[str, str] = field(default_factory=dict)

    def column_of(self, key: str) -> str:
        return self.names.get(key, key)

    def side(self, at: Callable[[str], T], prev: Callable[[str], T], counts: Callable[[], T],
             preset: Any = None) -> Side[T]:
        """The row's side, read with ``at`` and ``prev`` (a :class:`Row`'s or :class:`Cells`')."""
        def before(key: str) -> T:
            return at(self.on_row[key]) if key in self.on_row else prev(self.column_of(key))

        def mine(key: str) -> T:
            return at(self.on_row.get(key, key))

        return Side(mine, before, lambda key: at(self.column_of(key)),
                    lambda key: at(self.opponent[key]), mine, mine, mine, counts, True, preset)

    def refs(self, r: Row) -> Side[str]:
        return self.side(r.__getitem__, r.prev, lambda: f"ISNUMBER({r['Change']})")

    def values(self, c: Cells) -> Side[object]:
        return self.side(c.__getitem__, c.prev, lambda: counted(c), c.preset)

    def rule(self, step: Step) -> tuple[Formula, Value]:
        """``step`` on every row."""
        return (lambda r: step.formula(self.refs(r)), lambda c: step.value(self.values(c)))

    def carried(self, step: Step, key: str) -> tuple[Formula, Value]:
        """``step`` on a counted row, else the row above's ``key`` (a skipped row changes
        nothing)."""
        column = self.column_of(key)
        return (lambda r: fx.if_(f"ISNUMBER({r['Change']})", step.formula(self.refs(r)),
                                 r.prev(column)),
                lambda c: step.value(self.values(c)) if counted(c) else c.prev(column))


def _seat_keys(side: str) -> tuple[Callable[[str], str], ...]:
    """A ledger's columns for ``side``: ``<key><s>`` before the game, ``New<key><s>``
    after it (the rating: ``Rating<s>`` and ``New<s>``), the other side's ``<key>``."""
    return (lambda key: f"{key}{side}", lambda key: f"New{'' if key == RATING else key}{side}",
            lambda key: f"{key}{other(side)}")


def seat_refs(r: Row, side: str) -> Side[str]:
    """``side``'s view of a ledger's game row: me = its cells, the opponent the other's."""
    mine, new, theirs = _seat_keys(side)

    def mirror(key: str, text: str) -> str:
        return r[key] if side == "A" else text.format(r[key])

    return Side(r.__getitem__, lambda key: r[mine(key)], lambda key: r[new(key)],
                lambda key: r[theirs(key)], lambda key: r[mine(key)],
                lambda key: mirror(key, "(1-{})"), lambda key: mirror(key, "(-{})"),
                lambda: f"{r['CA']}>0", False)


def seat_values(c: Cells, side: str) -> Side[object]:
    """:func:`seat_refs` as the engine's values."""
    mine, new, theirs = _seat_keys(side)

    def mirror(key: str, complement: bool) -> object:
        value = numeric(c[key])
        return value if side == "A" else 1 - value if complement else -value

    return Side(c.__getitem__, lambda key: c[mine(key)], lambda key: c[new(key)],
                lambda key: c[theirs(key)], lambda key: c[mine(key)],
                lambda key: mirror(key, True), lambda key: mirror(key, False),
                lambda: c["CA"] != 0, False, c.preset)


def with_own(side: Side[T], own: Mapping[str, Callable[[Side[T]], T]]) -> Side[T]:
    """``side`` whose ``this`` computes ``own``'s keys where they are read: the steps a
    layout keeps no column for."""
    def this(key: str) -> T:
        return own[key](side) if key in own else side.this(key)

    return dataclasses.replace(side, this=this)


def on_seat(step: Step, own: Mapping[str, Step] | None = None
            ) -> tuple[Callable[[Row, str], str], Callable[[Cells, str], object]]:
    """``step`` for one seat of a ledger's row, as :func:`seat_helpers` takes it; ``own``:
    the steps it reads that the ledger has no column for (:func:`with_own`)."""
    texts = {key: each.formula for key, each in (own or {}).items()}
    values = {key: each.value for key, each in (own or {}).items()}
    return (lambda r, side: step.formula(with_own(seat_refs(r, side), texts)),
            lambda c, side: step.value(with_own(seat_values(c, side), values)))


def seat_steps(stem: str, label: Text, kind: ValueType, step: Step,
               counted: bool = False, carried: bool = False,
               shown: tuple[float, str] | None = None,
               own: Mapping[str, Step] | None = None) -> list[Column]:
    """One column per seat of ``step`` (:func:`seat_helpers`, whose options these are;
    ``label`` has ``{}`` for the seat; ``own`` as :func:`on_seat`)."""
    formula, value = on_seat(step, own)
    return seat_helpers(stem, (label.ja, label.en), kind, formula, value, counted=counted,
                        carried=carried, shown=shown)
