"""What the LibreOffice tests type into the two-player club ledgers (``system = "ledger"``).

A ledger has two input tables, so this case gives whole tables: ``random_tables`` (a
seeded log of 320 valid games among 30 players, some of whom never play) and
``BAD_TABLES`` (hostile names, misspellings, impossible rows). ``preset_of`` tells the
rule a template uses; ``edit`` changes one early game, for the "everything after it
follows" test.
"""

from __future__ import annotations

import datetime as dt
import random

from rating_rules import SYSTEMS

SYSTEM = "ledger"
GAMES = 320
PLAYERS = 30
ACTIVE = 26
"""Players 27–30 are listed but never play (they show their start and 0 games)."""

RANKS = {"tokin": ("五段", "初段", "1級", "3級", "7級"),
         "club24": ("三段", "初段", "1級", "5級", "15級"),
         "go": ("5d", "2d+", "1d", "1k", "3k+", "8k", "15k", "17k")}
GO_TYPES = {"ja": {"不戦勝": "forfeit", "不戦敗": "forfeit", "対仮・BC": "provisional",
                   "非レート": "unrated"},
            "en": {"forfeit win": "forfeit", "forfeit loss": "forfeit",
                   "vs provisional": "provisional", "unrated": "unrated"}}
"""The Go type column's labels (RULES.md §4 game kinds); blank = rated."""
HANDICAPS = {"ja": ("香落", "角落", "飛落", "二枚落"),
             "en": ("lance", "bishop", "rook", "2-piece")}
HOSTILE = ('=HYPERLINK("http://x","y")', "+1", "@SUM(A1)", "#N/A", "a*", "?", "-2")
"""Names a spreadsheet would turn into formulas, errors or wildcards if written carelessly."""


def has_draws(preset: str) -> bool:
    """Whether the preset's rule scores a draw, as the engine its ledger rule replays
    declares (``tokin_league`` is Tokin's)."""
    from workbook_builder.sheets.ledger import RULES

    return SYSTEMS[RULES[preset].engine].draws


def player_name(i: int) -> str:
    return f"P{i:02d}"


def go_player(rng: random.Random, name: str) -> dict[str, object]:
    """A declared rank (or none: 1k), sometimes points and rated games from before."""
    row: dict[str, object] = {"Name": name}
    kind = rng.random()
    if kind < 0.75:
        row["Rank"] = rng.choice(RANKS["go"])
    if 0.55 < kind < 0.85:
        row["Start"] = rng.randrange(20000, 30000) + rng.choice((0, 0.5))
    if rng.random() < 0.35:
        row["Prior"] = rng.choice((0, 5, 19, 20, 45, 120))
    return row


def go_game(rng: random.Random, game: dict[str, object], lang: str) -> None:
    """Some handicaps off the regular one, some forfeits, bonus and unrated games."""
    if rng.random() < 0.15:
        game["Handicap"] = rng.choice((0, 0.5, 1, 1.5, 2, 3, 4.5))
    if rng.random() < 0.12:
        kind = rng.choice(("forfeit", "provisional", "unrated"))
        labels = [k for k, x in GO_TYPES[rng.choice((lang, "ja"))].items() if x == kind]
        game["GameType"] = labels[0 if game["Result"] == 1 else -1]


def random_tables(seed: int, spec) -> dict[str, list[dict[str, object]]]:
    rng = random.Random(seed)
    preset = spec.preset
    if preset == "go":
        return go_tables(rng, spec.lang)
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
        game["Result"] = rng.choice((1, 0.5, 0) if has_draws(preset) else (1, 0))
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


def go_tables(rng: random.Random, lang: str) -> dict[str, list[dict[str, object]]]:
    players = [go_player(rng, player_name(i)) for i in range(1, PLAYERS + 1)]
    games: list[dict[str, object]] = []
    day = dt.date(2024, 1, 6)
    for _ in range(GAMES):
        a, b = rng.sample(range(1, ACTIVE + 1), 2)
        game: dict[str, object] = {"Date": day, "PlayerA": player_name(a),
                                   "PlayerB": player_name(b), "Result": rng.choice((1, 0))}
        go_game(rng, game, lang)
        games.append(game)
        if rng.random() < 0.08:
            day += dt.timedelta(days=rng.choice((1, 7, 20, 35)))
    return {"Games": games, "Players": players}


