"""Seeded game logs (CSV) for every kind of club ledger ``import`` fills, and the ledgers
it makes of them.

Several games a month among a few dozen players, dated in month order (the Tokin
ledger's monthly lists need that), so months repeat down the log as in a real club. The
ledger is as large as its games need (``import`` keeps 50 empty game rows and 20 empty
Players rows beyond them): the empty rows of a full-size ledger are the shipped ledgers'.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from pathlib import Path

from rating_rules.shogi import TOKIN

IMPORTED = ("ledger_tokin_ja", "ledger_elo_ja", "ledger_mosaic_en", "ledger_go_ja",
            "ledger_club24_en", "yonin_ledger_en")
"""One template of every ledger kind ``import`` fills."""
GAMES, PLAYERS = 300, 40
FOUR_PLAYER_GAMES = 100
"""A four-player game takes four rows of the ledger's log."""


def game_log(template: str, seed: int, games: int = GAMES, players: int = PLAYERS) -> str:
    """CSV text of ``games`` random games for the ledger ``template``."""
    rng = random.Random(seed)
    names = [f"P{i:03d}" for i in range(1, players + 1)]
    if template.startswith("yonin"):
        return _four_player_log(rng, names, FOUR_PLAYER_GAMES)
    preset = template.split("_")[1]
    extra = {"tokin": ["handicap"], "mosaic": ["turn_diff"], "go": ["handicap_diff"]}
    lines = [",".join(["date", "player_a", "player_b", "result", *extra.get(preset, [])])]
    for k in range(games):
        a, b = rng.sample(names, 2)
        result: object = rng.choice((1, 0))
        fields: list[object] = []
        if preset == "elo" and rng.random() < 0.1:
            result = 0.5
        if preset == "tokin":
            fields = [rng.choice([""] * 4 + [h.name for h in TOKIN.handicaps[1:4]])]
        elif preset == "mosaic":
            fields = [rng.randrange(0, 8)]
        elif preset == "go":
            fields = [rng.choice((0, 0, 1, 2, 5))]
        lines.append(",".join(str(x) for x in [_date(k // 4), a, b, result, *fields]))
    return "\n".join(lines) + "\n"


def _date(step: int) -> str:
    return (dt.date(2024, 1, 6) + dt.timedelta(days=3 * step)).strftime("%Y/%m/%d")


def _four_player_log(rng: random.Random, names: list[str], games: int) -> str:
    """One line a game: each seat's player, place and who knocked them out (the suite's
    random four-player games, :func:`tests.sheetcases.yonin_ledger.random_game`)."""
    from tests.sheetcases.yonin_ledger import random_game

    seats = range(1, 5)
    lines = [",".join(["date", *(f"{k}{i}" for i in seats
                                 for k in ("player", "place", "knocked_by"))])]
    for k in range(games):
        fields = [_date(k // 2)]
        for seat in random_game(rng, names):
            fields += [str(seat["Player"]), str(seat["Place"]), str(seat.get("KnockedBy", ""))]
        lines.append(",".join(fields))
    return "\n".join(lines) + "\n"


def imported_ledger(template: str, seed: int, work: Path) -> Path:
    """The ledger ``import`` makes of :func:`game_log` (with the engine's cached values),
    no larger than its games need."""
    from workbook_builder.build import TEMPLATES
    from workbook_builder.importer import import_log

    text = (TEMPLATES / f"{template}.toml").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^rows = \d+", "rows = 1", text)
    text = re.sub(r"(?m)^players = \d+", "players = 1", text)
    (work / f"{template}.toml").write_text(text, encoding="utf-8")
    log = work / f"{template}.csv"
    log.write_text(game_log(template, seed), encoding="utf-8")
    out = work / f"imported_{template}.xlsx"
    import_log(log, work / f"{template}.toml", out)
    return out
