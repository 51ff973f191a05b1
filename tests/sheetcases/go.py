"""How the LibreOffice tests fill the Go points sheet, and the engine's reading of a log.

:func:`engine_chain` replays one player's rows with :mod:`rating_rules.go` only (never
the builder): it is the expected value of every test and also steers
:func:`random_inputs` (opponents near the player's current rank, so most games are
rated, and phases of wins and losses that move the rank several steps each way).
"""

from __future__ import annotations

import datetime as dt
import random
from dataclasses import dataclass

from rating_rules.go import (
    GO,
    GoRank,
    exchange,
    go_delta,
    multiplier,
    next_rank,
    rank_difference,
    rank_label,
    regular_handicap,
    start_points,
)

SYSTEM = "go"

TYPES = {"rated": ("通常", "rated"), "fwin": ("不戦勝", "forfeit win"),
         "floss": ("不戦敗", "forfeit loss"), "prov": ("対仮・BC", "vs provisional"),
         "unrated": ("非レート", "unrated")}
ENGINE_TYPE = {"rated": "rated", "fwin": "forfeit", "floss": "forfeit", "prov": "provisional",
               "unrated": "unrated"}
CODES = [code for code, _, _ in GO.table]
VALUE = {c: GoRank(c).value for c in [*CODES, "BC"]}


def type_key(text: object) -> str:
    """The sheet's reading of a typed type (blank = rated)."""
    if text is None:
        return "rated"
    for key, labels in TYPES.items():
        if str(text).lower() in (labels[0].lower(), labels[1].lower()):
            return key
    raise ValueError(text)


@dataclass
class Game:
    """What the sheet should show for one counted row."""

    regular: str
    mult: float | None
    change: float
    points: float
    rank: str
    label: str
    game_no: int | None
    """Rated-game number, None when the game did not count as rated."""
    engine_type: str
    vs_bc: bool


def engine_chain(rows, counted, lang="ja", start_rank="1k", start_pts=None, rated_before=0,
                 preset=GO) -> dict[int, Game]:
    """Replay the rows whose index is in ``counted``, one player's side, with the engine."""
    rank = GoRank.parse(start_rank).code
    points = start_points(rank, preset) if start_pts is None else float(start_pts)
    rated, streak, out = rated_before, 0, {}
    for i, row in enumerate(rows):
        if i not in counted:
            continue
        key = type_key(row.get("GameType"))
        kind = ENGINE_TYPE[key]
        won = {"fwin": 1, "floss": 0}.get(key, row.get("Result", 0))
        opp = GoRank.parse(row["OppRank"]).code if row.get("OppRank") is not None else None
        h = row.get("Handicap")
        delta = go_delta(rank, opp or rank, won, game_no=rated + 1, handicap_diff=h,
                         game_type=kind, prev_two_unrated=streak >= 2, preset=preset)
        vs_bc = opp == "BC"
        is_rated = (kind == "rated" and not vs_bc
                    and exchange(rank_difference(rank, opp), h, preset) is not None)
        regular = regular_handicap(rank, opp, lang, preset) if opp else ""
        points += delta
        if is_rated:
            rated += 1
            streak = 0
        else:
            streak += 1
        rank = next_rank(rank, points, preset)
        out[i] = Game(regular, multiplier(rated, preset) if is_rated else None, delta, points,
                      rank, rank_label(rank, rated < preset.provisional_games),
                      rated if is_rated else None, kind, vs_bc)
    return out


REASONS = {"ja": {"forfeit": "不戦", "provisional": "仮・BC", "unrated": "非レート",
                  "rated": "対象外"},
           "en": {"forfeit": "forfeit", "provisional": "bonus", "unrated": "unrated",
                  "rated": "off table"}}
"""What the 対局数 / Counted column shows of a game that is not a rated one."""


def engine_rows(rows, counted, lang: str = "ja", **start) -> dict[int, dict[str, object]]:
    """:func:`engine_chain` as each counted row shows it (``start``: its start keywords).

    A rated game shows its number and multiplier; any other game, in place of its number,
    why it is not rated (a rated-type game against BC pays the provisional bonus)."""
    out: dict[int, dict[str, object]] = {}
    for i, game in engine_chain(rows, counted, lang, **start).items():
        shows: dict[str, object] = {"Change": game.change, "Points": game.points,
                                    "Rank": game.rank, "Label": game.label,
                                    "Regular": game.regular or None}
        if game.game_no is None:
            rated_vs_bc = game.vs_bc and game.engine_type == "rated"
            reason = "provisional" if rated_vs_bc else game.engine_type
            shows |= {"Counted": REASONS[lang][reason], "Mult": None}
        else:
            shows |= {"Counted": game.game_no, "Mult": game.mult}
        out[i] = shows
    return out


def _near(rng: random.Random, value: float, spread: float) -> str:
    options = [c for c in CODES if abs(VALUE[c] - value) <= spread] or CODES
    return rng.choice(options)


