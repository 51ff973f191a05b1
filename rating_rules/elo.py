"""Orthodox Elo (RULES.md §3, seed 002) and the linear expectation of 16±4% (§2).

The orthodox update works per rating period: every game of the period is scored
against the ratings at its start, then ``new = round(old + K × (ΣW − ΣWe))``. Per-game
rating is the special case of one game per period. K is a constant by default (32)
and may depend on the games a player has finished or on their rating (``KBand``),
as clubs using 32/24/16/12/8 do.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .common import (
    PeriodLabels,
    Player,
    ReplayResult,
    Starts,
    System,
    check_number,
    check_result,
    has_size,
    round_half_away,
)
from .errors import RatingInputError


@dataclass(frozen=True)
class KBand:
    """K for players below a game count and/or a rating: the first matching band wins."""

    k: float
    """The K factor of this band."""
    below_games: int | None = None
    """Applies while the player has finished fewer than this many games."""
    below_rating: float | None = None
    """Applies while the player's rating is below this."""

    def applies(self, games: int, rating: float) -> bool:
        return (self.below_games is None or games < self.below_games) and (
            self.below_rating is None or rating < self.below_rating
        )


@dataclass(frozen=True)
class EloPreset:
    """Constants of the Elo rule; replace any field for a local rule."""

    k: float = 32
    """K when no band applies."""
    k_bands: tuple[KBand, ...] = ()
    """Optional K by games played or rating, first match wins."""
    scale: float = 400
    """Rating gap at which the stronger side is expected to score 10:1."""
    rounding: bool = True
    """Round the new rating to a whole number (the seed's worked example does)."""
    start: float = 1500
    """Rating of a player without one **[assumed]**."""
    linear_slope: float = 0.00125
    """Slope of the linear expectation ``0.5 + slope × gap`` (16±4% at K = 32)."""

    def k_for(self, games: int, rating: float) -> float:
        """K for a player who has finished ``games`` games at ``rating``."""
        for band in self.k_bands:
            if band.applies(games, rating):
                return band.k
        return self.k


ELO = EloPreset()


def elo_expected(my_rating: float, opp_rating: float, preset: EloPreset = ELO) -> float:
    """Expected score ``1 / (1 + 10^((opp − my)/400))``.

    >>> round(elo_expected(1500, 1700), 3)
    0.24
    """
    my = check_number("my_rating", my_rating)
    opp = check_number("opp_rating", opp_rating)
    try:
        return float(1.0 / (1.0 + 10.0 ** ((opp - my) / preset.scale)))
    except OverflowError:  # 10^x past the largest double: a spreadsheet shows #NUM!
        raise RatingInputError("opp_rating", opp_rating,
                               "is too far from my_rating {mine!r} to compute",
                               mine=my_rating) from None


def linear_expected(my_rating: float, opp_rating: float, preset: EloPreset = ELO) -> float:
    """Expected score of the 16±4% rule: ``0.5 + 0.00125 × (my − opp)``.

    Held within 0..1 **[assumed]**: past a 400-point gap the line would promise more
    than a certain win, which is not a score.

    >>> linear_expected(1500, 1700), linear_expected(2000, 1000)
    (0.25, 1.0)
    """
    my = check_number("my_rating", my_rating)
    opp = check_number("opp_rating", opp_rating)
    return min(1.0, max(0.0, 0.5 + preset.linear_slope * (my - opp)))


def elo_delta(
    my_rating: float, opp_rating: float, score: float, k: float | None = None,
    preset: EloPreset = ELO,
) -> float:
    """Unrounded change ``K × (W − We)`` for one game; score 1, 0.5 or 0."""
    w = check_result("score", score, draws=True)
    factor = preset.k if k is None else _check_k(k)
    return factor * (w - elo_expected(my_rating, opp_rating, preset))


