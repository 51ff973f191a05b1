"""Glicko: a rating and its uncertainty, the rating deviation (RD).

Mark E. Glickman, "The Glicko system" (1995, revised 1999), in closed form. A player's
RD says how far the rating may be from the truth: it shrinks as the player's games are
rated and grows while they are not, so a returning or new player moves fast and a
regular one slowly. Games are rated by period, every game of a period against the
ratings and RDs at its start:

1. At the onset of a period, ``RD = min(sqrt(RD_old² + c²·t), 350)`` for ``t`` periods
   since the player was last rated (1 if they played in the period just before); an
   unrated player starts at 1500 with RD 350.
2. ``r' = r + q / (1/RD² + 1/d²) × Σ g(RD_j)(s_j − E_j)``, where ``q = ln 10 / 400``,
   ``g(RD) = 1 / sqrt(1 + 3q²RD²/π²)``, ``E_j = 1 / (1 + 10^(−g(RD_j)(r − r_j)/400))``
   and ``1/d² = q² Σ g(RD_j)² E_j (1 − E_j)``.
3. ``RD' = sqrt(1 / (1/RD² + 1/d²))``.

A player without games in a period keeps the rating; only the RD grows (step 1), for
every period since they last played, whether anyone played in it or not.

No RD is above an unrated player's 350 (the preset's ``start_rd``): step 1 never grows
one past it, so an RD given above it is refused, naming the argument, rather than
capped, as it can only be a typing error (3500 for 350).
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .common import (
    PeriodLabels,
    Player,
    ReplayResult,
    System,
    check_number,
    check_result,
    check_whole,
    round_half_away,
)
from .errors import RatingInputError

Q = math.log(10) / 400
"""The paper's q = ln 10 / 400 ≈ 0.0057565: the 400-point scale in natural units."""

_G_SCALE = 3 * Q * Q / math.pi ** 2


def _check_rd(name: str, value: object, most: float | None) -> float:
    """An RD above 0 and at most ``most``, the largest RD (None: no bound, a preset's own)."""
    rd = check_number(name, value)
    if rd <= 0:
        raise RatingInputError(name, value, "must be greater than 0")
    if most is not None and rd > most:
        raise RatingInputError(name, value, "must be {most:g} or less (the largest RD)",
                               most=most)
    return rd


@dataclass(frozen=True)
class GlickoPreset:
    """Constants of Glicko; replace any field for a local rule."""

    start: float = 1500.0
    """Rating of an unrated player (the paper's 1500)."""
    start_rd: float = 350.0
    """RD of an unrated player, and the most an RD grows to (the paper's 350)."""
    c: float = math.sqrt((350**2 - 50**2) / 100)
    """RD growth per rating period. The paper's example: a typical RD of 50 is back at an
    unrated player's 350 after 100 periods, so ``c = sqrt((350² − 50²)/100) ≈ 34.6``."""
    rounding: bool = False
    """Round each new rating to a whole number **[assumed]**: off, because the paper rounds
    only the figures it prints; an RD is never rounded."""

    def __post_init__(self) -> None:
        check_number("preset.start", self.start)
        _check_rd("preset.start_rd", self.start_rd, None)
        if check_number("preset.c", self.c) < 0:
            raise RatingInputError("preset.c", self.c, "must be 0 or more")
        if not isinstance(self.rounding, bool):
            raise RatingInputError("preset.rounding", self.rounding, "must be True or False")


GLICKO = GlickoPreset()


def glicko_g(rd: float, preset: GlickoPreset = GLICKO) -> float:
    """How much an opponent's uncertainty damps what a game against them says.

    >>> round(glicko_g(30), 4), round(glicko_g(300), 4)
    (0.9955, 0.7242)
    """
    return _g(_check_rd("rd", rd, preset.start_rd))


def glicko_expected(my_rating: float, opp_rating: float, opp_rd: float,
                    preset: GlickoPreset = GLICKO) -> float:
    """Expected score against an opponent, nearer 0.5 the less sure their rating is.

    >>> round(glicko_expected(1500, 1400, 30), 3)
    0.639
    """
    r = check_number("my_rating", my_rating)
    opp = check_number("opp_rating", opp_rating)
    g = _g(_check_rd("opp_rd", opp_rd, preset.start_rd))
    return _expected(r, opp, g, "opp_rating", opp_rating)


