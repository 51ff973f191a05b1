"""How the LibreOffice tests fill the Elo sheet: random valid games and bad rows, and
what the engine makes of them, per game and per rating period."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from rating_rules import replay
from rating_rules.elo import elo_delta, elo_expected

SYSTEM = "elo"
START, K = 1500.0, 32.0  # RULES.md §3 defaults, which the shipped templates keep


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
BY_PERIOD_SETTLED = (7, 11, 12)
"""By period, the rows that settle a rating among the bad rows: 0 and 7 are one period
(A, carried down past the flagged rows); B and "=A1" each settle their own."""
BAD_MESSAGES = {"ja": {1: "相手レート", 3: "勝敗", 4: "勝敗", 5: "勝敗", 6: "勝敗", 8: "日付",
                       9: "離れすぎ", 10: "入力途中", 13: "入力途中"},
                "en": {1: "opponent rating", 3: "score", 4: "score", 5: "score", 6: "score",
                       8: "date", 9: "too far", 10: "incomplete", 13: "incomplete"}}
SKIPPED_BLANK = ("Change", "Rating")
"""Computed columns a skipped row (flagged, incomplete or blank) leaves blank."""


def same_period(a: object, b: object) -> bool:
    """A spreadsheet's ``=`` on two labels: text ignores case and never equals a number."""
    if isinstance(a, str) or isinstance(b, str):
        return isinstance(a, str) and isinstance(b, str) and a.lower() == b.lower()
    return a == b


def engine_rows(rows, counted, lang: str = "ja",
                periods: bool = False) -> dict[int, dict[str, object]]:
    """The engine's view of the counted rows (RULES.md §3).

    A row's period is its label, or the label above it when blank; consecutive counted
    games with the same period form one period. Per game, each game is its own period.
    The language changes nothing here.
    """
    key, keys = "", []
    for row in rows:
        if row.get("Period") is not None:
            key = row["Period"]
        keys.append(key)
    order = sorted(counted)
    games, ids, initial = [], [], {"me": START}
    for n, i in enumerate(order):
        initial[f"o{i}"] = rows[i]["OppRating"]
        games.append(("me", f"o{i}", rows[i]["Score"]))
        opens = n == 0 or not periods or not same_period(keys[i], keys[order[n - 1]])
        ids.append(len(set(ids)) + 1 if opens else ids[-1])

    def rating_after(n: int) -> float:
        """The engine's rating once game n (0-based among counted) is in; START before any."""
        if n < 0:
            return START
        part = ids[: n + 1] if periods else None
        return replay("elo", games[: n + 1], initial=initial, k=K, periods=part).ratings["me"]

    out: dict[int, dict[str, object]] = {}
    base, total = START, 0.0
    for n, i in enumerate(order):
        opp, score = rows[i]["OppRating"], rows[i]["Score"]
        if n == 0 or ids[n] != ids[n - 1]:
            base, total = rating_after(n - 1), 0.0
        change = elo_delta(base, opp, score, K)
        total += change
        closes = n == len(order) - 1 or ids[n + 1] != ids[n]
        out[i] = {"Expected": elo_expected(base, opp), "OppExpected": elo_expected(opp, base),
                  "Change": change, "InPeriod": base + total if periods else None,
                  "Rating": rating_after(n) if closes else None}
    if periods and games:  # replay reports each game's unrounded share K×(W−We)
        shares = replay("elo", games, initial=initial, k=K, periods=ids).changes
        assert [out[i]["Change"] for i in order] == pytest.approx([c[0] for c in shares])
    return out


# RULES.md §3 / seed 002: 1500 plays one period at K = 32.
WORKED: list[dict[str, object]] = [
    {"Opponent": f"W{i}", "OppRating": opp, "Score": score}
    for i, (opp, score) in enumerate(
        [(1700, 0.5), (1600, 1), (1850, 0), (1900, 0.5), (1800, 0), (1550, 1)])]
WORKED[0]["Period"] = "2024-05"
EXAMPLES = {"worked": ({"periods": 1.0}, WORKED), "pergame": ({}, WORKED)}
"""The rules' worked examples, each built with these constants in conftest's shared run
(``worked_<t>`` by period, ``pergame_<t>`` per game)."""
