"""Shogi "16 ± 4%" ratings: the Tokin Network preset and the Shogi Club 24 preset.

Both give 16 points for a game between equals and move 4% of the rating gap on top
(RULES.md §1, §2; seeds 000 and 002). They differ in the details:

* **Tokin** (と金ネットワーク): the gap is reduced by the handicap (駒落ち) played,
  ``round(0.04 × gap)`` is taken before the 16, and the change is held within 1..31.
  A club either moves ratings after every game or publishes a monthly list that every
  game of the next month uses (``replay(..., periods=...)``).
* **Club 24** (将棋倶楽部24): ``((opp − my) ± 400) / 25`` with a softer "initial" divisor
  for a player's first 24 games, a ±31 cap, a 1-point minimum, and a gentler rule at
  200 and below. The change is rounded half away from zero **[assumed: the club's
  page does not say how]**; no rating goes below 0 **[assumed at every rating; stated
  for 200 and below]**.

Everything tunable is a field of :class:`TokinPreset` or :class:`Club24Preset`.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .common import (
    LogField,
    PeriodLabels,
    Player,
    ReplayResult,
    Starts,
    System,
    check_number,
    check_result,
    check_whole,
    has_size,
    round_half_away,
    sign,
)
from .errors import RatingInputError


@dataclass(frozen=True)
class Handicap:
    """One row of the Tokin handicap table (手合割)."""

    name: str
    """Japanese name, e.g. ``香落``; ``平手`` for an even game."""
    english: str
    """English name accepted as input, e.g. ``lance``."""
    min_gap: float
    """Smallest rating gap that calls for this handicap."""
    adjustment: float
    """Points subtracted from the gap when the game is played at this handicap."""


TOKIN_HANDICAPS: tuple[Handicap, ...] = (
    Handicap("平手", "even", 0, 0),
    Handicap("香落", "lance", 100, 100),
    Handicap("角落", "bishop", 200, 250),
    Handicap("飛落", "rook", 300, 350),
    Handicap("飛香落", "rook-lance", 400, 440),
    Handicap("二枚落", "2-piece", 550, 570),
    Handicap("四枚落", "4-piece", 700, 750),
    Handicap("六枚落", "6-piece", 900, 900),
)

TOKIN_START_TABLE: tuple[tuple[str, float], ...] = (
    ("五段", 2000), ("四段", 1900), ("三段", 1800), ("二段", 1700), ("初段", 1600),
    ("1級", 1500), ("2級", 1400), ("3級", 1300), ("4級", 1200), ("5級", 1100),
    ("6級", 1000), ("7級", 900),
)

# The amateur-league (Ricoh) table: 六段 2300 down to 10級 800, 100 per kyu.
LEAGUE_START_TABLE: tuple[tuple[str, float], ...] = (
    ("六段", 2300), ("六段格", 2250), ("五段", 2200), ("五段格", 2150), ("四段", 2100),
    ("三段", 2000), ("二段", 1900), ("初段", 1800),
    *((f"{k}級", 1800.0 - 100 * k) for k in range(1, 11)),
)


@dataclass(frozen=True)
class TokinPreset:
    """Constants of the Tokin 16±4% rule; replace any field for a local rule."""

    base: float = 16
    """Points for a game between equals."""
    gap_rate: float = 0.04
    """Share of the (handicap-adjusted) gap added to or taken from ``base``."""
    min_change: float = 1
    """Smallest change a game can make (win or loss)."""
    max_change: float = 31
    """Largest change a game can make."""
    handicaps: tuple[Handicap, ...] = TOKIN_HANDICAPS
    """Handicap table, from even upwards, ordered by ``min_gap``."""
    start_table: tuple[tuple[str, float], ...] = TOKIN_START_TABLE
    """Starting rating for a declared rank (rank label, rating)."""


TOKIN = TokinPreset()
LEAGUE = TokinPreset(start_table=LEAGUE_START_TABLE)
"""The second published starting table (amateur league), same arithmetic."""


def _normalise_label(text: str) -> str:
    """Full-width digits and stray spaces are common in typed Japanese: fold them."""
    return unicodedata.normalize("NFKC", text).strip()


def handicap_adjustment(handicap: object, preset: TokinPreset = TOKIN) -> float:
    """Adjustment points of a handicap given as blank, a name, or a number of points.

    >>> handicap_adjustment("角落"), handicap_adjustment(None), handicap_adjustment(440)
    (250, 0.0, 440.0)
    """
    if handicap is None or handicap == "":
        return 0.0
    if isinstance(handicap, str):
        key = _normalise_label(handicap)
        for row in preset.handicaps:
            if key == row.name or key.lower() == row.english:
                return row.adjustment
        names = "、".join(row.name for row in preset.handicaps)
        raise RatingInputError("handicap", handicap, "is not a handicap name ({names})",
                               names=names)
    points = check_number("handicap", handicap)
    if points < 0:
        raise RatingInputError("handicap", handicap, "must be 0 or more adjustment points")
    return points


def tokin_handicap(my_rating: float, opp_rating: float, preset: TokinPreset = TOKIN) -> str:
    """The handicap the rating gap calls for (平手 below the first band).

    >>> tokin_handicap(2000, 1850), tokin_handicap(1500, 2500)
    ('香落', '六枚落')
    """
    gap = abs(check_number("my_rating", my_rating) - check_number("opp_rating", opp_rating))
    chosen = preset.handicaps[0]
    for row in preset.handicaps:
        if gap >= row.min_gap:
            chosen = row
    return chosen.name


def tokin_delta(
    my_rating: float, opp_rating: float, result: float, handicap: object = None,
    preset: TokinPreset = TOKIN,
) -> int:
    """Signed change for "me": ``±clamp(16 ∓ round(0.04 × e), 1, 31)``.

    ``e`` is the gap reduced by the handicap's adjustment, toward zero.

    >>> tokin_delta(2000, 1900, 1), tokin_delta(2000, 1900, 0), tokin_delta(1900, 2000, 1)
    (12, -20, 20)
    """
    my = check_number("my_rating", my_rating)
    opp = check_number("opp_rating", opp_rating)
    won = check_result("result", result)
    adjustment = handicap_adjustment(handicap, preset)
    return _tokin_change(my - opp, won == 1.0, adjustment, preset)


def _tokin_change(gap: float, won: bool, adjustment: float, preset: TokinPreset) -> int:
    e = gap - sign(gap) * adjustment
    step = round_half_away(preset.gap_rate * e)
    if won:
        return int(min(max(preset.base - step, preset.min_change), preset.max_change))
    return -int(min(max(preset.base + step, preset.min_change), preset.max_change))


def tokin_start(rank: str, preset: TokinPreset = TOKIN) -> float:
    """Starting rating for a declared rank (五段 … 7級 by default).

    >>> tokin_start("初段"), tokin_start("１級")
    (1600, 1500)
    """
    if not isinstance(rank, str):
        raise RatingInputError("rank", rank, "must be a rank label such as 初段 or 1級")
    key = _normalise_label(rank)
    for label, rating in preset.start_table:
        if key == label:
            return rating
    labels = "、".join(label for label, _ in preset.start_table)
    raise RatingInputError("rank", rank, "is not in the starting table ({labels})",
                           labels=labels)


@dataclass(frozen=True)
class QuickRow:
    """One band of the quick table (早見表): the four outcomes for a gap range."""

    low: int
    """Smallest gap of the band."""
    high: int | None
    """Largest gap of the band; None for the open last band ("363点差以上")."""
    upper_win: int
    upper_loss: int
    lower_win: int
    lower_loss: int


def quick_table(preset: TokinPreset = TOKIN, limit: int = 2000) -> list[QuickRow]:
    """The quick table for even games, generated from the rule (never typed in).

    Whole-point gaps are grouped into bands with the same four outcomes; the last band
    is open once the outcomes stop changing.
    """
    rows: list[QuickRow] = []
    start, outcomes = 0, _even_outcomes(0, preset)
    for gap in range(1, limit + 1):
        now = _even_outcomes(gap, preset)
        if now != outcomes:
            rows.append(QuickRow(start, gap - 1, *outcomes))
            start, outcomes = gap, now
    rows.append(QuickRow(start, None, *outcomes))
    return rows


def _even_outcomes(gap: int, preset: TokinPreset) -> tuple[int, int, int, int]:
    """Upper win, upper loss, lower win, lower loss at an even game with this gap."""
    return (
        _tokin_change(gap, True, 0, preset), _tokin_change(gap, False, 0, preset),
        _tokin_change(-gap, True, 0, preset), _tokin_change(-gap, False, 0, preset),
    )


# --- Shogi Club 24 ---------------------------------------------------------------------

CLUB24_RANKS: tuple[tuple[str, float], ...] = (
    ("八段", 3000), ("七段", 2800), ("六段", 2600), ("五段", 2400), ("四段", 2200),
    ("三段", 2000), ("二段", 1800), ("初段", 1600),
    *((f"{k}級", 1600.0 - 100 * k) for k in range(1, 16)),
    ("初心者", 0),
)


@dataclass(frozen=True)
class Club24Preset:
    """Constants of the Shogi Club 24 rule; replace any field for a local rule."""

    spread: float = 400
    """The ±400 of ``((opp − my) ± 400) / divisor``."""
    divisor: float = 25
    """Divisor of the normal formula (25 makes it 16 ± 4%)."""
    initial_games: int = 24
    """Games counted under the initial formula, which divides by (N + 1)."""
    min_change: float = 1
    """A win gains and a loss costs at least this much."""
    max_change: float = 31
    """Cap of the normal formula (the initial formula has none)."""
    high_rating: float = 2800
    """At or above this, always the normal formula."""
    low_rating: float = 200
    """At or below this: normal formula and a loss costs half."""
    low_loss_factor: float = 0.5
    """What a loss costs at or below ``low_rating``, as a share of the normal loss."""
    floor: float = 0
    """Lowest possible rating. The club states it for ratings of 200 and below; it holds
    at every rating here **[assumed]**, since the initial formula could otherwise take a
    201 player below 0 (201 losing a first game to a 0 costs 301)."""
    ranks: tuple[tuple[str, float], ...] = field(default=CLUB24_RANKS)
    """Rank labels with their nominal ratings, strongest first; boundaries halfway."""


CLUB24 = Club24Preset()


def club24_delta(
    my_rating: float, opp_rating: float, result: float, game_no: int | None = None,
    preset: Club24Preset = CLUB24,
) -> int:
    """Signed change for "me" under the Club 24 rule.

    ``game_no`` is this game's number among my games (1 = first); None means an
    established player. The low-rating loss is halved before rounding **[assumed]**.

    >>> club24_delta(1500, 1700, 1), club24_delta(1700, 1500, 0)
    (24, -24)
    >>> club24_delta(1500, 1500, 1, game_no=1)   # (0 + 400) / (1 + 1)
    200
    """
    my = check_number("my_rating", my_rating)
    opp = check_number("opp_rating", opp_rating)
    won = check_result("result", result) == 1.0
    n = None if game_no is None else check_whole("game_no", game_no, minimum=1)
    return _club24_change(my, opp, won, n, preset)


def _club24_change(
    my: float, opp: float, won: bool, n: int | None, preset: Club24Preset
) -> int:
    gap = opp - my
    raw = (gap + preset.spread) if won else (gap - preset.spread)
    initial = (
        n is not None and n <= preset.initial_games
        and preset.low_rating < my < preset.high_rating
    )
    raw /= (n + 1) if initial and n is not None else preset.divisor
    if not won and my <= preset.low_rating:
        raw *= preset.low_loss_factor
    change = float(round_half_away(raw))
    if won:
        change = max(change, preset.min_change)
        if not initial:
            change = min(change, preset.max_change)
    else:
        change = min(change, -preset.min_change)
        if not initial:
            change = max(change, -preset.max_change)
        if my + change < preset.floor:
            change = min(0.0, preset.floor - my)
    return int(change)


def club24_rank(rating: float, preset: Club24Preset = CLUB24) -> str:
    """The club's rank label for a rating; each boundary lies halfway between ranks.

    >>> club24_rank(1550), club24_rank(1549), club24_rank(1699), club24_rank(1700)
    ('初段', '1級', '初段', '二段')
    """
    value = check_number("rating", rating)
    ranks = preset.ranks
    for i, (label, nominal) in enumerate(ranks):
        below = ranks[i + 1][1] if i + 1 < len(ranks) else None
        if below is None or value >= (nominal + below) / 2:
            return label
    raise AssertionError("unreachable: the last rank has no lower boundary")


# --- Replay ------------------------------------------------------------------------------


def replay_tokin(
    games: Iterable[tuple[object, ...]],
    initial: float | Mapping[Player, float] | None = None,
    periods: Iterable[object] | None = None,
    preset: TokinPreset = TOKIN,
) -> ReplayResult:
    """Replay ``(a, b, result_a[, handicap])`` games in play order.

    Without ``periods`` ratings move after every game. With ``periods`` (one key per
    game, e.g. ``"2026-05"``; games of a period must be consecutive) it is the rating
    list mode: every game of a period uses the ratings at the period's start, and the
    period's changes are summed into the next list. Unknown players start at
    ``initial`` (default 1500 **[assumed: a 1級 declaration]**).
    """
    starts = Starts.read(initial, 1500.0)
    labels = None if periods is None else PeriodLabels(periods)
    return _replay_tokin_games(games, starts, labels, preset)


_WINS: dict[object, bool] = {1: True, 0: False}
"""The usual results, for the replay loop's quick test (a bool or text fails it)."""