def glicko_rd_before(rd: float, periods: int, preset: GlickoPreset = GLICKO) -> float:
    """RD at the onset of a period, ``periods`` periods after the player was last rated.

    Uncertainty grows while nobody sees the player play, up to an unrated player's:

    >>> round(glicko_rd_before(50, 1), 1), glicko_rd_before(50, 100)
    (60.8, 350.0)
    """
    old = _check_rd("rd", rd, preset.start_rd)
    t = check_whole("periods", periods, minimum=0)
    return _grown(old, t, preset)


def glicko_period(
    rating: float, rd: float, opponents: Iterable[Sequence[object]],
    preset: GlickoPreset = GLICKO,
) -> tuple[float, float]:
    """New (rating, RD) after one period's games, each ``(opp_rating, opp_rd, score)``.

    ``rd`` and the opponents' values are those at the period's onset (step 1 already
    applied: :func:`glicko_rd_before`). Without games the rating and that RD stay as
    they are: in a period without games the RD only grows, by step 1.

    >>> r, rd = glicko_period(1500, 200, [(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])
    >>> round(r), round(rd, 1)
    (1464, 151.4)
    """
    r = check_number("rating", rating)
    own = _check_rd("rd", rd, preset.start_rd)
    games = []
    for i, opponent in enumerate(opponents, 1):
        try:
            opp, opp_rd, score = opponent
        except (TypeError, ValueError):
            raise RatingInputError(f"opponents[{i}]", opponent,
                                   "must be (opp_rating, opp_rd, score)") from None
        games.append(_Game(
            check_number(f"opponents[{i}].opp_rating", opp),
            _check_rd(f"opponents[{i}].opp_rd", opp_rd, preset.start_rd),
            check_result(f"opponents[{i}].score", score, draws=True),
            f"opponents[{i}].opp_rating", opp))
    return _period(r, own, games, preset, "rd", rd)


def glicko_update(
    my_rating: float, my_rd: float, opp_ratings: Sequence[object], opp_rds: Sequence[object],
    scores: Sequence[object], preset: GlickoPreset = GLICKO,
) -> tuple[float, float]:
    """:func:`glicko_period` with the opponents as three columns, as a sheet holds them.

    Row ``i`` of the columns is one game. A row blank in all three (None or "") is
    skipped, so a sheet can pass columns with empty rows; a row filled only in part
    names its first blank cell. ``my_rd`` and ``opp_rds`` are RDs at the period's onset.

    >>> r, rd = glicko_update(1500, 200, [1400, None, 1550, 1700], [30, None, 100, 300],
    ...                       [1, None, 0, 0])
    >>> round(r), round(rd, 1)
    (1464, 151.4)
    """
    r = check_number("my_rating", my_rating)
    own = _check_rd("my_rd", my_rd, preset.start_rd)
    for name, column in (("opp_rds", opp_rds), ("scores", scores)):
        if len(column) != len(opp_ratings):
            raise RatingInputError(name, list(column),
                                   "has {count} items but opp_ratings has {other}",
                                   count=len(column), other=len(opp_ratings))
    games = []
    rows = zip(opp_ratings, opp_rds, scores, strict=True)
    for i, (opp, opp_rd, score) in enumerate(rows, 1):
        if opp in (None, "") and opp_rd in (None, "") and score in (None, ""):
            continue
        games.append(_Game(check_number(f"opp_ratings[{i}]", opp),
                           _check_rd(f"opp_rds[{i}]", opp_rd, preset.start_rd),
                           check_result(f"scores[{i}]", score, draws=True),
                           f"opp_ratings[{i}]", opp))
    return _period(r, own, games, preset, "my_rd", my_rd)


@dataclass(frozen=True)
class _Game:
    """One game as the rated player sees it, with the name its opponent goes by in errors."""

    opp_rating: float
    opp_rd: float
    score: float
    field: str
    shown: object


