"""How the LibreOffice tests fill the four-player club ledger: a random club, bad input.

Both tables are typed: ``Players`` (Name, Start, Official, Member) and ``Games`` (four
rows per game: Player, Place, KnockedBy, and the Date on the game's first row). Official
ranks are typed as the engine's labels (初段, 一級 …), which both languages accept, and
Member in either language.
"""

from __future__ import annotations

import datetime as dt
import random

from tests.sheetcases.yonin import RANKS, SEATS, random_finish, random_member

SYSTEM = "yonin_ledger"
ACTIVE, IDLE = 26, 4
"""Players who play, and players on the list who never play."""
FIRST_DAY = dt.datetime(2024, 1, 5)


def random_players(rng: random.Random) -> list[dict[str, object]]:
    """~30 players: typed and default starts, official ranks near their rate, non-members."""
    players: list[dict[str, object]] = []
    idle = set(rng.sample(range(ACTIVE + IDLE), IDLE))
    for i in range(ACTIVE + IDLE):
        row: dict[str, object] = {"Name": f"{'Q' if i in idle else 'P'}{i:02d}"}
        roll = rng.random()
        if roll < 0.3:
            label, low = rng.choice(RANKS[3:-1])
            row["Start"] = low + rng.randint(0, 15)
            if rng.random() < 0.7:
                row["Official"] = label  # an official floor just below the start
        elif roll < 0.55:
            row["Start"] = rng.randint(0, 2500) + rng.choice((0, 0, 0.5))
        if rng.random() < 0.08:
            row["Official"] = rng.choice(RANKS)[0]
        row.update(random_member(rng, 0.2, 0.3))
        players.append(row)
    return players


def random_game(rng: random.Random, names: list[str]) -> list[dict[str, object]]:
    """One valid game: four different players, places, who mated whom (or T)."""
    places, knocked = random_finish(rng, 0.3, 0.3, 0.08)
    players = rng.sample(names, SEATS)
    return [{k: v for k, v in {"Player": players[s], "Place": places[s],
                               "KnockedBy": knocked[s]}.items() if v is not None}
            for s in range(SEATS)]


