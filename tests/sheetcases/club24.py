"""How the LibreOffice tests fill the Club 24 sheet: random valid games and bad rows, and
what the engine makes of them."""

from __future__ import annotations

import datetime as dt
import random

from rating_rules.shogi import club24_delta, club24_rank

SYSTEM = "club24"
START = 1500.0  # the shipped templates declare 1級 (nominal 1500), no games before


def random_inputs(seed: int, count: int) -> list[dict[str, object]]:
    """Valid games from the 1500 start: the first 24 run the initial formula, so the
    opponents are near enough to keep the rating inside 0..3000 (a few ending in .5)."""
    rng = random.Random(seed)
    games = []
    for n in range(count):
        opp: float = rng.randint(900, 2300)
        if rng.random() < 0.2:
            opp += 0.5
        games.append({"Opponent": f"P{n % 11}", "OppRating": opp, "Result": rng.randint(0, 1),
                      "Date": dt.datetime(2024, 1, 1) + dt.timedelta(days=n)})
    return games


BAD_ROWS: list[dict[str, object]] = [
    {"Opponent": "ok1", "OppRating": 1600, "Result": 1},                         # 0 counted
    {"Opponent": "text", "OppRating": "abc", "Result": 1},                       # 1 opp text
    {},                                                                          # 2 blank
    {"Opponent": "two", "OppRating": 1500, "Result": 2},                         # 3 result 2
    {"Opponent": "minus", "OppRating": 1500, "Result": -1},                      # 4 result -1
    {"Opponent": "half-point", "OppRating": 1500, "Result": 0.5},                # 5 no draws
    {"Opponent": "=SUM(1,2)", "OppRating": 1350, "Result": 0},                   # 6 counted
    {"Opponent": "date", "OppRating": 1500, "Result": 1, "Date": "5/26"},        # 7 date text
    {"Opponent": "half", "OppRating": 1500},                                     # 8 incomplete
    {"Opponent": "win", "OppRating": 1500, "Result": "win"},                     # 9 result text
    {"Opponent": "ok2", "OppRating": 1700.5, "Result": 1,
     "Date": dt.datetime(2024, 5, 26)},                                          # 10 counted
    {"Opponent": "formula", "OppRating": "=1+1", "Result": 1},                   # 11 pasted formula
    {},                                                                          # 12 blank
    {"OppRating": 1700},                                                         # 13 in progress
]
BAD_COUNTED = (0, 6, 10)
BAD_FLAGGED = (1, 3, 4, 5, 7, 9, 11)
BAD_INCOMPLETE = (8, 13)
BAD_MESSAGES = {"ja": {1: "相手レート", 3: "勝敗", 4: "勝敗", 5: "勝敗", 7: "日付",
                       8: "入力途中", 9: "勝敗", 11: "相手レート"},
                "en": {1: "opponent rating", 3: "result", 4: "result", 5: "result", 7: "date",
                       8: "incomplete", 9: "result", 11: "opponent rating"}}
SKIPPED_BLANK = ("GameNo", "Change", "Rating", "Rank")
"""Computed columns a skipped row (flagged, incomplete or blank) leaves blank."""


def engine_rows(rows, counted, lang: str = "ja", start: float = START,
                before: int = 0) -> dict[int, dict[str, object]]:
    """The engine's replay of the counted rows: game number, change, rating, rank."""
    rating, n, out = start, before, {}
    for i, row in enumerate(rows):
        if i in counted:
            n += 1
            change = club24_delta(rating, row["OppRating"], row["Result"], game_no=n)
            rating += change
            out[i] = {"GameNo": n, "Change": change, "Rating": rating,
                      "Rank": club24_rank(rating)}
    return out