def _period(rating: float, rd: float, games: Sequence[_Game], preset: GlickoPreset,
            rd_field: str, shown_rd: object) -> tuple[float, float]:
    """Steps 2 and 3 for one player: the new rating (rounded if the preset says so), RD'."""
    step, terms, new_rd = _rate(rating, rd, games, rd_field, shown_rd)
    return _new_rating(rating, step, terms, preset), new_rd


def _new_rating(rating: float, step: float, terms: Sequence[float],
                preset: GlickoPreset) -> float:
    """Step 2's ``r + q/(1/RD² + 1/d²) × Σ g(s − E)``, rounded if the preset says so."""
    new = rating + step * sum(terms)
    return float(round_half_away(new)) if preset.rounding else new


def _g(rd: float) -> float:
    return 1.0 / math.sqrt(1.0 + _G_SCALE * rd * rd)


def _grown(rd: float, periods: int, preset: GlickoPreset) -> float:
    return min(math.sqrt(rd * rd + preset.c * preset.c * periods), float(preset.start_rd))


def _expected(rating: float, opp: float, g: float, field: str, shown: object) -> float:
    try:
        return float(1.0 / (1.0 + 10.0 ** (-g * (rating - opp) / 400)))
    except OverflowError:  # 10^x past the largest double: a spreadsheet shows #NUM!
        raise RatingInputError(field, shown, "is too far from rating {mine!r} to compute",
                               mine=rating) from None


def glicko_game(rating: float, opp_rating: float, opp_rd: float, score: float,
                preset: GlickoPreset = GLICKO) -> tuple[float, float]:
    """One game's part of a period: its information ``g² E (1 − E)`` and its ``g (s − E)``.

    A sheet that rates a period row by row sums these two down the period's games and
    closes the period with :func:`glicko_close`; :func:`glicko_period` does the same.

    >>> info, term = glicko_game(1500, 1400, 30, 1)
    >>> round(info, 4), round(term, 4)
    (0.2285, 0.3589)
    """
    r = check_number("rating", rating)
    g = _g(_check_rd("opp_rd", opp_rd, preset.start_rd))
    e = _expected(r, check_number("opp_rating", opp_rating), g, "opp_rating", opp_rating)
    return _information(g, e), _term(g, e, check_result("score", score, draws=True))


def glicko_close(rating: float, rd: float, information: float, total: float,
                 preset: GlickoPreset = GLICKO) -> tuple[float, float]:
    """New (rating, RD) from a period's sums of :func:`glicko_game`'s two parts.

    >>> glicko_close(1500, 200, 0, 0)
    (1500.0, 200.0)
    """
    r = check_number("rating", rating)
    step, new_rd = _step(_check_rd("rd", rd, preset.start_rd),
                         check_number("information", information),
                         "rd", rd)
    return _new_rating(r, step, [check_number("total", total)], preset), new_rd


def _information(g: float, e: float) -> float:
    return g * g * e * (1.0 - e)


def _term(g: float, e: float, score: float) -> float:
    return g * (score - e)


def _step(rd: float, information: float, rd_field: str,
          shown_rd: object) -> tuple[float, float]:
    """Steps 2 and 3's factor ``q/(1/RD² + 1/d²)`` and RD', from ``Σ g² E (1 − E)``."""
    inverse = 1.0 / rd
    precision = inverse * inverse + Q * Q * information  # 1/RD² + 1/d²
    if precision == 0:  # an RD so large that 1/RD² is 0, and games that tell nothing
        raise RatingInputError(rd_field, shown_rd, "is too large to compute")
    return Q / precision, math.sqrt(1.0 / precision)


def _rate(rating: float, rd: float, games: Sequence[_Game],
          rd_field: str, shown_rd: object) -> tuple[float, list[float], float]:
    """Steps 2 and 3: the factor ``q/(1/RD² + 1/d²)``, each game's ``g(s − E)`` and RD'.

    Works with 1/d² rather than d², so a period whose expected scores are all exactly 0
    or 1 (ratings thousands of points apart) tells nothing instead of dividing by zero.
    """
    information = 0.0  # Σ g² E (1 − E); 1/d² is q² times this
    terms = []
    for game in games:
        g = _g(game.opp_rd)
        e = _expected(rating, game.opp_rating, g, game.field, game.shown)
        information += _information(g, e)
        terms.append(_term(g, e, game.score))
    step, new_rd = _step(rd, information, rd_field, shown_rd)
    return step, terms, new_rd


