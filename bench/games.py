"""Seeded random game logs, shared by every engine benchmark.

One seed gives one set of pairings and outcomes; each system sees the same games in
the tuple shape it takes, so ``replay``, the hand-written loop and elote rate exactly
the same log. Outcomes follow a hidden strength per player (Elo curve), so ratings
spread out as in a real club instead of drifting around the start.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

DRAW_SHARE = 0.1
"""Share of two-player games that are draws for Elo (tokin and MOSAIC have none)."""


@dataclass(frozen=True)
class TwoPlayerLog:
    """The same two-player games in each system's tuple shape."""

    elo: list[tuple[str, str, float]]
    """``(a, b, score_a)`` with 1, 0.5 or 0."""
    tokin: list[tuple[str, str, int]]
    """``(a, b, result_a)`` with 1 or 0: an Elo draw is decided by a coin toss."""
    mosaic: list[tuple[str, str, int, int]]
    """``(a, b, result_a, turn_diff)``."""


def player_names(count: int) -> list[str]:
    """``P0001`` … : names as a club's sheet would have them (strings, not ints)."""
    return [f"P{i:04d}" for i in range(1, count + 1)]


def two_player_games(games: int, players: int, seed: int = 2024) -> TwoPlayerLog:
    """``games`` random pairings among ``players`` players, reproducible from ``seed``."""
    rng = random.Random(seed)
    names = player_names(players)
    strength = {p: rng.gauss(0, 200) for p in names}
    elo: list[tuple[str, str, float]] = []
    tokin: list[tuple[str, str, int]] = []
    mosaic: list[tuple[str, str, int, int]] = []
    for _ in range(games):
        a, b = rng.sample(names, 2)
        p_win = 1.0 / (1.0 + 10.0 ** ((strength[b] - strength[a]) / 400.0))
        won = 1 if rng.random() < p_win else 0
        score: float = 0.5 if rng.random() < DRAW_SHARE else won
        turns = rng.randrange(0, 8)
        elo.append((a, b, score))
        tokin.append((a, b, won))
        mosaic.append((a, b, won, turns))
    return TwoPlayerLog(elo, tokin, mosaic)


YoninGame = tuple[tuple[str, str, str, str], tuple[int, int, int, int], tuple[object, ...]]

TROUBLE_SHARE = 0.03
"""Share of exits that are a resignation or time-out ("T") instead of a mate."""


def yonin_games(games: int, players: int, seed: int = 2024) -> list[YoninGame]:
    """Four-player games: random tables, placements and who mated whom."""
    rng = random.Random(seed + 4)
    names = player_names(players)
    out: list[YoninGame] = []
    for _ in range(games):
        table = rng.sample(names, 4)
        order = rng.sample(range(4), 4)  # seats from 1st place to 4th
        places = [0] * 4
        for place, seat in enumerate(order, 1):
            places[seat] = place
        knocked_by: list[object] = [None] * 4
        for place in range(2, 5):  # each loser was mated by someone placed above them
            seat = order[place - 1]
            if rng.random() < TROUBLE_SHARE:
                knocked_by[seat] = "T"
            else:
                knocked_by[seat] = order[rng.randrange(place - 1)] + 1
        out.append(((table[0], table[1], table[2], table[3]),
                    (places[0], places[1], places[2], places[3]), tuple(knocked_by)))
    return out


@dataclass(frozen=True)
class WorksheetRows:
    """Columns as Excel hands them to a worksheet function: lists of one-cell rows."""

    my_rating: list[list[float]]
    opp_rating: list[list[float]]
    result: list[list[float]]
    """1.0 win or 0.0 loss (Excel passes every number as a float)."""


def worksheet_rows(rows: int, seed: int = 2024) -> WorksheetRows:
    """``rows`` rows of ratings between 800 and 2400 and win/loss results."""
    rng = random.Random(seed + 2)
    return WorksheetRows(
        [[float(rng.randint(800, 2400))] for _ in range(rows)],
        [[float(rng.randint(800, 2400))] for _ in range(rows)],
        [[float(rng.randint(0, 1))] for _ in range(rows)],
    )