def go_counts(tables: dict[str, list[dict[str, object]]], game: dict[str, object]) -> bool:
    """Whether a Go game's result surely moves points: a plain game between two players
    of the same declared rank and no typed points (other games may be unrated). Other
    rules: always."""
    if not any("GameType" in g for g in tables["Games"]):
        return True  # not a Go log
    rank = {p.get("Name"): (p.get("Rank"), p.get("Start")) for p in tables["Players"]}
    a, b = rank[game["PlayerA"]], rank[game["PlayerB"]]
    return "GameType" not in game and "Handicap" not in game and a == b and a[1] is None


def edit(tables: dict[str, list[dict[str, object]]]) -> dict[str, list[dict[str, object]]]:
    """The same log with an early win turned into a loss (a secretary fixing a typo)."""
    games = [dict(g) for g in tables["Games"]]
    first = next(i for i, g in enumerate(games) if i >= 2 and g["Result"] == 1
                 and go_counts(tables, g))
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


GO_BAD_GAMES: list[dict[str, object]] = [
    {"Date": dt.date(2024, 5, 8), "PlayerA": "P01", "PlayerB": "P05", "Result": 1,
     "Handicap": 0.3},
    {"Date": dt.date(2024, 5, 8), "PlayerA": "P01", "PlayerB": "P05", "Result": 1,
     "Handicap": 12},
    {"Date": dt.date(2024, 5, 8), "PlayerA": "P01", "PlayerB": "P05", "Result": 1,
     "Handicap": "two"},
    {"Date": dt.date(2024, 5, 9), "PlayerA": "P01", "PlayerB": "P05", "Result": 0,
     "GameType": "blitz"},
    {"Date": dt.date(2024, 5, 9), "PlayerA": "P01", "PlayerB": "P05", "Result": 0,
     "GameType": "不戦勝"},  # a forfeit win for A, but A's result says A lost
    {"Date": dt.date(2024, 5, 9), "PlayerA": "P05", "PlayerB": "P01", "Result": 1,
     "Handicap": 2, "GameType": "非レート"},
]
"""Go only: a handicap off the half steps, too large, text; an unknown type; a forfeit
contradicted by the result; then a valid unrated game."""
GO_BAD_PLAYERS: list[dict[str, object]] = [
    {"Name": "P06", "Rank": "BC"},  # the ledger's members start on the ladder
    {"Name": "P07", "Rank": "1d", "Prior": -3},
    {"Name": "P08", "Rank": "3K+", "Start": 22000.5, "Prior": 25},
]


def bad_tables(spec) -> dict[str, list[dict[str, object]]]:
    """The bad log; MOSAIC rows also get the turn difference that rule requires."""
    games = [dict(g) for g in BAD_GAMES]
    players = [dict(p) for p in BAD_PLAYERS]
    if spec.preset == "mosaic":
        for game in games:
            if "Result" in game:
                game["TurnDiff"] = 2
    if spec.preset == "go":
        games += [dict(g) for g in GO_BAD_GAMES]
        players += [dict(p) for p in GO_BAD_PLAYERS]
    players += [dict(p) for p in SPACED_PLAYERS]
    games += [{**g, **({"TurnDiff": 2} if spec.preset == "mosaic" else {})}
              for g in SPACED_GAMES]
    players.append(dict(FAR_START))
    games.append({"Date": dt.date(2024, 5, 10), "PlayerA": FAR_START["Name"], "PlayerB": "P05",
                  "Result": 1, **({"TurnDiff": 2} if spec.preset == "mosaic" else {})})
    return {"Games": games, "Players": players}


SPACED_PLAYERS: list[dict[str, object]] = [{"Name": "P06\u3000", "Start": 1450}]
"""A full-width space after a name on Players: flagged there, quoted so it shows."""
SPACED_GAMES: list[dict[str, object]] = [
    {"Date": dt.date(2024, 5, 7), "PlayerA": "P05 ", "PlayerB": "P01", "Result": 1},
    {"Date": dt.date(2024, 5, 7), "PlayerA": "P01", "PlayerB": "\u3000p05", "Result": 0},
    # a result stored as text (a cell formatted as text, a full-width digit): flagged
    {"Date": dt.date(2024, 5, 7), "PlayerA": "P01", "PlayerB": "P05", "Result": "1"},
    {"Date": dt.date(2024, 5, 7), "PlayerA": "P01", "PlayerB": "P05", "Result": "\uff11"},
]
"""A phone keyboard's space after a member's name, a full-width one before it: the game
is flagged, quoting the name, and the member it probably means is named."""

FAR_START = {"Name": "P99", "Start": 12345678}
"""Last on Players and in the log: a start no scale has (Elo's 10^(diff/400) overflows)."""