def replay_glicko(
    games: Iterable[tuple[object, ...]],
    initial: float | Mapping[Player, float | tuple[float, float]] | None = None,
    periods: Iterable[object] | None = None,
    preset: GlickoPreset = GLICKO,
) -> ReplayResult:
    """Replay ``(a, b, score_a)`` games in play order, period by period.

    ``periods`` gives one label per game, a period's games consecutive; without it every
    game is its own period **[assumed]**, as in ``replay_elo``. An RD grows by c for
    every period of the clock since the player was last rated, games or not (the paper's
    t): labels that are months (``"2024-03"``, a date, ``(2024, 3)``) are that many
    periods apart, so ``2024-01`` and ``2024-03`` are two even if nobody played in
    February; whole numbers are period numbers; any other label is one period after the
    label before it (and without labels, an RD grows with every game of the log). A
    label must come later on the clock than the one before it. ``initial`` is a rating
    for everyone or a mapping player → rating or
    (rating, RD), as they stand at the onset of the log's first period; others start at
    the preset's 1500 and RD 350. Every game of a period is rated against the ratings and
    RDs at its onset; a game's change is its unrounded share ``q/(1/RD² + 1/d²) × g(s − E)``
    of the period's change. ``deviations`` are the RDs at the end of the log's last period, grown
    for each period a player sat out since their last game.
    """
    log = list(games)
    labels = list(range(len(log))) if periods is None else list(periods)
    if len(labels) != len(log):
        raise RatingInputError("periods", labels, "has {count} labels but games has {other}",
                               count=len(labels), other=len(log))
    state = _Replay(preset, initial)
    period_labels = PeriodLabels(labels)
    for n, game in enumerate(log, 1):
        a, b, w = _check_game(n, game)
        if period_labels.opens(n):
            state.next_period(_position(n, labels[n - 1], state.period))
        state.add(n, a, b, w)
    state.close_period()
    return state.result()


_MONTH = re.compile(r"(\d{4})-(\d{1,2})")


def _position(n: int, label: object, before: int | None) -> int:
    """Where a period label is on the clock that grows an RD: a month's number
    (year × 12 + month − 1), a whole number as it is, else the period after ``before``."""
    month = _month(label)
    if month is None and isinstance(label, int) and not isinstance(label, bool):
        month = label
    if month is None:
        return 0 if before is None else before + 1
    if before is not None and month <= before:
        raise RatingInputError(f"periods[{n}]", label, "must come after the period before it")
    return month


def _month(label: object) -> int | None:
    """A label's month number, when it names a month."""
    if isinstance(label, dt.date):
        return label.year * 12 + label.month - 1
    if isinstance(label, tuple) and len(label) == 2 and all(
            isinstance(x, int) and not isinstance(x, bool) for x in label):
        year, month = label
    elif isinstance(label, str) and (match := _MONTH.fullmatch(label.strip())):
        year, month = int(match[1]), int(match[2])
    else:
        return None
    return year * 12 + month - 1 if 1 <= month <= 12 else None


def _check_game(n: int, game: tuple[object, ...]) -> tuple[Player, Player, float]:
    try:
        a, b, s = game
    except (TypeError, ValueError):
        raise RatingInputError(f"games[{n}]", game,
                               "must be (player_a, player_b, score_a)") from None
    if a == b:
        raise RatingInputError(f"games[{n}].player_b", b, "is the same player as player_a")
    return a, b, check_result(f"games[{n}].result", s, draws=True)


