"""What a rating system declares to be kept in a club ledger (:mod:`.ledger`).

Every ledger's rule is a :class:`LedgerBook`: a game's seats, the game log's shape and
the Settings tables. A two-player rule is a :class:`LedgerRule`, whose declarations
(each side's change as formula and engine value side by side, the extra inputs, ranks,
the monthly mode) the layout renders; a value its players carry from game to game
besides the rating (Go's rank) is a :class:`Carried`.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from openpyxl.worksheet.worksheet import Worksheet

from .. import formulas as fx
from ..labels import Text
from ..layout import Column, NameInfo, Row, Setting, ValueType, validation
from ..settings import START, Refused, setting_name
from . import status as st
from .cells import Cells
from .seats import SeatKey, Seats
from .settings_table import SettingsTables

MONTHLY_MODE = setting_name("Monthly")
RANK_LABEL, RANK_RATING = setting_name("RankLabel"), setting_name("RankRating")
SIDES = ("A", "B")


def other(side: str) -> str:
    """The seat across the board from ``side``."""
    return "B" if side == "A" else "A"


v = validation
"""The layout's validation helper, under the short name the ledger modules use."""


@dataclass(frozen=True)
class Carried:
    """A value each player carries from their previous counted game, besides the rating.

    Per seat ``s`` the Games sheet gets ``<key><s>``: the value before the game, read
    from the player's seat on their previous counted row (its ``New<key><s>``), else
    their Players ``start`` column (None: 0). The rule declares ``New<key><s>`` among
    its :meth:`LedgerRule.game_helpers`; Players get ``<key>Now``, the value after the
    player's last counted game (shown when ``shown``).
    """

    key: str
    label: Text
    start: str | None = None
    kind: ValueType = "integer"
    shown: bool = False


def rank_label_formula(r: Row, label: str) -> str:
    """``label`` on a Players row with a rating, else ""."""
    return fx.if_(f"ISNUMBER({r['Rating']})", label, '""')


class LedgerPreset(Protocol):
    """What the layout itself reads of a rule's preset; the rule reads the rest."""

    @property
    def start(self) -> float:
        """The start of a player who brings neither a rating nor a rank."""


P = TypeVar("P", bound=LedgerPreset)
Q = TypeVar("Q")
"""Any ledger rule's preset."""
TypedRow = dict[str, object]
"""A Games or Players row as typed: column key → value."""


class LedgerBook(ABC, Generic[Q]):
    """What every club ledger's rule declares, whatever its seats; ``Q``: its preset."""

    engine: ClassVar[str]
    """The ``rating_rules.replay`` system (the game log's shape)."""
    seats: ClassVar[Seats]
    """A game's seats: the chain the Games rows link (:mod:`.seats`)."""
    tables: ClassVar[SettingsTables] = SettingsTables()
    """The tables under the Settings constants (the personal sheet's declaration)."""
    editable_tables: ClassVar[tuple[frozenset[str], ...]] = ()
    """Settings tables a club may edit, as their column keys (``repair`` carries them);
    by default those of :attr:`tables`."""
    refused: ClassVar[tuple[Refused, ...]] = ()
    """Template constants its Settings cells refuse: each
    :class:`~workbook_builder.settings.Positive`'s ``refused``."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "tables" in cls.__dict__ and "editable_tables" not in cls.__dict__:
            cls.editable_tables = cls.tables.editable

    def with_tables(self, preset: Q, tables: Mapping[str, Sequence[object]], lang: str) -> Q:
        """``preset`` with the :attr:`editable_tables` as typed (as the personal sheet's
        :meth:`~.base.SheetType.with_tables`)."""
        return self.tables.read(preset, tables, lang)

    def constant_fields(self, preset: Q) -> tuple[str, ...]:
        """The preset's fields a template may set under ``[constants]``: every one."""
        return tuple(f.name for f in dataclasses.fields(preset))  # type: ignore[arg-type]

    @abstractmethod
    def log_game(self, game: tuple[object, ...], day: object
                 ) -> tuple[tuple[object, ...], list[TypedRow]]:
        """A ``rating_rules.replay`` game's players, and the Games rows it fills
        (``import``)."""