def _replay_tokin_games(
    games: Iterable[tuple[object, ...]], starts: Starts, labels: PeriodLabels | None,
    preset: TokinPreset,
) -> ReplayResult:
    """The Tokin replay's loop; with ``labels``, every game uses its period's list.

    This loop meets logs of millions of games: names are bound locally and
    _tokin_change is inlined (with round_half_away's fast path) for the common case;
    the full checks run only when a game looks unusual.
    """
    ratings: dict[Player, float] = {}
    listed: dict[Player, float] = {}  # the ratings at the open period's start
    played: dict[Player, int] = {}
    changes: list[tuple[float, ...]] = []
    append = changes.append
    get = ratings.get
    won_of = _WINS.get
    base, gap_rate = preset.base, preset.gap_rate
    lowest, highest = preset.min_change, preset.max_change
    floor = math.floor
    low, high = -0.5 + 1e-9, 0.5 - 1e-9  # round_half_away's band around a half
    for game in games:
        if game.__class__ is tuple and len(game) == 3 and game[0] != game[1]:
            a, b, result = game
            handicap = None
        else:
            a, b, result, handicap = _unpack_two_player(len(changes) + 1, game, 4)
        ra = get(a)
        if ra is None:
            ra = ratings[a] = listed[a] = starts.rating(a)
            played[a] = 0
        rb = get(b)
        if rb is None:
            rb = ratings[b] = listed[b] = starts.rating(b)
            played[b] = 0
        if labels is not None:
            if labels.opens(len(changes) + 1):
                listed = dict(ratings)
            ra, rb = listed[a], listed[b]
        won = won_of(result)
        if won is None or result.__class__ not in (int, float):
            won = check_result(f"games[{len(changes) + 1}].result", result) == 1.0
        gap = ra - rb
        if handicap is not None and handicap != "":  # the gap shrinks toward zero
            gap = gap - sign(gap) * handicap_adjustment(handicap, preset)
        x = gap_rate * gap  # step = round_half_away(x)
        step = floor(x + 0.5)
        if not low < x - step < high:
            step = round_half_away(x)
        change = base - step if won else base + step
        change = lowest if change < lowest else change
        change = highest if change > highest else change
        delta = int(change) if won else -int(change)
        ratings[a] += delta
        ratings[b] -= delta
        played[a] += 1
        played[b] += 1
        append((delta, -delta))
    return ReplayResult(ratings, changes, played)