def random_inputs(seed: int, count: int, start_rank: str = "1k", start_pts=None,
                  rated_before: int = 0) -> list[dict[str, object]]:
    """Valid rows covering every branch: all five types, BC and provisional opponents,
    regular and non-standard handicaps (residual 0, within the table, beyond it, equal
    ranks), far-apart opponents, and win/loss phases that move the rank across several
    ranks up and down."""
    rng = random.Random(seed)
    rows: list[dict[str, object]] = []
    phases = (1.0, 0.0, 0.97, 0.1)
    for n in range(count):
        here = engine_chain(rows, set(range(len(rows))), "ja", start_rank, start_pts,
                            rated_before)
        rank = here[len(rows) - 1].rank if rows else GoRank.parse(start_rank).code
        p_win = phases[(n * len(phases)) // max(count, 1)]
        row: dict[str, object] = {"Opponent": f"P{n % 23}",
                                  "Date": dt.datetime(2024, 1, 1) + dt.timedelta(days=n)}
        u = rng.random()
        plain = n % 8 == 0  # every 8th game: rated at the regular handicap
        key = ("rated" if plain or u < 0.68 else "fwin" if u < 0.73 else "floss" if u < 0.78
               else "prov" if u < 0.9 else "unrated")
        if n % 50 in (45, 46, 47):  # two unrated games, then a bonus win that pays nothing
            key = "prov" if n % 50 == 47 else "unrated"
            p_win = 1.0
        if key != "rated" or rng.random() < 0.2:  # blank = rated; sometimes typed
            row["GameType"] = TYPES[key][rng.randint(0, 1)]
        if key in ("rated", "prov") or rng.random() < 0.5:
            far = rng.random() < 0.12 and not plain
            opp = _near(rng, VALUE[rank], 9 if far else 3)
            if plain:
                pass
            elif rng.random() < 0.06:
                opp = "BC"
            elif rng.random() < 0.05:  # equal ranks at a handicap: unrated
                opp = rank
                row["Handicap"] = rng.choice((0.5, 1, 2))
            row["OppRank"] = opp if rng.random() < 0.9 else opp.upper()
            gap = abs(VALUE[rank] - VALUE[opp])
            v = rng.random()
            if "Handicap" in row or plain:
                pass
            elif v < 0.45:
                pass  # the regular handicap
            elif v < 0.6:
                row["Handicap"] = min(gap, 9)  # typed, but the regular one
            elif v < 0.9:
                row["Handicap"] = max(0.0, min(9.0, gap + rng.choice((-2, -1.5, -1, -0.5, 0.5,
                                                                       1, 1.5, 2, 3, 3.5))))
            else:
                row["Handicap"] = rng.randint(0, 18) / 2
        if key in ("rated", "prov"):
            row["Result"] = 1 if rng.random() < p_win else 0
        elif key in ("fwin", "floss") and rng.random() < 0.5:
            row["Result"] = 1 if key == "fwin" else 0
        elif key == "unrated" and rng.random() < 0.5:
            row["Result"] = rng.randint(0, 1)
        rows.append(row)
    return rows


BAD_ROWS: list[dict[str, object]] = [
    {"Opponent": "ok1", "OppRank": "1k", "Result": 1},                           # 0 counted
    {"Opponent": "text", "OppRank": "abc", "Result": 1},                         # 1 rank
    {},                                                                          # 2 blank
    {"Opponent": "two", "OppRank": "1k", "Result": 2},                           # 3 result 2
    {"Opponent": "h07", "OppRank": "2k", "Handicap": 0.7, "Result": 1},          # 4 handicap
    {"Opponent": "h12", "OppRank": "2k", "Handicap": 12, "Result": 1},           # 5 handicap
    {"Opponent": "htx", "OppRank": "2k", "Handicap": "two", "Result": 1},        # 6 handicap
    {"Opponent": "blitz", "OppRank": "1k", "GameType": "blitz", "Result": 1},    # 7 type
    {"Opponent": "=SUM(1,2)", "OppRank": "1d", "Result": 0},                     # 8 counted
    {"Opponent": "date", "OppRank": "1k", "Result": 1, "Date": "5/26"},          # 9 date
    {"Opponent": "half", "OppRank": "2k"},                                       # 10 incomplete
    {"Opponent": "ff", "GameType": "不戦勝", "Result": 0},                        # 11 contradicts
    {"Opponent": "wild", "OppRank": "1*", "Result": 1},                          # 12 rank
    {"Opponent": "upper", "OppRank": "1D", "Result": 1, "Handicap": 0,
     "Date": dt.datetime(2024, 5, 26)},                                          # 13 counted
    {"Opponent": "fl", "GameType": "forfeit loss"},                              # 14 counted
    {"Opponent": "num", "OppRank": 5, "Result": 1},                              # 15 rank
    {"Opponent": "win", "OppRank": "1k", "Result": "win"},                       # 16 result
    {"Opponent": "neg", "OppRank": "1k", "Handicap": -1, "Result": 1},           # 17 handicap
    {},                                                                          # 18 blank
    {"OppRank": "1k"},                                                           # 19 in progress
]
BAD_COUNTED = (0, 8, 13, 14)
BAD_FLAGGED = (1, 3, 4, 5, 6, 7, 9, 11, 12, 15, 16, 17)
BAD_INCOMPLETE = (10, 19)
BAD_MESSAGES = {"ja": {1: "段級位", 3: "勝敗", 4: "手合", 5: "手合", 6: "手合", 7: "種類",
                       9: "日付", 10: "入力途中", 11: "不戦勝", 12: "段級位", 15: "段級位",
                       16: "勝敗", 17: "手合"},
                "en": {1: "rank", 3: "result", 4: "handicap", 5: "handicap", 6: "handicap",
                       7: "type", 9: "date", 10: "incomplete", 11: "forfeit", 12: "rank",
                       15: "rank", 16: "result", 17: "handicap"}}
SKIPPED_BLANK = ("Change", "Points")
"""Computed columns a skipped row (flagged, incomplete or blank) leaves blank."""