class LedgerRule(LedgerBook[P]):
    """One rating system's declarations for the two-player ledger; ``P``: its preset."""

    seats: ClassVar[Seats] = Seats(SIDES, chain_id=SeatKey("K", Text("計算用 {}連結", "{} linked")))
    scores: ClassVar[tuple[float, ...]] = (1, 0)
    has_ranks: ClassVar[bool] = False
    """Players declare a rank (start from :meth:`rank_starts`)."""
    has_prior: ClassVar[bool] = False
    """Players may bring games played before the ledger (Club 24's game number)."""
    rank_labels: ClassVar[bool] = False
    """Lists show a rank label for the rating (:meth:`rank`)."""
    monthly: ClassVar[bool] = False
    """Tokin's rating-list mode exists (a Settings switch and the Monthly list sheet)."""
    required: ClassVar[tuple[str, ...]] = ()
    """Extra inputs a game needs to count (besides the result)."""
    rating_format: ClassVar[str] = "0"
    change_format: ClassVar[str] = "+0;-0;0"
    side_widths: ClassVar[tuple[float, float, float]] = (6.5, 5.5, 5)
    """Widths of each side's rating, change and new rating on Games; the lists' rating
    column is as wide as the first (Go's 27400.0 showed ### at 6.5)."""
    phone_widths: ClassVar[Mapping[str, tuple[float, float]]] = {}
    """Games column key → (ja, en) width where the rule's inputs need other widths to fit
    a phone's first screen (:mod:`.phone`)."""
    rating_name: ClassVar[Text] = Text("レート", "Rating")
    """What the rule calls the number it keeps (Go: ポイント, points)."""
    short_name: ClassVar[Text | None] = None
    """A shorter word for the new-rating heading on a phone's narrow column (Go: pt)."""
    carried: ClassVar[tuple[Carried, ...]] = ()
    """Values besides the rating a player carries from game to game."""
    order_key: ClassVar[str] = "Rating"
    """The Players column the rating list ranks by (higher first)."""
    listed: ClassVar[tuple[tuple[str, Text, str], ...]] = ()
    """Players columns the rating list also shows, after the rating: (key, heading,
    number format), as a rating deviation beside the rating it qualifies."""

    @abstractmethod
    def settings(self, preset: P) -> list[Setting]:
        """Constants on Settings after the default start (and the monthly switch)."""

    def settings_tables(self, ws: Worksheet, top: int, preset: P,
                        lang: str) -> tuple[list[NameInfo], dict[str, object]]:
        """Named tables under the settings; their names and cached values."""
        names, cached, _ = self.tables.write(ws, top, preset, lang)
        return names, cached

    def extras(self, preset: P, lang: str) -> tuple[Column, ...]:
        """Extra input columns after the result, each with its ``check`` and ``message``."""
        return ()

    @abstractmethod
    def change_formula(self, r: Row, side: str) -> str:
        """``side``'s change on a counted row, from the ratings the game is played at."""

    @abstractmethod
    def change_value(self, c: Cells, side: str) -> float:
        """The engine's change of ``side`` on a counted row."""

    def monthly_mode(self, preset: P) -> bool:
        """Whether the preset has the monthly lists on (rules with :attr:`monthly`)."""
        return False

    def game_helpers(self, preset: P, lang: str) -> tuple[Column, ...]:
        """Hidden Games helpers after the chain (each :class:`Carried`'s ``New<key><s>``)."""
        return ()

    def outcomes(self, preset: P, lang: str) -> tuple[Column, ...]:
        """Computed Games columns shown after each side's rating, change and new rating."""
        return ()

    def game_cases(self) -> tuple[st.Case, ...]:
        """Games Status cases checked after the inputs, before a complete row counts."""
        return ()

    def player_helpers(self, preset: P) -> tuple[Column, ...]:
        """Hidden Players helpers (a :class:`Carried` ``start``), after the start used."""
        return ()

    def settings_ok(self, preset: P) -> str:
        """Every named setting is a number (what ``Status`` checks first)."""
        names = [START, *(setting_name(s.key) for s in self.settings(preset))]
        return f"AND({','.join(f'ISNUMBER({n})' for n in names)})"

    def rank_starts(self, preset: P) -> tuple[tuple[str, float], ...]:
        """Declared rank → starting rating (when :attr:`has_ranks`)."""
        return ()

    def rank_formula(self, rating: str) -> str:
        return '""'

    def rank(self, preset: P, rating: float) -> str:
        return ""

    def label_formula(self, r: Row) -> str:
        """A Players row's rank label (:attr:`rank_labels`); "" without a rating."""
        return rank_label_formula(r, self.rank_formula(r["Rating"]))

    def label_value(self, c: Cells) -> object:
        rating = c.number("Rating")
        return "" if rating is None else self.rank(c.preset, rating)

    example_starts: ClassVar[tuple[float | None, ...]] = (None,) * 5
    """The five example players' starts (the README pictures)."""
    example_ranks: ClassVar[tuple[str | None, ...]] = ("初段", "1級", None, "2級", None)
    """Their declared ranks, where the rule has ranks and no start is given."""

    def example_extras(self, games: list[dict[str, object]], lang: str) -> None:
        """Fill a few example games' extra inputs (a handicap, a forfeit); by default
        the rule has none."""

    def log_inputs(self, game: tuple[object, ...]) -> dict[str, object]:
        """The extra inputs of a ``rating_rules.replay`` game (``import`` fills them)."""
        return {}

    def log_game(self, game: tuple[object, ...], day: object
                 ) -> tuple[tuple[object, ...], list[TypedRow]]:
        """One Games row: the date, both players, A's result and the rule's extras."""
        a, b, result = game[:3]
        row: TypedRow = {"Date": day, "PlayerA": a, "PlayerB": b, "Result": result,
                     **self.log_inputs(game)}
        return (a, b), [{k: x for k, x in row.items() if x is not None}]

    def constant_fields(self, preset: P) -> tuple[str, ...]:
        """The preset's numbers and switches (its tables are edited on Settings)."""
        values = {f.name: getattr(preset, f.name)
                  for f in dataclasses.fields(preset)}  # type: ignore[arg-type]
        return tuple(k for k, x in values.items() if type(x) in (int, float, bool))

