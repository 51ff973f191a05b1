"""How the LibreOffice tests fill the Glicko sheet: random valid games and bad rows, and
what the engine makes of them, per game and per rating period."""

from __future__ import annotations

import datetime as dt
import random

from rating_rules.glicko import (
    glicko_close,
    glicko_expected,
    glicko_game,
    glicko_period,
    glicko_rd_before,
)
from tests.sheetcases.elo import random_inputs as elo_inputs
from tests.sheetcases.elo import same_period

SYSTEM = "glicko"
START, START_RD = 1500.0, 350.0  # the paper's unrated player, which the templates keep


def random_inputs(seed: int, count: int) -> list[dict[str, object]]:
    """The Elo case's games and period labels, each with an opponent RD (whole, or with a
    decimal; now and then a new player's 350)."""
    rng = random.Random(seed + 7)
    games = elo_inputs(seed, count)
    for game in games:
        game["OppRD"] = (350 if rng.random() < 0.1 else
                         rng.randint(30, 300) if rng.random() < 0.7 else
                         round(rng.uniform(30, 300), 1))
    return games


BAD_ROWS: list[dict[str, object]] = [
    {"Opponent": "ok1", "OppRating": 1600, "OppRD": 80, "Score": 1, "Period": "A"},  # 0 counted
    {"Opponent": "text", "OppRating": "abc", "OppRD": 50, "Score": 1},             # 1 opp text
    {},                                                                            # 2 blank
    {"Opponent": "rd0", "OppRating": 1500, "OppRD": 0, "Score": 1},                # 3 RD 0
    {"Opponent": "rd-", "OppRating": 1500, "OppRD": -5, "Score": 0},               # 4 RD < 0
    {"Opponent": "rdtext", "OppRating": 1500, "OppRD": "big", "Score": 1},         # 5 RD text
    {"Opponent": "rdhuge", "OppRating": 1500, "OppRD": 2_000_000, "Score": 1},     # 6 RD huge
    {"Opponent": "quarter", "OppRating": 1500, "OppRD": 60, "Score": 0.25},        # 7 score
    {"Opponent": "=SUM(1,2)", "OppRating": 1450, "OppRD": 350, "Score": 0.5},      # 8 counted
    {"Opponent": "date", "OppRating": 1500, "OppRD": 60, "Score": 1, "Date": "5/26"},  # 9 date
    {"Opponent": "far", "OppRating": 1_000_000, "OppRD": 60, "Score": 1},          # 10 too far
    {"Opponent": "noscore", "OppRating": 1550, "OppRD": 60},                       # 11 incomplete
    {"Opponent": "nord", "OppRating": 1550, "Score": 1},                           # 12 incomplete
    {"Opponent": "ok2", "OppRating": 1700.5, "OppRD": 30.5, "Score": 0, "Period": "B",
     "Date": dt.datetime(2024, 5, 26)},                                            # 13 counted
    {"Opponent": "ok3", "OppRating": 1580, "OppRD": 200, "Score": 0.5, "Period": "=A1"},  # 14
    {"Score": 1, "Period": "b"},                                                   # 15 incomplete
    {},                                                                            # 16 blank
    {"OppRating": 1500},                                                           # 17 in progress
    {"Opponent": "rd400", "OppRating": 1500, "OppRD": 400, "Score": 1},            # 18 RD > 350
]
BAD_COUNTED = (0, 8, 13, 14)
BAD_FLAGGED = (1, 3, 4, 5, 6, 7, 9, 10, 18)
BAD_INCOMPLETE = (11, 12, 15, 17)
BY_PERIOD_SETTLED = (8, 13, 14)
"""By period, the rows that settle a rating among the bad rows: 0 and 8 are one period
(A, carried down past the flagged rows); B and "=A1" each settle their own."""
BAD_MESSAGES = {"ja": {1: "相手レート", 3: "相手RD", 4: "相手RD", 5: "相手RD", 6: "相手RD",
                       7: "勝敗", 9: "日付", 10: "離れすぎ", 11: "入力途中", 12: "入力途中",
                       18: "最大RD"},
                "en": {1: "opponent rating", 3: "opponent RD", 4: "opponent RD",
                       5: "opponent RD", 6: "opponent RD", 7: "score", 9: "date",
                       10: "too far", 11: "incomplete", 12: "incomplete", 18: "largest RD"}}
SKIPPED_BLANK = ("Change", "Rating", "RD")
"""Computed columns a skipped row (flagged, incomplete or blank) leaves blank."""


