"""How the LibreOffice tests fill the four-player shogi sheet: random valid games, bad games.

One game is four consecutive rows (one per seat), so every list here comes in blocks of
four. The inputs suit both shipped languages: official ranks are typed as the engine's
labels (初段, 一級 …), which both sheets accept, and Member in either language.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

SYSTEM = "yonin"
SEATS = 4
RANKS = (("五段", 5000), ("四段", 4500), ("三段", 4000), ("二段", 3500), ("初段", 2000),
         ("一級", 1800), ("二級", 1600), ("三級", 1400), ("四級", 1200), ("五級", 1000),
         ("六級", 800), ("七級", 600), ("八級", 400), ("九級", 200), ("十級", 0))
"""RULES.md §5's rank table, typed here rather than read from the engine."""
NON_MEMBER_WORDS = ("非会員", "non-member")
KANJI = "一二三四五六七八九十"


def label_in(label: str, lang: str) -> str:
    """The engine's rank label as the sheet of ``lang`` shows it (初段 → 1 dan, 十級 → 10 kyu)."""
    if lang == "ja":
        return label
    number = 1 if label[0] == "初" else KANJI.index(label[0]) + 1
    return f"{number} {'dan' if label[1] == '段' else 'kyu'}"


def _rank_of(rate: float) -> str:
    return next((label for label, low in RANKS if rate >= low), RANKS[-1][0])


def _rate(rng: random.Random) -> float:
    kind = rng.random()
    if kind < 0.15:
        return rng.randint(0, 40)  # the 0 floor
    if kind < 0.3:  # just above a rank minimum, where an official floor bites
        return rng.choice(RANKS[:-1])[1] + rng.randint(0, 12)
    if kind < 0.4:
        return rng.randint(0, 3000) + 0.5
    return rng.randint(0, 3200)


def random_finish(rng: random.Random, often: float, foul: float, rarely: float,
                  ) -> tuple[list[int], list[object]]:
    """A valid game's places and, by seat, who mated whom (a seat number) or T (trouble):
    trouble exits, with 4, 3 and 2 players left, at ``foul`` in an ``often`` share of the
    games and at ``rarely`` in the rest, enough to cover them all."""
    places = rng.sample(range(1, SEATS + 1), SEATS)
    seat_of = {p: s for s, p in enumerate(places)}
    knocked: list[object] = [None] * SEATS
    chance = foul if rng.random() < often else rarely
    for place in (4, 3, 2):
        victim = seat_of[place]
        if rng.random() < chance:
            knocked[victim] = rng.choice(("T", "t")) if place == 2 else "T"
        else:
            knocked[victim] = seat_of[rng.randint(1, place - 1)] + 1
    return places, knocked


def random_member(rng: random.Random, non_member: float, either: float) -> dict[str, object]:
    """A typed Member cell, or none: a non-member word below ``non_member`` of one draw,
    a member word below ``either``."""
    roll = rng.random()
    if roll < non_member:
        return {"Member": rng.choice(NON_MEMBER_WORDS)}
    if roll < either:
        return {"Member": rng.choice(("会員", "member"))}
    return {}


def random_game(rng: random.Random, n: int) -> list[dict[str, object]]:
    """One valid game: places, who mated whom (or T), floors, members."""
    places, knocked = random_finish(rng, 0.5, 0.3, 0.12)
    rows = []
    for s in range(SEATS):
        rate = _rate(rng)
        row: dict[str, object] = {"Player": f"P{rng.randint(0, 23)}", "Rate": rate,
                                  "Place": places[s], "KnockedBy": knocked[s]}
        roll = rng.random()
        if roll < 0.25:
            row["Official"] = _rank_of(rate)
        elif roll < 0.3:
            row["Official"] = rng.choice(RANKS)[0]
        row.update(random_member(rng, 0.15, 0.25))
        rows.append({k: v for k, v in row.items() if v is not None})
    return rows


COVERING_ROWS = 200
"""A log this long reaches every branch of the rule (:func:`random_inputs`)."""