class _Replay:
    """The players' ratings and RDs as the log's periods go by."""

    def __init__(self, preset: GlickoPreset,
                 initial: float | Mapping[Player, float | tuple[float, float]] | None) -> None:
        self.preset = preset
        self.table: Mapping[Player, float | tuple[float, float]] = {}
        self.default = preset.start
        if isinstance(initial, Mapping):
            self.table = initial
        elif initial is not None:
            self.default = check_number("initial", initial)
        self.period: int | None = None  # the open period's place on the clock
        self.first = 0  # the first period's: when the initial values stand
        self.ratings: dict[Player, float] = {}
        self.rds: dict[Player, float] = {}
        self.rated_at: dict[Player, int] = {}  # the period whose onset needs no growth
        self.played: dict[Player, int] = {}
        self.changes: list[tuple[float, ...]] = []
        self.pending: list[tuple[int, Player, Player, float]] = []

    def next_period(self, position: int) -> None:
        self.close_period()
        if self.period is None:
            self.first = position
        self.period = position

    def add(self, n: int, a: Player, b: Player, w: float) -> None:
        for p in (a, b):
            if p not in self.ratings:
                self.ratings[p], self.rds[p] = self._start(p)
                self.rated_at[p] = self.first if p in self.table else self.now
                self.played[p] = 0
            self.played[p] += 1
        self.pending.append((n, a, b, w))
        self.changes.append((0.0, 0.0))

    def _start(self, p: Player) -> tuple[float, float]:
        value = self.table.get(p, self.default)
        if isinstance(value, (tuple, list)):
            if len(value) != 2:
                raise RatingInputError(f"initial[{p!r}]", value, "must be a rating or (rating, rd)")
            return (check_number(f"initial[{p!r}].rating", value[0]),
                    _check_rd(f"initial[{p!r}].rd", value[1], self.preset.start_rd))
        return check_number(f"initial[{p!r}]", value), float(self.preset.start_rd)

    def close_period(self) -> None:
        """Rate the open period's games against everyone's values at its onset."""
        onset = {p: (self.ratings[p], self._rd_at(p, self.now))
                 for _, a, b, _ in self.pending for p in (a, b)}
        faced: dict[Player, list[tuple[int, int, _Game]]] = {p: [] for p in onset}
        for n, a, b, w in self.pending:
            for me, opp, score, seat, side in ((a, b, w, 0, "b"), (b, a, 1.0 - w, 1, "a")):
                opp_rating, opp_rd = onset[opp]
                faced[me].append((n, seat, _Game(opp_rating, opp_rd, score,
                                                f"games[{n}].player_{side}", opp)))
        for p, games in faced.items():
            rating, rd = onset[p]
            # an RD is at most start_rd at an onset: only a preset's can be too large
            step, terms, new_rd = _rate(rating, rd, [g for _, _, g in games],
                                        "preset.start_rd", self.preset.start_rd)
            self.ratings[p] = _new_rating(rating, step, terms, self.preset)
            self.rds[p] = new_rd
            self.rated_at[p] = self.now
            for (n, seat, _), term in zip(games, terms, strict=True):
                change = list(self.changes[n - 1])
                change[seat] = step * term
                self.changes[n - 1] = tuple(change)
        self.pending.clear()

    def _rd_at(self, p: Player, period: int) -> float:
        return _grown(self.rds[p], period - self.rated_at[p], self.preset)

    @property
    def now(self) -> int:
        """The open period's place on the clock."""
        return self.first if self.period is None else self.period

    def result(self) -> ReplayResult:
        deviations = {p: self._rd_at(p, self.now) for p in self.ratings}
        return ReplayResult(self.ratings, self.changes, self.played, deviations=deviations)


RATING_SYSTEMS = (
    System("glicko", "Glicko: (a, b, score_a) with draws 0.5; a rating and an RD per player",
           replay_glicko, {"default": GLICKO}, draws=True, periods=True,
           by_period=True, functions=("GLICKO_EXPECTED", "GLICKO_RATING", "GLICKO_RD"),
           position=7),
)
"""The rating system(s) this module declares; :data:`rating_rules.SYSTEMS` collects them."""


__all__ = [
    "GLICKO",
    "RATING_SYSTEMS",
    "GlickoPreset",
    "Q",
    "glicko_close",
    "glicko_expected",
    "glicko_g",
    "glicko_game",
    "glicko_period",
    "glicko_rd_before",
    "glicko_update",
    "replay_glicko",
]
