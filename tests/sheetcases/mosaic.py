"""How the LibreOffice tests fill the MOSAIC sheet: random valid games and bad rows."""

from __future__ import annotations

import datetime as dt
import random

SYSTEM = "mosaic"


def random_inputs(seed: int, count: int) -> list[dict[str, object]]:
    """Valid games: ratings (whole or one decimal), results 1/0, turn differences ≥ 0."""
    rng = random.Random(seed)
    games = []
    for n in range(count):
        opp = rng.randint(40, 220) if rng.random() < 0.6 else round(rng.uniform(40, 220), 1)
        games.append({"Opponent": f"P{n % 17}", "OppRating": opp, "Result": rng.randint(0, 1),
                      "TurnDiff": rng.randint(0, 20),
                      "Date": dt.datetime(2024, 1, 1) + dt.timedelta(days=n)})
    return games


BAD_ROWS: list[dict[str, object]] = [
    {"Opponent": "ok1", "OppRating": 120, "Result": 1, "TurnDiff": 4},           # 0 counted
    {"Opponent": "text", "OppRating": "abc", "Result": 1, "TurnDiff": 2},        # 1 opp text
    {},                                                                          # 2 blank
    {"Opponent": "two", "OppRating": 90, "Result": 2, "TurnDiff": 3},            # 3 result 2
    {"Opponent": "minus", "OppRating": 90, "Result": -1, "TurnDiff": 3},         # 4 result -1
    {"Opponent": "neg", "OppRating": 90, "Result": 1, "TurnDiff": -3},           # 5 turn < 0
    {"Opponent": "frac", "OppRating": 90, "Result": 0, "TurnDiff": 2.5},         # 6 turn 2.5
    {"Opponent": "five", "OppRating": 90, "Result": 0, "TurnDiff": "five"},      # 7 turn text
    {"Opponent": "=SUM(1,2)", "OppRating": 80, "Result": 0, "TurnDiff": 1},      # 8 counted
    {"Opponent": "date", "OppRating": 90, "Result": 1, "TurnDiff": 1, "Date": "5/26"},  # 9
    {"Opponent": "half", "OppRating": 95},                                       # 10 incomplete
    {"Opponent": "win", "OppRating": 95, "Result": "win", "TurnDiff": 1},        # 11 result text
    {"Opponent": "ok2", "OppRating": 150.5, "Result": 1, "TurnDiff": 7,
     "Date": dt.datetime(2024, 5, 26)},                                          # 12 counted
    {},                                                                          # 13 blank
    {"OppRating": 100},                                                          # 14 in progress
]
BAD_COUNTED = (0, 8, 12)
BAD_FLAGGED = (1, 3, 4, 5, 6, 7, 9, 11)
BAD_INCOMPLETE = (10, 14)