def replay_club24(
    games: Iterable[tuple[object, ...]],
    initial: float | Mapping[Player, float] | None = None,
    prior_games: Mapping[Player, int] | None = None,
    preset: Club24Preset = CLUB24,
) -> ReplayResult:
    """Replay ``(a, b, result_a)`` games; each player's game number counts their games.

    ``prior_games`` gives players who already have games (default 0), so the initial
    formula applies only to a player's first ``preset.initial_games`` games. Unknown
    players start at ``initial`` (default 1500 **[assumed]**).
    """
    starts = Starts.read(initial, 1500.0)
    prior = prior_games or {}
    ratings: dict[Player, float] = {}
    played: dict[Player, int] = {}
    changes: list[tuple[float, ...]] = []
    for n, game in enumerate(games, 1):
        a, b, result, _ = _unpack_two_player(n, game, 3)
        for p in (a, b):
            if p not in ratings:
                ratings[p] = starts.rating(p)
                played[p] = check_whole(f"prior_games[{p!r}]", prior.get(p, 0), minimum=0)
        won = check_result(f"games[{n}].result", result) == 1.0
        ra, rb = ratings[a], ratings[b]
        na, nb = played[a] + 1, played[b] + 1
        da = _club24_change(ra, rb, won, na, preset)
        db = _club24_change(rb, ra, not won, nb, preset)
        ratings[a] = ra + da
        ratings[b] = rb + db
        played[a], played[b] = na, nb
        changes.append((da, db))
    return ReplayResult(ratings, changes, played)


