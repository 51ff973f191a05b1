"""MOSAIC board game rating (RULES.md §6, seed 004).

Everyone starts at 100. After a game the winner gains and the loser loses the same
amount: the turn difference ``t`` (how many more turns the loser needed) corrected by a
tenth of the rating gap. The blog's four cases collapse into one zero-sum formula:

    win:  +(t - 0.1 * (my - opp))        loss: -(t + 0.1 * (my - opp))

No rounding **[assumed: the blog never rounds]**; sheets show one decimal.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .common import (
    LogField,
    Player,
    ReplayResult,
    System,
    check_number,
    check_result,
    check_whole,
    has_size,
)
from .errors import RatingInputError


@dataclass(frozen=True)
class MosaicPreset:
    """The constants of the MOSAIC rule; replace any of them for a local rule."""

    start: float = 100.0
    """Rating every new player starts with."""
    gap_weight: float = 0.1
    """Share of the rating gap that moves the change (the blog's 10%)."""


MOSAIC = MosaicPreset()


def mosaic_delta(
    my_rating: float, opp_rating: float, result: float, turn_diff: int,
    preset: MosaicPreset = MOSAIC,
) -> float:
    """Signed change for "me" after one game.

    >>> mosaic_delta(120, 100, 1, 5)    # the higher-rated player wins by 5 turns
    3.0
    >>> mosaic_delta(100, 120, 0, 5)    # ... and the other side loses the same
    -3.0
    """
    my = check_number("my_rating", my_rating)
    opp = check_number("opp_rating", opp_rating)
    won = check_result("result", result)
    t = check_whole("turn_diff", turn_diff, minimum=0)
    gap = preset.gap_weight * (my - opp)
    return t - gap if won else -(t + gap)


def mosaic_update(
    my_rating: float, opp_rating: float, result: float, turn_diff: int,
    preset: MosaicPreset = MOSAIC,
) -> float:
    """My rating after the game."""
    return check_number("my_rating", my_rating) + mosaic_delta(
        my_rating, opp_rating, result, turn_diff, preset
    )


def first_player(my_rating: float, opp_rating: float) -> str:
    """Who moves first: ``"me"``, ``"opp"``, or ``"rps"`` (equal: rock-paper-scissors).

    The lower-rated player moves first.
    """
    my = check_number("my_rating", my_rating)
    opp = check_number("opp_rating", opp_rating)
    if my == opp:
        return "rps"
    return "me" if my < opp else "opp"


def replay_mosaic(
    games: Iterable[tuple[object, ...]],
    initial: float | Mapping[Player, float] | None = None,
    preset: MosaicPreset = MOSAIC,
) -> ReplayResult:
    """Replay ``(player_a, player_b, result_a, turn_diff)`` tuples in play order."""
    ratings: dict[Player, float] = {}
    played: dict[Player, int] = {}
    changes: list[tuple[float, ...]] = []
    default = preset.start if initial is None or isinstance(initial, Mapping) else initial
    table = initial if isinstance(initial, Mapping) else {}
    weight = preset.gap_weight
    append = changes.append
    get = ratings.get
    for game in games:  # the game's number, for messages, is len(changes) + 1
        if not ((game.__class__ is tuple and len(game) == 4) or has_size(game, 4, 4)):
            raise RatingInputError(f"games[{len(changes) + 1}]", game,
                                   "must be (player_a, player_b, result_a, turn_diff)")
        a, b, result, turn_diff = game
        if a == b:
            raise RatingInputError(
                f"games[{len(changes) + 1}].player_b", b, "is the same player as player_a"
            )
        ra = get(a)
        if ra is None:
            ra = ratings[a] = check_number(f"initial[{a!r}]", table.get(a, default))
            played[a] = 0
        rb = get(b)
        if rb is None:
            rb = ratings[b] = check_number(f"initial[{b!r}]", table.get(b, default))
            played[b] = 0
        if result == 1 or result == 0:
            won = result == 1
        else:
            check_result(f"games[{len(changes) + 1}].result", result)
            won = False  # unreachable: check_result raised
        if type(turn_diff) is not int or turn_diff < 0:
            turn_diff = check_whole(
                f"games[{len(changes) + 1}].turn_diff", turn_diff, minimum=0
            )
        gap = weight * (ra - rb)
        delta = turn_diff - gap if won else -(turn_diff + gap)
        ratings[a] = ra + delta
        ratings[b] = rb - delta
        played[a] += 1
        played[b] += 1
        append((delta, -delta))
    return ReplayResult(ratings, changes, played)


RATING_SYSTEMS = (
    System("mosaic", "MOSAIC: (a, b, result_a, turn_diff)", replay_mosaic,
           {"default": MOSAIC},
           log_fields=(LogField("turn_diff", "whole", required=True,
                                headers=("turns", "turn diff.", "手番差", "手番の差")),),
           functions=("MOSAIC_DELTA", "MOSAIC_UPDATE"),
           position=6),
)
"""The rating system(s) this module declares; :data:`rating_rules.SYSTEMS` collects them."""
