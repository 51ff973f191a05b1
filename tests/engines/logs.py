"""Seeded game logs (CSV) for every kind of club ledger ``import`` fills.

Several games a month among a few dozen players, dated in month order (the Tokin
ledger's monthly lists need that), so months repeat down the log as in a real club.
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

from rating_rules.shogi import TOKIN

IMPORTED = ("ledger_tokin_ja", "ledger_elo_ja", "ledger_mosaic_en", "ledger_go_ja",
            "ledger_club24_en")
"""One template of every importable ledger kind (the four-player ledger has no import)."""
GAMES, PLAYERS = 300, 40


def game_log(template: str, seed: int, games: int = GAMES, players: int = PLAYERS) -> str:
    """CSV text of ``games`` random games for the ledger ``template``."""
    rng = random.Random(seed)
    names = [f"P{i:03d}" for i in range(1, players + 1)]
    preset = template.split("_")[1]
    extra = {"tokin": ["handicap"], "mosaic": ["turn_diff"], "go": ["handicap_diff"]}
    lines = [",".join(["date", "player_a", "player_b", "result", *extra.get(preset, [])])]
    day = dt.date(2024, 1, 6)
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
        when = day + dt.timedelta(days=3 * (k // 4))
        lines.append(",".join(str(x) for x in [when.strftime("%Y/%m/%d"), a, b, result,
                                               *fields]))
    return "\n".join(lines) + "\n"


def imported_ledger(template: str, seed: int, work: Path) -> Path:
    """The ledger ``import`` makes of :func:`game_log` (with the engine's cached values)."""
    from workbook_builder.build import TEMPLATES
    from workbook_builder.importer import import_log

    log = work / f"{template}.csv"
    log.write_text(game_log(template, seed), encoding="utf-8")
    out = work / f"imported_{template}.xlsx"
    import_log(log, TEMPLATES / f"{template}.toml", out)
    return out
