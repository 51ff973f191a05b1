"""How the LibreOffice tests fill the Tokin sheet: random valid games and bad rows, and
what the engine makes of them.

Also :func:`typed_copy`, which types Settings values and games into a built workbook the
way a player would (both shogi sheets' worked-example tests use it).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Mapping, Sequence
from pathlib import Path

from openpyxl import load_workbook

from rating_rules.shogi import TOKIN_HANDICAPS, tokin_delta, tokin_handicap

SYSTEM = "tokin"
START = 1500.0  # the shipped templates declare 1級 (TOKIN start table) and type no rating
ENGLISH = {h.name: h.english for h in TOKIN_HANDICAPS}

NAMES = [h.name for h in TOKIN_HANDICAPS] + [h.english for h in TOKIN_HANDICAPS] + ["LANCE"]
"""Handicaps a player may type: Japanese or English in either sheet, any case."""


def random_inputs(seed: int, count: int) -> list[dict[str, object]]:
    """Valid games: ratings around the 1500 start (some ending in .5, so that the gap
    sometimes hits a rounding half), results 1/0, and a handicap in one game of three.
    Every 20th game is a win against a far stronger or far weaker player: +31 and +1."""
    rng = random.Random(seed)
    games = []
    for n in range(count):
        opp: float = rng.randint(700, 2600)
        if rng.random() < 0.2:
            opp += 0.5
        result = rng.randint(0, 1)
        if n % 20 in (7, 17):
            opp, result = (3400 if n % 20 == 7 else 0), 1
        game: dict[str, object] = {"Opponent": f"P{n % 13}", "OppRating": opp,
                                   "Result": result,
                                   "Date": dt.datetime(2024, 1, 1) + dt.timedelta(days=n)}
        if rng.random() < 0.35 and n % 20 not in (7, 17):
            game["Handicap"] = rng.choice(NAMES)
        games.append(game)
    return games


BAD_ROWS: list[dict[str, object]] = [
    {"Opponent": "ok1", "OppRating": 1600, "Result": 1},                         # 0 counted
    {"Opponent": "text", "OppRating": "千六百", "Result": 1},                      # 1 opp text
    {},                                                                          # 2 blank
    {"Opponent": "two", "OppRating": 1500, "Result": 2},                         # 3 result 2
    {"Opponent": "minus", "OppRating": 1500, "Result": -1},                      # 4 result -1
    {"Opponent": "kyo", "OppRating": 1500, "Result": 1, "Handicap": "香"},        # 5 not a name
    {"Opponent": "star", "OppRating": 1500, "Result": 0, "Handicap": "*"},       # 6 wildcard
    {"Opponent": "points", "OppRating": 1500, "Result": 0, "Handicap": 100},     # 7 a number
    {"Opponent": "=SUM(1,2)", "OppRating": 1350, "Result": 0, "Handicap": "香落"},  # 8 counted
    {"Opponent": "date", "OppRating": 1500, "Result": 1, "Date": "5/26"},        # 9 date text
    {"Opponent": "half", "OppRating": 1500},                                     # 10 incomplete
    {"Opponent": "win", "OppRating": 1500, "Result": "勝"},                      # 11 result text
    {"Opponent": "ok2", "OppRating": 1137.5, "Result": 1, "Handicap": "even",
     "Date": dt.datetime(2024, 5, 26)},                                          # 12 counted
    {"Opponent": "formula", "OppRating": "=1+1", "Result": 1},                   # 13 pasted formula
    {},                                                                          # 14 blank
    {"OppRating": 1700},                                                         # 15 in progress
]
BAD_COUNTED = (0, 8, 12)
BAD_FLAGGED = (1, 3, 4, 5, 6, 7, 9, 11, 13)
BAD_INCOMPLETE = (10, 15)
BAD_MESSAGES = {"ja": {1: "相手レート", 3: "勝敗", 4: "勝敗", 5: "手合", 6: "手合", 7: "手合",
                       9: "日付", 10: "入力途中", 11: "勝敗", 13: "相手レート"},
                "en": {1: "opponent rating", 3: "result", 4: "result", 5: "handicap",
                       6: "handicap", 7: "handicap", 9: "date", 10: "incomplete", 11: "result",
                       13: "opponent rating"}}
SKIPPED_BLANK = ("Change", "Rating")
"""Computed columns a skipped row (flagged, incomplete or blank) leaves blank."""


def typed_copy(path: Path, dst: Path, settings: Mapping[str, object],
               games: Sequence[Mapping[str, object]]) -> Path:
    """Type ``settings`` (by defined name) and ``games`` (Games inputs by key) into a copy."""
    from tests.conftest import column_cells

    wb = load_workbook(path)

    def put(name: str, offset: int, value: object) -> None:
        title, letter, first, _ = column_cells(wb, name)
        cell = wb[title][f"{letter}{first + offset}"]
        cell.value = value
        if isinstance(value, str) and cell.data_type in ("f", "e"):
            cell.data_type = "s"

    for name, value in settings.items():
        put(name, 0, value)
    for i, row in enumerate(games):
        for key, value in row.items():
            put(f"Games_{key}", i, value)
    wb.save(dst)
    return dst


def shown(handicap: str, lang: str) -> str:
    """A handicap's name as the sheet of ``lang`` shows it."""
    return ENGLISH[handicap] if lang == "en" else handicap


def engine_rows(rows, counted, lang: str = "ja",
                start: float = START) -> dict[int, dict[str, object]]:
    """The engine's replay of the counted rows: suggested handicap, change, rating."""
    rating, out = start, {}
    for i, row in enumerate(rows):
        if i in counted:
            opp = row["OppRating"]
            change = tokin_delta(rating, opp, row["Result"], row.get("Handicap"))
            out[i] = {"Suggested": shown(tokin_handicap(rating, opp), lang), "Change": change,
                      "Rating": rating + change}
            rating += change
    return out