def elo_update(
    my_rating: float, opp_ratings: Sequence[object], scores: Sequence[object],
    k: float | None = None, preset: EloPreset = ELO,
) -> float:
    """Rating after a period: ``round(old + K × (ΣW − ΣWe))``.

    Pairs where both the opponent and the score are blank (None or "") are skipped, so
    a sheet can pass a column with empty rows at the end.

    >>> elo_update(1500, [1700, 1600, 1850, 1900, 1800, 1550], [0.5, 1, 0, 0.5, 0, 1])
    1552.0
    """
    my = check_number("my_rating", my_rating)
    factor = preset.k if k is None else _check_k(k)
    if len(opp_ratings) != len(scores):
        raise RatingInputError(
            "scores", list(scores),
            "has {count} items but opp_ratings has {other}", count=len(scores),
            other=len(opp_ratings),
        )
    total_w = total_we = 0.0
    for i, (opp, score) in enumerate(zip(opp_ratings, scores, strict=True), 1):
        if opp in (None, "") and score in (None, ""):
            continue
        total_we += elo_expected(my, check_number(f"opp_ratings[{i}]", opp), preset)
        total_w += check_result(f"scores[{i}]", score, draws=True)
    new = my + factor * (total_w - total_we)
    return float(round_half_away(new)) if preset.rounding else new


def _check_k(k: object) -> float:
    value = check_number("k", k)
    if value <= 0:
        raise RatingInputError("k", k, "must be greater than 0")
    return value


def replay_elo(
    games: Iterable[tuple[object, ...]],
    initial: float | Mapping[Player, float] | None = None,
    periods: Iterable[object] | None = None,
    k: float | None = None,
    preset: EloPreset = ELO,
) -> ReplayResult:
    """Replay ``(a, b, score_a)`` games in play order.

    Without ``periods`` every game is its own period (ratings move after each game,
    rounded when the preset rounds). With ``periods`` (one key per game; a period's
    games consecutive), games are scored against the ratings at the period's start and
    each player's new rating is ``round(old + K × (ΣW − ΣWe))``; a game's reported
    change is its unrounded share ``K × (W − We)``.
    """
    if k is not None:
        preset = _with_k(preset, k)
    starts = Starts.read(initial, preset.start)
    if periods is not None:
        return _replay_elo_periods(games, starts, PeriodLabels(periods), preset)
    return _replay_elo_games(games, starts, preset)


def _with_k(preset: EloPreset, k: object) -> EloPreset:
    """The preset with replay_elo's ``k`` as its K: the bands, if any, still come first."""
    return EloPreset(
        k=_check_k(k), k_bands=preset.k_bands, scale=preset.scale,
        rounding=preset.rounding, start=preset.start, linear_slope=preset.linear_slope,
    )


_SCORES: dict[object, float] = {1: 1.0, 0.5: 0.5, 0: 0.0}
"""The usual scores, for the per-game loop's quick test (a bool or text fails it)."""


def _replay_elo_games(
    games: Iterable[tuple[object, ...]], starts: Starts, preset: EloPreset
) -> ReplayResult:
    """Per-game Elo: each game is its own period, so ratings move after every game.

    This loop meets logs of millions of games, so it binds names locally, tests the
    common case first and inlines round_half_away's fast path; the full checks (and
    Excel's rule for a value at a half) run only when something is unusual.
    """
    ratings: dict[Player, float] = {}
    played: dict[Player, int] = {}
    changes: list[tuple[float, ...]] = []
    append = changes.append
    get = ratings.get
    score_of = _SCORES.get
    scale, rounding, banded = float(preset.scale), preset.rounding, bool(preset.k_bands)
    ka = kb = float(preset.k)
    floor = math.floor
    low, high = -0.5 + 1e-9, 0.5 - 1e-9  # round_half_away's band around a half
    for game in games:
        try:
            a, b, s = game
        except (TypeError, ValueError):
            raise RatingInputError(
                f"games[{len(changes) + 1}]", game, "must be (player_a, player_b, score_a)"
            ) from None
        ra = get(a)
        if ra is None:
            ra = ratings[a] = _start_rating(starts, a, rounding)
            played[a] = 0
        rb = get(b)
        if rb is None:
            rb = ratings[b] = _start_rating(starts, b, rounding)
            played[b] = 0
        w = score_of(s)
        if w is None or s.__class__ not in (int, float) or a == b:
            w = _check_unusual_game(len(changes) + 1, a, b, s)
        ea = 1.0 / (1.0 + 10.0 ** ((rb - ra) / scale))
        if banded:
            ka, kb = preset.k_for(played[a], ra), preset.k_for(played[b], rb)
        da = ka * (w - ea)
        db = kb * (ea - w)
        if rounding:  # round_half_away(x): floor(x + 0.5) unless x is (nearly) a half
            xa, xb = ra + da, rb + db
            na, nb = floor(xa + 0.5), floor(xb + 0.5)
            if not low < xa - na < high:
                na = round_half_away(xa)
            if not low < xb - nb < high:
                nb = round_half_away(xb)
            da, db = na - ra, nb - rb
        else:
            na, nb = ra + da, rb + db
        ratings[a] = na
        ratings[b] = nb
        played[a] += 1
        played[b] += 1
        append((da, db))
    if rounding:
        ratings = {p: float(r) for p, r in ratings.items()}
    return ReplayResult(ratings, changes, played)