def periods_of(rows, counted, periods: bool) -> list[list[int]]:
    """The counted rows, period by period: a row's period is its label or the one above
    it; consecutive counted games of one period form it. Per game, a game a period."""
    key, keys = "", []
    for row in rows:
        if row.get("Period") is not None:
            key = row["Period"]
        keys.append(key)
    groups: list[list[int]] = []
    for i in sorted(counted):
        if groups and periods and same_period(keys[i], keys[groups[-1][-1]]):
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


def engine_rows(rows, counted, lang: str = "ja", periods: bool = False,
                start: float = START, start_rd: float = START_RD) -> dict[int, dict[str, object]]:
    """The engine's view of the counted rows, from Glickman's steps as the engine states
    them: a period's games rated with ``glicko_period`` against its onset rating and RD,
    my RD grown one period (``glicko_rd_before``) before every period, and each typed
    opponent RD (the rating list's) one period too; a game's change is how much it moves
    the period's rating (the prefix's rating minus the shorter prefix's). The language
    changes nothing here."""
    out: dict[int, dict[str, object]] = {}
    rating, rd = start, start_rd
    for group in periods_of(rows, counted, periods):
        onset_rd = glicko_rd_before(rd, 1)
        games = [(rows[i]["OppRating"], glicko_rd_before(rows[i]["OppRD"], 1),
                  rows[i]["Score"]) for i in group]
        before = rating
        for n, i in enumerate(group):
            closed, closed_rd = glicko_period(rating, onset_rd, games[: n + 1])
            last = n == len(group) - 1
            out[i] = {"Expected": glicko_expected(rating, games[n][0], games[n][1]),
                      "Change": closed - before, "InPeriod": closed if periods else None,
                      "Rating": closed if last else None, "RD": closed_rd if last else None}
            before = closed
        rating, rd = before, out[group[-1]]["RD"]
    return out


def ledger_rows(games, starts, monthly: bool = True) -> list[tuple[float, float, float, float]]:
    """A Glicko ledger's (change A, change B, RD A, RD B) per game, from the engine's steps.

    Everyone's rating and RD at the start of a period (a month, or each game) come from
    the close of their last period, the RD grown by ``glicko_rd_before`` for the periods
    since; each game adds its ``glicko_game`` parts to both players' sums of the period,
    and its change is how much it moves the player's ``glicko_close``. The test checks
    that the closes after the last game are ``replay("glicko")``'s ratings.
    """
    close = {p: (float(r), START_RD) for p, r in starts.items()}  # rating, RD after
    open_: dict[object, tuple[int, float, float, float, float]] = {}  # per, r0, rd0, Σ, Σ
    period, out = 0, []
    for game in games:
        # the paper's t counts every month since, games in it or not
        period = game["Date"].year * 12 + game["Date"].month - 1 if monthly else period + 1
        onset = {}
        for p in (game["PlayerA"], game["PlayerB"]):
            per, r0, rd0, _, _ = open_.get(p, (0, 0.0, 0.0, 0.0, 0.0))
            rating, rd = close.setdefault(p, (START, START_RD))  # unlisted: as replay
            onset[p] = (r0, rd0) if per == period else (rating, glicko_rd_before(rd, period - per))
        row = []
        for me, opp, score in ((game["PlayerA"], game["PlayerB"], game["Result"]),
                               (game["PlayerB"], game["PlayerA"], 1 - game["Result"])):
            info, term = glicko_game(onset[me][0], *onset[opp], score)
            per, _, _, total_info, total = open_.get(me, (0, 0.0, 0.0, 0.0, 0.0))
            if per != period:
                total_info, total = 0.0, 0.0
            open_[me] = (period, *onset[me], total_info + info, total + term)
            row.append(glicko_close(onset[me][0], onset[me][1], total_info + info, total + term))
        before = (close[game["PlayerA"]][0], close[game["PlayerB"]][0])
        close[game["PlayerA"]], close[game["PlayerB"]] = row
        out.append((row[0][0] - before[0], row[1][0] - before[1], row[0][1], row[1][1]))
    return out


# Glickman's paper: 1500, RD 200, one period of three games.
PAPER: list[dict[str, object]] = [
    {"Opponent": f"W{i}", "OppRating": opp, "OppRD": rd, "Score": score}
    for i, (opp, rd, score) in enumerate([(1400, 30, 1), (1550, 100, 0), (1700, 300, 0)])]
PAPER[0]["Period"] = "1"
EXAMPLES = {"paper": ({"periods": 1.0, "rd": 200.0, "c": 0.0}, PAPER)}
"""The paper's example, built with these constants in conftest's shared run
(``paper_<t>``): c = 0, as the paper's RDs are those at the period's onset, which the
sheet grows the typed (the list's) RDs to by one c."""
