"""How the LibreOffice tests fill the MOSAIC sheet: random valid games and bad rows, and
what the engine makes of them."""

from __future__ import annotations

import datetime as dt
import random

from rating_rules.mosaic import first_player, mosaic_delta

SYSTEM = "mosaic"
START = 100.0  # RULES.md §6's default, which the shipped templates keep
FIRST = {"ja": {"me": "自分", "opp": "相手", "rps": "じゃんけん"},
         "en": {"me": "you", "opp": "opponent", "rps": "rock-paper-scissors"}}


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
BAD_MESSAGES = {"ja": {1: "相手レート", 3: "勝敗", 4: "勝敗", 5: "手番差", 6: "手番差", 7: "手番差",
                       9: "日付", 10: "入力途中", 11: "勝敗"},
                "en": {1: "opponent rating", 3: "result", 4: "result", 5: "turn difference",
                       6: "turn difference", 7: "turn difference", 9: "date", 10: "incomplete",
                       11: "result"}}
SKIPPED_BLANK = ("Change", "Rating")
"""Computed columns a skipped row (flagged, incomplete or blank) leaves blank."""


def engine_rows(rows, counted, lang: str = "ja") -> dict[int, dict[str, object]]:
    """The engine's replay of the counted rows: who moves first, the change, the rating."""
    rating, out = START, {}
    for i, row in enumerate(rows):
        if i in counted:
            first = first_player(rating, row["OppRating"])
            change = mosaic_delta(rating, row["OppRating"], row["Result"], row["TurnDiff"])
            rating += change
            out[i] = {"First": FIRST[lang][first], "Change": change, "Rating": rating}
    return out