def _start_rating(starts: Starts, player: Player, rounding: bool) -> float:
    """A newcomer's rating, an int when whole and the preset rounds.

    Whole ratings stay ints while rounding: int arithmetic and small-int changes are
    cheaper than floats; the replay returns the ratings as floats all the same.
    """
    rating = starts.rating(player)
    return int(rating) if rounding and rating.is_integer() else rating


def _check_unusual_game(n: int, a: Player, b: Player, s: object) -> float:
    """The full checks of game ``n`` the fast test found unusual: its score, then its players."""
    w = check_result(f"games[{n}].result", s, draws=True)
    if a == b:
        raise RatingInputError(f"games[{n}].player_b", b, "is the same player as player_a")
    return w


def _replay_elo_periods(
    games: Iterable[tuple[object, ...]], starts: Starts, labels: PeriodLabels,
    preset: EloPreset,
) -> ReplayResult:
    """Elo by rating period: each game is scored against the ratings at its period's start.

    K comes from the games a player had finished when the period opened; the period's
    changes add up in ``pending`` and move the ratings when the next period opens.
    """
    ratings: dict[Player, float] = {}
    played: dict[Player, int] = {}
    changes: list[tuple[float, ...]] = []
    pending: dict[Player, float] = {}  # Σ K(W − We) of the open period
    start_games: dict[Player, int] = {}
    for n, game in enumerate(games, 1):
        a, b, w = _read_period_game(n, game)
        if labels.opens(n):
            _close_period(ratings, pending, preset)
            start_games = dict(played)
        for p in (a, b):
            if p not in ratings:
                ratings[p] = starts.rating(p)
                played[p] = start_games[p] = 0
        ra, rb = ratings[a], ratings[b]
        ea = 1.0 / (1.0 + 10.0 ** ((rb - ra) / preset.scale))
        da = preset.k_for(start_games.get(a, 0), ra) * (w - ea)
        db = preset.k_for(start_games.get(b, 0), rb) * (ea - w)
        pending[a] = pending.get(a, 0.0) + da
        pending[b] = pending.get(b, 0.0) + db
        played[a] += 1
        played[b] += 1
        changes.append((da, db))
    _close_period(ratings, pending, preset)
    return ReplayResult(ratings, changes, played)


def _read_period_game(n: int, game: tuple[object, ...]) -> tuple[Player, Player, float]:
    """Game ``n`` of a log rated by period as (a, b, score_a), checked before it is scored."""
    if not has_size(game, 3, 3):
        raise RatingInputError(f"games[{n}]", game, "must be (player_a, player_b, score_a)")
    a, b, s = game
    if a == b:
        raise RatingInputError(f"games[{n}].player_b", b, "is the same player as player_a")
    return a, b, check_result(f"games[{n}].result", s, draws=True)


def _close_period(
    ratings: dict[Player, float], pending: dict[Player, float], preset: EloPreset
) -> None:
    """Move each player of the closing period by its summed changes, rounded once."""
    for p, total in pending.items():
        new = ratings[p] + total
        ratings[p] = float(round_half_away(new)) if preset.rounding else new
    pending.clear()


RATING_SYSTEMS = (
    System("elo", "orthodox Elo: (a, b, score_a) with draws 0.5", replay_elo,
           {"default": ELO}, draws=True, periods=True,
           functions=("ELO_EXPECTED", "LINEAR_EXPECTED", "ELO_DELTA", "ELO_UPDATE"),
           position=3),
)
"""The rating system(s) this module declares; :data:`rating_rules.SYSTEMS` collects them."""


__all__ = [
    "ELO", "RATING_SYSTEMS", "EloPreset", "KBand", "elo_delta", "elo_expected", "elo_update",
    "linear_expected", "replay_elo",
]