def random_inputs(seed: int, count: int) -> list[dict[str, object]]:
    """``count`` rows of valid games (count // 4 games; a partial game is left blank).

    A log of :data:`COVERING_ROWS` rows or more (the conformance test's) is drawn again
    from the same seeded generator until it reaches every branch of
    :func:`missing_branches`, whichever seed a template gets (a new template shifts the
    seeds of those after it); a shorter log (the edit matrix's) is taken as drawn.
    """
    rng = random.Random(seed)
    for _ in range(50):
        rows: list[dict[str, object]] = []
        for n in range(count // SEATS):
            rows += random_game(rng, n)
        if count < COVERING_ROWS or not missing_branches(rows):
            return rows
    raise AssertionError(f"seed {seed}: no log of {count} rows reaches {missing_branches(rows)}")


def missing_branches(rows: list[dict[str, object]]) -> list[str]:
    """The rule's branches a log does not reach: trouble exits with 2, 3 and 4 left, a
    non-member's time-out, two fouls in one game, a floor that holds and one that is not
    there, every upset band and every knock-out value (RULES.md §5)."""
    from rating_rules.yonin import ko_pt, rate_game

    games = [rows[g:g + SEATS] for g in range(0, len(rows) - SEATS + 1, SEATS)]
    outcomes = [(row, o) for game in games for row, o in zip(
        game, rate_game([r["Rate"] for r in game], [r["Place"] for r in game],
                        [r.get("KnockedBy") for r in game],
                        floors=[r.get("Official") for r in game]), strict=True)]
    knocks = {ko_pt(game[k - 1]["Rate"], row["Rate"]) for game in games for row in game
              if isinstance(k := row.get("KnockedBy"), int)}
    reached = {
        "trouble exits at 2, 3, 4": {row["Place"] for row in rows
                                     if isinstance(row.get("KnockedBy"), str)} == {2, 3, 4},
        "a non-member's time-out": any(row.get("Member") in NON_MEMBER_WORDS
                                       and row.get("KnockedBy") == "T" for row in rows),
        "two fouls in one game": any(sum(isinstance(row.get("KnockedBy"), str)
                                         and row["Place"] > 2 for row in game) == 2
                                     for game in games),
        "a rate below 0 without a floor": any(o.raw_rate < 0 and not row.get("Official")
                                              for row, o in outcomes),
        "a floor that holds": any(o.raw_rate < o.rate and row.get("Official")
                                  for row, o in outcomes),
        "every upset band": {o.upset_pt for _, o in outcomes} >= {0, -2, -4, -6, -8, -10},
        "every knock-out value": knocks == {3, 5, 8, 12, 16, 20},
    }
    return [name for name, ok in reached.items() if not ok]


def _game(*seats: tuple) -> list[dict[str, object]]:
    keys = ("Player", "Rate", "Place", "KnockedBy", "Official", "Member")
    return [{k: v for k, v in zip(keys, seat, strict=False) if v is not None} for seat in seats]


WORKED = _game(("A", 1720, 1), ("B", 1370, 2, 1), ("C", 2005, 3, 2, "初段"), ("D", 480, 4, 1))
"""RULES.md §5: → A 1761, B 1410, C 1995 → 2000, D 470."""
TIME_OUT = _game(("A", 1720, 1), ("B", 1370, 2, 1), ("C", 2005, 3, "T", "初段"),
                 ("D", 480, 4, 1))
"""RULES.md §5: C times out while A, B, C remain → A 1767, B 1396, C 1983 → 2000, D 470."""


def _bad(seat: int, **changes: object) -> list[dict[str, object]]:
    """The worked example with ``changes`` in seat ``seat`` (None removes a value)."""
    rows = [dict(row) for row in WORKED]
    for key, value in changes.items():
        if value is None:
            rows[seat - 1].pop(key, None)
        else:
            rows[seat - 1][key] = value
    return rows


BAD_GAMES: list[list[dict[str, object]]] = [
    WORKED,                                        # 0 rated
    _bad(2, Rate="1370点"),                         # 1 rate as text
    [{}, {}, {}, {}],                              # 2 blank game in the middle
    _bad(2, Place=1, KnockedBy=None),              # 3 two players 1st
    _bad(2, KnockedBy=4),                          # 4 mated by seat 4, already out
    _bad(3, KnockedBy=3),                          # 5 knocked out by own seat
    _bad(1, KnockedBy=2),                          # 6 the winner knocked out
    _bad(1, Place=5),                              # 7 place 5
    _bad(2, KnockedBy=7),                          # 8 seat 7
    _bad(3, KnockedBy="X"),                        # 9 knocker text
    [{**WORKED[0], "Player": "=SUM(1,2)"}, *WORKED[1:3],
     {**WORKED[3], "Player": "#N/A"}],             # 10 rated: names that look like formulas
    _bad(3, Rate="=1+1"),                          # 11 pasted formula text as a rate
    _bad(3, Official="名人"),                       # 12 rank not in the table
    _bad(4, Member="guest"),                       # 13 member word
    _bad(4, Rate=None),                            # 14 rate missing, later games filled
    _bad(3, KnockedBy=None),                       # 15 knocker missing, later games filled
    _bad(2, Place=2.5),                            # 16 place 2.5
    TIME_OUT,                                      # 17 rated
    _game(("A", 900, 2, "T"), ("B", 15, 4, "T", None, "非会員"), ("C", 1210.5, 1),
          ("D", 1000, 3, 1, "五級")),               # 18 rated: T with 2 and 4 left
    _bad(1, Place="1位"),                           # 19 place as text
    _bad(4, Official="1級"),                        # 20 the engine's alias, not in the list
    _game(("A", 1720), ("B", 1370), ("C",), ("D",)),  # 21 the game being typed
]
BAD_ROWS: list[dict[str, object]] = [row for game in BAD_GAMES for row in game]
BAD_RATED = (0, 10, 17, 18)
BAD_QUIET = (2,)
"""Games that show nothing: blank."""
BAD_INCOMPLETE = (14, 15, 21)
"""Half-typed games, in the log and the last one being typed: marked, no ⚠."""
BAD_FLAGGED = {
    1: ("席2", "seat 2"), 3: ("順位", "places"), 4: ("席2", "seat 2"), 5: ("席3", "seat 3"),
    6: ("席1", "seat 1"), 7: ("席1", "seat 1"), 8: ("席2", "seat 2"), 9: ("席3", "seat 3"),
    11: ("席3", "seat 3"), 12: ("席3", "seat 3"), 13: ("席4", "seat 4"), 16: ("席2", "seat 2"),
    19: ("席1", "seat 1"), 20: ("席4", "seat 4"),
}
"""Game → (word in the ja marker, word in the en marker)."""


def assert_games_marked(status: list[object], shown: dict[str, list[object]], lang: str,
                        flagged: dict[int, tuple[str, str]], incomplete: Iterable[int],
                        quiet: Iterable[int]) -> None:
    """Bad games, four rows each: a flagged game's every row says ⚠ and names the field
    (``flagged``: game → its word in ja and en), an incomplete game's every row says so;
    neither shows any of ``shown`` (column key → values), and a quiet game shows nothing."""
    from tests.sheetcases import assert_incomplete

    def rows(game: int) -> range:
        return range(game * SEATS, (game + 1) * SEATS)

    def nothing_shown(i: int) -> bool:
        return all(values[i] in (None, "") for values in shown.values())

    for game, words in flagged.items():
        word = words[0] if lang == "ja" else words[1]
        for i in rows(game):
            message = str(status[i])
            assert message.startswith("⚠") and word in message, f"game {game}: {message!r}"
            assert nothing_shown(i), f"game {game} row {i}"
    for game in incomplete:
        for i in rows(game):
            assert_incomplete(status[i], lang, f"game {game}")
            assert nothing_shown(i), f"game {game} row {i}"
    for game in quiet:
        for i in rows(game):
            assert status[i] in (None, "") and nothing_shown(i), f"game {game}"

