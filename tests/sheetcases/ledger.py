"""What the LibreOffice tests type into the two-player club ledgers (``system = "ledger"``).

A ledger has two input tables, so this case gives whole tables: ``random_tables`` (a
seeded log of 600 valid games among 30 players, some of whom never play) and
``BAD_TABLES`` (hostile names, misspellings, impossible rows). ``preset_of`` tells the
rule a template uses; ``edit`` changes one early game, for the "everything after it
follows" test.
"""

from __future__ import annotations

import datetime as dt
import random

SYSTEM = "ledger"
GAMES = 600
PLAYERS = 30
ACTIVE = 26
"""Players 27–30 are listed but never play (they show their start and 0 games)."""

RANKS = {"tokin": ("五段", "初段", "1級", "3級", "7級"),
         "club24": ("三段", "初段", "1級", "5級", "15級")}
HANDICAPS = {"ja": ("香落", "角落", "飛落", "二枚落"),
             "en": ("lance", "bishop", "rook", "2-piece")}
HOSTILE = ('=HYPERLINK("http://x","y")', "+1", "@SUM(A1)", "#N/A", "a*", "?", "-2")
"""Names a spreadsheet would turn into formulas, errors or wildcards if written carelessly."""


def player_name(i: int) -> str:
    return f"P{i:02d}"


def random_tables(seed: int, spec) -> dict[str, list[dict[str, object]]]:
    rng = random.Random(seed)
    preset = spec.preset
    players: list[dict[str, object]] = []
    for i in range(1, PLAYERS + 1):
        row: dict[str, object] = {"Name": player_name(i)}
        kind = rng.random()
        if preset in RANKS and kind < 0.4:
            row["Rank"] = rng.choice(RANKS[preset])
        elif kind < 0.8:
            row["Start"] = (rng.randrange(60, 140) if preset == "mosaic"
                            else rng.randrange(300, 2600))
        if preset == "club24" and rng.random() < 0.4:
            row["Prior"] = rng.choice((0, 3, 10, 23, 24, 60))
        players.append(row)
    games: list[dict[str, object]] = []
    day = dt.date(2024, 1, 6)
    for k in range(GAMES):
        a, b = rng.sample(range(1, ACTIVE + 1), 2)
        game: dict[str, object] = {"Date": day, "PlayerA": player_name(a),
                                   "PlayerB": player_name(b)}
        if preset == "elo":
            game["Result"] = rng.choice((1, 0.5, 0))
        else:
            game["Result"] = rng.choice((1, 0))
        if preset.startswith("tokin") and rng.random() < 0.2:
            game["Handicap"] = rng.choice(HANDICAPS[spec.lang] + HANDICAPS["ja"][:1])
        if preset == "mosaic":
            game["TurnDiff"] = rng.randrange(0, 6)
        if rng.random() < 0.05:
            game["Note"] = "=1+1" if k % 2 else "note"
        games.append(game)
        if rng.random() < 0.08:
            day += dt.timedelta(days=rng.choice((1, 7, 20, 35)))
    return {"Games": games, "Players": players}


def edit(tables: dict[str, list[dict[str, object]]]) -> dict[str, list[dict[str, object]]]:
    """The same log with an early win turned into a loss (a secretary fixing a typo)."""
    games = [dict(g) for g in tables["Games"]]
    first = next(i for i, g in enumerate(games) if i >= 2 and g["Result"] == 1)
    games[first]["Result"] = 0
    return {**tables, "Games": games}


BAD_PLAYERS: list[dict[str, object]] = [
    {"Name": "P01", "Start": 1500},
    {"Name": "P02"},
    *({"Name": name, "Start": 1400 + 10 * i} for i, name in enumerate(HOSTILE)),
    {"Name": "p01", "Start": 1000},  # the same name as P01 (names compare in any case)
    {"Name": "P03", "Start": "abc"},
    {"Name": "P04", "Rank": "九段"},
    {"Start": 1234},  # a start without a name: nothing to rate
    {"Name": "P05", "Start": 1600},
]
BAD_GAMES: list[dict[str, object]] = [
    {"Date": dt.date(2024, 5, 1), "PlayerA": "P01", "PlayerB": "P02", "Result": 1},
    {"Date": dt.date(2024, 5, 1), "PlayerA": "P01", "PlayerB": "Tanaka", "Result": 0},
    {"Date": dt.date(2024, 5, 2), "PlayerA": HOSTILE[0], "PlayerB": HOSTILE[1], "Result": 1},
    {"Date": dt.date(2024, 5, 2), "PlayerA": "P02", "PlayerB": "P02", "Result": 1},
    {"Date": dt.date(2024, 5, 3), "PlayerA": "P03", "PlayerB": "P01", "Result": 1},
    {"Date": dt.date(2024, 5, 3), "PlayerA": HOSTILE[2], "PlayerB": HOSTILE[3], "Result": 2},
    {"Date": "yesterday", "PlayerA": HOSTILE[4], "PlayerB": HOSTILE[5], "Result": 0},
    {},
    {"Date": dt.date(2024, 5, 4), "PlayerA": HOSTILE[4], "PlayerB": HOSTILE[5], "Result": 0},
    {"Date": dt.date(2024, 5, 4), "PlayerA": "P01", "Result": 1},
    {"Date": dt.date(2024, 5, 5), "PlayerA": "P05", "PlayerB": HOSTILE[6], "Result": "x"},
    {"Date": dt.date(2024, 4, 30), "PlayerA": "P05", "PlayerB": HOSTILE[6], "Result": 1},
    {"Date": dt.date(2024, 5, 6), "PlayerA": "P04", "PlayerB": "P05", "Result": 0},
    {"Date": dt.date(2024, 5, 6), "PlayerA": "P05", "PlayerB": HOSTILE[2], "Result": 1,
     "Note": "=HYPERLINK(\"http://x\",\"y\")"},
    {"Date": dt.date(2024, 5, 7), "PlayerA": "P02", "PlayerB": "P05"},
]


def bad_tables(spec) -> dict[str, list[dict[str, object]]]:
    """The bad log; MOSAIC rows also get the turn difference that rule requires."""
    games = [dict(g) for g in BAD_GAMES]
    if spec.preset == "mosaic":
        for game in games:
            if "Result" in game:
                game["TurnDiff"] = 2
    return {"Games": games, "Players": [dict(p) for p in BAD_PLAYERS]}