def _unpack_two_player(
    n: int, game: tuple[object, ...], width: int
) -> tuple[Player, Player, object, object]:
    """Split a game tuple; extras beyond the system's are an error, missing ones None."""
    if not has_size(game, 3, width):
        raise RatingInputError(f"games[{n}]", game, "must have 3 to {width} items",
                               width=width)
    a, b, result = game[0], game[1], game[2]
    if a == b:
        raise RatingInputError(f"games[{n}].player_b", b, "is the same player as player_a")
    extra = game[3] if len(game) > 3 else None
    return a, b, result, extra


RATING_SYSTEMS = (
    System("tokin", "shogi 16±4%, Tokin Network preset: (a, b, result_a[, handicap])",
           replay_tokin, {"default": TOKIN, "league": LEAGUE},
           periods=True, log_fields=(LogField(
               "handicap", "choice", choices=tuple((h.name, h.english) for h in TOKIN_HANDICAPS),
               headers=("手合", "手合割", "駒落ち", "hcp")),),
           functions=("TOKIN_DELTA", "TOKIN_HANDICAP", "TOKIN_START"),
           position=1),
    System("club24", "Shogi Club 24: (a, b, result_a)", replay_club24,
           {"default": CLUB24}, functions=("CLUB24_DELTA", "CLUB24_RANK"),
           position=2),
)
"""The rating system(s) this module declares; :data:`rating_rules.SYSTEMS` collects them."""