def random_tables(seed: int, spec) -> dict[str, list[dict[str, object]]]:
    """A club's log filling every game row of ``spec`` (four sheet rows a game)."""
    rng = random.Random(seed)
    players = random_players(rng)
    active = [str(p["Name"]) for p in players if str(p["Name"]).startswith("P")]
    weights = [rng.choice((1, 1, 2, 4)) for _ in active]
    day = FIRST_DAY
    rows: list[dict[str, object]] = []
    for _ in range(spec.rows // SEATS):
        pool = rng.choices(active, weights, k=12)
        pool = list(dict.fromkeys(pool))
        if len(pool) < SEATS:
            pool = active
        game = random_game(rng, pool)
        day += dt.timedelta(days=rng.choice((0, 0, 1, 1, 2)))
        roll = rng.random()
        if roll < 0.03:
            pass  # an undated game: rated, but in no month
        elif roll < 0.1:
            for row in game:  # the date repeated on every row is fine
                row["Date"] = day
        else:
            game[0]["Date"] = day
        rows += game
    return {"Games": rows, "Players": players}


EDITED_GAME = 2
"""The past game :func:`edit` changes."""


def edit(tables: dict[str, list[dict[str, object]]]) -> dict[str, list[dict[str, object]]]:
    """The log with game 2 changed the way a secretary corrects it: the runner-up won.

    The old winner is now 2nd, mated by the new winner; everything else stays.
    """
    games = [dict(row) for row in tables["Games"]]
    seats = games[EDITED_GAME * SEATS:(EDITED_GAME + 1) * SEATS]
    places = [row["Place"] for row in seats]
    winner, runner_up = places.index(1), places.index(2)
    seats[winner]["Place"], seats[runner_up]["Place"] = 2, 1
    seats[winner]["KnockedBy"] = runner_up + 1
    seats[runner_up].pop("KnockedBy", None)
    games[EDITED_GAME * SEATS:(EDITED_GAME + 1) * SEATS] = seats
    return {"Games": games, "Players": tables["Players"]}


def _game(*seats: tuple, date: object = None) -> list[dict[str, object]]:
    keys = ("Player", "Place", "KnockedBy")
    rows = [{k: v for k, v in zip(keys, seat, strict=False) if v is not None} for seat in seats]
    if date is not None:
        rows[0]["Date"] = date
    return rows


HYPERLINK = '=HYPERLINK("http://x","y")'
ODD_NAMES = (HYPERLINK, "+1", "@SUM(A1)", "#N/A")
"""Names that look like formulas or errors: they stay text and work as names."""
DAY = dt.datetime(2024, 5, 1)

BAD_PLAYERS: list[dict[str, object]] = [
    {"Name": "A", "Start": 1720},                       # 0
    {"Name": "B", "Start": 1370},                       # 1
    {"Name": "C", "Start": 2005, "Official": "初段"},    # 2
    {"Name": "D", "Start": 480},                        # 3
    *({"Name": n, "Start": 1000 + 100 * i} for i, n in enumerate(ODD_NAMES)),  # 4-7
    {"Name": "E", "Start": "1500点"},                    # 8  start as text
    {"Name": "A", "Start": 9999},                       # 9  the same name again
    {},                                                 # 10 a blank row in the middle
    {"Name": "F", "Official": "名人"},                   # 11 rank not in the list
    {"Name": "G", "Member": "guest"},                   # 12 member word
    {"Start": 100},                                     # 13 no name
    {"Name": "H", "Member": "非会員"},                   # 14 never plays: 500
    {"Name": "I"},                                      # 15 never plays: 0
    {"Name": "J", "Start": 3000},                       # 16
    {"Name": "K\u3000", "Start": 1200},                  # 17 a full-width space after it
]
BAD_PLAYER_FLAGGED = {8: ("開始", "start"), 9: ("同じ名前", "same name"),
                      11: ("公認", "official"), 12: ("会員", "member"), 13: ("名前", "name")}
"""Players row (0-based) → (word in the ja marker, word in the en marker): not used."""
BAD_PLAYER_NOTED = {17: ("余分な空白", "extra space")}
"""Players rows flagged as the two-player ledgers flag them, and still used."""

WORKED = _game(("A", 1), ("B", 2, 1), ("C", 3, 2), ("D", 4, 1), date=DAY)
"""RULES.md §5 with the starts on the Players sheet: → A 1761, B 1410, C 2000, D 470."""

BAD_GAMES: list[list[dict[str, object]]] = [
    WORKED,                                                               # 0 rated
    _game(("A", 1), ("Bee", 2, 1), ("C", 3, 2), ("D", 4, 1)),             # 1 misspelt name
    _game(*((n, p, k) for n, p, k in zip(ODD_NAMES, (1, 2, 3, 4), (None, 1, 1, 3),
                                         strict=True)), date=DAY),        # 2 rated: odd names
    _game(("A", 1), ("B", 1), ("C", 3, 2), ("D", 4, 1)),                  # 3 two 1st places
    [{}, {}, {}, {}],                                                     # 4 blank game
    _game(("A", 1), ("B", 2, 1), ("A", 3, 2), ("D", 4, 1)),               # 5 A twice
    _game(("A", 1), ("E", 2, 1), ("C", 3, 2), ("D", 4, 1)),               # 6 E's start is text
    _game(("J", 2, 3), ("B", 3, 1), ("A", 1), ("D", 4, "T"),
          date=DAY + dt.timedelta(days=40)),                              # 7 rated: chain
    [*_game(("A", 1), ("B", 2, 1)), {"Player": "C", "Place": 3, "KnockedBy": 2,
                                     "Date": DAY}, {"Player": "D", "Place": 4,
                                                    "KnockedBy": 1}],     # 8 date on row 3
    _game(("A", 1), ("B", 2, 1), ("C", 3, 2), ("D", 4, 1), date="5月1日"),  # 9 date as text
    _game(("A", 1), ("B", 2, 2), ("C", 3, 2), ("D", 4, 1)),               # 10 own seat
    _game(("A", 1), ("B", 5, 1), ("C", 3, 2), ("D", 4, 1)),               # 11 place 5
    _game(("A", 1), ("F", 2, 1), ("C", 3, 2), ("D", 4, 1)),               # 12 F's rank
    _game(("A", 1), ("B", 2, 1), ("G", 3, 2), ("D", 4, 1)),               # 13 G's member
    _game(("A", 1), ("B", 2, 1), ("C", 3), ("D", 4, 1)),                  # 14 knocker missing
    _game(("a", 2, 3), ("b", 3, 1), ("c", 1), ("d", 4, 1)),               # 15 rated: any case
    _game(("A", 1), ("B", 2, 1), ("C", 3, 2), ("D", 4, 1)),               # 16 rated, undated
    _game(("A", 1), ("B ", 2, 1), ("C", 3, 2), ("D", 4, 1)),              # 17 a space typed
    _game(("A", 1), ("B",)),                                              # 18 being typed
]
BAD_ROWS: list[dict[str, object]] = [row for game in BAD_GAMES for row in game]
BAD_TABLES = {"Games": BAD_ROWS, "Players": BAD_PLAYERS}
BAD_RATED = (0, 2, 7, 15, 16)
BAD_QUIET = (4,)
"""Games that show nothing: blank."""
BAD_INCOMPLETE = (14, 18)
"""Half-typed games, in the log and the last one being typed: marked, no ⚠."""
BAD_FLAGGED = {
    1: ("「Bee」は名簿にない", '“Bee” not in Players'),
    3: ("順位", "places"), 5: ("「A」が同じ局に2回", '“A” plays twice'),
    6: ("名簿の「E」", 'check “E”'), 8: ("席3: 日付", "seat 3: the date"),
    9: ("日付", "date"), 10: ("席2", "seat 2"), 11: ("席2", "seat 2"),
    12: ("名簿の「F」", 'check “F”'), 13: ("名簿の「G」", 'check “G”'),
    17: ("「B 」は名簿にない — 前後に余分な空白? (全角も)",
         "“B ” not in Players — a space too many?"),
}
"""Game → (text in the ja marker, text in the en marker)."""
