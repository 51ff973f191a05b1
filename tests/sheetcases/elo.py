"""How the LibreOffice tests fill the Elo sheet: random valid games and bad rows."""

from __future__ import annotations

import datetime as dt
import random

SYSTEM = "elo"


def random_inputs(seed: int, count: int) -> list[dict[str, object]]:
    """Valid games: ratings (whole or one decimal), scores 1/0.5/0, and period labels.

    Labels are mostly typed on a period's first game only (blank = same as above);
    some rows retype the current label in another case, some labels are numbers, and
    now and then an old label comes back (a new period of its own).
    """
    rng = random.Random(seed)
    games: list[dict[str, object]] = []
    used: list[object] = []
    for n in range(count):
        opp = rng.randint(1100, 2100) if rng.random() < 0.7 else round(rng.uniform(1100, 2100), 1)
        game: dict[str, object] = {"Opponent": f"P{n % 13}", "OppRating": opp,
                                   "Score": rng.choice((1, 0.5, 0)),
                                   "Date": dt.datetime(2024, 1, 1) + dt.timedelta(days=n)}
        roll = rng.random()
        if n > 0 and roll < 0.12:
            label: object = (f"Round {len(used)}" if rng.random() < 0.7
                             else 202400 + len(used))
            used.append(label)
            game["Period"] = label
        elif used and roll < 0.2 and isinstance(used[-1], str):
            game["Period"] = used[-1].upper() if rng.random() < 0.5 else used[-1]
        elif len(used) > 2 and roll < 0.23:
            game["Period"] = rng.choice(used[:-1])
        games.append(game)
    return games


BAD_ROWS: list[dict[str, object]] = [
    {"Opponent": "ok1", "OppRating": 1600, "Score": 1, "Period": "A"},             # 0 counted
    {"Opponent": "text", "OppRating": "abc", "Score": 1},                          # 1 opp text
    {},                                                                            # 2 blank
    {"Opponent": "two", "OppRating": 1500, "Score": 2},                            # 3 score 2
    {"Opponent": "minus", "OppRating": 1500, "Score": -1},                         # 4 score -1
    {"Opponent": "quarter", "OppRating": 1500, "Score": 0.25},                     # 5 score 0.25
    {"Opponent": "win", "OppRating": 1500, "Score": "win"},                        # 6 score text
    {"Opponent": "=SUM(1,2)", "OppRating": 1450, "Score": 0.5},                    # 7 counted
    {"Opponent": "date", "OppRating": 1500, "Score": 1, "Date": "5/26"},           # 8 date text
    {"Opponent": "far", "OppRating": 1_000_000, "Score": 1},                       # 9 too far
    {"Opponent": "half", "OppRating": 1550},                                       # 10 incomplete
    {"Opponent": "ok2", "OppRating": 1700.5, "Score": 0, "Period": "B",
     "Date": dt.datetime(2024, 5, 26)},                                            # 11 counted
    {"Opponent": "ok3", "OppRating": 1580, "Score": 0.5, "Period": "=A1"},         # 12 counted
    {"Score": 1, "Period": "b"},                                                   # 13 incomplete
    {},                                                                            # 14 blank
    {"OppRating": 1500},                                                           # 15 in progress
]
BAD_COUNTED = (0, 7, 11, 12)
BAD_FLAGGED = (1, 3, 4, 5, 6, 8, 9)
BAD_INCOMPLETE = (10, 13, 15)
